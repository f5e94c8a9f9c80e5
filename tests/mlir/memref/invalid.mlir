// RUN: not %spvkit opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// Every memref verifier rule, with mlir-opt-19's located message (its output on this file; a
// piece's ops sit in an unregistered test op until func.func is registered).

"test.f"() ({
^bb0(%i: index):
 %0 = memref.alloc() : memref<?xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :7:7: error: 'memref.alloc' op dimension operand count does not equal memref dynamic dimension count

// -----

"test.f"() ({
^bb0(%i: index):
 %0 = memref.alloc(%i, %i) : memref<?xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.alloc' op dimension operand count does not equal memref dynamic dimension count

// -----

"test.f"() ({
^bb0(%i: index):
 %0 = memref.alloc() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0

// -----

"test.f"() ({
^bb0(%i: index):
 %0 = memref.alloc()[%i] : memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>, %i: index):
 %0 = memref.load %m[%i] : memref<4x4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.load' op incorrect number of indices for load, expected 2 but got 1

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>, %i: index, %v: f32):
 memref.store %v, %m[%i] : memref<4x4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:2: error: 'memref.store' op store index operand count not equal to memref rank

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>, %i: index, %v: f32):
 %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xi32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xi32>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>, %i: index, %v: f32):
 %0 = memref.cast %m : memref<4x4xf32> to memref<4x5xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x5xf32>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>, %i: index, %v: f32):
 %0 = memref.cast %m : memref<4x4xf32> to memref<16xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<16xf32>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>):
 %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, 1> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, 1>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>):
 %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[5, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[5, 1]>>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<*xf32>):
 %0 = memref.cast %m : memref<*xf32> to memref<*xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %n: memref<4xi32>):
 memref.copy %m, %n : memref<4xf32> to memref<4xi32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:2: error: 'memref.copy' op requires the same element type for all operands

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %n: memref<5xf32>):
 memref.copy %m, %n : memref<4xf32> to memref<5xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:2: error: 'memref.copy' op requires the same shape for all operands

// -----

