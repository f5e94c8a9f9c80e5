// RUN: %spvkit opt %s --canonicalize='enable-patterns=(anonymous namespace)::SimplifyBrToBlockWithSinglePred' | FileCheck %s --check-prefix=ENABLED
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize{disable-patterns=(anonymous namespace)::SimplifyBrToBlockWithSinglePred,(anonymous namespace)::SimplifyDeadAlloc<mlir::memref::AllocOp>}))' | FileCheck %s --check-prefix=DISABLED
// RUN: %spvkit opt %s --canonicalize='enable-patterns=SimplifyBrToBlockWithSinglePred' | FileCheck %s --check-prefix=SHORT
// RUN: %spvkit opt %s --canonicalize='disable-patterns=a,b enable-patterns=c' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=PIPELINE
// canonicalize's disable-patterns / enable-patterns take MLIR's pattern labels: the C++ class
// name, "(anonymous namespace)::SimplifyBrToBlockWithSinglePred" for the patterns MLIR defines
// in an anonymous namespace; a bare name matches nothing, as in MLIR 19. Folding is not
// filtered. (mlir-opt-19 itself loops forever on an option value with a space inside
// parentheses, so these labels cannot be given to it; the expected outputs follow MLIR's
// FrozenRewritePatternSet rules.)

func.func @f(%a: i32, %v: f32, %i: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %s = arith.addi %a, %c0 : i32
  %m = memref.alloc() : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  cf.br ^bb1(%s : i32)
^bb1(%x: i32):
  return %x : i32
}

// ENABLED-LABEL: func.func @f(%arg0: i32, %arg1: f32, %arg2: index) -> i32 {
// ENABLED-NEXT: %alloc = memref.alloc() : memref<4xf32>
// ENABLED-NEXT: memref.store %arg1, %alloc[%arg2] : memref<4xf32>
// ENABLED-NEXT: return %arg0 : i32
// ENABLED-NEXT: }

// DISABLED-LABEL: func.func @f(%arg0: i32, %arg1: f32, %arg2: index) -> i32 {
// DISABLED-NEXT: %alloc = memref.alloc() : memref<4xf32>
// DISABLED-NEXT: memref.store %arg1, %alloc[%arg2] : memref<4xf32>
// DISABLED-NEXT: cf.br ^bb1(%arg0 : i32)
// DISABLED-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// DISABLED-NEXT: return %0 : i32
// DISABLED-NEXT: }

// SHORT-LABEL: func.func @f(%arg0: i32, %arg1: f32, %arg2: index) -> i32 {
// SHORT-NEXT: %alloc = memref.alloc() : memref<4xf32>
// SHORT-NEXT: memref.store %arg1, %alloc[%arg2] : memref<4xf32>
// SHORT-NEXT: cf.br ^bb1(%arg0 : i32)

// PIPELINE: builtin.module(canonicalize{disable-patterns=a,b enable-patterns=c max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true})
