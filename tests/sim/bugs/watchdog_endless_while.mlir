// watchdog_endless_while: a while loop whose counter never grows (i = i * 1); the watchdog stops the block at the loop after --max-instructions (2 blocks: each reports it, the launch stops at block 0).
// ERRORS: 1
// EXPECT: spin.py:5:5: error: watchdog: the block executed more than 100000 instructions or their worth of data movement and cube work (max_instructions) and this loop is still running after 25000 iterations
// RUN: --blocks 2 --max-instructions 100000 x=x.npy:f32:8 n=i32:1
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %n: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("spin.py":4:5)
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32 loc("spin.py":6:13)
    %r = "scf.while"(%c0) ({
    ^bb0(%i: i32):
      %lt = "arith.cmpi"(%i, %n) {predicate = 2 : i64} : (i32, i32) -> i1 loc("spin.py":5:11)
      "scf.condition"(%lt, %i) : (i1, i32) -> () loc("spin.py":5:5)
    }, {
    ^bb0(%j: i32):
      %k = "arith.muli"(%j, %c1) : (i32, i32) -> i32 loc("spin.py":6:13)
      "scf.yield"(%k) : (i32) -> () loc("spin.py":5:5)
    }) : (i32) -> i32 loc("spin.py":5:5)
    "func.return"() : () -> () loc("spin.py":3:1)
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "spin"} : () -> () loc("spin.py":3:1)
}) : () -> ()
