#!/usr/bin/env bash
# spvkit benchmark: SPIR-V binary <-> IR translation against MLIR 19's mlir-translate.
#
#   bench/ir.sh [--quick] [--reps N] [--keep] [BUILD_DIR]
#
# Inputs (bench/gen_module.py, assembled with spirv-as --target-env vulkan1.2):
#   mixed   a compute shader module of 10 MiB of binary (2 MiB with --quick) in the
#           `mixed-noswitch` form: the `mixed` module without OpSwitch, OpPhi in a selection
#           merge and header values used after a selection, which MLIR 19's deserializer refuses
#   names   4 MiB (1 with --quick) of small functions whose locals are named alike
# Measured, each --reps times (default 5, 3 with --quick), alternating tools, median reported:
#   deserialize  binary -> MLIR text: `mlir-translate-19 --deserialize-spirv` and
#                `spvkit translate --deserialize-spirv`
#   serialize    MLIR text -> binary, each tool on its own deserializer's output:
#                `mlir-translate-19 --no-implicit-module --serialize-spirv` and
#                `spvkit translate --serialize-spirv`
#   both         the sum of the two (what a user of the translators pays for a round trip), and
#                spvkit's in-memory `--spirv-roundtrip` (binary -> IR -> binary, no text)
# Throughput is MB/s (10^6 bytes) of the input binary; peak memory is the largest ru_maxrss of
# the runs (bench/measure.c). Every run writes a new output file, after a sync (see sample).
# Outputs are checked with spirv-val --target-env vulkan1.2.
# The report is Markdown on standard output.
set -euo pipefail

QUICK=0 REPS="" KEEP=0 BUILD_DIR=build
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) QUICK=1 ;;
    --reps) REPS=$2; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "ir.sh: unknown option $1" >&2; exit 2 ;;
    *) BUILD_DIR=$1 ;;
    esac
    shift
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
SPVKIT=$BUILD_DIR/spvkit
MLIR_TRANSLATE=$(command -v mlir-translate-19 || echo /usr/lib/llvm-19/bin/mlir-translate)
for t in python3 gcc spirv-as spirv-val "$MLIR_TRANSLATE" "$SPVKIT"; do
    command -v "$t" >/dev/null || { echo "ir.sh: $t not found (mlir-translate-19: apt-get install mlir-19-tools)" >&2; exit 2; }
done
if [ "$QUICK" = 1 ]; then MIXED_MB=2; NAMES_MB=1; : "${REPS:=3}"; else MIXED_MB=10; NAMES_MB=4; : "${REPS:=5}"; fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-bench-ir.XXXXXX")
if [ "$KEEP" = 1 ]; then echo "ir.sh: keeping $TMP" >&2; else trap 'rm -rf "$TMP"' EXIT; fi
log() { echo "ir.sh: $*" >&2; }
gcc -O2 -std=c11 -o "$TMP/measure" "$ROOT/bench/measure.c"

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# sample KEY CMD... -o OUT: one run; appends "WALL RSS" to $TMP/s.KEY. Each run writes a new
# file on a quiet system: OUT is removed and earlier outputs are written back (sync) before the
# clock starts, so that no run pays for ext4 truncating the last run's file, or shares the two
# cores with the kernel writing back another tool's 20 MB.
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

echo "| input | binary | step | mlir-translate-19 | spvkit | speed ratio | MLIR peak | spvkit peak | memory ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
for spec in "mixed mixed-noswitch $MIXED_MB" "names names $NAMES_MB"; do
    set -- $spec
    input=$1 kind=$2 mb=$3
    log "generating $input ($mb MiB)"
    python3 "$ROOT/bench/gen_module.py" "$kind" "$mb" -o "$TMP/$input.spvasm" 2>/dev/null
    spirv-as --target-env vulkan1.2 -o "$TMP/$input.spv" "$TMP/$input.spvasm"
    bytes=$(stat -c %s "$TMP/$input.spv")
    rm -f "$TMP"/s.*
    for ((r = 0; r < REPS; r++)); do
        sample "$input.de.mlir" "$MLIR_TRANSLATE" --deserialize-spirv "$TMP/$input.spv" -o "$TMP/$input.mlir19.mlir"
        sample "$input.de.spvkit" "$SPVKIT" translate --deserialize-spirv "$TMP/$input.spv" -o "$TMP/$input.spvkit.mlir"
        sample "$input.se.mlir" "$MLIR_TRANSLATE" --no-implicit-module --serialize-spirv "$TMP/$input.mlir19.mlir" -o "$TMP/$input.mlir19.spv"
        sample "$input.se.spvkit" "$SPVKIT" translate --serialize-spirv "$TMP/$input.spvkit.mlir" -o "$TMP/$input.spvkit.spv"
        sample "$input.rt.spvkit" "$SPVKIT" translate --spirv-roundtrip "$TMP/$input.spv" -o "$TMP/$input.rt.spv"
    done
    for f in mlir19.spv spvkit.spv rt.spv; do
        spirv-val --target-env vulkan1.2 "$TMP/$input.$f" || log "spirv-val rejects $input.$f"
    done
    row() { # step mlir_time mlir_rss spvkit_time spvkit_rss
        awk -v i="$input" -v b="$bytes" -v s="$1" -v mt="$2" -v mr="$3" -v st="$4" -v sr="$5" 'BEGIN {
            printf "| %s | %.1f MB | %s | %.3f s (%.1f MB/s) | %.3f s (%.1f MB/s) | %.1fx | %.0f MiB | %.0f MiB | %.2f |\n",
                i, b / 1e6, s, mt, b / 1e6 / mt, st, b / 1e6 / st, mt / st, mr / 1024, sr / 1024, sr / mr }'
    }
    dm=$(med_of "$input.de.mlir") ds=$(med_of "$input.de.spvkit") sm=$(med_of "$input.se.mlir") ss=$(med_of "$input.se.spvkit")
    row deserialize "$dm" "$(rss_of "$input.de.mlir")" "$ds" "$(rss_of "$input.de.spvkit")"
    row serialize "$sm" "$(rss_of "$input.se.mlir")" "$ss" "$(rss_of "$input.se.spvkit")"
    mpeak=$(( $(rss_of "$input.de.mlir") > $(rss_of "$input.se.mlir") ? $(rss_of "$input.de.mlir") : $(rss_of "$input.se.mlir") ))
    speak=$(( $(rss_of "$input.de.spvkit") > $(rss_of "$input.se.spvkit") ? $(rss_of "$input.de.spvkit") : $(rss_of "$input.se.spvkit") ))
    row "both (text between)" "$(awk -v a="$dm" -v b="$sm" 'BEGIN { print a + b }')" "$mpeak" \
        "$(awk -v a="$ds" -v b="$ss" 'BEGIN { print a + b }')" "$speak"
    row "both, spvkit in memory" "$(awk -v a="$dm" -v b="$sm" 'BEGIN { print a + b }')" "$mpeak" \
        "$(med_of "$input.rt.spvkit")" "$(rss_of "$input.rt.spvkit")"
done
echo
echo "Median of $REPS runs each, tools alternating; $(nproc) cores; $(date -u +%Y-%m-%d)."
