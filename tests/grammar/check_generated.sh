#!/usr/bin/env bash
# Regenerates the grammar tables, the spirv dialect's operation table and the Vulkan target
# tables into a temporary folder and fails if they differ from the committed ones. Usage: check_generated.sh REPO_ROOT
set -euo pipefail
root=$1
# The grammar is the project's shared input: ../shared/grammar beside the checkout, or where
# SPVK_GRAMMAR_DIR says; /work/shared/grammar is where the project's machines mount it.
grammar=""
for dir in "${SPVK_GRAMMAR_DIR:-}" "$root/../shared/grammar" /work/shared/grammar; do
  if [ -n "$dir" ] && [ -f "$dir/spirv.core.grammar.json" ]; then grammar=$dir; break; fi
done
if [ -z "$grammar" ]; then
  echo "error: the SPIR-V grammar was not found (set SPVK_GRAMMAR_DIR to the folder of spirv.core.grammar.json)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/tools/gen_grammar.py" --grammar "$grammar" --out "$tmp"
status=0
for f in include/spvkit/spirv_enums.h src/grammar/grammar_tables.c src/grammar/grammar_counts.h; do
  if ! cmp -s "$root/$f" "$tmp/$f"; then
    echo "error: $f differs from a fresh generation; run tools/gen_grammar.py" >&2
    diff "$root/$f" "$tmp/$f" | head -20 >&2
    status=1
  fi
done
# The spirv dialect's operation table (tools/gen_spirv_dialect.py, from the grammar and the
# committed MLIR facts file).
python3 "$root/tools/gen_spirv_dialect.py" --grammar "$grammar" --out "$tmp"
f=src/dialects/spirv/spirv_op_table.c
if ! cmp -s "$root/$f" "$tmp/$f"; then
  echo "error: $f differs from a fresh generation; run tools/gen_spirv_dialect.py" >&2
  diff "$root/$f" "$tmp/$f" | head -20 >&2
  status=1
fi
# The Vulkan capability and extension tables (tools/gen_vulkan_tables.py) from the Vulkan
# registry extract, found like the grammar: SPVK_SPEC_DIR, ../shared/spec beside the checkout,
# or /work/shared/spec.
spec=""
for dir in "${SPVK_SPEC_DIR:-}" "$root/../shared/spec" /work/shared/spec; do
  if [ -n "$dir" ] && [ -f "$dir/vulkan-spirv-tables.xml" ]; then spec=$dir; break; fi
done
if [ -z "$spec" ]; then
  echo "error: vulkan-spirv-tables.xml was not found (set SPVK_SPEC_DIR to its folder)" >&2
  exit 1
fi
python3 "$root/tools/gen_vulkan_tables.py" --spec "$spec" --out "$tmp"
f=src/target/vulkan_tables.c
if ! cmp -s "$root/$f" "$tmp/$f"; then
  echo "error: $f differs from a fresh generation; run tools/gen_vulkan_tables.py" >&2
  diff "$root/$f" "$tmp/$f" | head -20 >&2
  status=1
fi
[ $status = 0 ] && echo "5 passed, 0 failed"
exit $status
