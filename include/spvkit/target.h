/* spvkit target: target environments as data, shared by the validator, the passes and the
   command. A target says which SPIR-V versions a consumer accepts and which capabilities and
   extensions a module may declare for it: from the built-in environment names (spv1.x,
   vulkan1.x, opencl1.2..2.2 full or embedded) or from a device profile, which narrows a client
   API version to what one device enables (docs/target_env.md describes the file). */
#ifndef SPVKIT_TARGET_H
#define SPVKIT_TARGET_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "spvkit/common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum spvk_client_api {
    SPVK_CLIENT_UNIVERSAL = 0, /* spv1.x: the SPIR-V specification's universal rules only */
    SPVK_CLIENT_VULKAN = 1,
    SPVK_CLIENT_OPENCL = 2
} spvk_client_api;

/* Sets of capabilities, indexed by the enumerant's index in the grammar's Capability kind
   (spvk_operand_kind(SPVK_OPERAND_Capability)->enumerants), and of SPIR-V extensions, indexed
   as spvk_extension_name numbers them. */
#define SPVK_CAPABILITY_SET_WORDS 8
#define SPVK_EXTENSION_SET_WORDS 4
typedef struct spvk_capability_set {
    uint64_t bits[SPVK_CAPABILITY_SET_WORDS];
} spvk_capability_set;
typedef struct spvk_extension_set {
    uint64_t bits[SPVK_EXTENSION_SET_WORDS];
} spvk_extension_set;

/* The enumerant index of a Capability value, or -1 when the grammar has no such capability. */
SPVK_API int spvk_capability_index(uint32_t capability);
SPVK_API bool spvk_capability_set_has(const spvk_capability_set *set, uint32_t capability);
SPVK_API void spvk_capability_set_add(spvk_capability_set *set, uint32_t capability);
static inline bool spvk_extension_set_has(const spvk_extension_set *set, unsigned extension)
{
    return extension < 64u * SPVK_EXTENSION_SET_WORDS && (set->bits[extension / 64] >> (extension % 64) & 1u);
}
static inline void spvk_extension_set_add(spvk_extension_set *set, unsigned extension)
{
    if (extension < 64u * SPVK_EXTENSION_SET_WORDS)
        set->bits[extension / 64] |= (uint64_t)1 << (extension % 64);
}

/* OpenCL extensions of seed 001 chapter 7 that a device supports; a module enables one with
   OpExtension "cl_khr_...". */
typedef enum spvk_opencl_extension {
    SPVK_CL_KHR_3D_IMAGE_WRITES = 1u << 0,
    SPVK_CL_KHR_DEPTH_IMAGES = 1u << 1,
    SPVK_CL_KHR_DEVICE_ENQUEUE_LOCAL_ARG_TYPES = 1u << 2,
    SPVK_CL_KHR_FP16 = 1u << 3,
    SPVK_CL_KHR_FP64 = 1u << 4,
    SPVK_CL_KHR_GL_DEPTH_IMAGES = 1u << 5,
    SPVK_CL_KHR_GL_MSAA_SHARING = 1u << 6,
    SPVK_CL_KHR_INT64_BASE_ATOMICS = 1u << 7,
    SPVK_CL_KHR_INT64_EXTENDED_ATOMICS = 1u << 8,
    SPVK_CL_KHR_MIPMAP_IMAGE = 1u << 9,
    SPVK_CL_KHR_MIPMAP_IMAGE_WRITES = 1u << 10,
    SPVK_CL_KHR_SUBGROUPS = 1u << 11,
    SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER = 1u << 12,
    SPVK_CLES_KHR_INT64 = 1u << 13
} spvk_opencl_extension;
/* The bit for an OpExtension name such as "cl_khr_fp16", or 0 when it names none of them. */
SPVK_API uint32_t spvk_opencl_extension_by_name(const char *name, size_t length);
SPVK_API const char *spvk_opencl_extension_name(uint32_t bit);
/* The chapter 7 extension bits any one of which, declared with OpExtension on a device that
   supports it, lets a module declare capability: cl_khr_fp16 for Float16, cl_khr_fp64 for
   Float64, cles_khr_int64 for Int64 (embedded only), the int64 atomics ones for Int64Atomics,
   cl_khr_subgroup_named_barrier for NamedBarrier, cl_khr_mipmap_image_writes for ImageMipmap;
   0 for others. These capabilities are in a target's capabilities only when they are
   guaranteed or optional there (Float64 is optional everywhere). */
SPVK_API uint32_t spvk_opencl_capability_extensions(uint32_t capability, bool embedded);

