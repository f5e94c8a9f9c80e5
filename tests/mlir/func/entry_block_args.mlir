// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// A signature of unnamed arguments may have a body whose entry block names them, as MLIR
// reads it (MLIR's MemRef/ops.mlir has one); the verifier checks them against the signature
// (func/invalid.mlir).

// CHECK-LABEL: func.func @unnamed(%arg0: memref<4x4xi32>, %arg1: index) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1, %arg1] : memref<4x4xi32>
// CHECK-NEXT: return
func.func @unnamed(memref<4x4xi32>, index) {
^bb0(%0: memref<4x4xi32>, %1: index):
  %2 = memref.load %0[%1, %1] : memref<4x4xi32>
  return
}

