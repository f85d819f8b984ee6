// The forms of --verify-diagnostics expectations: same line, @+N, @-N, @above, @below,
// several expectations for one line, and a diagnostic reported at the file's own line
// inside a later piece of a --split-input-file input.
// RUN: asc-opt --split-input-file --verify-diagnostics %s

"builtin.module"() ({
  "func.func"() ({
    "no.such_op"() : () -> () // expected-error {{no.such_op}}
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "same_line"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+2 {{no.such_op}}
    // (a comment between the expectation and the op)
    "no.such_op"() : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "plus_two"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    "no.such_op"() : () -> ()
    // expected-error @-1 {{no.such_op}}
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "minus_one"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    "no.such_op"() : () -> ()
    // expected-error @above {{no.such_op}}
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "above"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @below {{no.such_op}}
    "no.such_op"() : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "below"} : () -> ()
}) : () -> ()
