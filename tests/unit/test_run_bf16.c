/* bf16 addition on real devices, bit for bit: the bf16 add kernels of tests/run/kernels/ run
   through spvk_entry_interface_read + spvk_run on lavapipe (bf16_add.comp, one element per
   invocation, and bf16_add8.comp, eight per invocation with uvec4 loads) and on PoCL
   (bf16_add.cl), and every result is compared with the host's: IEEE binary32 addition (round to
   nearest even, subnormals kept), then rounding to bf16 to nearest even. NaN results match any
   NaN, but must be NaN (and quiet); everything else must be the same 16 bits, signed zeros too.

   The inputs cover every bf16 class (zeros, subnormals, normals, infinities, quiet and signalling
   NaNs with payloads) pair by pair, all 65536 patterns against a few fixed operands on either
   side, and random pairs (half of them of nearby magnitudes, for cancellation and rounding).

   What the devices guarantee (see the kernels' comments): lavapipe (Mesa 22.3) promises neither
   preserving nor flushing f32 subnormals (shaderDenormPreserveFloat32 and
   shaderDenormFlushToZeroFloat32 are both false), so the Vulkan kernels keep subnormals, zeros,
   infinities and NaNs out of the f32 adder (bf16_add.glsl) and are exact whatever the device does
   with subnormals; PoCL reports CL_FP_DENORM and CL_FP_INF_NAN, so the OpenCL kernel adds in plain
   float. The host's own addition is checked to keep subnormals before it is trusted as reference.

   Usage: test_run_bf16 KERNEL_DIR (the build's tests/run-kernels, built by build_kernels.sh). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/runtime.h"
#include "test.h"

/* ---- The host reference ---- */

static float bits_to_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t float_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static int bf16_is_nan(uint16_t h)
{
    return (h & 0x7fffu) > 0x7f80u;
}

/* f32 -> bf16, round to nearest even; NaN stays NaN (quieted). Written out here rather than taken
   from the library, so that the library's spvk_float_to_bf16 is checked against it too. */
static uint16_t f32_to_bf16_rne(float f)
{
    uint32_t u = float_to_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x0040u);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* The host's f32 addition, at run time (volatile: no constant folding). */
static float host_add(float x, float y)
{
    volatile float vx = x, vy = y;
    return vx + vy;
}

static uint16_t reference_add(uint16_t a, uint16_t b)
{
    return f32_to_bf16_rne(host_add(bits_to_float((uint32_t)a << 16), bits_to_float((uint32_t)b << 16)));
}

/* ---- The inputs ---- */

/* Every class of bf16 value. */
static const uint16_t classes[] = {
    0x0000, 0x8000,                                 /* +0, -0 */
    0x0001, 0x8001, 0x007f, 0x807f,                 /* smallest and largest subnormals */
    0x0040, 0x0015, 0x0002, 0x8033, 0x0055, 0x807e, /* assorted subnormals */
    0x0080, 0x8080, 0x0081, 0x00ff,                 /* smallest normals and their neighbours */
    0x7f7f, 0xff7f, 0x7f7e, 0x7f00,                 /* largest normals */
    0x3f80, 0xbf80, 0x3f81, 0x3f7f, 0x4000, 0xc000, /* +-1, neighbours of 1, +-2 */
    0x3b80, 0xbb80, 0x3380, 0x0400, 0x8100, 0x1f80, /* 2^-8, -2^-8, 2^-24, 2^-119, -2^-125, 2^-64 */
    0x2000, 0x1f7f, 0x2080, 0x5f80,                 /* around 2^-63: where the kernel changes path */
    0x3dcd, 0xc049, 0x42c8, 0xc2c8, 0x4b80, 0x7000, /* 0.1, -3.14, +-100, 2^24, 2^97 */
    0x7f80, 0xff80,                                 /* +-inf */
    0x7fc0, 0xffc0, 0x7fc1, 0x7fff, 0xffd5,         /* quiet NaNs, with payloads */
    0x7f81, 0xff81, 0x7fa5, 0x7fbf,                 /* signalling NaNs, with payloads */
};
#define NUM_CLASSES (sizeof(classes) / sizeof(classes[0]))

