/* spvk_run: the API-independent half of running a kernel. It reads the entry point's interface,
   checks every option against it (all problems reported together, before any device object
   exists: a user's mistake must not look like a driver failure), resolves specialization values
   and the workgroup size, and hands a plan to the Vulkan or OpenCL backend. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spvkit/grammar.h"
#include "run_internal.h"

const char *spvk_api_kind_name(spvk_api_kind api)
{
    return api == SPVK_API_OPENCL ? "opencl" : "vulkan";
}

double spvk_run_clock_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void spvk_run_timing_summary(double *samples, size_t count, double *median, double *minimum)
{
    if (count == 0) {
        *median = *minimum = 0;
        return;
    }
    qsort(samples, count, sizeof(double), compare_double);
    *minimum = samples[0];
    *median = count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
}

spvk_result spvk_list_devices(spvk_api_kind api, const spvk_allocator *allocator, spvk_device_info **devices,
                              size_t *count, spvk_diagnostics *diags)
{
    *devices = NULL;
    *count = 0;
    return api == SPVK_API_OPENCL ? spvk_opencl_list_devices(allocator, devices, count, diags)
                                  : spvk_vulkan_list_devices(allocator, devices, count, diags);
}

/* ---- Checking the options against the interface ---- */

typedef struct run_checker {
    const spvk_entry_interface *entry;
    const spvk_run_options *options;
    spvk_diagnostics *diags;
    bool failed;
} run_checker;

static void check_error(run_checker *c, const char *fmt, ...) SPVK_PRINTF(2, 3);
static void check_error(run_checker *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    spvk_diag_vadd(c->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, fmt, ap);
    va_end(ap);
    c->failed = true;
}

static bool is_vulkan_entry(const spvk_entry_interface *entry)
{
    return entry->execution_model != SPVK_EXECUTION_MODEL_Kernel;
}

/* "0.2" for Vulkan, "2" for OpenCL: how the command line names a binding. */
static const char *binding_label(const spvk_entry_interface *entry, uint32_t set, uint32_t binding, char *buf,
                                 size_t size)
{
    if (is_vulkan_entry(entry))
        snprintf(buf, size, "%u.%u", set, binding);
    else
        snprintf(buf, size, "%u", binding);
    return buf;
}

static const char *resource_kind_name(spvk_resource_kind kind)
{
    switch (kind) {
    case SPVK_RESOURCE_STORAGE_BUFFER: return "storage buffer";
    case SPVK_RESOURCE_UNIFORM_BUFFER: return "uniform buffer";
    case SPVK_RESOURCE_GLOBAL_POINTER: return "__global pointer";
    case SPVK_RESOURCE_CONSTANT_POINTER: return "__constant pointer";
    case SPVK_RESOURCE_LOCAL_POINTER: return "__local pointer";
    case SPVK_RESOURCE_SCALAR: return "value";
    }
    return "resource";
}

/* "storage buffer 'out' of 32-bit floats" */
static void describe_resource(const spvk_resource *res, char *buf, size_t size)
{
    char what[64] = "";
    if (res->element_width)
        snprintf(what, sizeof(what), " of %u-bit %s", res->element_width,
                 res->element_is_float ? "floats" : "integers");
    snprintf(buf, size, "%s%s%s%s%s", resource_kind_name(res->kind), res->name ? " '" : "",
             res->name ? res->name : "", res->name ? "'" : "", what);
}

/* Whether elements of the buffer's type can be what the module reads: no wider than the module's
   scalar; as wide as a float scalar; narrower integers may be packed into wider integers (bf16
   stored as u16 in a uint[] array is how bf16 is emulated). */
static bool element_width_fits(const spvk_resource *res, const spvk_typed_buffer *b)
{
    if (b->type == SPVK_ELEMENT_BYTES || res->element_width == 0 || res->kind == SPVK_RESOURCE_LOCAL_POINTER)
        return true;
    uint32_t width = (uint32_t)spvk_element_size(b->type) * 8;
    if (width > res->element_width)
        return false;
    return width == res->element_width || !res->element_is_float;
}

/* A block ending in a runtime array needs its fixed part and at least one element. */
static uint64_t required_size(const spvk_resource *res)
{
    return res->min_size + res->array_stride;
}

