// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --canonicalize --cse | FileCheck %s --check-prefix=CANON
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(canonicalize,cse)' | FileCheck %s --check-prefix=CANON

// A program that mixes host code and gpu.module kernels: the host allocates device buffers and
// copies into them, launches two kernels of one gpu.module and chains it all with async tokens
// (gpu.wait async, gpu.alloc/memcpy/launch_func/dealloc async [...]), then sums on the host. The
// kernels use block/thread ids, scf.if, a workgroup attribution in #gpu.address_space<workgroup>,
// gpu.barrier and gpu.all_reduce. The CHECK lines are mlir-opt-19's prints: custom, generic, and
// after canonicalize and cse (a dead muli goes, a second load of the same element merges, an
// addi of constants folds, constants are hoisted to the start of their function).

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @host(%arg0: memref<256xf32>, %arg1: memref<256xf32>, %arg2: index) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.muli %c4, %c64 : index
// CHECK-NEXT: %1 = gpu.wait async
// CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%1] () : memref<256xf32>
// CHECK-NEXT: %memref_0, %asyncToken_1 = gpu.alloc async [%1] () : memref<256xf32>
// CHECK-NEXT: %2 = gpu.memcpy async [%asyncToken] %memref, %arg0 : memref<256xf32>, memref<256xf32>
// CHECK-NEXT: %3 = gpu.memcpy async [%asyncToken_1] %memref_0, %arg1 : memref<256xf32>, memref<256xf32>
// CHECK-NEXT: %4 = gpu.launch_func async [%2, %3] @kernels::@axpy blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)  args(%cst : f32, %memref : memref<256xf32>, %memref_0 : memref<256xf32>)
// CHECK-NEXT: %memref_2, %asyncToken_3 = gpu.alloc async [%4] () : memref<4xf32>
// CHECK-NEXT: %5 = gpu.launch_func async [%asyncToken_3] @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)  args(%memref_0 : memref<256xf32>, %memref_2 : memref<4xf32>)
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %6 = gpu.memcpy async [%5] %alloc, %memref_2 : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: %7 = gpu.dealloc async [%6] %memref : memref<256xf32>
// CHECK-NEXT: %8 = gpu.dealloc async [%7] %memref_0 : memref<256xf32>
// CHECK-NEXT: %9 = gpu.dealloc async [%8] %memref_2 : memref<4xf32>
// CHECK-NEXT: gpu.wait [%9]
// CHECK-NEXT: %10 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %cst) -> (f32) {
// CHECK-NEXT: %11 = memref.load %alloc[%arg3] : memref<4xf32>
// CHECK-NEXT: %12 = arith.addf %arg4, %11 : f32
// CHECK-NEXT: scf.yield %12 : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT: return %10 : f32
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @kernels {
// CHECK-NEXT: gpu.func @axpy(%arg0: f32, %arg1: memref<256xf32>, %arg2: memref<256xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %0 = arith.muli %block_id_x, %block_dim_x : index
// CHECK-NEXT: %1 = arith.addi %0, %thread_id_x : index
// CHECK-NEXT: %c256 = arith.constant 256 : index
// CHECK-NEXT: %2 = arith.cmpi ult, %1, %c256 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: %3 = memref.load %arg1[%1] : memref<256xf32>
// CHECK-NEXT: %4 = memref.load %arg2[%1] : memref<256xf32>
// CHECK-NEXT: %5 = memref.load %arg1[%1] : memref<256xf32>
// CHECK-NEXT: %6 = arith.mulf %arg0, %3 : f32
// CHECK-NEXT: %7 = arith.mulf %arg0, %5 : f32
// CHECK-NEXT: %8 = arith.maximumf %6, %7 : f32
// CHECK-NEXT: %9 = arith.addf %8, %4 : f32
// CHECK-NEXT: memref.store %9, %arg2[%1] : memref<256xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.func @reduce(%arg0: memref<256xf32>, %arg1: memref<4xf32>) workgroup(%arg2 : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %0 = arith.addi %c32, %c32 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = arith.muli %block_id_x, %0 : index
// CHECK-NEXT: %2 = arith.addi %1, %thread_id_x : index
// CHECK-NEXT: %3 = memref.load %arg0[%2] : memref<256xf32>
// CHECK-NEXT: memref.store %3, %arg2[%thread_id_x] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %4 = memref.load %arg2[%thread_id_x] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %5 = gpu.all_reduce  add %4 uniform {
// CHECK-NEXT: } : (f32) -> f32
// CHECK-NEXT: %6 = arith.cmpi eq, %thread_id_x, %c0 : index
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: memref.store %5, %arg1[%block_id_x] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

// The generic form, numbered as MLIR numbers it.
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (memref<256xf32>, memref<256xf32>, index) -> f32, sym_name = "host"}> ({
// GENERIC-NEXT: ^bb0(%arg6: memref<256xf32>, %arg7: memref<256xf32>, %arg8: index):
// GENERIC-NEXT: %25 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %26 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT: %27 = "arith.constant"() <{value = 64 : index}> : () -> index
// GENERIC-NEXT: %28 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT: %29 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT: %30 = "arith.muli"(%28, %27) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %31 = "gpu.wait"() : () -> !gpu.async.token
// GENERIC-NEXT: %32:2 = "gpu.alloc"(%31) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!gpu.async.token) -> (memref<256xf32>, !gpu.async.token)
// GENERIC-NEXT: %33:2 = "gpu.alloc"(%31) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!gpu.async.token) -> (memref<256xf32>, !gpu.async.token)
// GENERIC-NEXT: %34 = "gpu.memcpy"(%32#1, %32#0, %arg6) : (!gpu.async.token, memref<256xf32>, memref<256xf32>) -> !gpu.async.token
// GENERIC-NEXT: %35 = "gpu.memcpy"(%33#1, %33#0, %arg7) : (!gpu.async.token, memref<256xf32>, memref<256xf32>) -> !gpu.async.token
// GENERIC-NEXT: %36 = "gpu.launch_func"(%34, %35, %28, %26, %26, %27, %26, %26, %29, %32#0, %33#0) <{kernel = @kernels::@axpy, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3, 0>}> : (!gpu.async.token, !gpu.async.token, index, index, index, index, index, index, f32, memref<256xf32>, memref<256xf32>) -> !gpu.async.token
// GENERIC-NEXT: %37:2 = "gpu.alloc"(%36) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!gpu.async.token) -> (memref<4xf32>, !gpu.async.token)
// GENERIC-NEXT: %38 = "gpu.launch_func"(%37#1, %28, %26, %26, %27, %26, %26, %33#0, %37#0) <{kernel = @kernels::@reduce, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 0>}> : (!gpu.async.token, index, index, index, index, index, index, memref<256xf32>, memref<4xf32>) -> !gpu.async.token
// GENERIC-NEXT: %39 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
// GENERIC-NEXT: %40 = "gpu.memcpy"(%38, %39, %37#0) : (!gpu.async.token, memref<4xf32>, memref<4xf32>) -> !gpu.async.token
// GENERIC-NEXT: %41 = "gpu.dealloc"(%40, %32#0) : (!gpu.async.token, memref<256xf32>) -> !gpu.async.token
// GENERIC-NEXT: %42 = "gpu.dealloc"(%41, %33#0) : (!gpu.async.token, memref<256xf32>) -> !gpu.async.token
// GENERIC-NEXT: %43 = "gpu.dealloc"(%42, %37#0) : (!gpu.async.token, memref<4xf32>) -> !gpu.async.token
// GENERIC-NEXT: "gpu.wait"(%43) : (!gpu.async.token) -> ()
// GENERIC-NEXT: %44 = "scf.for"(%25, %28, %26, %29) ({
// GENERIC-NEXT: ^bb0(%arg9: index, %arg10: f32):
// GENERIC-NEXT: %45 = "memref.load"(%39, %arg9) : (memref<4xf32>, index) -> f32
// GENERIC-NEXT: %46 = "arith.addf"(%arg10, %45) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "scf.yield"(%46) : (f32) -> ()
// GENERIC-NEXT: }) : (index, index, index, f32) -> f32
// GENERIC-NEXT: "memref.dealloc"(%39) : (memref<4xf32>) -> ()
// GENERIC-NEXT: "func.return"(%44) : (f32) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "gpu.module"() <{sym_name = "kernels"}> ({
// GENERIC-NEXT: "gpu.func"() <{function_type = (f32, memref<256xf32>, memref<256xf32>) -> ()}> ({
// GENERIC-NEXT: ^bb0(%arg3: f32, %arg4: memref<256xf32>, %arg5: memref<256xf32>):
// GENERIC-NEXT: %11 = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %12 = "gpu.block_dim"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %13 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %14 = "arith.muli"(%11, %12) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %15 = "arith.addi"(%14, %13) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %16 = "arith.constant"() <{value = 256 : index}> : () -> index
// GENERIC-NEXT: %17 = "arith.cmpi"(%15, %16) <{predicate = 6 : i64}> : (index, index) -> i1
// GENERIC-NEXT: "scf.if"(%17) ({
// GENERIC-NEXT: %18 = "memref.load"(%arg4, %15) : (memref<256xf32>, index) -> f32
// GENERIC-NEXT: %19 = "memref.load"(%arg5, %15) : (memref<256xf32>, index) -> f32
// GENERIC-NEXT: %20 = "memref.load"(%arg4, %15) : (memref<256xf32>, index) -> f32
// GENERIC-NEXT: %21 = "arith.mulf"(%arg3, %18) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %22 = "arith.mulf"(%arg3, %20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %23 = "arith.maximumf"(%21, %22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %24 = "arith.addf"(%23, %19) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "memref.store"(%24, %arg5, %15) : (f32, memref<256xf32>, index) -> ()
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: }) : (i1) -> ()
// GENERIC-NEXT: "gpu.return"() : () -> ()
// GENERIC-NEXT: }) {gpu.kernel, gpu.known_block_size = array<i32: 64, 1, 1>, sym_name = "axpy", workgroup_attributions = 0 : i64} : () -> ()
// GENERIC-NEXT: "gpu.func"() <{function_type = (memref<256xf32>, memref<4xf32>) -> ()}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<256xf32>, %arg1: memref<4xf32>, %arg2: memref<64xf32, #gpu.address_space<workgroup>>):
// GENERIC-NEXT: %0 = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %1 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC-NEXT: %2 = "arith.constant"() <{value = 32 : index}> : () -> index
// GENERIC-NEXT: %3 = "arith.addi"(%2, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %4 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %5 = "arith.muli"(%0, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %6 = "arith.addi"(%5, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %7 = "memref.load"(%arg0, %6) : (memref<256xf32>, index) -> f32
// GENERIC-NEXT: "memref.store"(%7, %arg2, %1) : (f32, memref<64xf32, #gpu.address_space<workgroup>>, index) -> ()
// GENERIC-NEXT: "gpu.barrier"() : () -> ()
// GENERIC-NEXT: %8 = "memref.load"(%arg2, %1) : (memref<64xf32, #gpu.address_space<workgroup>>, index) -> f32
// GENERIC-NEXT: %9 = "gpu.all_reduce"(%8) <{op = #gpu<all_reduce_op add>, uniform}> ({
// GENERIC-NEXT: }) : (f32) -> f32
// GENERIC-NEXT: %10 = "arith.cmpi"(%1, %4) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT: "scf.if"(%10) ({
// GENERIC-NEXT: "memref.store"(%9, %arg1, %0) : (f32, memref<4xf32>, index) -> ()
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: }) : (i1) -> ()
// GENERIC-NEXT: "gpu.return"() : () -> ()
// GENERIC-NEXT: }) {gpu.kernel, sym_name = "reduce", workgroup_attributions = 1 : i64} : () -> ()
// GENERIC-NEXT: "gpu.module_end"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) {gpu.container_module} : () -> ()

