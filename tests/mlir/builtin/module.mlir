// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s

// CHECK: module attributes {test.attr = 1 : i32} {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) {test.attr = 1 : i32} : () -> ()
module attributes {test.attr = 1 : i32} {
  builtin.module @inner {
  }
}
