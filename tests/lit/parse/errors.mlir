// RUN: not asc-opt --split-input-file %s 2>&1 | FileCheck %s
// Malformed input: every case gives one error at the exact line and column of the
// offending token, and asc-opt goes on with the next case.

// CHECK: errors.mlir:[[@LINE+1]]:1: error: unknown operation 'asc.bogus'
"asc.bogus"() : () -> ()

// -----

"func.func"() ({
^bb0(%a: i32):
  // CHECK: errors.mlir:[[@LINE+1]]:25: error: use of undeclared SSA value name '%b'
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "k"} : () -> ()

// -----

"func.func"() ({
^bb0(%a: i32):
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  // CHECK: errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%0'
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "k"} : () -> ()

// -----

// CHECK: errors.mlir:[[@LINE+1]]:24: error: expected ')'
"func.return"() : (i32 -> ()

// -----

// CHECK: errors.mlir:[[@LINE+1]]:51: error: unknown type 'i7'
%0 = "arith.constant"() {value = 1 : i32} : () -> i7

// -----

// CHECK: errors.mlir:[[@LINE+2]]:36: error: unknown type '!asc.tensor'
%0 = "asc.tpipe"() : () -> !asc.pipe
%1 = "asc.global_tensor"() : () -> !asc.tensor<f32>

// -----

// CHECK: errors.mlir:[[@LINE+1]]:41: error: unknown event 'MTE9_V'
"asc.pipe_barrier"() {pipe = #asc.event<MTE9_V>} : () -> ()

// -----

// CHECK: errors.mlir:[[@LINE+1]]:34: error: integer value too large for i8
%0 = "arith.constant"() {value = 300 : i8} : () -> i8

// -----

// CHECK: errors.mlir:[[@LINE+1]]:32: error: unterminated string
"func.return"() : () -> () loc("a.py

// -----

// CHECK: errors.mlir:[[@LINE+1]]:17: error: unexpected character '?'
"func.return"() ? () -> ()

// -----

"scf.if"(%c) ({
// CHECK: errors.mlir:[[@LINE-1]]:10: error: use of undeclared SSA value name '%c'
}) : (i1) -> ()

// -----

%c = "arith.constant"() {value = true} : () -> i1
"scf.if"(%c) ({
}, {
// CHECK: errors.mlir:[[@LINE+1]]:6: error: expected 1 operand type but got 2
}) : (i1, i1) -> ()

// -----

// CHECK: errors.mlir:[[@LINE+1]]:32: error: expected '"file":line:col' or 'unknown' in location
"func.return"() : () -> () loc(callsite(42))

// -----

// CHECK: errors.mlir:[[@LINE+1]]:1: error: operation defines 1 result but was provided 2 to bind
%0:2 = "asc.tpipe"() : () -> !asc.pipe

// -----

"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
// CHECK: errors.mlir:[[@LINE+1]]:1: error: multiple blocks per region are not supported
^bb1:
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "k"} : () -> ()

// -----

// CHECK: errors.mlir:[[@LINE+1]]:49: error: expected 'x' in dimension list
%0 = "asc.tpipe"() : () -> !asc.local_tensor<16 32xf16>

// -----

// The module's own block takes no arguments (the printer could not name them; found by fuzz_parse).
// CHECK: errors.mlir:[[@LINE+1]]:1: error: 'builtin.module' op expects its region's block to have no arguments, got 1
"builtin.module"() ({
^bb0(%v: i32):
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "f"} : () -> ()
}) : () -> ()

// -----

// CHECK: errors.mlir:[[@LINE+2]]:1: error: expected '}'
"scf.yield"() ({
