/* spvkit's own declarations of the part of the Vulkan C API that the Vulkan backend (vulkan.c)
   uses. Why not <vulkan/vulkan.h>: libvulkan is loaded with dlopen at run time, so spvkit must
   build without the Vulkan headers installed, and the headers Debian bookworm ships (1.3.239)
   predate VK_KHR_shader_bfloat16 and VK_KHR_cooperative_matrix, which spvkit needs.

   Naming: a type is the Vulkan type with an `spvk_` prefix (spvk_VkBufferCreateInfo), a constant
   the Vulkan constant with `SPVK_` (SPVK_VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO), a function
   pointer type `spvk_PFN_vkName`; members keep their Vulkan names. The prefixes keep these
   declarations apart from the real header's, so tests/unit/test_vulkan_abi.c can include both
   and check every size, offset and value declared here against it.

   Written from the Vulkan specification's definitions (struct members in specification order,
   enumerant values from the registry), for the platforms spvkit runs on: a non-dispatchable
   handle is a 64-bit integer everywhere (the real header's pointer-to-struct on 64-bit targets
   has the same size, alignment and argument passing), and the calling convention is the
   platform's default (VKAPI_ATTR/VKAPI_CALL are empty on Linux and the BSDs). */
#ifndef SPVK_VULKAN_API_H
#define SPVK_VULKAN_API_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define SPVK_VKAPI_PTR __stdcall
#else
#define SPVK_VKAPI_PTR
#endif

/* ---- Basic types and handles ---- */

typedef uint32_t spvk_VkBool32;
typedef uint32_t spvk_VkFlags;
typedef uint64_t spvk_VkDeviceSize;
typedef int32_t spvk_VkResult;
typedef int32_t spvk_VkStructureType;

/* Dispatchable handles are pointers to opaque objects. */
typedef struct spvk_VkInstance_T *spvk_VkInstance;
typedef struct spvk_VkPhysicalDevice_T *spvk_VkPhysicalDevice;
typedef struct spvk_VkDevice_T *spvk_VkDevice;
typedef struct spvk_VkQueue_T *spvk_VkQueue;
typedef struct spvk_VkCommandBuffer_T *spvk_VkCommandBuffer;

/* Non-dispatchable handles: 64-bit values; 0 is VK_NULL_HANDLE. */
typedef uint64_t spvk_VkBuffer;
typedef uint64_t spvk_VkDeviceMemory;
typedef uint64_t spvk_VkShaderModule;
typedef uint64_t spvk_VkPipeline;
typedef uint64_t spvk_VkPipelineLayout;
typedef uint64_t spvk_VkPipelineCache;
typedef uint64_t spvk_VkDescriptorSetLayout;
typedef uint64_t spvk_VkDescriptorPool;
typedef uint64_t spvk_VkDescriptorSet;
typedef uint64_t spvk_VkCommandPool;
typedef uint64_t spvk_VkFence;
typedef uint64_t spvk_VkSemaphore;
typedef uint64_t spvk_VkQueryPool;
typedef uint64_t spvk_VkSampler;
typedef uint64_t spvk_VkBufferView;
typedef uint64_t spvk_VkDebugUtilsMessengerEXT;

/* Structures spvkit only passes as NULL: declared, never defined. */
struct spvk_VkAllocationCallbacks;
struct spvk_VkCopyDescriptorSet;
struct spvk_VkBufferMemoryBarrier;
struct spvk_VkImageMemoryBarrier;
struct spvk_VkDescriptorImageInfo;
struct spvk_VkCommandBufferInheritanceInfo;

/* ---- Constants ---- */

#define SPVK_VK_NULL_HANDLE 0
#define SPVK_VK_TRUE 1u
#define SPVK_VK_FALSE 0u
#define SPVK_VK_WHOLE_SIZE (~0ULL)
#define SPVK_VK_MAX_PHYSICAL_DEVICE_NAME_SIZE 256u
#define SPVK_VK_UUID_SIZE 16u
#define SPVK_VK_MAX_EXTENSION_NAME_SIZE 256u
#define SPVK_VK_MAX_DESCRIPTION_SIZE 256u
#define SPVK_VK_MAX_MEMORY_TYPES 32u
#define SPVK_VK_MAX_MEMORY_HEAPS 16u
#define SPVK_VK_MAX_DRIVER_NAME_SIZE 256u
#define SPVK_VK_MAX_DRIVER_INFO_SIZE 256u

/* Version numbers: variant 3 bits, major 7, minor 10, patch 12. */
#define SPVK_VK_MAKE_API_VERSION(variant, major, minor, patch) \
    ((((uint32_t)(variant)) << 29) | (((uint32_t)(major)) << 22) | (((uint32_t)(minor)) << 12) | ((uint32_t)(patch)))
#define SPVK_VK_API_VERSION_MAJOR(version) (((uint32_t)(version) >> 22) & 0x7fu)
#define SPVK_VK_API_VERSION_MINOR(version) (((uint32_t)(version) >> 12) & 0x3ffu)
#define SPVK_VK_API_VERSION_PATCH(version) ((uint32_t)(version) & 0xfffu)
#define SPVK_VK_API_VERSION_1_0 SPVK_VK_MAKE_API_VERSION(0, 1, 0, 0)
#define SPVK_VK_API_VERSION_1_1 SPVK_VK_MAKE_API_VERSION(0, 1, 1, 0)
#define SPVK_VK_API_VERSION_1_2 SPVK_VK_MAKE_API_VERSION(0, 1, 2, 0)
#define SPVK_VK_API_VERSION_1_3 SPVK_VK_MAKE_API_VERSION(0, 1, 3, 0)

/* VkResult */
enum {
    SPVK_VK_SUCCESS = 0,
    SPVK_VK_NOT_READY = 1,
    SPVK_VK_TIMEOUT = 2,
    SPVK_VK_EVENT_SET = 3,
    SPVK_VK_EVENT_RESET = 4,
    SPVK_VK_INCOMPLETE = 5,
    SPVK_VK_ERROR_OUT_OF_HOST_MEMORY = -1,
    SPVK_VK_ERROR_OUT_OF_DEVICE_MEMORY = -2,
    SPVK_VK_ERROR_INITIALIZATION_FAILED = -3,
    SPVK_VK_ERROR_DEVICE_LOST = -4,
    SPVK_VK_ERROR_MEMORY_MAP_FAILED = -5,
    SPVK_VK_ERROR_LAYER_NOT_PRESENT = -6,
    SPVK_VK_ERROR_EXTENSION_NOT_PRESENT = -7,
    SPVK_VK_ERROR_FEATURE_NOT_PRESENT = -8,
    SPVK_VK_ERROR_INCOMPATIBLE_DRIVER = -9,
    SPVK_VK_ERROR_TOO_MANY_OBJECTS = -10,
    SPVK_VK_ERROR_FORMAT_NOT_SUPPORTED = -11,
    SPVK_VK_ERROR_FRAGMENTED_POOL = -12,
    SPVK_VK_ERROR_UNKNOWN = -13,
    SPVK_VK_ERROR_OUT_OF_POOL_MEMORY = -1000069000,
    SPVK_VK_ERROR_INVALID_EXTERNAL_HANDLE = -1000072003,
    SPVK_VK_ERROR_FRAGMENTATION = -1000161000,
    SPVK_VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS = -1000257000,
    SPVK_VK_PIPELINE_COMPILE_REQUIRED = 1000297000,
    SPVK_VK_ERROR_VALIDATION_FAILED_EXT = -1000011001,
    SPVK_VK_ERROR_INVALID_SHADER_NV = -1000012000
};

