// RUN: %spvkit opt %s --canonicalize | FileCheck %s
// RUN: %spvkit opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// arith folding under canonicalize: identities, integer and IEEE float constant folding (f16,
// bf16, f32, f64, vectors), what must not fold (division by zero, signed overflow, shifts by the
// width), casts and cast chains, compares and selects. CHECK lines: mlir-opt-19 --canonicalize.

func.func @int_identities(%x: i32, %y: i32, %v: vector<4xi32>) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %z = arith.constant dense<0> : vector<4xi32>
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %x, %c1 : i32
  %2 = arith.muli %x, %c0 : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.andi %x, %x : i32
  %5 = arith.ori %x, %c0 : i32
  %6 = arith.xori %x, %x : i32
  %7 = arith.andi %x, %cm1 : i32
  %8 = arith.divsi %x, %c1 : i32
  %9 = arith.remui %x, %c1 : i32
  %10 = arith.shli %x, %c0 : i32
  %11 = arith.addi %v, %z : vector<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>
}

func.func @int_constants() -> (i32, i32, i32, i32, i32, i32, i32, i8, i8, i8, i64, i1, i1) {
  %a = arith.constant 7 : i32
  %b = arith.constant -3 : i32
  %m = arith.constant 200 : i8
  %n = arith.constant 100 : i8
  %s = arith.constant 3 : i8
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %a, %b : i32
  %2 = arith.divsi %a, %b : i32
  %3 = arith.ceildivsi %a, %b : i32
  %4 = arith.floordivsi %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.divui %a, %b : i32
  %7 = arith.addi %m, %n : i8
  %8 = arith.shrsi %m, %s : i8
  %9 = arith.shrui %m, %s : i8
  %10 = arith.extsi %m : i8 to i64
  %11 = arith.cmpi slt, %a, %b : i32
  %12 = arith.cmpi ult, %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i32, i32, i32, i32, i32, i32, i32, i8, i8, i8, i64, i1, i1
}

func.func @no_fold(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %a = arith.constant 5 : i32
  %min = arith.constant -2147483648 : i32
  %cm1 = arith.constant -1 : i32
  %c40 = arith.constant 40 : i32
  %0 = arith.divsi %a, %c0 : i32
  %1 = arith.divsi %min, %cm1 : i32
  %2 = arith.remui %a, %c0 : i32
  %3 = arith.shli %a, %c40 : i32
  %4 = arith.floordivsi %min, %cm1 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

func.func @float_constants() -> (f32, f32, f32, f32, f16, bf16, f64, f32, f32, f32, f32, f32) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 3.0 : f32
  %h = arith.constant 1.0e-3 : f16
  %hb = arith.constant 3.0e+3 : f16
  %bb = arith.constant 1.1 : bf16
  %d = arith.constant 0.1 : f64
  %z = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.divf %a, %b : f32
  %1 = arith.addf %a, %b : f32
  %2 = arith.subf %a, %b : f32
  %3 = arith.remf %b, %a : f32
  %4 = arith.mulf %h, %hb : f16
  %5 = arith.addf %bb, %bb : bf16
  %6 = arith.mulf %d, %d : f64
  %7 = arith.divf %z, %z : f32
  %8 = arith.subf %inf, %inf : f32
  %9 = arith.negf %a : f32
  %10 = arith.maximumf %z, %nz : f32
  %11 = arith.minimumf %z, %nz : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f16, bf16, f64, f32, f32, f32, f32, f32
}

func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %z : f32
  %2 = arith.mulf %x, %one : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.mulf %x, %z fastmath<nnan,nsz> : f32
  %5 = arith.negf %x : f32
  %6 = arith.negf %5 : f32
  %7 = arith.maximumf %x, %x : f32
  return %0, %1, %2, %3, %4, %6, %7 : f32, f32, f32, f32, f32, f32, f32
}

func.func @casts() -> (i16, i64, f32, f16, i32, i32, index, index, i32, f32, f64) {
  %a = arith.constant -5 : i32
  %x = arith.constant 2.5 : f32
  %big = arith.constant 1.0e+10 : f32
  %i = arith.constant 300 : index
  %0 = arith.trunci %a : i32 to i16
  %1 = arith.extui %a : i32 to i64
  %2 = arith.sitofp %a : i32 to f32
  %3 = arith.truncf %x : f32 to f16
  %4 = arith.fptosi %x : f32 to i32
  %5 = arith.fptosi %big : f32 to i32
  %6 = arith.index_cast %a : i32 to index
  %7 = arith.index_castui %a : i32 to index
  %8 = arith.bitcast %x : f32 to i32
  %9 = arith.uitofp %a : i32 to f32
  %10 = arith.extf %x : f32 to f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i16, i64, f32, f16, i32, i32, index, index, i32, f32, f64
}

