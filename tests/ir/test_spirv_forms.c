/* Unit tests of the spirv dialect's custom assembly forms (spirv_custom_forms.c) and its verifier
   (spirv_verify.c).

   - Forms: every section of tests/ir/spirv/forms.mlir (MLIR 19's own printing of modules that use
     every custom form) parses, verifies, and prints back as MLIR printed it; value names are
     compared after renumbering (%cst3_i32 and %3 are both "the n-th value named"); MLIR's
     "// pred:" comments after block headers are compared as they are. Its generic form
     parses back to the same custom text. A few texts without named values must match byte for
     byte. spvk_spirv_result_name gives MLIR's names.
   - The fallback form for ops a custom form cannot describe, and its fixpoint.
   - Parse errors: file:line:col and the message.
   - The verifier: for each rule one invalid op (with the message) and one valid op. MLIR 19
     accepts every valid case too: `test_ir_spirv_forms . --valid-cases | mlir-opt-19
     --split-input-file` prints them all without an error (checked when the cases were written;
     the test itself does not need mlir-opt).
   argv[1] is the repository root. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test.h"
#include "dialects/spirv/spirv_internal.h"
#include "spvkit/ir.h"
#include "spvkit/spirv_dialect.h"

#define CHECK_STR_EQ(a, b)                                                                                     \
    do {                                                                                                       \
        const char *a_ = (a), *b_ = (b);                                                                       \
        if (a_ && b_ && strcmp(a_, b_) == 0) {                                                                 \
            test_passed++;                                                                                     \
        } else {                                                                                               \
            test_failed++;                                                                                     \
            fprintf(stderr, "%s:%d: strings differ:\n--- got\n%s\n--- expected\n%s\n", __FILE__, __LINE__,   \
                    a_ ? a_ : "(null)", b_ ? b_ : "(null)");                                                   \
        }                                                                                                      \
    } while (0)

/* ---- Helpers ---- */

static spvk_ir_context *new_context(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (ctx && !spvk_ir_register_all_dialects(ctx)) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

static char *join_diagnostics(const spvk_diagnostics *d)
{
    size_t total = 1;
    for (size_t i = 0; i < d->count; i++)
        total += strlen(d->items[i].message) + 64;
    char *s = malloc(total);
    if (!s)
        return NULL;
    s[0] = 0;
    for (size_t i = 0; i < d->count; i++) {
        size_t used = strlen(s);
        snprintf(s + used, total - used, "%u:%u: %s\n", d->items[i].line, d->items[i].column, d->items[i].message);
    }
    return s;
}

typedef struct parsed {
    spvk_ir_context *ctx;
    spvk_ir_op *module;
    spvk_result parse_result, verify_result;
    char *parse_errors, *verify_errors;
    spvk_diagnostics parse_diags;
} parsed;

static parsed parse_text(const char *text)
{
    parsed r;
    memset(&r, 0, sizeof r);
    r.ctx = new_context();
    spvk_diagnostics_init(&r.parse_diags, NULL);
    if (!r.ctx) {
        r.parse_result = SPVK_ERROR_OUT_OF_MEMORY;
        return r;
    }
    r.parse_result = spvk_ir_parse(r.ctx, text, strlen(text), "test.mlir", &r.module, &r.parse_diags);
    r.parse_errors = join_diagnostics(&r.parse_diags);
    if (r.parse_result == SPVK_OK) {
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        r.verify_result = spvk_ir_verify(r.ctx, r.module, &d);
        r.verify_errors = join_diagnostics(&d);
        spvk_diagnostics_free(&d);
    }
    return r;
}

static void parsed_free(parsed *r)
{
    spvk_diagnostics_free(&r->parse_diags);
    free(r->parse_errors);
    free(r->verify_errors);
    if (r->ctx)
        spvk_ir_context_destroy(r->ctx);
}

static char *print_module(parsed *r, bool generic)
{
    spvk_ir_print_options o = {.generic = generic, .debug_info = false, .assume_verified = false};
    char *s = spvk_ir_print(r->ctx, r->module, &o);
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    spvk_free(spvk_ir_context_allocator(r->ctx), s, strlen(s) + 1);
    return copy;
}

/* Parses, verifies and prints in custom form; NULL (with the reason reported) on failure. */
static char *roundtrip(const char *text, bool must_verify)
{
    parsed r = parse_text(text);
    char *out = NULL;
    if (r.parse_result != SPVK_OK) {
        fprintf(stderr, "parse failed:\n%s\n--- in\n%s\n", r.parse_errors ? r.parse_errors : "", text);
    } else if (must_verify && r.verify_result != SPVK_OK) {
        fprintf(stderr, "verify failed:\n%s\n--- in\n%s\n", r.verify_errors ? r.verify_errors : "", text);
    } else {
        out = print_module(&r, false);
    }
    parsed_free(&r);
    return out;
}

/* The text with value names renumbered by first appearance (per function: MLIR numbers each
   isolated region on its own), whole-line comments and empty lines dropped, trailing space
   trimmed. Block headers keep their "// pred: ^bb0" comments: the printer writes MLIR's. */
static char *normalize(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(n * 2 + 16);
    char (*names)[64] = calloc(4096, sizeof *names);
    size_t num_names = 0, o = 0;
    if (!out || !names) {
        free(out);
        free(names);
        return NULL;
    }
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        size_t indent = 0;
        while (indent < length && line[indent] == ' ')
            indent++;
        if (length - indent >= 2 && line[indent] == '/' && line[indent + 1] == '/')
            length = 0; /* a whole-line comment */
        while (length && line[length - 1] == ' ')
            length--;
        for (size_t i = 0; i + 11 <= length; i++)
            if (strncmp(line + i, "spirv.func ", 11) == 0)
                num_names = 0;
        for (size_t i = 0; i < length;) {
            if (line[i] != '%') {
                out[o++] = line[i++];
                continue;
            }
            size_t j = i + 1;
            while (j < length && (isalnum((unsigned char)line[j]) || strchr("_$.-#", line[j])))
                j++;
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(j - i), line + i);
            size_t k = 0;
            while (k < num_names && strcmp(names[k], name) != 0)
                k++;
            if (k == num_names && num_names < 4096)
                snprintf(names[num_names++], 64, "%s", name);
            o += (size_t)sprintf(out + o, "%%v%zu", k);
            i = j;
        }
        if (length)
            out[o++] = '\n';
        line = end ? end + 1 : line + strlen(line);
    }
    while (o && (out[o - 1] == '\n' || out[o - 1] == ' '))
        o--;
    out[o] = 0;
    /* blank lines at the start (sections follow their separator) */
    size_t skip = 0;
    while (out[skip] == '\n')
        skip++;
    memmove(out, out + skip, o - skip + 1);
    free(names);
    return out;
}

/* ---- MLIR 19's printing of every form (tests/ir/spirv/forms.mlir) ---- */

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && (fseek(f, 0, SEEK_SET) != 0 || fread(buf, 1, (size_t)n, f) != (size_t)n)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* One section: custom form as MLIR printed it; generic form back to the same; a fixpoint. */
static void check_section(const char *section, int index)
{
    char *custom = roundtrip(section, true);
    CHECK(custom != NULL);
    if (!custom)
        return;
    char *expect = normalize(section), *got = normalize(custom);
    if (!expect || !got || strcmp(expect, got) != 0)
        fprintf(stderr, "forms.mlir section %d differs from MLIR 19's text\n", index);
    CHECK_STR_EQ(got, expect);
    /* print/parse/print */
    char *again = roundtrip(custom, true);
    CHECK_STR_EQ(again, custom);
    /* generic form, parsed back, prints the same custom text */
    parsed r = parse_text(section);
    char *generic = r.parse_result == SPVK_OK ? print_module(&r, true) : NULL;
    CHECK(generic != NULL);
    char *from_generic = generic ? roundtrip(generic, true) : NULL;
    CHECK_STR_EQ(from_generic, custom);
    parsed_free(&r);
    free(custom);
    free(expect);
    free(got);
    free(again);
    free(generic);
    free(from_generic);
}

