/* Unit tests of the lazy MLIR text parser (spvk_ir_lazy_parser, src/ir/parser.c "Lazy parsing")
   against the whole-text parser (spvk_ir_parse):
   - every input that parses eagerly parses lazily, and once every skipped body is materialized it
     prints byte for byte the same (custom, generic, with and without locations); every input
     that fails eagerly fails lazily, with the same first diagnostic where the error is inside a
     function body (file:line:col, message, source line). Inputs: the .mlir files of tests/ir/text, the
     sections of tests/ir/spirv/forms.mlir and forms_input.mlir, spirv modules made by
     deserializing the repository's .spvasm modules (printed in custom, generic and debug-info
     form), snippets, and the same modules with an error put into one function body at a time;
   - errors inside bodies: found only by materialize, positions as eager, every later call fails;
   - the brace scanner: strings and `//` comments holding braces, bodies the parser reads raw
     (unregistered dialects' and builtin opaque attributes, where `//` is no comment), NULs,
     unbalanced bodies;
   - aliases: a type alias defined after a function is an error inside it, as eagerly; location
     aliases may come later;
   - the streaming hooks (spvk_ir_lazy_parser_stream) with the printer and the SPIR-V serializer:
     the same text and the same words as the whole module, bodies freed after, memory flat;
   - serializing a lazily read module without its stream is an error;
   - out of memory at every allocation.
   argv[1] is the repository root. argv[2] (optional, not used by ctest) is a directory of .spv
   modules (the built corpus, e.g. build/tests/ir-roundtrip/modules) to use as more inputs. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test.h"
#include "spvkit/ir.h"
#include "spvkit/ir_parallel.h"
#include "spvkit/spirv_dialect.h"
#include "spvkit/text.h"

/* Equal strings; otherwise the first line that differs is shown (the texts can be long). */
static void report_difference(const char *file, int line, const char *what, const char *got, const char *expected)
{
    fprintf(stderr, "%s:%d: %s: strings differ", file, line, what);
    if (!got || !expected) {
        fprintf(stderr, ":\n--- got\n%s\n--- expected\n%s\n", got ? got : "(null)", expected ? expected : "(null)");
        return;
    }
    const char *g = got, *e = expected;
    int n = 1;
    while (*g && *g == *e) {
        if (*g == '\n') {
            n++;
            got = g + 1;
            expected = e + 1;
        }
        g++;
        e++;
    }
    int gl = (int)strcspn(got, "\n"), el = (int)strcspn(expected, "\n");
    fprintf(stderr, " from line %d:\n--- got\n%.*s\n--- expected\n%.*s\n", n, gl, got, el, expected);
}

#define CHECK_STR_EQ_WHAT(a, b, what)                                                                          \
    do {                                                                                                       \
        const char *a_ = (a), *b_ = (b);                                                                       \
        if (a_ && b_ && strcmp(a_, b_) == 0) {                                                                 \
            test_passed++;                                                                                     \
        } else {                                                                                               \
            test_failed++;                                                                                     \
            report_difference(__FILE__, __LINE__, (what), a_, b_);                                             \
        }                                                                                                      \
    } while (0)

/* ---- Helpers ---- */

static void free_ir_string(char *s)
{
    if (s)
        spvk_free(NULL, s, strlen(s) + 1);
}

static char *dup_text(const char *s)
{
    size_t n = strlen(s);
    char *d = malloc(n + 1);
    memcpy(d, s, n + 1);
    return d;
}

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long len = ftell(f);
    if (len < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    char *b = malloc((size_t)len + 1);
    *n = fread(b, 1, (size_t)len, f);
    b[*n] = 0;
    fclose(f);
    return b;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The sorted names in dir ending with suffix (freed by the caller, with each name). */
static char **list_dir(const char *dir, const char *suffix, size_t *count)
{
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    size_t cap = 64, sl = strlen(suffix);
    char **names = malloc(cap * sizeof *names);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t l = strlen(e->d_name);
        if (l <= sl || strcmp(e->d_name + l - sl, suffix) != 0)
            continue;
        if (*count == cap)
            names = realloc(names, (cap *= 2) * sizeof *names);
        names[(*count)++] = dup_text(e->d_name);
    }
    closedir(d);
    qsort(names, *count, sizeof *names, compare_names);
    return names;
}

static spvk_ir_context *new_context(bool strict)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx)
        return NULL;
    if (!spvk_ir_register_all_dialects(ctx)) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    if (strict)
        spvk_ir_context_allow_unregistered(ctx, false);
    return ctx;
}

static char *format_diag(const spvk_diagnostics *d, size_t i)
{
    if (i >= d->count)
        return NULL;
    char *s = spvk_diagnostic_format(&d->items[i], NULL);
    char *copy = s ? dup_text(s) : NULL;
    free_ir_string(s);
    return copy;
}

/* An exact-size copy without a terminating nul: a read past the text is caught by ASan. */
static char *exact_copy(const char *text, size_t n)
{
    char *b = malloc(n ? n : 1);
    if (n)
        memcpy(b, text, n);
    return b;
}

/* The spirv.module: top itself, or the first one directly inside it. */
static spvk_ir_op *find_spirv_module(spvk_ir_op *top)
{
    if (!top)
        return NULL;
    if (strcmp(spvk_ir_op_name(top), "spirv.module") == 0)
        return top;
    if (top->num_regions < 1 || !top->regions[0].first)
        return NULL;
    for (spvk_ir_op *o = top->regions[0].first->first; o; o = o->next)
        if (strcmp(spvk_ir_op_name(o), "spirv.module") == 0)
            return o;
    return NULL;
}

static int count_funcs(const spvk_ir_op *module)
{
    int n = 0;
    if (module && module->num_regions && module->regions[0].first)
        for (const spvk_ir_op *o = module->regions[0].first->first; o; o = o->next)
            n += strcmp(spvk_ir_op_name(o), "spirv.func") == 0;
    return n;
}

static bool has_unmaterialized(const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].unmaterialized)
            return true;
    return false;
}

/* ---- Eager and lazy parses, side by side ---- */

enum { MODE_CUSTOM, MODE_GENERIC, MODE_CUSTOM_LOC, MODE_GENERIC_LOC, NUM_MODES };
static const char *const mode_names[NUM_MODES] = {"custom", "generic", "custom+debug-info", "generic+debug-info"};

enum { STAGE_OK, STAGE_CREATE, STAGE_MATERIALIZE };

typedef struct outcome {
    spvk_result res;
    int stage;              /* lazy: where it failed */
    int materialized;       /* lazy: ops whose bodies were skipped, then materialized */
    int bad_shape;          /* lazy: skipped regions that were not as documented */
    char *text[NUM_MODES];  /* the printed module, when it parsed */
    char *diag;             /* the first diagnostic, formatted */
    char *message;          /* its message alone */
    size_t num_diags;
} outcome;

static void outcome_free(outcome *o)
{
    for (int i = 0; i < NUM_MODES; i++)
        free_ir_string(o->text[i]);
    free(o->diag);
    free(o->message);
    memset(o, 0, sizeof *o);
}

static void print_all(spvk_ir_context *ctx, const spvk_ir_op *m, outcome *o)
{
    for (int i = 0; i < NUM_MODES; i++) {
        spvk_ir_print_options po = {.generic = i == MODE_GENERIC || i == MODE_GENERIC_LOC,
                                    .debug_info = i >= MODE_CUSTOM_LOC};
        o->text[i] = spvk_ir_print(ctx, m, &po);
    }
}

static void note_diags(const spvk_diagnostics *d, outcome *o)
{
    o->num_diags = d->count;
    if (d->count) {
        o->diag = format_diag(d, 0);
        o->message = d->items[0].message ? dup_text(d->items[0].message) : NULL;
    }
}

static outcome parse_eager(const char *text, size_t n, const char *file, bool strict)
{
    outcome o;
    memset(&o, 0, sizeof o);
    spvk_ir_context *ctx = new_context(strict);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    char *copy = exact_copy(text, n);
    o.res = spvk_ir_parse(ctx, copy, n, file, &m, &d);
    if (o.res == SPVK_OK)
        print_all(ctx, m, &o);
    note_diags(&d, &o);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    free(copy);
    return o;
}

typedef struct walk_state {
    spvk_ir_lazy_parser *lp;
    outcome *o;
    spvk_result res;
} walk_state;

static spvk_ir_walk_result materialize_one(spvk_ir_op *op, void *user)
{
    walk_state *w = user;
    if (!has_unmaterialized(op))
        return SPVK_WALK_ADVANCE;
    /* Documented shape: no blocks yet, yet not empty; only isolated ops that are not symbol tables. */
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].unmaterialized && (op->regions[i].first || spvk_ir_region_is_empty(&op->regions[i])))
            w->o->bad_shape++;
    if (!(op->def->traits & SPVK_TRAIT_ISOLATED_FROM_ABOVE) || (op->def->traits & SPVK_TRAIT_SYMBOL_TABLE))
        w->o->bad_shape++;
    w->res = spvk_ir_lazy_parser_materialize(w->lp, op);
    if (w->res != SPVK_OK)
        return SPVK_WALK_INTERRUPT;
    w->o->materialized++;
    if (has_unmaterialized(op))
        w->o->bad_shape++;
    return SPVK_WALK_ADVANCE;
}

/* Lazy parse, then every skipped body materialized (pre-order: outer first). */
static outcome parse_lazy(const char *text, size_t n, const char *file, bool strict)
{
    outcome o;
    memset(&o, 0, sizeof o);
    spvk_ir_context *ctx = new_context(strict);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    char *copy = exact_copy(text, n);
    o.res = spvk_ir_lazy_parser_create(ctx, copy, n, file, &d, &m, &lp);
    if (o.res != SPVK_OK) {
        o.stage = STAGE_CREATE;
        if (m || lp)
            o.bad_shape++;
    } else {
        walk_state w = {lp, &o, SPVK_OK};
        spvk_ir_walk(m, materialize_one, &w);
        o.res = w.res;
        if (o.res != SPVK_OK)
            o.stage = STAGE_MATERIALIZE;
        else
            print_all(ctx, m, &o);
    }
    note_diags(&d, &o);
    spvk_ir_lazy_parser_destroy(lp);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    free(copy);
    return o;
}

static int inputs_compared, inputs_failing, inputs_lazy_ops;

/* What an input's caller knows of it, for compare_paths. */
enum {
    AGREE = 0,              /* only that both paths agree */
    MUST_FAIL = 1,          /* it has one error ... */
    SAME_DIAG = 2,          /* ... whose diagnostic the lazy path gives too (file:line:col, message, source line) */
    AT_MATERIALIZE = 4,     /* ... which is inside a function body: create succeeds, a materialize finds it */
    BODY_ERROR = MUST_FAIL | SAME_DIAG | AT_MATERIALIZE
};

/* The lazy path against the eager one on one input. Returns how many ops were materialized. */
static int compare_paths(const char *name, const char *text, size_t n, bool strict, int expect)
{
    outcome e = parse_eager(text, n, name, strict);
    outcome l = parse_lazy(text, n, name, strict);
    inputs_compared++;
    int materialized = l.materialized;
    inputs_lazy_ops += materialized;
    if (l.bad_shape) {
        test_failed++;
        fprintf(stderr, "%s: %d lazily skipped regions not as documented\n", name, l.bad_shape);
    } else
        test_passed++;
    if (e.res == SPVK_OK) {
        if (l.res == SPVK_OK)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: parses eagerly, the lazy path fails (%s): %s\n", name,
                    l.stage == STAGE_CREATE ? "create" : "materialize", l.diag ? l.diag : "(no diagnostic)");
        }
        for (int i = 0; l.res == SPVK_OK && i < NUM_MODES; i++) {
            char what[512];
            snprintf(what, sizeof what, "%s (%s)", name, mode_names[i]);
            CHECK_STR_EQ_WHAT(l.text[i], e.text[i], what);
        }
        if (expect & MUST_FAIL) {
            test_failed++;
            fprintf(stderr, "%s: expected to fail\n", name);
        }
    } else {
        inputs_failing++;
        if (l.res != SPVK_OK)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: fails eagerly (%s), the lazy path succeeds\n", name, e.diag ? e.diag : "?");
        }
        if (l.res != SPVK_OK && (l.stage == STAGE_MATERIALIZE || (expect & SAME_DIAG))) {
            char what[512];
            snprintf(what, sizeof what, "%s: first diagnostic", name);
            CHECK_STR_EQ_WHAT(l.diag, e.diag, what);
        }
        if ((expect & AT_MATERIALIZE) && l.stage != STAGE_MATERIALIZE) {
            test_failed++;
            fprintf(stderr, "%s: an error inside a body was reported by create, not materialize\n", name);
        }
    }
    outcome_free(&e);
    outcome_free(&l);
    return materialized;
}

/* ---- Inputs: spirv modules made from the repository's assembly ---- */

