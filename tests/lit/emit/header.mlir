// The header rejects what it must: with clang, __gm__ is an address space (a local pointer is no GM
// pointer); tensors are typed; HardEvent is a scoped enum.  The clean file compiles with both compilers.
// RUN: clang++ -std=c++17 -Wall -Werror -fsyntax-only -I %S/../../../include/ascendc %S/Inputs/header_errors.cpp
// RUN: g++ -std=c++17 -Wall -Werror -fsyntax-only -I %S/../../../include/ascendc %S/Inputs/header_errors.cpp
// RUN: not clang++ -std=c++17 -fsyntax-only -DLOCAL_AS_GM -I %S/../../../include/ascendc %S/Inputs/header_errors.cpp 2>&1 | FileCheck %s --check-prefix=GM
// RUN: not g++ -std=c++17 -fsyntax-only -DMIXED_TYPES -I %S/../../../include/ascendc %S/Inputs/header_errors.cpp 2>&1 | FileCheck %s --check-prefix=MIX
// RUN: not clang++ -std=c++17 -fsyntax-only -DUNSCOPED_EVENT -I %S/../../../include/ascendc %S/Inputs/header_errors.cpp 2>&1 | FileCheck %s --check-prefix=EVT
// GM: header_errors.cpp:10:5: error: no matching member function for call to 'SetGlobalBuffer'
// MIX: header_errors.cpp:15:15: error: no matching function for call to {{.*}}Add(AscendC::LocalTensor<half>&, AscendC::LocalTensor<half>&, AscendC::LocalTensor<float>&, int)
// EVT: header_errors.cpp:18:3: error: no matching function for call to 'SetFlag'
"builtin.module"() ({
}) : () -> ()
