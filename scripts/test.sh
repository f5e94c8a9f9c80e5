#!/usr/bin/env bash
# Builds spvkit and runs every test (unit, data-driven, corpus cross-checks against SPIRV-Tools).
#   scripts/test.sh             release build in build/
#   scripts/test.sh --sanitize  AddressSanitizer + UBSan build in build-sanitize/
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
dir=build
flags=()
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-sanitize
  flags=(-DCMAKE_BUILD_TYPE=Debug -DSPVK_ASAN=ON -DSPVK_UBSAN=ON)
fi
cmake -S . -B "$dir" -DSPVK_WERROR=ON "${flags[@]}" >/dev/null
cmake --build "$dir" -j"$(nproc)" >/dev/null
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)"