/* VkStructureType */
enum {
    SPVK_VK_STRUCTURE_TYPE_APPLICATION_INFO = 0,
    SPVK_VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO = 1,
    SPVK_VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO = 2,
    SPVK_VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO = 3,
    SPVK_VK_STRUCTURE_TYPE_SUBMIT_INFO = 4,
    SPVK_VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO = 5,
    SPVK_VK_STRUCTURE_TYPE_FENCE_CREATE_INFO = 8,
    SPVK_VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO = 11,
    SPVK_VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO = 12,
    SPVK_VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO = 16,
    SPVK_VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO = 18,
    SPVK_VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO = 29,
    SPVK_VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO = 30,
    SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO = 32,
    SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO = 33,
    SPVK_VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO = 34,
    SPVK_VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET = 35,
    SPVK_VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO = 39,
    SPVK_VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO = 40,
    SPVK_VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO = 42,
    SPVK_VK_STRUCTURE_TYPE_MEMORY_BARRIER = 46,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES = 49,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES = 51,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES = 53,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 = 1000059000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 = 1000059001,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES = 1000094000,
    SPVK_VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CALLBACK_DATA_EXT = 1000128003,
    SPVK_VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT = 1000128004,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR = 1000141000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES = 1000196000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES = 1000197000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT = 1000260000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR = 1000336000,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR = 1000506000,
    SPVK_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR = 1000506001,
    SPVK_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_KHR = 1000506002
};

/* VkInstanceCreateFlagBits */
enum { SPVK_VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR = 0x1 };

/* VkPhysicalDeviceType */
enum {
    SPVK_VK_PHYSICAL_DEVICE_TYPE_OTHER = 0,
    SPVK_VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU = 1,
    SPVK_VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU = 2,
    SPVK_VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU = 3,
    SPVK_VK_PHYSICAL_DEVICE_TYPE_CPU = 4
};

/* VkQueueFlagBits */
enum { SPVK_VK_QUEUE_GRAPHICS_BIT = 0x1, SPVK_VK_QUEUE_COMPUTE_BIT = 0x2, SPVK_VK_QUEUE_TRANSFER_BIT = 0x4 };

/* VkMemoryPropertyFlagBits */
enum {
    SPVK_VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT = 0x1,
    SPVK_VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT = 0x2,
    SPVK_VK_MEMORY_PROPERTY_HOST_COHERENT_BIT = 0x4,
    SPVK_VK_MEMORY_PROPERTY_HOST_CACHED_BIT = 0x8
};

/* VkBufferUsageFlagBits */
enum {
    SPVK_VK_BUFFER_USAGE_TRANSFER_SRC_BIT = 0x1,
    SPVK_VK_BUFFER_USAGE_TRANSFER_DST_BIT = 0x2,
    SPVK_VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT = 0x10,
    SPVK_VK_BUFFER_USAGE_STORAGE_BUFFER_BIT = 0x20
};

/* VkSharingMode */
enum { SPVK_VK_SHARING_MODE_EXCLUSIVE = 0 };

/* VkDescriptorType */
enum { SPVK_VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER = 6, SPVK_VK_DESCRIPTOR_TYPE_STORAGE_BUFFER = 7 };

/* VkShaderStageFlagBits */
enum { SPVK_VK_SHADER_STAGE_COMPUTE_BIT = 0x20 };

/* VkPipelineBindPoint */
enum { SPVK_VK_PIPELINE_BIND_POINT_COMPUTE = 1 };

/* VkPipelineCreateFlagBits */

/* VkPipelineStageFlagBits */
enum {
    SPVK_VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT = 0x1,
    SPVK_VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT = 0x800,
    SPVK_VK_PIPELINE_STAGE_TRANSFER_BIT = 0x1000,
    SPVK_VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT = 0x2000,
    SPVK_VK_PIPELINE_STAGE_HOST_BIT = 0x4000
};

/* VkAccessFlagBits */
enum {
    SPVK_VK_ACCESS_UNIFORM_READ_BIT = 0x8,
    SPVK_VK_ACCESS_SHADER_READ_BIT = 0x20,
    SPVK_VK_ACCESS_SHADER_WRITE_BIT = 0x40,
    SPVK_VK_ACCESS_TRANSFER_READ_BIT = 0x800,
    SPVK_VK_ACCESS_TRANSFER_WRITE_BIT = 0x1000,
    SPVK_VK_ACCESS_HOST_READ_BIT = 0x2000,
    SPVK_VK_ACCESS_HOST_WRITE_BIT = 0x4000
};

/* VkCommandPoolCreateFlagBits, VkCommandBufferLevel, VkCommandBufferUsageFlagBits */
enum { SPVK_VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT = 0x2 };
enum { SPVK_VK_COMMAND_BUFFER_LEVEL_PRIMARY = 0 };
enum { SPVK_VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT = 0x1 };

/* VkQueryType, VkQueryResultFlagBits */
enum { SPVK_VK_QUERY_TYPE_TIMESTAMP = 2 };
enum { SPVK_VK_QUERY_RESULT_64_BIT = 0x1, SPVK_VK_QUERY_RESULT_WAIT_BIT = 0x2 };

/* VkSubgroupFeatureFlagBits */
enum {
    SPVK_VK_SUBGROUP_FEATURE_BASIC_BIT = 0x1,
    SPVK_VK_SUBGROUP_FEATURE_VOTE_BIT = 0x2,
    SPVK_VK_SUBGROUP_FEATURE_ARITHMETIC_BIT = 0x4,
    SPVK_VK_SUBGROUP_FEATURE_BALLOT_BIT = 0x8,
    SPVK_VK_SUBGROUP_FEATURE_SHUFFLE_BIT = 0x10,
    SPVK_VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT = 0x20,
    SPVK_VK_SUBGROUP_FEATURE_CLUSTERED_BIT = 0x40,
    SPVK_VK_SUBGROUP_FEATURE_QUAD_BIT = 0x80
};

/* VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagBitsEXT */
enum {
    SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_VERBOSE_BIT_EXT = 0x1,
    SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT = 0x10,
    SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT = 0x100,
    SPVK_VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT = 0x1000
};
enum {
    SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT = 0x1,
    SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT = 0x2,
    SPVK_VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT = 0x4
};

/* VkComponentTypeKHR (VK_KHR_cooperative_matrix; BFLOAT16 from VK_KHR_shader_bfloat16) */
enum {
    SPVK_VK_COMPONENT_TYPE_FLOAT16_KHR = 0,
    SPVK_VK_COMPONENT_TYPE_FLOAT32_KHR = 1,
    SPVK_VK_COMPONENT_TYPE_FLOAT64_KHR = 2,
    SPVK_VK_COMPONENT_TYPE_SINT8_KHR = 3,
    SPVK_VK_COMPONENT_TYPE_SINT16_KHR = 4,
    SPVK_VK_COMPONENT_TYPE_SINT32_KHR = 5,
    SPVK_VK_COMPONENT_TYPE_SINT64_KHR = 6,
    SPVK_VK_COMPONENT_TYPE_UINT8_KHR = 7,
    SPVK_VK_COMPONENT_TYPE_UINT16_KHR = 8,
    SPVK_VK_COMPONENT_TYPE_UINT32_KHR = 9,
    SPVK_VK_COMPONENT_TYPE_UINT64_KHR = 10,
    SPVK_VK_COMPONENT_TYPE_BFLOAT16_KHR = 1000141000
};

