/* spvk_validate and spvk_module_requirements through the library: results, the fields of a
   diagnostic, max_errors, the source map, a hostile id bound, out-of-memory at every allocation
   point, and the requirements of an Int64 + bf16 module. */
#include "spvkit/text.h"
#include "spvkit/validate.h"
#include "../unit/test.h"

#define OP(count, opcode) (((uint32_t)(count) << 16) | (opcode))

static const char VALID[] = "OpCapability Shader\n"
                            "OpMemoryModel Logical GLSL450\n"
                            "OpEntryPoint GLCompute %main \"main\"\n"
                            "OpExecutionMode %main LocalSize 1 1 1\n"
                            "%void = OpTypeVoid\n"
                            "%fn = OpTypeFunction %void\n"
                            "%main = OpFunction %void None %fn\n"
                            "%l = OpLabel\n"
                            "OpReturn\n"
                            "OpFunctionEnd\n";

/* OpMemoryModel after OpEntryPoint (SPIR-V 2.4): header 5 + OpCapability 2 + OpEntryPoint 5 words. */
static const char MISPLACED[] = "OpCapability Shader\n"
                                "OpEntryPoint GLCompute %main \"main\"\n"
                                "  OpMemoryModel Logical GLSL450\n"
                                "OpExecutionMode %main LocalSize 1 1 1\n"
                                "%void = OpTypeVoid\n"
                                "%fn = OpTypeFunction %void\n"
                                "%main = OpFunction %void None %fn\n"
                                "%l = OpLabel\n"
                                "OpReturn\n"
                                "OpFunctionEnd\n";
#define MISPLACED_OFFSET 12

/* Five decorations of ids nothing defines: five problems. */
static const char FIVE_UNDEFINED[] = "OpCapability Shader\n"
                                     "OpMemoryModel Logical GLSL450\n"
                                     "OpEntryPoint GLCompute %main \"main\"\n"
                                     "OpExecutionMode %main LocalSize 1 1 1\n"
                                     "OpDecorate %u1 RelaxedPrecision\n"
                                     "OpDecorate %u2 RelaxedPrecision\n"
                                     "OpDecorate %u3 RelaxedPrecision\n"
                                     "OpDecorate %u4 RelaxedPrecision\n"
                                     "OpDecorate %u5 RelaxedPrecision\n"
                                     "%void = OpTypeVoid\n"
                                     "%fn = OpTypeFunction %void\n"
                                     "%main = OpFunction %void None %fn\n"
                                     "%l = OpLabel\n"
                                     "OpReturn\n"
                                     "OpFunctionEnd\n";

static const char INT64_BF16[] = "OpCapability Shader\n"
                                 "OpCapability Int64\n"
                                 "OpCapability BFloat16TypeKHR\n"
                                 "OpExtension \"SPV_KHR_bfloat16\"\n"
                                 "OpMemoryModel Logical GLSL450\n"
                                 "OpEntryPoint GLCompute %main \"main\"\n"
                                 "OpExecutionMode %main LocalSize 1 1 1\n"
                                 "%void = OpTypeVoid\n"
                                 "%fn = OpTypeFunction %void\n"
                                 "%ulong = OpTypeInt 64 0\n"
                                 "%bf16 = OpTypeFloat 16 BFloat16KHR\n"
                                 "%one = OpConstant %ulong 1\n"
                                 "%half = OpConstant %bf16 0.5\n"
                                 "%main = OpFunction %void None %fn\n"
                                 "%l = OpLabel\n"
                                 "OpReturn\n"
                                 "OpFunctionEnd\n";

/* Assembles text (NULL allocator); with map non-NULL, records the source map. */
static uint32_t *assemble(const char *text, const char *file, spvk_source_map *map, size_t *count)
{
    spvk_assemble_options opts = {.version = SPVK_VERSION(1, 6), .file_name = file, .source_map = map};
    uint32_t *words = NULL;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_assemble(text, strlen(text), &opts, NULL, &words, count, &d);
    CHECK(r == SPVK_OK);
    if (r != SPVK_OK && d.count)
        fprintf(stderr, "assembling: %s\n", d.items[0].message);
    spvk_diagnostics_free(&d);
    return words;
}

