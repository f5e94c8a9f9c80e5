// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// Every arith op of MLIR 19 in its custom form; the CHECK lines are what mlir-opt-19 prints.

func.func @int_binary(%a: i32, %b: i32, %i: index, %v: vector<4xi32>, %t: tensor<4x?xi8>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nuw> : i32
  %3 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %4 = arith.subi %v, %v overflow<nsw> : vector<4xi32>
  %5 = arith.muli %t, %t overflow<nuw> : tensor<4x?xi8>
  %6 = arith.shli %a, %b overflow<nsw, nuw> : i32
  %7 = arith.divui %a, %b : i32
  %8 = arith.divsi %i, %i : index
  %9 = arith.ceildivui %a, %b : i32
  %10 = arith.ceildivsi %a, %b : i32
  %11 = arith.floordivsi %a, %b : i32
  %12 = arith.remui %a, %b : i32
  %13 = arith.remsi %v, %v : vector<4xi32>
  %14 = arith.andi %a, %b : i32
  %15 = arith.ori %a, %b : i32
  %16 = arith.xori %a, %b : i32
  %17 = arith.shrui %a, %b : i32
  %18 = arith.shrsi %a, %b : i32
  %19 = arith.maxsi %a, %b : i32
  %20 = arith.maxui %a, %b : i32
  %21 = arith.minsi %i, %i : index
  %22 = arith.minui %a, %b : i32
  return
}

func.func @extended(%a: i32, %v: vector<4xi64>) {
  %sum, %overflow = arith.addui_extended %a, %a : i32, i1
  %0:2 = arith.addui_extended %v, %v : vector<4xi64>, vector<4xi1>
  %low, %high = arith.mulsi_extended %a, %a : i32
  %1:2 = arith.mului_extended %v, %v : vector<4xi64>
  "test.use"(%sum, %overflow, %0#0, %0#1, %low, %high, %1#1) : (i32, i1, vector<4xi64>, vector<4xi1>, i32, i32, vector<4xi64>) -> ()
  return
}

func.func @float(%x: f32, %y: f32, %h: f16, %b: bf16, %v: vector<[4]xf64>) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y fastmath<fast> : f32
  %2 = arith.mulf %h, %h fastmath<nnan,ninf> : f16
  %3 = arith.divf %b, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : bf16
  %4 = arith.remf %x, %y fastmath<contract> : f32
  %5 = arith.negf %v fastmath<nsz> : vector<[4]xf64>
  %6 = arith.maximumf %x, %y : f32
  %7 = arith.maxnumf %x, %y fastmath<nnan> : f32
  %8 = arith.minimumf %x, %y : f32
  %9 = arith.minnumf %x, %y : f32
  %10 = arith.addf %x, %y fastmath<none> : f32
  return
}

func.func @casts(%a: i32, %x: f32, %i: index, %v: vector<4xi32>, %m: memref<4xi32>, %t: tensor<?xf16>) {
  %0 = arith.extui %a : i32 to i64
  %1 = arith.extsi %v : vector<4xi32> to vector<4xi64>
  %2 = arith.trunci %a : i32 to i1
  %3 = arith.extf %x : f32 to f64
  %4 = arith.extf %t fastmath<contract> : tensor<?xf16> to tensor<?xf32>
  %5 = arith.truncf %x : f32 to bf16
  %6 = arith.truncf %x to_nearest_even : f32 to f16
  %7 = arith.truncf %x downward : f32 to f16
  %8 = arith.truncf %x upward fastmath<fast> : f32 to f16
  %9 = arith.truncf %x toward_zero : f32 to f16
  %10 = arith.truncf %x to_nearest_away : f32 to f16
  %11 = arith.uitofp %a : i32 to f32
  %12 = arith.sitofp %v : vector<4xi32> to vector<4xf16>
  %13 = arith.fptoui %x : f32 to i8
  %14 = arith.fptosi %x : f32 to i64
  %15 = arith.index_cast %a : i32 to index
  %16 = arith.index_cast %i : index to i16
  %17 = arith.index_castui %i : index to i64
  %18 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %19 = arith.bitcast %x : f32 to i32
  %20 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  %21 = arith.bitcast %t : tensor<?xf16> to tensor<?xbf16>
  return
}

