// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// Precision of auto-sync-full (docs/sync.md, "What the analysis knows"): syncs that no run
// needs are not inserted, and the ones some run needs stay.

// Case 1: the inner arm needs a > 1 and a <= 1, so it never runs: its vector write after
// the duplicate gets no PIPE_V barrier.
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "dead_arm"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("p.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("p.py":2:1)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("p.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("p.py":2:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("p.py":3:1)
    "asc.duplicate"(%u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("p.py":4:1)
    %gt = "arith.cmpi"(%a, %c1) {predicate = 4 : i64} : (i32, i32) -> i1 loc("p.py":5:1)
    "scf.if"(%gt) ({
      %le = "arith.cmpi"(%a, %c1) {predicate = 3 : i64} : (i32, i32) -> i1 loc("p.py":6:1)
      "scf.if"(%le) ({
        "asc.adds"(%u, %u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("p.py":7:1)
        "scf.yield"() : () -> () loc("p.py":7:1)
      }, {
        "scf.yield"() : () -> () loc("p.py":7:1)
      }) : (i1) -> () loc("p.py":6:1)
      "scf.yield"() : () -> () loc("p.py":5:1)
    }, {
      "scf.yield"() : () -> () loc("p.py":5:1)
    }) : (i1) -> () loc("p.py":5:1)
    "func.return"() : () -> () loc("p.py":8:1)
  }) {function_type = (i32) -> (), sym_name = "dead_arm"} : () -> () loc("p.py":1:1)
}) : () -> ()

