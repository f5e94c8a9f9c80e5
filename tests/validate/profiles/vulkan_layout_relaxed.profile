# Vulkan 1.1: the relaxed block layout is core (spirv-val --target-env vulkan1.1 --relax-block-layout).
api vulkan 1.1