/* Operands every pattern is paired with, on either side. */
static const uint16_t fixed_operands[] = {0x0000, 0x8000, 0x3f80, 0x0001, 0x8080, 0x7f80, 0xff7f, 0x7fc0, 0x3b81};
#define NUM_FIXED (sizeof(fixed_operands) / sizeof(fixed_operands[0]))

#define NUM_RANDOM (1u << 17)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

typedef struct pairs {
    uint16_t *a, *b;
    size_t count;
} pairs;

static void add_pair(pairs *p, uint16_t a, uint16_t b)
{
    p->a[p->count] = a;
    p->b[p->count] = b;
    p->count++;
}

static int make_pairs(pairs *p)
{
    size_t cap = NUM_CLASSES * NUM_CLASSES + 2 * NUM_FIXED * 65536 + NUM_RANDOM + 8;
    p->a = malloc(cap * sizeof(uint16_t));
    p->b = malloc(cap * sizeof(uint16_t));
    p->count = 0;
    if (!p->a || !p->b)
        return 0;
    for (size_t i = 0; i < NUM_CLASSES; i++)
        for (size_t j = 0; j < NUM_CLASSES; j++)
            add_pair(p, classes[i], classes[j]);
    for (size_t k = 0; k < NUM_FIXED; k++)
        for (uint32_t x = 0; x < 65536; x++) {
            add_pair(p, (uint16_t)x, fixed_operands[k]);
            add_pair(p, fixed_operands[k], (uint16_t)x);
        }
    for (uint32_t i = 0; i < NUM_RANDOM; i++) {
        uint32_t r = next_random();
        uint16_t a = (uint16_t)r, b = (uint16_t)(r >> 16);
        if (i & 1) /* nearby magnitude, either sign: cancellation and rounding */
            b = (uint16_t)((a & 0x7fffu) ^ (b & 0x80ffu) ^ ((b >> 8) & 0x0100u));
        add_pair(p, a, b);
    }
    while (p->count % 8) /* the eight-wide kernel takes whole uvec4s */
        add_pair(p, 0x3f80, 0x3f80);
    return 1;
}

/* ---- Running a kernel ---- */

static uint32_t *read_words(const char *dir, const char *name, size_t *count)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s (build the kernels with tests/run/build_kernels.sh)\n", path);
        return NULL;
    }
    uint32_t *words = NULL;
    size_t n = 0;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        rewind(f);
        if (size > 0 && size % 4 == 0 && (words = malloc((size_t)size)) != NULL) {
            n = fread(words, 4, (size_t)size / 4, f);
            if (n != (size_t)size / 4) {
                free(words);
                words = NULL;
            }
        }
    }
    fclose(f);
    *count = n;
    if (!words)
        fprintf(stderr, "cannot read %s\n", path);
    return words;
}

static void print_diagnostics(const char *what, const spvk_diagnostics *diags)
{
    for (size_t i = 0; i < diags->count; i++) {
        char *s = spvk_diagnostic_format(&diags->items[i], NULL);
        fprintf(stderr, "%s: %s\n", what, s ? s : diags->items[i].message);
        if (s)
            spvk_free(NULL, s, strlen(s) + 1);
    }
}

/* The index of the first device of api whose name or driver contains one of the words, or -1. */
static int find_device(spvk_api_kind api, const char *word1, const char *word2, char *name, size_t name_size)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_device_info *devices = NULL;
    size_t count = 0;
    int found = -1;
    if (spvk_list_devices(api, NULL, &devices, &count, &diags) == SPVK_OK) {
        for (size_t i = 0; i < count && found < 0; i++) {
            const spvk_device_info *d = &devices[i];
            if (strstr(d->name, word1) || strstr(d->driver, word1) || strstr(d->name, word2) ||
                strstr(d->driver, word2) || strstr(d->api_version, word2)) {
                found = (int)i;
                snprintf(name, name_size, "%s", d->name);
            }
        }
        spvk_free(NULL, devices, count * sizeof(*devices));
    } else {
        print_diagnostics(spvk_api_kind_name(api), &diags);
    }
    spvk_diagnostics_free(&diags);
    return found;
}

