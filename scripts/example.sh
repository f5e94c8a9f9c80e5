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
# Every check is one Vulkan's precision rules guarantee on any device ("Precision and Operation of
# SPIR-V Instructions"): OpFAdd on f32 is correctly rounded, and the kernel's widening and
# rounding are integer operations. Nothing asks what a device may do differently: subnormal
# inputs and results may be flushed to zero (the NVIDIA H200 does; lavapipe does not), and
# without SignedZeroInfNanPreserve a device may ignore the sign of zero and assume no Inf or NaN,
# so none of those appear here (tests/run checks them on lavapipe, whose numbers are IEEE 754's).
a=bf16:1.5,-2,3.140625,2.3509887e-38,65280,1,100,-0.5
b=bf16:0.25,3,0.0078125,2.3509887e-38,256,0.01171875,0.5,-0.25
# The exact f32 sums rounded to nearest even: 3.140625 + 2^-7 = 3.1484375 and 1 + 3 * 2^-8 are
# ties, rounding to the even 3.15625 and 1.015625; 2^-125 + 2^-125 = 2^-124 is the smallest
# normal doubled; 65280 + 256 = 65536 is exact.
sum=bf16:1.75,1,3.15625,4.7019774e-38,65536,1.015625,100.5,-0.75
set -x
build/spvkit run examples/bf16_add.spvasm --groups 1 --push u32:8 \
  --buffer 0.0=$a --buffer 0.1=$b --buffer 0.2=zeros:8:bf16 \
  --print 0.2 --expect 0.2=$sum --time
