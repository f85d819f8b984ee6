// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for func.func / func.return / func.call: symbols, signatures,
// entry block arguments, terminator placement.

"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {sym_name = "k", function_type = () -> ()} : () -> ()
  // expected-error @+1 {{'func.func' op redefinition of symbol 'k'}}
  "func.func"() ({
    "func.return"() : () -> ()
  }) {sym_name = "k", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'func.call' op 'foo' does not reference a valid function}}
    "func.call"() {callee = @foo} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "func_2", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    "func.return"() : () -> ()
  }) {sym_name = "callee", function_type = (i32) -> ()} : () -> ()
  "func.func"() ({
  ^bb0(%b: i64):
    // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
    "func.call"(%b) {callee = @callee} : (i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "func_3", function_type = (i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    "func.return"(%a) : (i32) -> ()
  }) {sym_name = "callee", function_type = (i32) -> i32} : () -> ()
  "func.func"() ({
  ^bb0(%b: i32):
    // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
    "func.call"(%b) {callee = @callee} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "func_4", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'func.call' op attribute 'callee' must be a symbol reference, but got "callee"}}
    "func.call"() {callee = "callee"} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "func_5", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i64):
    // expected-error @+1 {{'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @func_6}}
    "func.return"(%a) : (i64) -> ()
  }) {sym_name = "func_6", function_type = (i64) -> i32} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@func_7) returns 1}}
    "func.return"() : () -> ()
  }) {sym_name = "func_7", function_type = () -> i32} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op entry block must have 2 arguments to match function signature}}
  "func.func"() ({
  ^bb0(%a: i32):
    "func.return"() : () -> ()
  }) {sym_name = "func_8", function_type = (i32, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
  "func.func"() ({
  ^bb0(%a: i64):
    "func.return"() : () -> ()
  }) {sym_name = "func_9", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op region #0 must end with 'func.return', but ends with 'arith.constant'}}
  "func.func"() ({
    %0 = "arith.constant"() {value = 1 : i32} : () -> i32
  }) {sym_name = "func_10", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index):
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
      // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
      "func.return"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "func_11", function_type = (index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op attribute 'function_type' must be a function type, but got 'i32'}}
  "func.func"() ({
    "func.return"() : () -> ()
  }) {sym_name = "func_12", function_type = i32} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
  "func.func"() ({
  }) {sym_name = "func_14", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()