func.func @cast_chains(%x: i8, %f: f16, %g: f32, %i: i64, %j: i32) -> (i32, i8, f16, f32, i64, i32) {
  %0 = arith.extui %x : i8 to i16
  %1 = arith.extui %0 : i16 to i32
  %2 = arith.extsi %x : i8 to i32
  %3 = arith.trunci %2 : i32 to i8
  %5 = arith.extf %f : f16 to f32
  %6 = arith.truncf %5 : f32 to f16
  %7 = arith.truncf %g fastmath<contract> : f32 to f16
  %8 = arith.extf %7 fastmath<contract> : f16 to f32
  %9 = arith.index_cast %i : i64 to index
  %10 = arith.index_cast %9 : index to i64
  %11 = arith.index_castui %j : i32 to index
  %12 = arith.index_castui %11 : index to i32
  return %1, %3, %6, %8, %10, %12 : i32, i8, f16, f32, i64, i32
}

func.func @bitwise(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32, i32, i32, i1) {
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %an = arith.andi %a, %b : i32
  %0 = arith.andi %a, %an : i32
  %n = arith.xori %a, %m1 : i32
  %1 = arith.ori %a, %n : i32
  %2 = arith.andi %n, %a : i32
  %x1 = arith.xori %a, %b : i32
  %3 = arith.xori %x1, %b : i32
  %s = arith.subi %a, %b : i32
  %4 = arith.addi %s, %b : i32
  %e = arith.extui %c : i1 to i32
  %5 = arith.cmpi ne, %e, %z : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i1
}

func.func @compare_select(%x: i32, %c: i1, %y: i32) -> (i1, i1, i32, i32, i32, i1, i1, i32) {
  %c5 = arith.constant 5 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi ult, %x, %x : i32
  %2 = arith.select %c, %x, %x : i32
  %3 = arith.select %t, %x, %y : i32
  %4 = arith.select %f, %x, %y : i32
  %5 = arith.select %c, %t, %f : i1
  %6 = arith.cmpi ne, %c, %f : i1
  %cmp = arith.cmpi eq, %x, %y : i32
  %7 = arith.select %cmp, %x, %y : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i32, i32, i32, i1, i1, i32
}

func.func @compare_constant_left(%x: i32) -> i1 {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c5, %x : i32
  return %0 : i1
}

func.func @cmpf(%x: f32) -> (i1, i1, i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpf uno, %x, %nan : f32
  %2 = arith.cmpf oeq, %nan, %x : f32
  return %0, %1, %2 : i1, i1, i1
}

func.func @vectors() -> (vector<4xi32>, vector<2xf32>, vector<3xi1>, vector<3xi32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<10> : vector<4xi32>
  %x = arith.constant dense<[1.5, 2.5]> : vector<2xf32>
  %y = arith.constant dense<2.0> : vector<2xf32>
  %p = arith.constant dense<[1, 5, 3]> : vector<3xi32>
  %q = arith.constant dense<[2, 5, 1]> : vector<3xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.mulf %x, %y : vector<2xf32>
  %2 = arith.cmpi sle, %p, %q : vector<3xi32>
  %3 = arith.select %2, %p, %q : vector<3xi1>, vector<3xi32>
  return %0, %1, %2, %3 : vector<4xi32>, vector<2xf32>, vector<3xi1>, vector<3xi32>
}

