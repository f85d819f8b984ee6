// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-7: scf.for with constant bounds.

// Case 7.1: zero trips (lb 8 >= ub 2): the results are the init values and the
// body, side effects included, never runs.
// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "sink"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: "func.return"(%arg0) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "zero_trip"}
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "sink"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %lb = "arith.constant"() {value = 8 : index} : () -> index
    %ub = "arith.constant"() {value = 2 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %0 = "scf.for"(%lb, %ub, %st, %arg0) ({
    ^bb0(%iv: index, %acc: i32):
      "func.call"(%acc) {callee = @sink} : (i32) -> ()
      %1 = "arith.addi"(%acc, %acc) : (i32, i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "zero_trip"} : () -> ()
}) : () -> ()

// -----
// Case 7.2: one trip (lb 2, ub 5, step 4): the body runs once with iv = 2 and the
// carried value = its init; index_cast(2) then folds too.
// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "sink"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 2 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT: "func.call"(%1) {callee = @sink} : (i32) -> ()
// CHECK-NEXT: "func.return"(%1) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "sink"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %lb = "arith.constant"() {value = 2 : index} : () -> index
    %ub = "arith.constant"() {value = 5 : index} : () -> index
    %st = "arith.constant"() {value = 4 : index} : () -> index
    %0 = "scf.for"(%lb, %ub, %st, %arg0) ({
    ^bb0(%iv: index, %acc: i32):
      %i = "arith.index_cast"(%iv) : (index) -> i32
      %1 = "arith.addi"(%acc, %i) : (i32, i32) -> i32
      "func.call"(%1) {callee = @sink} : (i32) -> ()
      "scf.yield"(%1) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "one_trip"} : () -> ()
}) : () -> ()

// -----
// Case 7.3: two trips (lb 0, ub 2, step 1) stay a loop; so does a loop with an
// unknown bound.  A loop with no results whose body is only a yield is removed,
// whatever its bounds.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: index):
// CHECK-NEXT: %0 = "arith.constant"() {value = 0 : index} : () -> index
// CHECK-NEXT: %1 = "arith.constant"() {value = 2 : index} : () -> index
// CHECK-NEXT: %2 = "arith.constant"() {value = 1 : index} : () -> index
// CHECK-NEXT: %3 = "scf.for"(%0, %1, %2, %arg0) ({
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: i32):
// CHECK-NEXT: %4 = "arith.addi"(%arg3, %arg3) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%4) : (i32) -> ()
// CHECK-NEXT: }) : (index, index, index, i32) -> i32
// CHECK-NEXT: %5 = "scf.for"(%0, %arg1, %2, %3) ({
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: i32):
// CHECK-NEXT: %6 = "arith.muli"(%arg5, %arg5) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%6) : (i32) -> ()
// CHECK-NEXT: }) : (index, index, index, i32) -> i32
// CHECK-NEXT: "func.return"(%5) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: index):
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %ub = "arith.constant"() {value = 2 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %0 = "scf.for"(%lb, %ub, %st, %arg0) ({
    ^bb0(%iv: index, %acc: i32):
      %1 = "arith.addi"(%acc, %acc) : (i32, i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %2 = "scf.for"(%lb, %arg1, %st, %0) ({
    ^bb0(%iv: index, %acc: i32):
      %3 = "arith.muli"(%acc, %acc) : (i32, i32) -> i32
      "scf.yield"(%3) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "scf.for"(%lb, %arg1, %st) ({
    ^bb0(%iv: index):
      %4 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"(%2) : (i32) -> ()
  }) {function_type = (i32, index) -> i32, sym_name = "kept"} : () -> ()
}) : () -> ()
