#!/usr/bin/env bash
# Kernel benchmark of `spvkit run` on Vulkan: dispatch overhead, and the bandwidth of a shader copy,
# vkCmdCopyBuffer, an f32 add and bf16 adds (emulated on 16-bit integers; native bf16 with --gpu).
# A benchmark, not a test: nothing in ctest runs it. docs/benchmarks.md describes it and holds
# the lavapipe results; docs/gpu.md the GPU's.
#
#   bench/run_kernels.sh [BUILD_DIR] [--gpu] [--native] [--device N] [--size-mib N] [--repeat N]
#                        [--keep DIR] [--no-check]
#
# BUILD_DIR (default: build) holds the built `spvkit`. The kernels (bench/kernels/) are compiled
# into BUILD_DIR/bench-kernels: the GLSL ones with glslangValidator (--target-env vulkan1.2)
# when it is installed and the .spv is missing or older than its source (otherwise the .spv
# already there is used: a machine without glslang can run a build directory prepared
# elsewhere), the .spvasm ones with `spvkit as`. BUILD_DIR/bench_copy_buffer is compiled from
# bench/bench_copy_buffer.c with cc when it is missing or older (needs the Vulkan headers).
# Debian's spirv-val checks the GLSL kernels where it is installed; the bf16 modules are checked
# only when $SPIRV_VAL names a spirv-val that knows SPV_KHR_bfloat16 (Debian's 2023.1 does not).
#
# Defaults: lavapipe-sized, 32 MiB per buffer, 20 timed dispatches per kernel (200 for the empty
# one); --gpu: 256 MiB per buffer, 50 timed dispatches (1000 for the empty one), and the native
# bf16 kernels (--native adds them without the GPU sizes). Every kernel first runs once on 64 Ki
# elements with every output element checked (bench/kernels/check_add.py against the inputs,
# dumped), then at full size with --time --repeat N, dumped and checked on 20,000 random
# elements and the first and last 1024 (--no-check skips both checks).
#
# Measured: `spvkit run --time` gives the median and the minimum over the repeats of the GPU
# timestamps around the dispatch (and the wall time from submit to completion); bench_copy_buffer
# does the same around vkCmdCopyBuffer. Bandwidth = bytes read + bytes written / median GPU time
# (10^9 bytes per second). The report (Markdown) goes to standard output, progress and the raw
# outputs of each command to standard error and to DIR/ with --keep DIR.
set -euo pipefail

BUILD_DIR=build
GPU=0
NATIVE=0
DEVICE=0
SIZE_MIB=
REPEAT=
KEEP=
CHECK=1
while [ $# -gt 0 ]; do
    case "$1" in
    --gpu) GPU=1; NATIVE=1 ;;
    --native) NATIVE=1 ;;
    --device) DEVICE=$2; shift ;;
    --size-mib) SIZE_MIB=$2; shift ;;
    --repeat) REPEAT=$2; shift ;;
    --keep) KEEP=$2; shift ;;
    --no-check) CHECK=0 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run_kernels.sh: unknown option $1" >&2; exit 2 ;;
    *) BUILD_DIR=$1 ;;
    esac
    shift
done
if [ "$GPU" = 1 ]; then
    : "${SIZE_MIB:=256}" "${REPEAT:=50}"; EMPTY_REPEAT=1000
else
    : "${SIZE_MIB:=32}" "${REPEAT:=20}"; EMPTY_REPEAT=200
fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC=$ROOT/bench/kernels
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
SPVKIT=$BUILD_DIR/spvkit
KDIR=$BUILD_DIR/bench-kernels
[ -x "$SPVKIT" ] || { echo "run_kernels.sh: $SPVKIT not found (build first)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run_kernels.sh: python3 not found" >&2; exit 2; }
mkdir -p "$KDIR"
if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP"
    LOG=$(cd "$KEEP" && pwd)
else
    LOG=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-kbench.XXXXXX")
