"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %ntiles = "arith.constant"() {value = 4 : index} : () -> index
    %tile = "arith.constant"() {value = 1024 : i32} : () -> i32
    %nbuf = "arith.constant"() {value = 2 : i32} : () -> i32
    %bytes = "arith.constant"() {value = 2048 : i32} : () -> i32
    %blen = "arith.constant"() {value = 4096 : i32} : () -> i32
    %bi = "asc.get_block_idx"() : () -> i32
    %boff = "arith.muli"(%bi, %blen) : (i32, i32) -> i32
    %xb = "asc.gm_offset"(%x, %boff) : (!asc.gm_ptr<f16>, i32) -> !asc.gm_ptr<f16>
    %yb = "asc.gm_offset"(%y, %boff) : (!asc.gm_ptr<f16>, i32) -> !asc.gm_ptr<f16>
    %zb = "asc.gm_offset"(%z, %boff) : (!asc.gm_ptr<f16>, i32) -> !asc.gm_ptr<f16>
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%xg, %xb) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%yg, %yb) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%zg, %zb) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %qx = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %qy = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %qz = "asc.tque"() : () -> !asc.queue<VECOUT, 2>
    "asc.init_buffer"(%pipe, %qx, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()
    "asc.init_buffer"(%pipe, %qy, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()
    "asc.init_buffer"(%pipe, %qz, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> ()
    "scf.for"(%c0, %ntiles, %c1) ({
    ^bb0(%i: index):
      %i32 = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%i32, %tile) : (i32, i32) -> i32
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      %xl = "asc.alloc_tensor"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN>
      %yl = "asc.alloc_tensor"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN>
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<1024xf16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<1024xf16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
      "asc.enque"(%qx, %xl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> ()
      "asc.enque"(%qy, %yl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> ()
      %xd = "asc.deque"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN>
      %yd = "asc.deque"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN>
      %zl = "asc.alloc_tensor"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<1024xf16, VECOUT>
      "asc.free_tensor"(%qx, %xd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> ()
      "asc.add"(%zl, %xd, %yd, %tile) : (!asc.local_tensor<1024xf16, VECOUT>, !asc.local_tensor<1024xf16, VECIN>, !asc.local_tensor<1024xf16, VECIN>, i32) -> ()
      "asc.enque"(%qz, %zl) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<1024xf16, VECOUT>) -> ()
      "asc.free_tensor"(%qy, %yd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> ()
      %zd = "asc.deque"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<1024xf16, VECOUT>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%zs, %zd, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<1024xf16, VECOUT>, i32) -> ()
      "asc.free_tensor"(%qz, %zd) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<1024xf16, VECOUT>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>) -> (), sym_name = "add_kernel"} : () -> ()
}) : () -> ()
