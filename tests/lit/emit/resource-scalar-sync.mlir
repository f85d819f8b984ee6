// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Queue, buffer, pipe and tensor members, system functions, cross-core sync and cube calls, spelled as the
// Ascend C API documentation writes them (a member call on the object; template arguments for events,
// pipes, modes and types).  Results are typed locals.

// CHECK: extern "C" __global__ __aicore__ void k(AscendC::TQue<AscendC::TPosition::VECIN, 2> v0, AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> v1, AscendC::TBuf<AscendC::TPosition::VECCALC> v2, AscendC::TPipe v3, AscendC::LocalTensor<float> v4, AscendC::GlobalTensor<float> v5, int32_t v6, __gm__ float* v7, bool v8, int64_t v9, float v10, AscendC::MmadParams v11, AscendC::LoadData2DParams v12, AscendC::LocalTensor<float> v13, AscendC::LocalTensor<float> v14, AscendC::LocalTensor<float> v15, AscendC::LocalTensor<float> v16, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   AscendC::LocalTensor<float> v17 = v0.AllocTensor<float>();
// CHECK-NEXT:   v0.EnQue(v4);
// CHECK-NEXT:   AscendC::LocalTensor<float> v18 = v0.DeQue<float>();
// CHECK-NEXT:   v0.FreeTensor(v4);
// CHECK-NEXT:   AscendC::LocalTensor<float> v19 = v1.AllocTensor<float>();
// CHECK-NEXT:   AscendC::LocalTensor<float> v20 = v2.GetWithOffset<float>(v6, v6);
// CHECK-NEXT:   AscendC::LocalTensor<float> v21 = v2.Get<float>();
// CHECK-NEXT:   int32_t v22 = v4.GetSize();
// CHECK-NEXT:   int32_t v23 = v4.GetLength();
// CHECK-NEXT:   v4.SetSize(v6);
// CHECK-NEXT:   v4.SetBufferLen(v6);
// CHECK-NEXT:   int32_t v24 = v4.GetUserTag();
// CHECK-NEXT:   v4.SetUserTag(v6);
// CHECK-NEXT:   int64_t v25 = v4.GetPhyAddr(v6);
// CHECK-NEXT:   AscendC::LocalTensor<int32_t> v26 = v4.ReinterpretCast<int32_t>();
// CHECK-NEXT:   int64_t v27 = v5.GetSize();
// CHECK-NEXT:   __gm__ float* v28 = v5.GetPhyAddr(v6);
// pyasc numbers CACHE_MODE_DISABLE 1, Ascend C 0 (SetL2CacheHint page): the names are printed, not the numbers
// CHECK-NEXT:   v5.SetL2CacheHint<AscendC::CacheRwMode::WRITE>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:   bool v29 = v0.HasIdleBuffer();
// CHECK-NEXT:   bool v30 = v0.VacantInQue();
// CHECK-NEXT:   bool v31 = v0.HasTensorInQue();
// CHECK-NEXT:   int32_t v32 = v0.GetTensorCountInQue();
// CHECK-NEXT:   v0.FreeAllEvent();
// CHECK-NEXT:   v3.Destroy();
// CHECK-NEXT:   v3.Init();
// CHECK-NEXT:   v3.Reset();
// CHECK-NEXT:   int32_t v33 = v3.AllocEventID<AscendC::HardEvent::V_MTE3>();
// CHECK-NEXT:   int32_t v34 = v3.FetchEventID<AscendC::HardEvent::MTE2_V>();
// CHECK-NEXT:   v3.ReleaseEventID<AscendC::HardEvent::V_MTE3>(v6);
// CHECK-NEXT:   AscendC::LocalTensor<half> v35(AscendC::TPosition::VECCALC, v6, v6);
// CHECK-NEXT:   int32_t v36 = AscendC::GetBlockNum();
// CHECK-NEXT:   int64_t v37 = AscendC::GetSubBlockIdx();
// CHECK-NEXT:   int64_t v38 = AscendC::GetSubBlockNum();
// CHECK-NEXT:   int64_t v39 = AscendC::GetSystemCycle();
// CHECK-NEXT:   bool v40 = ASCEND_IS_AIC;
// CHECK-NEXT:   bool v41 = ASCEND_IS_AIV;
// CHECK-NEXT:   int32_t v42 = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_RINT>(v10);
// CHECK-NEXT:   AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(v6);
// CHECK-NEXT:   AscendC::CrossCoreWaitFlag<0, PIPE_V>(v6);
// CHECK-NEXT:   AscendC::SyncAll();
// CHECK-NEXT:   AscendC::SyncAll<false>();
// CHECK-NEXT:   AscendC::SetAtomicAdd<float>();
// CHECK-NEXT:   AscendC::SetAtomicNone();
// CHECK-NEXT:   AscendC::Mmad(v13, v14, v15, v11);
// CHECK-NEXT:   AscendC::LoadData(v14, v16, v12);
// CHECK-NEXT:   AscendC::Trap();
// CHECK-NEXT:   AscendC::printf("x", v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, v40, v41, v42);
// CHECK-NEXT: }

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%q: !asc.queue<VECIN, 2>, %qb: !asc.queue<VECIN, VECOUT, 1>, %tb: !asc.tbuf<VECCALC>, %p: !asc.pipe, %lt: !asc.local_tensor<f32, VECIN>, %gt: !asc.global_tensor<f32>, %n: i32, %ptr: !asc.gm_ptr<f32>, %b: i1, %l: i64, %fl: f32, %mp: !asc.struct<MmadParams>, %ld: !asc.struct<LoadData2DParams>, %c1: !asc.local_tensor<f32, CO1>, %a2: !asc.local_tensor<f32, A2>, %b2: !asc.local_tensor<f32, B2>, %l1: !asc.local_tensor<f32, A1>):
    %r0 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> (!asc.local_tensor<f32, VECIN>)
    "asc.enque"(%q, %lt) : (!asc.queue<VECIN, 2>, !asc.local_tensor<f32, VECIN>) -> ()
    %r2 = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> (!asc.local_tensor<f32, VECIN>)
    "asc.free_tensor"(%q, %lt) : (!asc.queue<VECIN, 2>, !asc.local_tensor<f32, VECIN>) -> ()
    %r4 = "asc.alloc_tensor"(%qb) : (!asc.queue<VECIN, VECOUT, 1>) -> (!asc.local_tensor<f32, VECIN>)
    %r5 = "asc.tbuf_get_with_offset"(%tb, %n, %n) : (!asc.tbuf<VECCALC>, i32, i32) -> (!asc.local_tensor<f32, VECCALC>)
    %r6 = "asc.tbuf_get_all"(%tb) : (!asc.tbuf<VECCALC>) -> (!asc.local_tensor<f32, VECCALC>)
    %r7 = "asc.lt_get_size"(%lt) : (!asc.local_tensor<f32, VECIN>) -> (i32)
    %r8 = "asc.lt_get_length"(%lt) : (!asc.local_tensor<f32, VECIN>) -> (i32)
    "asc.lt_set_size"(%lt, %n) : (!asc.local_tensor<f32, VECIN>, i32) -> ()
    "asc.lt_set_buffer_len"(%lt, %n) : (!asc.local_tensor<f32, VECIN>, i32) -> ()
    %r11 = "asc.lt_get_user_tag"(%lt) : (!asc.local_tensor<f32, VECIN>) -> (i32)
    "asc.lt_set_user_tag"(%lt, %n) : (!asc.local_tensor<f32, VECIN>, i32) -> ()
    %r13 = "asc.lt_get_phy_addr"(%lt, %n) : (!asc.local_tensor<f32, VECIN>, i32) -> (i64)
    %r14 = "asc.lt_reinterpret_cast"(%lt) : (!asc.local_tensor<f32, VECIN>) -> (!asc.local_tensor<i32, VECIN>)
    %r15 = "asc.gt_get_size"(%gt) : (!asc.global_tensor<f32>) -> (i64)
    %r16 = "asc.gt_get_phy_addr"(%gt, %n) : (!asc.global_tensor<f32>, i32) -> (!asc.gm_ptr<f32>)
    "asc.gt_set_l2_cache_hint"(%gt) {mode = 1 : i32, rw = 2 : i32} : (!asc.global_tensor<f32>) -> ()
    %r18 = "asc.has_idle_buffer"(%q) : (!asc.queue<VECIN, 2>) -> (i1)
    %r19 = "asc.vacant_in_que"(%q) : (!asc.queue<VECIN, 2>) -> (i1)
    %r20 = "asc.has_tensor_in_que"(%q) : (!asc.queue<VECIN, 2>) -> (i1)
    %r21 = "asc.get_tensor_count_in_que"(%q) : (!asc.queue<VECIN, 2>) -> (i32)
    "asc.free_all_event"(%q) : (!asc.queue<VECIN, 2>) -> ()
    "asc.tpipe_destroy"(%p) : (!asc.pipe) -> ()
    "asc.tpipe_init"(%p) : (!asc.pipe) -> ()
    "asc.tpipe_reset"(%p) : (!asc.pipe) -> ()
    %r26 = "asc.tpipe_alloc_event_id"(%p) {event = #asc.event<V_MTE3>} : (!asc.pipe) -> (i32)
    %r27 = "asc.tpipe_fetch_event_id"(%p) {event = #asc.event<MTE2_V>} : (!asc.pipe) -> (i32)
    "asc.tpipe_release_event_id"(%p, %n) {event = #asc.event<V_MTE3>} : (!asc.pipe, i32) -> ()
    %r29 = "asc.local_tensor"(%n, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> (!asc.local_tensor<f16, VECCALC>)
    %r30 = "asc.get_block_num"() : () -> (i32)
    %r31 = "asc.get_sub_block_idx"() : () -> (i64)
    %r32 = "asc.get_sub_block_num"() : () -> (i64)
    %r33 = "asc.get_system_cycle"() : () -> (i64)
    %r34 = "asc.ascend_is_aic"() : () -> (i1)
    %r35 = "asc.ascend_is_aiv"() : () -> (i1)
    %r36 = "asc.scalar_cast"(%fl) {round = #asc.round<CAST_RINT>} : (f32) -> (i32)
    "asc.cross_core_set_flag"(%n) {mode = 0 : i32, pipe = #asc.pipe<PIPE_MTE3>} : (i32) -> ()
    "asc.cross_core_wait_flag"(%n) {mode = 0 : i32, pipe = #asc.pipe<PIPE_V>} : (i32) -> ()
    "asc.sync_all"() : () -> ()
    "asc.sync_all"() {aiv_only = false} : () -> ()
    "asc.set_atomic_add"() {dtype = f32} : () -> ()
    "asc.set_atomic_none"() : () -> ()
    "asc.mmad"(%c1, %a2, %b2, %mp) : (!asc.local_tensor<f32, CO1>, !asc.local_tensor<f32, A2>, !asc.local_tensor<f32, B2>, !asc.struct<MmadParams>) -> ()
    "asc.load_data_2d"(%a2, %l1, %ld) : (!asc.local_tensor<f32, A2>, !asc.local_tensor<f32, A1>, !asc.struct<LoadData2DParams>) -> ()
    "asc.trap"() : () -> ()
    "asc.printf"(%r0, %r2, %r4, %r5, %r6, %r7, %r8, %r11, %r13, %r14, %r15, %r16, %r18, %r19, %r20, %r21, %r26, %r27, %r29, %r30, %r31, %r32, %r33, %r34, %r35, %r36) {fmt = "x"} : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, i32, i32, i32, i64, !asc.local_tensor<i32, VECIN>, i64, !asc.gm_ptr<f32>, i1, i1, i1, i32, i32, i32, !asc.local_tensor<f16, VECCALC>, i32, i64, i64, i64, i1, i1, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.queue<VECIN, 2>, !asc.queue<VECIN, VECOUT, 1>, !asc.tbuf<VECCALC>, !asc.pipe, !asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32, !asc.gm_ptr<f32>, i1, i64, f32, !asc.struct<MmadParams>, !asc.struct<LoadData2DParams>, !asc.local_tensor<f32, CO1>, !asc.local_tensor<f32, A2>, !asc.local_tensor<f32, B2>, !asc.local_tensor<f32, A1>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
