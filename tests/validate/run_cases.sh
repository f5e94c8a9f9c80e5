#!/usr/bin/env bash
# Data-driven validator cases: tests/validate/cases/FAMILY/NAME.invalid.spvasm and NAME.valid.spvasm.
#
#   run_cases.sh SPVKIT CASES_DIR
#
# A case's leading comments say how to run it and what to expect:
#   ; RUN: --target-env vulkan1.3        arguments for `spvkit val` (default: none, universal rules)
#   ; EXPECT: VUID-StandaloneSpirv-OpTypeFloat-10370
#                                        a rule the output must name as "[RULE]" (one line each)
# An .invalid case must exit 1 naming every EXPECT rule; an instruction line ending in "; <- here"
# must be the position of a diagnostic (file:LINE:). Every .invalid case has a .valid counterpart
# (same NAME), which must exit 0. A RUN argument "@profiles/X" names a file of the source tree.
# Prints "N passed, N failed".
set -u
SPVKIT=$1
CASES=$2
ROOT=$(cd "$CASES/../../.." && pwd)
pass=0 fail=0
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
while IFS= read -r f; do
    rel=${f#"$CASES"/}
    args=$(sed -n 's/^; RUN: //p' "$f" | head -1)
    args=${args//@/$ROOT/}
    mapfile -t rules < <(sed -n 's/^; EXPECT: //p' "$f")
    # shellcheck disable=SC2086
    out=$("$SPVKIT" val $args "$f" 2>&1)
    rc=$?
    case "$f" in
    *.invalid.spvasm)
        counterpart=${f%.invalid.spvasm}.valid.spvasm
        [ -f "$counterpart" ] || { bad "$rel" "no valid counterpart ${counterpart#"$CASES"/}"; continue; }
        [ ${#rules[@]} -gt 0 ] || { bad "$rel" "no '; EXPECT: RULE' line"; continue; }
        [ $rc -eq 1 ] || { bad "$rel" "exit $rc, expected 1: $out"; continue; }
        ok=1
        for r in "${rules[@]}"; do
            grep -qF "[$r]" <<<"$out" || { bad "$rel" "no diagnostic names [$r]: $out"; ok=0; break; }
        done
        [ $ok = 1 ] || continue
        line=$(grep -n '; <- here' "$f" | head -1 | cut -d: -f1)
        if [ -n "$line" ] && ! grep -qF "$f:$line:" <<<"$out"; then
            bad "$rel" "no diagnostic at line $line: $out"; continue
        fi
        pass=$((pass + 1)) ;;
    *.valid.spvasm)
        [ $rc -eq 0 ] || { bad "$rel" "exit $rc, expected 0 (valid): $out"; continue; }
        pass=$((pass + 1)) ;;
    *) bad "$rel" "a case is NAME.invalid.spvasm or NAME.valid.spvasm" ;;
    esac
done < <(find "$CASES" -name '*.spvasm' | sort)
echo "validate cases: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
