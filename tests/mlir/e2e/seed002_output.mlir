// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --canonicalize --cse | FileCheck %s --check-prefix=CANON
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(canonicalize,cse)' | FileCheck %s --check-prefix=CANON

// Seed 002's example (BF16ToGPU), its output: the buffers are i8 allocations viewed as bf16 on
// the host and as i16 by the kernel, which computes in f32 between bitcasts and extf/truncf.
// The CHECK lines are what mlir-opt-19 prints, custom, generic and after canonicalize and cse
// (which merge the three `arith.constant 0 : index` into one).

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @test(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>) -> memref<10x20xbf16> {
// CHECK-NEXT: %c20 = arith.constant 20 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %memref = gpu.alloc  host_shared () : memref<400xi8>
// CHECK-NEXT: %view = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xbf16>
// CHECK-NEXT: %view_0 = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xi16>
// CHECK-NEXT: memref.copy %arg1, %view : memref<10x20xbf16> to memref<10x20xbf16>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %memref_2 = gpu.alloc  host_shared () : memref<400xi8>
// CHECK-NEXT: %view_3 = memref.view %memref_2[%c0_1][] : memref<400xi8> to memref<10x20xbf16>
// CHECK-NEXT: %view_4 = memref.view %memref_2[%c0_1][] : memref<400xi8> to memref<10x20xi16>
// CHECK-NEXT: memref.copy %arg0, %view_3 : memref<10x20xbf16> to memref<10x20xbf16>
// CHECK-NEXT: %c0_5 = arith.constant 0 : index
// CHECK-NEXT: %memref_6 = gpu.alloc  host_shared () : memref<400xi8>
// CHECK-NEXT: %view_7 = memref.view %memref_6[%c0_5][] : memref<400xi8> to memref<10x20xbf16>
// CHECK-NEXT: %view_8 = memref.view %memref_6[%c0_5][] : memref<400xi8> to memref<10x20xi16>
// CHECK-NEXT: gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1)  args(%view_4 : memref<10x20xi16>, %view_0 : memref<10x20xi16>, %view_8 : memref<10x20xi16>)
// CHECK-NEXT: gpu.dealloc  %memref_2 : memref<400xi8>
// CHECK-NEXT: gpu.dealloc  %memref : memref<400xi8>
// CHECK-NEXT: return %view_7 : memref<10x20xbf16>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
// CHECK-NEXT: gpu.func @test_kernel(%arg0: memref<10x20xi16>, %arg1: memref<10x20xi16>, %arg2: memref<10x20xi16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %0 = memref.load %arg0[%block_id_x, %block_id_y] : memref<10x20xi16>
// CHECK-NEXT: %1 = memref.load %arg1[%block_id_x, %block_id_y] : memref<10x20xi16>
// CHECK-NEXT: %2 = arith.bitcast %0 : i16 to bf16
// CHECK-NEXT: %3 = arith.extf %2 : bf16 to f32
// CHECK-NEXT: %4 = arith.bitcast %1 : i16 to bf16
// CHECK-NEXT: %5 = arith.extf %4 : bf16 to f32
// CHECK-NEXT: %6 = arith.addf %3, %5 : f32
// CHECK-NEXT: %7 = arith.truncf %6 : f32 to bf16
// CHECK-NEXT: %8 = arith.bitcast %7 : bf16 to i16
// CHECK-NEXT: memref.store %8, %arg2[%block_id_x, %block_id_y] : memref<10x20xi16>
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

// The generic form, numbered as MLIR numbers it.
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (memref<10x20xbf16>, memref<10x20xbf16>) -> memref<10x20xbf16>, sym_name = "test"}> ({
// GENERIC-NEXT: ^bb0(%arg3: memref<10x20xbf16>, %arg4: memref<10x20xbf16>):
// GENERIC-NEXT: %11 = "arith.constant"() <{value = 20 : index}> : () -> index
// GENERIC-NEXT: %12 = "arith.constant"() <{value = 10 : index}> : () -> index
// GENERIC-NEXT: %13 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT: %14 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %15 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<400xi8>
// GENERIC-NEXT: %16 = "memref.view"(%15, %14) : (memref<400xi8>, index) -> memref<10x20xbf16>
// GENERIC-NEXT: %17 = "memref.view"(%15, %14) : (memref<400xi8>, index) -> memref<10x20xi16>
// GENERIC-NEXT: "memref.copy"(%arg4, %16) : (memref<10x20xbf16>, memref<10x20xbf16>) -> ()
// GENERIC-NEXT: %18 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %19 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<400xi8>
// GENERIC-NEXT: %20 = "memref.view"(%19, %18) : (memref<400xi8>, index) -> memref<10x20xbf16>
// GENERIC-NEXT: %21 = "memref.view"(%19, %18) : (memref<400xi8>, index) -> memref<10x20xi16>
// GENERIC-NEXT: "memref.copy"(%arg3, %20) : (memref<10x20xbf16>, memref<10x20xbf16>) -> ()
// GENERIC-NEXT: %22 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %23 = "gpu.alloc"() <{hostShared, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<400xi8>
// GENERIC-NEXT: %24 = "memref.view"(%23, %22) : (memref<400xi8>, index) -> memref<10x20xbf16>
// GENERIC-NEXT: %25 = "memref.view"(%23, %22) : (memref<400xi8>, index) -> memref<10x20xi16>
// GENERIC-NEXT: "gpu.launch_func"(%12, %11, %13, %13, %13, %13, %21, %17, %25) <{kernel = @test_kernel::@test_kernel, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3, 0>}> : (index, index, index, index, index, index, memref<10x20xi16>, memref<10x20xi16>, memref<10x20xi16>) -> ()
// GENERIC-NEXT: "gpu.dealloc"(%19) : (memref<400xi8>) -> ()
// GENERIC-NEXT: "gpu.dealloc"(%15) : (memref<400xi8>) -> ()
// GENERIC-NEXT: "func.return"(%24) : (memref<10x20xbf16>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "gpu.module"() <{sym_name = "test_kernel"}> ({
// GENERIC-NEXT: "gpu.func"() <{function_type = (memref<10x20xi16>, memref<10x20xi16>, memref<10x20xi16>) -> ()}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<10x20xi16>, %arg1: memref<10x20xi16>, %arg2: memref<10x20xi16>):
// GENERIC-NEXT: %0 = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %1 = "gpu.block_id"() <{dimension = #gpu<dim y>}> : () -> index
// GENERIC-NEXT: %2 = "memref.load"(%arg0, %0, %1) : (memref<10x20xi16>, index, index) -> i16
// GENERIC-NEXT: %3 = "memref.load"(%arg1, %0, %1) : (memref<10x20xi16>, index, index) -> i16
// GENERIC-NEXT: %4 = "arith.bitcast"(%2) : (i16) -> bf16
// GENERIC-NEXT: %5 = "arith.extf"(%4) : (bf16) -> f32
// GENERIC-NEXT: %6 = "arith.bitcast"(%3) : (i16) -> bf16
// GENERIC-NEXT: %7 = "arith.extf"(%6) : (bf16) -> f32
// GENERIC-NEXT: %8 = "arith.addf"(%5, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %9 = "arith.truncf"(%8) : (f32) -> bf16
// GENERIC-NEXT: %10 = "arith.bitcast"(%9) : (bf16) -> i16
// GENERIC-NEXT: "memref.store"(%10, %arg2, %0, %1) : (i16, memref<10x20xi16>, index, index) -> ()
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
// CANON-NEXT: %c0 = arith.constant 0 : index
// CANON-NEXT: %memref = gpu.alloc  host_shared () : memref<400xi8>
// CANON-NEXT: %view = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xbf16>
// CANON-NEXT: %view_0 = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xi16>
// CANON-NEXT: memref.copy %arg1, %view : memref<10x20xbf16> to memref<10x20xbf16>
// CANON-NEXT: %memref_1 = gpu.alloc  host_shared () : memref<400xi8>
// CANON-NEXT: %view_2 = memref.view %memref_1[%c0][] : memref<400xi8> to memref<10x20xbf16>
// CANON-NEXT: %view_3 = memref.view %memref_1[%c0][] : memref<400xi8> to memref<10x20xi16>
// CANON-NEXT: memref.copy %arg0, %view_2 : memref<10x20xbf16> to memref<10x20xbf16>
// CANON-NEXT: %memref_4 = gpu.alloc  host_shared () : memref<400xi8>
// CANON-NEXT: %view_5 = memref.view %memref_4[%c0][] : memref<400xi8> to memref<10x20xbf16>
// CANON-NEXT: %view_6 = memref.view %memref_4[%c0][] : memref<400xi8> to memref<10x20xi16>
// CANON-NEXT: gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1)  args(%view_3 : memref<10x20xi16>, %view_0 : memref<10x20xi16>, %view_6 : memref<10x20xi16>)
// CANON-NEXT: gpu.dealloc  %memref_1 : memref<400xi8>
// CANON-NEXT: gpu.dealloc  %memref : memref<400xi8>
// CANON-NEXT: return %view_5 : memref<10x20xbf16>
// CANON-NEXT: }
// CANON-NEXT: gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
// CANON-NEXT: gpu.func @test_kernel(%arg0: memref<10x20xi16>, %arg1: memref<10x20xi16>, %arg2: memref<10x20xi16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CANON-NEXT: %block_id_x = gpu.block_id  x
// CANON-NEXT: %block_id_y = gpu.block_id  y
// CANON-NEXT: %0 = memref.load %arg0[%block_id_x, %block_id_y] : memref<10x20xi16>
// CANON-NEXT: %1 = memref.load %arg1[%block_id_x, %block_id_y] : memref<10x20xi16>
// CANON-NEXT: %2 = arith.bitcast %0 : i16 to bf16
// CANON-NEXT: %3 = arith.extf %2 : bf16 to f32
// CANON-NEXT: %4 = arith.bitcast %1 : i16 to bf16
// CANON-NEXT: %5 = arith.extf %4 : bf16 to f32
// CANON-NEXT: %6 = arith.addf %3, %5 : f32
// CANON-NEXT: %7 = arith.truncf %6 : f32 to bf16
// CANON-NEXT: %8 = arith.bitcast %7 : bf16 to i16
// CANON-NEXT: memref.store %8, %arg2[%block_id_x, %block_id_y] : memref<10x20xi16>
// CANON-NEXT: gpu.return
// CANON-NEXT: }
// CANON-NEXT: }
// CANON-NEXT: }

module attributes {gpu.container_module} {
  func.func @test(%arg0: memref<10x20xbf16>, %arg1: memref<10x20xbf16>) -> memref<10x20xbf16> {
    %c20 = arith.constant 20 : index
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %memref = gpu.alloc  host_shared () : memref<400xi8>
    %view = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xbf16>
    %view_0 = memref.view %memref[%c0][] : memref<400xi8> to memref<10x20xi16>
    memref.copy %arg1, %view : memref<10x20xbf16> to memref<10x20xbf16>
    %c0_1 = arith.constant 0 : index
    %memref_2 = gpu.alloc  host_shared () : memref<400xi8>
    %view_3 = memref.view %memref_2[%c0_1][] : memref<400xi8> to memref<10x20xbf16>
    %view_4 = memref.view %memref_2[%c0_1][] : memref<400xi8> to memref<10x20xi16>
    memref.copy %arg0, %view_3 : memref<10x20xbf16> to memref<10x20xbf16>
    %c0_5 = arith.constant 0 : index
    %memref_6 = gpu.alloc  host_shared () : memref<400xi8>
    %view_7 = memref.view %memref_6[%c0_5][] : memref<400xi8> to memref<10x20xbf16>
    %view_8 = memref.view %memref_6[%c0_5][] : memref<400xi8> to memref<10x20xi16>
    gpu.launch_func  @test_kernel::@test_kernel blocks in (%c10, %c20, %c1) threads in (%c1, %c1, %c1) args(%view_4 : memref<10x20xi16>, %view_0 : memref<10x20xi16>, %view_8 : memref<10x20xi16>)
    gpu.dealloc  %memref_2 : memref<400xi8>
    gpu.dealloc  %memref : memref<400xi8>
    return %view_7 : memref<10x20xbf16>
  }
  gpu.module @test_kernel attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16, GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT, ExpectAssumeKHR], [SPV_EXT_shader_atomic_float_add, SPV_KHR_expect_assume]>, api=OpenCL, #spirv.resource_limits<>>} {
    gpu.func @test_kernel(%arg0: memref<10x20xi16>, %arg1: memref<10x20xi16>, %arg2: memref<10x20xi16>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 10, 20, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %0 = gpu.block_id  x
      %1 = gpu.block_id  y
      %2 = memref.load %arg0[%0, %1] : memref<10x20xi16>
      %3 = memref.load %arg1[%0, %1] : memref<10x20xi16>
      %4 = arith.bitcast %2 : i16 to bf16
      %5 = arith.extf %4 : bf16 to f32
      %6 = arith.bitcast %3 : i16 to bf16
      %7 = arith.extf %6 : bf16 to f32
      %8 = arith.addf %5, %7 : f32
      %9 = arith.truncf %8 : f32 to bf16
      %10 = arith.bitcast %9 : bf16 to i16
      memref.store %10, %arg2[%0, %1] : memref<10x20xi16>
      gpu.return
    }
  }
}
