// --split-input-file: each piece between '// -----' lines is a module of its own; the
// outputs are joined by '// -----'.  An error in one piece is reported at the line of the
// whole file, the other pieces are still printed, and the exit status is 1.
// RUN: asc-opt --split-input-file %s | FileCheck %s
// RUN: not asc-opt --split-input-file %S/../Inputs/bad-expectations.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: sym_name = "first"
// CHECK-NOT: sym_name
// CHECK: // -----
// CHECK-NEXT: "builtin.module"
// CHECK: sym_name = "second"

// ERR: bad-expectations.mlir:14:5: error: {{.*}}no.such_op
// ERR: "func.func"
// ERR: sym_name = "ok"
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "first"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "second"} : () -> ()
}) : () -> ()
