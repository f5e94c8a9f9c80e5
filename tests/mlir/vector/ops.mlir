// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// The vector ops spvkit has, in their custom forms (cases after MLIR's test/Dialect/Vector/ops.mlir
// that MLIR 19 accepts); the CHECK lines are what mlir-opt-19 prints. Transfers with an explicit
// permutation_map are in transfer_maps.mlir (mlir-opt-19 names affine maps by #map aliases).
// The GENERIC lines are mlir-opt-19's too, but for the maps, which it names by aliases.

// GENERIC: %79 = "vector.load"(%arg51, %arg54, %arg55) : (memref<200x100xf32>, index, index) -> vector<8xf32>
// GENERIC: %84 = "vector.load"(%arg53, %arg54) <{nontemporal = false}> : (memref<?xf32>, index) -> vector<8xf32>
// GENERIC: %57 = "vector.extract"(%arg38, %arg41, %arg42) <{static_position = array<i64: -9223372036854775808, 2, -9223372036854775808>}> : (vector<4x8x16xf32>, index, index) -> f32
// GENERIC: %64 = "vector.insert"(%arg40, %arg38) <{static_position = array<i64: 3, 3, 3>}> : (f32, vector<4x8x16xf32>) -> vector<4x8x16xf32>
// GENERIC: %37 = "vector.shuffle"(%arg26, %arg27) <{mask = [0, 3]}> : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
// GENERIC: %18 = "vector.reduction"(%arg19) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<16xf32>) -> f32
// GENERIC: %20 = "vector.reduction"(%arg19, %arg22) <{fastmath = #arith.fastmath<fast>, kind = #vector.kind<mul>}> : (vector<16xf32>, f32) -> f32
// GENERIC: %1 = "vector.transfer_read"(%arg1, %arg8, %arg8, %arg9) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<128xf32>
// GENERIC: %2 = "vector.transfer_read"(%arg1, %arg8, %arg8, %arg9, %arg12) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32, vector<128xi1>) -> vector<128xf32>
// GENERIC: %3 = "vector.transfer_read"(%arg3, %arg8, %arg8, %arg10) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xvector<4x3xf32>>, index, index, vector<4x3xf32>) -> vector<1x1x4x3xf32>
// GENERIC: %6 = "vector.transfer_read"(%arg6, %arg9) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 0, 1, 0>, permutation_map = affine_map<() -> ()>}> : (memref<f32>, f32) -> vector<f32>
// GENERIC: %7 = "vector.transfer_write"(%4, %arg4, %arg8, %arg8) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (vector<4xf32>, tensor<?x?xf32>, index, index) -> tensor<?x?xf32>



// CHECK-LABEL: func.func @load_store(%arg0: memref<200x100xf32>, %arg1: memref<200x100xvector<8xf32>>, %arg2: memref<?xf32>, %arg3: index, %arg4: index) {
// CHECK-NEXT: %0 = vector.load %arg0[%arg3, %arg4] : memref<200x100xf32>, vector<8xf32>
// CHECK-NEXT: %1 = vector.load %arg0[%arg3, %arg4] : memref<200x100xf32>, vector<f32>
// CHECK-NEXT: %2 = vector.load %arg0[%arg3, %arg4] : memref<200x100xf32>, vector<4x8xf32>
// CHECK-NEXT: %3 = vector.load %arg1[%arg3, %arg4] : memref<200x100xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: %4 = vector.load %arg2[%arg3] {nontemporal = true} : memref<?xf32>, vector<[4]xf32>
// CHECK-NEXT: %5 = vector.load %arg2[%arg3] : memref<?xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %0, %arg0[%arg3, %arg4] : memref<200x100xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %1, %arg0[%arg3, %arg4] : memref<200x100xf32>, vector<f32>
// CHECK-NEXT: vector.store %2, %arg0[%arg3, %arg4] {nontemporal = true} : memref<200x100xf32>, vector<4x8xf32>
// CHECK-NEXT: vector.store %3, %arg1[%arg3, %arg4] : memref<200x100xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: vector.store %4, %arg2[%arg3] : memref<?xf32>, vector<[4]xf32>
// CHECK-NEXT: return
func.func @load_store(%m: memref<200x100xf32>, %mv: memref<200x100xvector<8xf32>>, %d: memref<?xf32>, %i: index, %j: index) {
  %0 = vector.load %m[%i, %j] : memref<200x100xf32>, vector<8xf32>
  %1 = vector.load %m[%i, %j] : memref<200x100xf32>, vector<f32>
  %2 = vector.load %m[%i, %j] : memref<200x100xf32>, vector<4x8xf32>
  %3 = vector.load %mv[%i, %j] : memref<200x100xvector<8xf32>>, vector<8xf32>
  %4 = vector.load %d[%i] {nontemporal = true} : memref<?xf32>, vector<[4]xf32>
  %5 = vector.load %d[%i] {nontemporal = false} : memref<?xf32>, vector<8xf32>
  vector.store %0, %m[%i, %j] : memref<200x100xf32>, vector<8xf32>
  vector.store %1, %m[%i, %j] : memref<200x100xf32>, vector<f32>
  vector.store %2, %m[%i, %j] {nontemporal = true} : memref<200x100xf32>, vector<4x8xf32>
  vector.store %3, %mv[%i, %j] : memref<200x100xvector<8xf32>>, vector<8xf32>
  vector.store %4, %d[%i] : memref<?xf32>, vector<[4]xf32>
  return
}