static void test_valid(void)
{
    size_t count = 0;
    uint32_t *words = assemble(VALID, "valid.spvasm", NULL, &count);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, NULL, NULL, &d) == SPVK_OK);
    CHECK(d.count == 0 && d.dropped == 0);
    spvk_diagnostics_free(&d);
    /* No diagnostics list at all: just the answer. */
    CHECK(spvk_validate(words, count, NULL, NULL, NULL) == SPVK_OK);
    spvk_free(NULL, words, count * 4);
}

static void test_invalid_fields(void)
{
    size_t count = 0;
    uint32_t *words = assemble(MISPLACED, "misplaced.spvasm", NULL, &count);
    CHECK(count > MISPLACED_OFFSET && (words[MISPLACED_OFFSET] & 0xffff) == SPVK_OP_MemoryModel);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, NULL, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1);
    if (d.count) {
        const spvk_diagnostic *e = &d.items[0];
        CHECK(e->severity == SPVK_SEVERITY_ERROR);
        CHECK(e->rule && strcmp(e->rule, "SPIR-V 2.4") == 0);
        CHECK(e->word_offset == MISPLACED_OFFSET);
        CHECK(e->opcode == SPVK_OP_MemoryModel);
        CHECK_STR_CONTAINS(e->instruction, "OpMemoryModel Logical GLSL450");
        CHECK(e->message && e->message[0] && !strchr(e->message, '\n'));
        /* Without a source map there is no text position. */
        CHECK(e->file == NULL && e->line == 0 && e->column == 0 && e->source_line == NULL);
        char *s = spvk_diagnostic_format(e, NULL);
        CHECK_STR_CONTAINS(s, "[SPIR-V 2.4]");
        CHECK_STR_CONTAINS(s, "word 12");
        free(s);
    }
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, count * 4);
}

static void test_max_errors(void)
{
    size_t count = 0;
    uint32_t *words = assemble(FIVE_UNDEFINED, "five.spvasm", NULL, &count);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, NULL, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count == 5);
    for (size_t k = 0; k < d.count; k++) {
        CHECK(d.items[k].rule && strcmp(d.items[k].rule, "SPIR-V 2.16.1") == 0);
        CHECK(d.items[k].opcode == SPVK_OP_Decorate);
        CHECK(k == 0 || d.items[k].word_offset > d.items[k - 1].word_offset);
    }
    spvk_diagnostics_free(&d);
    for (size_t cap = 1; cap <= 6; cap++) {
        spvk_diagnostics_init(&d, NULL);
        d.max_errors = cap;
        CHECK(spvk_validate(words, count, NULL, NULL, &d) == SPVK_ERROR_INVALID);
        CHECK(d.count == (cap < 5 ? cap : 5));
        CHECK(d.count + d.dropped <= 5);
        spvk_diagnostics_free(&d);
    }
    spvk_free(NULL, words, count * 4);
}

static void test_source_map(void)
{
    spvk_source_map map;
    memset(&map, 0, sizeof map);
    size_t count = 0;
    uint32_t *words = assemble(MISPLACED, "misplaced.spvasm", &map, &count);
    spvk_validate_options o = {.target = NULL, .source_map = &map};
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, &o, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1);
    if (d.count) {
        const spvk_diagnostic *e = &d.items[0];
        CHECK(e->file && strcmp(e->file, "misplaced.spvasm") == 0);
        CHECK(e->line == 3);
        CHECK(e->column == 3); /* the line is indented by two spaces */
        CHECK_STR_CONTAINS(e->source_line, "OpMemoryModel Logical GLSL450");
        CHECK(e->word_offset == MISPLACED_OFFSET);
        char *s = spvk_diagnostic_format(e, NULL);
        CHECK_STR_CONTAINS(s, "misplaced.spvasm:3:3: error: [SPIR-V 2.4]");
        free(s);
    }
    spvk_diagnostics_free(&d);
    spvk_source_map_free(&map);
    spvk_free(NULL, words, count * 4);
}

/* Diagnostics of assembly input name ids as the text did (%x, not %5), in the message and in the
   instruction; ids the text numbered, and ids of binary input without OpName, stay numbers. */