func.func @compare_select(%a: i32, %x: f32, %c: i1, %v: vector<4xi32>, %vc: vector<4xi1>, %vf: vector<4xf32>) {
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi ne, %a, %a : i32
  %2 = arith.cmpi slt, %v, %v : vector<4xi32>
  %3 = arith.cmpi sle, %a, %a : i32
  %4 = arith.cmpi sgt, %a, %a : i32
  %5 = arith.cmpi sge, %a, %a : i32
  %6 = arith.cmpi ult, %a, %a : i32
  %7 = arith.cmpi ule, %a, %a : i32
  %8 = arith.cmpi ugt, %a, %a : i32
  %9 = arith.cmpi uge, %a, %a : i32
  %10 = arith.cmpf false, %x, %x : f32
  %11 = arith.cmpf oeq, %x, %x : f32
  %12 = arith.cmpf ogt, %x, %x : f32
  %13 = arith.cmpf oge, %x, %x : f32
  %14 = arith.cmpf olt, %x, %x : f32
  %15 = arith.cmpf ole, %x, %x : f32
  %16 = arith.cmpf one, %x, %x : f32
  %17 = arith.cmpf ord, %x, %x : f32
  %18 = arith.cmpf ueq, %x, %x : f32
  %19 = arith.cmpf ugt, %x, %x : f32
  %20 = arith.cmpf uge, %x, %x : f32
  %21 = arith.cmpf ult, %vf, %vf fastmath<nnan> : vector<4xf32>
  %22 = arith.cmpf ule, %x, %x : f32
  %23 = arith.cmpf une, %x, %x : f32
  %24 = arith.cmpf uno, %x, %x : f32
  %25 = arith.cmpf true, %x, %x : f32
  %26 = arith.select %c, %a, %a : i32
  %27 = arith.select %c, %v, %v : vector<4xi32>
  %28 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %29 = arith.select %c, %a, %a {tag = 1 : i32} : i32
  return
}

