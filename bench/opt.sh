#!/usr/bin/env bash
# spvkit benchmark: `spvkit opt --canonicalize --cse` against MLIR 19's mlir-opt with the same passes.
#
#   bench/opt.sh [--quick] [--reps N] [--size MB] [--keep] [BUILD_DIR]
#
# Input: bench/gen_frontend_module.py, a host function launching gpu.module kernels in
# func/arith/math/memref/scf/gpu with the redundancy canonicalize and cse remove; 6.5 MB (1 MB with
# --quick, or --size). Measured, each --reps times (default 5, 3 with --quick), alternating tools,
# both on one thread (mlir-opt-19 --mlir-disable-threading; spvkit opt has one), median reported:
#   mlir-opt-19 --mlir-disable-threading --canonicalize --cse IN -o OUT
#   spvkit opt --canonicalize --cse IN -o OUT
# Wall time, and peak memory as the largest ru_maxrss of the runs (bench/measure.c). The outputs
# are checked: mlir-opt-19 must print spvkit's output exactly as it prints its own.
# The report is Markdown on standard output; the target is at least 5x the speed at no more than
# half the peak memory (issue 31).
set -euo pipefail

QUICK=0 REPS="" KEEP=0 BUILD_DIR=build SIZE=""
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) QUICK=1 ;;
    --reps) REPS=$2; shift ;;
    --size) SIZE=$2; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "opt.sh: unknown option $1" >&2; exit 2 ;;
    *) BUILD_DIR=$1 ;;
    esac
    shift
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
SPVKIT=$BUILD_DIR/spvkit
MLIR_OPT=$(command -v mlir-opt-19 || echo /usr/lib/llvm-19/bin/mlir-opt)
for t in python3 gcc "$MLIR_OPT" "$SPVKIT"; do
    command -v "$t" >/dev/null || { echo "opt.sh: $t not found (mlir-opt-19: apt-get install mlir-19-tools)" >&2; exit 2; }
done
if [ "$QUICK" = 1 ]; then : "${SIZE:=1}" "${REPS:=3}"; else : "${SIZE:=6.5}" "${REPS:=5}"; fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-bench-opt.XXXXXX")
if [ "$KEEP" = 1 ]; then echo "opt.sh: keeping $TMP" >&2; else trap 'rm -rf "$TMP"' EXIT; fi
log() { echo "opt.sh: $*" >&2; }
gcc -O2 -std=c11 -o "$TMP/measure" "$ROOT/bench/measure.c"

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# sample KEY CMD...: one run; appends "WALL RSS" to $TMP/s.KEY (the output file removed and the
# disk quiet first, as bench/ir.sh does).
sample() {
    local key=$1; shift
    rm -f "${@: -1}"
    sync
    if ! "$TMP/measure" "$TMP/m.out" "$@" >"$TMP/stdout" 2>"$TMP/stderr"; then
        log "failed: $* : $(head -c 400 "$TMP/stderr")"; return 1
    fi
    local t rss code cpu
    read -r t rss code cpu <"$TMP/m.out"
    echo "$t $rss" >>"$TMP/s.$key"
}
med_of() { median $(awk '{ print $1 }' "$TMP/s.$1"); }
rss_of() { awk '{ print $2 }' "$TMP/s.$1" | sort -n | tail -1; }

log "generating $SIZE MB"
python3 "$ROOT/bench/gen_frontend_module.py" "$SIZE" -o "$TMP/in.mlir"
bytes=$(stat -c %s "$TMP/in.mlir")
for ((r = 0; r < REPS; r++)); do
    sample mlir "$MLIR_OPT" --mlir-disable-threading --canonicalize --cse "$TMP/in.mlir" -o "$TMP/mlir.mlir"
    sample spvkit "$SPVKIT" opt --canonicalize --cse "$TMP/in.mlir" -o "$TMP/spvkit.mlir"
done
"$MLIR_OPT" "$TMP/mlir.mlir" -o "$TMP/mlir.again.mlir"
if "$MLIR_OPT" "$TMP/spvkit.mlir" -o "$TMP/spvkit.again.mlir" && cmp -s "$TMP/mlir.again.mlir" "$TMP/spvkit.again.mlir"; then
    same=yes
else
    same=no
    log "outputs differ: diff $TMP/mlir.again.mlir $TMP/spvkit.again.mlir (use --keep)"
fi
mt=$(med_of mlir) st=$(med_of spvkit) mr=$(rss_of mlir) sr=$(rss_of spvkit)
echo "| input | mlir-opt-19 | spvkit opt | speed ratio | MLIR peak | spvkit peak | memory ratio | same result |"
echo "|---|---|---|---|---|---|---|---|"
awk -v b="$bytes" -v mt="$mt" -v st="$st" -v mr="$mr" -v sr="$sr" -v same="$same" 'BEGIN {
    printf "| %.1f MB | %.3f s | %.3f s | %.1fx | %.0f MiB | %.0f MiB | %.2f | %s |\n",
        b / 1e6, mt, st, mt / st, mr / 1024, sr / 1024, sr / mr, same }'
echo
echo "--canonicalize --cse, one thread each; median of $REPS runs, tools alternating; $(nproc) cores; $(date -u +%Y-%m-%d)."
awk -v mt="$mt" -v st="$st" -v mr="$mr" -v sr="$sr" -v same="$same" 'BEGIN {
    ok = (mt / st >= 5 && sr / mr <= 0.5 && same == "yes");
    printf "Target (>= 5x, <= 0.5 of the memory, same result): %s\n", ok ? "met" : "NOT met" }'
