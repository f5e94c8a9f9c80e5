#!/usr/bin/env bash
# The command line: usage, exit codes, refusing binary output to a terminal, stdin/stdout.
# Usage: run_cli_tests.sh SPVKIT
set -uo pipefail
spvkit=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
expect() { # description, expected exit code, command...
  local what=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$want" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what: exit $rc, expected $want" >&2; cat "$tmp/err" >&2; fi
}
contains() { # description, file, text
  if grep -qF -- "$3" "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: no '$3' in $2" >&2; cat "$2" >&2; fi
}
lacks() { # description, file, text
  if grep -qF -- "$3" "$2"; then fail=$((fail + 1)); echo "FAIL: $1: '$3' in $2" >&2; cat "$2" >&2; else pass=$((pass + 1)); fi
}

expect "no arguments" 2 "$spvkit"
expect "--version" 0 "$spvkit" --version
contains "--version names the grammar" "$tmp/out" "SPIR-V grammar 1.6 revision 7"
expect "help" 0 "$spvkit" help
contains "help lists as" "$tmp/out" "spvkit as [--target-env ENV]"
contains "help lists dis" "$tmp/out" "spvkit dis [--raw-id]"
expect "help as" 0 "$spvkit" help as
contains "help as documents --target-env" "$tmp/out" "vulkan1.0..vulkan1.4"
expect "help dis" 0 "$spvkit" help dis
expect "help unknown" 2 "$spvkit" help frobnicate
expect "unknown command" 2 "$spvkit" frobnicate
expect "unknown option" 2 "$spvkit" dis --frob
expect "missing file" 2 "$spvkit" dis "$tmp/does-not-exist.spv"
expect "unknown target env" 2 "$spvkit" as --target-env vulkan9.9 -o "$tmp/x.spv" /dev/null

cat >"$tmp/m.spvasm" <<'ASM'
OpCapability Shader
OpCapability BFloat16TypeKHR
OpExtension "SPV_KHR_bfloat16"
OpMemoryModel Logical GLSL450
%bf16 = OpTypeFloat 16 BFloat16KHR
%one = OpConstant %bf16 1.5
ASM
expect "as to file" 0 "$spvkit" as --target-env vulkan1.2 -o "$tmp/m.spv" "$tmp/m.spvasm"
expect "as from stdin to stdout (not a terminal)" 0 sh -c "'$spvkit' as < '$tmp/m.spvasm' > '$tmp/m2.spv'"
expect "dis from stdin" 0 sh -c "'$spvkit' dis - < '$tmp/m.spv'"
contains "dis prints bf16" "$tmp/out" "%bfloat16 = OpTypeFloat 16 BFloat16KHR"
contains "dis names bf16 constants" "$tmp/out" "%bfloat16_0x1_8p_0 = OpConstant %bfloat16 0x1.8p+0"
contains "vulkan1.2 is SPIR-V 1.5" "$tmp/out" "; Version: 1.5"
if command -v script >/dev/null; then
  # script(1) gives the command a terminal as standard output.
  expect "binary to a terminal is refused" 2 script -qec "'$spvkit' as '$tmp/m.spvasm'" /dev/null
  expect "-o - forces binary to a terminal" 0 script -qec "'$spvkit' as -o - '$tmp/m.spvasm'" /dev/null
fi
printf 'OpCapability Shader\n%%x = OpTypeInt 32\n' >"$tmp/bad.spvasm"
expect "invalid text exits 1" 1 "$spvkit" as -o "$tmp/bad.spv" "$tmp/bad.spvasm"
contains "text errors name file:line:col" "$tmp/err" "bad.spvasm:3:1: error:"
printf '\x03\x02\x23\x07\x00\x00\x01\x00' >"$tmp/short.spv"
expect "truncated binary exits 1" 1 "$spvkit" dis "$tmp/short.spv"
contains "binary errors name the offset" "$tmp/err" "error: word 0: truncated header"