static void check_buffer(run_checker *c, const spvk_resource *res, const spvk_typed_buffer *b)
{
    char label[32], what[160];
    binding_label(c->entry, res->set, res->binding, label, sizeof(label));
    describe_resource(res, what, sizeof(what));
    if (b->size == 0) {
        check_error(c, "binding %s (%s): the buffer is empty", label, what);
        return;
    }
    if (res->kind == SPVK_RESOURCE_SCALAR) {
        if (b->size != res->min_size)
            check_error(c, "argument %s (%s) takes %llu bytes; the buffer has %zu", label, what,
                        (unsigned long long)res->min_size, b->size);
        return;
    }
    uint64_t need = required_size(res);
    if (b->size < need)
        check_error(c, "binding %s (%s) needs at least %llu bytes; the buffer has %zu", label, what,
                    (unsigned long long)need, b->size);
    if (!element_width_fits(res, b))
        check_error(c, "binding %s (%s) cannot hold %s elements", label, what, spvk_element_type_name(b->type));
}

static void check_buffers(run_checker *c, spvk_typed_buffer **bound)
{
    const spvk_entry_interface *entry = c->entry;
    const spvk_run_options *o = c->options;
    char label[32], what[160];
    for (size_t i = 0; i < o->num_buffers; i++) {
        const spvk_run_buffer *given = &o->buffers[i];
        const spvk_resource *res = spvk_entry_interface_find(entry, given->set, given->binding);
        binding_label(entry, given->set, given->binding, label, sizeof(label));
        if (!res) {
            check_error(c, "--buffer %s: entry point '%s' has no %s %s", label, entry->name,
                        is_vulkan_entry(entry) ? "binding" : "argument", label);
            continue;
        }
        size_t index = (size_t)(res - entry->resources);
        if (bound[index]) {
            check_error(c, "--buffer %s is given twice", label);
            continue;
        }
        bound[index] = given->buffer;
        check_buffer(c, res, given->buffer);
    }
    for (size_t i = 0; i < entry->num_resources; i++) {
        if (bound[i])
            continue;
        const spvk_resource *res = &entry->resources[i];
        describe_resource(res, what, sizeof(what));
        check_error(c, "%s %s (%s, at least %llu bytes) has no --buffer", is_vulkan_entry(entry) ? "binding" : "argument",
                    binding_label(entry, res->set, res->binding, label, sizeof(label)), what,
                    (unsigned long long)required_size(res));
    }
}

static void check_push(run_checker *c)
{
    const spvk_typed_buffer *push = c->options->push;
    uint32_t size = c->entry->push_constant_size;
    if (!is_vulkan_entry(c->entry)) {
        if (push)
            check_error(c, "--push: OpenCL kernels have no push constants; pass values as arguments");
        return;
    }
    if (!push && size)
        check_error(c, "entry point '%s' has a push-constant block of %u bytes: give it with --push",
                    c->entry->name, size);
    else if (push && !size)
        check_error(c, "--push: entry point '%s' has no push-constant block", c->entry->name);
    else if (push && push->size != size)
        check_error(c, "--push gives %zu bytes; the push-constant block is %u bytes", push->size, size);
}

static const spvk_spec_constant *find_spec_constant(const spvk_entry_interface *entry, uint32_t spec_id)
{
    for (size_t i = 0; i < entry->num_spec_constants; i++)
        if (entry->spec_constants[i].spec_id == spec_id)
            return &entry->spec_constants[i];
    return NULL;
}

static const char *spec_type_name(const spvk_spec_constant *k)
{
    if (k->kind == SPVK_SCALAR_BOOL)
        return "bool";
    if (k->kind == SPVK_SCALAR_FLOAT) {
        if (k->width == 16)
            return k->float_encoding == SPVK_FPENCODING_BFloat16KHR + 1 ? "bf16" : "f16";
        return k->width == 32 ? "f32" : k->width == 64 ? "f64" : NULL;
    }
    static const char *const ints[2][4] = {{"u8", "u16", "u32", "u64"}, {"i8", "i16", "i32", "i64"}};
    switch (k->width) {
    case 8: return ints[k->is_signed][0];
    case 16: return ints[k->is_signed][1];
    case 32: return ints[k->is_signed][2];
    case 64: return ints[k->is_signed][3];
    }
    return NULL;
}

/* Reads text as the constant's type through the buffer-source parser, which already reads every
   element type exactly (bf16 and f16 decimals round to nearest even once). */