static void test_forms_file(const char *root)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/ir/spirv/forms.mlir", root);
    char *text = read_file(path);
    CHECK(text != NULL);
    if (!text)
        return;
    int sections = 0;
    char *at = text;
    for (;;) {
        /* sections are separated by lines that are exactly "// -----" */
        char *sep = at;
        while ((sep = strstr(sep, "// -----")) && ((sep != text && sep[-1] != '\n') || (sep[8] && sep[8] != '\n')))
            sep += 8;
        if (sep)
            *sep = 0;
        check_section(at, sections++);
        if (!sep)
            break;
        at = sep + 8;
    }
    CHECK(sections >= 13);
    printf("forms.mlir: %d sections\n", sections);
    free(text);
}

/* Byte for byte: texts MLIR 19 printed whose values it names by number (no constants). */
static const char *const exact_texts[] = {
    "module {\n"
    "  spirv.module Logical GLSL450 {\n"
    "    spirv.func @f(%arg0: i32, %arg1: f32, %arg2: vector<3xf32>, %arg3: i1, %arg4: !spirv.ptr<f32, Function>) -> f32 \"None\" {\n"
    "      %0 = spirv.IAdd %arg0, %arg0 : i32\n"
    "      %1 = spirv.FMul %arg1, %arg1 {foo} : f32\n"
    "      %2 = spirv.SLessThan %arg0, %0 : i32\n"
    "      %3 = spirv.FOrdEqual %arg2, %arg2 : vector<3xf32>\n"
    "      %4 = spirv.GL.Sqrt %arg1 : f32\n"
    "      %5 = spirv.GL.FClamp %arg1, %arg1, %4 : f32\n"
    "      %6 = spirv.ConvertFToS %arg1 : f32 to si16\n"
    "      %7 = spirv.Bitcast %arg1 : f32 to i32\n"
    "      %8 = spirv.Select %arg3, %arg1, %5 : i1, f32\n"
    "      %9 = spirv.Load \"Function\" %arg4 [\"Aligned\", 4] : f32\n"
    "      spirv.Store \"Function\" %arg4, %9 [\"Volatile\"] : f32\n"
    "      %10 = spirv.Variable : !spirv.ptr<f32, Function>\n"
    "      spirv.CopyMemory  \"Function\" %10,  \"Function\" %arg4,  : f32\n"
    "      %11 = spirv.CompositeExtract %arg2[1 : i32] : vector<3xf32>\n"
    "      %12 = spirv.CompositeInsert %11, %arg2[0 : i32] : f32 into vector<3xf32>\n"
    "      %13 = spirv.CompositeConstruct %11, %11, %11 : (f32, f32, f32) -> vector<3xf32>\n"
    "      %14 = spirv.FunctionCall @g(%arg1) : (f32) -> f32\n"
    "      spirv.ReturnValue %14 : f32\n"
    "    }\n"
    "    spirv.func @g(%arg0: f32) -> f32 \"Inline|Pure\" {\n"
    "      spirv.ReturnValue %arg0 : f32\n"
    "    }\n"
    "    spirv.EntryPoint \"GLCompute\" @f\n"
    "    spirv.ExecutionMode @f \"LocalSize\", 64, 1, 1\n"
    "  }\n"
    "}\n",
    "module {\n"
    "  spirv.module Logical GLSL450 {\n"
    "    spirv.GlobalVariable @v bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>\n"
    "    spirv.GlobalVariable @id built_in(\"GlobalInvocationId\") : !spirv.ptr<vector<3xi32>, Input>\n"
    "    spirv.func @main(%arg0: i1) \"None\" {\n"
    "      spirv.mlir.selection control(Flatten) {\n"
    "        spirv.BranchConditional %arg0 [3, 5], ^bb1, ^bb2\n"
    "      ^bb1:  // pred: ^bb0\n"
    "        spirv.Branch ^bb2\n"
    "      ^bb2:  // 2 preds: ^bb0, ^bb1\n"
    "        spirv.mlir.merge\n"
    "      }\n"
    "      spirv.Return\n"
    "    }\n"
    "    spirv.EntryPoint \"GLCompute\" @main, @id\n"
    "  }\n"
    "}\n",
};

static void test_exact(void)
{
    for (size_t i = 0; i < sizeof exact_texts / sizeof exact_texts[0]; i++) {
        char *out = roundtrip(exact_texts[i], true);
        CHECK_STR_EQ(out, exact_texts[i]);
        free(out);
    }
}

/* MLIR's zero MemorySemantics is "None" (the grammar's "Relaxed"); the form prints the dialect's
   enumerant name. Fails until the dialect's rename table has it (tools/spirv_mlir_names.txt). */
static void test_memory_semantics_none(void)
{
    const char *text = "spirv.module Logical GLSL450 {\n"
                       "  spirv.func @f() \"None\" {\n"
                       "    spirv.MemoryBarrier <Device>, <None>\n"
                       "    spirv.Return\n"
                       "  }\n"
                       "}\n";
    char *out = roundtrip(text, true);
    CHECK_STR_CONTAINS(out, "spirv.MemoryBarrier <Device>, <None>\n");
    free(out);
}

/* ---- Result names ---- */

static void check_name(const char *body, const char *expect)
{
    char text[2048];
    snprintf(text, sizeof text,
             "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @\"a b(c;\" : !spirv.ptr<f32, Private>\n"
             "  spirv.func @f() \"None\" {\n    %%x = %s\n    spirv.Return\n  }\n}\n",
             body);
    parsed r = parse_text(text);
    CHECK(r.parse_result == SPVK_OK);
    if (r.parse_result != SPVK_OK) {
        fprintf(stderr, "%s\n", r.parse_errors);
        parsed_free(&r);
        return;
    }
    spvk_ir_op *spirv_module = r.module->regions[0].first->first;
    spvk_ir_op *func = spirv_module->regions[0].first->last;
    const spvk_ir_op *op = func->regions[0].first->first;
    char buf[128];
    bool named = spvk_spirv_result_name(op, buf, sizeof buf);
    if (expect) {
        CHECK(named);
        CHECK_STR_EQ(named ? buf : NULL, expect);
    } else {
        CHECK(!named);
    }
    parsed_free(&r);
}

/* The names mlir-opt-19 printed for these (tests/ir/spirv/forms.mlir has more). */
static void test_result_names(void)
{
    check_name("spirv.Constant 3 : i32", "cst3_i32");
    check_name("spirv.Constant -1 : si32", "cst-1_si32");
    check_name("spirv.Constant 4294967295 : ui32", "cst4294967295_ui32");
    check_name("spirv.Constant -7 : i64", "cst-7_i64");
    check_name("spirv.Constant true", "true");
    check_name("spirv.Constant false", "false");
    check_name("spirv.Constant 1.0 : f32", "cst_f32");
    check_name("spirv.Constant dense<[1, 2]> : vector<2xi32>", "cst_vec_2xi32");
    check_name("spirv.Constant dense<false> : vector<2xi1>", "cst_vec_2xi1");
    check_name("spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>", "cst");
    check_name("spirv.mlir.addressof @\"a b(c;\" : !spirv.ptr<f32, Private>", "a b(c;_addr");
    check_name("spirv.Undef : f32", NULL);
}

/* ---- The fallback form ---- */

/* Valid ops a custom form cannot describe print as `(%a) {attrs} : (T) -> R` after their name and
   read back; the text is a fixpoint, and nothing is lost. (Invalid IR prints in generic form: the
   printer verifies first, as MLIR's does.) */