# translate and opt
contains "help lists translate" <("$spvkit" help) "spvkit translate --deserialize-spirv"
expect "translate needs a mode" 2 "$spvkit" translate "$tmp/m.spvasm"
expect "translate: two modes" 2 "$spvkit" translate --deserialize-spirv --serialize-spirv "$tmp/m.spvasm"
expect "opt: unknown option" 2 "$spvkit" opt --frob
printf 'module {\n  module @d attributes {sym_visibility = "private"} {\n  }\n}\n' >"$tmp/dce.mlir"
expect "opt: a pass flag" 0 "$spvkit" opt --symbol-dce "$tmp/dce.mlir"
lacks "opt: symbol-dce removes the dead module" "$tmp/out" "@d"
expect "opt: a pipeline" 0 "$spvkit" opt --pass-pipeline='builtin.module(symbol-dce)' "$tmp/dce.mlir"
expect "opt: an unknown pass in a pipeline exits 2" 2 "$spvkit" opt --pass-pipeline='builtin.module(frob)' "$tmp/dce.mlir"
contains "opt: the unknown pass is named" "$tmp/err" "'frob' does not refer to a registered pass or pass pipeline"
expect "opt: an unknown pass option exits 2" 2 "$spvkit" opt --symbol-dce='frob=1' "$tmp/dce.mlir"
contains "opt: the unknown option is named" "$tmp/err" "no such option frob"
expect "opt: an unknown flag exits 2" 2 "$spvkit" opt --frob "$tmp/dce.mlir"
contains "opt: the unknown flag is named" "$tmp/err" "'--frob'"
expect "opt: a malformed pipeline exits 2" 2 "$spvkit" opt --pass-pipeline='builtin.module(symbol-dce' "$tmp/dce.mlir"
expect "opt: --pass-pipeline with a pass flag exits 2" 2 "$spvkit" opt --symbol-dce --pass-pipeline='builtin.module(symbol-dce)' "$tmp/dce.mlir"
printf 'spirv.module Logical GLSL450 {\n  spirv.func @f() "None" {\n    spirv.Return\n  }\n}\n' >"$tmp/sp.mlir"
expect "opt: a pass that fails exits 1" 1 "$spvkit" opt --pass-pipeline='builtin.module(spirv.module(spirv.func(symbol-dce)))' "$tmp/sp.mlir"
contains "opt: the failing pass says why" "$tmp/err" "does not define a symbol table"
expect "opt: a pipeline on another op exits 1" 1 "$spvkit" opt --pass-pipeline='spirv.module(symbol-dce)' "$tmp/sp.mlir"
expect "help opt" 0 "$spvkit" help opt
contains "help opt lists the passes" "$tmp/out" "--symbol-dce"
expect "deserialize assembly text" 0 "$spvkit" translate --deserialize-spirv "$tmp/m.spvasm" -o "$tmp/m.mlir"
contains "bf16 in the IR" "$tmp/m.mlir" "BFloat16TypeKHR"
expect "opt prints it" 0 "$spvkit" opt "$tmp/m.mlir" -o "$tmp/m2.mlir"
expect "serialize it" 0 "$spvkit" translate --serialize-spirv "$tmp/m2.mlir" -o "$tmp/m2.spv"
expect "round trip" 0 "$spvkit" translate --spirv-roundtrip "$tmp/m.spvasm" -o "$tmp/m3.spv"
expect "the round trip disassembles" 0 "$spvkit" dis "$tmp/m3.spv"
printf 'spirv.module Logical GLSL450 {\n  %%0 = spirv.IAdd %%1, %%1 : i32\n}\n' >"$tmp/bad.mlir"
expect "invalid MLIR exits 1" 1 "$spvkit" opt "$tmp/bad.mlir"
contains "MLIR errors name file:line:col" "$tmp/err" "bad.mlir:2:"
printf 'spirv.module Logical GLSL450 {\n  spirv.func @f() "None" {\n    %%0 = spirv.Constant 1 : i32\n    %%1 = spirv.IAdd %%0, %%0 : i32\n  }\n}\n' >"$tmp/noterm.mlir"
expect "verifier errors exit 1" 1 "$spvkit" opt "$tmp/noterm.mlir"
contains "verifier names the rule" "$tmp/err" "terminator"
expect "serialize: no spirv.module" 1 "$spvkit" translate --serialize-spirv "$tmp/noterm.mlir"
expect "deserialize: truncated binary" 1 "$spvkit" translate --deserialize-spirv "$tmp/short.spv"
contains "deserialize errors name the offset" "$tmp/err" "word 0"
# --threads: the same output with one thread and with several; a count that is no number is a usage error
expect "translate --threads 0" 2 "$spvkit" translate --threads 0 --deserialize-spirv "$tmp/m.spvasm"
expect "translate --threads x" 2 "$spvkit" translate --threads x --deserialize-spirv "$tmp/m.spvasm"
expect "deserialize, one thread" 0 "$spvkit" translate --threads 1 --deserialize-spirv "$tmp/m.spvasm" -o "$tmp/t1.mlir"
expect "deserialize, three threads" 0 "$spvkit" translate --threads 3 --deserialize-spirv "$tmp/m.spvasm" -o "$tmp/t3.mlir"
expect "same text" 0 cmp "$tmp/t1.mlir" "$tmp/t3.mlir"
expect "serialize, one thread" 0 "$spvkit" translate --mlir-disable-threading --serialize-spirv "$tmp/t1.mlir" -o "$tmp/t1.spv"
expect "serialize, three threads" 0 "$spvkit" translate --threads 3 --serialize-spirv "$tmp/t1.mlir" -o "$tmp/t3.spv"
expect "same words" 0 cmp "$tmp/t1.spv" "$tmp/t3.spv"

