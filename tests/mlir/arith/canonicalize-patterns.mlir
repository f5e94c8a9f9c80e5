// RUN: %spvkit opt %s --canonicalize | FileCheck %s
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// arith's canonicalization patterns under canonicalize: constant reassociation of addi/subi/muli
// with their overflow flags merged (or dropped where MLIR 19 drops them), addi of muli by -1,
// subi(subi(a, b), a), mulsi_extended by one, and cmpf of an integer conversion against a
// constant (CmpFIntToFPConst: exact, fractional, out-of-range and lossy cases). CHECK lines:
// mlir-opt-19 --canonicalize.

func.func @addi_addi(%x: i32) -> (i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c5 overflow<nsw> : i32
  %2 = arith.addi %x, %c3 : i32
  %3 = arith.addi %2, %c5 overflow<nuw> : i32
  %4 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %5 = arith.addi %4, %c5 overflow<nsw, nuw> : i32
  return %1, %3, %5 : i32, i32, i32
}
func.func @addi_subi(%x: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.subi %x, %c3 overflow<nsw> : i32
  %1 = arith.addi %0, %c5 overflow<nsw> : i32
  %2 = arith.subi %c3, %x overflow<nuw> : i32
  %3 = arith.addi %2, %c5 overflow<nsw, nuw> : i32
  return %1, %3 : i32, i32
}
func.func @addi_muli_neg(%x: i32, %y: i32) -> (i32, i32) {
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %y, %m1 overflow<nsw> : i32
  %1 = arith.addi %x, %0 overflow<nsw> : i32
  %2 = arith.muli %x, %m1 : i32
  %3 = arith.addi %2, %y : i32
  return %1, %3 : i32, i32
}
func.func @addi_muli_neg_vec(%x: vector<4xi8>, %y: vector<4xi8>) -> vector<4xi8> {
  %m1 = arith.constant dense<-1> : vector<4xi8>
  %0 = arith.muli %y, %m1 : vector<4xi8>
  %1 = arith.addi %x, %0 : vector<4xi8>
  return %1 : vector<4xi8>
}
func.func @muli_muli(%x: i32, %i: index) -> (i32, index) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.muli %x, %c3 overflow<nsw, nuw> : i32
  %1 = arith.muli %0, %c5 overflow<nuw> : i32
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %2 = arith.muli %i, %c7 : index
  %3 = arith.muli %2, %c9 : index
  return %1, %3 : i32, index
}
func.func @subi_addi(%x: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 overflow<nsw> : i32
  %1 = arith.subi %0, %c5 overflow<nsw> : i32
  %2 = arith.addi %x, %c3 overflow<nuw> : i32
  %3 = arith.subi %c5, %2 overflow<nuw> : i32
  return %1, %3 : i32, i32
}
func.func @subi_subi(%x: i32) -> (i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.subi %x, %c3 overflow<nsw> : i32
  %1 = arith.subi %0, %c5 overflow<nsw> : i32
  %2 = arith.subi %c3, %x overflow<nuw> : i32
  %3 = arith.subi %2, %c5 overflow<nuw> : i32
  %4 = arith.subi %x, %c3 overflow<nsw, nuw> : i32
  %5 = arith.subi %c5, %4 overflow<nsw> : i32
  %6 = arith.subi %c3, %x : i32
  %7 = arith.subi %c5, %6 : i32
  return %1, %3, %5, %7 : i32, i32, i32, i32
}
func.func @subi_subi_same(%a: i32, %b: i32, %v: vector<2xi16>, %w: vector<2xi16>) -> (i32, vector<2xi16>) {
  %0 = arith.subi %a, %b overflow<nsw> : i32
  %1 = arith.subi %0, %a overflow<nsw> : i32
  %2 = arith.subi %v, %w : vector<2xi16>
  %3 = arith.subi %2, %v : vector<2xi16>
  return %1, %3 : i32, vector<2xi16>
}
func.func @wrap(%x: i8) -> (i8, i8) {
  %c100 = arith.constant 100 : i8
  %c120 = arith.constant 120 : i8
  %0 = arith.addi %x, %c100 : i8
  %1 = arith.addi %0, %c120 : i8
  %2 = arith.muli %x, %c100 : i8
  %3 = arith.muli %2, %c120 : i8
  return %1, %3 : i8, i8
}
func.func @vec_no(%x: vector<4xi32>) -> vector<4xi32> {
  %c3 = arith.constant dense<3> : vector<4xi32>
  %c5 = arith.constant dense<5> : vector<4xi32>
  %0 = arith.addi %x, %c3 : vector<4xi32>
  %1 = arith.addi %0, %c5 : vector<4xi32>
  return %1 : vector<4xi32>
}
func.func @mulsi_one(%x: i32, %v: vector<3xi64>) -> (i32, i32, vector<3xi64>, vector<3xi64>) {
  %c1 = arith.constant 1 : i32
  %low, %high = arith.mulsi_extended %x, %c1 : i32
  %c1v = arith.constant dense<1> : vector<3xi64>
  %l2, %h2 = arith.mulsi_extended %c1v, %v : vector<3xi64>
  return %low, %high, %l2, %h2 : i32, i32, vector<3xi64>, vector<3xi64>
}
func.func @mulsi_one_i1(%x: i1) -> (i1, i1) {
  %c1 = arith.constant true
  %low, %high = arith.mulsi_extended %x, %c1 : i1
  return %low, %high : i1, i1
}
func.func @cmpf_sitofp(%x: i32) -> (i1, i1, i1, i1, i1, i1, i1) {
  %c = arith.constant 4.5 : f32
  %f = arith.sitofp %x : i32 to f32
  %0 = arith.cmpf oeq, %f, %c : f32
  %1 = arith.cmpf une, %f, %c : f32
  %2 = arith.cmpf olt, %f, %c : f32
  %3 = arith.cmpf uge, %f, %c : f32
  %4 = arith.cmpf ord, %f, %c : f32
  %5 = arith.cmpf uno, %f, %c : f32
  %6 = arith.cmpf ogt, %f, %c : f32
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, i1
}
func.func @cmpf_uitofp(%x: i8) -> (i1, i1, i1, i1, i1) {
  %m = arith.constant -4.5 : f32
  %big = arith.constant 300.0 : f32
  %four = arith.constant 4.0 : f32
  %f = arith.uitofp %x : i8 to f32
  %0 = arith.cmpf ult, %f, %m : f32
  %1 = arith.cmpf ugt, %f, %m : f32
  %2 = arith.cmpf olt, %f, %big : f32
  %3 = arith.cmpf oge, %f, %big : f32
  %4 = arith.cmpf ole, %f, %four : f32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}
