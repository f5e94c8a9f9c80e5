// RUN: %spvkit opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// cf.cond_br on a constant goes one way (mlir-opt-19 then merges the blocks, which needs
// block merging, not yet done here).
// CHECK-NOT: cf.cond_br
// CHECK: "test.use"
%t = index.bool.constant true
%a = index.constant 1
%b = index.constant 2
%r = scf.execute_region -> index {
  cf.cond_br %t, ^bb1(%a : index), ^bb2
^bb1(%x: index):
  scf.yield %x : index
^bb2:
  scf.yield %b : index
}
"test.use"(%r) : (index) -> ()
