// Invalid func IR: each piece below is rejected with mlir-opt-19's located message (lines are
// piece-relative, as --split-input-file reports them; each piece's checks follow its code).
// RUN: not %spvkit opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// -----

func.func @f() -> i32 {
  %0 = "xt.v"() : () -> i32
  return %0, %0 : i32, i32
}
// CHECK: :5:3: error: 'func.return' op has 2 operands, but enclosing function (@f) returns 1

// -----

func.func @f() -> i32 {
  %0 = "xt.v"() : () -> i64
  return %0 : i64
}
// CHECK: :5:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f

// -----

func.func @f() {
  %0 = call @foo() : () -> i32
  return
}
// CHECK: :4:8: error: 'func.call' op 'foo' does not reference a valid function

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i64) {
  %0 = call @g(%a) : (i64) -> i32
  return
}
// CHECK: :5:8: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  %0 = call @g(%a, %a) : (i32, i32) -> i32
  return
}
// CHECK: :5:8: error: 'func.call' op incorrect number of operands for callee

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  %0 = call @g(%a) : (i32) -> f32
  return
}
// CHECK: :5:8: error: 'func.call' op result type mismatch at index 0
// CHECK: :5:8: note:       op result types: 'f32'
// CHECK: :5:8: note: function result types: 'i32'

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  call @g(%a) : (i32) -> ()
  return
}
// CHECK: :5:3: error: 'func.call' op incorrect number of results for callee

// -----

func.func @g(i32) -> i32
// CHECK: :3:1: error: 'func.func' op symbol declaration cannot have public visibility

// -----

func.func private @g(i32) -> i32
func.func @f() {
  %0 = constant @g : (i64) -> i32
  return
}
// CHECK: :5:8: error: 'func.constant' op reference to function with mismatched type

// -----

func.func @f() {
  %0 = constant @nope : (i64) -> i32
  return
}
// CHECK: :4:8: error: 'func.constant' op reference to undefined function 'nope'

// -----

func.func @f(%a: i32) {
  ^bb0(%b: i64):
  return
}
// CHECK: :4:3: error: invalid block name in region with named arguments

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()
// CHECK: :3:1: error: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()
// CHECK: :3:1: error: 'func.func' op entry block must have 1 arguments to match function signature

// -----

"func.return"() : () -> ()
// CHECK: :3:1: error: 'func.return' op expects parent op 'func.func'

// -----

func.func @f(%a: i32, %fn: (i32) -> i32) {
  %0 = "func.call_indirect"(%fn, %a, %a) : ((i32) -> i32, i32, i32) -> i32
  return
}
// CHECK: :4:8: error: 'func.call_indirect' op failed to verify that callee input types match argument types

// -----

func.func @f(%a: i32, %fn: (i32) -> i32) {
  %0 = "func.call_indirect"(%fn, %a) : ((i32) -> i32, i32) -> f32
  return
}
// CHECK: :4:8: error: 'func.call_indirect' op failed to verify that callee result types match result types

// -----

func.func @f(%a: i32, %fn: (i32) -> i32) {
  %0 = call_indirect %fn(%a, %a) : (i32) -> i32
  return
}
// CHECK: :4:26: error: custom op 'func.call_indirect' 2 operands present, but expected 1

// -----

func.func @f() {
  foo
}
// CHECK: :4:3: error: custom op 'foo' is unknown (tried 'func.foo' as well)

// -----

"func.func"() <{function_type = () -> (), sym_name = "f", arg_attrs = [{}]}> ({
  "func.return"() : () -> ()
}) : () -> ()
// CHECK: :3:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 0

// -----

"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "bad"}> ({
  "func.return"() : () -> ()
}) : () -> ()
// CHECK: :3:1: error: 'func.func' op visibility expected to be one of {{\[}}"public", "private", "nested"], but got "bad"

// -----

func.func @f() {
}
// CHECK: :3:16: error: custom op 'func.func' expected non-empty function body

// -----

func.func @bad(%arg0: i32 loc(#nowhere)) {
  return
}
// CHECK: :3:31: error: operation location alias was never defined

// -----

// Argument and result attributes must be dialect attributes (a name with a dot).
func.func private @arg_attr(i1 {plain = 10})
// CHECK: :4:1: error: 'func.func' op arguments may only have dialect attributes

// -----

func.func private @res_attr() -> (i1 {plain = 10})
// CHECK: :3:1: error: 'func.func' op results may only have dialect attributes

// -----

// Named and unnamed arguments do not mix; MLIR says it as the custom op.
func.func @mixed(%a : i32,
                 f32) -> () {
  return
}
// CHECK: :5:18: error: custom op 'func.func' expected SSA identifier

// -----

func.func @mixed2(f32,
                  %a : i32) -> () {
  return
}
// CHECK: :4:19: error: custom op 'func.func' expected type instead of SSA identifier

// -----

// A symbol's first character is checked where it is, after the '@'.
func.func @$bad()
// CHECK: :4:12: error: @ identifier expected to start with letter or '_'

// -----

// Unnamed arguments named by the entry block must have the signature's types.
func.func @mismatch(i32) {
^bb0(%0: i64):
  return
}
// CHECK: :4:1: error: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')

// -----

// A block without a terminator is reported at its last op, in MLIR's words.
func.func @no_terminator() {
  %0 = arith.constant 0 : i32
}
// CHECK: :5:8: error: block with no terminator, has %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32

// -----

// The ops of a block are verified before the block's terminator is checked (MLIR checks it on
// leaving the block).
func.func @nested_first() {
  scf.while : () -> () {
    "xt.other_terminator"() : () -> ()
  } do {
    scf.yield
  }
}
// CHECK: :6:3: error: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'
