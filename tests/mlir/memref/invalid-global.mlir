// Invalid memref.global and symbol names, found by MLIR's MemRef/invalid.mlir: mlir-opt-19's
// messages and places.
// RUN: not %spvkit opt --split-input-file %s 2>&1 | FileCheck %s

// -----

// A global of a type that is not a statically shaped memref, reported at the op name.
memref.global @not_memref : i32 = 5
// CHECK: :4:1: error: custom op 'memref.global' type should be static shaped memref, but got 'i32'

// -----

memref.global @dynamic : memref<?x?xf32>
// CHECK: :3:1: error: custom op 'memref.global' type should be static shaped memref, but got 'memref<?x?xf32>'

// -----

// An initial value that is neither a unit nor elements.
memref.global @string : memref<2x2xf32>  = "foo"
// CHECK: :4:1: error: custom op 'memref.global' initial value should be a unit or elements attribute

// -----

// A dense literal of the wrong shape: MLIR's words, at `dense` (the type came from outside).
memref.global @shape : memref<2x2xf32> = dense<[0.0, 1.0]>
// CHECK: :4:42: error: inferred shape of elements literal ([2]) does not match type ([2, 2])

// -----

// Two visibilities: the symbol name is expected, as the custom op says it.
memref.global "private" "public" @two : memref<2x2xf32>  = "foo"
// CHECK: :4:25: error: custom op 'memref.global' expected valid '@'-identifier for symbol name

// -----

// A visibility that is none of the three (the Symbol trait).
memref.global "priate" constant @bad_visibility : memref<2xf32>  = uninitialized
// CHECK: :4:1: error: 'memref.global' op visibility expected to be one of {{\[}}"public", "private", "nested"], but got "priate"

// -----

// func.func's symbol name, through the shared function form.
func.func "private" @f()
// CHECK: :4:11: error: custom op 'func.func' expected valid '@'-identifier for symbol name
