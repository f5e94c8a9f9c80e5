/* spvkit run: option parsing and printing over the library's spvk_run (include/spvkit/runtime.h).
   The command reads the module, builds the buffers from their sources, runs, then prints, dumps
   and checks the buffers the options name. Usage mistakes are found before the device is touched. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char CLI_RUN_HELP[] =
    "Runs a compute entry point of a SPIR-V module (binary or assembly text) on a Vulkan device\n"
    "(lavapipe on the CPU by default) or an OpenCL device (PoCL), and prints or checks its buffers.\n"
    "The bindings, push constants, specialization constants and workgroup size are read from the module.\n"
    "  --entry NAME               the entry point (default: the module's only compute entry point)\n"
    "  --api vulkan|opencl        default: opencl for Kernel entry points, vulkan for GLCompute\n"
    "  --device N                 the N-th device of --list-devices (default 0)\n"
    "  --list-devices             list devices and their kernel features (MODULE not needed)\n"
    "  --groups X,Y,Z             workgroups per dimension (default 1,1,1)\n"
    "  --local X,Y,Z              workgroup size where the module does not fix it (default 1,1,1)\n"
    "  --buffer B=SOURCE          contents of binding B: SET.BINDING (Vulkan) or argument index (OpenCL)\n"
    "  --push SOURCE              push-constant bytes (Vulkan)\n"
    "  --spec-constant ID=VALUE   specialization constant with SpecId ID\n"
    "  --print B                  print buffer B after the run\n"
    "  --dump B=FILE              write buffer B's bytes to FILE after the run\n"
    "  --expect B=SOURCE          check buffer B after the run (read as SOURCE's type)\n"
    "  --ulp N                    tolerance of --expect in units in the last place (default 0)\n"
    "  --repeat N                 dispatch N times\n"
    "  --time                     print median and minimum device and wall time\n"
    "  --validate                 Vulkan: run under the Khronos validation layer\n"
    "  --timeout SECONDS          give up on a submission (a dispatch, a copy) that has not finished\n"
    "                             after SECONDS, as a device error (default 60; 0: wait forever)\n"
    "SOURCE: TYPE:v1,v2,...  zeros:N:TYPE  iota:N:TYPE  random:N:TYPE:SEED  @FILE\n"
    "TYPE:   i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64\n"
    "Exit status: 0 ran and every --expect held, 1 an --expect failed or the module is invalid,\n"
    "2 usage or I/O error (options that do not fit the module included), 3 device error.\n"
    "See docs/run.md.\n";

#define MAX_ITEMS 64

/* An option naming a binding: B=VALUE (or B alone for --print). */
typedef struct binding_arg {
    const char *label; /* as written: "0.2" or "2" */
    size_t label_length;
    const char *value; /* after '=', or NULL */
    uint32_t set, binding;
} binding_arg;

typedef struct run_args {
    const char *module;
    const char *entry;
    bool has_api;
    spvk_api_kind api;
    int device;
    bool list_devices;
    uint32_t groups[3];
    uint32_t local[3];
    bool has_local;
    binding_arg buffers[MAX_ITEMS], prints[MAX_ITEMS], dumps[MAX_ITEMS], expects[MAX_ITEMS];
    size_t num_buffers, num_prints, num_dumps, num_expects;
    const char *push;
    spvk_spec_value spec[MAX_ITEMS];
    size_t num_spec;
    double ulp;
    double timeout; /* seconds; 0: the library's default; negative: none */
    unsigned repeat;
    bool time, validate;
} run_args;

static int run_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "spvkit run: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'spvkit help run'.\n");
    return EXIT_USAGE;
}