typedef struct text_list {
    char **names;
    char **texts;
    size_t count, cap;
} text_list;

static void list_add(text_list *l, const char *name, char *text)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->names = realloc(l->names, l->cap * sizeof *l->names);
        l->texts = realloc(l->texts, l->cap * sizeof *l->texts);
    }
    l->names[l->count] = dup_text(name);
    l->texts[l->count] = text;
    l->count++;
}

static void list_free(text_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->names[i]);
        free(l->texts[i]);
    }
    free(l->names);
    free(l->texts);
    memset(l, 0, sizeof *l);
}

static text_list spirv_modules; /* deserialized and printed: custom, generic, debug-info */

/* Deserializes words and adds the printed module in three forms. */
static bool add_deserialized(const char *name, const uint32_t *words, size_t count)
{
    spvk_ir_context *ctx = new_context(false);
    spvk_ir_op *module = NULL;
    bool ok = spvk_spirv_deserialize(ctx, words, count, &module, NULL) == SPVK_OK &&
              spvk_ir_verify(ctx, module, NULL) == SPVK_OK;
    for (int mode = 0; ok && mode < 3; mode++) {
        spvk_ir_print_options po = {.generic = mode == 1, .debug_info = mode == 2};
        char *s = spvk_ir_print(ctx, module, &po);
        if (!s)
            continue;
        char label[512];
        snprintf(label, sizeof label, "%s.%s.mlir", name, mode == 0 ? "custom" : mode == 1 ? "generic" : "loc");
        list_add(&spirv_modules, label, dup_text(s));
        free_ir_string(s);
    }
    spvk_ir_context_destroy(ctx);
    return ok;
}

static void add_spvasm_dir(const char *root, const char *sub)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, sub);
    size_t count = 0;
    char **names = list_dir(dir, ".spvasm", &count);
    for (size_t i = 0; i < count; i++) {
        char path[4096 + 256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t n = 0;
        char *text = read_file(path, &n);
        uint32_t version = 0;
        const char *env = text ? strstr(text, "; min-env: ") : NULL;
        if (env) {
            char e[64];
            size_t k = 0;
            for (env += 11; k + 1 < sizeof e && env[k] && env[k] != '\n' && env[k] != ' '; k++)
                e[k] = env[k];
            e[k] = 0;
            if (!spvk_target_env_spirv_version(e, &version))
                version = 0;
        }
        spvk_assemble_options o = {.version = version, .file_name = names[i]};
        uint32_t *words = NULL;
        size_t wc = 0;
        if (text && spvk_assemble(text, n, &o, NULL, &words, &wc, NULL) == SPVK_OK)
            add_deserialized(names[i], words, wc); /* what does not deserialize is not an input */
        if (words)
            spvk_free(NULL, words, wc * 4);
        free(text);
        free(names[i]);
    }
    free(names);
}

static void add_spv_dir(const char *dir)
{
    size_t count = 0;
    char **names = list_dir(dir, ".spv", &count);
    for (size_t i = 0; i < count; i++) {
        char path[4096 + 256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t n = 0;
        char *bytes = read_file(path, &n);
        if (bytes && n % 4 == 0 && n >= 20) {
            uint32_t *words = malloc(n);
            memcpy(words, bytes, n);
            add_deserialized(names[i], words, n / 4);
            free(words);
        }
        free(bytes);
        free(names[i]);
    }
    free(names);
}

/* Splits text at lines that are exactly "// -----" (mlir-opt --split-input-file). */
static void add_sections(text_list *l, const char *label, const char *text)
{
    const char *at = text;
    int index = 0;
    for (;;) {
        const char *sep = at;
        while ((sep = strstr(sep, "// -----")) && ((sep != text && sep[-1] != '\n') || (sep[8] && sep[8] != '\n')))
            sep += 8;
        size_t len = sep ? (size_t)(sep - at) : strlen(at);
        char *s = malloc(len + 1);
        memcpy(s, at, len);
        s[len] = 0;
        char name[512];
        snprintf(name, sizeof name, "%s#%d", label, index++);
        list_add(l, name, s);
        if (!sep)
            break;
        at = sep + 8;
    }
}

static text_list forms_sections; /* the two files of tests/ir/spirv, whole and split */

static void load_inputs(const char *root)
{
    add_spvasm_dir(root, "tests/corpus/bf16");
    add_spvasm_dir(root, "tests/run/kernels");
    add_spvasm_dir(root, "tests/gpu");
    const char *forms[] = {"forms.mlir", "forms_input.mlir"};
    for (size_t i = 0; i < 2; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/ir/spirv/%s", root, forms[i]);
        size_t n = 0;
        char *text = read_file(path, &n);
        CHECK(text != NULL);
        if (!text)
            continue;
        list_add(&forms_sections, forms[i], dup_text(text)); /* the whole file too */
        add_sections(&forms_sections, forms[i], text);
        free(text);
    }
    printf("inputs: %zu spirv modules from assembly, %zu forms sections\n", spirv_modules.count,
           forms_sections.count);
    CHECK(spirv_modules.count >= 30);
    CHECK(forms_sections.count >= 20);
}

/* ---- 1. The lazy path prints what the eager one prints ---- */

static void test_data_files(const char *root)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/ir/text", root);
    size_t count = 0;
    char **names = list_dir(dir, ".mlir", &count);
    CHECK(count >= 20);
    for (size_t i = 0; i < count; i++) {
        char path[4096 + 256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t n = 0;
        char *text = read_file(path, &n);
        CHECK(text != NULL);
        if (text) {
            bool strict = strncmp(text, "// RUN-OPTIONS:", 15) == 0 && strstr(text, "no-unregistered") &&
                          strstr(text, "no-unregistered") < strchr(text, '\n');
            compare_paths(names[i], text, n, strict, AGREE);
            /* the expected output of a case that parses is MLIR text too */
            bool error = strncmp(text, "// RUN-OPTIONS:", 15) == 0 && strstr(text, " error") &&
                         strstr(text, " error") < strchr(text, '\n');
            strcpy(path + strlen(path) - 5, ".expected");
            size_t en = 0;
            char *expected = error ? NULL : read_file(path, &en);
            if (expected)
                compare_paths(path + strlen(dir) + 1, expected, en, strict, AGREE);
            free(expected);
        }
        free(text);
        free(names[i]);
    }
    free(names);
}

static void test_spirv_inputs(void)
{
    int lazy = 0;
    for (size_t i = 0; i < forms_sections.count; i++)
        lazy += compare_paths(forms_sections.names[i], forms_sections.texts[i], strlen(forms_sections.texts[i]),
                              false, AGREE);
    for (size_t i = 0; i < spirv_modules.count; i++)
        lazy += compare_paths(spirv_modules.names[i], spirv_modules.texts[i], strlen(spirv_modules.texts[i]),
                              false, AGREE);
    /* The inputs do have functions to skip. */
    CHECK(lazy > 100);
}

/* Snippets: the shapes of bodies the scanner and materialize meet. */
static const char *const snippets[] = {
    /* several functions, blocks, nested structured control flow, calls both ways */
    "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n"
    "  spirv.func @callee(%a: i32, %b: i1) -> i32 \"None\" {\n"
    "    spirv.mlir.selection {\n"
    "      spirv.BranchConditional %b, ^bb1, ^bb2\n"
    "    ^bb1:\n"
    "      spirv.Branch ^bb2\n"
    "    ^bb2:\n"
    "      spirv.mlir.merge\n"
    "    }\n"
    "    %0 = spirv.IAdd %a, %a : i32\n"
    "    spirv.ReturnValue %0 : i32\n"
    "  }\n"
    "  spirv.func @caller() \"None\" {\n"
    "    %c = spirv.Constant 3 : i32\n"
    "    %t = spirv.Constant true\n"
    "    %r = spirv.FunctionCall @callee(%c, %t) : (i32, i1) -> i32\n"
    "    spirv.Return\n"
    "  }\n"
    "  spirv.func @decl(i32) \"None\" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = \"decl\", linkage_type = <Import>>}\n"
    "  spirv.func @blank() \"None\" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = \"b\", linkage_type = <Import>>} {\n"
    "  }\n"
    "  spirv.func @blank_comment() \"None\" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = \"c\", linkage_type = <Import>>} { // } a comment {\n"
    "  }\n"
    "}\n",
    /* generic form, with entry block arguments, locations and block-argument locations */
    "\"builtin.module\"() ({\n"
    "  \"spirv.module\"() ({\n"
    "    \"spirv.func\"() ({\n"
    "    ^bb0(%arg0: i32 loc(\"a.mlir\":1:2)):\n"
    "      \"spirv.ReturnValue\"(%arg0) : (i32) -> () loc(\"a.mlir\":3:4)\n"
    "    }) {function_control = #spirv.function_control<None>, function_type = (i32) -> i32, sym_name = \"g\"} : () -> ()\n"
    "  }) {addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>} : () -> ()\n"
    "}) : () -> ()\n",
    /* a function inside an op that is not isolated, and functions in nested modules */
    "\"test.wrap\"() ({\n"
    "  spirv.func @w() \"None\" {\n"
    "    \"test.in\"() {s = \"{{{\"} : () -> ()\n"
    "    spirv.Return\n"
    "  }\n"
    "  \"test.end\"() : () -> ()\n"
    "}) : () -> ()\n"
    "module @m {\n"
    "  module @n {\n"
    "    spirv.module Logical GLSL450 {\n"
    "      spirv.func @deep() \"None\" {\n"
    "        spirv.Return\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "}\n",
    /* a whole function on one line, no final newline */
    "spirv.module Logical GLSL450 { spirv.func @one() \"None\" { spirv.Return } spirv.func @two() \"None\" { spirv.Return } }",
    /* CRLF line endings and tabs */
    "spirv.module Logical GLSL450 {\r\n\tspirv.func @crlf(%a: i32) -> i32 \"None\" {\r\n\t\t%0 = spirv.IAdd %a, %a : i32\r\n"
    "\t\tspirv.ReturnValue %0 : i32\r\n\t}\r\n}\r\n",
    /* regions in unregistered ops inside a body, braces in attribute dictionaries and dialect bodies */
    "spirv.module Logical GLSL450 {\n"
    "  spirv.func @f() \"None\" {\n"
    "    \"test.r\"() ({\n"
    "      \"test.x\"() {d = {a = {b = 1 : i32}}, o = #foo.bar<{x}, \"}\", [{}]>, t = !foo<{}>} : () -> ()\n"
    "    }, {\n"
    "    ^bb0(%y: i32):\n"
    "      \"test.y\"(%y) : (i32) -> ()\n"
    "    }) : () -> ()\n"
    "    spirv.Return\n"
    "  }\n"
    "}\n",
    /* aliases defined before the functions that use them; location aliases after */
    "!t = i32\n"
    "#a = 7 : i32\n"
    "spirv.module Logical GLSL450 {\n"
    "  spirv.func @f(%x: !t) -> !t \"None\" {\n"
    "    %0 = spirv.Constant #a\n"
    "    %1 = spirv.IAdd %x, %0 : !t loc(#loc1)\n"
    "    spirv.ReturnValue %1 : !t loc(#loc2)\n"
    "  } loc(#loc3)\n"
    "}\n"
    "#loc1 = loc(\"x.mlir\":10:20)\n"
    "#loc2 = loc(\"x.mlir\":11:21)\n"
    "#loc3 = loc(\"x.mlir\":1:1)\n",
    /* a blank body after named arguments: parsed at once (an entry block, no terminator: the
       module does not verify, both print it generic) */
    "spirv.module Logical GLSL450 {\n"
    "  spirv.func @blank_args(%x: i32) \"None\" {   }\n"
    "  spirv.func @g() \"None\" {\n"
    "    spirv.Return\n"
    "  }\n"
    "}\n",
    /* a spirv.func with a symbol name in quotes holding braces */
    "spirv.module Logical GLSL450 {\n"
    "  spirv.func @\"we{ird\"() \"None\" {\n"
    "    spirv.Return\n"
    "  }\n"
    "}\n",
    /* func.func and gpu.func bodies (their parsers refuse an empty body: a skipped one is not),
       argument locations through aliases defined after them */
    "func.func @f(%a: i32 loc(#loc1), %b: i32) -> i32 {\n"
    "  %0 = arith.addi %a, %b : i32\n"
    "  return %0 : i32\n"
    "}\n"
    "gpu.module @k {\n"
    "  gpu.func @g(%m: memref<4xf32> loc(#loc2)) kernel {\n"
    "    gpu.return\n"
    "  }\n"
    "}\n"
    "#loc1 = loc(\"x.mlir\":1:14)\n"
    "#loc2 = loc(\"x.mlir\":6:15)\n",
};

