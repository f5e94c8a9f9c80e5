/* The OpenCL backend of `spvkit run`: lists OpenCL devices and runs a Kernel entry point.

   libOpenCL (an ICD loader) is opened with dlopen, so spvkit builds and runs where OpenCL is not
   installed; src/runtime/opencl_api.h declares the part of the API used. A kernel's resources are
   its arguments (set 0, binding = argument index): __global and __constant pointers become buffer
   objects, __local pointers take only their size, scalars are passed by value.

   Two roads lead to a program. A device whose CL_DEVICE_IL_VERSION names SPIR-V takes the module as
   it is (clCreateProgramWithIL, specialization values through clSetProgramSpecializationConstant).
   Many do not: Debian's PoCL reports no IL and rejects clCreateProgramWithIL, but builds SPIR 1.2
   (LLVM bitcode, cl_khr_spir). For those the module goes through the Khronos translator
   (`llvm-spirv -r`, a child process working in a private temporary directory), which also applies
   the specialization values, and the bitcode is built with "-x spir -spir-std=1.2". Linking the
   translator's library instead would tie spvkit to one LLVM; the translator as a command also says
   precisely what it cannot read (a SPIR-V version, a capability), which a driver seldom does.

   Repeated runs each start from the caller's inputs: the writable buffers are uploaded again before
   every run after the first, outside the timed section, so the results read back after the last
   run are those of a single run even for kernels that update their data in place (y = a*x + y).

   Every call's status is checked; a failure names the call and the error (CL_INVALID_KERNEL_NAME),
   adds the build log or the translator's messages as notes, and leaves through the one release
   path, release_run. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, posix_spawnp, dlopen */

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "opencl_api.h"
#include "run_internal.h"

extern char **environ; /* POSIX: declared by no header without _GNU_SOURCE */

#define run_note(diags, ...) \
    spvk_diag_add((diags), SPVK_SEVERITY_NOTE, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, __VA_ARGS__)

/* The SPIR-V versions llvm-spirv 15 reads (it names them when it refuses a module). */
#define TRANSLATOR_MAX_SPIRV_VERSION 0x00010400u
#define SPIR_BUILD_OPTIONS "-x spir -spir-std=1.2"
/* Lines of a build log or of the translator's output kept as notes; the rest is counted. */
#define MAX_NOTE_LINES 40
#define MAX_LOG_BYTES ((size_t)64 << 10)

/* ---- The library ---- */

typedef struct opencl_library {
    void *handle;
#define SPVK_CL_MEMBER(result, name, parameters) spvk_cl_##name##_fn name;
    SPVK_CL_FUNCTIONS(SPVK_CL_MEMBER)
    SPVK_CL_LATER_FUNCTIONS(SPVK_CL_MEMBER) /* NULL when the library predates them */
#undef SPVK_CL_MEMBER
} opencl_library;

static const struct library_symbol {
    const char *name;
    size_t offset;
    bool required;
} library_symbols[] = {
#define SPVK_CL_REQUIRED(result, name, parameters) {"cl" #name, offsetof(opencl_library, name), true},
#define SPVK_CL_LATER(result, name, parameters) {"cl" #name, offsetof(opencl_library, name), false},
    SPVK_CL_FUNCTIONS(SPVK_CL_REQUIRED) SPVK_CL_LATER_FUNCTIONS(SPVK_CL_LATER)
#undef SPVK_CL_REQUIRED
#undef SPVK_CL_LATER
};

/* dlsym returns an object pointer. POSIX makes it convertible to a function pointer, ISO C does not,
   so the address is copied as bytes instead of cast (a cast draws -pedantic's warning). */
_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "function and object pointers have one size");

static void store_function(void *slot, void *address) { memcpy(slot, &address, sizeof address); }

static spvk_result library_open(opencl_library *cl, spvk_diagnostics *diags)
{
    memset(cl, 0, sizeof *cl);
    /* Drivers leave threads and exit handlers behind (PoCL's pthread device does) that reach into the
       loader, so the loader must stay mapped after dlclose. */
    int flags = RTLD_NOW | RTLD_LOCAL;
#ifdef RTLD_NODELETE
    flags |= RTLD_NODELETE;
#endif
    cl->handle = dlopen("libOpenCL.so.1", flags);
    if (!cl->handle) {
        const char *why = dlerror();
        char first_error[512];
        snprintf(first_error, sizeof first_error, "%s", why ? why : "not found");
        cl->handle = dlopen("libOpenCL.so", flags);
        if (!cl->handle) {
            spvk_run_error(diags,
                           "opencl: cannot load the OpenCL library (%s); on Debian install an ICD loader "
                           "and a driver: apt-get install ocl-icd-libopencl1 pocl-opencl-icd",
                           first_error);
            return SPVK_ERROR_DEVICE;
        }
    }
    for (size_t i = 0; i < sizeof library_symbols / sizeof *library_symbols; i++) {
        void *address = dlsym(cl->handle, library_symbols[i].name);
        if (!address && library_symbols[i].required) {
            spvk_run_error(diags, "opencl: the OpenCL library lacks %s (every OpenCL 1.2 library has it)",
                           library_symbols[i].name);
            dlclose(cl->handle);
            cl->handle = NULL;
            return SPVK_ERROR_DEVICE;
        }
        store_function((char *)cl + library_symbols[i].offset, address);
    }
    return SPVK_OK;
}

static void library_close(opencl_library *cl)
{
    if (cl->handle)
        dlclose(cl->handle);
    cl->handle = NULL;
}

/* ---- Errors ---- */

static const char *error_name(spvk_cl_int code)
{
    switch (code) {
#define SPVK_CL_ERROR_NAME(name, value) case SPVK_CL_##name: return "CL_" #name;
        SPVK_CL_ERROR_CODES(SPVK_CL_ERROR_NAME)
#undef SPVK_CL_ERROR_NAME
    }
    return NULL;
}

/* "CL_INVALID_VALUE", or the number of a code no version up to 3.0 defines (vendor extensions). */
typedef struct error_text {
    char text[48];
} error_text;

static error_text describe_error(spvk_cl_int code)
{
    error_text t;
    const char *name = error_name(code);
    if (name)
        snprintf(t.text, sizeof t.text, "%s", name);
    else
        snprintf(t.text, sizeof t.text, "error %d", (int)code);
    return t;
}

/* "opencl: clCreateContext failed: CL_DEVICE_NOT_AVAILABLE". */
static spvk_result call_failed(spvk_diagnostics *diags, const char *call, spvk_cl_int code)
{
    spvk_run_error(diags, "opencl: %s failed: %s", call, describe_error(code).text);
    return SPVK_ERROR_DEVICE;
}

/* Adds text (a build log, the translator's output) as notes, one per non-empty line. */
static void add_notes(spvk_diagnostics *diags, const char *text, size_t length)
{
    size_t lines = 0, dropped = 0;
    const char *end = text + length;
    while (text < end) {
        const char *newline = memchr(text, '\n', (size_t)(end - text));
        const char *line_end = newline ? newline : end;
        size_t line_length = (size_t)(line_end - text);
        while (line_length && (text[line_length - 1] == '\r' || text[line_length - 1] == ' '))
            line_length--;
        if (line_length && memchr(text, '\0', line_length) == NULL) {
            if (lines < MAX_NOTE_LINES)
                run_note(diags, "%.*s", (int)line_length, text);
            else
                dropped++;
            lines++;
        }
        text = newline ? newline + 1 : end;
    }
    if (dropped)
        run_note(diags, "(%zu more lines)", dropped);
}

static char *format_string(const spvk_allocator *a, const char *fmt, ...) SPVK_PRINTF(2, 3);
static char *format_string(const spvk_allocator *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = spvk_vformat(a, fmt, ap);
    va_end(ap);
    return s;
}

static void free_string(const spvk_allocator *a, char *s)
{
    if (s)
        spvk_free(a, s, strlen(s) + 1);
}

