"""What the registry tables promise at compile time, checked by compiling small programs with the
system C compiler (skipped without one):

- a struct field read by a name the struct lacks does not compile (ASC_SFI, structs.def);
- a reads / writes column of ops.def naming an operand the row lacks fails tools/ops-access-gen,
  naming the op and the name, and the generated bit sets of a good table match the registry's."""
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")


def compile_c(tmp, src, incs):
    c = tmp / "t.c"
    c.write_text(src)
    return subprocess.run([CC, "-std=c11", "-Wall", "-Werror", "-fsyntax-only"] + [f"-I{i}" for i in incs] + [str(c)],
                          capture_output=True, text=True)


def test_field_by_name_compiles_and_unknown_field_does_not(tmp_path):
    incs = [ROOT / "src"]
    ok = compile_c(tmp_path, '#include "ops/registry.h"\n'
                   '_Static_assert(ASC_SFI(DataCopyParams, block_len) == 1, "index");\n', incs)
    assert ok.returncode == 0, ok.stderr
    bad = compile_c(tmp_path, '#include "ops/registry.h"\nint f(const double *p);\n'
                    'int f(const double *p) { return (int)p[ASC_SFI(DataCopyParams, blocklen)]; }\n', incs)
    assert bad.returncode != 0 and "blocklen" in bad.stderr


def gen(tmp, opsdef):
    (tmp / "ops").mkdir(exist_ok=True)
    (tmp / "ops" / "ops.def").write_text(opsdef)
    # the struct builders (--builders) come from the real structs.def
    (tmp / "ops" / "structs.def").write_text((ROOT / "src" / "ops" / "structs.def").read_text())
    exe = tmp / "gen"
    r = subprocess.run([CC, "-std=c11", f"-I{tmp}", "-o", str(exe), str(ROOT / "tools" / "ops-access-gen.c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return subprocess.run([str(exe)], capture_output=True, text=True)


def test_access_names_resolve_to_bits(tmp_path):
    r = gen(tmp_path, (ROOT / "src" / "ops" / "ops.def").read_text())
    assert r.returncode == 0, r.stderr
    assert "#define ASC_ACC_RD_ADD 0x00000006u" in r.stdout  # src0 src1 of (dst, src0, src1, count)
    assert "#define ASC_ACC_WR_ADD 0x00000001u" in r.stdout
    assert "#define ASC_ACC_CNT_ADD 3" in r.stdout


def test_unknown_access_name_fails(tmp_path):
    text = (ROOT / "src" / "ops" / "ops.def").read_text()
    row = text.index('OP(ADD, "asc.add"')
    bad = text[:row] + text[row:].replace('"src0 src1", "dst"', '"src0 srcX", "dst"', 1)
    assert bad != text
    r = gen(tmp_path, bad)
    assert r.returncode == 1
    assert "asc.add: reads names 'srcX'" in r.stderr


def test_ops_def_rows_names_old_access_bits():
    """tools/ops_def_rows.py rewrites a row merged in the old bit-set form into operand names."""
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import ops_def_rows
    old = ('OP(ADD, "asc.add", VECTOR, V, ELEMENTWISE, "dst=lt@t,src0=lt@t,src1=lt@t,count=count", "", '
           'ARG(1) | ARG(2), ARG(0), 0, 0, "", "", "doc")\n'
           'OP(MS, "asc.ms", VECTOR, V, SORT, "dst=lt,n=int,src=*lt", "", ARG(2) | ARG(3) | ARG(4), 0x1u, 0, 0, "", "", "d")\n')
    new = ops_def_rows.rewrite(old, lambda w: None)
    assert '"", "src0 src1", "dst", 0, 0,' in new
    assert '"", "src", "dst", 0, 0,' in new
    assert ops_def_rows.rewrite(new, lambda w: None) == new  # idempotent


def lower_with(tmp, opsdef):
    """Compiles the simulator's dispatch table (src/sim/lower.c) against a copy of ops.def."""
    r = gen(tmp, opsdef)  # writes tmp/ops/ops.def; lower.c also includes the generated operand indices
    assert r.returncode == 0, r.stderr
    (tmp / "ops_access.h").write_text(r.stdout)
    return subprocess.run([CC, "-std=c11", "-Wall", "-Werror", "-fsyntax-only", f"-I{tmp}", f"-I{ROOT / 'src'}",
                           f"-I{ROOT / 'include'}", str(ROOT / "src" / "sim" / "lower.c")], capture_output=True, text=True)


def test_exec_column_builds_the_dispatch_table(tmp_path):
    """ops.def's exec column names each op's simulator function (or EXPANDED / STRUCTURAL); a row
    whose column is empty fails the build, naming the op."""
    text = (ROOT / "src" / "ops" / "ops.def").read_text()
    ok = lower_with(tmp_path, text)
    assert ok.returncode == 0, ok.stderr
    row = text.index('OP(ADDI, "arith.addi"')
    bad = text[:row] + text[row:].replace('"", "", ibin, "r := a + b', '"", "", , "r := a + b', 1)
    assert bad != text
    r = lower_with(tmp_path, bad)
    assert r.returncode != 0 and "arith.addi has no exec column" in r.stderr
