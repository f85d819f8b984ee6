// RUN: asc-opt --split-input-file --cse %s | FileCheck %s
// cse-2: scopes.  What a block computes is available in the regions nested in it;
// what a region computes is not available after it, nor in a sibling region; a
// function sees nothing of another.

// Case 2.1: in the loop body, the add and the index constant repeat outer ones and
// merge into them; the product computed inside the loop does not replace the same
// product after the loop.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: index):
// CHECK-NEXT: %0 = "arith.constant"() {value = 0 : index} : () -> index
// CHECK-NEXT: %1 = "arith.constant"() {value = 1 : index} : () -> index
// CHECK-NEXT: %2 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %3 = "scf.for"(%0, %arg1, %1, %arg0) ({
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: i32):
// CHECK-NEXT: %4 = "arith.muli"(%arg3, %2) : (i32, i32) -> i32
// CHECK-NEXT: %5 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %6 = "arith.index_cast"(%0) : (index) -> i32
// CHECK-NEXT: %7 = "arith.index_cast"(%arg2) : (index) -> i32
// CHECK-NEXT: %8 = "arith.addi"(%4, %6) : (i32, i32) -> i32
// CHECK-NEXT: %9 = "arith.addi"(%8, %7) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%9) : (i32) -> ()
// CHECK-NEXT: }) : (index, index, index, i32) -> i32
// CHECK-NEXT: %10 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %11 = "arith.addi"(%3, %10) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%11) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
    %1 = "scf.for"(%c0, %arg1, %c1, %arg0) ({
    ^bb0(%iv: index, %acc: i32):
      %2 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
      %3 = "arith.muli"(%acc, %2) : (i32, i32) -> i32
      %4 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
      %c0b = "arith.constant"() {value = 0 : index} : () -> index
      %5 = "arith.index_cast"(%c0b) : (index) -> i32
      %6 = "arith.index_cast"(%iv) : (index) -> i32
      %7 = "arith.addi"(%3, %5) : (i32, i32) -> i32
      %70 = "arith.addi"(%7, %6) : (i32, i32) -> i32
      "scf.yield"(%70) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %8 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
    %9 = "arith.addi"(%1, %8) : (i32, i32) -> i32
    "func.return"(%9) : (i32) -> ()
  }) {function_type = (i32, index) -> i32, sym_name = "loop"} : () -> ()
}) : () -> ()

// -----
// Case 2.2: the two arms of an scf.if compute the same difference; neither arm sees
// the other's, and the same difference after the scf.if sees neither.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: i1):
// CHECK-NEXT: %0 = "scf.if"(%arg1) ({
// CHECK-NEXT: %1 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %2 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %3 = "arith.muli"(%2, %2) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%3) : (i32) -> ()
// CHECK-NEXT: }) : (i1) -> i32
// CHECK-NEXT: %4 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %5 = "arith.addi"(%0, %4) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%5) : (i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i1):
    %0 = "scf.if"(%arg1) ({
      %1 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }, {
      %2 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
      %3 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
      %4 = "arith.muli"(%2, %3) : (i32, i32) -> i32
      "scf.yield"(%4) : (i32) -> ()
    }) : (i1) -> i32
    %5 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
    %6 = "arith.addi"(%0, %5) : (i32, i32) -> i32
    "func.return"(%6) : (i32) -> ()
  }) {function_type = (i32, i1) -> i32, sym_name = "arms"} : () -> ()
}) : () -> ()

// -----
// Case 2.3: two functions with the same constant each keep theirs.
// CHECK-LABEL: "builtin.module"
// CHECK: %0 = "arith.constant"() {value = 7 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%0) : (i32) -> ()
// CHECK-NEXT: }) {function_type = () -> i32, sym_name = "a"}
// CHECK: %0 = "arith.constant"() {value = 7 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%0) : (i32) -> ()
// CHECK-NEXT: }) {function_type = () -> i32, sym_name = "b"}
"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 7 : i32} : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = () -> i32, sym_name = "a"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 7 : i32} : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = () -> i32, sym_name = "b"} : () -> ()
}) : () -> ()
