#!/usr/bin/env bash
# Compiles the kernels of the `spvkit run` tests (tests/run/kernels/) into OUTDIR:
#   NAME.comp   -> NAME.comp.spv     glslangValidator -V --target-env vulkan1.1 (or the env of a
#                                     "// target-env: vulkanX.Y" line), checked by spirv-val
#   NAME.cl     -> NAME.cl.spv       clang-15 (spir64, OpenCL C 1.2, -O2) then llvm-spirv-15,
#                                     checked by spirv-val
#   NAME.spvasm -> NAME.spvasm.spv   `spvkit as` (SPIR-V 1.6, as `spvkit run` assembles text)
# A file newer than its source (and than the shared include and this script) is kept, so running
# it again is cheap; outputs are written under a temporary name and renamed, so two runs at once
# do not see half-written files.
# Usage: build_kernels.sh SPVKIT OUTDIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: build_kernels.sh SPVKIT OUTDIR" >&2; exit 2; }
spvkit=$1
out=$2
src=$(cd "$(dirname "$0")/kernels" && pwd)
GLSLANG=${GLSLANG:-glslangValidator}
CLANG=${CLANG:-clang-15}
LLVM_SPIRV=${LLVM_SPIRV:-llvm-spirv-15}
for tool in "$GLSLANG" "$CLANG" "$LLVM_SPIRV" spirv-val; do
  command -v "$tool" >/dev/null || { echo "build_kernels.sh: error: $tool is missing (run scripts/deps.sh test)" >&2; exit 1; }
done
mkdir -p "$out"
# -no-opaque-pointers: llvm-spirv-15 cannot translate clang-15's opaque pointers for some builtins.
clang_flags=(-cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -finclude-default-header
             -no-opaque-pointers -emit-llvm-bc -O2)
self=$0
fresh() { # output, sources...: is the output newer than every source?
  local o=$1 s
  shift
  [ -f "$o" ] || return 1
  for s in "$@" "$self"; do [ "$o" -nt "$s" ] || return 1; done
}
step() { # description, command...: runs a compiler, prints its output when it fails
  local what=$1
  shift
  if ! "$@" >"$tmp/log" 2>&1; then
    echo "build_kernels.sh: error: $what failed: $*" >&2
    cat "$tmp/log" >&2
    exit 1
  fi
}
tmp=$(mktemp -d "$out/.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
built=0
for f in "$src"/*.comp; do
  n=$(basename "$f")
  fresh "$out/$n.spv" "$f" "$src"/*.glsl && continue
  env=$(sed -n 's|^// *target-env: *\([a-z0-9.]*\).*|\1|p' "$f" | head -n1)
  env=${env:-vulkan1.1}
  step "$n" "$GLSLANG" -V --target-env "$env" -I"$src" -o "$tmp/$n.spv" "$f"
  step "spirv-val $n" spirv-val --target-env "$env" "$tmp/$n.spv"
  mv -f "$tmp/$n.spv" "$out/$n.spv"
  built=$((built + 1))
done
for f in "$src"/*.cl; do
  n=$(basename "$f")
  fresh "$out/$n.spv" "$f" && continue
  step "$n" "$CLANG" "${clang_flags[@]}" -o "$tmp/$n.bc" "$f"
  step "$n" "$LLVM_SPIRV" "$tmp/$n.bc" -o "$tmp/$n.spv"
  step "spirv-val $n" spirv-val "$tmp/$n.spv"
  mv -f "$tmp/$n.spv" "$out/$n.spv"
  built=$((built + 1))
done
for f in "$src"/*.spvasm; do
  n=$(basename "$f")
  fresh "$out/$n.spv" "$f" "$spvkit" && continue
  step "$n" "$spvkit" as -o "$tmp/$n.spv" "$f"
  mv -f "$tmp/$n.spv" "$out/$n.spv"
  built=$((built + 1))
done
[ $built -eq 0 ] || echo "build_kernels.sh: built $built kernels in $out"
