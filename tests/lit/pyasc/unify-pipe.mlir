// RUN: asc-opt --unify-pipe %s | FileCheck %s
// unify-pipe (sync.md A.3): with more than one asc.tpipe, one is created at the function
// entry, every use is redirected to it and the others are erased.
// CHECK: "func.func"
// CHECK-NEXT: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK-NOT: "asc.tpipe"
// CHECK: "asc.init_buffer"([[P]], {{%[0-9]+}}, [[ONE:%[0-9]+]], [[LEN:%[0-9]+]])
// CHECK-NOT: "asc.tpipe"
// CHECK: "asc.init_buffer"([[P]], {{%[0-9]+}}, [[ONE]], [[LEN]])
// CHECK-NOT: "asc.tpipe"
// CHECK: "scf.for"
// CHECK: "asc.init_tbuf"([[P]],
// CHECK-LABEL: sym_name = "unify_pipe"
"builtin.module"() ({
  "func.func"() ({
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p0 = "asc.tpipe"() : () -> !asc.pipe
    %q0 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p0, %q0, %c1, %c256) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    %p1 = "asc.tpipe"() : () -> !asc.pipe
    %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p1, %q1, %c1, %c256) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    "scf.for"(%i0, %i1, %i1) ({
    ^bb0(%i: index):
      %p2 = "asc.tpipe"() : () -> !asc.pipe
      %b = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
      "asc.init_tbuf"(%p2, %b, %c256) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "unify_pipe"} : () -> ()
}) : () -> ()