static void test_snippets(void)
{
    for (size_t i = 0; i < sizeof snippets / sizeof *snippets; i++) {
        char name[64];
        snprintf(name, sizeof name, "snippet%zu.mlir", i);
        size_t n = strlen(snippets[i]);
        outcome e = parse_eager(snippets[i], n, name, false);
        CHECK(e.res == SPVK_OK);
        if (e.res != SPVK_OK)
            fprintf(stderr, "%s does not parse eagerly: %s\n", name, e.diag ? e.diag : "?");
        outcome_free(&e);
        CHECK(compare_paths(name, snippets[i], n, false, AGREE) > 0);
    }
}

/* An error put into one function body at a time: the lazy path finds it at materialize, with the
   eager parse's diagnostic (position and source line included). Bodies are the lines between a
   line holding "spirv.func" that ends with '{' and the line that closes it at the same indent. */
static int inject_errors(const char *name, const char *text, int max_functions)
{
    static const char *const bad_lines[] = {
        "\"test.bad\"(%undefined_in_body) : (i32) -> ()",
        "%bad_type = \"test.bad\"() : () -> !undefined_alias",
        "%bad_attr = \"test.bad\"() {a = #undefined_attr_alias} : () -> i32",
        "\"test.bad\"() {s = \"bad \\q escape\"} : () -> ()",
        "spirv.NoSuchOp",
        "\"test.bad\"() : () -> () loc(#never_defined_loc)",
    };
    int injected = 0;
    size_t n = strlen(text);
    for (int which = 0; which < max_functions; which++) {
        /* find the which-th function with a body */
        const char *line = text, *body = NULL, *end = NULL;
        size_t indent = 0;
        int seen = 0;
        while (line < text + n) {
            const char *eol = strchr(line, '\n');
            if (!eol)
                eol = text + n;
            size_t ind = 0;
            while (line + ind < eol && line[ind] == ' ')
                ind++;
            if (!body && strstr(line, "spirv.func") && strstr(line, "spirv.func") < eol && eol > line &&
                eol[-1] == '{') {
                if (seen++ == which) {
                    body = eol + 1;
                    indent = ind;
                }
            } else if (body && ind == indent && line + ind < eol && line[ind] == '}') {
                end = line;
                break;
            }
            line = eol + 1;
        }
        if (!body || !end || end <= body)
            break;
        /* the middle line of the body */
        int lines = 0;
        for (const char *s = body; s < end; s++)
            lines += *s == '\n';
        const char *at = body;
        for (int k = 0; k < lines / 2; k++)
            at = strchr(at, '\n') + 1;
        const char *bad = bad_lines[(size_t)(which + injected) % (sizeof bad_lines / sizeof *bad_lines)];
        size_t pre = (size_t)(at - text), bl = strlen(bad);
        char *s = malloc(n + bl + indent + 8);
        memcpy(s, text, pre);
        memset(s + pre, ' ', indent + 2);
        memcpy(s + pre + indent + 2, bad, bl);
        s[pre + indent + 2 + bl] = '\n';
        memcpy(s + pre + indent + 3 + bl, text + pre, n - pre + 1);
        char label[512];
        snprintf(label, sizeof label, "%s+error%d", name, which);
        compare_paths(label, s, strlen(s), false, BODY_ERROR);
        free(s);
        injected++;
    }
    return injected;
}

static void test_injected_errors(void)
{
    int injected = 0;
    for (size_t i = 0; i < spirv_modules.count; i++)
        if (strstr(spirv_modules.names[i], ".custom."))
            injected += inject_errors(spirv_modules.names[i], spirv_modules.texts[i], 3);
    for (size_t i = 0; i < forms_sections.count; i++)
        if (strchr(forms_sections.names[i], '#'))
            injected += inject_errors(forms_sections.names[i], forms_sections.texts[i], 2);
    printf("errors injected into function bodies: %d\n", injected);
    CHECK(injected > 50);
}

/* Every prefix of a module ending at a line end: both paths agree on success, and print the same. */
static void test_truncations(void)
{
    const char *text = snippets[0];
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\n')
            compare_paths("truncated.mlir", text, i + 1, false, AGREE);
    /* and at every byte of a short one */
    const char *t = snippets[3];
    for (size_t i = 0; i <= strlen(t); i++)
        compare_paths("truncated-bytes.mlir", t, i, false, AGREE);
}

/* ---- 2. Errors inside a function body ---- */

static spvk_ir_op *func_named(spvk_ir_op *module, const char *name)
{
    if (!module || !module->regions[0].first)
        return NULL;
    for (spvk_ir_op *o = module->regions[0].first->first; o; o = o->next) {
        const char *s = spvk_ir_symbol_name(o);
        if (s && strcmp(s, name) == 0)
            return o;
    }
    return NULL;
}

static void test_body_errors(void)
{
    static const char text[] = "spirv.module Logical GLSL450 {\n"
                               "  spirv.func @good() \"None\" {\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "  spirv.func @bad(%a: i32) \"None\" {\n"
                               "    %0 = spirv.IAdd %a, %a : i32\n"
                               "    %1 = spirv.IAdd %0, %nope : i32\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "  spirv.func @later() \"None\" {\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "}\n";
    outcome e = parse_eager(text, strlen(text), "body.mlir", false);
    CHECK(e.res == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(e.diag, "body.mlir:7:");

    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "body.mlir", &d, &top, &lp) == SPVK_OK);
    CHECK(d.count == 0); /* nothing is reported before the body is parsed */
    spvk_ir_op *module = find_spirv_module(top);
    CHECK(count_funcs(module) == 3);
    spvk_ir_op *good = func_named(module, "good"), *bad = func_named(module, "bad"),
               *later = func_named(module, "later");
    CHECK(good && bad && later);
    if (good && bad && later) {
        CHECK(good->regions[0].unmaterialized && bad->regions[0].unmaterialized && later->regions[0].unmaterialized);
        CHECK(spvk_ir_lazy_parser_materialize(lp, later) == SPVK_OK);
        CHECK(spvk_ir_lazy_parser_materialize(lp, bad) == SPVK_ERROR_INVALID);
        CHECK(d.count >= 1);
        char *diag = format_diag(&d, 0);
        CHECK_STR_EQ_WHAT(diag, e.diag, "the body's error, as eager");
        free(diag);
        /* the failed body is not left half built */
        CHECK(bad->regions[0].unmaterialized && bad->regions[0].first == NULL);
        /* every later call fails: bodies never built, the failed one again, one already built, ops
           that have no body to build */
        CHECK(spvk_ir_lazy_parser_materialize(lp, good) != SPVK_OK);
        CHECK(good->regions[0].unmaterialized);
        CHECK(spvk_ir_lazy_parser_materialize(lp, bad) != SPVK_OK);
        CHECK(spvk_ir_lazy_parser_materialize(lp, later) != SPVK_OK);
        CHECK(spvk_ir_lazy_parser_materialize(lp, module) != SPVK_OK);
        CHECK(spvk_ir_lazy_parser_materialize(lp, top) != SPVK_OK);
        /* and so do the streaming hooks */
        spvk_ir_stream st;
        spvk_ir_lazy_parser_stream(lp, NULL, &st);
        CHECK(st.child_begin && st.child_begin(st.user, good) != SPVK_OK);
        CHECK(good->regions[0].unmaterialized);
    }
    spvk_ir_lazy_parser_destroy(lp);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    outcome_free(&e);

    /* Usage: NULL arguments, and outputs cleared on failure. */
    ctx = new_context(false);
    top = (spvk_ir_op *)1;
    lp = (spvk_ir_lazy_parser *)1;
    CHECK(spvk_ir_lazy_parser_create(NULL, text, strlen(text), "x", NULL, &top, &lp) == SPVK_ERROR_USAGE);
    CHECK(top == NULL && lp == NULL);
    CHECK(spvk_ir_lazy_parser_create(ctx, NULL, 3, "x", NULL, &top, &lp) == SPVK_ERROR_USAGE);
    CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "x", NULL, NULL, &lp) == SPVK_ERROR_USAGE);
    CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "x", NULL, &top, NULL) == SPVK_ERROR_USAGE);
    CHECK(spvk_ir_lazy_parser_materialize(NULL, NULL) == SPVK_ERROR_USAGE);
    spvk_ir_lazy_parser_destroy(NULL);
    /* An empty text is an empty module. */
    CHECK(spvk_ir_lazy_parser_create(ctx, "", 0, "empty.mlir", NULL, &top, &lp) == SPVK_OK);
    CHECK(top && lp);
    CHECK(lp && spvk_ir_lazy_parser_materialize(lp, NULL) == SPVK_ERROR_USAGE);
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_context_destroy(ctx);
}

/* The lexer goes on after a skipped body on the line the body ends on: the scanner counts its
   newlines in rounds of 255 blocks of 16 bytes, so a body of several rounds (28 KB here) and the
   error in the header after it must be where the eager parse puts it. */
static void test_lines_after_long_body(void)
{
    size_t cap = 64 * 1024, n = 0;
    char *text = malloc(cap);
    CHECK(text != NULL);
    if (!text)
        return;
    n += (size_t)snprintf(text + n, cap - n, "spirv.module Logical GLSL450 {\n  spirv.func @long(%%a: i32) -> i32 \"None\" {\n");
    for (int i = 0; i < 700; i++)
        n += (size_t)snprintf(text + n, cap - n, "    %%%d = spirv.IAdd %%a, %%a : i32\n", i);
    n += (size_t)snprintf(text + n, cap - n, "    spirv.ReturnValue %%0 : i32\n  }\n"
                                             "  spirv.func @next(%%a: i32) -> i32 \"None\" bogus {\n  }\n}\n");
    CHECK(n < cap);
    outcome e = parse_eager(text, n, "long.mlir", false);
    CHECK(e.res == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(e.diag, "long.mlir:705:");

    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    CHECK(spvk_ir_lazy_parser_create(ctx, text, n, "long.mlir", &d, &top, &lp) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1);
    if (d.count) {
        char *diag = format_diag(&d, 0);
        CHECK_STR_EQ_WHAT(diag, e.diag, "the header's error after a long body, as eager");
        free(diag);
    }
    spvk_ir_lazy_parser_destroy(lp);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    outcome_free(&e);
    free(text);
}

/* Materialize in any order, twice, and again after the body was cleared. */
static void test_materialize_order(void)
{
    const char *text = snippets[0];
    outcome e = parse_eager(text, strlen(text), "order.mlir", false);
    CHECK(e.res == SPVK_OK);
    spvk_ir_context *ctx = new_context(false);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "order.mlir", NULL, &top, &lp) == SPVK_OK);
    spvk_ir_op *module = find_spirv_module(top);
    spvk_ir_op *funcs[16];
    int n = 0;
    for (spvk_ir_op *o = module ? module->regions[0].first->first : NULL; o && n < 16; o = o->next)
        funcs[n++] = o;
    CHECK(n == 5);
    /* the declaration and the blank bodies were never skipped */
    int skipped = 0;
    for (int i = 0; i < n; i++)
        skipped += funcs[i]->regions[0].unmaterialized;
    CHECK(skipped == 2);
    bool was_skipped[16];
    for (int i = 0; i < n; i++)
        was_skipped[i] = funcs[i]->regions[0].unmaterialized;
    for (int i = n - 1; i >= 0; i--)
        CHECK(spvk_ir_lazy_parser_materialize(lp, funcs[i]) == SPVK_OK);
    for (int i = 0; i < n; i++)
        CHECK(spvk_ir_lazy_parser_materialize(lp, funcs[i]) == SPVK_OK); /* built already: nothing to do */
    CHECK(spvk_ir_verify(ctx, top, NULL) == SPVK_OK);
    CHECK(spvk_ir_lazy_parser_materialize(lp, module) == SPVK_OK);     /* no body of its own to build */
    spvk_ir_print_options po = {.debug_info = true};
    char *s = spvk_ir_print(ctx, top, &po);
    CHECK_STR_EQ_WHAT(s, e.text[MODE_CUSTOM_LOC], "reverse order");
    free_ir_string(s);
    /* cleared and built again, three times over */
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < n; i++)
            if (was_skipped[i]) {
                spvk_ir_region_clear(ctx, &funcs[i]->regions[0]);
                funcs[i]->regions[0].unmaterialized = true;
                CHECK(spvk_ir_lazy_parser_materialize(lp, funcs[i]) == SPVK_OK);
            }
    s = spvk_ir_print(ctx, top, &po);
    CHECK_STR_EQ_WHAT(s, e.text[MODE_CUSTOM_LOC], "built again");
    free_ir_string(s);
    CHECK(spvk_ir_verify(ctx, top, NULL) == SPVK_OK);
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_context_destroy(ctx);
    outcome_free(&e);
}

/* ---- 3. The brace scanner: strings and comments ---- */