static int make_buffer(const char *source, spvk_typed_buffer *b)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_result r = spvk_typed_buffer_from_source(source, NULL, b, &diags);
    print_diagnostics(source, &diags);
    spvk_diagnostics_free(&diags);
    return r == SPVK_OK;
}

/* Runs kernel file `name` on (api, device) over the pairs; the results go into out. The kernel
   processes per_invocation elements per invocation. Returns 1 when the run succeeded. */
static int run_kernel(const char *dir, const char *name, spvk_api_kind api, int device, const pairs *p,
                      unsigned per_invocation, uint16_t *out)
{
    size_t num_words = 0;
    uint32_t *words = read_words(dir, name, &num_words);
    CHECK(words != NULL);
    if (!words)
        return 0;
    int ok = 0;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_entry_interface *entry = NULL;
    spvk_result r = spvk_entry_interface_read(words, num_words, NULL, NULL, &entry, &diags);
    CHECK(r == SPVK_OK);
    print_diagnostics(name, &diags);
    spvk_diagnostics_free(&diags);
    if (r != SPVK_OK) {
        free(words);
        return 0;
    }

    /* The interface as the kernels declare it. */
    uint32_t local = 64;
    if (api == SPVK_API_VULKAN) {
        CHECK(entry->execution_model == 5 /* GLCompute */);
        /* glslang writes LocalSize and a WorkgroupSize constant (which takes precedence). */
        CHECK(entry->local_size_source == SPVK_LOCAL_SIZE_LITERAL || entry->local_size_source == SPVK_LOCAL_SIZE_BUILTIN);
        CHECK(entry->local_size_spec_id[0] == SPVK_NO_SPEC_ID);
        CHECK(entry->num_resources == 3);
        for (size_t i = 0; i < entry->num_resources && i < 3; i++) {
            const spvk_resource *res = &entry->resources[i];
            CHECK(res->kind == SPVK_RESOURCE_STORAGE_BUFFER);
            CHECK(res->set == 0 && res->binding == i);
            CHECK(res->element_width == (per_invocation == 1 ? 16u : 32u));
            CHECK(!res->element_is_float);
            CHECK(res->array_stride == (per_invocation == 1 ? 2u : 16u));
            CHECK(res->read_only == (i < 2));
        }
        local = entry->local_size[0];
        CHECK(local == (per_invocation == 1 ? 64u : 32u));
        CHECK(entry->local_size[1] == 1 && entry->local_size[2] == 1);
        CHECK(!entry->uses_num_workgroups);
    } else {
        CHECK(entry->execution_model == 6 /* Kernel */);
        CHECK(entry->local_size_source == SPVK_LOCAL_SIZE_NONE);
        CHECK(entry->num_resources == 4);
        if (entry->num_resources == 4) {
            for (size_t i = 0; i < 3; i++) {
                CHECK(entry->resources[i].kind == SPVK_RESOURCE_GLOBAL_POINTER);
                CHECK(entry->resources[i].binding == i);
                CHECK(entry->resources[i].element_width == 16);
                CHECK(!entry->resources[i].element_is_float);
            }
            CHECK(entry->resources[3].kind == SPVK_RESOURCE_SCALAR);
            CHECK(entry->resources[3].binding == 3);
            CHECK(entry->resources[3].min_size == 4);
        }
    }
    if (local == 0 || (api == SPVK_API_VULKAN && entry->num_resources != 3) ||
        (api == SPVK_API_OPENCL && entry->num_resources != 4)) {
        spvk_entry_interface_free(entry, NULL);
        free(words);
        return 0;
    }

    char source[64];
    snprintf(source, sizeof source, "zeros:%zu:u16", p->count);
    spvk_typed_buffer a, b, c, n;
    memset(&n, 0, sizeof n);
    int made = make_buffer(source, &a) + make_buffer(source, &b) + make_buffer(source, &c);
    snprintf(source, sizeof source, "u32:%zu", p->count);
    made += api == SPVK_API_OPENCL ? make_buffer(source, &n) : 1;
    CHECK(made == 4);
    if (made == 4) {
        memcpy(a.data, p->a, p->count * 2);
        memcpy(b.data, p->b, p->count * 2);
        memset(c.data, 0xa5, p->count * 2); /* neither NaN-free zeros nor a plausible result */
        spvk_run_buffer buffers[4] = {{0, 0, &a}, {0, 1, &b}, {0, 2, &c}, {0, 3, &n}};
        spvk_run_options options;
        memset(&options, 0, sizeof options);
        options.api = api;
        options.device = device;
        size_t invocations = (p->count + per_invocation - 1) / per_invocation;
        options.groups[0] = (uint32_t)((invocations + local - 1) / local);
        options.groups[1] = options.groups[2] = 1;
        if (api == SPVK_API_OPENCL) {
            options.local[0] = local;
            options.local[1] = options.local[2] = 1;
            options.has_local = true;
        }
        options.buffers = buffers;
        options.num_buffers = api == SPVK_API_OPENCL ? 4 : 3;
        options.repeat = 1;
        spvk_run_report report;
        memset(&report, 0, sizeof report);
        spvk_diagnostics_init(&diags, NULL);
        r = spvk_run(words, num_words, &options, NULL, &report, &diags);
        print_diagnostics(name, &diags);
        spvk_diagnostics_free(&diags);
        CHECK(r == SPVK_OK);
        if (r == SPVK_OK) {
            printf("%s: %zu pairs on %s (%s), %u x %u invocations\n", name, p->count, report.device_name,
                   report.driver, options.groups[0], report.local[0]);
            CHECK(report.local[0] == local);
            CHECK(report.dispatches == 1);
            CHECK(c.size == p->count * 2);
            /* Inputs are read-only: left as they were. */
            CHECK(memcmp(a.data, p->a, p->count * 2) == 0);
            CHECK(memcmp(b.data, p->b, p->count * 2) == 0);
            memcpy(out, c.data, p->count * 2);
            ok = 1;
        }
    }
    spvk_typed_buffer_free(&a, NULL);
    spvk_typed_buffer_free(&b, NULL);
    spvk_typed_buffer_free(&c, NULL);
    if (api == SPVK_API_OPENCL)
        spvk_typed_buffer_free(&n, NULL);
    spvk_entry_interface_free(entry, NULL);
    free(words);
    return ok;
}

