# Shared by check_oracle.sh and external/check_external.sh (sourced, not run): the checks of one
# piece of MLIR against mlir-opt-19 and the splitting of a file at `// -----`.
# The caller sets: spvkit, mlir_opt, work; and the counters checked, rejected, failed (numbers).

fail() { # piece what
  failed=$((failed + 1))
  echo "FAIL $1: $2"
}
differ() { # piece what expected actual
  fail "$1" "$2"
  diff -u "$3" "$4" | head -20
}

# Splits $1 at its `// -----` lines into $work/piece.0, piece.1, ... and prints their paths in
# order. Pieces keep their line numbers (blank lines before them) so messages point into the file.
split_pieces() {
  rm -f "$work"/piece.*
  awk -v out="$work/piece." 'BEGIN { n = 0; file = out n } /^\/\/ -----/ { n++; file = out n; for (i = 0; i < NR; i++) print "" > file; next } { print > file }' "$1"
  ls "$work"/piece.* | sort -t. -k2 -n
}

# One piece that mlir-opt-19 accepts: $1 its name for messages, $2 its file. Returns 0 when it
# passes every check, 1 when mlir-opt-19 rejects it (counted in `rejected`), 2 on a failure.
#   0. spvkit prints it byte for byte as mlir-opt-19 prints it (block headers' `// pred: ^bb0`
#      comments included);
#   1. mlir-opt-19 prints spvkit's custom output byte for byte as it prints the original;
#   2. the same for spvkit's generic output;
#   3. spvkit prints mlir-opt-19's generic output as it prints the original;
#   4. spvkit's print, parse, print is a fixpoint (custom and generic).
check_piece() {
  local name=$1 in=$2 d=$work/p before=$failed
  if ! "$mlir_opt" --allow-unregistered-dialect "$in" > "$d.ref" 2> "$d.err"; then
    rejected=$((rejected + 1))
    return 1
  fi
  "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$in" > "$d.refg" 2> /dev/null
  checked=$((checked + 1))
  if ! "$spvkit" opt --allow-unregistered-dialect "$in" > "$d.c" 2> "$d.err"; then
    fail "$name" "spvkit opt rejects what mlir-opt-19 accepts: $(head -3 "$d.err")"
    return 2
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect --mlir-print-op-generic "$in" > "$d.g" 2> "$d.err"; then
    fail "$name" "spvkit opt --mlir-print-op-generic fails: $(head -3 "$d.err")"
    return 2
  fi
  if ! cmp -s "$d.ref" "$d.c"; then
    differ "$name" "spvkit prints it differently from mlir-opt-19" "$d.ref" "$d.c"
  fi
  if ! "$mlir_opt" --allow-unregistered-dialect "$d.c" > "$d.c.ref" 2> "$d.err"; then
    fail "$name" "mlir-opt-19 rejects spvkit's custom output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.ref" "$d.c.ref"; then
    differ "$name" "mlir-opt-19 prints spvkit's custom output differently" "$d.ref" "$d.c.ref"
  fi
  if ! "$mlir_opt" --allow-unregistered-dialect "$d.g" > "$d.g.ref" 2> "$d.err"; then
    fail "$name" "mlir-opt-19 rejects spvkit's generic output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.ref" "$d.g.ref"; then
    differ "$name" "mlir-opt-19 prints spvkit's generic output differently" "$d.ref" "$d.g.ref"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect "$d.refg" > "$d.refg.c" 2> "$d.err"; then
    fail "$name" "spvkit rejects mlir-opt-19's generic output: $(head -3 "$d.err")"
  elif ! cmp -s "$d.c" "$d.refg.c"; then
    differ "$name" "spvkit prints mlir-opt-19's generic output differently" "$d.c" "$d.refg.c"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect "$d.c" > "$d.cc" 2> "$d.err" || ! cmp -s "$d.c" "$d.cc"; then
    differ "$name" "custom print-parse-print is no fixpoint" "$d.c" "$d.cc"
  fi
  if ! "$spvkit" opt --allow-unregistered-dialect --mlir-print-op-generic "$d.g" > "$d.gg" 2> "$d.err" || ! cmp -s "$d.g" "$d.gg"; then
    differ "$name" "generic print-parse-print is no fixpoint" "$d.g" "$d.gg"
  fi
  [ "$failed" = "$before" ] || return 2
  return 0
}
