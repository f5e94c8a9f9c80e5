// RUN: %spvkit opt %s --canonicalize | FileCheck %s
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: %spvkit opt %s --canonicalize='disable-patterns=(anonymous namespace)::BroadcastFolder' | FileCheck %s --check-prefix=NOFOLDER
// The vector folds and canonicalization patterns of MLIR 19 that spvkit has (vector_fold.c):
// broadcasts and splats of constants, broadcast of broadcast, extract through broadcasts, inserts,
// extracts and from_elements, constants extracted from and inserted into, bitcast chains, identity
// and constant shuffles, single-element reductions, the in_bounds a static shape proves. The
// CHECK lines are mlir-opt-19 --canonicalize's output. Left out: a 0-D shuffle, which MLIR 19
// makes a vector.interleave (spvkit has no interleave); transfers with explicit maps are in
// transfer_maps.mlir. The patterns carry MLIR's labels: with BroadcastFolder disabled, broadcasts
// of broadcasts stay (NOFOLDER; mlir-opt-19 loops on such an option value, see
// tests/mlir/pass/canonicalize_filter.mlir, so that output follows MLIR's filter rules).



// NOFOLDER-LABEL: func.func @broadcast_broadcast
// NOFOLDER-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<4xf32>
// NOFOLDER-NEXT: %1 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
// NOFOLDER-NEXT: %2 = vector.broadcast %arg1 : vector<4xf32> to vector<2x4xf32>
// NOFOLDER-NEXT: %3 = vector.broadcast %2 : vector<2x4xf32> to vector<3x2x4xf32>
// NOFOLDER-NEXT: return %1, %3, %arg1
// CHECK-LABEL: func.func @broadcast_broadcast(%arg0: f32, %arg1: vector<4xf32>) -> (vector<2x4xf32>, vector<3x2x4xf32>, vector<4xf32>) {
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<2x4xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : vector<4xf32> to vector<3x2x4xf32>
// CHECK-NEXT: return %0, %1, %arg1 : vector<2x4xf32>, vector<3x2x4xf32>, vector<4xf32>
func.func @broadcast_broadcast(%a: f32, %v: vector<4xf32>) -> (vector<2x4xf32>, vector<3x2x4xf32>, vector<4xf32>) {
  %0 = vector.broadcast %a : f32 to vector<4xf32>
  %1 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
  %2 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %3 = vector.broadcast %2 : vector<2x4xf32> to vector<3x2x4xf32>
  %4 = vector.broadcast %v : vector<4xf32> to vector<4xf32>
  return %1, %3, %4 : vector<2x4xf32>, vector<3x2x4xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @constants() -> (vector<4xf32>, vector<2x3xi32>, vector<4xi32>, vector<4xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<1.500000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<2> : vector<2x3xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<7> : vector<4xi32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst : vector<4xf32>, vector<2x3xi32>, vector<4xi32>, vector<4xf32>
func.func @constants() -> (vector<4xf32>, vector<2x3xi32>, vector<4xi32>, vector<4xf32>) {
  %c = arith.constant 1.5 : f32
  %i = arith.constant 7 : i32
  %d = arith.constant dense<2> : vector<3xi32>
  %0 = vector.broadcast %c : f32 to vector<4xf32>
  %1 = vector.broadcast %d : vector<3xi32> to vector<2x3xi32>
  %2 = vector.splat %i : vector<4xi32>
  %3 = vector.from_elements %c, %c, %c, %c : vector<4xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<2x3xi32>, vector<4xi32>, vector<4xf32>
}

// CHECK-LABEL: func.func @from_elements_nonsplat(%arg0: f32) -> (vector<2xf32>, vector<3xf32>) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %0 = vector.from_elements %cst, %cst_0 : vector<2xf32>
// CHECK-NEXT: %1 = vector.splat %arg0 : vector<3xf32>
// CHECK-NEXT: return %0, %1 : vector<2xf32>, vector<3xf32>
func.func @from_elements_nonsplat(%a: f32) -> (vector<2xf32>, vector<3xf32>) {
  %c = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %0 = vector.from_elements %c, %c2 : vector<2xf32>
  %1 = vector.from_elements %a, %a, %a : vector<3xf32>
  return %0, %1 : vector<2xf32>, vector<3xf32>
}

// CHECK-LABEL: func.func @extract_broadcast(%arg0: f32, %arg1: vector<4xf32>, %arg2: index) -> (f32, f32, vector<4xf32>, f32, f32) {
// CHECK-NEXT: %0 = vector.splat %arg0 : vector<8xf32>
// CHECK-NEXT: %1 = vector.extract %0[%arg2] : f32 from vector<8xf32>
// CHECK-NEXT: %2 = vector.extractelement %0[%arg2 : index] : vector<8xf32>
// CHECK-NEXT: return %arg0, %1, %arg1, %2, %arg0 : f32, f32, vector<4xf32>, f32, f32
func.func @extract_broadcast(%a: f32, %v: vector<4xf32>, %i: index) -> (f32, f32, vector<4xf32>, f32, f32) {
  %0 = vector.broadcast %a : f32 to vector<2x4xf32>
  %1 = vector.extract %0[1, 2] : f32 from vector<2x4xf32>
  %2 = vector.splat %a : vector<8xf32>
  %3 = vector.extract %2[%i] : f32 from vector<8xf32>
  %4 = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %5 = vector.extract %4[2] : vector<4xf32> from vector<3x4xf32>
  %6 = vector.extractelement %2[%i : index] : vector<8xf32>
  %c3 = arith.constant 3 : i32
  %7 = vector.extractelement %2[%c3 : i32] : vector<8xf32>
  return %1, %3, %5, %6, %7 : f32, f32, vector<4xf32>, f32, f32
}

// CHECK-LABEL: func.func @extract_insert(%arg0: f32, %arg1: f32, %arg2: vector<4x8xf32>, %arg3: vector<8xf32>) -> (f32, f32, vector<8xf32>, f32) {
// CHECK-NEXT: %0 = vector.extract %arg3[5] : f32 from vector<8xf32>
// CHECK-NEXT: return %arg0, %arg0, %arg3, %0 : f32, f32, vector<8xf32>, f32
func.func @extract_insert(%a: f32, %b: f32, %v: vector<4x8xf32>, %w: vector<8xf32>) -> (f32, f32, vector<8xf32>, f32) {
  %0 = vector.insert %a, %v[1, 2] : f32 into vector<4x8xf32>
  %1 = vector.extract %0[1, 2] : f32 from vector<4x8xf32>
  %2 = vector.insert %b, %0[3, 3] : f32 into vector<4x8xf32>
  %3 = vector.extract %2[1, 2] : f32 from vector<4x8xf32>
  %4 = vector.insert %w, %v[2] : vector<8xf32> into vector<4x8xf32>
  %5 = vector.extract %4[2] : vector<8xf32> from vector<4x8xf32>
  %6 = vector.extract %4[2, 5] : f32 from vector<4x8xf32>
  return %1, %3, %5, %6 : f32, f32, vector<8xf32>, f32
}

// CHECK-LABEL: func.func @extract_extract(%arg0: vector<4x8x16xf32>) -> f32 {
// CHECK-NEXT: %0 = vector.extract %arg0[1, 2, 3] : f32 from vector<4x8x16xf32>
// CHECK-NEXT: return %0 : f32
func.func @extract_extract(%v: vector<4x8x16xf32>) -> f32 {
  %0 = vector.extract %v[1] : vector<8x16xf32> from vector<4x8x16xf32>
  %1 = vector.extract %0[2, 3] : f32 from vector<8x16xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @constant_index(%arg0: vector<4x8xf32>, %arg1: f32) -> (f32, vector<4x8xf32>, vector<4x8xf32>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = vector.extract %arg0[%c1, %c2] : f32 from vector<4x8xf32>
// CHECK-NEXT: %1 = vector.insert %arg1, %arg0 [%c2, 3] : f32 into vector<4x8xf32>
// CHECK-NEXT: return %0, %1, %arg0 : f32, vector<4x8xf32>, vector<4x8xf32>
func.func @constant_index(%v: vector<4x8xf32>, %a: f32) -> (f32, vector<4x8xf32>, vector<4x8xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = vector.extract %v[%c1, %c2] : f32 from vector<4x8xf32>
  %1 = vector.insert %a, %v[%c2, 3] : f32 into vector<4x8xf32>
  %2 = vector.extract %v[] : vector<4x8xf32> from vector<4x8xf32>
  return %0, %1, %2 : f32, vector<4x8xf32>, vector<4x8xf32>
}

// CHECK-LABEL: func.func @extract_constant() -> (f32, i32, vector<2xi32>) {
// CHECK-NEXT: %cst = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %cst_0 = arith.constant dense<[3, 4]> : vector<2xi32>
// CHECK-NEXT: return %cst, %c3_i32, %cst_0 : f32, i32, vector<2xi32>
func.func @extract_constant() -> (f32, i32, vector<2xi32>) {
  %s = arith.constant dense<3.0> : vector<4xf32>
  %d = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %0 = vector.extract %s[2] : f32 from vector<4xf32>
  %1 = vector.extract %d[1, 0] : i32 from vector<2x2xi32>
  %2 = vector.extract %d[1] : vector<2xi32> from vector<2x2xi32>
  return %0, %1, %2 : f32, i32, vector<2xi32>
}

// CHECK-LABEL: func.func @elements_constant() -> (f32, vector<4xf32>) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<[1.000000e+00, 9.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: return %cst, %cst_0 : f32, vector<4xf32>
func.func @elements_constant() -> (f32, vector<4xf32>) {
  %d = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %c1 = arith.constant 1 : i32
  %f = arith.constant 9.0 : f32
  %0 = vector.extractelement %d[%c1 : i32] : vector<4xf32>
  %1 = vector.insertelement %f, %d[%c1 : i32] : vector<4xf32>
  return %0, %1 : f32, vector<4xf32>
}

// CHECK-LABEL: func.func @bitcasts(%arg0: vector<4xf32>) -> (vector<4xf32>, vector<8xf16>, vector<4xf32>, vector<4xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<65537> : vector<4xi32>
// CHECK-NEXT: %0 = vector.bitcast %arg0 : vector<4xf32> to vector<8xf16>
// CHECK-NEXT: return %arg0, %0, %arg0, %cst : vector<4xf32>, vector<8xf16>, vector<4xf32>, vector<4xi32>
func.func @bitcasts(%v: vector<4xf32>) -> (vector<4xf32>, vector<8xf16>, vector<4xf32>, vector<4xi32>) {
  %0 = vector.bitcast %v : vector<4xf32> to vector<8xi16>
  %1 = vector.bitcast %0 : vector<8xi16> to vector<4xf32>
  %2 = vector.bitcast %0 : vector<8xi16> to vector<8xf16>
  %3 = vector.bitcast %v : vector<4xf32> to vector<4xf32>
  %c = arith.constant dense<1> : vector<8xi16>
  %4 = vector.bitcast %c : vector<8xi16> to vector<4xi32>
  return %1, %2, %3, %4 : vector<4xf32>, vector<8xf16>, vector<4xf32>, vector<4xi32>
}

// CHECK-LABEL: func.func @shuffles(%arg0: vector<4xf32>, %arg1: vector<2xf32>) -> (vector<4xf32>, vector<2xf32>, vector<3xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<[4, 1, 3]> : vector<3xi32>
// CHECK-NEXT: return %arg0, %arg1, %cst : vector<4xf32>, vector<2xf32>, vector<3xi32>
func.func @shuffles(%a: vector<4xf32>, %b: vector<2xf32>) -> (vector<4xf32>, vector<2xf32>, vector<3xi32>) {
  %0 = vector.shuffle %a, %b [0, 1, 2, 3] : vector<4xf32>, vector<2xf32>
  %1 = vector.shuffle %a, %b [4, 5] : vector<4xf32>, vector<2xf32>
  %c = arith.constant dense<[1, 2]> : vector<2xi32>
  %d = arith.constant dense<[3, 4]> : vector<2xi32>
  %2 = vector.shuffle %c, %d [3, 0, 2] : vector<2xi32>, vector<2xi32>
  return %0, %1, %2 : vector<4xf32>, vector<2xf32>, vector<3xi32>
}

// CHECK-LABEL: func.func @reductions(%arg0: vector<1xf32>, %arg1: f32, %arg2: vector<f32>, %arg3: vector<1xi32>) -> (f32, f32, f32, i32) {
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %2 = arith.mulf %1, %arg1 : f32
// CHECK-NEXT: %3 = vector.extractelement %arg2[] : vector<f32>
// CHECK-NEXT: %4 = vector.extract %arg3[0] : i32 from vector<1xi32>
// CHECK-NEXT: return %0, %2, %3, %4 : f32, f32, f32, i32
func.func @reductions(%v: vector<1xf32>, %acc: f32, %z: vector<f32>, %i: vector<1xi32>) -> (f32, f32, f32, i32) {
  %0 = vector.reduction <add>, %v : vector<1xf32> into f32
  %1 = vector.reduction <mul>, %v, %acc : vector<1xf32> into f32
  %2 = vector.reduction <add>, %z : vector<f32> into f32
  %3 = vector.reduction <maxsi>, %i : vector<1xi32> into i32
  return %0, %1, %2, %3 : f32, f32, f32, i32
}

// CHECK-LABEL: func.func @transfer_in_bounds(%arg0: memref<4x8xf32>, %arg1: memref<?x8xf32>, %arg2: f32) -> (vector<4xf32>, vector<8xf32>, vector<4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %arg2 {in_bounds = [true]} : memref<4x8xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%c0, %c6], %arg2 : memref<4x8xf32>, vector<8xf32>
// CHECK-NEXT: %2 = vector.transfer_read %arg1[%c0, %c0], %arg2 {in_bounds = [true]} : memref<?x8xf32>, vector<4xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg0[%c0, %c0] {in_bounds = [true]} : vector<4xf32>, memref<4x8xf32>
// CHECK-NEXT: return %0, %1, %2 : vector<4xf32>, vector<8xf32>, vector<4xf32>
func.func @transfer_in_bounds(%m: memref<4x8xf32>, %d: memref<?x8xf32>, %f: f32) -> (vector<4xf32>, vector<8xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %0 = vector.transfer_read %m[%c0, %c0], %f : memref<4x8xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%c0, %c6], %f : memref<4x8xf32>, vector<8xf32>
  %2 = vector.transfer_read %d[%c0, %c0], %f : memref<?x8xf32>, vector<4xf32>
  vector.transfer_write %0, %m[%c0, %c0] : vector<4xf32>, memref<4x8xf32>
  return %0, %1, %2 : vector<4xf32>, vector<8xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @more(%arg0: f32, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<1x4xf32>, %arg4: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<[0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00]> : vector<4xf32>
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<4xf32>
// CHECK-NEXT: %1 = vector.splat %arg0 : vector<2x4xf32>
// CHECK-NEXT: %2 = vector.insert %arg0, %1 [1, 1] : f32 into vector<2x4xf32>
// CHECK-NEXT: %3 = vector.splat %arg0 : vector<4xf32>
// CHECK-NEXT: return %arg1, %0, %arg2, %2, %3, %cst : f32, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<4xf32>
func.func @more(%a: f32, %b: f32, %v: vector<4xf32>, %w: vector<1x4xf32>, %s: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<4xf32>) {
  %0 = vector.from_elements %a, %b : vector<2xf32>
  %1 = vector.extract %0[1] : f32 from vector<2xf32>
  %2 = vector.broadcast %a : f32 to vector<3x4xf32>
  %3 = vector.extract %2[1] : vector<4xf32> from vector<3x4xf32>
  %4 = vector.insert %v, %w[0] : vector<4xf32> into vector<1x4xf32>
  %5 = vector.extract %4[0] : vector<4xf32> from vector<1x4xf32>
  %6 = vector.splat %a : vector<2x4xf32>
  %7 = vector.insert %a, %6[1, 1] : f32 into vector<2x4xf32>
  %8 = vector.splat %a : vector<4xf32>
  %9 = vector.shuffle %8, %8 [0, 1, 5, 7] : vector<4xf32>, vector<4xf32>
  %10 = vector.insert %a, %s[2] : f32 into vector<4xf32>
  %c = arith.constant dense<0.0> : vector<4xf32>
  %c1 = arith.constant 1.0 : f32
  %11 = vector.insert %c1, %c[2] : f32 into vector<4xf32>
  return %1, %3, %5, %7, %9, %11 : f32, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @ins_bcast(%arg0: vector<4xf32>, %arg1: vector<1x4xf32>) -> vector<1x4xf32> {
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: return %0 : vector<1x4xf32>
func.func @ins_bcast(%v: vector<4xf32>, %d: vector<1x4xf32>) -> vector<1x4xf32> {
  %0 = vector.insert %v, %d[0] : vector<4xf32> into vector<1x4xf32>
  return %0 : vector<1x4xf32>
}

// CHECK-LABEL: func.func @chain(%arg0: vector<4x8xf32>, %arg1: f32, %arg2: f32, %arg3: vector<8xf32>) -> (f32, f32, vector<8xf32>, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[3, 3] : f32 from vector<4x8xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 1] : f32 from vector<4x8xf32>
// CHECK-NEXT: return %arg1, %0, %arg3, %1 : f32, f32, vector<8xf32>, f32
func.func @chain(%v: vector<4x8xf32>, %a: f32, %b: f32, %w: vector<8xf32>) -> (f32, f32, vector<8xf32>, f32) {
  %0 = vector.insert %a, %v[0, 0] : f32 into vector<4x8xf32>
  %1 = vector.insert %w, %0[1] : vector<8xf32> into vector<4x8xf32>
  %2 = vector.insert %b, %1[2, 2] : f32 into vector<4x8xf32>
  %3 = vector.extract %2[0, 0] : f32 from vector<4x8xf32>
  %4 = vector.extract %2[3, 3] : f32 from vector<4x8xf32>
  %5 = vector.extract %2[1] : vector<8xf32> from vector<4x8xf32>
  %6 = vector.extract %2[0, 1] : f32 from vector<4x8xf32>
  return %3, %4, %5, %6 : f32, f32, vector<8xf32>, f32
}

// CHECK-LABEL: func.func @covers(%arg0: vector<4x8xf32>, %arg1: f32) -> vector<8xf32> {
// CHECK-NEXT: %0 = vector.insert %arg1, %arg0 [1, 2] : f32 into vector<4x8xf32>
// CHECK-NEXT: %1 = vector.extract %0[1] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: return %1 : vector<8xf32>
func.func @covers(%v: vector<4x8xf32>, %a: f32) -> vector<8xf32> {
  %0 = vector.insert %a, %v[1, 2] : f32 into vector<4x8xf32>
  %1 = vector.extract %0[1] : vector<8xf32> from vector<4x8xf32>
  return %1 : vector<8xf32>
}

// CHECK-LABEL: func.func @stretch(%arg0: vector<1x4xf32>, %arg1: vector<2x1xf32>) -> (vector<4xf32>, f32, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<1x4xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 3] : f32 from vector<1x4xf32>
// CHECK-NEXT: %2 = vector.extract %arg1[1, 0] : f32 from vector<2x1xf32>
// CHECK-NEXT: return %0, %1, %2 : vector<4xf32>, f32, f32
func.func @stretch(%v: vector<1x4xf32>, %s: vector<2x1xf32>) -> (vector<4xf32>, f32, f32) {
  %0 = vector.broadcast %v : vector<1x4xf32> to vector<3x2x4xf32>
  %1 = vector.extract %0[2, 1] : vector<4xf32> from vector<3x2x4xf32>
  %2 = vector.extract %0[2, 1, 3] : f32 from vector<3x2x4xf32>
  %3 = vector.broadcast %s : vector<2x1xf32> to vector<2x5xf32>
  %4 = vector.extract %3[1, 4] : f32 from vector<2x5xf32>
  return %1, %2, %4 : vector<4xf32>, f32, f32
}

// CHECK-LABEL: func.func @red(%arg0: vector<1xf32>, %arg1: f32, %arg2: vector<1xi32>, %arg3: i32, %arg4: vector<f32>) -> (f32, i32, f32, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %1 = arith.maximumf %0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %2 = vector.extract %arg2[0] : i32 from vector<1xi32>
// CHECK-NEXT: %3 = arith.xori %2, %arg3 : i32
// CHECK-NEXT: %4 = vector.extractelement %arg4[] : vector<f32>
// CHECK-NEXT: %5 = arith.addf %4, %arg1 : f32
// CHECK-NEXT: %6 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %7 = arith.addf %6, %arg1 : f32
// CHECK-NEXT: return %1, %3, %5, %7 : f32, i32, f32, f32
func.func @red(%v: vector<1xf32>, %acc: f32, %i: vector<1xi32>, %iacc: i32, %z: vector<f32>) -> (f32, i32, f32, f32) {
  %0 = vector.reduction <maximumf>, %v, %acc fastmath<fast> : vector<1xf32> into f32
  %1 = vector.reduction <xor>, %i, %iacc : vector<1xi32> into i32
  %2 = vector.reduction <add>, %z, %acc : vector<f32> into f32
  %3 = vector.reduction <add>, %v, %acc : vector<1xf32> into f32
  return %0, %1, %2, %3 : f32, i32, f32, f32
}

// CHECK-LABEL: func.func @consts() -> (vector<2x4xi32>, vector<4xi32>, vector<2xi64>, vector<f32>, vector<4xi1>) {
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}0, 0, 0, 0], [1, 2, 3, 4]]> : vector<2x4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<-1> : vector<2xi64>
// CHECK-NEXT: %cst_1 = arith.constant dense<2.500000e+00> : vector<f32>
// CHECK-NEXT: %cst_2 = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT: return %cst, %cst_2, %cst_0, %cst_1, %cst_3 : vector<2x4xi32>, vector<4xi32>, vector<2xi64>, vector<f32>, vector<4xi1>
func.func @consts() -> (vector<2x4xi32>, vector<4xi32>, vector<2xi64>, vector<f32>, vector<4xi1>) {
  %d = arith.constant dense<0> : vector<2x4xi32>
  %r = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = vector.insert %r, %d[1] : vector<4xi32> into vector<2x4xi32>
  %m = arith.constant dense<-1> : vector<4xi32>
  %1 = vector.bitcast %m : vector<4xi32> to vector<2xi64>
  %c = arith.constant 2.5 : f32
  %2 = vector.from_elements %c : vector<f32>
  %3 = vector.bitcast %r : vector<4xi32> to vector<16xi8>
  %4 = vector.extract %0[0] : vector<4xi32> from vector<2x4xi32>
  %t = arith.constant true
  %5 = vector.broadcast %t : i1 to vector<4xi1>
  return %0, %4, %1, %2, %5 : vector<2x4xi32>, vector<4xi32>, vector<2xi64>, vector<f32>, vector<4xi1>
}