static void test_scanner(void)
{
    static const char text[] =
        "spirv.module Logical GLSL450 {\n"
        "  spirv.func @f() \"None\" attributes {note = \"}{\"} {\n"
        "    // } a comment with a brace {{\n"
        "    \"test.s\"() {a = \"}{\", b = \"}\", c = \"{\", d = \"\\\"}\", e = \"\\\\\", f = \"// }\"} : () -> () // }\n"
        "    \"test.t\"() {g = \"\\\\\\\"{\"} : () -> ()\n"
        "    spirv.Return // {\n"
        "  }\n"
        "  // {\n"
        "  spirv.func @g() \"None\" {\n"
        "    \"test.u\"() {h = \"}}}}\"} : () -> ()\n"
        "    spirv.Return\n"
        "  }\n"
        "}\n";
    CHECK(compare_paths("scanner.mlir", text, strlen(text), false, AGREE) == 2);
    outcome l = parse_lazy(text, strlen(text), "scanner.mlir", false);
    CHECK(l.res == SPVK_OK);
    CHECK_STR_CONTAINS(l.text[MODE_GENERIC], "a = \"}{\"");
    CHECK_STR_CONTAINS(l.text[MODE_GENERIC], "h = \"}}}}\"");
    outcome_free(&l);

    /* The text of an unregistered dialect's attribute is read raw (no comments there, as in
       MLIR): `#foo<a//>` is a whole attribute, and what follows it on the line is still code.
       Eagerly this parses; the lazy scanner must not take the `//` for a comment. */
    static const char opaque[] = "spirv.module Logical GLSL450 {\n"
                                 "  spirv.func @f() \"None\" {\n"
                                 "    \"test.a\"() {x = #foo<a//>} : () -> ()\n"
                                 "    spirv.Return\n"
                                 "  }\n"
                                 "  spirv.func @g() \"None\" {\n"
                                 "    spirv.Return\n"
                                 "  }\n"
                                 "}\n";
    compare_paths("opaque-slashes.mlir", opaque, strlen(opaque), false, AGREE);
    static const char opaque_type[] = "spirv.module Logical GLSL450 {\n"
                                      "  spirv.func @f() \"None\" {\n"
                                      "    \"test.a\"() {t = !foo.ty<http://x>} : () -> ()\n"
                                      "    spirv.Return\n"
                                      "  }\n"
                                      "}\n";
    compare_paths("opaque-type-slashes.mlir", opaque_type, strlen(opaque_type), false, AGREE);

    /* The builtin attributes whose body the parser reads raw, as it reads unregistered dialects'
       (affine_map, affine_set, dense_resource, sparse, opaque: "kept as written"): `//` in them
       is no comment either, in a body as anywhere. (A strided layout is read raw too but then
       parsed: `strided<[1]//>` is no layout, as in MLIR.) */
    static const char *const raw_builtins[] = {
        "affine_map<(d0) -> (d0)//>", "affine_set<(d0) : (d0 == 0)//>", "dense_resource<blob//>",
        "sparse<a//>",                "opaque<\"x\", \"0x00\"//>",
    };
    for (size_t i = 0; i < sizeof raw_builtins / sizeof *raw_builtins; i++) {
        char raw[1024], name[64];
        snprintf(raw, sizeof raw,
                 "spirv.module Logical GLSL450 {\n"
                 "  spirv.func @f() \"None\" {\n"
                 "    \"test.a\"() {m = %s} : () -> ()\n"
                 "    spirv.Return\n"
                 "  }\n"
                 "  spirv.func @g() \"None\" {\n"
                 "    spirv.Return\n"
                 "  }\n"
                 "}\n",
                 raw_builtins[i]);
        snprintf(name, sizeof name, "raw-builtin%zu.mlir", i);
        outcome e = parse_eager(raw, strlen(raw), name, false);
        CHECK(e.res == SPVK_OK); /* the premise: the whole-text parse takes it */
        outcome_free(&e);
        compare_paths(name, raw, strlen(raw), false, AGREE);
    }
    /* (Not the lazy parser's: an integer set's `>=` is no closing bracket. MLIR reads
       affine_set<(d0) : (d0 >= 0)>; the raw scanner takes its '>' for the end of the body.) */
    static const char ge[] = "\"test.a\"() {s = affine_set<(d0) : (d0 >= 0)>} : () -> ()\n";
    outcome ge_out = parse_eager(ge, strlen(ge), "affine-set-ge.mlir", false);
    if (ge_out.res == SPVK_OK)
        test_passed++;
    else {
        test_failed++;
        fprintf(stderr, "affine-set-ge.mlir: the whole-text parse refuses a valid integer set: %s\n",
                ge_out.diag ? ge_out.diag : "?");
    }
    outcome_free(&ge_out);
    compare_paths("affine-set-ge.mlir", ge, strlen(ge), false, AGREE);
    /* ... and in a type: a memref layout. */
    static const char raw_layout[] = "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @f() \"None\" {\n"
                                     "    \"test.a\"() {t = memref<4xf32, affine_map<(d0) -> (d0)//>>} : () -> ()\n"
                                     "    spirv.Return\n"
                                     "  }\n"
                                     "}\n";
    compare_paths("raw-layout.mlir", raw_layout, strlen(raw_layout), false, AGREE);
    /* A NUL inside a string (the lexer keeps it) and braces after it. */
    static const char nul_in_string[] = "spirv.module Logical GLSL450 {\n"
                                        "  spirv.func @f() \"None\" {\n"
                                        "    \"test.a\"() {s = \"a\0}\"} : () -> ()\n"
                                        "    spirv.Return\n"
                                        "  }\n"
                                        "}\n";
    compare_paths("nul-in-string.mlir", nul_in_string, sizeof nul_in_string - 1, false, AGREE);
    /* A string the lexer refuses (a vertical tab, an unknown escape) but the scanner skips whole:
       the error is the body's, found by materialize. */
    static const char vtab[] = "spirv.module Logical GLSL450 {\n"
                               "  spirv.func @f() \"None\" {\n"
                               "    \"test.a\"() {s = \"a\v}\"} : () -> ()\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "}\n";
    compare_paths("vtab-in-string.mlir", vtab, strlen(vtab), false, BODY_ERROR);
    static const char bad_escape[] = "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @f() \"None\" {\n"
                                     "    \"test.a\"() {s = \"a\\q}\"} : () -> ()\n"
                                     "    spirv.Return\n"
                                     "  }\n"
                                     "}\n";
    compare_paths("bad-escape.mlir", bad_escape, strlen(bad_escape), false, BODY_ERROR);
    /* File metadata markers inside a body are an error there. */
    static const char metadata[] = "spirv.module Logical GLSL450 {\n"
                                   "  spirv.func @f() \"None\" {\n"
                                   "    {-# x #-}\n"
                                   "    spirv.Return\n"
                                   "  }\n"
                                   "}\n";
    compare_paths("metadata-in-body.mlir", metadata, strlen(metadata), false, MUST_FAIL);

    /* A string left open inside a body (an error at the string, eagerly): the scanner cannot find
       where the body ends, so create may fail, but with the eager parse's diagnostic (at the
       string), not one about braces the string swallowed. */
    static const char open_string[] = "spirv.module Logical GLSL450 {\n"
                                      "  spirv.func @f() \"None\" {\n"
                                      "    \"test.a\"() {s = \"open\n"
                                      "{\"} : () -> ()\n"
                                      "    spirv.Return\n"
                                      "  }\n"
                                      "}\n";
    compare_paths("open-string.mlir", open_string, strlen(open_string), false, MUST_FAIL | SAME_DIAG);
    /* A nul byte inside a body. */
    static const char nul[] = "spirv.module Logical GLSL450 {\n"
                              "  spirv.func @f() \"None\" {\n"
                              "    \"test.a\"() : () -> () \0 }\n"
                              "    spirv.Return\n"
                              "  }\n"
                              "}\n";
    compare_paths("nul.mlir", nul, sizeof nul - 1, false, AGREE);
}

/* ---- 4. An unbalanced body ---- */

static void test_unbalanced(void)
{
    static const char text[] = "spirv.module Logical GLSL450 {\n"
                               "  spirv.func @f() \"None\" {\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "  spirv.func @open() \"None\" {\n"
                               "    \"test.r\"() ({\n"
                               "      \"test.x\"() : () -> ()\n"
                               "    }) : () -> ()\n"
                               "    spirv.Return\n"
                               "}\n";
    outcome e = parse_eager(text, strlen(text), "open.mlir", false);
    CHECK(e.res == SPVK_ERROR_INVALID);
    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = (spvk_ir_op *)1;
    spvk_ir_lazy_parser *lp = (spvk_ir_lazy_parser *)1;
    CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "open.mlir", &d, &top, &lp) == SPVK_ERROR_INVALID);
    CHECK(top == NULL && lp == NULL);
    CHECK(d.count >= 1);
    if (d.count) {
        /* the module's '}' closed the open body: the module misses its own, at the end */
        CHECK(d.items[0].file && strcmp(d.items[0].file, "open.mlir") == 0);
        CHECK(d.items[0].line == 10 && d.items[0].column == 2);
        char *s = format_diag(&d, 0);
        CHECK_STR_CONTAINS(s, "open.mlir:10:2: error: ");
        CHECK_STR_CONTAINS(s, "'}'");
        free(s);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    outcome_free(&e);
    /* Nothing after to close it. */
    static const char open_top[] = "\"test.x\"() : () -> ()\n"
                                   "spirv.func @open() \"None\" {\n"
                                   "  \"test.r\"() ({\n"
                                   "    \"test.x\"() {s = \"}\"} : () -> () // }\n"
                                   "  }) : () -> ()\n"
                                   "  spirv.Return\n";
    ctx = new_context(false);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_ir_lazy_parser_create(ctx, open_top, strlen(open_top), "open_top.mlir", &d, &top, &lp) ==
          SPVK_ERROR_INVALID);
    CHECK(top == NULL && lp == NULL);
    CHECK(d.count >= 1);
    if (d.count) {
        /* at the '{' never closed, or where the text ends */
        CHECK(d.items[0].file && strcmp(d.items[0].file, "open_top.mlir") == 0);
        CHECK((d.items[0].line == 2 && d.items[0].column == 27) || (d.items[0].line == 6 && d.items[0].column == 15));
        char *s = format_diag(&d, 0);
        CHECK_STR_CONTAINS(s, "open_top.mlir:");
        CHECK_STR_CONTAINS(s, ": error: expected '}'");
        free(s);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    compare_paths("open_top.mlir", open_top, strlen(open_top), false, AGREE);
    /* An extra '}' in a body closes it early: an error at create too. */
    static const char extra[] = "spirv.module Logical GLSL450 {\n"
                                "  spirv.func @f() \"None\" {\n"
                                "    }\n"
                                "    spirv.Return\n"
                                "  }\n"
                                "}\n";
    outcome l = parse_lazy(extra, strlen(extra), "extra.mlir", false);
    CHECK(l.res == SPVK_ERROR_INVALID);
    outcome_free(&l);
    compare_paths("extra.mlir", extra, strlen(extra), false, AGREE);
    compare_paths("open.mlir", text, strlen(text), false, AGREE);
}

/* ---- 5. Aliases ---- */

