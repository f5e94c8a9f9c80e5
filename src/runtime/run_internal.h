/* What the API-independent part of `spvkit run` (run.c) hands the backends (vulkan.c, opencl.c):
   a plan whose every input has been checked against the module's interface. A backend turns the
   plan into device objects, dispatches, reads back and fills the report; it reports driver
   failures and missing device features through the diagnostics and returns SPVK_ERROR_DEVICE. */
#ifndef SPVK_RUN_INTERNAL_H
#define SPVK_RUN_INTERNAL_H

#include "spvkit/runtime.h"
#include "../support/support.h"

/* A specialization value resolved against the module: size bytes of data (1, 2, 4 or 8; booleans
   are 4-byte VkBool32), little-endian as the device reads it. */
typedef struct spvk_plan_spec_value {
    uint32_t spec_id;
    uint32_t size;
    uint64_t bits;
    const spvk_spec_constant *constant;
} spvk_plan_spec_value;

typedef struct spvk_run_plan {
    const uint32_t *words; /* the module, host-endian */
    size_t num_words;
    const spvk_entry_interface *entry;
    /* One per entry->resources[i], same order: the buffer bound to it (never NULL). */
    spvk_typed_buffer **resource_buffers;
    const void *push_data; /* Vulkan push constants, push_size bytes (0: none) */
    uint32_t push_size;
    const spvk_plan_spec_value *spec_values; /* only the ones the caller set */
    size_t num_spec_values;
    uint32_t local[3];    /* the workgroup size (already folded into spec values where the module
                             takes it from spec constants) */
    uint32_t groups[3];   /* workgroups per dimension, each at least 1 */
    int device;           /* -1: the first device */
    unsigned repeat;      /* at least 1 */
    bool validate;
    const char *llvm_spirv;
    uint64_t timeout_ns;  /* the wait for one submission; UINT64_MAX: none */
} spvk_run_plan;

/* Fills report (zeroed by the caller) with the device, the local size, the dispatch count and
   the timings (median and minimum over plan->repeat runs), and writes the results back into the
   plan's buffers. */
spvk_result spvk_vulkan_run(const spvk_run_plan *plan, const spvk_allocator *allocator, spvk_run_report *report,
                            spvk_diagnostics *diags);
spvk_result spvk_vulkan_list_devices(const spvk_allocator *allocator, spvk_device_info **devices, size_t *count,
                                     spvk_diagnostics *diags);
spvk_result spvk_opencl_run(const spvk_run_plan *plan, const spvk_allocator *allocator, spvk_run_report *report,
                            spvk_diagnostics *diags);
spvk_result spvk_opencl_list_devices(const spvk_allocator *allocator, spvk_device_info **devices, size_t *count,
                                     spvk_diagnostics *diags);

/* Runtime diagnostics carry no position and no rule; the message says what failed, e.g.
   "vulkan: vkCreateDevice failed: VK_ERROR_FEATURE_NOT_PRESENT". */
#define spvk_run_error(diags, ...) \
    spvk_diag_add((diags), SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, __VA_ARGS__)
#define spvk_run_warning(diags, ...) \
    spvk_diag_add((diags), SPVK_SEVERITY_WARNING, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, __VA_ARGS__)

/* A monotonic clock in milliseconds, for wall times. */
double spvk_run_clock_ms(void);

/* Median and minimum of count samples (sorts them in place). */
void spvk_run_timing_summary(double *samples, size_t count, double *median, double *minimum);

#endif
