#!/usr/bin/env bash
# spvkit benchmark: `spvkit val` against SPIRV-Tools' `spirv-val`.
#
#   bench/val.sh [--quick] [--reps N] [--keep] [BUILD_DIR]
#
# BUILD_DIR (default: build; use a Release build) holds the spvkit command. Needs python3, gcc,
# spirv-as and spirv-val (Debian: spirv-tools).
# Inputs (bench/gen_module.py, assembled with spirv-as --target-env vulkan1.2; each must pass
# spirv-val --target-env vulkan1.2, or the script stops):
#   mixed   a compute shader module of 10 MiB of binary (2 MiB with --quick)
#   names   1, 2 and 4 MiB (0.25, 0.5 and 1 with --quick) of small functions whose locals are
#           named alike (OpName %acc_17 "acc" in every function): spirv-val builds friendly names
#           for the whole module, resolving each clash by probing "acc_0", "acc_1", ... from zero,
#           which is quadratic in the number of functions
# Both tools validate for vulkan1.2: `spirv-val --target-env vulkan1.2 IN` and
# `spvkit val --target-env vulkan1.2 IN` (`spvkit val IN`, universal rules, when spvkit does not
# know the environment yet; the report says so). Each runs --reps times (default 5, 3 with
# --quick), alternating with the other tool, and the median is reported; a command whose first run
# takes longer than SLOW_S seconds (default 5) runs only once (spirv-val on the larger names inputs).
# MB/s is 10^6 bytes of the input binary per second of wall time; speed ratio = spvkit MB/s /
# spirv-val MB/s, CPU ratio the same from user + system time; memory ratio = spvkit peak RSS /
# spirv-val peak RSS (largest ru_maxrss of the runs, bench/measure.c). Linearity: the fastest
# run's CPU time on the largest names input against the smallest; "linear" when the time grows at
# most 1.5 times as fast as the input. The report is Markdown on standard output; progress goes
# to standard error.
set -euo pipefail

QUICK=0 REPS="" KEEP=0 BUILD_DIR=build
SLOW_S=${SLOW_S:-5}
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) QUICK=1 ;;
    --reps) REPS=$2; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "val.sh: unknown option $1" >&2; exit 2 ;;
    *) BUILD_DIR=$1 ;;
    esac
    shift
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
SPVKIT=$BUILD_DIR/spvkit
for t in python3 gcc spirv-as spirv-val; do
    command -v "$t" >/dev/null || { echo "val.sh: $t not found" >&2; exit 2; }
done
[ -x "$SPVKIT" ] || { echo "val.sh: $SPVKIT not found (build first: cmake -S . -B build-rel -DCMAKE_BUILD_TYPE=Release && cmake --build build-rel -j2)" >&2; exit 2; }
if [ "$QUICK" = 1 ]; then MIXED_MB=2; NAMES_MB="0.25 0.5 1"; : "${REPS:=3}"; else MIXED_MB=10; NAMES_MB="1 2 4"; : "${REPS:=5}"; fi
ENV=vulkan1.2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-bench-val.XXXXXX")
if [ "$KEEP" = 1 ]; then echo "val.sh: keeping $TMP" >&2; else trap 'rm -rf "$TMP"' EXIT; fi
log() { echo "val.sh: $*" >&2; }
gcc -O2 -std=c11 -o "$TMP/measure" "$ROOT/bench/measure.c"
started=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# Does spvkit know the environment? (Not before the target layer is in.)
KIT_ENV=(--target-env "$ENV")
python3 "$ROOT/bench/gen_module.py" names 0.02 -o "$TMP/probe.spvasm" 2>/dev/null
spirv-as --target-env "$ENV" -o "$TMP/probe.spv" "$TMP/probe.spvasm"
if "$SPVKIT" val "${KIT_ENV[@]}" "$TMP/probe.spv" >"$TMP/probe.out" 2>&1; rc=$?; [ $rc -eq 2 ] && grep -q "unknown target environment" "$TMP/probe.out"; then
    log "spvkit does not know --target-env $ENV yet: spvkit val runs with the universal rules"
    KIT_ENV=()
