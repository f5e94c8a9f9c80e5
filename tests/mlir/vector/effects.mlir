// RUN: %spvkit opt %s --canonicalize --cse | FileCheck %s
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s
// The transfers' memory effects are MLIR's (MemoryEffectsOpInterface done by the op): they read
// or write a memref, and have none on a tensor, so an unused transfer_write of a tensor goes and
// two reads of one tensor merge, while a read after a write to the memref stays. CHECK lines:
// mlir-opt-19 --canonicalize --cse.



// CHECK-LABEL: func.func @dead_transfer_op(%arg0: tensor<4x4xf32>, %arg1: memref<4x4xf32>, %arg2: vector<1x4xf32>) {
// CHECK-NEXT: return
func.func @dead_transfer_op(%arg0 : tensor<4x4xf32>, %arg1 : memref<4x4xf32>,
                       %v0 : vector<1x4xf32>) {
  %c0 = arith.constant 0 : index
  %cf0 = arith.constant 0.0 : f32
  %r = vector.transfer_read %arg1[%c0, %c0], %cf0 :
    memref<4x4xf32>, vector<1x4xf32>
  %w = vector.transfer_write %v0, %arg0[%c0, %c0] :
    vector<1x4xf32>, tensor<4x4xf32>
  return
}

// CHECK-LABEL: func.func @cse(%arg0: tensor<4x4xf32>, %arg1: memref<4x4xf32>, %arg2: index, %arg3: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg2, %arg2], %cst : tensor<4x4xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%arg2, %arg2], %cst : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: vector.transfer_write %arg3, %arg1[%arg2, %arg2] : vector<4xf32>, memref<4x4xf32>
// CHECK-NEXT: %2 = vector.transfer_read %arg1[%arg2, %arg2], %cst : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: return %0, %0, %1, %2 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
func.func @cse(%t : tensor<4x4xf32>, %m : memref<4x4xf32>, %i: index, %v: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %cf0 = arith.constant 0.0 : f32
  %0 = vector.transfer_read %t[%i, %i], %cf0 : tensor<4x4xf32>, vector<4xf32>
  %1 = vector.transfer_read %t[%i, %i], %cf0 : tensor<4x4xf32>, vector<4xf32>
  %2 = vector.transfer_read %m[%i, %i], %cf0 : memref<4x4xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<4x4xf32>
  %3 = vector.transfer_read %m[%i, %i], %cf0 : memref<4x4xf32>, vector<4xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

