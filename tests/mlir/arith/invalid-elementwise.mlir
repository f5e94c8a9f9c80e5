// Elementwise ops: vector operands call for vector results of one kind and shape (MLIR's
// verifyElementwise; found by MLIR's Arith/invalid.mlir), with mlir-opt-19's messages. The last
// piece is valid: a scalar beside vectors (select's condition) is not compared.
// RUN: not %spvkit opt --split-input-file %s 2>&1 | FileCheck %s

// -----

func.func @scalar_result(%a: vector<8xi32>) {
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, i1
  return
}
// CHECK: :4:10: error: 'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar

// -----

func.func @other_kind(%a: vector<8xi32>) {
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, tensor<8xi1>
  return
}
// CHECK: :4:10: error: 'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type

// -----

func.func @scalar_condition(%c: i1, %a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %r = arith.select %c, %a, %b : vector<4xf32>
  return %r : vector<4xf32>
}
// CHECK: func.func @scalar_condition
// CHECK-NEXT: arith.select %arg0, %arg1, %arg2 : vector<4xf32>
