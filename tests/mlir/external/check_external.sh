#!/usr/bin/env bash
# The MLIR 19 oracle over files from elsewhere (docs/testing.md, "External files"): MLIR's own
# tests of the dialects, IMEX's, anything in MLIR 19's syntax. They are not committed; this runs
# over a folder of them given on the command line. Every file is split at its `// -----` lines;
# for every piece:
#   - that mlir-opt-19 accepts: the checks of check_oracle.sh (oracle_lib.sh, check_piece), and
#     `--canonicalize --cse` is compared byte for byte with mlir-opt-19's (counted apart);
#   - that mlir-opt-19 rejects: spvkit must exit 1 with a located `FILE:LINE:COL: error:` first
#     line; the pieces whose first error line is mlir-opt-19's word for word are counted.
# Both tools allow unregistered dialects, as check_oracle.sh does. One summary line a file.
#   check_external.sh SPVKIT DIR WORK_DIR     exit 0 ok, 1 a failure, 77 no mlir-opt-19
set -uo pipefail
[ $# = 3 ] || { echo "usage: check_external.sh SPVKIT DIR WORK_DIR" >&2; exit 2; }
dir=$2 work=$3
mlir_opt=${MLIR_OPT:-$(command -v mlir-opt-19 || true)}
if [ -z "$mlir_opt" ]; then echo "check_external: mlir-opt-19 not installed: skipped"; exit 77; fi
rm -rf "$work" && mkdir -p "$work" || exit 1
# A hang or a crash is a failure, not the end of the run.
spvkit=$work/spvkit
printf '#!/bin/sh\nexec timeout 30 %q "$@"\n' "$(realpath "$1")" > "$spvkit" && chmod +x "$spvkit"

checked=0 rejected=0 failed=0
total_pieces=0 total_pass=0 total_refused=0 total_same_msg=0 total_canon=0 total_canon_same=0
. "$(dirname "$0")/../oracle_lib.sh"

# A file without `// -----`, split into one piece a top-level op
# (a line that starts with a letter, `"` or `%`, with the comments just above it); alias
# definitions (`#map = ...`, `!t = ...`) go into every piece. Pieces keep their line numbers.
split_top_level() {
  rm -f "$work"/piece.*
  awk -v out="$work/piece." '
    { line[NR] = $0 }
    END {
      n = 0
      for (i = 1; i <= NR; i++) {
        if (line[i] ~ /^[#!][A-Za-z_][A-Za-z0-9_$.]* *=/) { global[i] = 1; continue }
        if (line[i] ~ /^[A-Za-z"%]/) {
          start = i
          while (start > 1 && line[start - 1] ~ /^\/\// && !((start - 1) in owner)) start--
          n++
          for (k = start; k < i; k++) owner[k] = n
        }
        if (n) owner[i] = n
      }
      for (c = 1; c <= n; c++) {
        file = out (c - 1)
        for (i = 1; i <= NR; i++) print ((owner[i] == c || (i in global)) ? line[i] : "") > file
        close(file)
      }
    }' "$1"
  ls "$work"/piece.* 2>/dev/null | sort -t. -k2 -n
}

# A piece mlir-opt-19 rejects ($1 name, $2 file): 0 when spvkit rejects it, located; sets
# same_msg=1 when the first error line is mlir-opt-19's.
check_rejected() {
  local name=$1 in=$2 d=$work/r rc
  same_msg=0
  "$mlir_opt" --allow-unregistered-dialect "$in" > /dev/null 2> "$d.ref"
  "$spvkit" opt --allow-unregistered-dialect "$in" > /dev/null 2> "$d.err"
  rc=$?
  local want got
  want=$(grep -m1 ': error: ' "$d.ref")
  got=$(head -1 "$d.err")
  if [ "$rc" != 1 ]; then
    fail "$name" "spvkit exits $rc where mlir-opt-19 says: $want"
    return 1
  fi
  case $got in
    "$in":[0-9]*:[0-9]*": error: "*) ;;
    *)
      fail "$name" "spvkit's error is not located: $got"
      return 1
      ;;
  esac
  if [ "$got" = "$want" ]; then
    same_msg=1
  else
    echo "MSG $name: mlir-opt-19: ${want#"$in":}"
    echo "MSG $name: spvkit:      ${got#"$in":}"
  fi
  return 0
}

# --canonicalize --cse on a piece mlir-opt-19 accepts: 0 when both print the same.
check_canonical() {
  local name=$1 in=$2 d=$work/k
  "$mlir_opt" --allow-unregistered-dialect --canonicalize --cse "$in" > "$d.ref" 2> /dev/null || return 0
  if ! "$spvkit" opt --allow-unregistered-dialect --canonicalize --cse "$in" > "$d.out" 2> "$d.err"; then
    echo "CANON $name: spvkit fails: $(head -1 "$d.err")"
    return 1
  fi
  if ! cmp -s "$d.ref" "$d.out"; then
    echo "CANON $name: --canonicalize --cse differs from mlir-opt-19's"
    diff -u "$d.ref" "$d.out" | head -12
    return 1
  fi
  return 0
}

while IFS= read -r -d '' f; do
  rel=${f#"$dir"/}
  pieces=0 accepted=0 pass=0 refused=0 refused_ok=0 same=0 canon_same=0
  how=
  if grep -q '^// -----' "$f"; then
    list=$(split_pieces "$f")
  else
    # A piece a function: one op spvkit or mlir-opt-19 lacks does not hide the rest of the file.
    list=$(split_top_level "$f")
    how=" (split at its top-level ops)"
  fi
  for piece in $list; do
    # A name tells the piece's first line, so that a message points into the original file.
    name="$rel:$(grep -n -m1 . "$piece" | cut -d: -f1)"
    pieces=$((pieces + 1))
    check_piece "$name" "$piece"
    case $? in
      0) accepted=$((accepted + 1)) pass=$((pass + 1)) ;;
      2) accepted=$((accepted + 1)) ;;
      1)
        refused=$((refused + 1))
        check_rejected "$name" "$piece" && refused_ok=$((refused_ok + 1)) && same=$((same + same_msg))
        continue
        ;;
    esac
    check_canonical "$name" "$piece" && canon_same=$((canon_same + 1))
  done
  echo "SUMMARY $rel$how: $pieces pieces; $accepted accepted by mlir-opt-19, $pass pass, canonicalize+cse as mlir-opt-19's on $canon_same; $refused rejected by mlir-opt-19, $refused_ok rejected by spvkit with a located error, $same with mlir-opt-19's message"
  total_pieces=$((total_pieces + pieces)) total_pass=$((total_pass + pass))
  total_refused=$((total_refused + refused_ok)) total_same_msg=$((total_same_msg + same))
  total_canon=$((total_canon + accepted)) total_canon_same=$((total_canon_same + canon_same))
done < <(find "$dir" -name '*.mlir' -print0 | sort -z)

echo "check_external: $total_pieces pieces; $checked accepted by mlir-opt-19, $total_pass pass, canonicalize+cse as mlir-opt-19's on $total_canon_same; $rejected rejected by mlir-opt-19, $total_refused rejected by spvkit with a located error, $total_same_msg with mlir-opt-19's message; $failed failures"
[ "$failed" = 0 ]