# Truthful failures (issue 30): a module that fails to deserialize or verify is reported as that
# alone, never also as "cannot write"; a failed command leaves no output file where there was
# none and never replaces one; no temporary file is left behind.
printf 'OpCapability Shader\nOpMemoryModel Logical GLSL450\n%%void = OpTypeVoid\n%%fn = OpTypeFunction %%void\n%%uint = OpTypeInt 32 0\n%%f = OpFunction %%void None %%fn\n%%l = OpLabel\n%%a = OpIAdd %%uint %%b %%b\n%%b = OpIAdd %%uint %%a %%a\nOpReturn\nOpFunctionEnd\n' >"$tmp/badfn.spvasm"
mkdir "$tmp/o"
expect "deserialize: a function that fails" 1 "$spvkit" translate --deserialize-spirv "$tmp/badfn.spvasm" -o "$tmp/o/new.mlir"
contains "the failure is named" "$tmp/err" "(OpIAdd): %7 is used before its definition"
lacks "a failed deserialization is no failed write" "$tmp/err" "cannot write"
expect "no file after a failed command" 1 test -e "$tmp/o/new.mlir"
echo previous >"$tmp/o/old.mlir"
expect "deserialize over an existing file" 1 "$spvkit" translate --deserialize-spirv "$tmp/badfn.spvasm" -o "$tmp/o/old.mlir"
lacks "no failed write either" "$tmp/err" "cannot write"
contains "the existing file is kept" "$tmp/o/old.mlir" "previous"
printf 'spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {\n  spirv.func @f() "None" {\n    spirv.Return\n  }\n  spirv.func @g() "None" {\n    %%0 = spirv.Constant 1 : i32\n  }\n}\n' >"$tmp/badfn.mlir"
echo previous >"$tmp/o/old.spv"
expect "serialize: the second function fails to verify" 1 "$spvkit" translate --serialize-spirv "$tmp/badfn.mlir" -o "$tmp/o/old.spv"
lacks "a failed verification is no failed write" "$tmp/err" "cannot write"
contains "the existing binary is kept" "$tmp/o/old.spv" "previous"
expect "opt: verification fails" 1 "$spvkit" opt "$tmp/noterm.mlir" -o "$tmp/o/old.mlir"
lacks "opt: no failed write" "$tmp/err" "cannot write"
contains "opt: the existing file is kept" "$tmp/o/old.mlir" "previous"
expect "as: invalid text" 1 "$spvkit" as "$tmp/bad.spvasm" -o "$tmp/o/old.spv"
contains "as: the existing file is kept" "$tmp/o/old.spv" "previous"
expect "no temporary file is left" 0 test -z "$(ls -A "$tmp/o" | grep -v '^old\.')"
# A success replaces the file, through a symbolic link the link stays, and the mode is kept.
ln -s old.mlir "$tmp/o/link.mlir"
chmod 640 "$tmp/o/old.mlir"
expect "deserialize through a link" 0 "$spvkit" translate --deserialize-spirv "$tmp/m.spvasm" -o "$tmp/o/link.mlir"
contains "the file the link names is written" "$tmp/o/old.mlir" "BFloat16TypeKHR"
expect "the link is still a link" 0 test -L "$tmp/o/link.mlir"
expect "the mode is kept" 0 test "$(stat -c %a "$tmp/o/old.mlir")" = 640
expect "output to a device is written in place" 0 "$spvkit" dis "$tmp/m.spv" -o /dev/null
if [ -w /dev/full ]; then
  expect "a failed write is reported" 2 "$spvkit" dis "$tmp/m.spv" -o /dev/full
  contains "as a failed write" "$tmp/err" "cannot write /dev/full"
