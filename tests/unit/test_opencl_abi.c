/* Checks spvkit's own OpenCL declarations (src/runtime/opencl_api.h) against the Khronos headers:
   every value, every scalar type and handle size, and the type of every function the backend
   loads. The values and functions are walked through the header's own X-macro lists, so a name
   added there is checked here without touching this file. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* clCreateCommandQueue, without a deprecation warning */
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include "runtime/opencl_api.h"
#include "test.h"

/* Whether spvkit's type is the Khronos type itself (compatible), not merely as large. */
#define SAME_TYPE(ours, theirs) _Generic((theirs)0, ours: 1, default: 0)

static void check_values(void)
{
#define CHECK_VALUE(name, value) CHECK(SPVK_CL_##name == CL_##name);
    SPVK_CL_ERROR_CODES(CHECK_VALUE)
    SPVK_CL_CONSTANTS(CHECK_VALUE)
#undef CHECK_VALUE
    CHECK(SPVK_CL_DEVICE_TYPE_ALL == CL_DEVICE_TYPE_ALL);
}

static void check_types(void)
{
    CHECK(SAME_TYPE(spvk_cl_int, cl_int));
    CHECK(SAME_TYPE(spvk_cl_uint, cl_uint));
    CHECK(SAME_TYPE(spvk_cl_ulong, cl_ulong));
    CHECK(SAME_TYPE(spvk_cl_bool, cl_bool));
    CHECK(SAME_TYPE(spvk_cl_bitfield, cl_bitfield));
    CHECK(SAME_TYPE(spvk_cl_device_type, cl_device_type));
    CHECK(SAME_TYPE(spvk_cl_mem_flags, cl_mem_flags));
    CHECK(SAME_TYPE(spvk_cl_command_queue_properties, cl_command_queue_properties));
    CHECK(SAME_TYPE(spvk_cl_platform_info, cl_platform_info));
    CHECK(SAME_TYPE(spvk_cl_device_info, cl_device_info));
    CHECK(SAME_TYPE(spvk_cl_program_build_info, cl_program_build_info));
    CHECK(SAME_TYPE(spvk_cl_kernel_work_group_info, cl_kernel_work_group_info));
    CHECK(SAME_TYPE(spvk_cl_profiling_info, cl_profiling_info));
    CHECK(SAME_TYPE(spvk_cl_event_info, cl_event_info));
    CHECK(SAME_TYPE(spvk_cl_context_properties, cl_context_properties));

    /* Handles are distinct types by design (different structure tags); their size must agree. */
    CHECK(sizeof(spvk_cl_platform_id) == sizeof(cl_platform_id));
    CHECK(sizeof(spvk_cl_device_id) == sizeof(cl_device_id));
    CHECK(sizeof(spvk_cl_context) == sizeof(cl_context));
    CHECK(sizeof(spvk_cl_command_queue) == sizeof(cl_command_queue));
    CHECK(sizeof(spvk_cl_mem) == sizeof(cl_mem));
    CHECK(sizeof(spvk_cl_program) == sizeof(cl_program));
    CHECK(sizeof(spvk_cl_kernel) == sizeof(cl_kernel));
    CHECK(sizeof(spvk_cl_event) == sizeof(cl_event));
}

/* From here on spvkit's type names stand for the Khronos ones, so that each function type in the
   lists, expanded below, is spelled in Khronos types and must be the real function's type. */
#define spvk_cl_int cl_int
#define spvk_cl_uint cl_uint
#define spvk_cl_ulong cl_ulong
#define spvk_cl_bool cl_bool
#define spvk_cl_device_type cl_device_type
#define spvk_cl_mem_flags cl_mem_flags
#define spvk_cl_command_queue_properties cl_command_queue_properties
#define spvk_cl_platform_info cl_platform_info
#define spvk_cl_device_info cl_device_info
#define spvk_cl_program_build_info cl_program_build_info
#define spvk_cl_kernel_work_group_info cl_kernel_work_group_info
#define spvk_cl_profiling_info cl_profiling_info
#define spvk_cl_event_info cl_event_info
#define spvk_cl_context_properties cl_context_properties
#define spvk_cl_platform_id cl_platform_id
#define spvk_cl_device_id cl_device_id
#define spvk_cl_context cl_context
#define spvk_cl_command_queue cl_command_queue
#define spvk_cl_mem cl_mem
#define spvk_cl_program cl_program
#define spvk_cl_kernel cl_kernel
#define spvk_cl_event cl_event

static void check_functions(void)
{
#define CHECK_FUNCTION(result, name, parameters)                        \
    CHECK(_Generic(&cl##name, result(*) parameters: 1, default: 0));
    SPVK_CL_FUNCTIONS(CHECK_FUNCTION)
    SPVK_CL_LATER_FUNCTIONS(CHECK_FUNCTION)
#undef CHECK_FUNCTION
    /* The extension's function, loaded in place of clCreateProgramWithIL on 1.2 libraries. */
    CHECK(_Generic(&clCreateProgramWithILKHR,
                   cl_program(*)(cl_context context, const void *il, size_t length, cl_int *errcode_ret): 1,
                   default: 0));
}

int main(void)
{
    check_values();
    check_types();
    check_functions();
    TEST_SUMMARY();
}
