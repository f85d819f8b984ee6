// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Parameter structs whose fields the IR passes one by one.  CheckLocalMemoryIA takes one
// CheckLocalMemoryIAParam (Ascend C API reference, CheckLocalMemoryIA(ISASI): its table 2 names the members
// enableBit, startAddr, endAddr, isScalarRead, isScalarWrite, isVectorRead, isVectorWrite, isMteRead,
// isMteWrite, isEnable in this order, the order of the IR's operands; its sample sets vector writes of
// (start, end] with exception register 0): a temporary assigned member by member, in a block around the call.

// CHECK:       {
// CHECK-NEXT:    AscendC::CheckLocalMemoryIAParam p0;
// CHECK-NEXT:    p0.enableBit = v0;
// CHECK-NEXT:    p0.startAddr = v1;
// CHECK-NEXT:    p0.endAddr = v2;
// CHECK-NEXT:    p0.isScalarRead = v3;
// CHECK-NEXT:    p0.isScalarWrite = v3;
// CHECK-NEXT:    p0.isVectorRead = v3;
// CHECK-NEXT:    p0.isVectorWrite = v4;
// CHECK-NEXT:    p0.isMteRead = v3;
// CHECK-NEXT:    p0.isMteWrite = v3;
// CHECK-NEXT:    p0.isEnable = v4;
// CHECK-NEXT:    AscendC::CheckLocalMemoryIA(p0);
// CHECK-NEXT:  }
// The tiling aggregates SoftMaxTiling and RmsNormTiling (Ascend C API reference, SoftMax-Tiling and RmsNorm-Tiling:
// structs of fields defaulting to 0, no constructor): declared, then field i of structs.def assigned to the
// page's member i.
// CHECK:       SoftMaxTiling v21;
// CHECK-NEXT:  v21.srcM = v5;
// CHECK-NEXT:  v21.srcK = v6;
// CHECK-NEXT:  v21.srcSize = v7;
// CHECK-NEXT:  v21.outMaxM = v8;
// CHECK-NEXT:  v21.outMaxK = v9;
// CHECK-NEXT:  v21.outMaxSize = v10;
// CHECK-NEXT:  v21.splitM = v11;
// CHECK-NEXT:  v21.splitK = v12;
// CHECK-NEXT:  v21.splitSize = v13;
// CHECK-NEXT:  v21.reduceM = v14;
// CHECK-NEXT:  v21.reduceK = v15;
// CHECK-NEXT:  v21.reduceSize = v16;
// CHECK-NEXT:  v21.rangeM = v17;
// CHECK-NEXT:  v21.tailM = v18;
// CHECK-NEXT:  v21.tailSplitSize = v19;
// CHECK-NEXT:  v21.tailReduceSize = v20;
// CHECK:       RmsNormTiling v22;
// CHECK-NEXT:  v22.bLength = v5;
// CHECK-NEXT:  v22.sLength = v6;
// CHECK-NEXT:  v22.hLength = v7;
// CHECK-NEXT:  v22.originalHLength = v8;
// CHECK-NEXT:  v22.reciprocalOfHLength = v9;
// CHECK-NEXT:  v22.mainBshLength = v10;
// CHECK-NEXT:  v22.mainBsLength = v11;
// CHECK-NEXT:  v22.mainBsLengthAlign = v12;
// CHECK-NEXT:  v22.loopRound = v13;
// CHECK-NEXT:  v22.inputTailPos = v14;
// CHECK-NEXT:  v22.tailBshLength = v15;
// CHECK-NEXT:  v22.tailBsLength = v16;

"builtin.module"() ({
  "func.func"() ({
    %bit = "arith.constant"() {value = 0 : i32} : () -> i32
    %start = "arith.constant"() {value = 16 : i32} : () -> i32
    %end = "arith.constant"() {value = 48 : i32} : () -> i32
    %f = "arith.constant"() {value = false} : () -> i1
    %t = "arith.constant"() {value = true} : () -> i1
    "asc.check_local_memory_ia"(%bit, %start, %end, %f, %f, %f, %t, %f, %f, %t) : (i32, i32, i32, i1, i1, i1, i1, i1, i1, i1) -> ()
    %f0 = "arith.constant"() {value = 100 : i32} : () -> i32
    %f1 = "arith.constant"() {value = 101 : i32} : () -> i32
    %f2 = "arith.constant"() {value = 102 : i32} : () -> i32
    %f3 = "arith.constant"() {value = 103 : i32} : () -> i32
    %f4 = "arith.constant"() {value = 104 : i32} : () -> i32
    %f5 = "arith.constant"() {value = 105 : i32} : () -> i32
    %f6 = "arith.constant"() {value = 106 : i32} : () -> i32
    %f7 = "arith.constant"() {value = 107 : i32} : () -> i32
    %f8 = "arith.constant"() {value = 108 : i32} : () -> i32
    %f9 = "arith.constant"() {value = 109 : i32} : () -> i32
    %f10 = "arith.constant"() {value = 110 : i32} : () -> i32
    %f11 = "arith.constant"() {value = 111 : i32} : () -> i32
    %f12 = "arith.constant"() {value = 112 : i32} : () -> i32
    %f13 = "arith.constant"() {value = 113 : i32} : () -> i32
    %f14 = "arith.constant"() {value = 114 : i32} : () -> i32
    %f15 = "arith.constant"() {value = 115 : i32} : () -> i32
    %sm = "asc.struct"(%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<SoftmaxTiling>
    %rn = "asc.struct"(%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<RmsNormTiling>
    %x = "asc.local_tensor"(%bit, %start) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    "asc.adv.softmax"(%x, %x, %x, %x, %sm) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.struct<SoftmaxTiling>) -> ()
    %eps = "arith.constant"() {value = 1.0e-05 : f32} : () -> f32
    "asc.adv.rmsnorm"(%x, %x, %x, %eps, %rn) : (!asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, !asc.local_tensor<f32, VECCALC>, f32, !asc.struct<RmsNormTiling>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
