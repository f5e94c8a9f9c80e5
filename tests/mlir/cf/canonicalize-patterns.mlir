// RUN: %spvkit opt --allow-unregistered-dialect %s --canonicalize | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// The cf canonicalization patterns (cf_canonicalize.c) with the greedy driver's region
// simplification, as mlir-opt-19 --canonicalize applies them: a br to a block with one
// predecessor merges it, pass-through blocks are skipped (br, cond_br, switch), cond_br with one
// destination (selects for differing operands), on a constant, or on the condition of the
// cond_br that entered its block, the condition's truth propagated into destinations, switch on
// a constant / with only a default / with cases that match the default, assert of true. MLIR 19
// merges no identical blocks at region-simplify=normal (its canonicalize default).
// CHECK lines: mlir-opt-19 --allow-unregistered-dialect --canonicalize.

func.func @br_merge(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %s = arith.addi %x, %x : i32
  return %s : i32
}
// CHECK-LABEL: func.func @br_merge(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @cond_br_same(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}
// CHECK-LABEL: func.func @cond_br_same(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }

func.func @cond_br_const(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}
// CHECK-LABEL: func.func @cond_br_const(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }

func.func @passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  return %x : i32
}
// CHECK-LABEL: func.func @passthrough(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @passthrough_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%p: i32):
  cf.br ^bb3(%p : i32)
^bb2(%q: i32):
  cf.br ^bb3(%q : i32)
^bb3(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}
// CHECK-LABEL: func.func @passthrough_args(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @cond_br_same_dest_diff_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}
// CHECK-LABEL: func.func @cond_br_same_dest_diff_args(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @cond_br_in_succ(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb3, ^bb4
^bb2:
  "test.x"() : () -> ()
  return
^bb3:
  "test.y"() : () -> ()
  return
^bb4:
  "test.z"() : () -> ()
  return
}
// CHECK-LABEL: func.func @cond_br_in_succ(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.y"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @switch_const(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  cf.switch %c2 : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2,
    2: ^bb3
  ]
^bb1(%x: i32):
  "test.a"() : () -> ()
  return %x : i32
^bb2:
  "test.b"() : () -> ()
  return %a : i32
^bb3:
  "test.c"() : () -> ()
  return %a : i32
}
// CHECK-LABEL: func.func @switch_const(%arg0: i32) -> i32 {
// CHECK-NEXT: "test.c"() : () -> ()
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }

func.func @switch_default_only(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  "test.a"() : () -> ()
  return %x : i32
}
// CHECK-LABEL: func.func @switch_default_only(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }

func.func @switch_same_dest(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb1,
    2: ^bb2
  ]
^bb1:
  "test.a"() : () -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
}
// CHECK-LABEL: func.func @switch_same_dest(%arg0: i32, %arg1: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 2: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @assert_true(%a: i32) {
  %t = arith.constant true
  cf.assert %t, "ok"
  return
}
// CHECK-LABEL: func.func @assert_true(%arg0: i32) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @identical_blocks(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.a"(%a) : (i32) -> ()
  return
^bb2:
  "test.a"(%a) : (i32) -> ()
  return
}
// CHECK-LABEL: func.func @identical_blocks(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.a"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.a"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @dead_arg(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  "test.a"() : () -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
}
// CHECK-LABEL: func.func @dead_arg(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @loop(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %c = "test.cond"(%x) : (i32) -> i1
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb2:
  return %x : i32
}
// CHECK-LABEL: func.func @loop(%arg0: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %1 = "test.cond"(%0) : (i32) -> i1
// CHECK-NEXT: cf.cond_br %1, ^bb1(%0 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @switch_passthrough(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  cf.br ^bb3
^bb2:
  "test.b"() : () -> ()
  return
^bb3:
  "test.a"() : () -> ()
  return
}
// CHECK-LABEL: func.func @switch_passthrough(%arg0: i32, %arg1: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 1: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @truth(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.t"(%c) : (i1) -> ()
  return
^bb2:
  "test.f"(%c) : (i1) -> ()
  return
}
// CHECK-LABEL: func.func @truth(%arg0: i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.t"(%true) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.f"(%false) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
