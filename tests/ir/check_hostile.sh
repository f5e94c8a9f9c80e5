#!/usr/bin/env bash
# Issue 30's hostile shapes (tests/fuzz/seeds) through the IR: the MLIR text parser, verifier and
# printer, the deserializer and the serializer. Each must end within seconds, in bounded memory,
# with exit 0 or 1 and a located message, and print linear text that prints to itself again.
# Usage: check_hostile.sh SPVKIT SOURCE_DIR
set -uo pipefail
spvkit=$1
seeds=$2/tests/fuzz/seeds
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit_s=10         # each command; they take milliseconds
max_kb=400000      # peak RSS (an ASan build's shadow memory included)
max_bytes=4194304  # any output (an alias body holds up to 16 KiB written out)
timer=
[ -x /usr/bin/time ] && timer=/usr/bin/time
pass=0
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# run NAME "ALLOWED EXIT CODES" OUT COMMAND...: runs it under the limits; $rc is its exit code.
run() {
  local what=$1 allowed=$2 out=$3
  shift 3
  rm -f "$out"
  if [ -n "$timer" ]; then
    timeout "$limit_s" "$timer" -f %M -o "$tmp/rss" "$@" >"$tmp/stdout" 2>"$tmp/err"
  else
    timeout "$limit_s" "$@" >"$tmp/stdout" 2>"$tmp/err"
  fi
  rc=$?
  local ok=1
  case " $allowed " in *" $rc "*) ;; *) bad "$what: exit $rc, expected one of $allowed: $(head -c 300 "$tmp/err")"; ok=0 ;; esac
  if [ -n "$timer" ] && [ $ok = 1 ]; then
    local kb
    kb=$(grep -E '^[0-9]+$' "$tmp/rss" | tail -1)
    if [ -n "$kb" ] && [ "$kb" -gt $max_kb ]; then bad "$what: peak RSS $kb KB (more than $max_kb)"; ok=0; fi
  fi
  for f in "$out" "$tmp/stdout" "$tmp/err"; do
    if [ -f "$f" ] && [ "$(wc -c <"$f")" -gt $max_bytes ]; then bad "$what: $f has $(wc -c <"$f") bytes"; ok=0; fi
  done
  [ $ok = 1 ] && pass=$((pass + 1))
}

# located NAME PATTERN: the last command's error names where (file:line:col or word offset + opcode).
located() {
  if [ "$rc" = 1 ]; then
    if grep -qE -- "$2" "$tmp/err"; then pass=$((pass + 1)); else bad "$1: no located message ($2): $(head -c 300 "$tmp/err")"; fi
  fi
}

# fixpoint NAME FILE OPTIONS...: opt prints FILE's IR to text that prints to itself.
fixpoint() {
  local what=$1 file=$2
  shift 2
  run "$what: print" "0" "$tmp/p1.mlir" "$spvkit" opt --allow-unregistered-dialect "$@" "$file" -o "$tmp/p1.mlir"
  [ "$rc" = 0 ] || return
  run "$what: print again" "0" "$tmp/p2.mlir" "$spvkit" opt --allow-unregistered-dialect "$@" "$tmp/p1.mlir" -o "$tmp/p2.mlir"
  [ "$rc" = 0 ] || return
  if cmp -s "$tmp/p1.mlir" "$tmp/p2.mlir"; then pass=$((pass + 1)); else bad "$what: print, parse, print is no fixpoint"; fi
}

# MLIR text: aliases of shared sub-trees (attributes, builtin and spirv types), huge splats, a
# switch whose case values and successors disagree.
for n in hostile_attribute_alias_dag hostile_type_alias_dag hostile_builtin_alias_dag hostile_location_alias_dag \
  hostile_opaque_alias_dag; do
  m="$seeds/mlir/$n.mlir"
  fixpoint "$n" "$m"
  grep -qE '^[#!][a-z_]+[0-9]* = ' "$tmp/p1.mlir" && pass=$((pass + 1)) || bad "$n: printed without aliases"
  fixpoint "$n (generic)" "$m" --mlir-print-op-generic
  fixpoint "$n (locations)" "$m" --mlir-print-debuginfo
