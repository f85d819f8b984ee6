// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// S006 bad id and S007 bad event.  Literal ids outside 0-7, events valid on no core,
// pipe_barrier(PIPE_S) and barriers of pipes arch 2201 lacks are legal IR, as in pyasc:
// compile warnings here, errors when they run (the simulator); then the cases that
// depend on the kernel: a TPipe, and the core the kernel runs on.

// S007: pipe_barrier(PIPE_S).
"builtin.module"() ({
  "func.func"() ({
    // expected-warning @+1 {{S007 bad event: pipe_barrier(PIPE_S) is illegal: scalar order is already guaranteed}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_S>} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "s007_pipe_s", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

// S006: ids 6 and 7 with a TPipe (6: system, 7: TPipe's automatic sync).
"builtin.module"() ({
  "func.func"() ({
    %c6 = "arith.constant"() {value = 6 : i32} : () -> i32
    %c7 = "arith.constant"() {value = 7 : i32} : () -> i32
    // expected-note @+1 {{TPipe created here}}
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    // expected-warning @+1 {{S006 bad id: event id 7 of MTE2_V is reserved when the kernel has a TPipe}}
    "asc.set_flag"(%c7) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id 7 of MTE2_V is reserved}}
    "asc.wait_flag"(%c7) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id 6 of V_MTE3 is reserved when the kernel has a TPipe}}
    "asc.set_flag"(%c6) {event = #asc.event<V_MTE3>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id 6 of V_MTE3 is reserved}}
    "asc.wait_flag"(%c6) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "reserved_ids"} : () -> ()
}) : () -> ()

// -----

// Without a TPipe (static tensors and user flags), ids 6 and 7 are the user's.
"builtin.module"() ({
  "func.func"() ({
    %c7 = "arith.constant"() {value = 7 : i32} : () -> i32
    "asc.set_flag"(%c7) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%c7) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "no_tpipe"} : () -> ()
}) : () -> ()

// -----

// S007: cube events and cube pipes in a kernel that uses vector operations (AIV).
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %t = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<256xf16, VECCALC>
    "asc.add"(%t, %t, %t, %n) : (!asc.local_tensor<256xf16, VECCALC>, !asc.local_tensor<256xf16, VECCALC>, !asc.local_tensor<256xf16, VECCALC>, i32) -> ()
    // expected-warning @+1 {{S007 bad event: MTE2_MTE1 is not available on a vector core (AIV)}}
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: MTE2_MTE1 is not available on a vector core (AIV)}}
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: FIX_S is not available on a vector core (AIV)}}
    "asc.set_flag"(%c0) {event = #asc.event<FIX_S>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: pipe_barrier(PIPE_M) on a vector core (AIV)}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_M>} : () -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
    // expected-warning @+1 {{S007 bad event: FIX_S is not available on a vector core (AIV)}}
    "asc.wait_flag"(%c0) {event = #asc.event<FIX_S>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "aiv_cube_events"} : () -> ()
}) : () -> ()

// -----

// S007: vector events and PIPE_V in a kernel working on L1 (AIC).
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<A1>} : (i32, i32) -> !asc.local_tensor<256xf16, A1>
    // expected-warning @+1 {{S007 bad event: S_V is not available on a cube core (AIC)}}
    "asc.set_flag"(%c0) {event = #asc.event<S_V>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: S_V is not available on a cube core (AIC)}}
    "asc.wait_flag"(%c0) {event = #asc.event<S_V>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: pipe_barrier(PIPE_V) on a cube core (AIC)}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "aic_vector_events"} : () -> ()
}) : () -> ()

// -----

// S006 on a cube core with a TPipe: TPipe::Init holds M_MTE1 ids 0-2.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    // expected-note @+1 {{TPipe created here}}
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<A1>} : (i32, i32) -> !asc.local_tensor<256xf16, A1>
    // expected-warning @+1 {{S006 bad id: M_MTE1 id 0 is reserved on a cube core with a TPipe}}
    "asc.set_flag"(%c0) {event = #asc.event<M_MTE1>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: M_MTE1 id 0 is reserved on a cube core with a TPipe}}
    "asc.wait_flag"(%c0) {event = #asc.event<M_MTE1>} : (i32) -> ()
    "asc.set_flag"(%c3) {event = #asc.event<M_MTE1>} : (i32) -> ()
    "asc.wait_flag"(%c3) {event = #asc.event<M_MTE1>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "aic_m_mte1"} : () -> ()
}) : () -> ()

// -----

// A kernel with neither vector nor cube operations: its core is unknown, so no
// core-specific finding.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_MTE1>} : (i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<S_V>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<S_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "unknown_core"} : () -> ()
}) : () -> ()

// -----

// S006 for an id computed from constants.
"builtin.module"() ({
  "func.func"() ({
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32
    %c5 = "arith.constant"() {value = 5 : i32} : () -> i32
    %id = "arith.addi"(%c4, %c5) : (i32, i32) -> i32
    // expected-warning @+1 {{S006 bad id: event id 9 is out of range: each event has ids 0-7}}
    "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id 9 is out of range}}
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "computed_id"} : () -> ()
}) : () -> ()

// -----

// S006 for a literal id outside 0-7; S007 for events valid on no core and for barriers of
// pipes arch 2201 does not have (all compile, as in pyasc).
"builtin.module"() ({
  "func.func"() ({
    %c9 = "arith.constant"() {value = 9 : i32} : () -> i32
    %cm1 = "arith.constant"() {value = -1 : i32} : () -> i32
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-warning @+1 {{S006 bad id: event id 9 is out of range: each event has ids 0-7}}
    "asc.set_flag"(%c9) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id 9 is out of range}}
    "asc.wait_flag"(%c9) {event = #asc.event<MTE2_V>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id -1 is out of range}}
    "asc.set_flag"(%cm1) {event = #asc.event<V_MTE3>} : (i32) -> ()
    // expected-warning @+1 {{S006 bad id: event id -1 is out of range}}
    "asc.wait_flag"(%cm1) {event = #asc.event<V_MTE3>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: M_V is valid on no core}}
    "asc.set_flag"(%c0) {event = #asc.event<M_V>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: M_V is valid on no core}}
    "asc.wait_flag"(%c0) {event = #asc.event<M_V>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: V_MTE1 is valid on no core}}
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE1>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: V_MTE1 is valid on no core}}
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE1>} : (i32) -> ()
    // expected-warning @+1 {{S007 bad event: pipe PIPE_MTE4 does not exist on arch 2201}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE4>} : () -> ()
    // expected-warning @+1 {{S007 bad event: pipe PIPE_MTE5 does not exist on arch 2201}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE5>} : () -> ()
    // expected-warning @+1 {{S007 bad event: pipe PIPE_V2 does not exist on arch 2201}}
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V2>} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "literal_ids_no_core_events_missing_pipes"} : () -> ()
}) : () -> ()
