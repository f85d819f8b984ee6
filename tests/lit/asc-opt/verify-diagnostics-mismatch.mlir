// --verify-diagnostics fails (exit 1) when an expected diagnostic is missing or an
// unexpected error appears, and says which.
// RUN: %python %S/../Inputs/exit-status.py 1 asc-opt --split-input-file --verify-diagnostics %S/../Inputs/bad-expectations.mlir 2>&1 | FileCheck %s

// CHECK-DAG: bad-expectations.mlir:6: error: expected error "this message is never produced" was not produced
// CHECK-DAG: bad-expectations.mlir:14:5: error: unexpected error: {{.*}}no.such_op
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
