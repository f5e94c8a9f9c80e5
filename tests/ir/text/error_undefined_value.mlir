// RUN-OPTIONS: error
%0 = "test.a"() : () -> i32
"test.b"(%0, %missing) : (i32, i32) -> ()
