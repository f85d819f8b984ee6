// RUN: asc-opt --split-input-file --materialize-tensor --cse %s | FileCheck %s
// materialize-tensor (sync.md A.2): every asc.local_tensor_auto becomes TPipe objects.
// input/output tensors: their own asc.tpipe, a depth-1 TQue (VECOUT if output, else VECIN),
// init_buffer(num = 1, bytes), alloc_tensor in place of the auto tensor, and a free_tensor
// right before the terminator of the alloc's block, frees in reverse allocation order.
// Temporaries: a VECCALC TBuf, init_tbuf, tbuf_get; no queue, no free.

// Case static: 64xf32 in, 4x32xf32 in (dims operands ignored: the shape is static),
// 64xf32 out, 4x32xf32 out.  Lengths 256, 512, 256, 512 bytes.
// CHECK-DAG: [[B256:%[0-9]+]] = "arith.constant"() {value = 256 : i32}
// CHECK-DAG: [[B512:%[0-9]+]] = "arith.constant"() {value = 512 : i32}
// CHECK-DAG: [[ONE:%[0-9]+]] = "arith.constant"() {value = 1 : i32}
// CHECK: [[P0:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q0:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "asc.init_buffer"([[P0]], [[Q0]], {{%[0-9]+}}, [[B256]])
// CHECK-NEXT: [[T0:%[0-9]+]] = "asc.alloc_tensor"([[Q0]]) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<64xf32>
// CHECK-NEXT: [[P1:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q1:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "asc.init_buffer"([[P1]], [[Q1]], {{%[0-9]+}}, [[B512]])
// CHECK-NEXT: [[T1:%[0-9]+]] = "asc.alloc_tensor"([[Q1]]) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<4x32xf32>
// CHECK-NEXT: [[P2:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q2:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"([[P2]], [[Q2]], {{%[0-9]+}}, [[B256]])
// CHECK-NEXT: [[T2:%[0-9]+]] = "asc.alloc_tensor"([[Q2]]) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<64xf32>
// CHECK-NEXT: [[P3:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q3:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"([[P3]], [[Q3]], {{%[0-9]+}}, [[B512]])
// CHECK-NEXT: [[T3:%[0-9]+]] = "asc.alloc_tensor"([[Q3]]) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<4x32xf32>
// CHECK-NEXT: "asc.free_tensor"([[Q3]], [[T3]])
// CHECK-NEXT: "asc.free_tensor"([[Q2]], [[T2]])
// CHECK-NEXT: "asc.free_tensor"([[Q1]], [[T1]])
// CHECK-NEXT: "asc.free_tensor"([[Q0]], [[T0]])
// CHECK-NEXT: "func.return"([[T0]], [[T1]], [[T2]], [[T3]])
// CHECK-NOT: asc.local_tensor_auto
// CHECK-LABEL: sym_name = "materialize_tensor_static"
"builtin.module"() ({
  "func.func"() ({
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32
    %c32 = "arith.constant"() {value = 32 : i32} : () -> i32
    %0 = "asc.local_tensor_auto"() {input} : () -> !asc.local_tensor<64xf32>
    %1 = "asc.local_tensor_auto"(%c4, %c32) {input} : (i32, i32) -> !asc.local_tensor<4x32xf32>
    %2 = "asc.local_tensor_auto"() {output} : () -> !asc.local_tensor<64xf32>
    %3 = "asc.local_tensor_auto"(%c4, %c32) {output} : (i32, i32) -> !asc.local_tensor<4x32xf32>
    "func.return"(%0, %1, %2, %3) : (!asc.local_tensor<64xf32>, !asc.local_tensor<4x32xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<4x32xf32>) -> ()
  }) {function_type = () -> (!asc.local_tensor<64xf32>, !asc.local_tensor<4x32xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<4x32xf32>), sym_name = "materialize_tensor_static"} : () -> ()
}) : () -> ()

// -----