static void test_source_names(void)
{
    static const char text[] = "OpCapability Shader\n"
                               "OpMemoryModel Logical GLSL450\n"
                               "%void = OpTypeVoid\n"
                               "%bool = OpTypeBool\n"
                               "%fn = OpTypeFunction %void\n"
                               "%t = OpConstantTrue %bool\n"
                               "%main = OpFunction %void None %fn\n"
                               "%entry = OpLabel\n"
                               "%x = OpIAdd %bool %t %t\n"
                               "%7 = OpLogicalNot %bool %x\n"
                               "OpReturn\n"
                               "OpFunctionEnd\n";
    spvk_source_map map;
    memset(&map, 0, sizeof map);
    size_t count = 0;
    uint32_t *words = assemble(text, "names.spvasm", &map, &count);
    CHECK(map.num_names == 7); /* void bool fn t main entry x: %7 is a number */
    size_t length = 0;
    const char *name = spvk_source_map_id_name(&map, 7, &length);
    CHECK(name && length == 1 && name[0] == 'x');
    spvk_validate_options o = {.target = NULL, .source_map = &map};
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, &o, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count == 2); /* OpIAdd on bool; no entry point (module-wide, last) */
    if (d.count) {
        CHECK_STR_CONTAINS(d.items[0].message, "%bool of OpIAdd");
        CHECK_STR_CONTAINS(d.items[0].instruction, "%x = OpIAdd %bool %t %t");
    }
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(words, count, NULL, NULL, &d) == SPVK_ERROR_INVALID);
    if (d.count)
        CHECK_STR_CONTAINS(d.items[0].instruction, "%7 = OpIAdd %2 %4 %4");
    spvk_diagnostics_free(&d);
    spvk_source_map_free(&map);
    spvk_free(NULL, words, count * 4);
}

/* Peak bytes allocated while validating m with its header's bound set to bound. */
static long long validation_peak(const uint32_t *m, size_t count, uint32_t bound, spvk_result *result)
{
    uint32_t copy[16];
    memcpy(copy, m, count * 4);
    copy[3] = bound;
    test_allocator_state s = {0, -1, 0, 0};
    spvk_allocator a = {test_realloc, &s};
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, &a);
    *result = spvk_validate(copy, count, NULL, &a, &d);
    spvk_diagnostics_free(&d);
    CHECK(s.live_bytes == 0);
    return s.peak_bytes;
}

static void test_hostile_bound(void)
{
    /* 40 bytes claiming 0xFFFFFFFF ids: memory must follow the input, not the bound. */
    uint32_t m[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 0xffffffffu, 0,
                    OP(2, SPVK_OP_TypeVoid), 0xfffffff0u, OP(3, SPVK_OP_TypeFunction), 7, 0xfffffff0u};
    size_t count = sizeof m / 4;
    spvk_result r, r_small;
    long long hostile = validation_peak(m, count, 0xffffffffu, &r);
    CHECK(r == SPVK_OK || r == SPVK_ERROR_INVALID);
    /* The same ids under a bound of 0xfffffff1: a bound just above them, as large as the ids. */
    long long tight = validation_peak(m, count, 0xfffffff1u, &r_small);
    CHECK(r_small == SPVK_OK || r_small == SPVK_ERROR_INVALID);
    /* Small ids under the hostile bound. */
    uint32_t small[sizeof m / 4];
    memcpy(small, m, sizeof m);
    small[6] = small[9] = 1;
    small[8] = 2;
    long long small_ids = validation_peak(small, count, 0xffffffffu, &r);
    CHECK(r == SPVK_OK || r == SPVK_ERROR_INVALID);
    long long dense = validation_peak(small, count, 3, &r);
    if (hostile > 256 * 1024 || small_ids > 256 * 1024)
        fprintf(stderr, "hostile bound: peak %lld / %lld bytes (bound 3: %lld, bound above the ids: %lld)\n",
                hostile, small_ids, dense, tight);
    CHECK(hostile <= 256 * 1024);   /* a table per id would be gigabytes */
    CHECK(small_ids <= 256 * 1024);
    CHECK(tight <= 256 * 1024);
    /* A bound below the ids used is invalid, not a crash. */
    uint32_t low[sizeof m / 4];
    memcpy(low, m, sizeof m);
    low[3] = 2;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_validate(low, sizeof low / 4, NULL, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1);
    spvk_diagnostics_free(&d);
}

/* Every allocation in turn fails: each run gives a clean out-of-memory result and leaks nothing,
   until one succeeds with the answer of an unconstrained run. */
