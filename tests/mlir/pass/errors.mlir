// Unknown passes, options and malformed pipelines are refused (exit 2, tests/cli checks the
// status) with the message mlir-opt-19 gives, naming what was wrong.
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(frob)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: MLIR Textual PassPipeline Parser:1:1: error: 'frob' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: frob
// UNKNOWN-NEXT: ^

// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce,frob))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: MLIR Textual PassPipeline Parser:1:27: error: 'frob' does not refer to a registered pass or pass pipeline
// NESTED-NEXT: builtin.module(symbol-dce,frob)
// NESTED-NEXT: {{^                          \^$}}

// RUN: not %spvkit opt %s --frob 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: spvkit opt: Unknown command line argument '--frob'.

// RUN: not %spvkit opt %s --symbol-dce='frob=1' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: <Pass-Options-Parser>: no such option frob
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(symbol-dce{frob=1})' 2>&1 | FileCheck %s --check-prefix=PIPELINE-OPTION
// PIPELINE-OPTION: <Pass-Options-Parser>: no such option frob
// PIPELINE-OPTION: failed to add `symbol-dce` with options `frob=1`

// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce)' 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: MLIR Textual PassPipeline Parser:1:16: error: encountered unbalanced parentheses while parsing pipeline
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: MLIR Textual PassPipeline Parser:1:11: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(symbol-dce{)' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: MLIR Textual PassPipeline Parser:1:11: error: missing closing '}' while processing pass options
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(builtin.module(symbol-dce)symbol-dce)' 2>&1 | FileCheck %s --check-prefix=COMMA
// COMMA: MLIR Textual PassPipeline Parser:1:27: error: expected ',' after parsing pipeline
// RUN: not %spvkit opt %s --pass-pipeline='builtin.module(builtin.module())' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: MLIR Textual PassPipeline Parser:1:16: error: '' does not refer to a registered pass or pass pipeline
// RUN: not %spvkit opt %s --pass-pipeline='symbol-dce' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// RUN: not %spvkit opt %s --symbol-dce --pass-pipeline='builtin.module(symbol-dce)' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: '-pass-pipeline' option can't be used with individual pass options
// RUN: not %spvkit opt %s --mlir-print-ir-after=frob 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: for the --mlir-print-ir-after option: Cannot find option named 'frob'!
// RUN: not %spvkit opt %s --verify-each=x 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: for the --verify-each option: 'x' is invalid value for boolean argument! Try 0 or 1

// A pipeline anchored on another op than the input's top one fails when it runs (exit 1).
// RUN: not %spvkit opt %s --pass-pipeline='spirv.module(symbol-dce)' 2>&1 | FileCheck %s --check-prefix=RUN-ANCHOR
// RUN-ANCHOR: error: can't run 'spirv.module' pass manager on 'builtin.module' op
module {
}