/* Compares a device's results with the reference; prints the first few differences. */
static void compare(const char *what, const pairs *p, const uint16_t *want, const uint16_t *got)
{
    size_t bad = 0, nans = 0, loud_nans = 0, subnormal_results = 0;
    for (size_t i = 0; i < p->count; i++) {
        int ok;
        if (bf16_is_nan(want[i])) {
            ok = bf16_is_nan(got[i]);
            nans++;
            if (ok && !(got[i] & 0x0040u))
                loud_nans++;
        } else {
            ok = want[i] == got[i];
            if ((want[i] & 0x7f80u) == 0 && (want[i] & 0x7fu) != 0)
                subnormal_results++;
        }
        if (!ok && bad++ < 10)
            fprintf(stderr, "%s: [%zu] 0x%04x + 0x%04x (%.9g + %.9g): expected 0x%04x (%.9g), got 0x%04x (%.9g)\n",
                    what, i, p->a[i], p->b[i], bits_to_float((uint32_t)p->a[i] << 16),
                    bits_to_float((uint32_t)p->b[i] << 16), want[i], bits_to_float((uint32_t)want[i] << 16), got[i],
                    bits_to_float((uint32_t)got[i] << 16));
    }
    printf("%s: %zu of %zu results differ (%zu NaN results, %zu subnormal results)\n", what, bad, p->count, nans,
           subnormal_results);
    CHECK(bad == 0);
    CHECK(loud_nans == 0); /* NaN results are quiet */
    CHECK(nans > 1000 && subnormal_results > 1000); /* the inputs reach both */
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_run_bf16 KERNEL_DIR\n");
        return 2;
    }
    const char *dir = argv[1];

    /* The host must be an honest reference: subnormals kept, RNE, IEEE infinities and NaNs. */
    CHECK(host_add(bits_to_float(1), 0.0f) != 0.0f);
    CHECK(float_to_bits(host_add(bits_to_float(0x00010000u), bits_to_float(0x00010000u))) == 0x00020000u);
    CHECK(float_to_bits(host_add(bits_to_float(0x00800000u), -bits_to_float(0x00010000u))) == 0x007f0000u);
    CHECK(isnan(host_add(INFINITY, -INFINITY)));
    CHECK(float_to_bits(host_add(1.0f, 0x1p-24f)) == 0x3f800000u);
    CHECK(float_to_bits(host_add(-0.0f, -0.0f)) == 0x80000000u);

    /* Spot checks of the reference itself. */
    CHECK(reference_add(0x3f80, 0x3f80) == 0x4000);               /* 1 + 1 = 2 */
    CHECK(reference_add(0x3f80, 0x3b80) == 0x3f80);               /* 1 + 2^-8: a tie, to even */
    CHECK(reference_add(0x3f81, 0x3b80) == 0x3f82);               /* (1 + 2^-7) + 2^-8: to even, up */
    CHECK(reference_add(0x0001, 0x0001) == 0x0002);               /* subnormals kept */
    CHECK(reference_add(0x0080, 0x8001) == 0x007f);               /* normal - subnormal = subnormal */
    CHECK(reference_add(0x8000, 0x8000) == 0x8000);               /* -0 + -0 = -0 */
    CHECK(reference_add(0x0000, 0x8000) == 0x0000);               /* +0 + -0 = +0 */
    CHECK(reference_add(0x42c8, 0xc2c8) == 0x0000);               /* x - x = +0 */
    CHECK(reference_add(0x7f7f, 0x7f7f) == 0x7f80);               /* overflow */
    CHECK(bf16_is_nan(reference_add(0x7f80, 0xff80)));            /* inf - inf */
    CHECK(reference_add(0x7f81, 0x3f80) & 0x0040);                /* a signalling NaN comes out quiet */

    pairs p;
    CHECK(make_pairs(&p));
    if (!p.a || !p.b)
        TEST_SUMMARY();
    uint16_t *want = malloc(p.count * 2), *got = malloc(p.count * 2);
    CHECK(want && got);
    if (!want || !got)
        TEST_SUMMARY();
    size_t library_differs = 0;
    for (size_t i = 0; i < p.count; i++) {
        want[i] = reference_add(p.a[i], p.b[i]);
        uint16_t lib = spvk_float_to_bf16(host_add(bits_to_float((uint32_t)p.a[i] << 16), bits_to_float((uint32_t)p.b[i] << 16)));
        if (bf16_is_nan(want[i]) ? !bf16_is_nan(lib) : lib != want[i])
            library_differs++;
    }
    CHECK(library_differs == 0); /* the library's conversion agrees with this one */

    char name[256];
    int vk = find_device(SPVK_API_VULKAN, "llvmpipe", "lavapipe", name, sizeof name);
    CHECK(vk >= 0);
    if (vk >= 0) {
        printf("vulkan device %d: %s\n", vk, name);
        memset(got, 0, p.count * 2);
        if (run_kernel(dir, "bf16_add.comp.spv", SPVK_API_VULKAN, vk, &p, 1, got))
            compare("bf16_add.comp (lavapipe)", &p, want, got);
        memset(got, 0, p.count * 2);
        if (run_kernel(dir, "bf16_add8.comp.spv", SPVK_API_VULKAN, vk, &p, 8, got))
            compare("bf16_add8.comp (lavapipe)", &p, want, got);
    }
    int cl = find_device(SPVK_API_OPENCL, "Portable Computing Language", "PoCL", name, sizeof name);
    CHECK(cl >= 0);
    if (cl >= 0) {
        printf("opencl device %d: %s\n", cl, name);
        memset(got, 0, p.count * 2);
        if (run_kernel(dir, "bf16_add.cl.spv", SPVK_API_OPENCL, cl, &p, 1, got))
            compare("bf16_add.cl (PoCL)", &p, want, got);
    }
    free(want);
    free(got);
    free(p.a);
    free(p.b);
    TEST_SUMMARY();
}
