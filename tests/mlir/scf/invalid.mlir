// Invalid scf IR: each piece is rejected with mlir-opt-19's located error (expected lines from
// `mlir-opt-19 --allow-unregistered-dialect`).
// RUN: rm -rf %t && split-file %s %t
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_result_count.mlir 2>&1 | FileCheck %t/for_result_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_result_type.mlir 2>&1 | FileCheck %t/for_result_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_iter_args_count.mlir 2>&1 | FileCheck %t/for_iter_args_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_yield_count.mlir 2>&1 | FileCheck %t/for_yield_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_yield_type.mlir 2>&1 | FileCheck %t/for_yield_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_init_type.mlir 2>&1 | FileCheck %t/for_init_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_iv_type.mlir 2>&1 | FileCheck %t/for_iv_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_missing_yield_values.mlir 2>&1 | FileCheck %t/for_missing_yield_values.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_extra_yield_values.mlir 2>&1 | FileCheck %t/for_extra_yield_values.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_terminator.mlir 2>&1 | FileCheck %t/for_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_two_blocks.mlir 2>&1 | FileCheck %t/for_two_blocks.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_parse_count.mlir 2>&1 | FileCheck %t/for_parse_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_yield_count.mlir 2>&1 | FileCheck %t/if_yield_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_missing_else.mlir 2>&1 | FileCheck %t/if_missing_else.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_yield_type.mlir 2>&1 | FileCheck %t/if_yield_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_block_args.mlir 2>&1 | FileCheck %t/if_block_args.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_empty_block.mlir 2>&1 | FileCheck %t/if_empty_block.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_after_args.mlir 2>&1 | FileCheck %t/while_after_args.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_after_arg_type.mlir 2>&1 | FileCheck %t/while_after_arg_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_results.mlir 2>&1 | FileCheck %t/while_results.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_yield_count.mlir 2>&1 | FileCheck %t/while_yield_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_yield_type.mlir 2>&1 | FileCheck %t/while_yield_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_before_terminator.mlir 2>&1 | FileCheck %t/while_before_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_after_terminator.mlir 2>&1 | FileCheck %t/while_after_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_empty_block.mlir 2>&1 | FileCheck %t/while_empty_block.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_empty_region.mlir 2>&1 | FileCheck %t/while_empty_region.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_parse_types.mlir 2>&1 | FileCheck %t/while_parse_types.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/execute_region_args.mlir 2>&1 | FileCheck %t/execute_region_args.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/execute_region_empty.mlir 2>&1 | FileCheck %t/execute_region_empty.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/execute_region_type.mlir 2>&1 | FileCheck %t/execute_region_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_parse_count.mlir 2>&1 | FileCheck %t/parallel_parse_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_iv_type.mlir 2>&1 | FileCheck %t/parallel_iv_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_iv_count.mlir 2>&1 | FileCheck %t/parallel_iv_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_no_ivs.mlir 2>&1 | FileCheck %t/parallel_no_ivs.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_reductions.mlir 2>&1 | FileCheck %t/parallel_reductions.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_results.mlir 2>&1 | FileCheck %t/parallel_results.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_parse_inits.mlir 2>&1 | FileCheck %t/parallel_parse_inits.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_reduce_type.mlir 2>&1 | FileCheck %t/parallel_reduce_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/parallel_terminator.mlir 2>&1 | FileCheck %t/parallel_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/reduce_args.mlir 2>&1 | FileCheck %t/reduce_args.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/reduce_terminator.mlir 2>&1 | FileCheck %t/reduce_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/reduce_return_type.mlir 2>&1 | FileCheck %t/reduce_return_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_case_count.mlir 2>&1 | FileCheck %t/switch_case_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_duplicate.mlir 2>&1 | FileCheck %t/switch_duplicate.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_yield_count.mlir 2>&1 | FileCheck %t/switch_yield_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_yield_type.mlir 2>&1 | FileCheck %t/switch_yield_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_terminator.mlir 2>&1 | FileCheck %t/switch_terminator.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/yield_parent.mlir 2>&1 | FileCheck %t/yield_parent.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/condition_parent.mlir 2>&1 | FileCheck %t/condition_parent.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/for_bound_types.mlir 2>&1 | FileCheck %t/for_bound_types.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/if_condition_type.mlir 2>&1 | FileCheck %t/if_condition_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_no_cases.mlir 2>&1 | FileCheck %t/switch_no_cases.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/while_region_count.mlir 2>&1 | FileCheck %t/while_region_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_no_regions.mlir 2>&1 | FileCheck %t/switch_no_regions.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/execute_region_no_region.mlir 2>&1 | FileCheck %t/execute_region_no_region.mlir

