// Invalid cf IR: each piece is rejected with mlir-opt-19's located error (expected lines from
// `mlir-opt-19 --allow-unregistered-dialect`).
// RUN: rm -rf %t && split-file %s %t
// RUN: not %spvkit opt --allow-unregistered-dialect %t/br_arg_type.mlir 2>&1 | FileCheck %t/br_arg_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/br_arg_count.mlir 2>&1 | FileCheck %t/br_arg_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/cond_br_arg_count.mlir 2>&1 | FileCheck %t/cond_br_arg_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_case_count.mlir 2>&1 | FileCheck %t/switch_case_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_case_type.mlir 2>&1 | FileCheck %t/switch_case_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_flag_type.mlir 2>&1 | FileCheck %t/switch_flag_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_case_operands.mlir 2>&1 | FileCheck %t/switch_case_operands.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_no_segments.mlir 2>&1 | FileCheck %t/switch_no_segments.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/assert_msg.mlir 2>&1 | FileCheck %t/assert_msg.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/cond_br_successor_count.mlir 2>&1 | FileCheck %t/cond_br_successor_count.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/switch_no_successor.mlir 2>&1 | FileCheck %t/switch_no_successor.mlir

//--- br_arg_type.mlir
// CHECK: {{.*}}br_arg_type.mlir:4:3: error: type mismatch for bb argument #0 of successor #0
%a = "test.args"() : () -> (i32)
scf.execute_region {
  cf.br ^bb1(%a : i32)
^bb1(%x: i64):
  scf.yield
}
//--- br_arg_count.mlir
// CHECK: {{.*}}br_arg_count.mlir:3:3: error: branch has 0 operands for successor #0, but target block has 1
scf.execute_region {
  cf.br ^bb1
^bb1(%x: i64):
  scf.yield
}
//--- cond_br_arg_count.mlir
// CHECK: {{.*}}cond_br_arg_count.mlir:4:3: error: branch has 1 operands for successor #1, but target block has 0
%a:2 = "test.args"() : () -> (i1, i32)
scf.execute_region {
  cf.cond_br %a#0, ^bb1, ^bb1(%a#1 : i32)
^bb1:
  scf.yield
}
//--- switch_case_count.mlir
// CHECK: {{.*}}switch_case_count.mlir:4:3: error: 'cf.switch' op number of case values (2) should match number of case destinations (1)
%a = "test.args"() : () -> (i32)
scf.execute_region {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42, 43]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  scf.yield
}
//--- switch_case_type.mlir
// CHECK: {{.*}}switch_case_type.mlir:4:3: error: 'cf.switch' op 'flag' type ('i32') should match case value type ('i64')
%a = "test.args"() : () -> (i32)
scf.execute_region {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  scf.yield
}
//--- switch_flag_type.mlir
// CHECK: {{.*}}switch_flag_type.mlir:3:3: error: 'cf.switch' op operand #0 must be integer, but got 'index'
func.func @f(%c: i1, %i: index) {
  "cf.switch"(%i)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}
//--- switch_case_operands.mlir
// CHECK: {{.*}}switch_case_operands.mlir:3:3: error: 'cf.switch' op caseOperands count (0) does not match with the total size (1) specified in attribute 'case_operand_segments'
func.func @f(%c: i1, %i: i32) {
  "cf.switch"(%i)[^bb1] <{case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
//--- switch_no_segments.mlir
// CHECK: {{.*}}switch_no_segments.mlir:3:3: error: 'cf.switch' op requires attribute 'case_operand_segments'
func.func @f(%c: i1, %i: i32) {
  "cf.switch"(%i)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
//--- assert_msg.mlir
// CHECK: {{.*}}assert_msg.mlir:3:3: error: 'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute
func.func @f(%c: i32, %i: i32) {
  "cf.assert"(%c) {msg = 3} : (i32) -> ()
  return
}
//--- cond_br_successor_count.mlir
// CHECK: {{.*}}cond_br_successor_count.mlir:4:5: error: 'cf.cond_br' op requires 2 successors but found 1
func.func @f(%c: i1, %i: index, %j: i32) {
  "test.r"() ({
    "cf.cond_br"(%c)[^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
  ^bb1:
    "test.t"() : () -> ()
  }) : () -> ()
  return
}
//--- switch_no_successor.mlir
// CHECK: {{.*}}switch_no_successor.mlir:4:5: error: 'cf.switch' op requires at least 1 successors but found 0
func.func @f(%c: i1, %i: index, %j: i32) {
  "test.r"() ({
    "cf.switch"(%j) {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
  }) : () -> ()
  return
}
