"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index, %flag: i1):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %sum = "scf.for"(%c0, %n, %c1, %z) ({
    ^bb0(%i: index, %acc: i32):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %r = "scf.if"(%flag) ({
        %s = "arith.addi"(%acc, %ii) : (i32, i32) -> i32
        "scf.yield"(%s) : (i32) -> ()
      }, {
        "scf.yield"(%acc) : (i32) -> ()
      }) : (i1) -> i32
      "scf.yield"(%r) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %x = "func.call"(%sum) {callee = @twice} : (i32) -> i32
    "func.return"(%x) : (i32) -> ()
  }) {function_type = (index, i1) -> i32, sym_name = "loop"} : () -> ()
  "func.func"() ({
  ^bb0(%v: i32):
    %d = "arith.addi"(%v, %v) : (i32, i32) -> i32
    "func.return"(%d) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "twice", sym_visibility = "private"} : () -> ()
}) : () -> ()
