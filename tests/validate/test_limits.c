/* SPIR-V 2.17 Universal Limits (src/validate/val_limits.c): for every limited entity, a module
   exactly at the limit draws no "[SPIR-V 2.17]" diagnostic and the same module one past it
   draws one. Where the module at the limit can be valid otherwise it is checked to be valid.
   The modules are generated (the largest, 524,288 local variables, would be a 15 MB case file). */
#include <stdarg.h>

#include "spvkit/text.h"
#include "spvkit/validate.h"
#include "../unit/test.h"

typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[512];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line)
        abort();
    if (t->length + (size_t)n + 1 > t->capacity) {
        t->capacity = (t->length + (size_t)n + 1) * 2;
        t->data = realloc(t->data, t->capacity);
        if (!t->data)
            abort();
    }
    memcpy(t->data + t->length, line, (size_t)n + 1);
    t->length += (size_t)n;
}

static const char HEADER[] = "OpCapability Shader\n"
                             "OpMemoryModel Logical GLSL450\n"
                             "OpEntryPoint GLCompute %main \"main\"\n"
                             "OpExecutionMode %main LocalSize 1 1 1\n";

/* Validates a module; returns whether a [SPIR-V 2.17] diagnostic was given, and *result. */
static bool limit_reported(const uint32_t *words, size_t count, spvk_result *result)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    *result = spvk_validate(words, count, NULL, NULL, &d);
    bool found = false;
    for (size_t k = 0; k < d.count; k++)
        if (d.items[k].rule && strcmp(d.items[k].rule, "SPIR-V 2.17") == 0)
            found = true;
    spvk_diagnostics_free(&d);
    return found;
}

static uint32_t *assemble(const text *t, size_t *count)
{
    spvk_assemble_options opts = {.version = SPVK_VERSION(1, 6), .file_name = "limits.spvasm"};
    uint32_t *words = NULL;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_assemble(t->data, t->length, &opts, NULL, &words, count, &d);
    if (r != SPVK_OK)
        fprintf(stderr, "assembling: %s\n", d.count ? d.items[0].message : "?");
    spvk_diagnostics_free(&d);
    return r == SPVK_OK ? words : NULL;
}

/* Builds the module for n with make, and checks: n = limit is not reported (and is valid when
   valid_at_limit), n = limit + 1 is reported and invalid. */
static void check_limit(const char *what, void (*make)(text *, uint32_t), uint32_t limit, bool valid_at_limit)
{
    for (uint32_t n = limit; n <= limit + 1; n++) {
        text t = {NULL, 0, 0};
        make(&t, n);
        size_t count = 0;
        uint32_t *words = assemble(&t, &count);
        CHECK(words != NULL);
        if (words) {
            spvk_result r;
            bool reported = limit_reported(words, count, &r);
            if (n == limit) {
                if (reported || (valid_at_limit && r != SPVK_OK))
                    fprintf(stderr, "%s at the limit (%u): reported %d, result %d\n", what, n, reported, (int)r);
                CHECK(!reported);
                CHECK(!valid_at_limit || r == SPVK_OK);
            } else {
                if (!reported || r != SPVK_ERROR_INVALID)
                    fprintf(stderr, "%s past the limit (%u): reported %d, result %d\n", what, n, reported, (int)r);
                CHECK(reported);
                CHECK(r == SPVK_ERROR_INVALID);
            }
        }
        spvk_free(NULL, words, count * 4);
        free(t.data);
    }
}

static void void_main(text *t)
{
    add(t, "%%void = OpTypeVoid\n%%fn = OpTypeFunction %%void\n");
}

static void main_body(text *t, const char *body)
{
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n%sOpReturn\nOpFunctionEnd\n", body);
}

static void make_string(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    add(t, "OpName %%main \"");
    for (uint32_t k = 0; k < n; k++)
        add(t, "a");
    add(t, "\"\n");
    void_main(t);
    main_body(t, "");
}

