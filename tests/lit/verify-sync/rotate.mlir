// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// Rotating ids (sync.md B.7): id = iv % 2 names flag 0 in even iterations and flag 1
// in odd ones.  Loops whose ids follow their IV are walked iteration by iteration with
// the IV bound (up to 8 iterations), so these ids are checked exactly.

// Both ids primed before the loop, drained after it: clean for any trip count.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %i0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %i1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    "asc.set_flag"(%i0) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "asc.set_flag"(%i1) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %slot = "arith.remui"(%ii, %two) : (i32, i32) -> i32
      "asc.wait_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "asc.set_flag"(%slot) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.wait_flag"(%slot) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.set_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.wait_flag"(%i0) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "asc.wait_flag"(%i1) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "rotate_clean"} : () -> ()
}) : () -> ()

// -----

// Ids 4 + iv % 2; id 5 is not primed: the second iteration waits for flag (V_MTE2, 5)
// forever, and whatever sets id 5 is never drained.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %i0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %base = "arith.constant"() {value = 4 : i32} : () -> i32
    %i4 = "arith.constant"() {value = 4 : i32} : () -> i32
    "asc.set_flag"(%i4) {event = #asc.event<V_MTE2>} : (i32) -> ()
    // expected-note @+1 {{loop here}}
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %r = "arith.remui"(%ii, %two) : (i32, i32) -> i32
      %slot = "arith.addi"(%r, %base) : (i32, i32) -> i32
      // expected-warning @+1 {{S002 deadlock: wait_flag(V_MTE2, 5) waits forever: no matching set_flag is pending on any path to it (in a later iteration of the enclosing loop)}}
      "asc.wait_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      // expected-warning @+1 {{S004 unpaired set: set_flag(V_MTE2, 5) is never waited: the flag is still set on some paths}}
      "asc.set_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.wait_flag"(%i4) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "rotate_missing_prime"} : () -> ()
}) : () -> ()

// -----

// Three trips exactly: iterations use ids 0, 1, 0; the drain after the loop must wait
// for the ids the last iterations set.  Waiting for id 1 twice is a deadlock, and id 0
// (last set in iteration 3) is left set.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c3 = "arith.constant"() {value = 3 : index} : () -> index
    %i0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %i1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    "asc.set_flag"(%i0) {event = #asc.event<MTE3_V>} : (i32) -> ()
    "asc.set_flag"(%i1) {event = #asc.event<MTE3_V>} : (i32) -> ()
    "scf.for"(%c0, %c3, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %slot = "arith.remsi"(%ii, %two) : (i32, i32) -> i32
      "asc.wait_flag"(%slot) {event = #asc.event<MTE3_V>} : (i32) -> ()
      // expected-warning @+1 {{S004 unpaired set: set_flag(MTE3_V, 0) is never waited: the flag is still set when the kernel ends}}
      "asc.set_flag"(%slot) {event = #asc.event<MTE3_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.wait_flag"(%i1) {event = #asc.event<MTE3_V>} : (i32) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE3_V, 1) waits forever}}
    "asc.wait_flag"(%i1) {event = #asc.event<MTE3_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "rotate_exact_trips"} : () -> ()
}) : () -> ()

// -----

// Hand-written double buffering (examples/01_add/add_double_buffer.py): slots primed
// by a loop over the ids, used as i % 2 in the main loop, drained by a second loop
// that forgets slot 1.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c2 = "arith.constant"() {value = 2 : index} : () -> index
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    "scf.for"(%c0, %c2, %c1) ({
    ^bb0(%s: index):
      %id = "arith.index_cast"(%s) : (index) -> i32
      "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %slot = "arith.remui"(%ii, %two) : (i32, i32) -> i32
      "asc.wait_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      // expected-warning @+1 {{S004 unpaired set: set_flag(V_MTE2, 1) is never waited: the flag is still set when the kernel ends}}
      "asc.set_flag"(%slot) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%c0, %c1, %c1) ({
    ^bb0(%s: index):
      %id = "arith.index_cast"(%s) : (index) -> i32
      "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "drain_forgets_a_slot"} : () -> ()
}) : () -> ()