// -----
// Case 2: two stores to overlapping GM bytes under a == 1 and a > 2: no run makes both,
// so no PIPE_MTE3 barrier between them.  The same stores under a == 1 and a >= 1 do meet.
// CHECK: // -----
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "exclusive"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE3>}
// CHECK-NEXT: "asc.data_copy"{{.*}}loc("r.py":9:1)
// CHECK: sym_name = "overlapping"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("q.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("q.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("q.py":2:1)
    %o1 = "arith.constant"() {value = 368 : i32} : () -> i32 loc("q.py":2:1)
    %o2 = "arith.constant"() {value = 352 : i32} : () -> i32 loc("q.py":2:1)
    %n8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("q.py":2:1)
    %n32 = "arith.constant"() {value = 32 : i32} : () -> i32 loc("q.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("q.py":2:1)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("q.py":3:1)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("q.py":3:1)
    %u = "asc.local_tensor"(%c0, %n32) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("q.py":4:1)
    "asc.duplicate"(%u, %f, %n32) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("q.py":5:1)
    %eq = "arith.cmpi"(%a, %c1) {predicate = 0 : i64} : (i32, i32) -> i1 loc("q.py":6:1)
    "scf.if"(%eq) ({
      %g1 = "asc.gt_subview"(%gt, %o1) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("q.py":7:1)
      "asc.data_copy"(%g1, %u, %n8) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("q.py":7:1)
      "scf.yield"() : () -> () loc("q.py":6:1)
    }, {
      "scf.yield"() : () -> () loc("q.py":6:1)
    }) : (i1) -> () loc("q.py":6:1)
    %big = "arith.cmpi"(%a, %c2) {predicate = 4 : i64} : (i32, i32) -> i1 loc("q.py":8:1)
    "scf.if"(%big) ({
      %g2 = "asc.gt_subview"(%gt, %o2) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("q.py":9:1)
      "asc.data_copy"(%g2, %u, %n32) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("q.py":9:1)
      "scf.yield"() : () -> () loc("q.py":8:1)
    }, {
      "scf.yield"() : () -> () loc("q.py":8:1)
    }) : (i1) -> () loc("q.py":8:1)
    "func.return"() : () -> () loc("q.py":10:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "exclusive"} : () -> () loc("q.py":1:1)
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("r.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("r.py":2:1)
    %o1 = "arith.constant"() {value = 368 : i32} : () -> i32 loc("r.py":2:1)
    %o2 = "arith.constant"() {value = 352 : i32} : () -> i32 loc("r.py":2:1)
    %n8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("r.py":2:1)
    %n32 = "arith.constant"() {value = 32 : i32} : () -> i32 loc("r.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("r.py":2:1)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("r.py":3:1)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("r.py":3:1)
    %u = "asc.local_tensor"(%c0, %n32) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("r.py":4:1)
    "asc.duplicate"(%u, %f, %n32) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("r.py":5:1)
    %eq = "arith.cmpi"(%a, %c1) {predicate = 0 : i64} : (i32, i32) -> i1 loc("r.py":6:1)
    "scf.if"(%eq) ({
      %g1 = "asc.gt_subview"(%gt, %o1) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("r.py":7:1)
      "asc.data_copy"(%g1, %u, %n8) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("r.py":7:1)
      "scf.yield"() : () -> () loc("r.py":6:1)
    }, {
      "scf.yield"() : () -> () loc("r.py":6:1)
    }) : (i1) -> () loc("r.py":6:1)
    %ge = "arith.cmpi"(%a, %c1) {predicate = 5 : i64} : (i32, i32) -> i1 loc("r.py":8:1)
    "scf.if"(%ge) ({
      %g2 = "asc.gt_subview"(%gt, %o2) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("r.py":9:1)
      "asc.data_copy"(%g2, %u, %n32) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("r.py":9:1)
      "scf.yield"() : () -> () loc("r.py":8:1)
    }, {
      "scf.yield"() : () -> () loc("r.py":8:1)
    }) : (i1) -> () loc("r.py":8:1)
    "func.return"() : () -> () loc("r.py":10:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "overlapping"} : () -> () loc("r.py":1:1)
}) : () -> ()

// -----
// Case 3: leaving a loop of 3 iterations, a vector write into slot i % 2 was last made in
// slot 0 (iteration 2); the slot 1 write of iteration 1 is ordered by iteration 2's barrier.
// So reading slot 1 after the loop needs no barrier.  When the write sits under a condition
// that changes with the iteration (i < 2), iteration 1 may have made the last one: the
// barrier after the loop stays.
// CHECK: // -----
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "last_slot"
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}{{.*}}loc("t.py":9:1)
// CHECK-NEXT: "asc.adds"{{.*}}loc("t.py":9:1)
// CHECK: sym_name = "last_slot_guarded"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("s.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("s.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("s.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("s.py":2:1)
    %n = "arith.constant"() {value = 128 : i32} : () -> i32 loc("s.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("s.py":2:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("s.py":2:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("s.py":2:1)
    %z3 = "arith.constant"() {value = 3 : index} : () -> index loc("s.py":2:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("s.py":3:1)
    "asc.duplicate"(%u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("s.py":4:1)
    "scf.for"(%z0, %z3, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("s.py":5:1)
      %s = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("s.py":5:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("s.py":5:1)
      %us = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("s.py":6:1)
      "asc.duplicate"(%us, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("s.py":6:1)
      "scf.yield"() : () -> () loc("s.py":5:1)
    }) : (index, index, index) -> () loc("s.py":5:1)
    %u1 = "asc.lt_subview"(%u, %c64) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("s.py":7:1)
    %w = "asc.lt_subview"(%u, %n) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("s.py":7:1)
    "asc.adds"(%w, %u1, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("s.py":8:1)
    "func.return"() : () -> () loc("s.py":9:1)
  }) {function_type = (i32) -> (), sym_name = "last_slot"} : () -> () loc("s.py":1:1)
  "func.func"() ({
  ^bb0(%a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("t.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("t.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("t.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %n = "arith.constant"() {value = 128 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("t.py":2:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("t.py":2:1)
    %z3 = "arith.constant"() {value = 3 : index} : () -> index loc("t.py":2:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    "asc.duplicate"(%u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":4:1)
    "scf.for"(%z0, %z3, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("t.py":5:1)
      %s = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("t.py":5:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("t.py":5:1)
      %us = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":6:1)
      %lt = "arith.cmpi"(%i, %c2) {predicate = 2 : i64} : (i32, i32) -> i1 loc("t.py":6:1)
      "scf.if"(%lt) ({
        "asc.duplicate"(%us, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":7:1)
        "scf.yield"() : () -> () loc("t.py":7:1)
      }, {
        "scf.yield"() : () -> () loc("t.py":7:1)
      }) : (i1) -> () loc("t.py":6:1)
      "scf.yield"() : () -> () loc("t.py":5:1)
    }) : (index, index, index) -> () loc("t.py":5:1)
    %u1 = "asc.lt_subview"(%u, %c64) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":8:1)
    %w = "asc.lt_subview"(%u, %n) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":8:1)
    "asc.adds"(%w, %u1, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = (i32) -> (), sym_name = "last_slot_guarded"} : () -> () loc("t.py":1:1)
}) : () -> ()