static void test_fallback(void)
{
    const char *text =
        "spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader, VulkanMemoryModel], []> {\n"
        "  spirv.func @f(%a: i32, %b: si32, %p: !spirv.ptr<i32, Workgroup>) \"None\" {\n"
        "    %0 = \"spirv.IAdd\"(%a, %b) : (i32, si32) -> i32\n"
        "    %1 = \"spirv.Constant\"() {value = 1 : i32, relaxed_precision} : () -> i32\n"
        "    %2 = \"spirv.GroupNonUniformIAdd\"(%a) {execution_scope = #spirv.scope<Subgroup>, group_operation = "
        "#spirv.group_operation<Reduce>, relaxed_precision} : (i32) -> i32\n"
        "    %3 = \"spirv.CompositeExtract\"(%a) {indices = [0 : i32]} : (i32) -> i32\n"
        "    \"spirv.Store\"(%p, %a, %1) {memory_access = #spirv.memory_access<MakePointerAvailable|NonPrivatePointer>} : "
        "(!spirv.ptr<i32, Workgroup>, i32, i32) -> ()\n"
        "    spirv.Return\n"
        "  }\n"
        "}\n";
    /* CompositeExtract of an i32 is invalid: the whole module prints generically */
    char *generic = roundtrip(text, false);
    CHECK_STR_CONTAINS(generic, "\"spirv.CompositeExtract\"(%arg0) <{indices = [0 : i32]}> : (i32) -> i32");
    free(generic);

    char valid[2048];
    snprintf(valid, sizeof valid, "%.*s%s", (int)(strstr(text, "    %3 =") - text), text,
             strstr(text, "    \"spirv.Store"));
    char *once = roundtrip(valid, true);
    CHECK(once != NULL);
    CHECK_STR_CONTAINS(once, "%0 = spirv.IAdd (%arg0, %arg1) : (i32, si32) -> i32\n");
    /* attributes MLIR's form would drop are kept at the end */
    CHECK_STR_CONTAINS(once, "spirv.Constant 1 : i32 {relaxed_precision}\n");
    CHECK_STR_CONTAINS(once, "spirv.GroupNonUniformIAdd \"Subgroup\" \"Reduce\" %arg0 {relaxed_precision} : i32\n");
    /* MLIR's Store has no Scope operand for MakePointerAvailable */
    CHECK_STR_CONTAINS(once, "spirv.Store (%arg2, %arg0, %1) {memory_access = #spirv.memory_access<MakePointerAvailable|"
                             "NonPrivatePointer>} : (!spirv.ptr<i32, Workgroup>, i32, i32) -> ()\n");
    char *twice = once ? roundtrip(once, true) : NULL;
    CHECK_STR_EQ(twice, once);
    free(once);
    free(twice);

    /* MLIR 19 prints an index-less access chain with a trailing comma it cannot read back; this
       parser reads it */
    const char *chain = "spirv.module Logical GLSL450 {\n"
                        "  spirv.func @f(%p: !spirv.ptr<f32, Function>) \"None\" {\n"
                        "    %0 = spirv.AccessChain %p[] : !spirv.ptr<f32, Function>, \n"
                        "    spirv.Return\n"
                        "  }\n"
                        "}\n";
    char *c = roundtrip(chain, true);
    CHECK_STR_CONTAINS(c, "%0 = spirv.AccessChain %arg0[] : !spirv.ptr<f32, Function>, \n");
    free(c);
}

/* MLIR 19 prints spirv.INTEL.SubgroupBlockRead/Write without the storage class its parser needs;
   spvkit prints the form MLIR parses. */
static void test_subgroup_block(void)
{
    const char *text =
        "module {\n"
        "  spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, SubgroupBufferBlockIOINTEL], "
        "[SPV_INTEL_subgroups]> {\n"
        "    spirv.func @f(%arg0: !spirv.ptr<i32, StorageBuffer>, %arg1: vector<2xi32>) \"None\" {\n"
        "      %0 = spirv.INTEL.SubgroupBlockRead \"StorageBuffer\" %arg0 : vector<2xi32>\n"
        "      spirv.INTEL.SubgroupBlockWrite \"StorageBuffer\" %arg0, %arg1 : vector<2xi32>\n"
        "      spirv.Return\n"
        "    }\n"
        "  }\n"
        "}\n";
    char *out = roundtrip(text, true);
    CHECK_STR_EQ(out, text);
    free(out);
}

/* ---- Lookup ---- */

static void test_lookup(void)
{
    static const char *const names[] = {
        "spirv.module", "spirv.func", "spirv.GlobalVariable", "spirv.SpecConstant", "spirv.SpecConstantComposite",
        "spirv.EntryPoint", "spirv.ExecutionMode", "spirv.Constant", "spirv.mlir.addressof",
        "spirv.mlir.referenceof", "spirv.Variable", "spirv.Load", "spirv.Store", "spirv.AccessChain",
        "spirv.IAdd", "spirv.FAdd", "spirv.IEqual", "spirv.ConvertFToS", "spirv.Bitcast", "spirv.CompositeConstruct",
        "spirv.CompositeExtract", "spirv.CompositeInsert", "spirv.Select", "spirv.Branch", "spirv.BranchConditional",
        "spirv.Return", "spirv.ReturnValue", "spirv.FunctionCall", "spirv.mlir.selection", "spirv.mlir.loop",
        "spirv.mlir.merge", "spirv.GL.Sqrt", "spirv.GL.FClamp", "spirv.GL.FMix", "spirv.CL.exp", "spirv.CL.printf",
        "spirv.AtomicIAdd", "spirv.ControlBarrier", "spirv.GroupNonUniformIAdd", "spirv.KHR.CooperativeMatrixLoad",
        "spirv.Undef", "spirv.Unreachable", "spirv.VectorShuffle", "spirv.IAddCarry", "spirv.CopyMemory"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const spvk_spirv_custom_form *f = spvk_spirv_custom_form_lookup(names[i]);
        CHECK(f && (!f->name || strcmp(f->name, names[i]) == 0) && f->parse && f->print); /* declarative forms share one entry */
        if (!f)
            fprintf(stderr, "no custom form for %s\n", names[i]);
    }
    CHECK(spvk_spirv_custom_form_lookup("spirv.SpecConstantOperation") != NULL); /* MLIR's `wraps` form: not here */
    CHECK(spvk_spirv_custom_form_lookup("spirv.Nope") == NULL);
    CHECK(spvk_spirv_custom_form_lookup(NULL) == NULL);
    /* every GL and CL op MLIR 19 defines has its form */
    size_t gl = 0, cl = 0;
    for (size_t i = 0; i < spvk_spirv_num_op_infos; i++) {
        const spvk_spirv_op_info *info = &spvk_spirv_op_infos[i];
        if (!(info->flags & SPVK_SPIRV_OP_IN_MLIR))
            continue;
        bool is_gl = strncmp(info->name, "spirv.GL.", 9) == 0, is_cl = strncmp(info->name, "spirv.CL.", 9) == 0;
        if (!is_gl && !is_cl)
            continue;
        const spvk_spirv_custom_form *f = spvk_spirv_custom_form_lookup(info->name);
        CHECK(f != NULL);
        if (!f)
            fprintf(stderr, "no custom form for %s\n", info->name);
        gl += is_gl;
        cl += is_cl;
    }
    CHECK(gl >= 36 && cl >= 34);
}

/* ---- Parse errors ---- */

typedef struct error_case {
    const char *body;    /* one op line inside a function (line 3 of the text) */
    const char *message; /* part of the error */
    uint32_t column;     /* 0: not checked */
} error_case;

/* Errors found once the op's text is read (an index out of range, say) point at the token after
   it: these lines end with a location so that the token is on the same line. */
