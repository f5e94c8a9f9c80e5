/* The Vulkan backend declares the part of the Vulkan API it uses itself (src/runtime/vulkan_api.h),
   because it loads libvulkan at run time and needs extensions newer than the installed headers.
   This test includes the real <vulkan/vulkan.h> beside those declarations and checks that every
   declared structure has the real one's size, alignment and member offsets and sizes, and that
   every declared constant has the real value. Declarations the installed header is too old for
   (VK_KHR_shader_bfloat16, VK_KHR_cooperative_matrix) are checked against the real header when it
   has them, and always against the registry's rules: extension N's enumerants are
   1000000000 + (N - 1) * 1000 + offset, and structures are laid out as their members say. */
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#include "../../src/runtime/vulkan_api.h"
#include "test.h"

static void check_equal(const char *what, const char *name, unsigned long long ours, unsigned long long real)
{
    if (ours == real) {
        test_passed++;
    } else {
        test_failed++;
        fprintf(stderr, "%s of %s: spvkit declares %llu, the Vulkan header %llu\n", what, name, ours, real);
    }
}

static void check_member(const char *type, const char *member, size_t ours_offset, size_t real_offset,
                         size_t ours_size, size_t real_size)
{
    if (ours_offset == real_offset && ours_size == real_size) {
        test_passed++;
    } else {
        test_failed++;
        fprintf(stderr, "%s.%s: spvkit declares offset %zu size %zu, the Vulkan header offset %zu size %zu\n", type,
                member, ours_offset, ours_size, real_offset, real_size);
    }
}

/* Inside a block: `real` is the header's type, `ours` spvkit's, `name` the Vulkan name. */
#define SAME_STRUCT(T)                                                 \
    typedef T real;                                                    \
    typedef spvk_##T ours;                                             \
    const char *name = #T;                                             \
    check_equal("size", name, sizeof(ours), sizeof(real));             \
    check_equal("alignment", name, _Alignof(ours), _Alignof(real))
#define M(member)                                                                                      \
    check_member(name, #member, offsetof(ours, member), offsetof(real, member), sizeof(((ours *)0)->member), \
                 sizeof(((real *)0)->member))