/* ---- Devices ---- */

typedef struct opencl_device {
    spvk_cl_platform_id platform;
    spvk_cl_device_id device;
} opencl_device;

/* Every device of every platform, in the order --device N counts them. */
static spvk_result enumerate_devices(const opencl_library *cl, const spvk_allocator *a, opencl_device **devices,
                                     size_t *count, size_t *capacity, spvk_diagnostics *diags)
{
    *devices = NULL;
    *count = *capacity = 0;
    spvk_cl_uint num_platforms = 0;
    spvk_cl_int status = cl->GetPlatformIDs(0, NULL, &num_platforms);
    /* The ICD loader's answer when no driver is registered: no devices, not an error. */
    if (status == SPVK_CL_PLATFORM_NOT_FOUND_KHR || (status == SPVK_CL_SUCCESS && num_platforms == 0))
        return SPVK_OK;
    if (status != SPVK_CL_SUCCESS)
        return call_failed(diags, "clGetPlatformIDs", status);
    spvk_cl_platform_id *platforms = spvk_alloc(a, num_platforms * sizeof *platforms);
    if (!platforms)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result result = SPVK_OK;
    status = cl->GetPlatformIDs(num_platforms, platforms, NULL);
    if (status != SPVK_CL_SUCCESS)
        result = call_failed(diags, "clGetPlatformIDs", status);
    for (spvk_cl_uint p = 0; result == SPVK_OK && p < num_platforms; p++) {
        spvk_cl_uint num_devices = 0;
        status = cl->GetDeviceIDs(platforms[p], SPVK_CL_DEVICE_TYPE_ALL, 0, NULL, &num_devices);
        if (status == SPVK_CL_DEVICE_NOT_FOUND || (status == SPVK_CL_SUCCESS && num_devices == 0))
            continue;
        if (status != SPVK_CL_SUCCESS) {
            result = call_failed(diags, "clGetDeviceIDs", status);
            break;
        }
        spvk_cl_device_id *ids = spvk_alloc(a, num_devices * sizeof *ids);
        if (!ids || !spvk_array_grow(a, devices, capacity, *count + num_devices, sizeof **devices, 4)) {
            spvk_free(a, ids, num_devices * sizeof *ids);
            result = SPVK_ERROR_OUT_OF_MEMORY;
            break;
        }
        status = cl->GetDeviceIDs(platforms[p], SPVK_CL_DEVICE_TYPE_ALL, num_devices, ids, NULL);
        if (status != SPVK_CL_SUCCESS)
            result = call_failed(diags, "clGetDeviceIDs", status);
        for (spvk_cl_uint d = 0; result == SPVK_OK && d < num_devices; d++)
            (*devices)[(*count)++] = (opencl_device){platforms[p], ids[d]};
        spvk_free(a, ids, num_devices * sizeof *ids);
    }
    spvk_free(a, platforms, num_platforms * sizeof *platforms);
    if (result != SPVK_OK) {
        spvk_free(a, *devices, *capacity * sizeof **devices);
        *devices = NULL;
        *count = *capacity = 0;
    }
    return result;
}

/* What the backend needs to know of a device beyond what spvk_device_info reports. */
typedef struct device_facts {
    spvk_device_info info;
    bool spir;          /* cl_khr_spir: builds SPIR 1.2 bitcode */
    bool il_spirv;      /* CL_DEVICE_IL_VERSION names SPIR-V */
    unsigned version;   /* OpenCL version of the device, major * 10 + minor */
} device_facts;

/* Platform and device queries share the helpers below. */
typedef struct info_source {
    const opencl_library *cl;
    opencl_device where;
    bool of_platform;
} info_source;

static spvk_cl_int get_info(const info_source *s, spvk_cl_uint param, size_t size, void *value, size_t *size_ret)
{
    if (s->of_platform)
        return s->cl->GetPlatformInfo(s->where.platform, param, size, value, size_ret);
    return s->cl->GetDeviceInfo(s->where.device, param, size, value, size_ret);
}

static spvk_result query_failed(const info_source *s, const char *param_name, spvk_cl_int status,
                                spvk_diagnostics *diags)
{
    spvk_run_error(diags, "opencl: %s(%s) failed: %s", s->of_platform ? "clGetPlatformInfo" : "clGetDeviceInfo",
                   param_name, describe_error(status).text);
    return SPVK_ERROR_DEVICE;
}

/* A fixed-size property. */
static spvk_result query_value(const info_source *s, spvk_cl_uint param, const char *param_name, void *value,
                               size_t size, spvk_diagnostics *diags)
{
    spvk_cl_int status = get_info(s, param, size, value, NULL);
    return status == SPVK_CL_SUCCESS ? SPVK_OK : query_failed(s, param_name, status, diags);
}

/* A string property, in storage from the allocator (free_string). An optional one the driver does not
   know (CL_DEVICE_IL_VERSION before 2.1) reads as "". */
static spvk_result query_string(const info_source *s, spvk_cl_uint param, const char *param_name, bool optional,
                                const spvk_allocator *a, char **value, spvk_diagnostics *diags)
{
    *value = NULL;
    size_t size = 0;
    spvk_cl_int status = get_info(s, param, 0, NULL, &size);
    char *text = NULL;
    if (status == SPVK_CL_SUCCESS) {
        text = spvk_alloc(a, size + 1);
        if (!text)
            return SPVK_ERROR_OUT_OF_MEMORY;
        status = size ? get_info(s, param, size, text, NULL) : SPVK_CL_SUCCESS;
        text[size] = '\0'; /* a driver that forgets the terminator must not run us off the end */
    }
    if (status != SPVK_CL_SUCCESS) {
        spvk_free(a, text, size + 1);
        if (!optional)
            return query_failed(s, param_name, status, diags);
        text = spvk_strdup(a, "", 0);
        if (!text)
            return SPVK_ERROR_OUT_OF_MEMORY;
        size = 0;
    }
    /* Shrink to the string's own length so free_string frees what was allocated. */
    size_t length = strlen(text);
    if (length != size) {
        char *exact = spvk_strdup(a, text, length);
        spvk_free(a, text, size + 1);
        if (!exact)
            return SPVK_ERROR_OUT_OF_MEMORY;
        text = exact;
    }
    *value = text;
    return SPVK_OK;
}

static void copy_text(char *destination, size_t capacity, const char *text)
{
    size_t length = strlen(text);
    if (length >= capacity)
        length = capacity - 1;
    memcpy(destination, text, length);
    destination[length] = '\0';
}

/* Whether the space-separated list names name. */
static bool list_has(const char *list, const char *name)
{
    size_t length = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += length) {
        bool starts = p == list || p[-1] == ' ';
        bool ends = p[length] == '\0' || p[length] == ' ';
        if (starts && ends)
            return true;
    }
    return false;
}

