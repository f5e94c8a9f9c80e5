#!/usr/bin/env bash
# Checks spvkit on a folder of SPIR-V binaries (a real-world corpus, docs/corpus.md):
#   dis          `spvkit dis` is byte-identical to the given spirv-dis
#   dis-raw      the same with --raw-id
#   as-roundtrip `spvkit dis --raw-id | spvkit as --preserve-numeric-ids` gives back the module
#                (every word but the generator)
#   val-vulkan1.3, val-own
#                `spvkit val` and the given spirv-val agree (both accept or both reject), for
#                vulkan1.3 and for the module's own environment: the last column of its line in
#                DIR/MANIFEST.tsv (or --manifest FILE), else a sidecar FILE.env, else --own-env's
#                rule: header (spv1.X of the header's version, the default), vulkan (the lowest
#                vulkanX.Y of that version) or spvcross (SPIRV-Cross's rule: .spv16. spv1.6,
#                .spv14. vulkan1.1spv1.4, else vulkan1.1)
#   ir-deserialize, ir-serialize, ir-valid, ir-fixpoint
#                `spvkit translate --deserialize-spirv` then `--serialize-spirv`; the result passes
#                spirv-val (own environment) wherever the input did; the printed IR parses and
#                prints to the same text (`spvkit opt`)
# Prints "check: N total, N ok, N failed" per check; failing files go to OUT/fail/CHECK.txt (with
# the first line of the message), every result to OUT/results.tsv. Always exits 0 unless the
# usage is wrong (2): a corpus check measures, it does not gate.
#
# Usage: scripts/corpus_check.sh DIR [--spirv-val PATH] [--spirv-dis PATH] [--spvkit PATH]
#                               [--out OUT] [--manifest FILE] [--own-env RULE] [--jobs N]
#                               [--timeout SECONDS]
#                               [--checks LIST]
set -uo pipefail

