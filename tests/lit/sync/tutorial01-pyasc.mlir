// RUN: asc-opt --auto-sync-full %s | grep -E 'flag|scf|data_copy|asc.add|arith.remui|arith.addi|func.return|^ *}\)' | FileCheck %s
// RUN: asc-opt --auto-sync-full --sync-log %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
// pyasc's tutorial 01 (examples/01_add/add_autosync.py) with every flag deleted, as the
// front-end traces it after inline,canonicalize,cse.  The tile size is block_length / 16,
// a runtime value t; tile i uses slot s = i % 2: x at UB [4t s, 4t s + 4t), y at
// [8t + 4t s, ...), z at [16t + 4t s, ...).  Symbolic ranges prove the three buffers and
// the two slots disjoint, so the result is sync.md's B.7 table: two ids rotating with
// i mod 2 for each backward event, primed and drained; no MTE2_MTE3, no barrier.
// CHECK: "asc.set_flag"([[ID0:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID1:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.set_flag"([[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.for"
// CHECK: [[SLOT:%[0-9]+]] = "arith.remui"
// CHECK: [[S:%[0-9]+]] = "arith.addi"([[SLOT]]
// CHECK: "asc.wait_flag"([[S]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NOT: flag
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[F:%[0-9]+]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[F]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[S]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[S]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"([[F]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"([[F]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[S]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.wait_flag"([[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.wait_flag"([[ID1]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "func.return"
// CHECK-NOT: pipe_barrier
// LOG: add_autosync.py:33:9: note: auto-sync: set_flag/wait_flag(MTE2_V): asc.add (PIPE_V) reads UB {{.*}} that asc.data_copy (PIPE_MTE2) at line 32 writes (RAW)
// LOG: add_autosync.py:35:9: note: auto-sync: set_flag/wait_flag(V_MTE3): asc.data_copy (PIPE_MTE3) reads UB {{.*}} that asc.add (PIPE_V) at line 33 writes (RAW)
// LOG: add_autosync.py:31:9: note: auto-sync: set_flag/wait_flag(V_MTE2): asc.data_copy (PIPE_MTE2) writes UB {{.*}} that asc.add (PIPE_V) at line 33 reads (WAR, same buffer slot 2 iterations earlier)
// LOG: add_autosync.py:33:9: note: auto-sync: set_flag/wait_flag(MTE3_V): asc.add (PIPE_V) writes UB {{.*}} that asc.data_copy (PIPE_MTE3) at line 35 reads (WAR, same buffer slot 2 iterations earlier)
// LOG-NOT: note
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: !asc.gm_ptr<f32>, %arg1: !asc.gm_ptr<f32>, %arg2: !asc.gm_ptr<f32>, %arg3: i32):
    %0 = "asc.get_block_idx"() : () -> i32 loc("add_autosync.py":15:14)
    %1 = "arith.muli"(%0, %arg3) : (i32, i32) -> i32 loc("add_autosync.py":15:14)
    %2 = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_autosync.py":18:12)
    %3 = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_autosync.py":17:12)
    %4 = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_autosync.py":16:12)
    %5 = "asc.gm_offset"(%arg0, %1) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("add_autosync.py":19:28)
    "asc.set_global_buffer"(%4, %5, %arg3) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>, i32) -> () loc("add_autosync.py":19:5)
    %6 = "asc.gm_offset"(%arg1, %1) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("add_autosync.py":20:28)
    "asc.set_global_buffer"(%3, %6, %arg3) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>, i32) -> () loc("add_autosync.py":20:5)
    %7 = "asc.gm_offset"(%arg2, %1) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("add_autosync.py":21:28)
    "asc.set_global_buffer"(%2, %7, %arg3) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>, i32) -> () loc("add_autosync.py":21:5)
    %8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("add_autosync.py":23:19)
    %9 = "arith.divsi"(%arg3, %8) : (i32, i32) -> i32 loc("add_autosync.py":23:19)
    %10 = "arith.constant"() {value = 2 : i32} : () -> i32 loc("add_autosync.py":23:19)
    %11 = "arith.divsi"(%9, %10) : (i32, i32) -> i32 loc("add_autosync.py":23:19)
    %12 = "arith.muli"(%11, %10) : (i32, i32) -> i32 loc("add_autosync.py":24:20)
    %13 = "arith.constant"() {value = 4 : i32} : () -> i32 loc("add_autosync.py":24:20)
    %14 = "arith.muli"(%12, %13) : (i32, i32) -> i32 loc("add_autosync.py":24:20)
    %15 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("add_autosync.py":25:15)
    %16 = "asc.local_tensor"(%15, %12) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("add_autosync.py":25:15)
    %17 = "asc.local_tensor"(%14, %12) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("add_autosync.py":26:15)
    %18 = "arith.muli"(%14, %10) : (i32, i32) -> i32 loc("add_autosync.py":27:62)
    %19 = "asc.local_tensor"(%18, %12) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("add_autosync.py":27:15)
    %20 = "arith.constant"() {value = 0 : index} : () -> index loc("add_autosync.py":29:5)
    %21 = "arith.constant"() {value = 16 : index} : () -> index loc("add_autosync.py":29:5)
    %22 = "arith.constant"() {value = 1 : index} : () -> index loc("add_autosync.py":29:5)
    "scf.for"(%20, %21, %22) ({
    ^bb0(%arg4: index):
      %23 = "arith.index_cast"(%arg4) : (index) -> i32 loc("add_autosync.py":29:5)
      %24 = "arith.remsi"(%23, %10) : (i32, i32) -> i32 loc("add_autosync.py":30:16)
      %25 = "arith.muli"(%24, %11) : (i32, i32) -> i32 loc("add_autosync.py":31:31)
      %26 = "asc.lt_subview"(%16, %25) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("add_autosync.py":31:23)
      %27 = "arith.muli"(%23, %11) : (i32, i32) -> i32 loc("add_autosync.py":31:58)
      %28 = "asc.gt_subview"(%4, %27) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_autosync.py":31:53)
      "asc.data_copy"(%26, %28, %11) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("add_autosync.py":31:9)
      %29 = "asc.lt_subview"(%17, %25) : (!asc.local_tensor<f32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN> loc("add_autosync.py":32:23)
      %30 = "asc.gt_subview"(%3, %27) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_autosync.py":32:53)
      "asc.data_copy"(%29, %30, %11) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("add_autosync.py":32:9)
      %31 = "asc.lt_subview"(%19, %25) : (!asc.local_tensor<f32, VECOUT>, i32) -> !asc.local_tensor<f32, VECOUT> loc("add_autosync.py":33:17)
      "asc.add"(%31, %26, %29, %11) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("add_autosync.py":33:9)
      %32 = "asc.gt_subview"(%2, %27) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_autosync.py":35:23)
      "asc.data_copy"(%32, %31, %11) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("add_autosync.py":35:9)
      "scf.yield"() : () -> () loc("add_autosync.py":29:5)
    }) : (index, index, index) -> () loc("add_autosync.py":29:5)
    "func.return"() : () -> () loc("add_autosync.py":14:1)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i32) -> (), sym_name = "add_autosync_kernel"} : () -> () loc("add_autosync.py":14:1)
}) : () -> ()
