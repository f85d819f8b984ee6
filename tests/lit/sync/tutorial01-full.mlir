// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// Tutorial 01 (static-tensor vadd) with every set_flag/wait_flag deleted, full policy.
// Per tile: load x, load y (MTE2) -> add z = x + y (V) -> store z (MTE3), single
// buffers, 8 tiles.  Expected (sync.md B.12 #9):
//   intra-iteration: MTE2_V after the second load (one edge covers both loads: a set
//   waits for all earlier MTE2 work), wait before add; V_MTE3 after add, wait before
//   the store;
//   loop-carried (two-iteration model): the loads of tile i+1 overwrite x, y that add(i)
//   read -> V_MTE2; add(i+1) overwrites z that store(i) read -> MTE3_V; each primed
//   by a set before the loop and drained by a wait after it.
//   No MTE2_MTE3 (implied through V), no barriers (the loads of tile i+1 are ordered
//   after those of tile i through V), no PIPE_ALL.
// CHECK: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.for"
// CHECK: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>} : (i32) -> () loc("t01.py":30:8)
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-DAG: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-DAG: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "func.return"
// CHECK-NOT: pipe_barrier
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
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%xl, %xs, %n) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":30:8)
      "asc.data_copy"(%yl, %ys, %n) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":31:8)
      "asc.add"(%zl, %xl, %yl, %n) : (!asc.local_tensor<256xf32, VECOUT>, !asc.local_tensor<256xf32, VECIN>, !asc.local_tensor<256xf32, VECIN>, i32) -> () loc("t01.py":32:8)
      "asc.data_copy"(%zs, %zl, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<256xf32, VECOUT>, i32) -> () loc("t01.py":33:8)
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "vadd"} : () -> ()
}) : () -> ()
