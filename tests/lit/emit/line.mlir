// RUN: asc-opt --emit-ascendc %s | FileCheck %s --match-full-lines --check-prefix=DIR
// RUN: asc-opt --emit-ascendc --emit-line=comment %s | FileCheck %s --match-full-lines --check-prefix=CMT
// The Python line of each op reaches the C++: a #line directive when the line a C++ compiler would give
// the statement is not its op's (two calls of one Python line get one each: __builtin_LINE() of each is
// the Python line; the kernel's first statement stands at the kernel's line, so the next line is 4 without
// a directive), a comment when the line changes.

// DIR: #line 3 "kern.py"
// DIR-NEXT: extern "C" __global__ __aicore__ void k(__gm__ uint64_t* ffts_addr) {
// DIR-NEXT: #line 3 "kern.py"
// DIR-NEXT:   set_ffts_base_addr(*ffts_addr);
// DIR-NEXT:   AscendC::PipeBarrier<PIPE_V>();
// DIR-NEXT: #line 4 "kern.py"
// DIR-NEXT:   AscendC::PipeBarrier<PIPE_ALL>();
// DIR-NEXT: #line 9 "kern.py"
// DIR-NEXT:   AscendC::PipeBarrier<PIPE_MTE2>();
// DIR-NEXT: }
// CMT: // kern.py:3
// CMT-NEXT: extern "C" __global__ __aicore__ void k(__gm__ uint64_t* ffts_addr) {
// CMT-NEXT:   set_ffts_base_addr(*ffts_addr);
// CMT-NEXT:   // kern.py:4
// CMT-NEXT:   AscendC::PipeBarrier<PIPE_V>();
// CMT-NEXT:   AscendC::PipeBarrier<PIPE_ALL>();
// CMT-NEXT:   // kern.py:9
// CMT-NEXT:   AscendC::PipeBarrier<PIPE_MTE2>();
"builtin.module"() ({
  "func.func"() ({
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> () loc("kern.py":4:5)
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> () loc("kern.py":4:9)
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>} : () -> () loc("kern.py":9:5)
    "func.return"() : () -> () loc("kern.py":3:1)
  }) {function_type = () -> (), sym_name = "k"} : () -> () loc("kern.py":3:1)
}) : () -> ()
