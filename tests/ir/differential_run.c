/* differential_run A.spv B.spv: runs the compute entry point of two modules that should mean the
   same (a module and its binary -> IR -> binary round trip) on the default Vulkan device with the
   same inputs, and compares every buffer afterwards byte for byte.

   Inputs are made from the interface of A: every storage or uniform buffer gets its fixed part
   plus 256 runtime-array elements of deterministic pseudo-random bytes (small integers for
   integer data, so that indexes computed from them stay in range; floats in [-1, 1)), push
   constants likewise; spec constants keep their defaults; 4 workgroups along x.

   Exit: 0 same results, 1 different (or the interfaces differ), 77 not runnable here (no compute
   entry point, a feature the device lacks, a module the runner refuses), 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

static uint32_t *read_words(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (size <= 0 || size % 4) {
        fclose(f);
        return NULL;
    }
    uint32_t *w = malloc((size_t)size);
    if (w && fread(w, 1, (size_t)size, f) != (size_t)size) {
        free(w);
        w = NULL;
    }
    fclose(f);
    *count = (size_t)size / 4;
    return w;
}

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/* Does the module use an atomic instruction (OpAtomicLoad .. OpAtomicXor, OpAtomicFlag*, float atomics)? */
static bool uses_atomics(const uint32_t *w, size_t n)
{
    for (size_t i = 5; i < n;) {
        uint32_t count = w[i] >> 16, opcode = w[i] & 0xffffu;
        if ((opcode >= SPVK_OP_AtomicLoad && opcode <= SPVK_OP_AtomicXor) || opcode == SPVK_OP_AtomicFlagTestAndSet ||
            opcode == SPVK_OP_AtomicFAddEXT || opcode == SPVK_OP_AtomicFMinEXT || opcode == SPVK_OP_AtomicFMaxEXT)
            return true;
        i += count ? count : 1;
    }
    return false;
}

/* Fills size bytes as elements of the resource's scalar. */
static void fill(unsigned char *data, size_t size, const spvk_resource *r, uint64_t seed)
{
    uint64_t st = seed;
    unsigned width = r->element_width ? r->element_width : 32;
    size_t step = width / 8 ? width / 8 : 1;
    for (size_t i = 0; i + step <= size; i += step) {
        uint64_t v;
        if (r->element_is_float && width == 32) {
            float x = (float)((double)(next_random(&st) % 2000000) / 1000000.0 - 1.0);
            uint32_t b;
            memcpy(&b, &x, 4);
            v = b;
        } else if (r->element_is_float && width == 16) {
            v = spvk_float_to_f16((float)((double)(next_random(&st) % 2000) / 1000.0 - 1.0));
        } else if (r->element_is_float && width == 64) {
            double x = (double)(next_random(&st) % 2000000) / 1000000.0 - 1.0;
            memcpy(&v, &x, 8);
        } else {
            v = next_random(&st) % 16; /* small: safe as indexes and shift counts */
        }
        memcpy(data + i, &v, step);
    }
}

static spvk_result run_one(const uint32_t *words, size_t count, const spvk_entry_interface *ifc,
                           unsigned char **inputs, size_t *sizes, unsigned char *push, spvk_typed_buffer *out,
                           spvk_diagnostics *diags)
{
    spvk_run_buffer *rb = calloc(ifc->num_resources + 1, sizeof *rb);
    spvk_typed_buffer push_buffer = {SPVK_ELEMENT_BYTES, ifc->push_constant_size, ifc->push_constant_size, push};
    for (size_t i = 0; i < ifc->num_resources; i++) {
        out[i].type = SPVK_ELEMENT_BYTES;
        out[i].size = out[i].count = sizes[i];
        out[i].data = malloc(sizes[i] ? sizes[i] : 1);
        memcpy(out[i].data, inputs[i], sizes[i]);
        rb[i].set = ifc->resources[i].set;
        rb[i].binding = ifc->resources[i].binding;
        rb[i].buffer = &out[i];
    }
    spvk_run_options o;
    memset(&o, 0, sizeof o);
    o.api = SPVK_API_VULKAN;
    o.device = -1;
    o.groups[0] = 4;
    o.groups[1] = o.groups[2] = 1;
    o.buffers = rb;
    o.num_buffers = ifc->num_resources;
    o.push = ifc->push_constant_size ? &push_buffer : NULL;
    spvk_run_report report;
    spvk_result r = spvk_run(words, count, &o, NULL, &report, diags);
    free(rb);
    return r;
}