/* "OpenCL 2.1 vendor text" as 21; 0 when the string is not of that form. */
static unsigned parse_version(const char *text)
{
    static const char prefix[] = "OpenCL ";
    if (strncmp(text, prefix, sizeof prefix - 1) != 0)
        return 0;
    const char *p = text + sizeof prefix - 1;
    unsigned major = 0, minor = 0;
    if (*p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9' && major < 100)
        major = major * 10 + (unsigned)(*p++ - '0');
    if (*p++ != '.' || *p < '0' || *p > '9')
        return 0;
    minor = (unsigned)(*p - '0');
    return major * 10 + minor;
}

/* The strings of a device: names, versions and extensions. */
static spvk_result read_device_strings(const opencl_library *cl, opencl_device where, const spvk_allocator *a,
                                       device_facts *facts, spvk_diagnostics *diags)
{
    info_source device = {cl, where, false}, platform = {cl, where, true};
    char *name = NULL, *platform_name = NULL, *driver_version = NULL, *version = NULL, *il_version = NULL;
    char *profile = NULL, *extensions = NULL;
    spvk_result result = query_string(&device, SPVK_CL_DEVICE_NAME, "CL_DEVICE_NAME", false, a, &name, diags);
    if (result == SPVK_OK)
        result = query_string(&platform, SPVK_CL_PLATFORM_NAME, "CL_PLATFORM_NAME", false, a, &platform_name, diags);
    if (result == SPVK_OK)
        result = query_string(&device, SPVK_CL_DRIVER_VERSION, "CL_DRIVER_VERSION", false, a, &driver_version, diags);
    if (result == SPVK_OK)
        result = query_string(&device, SPVK_CL_DEVICE_VERSION, "CL_DEVICE_VERSION", false, a, &version, diags);
    if (result == SPVK_OK)
        result = query_string(&device, SPVK_CL_DEVICE_IL_VERSION, "CL_DEVICE_IL_VERSION", true, a, &il_version, diags);
    if (result == SPVK_OK)
        result = query_string(&device, SPVK_CL_DEVICE_PROFILE, "CL_DEVICE_PROFILE", false, a, &profile, diags);
    if (result == SPVK_OK)
        result = query_string(&device, SPVK_CL_DEVICE_EXTENSIONS, "CL_DEVICE_EXTENSIONS", false, a, &extensions,
                              diags);
    if (result == SPVK_OK) {
        spvk_device_info *info = &facts->info;
        copy_text(info->name, sizeof info->name, name);
        /* Two strings into one field: measured, not formatted, so a long name truncates quietly. */
        copy_text(info->driver, sizeof info->driver, platform_name);
        size_t used = strlen(info->driver);
        if (*driver_version && used + 1 < sizeof info->driver) {
            info->driver[used] = ' ';
            copy_text(info->driver + used + 1, sizeof info->driver - used - 1, driver_version);
        }
        copy_text(info->api_version, sizeof info->api_version, version);
        copy_text(info->il_version, sizeof info->il_version, il_version);
        facts->version = parse_version(version);
        facts->il_spirv = strstr(il_version, "SPIR-V") != NULL;
        facts->spir = list_has(extensions, "cl_khr_spir");
        info->float16 = list_has(extensions, "cl_khr_fp16");
        info->float64 = list_has(extensions, "cl_khr_fp64");
        /* 64-bit integers are core in the full profile, an extension in the embedded one. */
        info->int64 = strcmp(profile, "FULL_PROFILE") == 0 || list_has(extensions, "cles_khr_int64");
    }
    char *strings[] = {name, platform_name, driver_version, version, il_version, profile, extensions};
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++)
        free_string(a, strings[i]);
    return result;
}

/* The limits of a device. */
static spvk_result read_device_limits(const opencl_library *cl, opencl_device where, const spvk_allocator *a,
                                      spvk_device_info *info, spvk_diagnostics *diags)
{
    info_source device = {cl, where, false};
    spvk_cl_device_type type = 0;
    size_t max_group = 0;
    spvk_cl_uint dimensions = 0;
    spvk_cl_ulong max_alloc = 0;
    spvk_result result = query_value(&device, SPVK_CL_DEVICE_TYPE, "CL_DEVICE_TYPE", &type, sizeof type, diags);
    if (result == SPVK_OK)
        result = query_value(&device, SPVK_CL_DEVICE_MAX_WORK_GROUP_SIZE, "CL_DEVICE_MAX_WORK_GROUP_SIZE",
                             &max_group, sizeof max_group, diags);
    if (result == SPVK_OK)
        result = query_value(&device, SPVK_CL_DEVICE_MAX_MEM_ALLOC_SIZE, "CL_DEVICE_MAX_MEM_ALLOC_SIZE", &max_alloc,
                             sizeof max_alloc, diags);
    if (result == SPVK_OK)
        result = query_value(&device, SPVK_CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS",
                             &dimensions, sizeof dimensions, diags);
    if (result != SPVK_OK)
        return result;
    if (dimensions == 0 || dimensions > 64) {
        spvk_run_error(diags, "opencl: the driver reports %u work-item dimensions", (unsigned)dimensions);
        return SPVK_ERROR_DEVICE;
    }
    size_t *item_sizes = spvk_alloc(a, dimensions * sizeof *item_sizes);
    if (!item_sizes)
        return SPVK_ERROR_OUT_OF_MEMORY;
    result = query_value(&device, SPVK_CL_DEVICE_MAX_WORK_ITEM_SIZES, "CL_DEVICE_MAX_WORK_ITEM_SIZES", item_sizes,
                         dimensions * sizeof *item_sizes, diags);
    if (result == SPVK_OK) {
        info->is_cpu = (type & SPVK_CL_DEVICE_TYPE_CPU) != 0;
        info->max_workgroup_invocations = max_group > UINT32_MAX ? UINT32_MAX : (uint32_t)max_group;
        for (int d = 0; d < 3; d++) {
            size_t size = (spvk_cl_uint)d < dimensions ? item_sizes[d] : 1;
            info->max_workgroup_size[d] = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
            /* OpenCL bounds the global size (by size_t), not the number of groups. */
            info->max_workgroup_count[d] = UINT32_MAX;
        }
        info->max_buffer_size = max_alloc;
    }
    spvk_free(a, item_sizes, dimensions * sizeof *item_sizes);
    return result;
}

static spvk_result read_device_facts(const opencl_library *cl, opencl_device where, const spvk_allocator *a,
                                     device_facts *facts, spvk_diagnostics *diags)
{
    memset(facts, 0, sizeof *facts);
    spvk_device_info *info = &facts->info;
    info->api = SPVK_API_OPENCL;
    /* Every device computes on 8- and 16-bit integers, and every device profiles a queue that asks. */
    info->int8 = info->int16 = true;
    info->timestamps = true;
    spvk_result result = read_device_strings(cl, where, a, facts, diags);
    if (result == SPVK_OK)
        result = read_device_limits(cl, where, a, info, diags);
    return result;
}

spvk_result spvk_opencl_list_devices(const spvk_allocator *allocator, spvk_device_info **devices, size_t *count,
                                     spvk_diagnostics *diags)
{
    *devices = NULL;
    *count = 0;
    opencl_library cl;
    spvk_result result = library_open(&cl, diags);
    if (result != SPVK_OK)
        return result;
    opencl_device *found = NULL;
    size_t num_found = 0, capacity = 0;
    spvk_device_info *list = NULL;
    result = enumerate_devices(&cl, allocator, &found, &num_found, &capacity, diags);
    if (result == SPVK_OK && num_found) {
        list = spvk_alloc(allocator, num_found * sizeof *list);
        if (!list)
            result = SPVK_ERROR_OUT_OF_MEMORY;
    }
    for (size_t i = 0; result == SPVK_OK && i < num_found; i++) {
        device_facts facts;
        result = read_device_facts(&cl, found[i], allocator, &facts, diags);
        list[i] = facts.info;
    }
    if (result == SPVK_OK) {
        *devices = list;
        *count = num_found;
    } else {
        spvk_free(allocator, list, num_found * sizeof *list);
    }
    spvk_free(allocator, found, capacity * sizeof *found);
    library_close(&cl);
    return result;
}

/* ---- A run ---- */

/* Everything one run creates; release_run releases whatever of it exists. */
typedef struct opencl_run {
    const spvk_run_plan *plan;
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    opencl_library cl;
    opencl_device where;
    device_facts facts;
    spvk_cl_context context;
    spvk_cl_command_queue queue;
    spvk_cl_program program;
    spvk_cl_kernel kernel;
    spvk_cl_mem *memories; /* one per resource: the buffer of a global or constant pointer, else NULL */
    spvk_cl_event event;   /* the dispatch in flight */
    spvk_cl_CreateProgramWithIL_fn create_with_il; /* NULL: the module goes through the translator */
    double *wall_ms, *device_ms; /* one sample per run */
    struct kernel_wait *wait;    /* made at the first dispatch */
    bool busy; /* a kernel outlived the timeout: it may still run (see release_run) */
} opencl_run;

