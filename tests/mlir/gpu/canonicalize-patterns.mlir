// RUN: %spvkit opt --allow-unregistered-dialect %s --canonicalize | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(canonicalize)' | FileCheck %s
// gpu under canonicalize with func.func and gpu.module: FoldLaunchArguments (block and thread
// ids along dimensions of size 1 are 0; the zero is hoisted into the function), consecutive
// barriers deduplicated, what MLIR leaves (a launch sized by arguments, ids and dims).
// CHECK lines: mlir-opt-19 --allow-unregistered-dialect --canonicalize.

func.func @launch_const(%m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%tx] : memref<4xf32>
    "test.use"(%gx, %sx, %bx, %v) : (index, index, index, f32) -> ()
    gpu.terminator
  }
  return
}
// CHECK-LABEL: func.func @launch_const(%arg0: memref<4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1, %arg8 = %c1, %arg9 = %c1) threads(%arg4, %arg5, %arg6) in (%arg10 = %c4, %arg11 = %c1, %arg12 = %c1) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg4] : memref<4xf32>
// CHECK-NEXT: "test.use"(%arg7, %arg10, %c0, %0) : (index, index, index, f32) -> ()
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @launch_dup(%m: memref<4xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    "test.use"(%gx, %gy, %sx, %sy) : (index, index, index, index) -> ()
    gpu.terminator
  }
  return
}
// CHECK-LABEL: func.func @launch_dup(%arg0: memref<4xf32>, %arg1: index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %arg1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %c1, %arg13 = %c1) {
// CHECK-NEXT: "test.use"(%arg8, %arg9, %arg11, %arg12) : (index, index, index, index) -> ()
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

gpu.module @k {
  gpu.func @barriers(%m: memref<4xf32>) kernel {
    gpu.barrier
    gpu.barrier
    %c0 = arith.constant 0 : index
    %v = memref.load %m[%c0] : memref<4xf32>
    gpu.barrier
    gpu.return
  }
  gpu.func @dims() -> index {
    %0 = gpu.block_dim x
    %1 = gpu.thread_id x
    %2 = arith.addi %0, %1 : index
    gpu.return %2 : index
  }
}
// CHECK-LABEL: gpu.module @k {
// CHECK-NEXT: gpu.func @barriers(%arg0: memref<4xf32>) kernel {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.func @dims() -> index {
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %0 = arith.addi %block_dim_x, %thread_id_x : index
// CHECK-NEXT: gpu.return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @launch_async(%m: memref<4xf32>, %t: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c2, %sz = %c1) {
    "test.use"(%bx, %by, %tx, %ty, %tz) : (index, index, index, index, index) -> ()
    gpu.terminator
  }
  return %r : !gpu.async.token
}
// CHECK-LABEL: func.func @launch_async(%arg0: memref<4xf32>, %arg1: !gpu.async.token) -> !gpu.async.token {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = gpu.launch async [%arg1] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c2, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c1, %arg12 = %c2, %arg13 = %c1) {
// CHECK-NEXT: "test.use"(%arg2, %c0, %c0, %arg6, %c0) : (index, index, index, index, index) -> ()
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : !gpu.async.token
// CHECK-NEXT: }
