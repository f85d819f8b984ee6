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

"builtin.module"() ({
  "func.func"() ({
    %bit = "arith.constant"() {value = 0 : i32} : () -> i32
    %start = "arith.constant"() {value = 16 : i32} : () -> i32
    %end = "arith.constant"() {value = 48 : i32} : () -> i32
    %f = "arith.constant"() {value = false} : () -> i1
    %t = "arith.constant"() {value = true} : () -> i1
    "asc.check_local_memory_ia"(%bit, %start, %end, %f, %f, %f, %t, %f, %f, %t) : (i32, i32, i32, i1, i1, i1, i1, i1, i1, i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