/* Module problems name the module and the word; the rest are the command's. */
static void print_run_diagnostics(const spvk_diagnostics *diags, const char *module)
{
    static const char *const severities[] = {"error", "warning", "note"};
    for (size_t i = 0; i < diags->count; i++) {
        const spvk_diagnostic *d = &diags->items[i];
        if (d->word_offset != SPVK_NO_OFFSET || d->line)
            cli_print_diagnostics(&(spvk_diagnostics){(spvk_diagnostic *)d, 1, 1, 0, 0, NULL}, module, d->line != 0);
        else
            fprintf(stderr, "spvkit run: %s: %s\n", severities[d->severity], d->message);
    }
}

static bool parse_u32(const char *s, const char *end, uint32_t *value)
{
    if (s == end || (size_t)(end - s) > 10)
        return false;
    uint64_t v = 0;
    for (const char *p = s; p < end; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (v > UINT32_MAX)
        return false;
    *value = (uint32_t)v;
    return true;
}

/* "X", "X,Y" or "X,Y,Z", each at least 1. */
static bool parse_size3(const char *s, uint32_t out[3])
{
    out[0] = out[1] = out[2] = 1;
    for (int d = 0; d < 3; d++) {
        const char *comma = strchr(s, ',');
        const char *end = comma ? comma : s + strlen(s);
        if (!parse_u32(s, end, &out[d]) || out[d] == 0)
            return false;
        if (!comma)
            return true;
        s = comma + 1;
    }
    return false;
}

/* B=VALUE (value_required) or B. */
static int parse_binding_arg(const char *option, const char *text, bool value_required, binding_arg *out)
{
    const char *eq = strchr(text, '=');
    if (value_required && !eq) {
        fprintf(stderr, "spvkit run: error: %s %s: expected B=%s\n", option, text,
                strcmp(option, "--dump") == 0 ? "FILE" : "SOURCE");
        return EXIT_USAGE;
    }
    if (!value_required && eq) {
        fprintf(stderr, "spvkit run: error: %s %s: expected a binding (SET.BINDING or an argument index)\n", option, text);
        return EXIT_USAGE;
    }
    out->label = text;
    out->label_length = eq ? (size_t)(eq - text) : strlen(text);
    out->value = eq ? eq + 1 : NULL;
    return EXIT_OK;
}

static int take_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc)
        return run_usage("%s needs a value", argv[*i]);
    *value = argv[++*i];
    return EXIT_OK;
}

static int add_binding_arg(int argc, char **argv, int *i, binding_arg *list, size_t *count, bool value_required)
{
    const char *option = argv[*i], *value = NULL;
    int rc = take_value(argc, argv, i, &value);
    if (rc)
        return rc;
    if (*count == MAX_ITEMS)
        return run_usage("too many %s options", option);
    return parse_binding_arg(option, value, value_required, &list[(*count)++]);
}

