// RUN-OPTIONS: error
%a, %b = "test.two"() : () -> (i32, i32, i32)
