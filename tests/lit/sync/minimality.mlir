// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// Minimality (docs/sync.md, "How the analysis works"): syncs that the others imply are
// dropped, with the help of check walks that know more than the insertion walk does.

// Case 1: the set_value runs only when a == 3, so the first if (a > 1) ran too: V's
// duplicate reached S through V -> MTE3 -> MTE2 -> S, and no V_S pair is needed.  Only a
// walk per range of a (a <= 1, a = 2, a = 3, a >= 4) sees it.
// CHECK-NOT: V_S
// CHECK: sym_name = "correlated_args"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %a: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    "asc.duplicate"(%u, %f, %c64) : (!asc.local_tensor<64xf32, VECCALC>, f32, i32) -> ()
    %gt1 = "arith.cmpi"(%a, %c1) {predicate = 4 : i64} : (i32, i32) -> i1
    "scf.if"(%gt1) ({
      "asc.data_copy"(%gt, %u, %c8) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32, VECCALC>, i32) -> ()
      "asc.data_copy"(%u, %gt, %c8) : (!asc.local_tensor<64xf32, VECCALC>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %eq3 = "arith.cmpi"(%a, %c3) {predicate = 0 : i64} : (i32, i32) -> i1
    "scf.if"(%eq3) ({
      "asc.set_value"(%u, %c1, %f) : (!asc.local_tensor<64xf32, VECCALC>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "correlated_args"} : () -> ()
}) : () -> ()

// -----

// Case 2: set_value writes element 8 of slot i % 2 (slots 32 floats apart), and the copy
// of each iteration writes floats [32, 64): only slot 1 meets it, and only a copy of a
// later iteration could follow it.  In a loop of two trips slot 1 is the last iteration's:
// no S_MTE2 pair.
// CHECK-NOT: S_MTE2
// CHECK: sym_name = "last_slot"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c32 = "arith.constant"() {value = 32 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i2 = "arith.constant"() {value = 2 : index} : () -> index
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    %hi = "asc.lt_subview"(%u, %c32) : (!asc.local_tensor<64xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
    "scf.for"(%i0, %i2, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c2) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c32) : (i32, i32) -> i32
      %slot = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<64xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
      "asc.data_copy"(%hi, %gt, %c32) : (!asc.local_tensor<f32, VECCALC>, !asc.global_tensor<f32>, i32) -> ()
      "asc.set_value"(%slot, %c8, %f) : (!asc.local_tensor<f32, VECCALC>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "last_slot"} : () -> ()
}) : () -> ()

// -----

// Case 3: the min runs only in iteration 3 (slot 0); the copy before the loop wrote slot
// 2: no MTE2_V pair.
// CHECK-NOT: MTE2_V
// CHECK: sym_name = "one_iteration_arm"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32
    %c192 = "arith.constant"() {value = 192 : i32} : () -> i32
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i4 = "arith.constant"() {value = 4 : index} : () -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c192) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<192xf32, VECIN>
    %v = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<64xf32, VECOUT>
    %s2 = "asc.lt_subview"(%u, %c128) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.data_copy"(%s2, %gt, %c64) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "scf.for"(%i0, %i4, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c3) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32
      %ne = "arith.cmpi"(%ii, %c3) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%ne) ({
        "scf.yield"() : () -> ()
      }, {
        %slot = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
        "asc.min"(%v, %slot, %slot, %c8) : (!asc.local_tensor<64xf32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "one_iteration_arm"} : () -> ()
}) : () -> ()

// -----

// Case 4: the first loop reads GM floats [64 i + 136, + 8) for i >= 0, the second writes
// floats [64 j, + 16) for j in 0..1: never the same bytes, so no MTE2_MTE3 pair.
// CHECK-NOT: MTE2_MTE3
// CHECK: sym_name = "gm_ranges"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c16 = "arith.constant"() {value = 16 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c136 = "arith.constant"() {value = 136 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i2 = "arith.constant"() {value = 2 : index} : () -> index
    %ni = "arith.index_cast"(%n) : (i32) -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<64xf32, VECIN>
    %w = "asc.local_tensor"(%c256, %c64) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<64xf32, VECOUT>
    "scf.for"(%i0, %ni, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %o = "arith.muli"(%ii, %c64) : (i32, i32) -> i32
      %o2 = "arith.addi"(%o, %c136) : (i32, i32) -> i32
      %src = "asc.gt_subview"(%gt, %o2) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%u, %src, %c8) : (!asc.local_tensor<64xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%i0, %i2, %i1) ({
    ^bb0(%j: index):
      %jj = "arith.index_cast"(%j) : (index) -> i32
      %o = "arith.muli"(%jj, %c64) : (i32, i32) -> i32
      %dst = "asc.gt_subview"(%gt, %o) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%dst, %w, %c16) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32, VECOUT>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "gm_ranges"} : () -> ()
}) : () -> ()