/* VkScopeKHR */
enum {
    SPVK_VK_SCOPE_DEVICE_KHR = 1,
    SPVK_VK_SCOPE_WORKGROUP_KHR = 2,
    SPVK_VK_SCOPE_SUBGROUP_KHR = 3,
    SPVK_VK_SCOPE_QUEUE_FAMILY_KHR = 5
};

/* ---- Instance and physical device ---- */

typedef struct spvk_VkApplicationInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    const char *pApplicationName;
    uint32_t applicationVersion;
    const char *pEngineName;
    uint32_t engineVersion;
    uint32_t apiVersion;
} spvk_VkApplicationInfo;

typedef struct spvk_VkInstanceCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    const spvk_VkApplicationInfo *pApplicationInfo;
    uint32_t enabledLayerCount;
    const char *const *ppEnabledLayerNames;
    uint32_t enabledExtensionCount;
    const char *const *ppEnabledExtensionNames;
} spvk_VkInstanceCreateInfo;

typedef struct spvk_VkLayerProperties {
    char layerName[SPVK_VK_MAX_EXTENSION_NAME_SIZE];
    uint32_t specVersion;
    uint32_t implementationVersion;
    char description[SPVK_VK_MAX_DESCRIPTION_SIZE];
} spvk_VkLayerProperties;

typedef struct spvk_VkExtensionProperties {
    char extensionName[SPVK_VK_MAX_EXTENSION_NAME_SIZE];
    uint32_t specVersion;
} spvk_VkExtensionProperties;

typedef struct spvk_VkExtent3D {
    uint32_t width;
    uint32_t height;
    uint32_t depth;
} spvk_VkExtent3D;

typedef struct spvk_VkPhysicalDeviceLimits {
    uint32_t maxImageDimension1D;
    uint32_t maxImageDimension2D;
    uint32_t maxImageDimension3D;
    uint32_t maxImageDimensionCube;
    uint32_t maxImageArrayLayers;
    uint32_t maxTexelBufferElements;
    uint32_t maxUniformBufferRange;
    uint32_t maxStorageBufferRange;
    uint32_t maxPushConstantsSize;
    uint32_t maxMemoryAllocationCount;
    uint32_t maxSamplerAllocationCount;
    spvk_VkDeviceSize bufferImageGranularity;
    spvk_VkDeviceSize sparseAddressSpaceSize;
    uint32_t maxBoundDescriptorSets;
    uint32_t maxPerStageDescriptorSamplers;
    uint32_t maxPerStageDescriptorUniformBuffers;
    uint32_t maxPerStageDescriptorStorageBuffers;
    uint32_t maxPerStageDescriptorSampledImages;
    uint32_t maxPerStageDescriptorStorageImages;
    uint32_t maxPerStageDescriptorInputAttachments;
    uint32_t maxPerStageResources;
    uint32_t maxDescriptorSetSamplers;
    uint32_t maxDescriptorSetUniformBuffers;
    uint32_t maxDescriptorSetUniformBuffersDynamic;
    uint32_t maxDescriptorSetStorageBuffers;
    uint32_t maxDescriptorSetStorageBuffersDynamic;
    uint32_t maxDescriptorSetSampledImages;
    uint32_t maxDescriptorSetStorageImages;
    uint32_t maxDescriptorSetInputAttachments;
    uint32_t maxVertexInputAttributes;
    uint32_t maxVertexInputBindings;
    uint32_t maxVertexInputAttributeOffset;
    uint32_t maxVertexInputBindingStride;
    uint32_t maxVertexOutputComponents;
    uint32_t maxTessellationGenerationLevel;
    uint32_t maxTessellationPatchSize;
    uint32_t maxTessellationControlPerVertexInputComponents;
    uint32_t maxTessellationControlPerVertexOutputComponents;
    uint32_t maxTessellationControlPerPatchOutputComponents;
    uint32_t maxTessellationControlTotalOutputComponents;
    uint32_t maxTessellationEvaluationInputComponents;
    uint32_t maxTessellationEvaluationOutputComponents;
    uint32_t maxGeometryShaderInvocations;
    uint32_t maxGeometryInputComponents;
    uint32_t maxGeometryOutputComponents;
    uint32_t maxGeometryOutputVertices;
    uint32_t maxGeometryTotalOutputComponents;
    uint32_t maxFragmentInputComponents;
    uint32_t maxFragmentOutputAttachments;
    uint32_t maxFragmentDualSrcAttachments;
    uint32_t maxFragmentCombinedOutputResources;
    uint32_t maxComputeSharedMemorySize;
    uint32_t maxComputeWorkGroupCount[3];
    uint32_t maxComputeWorkGroupInvocations;
    uint32_t maxComputeWorkGroupSize[3];
    uint32_t subPixelPrecisionBits;
    uint32_t subTexelPrecisionBits;
    uint32_t mipmapPrecisionBits;
    uint32_t maxDrawIndexedIndexValue;
    uint32_t maxDrawIndirectCount;
    float maxSamplerLodBias;
    float maxSamplerAnisotropy;
    uint32_t maxViewports;
    uint32_t maxViewportDimensions[2];
    float viewportBoundsRange[2];
    uint32_t viewportSubPixelBits;
    size_t minMemoryMapAlignment;
    spvk_VkDeviceSize minTexelBufferOffsetAlignment;
    spvk_VkDeviceSize minUniformBufferOffsetAlignment;
    spvk_VkDeviceSize minStorageBufferOffsetAlignment;
    int32_t minTexelOffset;
    uint32_t maxTexelOffset;
    int32_t minTexelGatherOffset;
    uint32_t maxTexelGatherOffset;
    float minInterpolationOffset;
    float maxInterpolationOffset;
    uint32_t subPixelInterpolationOffsetBits;
    uint32_t maxFramebufferWidth;
    uint32_t maxFramebufferHeight;
    uint32_t maxFramebufferLayers;
    spvk_VkFlags framebufferColorSampleCounts;
    spvk_VkFlags framebufferDepthSampleCounts;
    spvk_VkFlags framebufferStencilSampleCounts;
    spvk_VkFlags framebufferNoAttachmentsSampleCounts;
    uint32_t maxColorAttachments;
    spvk_VkFlags sampledImageColorSampleCounts;
    spvk_VkFlags sampledImageIntegerSampleCounts;
    spvk_VkFlags sampledImageDepthSampleCounts;
    spvk_VkFlags sampledImageStencilSampleCounts;
    spvk_VkFlags storageImageSampleCounts;
    uint32_t maxSampleMaskWords;
    spvk_VkBool32 timestampComputeAndGraphics;
    float timestampPeriod;
    uint32_t maxClipDistances;
    uint32_t maxCullDistances;
    uint32_t maxCombinedClipAndCullDistances;
    uint32_t discreteQueuePriorities;
    float pointSizeRange[2];
    float lineWidthRange[2];
    float pointSizeGranularity;
    float lineWidthGranularity;
    spvk_VkBool32 strictLines;
    spvk_VkBool32 standardSampleLocations;
    spvk_VkDeviceSize optimalBufferCopyOffsetAlignment;
    spvk_VkDeviceSize optimalBufferCopyRowPitchAlignment;
    spvk_VkDeviceSize nonCoherentAtomSize;
} spvk_VkPhysicalDeviceLimits;

