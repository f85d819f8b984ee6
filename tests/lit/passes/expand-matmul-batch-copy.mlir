// RUN: asc-opt --split-input-file --expand-matmul-batch %s | FileCheck %s
// get_batch_tensor_c's LocalTensor form (asc.matmul_batch_copy_c) becomes the copy between flag
// pairs: after earlier stores (MTE3 -> MTE2) and vector work (V -> MTE2) on the tensor, before the
// vector work that reads it (MTE2 -> V).  With the kernel's TPipe in scope each id is a free one it
// hands out (tpipe_fetch_event_id), so it is not an id the kernel's queues or own flags hold.
// CHECK-LABEL: ^bb0(%arg0: !asc.local_tensor<f32, VECIN>
// CHECK: [[P:%[0-9]+]] = "asc.tpipe"()
// CHECK: [[E1:%[0-9]+]] = "asc.tpipe_fetch_event_id"([[P]]) {event = #asc.event<MTE3_MTE2>}
// CHECK: "asc.set_flag"([[E1]]) {event = #asc.event<MTE3_MTE2>}
// CHECK: "asc.wait_flag"([[E1]]) {event = #asc.event<MTE3_MTE2>}
// CHECK: [[E2:%[0-9]+]] = "asc.tpipe_fetch_event_id"([[P]]) {event = #asc.event<V_MTE2>}
// CHECK: "asc.set_flag"([[E2]]) {event = #asc.event<V_MTE2>}
// CHECK: "asc.wait_flag"([[E2]]) {event = #asc.event<V_MTE2>}
// CHECK: "asc.data_copy"(%arg0, %arg1, %arg2)
// CHECK: [[E3:%[0-9]+]] = "asc.tpipe_fetch_event_id"([[P]]) {event = #asc.event<MTE2_V>}
// CHECK: "asc.set_flag"([[E3]]) {event = #asc.event<MTE2_V>}
// CHECK: "asc.wait_flag"([[E3]]) {event = #asc.event<MTE2_V>}
// CHECK-NOT: "asc.matmul_batch_copy_c"
"builtin.module"() ({
"func.func"() ({
^bb0(%lt: !asc.local_tensor<f32, VECIN>, %gt: !asc.global_tensor<f32>, %n: i32):
  %p = "asc.tpipe"() : () -> !asc.pipe
  "asc.matmul_batch_copy_c"(%lt, %gt, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> (), sym_name = "with_pipe"} : () -> ()
}) : () -> ()

// -----
// Without a TPipe in scope (none, or one created after the call) the ids are 0.
// CHECK-LABEL: ^bb0(%arg0: !asc.local_tensor<f16, VECIN>
// CHECK-NOT: "asc.tpipe_fetch_event_id"
// CHECK: [[Z:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK: "asc.set_flag"([[Z]]) {event = #asc.event<MTE3_MTE2>}
// CHECK: "asc.data_copy"(%arg0, %arg1, %arg2)
// CHECK: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<MTE2_V>}
// CHECK: "asc.tpipe"()
"builtin.module"() ({
"func.func"() ({
^bb0(%lt: !asc.local_tensor<f16, VECIN>, %gt: !asc.global_tensor<f16>, %n: i32):
  "asc.matmul_batch_copy_c"(%lt, %gt, %n) : (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
  %p = "asc.tpipe"() : () -> !asc.pipe
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, i32) -> (), sym_name = "no_pipe"} : () -> ()
}) : () -> ()

// -----
// iterate_n_batch's C in register_matmul's workspace (asc.matmul_nbatch_region): past the 64 KiB of
// MIX messages and the 256 KiB of tile slots of each block, then block index x region bytes.
// CHECK-LABEL: ^bb0(%arg0: i32)
// CHECK-DAG: [[IDX:%[0-9]+]] = "asc.get_block_idx"()
// CHECK-DAG: [[NUM:%[0-9]+]] = "asc.get_block_num"()
// CHECK-DAG: [[K64:%[0-9]+]] = "arith.constant"() {value = 65536 : i32}
// CHECK-DAG: [[K256:%[0-9]+]] = "arith.constant"() {value = 262144 : i32}
// CHECK-DAG: [[T:%[0-9]+]] = "arith.muli"([[NUM]], [[K256]])
// CHECK-DAG: [[END:%[0-9]+]] = "arith.addi"([[K64]], [[T]])
// CHECK-DAG: [[R:%[0-9]+]] = "arith.muli"([[IDX]], %arg0)
// CHECK: [[AT:%[0-9]+]] = "arith.addi"([[END]], [[R]])
// CHECK: "func.return"([[AT]])
"builtin.module"() ({
"func.func"() ({
^bb0(%region: i32):
  %at = "asc.matmul_nbatch_region"(%region) : (i32) -> i32
  "func.return"(%at) : (i32) -> ()
}) {function_type = (i32) -> i32, sym_name = "region"} : () -> ()
}) : () -> ()
