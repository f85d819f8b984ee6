// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// What auto-sync-full knows across branches and iterations (docs/sync.md, "How the analysis
// works"): correlated branch conditions, rotations that move together, and loops that may
// run zero times, once or more, and orders that only a later iteration completes.

// Case 1: the second if runs only when a > 2, so the first (a > 1) ran too, and its
// PIPE_V barrier already put the duplicate before the second adds.  Under a < 5 nothing
// says so, and the second adds gets a barrier of its own.
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.adds"{{.*}}loc("c.py":7:1)
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "implied"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.adds"{{.*}}loc("d.py":7:1)
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.adds"{{.*}}loc("d.py":9:1)
// CHECK: sym_name = "unrelated"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("c.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("c.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("c.py":2:1)
    %o1 = "arith.constant"() {value = 256 : i32} : () -> i32 loc("c.py":2:1)
    %o2 = "arith.constant"() {value = 512 : i32} : () -> i32 loc("c.py":2:1)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("c.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("c.py":2:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("c.py":3:1)
    %v = "asc.local_tensor"(%o1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("c.py":3:1)
    %w = "asc.local_tensor"(%o2, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("c.py":3:1)
    "asc.duplicate"(%u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("c.py":4:1)
    %gt1 = "arith.cmpi"(%a, %c1) {predicate = 4 : i64} : (i32, i32) -> i1 loc("c.py":5:1)
    "scf.if"(%gt1) ({
      "asc.adds"(%v, %u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("c.py":7:1)
      "scf.yield"() : () -> () loc("c.py":7:1)
    }, {
      "scf.yield"() : () -> () loc("c.py":7:1)
    }) : (i1) -> () loc("c.py":6:1)
    %gt2 = "arith.cmpi"(%a, %c2) {predicate = 4 : i64} : (i32, i32) -> i1 loc("c.py":8:1)
    "scf.if"(%gt2) ({
      "asc.adds"(%w, %u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("c.py":9:1)
      "scf.yield"() : () -> () loc("c.py":9:1)
    }, {
      "scf.yield"() : () -> () loc("c.py":9:1)
    }) : (i1) -> () loc("c.py":8:1)
    "func.return"() : () -> () loc("c.py":10:1)
  }) {function_type = (i32) -> (), sym_name = "implied"} : () -> () loc("c.py":1:1)
  "func.func"() ({
  ^bb0(%a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("d.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("d.py":2:1)
    %c5 = "arith.constant"() {value = 5 : i32} : () -> i32 loc("d.py":2:1)
    %o1 = "arith.constant"() {value = 256 : i32} : () -> i32 loc("d.py":2:1)
    %o2 = "arith.constant"() {value = 512 : i32} : () -> i32 loc("d.py":2:1)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("d.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("d.py":2:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("d.py":3:1)
    %v = "asc.local_tensor"(%o1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("d.py":3:1)
    %w = "asc.local_tensor"(%o2, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("d.py":3:1)
    "asc.duplicate"(%u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("d.py":4:1)
    %gt1 = "arith.cmpi"(%a, %c1) {predicate = 4 : i64} : (i32, i32) -> i1 loc("d.py":5:1)
    "scf.if"(%gt1) ({
      "asc.adds"(%v, %u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("d.py":7:1)
      "scf.yield"() : () -> () loc("d.py":7:1)
    }, {
      "scf.yield"() : () -> () loc("d.py":7:1)
    }) : (i1) -> () loc("d.py":6:1)
    %lt5 = "arith.cmpi"(%a, %c5) {predicate = 2 : i64} : (i32, i32) -> i1 loc("d.py":8:1)
    "scf.if"(%lt5) ({
      "asc.adds"(%w, %u, %f, %n) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("d.py":9:1)
      "scf.yield"() : () -> () loc("d.py":9:1)
    }, {
      "scf.yield"() : () -> () loc("d.py":9:1)
    }) : (i1) -> () loc("d.py":8:1)
    "func.return"() : () -> () loc("d.py":10:1)
  }) {function_type = (i32) -> (), sym_name = "unrelated"} : () -> () loc("d.py":1:1)
}) : () -> ()
// -----
// Case 2: relu writes slot i % 3 of u and adds then reads the slot 64 + 64 * (i % 2).  In
// one iteration they meet only when i % 2 = 1 and i % 3 = 0, first at i = 3: a loop of three
// trips needs no barrier between them, one of six does.  (Both need the barrier before relu:
// adds of iteration i reads what relu of i + 1 may write.)
// CHECK-LABEL: // -----
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "asc.adds"
// CHECK: sym_name = "three_trips"
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.adds"
// CHECK: sym_name = "six_trips"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("t.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("t.py":2:1)
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32 loc("t.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("t.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %c192 = "arith.constant"() {value = 192 : i32} : () -> i32 loc("t.py":2:1)
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("t.py":2:1)
    %c2048 = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %u = "asc.local_tensor"(%c0, %c192) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %v = "asc.local_tensor"(%c1024, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %w = "asc.local_tensor"(%c2048, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("t.py":4:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("t.py":4:1)
    %z3 = "arith.constant"() {value = 3 : index} : () -> index loc("t.py":4:1)
    "scf.for"(%z0, %z3, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("t.py":5:1)
      %s3 = "arith.remui"(%i, %c3) : (i32, i32) -> i32 loc("t.py":5:1)
      %o3 = "arith.muli"(%s3, %c64) : (i32, i32) -> i32 loc("t.py":5:1)
      %s2 = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("t.py":6:1)
      %m2 = "arith.muli"(%s2, %c64) : (i32, i32) -> i32 loc("t.py":6:1)
      %o2 = "arith.addi"(%m2, %c64) : (i32, i32) -> i32 loc("t.py":6:1)
      %ur = "asc.lt_subview"(%u, %o3) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":7:1)
      %ua = "asc.lt_subview"(%u, %o2) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":7:1)
      "asc.relu"(%ur, %v, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, i32) -> () loc("t.py":8:1)
      "asc.adds"(%w, %ua, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
      "scf.yield"() : () -> () loc("t.py":5:1)
    }) : (index, index, index) -> () loc("t.py":5:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = (i32) -> (), sym_name = "three_trips"} : () -> () loc("t.py":1:1)
  "func.func"() ({
  ^bb0(%x: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("t.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("t.py":2:1)
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32 loc("t.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("t.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %c192 = "arith.constant"() {value = 192 : i32} : () -> i32 loc("t.py":2:1)
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("t.py":2:1)
    %c2048 = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %u = "asc.local_tensor"(%c0, %c192) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %v = "asc.local_tensor"(%c1024, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %w = "asc.local_tensor"(%c2048, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":3:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("t.py":4:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("t.py":4:1)
    %z6 = "arith.constant"() {value = 6 : index} : () -> index loc("t.py":4:1)
    "scf.for"(%z0, %z6, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("t.py":5:1)
      %s3 = "arith.remui"(%i, %c3) : (i32, i32) -> i32 loc("t.py":5:1)
      %o3 = "arith.muli"(%s3, %c64) : (i32, i32) -> i32 loc("t.py":5:1)
      %s2 = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("t.py":6:1)
      %m2 = "arith.muli"(%s2, %c64) : (i32, i32) -> i32 loc("t.py":6:1)
      %o2 = "arith.addi"(%m2, %c64) : (i32, i32) -> i32 loc("t.py":6:1)
      %ur = "asc.lt_subview"(%u, %o3) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":7:1)
      %ua = "asc.lt_subview"(%u, %o2) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":7:1)
      "asc.relu"(%ur, %v, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, i32) -> () loc("t.py":8:1)
      "asc.adds"(%w, %ua, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
      "scf.yield"() : () -> () loc("t.py":5:1)
    }) : (index, index, index) -> () loc("t.py":5:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = (i32) -> (), sym_name = "six_trips"} : () -> () loc("t.py":1:1)
}) : () -> ()
// -----
// Case 3: a loop of n trips (n may be 0, 1 or more) alternates two slots of u between
// a vector write and a load.  After it, the vector pipe waits for the draining MTE2_V
// flags, which carry the last iteration's vector write (n >= 2), the only one (n = 1) or
// none at all (n = 0): in every case the muls needs no PIPE_V barrier.
// CHECK-LABEL: // -----
// CHECK: "scf.for"
// CHECK: }) : (index, index, index) -> ()
// CHECK-NEXT: "asc.wait_flag"({{.*}}) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"({{.*}}) {event = #asc.event<MTE2_V>}
// CHECK-NOT: pipe_barrier
// CHECK: "asc.muls"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("z.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("z.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("z.py":2:1)
    %c16 = "arith.constant"() {value = 16 : i32} : () -> i32 loc("z.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("z.py":2:1)
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32 loc("z.py":2:1)
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("z.py":2:1)
    %c2048 = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("z.py":2:1)
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32 loc("z.py":2:1)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("z.py":3:1)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("z.py":3:1)
    %u = "asc.local_tensor"(%c0, %c128) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("z.py":4:1)
    %w = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("z.py":4:1)
    "asc.duplicate"(%w, %f, %c64) : (!asc.local_tensor<f32, VECIN>, f32, i32) -> () loc("z.py":5:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("z.py":6:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("z.py":6:1)
    %zn = "arith.index_cast"(%n) : (i32) -> index loc("z.py":6:1)
    "scf.for"(%z0, %zn, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("z.py":7:1)
      %s = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("z.py":7:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("z.py":7:1)
      %us = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("z.py":8:1)
      "asc.mul"(%us, %us, %w, %c16) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("z.py":9:1)
      %go = "arith.muli"(%i, %c64) : (i32, i32) -> i32 loc("z.py":10:1)
      %gs = "asc.gt_subview"(%gt, %go) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("z.py":10:1)
      "asc.data_copy"(%us, %gs, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("z.py":11:1)
      "scf.yield"() : () -> () loc("z.py":6:1)
    }) : (index, index, index) -> () loc("z.py":6:1)
    %wl = "asc.local_tensor"(%c2048, %c8) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("z.py":12:1)
    %ul = "asc.lt_subview"(%u, %c8) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("z.py":12:1)
    "asc.muls"(%wl, %ul, %f, %c8) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, f32, i32) -> () loc("z.py":13:1)
    "func.return"() : () -> () loc("z.py":14:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "drain_knows"} : () -> () loc("z.py":1:1)
}) : () -> ()

// -----
// Case 4: the duplicate writes slot i % 2 of u, so it conflicts with its own write of
// iteration i - 2.  Nothing orders that by the end of iteration i - 1 (the adds of
// iteration i wait for a chain through a load that would order it, but the checker judges
// a rotating conflict at the end of the loop's second walk, docs/sync.md "Rotation"), so
// the vector pipe keeps a PIPE_V barrier before the duplicate: coarser than the machine
// needs, in a shape (a vector-only scratch in rotating slots) plan-auto-tensors never makes.
// CHECK-LABEL: // -----
// CHECK: "asc.adds"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK: sym_name = "ordered_next_iteration"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("n.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("n.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("n.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("n.py":2:1)
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32 loc("n.py":2:1)
    %c2048 = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("n.py":2:1)
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32 loc("n.py":2:1)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("n.py":3:1)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("n.py":3:1)
    %u = "asc.local_tensor"(%c0, %c128) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("n.py":4:1)
    %t = "asc.local_tensor"(%c2048, %c8) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("n.py":4:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("n.py":5:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("n.py":5:1)
    %zn = "arith.index_cast"(%n) : (i32) -> index loc("n.py":5:1)
    "scf.for"(%z0, %zn, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("n.py":6:1)
      %go = "arith.muli"(%i, %c8) : (i32, i32) -> i32 loc("n.py":6:1)
      %gs = "asc.gt_subview"(%gt, %go) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("n.py":6:1)
      "asc.data_copy"(%t, %gs, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("n.py":7:1)
      "asc.adds"(%t, %t, %f, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, f32, i32) -> () loc("n.py":8:1)
      %s = "arith.remui"(%i, %c2) : (i32, i32) -> i32 loc("n.py":9:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("n.py":9:1)
      %us = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("n.py":9:1)
      "asc.duplicate"(%us, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("n.py":10:1)
      "scf.yield"() : () -> () loc("n.py":5:1)
    }) : (index, index, index) -> () loc("n.py":5:1)
    "func.return"() : () -> () loc("n.py":11:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "ordered_next_iteration"} : () -> () loc("n.py":1:1)
}) : () -> ()

// -----
// Case 5: the condition tests the loop index, which changes between iterations: the
// duplicate of iteration 0 (i < 1) and the stores of later iterations (i >= 1) both run,
// and the stores must wait for it (here by a PIPE_ALL: the two flags could overtake).
// CHECK-LABEL: // -----
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK: sym_name = "first_iteration_only"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("v.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("v.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("v.py":2:1)
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32 loc("v.py":2:1)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("v.py":3:1)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("v.py":3:1)
    %u = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("v.py":4:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("v.py":5:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("v.py":5:1)
    %z4 = "arith.constant"() {value = 4 : index} : () -> index loc("v.py":5:1)
    "scf.for"(%z0, %z4, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("v.py":6:1)
      %first = "arith.cmpi"(%i, %c1) {predicate = 2 : i64} : (i32, i32) -> i1 loc("v.py":6:1)
      "scf.if"(%first) ({
        "asc.duplicate"(%u, %f, %c64) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("v.py":7:1)
        "scf.yield"() : () -> () loc("v.py":7:1)
      }, {
        %o = "arith.muli"(%i, %c64) : (i32, i32) -> i32 loc("v.py":9:1)
        %gs = "asc.gt_subview"(%gt, %o) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("v.py":9:1)
        "asc.data_copy"(%gs, %u, %c64) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("v.py":9:1)
        "scf.yield"() : () -> () loc("v.py":9:1)
      }) : (i1) -> () loc("v.py":6:1)
      "scf.yield"() : () -> () loc("v.py":5:1)
    }) : (index, index, index) -> () loc("v.py":5:1)
    "func.return"() : () -> () loc("v.py":10:1)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "first_iteration_only"} : () -> () loc("v.py":1:1)
}) : () -> ()

// -----
// Case 6: in a loop of three trips only i = 2 takes the arm (i > 1): no earlier iteration
// wrote u there, so its duplicate needs no PIPE_V barrier against them.  The arm under
// i > 5 runs in no iteration and gets nothing.
// CHECK-LABEL: // -----
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "one_iteration_arm"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("w.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("w.py":2:1)
    %c5 = "arith.constant"() {value = 5 : i32} : () -> i32 loc("w.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("w.py":2:1)
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32 loc("w.py":2:1)
    %u = "asc.local_tensor"(%c0, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("w.py":3:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("w.py":4:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("w.py":4:1)
    %z3 = "arith.constant"() {value = 3 : index} : () -> index loc("w.py":4:1)
    "scf.for"(%z0, %z3, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("w.py":5:1)
      %late = "arith.cmpi"(%i, %c1) {predicate = 4 : i64} : (i32, i32) -> i1 loc("w.py":5:1)
      "scf.if"(%late) ({
        "asc.duplicate"(%u, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("w.py":6:1)
        "scf.yield"() : () -> () loc("w.py":6:1)
      }, {
        "scf.yield"() : () -> () loc("w.py":6:1)
      }) : (i1) -> () loc("w.py":5:1)
      %never = "arith.cmpi"(%i, %c5) {predicate = 4 : i64} : (i32, i32) -> i1 loc("w.py":7:1)
      "scf.if"(%never) ({
        "asc.adds"(%u, %u, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("w.py":8:1)
        "scf.yield"() : () -> () loc("w.py":8:1)
      }, {
        "scf.yield"() : () -> () loc("w.py":8:1)
      }) : (i1) -> () loc("w.py":7:1)
      "scf.yield"() : () -> () loc("w.py":4:1)
    }) : (index, index, index) -> () loc("w.py":4:1)
    "func.return"() : () -> () loc("w.py":9:1)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "one_iteration_arm"} : () -> () loc("w.py":1:1)
}) : () -> ()
