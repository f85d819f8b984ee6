// RUN: asc-opt --auto-sync-full --split-input-file %s | FileCheck %s
// Symbolic byte ranges (sync.md B.2): offsets and lengths are linear forms over kernel
// sizes, which are non-negative.  u = [0, 4t) and v = [4t, 8t) are provably disjoint;
// w at an unrelated address a may overlap either, so its copy waits on a barrier.

// CHECK: "asc.data_copy"{{.*}}loc("s.py":8:1)
// CHECK-NEXT: "asc.data_copy"{{.*}}loc("s.py":9:1)
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"{{.*}}loc("s.py":10:1)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %t: i32, %a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("s.py":2:1)
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32 loc("s.py":2:1)
    %tb = "arith.muli"(%t, %c4) : (i32, i32) -> i32 loc("s.py":3:1)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("s.py":4:1)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("s.py":4:1)
    %u = "asc.local_tensor"(%c0, %t) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("s.py":5:1)
    %v = "asc.local_tensor"(%tb, %t) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("s.py":6:1)
    %w = "asc.local_tensor"(%a, %t) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("s.py":7:1)
    "asc.data_copy"(%u, %xg, %t) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("s.py":8:1)
    "asc.data_copy"(%v, %xg, %t) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("s.py":9:1)
    "asc.data_copy"(%w, %xg, %t) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("s.py":10:1)
    "func.return"() : () -> () loc("s.py":11:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32, i32) -> (), sym_name = "disjoint_or_not"} : () -> () loc("s.py":1:1)
}) : () -> ()
// -----
// A rotation whose slot is (i + 1) % 2 is not the slot i % 2 of the same iteration: the
// vector op reads the slot the previous iteration loaded.  No rotating pair is claimed;
// one MTE2_V per iteration (covering the previous load too) and a loop-carried V_MTE2.
// CHECK-LABEL: // -----
// CHECK: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "scf.for"
// CHECK: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.adds"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "scf.yield"
// CHECK: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "func.return"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %t: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("r.py":2:1)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("r.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("r.py":2:1)
    %t2 = "arith.muli"(%t, %c2) : (i32, i32) -> i32 loc("r.py":3:1)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("r.py":4:1)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("r.py":4:1)
    %u = "asc.local_tensor"(%c0, %t2) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("r.py":5:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("r.py":6:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("r.py":6:1)
    %z8 = "arith.constant"() {value = 8 : index} : () -> index loc("r.py":6:1)
    "scf.for"(%z0, %z8, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("r.py":7:1)
      %s = "arith.remsi"(%i, %c2) : (i32, i32) -> i32 loc("r.py":7:1)
      %i1 = "arith.addi"(%i, %c1) : (i32, i32) -> i32 loc("r.py":8:1)
      %s1 = "arith.remsi"(%i1, %c2) : (i32, i32) -> i32 loc("r.py":8:1)
      %o = "arith.muli"(%s, %t) : (i32, i32) -> i32 loc("r.py":9:1)
      %o1 = "arith.muli"(%s1, %t) : (i32, i32) -> i32 loc("r.py":9:1)
      %us = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("r.py":10:1)
      %un = "asc.lt_subview"(%u, %o1) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("r.py":11:1)
      "asc.data_copy"(%us, %xg, %t) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("r.py":12:1)
      "asc.adds"(%un, %un, %c1, %t) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32, i32) -> () loc("r.py":13:1)
      "scf.yield"() : () -> () loc("r.py":6:1)
    }) : (index, index, index) -> () loc("r.py":6:1)
    "func.return"() : () -> () loc("r.py":14:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "other_slot"} : () -> () loc("r.py":1:1)
}) : () -> ()