static const error_case error_cases[] = {
    {"%0 = spirv.Load \"Bogus\" %p : f32", "'Bogus' is not a StorageClass", 0},
    {"%0 = spirv.IAdd %i, %i i32", "expected ':'", 23}, /* MLIR's: where the text before the token ends */
    {"%0 = spirv.CompositeExtract %v[9 : i32] : vector<4xf32> loc(unknown)", "out of bounds", 0},
    {"%0 = spirv.CompositeExtract %v : vector<4xf32>", "", 0},
    {"%0 = spirv.IAddCarry %i, %i : i32 loc(unknown)", "expected spirv.struct type with two members", 0},
    {"spirv.BranchConditional %b [1], ^bb1, ^bb1", "expected ','", 30},
    {"%0 = spirv.AtomicIAdd <Bogus> <None> %q, %i : !spirv.ptr<i32, StorageBuffer>", "'Bogus' is not a Scope", 0},
    {"%0 = spirv.GroupNonUniformIAdd \"Subgroup\" \"Sideways\" %i : i32", "'Sideways' is not a GroupOperation", 0},
    {"%0 = spirv.Variable : f32 loc(unknown)", "expected spirv.ptr type", 0},
    {"%0 = spirv.AccessChain %s[%i] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32 loc(unknown)",
     "must be an integer spirv.Constant", 0},
    {"%0 = spirv.ConvertFToS %f : f32 f16", "expected 'to'", 33},
    {"%0 = spirv.FunctionCall @g(%i) : i32", "expected '('", 33},
    {"%0 = spirv.Constant [1 : i32] loc(unknown)", "expected ':'", 0},
    {"%0 = spirv.GL.FMix %f : f32, %f : f32 -> f32", "expected ','", 0},
    {"spirv.Store \"Function\" %p : f32", "expected ','", 26},
    {"spirv.module Bogus GLSL450 {", "'Bogus' is not a AddressingModel", 0},
};

static void test_parse_errors(void)
{
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "spirv.module Logical GLSL450 {\n"
                 "  spirv.func @f(%%i: i32, %%f: f32, %%b: i1, %%v: vector<4xf32>, %%p: !spirv.ptr<f32, Function>,"
                 " %%q: !spirv.ptr<i32, StorageBuffer>, %%s: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>) \"None\" {\n"
                 "%s\n"
                 "    spirv.Return\n"
                 "  ^bb1:\n"
                 "    spirv.Return\n"
                 "  }\n"
                 "}\n",
                 error_cases[i].body);
        parsed r = parse_text(text);
        CHECK(r.parse_result == SPVK_ERROR_INVALID);
        CHECK(r.parse_diags.count >= 1);
        if (r.parse_diags.count >= 1) {
            const spvk_diagnostic *d = &r.parse_diags.items[0];
            CHECK_STR_CONTAINS(d->message, error_cases[i].message);
            CHECK(d->file && strcmp(d->file, "test.mlir") == 0);
            if (d->line != 3)
                fprintf(stderr, "error case %zu: line %u: %s\n", i, d->line, d->message);
            CHECK(d->line == 3);
            CHECK(d->column >= 1);
            if (error_cases[i].column && d->column != error_cases[i].column)
                fprintf(stderr, "error case %zu: column %u, expected %u\n", i, d->column, error_cases[i].column);
            if (error_cases[i].column)
                CHECK(d->column == error_cases[i].column);
        } else {
            fprintf(stderr, "error case %zu parsed:\n%s\n", i, text);
        }
        parsed_free(&r);
    }
}

/* ---- The verifier ---- */

/* A function body goes between these (the function is @f; @callee, @gv, @sc and @cc exist). */
#define BODY_HEAD                                                                                           \
    "spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Float16, Float64, Int16, Int64, "       \
    "GroupNonUniformArithmetic, GroupNonUniformClustered], []> {\n"                                          \
    "  spirv.GlobalVariable @gv : !spirv.ptr<f32, Private>\n"                                                \
    "  spirv.SpecConstant @sc = 1 : i32\n"                                                                   \
    "  spirv.SpecConstantComposite @cc (@sc, @sc) : vector<2xi32>\n"                                         \
    "  spirv.func @callee(%x: i32) -> i32 \"None\" {\n"                                                      \
    "    spirv.ReturnValue %x : i32\n"                                                                       \
    "  }\n"                                                                                                  \
    "  spirv.func @f(%i: i32, %j: i32, %s: si32, %l: i64, %h: i16, %f: f32, %g: f32, %d: f64, %e: f16, "     \
    "%b: i1, %vi: vector<4xi32>, %vf: vector<4xf32>, %vb: vector<4xi1>, %v2: vector<2xf32>, "                \
    "%pf: !spirv.ptr<f32, Function>, %pi: !spirv.ptr<i32, StorageBuffer>, "                                 \
    "%ps: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, %ar: !spirv.array<4 x f32>) \"None\" {\n"
#define BODY_TAIL                                                                                           \
    "\n    spirv.Return\n"                                                                                   \
    "  }\n"                                                                                                  \
    "}\n"

typedef struct verify_case {
    const char *rule;
    const char *valid;   /* body ops MLIR 19 accepts too */
    const char *invalid; /* body ops that break the rule */
    const char *message; /* part of the verifier's message for the invalid ones */
} verify_case;

