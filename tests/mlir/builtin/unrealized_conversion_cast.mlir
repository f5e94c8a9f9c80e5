// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s

// CHECK: module {
// CHECK-NEXT:   %[[A:.*]] = "test.a"() : () -> i32
// CHECK-NEXT:   %[[B:.*]] = "test.b"() : () -> f32
// CHECK-NEXT:   %[[C0:.*]] = unrealized_conversion_cast %[[A]], %[[B]] : i32, f32 to i64
// CHECK-NEXT:   %[[C1:.*]] = unrealized_conversion_cast to i64 {foo = 1 : i64}
// CHECK-NEXT:   %[[C2:.*]]:2 = unrealized_conversion_cast %[[A]] : i32 to i64, f32
// CHECK-NEXT:   %{{.*}}:5 = unrealized_conversion_cast %[[A]], %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32, i32 to i64, f32, i1, i2, i3
// CHECK-NEXT:   "test.use"(%[[C0]], %[[C1]], %[[C2]]#0, %[[C2]]#1) : (i64, i64, i64, f32) -> ()
// GENERIC: "builtin.unrealized_conversion_cast"(%0, %1) : (i32, f32) -> i64
// GENERIC: "builtin.unrealized_conversion_cast"() {foo = 1 : i64} : () -> i64
// GENERIC: "builtin.unrealized_conversion_cast"(%0) : (i32) -> (i64, f32)
%a = "test.a"() : () -> i32
%b = "test.b"() : () -> f32
%0 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64
%1 = builtin.unrealized_conversion_cast to i64 {foo = 1}
%2:2 = builtin.unrealized_conversion_cast %a : i32 to i64, f32
%3:5 = builtin.unrealized_conversion_cast %a, %a, %a, %a, %a : i32, i32, i32, i32, i32 to i64, f32, i1, i2, i3
"test.use"(%0, %1, %2#0, %2#1) : (i64, i64, i64, f32) -> ()