typedef struct spvk_VkPhysicalDeviceSparseProperties {
    spvk_VkBool32 residencyStandard2DBlockShape;
    spvk_VkBool32 residencyStandard2DMultisampleBlockShape;
    spvk_VkBool32 residencyStandard3DBlockShape;
    spvk_VkBool32 residencyAlignedMipSize;
    spvk_VkBool32 residencyNonResidentStrict;
} spvk_VkPhysicalDeviceSparseProperties;

typedef struct spvk_VkPhysicalDeviceProperties {
    uint32_t apiVersion;
    uint32_t driverVersion;
    uint32_t vendorID;
    uint32_t deviceID;
    int32_t deviceType; /* SPVK_VK_PHYSICAL_DEVICE_TYPE_* */
    char deviceName[SPVK_VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    uint8_t pipelineCacheUUID[SPVK_VK_UUID_SIZE];
    spvk_VkPhysicalDeviceLimits limits;
    spvk_VkPhysicalDeviceSparseProperties sparseProperties;
} spvk_VkPhysicalDeviceProperties;

typedef struct spvk_VkPhysicalDeviceProperties2 {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkPhysicalDeviceProperties properties;
} spvk_VkPhysicalDeviceProperties2;

typedef struct spvk_VkPhysicalDeviceSubgroupProperties {
    spvk_VkStructureType sType;
    void *pNext;
    uint32_t subgroupSize;
    spvk_VkFlags supportedStages;
    spvk_VkFlags supportedOperations;
    spvk_VkBool32 quadOperationsInAllStages;
} spvk_VkPhysicalDeviceSubgroupProperties;

typedef struct spvk_VkConformanceVersion {
    uint8_t major;
    uint8_t minor;
    uint8_t subminor;
    uint8_t patch;
} spvk_VkConformanceVersion;

typedef struct spvk_VkPhysicalDeviceDriverProperties {
    spvk_VkStructureType sType;
    void *pNext;
    int32_t driverID;
    char driverName[SPVK_VK_MAX_DRIVER_NAME_SIZE];
    char driverInfo[SPVK_VK_MAX_DRIVER_INFO_SIZE];
    spvk_VkConformanceVersion conformanceVersion;
} spvk_VkPhysicalDeviceDriverProperties;

typedef struct spvk_VkPhysicalDeviceFloatControlsProperties {
    spvk_VkStructureType sType;
    void *pNext;
    int32_t denormBehaviorIndependence;
    int32_t roundingModeIndependence;
    spvk_VkBool32 shaderSignedZeroInfNanPreserveFloat16;
    spvk_VkBool32 shaderSignedZeroInfNanPreserveFloat32;
    spvk_VkBool32 shaderSignedZeroInfNanPreserveFloat64;
    spvk_VkBool32 shaderDenormPreserveFloat16;
    spvk_VkBool32 shaderDenormPreserveFloat32;
    spvk_VkBool32 shaderDenormPreserveFloat64;
    spvk_VkBool32 shaderDenormFlushToZeroFloat16;
    spvk_VkBool32 shaderDenormFlushToZeroFloat32;
    spvk_VkBool32 shaderDenormFlushToZeroFloat64;
    spvk_VkBool32 shaderRoundingModeRTEFloat16;
    spvk_VkBool32 shaderRoundingModeRTEFloat32;
    spvk_VkBool32 shaderRoundingModeRTEFloat64;
    spvk_VkBool32 shaderRoundingModeRTZFloat16;
    spvk_VkBool32 shaderRoundingModeRTZFloat32;
    spvk_VkBool32 shaderRoundingModeRTZFloat64;
} spvk_VkPhysicalDeviceFloatControlsProperties;

typedef struct spvk_VkQueueFamilyProperties {
    spvk_VkFlags queueFlags;
    uint32_t queueCount;
    uint32_t timestampValidBits;
    spvk_VkExtent3D minImageTransferGranularity;
} spvk_VkQueueFamilyProperties;

typedef struct spvk_VkMemoryType {
    spvk_VkFlags propertyFlags;
    uint32_t heapIndex;
} spvk_VkMemoryType;

typedef struct spvk_VkMemoryHeap {
    spvk_VkDeviceSize size;
    spvk_VkFlags flags;
} spvk_VkMemoryHeap;

typedef struct spvk_VkPhysicalDeviceMemoryProperties {
    uint32_t memoryTypeCount;
    spvk_VkMemoryType memoryTypes[SPVK_VK_MAX_MEMORY_TYPES];
    uint32_t memoryHeapCount;
    spvk_VkMemoryHeap memoryHeaps[SPVK_VK_MAX_MEMORY_HEAPS];
} spvk_VkPhysicalDeviceMemoryProperties;

/* ---- Features ---- */

typedef struct spvk_VkPhysicalDeviceFeatures {
    spvk_VkBool32 robustBufferAccess;
    spvk_VkBool32 fullDrawIndexUint32;
    spvk_VkBool32 imageCubeArray;
    spvk_VkBool32 independentBlend;
    spvk_VkBool32 geometryShader;
    spvk_VkBool32 tessellationShader;
    spvk_VkBool32 sampleRateShading;
    spvk_VkBool32 dualSrcBlend;
    spvk_VkBool32 logicOp;
    spvk_VkBool32 multiDrawIndirect;
    spvk_VkBool32 drawIndirectFirstInstance;
    spvk_VkBool32 depthClamp;
    spvk_VkBool32 depthBiasClamp;
    spvk_VkBool32 fillModeNonSolid;
    spvk_VkBool32 depthBounds;
    spvk_VkBool32 wideLines;
    spvk_VkBool32 largePoints;
    spvk_VkBool32 alphaToOne;
    spvk_VkBool32 multiViewport;
    spvk_VkBool32 samplerAnisotropy;
    spvk_VkBool32 textureCompressionETC2;
    spvk_VkBool32 textureCompressionASTC_LDR;
    spvk_VkBool32 textureCompressionBC;
    spvk_VkBool32 occlusionQueryPrecise;
    spvk_VkBool32 pipelineStatisticsQuery;
    spvk_VkBool32 vertexPipelineStoresAndAtomics;
    spvk_VkBool32 fragmentStoresAndAtomics;
    spvk_VkBool32 shaderTessellationAndGeometryPointSize;
    spvk_VkBool32 shaderImageGatherExtended;
    spvk_VkBool32 shaderStorageImageExtendedFormats;
    spvk_VkBool32 shaderStorageImageMultisample;
    spvk_VkBool32 shaderStorageImageReadWithoutFormat;
    spvk_VkBool32 shaderStorageImageWriteWithoutFormat;
    spvk_VkBool32 shaderUniformBufferArrayDynamicIndexing;
    spvk_VkBool32 shaderSampledImageArrayDynamicIndexing;
    spvk_VkBool32 shaderStorageBufferArrayDynamicIndexing;
    spvk_VkBool32 shaderStorageImageArrayDynamicIndexing;
    spvk_VkBool32 shaderClipDistance;
    spvk_VkBool32 shaderCullDistance;
    spvk_VkBool32 shaderFloat64;
    spvk_VkBool32 shaderInt64;
    spvk_VkBool32 shaderInt16;
    spvk_VkBool32 shaderResourceResidency;
    spvk_VkBool32 shaderResourceMinLod;
    spvk_VkBool32 sparseBinding;
    spvk_VkBool32 sparseResidencyBuffer;
    spvk_VkBool32 sparseResidencyImage2D;
    spvk_VkBool32 sparseResidencyImage3D;
    spvk_VkBool32 sparseResidency2Samples;
    spvk_VkBool32 sparseResidency4Samples;
    spvk_VkBool32 sparseResidency8Samples;
    spvk_VkBool32 sparseResidency16Samples;
    spvk_VkBool32 sparseResidencyAliased;
    spvk_VkBool32 variableMultisampleRate;
    spvk_VkBool32 inheritedQueries;
} spvk_VkPhysicalDeviceFeatures;

typedef struct spvk_VkPhysicalDeviceFeatures2 {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkPhysicalDeviceFeatures features;
} spvk_VkPhysicalDeviceFeatures2;

typedef struct spvk_VkPhysicalDeviceVulkan11Features {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 storageBuffer16BitAccess;
    spvk_VkBool32 uniformAndStorageBuffer16BitAccess;
    spvk_VkBool32 storagePushConstant16;
    spvk_VkBool32 storageInputOutput16;
    spvk_VkBool32 multiview;
    spvk_VkBool32 multiviewGeometryShader;
    spvk_VkBool32 multiviewTessellationShader;
    spvk_VkBool32 variablePointersStorageBuffer;
    spvk_VkBool32 variablePointers;
    spvk_VkBool32 protectedMemory;
    spvk_VkBool32 samplerYcbcrConversion;
    spvk_VkBool32 shaderDrawParameters;
} spvk_VkPhysicalDeviceVulkan11Features;

typedef struct spvk_VkPhysicalDeviceVulkan12Features {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 samplerMirrorClampToEdge;
    spvk_VkBool32 drawIndirectCount;
    spvk_VkBool32 storageBuffer8BitAccess;
    spvk_VkBool32 uniformAndStorageBuffer8BitAccess;
    spvk_VkBool32 storagePushConstant8;
    spvk_VkBool32 shaderBufferInt64Atomics;
    spvk_VkBool32 shaderSharedInt64Atomics;
    spvk_VkBool32 shaderFloat16;
    spvk_VkBool32 shaderInt8;
    spvk_VkBool32 descriptorIndexing;
    spvk_VkBool32 shaderInputAttachmentArrayDynamicIndexing;
    spvk_VkBool32 shaderUniformTexelBufferArrayDynamicIndexing;
    spvk_VkBool32 shaderStorageTexelBufferArrayDynamicIndexing;
    spvk_VkBool32 shaderUniformBufferArrayNonUniformIndexing;
    spvk_VkBool32 shaderSampledImageArrayNonUniformIndexing;
    spvk_VkBool32 shaderStorageBufferArrayNonUniformIndexing;
    spvk_VkBool32 shaderStorageImageArrayNonUniformIndexing;
    spvk_VkBool32 shaderInputAttachmentArrayNonUniformIndexing;
    spvk_VkBool32 shaderUniformTexelBufferArrayNonUniformIndexing;
    spvk_VkBool32 shaderStorageTexelBufferArrayNonUniformIndexing;
    spvk_VkBool32 descriptorBindingUniformBufferUpdateAfterBind;
    spvk_VkBool32 descriptorBindingSampledImageUpdateAfterBind;
    spvk_VkBool32 descriptorBindingStorageImageUpdateAfterBind;
    spvk_VkBool32 descriptorBindingStorageBufferUpdateAfterBind;
    spvk_VkBool32 descriptorBindingUniformTexelBufferUpdateAfterBind;
    spvk_VkBool32 descriptorBindingStorageTexelBufferUpdateAfterBind;
    spvk_VkBool32 descriptorBindingUpdateUnusedWhilePending;
    spvk_VkBool32 descriptorBindingPartiallyBound;
    spvk_VkBool32 descriptorBindingVariableDescriptorCount;
    spvk_VkBool32 runtimeDescriptorArray;
    spvk_VkBool32 samplerFilterMinmax;
    spvk_VkBool32 scalarBlockLayout;
    spvk_VkBool32 imagelessFramebuffer;
    spvk_VkBool32 uniformBufferStandardLayout;
    spvk_VkBool32 shaderSubgroupExtendedTypes;
    spvk_VkBool32 separateDepthStencilLayouts;
    spvk_VkBool32 hostQueryReset;
    spvk_VkBool32 timelineSemaphore;
    spvk_VkBool32 bufferDeviceAddress;
    spvk_VkBool32 bufferDeviceAddressCaptureReplay;
    spvk_VkBool32 bufferDeviceAddressMultiDevice;
    spvk_VkBool32 vulkanMemoryModel;
    spvk_VkBool32 vulkanMemoryModelDeviceScope;
    spvk_VkBool32 vulkanMemoryModelAvailabilityVisibilityChains;
    spvk_VkBool32 shaderOutputViewportIndex;
    spvk_VkBool32 shaderOutputLayer;
    spvk_VkBool32 subgroupBroadcastDynamicId;
} spvk_VkPhysicalDeviceVulkan12Features;

typedef struct spvk_VkPhysicalDeviceVulkan13Features {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 robustImageAccess;
    spvk_VkBool32 inlineUniformBlock;
    spvk_VkBool32 descriptorBindingInlineUniformBlockUpdateAfterBind;
    spvk_VkBool32 pipelineCreationCacheControl;
    spvk_VkBool32 privateData;
    spvk_VkBool32 shaderDemoteToHelperInvocation;
    spvk_VkBool32 shaderTerminateInvocation;
    spvk_VkBool32 subgroupSizeControl;
    spvk_VkBool32 computeFullSubgroups;
    spvk_VkBool32 synchronization2;
    spvk_VkBool32 textureCompressionASTC_HDR;
    spvk_VkBool32 shaderZeroInitializeWorkgroupMemory;
    spvk_VkBool32 dynamicRendering;
    spvk_VkBool32 shaderIntegerDotProduct;
    spvk_VkBool32 maintenance4;
} spvk_VkPhysicalDeviceVulkan13Features;

/* VK_KHR_shader_bfloat16 */
typedef struct spvk_VkPhysicalDeviceShaderBfloat16FeaturesKHR {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 shaderBFloat16Type;
    spvk_VkBool32 shaderBFloat16DotProduct;
    spvk_VkBool32 shaderBFloat16CooperativeMatrix;
} spvk_VkPhysicalDeviceShaderBfloat16FeaturesKHR;

/* VK_KHR_cooperative_matrix */
typedef struct spvk_VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 cooperativeMatrix;
    spvk_VkBool32 cooperativeMatrixRobustBufferAccess;
} spvk_VkPhysicalDeviceCooperativeMatrixFeaturesKHR;

