// RUN: asc-opt %s | FileCheck %s
// The cross-core ops, core-kind queries and atomic-store ops parse, verify and print back.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<i32>, %u: !asc.local_tensor<i32>):
    %f = "arith.constant"() {value = 3 : i32} : () -> i32
    // CHECK: "asc.ascend_is_aic"() : () -> i1
    %a = "asc.ascend_is_aic"() : () -> i1
    // CHECK: "asc.get_sub_block_idx"() : () -> i64
    %s = "asc.get_sub_block_idx"() : () -> i64
    // CHECK: "asc.cross_core_set_flag"(%{{.*}}) {mode = 2 : i32, pipe = #asc.pipe<PIPE_MTE3>} : (i32) -> ()
    "asc.cross_core_set_flag"(%f) {mode = 2 : i32, pipe = #asc.pipe<PIPE_MTE3>} : (i32) -> ()
    // CHECK: "asc.cross_core_wait_flag"(%{{.*}}) {mode = 2 : i32, pipe = #asc.pipe<PIPE_S>} : (i32) -> ()
    "asc.cross_core_wait_flag"(%f) {mode = 2 : i32, pipe = #asc.pipe<PIPE_S>} : (i32) -> ()
    // CHECK: "asc.sync_all"() {aiv_only = false} : () -> ()
    "asc.sync_all"() {aiv_only = false} : () -> ()
    // CHECK: "asc.ib_set"
    "asc.ib_set"(%g, %u, %f, %f) : (!asc.global_tensor<i32>, !asc.local_tensor<i32>, i32, i32) -> ()
    // CHECK: "asc.set_atomic_add"() {dtype = f32} : () -> ()
    "asc.set_atomic_add"() {dtype = f32} : () -> ()
    // CHECK: "asc.get_store_atomic_config"() : () -> (i32, i32)
    %t, %o = "asc.get_store_atomic_config"() : () -> (i32, i32)
    "func.return"() : () -> ()
  }) {sym_name = "k", function_type = (!asc.global_tensor<i32>, !asc.local_tensor<i32>) -> ()} : () -> ()
}) : () -> ()
