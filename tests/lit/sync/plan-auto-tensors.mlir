// RUN: asc-opt --split-input-file --verify-diagnostics --pass-pipeline=input-output-tensor,plan-auto-tensors,canonicalize,cse %s | FileCheck %s
// RUN: not asc-opt --split-input-file --pass-pipeline=input-output-tensor,plan-auto-tensors,canonicalize,cse,auto-sync-full %s 2>/dev/null | FileCheck %s --check-prefix=SYNC
// plan-auto-tensors (sync.md B.9): LocalTensorAuto -> raw UB ranges at planned, 32-byte
// aligned addresses.  Loaded (input) and stored (output) tensors inside a loop get two
// slots, used as slot i % 2; the V-only temporary keeps one.  256 f16 = 512 bytes a slot:
// x [0, 1024), y [1024, 2048), t [2048, 2560), z [2560, 3584).
// CHECK-DAG: [[C0:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-DAG: [[C512:%[0-9]+]] = "arith.constant"() {value = 512 : i32}
// CHECK-DAG: [[C1024:%[0-9]+]] = "arith.constant"() {value = 1024 : i32}
// CHECK-DAG: [[C2048:%[0-9]+]] = "arith.constant"() {value = 2048 : i32}
// CHECK-DAG: [[C2560:%[0-9]+]] = "arith.constant"() {value = 2560 : i32}
// CHECK-DAG: [[C256:%[0-9]+]] = "arith.constant"() {value = 256 : i32}
// CHECK-DAG: [[X:%[0-9]+]] = "asc.local_tensor"([[C0]], [[C512]]) {pos = #asc.pos<VECIN>}
// CHECK-DAG: [[Y:%[0-9]+]] = "asc.local_tensor"([[C1024]], [[C512]]) {pos = #asc.pos<VECIN>}
// CHECK-DAG: [[T:%[0-9]+]] = "asc.local_tensor"([[C2048]], [[C256]]) {pos = #asc.pos<VECCALC>}
// CHECK-DAG: [[Z:%[0-9]+]] = "asc.local_tensor"([[C2560]], [[C512]]) {pos = #asc.pos<VECOUT>}
// CHECK: "scf.for"
// CHECK: [[S:%[0-9]+]] = "arith.remsi"
// CHECK-NEXT: [[O:%[0-9]+]] = "arith.muli"([[S]], [[C256]])
// CHECK-NEXT: "asc.lt_subview"([[X]], [[O]]) {{.*}} -> !asc.local_tensor<256xf16>
// CHECK-NEXT: "asc.lt_subview"([[Y]], [[O]])
// CHECK-NEXT: "asc.lt_subview"([[T]], [[C0]])
// CHECK-NEXT: "asc.lt_subview"([[Z]], [[O]])
// CHECK-NOT: local_tensor_auto
// With auto-sync-full the two slots rotate (B.7): two ids per backward event (V_MTE2 for x
// and for y, MTE3_V for z).  The single-slot temporary needs PIPE_V twice: before the first
// add (the previous tile's second add may still read it) and between the adds.
// SYNC-COUNT-4: "asc.set_flag"({{.*}}) {event = #asc.event<V_MTE2>}
// SYNC-COUNT-2: "asc.set_flag"({{.*}}) {event = #asc.event<MTE3_V>}
// SYNC-NEXT: "scf.for"
// SYNC: "arith.remui"
// SYNC-COUNT-2: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// SYNC-NOT: "asc.pipe_barrier"
// SYNC: "scf.yield"
// SYNC-NOT: "asc.pipe_barrier"
// SYNC: // -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %tile = "arith.constant"() {value = 256 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      %i32 = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%i32, %tile) : (i32, i32) -> i32
      %xl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %yl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %tl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %zl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, i32) -> ()
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, i32) -> ()
      "asc.add"(%tl, %xl, %yl, %tile) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, i32) -> ()
      "asc.add"(%zl, %tl, %yl, %tile) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, i32) -> ()
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>) -> (), sym_name = "auto_add"} : () -> ()
}) : () -> ()

// -----

// Outside any loop: one slot each, no slot arithmetic.
// CHECK-LABEL: // -----
// CHECK: "asc.local_tensor"({{%[0-9]+}}, {{%[0-9]+}}) {pos = #asc.pos<VECCALC>} {{.*}} loc("p.py":3:5)
// CHECK-NOT: remsi
"builtin.module"() ({
  "func.func"() ({
    %t = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32> loc("p.py":3:5)
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32 loc("p.py":4:5)
    %c1 = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("p.py":4:5)
    "asc.duplicate"(%t, %c1, %c64) : (!asc.local_tensor<64xf32>, f32, i32) -> () loc("p.py":4:5)
    "func.return"() : () -> () loc("p.py":5:1)
  }) {function_type = () -> (), sym_name = "single"} : () -> () loc("p.py":1:1)
}) : () -> ()

// -----

// Two loaded 48 KiB tensors in a loop do not fit twice (192 KiB) in the 184 KiB budget: a
// note, and one slot each.  Two of 96 KiB do not fit even once: an error.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %n = "arith.constant"() {value = 12288 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    "scf.for"(%c0, %c1, %c1) ({
    ^bb0(%i: index):
      // expected-note @+1 {{plan-auto-tensors: double buffering needs 196608 bytes of UB, more than 188416: one buffer each}}
      %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<12288xf32>
      %b = "asc.local_tensor_auto"() : () -> !asc.local_tensor<12288xf32>
      "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<12288xf32>, !asc.global_tensor<f32>, i32) -> ()
      "asc.data_copy"(%b, %xg, %n) : (!asc.local_tensor<12288xf32>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "halved"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{LocalTensorAuto tensors need 196608 bytes of UB, more than 188416}}
    %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<24576xf32>
    %b = "asc.local_tensor_auto"() : () -> !asc.local_tensor<24576xf32>
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "too_big"} : () -> ()
}) : () -> ()

// -----

// A runtime shape that changes with the loop cannot be laid out once for the kernel (one
// computed in the loop from kernel arguments only is recomputed at the top instead).
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    "scf.for"(%c0, %c1, %c1) ({
    ^bb0(%i: index):
      %m = "arith.index_cast"(%i) : (index) -> i32
      // expected-error @+1 {{LocalTensorAuto: a runtime shape must be computed before any loop or branch of the kernel}}
      %a = "asc.local_tensor_auto"(%m) : (i32) -> !asc.local_tensor<f32>
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "dyn_in_loop"} : () -> ()
}) : () -> ()
