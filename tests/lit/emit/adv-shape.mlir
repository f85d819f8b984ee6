// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// The library calls that take a tensor's shape from its ShapeInfo: Python's set_shape_info leaves it on the call
// as `shape` (the source's) and `reduce_shape` (SoftMax's sum), and the C++ gives the tensors that ShapeInfo
// before the call (Ascend C API reference: LocalTensor::SetShapeInfo(const ShapeInfo&); ShapeInfo(uint8_t
// inputShapeDim, const uint32_t inputShape[])), in a block around it.  Without the attributes: the bare call.

// CHECK:       {
// CHECK-NEXT:    uint32_t s0[2] = {8, 8};
// CHECK-NEXT:    v5.SetShapeInfo(AscendC::ShapeInfo(2, s0));
// CHECK-NEXT:    uint32_t s1[2] = {8, 1024};
// CHECK-NEXT:    v4.SetShapeInfo(AscendC::ShapeInfo(2, s1));
// CHECK-NEXT:    AscendC::SoftMax(v4, v5, v6, v4, v[[T:[0-9]+]]);
// CHECK-NEXT:  }
// CHECK:       AscendC::SoftMax(v4, v5, v6, v4, v[[T]]);
// CHECK:       {
// CHECK-NEXT:    uint32_t s2[3] = {2, 4, 64};
// CHECK-NEXT:    v8.SetShapeInfo(AscendC::ShapeInfo(3, s2));
// CHECK-NEXT:    AscendC::RmsNorm(v4, v8, v9, v{{[0-9]+}}, v{{[0-9]+}});
// CHECK-NEXT:  }

"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 8192 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 32768 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 33024 : i32} : () -> i32
    %x = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %s = "asc.local_tensor"(%a1, %c0) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %m = "asc.local_tensor"(%a2, %c0) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %t = "asc.struct"(%c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<SoftmaxTiling>
    "asc.adv.softmax"(%x, %s, %m, %x, %t) {shape = [8 : i32, 1024 : i32], reduce_shape = [8 : i32, 8 : i32]} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.struct<SoftmaxTiling>) -> ()
    "asc.adv.softmax"(%x, %s, %m, %x, %t) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.struct<SoftmaxTiling>) -> ()
    %y = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %g = "asc.local_tensor"(%a2, %c0) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    %eps = "arith.constant"() {value = 1.0e-05 : f32} : () -> f32
    %rt = "asc.struct"(%c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<RmsNormTiling>
    "asc.adv.rmsnorm"(%x, %y, %g, %eps, %rt) {shape = [2 : i32, 4 : i32, 64 : i32]} : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, !asc.struct<RmsNormTiling>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