/* Two-byte UTF-8 characters: n characters, 2n bytes. */
static void make_utf8_string(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    add(t, "OpName %%main \"");
    for (uint32_t k = 0; k < n; k++)
        add(t, "\xc3\xa9");
    add(t, "\"\n");
    void_main(t);
    main_body(t, "");
}

static void make_nesting(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%bool = OpTypeBool\n%%true = OpConstantTrue %%bool\n");
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n");
    for (uint32_t k = 1; k <= n; k++)
        add(t, "OpSelectionMerge %%m%u None\nOpBranchConditional %%true %%b%u %%m%u\n%%b%u = OpLabel\n", k, k, k, k);
    add(t, "OpBranch %%m%u\n", n);
    for (uint32_t k = n; k >= 1; k--) {
        add(t, "%%m%u = OpLabel\n", k);
        if (k > 1)
            add(t, "OpBranch %%m%u\n", k - 1);
    }
    add(t, "OpReturn\nOpFunctionEnd\n");
}

static void make_globals(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%ptr = OpTypePointer Private %%float\n");
    for (uint32_t k = 0; k < n; k++)
        add(t, "%%g%u = OpVariable %%ptr Private\n", k);
    main_body(t, "");
}

static void make_locals(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%ptr = OpTypePointer Function %%float\n");
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n");
    for (uint32_t k = 0; k < n; k++)
        add(t, "%%l%u = OpVariable %%ptr Function\n", k);
    add(t, "OpReturn\nOpFunctionEnd\n");
}

static uint32_t decoration_limit(void)
{
    return spvk_operand_kind(SPVK_OPERAND_Decoration)->num_enumerants;
}

/* Repeats one decoration: the module is invalid for that reason too; only the limit is asked. */
static void make_decorations(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    for (uint32_t k = 0; k < n; k++)
        add(t, "OpDecorate %%x RelaxedPrecision\n");
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%x = OpConstant %%float 1\n");
    main_body(t, "");
}

static void make_execution_modes(text *t, uint32_t n)
{
    add(t, "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %%main \"main\"\n");
    for (uint32_t k = 0; k < n; k++)
        add(t, "OpExecutionMode %%main LocalSize 1 1 1\n");
    void_main(t);
    main_body(t, "");
}

/* Arrays nested n deep, so that n indexes reach the float (%a0). */
static void nested_arrays(text *t, uint32_t n)
{
    add(t, "%%a0 = OpTypeFloat 32\n%%uint = OpTypeInt 32 0\n%%zero = OpConstant %%uint 0\n"
           "%%two = OpConstant %%uint 2\n");
    for (uint32_t k = 1; k <= n; k++)
        add(t, "%%a%u = OpTypeArray %%a%u %%two\n", k, k - 1);
}

static void make_access_chain(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    nested_arrays(t, n);
    add(t, "%%pa = OpTypePointer Function %%a%u\n%%pf = OpTypePointer Function %%a0\n", n);
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n%%var = OpVariable %%pa Function\n"
           "%%p = OpAccessChain %%pf %%var");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %%zero");
    add(t, "\nOpReturn\nOpFunctionEnd\n");
}

static void make_composite_extract(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    nested_arrays(t, n);
    add(t, "%%u = OpUndef %%a%u\n", n);
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n%%e = OpCompositeExtract %%a0 %%u");
    for (uint32_t k = 0; k < n; k++)
        add(t, " 0");
    add(t, "\nOpReturn\nOpFunctionEnd\n");
}

/* A function of n parameters and a call passing n arguments. */
static void make_parameters(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%one = OpConstant %%float 1\n%%fnn = OpTypeFunction %%void");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %%float");
    add(t, "\n%%f = OpFunction %%void None %%fnn\n");
    for (uint32_t k = 0; k < n; k++)
        add(t, "%%p%u = OpFunctionParameter %%float\n", k);
    add(t, "%%fl = OpLabel\nOpReturn\nOpFunctionEnd\n");
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\n%%r = OpFunctionCall %%void %%f");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %%one");
    add(t, "\nOpReturn\nOpFunctionEnd\n");
}

