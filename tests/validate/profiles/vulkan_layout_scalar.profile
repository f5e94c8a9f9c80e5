# Vulkan 1.2 with scalarBlockLayout and buffer device addresses (spirv-val --scalar-block-layout).
api vulkan 1.2
feature scalarBlockLayout bufferDeviceAddress