// -----

// Case 5: iterations 1..3 copy into slot i % 3 behind a barrier; the copy after the loop
// meets slot 2 (iteration 2), which the barrier of iteration 3 already ordered.  Only a
// walk of each iteration of the loop sees it: no barrier after the loop.
// CHECK: "scf.if"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "last_iteration"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32
    %c192 = "arith.constant"() {value = 192 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i4 = "arith.constant"() {value = 4 : index} : () -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c192) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<192xf32, VECIN>
    "scf.for"(%i0, %i4, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c3) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32
      %ge = "arith.cmpi"(%ii, %c1) {predicate = 5 : i64} : (i32, i32) -> i1
      "scf.if"(%ge) ({
        %slot = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
        "asc.data_copy"(%slot, %gt, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %s2 = "asc.lt_subview"(%u, %c128) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.data_copy"(%s2, %gt, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "last_iteration"} : () -> ()
}) : () -> ()

// -----

// Case 6: the loop's first wait on V_S (primed after the max) stalls S, so the max is done
// before the loop's copy issues: no V_MTE2 pair before the loop.  Without it, when the loop
// runs no trip, nothing makes V take the first MTE2_V flag before the MTE2_V set after the
// loop: that edge gets an id of its own instead.
// CHECK-DAG: %[[ONE:[0-9]+]] = "arith.constant"() {value = 1 : i32}
// CHECK-DAG: %[[ZERO:[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK: "asc.set_flag"(%[[ZERO]]) {event = #asc.event<MTE2_V>}
// CHECK: "asc.max"
// CHECK-NOT: V_MTE2
// CHECK: "scf.for"
// CHECK: "asc.set_flag"(%[[ONE]]) {event = #asc.event<MTE2_V>}
// CHECK: sym_name = "ids_again"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c48 = "arith.constant"() {value = 48 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %c2048 = "arith.constant"() {value = 2048 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %ni = "arith.index_cast"(%n) : (i32) -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %x = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<64xf32, VECOUT>
    %z = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    %y = "asc.local_tensor"(%c2048, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    "asc.data_copy"(%x, %gt, %c64) : (!asc.local_tensor<64xf32, VECOUT>, !asc.global_tensor<f32>, i32) -> ()
    %xs = "asc.lt_subview"(%x, %c48) : (!asc.local_tensor<64xf32, VECOUT>, i32) -> !asc.local_tensor<f32, VECOUT>
    "asc.max"(%xs, %x, %x, %c8) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<64xf32, VECOUT>, !asc.local_tensor<64xf32, VECOUT>, i32) -> ()
    "scf.for"(%i0, %ni, %i1) ({
    ^bb0(%i: index):
      "asc.set_value"(%z, %c0, %f) : (!asc.local_tensor<64xf32, VECCALC>, i32, f32) -> ()
      "asc.data_copy"(%x, %gt, %c64) : (!asc.local_tensor<64xf32, VECOUT>, !asc.global_tensor<f32>, i32) -> ()
      "asc.adds"(%z, %z, %f, %c8) : (!asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<64xf32, VECCALC>, f32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.relu"(%y, %x, %c8) : (!asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<64xf32, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "ids_again"} : () -> ()
}) : () -> ()

// -----

// Case 7: the copy of iteration i + 2 into slot i % 2 waits (V_MTE2, same iteration) for the
// muls, and S waits (MTE2_S, rotating) for the copy of iteration i before the get_value,
// which stalls every issue after it, the muls of iteration i + 2 included: no rotating
// MTE2_V pair.  The V_MTE2 ids rotate with the slots; MTE2_S closes their cycle through S.
// CHECK-NOT: MTE2_V
// CHECK: "asc.set_flag"(%[[SLOT:[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.wait_flag"(%[[SLOT]]) {event = #asc.event<V_MTE2>}
// CHECK-NOT: MTE2_V
// CHECK: sym_name = "closed_through_s"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c32 = "arith.constant"() {value = 32 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %ni = "arith.index_cast"(%n) : (i32) -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %u = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<64xf32, VECIN>
    %w = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<64xf32, VECOUT>
    "asc.duplicate"(%w, %f, %c64) : (!asc.local_tensor<64xf32, VECOUT>, f32, i32) -> ()
    "asc.duplicate"(%u, %f, %c64) : (!asc.local_tensor<64xf32, VECIN>, f32, i32) -> ()
    "scf.for"(%i0, %ni, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c2) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c32) : (i32, i32) -> i32
      %slot = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<64xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %v = "asc.get_value"(%slot, %c0) : (!asc.local_tensor<f32, VECIN>, i32) -> f32
      "asc.muls"(%slot, %w, %v, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<64xf32, VECOUT>, f32, i32) -> ()
      "asc.data_copy"(%slot, %gt, %c8) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "closed_through_s"} : () -> ()
}) : () -> ()

