// RUN-OPTIONS: debug-info
// Locations print only with debug info; operations without one get file:line:col.
"test.a"() : () -> () loc("given.mlir":10:20)
"test.b"() {where = loc("attr.mlir":1:1)} : () -> ()
"test.c"() : () -> () loc(unknown)
"test.d"() : () -> () loc("just a name")
"test.e"() : () -> () loc("name"("f.mlir":1:2))
"test.f"() : () -> () loc(callsite("callee.mlir":1:2 at "caller.mlir":3:4))
"test.g"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2, "a.mlir":1:1, unknown])
"test.h"() : () -> () loc(fused<"meta">["a.mlir":1:1])
"test.i"() : () -> () loc(fused["only.mlir":5:5])
"test.r"() ({
^bb0(%x: i32 loc("arg.mlir":7:7), %y: i32):
  "test.use"(%x, %y) : (i32, i32) -> () loc(#deferred)
}) : () -> ()
#deferred = loc("alias.mlir":9:9)