//--- for_result_count.mlir
// CHECK: {{.*}}for_result_count.mlir:3:1: error: 'scf.for' op mismatch in number of loop-carried values and defined values
%a:2 = "test.args"() : () -> (index, f32)
"scf.for"(%a#0, %a#0, %a#0, %a#1) ({
^bb0(%i0 : index, %iter: f32):
  scf.yield %iter : f32
}) : (index, index, index, f32) -> ()
//--- for_result_type.mlir
// CHECK: {{.*}}for_result_type.mlir:3:6: error: 'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'
%a:2 = "test.args"() : () -> (index, f32)
%r = "scf.for"(%a#0, %a#0, %a#0, %a#1) ({
^bb0(%i0 : index, %iter: f32):
  scf.yield %iter : f32
}) : (index, index, index, f32) -> (f64)
//--- for_iter_args_count.mlir
// CHECK: {{.*}}for_iter_args_count.mlir:3:6: error: 'scf.for' op different number of inits and region iter_args: 1 != 2
%a:2 = "test.args"() : () -> (index, f32)
%x = "scf.for"(%a#0, %a#0, %a#0, %a#1) ({
^bb0(%i0 : index, %iter: f32, %iter2: f32):
  scf.yield %iter, %iter : f32, f32
}) : (index, index, index, f32) -> (f32)
//--- for_yield_count.mlir
// CHECK: {{.*}}for_yield_count.mlir:3:11: error: 'scf.for' op different number of region iter_args and yielded values: 2 != 1
%a:2 = "test.args"() : () -> (index, f32)
%x, %x2 = "scf.for"(%a#0, %a#0, %a#0, %a#1, %a#1) ({
^bb0(%i0 : index, %iter: f32, %iter2: f32):
  scf.yield %iter : f32
}) : (index, index, index, f32, f32) -> (f32, f32)
//--- for_yield_type.mlir
// CHECK: {{.*}}for_yield_type.mlir:3:8: error: 'scf.for' op 1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i32'
%a:3 = "test.args"() : () -> (index, f32, i32)
%r:2 = scf.for %i0 = %a#0 to %a#0 step %a#0 iter_args(%si = %a#1, %ti = %a#1) -> (f32, f32) {
  scf.yield %si, %a#2 : f32, i32
}
//--- for_init_type.mlir
// CHECK: {{.*}}for_init_type.mlir:3:1: error: 'scf.for' op 1-th init and 1-th region iter_arg have different type: 'i32' != 'f32'
%a:3 = "test.args"() : () -> (index, f32, i32)
"scf.for"(%a#0, %a#0, %a#0, %a#1, %a#2) ({
^bb0(%i0 : index, %iter: f32, %it2: f32):
  scf.yield %iter, %iter : f32, f32
}) : (index, index, index, f32, i32) -> (f32, f32)
//--- for_iv_type.mlir
// CHECK: {{.*}}for_iv_type.mlir:3:1: error: 'scf.for' op expected induction variable to be same type as bounds and step
%a = "test.args"() : () -> (index)
"scf.for"(%a, %a, %a) ({
^bb0(%i0 : f32):
  scf.yield
}) : (index, index, index) -> ()
//--- for_missing_yield_values.mlir
// CHECK: {{.*}}for_missing_yield_values.mlir:3:6: error: 'scf.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1
%a:2 = "test.args"() : () -> (index, i32)
%x = scf.for %i = %a#0 to %a#0 step %a#0 iter_args(%b = %a#1) -> (i32) {
  scf.yield
}
//--- for_extra_yield_values.mlir
// CHECK: {{.*}}for_extra_yield_values.mlir:3:1: error: 'scf.for' op different number of region iter_args and yielded values: 0 != 1
%a = "test.args"() : () -> (index)
scf.for %i = %a to %a step %a {
  scf.yield %a : index
}
//--- for_terminator.mlir
// CHECK: {{.*}}for_terminator.mlir:3:1: error: 'scf.for' op expects regions to end with 'scf.yield', found 'test.foo'
%a = "test.args"() : () -> (index)
"scf.for"(%a, %a, %a) ({
^bb0(%i: index):
  "test.foo"() : () -> ()
}) : (index, index, index) -> ()
//--- for_two_blocks.mlir
// CHECK: {{.*}}for_two_blocks.mlir:3:1: error: 'scf.for' op expects region #0 to have 0 or 1 blocks
%a = "test.args"() : () -> (index)
"scf.for"(%a, %a, %a) ({
^bb0(%i: index):
  scf.yield
^bb1:
  scf.yield
}) : (index, index, index) -> ()
//--- for_parse_count.mlir
// CHECK: {{.*}}for_parse_count.mlir:3:8: error: custom op 'scf.for' mismatch in number of loop-carried values and defined values
%a:2 = "test.args"() : () -> (index, f32)
%r:3 = scf.for %i0 = %a#0 to %a#0 step %a#0 iter_args(%si = %a#1) -> (f32, i32, f32) {
  scf.yield %si : f32
}
//--- if_yield_count.mlir
// CHECK: {{.*}}if_yield_count.mlir:3:10: error: 'scf.if' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 2
%a:2 = "test.args"() : () -> (i1, f32)
%x, %y = scf.if %a#0 -> (f32, f32) {
  scf.yield %a#1 : f32
} else {
  scf.yield %a#1, %a#1 : f32, f32
}
//--- if_missing_else.mlir
// CHECK: {{.*}}if_missing_else.mlir:3:6: error: 'scf.if' op must have an else block if defining values
%a:2 = "test.args"() : () -> (i1, f32)
%x = scf.if %a#0 -> (f32) {
  scf.yield %a#1 : f32
}
//--- if_yield_type.mlir
// CHECK: {{.*}}if_yield_type.mlir:3:6: error: 'scf.if' op  along control flow edge from Region #0 to parent results: source type #0 'f32' should match input type #0 'i32'
%a:2 = "test.args"() : () -> (i1, f32)
%x = scf.if %a#0 -> (i32) {
  scf.yield %a#1 : f32
} else {
  scf.yield %a#1 : f32
}
//--- if_block_args.mlir
// CHECK: {{.*}}if_block_args.mlir:3:1: error: 'scf.if' op region #0 should have no arguments
%a = "test.args"() : () -> (i1)
"scf.if"(%a) ({
^bb0(%0 : index):
  scf.yield
}, {}): (i1) -> ()
//--- if_empty_block.mlir
// CHECK: {{.*}}if_empty_block.mlir:3:1: error: 'scf.if' op expects a non-empty block
%a = "test.args"() : () -> (i1)
"scf.if"(%a) ({
^bb0:
}, {}) : (i1) -> ()
//--- while_after_args.mlir
// CHECK: {{.*}}while_after_args.mlir:3:1: error: 'scf.while' op  region control flow edge from Region #0 to Region #1: source has 0 operands, but target successor needs 1
%true = "test.args"() : () -> (i1)
scf.while : () -> () {
  scf.condition(%true)
} do {
^bb0(%arg0: i32):
  scf.yield
}
//--- while_after_arg_type.mlir
// CHECK: {{.*}}while_after_arg_type.mlir:3:6: error: 'scf.while' op  along control flow edge from Region #0 to Region #1: source type #0 'i1' should match input type #0 'i32'
%true = "test.args"() : () -> (i1)
%0 = scf.while : () -> (i1) {
  scf.condition(%true) %true : i1
} do {
^bb0(%arg0: i32):
  scf.yield
}
//--- while_results.mlir
// CHECK: {{.*}}while_results.mlir:3:1: error: 'scf.while' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0
%true = "test.args"() : () -> (i1)
scf.while : () -> () {
  scf.condition(%true) %true : i1
} do {
^bb0(%arg0: i1):
  scf.yield
}
//--- while_yield_count.mlir
// CHECK: {{.*}}while_yield_count.mlir:3:1: error: 'scf.while' op  region control flow edge from Region #1 to Region #0: source has 0 operands, but target successor needs 1
%a:2 = "test.args"() : () -> (i1, f32)
scf.while (%b = %a#1) : (f32) -> () {
  scf.condition(%a#0)
} do {
  scf.yield
}
//--- while_yield_type.mlir
// CHECK: {{.*}}while_yield_type.mlir:3:1: error: 'scf.while' op  along control flow edge from Region #1 to Region #0: source type #0 'i1' should match input type #0 'f32'
%a:2 = "test.args"() : () -> (i1, f32)
scf.while (%b = %a#1) : (f32) -> () {
  scf.condition(%a#0)
} do {
  scf.yield %a#0 : i1
}
//--- while_before_terminator.mlir
// CHECK: {{.*}}while_before_terminator.mlir:2:1: error: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'
scf.while : () -> () {
  "some.other_terminator"() : () -> ()
} do {
  scf.yield
}
//--- while_after_terminator.mlir
// CHECK: {{.*}}while_after_terminator.mlir:3:1: error: 'scf.while' op expects the 'after' region to terminate with 'scf.yield'
%true = "test.args"() : () -> (i1)
scf.while : () -> () {
  scf.condition(%true)
} do {
  "some.other_terminator"() : () -> ()
}
//--- while_empty_block.mlir
// CHECK: {{.*}}while_empty_block.mlir:2:1: error: 'scf.while' op expects a non-empty block
scf.while : () -> () {
^bb0:
} do {
^bb0:
}
//--- while_empty_region.mlir
// CHECK: {{.*}}while_empty_region.mlir:2:1: error: 'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks
scf.while : () -> () {
} do {
}
//--- while_parse_types.mlir
// CHECK: {{.*}}while_parse_types.mlir:3:11: error: custom op 'scf.while' expected as many input types as operands (expected 0 got 1)
%true = "test.args"() : () -> (i1)
scf.while : (i32) -> () {
  scf.condition(%true)
} do {
  scf.yield
}
//--- execute_region_args.mlir
// CHECK: {{.*}}execute_region_args.mlir:2:1: error: 'scf.execute_region' op region cannot have any arguments
"scf.execute_region"() ({
^bb0(%i : i32):
  scf.yield
}) : () -> ()
//--- execute_region_empty.mlir
// CHECK: {{.*}}execute_region_empty.mlir:2:1: error: 'scf.execute_region' op region needs to have at least one block
"scf.execute_region"() ({
}) : () -> ()
//--- execute_region_type.mlir
// CHECK: {{.*}}execute_region_type.mlir:3:6: error: 'scf.execute_region' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'i64'
%x = "test.args"() : () -> (i32)
%0 = scf.execute_region -> i64 {
  scf.yield %x : i32
}
//--- parallel_parse_count.mlir
// CHECK: {{.*}}parallel_parse_count.mlir:3:32: error: custom op 'scf.parallel' expected 1 operands
%a:3 = "test.args"() : () -> (index, index, index)
scf.parallel (%i0) = (%a#0) to (%a#1, %a#2) step () {
}
//--- parallel_iv_type.mlir
// CHECK: {{.*}}parallel_iv_type.mlir:3:1: error: 'scf.parallel' op expects arguments for the induction variable to be of index type
%a:3 = "test.args"() : () -> (index, index, index)
"scf.parallel"(%a#0, %a#1, %a#2) ({
^bb0(%i0: f32):
  scf.reduce
}) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}: (index, index, index) -> ()
//--- parallel_iv_count.mlir
// CHECK: {{.*}}parallel_iv_count.mlir:3:1: error: 'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1
%a:3 = "test.args"() : () -> (index, index, index)
"scf.parallel"(%a#0, %a#1, %a#2) ({
^bb0(%i0: index, %i1: index):
  scf.reduce
}) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}: (index, index, index) -> ()
//--- parallel_no_ivs.mlir
// CHECK: {{.*}}parallel_no_ivs.mlir:2:1: error: 'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step
scf.parallel () = () to () step () {
}
//--- parallel_reductions.mlir
// CHECK: {{.*}}parallel_reductions.mlir:3:1: error: 'scf.parallel' op expects number of results: 0 to be the same as number of reductions: 1
%a:4 = "test.args"() : () -> (index, index, index, f32)
scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) {
  scf.reduce(%a#3 : f32) {
  ^bb0(%lhs: f32, %rhs: f32):
    scf.reduce.return %lhs : f32
  }
}
//--- parallel_results.mlir
// CHECK: {{.*}}parallel_results.mlir:3:8: error: 'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0
%a:4 = "test.args"() : () -> (index, index, index, f32)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) init (%a#3) -> f32 {
}
//--- parallel_parse_inits.mlir
// CHECK: {{.*}}parallel_parse_inits.mlir:3:8: error: custom op 'scf.parallel' 0 operands present, but expected 1
%a:3 = "test.args"() : () -> (index, index, index)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) -> f32 {
  scf.reduce(%a#0 : index) {
  ^bb0(%lhs: index, %rhs: index):
    scf.reduce.return %lhs : index
  }
}
//--- parallel_reduce_type.mlir
// CHECK: {{.*}}parallel_reduce_type.mlir:4:3: error: 'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'
%a:4 = "test.args"() : () -> (index, index, index, f32)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) init (%a#3) -> f32 {
  scf.reduce(%a#0 : index) {
  ^bb0(%lhs: index, %rhs: index):
    scf.reduce.return %lhs : index
  }
}
//--- parallel_terminator.mlir
// CHECK: {{.*}}parallel_terminator.mlir:3:1: error: 'scf.parallel' op expects body to terminate with 'scf.reduce'
%a:3 = "test.args"() : () -> (index, index, index)
scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) {
  scf.yield %a#0 : index
}
//--- reduce_args.mlir
// CHECK: {{.*}}reduce_args.mlir:4:3: error: 'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region
%a:4 = "test.args"() : () -> (index, index, index, f32)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) init (%a#3) -> f32 {
  scf.reduce(%a#3 : f32) {
  ^bb0(%lhs : f32, %rhs : i32):
    scf.reduce.return %lhs : f32
  }
}
//--- reduce_terminator.mlir
// CHECK: {{.*}}reduce_terminator.mlir:4:3: error: 'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op
%a:4 = "test.args"() : () -> (index, index, index, f32)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) init (%a#3) -> f32 {
  scf.reduce(%a#3 : f32) {
  ^bb0(%lhs : f32, %rhs : f32):
    "test.finish" () : () -> ()
  }
}
//--- reduce_return_type.mlir
// CHECK: {{.*}}reduce_return_type.mlir:6:5: error: 'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)
%a:4 = "test.args"() : () -> (index, index, index, f32)
%res = scf.parallel (%i0) = (%a#0) to (%a#1) step (%a#2) init (%a#3) -> f32 {
  scf.reduce(%a#3 : f32) {
  ^bb0(%lhs : f32, %rhs : f32):
    scf.reduce.return %a#0 : index
  }
}
//--- switch_case_count.mlir
// CHECK: {{.*}}switch_case_count.mlir:3:1: error: 'scf.index_switch' op has 0 case regions but 1 case values
%a = "test.args"() : () -> (index)
"scf.index_switch"(%a) ({
  scf.yield
}) {cases = array<i64: 1>} : (index) -> ()
//--- switch_duplicate.mlir
// CHECK: {{.*}}switch_duplicate.mlir:3:1: error: 'scf.index_switch' op has duplicate case value: 0
%a = "test.args"() : () -> (index)
scf.index_switch %a
case 0 {
  scf.yield
}
case 0 {
  scf.yield
}
default {
  scf.yield
}
//--- switch_yield_count.mlir
// CHECK: {{.*}}switch_yield_count.mlir:3:1: error: 'scf.index_switch' op expected each region to return 0 values, but default region returns 1
%a = "test.args"() : () -> (index)
scf.index_switch %a
default {
  scf.yield %a : index
}
//--- switch_yield_type.mlir
// CHECK: {{.*}}switch_yield_type.mlir:3:1: error: 'scf.index_switch' op expected result #0 of each region to be 'index'
%a:2 = "test.args"() : () -> (index, i32)
scf.index_switch %a#0 -> index
case 0 {
  scf.yield %a#1 : i32
}
default {
  scf.yield %a#0 : index
}
//--- switch_terminator.mlir
// CHECK: {{.*}}switch_terminator.mlir:3:1: error: 'scf.index_switch' op expected region to end with scf.yield, but got test.ret
%a = "test.args"() : () -> (index)
"scf.index_switch"(%a) ({
  "scf.yield"() : () -> ()
}, {
  "test.ret"() : () -> ()
}) {cases = array<i64: 1>} : (index) -> ()
//--- yield_parent.mlir
// CHECK: {{.*}}yield_parent.mlir:4:5: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'
func.func @f(%c: i1) {
  "test.op"() ({
    scf.yield
  }) : () -> ()
  return
}
//--- condition_parent.mlir
// CHECK: {{.*}}condition_parent.mlir:4:5: error: 'scf.condition' op expects parent op 'scf.while'
func.func @f(%c: i1) {
  "test.op"() ({
    scf.condition(%c)
  }) : () -> ()
  return
}
//--- for_bound_types.mlir
// CHECK: {{.*}}for_bound_types.mlir:3:3: error: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type
func.func @f(%c: i1, %a: index, %b: i32) {
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}
//--- if_condition_type.mlir
// CHECK: {{.*}}if_condition_type.mlir:3:3: error: 'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'
func.func @f(%c: i32) {
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}
//--- switch_no_cases.mlir
// CHECK: {{.*}}switch_no_cases.mlir:3:3: error: 'scf.index_switch' op requires attribute 'cases'
func.func @f(%a: index) {
  "scf.index_switch"(%a) ({
    scf.yield
  }) : (index) -> ()
  return
}
//--- while_region_count.mlir
// CHECK: {{.*}}while_region_count.mlir:3:3: error: 'scf.while' op expected 2 regions
func.func @f(%c: i1, %i: index, %j: i32) {
  "scf.while"() ({ "scf.condition"(%c) : (i1) -> () }) : () -> ()
  return
}
//--- switch_no_regions.mlir
// CHECK: {{.*}}switch_no_regions.mlir:3:3: error: 'scf.index_switch' op expected 1 or more regions
func.func @f(%c: i1, %i: index, %j: i32) {
  "scf.index_switch"(%i) {cases = array<i64>} : (index) -> ()
  return
}
//--- execute_region_no_region.mlir
// CHECK: {{.*}}execute_region_no_region.mlir:3:3: error: 'scf.execute_region' op requires one region
func.func @f(%c: i1, %i: index, %j: i32) {
  "scf.execute_region"() : () -> ()
  return
}