#define SAME_VALUE(C) \
    check_equal("value", #C, (unsigned long long)(long long)SPVK_##C, (unsigned long long)(long long)(C))
/* A KHR enumerant spvkit declares against the VK_NV_cooperative_matrix one it kept the value of. */
#define KHR_AS_NV(prefix, name) \
    check_equal("value", #prefix #name "_KHR", SPVK_##prefix##name##_KHR, prefix##name##_NV)
#define SAME_SIZE(T) check_equal("size", #T, sizeof(spvk_##T), sizeof(T))

/* Extension number n's enumerant at offset (vk.xml's rule); negative for error codes. */
#define EXTENSION_ENUM(n, offset) (1000000000LL + ((n) - 1) * 1000LL + (offset))

static void check_types(void)
{
    SAME_SIZE(VkBool32); SAME_SIZE(VkFlags); SAME_SIZE(VkDeviceSize); SAME_SIZE(VkResult); SAME_SIZE(VkStructureType);
    SAME_SIZE(VkInstance); SAME_SIZE(VkPhysicalDevice); SAME_SIZE(VkDevice); SAME_SIZE(VkQueue);
    SAME_SIZE(VkCommandBuffer); SAME_SIZE(VkBuffer); SAME_SIZE(VkDeviceMemory); SAME_SIZE(VkShaderModule);
    SAME_SIZE(VkPipeline); SAME_SIZE(VkPipelineLayout); SAME_SIZE(VkPipelineCache); SAME_SIZE(VkDescriptorSetLayout);
    SAME_SIZE(VkDescriptorPool); SAME_SIZE(VkDescriptorSet); SAME_SIZE(VkCommandPool); SAME_SIZE(VkFence);
    SAME_SIZE(VkSemaphore); SAME_SIZE(VkQueryPool); SAME_SIZE(VkSampler); SAME_SIZE(VkBufferView);
    SAME_SIZE(VkDebugUtilsMessengerEXT); SAME_SIZE(PFN_vkVoidFunction);
    check_equal("alignment", "VkBuffer", _Alignof(spvk_VkBuffer), _Alignof(VkBuffer));
    check_equal("alignment", "VkDeviceSize", _Alignof(spvk_VkDeviceSize), _Alignof(VkDeviceSize));
}

static void check_versions(void)
{
    check_equal("value", "VK_MAKE_API_VERSION", SPVK_VK_MAKE_API_VERSION(0, 1, 3, 239),
                VK_MAKE_API_VERSION(0, 1, 3, 239));
    check_equal("value", "VK_MAKE_API_VERSION", SPVK_VK_MAKE_API_VERSION(1, 127, 1023, 4095),
                VK_MAKE_API_VERSION(1, 127, 1023, 4095));
    check_equal("value", "VK_API_VERSION_MAJOR", SPVK_VK_API_VERSION_MAJOR(VK_HEADER_VERSION_COMPLETE),
                VK_API_VERSION_MAJOR(VK_HEADER_VERSION_COMPLETE));
    check_equal("value", "VK_API_VERSION_MINOR", SPVK_VK_API_VERSION_MINOR(VK_HEADER_VERSION_COMPLETE),
                VK_API_VERSION_MINOR(VK_HEADER_VERSION_COMPLETE));
    check_equal("value", "VK_API_VERSION_PATCH", SPVK_VK_API_VERSION_PATCH(VK_HEADER_VERSION_COMPLETE),
                VK_API_VERSION_PATCH(VK_HEADER_VERSION_COMPLETE));
    SAME_VALUE(VK_API_VERSION_1_0); SAME_VALUE(VK_API_VERSION_1_1); SAME_VALUE(VK_API_VERSION_1_2);
    SAME_VALUE(VK_API_VERSION_1_3);
    SAME_VALUE(VK_NULL_HANDLE); SAME_VALUE(VK_TRUE); SAME_VALUE(VK_FALSE); SAME_VALUE(VK_WHOLE_SIZE);
    SAME_VALUE(VK_MAX_PHYSICAL_DEVICE_NAME_SIZE); SAME_VALUE(VK_UUID_SIZE); SAME_VALUE(VK_MAX_EXTENSION_NAME_SIZE);
    SAME_VALUE(VK_MAX_DESCRIPTION_SIZE); SAME_VALUE(VK_MAX_MEMORY_TYPES); SAME_VALUE(VK_MAX_MEMORY_HEAPS);
    SAME_VALUE(VK_MAX_DRIVER_NAME_SIZE); SAME_VALUE(VK_MAX_DRIVER_INFO_SIZE);
}

static void check_constants(void)
{
    SAME_VALUE(VK_SUCCESS); SAME_VALUE(VK_NOT_READY); SAME_VALUE(VK_TIMEOUT); SAME_VALUE(VK_EVENT_SET);
    SAME_VALUE(VK_EVENT_RESET); SAME_VALUE(VK_INCOMPLETE); SAME_VALUE(VK_ERROR_OUT_OF_HOST_MEMORY);
    SAME_VALUE(VK_ERROR_OUT_OF_DEVICE_MEMORY); SAME_VALUE(VK_ERROR_INITIALIZATION_FAILED);
    SAME_VALUE(VK_ERROR_DEVICE_LOST); SAME_VALUE(VK_ERROR_MEMORY_MAP_FAILED);
    SAME_VALUE(VK_ERROR_LAYER_NOT_PRESENT); SAME_VALUE(VK_ERROR_EXTENSION_NOT_PRESENT);
    SAME_VALUE(VK_ERROR_FEATURE_NOT_PRESENT); SAME_VALUE(VK_ERROR_INCOMPATIBLE_DRIVER);
    SAME_VALUE(VK_ERROR_TOO_MANY_OBJECTS); SAME_VALUE(VK_ERROR_FORMAT_NOT_SUPPORTED);
    SAME_VALUE(VK_ERROR_FRAGMENTED_POOL); SAME_VALUE(VK_ERROR_UNKNOWN);
    SAME_VALUE(VK_ERROR_OUT_OF_POOL_MEMORY); SAME_VALUE(VK_ERROR_INVALID_EXTERNAL_HANDLE);
    SAME_VALUE(VK_ERROR_FRAGMENTATION); SAME_VALUE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS);
    SAME_VALUE(VK_PIPELINE_COMPILE_REQUIRED); SAME_VALUE(VK_ERROR_VALIDATION_FAILED_EXT);
    SAME_VALUE(VK_ERROR_INVALID_SHADER_NV); SAME_VALUE(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO); SAME_VALUE(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_SUBMIT_INFO); SAME_VALUE(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO); SAME_VALUE(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    SAME_VALUE(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    SAME_VALUE(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO); SAME_VALUE(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES);
    SAME_VALUE(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CALLBACK_DATA_EXT);
    SAME_VALUE(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR);
    SAME_VALUE(VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR); SAME_VALUE(VK_PHYSICAL_DEVICE_TYPE_OTHER);
    SAME_VALUE(VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU); SAME_VALUE(VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU);
    SAME_VALUE(VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU); SAME_VALUE(VK_PHYSICAL_DEVICE_TYPE_CPU);
    SAME_VALUE(VK_QUEUE_GRAPHICS_BIT); SAME_VALUE(VK_QUEUE_COMPUTE_BIT); SAME_VALUE(VK_QUEUE_TRANSFER_BIT);
    SAME_VALUE(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT); SAME_VALUE(VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    SAME_VALUE(VK_MEMORY_PROPERTY_HOST_COHERENT_BIT); SAME_VALUE(VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
    SAME_VALUE(VK_BUFFER_USAGE_TRANSFER_SRC_BIT); SAME_VALUE(VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    SAME_VALUE(VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT); SAME_VALUE(VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    SAME_VALUE(VK_SHARING_MODE_EXCLUSIVE); SAME_VALUE(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
    SAME_VALUE(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER); SAME_VALUE(VK_SHADER_STAGE_COMPUTE_BIT);
    SAME_VALUE(VK_PIPELINE_BIND_POINT_COMPUTE);
    SAME_VALUE(VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT); SAME_VALUE(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    SAME_VALUE(VK_PIPELINE_STAGE_TRANSFER_BIT); SAME_VALUE(VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
    SAME_VALUE(VK_PIPELINE_STAGE_HOST_BIT); SAME_VALUE(VK_ACCESS_UNIFORM_READ_BIT);
    SAME_VALUE(VK_ACCESS_SHADER_READ_BIT); SAME_VALUE(VK_ACCESS_SHADER_WRITE_BIT);
    SAME_VALUE(VK_ACCESS_TRANSFER_READ_BIT); SAME_VALUE(VK_ACCESS_TRANSFER_WRITE_BIT);
    SAME_VALUE(VK_ACCESS_HOST_READ_BIT); SAME_VALUE(VK_ACCESS_HOST_WRITE_BIT);
    SAME_VALUE(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT); SAME_VALUE(VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    SAME_VALUE(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT); SAME_VALUE(VK_QUERY_TYPE_TIMESTAMP);
    SAME_VALUE(VK_QUERY_RESULT_64_BIT); SAME_VALUE(VK_QUERY_RESULT_WAIT_BIT);
    SAME_VALUE(VK_SUBGROUP_FEATURE_BASIC_BIT); SAME_VALUE(VK_SUBGROUP_FEATURE_VOTE_BIT);
    SAME_VALUE(VK_SUBGROUP_FEATURE_ARITHMETIC_BIT); SAME_VALUE(VK_SUBGROUP_FEATURE_BALLOT_BIT);
    SAME_VALUE(VK_SUBGROUP_FEATURE_SHUFFLE_BIT); SAME_VALUE(VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT);
    SAME_VALUE(VK_SUBGROUP_FEATURE_CLUSTERED_BIT); SAME_VALUE(VK_SUBGROUP_FEATURE_QUAD_BIT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_SEVERITY_VERBOSE_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT);
    SAME_VALUE(VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT);
}

static void check_structs(void)
{
    {
        SAME_STRUCT(VkApplicationInfo);
        M(sType); M(pNext); M(pApplicationName); M(applicationVersion); M(pEngineName); M(engineVersion);
        M(apiVersion);
    }
    {
        SAME_STRUCT(VkInstanceCreateInfo);
        M(sType); M(pNext); M(flags); M(pApplicationInfo); M(enabledLayerCount); M(ppEnabledLayerNames);
        M(enabledExtensionCount); M(ppEnabledExtensionNames);
    }
    {
        SAME_STRUCT(VkLayerProperties);
        M(layerName); M(specVersion); M(implementationVersion); M(description);
    }
    {
        SAME_STRUCT(VkExtensionProperties);
        M(extensionName); M(specVersion);
    }
    {
        SAME_STRUCT(VkExtent3D);
        M(width); M(height); M(depth);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceLimits);
        M(maxImageDimension1D); M(maxImageDimension2D); M(maxImageDimension3D); M(maxImageDimensionCube);
        M(maxImageArrayLayers); M(maxTexelBufferElements); M(maxUniformBufferRange);
        M(maxStorageBufferRange); M(maxPushConstantsSize); M(maxMemoryAllocationCount);
        M(maxSamplerAllocationCount); M(bufferImageGranularity); M(sparseAddressSpaceSize);
        M(maxBoundDescriptorSets); M(maxPerStageDescriptorSamplers); M(maxPerStageDescriptorUniformBuffers);
        M(maxPerStageDescriptorStorageBuffers); M(maxPerStageDescriptorSampledImages);
        M(maxPerStageDescriptorStorageImages); M(maxPerStageDescriptorInputAttachments);
        M(maxPerStageResources); M(maxDescriptorSetSamplers); M(maxDescriptorSetUniformBuffers);
        M(maxDescriptorSetUniformBuffersDynamic); M(maxDescriptorSetStorageBuffers);
        M(maxDescriptorSetStorageBuffersDynamic); M(maxDescriptorSetSampledImages);
        M(maxDescriptorSetStorageImages); M(maxDescriptorSetInputAttachments); M(maxVertexInputAttributes);
        M(maxVertexInputBindings); M(maxVertexInputAttributeOffset); M(maxVertexInputBindingStride);
        M(maxVertexOutputComponents); M(maxTessellationGenerationLevel); M(maxTessellationPatchSize);
        M(maxTessellationControlPerVertexInputComponents);
        M(maxTessellationControlPerVertexOutputComponents);
        M(maxTessellationControlPerPatchOutputComponents); M(maxTessellationControlTotalOutputComponents);
        M(maxTessellationEvaluationInputComponents); M(maxTessellationEvaluationOutputComponents);
        M(maxGeometryShaderInvocations); M(maxGeometryInputComponents); M(maxGeometryOutputComponents);
        M(maxGeometryOutputVertices); M(maxGeometryTotalOutputComponents); M(maxFragmentInputComponents);
        M(maxFragmentOutputAttachments); M(maxFragmentDualSrcAttachments);
        M(maxFragmentCombinedOutputResources); M(maxComputeSharedMemorySize); M(maxComputeWorkGroupCount);
        M(maxComputeWorkGroupInvocations); M(maxComputeWorkGroupSize); M(subPixelPrecisionBits);
        M(subTexelPrecisionBits); M(mipmapPrecisionBits); M(maxDrawIndexedIndexValue);
        M(maxDrawIndirectCount); M(maxSamplerLodBias); M(maxSamplerAnisotropy); M(maxViewports);
        M(maxViewportDimensions); M(viewportBoundsRange); M(viewportSubPixelBits); M(minMemoryMapAlignment);
        M(minTexelBufferOffsetAlignment); M(minUniformBufferOffsetAlignment);
        M(minStorageBufferOffsetAlignment); M(minTexelOffset); M(maxTexelOffset); M(minTexelGatherOffset);
        M(maxTexelGatherOffset); M(minInterpolationOffset); M(maxInterpolationOffset);
        M(subPixelInterpolationOffsetBits); M(maxFramebufferWidth); M(maxFramebufferHeight);
        M(maxFramebufferLayers); M(framebufferColorSampleCounts); M(framebufferDepthSampleCounts);
        M(framebufferStencilSampleCounts); M(framebufferNoAttachmentsSampleCounts); M(maxColorAttachments);
        M(sampledImageColorSampleCounts); M(sampledImageIntegerSampleCounts);
        M(sampledImageDepthSampleCounts); M(sampledImageStencilSampleCounts); M(storageImageSampleCounts);
        M(maxSampleMaskWords); M(timestampComputeAndGraphics); M(timestampPeriod); M(maxClipDistances);
        M(maxCullDistances); M(maxCombinedClipAndCullDistances); M(discreteQueuePriorities);
        M(pointSizeRange); M(lineWidthRange); M(pointSizeGranularity); M(lineWidthGranularity);
        M(strictLines); M(standardSampleLocations); M(optimalBufferCopyOffsetAlignment);
        M(optimalBufferCopyRowPitchAlignment); M(nonCoherentAtomSize);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceSparseProperties);
        M(residencyStandard2DBlockShape); M(residencyStandard2DMultisampleBlockShape);
        M(residencyStandard3DBlockShape); M(residencyAlignedMipSize); M(residencyNonResidentStrict);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceProperties);
        M(apiVersion); M(driverVersion); M(vendorID); M(deviceID); M(deviceType); M(deviceName);
        M(pipelineCacheUUID); M(limits); M(sparseProperties);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceProperties2);
        M(sType); M(pNext); M(properties);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceSubgroupProperties);
        M(sType); M(pNext); M(subgroupSize); M(supportedStages); M(supportedOperations);
        M(quadOperationsInAllStages);
    }
    {
        SAME_STRUCT(VkConformanceVersion);
        M(major); M(minor); M(subminor); M(patch);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceDriverProperties);
        M(sType); M(pNext); M(driverID); M(driverName); M(driverInfo); M(conformanceVersion);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceFloatControlsProperties);
        M(sType); M(pNext); M(denormBehaviorIndependence); M(roundingModeIndependence);
        M(shaderSignedZeroInfNanPreserveFloat16); M(shaderSignedZeroInfNanPreserveFloat32);
        M(shaderSignedZeroInfNanPreserveFloat64); M(shaderDenormPreserveFloat16);
        M(shaderDenormPreserveFloat32); M(shaderDenormPreserveFloat64); M(shaderDenormFlushToZeroFloat16);
        M(shaderDenormFlushToZeroFloat32); M(shaderDenormFlushToZeroFloat64);
        M(shaderRoundingModeRTEFloat16); M(shaderRoundingModeRTEFloat32); M(shaderRoundingModeRTEFloat64);
        M(shaderRoundingModeRTZFloat16); M(shaderRoundingModeRTZFloat32); M(shaderRoundingModeRTZFloat64);
    }
    {
        SAME_STRUCT(VkQueueFamilyProperties);
        M(queueFlags); M(queueCount); M(timestampValidBits); M(minImageTransferGranularity);
    }
    {
        SAME_STRUCT(VkMemoryType);
        M(propertyFlags); M(heapIndex);
    }
    {
        SAME_STRUCT(VkMemoryHeap);
        M(size); M(flags);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceMemoryProperties);
        M(memoryTypeCount); M(memoryTypes); M(memoryHeapCount); M(memoryHeaps);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceFeatures);
        M(robustBufferAccess); M(fullDrawIndexUint32); M(imageCubeArray); M(independentBlend);
        M(geometryShader); M(tessellationShader); M(sampleRateShading); M(dualSrcBlend); M(logicOp);
        M(multiDrawIndirect); M(drawIndirectFirstInstance); M(depthClamp); M(depthBiasClamp);
        M(fillModeNonSolid); M(depthBounds); M(wideLines); M(largePoints); M(alphaToOne); M(multiViewport);
        M(samplerAnisotropy); M(textureCompressionETC2); M(textureCompressionASTC_LDR);
        M(textureCompressionBC); M(occlusionQueryPrecise); M(pipelineStatisticsQuery);
        M(vertexPipelineStoresAndAtomics); M(fragmentStoresAndAtomics);
        M(shaderTessellationAndGeometryPointSize); M(shaderImageGatherExtended);
        M(shaderStorageImageExtendedFormats); M(shaderStorageImageMultisample);
        M(shaderStorageImageReadWithoutFormat); M(shaderStorageImageWriteWithoutFormat);
        M(shaderUniformBufferArrayDynamicIndexing); M(shaderSampledImageArrayDynamicIndexing);
        M(shaderStorageBufferArrayDynamicIndexing); M(shaderStorageImageArrayDynamicIndexing);
        M(shaderClipDistance); M(shaderCullDistance); M(shaderFloat64); M(shaderInt64); M(shaderInt16);
        M(shaderResourceResidency); M(shaderResourceMinLod); M(sparseBinding); M(sparseResidencyBuffer);
        M(sparseResidencyImage2D); M(sparseResidencyImage3D); M(sparseResidency2Samples);
        M(sparseResidency4Samples); M(sparseResidency8Samples); M(sparseResidency16Samples);
        M(sparseResidencyAliased); M(variableMultisampleRate); M(inheritedQueries);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceFeatures2);
        M(sType); M(pNext); M(features);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceVulkan11Features);
        M(sType); M(pNext); M(storageBuffer16BitAccess); M(uniformAndStorageBuffer16BitAccess);
        M(storagePushConstant16); M(storageInputOutput16); M(multiview); M(multiviewGeometryShader);
        M(multiviewTessellationShader); M(variablePointersStorageBuffer); M(variablePointers);
        M(protectedMemory); M(samplerYcbcrConversion); M(shaderDrawParameters);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceVulkan12Features);
        M(sType); M(pNext); M(samplerMirrorClampToEdge); M(drawIndirectCount); M(storageBuffer8BitAccess);
        M(uniformAndStorageBuffer8BitAccess); M(storagePushConstant8); M(shaderBufferInt64Atomics);
        M(shaderSharedInt64Atomics); M(shaderFloat16); M(shaderInt8); M(descriptorIndexing);
        M(shaderInputAttachmentArrayDynamicIndexing); M(shaderUniformTexelBufferArrayDynamicIndexing);
        M(shaderStorageTexelBufferArrayDynamicIndexing); M(shaderUniformBufferArrayNonUniformIndexing);
        M(shaderSampledImageArrayNonUniformIndexing); M(shaderStorageBufferArrayNonUniformIndexing);
        M(shaderStorageImageArrayNonUniformIndexing); M(shaderInputAttachmentArrayNonUniformIndexing);
        M(shaderUniformTexelBufferArrayNonUniformIndexing);
        M(shaderStorageTexelBufferArrayNonUniformIndexing); M(descriptorBindingUniformBufferUpdateAfterBind);
        M(descriptorBindingSampledImageUpdateAfterBind); M(descriptorBindingStorageImageUpdateAfterBind);
        M(descriptorBindingStorageBufferUpdateAfterBind);
        M(descriptorBindingUniformTexelBufferUpdateAfterBind);
        M(descriptorBindingStorageTexelBufferUpdateAfterBind); M(descriptorBindingUpdateUnusedWhilePending);
        M(descriptorBindingPartiallyBound); M(descriptorBindingVariableDescriptorCount);
        M(runtimeDescriptorArray); M(samplerFilterMinmax); M(scalarBlockLayout); M(imagelessFramebuffer);
        M(uniformBufferStandardLayout); M(shaderSubgroupExtendedTypes); M(separateDepthStencilLayouts);
        M(hostQueryReset); M(timelineSemaphore); M(bufferDeviceAddress); M(bufferDeviceAddressCaptureReplay);
        M(bufferDeviceAddressMultiDevice); M(vulkanMemoryModel); M(vulkanMemoryModelDeviceScope);
        M(vulkanMemoryModelAvailabilityVisibilityChains); M(shaderOutputViewportIndex); M(shaderOutputLayer);
        M(subgroupBroadcastDynamicId);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceVulkan13Features);
        M(sType); M(pNext); M(robustImageAccess); M(inlineUniformBlock);
        M(descriptorBindingInlineUniformBlockUpdateAfterBind); M(pipelineCreationCacheControl);
        M(privateData); M(shaderDemoteToHelperInvocation); M(shaderTerminateInvocation);
        M(subgroupSizeControl); M(computeFullSubgroups); M(synchronization2); M(textureCompressionASTC_HDR);
        M(shaderZeroInitializeWorkgroupMemory); M(dynamicRendering); M(shaderIntegerDotProduct);
        M(maintenance4);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceShaderAtomicFloatFeaturesEXT);
        M(sType); M(pNext); M(shaderBufferFloat32Atomics); M(shaderBufferFloat32AtomicAdd);
        M(shaderBufferFloat64Atomics); M(shaderBufferFloat64AtomicAdd); M(shaderSharedFloat32Atomics);
        M(shaderSharedFloat32AtomicAdd); M(shaderSharedFloat64Atomics); M(shaderSharedFloat64AtomicAdd);
        M(shaderImageFloat32Atomics); M(shaderImageFloat32AtomicAdd); M(sparseImageFloat32Atomics);
        M(sparseImageFloat32AtomicAdd);
    }
    {
        SAME_STRUCT(VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR);
        M(sType); M(pNext); M(workgroupMemoryExplicitLayout);
        M(workgroupMemoryExplicitLayoutScalarBlockLayout); M(workgroupMemoryExplicitLayout8BitAccess);
        M(workgroupMemoryExplicitLayout16BitAccess);
    }
    {
        SAME_STRUCT(VkDeviceQueueCreateInfo);
        M(sType); M(pNext); M(flags); M(queueFamilyIndex); M(queueCount); M(pQueuePriorities);
    }
    {
        SAME_STRUCT(VkDeviceCreateInfo);
        M(sType); M(pNext); M(flags); M(queueCreateInfoCount); M(pQueueCreateInfos); M(enabledLayerCount);
        M(ppEnabledLayerNames); M(enabledExtensionCount); M(ppEnabledExtensionNames); M(pEnabledFeatures);
    }
    {
        SAME_STRUCT(VkBufferCreateInfo);
        M(sType); M(pNext); M(flags); M(size); M(usage); M(sharingMode); M(queueFamilyIndexCount);
        M(pQueueFamilyIndices);
    }
    {
        SAME_STRUCT(VkMemoryRequirements);
        M(size); M(alignment); M(memoryTypeBits);
    }
    {
        SAME_STRUCT(VkMemoryAllocateInfo);
        M(sType); M(pNext); M(allocationSize); M(memoryTypeIndex);
    }
    {
        SAME_STRUCT(VkDescriptorSetLayoutBinding);
        M(binding); M(descriptorType); M(descriptorCount); M(stageFlags); M(pImmutableSamplers);
    }
    {
        SAME_STRUCT(VkDescriptorSetLayoutCreateInfo);
        M(sType); M(pNext); M(flags); M(bindingCount); M(pBindings);
    }
    {
        SAME_STRUCT(VkDescriptorPoolSize);
        M(type); M(descriptorCount);
    }
    {
        SAME_STRUCT(VkDescriptorPoolCreateInfo);
        M(sType); M(pNext); M(flags); M(maxSets); M(poolSizeCount); M(pPoolSizes);
    }
    {
        SAME_STRUCT(VkDescriptorSetAllocateInfo);
        M(sType); M(pNext); M(descriptorPool); M(descriptorSetCount); M(pSetLayouts);
    }
    {
        SAME_STRUCT(VkDescriptorBufferInfo);
        M(buffer); M(offset); M(range);
    }
    {
        SAME_STRUCT(VkWriteDescriptorSet);
        M(sType); M(pNext); M(dstSet); M(dstBinding); M(dstArrayElement); M(descriptorCount);
        M(descriptorType); M(pImageInfo); M(pBufferInfo); M(pTexelBufferView);
    }
    {
        SAME_STRUCT(VkPushConstantRange);
        M(stageFlags); M(offset); M(size);
    }
    {
        SAME_STRUCT(VkPipelineLayoutCreateInfo);
        M(sType); M(pNext); M(flags); M(setLayoutCount); M(pSetLayouts); M(pushConstantRangeCount);
        M(pPushConstantRanges);
    }
    {
        SAME_STRUCT(VkShaderModuleCreateInfo);
        M(sType); M(pNext); M(flags); M(codeSize); M(pCode);
    }
    {
        SAME_STRUCT(VkSpecializationMapEntry);
        M(constantID); M(offset); M(size);
    }
    {
        SAME_STRUCT(VkSpecializationInfo);
        M(mapEntryCount); M(pMapEntries); M(dataSize); M(pData);
    }
    {
        SAME_STRUCT(VkPipelineShaderStageCreateInfo);
        M(sType); M(pNext); M(flags); M(stage); M(module); M(pName); M(pSpecializationInfo);
    }
    {
        SAME_STRUCT(VkComputePipelineCreateInfo);
        M(sType); M(pNext); M(flags); M(stage); M(layout); M(basePipelineHandle); M(basePipelineIndex);
    }
    {
        SAME_STRUCT(VkCommandPoolCreateInfo);
        M(sType); M(pNext); M(flags); M(queueFamilyIndex);
    }
    {
        SAME_STRUCT(VkCommandBufferAllocateInfo);
        M(sType); M(pNext); M(commandPool); M(level); M(commandBufferCount);
    }
    {
        SAME_STRUCT(VkCommandBufferBeginInfo);
        M(sType); M(pNext); M(flags); M(pInheritanceInfo);
    }
    {
        SAME_STRUCT(VkBufferCopy);
        M(srcOffset); M(dstOffset); M(size);
    }
    {
        SAME_STRUCT(VkMemoryBarrier);
        M(sType); M(pNext); M(srcAccessMask); M(dstAccessMask);
    }
    {
        SAME_STRUCT(VkSubmitInfo);
        M(sType); M(pNext); M(waitSemaphoreCount); M(pWaitSemaphores); M(pWaitDstStageMask);
        M(commandBufferCount); M(pCommandBuffers); M(signalSemaphoreCount); M(pSignalSemaphores);
    }
    {
        SAME_STRUCT(VkFenceCreateInfo);
        M(sType); M(pNext); M(flags);
    }
    {
        SAME_STRUCT(VkQueryPoolCreateInfo);
        M(sType); M(pNext); M(flags); M(queryType); M(queryCount); M(pipelineStatistics);
    }
    {
        SAME_STRUCT(VkDebugUtilsMessengerCallbackDataEXT);
        M(sType); M(pNext); M(flags); M(pMessageIdName); M(messageIdNumber); M(pMessage); M(queueLabelCount);
        M(pQueueLabels); M(cmdBufLabelCount); M(pCmdBufLabels); M(objectCount); M(pObjects);
    }
    {
        SAME_STRUCT(VkDebugUtilsMessengerCreateInfoEXT);
        M(sType); M(pNext); M(flags); M(messageSeverity); M(messageType); M(pfnUserCallback); M(pUserData);
    }
}