/* Everything main allocates, freed at exit whatever the path (the sanitizer build checks leaks). */
static struct {
    uint32_t *a, *b;
    spvk_entry_interface *ia, *ib;
    unsigned char **inputs;
    size_t *sizes;
    spvk_typed_buffer *outa, *outb;
    size_t n;
    spvk_diagnostics diags;
} g;

static void cleanup(void)
{
    for (size_t i = 0; i < g.n; i++) {
        if (g.inputs)
            free(g.inputs[i]);
        if (g.outa)
            free(g.outa[i].data);
        if (g.outb)
            free(g.outb[i].data);
    }
    free(g.inputs);
    free(g.sizes);
    free(g.outa);
    free(g.outb);
    spvk_entry_interface_free(g.ia, NULL);
    spvk_entry_interface_free(g.ib, NULL);
    free(g.a);
    free(g.b);
    spvk_diagnostics_free(&g.diags);
}

int main(int argc, char **argv)
{
    atexit(cleanup);
    if (argc != 3) {
        fprintf(stderr, "usage: differential_run A.spv B.spv\n");
        return 2;
    }
    size_t na = 0, nb = 0;
    uint32_t *a = g.a = read_words(argv[1], &na), *b = g.b = read_words(argv[2], &nb);
    if (!a || !b) {
        fprintf(stderr, "differential_run: cannot read %s\n", !a ? argv[1] : argv[2]);
        return 2;
    }
    spvk_diagnostics_init(&g.diags, NULL);
#define diags g.diags
    spvk_entry_interface *ia = NULL, *ib = NULL;
    if (spvk_entry_interface_read(a, na, NULL, NULL, &g.ia, &diags) != SPVK_OK) {
        printf("skip: %s: %s\n", argv[1], diags.count ? diags.items[0].message : "no single compute entry point");
        return 77;
    }
    ia = g.ia;
    if (ia->addressing_model == SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64) {
        /* Buffers hold device addresses: random inputs would make the kernel read anywhere. */
        printf("skip: %s: PhysicalStorageBuffer64 addressing (buffers hold pointers)\n", argv[1]);
        return 77;
    }
    if (spvk_entry_interface_read(b, nb, NULL, NULL, &g.ib, &diags) != SPVK_OK) {
        printf("differ: %s has no entry point matching %s\n", argv[2], argv[1]);
        return 1;
    }
    ib = g.ib;
    int rc = 0;
    if (ia->num_resources != ib->num_resources || ia->push_constant_size != ib->push_constant_size ||
        ia->local_size[0] != ib->local_size[0] || ia->local_size[1] != ib->local_size[1] ||
        ia->local_size[2] != ib->local_size[2] || ia->num_spec_constants != ib->num_spec_constants) {
        printf("differ: the entry point interfaces differ (resources %zu/%zu, push %u/%u, local size %u,%u,%u / %u,%u,%u)\n",
               ia->num_resources, ib->num_resources, ia->push_constant_size, ib->push_constant_size, ia->local_size[0],
               ia->local_size[1], ia->local_size[2], ib->local_size[0], ib->local_size[1], ib->local_size[2]);
        return 1;
    }
    size_t n = ia->num_resources;
    unsigned char **inputs = g.inputs = calloc(n + 1, sizeof *inputs);
    size_t *sizes = g.sizes = calloc(n + 1, sizeof *sizes);
    g.n = n;
    for (size_t i = 0; i < n; i++) {
        const spvk_resource *r = &ia->resources[i];
        const spvk_resource *s = &ib->resources[i];
        if (r->set != s->set || r->binding != s->binding || r->min_size != s->min_size ||
            r->array_stride != s->array_stride) {
            printf("differ: binding %u.%u: size %llu+%u*n vs %u.%u: %llu+%u*n\n", r->set, r->binding,
                   (unsigned long long)r->min_size, r->array_stride, s->set, s->binding,
                   (unsigned long long)s->min_size, s->array_stride);
            return 1;
        }
        sizes[i] = (size_t)r->min_size + (size_t)r->array_stride * 256;
        if (sizes[i] == 0)
            sizes[i] = 16;
        inputs[i] = malloc(sizes[i]);
        fill(inputs[i], sizes[i], r, 1000 + i);
    }
    unsigned char push[256] = {0};
    if (ia->push_constant_size) {
        spvk_resource pr;
        memset(&pr, 0, sizeof pr);
        pr.element_width = 32;
        fill(push, ia->push_constant_size < sizeof push ? ia->push_constant_size : sizeof push, &pr, 7);
    }
    spvk_typed_buffer *outa = g.outa = calloc(n + 1, sizeof *outa), *outb = g.outb = calloc(n + 1, sizeof *outb);
    spvk_result ra = run_one(a, na, ia, inputs, sizes, push, outa, &diags);
    if (ra != SPVK_OK) {
        printf("skip: %s does not run here: %s\n", argv[1], diags.count ? diags.items[0].message : "?");
        return 77;
    }
    spvk_diagnostics_free(&diags);
    spvk_diagnostics_init(&diags, NULL);
    spvk_result rb = run_one(b, nb, ib, inputs, sizes, push, outb, &diags);
    if (rb != SPVK_OK) {
        printf("differ: %s does not run: %s\n", argv[2], diags.count ? diags.items[0].message : "?");
        return 1;
    }
    size_t total = 0;
    bool any_differ = false;
    for (size_t i = 0; i < n; i++)
        any_differ = any_differ || memcmp(outa[i].data, outb[i].data, sizes[i]) != 0;
    if (any_differ) {
        /* Is A itself deterministic? Atomics that hand out slots in arrival order are not, nor a
           kernel that reads workgroup memory nobody wrote (a tile edge with random sizes): such
           a race shows in some runs only, so A runs several more times, and B again too (one of
           B's runs matching A's shows the same nondeterminism, not a different program). */
        enum { RERUNS = 4 };
        bool a_stable = true, b_matches = false;
        for (int r = 0; r < 2 * RERUNS && a_stable && !b_matches; r++) {
            bool rerun_a = r % 2 == 0;
            spvk_typed_buffer *again = calloc(n + 1, sizeof *again);
            spvk_diagnostics_free(&diags);
            spvk_diagnostics_init(&diags, NULL);
            bool ran = run_one(rerun_a ? a : b, rerun_a ? na : nb, rerun_a ? ia : ib, inputs, sizes, push, again,
                               &diags) == SPVK_OK;
            bool same = ran;
            for (size_t i = 0; i < n; i++) {
                same = same && memcmp(outa[i].data, again[i].data, sizes[i]) == 0;
                free(again[i].data);
            }
            free(again);
            if (rerun_a)
                a_stable = same;
            else
                b_matches = same;
        }
        if (!a_stable || b_matches) {
            printf("skip: %s gives different results from run to run\n", argv[1]);
            return 77;
        }
        /* Atomics that hand out slots or keep the last writer depend on the order invocations
           run in; runs of A agreeing does not make the next agree. */
        if (uses_atomics(a, na)) {
            printf("skip: %s uses atomics and its results depend on scheduling\n", argv[1]);
            return 77;
        }
    }
    for (size_t i = 0; i < n; i++) {
        total += sizes[i];
        if (memcmp(outa[i].data, outb[i].data, sizes[i]) != 0) {
            size_t k = 0;
            while (((unsigned char *)outa[i].data)[k] == ((unsigned char *)outb[i].data)[k])
                k++;
            printf("differ: binding %u.%u first differs at byte %zu\n", ia->resources[i].set,
                   ia->resources[i].binding, k);
            rc = 1;
        }
    }
    if (!rc)
        printf("same: %zu buffers, %zu bytes\n", n, total);
    return rc;
}
