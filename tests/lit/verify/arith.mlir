// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for the arith ops: signatures ($ bindings, signless integers),
// arith.constant's value, predicates, and the width rules of the casts.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32, %b: i64):
    // expected-error @+1 {{'arith.addi' op operand 'rhs' type 'i64' must match operand 'lhs' type 'i32'}}
    %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_1", function_type = (i32, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.addi' op result #0 type 'i64' must match operand 'lhs' type 'i32'}}
    %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
    "func.return"() : () -> ()
  }) {sym_name = "arith_2", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%f: f32):
    // expected-error @+1 {{'arith.muli' op operand 'lhs' must be intidx, but got 'f32'}}
    %0 = "arith.muli"(%f, %f) : (f32, f32) -> f32
    "func.return"() : () -> ()
  }) {sym_name = "arith_3", function_type = (f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: ui32):
    // expected-error @+1 {{'arith.addi' op operand 'lhs' must be a signless integer, but got 'ui32'}}
    %0 = "arith.addi"(%a, %a) : (ui32, ui32) -> ui32
    "func.return"() : () -> ()
  }) {sym_name = "arith_4", function_type = (ui32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.subi' op expects 2 operands but got 3}}
    %0 = "arith.subi"(%a, %a, %a) : (i32, i32, i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_5", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'arith.constant' op value attribute type 'i64' must match result type 'i32'}}
    %0 = "arith.constant"() {value = 5 : i64} : () -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_6", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'arith.constant' op value must be an integer attribute for result type 'index'}}
    %0 = "arith.constant"() {value = 1.5 : f32} : () -> index
    "func.return"() : () -> ()
  }) {sym_name = "arith_7", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
    %0 = "arith.constant"() : () -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_8", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'arith.constant' op result #0 must be a signless integer, but got 'ui32'}}
    %0 = "arith.constant"() {value = 5 : ui32} : () -> ui32
    "func.return"() : () -> ()
  }) {sym_name = "arith_9", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.cmpi' op predicate 12 is out of range [0, 9]}}
    %0 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1
    "func.return"() : () -> ()
  }) {sym_name = "arith_10", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' must be an integer, but got "slt"}}
    %0 = "arith.cmpi"(%a, %a) {predicate = "slt"} : (i32, i32) -> i1
    "func.return"() : () -> ()
  }) {sym_name = "arith_11", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'arith.cmpf' op result #0 must be i1, but got 'i32'}}
    %0 = "arith.cmpf"(%a, %a) {predicate = 1 : i64} : (f32, f32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_12", function_type = (f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.extsi' op result type 'i16' must be wider than operand type 'i32'}}
    %0 = "arith.extsi"(%a) : (i32) -> i16
    "func.return"() : () -> ()
  }) {sym_name = "arith_13", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: f16):
    // expected-error @+1 {{'arith.truncf' op result type 'f32' must be narrower than operand type 'f16'}}
    %0 = "arith.truncf"(%a) : (f16) -> f32
    "func.return"() : () -> ()
  }) {sym_name = "arith_14", function_type = (f16) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
    %0 = "arith.index_cast"(%a) : (i32) -> i64
    "func.return"() : () -> ()
  }) {sym_name = "arith_15", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
    %0 = "arith.bitcast"(%a) : (i32) -> f16
    "func.return"() : () -> ()
  }) {sym_name = "arith_16", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'arith.sitofp' op operand 'in' must be int, but got 'f32'}}
    %0 = "arith.sitofp"(%a) : (f32) -> f32
    "func.return"() : () -> ()
  }) {sym_name = "arith_17", function_type = (f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1, %a: i32, %b: i64):
    // expected-error @+1 {{'arith.select' op operand 'false_value' type 'i64' must match operand 'true_value' type 'i32'}}
    %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "arith_18", function_type = (i1, i32, i64) -> ()} : () -> ()
}) : () -> ()
