# Vulkan 1.2 with buffer device addresses and no layout feature (std430, relaxed).
api vulkan 1.2
feature bufferDeviceAddress
