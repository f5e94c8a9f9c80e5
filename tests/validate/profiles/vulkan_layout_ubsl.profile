# Vulkan 1.2 with uniformBufferStandardLayout (spirv-val --relax-block-layout --uniform-buffer-standard-layout).
api vulkan 1.2
feature uniformBufferStandardLayout
