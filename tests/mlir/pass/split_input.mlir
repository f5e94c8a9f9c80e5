// ORACLE: skip (unregistered test ops: the oracle runs spvkit without --allow-unregistered-dialect)
// --split-input-file: each piece between split markers is parsed, run and printed on its own,
// the outputs joined by the marker as mlir-opt-19 joins them; a piece that fails leaves its place empty,
// names its position in the file, and the others still run (exit 1).
// RUN: not %spvkit opt %s --split-input-file --symbol-dce 2>%t.err | FileCheck %s --match-full-lines --strict-whitespace
// RUN: FileCheck %s --check-prefix=ERR < %t.err

//      CHECK:module attributes {test.piece = 1 : i64} {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:{{^// -{5}$}}
// CHECK-NEXT:{{^// -{5}$}}
// CHECK-NEXT:module attributes {test.piece = 3 : i64} {
// CHECK-NEXT:  module @pub {
// CHECK-NEXT:  }
// CHECK-NEXT:}
// CHECK-EMPTY:
//  CHECK-NOT:{{.}}
module attributes {test.piece = 1} {
  module @dead attributes {sym_visibility = "private"} {}
}

// -----

// ERR: within split at {{.*}}split_input.mlir:23 offset :4:{{[0-9]+}}: error:
"unregistered.op"() : () -> ()

// -----
module attributes {test.piece = 3} {
  module @pub {}
}
