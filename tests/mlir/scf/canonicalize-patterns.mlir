// RUN: %spvkit opt --allow-unregistered-dialect %s --canonicalize | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// The scf canonicalization patterns (scf_canonicalize.c) as mlir-opt-19 --canonicalize applies
// them: scf.for's ForOpIterArgsFolder (MLIR 19 keeps an argument whose body yields its init
// value, and duplicates) and SimplifyTrivialLoops (equal bounds, empty or single trip, i32
// bounds, `lb + c` upper bounds, an empty body yielding outside values); scf.if's fold (`xori
// %c, true` swaps the branches), CombineIfs, CombineNestedIfs, ConditionPropagation,
// ConvertTrivialIfToSelect, RemoveEmptyElseBranch, RemoveUnusedResults,
// ReplaceIfYieldWithConditionOrValue; index_switch's FoldConstantCase; execute_region inlined
// (one block, or several into the function's CFG, which cf's patterns then simplify); what MLIR
// leaves (an index_switch of a non-constant with a default only, a parallel loop with no
// iteration).
// CHECK lines: mlir-opt-19 --allow-unregistered-dialect --canonicalize.

func.func @for_unused_iter(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> i32 {
  %0:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %s = arith.addi %x, %x : i32
    scf.yield %s, %y : i32, i32
  }
  return %0#1 : i32
}
// CHECK-LABEL: func.func @for_unused_iter(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> i32 {
// CHECK-NEXT: return %arg4 : i32
// CHECK-NEXT: }

