/* Unit tests of the pass layer (include/spvkit/pass.h): every option kind parsed from MLIR's
   option text with its defaults and its errors, options printed back as MLIR prints them,
   pipelines built in code and from text (nesting, coalescing, implicit nesting, anchors), a run
   that counts where each pass ran, verify-each catching a pass that breaks the IR, a failing
   pass, IR dumps, timing rows, and every allocation failing in turn. */
#include <stddef.h>

#include "../unit/test.h"
#include "spvkit/dialects.h"
#include "spvkit/pass.h"

/* ---- A pass with one option of each kind ---- */
typedef struct knobs {
    bool flag;
    int64_t count;
    uint64_t size;
    const char *label;
    int level;
    spvk_pass_string_list names;
} knobs;

static const spvk_pass_enum_value levels[] = {{"low", 1, "a little"}, {"high", 7, "a lot"}};
static const spvk_pass_option knob_options[] = {
    {"top-down", SPVK_PASS_OPTION_BOOL, offsetof(knobs, flag), "true", "a bool", NULL, 0},
    {"max-iterations", SPVK_PASS_OPTION_INT, offsetof(knobs, count), "10", "an int", NULL, 0},
    {"size", SPVK_PASS_OPTION_UNSIGNED, offsetof(knobs, size), NULL, "an unsigned", NULL, 0},
    {"label", SPVK_PASS_OPTION_STRING, offsetof(knobs, label), "none", "a string", NULL, 0},
    {"level", SPVK_PASS_OPTION_ENUM, offsetof(knobs, level), "low", "an enum", levels, 2},
    {"disable-patterns", SPVK_PASS_OPTION_LIST, offsetof(knobs, names), NULL, "a list", NULL, 0},
};

/* Where each test pass ran, in order. */
static char ran[4096];

static spvk_result note_run(spvk_pass *pass, spvk_ir_op *op)
{
    const char *sym = spvk_ir_symbol_name(op);
    size_t n = strlen(ran);
    snprintf(ran + n, sizeof ran - n, "%s:%s%s ", pass->def->argument, spvk_ir_op_name(op), sym ? sym : "");
    return SPVK_OK;
}

static const spvk_pass_def knob_pass = {
    "knobs", "Knobs", "options of each kind", NULL, knob_options, 6, sizeof(knobs), NULL, note_run, NULL,
};
static const spvk_pass_def on_spirv_pass = {
    "on-spirv", "OnSpirv", "anchored on spirv.module", "spirv.module", NULL, 0, 0, NULL, note_run, NULL,
};

/* Erases the first spirv.Return it finds (leaving a block without a terminator) and says so. */
static spvk_ir_walk_result find_return(spvk_ir_op *op, void *user)
{
    if (strcmp(spvk_ir_op_name(op), "spirv.Return") == 0) {
        *(spvk_ir_op **)user = op;
        return SPVK_WALK_INTERRUPT;
    }
    return SPVK_WALK_ADVANCE;
}
static spvk_result break_ir(spvk_pass *pass, spvk_ir_op *op)
{
    spvk_ir_op *ret = NULL;
    spvk_ir_walk(op, find_return, &ret);
    if (ret) {
        spvk_ir_op_erase(pass->ctx, ret);
        spvk_pass_changed(pass);
    }
    return SPVK_OK;
}
static const spvk_pass_def breaking_pass = {
    "break-ir", "BreakIR", "breaks the IR", NULL, NULL, 0, 0, NULL, break_ir, NULL,
};
static spvk_result silent_failure(spvk_pass *pass, spvk_ir_op *op)
{
    (void)pass, (void)op;
    return SPVK_ERROR_INVALID;
}
static const spvk_pass_def failing_pass = {
    "fail", "Fail", "fails saying nothing", NULL, NULL, 0, 0, NULL, silent_failure, NULL,
};

static const char *first_message(const spvk_diagnostics *d) { return d->count ? d->items[0].message : ""; }