// -----

// Case 8: slot i % 2 is loaded (MTE2), stored (MTE3) and partly rewritten (V) in each
// iteration.  MTE2_MTE3 and MTE3_V order one iteration; their sets could overtake the waits
// of the iteration before, so their ids rotate with the slots, and the rotating V_MTE2
// (max of iteration i before the load of i + 2) closes both cycles through the other pipes:
// V_MTE2 then MTE2_MTE3 brings MTE3 past the max two iterations on.  No rotating V_MTE3,
// and no PIPE_ALL.
// CHECK-NOT: V_MTE3
// CHECK-NOT: PIPE_ALL
// CHECK: "asc.set_flag"(%[[R:[0-9]+]]) {event = #asc.event<MTE2_MTE3>}
// CHECK-NEXT: "asc.wait_flag"(%[[R]]) {event = #asc.event<MTE2_MTE3>}
// CHECK-NOT: V_MTE3
// CHECK-NOT: PIPE_ALL
// CHECK: sym_name = "closed_by_chain"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>, %h: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c16 = "arith.constant"() {value = 16 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c128 = "arith.constant"() {value = 128 : i32} : () -> i32
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %ni = "arith.index_cast"(%n) : (i32) -> index
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %ht = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%ht, %h) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %b = "asc.local_tensor"(%c0, %c128) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %x = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    "asc.duplicate"(%x, %f, %c64) : (!asc.local_tensor<64xf32, VECCALC>, f32, i32) -> ()
    "scf.for"(%i0, %ni, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c2) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32
      %slot = "asc.lt_subview"(%b, %o) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
      %o16 = "arith.addi"(%o, %c16) : (i32, i32) -> i32
      %part = "asc.lt_subview"(%b, %o16) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
      %go = "arith.muli"(%ii, %c64) : (i32, i32) -> i32
      %src = "asc.gt_subview"(%gt, %go) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %dst = "asc.gt_subview"(%ht, %go) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%slot, %src, %c64) : (!asc.local_tensor<f32, VECCALC>, !asc.global_tensor<f32>, i32) -> ()
      "asc.data_copy"(%dst, %slot, %c64) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECCALC>, i32) -> ()
      "asc.max"(%part, %x, %x, %c8) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<64xf32, VECCALC>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i32) -> (), sym_name = "closed_by_chain"} : () -> ()
}) : () -> ()

// -----

// Case 9: each iteration reads slot i % 3 (floats [64 s, + 32)); only iteration 0 rewrites
// floats [88, 96), which lie in slot 1.  In that iteration the read was of slot 0: no
// barrier before the duplicate.  (The barrier before the adds orders the next iteration's
// read after it.)
// CHECK: "scf.if"
// CHECK-NOT: pipe_barrier
// CHECK: "asc.duplicate"{{.*}}loc("p.py":9:1)
// CHECK: sym_name = "pinned_here"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c32 = "arith.constant"() {value = 32 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c88 = "arith.constant"() {value = 88 : i32} : () -> i32
    %c192 = "arith.constant"() {value = 192 : i32} : () -> i32
    %c1024 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %ni = "arith.index_cast"(%n) : (i32) -> index
    %u = "asc.local_tensor"(%c0, %c192) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<192xf32, VECCALC>
    %v = "asc.local_tensor"(%c1024, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    "asc.duplicate"(%u, %f, %c192) : (!asc.local_tensor<192xf32, VECCALC>, f32, i32) -> ()
    %w = "asc.lt_subview"(%u, %c88) : (!asc.local_tensor<192xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
    "scf.for"(%i0, %ni, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %s = "arith.remui"(%ii, %c3) : (i32, i32) -> i32
      %o = "arith.muli"(%s, %c64) : (i32, i32) -> i32
      %slot = "asc.lt_subview"(%u, %o) : (!asc.local_tensor<192xf32, VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC>
      "asc.adds"(%v, %slot, %f, %c32) : (!asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("p.py":7:1)
      %first = "arith.cmpi"(%ii, %c0) {predicate = 0 : i64} : (i32, i32) -> i1
      "scf.if"(%first) ({
        "asc.duplicate"(%w, %f, %c8) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("p.py":9:1)
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "pinned_here"} : () -> ()
}) : () -> ()
