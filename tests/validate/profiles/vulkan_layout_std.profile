# A Vulkan 1.0 device with no layout extension: std140 for Uniform Block, std430 elsewhere,
# vectors at their base alignment (spirv-val --target-env vulkan1.0 with no layout option).
api vulkan 1.0
extension VK_KHR_storage_buffer_storage_class
