"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %tile = "arith.constant"() {value = 256 : i32} : () -> i32
    %blen = "arith.constant"() {value = 1024 : i32} : () -> i32
    %ya = "arith.constant"() {value = 1024 : i32} : () -> i32
    %za = "arith.constant"() {value = 2048 : i32} : () -> i32
    %bi = "asc.get_block_idx"() : () -> i32
    %boff = "arith.muli"(%bi, %blen) : (i32, i32) -> i32
    %xb = "asc.gm_offset"(%x, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %yb = "asc.gm_offset"(%y, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %zb = "asc.gm_offset"(%z, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %xb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%yg, %yb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %zb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %xl = "asc.local_tensor"(%c0, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %yl = "asc.local_tensor"(%ya, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %zl = "asc.local_tensor"(%za, %tile) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT>
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %nt = "arith.constant"() {value = 4 : index} : () -> index
    "scf.for"(%i0, %nt, %i1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32
      %off = "arith.muli"(%i, %tile) : (i32, i32) -> i32
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
      "asc.wait_flag"(%c0) {event = #asc.event<MTE3_V>} : (i32) -> ()
      "asc.add"(%zl, %xl, %yl, %tile) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> ()
      "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
      "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> ()
      "asc.set_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
      "asc.wait_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "add_kernel"} : () -> ()
}) : () -> ()
