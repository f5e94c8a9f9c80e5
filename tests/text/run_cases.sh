#!/usr/bin/env bash
# Data-driven assembler/disassembler cases: each input file sits beside its expected output.
#   assembler/X.spvasm + X.expected   `spvkit as` words, as `od -An -tx4 -v` prints them
#   assembler/X.spvasm + X.error      `spvkit as` fails with exit 1 and exactly this stderr
#   assembler/options/X.spvasm + X.options + X.expected|X.error   the same, `as` given X.options
#   disassembler/X.spvasm + X.dis     assembled, then `spvkit dis` prints exactly X.dis
#                         + X.rawdis  ... and `spvkit dis --raw-id` prints X.rawdis; that text
#                                     assembles back (--preserve-numeric-ids) to the same words
#     (the expected texts are spirv-dis's output on spirv-as's binary; line 3, the generator,
#      names the assembler and is not compared)
#   binary/X.hex + X.error            words in hex; `spvkit dis` fails with exit 1 and this stderr
# Usage: run_cases.sh SPVKIT CASES_DIR
set -uo pipefail
spvkit=$(realpath "$1")
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

check_error() { # name, expected-file, working-directory, command...
  local name=$1 expected=$2 cwd=$3
  shift 3
  (cd "$cwd" && "$@") >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -ne 1 ]; then bad "$name: exit $rc, expected 1"; return; fi
  if cmp -s "$tmp/err" "$expected"; then ok; else bad "$name: stderr differs"; diff "$expected" "$tmp/err" >&2; fi
}

for f in "$dir"/assembler/*.spvasm "$dir"/assembler/options/*.spvasm; do
  [ -e "$f" ] || continue
  b=${f%.spvasm}
  n=$(basename "$b")
  opts=()
  if [ -f "$b.options" ]; then read -r -a opts <"$b.options"; fi
  if [ -f "$b.expected" ]; then
    if (cd "$(dirname "$f")" && "$spvkit" as "${opts[@]}" "$(basename "$f")" -o "$tmp/a.spv") 2>"$tmp/err" &&
       od -An -tx4 -v "$tmp/a.spv" >"$tmp/a.words" && cmp -s "$tmp/a.words" "$b.expected"; then ok
    else bad "assembler/$n"; cat "$tmp/err" >&2; fi
  fi
  if [ -f "$b.error" ]; then
    check_error "assembler/$n" "$b.error" "$(dirname "$f")" "$spvkit" as "${opts[@]}" "$(basename "$f")" -o "$tmp/a.spv"
  fi
done

for f in "$dir"/disassembler/*.spvasm; do
  [ -e "$f" ] || continue
  b=${f%.spvasm}
  n=$(basename "$b")
  if ! "$spvkit" as "$f" -o "$tmp/d.spv" 2>"$tmp/err"; then bad "disassembler/$n: does not assemble"; cat "$tmp/err" >&2; continue; fi
  if [ -f "$b.dis" ]; then
    if "$spvkit" dis "$tmp/d.spv" | sed 3d >"$tmp/d.txt" && sed 3d "$b.dis" | cmp -s "$tmp/d.txt" -; then ok
    else bad "disassembler/$n (friendly names)"; sed 3d "$b.dis" | diff - "$tmp/d.txt" | head >&2; fi
  fi
  if [ -f "$b.rawdis" ]; then
    if "$spvkit" dis --raw-id "$tmp/d.spv" >"$tmp/r.txt" && sed 3d "$tmp/r.txt" | cmp -s - <(sed 3d "$b.rawdis"); then ok
    else bad "disassembler/$n (raw ids)"; diff "$b.rawdis" "$tmp/r.txt" | head >&2; fi
    if "$spvkit" as --preserve-numeric-ids "$tmp/r.txt" -o "$tmp/r.spv" && cmp -s "$tmp/r.spv" "$tmp/d.spv"; then ok
    else bad "disassembler/$n: dis --raw-id then as does not reproduce the binary"; fi
  fi
done

for f in "$dir"/binary/*.hex; do
  [ -e "$f" ] || continue
  b=${f%.hex}
  n=$(basename "$b")
  python3 -c '
import struct, sys
lines = [l.split("#")[0] for l in open(sys.argv[1])]
words = [int(w, 16) for l in lines for w in l.split()]
open(sys.argv[2], "wb").write(struct.pack("<%dI" % len(words), *words))
' "$f" "$tmp/$n.spv"
  check_error "binary/$n" "$b.error" "$tmp" "$spvkit" dis "$n.spv"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