if [ "${1:-}" = __worker ]; then
  # Worker mode (run by xargs): checks each file given, appending one line per check to results.
  # Lines are shorter than PIPE_BUF, so appends from parallel workers do not interleave.
  shift
  tmp=$(mktemp -d "$CC_OUT/tmp.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  to() { timeout -k 5 "$CC_TIMEOUT" "$@"; }
  has() { case ",$CC_CHECKS," in *",$1,"*) return 0;; *) return 1;; esac; }
  # result CHECK STATUS FILE [MESSAGE]: STATUS is ok, fail or skip.
  result() {
    local msg=${4:-}
    msg=${msg//$'\t'/ }; msg=${msg:0:300}
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$msg" >>"$CC_OUT/results.tsv"
  }
  # status RC: what an exit status means ("timeout" and "crash" are findings of their own).
  status() {
    case $1 in 0) echo 0;; 1) echo 1;; 124|137) echo timeout;; *) [ "$1" -ge 128 ] && echo crash || echo "$1";; esac
  }
  # The first error line of a message (else its first line).
  firstline() { { grep -m1 'error' "$1" || grep -m1 -v '^\s*$' "$1"; } 2>/dev/null | cut -c1-200; }
  # Same module but the generator word (word 2): same size, bytes 0-7 and 12-end equal.
  same_words() {
    [ "$(stat -c %s "$1")" = "$(stat -c %s "$2")" ] && cmp -s -n 8 "$1" "$2" && cmp -s -i 12 "$1" "$2"
  }
  # spv1.X of the header's version (either endianness; spv1.6 if there is no header).
  header_env() {
    local b
    read -r -a b < <(od -An -tu1 -N8 "$1")
    if [ "${#b[@]}" -eq 8 ] && [ "${b[0]}" = 3 ]; then echo "spv1.${b[5]}"
    elif [ "${#b[@]}" -eq 8 ] && [ "${b[0]}" = 7 ]; then echo "spv1.${b[6]}"
    else echo spv1.6; fi
  }
  # The module's own environment: the manifest, a sidecar, or --own-env's rule.
  own_env() {
    local f=$1 b env=
    if [ -n "$CC_MANIFEST" ]; then
      env=$(awk -F'\t' -v n="$(basename "$f")" '$1 == n { print $NF; exit }' "$CC_MANIFEST")
    fi
    if [ -z "$env" ] && [ -f "${f%.spv}.env" ]; then env=$(head -1 "${f%.spv}.env"); fi
    if [ -z "$env" ] && [ -f "$f.env" ]; then env=$(head -1 "$f.env"); fi
    if [ -z "$env" ] && [ "$CC_OWN_ENV" = spvcross ]; then
      # SPIRV-Cross's test_shaders.py: the name says the environment.
      case $(basename "$f") in *.spv16.*) env=spv1.6;; *.spv14.*) env=vulkan1.1spv1.4;; *) env=vulkan1.1;; esac
    fi
    if [ -z "$env" ]; then
      env=$(header_env "$f")
      if [ "$CC_OWN_ENV" = vulkan ]; then
        # The lowest Vulkan environment whose SPIR-V version is the header's.
        case $env in spv1.0) env=vulkan1.0;; spv1.1|spv1.2|spv1.3) env=vulkan1.1;; spv1.4) env=vulkan1.1spv1.4;;
          spv1.5) env=vulkan1.2;; *) env=vulkan1.3;; esac
      fi
    fi
    echo "$env"
  }
  # val_pair CHECK FILE ENV: spvkit val and spirv-val agree? Leaves the reference verdict in $ref.
  val_pair() {
    local check=$1 f=$2 env=$3 a b
    to "$CC_SPIRV_VAL" --target-env "$env" "$f" >"$tmp/ref.val" 2>&1; ref=$(status $?)
    to "$CC_SPVKIT" val --target-env "$env" --max-errors 3 "$f" >"$tmp/val" 2>&1; a=$(status $?)
    if [ "$a" = "$ref" ]; then result "$check" ok "$f"
    elif [ "$a" = 0 ]; then result "$check" fail "$f" "[$env] spvkit accepts; spirv-val: $(firstline "$tmp/ref.val")"
    elif [ "$ref" = 0 ]; then result "$check" fail "$f" "[$env] spvkit rejects ($a): $(firstline "$tmp/val")"
    else result "$check" fail "$f" "[$env] spvkit $a, spirv-val $ref: $(firstline "$tmp/val")"
    fi
  }
  for f in "$@"; do
    env=$(own_env "$f")
    hv=$(header_env "$f")
    ref_dis=
    if has dis || has dis-raw; then
      for mode in dis dis-raw; do
        has $mode || continue
        flag=; [ $mode = dis-raw ] && flag=--raw-id
        if ! to "$CC_SPIRV_DIS" $flag "$f" >"$tmp/ref.dis" 2>"$tmp/ref.err"; then
          ref_dis=1; result $mode skip "$f" "spirv-dis rejects it: $(firstline "$tmp/ref.err")"; continue
        fi
        to "$CC_SPVKIT" dis $flag -o "$tmp/dis" "$f" 2>"$tmp/err"; rc=$(status $?)
        if [ "$rc" != 0 ]; then result $mode fail "$f" "spvkit dis $rc: $(firstline "$tmp/err")"
        elif cmp -s "$tmp/dis" "$tmp/ref.dis"; then result $mode ok "$f"
        else
          line=$(cmp "$tmp/dis" "$tmp/ref.dis" 2>&1 | grep -o 'line [0-9]*' | cut -d' ' -f2)
          result $mode fail "$f" "differs at line ${line:-?}: $(sed -n "${line:-1}p" "$tmp/ref.dis" | cut -c1-120)"
        fi
      done
    fi
    if has as-roundtrip; then
      to "$CC_SPVKIT" dis --raw-id -o "$tmp/raw" "$f" 2>"$tmp/err"; rc=$(status $?)
      if [ "$rc" = 1 ] && [ "$ref_dis" = 1 ]; then result as-roundtrip skip "$f" "not a module spirv-dis reads"
      elif [ "$rc" != 0 ]; then result as-roundtrip fail "$f" "spvkit dis --raw-id $rc: $(firstline "$tmp/err")"
      else
        to "$CC_SPVKIT" as --preserve-numeric-ids --target-env "$hv" -o "$tmp/rt.spv" "$tmp/raw" 2>"$tmp/err"; rc=$(status $?)
        if [ "$rc" != 0 ]; then result as-roundtrip fail "$f" "spvkit as $rc: $(firstline "$tmp/err")"
        elif same_words "$tmp/rt.spv" "$f"; then result as-roundtrip ok "$f"
        else result as-roundtrip fail "$f" "words differ"
        fi
      fi
    fi
    ref_own=
    if has val-vulkan1.3; then val_pair val-vulkan1.3 "$f" vulkan1.3; fi
    if has val-own || has ir-valid; then
      if has val-own; then val_pair val-own "$f" "$env"; ref_own=$ref
      else to "$CC_SPIRV_VAL" --target-env "$env" "$f" >/dev/null 2>&1; ref_own=$(status $?); fi
    fi
    if has ir-deserialize || has ir-serialize || has ir-valid || has ir-fixpoint; then
      to "$CC_SPVKIT" translate --deserialize-spirv --threads 1 -o "$tmp/a.mlir" "$f" 2>"$tmp/err"; rc=$(status $?)
      if [ "$rc" != 0 ]; then
        v=; [ "$ref_own" = 0 ] && v="valid input, " ; [ -n "$ref_own" ] && [ "$ref_own" != 0 ] && v="invalid input, "
        result ir-deserialize fail "$f" "$v$rc: $(firstline "$tmp/err")"
        for c in ir-serialize ir-valid ir-fixpoint; do has $c && result $c skip "$f" "not deserialized"; done
      else
        result ir-deserialize ok "$f"
        if has ir-fixpoint; then
          # (spvkit opt wraps a top-level spirv.module in `module { }` as mlir-opt does, so the
          # fixpoint is between two opt prints.)
          to "$CC_SPVKIT" opt -o "$tmp/b.mlir" "$tmp/a.mlir" 2>"$tmp/err"; rc=$(status $?)
          [ "$rc" = 0 ] && { to "$CC_SPVKIT" opt -o "$tmp/c.mlir" "$tmp/b.mlir" 2>"$tmp/err"; rc=$(status $?); }
          if [ "$rc" != 0 ]; then result ir-fixpoint fail "$f" "spvkit opt $rc: $(firstline "$tmp/err")"
          elif cmp -s "$tmp/b.mlir" "$tmp/c.mlir"; then result ir-fixpoint ok "$f"
          else
            line=$(cmp "$tmp/b.mlir" "$tmp/c.mlir" 2>&1 | grep -o 'line [0-9]*' | cut -d' ' -f2)
            result ir-fixpoint fail "$f" "reprint differs at line ${line:-?}: $(sed -n "${line:-1}p" "$tmp/b.mlir" | cut -c1-120)"
          fi
        fi
        if has ir-serialize || has ir-valid; then
          to "$CC_SPVKIT" translate --serialize-spirv -o "$tmp/rt.spv" "$tmp/a.mlir" 2>"$tmp/err"; rc=$(status $?)
          if [ "$rc" != 0 ]; then
            has ir-serialize && result ir-serialize fail "$f" "$rc: $(firstline "$tmp/err")"
            has ir-valid && result ir-valid skip "$f" "not serialized"
          else
            has ir-serialize && result ir-serialize ok "$f"
            if has ir-valid; then
              if [ "$ref_own" != 0 ]; then result ir-valid skip "$f" "input invalid for $env"
              else
                to "$CC_SPIRV_VAL" --target-env "$env" "$tmp/rt.spv" >"$tmp/ref.val" 2>&1; rc=$(status $?)
                if [ "$rc" = 0 ]; then result ir-valid ok "$f"
                else result ir-valid fail "$f" "[$env] spirv-val $rc: $(firstline "$tmp/ref.val")"; fi
              fi
            fi
          fi
        fi
      fi
    fi
  done
  exit 0
