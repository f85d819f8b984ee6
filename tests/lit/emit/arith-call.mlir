// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// The rest of arith: float and bit operations and every conversion as a static_cast to the result's type
// (unsigned ones through the unsigned type of the operand's width); a private function the pipeline
// did not inline is an always-inline __aicore__ function, called by name.

// CHECK: __aicore__ inline int32_t helper(int32_t v0, int32_t v1) {
// CHECK-NEXT:   int32_t v2 = v0 > v1 ? v0 : v1;
// CHECK-NEXT:   int32_t v3 = v0 < v1 ? v0 : v1;
// CHECK-NEXT:   int32_t v4 = v2 & v3;
// CHECK-NEXT:   int32_t v5 = v4 | v0;
// CHECK-NEXT:   int32_t v6 = v5 ^ v1;
// CHECK-NEXT:   int32_t v7 = v6 >> v1;
// CHECK-NEXT:   int32_t v8 = static_cast<int32_t>(static_cast<uint32_t>(v7) % static_cast<uint32_t>(v1));
// CHECK-NEXT:   return v8;
// CHECK-NEXT: }
// CHECK: extern "C" __global__ __aicore__ void k(float v0, float v1, int32_t v2, half v3, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:   float v4 = v0 + v1;
// CHECK-NEXT:   float v5 = v4 - v1;
// CHECK-NEXT:   float v6 = v5 / v1;
// CHECK-NEXT:   float v7 = v6 > v0 ? v6 : v0;
// CHECK-NEXT:   float v8 = v7 < v1 ? v7 : v1;
// CHECK-NEXT:   float v9 = static_cast<float>(v2);
// CHECK-NEXT:   float v10 = static_cast<float>(static_cast<uint32_t>(v2));
// CHECK-NEXT:   int32_t v11 = static_cast<int32_t>(v8);
// CHECK-NEXT:   int32_t v12 = static_cast<int32_t>(v9);
// CHECK-NEXT:   int64_t v13 = static_cast<int64_t>(v11);
// CHECK-NEXT:   int64_t v14 = static_cast<int64_t>(static_cast<uint32_t>(v12));
// CHECK-NEXT:   int16_t v15 = static_cast<int16_t>(v14);
// CHECK-NEXT:   float v16 = static_cast<float>(v3);
// CHECK-NEXT:   half v17 = static_cast<half>(v10);
// CHECK-NEXT:   int32_t v18 = AscendC::BitCast<int32_t>(v16);
// CHECK-NEXT:   int32_t v19 = helper(v18, v2);
// CHECK-NEXT:   AscendC::printf("%d %d %f %ld", v19, v15, v17, v13);
// CHECK-NEXT: }
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32, %b: i32):
    %mx = "arith.maxsi"(%a, %b) : (i32, i32) -> i32
    %mn = "arith.minsi"(%a, %b) : (i32, i32) -> i32
    %and = "arith.andi"(%mx, %mn) : (i32, i32) -> i32
    %or = "arith.ori"(%and, %a) : (i32, i32) -> i32
    %xor = "arith.xori"(%or, %b) : (i32, i32) -> i32
    %shr = "arith.shrsi"(%xor, %b) : (i32, i32) -> i32
    %rem = "arith.remui"(%shr, %b) : (i32, i32) -> i32
    "func.return"(%rem) : (i32) -> ()
  }) {function_type = (i32, i32) -> i32, sym_name = "helper", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%x: f32, %y: f32, %i: i32, %h: f16):
    %add = "arith.addf"(%x, %y) : (f32, f32) -> f32
    %sub = "arith.subf"(%add, %y) : (f32, f32) -> f32
    %div = "arith.divf"(%sub, %y) : (f32, f32) -> f32
    %mx = "arith.maxf"(%div, %x) : (f32, f32) -> f32
    %mn = "arith.minf"(%mx, %y) : (f32, f32) -> f32
    %si = "arith.sitofp"(%i) : (i32) -> f32
    %ui = "arith.uitofp"(%i) : (i32) -> f32
    %fs = "arith.fptosi"(%mn) : (f32) -> i32
    %fu = "arith.fptoui"(%si) : (f32) -> i32
    %es = "arith.extsi"(%fs) : (i32) -> i64
    %eu = "arith.extui"(%fu) : (i32) -> i64
    %tr = "arith.trunci"(%eu) : (i64) -> i16
    %ef = "arith.extf"(%h) : (f16) -> f32
    %tf = "arith.truncf"(%ui) : (f32) -> f16
    %bc = "arith.bitcast"(%ef) : (f32) -> i32
    %r = "func.call"(%bc, %i) {callee = @helper} : (i32, i32) -> i32
    "asc.printf"(%r, %tr, %tf, %es) {fmt = "%d %d %f %ld"} : (i32, i16, f16, i64) -> ()
    "func.return"() : () -> ()
  }) {function_type = (f32, f32, i32, f16) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
