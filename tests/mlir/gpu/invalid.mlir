// Invalid gpu IR: each piece is rejected with mlir-opt-19's located message (the first one;
// spvkit goes on verifying where MLIR stops). Host code is in generic func form.
// ORACLE: skip (split-file pieces of invalid IR)
// RUN: split-file %s %t
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_undefined_container.mlir 2>&1 | FileCheck %t/launch_func_undefined_container.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_no_container_module.mlir 2>&1 | FileCheck %t/launch_func_no_container_module.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_not_gpu_module.mlir 2>&1 | FileCheck %t/launch_func_not_gpu_module.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_undefined_function.mlir 2>&1 | FileCheck %t/launch_func_undefined_function.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_not_a_function.mlir 2>&1 | FileCheck %t/launch_func_not_a_function.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_not_kernel.mlir 2>&1 | FileCheck %t/launch_func_not_kernel.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_operand_count.mlir 2>&1 | FileCheck %t/launch_func_operand_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_operand_type.mlir 2>&1 | FileCheck %t/launch_func_operand_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_kernel_not_symbol.mlir 2>&1 | FileCheck %t/launch_func_kernel_not_symbol.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_operand_attr.mlir 2>&1 | FileCheck %t/launch_func_operand_attr.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_no_op_no_body.mlir 2>&1 | FileCheck %t/all_reduce_no_op_no_body.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_op_and_body.mlir 2>&1 | FileCheck %t/all_reduce_op_and_body.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_invalid_op.mlir 2>&1 | FileCheck %t/all_reduce_invalid_op.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_op_type.mlir 2>&1 | FileCheck %t/all_reduce_op_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/subgroup_reduce_op_type.mlir 2>&1 | FileCheck %t/subgroup_reduce_op_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_region_arguments.mlir 2>&1 | FileCheck %t/all_reduce_region_arguments.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_region_argument_type.mlir 2>&1 | FileCheck %t/all_reduce_region_argument_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_yield_count.mlir 2>&1 | FileCheck %t/all_reduce_yield_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/all_reduce_yield_type.mlir 2>&1 | FileCheck %t/all_reduce_yield_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/shuffle_result_type.mlir 2>&1 | FileCheck %t/shuffle_result_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/shuffle_value_type.mlir 2>&1 | FileCheck %t/shuffle_value_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_unnamed_arguments.mlir 2>&1 | FileCheck %t/func_unnamed_arguments.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_type_not_function.mlir 2>&1 | FileCheck %t/func_type_not_function.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_attribution_not_memref.mlir 2>&1 | FileCheck %t/func_attribution_not_memref.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_workgroup_space.mlir 2>&1 | FileCheck %t/func_workgroup_space.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_private_space.mlir 2>&1 | FileCheck %t/func_private_space.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/return_count.mlir 2>&1 | FileCheck %t/return_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/kernel_results.mlir 2>&1 | FileCheck %t/kernel_results.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_body_arguments.mlir 2>&1 | FileCheck %t/func_body_arguments.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/func_no_body.mlir 2>&1 | FileCheck %t/func_no_body.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/wait_named_without_results.mlir 2>&1 | FileCheck %t/wait_named_without_results.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/wait_async_unnamed.mlir 2>&1 | FileCheck %t/wait_async_unnamed.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/memcpy_element_type.mlir 2>&1 | FileCheck %t/memcpy_element_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/memcpy_shape.mlir 2>&1 | FileCheck %t/memcpy_shape.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/memset_element_type.mlir 2>&1 | FileCheck %t/memset_element_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_terminator.mlir 2>&1 | FileCheck %t/launch_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_region_arguments.mlir 2>&1 | FileCheck %t/launch_region_arguments.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/alloc_too_many_sizes.mlir 2>&1 | FileCheck %t/alloc_too_many_sizes.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/alloc_missing_sizes.mlir 2>&1 | FileCheck %t/alloc_missing_sizes.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/terminator_parent.mlir 2>&1 | FileCheck %t/terminator_parent.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/return_parent.mlir 2>&1 | FileCheck %t/return_parent.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/thread_id_dimension.mlir 2>&1 | FileCheck %t/thread_id_dimension.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/thread_id_result_type.mlir 2>&1 | FileCheck %t/thread_id_result_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/lane_id_upper_bound.mlir 2>&1 | FileCheck %t/lane_id_upper_bound.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/subgroup_size_no_result.mlir 2>&1 | FileCheck %t/subgroup_size_no_result.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/module_end_parent.mlir 2>&1 | FileCheck %t/module_end_parent.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/shuffle_result_count.mlir 2>&1 | FileCheck %t/shuffle_result_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/alloc_token_count.mlir 2>&1 | FileCheck %t/alloc_token_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/wait_token_count.mlir 2>&1 | FileCheck %t/wait_token_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/alloc_no_result.mlir 2>&1 | FileCheck %t/alloc_no_result.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/launch_func_object_count.mlir 2>&1 | FileCheck %t/launch_func_object_count.mlir