static spvk_result choose_device(opencl_run *run)
{
    opencl_device *devices = NULL;
    size_t count = 0, capacity = 0;
    spvk_result result = enumerate_devices(&run->cl, run->allocator, &devices, &count, &capacity, run->diags);
    if (result != SPVK_OK)
        return result;
    size_t index = run->plan->device < 0 ? 0 : (size_t)run->plan->device;
    if (count == 0) {
        spvk_run_error(run->diags, "opencl: no OpenCL device: the ICD loader found no driver with a device "
                                   "(drivers are listed in /etc/OpenCL/vendors; on Debian: pocl-opencl-icd)");
        result = SPVK_ERROR_DEVICE;
    } else if (index >= count) {
        if (count == 1)
            spvk_run_error(run->diags, "opencl: no device %zu: there is one OpenCL device (0)", index);
        else
            spvk_run_error(run->diags, "opencl: no device %zu: there are %zu OpenCL devices (0 to %zu)", index,
                           count, count - 1);
        result = SPVK_ERROR_DEVICE;
    } else {
        run->where = devices[index];
        result = read_device_facts(&run->cl, run->where, run->allocator, &run->facts, run->diags);
    }
    spvk_free(run->allocator, devices, capacity * sizeof *devices);
    return result;
}

static spvk_result create_context(opencl_run *run)
{
    const opencl_library *cl = &run->cl;
    spvk_cl_context_properties properties[] = {
        SPVK_CL_CONTEXT_PLATFORM, (spvk_cl_context_properties)run->where.platform, 0};
    spvk_cl_int status = SPVK_CL_SUCCESS;
    run->context = cl->CreateContext(properties, 1, &run->where.device, NULL, NULL, &status);
    if (status != SPVK_CL_SUCCESS || !run->context)
        return call_failed(run->diags, "clCreateContext", status);
    run->queue = cl->CreateCommandQueue(run->context, run->where.device, SPVK_CL_QUEUE_PROFILING_ENABLE, &status);
    if (status != SPVK_CL_SUCCESS || !run->queue)
        return call_failed(run->diags, "clCreateCommandQueue", status);
    return SPVK_OK;
}

/* Builds run->program for the device; on failure the build log becomes notes. */
static spvk_result build_program(opencl_run *run, const char *options)
{
    const opencl_library *cl = &run->cl;
    spvk_cl_int status = cl->BuildProgram(run->program, 1, &run->where.device, options, NULL, NULL);
    if (status == SPVK_CL_SUCCESS)
        return SPVK_OK;
    call_failed(run->diags, "clBuildProgram", status);
    size_t size = 0;
    if (cl->GetProgramBuildInfo(run->program, run->where.device, SPVK_CL_PROGRAM_BUILD_LOG, 0, NULL, &size) !=
            SPVK_CL_SUCCESS ||
        size == 0)
        return SPVK_ERROR_DEVICE;
    char *log = spvk_alloc(run->allocator, size);
    if (!log)
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (cl->GetProgramBuildInfo(run->program, run->where.device, SPVK_CL_PROGRAM_BUILD_LOG, size, log, NULL) ==
        SPVK_CL_SUCCESS)
        add_notes(run->diags, log, strnlen(log, size));
    spvk_free(run->allocator, log, size);
    return SPVK_ERROR_DEVICE;
}

/* ---- Road 1: the device takes SPIR-V ---- */

/* clCreateProgramWithIL from 2.1 on, else the cl_khr_il_program extension's function; NULL when
   neither can be had. Calling the 2.1 entry of a loader whose driver is older is not safe, so the
   device's version decides. */
static spvk_cl_CreateProgramWithIL_fn il_program_creator(const opencl_run *run)
{
    if (run->facts.version >= 21 && run->cl.CreateProgramWithIL)
        return run->cl.CreateProgramWithIL;
    spvk_cl_CreateProgramWithIL_fn extension = NULL;
    void *address = run->cl.GetExtensionFunctionAddressForPlatform(run->where.platform, "clCreateProgramWithILKHR");
    store_function(&extension, address);
    return extension;
}

/* The function that creates a program from the module when the device can take it as SPIR-V (it
   must name SPIR-V, and specialization values need clSetProgramSpecializationConstant, 2.2), else
   NULL. */
static spvk_cl_CreateProgramWithIL_fn spirv_road(const opencl_run *run)
{
    if (!run->facts.il_spirv)
        return NULL;
    if (run->plan->num_spec_values && (run->facts.version < 22 || !run->cl.SetProgramSpecializationConstant))
        return NULL;
    return il_program_creator(run);
}

/* The values the caller set, through clSetProgramSpecializationConstant. */
static spvk_result set_specialization_values(opencl_run *run)
{
    for (size_t i = 0; i < run->plan->num_spec_values; i++) {
        const spvk_plan_spec_value *value = &run->plan->spec_values[i];
        /* Booleans are one byte here (a cl_uchar), unlike Vulkan's 4-byte VkBool32. */
        unsigned char bytes[8] = {0};
        size_t size = value->constant->kind == SPVK_SCALAR_BOOL ? 1 : value->size;
        if (value->constant->kind == SPVK_SCALAR_BOOL)
            bytes[0] = value->bits != 0;
        else
            for (size_t b = 0; b < size && b < sizeof bytes; b++)
                bytes[b] = (unsigned char)(value->bits >> (8 * b));
        spvk_cl_int status = run->cl.SetProgramSpecializationConstant(run->program, value->spec_id, size, bytes);
        if (status != SPVK_CL_SUCCESS) {
            spvk_run_error(run->diags, "opencl: clSetProgramSpecializationConstant(SpecId %u, %zu bytes) failed: %s",
                           value->spec_id, size, describe_error(status).text);
            return SPVK_ERROR_DEVICE;
        }
    }
    return SPVK_OK;
}

static spvk_result create_program_from_spirv(opencl_run *run)
{
    const spvk_run_plan *plan = run->plan;
    spvk_cl_int status = SPVK_CL_SUCCESS;
    run->program = run->create_with_il(run->context, plan->words, plan->num_words * sizeof *plan->words, &status);
    if (status != SPVK_CL_SUCCESS || !run->program) {
        call_failed(run->diags, "clCreateProgramWithIL", status);
        char version[32];
        snprintf(version, sizeof version, "SPIR-V_%u.%u", (plan->entry->version >> 16) & 0xff,
                 (plan->entry->version >> 8) & 0xff);
        if (!list_has(run->facts.info.il_version, version))
            run_note(run->diags, "the module is %s; the device reads %s", version, run->facts.info.il_version);
        return SPVK_ERROR_DEVICE;
    }
    spvk_result result = set_specialization_values(run);
    if (result != SPVK_OK)
        return result;
    return build_program(run, "");
}

/* ---- Road 2: SPIR 1.2 bitcode from the translator ---- */

/* A float constant as the translator reads it (LLVM's APFloat syntax): an exact hexadecimal
   significand and binary exponent. printf's %a would do, but it writes the locale's decimal point. */
static void append_float_literal(spvk_buffer *b, uint64_t bits, unsigned width)
{
    unsigned mantissa_bits = width == 16 ? 10 : width == 32 ? 23 : 52;
    unsigned exponent_bits = width - 1 - mantissa_bits;
    uint64_t exponent_all_ones = (UINT64_C(1) << exponent_bits) - 1;
    bool negative = (bits >> (width - 1)) & 1;
    uint64_t exponent = (bits >> mantissa_bits) & exponent_all_ones;
    uint64_t mantissa = bits & ((UINT64_C(1) << mantissa_bits) - 1);
    if (exponent == exponent_all_ones) { /* NaN payloads do not survive: the translator takes "nan" */
        spvk_buffer_append_string(b, mantissa ? "nan" : negative ? "-inf" : "inf");
        return;
    }
    int bias = (1 << (exponent_bits - 1)) - 1;
    uint64_t significand = exponent ? mantissa | (UINT64_C(1) << mantissa_bits) : mantissa;
    int scale = (exponent ? (int)exponent : 1) - bias - (int)mantissa_bits;
    spvk_buffer_printf(b, "%s0x%llxp%+d", negative ? "-" : "", (unsigned long long)significand, scale);
}