func.func @extended() -> (i32, i1, i32, i32, i32, i32) {
  %a = arith.constant -1 : i32
  %b = arith.constant 3 : i32
  %sum, %ovf = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %ulo, %uhi = arith.mului_extended %a, %b : i32
  return %sum, %ovf, %lo, %hi, %ulo, %uhi : i32, i1, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @int_identities(%arg0: i32, %arg1: i32, %arg2: vector<4xi32>) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %arg0, %c0_i32, %c0_i32, %arg0, %arg0, %c0_i32, %arg0, %arg0, %c0_i32, %arg0, %arg2 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>
// CHECK-LABEL: func.func @int_constants() -> (i32, i32, i32, i32, i32, i32, i32, i8, i8, i8, i64, i1, i1) {
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c-21_i32 = arith.constant -21 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: %c-7_i8 = arith.constant -7 : i8
// CHECK-NEXT: %c25_i8 = arith.constant 25 : i8
// CHECK-NEXT: %c-56_i64 = arith.constant -56 : i64
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %c4_i32, %c-21_i32, %c-2_i32, %c-2_i32, %c-3_i32, %c1_i32, %c0_i32, %c44_i8, %c-7_i8, %c25_i8, %c-56_i64, %false, %true : i32, i32, i32, i32, i32, i32, i32, i8, i8, i8, i64, i1, i1
// CHECK-LABEL: func.func @no_fold(%arg0: i32) -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c40_i32 = arith.constant 40 : i32
// CHECK-NEXT: %0 = arith.divsi %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT: %2 = arith.remui %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %3 = arith.shli %c5_i32, %c40_i32 : i32
// CHECK-NEXT: %4 = arith.floordivsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
// CHECK-LABEL: func.func @float_constants() -> (f32, f32, f32, f32, f16, bf16, f64, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 0.333333343 : f32
// CHECK-NEXT: %cst_0 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 3.001950e+00 : f16
// CHECK-NEXT: %cst_4 = arith.constant 2.203130e+00 : bf16
// CHECK-NEXT: %cst_5 = arith.constant 0.010000000000000002 : f64
// CHECK-NEXT: %cst_6 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_7 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_8 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_6, %cst_7, %cst_2, %cst_8 : f32, f32, f32, f32, f16, bf16, f64, f32, f32, f32, f32, f32
// CHECK-LABEL: func.func @float_identities(%arg0: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.mulf %arg0, %cst fastmath<nnan,nsz> : f32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %0, %arg0, %arg0 : f32, f32, f32, f32, f32, f32, f32
// CHECK-LABEL: func.func @casts() -> (i16, i64, f32, f16, i32, i32, index, index, i32, f32, f64) {
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %cst_0 = arith.constant 4.2949673E+9 : f32
// CHECK-NEXT: %c1075838976_i32 = arith.constant 1075838976 : i32
// CHECK-NEXT: %c4294967291 = arith.constant 4294967291 : index
// CHECK-NEXT: %c-5 = arith.constant -5 : index
// CHECK-NEXT: %cst_1 = arith.constant 1.000000e+10 : f32
// CHECK-NEXT: %c-5_i16 = arith.constant -5 : i16
// CHECK-NEXT: %c4294967291_i64 = arith.constant 4294967291 : i64
// CHECK-NEXT: %cst_2 = arith.constant -5.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 2.500000e+00 : f16
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.fptosi %cst_1 : f32 to i32
// CHECK-NEXT: return %c-5_i16, %c4294967291_i64, %cst_2, %cst_3, %c2_i32, %0, %c-5, %c4294967291, %c1075838976_i32, %cst_0, %cst : i16, i64, f32, f16, i32, i32, index, index, i32, f32, f64
// CHECK-LABEL: func.func @cast_chains(%arg0: i8, %arg1: f16, %arg2: f32, %arg3: i64, %arg4: i32) -> (i32, i8, f16, f32, i64, i32) {
// CHECK-NEXT: %0 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extf %arg1 : f16 to f32
// CHECK-NEXT: %2 = arith.truncf %1 : f32 to f16
// CHECK-NEXT: return %0, %arg0, %2, %arg2, %arg3, %arg4 : i32, i8, f16, f32, i64, i32
// CHECK-LABEL: func.func @bitwise(%arg0: i32, %arg1: i32, %arg2: i1) -> (i32, i32, i32, i32, i32, i1) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %c-1_i32, %c0_i32, %arg0, %arg0, %arg2 : i32, i32, i32, i32, i32, i1
// CHECK-LABEL: func.func @compare_select(%arg0: i32, %arg1: i1, %arg2: i32) -> (i1, i1, i32, i32, i32, i1, i1, i32) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.cmpi ne, %arg1, %false : i1
// CHECK-NEXT: return %true, %false, %arg0, %arg0, %arg2, %arg1, %0, %arg2 : i1, i1, i32, i32, i32, i1, i1, i32
// CHECK-LABEL: func.func @compare_constant_left(%arg0: i32) -> i1 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT: return %0 : i1
// CHECK-LABEL: func.func @cmpf(%arg0: f32) -> (i1, i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %true, %true, %false : i1, i1, i1
// CHECK-LABEL: func.func @vectors() -> (vector<4xi32>, vector<2xf32>, vector<3xi1>, vector<3xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<[11, 12, 13, 14]> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[3.000000e+00, 5.000000e+00]> : vector<2xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[true, true, false]> : vector<3xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<[1, 5, 1]> : vector<3xi32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2 : vector<4xi32>, vector<2xf32>, vector<3xi1>, vector<3xi32>
// CHECK-LABEL: func.func @extended() -> (i32, i1, i32, i32, i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: return %c2_i32, %true, %c-3_i32, %c-1_i32, %c-3_i32, %c2_i32 : i32, i1, i32, i32, i32, i32
