/* spvkit runtime: runs SPIR-V compute kernels (`spvkit run`) on Vulkan (libvulkan, loaded at run
   time) and OpenCL (libOpenCL, loaded at run time). Typed host buffers as the command line writes
   them, the interface of an entry point read from the module, the run itself, device listing,
   and the numerics check. */
#ifndef SPVKIT_RUNTIME_H
#define SPVKIT_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum spvk_element_type {
    SPVK_ELEMENT_I8, SPVK_ELEMENT_U8, SPVK_ELEMENT_I16, SPVK_ELEMENT_U16, SPVK_ELEMENT_I32,
    SPVK_ELEMENT_U32, SPVK_ELEMENT_I64, SPVK_ELEMENT_U64, SPVK_ELEMENT_F16, SPVK_ELEMENT_BF16,
    SPVK_ELEMENT_F32, SPVK_ELEMENT_F64,
    SPVK_ELEMENT_BYTES /* raw bytes from @FILE: no element type */
} spvk_element_type;

SPVK_API const char *spvk_element_type_name(spvk_element_type type);
SPVK_API size_t spvk_element_size(spvk_element_type type);
/* The type named name ("f32", "bf16", ...), or -1. */
SPVK_API int spvk_element_type_by_name(const char *name, size_t length);

/* A host buffer: count elements of type, size bytes (count * element size, or any size for raw
   bytes). data is owned: free with spvk_typed_buffer_free. */
typedef struct spvk_typed_buffer {
    spvk_element_type type;
    size_t count;
    size_t size;
    void *data;
} spvk_typed_buffer;

/* Builds a buffer from a source as `spvkit run` takes it:
     TYPE:v1,v2,...        typed literals (f32:1,2.5,-3  bf16:1.5,-2  i32:7  u16:0x3f80; floats
                           take decimal, hex floats, inf, -inf and nan; bf16/f16 decimals round to
                           nearest even)
     zeros:N:TYPE          N zeros
     iota:N:TYPE           0, 1, ..., N-1
     random:N:TYPE:SEED    N values from a fixed generator: integers over the type's range,
                           floats uniform in [-1, 1)
     @FILE                 the file's bytes (element type SPVK_ELEMENT_BYTES)
   Buffers above 2^28 elements or 1 GiB are refused. Errors name the position in the source. */
SPVK_API spvk_result spvk_typed_buffer_from_source(const char *source, const spvk_allocator *allocator,
                                                   spvk_typed_buffer *buffer, spvk_diagnostics *diags);
SPVK_API void spvk_typed_buffer_free(spvk_typed_buffer *buffer, const spvk_allocator *allocator);

/* Formats count elements of data as decimal numbers separated by spaces (bf16 and f16 as their
   decimal values, 9/17 significant digits for f32/f64). Returned string owned by the caller
   (free with spvk_free(allocator, s, strlen(s) + 1)). */
SPVK_API char *spvk_format_elements(const void *data, size_t count, spvk_element_type type,
                                    const spvk_allocator *allocator);

/* The numerics check: actual against expected, element by element, read as type. */
#define SPVK_COMPARE_MAX_REPORTED 8
typedef struct spvk_mismatch {
    size_t index;
    double expected, actual; /* as numbers (integers converted exactly up to 2^53) */
    double ulp;
} spvk_mismatch;

typedef struct spvk_comparison {
    size_t compared;
    size_t mismatches;
    double max_ulp;          /* the largest error seen, in ULP of the type (0 when bit-exact) */
    size_t max_ulp_index;
    spvk_mismatch first[SPVK_COMPARE_MAX_REPORTED];
    size_t num_first;
} spvk_comparison;

/* Compares count elements. An element matches when its error is at most max_ulp units in the
   last place: for floats the OpenCL definition (seed 001, section 8.5: the gap between the two
   finite floating-point numbers nearest the expected value, even if it is one of them), so 0
   means bit-exact except that any NaN matches any NaN and +0 matches only +0; infinities match
   only themselves. For integers, one ULP is 1. */
