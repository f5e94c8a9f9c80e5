/* spvkit's own declarations of the part of the OpenCL C API that the OpenCL backend (opencl.c)
   calls. libOpenCL is opened with dlopen at run time, so spvkit builds and runs where no OpenCL
   headers or library are installed; these declarations stand in for the Khronos headers.

   Everything carries spvkit's prefix (spvk_cl_ types, SPVK_CL_ values, spvk_cl_*_fn function
   types) so that tests/unit/test_opencl_abi.c can include this file beside the Khronos
   <CL/cl.h> and check it: every value, every scalar type, and every function type (the test maps
   the spvk_cl_ type names onto the Khronos ones and asks the compiler whether each function type
   here is the real function's type). Values and lists are kept as X-macros for that reason: the
   test walks the same lists the backend is built from, so nothing declared here goes unchecked.

   The values are the OpenCL 3.0 API specification's; the types are the Linux ABI's (no calling
   convention attribute, cl_ulong bitfields). */
#ifndef SPVK_OPENCL_API_H
#define SPVK_OPENCL_API_H

#include <stddef.h>
#include <stdint.h>

/* ---- Scalar types ---- */

typedef int32_t spvk_cl_int;
typedef uint32_t spvk_cl_uint;
typedef uint64_t spvk_cl_ulong;
typedef spvk_cl_uint spvk_cl_bool;
typedef spvk_cl_ulong spvk_cl_bitfield;
typedef spvk_cl_bitfield spvk_cl_device_type;
typedef spvk_cl_bitfield spvk_cl_mem_flags;
typedef spvk_cl_bitfield spvk_cl_command_queue_properties;
typedef spvk_cl_uint spvk_cl_platform_info;
typedef spvk_cl_uint spvk_cl_device_info;
typedef spvk_cl_uint spvk_cl_program_build_info;
typedef spvk_cl_uint spvk_cl_kernel_work_group_info;
typedef spvk_cl_uint spvk_cl_profiling_info;
typedef spvk_cl_uint spvk_cl_event_info;
typedef intptr_t spvk_cl_context_properties;

/* ---- Handles: pointers to structures only the driver defines ---- */

typedef struct spvk_cl_platform_id_s *spvk_cl_platform_id;
typedef struct spvk_cl_device_id_s *spvk_cl_device_id;
typedef struct spvk_cl_context_s *spvk_cl_context;
typedef struct spvk_cl_command_queue_s *spvk_cl_command_queue;
typedef struct spvk_cl_mem_s *spvk_cl_mem;
typedef struct spvk_cl_program_s *spvk_cl_program;
typedef struct spvk_cl_kernel_s *spvk_cl_kernel;
typedef struct spvk_cl_event_s *spvk_cl_event;

/* ---- Values ---- */

/* The error codes the API returns, X(NAME, value) with NAME the Khronos name less its CL_ prefix
   (CL_PLATFORM_NOT_FOUND_KHR is the ICD loader's, from cl_khr_icd). */
