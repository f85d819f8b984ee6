// The running mode (-DASC_RUN) traces a parameter struct's fields with their own types: RmsNorm-Tiling's
// page declares `float reciprocalOfHLength` (1 / hLength = 1 / 64 = 0.015625 here), the other fields
// uint32_t; the trace parses back.  Inputs/run_structs.cpp is the kernel and a host main that prints the trace.
// RUN: g++ -std=c++17 -Wall -Werror -DASC_RUN -I %S/../../../include/ascendc %S/Inputs/run_structs.cpp -o %t
// RUN: %t | FileCheck %s
// RUN: %t | asc-opt - > /dev/null
// CHECK: %[[R:t[0-9]+]] = "arith.constant"() {value = 1.56250000000000000e-02 : f32} : () -> f32
// CHECK: "asc.struct"(%{{t[0-9]+}}, %{{t[0-9]+}}, %{{t[0-9]+}}, %{{t[0-9]+}}, %[[R]], {{.*}}) : (i32, i32, i32, i32, f32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<RmsNormTiling>
// CHECK-NEXT: "asc.adv.rmsnorm"
// The 37 AippParams fields in the IR's order: padding (5), swap (3: isSwapRB 1), single line (1), conversion means
// (3: ch1 7), mins (3) and vars (3: ch2 0.25) as f32, round mode, channel padding (2), csc (1 + 9 + 6: biasOut2 9).
// CHECK: "asc.set_global_buffer"
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 7 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 0.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 0.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 1.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 1.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 2.50000000000000000e-01 : f32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 9 : i32}
// CHECK-NEXT: %[[A:t[0-9]+]] = "asc.struct"({{.*}}) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<AippParams>
// CHECK-NEXT: "asc.set_aipp_functions"(%{{t[0-9]+}}, %[[A]]) {dtype = i8, format = 4 : i64}
// Default-constructed DataCopyParams (blockCount 1, blockLen 0, strides 0; blockLen set to 2), UnaryRepeatParams
// (block strides 1, repeat strides 8; srcRepStride set to 4), BinaryRepeatParams (1, 1, 1, 8, 8, 8): their pages'
// defaults of the constructor without arguments.
// CHECK: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 2 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.struct"({{.*}}) -> !asc.struct<DataCopyParams>
// CHECK-NEXT: "asc.data_copy_params"
// CHECK-NEXT: "arith.constant"() {value = 2.00000000000000000e+00 : f32}
// CHECK-NEXT: "arith.constant"() {value = 64 : i64}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 8 : i32}
// CHECK-NEXT: "arith.constant"() {value = 4 : i32}
// CHECK-NEXT: "asc.struct"({{.*}}) -> !asc.struct<UnaryRepeatParams>
// CHECK-NEXT: "asc.muls.mask"
// CHECK-NEXT: "arith.constant"() {value = 64 : i64}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 1 : i32}
// CHECK-NEXT: "arith.constant"() {value = 8 : i32}
// CHECK-NEXT: "arith.constant"() {value = 8 : i32}
// CHECK-NEXT: "arith.constant"() {value = 8 : i32}
// CHECK-NEXT: "asc.struct"({{.*}}) -> !asc.struct<BinaryRepeatParams>
// CHECK-NEXT: "asc.add.mask"
"builtin.module"() ({
}) : () -> ()
