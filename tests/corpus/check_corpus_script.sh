#!/usr/bin/env bash
# scripts/corpus_check.sh on a small folder: eight modules that spvkit assembles (four valid, four
# that spirv-val rejects) and one truncated binary. Checks the counts it prints and the failure
# lists it writes (exit 77, skipped, without Debian's spirv-val and spirv-dis).
# Usage: check_corpus_script.sh SPVKIT OUTDIR
set -uo pipefail
spvkit=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
for t in spirv-val spirv-dis; do command -v $t >/dev/null || { echo "skipped: $t is missing"; exit 77; }; done
rm -rf "$out"
mkdir -p "$out/modules"
for f in "$root"/tests/corpus/bf16/misc_compute_decorations.spvasm "$root"/tests/corpus/bf16/misc_shader_extinst.spvasm \
         "$root"/tests/validate/cases/ids/*.spvasm; do
  "$spvkit" as -o "$out/modules/$(basename "$f" .spvasm).spv" "$f" || { echo "FAIL: spvkit as $f"; exit 1; }
done
head -c 40 "$out/modules/misc_shader_extinst.spv" >"$out/modules/truncated.spv"
"$root/scripts/corpus_check.sh" "$out/modules" --spvkit "$spvkit" --out "$out/result" --timeout 30 >"$out/summary.txt" 2>&1
rc=$?
fail=0
bad() { echo "FAIL: $*"; fail=1; }
[ $rc = 0 ] || bad "exit status $rc, want 0"
# (compared with runs of spaces squeezed)
expect() { tr -s ' ' <"$out/summary.txt" | grep -qxF -- "$1" || bad "no line '$1'"; }
expect "dis: 9 total, 9 ok, 0 failed, 2 skipped"
expect "as-roundtrip: 10 total, 10 ok, 0 failed, 1 skipped"
expect "val-vulkan1.3: 11 total, 11 ok, 0 failed, 0 skipped"
expect "val-own: 11 total, 11 ok, 0 failed, 0 skipped"
expect "ir-deserialize: 11 total, 7 ok, 4 failed, 0 skipped (4 failed on invalid input)"
expect "ir-valid: 6 total, 6 ok, 0 failed, 5 skipped"
expect "ir-fixpoint: 7 total, 7 ok, 0 failed, 4 skipped"
grep -q '^truncated.spv	invalid input, 1: .*truncated' "$out/result/fail/ir-deserialize.txt" ||
  bad "fail/ir-deserialize.txt does not name truncated.spv with its message"
[ "$(wc -l <"$out/result/fail/ir-deserialize.txt")" = 4 ] || bad "fail/ir-deserialize.txt should have 4 lines"
[ "$(wc -l <"$out/result/results.tsv")" = 99 ] || bad "results.tsv should have 9 checks x 11 modules = 99 lines"
# usage errors: exit 2
"$root/scripts/corpus_check.sh" >/dev/null 2>&1; [ $? = 2 ] || bad "no DIR: want exit 2"
"$root/scripts/corpus_check.sh" "$out/modules" --own-env nonsense >/dev/null 2>&1; [ $? = 2 ] || bad "bad --own-env: want exit 2"
[ $fail = 0 ] && echo "corpus_check.sh: ok" || { cat "$out/summary.txt"; exit 1; }
