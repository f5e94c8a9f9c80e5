// RUN-OPTIONS: error
// builtin.module is isolated from above: values outside are not visible inside.
%outer = "test.a"() : () -> i32
module {
  "test.use"(%outer) : (i32) -> ()
}