"test.f"() ({
^bb0(%m: memref<f32>, %i: index):
 %0 = memref.dim %m, %i : memref<f32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'

// -----

memref.global @g : memref<4xf32> = dense<1.0> {alignment = 3}
// CHECK: offset :3:1: error: alignment attribute value 3 is not a power of 2

// -----

"test.f"() ({
^bb0():
 %0 = memref.get_global @nope : memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.get_global' op 'nope' does not reference a valid global memref

// -----

memref.global @g : memref<4xf32>
"test.f"() ({
^bb0():
 %0 = memref.get_global @g : memref<5xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :6:7: error: 'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g

// -----

"test.f"() ({
^bb0():
 %0 = memref.get_global @a : memref<5xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.get_global' op 'a' does not reference a valid global memref

// -----

"test.f"() ({
^bb0(%m: memref<2048xi8, strided<[2]>>, %i: index):
 %0 = memref.view %m[%i][] : memref<2048xi8, strided<[2]>> to memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: unsupported map for base memref type 'memref<2048xi8, strided<[2]>>'

// -----

"test.f"() ({
^bb0(%m: memref<2048xi8>, %i: index):
 %0 = memref.view %m[%i][] : memref<2048xi8> to memref<4xf32, strided<[2]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: unsupported map for result memref type 'memref<4xf32, strided<[2]>>'

// -----

"test.f"() ({
^bb0(%m: memref<2048xi8>, %i: index):
 %0 = memref.view %m[%i][] : memref<2048xi8> to memref<4xf32, 1> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: different memory spaces specified for base memref type 'memref<2048xi8>' and view memref type 'memref<4xf32, 1>'

// -----

"test.f"() ({
^bb0(%m: memref<2048xi8>, %i: index):
 %0 = memref.view %m[%i][%i] : memref<2048xi8> to memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: incorrect number of size operands for type 'memref<4xf32>'

// -----

"test.f"() ({
^bb0(%m: memref<2048xi16>, %i: index):
 %0 = memref.view %m[%i][] : memref<2048xi16> to memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xi16>'

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %i: index, %v: i32):
 %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xf32>) -> i32 "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.atomic_rmw' op failed to verify that value type matches element type of memref

// -----

"test.f"() ({
^bb0(%m: memref<4xi32>, %i: index, %v: i32):
 %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32 "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.atomic_rmw' op with kind 'addf' expects a floating-point type

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>):
 memref.assume_alignment %m, 3 : memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:2: error: 'memref.assume_alignment' op alignment must be power of 2

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>):
 memref.assume_alignment %m, 0 : memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:2: error: 'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %i: index):

  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :6:8: error: 'memref.generic_atomic_rmw' op expected single number of entry block arguments

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %i: index):

  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: i32):
    memref.atomic_yield %a : i32
  }
  "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :6:8: error: 'memref.generic_atomic_rmw' op expected block argument of the same type result type

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %i: index, %v: f32):

  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    memref.store %v, %m[%i] : memref<4xf32>
    memref.atomic_yield %a : f32
  }
  "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :8:5: error: body of 'memref.generic_atomic_rmw' should contain only operations with no side effects

// -----

"test.f"() ({
^bb0(%m: memref<4xf32>, %i: index, %v: i32):

  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    memref.atomic_yield %v : i32
  }
  "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :8:5: error: 'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>):
 %0:4 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f32>, index, index, index "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:9: error: 'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index', 'index'

// -----

"test.f"() ({
^bb0(%m: memref<4x4xf32>):
 %0:6 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f64>, index, index, index, index, index "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:9: error: 'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f64>', 'index', 'index', 'index', 'index', 'index'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0][4][1] : memref<8x8xf32> to memref<4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected 2 offset values, got 1

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 2]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xi32, strided<[8, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result element type to be 'f32'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>, 2> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>, 2>'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4x4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result rank to be smaller or equal to the source rank. 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 3>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>, %i : index):
 %0 = memref.subview %m[%i, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout) 

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xi32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: different element types specified for source type 'memref<8x8xf32>' and result memref type 'memref<8x8xi32>'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32, 1> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: different memory spaces specified for source type 'memref<8x8xf32>' and result memref type 'memref<8x8xf32, 1>'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8, 4], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type with size = 4 instead of 8 in dim = 1

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [1], sizes: [8, 8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type with offset = 1 instead of 0

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8, 8], strides: [1, 1] : memref<8x8xf32> to memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected result type with stride = 1 instead of 8 in dim = 0

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected mixed sizes rank to match mixed strides rank (1 vs 2) so the rank of the result type is well-formed.

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [8, 8], strides: [8, 1] : memref<8x8xf32> to memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected 1 offset values, got 2

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<32xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op collapsed dim size (32) must equal reassociation group size (64)

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0], [1]] : memref<8x8xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op invalid number of reassociation groups: found 2, expected 1

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[1, 0]] : memref<8x8xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op reassociation indices must be contiguous

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0]] : memref<8x8xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op collapsed dim size (64) must equal reassociation group size (8)

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xi32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op expected collapsed type to be 'memref<64xf32>' but found 'memref<64xi32>'

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32, strided<[16, 1]>>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32, strided<[16, 1]>> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims

// -----

"test.f"() ({
^bb0(%m: memref<?x8xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<?x8xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32, strided<[2]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op expected collapsed type to be 'memref<64xf32>' but found 'memref<64xf32, strided<[2]>>'

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 4] : memref<64xf32> into memref<8x4xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op collapsed dim size (64) must equal reassociation group size (32)

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xi32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op expected expanded type to be 'memref<8x8xf32>' but found 'memref<8x8xi32>'

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op reassociation index 1 is out of bounds

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8] : memref<64xf32> into memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (2) but found 1 inputs instead

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>, %i: index):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [%i, 8] : memref<64xf32> into memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op invalid output shape provided at pos 0

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<64xf32> into memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op invalid output shape provided at pos 0

// -----

"test.f"() ({
^bb0(%m: memref<?xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<?xf32> into memref<8x8xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32, strided<[9, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.expand_shape' op expected expanded type to be 'memref<8x8xf32>' but found 'memref<8x8xf32, strided<[9, 1]>>'

// -----

"test.f"() ({
^bb0(%m: memref<64xf32>):
 %0 = memref.collapse_shape %m [[0, 1]] : memref<64xf32> into memref<64xf32> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.collapse_shape' op reassociation index 1 is out of bounds

// -----

"test.f"() ({
^bb0():
 %0 = memref.alloc() : memref<4xf32, strided<[1], offset: ?>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[-1, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: -8>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected offsets to be non-negative, but got -1

// -----

"test.f"() ({
^bb0(%m: memref<8x8xf32>):
 %0 = memref.subview %m[0, 0][-4, 4][1, 1] : memref<8x8xf32> to memref<?x4xf32, strided<[8, 1]>> "test.ret"() : () -> ()
}) : () -> ()
// CHECK: offset :5:7: error: expected sizes to be non-negative, but got -4
