// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s
// Every math op of MLIR 19 in its custom form (CHECK lines: what mlir-opt-19 prints).

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

// CHECK-LABEL: func.func @float_unary(%arg0: f32, %arg1: vector<4xf16>, %arg2: tensor<?xbf16>) {
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.acos %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %2 = math.acosh %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %3 = math.asin %arg0 : f32
// CHECK-NEXT: %4 = math.asinh %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %5 = math.atan %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %6 = math.atanh %arg0 : f32
// CHECK-NEXT: %7 = math.cbrt %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %8 = math.ceil %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %9 = math.cos %arg0 : f32
// CHECK-NEXT: %10 = math.cosh %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %11 = math.erf %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %12 = math.exp %arg0 : f32
// CHECK-NEXT: %13 = math.exp2 %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %14 = math.expm1 %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %15 = math.floor %arg0 : f32
// CHECK-NEXT: %16 = math.log %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %17 = math.log10 %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %18 = math.log1p %arg0 : f32
// CHECK-NEXT: %19 = math.log2 %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %20 = math.round %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %21 = math.roundeven %arg0 : f32
// CHECK-NEXT: %22 = math.rsqrt %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %23 = math.sin %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %24 = math.sinh %arg0 : f32
// CHECK-NEXT: %25 = math.sqrt %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %26 = math.tan %arg2 fastmath<nnan,afn> : tensor<?xbf16>
// CHECK-NEXT: %27 = math.tanh %arg0 : f32
// CHECK-NEXT: %28 = math.trunc %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @others(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: vector<4xi32>, %arg4: vector<4xf32>, %arg5: index) {
// CHECK-NEXT: %0 = math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: %1 = math.copysign %arg0, %arg1 fastmath<nsz> : f32
// CHECK-NEXT: %2 = math.powf %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT: %3 = math.fma %arg0, %arg1, %arg0 : f32
// CHECK-NEXT: %4 = math.fma %arg4, %arg4, %arg4 fastmath<contract> : vector<4xf32>
// CHECK-NEXT: %5 = math.fpowi %arg0, %arg2 : f32, i32
// CHECK-NEXT: %6 = math.fpowi %arg4, %arg3 fastmath<fast> : vector<4xf32>, vector<4xi32>
// CHECK-NEXT: %7 = math.absi %arg2 : i32
// CHECK-NEXT: %8 = math.ctlz %arg3 : vector<4xi32>
// CHECK-NEXT: %9 = math.cttz %arg2 : i32
// CHECK-NEXT: %10 = math.ctpop %arg5 : index
// CHECK-NEXT: %11 = math.ipowi %arg2, %arg2 : i32
// CHECK-NEXT: return
