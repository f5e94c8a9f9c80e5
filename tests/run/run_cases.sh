#!/usr/bin/env bash
# Data-driven tests of `spvkit run` (docs/run.md) on the devices CI has: Mesa's lavapipe (Vulkan
# on the CPU) and PoCL (OpenCL on the CPU).
#
# Usage: run_cases.sh BUILD_DIR [GROUP...]
#   BUILD_DIR holds the built `spvkit`; the kernels (tests/run/kernels/) are compiled into
#   BUILD_DIR/tests/run-kernels first (build_kernels.sh; kept when up to date). GROUPs are
#   subdirectories of tests/run/cases/ (default: all of them). Prints "N passed, N failed".
#
# One case is one file, cases/GROUP/NAME.case: header lines "KEY: VALUE", then sections.
#   # ...                  a comment (anywhere)
#   module: FILE           the MODULE argument: a path relative to the compiled kernels
#                          (NAME.comp.spv, NAME.cl.spv, NAME.spvasm.spv: see build_kernels.sh), or
#                          $SRC/... (tests/run/), $TMP/... (the case's scratch directory);
#                          "none" to give no MODULE (--list-devices)
#   args: WORDS            arguments after MODULE, split on blanks (repeatable: appended in order);
#                          $KERNELS, $SRC and $TMP are replaced
#   exit: N                the expected exit status (default 0)
#   dump: FILE TYPE:V,...  after the run, $TMP/FILE (written by --dump) must hold exactly the bytes
#                          of these values (little-endian; TYPE is u8..u64, i8..i64, f32, f64, or
#                          u16 also for bf16/f16 bits) (repeatable)
#   setup: FILE TYPE:V,... before the run, writes these bytes to $TMP/FILE (for @FILE sources)
#   env: NAME=VALUE        runs the command with this environment variable (repeatable)
#   --- stdout             the rest of the lines up to the next section are standard output,
#                          exactly (an empty section: no output at all)
#   --- stdout-regex       standard output has exactly these lines, each a full-line ERE match
#   --- stdout-contains    each line is found (as fixed text) somewhere in standard output
#   --- stdout-matches     each line is an ERE that matches some line of standard output
#   --- stderr, --- stderr-regex, --- stderr-contains, --- stderr-matches   the same for stderr
# Output that no section names is not checked. Each command runs under `timeout 120`.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: run_cases.sh BUILD_DIR [GROUP...]" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
here=$(cd "$(dirname "$0")" && pwd)
spvkit=$build/spvkit
[ -x "$spvkit" ] || { echo "run_cases.sh: error: no $spvkit (build first)" >&2; exit 2; }
kernels=$build/tests/run-kernels
"$here/build_kernels.sh" "$spvkit" "$kernels" || exit 1
groups=("$@")
if [ ${#groups[@]} -eq 0 ]; then
  for d in "$here"/cases/*/; do groups+=("$(basename "$d")"); done
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0
fail=0

# pack TYPE:V,... FILE: writes the values' little-endian bytes.
pack() {
  python3 - "$1" "$2" <<'PY'
import struct, sys
spec, path = sys.argv[1], sys.argv[2]
kind, _, values = spec.partition(":")
fmt = {"u8": "B", "i8": "b", "u16": "H", "i16": "h", "u32": "I", "i32": "i", "u64": "Q", "i64": "q",
       "f32": "f", "f64": "d"}[kind]
vals = [v for v in values.split(",") if v]
conv = float if kind[0] == "f" else (lambda s: int(s, 0))
open(path, "wb").write(struct.pack("<%d%s" % (len(vals), fmt), *map(conv, vals)))
PY
}

subst() { # replaces $KERNELS, $SRC and $TMP in $1
  local s=$1
  s=${s//\$KERNELS/$kernels}
  s=${s//\$SRC/$here}
  s=${s//\$TMP/$tmp}
  printf '%s' "$s"
}

# check_section CASE KIND FILE LINES-FILE STREAM: one section against one output stream.
check_section() {
  local name=$1 kind=$2 actual=$3 want=$4 stream=$5 line i
  case $kind in
  exact)
    if ! cmp -s "$want" "$actual"; then
      echo "FAIL: $name: $stream differs (- expected, + actual):" >&2
      diff -u "$want" "$actual" | tail -n +3 | head -40 >&2
      return 1
    fi ;;
  regex)
    local -a wl al
    mapfile -t wl <"$want"
    mapfile -t al <"$actual"
    if [ ${#wl[@]} -ne ${#al[@]} ]; then
      echo "FAIL: $name: $stream has ${#al[@]} lines, expected ${#wl[@]}:" >&2
      head -40 "$actual" >&2
      return 1
    fi
    for ((i = 0; i < ${#wl[@]}; i++)); do
      if ! [[ ${al[i]} =~ ^${wl[i]}$ ]]; then
        echo "FAIL: $name: $stream line $((i + 1)) '${al[i]}' does not match '${wl[i]}'" >&2
        return 1
      fi
    done ;;
  contains)
    while IFS= read -r line; do
      if ! grep -qF -- "$line" "$actual"; then
        echo "FAIL: $name: no '$line' in $stream:" >&2
        head -40 "$actual" >&2
        return 1
      fi
    done <"$want" ;;
  matches)
    while IFS= read -r line; do
      if ! grep -qE -- "$line" "$actual"; then
        echo "FAIL: $name: no line of $stream matches '$line':" >&2
        head -40 "$actual" >&2
        return 1
      fi
    done <"$want" ;;
  esac
  return 0
}

run_case() { # FILE GROUP
  local file=$1 name
  name=$2/$(basename "$file" .case)
  tmp=$scratch/$name
  rm -rf "$tmp"
  mkdir -p "$tmp"
  local module="" want_exit=0 section="" line key value
  local -a args=() words=() dumps=() setups=() sections=() envs=()
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line == "--- "* ]]; then
      section=${line#--- }
      case $section in
      stdout | stdout-regex | stdout-contains | stdout-matches | stderr | stderr-regex | stderr-contains | stderr-matches) ;;
      *) echo "FAIL: $name: unknown section '$section'" >&2; fail=$((fail + 1)); return ;;
      esac
      sections+=("$section")
      : >"$tmp/want.$section"
      continue
    fi
    [[ $line == "#"* ]] && continue
    if [ -n "$section" ]; then
      printf '%s\n' "$line" >>"$tmp/want.$section"
      continue
    fi
    [[ -z ${line//[[:space:]]/} ]] && continue
    key=${line%%:*}
    value=${line#*:}
    value=${value#"${value%%[![:space:]]*}"}
    case $key in
    module) module=$value ;;
    args) read -r -a words <<<"$value"; args+=("${words[@]}") ;;
    exit) want_exit=$value ;;
    dump) dumps+=("$value") ;;
    setup) setups+=("$value") ;;
    env) envs+=("$(subst "$value")") ;;
    *) echo "FAIL: $name: unknown key '$key'" >&2; fail=$((fail + 1)); return ;;
    esac
  done <"$file"
  local -a cmd=("$spvkit" run)
  if [ -z "$module" ]; then echo "FAIL: $name: no module: line" >&2; fail=$((fail + 1)); return; fi
  if [ "$module" != none ]; then
    module=$(subst "$module")
    [[ $module == /* ]] || module=$kernels/$module
    cmd+=("$module")
  fi
  local a
  for a in "${args[@]}"; do cmd+=("$(subst "$a")"); done
  local s f spec
  for s in "${setups[@]}"; do
    read -r f spec <<<"$s"
    pack "$spec" "$tmp/$f" || { echo "FAIL: $name: bad setup '$s'" >&2; fail=$((fail + 1)); return; }
  done
  timeout 120 env ${envs[@]+"${envs[@]}"} "${cmd[@]}" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$? ok=1
  if [ "$rc" != "$want_exit" ]; then
    echo "FAIL: $name: exit $rc, expected $want_exit" >&2
    local shown="${cmd[*]}"
    [ ${#shown} -le 400 ] || shown="${shown:0:400}..."
    echo "  command: $shown" >&2
    sed 's/^/  stdout: /' "$tmp/stdout" | head -20 >&2
    sed 's/^/  stderr: /' "$tmp/stderr" | head -20 >&2
    ok=0
  fi
  for s in "${sections[@]}"; do
    [ $ok = 1 ] || break
    local stream=${s%%-*} kind=${s#*-}
    [ "$kind" = "$s" ] && kind=exact
    check_section "$name" "$kind" "$tmp/$stream" "$tmp/want.$s" "$stream" || ok=0
  done
  for s in "${dumps[@]}"; do
    [ $ok = 1 ] || break
    read -r f spec <<<"$s"
    pack "$spec" "$tmp/expected.$f" || { echo "FAIL: $name: bad dump '$s'" >&2; ok=0; break; }
    if ! cmp -s "$tmp/expected.$f" "$tmp/$f"; then
      echo "FAIL: $name: --dump $f differs from $spec" >&2
      od -An -tx1 -v "$tmp/$f" 2>&1 | head -5 >&2
      ok=0
    fi
  done
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "  in $file" >&2; fi
}

for g in "${groups[@]}"; do
  [ -d "$here/cases/$g" ] || { echo "run_cases.sh: error: no case group '$g'" >&2; exit 2; }
  for f in "$here/cases/$g"/*.case; do
    [ -e "$f" ] || continue
    run_case "$f" "$g"
  done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
