#!/usr/bin/env bash
# Runs the libFuzzer harnesses (binary reader + disassembler, assembler, buffer sources, entry interface,
# IR parser, SPIR-V <-> IR translation, validator, device profiles) for SECONDS each,
# seeded with the test corpus and the hostile shapes of tests/fuzz/seeds/, with dictionaries
# (tests/fuzz/dict/) for the two text parsers. Longer runs: scripts/fuzz.sh 3600 (findings go to
# build-fuzz/). An input that takes more than FUZZ_TIMEOUT seconds (10), a process past
# FUZZ_RSS_MB of memory (1024, ASan's own included) or one allocation past FUZZ_MALLOC_MB (512)
# is a finding: every input must finish in bounded time and memory (issue 30).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
limits=(-timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-1024}" -malloc_limit_mb="${FUZZ_MALLOC_MB:-512}")
scripts/deps.sh test
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVK_FUZZERS=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_reader fuzz_assembler fuzz_buffer_source fuzz_entry_interface fuzz_ir_parser fuzz_spirv_translate fuzz_validate fuzz_target_profile >/dev/null
seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds/binary" "$seeds/text"
if [ -d build/tests/corpus/modules ]; then cp build/tests/corpus/modules/*.spv "$seeds/binary/"; fi
find tests -name '*.spvasm' -exec cp {} "$seeds/text/" \;
for f in "$seeds"/text/*.spvasm; do build-fuzz/spvkit as -o "$seeds/binary/$(basename "$f").spv" "$f" 2>/dev/null || true; done
mkdir -p build-fuzz/findings
# fuzz TAIL NAME ARGS...: runs one harness; prints the last TAIL lines of its log, or on a finding the
# report and the input (base64) so that a CI log alone is enough to reproduce it.
failed=0 passed=0
fuzz() {
    local tail=$1 name=$2; shift 2
    local log=build-fuzz/findings/$name.log
    if build-fuzz/"$name" "${limits[@]}" "$@" >"$log" 2>&1; then
        tail -"$tail" "$log"; passed=$((passed + 1))
    else
        echo "fuzzing: $name found a failure:"; grep -v '^#[0-9]' "$log" | tail -60
        local a
        for a in $(grep -o "build-fuzz/findings/[a-z-]*[0-9a-f]\{40\}" "$log" | sort -u); do
            echo "input $a (base64):"; base64 "$a" | head -400
        done
        failed=$((failed + 1))
    fi
}
fuzz 12 fuzz_reader -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary"
fuzz 12 fuzz_assembler -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -dict=tests/fuzz/dict/assembler.dict -print_final_stats=1 "$seeds/text"
mkdir -p "$seeds/sources"
printf 'f32:1,2.5,-3' >"$seeds/sources/a"; printf 'bf16:1.5,-2,inf,nan' >"$seeds/sources/b"
printf 'random:16:i8:7' >"$seeds/sources/c"; printf 'iota:9:u64' >"$seeds/sources/d"
printf 'iota:145307224:u16' >"$seeds/sources/e" # 290 MB: past the harness's budget (CI's out-of-memory finding)
fuzz 4 fuzz_buffer_source -max_total_time="$((seconds / 4 + 1))" -max_len=4096 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/sources"
fuzz 4 fuzz_entry_interface -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary"
fuzz 4 fuzz_spirv_translate -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary"
fuzz 4 fuzz_validate -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/binary"
mkdir -p "$seeds/profiles"
cp profiles/*.profile "$seeds/profiles/"
find tests -name '*.profile' -exec cp {} "$seeds/profiles/" \;
printf '#spirv.target_env<#spirv.vce<v1.6, [Shader, BFloat16TypeKHR], [SPV_KHR_bfloat16]>, api=Vulkan, #spirv.resource_limits<subgroup_size = 32>>' >"$seeds/profiles/mlir"
fuzz 4 fuzz_target_profile -max_total_time="$((seconds / 4 + 1))" -max_len=16384 -artifact_prefix=build-fuzz/findings/ \
  -print_final_stats=1 "$seeds/profiles"
mkdir -p "$seeds/mlir"
find tests/ir tests/mlir tests/fuzz/seeds -name '*.mlir' -exec cp --backup=numbered {} "$seeds/mlir/" \;
for f in "$seeds"/binary/*.spv; do build-fuzz/spvkit translate --deserialize-spirv -o "$seeds/mlir/$(basename "$f").mlir" "$f" 2>/dev/null || true; done
fuzz 4 fuzz_ir_parser -max_total_time="$seconds" -max_len=65536 -artifact_prefix=build-fuzz/findings/ \
  -dict=tests/fuzz/dict/ir_parser.dict -print_final_stats=1 "$seeds/mlir"
echo "fuzzing: $passed passed, $failed failed"
[ "$failed" = 0 ]