fi

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
dir=
spirv_val=spirv-val spirv_dis=spirv-dis spvkit= out= manifest= own_env=header jobs=2 timeout_s=60
checks=dis,dis-raw,as-roundtrip,val-vulkan1.3,val-own,ir-deserialize,ir-serialize,ir-valid,ir-fixpoint
while [ $# -gt 0 ]; do
  case $1 in
    --spirv-val) spirv_val=${2:?}; shift;;
    --spirv-dis) spirv_dis=${2:?}; shift;;
    --spvkit) spvkit=${2:?}; shift;;
    --out) out=${2:?}; shift;;
    --manifest) manifest=${2:?}; shift;;
    --own-env) own_env=${2:?}; shift
      case $own_env in header|vulkan|spvcross) ;; *) echo "corpus_check.sh: --own-env is header, vulkan or spvcross" >&2; exit 2;; esac;;
    --jobs) jobs=${2:?}; shift;;
    --timeout) timeout_s=${2:?}; shift;;
    --checks) checks=${2:?}; shift;;
    -h|--help) usage;;
    -*) echo "corpus_check.sh: unknown option $1" >&2; usage;;
    *) [ -z "$dir" ] || usage; dir=$1;;
  esac
  shift
done
[ -n "$dir" ] && [ -d "$dir" ] || { echo "corpus_check.sh: DIR must be a folder of .spv files" >&2; usage; }
if [ -z "$spvkit" ]; then
  for c in "$here/../build/spvkit" "$(command -v spvkit || true)"; do [ -n "$c" ] && [ -x "$c" ] && { spvkit=$c; break; }; done
