#!/usr/bin/env bash
# scripts/corpus_mutants.sh on the repo's hand-written modules (tests/corpus/bf16: bf16, and one
# module for each construct the IR gained in issue 30): 8 one-word mutants of each through dis,
# val and the IR round trip, with no crash, hang, sanitizer report or runaway memory. Under the
# sanitizer build (CI's second run) this is where a memory error on corrupted input shows.
# Usage: check_mutants.sh SPVKIT OUTDIR
set -uo pipefail
spvkit=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
rm -rf "$out"
mkdir -p "$out/modules"
for f in "$here"/bf16/*.spvasm; do
  "$spvkit" as -o "$out/modules/$(basename "$f" .spvasm).spv" "$f" || { echo "FAIL: spvkit as $f"; exit 1; }
done
"$root/scripts/corpus_mutants.sh" "$out/modules" --spvkit "$spvkit" --per-module 8 --timeout 60 \
  --out "$out/result"
rc=$?
[ $rc = 0 ] || { echo "FAIL: findings:"; cat "$out/result/findings.txt"; exit 1; }
# The counts must cover every module: 8 mutants x 3 commands each.
n=$(ls "$out/modules" | wc -l)
[ "$(wc -l <"$out/result/results.tsv")" = $((n * 8 * 3)) ] || { echo "FAIL: results.tsv should have $((n * 24)) lines"; exit 1; }
echo "corpus_mutants.sh: ok ($n modules)"