fi

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# sample KEY CMD...: one run; appends "WALL RSS EXIT CPU" to $TMP/s.KEY. Exit 0 and 1 (valid,
# invalid) are results; anything else stops the benchmark.
sample() {
    local key=$1; shift
    "$TMP/measure" "$TMP/m.out" "$@" >"$TMP/out.$key" 2>&1 || true
    local t rss code cpu
    read -r t rss code cpu <"$TMP/m.out"
    if [ "$code" -gt 1 ]; then log "failed (exit $code): $* : $(head -c 400 "$TMP/out.$key")"; exit 1; fi
    echo "$t $rss $code $cpu" >>"$TMP/s.$key"
}
runs_of() { wc -l <"$TMP/s.$1"; }
# shellcheck disable=SC2046 # one sample per word
med_of() { median $(awk '{ print $1 }' "$TMP/s.$1"); }
# shellcheck disable=SC2046
cpu_med_of() { median $(awk '{ print $4 }' "$TMP/s.$1"); }
cpu_min_of() { awk '{ print $4 }' "$TMP/s.$1" | sort -g | head -1; }
rss_of() { awk '{ print $2 }' "$TMP/s.$1" | sort -n | tail -1; }
verdict_of() { # valid / invalid (N problems) from the last run
    if [ "$(tail -1 "$TMP/s.$1" | awk '{ print $3 }')" = 0 ]; then echo valid
    else echo "invalid ($(grep -c 'error' "$TMP/out.$1") errors)"; fi
}

# measure_pair INPUT: alternates the two tools on $TMP/INPUT.spv.
measure_pair() {
    local input=$1 r slow=0
    for ((r = 0; r < REPS; r++)); do
        if [ $slow = 0 ]; then
            sample "$input.ref" spirv-val --target-env "$ENV" "$TMP/$input.spv"
            if [ $r = 0 ] && awk -v t="$(med_of "$input.ref")" -v s="$SLOW_S" 'BEGIN { exit !(t > s) }'; then
                slow=1; log "spirv-val on $input took $(med_of "$input.ref") s: runs once"
            fi
        fi
        sample "$input.kit" "$SPVKIT" val "${KIT_ENV[@]}" "$TMP/$input.spv"
    done
}

inputs=("mixed mixed $MIXED_MB")
for mb in $NAMES_MB; do inputs+=("names-${mb}M names $mb"); done
declare -A bytes=()
for spec in "${inputs[@]}"; do
    set -- $spec
    input=$1 kind=$2 mb=$3
    log "generating $input ($mb MiB)"
    python3 "$ROOT/bench/gen_module.py" "$kind" "$mb" -o "$TMP/$input.spvasm" 2>/dev/null
    spirv-as --target-env "$ENV" -o "$TMP/$input.spv" "$TMP/$input.spvasm"
    rm -f "$TMP/$input.spvasm"
    bytes[$input]=$(stat -c %s "$TMP/$input.spv")
    log "measuring $input (${bytes[$input]} bytes)"
    measure_pair "$input"
    [ "$(tail -1 "$TMP/s.$input.ref" | awk '{ print $3 }')" = 0 ] || {
        log "spirv-val rejects the generated $input: $(head -c 400 "$TMP/out.$input.ref")"; exit 1; }
done

