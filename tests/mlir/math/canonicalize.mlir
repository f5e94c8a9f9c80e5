// RUN: %spvkit opt %s --canonicalize | FileCheck %s
// math folding under canonicalize as MLIR 19 does it: libm in f32/f64 only (NaN bits as libm gives
// them), APFloat rounding and copysign in every float type, integer counts and powers, and the
// ops MLIR 19 does not fold. CHECK lines: mlir-opt-19 --canonicalize.

func.func @f32_libm() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = arith.constant 0.5 : f32
  %n = arith.constant -2.0 : f32
  %0 = math.sin %a : f32
  %1 = math.cos %a : f32
  %2 = math.exp %a : f32
  %3 = math.log %a : f32
  %4 = math.log %n : f32
  %5 = math.sqrt %a : f32
  %6 = math.sqrt %n : f32
  %7 = math.tanh %a : f32
  %8 = math.erf %a : f32
  %9 = math.atan2 %a, %n : f32
  %10 = math.powf %n, %a : f32
  %11 = math.acosh %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

func.func @f64_and_f16() -> (f64, f64, f16, f16, f16, bf16) {
  %d = arith.constant 2.0 : f64
  %h = arith.constant -2.5 : f16
  %b = arith.constant 3.5 : bf16
  %0 = math.exp2 %d : f64
  %1 = math.log1p %d : f64
  %2 = math.sin %h : f16
  %3 = math.absf %h : f16
  %4 = math.floor %h : f16
  %5 = math.roundeven %b : bf16
  return %0, %1, %2, %3, %4, %5 : f64, f64, f16, f16, f16, bf16
}

func.func @rounding() -> (f32, f32, f32, f32, f32, f32) {
  %a = arith.constant -2.5 : f32
  %0 = math.ceil %a : f32
  %1 = math.floor %a : f32
  %2 = math.trunc %a : f32
  %3 = math.round %a : f32
  %4 = math.roundeven %a : f32
  %5 = math.copysign %a, %a : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @integers() -> (i32, i32, i32, i32, i32, i32, i32, i8) {
  %a = arith.constant 12 : i32
  %m = arith.constant -7 : i32
  %z = arith.constant 0 : i32
  %p = arith.constant 3 : i32
  %e = arith.constant -3 : i8
  %b = arith.constant 5 : i8
  %0 = math.absi %m : i32
  %1 = math.ctlz %a : i32
  %2 = math.cttz %a : i32
  %3 = math.ctpop %m : i32
  %4 = math.ctlz %z : i32
  %5 = math.ipowi %m, %p : i32
  %6 = math.ipowi %z, %m : i32
  %7 = math.ipowi %e, %b : i8
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i8
}

func.func @not_folded(%x: f32) -> (f32, f32, f32, f32) {
  %a = arith.constant 2.0 : f32
  %i = arith.constant 3 : i32
  %0 = math.cbrt %a : f32
  %1 = math.rsqrt %a : f32
  %2 = math.fma %a, %a, %a : f32
  %3 = math.fpowi %a, %i : f32, i32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @f32_libm() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 0xFFC00000 : f32
// CHECK-NEXT: %cst_0 = arith.constant 2.89661407 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0.520499885 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0.462117165 : f32
// CHECK-NEXT: %cst_3 = arith.constant 0.707106769 : f32
// CHECK-NEXT: %cst_4 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_5 = arith.constant 0.47942555 : f32
// CHECK-NEXT: %cst_6 = arith.constant 0.87758255 : f32
// CHECK-NEXT: %cst_7 = arith.constant 1.64872122 : f32
// CHECK-NEXT: %cst_8 = arith.constant -0.693147182 : f32
// CHECK-NEXT: %0 = math.log %cst_4 : f32
// CHECK-NEXT: %1 = math.sqrt %cst_4 : f32
// CHECK-NEXT: return %cst_5, %cst_6, %cst_7, %cst_8, %0, %cst_3, %1, %cst_2, %cst_1, %cst_0, %cst, %cst : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-LABEL: func.func @f64_and_f16() -> (f64, f64, f16, f16, f16, bf16) {
// CHECK-NEXT: %cst = arith.constant 4.000000e+00 : bf16
// CHECK-NEXT: %cst_0 = arith.constant -3.000000e+00 : f16
// CHECK-NEXT: %cst_1 = arith.constant 2.500000e+00 : f16
// CHECK-NEXT: %cst_2 = arith.constant -2.500000e+00 : f16
// CHECK-NEXT: %cst_3 = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %cst_4 = arith.constant 1.0986122886681096 : f64
// CHECK-NEXT: %0 = math.sin %cst_2 : f16
// CHECK-NEXT: return %cst_3, %cst_4, %0, %cst_1, %cst_0, %cst : f64, f64, f16, f16, f16, bf16
// CHECK-LABEL: func.func @rounding() -> (f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -3.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant -2.500000e+00 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst, %cst_0, %cst, %cst_1 : f32, f32, f32, f32, f32, f32
// CHECK-LABEL: func.func @integers() -> (i32, i32, i32, i32, i32, i32, i32, i8) {
// CHECK-NEXT: %c13_i8 = arith.constant 13 : i8
// CHECK-NEXT: %c-7_i32 = arith.constant -7 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c28_i32 = arith.constant 28 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c30_i32 = arith.constant 30 : i32
// CHECK-NEXT: %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT: %c-343_i32 = arith.constant -343 : i32
// CHECK-NEXT: %0 = math.ipowi %c0_i32, %c-7_i32 : i32
// CHECK-NEXT: return %c7_i32, %c28_i32, %c2_i32, %c30_i32, %c32_i32, %c-343_i32, %0, %c13_i8 : i32, i32, i32, i32, i32, i32, i32, i8
// CHECK-LABEL: func.func @not_folded(%arg0: f32) -> (f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = math.cbrt %cst : f32
// CHECK-NEXT: %1 = math.rsqrt %cst : f32
// CHECK-NEXT: %2 = math.fma %cst, %cst, %cst : f32
// CHECK-NEXT: %3 = math.fpowi %cst, %c3_i32 : f32, i32
// CHECK-NEXT: return %0, %1, %2, %3 : f32, f32, f32, f32