static void test_aliases(void)
{
    static const char after[] = "spirv.module Logical GLSL450 {\n"
                                "  spirv.func @f() \"None\" {\n"
                                "    %0 = \"test.a\"() : () -> !t\n"
                                "    spirv.Return\n"
                                "  }\n"
                                "}\n"
                                "!t = i32\n";
    outcome e = parse_eager(after, strlen(after), "after.mlir", false);
    CHECK(e.res == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(e.diag, "after.mlir:3:");
    outcome l = parse_lazy(after, strlen(after), "after.mlir", false);
    CHECK(l.res == SPVK_ERROR_INVALID && l.stage == STAGE_MATERIALIZE);
    CHECK_STR_EQ_WHAT(l.diag, e.diag, "type alias defined after the function");
    outcome_free(&e);
    outcome_free(&l);
    compare_paths("after.mlir", after, strlen(after), false, BODY_ERROR);

    static const char before[] = "!t = i32\n"
                                 "spirv.module Logical GLSL450 {\n"
                                 "  spirv.func @f() \"None\" {\n"
                                 "    %0 = \"test.a\"() : () -> !t\n"
                                 "    spirv.Return\n"
                                 "  }\n"
                                 "}\n";
    e = parse_eager(before, strlen(before), "before.mlir", false);
    CHECK(e.res == SPVK_OK);
    outcome_free(&e);
    CHECK(compare_paths("before.mlir", before, strlen(before), false, AGREE) == 1);

    /* Between two functions: the first cannot see it, the second can. */
    static const char between_bad[] = "spirv.module Logical GLSL450 {\n"
                                      "  spirv.func @f() \"None\" {\n"
                                      "    %0 = \"test.a\"() {v = #v} : () -> i32\n"
                                      "    spirv.Return\n"
                                      "  }\n"
                                      "}\n"
                                      "#v = 1 : i32\n"
                                      "spirv.module Logical GLSL450 {\n"
                                      "  spirv.func @g() \"None\" {\n"
                                      "    %0 = \"test.a\"() {v = #v} : () -> i32\n"
                                      "    spirv.Return\n"
                                      "  }\n"
                                      "}\n";
    compare_paths("between-bad.mlir", between_bad, strlen(between_bad), false, BODY_ERROR);
    static const char between_ok[] = "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @f() \"None\" {\n"
                                     "    spirv.Return\n"
                                     "  }\n"
                                     "}\n"
                                     "#v = 1 : i32\n"
                                     "!w = !spirv.ptr<vector<2xf32>, Function>\n"
                                     "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @g() \"None\" {\n"
                                     "    %0 = \"test.a\"() {v = #v} : () -> !w\n"
                                     "    spirv.Return\n"
                                     "  }\n"
                                     "}\n";
    CHECK(compare_paths("between-ok.mlir", between_ok, strlen(between_ok), false, AGREE) == 2);
    /* In a dialect type's body (the spirv dialect reads `!t` through the parser). */
    static const char in_dialect_type[] = "spirv.module Logical GLSL450 {\n"
                                          "  spirv.func @f() \"None\" {\n"
                                          "    %0 = spirv.Variable : !spirv.ptr<!t, Function>\n"
                                          "    spirv.Return\n"
                                          "  }\n"
                                          "}\n"
                                          "!t = f32\n";
    compare_paths("in-dialect-type.mlir", in_dialect_type, strlen(in_dialect_type), false, BODY_ERROR);

    /* The parser remembers dialect types by their text; one that reads an alias means something
       only after the alias. The later body is built first, then the earlier one must still fail
       as it does on its own, and a third, same text without the alias, is remembered and reused. */
    static const char memo[] = "spirv.module Logical GLSL450 {\n"
                               "  spirv.func @f() \"None\" {\n"
                               "    %0 = spirv.Variable : !spirv.ptr<!t, Function>\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "}\n"
                               "!t = f32\n"
                               "spirv.module Logical GLSL450 {\n"
                               "  spirv.func @g() \"None\" {\n"
                               "    %0 = spirv.Variable : !spirv.ptr<!t, Function>\n"
                               "    %1 = spirv.Variable : !spirv.ptr<!spirv.struct<(f32 [0])>, Function>\n"
                               "    %2 = spirv.Variable : !spirv.ptr<!spirv.struct<(f32 [0])>, Function>\n"
                               "    %3 = spirv.Variable : !spirv.ptr<!t, Function>\n"
                               "    spirv.Return\n"
                               "  }\n"
                               "}\n";
    {
        spvk_ir_context *ctx = new_context(false);
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        spvk_ir_op *top = NULL;
        spvk_ir_lazy_parser *lp = NULL;
        CHECK(spvk_ir_lazy_parser_create(ctx, memo, strlen(memo), "memo.mlir", &diags, &top, &lp) == SPVK_OK);
        spvk_ir_op *mods[2] = {NULL, NULL};
        int nm = 0;
        for (spvk_ir_op *o = top ? top->regions[0].first->first : NULL; o && nm < 2; o = o->next)
            if (strcmp(spvk_ir_op_name(o), "spirv.module") == 0)
                mods[nm++] = o;
        CHECK(nm == 2);
        if (nm == 2) {
            spvk_ir_op *f = mods[0]->regions[0].first->first, *g = mods[1]->regions[0].first->first;
            CHECK(spvk_ir_lazy_parser_materialize(lp, g) == SPVK_OK);
            char *s = spvk_ir_print(ctx, g, NULL);
            CHECK_STR_CONTAINS(s, "%0 = spirv.Variable : !spirv.ptr<f32, Function>");
            CHECK_STR_CONTAINS(s, "%2 = spirv.Variable : !spirv.ptr<!spirv.struct<(f32 [0])>, Function>");
            CHECK_STR_CONTAINS(s, "%3 = spirv.Variable : !spirv.ptr<f32, Function>");
            free_ir_string(s);
            CHECK(spvk_ir_lazy_parser_materialize(lp, f) == SPVK_ERROR_INVALID);
            char *text = diags.count ? format_diag(&diags, 0) : NULL;
            CHECK_STR_CONTAINS(text, "memo.mlir:3:");
            CHECK_STR_CONTAINS(text, "!t");
            free(text);
        }
        spvk_ir_lazy_parser_destroy(lp);
        spvk_diagnostics_free(&diags);
        spvk_ir_context_destroy(ctx);
    }

    /* Location aliases may come after their uses, in bodies as elsewhere; one never defined is an
       error inside the body. */
    CHECK(compare_paths("loc-later.mlir", snippets[6], strlen(snippets[6]), false, AGREE) == 1);
    static const char loc_missing[] = "spirv.module Logical GLSL450 {\n"
                                      "  spirv.func @f() \"None\" {\n"
                                      "    spirv.Return loc(#nowhere)\n"
                                      "  }\n"
                                      "}\n"
                                      "#elsewhere = loc(\"e.mlir\":1:1)\n";
    compare_paths("loc-missing.mlir", loc_missing, strlen(loc_missing), false, BODY_ERROR);
    /* An attribute alias used as a location in a body, defined later, that is not a location. */
    static const char loc_not[] = "spirv.module Logical GLSL450 {\n"
                                  "  spirv.func @f() \"None\" {\n"
                                  "    spirv.Return loc(#notloc)\n"
                                  "  }\n"
                                  "}\n"
                                  "#notloc = 3 : i32\n";
    compare_paths("loc-not.mlir", loc_not, strlen(loc_not), false, BODY_ERROR);
    /* Location aliases not directly in an op's trailing loc(...) must be defined before their use
       (eagerly: "undefined symbol alias id"); in a body read late, a later one must stay unseen. */
    static const char loc_nested[] = "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @f() \"None\" {\n"
                                     "    spirv.Return loc(callsite(#a at #b))\n"
                                     "  }\n"
                                     "}\n"
                                     "#a = loc(\"a.mlir\":1:1)\n"
                                     "#b = loc(\"b.mlir\":2:2)\n";
    compare_paths("loc-nested.mlir", loc_nested, strlen(loc_nested), false, BODY_ERROR);
    static const char loc_attr[] = "spirv.module Logical GLSL450 {\n"
                                   "  spirv.func @f() \"None\" {\n"
                                   "    \"test.a\"() {where = loc(#a)} : () -> ()\n"
                                   "    spirv.Return\n"
                                   "  }\n"
                                   "}\n"
                                   "#a = loc(\"a.mlir\":1:1)\n";
    compare_paths("loc-attr.mlir", loc_attr, strlen(loc_attr), false, BODY_ERROR);
    /* Defined before: fine both ways. */
    static const char loc_before[] = "#a = loc(\"a.mlir\":1:1)\n"
                                     "#b = loc(\"b.mlir\":2:2)\n"
                                     "spirv.module Logical GLSL450 {\n"
                                     "  spirv.func @f() \"None\" {\n"
                                     "    \"test.a\"() {where = loc(#a)} : () -> () loc(fused[#a, #b])\n"
                                     "    spirv.Return loc(callsite(#a at #b))\n"
                                     "  }\n"
                                     "}\n";
    CHECK(compare_paths("loc-before.mlir", loc_before, strlen(loc_before), false, AGREE) == 1);
}

/* ---- 6. The streaming hooks with the printer ---- */

typedef struct sink {
    char *text;
    size_t length;
} sink;

static bool write_sink(void *user, const char *text, size_t length)
{
    sink *s = user;
    char *t = realloc(s->text, s->length + length + 1);
    if (!t)
        return false;
    memcpy(t + s->length, text, length);
    s->length += length;
    t[s->length] = 0;
    s->text = t;
    return true;
}

/* The ops directly inside module whose bodies were skipped (at most max). */
static int skipped_children(spvk_ir_op *module, spvk_ir_op **out, int max)
{
    int n = 0;
    for (spvk_ir_op *o = module->regions[0].first->first; o && n < max; o = o->next)
        if (has_unmaterialized(o))
            out[n++] = o;
    return n;
}

/* The threads streams use (spvk_ir_lazy_parser_set_threads): the streaming tests run with 1, then
   again with several. With workers, a body one of them built is freed by it a little later (at
   the latest when the lazy parser goes), and which thread builds what varies from run to run, so
   "bodies freed" is checked after the lazy parser is destroyed and the context's exact memory
   is compared only with one thread. */
static unsigned stream_threads = 1;

/* Each is as create left it: unmaterialized, no blocks. */
static bool all_unmaterialized(spvk_ir_op *const *ops, int n)
{
    for (int i = 0; i < n; i++)
        for (uint32_t r = 0; r < ops[i]->num_regions; r++)
            if (ops[i]->regions[r].first || (!ops[i]->regions[r].unmaterialized && r == 0))
                return false;
    return true;
}

/* Streamed printing of the spirv.module (its ops are the stream's children) gives the eager text,
   twice over, memory flat the second time; bodies are freed after. Returns false when the module
   has nothing to stream. */
static bool check_stream_print(const char *name, const char *text, int mode)
{
    bool generic = mode == MODE_GENERIC || mode == MODE_GENERIC_LOC, loc = mode >= MODE_CUSTOM_LOC;
    spvk_ir_context *ectx = new_context(false);
    spvk_ir_op *etop = NULL;
    if (spvk_ir_parse(ectx, text, strlen(text), name, &etop, NULL) != SPVK_OK || !find_spirv_module(etop) ||
        spvk_ir_verify(ectx, etop, NULL) != SPVK_OK) {
        spvk_ir_context_destroy(ectx);
        return false;
    }
    spvk_ir_print_options epo = {.generic = generic, .debug_info = loc};
    char *expected = spvk_ir_print(ectx, find_spirv_module(etop), &epo);

    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    bool streamed_any = false;
    static spvk_ir_op *skipped[4096];
    int num_skipped = 0;
    if (spvk_ir_lazy_parser_create(ctx, text, strlen(text), name, &d, &top, &lp) != SPVK_OK) {
        test_failed++;
        fprintf(stderr, "%s: lazy create failed\n", name);
    } else {
        spvk_ir_op *module = find_spirv_module(top);
        num_skipped = skipped_children(module, skipped, 4096);
        streamed_any = num_skipped > 0;
        spvk_ir_verifier *verifier = spvk_ir_verifier_create(ctx, &d);
        CHECK(verifier && spvk_ir_verifier_run_streamed(verifier, top) == SPVK_OK);
        size_t memory = 0;
        char *first = NULL;
        spvk_ir_lazy_parser_set_threads(lp, stream_threads);
        /* The first round uniques what printing makes for good (attributes, names), which may
           take pieces off the free lists that the next round then needs from a new chunk; from
           then on, a round must reuse what the one before it freed. */
        for (int round = 0; round < 3; round++) {
            spvk_ir_print_options po = {.generic = generic, .debug_info = loc, .assume_verified = true};
            po.threads = stream_threads; /* printing threads too (custom form) */
            po.workers = spvk_ir_parallel_print_workers();
            spvk_ir_lazy_parser_stream(lp, verifier, &po.stream);
            sink out = {NULL, 0};
            spvk_result r = spvk_ir_print_to(ctx, module, &po, write_sink, &out);
            if (r != SPVK_OK) {
                test_failed++;
                fprintf(stderr, "%s: streamed print failed (%d)\n", name, (int)r);
            }
            char what[512];
            snprintf(what, sizeof what, "%s: streamed print (%s), round %d", name, mode_names[mode], round);
            CHECK_STR_EQ_WHAT(out.text, expected, what);
            CHECK(stream_threads > 1 || all_unmaterialized(skipped, num_skipped));
            if (round == 0) {
                first = out.text;
                continue;
            }
            if (round == 1) {
                memory = spvk_ir_context_memory(ctx);
            } else if (stream_threads > 1 || spvk_ir_context_memory(ctx) == memory) {
                test_passed++;
            } else {
                test_failed++;
                fprintf(stderr, "%s (%s): the third streamed print grew the context's memory: %zu -> %zu\n", name,
                        mode_names[mode], memory, spvk_ir_context_memory(ctx));
            }
            CHECK_STR_EQ_WHAT(out.text, first, "a later round");
            free(out.text);
        }
        free(first);
        CHECK(d.count == 0);
        spvk_ir_verifier_destroy(verifier);
    }
    spvk_ir_lazy_parser_destroy(lp);
    if (stream_threads > 1)
        CHECK(all_unmaterialized(skipped, num_skipped));
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    free_ir_string(expected);
    spvk_ir_context_destroy(ectx);
    return streamed_any;
}

