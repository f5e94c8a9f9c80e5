// Nested pipelines three deep on gpu.module kernels: each pass's dump is the op it ran on, the
// passes of one nested pipeline run op by op; symbol-dce at the top removes the private
// gpu.module nothing launches. The dumps are mlir-opt-19's (--mlir-disable-threading), byte for byte.
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(gpu.module(gpu.func(cse),canonicalize),symbol-dce)' --mlir-print-ir-after-all 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DUMP < %t.err

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT:   gpu.module @k {
// CHECK-NOT: @unused_private

//      DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP-NEXT: gpu.func @kern() kernel {
//      DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NEXT: gpu.module @k {
//      DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NEXT: gpu.module @unused_private attributes {sym_visibility = "private"} {
//      DUMP: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// DUMP-NEXT: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kern() kernel {
      gpu.return
    }
  }
  gpu.module @unused_private attributes {sym_visibility = "private"} {
  }
}