// canonicalize and cse: mlir-opt-19's output.
// CANON: module attributes {gpu.container_module} {
// CANON-NEXT: func.func @host(%arg0: memref<256xf32>, %arg1: memref<256xf32>, %arg2: index) -> f32 {
// CANON-NEXT: %c0 = arith.constant 0 : index
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: %c64 = arith.constant 64 : index
// CANON-NEXT: %c4 = arith.constant 4 : index
// CANON-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CANON-NEXT: %0 = gpu.wait async
// CANON-NEXT: %memref, %asyncToken = gpu.alloc async [%0] () : memref<256xf32>
// CANON-NEXT: %memref_0, %asyncToken_1 = gpu.alloc async [%0] () : memref<256xf32>
// CANON-NEXT: %1 = gpu.memcpy async [%asyncToken] %memref, %arg0 : memref<256xf32>, memref<256xf32>
// CANON-NEXT: %2 = gpu.memcpy async [%asyncToken_1] %memref_0, %arg1 : memref<256xf32>, memref<256xf32>
// CANON-NEXT: %3 = gpu.launch_func async [%1, %2] @kernels::@axpy blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)  args(%cst : f32, %memref : memref<256xf32>, %memref_0 : memref<256xf32>)
// CANON-NEXT: %memref_2, %asyncToken_3 = gpu.alloc async [%3] () : memref<4xf32>
// CANON-NEXT: %4 = gpu.launch_func async [%asyncToken_3] @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)  args(%memref_0 : memref<256xf32>, %memref_2 : memref<4xf32>)
// CANON-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CANON-NEXT: %5 = gpu.memcpy async [%4] %alloc, %memref_2 : memref<4xf32>, memref<4xf32>
// CANON-NEXT: %6 = gpu.dealloc async [%5] %memref : memref<256xf32>
// CANON-NEXT: %7 = gpu.dealloc async [%6] %memref_0 : memref<256xf32>
// CANON-NEXT: %8 = gpu.dealloc async [%7] %memref_2 : memref<4xf32>
// CANON-NEXT: gpu.wait [%8]
// CANON-NEXT: %9 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %cst) -> (f32) {
// CANON-NEXT: %10 = memref.load %alloc[%arg3] : memref<4xf32>
// CANON-NEXT: %11 = arith.addf %arg4, %10 : f32
// CANON-NEXT: scf.yield %11 : f32
// CANON-NEXT: }
// CANON-NEXT: memref.dealloc %alloc : memref<4xf32>
// CANON-NEXT: return %9 : f32
// CANON-NEXT: }
// CANON-NEXT: gpu.module @kernels {
// CANON-NEXT: gpu.func @axpy(%arg0: f32, %arg1: memref<256xf32>, %arg2: memref<256xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
// CANON-NEXT: %c256 = arith.constant 256 : index
// CANON-NEXT: %block_id_x = gpu.block_id  x
// CANON-NEXT: %block_dim_x = gpu.block_dim  x
// CANON-NEXT: %thread_id_x = gpu.thread_id  x
// CANON-NEXT: %0 = arith.muli %block_id_x, %block_dim_x : index
// CANON-NEXT: %1 = arith.addi %0, %thread_id_x : index
// CANON-NEXT: %2 = arith.cmpi ult, %1, %c256 : index
// CANON-NEXT: scf.if %2 {
// CANON-NEXT: %3 = memref.load %arg1[%1] : memref<256xf32>
// CANON-NEXT: %4 = memref.load %arg2[%1] : memref<256xf32>
// CANON-NEXT: %5 = arith.mulf %arg0, %3 : f32
// CANON-NEXT: %6 = arith.maximumf %5, %5 : f32
// CANON-NEXT: %7 = arith.addf %6, %4 : f32
// CANON-NEXT: memref.store %7, %arg2[%1] : memref<256xf32>
// CANON-NEXT: }
// CANON-NEXT: gpu.return
// CANON-NEXT: }
// CANON-NEXT: gpu.func @reduce(%arg0: memref<256xf32>, %arg1: memref<4xf32>) workgroup(%arg2 : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
// CANON-NEXT: %c64 = arith.constant 64 : index
// CANON-NEXT: %c0 = arith.constant 0 : index
// CANON-NEXT: %block_id_x = gpu.block_id  x
// CANON-NEXT: %thread_id_x = gpu.thread_id  x
// CANON-NEXT: %0 = arith.muli %block_id_x, %c64 : index
// CANON-NEXT: %1 = arith.addi %0, %thread_id_x : index
// CANON-NEXT: %2 = memref.load %arg0[%1] : memref<256xf32>
// CANON-NEXT: memref.store %2, %arg2[%thread_id_x] : memref<64xf32, #gpu.address_space<workgroup>>
// CANON-NEXT: gpu.barrier
// CANON-NEXT: %3 = memref.load %arg2[%thread_id_x] : memref<64xf32, #gpu.address_space<workgroup>>
// CANON-NEXT: %4 = gpu.all_reduce  add %3 uniform {
// CANON-NEXT: } : (f32) -> f32
// CANON-NEXT: %5 = arith.cmpi eq, %thread_id_x, %c0 : index
// CANON-NEXT: scf.if %5 {
// CANON-NEXT: memref.store %4, %arg1[%block_id_x] : memref<4xf32>
// CANON-NEXT: }
// CANON-NEXT: gpu.return
// CANON-NEXT: }
// CANON-NEXT: }
// CANON-NEXT: }

