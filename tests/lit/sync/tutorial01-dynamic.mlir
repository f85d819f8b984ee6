// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// Tutorial 01 as the front-end traces it (examples/ir/tutorial01_add.mlir) with every
// set_flag/wait_flag deleted.  The tile size is a kernel argument, so the UB views are
// x [0, 4 tile), y [4 tile, 8 tile), z [8 tile, 12 tile): symbolic, but provably disjoint
// because sizes are non-negative.  Expected: the same single-buffer pattern as with a
// constant tile (tutorial01-full.mlir): MTE2_V before the add, V_MTE3 before the copy
// out, loop-carried V_MTE2 (next loads overwrite what this add read) and MTE3_V (next add
// overwrites what this store reads), primed before the loop and drained after it; no
// MTE3_MTE2 (implied through V) and no barrier between the two loads.
// CHECK: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.for"
// CHECK: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>} : (i32) -> () loc("tutorial01_add.py":32:8)
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>} : (i32) -> () loc("tutorial01_add.py":37:8)
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE3>} : (i32) -> () loc("tutorial01_add.py":40:8)
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-DAG: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE3_V>}
// CHECK-DAG: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.pipe_barrier
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>, %n: i32, %tile: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("tutorial01_add.py":12:4)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("tutorial01_add.py":12:4)
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32 loc("tutorial01_add.py":12:4)
    %bidx = "asc.get_block_idx"() : () -> i32 loc("tutorial01_add.py":13:10)
    %bnum = "asc.get_block_num"() : () -> i32 loc("tutorial01_add.py":14:10)
    %len = "arith.divsi"(%n, %bnum) : (i32, i32) -> i32 loc("tutorial01_add.py":15:10)
    %base = "arith.muli"(%bidx, %len) : (i32, i32) -> i32 loc("tutorial01_add.py":16:11)
    %ntiles = "arith.divsi"(%len, %tile) : (i32, i32) -> i32 loc("tutorial01_add.py":17:13)
    %tbytes = "arith.muli"(%tile, %c4) : (i32, i32) -> i32 loc("tutorial01_add.py":18:13)
    %yaddr = "arith.addi"(%tbytes, %c0) : (i32, i32) -> i32 loc("tutorial01_add.py":19:12)
    %zaddr = "arith.addi"(%tbytes, %tbytes) : (i32, i32) -> i32 loc("tutorial01_add.py":20:12)

    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":22:9)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":22:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":23:9)
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":23:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("tutorial01_add.py":24:9)
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("tutorial01_add.py":24:9)

    %xl = "asc.local_tensor"(%c0, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("tutorial01_add.py":26:9)
    %yl = "asc.local_tensor"(%yaddr, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("tutorial01_add.py":27:9)
    %zl = "asc.local_tensor"(%zaddr, %tile) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("tutorial01_add.py":28:9)

    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("tutorial01_add.py":30:4)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("tutorial01_add.py":30:4)
    %nt = "arith.index_cast"(%ntiles) : (i32) -> index loc("tutorial01_add.py":30:4)
    "scf.for"(%z0, %nt, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("tutorial01_add.py":31:14)
      %t = "arith.muli"(%i, %tile) : (i32, i32) -> i32 loc("tutorial01_add.py":31:14)
      %off = "arith.addi"(%base, %t) : (i32, i32) -> i32 loc("tutorial01_add.py":31:14)
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":32:25)
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":33:25)
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("tutorial01_add.py":34:25)
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("tutorial01_add.py":32:8)
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("tutorial01_add.py":33:8)
      "asc.add"(%zl, %xl, %yl, %tile) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("tutorial01_add.py":37:8)
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("tutorial01_add.py":40:8)
      // the next tile's copy-in overwrites x and y, and its add overwrites z: both wait
      // for this copy-out, which itself came after the add
      "scf.yield"() : () -> () loc("tutorial01_add.py":30:4)
    }) : (index, index, index) -> () loc("tutorial01_add.py":30:4)
    "func.return"() : () -> () loc("tutorial01_add.py":45:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i32, i32) -> (), sym_name = "add_kernel"} : () -> () loc("tutorial01_add.py":11:0)
}) : () -> ()
