#!/usr/bin/env bash
# bf16 on a GPU through `spvkit run` (Vulkan): native conversions (OpFConvert between f32 and
# OpTypeFloat 16 BFloat16KHR) and a 16x16x16 bf16 cooperative-matrix multiply-add. Not part of
# ctest: it needs a device with VK_KHR_shader_bfloat16 (shaderBFloat16Type,
# shaderBFloat16CooperativeMatrix) and VK_KHR_cooperative_matrix with a 16x16x16 bf16 x bf16 -> f32
# subgroup configuration, and a subgroup size of 32. docs/gpu.md has the results on an NVIDIA H200
# (driver 580.159.04): 17 passed, 3 failed (native_preserve.*: with SignedZeroInfNanPreserve the
# conversion still turns the NaN 0x7f800001 into +inf). On lavapipe only emu.* can pass: the other
# modules need bf16, and spvkit run says so (exit 3).
#
# Usage: tests/gpu/run_gpu.sh BUILD_DIR [--device N] [--out DIR]
#   BUILD_DIR holds the built `spvkit`. --device picks the Vulkan device (--list-devices order).
#   --out DIR keeps every command's output (DIR/NAME.log) and the dumps there (default: a
#   temporary directory, removed at the end). Needs python3 (standard library only).
#
# Modules (tests/gpu/, SPIR-V assembly that `spvkit run` assembles itself):
#   f32_to_bf16.spvasm      OpFConvert f32 -> bf16, the device's own rounding
#   f32_to_bf16_preserve.spvasm  the same with execution mode SignedZeroInfNanPreserve 32
#   f32_to_bf16_rte.spvasm  the same, the conversion decorated FPRoundingMode RTE
#   f32_to_bf16_rte_mode.spvasm  the same with execution mode RoundingModeRTE 16
#   f32_to_bf16_emu.spvasm  f32 -> bf16 in integer arithmetic, round to nearest even (no bf16 type)
#   bf16_to_f32.spvasm      OpFConvert bf16 -> f32
#   bf16_coopmat.spvasm     D = A x B + C, A and B bf16, C and D f32, 16x16x16, Subgroup scope
#   f32_to_f16_rtz.spvasm   control: f32 -> f16 decorated FPRoundingMode RTZ (recorded, not checked)
#
# Checks (each PASS or FAIL; the script exits 1 when one fails):
#   *.expect   the conversion cases whose allowed results are within 1 ulp of the nearest-even
#              result, with `--expect OUT=<nearest-even values> --ulp 1`: Vulkan lets a conversion
#              give either neighbour of the exact value. Left to the next check: subnormals (which
#              may be flushed), f32 values whose nearest bf16 is infinity (the largest finite bf16
#              is allowed too), and, unless the module has SignedZeroInfNanPreserve, NaN and
#              infinite inputs (Vulkan lets the device assume there are none). See check.py.
#   *.cases    every case (ties, just above and below ties, subnormals, overflow, inf, NaN),
#              dumped and classified by check.py: each result must be one Vulkan allows (either
#              neighbour of the exact value; for a subnormal input also +-0; for an overflow the
#              largest finite value or infinity; with --preserve, NaN for NaN and the same
#              infinity); it prints what each result was and a verdict line (rounding, subnormals,
#              NaNs)
#   *.random   262144 random bit patterns (every class of f32 or bf16), classified the same way
#   emu.*      the integer emulation must round to nearest even exactly (--ulp 0, --require-rne)
#   coopmat.positive  A, B, C in [0, 1): `--expect D=<f64 reference rounded to f32> --ulp 35`.
#              With no cancellation, 16 products (exact in f32) and C summed in f32 with any
#              rounding differ from the exact sum by at most 17 * 2^-23 of it (17 roundings, each
#              below 2^-23 relative), which is under 34 ulp of the result; plus half an ulp for
#              rounding the reference to f32.
#   coopmat.signed    A, B, C in [-1, 1): D dumped; each element within 17 * 2^-23 * sum|terms| of
#              the f64 reference (the same bound where terms cancel); prints the largest error.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: run_gpu.sh BUILD_DIR [--device N] [--out DIR]" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
device=0
out=
while [ $# -gt 0 ]; do
  case $1 in
  --device) device=$2; shift ;;
  --out) out=$2; shift ;;
  *) echo "run_gpu.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
