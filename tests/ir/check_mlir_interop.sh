#!/usr/bin/env bash
# spvkit's IR against MLIR 19's own tools (Debian mlir-19-tools), on every non-bf16 corpus module:
#   1. mlir-opt-19 parses and verifies spvkit's generic output (`--mlir-print-op-generic`);
#   2. spvkit parses mlir-opt-19's printed (custom-form) output of it, and prints the same IR as
#      spvkit's own custom form (value names aside: spvkit renumbers);
#   3. mlir-translate-19 --serialize-spirv of spvkit's output passes spirv-val for the module's
#      environment.
# A module that uses an instruction MLIR 19's spirv dialect does not define cannot pass (1); such
# modules are counted and listed with the missing ops, not failed. Skipped, with a message, when
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
pass=0 fail=0 lacking=0
declare -A missing_ops=()
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

while IFS=$'\t' read -r file kind source version env; do
  [ "$file" = "# file" ] && continue
  n=${file%.*}
  [[ $n == bf16_* ]] && continue   # MLIR 19 has no bf16 in the spirv dialect
  m="$out/modules/$file"
  if [ "$kind" = spvasm ]; then
    "$spvkit" as --target-env "$env" -o "$tmp/$n.in.spv" "$m" 2>/dev/null || { bad "$n: spvkit as"; continue; }
    m="$tmp/$n.in.spv"
  fi
  "$spvkit" translate --deserialize-spirv --mlir-print-op-generic "$m" -o "$tmp/$n.g.mlir" 2>"$tmp/err" ||
    { bad "$n: spvkit cannot deserialize it: $(head -1 "$tmp/err")"; continue; }
  "$spvkit" translate --deserialize-spirv "$m" -o "$tmp/$n.c.mlir" 2>/dev/null
  if ! "$mlir_opt" "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.mlir" 2>"$tmp/err"; then
    ops=$(grep -o "unregistered operation '[^']*'" "$tmp/err" | sed "s/.*'\(.*\)'/\1/" | sort -u | tr '\n' ' ')
    if [ -n "$ops" ]; then
      lacking=$((lacking + 1)); for o in $ops; do missing_ops[$o]=1; done
      echo "note: $n uses ops MLIR 19 does not define: $ops"
    else
      bad "$n: mlir-opt-19 rejects spvkit's generic output: $(grep -m2 error "$tmp/err")"
    fi
    continue
  fi
  ok=1
  if "$spvkit" opt "$tmp/$n.mlir19.mlir" -o "$tmp/$n.back.mlir" 2>"$tmp/err"; then
    # builtin.module wrapper: compare the spirv.module inside with spvkit's own print.
    sed -e '1{/^module {$/d}' -e '${/^}$/d}' -e 's/^  //' "$tmp/$n.back.mlir" >"$tmp/$n.back2.mlir"
    cmp -s "$tmp/$n.back2.mlir" "$tmp/$n.c.mlir" ||
      { bad "$n: spvkit's print of mlir-opt-19's output differs from its own: $(diff "$tmp/$n.c.mlir" "$tmp/$n.back2.mlir" | head -4)"; ok=0; }
  else
    bad "$n: spvkit cannot parse mlir-opt-19's output: $(head -2 "$tmp/err")"; ok=0
  fi
  if "$mlir_translate" --serialize-spirv --no-implicit-module "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.spv" 2>"$tmp/err" ||
     "$mlir_translate" --serialize-spirv "$tmp/$n.g.mlir" -o "$tmp/$n.mlir19.spv" 2>"$tmp/err"; then
    spirv-val --target-env "$env" "$tmp/$n.mlir19.spv" >"$tmp/err" 2>&1 ||
      { bad "$n: spirv-val rejects mlir-translate-19's serialization of spvkit's output: $(head -1 "$tmp/err")"; ok=0; }
  else
    bad "$n: mlir-translate-19 --serialize-spirv fails on spvkit's output: $(grep -m1 error "$tmp/err")"; ok=0
  fi
  [ $ok = 1 ] && pass=$((pass + 1))
done <"$out/modules/MANIFEST.tsv"
echo "modules using ops MLIR 19 lacks: $lacking (${!missing_ops[*]})"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
