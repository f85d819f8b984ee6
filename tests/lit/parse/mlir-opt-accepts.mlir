// RUN: asc-opt %s | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// What asc-opt prints is valid MLIR generic syntax: mlir-opt-14 reads it back with the
// same ops, types and attributes.

// CHECK: "asc.tque"() : () -> !asc.queue<VECIN, 2>
// CHECK: "asc.alloc_tensor"(%{{.*}}) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>
// CHECK: "asc.duplicate"(%{{.*}}, %{{.*}}, %{{.*}}) : (!asc.local_tensor<256xf32, VECIN>, f32, i32) -> ()
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
"builtin.module"() ({
  "func.func"() ({
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %v = "arith.constant"() {value = 1.5 : f32} : () -> f32
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>
    "asc.duplicate"(%t, %v, %n) : (!asc.local_tensor<256xf32, VECIN>, f32, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "fill"} : () -> ()
}) : () -> ()