SPVK_API void spvk_compare_elements(const void *expected, const void *actual, size_t count, spvk_element_type type,
                                    double max_ulp, spvk_comparison *result);

/* bfloat16 and binary16 conversions as the runtime uses them: to float exactly, from float
   rounding to nearest even (NaNs stay NaN, quieted). */
SPVK_API float spvk_bf16_to_float(uint16_t bits);
SPVK_API uint16_t spvk_float_to_bf16(float value);
SPVK_API float spvk_f16_to_float(uint16_t bits);
SPVK_API uint16_t spvk_float_to_f16(float value);

/* ---- The interface of an entry point, read from the module's words ---- */

typedef enum spvk_resource_kind {
    SPVK_RESOURCE_STORAGE_BUFFER,   /* Vulkan: StorageBuffer block (or Uniform + BufferBlock) */
    SPVK_RESOURCE_UNIFORM_BUFFER,   /* Vulkan: Uniform + Block */
    SPVK_RESOURCE_GLOBAL_POINTER,   /* OpenCL argument: pointer to CrossWorkgroup (__global) */
    SPVK_RESOURCE_CONSTANT_POINTER, /* OpenCL argument: pointer to UniformConstant (__constant) */
    SPVK_RESOURCE_LOCAL_POINTER,    /* OpenCL argument: pointer to Workgroup (__local): only the size counts */
    SPVK_RESOURCE_SCALAR            /* OpenCL argument passed by value */
} spvk_resource_kind;

/* One buffer the entry point reads or writes. */
typedef struct spvk_resource {
    spvk_resource_kind kind;
    uint32_t set, binding;  /* Vulkan: DescriptorSet and Binding; OpenCL: 0 and the argument index */
    uint32_t id;            /* the OpVariable or OpFunctionParameter */
    const char *name;       /* its OpName (or its block type's), or NULL */
    uint64_t min_size;      /* bytes it needs at least: a block's fixed part, a scalar's size */
    uint32_t array_stride;  /* bytes per element of a trailing runtime array, 0 when none */
    uint32_t element_width; /* bits of the scalar the data is made of (the array element's or
                               pointee's scalar), 0 when mixed (a struct of several widths) */
    bool element_is_float;
    bool read_only;         /* decorated NonWritable (or a Uniform block) */
} spvk_resource;

typedef enum spvk_scalar_kind { SPVK_SCALAR_BOOL, SPVK_SCALAR_INT, SPVK_SCALAR_FLOAT } spvk_scalar_kind;

/* One OpSpecConstant{True,False,} decorated SpecId. */
typedef struct spvk_spec_constant {
    uint32_t spec_id;
    uint32_t id;
    const char *name;        /* OpName, or NULL */
    spvk_scalar_kind kind;
    uint32_t width;          /* bits (32 for bool: VkBool32) */
    bool is_signed;
    uint32_t float_encoding; /* SPVK_FPENCODING_* + 1 (0: IEEE binary) */
    uint64_t default_bits;
} spvk_spec_constant;

typedef enum spvk_local_size_source {
    SPVK_LOCAL_SIZE_NONE,      /* not fixed by the module: the caller chooses (OpenCL) */
    SPVK_LOCAL_SIZE_LITERAL,   /* OpExecutionMode LocalSize */
    SPVK_LOCAL_SIZE_ID,        /* OpExecutionModeId LocalSizeId */
    SPVK_LOCAL_SIZE_BUILTIN    /* a constant decorated BuiltIn WorkgroupSize (overrides the others) */
} spvk_local_size_source;

#define SPVK_NO_SPEC_ID 0xffffffffu