static int parse_args(int argc, char **argv, run_args *a)
{
    a->device = -1;
    a->repeat = 1;
    a->groups[0] = a->groups[1] = a->groups[2] = 1;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *value = NULL;
        int rc = EXIT_OK;
        if (strcmp(opt, "--buffer") == 0)
            rc = add_binding_arg(argc, argv, &i, a->buffers, &a->num_buffers, true);
        else if (strcmp(opt, "--print") == 0)
            rc = add_binding_arg(argc, argv, &i, a->prints, &a->num_prints, false);
        else if (strcmp(opt, "--dump") == 0)
            rc = add_binding_arg(argc, argv, &i, a->dumps, &a->num_dumps, true);
        else if (strcmp(opt, "--expect") == 0)
            rc = add_binding_arg(argc, argv, &i, a->expects, &a->num_expects, true);
        else if (strcmp(opt, "--list-devices") == 0)
            a->list_devices = true;
        else if (strcmp(opt, "--time") == 0)
            a->time = true;
        else if (strcmp(opt, "--validate") == 0)
            a->validate = true;
        else if (opt[0] == '-' && opt[1] == '-') {
            if ((rc = take_value(argc, argv, &i, &value)) != EXIT_OK)
                return rc;
            uint32_t n;
            if (strcmp(opt, "--entry") == 0)
                a->entry = value;
            else if (strcmp(opt, "--api") == 0) {
                a->has_api = true;
                if (strcmp(value, "vulkan") == 0)
                    a->api = SPVK_API_VULKAN;
                else if (strcmp(value, "opencl") == 0)
                    a->api = SPVK_API_OPENCL;
                else
                    return run_usage("--api %s: expected vulkan or opencl", value);
            } else if (strcmp(opt, "--device") == 0) {
                if (!parse_u32(value, value + strlen(value), &n) || n > 1000000)
                    return run_usage("--device %s: expected a device index", value);
                a->device = (int)n;
            } else if (strcmp(opt, "--groups") == 0) {
                if (!parse_size3(value, a->groups))
                    return run_usage("--groups %s: expected X,Y,Z (each at least 1)", value);
            } else if (strcmp(opt, "--local") == 0) {
                if (!parse_size3(value, a->local))
                    return run_usage("--local %s: expected X,Y,Z (each at least 1)", value);
                a->has_local = true;
            } else if (strcmp(opt, "--push") == 0) {
                a->push = value;
            } else if (strcmp(opt, "--spec-constant") == 0) {
                const char *eq = strchr(value, '=');
                if (!eq || !parse_u32(value, eq, &n))
                    return run_usage("--spec-constant %s: expected ID=VALUE", value);
                if (a->num_spec == MAX_ITEMS)
                    return run_usage("too many %s options", opt);
                a->spec[a->num_spec++] = (spvk_spec_value){n, eq + 1};
            } else if (strcmp(opt, "--ulp") == 0) {
                char *end;
                errno = 0;
                a->ulp = strtod(value, &end);
                if (*end || end == value || errno || !(a->ulp >= 0) || a->ulp > 1e300)
                    return run_usage("--ulp %s: expected a number of units in the last place (0 or more)", value);
            } else if (strcmp(opt, "--timeout") == 0) {
                char *end;
                errno = 0;
                double t = strtod(value, &end);
                if (*end || end == value || errno || !(t >= 0) || t > 1e9)
                    return run_usage("--timeout %s: expected a number of seconds (0: no limit)", value);
                a->timeout = t == 0 ? -1 : t;
            } else if (strcmp(opt, "--repeat") == 0) {
                if (!parse_u32(value, value + strlen(value), &n) || n == 0 || n > 1000000)
                    return run_usage("--repeat %s: expected a count from 1 to 1000000", value);
                a->repeat = n;
            } else {
                return run_usage("unknown option %s", opt);
            }
        } else if (!a->module) {
            a->module = opt;
        } else {
            return run_usage("more than one module (%s)", opt);
        }
        if (rc)
            return rc;
    }
    if (!a->module && !a->list_devices)
        return run_usage("%s", "no MODULE given");
    return EXIT_OK;
}

/* ---- Device listing ---- */

static const char *component_type_name(uint32_t t)
{
    static const char *const names[] = {"f16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"};
    if (t < sizeof(names) / sizeof(names[0]))
        return names[t];
    switch (t) {
    case 1000141000: return "bf16";
    case 1000491002: return "e4m3";
    case 1000491003: return "e5m2";
    }
    return "?";
}

static const char *yes_no(bool b)
{
    return b ? "yes" : "no";
}

