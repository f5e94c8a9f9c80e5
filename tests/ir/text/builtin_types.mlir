// Builtin types, each as a type attribute and in an operation's signature.
"test.types"() {
  ints = [i1, i8, i32, i64, i128, si8, ui16, si64, ui1, i0],
  floats = [f16, bf16, f32, f64, tf32, f80, f128],
  misc = [index, none],
  vectors = [vector<4xf32>, vector<[4]xf32>, vector<2x3xf32>, vector<2x[4]xi8>, vector<f32>, vector<1x1x1xindex>],
  tensors = [tensor<?x4xf32>, tensor<*xf32>, tensor<f32>, tensor<4xf32, "encoding">, tensor<0xi8>],
  memrefs = [memref<4x?xf32>, memref<*xf32>, memref<*xf32, 1>, memref<4xf32, 3>,
             memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 2>, memref<f32>],
  functions = [(i32, f32) -> (i1), () -> (), (i32) -> (i32, i32), () -> (() -> ()), (() -> i32) -> i32],
  others = [complex<f32>, tuple<>, tuple<i32, tuple<f16>>, complex<i8>]
} : () -> ()
%0:3 = "test.results"() : () -> (vector<4xi32>, tuple<index>, (i32) -> ())
"test.operands"(%0#0, %0#2) : (vector<4xi32>, (i32) -> ()) -> ()
// Dimension lists split tokens like `x8xf32` and `0xf32` (a hex-looking zero).
"test.tricky"() {a = vector<4x8xf32>, b = tensor<0x4xf32>, c = tensor<10x0xi1>, d = memref<?x?x?xf32>} : () -> ()
