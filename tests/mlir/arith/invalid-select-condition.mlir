// RUN: not %spvkit opt %s 2>&1 | FileCheck %s
// A vector condition with a scalar result. mlir-opt-19 crashes here (SelectOp::verifyInvariantsImpl
// takes the shape of the i32 result); the condition fails the op's BooleanConditionOrMatchingShape
// predicate, whose message spvkit gives.
// CHECK: invalid-select-condition.mlir:[[# @LINE + 2]]:8: error: 'arith.select' op failed to verify that condition is signless i1 or has matching shape
func.func @f(%c: vector<4xi1>, %a: i32) {
  %0 = arith.select %c, %a, %a : vector<4xi1>, i32
  return
}
