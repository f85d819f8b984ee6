# openasc - top-level driver.  The real build is CMake; this file fixes the commands.
#
#   make              build everything into build/ (default compiler, usually gcc)
#   make test         build and run every suite in build/, then again in build-asan/
#                     (clang, AddressSanitizer + UndefinedBehaviorSanitizer, plus a short fuzz run)
#   make demo         run examples/02_add_framework/add_framework.py (pyasc kernel, simulator,
#                     timing report), then asc-opt --inline --canonicalize --cse on examples/ir/add_framework.mlir
#   make docs         regenerate docs/ops.md from src/ops/ops.def and docs/api-status.md from python/asc
#   make fuzz         fuzz the parser for FUZZ_SECONDS (default 300) and print the executions;
#                     FUZZ_TARGET=sim fuzzes the simulator instead (parsed kernels run in it)
#   make deps         install missing Debian packages (as root) or print the apt-get command
#   make asan         build the sanitizer tree only
#   make clean        remove build/, build-asan/ and build-pip/ (pip install .)
#
# Variables: PYTHON (default /usr/bin/python3: Debian's python, which sees python3-numpy
# etc.; a pyenv python on PATH does not), JOBS (default 2), FUZZ_SECONDS, FUZZ_TARGET, CC (for build/).

PYTHON       ?= /usr/bin/python3
JOBS         ?= 2
BUILD        ?= build
ASAN_BUILD   ?= build-asan
ASAN_CC      ?= clang
FUZZ_SECONDS ?= 300
FUZZ_TARGET  ?= parse
CMAKE        ?= cmake
KEEP_GOING   ?=
CTEST        ?= ctest
DEMO_INPUT   ?= examples/ir/add_framework.mlir
DEMO_PASSES  ?= --inline --canonicalize --cse

CMAKE_COMMON := -DASC_PYTHON=$(PYTHON)

MAKEFLAGS += --no-print-directory

.PHONY: all build asan deps test test-build test-asan demo docs fuzz clean help

all: build

help:
	@sed -n '3,16p' Makefile

# CMake is re-run every time (cheap) so PYTHON and new source files are always picked up.
build:
	$(CMAKE) -S . -B $(BUILD) $(CMAKE_COMMON)
	$(CMAKE) --build $(BUILD) -j$(JOBS) $(KEEP_GOING)

asan:
	CC=$(ASAN_CC) $(CMAKE) -S . -B $(ASAN_BUILD) $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS=-O1 -DASC_SANITIZE=ON
	$(CMAKE) --build $(ASAN_BUILD) -j$(JOBS) $(KEEP_GOING)

deps:
	@bash scripts/deps.sh

# Both trees are built and tested even if the first fails; the target fails if either did.
test: deps
	@command -v chromium >/dev/null 2>&1 || \
	  echo "make test: chromium is not installed: the browser test (timeline.html) is skipped"
	@status=0; \
	$(MAKE) --no-print-directory test-build || status=1; \
	$(MAKE) --no-print-directory test-asan || status=1; \
	if [ $$status -eq 0 ]; then echo "make test: all suites passed (build/ and $(ASAN_BUILD)/)"; \
	else echo "make test: FAILED (see above)"; fi; \
	exit $$status

# Each tree: build what builds (keep going past a broken file), then run CTest anyway, so
# one compile error does not hide the results of every other suite; a failure of either
# step fails the target.
test-build:
	@status=0; \
	$(MAKE) build KEEP_GOING="-- -k" || status=1; \
	cd $(BUILD) && $(CTEST) --output-on-failure -j$(JOBS) || status=1; \
	exit $$status

test-asan:
	@status=0; \
	$(MAKE) asan KEEP_GOING="-- -k" || status=1; \
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(CTEST) --output-on-failure -j$(JOBS) || status=1; \
	exit $$status

DEMO_SCRIPT  ?= examples/02_add_framework/add_framework.py

demo: deps build
	@echo "== PYTHONPATH=python $(PYTHON) $(DEMO_SCRIPT)"
	@PYTHONPATH=$(CURDIR)/python ASC_LIBRARY=$(CURDIR)/$(BUILD)/lib/libasc.so $(PYTHON) $(DEMO_SCRIPT)
	@echo "== $(BUILD)/bin/asc-opt $(DEMO_PASSES) $(DEMO_INPUT)"
	@$(BUILD)/bin/asc-opt $(DEMO_PASSES) $(DEMO_INPUT)

docs: build
	cp $(BUILD)/docs/ops.md docs/ops.md
	@echo "docs/ops.md regenerated from src/ops/ops.def"
	PYTHONPATH=$(CURDIR)/python ASC_LIBRARY=$(CURDIR)/$(BUILD)/lib/libasc.so $(PYTHON) tools/api_status.py > docs/api-status.md
	@echo "docs/api-status.md regenerated from the asc package"

# FUZZ_TARGET=parse (fuzz_parse, seeds tests/fuzz/corpus) or sim (fuzz_sim: kernels run in
# the simulator, seeds tests/fuzz/corpus-sim); each keeps its corpus in build-asan/tests/.
FUZZ_SEEDS_parse := tests/fuzz/corpus
FUZZ_SEEDS_sim   := tests/fuzz/corpus-sim
FUZZ_WORK_parse  := $(ASAN_BUILD)/tests/fuzz/long-corpus
FUZZ_WORK_sim    := $(ASAN_BUILD)/tests/fuzz-sim/long-corpus

fuzz: deps asan
	@test -n "$(FUZZ_SEEDS_$(FUZZ_TARGET))" || { echo "FUZZ_TARGET must be parse or sim"; exit 2; }
	$(CMAKE) -DFUZZER=$(ASAN_BUILD)/bin/fuzz_$(FUZZ_TARGET) -DWORK=$(FUZZ_WORK_$(FUZZ_TARGET)) \
	  -DSEED=$(FUZZ_SEEDS_$(FUZZ_TARGET)) -DDICT=tests/fuzz/mlir.dict -DSECONDS=$(FUZZ_SECONDS) -DKEEP=1 \
	  -P tests/fuzz/run_fuzz.cmake

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-pip python/openasc.egg-info