#define SPVK_CL_ERROR_CODES(X)                                                                      \
    X(SUCCESS, 0)                                                                                   \
    X(DEVICE_NOT_FOUND, -1) X(DEVICE_NOT_AVAILABLE, -2) X(COMPILER_NOT_AVAILABLE, -3)               \
    X(MEM_OBJECT_ALLOCATION_FAILURE, -4) X(OUT_OF_RESOURCES, -5) X(OUT_OF_HOST_MEMORY, -6)           \
    X(PROFILING_INFO_NOT_AVAILABLE, -7) X(MEM_COPY_OVERLAP, -8) X(IMAGE_FORMAT_MISMATCH, -9)         \
    X(IMAGE_FORMAT_NOT_SUPPORTED, -10) X(BUILD_PROGRAM_FAILURE, -11) X(MAP_FAILURE, -12)             \
    X(MISALIGNED_SUB_BUFFER_OFFSET, -13) X(EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, -14)          \
    X(COMPILE_PROGRAM_FAILURE, -15) X(LINKER_NOT_AVAILABLE, -16) X(LINK_PROGRAM_FAILURE, -17)       \
    X(DEVICE_PARTITION_FAILED, -18) X(KERNEL_ARG_INFO_NOT_AVAILABLE, -19)                           \
    X(INVALID_VALUE, -30) X(INVALID_DEVICE_TYPE, -31) X(INVALID_PLATFORM, -32)                      \
    X(INVALID_DEVICE, -33) X(INVALID_CONTEXT, -34) X(INVALID_QUEUE_PROPERTIES, -35)                 \
    X(INVALID_COMMAND_QUEUE, -36) X(INVALID_HOST_PTR, -37) X(INVALID_MEM_OBJECT, -38)               \
    X(INVALID_IMAGE_FORMAT_DESCRIPTOR, -39) X(INVALID_IMAGE_SIZE, -40) X(INVALID_SAMPLER, -41)      \
    X(INVALID_BINARY, -42) X(INVALID_BUILD_OPTIONS, -43) X(INVALID_PROGRAM, -44)                    \
    X(INVALID_PROGRAM_EXECUTABLE, -45) X(INVALID_KERNEL_NAME, -46) X(INVALID_KERNEL_DEFINITION, -47) \
    X(INVALID_KERNEL, -48) X(INVALID_ARG_INDEX, -49) X(INVALID_ARG_VALUE, -50)                      \
    X(INVALID_ARG_SIZE, -51) X(INVALID_KERNEL_ARGS, -52) X(INVALID_WORK_DIMENSION, -53)             \
    X(INVALID_WORK_GROUP_SIZE, -54) X(INVALID_WORK_ITEM_SIZE, -55) X(INVALID_GLOBAL_OFFSET, -56)    \
    X(INVALID_EVENT_WAIT_LIST, -57) X(INVALID_EVENT, -58) X(INVALID_OPERATION, -59)                 \
    X(INVALID_GL_OBJECT, -60) X(INVALID_BUFFER_SIZE, -61) X(INVALID_MIP_LEVEL, -62)                 \
    X(INVALID_GLOBAL_WORK_SIZE, -63) X(INVALID_PROPERTY, -64) X(INVALID_IMAGE_DESCRIPTOR, -65)      \
    X(INVALID_COMPILER_OPTIONS, -66) X(INVALID_LINKER_OPTIONS, -67)                                 \
    X(INVALID_DEVICE_PARTITION_COUNT, -68) X(INVALID_PIPE_SIZE, -69) X(INVALID_DEVICE_QUEUE, -70)   \
    X(INVALID_SPEC_ID, -71) X(MAX_SIZE_RESTRICTION_EXCEEDED, -72)                                   \
    X(PLATFORM_NOT_FOUND_KHR, -1001)

/* The other values the backend passes or reads, X(NAME, value) as above. All fit an int. */
#define SPVK_CL_CONSTANTS(X)                                                                        \
    /* cl_bool */                                                                                   \
    X(FALSE, 0) X(TRUE, 1)                                                                          \
    /* cl_platform_info */                                                                          \
    X(PLATFORM_PROFILE, 0x0900) X(PLATFORM_VERSION, 0x0901) X(PLATFORM_NAME, 0x0902)                \
    X(PLATFORM_VENDOR, 0x0903) X(PLATFORM_EXTENSIONS, 0x0904)                                       \
    /* cl_device_type (bits) */                                                                     \
    X(DEVICE_TYPE_DEFAULT, 1 << 0) X(DEVICE_TYPE_CPU, 1 << 1) X(DEVICE_TYPE_GPU, 1 << 2)            \
    X(DEVICE_TYPE_ACCELERATOR, 1 << 3) X(DEVICE_TYPE_CUSTOM, 1 << 4)                                \
    /* cl_device_info */                                                                            \
    X(DEVICE_TYPE, 0x1000) X(DEVICE_MAX_COMPUTE_UNITS, 0x1002)                                      \
    X(DEVICE_MAX_WORK_ITEM_DIMENSIONS, 0x1003) X(DEVICE_MAX_WORK_GROUP_SIZE, 0x1004)                \
    X(DEVICE_MAX_WORK_ITEM_SIZES, 0x1005) X(DEVICE_MAX_MEM_ALLOC_SIZE, 0x1010)                      \
    X(DEVICE_LOCAL_MEM_SIZE, 0x1023) X(DEVICE_NAME, 0x102B) X(DEVICE_VENDOR, 0x102C)                \
    X(DRIVER_VERSION, 0x102D) X(DEVICE_PROFILE, 0x102E) X(DEVICE_VERSION, 0x102F)                   \
    X(DEVICE_EXTENSIONS, 0x1030) X(DEVICE_PLATFORM, 0x1031) X(DEVICE_IL_VERSION, 0x105B)            \
    /* cl_context_properties */                                                                     \
    X(CONTEXT_PLATFORM, 0x1084)                                                                     \
    /* cl_command_queue_properties (bits) */                                                        \
    X(QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 1 << 0) X(QUEUE_PROFILING_ENABLE, 1 << 1)                \
    /* cl_mem_flags (bits) */                                                                       \
    X(MEM_READ_WRITE, 1 << 0) X(MEM_WRITE_ONLY, 1 << 1) X(MEM_READ_ONLY, 1 << 2)                    \
    X(MEM_USE_HOST_PTR, 1 << 3) X(MEM_ALLOC_HOST_PTR, 1 << 4) X(MEM_COPY_HOST_PTR, 1 << 5)          \
    /* cl_program_build_info */                                                                     \
    X(PROGRAM_BUILD_STATUS, 0x1181) X(PROGRAM_BUILD_OPTIONS, 0x1182) X(PROGRAM_BUILD_LOG, 0x1183)   \
    /* cl_kernel_work_group_info */                                                                 \
    X(KERNEL_WORK_GROUP_SIZE, 0x11B0) X(KERNEL_LOCAL_MEM_SIZE, 0x11B2)                              \
    /* cl_profiling_info */                                                                         \
    X(PROFILING_COMMAND_QUEUED, 0x1280) X(PROFILING_COMMAND_SUBMIT, 0x1281)                         \
    X(PROFILING_COMMAND_START, 0x1282) X(PROFILING_COMMAND_END, 0x1283)                             \
    /* cl_event_info, and the command execution status it reads */                                  \
    X(EVENT_COMMAND_EXECUTION_STATUS, 0x11D3) X(COMPLETE, 0x0)

