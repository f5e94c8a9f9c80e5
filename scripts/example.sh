#!/usr/bin/env bash
# The main job: run a bfloat16 kernel on the embedded default device (Mesa's lavapipe, Vulkan on
# the CPU; no GPU needed) with `spvkit run`, print its results and check them. The kernel
# (examples/bf16_add.spvasm, from examples/bf16_add.comp) adds bf16 vectors stored as 16-bit
# integers with f32 arithmetic, as a device without VK_KHR_shader_bfloat16 must.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh run
cmake -S . -B build >/dev/null
cmake --build build -j"$(nproc)" --target spvkit >/dev/null
a=bf16:1.5,-2,3.140625,inf,-0,1e-38,65280,nan
b=bf16:0.25,2,0.0078125,1,0,1e-38,256,1
# The exact sums rounded to nearest even: 3.140625 + 2^-7 is a tie that rounds to even (3.15625);
# 65280 + 256 = 65536 is exact; inf + 1 = inf; nan stays nan.
sum=bf16:1.75,0,3.15625,inf,0,2e-38,65536,nan
set -x
build/spvkit run examples/bf16_add.spvasm --groups 1 --push u32:8 \
  --buffer 0.0=$a --buffer 0.1=$b --buffer 0.2=zeros:8:bf16 \
  --print 0.2 --expect 0.2=$sum --time
