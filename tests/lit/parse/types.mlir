// RUN: asc-opt %s | FileCheck %s
// Every type of the IR survives parse and print unchanged.

"func.func"() ({
^bb0(%a: i1, %b: i8, %c: i16, %d: i64, %e: ui8, %f: ui16, %g: ui32, %h: ui64,
     %i: f16, %j: bf16, %k: f32, %l: f64, %m: index, %n: !asc.gm_ptr<bf16>,
     %o: !asc.global_tensor<i8>, %p: !asc.local_tensor<f32>, %q: !asc.local_tensor<256xf16>,
     %r: !asc.local_tensor<16x32xf16, VECCALC>, %s: !asc.local_tensor<ui8, VECOUT>,
     %t: !asc.queue<VECIN, 2>, %u: !asc.queue<VECIN, VECOUT, 0>, %v: !asc.queue<A1, 1>,
     %w: !asc.tbuf<VECCALC>, %x: !asc.pipe, %y: !asc.struct<UnaryRepeatParams>):
  "func.return"() : () -> ()
}) {function_type = (i1, i8, i16, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, index, !asc.gm_ptr<bf16>, !asc.global_tensor<i8>, !asc.local_tensor<f32>, !asc.local_tensor<256xf16>, !asc.local_tensor<16x32xf16, VECCALC>, !asc.local_tensor<ui8, VECOUT>, !asc.queue<VECIN, 2>, !asc.queue<VECIN, VECOUT, 0>, !asc.queue<A1, 1>, !asc.tbuf<VECCALC>, !asc.pipe, !asc.struct<UnaryRepeatParams>) -> (), sym_name = "types"} : () -> ()

// CHECK: ^bb0(%arg0: i1, %arg1: i8, %arg2: i16, %arg3: i64, %arg4: ui8, %arg5: ui16, %arg6: ui32, %arg7: ui64, %arg8: f16, %arg9: bf16, %arg10: f32, %arg11: f64, %arg12: index, %arg13: !asc.gm_ptr<bf16>, %arg14: !asc.global_tensor<i8>, %arg15: !asc.local_tensor<f32>, %arg16: !asc.local_tensor<256xf16>, %arg17: !asc.local_tensor<16x32xf16, VECCALC>, %arg18: !asc.local_tensor<ui8, VECOUT>, %arg19: !asc.queue<VECIN, 2>, %arg20: !asc.queue<VECIN, VECOUT, 0>, %arg21: !asc.queue<A1, 1>, %arg22: !asc.tbuf<VECCALC>, %arg23: !asc.pipe, %arg24: !asc.struct<UnaryRepeatParams>):
// CHECK: sym_name = "types"
