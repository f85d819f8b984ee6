// scalar_write_round_trip: a set_value is ordered before a later vector read without an S_V flag,
// through S_MTE3 to the store and MTE3_S back to the scalar unit (sync.md B.4: the set after the
// scalar write waits for it, and a wait on S orders everything issued after it). No report.
// RUN: g=g.npy:f32:64
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("round_trip.py":3:4)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("round_trip.py":4:4)
    %i3 = "arith.constant"() {value = 3 : i32} : () -> i32 loc("round_trip.py":5:4)
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("round_trip.py":6:4)
    %two = "arith.constant"() {value = 2.0 : f32} : () -> f32 loc("round_trip.py":7:4)
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("round_trip.py":8:4)
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("round_trip.py":8:4)
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("round_trip.py":9:4)
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("round_trip.py":10:4)
    "asc.set_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> () loc("round_trip.py":11:4)
    "asc.wait_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> () loc("round_trip.py":12:4)
    "asc.set_value"(%a, %i3, %two) : (!asc.local_tensor<f32, VECOUT>, i32, f32) -> () loc("round_trip.py":13:4)
    "asc.set_flag"(%c0) {event = #asc.event<S_MTE3>} : (i32) -> () loc("round_trip.py":14:4)
    "asc.wait_flag"(%c0) {event = #asc.event<S_MTE3>} : (i32) -> () loc("round_trip.py":15:4)
    "asc.data_copy"(%gt, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("round_trip.py":16:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE3_S>} : (i32) -> () loc("round_trip.py":17:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE3_S>} : (i32) -> () loc("round_trip.py":18:4)
    "asc.adds"(%a, %a, %one, %n) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("round_trip.py":19:4)
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> () loc("round_trip.py":20:4)
    "func.return"() : () -> () loc("round_trip.py":21:4)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "k"} : () -> () loc("round_trip.py":2:0)
}) : () -> ()
