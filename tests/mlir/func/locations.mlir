// Argument locations of func.func, gpu.func (arguments and attributions) and spirv.func survive
// a parse: inline or through aliases the file defines after their uses, as
// `mlir-opt --mlir-print-debuginfo` writes them. Checked by the printed debug info and by
// mlir-opt-19 reading spvkit's output.
// RUN: %spvkit opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: %spvkit opt --mlir-print-debuginfo %s | %spvkit opt --mlir-print-debuginfo | FileCheck %s
// RUN: %spvkit opt --mlir-print-debuginfo --mlir-print-op-generic %s | %spvkit opt --mlir-print-debuginfo | FileCheck %s
// RUN: %spvkit opt --mlir-print-debuginfo %s | mlir-opt-19 --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %arg0: i32 loc("a.mlir":1:14), %arg1: f32 loc("a.mlir":1:30)) -> i32 {
// CHECK-NEXT: return %arg0 : i32 loc("a.mlir":2:3)
// CHECK-NEXT: } loc("a.mlir":1:1)
func.func @f(%arg0: i32 loc(#loc2), %arg1: f32 loc("a.mlir":1:30)) -> i32 {
  return %arg0 : i32 loc(#loc3)
} loc(#loc1)

// CHECK-LABEL: gpu.module @k
// CHECK: gpu.func @g(%arg0: memref<4xf32> loc("a.mlir":5:16)) workgroup(%arg1 : memref<4xf32, #gpu.address_space<workgroup>>) kernel {
// CHECK: } loc("a.mlir":5:3)
gpu.module @k {
  gpu.func @g(%arg0: memref<4xf32> loc(#loc4)) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>> loc(#loc5)) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %w[%c0] : memref<4xf32, #gpu.address_space<workgroup>> loc(#loc5)
    memref.store %v, %arg0[%c0] : memref<4xf32>
    gpu.return
  } loc(#loc6)
}

#loc1 = loc("a.mlir":1:1)
#loc2 = loc("a.mlir":1:14)
#loc3 = loc("a.mlir":2:3)
#loc4 = loc("a.mlir":5:16)
#loc5 = loc("a.mlir":5:40)
#loc6 = loc("a.mlir":5:3)

