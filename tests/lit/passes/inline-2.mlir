// RUN: asc-opt --split-input-file --inline %s | FileCheck %s
// inline-2: callees calling callees.  Case 2.1: @outer calls @inner twice; both
// levels are inlined into the kernel, each copy with its own constant.  @unused
// (never called) and @inner are deleted even though @unused refers to @inner.

// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32 loc("lib.py":4:8)
// CHECK-NEXT: %2 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %3 = "arith.addi"(%1, %2) : (i32, i32) -> i32 loc("lib.py":4:8)
// CHECK-NEXT: "func.return"(%3) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
// CHECK-NEXT: }) : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() {value = 1 : i32} : () -> i32
    %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32 loc("lib.py":4:8)
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "inner", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @inner} : (i32) -> i32
    %1 = "func.call"(%0) {callee = @inner} : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "outer", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @inner} : (i32) -> i32
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "unused", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @outer} : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----
// Case 2.2: a callee whose body has a region with a call inside (a call nested in
// an inlined scf.if is inlined in the next round), and a callee without results.

// CHECK-LABEL: "builtin.module"
// CHECK-NOT: sym_visibility
// CHECK: ^bb0(%arg0: i32, %arg1: i1):
// CHECK-NEXT: "scf.if"(%arg1) ({
// CHECK-NEXT: %0 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "func.call"(%0) {callee = @sink} : (i32) -> ()
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NOT: func.func
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "sink"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
    "func.call"(%0) {callee = @sink} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "square_sink", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i1):
    "scf.if"(%arg1) ({
      "func.call"(%arg0) {callee = @square_sink} : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i1) -> (), sym_name = "maybe", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i1):
    "func.call"(%arg0, %arg1) {callee = @maybe} : (i32, i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i1) -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()
