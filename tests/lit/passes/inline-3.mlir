// RUN: not asc-opt --split-input-file --inline %s 2>&1 | FileCheck %s
// inline-3: recursion cannot be inlined; the error is at the call that would start it.

// Case 3.1: a function calling itself.
// CHECK: rec.py:8:5: error: recursive call to 'f' cannot be inlined
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @f} : (i32) -> i32 loc("rec.py":3:10)
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "f", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @f} : (i32) -> i32 loc("rec.py":8:5)
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----
// Case 3.2: @a is not recursive and is inlined; it brings in a call to @b, and @b
// and @c call each other, so the error is at that call (its location is @a's).
// CHECK: rec.py:20:7: error: recursive call to 'b' cannot be inlined
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @b} : (i32) -> i32 loc("rec.py":20:7)
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "a", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @c} : (i32) -> i32 loc("rec.py":24:7)
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "b", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @b} : (i32) -> i32 loc("rec.py":28:7)
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "c", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @a} : (i32) -> i32 loc("rec.py":32:5)
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()
