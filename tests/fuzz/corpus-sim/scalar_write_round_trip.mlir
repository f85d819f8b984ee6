"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %i3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %two = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %gt = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt, %g) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT>
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.set_value"(%a, %i3, %two) : (!asc.local_tensor<f32, VECOUT>, i32, f32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<S_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<S_MTE3>} : (i32) -> ()
    "asc.data_copy"(%gt, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<MTE3_S>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE3_S>} : (i32) -> ()
    "asc.adds"(%a, %a, %one, %n) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECOUT>, f32, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