// CHECK-LABEL: func.func @broadcast_splat(%arg0: f32, %arg1: i32, %arg2: index, %arg3: vector<f32>, %arg4: vector<3xf32>, %arg5: vector<1x3xf32>, %arg6: vector<[4]xi32>) {
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<f32>
// CHECK-NEXT: %1 = vector.broadcast %arg3 : vector<f32> to vector<4xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg0 : f32 to vector<2xf32>
// CHECK-NEXT: %3 = vector.broadcast %arg4 : vector<3xf32> to vector<4x3xf32>
// CHECK-NEXT: %4 = vector.broadcast %arg5 : vector<1x3xf32> to vector<5x4x3xf32>
// CHECK-NEXT: %5 = vector.broadcast %arg1 : i32 to vector<[4]xi32>
// CHECK-NEXT: %6 = vector.broadcast %arg6 : vector<[4]xi32> to vector<2x[4]xi32>
// CHECK-NEXT: %7 = vector.splat %arg0 : vector<8x16xf32>
// CHECK-NEXT: %8 = vector.splat %arg1 : vector<[4]xi32>
// CHECK-NEXT: %9 = vector.splat %arg2 : vector<2xindex>
// CHECK-NEXT: return
func.func @broadcast_splat(%f: f32, %i: i32, %x: index, %v0: vector<f32>, %v1: vector<3xf32>, %v2: vector<1x3xf32>, %s: vector<[4]xi32>) {
  %0 = vector.broadcast %f : f32 to vector<f32>
  %1 = vector.broadcast %v0 : vector<f32> to vector<4xf32>
  %2 = vector.broadcast %f : f32 to vector<2xf32>
  %3 = vector.broadcast %v1 : vector<3xf32> to vector<4x3xf32>
  %4 = vector.broadcast %v2 : vector<1x3xf32> to vector<5x4x3xf32>
  %5 = vector.broadcast %i : i32 to vector<[4]xi32>
  %6 = vector.broadcast %s : vector<[4]xi32> to vector<2x[4]xi32>
  %7 = vector.splat %f : vector<8x16xf32>
  %8 = vector.splat %i : vector<[4]xi32>
  %9 = vector.splat %x : vector<2xindex>
  return
}

