// synctest --seed 21 --first 200 --count 1: auto-synced; removing these lines fires nothing on a0 in {4, 2}, a1 in 0..4:
//   line 116:       "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: !asc.gm_ptr<f32>, %arg1: i32, %arg2: i32):
    %0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %1 = "arith.constant"() {value = 0 : i32} : () -> i32
    %2 = "arith.constant"() {value = 1 : i32} : () -> i32
    %3 = "arith.constant"() {value = 2 : i32} : () -> i32
    %4 = "arith.constant"() {value = 3 : i32} : () -> i32
    %5 = "arith.constant"() {value = 4 : i32} : () -> i32
    %6 = "arith.constant"() {value = 5 : i32} : () -> i32
    %7 = "arith.constant"() {value = 6 : i32} : () -> i32
    %8 = "arith.constant"() {value = 7 : i32} : () -> i32
    %9 = "arith.constant"() {value = 8 : i32} : () -> i32
    %10 = "arith.constant"() {value = 16 : i32} : () -> i32
    %11 = "arith.constant"() {value = 24 : i32} : () -> i32
    %12 = "arith.constant"() {value = 32 : i32} : () -> i32
    %13 = "arith.constant"() {value = 40 : i32} : () -> i32
    %14 = "arith.constant"() {value = 48 : i32} : () -> i32
    %15 = "arith.constant"() {value = 56 : i32} : () -> i32
    %16 = "arith.constant"() {value = 64 : i32} : () -> i32
    %17 = "arith.constant"() {value = 72 : i32} : () -> i32
    %18 = "arith.constant"() {value = 80 : i32} : () -> i32
    %19 = "arith.constant"() {value = 88 : i32} : () -> i32
    %20 = "arith.constant"() {value = 96 : i32} : () -> i32
    %21 = "arith.constant"() {value = 104 : i32} : () -> i32
    %22 = "arith.constant"() {value = 112 : i32} : () -> i32
    %23 = "arith.constant"() {value = 120 : i32} : () -> i32
    %24 = "arith.constant"() {value = 128 : i32} : () -> i32
    %25 = "arith.constant"() {value = 136 : i32} : () -> i32
    %26 = "arith.constant"() {value = 144 : i32} : () -> i32
    %27 = "arith.constant"() {value = 152 : i32} : () -> i32
    %28 = "arith.constant"() {value = 160 : i32} : () -> i32
    %29 = "arith.constant"() {value = 168 : i32} : () -> i32
    %30 = "arith.constant"() {value = 176 : i32} : () -> i32
    %31 = "arith.constant"() {value = 184 : i32} : () -> i32
    %32 = "arith.constant"() {value = 192 : i32} : () -> i32
    %33 = "arith.constant"() {value = 200 : i32} : () -> i32
    %34 = "arith.constant"() {value = 208 : i32} : () -> i32
    %35 = "arith.constant"() {value = 216 : i32} : () -> i32
    %36 = "arith.constant"() {value = 224 : i32} : () -> i32
    %37 = "arith.constant"() {value = 232 : i32} : () -> i32
    %38 = "arith.constant"() {value = 240 : i32} : () -> i32
    %39 = "arith.constant"() {value = 248 : i32} : () -> i32
    %40 = "arith.constant"() {value = 256 : i32} : () -> i32
    %41 = "arith.constant"() {value = 264 : i32} : () -> i32
    %42 = "arith.constant"() {value = 272 : i32} : () -> i32
    %43 = "arith.constant"() {value = 280 : i32} : () -> i32
    %44 = "arith.constant"() {value = 288 : i32} : () -> i32
    %45 = "arith.constant"() {value = 296 : i32} : () -> i32
    %46 = "arith.constant"() {value = 304 : i32} : () -> i32
    %47 = "arith.constant"() {value = 312 : i32} : () -> i32
    %48 = "arith.constant"() {value = 320 : i32} : () -> i32
    %49 = "arith.constant"() {value = 328 : i32} : () -> i32
    %50 = "arith.constant"() {value = 336 : i32} : () -> i32
    %51 = "arith.constant"() {value = 344 : i32} : () -> i32
    %52 = "arith.constant"() {value = 352 : i32} : () -> i32
    %53 = "arith.constant"() {value = 360 : i32} : () -> i32
    %54 = "arith.constant"() {value = 368 : i32} : () -> i32
    %55 = "arith.constant"() {value = 376 : i32} : () -> i32
    %56 = "arith.constant"() {value = 384 : i32} : () -> i32
    %57 = "arith.constant"() {value = 392 : i32} : () -> i32
    %58 = "arith.constant"() {value = 400 : i32} : () -> i32
    %59 = "arith.constant"() {value = 408 : i32} : () -> i32
    %60 = "arith.constant"() {value = 416 : i32} : () -> i32
    %61 = "arith.constant"() {value = 424 : i32} : () -> i32
    %62 = "arith.constant"() {value = 432 : i32} : () -> i32
    %63 = "arith.constant"() {value = 440 : i32} : () -> i32
    %64 = "arith.constant"() {value = 448 : i32} : () -> i32
    %65 = "arith.constant"() {value = 456 : i32} : () -> i32
    %66 = "arith.constant"() {value = 464 : i32} : () -> i32
    %67 = "arith.constant"() {value = 472 : i32} : () -> i32
    %68 = "arith.constant"() {value = 480 : i32} : () -> i32
    %69 = "arith.constant"() {value = 488 : i32} : () -> i32
    %70 = "arith.constant"() {value = 496 : i32} : () -> i32
    %71 = "arith.constant"() {value = 504 : i32} : () -> i32
    %72 = "arith.constant"() {value = 512 : i32} : () -> i32
    %73 = "arith.constant"() {value = -2.0 : f32} : () -> f32
    %74 = "arith.constant"() {value = -1.0 : f32} : () -> f32
    %75 = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %76 = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %77 = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %78 = "arith.constant"() {value = 3.0 : f32} : () -> f32
    %79 = "arith.constant"() {value = 4.0 : f32} : () -> f32
    %80 = "arith.constant"() {value = 5.0 : f32} : () -> f32
    %81 = "arith.constant"() {value = 0 : index} : () -> index
    %82 = "arith.constant"() {value = 1 : index} : () -> index
    %83 = "arith.constant"() {value = 2 : index} : () -> index
    %84 = "arith.constant"() {value = 3 : index} : () -> index
    %85 = "arith.constant"() {value = 4 : index} : () -> index
    %86 = "arith.index_cast"(%arg1) : (i32) -> index
    %87 = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%87, %arg0) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %88 = "arith.constant"() {value = 0 : i32} : () -> i32
    %89 = "arith.constant"() {value = 64 : i32} : () -> i32
    %90 = "asc.local_tensor"(%88, %89) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<64xf32, VECIN>
    %91 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %92 = "arith.constant"() {value = 192 : i32} : () -> i32
    %93 = "asc.local_tensor"(%91, %92) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<192xf32, VECIN>
    %94 = "asc.gt_subview"(%87, %34) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    "asc.data_copy"(%90, %94, %16) : (!asc.local_tensor<64xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    %95 = "asc.gt_subview"(%87, %41) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    "asc.data_copy"(%93, %95, %32) : (!asc.local_tensor<192xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.set_flag"(%0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "scf.for"(%81, %82, %82) ({
    ^bb0(%arg3: index):
      %96 = "arith.index_cast"(%arg3) : (index) -> i32
      %97 = "arith.remui"(%96, %3) : (i32, i32) -> i32
      %98 = "arith.muli"(%97, %16) : (i32, i32) -> i32
      %99 = "arith.remui"(%96, %4) : (i32, i32) -> i32
      %100 = "arith.muli"(%99, %16) : (i32, i32) -> i32
      %101 = "asc.lt_subview"(%90, %12) : (!asc.local_tensor<64xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %102 = "asc.lt_subview"(%93, %11) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %103 = "arith.addi"(%100, %12) : (i32, i32) -> i32
      %104 = "asc.lt_subview"(%93, %103) : (!asc.local_tensor<192xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
      "asc.max"(%101, %102, %104, %9) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32, i32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
