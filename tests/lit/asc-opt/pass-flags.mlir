// Passes run in command-line order, from --<pass> flags and --pass-pipeline alike;
// --print-ir-after-all and --print-after=<pass> dump to stderr; --no-verify is accepted.
// RUN: asc-opt --print-ir-after-all --inline --cse %s 2>%t.all | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ALL < %t.all
// RUN: asc-opt --pass-pipeline=cse,inline --print-ir-after-all %s 2>%t.rev >%t.out
// RUN: FileCheck %s --check-prefix=REV < %t.rev
// RUN: asc-opt --inline --print-after=cse --cse --no-verify %s 2>%t.one >%t.out
// RUN: FileCheck %s --check-prefix=ONE < %t.one

// OUT: "func.func"
// OUT-NOT: "func.call"
// OUT: "arith.addi"(%arg0, %arg0)
// OUT-NOT: sym_name = "twice"

// ALL: IR Dump After inline
// ALL-NOT: "func.call"
// ALL: IR Dump After cse

// REV: IR Dump After cse
// REV: "func.call"
// REV: IR Dump After inline

// ONE-NOT: IR Dump After inline
// ONE: IR Dump After cse
// ONE-NOT: IR Dump After
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    %r = "func.call"(%a) {callee = @twice} : (i32) -> i32
    "func.return"(%r) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "k"} : () -> ()
  "func.func"() ({
  ^bb0(%v: i32):
    %d = "arith.addi"(%v, %v) : (i32, i32) -> i32
    "func.return"(%d) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "twice", sym_visibility = "private"} : () -> ()
}) : () -> ()
