// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s
// The generic form of the math ops as mlir-opt-19 prints it (fastmath always present where the op
// has one). Value numbers are left to the oracle (tests/mlir/check_oracle.sh).

func.func @float_unary(%x: f32, %v: vector<4xf16>, %t: tensor<?xbf16>) {
  %0 = math.absf %x : f32
  %1 = math.acos %v fastmath<fast> : vector<4xf16>
  %2 = math.acosh %t fastmath<nnan,afn> : tensor<?xbf16>
  %3 = math.asin %x : f32
  %4 = math.asinh %v fastmath<fast> : vector<4xf16>
  %5 = math.atan %t fastmath<nnan,afn> : tensor<?xbf16>
  %6 = math.atanh %x : f32
  %7 = math.cbrt %v fastmath<fast> : vector<4xf16>
  %8 = math.ceil %t fastmath<nnan,afn> : tensor<?xbf16>
  %9 = math.cos %x : f32
  %10 = math.cosh %v fastmath<fast> : vector<4xf16>
  %11 = math.erf %t fastmath<nnan,afn> : tensor<?xbf16>
  %12 = math.exp %x : f32
  %13 = math.exp2 %v fastmath<fast> : vector<4xf16>
  %14 = math.expm1 %t fastmath<nnan,afn> : tensor<?xbf16>
  %15 = math.floor %x : f32
  %16 = math.log %v fastmath<fast> : vector<4xf16>
  %17 = math.log10 %t fastmath<nnan,afn> : tensor<?xbf16>
  %18 = math.log1p %x : f32
  %19 = math.log2 %v fastmath<fast> : vector<4xf16>
  %20 = math.round %t fastmath<nnan,afn> : tensor<?xbf16>
  %21 = math.roundeven %x : f32
  %22 = math.rsqrt %v fastmath<fast> : vector<4xf16>
  %23 = math.sin %t fastmath<nnan,afn> : tensor<?xbf16>
  %24 = math.sinh %x : f32
  %25 = math.sqrt %v fastmath<fast> : vector<4xf16>
  %26 = math.tan %t fastmath<nnan,afn> : tensor<?xbf16>
  %27 = math.tanh %x : f32
  %28 = math.trunc %v fastmath<fast> : vector<4xf16>
  return
}

func.func @others(%x: f32, %y: f32, %i: i32, %vi: vector<4xi32>, %vf: vector<4xf32>, %n: index) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.copysign %x, %y fastmath<nsz> : f32
  %2 = math.powf %vf, %vf : vector<4xf32>
  %3 = math.fma %x, %y, %x : f32
  %4 = math.fma %vf, %vf, %vf fastmath<contract> : vector<4xf32>
  %5 = math.fpowi %x, %i : f32, i32
  %6 = math.fpowi %vf, %vi fastmath<fast> : vector<4xf32>, vector<4xi32>
  %7 = math.absi %i : i32
  %8 = math.ctlz %vi : vector<4xi32>
  %9 = math.cttz %i : i32
  %10 = math.ctpop %n : index
  %11 = math.ipowi %i, %i : i32
  return
}

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (f32, vector<4xf16>, tensor<?xbf16>) -> (), sym_name = "float_unary"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: vector<4xf16>, %arg{{[0-9]+}}: tensor<?xbf16>):
// CHECK-NEXT: %{{[0-9]+}} = "math.absf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.acos"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.acosh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.asin"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.asinh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.atan"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.atanh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.cbrt"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.ceil"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.cos"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.cosh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.erf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.exp"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.exp2"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.expm1"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.floor"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.log"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.log10"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.log1p"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.log2"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.round"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.roundeven"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.rsqrt"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.sin"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.sinh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.sqrt"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.tan"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,afn>}> : (tensor<?xbf16>) -> tensor<?xbf16>
// CHECK-NEXT: %{{[0-9]+}} = "math.tanh"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.trunc"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (f32, f32, i32, vector<4xi32>, vector<4xf32>, index) -> (), sym_name = "others"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: vector<4xi32>, %arg{{[0-9]+}}: vector<4xf32>, %arg{{[0-9]+}}: index):
// CHECK-NEXT: %{{[0-9]+}} = "math.atan2"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.copysign"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nsz>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.powf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %{{[0-9]+}} = "math.fma"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.fma"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<contract>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %{{[0-9]+}} = "math.fpowi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "math.fpowi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf32>, vector<4xi32>) -> vector<4xf32>
// CHECK-NEXT: %{{[0-9]+}} = "math.absi"(%arg{{[0-9]+}}) : (i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "math.ctlz"(%arg{{[0-9]+}}) : (vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "math.cttz"(%arg{{[0-9]+}}) : (i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "math.ctpop"(%arg{{[0-9]+}}) : (index) -> index
// CHECK-NEXT: %{{[0-9]+}} = "math.ipowi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
