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

// -----

// The same with the trip count a kernel argument: `i != n - 1` is the last iteration's test,
// known in the walk of the one-trip run, of the first, of those between and of the last.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.index_cast"(%n) : (i32) -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %zero = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %last = "arith.subi"(%n, %one) : (i32, i32) -> i32
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
      %notlast = "arith.cmpi"(%t, %last) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%notlast) ({
        "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "ends_runtime_clean"} : () -> ()
}) : () -> ()

// -----

// `i + 1 < n` says the same.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.index_cast"(%n) : (i32) -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %zero = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    "scf.for"(%lb, %ub, %st) ({
    ^bb0(%i: index):
      %t = "arith.index_cast"(%i) : (index) -> i32
      %notfirst = "arith.cmpi"(%t, %zero) {predicate = 4 : i64} : (i32, i32) -> i1
      "scf.if"(%notfirst) ({
        "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      %next = "arith.addi"(%t, %one) : (i32, i32) -> i32
      %more = "arith.cmpi"(%next, %n) {predicate = 2 : i64} : (i32, i32) -> i1
      "scf.if"(%more) ({
        "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "ends_runtime_next"} : () -> ()
}) : () -> ()

// -----

// The set skipped in the last but one iteration (`i != n - 2`): the last iteration waits for
// a flag nobody set (two trips or more), and its own set is never waited.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.index_cast"(%n) : (i32) -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %zero = "arith.constant"() {value = 0 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %lastbut1 = "arith.subi"(%n, %two) : (i32, i32) -> i32
    "scf.for"(%lb, %ub, %st) ({
    ^bb0(%i: index):
      %t = "arith.index_cast"(%i) : (index) -> i32
      %notfirst = "arith.cmpi"(%t, %zero) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%notfirst) ({
        // expected-warning @+1 {{S002 deadlock: wait_flag(V_MTE2, 0) may wait forever}}
        "asc.wait_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      %skip = "arith.cmpi"(%t, %lastbut1) {predicate = 1 : i64} : (i32, i32) -> i1
      "scf.if"(%skip) ({
        // expected-warning @+1 {{S004 unpaired set: set_flag(V_MTE2, 0) is never waited}}
        "asc.set_flag"(%id) {event = #asc.event<V_MTE2>} : (i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "ends_runtime_wrong"} : () -> ()
}) : () -> ()
