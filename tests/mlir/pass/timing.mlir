// --mlir-timing: mlir-opt's report on one thread (wall time), to standard error; adjacent
// nested pipelines coalesced as they ran, one row per pass instance.
// RUN: %spvkit opt %s -o /dev/null --mlir-timing --pass-pipeline='builtin.module(builtin.module(symbol-dce),spirv.module(symbol-dce),builtin.module(symbol-dce),symbol-dce)' 2>&1 | FileCheck %s

//      CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:   ----Wall Time----  ----Name----
// CHECK-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  Parser$}}
// CHECK-NEXT: {{\)  Pipeline Collection : \['builtin.module', 'spirv.module'\]$}}
// CHECK-NEXT: {{\)    'builtin.module' Pipeline$}}
// CHECK-NEXT: {{\)      SymbolDCE$}}
// CHECK-NEXT: {{\)      SymbolDCE$}}
// CHECK-NEXT: {{\)    'spirv.module' Pipeline$}}
// CHECK-NEXT: {{\)      SymbolDCE$}}
// CHECK-NEXT: {{\)  SymbolDCE$}}
// CHECK-NEXT: {{\)  Output$}}
// CHECK-NEXT: {{\)  Rest$}}
// CHECK-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)  Total$}}
module {
  module @a {
  }
  spirv.module Logical GLSL450 {
  }
}
