// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// The custom forms of the scf ops as mlir-opt-19 prints them (spacing included: MLIR leaves two
// spaces before `: i32`, and `scf.reduce ` ends with one).

%lb = index.constant 0
%ub = index.constant 8
%s = index.constant 1
%c = index.bool.constant true
%i = index.casts %ub : index to i32

// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: }
scf.for %iv = %lb to %ub step %s {
}

// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK-NEXT: }
%r = scf.for %iv = %lb to %ub step %s iter_args(%a = %i) -> (i32) {
  scf.yield %a : i32
}

// CHECK: %{{.*}}:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (i32, index)  : i32 {
// CHECK-NEXT: scf.yield %[[A]], %[[B]] : i32, index
%r2:2 = scf.for %iv = %i to %i step %i iter_args(%a = %i, %b = %lb) -> (i32, index) : i32 {
  scf.yield %a, %b : i32, index
}

// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK-NEXT: index.casts %[[IV]] : i32 to index
// CHECK-NEXT: }
scf.for %iv = %i to %i step %i : i32 {
  %x = index.casts %iv : i32 to index
}

// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: }
scf.if %c {
}

// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: index.sizeof
// CHECK-NEXT: } else {
// CHECK-NEXT: index.sizeof
// CHECK-NEXT: }
scf.if %c {
  %x = index.sizeof
} else {
  %y = index.sizeof
  scf.yield
}

// CHECK: %{{.*}} = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: } {foo = 1 : i64}
%y = scf.if %c -> (i32) {
  scf.yield %i : i32
} else {
  scf.yield %i : i32
} {foo = 1}

// CHECK: %{{.*}} = scf.while (%[[W:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT: scf.condition(%{{.*}}) %[[W]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NEXT: }
%w = scf.while (%arg1 = %i) : (i32) -> i32 {
  scf.condition(%c) %arg1 : i32
} do {
^bb0(%arg2: i32):
  scf.yield %arg2 : i32
}

// CHECK: scf.while : () -> () {
// CHECK-NEXT: scf.condition(%{{.*}})
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } attributes {tag}
scf.while : () -> () {
  scf.condition(%c)
} do {
  scf.yield
} attributes {tag}

// CHECK: %{{.*}} = scf.execute_region -> i32 {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: }
%e = scf.execute_region -> i32 {
  scf.yield %i : i32
}

// CHECK: scf.execute_region {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
scf.execute_region {
  cf.br ^bb1
^bb1:
  scf.yield
}

// CHECK: %{{.*}} = scf.index_switch %{{.*}} -> i32 {{$}}
// CHECK-NEXT: case 2 {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: }
// CHECK-NEXT: case -5 {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %{{.*}} : i32
// CHECK-NEXT: }
%sw = scf.index_switch %s -> i32
case 2 {
  scf.yield %i : i32
}
case -5 {
  scf.yield %i : i32
}
default {
  scf.yield %i : i32
}

// CHECK: scf.index_switch %{{.*}} {{$}}
// CHECK-NEXT: case 1 {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
scf.index_switch %s
case 1 {
  scf.yield
}
default {
}

// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK-NEXT: scf.reduce {{$}}
// CHECK-NEXT: }
scf.parallel (%p, %q) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
}

// CHECK: %{{.*}} = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}) -> i32 {
// CHECK-NEXT: scf.reduce(%{{.*}} : i32) {
// CHECK-NEXT: ^bb0(%[[L:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: scf.reduce.return %[[L]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
%pr = scf.parallel (%p) = (%lb) to (%ub) step (%s) init (%i) -> i32 {
  scf.reduce(%i : i32) {
  ^bb0(%l: i32, %rr: i32):
    scf.reduce.return %l : i32
  }
}