//--- launch_func_undefined_container.mlir
// CHECK: launch_func_undefined_container.mlir:[[# @LINE + 4]]:5: error: 'gpu.launch_func' op kernel container 'kernels' is undefined
module attributes {gpu.container_module} {
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_no_container_module.mlir
// CHECK: launch_func_no_container_module.mlir:[[# @LINE + 3]]:3: error: 'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute
"func.func"() ({
^bb0(%sz: index):
  gpu.launch_func @foo::@bar blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
  "func.return"() : () -> ()
}) {function_type = (index) -> (), sym_name = "f"} : () -> ()

//--- launch_func_not_gpu_module.mlir
// CHECK: launch_func_not_gpu_module.mlir:[[# @LINE + 6]]:5: error: 'gpu.launch_func' op kernel module 'kernels' is undefined
module attributes {gpu.container_module} {
  module @kernels {
  }
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_undefined_function.mlir
// CHECK: launch_func_undefined_function.mlir:[[# @LINE + 5]]:5: error: 'gpu.launch_func' op kernel function '@kernels::@kernel_1' is undefined
module attributes {gpu.container_module} {
  gpu.module @kernels { }
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_not_a_function.mlir
// CHECK: launch_func_not_a_function.mlir:[[# @LINE + 8]]:5: error: 'gpu.launch_func' op referenced kernel '@kernels::@kernel_1' is not a function
// CHECK-NEXT: launch_func_not_a_function.mlir:[[# @LINE + 3]]:5: note: see the kernel definition here
module attributes {gpu.container_module} {
  gpu.module @kernels {
    "memref.global"() <{sym_name = "kernel_1", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
  }
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_not_kernel.mlir
// CHECK: launch_func_not_kernel.mlir:[[# @LINE + 9]]:5: error: 'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) {
      gpu.return
    }
  }
  "func.func"() ({
  ^bb0(%sz: index, %arg: f32):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f32)
    "func.return"() : () -> ()
  }) {function_type = (index, f32) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_operand_count.mlir
// CHECK: launch_func_operand_count.mlir:[[# @LINE + 9]]:5: error: 'gpu.launch_func' op got 2 kernel operands but expected 1
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) kernel {
      gpu.return
    }
  }
  "func.func"() ({
  ^bb0(%sz: index, %arg: f32):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f32, %arg : f32)
    "func.return"() : () -> ()
  }) {function_type = (index, f32) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_operand_type.mlir
// CHECK: launch_func_operand_type.mlir:[[# @LINE + 9]]:5: error: 'gpu.launch_func' op type of function argument 0 does not match
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) kernel {
      gpu.return
    }
  }
  "func.func"() ({
  ^bb0(%sz: index, %arg: f16):
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f16)
    "func.return"() : () -> ()
  }) {function_type = (index, f16) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_kernel_not_symbol.mlir
// CHECK: launch_func_kernel_not_symbol.mlir:[[# @LINE + 4]]:21: error: custom op 'gpu.launch_func' invalid kind of attribute specified
module attributes {gpu.container_module} {
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func "foo" blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- launch_func_operand_attr.mlir
// CHECK: launch_func_operand_attr.mlir:[[# @LINE + 4]]:101: error: expected ')' in argument list
module attributes {gpu.container_module} {
  "func.func"() ({
  ^bb0(%sz: index):
    gpu.launch_func @foo::@bar blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%sz : index {foo})
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}

//--- all_reduce_no_op_no_body.mlir
// CHECK: all_reduce_no_op_no_body.mlir:[[# @LINE + 3]]:10: error: expected either an op attribute or a non-empty body
"func.func"() ({
^bb0(%arg0: f32):
  %res = "gpu.all_reduce"(%arg0) ({}) : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_op_and_body.mlir
// CHECK: all_reduce_op_and_body.mlir:[[# @LINE + 3]]:10: error: expected either an op attribute or a non-empty body
"func.func"() ({
^bb0(%arg0: f32):
  %res = "gpu.all_reduce"(%arg0) ({
  ^bb(%lhs : f32, %rhs : f32):
    "gpu.yield"(%lhs) : (f32) -> ()
  }) {op = #gpu<all_reduce_op add>} : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_invalid_op.mlir
// CHECK: all_reduce_invalid_op.mlir:[[# @LINE + 3]]:29: error: custom op 'gpu.all_reduce' invalid op kind
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce foo %arg0 {} : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_op_type.mlir
// CHECK: all_reduce_op_type.mlir:[[# @LINE + 3]]:10: error: `and` reduction operation is not compatible with type 'f32'
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce and %arg0 {} : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- subgroup_reduce_op_type.mlir
// CHECK: subgroup_reduce_op_type.mlir:[[# @LINE + 3]]:10: error: `and` reduction operation is not compatible with type 'f32'
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.subgroup_reduce and %arg0 : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_region_arguments.mlir
// CHECK: all_reduce_region_arguments.mlir:[[# @LINE + 3]]:10: error: expected two region arguments
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce %arg0 {
  ^bb(%lhs : f32):
    "gpu.yield"(%lhs) : (f32) -> ()
  } : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_region_argument_type.mlir
// CHECK: all_reduce_region_argument_type.mlir:[[# @LINE + 3]]:10: error: incorrect region argument type
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce %arg0 {
  ^bb(%lhs : f32, %rhs : i32):
    "gpu.yield"(%lhs) : (f32) -> ()
  } : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_yield_count.mlir
// CHECK: all_reduce_yield_count.mlir:[[# @LINE + 3]]:10: error: expected one gpu.yield operand
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce %arg0 {
  ^bb(%lhs : f32, %rhs : f32):
    "gpu.yield"(%lhs, %rhs) : (f32, f32) -> ()
  } : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- all_reduce_yield_type.mlir
// CHECK: all_reduce_yield_type.mlir:[[# @LINE + 3]]:10: error: incorrect gpu.yield type
"func.func"() ({
^bb0(%arg0: f32):
  %res = gpu.all_reduce %arg0 {
  ^bb(%lhs : f32, %rhs : f32):
    %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "gpu.yield"(%one) : (i32) -> ()
  } : (f32) -> (f32)
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "f"} : () -> ()

//--- shuffle_result_type.mlir
// CHECK: shuffle_result_type.mlir:[[# @LINE + 3]]:18: error: 'gpu.shuffle' op failed to verify that all of {value, shuffleResult} have same type
"func.func"() ({
^bb0(%arg0: f32, %arg1: i32, %arg2: i32):
  %shfl, %pred = "gpu.shuffle"(%arg0, %arg1, %arg2) { mode = #gpu<shuffle_mode xor> } : (f32, i32, i32) -> (i32, i1)
  "func.return"() : () -> ()
}) {function_type = (f32, i32, i32) -> (), sym_name = "f"} : () -> ()

//--- shuffle_value_type.mlir
// CHECK: shuffle_value_type.mlir:[[# @LINE + 3]]:18: error: 'gpu.shuffle' op operand #0 must be i32, i64, f32 or f64, but got 'index'
"func.func"() ({
^bb0(%arg0: index, %arg1: i32, %arg2: i32):
  %shfl, %pred = gpu.shuffle xor %arg0, %arg1, %arg2 : index
  "func.return"() : () -> ()
}) {function_type = (index, i32, i32) -> (), sym_name = "f"} : () -> ()

//--- func_unnamed_arguments.mlir
// CHECK: func_unnamed_arguments.mlir:[[# @LINE + 2]]:21: error: custom op 'gpu.func' gpu.func requires named arguments
gpu.module @gpu_funcs {
  gpu.func @kernel_1(f32, f32) {
  ^bb0(%arg0: f32):
    gpu.return
  }
}

//--- func_type_not_function.mlir
// CHECK: func_type_not_function.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type
gpu.module @gpu_funcs {
  "gpu.func"() ({
    gpu.return
  }) {sym_name="kernel_1", function_type=f32} : () -> ()
}

//--- func_attribution_not_memref.mlir
// CHECK: func_attribution_not_memref.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected memref type in attribution
gpu.module @gpu_funcs {
  gpu.func @kernel() workgroup(%0: i32) {
    gpu.return
  }
}

//--- func_workgroup_space.mlir
// CHECK: func_workgroup_space.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected memory space workgroup in attribution
gpu.module @gpu_funcs {
  gpu.func @kernel() workgroup(%0: memref<4xf32, #gpu.address_space<private>>) {
    gpu.return
  }
}

//--- func_private_space.mlir
// CHECK: func_private_space.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected memory space private in attribution
gpu.module @gpu_funcs {
  gpu.func @kernel() private(%0: memref<4xf32, #gpu.address_space<workgroup>>) {
    gpu.return
  }
}

//--- return_count.mlir
// CHECK: return_count.mlir:[[# @LINE + 5]]:5: error: 'gpu.return' op expected 0 result operands
// CHECK-NEXT: return_count.mlir:[[# @LINE + 2]]:3: note: return type declared here
gpu.module @gpu_funcs {
  gpu.func @kernel() {
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    gpu.return %0 : index
  }
}

//--- kernel_results.mlir
// CHECK: kernel_results.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected void return type for kernel function
gpu.module @gpu_funcs {
  gpu.func @kernel() -> index kernel {
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    gpu.return
  }
}

//--- func_body_arguments.mlir
// CHECK: func_body_arguments.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected at least 5 arguments to body region
gpu.module @gpu_funcs {
  "gpu.func"() ({
  ^bb0(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<5xf32, 3>, %arg3: memref<5xf32, 5>):
    "gpu.return"() : () -> ()
  } ) {function_type = (f32, memref<?xf32>) -> (), gpu.kernel, sym_name = "kernel_1", workgroup_attributions = 3: i64} : () -> ()
}

//--- func_no_body.mlir
// CHECK: func_no_body.mlir:[[# @LINE + 2]]:3: error: 'gpu.func' op expected body with at least one block
gpu.module @gpu_funcs {
  "gpu.func"() ({}) {function_type = () -> (), gpu.kernel, sym_name = "kernel"} : () -> ()
}

//--- wait_named_without_results.mlir
// CHECK: wait_named_without_results.mlir:[[# @LINE + 2]]:3: error: cannot name an operation with no results
"func.func"() ({
  %t = gpu.wait
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- wait_async_unnamed.mlir
// CHECK: wait_async_unnamed.mlir:[[# @LINE + 2]]:12: error: custom op 'gpu.wait' needs to be named when marked 'async'
"func.func"() ({
  gpu.wait async
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- memcpy_element_type.mlir
// CHECK: memcpy_element_type.mlir:[[# @LINE + 3]]:3: error: 'gpu.memcpy' op arguments have incompatible element type
"func.func"() ({
^bb0(%dst: memref<?xf32>, %src: memref<?xi32>):
  gpu.memcpy %dst, %src  : memref<?xf32>, memref<?xi32>
  "func.return"() : () -> ()
}) {function_type = (memref<?xf32>, memref<?xi32>) -> (), sym_name = "f"} : () -> ()

//--- memcpy_shape.mlir
// CHECK: memcpy_shape.mlir:[[# @LINE + 3]]:3: error: 'gpu.memcpy' op arguments have incompatible shape
"func.func"() ({
^bb0(%dst: memref<7xf32>, %src: memref<9xf32>):
  gpu.memcpy %dst, %src  : memref<7xf32>, memref<9xf32>
  "func.return"() : () -> ()
}) {function_type = (memref<7xf32>, memref<9xf32>) -> (), sym_name = "f"} : () -> ()

//--- memset_element_type.mlir
// CHECK: memset_element_type.mlir:[[# @LINE + 3]]:3: error: 'gpu.memset' op failed to verify that all of {dst, value} have same element type
"func.func"() ({
^bb0(%dst: memref<?xf32>, %value: i32):
  gpu.memset %dst, %value  : memref<?xf32>, i32
  "func.return"() : () -> ()
}) {function_type = (memref<?xf32>, i32) -> (), sym_name = "f"} : () -> ()

//--- launch_terminator.mlir
// CHECK: launch_terminator.mlir:[[# @LINE + 7]]:5: error: expected 'gpu.terminator' or a terminator with successors
// CHECK-NEXT: launch_terminator.mlir:[[# @LINE + 3]]:3: note: in 'gpu.launch' body region
"func.func"() ({
^bb0(%sz: index):
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) {
    %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "gpu.yield"(%one) : (i32) -> ()
  }
  "func.return"() : () -> ()
}) {function_type = (index) -> (), sym_name = "f"} : () -> ()

//--- launch_region_arguments.mlir
// CHECK: launch_region_arguments.mlir:[[# @LINE + 3]]:3: error: 'gpu.launch' op unexpected number of region arguments
"func.func"() ({
^bb0(%sz: index):
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz) ({
  ^bb1(%bx: index, %by: index, %bz: index,
       %tx: index, %ty: index, %tz: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>} : (index, index, index, index, index, index) -> ()
  "func.return"() : () -> ()
}) {function_type = (index) -> (), sym_name = "f"} : () -> ()

//--- alloc_too_many_sizes.mlir
// CHECK: alloc_too_many_sizes.mlir:[[# @LINE + 3]]:8: error: 'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count
"func.func"() ({
^bb0(%sz: index):
  %0 = gpu.alloc (%sz) : memref<4xf32>
  "func.return"() : () -> ()
}) {function_type = (index) -> (), sym_name = "f"} : () -> ()

//--- alloc_missing_sizes.mlir
// CHECK: alloc_missing_sizes.mlir:[[# @LINE + 3]]:8: error: 'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count
"func.func"() ({
^bb0(%sz: index):
  %0 = gpu.alloc () : memref<?xf32>
  "func.return"() : () -> ()
}) {function_type = (index) -> (), sym_name = "f"} : () -> ()

//--- terminator_parent.mlir
// CHECK: terminator_parent.mlir:[[# @LINE + 2]]:3: error: 'gpu.terminator' op expects parent op 'gpu.launch'
"func.func"() ({
  gpu.terminator
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- return_parent.mlir
// CHECK: return_parent.mlir:[[# @LINE + 2]]:3: error: 'gpu.return' op expects parent op 'gpu.func'
"func.func"() ({
  gpu.return
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- thread_id_dimension.mlir
// CHECK: thread_id_dimension.mlir:[[# @LINE + 2]]:22: error: custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z
"func.func"() ({
  %0 = gpu.thread_id w
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- thread_id_result_type.mlir
// CHECK: thread_id_result_type.mlir:[[# @LINE + 2]]:8: error: 'gpu.thread_id' op result #0 must be index, but got 'i32'
"func.func"() ({
  %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> i32
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- lane_id_upper_bound.mlir
// CHECK: lane_id_upper_bound.mlir:[[# @LINE + 2]]:8: error: 'gpu.lane_id' op attribute 'upper_bound' failed to satisfy constraint: index attribute
"func.func"() ({
  %0 = "gpu.lane_id"() <{upper_bound = 4 : i32}> : () -> index
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- subgroup_size_no_result.mlir
// CHECK: subgroup_size_no_result.mlir:[[# @LINE + 2]]:3: error: 'gpu.subgroup_size' op requires one result
"func.func"() ({
  "gpu.subgroup_size"() : () -> ()
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- module_end_parent.mlir
// CHECK: module_end_parent.mlir:[[# @LINE + 2]]:3: error: 'gpu.module_end' op expects parent op 'gpu.module'
"func.func"() ({
  gpu.module_end
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

//--- shuffle_result_count.mlir
// CHECK: shuffle_result_count.mlir:[[# @LINE + 2]]:8: error: 'gpu.shuffle' op expected 2 results
func.func @f(%i: index, %j: i32, %f: f32, %m: memref<4xf32>, %t: !gpu.async.token) {
  %a = "gpu.shuffle"(%f, %j, %j) {mode = #gpu<shuffle_mode xor>} : (f32, i32, i32) -> (f32)
  return
}

//--- alloc_token_count.mlir
// CHECK: alloc_token_count.mlir:[[# @LINE + 2]]:10: error: 'gpu.alloc' op result group starting at #1 requires 0 or 1 element, but found 2
func.func @f(%i: index, %j: i32, %f: f32, %m: memref<4xf32>, %t: !gpu.async.token) {
  %a:3 = "gpu.alloc"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> (memref<4xf32>, !gpu.async.token, i32)
  return
}

//--- wait_token_count.mlir
// CHECK: wait_token_count.mlir:[[# @LINE + 2]]:10: error: 'gpu.wait' op result group starting at #0 requires 0 or 1 element, but found 2
func.func @f(%i: index, %j: i32, %f: f32, %m: memref<4xf32>, %t: !gpu.async.token) {
  %a:2 = "gpu.wait"() : () -> (!gpu.async.token, !gpu.async.token)
  return
}

//--- alloc_no_result.mlir
// CHECK: alloc_no_result.mlir:[[# @LINE + 2]]:3: error: 'gpu.alloc' op expected 1 or more results
func.func @f(%i: index, %j: i32, %f: f32, %m: memref<4xf32>, %t: !gpu.async.token) {
  "gpu.alloc"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> ()
  return
}

//--- launch_func_object_count.mlir
// CHECK: launch_func_object_count.mlir:[[# @LINE + 3]]:5: error: 'gpu.launch_func' op operand group starting at #6 requires 0 or 1 element, but found 2
func.func @f(%c: i1, %i: index, %j: i32) {
  "test.r"() ({
    "gpu.launch_func"(%i, %i, %i, %i, %i, %i, %i, %i) {kernel = @a::@b, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2>} : (index, index, index, index, index, index, index, index) -> ()
  }) : () -> ()
  return
}