func.func @constants() {
  %0 = arith.constant 42 : i32
  %1 = arith.constant -1 : i64
  %2 = arith.constant 7 : index
  %3 = arith.constant true
  %4 = arith.constant false
  %5 = arith.constant 255 : i8
  %6 = arith.constant 1.5 : f32
  %7 = arith.constant 0x7FC00000 : f32
  %8 = arith.constant -0.0 : f64
  %9 = arith.constant 1.0 : bf16
  %10 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %11 = arith.constant dense<0.5> : tensor<2x2xf16>
  %12 = arith.constant dense<true> : vector<4xi1>
  %13 = arith.constant dense<2> : vector<[4]xi32>
  %14 = arith.constant 42 : i32
  %15 = arith.constant 0 : i1
  %16 = arith.constant 1 : i1
  %17 = arith.constant {tag} 3 : i16
  %18 = arith.constant -9223372036854775808 : i64
  %19 = arith.constant 18446744073709551615 : i64
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19) : (i32, i64, index, i1, i1, i8, f32, f32, f64, bf16, vector<4xi32>, tensor<2x2xf16>, vector<4xi1>, vector<[4]xi32>, i32, i1, i1, i16, i64, i64) -> ()
  return
}

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: index, %arg3: vector<4xi32>, %arg4: tensor<4x?xi8>) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %3 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %4 = arith.subi %arg3, %arg3 overflow<nsw> : vector<4xi32>
// CHECK-NEXT: %5 = arith.muli %arg4, %arg4 overflow<nuw> : tensor<4x?xi8>
// CHECK-NEXT: %6 = arith.shli %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %7 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.divsi %arg2, %arg2 : index
// CHECK-NEXT: %9 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.remsi %arg3, %arg3 : vector<4xi32>
// CHECK-NEXT: %14 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %17 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %21 = arith.minsi %arg2, %arg2 : index
// CHECK-NEXT: %22 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: vector<4xi64>) {
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
// CHECK-NEXT: %sum_0, %overflow_1 = arith.addui_extended %arg1, %arg1 : vector<4xi64>, vector<4xi1>
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg0 : i32
// CHECK-NEXT: %low_2, %high_3 = arith.mului_extended %arg1, %arg1 : vector<4xi64>
// CHECK-NEXT: "test.use"(%sum, %overflow, %sum_0, %overflow_1, %low, %high, %high_3) : (i32, i1, vector<4xi64>, vector<4xi1>, i32, i32, vector<4xi64>) -> ()
// CHECK-NEXT: return
// CHECK-LABEL: func.func @float(%arg0: f32, %arg1: f32, %arg2: f16, %arg3: bf16, %arg4: vector<[4]xf64>) {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.subf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %2 = arith.mulf %arg2, %arg2 fastmath<nnan,ninf> : f16
// CHECK-NEXT: %3 = arith.divf %arg3, %arg3 fastmath<fast> : bf16
// CHECK-NEXT: %4 = arith.remf %arg0, %arg1 fastmath<contract> : f32
// CHECK-NEXT: %5 = arith.negf %arg4 fastmath<nsz> : vector<[4]xf64>
// CHECK-NEXT: %6 = arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT: %7 = arith.maxnumf %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %8 = arith.minimumf %arg0, %arg1 : f32
// CHECK-NEXT: %9 = arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT: %10 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: vector<4xi32>, %arg4: memref<4xi32>, %arg5: tensor<?xf16>) {
// CHECK-NEXT: %0 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %1 = arith.extsi %arg3 : vector<4xi32> to vector<4xi64>
// CHECK-NEXT: %2 = arith.trunci %arg0 : i32 to i1
// CHECK-NEXT: %3 = arith.extf %arg1 : f32 to f64
// CHECK-NEXT: %4 = arith.extf %arg5 fastmath<contract> : tensor<?xf16> to tensor<?xf32>
// CHECK-NEXT: %5 = arith.truncf %arg1 : f32 to bf16
// CHECK-NEXT: %6 = arith.truncf %arg1 to_nearest_even : f32 to f16
// CHECK-NEXT: %7 = arith.truncf %arg1 downward : f32 to f16
// CHECK-NEXT: %8 = arith.truncf %arg1 upward fastmath<fast> : f32 to f16
// CHECK-NEXT: %9 = arith.truncf %arg1 toward_zero : f32 to f16
// CHECK-NEXT: %10 = arith.truncf %arg1 to_nearest_away : f32 to f16
// CHECK-NEXT: %11 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %12 = arith.sitofp %arg3 : vector<4xi32> to vector<4xf16>
// CHECK-NEXT: %13 = arith.fptoui %arg1 : f32 to i8
// CHECK-NEXT: %14 = arith.fptosi %arg1 : f32 to i64
// CHECK-NEXT: %15 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %16 = arith.index_cast %arg2 : index to i16
// CHECK-NEXT: %17 = arith.index_castui %arg2 : index to i64
// CHECK-NEXT: %18 = arith.index_cast %arg4 : memref<4xi32> to memref<4xindex>
// CHECK-NEXT: %19 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: %20 = arith.bitcast %arg4 : memref<4xi32> to memref<4xf32>
// CHECK-NEXT: %21 = arith.bitcast %arg5 : tensor<?xf16> to tensor<?xbf16>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @compare_select(%arg0: i32, %arg1: f32, %arg2: i1, %arg3: vector<4xi32>, %arg4: vector<4xi1>, %arg5: vector<4xf32>) {
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.cmpi ne, %arg0, %arg0 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg3, %arg3 : vector<4xi32>
// CHECK-NEXT: %3 = arith.cmpi sle, %arg0, %arg0 : i32
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %arg0 : i32
// CHECK-NEXT: %5 = arith.cmpi sge, %arg0, %arg0 : i32
// CHECK-NEXT: %6 = arith.cmpi ult, %arg0, %arg0 : i32
// CHECK-NEXT: %7 = arith.cmpi ule, %arg0, %arg0 : i32
// CHECK-NEXT: %8 = arith.cmpi ugt, %arg0, %arg0 : i32
// CHECK-NEXT: %9 = arith.cmpi uge, %arg0, %arg0 : i32
// CHECK-NEXT: %10 = arith.cmpf false, %arg1, %arg1 : f32
// CHECK-NEXT: %11 = arith.cmpf oeq, %arg1, %arg1 : f32
// CHECK-NEXT: %12 = arith.cmpf ogt, %arg1, %arg1 : f32
// CHECK-NEXT: %13 = arith.cmpf oge, %arg1, %arg1 : f32
// CHECK-NEXT: %14 = arith.cmpf olt, %arg1, %arg1 : f32
// CHECK-NEXT: %15 = arith.cmpf ole, %arg1, %arg1 : f32
// CHECK-NEXT: %16 = arith.cmpf one, %arg1, %arg1 : f32
// CHECK-NEXT: %17 = arith.cmpf ord, %arg1, %arg1 : f32
// CHECK-NEXT: %18 = arith.cmpf ueq, %arg1, %arg1 : f32
// CHECK-NEXT: %19 = arith.cmpf ugt, %arg1, %arg1 : f32
// CHECK-NEXT: %20 = arith.cmpf uge, %arg1, %arg1 : f32
// CHECK-NEXT: %21 = arith.cmpf ult, %arg5, %arg5 fastmath<nnan> : vector<4xf32>
// CHECK-NEXT: %22 = arith.cmpf ule, %arg1, %arg1 : f32
// CHECK-NEXT: %23 = arith.cmpf une, %arg1, %arg1 : f32
// CHECK-NEXT: %24 = arith.cmpf uno, %arg1, %arg1 : f32
// CHECK-NEXT: %25 = arith.cmpf true, %arg1, %arg1 : f32
// CHECK-NEXT: %26 = arith.select %arg2, %arg0, %arg0 : i32
// CHECK-NEXT: %27 = arith.select %arg2, %arg3, %arg3 : vector<4xi32>
// CHECK-NEXT: %28 = arith.select %arg4, %arg3, %arg3 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %29 = arith.select %arg2, %arg0, %arg0 {tag = 1 : i32} : i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_1 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %cst_2 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_4 = arith.constant dense<5.000000e-01> : tensor<2x2xf16>
// CHECK-NEXT: %cst_5 = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT: %cst_6 = arith.constant dense<2> : vector<[4]xi32>
// CHECK-NEXT: %c42_i32_7 = arith.constant 42 : i32
// CHECK-NEXT: %false_8 = arith.constant false
// CHECK-NEXT: %true_9 = arith.constant true
// CHECK-NEXT: %c3_i16 = arith.constant {tag} 3 : i16
// CHECK-NEXT: %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: %c-1_i64_10 = arith.constant -1 : i64
// CHECK-NEXT: "test.use"(%c42_i32, %c-1_i64, %c7, %true, %false, %c-1_i8, %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %c42_i32_7, %false_8, %true_9, %c3_i16, %c-9223372036854775808_i64, %c-1_i64_10) : (i32, i64, index, i1, i1, i8, f32, f32, f64, bf16, vector<4xi32>, tensor<2x2xf16>, vector<4xi1>, vector<[4]xi32>, i32, i1, i1, i16, i64, i64) -> ()
// CHECK-NEXT: return
