// IR dumps around passes, to standard error, byte for byte as mlir-opt-19 --mlir-disable-threading
// writes them: a nested pass's dump is the op it ran on, in its own scope.
// RUN: %spvkit opt %s -o /dev/null --pass-pipeline='builtin.module(builtin.module(symbol-dce),symbol-dce)' --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=AFTER --match-full-lines --strict-whitespace
// RUN: %spvkit opt %s -o /dev/null --symbol-dce --mlir-print-ir-before=symbol-dce 2>&1 | FileCheck %s --check-prefix=BEFORE --match-full-lines --strict-whitespace
// RUN: %spvkit opt %s -o /dev/null --symbol-dce --mlir-print-ir-after=symbol-dce 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: %spvkit opt %s -o /dev/null --pass-pipeline='builtin.module(builtin.module(symbol-dce))' --mlir-print-ir-after-all --mlir-print-ir-after-change --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=SCOPE --match-full-lines --strict-whitespace

//      AFTER:// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NEXT:module @a {
// AFTER-NEXT:}
// AFTER-EMPTY:
// AFTER-NEXT:// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NEXT:module @b {
// AFTER-NEXT:}
// AFTER-EMPTY:
// AFTER-NEXT:// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NEXT:module {
// AFTER-NEXT:  module @a {
// AFTER-NEXT:  }
// AFTER-NEXT:  module @b {
// AFTER-NEXT:  }
// AFTER-NEXT:}
// AFTER-EMPTY:
// AFTER-EMPTY:
//  AFTER-NOT:{{.}}

//      BEFORE:// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// BEFORE-NEXT:module {
// BEFORE-NEXT:  module @a {
// BEFORE-NEXT:    module @dead attributes {sym_visibility = "private"} {
// BEFORE-NEXT:    }
// BEFORE-NEXT:  }

// TOP: IR Dump After SymbolDCE (symbol-dce) //----- //
// TOP-NEXT: module {
// TOP-NOT: IR Dump

// Only the pass run that changed the IR, and the whole module with the op it ran on named.
//      SCOPE:// -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation: @a) //----- //
// SCOPE-NEXT:module {
// SCOPE-NEXT:  module @a {
// SCOPE-NEXT:  }
// SCOPE-NEXT:  module @b {
// SCOPE-NEXT:  }
// SCOPE-NEXT:}
//  SCOPE-NOT:IR Dump
module {
  module @a {
    module @dead attributes {sym_visibility = "private"} {}
  }
  module @b {
  }
}
