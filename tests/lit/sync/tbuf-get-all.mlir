// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// asc.tbuf_get_all (TBuf.get(dtype) with no len on a TBuf this function did not size) views
// the whole buffer, whose length is known only when it runs: auto-sync treats it as reaching
// the buffer's end, so an op without an element count on it meets every other view of the
// buffer.  The same op on a view of known length (asc.tbuf_get) does not.

// Case 1: a 64-element view [0, 256) and a view from byte 1024: disjoint, no barrier.
// CHECK-NOT: pipe_barrier
// CHECK: sym_name = "sized"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("t.py":2:1)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %off = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("t.py":2:1)
    %len = "arith.constant"() {value = 4096 : i32} : () -> i32 loc("t.py":2:1)
    %m = "arith.constant"() {value = -1 : i64} : () -> i64 loc("t.py":2:1)
    %one = "arith.constant"() {value = 1 : i32} : () -> i32 loc("t.py":2:1)
    %eight = "arith.constant"() {value = 8 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("t.py":3:1)
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC> loc("t.py":4:1)
    "asc.init_tbuf"(%pipe, %tb, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> () loc("t.py":5:1)
    %a = "asc.tbuf_get"(%tb, %n) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":6:1)
    "asc.duplicate.mask"(%a, %f, %m, %one, %one, %eight) : (!asc.local_tensor<f32, VECCALC>, f32, i64, i32, i32, i32) -> () loc("t.py":7:1)
    %b = "asc.tbuf_get_with_offset"(%tb, %n, %off) : (!asc.tbuf<VECCALC>, i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":8:1)
    "asc.duplicate"(%b, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = () -> (), sym_name = "sized"} : () -> () loc("t.py":1:1)
}) : () -> ()

// -----
// Case 2: the same with the first view the whole buffer: its extent reaches byte 1024, so the
// second duplicate waits for the first (PIPE_V barrier between them).
// CHECK: // -----
// CHECK: "asc.tbuf_get_all"
// CHECK-NEXT: "asc.duplicate.mask"
// CHECK-NEXT: "asc.tbuf_get_with_offset"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK: sym_name = "whole"
"builtin.module"() ({
  "func.func"() ({
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %off = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("t.py":2:1)
    %len = "arith.constant"() {value = 4096 : i32} : () -> i32 loc("t.py":2:1)
    %m = "arith.constant"() {value = -1 : i64} : () -> i64 loc("t.py":2:1)
    %one = "arith.constant"() {value = 1 : i32} : () -> i32 loc("t.py":2:1)
    %eight = "arith.constant"() {value = 8 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("t.py":3:1)
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC> loc("t.py":4:1)
    "asc.init_tbuf"(%pipe, %tb, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> () loc("t.py":5:1)
    %a = "asc.tbuf_get_all"(%tb) : (!asc.tbuf<VECCALC>) -> !asc.local_tensor<f32, VECCALC> loc("t.py":6:1)
    "asc.duplicate.mask"(%a, %f, %m, %one, %one, %eight) : (!asc.local_tensor<f32, VECCALC>, f32, i64, i32, i32, i32) -> () loc("t.py":7:1)
    %b = "asc.tbuf_get_with_offset"(%tb, %n, %off) : (!asc.tbuf<VECCALC>, i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":8:1)
    "asc.duplicate"(%b, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = () -> (), sym_name = "whole"} : () -> () loc("t.py":1:1)
}) : () -> ()

// -----
// Case 3 (regression: tbuf_get_with_offset's operands are (tbuf, size, byte offset); the
// analysis read them as (offset, size), so 2048 elements from byte 0 looked like bytes from
// 2048 and missed the overlap with [0, 256)): the barrier is kept.
// CHECK: // -----
// CHECK: "asc.tbuf_get_with_offset"
// CHECK-NEXT: "asc.duplicate"
// CHECK-NEXT: "asc.tbuf_get"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK: sym_name = "offset_operands"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("t.py":2:1)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("t.py":2:1)
    %big = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("t.py":2:1)
    %len = "arith.constant"() {value = 8192 : i32} : () -> i32 loc("t.py":2:1)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("t.py":2:1)
    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("t.py":3:1)
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC> loc("t.py":4:1)
    "asc.init_tbuf"(%pipe, %tb, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> () loc("t.py":5:1)
    %a = "asc.tbuf_get_with_offset"(%tb, %big, %c0) : (!asc.tbuf<VECCALC>, i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":6:1)
    "asc.duplicate"(%a, %f, %big) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":7:1)
    %b = "asc.tbuf_get"(%tb, %n) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<f32, VECCALC> loc("t.py":8:1)
    "asc.duplicate"(%b, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("t.py":9:1)
    "func.return"() : () -> () loc("t.py":10:1)
  }) {function_type = () -> (), sym_name = "offset_operands"} : () -> () loc("t.py":1:1)
}) : () -> ()