typedef struct spvk_entry_interface {
    const char *name;
    uint32_t execution_model;       /* SPVK_EXECUTION_MODEL_* */
    uint32_t function_id;
    uint32_t version;               /* the module's SPIR-V version word */
    uint32_t addressing_model, memory_model;
    spvk_local_size_source local_size_source;
    uint32_t local_size[3];         /* with spec constants at their defaults */
    uint32_t local_size_spec_id[3]; /* the SpecId setting each dimension, or SPVK_NO_SPEC_ID */
    spvk_resource *resources;       /* Vulkan: sorted by set, binding; OpenCL: by argument index */
    size_t num_resources;
    uint32_t push_constant_size;    /* bytes of the push-constant block, 0 when none */
    spvk_spec_constant *spec_constants;
    size_t num_spec_constants;
    uint32_t *capabilities;         /* as declared, in module order */
    size_t num_capabilities;
    const char **extensions;        /* OpExtension names */
    size_t num_extensions;
    bool uses_num_workgroups;       /* reads BuiltIn NumWorkgroups (a split dispatch would change it) */
    bool uses_workgroup_id;         /* reads BuiltIn WorkgroupId or GlobalInvocationId */
} spvk_entry_interface;

/* Reads the interface of the entry point named entry (NULL: the module's only GLCompute or Kernel
   entry point) from a SPIR-V binary. Errors name the word offset and opcode. */
SPVK_API spvk_result spvk_entry_interface_read(const uint32_t *words, size_t num_words, const char *entry,
                                               const spvk_allocator *allocator, spvk_entry_interface **result,
                                               spvk_diagnostics *diags);
SPVK_API void spvk_entry_interface_free(spvk_entry_interface *entry, const spvk_allocator *allocator);
/* The resource at set.binding, or NULL. */
SPVK_API const spvk_resource *spvk_entry_interface_find(const spvk_entry_interface *entry, uint32_t set,
                                                        uint32_t binding);

/* ---- Devices ---- */

typedef enum spvk_api_kind { SPVK_API_VULKAN, SPVK_API_OPENCL } spvk_api_kind;
SPVK_API const char *spvk_api_kind_name(spvk_api_kind api);

/* One cooperative-matrix configuration a Vulkan device supports (VkCooperativeMatrixPropertiesKHR),
   component types as VkComponentTypeKHR values. */
typedef struct spvk_coop_matrix_config {
    uint32_t m, n, k;
    uint32_t a_type, b_type, c_type, result_type;
    bool saturating;
    uint32_t scope; /* VkScopeKHR */
} spvk_coop_matrix_config;

#define SPVK_MAX_COOP_CONFIGS 32

typedef struct spvk_device_info {
    spvk_api_kind api;
    char name[256];
    char driver[256];      /* Vulkan: driver name and info; OpenCL: platform name and driver version */
    char api_version[128]; /* "1.3.238"; OpenCL: the device's version string */
    char il_version[128];  /* OpenCL: CL_DEVICE_IL_VERSION (empty when none) */
    bool is_cpu;
    /* The features that decide what a kernel may use. */
    bool storage_buffer_16bit, uniform_and_storage_buffer_16bit, storage_push_constant_16bit;
    bool storage_buffer_8bit, uniform_and_storage_buffer_8bit, storage_push_constant_8bit;
    bool float16, float64, int8, int16, int64;
    bool vulkan_memory_model, vulkan_memory_model_device_scope;
    bool bfloat16_type, bfloat16_dot_product, bfloat16_cooperative_matrix; /* VK_KHR_shader_bfloat16 */
    bool cooperative_matrix;                                               /* VK_KHR_cooperative_matrix */
    spvk_coop_matrix_config coop_configs[SPVK_MAX_COOP_CONFIGS];
    size_t num_coop_configs;
    uint32_t subgroup_size;
    uint32_t max_workgroup_count[3];
    uint32_t max_workgroup_size[3];
    uint32_t max_workgroup_invocations;
    uint64_t max_buffer_size; /* maxStorageBufferRange; OpenCL: CL_DEVICE_MAX_MEM_ALLOC_SIZE */
    bool timestamps;          /* the compute queue (or OpenCL queue profiling) gives timestamps */
} spvk_device_info;

/* Lists the devices of one API. *devices is owned by the caller (spvk_free with
   count * sizeof(spvk_device_info)). Fails with SPVK_ERROR_DEVICE when the library (libvulkan.so.1,
   libOpenCL.so.1) cannot be loaded. */
