// RUN: asc-opt %s | FileCheck %s
// Explicit locations are kept (file names escaped); loc(unknown) and absent locations
// print nothing; the parse position is not printed.

"func.func"() ({
  %0 = "asc.tpipe"() : () -> !asc.pipe loc("/tmp/my \"kernel\".py":12:5)
  %1 = "asc.get_block_idx"() : () -> i32 loc(unknown)
  %2 = "asc.get_block_num"() : () -> i32
  "func.return"() : () -> () loc("k.py":20:4)
}) {function_type = () -> (), sym_name = "locs"} : () -> () loc("k.py":1:0)

// CHECK:      %0 = "asc.tpipe"() : () -> !asc.pipe loc("/tmp/my \"kernel\".py":12:5)
// CHECK-NEXT: %1 = "asc.get_block_idx"() : () -> i32{{$}}
// CHECK-NEXT: %2 = "asc.get_block_num"() : () -> i32{{$}}
// CHECK-NEXT: "func.return"() : () -> () loc("k.py":20:4)
// CHECK-NEXT: }) {function_type = () -> (), sym_name = "locs"} : () -> () loc("k.py":1:0)