static void print_device(size_t index, const spvk_device_info *d)
{
    printf("%s device %zu: %s (%s)\n", spvk_api_kind_name(d->api), index, d->name, d->is_cpu ? "cpu" : "gpu");
    printf("  driver: %s\n", d->driver);
    printf("  version: %s", d->api_version);
    if (d->api == SPVK_API_OPENCL)
        printf("; IL: %s", d->il_version[0] ? d->il_version : "none");
    printf("\n");
    printf("  16-bit storage: buffer %s, uniform %s, push constant %s\n", yes_no(d->storage_buffer_16bit),
           yes_no(d->uniform_and_storage_buffer_16bit), yes_no(d->storage_push_constant_16bit));
    printf("  8-bit storage: buffer %s, uniform %s, push constant %s\n", yes_no(d->storage_buffer_8bit),
           yes_no(d->uniform_and_storage_buffer_8bit), yes_no(d->storage_push_constant_8bit));
    printf("  arithmetic: float16 %s, float64 %s, int8 %s, int16 %s, int64 %s\n", yes_no(d->float16),
           yes_no(d->float64), yes_no(d->int8), yes_no(d->int16), yes_no(d->int64));
    if (d->api == SPVK_API_VULKAN) {
        printf("  memory model: %s (device scope %s)\n", yes_no(d->vulkan_memory_model),
               yes_no(d->vulkan_memory_model_device_scope));
        printf("  bfloat16: type %s, dot product %s, cooperative matrix %s\n", yes_no(d->bfloat16_type),
               yes_no(d->bfloat16_dot_product), yes_no(d->bfloat16_cooperative_matrix));
        printf("  cooperative matrix: %s\n", yes_no(d->cooperative_matrix));
        for (size_t i = 0; i < d->num_coop_configs; i++) {
            const spvk_coop_matrix_config *c = &d->coop_configs[i];
            printf("    %ux%ux%u %s*%s+%s->%s%s%s\n", c->m, c->n, c->k, component_type_name(c->a_type),
                   component_type_name(c->b_type), component_type_name(c->c_type),
                   component_type_name(c->result_type), c->saturating ? " saturating" : "",
                   c->scope == 3 ? " (subgroup)" : c->scope == 2 ? " (workgroup)" : "");
        }
    }
    if (d->max_workgroup_count[0] == UINT32_MAX)
        printf("  limits: workgroups no limit");
    else
        printf("  limits: workgroups %u,%u,%u", d->max_workgroup_count[0], d->max_workgroup_count[1],
               d->max_workgroup_count[2]);
    printf("; workgroup size %u,%u,%u (%u invocations); buffer %llu bytes", d->max_workgroup_size[0], d->max_workgroup_size[1], d->max_workgroup_size[2],
           d->max_workgroup_invocations, (unsigned long long)d->max_buffer_size);
    if (d->subgroup_size)
        printf("; subgroup %u", d->subgroup_size);
    printf("; timestamps %s\n", yes_no(d->timestamps));
}

static int list_devices(const run_args *a)
{
    int listed = 0, failed = 0;
    for (int api = SPVK_API_VULKAN; api <= SPVK_API_OPENCL; api++) {
        if (a->has_api && a->api != (spvk_api_kind)api)
            continue;
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        spvk_device_info *devices = NULL;
        size_t count = 0;
        spvk_result r = spvk_list_devices((spvk_api_kind)api, NULL, &devices, &count, &diags);
        print_run_diagnostics(&diags, NULL);
        spvk_diagnostics_free(&diags);
        if (r != SPVK_OK) {
            failed++;
            continue;
        }
        if (count == 0)
            printf("%s: no devices\n", spvk_api_kind_name((spvk_api_kind)api));
        for (size_t i = 0; i < count; i++)
            print_device(i, &devices[i]);
        listed += (int)count;
        spvk_free(NULL, devices, count * sizeof(*devices));
    }
    return listed || !failed ? EXIT_OK : EXIT_DEVICE;
}

/* ---- The module ---- */

/* ---- Buffers and bindings ---- */

