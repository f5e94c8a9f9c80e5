# Vulkan 1.3 with explicit Workgroup layouts in scalar layout (spirv-val --workgroup-scalar-block-layout).
api vulkan 1.3
feature workgroupMemoryExplicitLayout workgroupMemoryExplicitLayoutScalarBlockLayout
extension VK_KHR_workgroup_memory_explicit_layout