here=$(cd "$(dirname "$0")" && pwd)
spvkit=$build/spvkit
[ -x "$spvkit" ] || { echo "run_gpu.sh: error: no $spvkit (build first)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run_gpu.sh: error: python3 is missing" >&2; exit 2; }
keep=$out
if [ -n "$out" ]; then
  mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 2
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
check() { python3 "$here/check.py" "$@"; }
pass=0
fail=0
failed=()

# result NAME STATUS [NOTE]: records a check.
result() {
  if [ "$2" = 0 ]; then
    pass=$((pass + 1))
    echo "PASS $1${3:+: $3}"
  else
    fail=$((fail + 1))
    failed+=("$1")
    echo "FAIL $1${3:+: $3}${keep:+ (see $out/$1.log)}"
  fi
}

# srun NAME ARGS...: spvkit run ARGS on the device; output to NAME.log and (indented) the
# terminal; returns spvkit's exit status.
srun() {
  local name=$1
  shift
  echo "\$ spvkit run $*" >"$out/$name.log"
  "$spvkit" run "$@" --device "$device" >>"$out/$name.log" 2>&1
  local rc=$?
  echo "exit $rc" >>"$out/$name.log"
  sed -n '2,$p' "$out/$name.log" | cut -c1-300 | sed 's/^/    /'
  return $rc
}

# classify NAME KIND IN OUT [OPTIONS]: check.py conv-classify into NAME.log (appended) and stdout.
classify() {
  local name=$1
  shift
  check conv-classify "$@" >"$out/$name.classify" 2>&1
  local rc=$?
  cat "$out/$name.classify" >>"$out/$name.log"
  sed 's/^/  /' "$out/$name.classify"
  return $rc
}

echo "== devices"
"$spvkit" run --list-devices 2>&1 | tee "$out/devices.log"

groups() { echo $((($1 + 63) / 64)); }

# conversion MODULE NAME KIND ULP SET [CLASSIFY_OPTION...]: the three checks of one conversion
# module: --expect on SET (check.py conv-input/conv-expect) with --ulp ULP, then every case and
# random bit patterns classified with the options (--preserve, --require-rne).
conversion() {
  local module=$1 name=$2 kind=$3 ulp=$4 set=$5
  shift 5
  local opts=("$@")
  local in_type out_type src exp n rc
  if [ "$kind" = f32_to_bf16 ]; then out_type=bf16; in_type=u32; else out_type=f32; in_type=u16; fi
  echo "== $name: $module"
  # 1. --expect
  src=$(check conv-input "$kind" "$set")
  exp=$(check conv-expect "$kind" "$set")
  n=$(echo "$src" | tr ',' '\n' | wc -l)
  srun "$name.expect" "$here/$module" --groups "$(groups "$n")" --buffer "0.0=$src" \
    --buffer "0.1=zeros:$n:$out_type" --expect "0.1=$exp" --ulp "$ulp"
  result "$name.expect" $? "$n cases ($set), --ulp $ulp"
  # 2. every case, classified
  src=$(check conv-input "$kind" cases)
  n=$(echo "$src" | tr ',' '\n' | wc -l)
  srun "$name.cases" "$here/$module" --groups "$(groups "$n")" --buffer "0.0=$src" \
    --buffer "0.1=zeros:$n:$out_type" --print 0.1 --dump "0.0=$out/$name.cases.in" \
    --dump "0.1=$out/$name.cases.out"
  rc=$?
  if [ $rc = 0 ]; then
    classify "$name.cases" "$kind" "$out/$name.cases.in" "$out/$name.cases.out" "${opts[@]}"
    rc=$?
  fi
  result "$name.cases" $rc "$n cases${opts[*]:+ (${opts[*]})}"
  # 3. random bit patterns
  n=262144
  srun "$name.random" "$here/$module" --groups "$(groups "$n")" --buffer "0.0=random:$n:$in_type:7" \
    --buffer "0.1=zeros:$n:$out_type" --dump "0.0=$out/$name.random.in" --dump "0.1=$out/$name.random.out"
  rc=$?
  if [ $rc = 0 ]; then
    classify "$name.random" "$kind" "$out/$name.random.in" "$out/$name.random.out" --summary-only "${opts[@]}"
    rc=$?
  fi
  result "$name.random" $rc "$n random bit patterns${opts[*]:+ (${opts[*]})}"
  rm -f "$out/$name.random.in" "$out/$name.random.out"
}

