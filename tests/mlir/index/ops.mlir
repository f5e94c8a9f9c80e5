// RUN: %spvkit opt %s | FileCheck %s
// RUN: %spvkit opt %s | %spvkit opt | FileCheck %s
// RUN: %spvkit opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %spvkit opt %s --mlir-print-op-generic | %spvkit opt | FileCheck %s

// Every index op in its custom and generic forms, as mlir-opt-19 prints them.

// CHECK: %[[A:.*]] = index.constant 42
// GENERIC: "index.constant"() <{value = 42 : index}> : () -> index
%a = index.constant 42
// CHECK: %[[B:.*]] = index.constant -1
%b = index.constant -1
// CHECK: index.bool.constant true
// GENERIC: "index.bool.constant"() <{value = true}> : () -> i1
%t = index.bool.constant true
// CHECK: index.bool.constant false
%f = index.bool.constant false
// CHECK: index.add %[[A]], %[[B]]
// GENERIC: "index.add"(%{{.*}}, %{{.*}}) : (index, index) -> index
%0 = index.add %a, %b
// CHECK: index.sub %[[A]], %[[B]]
%1 = index.sub %a, %b
// CHECK: index.mul %[[A]], %[[B]]
%2 = index.mul %a, %b
// CHECK: index.divs %[[A]], %[[B]]
%3 = index.divs %a, %b
// CHECK: index.divu %[[A]], %[[B]]
%4 = index.divu %a, %b
// CHECK: index.ceildivs %[[A]], %[[B]]
%5 = index.ceildivs %a, %b
// CHECK: index.ceildivu %[[A]], %[[B]]
%6 = index.ceildivu %a, %b
// CHECK: index.floordivs %[[A]], %[[B]]
%7 = index.floordivs %a, %b
// CHECK: index.rems %[[A]], %[[B]]
%8 = index.rems %a, %b
// CHECK: index.remu %[[A]], %[[B]]
%9 = index.remu %a, %b
// CHECK: index.maxs %[[A]], %[[B]]
%10 = index.maxs %a, %b
// CHECK: index.maxu %[[A]], %[[B]]
%11 = index.maxu %a, %b
// CHECK: index.mins %[[A]], %[[B]]
%12 = index.mins %a, %b
// CHECK: index.minu %[[A]], %[[B]]
%13 = index.minu %a, %b
// CHECK: index.shl %[[A]], %[[B]]
%14 = index.shl %a, %b
// CHECK: index.shrs %[[A]], %[[B]]
%15 = index.shrs %a, %b
// CHECK: index.shru %[[A]], %[[B]]
%16 = index.shru %a, %b
// CHECK: index.and %[[A]], %[[B]]
%17 = index.and %a, %b
// CHECK: index.or %[[A]], %[[B]]
%18 = index.or %a, %b
// CHECK: index.xor %[[A]], %[[B]] {tag}
%19 = index.xor %a, %b {tag}
// CHECK: index.cmp slt(%[[A]], %[[B]])
// GENERIC: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate slt>}> : (index, index) -> i1
%20 = index.cmp slt(%a, %b)
// CHECK: index.cmp uge(%[[A]], %[[B]])
%21 = index.cmp uge(%a, %b)
// CHECK: %[[I:.*]] = index.casts %[[A]] : index to i32
// GENERIC: "index.casts"(%{{.*}}) : (index) -> i32
%22 = index.casts %a : index to i32
// CHECK: index.castu %[[I]] : i32 to index
%23 = index.castu %22 : i32 to index
// CHECK: index.sizeof
// GENERIC: "index.sizeof"() : () -> index
%24 = index.sizeof