static bool parse_spec_value(const spvk_spec_constant *k, const char *text, const spvk_allocator *a, uint64_t *bits,
                             char *why, size_t why_size)
{
    if (k->kind == SPVK_SCALAR_BOOL) {
        if (strcmp(text, "true") == 0 || strcmp(text, "1") == 0)
            *bits = 1;
        else if (strcmp(text, "false") == 0 || strcmp(text, "0") == 0)
            *bits = 0;
        else {
            snprintf(why, why_size, "expected true or false");
            return false;
        }
        return true;
    }
    const char *type = spec_type_name(k);
    if (!type) {
        snprintf(why, why_size, "a %u-bit constant cannot be set", k->width);
        return false;
    }
    size_t length = strlen(text);
    if (!length || strchr(text, ',')) {
        snprintf(why, why_size, "expected one %s value", type);
        return false;
    }
    char *source = spvk_alloc(a, length + 8);
    if (!source) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    snprintf(source, length + 8, "%s:%s", type, text);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, a);
    spvk_typed_buffer b;
    spvk_result r = spvk_typed_buffer_from_source(source, a, &b, &d);
    spvk_free(a, source, length + 8);
    if (r != SPVK_OK) {
        /* The parser's message names the source it was given ("buffer source 'i32:1x', at column
           5: ..."), which the user never wrote: keep only what follows. */
        const char *message = d.count ? d.items[0].message : "not a value of its type";
        const char *column = strstr(message, "at column ");
        const char *detail = column ? strstr(column, ": ") : NULL;
        snprintf(why, why_size, "%s", detail ? detail + 2 : message);
        spvk_diagnostics_free(&d);
        return false;
    }
    spvk_diagnostics_free(&d);
    *bits = 0;
    memcpy(bits, b.data, b.size); /* little-endian hosts only, as the devices */
    spvk_typed_buffer_free(&b, a);
    return true;
}

/* Adds or replaces the value of spec_id; false when the caller already set it differently. */
static bool plan_set_spec(spvk_plan_spec_value *values, size_t *count, const spvk_spec_constant *k, uint64_t bits)
{
    for (size_t i = 0; i < *count; i++)
        if (values[i].spec_id == k->spec_id)
            return values[i].bits == bits;
    values[*count] = (spvk_plan_spec_value){k->spec_id, k->kind == SPVK_SCALAR_BOOL ? 4 : k->width / 8, bits, k};
    (*count)++;
    return true;
}

static void check_spec_values(run_checker *c, const spvk_allocator *a, spvk_plan_spec_value *values, size_t *count)
{
    const spvk_entry_interface *entry = c->entry;
    for (size_t i = 0; i < c->options->num_spec_values; i++) {
        const spvk_spec_value *v = &c->options->spec_values[i];
        const spvk_spec_constant *k = find_spec_constant(entry, v->spec_id);
        if (!k) {
            char ids[256] = "";
            size_t used = 0;
            for (size_t j = 0; j < entry->num_spec_constants && used < sizeof(ids) - 16; j++)
                used += (size_t)snprintf(ids + used, sizeof(ids) - used, "%s%u", j ? ", " : "",
                                         entry->spec_constants[j].spec_id);
            check_error(c, "--spec-constant %u: the module has no specialization constant with SpecId %u (it has: %s)",
                        v->spec_id, v->spec_id, used ? ids : "none");
            continue;
        }
        uint64_t bits;
        char why[160];
        if (!parse_spec_value(k, v->value, a, &bits, why, sizeof(why))) {
            check_error(c, "--spec-constant %u=%s: %s", v->spec_id, v->value, why);
            continue;
        }
        if (!plan_set_spec(values, count, k, bits))
            check_error(c, "--spec-constant %u is given twice", v->spec_id);
    }
}

/* The workgroup size: the module's, with its spec-constant dimensions set by --spec-constant or by
   --local; --local may not contradict a dimension the module fixes. */
