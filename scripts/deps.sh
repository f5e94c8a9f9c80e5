#!/usr/bin/env bash
# Installs the Debian packages spvkit needs, when they are missing.
#   scripts/deps.sh build   compiler and CMake (for building)
#   scripts/deps.sh run     also the embedded default device for `spvkit run` (lavapipe, Vulkan on
#                           the CPU, and the Vulkan loader): the README's main job
#   scripts/deps.sh test    also the peer tools the tests cross-check against, clang for fuzzing,
#                           and the CPU devices and loaders `spvkit run` is tested on: lavapipe
#                           (Vulkan) with the validation layer, PoCL (OpenCL), and MLIR 19's tools
#                           (mlir-opt-19, mlir-translate-19) the IR is checked against, and LLVM
#                           15's lit and FileCheck (llvm-15-tools) that run tests/mlir
# As root it runs apt-get; otherwise it prints the exact command to run.
set -euo pipefail
build=(cmake make gcc libc6-dev python3)
run=(mesa-vulkan-drivers libvulkan1)
test=(spirv-tools glslang-tools clang-15 llvm-spirv-15 clang libclang-rt-14-dev bsdutils
      mesa-vulkan-drivers libvulkan-dev vulkan-validationlayers
      pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers mlir-19-tools llvm-15-tools time)
case "${1:-build}" in
  build) want=("${build[@]}") ;;
  run) want=("${build[@]}" "${run[@]}") ;;
  test) want=("${build[@]}" "${test[@]}") ;;
  *) echo "usage: scripts/deps.sh [build|run|test]" >&2; exit 2 ;;
esac
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
  echo "scripts/deps.sh: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  $cmd >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive $cmd >/dev/null
else
  echo "scripts/deps.sh: missing packages; run as root:" >&2
  echo "  apt-get update && $cmd" >&2
  exit 1
fi
