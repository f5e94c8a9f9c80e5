// RUN-OPTIONS: error
"test.a"() {s = "bad \q escape"} : () -> ()