/* "--spec-const=ID:TYPE:VALUE ..." for the values set, or "" when none are (the translator then
   keeps the module's defaults); fails on a value of a type the translator cannot take. */
static spvk_result spec_constant_option(const opencl_run *run, char **option)
{
    *option = NULL;
    spvk_buffer b;
    spvk_buffer_init(&b, run->allocator);
    if (run->plan->num_spec_values)
        spvk_buffer_append_string(&b, "--spec-const=");
    for (size_t i = 0; i < run->plan->num_spec_values; i++) {
        const spvk_plan_spec_value *value = &run->plan->spec_values[i];
        const spvk_spec_constant *constant = value->constant;
        if (i)
            spvk_buffer_append_char(&b, ' ');
        spvk_buffer_printf(&b, "%u:", value->spec_id);
        if (constant->kind == SPVK_SCALAR_BOOL) {
            spvk_buffer_printf(&b, "i1:%d", value->bits != 0);
        } else if (constant->kind == SPVK_SCALAR_INT) {
            uint64_t mask = constant->width >= 64 ? UINT64_MAX : (UINT64_C(1) << constant->width) - 1;
            spvk_buffer_printf(&b, "i%u:%llu", constant->width, (unsigned long long)(value->bits & mask));
        } else if (constant->float_encoding == 0 &&
                   (constant->width == 16 || constant->width == 32 || constant->width == 64)) {
            spvk_buffer_printf(&b, "f%u:", constant->width);
            append_float_literal(&b, value->bits, constant->width);
        } else {
            spvk_run_error(run->diags,
                           "opencl: specialization constant %u is a %u-bit float of an encoding the translator "
                           "does not take (it takes IEEE f16, f32, f64)",
                           value->spec_id, constant->width);
            spvk_buffer_free(&b);
            return SPVK_ERROR_DEVICE;
        }
    }
    *option = spvk_buffer_take_string(&b); /* exactly strlen + 1 bytes, as free_string frees */
    return *option ? SPVK_OK : SPVK_ERROR_OUT_OF_MEMORY;
}

/* The temporary directory of one translation and the files in it. */
typedef struct translation_files {
    const spvk_allocator *allocator;
    char *directory; /* NULL until created */
    char *module, *bitcode, *messages;
} translation_files;

static spvk_result make_translation_files(translation_files *files, spvk_diagnostics *diags)
{
    const char *temporary = getenv("TMPDIR");
    if (!temporary || !*temporary)
        temporary = "/tmp";
    char *template = format_string(files->allocator, "%s/spvkit-opencl-XXXXXX", temporary);
    if (!template)
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (!mkdtemp(template)) {
        spvk_run_error(diags, "opencl: cannot create a temporary directory in %s: %s", temporary, strerror(errno));
        free_string(files->allocator, template);
        return SPVK_ERROR_IO;
    }
    files->directory = template;
    files->module = format_string(files->allocator, "%s/module.spv", template);
    files->bitcode = format_string(files->allocator, "%s/module.bc", template);
    files->messages = format_string(files->allocator, "%s/translator.txt", template);
    return files->module && files->bitcode && files->messages ? SPVK_OK : SPVK_ERROR_OUT_OF_MEMORY;
}

static void remove_translation_files(translation_files *files)
{
    char *paths[] = {files->module, files->bitcode, files->messages};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        if (paths[i] && files->directory)
            unlink(paths[i]);
        free_string(files->allocator, paths[i]);
    }
    if (files->directory)
        rmdir(files->directory);
    free_string(files->allocator, files->directory);
    memset(files, 0, sizeof *files);
}

static spvk_result write_file(const char *path, const void *data, size_t size, spvk_diagnostics *diags)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, size, f) == size;
    int error = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        spvk_run_error(diags, "opencl: cannot write %s: %s", path, strerror(error));
        return SPVK_ERROR_IO;
    }
    return SPVK_OK;
}

/* Reads at most limit bytes of a file into storage from the allocator (*size bytes, one more
   allocated and zero). */
static spvk_result read_file(const char *path, size_t limit, const spvk_allocator *a, char **data, size_t *size,
                             spvk_diagnostics *diags)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        spvk_run_error(diags, "opencl: cannot open %s: %s", path, strerror(errno));
        return SPVK_ERROR_IO;
    }
    spvk_buffer b;
    spvk_buffer_init(&b, a);
    char chunk[16384];
    size_t got;
    while (b.length < limit && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
        spvk_buffer_append(&b, chunk, got < limit - b.length ? got : limit - b.length);
    bool failed = ferror(f) != 0;
    fclose(f);
    if (failed) {
        spvk_buffer_free(&b);
        spvk_run_error(diags, "opencl: cannot read %s", path);
        return SPVK_ERROR_IO;
    }
    size_t length = b.length;
    spvk_buffer_append_char(&b, '\0');
    /* Exactly length + 1 bytes, so the caller frees what it was given. */
    char *exact = b.failed || b.capacity == length + 1 ? b.data
                                                       : spvk_realloc(a, b.data, b.capacity, length + 1);
    if (b.failed || !exact) {
        spvk_buffer_free(&b);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    *data = exact;
    *size = length;
    return SPVK_OK;
}

/* Runs argv (argv[0] found on PATH) with stdin from /dev/null and stdout and stderr into messages;
   returns 0 and the exit status (as waitpid gives it), or the errno of a failed start. */
static int run_command(const char *const *argv, const char *messages, int *wait_status)
{
    posix_spawn_file_actions_t actions;
    int error = posix_spawn_file_actions_init(&actions);
    if (error)
        return error;
    error = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (!error)
        error = posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, messages, O_WRONLY | O_CREAT | O_TRUNC,
                                                 0600);
    if (!error)
        error = posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    pid_t pid = 0;
    if (!error)
        error = posix_spawnp(&pid, argv[0], &actions, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error)
        return error;
    while (waitpid(pid, wait_status, 0) < 0) {
        if (errno != EINTR)
            return errno;
    }
    return 0;
}

/* The translator to run: the plan's, $SPVK_LLVM_SPIRV, or the first of llvm-spirv-15 and
   llvm-spirv found on PATH. Returns the number of candidates in order of preference. */
static size_t translator_candidates(const spvk_run_plan *plan, const char *candidates[2])
{
    const char *chosen = plan->llvm_spirv && *plan->llvm_spirv ? plan->llvm_spirv : getenv("SPVK_LLVM_SPIRV");
    if (chosen && *chosen) {
        candidates[0] = chosen;
        return 1;
    }
    candidates[0] = "llvm-spirv-15";
    candidates[1] = "llvm-spirv";
    return 2;
}

/* Why a translation failed: the exit status, the translator's own words, and the version hint. */
static void report_translator_failure(const opencl_run *run, const char *translator, int wait_status,
                                      const translation_files *files)
{
    if (WIFEXITED(wait_status))
        spvk_run_error(run->diags, "opencl: %s could not translate the module to LLVM bitcode (exit status %d)",
                       translator, WEXITSTATUS(wait_status));
    else
        spvk_run_error(run->diags, "opencl: %s could not translate the module to LLVM bitcode (signal %d)",
                       translator, WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0);
    char *messages = NULL;
    size_t size = 0;
    spvk_diagnostics ignored; /* the messages are a courtesy: no second error when they cannot be read */
    spvk_diagnostics_init(&ignored, run->allocator);
    if (read_file(files->messages, MAX_LOG_BYTES, run->allocator, &messages, &size, &ignored) == SPVK_OK) {
        add_notes(run->diags, messages, size);
        spvk_free(run->allocator, messages, size + 1);
    }
    spvk_diagnostics_free(&ignored);
    uint32_t version = run->plan->entry->version;
    if (version > TRANSLATOR_MAX_SPIRV_VERSION)
        run_note(run->diags,
                 "the module is SPIR-V %u.%u and llvm-spirv 15 reads SPIR-V 1.0 to 1.4: assemble it for 1.4 or "
                 "lower, or name a newer translator in SPVK_LLVM_SPIRV",
                 version >> 16 & 0xff, version >> 8 & 0xff);
}

