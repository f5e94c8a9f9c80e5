// symbol-dce's output on symbol_dce.mlir is mlir-opt-19's, byte for byte, run on the whole
// table and on nested tables.
// REQUIRES: mlir-opt
// RUN: %mlir_opt %S/symbol_dce.mlir --allow-unregistered-dialect --split-input-file --symbol-dce > %t.ref
// RUN: %spvkit opt %S/symbol_dce.mlir --allow-unregistered-dialect --split-input-file --symbol-dce > %t.out
// RUN: diff %t.ref %t.out
// RUN: %mlir_opt %S/symbol_dce.mlir --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' > %t.nested.ref
// RUN: %spvkit opt %S/symbol_dce.mlir --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' > %t.nested.out
// RUN: diff %t.nested.ref %t.nested.out
// IR dumps too (mlir-opt-19 on one thread).
// RUN: %mlir_opt %S/print_ir.mlir -o /dev/null --mlir-disable-threading --pass-pipeline='builtin.module(builtin.module(symbol-dce),symbol-dce)' --mlir-print-ir-before=symbol-dce --mlir-print-ir-after-all 2> %t.dump.ref
// RUN: %spvkit opt %S/print_ir.mlir -o /dev/null --pass-pipeline='builtin.module(builtin.module(symbol-dce),symbol-dce)' --mlir-print-ir-before=symbol-dce --mlir-print-ir-after-all 2> %t.dump.out
// RUN: diff %t.dump.ref %t.dump.out
// RUN: %mlir_opt %S/nesting_gpu.mlir -o /dev/null --mlir-disable-threading --pass-pipeline='builtin.module(gpu.module(gpu.func(cse),canonicalize),symbol-dce)' --mlir-print-ir-after-all 2> %t.gpu.ref
// RUN: %spvkit opt %S/nesting_gpu.mlir -o /dev/null --pass-pipeline='builtin.module(gpu.module(gpu.func(cse),canonicalize),symbol-dce)' --mlir-print-ir-after-all 2> %t.gpu.out
// RUN: diff %t.gpu.ref %t.gpu.out
module {
}
