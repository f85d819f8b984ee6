// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for scf.for / scf.if / scf.while: operand and region signatures,
// terminators and their placement, region arguments and yielded types, dominance.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32, %c: index):
    // expected-error @+1 {{'scf.for' op operand 'upper_bound' must be index, but got 'i32'}}
    "scf.for"(%c, %n, %c) ({
    ^bb0(%i: index):
      "scf.yield"() : () -> ()
    }) : (index, i32, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_1", function_type = (i32, index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index):
    // expected-error @+1 {{'scf.for' op expected body first argument to be an index argument for the induction variable}}
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: i32):
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_2", function_type = (index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index, %x: i32):
    // expected-error @+1 {{'scf.for' op region argument #1 type 'i64' does not match operand #3 type 'i32'}}
    %r = "scf.for"(%c, %c, %c, %x) ({
    ^bb0(%i: index, %acc: i64):
      "scf.yield"(%acc) : (i64) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_3", function_type = (index, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index, %x: i32):
    // expected-error @+1 {{'scf.for' op result count 0 does not match operand count 1}}
    "scf.for"(%c, %c, %c, %x) ({
    ^bb0(%i: index, %acc: i32):
      "scf.yield"(%acc) : (i32) -> ()
    }) : (index, index, index, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_4", function_type = (index, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index, %x: i32, %f: f32):
    %r = "scf.for"(%c, %c, %c, %x) ({
    ^bb0(%i: index, %acc: i32):
      // expected-error @+1 {{'scf.yield' op operand #0 type 'f32' does not match result #0 type 'i32' of 'scf.for'}}
      "scf.yield"(%f) : (f32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_5", function_type = (index, i32, f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index):
    // expected-error @+1 {{'scf.for' op expects 1 region(s) but got 2}}
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_6", function_type = (index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index, %x: i32):
    // expected-error @+1 {{'scf.for' op region #0 must end with 'scf.yield', but ends with 'arith.addi'}}
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
      %s = "arith.addi"(%x, %x) : (i32, i32) -> i32
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_7", function_type = (index, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index):
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
      // expected-error @+1 {{'scf.yield' op must be the last operation in its block}}
      "scf.yield"() : () -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_8", function_type = (index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%b: i1, %x: i32):
    // expected-error @+1 {{'scf.if' op must have an else region when it has results}}
    %r = "scf.if"(%b) ({
      "scf.yield"(%x) : (i32) -> ()
    }, {
    }) : (i1) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_9", function_type = (i1, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i32):
    // expected-error @+1 {{'scf.if' op operand 'cond' must be i1, but got 'i32'}}
    "scf.if"(%x) ({
      "scf.yield"() : () -> ()
    }, {
    }) : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_10", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%b: i1, %x: i32):
    %r = "scf.if"(%b) ({
      "scf.yield"(%x) : (i32) -> ()
    }, {
      // expected-error @+1 {{'scf.yield' op operand count 0 does not match result count 1 of 'scf.if'}}
      "scf.yield"() : () -> ()
    }) : (i1) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_11", function_type = (i1, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i32, %f: f32):
    %r = "scf.while"(%x) ({
    ^bb0(%a: i32):
      %b = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i1
      // expected-error @+1 {{'scf.condition' op operand #1 type 'f32' does not match result #0 type 'i32' of 'scf.while'}}
      "scf.condition"(%b, %f) : (i1, f32) -> ()
    }, {
    ^bb0(%a: i32):
      "scf.yield"(%a) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_12", function_type = (i32, f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i32):
    // expected-error @+1 {{'scf.while' op region #0 must end with 'scf.condition', but ends with 'scf.yield'}}
    %r = "scf.while"(%x) ({
    ^bb0(%a: i32):
      "scf.yield"(%a) : (i32) -> ()
    }, {
    ^bb0(%a: i32):
      "scf.yield"(%a) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "scf_13", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i64):
    // expected-error @+1 {{'scf.while' op region argument #0 type 'i32' does not match operand #0 type 'i64'}}
    "scf.while"(%x) ({
    ^bb0(%a: i32):
      %b = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i32, i32) -> i1
      "scf.condition"(%b) : (i1) -> ()
    }, {
      "scf.yield"(%x) : (i64) -> ()
    }) : (i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_14", function_type = (i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index, %b: i1):
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
      // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
      "scf.condition"(%b) : (i1) -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_15", function_type = (index, i1) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: i32):
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.for, scf.if, scf.while'}}
    "scf.yield"() : () -> ()
  }) {sym_name = "scf_16", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: index):
    // expected-error @+1 {{'scf.for' op region #0 has an empty block; it must end with 'scf.yield'}}
    "scf.for"(%c, %c, %c) ({
    ^bb0(%i: index):
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "scf_17", function_type = (index) -> ()} : () -> ()
}) : () -> ()
