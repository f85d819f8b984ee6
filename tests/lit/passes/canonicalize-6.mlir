// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-6: scf.if with a constant condition is replaced by the region it
// takes; an scf.if left with nothing to do is removed.

// Case 6.1: true, with a result: the then region's ops move out and its yield
// operand replaces the result; the else region and the condition go.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%0) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c = "arith.constant"() {value = true} : () -> i1
    %0 = "scf.if"(%c) ({
      %1 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }, {
      %2 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
      "scf.yield"(%2) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "take_then"} : () -> ()
}) : () -> ()

// -----
// Case 6.2: false, no results: the else region's ops (with a side effect) stay,
// in order, where the scf.if was.
// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "sink"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: "func.call"(%arg0) {callee = @sink} : (i32) -> ()
// CHECK-NEXT: %0 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "func.call"(%0) {callee = @sink} : (i32) -> ()
// CHECK-NEXT: "func.call"(%arg0) {callee = @sink} : (i32) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "sink"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c = "arith.constant"() {value = 0 : i1} : () -> i1
    "func.call"(%arg0) {callee = @sink} : (i32) -> ()
    "scf.if"(%c) ({
      "func.call"(%arg0) {callee = @sink} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      %1 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
      "func.call"(%1) {callee = @sink} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.call"(%arg0) {callee = @sink} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "take_else"} : () -> ()
}) : () -> ()

// -----
// Case 6.3: false with an empty else region: the scf.if is erased.
// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "sink"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (i32) -> (), sym_name = "no_else"}
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "sink"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c = "arith.constant"() {value = false} : () -> i1
    "scf.if"(%c) ({
      "func.call"(%arg0) {callee = @sink} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "no_else"} : () -> ()
}) : () -> ()

// -----
// Case 6.4: an unknown condition stays, but dead pure ops inside the regions go,
// and then the scf.if (no results, nothing left but yields) goes too.  The
// nested scf.if on a constant becomes its then region first.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: i1):
// CHECK-NEXT: "func.return"(%arg0) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i1):
    %t = "arith.constant"() {value = true} : () -> i1
    "scf.if"(%arg1) ({
      %1 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
      %2 = "scf.if"(%t) ({
        %3 = "arith.muli"(%1, %1) : (i32, i32) -> i32
        "scf.yield"(%3) : (i32) -> ()
      }, {
        "scf.yield"(%1) : (i32) -> ()
      }) : (i1) -> i32
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32, i1) -> i32, sym_name = "dead_if"} : () -> ()
}) : () -> ()
