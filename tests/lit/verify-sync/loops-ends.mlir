// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// A loop whose first iteration skips a wait and whose last skips the set (the device kit's
// `if (i > 0) WaitFlag` / `if (i < n - 1) SetFlag`, sync.md B.10): the flags pair in every
// iteration, so nothing is reported however many trips the loop makes; the comparisons are
// known in the walks of the first, a middle and the last iteration.

// 16 trips: clean.
"builtin.module"() ({
  "func.func"() ({
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.constant"() {value = 16 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %zero = "arith.constant"() {value = 0 : i32} : () -> i32
    %last = "arith.constant"() {value = 15 : i32} : () -> i32
    "scf.for"(%lb, %ub, %st) ({
    ^bb0(%i: index):
      %t = "arith.index_cast"(%i) : (index) -> i32
      %notfirst = "arith.cmpi"(%t, %zero) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%notfirst) ({
        "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      %notlast = "arith.cmpi"(%t, %last) {predicate = 2 : i64} : (i32, i32) -> i1
      "scf.if"(%notlast) ({
        "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "ends_clean"} : () -> ()
}) : () -> ()

// -----

// The wait skipped in the second iteration instead of the first: the first waits for a
// flag nobody set.
"builtin.module"() ({
  "func.func"() ({
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.constant"() {value = 16 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %last = "arith.constant"() {value = 15 : i32} : () -> i32
    "scf.for"(%lb, %ub, %st) ({
    ^bb0(%i: index):
      %t = "arith.index_cast"(%i) : (index) -> i32
      %notsecond = "arith.cmpi"(%t, %one) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%notsecond) ({
        // expected-warning @+1 {{S002 deadlock: wait_flag(V_MTE2, 0) waits forever}}
        "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      %notlast = "arith.cmpi"(%t, %last) {predicate = 2 : i64} : (i32, i32) -> i1
      "scf.if"(%notlast) ({
        // expected-warning @+1 {{S003 double set: set_flag(V_MTE2, 0)}}
        "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "ends_wrong_iteration"} : () -> ()
}) : () -> ()
