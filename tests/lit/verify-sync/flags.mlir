// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// S002 deadlock, S003 double set, S004 unpaired set, S005 loop imbalance: set_flag /
// wait_flag pairing on every path, with loop bodies walked twice and met with the
// zero-trip path, and the arms of scf.if met at the join.

// S002: a wait with no set.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_V, 0) waits forever: no matching set_flag is pending on any path to it}}
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "wait_no_set"} : () -> ()
}) : () -> ()

// -----

// Another id, or another event, is another flag.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    // expected-warning @+1 {{S004 unpaired set: set_flag(MTE2_V, 0) is never waited}}
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_V, 1) waits forever}}
    "asc.wait_flag"(%c1) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(V_MTE2, 0) waits forever}}
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "other_flag"} : () -> ()
}) : () -> ()

// -----

// S003: set twice with no wait between; the note points at the first set.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-note @+1 {{previous set_flag(V_MTE3, 0) here}}
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    // expected-warning @+1 {{S003 double set: set_flag(V_MTE3, 0) while the flag is already set}}
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "double_set"} : () -> ()
}) : () -> ()

// -----

// S004: set, never waited.
"builtin.module"() ({
  "func.func"() ({
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    // expected-warning @+1 {{S004 unpaired set: set_flag(MTE3_MTE2, 3) is never waited: the flag is still set when the kernel ends}}
    "asc.set_flag"(%c3) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "unpaired"} : () -> ()
}) : () -> ()

// -----

// Set and wait inside the body, and the primed loop-carried pattern (set before the
// loop, wait then set in the body, wait after the loop): balanced for every trip count.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "loop_clean"} : () -> ()
}) : () -> ()

// -----

// The wait is in the loop, its set before the loop only: iteration 2 waits forever
// (S002), the body waits once more than it sets (S005), and with zero iterations
// the set is never waited (S004).
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-warning @+2 {{S004 unpaired set: set_flag(MTE2_V, 0) is never waited: the flag is still set on some paths when the kernel ends}}
    // expected-note @+1 {{set_flag(MTE2_V, 0) before the loop here}}
    "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+2 {{S005 loop imbalance: each iteration of this loop waits for flag(MTE2_V, 0) once more than it sets it}}
    // expected-note @+1 {{loop here}}
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_V, 0) waits forever: no matching set_flag is pending on any path to it (in a later iteration of the enclosing loop)}}
      "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "wait_in_loop"} : () -> ()
}) : () -> ()

// -----

// The set is in the loop (four trips), the wait after it: iteration 2 sets a flag
// that is still set (S003), the body sets once more than it waits (S005).
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %id = "arith.constant"() {value = 2 : i32} : () -> i32
    // expected-warning @+2 {{S005 loop imbalance: each iteration of this loop sets flag(S_V, 2) once more than it waits for it}}
    // expected-note @+1 {{loop here}}
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+3 {{S003 double set: set_flag(S_V, 2) while the flag is already set}}
      // expected-note @+2 {{previous set_flag(S_V, 2) here}}
      // expected-note @+1 {{set_flag(S_V, 2) here}}
      "asc.set_flag"(%id) {event = #asc.event<S_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<S_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "set_in_loop"} : () -> ()
}) : () -> ()

// -----

// A set in the body and a wait after a loop that may run zero times: besides the
// imbalance, the wait has no set when the loop runs zero times.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-warning @+1 {{S005 loop imbalance}}
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+2 {{S003 double set}}
      // expected-note @+1 {{set_flag(MTE3_V, 0) on some paths only, here}}
      "asc.set_flag"(%id) {event = #asc.event<MTE3_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE3_V, 0) may wait forever: the matching set_flag is pending on some paths only (a branch or a loop that may run zero times)}}
    "asc.wait_flag"(%id) {event = #asc.event<MTE3_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "zero_trip"} : () -> ()
}) : () -> ()

// -----

// Set in the then-arm only, wait after the if: the else path deadlocks.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %id = "arith.constant"() {value = 1 : i32} : () -> i32
    "scf.if"(%c) ({
      // expected-note @+1 {{set_flag(MTE2_V, 1) on some paths only, here}}
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_V, 1) may wait forever: the matching set_flag is pending on some paths only}}
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "set_one_arm"} : () -> ()
}) : () -> ()

// -----

// Set in both arms, wait after the if: clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %id = "arith.constant"() {value = 1 : i32} : () -> i32
    "scf.if"(%c) ({
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "set_both_arms"} : () -> ()
}) : () -> ()

// -----

// Set before the if, wait in the then-arm only: set at the end on the else path; a
// second set after the if may be lost.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %id = "arith.constant"() {value = 1 : i32} : () -> i32
    // expected-note @+1 {{previous set_flag(V_S, 1) here}}
    "asc.set_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
    "scf.if"(%c) ({
      "asc.wait_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    // expected-warning @+1 {{S003 double set: set_flag(V_S, 1) while the flag is already set on some paths}}
    "asc.set_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "wait_one_arm"} : () -> ()
}) : () -> ()

// -----

// Runtime ids pair by SSA value; where a runtime id may or may not equal another id
// of the same event, nothing is reported (no false positives).
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32, %other: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.set_flag"(%id) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.set_flag"(%id) {event = #asc.event<MTE3_V>} : (i32) -> ()
    "asc.wait_flag"(%other) {event = #asc.event<MTE3_V>} : (i32) -> ()
    // expected-warning @+1 {{S002 deadlock: wait_flag(MTE3_MTE2, runtime id) waits forever}}
    "asc.wait_flag"(%id) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32) -> (), sym_name = "runtime_ids"} : () -> ()
}) : () -> ()

// -----

// V_V and FIX_FIX are barriers, not flags: never paired.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%c0) {event = #asc.event<V_V>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_V>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_v"} : () -> ()
}) : () -> ()

// -----

// Private helpers are not analysed on their own (their flags pair up in the caller
// once inlined); a kernel calling a helper with sync ops is not analysed either.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "helper", sym_visibility = "private"} : () -> ()
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    "func.call"() {callee = @helper} : () -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----

// Correlated branches: set under `if c`, wait under a later `if c` on the same value:
// the flag is set exactly on the paths that wait for it.  Clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %id = "arith.constant"() {value = 2 : i32} : () -> i32
    "scf.if"(%c) ({
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "scf.if"(%c) ({
      "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "correlated_clean"} : () -> ()
}) : () -> ()

// -----

// The wait is under the other arm: it never has a set, and the set is never waited.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %id = "arith.constant"() {value = 2 : i32} : () -> i32
    "scf.if"(%c) ({
      // expected-warning @+1 {{S004 unpaired set: set_flag(MTE2_V, 2) is never waited: the flag is still set on some paths when the kernel ends}}
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "scf.if"(%c) ({
      "scf.yield"() : () -> ()
    }, {
      // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_V, 2) waits forever: no matching set_flag is pending on any path to it}}
      "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "correlated_wrong_arm"} : () -> ()
}) : () -> ()

// -----

// A condition computed in a loop body: set and wait under `if c` in the same
// iteration pair up; across iterations the condition is another value.  Clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 2 : i32} : () -> i32
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %c = "arith.cmpi"(%i, %c0) {predicate = 0 : i64} : (index, index) -> i1
      "scf.if"(%c) ({
        "asc.set_flag"(%id) {event = #asc.event<V_MTE3>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.if"(%c) ({
        "asc.wait_flag"(%id) {event = #asc.event<V_MTE3>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "cond_in_loop"} : () -> ()
}) : () -> ()