fi
DUMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-kbench-dump.XXXXXX")
cleanup() { rm -rf "$DUMP"; [ -n "$KEEP" ] || rm -rf "$LOG"; }
trap cleanup EXIT
say() { echo "run_kernels.sh: $*" >&2; }

# ---- Compile the kernels ----
VAL_NEW=${SPIRV_VAL:-}
for f in "$SRC"/*.comp; do
    n=$(basename "$f" .comp)
    o=$KDIR/$n.spv
    if command -v glslangValidator >/dev/null; then
        if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$SRC/bf16_emu.glsl" -nt "$o" ]; then
            glslangValidator -V --target-env vulkan1.2 -o "$o.tmp" "$f" >"$LOG/glslang-$n.log" 2>&1 ||
                { cat "$LOG/glslang-$n.log" >&2; exit 1; }
            if command -v spirv-val >/dev/null; then spirv-val --target-env vulkan1.2 "$o.tmp"; fi
            mv "$o.tmp" "$o"
        fi
    elif [ ! -f "$o" ]; then
        say "no glslangValidator and no $o: compile the kernels on a machine that has it"; exit 2
    fi
done
for f in "$SRC"/*.spvasm; do
    n=$(basename "$f" .spvasm)
    "$SPVKIT" as -o "$KDIR/$n.spv" "$f"
    if [ -n "$VAL_NEW" ]; then "$VAL_NEW" --target-env vulkan1.3 "$KDIR/$n.spv"; fi
done
COPYBUF=$BUILD_DIR/bench_copy_buffer
if [ ! -x "$COPYBUF" ] || [ "$ROOT/bench/bench_copy_buffer.c" -nt "$COPYBUF" ]; then
    if command -v cc >/dev/null && [ -f /usr/include/vulkan/vulkan.h ]; then
        cc -O2 -std=c11 -Wall -o "$COPYBUF" "$ROOT/bench/bench_copy_buffer.c" -ldl
    elif [ ! -x "$COPYBUF" ]; then
        say "cannot build bench_copy_buffer (needs cc and the Vulkan headers): skipping it"
        COPYBUF=
    fi
fi

# ---- Run ----
SIZE=$((SIZE_MIB * 1024 * 1024))
RESULTS=$LOG/results.txt
: >"$RESULTS"
"$SPVKIT" run --list-devices --api vulkan >"$LOG/devices.txt" 2>&1 || true
cat "$LOG/devices.txt" >&2
start=$(date +%s)

# srun NAME ARGS...: spvkit run ARGS --device N; output to LOG/NAME.log; returns its status.
srun() {
    local name=$1
    shift
    { echo "\$ spvkit run $* --device $DEVICE"; "$SPVKIT" run "$@" --device "$DEVICE" 2>&1; } >"$LOG/$name.log" && return 0
    local rc=$?
    say "$name: spvkit run failed (exit $rc):"
    sed 's/^/    /' "$LOG/$name.log" | cut -c1-300 >&2
    return $rc
}

# timeline NAME: the `time:` line of LOG/NAME.log as "device_median device_min wall_median wall_min".
timeline() {
    sed -n 's/^time: device \([0-9.e+-]*\) ms median (min \([0-9.e+-]*\)), wall \([0-9.e+-]*\) ms median (min \([0-9.e+-]*\)).*/\1 \2 \3 \4/p' "$LOG/$1.log"
}

