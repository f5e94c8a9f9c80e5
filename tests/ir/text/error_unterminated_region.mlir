// RUN-OPTIONS: error
"test.r"() ({
  "test.x"() : () -> ()
