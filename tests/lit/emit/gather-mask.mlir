// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// GatherMask returns the kept element count through its last parameter, uint64_t& rsvdCnt (Ascend C API
// reference, GatherMask: both prototypes are void and end with rsvdCnt; its sample declares
// `uint64_t rsvdCnt = 0;` and passes it last): the IR result of asc.gather_mask is that variable.

// CHECK:       AscendC::GatherMaskParams v11(v3, v3, v4, v1);
// CHECK-NEXT:  uint64_t v12 = 0;
// CHECK-NEXT:  AscendC::GatherMask(v8, v9, v10, v6, v7, v11, v12);
// CHECK-NEXT:  uint64_t v13 = 0;
// CHECK-NEXT:  AscendC::GatherMask(v8, v9, v5, v6, v7, v11, v13);
// CHECK-NEXT:  int64_t v14 = AscendC::GetGatherMaskRemainCount();
// CHECK-NEXT:  int64_t v15 = v12 + v13;

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %t = "arith.constant"() {value = true} : () -> i1
    %m = "arith.constant"() {value = 70 : i64} : () -> i64
    %dst = "asc.local_tensor"(%c0, %c256) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f16, VECOUT>
    %src = "asc.local_tensor"(%c256, %c256) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f16, VECIN>
    %pat = "asc.local_tensor"(%c256, %c256) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<ui16, VECIN>
    %p = "asc.struct"(%c1, %c1, %c8, %c0) : (i32, i32, i32, i32) -> !asc.struct<GatherMaskParams>
    %k = "asc.gather_mask"(%dst, %src, %pat, %t, %m, %p) : (!asc.local_tensor<f16, VECOUT>, !asc.local_tensor<f16, VECIN>, !asc.local_tensor<ui16, VECIN>, i1, i64, !asc.struct<GatherMaskParams>) -> i64
    %k2 = "asc.gather_mask.pattern"(%dst, %src, %c3, %t, %m, %p) : (!asc.local_tensor<f16, VECOUT>, !asc.local_tensor<f16, VECIN>, i32, i1, i64, !asc.struct<GatherMaskParams>) -> i64
    %r = "asc.get_gather_mask_remain_count"() : () -> i64
    %s = "arith.addi"(%k, %k2) : (i64, i64) -> i64
    %s2 = "arith.addi"(%s, %r) : (i64, i64) -> i64
    %cnt = "arith.trunci"(%s2) : (i64) -> i32
    "asc.abs"(%dst, %dst, %cnt) : (!asc.local_tensor<f16, VECOUT>, !asc.local_tensor<f16, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
