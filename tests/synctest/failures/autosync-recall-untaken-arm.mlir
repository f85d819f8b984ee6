// synctest failure (AUTO-SYNC, src/passes): race (WAR, V after MTE3) after auto-sync-full; fixed.
// The inner if tests a loop-invariant value, so an iteration takes the arm the previous one
// took; its arm state was recalled from its previous walk. But it sits in the else arm of an
// if on the loop index, which iteration 0 did not take: the recalled state said the store of
// that iteration's then arm never ran. A previous walk now counts only for an if at the top
// level of a loop body, recorded during that loop's previous walk.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.gm_ptr<f32>, %a0: i32, %a1: i32):
    %e0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %e1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %e2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %e3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %e4 = "arith.constant"() {value = 4 : i32} : () -> i32
    %e5 = "arith.constant"() {value = 5 : i32} : () -> i32
    %e6 = "arith.constant"() {value = 6 : i32} : () -> i32
    %e7 = "arith.constant"() {value = 7 : i32} : () -> i32
    %e8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %e16 = "arith.constant"() {value = 16 : i32} : () -> i32
    %e24 = "arith.constant"() {value = 24 : i32} : () -> i32
    %e32 = "arith.constant"() {value = 32 : i32} : () -> i32
    %e40 = "arith.constant"() {value = 40 : i32} : () -> i32
    %e48 = "arith.constant"() {value = 48 : i32} : () -> i32
    %e56 = "arith.constant"() {value = 56 : i32} : () -> i32
    %e64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %e72 = "arith.constant"() {value = 72 : i32} : () -> i32
    %e80 = "arith.constant"() {value = 80 : i32} : () -> i32
    %e88 = "arith.constant"() {value = 88 : i32} : () -> i32
    %e96 = "arith.constant"() {value = 96 : i32} : () -> i32
    %e104 = "arith.constant"() {value = 104 : i32} : () -> i32
    %e112 = "arith.constant"() {value = 112 : i32} : () -> i32
    %e120 = "arith.constant"() {value = 120 : i32} : () -> i32
    %e128 = "arith.constant"() {value = 128 : i32} : () -> i32
    %e136 = "arith.constant"() {value = 136 : i32} : () -> i32
    %e144 = "arith.constant"() {value = 144 : i32} : () -> i32
    %e152 = "arith.constant"() {value = 152 : i32} : () -> i32
    %e160 = "arith.constant"() {value = 160 : i32} : () -> i32
    %e168 = "arith.constant"() {value = 168 : i32} : () -> i32
    %e176 = "arith.constant"() {value = 176 : i32} : () -> i32
    %e184 = "arith.constant"() {value = 184 : i32} : () -> i32
    %e192 = "arith.constant"() {value = 192 : i32} : () -> i32
    %e200 = "arith.constant"() {value = 200 : i32} : () -> i32
    %e208 = "arith.constant"() {value = 208 : i32} : () -> i32
    %e216 = "arith.constant"() {value = 216 : i32} : () -> i32
    %e224 = "arith.constant"() {value = 224 : i32} : () -> i32
    %e232 = "arith.constant"() {value = 232 : i32} : () -> i32
    %e240 = "arith.constant"() {value = 240 : i32} : () -> i32
    %e248 = "arith.constant"() {value = 248 : i32} : () -> i32
    %e256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %e264 = "arith.constant"() {value = 264 : i32} : () -> i32
    %e272 = "arith.constant"() {value = 272 : i32} : () -> i32
    %e280 = "arith.constant"() {value = 280 : i32} : () -> i32
    %e288 = "arith.constant"() {value = 288 : i32} : () -> i32
    %e296 = "arith.constant"() {value = 296 : i32} : () -> i32
    %e304 = "arith.constant"() {value = 304 : i32} : () -> i32
    %e312 = "arith.constant"() {value = 312 : i32} : () -> i32
    %e320 = "arith.constant"() {value = 320 : i32} : () -> i32
    %e328 = "arith.constant"() {value = 328 : i32} : () -> i32
    %e336 = "arith.constant"() {value = 336 : i32} : () -> i32
    %e344 = "arith.constant"() {value = 344 : i32} : () -> i32
    %e352 = "arith.constant"() {value = 352 : i32} : () -> i32
    %e360 = "arith.constant"() {value = 360 : i32} : () -> i32
    %e368 = "arith.constant"() {value = 368 : i32} : () -> i32
    %e376 = "arith.constant"() {value = 376 : i32} : () -> i32
    %e384 = "arith.constant"() {value = 384 : i32} : () -> i32
    %e392 = "arith.constant"() {value = 392 : i32} : () -> i32
    %e400 = "arith.constant"() {value = 400 : i32} : () -> i32
    %e408 = "arith.constant"() {value = 408 : i32} : () -> i32
    %e416 = "arith.constant"() {value = 416 : i32} : () -> i32
    %e424 = "arith.constant"() {value = 424 : i32} : () -> i32
    %e432 = "arith.constant"() {value = 432 : i32} : () -> i32
    %e440 = "arith.constant"() {value = 440 : i32} : () -> i32
    %e448 = "arith.constant"() {value = 448 : i32} : () -> i32
    %e456 = "arith.constant"() {value = 456 : i32} : () -> i32
    %e464 = "arith.constant"() {value = 464 : i32} : () -> i32
    %e472 = "arith.constant"() {value = 472 : i32} : () -> i32
    %e480 = "arith.constant"() {value = 480 : i32} : () -> i32
    %e488 = "arith.constant"() {value = 488 : i32} : () -> i32
    %e496 = "arith.constant"() {value = 496 : i32} : () -> i32
    %e504 = "arith.constant"() {value = 504 : i32} : () -> i32
    %e512 = "arith.constant"() {value = 512 : i32} : () -> i32
    %f0 = "arith.constant"() {value = -2.0 : f32} : () -> f32
    %f1 = "arith.constant"() {value = -1.0 : f32} : () -> f32
    %f2 = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %f3 = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %f4 = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %f5 = "arith.constant"() {value = 3.0 : f32} : () -> f32
    %f6 = "arith.constant"() {value = 4.0 : f32} : () -> f32
    %f7 = "arith.constant"() {value = 5.0 : f32} : () -> f32
    %t0 = "arith.constant"() {value = 0 : index} : () -> index
    %t1 = "arith.constant"() {value = 1 : index} : () -> index
    %t2 = "arith.constant"() {value = 2 : index} : () -> index
    %t3 = "arith.constant"() {value = 3 : index} : () -> index
    %t4 = "arith.constant"() {value = 4 : index} : () -> index
    %rt = "arith.index_cast"(%a0) : (i32) -> index
    %gt0 = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gt0, %g0) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %ra0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %rs0 = "arith.constant"() {value = 128 : i32} : () -> i32
    %r0 = "asc.local_tensor"(%ra0, %rs0) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %ra1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %rs1 = "arith.constant"() {value = 64 : i32} : () -> i32
    %r1 = "asc.local_tensor"(%ra1, %rs1) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<64xf32, VECCALC>
    %ra2 = "arith.constant"() {value = 2048 : i32} : () -> i32
    %rs2 = "arith.constant"() {value = 64 : i32} : () -> i32
    %r2 = "asc.local_tensor"(%ra2, %rs2) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<64xf32, VECOUT>
    %w1 = "asc.gt_subview"(%gt0, %e56) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    "asc.data_copy"(%r0, %w1, %e128) : (!asc.local_tensor<128xf32, VECCALC>, !asc.global_tensor<f32>, i32) -> ()
    %w2 = "asc.gt_subview"(%gt0, %e304) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    "asc.data_copy"(%r1, %w2, %e64) : (!asc.local_tensor<64xf32, VECCALC>, !asc.global_tensor<f32>, i32) -> ()
    "asc.duplicate"(%r2, %f0, %e64) : (!asc.local_tensor<64xf32, VECOUT>, f32, i32) -> ()
    "scf.for"(%t0, %t2, %t1) ({
    ^bb0(%iv0: index):
      %ic0 = "arith.index_cast"(%iv0) : (index) -> i32
      %s2_0 = "arith.remui"(%ic0, %e2) : (i32, i32) -> i32
      %so2_0 = "arith.muli"(%s2_0, %e64) : (i32, i32) -> i32
      %s3_0 = "arith.remui"(%ic0, %e3) : (i32, i32) -> i32
      %so3_0 = "arith.muli"(%s3_0, %e64) : (i32, i32) -> i32
      "asc.set_value"(%r2, %e2, %f6) : (!asc.local_tensor<64xf32, VECOUT>, i32, f32) -> ()
      %cd3 = "arith.cmpi"(%ic0, %e0) {predicate = 0 : i64} : (i32, i32) -> i1
      "scf.if"(%cd3) ({
        %v4 = "asc.lt_subview"(%r2, %e16) : (!asc.local_tensor<64xf32, VECOUT>, i32) -> !asc.local_tensor<f32, VECOUT>
        %w5 = "asc.gt_subview"(%gt0, %e344) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
        "asc.data_copy"(%w5, %v4, %e8) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        %cd6 = "arith.cmpi"(%a1, %e2) {predicate = 5 : i64} : (i32, i32) -> i1
        "scf.if"(%cd6) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %q7 = "asc.get_value"(%r1, %e3) : (!asc.local_tensor<64xf32, VECCALC>, i32) -> f32
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.data_copy"(%r2, %r2, %e32) : (!asc.local_tensor<64xf32, VECOUT>, !asc.local_tensor<64xf32, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32, i32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
