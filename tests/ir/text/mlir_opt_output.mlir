// RUN-OPTIONS: generic debug-info
// Text as `mlir-opt --mlir-print-op-generic --mlir-print-debuginfo` writes it: properties,
// location aliases defined after their uses, `// pred:` comments.
#loc2 = loc("n.mlir":1:14)
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg1: i32 loc("n.mlir":1:14)):
    %0 = "test.a"(%arg1) ({
    ^bb0(%arg2: i32 loc("n.mlir":3:8)):
      "test.y"(%arg2)[^bb1] : (i32) -> () loc(#loc7)
    ^bb1:  // pred: ^bb0
      "test.y"(%arg2) : (i32) -> () loc(#loc10)
    }) : (i32) -> i32 loc(#loc3)
    "func.return"(%0) : (i32) -> () loc(#loc16)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("n.mlir":0:0)
#loc1 = loc("n.mlir":1:1)
#loc3 = loc("n.mlir":2:8)
#loc7 = loc("n.mlir":5:5)
#loc10 = loc("n.mlir":8:5)
#loc16 = loc("n.mlir":16:3)