/* Resolves a binding label for the entry point's API: SET.BINDING for Vulkan, N for OpenCL. */
static int resolve_label(binding_arg *b, const char *option, bool vulkan)
{
    const char *end = b->label + b->label_length;
    const char *dot = memchr(b->label, '.', b->label_length);
    bool ok = vulkan ? dot && parse_u32(b->label, dot, &b->set) && parse_u32(dot + 1, end, &b->binding)
                     : !dot && parse_u32(b->label, end, &b->binding);
    if (!vulkan)
        b->set = 0;
    if (!ok) {
        fprintf(stderr, "spvkit run: error: %s %.*s: a binding is %s\n", option, (int)b->label_length, b->label,
                vulkan ? "SET.BINDING for Vulkan (e.g. 0.2)" : "a kernel argument index for OpenCL (e.g. 2)");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static int buffer_from_source(const char *what, const char *source, spvk_typed_buffer *out)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_result r = spvk_typed_buffer_from_source(source, NULL, out, &diags);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "spvkit run: error: %s: %s\n", what, diags.items[i].message);
    spvk_diagnostics_free(&diags);
    return r == SPVK_OK ? EXIT_OK : EXIT_USAGE;
}

/* The --buffer given for binding b, or -1. */
static int find_buffer(const run_args *a, const binding_arg *b)
{
    for (size_t i = 0; i < a->num_buffers; i++)
        if (a->buffers[i].set == b->set && a->buffers[i].binding == b->binding)
            return (int)i;
    return -1;
}

/* How to print a buffer given as raw bytes: as the module's element type where it says. */
static spvk_element_type print_type(const spvk_typed_buffer *b, const spvk_resource *res)
{
    if (b->type != SPVK_ELEMENT_BYTES || !res)
        return b->type == SPVK_ELEMENT_BYTES ? SPVK_ELEMENT_U8 : b->type;
    switch (res->element_width) {
    case 16: return res->element_is_float ? SPVK_ELEMENT_F16 : SPVK_ELEMENT_U16;
    case 32: return res->element_is_float ? SPVK_ELEMENT_F32 : SPVK_ELEMENT_U32;
    case 64: return res->element_is_float ? SPVK_ELEMENT_F64 : SPVK_ELEMENT_U64;
    default: return SPVK_ELEMENT_U8;
    }
}

static void print_value(const void *data, size_t index, spvk_element_type type)
{
    char *s = spvk_format_elements((const char *)data + index * spvk_element_size(type), 1, type, NULL);
    printf("%s", s ? s : "?");
    if (s)
        spvk_free(NULL, s, strlen(s) + 1);
}

/* Checks one --expect; prints its report. Returns EXIT_OK, EXIT_INVALID (mismatch) or EXIT_USAGE. */
static int check_expect(const binding_arg *e, const spvk_typed_buffer *actual, double ulp)
{
    spvk_typed_buffer expected;
    char what[96];
    snprintf(what, sizeof(what), "--expect %.*s", (int)e->label_length, e->label);
    int rc = buffer_from_source(what, e->value, &expected);
    if (rc)
        return rc;
    spvk_element_type type = expected.type == SPVK_ELEMENT_BYTES ? SPVK_ELEMENT_U8 : expected.type;
    size_t count = expected.size / spvk_element_size(type);
    if (actual->size < expected.size) {
        fprintf(stderr, "spvkit run: error: %s: the buffer has %zu bytes; the expected values need %zu\n", what,
                actual->size, expected.size);
        spvk_typed_buffer_free(&expected, NULL);
        return EXIT_USAGE;
    }
    spvk_comparison cmp;
    spvk_compare_elements(expected.data, actual->data, count, type, ulp, &cmp);
    if (cmp.mismatches == 0) {
        printf("expect %.*s: ok (%zu element%s, max error %g ulp)\n", (int)e->label_length, e->label, count,
               count == 1 ? "" : "s", cmp.max_ulp);
    } else {
        printf("expect %.*s: FAILED: %zu of %zu %s (max error %g ulp at [%zu])\n", (int)e->label_length, e->label,
               cmp.mismatches, count, count == 1 ? "element differs" : "elements differ", cmp.max_ulp,
               cmp.max_ulp_index);
        for (size_t i = 0; i < cmp.num_first; i++) {
            const spvk_mismatch *m = &cmp.first[i];
            printf("  [%zu] expected ", m->index);
            print_value(expected.data, m->index, type);
            printf(", got ");
            print_value(actual->data, m->index, type);
            if (m->ulp == m->ulp && m->ulp < 1e300)
                printf(" (%g ulp)\n", m->ulp);
            else
                printf("\n");
        }
    }
    spvk_typed_buffer_free(&expected, NULL);
    return cmp.mismatches ? EXIT_INVALID : EXIT_OK;
}