/* VK_KHR_shader_bfloat16 (extension 142) and VK_KHR_cooperative_matrix (extension 507). */
static void check_bfloat16_and_cooperative_matrix(void)
{
    const unsigned long long header = sizeof(VkBaseOutStructure); /* sType and pNext */
    const unsigned long long align = _Alignof(VkBaseOutStructure);

    check_equal("value", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR",
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR, EXTENSION_ENUM(142, 0));
    check_equal("value", "VK_COMPONENT_TYPE_BFLOAT16_KHR", SPVK_VK_COMPONENT_TYPE_BFLOAT16_KHR, EXTENSION_ENUM(142, 0));
    check_equal("value", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR",
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR, EXTENSION_ENUM(507, 0));
    check_equal("value", "VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR",
                SPVK_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR, EXTENSION_ENUM(507, 1));
    check_equal("value", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_KHR",
                SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_KHR, EXTENSION_ENUM(507, 2));

    /* The KHR component types and scopes kept the values of VK_NV_cooperative_matrix's. */
    KHR_AS_NV(VK_COMPONENT_TYPE_, FLOAT16); KHR_AS_NV(VK_COMPONENT_TYPE_, FLOAT32);
    KHR_AS_NV(VK_COMPONENT_TYPE_, FLOAT64); KHR_AS_NV(VK_COMPONENT_TYPE_, SINT8);
    KHR_AS_NV(VK_COMPONENT_TYPE_, SINT16); KHR_AS_NV(VK_COMPONENT_TYPE_, SINT32);
    KHR_AS_NV(VK_COMPONENT_TYPE_, SINT64); KHR_AS_NV(VK_COMPONENT_TYPE_, UINT8);
    KHR_AS_NV(VK_COMPONENT_TYPE_, UINT16); KHR_AS_NV(VK_COMPONENT_TYPE_, UINT32);
    KHR_AS_NV(VK_COMPONENT_TYPE_, UINT64); KHR_AS_NV(VK_SCOPE_, DEVICE); KHR_AS_NV(VK_SCOPE_, WORKGROUP);
    KHR_AS_NV(VK_SCOPE_, SUBGROUP); KHR_AS_NV(VK_SCOPE_, QUEUE_FAMILY);

    /* Three VkBool32 after the header. */
    {
        typedef spvk_VkPhysicalDeviceShaderBfloat16FeaturesKHR ours;
        const char *name = "VkPhysicalDeviceShaderBfloat16FeaturesKHR";
        check_equal("offset", name, offsetof(ours, shaderBFloat16Type), header);
        check_equal("offset", name, offsetof(ours, shaderBFloat16DotProduct), header + 4);
        check_equal("offset", name, offsetof(ours, shaderBFloat16CooperativeMatrix), header + 8);
        check_equal("size", name, sizeof(ours), (header + 12 + align - 1) / align * align);
    }
    /* The same members as VK_NV_cooperative_matrix's feature structure. */
    {
        typedef VkPhysicalDeviceCooperativeMatrixFeaturesNV real;
        typedef spvk_VkPhysicalDeviceCooperativeMatrixFeaturesKHR khr;
        check_equal("size", "VkPhysicalDeviceCooperativeMatrixFeaturesKHR", sizeof(khr), sizeof(real));
        check_equal("offset", "cooperativeMatrix", offsetof(khr, cooperativeMatrix), offsetof(real, cooperativeMatrix));
        check_equal("offset", "cooperativeMatrixRobustBufferAccess", offsetof(khr, cooperativeMatrixRobustBufferAccess),
                    offsetof(real, cooperativeMatrixRobustBufferAccess));
    }
    /* VK_NV_cooperative_matrix's properties up to DType (the KHR ResultType), then
       saturatingAccumulation where NV has scope, then scope. */
    {
        typedef VkCooperativeMatrixPropertiesNV nv;
        typedef spvk_VkCooperativeMatrixPropertiesKHR khr;
        const char *name = "VkCooperativeMatrixPropertiesKHR";
        check_equal("offset", name, offsetof(khr, MSize), offsetof(nv, MSize));
        check_equal("offset", name, offsetof(khr, NSize), offsetof(nv, NSize));
        check_equal("offset", name, offsetof(khr, KSize), offsetof(nv, KSize));
        check_equal("offset", name, offsetof(khr, AType), offsetof(nv, AType));
        check_equal("offset", name, offsetof(khr, BType), offsetof(nv, BType));
        check_equal("offset", name, offsetof(khr, CType), offsetof(nv, CType));
        check_equal("offset", name, offsetof(khr, ResultType), offsetof(nv, DType));
        check_equal("offset", name, offsetof(khr, saturatingAccumulation), offsetof(nv, scope));
        check_equal("offset", name, offsetof(khr, scope), offsetof(nv, scope) + 4);
        check_equal("size", name, sizeof(khr), (offsetof(nv, scope) + 8 + align - 1) / align * align);
    }

    /* Where the installed header is new enough, against it as well. */
#ifdef VK_KHR_shader_bfloat16
    {
        SAME_STRUCT(VkPhysicalDeviceShaderBfloat16FeaturesKHR);
        M(sType); M(pNext); M(shaderBFloat16Type); M(shaderBFloat16DotProduct); M(shaderBFloat16CooperativeMatrix);
    }
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR);
#if defined(VK_KHR_cooperative_matrix)
    SAME_VALUE(VK_COMPONENT_TYPE_BFLOAT16_KHR);