func.func @cmpf_lossy(%x: i64, %y: i32) -> (i1, i1, i1) {
  %c = arith.constant 1.0e10 : f32
  %small = arith.constant 100.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %f = arith.sitofp %x : i64 to f32
  %g = arith.sitofp %y : i32 to f32
  %0 = arith.cmpf olt, %f, %c : f32
  %1 = arith.cmpf olt, %f, %small : f32
  %2 = arith.cmpf olt, %g, %inf : f32
  return %0, %1, %2 : i1, i1, i1
}
func.func @cmpf_bf16(%x: i8) -> (i1, i1) {
  %c = arith.constant 3.0e38 : bf16
  %h = arith.constant 100.5 : bf16
  %f = arith.sitofp %x : i8 to bf16
  %0 = arith.cmpf ogt, %f, %c : bf16
  %1 = arith.cmpf oge, %f, %h : bf16
  return %0, %1 : i1, i1
}

// CHECK-LABEL: func.func @addi_addi(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %c8_i32 : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %c8_i32 overflow<nsw, nuw> : i32
// CHECK-NEXT: return %0, %1, %2 : i32, i32, i32
// CHECK-LABEL: func.func @addi_subi(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c2_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.subi %c8_i32, %arg0 overflow<nuw> : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-LABEL: func.func @addi_muli_neg(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-LABEL: func.func @addi_muli_neg_vec(%arg0: vector<4xi8>, %arg1: vector<4xi8>) -> vector<4xi8> {
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : vector<4xi8>
// CHECK-NEXT: return %0 : vector<4xi8>
// CHECK-LABEL: func.func @muli_muli(%arg0: i32, %arg1: index) -> (i32, index) {
// CHECK-NEXT: %c63 = arith.constant 63 : index
// CHECK-NEXT: %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c15_i32 overflow<nuw> : i32
// CHECK-NEXT: %1 = arith.muli %arg1, %c63 : index
// CHECK-NEXT: return %0, %1 : i32, index
// CHECK-LABEL: func.func @subi_addi(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c-2_i32 : i32
// CHECK-NEXT: %1 = arith.subi %c2_i32, %arg0 overflow<nuw> : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-LABEL: func.func @subi_subi(%arg0: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %0 = arith.subi %arg0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.subi %c-2_i32, %arg0 overflow<nuw> : i32
// CHECK-NEXT: %2 = arith.subi %c8_i32, %arg0 overflow<nsw> : i32
// CHECK-NEXT: %3 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3 : i32, i32, i32, i32
// CHECK-LABEL: func.func @subi_subi_same(%arg0: i32, %arg1: i32, %arg2: vector<2xi16>, %arg3: vector<2xi16>) -> (i32, vector<2xi16>) {
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<2xi16>
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.subi %c0_i32, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.subi %cst, %arg3 : vector<2xi16>
// CHECK-NEXT: return %0, %1 : i32, vector<2xi16>
// CHECK-LABEL: func.func @wrap(%arg0: i8) -> (i8, i8) {
// CHECK-NEXT: %c-32_i8 = arith.constant -32 : i8
// CHECK-NEXT: %c-36_i8 = arith.constant -36 : i8
// CHECK-NEXT: %0 = arith.addi %arg0, %c-36_i8 : i8
// CHECK-NEXT: %1 = arith.muli %arg0, %c-32_i8 : i8
// CHECK-NEXT: return %0, %1 : i8, i8
// CHECK-LABEL: func.func @vec_no(%arg0: vector<4xi32>) -> vector<4xi32> {
// CHECK-NEXT: %cst = arith.constant dense<3> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<5> : vector<4xi32>
// CHECK-NEXT: %0 = arith.addi %arg0, %cst : vector<4xi32>
// CHECK-NEXT: %1 = arith.addi %0, %cst_0 : vector<4xi32>
// CHECK-NEXT: return %1 : vector<4xi32>
// CHECK-LABEL: func.func @mulsi_one(%arg0: i32, %arg1: vector<3xi64>) -> (i32, i32, vector<3xi64>, vector<3xi64>) {
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<3xi64>
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.extsi %0 : i1 to i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg1, %cst : vector<3xi64>
// CHECK-NEXT: %3 = arith.extsi %2 : vector<3xi1> to vector<3xi64>
// CHECK-NEXT: return %arg0, %1, %arg1, %3 : i32, i32, vector<3xi64>, vector<3xi64>
// CHECK-LABEL: func.func @mulsi_one_i1(%arg0: i1) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %true : i1
// CHECK-NEXT: return %low, %high : i1, i1
// CHECK-LABEL: func.func @cmpf_sitofp(%arg0: i32) -> (i1, i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %0 = arith.cmpi sle, %arg0, %c4_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi sgt, %arg0, %c4_i32 : i32
// CHECK-NEXT: %2 = arith.cmpi sgt, %arg0, %c4_i32 : i32
// CHECK-NEXT: return %false, %true, %0, %1, %true, %false, %2 : i1, i1, i1, i1, i1, i1, i1
// CHECK-LABEL: func.func @cmpf_uitofp(%arg0: i8) -> (i1, i1, i1, i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: %0 = arith.cmpi ule, %arg0, %c4_i8 : i8
// CHECK-NEXT: return %false, %true, %true, %false, %0 : i1, i1, i1, i1, i1
// CHECK-LABEL: func.func @cmpf_lossy(%arg0: i64, %arg1: i32) -> (i1, i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c100_i64 = arith.constant 100 : i64
// CHECK-NEXT: %cst = arith.constant 1.000000e+10 : f32
// CHECK-NEXT: %0 = arith.sitofp %arg0 : i64 to f32
// CHECK-NEXT: %1 = arith.cmpf olt, %0, %cst : f32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %c100_i64 : i64
// CHECK-NEXT: return %1, %2, %true : i1, i1, i1
// CHECK-LABEL: func.func @cmpf_bf16(%arg0: i8) -> (i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c100_i8 = arith.constant 100 : i8
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c100_i8 : i8
// CHECK-NEXT: return %false, %0 : i1, i1
