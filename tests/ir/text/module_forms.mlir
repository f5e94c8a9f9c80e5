// One builtin.module at top level is the result itself; its custom form takes a name and
// `attributes`, and nested modules print in custom form too.
module @outer attributes {test.a = 1 : i32, test.b} {
  module {
  }
  module @inner {
    "test.op"() : () -> ()
  }
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
}