fi

# The input limit: 256 MiB by default, SPVKIT_MAX_INPUT_SIZE to change it; a file, a device or a
# pipe past it is refused with exit 2, naming the input and the limit.
expect "dis /dev/zero" 2 "$spvkit" dis /dev/zero
contains "names the input and the limit" "$tmp/err" "/dev/zero is larger than the input limit of 256 MiB"
expect "run /dev/zero" 2 "$spvkit" run /dev/zero
contains "run names the limit" "$tmp/err" "spvkit run: error: /dev/zero is larger than the input limit of 256 MiB"
head -c 1025 /dev/zero >"$tmp/k.spv"
expect "a regular file past a smaller limit" 2 env SPVKIT_MAX_INPUT_SIZE=1K "$spvkit" val "$tmp/k.spv"
contains "names the file" "$tmp/err" "k.spv is larger than the input limit of 1 KiB (SPVKIT_MAX_INPUT_SIZE=SIZE raises it)"
head -c 5000 /dev/zero >"$tmp/zeros"
expect "a pipe past the limit" 2 sh -c "cat '$tmp/zeros' | SPVKIT_MAX_INPUT_SIZE=4000 '$spvkit' translate --serialize-spirv"
contains "names standard input" "$tmp/err" "<stdin> is larger than the input limit of 4000 bytes"
expect "opt from a device" 2 env SPVKIT_MAX_INPUT_SIZE=1M "$spvkit" opt /dev/zero
expect "within the limit" 0 env SPVKIT_MAX_INPUT_SIZE=1K "$spvkit" dis "$tmp/m.spv"
expect "exactly the limit" 0 env SPVKIT_MAX_INPUT_SIZE="$(stat -c %s "$tmp/m.spv")" "$spvkit" dis "$tmp/m.spv"
expect "one byte past it" 2 env SPVKIT_MAX_INPUT_SIZE="$(($(stat -c %s "$tmp/m.spv") - 1))" "$spvkit" dis - <"$tmp/m.spv"
expect "a limit that is no size" 2 env SPVKIT_MAX_INPUT_SIZE=lots "$spvkit" dis "$tmp/m.spv"
contains "says so" "$tmp/err" "SPVKIT_MAX_INPUT_SIZE=lots is not a size"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
