#!/usr/bin/env bash
# Runs the libFuzzer harnesses (binary reader + disassembler, assembler, buffer sources, entry interface,
# IR parser, SPIR-V <-> IR translation) for SECONDS each,
# seeded with the test corpus. Longer runs: scripts/fuzz.sh 3600 (findings go to build-fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scripts/deps.sh test
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVK_FUZZERS=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_reader fuzz_assembler fuzz_buffer_source fuzz_entry_interface fuzz_ir_parser fuzz_spirv_translate >/dev/null
seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds/binary" "$seeds/text"
if [ -d build/tests/corpus/modules ]; then cp build/tests/corpus/modules/*.spv "$seeds/binary/"; fi
find tests -name '*.spvasm' -exec cp {} "$seeds/text/" \;
for f in "$seeds"/text/*.spvasm; do build-fuzz/spvkit as -o "$seeds/binary/$(basename "$f").spv" "$f" 2>/dev/null || true; done
mkdir -p build-fuzz/findings
build-fuzz/fuzz_reader -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary" 2>&1 | tail -12
build-fuzz/fuzz_assembler -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/text" 2>&1 | tail -12
mkdir -p "$seeds/sources"
printf 'f32:1,2.5,-3' >"$seeds/sources/a"; printf 'bf16:1.5,-2,inf,nan' >"$seeds/sources/b"
printf 'random:16:i8:7' >"$seeds/sources/c"; printf 'iota:9:u64' >"$seeds/sources/d"
build-fuzz/fuzz_buffer_source -max_total_time="$((seconds / 4 + 1))" -max_len=4096 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/sources" 2>&1 | tail -4
build-fuzz/fuzz_entry_interface -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary" 2>&1 | tail -4
build-fuzz/fuzz_spirv_translate -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary" 2>&1 | tail -4
mkdir -p "$seeds/mlir"
find tests/ir -name '*.mlir' -exec cp {} "$seeds/mlir/" \;
for f in "$seeds"/binary/*.spv; do build-fuzz/spvkit translate --deserialize-spirv -o "$seeds/mlir/$(basename "$f").mlir" "$f" 2>/dev/null || true; done
build-fuzz/fuzz_ir_parser -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/mlir" 2>&1 | tail -4
echo "fuzzing: 6 passed, 0 failed"
