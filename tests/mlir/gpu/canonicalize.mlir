// RUN: %spvkit opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize)' %s | FileCheck %s
// ORACLE: skip (an unregistered test op and generic func ops)

// MLIR 19's gpu canonicalizations (mlir-opt-19 --canonicalize leaves the same): repeated
// barriers, waits on dependency-free waits, waits with nothing to do, a copy into memory only
// allocated and freed, group reductions made uniform in a gpu.launch's entry block.

// CHECK-LABEL: gpu.func @f(
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.return
// CHECK: func.func @w(%{{.*}}: memref<4xf32>, %[[V:.*]]: f32, %{{.*}}: index)
// CHECK-NEXT: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[D:[^ ,:]*]]{{(:2|, )}}{{.*}} = gpu.alloc async [%[[T0]]] () : memref<4xf32>
// CHECK-NEXT: %[[T5:.*]] = gpu.dealloc async [%{{.*}}] %{{.*}} : memref<4xf32>
// CHECK-NEXT: gpu.launch
// CHECK-NEXT: gpu.all_reduce add %[[V]] uniform {
// CHECK-NEXT: } : (f32) -> f32
// CHECK-NEXT: gpu.subgroup_reduce add %[[V]] uniform : (f32) -> f32
// CHECK-NOT: gpu.memcpy
// CHECK-NOT: gpu.wait
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a : f32) kernel {
      gpu.barrier
      gpu.barrier
      gpu.barrier
      gpu.return
    }
  }
  "func.func"() ({
  ^bb0(%m : memref<4xf32>, %v : f32, %c1 : index):
    %t0 = gpu.wait async
    %t1 = gpu.wait async [%t0]
    %t2 = gpu.wait async
    gpu.wait [%t0, %t2]
    gpu.wait
    %unused = gpu.wait async
    %d, %t3 = gpu.alloc async [%t1] () : memref<4xf32>
    %t4 = gpu.memcpy async [%t3] %d, %m : memref<4xf32>, memref<4xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %c1) {
      %r = gpu.all_reduce add %v {} : (f32) -> (f32)
      %s = gpu.subgroup_reduce add %v : (f32) -> (f32)
      "test.use"(%r, %s) : (f32, f32) -> ()
      gpu.terminator
    }
    "func.return"(%t5) : (!gpu.async.token) -> ()
  }) {function_type = (memref<4xf32>, f32, index) -> !gpu.async.token, sym_name = "w"} : () -> ()
}
