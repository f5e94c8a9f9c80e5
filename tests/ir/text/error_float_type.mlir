// RUN-OPTIONS: error
"test.a"() {ok = 1.5 : f32, bad = 2.5 : i32} : () -> ()