done
run "type alias DAG: serialize" "0 1" "$tmp/t.spv" "$spvkit" translate --serialize-spirv \
  "$seeds/mlir/hostile_type_alias_dag.mlir" -o "$tmp/t.spv"
located "type alias DAG: serialize" 'hostile_type_alias_dag\.mlir:[0-9]+:[0-9]+: error:'
if [ "$rc" = 0 ]; then
  run "type alias DAG: deserialize" "0" "$tmp/t.mlir" "$spvkit" translate --deserialize-spirv "$tmp/t.spv" -o "$tmp/t.mlir"
  [ "$rc" = 0 ] && fixpoint "type alias DAG: its deserialization" "$tmp/t.mlir"
fi

# A dense value must have a shaped type (MLIR: "elements literal must be a shaped type").
run "dense of a spirv.array type" "1" "$tmp/d.mlir" "$spvkit" opt "$seeds/mlir/hostile_dense_huge_array.mlir" -o "$tmp/d.mlir"
located "dense of a spirv.array type" 'hostile_dense_huge_array\.mlir:4:10: error: .*dense value must have a vector, tensor or cooperative matrix type'
# A splat of 2^32-1 elements is valid IR; no OpConstantComposite holds it.
m="$seeds/mlir/hostile_dense_huge_tensor.mlir"
fixpoint "huge splat" "$m"
run "huge splat: serialize" "1" "$tmp/h.spv" "$spvkit" translate --serialize-spirv "$m" -o "$tmp/h.spv"
located "huge splat: serialize" 'hostile_dense_huge_tensor\.mlir:4:10: error: .*OpConstantComposite holds at most 65532'
if [ "$(grep -c error "$tmp/err")" != 1 ]; then bad "huge splat: serialize reports more than the one error: $(cat "$tmp/err")"; fi

run "switch case count" "1" "$tmp/s.spv" "$spvkit" translate --serialize-spirv "$seeds/mlir/hostile_switch_case_count.mlir" -o "$tmp/s.spv"
located "switch case count" 'hostile_switch_case_count\.mlir:4:5: error: .spirv\.Switch. op case values: 3 case values for 1 case successors'

# Binaries: struct and constant DAGs, an array of 2^32-1 elements.
for n in hostile_struct_dag hostile_composite_dag hostile_composite_dag_in_function hostile_huge_array; do
  s="$seeds/text/$n.spvasm"
  run "$n: as" "0" "$tmp/$n.spv" "$spvkit" as -o "$tmp/$n.spv" "$s"
  [ "$rc" = 0 ] || continue
  for threads in 1 2; do
    run "$n: deserialize ($threads threads)" "0 1" "$tmp/$n.$threads.mlir" \
      "$spvkit" translate --threads $threads --deserialize-spirv "$tmp/$n.spv" -o "$tmp/$n.$threads.mlir"
    located "$n: deserialize" 'error: word [0-9]+ \(Op[A-Za-z]+\)'
  done
  if [ -f "$tmp/$n.1.mlir" ]; then
    cmp -s "$tmp/$n.1.mlir" "$tmp/$n.2.mlir" && pass=$((pass + 1)) || bad "$n: the text depends on the thread count"
    fixpoint "$n: its deserialization" "$tmp/$n.1.mlir"
    run "$n: serialize" "0" "$tmp/$n.back.spv" "$spvkit" translate --serialize-spirv "$tmp/$n.1.mlir" -o "$tmp/$n.back.spv"
  fi
  run "$n: round trip" "0 1" "$tmp/$n.rt.spv" "$spvkit" translate --spirv-roundtrip "$tmp/$n.spv" -o "$tmp/$n.rt.spv"
  located "$n: round trip" 'error: word [0-9]+ \(Op[A-Za-z]+\)'
done

echo "$pass passed, $fail failed"
[ $fail = 0 ]
