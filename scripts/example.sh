#!/usr/bin/env bash
# The main job on an example: assemble a bf16 module, disassemble it (friendly names and raw
# ids), assemble the disassembly again and check that the words are the same.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake -S . -B build >/dev/null
cmake --build build -j"$(nproc)" --target spvkit >/dev/null
in=${1:-examples/bf16_saxpy.spvasm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== spvkit as --target-env vulkan1.3 $in"
build/spvkit as --target-env vulkan1.3 -o "$tmp/a.spv" "$in"
echo "   $(wc -c <"$tmp/a.spv") bytes"
echo "== spvkit dis (friendly names)"
build/spvkit dis "$tmp/a.spv"
echo "== spvkit dis --raw-id | spvkit as --preserve-numeric-ids: round trip"
build/spvkit dis --raw-id "$tmp/a.spv" >"$tmp/a.spvasm"
build/spvkit as --target-env vulkan1.3 --preserve-numeric-ids -o "$tmp/b.spv" "$tmp/a.spvasm"
if cmp -s "$tmp/a.spv" "$tmp/b.spv"; then
  echo "   identical: $(($(wc -c <"$tmp/a.spv") / 4)) words"
else
  echo "   round trip FAILED" >&2
  exit 1
fi