static void test_stream_print(void)
{
    int streamed = 0;
    for (size_t i = 0; i < spirv_modules.count; i++)
        for (int mode = 0; mode < NUM_MODES; mode++)
            streamed += check_stream_print(spirv_modules.names[i], spirv_modules.texts[i], mode);
    for (size_t i = 0; i < forms_sections.count; i++)
        if (strchr(forms_sections.names[i], '#'))
            for (int mode = 0; mode < NUM_MODES; mode++)
                streamed += check_stream_print(forms_sections.names[i], forms_sections.texts[i], mode);
    for (int mode = 0; mode < NUM_MODES; mode++)
        streamed += check_stream_print("snippet0.mlir", snippets[0], mode);
    printf("streamed prints: %d\n", streamed);
    CHECK(streamed > 100);

    /* An error in a body stops the streamed print with it. */
    static const char bad[] = "spirv.module Logical GLSL450 {\n"
                              "  spirv.func @f() \"None\" {\n"
                              "    spirv.Return\n"
                              "  }\n"
                              "  spirv.func @g() \"None\" {\n"
                              "    spirv.Branch ^nowhere\n"
                              "  }\n"
                              "}\n";
    for (int generic = 0; generic < 2; generic++) {
        spvk_ir_context *ctx = new_context(false);
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_ir_op *top = NULL;
        spvk_ir_lazy_parser *lp = NULL;
        CHECK(spvk_ir_lazy_parser_create(ctx, bad, strlen(bad), "bad.mlir", &d, &top, &lp) == SPVK_OK);
        spvk_ir_print_options po = {.generic = generic != 0, .assume_verified = true};
        spvk_ir_lazy_parser_stream(lp, NULL, &po.stream);
        sink out = {NULL, 0};
        CHECK(spvk_ir_print_to(ctx, find_spirv_module(top), &po, write_sink, &out) == SPVK_ERROR_INVALID);
        CHECK(d.count >= 1);
        char *s = format_diag(&d, 0);
        CHECK_STR_CONTAINS(s, "bad.mlir:6:");
        free(s);
        free(out.text);
        spvk_ir_lazy_parser_destroy(lp);
        spvk_diagnostics_free(&d);
        spvk_ir_context_destroy(ctx);
    }

    /* A verifier error in a body (the hooks verify each function) stops it too. */
    static const char invalid[] = "spirv.module Logical GLSL450 {\n"
                                  "  spirv.func @f(%a: i32) -> f32 \"None\" {\n"
                                  "    spirv.ReturnValue %a : i32\n"
                                  "  }\n"
                                  "}\n";
    {
        spvk_ir_context *ctx = new_context(false);
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_ir_op *top = NULL;
        spvk_ir_lazy_parser *lp = NULL;
        CHECK(spvk_ir_lazy_parser_create(ctx, invalid, strlen(invalid), "invalid.mlir", &d, &top, &lp) == SPVK_OK);
        spvk_ir_verifier *verifier = spvk_ir_verifier_create(ctx, &d);
        spvk_ir_print_options po = {.assume_verified = true};
        spvk_ir_lazy_parser_stream(lp, verifier, &po.stream);
        sink out = {NULL, 0};
        CHECK(spvk_ir_print_to(ctx, find_spirv_module(top), &po, write_sink, &out) != SPVK_OK);
        CHECK(d.count >= 1);
        free(out.text);
        spvk_ir_lazy_parser_destroy(lp);
        spvk_ir_verifier_destroy(verifier);
        spvk_diagnostics_free(&d);
        spvk_ir_context_destroy(ctx);
    }
}

/* Memory over many streamed prints: each round parses every body again and frees it after, so
   after the first round the context's memory must stay where it is, whatever the bodies hold.
   Three shapes, each 300 times in one body: plain ops, ops with regions, struct types. */
static size_t stream_rounds_growth(const char *line_fmt, int rounds)
{
    size_t cap = 300 * 256 + 1024, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n, "spirv.module Logical GLSL450 {\n  spirv.func @f(%%b: i1, %%i: i32) \"None\" {\n");
    for (int k = 0; k < 300; k++) {
        n += (size_t)snprintf(text + n, cap - n, "    ");
        n += (size_t)snprintf(text + n, cap - n, line_fmt, k);
        n += (size_t)snprintf(text + n, cap - n, "\n");
    }
    snprintf(text + n, cap - n, "    spirv.Return\n  }\n}\n");
    spvk_ir_context *ctx = new_context(false);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    size_t after_first = 0, growth = (size_t)-1;
    if (spvk_ir_lazy_parser_create(ctx, text, strlen(text), "rounds.mlir", NULL, &top, &lp) == SPVK_OK) {
        growth = 0;
        for (int round = 0; round < rounds; round++) {
            spvk_ir_print_options po = {.assume_verified = true};
            spvk_ir_lazy_parser_stream(lp, NULL, &po.stream);
            sink out = {NULL, 0};
            CHECK(spvk_ir_print_to(ctx, find_spirv_module(top), &po, write_sink, &out) == SPVK_OK);
            free(out.text);
            if (round == 0)
                after_first = spvk_ir_context_memory(ctx);
        }
        growth = spvk_ir_context_memory(ctx) - after_first;
    }
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_context_destroy(ctx);
    free(text);
    return growth;
}

static void test_stream_memory(void)
{
    static const struct {
        const char *what, *line;
    } shapes[] = {
        {"plain ops", "%%x%d = spirv.IAdd %%i, %%i : i32"},
        {"ops with regions", "spirv.mlir.selection { // %d\n      spirv.mlir.merge\n    }"},
        {"struct types", "%%v%d = spirv.Variable : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>"},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        size_t growth = stream_rounds_growth(shapes[i].line, 20);
        if (growth == 0)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "streamed printing, %s: the context's memory grew by %zu bytes over 19 rounds\n",
                    shapes[i].what, growth);
        }
    }
}

/* The parse's result is a builtin.module around the spirv.module: the functions are not the
   stream's children there. Printing it with the hooks must not print function bodies that were
   never built as empty ones: either the text is the eager text, or the print fails. */
static void test_stream_print_wrapped(void)
{
    const char *text = snippets[0];
    for (int mode = 0; mode < NUM_MODES; mode++) {
        bool generic = mode == MODE_GENERIC || mode == MODE_GENERIC_LOC, loc = mode >= MODE_CUSTOM_LOC;
        outcome e = parse_eager(text, strlen(text), "wrapped.mlir", false);
        spvk_ir_context *ctx = new_context(false);
        spvk_ir_op *top = NULL;
        spvk_ir_lazy_parser *lp = NULL;
        CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "wrapped.mlir", NULL, &top, &lp) == SPVK_OK);
        spvk_ir_print_options po = {.generic = generic, .debug_info = loc, .assume_verified = true};
        spvk_ir_lazy_parser_stream(lp, NULL, &po.stream);
        spvk_ir_op *module = find_spirv_module(top);
        static spvk_ir_op *skipped[64];
        int num_skipped = module ? skipped_children(module, skipped, 64) : 0;
        CHECK(num_skipped == 2);
        size_t memory = 0;
        for (int round = 0; round < 3; round++) {
            sink out = {NULL, 0};
            spvk_result r = spvk_ir_print_to(ctx, top, &po, write_sink, &out);
            if (r == SPVK_OK) {
                char what[128];
                snprintf(what, sizeof what, "streamed print of the builtin.module (%s)", mode_names[mode]);
                CHECK_STR_EQ_WHAT(out.text, e.text[mode], what);
                /* the functions inside the child were freed after it, too */
                CHECK(all_unmaterialized(skipped, num_skipped));
            } else
                test_passed++;
            free(out.text);
            if (round == 1)
                memory = spvk_ir_context_memory(ctx);
            else if (round == 2)
                CHECK(spvk_ir_context_memory(ctx) == memory);
        }
        spvk_ir_lazy_parser_destroy(lp);
        spvk_ir_context_destroy(ctx);
        outcome_free(&e);
    }
}

/* ---- 7. The streaming hooks with the serializer ---- */

typedef struct words {
    spvk_result res;
    uint32_t *w;
    size_t n;
    char *diag;
} words;

static void words_free(words *w)
{
    if (w->w)
        spvk_free(NULL, w->w, w->n * 4);
    free(w->diag);
    memset(w, 0, sizeof *w);
}

static words serialize_eager(const char *text, const char *name)
{
    words out = {SPVK_ERROR_INVALID, NULL, 0, NULL};
    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    out.res = spvk_ir_parse(ctx, text, strlen(text), name, &top, &d);
    if (out.res == SPVK_OK)
        out.res = spvk_ir_verify(ctx, top, &d);
    if (out.res == SPVK_OK) {
        spvk_ir_op *module = find_spirv_module(top);
        out.res = module ? spvk_spirv_serialize(ctx, module, &out.w, &out.n, &d) : SPVK_ERROR_INVALID;
    }
    out.diag = format_diag(&d, 0);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    return out;
}

/* As spvkit translate --serialize-spirv: lazy parse, the module level verified, then each
   function parsed, verified, serialized and freed. rounds > 1 serializes again (memory flat). */
static words serialize_streamed(const char *text, const char *name, int rounds, bool *bodies_freed)
{
    words out = {SPVK_ERROR_INVALID, NULL, 0, NULL};
    spvk_ir_context *ctx = new_context(false);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    spvk_ir_verifier *verifier = NULL;
    if (bodies_freed)
        *bodies_freed = true;
    out.res = spvk_ir_lazy_parser_create(ctx, text, strlen(text), name, &d, &top, &lp);
    if (out.res == SPVK_OK) {
        verifier = spvk_ir_verifier_create(ctx, &d);
        out.res = verifier ? spvk_ir_verifier_run_streamed(verifier, top) : SPVK_ERROR_OUT_OF_MEMORY;
    }
    spvk_ir_op *module = out.res == SPVK_OK ? find_spirv_module(top) : NULL;
    if (out.res == SPVK_OK && !module)
        out.res = SPVK_ERROR_INVALID;
    size_t memory = 0;
    static spvk_ir_op *skipped[4096];
    int num_skipped = module ? skipped_children(module, skipped, 4096) : 0;
    spvk_ir_lazy_parser_set_threads(lp, stream_threads);
    for (int round = 0; module && round < rounds; round++) {
        spvk_ir_stream stream;
        spvk_ir_lazy_parser_stream(lp, verifier, &stream);
        uint32_t *w = NULL;
        size_t n = 0;
        spvk_result r = spvk_spirv_serialize_streamed(ctx, module, &stream, &w, &n, &d);
        if (bodies_freed && stream_threads == 1 && !all_unmaterialized(skipped, num_skipped))
            *bodies_freed = false; /* a skipped body built and kept */
        if (round == 0) {
            out.res = r;
            out.w = w;
            out.n = n;
            memory = spvk_ir_context_memory(ctx);
            if (r != SPVK_OK)
                break;
        } else {
            CHECK(r == SPVK_OK && n == out.n && (n == 0 || memcmp(w, out.w, n * 4) == 0));
            /* Flat from the second round on: the first reuse of freed bodies may take one more
               arena chunk once, by where the first round's last chunk happened to end (other
               dialects' registrations move that). */
            if (round == 1 && rounds > 2)
                memory = spvk_ir_context_memory(ctx);
            if (stream_threads > 1 || spvk_ir_context_memory(ctx) == memory)
                test_passed++;
            else {
                test_failed++;
                fprintf(stderr, "%s: the second streamed serialization grew the context's memory: %zu -> %zu\n",
                        name, memory, spvk_ir_context_memory(ctx));
            }
            if (w)
                spvk_free(NULL, w, n * 4);
        }
    }
    out.diag = format_diag(&d, 0);
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_verifier_destroy(verifier);
    if (bodies_freed && stream_threads > 1 && !all_unmaterialized(skipped, num_skipped))
        *bodies_freed = false;
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    return out;
}

static bool check_streamed_serialization(const char *name, const char *text)
{
    words e = serialize_eager(text, name);
    bool freed = false;
    words l = serialize_streamed(text, name, 3, &freed);
    bool serialized = e.res == SPVK_OK;
    if (e.res == SPVK_OK) {
        if (l.res == SPVK_OK && l.n == e.n && memcmp(l.w, e.w, e.n * 4) == 0)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: streamed serialization differs (%d, %zu words; whole: %zu words)%s%s\n", name,
                    (int)l.res, l.n, e.n, l.diag ? ": " : "", l.diag ? l.diag : "");
        }
        CHECK(freed);
    } else {
        /* what does not serialize whole does not serialize streamed */
        if (l.res != SPVK_OK)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: streamed serialization succeeds where the whole module fails: %s\n", name,
                    e.diag ? e.diag : "?");
        }
    }
    words_free(&e);
    words_free(&l);
    return serialized;
}