// -----
// A runtime size rounded up to 32 bytes, as plan-auto-tensors lays out runtime shapes:
// r = ((4n + 31) / 32) * 32 >= 4n, so u = [0, 4n) and v = [r, r + 4n) are disjoint; w at
// r - 32 may reach into u.
// CHECK-LABEL: // -----
// CHECK: "asc.data_copy"{{.*}}loc("c.py":10:1)
// CHECK-NEXT: "asc.data_copy"{{.*}}loc("c.py":11:1)
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"{{.*}}loc("c.py":12:1)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("c.py":2:1)
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32 loc("c.py":2:1)
    %c31 = "arith.constant"() {value = 31 : i32} : () -> i32 loc("c.py":2:1)
    %c32 = "arith.constant"() {value = 32 : i32} : () -> i32 loc("c.py":2:1)
    %b = "arith.muli"(%n, %c4) : (i32, i32) -> i32 loc("c.py":3:1)
    %b31 = "arith.addi"(%b, %c31) : (i32, i32) -> i32 loc("c.py":3:1)
    %q = "arith.divsi"(%b31, %c32) : (i32, i32) -> i32 loc("c.py":3:1)
    %r = "arith.muli"(%q, %c32) : (i32, i32) -> i32 loc("c.py":3:1)
    %r2 = "arith.subi"(%r, %c32) : (i32, i32) -> i32 loc("c.py":3:1)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("c.py":4:1)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("c.py":4:1)
    %u = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("c.py":5:1)
    %v = "asc.local_tensor"(%r, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("c.py":6:1)
    %w = "asc.local_tensor"(%r2, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("c.py":7:1)
    "asc.data_copy"(%u, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("c.py":10:1)
    "asc.data_copy"(%v, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("c.py":11:1)
    "asc.data_copy"(%w, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("c.py":12:1)
    "func.return"() : () -> () loc("c.py":13:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "rounded"} : () -> () loc("c.py":1:1)
}) : () -> ()

// -----
// A slot plus a constant, x[(i % 2) * 64 + 8:], still rotates: the load of tile i + 1
// waits only for the vector op of tile i - 1 (two V_MTE2 ids, i % 2).
// CHECK-LABEL: // -----
// CHECK: "asc.set_flag"([[I0:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[I1:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "scf.for"
// CHECK: "asc.wait_flag"([[S:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK: "asc.adds"
// CHECK-NEXT: "asc.set_flag"([[S]]) {event = #asc.event<V_MTE2>}
// CHECK: "asc.wait_flag"([[I0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.wait_flag"([[I1]]) {event = #asc.event<V_MTE2>}
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("p.py":2:1)
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("p.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("p.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("p.py":2:1)
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("p.py":2:1)
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32 loc("p.py":2:1)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("p.py":3:1)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("p.py":3:1)
    %u = "asc.local_tensor"(%c0, %c128) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("p.py":4:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("p.py":5:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("p.py":5:1)
    %z8 = "arith.constant"() {value = 8 : index} : () -> index loc("p.py":5:1)
    "scf.for"(%z0, %z8, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("p.py":6:1)
      %s = "arith.remsi"(%i, %c2) : (i32, i32) -> i32 loc("p.py":6:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("p.py":7:1)
      %o8 = "arith.addi"(%o, %c8) : (i32, i32) -> i32 loc("p.py":7:1)
      %v = "asc.lt_subview"(%u, %o8) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("p.py":8:1)
      "asc.data_copy"(%v, %xg, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("p.py":9:1)
      "asc.adds"(%v, %v, %c1, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32, i32) -> () loc("p.py":10:1)
      "scf.yield"() : () -> () loc("p.py":5:1)
    }) : (index, index, index) -> () loc("p.py":5:1)
    "func.return"() : () -> () loc("p.py":11:1)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "slot_plus"} : () -> () loc("p.py":1:1)
}) : () -> ()

// -----
// Two loads into the same slot x[(i % 2) * 64:] in one iteration need a PIPE_MTE2 barrier
// between them.  The second load of tile i and the first of tile i + 2 share a slot too,
// but tile i + 1's barrier already lies between them: one barrier in all.
// CHECK-LABEL: // -----
// CHECK: "scf.for"
// CHECK-NOT: pipe_barrier
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NOT: pipe_barrier
// CHECK: "func.return"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("b.py":2:1)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("b.py":2:1)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("b.py":2:1)
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("b.py":2:1)
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32 loc("b.py":2:1)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("b.py":3:1)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("b.py":3:1)
    %u = "asc.local_tensor"(%c0, %c128) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("b.py":4:1)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("b.py":5:1)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("b.py":5:1)
    %z8 = "arith.constant"() {value = 8 : index} : () -> index loc("b.py":5:1)
    "scf.for"(%z0, %z8, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("b.py":6:1)
      %s = "arith.remsi"(%i, %c2) : (i32, i32) -> i32 loc("b.py":6:1)
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32 loc("b.py":7:1)
      %v = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("b.py":8:1)
      "asc.data_copy"(%v, %xg, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("b.py":9:1)
      "asc.data_copy"(%v, %xg, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("b.py":10:1)
      "scf.yield"() : () -> () loc("b.py":5:1)
    }) : (index, index, index) -> () loc("b.py":5:1)
    "func.return"() : () -> () loc("b.py":11:1)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "two_loads"} : () -> () loc("b.py":1:1)
}) : () -> ()
