// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// The vector ops' count, mask and bit-mask forms and asc.adv calls, one line each, spelled as the Ascend C
// API documentation writes them: (dst, src..., count); (..., mask, repeatTimes, repeatParams); a bit mask
// is uint64_t[2] = {low word, high word}; template arguments only when an attribute asks for them.

// CHECK: extern "C" __global__ __aicore__ void k(AscendC::LocalTensor<half> v0, AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, half v4, int64_t v5, int32_t v6, AscendC::BinaryRepeatParams v7, AscendC::UnaryRepeatParams v8, AscendC::LocalTensor<float> v9, AscendC::LocalTensor<uint8_t> v10, int64_t v11, AscendC::LocalTensor<int16_t> v12, AscendC::LocalTensor<int16_t> v13, AscendC::LocalTensor<int16_t> v14, int16_t v15, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   AscendC::Add(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Add(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m0[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Add(v0, v1, v2, m0, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Sub(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Sub(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m1[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Sub(v0, v1, v2, m1, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Mul(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Mul(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m2[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Mul(v0, v1, v2, m2, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Div(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Div(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m3[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Div(v0, v1, v2, m3, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Max(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Max(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m4[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Max(v0, v1, v2, m4, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Min(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Min(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m5[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Min(v0, v1, v2, m5, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::AddRelu(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::AddRelu(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m6[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::AddRelu(v0, v1, v2, m6, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::SubRelu(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::SubRelu(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m7[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::SubRelu(v0, v1, v2, m7, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::FusedMulAdd(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::FusedMulAdd(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m8[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::FusedMulAdd(v0, v1, v2, m8, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::FusedMulAddRelu(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::FusedMulAddRelu(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m9[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::FusedMulAddRelu(v0, v1, v2, m9, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::MulAddDst(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::MulAddDst(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m10[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::MulAddDst(v0, v1, v2, m10, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Exp(v0, v1, v3);
// CHECK-NEXT:   AscendC::Exp(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m11[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Exp(v0, v1, m11, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Ln(v0, v1, v3);
// CHECK-NEXT:   AscendC::Ln(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m12[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Ln(v0, v1, m12, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Sqrt(v0, v1, v3);
// CHECK-NEXT:   AscendC::Sqrt(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m13[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Sqrt(v0, v1, m13, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Rsqrt(v0, v1, v3);
// CHECK-NEXT:   AscendC::Rsqrt(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m14[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Rsqrt(v0, v1, m14, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Reciprocal(v0, v1, v3);
// CHECK-NEXT:   AscendC::Reciprocal(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m15[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Reciprocal(v0, v1, m15, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Abs(v0, v1, v3);
// CHECK-NEXT:   AscendC::Abs(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m16[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Abs(v0, v1, m16, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Relu(v0, v1, v3);
// CHECK-NEXT:   AscendC::Relu(v0, v1, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m17[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Relu(v0, v1, m17, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Adds(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::Adds(v0, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m18[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Adds(v0, v1, v4, m18, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Muls(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::Muls(v0, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m19[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Muls(v0, v1, v4, m19, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Maxs(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::Maxs(v0, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m20[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Maxs(v0, v1, v4, m20, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Mins(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::Mins(v0, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m21[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Mins(v0, v1, v4, m21, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::LeakyRelu(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::LeakyRelu(v0, v1, v4, v5, v6, v8);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m22[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::LeakyRelu(v0, v1, v4, m22, v6, v8);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::And(v12, v13, v14, v3);
// CHECK-NEXT:   AscendC::And(v12, v13, v14, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m23[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::And(v12, v13, v14, m23, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Or(v12, v13, v14, v3);
// CHECK-NEXT:   AscendC::Or(v12, v13, v14, v5, v6, v7);
// CHECK-NEXT:   {
// CHECK-NEXT:     uint64_t m24[2] = {static_cast<uint64_t>(v11), static_cast<uint64_t>(v5)};
// CHECK-NEXT:     AscendC::Or(v12, v13, v14, m24, v6, v7);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::Not(v12, v13, v3);
// CHECK-NEXT:   AscendC::Not(v12, v13, v5, v6, v8);
// CHECK-NEXT:   AscendC::ShiftLeft(v12, v13, v15, v3);
// CHECK-NEXT:   AscendC::ShiftLeft(v12, v13, v15, v5, v6, v8);
// CHECK-NEXT:   AscendC::ShiftRight(v12, v13, v15, v3);
// CHECK-NEXT:   AscendC::ShiftRight(v12, v13, v15, v5, v6, v8);
// CHECK-NEXT:   AscendC::Add<half, false>(v0, v1, v2, v5, v6, v7);
// CHECK-NEXT:   AscendC::Axpy(v0, v1, v4, v3);
// CHECK-NEXT:   AscendC::Duplicate(v0, v4, v3);
// CHECK-NEXT:   AscendC::Cast(v9, v1, AscendC::RoundMode::CAST_NONE, v3);
// CHECK-NEXT:   AscendC::Cast(v9, v1, AscendC::RoundMode::CAST_FLOOR, v5, v6, v8);
// CHECK-NEXT:   AscendC::ReduceSum(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::ReduceMax(v0, v1, v2, v3, true);
// CHECK-NEXT:   AscendC::ReduceMin(v0, v1, v2, v3);
// CHECK-NEXT:   AscendC::Compare(v10, v1, v2, AscendC::CMPMODE::EQ, v3);
// CHECK-NEXT:   AscendC::CompareScalar(v10, v1, v4, AscendC::CMPMODE::GE, v3);
// CHECK-NEXT:   AscendC::Select(v0, v10, v1, v2, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, v3);
// CHECK-NEXT:   AscendC::Select(v0, v10, v1, v4, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v3);
// CHECK-NEXT:   AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(v5);
// CHECK-NEXT:   AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(v5, v11);
// CHECK-NEXT:   AscendC::ResetMask();
// CHECK-NEXT:   AscendC::SetMaskCount();
// CHECK-NEXT:   AscendC::SetMaskNorm();
// CHECK-NEXT:   AscendC::WholeReduceSum(v0, v1, v5, v6, v3, v3, v3);
// CHECK-NEXT:   AscendC::WholeReduceMax(v0, v1, v5, v6, v3, v3, v3, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:   AscendC::BlockReduceMax(v0, v1, v6, v5, v3, v3, v3);
// CHECK-NEXT:   AscendC::PairReduceSum(v0, v1, v6, v5, v3, v3, v3);
// CHECK-NEXT:   AscendC::Sin(v0, v1, v3);
// CHECK-NEXT:   AscendC::Cos(v0, v1, v3);
// CHECK-NEXT:   AscendC::Erf(v0, v1, v3);
// CHECK-NEXT:   AscendC::Log(v0, v1, v3);
// CHECK-NEXT:   AscendC::Floor(v0, v1, v3);
// CHECK-NEXT:   AscendC::Tanh<half, true>(v0, v1, v10, v3);
// CHECK-NEXT:   AscendC::Exp<half, 10>(v0, v1, v3);
// CHECK-NEXT:   AscendC::Power(v0, v1, v2, v3);
// CHECK-NEXT: }

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<f16, VECCALC>, %a: !asc.local_tensor<f16, VECCALC>, %b: !asc.local_tensor<f16, VECCALC>, %n: i32, %s: f16, %m: i64, %r: i32, %bp: !asc.struct<BinaryRepeatParams>, %up: !asc.struct<UnaryRepeatParams>, %f: !asc.local_tensor<f32, VECCALC>, %u8: !asc.local_tensor<ui8, VECCALC>, %lo: i64, %x: !asc.local_tensor<i16, VECCALC>, %y: !asc.local_tensor<i16, VECCALC>, %z: !asc.local_tensor<i16, VECCALC>, %t: i16):
    "asc.add"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.add.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.add.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.sub.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.mul.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.div"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.div.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.div.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.max"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.max.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.max.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.min"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.min.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.min.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.add_relu"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.add_relu.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.add_relu.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub_relu"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.sub_relu.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.sub_relu.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.fused_mul_add"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.fused_mul_add.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.fused_mul_add.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.fused_mul_add_relu"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.fused_mul_add_relu.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.fused_mul_add_relu.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul_add_dst"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.mul_add_dst.mask"(%d, %a, %b, %m, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.mul_add_dst.bitmask"(%d, %a, %b, %m, %lo, %r, %bp) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.exp"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.exp.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.exp.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.ln"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.ln.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.ln.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.sqrt"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.sqrt.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.sqrt.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.rsqrt"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.rsqrt.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.rsqrt.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.reciprocal"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.reciprocal.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.reciprocal.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.abs"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.abs.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.abs.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.relu"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.relu.mask"(%d, %a, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.relu.bitmask"(%d, %a, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.adds"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.adds.mask"(%d, %a, %s, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.adds.bitmask"(%d, %a, %s, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.muls"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.muls.mask"(%d, %a, %s, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.muls.bitmask"(%d, %a, %s, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.maxs"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.maxs.mask"(%d, %a, %s, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.maxs.bitmask"(%d, %a, %s, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.mins"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.mins.mask"(%d, %a, %s, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.mins.bitmask"(%d, %a, %s, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.leaky_relu"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.leaky_relu.mask"(%d, %a, %s, %m, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.leaky_relu.bitmask"(%d, %a, %s, %m, %lo, %r, %up) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i64, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.bitwise_and"(%x, %y, %z, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i32) -> ()
    "asc.bitwise_and.mask"(%x, %y, %z, %m, %r, %bp) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.bitwise_and.bitmask"(%x, %y, %z, %m, %lo, %r, %bp) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.bitwise_or"(%x, %y, %z, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i32) -> ()
    "asc.bitwise_or.mask"(%x, %y, %z, %m, %r, %bp) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.bitwise_or.bitmask"(%x, %y, %z, %m, %lo, %r, %bp) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i64, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.bitwise_not"(%x, %y, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i32) -> ()
    "asc.bitwise_not.mask"(%x, %y, %m, %r, %up) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.shift_left"(%x, %y, %t, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16, i32) -> ()
    "asc.shift_left.mask"(%x, %y, %t, %m, %r, %up) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.shift_right"(%x, %y, %t, %n) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16, i32) -> ()
    "asc.shift_right.mask"(%x, %y, %t, %m, %r, %up) : (!asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.add.mask"(%d, %a, %b, %m, %r, %bp) {is_set_mask = false} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<BinaryRepeatParams>) -> ()
    "asc.axpy"(%d, %a, %s, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.duplicate"(%d, %s, %n) : (!asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.cast"(%f, %a, %n) {round = #asc.round<CAST_NONE>} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.cast.mask"(%f, %a, %m, %r, %up) {round = #asc.round<CAST_FLOOR>} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "asc.reduce_sum"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.reduce_max"(%d, %a, %b, %n) {cal_index = true} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.reduce_min"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.compare"(%u8, %a, %b, %n) {cmp_mode = #asc.cmpmode<EQ>} : (!asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.compare_scalar"(%u8, %a, %s, %n) {cmp_mode = #asc.cmpmode<GE>} : (!asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.select"(%d, %u8, %a, %b, %n) {sel_mode = #asc.selmode<VSEL_TENSOR_TENSOR_MODE>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.select.scalar"(%d, %u8, %a, %s, %n) {sel_mode = #asc.selmode<VSEL_TENSOR_SCALAR_MODE>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<ui8, VECCALC>, !asc.local_tensor<f16, VECCALC>, f16, i32) -> ()
    "asc.set_vector_mask"(%m) {dtype = f16, mode = #asc.maskmode<NORMAL>} : (i64) -> ()
    "asc.set_vector_mask.bits"(%m, %lo) {dtype = f32, mode = #asc.maskmode<COUNTER>} : (i64, i64) -> ()
    "asc.reset_mask"() : () -> ()
    "asc.set_mask_count"() : () -> ()
    "asc.set_mask_norm"() : () -> ()
    "asc.whole_reduce_sum.mask"(%d, %a, %m, %r, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, i32, i32, i32) -> ()
    "asc.whole_reduce_max.mask"(%d, %a, %m, %r, %n, %n, %n) {order = #asc.order<ORDER_INDEX_VALUE>} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i64, i32, i32, i32, i32) -> ()
    "asc.block_reduce_max.mask"(%d, %a, %r, %m, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, i64, i32, i32, i32) -> ()
    "asc.pair_reduce_sum.mask"(%d, %a, %r, %m, %n, %n, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, i64, i32, i32, i32) -> ()
    "asc.adv.sin"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.cos"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.erf"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.log"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.floor"(%d, %a, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.tanh"(%d, %a, %n, %u8) {reuse_source = true} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, !asc.local_tensor<ui8, VECCALC>) -> ()
    "asc.adv.exp"(%d, %a, %n) {taylor_level = 10 : i32} : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "asc.adv.power"(%d, %a, %b, %n) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, i32, f16, i64, i32, !asc.struct<BinaryRepeatParams>, !asc.struct<UnaryRepeatParams>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<ui8, VECCALC>, i64, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, !asc.local_tensor<i16, VECCALC>, i16) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
