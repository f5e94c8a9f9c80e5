#!/usr/bin/env bash
# Builds the spvkit test corpus of real SPIR-V modules.
#
#   tests/corpus/build_corpus.sh OUTDIR
#
# Writes into OUTDIR (created if missing; existing files of the same names are overwritten):
#   glsl_<name>.vulkan1.<N>.spv   every glsl/<name>.{comp,vert,frag} compiled by glslangValidator -V
#                                 for vulkan1.1, vulkan1.2 and vulkan1.3, skipping the envs below a
#                                 "// min-env: vulkan1.<N>" line in the shader's header
#   opencl_<name>.O0.spv          every opencl/<name>.cl compiled by clang-15 (-cc1, spir64, CL1.2)
#   opencl_<name>.O2.spv          at -O0 and -O2, then translated by llvm-spirv-15
#   <name>.spvasm                 every bf16/<name>.spvasm, copied as is (spvkit assembles these
#                                 itself; Debian's SPIRV-Tools 2023.1 cannot parse bf16)
#   MANIFEST.tsv                  one line per file: file, kind, source, SPIR-V version (for .spv),
#                                 and the target environment to validate it with
#
# Fails (non-zero exit, with the compiler's output) as soon as any compiler fails.
# Tool names can be overridden with GLSLANG, CLANG and LLVM_SPIRV, e.g. for a different LLVM.
set -euo pipefail

usage() {
    echo "usage: $0 OUTDIR" >&2
    exit 2
}
[[ $# -eq 1 && -n "$1" ]] || usage

OUTDIR=$1
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GLSLANG=${GLSLANG:-glslangValidator}
CLANG=${CLANG:-clang-15}
LLVM_SPIRV=${LLVM_SPIRV:-llvm-spirv-15}

VULKAN_ENVS=(vulkan1.1 vulkan1.2 vulkan1.3)
OPT_LEVELS=(O0 O2)
# -no-opaque-pointers: clang-15 defaults to opaque pointers, which llvm-spirv-15 cannot translate
# for builtins that take pointers (atomics, vload/vstore, ...): it dies on an assertion.
CLANG_FLAGS=(-cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -finclude-default-header
             -no-opaque-pointers -emit-llvm-bc)

die() {
    echo "build_corpus.sh: error: $*" >&2
    exit 1
}

for tool in "$GLSLANG" "$CLANG" "$LLVM_SPIRV"; do
    command -v "$tool" >/dev/null 2>&1 || die "required tool '$tool' not found in PATH"
done

mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-corpus.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

shopt -s nullglob

# run LOGNAME CMD...: runs a compiler, keeps its output, and on failure prints it and stops.
run() {
    local log="$TMP/$1.log"
    shift
    if ! "$@" >"$log" 2>&1; then
        echo "build_corpus.sh: command failed: $*" >&2
        cat "$log" >&2
        exit 1
    fi
}

# spirv_version FILE: prints "1.N" from the module header (little-endian word 1: 0x00MMmm00).
spirv_version() {
    local bytes
    bytes=$(od -An -tu1 -j5 -N2 "$1" | tr -s ' ')
    set -- $bytes
    echo "$2.$1"
}

# min_env FILE COMMENT-PREFIX: prints the value of a "<prefix> min-env: X" header line, if any.
min_env() {
    sed -n "s|^$2 *min-env: *\\([A-Za-z0-9.]*\\).*|\\1|p" "$1" | head -n 1
}

MANIFEST="$TMP/MANIFEST.tsv"
printf '# file\tkind\tsource\tspirv_version\tvalidate_env\n' >"$MANIFEST"
declare -A seen=()
count_glsl=0 count_cl=0 count_asm=0

# --- GLSL ------------------------------------------------------------------------------------
for src in "$HERE"/glsl/*.comp "$HERE"/glsl/*.vert "$HERE"/glsl/*.frag; do
    file=$(basename "$src")
    name=${file%.*}
    [[ -z ${seen[glsl_$name]:-} ]] || die "two GLSL sources named '$name' (${seen[glsl_$name]}, $file)"
    seen[glsl_$name]=$file
    floor=$(min_env "$src" //)
    if [[ -n $floor && ! " ${VULKAN_ENVS[*]} " =~ " $floor " ]]; then
        die "$file: unknown min-env '$floor' (expected one of ${VULKAN_ENVS[*]})"
    fi
    building=${floor:+no}
    building=${building:-yes}
    for env in "${VULKAN_ENVS[@]}"; do
        [[ $env == "$floor" ]] && building=yes
        [[ $building == yes ]] || continue
        out="glsl_$name.$env.spv"
        run "$out" "$GLSLANG" -V --target-env "$env" -o "$OUTDIR/$out" "$src"
        printf '%s\tglsl\tglsl/%s\t%s\t%s\n' "$out" "$file" "$(spirv_version "$OUTDIR/$out")" "$env" >>"$MANIFEST"
        count_glsl=$((count_glsl + 1))
    done
done

# --- OpenCL C ---------------------------------------------------------------------------------
for src in "$HERE"/opencl/*.cl; do
    file=$(basename "$src")
    name=${file%.cl}
    for opt in "${OPT_LEVELS[@]}"; do
        out="opencl_$name.$opt.spv"
        bc="$TMP/opencl_$name.$opt.bc"
        run "$out.clang" "$CLANG" "${CLANG_FLAGS[@]}" "-$opt" -o "$bc" "$src"
        run "$out.llvm-spirv" "$LLVM_SPIRV" "$bc" -o "$OUTDIR/$out"
        ver=$(spirv_version "$OUTDIR/$out")
        # llvm-spirv-15 writes SPIR-V 1.0 unless the module needs more (it picks 1.4 when an entry
        # point's interface must list non-Input/Output variables); validate as universal SPIR-V.
        printf '%s\topencl\topencl/%s\t%s\tspv%s\n' "$out" "$file" "$ver" "$ver" >>"$MANIFEST"
        count_cl=$((count_cl + 1))
    done
done

# --- hand-written SPIR-V assembly (assembled by spvkit, not here) -----------------------------
for src in "$HERE"/bf16/*.spvasm; do
    file=$(basename "$src")
    cp "$src" "$OUTDIR/$file"
    env=$(min_env "$src" ';')
    printf '%s\tspvasm\tbf16/%s\t-\t%s\n' "$file" "$file" "${env:-spv1.6}" >>"$MANIFEST"
    count_asm=$((count_asm + 1))
done

cp "$MANIFEST" "$OUTDIR/MANIFEST.tsv"
echo "build_corpus.sh: $count_glsl GLSL modules, $count_cl OpenCL modules, $count_asm .spvasm files -> $OUTDIR"