static void out_of_memory(const char *text, spvk_result expected, size_t max_errors)
{
    size_t count = 0;
    uint32_t *words = assemble(text, "oom.spvasm", NULL, &count);
    spvk_source_map map;
    memset(&map, 0, sizeof map);
    size_t count2 = 0;
    uint32_t *words2 = assemble(text, "oom.spvasm", &map, &count2);
    spvk_validate_options o = {.target = NULL, .source_map = &map};
    int clean = 1, finished = 0;
    long n;
    for (n = 0; n < 10000 && !finished; n++) {
        test_allocator_state s = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &s};
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, &a);
        d.max_errors = max_errors;
        spvk_result r = spvk_validate(words2, count2, &o, &a, &d);
        if (r == expected && s.allocations <= n) {
            finished = 1; /* no allocation failed: the run is complete */
            CHECK(expected == SPVK_OK ? d.count == 0 : d.count >= 1);
        } else if (r != SPVK_ERROR_OUT_OF_MEMORY) {
            fprintf(stderr, "out of memory at allocation %ld: result %d\n", n, (int)r);
            clean = 0;
        }
        spvk_diagnostics_free(&d);
        if (s.live_bytes != 0) {
            fprintf(stderr, "out of memory at allocation %ld: %lld bytes leaked\n", n, s.live_bytes);
            clean = 0;
        }
    }
    CHECK(clean);
    CHECK(finished);
    CHECK(n > 1);
    /* The same for spvk_module_requirements. */
    clean = 1;
    finished = 0;
    for (n = 0; n < 10000 && !finished; n++) {
        test_allocator_state s = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &s};
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, &a);
        spvk_requirements req;
        spvk_result r = spvk_module_requirements(words, count, &a, &req, &d);
        if (r != SPVK_ERROR_OUT_OF_MEMORY && s.allocations <= n)
            finished = 1;
        else if (r != SPVK_ERROR_OUT_OF_MEMORY)
            clean = 0;
        spvk_diagnostics_free(&d);
        if (s.live_bytes != 0)
            clean = 0;
    }
    CHECK(clean);
    CHECK(finished);
    spvk_source_map_free(&map);
    spvk_free(NULL, words, count * 4);
    spvk_free(NULL, words2, count2 * 4);
}

static void test_requirements(void)
{
    size_t count = 0;
    uint32_t *words = assemble(INT64_BF16, "req.spvasm", NULL, &count);
    spvk_requirements req;
    memset(&req, 0xff, sizeof req);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_module_requirements(words, count, NULL, &req, &d) == SPVK_OK);
    CHECK(d.count == 0);
    CHECK(spvk_capability_set_has(&req.capabilities, SPVK_CAPABILITY_Int64));
    CHECK(spvk_capability_set_has(&req.capabilities, SPVK_CAPABILITY_BFloat16TypeKHR));
    int bf16 = spvk_extension_by_name("SPV_KHR_bfloat16", strlen("SPV_KHR_bfloat16"));
    CHECK(bf16 >= 0 && spvk_extension_set_has(&req.extensions, (unsigned)bf16));
    CHECK(req.min_version >= SPVK_VERSION(1, 0) && req.min_version <= SPVK_VERSION(1, 6));
    /* Nothing else is asked for: no other extension, and no 8- or 16-bit integer or float16. */
    size_t extensions = 0;
    for (unsigned e = 0; e < 64u * SPVK_EXTENSION_SET_WORDS; e++)
        extensions += spvk_extension_set_has(&req.extensions, e);
    CHECK(extensions == 1);
    CHECK(!spvk_capability_set_has(&req.capabilities, SPVK_CAPABILITY_Int16));
    CHECK(!spvk_capability_set_has(&req.capabilities, SPVK_CAPABILITY_Float16));
    spvk_diagnostics_free(&d);
    spvk_free(NULL, words, count * 4);
}

int main(void)
{
    test_valid();
    test_invalid_fields();
    test_max_errors();
    test_source_map();
    test_source_names();
    test_hostile_bound();
    out_of_memory(VALID, SPVK_OK, 0);
    out_of_memory(FIVE_UNDEFINED, SPVK_ERROR_INVALID, 0);
    out_of_memory(FIVE_UNDEFINED, SPVK_ERROR_INVALID, 2);
    out_of_memory(INT64_BF16, SPVK_OK, 0);
    test_requirements();
    TEST_SUMMARY();
}