# bench NAME LABEL SPV ELEMENTS_PER_INVOCATION CHECK_KIND INPUT_TYPE OUTPUT_TYPE ELEMENT_BYTES NBUF
#   NBUF 2: 0.0 in, 0.1 out; NBUF 3: 0.0 a, 0.1 b, 0.2 c.
bench() {
    local name=$1 label=$2 spv=$KDIR/$3.spv per=$4 kind=$5 itype=$6 otype=$7 esize=$8 nbuf=$9
    local n groups args check_note="not checked" rc
    say "$name ..."
    for pass in small full; do
        if [ $pass = small ]; then
            [ "$CHECK" = 1 ] || continue
            n=65536
        else
            n=$((SIZE / esize))
        fi
        groups=$(((n / per + 255) / 256))
        args=("$spv" --groups "$groups")
        if [ "$nbuf" = 2 ]; then
            args+=(--buffer "0.0=random:$n:$itype:1" --buffer "0.1=zeros:$n:$otype")
        else
            args+=(--buffer "0.0=random:$n:$itype:1" --buffer "0.1=random:$n:$itype:2" --buffer "0.2=zeros:$n:$otype")
        fi
        if [ "$CHECK" = 1 ]; then
            local i
            for i in $(seq 0 $((nbuf - 1))); do args+=(--dump "0.$i=$DUMP/$i"); done
        fi
        if [ $pass = full ]; then
            args+=(--time --repeat "$REPEAT")
        fi
        rc=0
        srun "$name.$pass" "${args[@]}" || rc=$?
        if [ $rc != 0 ]; then
            echo "$name|$label|$((n * esize * nbuf))|-|-|-|-|FAILED (spvkit run exit $rc)" >>"$RESULTS"
            rm -f "$DUMP"/*
            return 0
        fi
        if [ "$CHECK" = 1 ]; then
            local samples=()
            [ $pass = full ] && samples=(--samples 20000)
            local ins=("$DUMP/0")
            [ "$nbuf" = 3 ] && ins+=("$DUMP/1")
            if python3 "$SRC/check_add.py" "$kind" "$DUMP/$((nbuf - 1))" "${ins[@]}" "${samples[@]}" \
                >"$LOG/$name.$pass.check" 2>&1; then
                [ $pass = full ] && check_note=$(sed 's/^check: //' "$LOG/$name.$pass.check")
            else
                check_note="FAILED ($pass): $(head -c 300 "$LOG/$name.$pass.check" | tr '\n' ' ')"
                say "$name: check $check_note"
                [ $pass = small ] && echo "$name|$label|$((n * esize * nbuf))|-|-|-|-|$check_note" >>"$RESULTS" && rm -f "$DUMP"/* && return 0
            fi
            rm -f "$DUMP"/*
        fi
    done
    local t
    t=$(timeline "$name.full")
    [ -n "$t" ] || { echo "$name|$label|$((n * esize * nbuf))|-|-|-|-|no time line" >>"$RESULTS"; return 0; }
    echo "$name|$label|$((n * esize * nbuf))|${t// /|}|$check_note" >>"$RESULTS"
}

# Dispatch overhead: one workgroup of the empty kernel.
say "empty ..."
if srun empty "$KDIR/empty.spv" --groups 1 --time --repeat "$EMPTY_REPEAT"; then
    t=$(timeline empty)
    echo "empty|empty kernel, 1 workgroup of 256|0|${t// /|}|-" >>"$RESULTS"
else
    echo "empty|empty kernel|0|-|-|-|-|FAILED" >>"$RESULTS"
fi

bench copy "shader copy, uvec4 (16 B/invocation)" copy_uvec4 4 copy u32 u32 4 2
if [ -n "$COPYBUF" ]; then
    say "copy_buffer ..."
    if "$COPYBUF" --device "$DEVICE" --size "$SIZE" --repeat "$REPEAT" >"$LOG/copy_buffer.log" 2>&1; then
        line=$(grep '^copy_buffer:' "$LOG/copy_buffer.log")
        # shellcheck disable=SC2086 # split the fields on purpose
        set -- $line
        # copy_buffer: size S bytes_moved B repeat R device_ms_median X device_ms_min Y wall_ms_median Z wall_ms_min W ...
        echo "copy_buffer|vkCmdCopyBuffer (bench_copy_buffer)|$5|$9|${11}|${13}|${15}|check ${19}" >>"$RESULTS"
    else
        cat "$LOG/copy_buffer.log" >&2
        echo "copy_buffer|vkCmdCopyBuffer (bench_copy_buffer)|$((2 * SIZE))|-|-|-|-|FAILED" >>"$RESULTS"
    fi
fi
bench f32_add "f32 add, 1 element/invocation" f32_add 1 f32 f32 f32 4 3
bench bf16_emu_add "bf16 add on u16, 1 element/invocation" bf16_emu_add 1 bf16-rne bf16 u16 2 3
bench bf16_emu_add8 "bf16 add on u16, 8 elements/invocation (uvec4)" bf16_emu_add8 8 bf16-rne bf16 u16 2 3
if [ "$NATIVE" = 1 ]; then
    bench bf16_native_add "native bf16 add, 1 element/invocation" bf16_native_add 1 bf16-either bf16 bf16 2 3
    bench bf16_native_add4 "native bf16 add, 4/invocation (4-vector)" bf16_native_add4 4 bf16-either bf16 bf16 2 3
    bench bf16_native_add8 "native bf16 add, 8/invocation (struct of two 4-vectors, one load)" bf16_native_add8 8 bf16-either bf16 bf16 2 3
    bench bf16_native_add8_members "native bf16 add, 8/invocation (struct of two 4-vectors, two loads)" bf16_native_add8_members 8 bf16-either bf16 bf16 2 3
    bench bf16_native_add8_bitcast "native bf16 add, 8/invocation (uvec4 + OpBitcast)" bf16_native_add8_bitcast 8 bf16-either bf16 u16 2 3
fi
elapsed=$(($(date +%s) - start))

# ---- Report ----
python3 - "$RESULTS" "$LOG/devices.txt" "$SIZE_MIB" "$REPEAT" "$EMPTY_REPEAT" "$elapsed" "$GPU" <<'PY'
import sys
results, devices, size_mib, repeat, empty_repeat, elapsed, gpu = sys.argv[1:8]
rows = [l.rstrip('\n').split('|') for l in open(results) if l.strip()]
dev = [l.rstrip() for l in open(devices)]
print('### Kernel benchmark (%s)\n' % ('GPU' if gpu == '1' else 'lavapipe'))
for l in dev[:3]:
    if l.strip():
        print('- `%s`' % l.strip())
print('- %s MiB per buffer; median of %s timed dispatches per kernel (%s for the empty kernel); '
      'whole run %s s' % (size_mib, repeat, empty_repeat, elapsed))
print('- GB/s = (bytes read + bytes written) / median GPU time, 10^9 bytes/s; ratio = GB/s / the shader copy\'s\n')

def num(s):
    try:
        return float(s)
    except ValueError:
        return None

copy = next((r for r in rows if r[0] == 'copy'), None)
copy_gbs = None
if copy and num(copy[3]):
    copy_gbs = int(copy[2]) / (num(copy[3]) * 1e6)
empty = next((r for r in rows if r[0] == 'empty'), None)
if empty:
    print('| dispatch overhead | median GPU ms | min GPU ms | median wall ms | min wall ms |')
    print('|---|---:|---:|---:|---:|')
    print('| %s | %s | %s | %s | %s |\n' % tuple(empty[1:2] + empty[3:7]))
print('| kernel | bytes moved | median GPU ms | min GPU ms | median wall ms | GB/s | ratio to shader copy | check |')
print('|---|---:|---:|---:|---:|---:|---:|---|')
for r in rows:
    if r[0] == 'empty':
        continue
    name, label, moved, dmed, dmin, wmed, wmin, note = r[:8]
    moved_i = int(moved)
    gbs = moved_i / (num(dmed) * 1e6) if num(dmed) else None
    ratio = '%.2f' % (gbs / copy_gbs) if gbs and copy_gbs else '-'
    print('| %s | %s (%.0f MiB) | %s | %s | %s | %s | %s | %s |' % (
        label, format(moved_i, ','), moved_i / 2**20, dmed, dmin, wmed,
        '%.1f' % gbs if gbs else '-', ratio, note))
PY