// CHECK-LABEL: func.func @extract_insert(%arg0: vector<4x8x16xf32>, %arg1: vector<f32>, %arg2: f32, %arg3: index, %arg4: index, %arg5: vector<4x[8]xf32>) {
// CHECK-NEXT: %0 = vector.extract %arg0[3] : vector<8x16xf32> from vector<4x8x16xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[3, 3] : vector<16xf32> from vector<4x8x16xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[3, 3, 3] : f32 from vector<4x8x16xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[%arg3, 2, %arg4] : f32 from vector<4x8x16xf32>
// CHECK-NEXT: %4 = vector.extract %arg0[2, %arg4] : vector<16xf32> from vector<4x8x16xf32>
// CHECK-NEXT: %5 = vector.extract %arg1[] : f32 from vector<f32>
// CHECK-NEXT: %6 = vector.extract %arg0[] : vector<4x8x16xf32> from vector<4x8x16xf32>
// CHECK-NEXT: %7 = vector.extract %arg5[1] : vector<[8]xf32> from vector<4x[8]xf32>
// CHECK-NEXT: %8 = vector.insert %0, %arg0 [3] : vector<8x16xf32> into vector<4x8x16xf32>
// CHECK-NEXT: %9 = vector.insert %1, %arg0 [3, 3] : vector<16xf32> into vector<4x8x16xf32>
// CHECK-NEXT: %10 = vector.insert %arg2, %arg0 [3, 3, 3] : f32 into vector<4x8x16xf32>
// CHECK-NEXT: %11 = vector.insert %arg2, %arg0 [%arg3, 2, %arg4] : f32 into vector<4x8x16xf32>
// CHECK-NEXT: %12 = vector.insert %arg2, %arg1 [] : f32 into vector<f32>
// CHECK-NEXT: %13 = vector.insert %arg1, %arg0 [%arg3, %arg4, 1] : vector<f32> into vector<4x8x16xf32>
// CHECK-NEXT: %14 = vector.insert %7, %arg5 [0] : vector<[8]xf32> into vector<4x[8]xf32>
// CHECK-NEXT: return
func.func @extract_insert(%v: vector<4x8x16xf32>, %v0: vector<f32>, %f: f32, %a: index, %b: index, %s: vector<4x[8]xf32>) {
  %0 = vector.extract %v[3] : vector<8x16xf32> from vector<4x8x16xf32>
  %1 = vector.extract %v[3, 3] : vector<16xf32> from vector<4x8x16xf32>
  %2 = vector.extract %v[3, 3, 3] : f32 from vector<4x8x16xf32>
  %3 = vector.extract %v[%a, 2, %b] : f32 from vector<4x8x16xf32>
  %4 = vector.extract %v[2, %b] : vector<16xf32> from vector<4x8x16xf32>
  %5 = vector.extract %v0[] : f32 from vector<f32>
  %7 = vector.extract %v[] : vector<4x8x16xf32> from vector<4x8x16xf32>
  %8 = vector.extract %s[1] : vector<[8]xf32> from vector<4x[8]xf32>
  %9 = vector.insert %0, %v[3] : vector<8x16xf32> into vector<4x8x16xf32>
  %10 = vector.insert %1, %v[3, 3] : vector<16xf32> into vector<4x8x16xf32>
  %11 = vector.insert %f, %v[3, 3, 3] : f32 into vector<4x8x16xf32>
  %12 = vector.insert %f, %v[%a, 2, %b] : f32 into vector<4x8x16xf32>
  %13 = vector.insert %f, %v0[] : f32 into vector<f32>
  %14 = vector.insert %v0, %v[%a, %b, 1] : vector<f32> into vector<4x8x16xf32>
  %15 = vector.insert %8, %s[0] : vector<[8]xf32> into vector<4x[8]xf32>
  return
}

// CHECK-LABEL: func.func @elements(%arg0: vector<16xf32>, %arg1: vector<f32>, %arg2: f32, %arg3: i32, %arg4: index, %arg5: i8) {
// CHECK-NEXT: %0 = vector.extractelement %arg0[%arg3 : i32] : vector<16xf32>
// CHECK-NEXT: %1 = vector.extractelement %arg0[%arg4 : index] : vector<16xf32>
// CHECK-NEXT: %2 = vector.extractelement %arg0[%arg5 : i8] : vector<16xf32>
// CHECK-NEXT: %3 = vector.extractelement %arg1[] : vector<f32>
// CHECK-NEXT: %4 = vector.insertelement %arg2, %arg0[%arg3 : i32] : vector<16xf32>
// CHECK-NEXT: %5 = vector.insertelement %arg2, %arg0[%arg4 : index] : vector<16xf32>
// CHECK-NEXT: %6 = vector.insertelement %arg2, %arg1[] : vector<f32>
// CHECK-NEXT: %7 = vector.from_elements %arg2 : vector<f32>
// CHECK-NEXT: %8 = vector.from_elements %arg2, %arg2 : vector<2xf32>
// CHECK-NEXT: %9 = vector.from_elements %arg2, %arg2, %arg2, %arg2, %arg2, %arg2 : vector<2x3xf32>
// CHECK-NEXT: %10 = vector.from_elements %arg2, %arg2, %arg2, %arg2, %arg2, %arg2 : vector<3x1x2xf32>
// CHECK-NEXT: %11 = vector.from_elements %arg4, %arg4 : vector<2xindex>
// CHECK-NEXT: return
func.func @elements(%v: vector<16xf32>, %v0: vector<f32>, %f: f32, %c: i32, %x: index, %e: i8) {
  %0 = vector.extractelement %v[%c : i32] : vector<16xf32>
  %1 = vector.extractelement %v[%x : index] : vector<16xf32>
  %2 = vector.extractelement %v[%e : i8] : vector<16xf32>
  %3 = vector.extractelement %v0[] : vector<f32>
  %4 = vector.insertelement %f, %v[%c : i32] : vector<16xf32>
  %5 = vector.insertelement %f, %v[%x : index] : vector<16xf32>
  %6 = vector.insertelement %f, %v0[] : vector<f32>
  %7 = vector.from_elements %f : vector<f32>
  %8 = vector.from_elements %f, %f : vector<2xf32>
  %9 = vector.from_elements %f, %f, %f, %f, %f, %f : vector<2x3xf32>
  %10 = vector.from_elements %f, %f, %f, %f, %f, %f : vector<3x1x2xf32>
  %11 = vector.from_elements %x, %x : vector<2xindex>
  return
}

