// RUN: not %spvkit opt --split-input-file %s 2>&1 | FileCheck %s
// Every vector verifier rule and custom-form parse error, with mlir-opt-19's located message (its
// first error for each piece; cases after MLIR's test/Dialect/Vector/invalid.mlir where MLIR 19
// words them so). One piece a rule.
func.func @f(%arg0: vector<4x3xf32>) {
  %0 = vector.broadcast %arg0 : vector<4x3xf32> to vector<3xf32>
  return
}
// CHECK: offset :6:8: error: 'vector.broadcast' op source rank higher than destination rank

// -----

func.func @f(%arg0: vector<2xf32>) {
  %0 = vector.broadcast %arg0 : vector<2xf32> to vector<4x3xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.broadcast' op dimension mismatch (2 vs. 3)

// -----

func.func @f(%arg0: f32) {
  %0 = vector.broadcast %arg0 : f32 to vector<4xi32>
  return
}
// CHECK: offset :4:8: error: 'vector.broadcast' op failed to verify that source operand and result have same element type

// -----

func.func @f(%arg0: tensor<4xf32>) {
  %0 = vector.broadcast %arg0 : tensor<4xf32> to vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.broadcast' op source type is not a vector

// -----

func.func @f(%arg0: f32) {
  %0 = vector.broadcast %arg0 : f32 to f32
  return
}
// CHECK: offset :4:40: error: custom op 'vector.broadcast' invalid kind of type specified

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2xi32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, 1] : vector<2xf32>, vector<2xi32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op failed to verify that second operand v2 and result have same element type

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2x4xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, 1] : vector<2xf32>, vector<2x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op rank mismatch

// -----

func.func @f(%arg0: vector<2x4xf32>, %arg1: vector<2x8xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, 1] : vector<2x4xf32>, vector<2x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op dimension mismatch

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [] : vector<2xf32>, vector<2xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op invalid mask length

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, 4] : vector<2xf32>, vector<2xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op mask index #2 out of range

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, -1] : vector<2xf32>, vector<2xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op mask index #2 out of range

// -----

