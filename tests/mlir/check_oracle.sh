#!/usr/bin/env bash
# The MLIR 19 oracle over tests/mlir (docs/testing.md). For every .mlir file (or `// -----` piece
# of one) that mlir-opt-19 accepts:
#   1. mlir-opt-19 prints spvkit's custom output byte for byte as it prints the original;
#   2. the same for spvkit's generic output;
#   3. spvkit prints mlir-opt-19's generic output as it prints the original;
#   4. spvkit's print, parse, print is a fixpoint (custom and generic).
# Left out: files whose RUN lines all start with `not` (invalid IR) and files saying
# `// ORACLE: skip` (constructs MLIR 19 has no spelling for). Both tools allow unregistered
# dialects (tests hold "test.use"-like ops).
#   check_oracle.sh SPVKIT TESTS_DIR WORK_DIR     exit 0 ok, 1 a mismatch, 77 no mlir-opt-19
set -uo pipefail
spvkit=$1 tests=$2 work=$3
mlir_opt=${MLIR_OPT:-$(command -v mlir-opt-19 || true)}
if [ -z "$mlir_opt" ]; then echo "check_oracle: mlir-opt-19 not installed: skipped"; exit 77; fi
rm -rf "$work" && mkdir -p "$work" || exit 1

checked=0 rejected=0 skipped=0 failed=0
. "$(dirname "$0")/oracle_lib.sh"

while IFS= read -r -d '' f; do
  rel=${f#"$tests"/}
  if grep -q '^// ORACLE: skip' "$f" || ! grep '^// RUN:' "$f" | grep -qv '^// RUN: *not '; then
    skipped=$((skipped + 1))
    continue
  fi
  if grep -q -- '--split-input-file' "$f"; then
    for piece in $(split_pieces "$f"); do
      check_piece "$rel#${piece##*.}" "$piece"
    done
  else
    check_piece "$rel" "$f"
  fi
done < <(find "$tests" -name '*.mlir' -not -path '*/Inputs/*' -print0 | sort -z)

echo "check_oracle: $checked checked, $failed failed, $rejected rejected by mlir-opt-19, $skipped skipped"
[ "$failed" = 0 ]
