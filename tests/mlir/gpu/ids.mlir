// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// The id and size ops with MLIR 19's optional upper_bound, and gpu.printf (their formats come
// from gpu.ops), as mlir-opt-19 prints them.

// CHECK-LABEL: func.func @ids
func.func @ids(%a: i32, %b: f32) {
  // CHECK: %thread_id_x = gpu.thread_id  x upper_bound 64
  // GENERIC: "gpu.thread_id"() <{dimension = #gpu<dim x>, upper_bound = 64 : index}> : () -> index
  %0 = gpu.thread_id x upper_bound 64
  // CHECK: %block_dim_z = gpu.block_dim  z
  %1 = gpu.block_dim z
  // CHECK: %cluster_dim_blocks_y = gpu.cluster_dim_blocks  y upper_bound 8 {tag}
  %2 = gpu.cluster_dim_blocks y upper_bound 8 {tag}
  // CHECK: gpu.lane_id upper_bound 32
  // GENERIC: "gpu.lane_id"() <{upper_bound = 32 : index}> : () -> index
  %3 = gpu.lane_id upper_bound 32
  // CHECK: gpu.lane_id{{$}}
  %4 = gpu.lane_id
  // CHECK: gpu.subgroup_id upper_bound 4 : index
  %5 = gpu.subgroup_id upper_bound 4 : index
  // CHECK: gpu.num_subgroups : index
  %6 = gpu.num_subgroups : index
  // CHECK: gpu.subgroup_size upper_bound 16 : index
  %7 = gpu.subgroup_size upper_bound 16 : index
  // CHECK: gpu.printf "a %d b %f" %{{.*}}, %{{.*}} : i32, f32
  // GENERIC: "gpu.printf"(%{{.*}}, %{{.*}}) <{format = "a %d b %f"}> : (i32, f32) -> ()
  gpu.printf "a %d b %f" %a, %b : i32, f32
  // CHECK: gpu.printf "plain"
  gpu.printf "plain"
  return
}
