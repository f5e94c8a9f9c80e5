#!/usr/bin/env bash
# Checks a corpus built by build_corpus.sh with SPIRV-Tools:
#
#   tests/corpus/verify_corpus.sh OUTDIR
#
# For every module in OUTDIR/MANIFEST.tsv:
#   - .spv files: spirv-val with the manifest's target env (OpenCL modules also with opencl1.2,
#     opencl2.0 and opencl2.2, reported but not required); then a round trip
#     spirv-dis --raw-id | spirv-as --preserve-numeric-ids, compared with cmp: "same", "generator"
#     (only the generator word differs: spirv-as writes its own) or "DIFF".
#   - .spvasm files: assembled with the manifest's target env, validated, and round-tripped the
#     same way (dis --raw-id, as --preserve-numeric-ids, cmp). Files that use SPV_KHR_bfloat16 need a
#     SPIRV-Tools newer than Debian's 2023.1: point SPIRV_TOOLS_NEW at its bin directory (default
#     /work/ext/spirv-tools-new/bin); without one they are reported as skipped.
#   - for every module, whether the header's Bound is larger than (largest id used) + 1.
# Prints one line per module and a summary; exits non-zero if anything required failed.
set -euo pipefail

[[ $# -eq 1 ]] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
OUTDIR=$(cd "$1" && pwd)
MANIFEST="$OUTDIR/MANIFEST.tsv"
[[ -f $MANIFEST ]] || { echo "no $MANIFEST (run build_corpus.sh first)" >&2; exit 2; }

OLD=${SPIRV_TOOLS_OLD:-/usr/bin}
NEW=${SPIRV_TOOLS_NEW:-/work/ext/spirv-tools-new/bin}
[[ -x $NEW/spirv-as ]] || NEW=""

TMP=$(mktemp -d "${TMPDIR:-/tmp}/spvkit-verify.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# bound FILE: the header's Bound (word 3).
bound() { od -An -tu4 -j12 -N4 "$1" | tr -d ' '; }
# max_id DISASSEMBLY: the largest %N in a --raw-id listing (outside of strings and comments).
max_id() {
    sed -e 's/"\([^"\\]\|\\.\)*"//g' -e 's/;.*//' "$1" | grep -o '%[0-9]\+' | tr -d '%' | sort -n | tail -n 1
}
# compare A B: same | generator | DIFF
compare() {
    if cmp -s "$1" "$2"; then echo same; return; fi
    local offsets
    offsets=$(cmp -l "$1" "$2" 2>/dev/null | awk '{print $1}') || true
    if [[ $(stat -c %s "$1") == $(stat -c %s "$2") ]] &&
       ! awk '$1 < 9 || $1 > 12 { bad = 1 } END { exit !bad }' <<<"$offsets"; then
        echo generator
    else
        echo DIFF
    fi
}

n=0 val_ok=0 val_fail=0 rt_same=0 rt_gen=0 rt_diff=0 skipped=0 slack=0 total_bytes=0
declare -A ocl_ok=()
failures=()

while IFS=$'\t' read -r file kind src version env; do
    [[ $file == \#* ]] && continue
    n=$((n + 1))
    path="$OUTDIR/$file"
    tools=$OLD
    spv="$path"
    notes=""
    if [[ $kind == spvasm ]]; then
        if grep -q 'SPV_KHR_bfloat16' "$path"; then
            if [[ -z $NEW ]]; then
                echo "SKIP   $file (bf16: needs a newer SPIRV-Tools, set SPIRV_TOOLS_NEW)"
                skipped=$((skipped + 1))
                continue
            fi
            tools=$NEW
        fi
        spv="$TMP/$file.spv"
        if ! "$tools/spirv-as" --target-env "$env" "$path" -o "$spv" 2>"$TMP/err"; then
            echo "FAIL   $file: spirv-as: $(head -n 1 "$TMP/err")"
            failures+=("$file (assemble)")
            val_fail=$((val_fail + 1))
            continue
        fi
    fi
    total_bytes=$((total_bytes + $(stat -c %s "$spv")))

    if "$tools/spirv-val" --target-env "$env" "$spv" 2>"$TMP/err"; then
        val="val:ok"
        val_ok=$((val_ok + 1))
    else
        val="val:FAIL($(head -n 1 "$TMP/err"))"
        val_fail=$((val_fail + 1))
        failures+=("$file (validate $env)")
    fi
    if [[ $kind == opencl ]]; then
        for cl in opencl1.2 opencl2.0 opencl2.2; do
            if "$tools/spirv-val" --target-env "$cl" "$spv" 2>/dev/null; then
                notes+=" $cl:ok"
                ocl_ok[$cl]=$(( ${ocl_ok[$cl]:-0} + 1 ))
            else
                notes+=" $cl:no"
            fi
        done
    fi

    dis="$TMP/$file.dis"
    re="$TMP/$file.re.spv"
    "$tools/spirv-dis" --raw-id "$spv" -o "$dis"
    "$tools/spirv-as" --preserve-numeric-ids --target-env "$env" "$dis" -o "$re"
    rt=$(compare "$spv" "$re")
    case $rt in
        same) rt_same=$((rt_same + 1)) ;;
        generator) rt_gen=$((rt_gen + 1)) ;;
        *) rt_diff=$((rt_diff + 1)); failures+=("$file (round trip)") ;;
    esac

    b=$(bound "$spv")
    m=$(max_id "$dis")
    if (( b > m + 1 )); then
        notes+=" bound=$b>maxid+1=$((m + 1))"
        slack=$((slack + 1))
    fi
    echo "ok     $file [$env] $val rt:$rt$notes"
done <"$MANIFEST"

echo
echo "modules: $n (skipped $skipped), bytes (binaries): $total_bytes"
echo "validate: $val_ok ok, $val_fail failed"
echo "round trip: $rt_same identical, $rt_gen differ only in the generator word, $rt_diff differ"
echo "OpenCL modules also valid for: opencl1.2=${ocl_ok[opencl1.2]:-0} opencl2.0=${ocl_ok[opencl2.0]:-0} opencl2.2=${ocl_ok[opencl2.2]:-0}"
echo "modules whose Bound > max id + 1: $slack"
if (( ${#failures[@]} )); then
    printf 'FAILED: %s\n' "${failures[@]}"
    exit 1
fi