static const verify_case body_cases[] = {
    /* generic shape: operand counts and attributes from the grammar */
    {"operand count", "%0 = spirv.IAdd %i, %j : i32", "%0 = \"spirv.IAdd\"(%i) : (i32) -> i32",
     "operand count: expects 2 operand(s), has 1"},
    {"required attribute", "%0 = spirv.GroupNonUniformElect <Subgroup> : i1",
     "%0 = \"spirv.GroupNonUniformElect\"() : () -> i1", "requires attribute 'execution_scope'"},
    {"attribute kind", "spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease>",
     "\"spirv.ControlBarrier\"() {execution_scope = 2 : i32, memory_scope = #spirv.scope<Workgroup>, "
     "memory_semantics = #spirv.memory_semantics<AcquireRelease>} : () -> ()",
     "'execution_scope' must be a Scope attribute"},
    {"enumerant parameters", "%0 = spirv.Load \"Function\" %pf [\"Aligned\", 4] : f32",
     "%0 = \"spirv.Load\"(%pf) {memory_access = #spirv.memory_access<Aligned>} : (!spirv.ptr<f32, Function>) -> f32",
     "needs the attribute 'alignment'"},
    /* arithmetic */
    {"integer arithmetic", "%0 = spirv.IAdd %vi, %vi : vector<4xi32>",
     "%0 = \"spirv.IAdd\"(%f, %g) : (f32, f32) -> f32", "must be a scalar or vector of integer type"},
    {"integer width", "%0 = spirv.ISub %l, %l : i64", "%0 = \"spirv.IMul\"(%i, %h) : (i32, i16) -> i32",
     "component width"},
    {"component count", "%0 = spirv.SDiv %i, %j : i32",
     "%0 = \"spirv.SDiv\"(%vi, %i) : (vector<4xi32>, i32) -> vector<4xi32>", "as many components"},
    {"unsigned division", "%0 = spirv.UDiv %i, %j : i32", "%0 = \"spirv.UDiv\"(%s, %s) : (si32, si32) -> si32",
     "Signedness 0"},
    {"float arithmetic", "%0 = spirv.FAdd %vf, %vf : vector<4xf32>",
     "%0 = \"spirv.FAdd\"(%f, %e) : (f32, f16) -> f32", "operand 1 must have the result type f32"},
    {"float only", "%0 = spirv.FNegate %d : f64", "%0 = \"spirv.FMul\"(%i, %j) : (i32, i32) -> i32",
     "floating-point"},
    {"negation", "%0 = spirv.SNegate %i : i32", "%0 = \"spirv.SNegate\"(%f) : (f32) -> f32", "integer"},
    {"bitwise", "%0 = spirv.BitwiseXor %vi, %vi : vector<4xi32>", "%0 = \"spirv.BitwiseAnd\"(%b, %b) : (i1, i1) -> i1",
     "integer"},
    {"not", "%0 = spirv.Not %h : i16", "%0 = \"spirv.Not\"(%i) : (i32) -> i16", "component width"},
    {"bit count", "%0 = spirv.BitCount %vi : vector<4xi32>", "%0 = \"spirv.BitCount\"(%vi) : (vector<4xi32>) -> i32",
     "as many components"},
    {"bit field", "%0 = spirv.BitFieldInsert %i, %j, %i, %j : i32, i32, i32",
     "%0 = \"spirv.BitFieldUExtract\"(%vi, %vi, %i) : (vector<4xi32>, vector<4xi32>, i32) -> vector<4xi32>",
     "Offset must be an integer scalar"},
    {"shift", "%0 = spirv.ShiftLeftLogical %i, %h : i32, i16",
     "%0 = \"spirv.ShiftRightLogical\"(%i, %vi) : (i32, vector<4xi32>) -> i32", "same number of components"},
    /* relational and logical */
    {"integer comparison", "%0 = spirv.IEqual %vi, %vi : vector<4xi32>",
     "%0 = \"spirv.IEqual\"(%i, %j) : (i32, i32) -> i32", "Boolean"},
    {"comparison width", "%0 = spirv.SLessThan %i, %j : i32", "%0 = \"spirv.SLessThan\"(%i, %l) : (i32, i64) -> i1",
     "same component width"},
    {"comparison count", "%0 = spirv.ULessThanEqual %i, %j : i32",
     "%0 = \"spirv.UGreaterThan\"(%vi, %vi) : (vector<4xi32>, vector<4xi32>) -> i1", "as many components"},
    {"float comparison", "%0 = spirv.FOrdLessThan %f, %g : f32",
     "%0 = \"spirv.FUnordEqual\"(%f, %d) : (f32, f64) -> i1", "the same type"},
    {"logical", "%0 = spirv.LogicalAnd %vb, %vb : vector<4xi1>",
     "%0 = \"spirv.LogicalOr\"(%i, %i) : (i32, i32) -> i1", "Boolean"},
    {"logical not", "%0 = spirv.LogicalNot %b : i1", "%0 = \"spirv.LogicalNot\"(%i) : (i32) -> i32", "Boolean"},
    {"nan test", "%0 = spirv.IsNan %vf : vector<4xf32>", "%0 = \"spirv.IsNan\"(%vf) : (vector<4xf32>) -> i1",
     "as many components as x"},
    {"select condition", "%0 = spirv.Select %vb, %vf, %vf : vector<4xi1>, vector<4xf32>",
     "%0 = \"spirv.Select\"(%vb, %f, %g) : (vector<4xi1>, f32, f32) -> f32", "Condition's 4 components"},
    {"select objects", "%0 = spirv.Select %b, %f, %g : i1, f32",
     "%0 = \"spirv.Select\"(%b, %f, %i) : (i1, f32, i32) -> f32", "Object 2 must have the result type"},
    /* conversions */
    {"float to int", "%0 = spirv.ConvertFToS %vf : vector<4xf32> to vector<4xi32>",
     "%0 = \"spirv.ConvertFToS\"(%i) : (i32) -> i32", "floating-point"},
    {"float to unsigned", "%0 = spirv.ConvertFToU %f : f32 to i32", "%0 = \"spirv.ConvertFToU\"(%f) : (f32) -> si32",
     "Signedness 0"},
    {"int to float count", "%0 = spirv.ConvertSToF %vi : vector<4xi32> to vector<4xf32>",
     "%0 = \"spirv.ConvertSToF\"(%vi) : (vector<4xi32>) -> f32", "as many components"},
    {"unsigned to float", "%0 = spirv.ConvertUToF %h : i16 to f32", "%0 = \"spirv.ConvertUToF\"(%f) : (f32) -> f32",
     "integer"},
    {"width conversion", "%0 = spirv.UConvert %h : i16 to i32", "%0 = \"spirv.UConvert\"(%i) : (i32) -> i32",
     "must differ"},
    {"signed width conversion", "%0 = spirv.SConvert %i : i32 to i64",
     "%0 = \"spirv.SConvert\"(%s) : (si32) -> i32", "must differ"},
    {"float conversion", "%0 = spirv.FConvert %f : f32 to f16", "%0 = \"spirv.FConvert\"(%f) : (f32) -> f32",
     "must differ"},
    {"bitcast widths", "%0 = spirv.Bitcast %f : f32 to i32", "%0 = \"spirv.Bitcast\"(%f) : (f32) -> i64",
     "component widths must match"},
    {"bitcast sizes", "%0 = spirv.Bitcast %vf : vector<4xf32> to vector<2xi64>",
     "%0 = \"spirv.Bitcast\"(%vf) : (vector<4xf32>) -> vector<3xi32>", "total bit sizes"},
    {"bitcast types", "%0 = spirv.Bitcast %i : i32 to si32", "%0 = \"spirv.Bitcast\"(%f) : (f32) -> f32",
     "different"},
    /* composites */
    {"extract index", "%0 = spirv.CompositeExtract %ar[3 : i32] : !spirv.array<4 x f32>",
     "%0 = \"spirv.CompositeExtract\"(%ar) {indices = [4 : i32]} : (!spirv.array<4 x f32>) -> f32", "out of bounds"},
    {"extract result", "%0 = spirv.CompositeExtract %vf[0 : i32] : vector<4xf32>",
     "%0 = \"spirv.CompositeExtract\"(%vf) {indices = [0 : i32]} : (vector<4xf32>) -> i32", "the indices select f32"},
    {"extract non-composite", "%0 = spirv.CompositeExtract %v2[1 : i32] : vector<2xf32>",
     "%0 = \"spirv.CompositeExtract\"(%f) {indices = [0 : i32]} : (f32) -> f32", "non-composite"},
    {"insert object", "%0 = spirv.CompositeInsert %f, %ar[1 : i32] : f32 into !spirv.array<4 x f32>",
     "%0 = \"spirv.CompositeInsert\"(%i, %ar) {indices = [1 : i32]} : (i32, !spirv.array<4 x f32>) -> "
     "!spirv.array<4 x f32>",
     "Object must have the selected type f32"},
    {"construct", "%0 = spirv.CompositeConstruct %v2, %v2 : (vector<2xf32>, vector<2xf32>) -> vector<4xf32>",
     "%0 = \"spirv.CompositeConstruct\"(%v2, %f) : (vector<2xf32>, f32) -> vector<4xf32>", "3 components"},
    {"construct members", "%0 = spirv.CompositeConstruct %f, %g, %f, %g : (f32, f32, f32, f32) -> !spirv.array<4 x f32>",
     "%0 = \"spirv.CompositeConstruct\"(%f, %g, %f, %i) : (f32, f32, f32, i32) -> !spirv.array<4 x f32>",
     "Constituent 3 must have type f32"},
    {"dynamic extract", "%0 = spirv.VectorExtractDynamic %vf[%i] : vector<4xf32>, i32",
     "%0 = \"spirv.VectorExtractDynamic\"(%vf, %i) : (vector<4xf32>, i32) -> i32", "component type f32"},
    {"dynamic insert", "%0 = spirv.VectorInsertDynamic %f, %vf[%i] : vector<4xf32>, i32",
     "%0 = \"spirv.VectorInsertDynamic\"(%vf, %f, %f) : (vector<4xf32>, f32, f32) -> vector<4xf32>",
     "Index must be an integer scalar"},
    {"shuffle", "%0 = spirv.VectorShuffle [0 : i32, 7 : i32] %vf, %vf : vector<4xf32>, vector<4xf32> -> vector<2xf32>",
     "%0 = \"spirv.VectorShuffle\"(%vf, %vf) {components = [0 : i32, 8 : i32]} : (vector<4xf32>, vector<4xf32>) -> "
     "vector<2xf32>",
     "out of range"},
    {"dot", "%0 = spirv.Dot %vf, %vf : vector<4xf32> -> f32",
     "%0 = \"spirv.Dot\"(%vf, %vf) : (vector<4xf32>, vector<4xf32>) -> f64", "component type f32"},
    {"vector times scalar", "%0 = spirv.VectorTimesScalar %vf, %f : (vector<4xf32>, f32) -> vector<4xf32>",
     "%0 = \"spirv.VectorTimesScalar\"(%vf, %d) : (vector<4xf32>, f64) -> vector<4xf32>", "Scalar must be"},
    /* memory */
    {"load", "%0 = spirv.Load \"Function\" %pf : f32",
     "%0 = \"spirv.Load\"(%pf) : (!spirv.ptr<f32, Function>) -> i32", "mismatch in result type and pointer type"},
    {"load pointer", "%0 = spirv.Load \"StorageBuffer\" %pi : i32", "%0 = \"spirv.Load\"(%i) : (i32) -> i32",
     "Pointer must be a pointer"},
    {"alignment", "%0 = spirv.Load \"Function\" %pf [\"Volatile\"] : f32",
     "%0 = \"spirv.Load\"(%pf) {memory_access = #spirv.memory_access<Volatile>, alignment = 4 : i32} : "
     "(!spirv.ptr<f32, Function>) -> f32",
     "invalid alignment specification"},
    {"store", "spirv.Store \"Function\" %pf, %f : f32",
     "\"spirv.Store\"(%pf, %i) : (!spirv.ptr<f32, Function>, i32) -> ()", "mismatch in object type"},
    {"copy", "%0 = spirv.Variable : !spirv.ptr<f32, Function>\n    spirv.CopyMemory \"Function\" %0, \"Function\" %pf : f32",
     "\"spirv.CopyMemory\"(%pf, %pi) : (!spirv.ptr<f32, Function>, !spirv.ptr<i32, StorageBuffer>) -> ()",
     "same type"},
    {"access chain struct index",
     "%c = spirv.Constant 1 : i32\n    %0 = spirv.AccessChain %ps[%c] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32",
     "%0 = \"spirv.AccessChain\"(%ps, %i) : (!spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32) -> "
     "!spirv.ptr<f32, Function>",
     "integer spirv.Constant"},
    {"access chain result",
     "%c = spirv.Constant 0 : i32\n    %0 = spirv.AccessChain %ps[%c] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32",
     "%c = spirv.Constant 0 : i32\n    %0 = \"spirv.AccessChain\"(%ps, %c) : (!spirv.ptr<!spirv.struct<(f32, i32)>, "
     "Function>, i32) -> !spirv.ptr<i32, Function>",
     "expected a pointer to f32"},
    {"access chain range",
     "%c = spirv.Constant 1 : i32\n    %0 = spirv.AccessChain %ps[%c] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32",
     "%c = spirv.Constant 2 : i32\n    %0 = \"spirv.AccessChain\"(%ps, %c) : (!spirv.ptr<!spirv.struct<(f32, i32)>, "
     "Function>, i32) -> !spirv.ptr<i32, Function>",
     "out of bounds"},
    {"variable", "%c = spirv.Constant 1.0 : f32\n    %0 = spirv.Variable init(%c) : !spirv.ptr<f32, Function>",
     "%0 = \"spirv.Variable\"() {storage_class = #spirv.storage_class<Private>} : () -> !spirv.ptr<f32, Private>",
     "function-level variables"},
    {"variable initializer", "%c = spirv.Constant 1.0 : f32\n    %0 = spirv.Variable init(%c) : !spirv.ptr<f32, Function>",
     "%0 = spirv.Variable init(%f) : !spirv.ptr<f32, Function>", "initializer must be the result of a constant"},
    {"address of", "%0 = spirv.mlir.addressof @gv : !spirv.ptr<f32, Private>",
     "%0 = spirv.mlir.addressof @gv : !spirv.ptr<i32, Private>", "global variable's type"},
    {"address of symbol", "%0 = spirv.mlir.addressof @gv : !spirv.ptr<f32, Private>",
     "%0 = spirv.mlir.addressof @sc : !spirv.ptr<f32, Private>", "expected spirv.GlobalVariable symbol"},
    {"reference of", "%0 = spirv.mlir.referenceof @cc : vector<2xi32>", "%0 = spirv.mlir.referenceof @sc : i64",
     "specialization constant's type"},
    /* constants */
    {"constant", "%0 = spirv.Constant 7 : i64", "%0 = \"spirv.Constant\"() {value = 1 : i32} : () -> i64",
     "does not match value type"},
    {"dense constant", "%0 = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>",
     "%0 = \"spirv.Constant\"() {value = dense<1.0> : vector<2xf32>} : () -> vector<4xf32>", "must be the same or spirv.array"},
    {"array constant", "%0 = spirv.Constant [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32] : !spirv.array<4 x f32>",
     "%0 = spirv.Constant [1.0 : f32, 2 : i32, 3.0 : f32, 4.0 : f32] : !spirv.array<4 x f32>",
     "does not match value type"},
    /* control flow */
    {"call", "%0 = spirv.FunctionCall @callee(%i) : (i32) -> i32",
     "%0 = spirv.FunctionCall @callee(%f) : (f32) -> i32", "operand type mismatch"},
    {"call result", "%0 = spirv.FunctionCall @callee(%i) : (i32) -> i32",
     "%0 = spirv.FunctionCall @callee(%i) : (i32) -> f32", "result type mismatch"},
    {"call target", "%0 = spirv.FunctionCall @callee(%i) : (i32) -> i32",
     "%0 = spirv.FunctionCall @gv(%i) : (i32) -> i32", "not found"},
    {"return", "spirv.Branch ^bb1\n  ^bb1:\n    spirv.Return\n  ^bb2:",
     "spirv.ReturnValue %i : i32\n  ^bb1:", "function result"},
    {"condition", "spirv.BranchConditional %b, ^bb1, ^bb1\n  ^bb1:",
     "\"spirv.BranchConditional\"(%i)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()\n  ^bb1:",
     "Condition must be a Boolean scalar"},
    {"branch weights", "spirv.BranchConditional %b [1, 0], ^bb1, ^bb1\n  ^bb1:",
     "spirv.BranchConditional %b [0, 0], ^bb1, ^bb1\n  ^bb1:", "cannot both be zero"},
    {"successor operands", "spirv.Branch ^bb1(%i : i32)\n  ^bb1(%a: i32):",
     "spirv.Branch ^bb1(%f : f32)\n  ^bb1(%a: i32):", "argument 0 has type i32"},
    {"selection", "spirv.mlir.selection {\n      spirv.BranchConditional %b, ^bb1, ^bb2\n    ^bb1:\n      spirv.Branch "
                  "^bb2\n    ^bb2:\n      spirv.mlir.merge\n    }",
     "spirv.mlir.selection {\n      spirv.BranchConditional %b, ^bb1, ^bb2\n    ^bb1:\n      spirv.Branch ^bb2\n    "
     "^bb2:\n      spirv.Branch ^bb1\n    }",
     "last block must be the merge block"},
    {"selection header", "spirv.mlir.selection {\n      spirv.Branch ^bb1\n    ^bb1:\n      spirv.mlir.merge\n    }",
     "spirv.mlir.selection {\n      spirv.mlir.merge\n    }", "must have a selection header block"},
    {"loop", "spirv.mlir.loop {\n      spirv.Branch ^bb1\n    ^bb1:\n      spirv.BranchConditional %b, ^bb2, ^bb3\n    "
             "^bb2:\n      spirv.Branch ^bb1\n    ^bb3:\n      spirv.mlir.merge\n    }",
     "spirv.mlir.loop {\n      spirv.Branch ^bb2\n    ^bb1:\n      spirv.BranchConditional %b, ^bb2, ^bb3\n    "
     "^bb2:\n      spirv.Branch ^bb1\n    ^bb3:\n      spirv.mlir.merge\n    }",
     "entry block must only have one 'spirv.Branch' op to the second block"},
    {"loop continue", "spirv.mlir.loop {\n      spirv.Branch ^bb1\n    ^bb1:\n      spirv.BranchConditional %b, ^bb2, "
                      "^bb3\n    ^bb2:\n      spirv.Branch ^bb1\n    ^bb3:\n      spirv.mlir.merge\n    }",
     "spirv.mlir.loop {\n      spirv.Branch ^bb1\n    ^bb1:\n      spirv.BranchConditional %b, ^bb2, ^bb3\n    "
     "^bb2:\n      spirv.Branch ^bb3\n    ^bb3:\n      spirv.mlir.merge\n    }",
     "second to last block must be the loop continue block"},
    {"merge", "spirv.mlir.selection {\n      spirv.Branch ^bb1\n    ^bb1:\n      spirv.mlir.merge\n    }",
     "spirv.mlir.merge\n  ^bb1:", "expected parent op"},
    {"unreachable", "spirv.Branch ^bb1\n  ^bb2:\n    spirv.Unreachable\n  ^bb1:", "spirv.Unreachable\n  ^bb1:",
     "cannot be used in reachable block"},
    /* extended instructions */
    {"GLSL float", "%0 = spirv.GL.Sqrt %d : f64", "%0 = \"spirv.GL.Sqrt\"(%i) : (i32) -> i32", "floating-point"},
    {"GLSL 16/32-bit", "%0 = spirv.GL.Sin %e : f16", "%0 = \"spirv.GL.Sin\"(%d) : (f64) -> f64", "16-bit or 32-bit"},
    {"GLSL same type", "%0 = spirv.GL.FClamp %f, %g, %f : f32",
     "%0 = \"spirv.GL.FClamp\"(%f, %g, %e) : (f32, f32, f16) -> f32", "operand 2 must have the result type"},
    {"GLSL integer", "%0 = spirv.GL.SAbs %s : si32", "%0 = \"spirv.GL.SAbs\"(%h) : (i16) -> i32", "width"},
    {"GLSL ldexp", "%0 = spirv.GL.Ldexp %vf : vector<4xf32>, %vi : vector<4xi32> -> vector<4xf32>",
     "%0 = \"spirv.GL.Ldexp\"(%vf, %i) : (vector<4xf32>, i32) -> vector<4xf32>", "exp must be"},
    {"GLSL frexp", "%0 = spirv.GL.FrexpStruct %f : f32 -> !spirv.struct<(f32, i32)>",
     "%0 = \"spirv.GL.FrexpStruct\"(%f) : (f32) -> !spirv.struct<(f32, i64)>", "member 1"},
    {"OpenCL float", "%0 = spirv.CL.fma %f, %g, %f : f32", "%0 = \"spirv.CL.fma\"(%f, %g, %d) : (f32, f32, f64) -> f32",
     "operand 2 must have the result type"},
    {"OpenCL integer", "%0 = spirv.CL.s_abs %i : i32", "%0 = \"spirv.CL.s_abs\"(%f) : (f32) -> f32", "integer"},
    /* atomics, barriers, groups */
    {"atomic", "%0 = spirv.AtomicIAdd <Device> <AcquireRelease> %pi, %i : !spirv.ptr<i32, StorageBuffer>",
     "%0 = \"spirv.AtomicIAdd\"(%pi, %l) {memory_scope = #spirv.scope<Device>, semantics = "
     "#spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i64) -> i32",
     "operand 1 must have the result type i32"},
    {"memory semantics", "spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>",
     "spirv.ControlBarrier <Workgroup>, <Workgroup>, <Acquire|Release>", "at most one"},
    {"cluster size", "%c = spirv.Constant 4 : i32\n    %0 = spirv.GroupNonUniformIAdd \"Subgroup\" \"ClusteredReduce\" "
                     "%i cluster_size(%c) : i32",
     "%0 = spirv.GroupNonUniformIAdd \"Subgroup\" \"ClusteredReduce\" %i cluster_size(%j) : i32",
     "must come from a constant op"},
    {"clustered reduce", "%0 = spirv.GroupNonUniformFAdd \"Workgroup\" \"Reduce\" %f : f32",
     "%0 = spirv.GroupNonUniformFAdd \"Subgroup\" \"ClusteredReduce\" %f : f32", "cluster size operand must be provided"},
    {"group scope", "%0 = spirv.GroupNonUniformFMax \"Subgroup\" \"InclusiveScan\" %f : f32",
     "%0 = spirv.GroupNonUniformFMax \"Device\" \"InclusiveScan\" %f : f32", "'Workgroup' or 'Subgroup'"},
};

