// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// MrgSort (pyasc's mrg_sort page, its Ascend C prototype: MrgSort(dst, const MrgSortSrcList<T>& src,
// const uint16_t elementCountList[], uint32_t sortedNum[], uint16_t validBit, uint16_t repeatTime,
// bool isExhaustedSuspension)).  The IR passes the four counts and the sources as operands: the list and the
// arrays are built in a block around the call; a source validBit leaves out is the first again.

// CHECK:        {
// CHECK-NEXT:     AscendC::MrgSortSrcList<float> l0(v5, v6, v5, v5);
// CHECK-NEXT:     uint16_t c0[4] = {static_cast<uint16_t>(v1), static_cast<uint16_t>(v1), static_cast<uint16_t>(v0), static_cast<uint16_t>(v0)};
// CHECK-NEXT:     uint32_t s0[4] = {};
// CHECK-NEXT:     AscendC::MrgSort(v4, l0, c0, s0, v2, v3, true);
// CHECK-NEXT:   }

"builtin.module"() ({
  "func.func"() ({
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %v = "arith.constant"() {value = 3 : i32} : () -> i32
    %r = "arith.constant"() {value = 1 : i32} : () -> i32
    %dst = "asc.local_tensor"(%z, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT>
    %a = "asc.local_tensor"(%n, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %b = "asc.local_tensor"(%n, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.mrg_sort"(%dst, %n, %n, %z, %z, %v, %r, %a, %b) {exhausted = true} : (!asc.local_tensor<f32, VECOUT>, i32, i32, i32, i32, i32, i32, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "ms_kernel"} : () -> ()
}) : () -> ()
