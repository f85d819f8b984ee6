// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for the cross-core ops: modes, the pipe a set may signal from, the atomic
// dtype attribute and the workspace operands.

"builtin.module"() ({
  "func.func"() ({
    %f = "arith.constant"() {value = 3 : i32} : () -> i32
    // expected-error @+1 {{'asc.cross_core_set_flag' op mode 3 is not a cross-core mode}}
    "asc.cross_core_set_flag"(%f) {mode = 3 : i32, pipe = #asc.pipe<PIPE_MTE3>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "x1", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %f = "arith.constant"() {value = 3 : i32} : () -> i32
    // expected-error @+1 {{'asc.cross_core_set_flag' op pipe PIPE_S cannot signal another core}}
    "asc.cross_core_set_flag"(%f) {mode = 2 : i32, pipe = #asc.pipe<PIPE_S>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "x2", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %f = "arith.constant"() {value = 3 : i32} : () -> i32
    // expected-error @+1 {{'asc.cross_core_wait_flag' op requires attribute 'mode'}}
    "asc.cross_core_wait_flag"(%f) {pipe = #asc.pipe<PIPE_S>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "x3", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f32>, %u: !asc.local_tensor<f32>, %n: i32):
    // expected-error @+1 {{'asc.sync_all_soft' op}}
    "asc.sync_all_soft"(%g, %u, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "x4", function_type = (!asc.global_tensor<f32>, !asc.local_tensor<f32>, i32) -> ()} : () -> ()
}) : () -> ()
