// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// The device side of seed 002's BF16ToGPU output (its kernel's gpu ops; the memref and arith
// ops of the body are tested with their dialects): a gpu.module with a spirv.target_env
// attribute and a kernel with discardable gpu.known_block_size / known_grid_size attributes.

// CHECK: gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
// CHECK-NEXT: gpu.func @test_kernel(%{{.*}}: memref<10x20xi16>, %{{.*}}: memref<10x20xi16>, %{{.*}}: memref<10x20xi16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CHECK-NEXT: gpu.block_id x
// CHECK-NEXT: gpu.block_id y
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
    gpu.func @test_kernel(%arg0: memref<10x20xi16>, %arg1: memref<10x20xi16>, %arg2: memref<10x20xi16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %0 = gpu.block_id  x
      %1 = gpu.block_id  y
      gpu.return
    }
  }
}
