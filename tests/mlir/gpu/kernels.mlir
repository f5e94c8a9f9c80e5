// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// The device side: gpu.module with targets, gpu.func with attributions, ids and dimensions,
// subgroup operations and terminators, as mlir-opt-19 prints them.

// CHECK-LABEL: gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>] {
gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>] {
  // CHECK: gpu.func @kernel_1(%[[A0:.*]]: f32, %[[A1:.*]]: memref<?xf32, 1>, %[[W:.*]]: i32) workgroup(%[[WG:.*]] : memref<32xf32, #gpu.address_space<workgroup>>) private(%[[P:.*]] : memref<1xf32, #gpu.address_space<private>>) kernel attributes {foo} {
  gpu.func @kernel_1(%arg0 : f32, %arg1 : memref<?xf32, 1>, %w : i32)
      workgroup(%wg : memref<32xf32, #gpu.address_space<workgroup>>)
      private(%p : memref<1xf32, #gpu.address_space<private>>) kernel attributes {foo} {
    // CHECK-NEXT: gpu.thread_id x
    %tx = gpu.thread_id x
    // CHECK-NEXT: gpu.thread_id y
    %ty = gpu.thread_id y
    // CHECK-NEXT: gpu.block_dim z
    %bdz = gpu.block_dim z
    // CHECK-NEXT: gpu.block_id x
    %bx = gpu.block_id x
    // CHECK-NEXT: gpu.grid_dim y
    %gy = gpu.grid_dim y
    // CHECK-NEXT: gpu.global_id z
    %gz = gpu.global_id z
    // CHECK-NEXT: gpu.cluster_id x
    %cx = gpu.cluster_id x
    // CHECK-NEXT: gpu.cluster_dim y
    %cy = gpu.cluster_dim y
    // CHECK-NEXT: gpu.cluster_block_id z
    %cbz = gpu.cluster_block_id z
    // CHECK-NEXT: gpu.cluster_dim_blocks x
    %cdx = gpu.cluster_dim_blocks x
    // CHECK-NEXT: gpu.lane_id
    %lane = gpu.lane_id
    // CHECK-NEXT: gpu.subgroup_id : index
    %sg = gpu.subgroup_id : index
    // CHECK-NEXT: gpu.num_subgroups : index
    %nsg = gpu.num_subgroups : index
    // CHECK-NEXT: gpu.subgroup_size : index
    %sgs = gpu.subgroup_size : index
    // CHECK-NEXT: gpu.barrier
    gpu.barrier
    // CHECK-NEXT: gpu.shuffle xor %[[A0]], %[[W]], %[[W]] : f32
    %s0, %v0 = gpu.shuffle xor %arg0, %w, %w : f32
    // CHECK-NEXT: gpu.shuffle up %[[A0]], %[[W]], %[[W]] : f32
    %s1, %v1 = gpu.shuffle up %arg0, %w, %w : f32
    // CHECK-NEXT: gpu.shuffle down %[[A0]], %[[W]], %[[W]] : f32
    %s2, %v2 = gpu.shuffle down %arg0, %w, %w : f32
    // CHECK-NEXT: gpu.shuffle idx %[[W]], %[[W]], %[[W]] : i32
    %s3, %v3 = gpu.shuffle idx %w, %w, %w : i32
    // CHECK-NEXT: gpu.all_reduce add %[[A0]] {
    // CHECK-NEXT: } : (f32) -> f32
    %sum = gpu.all_reduce add %arg0 {} : (f32) -> (f32)
    // CHECK-NEXT: gpu.all_reduce maxnumf %[[A0]] uniform {
    // CHECK-NEXT: } : (f32) -> f32
    %max = gpu.all_reduce maxnumf %arg0 uniform {} : (f32) -> f32
    // CHECK-NEXT: gpu.all_reduce %[[A0]] {
    // CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
    // CHECK-NEXT: gpu.yield %[[L]] : f32
    // CHECK-NEXT: } : (f32) -> f32
    %first = gpu.all_reduce %arg0 {
    ^bb(%lhs : f32, %rhs : f32):
      gpu.yield %lhs : f32
    } : (f32) -> (f32)
    // CHECK-NEXT: gpu.subgroup_reduce add %[[A0]] : (f32) -> f32
    %r0 = gpu.subgroup_reduce add %arg0 : (f32) -> f32
    // CHECK-NEXT: gpu.subgroup_reduce xor %[[W]] uniform : (i32) -> i32
    %r1 = gpu.subgroup_reduce xor %w uniform : (i32) -> i32
    // CHECK-NEXT: gpu.printf "lane %d" %[[W]] : i32
    gpu.printf "lane %d" %w : i32
    // CHECK-NEXT: gpu.printf "]"
    gpu.printf "]"
    // CHECK-NEXT: gpu.return
    gpu.return
  }

  // CHECK: gpu.func @device(%{{.*}}: f32 {foo.bar = 1 : i32}, %{{.*}}: index) -> (f32 {foo.res}) attributes {known_block_size = array<i32: 64, 1, 1>} {
  gpu.func @device(%a : f32 {foo.bar = 1 : i32}, %i : index) -> (f32 {foo.res}) attributes {known_block_size = array<i32: 64, 1, 1>} {
    // CHECK-NEXT: gpu.return %{{.*}} : f32
    gpu.return %a : f32
  }

  // Attributions with attributes and no kernel keyword; empty attribution lists are dropped.
  // CHECK: gpu.func @attributed() workgroup(%{{.*}} : memref<4xf32, 3> {foo.a}, %{{.*}} : memref<8xf32, 3>) {
  gpu.func @attributed() workgroup(%x : memref<4xf32, 3> {foo.a}, %y : memref<8xf32, 3>) private() {
    gpu.return
  }
  // CHECK: gpu.func @empty() {
  gpu.func @empty() workgroup() private() {
    gpu.return
  }
}

// An empty module keeps its implicit terminator; a handler goes before the targets.
// CHECK: gpu.module @empty {
// CHECK-NEXT: }
gpu.module @empty {
}
// CHECK: gpu.module @handled <#gpu.select_object<0 : i64>> [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>] attributes {foo.x} {
gpu.module @handled <#gpu.select_object<0>> [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>] attributes {foo.x} {
  gpu.module_end
}
