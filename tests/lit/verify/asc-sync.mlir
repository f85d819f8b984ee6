// RUN: asc-opt --split-input-file --verify-diagnostics %s
// The verifier and set_flag / wait_flag / pipe_barrier (hardware.md §5-§7): events no core
// has, literal event ids outside 0-7 and pipes a barrier may not name are legal IR, as in
// pyasc (the simulator rejects them when they run, verify-sync warns: verify-sync/ids-events.mlir);
// a missing attribute is an error.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32):
    "asc.set_flag"(%id) {event = #asc.event<M_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_1", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32):
    "asc.wait_flag"(%id) {event = #asc.event<V_MTE1>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_2", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32):
    // expected-error @+1 {{'asc.set_flag' op requires attribute 'event'}}
    "asc.set_flag"(%id) : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_3", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %id = "arith.constant"() {value = 9 : i32} : () -> i32
    "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_4", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32):
    // expected-error @+1 {{'asc.set_flag' op attribute 'event' must be a HardEvent (#asc.event<...>), but got #asc.pipe<PIPE_V>}}
    "asc.set_flag"(%id) {event = #asc.pipe<PIPE_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_5", function_type = (i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: f32):
    // expected-error @+1 {{'asc.wait_flag' op operand 'event_id' must be i32, but got 'f32'}}
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (f32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_6", function_type = (f32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // pipe_barrier(PIPE_S) verifies (pyasc compiles it); verify-sync warns (S007) and the
    // simulator rejects it when it runs.
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_S>} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_7", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE4>} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_8", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.pipe_barrier' op requires attribute 'pipe'}}
    "asc.pipe_barrier"() : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_9", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%id: i32):
    // expected-error @+1 {{'asc.set_flag' op expects 1 operands but got 0}}
    "asc.set_flag"() {event = #asc.event<MTE2_V>} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "sync_10", function_type = (i32) -> ()} : () -> ()
}) : () -> ()
