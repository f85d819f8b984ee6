// sync_event_id_out_of_range: set_flag(MTE2_V, 9) is legal IR (pyasc compiles it; verify-sync warns,
// S006): the hardware has ids 0-7, so it is an error when it runs, at its line.
// ERRORS: 1
// EXPECT: ev.py:4:4: error: asc.set_flag: event id 9 of MTE2_V is out of range 0..7
// RUN: z=z.npy:f32:64
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%z: !asc.gm_ptr<f32>):
    %c9 = "arith.constant"() {value = 9 : i32} : () -> i32 loc("ev.py":3:4)
    "asc.set_flag"(%c9) {event = #asc.event<MTE2_V>} : (i32) -> () loc("ev.py":4:4)
    "asc.wait_flag"(%c9) {event = #asc.event<MTE2_V>} : (i32) -> () loc("ev.py":5:4)
    "func.return"() : () -> () loc("ev.py":6:4)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "id9"} : () -> ()
}) : () -> ()
