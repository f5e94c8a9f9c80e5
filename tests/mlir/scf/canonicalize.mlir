// RUN: %spvkit opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect --pass-pipeline="builtin.module(canonicalize)" %s | FileCheck %s

// mlir-opt-19 --canonicalize's output: scf.if on constant conditions and a one-block
// scf.execute_region are inlined.
// CHECK: %[[C3:.*]] = index.constant 3
// CHECK-NEXT: %[[C1:.*]] = index.constant 1
// CHECK-NEXT: %[[C2:.*]] = index.constant 2
// CHECK-NEXT: "test.use"(%[[C3]], %[[C1]], %[[C2]]) : (index, index, index) -> ()
// CHECK-NOT: scf.
%t = index.bool.constant true
%f = index.bool.constant false
%a = index.constant 1
%b = index.constant 2
%0 = scf.if %t -> (index) {
  %x = index.add %a, %b
  scf.yield %x : index
} else {
  scf.yield %a : index
}
%1 = scf.if %f -> (index) {
  scf.yield %a : index
} else {
  %y = index.sub %b, %a
  scf.yield %y : index
}
scf.if %f {
  %z = index.sizeof
}
%2 = scf.execute_region -> index {
  %w = index.mul %a, %b
  scf.yield %w : index
}
"test.use"(%0, %1, %2) : (index, index, index) -> ()