/* Whole modules (module-level rules). */
static const verify_case module_cases[] = {
    {"module contents", "spirv.module Logical GLSL450 {\n}\n",
     "spirv.module Logical GLSL450 {\n  \"test.foo\"() : () -> ()\n}\n", "can only contain spirv.* ops"},
    {"entry point function",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint "
     "\"GLCompute\" @main\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint "
     "\"GLCompute\" @other\n}\n",
     "function 'other' not found"},
    {"entry point interface",
     "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v : !spirv.ptr<f32, Input>\n  spirv.func @main() "
     "\"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint \"Fragment\" @main, @v\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v : !spirv.ptr<f32, Input>\n  spirv.func @main() "
     "\"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint \"Fragment\" @main, @main\n}\n",
     "expected spirv.GlobalVariable symbol reference"},
    {"entry point duplicate",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint "
     "\"GLCompute\" @main\n  spirv.EntryPoint \"Fragment\" @main\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint "
     "\"GLCompute\" @main\n  spirv.EntryPoint \"GLCompute\" @main\n}\n",
     "duplicate"},
    {"execution mode",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint "
     "\"GLCompute\" @main\n  spirv.ExecutionMode @main \"LocalSize\", 8, 8, 1\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.ExecutionMode "
     "@nope \"LocalSize\", 8, 8, 1\n}\n",
     "function 'nope' not found"},
    {"global variable type", "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v : !spirv.ptr<f32, Private>\n}\n",
     "spirv.module Logical GLSL450 {\n  \"spirv.GlobalVariable\"() {sym_name = \"v\", type = f32} : () -> ()\n}\n",
     "!spirv.ptr type"},
    {"global variable storage class",
     "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v : !spirv.ptr<f32, Workgroup>\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v : !spirv.ptr<f32, Function>\n}\n",
     "storage class cannot be 'Function'"},
    {"global variable initializer",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @s = 1 : i32\n  spirv.GlobalVariable @v initializer(@s) : "
     "!spirv.ptr<i32, Private>\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @v initializer(@w) : !spirv.ptr<i32, Private>\n}\n",
     "initializer must be result of a spirv.SpecConstant or spirv.GlobalVariable op"},
    {"external function",
     "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {\n  spirv.func @ext(i32) \"None\" "
     "attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = \"ext\", linkage_type = <Import>>}\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @ext(i32) \"None\"\n}\n", "cannot contain external functions"},
    {"function results",
     "spirv.module Logical GLSL450 {\n  spirv.func @g() -> i32 \"None\" {\n    %0 = spirv.Constant 1 : i32\n    "
     "spirv.ReturnValue %0 : i32\n  }\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @g() -> (i32, i32) \"None\" {\n    %0 = spirv.Constant 1 : i32\n    "
     "spirv.Return\n  }\n}\n",
     "cannot have more than one result"},
    {"return value type",
     "spirv.module Logical GLSL450 {\n  spirv.func @g() -> i32 \"None\" {\n    %0 = spirv.Constant 1 : i32\n    "
     "spirv.ReturnValue %0 : i32\n  }\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.func @g() -> i32 \"None\" {\n    %0 = spirv.Constant 1.0 : f32\n    "
     "spirv.ReturnValue %0 : f32\n  }\n}\n",
     "mismatch with function's result type"},
    {"spec constant composite",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a = 1 : i32\n  spirv.SpecConstantComposite @c (@a, @a) : "
     "vector<2xi32>\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a = 1 : i32\n  spirv.SpecConstantComposite @c (@a) : "
     "vector<2xi32>\n}\n",
     "has incorrect number of operands"},
    {"spec constant",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a spec_id(3) = 1.0 : f32\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a spec_id(-3) = 1.0 : f32\n}\n",
     "SpecId cannot be negative"},
    {"spec constant operation",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a = 1 : i32\n  spirv.SpecConstantOperation attributes "
     "{sym_name = \"n\"} {\n    %0 = spirv.mlir.referenceof @a : i32\n    %1 = spirv.SNegate %0 : i32\n    "
     "spirv.mlir.yield %1 : i32\n  } : i32\n}\n",
     "spirv.module Logical GLSL450 {\n  spirv.SpecConstant @a = 1 : i32\n  spirv.SpecConstantOperation attributes "
     "{sym_name = \"n\"} {\n    %0 = spirv.mlir.referenceof @a : i32\n    %1 = spirv.BitCount %0 : i32\n    "
     "spirv.mlir.yield %1 : i32\n  } : i32\n}\n",
     "'spirv.BitCount' is not an opcode OpSpecConstantOp allows"},
};

