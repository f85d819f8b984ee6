// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Scalars, comparisons and structured control flow: every SSA value is a local, scf.for is a C
// for over int64_t, scf.if / scf.while carry their results in variables declared before them.

// CHECK: #include "kernel_operator.h"
// CHECK: extern "C" __global__ __aicore__ void k(int32_t v0, float v1, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   const int32_t v2 = 7;
// CHECK-NEXT:   int32_t v3 = v0 + v2;
// CHECK-NEXT:   int32_t v4 = v3 - v0;
// CHECK-NEXT:   int32_t v5 = v4 * v2;
// CHECK-NEXT:   int32_t v6 = v5 / v2;
// CHECK-NEXT:   int32_t v7 = (v6 + v2 - 1) / v2;
// CHECK-NEXT:   int32_t v8 = v7 % v2;
// CHECK-NEXT:   int32_t v9 = static_cast<int32_t>(static_cast<uint32_t>(v8) / static_cast<uint32_t>(v2));
// CHECK-NEXT:   int32_t v10 = v9 << v2;
// CHECK-NEXT:   int32_t v11 = static_cast<int32_t>(static_cast<uint32_t>(v10) >> v2);
// CHECK-NEXT:   const float v12 = 1.5f;
// CHECK-NEXT:   float v13 = v1 * v12;
// CHECK-NEXT:   float v14 = -v13;
// CHECK-NEXT:   bool v15 = v11 < v0;
// CHECK-NEXT:   bool v16 = static_cast<uint32_t>(v11) >= static_cast<uint32_t>(v0);
// CHECK-NEXT:   bool v17 = v14 < v1;
// CHECK-NEXT:   bool v18 = !(v14 <= v1);
// CHECK-NEXT:   int32_t v19 = v15 ? v11 : v0;
// CHECK-NEXT:   const int64_t v20 = 0LL;
// CHECK-NEXT:   const int64_t v21 = 4LL;
// CHECK-NEXT:   const int64_t v22 = 1LL;
// CHECK-NEXT:   int32_t v23;
// CHECK-NEXT:   v23 = v19;
// CHECK-NEXT:   for (int64_t v24 = v20; v24 < v21; v24 += v22) {
// CHECK-NEXT:     int32_t v25 = static_cast<int32_t>(v24);
// CHECK-NEXT:     int32_t v26 = v23 + v25;
// CHECK-NEXT:     v23 = v26;
// CHECK-NEXT:   }
// CHECK-NEXT:   int32_t v27;
// CHECK-NEXT:   if (v16) {
// CHECK-NEXT:     v27 = v23;
// CHECK-NEXT:   } else {
// CHECK-NEXT:     v27 = v0;
// CHECK-NEXT:   }
// CHECK-NEXT:   if (v17) {
// CHECK-NEXT:     AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:   }
// CHECK-NEXT:   int32_t v28;
// CHECK-NEXT:   v28 = v27;
// CHECK-NEXT:   int32_t v29;
// CHECK-NEXT:   while (true) {
// CHECK-NEXT:     bool v30 = v28 < v2;
// CHECK-NEXT:     v29 = v28;
// CHECK-NEXT:     if (!v30) break;
// CHECK-NEXT:     int32_t v31 = v29 + v2;
// CHECK-NEXT:     v28 = v31;
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::printf("%d %d\n", v29, v18);
// CHECK-NEXT: }
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32, %f: f32):
    %c7 = "arith.constant"() {value = 7 : i32} : () -> i32
    %add = "arith.addi"(%a, %c7) : (i32, i32) -> i32
    %sub = "arith.subi"(%add, %a) : (i32, i32) -> i32
    %mul = "arith.muli"(%sub, %c7) : (i32, i32) -> i32
    %div = "arith.divsi"(%mul, %c7) : (i32, i32) -> i32
    %cdiv = "arith.ceildivsi"(%div, %c7) : (i32, i32) -> i32
    %rem = "arith.remsi"(%cdiv, %c7) : (i32, i32) -> i32
    %udiv = "arith.divui"(%rem, %c7) : (i32, i32) -> i32
    %shl = "arith.shli"(%udiv, %c7) : (i32, i32) -> i32
    %shr = "arith.shrui"(%shl, %c7) : (i32, i32) -> i32
    %c15 = "arith.constant"() {value = 1.5 : f32} : () -> f32
    %fm = "arith.mulf"(%f, %c15) : (f32, f32) -> f32
    %neg = "arith.negf"(%fm) : (f32) -> f32
    %lt = "arith.cmpi"(%shr, %a) {predicate = 2 : i64} : (i32, i32) -> i1
    %uge = "arith.cmpi"(%shr, %a) {predicate = 9 : i64} : (i32, i32) -> i1
    %olt = "arith.cmpf"(%neg, %f) {predicate = 4 : i64} : (f32, f32) -> i1
    %ugt = "arith.cmpf"(%neg, %f) {predicate = 9 : i64} : (f32, f32) -> i1
    %sel = "arith.select"(%lt, %shr, %a) : (i1, i32, i32) -> i32
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.constant"() {value = 4 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %sum = "scf.for"(%lb, %ub, %st, %sel) ({
    ^bb0(%i: index, %acc: i32):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %n = "arith.addi"(%acc, %ii) : (i32, i32) -> i32
      "scf.yield"(%n) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %pick = "scf.if"(%uge) ({
      "scf.yield"(%sum) : (i32) -> ()
    }, {
      "scf.yield"(%a) : (i32) -> ()
    }) : (i1) -> i32
    "scf.if"(%olt) ({
      "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %w = "scf.while"(%pick) ({
    ^bb0(%x: i32):
      %c = "arith.cmpi"(%x, %c7) {predicate = 2 : i64} : (i32, i32) -> i1
      "scf.condition"(%c, %x) : (i1, i32) -> ()
    }, {
    ^bb0(%y: i32):
      %y2 = "arith.addi"(%y, %c7) : (i32, i32) -> i32
      "scf.yield"(%y2) : (i32) -> ()
    }) : (i32) -> i32
    "asc.printf"(%w, %ugt) {fmt = "%d %d\n"} : (i32, i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, f32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
