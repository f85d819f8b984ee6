#!/usr/bin/env bash
# deps.sh - make sure the Debian packages openasc needs are installed.
#
#   scripts/deps.sh            check; install what is missing when run as root
#   scripts/deps.sh --check    check only (exit 1 if anything is missing)
#
# As root, missing packages are installed with apt-get (noninteractive).  As another user
# the script prints the exact command to run and fails.
set -euo pipefail

PACKAGES=(
  cmake gcc g++ clang make   # g++ and clang++: the emitted Ascend C syntax checks (tests/emit_syntax.py)
  llvm-14-tools        # FileCheck, not, lit.py (/usr/lib/llvm-14/build/utils/lit/lit.py)
  mlir-14-tools        # mlir-opt-14 (the compatibility check)
  libclang-rt-14-dev   # libFuzzer and the sanitizer runtimes for clang
  python3-numpy python3-pytest python3-torch
  libopenblas0-pthread # an optimised BLAS: numpy's and torch's (update-alternatives), the benches' reference
  chromium             # headless browser for the timeline.html test (tests/browser)
  python3-venv python3-setuptools python3-pip python3-wheel  # pip install . (CTest pip-install)
)

check_only=0
[[ "${1:-}" == "--check" ]] && check_only=1

installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

missing=()
for p in "${PACKAGES[@]}"; do
  installed "$p" || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "deps: missing: ${missing[*]}"
if [[ $check_only -eq 1 ]]; then
  exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "deps: not root; install them with:" >&2
  echo "  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y "${missing[@]}"

still=()
for p in "${missing[@]}"; do
  installed "$p" || still+=("$p")
done
if [[ ${#still[@]} -ne 0 ]]; then
  echo "deps: error: still missing after apt-get install: ${still[*]}" >&2
  exit 1
fi
echo "deps: installed ${missing[*]}"
