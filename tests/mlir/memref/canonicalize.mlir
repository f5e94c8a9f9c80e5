// RUN: %spvkit opt --allow-unregistered-dialect --split-input-file --canonicalize %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(canonicalize)' %s | FileCheck %s
// ORACLE: skip (unregistered test ops hold the IR until func.func is registered)

// The memref folders as mlir-opt-19 --canonicalize applies them (its output, value names aside):
// dim of a static size or of an alloc's dynamic size, rank of a ranked memref, a memref.cast
// folded into load/store/dealloc, trivial subview/reinterpret_cast/reshape pairs.

// CHECK-LABEL: "test.f"
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[A:.*]] = memref.alloc(%arg1) : memref<4x?xf32>
// CHECK: %[[L:.*]] = memref.load %[[A]][%[[C0]], %[[C1]]] : memref<4x?xf32>
// CHECK: memref.store %arg2, %[[A]][%[[C0]], %[[C1]]] : memref<4x?xf32>
// CHECK: %[[U:.*]] = memref.cast %[[A]] : memref<4x?xf32> to memref<*xf32>
// CHECK: %[[R:.*]] = memref.rank %[[U]] : memref<*xf32>
// CHECK: "test.use"(%[[C4]], %arg1, %[[C2]], %[[L]], %[[R]])
// CHECK: memref.dealloc %[[A]] : memref<4x?xf32>
"test.f"() ({
^bb0(%m: memref<4x?xf32>, %i: index, %v: f32, %u: memref<*xf32>):
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %a = memref.alloc(%i) : memref<4x?xf32>
  %d1 = memref.dim %a, %c1 : memref<4x?xf32>
  %r = memref.rank %m : memref<4x?xf32>
  %c = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
  %l = memref.load %c[%c0, %c1] : memref<?x?xf32>
  memref.store %v, %c[%c0, %c1] : memref<?x?xf32>
  %cc = memref.cast %c : memref<?x?xf32> to memref<*xf32>
  %r2 = memref.rank %cc : memref<*xf32>
  "test.use"(%d0, %d1, %r, %l, %r2) : (index, index, index, f32, index) -> ()
  memref.dealloc %c : memref<?x?xf32>
  "test.ret"() : () -> ()
}) : () -> ()

// -----

// CHECK-LABEL: "test.f"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[RC:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, 4], strides: [8, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
// CHECK-NEXT: "test.use"(%arg0, %arg0, %arg0, %[[RC]], %arg2)
"test.f"() ({
^bb0(%m: memref<8x8xf32>, %i: index, %s: memref<64xf32>):
  %sv = memref.subview %m[0, 0][8, 8][1, 1] : memref<8x8xf32> to memref<8x8xf32>
  %rc = memref.reinterpret_cast %m to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32>
  %cs = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %es = memref.expand_shape %cs [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %c = memref.cast %m : memref<8x8xf32> to memref<?x8xf32>
  %rc2 = memref.reinterpret_cast %c to offset: [0], sizes: [4, 4], strides: [8, 1] : memref<?x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %e2 = memref.expand_shape %s [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %c2 = memref.collapse_shape %e2 [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  "test.use"(%sv, %rc, %es, %rc2, %c2) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>, memref<4x4xf32, strided<[8, 1]>>, memref<64xf32>) -> ()
  "test.ret"() : () -> ()
}) : () -> ()
