// RUN: asc-opt %s | FileCheck %s
// Comments, blank lines, tabs and CRLF-free odd spacing are ignored.

  // a comment before the module
"builtin.module"  (  )   ({   // trailing comment
	"func.func"() ({
	  "func.return"(
	  ) : (  ) -> (  )   // another
	}) {sym_name = "c", function_type = () -> ()} : () -> ()
}) : () -> ()
// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() ({
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) {function_type = () -> (), sym_name = "c"} : () -> ()
// CHECK-NEXT: }) : () -> ()