typedef struct spvk_VkCooperativeMatrixPropertiesKHR {
    spvk_VkStructureType sType;
    void *pNext;
    uint32_t MSize;
    uint32_t NSize;
    uint32_t KSize;
    int32_t AType;      /* SPVK_VK_COMPONENT_TYPE_* */
    int32_t BType;
    int32_t CType;
    int32_t ResultType;
    spvk_VkBool32 saturatingAccumulation;
    int32_t scope;      /* SPVK_VK_SCOPE_* */
} spvk_VkCooperativeMatrixPropertiesKHR;

/* VK_EXT_shader_atomic_float */
typedef struct spvk_VkPhysicalDeviceShaderAtomicFloatFeaturesEXT {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 shaderBufferFloat32Atomics;
    spvk_VkBool32 shaderBufferFloat32AtomicAdd;
    spvk_VkBool32 shaderBufferFloat64Atomics;
    spvk_VkBool32 shaderBufferFloat64AtomicAdd;
    spvk_VkBool32 shaderSharedFloat32Atomics;
    spvk_VkBool32 shaderSharedFloat32AtomicAdd;
    spvk_VkBool32 shaderSharedFloat64Atomics;
    spvk_VkBool32 shaderSharedFloat64AtomicAdd;
    spvk_VkBool32 shaderImageFloat32Atomics;
    spvk_VkBool32 shaderImageFloat32AtomicAdd;
    spvk_VkBool32 sparseImageFloat32Atomics;
    spvk_VkBool32 sparseImageFloat32AtomicAdd;
} spvk_VkPhysicalDeviceShaderAtomicFloatFeaturesEXT;

