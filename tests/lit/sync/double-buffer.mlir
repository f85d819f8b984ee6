// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// Double buffering by unrolling (sync.md B.7, simple case): the body handles two tiles
// with distinct static buffers x0/z0 and x1/z1, alternately.  The two-iteration model
// finds the carried dependences of each buffer separately (add(k) of iteration i ->
// load(k) of i+1 on x_k, store(k) of i -> add(k) of i+1 on z_k), so each carried event
// gets one id per buffer, live over the whole loop: V_MTE2 and MTE3_V with ids 0 and 1.
// The load of x1 then waits only for add(1) of the previous iteration, so it overlaps
// with tile 0's compute.  The intra-iteration MTE2_V / V_MTE3 edges of the two tiles
// need different ids: the loads of tile 1 may finish and set MTE2_V before V has
// consumed tile 0's flag (a flag set twice is lost), so tile 0 uses id 0, tile 1 id 1.  The stores of one iteration write z[i*128 : +128) and z[i*128+128 : +128), the
// next iteration's start 256 elements later: no PIPE_MTE3 barrier anywhere.
// CHECK: %[[ID0:[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: %[[ID1:[0-9]+]] = "arith.constant"() {value = 1 : i32}
// CHECK-DAG: "asc.set_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>} : (i32) -> () loc("db.py":11:8)
// CHECK-DAG: "asc.set_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>} : (i32) -> () loc("db.py":12:8)
// CHECK-DAG: "asc.set_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>} : (i32) -> () loc("db.py":14:8)
// CHECK-DAG: "asc.set_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>} : (i32) -> () loc("db.py":15:8)
// CHECK: "scf.for"
// CHECK: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {{.*}} loc("db.py":10:8)
// CHECK-NEXT: "asc.set_flag"(%[[ID0]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"(%[[ID0]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {{.*}} loc("db.py":13:8)
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-DAG: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<V_MTE2>}
// CHECK-DAG: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<V_MTE2>}
// CHECK-DAG: "asc.wait_flag"(%[[ID0]]) {event = #asc.event<MTE3_V>}
// CHECK-DAG: "asc.wait_flag"(%[[ID1]]) {event = #asc.event<MTE3_V>}
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "vadd_db"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i2 = "arith.constant"() {value = 2 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %a3 = "arith.constant"() {value = 1536 : i32} : () -> i32
    %x0 = "asc.local_tensor"(%a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %x1 = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %z0 = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %z1 = "asc.local_tensor"(%a3, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "scf.for"(%i0, %i8, %i2) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %o0 = "arith.muli"(%ii, %n) : (i32, i32) -> i32
      %o1 = "arith.addi"(%o0, %n) : (i32, i32) -> i32
      %xs0 = "asc.gt_subview"(%xg, %o0) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs0 = "asc.gt_subview"(%zg, %o0) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%x0, %xs0, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("db.py":10:8)
      "asc.add"(%z0, %x0, %x0, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("db.py":11:8)
      "asc.data_copy"(%zs0, %z0, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> () loc("db.py":12:8)
      %xs1 = "asc.gt_subview"(%xg, %o1) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      %zs1 = "asc.gt_subview"(%zg, %o1) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%x1, %xs1, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("db.py":13:8)
      "asc.add"(%z1, %x1, %x1, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("db.py":14:8)
      "asc.data_copy"(%zs1, %z1, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> () loc("db.py":15:8)
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "vadd_db"} : () -> ()
}) : () -> ()
