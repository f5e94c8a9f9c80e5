// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// The cf ops in their custom and generic forms, as mlir-opt-19 prints them; scf.execute_region
// holds the blocks.

%c = index.bool.constant true
%n = index.constant 7
%a = index.casts %n : index to i32
%b = index.casts %n : index to i64
scf.execute_region {
  // CHECK: cf.br ^bb1(%{{.*}} : i32)
  // GENERIC: "cf.br"(%{{.*}})[^bb1] : (i32) -> ()
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  // CHECK: cf.cond_br %{{.*}}, ^bb2(%{{.*}}, %{{.*}} : i32, i32), ^bb3
  // GENERIC: "cf.cond_br"(%{{.*}}, %{{.*}}, %{{.*}})[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, i32) -> ()
  cf.cond_br %c, ^bb2(%x, %a : i32, i32), ^bb3
^bb2(%y: i32, %z: i32):
  // CHECK: cf.switch %{{.*}} : i32, [
  // CHECK-NEXT: default: ^bb3,
  // CHECK-NEXT: 42: ^bb4(%{{.*}} : i32),
  // CHECK-NEXT: 4294967295: ^bb3
  // CHECK-NEXT: ]
  // GENERIC: "cf.switch"(%{{.*}}, %{{.*}})[^bb3, ^bb4, ^bb3] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[42, -1]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
  cf.switch %x : i32, [
    default: ^bb3,
    42: ^bb4(%y : i32),
    -1: ^bb3
  ]
^bb3:
  // CHECK: cf.assert %{{.*}}, "msg \22q\22"
  // GENERIC: "cf.assert"(%{{.*}}) <{msg = "msg \22q\22"}> : (i1) -> ()
  cf.assert %c, "msg \"q\""
  // CHECK: cf.switch %{{.*}} : i64, [
  // CHECK-NEXT: default: ^bb4(%{{.*}} : i32)]
  // GENERIC: "cf.switch"(%{{.*}}, %{{.*}})[^bb4] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i64, i32) -> ()
  cf.switch %b : i64, [default: ^bb4(%a : i32)]
^bb4(%w: i32):
  // CHECK: cf.cond_br %{{.*}}, ^bb3, ^bb5 {foo}
  // GENERIC: "cf.cond_br"(%{{.*}})[^bb3, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> {foo} : (i1) -> ()
  cf.cond_br %c, ^bb3, ^bb5 {foo}
^bb5:
  scf.yield
}