static spvk_ir_context *new_context(const spvk_allocator *a)
{
    spvk_ir_context *ctx = spvk_ir_context_create(a);
    if (ctx && !spvk_ir_register_all_dialects(ctx)) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

static spvk_pass *make(spvk_ir_context *ctx, const spvk_pass_def *def, const char *options, spvk_diagnostics *d,
                       spvk_result *r)
{
    return spvk_pass_create(ctx, def, options, options ? strlen(options) : 0, d, r);
}

static void test_options(void)
{
    spvk_ir_context *ctx = new_context(NULL);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r;
    spvk_pass *p = make(ctx, &knob_pass, NULL, &d, &r);
    CHECK(p && r == SPVK_OK);
    const knobs *k = p ? p->options : NULL;
    CHECK(k && k->flag && k->count == 10 && k->size == 0 && strcmp(k->label, "none") == 0 && k->level == 1 &&
          k->names.count == 0);
    char *s = p ? spvk_pass_print_options(p) : NULL;
    /* MLIR's form: sorted by name, an empty list printing nothing (two spaces). */
    CHECK(s && strcmp(s, "{ label=none level=low max-iterations=10 size=0 top-down=true}") == 0);
    free(s);
    spvk_pass_destroy(p);

    p = make(ctx, &knob_pass,
             "top-down=false max-iterations=-0x10 size=017 label='a b' level=high disable-patterns=x,{y,z},'w'", &d,
             &r);
    k = p ? p->options : NULL;
    CHECK(k && !k->flag && k->count == -16 && k->size == 15 && strcmp(k->label, "a b") == 0 && k->level == 7);
    CHECK(k && k->names.count == 3 && strcmp(k->names.items[0], "x") == 0 &&
          strcmp(k->names.items[1], "y,z") == 0 && strcmp(k->names.items[2], "w") == 0);
    s = p ? spvk_pass_print_options(p) : NULL;
    CHECK(s && strcmp(s, "{disable-patterns=x,y,z,w label=a b level=high max-iterations=-16 size=15 top-down=false}") ==
                   0);
    free(s);
    spvk_pass_destroy(p);

    p = make(ctx, &knob_pass, "  top-down   max-iterations=3  ", &d, &r);
    k = p ? p->options : NULL;
    CHECK(k && k->flag && k->count == 3);
    spvk_pass_destroy(p);

    static const struct {
        const char *text, *message;
    } bad[] = {
        {"frob=1", "<Pass-Options-Parser>: no such option frob"},
        {"max-iterations=x", "for the --max-iterations option: 'x' value invalid for long argument!"},
        {"max-iterations=3,top-down=false",
         "for the --max-iterations option: '3,top-down=false' value invalid for long argument!"},
        {"max-iterations=99999999999999999999", "value invalid for long argument!"},
        {"size=-1", "for the --size option: '-1' value invalid for ulong argument!"},
        {"max-iterations", "for the --max-iterations option: requires a value!"},
        {"top-down=maybe", "for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1"},
        {"level=medium", "for the --level option: Cannot find option named 'medium'!"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        spvk_diagnostics_free(&d);
        spvk_diagnostics_init(&d, NULL);
        p = make(ctx, &knob_pass, bad[i].text, &d, &r);
        CHECK(!p && r == SPVK_ERROR_USAGE);
        CHECK_STR_CONTAINS(first_message(&d), bad[i].message);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
}

static char *print_pipeline(const spvk_pass_manager *pm)
{
    return spvk_pass_manager_print(pm);
}

static const char module_text[] = "module {\n"
                                  "  module @a {\n"
                                  "    module @dead attributes {sym_visibility = \"private\"} {\n"
                                  "    }\n"
                                  "  }\n"
                                  "  spirv.module Logical GLSL450 {\n"
                                  "    spirv.func @f() \"None\" {\n"
                                  "      spirv.Return\n"
                                  "    }\n"
                                  "  }\n"
                                  "  module @b {\n"
                                  "  }\n"
                                  "}\n";

static void test_managers(void)
{
    spvk_ir_context *ctx = new_context(NULL);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r;
    spvk_ir_op *module = NULL;
    CHECK(spvk_ir_parse(ctx, module_text, sizeof module_text - 1, "m.mlir", &module, &d) == SPVK_OK);

    /* In code: nested managers, then coalesced at the first run. */
    spvk_pass_manager *pm = spvk_pass_manager_create(ctx, "builtin.module");
    spvk_pass_manager *inner = spvk_pass_manager_nest(pm, "builtin.module", 14);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &knob_pass, "level=high", &d, &r), &d) == SPVK_OK);
    inner = spvk_pass_manager_nest(pm, "spirv.module", 12);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &on_spirv_pass, NULL, &d, &r), &d) == SPVK_OK);
    inner = spvk_pass_manager_nest(pm, "builtin.module", 14);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &knob_pass, NULL, &d, &r), &d) == SPVK_OK);
    /* Explicit nesting refuses a pass anchored elsewhere. */
    CHECK(spvk_pass_manager_add(pm, make(ctx, &on_spirv_pass, NULL, &d, &r), &d) == SPVK_ERROR_USAGE);
    CHECK_STR_CONTAINS(first_message(&d), "Can't add pass 'OnSpirv' restricted to 'spirv.module' on a PassManager "
                                          "intended to run on 'builtin.module', did you intend to nest?");
    char *s = print_pipeline(pm);
    CHECK(s && strstr(s, "builtin.module(builtin.module(knobs{") == s && strstr(s, "}),spirv.module(on-spirv),"));
    free(s);
    ran[0] = '\0';
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_OK);
    /* One entry for the three nested managers: both builtin.module passes on @a, then @b. */
    CHECK(strcmp(ran, "knobs:builtin.modulea knobs:builtin.modulea on-spirv:spirv.module knobs:builtin.moduleb "
                      "knobs:builtin.moduleb ") == 0);
    s = print_pipeline(pm);
    CHECK(s && strstr(s, "}),spirv.module(on-spirv))") && !strstr(s, "),builtin.module("));
    free(s);

    spvk_pass_manager_destroy(pm);

    /* Implicit nesting: an anchored pass lands in a nested manager. */
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    spvk_pass_manager_set_implicit_nesting(pm, true);
    CHECK(spvk_pass_manager_add(pm, make(ctx, &on_spirv_pass, NULL, &d, &r), &d) == SPVK_OK);
    s = print_pipeline(pm);
    CHECK(s && strcmp(s, "builtin.module(spirv.module(on-spirv))") == 0);
    free(s);
    spvk_pass_manager_destroy(pm);

    /* An `any` manager runs only where each of its passes may. */
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    inner = spvk_pass_manager_nest(pm, "any", 3);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &on_spirv_pass, NULL, &d, &r), &d) == SPVK_OK);
    CHECK(spvk_pass_manager_add_pipeline(pm, " symbol-dce{} ", 14, &d) == SPVK_OK);
    s = print_pipeline(pm);
    CHECK(s && strcmp(s, "builtin.module(any(on-spirv),symbol-dce)") == 0);
    free(s);
    ran[0] = '\0';
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_OK);
    CHECK(strcmp(ran, "on-spirv:spirv.module ") == 0);
    spvk_pass_manager_destroy(pm);

    /* A pipeline on another op than the one it is run on. */
    pm = spvk_pass_manager_parse(ctx, "spirv.module(symbol-dce)", 24, &d, &r);
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(pm && spvk_pass_manager_run(pm, module, &d) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(first_message(&d), "can't run 'spirv.module' pass manager on 'builtin.module' op");
    spvk_pass_manager_destroy(pm);

    /* Pipeline errors are located in the text. */
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(!spvk_pass_manager_parse(ctx, "builtin.module(symbol-dce,frob)", 31, &d, &r) && r == SPVK_ERROR_USAGE);
    CHECK(d.count == 1 && d.items[0].line == 1 && d.items[0].column == 12 && d.items[0].source_line &&
          strcmp(d.items[0].source_line, "symbol-dce,frob") == 0);
    CHECK_STR_CONTAINS(first_message(&d), "'frob' does not refer to a registered pass or pass pipeline");

    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
}

