// RUN: %spvkit opt %s --canonicalize | FileCheck %s
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// The memref canonicalization patterns (memref_canonicalize.c) and the cast folds with
// func.func: SimplifyAllocConst and SimplifyDeadAlloc on alloc/alloca, dim of an alloc, cast of
// cast and the identity cast, casts folded into load/store/dim/dealloc/copy/atomic_rmw,
// FoldSelfCopy, ViewOpShapeFolder, what MLIR leaves (a load of a constant global,
// reinterpret_cast with constant operands). CHECK lines: mlir-opt-19 --canonicalize.

func.func @alloc_const(%v: f32) -> memref<?x?xf32> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = memref.alloc(%c4, %c8) : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}
// CHECK-LABEL: func.func @alloc_const(%arg0: f32) -> memref<?x?xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x8xf32> to memref<?x?xf32>
// CHECK-NEXT: return %cast : memref<?x?xf32>
// CHECK-NEXT: }

func.func @alloca_const_mixed(%n: index) -> memref<?x?xf32> {
  %c4 = arith.constant 4 : index
  %0 = memref.alloca(%n, %c4) : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}
// CHECK-LABEL: func.func @alloca_const_mixed(%arg0: index) -> memref<?x?xf32> {
// CHECK-NEXT: %alloca = memref.alloca(%arg0) : memref<?x4xf32>
// CHECK-NEXT: %cast = memref.cast %alloca : memref<?x4xf32> to memref<?x?xf32>
// CHECK-NEXT: return %cast : memref<?x?xf32>
// CHECK-NEXT: }

func.func @dead_alloc(%v: f32, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
// CHECK-LABEL: func.func @dead_alloc(%arg0: f32, %arg1: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @dead_alloca(%v: f32, %i: index) {
  %0 = memref.alloca() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  return
}
// CHECK-LABEL: func.func @dead_alloca(%arg0: f32, %arg1: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @dim_alloc(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%n) : memref<4x?xf32>
  %d0 = memref.dim %0, %c0 : memref<4x?xf32>
  %d1 = memref.dim %0, %c1 : memref<4x?xf32>
  memref.dealloc %0 : memref<4x?xf32>
  return %d0, %d1 : index, index
}
// CHECK-LABEL: func.func @dim_alloc(%arg0: index) -> (index, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: return %c4, %arg0 : index, index
// CHECK-NEXT: }

func.func @cast_cast(%m: memref<4xf32>) -> memref<?xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<?xf32>
  return %1 : memref<?xf32>
}
// CHECK-LABEL: func.func @cast_cast(%arg0: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return %cast : memref<?xf32>
// CHECK-NEXT: }

func.func @cast_chain(%m: memref<?xf32>) -> memref<?xf32> {
  %0 = memref.cast %m : memref<?xf32> to memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  return %1 : memref<?xf32>
}
// CHECK-LABEL: func.func @cast_chain(%arg0: memref<?xf32>) -> memref<?xf32> {
// CHECK-NEXT: return %arg0 : memref<?xf32>
// CHECK-NEXT: }

func.func @cast_users(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  %2 = memref.dim %0, %c0 : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  return %1, %2 : f32, index
}
// CHECK-LABEL: func.func @cast_users(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) -> (f32, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %arg0 : memref<4xf32>
// CHECK-NEXT: return %0, %c4 : f32, index
// CHECK-NEXT: }

func.func @copy_same(%m: memref<4xf32>) {
  memref.copy %m, %m : memref<4xf32> to memref<4xf32>
  return
}
// CHECK-LABEL: func.func @copy_same(%arg0: memref<4xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @copy_cast(%m: memref<4xf32>, %n: memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.copy %0, %n : memref<?xf32> to memref<4xf32>
  return
}
// CHECK-LABEL: func.func @copy_cast(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>
// CHECK-LABEL: memref.global "private" constant @g : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>

func.func @get_global_load() -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.get_global @g : memref<2xf32>
  %1 = memref.load %0[%c0] : memref<2xf32>
  return %1 : f32
}
// CHECK-LABEL: func.func @get_global_load() -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = memref.get_global @g : memref<2xf32>
// CHECK-NEXT: %1 = memref.load %0[%c0] : memref<2xf32>
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }

