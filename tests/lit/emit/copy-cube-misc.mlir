// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Data movement with parameter structs (a templated struct takes its user's element type), cube calls
// and system functions, spelled as the Ascend C API documentation writes them.

// CHECK: extern "C" __global__ __aicore__ void k(AscendC::LocalTensor<half> v0, AscendC::LocalTensor<half> v1, AscendC::GlobalTensor<half> v2, int32_t v3, AscendC::DataCopyParams v4, AscendC::DataCopyExtParams v5, int64_t v6, bool v7, half v8, AscendC::Nd2NzParams v9, AscendC::MmadParams v10, AscendC::LocalTensor<float> v11, AscendC::GlobalTensor<float> v12, AscendC::FixpipeParamsV220 v13, AscendC::FixpipeConfig v14, AscendC::BrcbRepeatParams v15, AscendC::LocalTensor<half> v16, AscendC::LocalTensor<half> v17, AscendC::LocalTensor<half> v18, AscendC::LocalTensor<float> v19, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   AscendC::DataCopy(v0, v2, v4);
// CHECK-NEXT:   AscendC::DataCopyPadExtParams<half> v20(v7, v3, v3, v8);
// CHECK-NEXT:   AscendC::DataCopyPad(v0, v2, v5, v20);
// CHECK-NEXT:   AscendC::DataCopyPad(v2, v0, v5);
// CHECK-NEXT:   AscendC::DataCopy(v16, v2, v9);
// CHECK-NEXT:   AscendC::Mmad(v11, v17, v18, v19, v10);
// CHECK-NEXT:   AscendC::Fixpipe(v12, v11, v13, v14);
// CHECK-NEXT:   AscendC::Brcb(v0, v1, v3, v15);
// CHECK-NEXT:   AscendC::Transpose(v0, v1);
// CHECK-NEXT:   AscendC::SetLoadDataBoundary(v3);
// CHECK-NEXT:   AscendC::SetHF32Mode(v7);
// CHECK-NEXT:   AscendC::SetHF32TransMode(v7);
// CHECK-NEXT:   AscendC::SetAtomicMax<half>();
// CHECK-NEXT:   AscendC::SetAtomicMin<int32_t>();
// CHECK-NEXT:   AscendC::DataSyncBarrier<static_cast<AscendC::MemDsbT>(0)>();
// CHECK-NEXT:   AscendC::ICachePreLoad(v3);
// CHECK-NEXT:   int32_t v21 = AscendC::GetArchVersion();
// CHECK-NEXT:   int32_t v22 = AscendC::GetSortLen<float>(v3);
// CHECK-NEXT:   int64_t v23 = AscendC::ScalarCountLeadingZero(v6);
// CHECK-NEXT:   v0.Print(v3);
// CHECK-NEXT:   AscendC::DumpTensor(v0, v3, v3);
// CHECK-NEXT:   AscendC::SetPadValue(v8);
// CHECK-NEXT:   AscendC::printf("x", v20, v21, v22, v23);
// CHECK-NEXT: }

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<f16, VECIN>, %a: !asc.local_tensor<f16, VECIN>, %g: !asc.global_tensor<f16>, %n: i32, %dcp: !asc.struct<DataCopyParams>, %ext: !asc.struct<DataCopyExtParams>, %l: i64, %b: i1, %s: f16, %nd: !asc.struct<Nd2NzParams>, %mp: !asc.struct<MmadParams>, %c: !asc.local_tensor<f32, CO1>, %g32: !asc.global_tensor<f32>, %fp: !asc.struct<FixpipeParamsV220>, %cfg: !asc.struct<FixpipeConfig>, %bp: !asc.struct<BrcbRepeatParams>, %l1: !asc.local_tensor<f16, A1>, %a2: !asc.local_tensor<f16, A2>, %b2: !asc.local_tensor<f16, B2>, %bt: !asc.local_tensor<f32, C2>):
    "asc.data_copy_params"(%d, %g, %dcp) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, !asc.struct<DataCopyParams>) -> ()
    %r1 = "asc.struct"(%b, %n, %n, %s) : (i1, i32, i32, f16) -> (!asc.struct<DataCopyPadExtParams>)
    "asc.data_copy_pad"(%d, %g, %ext, %r1) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, !asc.struct<DataCopyExtParams>, !asc.struct<DataCopyPadExtParams>) -> ()
    "asc.data_copy_pad"(%g, %d, %ext) : (!asc.global_tensor<f16>, !asc.local_tensor<f16, VECIN>, !asc.struct<DataCopyExtParams>) -> ()
    "asc.data_copy_nd2nz"(%l1, %g, %nd) : (!asc.local_tensor<f16, A1>, !asc.global_tensor<f16>, !asc.struct<Nd2NzParams>) -> ()
    "asc.mmad_bias"(%c, %a2, %b2, %bt, %mp) : (!asc.local_tensor<f32, CO1>, !asc.local_tensor<f16, A2>, !asc.local_tensor<f16, B2>, !asc.local_tensor<f32, C2>, !asc.struct<MmadParams>) -> ()
    "asc.fixpipe"(%g32, %c, %fp, %cfg) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, CO1>, !asc.struct<FixpipeParamsV220>, !asc.struct<FixpipeConfig>) -> ()
    "asc.brcb"(%d, %a, %n, %bp) : (!asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, i32, !asc.struct<BrcbRepeatParams>) -> ()
    "asc.transpose"(%d, %a) : (!asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>) -> ()
    "asc.set_load_data_boundary"(%n) : (i32) -> ()
    "asc.set_hf32_mode"(%b) : (i1) -> ()
    "asc.set_hf32_trans_mode"(%b) : (i1) -> ()
    "asc.set_atomic_max"() {dtype = f16} : () -> ()
    "asc.set_atomic_min"() {dtype = i32} : () -> ()
    "asc.data_sync_barrier"() {mode = 0 : i32} : () -> ()
    "asc.icache_preload"(%n) : (i32) -> ()
    %r16 = "asc.get_arch_version"() : () -> (i32)
    %r17 = "asc.get_sort_len"(%n) {dtype = f32} : (i32) -> (i32)
    %r18 = "asc.scalar_count_leading_zero"(%l) : (i64) -> (i64)
    "asc.lt_print"(%d, %n) : (!asc.local_tensor<f16, VECIN>, i32) -> ()
    "asc.dump_tensor"(%d, %n, %n) : (!asc.local_tensor<f16, VECIN>, i32, i32) -> ()
    "asc.set_pad_value"(%s) : (f16) -> ()
    "asc.printf"(%r1, %r16, %r17, %r18) {fmt = "x"} : (!asc.struct<DataCopyPadExtParams>, i32, i32, i64) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<f16, VECIN>, !asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32, !asc.struct<DataCopyParams>, !asc.struct<DataCopyExtParams>, i64, i1, f16, !asc.struct<Nd2NzParams>, !asc.struct<MmadParams>, !asc.local_tensor<f32, CO1>, !asc.global_tensor<f32>, !asc.struct<FixpipeParamsV220>, !asc.struct<FixpipeConfig>, !asc.struct<BrcbRepeatParams>, !asc.local_tensor<f16, A1>, !asc.local_tensor<f16, A2>, !asc.local_tensor<f16, B2>, !asc.local_tensor<f32, C2>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
