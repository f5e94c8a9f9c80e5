// Invalid index IR: each piece is rejected with mlir-opt-19's located error (expected lines from
// `mlir-opt-19 --allow-unregistered-dialect`).
// RUN: rm -rf %t && split-file %s %t
// RUN: not %spvkit opt --allow-unregistered-dialect %t/casts_index_to_index.mlir 2>&1 | FileCheck %t/casts_index_to_index.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/castu_int_to_int.mlir 2>&1 | FileCheck %t/castu_int_to_int.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/cmp_predicate.mlir 2>&1 | FileCheck %t/cmp_predicate.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/add_operand_type.mlir 2>&1 | FileCheck %t/add_operand_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/cmp_no_predicate.mlir 2>&1 | FileCheck %t/cmp_no_predicate.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/constant_attr_type.mlir 2>&1 | FileCheck %t/constant_attr_type.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/unknown_attr_mnemonic.mlir 2>&1 | FileCheck %t/unknown_attr_mnemonic.mlir
// RUN: not %spvkit opt --allow-unregistered-dialect %t/unknown_attr.mlir 2>&1 | FileCheck %t/unknown_attr.mlir

//--- casts_index_to_index.mlir
// CHECK: {{.*}}casts_index_to_index.mlir:3:6: error: 'index.casts' op operand type 'index' and result type 'index' are cast incompatible
%a = index.constant 1
%b = index.casts %a : index to index
//--- castu_int_to_int.mlir
// CHECK: {{.*}}castu_int_to_int.mlir:3:6: error: 'index.castu' op operand type 'i32' and result type 'i64' are cast incompatible
%a = "test.args"() : () -> (i32)
%b = index.castu %a : i32 to i64
//--- cmp_predicate.mlir
// CHECK: {{.*}}cmp_predicate.mlir:3:16: error: custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge
%a = index.constant 1
%b = index.cmp foo(%a, %a)
//--- add_operand_type.mlir
// CHECK: {{.*}}add_operand_type.mlir:3:6: error: 'index.add' op operand #0 must be index, but got 'i32'
%a = "test.a"() : () -> i32
%b = "index.add"(%a, %a) : (i32, i32) -> index
//--- cmp_no_predicate.mlir
// CHECK: {{.*}}cmp_no_predicate.mlir:3:6: error: 'index.cmp' op requires attribute 'pred'
%a = index.constant 1
%b = "index.cmp"(%a, %a) : (index, index) -> i1
//--- constant_attr_type.mlir
// CHECK: {{.*}}constant_attr_type.mlir:2:6: error: 'index.constant' op attribute 'value' failed to satisfy constraint: index attribute
%a = "index.constant"() {value = 1 : i32} : () -> index
//--- unknown_attr_mnemonic.mlir
// CHECK: {{.*}}unknown_attr_mnemonic.mlir:3:41: error: unknown attribute `foo` in dialect `index`
%a = index.constant 1
%b = "index.cmp"(%a, %a) {pred = #index<foo slt>} : (index, index) -> i1
//--- unknown_attr.mlir
// CHECK: {{.*}}unknown_attr.mlir:3:41: error: unknown attribute `foo` in dialect `index`
%a = index.constant 1
%b = "index.cmp"(%a, %a) {pred = #index.foo} : (index, index) -> i1
