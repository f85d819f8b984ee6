# lit configuration for the IR tests (llvm-14 lit).
#
# Normally run through the build tree, which holds the generated lit.site.cfg.py:
#   /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv build/tests/lit
# It also runs straight from the source tree, finding the tools in build/bin unless told:
#   /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv tests/lit [--param asc_bin_dir=DIR]
#
# Substitutions available in RUN lines:
#   asc-opt    the asc-opt built in this tree
#   FileCheck  /usr/lib/llvm-14/bin/FileCheck
#   not        /usr/lib/llvm-14/bin/not (inverts the exit status)
#   mlir-opt   mlir-opt-14
#   %python    the python running lit
import os
import shutil
import sys

import lit.formats

config.name = "openasc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]

here = os.path.dirname(os.path.abspath(__file__))
src_root = getattr(config, "asc_src_root", None) or os.path.dirname(os.path.dirname(here))
config.test_source_root = os.path.join(src_root, "tests", "lit")
if getattr(config, "asc_obj_root", None):
    config.test_exec_root = os.path.join(config.asc_obj_root, "tests", "lit")

bin_dir = lit_config.params.get("asc_bin_dir") or getattr(config, "asc_bin_dir", None) \
    or os.path.join(src_root, "build", "bin")
llvm_bin = lit_config.params.get("llvm_bin_dir") or getattr(config, "llvm_bin_dir", None) \
    or "/usr/lib/llvm-14/bin"
mlir_opt = lit_config.params.get("mlir_opt") or getattr(config, "mlir_opt", None) or "mlir-opt-14"
python = getattr(config, "python_executable", None) or sys.executable


def tool(path):
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        lit_config.fatal("lit: required tool not found: %s" % path)
    return path


asc_opt = tool(os.path.join(bin_dir, "asc-opt"))
filecheck = tool(os.path.join(llvm_bin, "FileCheck"))
not_tool = tool(os.path.join(llvm_bin, "not"))
mlir_opt = shutil.which(mlir_opt) or lit_config.fatal("lit: %s not found on PATH" % mlir_opt)


def word(name):
    # A tool name as a whole word: not part of a path, a file name or another tool name.
    return r"(?<![\w./-])" + name.replace("-", r"\-") + r"(?![\w.-])"


config.substitutions.append(("%python", python))
config.substitutions.append((word("asc-opt"), asc_opt))
config.substitutions.append((word("FileCheck"), filecheck))
config.substitutions.append((word("not"), not_tool))
config.substitutions.append((word("mlir-opt"), mlir_opt))

config.environment["PATH"] = os.pathsep.join(
    [bin_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Sanitizer builds: make any report fatal and readable.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