typedef struct dump {
    char text[8192];
    size_t length;
} dump;
static bool dump_write(void *user, const char *text, size_t length)
{
    dump *x = user;
    if (x->length + length >= sizeof x->text)
        return false;
    memcpy(x->text + x->length, text, length);
    x->length += length;
    x->text[x->length] = '\0';
    return true;
}

static bool sum_rows(void *user, const char *name, uint32_t depth, double seconds)
{
    char *rows = user;
    size_t n = strlen(rows);
    snprintf(rows + n, 512 - n, "%u:%s%s;", depth, name, seconds >= 0 ? "" : "?");
    return true;
}

static void test_running(void)
{
    spvk_ir_context *ctx = new_context(NULL);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r;
    spvk_ir_op *module = NULL;
    CHECK(spvk_ir_parse(ctx, module_text, sizeof module_text - 1, "m.mlir", &module, &d) == SPVK_OK);

    /* IR dumps and timing. */
    spvk_pass_manager *pm = spvk_pass_manager_create(ctx, "builtin.module");
    spvk_pass_manager *inner = spvk_pass_manager_nest(pm, "spirv.module", 12);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &on_spirv_pass, NULL, &d, &r), &d) == SPVK_OK);
    CHECK(spvk_pass_manager_add_pipeline(pm, "symbol-dce", 10, &d) == SPVK_OK);
    dump x = {{0}, 0};
    const char *after[] = {"symbol-dce"};
    spvk_pass_ir_printing printing;
    memset(&printing, 0, sizeof printing);
    printing.before_all = true;
    printing.after = after;
    printing.num_after = 1;
    printing.write = dump_write;
    printing.user = &x;
    CHECK(spvk_pass_manager_set_ir_printing(pm, &printing));
    spvk_pass_manager_enable_timing(pm, true);
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_OK);
    CHECK(strstr(x.text, "// -----// IR Dump Before OnSpirv (on-spirv) //----- //\nspirv.module Logical GLSL450 {\n") ==
          x.text);
    CHECK_STR_CONTAINS(x.text, "}\n\n// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //\nmodule {\n");
    CHECK_STR_CONTAINS(x.text, "// -----// IR Dump After SymbolDCE (symbol-dce) //----- //\nmodule {\n  module @a {\n  }\n");
    CHECK(x.length > 4 && strcmp(x.text + x.length - 4, "}\n\n\n") == 0);
    char rows[512] = "";
    CHECK(spvk_pass_manager_timing(pm, sum_rows, rows));
    CHECK(strcmp(rows, "0:'spirv.module' Pipeline;1:OnSpirv;0:SymbolDCE;") == 0);
    spvk_pass_manager_destroy(pm);

    /* The same in a nested run, whose verifiers share the index of the parent's symbols. */
    spvk_ir_op *copy = NULL;
    CHECK(spvk_ir_parse(ctx, module_text, sizeof module_text - 1, "m.mlir", &copy, &d) == SPVK_OK);
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    inner = spvk_pass_manager_nest(pm, "spirv.module", 12);
    CHECK(spvk_pass_manager_add(inner, make(ctx, &breaking_pass, NULL, &d, &r), &d) == SPVK_OK);
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(copy && spvk_pass_manager_run(pm, copy, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count >= 2 && strstr(d.items[0].message, "terminator") &&
          strstr(d.items[d.count - 1].message, "after pass 'BreakIR' (break-ir)"));
    spvk_pass_manager_destroy(pm);

    /* verify-each: a pass that breaks the IR stops the pipeline, the pass named. */
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    CHECK(spvk_pass_manager_add(pm, make(ctx, &breaking_pass, NULL, &d, &r), &d) == SPVK_OK);
    CHECK(spvk_pass_manager_add(pm, make(ctx, &knob_pass, NULL, &d, &r), &d) == SPVK_OK);
    ran[0] = '\0';
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_ERROR_INVALID);
    CHECK(ran[0] == '\0');
    CHECK(d.count >= 2 && strstr(d.items[d.count - 1].message, "after pass 'BreakIR' (break-ir)"));
    spvk_pass_manager_destroy(pm);

    /* Without verification the next pass runs. */
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    CHECK(spvk_pass_manager_add(pm, make(ctx, &knob_pass, NULL, &d, &r), &d) == SPVK_OK);
    spvk_pass_manager_set_verify_each(pm, false);
    ran[0] = '\0';
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_OK && strstr(ran, "knobs:builtin.module"));
    spvk_pass_manager_destroy(pm);

    /* A pass that fails saying nothing gets an error naming it. */
    pm = spvk_pass_manager_create(ctx, "builtin.module");
    CHECK(spvk_pass_manager_add(pm, make(ctx, &failing_pass, NULL, &d, &r), &d) == SPVK_OK);
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_pass_manager_run(pm, module, &d) == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(first_message(&d), "'builtin.module' op pass 'Fail' (fail) failed");
    spvk_pass_manager_destroy(pm);

    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
}