/* VK_KHR_workgroup_memory_explicit_layout */
typedef struct spvk_VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR {
    spvk_VkStructureType sType;
    void *pNext;
    spvk_VkBool32 workgroupMemoryExplicitLayout;
    spvk_VkBool32 workgroupMemoryExplicitLayoutScalarBlockLayout;
    spvk_VkBool32 workgroupMemoryExplicitLayout8BitAccess;
    spvk_VkBool32 workgroupMemoryExplicitLayout16BitAccess;
} spvk_VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR;

/* ---- Device ---- */

typedef struct spvk_VkDeviceQueueCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t queueFamilyIndex;
    uint32_t queueCount;
    const float *pQueuePriorities;
} spvk_VkDeviceQueueCreateInfo;

typedef struct spvk_VkDeviceCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t queueCreateInfoCount;
    const spvk_VkDeviceQueueCreateInfo *pQueueCreateInfos;
    uint32_t enabledLayerCount;
    const char *const *ppEnabledLayerNames;
    uint32_t enabledExtensionCount;
    const char *const *ppEnabledExtensionNames;
    const spvk_VkPhysicalDeviceFeatures *pEnabledFeatures;
} spvk_VkDeviceCreateInfo;

/* ---- Buffers and memory ---- */

typedef struct spvk_VkBufferCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    spvk_VkDeviceSize size;
    spvk_VkFlags usage;
    int32_t sharingMode;
    uint32_t queueFamilyIndexCount;
    const uint32_t *pQueueFamilyIndices;
} spvk_VkBufferCreateInfo;

typedef struct spvk_VkMemoryRequirements {
    spvk_VkDeviceSize size;
    spvk_VkDeviceSize alignment;
    uint32_t memoryTypeBits;
} spvk_VkMemoryRequirements;

typedef struct spvk_VkMemoryAllocateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkDeviceSize allocationSize;
    uint32_t memoryTypeIndex;
} spvk_VkMemoryAllocateInfo;

/* ---- Descriptors and pipelines ---- */

typedef struct spvk_VkDescriptorSetLayoutBinding {
    uint32_t binding;
    int32_t descriptorType;
    uint32_t descriptorCount;
    spvk_VkFlags stageFlags;
    const spvk_VkSampler *pImmutableSamplers;
} spvk_VkDescriptorSetLayoutBinding;

typedef struct spvk_VkDescriptorSetLayoutCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t bindingCount;
    const spvk_VkDescriptorSetLayoutBinding *pBindings;
} spvk_VkDescriptorSetLayoutCreateInfo;

typedef struct spvk_VkDescriptorPoolSize {
    int32_t type;
    uint32_t descriptorCount;
} spvk_VkDescriptorPoolSize;

typedef struct spvk_VkDescriptorPoolCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t maxSets;
    uint32_t poolSizeCount;
    const spvk_VkDescriptorPoolSize *pPoolSizes;
} spvk_VkDescriptorPoolCreateInfo;

typedef struct spvk_VkDescriptorSetAllocateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkDescriptorPool descriptorPool;
    uint32_t descriptorSetCount;
    const spvk_VkDescriptorSetLayout *pSetLayouts;
} spvk_VkDescriptorSetAllocateInfo;

typedef struct spvk_VkDescriptorBufferInfo {
    spvk_VkBuffer buffer;
    spvk_VkDeviceSize offset;
    spvk_VkDeviceSize range;
} spvk_VkDescriptorBufferInfo;

typedef struct spvk_VkWriteDescriptorSet {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkDescriptorSet dstSet;
    uint32_t dstBinding;
    uint32_t dstArrayElement;
    uint32_t descriptorCount;
    int32_t descriptorType;
    const struct spvk_VkDescriptorImageInfo *pImageInfo;
    const spvk_VkDescriptorBufferInfo *pBufferInfo;
    const spvk_VkBufferView *pTexelBufferView;
} spvk_VkWriteDescriptorSet;

typedef struct spvk_VkPushConstantRange {
    spvk_VkFlags stageFlags;
    uint32_t offset;
    uint32_t size;
} spvk_VkPushConstantRange;

typedef struct spvk_VkPipelineLayoutCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t setLayoutCount;
    const spvk_VkDescriptorSetLayout *pSetLayouts;
    uint32_t pushConstantRangeCount;
    const spvk_VkPushConstantRange *pPushConstantRanges;
} spvk_VkPipelineLayoutCreateInfo;

typedef struct spvk_VkShaderModuleCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    size_t codeSize;
    const uint32_t *pCode;
} spvk_VkShaderModuleCreateInfo;

typedef struct spvk_VkSpecializationMapEntry {
    uint32_t constantID;
    uint32_t offset;
    size_t size;
} spvk_VkSpecializationMapEntry;

typedef struct spvk_VkSpecializationInfo {
    uint32_t mapEntryCount;
    const spvk_VkSpecializationMapEntry *pMapEntries;
    size_t dataSize;
    const void *pData;
} spvk_VkSpecializationInfo;

typedef struct spvk_VkPipelineShaderStageCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    spvk_VkFlags stage;
    spvk_VkShaderModule module;
    const char *pName;
    const spvk_VkSpecializationInfo *pSpecializationInfo;
} spvk_VkPipelineShaderStageCreateInfo;

typedef struct spvk_VkComputePipelineCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    spvk_VkPipelineShaderStageCreateInfo stage;
    spvk_VkPipelineLayout layout;
    spvk_VkPipeline basePipelineHandle;
    int32_t basePipelineIndex;
} spvk_VkComputePipelineCreateInfo;

/* ---- Commands, synchronization, queries ---- */

typedef struct spvk_VkCommandPoolCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    uint32_t queueFamilyIndex;
} spvk_VkCommandPoolCreateInfo;

typedef struct spvk_VkCommandBufferAllocateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkCommandPool commandPool;
    int32_t level;
    uint32_t commandBufferCount;
} spvk_VkCommandBufferAllocateInfo;

typedef struct spvk_VkCommandBufferBeginInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    const struct spvk_VkCommandBufferInheritanceInfo *pInheritanceInfo;
} spvk_VkCommandBufferBeginInfo;

typedef struct spvk_VkBufferCopy {
    spvk_VkDeviceSize srcOffset;
    spvk_VkDeviceSize dstOffset;
    spvk_VkDeviceSize size;
} spvk_VkBufferCopy;

