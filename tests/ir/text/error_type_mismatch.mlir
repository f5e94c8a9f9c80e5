// RUN-OPTIONS: error
"test.r"() ({
  "test.use"(%v) : (f32) -> ()
  %v = "test.def"() : () -> i32
}) : () -> ()
