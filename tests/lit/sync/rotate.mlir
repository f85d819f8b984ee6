// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// Multi-buffer rotation (sync.md B.7) in tutorial 01's own form: x, y, z are static
// tensors of two tiles each, and tile i uses slot buf = i % 2 (views at buf * 256).
// Consecutive iterations use different slots, so add(i) -> loads(i+1) and store(i) ->
// add(i+1) do not conflict; the same slot comes back at i + 2.  Those distance-2
// dependences get two ids rotating with iv mod 2: prologue sets ids 0 and 1, the body
// waits/sets id (iv mod 2) + 0, the epilogue waits both.  So the loads of tile i+1 wait
// only for add(i-1): MTE2 overlaps V.  The B.7 table exactly: the intra-iteration
// MTE2_V / V_MTE3 pairs rotate too, because the loads of tile i+1 may finish (and set
// MTE2_V) before V has consumed tile i's flag - one id would be set twice.
// The GM views are block_idx * 2048 + i * 256: the loop-invariant unknown part cancels,
// so the stores of consecutive tiles are disjoint (no PIPE_MTE3), and no PIPE_V either.
// CHECK: %[[ID0:[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: %[[ID1:[0-9]+]] = "arith.constant"() {value = 1 : i32}
// CHECK: "asc.set_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT: %[[K:[0-9]+]] = "arith.constant"() {value = 2 : i32}
// CHECK-NEXT: %[[I:[0-9]+]] = "arith.index_cast"(%[[IV]])
// CHECK-NEXT: %[[S:[0-9]+]] = "arith.remui"(%[[I]], %[[K]])
// CHECK-NEXT: %[[R:[0-9]+]] = "arith.addi"(%[[S]], %[[ID0]])
// CHECK-NOT: "arith.addi"
// CHECK: "asc.wait_flag"(%[[R]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%[[R]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[R]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[R]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"(%[[R]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"(%[[R]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"(%[[R]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%[[R]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>}
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
    %n2 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a3 = "arith.constant"() {value = 4096 : i32} : () -> i32
    %xl = "asc.local_tensor"(%a0, %n2) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<512xf32, VECIN>
    %yl = "asc.local_tensor"(%a2, %n2) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<512xf32, VECIN>
    %zl = "asc.local_tensor"(%a3, %n2) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<512xf32, VECOUT>
    "scf.for"(%c0, %c8, %c1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%ii, %n) : (i32, i32) -> i32
      %two = "arith.constant"() {value = 2 : i32} : () -> i32
      %buf = "arith.remui"(%ii, %two) : (i32, i32) -> i32
      %boff = "arith.muli"(%buf, %n) : (i32, i32) -> i32
      %xb = "asc.lt_subview"(%xl, %boff) : (!asc.local_tensor<512xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %yb = "asc.lt_subview"(%yl, %boff) : (!asc.local_tensor<512xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %zb = "asc.lt_subview"(%zl, %boff) : (!asc.local_tensor<512xf32, VECOUT>, i32) -> !asc.local_tensor<f32, VECOUT>
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%xb, %xs, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":30:8)
      "asc.data_copy"(%yb, %ys, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("t01.py":31:8)
      "asc.add"(%zb, %xb, %yb, %n) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("t01.py":32:8)
      "asc.data_copy"(%zs, %zb, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("t01.py":33:8)
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "vadd_rot"} : () -> ()
}) : () -> ()