static void check_verify(const char *text, const char *rule, const char *message)
{
    parsed r = parse_text(text);
    CHECK(r.parse_result == SPVK_OK);
    if (r.parse_result != SPVK_OK) {
        fprintf(stderr, "rule '%s': the text does not parse:\n%s\n%s\n", rule, r.parse_errors, text);
    } else if (!message) {
        CHECK(r.verify_result == SPVK_OK);
        if (r.verify_result != SPVK_OK)
            fprintf(stderr, "rule '%s': the valid case fails:\n%s\n%s\n", rule, r.verify_errors, text);
    } else {
        CHECK(r.verify_result == SPVK_ERROR_INVALID);
        CHECK_STR_CONTAINS(r.verify_errors, message);
        if (!r.verify_errors || !strstr(r.verify_errors, message))
            fprintf(stderr, "rule '%s' in:\n%s\n", rule, text);
    }
    parsed_free(&r);
}

static void test_verifier(void)
{
    char text[8192];
    for (size_t i = 0; i < sizeof body_cases / sizeof body_cases[0]; i++) {
        const verify_case *c = &body_cases[i];
        snprintf(text, sizeof text, "%s    %s%s", BODY_HEAD, c->valid, BODY_TAIL);
        check_verify(text, c->rule, NULL);
        snprintf(text, sizeof text, "%s    %s%s", BODY_HEAD, c->invalid, BODY_TAIL);
        check_verify(text, c->rule, c->message);
    }
    for (size_t i = 0; i < sizeof module_cases / sizeof module_cases[0]; i++) {
        check_verify(module_cases[i].valid, module_cases[i].rule, NULL);
        check_verify(module_cases[i].invalid, module_cases[i].rule, module_cases[i].message);
    }
    printf("verifier: %zu rules\n", sizeof body_cases / sizeof body_cases[0] + sizeof module_cases / sizeof module_cases[0]);
}

