// Dead block arguments are dropped with the operands branches pass them, keeping the ops' operand
// groups true: cf.cond_br's operandSegmentSizes, and cf.switch's case_operand_segments as well
// (the IR verifies after the pass). Expected: mlir-opt-19 --canonicalize.
// RUN: %spvkit opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize))' %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT:   func.func @switch_dead_args(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT:     cf.switch %arg0 : i32, [
// CHECK-NEXT:       default: ^bb1,
// CHECK-NEXT:       42: ^bb2(%arg1 : i32),
// CHECK-NEXT:       43: ^bb3
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "test.use"() : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb2(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb3:  // pred: ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cond_br_dead_args(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%arg2 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.use"(%0) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.use"(%1) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "cf.switch"(%{{.*}}, %{{.*}})[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[42, 43]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
// GENERIC: "cf.cond_br"(%arg0, %arg2, %arg2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()

func.func @switch_dead_args(%flag: i32, %a: i32, %b: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2(%b, %a : i32, i32),
    43: ^bb3
  ]
^bb1(%x: i32):
  "test.use"() : () -> ()
  return
^bb2(%y: i32, %z: i32):
  "test.use"(%z) : (i32) -> ()
  return
^bb3:
  return
}

func.func @cond_br_dead_args(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  "test.use"(%y) : (i32) -> ()
  return
^bb2(%u: i32, %v: i32):
  "test.use"(%u) : (i32) -> ()
  return
}
