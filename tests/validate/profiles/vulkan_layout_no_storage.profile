# Vulkan 1.3 with 8- and 16-bit arithmetic types but none of the 8- or 16-bit storage features.
api vulkan 1.3
feature shaderInt8 shaderInt16 shaderFloat16 workgroupMemoryExplicitLayout bufferDeviceAddress
extension VK_KHR_workgroup_memory_explicit_layout
