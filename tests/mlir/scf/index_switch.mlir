// RUN: %spvkit opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s | %spvkit opt --allow-unregistered-dialect | FileCheck %s
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt --allow-unregistered-dialect %s --mlir-print-op-generic | %spvkit opt --allow-unregistered-dialect | FileCheck %s

// scf.index_switch through its MLIR 19 format (scf.ops): custom<SwitchCases> keeps the case
// regions' terminators, the default region's bare scf.yield is implicit (added when parsed, left
// out when printed), the default region comes first among the op's regions though last in the
// text, and `\n` puts `default` on its own line, as mlir-opt-19 prints it.

// CHECK-LABEL: func.func @f
func.func @f(%a: index, %c: i32) -> i32 {
  // CHECK: scf.index_switch %{{.*}}{{ $}}
  // CHECK-NEXT: case 1 {
  // CHECK-NEXT: "test.op"() : () -> ()
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  // CHECK-NEXT: }
  // GENERIC: "scf.index_switch"(%{{.*}}) <{cases = array<i64: 1>}> ({
  // GENERIC-NEXT: "scf.yield"() : () -> ()
  // GENERIC-NEXT: }, {
  // GENERIC-NEXT: "test.op"() : () -> ()
  // GENERIC-NEXT: "scf.yield"() : () -> ()
  // GENERIC-NEXT: }) : (index) -> ()
  scf.index_switch %a
  case 1 {
    "test.op"() : () -> ()
    scf.yield
  }
  default {
  }
  // CHECK: scf.index_switch %{{.*}} {tag}{{ $}}
  // CHECK-NEXT: default {
  // CHECK-NEXT: "test.op"() : () -> ()
  // CHECK-NEXT: }
  scf.index_switch %a {tag}
  default {
    "test.op"() : () -> ()
  }
  // CHECK: %[[R:.*]] = scf.index_switch %{{.*}} -> i32{{ $}}
  // CHECK-NEXT: case 2 {
  // CHECK-NEXT: scf.yield %{{.*}} : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: case 5 {
  // CHECK-NEXT: %[[X:.*]] = "test.val"() : () -> i32
  // CHECK-NEXT: scf.yield %[[X]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  // CHECK-NEXT: scf.yield %{{.*}} : i32
  // CHECK-NEXT: }
  %r = scf.index_switch %a -> i32
  case 2 {
    scf.yield %c : i32
  }
  case 5 {
    %x = "test.val"() : () -> i32
    scf.yield %x : i32
  }
  default {
    scf.yield %c : i32
  }
  // A yield with attributes is no bare terminator: printed.
  // CHECK: case 0 {
  // CHECK-NEXT: scf.yield {x}
  // CHECK: default {
  // CHECK-NEXT: scf.yield {y}
  scf.index_switch %a
  case 0 {
    scf.yield {x}
  }
  default {
    scf.yield {y}
  }
  // CHECK: return %[[R]] : i32
  return %r : i32
}