/* Runs the translator over files->module, leaving files->bitcode. */
static spvk_result run_translator(const opencl_run *run, const translation_files *files, const char *spec_option)
{
    const char *candidates[2];
    size_t num_candidates = translator_candidates(run->plan, candidates);
    for (size_t i = 0; i < num_candidates; i++) {
        const char *argv[] = {candidates[i], "-r", files->module, "-o", files->bitcode, NULL, NULL};
        if (*spec_option)
            argv[5] = spec_option;
        int wait_status = 0;
        int error = run_command(argv, files->messages, &wait_status);
        if (error == ENOENT && i + 1 < num_candidates)
            continue;
        if (error == ENOENT) {
            if (num_candidates == 1)
                spvk_run_error(run->diags, "opencl: the translator %s cannot be found",
                               candidates[0]);
            else
                spvk_run_error(run->diags,
                               "opencl: the device takes no SPIR-V (CL_DEVICE_IL_VERSION is \"%s\"), and the "
                               "translator to SPIR 1.2 bitcode, llvm-spirv-15 (or llvm-spirv), is not on PATH: "
                               "install llvm-spirv-15, or name the translator in SPVK_LLVM_SPIRV",
                               run->facts.info.il_version);
            return SPVK_ERROR_DEVICE;
        }
        if (error) {
            spvk_run_error(run->diags, "opencl: cannot run %s: %s", candidates[i], strerror(error));
            return SPVK_ERROR_DEVICE;
        }
        if (!WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
            report_translator_failure(run, candidates[i], wait_status, files);
            return SPVK_ERROR_DEVICE;
        }
        return SPVK_OK;
    }
    return SPVK_ERROR_DEVICE; /* not reached: the loop returns from its last candidate */
}

/* The module as SPIR 1.2 bitcode, in storage from the allocator (size + 1 bytes). */
static spvk_result translate_module(const opencl_run *run, char **bitcode, size_t *size)
{
    *bitcode = NULL;
    *size = 0;
    char *spec_option = NULL;
    spvk_result result = spec_constant_option(run, &spec_option);
    if (result != SPVK_OK)
        return result;
    translation_files files = {.allocator = run->allocator};
    result = make_translation_files(&files, run->diags);
    if (result == SPVK_OK)
        result = write_file(files.module, run->plan->words, run->plan->num_words * sizeof *run->plan->words,
                            run->diags);
    if (result == SPVK_OK)
        result = run_translator(run, &files, spec_option);
    if (result == SPVK_OK)
        result = read_file(files.bitcode, SIZE_MAX - 1, run->allocator, bitcode, size, run->diags);
    remove_translation_files(&files);
    free_string(run->allocator, spec_option);
    return result;
}

static spvk_result create_program_from_bitcode(opencl_run *run)
{
    if (!run->facts.spir) {
        spvk_run_error(run->diags,
                       "opencl: %s takes neither SPIR-V (CL_DEVICE_IL_VERSION is \"%s\") nor SPIR 1.2 bitcode "
                       "(no cl_khr_spir)%s",
                       run->facts.info.name, run->facts.info.il_version,
                       run->facts.il_spirv ? "; specialization values on SPIR-V need OpenCL 2.2" : "");
        return SPVK_ERROR_DEVICE;
    }
    char *bitcode = NULL;
    size_t size = 0;
    spvk_result result = translate_module(run, &bitcode, &size);
    if (result != SPVK_OK)
        return result;
    const unsigned char *binary = (const unsigned char *)bitcode;
    spvk_cl_int binary_status = SPVK_CL_SUCCESS, status = SPVK_CL_SUCCESS;
    run->program = run->cl.CreateProgramWithBinary(run->context, 1, &run->where.device, &size, &binary,
                                                   &binary_status, &status);
    spvk_free(run->allocator, bitcode, size + 1);
    if (status != SPVK_CL_SUCCESS || !run->program)
        return call_failed(run->diags, "clCreateProgramWithBinary", status);
    if (binary_status != SPVK_CL_SUCCESS)
        return call_failed(run->diags, "clCreateProgramWithBinary (the device's binary status)", binary_status);
    return build_program(run, SPIR_BUILD_OPTIONS);
}

/* ---- Kernel, arguments, dispatch ---- */

static uint64_t local_invocations(const uint32_t local[3]) { return (uint64_t)local[0] * local[1] * local[2]; }

static spvk_result create_kernel(opencl_run *run)
{
    const opencl_library *cl = &run->cl;
    const spvk_run_plan *plan = run->plan;
    spvk_cl_int status = SPVK_CL_SUCCESS;
    run->kernel = cl->CreateKernel(run->program, plan->entry->name, &status);
    if (status != SPVK_CL_SUCCESS || !run->kernel) {
        spvk_run_error(run->diags, "opencl: clCreateKernel(\"%s\") failed: %s", plan->entry->name,
                       describe_error(status).text);
        return SPVK_ERROR_DEVICE;
    }
    /* The driver's own refusal (CL_INVALID_WORK_GROUP_SIZE) would not say which limit. */
    size_t kernel_max = 0;
    status = cl->GetKernelWorkGroupInfo(run->kernel, run->where.device, SPVK_CL_KERNEL_WORK_GROUP_SIZE,
                                        sizeof kernel_max, &kernel_max, NULL);
    if (status != SPVK_CL_SUCCESS)
        return call_failed(run->diags, "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", status);
    const spvk_device_info *info = &run->facts.info;
    for (int d = 0; d < 3; d++) {
        if (plan->local[d] > info->max_workgroup_size[d]) {
            spvk_run_error(run->diags, "opencl: a workgroup of %ux%ux%u is larger than %s allows in dimension %d (%u)",
                           plan->local[0], plan->local[1], plan->local[2], info->name, d, info->max_workgroup_size[d]);
            return SPVK_ERROR_DEVICE;
        }
    }
    if (local_invocations(plan->local) > kernel_max) {
        spvk_run_error(run->diags, "opencl: a workgroup of %ux%ux%u (%llu work-items) is more than kernel \"%s\" "
                                   "takes on %s (%zu)",
                       plan->local[0], plan->local[1], plan->local[2],
                       (unsigned long long)local_invocations(plan->local), plan->entry->name, info->name, kernel_max);
        return SPVK_ERROR_DEVICE;
    }
    return SPVK_OK;
}

static const char *resource_label(const spvk_resource *resource) { return resource->name ? resource->name : ""; }

static spvk_result argument_failed(const opencl_run *run, const spvk_resource *resource, const char *call, size_t size,
                                   spvk_cl_int status)
{
    spvk_run_error(run->diags, "opencl: %s for argument %u \"%s\" (%zu bytes) failed: %s", call, resource->binding,
                   resource_label(resource), size, describe_error(status).text);
    return SPVK_ERROR_DEVICE;
}

/* Whether the run may change the argument's buffer, so that it is uploaded again before each run
   and read back after the last. */
static bool is_writable_buffer(const spvk_resource *resource)
{
    return resource->kind == SPVK_RESOURCE_GLOBAL_POINTER && !resource->read_only;
}