SPVK_API spvk_result spvk_list_devices(spvk_api_kind api, const spvk_allocator *allocator,
                                       spvk_device_info **devices, size_t *count, spvk_diagnostics *diags);

/* ---- Running a kernel ---- */

/* A buffer bound to one resource. buffer is read before the run and overwritten with the device's
   contents after it (same size); read-only resources and scalars are left as they were. */
typedef struct spvk_run_buffer {
    uint32_t set, binding; /* as in spvk_resource */
    spvk_typed_buffer *buffer;
} spvk_run_buffer;

/* --spec-constant ID=VALUE: the value is read as the module's constant's type (true/false or a
   number for bool; integers in decimal or 0x hex; floats as decimal, hex float, inf or nan). */
typedef struct spvk_spec_value {
    uint32_t spec_id;
    const char *value;
} spvk_spec_value;

typedef struct spvk_run_options {
    spvk_api_kind api;
    int device;                  /* index into spvk_list_devices' list; -1: the first */
    const char *entry;           /* NULL: the module's only compute entry point */
    uint32_t groups[3];          /* workgroups per dimension (0 taken as 1) */
    uint32_t local[3];           /* workgroup size, when has_local */
    bool has_local;
    spvk_run_buffer *buffers;
    size_t num_buffers;
    const spvk_typed_buffer *push; /* push-constant bytes (Vulkan), or NULL */
    const spvk_spec_value *spec_values;
    size_t num_spec_values;
    unsigned repeat;             /* dispatches timed (0 taken as 1); buffers hold the last run's results */
    bool validate;               /* Vulkan: enable VK_LAYER_KHRONOS_validation (error when absent) */
    const char *llvm_spirv;      /* OpenCL: the translator to run when the device takes no SPIR-V
                                    (NULL: $SPVK_LLVM_SPIRV, else llvm-spirv-15, else llvm-spirv) */
    double timeout_seconds;      /* how long the host waits for one submission (a dispatch, a copy)
                                    before the run fails as a device error: 0 is
                                    SPVK_RUN_DEFAULT_TIMEOUT_SECONDS, a negative value no limit */
} spvk_run_options;

/* The wait for a kernel that does not finish, where the driver does not stop it (Vulkan and
   OpenCL set no limit of their own; lavapipe ends each loop after 65535 iterations, NVIDIA's
   drivers let a compute kernel run forever). */
#define SPVK_RUN_DEFAULT_TIMEOUT_SECONDS 60.0

typedef struct spvk_run_report {
    char device_name[256];
    char driver[256];
    uint32_t local[3];           /* the workgroup size used */
    uint32_t dispatches;         /* dispatch commands per run (more than 1 when a large grid was split) */
    size_t runs;
    bool has_device_time;        /* GPU timestamps (Vulkan) or profiling events (OpenCL) */
    double device_ms_median, device_ms_min; /* of the dispatches alone */
    double wall_ms_median, wall_ms_min;     /* submit to completion, as the host sees it */
    size_t validation_messages;  /* --validate: errors and warnings the layer reported */
    bool timed_out;              /* a submission did not finish within the timeout (SPVK_ERROR_DEVICE).
                                    The device may still be running it, so what it uses was left
                                    allocated and the driver loaded, never freed under it: the
                                    process should end soon, without waiting on the driver
                                    (_exit: its exit handlers may wait for the kernel) */
} spvk_run_report;

/* Runs a compute entry point of a SPIR-V binary: checks the given buffers, push constants and
   specialization values against the module's interface (every error found before anything is
   created on the device), creates what the module needs on the device (features and extensions
   from its capabilities), dispatches options->repeat times and reads the buffers back.
   SPVK_ERROR_USAGE: the options do not fit the module; SPVK_ERROR_DEVICE: no such device, a
   feature the module needs is missing, or the driver failed (the diagnostics say which). */
SPVK_API spvk_result spvk_run(const uint32_t *words, size_t num_words, const spvk_run_options *options,
                              const spvk_allocator *allocator, spvk_run_report *report,
                              spvk_diagnostics *diags);

#ifdef __cplusplus
}
#endif
#endif
