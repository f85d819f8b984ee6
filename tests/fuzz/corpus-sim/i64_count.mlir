// ASC-NO-ROUNDTRIP: an i64 count, rejected by the verifier (fuzz_sim runs it with the verifier off)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%nn: i64):
    %n = "arith.constant"() {value = 4611686018427387912 : i64} : () -> i64
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %xl = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %yl = "asc.local_tensor"(%c256, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.duplicate"(%xl, %c0, %c64) : (!asc.local_tensor<f32, VECIN>, i32, i32) -> ()
    "asc.add"(%yl, %xl, %xl, %n) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i64) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i64) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