static void make_ext_inst(text *t, uint32_t n)
{
    add(t, "OpCapability Shader\n%%ns = OpExtInstImport \"NonSemantic.Limits\"\nOpMemoryModel Logical GLSL450\n"
           "OpEntryPoint GLCompute %%main \"main\"\nOpExecutionMode %%main LocalSize 1 1 1\n");
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%one = OpConstant %%float 1\n%%x = OpExtInst %%void %%ns 1");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %%one");
    add(t, "\n");
    main_body(t, "");
}

static void make_switch(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%uint = OpTypeInt 32 0\n%%zero = OpConstant %%uint 0\n");
    add(t, "%%main = OpFunction %%void None %%fn\n%%entry = OpLabel\nOpSelectionMerge %%m None\nOpSwitch %%zero %%m");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %u %%m", k);
    add(t, "\n%%m = OpLabel\nOpReturn\nOpFunctionEnd\n");
}

static void make_struct_members(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%s = OpTypeStruct");
    for (uint32_t k = 0; k < n; k++)
        add(t, " %%float");
    add(t, "\n");
    main_body(t, "");
}

/* Structures nested n deep, every other level through an array. */
static void make_struct_depth(text *t, uint32_t n)
{
    add(t, "%s", HEADER);
    void_main(t);
    add(t, "%%float = OpTypeFloat 32\n%%uint = OpTypeInt 32 0\n%%two = OpConstant %%uint 2\n%%s1 = OpTypeStruct "
           "%%float\n");
    for (uint32_t k = 2; k <= n; k++) {
        if (k % 2) {
            add(t, "%%s%u = OpTypeStruct %%s%u\n", k, k - 1);
        } else {
            add(t, "%%arr%u = OpTypeArray %%s%u %%two\n", k, k - 1);
            add(t, "%%s%u = OpTypeStruct %%float %%arr%u\n", k, k);
        }
    }
    main_body(t, "");
}

/* The header's Bound, at the limit and past it, on an otherwise valid module. */
static void test_id_bound(void)
{
    text t = {NULL, 0, 0};
    add(&t, "%s", HEADER);
    void_main(&t);
    main_body(&t, "");
    size_t count = 0;
    uint32_t *words = assemble(&t, &count);
    CHECK(words != NULL);
    if (words) {
        spvk_result r;
        words[3] = 4194303;
        CHECK(!limit_reported(words, count, &r));
        CHECK(r == SPVK_OK);
        words[3] = 4194304;
        CHECK(limit_reported(words, count, &r));
        CHECK(r == SPVK_ERROR_INVALID);
    }
    spvk_free(NULL, words, count * 4);
    free(t.data);
}

int main(void)
{
    test_id_bound();
    check_limit("characters in a literal string", make_string, 65535, true);
    check_limit("UTF-8 characters in a literal string", make_utf8_string, 65535, true);
    check_limit("control-flow nesting depth", make_nesting, 1023, true);
    check_limit("global variables", make_globals, 65535, true);
    check_limit("local variables", make_locals, 524287, true);
    check_limit("decorations per target", make_decorations, decoration_limit(), false);
    check_limit("execution modes per entry point", make_execution_modes, 255, false);
    check_limit("access chain indexes", make_access_chain, 255, true);
    check_limit("OpCompositeExtract indexes", make_composite_extract, 255, true);
    check_limit("function parameters and call arguments", make_parameters, 255, true);
    check_limit("OpExtInst arguments", make_ext_inst, 255, true);
    check_limit("OpSwitch pairs", make_switch, 16383, true);
    check_limit("OpTypeStruct members", make_struct_members, 16383, true);
    check_limit("structure nesting depth", make_struct_depth, 255, true);
    TEST_SUMMARY();
}
