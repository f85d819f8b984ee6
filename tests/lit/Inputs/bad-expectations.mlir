// Input for asc-opt/verify-diagnostics-mismatch.mlir: one expectation that is never
// produced, and one error that is not expected.
"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{this message is never produced}}
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "ok"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    "no.such_op"() : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "bad"} : () -> ()
}) : () -> ()
