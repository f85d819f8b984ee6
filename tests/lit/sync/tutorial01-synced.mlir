// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// RUN: asc-opt --auto-sync %s | FileCheck %s
// Tutorial 01 as written (user set_flag/wait_flag with buf_id = i % 2, the MTE3_MTE2
// pair closing each tile): already synchronized, so neither policy adds anything.
// User sync is input, never deleted.  Why no loop-carried edge: the loads of tile i+1
// wait (MTE3_MTE2) for store(i), which waited (V_MTE3) for add(i); add(i+1) waits
// (MTE2_V) for those loads, hence for store(i) - every cross-iteration conflict is
// ordered transitively, including the MTE2 WAW on x, y between tiles.
// CHECK-NOT: pipe_barrier
// CHECK: "scf.for"
// CHECK-COUNT-3: "asc.set_flag"
// CHECK-NOT: "asc.set_flag"
// CHECK-NOT: "asc.wait_flag"({{.*}}) {event = #asc.event<{{V_MTE2|MTE3_V}}>}
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "vadd_synced"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c8 = "arith.constant"() {value = 8 : index} : () -> index
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %a0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 2048 : i32} : () -> i32
    %bid = "asc.get_block_idx"() : () -> i32
    %blk = "arith.muli"(%bid, %a2) : (i32, i32) -> i32
    %xo = "asc.gm_offset"(%x, %blk) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %yo = "asc.gm_offset"(%y, %blk) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %zo = "asc.gm_offset"(%z, %blk) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %xo) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%yg, %yo) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %zo) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %xl = "asc.local_tensor"(%a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<256xf32, VECIN>
    %yl = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<256xf32, VECIN>
    %zl = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<256xf32, VECOUT>
    "scf.for"(%c0, %c8, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%ii, %n) : (i32, i32) -> i32
      %two = "arith.constant"() {value = 2 : i32} : () -> i32
      %buf = "arith.remui"(%ii, %two) : (i32, i32) -> i32
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%xl, %xs, %n) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":30:8)
      "asc.data_copy"(%yl, %ys, %n) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":31:8)
      "asc.set_flag"(%buf) {event = #asc.event<MTE2_V>} : (i32) -> () loc("t01.py":32:8)
      "asc.wait_flag"(%buf) {event = #asc.event<MTE2_V>} : (i32) -> () loc("t01.py":33:8)
      "asc.add"(%zl, %xl, %yl, %n) : (!asc.local_tensor<256xf32, VECOUT>, !asc.local_tensor<256xf32, VECIN>, !asc.local_tensor<256xf32, VECIN>, i32) -> () loc("t01.py":32:8)
      "asc.set_flag"(%buf) {event = #asc.event<V_MTE3>} : (i32) -> () loc("t01.py":35:8)
      "asc.wait_flag"(%buf) {event = #asc.event<V_MTE3>} : (i32) -> () loc("t01.py":36:8)
      "asc.data_copy"(%zs, %zl, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<256xf32, VECOUT>, i32) -> () loc("t01.py":33:8)
      "asc.set_flag"(%buf) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc("t01.py":38:8)
      "asc.wait_flag"(%buf) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc("t01.py":39:8)
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "vadd_synced"} : () -> ()
}) : () -> ()
