// RUN: asc-opt %s | FileCheck %s
// Attribute values print canonically: dictionary sorted by name, integers with their
// type (i64 by default), floats as the shortest decimal with a '.', inf/nan in hex,
// strings escaped, enums by member name.

"func.func"() ({
  %0 = "arith.constant"() {value = 0.1 : f32} : () -> f32
  %1 = "arith.constant"() {value = 1.0e+20 : f64} : () -> f64
  %2 = "arith.constant"() {value = 0x7F800000 : f32} : () -> f32
  %3 = "arith.constant"() {value = 0x3C00 : f16} : () -> f16
  %4 = "arith.constant"() {value = -2.5e-3 : f64} : () -> f64
  %5 = "arith.constant"() {value = 0xFF80 : bf16} : () -> bf16
  %6 = "arith.constant"() {value = 0xFC00 : f16} : () -> f16
  "asc.pipe_barrier"() {zz = "a\"b\\c\0A", pipe = #asc.pipe<3>, aa = [1, true, @sym, i32, #asc.pos<VECIN>], mm, u8 = 255 : ui8} : () -> ()
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "attrs"} : () -> ()

// CHECK: {value = 0.1 : f32}
// CHECK: {value = 1.0e+20 : f64}
// CHECK: {value = 0x7F800000 : f32}
// CHECK: {value = 1.0 : f16}
// CHECK: {value = -0.0025 : f64}
// CHECK: {value = 0xFF80 : bf16}
// CHECK: {value = 0xFC00 : f16}
// CHECK: "asc.pipe_barrier"() {aa = [1 : i64, true, @sym, i32, #asc.pos<VECIN>], mm, pipe = #asc.pipe<PIPE_MTE1>, u8 = 255 : ui8, zz = "a\"b\\c\0A"}