// CHECK-LABEL: func.func @shuffle(%arg0: vector<2xf32>, %arg1: vector<2xf32>, %arg2: vector<2x16xf32>, %arg3: vector<1x16xf32>, %arg4: vector<f32>, %arg5: vector<4xi32>) {
// CHECK-NEXT: %0 = vector.shuffle %arg0, %arg1 [0, 3] : vector<2xf32>, vector<2xf32>
// CHECK-NEXT: %1 = vector.shuffle %arg2, %arg3 [0, 1, 2] : vector<2x16xf32>, vector<1x16xf32>
// CHECK-NEXT: %2 = vector.shuffle %arg0, %arg1 [3, 2, 1, 0] : vector<2xf32>, vector<2xf32>
// CHECK-NEXT: %3 = vector.shuffle %arg4, %arg4 [0, 1] : vector<f32>, vector<f32>
// CHECK-NEXT: %4 = vector.shuffle %arg5, %arg5 [7, 6, 5, 4, 3, 2, 1, 0] : vector<4xi32>, vector<4xi32>
// CHECK-NEXT: return
func.func @shuffle(%a: vector<2xf32>, %b: vector<2xf32>, %c: vector<2x16xf32>, %d: vector<1x16xf32>, %z: vector<f32>, %i: vector<4xi32>) {
  %0 = vector.shuffle %a, %b [0, 3] : vector<2xf32>, vector<2xf32>
  %1 = vector.shuffle %c, %d [0, 1, 2] : vector<2x16xf32>, vector<1x16xf32>
  %2 = vector.shuffle %a, %b [3, 2, 1, 0] : vector<2xf32>, vector<2xf32>
  %3 = vector.shuffle %z, %z [0, 1] : vector<f32>, vector<f32>
  %4 = vector.shuffle %i, %i [7, 6, 5, 4, 3, 2, 1, 0] : vector<4xi32>, vector<4xi32>
  return
}

// CHECK-LABEL: func.func @reduction(%arg0: vector<16xf32>, %arg1: vector<4xi32>, %arg2: vector<8xindex>, %arg3: f32, %arg4: i32, %arg5: vector<f32>, %arg6: vector<[4]xf32>) {
// CHECK-NEXT: %0 = vector.reduction <add>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT: %1 = vector.reduction <add>, %arg0, %arg3 : vector<16xf32> into f32
// CHECK-NEXT: %2 = vector.reduction <mul>, %arg0, %arg3 fastmath<fast> : vector<16xf32> into f32
// CHECK-NEXT: %3 = vector.reduction <minnumf>, %arg0 fastmath<nnan,ninf> : vector<16xf32> into f32
// CHECK-NEXT: %4 = vector.reduction <maxnumf>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT: %5 = vector.reduction <minimumf>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT: %6 = vector.reduction <maximumf>, %arg6 : vector<[4]xf32> into f32
// CHECK-NEXT: %7 = vector.reduction <add>, %arg1, %arg4 : vector<4xi32> into i32
// CHECK-NEXT: %8 = vector.reduction <mul>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %9 = vector.reduction <minui>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %10 = vector.reduction <minsi>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %11 = vector.reduction <maxui>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %12 = vector.reduction <maxsi>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %13 = vector.reduction <and>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %14 = vector.reduction <or>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %15 = vector.reduction <xor>, %arg1 : vector<4xi32> into i32
// CHECK-NEXT: %16 = vector.reduction <add>, %arg2 : vector<8xindex> into index
// CHECK-NEXT: %17 = vector.reduction <add>, %arg5 : vector<f32> into f32
// CHECK-NEXT: %18 = vector.reduction <add>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT: return
func.func @reduction(%f: vector<16xf32>, %i: vector<4xi32>, %x: vector<8xindex>, %acc: f32, %iacc: i32, %z: vector<f32>, %s: vector<[4]xf32>) {
  %0 = vector.reduction <add>, %f : vector<16xf32> into f32
  %1 = vector.reduction <add>, %f, %acc : vector<16xf32> into f32
  %2 = vector.reduction <mul>, %f, %acc fastmath<fast> : vector<16xf32> into f32
  %3 = vector.reduction <minnumf>, %f fastmath<nnan,ninf> : vector<16xf32> into f32
  %4 = vector.reduction <maxnumf>, %f : vector<16xf32> into f32
  %5 = vector.reduction <minimumf>, %f : vector<16xf32> into f32
  %6 = vector.reduction <maximumf>, %s : vector<[4]xf32> into f32
  %7 = vector.reduction <add>, %i, %iacc : vector<4xi32> into i32
  %8 = vector.reduction <mul>, %i : vector<4xi32> into i32
  %9 = vector.reduction <minui>, %i : vector<4xi32> into i32
  %10 = vector.reduction <minsi>, %i : vector<4xi32> into i32
  %11 = vector.reduction <maxui>, %i : vector<4xi32> into i32
  %12 = vector.reduction <maxsi>, %i : vector<4xi32> into i32
  %13 = vector.reduction <and>, %i : vector<4xi32> into i32
  %14 = vector.reduction <or>, %i : vector<4xi32> into i32
  %15 = vector.reduction <xor>, %i : vector<4xi32> into i32
  %16 = vector.reduction <add>, %x : vector<8xindex> into index
  %17 = vector.reduction <add>, %z : vector<f32> into f32
  %18 = vector.reduction <add>, %f fastmath<none> : vector<16xf32> into f32
  return
}

