#!/usr/bin/env bash
# spvkit's IR against MLIR 19's own tools (Debian mlir-19-tools), on every corpus module but bf16_* and ir_*:
#   1. mlir-opt-19 parses and verifies spvkit's generic output (`--mlir-print-op-generic`);
#   2. spvkit parses mlir-opt-19's printed (custom-form) output of it; and the IR mlir-opt-19 read
#      is the IR spvkit wrote (spvkit's generic print of mlir-opt-19's generic print equals
#      spvkit's own; MLIR's custom printers drop some discardable attributes, so custom prints
#      are not compared);
#   3. mlir-translate-19 --serialize-spirv of spvkit's output passes spirv-val for the module's
#      environment.
# A module that needs what MLIR 19 lacks (an op its spirv dialect does not define or cannot
# serialize, or a type rule stricter than SPIR-V's) cannot pass; such modules are counted and
# listed with the reason, not failed. Skipped, with a message, when
# mlir-opt-19 is not installed.
# Usage: check_mlir_interop.sh BUILD_DIR OUTDIR
set -uo pipefail
build=$1
out=$2
spvkit="$build/spvkit"
here=$(cd "$(dirname "$0")" && pwd)
mlir_opt=$(command -v mlir-opt-19 || echo /usr/lib/llvm-19/bin/mlir-opt)
mlir_translate=$(command -v mlir-translate-19 || echo /usr/lib/llvm-19/bin/mlir-translate)
if [ ! -x "$mlir_opt" ] || [ ! -x "$mlir_translate" ]; then
  echo "skipped: mlir-opt-19 / mlir-translate-19 not installed (apt-get install mlir-19-tools)"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/tmp"
"$here/../corpus/build_corpus.sh" "$out/modules" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; echo "error: building the corpus failed" >&2; exit 1; }
tmp="$out/tmp"
pass=0 fail=0 limited=0
declare -A limits=()
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# limitation FILE: is the error in FILE one of MLIR 19's own limits (what its spirv dialect cannot
# represent, verify or serialize although SPIR-V allows it)? Prints the reason.
limitation() {
  local f=$1 x
  x=$(grep -o -m1 "unregistered operation '[^']*'" "$f" | sed "s/.*'\(.*\)'/\1/")
  [ -n "$x" ] && { echo "MLIR 19 has no $x"; return 0; }
  x=$(grep -A1 -m1 "unhandled operation serialization" "$f" | grep -o -m1 '"spirv\.[A-Za-z0-9_.]*"' | tr -d '"')
  [ -n "$x" ] && { echo "MLIR 19 cannot serialize $x"; return 0; }
  x=$(grep -o -m1 "unhandled decoration [A-Za-z0-9]*" "$f" | sed 's/unhandled decoration //')
  [ -n "$x" ] && { echo "MLIR 19 cannot serialize decoration $x"; return 0; }
  x=$(grep -o -m1 "unknown SPIR-V type: [a-z_]*" "$f" | sed 's/.*: //')
  [ -n "$x" ] && { echo "MLIR 19 has no type !spirv.$x"; return 0; }
  x=$(grep -o -m1 "unknown SPIR-V attribute kind: [a-z_]*" "$f" | sed 's/.*: //')
  [ -n "$x" ] && { echo "MLIR 19 has no attribute #spirv.$x"; return 0; }
  # SPIR-V lets integer operands and results differ in signedness (glslang mixes int and uint);
  # MLIR 19 requires one type.
  x=$(grep -o -m1 "'spirv\.[A-Za-z]*' op requires the same type for all operands and results" "$f" | cut -d"'" -f2)
  [ -n "$x" ] && { echo "MLIR 19 requires one signedness for all of $x's operands and result"; return 0; }
  grep -q "expected single integer for array element count" "$f" && { echo "MLIR 19 has no arrays sized by a spec constant"; return 0; }
  grep -q "'spirv.Load' op result #0 must be" "$f" && { echo "MLIR 19's Load cannot load images, samplers or sampled images"; return 0; }
  grep -q -E "'spirv.(Load|Store)' op expected [0-9]+ operands" "$f" && { echo "MLIR 19 has no MakePointerAvailable/Visible scope operands"; return 0; }
  grep -q "vector length has to be less than or equal to 4" "$f" && { echo "MLIR 19 has no 8- and 16-element vectors here"; return 0; }
  grep -q "cannot use 'none' to compose SPIR-V types" "$f" && { echo "MLIR 19 has no pointer to void"; return 0; }
  grep -q "'spirv.SpecConstantOperation' op invalid enclosed op" "$f" && { echo "MLIR 19 allows fewer ops in SpecConstantOperation than SPIR-V's Kernel capability"; return 0; }
  # spvkit writes struct-level decorations (CPacked, ...) as `!spirv.struct<N, (...), [CPacked]>`
  grep -q "error: expected '>'" "$f" && grep -q -E '\), \[[A-Z][A-Za-z]*\]>' "$f" && { echo "MLIR 19 has no struct-level decorations"; return 0; }
  return 1
}
note_limit() { limited=$((limited + 1)); limits["$2"]=$((${limits["$2"]:-0} + 1)); echo "note: $1: $2"; }

