// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | %spvkit opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// The generic form of every arith op as mlir-opt-19 prints it: properties in <{...}>, enums as
// integers, default-valued flags (#arith.overflow<none>, #arith.fastmath<none>) present.

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

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (i32, i32, index, vector<4xi32>, tensor<4x?xi8>) -> (), sym_name = "int_binary"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: vector<4xi32>, %arg{{[0-9]+}}: tensor<4x?xi8>):
// CHECK-NEXT: %{{[0-9]+}} = "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.subi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.muli"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nuw>}> : (tensor<4x?xi8>, tensor<4x?xi8>) -> tensor<4x?xi8>
// CHECK-NEXT: %{{[0-9]+}} = "arith.shli"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.divui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.divsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (index, index) -> index
// CHECK-NEXT: %{{[0-9]+}} = "arith.ceildivui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.ceildivsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.floordivsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.remui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.remsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.andi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.ori"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.xori"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.shrui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.shrsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.maxsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.maxui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.minsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (index, index) -> index
// CHECK-NEXT: %{{[0-9]+}} = "arith.minui"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (i32, vector<4xi64>) -> (), sym_name = "extended"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: vector<4xi64>):
// CHECK-NEXT: %{{[0-9]+}}:2 = "arith.addui_extended"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> (i32, i1)
// CHECK-NEXT: %{{[0-9]+}}:2 = "arith.addui_extended"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (vector<4xi64>, vector<4xi64>) -> (vector<4xi64>, vector<4xi1>)
// CHECK-NEXT: %{{[0-9]+}}:2 = "arith.mulsi_extended"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> (i32, i32)
// CHECK-NEXT: %{{[0-9]+}}:2 = "arith.mului_extended"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (vector<4xi64>, vector<4xi64>) -> (vector<4xi64>, vector<4xi64>)
// CHECK-NEXT: "test.use"(%{{[0-9]+}}#0, %{{[0-9]+}}#1, %{{[0-9]+}}#0, %{{[0-9]+}}#1, %{{[0-9]+}}#0, %{{[0-9]+}}#1, %{{[0-9]+}}#1) : (i32, i1, vector<4xi64>, vector<4xi1>, i32, i32, vector<4xi64>) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (f32, f32, f16, bf16, vector<[4]xf64>) -> (), sym_name = "float"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f16, %arg{{[0-9]+}}: bf16, %arg{{[0-9]+}}: vector<[4]xf64>):
// CHECK-NEXT: %{{[0-9]+}} = "arith.addf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.subf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.mulf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f16, f16) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.divf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (bf16, bf16) -> bf16
// CHECK-NEXT: %{{[0-9]+}} = "arith.remf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.negf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nsz>}> : (vector<[4]xf64>) -> vector<[4]xf64>
// CHECK-NEXT: %{{[0-9]+}} = "arith.maximumf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.maxnumf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.minimumf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.minnumf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.addf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (i32, f32, index, vector<4xi32>, memref<4xi32>, tensor<?xf16>) -> (), sym_name = "casts"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: vector<4xi32>, %arg{{[0-9]+}}: memref<4xi32>, %arg{{[0-9]+}}: tensor<?xf16>):
// CHECK-NEXT: %{{[0-9]+}} = "arith.extui"(%arg{{[0-9]+}}) : (i32) -> i64
// CHECK-NEXT: %{{[0-9]+}} = "arith.extsi"(%arg{{[0-9]+}}) : (vector<4xi32>) -> vector<4xi64>
// CHECK-NEXT: %{{[0-9]+}} = "arith.trunci"(%arg{{[0-9]+}}) : (i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.extf"(%arg{{[0-9]+}}) : (f32) -> f64
// CHECK-NEXT: %{{[0-9]+}} = "arith.extf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<contract>}> : (tensor<?xf16>) -> tensor<?xf32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) : (f32) -> bf16
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) <{roundingmode = 0 : i32}> : (f32) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) <{roundingmode = 1 : i32}> : (f32) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>, roundingmode = 2 : i32}> : (f32) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) <{roundingmode = 3 : i32}> : (f32) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.truncf"(%arg{{[0-9]+}}) <{roundingmode = 4 : i32}> : (f32) -> f16
// CHECK-NEXT: %{{[0-9]+}} = "arith.uitofp"(%arg{{[0-9]+}}) : (i32) -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.sitofp"(%arg{{[0-9]+}}) : (vector<4xi32>) -> vector<4xf16>
// CHECK-NEXT: %{{[0-9]+}} = "arith.fptoui"(%arg{{[0-9]+}}) : (f32) -> i8
// CHECK-NEXT: %{{[0-9]+}} = "arith.fptosi"(%arg{{[0-9]+}}) : (f32) -> i64
// CHECK-NEXT: %{{[0-9]+}} = "arith.index_cast"(%arg{{[0-9]+}}) : (i32) -> index
// CHECK-NEXT: %{{[0-9]+}} = "arith.index_cast"(%arg{{[0-9]+}}) : (index) -> i16
// CHECK-NEXT: %{{[0-9]+}} = "arith.index_castui"(%arg{{[0-9]+}}) : (index) -> i64
// CHECK-NEXT: %{{[0-9]+}} = "arith.index_cast"(%arg{{[0-9]+}}) : (memref<4xi32>) -> memref<4xindex>
// CHECK-NEXT: %{{[0-9]+}} = "arith.bitcast"(%arg{{[0-9]+}}) : (f32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.bitcast"(%arg{{[0-9]+}}) : (memref<4xi32>) -> memref<4xf32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.bitcast"(%arg{{[0-9]+}}) : (tensor<?xf16>) -> tensor<?xbf16>
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (i32, f32, i1, vector<4xi32>, vector<4xi1>, vector<4xf32>) -> (), sym_name = "compare_select"}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: i1, %arg{{[0-9]+}}: vector<4xi32>, %arg{{[0-9]+}}: vector<4xi1>, %arg{{[0-9]+}}: vector<4xf32>):
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 0 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 1 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 2 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 3 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 4 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 5 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 6 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 7 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 8 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 9 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 5 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 6 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 8 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<nnan>, predicate = 11 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.select"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i1, i32, i32) -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.select"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i1, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.select"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.select"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) {tag = 1 : i32} : (i1, i32, i32) -> i32
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "constants"}> ({
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 42 : i32}> : () -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = -1 : i64}> : () -> i64
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 7 : index}> : () -> index
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = -1 : i8}> : () -> i8
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = -0.000000e+00 : f64}> : () -> f64
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 1.000000e+00 : bf16}> : () -> bf16
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : vector<4xi32>}> : () -> vector<4xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = dense<5.000000e-01> : tensor<2x2xf16>}> : () -> tensor<2x2xf16>
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = dense<true> : vector<4xi1>}> : () -> vector<4xi1>
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = dense<2> : vector<[4]xi32>}> : () -> vector<[4]xi32>
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 42 : i32}> : () -> i32
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = 3 : i16}> {tag} : () -> i16
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
// CHECK-NEXT: %{{[0-9]+}} = "arith.constant"() <{value = -1 : i64}> : () -> i64
// CHECK-NEXT: "test.use"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (i32, i64, index, i1, i1, i8, f32, f32, f64, bf16, vector<4xi32>, tensor<2x2xf16>, vector<4xi1>, vector<[4]xi32>, i32, i1, i1, i16, i64, i64) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