static void print_report_time(const spvk_run_report *report)
{
    printf("time: ");
    if (report->has_device_time)
        printf("device %.4g ms median (min %.4g), ", report->device_ms_median, report->device_ms_min);
    else
        printf("device time unavailable, ");
    printf("wall %.4g ms median (min %.4g), %zu run%s, %u dispatch%s\n", report->wall_ms_median,
           report->wall_ms_min, report->runs, report->runs == 1 ? "" : "s", report->dispatches,
           report->dispatches == 1 ? "" : "es");
}

/* After the run: --print, --dump, --expect in the order given by kind. */
static int report_buffers(run_args *a, spvk_typed_buffer *buffers, const spvk_entry_interface *entry)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < a->num_prints; i++) {
        const binding_arg *p = &a->prints[i];
        const spvk_typed_buffer *b = &buffers[find_buffer(a, p)];
        spvk_element_type type = print_type(b, spvk_entry_interface_find(entry, p->set, p->binding));
        char *s = spvk_format_elements(b->data, b->size / spvk_element_size(type), type, NULL);
        printf("%.*s %s: %s\n", (int)p->label_length, p->label, spvk_element_type_name(type), s ? s : "?");
        if (s)
            spvk_free(NULL, s, strlen(s) + 1);
    }
    for (size_t i = 0; i < a->num_dumps; i++) {
        const binding_arg *d = &a->dumps[i];
        const spvk_typed_buffer *b = &buffers[find_buffer(a, d)];
        /* Through a temporary file, as every output: a failed write leaves the old file. */
        char who[64];
        snprintf(who, sizeof who, "run: error: --dump %.*s", (int)d->label_length, d->label);
        if (cli_write_output(d->value, b->data, b->size, false, who) != EXIT_OK)
            rc = EXIT_USAGE;
    }
    for (size_t i = 0; i < a->num_expects; i++) {
        const binding_arg *e = &a->expects[i];
        int x = check_expect(e, &buffers[find_buffer(a, e)], a->ulp);
        if (x && (rc == EXIT_OK || x == EXIT_USAGE))
            rc = x;
    }
    return rc;
}

static int resolve_labels(run_args *a, bool vulkan)
{
    struct {
        binding_arg *list;
        size_t count;
        const char *option;
        bool must_have_buffer;
    } groups[] = {{a->buffers, a->num_buffers, "--buffer", false},
                  {a->prints, a->num_prints, "--print", true},
                  {a->dumps, a->num_dumps, "--dump", true},
                  {a->expects, a->num_expects, "--expect", true}};
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
        for (size_t i = 0; i < groups[g].count; i++) {
            binding_arg *b = &groups[g].list[i];
            int rc = resolve_label(b, groups[g].option, vulkan);
            if (rc)
                return rc;
            if (groups[g].must_have_buffer && find_buffer(a, b) < 0) {
                fprintf(stderr, "spvkit run: error: %s %.*s: no --buffer gives binding %.*s\n", groups[g].option,
                        (int)b->label_length, b->label, (int)b->label_length, b->label);
                return EXIT_USAGE;
            }
        }
    return EXIT_OK;
}