func.func @f(%arg0: vector<[2]xf32>, %arg1: vector<[2]xf32>) {
  %0 = vector.shuffle %arg0, %arg1 [0, 1] : vector<[2]xf32>, vector<[2]xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[2]xf32>'

// -----

func.func @f(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  %0 = "vector.shuffle"(%arg0, %arg1) <{mask = [0, 1]}> : (vector<2xf32>, vector<2xf32>) -> vector<3xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.shuffle' op mask length mismatch

// -----

func.func @f(%arg0: vector<f32>, %arg1: i32) {
  %0 = vector.extractelement %arg0[%arg1 : i32] : vector<f32>
  return
}
// CHECK: offset :4:8: error: 'vector.extractelement' op expected position to be empty with 0-D vector

// -----

func.func @f(%arg0: vector<4x4xf32>, %arg1: i32) {
  %0 = vector.extractelement %arg0[%arg1 : i32] : vector<4x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extractelement' op unexpected >1 vector rank

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = vector.extractelement %arg0[] : vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extractelement' op expected position for 1-D vector

// -----

func.func @f(%arg0: vector<4xf32>, %arg1: f32) {
  %0 = vector.extractelement %arg0[%arg1 : f32] : vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extractelement' op operand #1 must be signless integer or index, but got 'f32'

// -----

func.func @f(%arg0: vector<f32>, %arg1: f32, %arg2: i32) {
  %0 = vector.insertelement %arg1, %arg0[%arg2 : i32] : vector<f32>
  return
}
// CHECK: offset :4:8: error: 'vector.insertelement' op expected position to be empty with 0-D vector

// -----

func.func @f(%arg0: vector<4x4xf32>, %arg1: f32, %arg2: i32) {
  %0 = vector.insertelement %arg1, %arg0[%arg2 : i32] : vector<4x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insertelement' op unexpected >1 vector rank

// -----

func.func @f(%arg0: vector<4xf32>, %arg1: f32) {
  %0 = vector.insertelement %arg1, %arg0[] : vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insertelement' op expected position for 1-D vector

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = vector.extract %arg0[0, 0, 0] : f32 from vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op expected position attribute of rank no greater than vector rank

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = vector.extract %arg0[4] : vector<8xf32> from vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = vector.extract %arg0[0, -1] : f32 from vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = vector.extract %arg0[0] : f32 from vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = vector.extract %arg0[0] : vector<8xi32> from vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op failed to verify that operand and result have same element type

// -----

func.func @f(%arg0: vector<4x8xf32>) {
  %0 = "vector.extract"(%arg0) <{static_position = array<i64: -9223372036854775808>}> : (vector<4x8xf32>) -> vector<8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: i32) {
  %0 = vector.extract %arg0[%arg1] : vector<8xf32> from vector<4x8xf32>
  return
}
// CHECK: offset :4:29: error: use of value '%arg1' expects different type than prior uses: 'index' vs 'i32'

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: f32) {
  %0 = vector.insert %arg1, %arg0[0, 0, 0] : f32 into vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op expected position attribute of rank no greater than dest vector rank

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: vector<8xf32>) {
  %0 = vector.insert %arg1, %arg0[0, 0] : vector<8xf32> into vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op expected position attribute rank + source rank to match dest vector rank

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: f32) {
  %0 = vector.insert %arg1, %arg0[0] : f32 into vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op expected position attribute rank to match the dest vector rank

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: f32) {
  %0 = vector.insert %arg1, %arg0[0, 8] : f32 into vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: i32) {
  %0 = vector.insert %arg1, %arg0[0, 0] : i32 into vector<4x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op failed to verify that source operand and result have same element type

// -----

func.func @f(%arg0: vector<4x8xf32>, %arg1: vector<8xf32>) {
  %0 = "vector.insert"(%arg1, %arg0) <{static_position = array<i64: 0>}> : (vector<8xf32>, vector<4x8xf32>) -> vector<8x8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.insert' op failed to verify that all of {dest, result} have same type

// -----

func.func @f(%arg0: f32) {
  %0 = vector.from_elements %arg0, %arg0 : vector<3xf32>
  return
}
// CHECK: offset :4:29: error: custom op 'vector.from_elements' 2 operands present, but expected 3

// -----

func.func @f(%arg0: f32, %arg1: i32) {
  %0 = "vector.from_elements"(%arg0, %arg1) : (f32, i32) -> vector<2xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.from_elements' op failed to verify that operand types match result element type

// -----

func.func @f(%arg0: f32) {
  %0 = "vector.from_elements"(%arg0) : (f32) -> f32
  return
}
// CHECK: offset :4:8: error: 'vector.from_elements' op result #0 must be vector of any type values, but got 'f32'

// -----

func.func @f(%arg0: vector<4x4xf32>) {
  %0 = vector.reduction <add>, %arg0 : vector<4x4xf32> into f32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op unsupported reduction rank: 2

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = vector.reduction <and>, %arg0 : vector<4xf32> into f32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op unsupported reduction type ''f32'' for kind 'and'

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = vector.reduction <minimumf>, %arg0 : vector<4xi32> into i32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op unsupported reduction type ''i32'' for kind 'minimumf'

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = vector.reduction <add>, %arg0 : vector<4xf32> into f64
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op failed to verify that source operand and result have same element type

// -----

func.func @f(%arg0: vector<4xf32>, %arg1: f64) {
  %0 = "vector.reduction"(%arg0, %arg1) <{kind = #vector.kind<add>}> : (vector<4xf32>, f64) -> f32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op failed to verify that dest and acc have the same type

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = "vector.reduction"(%arg0) <{kind = #vector.kind<add|mul>}> : (vector<4xi32>) -> i32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op unsupported reduction type ''i32'' for kind 'add|mul'

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = vector.reduction <foo>, %arg0 : vector<4xi32> into i32
  return
}
// CHECK: offset :4:26: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = "vector.reduction"(%arg0) : (vector<4xi32>) -> i32
  return
}
// CHECK: offset :4:8: error: 'vector.reduction' op requires attribute 'kind'

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = vector.fma %arg0, %arg0, %arg0 : vector<4xi32>
  return
}
// CHECK: offset :4:8: error: 'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'

// -----

func.func @f(%arg0: vector<4xf32>, %arg1: vector<8xf32>) {
  %0 = "vector.fma"(%arg0, %arg0, %arg1) : (vector<4xf32>, vector<4xf32>, vector<8xf32>) -> vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type

// -----

func.func @f(%arg0: vector<4x2xf32>) {
  %0 = vector.bitcast %arg0 : vector<4x2xf32> to vector<2x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.bitcast' op dimension size mismatch at: 0

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = vector.bitcast %arg0 : vector<4xf32> to vector<4xf16>
  return
}
// CHECK: offset :4:8: error: 'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal

// -----

func.func @f(%arg0: vector<f32>) {
  %0 = vector.bitcast %arg0 : vector<f32> to vector<f16>
  return
}
// CHECK: offset :4:8: error: 'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = vector.bitcast %arg0 : vector<4xf32> to vector<2x2xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.bitcast' op failed to verify that all of {source, result} have same rank

// -----

func.func @f(%arg0: f32) {
  %0 = vector.splat %arg0 : vector<4xi32>
  return
}
// CHECK: offset :4:21: error: use of value '%arg0' expects different type than prior uses: 'i32' vs 'f32'

// -----

func.func @f(%arg0: vector<4xf32>) {
  %0 = "vector.splat"(%arg0) : (vector<4xf32>) -> vector<4x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.splat' op operand #0 must be integer/index/float type, but got 'vector<4xf32>'

// -----

func.func @f(%arg0: memref<?xf32>, %arg1: index) {
  %0 = vector.load %arg0[%arg1] : memref<?xf32>, vector<4xi32>
  return
}
// CHECK: offset :4:8: error: 'vector.load' op base and result element types should match

// -----

func.func @f(%arg0: memref<?xvector<4xf32>>, %arg1: index) {
  %0 = vector.load %arg0[%arg1] : memref<?xvector<4xf32>>, vector<8xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.load' op base memref and result vector types should match

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index) {
  %0 = vector.load %arg0[%arg1] : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.load' op requires 2 indices

// -----

func.func @f(%arg0: memref<?x?xf32, strided<[1, 2]>>, %arg1: index) {
  %0 = vector.load %arg0[%arg1, %arg1] : memref<?x?xf32, strided<[1, 2]>>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.load' op most minor memref dim must have unit stride

// -----

func.func @f(%arg0: memref<?xf32>, %arg1: index, %arg2: vector<4xi32>) {
  vector.store %arg2, %arg0[%arg1] : memref<?xf32>, vector<4xi32>
  return
}
// CHECK: offset :4:3: error: 'vector.store' op base and valueToStore element type should match

// -----

func.func @f(%arg0: memref<?xvector<4xf32>>, %arg1: index, %arg2: vector<8xf32>) {
  vector.store %arg2, %arg0[%arg1] : memref<?xvector<4xf32>>, vector<8xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.store' op base memref and valueToStore vector types should match

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.store %arg2, %arg0[%arg1] : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.store' op requires 2 indices

// -----

func.func @f(%arg0: memref<?x?xf32, strided<[?, 2]>>, %arg1: index, %arg2: vector<4xf32>) {
  vector.store %arg2, %arg0[%arg1, %arg1] : memref<?x?xf32, strided<[?, 2]>>, vector<4xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.store' op most minor memref dim must have unit stride

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>
  return
}
// CHECK: offset :4:56: error: custom op 'vector.transfer_read' requires two types

// -----

func.func @f(%arg0: vector<4xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : vector<4xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:56: error: custom op 'vector.transfer_read' requires memref or ranked tensor type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>, f32
  return
}
// CHECK: offset :4:56: error: custom op 'vector.transfer_read' requires vector type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1], %arg2 : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires 2 indices

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (1)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires broadcast dimensions to be in-bounds

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1)[s0] -> (d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires permutation_map without symbols

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires broadcast dimensions to be in-bounds

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {in_bounds = [true, true]} : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f64) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:50: error: use of value '%arg2' expects different type than prior uses: 'f32' vs 'f64'

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>, vector<3xf16>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type

// -----

func.func @f(%arg0: memref<?x?xvector<4xf32>>, %arg1: index, %arg2: vector<4xf32>) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xvector<4xf32>>, vector<1x3xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source

// -----

func.func @f(%arg0: memref<?x?xvector<2x4xf32>>, %arg1: index, %arg2: vector<2x4xf32>) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xvector<2x4xf32>>, vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires source vector element and vector result ranks to match.

// -----

func.func @f(%arg0: memref<?x?xvector<4xf32>>, %arg1: index, %arg2: vector<4xf32>) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type

// -----

func.func @f(%arg0: memref<?x?xvector<4xf32>>, %arg1: index, %arg2: vector<8xf32>) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
  return
}
// CHECK: offset :4:50: error: use of value '%arg2' expects different type than prior uses: 'vector<4xf32>' vs 'vector<8xf32>'

// -----

func.func @f(%arg0: memref<?x?xvector<4xf32>>, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<1x1xi1>) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2, %arg3 : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
  return
}
// CHECK: offset :4:57: error: custom op 'vector.transfer_read' does not support masks with vector element type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32, %arg3: vector<8xi1>) {
  %0 = "vector.transfer_read"(%arg0, %arg1, %arg1, %arg2, %arg3) <{permutation_map = affine_map<(d0, d1) -> (d1)>, in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 1>}> : (memref<?x?xf32>, index, index, f32, vector<8xi1>) -> vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op inferred mask type ('vector<4xi1>') and mask operand type ('vector<8xi1>') don't match

// -----

func.func @f(%arg0: tensor<*xf32>, %arg1: index, %arg2: f32) {
  %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : tensor<*xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:56: error: custom op 'vector.transfer_read' requires memref or ranked tensor type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] : memref<?x?xf32>
  return
}
// CHECK: offset :4:52: error: custom op 'vector.transfer_write' requires two types

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] : memref<?x?xf32>, vector<4xf32>
  return
}
// CHECK: offset :4:52: error: custom op 'vector.transfer_write' requires vector type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] : vector<4xf32>, f32
  return
}
// CHECK: offset :4:52: error: custom op 'vector.transfer_write' requires memref or ranked tensor type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1] : vector<4xf32>, memref<?x?xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.transfer_write' op requires 2 indices

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf32>, memref<?x?xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.transfer_write' op should not have broadcast dimensions

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4x4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : vector<4x4xf32>, memref<?x?xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.transfer_write' op requires a permutation_map that is a permutation (found one dim used more than once)

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] {permutation_map = affine_map<(d0, d1) -> (d0 * 2)>} : vector<4xf32>, memref<?x?xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.transfer_write' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)

// -----

func.func @f(%arg0: memref<?x?xvector<4xf32>>, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<4xi1>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1], %arg3 : vector<4xf32>, memref<?x?xvector<4xf32>>
  return
}
// CHECK: offset :4:53: error: custom op 'vector.transfer_write' does not support masks with vector element type

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: vector<4xf32>) {
  vector.transfer_write %arg2, %arg0[%arg1, %arg1] {in_bounds = [true, false]} : vector<4xf32>, memref<?x?xf32>
  return
}
// CHECK: offset :4:3: error: 'vector.transfer_write' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2

// -----

func.func @f(%arg0: memref<?xf32>, %arg1: index) {
  %0 = vector.load %arg0[%arg1] : memref<?xf32>, f32
  return
}
// CHECK: offset :4:50: error: custom op 'vector.load' invalid kind of type specified

// -----

func.func @f(%arg0: memref<?xf32>, %arg1: f32) {
  %0 = vector.load %arg1[] : f32, vector<4xf32>
  return
}
// CHECK: offset :4:30: error: custom op 'vector.load' invalid kind of type specified

// -----

func.func @f(%arg0: f32) {
  %0 = vector.fma %arg0, %arg0, %arg0 : f32
  return
}
// CHECK: offset :4:41: error: custom op 'vector.fma' invalid kind of type specified

// -----

func.func @f(%arg0: f32) {
  %0 = vector.splat %arg0 : f32
  return
}
// CHECK: offset :4:29: error: custom op 'vector.splat' invalid kind of type specified

// -----

func.func @f(%arg0: f32) {
  %0 = vector.extract %arg0[0] : f32 from f32
  return
}
// CHECK: offset :4:43: error: custom op 'vector.extract' invalid kind of type specified

// -----

func.func @f(%arg0: f32) {
  %0 = vector.from_elements %arg0 : f32
  return
}
// CHECK: offset :4:37: error: custom op 'vector.from_elements' invalid kind of type specified

// -----

func.func @f(%arg0: vector<4xi32>) {
  %0 = "vector.reduction"(%arg0) <{kind = #vector.foo<add>}> : (vector<4xi32>) -> i32
  return
}
// CHECK: offset :4:51: error: unknown attribute `foo` in dialect `vector`

// -----

func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
  %0 = "vector.transfer_read"(%arg0, %arg1, %arg1, %arg2) <{permutation_map = affine_map<(d0, d1) -> (d1)>, operandSegmentSizes = array<i32: 1, 2, 1, 0>}> : (memref<?x?xf32>, index, index, f32) -> vector<4xf32>
  return
}
// CHECK: offset :4:8: error: 'vector.transfer_read' op requires attribute 'in_bounds'

// -----

func.func @extract_vector_type(%arg0: index) {
  %1 = vector.extract %arg0[] : index
  return
}
// CHECK: offset :5:3: error: custom op 'vector.extract' expected 'from'

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  %0 = vector.transfer_read %arg0[%c3, %c3, %c3], %cst { permutation_map = affine_map<()->(0)> } : memref<?x?xf32>, vector<128xf32>
  return
}
// CHECK: offset :6:8: error: 'vector.transfer_read' op requires 2 indices

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?x?xf32>) {
  %c1 = arith.constant 1 : i1
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  %mask = vector.splat %c1 : vector<3x8x7xi1>
  %0 = vector.transfer_read %arg0[%c3, %c3, %c3], %cst, %mask {permutation_map = affine_map<(d0, d1, d2)->(d0, 0, d2)>} : memref<?x?x?xf32>, vector<3x8x7xf32>
  return
}
// CHECK: offset :8:57: error: use of value '%mask' expects different type than prior uses: 'vector<3x7xi1>' vs 'vector<3x8x7xi1>'

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xvector<4x3xf32>>) {
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %vf0 = vector.splat %f0 : vector<4x3xf32>
  %0 = vector.transfer_read %arg0[%c3, %c3], %vf0 {permutation_map = affine_map<(d0, d1)->(d0, d1)>} : memref<?x?xvector<4x3xf32>>, vector<3xf32>
  return
}
// CHECK: offset :7:8: error: 'vector.transfer_read' op requires source vector element and vector result ranks to match.

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xvector<6xf32>>) {
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %vf0 = vector.splat %f0 : vector<6xf32>
  %0 = vector.transfer_read %arg0[%c3, %c3], %vf0 : memref<?x?xvector<6xf32>>, vector<3xf32>
  return
}
// CHECK: offset :7:8: error: 'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xvector<2x3xf32>>) {
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %vf0 = vector.splat %f0 : vector<2x3xf32>
  %0 = vector.transfer_read %arg0[%c3, %c3], %vf0 {in_bounds = [true], permutation_map = affine_map<(d0, d1)->(d0, d1)>} : memref<?x?xvector<2x3xf32>>, vector<1x1x2x3xf32>
  return
}
// CHECK: offset :7:8: error: 'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d0, d1)> vs inBounds of size: 1

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xvector<2x3xf32>>) {
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %vf0 = vector.splat %f0 : vector<2x3xf32>
  %0 = vector.transfer_read %arg0[%c3, %c3], %vf0 {in_bounds = [false, true], permutation_map = affine_map<(d0, d1)->(0, d1)>} : memref<?x?xvector<2x3xf32>>, vector<1x1x2x3xf32>
  return
}
// CHECK: offset :7:8: error: 'vector.transfer_read' op requires broadcast dimensions to be in-bounds

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  %0 = vector.transfer_read %arg0[%c3, %c3], %cst {permutation_map = affine_map<(d0, d1)->(d0 + 1)>} : memref<?x?xf32>, vector<128xf32>
  return
}
// CHECK: offset :6:8: error: 'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)

// -----

func.func @f(%arg0: memref<4xf32>, %arg1: vector<4xf32>) {
  %0 = vector.load %arg0[] : memref<4xf32> vector<4xf32>
  return
}
// CHECK: offset :4:43: error: expected ','
