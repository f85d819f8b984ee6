// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// scf.while (the before region runs once more than the after region) and nested
// loops: the same two-iteration model at every level.

// A primed flag carried around an scf.while: balanced, clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
    %r = "scf.while"(%n) ({
    ^bb0(%x: i32):
      %c = "arith.cmpi"(%x, %one) {predicate = 4 : i64} : (i32, i32) -> i1
      "scf.condition"(%c, %x) : (i1, i32) -> ()
    }, {
    ^bb0(%y: i32):
      "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
      %h = "arith.shrsi"(%y, %one) : (i32, i32) -> i32
      "scf.yield"(%h) : (i32) -> ()
    }) : (i32) -> i32
    "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "while_clean"} : () -> ()
}) : () -> ()

// -----

// A set in the before region of an scf.while, waited only after the loop: the
// second pass through the before region sets it again.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-warning @+1 {{S005 loop imbalance: each iteration of this loop sets flag(S_MTE2, 0) once more than it waits for it}}
    %r = "scf.while"(%n) ({
    ^bb0(%x: i32):
      // expected-warning @+1 {{S003 double set: set_flag(S_MTE2, 0)}}
      "asc.set_flag"(%id) {event = #asc.event<S_MTE2>} : (i32) -> ()
      %c = "arith.cmpi"(%x, %one) {predicate = 4 : i64} : (i32, i32) -> i1
      "scf.condition"(%c, %x) : (i1, i32) -> ()
    }, {
    ^bb0(%y: i32):
      %h = "arith.shrsi"(%y, %one) : (i32, i32) -> i32
      "scf.yield"(%h) : (i32) -> ()
    }) : (i32) -> i32
    "asc.wait_flag"(%id) {event = #asc.event<S_MTE2>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "while_set_in_cond"} : () -> ()
}) : () -> ()

// -----

// Nested loops with a TQue cycle and a flag pair in the inner body, and a flag pair
// in an scf.if inside the outer body: clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index, %m: index, %cond: i1):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %q = "asc.tque"() : () -> !asc.queue<VECOUT, 2>
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      "scf.for"(%c0, %m, %c1) ({
      ^bb0(%j: index):
        %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf16, VECOUT>
        "asc.set_flag"(%id) {event = #asc.event<S_V>} : (i32) -> ()
        "asc.wait_flag"(%id) {event = #asc.event<S_V>} : (i32) -> ()
        "asc.enque"(%q, %t) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf16, VECOUT>) -> ()
        %d = "asc.deque"(%q) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf16, VECOUT>
        "asc.free_tensor"(%q, %d) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf16, VECOUT>) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.if"(%cond) ({
        "asc.set_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
        "asc.wait_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index, index, i1) -> (), sym_name = "nested_clean"} : () -> ()
}) : () -> ()

// -----

// A wait in the inner loop whose set is in the outer body before it: the inner loop's
// second iteration waits forever; when it runs zero times, the set stays (S003 in the
// next outer iteration, S004 at the end).
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index, %m: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 5 : i32} : () -> i32
    // expected-warning @+1 {{S005 loop imbalance: each iteration of this loop sets flag(MTE2_MTE3, 5) once more than it waits for it on some paths}}
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+2 {{S003 double set: set_flag(MTE2_MTE3, 5) while the flag is already set on some paths}}
      // expected-warning @+1 {{S004 unpaired set: set_flag(MTE2_MTE3, 5) is never waited: the flag is still set on some paths}}
      "asc.set_flag"(%id) {event = #asc.event<MTE2_MTE3>} : (i32) -> ()
      // expected-warning @+1 {{S005 loop imbalance: each iteration of this loop waits for flag(MTE2_MTE3, 5) once more than it sets it}}
      "scf.for"(%c0, %m, %c1) ({
      ^bb0(%j: index):
        // expected-warning @+1 {{S002 deadlock: wait_flag(MTE2_MTE3, 5) waits forever: no matching set_flag is pending on any path to it (in a later iteration of the enclosing loop)}}
        "asc.wait_flag"(%id) {event = #asc.event<MTE2_MTE3>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index, index) -> (), sym_name = "nested_wait"} : () -> ()
}) : () -> ()