#define SPVK_CL_ENUMERATOR(name, value) SPVK_CL_##name = (value),
enum { SPVK_CL_ERROR_CODES(SPVK_CL_ENUMERATOR) SPVK_CL_CONSTANTS(SPVK_CL_ENUMERATOR) };
#undef SPVK_CL_ENUMERATOR

/* Above an int, so outside the lists. */
#define SPVK_CL_DEVICE_TYPE_ALL 0xFFFFFFFFu

/* ---- Functions ---- */

/* The functions every OpenCL 1.2 library exports, X(return type, name less its cl prefix,
   parameters). clCreateCommandQueue is deprecated since 2.0 but every library keeps it, while its
   replacement is missing from 1.2 ones. */
#define SPVK_CL_FUNCTIONS(X)                                                                        \
    X(spvk_cl_int, GetPlatformIDs,                                                                  \
      (spvk_cl_uint num_entries, spvk_cl_platform_id *platforms, spvk_cl_uint *num_platforms))      \
    X(spvk_cl_int, GetPlatformInfo,                                                                 \
      (spvk_cl_platform_id platform, spvk_cl_platform_info param_name, size_t param_value_size,     \
       void *param_value, size_t *param_value_size_ret))                                            \
    X(spvk_cl_int, GetDeviceIDs,                                                                    \
      (spvk_cl_platform_id platform, spvk_cl_device_type device_type, spvk_cl_uint num_entries,     \
       spvk_cl_device_id *devices, spvk_cl_uint *num_devices))                                      \
    X(spvk_cl_int, GetDeviceInfo,                                                                   \
      (spvk_cl_device_id device, spvk_cl_device_info param_name, size_t param_value_size,           \
       void *param_value, size_t *param_value_size_ret))                                            \
    X(spvk_cl_context, CreateContext,                                                               \
      (const spvk_cl_context_properties *properties, spvk_cl_uint num_devices,                      \
       const spvk_cl_device_id *devices,                                                            \
       void (*pfn_notify)(const char *errinfo, const void *private_info, size_t cb, void *user_data), \
       void *user_data, spvk_cl_int *errcode_ret))                                                  \
    X(spvk_cl_int, ReleaseContext, (spvk_cl_context context))                                       \
    X(spvk_cl_command_queue, CreateCommandQueue,                                                    \
      (spvk_cl_context context, spvk_cl_device_id device, spvk_cl_command_queue_properties properties, \
       spvk_cl_int *errcode_ret))                                                                   \
    X(spvk_cl_int, ReleaseCommandQueue, (spvk_cl_command_queue command_queue))                      \
    X(spvk_cl_mem, CreateBuffer,                                                                    \
      (spvk_cl_context context, spvk_cl_mem_flags flags, size_t size, void *host_ptr,               \
       spvk_cl_int *errcode_ret))                                                                   \
    X(spvk_cl_int, ReleaseMemObject, (spvk_cl_mem memobj))                                          \
    X(spvk_cl_program, CreateProgramWithBinary,                                                     \
      (spvk_cl_context context, spvk_cl_uint num_devices, const spvk_cl_device_id *device_list,     \
       const size_t *lengths, const unsigned char **binaries, spvk_cl_int *binary_status,           \
       spvk_cl_int *errcode_ret))                                                                   \
    X(spvk_cl_int, BuildProgram,                                                                    \
      (spvk_cl_program program, spvk_cl_uint num_devices, const spvk_cl_device_id *device_list,     \
       const char *options, void (*pfn_notify)(spvk_cl_program program, void *user_data),           \
       void *user_data))                                                                            \
    X(spvk_cl_int, GetProgramBuildInfo,                                                             \
      (spvk_cl_program program, spvk_cl_device_id device, spvk_cl_program_build_info param_name,    \
       size_t param_value_size, void *param_value, size_t *param_value_size_ret))                   \
    X(spvk_cl_int, ReleaseProgram, (spvk_cl_program program))                                       \
    X(spvk_cl_kernel, CreateKernel,                                                                 \
      (spvk_cl_program program, const char *kernel_name, spvk_cl_int *errcode_ret))                 \
    X(spvk_cl_int, ReleaseKernel, (spvk_cl_kernel kernel))                                          \
    X(spvk_cl_int, SetKernelArg,                                                                    \
      (spvk_cl_kernel kernel, spvk_cl_uint arg_index, size_t arg_size, const void *arg_value))      \
    X(spvk_cl_int, GetKernelWorkGroupInfo,                                                          \
      (spvk_cl_kernel kernel, spvk_cl_device_id device, spvk_cl_kernel_work_group_info param_name,  \
       size_t param_value_size, void *param_value, size_t *param_value_size_ret))                   \
    X(spvk_cl_int, EnqueueNDRangeKernel,                                                            \
      (spvk_cl_command_queue command_queue, spvk_cl_kernel kernel, spvk_cl_uint work_dim,           \
       const size_t *global_work_offset, const size_t *global_work_size,                            \
       const size_t *local_work_size, spvk_cl_uint num_events_in_wait_list,                         \
       const spvk_cl_event *event_wait_list, spvk_cl_event *event))                                 \
    X(spvk_cl_int, EnqueueWriteBuffer,                                                              \
      (spvk_cl_command_queue command_queue, spvk_cl_mem buffer, spvk_cl_bool blocking_write,        \
       size_t offset, size_t size, const void *ptr, spvk_cl_uint num_events_in_wait_list,           \
       const spvk_cl_event *event_wait_list, spvk_cl_event *event))                                 \
    X(spvk_cl_int, EnqueueReadBuffer,                                                               \
      (spvk_cl_command_queue command_queue, spvk_cl_mem buffer, spvk_cl_bool blocking_read,         \
       size_t offset, size_t size, void *ptr, spvk_cl_uint num_events_in_wait_list,                 \
       const spvk_cl_event *event_wait_list, spvk_cl_event *event))                                 \
    X(spvk_cl_int, Finish, (spvk_cl_command_queue command_queue))                                   \
    X(spvk_cl_int, Flush, (spvk_cl_command_queue command_queue))                                    \
    X(spvk_cl_int, GetEventInfo,                                                                    \
      (spvk_cl_event event, spvk_cl_event_info param_name, size_t param_value_size,                 \
       void *param_value, size_t *param_value_size_ret))                                            \
    X(spvk_cl_int, SetEventCallback,                                                                \
      (spvk_cl_event event, spvk_cl_int command_exec_callback_type,                                 \
       void (*pfn_notify)(spvk_cl_event event, spvk_cl_int event_command_status, void *user_data),  \
       void *user_data))                                                                            \
    X(spvk_cl_int, GetEventProfilingInfo,                                                           \
      (spvk_cl_event event, spvk_cl_profiling_info param_name, size_t param_value_size,             \
       void *param_value, size_t *param_value_size_ret))                                            \
    X(spvk_cl_int, ReleaseEvent, (spvk_cl_event event))                                             \
    X(void *, GetExtensionFunctionAddressForPlatform,                                               \
      (spvk_cl_platform_id platform, const char *func_name))

/* Functions of later versions, which a 1.2 library lacks: clCreateProgramWithIL (2.1; before it
   the cl_khr_il_program extension's clCreateProgramWithILKHR, same type) and
   clSetProgramSpecializationConstant (2.2). */
#define SPVK_CL_LATER_FUNCTIONS(X)                                                                  \
    X(spvk_cl_program, CreateProgramWithIL,                                                         \
      (spvk_cl_context context, const void *il, size_t length, spvk_cl_int *errcode_ret))           \
    X(spvk_cl_int, SetProgramSpecializationConstant,                                                \
      (spvk_cl_program program, spvk_cl_uint spec_id, size_t spec_size, const void *spec_value))

/* spvk_cl_GetPlatformIDs_fn and so on: the type of a pointer to each function. */
#define SPVK_CL_FUNCTION_TYPE(result, name, parameters) typedef result(*spvk_cl_##name##_fn) parameters;
SPVK_CL_FUNCTIONS(SPVK_CL_FUNCTION_TYPE)
SPVK_CL_LATER_FUNCTIONS(SPVK_CL_FUNCTION_TYPE)
#undef SPVK_CL_FUNCTION_TYPE

#endif