static void test_stream_serialize(void)
{
    int serialized = 0;
    for (size_t i = 0; i < spirv_modules.count; i++)
        serialized += check_streamed_serialization(spirv_modules.names[i], spirv_modules.texts[i]);
    for (size_t i = 0; i < forms_sections.count; i++)
        if (strchr(forms_sections.names[i], '#'))
            serialized += check_streamed_serialization(forms_sections.names[i], forms_sections.texts[i]);
    serialized += check_streamed_serialization("snippet0.mlir", snippets[0]);
    printf("streamed serializations compared: %d\n", serialized);
    CHECK(serialized >= 30);

    /* A type mismatch the verifier catches in the second function: the streamed serialization
       fails with the verifier's diagnostic (the whole module's verification reports the same). */
    static const char invalid[] = "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n"
                                  "  spirv.func @ok() \"None\" {\n"
                                  "    spirv.Return\n"
                                  "  }\n"
                                  "  spirv.func @f(%a: i32) -> f32 \"None\" {\n"
                                  "    spirv.ReturnValue %a : i32\n"
                                  "  }\n"
                                  "}\n";
    words e = serialize_eager(invalid, "invalid.mlir");
    words l = serialize_streamed(invalid, "invalid.mlir", 1, NULL);
    CHECK(e.res == SPVK_ERROR_INVALID && e.diag);
    CHECK(l.res == SPVK_ERROR_INVALID && l.diag);
    CHECK(l.w == NULL && l.n == 0);
    CHECK_STR_EQ_WHAT(l.diag, e.diag, "verifier error in a body");
    CHECK_STR_CONTAINS(l.diag, "invalid.mlir:6:");
    words_free(&e);
    words_free(&l);

    /* A parse error in a body: the parse's diagnostic. */
    static const char unparsable[] = "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n"
                                     "  spirv.func @ok() \"None\" {\n"
                                     "    spirv.Return\n"
                                     "  }\n"
                                     "  spirv.func @f(%a: i32) -> i32 \"None\" {\n"
                                     "    %0 = spirv.IAdd %a, %b : i32\n"
                                     "    spirv.ReturnValue %0 : i32\n"
                                     "  }\n"
                                     "}\n";
    e = serialize_eager(unparsable, "unparsable.mlir");
    l = serialize_streamed(unparsable, "unparsable.mlir", 1, NULL);
    CHECK(e.res == SPVK_ERROR_INVALID && l.res == SPVK_ERROR_INVALID);
    CHECK_STR_EQ_WHAT(l.diag, e.diag, "parse error in a body");
    words_free(&e);
    words_free(&l);
}

/* ---- 7b. Worker threads on a module larger than their window ---- */

/* A module of n functions (about 2 MiB for 6000), each calling the one before; `bad` (if > 0)
   is the index of a function given an error of kind `error` (0: none, 1: a parse error, an
   undefined value; 2: a verifier error, a result type mismatch). */
static char *many_functions(int n, int bad, int error)
{
    size_t cap = (size_t)n * 1024 + 256, len = 0;
    char *t = malloc(cap);
    len += (size_t)snprintf(t + len, cap - len,
                            "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n"
                            "  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>\n");
    for (int i = 0; i < n; i++) {
        len += (size_t)snprintf(t + len, cap - len,
                                "  spirv.func @f%d(%%arg0: i32) -> i32 \"None\" {\n"
                                "    %%0 = spirv.Constant %d : i32\n"
                                "    %%1 = spirv.IAdd %%arg0, %%0 : i32\n"
                                "    %%2 = spirv.IMul %%1, %s : i32\n",
                                i, i * 7 + 1, i == bad && error == 1 ? "%undefined" : "%1");
        if (i > 0)
            len += (size_t)snprintf(t + len, cap - len, "    %%3 = spirv.FunctionCall @f%d(%%2) : (i32) -> i32\n", i - 1);
        else
            len += (size_t)snprintf(t + len, cap - len, "    %%3 = spirv.ISub %%2, %%0 : i32\n");
        len += (size_t)snprintf(t + len, cap - len,
                                "    %%4 = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>\n"
                                "    %%6 = spirv.Constant 0 : i32\n"
                                "    %%5 = spirv.AccessChain %%4[%%6] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32\n"
                                "    spirv.Store \"StorageBuffer\" %%5, %%3 : i32\n"
                                "    spirv.ReturnValue %s : %s\n"
                                "  }\n",
                                i == bad && error == 2 ? "%0" : "%3", i == bad && error == 2 ? "f32" : "i32");
    }
    len += (size_t)snprintf(t + len, cap - len, "}\n");
    return t;
}

/* Serializes text streamed on 2, 3 and 8 threads, twice each: the words are one's (one thread's)
   and the bodies are freed. */
static void check_words_on_threads(const char *text, const char *name, const words *one)
{
    static const unsigned counts[] = {2, 3, 8};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        stream_threads = counts[c];
        bool freed = false;
        words l = serialize_streamed(text, name, 3, &freed);
        if (l.res == SPVK_OK && l.n == one->n && memcmp(l.w, one->w, one->n * 4) == 0)
            test_passed++;
        else {
            test_failed++;
            size_t at = 0;
            while (at < l.n && at < one->n && l.w[at] == one->w[at])
                at++;
            fprintf(stderr, "%s, %u threads: %d, %zu words (one thread: %zu), first difference at word %zu%s%s\n",
                    name, counts[c], (int)l.res, l.n, one->n, at, l.diag ? ": " : "", l.diag ? l.diag : "");
        }
        CHECK(freed);
        words_free(&l);
    }
    stream_threads = 1;
}

static void test_stream_threads(void)
{
    static const unsigned counts[] = {2, 3, 8};
    char *text = many_functions(6000, 0, 0);
    CHECK(strlen(text) > (2u << 20) - (256u << 10)); /* about two windows */
    stream_threads = 1;
    words one = serialize_streamed(text, "many.mlir", 1, NULL);
    words eager = serialize_eager(text, "many.mlir");
    CHECK(one.res == SPVK_OK && eager.res == SPVK_OK && one.n == eager.n && memcmp(one.w, eager.w, one.n * 4) == 0);
    check_words_on_threads(text, "many.mlir", &one);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        stream_threads = counts[c];
        CHECK(check_stream_print("many.mlir", text, MODE_CUSTOM));
        CHECK(check_stream_print("many.mlir", text, MODE_GENERIC));
    }
    words_free(&one);
    words_free(&eager);
    free(text);

    /* An error far into the module: exactly the one-thread diagnostics, whichever thread met it. */
    for (int error = 1; error <= 2; error++) {
        text = many_functions(6000, 4321, error);
        stream_threads = 1;
        words expected = serialize_streamed(text, "bad.mlir", 1, NULL);
        CHECK(expected.res == SPVK_ERROR_INVALID && expected.diag);
        CHECK_STR_CONTAINS(expected.diag, error == 1 ? "undefined" : "bad.mlir:");
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            stream_threads = counts[c];
            words l = serialize_streamed(text, "bad.mlir", 1, NULL);
            CHECK(l.res == expected.res);
            CHECK_STR_EQ_WHAT(l.diag, expected.diag, error == 1 ? "parse error, threads" : "verifier error, threads");
            words_free(&l);
        }
        words_free(&expected);
        free(text);
    }
    stream_threads = 1;
}

/* ---- 7c. Functions serialized on the workers' threads (serialize_threads.c) ----
   A module whose functions meet types, constants, spec constants, globals, imports and other
   functions for the first time in varied orders, decorate their own values between the module
   level's decorations, and now and then cannot go on a tape (a switch on a 64-bit selector): the
   words with workers are the words of one thread. */

