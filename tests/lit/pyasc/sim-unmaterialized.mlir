// RUN: not asc-run %s --kernel k --passes insert-sync x=f16:1 2>&1 | FileCheck %s
// A local_tensor_auto that reaches the simulator (materialize-tensor was not run) is
// reported, naming the pass, instead of being run.
// CHECK: error: asc.local_tensor_auto is not supported by the simulator: local_tensor_auto needs materialize-tensor
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: f16):
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf16>
    "asc.duplicate"(%a, %x, %n) : (!asc.local_tensor<64xf16>, f16, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (f16) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