// Case dynamic: shape (4, %n) f32 given as dims; length = 4 bytes * 4 * %n, computed with
// arith.muli in pyasc's order (canonicalize folds it to %n * 16) before each pipe.
// Both init_buffer are i64 lengths: the dims' type.
// CHECK: [[C4:%[0-9]+]] = "arith.constant"() {value = 4 : i64}
// (cse merged the 4-byte element size with the dim constant 4)
// CHECK: [[M0:%[0-9]+]] = "arith.muli"([[C4]], [[C4]])
// CHECK-NEXT: [[LEN:%[0-9]+]] = "arith.muli"([[M0]], %arg0)
// CHECK-NEXT: [[P0:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q0:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: "asc.init_buffer"([[P0]], [[Q0]], {{%[0-9]+}}, [[LEN]])
// CHECK-NEXT: [[T0:%[0-9]+]] = "asc.alloc_tensor"([[Q0]]) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<f32>
// (the second tensor's length computation is the same; cse keeps the first)
// CHECK-NEXT: [[P1:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[Q1:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"([[P1]], [[Q1]], {{%[0-9]+}}, [[LEN]])
// CHECK-NEXT: [[T1:%[0-9]+]] = "asc.alloc_tensor"([[Q1]]) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<f32>
// CHECK-NEXT: "asc.free_tensor"([[Q1]], [[T1]])
// CHECK-NEXT: "asc.free_tensor"([[Q0]], [[T0]])
// CHECK-NEXT: "func.return"([[T0]], [[T1]])
// CHECK-LABEL: sym_name = "materialize_tensor_dynamic"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i64):
    %c4 = "arith.constant"() {value = 4 : i64} : () -> i64
    %0 = "asc.local_tensor_auto"(%c4, %n) {input} : (i64, i64) -> !asc.local_tensor<f32>
    %1 = "asc.local_tensor_auto"(%c4, %n) {output} : (i64, i64) -> !asc.local_tensor<f32>
    "func.return"(%0, %1) : (!asc.local_tensor<f32>, !asc.local_tensor<f32>) -> ()
  }) {function_type = (i64) -> (!asc.local_tensor<f32>, !asc.local_tensor<f32>), sym_name = "materialize_tensor_dynamic"} : () -> ()
}) : () -> ()

// -----

// Case temporary: neither input nor output: TBuf at VECCALC, init_tbuf 256 bytes, tbuf_get
// of 64 elements; no queue, no free.
// CHECK-DAG: [[B:%[0-9]+]] = "arith.constant"() {value = 256 : i32}
// CHECK-DAG: [[N:%[0-9]+]] = "arith.constant"() {value = 64 : i32}
// CHECK: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK-NEXT: [[TB:%[0-9]+]] = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
// CHECK-NEXT: "asc.init_tbuf"([[P]], [[TB]], [[B]])
// CHECK-NEXT: [[T:%[0-9]+]] = "asc.tbuf_get"([[TB]], [[N]]) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<64xf32>
// CHECK-NEXT: "func.return"([[T]])
// CHECK-NOT: asc.tque
// CHECK-NOT: asc.free_tensor
// CHECK-LABEL: sym_name = "materialize_tensor_vec_calc"
"builtin.module"() ({
  "func.func"() ({
    %0 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "func.return"(%0) : (!asc.local_tensor<64xf32>) -> ()
  }) {function_type = () -> (!asc.local_tensor<64xf32>), sym_name = "materialize_tensor_vec_calc"} : () -> ()
}) : () -> ()

// -----

// In a loop: the alloc stays where the auto tensor was and the free goes right before the
// scf.yield of the loop body (one alloc/free per iteration, depth 1: no double buffering).
// CHECK: "scf.for"
// CHECK: [[Q:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK: [[T:%[0-9]+]] = "asc.alloc_tensor"([[Q]])
// CHECK-NEXT: "asc.duplicate"([[T]]
// CHECK-NEXT: "asc.free_tensor"([[Q]], [[T]])
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "materialize_in_loop"
"builtin.module"() ({
  "func.func"() ({
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %v = "arith.constant"() {value = 1.0 : f32} : () -> f32
    "scf.for"(%i0, %i1, %i1) ({
    ^bb0(%i: index):
      %0 = "asc.local_tensor_auto"() {input} : () -> !asc.local_tensor<64xf32>
      "asc.duplicate"(%0, %v, %n) : (!asc.local_tensor<64xf32>, f32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "materialize_in_loop"} : () -> ()
}) : () -> ()
