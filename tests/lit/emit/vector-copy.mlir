// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// TPipe / TQue / TBuf as locals, data movement, the count and mask/repeat forms of vector ops,
// parameter structs built from their fields in structs.def order, and flags.

// CHECK: extern "C" __global__ __aicore__ void k(__gm__ half* v0, __gm__ bfloat16_t* v1, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   AscendC::GlobalTensor<half> v2;
// CHECK-NEXT:   const int32_t v3 = 256;
// CHECK-NEXT:   v2.SetGlobalBuffer(v0, v3);
// CHECK-NEXT:   AscendC::GlobalTensor<bfloat16_t> v4;
// CHECK-NEXT:   v4.SetGlobalBuffer(v1);
// CHECK-NEXT:   AscendC::TPipe v5;
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 2> v6;
// CHECK-NEXT:   AscendC::TBuf<AscendC::TPosition::VECCALC> v7;
// CHECK-NEXT:   const int32_t v8 = 2;
// CHECK-NEXT:   const int32_t v9 = 512;
// CHECK-NEXT:   v5.InitBuffer(v6, v8, v9);
// CHECK-NEXT:   v5.InitBuffer(v7, v9);
// CHECK-NEXT:   AscendC::LocalTensor<half> v10 = v6.AllocTensor<half>();
// CHECK-NEXT:   AscendC::DataCopy(v10, v2, v3);
// CHECK-NEXT:   v6.EnQue(v10);
// CHECK-NEXT:   AscendC::LocalTensor<half> v11 = v6.DeQue<half>();
// CHECK-NEXT:   AscendC::LocalTensor<half> v12 = v7.Get<half>(v3);
// CHECK-NEXT:   AscendC::LocalTensor<half> v13 = v11[v3];
// CHECK-NEXT:   AscendC::Add(v12, v11, v13, v3);
// CHECK-NEXT:   const half v14 = half(0.5f);
// CHECK-NEXT:   AscendC::Adds(v12, v11, v14, v3);
// CHECK-NEXT:   AscendC::Cast(v12, v11, AscendC::RoundMode::CAST_RINT, v3);
// CHECK-NEXT:   AscendC::Compare(v12, v11, v13, AscendC::CMPMODE::LT, v3);
// CHECK-NEXT:   const int64_t v15 = 128LL;
// CHECK-NEXT:   const int32_t v16 = 1;
// CHECK-NEXT:   const int32_t v17 = 8;
// CHECK-NEXT:   AscendC::BinaryRepeatParams v18(v16, v16, v16, v17, v17, v17);
// CHECK-NEXT:   AscendC::Mul(v12, v11, v13, v15, v8, v18);
// CHECK-NEXT:   AscendC::Mul<half, false>(v12, v11, v13, v15, v8, v18);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m0[2] = {static_cast<uint64_t>(v15), static_cast<uint64_t>(v15)};
// CHECK-NEXT:     AscendC::Sub(v12, v11, v13, m0, v8, v18);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v16);
// CHECK-NEXT:   AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(v16);
// CHECK-NEXT:   AscendC::DataCopyParams v19(v16, v17, v16, v16);
// CHECK-NEXT:   AscendC::DataCopy(v2, v12, v19);
// CHECK-NEXT:   half v20 = v12.GetValue(v16);
// CHECK-NEXT:   v12.SetValue(v16, v20);
// CHECK-NEXT:   AscendC::Duplicate(v12, v20, v3);
// CHECK-NEXT:   v6.FreeTensor(v11);
// CHECK-NEXT:   int32_t v21 = AscendC::GetBlockIdx();
// CHECK-NEXT:   __gm__ half* v22 = v0 + v21;
// CHECK-NEXT:   AscendC::GlobalTensor<half> v23 = v2[v21];
// CHECK-NEXT:   AscendC::DataCopy(v23, v12, v3);
// CHECK-NEXT:   v2.SetGlobalBuffer(v22);
// CHECK-NEXT: }
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<bf16>):
    %gx = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    "asc.set_global_buffer"(%gx, %x, %n) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>, i32) -> ()
    %gy = "asc.global_tensor"() : () -> !asc.global_tensor<bf16>
    "asc.set_global_buffer"(%gy, %y) : (!asc.global_tensor<bf16>, !asc.gm_ptr<bf16>) -> ()
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %b = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %len = "arith.constant"() {value = 512 : i32} : () -> i32
    "asc.init_buffer"(%pipe, %q, %two, %len) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()
    "asc.init_tbuf"(%pipe, %b, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<f16, VECIN>
    "asc.data_copy"(%t, %gx, %n) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 2>, !asc.local_tensor<f16, VECIN>) -> ()
    %u = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<f16, VECIN>
    %w = "asc.tbuf_get"(%b, %n) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<f16, VECCALC>
    %u2 = "asc.lt_subview"(%u, %n) : (!asc.local_tensor<f16, VECIN>, i32) -> !asc.local_tensor<f16, VECIN>
    "asc.add"(%w, %u, %u2, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i32) -> ()
    %h = "arith.constant"() {value = 0.5 : f16} : () -> f16
    "asc.adds"(%w, %u, %h, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, f16, i32) -> ()
    "asc.cast"(%w, %u, %n) {round = #asc.round<CAST_RINT>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, i32) -> ()
    "asc.compare"(%w, %u, %u2, %n) {cmp_mode = #asc.cmpmode<LT>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i32) -> ()
    %m = "arith.constant"() {value = 128 : i64} : () -> i64
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %eight = "arith.constant"() {value = 8 : i32} : () -> i32
    %rp = "asc.struct"(%one, %one, %one, %eight, %eight, %eight) : (i32, i32, i32, i32, i32, i32) -> !asc.struct<BinaryRepeatParams>
    "asc.mul.mask"(%w, %u, %u2, %m, %two, %rp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul.mask"(%w, %u, %u2, %m, %two, %rp) {is_set_mask = false} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub.bitmask"(%w, %u, %u2, %m, %m, %two, %rp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.set_flag"(%one) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%one) {event = #asc.event<V_MTE3>} : (i32) -> ()
    %dp = "asc.struct"(%one, %eight, %one, %one) : (i32, i32, i32, i32) -> !asc.struct<DataCopyParams>
    "asc.data_copy_params"(%gx, %w, %dp) : (!asc.global_tensor<f16>, !asc.local_tensor<f16, VECCALC>, !asc.struct<DataCopyParams>) -> ()
    %v = "asc.get_value"(%w, %one) : (!asc.local_tensor<f16, VECCALC>, i32) -> f16
    "asc.set_value"(%w, %one, %v) : (!asc.local_tensor<f16, VECCALC>, i32, f16) -> ()
    "asc.duplicate"(%w, %v, %n) : (!asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.free_tensor"(%q, %u) : (!asc.queue<VECIN, 2>, !asc.local_tensor<f16, VECIN>) -> ()
    %bi = "asc.get_block_idx"() : () -> i32
    %xo = "asc.gm_offset"(%x, %bi) : (!asc.gm_ptr<f16>, i32) -> !asc.gm_ptr<f16>
    %gs = "asc.gt_subview"(%gx, %bi) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
    "asc.data_copy"(%gs, %w, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.set_global_buffer"(%gx, %xo) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<bf16>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
