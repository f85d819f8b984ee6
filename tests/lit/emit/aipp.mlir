// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s
// RUN: asc-opt --emit-ascendc %s > %t.cpp
// RUN: g++ -std=c++17 -Wall -Werror -fsyntax-only -I %S/../../../include/ascendc %t.cpp
// RUN: g++ -std=c++17 -Wall -Werror -fsyntax-only -DASC_RUN -I %S/../../../include/ascendc %t.cpp
// SetAippFunctions(src0, format, AippParams<U>) (its page: AippParams<U> nests AippPaddingParams, AippSwapParams,
// AippSingleLineParams, AippDataTypeConvParams, AippChannelPaddingParams, AippColorSpaceConvParams in this order;
// U the output type; RGB888_U8 is input format 4).  The IR's flat struct is assigned member by member.
// CHECK:      const int32_t [[Z:v[0-9]+]] = 0;
// CHECK-NEXT: const int32_t [[ONE:v[0-9]+]] = 1;
// CHECK-NEXT: const int32_t [[SEVEN:v[0-9]+]] = 7;
// CHECK-NEXT: const int32_t [[NINE:v[0-9]+]] = 9;
// CHECK-NEXT: const float [[F0:v[0-9]+]] = 0.0f;
// CHECK-NEXT: const float [[QUARTER:v[0-9]+]] = 0.25f;
// CHECK-NEXT: AscendC::AippParams<int8_t> [[P:v[0-9]+]];
// CHECK-NEXT: [[P]].paddingParams.paddingMode = [[Z]];
// CHECK:      [[P]].swapParams.isSwapRB = [[ONE]];
// CHECK:      [[P]].dtcParams.dtcMeanCh1 = [[SEVEN]];
// CHECK:      [[P]].dtcParams.dtcVarCh1 = [[F0]];
// CHECK-NEXT: [[P]].dtcParams.dtcVarCh2 = [[QUARTER]];
// CHECK-NEXT: [[P]].dtcParams.dtcRoundMode = [[Z]];
// CHECK:      [[P]].cscParams.cscBiasOut2 = [[NINE]];
// CHECK-NEXT: AscendC::SetAippFunctions(v{{[0-9]+}}, static_cast<AscendC::AippInputFormat>(4), [[P]]);
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<ui8>):
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<ui8>
    "asc.set_global_buffer"(%g, %x) : (!asc.global_tensor<ui8>, !asc.gm_ptr<ui8>) -> ()
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %seven = "arith.constant"() {value = 7 : i32} : () -> i32
    %nine = "arith.constant"() {value = 9 : i32} : () -> i32
    %f0 = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %q = "arith.constant"() {value = 0.25 : f32} : () -> f32
    %p = "asc.struct"(%z, %z, %z, %z, %z, %one, %z, %z, %z, %z, %seven, %z, %f0, %f0, %f0, %f0, %f0, %q, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %nine) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<AippParams>
    "asc.set_aipp_functions"(%g, %p) {dtype = i8, format = 4 : i64} : (!asc.global_tensor<ui8>, !asc.struct<AippParams>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<ui8>) -> (), sym_name = "aipp"} : () -> ()
}) : () -> ()
