// RUN: not %spvkit opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// CHECK: unrealized_conversion_cast_results.mlir:[[# @LINE + 2]]:1: error: 'builtin.unrealized_conversion_cast' op expected at least one result for cast operation
%a = "test.a"() : () -> i32
"builtin.unrealized_conversion_cast"(%a) : (i32) -> ()