/* Resource limits as MLIR's #spirv.resource_limits<...> names them; 0 means not stated. */
typedef struct spvk_resource_limits {
    uint32_t max_compute_shared_memory_size;
    uint32_t max_compute_workgroup_invocations;
    uint32_t max_compute_workgroup_size[3];
    uint32_t subgroup_size;
    uint32_t min_subgroup_size;
    uint32_t max_subgroup_size;
} spvk_resource_limits;

/* One cooperative matrix configuration a device supports (VkCooperativeMatrixPropertiesKHR).
   Component types are spelled as in MLIR: "bf16", "f16", "f32", "i8", "ui8", ... */
typedef struct spvk_target_coop_matrix {
    uint32_t m, n, k;
    char a_type[8], b_type[8], c_type[8], result_type[8];
    bool saturating_accumulation;
    uint32_t scope; /* a Scope value: Subgroup (3) or Workgroup (2) */
} spvk_target_coop_matrix;
#define SPVK_TARGET_MAX_COOP_MATRICES 32

typedef struct spvk_target {
    char name[64];            /* "vulkan1.3", "opencl2.0-embedded", or the profile's name */
    spvk_client_api api;
    uint32_t api_version;     /* SPVK_VERSION(major, minor) of Vulkan or OpenCL; 0 for universal */
    bool embedded;            /* OpenCL embedded profile */
    uint32_t min_spirv_version, max_spirv_version; /* SPVK_VERSION(...): the versions accepted */
    spvk_capability_set capabilities; /* what a module may declare (implied ones included) */
    spvk_extension_set extensions;    /* SPIR-V extensions a module may declare */
    uint32_t opencl_extensions;       /* OpenCL: spvk_opencl_extension bits the device supports */
    bool physical_storage_buffer;     /* Vulkan: PhysicalStorageBuffer64 addressing is enabled */
    /* Vulkan's explicit layout ("Offset and Stride Assignment"): what the device relaxes beyond
       std140 (Uniform Block) and std430 (other buffers). A bare vulkan1.x name has them all
       (some device of every version exposes each one's extension); a profile has those it
       lists (docs/target_env.md). */
    bool relaxed_block_layout;           /* Vulkan 1.1, or VK_KHR_relaxed_block_layout */
    bool uniform_buffer_standard_layout; /* the uniformBufferStandardLayout feature */
    bool scalar_block_layout;            /* the scalarBlockLayout feature */
    bool workgroup_scalar_block_layout;  /* workgroupMemoryExplicitLayoutScalarBlockLayout */
    bool from_profile;        /* a device profile narrowed the environment to one device */
    spvk_resource_limits limits;
    spvk_target_coop_matrix coop_matrices[SPVK_TARGET_MAX_COOP_MATRICES];
    uint32_t num_coop_matrices;
} spvk_target;

/* The built-in environment called name: spv1.0..spv1.6; vulkan1.0..vulkan1.4 (and spirv-as's
   vulkan1.1spv1.4), for any device of that version (every capability and extension some feature
   or extension of that version enables); opencl1.2, opencl2.0, opencl2.1, opencl2.2, each with
   "-full" (the default) or "-embedded" (spirv-as's "opencl2.0embedded" is accepted too), with
   the optional capabilities and every chapter 7 extension. Returns SPVK_ERROR_USAGE for an
   unknown name. */
SPVK_API spvk_result spvk_target_from_name(const char *name, spvk_target *target);
/* A space-separated list of the built-in names, for usage messages. */
SPVK_API const char *spvk_target_names(void);

/* Reads a device profile (docs/target_env.md): spvkit's profile format, or MLIR's
   #spirv.target_env<...> attribute. Errors are file:line:col diagnostics. */
SPVK_API spvk_result spvk_target_from_profile(const char *text, size_t length, const char *file_name,
                                              const spvk_allocator *allocator, spvk_target *target,
                                              spvk_diagnostics *diags);

SPVK_API bool spvk_target_allows_version(const spvk_target *target, uint32_t spirv_version);
SPVK_API bool spvk_target_allows_capability(const spvk_target *target, uint32_t capability);
SPVK_API bool spvk_target_allows_extension(const spvk_target *target, unsigned extension);
/* Whether a module that declares the SPIR-V extensions in declared (may be NULL) and the
   OpenCL extensions in declared_opencl (spvk_opencl_extension bits) may declare capability:
   the target allows it, or (OpenCL) a declared chapter 7 extension the device supports
   enables it, or (OpenCL, universal) a declared SPIR-V extension the target allows is one the
   grammar lists for it. Vulkan's tables already name every enabling extension. */
SPVK_API bool spvk_target_allows_capability_with(const spvk_target *target, uint32_t capability,
                                                 const spvk_extension_set *declared, uint32_t declared_opencl);

#ifdef __cplusplus
}
#endif
#endif
