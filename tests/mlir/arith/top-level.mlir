// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// arith and math ops at the top of a module, values from unregistered ops: what runs without the
// func dialect. The CHECK lines are mlir-opt-19's output.

%a = "test.i32"() : () -> i32
%x = "test.f32"() : () -> f32
%v = "test.v"() : () -> vector<4xf16>
%i = "test.index"() : () -> index
%0 = arith.addi %a, %a overflow<nsw, nuw> : i32
%1 = arith.muli %i, %i overflow<nuw> : index
%2 = arith.subf %x, %x fastmath<nnan,ninf> : f32
%3 = arith.mulf %v, %v fastmath<fast> : vector<4xf16>
%4 = arith.cmpi ult, %a, %0 : i32
%5 = arith.cmpf une, %x, %2 fastmath<nsz> : f32
%6 = arith.select %4, %a, %0 : i32
%7 = arith.extf %v fastmath<contract> : vector<4xf16> to vector<4xf32>
%8 = arith.truncf %x to_nearest_away fastmath<afn> : f32 to bf16
%9 = arith.index_cast %i : index to i64
%10 = math.fpowi %x, %a fastmath<fast> : f32, i32
%11 = math.ctlz %i : index
%12 = math.fma %x, %x, %2 : f32
"test.use"(%1, %3, %5, %6, %7, %8, %9, %10, %11, %12) : (index, vector<4xf16>, i1, i32, vector<4xf32>, bf16, i64, f32, index, f32) -> ()

// CHECK-LABEL: module {
// CHECK-NEXT:   %0 = "test.i32"() : () -> i32
// CHECK-NEXT:   %1 = "test.f32"() : () -> f32
// CHECK-NEXT:   %2 = "test.v"() : () -> vector<4xf16>
// CHECK-NEXT:   %3 = "test.index"() : () -> index
// CHECK-NEXT:   %4 = arith.addi %0, %0 overflow<nsw, nuw> : i32
// CHECK-NEXT:   %5 = arith.muli %3, %3 overflow<nuw> : index
// CHECK-NEXT:   %6 = arith.subf %1, %1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:   %7 = arith.mulf %2, %2 fastmath<fast> : vector<4xf16>
// CHECK-NEXT:   %8 = arith.cmpi ult, %0, %4 : i32
// CHECK-NEXT:   %9 = arith.cmpf une, %1, %6 fastmath<nsz> : f32
// CHECK-NEXT:   %10 = arith.select %8, %0, %4 : i32
// CHECK-NEXT:   %11 = arith.extf %2 fastmath<contract> : vector<4xf16> to vector<4xf32>
// CHECK-NEXT:   %12 = arith.truncf %1 to_nearest_away fastmath<afn> : f32 to bf16
// CHECK-NEXT:   %13 = arith.index_cast %3 : index to i64
// CHECK-NEXT:   %14 = math.fpowi %1, %0 fastmath<fast> : f32, i32
// CHECK-NEXT:   %15 = math.ctlz %3 : index
// CHECK-NEXT:   %16 = math.fma %1, %1, %6 : f32
// CHECK-NEXT:   "test.use"(%5, %7, %9, %10, %11, %12, %13, %14, %15, %16) : (index, vector<4xf16>, i1, i32, vector<4xf32>, bf16, i64, f32, index, f32) -> ()
// CHECK-NEXT: }
