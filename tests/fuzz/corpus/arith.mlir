"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32, %b: i32, %f: f32):
    %c = "arith.constant"() {value = 7 : i32} : () -> i32
    %0 = "arith.addi"(%a, %c) : (i32, i32) -> i32
    %1 = "arith.muli"(%0, %b) : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %a) {predicate = 2 : i64} : (i32, i32) -> i1
    %3 = "arith.select"(%2, %0, %1) : (i1, i32, i32) -> i32
    %h = "arith.constant"() {value = 0.5 : f32} : () -> f32
    %4 = "arith.mulf"(%f, %h) : (f32, f32) -> f32
    %5 = "arith.sitofp"(%3) : (i32) -> f32
    %6 = "arith.addf"(%4, %5) : (f32, f32) -> f32
    "func.return"(%6) : (f32) -> ()
  }) {function_type = (i32, i32, f32) -> f32, sym_name = "scalar"} : () -> ()
}) : () -> ()
