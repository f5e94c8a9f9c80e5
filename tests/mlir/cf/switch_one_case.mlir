// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt --mlir-print-op-generic | FileCheck %s

// Dense elements that are all equal are a splat however they are made: cf.switch's parser
// builds its case values, and one case (or equal ones) prints as mlir-opt-19 prints it.

// CHECK: case_values = dense<5> : vector<1xi8>
// CHECK: case_values = dense<7> : vector<2xi8>
// CHECK: case_values = dense<[1, 2]> : vector<2xi8>
func.func @one(%f: i8) {
  cf.switch %f : i8, [default: ^bb1, 5: ^bb1]
^bb1:
  return
}
func.func @equal(%f: i8) {
  cf.switch %f : i8, [default: ^bb1, 7: ^bb1, 7: ^bb1]
^bb1:
  return
}
func.func @two(%f: i8) {
  cf.switch %f : i8, [default: ^bb1, 1: ^bb1, 2: ^bb1]
^bb1:
  return
}