fi
for t in "$spvkit" "$spirv_val" "$spirv_dis"; do
  command -v "$t" >/dev/null || { echo "corpus_check.sh: cannot run '$t'" >&2; exit 2; }
done
[ -z "$manifest" ] && [ -f "$dir/MANIFEST.tsv" ] && manifest=$dir/MANIFEST.tsv
[ -n "$out" ] || out=$(mktemp -d /tmp/corpus_check.XXXXXX)
rm -rf "$out/fail" "$out/results.tsv"
mkdir -p "$out/fail"
: >"$out/results.tsv"
abs() { case $1 in /*) echo "$1";; */*) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")";; *) command -v "$1";; esac; }
export CC_OUT=$out CC_SPVKIT=$(abs "$spvkit") CC_SPIRV_VAL=$(abs "$spirv_val") CC_SPIRV_DIS=$(abs "$spirv_dis")
export CC_MANIFEST=$manifest CC_OWN_ENV=$own_env CC_TIMEOUT=$timeout_s CC_CHECKS=$checks
start=$(date +%s)
n=$(find "$dir" -maxdepth 1 -name '*.spv' -type f | wc -l)
find "$dir" -maxdepth 1 -name '*.spv' -type f -print0 | sort -z | xargs -0 -r -n 16 -P "$jobs" bash "$0" __worker
rm -rf "$out"/tmp.*
echo "corpus $dir: $n modules, $(( $(date +%s) - start )) s (spvkit $CC_SPVKIT, spirv-val $CC_SPIRV_VAL, spirv-dis $CC_SPIRV_DIS)"
IFS=, read -r -a list <<<"$checks"
for c in "${list[@]}"; do
  awk -F'\t' -v c="$c" '$1 == c && $2 != "skip"' "$out/results.tsv" | sort -t$'\t' -k3 >"$out/tmp.$c"
  total=$(wc -l <"$out/tmp.$c")
  okn=$(awk -F'\t' '$2 == "ok"' "$out/tmp.$c" | wc -l)
  skipn=$(awk -F'\t' -v c="$c" '$1 == c && $2 == "skip"' "$out/results.tsv" | wc -l)
  awk -F'\t' '$2 == "fail" { n = split($3, p, "/"); print p[n] "\t" $4 }' "$out/tmp.$c" >"$out/fail/$c.txt"
  # (the IR checks also run on inputs spirv-val rejects: how many of the failures those are)
  inv=$(awk -F'\t' '$2 == "fail" && $4 ~ /^invalid input/' "$out/tmp.$c" | wc -l)
  printf '%-15s %5d total, %5d ok, %5d failed, %5d skipped' "$c:" "$total" "$okn" "$((total - okn))" "$skipn"
  if [ "$inv" -gt 0 ]; then printf ' (%d failed on invalid input)' "$inv"; fi
  echo
  rm -f "$out/tmp.$c"
done
echo "failures: $out/fail/CHECK.txt, all results: $out/results.tsv"
exit 0