static spvk_result set_argument(opencl_run *run, size_t i)
{
    const opencl_library *cl = &run->cl;
    const spvk_resource *resource = &run->plan->entry->resources[i];
    spvk_typed_buffer *buffer = run->plan->resource_buffers[i];
    spvk_cl_int status = SPVK_CL_SUCCESS;
    switch (resource->kind) {
    case SPVK_RESOURCE_GLOBAL_POINTER:
    case SPVK_RESOURCE_CONSTANT_POINTER: {
        if (buffer->size == 0) {
            spvk_run_error(run->diags, "opencl: argument %u \"%s\" is an empty buffer; OpenCL buffers hold at least "
                                       "one byte", resource->binding, resource_label(resource));
            return SPVK_ERROR_USAGE;
        }
        spvk_cl_mem_flags flags = is_writable_buffer(resource) ? SPVK_CL_MEM_READ_WRITE : SPVK_CL_MEM_READ_ONLY;
        run->memories[i] = cl->CreateBuffer(run->context, flags | SPVK_CL_MEM_COPY_HOST_PTR, buffer->size,
                                            buffer->data, &status);
        if (status != SPVK_CL_SUCCESS || !run->memories[i])
            return argument_failed(run, resource, "clCreateBuffer", buffer->size, status);
        status = cl->SetKernelArg(run->kernel, resource->binding, sizeof run->memories[i], &run->memories[i]);
        break;
    }
    case SPVK_RESOURCE_LOCAL_POINTER: /* only the size: each workgroup gets its own */
        status = cl->SetKernelArg(run->kernel, resource->binding, buffer->size, NULL);
        break;
    case SPVK_RESOURCE_SCALAR:
        status = cl->SetKernelArg(run->kernel, resource->binding, buffer->size, buffer->data);
        break;
    case SPVK_RESOURCE_STORAGE_BUFFER:
    case SPVK_RESOURCE_UNIFORM_BUFFER:
        spvk_run_error(run->diags, "opencl: resource %u.%u is a Vulkan buffer, not a kernel argument", resource->set,
                       resource->binding);
        return SPVK_ERROR_USAGE;
    }
    return status == SPVK_CL_SUCCESS ? SPVK_OK : argument_failed(run, resource, "clSetKernelArg", buffer->size, status);
}

static spvk_result set_arguments(opencl_run *run)
{
    size_t count = run->plan->entry->num_resources;
    run->memories = spvk_alloc(run->allocator, count * sizeof *run->memories);
    if (!run->memories)
        return SPVK_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; i < count; i++)
        run->memories[i] = NULL;
    spvk_result result = SPVK_OK;
    for (size_t i = 0; result == SPVK_OK && i < count; i++)
        result = set_argument(run, i);
    return result;
}

/* Puts the caller's inputs back into the writable buffers, which the previous run may have changed. */
static spvk_result upload_inputs(opencl_run *run)
{
    for (size_t i = 0; i < run->plan->entry->num_resources; i++) {
        const spvk_resource *resource = &run->plan->entry->resources[i];
        const spvk_typed_buffer *buffer = run->plan->resource_buffers[i];
        if (!is_writable_buffer(resource))
            continue;
        spvk_cl_int status = run->cl.EnqueueWriteBuffer(run->queue, run->memories[i], SPVK_CL_TRUE, 0, buffer->size,
                                                        buffer->data, 0, NULL, NULL);
        if (status != SPVK_CL_SUCCESS)
            return argument_failed(run, resource, "clEnqueueWriteBuffer", buffer->size, status);
    }
    return SPVK_OK;
}

/* The global size: groups times local per dimension, each a size_t. */
static spvk_result global_size(const opencl_run *run, size_t global[3], spvk_cl_uint *dimensions)
{
    const spvk_run_plan *plan = run->plan;
    for (int d = 0; d < 3; d++) {
        if (plan->local[d] != 0 && plan->groups[d] > SIZE_MAX / plan->local[d]) {
            spvk_run_error(run->diags, "opencl: %u groups of %u work-items in dimension %d overflow a size_t",
                           plan->groups[d], plan->local[d], d);
            return SPVK_ERROR_USAGE;
        }
        global[d] = (size_t)plan->groups[d] * plan->local[d];
    }
    /* Trailing dimensions of 1 are left out, so a 1-D launch is 1-D to the driver too. */
    *dimensions = 3;
    while (*dimensions > 1 && global[*dimensions - 1] == 1 && plan->local[*dimensions - 1] == 1)
        (*dimensions)--;
    return SPVK_OK;
}

/* The wait for a kernel with a timeout, which clFinish and clWaitForEvents do not have: the
   event's completion callback (OpenCL 1.1) signals a condition the host waits on until a
   deadline. Polling the event's status instead would add its sleep to every wall time. The wait
   lives on the heap, apart from the run: after a timeout the callback may still come, and the
   wait is then left allocated for it. */
typedef struct kernel_wait {
    pthread_mutex_t lock;
    pthread_cond_t finished; /* on CLOCK_MONOTONIC */
    bool done;
    spvk_cl_int status; /* CL_COMPLETE, or the negative error the command ended with */
} kernel_wait;

static void kernel_finished(spvk_cl_event event, spvk_cl_int status, void *user)
{
    (void)event;
    kernel_wait *w = user;
    pthread_mutex_lock(&w->lock);
    w->done = true;
    w->status = status;
    pthread_cond_signal(&w->finished);
    pthread_mutex_unlock(&w->lock);
}

static spvk_result make_wait(opencl_run *run)
{
    kernel_wait *w = spvk_alloc(run->allocator, sizeof *w);
    if (!w)
        return SPVK_ERROR_OUT_OF_MEMORY;
    pthread_condattr_t attr;
    bool made = pthread_condattr_init(&attr) == 0;
    if (made) {
        made = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 && pthread_cond_init(&w->finished, &attr) == 0;
        pthread_condattr_destroy(&attr);
    }
    if (made && pthread_mutex_init(&w->lock, NULL) != 0) {
        pthread_cond_destroy(&w->finished);
        made = false;
    }
    if (!made) {
        spvk_free(run->allocator, w, sizeof *w);
        spvk_run_error(run->diags, "opencl: cannot make a condition variable to wait for the kernel");
        return SPVK_ERROR_DEVICE;
    }
    run->wait = w;
    return SPVK_OK;
}

static void free_wait(opencl_run *run)
{
    if (!run->wait)
        return;
    pthread_mutex_destroy(&run->wait->lock);
    pthread_cond_destroy(&run->wait->finished);
    spvk_free(run->allocator, run->wait, sizeof *run->wait);
    run->wait = NULL;
}

/* Waits for run->event within the plan's timeout. */
static spvk_result wait_for_kernel(opencl_run *run)
{
    const opencl_library *cl = &run->cl;
    kernel_wait *w = run->wait;
    pthread_mutex_lock(&w->lock);
    w->done = false;
    pthread_mutex_unlock(&w->lock);
    spvk_cl_int status = cl->SetEventCallback(run->event, SPVK_CL_COMPLETE, kernel_finished, w);
    if (status != SPVK_CL_SUCCESS)
        return call_failed(run->diags, "clSetEventCallback", status);
    /* The command reaches the device (and its callback can come) only once flushed. */
    status = cl->Flush(run->queue);
    if (status != SPVK_CL_SUCCESS)
        return call_failed(run->diags, "clFlush", status);
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    uint64_t ns = (uint64_t)deadline.tv_nsec + run->plan->timeout_ns % 1000000000u;
    bool forever = run->plan->timeout_ns == UINT64_MAX;
    deadline.tv_sec += (time_t)(run->plan->timeout_ns / 1000000000u + ns / 1000000000u);
    deadline.tv_nsec = (long)(ns % 1000000000u);
    int waited = 0;
    pthread_mutex_lock(&w->lock);
    while (!w->done && waited == 0)
        waited = forever ? pthread_cond_wait(&w->finished, &w->lock)
                         : pthread_cond_timedwait(&w->finished, &w->lock, &deadline);
    bool done = w->done;
    status = w->status;
    pthread_mutex_unlock(&w->lock);
    if (!done) {
        run->busy = true;
        spvk_run_error(run->diags, "opencl: the kernel did not finish within the timeout of %.9g s (--timeout SECONDS "
                       "sets another); it may still be running on the device",
                       (double)run->plan->timeout_ns / 1e9);
        return SPVK_ERROR_DEVICE;
    }
    if (status != SPVK_CL_COMPLETE) {
        spvk_run_error(run->diags, "opencl: the kernel ended with an error: %s", describe_error(status).text);
        return SPVK_ERROR_DEVICE;
    }
    return SPVK_OK;
}