/* The walking helpers shared by the forms and the verifier. */
static void test_walk_helpers(void)
{
    spvk_ir_context *ctx = new_context();
    CHECK(ctx != NULL);
    if (!ctx)
        return;
    const spvk_ir_type *f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    const spvk_ir_type *members[2] = {f32, i32};
    const spvk_ir_type *st = spvk_spirv_struct_type(ctx, members, 2, NULL, NULL);
    const spvk_ir_type *arr = spvk_spirv_array_type(ctx, st, 3, 0);
    int64_t shape[1] = {4};
    const spvk_ir_type *vec = spvk_ir_vector_type(ctx, shape, 1, f32);
    int64_t count = 0;
    CHECK(spvk_spirv_composite_member(arr, 1, &count) == st && count == 3);
    CHECK(spvk_spirv_composite_member(st, 1, &count) == i32 && count == 2);
    CHECK(spvk_spirv_composite_member(vec, 0, &count) == f32 && count == 4);
    CHECK(spvk_spirv_composite_member(spvk_spirv_runtime_array_type(ctx, f32, 4), 9, &count) == f32 && count == -1);
    CHECK(spvk_spirv_composite_member(f32, 0, &count) == NULL);
    CHECK(!spvk_spirv_constant_integer(NULL, &count));
    spvk_ir_context_destroy(ctx);
}

/* `test_ir_spirv_forms ROOT --valid-cases` prints every valid verifier case, one module per
   section, for `mlir-opt-19 --split-input-file` (which accepts all of them); --invalid-cases the
   invalid ones. */
static void write_cases(bool valid)
{
    for (size_t i = 0; i < sizeof body_cases / sizeof body_cases[0]; i++)
        printf("// rule: %s\n%s    %s%s\n// -----\n", body_cases[i].rule, BODY_HEAD,
               valid ? body_cases[i].valid : body_cases[i].invalid, BODY_TAIL);
    for (size_t i = 0; i < sizeof module_cases / sizeof module_cases[0]; i++)
        printf("// rule: %s\n%s%s", module_cases[i].rule, valid ? module_cases[i].valid : module_cases[i].invalid,
               i + 1 < sizeof module_cases / sizeof module_cases[0] ? "\n// -----\n" : "");
}

/* ---- Hostile input and out-of-memory ---- */

/* Every prefix of a section parses or fails cleanly (no crash, no leak under ASan). */
static void test_truncations(const char *root)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/ir/spirv/forms.mlir", root);
    char *text = read_file(path);
    CHECK(text != NULL);
    if (!text)
        return;
    size_t n = strlen(text), step = n / 1000 + 1, tried = 0;
    for (size_t cut = 0; cut < n; cut += step) {
        char saved = text[cut];
        text[cut] = 0;
        parsed r = parse_text(text);
        if (r.parse_result == SPVK_OK) {
            char *out = print_module(&r, false);
            CHECK(out != NULL);
            free(out);
        } else {
            CHECK(r.parse_diags.count >= 1);
        }
        parsed_free(&r);
        text[cut] = saved;
        tried++;
    }
    printf("truncations: %zu\n", tried);
    free(text);
}

/* Parse, verify and print one module with the Nth allocation failing, for every N: a clean error
   each time, and nothing left allocated. */
static void test_out_of_memory(void)
{
    const char *text = exact_texts[0];
    long points = 0;
    for (long fail_at = 0; fail_at < 100000; fail_at++) {
        test_allocator_state st = {0, fail_at, 0, 0};
        spvk_allocator a = {test_realloc, &st};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        bool failed = true;
        if (ctx && spvk_ir_register_all_dialects(ctx)) {
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, &a);
            spvk_ir_op *m = NULL;
            spvk_result r = spvk_ir_parse(ctx, text, strlen(text), "oom.mlir", &m, &d);
            if (r == SPVK_OK) {
                spvk_diagnostics vd;
                spvk_diagnostics_init(&vd, &a);
                spvk_result vr = spvk_ir_verify(ctx, m, &vd);
                spvk_ir_print_options o = {.generic = false, .debug_info = false, .assume_verified = false};
                char *s = vr == SPVK_OK ? spvk_ir_print(ctx, m, &o) : NULL;
                failed = s == NULL;
                if (s) {
                    CHECK_STR_EQ(s, text);
                    spvk_free(&a, s, strlen(s) + 1);
                }
                spvk_diagnostics_free(&vd);
            } else {
                CHECK(r == SPVK_ERROR_OUT_OF_MEMORY || r == SPVK_ERROR_INVALID);
            }
            spvk_diagnostics_free(&d);
        }
        if (ctx)
            spvk_ir_context_destroy(ctx);
        CHECK(st.live_bytes == 0);
        if (!failed && st.allocations <= fail_at)
            break; /* every allocation succeeded: done */
        points++;
    }
    printf("out-of-memory loop: %ld allocation points\n", points);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    if (argc > 2 && (strcmp(argv[2], "--valid-cases") == 0 || strcmp(argv[2], "--invalid-cases") == 0)) {
        write_cases(strcmp(argv[2], "--valid-cases") == 0);
        return 0;
    }
    test_lookup();
    test_forms_file(root);
    test_exact();
    test_memory_semantics_none();
    test_result_names();
    test_fallback();
    test_subgroup_block();
    test_parse_errors();
    test_verifier();
    test_walk_helpers();
    test_truncations(root);
    test_out_of_memory();
    TEST_SUMMARY();
}