module attributes {gpu.container_module} {
  func.func @host(%a: memref<256xf32>, %b: memref<256xf32>, %n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %unused = arith.muli %c4, %c64 : index
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<256xf32>
    %db, %t2 = gpu.alloc async [%t0] () : memref<256xf32>
    %t3 = gpu.memcpy async [%t1] %da, %a : memref<256xf32>, memref<256xf32>
    %t4 = gpu.memcpy async [%t2] %db, %b : memref<256xf32>, memref<256xf32>
    %t5 = gpu.launch_func async [%t3, %t4] @kernels::@axpy blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%cst : f32, %da : memref<256xf32>, %db : memref<256xf32>)
    %sum, %t6 = gpu.alloc async [%t5] () : memref<4xf32>
    %t7 = gpu.launch_func async [%t6] @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%db : memref<256xf32>, %sum : memref<4xf32>)
    %host = memref.alloc() : memref<4xf32>
    %t8 = gpu.memcpy async [%t7] %host, %sum : memref<4xf32>, memref<4xf32>
    %t9 = gpu.dealloc async [%t8] %da : memref<256xf32>
    %t10 = gpu.dealloc async [%t9] %db : memref<256xf32>
    %t11 = gpu.dealloc async [%t10] %sum : memref<4xf32>
    gpu.wait [%t11]
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cst) -> (f32) {
      %v = memref.load %host[%i] : memref<4xf32>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    memref.dealloc %host : memref<4xf32>
    return %r : f32
  }
  gpu.module @kernels {
    gpu.func @axpy(%alpha: f32, %x: memref<256xf32>, %y: memref<256xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %0 = arith.muli %bid, %bdim : index
      %i = arith.addi %0, %tid : index
      %c256 = arith.constant 256 : index
      %in = arith.cmpi ult, %i, %c256 : index
      scf.if %in {
        %xv = memref.load %x[%i] : memref<256xf32>
        %yv = memref.load %y[%i] : memref<256xf32>
        %xv2 = memref.load %x[%i] : memref<256xf32>
        %m0 = arith.mulf %alpha, %xv : f32
        %m1 = arith.mulf %alpha, %xv2 : f32
        %m = arith.maximumf %m0, %m1 : f32
        %r = arith.addf %m, %yv : f32
        memref.store %r, %y[%i] : memref<256xf32>
      }
      gpu.return
    }
    gpu.func @reduce(%y: memref<256xf32>, %out: memref<4xf32>) workgroup(%tmp: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %c64 = arith.addi %c32, %c32 : index
      %c0 = arith.constant 0 : index
      %base = arith.muli %bid, %c64 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %y[%i] : memref<256xf32>
      memref.store %v, %tmp[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tmp[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      %s = gpu.all_reduce add %w uniform {} : (f32) -> f32
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        memref.store %s, %out[%bid] : memref<4xf32>
      }
      gpu.return
    }
  }
}
