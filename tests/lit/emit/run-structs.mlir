// The running mode (-DASC_RUN) traces a parameter struct's fields with their own types: RmsNorm-Tiling's
// page declares `float reciprocalOfHLength` (1 / hLength = 1 / 64 = 0.015625 here), the other fields
// uint32_t; the trace parses back.  Inputs/run_structs.cpp is the kernel and a host main that prints the trace.
// RUN: g++ -std=c++17 -Wall -Werror -DASC_RUN -I %S/../../../include/ascendc %S/Inputs/run_structs.cpp -o %t
// RUN: %t | FileCheck %s
// RUN: %t | asc-opt - > /dev/null
// CHECK: %[[R:t[0-9]+]] = "arith.constant"() {value = 1.56250000000000000e-02 : f32} : () -> f32
// CHECK: "asc.struct"(%{{t[0-9]+}}, %{{t[0-9]+}}, %{{t[0-9]+}}, %{{t[0-9]+}}, %[[R]], {{.*}}) : (i32, i32, i32, i32, f32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<RmsNormTiling>
// CHECK-NEXT: "asc.adv.rmsnorm"
"builtin.module"() ({
}) : () -> ()