static void resolve_local_size(run_checker *c, spvk_plan_spec_value *values, size_t *count, uint32_t local[3])
{
    const spvk_entry_interface *entry = c->entry;
    const spvk_run_options *o = c->options;
    if (entry->local_size_source == SPVK_LOCAL_SIZE_NONE) {
        if (is_vulkan_entry(entry)) {
            check_error(c, "entry point '%s' has no workgroup size (LocalSize, LocalSizeId or WorkgroupSize)",
                        entry->name);
            return;
        }
        for (int d = 0; d < 3; d++)
            local[d] = o->has_local ? o->local[d] : 1;
        return;
    }
    for (int d = 0; d < 3; d++) {
        local[d] = entry->local_size[d];
        uint32_t spec_id = entry->local_size_spec_id[d];
        const spvk_spec_constant *k = spec_id == SPVK_NO_SPEC_ID ? NULL : find_spec_constant(entry, spec_id);
        if (k) {
            for (size_t i = 0; i < *count; i++)
                if (values[i].spec_id == spec_id)
                    local[d] = (uint32_t)values[i].bits;
            if (o->has_local) {
                if (!plan_set_spec(values, count, k, o->local[d]))
                    check_error(c, "--local %c=%u contradicts --spec-constant %u", "xyz"[d], o->local[d], spec_id);
                local[d] = o->local[d];
            }
        } else if (o->has_local && o->local[d] != local[d]) {
            check_error(c, "--local %u,%u,%u contradicts the module's workgroup size %u,%u,%u", o->local[0],
                        o->local[1], o->local[2], entry->local_size[0], entry->local_size[1], entry->local_size[2]);
            return;
        }
    }
    for (int d = 0; d < 3; d++)
        if (local[d] == 0)
            check_error(c, "the workgroup size is 0 in dimension %c", "xyz"[d]);
}

spvk_result spvk_run(const uint32_t *words, size_t num_words, const spvk_run_options *options,
                     const spvk_allocator *allocator, spvk_run_report *report, spvk_diagnostics *diags)
{
    memset(report, 0, sizeof(*report));
    spvk_entry_interface *entry = NULL;
    spvk_result r = spvk_entry_interface_read(words, num_words, options->entry, allocator, &entry, diags);
    if (r != SPVK_OK)
        return r;

    run_checker c = {entry, options, diags, false};
    bool kernel = !is_vulkan_entry(entry);
    if (kernel != (options->api == SPVK_API_OPENCL)) {
        spvk_run_error(diags, "entry point '%s' is %s: run it with --api %s", entry->name,
                       kernel ? "an OpenCL kernel (Kernel)" : "a shader (GLCompute)", kernel ? "opencl" : "vulkan");
        spvk_entry_interface_free(entry, allocator);
        return SPVK_ERROR_USAGE;
    }

    size_t bound_size = (entry->num_resources + 1) * sizeof(spvk_typed_buffer *);
    size_t values_size = (options->num_spec_values + 4) * sizeof(spvk_plan_spec_value);
    spvk_typed_buffer **bound = spvk_alloc(allocator, bound_size);
    spvk_plan_spec_value *values = spvk_alloc(allocator, values_size);
    if (!bound || !values) {
        spvk_run_error(diags, "out of memory");
        r = SPVK_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    memset(bound, 0, bound_size);

    size_t num_values = 0;
    spvk_run_plan plan = {0};
    check_buffers(&c, bound);
    check_push(&c);
    check_spec_values(&c, allocator, values, &num_values);
    resolve_local_size(&c, values, &num_values, plan.local);
    if (c.failed) {
        r = SPVK_ERROR_USAGE;
        goto done;
    }

    plan.words = words;
    plan.num_words = num_words;
    plan.entry = entry;
    plan.resource_buffers = bound;
    plan.push_data = options->push ? options->push->data : NULL;
    plan.push_size = options->push ? (uint32_t)options->push->size : 0;
    plan.spec_values = values;
    plan.num_spec_values = num_values;
    for (int d = 0; d < 3; d++)
        plan.groups[d] = options->groups[d] ? options->groups[d] : 1;
    plan.device = options->device;
    plan.repeat = options->repeat ? options->repeat : 1;
    plan.validate = options->validate;
    plan.llvm_spirv = options->llvm_spirv;
    /* Seconds to nanoseconds; past 2^64 ns (584 years) and negative values are no limit. */
    double timeout = options->timeout_seconds;
    if (!(timeout >= 0))
        timeout = timeout < 0 ? INFINITY : 0; /* NaN: the default */
    if (timeout == 0)
        timeout = SPVK_RUN_DEFAULT_TIMEOUT_SECONDS;
    plan.timeout_ns = timeout * 1e9 >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)(timeout * 1e9);
    r = kernel ? spvk_opencl_run(&plan, allocator, report, diags) : spvk_vulkan_run(&plan, allocator, report, diags);

done:
    spvk_free(allocator, bound, bound_size);
    spvk_free(allocator, values, values_size);
    spvk_entry_interface_free(entry, allocator);
    return r;
}