conversion f32_to_bf16.spvasm native.f32_to_bf16 f32_to_bf16 1 finite
conversion f32_to_bf16_preserve.spvasm native_preserve.f32_to_bf16 f32_to_bf16 1 preserve --preserve
conversion f32_to_bf16_rte.spvasm native_rte_decoration.f32_to_bf16 f32_to_bf16 1 finite
conversion f32_to_bf16_rte_mode.spvasm native_rte_mode.f32_to_bf16 f32_to_bf16 1 finite
conversion f32_to_bf16_emu.spvasm emu.f32_to_bf16 f32_to_bf16 0 cases --preserve --require-rne
conversion bf16_to_f32.spvasm native.bf16_to_f32 bf16_to_f32 1 finite

# A control for the FPRoundingMode decoration: f32 -> f16 (not bf16) decorated RTZ. Recorded, not
# a check: "honoured" when the three values round toward zero (nearest even would give 0x3c01,
# 0x3d00, 0xbd00).
echo "== control: f32_to_f16_rtz.spvasm (FPRoundingMode RTZ on f32 -> f16)"
if srun control.f16_rtz "$here/f32_to_f16_rtz.spvasm" --buffer 0.0=u32:0x3f801001,0x3f9fffff,0xbf9fffff \
  --buffer 0.1=zeros:3:f16 --print 0.1 --expect 0.1=u16:0x3c00,0x3cff,0xbcff; then
  echo "INFO control.f16_rtz: FPRoundingMode RTZ on f32 -> f16 is honoured"
else
  echo "INFO control.f16_rtz: FPRoundingMode RTZ on f32 -> f16 is NOT honoured (or the run failed; see control.f16_rtz.log)"
fi

echo "== cooperative matrix: bf16_coopmat.spvasm"
for mode in positive signed; do
  name=coopmat.$mode
  mkdir -p "$out/$name"
  if [ $mode = positive ]; then seed=1; else seed=2; fi
  check coop-input "$out/$name" $seed $mode || { result "$name" 1 "check.py coop-input failed"; continue; }
  args=("$here/bf16_coopmat.spvasm" --buffer "0.0=@$out/$name/A.bf16" --buffer "0.1=@$out/$name/B.bf16"
        --buffer "0.2=@$out/$name/C.f32" --buffer "0.3=zeros:256:f32" --dump "0.3=$out/$name/D.f32")
  if [ $mode = positive ]; then
    srun "$name" "${args[@]}" --expect "0.3=$(check coop-expect "$out/$name")" --ulp 35
    rc=$?
  else
    srun "$name" "${args[@]}"
    rc=$?
  fi
  if [ $rc = 0 ]; then
    check coop-check "$out/$name" "$out/$name/D.f32" >"$out/$name.check" 2>&1
    rc=$?
    cat "$out/$name.check" >>"$out/$name.log"
    sed 's/^/  /' "$out/$name.check"
  fi
  result "$name" $rc
done

echo "$pass passed, $fail failed${failed[*]:+: ${failed[*]}}"
[ "$fail" = 0 ]
