// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// memref.load and memref.store's nontemporal is a DefaultValuedOptionalAttr in MLIR 19: the
// generic form shows it only where the input gave it (false included); the custom form leaves
// out the default.

// GENERIC: "memref.load"(%arg0, %arg1) : (memref<4xf32>, index) -> f32
// GENERIC: "memref.load"(%arg0, %arg1) <{nontemporal = false}> : (memref<4xf32>, index) -> f32
// GENERIC: "memref.load"(%arg0, %arg1) <{nontemporal = true}> : (memref<4xf32>, index) -> f32
// GENERIC: "memref.store"(%{{.*}}, %arg0, %arg1) : (f32, memref<4xf32>, index) -> ()
// GENERIC: "memref.store"(%{{.*}}, %arg0, %arg1) <{nontemporal = true}> : (f32, memref<4xf32>, index) -> ()

// CHECK: %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: %1 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: %2 = memref.load %arg0[%arg1] {nontemporal = true} : memref<4xf32>
// CHECK-NEXT: memref.store %0, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: memref.store %1, %arg0[%arg1] {nontemporal = true} : memref<4xf32>
func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = "memref.load"(%m, %i) <{nontemporal = false}> : (memref<4xf32>, index) -> f32
  %2 = memref.load %m[%i] {nontemporal = true} : memref<4xf32>
  memref.store %0, %m[%i] : memref<4xf32>
  memref.store %1, %m[%i] {nontemporal = true} : memref<4xf32>
  return
}