func.func @for_passthrough(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %s, %y : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @for_passthrough(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg6, %arg4 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg4 : i32, i32
// CHECK-NEXT: }

func.func @for_same_init_yield(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %s, %b : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @for_same_init_yield(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg6, %arg7 : i32
// CHECK-NEXT: scf.yield %1, %arg4 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }

func.func @for_zero_trip(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c1 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_zero_trip(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }

func.func @for_one_trip(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = scf.for %i = %c0 to %c1 step %c4 iter_args(%x = %a) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %x, %ii : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_one_trip(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }

func.func @for_empty(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
  }
  return
}
// CHECK-LABEL: func.func @for_empty(%arg0: index, %arg1: index, %arg2: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @for_empty_iter(%lb: index, %ub: index, %st: index, %a: i32) -> i32 {
  %0 = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    scf.yield %x : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_empty_iter(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
// CHECK-NEXT: return %arg3 : i32
// CHECK-NEXT: }

func.func @for_same_bounds(%lb: index, %st: index, %a: i32) -> i32 {
  %0 = scf.for %i = %lb to %lb step %st iter_args(%x = %a) -> (i32) {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_same_bounds(%arg0: index, %arg1: index, %arg2: i32) -> i32 {
// CHECK-NEXT: return %arg2 : i32
// CHECK-NEXT: }

func.func @for_invariant_yield(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> i32 {
  %0 = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    "test.use"(%x) : (i32) -> ()
    scf.yield %b : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_invariant_yield(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> i32 {
// CHECK-NEXT: %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (i32) {
// CHECK-NEXT: "test.use"(%arg6) : (i32) -> ()
// CHECK-NEXT: scf.yield %arg4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @if_unused_results(%c: i1, %a: i32, %b: i32) -> i32 {
  %0:2 = scf.if %c -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %a, %s : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  return %0#0 : i32
}
// CHECK-LABEL: func.func @if_unused_results(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @if_empty_else(%c: i1, %a: i32) {
  scf.if %c {
    "test.use"(%a) : (i32) -> ()
  } else {
  }
  return
}
// CHECK-LABEL: func.func @if_empty_else(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @if_same_results(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.if %c -> (i32, i32) {
    "test.use"(%a) : (i32) -> ()
    scf.yield %a, %b : i32, i32
  } else {
    "test.use"(%b) : (i32) -> ()
    scf.yield %a, %a : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @if_same_results(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1, %0 : i32, i32
// CHECK-NEXT: }

func.func @if_bool_yield(%c: i1) -> (i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0:2 = scf.if %c -> (i1, i1) {
    scf.yield %t, %f : i1, i1
  } else {
    scf.yield %f, %t : i1, i1
  }
  return %0#0, %0#1 : i1, i1
}
// CHECK-LABEL: func.func @if_bool_yield(%arg0: i1) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: return %arg0, %0 : i1, i1
// CHECK-NEXT: }

func.func @if_select(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @if_select(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @if_not_cond(%c: i1, %a: i32) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %n {
    "test.use"(%a) : (i32) -> ()
  } else {
    "test.other"(%a) : (i32) -> ()
  }
  return
}
// CHECK-LABEL: func.func @if_not_cond(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.other"(%arg1) : (i32) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @if_nested(%c: i1, %d: i1, %a: i32) {
  scf.if %c {
    scf.if %d {
      "test.use"(%a) : (i32) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @if_nested(%arg0: i1, %arg1: i1, %arg2: i32) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @if_cond_in_region(%c: i1, %a: i32) -> i1 {
  %0 = scf.if %c -> (i1) {
    "test.use"(%c) : (i1) -> ()
    scf.yield %c : i1
  } else {
    "test.use"(%c) : (i1) -> ()
    scf.yield %c : i1
  }
  return %0 : i1
}
// CHECK-LABEL: func.func @if_cond_in_region(%arg0: i1, %arg1: i32) -> i1 {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : i1
// CHECK-NEXT: }

func.func @if_empty_no_results(%c: i1) {
  scf.if %c {
  }
  return
}
// CHECK-LABEL: func.func @if_empty_no_results(%arg0: i1) {
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @if_consecutive(%c: i1, %a: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %m = arith.muli %a, %a : i32
    scf.yield %m : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1 : i32, i32
}
// CHECK-LABEL: func.func @if_consecutive(%arg0: i1, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1, %arg1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }

func.func @index_switch_const(%a: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %0 = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 2 {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  default {
    %m = arith.muli %a, %a : i32
    scf.yield %m : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @index_switch_const(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @index_switch_default_only(%i: index, %a: i32) -> i32 {
  %0 = scf.index_switch %i -> i32
  default {
    %m = arith.muli %a, %a : i32
    scf.yield %m : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @index_switch_default_only(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: default {
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @execute_region_multi(%c: i1, %a: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @execute_region_multi(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }

func.func @parallel_zero(%a: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c1) to (%c0) step (%c1) {
    memref.store %v, %a[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
// CHECK-LABEL: func.func @parallel_zero(%arg0: memref<4xf32>, %arg1: f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg2) = (%c1) to (%c0) step (%c1) {
// CHECK-NEXT: memref.store %arg1, %arg0[%arg2] : memref<4xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @for_dup(%lb: index, %ub: index, %st: index, %a: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %s = arith.addi %x, %y : i32
    "test.use"(%s) : (i32) -> ()
    %t = "test.val"() : () -> i32
    scf.yield %t, %t : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @for_dup(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3, %arg6 = %arg3) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg5, %arg6 : i32
// CHECK-NEXT: "test.use"(%1) : (i32) -> ()
// CHECK-NEXT: %2 = "test.val"() : () -> i32
// CHECK-NEXT: scf.yield %2, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }

func.func @for_invariant_empty(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %0 = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a) -> (i32) {
    scf.yield %b : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_invariant_empty(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }

func.func @for_i32(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a) -> (i32) : i32 {
    %s = arith.addi %x, %i : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_i32(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }

func.func @for_addi_bound(%lb: index, %a: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %ub = arith.addi %lb, %c4 : index
  %0 = scf.for %i = %lb to %ub step %c4 iter_args(%x = %a) -> (i32) {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @for_addi_bound(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @if_nested_results(%c: i1, %d: i1, %a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.if %c -> (i32, i32) {
    %1 = scf.if %d -> (i32) {
      %s = arith.addi %a, %b : i32
      scf.yield %s : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %1, %a : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @if_nested_results(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: %2 = scf.if %0 -> (i32) {
// CHECK-NEXT: %3 = arith.addi %arg2, %arg3 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %2, %1 : i32, i32
// CHECK-NEXT: }

func.func @if_not_cond_prev(%c: i1, %a: i32) -> (i32, i32) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = scf.if %c -> (i32) {
    %s = "test.a"() : () -> i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %n -> (i32) {
    %m = "test.b"(%0) : (i32) -> i32
    scf.yield %m : i32
  } else {
    %k = "test.c"(%0) : (i32) -> i32
    scf.yield %k : i32
  }
  return %0, %1 : i32, i32
}
// CHECK-LABEL: func.func @if_not_cond_prev(%arg0: i1, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = "test.a"() : () -> i32
// CHECK-NEXT: %2 = "test.c"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "test.b"(%arg1) : (i32) -> i32
// CHECK-NEXT: scf.yield %arg1, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }

func.func @if_no_else_combine(%c: i1, %a: i32) {
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %c {
    "test.b"() : () -> ()
  }
  return
}
// CHECK-LABEL: func.func @if_no_else_combine(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