static int run_module(run_args *a, const uint32_t *words, size_t count)
{
    /* The entry point decides the default API and how bindings are written. */
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_entry_interface *entry = NULL;
    spvk_result r = spvk_entry_interface_read(words, count, a->entry, NULL, &entry, &diags);
    print_run_diagnostics(&diags, a->module);
    spvk_diagnostics_free(&diags);
    if (r != SPVK_OK)
        return cli_exit_for(r);
    bool kernel = entry->execution_model == SPVK_EXECUTION_MODEL_Kernel;
    if (!a->has_api)
        a->api = kernel ? SPVK_API_OPENCL : SPVK_API_VULKAN;

    spvk_typed_buffer buffers[MAX_ITEMS];
    spvk_run_buffer run_buffers[MAX_ITEMS];
    spvk_typed_buffer push = {0};
    size_t made = 0;
    int rc = resolve_labels(a, !kernel);
    for (; rc == EXIT_OK && made < a->num_buffers; made++) {
        char what[96];
        snprintf(what, sizeof(what), "--buffer %.*s", (int)a->buffers[made].label_length, a->buffers[made].label);
        rc = buffer_from_source(what, a->buffers[made].value, &buffers[made]);
        if (rc)
            break;
        run_buffers[made] = (spvk_run_buffer){a->buffers[made].set, a->buffers[made].binding, &buffers[made]};
    }
    if (rc == EXIT_OK && a->push)
        rc = buffer_from_source("--push", a->push, &push);

    if (rc == EXIT_OK) {
        spvk_run_options options = {0};
        options.api = a->api;
        options.device = a->device;
        options.entry = a->entry;
        memcpy(options.groups, a->groups, sizeof(options.groups));
        memcpy(options.local, a->local, sizeof(options.local));
        options.has_local = a->has_local;
        options.buffers = run_buffers;
        options.num_buffers = a->num_buffers;
        options.push = a->push ? &push : NULL;
        options.spec_values = a->spec;
        options.num_spec_values = a->num_spec;
        options.repeat = a->repeat;
        options.validate = a->validate;
        options.timeout_seconds = a->timeout;
        spvk_run_report report;
        spvk_diagnostics_init(&diags, NULL);
        r = spvk_run(words, count, &options, NULL, &report, &diags);
        print_run_diagnostics(&diags, a->module);
        spvk_diagnostics_free(&diags);
        if (r == SPVK_OK) {
            rc = report_buffers(a, buffers, entry);
            if (a->time)
                print_report_time(&report);
        } else {
            rc = cli_exit_for(r);
        }
        /* The kernel may still run, on the driver's threads or the device, and a driver's exit
           handlers may wait for it: NVIDIA's do (580.159 on an H200: the process had not ended
           60 s after the timeout; with _exit it ends at once, the driver ends the kernel, and
           the next run works), lavapipe's and PoCL's do not. So the process ends here, with
           what it printed written out, running no exit handler. */
        if (r != SPVK_OK && report.timed_out) {
            fflush(stdout);
            fflush(stderr);
            _exit(rc);
        }
    }
    for (size_t i = 0; i < made; i++)
        spvk_typed_buffer_free(&buffers[i], NULL);
    if (a->push)
        spvk_typed_buffer_free(&push, NULL);
    spvk_entry_interface_free(entry, NULL);
    return rc;
}

int cli_run(int argc, char **argv)
{
    run_args *a = calloc(1, sizeof(*a));
    if (!a) {
        fprintf(stderr, "spvkit run: error: out of memory\n");
        return EXIT_USAGE;
    }
    int rc = parse_args(argc, argv, a);
    if (rc == EXIT_OK && a->list_devices && !a->module) {
        rc = list_devices(a);
    } else if (rc == EXIT_OK) {
        if (a->list_devices && (rc = list_devices(a)) != EXIT_OK) {
            free(a);
            return rc;
        }
        cli_module module;
        rc = cli_load_module("spvkit run: error", a->module, &module);
        if (rc == EXIT_OK)
            rc = run_module(a, module.words, module.count);
        cli_module_free(&module);
    }
    free(a);
    return rc;
}