static char *spvasm_append(char *t, size_t *len, size_t *cap, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static char *spvasm_append(char *t, size_t *len, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (*len + (size_t)n + 1 > *cap) {
        *cap = (*len + (size_t)n + 1) * 2;
        t = realloc(t, *cap);
    }
    va_start(ap, fmt);
    vsnprintf(t + *len, *cap - *len, fmt, ap);
    va_end(ap);
    *len += (size_t)n;
    return t;
}

static char *varied_functions_spvasm(int n)
{
    size_t len = 0, cap = 1 << 16;
    char *t = malloc(cap);
    t[0] = 0;
#define A(...) (t = spvasm_append(t, &len, &cap, __VA_ARGS__))
    A("OpCapability Shader\nOpCapability Int64\n%%glsl = OpExtInstImport \"GLSL.std.450\"\n"
      "OpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %%main \"main\"\n"
      "OpExecutionMode %%main LocalSize 1 1 1\nOpName %%main \"main\"\n");
    for (int g = 0; g < 4; g++)
        A("OpName %%g%d \"g%d\"\nOpDecorate %%sc%d SpecId %d\n", g, g, g, 10 + g);
    for (int i = 0; i < n; i++) {
        A("OpName %%f%d \"f%d\"\n", i, i);
        if (i % 10 == 4)
            A("OpDecorate %%d%d RelaxedPrecision\nOpDecorate %%e%d RelaxedPrecision\n", i, i);
    }
    A("%%void = OpTypeVoid\n%%bool = OpTypeBool\n%%int = OpTypeInt 32 1\n%%long = OpTypeInt 64 1\n"
      "%%float = OpTypeFloat 32\n%%v2int = OpTypeVector %%int 2\n%%fnty = OpTypeFunction %%int %%int\n"
      "%%mainty = OpTypeFunction %%void\n%%pint = OpTypePointer Private %%int\n"
      "%%c0 = OpConstant %%int 0\n%%c1 = OpConstant %%int 1\n%%c4 = OpConstant %%int 4\n");
    for (int g = 0; g < 4; g++)
        A("%%sc%d = OpSpecConstant %%int %d\n%%g%d = OpVariable %%pint Private\n", g, 5 + g, g);
    for (int i = 0; i < n; i++) {
        int k = i % 10, which = (i / 10) % 4;
        A("%%f%d = OpFunction %%int None %%fnty\n%%p%d = OpFunctionParameter %%int\n%%l%d = OpLabel\n", i, i, i);
        switch (k) {
        case 0: /* a constant of its own; from the 40th, a 64-bit type first met after a refused function */
            A("%%k%d = OpConstant %%int %d\n", i, i * 7 + 1); /* module level: moved out below */
            A("%%r%d = OpIAdd %%int %%p%d %%k%d\n", i, i, i);
            if (i >= 40)
                A("%%w%d = OpSConvert %%long %%r%d\n%%x%d = OpSConvert %%int %%w%d\nOpReturnValue %%x%d\n", i, i, i, i, i);
            else
                A("OpReturnValue %%r%d\n", i);
            break;
        case 1:
            A("%%v%d = OpCompositeConstruct %%v2int %%p%d %%c1\n%%r%d = OpCompositeExtract %%int %%v%d 1\n"
              "OpReturnValue %%r%d\n", i, i, i, i, i);
            break;
        case 2:
            A("%%a%d = OpConvertSToF %%float %%p%d\n%%b%d = OpExtInst %%float %%glsl FAbs %%a%d\n"
              "%%r%d = OpConvertFToS %%int %%b%d\nOpReturnValue %%r%d\n", i, i, i, i, i, i, i);
            break;
        case 3:
            A("OpBranch %%h%d\n%%h%d = OpLabel\n%%iv%d = OpPhi %%int %%c0 %%l%d %%nx%d %%ct%d\n"
              "%%ac%d = OpPhi %%int %%p%d %%l%d %%ad%d %%ct%d\n%%cd%d = OpSLessThan %%bool %%iv%d %%c4\n"
              "OpLoopMerge %%mg%d %%ct%d None\nOpBranchConditional %%cd%d %%bd%d %%mg%d\n"
              "%%bd%d = OpLabel\n%%ad%d = OpIAdd %%int %%ac%d %%iv%d\nOpBranch %%ct%d\n"
              "%%ct%d = OpLabel\n%%nx%d = OpIAdd %%int %%iv%d %%c1\nOpBranch %%h%d\n"
              "%%mg%d = OpLabel\nOpReturnValue %%ac%d\n",
              i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i);
            break;
        case 4: /* its own decorations around a spec constant's first use (SpecId) */
            A("%%d%d = OpIMul %%int %%p%d %%p%d\n%%s%d = OpIAdd %%int %%d%d %%sc%d\n"
              "%%e%d = OpISub %%int %%s%d %%p%d\nOpReturnValue %%e%d\n", i, i, i, i, i, which, i, i, i, i);
            break;
        case 5:
            A("%%u%d = OpUndef %%int\n%%r%d = OpIAdd %%int %%p%d %%u%d\nOpReturnValue %%r%d\n", i, i, i, i, i);
            break;
        case 6: /* a call to a function further on */
            if (i + 1 < n)
                A("%%r%d = OpFunctionCall %%int %%f%d %%p%d\nOpReturnValue %%r%d\n", i, i + 1, i, i);
            else
                A("OpReturnValue %%p%d\n", i);
            break;
        case 7: /* a global (and its name) first used here */
            A("%%r%d = OpLoad %%int %%g%d\n%%t%d = OpIAdd %%int %%r%d %%p%d\nOpStore %%g%d %%t%d\n"
              "OpReturnValue %%t%d\n", i, which, i, i, i, which, i, i);
            break;
        case 8: /* a switch on a 64-bit selector: given back to the calling thread */
            A("%%w%d = OpSConvert %%long %%p%d\nOpSelectionMerge %%m%d None\n"
              "OpSwitch %%w%d %%m%d 1 %%ca%d 4294967296 %%ca%d\n%%ca%d = OpLabel\nOpBranch %%m%d\n"
              "%%m%d = OpLabel\nOpReturnValue %%p%d\n", i, i, i, i, i, i, i, i, i, i, i);
            break;
        default:
            A("%%r%d = OpBitwiseXor %%int %%p%d %%c4\nOpReturnValue %%r%d\n", i, i, i);
            break;
        }
        A("OpFunctionEnd\n");
    }
    A("%%main = OpFunction %%void None %%mainty\n%%ml = OpLabel\n%%mr = OpFunctionCall %%int %%f0 %%c1\n"
      "OpReturn\nOpFunctionEnd\n");
#undef A
    /* OpConstants written inside functions above belong at the module level: move them there
       (before the first OpFunction), keeping their order. */
    char *fn = strstr(t, "%f0 = OpFunction");
    size_t head = (size_t)(fn - t);
    char *out = malloc(len + 1), *consts = malloc(len + 1), *rest = malloc(len + 1);
    size_t nc = 0, nr = 0;
    for (char *line = fn; *line;) {
        char *end = strchr(line, '\n');
        size_t l = (size_t)(end - line) + 1;
        bool is_const = strstr(line, " = OpConstant ") && strstr(line, " = OpConstant ") < end;
        memcpy(is_const ? consts + nc : rest + nr, line, l);
        *(is_const ? &nc : &nr) += l;
        line = end + 1;
    }
    memcpy(out, t, head);
    memcpy(out + head, consts, nc);
    memcpy(out + head + nc, rest, nr);
    out[head + nc + nr] = 0;
    free(t);
    free(consts);
    free(rest);
    return out;
}

static void test_stream_threads_tapes(void)
{
    char *spvasm = varied_functions_spvasm(3000);
    uint32_t *bin = NULL;
    size_t count = 0;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_assemble_options o = {.version = SPVK_VERSION(1, 3), .file_name = "varied.spvasm"};
    spvk_result r = spvk_assemble(spvasm, strlen(spvasm), &o, NULL, &bin, &count, &d);
    CHECK(r == SPVK_OK);
    if (r != SPVK_OK) {
        char *msg = format_diag(&d, 0);
        fprintf(stderr, "varied.spvasm: %s\n", msg ? msg : "?");
        free(msg);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context *ctx = new_context(false);
    spvk_ir_op *module = NULL;
    char *text = NULL;
    if (r == SPVK_OK && spvk_spirv_deserialize(ctx, bin, count, &module, NULL) == SPVK_OK) {
        spvk_ir_print_options po = {0};
        char *s = spvk_ir_print(ctx, module, &po);
        text = s ? dup_text(s) : NULL;
        free_ir_string(s);
    }
    spvk_ir_context_destroy(ctx);
    CHECK(text != NULL);
    if (text) {
        stream_threads = 1;
        words one = serialize_streamed(text, "varied.mlir", 1, NULL);
        CHECK(one.res == SPVK_OK && one.n > 3000 * 5);
        check_words_on_threads(text, "varied.mlir", &one);
        words_free(&one);
    }
    free(text);
    if (bin)
        spvk_free(NULL, bin, count * 4);
    free(spvasm);
}

/* Out of memory anywhere while two threads serialize (the worker's tape, its records, the replay):
   the words of one thread or SPVK_ERROR_OUT_OF_MEMORY, and nothing leaked. The allocator's count
   is shared by the threads, so which allocation fails varies from run to run. */
typedef struct locked_allocator_state {
    pthread_mutex_t lock;
    test_allocator_state st;
} locked_allocator_state;

static void *locked_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    locked_allocator_state *l = user;
    pthread_mutex_lock(&l->lock);
    void *p = test_realloc(&l->st, ptr, old_size, new_size);
    pthread_mutex_unlock(&l->lock);
    return p;
}

static void test_stream_threads_out_of_memory(void)
{
    char *text = many_functions(400, 0, 0);
    stream_threads = 1;
    words expected = serialize_streamed(text, "oom2.mlir", 1, NULL);
    CHECK(expected.res == SPVK_OK);
    long n;
    bool done = false;
    int failures = 0;
    for (n = 0; n < 400000 && !done; n++) {
        locked_allocator_state l;
        pthread_mutex_init(&l.lock, NULL);
        l.st = (test_allocator_state){0, n, 0, 0};
        spvk_allocator a = {locked_realloc, &l};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        if (ctx && spvk_ir_register_all_dialects(ctx)) {
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, &a);
            spvk_ir_op *top = NULL;
            spvk_ir_lazy_parser *lp = NULL;
            spvk_ir_verifier *verifier = NULL;
            spvk_result r = spvk_ir_lazy_parser_create(ctx, text, strlen(text), "oom2.mlir", &d, &top, &lp);
            if (r == SPVK_OK) {
                verifier = spvk_ir_verifier_create(ctx, &d);
                r = verifier ? spvk_ir_verifier_run_streamed(verifier, top) : SPVK_ERROR_OUT_OF_MEMORY;
            }
            spvk_ir_op *module = r == SPVK_OK ? find_spirv_module(top) : NULL;
            uint32_t *w = NULL;
            size_t count = 0;
            if (module) {
                spvk_ir_stream stream;
                spvk_ir_lazy_parser_set_threads(lp, 2);
                spvk_ir_lazy_parser_stream(lp, verifier, &stream);
                r = spvk_spirv_serialize_streamed(ctx, module, &stream, &w, &count, &d);
            }
            if (r != SPVK_OK && r != SPVK_ERROR_OUT_OF_MEMORY) {
                test_failed++;
                char *msg = format_diag(&d, 0);
                fprintf(stderr, "OOM at allocation %ld (2 threads) gave result %d: %s\n", n, (int)r, msg ? msg : "");
                free(msg);
            }
            if (r == SPVK_OK) {
                if (count == expected.n && memcmp(w, expected.w, count * 4) == 0)
                    test_passed++;
                else
                    failures++;
                done = l.st.allocations <= n; /* nothing failed: past the last allocation */
                spvk_free(&a, w, count * 4);
            }
            spvk_ir_lazy_parser_destroy(lp);
            spvk_ir_verifier_destroy(verifier);
            spvk_diagnostics_free(&d);
        }
        if (ctx)
            spvk_ir_context_destroy(ctx);
        pthread_mutex_destroy(&l.lock);
        if (l.st.live_bytes != 0) {
            test_failed++;
            fprintf(stderr, "OOM at allocation %ld (2 threads) leaked %lld bytes\n", n, l.st.live_bytes);
            break;
        }
    }
    CHECK(done);
    CHECK(failures == 0);
    printf("out-of-memory loop, 2 threads: %ld allocation points\n", n);
    words_free(&expected);
    free(text);
}

/* ---- 8. Serializing a lazily read module without its stream ---- */

static void test_serialize_without_stream(void)
{
    static const char text[] = "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n"
                               "  spirv.func @decl(i32) \"None\" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = \"decl\", linkage_type = <Import>>}\n"
                               "  spirv.func @f(%a: i32) -> i32 \"None\" {\n"
                               "    %0 = spirv.IAdd %a, %a : i32\n"
                               "    spirv.ReturnValue %0 : i32\n"
                               "  }\n"
                               "}\n";
    for (int streamed_null = 0; streamed_null < 2; streamed_null++) {
        spvk_ir_context *ctx = new_context(false);
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_ir_op *top = NULL;
        spvk_ir_lazy_parser *lp = NULL;
        CHECK(spvk_ir_lazy_parser_create(ctx, text, strlen(text), "nostream.mlir", &d, &top, &lp) == SPVK_OK);
        spvk_ir_op *module = find_spirv_module(top);
        uint32_t *w = (uint32_t *)1;
        size_t n = 7;
        spvk_result r = streamed_null ? spvk_spirv_serialize_streamed(ctx, module, NULL, &w, &n, &d)
                                      : spvk_spirv_serialize(ctx, module, &w, &n, &d);
        CHECK(r == SPVK_ERROR_INVALID);
        CHECK(w == NULL && n == 0);
        CHECK(d.count >= 1);
        char *s = format_diag(&d, 0);
        CHECK_STR_CONTAINS(s, "has a body that was never built");
        CHECK_STR_CONTAINS(s, "nostream.mlir:3:3:");
        free(s);
        /* materialized, it serializes (as the eager parse does) */
        spvk_diagnostics_free(&d);
        spvk_diagnostics_init(&d, NULL);
        CHECK(spvk_ir_lazy_parser_materialize(lp, func_named(module, "f")) == SPVK_OK);
        CHECK(spvk_spirv_serialize(ctx, module, &w, &n, &d) == SPVK_OK);
        words e = serialize_eager(text, "nostream.mlir");
        CHECK(e.res == SPVK_OK && n == e.n && w && memcmp(w, e.w, n * 4) == 0);
        words_free(&e);
        if (w)
            spvk_free(NULL, w, n * 4);
        spvk_ir_lazy_parser_destroy(lp);
        spvk_diagnostics_free(&d);
        spvk_ir_context_destroy(ctx);
    }
}

/* ---- Out of memory at every allocation ---- */

static void test_out_of_memory(void)
{
    const char *text = snippets[0];
    words expected = serialize_eager(text, "oom.mlir");
    CHECK(expected.res == SPVK_OK);
    long n;
    bool done = false;
    for (n = 0; n < 200000 && !done; n++) {
        test_allocator_state st = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &st};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        if (ctx && spvk_ir_register_all_dialects(ctx)) {
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, &a);
            spvk_ir_op *top = NULL;
            spvk_ir_lazy_parser *lp = NULL;
            spvk_result r = spvk_ir_lazy_parser_create(ctx, text, strlen(text), "oom.mlir", &d, &top, &lp);
            spvk_ir_op *module = r == SPVK_OK ? find_spirv_module(top) : NULL;
            uint32_t *w = NULL;
            size_t count = 0;
            if (module) {
                spvk_ir_stream stream;
                spvk_ir_lazy_parser_stream(lp, NULL, &stream);
                r = spvk_spirv_serialize_streamed(ctx, module, &stream, &w, &count, &d);
            }
            if (r != SPVK_OK && r != SPVK_ERROR_OUT_OF_MEMORY) {
                test_failed++;
                char *s = format_diag(&d, 0);
                fprintf(stderr, "OOM at allocation %ld gave result %d: %s\n", n, (int)r, s ? s : "");
                free(s);
            }
            if (r == SPVK_OK) {
                CHECK(count == expected.n && memcmp(w, expected.w, count * 4) == 0);
                /* and every body built, then printed */
                walk_state ws = {lp, NULL, SPVK_OK};
                outcome o;
                memset(&o, 0, sizeof o);
                ws.o = &o;
                spvk_ir_walk(top, materialize_one, &ws);
                if (ws.res == SPVK_OK) {
                    spvk_ir_print_options po = {.debug_info = true};
                    char *s = spvk_ir_print(ctx, top, &po);
                    if (s) {
                        spvk_free(&a, s, strlen(s) + 1);
                        done = true;
                    }
                } else
                    CHECK(ws.res == SPVK_ERROR_OUT_OF_MEMORY);
                spvk_free(&a, w, count * 4);
            }
            spvk_ir_lazy_parser_destroy(lp);
            spvk_diagnostics_free(&d);
        }
        if (ctx)
            spvk_ir_context_destroy(ctx);
        if (st.live_bytes != 0) {
            test_failed++;
            fprintf(stderr, "OOM at allocation %ld leaked %lld bytes\n", n, st.live_bytes);
            break;
        }
    }
    CHECK(done);
    printf("out-of-memory loop: %ld allocation points\n", n);
    words_free(&expected);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    load_inputs(root);
    if (argc > 2) {
        size_t before = spirv_modules.count;
        add_spv_dir(argv[2]);
        printf("inputs: %zu spirv modules from %s\n", spirv_modules.count - before, argv[2]);
    }
    test_data_files(root);
    test_spirv_inputs();
    test_snippets();
    test_injected_errors();
    test_truncations();
    test_body_errors();
    test_lines_after_long_body();
    test_materialize_order();
    test_scanner();
    test_unbalanced();
    test_aliases();
    test_stream_print();
    test_stream_memory();
    test_stream_print_wrapped();
    test_stream_serialize();
    /* The streaming tests again, with worker threads. */
    for (unsigned threads = 2; threads <= 3; threads++) {
        stream_threads = threads;
        test_stream_print();
        test_stream_serialize();
    }
    stream_threads = 1;
    test_stream_threads();
    test_stream_threads_tapes();
    test_stream_threads_out_of_memory();
    test_serialize_without_stream();
    test_out_of_memory();
    printf("inputs compared: %d (%d failing eagerly), bodies materialized: %d\n", inputs_compared, inputs_failing,
           inputs_lazy_ops);
    list_free(&spirv_modules);
    list_free(&forms_sections);
    TEST_SUMMARY();
}
