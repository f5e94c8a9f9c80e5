// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// ORACLE: skip (mlir-opt-19 prints each affine map as an alias above the module, `#map1 = affine_map<(d0, d1) -> (d1, d0)>`, and `permutation_map = #map1` in the op; spvkit writes the map in place, as it does for memref layouts: its printer has no MLIR alias names yet. mlir-opt-19 reads spvkit's text as it reads this file)
// Transfers with a permutation_map that is not the minor identity (transposes, broadcasts, the 0-D
// special case): the CHECK lines are mlir-opt-19's with the maps written in place.



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

