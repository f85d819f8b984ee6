// anchor_add: ADDPERF's 8192x8192 half z = x + y (hardware.md §13.2 cases 1-3): one set
// of x / y / z tiles in UB, copy-in, Add(count), copy-out with explicit flags synchronised as the
// device kit's add_high_performance kernel is (scenarios 1-3): the next tile's copy-in waits only
// for the add to have read x and y (V_MTE2), its add for the copy-out of z (MTE3_V), so one
// tile's copy-out overlaps the next tile's copy-in.  The backward flags are set once before the
// loop and consumed after it.  Same interface as tutorial01_add: (x, y, z, n, tile);
// bench/calibrate.py runs it with tile = 4096 (8 KB) or 16384 (32 KB) halves on 1 or 48 blocks.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>, %n: i32, %tile: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("anchor_add.py":12:4)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("anchor_add.py":12:4)
    %c4 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("anchor_add.py":12:4)
    %bidx = "asc.get_block_idx"() : () -> i32 loc("anchor_add.py":13:10)
    %bnum = "asc.get_block_num"() : () -> i32 loc("anchor_add.py":14:10)
    %len = "arith.divsi"(%n, %bnum) : (i32, i32) -> i32 loc("anchor_add.py":15:10)
    %base = "arith.muli"(%bidx, %len) : (i32, i32) -> i32 loc("anchor_add.py":16:11)
    %ntiles = "arith.divsi"(%len, %tile) : (i32, i32) -> i32 loc("anchor_add.py":17:13)
    %tbytes = "arith.muli"(%tile, %c4) : (i32, i32) -> i32 loc("anchor_add.py":18:13)
    %yaddr = "arith.addi"(%tbytes, %c0) : (i32, i32) -> i32 loc("anchor_add.py":19:12)
    %zaddr = "arith.addi"(%tbytes, %tbytes) : (i32, i32) -> i32 loc("anchor_add.py":20:12)

    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("anchor_add.py":22:9)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("anchor_add.py":22:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("anchor_add.py":23:9)
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("anchor_add.py":23:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("anchor_add.py":24:9)
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("anchor_add.py":24:9)

    %xl = "asc.local_tensor"(%c0, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f16, VECIN> loc("anchor_add.py":26:9)
    %yl = "asc.local_tensor"(%yaddr, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f16, VECIN> loc("anchor_add.py":27:9)
    %zl = "asc.local_tensor"(%zaddr, %tile) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f16, VECOUT> loc("anchor_add.py":28:9)

    "asc.set_flag"(%c0) {event = #asc.event<V_MTE2>} : (i32) -> () loc("anchor_add.py":29:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE3_V>} : (i32) -> () loc("anchor_add.py":29:4)
    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("anchor_add.py":30:4)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("anchor_add.py":30:4)
    %nt = "arith.index_cast"(%ntiles) : (i32) -> index loc("anchor_add.py":30:4)
    "scf.for"(%z0, %nt, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("anchor_add.py":31:14)
      %t = "arith.muli"(%i, %tile) : (i32, i32) -> i32 loc("anchor_add.py":31:14)
      %off = "arith.addi"(%base, %t) : (i32, i32) -> i32 loc("anchor_add.py":31:14)
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("anchor_add.py":32:25)
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("anchor_add.py":33:25)
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("anchor_add.py":34:25)
      "asc.wait_flag"(%c0) {event = #asc.event<V_MTE2>} : (i32) -> () loc("anchor_add.py":32:8)
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32) -> () loc("anchor_add.py":32:8)
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32) -> () loc("anchor_add.py":33:8)
      "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("anchor_add.py":35:8)
      "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("anchor_add.py":36:8)
      "asc.wait_flag"(%c0) {event = #asc.event<MTE3_V>} : (i32) -> () loc("anchor_add.py":37:8)
      "asc.add"(%zl, %xl, %yl, %tile) : (!asc.local_tensor<f16, VECOUT>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i32) -> () loc("anchor_add.py":37:8)
      "asc.set_flag"(%c0) {event = #asc.event<V_MTE2>} : (i32) -> () loc("anchor_add.py":38:8)
      "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("anchor_add.py":38:8)
      "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("anchor_add.py":39:8)
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<f16, VECOUT>, i32) -> () loc("anchor_add.py":40:8)
      "asc.set_flag"(%c0) {event = #asc.event<MTE3_V>} : (i32) -> () loc("anchor_add.py":43:8)
      "scf.yield"() : () -> () loc("anchor_add.py":30:4)
    }) : (index, index, index) -> () loc("anchor_add.py":30:4)
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE2>} : (i32) -> () loc("anchor_add.py":45:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE3_V>} : (i32) -> () loc("anchor_add.py":45:4)
    "func.return"() : () -> () loc("anchor_add.py":45:0)
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>, i32, i32) -> (), sym_name = "add_kernel"} : () -> () loc("anchor_add.py":11:0)
}) : () -> ()