// CHECK-LABEL: func.func @fma_bitcast(%arg0: vector<8x16xf32>, %arg1: vector<f64>, %arg2: vector<[4]xf16>, %arg3: vector<5x1x4x3xf32>, %arg4: vector<10x12x8xi8>, %arg5: vector<f32>) {
// CHECK-NEXT: %0 = vector.fma %arg0, %arg0, %arg0 : vector<8x16xf32>
// CHECK-NEXT: %1 = vector.fma %arg1, %arg1, %arg1 : vector<f64>
// CHECK-NEXT: %2 = vector.fma %arg2, %arg2, %arg2 : vector<[4]xf16>
// CHECK-NEXT: %3 = vector.bitcast %arg3 : vector<5x1x4x3xf32> to vector<5x1x4x6xi16>
// CHECK-NEXT: %4 = vector.bitcast %arg4 : vector<10x12x8xi8> to vector<10x12x2xi32>
// CHECK-NEXT: %5 = vector.bitcast %arg3 : vector<5x1x4x3xf32> to vector<5x1x4x3xi32>
// CHECK-NEXT: %6 = vector.bitcast %arg5 : vector<f32> to vector<i32>
// CHECK-NEXT: %7 = vector.bitcast %arg2 : vector<[4]xf16> to vector<[2]xi32>
// CHECK-NEXT: return
func.func @fma_bitcast(%a: vector<8x16xf32>, %b: vector<f64>, %c: vector<[4]xf16>, %d: vector<5x1x4x3xf32>, %e: vector<10x12x8xi8>, %z: vector<f32>) {
  %0 = vector.fma %a, %a, %a : vector<8x16xf32>
  %1 = vector.fma %b, %b, %b : vector<f64>
  %2 = vector.fma %c, %c, %c : vector<[4]xf16>
  %3 = vector.bitcast %d : vector<5x1x4x3xf32> to vector<5x1x4x6xi16>
  %4 = vector.bitcast %e : vector<10x12x8xi8> to vector<10x12x2xi32>
  %5 = vector.bitcast %d : vector<5x1x4x3xf32> to vector<5x1x4x3xi32>
  %6 = vector.bitcast %z : vector<f32> to vector<i32>
  %7 = vector.bitcast %c : vector<[4]xf16> to vector<[2]xi32>
  return
}

