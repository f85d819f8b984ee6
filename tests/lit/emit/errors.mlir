// RUN: asc-opt --emit-ascendc --verify-diagnostics %s
// An op with no Ascend C form is a located error, never silent output.
"builtin.module"() ({
  "func.func"() ({
    %n = "arith.constant"() {value = 8 : i32} : () -> i32
    // expected-error@+1 {{'asc.local_tensor_auto' has no Ascend C form: a LocalTensorAuto has no Ascend C form (run the emit pipeline: insert-sync materializes it)}}
    %t = "asc.local_tensor_auto"(%n) : (i32) -> !asc.local_tensor<f32>
    // expected-error@+1 {{'asc.matmul_misuse' has no Ascend C form: a misused Matmul object}}
    "asc.matmul_misuse"() {reason = "x"} : () -> ()
    %al = "asc.local_mem_allocator"() : () -> i32
    %ad = "asc.local_mem_allocator.get_cur_addr"(%al) : (i32) -> i32
    %lt = "asc.local_mem_allocator.alloc"(%al, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC>
    // expected-error@+1 {{'asc.unavailable' has no Ascend C form: the API function is not available on this platform}}
    "asc.unavailable"() {callee = "f", reason = "r"} : () -> ()
    // expected-error@+1 {{'asc.tensor_desc_empty' has no Ascend C form: a TensorDesc that ListTensorDesc.get_desc has not filled}}
    %td = "asc.tensor_desc_empty"() {what = "w"} : () -> i64
    %arr = "asc.scalar_array"() {length = 4 : i32} : () -> i32
    %el = "asc.scalar_array.get"(%arr, %n) : (i32, i32) -> i32
    "asc.scalar_array.set"(%arr, %n, %el) : (i32, i32, i32) -> ()
    // expected-error@+1 {{'asc.lt_to_file' has no Ascend C form: LocalTensor.to_file is a simulator facility with no Ascend C form}}
    "asc.lt_to_file"(%lt) {file = "x.bin"} : (!asc.local_tensor<f32, VECCALC>) -> ()
    // expected-error@+1 {{'asc.adv.check_tmp' has no Ascend C form: not implemented yet: the scratch check of an asc.adv call}}
    "asc.adv.check_tmp"(%lt, %n) {callee = "f"} : (!asc.local_tensor<f32, VECCALC>, i32) -> ()
    // expected-error@+1 {{'asc.matmul_tile_count' has no Ascend C form: no Matmul call of the kernel has A, B and C}}
    %tc = "asc.matmul_tile_count"(%n, %n) : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