#endif
#endif
#ifdef VK_KHR_cooperative_matrix
    {
        SAME_STRUCT(VkPhysicalDeviceCooperativeMatrixFeaturesKHR);
        M(sType); M(pNext); M(cooperativeMatrix); M(cooperativeMatrixRobustBufferAccess);
    }
    {
        SAME_STRUCT(VkCooperativeMatrixPropertiesKHR);
        M(sType); M(pNext); M(MSize); M(NSize); M(KSize); M(AType); M(BType); M(CType); M(ResultType);
        M(saturatingAccumulation); M(scope);
    }
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR);
    SAME_VALUE(VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR);
    SAME_VALUE(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_FLOAT16_KHR); SAME_VALUE(VK_COMPONENT_TYPE_FLOAT32_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_FLOAT64_KHR); SAME_VALUE(VK_COMPONENT_TYPE_SINT8_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_SINT16_KHR); SAME_VALUE(VK_COMPONENT_TYPE_SINT32_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_SINT64_KHR); SAME_VALUE(VK_COMPONENT_TYPE_UINT8_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_UINT16_KHR); SAME_VALUE(VK_COMPONENT_TYPE_UINT32_KHR);
    SAME_VALUE(VK_COMPONENT_TYPE_UINT64_KHR); SAME_VALUE(VK_SCOPE_DEVICE_KHR); SAME_VALUE(VK_SCOPE_WORKGROUP_KHR);
    SAME_VALUE(VK_SCOPE_SUBGROUP_KHR); SAME_VALUE(VK_SCOPE_QUEUE_FAMILY_KHR);
#endif
}

int main(void)
{
    check_types();
    check_versions();
    check_constants();
    check_structs();
    check_bfloat16_and_cooperative_matrix();
    TEST_SUMMARY();
}
