// RUN: asc-opt --unify-pipe %s | FileCheck %s
// unify-pipe leaves a function with a single asc.tpipe alone, wherever it is.
// CHECK: "asc.tque"
// CHECK-NEXT: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: "asc.init_buffer"([[P]],
// CHECK-NOT: "asc.tpipe"
// CHECK-LABEL: sym_name = "single_pipe"
"builtin.module"() ({
  "func.func"() ({
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %q0 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %p0 = "asc.tpipe"() : () -> !asc.pipe
    "asc.init_buffer"(%p0, %q0, %c1, %c256) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "single_pipe"} : () -> ()
}) : () -> ()