while IFS=$'\t' read -r file kind source version env; do
  [ "$file" = "# file" ] && continue
  n=${file%.*}
  [[ $n == bf16_* ]] && continue   # MLIR 19 has no bf16 in the spirv dialect
  # ir_* modules each hold a construct MLIR 19 has no spelling for (untyped pointers, Float8,
  # tensor layouts, cooperative matrix 2, ...: spvkit's additions, docs/spirv_dialect.md).
  [[ $n == ir_* ]] && continue
  m="$out/modules/$file"
  if [ "$kind" = spvasm ]; then
    "$spvkit" as --target-env "$env" -o "$tmp/$n.in.spv" "$m" 2>/dev/null || { bad "$n: spvkit as"; continue; }
    m="$tmp/$n.in.spv"
  fi
  "$spvkit" translate --deserialize-spirv --mlir-print-op-generic "$m" -o "$tmp/$n.g.mlir" 2>"$tmp/err" ||
    { bad "$n: spvkit cannot deserialize it: $(head -1 "$tmp/err")"; continue; }
  # 1. mlir-opt-19 parses and verifies spvkit's generic output.
  if ! "$mlir_opt" "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.mlir" 2>"$tmp/err"; then
    if why=$(limitation "$tmp/err"); then note_limit "$n" "$why"; else
      bad "$n: mlir-opt-19 rejects spvkit's generic output: $(grep -m1 error "$tmp/err")"; fi
    continue
  fi
  ok=1
  # 2. spvkit parses mlir-opt-19's custom form; and the IR mlir-opt-19 read is the IR spvkit wrote:
  #    spvkit's generic print of mlir-opt-19's generic print equals spvkit's generic print.
  "$spvkit" opt "$tmp/$n.mlir19.mlir" -o "$tmp/$n.back.mlir" 2>"$tmp/err" ||
    { bad "$n: spvkit cannot parse mlir-opt-19's output: $(head -2 "$tmp/err")"; ok=0; }
  "$mlir_opt" --mlir-print-op-generic "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.g.mlir" 2>/dev/null &&
    "$spvkit" opt --mlir-print-op-generic "$tmp/$n.mlir19.g.mlir" -o "$tmp/$n.a.mlir" 2>"$tmp/err" &&
    "$spvkit" opt --mlir-print-op-generic "$tmp/$n.g.mlir" -o "$tmp/$n.b.mlir" 2>>"$tmp/err" &&
    cmp -s "$tmp/$n.a.mlir" "$tmp/$n.b.mlir" ||
    { bad "$n: the IR mlir-opt-19 read differs from spvkit's: $(head -2 "$tmp/err"; diff "$tmp/$n.b.mlir" "$tmp/$n.a.mlir" 2>/dev/null | head -4)"; ok=0; }
  # 3. mlir-translate-19 serializes spvkit's output into a module spirv-val accepts.
  if "$mlir_translate" --no-implicit-module --serialize-spirv "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.spv" 2>"$tmp/err"; then
    if ! spirv-val --target-env "$env" "$tmp/$n.mlir19.spv" >"$tmp/err" 2>&1; then
      if grep -q "Interface struct has no Block decoration" "$tmp/err"; then
        note_limit "$n" "MLIR 19 keeps no Block decoration on Input/Output blocks (gl_PerVertex)"; continue
      elif grep -q "OpTypeForwardPointer\|Id is 0" "$tmp/err"; then
        note_limit "$n" "MLIR 19 serializes recursive PhysicalStorageBuffer pointers wrongly"; continue
      fi
      bad "$n: spirv-val rejects mlir-translate-19's serialization of spvkit's output: $(head -1 "$tmp/err")"; ok=0
    fi
  elif why=$(limitation "$tmp/err"); then
    note_limit "$n" "$why"; continue
  else
    bad "$n: mlir-translate-19 --serialize-spirv fails on spvkit's output: $(grep -m1 error "$tmp/err")"; ok=0
  fi
  [ $ok = 1 ] && pass=$((pass + 1))
done <"$out/modules/MANIFEST.tsv"
echo "modules MLIR 19 cannot take, by its own limits: $limited"
for k in "${!limits[@]}"; do echo "  ${limits[$k]}: $k"; done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
