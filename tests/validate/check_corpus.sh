#!/usr/bin/env bash
# spvkit val against spirv-val on every module of the corpus: both must say valid, or both invalid.
#
#   tests/validate/check_corpus.sh BUILD_DIR WORK_DIR
#
# BUILD_DIR holds the spvkit command; WORK_DIR (emptied first) receives the corpus
# (tests/corpus/build_corpus.sh) and the tools' outputs. Checked, each with `spirv-val
# --target-env ENV` and `spvkit val --target-env ENV`:
#   glsl_*.vulkan1.N.spv    ENV vulkan1.N (MANIFEST.tsv's environment)
#   opencl_*.spv            ENV spv1.X, the module's own version (MANIFEST.tsv); modules of SPIR-V
#                           1.0 also opencl1.2, opencl2.0, opencl2.1 and opencl2.2 (SPIRV-Tools'
#                           OpenCL environments stop at SPIR-V 1.2, llvm-spirv writes 1.0 or 1.4)
#   bf16/*.spvasm           ENV the file's "; min-env:" line (default spv1.6), assembled by spvkit;
#                           files that use bf16, and ir_*.spvasm, need the newest spirv-val
#                           (SPIRV_VAL_BF16, default /work/ext/spirv-tools-new/bin/spirv-val);
#                           without it their recorded
#                           expectation stands in for it: every corpus module is valid
#   tests/text cases        every assembler case that assembles (X.expected, with X.options) and
#                           every disassembler case, ENV spv1.X of the assembled module; bf16 ones
#                           only with the newest spirv-val (skipped otherwise)
# spirv-val is SPIRV_VAL (default: spirv-val in PATH, Debian's 2023.1). When spvkit does not know
# ENV (exit 2, "unknown target environment": the target layer is missing), the module is validated
# without --target-env (universal rules of its own version) and the summary says how often.
# Prints each disagreement with both tools' output, then "N passed, N failed". Exit 0 when all
# agree, 1 otherwise, 77 (skipped) when spirv-val or a corpus compiler is missing.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BUILD_DIR WORK_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
work=$2
spvkit=$build/spvkit
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SPIRV_VAL=${SPIRV_VAL:-spirv-val}
SPIRV_VAL_BF16=${SPIRV_VAL_BF16:-/work/ext/spirv-tools-new/bin/spirv-val}
[ -x "$SPIRV_VAL_BF16" ] || SPIRV_VAL_BF16=""

[ -x "$spvkit" ] || { echo "error: $spvkit not found (build first)" >&2; exit 2; }
if ! command -v "$SPIRV_VAL" >/dev/null; then
    echo "SKIPPED: $SPIRV_VAL not found (Debian: apt-get install spirv-tools); nothing compared"
    exit 77
fi
for tool in glslangValidator clang-15 llvm-spirv-15 python3; do
    command -v $tool >/dev/null || { echo "SKIPPED: $tool not found (scripts/deps.sh installs it); the corpus cannot be built"; exit 77; }
done

rm -rf "$work"
mkdir -p "$work/tmp"
work=$(cd "$work" && pwd)
tmp=$work/tmp
if ! "$root/tests/corpus/build_corpus.sh" "$work/modules" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "error: building the corpus failed" >&2
    exit 1
fi

pass=0 fail=0 skipped=0 fallback=0 recorded=0
declare -a fallback_envs=()

# spvkit_val ENV FILE: runs spvkit val into $tmp/kit.out; sets kit_rc and kit_note.
spvkit_val() {
    kit_note=""
    "$spvkit" val --target-env "$1" "$2" >"$tmp/kit.out" 2>&1
    kit_rc=$?
    if [ $kit_rc -eq 2 ] && grep -q "unknown target environment" "$tmp/kit.out"; then
        "$spvkit" val "$2" >"$tmp/kit.out" 2>&1
        kit_rc=$?
        kit_note=" (spvkit: --target-env $1 unknown, universal rules used)"
        fallback=$((fallback + 1))
        [[ " ${fallback_envs[*]} " == *" $1 "* ]] || fallback_envs+=("$1")
    fi
}

