// ORACLE: skip (unregistered test ops: the oracle runs spvkit without --allow-unregistered-dialect)
// symbol-dce as MLIR 19's: private symbols nothing reaches go, public ones stay, nested ones go
// in a table nothing outside can see; uses count anywhere in attributes, @a::@b keeps both, and
// only a path that resolves keeps anything. Expected output: mlir-opt-19 --symbol-dce.
// RUN: %spvkit opt %s --allow-unregistered-dialect --split-input-file --symbol-dce | FileCheck %s
// RUN: %spvkit opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(symbol-dce)' | FileCheck %s

// CHECK-LABEL: module attributes {test.name = "visibility"}
// CHECK-NEXT:    module @public {
// CHECK-NOT:     @private_dead
// CHECK-NOT:     @nested_dead
// CHECK:         module @private_live attributes {sym_visibility = "private"}
// CHECK:         "test.user"() {test.ref = @private_live} : () -> ()
// CHECK-NEXT:  }
module attributes {test.name = "visibility"} {
  module @public {}
  module @private_dead attributes {sym_visibility = "private"} {}
  module @nested_dead attributes {sym_visibility = "nested"} {}
  module @private_live attributes {sym_visibility = "private"} {}
  "test.user"() {test.ref = @private_live} : () -> ()
}

// -----

// Uses deep in attributes: arrays, dictionaries, arrays of arrays.
// CHECK-LABEL: module attributes {test.name = "nested_attrs"}
// CHECK-DAG:     module @a attributes {sym_visibility = "private"}
// CHECK-DAG:     module @b attributes {sym_visibility = "private"}
// CHECK-DAG:     module @c attributes {sym_visibility = "private"}
// CHECK-NOT:     module @d
module attributes {test.name = "nested_attrs"} {
  "test.user"() {test.refs = {k = [[@a], {x = @b}]}, test.other = [1, @c]} : () -> ()
  module @a attributes {sym_visibility = "private"} {}
  module @b attributes {sym_visibility = "private"} {}
  module @c attributes {sym_visibility = "private"} {}
  module @d attributes {sym_visibility = "private"} {}
}

// -----

// A cycle of private symbols nothing else reaches goes whole; one reached stays whole.
// CHECK-LABEL: module attributes {test.name = "cycles"}
// CHECK-NEXT:    "test.user"() {test.ref = @live1} : () -> ()
// CHECK-NEXT:    module @live1 attributes {sym_visibility = "private", test.ref = @live2}
// CHECK-NEXT:    }
// CHECK-NEXT:    module @live2 attributes {sym_visibility = "private", test.ref = @live1}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {test.name = "cycles"} {
  "test.user"() {test.ref = @live1} : () -> ()
  module @live1 attributes {sym_visibility = "private", test.ref = @live2} {}
  module @live2 attributes {sym_visibility = "private", test.ref = @live1} {}
  module @dead1 attributes {sym_visibility = "private", test.ref = @dead2} {}
  module @dead2 attributes {sym_visibility = "private", test.ref = @dead1} {}
}

// -----

// Nested symbol tables: @outer::@inner keeps both; the top table is hidden, so the nested
// symbols of a public table go unless used; a private table nothing uses goes with its
// contents; a path that does not resolve (@m4::@gone) keeps nothing; an unnamed module is no
// symbol and stays, its dead private symbols go.
// CHECK-LABEL: module attributes {test.name = "tables"}
// CHECK-NEXT:    "test.user"() {test.refs = [@outer::@inner, @missing::@z, @m4::@gone]} : () -> ()
// CHECK-NEXT:    module @outer {
// CHECK-NEXT:      module @inner attributes {sym_visibility = "nested"} {
// CHECK-NEXT:      }
// CHECK-NEXT:      module @public_inner {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    module {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {test.name = "tables"} {
  "test.user"() {test.refs = [@outer::@inner, @missing::@z, @m4::@gone]} : () -> ()
  module @outer {
    module @inner attributes {sym_visibility = "nested"} {}
    module @inner2 attributes {sym_visibility = "nested"} {}
    module @private_inner attributes {sym_visibility = "private"} {}
    module @public_inner {}
  }
  module @m4 attributes {sym_visibility = "private"} {}
  module @dead_table attributes {sym_visibility = "private"} {
    module @kept_if_table_kept {}
  }
  module {
    module @x attributes {sym_visibility = "private"} {}
  }
}

// -----

// Uses inside regions of ops that are no symbol tables count; symbols that unregistered ops
// define are no symbols (they stay). (An unregistered op with one region may be a symbol
// table: symbol_dce_invalid.mlir.)
// CHECK-LABEL: module attributes {test.name = "regions"}
// CHECK-NEXT:    "unreg.op"() ({
// CHECK-NEXT:      "unreg.use"() {test.ref = @used} : () -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "unreg.symbol"() {sym_name = "unregistered", sym_visibility = "private"} : () -> ()
// CHECK-NEXT:    module @used attributes {sym_visibility = "private"} {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {test.name = "regions"} {
  "unreg.op"() ({
    "unreg.use"() {test.ref = @used} : () -> ()
  }, {
  }) : () -> ()
  "unreg.symbol"() {sym_name = "unregistered", sym_visibility = "private"} : () -> ()
  module @used attributes {sym_visibility = "private"} {}
  module @unused attributes {sym_visibility = "private"} {}
}

// -----

// Run on a nested table: a public nested module is visible from outside, so its nested
// symbols stay; a private one's go.
// RUN: %spvkit opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' | FileCheck %s --check-prefix=NESTED
// NESTED-LABEL: module attributes {test.name = "run_nested"}
// NESTED-NEXT:    module @pub {
// NESTED-NEXT:      module @n attributes {sym_visibility = "nested"} {
// NESTED-NEXT:      }
// NESTED-NEXT:    }
// NESTED-NEXT:    module @priv attributes {sym_visibility = "private"} {
// NESTED-NEXT:    }
// NESTED-NEXT:  }
module attributes {test.name = "run_nested"} {
  module @pub {
    module @n attributes {sym_visibility = "nested"} {}
    module @p attributes {sym_visibility = "private"} {}
  }
  module @priv attributes {sym_visibility = "private"} {
    module @n attributes {sym_visibility = "nested"} {}
  }
}
