// RUN-OPTIONS: error
"test.r"() ({
  "test.br"()[^nowhere] : () -> ()
^elsewhere:
  "test.x"() : () -> ()
}) : () -> ()
