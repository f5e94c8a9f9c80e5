// RUN-OPTIONS: error no-unregistered
module {
  "unknown.op"() : () -> ()
}
