// RUN: not %spvkit opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// CHECK: unrealized_conversion_cast_count.mlir:[[# @LINE + 2]]:41: error: custom op 'builtin.unrealized_conversion_cast' 2 operands present, but expected 1
%a = "test.a"() : () -> i32
%0 = builtin.unrealized_conversion_cast %a, %a : i32 to i64
