// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// ORACLE: skip (mlir-opt-19 prints each affine map as an alias above the module, `#map1 = affine_map<(d0, d1) -> (d1, d0)>`, and `permutation_map = #map1` in the op; spvkit writes the map in place, as it does for memref layouts: its printer has no MLIR alias names yet. mlir-opt-19 reads spvkit's text as it reads this file)
// Transfers with a permutation_map that is not the minor identity (transposes, broadcasts, the 0-D
// special case), and what canonicalize makes of their in_bounds (CANON): the CHECK lines are
// mlir-opt-19's with the maps written in place.



// CHECK-LABEL: func.func @transfer_maps(%arg0: memref<?x?xf32>, %arg1: memref<?x?x?x?xf32>, %arg2: memref<?x?xvector<4x3xf32>>, %arg3: tensor<?x?xf32>, %arg4: tensor<?x?xvector<4x3xf32>>, %arg5: memref<f32>, %arg6: tensor<f32>, %arg7: index, %arg8: f32, %arg9: vector<4x3xf32>, %arg10: vector<5x4xi1>, %arg11: vector<128xi1>) {
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg7, %arg7], %arg8 {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%arg7, %arg7], %arg8 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x5xf32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%arg7, %arg7], %arg8 {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT: %3 = vector.transfer_read %arg0[%arg7, %arg7], %arg8, %arg10 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x5xf32>
// CHECK-NEXT: %4 = vector.transfer_read %arg1[%arg7, %arg7, %arg7, %arg7], %arg8 {in_bounds = [false, true, false], permutation_map = affine_map<(d0, d1, d2, d3) -> (d2, 0, d0)>} : memref<?x?x?x?xf32>, vector<3x4x5xf32>
// CHECK-NEXT: %5 = vector.transfer_read %arg6[], %arg8 {in_bounds = [true], permutation_map = affine_map<() -> (0)>} : tensor<f32>, vector<1xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg0[%arg7, %arg7] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<128xf32>, memref<?x?xf32>
// CHECK-NEXT: vector.transfer_write %1, %arg0[%arg7, %arg7], %arg10 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x5xf32>, memref<?x?xf32>
// CHECK-NEXT: return
func.func @transfer_maps(%m: memref<?x?xf32>, %m3: memref<?x?x?x?xf32>, %mv: memref<?x?xvector<4x3xf32>>, %t: tensor<?x?xf32>, %tv: tensor<?x?xvector<4x3xf32>>, %m0: memref<f32>, %t0: tensor<f32>, %i: index, %f: f32, %vf: vector<4x3xf32>, %k: vector<5x4xi1>, %k1: vector<128xi1>) {
  %1 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<128xf32>
  %2 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x5xf32>
  %3 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x?xf32>, vector<128xf32>
  %4 = vector.transfer_read %m[%i, %i], %f, %k {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x5xf32>
  %6 = vector.transfer_read %m3[%i, %i, %i, %i], %f {in_bounds = [false, true, false], permutation_map = affine_map<(d0, d1, d2, d3) -> (d2, 0, d0)>} : memref<?x?x?x?xf32>, vector<3x4x5xf32>
  %11 = vector.transfer_read %t0[], %f {in_bounds = [true], permutation_map = affine_map<() -> (0)>} : tensor<f32>, vector<1xf32>
  vector.transfer_write %1, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<128xf32>, memref<?x?xf32>
  vector.transfer_write %2, %m[%i, %i], %k {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x5xf32>, memref<?x?xf32>
  return
}

// CANON-LABEL: func.func @xfer(%arg0: memref<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: f32, %arg3: vector<4x2xf32>) -> (vector<2x4xf32>, vector<4x3xf32>, tensor<4x8xf32>) {
// CANON-NEXT: %c0 = arith.constant 0 : index
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: %0 = vector.transfer_read %arg0[%c1, %c0], %arg2 {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<2x4xf32>
// CANON-NEXT: %1 = vector.transfer_read %arg0[%c0, %c1], %arg2 {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<4x3xf32>
// CANON-NEXT: %2 = vector.transfer_write %arg3, %arg1[%c0, %c0] {in_bounds = [true, true]} : vector<4x2xf32>, tensor<4x8xf32>
// CANON-NEXT: return %0, %1, %2 : vector<2x4xf32>, vector<4x3xf32>, tensor<4x8xf32>
func.func @xfer(%m: memref<4x8xf32>, %t: tensor<4x8xf32>, %f: f32, %v: vector<4x2xf32>) -> (vector<2x4xf32>, vector<4x3xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = vector.transfer_read %m[%c1, %c0], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<2x4xf32>
  %1 = vector.transfer_read %m[%c0, %c1], %f {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<4x3xf32>
  %2 = vector.transfer_write %v, %t[%c0, %c0] : vector<4x2xf32>, tensor<4x8xf32>
  %z = vector.transfer_read %m[%c0, %c0], %f : memref<4x8xf32>, vector<f32>
  return %0, %1, %2 : vector<2x4xf32>, vector<4x3xf32>, tensor<4x8xf32>
}