env_note=$ENV
[ ${#KIT_ENV[@]} -gt 0 ] || env_note="$ENV for spirv-val; spvkit: universal rules (it does not know $ENV yet)"
echo "### Throughput and peak memory (validating for $env_note)"
echo
echo "| input | binary | spirv-val | spvkit val | speed ratio | CPU ratio | spirv-val peak | spvkit peak | memory ratio | spvkit verdict |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for spec in "${inputs[@]}"; do
    set -- $spec
    input=$1
    rt=$(med_of "$input.ref") kt=$(med_of "$input.kit") rc=$(cpu_med_of "$input.ref") kc=$(cpu_med_of "$input.kit")
    once=""; [ "$(runs_of "$input.ref")" -gt 1 ] || once=" (1 run)"
    awk -v i="$input" -v b="${bytes[$input]}" -v rt="$rt" -v kt="$kt" -v rc="$rc" -v kc="$kc" -v once="$once" \
        -v rr="$(rss_of "$input.ref")" -v kr="$(rss_of "$input.kit")" -v v="$(verdict_of "$input.kit")" 'BEGIN {
        printf "| %s | %.1f MB | %.3f s%s (%.1f MB/s) | %.4f s (%.1f MB/s) | %.1fx | %.1fx | %.1f MiB | %.1f MiB | %.2f | %s |\n",
            i, b / 1e6, rt, once, b / 1e6 / rt, kt, b / 1e6 / kt, rt / kt, rc / kc, rr / 1024, kr / 1024, kr / rr, v }'
done
echo
echo "### Scaling on the names inputs"
echo
echo "| input | size (relative) | spvkit val s | spvkit s per MB | spvkit fastest CPU s (relative) | spirv-val s | spirv-val s per MB |"
echo "|---|---:|---:|---:|---:|---:|---:|"
first="" base_b="" base_k="" base_r="" last_b="" last_k="" last_r=""
for spec in "${inputs[@]}"; do
    set -- $spec
    input=$1
    [ "$2" = names ] || continue
    b=${bytes[$input]} kmin=$(cpu_min_of "$input.kit") rmin=$(cpu_min_of "$input.ref")
    if [ -z "$first" ]; then first=$input base_b=$b base_k=$kmin base_r=$rmin; fi
    last_b=$b last_k=$kmin last_r=$rmin
    once=""; [ "$(runs_of "$input.ref")" -gt 1 ] || once=" (1 run)"
    awk -v i="$input" -v b="$b" -v bb="$base_b" -v kt="$(med_of "$input.kit")" -v km="$kmin" -v bk="$base_k" \
        -v rt="$(med_of "$input.ref")" -v once="$once" 'BEGIN {
        printf "| %s | %.1fx | %.4f | %.4f | %.4f (%.1fx) | %.3f%s | %.3f |\n",
            i, b / bb, kt, kt / (b / 1e6), km, km / bk, rt, once, rt / (b / 1e6) }'
done
echo
echo "### Targets"
echo
awk -v t="$(med_of mixed.ref)" -v k="$(med_of mixed.kit)" 'BEGIN {
    r = t / k; printf "- spvkit val >= 3x spirv-val throughput on mixed: %.1fx: %s\n", r, (r >= 3 ? "met" : "MISSED") }'
linear() { # name base_bytes base_time last_bytes last_time
    awk -v n="$1" -v b0="$2" -v t0="$3" -v b1="$4" -v t1="$5" 'BEGIN {
        s = b1 / b0; g = t1 / t0
        printf "- %s: %.1fx the input takes %.1fx the time (fastest run, CPU): %s\n", n, s, g, (g <= 1.5 * s ? "linear" : "NOT linear") }'
}
linear "spvkit val on names" "$base_b" "$base_k" "$last_b" "$last_k"
linear "spirv-val on names" "$base_b" "$base_r" "$last_b" "$last_r"
echo
echo "- machine: $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo 2>/dev/null | head -1)); load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?") after"
echo "- spirv-val: $(spirv-val --version 2>&1 | head -1)"
echo "- spvkit: $("$SPVKIT" --version 2>&1 | head -1)"
echo "- median of $REPS runs per command (a command whose first run exceeds $SLOW_S s runs once), tools alternating; whole run $(( $(date +%s) - started )) s; $(date -u +%Y-%m-%d)"
