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
fail() { # piece what
  failed=$((failed + 1))
  echo "FAIL $1: $2"
}
differ() { # piece what expected actual
  fail "$1" "$2"
  diff -u "$3" "$4" | head -20
}

# One piece: $1 its name for messages, $2 its file.
check_piece() {
  local name=$1 in=$2 d=$work/p
  if ! "$mlir_opt" --allow-unregistered-dialect "$in" > "$d.ref" 2> "$d.err"; then
    rejected=$((rejected + 1))
    return
  fi
  "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$in" > "$d.refg" 2> /dev/null
  checked=$((checked + 1))
  if ! "$spvkit" opt --allow-unregistered-dialect "$in" > "$d.c" 2> "$d.err"; then
    fail "$name" "spvkit opt rejects what mlir-opt-19 accepts: $(head -3 "$d.err")"
    return
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect --mlir-print-op-generic "$in" > "$d.g" 2> "$d.err"; then
    fail "$name" "spvkit opt --mlir-print-op-generic fails: $(head -3 "$d.err")"
    return
  fi
  if ! "$mlir_opt" --allow-unregistered-dialect "$d.c" > "$d.c.ref" 2> "$d.err"; then
    fail "$name" "mlir-opt-19 rejects spvkit's custom output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.ref" "$d.c.ref"; then
    differ "$name" "mlir-opt-19 prints spvkit's custom output differently" "$d.ref" "$d.c.ref"
  fi
  if ! "$mlir_opt" --allow-unregistered-dialect "$d.g" > "$d.g.ref" 2> "$d.err"; then
    fail "$name" "mlir-opt-19 rejects spvkit's generic output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.ref" "$d.g.ref"; then
    differ "$name" "mlir-opt-19 prints spvkit's generic output differently" "$d.ref" "$d.g.ref"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect "$d.refg" > "$d.refg.c" 2> "$d.err"; then
    fail "$name" "spvkit rejects mlir-opt-19's generic output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.c" "$d.refg.c"; then
    differ "$name" "spvkit prints mlir-opt-19's generic output differently" "$d.c" "$d.refg.c"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect "$d.c" > "$d.cc" 2> "$d.err" || ! cmp -s "$d.c" "$d.cc"; then
    differ "$name" "custom print-parse-print is no fixpoint" "$d.c" "$d.cc"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect --mlir-print-op-generic "$d.g" > "$d.gg" 2> "$d.err" || ! cmp -s "$d.g" "$d.gg"; then
    differ "$name" "generic print-parse-print is no fixpoint" "$d.g" "$d.gg"
  fi
}

while IFS= read -r -d '' f; do
  rel=${f#"$tests"/}
  if grep -q '^// ORACLE: skip' "$f" || ! grep '^// RUN:' "$f" | grep -qv '^// RUN: *not '; then
    skipped=$((skipped + 1))
    continue
  fi
  if grep -q -- '--split-input-file' "$f"; then
    # Pieces keep their line numbers (blank lines before them) so messages point into the file.
    rm -f "$work"/piece.*
    awk -v out="$work/piece." 'BEGIN { n = 0; file = out n } /^\/\/ -----/ { n++; file = out n; for (i = 0; i < NR; i++) print "" > file; next } { print > file }' "$f"
    for piece in $(ls "$work"/piece.* | sort -t. -k2 -n); do
      check_piece "$rel#${piece##*.}" "$piece"
    done
  else
    check_piece "$rel" "$f"
  fi
done < <(find "$tests" -name '*.mlir' -not -path '*/Inputs/*' -print0 | sort -z)

echo "check_oracle: $checked checked, $failed failed, $rejected rejected by mlir-opt-19, $skipped skipped"
[ "$failed" = 0 ]
