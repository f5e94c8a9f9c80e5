// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// ORACLE: skip (an unregistered test op, which check_oracle.sh does not let spvkit parse; mlir-opt-19 prints the same text)
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s

// Memref layouts and memory spaces print as MLIR prints them: strided layouts in their canonical
// spelling (offset 0 left out), identity affine maps left out, integer and attribute spaces.

// CHECK-LABEL: "test.layouts"
// CHECK-SAME: a = memref<4xf32, strided<[1]>>
// CHECK-SAME: b = memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK-SAME: c = memref<4x4xf32>
// CHECK-SAME: d = memref<4xf32, 2>
// CHECK-SAME: e = memref<4xf32, strided<[2], offset: -3>>
// CHECK-SAME: f = memref<4xf32, strided<[1]>, 1>
// CHECK-SAME: g = memref<4xf32, #gpu.address_space<workgroup>>
// CHECK-SAME: h = memref<4xf32, strided<[1], offset: 5>, "foo">
// CHECK-SAME: i = memref<*xf32, 3>
// CHECK-SAME: j = memref<f32, strided<[], offset: 7>>
"test.layouts"() {a = memref<4xf32, strided<[1],offset:0>>,
                  b = memref<4x4xf32, strided<[?,1],offset:?>>,
                  c = memref<4x4xf32, affine_map<(d0,d1)->(d0,d1)>>,
                  d = memref<4xf32, affine_map<(d0) -> (d0)>, 2>,
                  e = memref<4xf32, strided<[ 2 ] , offset : -3 >>,
                  f = memref<4xf32, strided<[1]>, 1 : i64>,
                  g = memref<4xf32, #gpu.address_space<workgroup>>,
                  h = memref<4xf32, strided<[1], offset: 5>, "foo">,
                  i = memref<*xf32, 3>,
                  j = memref<f32, strided<[], offset: 7>>} : () -> ()