/* Every allocation failing in turn: a clean error, no leak (the allocator counts live bytes). */
static void test_out_of_memory(void)
{
    static const char text[] = "module {\n"
                               "  module @a attributes {sym_visibility = \"private\", test.r = [@b, {k = @c}]} {\n"
                               "  }\n"
                               "  module @b attributes {sym_visibility = \"private\"} {\n"
                               "  }\n"
                               "  \"test.user\"() {test.r = @a} : () -> ()\n"
                               "}\n";
    bool completed = false;
    for (long n = 0; n < 100000 && !completed; n++) {
        test_allocator_state state = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &state};
        spvk_ir_context *ctx = new_context(&a);
        if (!ctx) {
            CHECK(state.live_bytes == 0);
            continue;
        }
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_ir_op *module = NULL;
        spvk_result r = spvk_ir_parse(ctx, text, sizeof text - 1, "oom.mlir", &module, &d);
        spvk_pass_manager *pm = NULL;
        if (r == SPVK_OK)
            pm = spvk_pass_manager_parse(ctx, "builtin.module(symbol-dce)", 26, &d, &r);
        spvk_pass_manager *inner = pm ? spvk_pass_manager_nest(pm, "builtin.module", 14) : NULL;
        if (pm && !inner)
            r = SPVK_ERROR_OUT_OF_MEMORY;
        if (inner)
            r = spvk_pass_manager_add(inner, make(ctx, &knob_pass, "disable-patterns=a,b label=x", &d, &r), &d);
        if (pm && r == SPVK_OK) {
            spvk_pass_manager_enable_timing(pm, true);
            r = spvk_pass_manager_run(pm, module, &d);
            char *s = spvk_pass_manager_print(pm);
            if (r == SPVK_OK && s)
                completed = true;
            if (s)
                spvk_free(&a, s, strlen(s) + 1);
        }
        CHECK(r == SPVK_OK || r == SPVK_ERROR_OUT_OF_MEMORY || r == SPVK_ERROR_INVALID);
        spvk_pass_manager_destroy(pm);
        spvk_diagnostics_free(&d);
        spvk_ir_context_destroy(ctx);
        CHECK(state.live_bytes == 0);
    }
    CHECK(completed);
}

int main(void)
{
    test_options();
    test_managers();
    test_running();
    test_out_of_memory();
    TEST_SUMMARY();
}
