// asc-run's scalar and array arguments are parsed strictly (issue 12, item 10): a value that
// is not a number, or does not fit its type, and a .npy shape whose element count overflows
// are errors (exit status 2), never 0, a truncated value or undefined behaviour.
//
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=i32:abc 2>&1 | FileCheck %s --check-prefix=ABC
// ABC: asc-run: n=i32:abc: 'abc' is not an integer
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=i32:99999999999 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: asc-run: n=i32:99999999999: 99999999999 is out of the range of i32
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=i32:2147483648 2>&1 | FileCheck %s --check-prefix=BIG2
// BIG2: asc-run: n=i32:2147483648: 2147483648 is out of the range of i32
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=i32:12x 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: asc-run: n=i32:12x: '12x' is not an integer
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=i32: 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: asc-run: n=i32:: '' is not an integer
// RUN: not asc-run %s x=%t.x.npy:f32:64 n=f32:1e39 2>&1 | FileCheck %s --check-prefix=FBIG
// FBIG: asc-run: n=f32:1e39: 1e39 is out of the range of f32
// RUN: not asc-run %s x=%t.x.npy:f32:abc n=i32:1 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: asc-run: bad array spec '{{.*}}.x.npy:f32:abc' (want file.npy:dtype:count, count a non-negative integer)
// RUN: not asc-run %s x=%t.x.npy:f32:9223372036854775807 n=i32:1 2>&1 | FileCheck %s --check-prefix=COUNT2
// COUNT2: asc-run: bad array spec
//
// The largest i32 is accepted and the kernel runs (exit status 0).
// RUN: asc-run %s x=%t.x.npy:f32:64 n=i32:2147483647 2>&1 | FileCheck %s --check-prefix=OK
// RUN: asc-run %s x=%t.x.npy:f32:64 n=i32:-0x80000000 2>&1 | FileCheck %s --check-prefix=OK
// OK: 0 errors, 0 warnings
//
// A header whose shape product is 2^65 elements (2^67 bytes): it wrapped to 0 elements.
// RUN: %python %S/Inputs/npy_header.py %t.big.npy '<f4' '(4611686018427387904, 8)' 64
// RUN: not asc-run %s x=%t.big.npy n=i32:1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: asc-run: {{.*}}.npy: bad shape (a negative dimension, or more than 2^63 elements) in header {'descr'
// A product that fits in 63 bits but not in bytes (2^62 f32 = 2^64 bytes).
// RUN: %python %S/Inputs/npy_header.py %t.big2.npy '<f4' '(4611686018427387904,)' 64
// RUN: not asc-run %s x=%t.big2.npy n=i32:1 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: asc-run: {{.*}}.big2.npy: file shorter than its shape (4611686018427387904 elements)
// RUN: %python %S/Inputs/npy_header.py %t.neg.npy '<f4' '(-1, 16)' 64
// RUN: not asc-run %s x=%t.neg.npy n=i32:1 2>&1 | FileCheck %s --check-prefix=SHAPE
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %n: i32):
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
