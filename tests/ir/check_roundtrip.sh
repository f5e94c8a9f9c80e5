#!/usr/bin/env bash
# Every corpus module through the IR (issue 4's bar):
#   1. `spvkit translate --deserialize-spirv` succeeds (the IR verifier runs);
#   2. printing is a fixpoint: `spvkit opt` of the printed IR prints the same text, in custom and
#      in generic form;
#   3. `spvkit translate --serialize-spirv` succeeds, and its output deserializes again (how many
#      give the very same IR is reported); both directions give the same output on 1 and 3 threads;
#   4. spirv-val accepts the output for the module's environment whenever it accepts the input
#      (bf16_* and ir_* modules: when the newest spirv-val is given as $SPIRV_VAL_NEW; Debian's knows
#      neither bf16 nor the constructs the ir_* modules test);
#   5. compute shaders compute the same: tests/ir/differential_run runs input and output on the
#      default Vulkan device (lavapipe) with the same inputs and compares every buffer.
# Usage: check_roundtrip.sh BUILD_DIR OUTDIR
set -uo pipefail
build=$1
out=$2
spvkit="$build/spvkit"
diffrun="$build/tests/differential_run"
here=$(cd "$(dirname "$0")" && pwd)
corpus_dir="$here/../corpus"
for tool in spirv-val glslangValidator clang-15 llvm-spirv-15; do
  command -v $tool >/dev/null || { echo "error: $tool is missing (run scripts/deps.sh test)" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out/tmp"
"$corpus_dir/build_corpus.sh" "$out/modules" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; echo "error: building the corpus failed" >&2; exit 1; }
tmp="$out/tmp"
pass=0 fail=0 same_runs=0 not_run=0 stable=0
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

while IFS=$'\t' read -r file kind source version env; do
  [ "$file" = "# file" ] && continue
  n=${file%.*}
  m="$out/modules/$file"
  if [ "$kind" = spvasm ]; then
    "$spvkit" as --target-env "$env" -o "$tmp/$n.in.spv" "$m" 2>"$tmp/err" || { bad "$n: spvkit as: $(head -1 "$tmp/err")"; continue; }
    m="$tmp/$n.in.spv"
  fi
  if ! "$spvkit" translate --deserialize-spirv "$m" -o "$tmp/$n.mlir" 2>"$tmp/err"; then
    bad "$n: deserialize: $(head -3 "$tmp/err")"; continue
  fi
  ok=1
  # (spvkit opt wraps the top-level spirv.module in `module { }`, as mlir-opt does: compare two opt prints.)
  "$spvkit" opt "$tmp/$n.mlir" -o "$tmp/$n.1.mlir" 2>"$tmp/err" &&
    "$spvkit" opt "$tmp/$n.1.mlir" -o "$tmp/$n.2.mlir" 2>>"$tmp/err" && cmp -s "$tmp/$n.1.mlir" "$tmp/$n.2.mlir" ||
    { bad "$n: print/parse/print is not a fixpoint: $(head -2 "$tmp/err"; diff "$tmp/$n.1.mlir" "$tmp/$n.2.mlir" 2>/dev/null | head -4)"; ok=0; }
  "$spvkit" opt --mlir-print-op-generic "$tmp/$n.mlir" -o "$tmp/$n.g.mlir" 2>"$tmp/err" &&
    "$spvkit" opt --mlir-print-op-generic "$tmp/$n.g.mlir" -o "$tmp/$n.g2.mlir" 2>>"$tmp/err" &&
    cmp -s "$tmp/$n.g.mlir" "$tmp/$n.g2.mlir" ||
    { bad "$n: generic print/parse/print is not a fixpoint: $(head -2 "$tmp/err")"; ok=0; }
  if ! "$spvkit" translate --serialize-spirv "$tmp/$n.mlir" -o "$tmp/$n.out.spv" 2>"$tmp/err"; then
    bad "$n: serialize: $(head -3 "$tmp/err")"; continue
  fi
  # Threads change nothing: workers that build, print or serialize functions give one thread's
  # text and words.
  "$spvkit" translate --threads 1 --deserialize-spirv "$m" -o "$tmp/$n.t1.mlir" 2>/dev/null &&
    "$spvkit" translate --threads 3 --deserialize-spirv "$m" -o "$tmp/$n.t3.mlir" 2>/dev/null &&
    cmp -s "$tmp/$n.t1.mlir" "$tmp/$n.t3.mlir" ||
    { bad "$n: deserializing on 3 threads differs from 1"; ok=0; }
  "$spvkit" translate --threads 1 --serialize-spirv "$tmp/$n.mlir" -o "$tmp/$n.t1.spv" 2>/dev/null &&
    "$spvkit" translate --threads 3 --serialize-spirv "$tmp/$n.mlir" -o "$tmp/$n.t3.spv" 2>/dev/null &&
    cmp -s "$tmp/$n.t1.spv" "$tmp/$n.t3.spv" ||
    { bad "$n: serializing on 3 threads differs from 1"; ok=0; }
  # The output deserializes again; identical IR is counted (not required: a merge block the
  # serializer had to split, for one, comes back as an extra block).
  if "$spvkit" translate --deserialize-spirv "$tmp/$n.out.spv" -o "$tmp/$n.3.mlir" 2>"$tmp/err"; then
    cmp -s "$tmp/$n.mlir" "$tmp/$n.3.mlir" && stable=$((stable + 1))
  else
    bad "$n: the output does not deserialize: $(head -2 "$tmp/err")"; ok=0
  fi
  val=spirv-val
  # ir_* modules hold constructs Debian's spirv-val does not know either (Float8, tensor addressing, ...).
  if grep -q BFloat16 "$out/modules/$file" 2>/dev/null || [[ $n == bf16_* || $n == ir_* ]]; then val=${SPIRV_VAL_NEW:-}; fi
  if [ -n "$val" ] && "$val" --target-env "$env" "$m" >/dev/null 2>&1; then
    "$val" --target-env "$env" "$tmp/$n.out.spv" >"$tmp/err" 2>&1 || { bad "$n: spirv-val --target-env $env rejects the output: $(head -2 "$tmp/err")"; ok=0; }
  fi
  if [ -x "$diffrun" ] && [[ $env == vulkan* ]]; then
    # Leak checking off for the device runs: Mesa 22.3's lavapipe leaks from its compile thread
    # for some shaders (glsl_ubo_std140: 11 KiB "definitely lost" under valgrind, every frame in
    # libvulkan_lvp.so below start_thread), which LSan cannot attribute once the driver is unloaded.
    r=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "$diffrun" "$m" "$tmp/$n.out.spv" 2>&1); rc=$?
    case $rc in
      0) same_runs=$((same_runs + 1)) ;;
      77) not_run=$((not_run + 1)) ;;
      *) bad "$n: results differ: $r"; ok=0 ;;
    esac
  fi
  [ $ok = 1 ] && pass=$((pass + 1))
done <"$out/modules/MANIFEST.tsv"
echo "binary -> IR -> binary -> IR gives the same IR: $stable modules"
echo "compute shaders run on both sides with the same results: $same_runs (not runnable here: $not_run)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
