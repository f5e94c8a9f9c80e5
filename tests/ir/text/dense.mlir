// Dense elements: splats, nested lists shaped by the type, equal elements folded to a splat,
// bools, floats, unsigned elements, hex data (little-endian, as MLIR writes it for big constants).
"test.dense"() {
  splat = dense<1.5> : vector<4xf32>, list = dense<[1, 2, 3, 4]> : vector<4xi32>,
  nested = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>, same = dense<[7, 7, 7]> : vector<3xi8>,
  bools = dense<[true, false]> : vector<2xi1>, bool_splat = dense<true> : tensor<i1>,
  floats = dense<[1.0, -2.5, 0x7FC00000]> : vector<3xf32>, halfs = dense<[0.1, 65504.0]> : vector<2xf16>,
  unsigned = dense<[255, 0]> : vector<2xui8>, signed = dense<-1> : vector<2xsi8>,
  empty = dense<> : tensor<0xi32>, hex = dense<"0x0100000002000000"> : vector<2xi32>,
  hex_splat = dense<"0x0000803F"> : vector<8xf32>, rank0 = dense<5> : tensor<i64>
} : () -> ()