typedef struct spvk_VkMemoryBarrier {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags srcAccessMask;
    spvk_VkFlags dstAccessMask;
} spvk_VkMemoryBarrier;

typedef struct spvk_VkSubmitInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    uint32_t waitSemaphoreCount;
    const spvk_VkSemaphore *pWaitSemaphores;
    const spvk_VkFlags *pWaitDstStageMask;
    uint32_t commandBufferCount;
    const spvk_VkCommandBuffer *pCommandBuffers;
    uint32_t signalSemaphoreCount;
    const spvk_VkSemaphore *pSignalSemaphores;
} spvk_VkSubmitInfo;

typedef struct spvk_VkFenceCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
} spvk_VkFenceCreateInfo;

typedef struct spvk_VkQueryPoolCreateInfo {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    int32_t queryType;
    uint32_t queryCount;
    spvk_VkFlags pipelineStatistics;
} spvk_VkQueryPoolCreateInfo;

/* ---- VK_EXT_debug_utils ---- */

typedef struct spvk_VkDebugUtilsMessengerCallbackDataEXT {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    const char *pMessageIdName;
    int32_t messageIdNumber;
    const char *pMessage;
    uint32_t queueLabelCount;
    const void *pQueueLabels;   /* const VkDebugUtilsLabelEXT *: unused by spvkit */
    uint32_t cmdBufLabelCount;
    const void *pCmdBufLabels;  /* const VkDebugUtilsLabelEXT * */
    uint32_t objectCount;
    const void *pObjects;       /* const VkDebugUtilsObjectNameInfoEXT * */
} spvk_VkDebugUtilsMessengerCallbackDataEXT;

typedef spvk_VkBool32(SPVK_VKAPI_PTR *spvk_PFN_vkDebugUtilsMessengerCallbackEXT)(
    spvk_VkFlags messageSeverity, spvk_VkFlags messageTypes,
    const spvk_VkDebugUtilsMessengerCallbackDataEXT *pCallbackData, void *pUserData);

typedef struct spvk_VkDebugUtilsMessengerCreateInfoEXT {
    spvk_VkStructureType sType;
    const void *pNext;
    spvk_VkFlags flags;
    spvk_VkFlags messageSeverity;
    spvk_VkFlags messageType;
    spvk_PFN_vkDebugUtilsMessengerCallbackEXT pfnUserCallback;
    void *pUserData;
} spvk_VkDebugUtilsMessengerCreateInfoEXT;

/* ---- Commands (function pointer types) ---- */

typedef const struct spvk_VkAllocationCallbacks *spvk_VkAllocator; /* always NULL */

typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkVoidFunction)(void);
typedef spvk_PFN_vkVoidFunction(SPVK_VKAPI_PTR *spvk_PFN_vkGetInstanceProcAddr)(spvk_VkInstance instance,
                                                                                const char *pName);
typedef spvk_PFN_vkVoidFunction(SPVK_VKAPI_PTR *spvk_PFN_vkGetDeviceProcAddr)(spvk_VkDevice device, const char *pName);

typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEnumerateInstanceVersion)(uint32_t *pApiVersion);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEnumerateInstanceLayerProperties)(uint32_t *pPropertyCount,
                                                                                   spvk_VkLayerProperties *pProperties);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEnumerateInstanceExtensionProperties)(
    const char *pLayerName, uint32_t *pPropertyCount, spvk_VkExtensionProperties *pProperties);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateInstance)(const spvk_VkInstanceCreateInfo *pCreateInfo,
                                                                 spvk_VkAllocator pAllocator,
                                                                 spvk_VkInstance *pInstance);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyInstance)(spvk_VkInstance instance, spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEnumeratePhysicalDevices)(spvk_VkInstance instance,
                                                                           uint32_t *pPhysicalDeviceCount,
                                                                           spvk_VkPhysicalDevice *pPhysicalDevices);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceProperties)(spvk_VkPhysicalDevice physicalDevice,
                                                                     spvk_VkPhysicalDeviceProperties *pProperties);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceProperties2)(spvk_VkPhysicalDevice physicalDevice,
                                                                      spvk_VkPhysicalDeviceProperties2 *pProperties);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceFeatures)(spvk_VkPhysicalDevice physicalDevice,
                                                                   spvk_VkPhysicalDeviceFeatures *pFeatures);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceFeatures2)(spvk_VkPhysicalDevice physicalDevice,
                                                                    spvk_VkPhysicalDeviceFeatures2 *pFeatures);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceQueueFamilyProperties)(
    spvk_VkPhysicalDevice physicalDevice, uint32_t *pQueueFamilyPropertyCount,
    spvk_VkQueueFamilyProperties *pQueueFamilyProperties);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceMemoryProperties)(
    spvk_VkPhysicalDevice physicalDevice, spvk_VkPhysicalDeviceMemoryProperties *pMemoryProperties);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEnumerateDeviceExtensionProperties)(
    spvk_VkPhysicalDevice physicalDevice, const char *pLayerName, uint32_t *pPropertyCount,
    spvk_VkExtensionProperties *pProperties);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(
    spvk_VkPhysicalDevice physicalDevice, uint32_t *pPropertyCount, spvk_VkCooperativeMatrixPropertiesKHR *pProperties);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateDevice)(spvk_VkPhysicalDevice physicalDevice,
                                                               const spvk_VkDeviceCreateInfo *pCreateInfo,
                                                               spvk_VkAllocator pAllocator, spvk_VkDevice *pDevice);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateDebugUtilsMessengerEXT)(
    spvk_VkInstance instance, const spvk_VkDebugUtilsMessengerCreateInfoEXT *pCreateInfo, spvk_VkAllocator pAllocator,
    spvk_VkDebugUtilsMessengerEXT *pMessenger);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyDebugUtilsMessengerEXT)(spvk_VkInstance instance,
                                                                       spvk_VkDebugUtilsMessengerEXT messenger,
                                                                       spvk_VkAllocator pAllocator);

typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyDevice)(spvk_VkDevice device, spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkDeviceWaitIdle)(spvk_VkDevice device);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetDeviceQueue)(spvk_VkDevice device, uint32_t queueFamilyIndex,
                                                        uint32_t queueIndex, spvk_VkQueue *pQueue);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateBuffer)(spvk_VkDevice device,
                                                               const spvk_VkBufferCreateInfo *pCreateInfo,
                                                               spvk_VkAllocator pAllocator, spvk_VkBuffer *pBuffer);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyBuffer)(spvk_VkDevice device, spvk_VkBuffer buffer,
                                                       spvk_VkAllocator pAllocator);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkGetBufferMemoryRequirements)(spvk_VkDevice device, spvk_VkBuffer buffer,
                                                                     spvk_VkMemoryRequirements *pMemoryRequirements);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkAllocateMemory)(spvk_VkDevice device,
                                                                 const spvk_VkMemoryAllocateInfo *pAllocateInfo,
                                                                 spvk_VkAllocator pAllocator,
                                                                 spvk_VkDeviceMemory *pMemory);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkFreeMemory)(spvk_VkDevice device, spvk_VkDeviceMemory memory,
                                                    spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkBindBufferMemory)(spvk_VkDevice device, spvk_VkBuffer buffer,
                                                                   spvk_VkDeviceMemory memory,
                                                                   spvk_VkDeviceSize memoryOffset);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkMapMemory)(spvk_VkDevice device, spvk_VkDeviceMemory memory,
                                                            spvk_VkDeviceSize offset, spvk_VkDeviceSize size,
                                                            spvk_VkFlags flags, void **ppData);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkUnmapMemory)(spvk_VkDevice device, spvk_VkDeviceMemory memory);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateDescriptorSetLayout)(
    spvk_VkDevice device, const spvk_VkDescriptorSetLayoutCreateInfo *pCreateInfo, spvk_VkAllocator pAllocator,
    spvk_VkDescriptorSetLayout *pSetLayout);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyDescriptorSetLayout)(spvk_VkDevice device,
                                                                    spvk_VkDescriptorSetLayout descriptorSetLayout,
                                                                    spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateDescriptorPool)(
    spvk_VkDevice device, const spvk_VkDescriptorPoolCreateInfo *pCreateInfo, spvk_VkAllocator pAllocator,
    spvk_VkDescriptorPool *pDescriptorPool);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyDescriptorPool)(spvk_VkDevice device,
                                                               spvk_VkDescriptorPool descriptorPool,
                                                               spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkAllocateDescriptorSets)(
    spvk_VkDevice device, const spvk_VkDescriptorSetAllocateInfo *pAllocateInfo, spvk_VkDescriptorSet *pDescriptorSets);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkUpdateDescriptorSets)(spvk_VkDevice device, uint32_t descriptorWriteCount,
                                                              const spvk_VkWriteDescriptorSet *pDescriptorWrites,
                                                              uint32_t descriptorCopyCount,
                                                              const struct spvk_VkCopyDescriptorSet *pDescriptorCopies);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreatePipelineLayout)(
    spvk_VkDevice device, const spvk_VkPipelineLayoutCreateInfo *pCreateInfo, spvk_VkAllocator pAllocator,
    spvk_VkPipelineLayout *pPipelineLayout);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyPipelineLayout)(spvk_VkDevice device,
                                                               spvk_VkPipelineLayout pipelineLayout,
                                                               spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateShaderModule)(spvk_VkDevice device,
                                                                     const spvk_VkShaderModuleCreateInfo *pCreateInfo,
                                                                     spvk_VkAllocator pAllocator,
                                                                     spvk_VkShaderModule *pShaderModule);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyShaderModule)(spvk_VkDevice device, spvk_VkShaderModule shaderModule,
                                                             spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateComputePipelines)(
    spvk_VkDevice device, spvk_VkPipelineCache pipelineCache, uint32_t createInfoCount,
    const spvk_VkComputePipelineCreateInfo *pCreateInfos, spvk_VkAllocator pAllocator, spvk_VkPipeline *pPipelines);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyPipeline)(spvk_VkDevice device, spvk_VkPipeline pipeline,
                                                         spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateCommandPool)(spvk_VkDevice device,
                                                                    const spvk_VkCommandPoolCreateInfo *pCreateInfo,
                                                                    spvk_VkAllocator pAllocator,
                                                                    spvk_VkCommandPool *pCommandPool);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyCommandPool)(spvk_VkDevice device, spvk_VkCommandPool commandPool,
                                                            spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkAllocateCommandBuffers)(
    spvk_VkDevice device, const spvk_VkCommandBufferAllocateInfo *pAllocateInfo, spvk_VkCommandBuffer *pCommandBuffers);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkBeginCommandBuffer)(spvk_VkCommandBuffer commandBuffer,
                                                                     const spvk_VkCommandBufferBeginInfo *pBeginInfo);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkEndCommandBuffer)(spvk_VkCommandBuffer commandBuffer);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdBindPipeline)(spvk_VkCommandBuffer commandBuffer,
                                                         int32_t pipelineBindPoint, spvk_VkPipeline pipeline);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdBindDescriptorSets)(
    spvk_VkCommandBuffer commandBuffer, int32_t pipelineBindPoint, spvk_VkPipelineLayout layout, uint32_t firstSet,
    uint32_t descriptorSetCount, const spvk_VkDescriptorSet *pDescriptorSets, uint32_t dynamicOffsetCount,
    const uint32_t *pDynamicOffsets);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdPushConstants)(spvk_VkCommandBuffer commandBuffer,
                                                          spvk_VkPipelineLayout layout, spvk_VkFlags stageFlags,
                                                          uint32_t offset, uint32_t size, const void *pValues);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdDispatch)(spvk_VkCommandBuffer commandBuffer, uint32_t groupCountX,
                                                     uint32_t groupCountY, uint32_t groupCountZ);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdPipelineBarrier)(
    spvk_VkCommandBuffer commandBuffer, spvk_VkFlags srcStageMask, spvk_VkFlags dstStageMask,
    spvk_VkFlags dependencyFlags, uint32_t memoryBarrierCount, const spvk_VkMemoryBarrier *pMemoryBarriers,
    uint32_t bufferMemoryBarrierCount, const struct spvk_VkBufferMemoryBarrier *pBufferMemoryBarriers,
    uint32_t imageMemoryBarrierCount, const struct spvk_VkImageMemoryBarrier *pImageMemoryBarriers);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdCopyBuffer)(spvk_VkCommandBuffer commandBuffer, spvk_VkBuffer srcBuffer,
                                                       spvk_VkBuffer dstBuffer, uint32_t regionCount,
                                                       const spvk_VkBufferCopy *pRegions);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdResetQueryPool)(spvk_VkCommandBuffer commandBuffer,
                                                           spvk_VkQueryPool queryPool, uint32_t firstQuery,
                                                           uint32_t queryCount);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkCmdWriteTimestamp)(spvk_VkCommandBuffer commandBuffer,
                                                           spvk_VkFlags pipelineStage, spvk_VkQueryPool queryPool,
                                                           uint32_t query);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateQueryPool)(spvk_VkDevice device,
                                                                  const spvk_VkQueryPoolCreateInfo *pCreateInfo,
                                                                  spvk_VkAllocator pAllocator,
                                                                  spvk_VkQueryPool *pQueryPool);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyQueryPool)(spvk_VkDevice device, spvk_VkQueryPool queryPool,
                                                          spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkGetQueryPoolResults)(spvk_VkDevice device, spvk_VkQueryPool queryPool,
                                                                      uint32_t firstQuery, uint32_t queryCount,
                                                                      size_t dataSize, void *pData,
                                                                      spvk_VkDeviceSize stride, spvk_VkFlags flags);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkCreateFence)(spvk_VkDevice device,
                                                              const spvk_VkFenceCreateInfo *pCreateInfo,
                                                              spvk_VkAllocator pAllocator, spvk_VkFence *pFence);
typedef void(SPVK_VKAPI_PTR *spvk_PFN_vkDestroyFence)(spvk_VkDevice device, spvk_VkFence fence,
                                                      spvk_VkAllocator pAllocator);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkResetFences)(spvk_VkDevice device, uint32_t fenceCount,
                                                              const spvk_VkFence *pFences);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkWaitForFences)(spvk_VkDevice device, uint32_t fenceCount,
                                                                const spvk_VkFence *pFences, spvk_VkBool32 waitAll,
                                                                uint64_t timeout);
typedef spvk_VkResult(SPVK_VKAPI_PTR *spvk_PFN_vkQueueSubmit)(spvk_VkQueue queue, uint32_t submitCount,
                                                              const spvk_VkSubmitInfo *pSubmits, spvk_VkFence fence);

#endif
