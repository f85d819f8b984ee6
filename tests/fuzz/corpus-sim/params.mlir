"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %c512 = "arith.constant"() {value = 512 : i32} : () -> i32
    %big = "arith.constant"() {value = 4611686018427387904 : i64} : () -> i64
    %m = "arith.constant"() {value = 16 : i64} : () -> i64
    %f0 = "arith.constant"() {value = 0.5 : f32} : () -> f32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %b = "asc.local_tensor"(%c256, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %t = "asc.local_tensor"(%c512, %c64) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %p = "asc.struct"(%c1, %c64, %c0, %c0, %c0) : (i32, i32, i32, i32, i32) -> !asc.struct<DataCopyExtParams>
    %q = "asc.struct"(%c1, %c1, %c0, %f0) : (i32, i32, i32, f32) -> !asc.struct<DataCopyPadExtParams>
    "asc.data_copy_pad"(%a, %xg, %p, %q) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, !asc.struct<DataCopyExtParams>, !asc.struct<DataCopyPadExtParams>) -> ()
    "asc.data_copy"(%b, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    %r = "asc.struct"(%c1, %c1, %c1, %c8, %c8, %c8) : (i32, i32, i32, i32, i32, i32) -> !asc.struct<BinaryRepeatParams>
    "asc.add.mask"(%b, %a, %b, %m, %c1, %r) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.reduce_sum"(%a, %b, %t, %n) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECCALC>, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.duplicate.mask"(%b, %f0, %m, %c1, %c1, %c8) : (!asc.local_tensor<f32, VECIN>, f32, i64, i32, i32, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.cast"(%b, %a, %c8) {round = #asc.round<CAST_RINT>} : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    %v = "asc.get_value"(%b, %c8) : (!asc.local_tensor<f32, VECIN>, i32) -> f32
    "asc.set_value"(%zg, %c1, %v) : (!asc.global_tensor<f32>, i32, f32) -> ()
    %s = "asc.gt_subview"(%zg, %c64) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    %e = "asc.struct"(%c1, %c8, %c0, %c0, %c0) : (i32, i32, i32, i32, i32) -> !asc.struct<DataCopyExtParams>
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.data_copy_pad"(%s, %b, %e) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECIN>, !asc.struct<DataCopyExtParams>) -> ()
    %w = "asc.struct"(%c1, %c8, %big, %c0, %c0) : (i32, i32, i64, i32, i32) -> !asc.struct<DataCopyExtParams>
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
