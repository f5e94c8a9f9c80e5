// The textual pipeline as MLIR 19 reads it: nesting, spaces, coalesced nested managers, and
// passes given as flags (mlir-opt's implicit nesting); --dump-pass-pipeline prints it back.
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce))' | FileCheck %s --check-prefix=NESTED
// RUN: %spvkit opt %s --pass-pipeline=' builtin.module( builtin.module( symbol-dce ) , symbol-dce ) ' | FileCheck %s --check-prefix=ALL
// RUN: %spvkit opt %s --symbol-dce | FileCheck %s --check-prefix=ALL
// RUN: %spvkit opt %s -symbol-dce | FileCheck %s --check-prefix=ALL
// RUN: %spvkit opt %s --pass-pipeline='builtin.module()' | FileCheck %s --check-prefix=NONE
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(any(symbol-dce))' | FileCheck %s --check-prefix=NESTED
// RUN: %spvkit opt %s -o /dev/null --dump-pass-pipeline --pass-pipeline='builtin.module(builtin.module(symbol-dce),builtin.module(symbol-dce),symbol-dce,spirv.module(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %spvkit opt %s -o /dev/null --dump-pass-pipeline --symbol-dce --symbol-dce 2>&1 | FileCheck %s --check-prefix=DUMP-FLAGS
// RUN: %spvkit opt %s --verify-each=false --symbol-dce | FileCheck %s --check-prefix=ALL
// RUN: %spvkit opt %s --verify-each=0 --symbol-dce | FileCheck %s --check-prefix=ALL

// The nested run empties @a, the top one leaves @b and @a (public).
// NESTED: module @a {
// NESTED-NEXT: }
// NESTED-NEXT: module @b {
// NESTED-NEXT:   module @keep attributes {sym_visibility = "nested"}

// ALL: module {
// ALL-NEXT:   module @a {
// ALL-NEXT:   }
// ALL-NEXT:   module @b {
// ALL-NEXT:   }
// ALL-NEXT: }

// NONE: module @dead attributes {sym_visibility = "private"}

// As written: adjacent nested pipelines are merged only when they run (timing.mlir).
// DUMP: Pass Manager with 4 passes:
// DUMP-NEXT: builtin.module(builtin.module(symbol-dce),builtin.module(symbol-dce),symbol-dce,spirv.module(symbol-dce))

// DUMP-FLAGS: Pass Manager with 2 passes:
// DUMP-FLAGS-NEXT: builtin.module(symbol-dce,symbol-dce)
module {
  module @a {
    module @dead attributes {sym_visibility = "private"} {}
  }
  module @b {
    module @keep attributes {sym_visibility = "nested"} {}
  }
}
