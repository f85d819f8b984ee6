// STATUS: fixed by commit d683259 (race.c: scalar writes need a flag; scalar-only record list):
// asc-run now reports the race below.
// synctest finding (SIMULATOR vs sync.md B.4/B.9): no race is reported for a scalar write to UB
// followed by a vector read of the same bytes with no S_V edge.  B.9 requires S_V (and S_MTE2 /
// S_MTE3 for the DMA pipes), and B.4's happens-before has no S -> pipe program-order edge; race.c
// instead orders every pipe instruction after all earlier scalar work (sanitizers.md).  So the
// removal check can never fire for an S_V, S_MTE2 or S_MTE3 edge that auto-sync inserts: in the
// CI run 0 of ~170 such removals fired, while every other event fires in most removals.
// Expected (per B.4): error: race (RAW) ... asc.add reads what asc.set_value writes.
// Reproduce: build/bin/asc-run tests/synctest/failures/sim-scalar-to-vector-ordered.mlir --kernel k
// printed "0 errors" before d683259.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %b1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    %b = "asc.local_tensor"(%b1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<64xf32, VECCALC>, f32, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.set_value"(%a, %c0, %one) : (!asc.local_tensor<64xf32, VECCALC>, i32, f32) -> ()
    "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<64xf32, VECCALC>, !asc.local_tensor<64xf32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
