// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// More mask / bit-mask forms (compare, select, cast, reductions, the fused cast ops) and the mask registers,
// spelled as the Ascend C API documentation writes them; the mode comes after the tensors.

// CHECK: extern "C" __global__ __aicore__ void k(AscendC::LocalTensor<half> v0, AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, half v4, int64_t v5, int32_t v6, AscendC::BinaryRepeatParams v7, AscendC::UnaryRepeatParams v8, AscendC::LocalTensor<float> v9, AscendC::LocalTensor<uint8_t> v10, int64_t v11, AscendC::LocalTensor<int16_t> v12, AscendC::LocalTensor<int16_t> v13, AscendC::LocalTensor<int16_t> v14, int16_t v15, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   AscendC::Compare(v10, v1, v2, AscendC::CMPMODE::LT, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m0[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Compare(v10, v1, v2, AscendC::CMPMODE::NE, m0, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::CompareScalar(v10, v1, v4, AscendC::CMPMODE::GT, v5, v6, v8);
// CHECK-NEXT:   AscendC::Select(v0, v10, v1, v2, AscendC::SELMODE::VSEL_CMPMASK_SPR, v5, v6, v7);
// CHECK-NEXT:   AscendC::Select(v0, v10, v1, v4, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m1[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Select(v0, v10, v1, v2, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, m1, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m2[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Cast(v9, v1, AscendC::RoundMode::CAST_CEIL, m2, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Cast<float, half, false>(v9, v1, AscendC::RoundMode::CAST_ROUND, v5, v6, v8);
// CHECK-NEXT:   AscendC::Duplicate(v0, v4, v5, v6, v3, v3);
// CHECK-NEXT:   AscendC::Axpy(v9, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m3[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::WholeReduceSum(v0, v1, m3, v6, v3, v3, v3);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::WholeReduceMin(v0, v1, v5, v6, v3, v3, v3);
// CHECK-NEXT:   AscendC::BlockReduceSum(v0, v1, v6, v5, v3, v3, v3);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m4[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::BlockReduceMin(v0, v1, v6, m4, v3, v3, v3);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::RepeatReduceSum(v0, v1, v6, v5, v3, v3, v3, v3);
// CHECK-NEXT:   AscendC::MulCast(v12, v0, v1, v3);
// CHECK-NEXT:   AscendC::AddReluCast(v12, v0, v1, v5, v6, v7);
// CHECK-NEXT:   AscendC::SubReluCast<int16_t, half, true>(v12, v0, v1, v5, v6, v7);
// CHECK-NEXT:   AscendC::SetCmpMask(v10);
// CHECK-NEXT:   AscendC::GetCmpMask(v10);
// CHECK-NEXT:   AscendC::SetDeqScale(v4);
// CHECK-NEXT: }

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<f16, VECCALC>, %a: !asc.local_tensor<f16, VECCALC>, %b: !asc.local_tensor<f16, VECCALC>, %n: i32, %s: f16, %m: i64, %r: i32, %bp: !asc.struct<BinaryRepeatParams>, %up: !asc.struct<UnaryRepeatParams>, %f: !asc.local_tensor<f32, VECCALC>, %u8: !asc.local_tensor<ui8, VECCALC>, %lo: i64, %x: !asc.local_tensor<i16, VECCALC>, %y: !asc.local_tensor<i16, VECCALC>, %z: !asc.local_tensor<i16, VECCALC>, %t: i16):
    "asc.compare.mask"(%u8, %a, %b, %m, %r, %bp) {cmp_mode = #asc.cmpmode<LT>} : (!asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.compare.bitmask"(%u8, %a, %b, %m, %lo, %r, %bp) {cmp_mode = #asc.cmpmode<NE>} : (!asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.compare_scalar.mask"(%u8, %a, %s, %m, %r, %up) {cmp_mode = #asc.cmpmode<GT>} : (!asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.select.mask"(%d, %u8, %a, %b, %m, %r, %bp) {sel_mode = #asc.selmode<VSEL_CMPMASK_SPR>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.select.scalar_mask"(%d, %u8, %a, %s, %m, %r, %bp) {sel_mode = #asc.selmode<VSEL_TENSOR_SCALAR_MODE>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.select.bitmask"(%d, %u8, %a, %b, %m, %lo, %r, %bp) {sel_mode = #asc.selmode<VSEL_TENSOR_TENSOR_MODE>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.cast.bitmask"(%f, %a, %m, %lo, %r, %up) {round = #asc.round<CAST_CEIL>} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.cast.mask"(%f, %a, %m, %r, %up) {is_set_mask = false, round = #asc.round<CAST_ROUND>} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.duplicate.mask"(%d, %s, %m, %r, %n, %n) : (!asc.local_tensor<f16, VECCALC>, f16, i64, i32, i32, i32) -> ()
    "asc.axpy.mask"(%f, %a, %s, %m, %r, %up) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.whole_reduce_sum.bitmask"(%d, %a, %m, %lo, %r, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, i32, i32, i32) -> ()
    "asc.whole_reduce_min.mask"(%d, %a, %m, %r, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, i32, i32, i32) -> ()
    "asc.block_reduce_sum.mask"(%d, %a, %r, %m, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, i64, i32, i32, i32) -> ()
    "asc.block_reduce_min.bitmask"(%d, %a, %r, %m, %lo, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, i64, i64, i32, i32, i32) -> ()
    "asc.repeat_reduce_sum.mask"(%d, %a, %r, %m, %n, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, i64, i32, i32, i32, i32) -> ()
    "asc.mul_cast"(%x, %d, %a, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.add_relu_cast.mask"(%x, %d, %a, %m, %r, %bp) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub_relu_cast.mask"(%x, %d, %a, %m, %r, %bp) {is_set_mask = true} : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.set_cmp_mask"(%u8) : (!asc.local_tensor<ui8, VECCALC>) -> ()
    "asc.get_cmp_mask"(%u8) : (!asc.local_tensor<ui8, VECCALC>) -> ()
    "asc.set_deq_scale"(%s) : (f16) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, f16, i64, i32, !asc.struct<BinaryRepeatParams>, !asc.struct<UnaryRepeatParams>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<ui8, VECCALC>, i64, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
