// RUN: asc-opt --split-input-file --inline %s | FileCheck %s
// inline-1: how one call is inlined.  Case 1.1: a callee returning two values;
// the call's results become the copied func.return operands, the callee's
// arguments the call's operands, and the private callee, now unused, is deleted.

// CHECK-LABEL: "builtin.module"
// CHECK-NOT: sym_name = "sum_prod"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 3 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32 loc("lib.py":2:11)
// CHECK-NEXT: %2 = "arith.muli"(%arg0, %0) : (i32, i32) -> i32 loc("lib.py":3:11)
// CHECK-NEXT: %3 = "arith.subi"(%1, %2) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%3) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
// CHECK-NEXT: }) : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) : (i32, i32) -> i32 loc("lib.py":2:11)
    %1 = "arith.muli"(%arg0, %arg1) : (i32, i32) -> i32 loc("lib.py":3:11)
    "func.return"(%0, %1) : (i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i32, i32), sym_name = "sum_prod", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() {value = 3 : i32} : () -> i32
    %1:2 = "func.call"(%arg0, %0) {callee = @sum_prod} : (i32, i32) -> (i32, i32)
    %2 = "arith.subi"(%1#0, %1#1) : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----
// Case 1.2: a callee that only permutes its arguments, called inside a loop body:
// the call disappears and the loop yields the carried value itself.

// CHECK-LABEL: "builtin.module"
// CHECK-NOT: sym_name = "swap"
// CHECK: %3 = "scf.for"(%0, %1, %2, %arg0) ({
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: i32):
// CHECK-NEXT: "scf.yield"(%arg2) : (i32) -> ()
// CHECK-NEXT: }) : (index, index, index, i32) -> i32
// CHECK-NEXT: "func.return"(%3) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: index, %arg1: i32):
    "func.return"(%arg1, %arg0) : (i32, index) -> ()
  }) {function_type = (index, i32) -> (i32, index), sym_name = "swap", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 4 : index} : () -> index
    %2 = "arith.constant"() {value = 1 : index} : () -> index
    %3 = "scf.for"(%0, %1, %2, %arg0) ({
    ^bb0(%arg1: index, %arg2: i32):
      %4:2 = "func.call"(%arg1, %arg2) {callee = @swap} : (index, i32) -> (i32, index)
      "scf.yield"(%4#0) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"(%3) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----
// Case 1.3: only private functions with a body are inlined.  A call to a public
// function and a call to a private declaration stay, and both callees stay.

// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "ext", sym_visibility = "private"
// CHECK: sym_name = "helper"
// CHECK: %0 = "func.call"(%arg0) {callee = @ext} : (i32) -> i32
// CHECK-NEXT: %1 = "func.call"(%0) {callee = @helper} : (i32) -> i32
// CHECK-NEXT: "func.return"(%1) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  }) {function_type = (i32) -> i32, sym_name = "ext", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "helper"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @ext} : (i32) -> i32
    %1 = "func.call"(%0) {callee = @helper} : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()
