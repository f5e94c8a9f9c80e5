// RUN-OPTIONS: generic
// The generic form gives every value a unique number (MLIR does the same) and shows empty entry
// blocks; properties `<{...}>` are accepted and merged into the one attribute dictionary.
module @m attributes {test.flag} {
  %0 = "test.a"() <{prop = 1 : i32}> {attr = 2 : i32} : () -> i32
  "test.r"() ({
    %1 = "test.b"(%0) : (i32) -> i32
  }) : () -> ()
  "test.s"() ({
  ^bb0(%arg0: i32):
    %2 = "test.c"(%arg0) : (i32) -> i32
    // Not MLIR: a single unparenthesized input is accepted in an operation's type.
    %3 = "test.d"(%2) : i32 -> i32
  }, {
  }) : () -> ()
}
