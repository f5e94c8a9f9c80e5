// func.func (visibility, argument and result attributes, declarations, `attributes`, function
// results), call, call_indirect, constant and return in custom and generic form: the CHECK lines
// are mlir-opt-19's output.
// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt --allow-unregistered-dialect --mlir-print-op-generic %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s

// CHECK: module {
// CHECK-NEXT:   func.func private @decl(i32, f32 {test.a}) -> (i32 {test.r = 1 : i64}, f32)
// CHECK-NEXT:   func.func @vis() attributes {foo = 1 : i64} {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func nested @nest(%arg0: i32 {test.na}, %arg1: f32) -> (i32, f32) attributes {sym_visibility_x} {
// CHECK-NEXT:     %0:2 = call @decl(%arg0, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     %f = constant @decl : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     %f_0 = constant @vis : () -> ()
// CHECK-NEXT:     %1:2 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     call_indirect %f_0() : () -> ()
// CHECK-NEXT:     %2:2 = call @decl(%arg0, %arg1) {no_inline} : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     return %0#0, %1#1 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @one(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @oner(%arg0: i32) -> (i32 {test.x}) {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @blocks(%arg0: i1) {
// CHECK-NEXT:     "xt.br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @ft() -> ((i32) -> i32) {
// CHECK-NEXT:     %f = constant @one : (i32) -> i32
// CHECK-NEXT:     return %f : (i32) -> i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{arg_attrs = [{}, {test.a}], function_type = (i32, f32) -> (i32, f32), res_attrs = [{test.r = 1 : i64}, {}], sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "vis"}> ({
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) {foo = 1 : i64} : () -> ()
// GENERIC-NEXT:   "func.func"() <{arg_attrs = [{test.na}, {}], function_type = (i32, f32) -> (i32, f32), sym_name = "nest", sym_visibility = "nested"}> ({
// GENERIC-NEXT:   ^bb0(%arg3: i32, %arg4: f32):
// GENERIC-NEXT:     %1:2 = "func.call"(%arg3, %arg4) <{callee = @decl}> : (i32, f32) -> (i32, f32)
// GENERIC-NEXT:     %2 = "func.constant"() <{value = @decl}> : () -> ((i32, f32) -> (i32, f32))
// GENERIC-NEXT:     %3 = "func.constant"() <{value = @vis}> : () -> (() -> ())
// GENERIC-NEXT:     %4:2 = "func.call_indirect"(%2, %arg3, %arg4) : ((i32, f32) -> (i32, f32), i32, f32) -> (i32, f32)
// GENERIC-NEXT:     "func.call_indirect"(%3) : (() -> ()) -> ()
// GENERIC-NEXT:     %5:2 = "func.call"(%arg3, %arg4) <{callee = @decl}> {no_inline} : (i32, f32) -> (i32, f32)
// GENERIC-NEXT:     "func.return"(%1#0, %4#1) : (i32, f32) -> ()
// GENERIC-NEXT:   }) {sym_visibility_x} : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "one"}> ({
// GENERIC-NEXT:   ^bb0(%arg2: i32):
// GENERIC-NEXT:     "func.return"(%arg2) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> i32, res_attrs = [{test.x}], sym_name = "oner"}> ({
// GENERIC-NEXT:   ^bb0(%arg1: i32):
// GENERIC-NEXT:     "func.return"(%arg1) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i1) -> (), sym_name = "blocks"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i1):
// GENERIC-NEXT:     "xt.br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// GENERIC-NEXT:   ^bb1:  // pred: ^bb0
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   ^bb2:  // pred: ^bb0
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "ft"}> ({
// GENERIC-NEXT:     %0 = "func.constant"() <{value = @one}> : () -> ((i32) -> i32)
// GENERIC-NEXT:     "func.return"(%0) : ((i32) -> i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func private @decl(i32, f32 {test.a}) -> (i32 {test.r = 1}, f32)
func.func @vis() attributes {foo = 1} {
  return
}
func.func nested @nest(%a: i32 {test.na}, %b: f32) -> (i32, f32) attributes {sym_visibility_x} {
  %0:2 = call @decl(%a, %b) : (i32, f32) -> (i32, f32)
  %f = constant @decl : (i32, f32) -> (i32, f32)
  %g = func.constant @vis : () -> ()
  %1:2 = call_indirect %f(%a, %b) : (i32, f32) -> (i32, f32)
  call_indirect %g() : () -> ()
  %2:2 = call @decl(%a, %b) {no_inline} : (i32, f32) -> (i32, f32)
  return %0#0, %1#1 : i32, f32
}
func.func @one(%a: i32) -> i32 {
  return %a : i32
}
func.func @oner(%a: i32) -> (i32 {test.x}) {
  return %a : i32
}
func.func @blocks(%a: i1) {
  "xt.br"(%a)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  return
^bb2:
  return
}
func.func @ft() -> ((i32) -> i32) {
  %f = constant @one : (i32) -> i32
  return %f : (i32) -> i32
}