/* One timed run: enqueue and wait, the wall time around both, the device time from the event. */
static spvk_result dispatch_once(opencl_run *run, spvk_cl_uint dimensions, const size_t global[3], size_t sample)
{
    const opencl_library *cl = &run->cl;
    const size_t local[3] = {run->plan->local[0], run->plan->local[1], run->plan->local[2]};
    double start = spvk_run_clock_ms();
    spvk_cl_int status = cl->EnqueueNDRangeKernel(run->queue, run->kernel, dimensions, NULL, global, local, 0, NULL,
                                                  &run->event);
    if (status != SPVK_CL_SUCCESS) {
        run->event = NULL;
        spvk_run_error(run->diags, "opencl: clEnqueueNDRangeKernel(global %zux%zux%zu, local %zux%zux%zu) failed: %s",
                       global[0], global[1], global[2], local[0], local[1], local[2], describe_error(status).text);
        return SPVK_ERROR_DEVICE;
    }
    spvk_result waited = wait_for_kernel(run);
    double end = spvk_run_clock_ms();
    if (waited != SPVK_OK)
        return waited;
    spvk_cl_ulong device_start = 0, device_end = 0;
    status = cl->GetEventProfilingInfo(run->event, SPVK_CL_PROFILING_COMMAND_START, sizeof device_start,
                                       &device_start, NULL);
    if (status == SPVK_CL_SUCCESS)
        status = cl->GetEventProfilingInfo(run->event, SPVK_CL_PROFILING_COMMAND_END, sizeof device_end, &device_end,
                                           NULL);
    if (status != SPVK_CL_SUCCESS)
        return call_failed(run->diags, "clGetEventProfilingInfo", status);
    cl->ReleaseEvent(run->event);
    run->event = NULL;
    run->wall_ms[sample] = end - start;
    run->device_ms[sample] = device_end > device_start ? (double)(device_end - device_start) / 1e6 : 0.0;
    return SPVK_OK;
}

static spvk_result dispatch_runs(opencl_run *run)
{
    size_t global[3];
    spvk_cl_uint dimensions = 3;
    spvk_result result = global_size(run, global, &dimensions);
    if (result != SPVK_OK)
        return result;
    unsigned repeat = run->plan->repeat ? run->plan->repeat : 1;
    run->wall_ms = spvk_alloc(run->allocator, repeat * sizeof *run->wall_ms);
    run->device_ms = spvk_alloc(run->allocator, repeat * sizeof *run->device_ms);
    if (!run->wall_ms || !run->device_ms)
        return SPVK_ERROR_OUT_OF_MEMORY;
    if ((result = make_wait(run)) != SPVK_OK)
        return result;
    for (unsigned r = 0; result == SPVK_OK && r < repeat; r++) {
        if (r > 0)
            result = upload_inputs(run);
        if (result == SPVK_OK)
            result = dispatch_once(run, dimensions, global, r);
    }
    return result;
}

static spvk_result read_back(opencl_run *run)
{
    for (size_t i = 0; i < run->plan->entry->num_resources; i++) {
        const spvk_resource *resource = &run->plan->entry->resources[i];
        spvk_typed_buffer *buffer = run->plan->resource_buffers[i];
        if (!is_writable_buffer(resource))
            continue;
        spvk_cl_int status = run->cl.EnqueueReadBuffer(run->queue, run->memories[i], SPVK_CL_TRUE, 0, buffer->size,
                                                       buffer->data, 0, NULL, NULL);
        if (status != SPVK_CL_SUCCESS)
            return argument_failed(run, resource, "clEnqueueReadBuffer", buffer->size, status);
    }
    return SPVK_OK;
}

static void fill_report(opencl_run *run, spvk_run_report *report)
{
    unsigned repeat = run->plan->repeat ? run->plan->repeat : 1;
    copy_text(report->device_name, sizeof report->device_name, run->facts.info.name);
    copy_text(report->driver, sizeof report->driver, run->facts.info.driver);
    memcpy(report->local, run->plan->local, sizeof report->local);
    report->dispatches = 1;
    report->runs = repeat;
    report->has_device_time = true;
    spvk_run_timing_summary(run->wall_ms, repeat, &report->wall_ms_median, &report->wall_ms_min);
    spvk_run_timing_summary(run->device_ms, repeat, &report->device_ms_median, &report->device_ms_min);
}

/* Releases whatever the run created, newest first. The release calls' own status is not checked:
   nothing is left to do about it. */
static void release_run(opencl_run *run)
{
    const opencl_library *cl = &run->cl;
    const spvk_allocator *a = run->allocator;
    unsigned repeat = run->plan->repeat ? run->plan->repeat : 1;
    if (run->busy) {
        /* The kernel may still run on the driver's threads: releasing what it uses would free
           its buffers under it (PoCL's release calls return at once, the kernel still running)
           or, with another driver, wait for it, and its completion callback would find the wait
           freed. All is left to the process's end (report->timed_out); the loader stays mapped
           (RTLD_NODELETE). */
        spvk_free(a, run->memories, run->plan->entry->num_resources * sizeof *run->memories);
        spvk_free(a, run->wall_ms, repeat * sizeof *run->wall_ms);
        spvk_free(a, run->device_ms, repeat * sizeof *run->device_ms);
        return;
    }
    free_wait(run);
    if (run->event)
        cl->ReleaseEvent(run->event);
    if (run->memories) {
        for (size_t i = 0; i < run->plan->entry->num_resources; i++)
            if (run->memories[i])
                cl->ReleaseMemObject(run->memories[i]);
        spvk_free(a, run->memories, run->plan->entry->num_resources * sizeof *run->memories);
    }
    if (run->kernel)
        cl->ReleaseKernel(run->kernel);
    if (run->program)
        cl->ReleaseProgram(run->program);
    if (run->queue)
        cl->ReleaseCommandQueue(run->queue);
    if (run->context)
        cl->ReleaseContext(run->context);
    spvk_free(a, run->wall_ms, repeat * sizeof *run->wall_ms);
    spvk_free(a, run->device_ms, repeat * sizeof *run->device_ms);
    library_close(&run->cl);
}

spvk_result spvk_opencl_run(const spvk_run_plan *plan, const spvk_allocator *allocator, spvk_run_report *report,
                            spvk_diagnostics *diags)
{
    opencl_run run;
    memset(&run, 0, sizeof run);
    run.plan = plan;
    run.allocator = allocator;
    run.diags = diags;
    spvk_result result = library_open(&run.cl, diags);
    if (result == SPVK_OK)
        result = choose_device(&run);
    if (result == SPVK_OK)
        result = create_context(&run);
    if (result == SPVK_OK) {
        run.create_with_il = spirv_road(&run);
        result = run.create_with_il ? create_program_from_spirv(&run) : create_program_from_bitcode(&run);
    }
    if (result == SPVK_OK)
        result = create_kernel(&run);
    if (result == SPVK_OK)
        result = set_arguments(&run);
    if (result == SPVK_OK)
        result = dispatch_runs(&run);
    if (result == SPVK_OK)
        result = read_back(&run);
    if (result == SPVK_OK)
        fill_report(&run, report);
    report->timed_out = run.busy;
    release_run(&run);
    return result;
}
