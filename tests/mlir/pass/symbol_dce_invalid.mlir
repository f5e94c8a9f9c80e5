// symbol-dce refuses what it cannot know, in mlir-opt-19's words.
// RUN: not %spvkit opt %s --allow-unregistered-dialect --split-input-file --symbol-dce 2>&1 | FileCheck %s
// RUN: not %spvkit opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(symbol-dce)' 2>&1 | FileCheck %s

// An op of an unknown dialect with one region may define a symbol table of its own.
// CHECK: within split at {{.*}}symbol_dce_invalid.mlir:1 offset :[[# @LINE + 1]]:1: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses
"unreg.table"() ({
  "unreg.symbol"() {sym_name = "e", sym_visibility = "private"} : () -> ()
}) {sym_name = "t", sym_visibility = "private"} : () -> ()

// -----

// Only an op that defines a symbol table can be run on.
// RUN: not %spvkit opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv.func(symbol-dce)))' 2>&1 | FileCheck %s --check-prefix=NOT-TABLE
// NOT-TABLE: symbol_dce_invalid.mlir:11 offset :7:3: error: 'spirv.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    spirv.Return
  }
}