// CHECK-LABEL: func.func @transfer(%arg0: memref<?x?xf32>, %arg1: memref<?x?x?x?xf32>, %arg2: memref<?x?xvector<4x3xf32>>, %arg3: tensor<?x?xf32>, %arg4: tensor<?x?xvector<4x3xf32>>, %arg5: memref<f32>, %arg6: tensor<f32>, %arg7: index, %arg8: f32, %arg9: vector<4x3xf32>, %arg10: vector<5x4xi1>, %arg11: vector<128xi1>) {
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg7, %arg7], %arg8 : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%arg7, %arg7], %arg8, %arg11 {in_bounds = [true]} : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT: %2 = vector.transfer_read %arg2[%arg7, %arg7], %arg9 : memref<?x?xvector<4x3xf32>>, vector<1x1x4x3xf32>
// CHECK-NEXT: %3 = vector.transfer_read %arg3[%arg7, %arg7], %arg8 : tensor<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %4 = vector.transfer_read %arg4[%arg7, %arg7], %arg9 {in_bounds = [true, false]} : tensor<?x?xvector<4x3xf32>>, vector<1x1x4x3xf32>
// CHECK-NEXT: %5 = vector.transfer_read %arg5[], %arg8 : memref<f32>, vector<f32>
// CHECK-NEXT: vector.transfer_write %0, %arg0[%arg7, %arg7] : vector<128xf32>, memref<?x?xf32>
// CHECK-NEXT: vector.transfer_write %1, %arg0[%arg7, %arg7], %arg11 {in_bounds = [true]} : vector<128xf32>, memref<?x?xf32>
// CHECK-NEXT: vector.transfer_write %2, %arg2[%arg7, %arg7] : vector<1x1x4x3xf32>, memref<?x?xvector<4x3xf32>>
// CHECK-NEXT: %6 = vector.transfer_write %3, %arg3[%arg7, %arg7] : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT: %7 = vector.transfer_write %4, %arg4[%arg7, %arg7] {in_bounds = [false, true]} : vector<1x1x4x3xf32>, tensor<?x?xvector<4x3xf32>>
// CHECK-NEXT: %8 = vector.transfer_write %5, %arg6[] : vector<f32>, tensor<f32>
// CHECK-NEXT: vector.transfer_write %5, %arg5[] : vector<f32>, memref<f32>
// CHECK-NEXT: return
func.func @transfer(%m: memref<?x?xf32>, %m3: memref<?x?x?x?xf32>, %mv: memref<?x?xvector<4x3xf32>>, %t: tensor<?x?xf32>, %tv: tensor<?x?xvector<4x3xf32>>, %m0: memref<f32>, %t0: tensor<f32>, %i: index, %f: f32, %vf: vector<4x3xf32>, %k: vector<5x4xi1>, %k1: vector<128xi1>) {
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<128xf32>
  %5 = vector.transfer_read %m[%i, %i], %f, %k1 {in_bounds = [true]} : memref<?x?xf32>, vector<128xf32>
  %7 = vector.transfer_read %mv[%i, %i], %vf : memref<?x?xvector<4x3xf32>>, vector<1x1x4x3xf32>
  %8 = vector.transfer_read %t[%i, %i], %f : tensor<?x?xf32>, vector<4xf32>
  %9 = vector.transfer_read %tv[%i, %i], %vf {in_bounds = [true, false]} : tensor<?x?xvector<4x3xf32>>, vector<1x1x4x3xf32>
  %10 = vector.transfer_read %m0[], %f : memref<f32>, vector<f32>
  vector.transfer_write %0, %m[%i, %i] : vector<128xf32>, memref<?x?xf32>
  vector.transfer_write %5, %m[%i, %i], %k1 {in_bounds = [true]} : vector<128xf32>, memref<?x?xf32>
  vector.transfer_write %7, %mv[%i, %i] : vector<1x1x4x3xf32>, memref<?x?xvector<4x3xf32>>
  %12 = vector.transfer_write %8, %t[%i, %i] : vector<4xf32>, tensor<?x?xf32>
  %13 = vector.transfer_write %9, %tv[%i, %i] {in_bounds = [false, true]} : vector<1x1x4x3xf32>, tensor<?x?xvector<4x3xf32>>
  %14 = vector.transfer_write %10, %t0[] : vector<f32>, tensor<f32>
  vector.transfer_write %10, %m0[] : vector<f32>, memref<f32>
  return
}

// CHECK-LABEL: func.func @generic_kind(%arg0: vector<4xi32>) -> i32 {
// CHECK-NEXT: %0 = vector.reduction <xor>, %arg0 : vector<4xi32> into i32
// CHECK-NEXT: return %0 : i32
func.func @generic_kind(%v: vector<4xi32>) -> i32 {
  %0 = "vector.reduction"(%v) <{kind = #vector.kind<xor>}> : (vector<4xi32>) -> i32
  return %0 : i32
}

