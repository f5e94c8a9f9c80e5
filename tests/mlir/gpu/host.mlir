// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// ORACLE: skip (until func.func is registered: the host functions are generic func ops)

// The host side: launch_func (async, clusters, i32 sizes, shared memory, kernel operands),
// launch with its region, alloc/dealloc/memcpy/memset/wait with async tokens, in a module
// marked gpu.container_module (host functions in generic func form).

// CHECK: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%arg0 : f32, %arg1 : memref<?xf32, 1>) kernel {
      gpu.return
    }
    gpu.func @empty() kernel {
      gpu.return
    }
  }
  "func.func"() ({
  ^bb0(%f : f32, %m : memref<?xf32, 1>, %c1 : index, %i : i32):
    // CHECK: gpu.launch_func @kernels::@kernel blocks in (%[[C1:[^,]*]], %[[C1]], %[[C1]]) threads in (%[[C1]], %[[C1]], %[[C1]]) args(%[[F:.*]] : f32, %[[M:.*]] : memref<?xf32, 1>)
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%f : f32, %m : memref<?xf32, 1>)
    // CHECK-NEXT: gpu.launch_func @kernels::@empty blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C1]], %[[C1]], %[[C1]]){{ *$}}
    gpu.launch_func @kernels::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK-NEXT: gpu.launch_func @kernels::@empty blocks in (%[[I:[^,]*]], %[[I]], %[[I]]) threads in (%[[I]], %[[I]], %[[I]]) : i32 dynamic_shared_memory_size %[[I]] {foo}
    gpu.launch_func @kernels::@empty blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %i {foo}
    // CHECK-NEXT: gpu.launch_func @kernels::@empty clusters in (%[[C1]], %[[C1]], %[[C1]]) blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C1]], %[[C1]], %[[C1]])
    gpu.launch_func @kernels::@empty clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK-NEXT: %[[T0:.*]] = gpu.wait async
    %t0 = gpu.wait async
    // CHECK-NEXT: %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@empty blocks in
    %t1 = gpu.launch_func async [%t0] @kernels::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK-NEXT: %[[T2:.*]] = gpu.wait async [%[[T0]], %[[T1]]]
    %t2 = gpu.wait async [%t0, %t1]
    // CHECK-NEXT: gpu.wait [%[[T2]]]
    gpu.wait [%t2]
    // CHECK-NEXT: gpu.wait{{ *$}}
    gpu.wait
    // CHECK-NEXT: %[[A:.*]] = gpu.alloc host_shared () : memref<10x20xbf16>
    %a = gpu.alloc host_shared () : memref<10x20xbf16>
    // CHECK-NEXT: {{.*}} = gpu.alloc async [%[[T0]]] (%[[C1]]) : memref<?xf32, 1>
    %b, %t3 = gpu.alloc async [%t0] (%c1) : memref<?xf32, 1>
    // CHECK-NEXT: %[[T4:.*]] = gpu.memcpy async [%{{.*}}] %{{.*}}, %[[M]] : memref<?xf32, 1>, memref<?xf32, 1>
    %t4 = gpu.memcpy async [%t3] %b, %m : memref<?xf32, 1>, memref<?xf32, 1>
    // CHECK-NEXT: gpu.memcpy %[[M]], %{{.*}} : memref<?xf32, 1>, memref<?xf32, 1>
    gpu.memcpy %m, %b : memref<?xf32, 1>, memref<?xf32, 1>
    // CHECK-NEXT: %[[T5:.*]] = gpu.memset async [%[[T4]]] %{{.*}}, %[[F]] : memref<?xf32, 1>, f32
    %t5 = gpu.memset async [%t4] %b, %f : memref<?xf32, 1>, f32
    // CHECK-NEXT: gpu.memset %[[M]], %[[F]] : memref<?xf32, 1>, f32
    gpu.memset %m, %f : memref<?xf32, 1>, f32
    // CHECK-NEXT: gpu.dealloc async [%[[T5]]] %{{.*}} : memref<?xf32, 1>
    %t6 = gpu.dealloc async [%t5] %b : memref<?xf32, 1>
    // CHECK-NEXT: gpu.dealloc %[[A]] : memref<10x20xbf16>
    gpu.dealloc %a : memref<10x20xbf16>
    // CHECK-NEXT: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) {
    // CHECK-NEXT: gpu.block_id x
    // CHECK-NEXT: gpu.terminator
    // CHECK-NEXT: }
    gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %c1) {
      %id = gpu.block_id x
      gpu.terminator
    }
    // CHECK-NEXT: %{{.*}} = gpu.launch async [%[[T0]]] clusters(%{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) blocks(%{{.*}}) in ({{.*}}) threads(%{{.*}}) in ({{.*}}) dynamic_shared_memory_size %[[I]] workgroup(%{{.*}} : memref<4xf32, #gpu.address_space<workgroup>>) private(%{{.*}} : memref<1xf32, #gpu.address_space<private>>) {
    // CHECK-NEXT: gpu.terminator
    // CHECK-NEXT: } {bar}
    %t7 = gpu.launch async [%t0] clusters(%cx, %cy, %cz) in (%csx = %c1, %csy = %c1, %csz = %c1) blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %c1) dynamic_shared_memory_size %i workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) private(%p : memref<1xf32, #gpu.address_space<private>>) {
      gpu.terminator
    } {bar}
    "func.return"() : () -> ()
  }) {function_type = (f32, memref<?xf32, 1>, index, i32) -> (), sym_name = "main"} : () -> ()
}
