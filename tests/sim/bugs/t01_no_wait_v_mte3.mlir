// t01_no_wait_v_mte3: tutorial01_add with one seeded bug: wait_flag(V_MTE3) removed. The run goes on after the race: the unconsumed flag is set again and the kernel end deadlocks.
// ERRORS: 2
// EXPECT: tutorial01_add.py:38:8: error: race (RAW) on UB bytes [2048, 3072): asc.data_copy at tutorial01_add.py:38:8 (PIPE_MTE3) reads what asc.add at tutorial01_add.py:35:8 (PIPE_V) writes
// EXPECT: add set_flag(V_MTE3) after tutorial01_add.py:35 and wait_flag(V_MTE3) before tutorial01_add.py:38
// EXPECT: tutorial01_add.py:36:8: warning: double-set: flag V_MTE3 id 0 is set again
// EXPECT: error: deadlock:
// RUN: --blocks 2 x=x.npy:f32:2048 y=y.npy:f32:2048 z=z.npy:f32:2048
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("tutorial01_add.py":10:4)
    %tile = "arith.constant"() {value = 256 : i32} : () -> i32 loc("tutorial01_add.py":11:4)
    %blen = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("tutorial01_add.py":12:4)
    %ya = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("tutorial01_add.py":13:4)
    %za = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("tutorial01_add.py":14:4)
    %bi = "asc.get_block_idx"() : () -> i32 loc("tutorial01_add.py":15:9)
    %boff = "arith.muli"(%bi, %blen) : (i32, i32) -> i32 loc("tutorial01_add.py":16:11)
    %xb = "asc.gm_offset"(%x, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("tutorial01_add.py":17:9)
    %yb = "asc.gm_offset"(%y, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("tutorial01_add.py":18:9)
    %zb = "asc.gm_offset"(%z, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("tutorial01_add.py":19:9)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":20:9)
    "asc.set_global_buffer"(%xg, %xb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":20:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":21:9)
    "asc.set_global_buffer"(%yg, %yb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":21:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":22:9)
    "asc.set_global_buffer"(%zg, %zb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":22:9)
    %xl = "asc.local_tensor"(%c0, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("tutorial01_add.py":24:9)
    %yl = "asc.local_tensor"(%ya, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("tutorial01_add.py":25:9)
    %zl = "asc.local_tensor"(%za, %tile) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("tutorial01_add.py":26:9)
    %i0 = "arith.constant"() {value = 0 : index} : () -> index loc("tutorial01_add.py":28:4)
    %i1 = "arith.constant"() {value = 1 : index} : () -> index loc("tutorial01_add.py":28:4)
    %nt = "arith.constant"() {value = 4 : index} : () -> index loc("tutorial01_add.py":28:4)
    "scf.for"(%i0, %nt, %i1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("tutorial01_add.py":29:14)
      %off = "arith.muli"(%i, %tile) : (i32, i32) -> i32 loc("tutorial01_add.py":29:14)
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":30:25)
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":30:45)
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":30:65)
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("tutorial01_add.py":31:8)
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("tutorial01_add.py":32:8)
      "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("tutorial01_add.py":33:8)
      "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("tutorial01_add.py":34:8)
      "asc.add"(%zl, %xl, %yl, %tile) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("tutorial01_add.py":35:8)
      "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("tutorial01_add.py":36:8)
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("tutorial01_add.py":38:8)
      "asc.set_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc("tutorial01_add.py":39:8)
      "asc.wait_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc("tutorial01_add.py":40:8)
      "scf.yield"() : () -> () loc("tutorial01_add.py":28:4)
    }) : (index, index, index) -> () loc("tutorial01_add.py":28:4)
    "func.return"() : () -> () loc("tutorial01_add.py":41:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "add_kernel"} : () -> () loc("tutorial01_add.py":9:0)
}) : () -> ()
