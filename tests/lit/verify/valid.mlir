// RUN: asc-opt %s | FileCheck %s
// The verifier accepts a module that uses every op of the registry correctly (no false
// positives); mlir-opt-14 accepts it too (tests/roundtrip.py --mlir-compat).

// CHECK-LABEL: "func.func"
// CHECK: sym_name = "helper"
// CHECK: sym_name = "all_ops"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    %r = "arith.addi"(%a, %a) : (i32, i32) -> i32
    "func.return"(%r) : (i32) -> ()
  }) {sym_name = "helper", function_type = (i32) -> i32, sym_visibility = "private"} : () -> ()
  "func.func"() ({
  }) {sym_name = "extern_decl", function_type = (i32) -> (), sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>, %n: i32):
    // arith
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %i0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %i1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %i256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %l = "arith.constant"() {value = -1 : i64} : () -> i64
    %t = "arith.constant"() {value = true} : () -> i1
    %b8 = "arith.constant"() {value = 255 : i8} : () -> i8
    %h = "arith.constant"() {value = 1.5 : f16} : () -> f16
    %f = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %a1 = "arith.addi"(%n, %i1) : (i32, i32) -> i32
    %a2 = "arith.subi"(%a1, %i1) : (i32, i32) -> i32
    %a3 = "arith.muli"(%a2, %n) : (i32, i32) -> i32
    %a4 = "arith.divsi"(%a3, %i1) : (i32, i32) -> i32
    %a5 = "arith.divui"(%a4, %i1) : (i32, i32) -> i32
    %a6 = "arith.ceildivsi"(%a5, %i1) : (i32, i32) -> i32
    %a7 = "arith.remsi"(%a6, %i256) : (i32, i32) -> i32
    %a8 = "arith.remui"(%a7, %i256) : (i32, i32) -> i32
    %a9 = "arith.maxsi"(%a8, %i0) : (i32, i32) -> i32
    %a10 = "arith.minsi"(%a9, %i256) : (i32, i32) -> i32
    %a11 = "arith.shli"(%a10, %i1) : (i32, i32) -> i32
    %a12 = "arith.shrsi"(%a11, %i1) : (i32, i32) -> i32
    %a13 = "arith.shrui"(%a12, %i1) : (i32, i32) -> i32
    %a14 = "arith.andi"(%a13, %i256) : (i32, i32) -> i32
    %a15 = "arith.ori"(%a14, %i0) : (i32, i32) -> i32
    %a16 = "arith.xori"(%a15, %i0) : (i32, i32) -> i32
    %f1 = "arith.addf"(%f, %f) : (f32, f32) -> f32
    %f2 = "arith.subf"(%f1, %f) : (f32, f32) -> f32
    %f3 = "arith.mulf"(%f2, %f) : (f32, f32) -> f32
    %f4 = "arith.divf"(%f3, %f) : (f32, f32) -> f32
    %f5 = "arith.maxf"(%f4, %f) : (f32, f32) -> f32
    %f6 = "arith.minf"(%f5, %f) : (f32, f32) -> f32
    %f7 = "arith.negf"(%f6) : (f32) -> f32
    %p1 = "arith.cmpi"(%a16, %n) {predicate = 2 : i64} : (i32, i32) -> i1
    %p2 = "arith.cmpf"(%f7, %f) {predicate = 4 : i64} : (f32, f32) -> i1
    %s1 = "arith.select"(%p1, %a16, %n) : (i1, i32, i32) -> i32
    %v1 = "arith.sitofp"(%s1) : (i32) -> f32
    %v2 = "arith.uitofp"(%s1) : (i32) -> f16
    %v3 = "arith.fptosi"(%v1) : (f32) -> i32
    %v4 = "arith.fptoui"(%v2) : (f16) -> i16
    %v5 = "arith.extsi"(%v3) : (i32) -> i64
    %v6 = "arith.extui"(%b8) : (i8) -> i32
    %v7 = "arith.trunci"(%v5) : (i64) -> i16
    %v8 = "arith.extf"(%h) : (f16) -> f32
    %v9 = "arith.truncf"(%v8) : (f32) -> f16
    %v10 = "arith.index_cast"(%n) : (i32) -> index
    %v11 = "arith.index_cast"(%c4) : (index) -> i64
    %v12 = "arith.bitcast"(%f) : (f32) -> i32
    %v13 = "func.call"(%v12) {callee = @helper} : (i32) -> i32
    // scf
    %sum = "scf.for"(%c0, %c4, %c1, %i0) ({
    ^bb0(%iv: index, %acc: i32):
      %nx = "arith.addi"(%acc, %i1) : (i32, i32) -> i32
      "scf.yield"(%nx) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %sel = "scf.if"(%p2) ({
      "scf.yield"(%sum) : (i32) -> ()
    }, {
      "scf.yield"(%n) : (i32) -> ()
    }) : (i1) -> i32
    "scf.if"(%t) ({
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    %w = "scf.while"(%i0) ({
    ^bb0(%wa: i32):
      %wc = "arith.cmpi"(%wa, %i256) {predicate = 2 : i64} : (i32, i32) -> i1
      "scf.condition"(%wc, %wa) : (i1, i32) -> ()
    }, {
    ^bb0(%wb: i32):
      %wn = "arith.addi"(%wb, %i1) : (i32, i32) -> i32
      "scf.yield"(%wn) : (i32) -> ()
    }) : (i32) -> i32
    // resources
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %qin = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %qout = "asc.tque"() : () -> !asc.queue<VECOUT, 2>
    %qbind = "asc.tque"() : () -> !asc.queue<VECIN, VECOUT, 1>
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
    "asc.init_buffer"(%pipe, %qin, %i1, %i256) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()
    "asc.init_buffer"(%pipe, %qout, %i1, %i256) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> ()
    "asc.init_tbuf"(%pipe, %tb, %i256) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()
    %gx = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    %gz = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    %xo = "asc.gm_offset"(%x, %i0) : (!asc.gm_ptr<f16>, i32) -> !asc.gm_ptr<f16>
    "asc.set_global_buffer"(%gx, %xo, %n) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>, i32) -> ()
    "asc.set_global_buffer"(%gz, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gxs = "asc.gt_subview"(%gx, %i0) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
    %in = "asc.alloc_tensor"(%qin) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.data_copy"(%in, %gxs, %i256) : (!asc.local_tensor<256xf16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%qin, %in) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %src = "asc.deque"(%qin) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    %dst = "asc.alloc_tensor"(%qout) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf16, VECOUT>
    %tmp = "asc.tbuf_get"(%tb, %i256) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<256xf32, VECCALC>
    %tmp2 = "asc.tbuf_get_with_offset"(%tb, %i0, %i256) : (!asc.tbuf<VECCALC>, i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %loc = "asc.local_tensor"(%i0, %i256) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<256xf16, VECCALC>
    %sub = "asc.lt_subview"(%loc, %i0) : (!asc.local_tensor<256xf16, VECCALC>, i32) -> !asc.local_tensor<f16, VECCALC>
    %brp = "asc.struct"(%i1, %i1, %i1, %i1, %i1, %i1) : (i32, i32, i32, i32, i32, i32) -> !asc.struct<BinaryRepeatParams>
    %dcp = "asc.struct"(%i1, %i1, %i0, %i0) : (i32, i32, i32, i32) -> !asc.struct<DataCopyParams>
    %dce = "asc.struct"(%i1, %i1, %i0, %i0, %i0) : (i32, i32, i32, i32, i32) -> !asc.struct<DataCopyExtParams>
    %dcx = "asc.struct"(%i0, %i0, %i0, %i0) : (i32, i32, i32, i32) -> !asc.struct<DataCopyPadExtParams>
    // scalar access
    %e0 = "asc.get_value"(%src, %i0) : (!asc.local_tensor<256xf16, VECIN>, i32) -> f16
    "asc.set_value"(%dst, %i0, %e0) : (!asc.local_tensor<256xf16, VECOUT>, i32, f16) -> ()
    %bi = "asc.get_block_idx"() : () -> i32
    %bn = "asc.get_block_num"() : () -> i32
    // vector
    "asc.add"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.sub"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.mul"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.div"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.max"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.min"(%dst, %src, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.adds"(%dst, %src, %h, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, f16, i32) -> ()
    "asc.muls"(%dst, %src, %f, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, f32, i32) -> ()
    "asc.maxs"(%dst, %src, %h, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, f16, i32) -> ()
    "asc.mins"(%dst, %src, %h, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, f16, i32) -> ()
    "asc.leaky_relu"(%dst, %src, %h, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, f16, i32) -> ()
    "asc.axpy"(%tmp, %src, %h, %i256) : (!asc.local_tensor<256xf32, VECCALC>, !asc.local_tensor<256xf16, VECIN>, f16, i32) -> ()
    "asc.exp"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.ln"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.sqrt"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.rsqrt"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.reciprocal"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.abs"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.relu"(%dst, %src, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.duplicate"(%dst, %h, %i256) : (!asc.local_tensor<256xf16, VECOUT>, f16, i32) -> ()
    "asc.cast"(%tmp, %src, %i256) {round = #asc.round<CAST_NONE>} : (!asc.local_tensor<256xf32, VECCALC>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.reduce_sum"(%dst, %src, %loc, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECCALC>, i32) -> ()
    "asc.reduce_max"(%dst, %src, %loc, %i256) {cal_index = true} : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECCALC>, i32) -> ()
    "asc.reduce_min"(%dst, %src, %loc, %i256) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECCALC>, i32) -> ()
    "asc.add.mask"(%dst, %src, %src, %l, %i1, %brp) {is_set_mask = true} : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub.mask"(%dst, %src, %src, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul.mask"(%dst, %src, %src, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.max.mask"(%dst, %src, %src, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.min.mask"(%dst, %src, %src, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.add.bitmask"(%dst, %src, %src, %l, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub.bitmask"(%dst, %src, %src, %l, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul.bitmask"(%dst, %src, %src, %l, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.max.bitmask"(%dst, %src, %src, %l, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.min.bitmask"(%dst, %src, %src, %l, %l, %i1, %brp) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.duplicate.mask"(%dst, %h, %l, %i1, %i1, %i1) : (!asc.local_tensor<256xf16, VECOUT>, f16, i64, i32, i32, i32) -> ()
    // data movement and sync
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.set_flag"(%i0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%i0) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.set_flag"(%i1) {event = #asc.event<FIX_M>} : (i32) -> ()
    "asc.wait_flag"(%i1) {event = #asc.event<FIX_M>} : (i32) -> ()
    "asc.data_copy_params"(%gz, %dst, %dcp) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16, VECOUT>, !asc.struct<DataCopyParams>) -> ()
    "asc.data_copy_pad"(%gz, %dst, %dce) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16, VECOUT>, !asc.struct<DataCopyExtParams>) -> ()
    "asc.data_copy_pad"(%gz, %dst, %dce, %dcx) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16, VECOUT>, !asc.struct<DataCopyExtParams>, !asc.struct<DataCopyPadExtParams>) -> ()
    "asc.free_tensor"(%qin, %src) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    // queue queries
    "asc.free_all_event"(%qin) : (!asc.queue<VECIN, 2>) -> ()
    %qcount = "asc.get_tensor_count_in_que"(%qout) : (!asc.queue<VECOUT, 2>) -> i32
    %qidle = "asc.has_idle_buffer"(%qin) : (!asc.queue<VECIN, 2>) -> i1
    %qhas = "asc.has_tensor_in_que"(%qbind) : (!asc.queue<VECIN, VECOUT, 1>) -> i1
    %qvac = "asc.vacant_in_que"(%qout) : (!asc.queue<VECOUT, 2>) -> i1
    "asc.enque"(%qout, %dst) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf16, VECOUT>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "all_ops", function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>, i32) -> ()} : () -> ()
}) : () -> ()
