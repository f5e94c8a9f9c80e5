// Invalid IR of each class issue 31 lists: spvkit opt exits 1 with mlir-opt-19's located message
// (lines are piece-relative, as --split-input-file reports them; each piece's check follows it).
// RUN: not %spvkit opt --split-input-file %s 2>&1 | FileCheck %s

// -----

// A type mismatch: an operand used at another type than its definition (the parser).
func.func @type_mismatch(%a: f32, %b: f16) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
// CHECK: :5:23: error: use of value '%b' expects different type than prior uses: 'f32' vs 'f16'

// -----

// A type mismatch the verifier finds: SameOperandsAndResultType.
func.func @type_mismatch_generic(%a: f32, %b: f16) -> f32 {
  %0 = "arith.addf"(%a, %b) : (f32, f16) -> f32
  return %0 : f32
}
// CHECK: :5:8: error: 'arith.addf' op requires the same type for all operands and results

// -----

// A type mismatch: the stored value is not of the element type.
func.func @store_type_mismatch(%m: memref<4xf32>, %v: i32, %i: index) {
  memref.store %v, %m[%i] : memref<4xf32>
  return
}
// CHECK: :5:16: error: use of value '%v' expects different type than prior uses: 'f32' vs 'i32'

// -----

// A wrong index count: a rank-2 memref loaded with one index.
func.func @load_index_count(%m: memref<4x4xf32>, %i: index) -> f32 {
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return %0 : f32
}
// CHECK: :5:8: error: 'memref.load' op incorrect number of indices for load, expected 2 but got 1

// -----

// A wrong index count: a rank-1 memref stored with two.
func.func @store_index_count(%m: memref<4xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i, %i] : memref<4xf32>
  return
}
// CHECK: :5:3: error: 'memref.store' op store index operand count not equal to memref rank

// -----

// A yield of the wrong type: scf.for carries f32, its body yields i32.
func.func @yield_type(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return %r : f32
}
// CHECK: :5:8: error: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'

// -----

// A yield of the wrong count: scf.if has one result, a branch yields two.
func.func @yield_count(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %x, %x : f32, f32
  } else {
    scf.yield %x : f32
  }
  return %r : f32
}
// CHECK: :5:8: error: 'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1

// -----

// A return of the wrong type.
func.func @return_type(%x: f32) -> i32 {
  return %x : f32
}
// CHECK: :5:3: error: type of return operand 0 ('f32') doesn't match function result type ('i32') in function @return_type

// -----

// A return of the wrong count.
func.func @return_count(%x: f32) -> (f32, f32) {
  return %x : f32
}
// CHECK: :5:3: error: 'func.return' op has 1 operands, but enclosing function (@return_count) returns 2

// -----

// Dominance: a use before its definition in the same block.
func.func @dominance(%x: i32) -> i32 {
  %0 = arith.addi %1, %x : i32
  %1 = arith.addi %x, %x : i32
  return %0 : i32
}
// CHECK: :5:8: error: operand #0 does not dominate this use

// -----

// An undefined value.
func.func @undefined(%x: i32) -> i32 {
  %0 = arith.addi %undefined, %x : i32
  return %0 : i32
}
// CHECK: :5:19: error: use of undeclared SSA value name

// -----

// A launch of a kernel its gpu.module does not have.
module attributes {gpu.container_module} {
  func.func @launch_missing(%n: index) {
    gpu.launch_func @kernels::@missing blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
  gpu.module @kernels {
    gpu.func @present() kernel {
      gpu.return
    }
  }
}
// CHECK: :6:5: error: 'gpu.launch_func' op kernel function '@kernels::@missing' is undefined

// -----

// A launch into a gpu.module that does not exist.
module attributes {gpu.container_module} {
  func.func @launch_missing_module(%n: index) {
    gpu.launch_func @nowhere::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}
// CHECK: :6:5: error: 'gpu.launch_func' op kernel container 'nowhere' is undefined

// -----

// A launch of a gpu.func that is no kernel.
module attributes {gpu.container_module} {
  func.func @launch_not_kernel(%n: index) {
    gpu.launch_func @kernels::@helper blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
  gpu.module @kernels {
    gpu.func @helper() {
      gpu.return
    }
  }
}
// CHECK: :6:5: error: 'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute

// -----

// A launch whose arguments are not of the kernel's argument types.
module attributes {gpu.container_module} {
  func.func @launch_arg_types(%n: index, %x: f32) {
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%x : f32)
    return
  }
  gpu.module @kernels {
    gpu.func @k(%a: i32) kernel {
      gpu.return
    }
  }
}
// CHECK: :6:5: error: 'gpu.launch_func' op type of function argument 0 does not match

// -----

// Casts the wrong way: extf that narrows.
func.func @extf_narrows(%x: f32) -> f16 {
  %0 = arith.extf %x : f32 to f16
  return %0 : f16
}
// CHECK: :5:8: error: 'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible

// -----

// truncf that widens.
func.func @truncf_widens(%x: f16) -> f32 {
  %0 = arith.truncf %x : f16 to f32
  return %0 : f32
}
// CHECK: :5:8: error: 'arith.truncf' op operand type 'f16' and result type 'f32' are cast incompatible

// -----

// extsi that narrows.
func.func @extsi_narrows(%x: i32) -> i16 {
  %0 = arith.extsi %x : i32 to i16
  return %0 : i16
}
// CHECK: :5:8: error: 'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible

// -----

// extui to the same width.
func.func @extui_same(%x: i32) -> i32 {
  %0 = arith.extui %x : i32 to i32
  return %0 : i32
}
// CHECK: :5:8: error: 'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible

// -----

// trunci that widens.
func.func @trunci_widens(%x: i16) -> i32 {
  %0 = arith.trunci %x : i16 to i32
  return %0 : i32
}
// CHECK: :5:8: error: 'arith.trunci' op operand type 'i16' and result type 'i32' are cast incompatible

// -----

// bitcast between widths that differ.
func.func @bitcast_width(%x: i16) -> f32 {
  %0 = arith.bitcast %x : i16 to f32
  return %0 : f32
}
// CHECK: :5:8: error: 'arith.bitcast' op operand type 'i16' and result type 'f32' are cast incompatible

// -----

// memref.cast between incompatible static shapes.
func.func @memref_cast_shape(%m: memref<4xf32>) -> memref<8xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return %0 : memref<8xf32>
}
// CHECK: :5:8: error: 'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible

// -----

// memref.cast to another element type.
func.func @memref_cast_element(%m: memref<4xf32>) -> memref<4xi32> {
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return %0 : memref<4xi32>
}
// CHECK: :5:8: error: 'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible

// -----

// memref.view of a source that is not i8 (seed 002 views i8 buffers).
func.func @memref_view_source(%m: memref<400xi16>, %c0: index) -> memref<10x20xbf16> {
  %0 = memref.view %m[%c0][] : memref<400xi16> to memref<10x20xbf16>
  return %0 : memref<10x20xbf16>
}
// CHECK: :5:8: error: 'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<400xi16>'

// -----

// A call whose operand types are not the callee's.
func.func @call_types(%x: f32) {
  %0 = call @callee(%x) : (f32) -> i32
  return
}
func.func private @callee(i32) -> i32
// CHECK: :5:8: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0
