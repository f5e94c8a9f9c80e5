// Errors of the custom-op parser API (keywords, integers) are reported through the op, as
// MLIR's OpAsmParser reports them (found by MLIR's ControlFlow/invalid.mlir).
// RUN: not %spvkit opt --split-input-file %s 2>&1 | FileCheck %s

// -----

func.func @missing_value(%flag : i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    : ^bb1
  ]
^bb1:
  return
}
// CHECK: :6:5: error: custom op 'cf.switch' expected integer value

// -----

func.func @missing_default(%flag : i32) {
  cf.switch %flag : i32, [
    45: ^bb1
  ]
^bb1:
  return
}
// CHECK: :5:5: error: custom op 'cf.switch' expected 'default'

// -----

func.func @too_large(%flag : i128) {
  cf.switch %flag : i128, [
    default: ^bb1,
    -170141183460469231731687303715884105729: ^bb1
  ]
^bb1:
  return
}
// CHECK: :6:5: error: custom op 'cf.switch' integer value too large