func.func @view_dim(%buf: memref<64xi8>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %v = memref.view %buf[%c0][%n] : memref<64xi8> to memref<?x4xf32>
  %d = memref.dim %v, %c0 : memref<?x4xf32>
  return %d : index
}
// CHECK-LABEL: func.func @view_dim(%arg0: memref<64xi8>, %arg1: index) -> index {
// CHECK-NEXT: return %arg1 : index
// CHECK-NEXT: }

func.func @view_const(%buf: memref<64xi8>) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = memref.view %buf[%c0][%c2] : memref<64xi8> to memref<?x4xf32>
  return %v : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_const(%arg0: memref<64xi8>) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %view = memref.view %arg0[%c0][] : memref<64xi8> to memref<2x4xf32>
// CHECK-NEXT: %cast = memref.cast %view : memref<2x4xf32> to memref<?x4xf32>
// CHECK-NEXT: return %cast : memref<?x4xf32>
// CHECK-NEXT: }

func.func @dim_of_cast(%m: memref<4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %d = memref.dim %0, %c0 : memref<?xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_cast(%arg0: memref<4xf32>) -> index {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: return %c4 : index
// CHECK-NEXT: }

func.func @reinterpret_const(%m: memref<?xf32>) -> memref<?xf32, strided<[?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %0 = memref.reinterpret_cast %m to offset: [%c0], sizes: [%c4], strides: [%c1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}
// CHECK-LABEL: func.func @reinterpret_const(%arg0: memref<?xf32>) -> memref<?xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [%c0], sizes: [%c4], strides: [%c1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %reinterpret_cast : memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }

func.func @alloc_unused() {
  %0 = memref.alloc() : memref<4xf32>
  return
}
// CHECK-LABEL: func.func @alloc_unused() {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @atomic_cast(%m: memref<4xf32>, %v: f32, %i: index) -> f32 {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.atomic_rmw addf %v, %0[%i] : (f32, memref<?xf32>) -> f32
  return %1 : f32
}
// CHECK-LABEL: func.func @atomic_cast(%arg0: memref<4xf32>, %arg1: f32, %arg2: index) -> f32 {
// CHECK-NEXT: %0 = memref.atomic_rmw addf %arg1, %arg0[%arg2] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }

func.func @alloc_negative_and_aligned() -> (memref<?xf32>, memref<?xf32>) {
  %cm1 = arith.constant -1 : index
  %c3 = arith.constant 3 : index
  %0 = memref.alloc(%cm1) : memref<?xf32>
  %1 = memref.alloc(%c3) {alignment = 64 : i64} : memref<?xf32>
  return %0, %1 : memref<?xf32>, memref<?xf32>
}
// CHECK-LABEL: func.func @alloc_negative_and_aligned() -> (memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %alloc = memref.alloc(%c-1) : memref<?xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK-NEXT: %cast = memref.cast %alloc_0 : memref<3xf32> to memref<?xf32>
// CHECK-NEXT: return %alloc, %cast : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }

func.func @view_of_cast(%n: index) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<64xi8>
  %1 = memref.cast %0 : memref<64xi8> to memref<?xi8>
  %2 = memref.view %1[%c0][%n] : memref<?xi8> to memref<?x4xf32>
  return %2 : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_of_cast(%arg0: index) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<64xi8>
// CHECK-NEXT: %view = memref.view %alloc[%c0][%arg0] : memref<64xi8> to memref<?x4xf32>
// CHECK-NEXT: return %view : memref<?x4xf32>
// CHECK-NEXT: }

func.func @alloc_read(%i: index) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.load %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return %1 : f32
}
// CHECK-LABEL: func.func @alloc_read(%arg0: index) -> f32 {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %0 = memref.load %alloc[%arg0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }

func.func @alloc_stored_elsewhere(%m: memref<4xmemref<4xf32>>, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %0, %m[%i] : memref<4xmemref<4xf32>>
  return
}
// CHECK-LABEL: func.func @alloc_stored_elsewhere(%arg0: memref<4xmemref<4xf32>>, %arg1: index) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %alloc, %arg0[%arg1] : memref<4xmemref<4xf32>>
// CHECK-NEXT: return
// CHECK-NEXT: }
