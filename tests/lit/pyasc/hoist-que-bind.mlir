// RUN: asc-opt --split-input-file --hoist-que-bind %s | FileCheck %s
// hoist-que-bind (sync.md A.5): asc.tque, asc.tbuf, init_buffer, init_tbuf and tbuf_get
// leave every loop their operands allow; alloc_tensor and free_tensor stay.  The order is
// pyasc's: the queue created last in the body comes first, each followed by its init_buffer.

// Case single loop.
// CHECK: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[QO:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"([[P]], [[QO]], %arg0, %arg1)
// CHECK-NEXT: [[QI:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "asc.init_buffer"([[P]], [[QI]], %arg0, %arg1)
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: [[TI:%[0-9]+]] = "asc.alloc_tensor"([[QI]])
// CHECK-NEXT: [[TO:%[0-9]+]] = "asc.alloc_tensor"([[QO]])
// CHECK-NEXT: "asc.free_tensor"([[QO]], [[TO]])
// CHECK-NEXT: "asc.free_tensor"([[QI]], [[TI]])
// CHECK-NEXT: "scf.yield"
// CHECK-LABEL: sym_name = "hoist_que_bind_for"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%one: i32, %len: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p = "asc.tpipe"() : () -> !asc.pipe
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
      "asc.init_buffer"(%p, %q1, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
      %t1 = "asc.alloc_tensor"(%q1) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<64xf32>
      %q3 = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
      "asc.init_buffer"(%p, %q3, %one, %len) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
      %t3 = "asc.alloc_tensor"(%q3) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<64xf32>
      "asc.free_tensor"(%q3, %t3) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<64xf32>) -> ()
      "asc.free_tensor"(%q1, %t1) : (!asc.queue<VECIN, 1>, !asc.local_tensor<64xf32>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32, index) -> (), sym_name = "hoist_que_bind_for"} : () -> ()
}) : () -> ()

// -----

// Case nested loops: the same four ops leave both loops, in the same order; the two loops
// follow directly.
// CHECK: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[QO:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"([[P]], [[QO]], %arg0, %arg1)
// CHECK-NEXT: [[QI:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "asc.init_buffer"([[P]], [[QI]], %arg0, %arg1)
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.alloc_tensor"([[QI]])
// CHECK-LABEL: sym_name = "hoist_que_bind_nested_for"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%one: i32, %len: i32, %n: index, %m: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p = "asc.tpipe"() : () -> !asc.pipe
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      "scf.for"(%i0, %m, %i1) ({
      ^bb0(%j: index):
        %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
        "asc.init_buffer"(%p, %q1, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
        %t1 = "asc.alloc_tensor"(%q1) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<64xf32>
        %q3 = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
        "asc.init_buffer"(%p, %q3, %one, %len) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
        %t3 = "asc.alloc_tensor"(%q3) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<64xf32>
        "asc.free_tensor"(%q3, %t3) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<64xf32>) -> ()
        "asc.free_tensor"(%q1, %t1) : (!asc.queue<VECIN, 1>, !asc.local_tensor<64xf32>) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32, index, index) -> (), sym_name = "hoist_que_bind_nested_for"} : () -> ()
}) : () -> ()

// -----

// An operand defined in the outer loop (the length depends on its IV) stops the climb
// there: the init_buffer leaves the inner loop only.  A length computed in the inner loop
// from outer values (a safe arith op) moves along with the init_buffer it feeds; a TBuf
// and its tbuf_get leave both loops.
// CHECK: [[TB:%[0-9]+]] = "asc.tbuf"()
// CHECK-NEXT: "asc.init_tbuf"({{%[0-9]+}}, [[TB]], %arg1)
// CHECK-NEXT: "asc.tbuf_get"([[TB]], %arg1)
// CHECK-NEXT: [[Q:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0([[I:%arg[0-9]+]]: index):
// CHECK-NEXT: [[L:%[0-9]+]] = "arith.index_cast"([[I]])
// CHECK-NEXT: [[L2:%[0-9]+]] = "arith.muli"([[L]], %arg1)
// CHECK-NEXT: "asc.init_buffer"({{%[0-9]+}}, [[Q]], %arg0, [[L2]])
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.alloc_tensor"([[Q]])
// CHECK-LABEL: sym_name = "hoist_blocked"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%one: i32, %len: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p = "asc.tpipe"() : () -> !asc.pipe
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %l = "arith.index_cast"(%i) : (index) -> i32
      "scf.for"(%i0, %n, %i1) ({
      ^bb0(%j: index):
        %l2 = "arith.muli"(%l, %len) : (i32, i32) -> i32
        %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
        "asc.init_buffer"(%p, %q1, %one, %l2) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
        %t1 = "asc.alloc_tensor"(%q1) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<64xf32>
        %b = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
        "asc.init_tbuf"(%p, %b, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()
        %tb = "asc.tbuf_get"(%b, %len) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<64xf32>
        "asc.free_tensor"(%q1, %t1) : (!asc.queue<VECIN, 1>, !asc.local_tensor<64xf32>) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32, index) -> (), sym_name = "hoist_blocked"} : () -> ()
}) : () -> ()

// -----

// A length computed by a division stays in the loop (hoisting it could divide by zero in a
// loop that runs no iteration), and so does the init_buffer it feeds; the queue leaves.
// CHECK: [[Q:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: [[L:%[0-9]+]] = "arith.divsi"(%arg1, %arg0)
// CHECK-NEXT: "asc.init_buffer"({{%[0-9]+}}, [[Q]], %arg0, [[L]])
// CHECK-LABEL: sym_name = "hoist_no_division"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%one: i32, %len: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p = "asc.tpipe"() : () -> !asc.pipe
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %l = "arith.divsi"(%len, %one) : (i32, i32) -> i32
      %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
      "asc.init_buffer"(%p, %q1, %one, %l) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32, index) -> (), sym_name = "hoist_no_division"} : () -> ()
}) : () -> ()
