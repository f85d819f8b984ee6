// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// TBufPool (Ascend C's TBufPool pages: TBufPool<pos, bufIDSize>, TPipe::InitBufPool(pool, len) and
// TBufPool::InitBufPool(pool, len[, shareBuf]), InitBuffer(que, num, len) / InitBuffer(buf, len), Reset()).  The
// IR types a pool as a tbuf: an asc.tbuf the pool ops use is declared a TBufPool, and an init of a pool is
// InitBufPool.  asc.tbufpool_share keeps no parent: the TPipe's InitBufPool with the shared buffer.

// CHECK:        AscendC::TPipe v2;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECIN> v3;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECIN> v4;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECIN> v5;
// CHECK-NEXT:   AscendC::TBuf<AscendC::TPosition::VECCALC> v6;
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 1> v7;
// CHECK-NEXT:   v2.InitBufPool(v3, v0);
// CHECK-NEXT:   v3.InitBufPool(v4, v0);
// CHECK-NEXT:   AscendC::GetTPipePtr()->InitBufPool(v5, v0, v4);
// CHECK-NEXT:   v4.InitBuffer(v7, v1, v0);
// CHECK-NEXT:   v5.InitBuffer(v6, v0);
// CHECK-NEXT:   v4.Reset();

"builtin.module"() ({
  "func.func"() ({
    %len = "arith.constant"() {value = 256 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %p0 = "asc.tbuf"() : () -> !asc.tbuf<VECIN>
    %p1 = "asc.tbuf"() : () -> !asc.tbuf<VECIN>
    %p2 = "asc.tbuf"() : () -> !asc.tbuf<VECIN>
    %buf = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_tbuf"(%pipe, %p0, %len) : (!asc.pipe, !asc.tbuf<VECIN>, i32) -> ()
    "asc.tbufpool_init_tbuf"(%p0, %p1, %len) : (!asc.tbuf<VECIN>, !asc.tbuf<VECIN>, i32) -> ()
    "asc.tbufpool_share"(%p2, %p1, %len) : (!asc.tbuf<VECIN>, !asc.tbuf<VECIN>, i32) -> ()
    "asc.tbufpool_init_buffer"(%p1, %q, %one, %len) : (!asc.tbuf<VECIN>, !asc.queue<VECIN, 1>, i32, i32) -> ()
    "asc.tbufpool_init_tbuf"(%p2, %buf, %len) : (!asc.tbuf<VECIN>, !asc.tbuf<VECCALC>, i32) -> ()
    "asc.tbufpool_reset"(%p1) : (!asc.tbuf<VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "pool_kernel"} : () -> ()
}) : () -> ()