# compare NAME ENV FILE REF: REF is a spirv-val command, or "recorded-valid" for the recorded
# expectation of corpus bf16 modules.
compare() {
    local name=$1 env=$2 file=$3 ref=$4 ref_rc
    if [ "$ref" = recorded-valid ]; then
        ref_rc=0
        echo "(recorded expectation: valid; the newest spirv-val is not installed)" >"$tmp/ref.out"
        recorded=$((recorded + 1))
    else
        "$ref" --target-env "$env" "$file" >"$tmp/ref.out" 2>&1
        ref_rc=$?
    fi
    spvkit_val "$env" "$file"
    local ref_says kit_says
    if [ $ref_rc -eq 0 ]; then ref_says=valid; else ref_says=invalid; fi
    case $kit_rc in
    0) kit_says=valid ;;
    1) kit_says=invalid ;;
    *) kit_says="exit $kit_rc" ;;
    esac
    if [ "$ref_says" = "$kit_says" ]; then
        pass=$((pass + 1))
        return
    fi
    fail=$((fail + 1))
    echo "DISAGREE $name --target-env $env: spirv-val $ref_says, spvkit $kit_says$kit_note"
    echo "  spirv-val ($ref):"
    head -n 20 "$tmp/ref.out" | sed 's/^/    /'
    echo "  spvkit val:"
    head -n 40 "$tmp/kit.out" | sed 's/^/    /'
}

version_env() { # spv1.X of a binary's header
    python3 -c 'import struct,sys; v=struct.unpack("<5I", open(sys.argv[1],"rb").read(20))[1]; print("spv1.%d" % ((v >> 8) & 255))' "$1"
}
uses_bf16() { grep -q 'BFloat16\|SPV_KHR_bfloat16' "$1"; }
# ir_*.spvasm hold constructs newer than Debian's SPIRV-Tools too (untyped pointers, cooperative
# matrix 2, Float8): like bf16 ones, they need the newest spirv-val.
needs_newest() { uses_bf16 "$1" || [[ $(basename "$1") == ir_* ]]; }

# --- the corpus (MANIFEST.tsv: file, kind, source, version, environment) ----------------------
compiled=0 asm=0
while IFS=$'\t' read -r file kind _source version env; do
    case $file in '#'*|'') continue ;; esac
    m=$work/modules/$file
    case $kind in
    glsl)
        compiled=$((compiled + 1))
        compare "$file" "$env" "$m" "$SPIRV_VAL" ;;
    opencl)
        compiled=$((compiled + 1))
        compare "$file" "$env" "$m" "$SPIRV_VAL"
        if [ "$version" = 1.0 ]; then
            for e in opencl1.2 opencl2.0 opencl2.1 opencl2.2; do compare "$file" "$e" "$m" "$SPIRV_VAL"; done
        fi ;;
    spvasm)
        asm=$((asm + 1))
        spv=$tmp/${file%.spvasm}.spv
        if ! "$spvkit" as --target-env "$env" -o "$spv" "$m" >"$tmp/as.out" 2>&1; then
            fail=$((fail + 1)); echo "FAIL $file: spvkit as --target-env $env fails:"; sed 's/^/    /' "$tmp/as.out"; continue
        fi
        if ! needs_newest "$m"; then
            compare "$file" "$env" "$spv" "$SPIRV_VAL"
        elif [ -n "$SPIRV_VAL_BF16" ]; then
            compare "$file" "$env" "$spv" "$SPIRV_VAL_BF16"
        else
            compare "$file" "$env" "$spv" recorded-valid
        fi ;;
    esac
done <"$work/modules/MANIFEST.tsv"

# --- the assembler and disassembler text cases ------------------------------------------------
text=0
for f in "$root"/tests/text/assembler/*.spvasm "$root"/tests/text/assembler/options/*.spvasm \
         "$root"/tests/text/disassembler/*.spvasm; do
    [ -e "$f" ] || continue
    b=${f%.spvasm}
    case $f in */assembler/*) [ -f "$b.expected" ] || continue ;; esac
    opts=()
    if [ -f "$b.options" ]; then read -r -a opts <"$b.options"; fi
    name=text/${f#"$root"/tests/text/}
    spv=$tmp/text.spv
    (cd "$(dirname "$f")" && "$spvkit" as "${opts[@]}" -o "$spv" "$(basename "$f")") >/dev/null 2>&1 || continue
    env=$(version_env "$spv")
    if ! uses_bf16 "$f"; then
        text=$((text + 1)); compare "$name" "$env" "$spv" "$SPIRV_VAL"
    elif [ -n "$SPIRV_VAL_BF16" ]; then
        text=$((text + 1)); compare "$name" "$env" "$spv" "$SPIRV_VAL_BF16"
    else
        skipped=$((skipped + 1))
    fi
done

echo "corpus: $compiled compiled modules, $asm hand-written; $text text cases"
[ $recorded -eq 0 ] || echo "note: $recorded bf16 checks used the recorded expectation (valid): no newest spirv-val"
[ $skipped -eq 0 ] || echo "note: $skipped bf16 text cases skipped: no newest spirv-val (SPIRV_VAL_BF16)"
[ $fallback -eq 0 ] || echo "note: spvkit did not know --target-env ${fallback_envs[*]}: $fallback checks ran with universal rules instead (rerun once the target layer is in)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
