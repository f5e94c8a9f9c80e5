# Vulkan 1.3 with explicit Workgroup layouts, std430 (relaxed) for them.
api vulkan 1.3
feature workgroupMemoryExplicitLayout
extension VK_KHR_workgroup_memory_explicit_layout
