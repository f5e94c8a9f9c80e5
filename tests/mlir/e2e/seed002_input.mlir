// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --canonicalize --cse | FileCheck %s --check-prefix=CANON
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(canonicalize,cse)' | FileCheck %s --check-prefix=CANON

// Seed 002's example (BF16ToGPU), its input: host code that allocates host-shared buffers with
// gpu.alloc, copies into them and launches a bf16 kernel in a gpu.module with a spirv.target_env.
// The CHECK lines are what mlir-opt-19 prints, custom, generic and after canonicalize and cse
// (which leave it as it is: its constants are unique and every op is used or has effects).

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @test(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>) -> memref<10x20xbf16> {
// CHECK-NEXT: %c20 = arith.constant 20 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %memref = gpu.alloc  host_shared () : memref<10x20xbf16>
// CHECK-NEXT: memref.copy %arg1, %memref : memref<10x20xbf16> to memref<10x20xbf16>
// CHECK-NEXT: %memref_0 = gpu.alloc  host_shared () : memref<10x20xbf16>
// CHECK-NEXT: memref.copy %arg0, %memref_0 : memref<10x20xbf16> to memref<10x20xbf16>
// CHECK-NEXT: %memref_1 = gpu.alloc  host_shared () : memref<10x20xbf16>
// CHECK-NEXT: gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1)  args(%memref_0 : memref<10x20xbf16>, %memref : memref<10x20xbf16>, %memref_1 : memref<10x20xbf16>)
// CHECK-NEXT: gpu.dealloc  %memref_0 : memref<10x20xbf16>
// CHECK-NEXT: gpu.dealloc  %memref : memref<10x20xbf16>
// CHECK-NEXT: return %memref_1 : memref<10x20xbf16>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
// CHECK-NEXT: gpu.func @test_kernel(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>, %arg2: memref<10x20xbf16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %0 = memref.load %arg0[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CHECK-NEXT: %1 = memref.load %arg1[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CHECK-NEXT: %2 = arith.addf %0, %1 : bf16
// CHECK-NEXT: memref.store %2, %arg2[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

// The generic form, numbered as MLIR numbers it.
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (memref<10x20xbf16>, memref<10x20xbf16>) -> memref<10x20xbf16>, sym_name = "test"}> ({
// GENERIC-NEXT: ^bb0(%arg3: memref<10x20xbf16>, %arg4: memref<10x20xbf16>):
// GENERIC-NEXT: %5 = "arith.constant"() <{value = 20 : index}> : () -> index
// GENERIC-NEXT: %6 = "arith.constant"() <{value = 10 : index}> : () -> index
// GENERIC-NEXT: %7 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT: %8 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<10x20xbf16>
// GENERIC-NEXT: "memref.copy"(%arg4, %8) : (memref<10x20xbf16>, memref<10x20xbf16>) -> ()
// GENERIC-NEXT: %9 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<10x20xbf16>
// GENERIC-NEXT: "memref.copy"(%arg3, %9) : (memref<10x20xbf16>, memref<10x20xbf16>) -> ()
// GENERIC-NEXT: %10 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<10x20xbf16>
// GENERIC-NEXT: "gpu.launch_func"(%6, %5, %7, %7, %7, %7, %9, %8, %10) <{kernel = @test_kernel::@test_kernel, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3, 0>}> : (index, index, index, index, index, index, memref<10x20xbf16>, memref<10x20xbf16>, memref<10x20xbf16>) -> ()
// GENERIC-NEXT: "gpu.dealloc"(%9) : (memref<10x20xbf16>) -> ()
// GENERIC-NEXT: "gpu.dealloc"(%8) : (memref<10x20xbf16>) -> ()
// GENERIC-NEXT: "func.return"(%10) : (memref<10x20xbf16>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "gpu.module"() <{sym_name = "test_kernel"}> ({
// GENERIC-NEXT: "gpu.func"() <{function_type = (memref<10x20xbf16>, memref<10x20xbf16>, memref<10x20xbf16>) -> ()}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>, %arg2: memref<10x20xbf16>):
// GENERIC-NEXT: %0 = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %1 = "gpu.block_id"() <{dimension = #gpu<dim y>}> : () -> index
// GENERIC-NEXT: %2 = "memref.load"(%arg0, %0, %1) : (memref<10x20xbf16>, index, index) -> bf16
// GENERIC-NEXT: %3 = "memref.load"(%arg1, %0, %1) : (memref<10x20xbf16>, index, index) -> bf16
// GENERIC-NEXT: %4 = "arith.addf"(%2, %3) <{fastmath = #arith.fastmath<none>}> : (bf16, bf16) -> bf16
// GENERIC-NEXT: "memref.store"(%4, %arg2, %0, %1) : (bf16, memref<10x20xbf16>, index, index) -> ()
// GENERIC-NEXT: "gpu.return"() : () -> ()
// GENERIC-NEXT: }) {gpu.kernel, gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>, sym_name = "test_kernel", workgroup_attributions = 0 : i64} : () -> ()
// GENERIC-NEXT: "gpu.module_end"() : () -> ()
// GENERIC-NEXT: }) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} : () -> ()
// GENERIC-NEXT: }) {gpu.container_module} : () -> ()

// canonicalize and cse: mlir-opt-19's output.
// CANON: module attributes {gpu.container_module} {
// CANON-NEXT: func.func @test(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>) -> memref<10x20xbf16> {
// CANON-NEXT: %c20 = arith.constant 20 : index
// CANON-NEXT: %c10 = arith.constant 10 : index
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: %memref = gpu.alloc  host_shared () : memref<10x20xbf16>
// CANON-NEXT: memref.copy %arg1, %memref : memref<10x20xbf16> to memref<10x20xbf16>
// CANON-NEXT: %memref_0 = gpu.alloc  host_shared () : memref<10x20xbf16>
// CANON-NEXT: memref.copy %arg0, %memref_0 : memref<10x20xbf16> to memref<10x20xbf16>
// CANON-NEXT: %memref_1 = gpu.alloc  host_shared () : memref<10x20xbf16>
// CANON-NEXT: gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1)  args(%memref_0 : memref<10x20xbf16>, %memref : memref<10x20xbf16>, %memref_1 : memref<10x20xbf16>)
// CANON-NEXT: gpu.dealloc  %memref_0 : memref<10x20xbf16>
// CANON-NEXT: gpu.dealloc  %memref : memref<10x20xbf16>
// CANON-NEXT: return %memref_1 : memref<10x20xbf16>
// CANON-NEXT: }
// CANON-NEXT: gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
// CANON-NEXT: gpu.func @test_kernel(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>, %arg2: memref<10x20xbf16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CANON-NEXT: %block_id_x = gpu.block_id  x
// CANON-NEXT: %block_id_y = gpu.block_id  y
// CANON-NEXT: %0 = memref.load %arg0[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CANON-NEXT: %1 = memref.load %arg1[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CANON-NEXT: %2 = arith.addf %0, %1 : bf16
// CANON-NEXT: memref.store %2, %arg2[%block_id_x, %block_id_y] : memref<10x20xbf16>
// CANON-NEXT: gpu.return
// CANON-NEXT: }
// CANON-NEXT: }
// CANON-NEXT: }

module attributes {gpu.container_module} {
  func.func @test(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>) -> memref<10x20xbf16> {
    %c20 = arith.constant 20 : index
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %memref = gpu.alloc  host_shared () : memref<10x20xbf16>
    memref.copy %arg1, %memref : memref<10x20xbf16> to memref<10x20xbf16>
    %memref_0 = gpu.alloc  host_shared () : memref<10x20xbf16>
    memref.copy %arg0, %memref_0 : memref<10x20xbf16> to memref<10x20xbf16>
    %memref_1 = gpu.alloc  host_shared () : memref<10x20xbf16>
    gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1) args(%memref_0 : memref<10x20xbf16>, %memref : memref<10x20xbf16>, %memref_1 : memref<10x20xbf16>)
    gpu.dealloc  %memref_0 : memref<10x20xbf16>
    gpu.dealloc  %memref : memref<10x20xbf16>
    return %memref_1 : memref<10x20xbf16>
  }
  gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
    gpu.func @test_kernel(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>, %arg2: memref<10x20xbf16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %0 = gpu.block_id  x
      %1 = gpu.block_id  y
      %2 = memref.load %arg0[%0, %1] : memref<10x20xbf16>
      %3 = memref.load %arg1[%0, %1] : memref<10x20xbf16>
      %4 = arith.addf %2, %3 : bf16
      memref.store %4, %arg2[%0, %1] : memref<10x20xbf16>
      gpu.return
    }
  }
}
