/* Unit tests of dialect conversion with two small in-test dialects: `s` (the source, f32) and
   `d` (the destination, i32). Full and partial conversion, the signature of a function-like op,
   target and source materializations, the failure message and its location, and rollback of
   patterns that fail or make what cannot be legalized. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/rewrite.h"

static int failures, checks;
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                                    \
    } while (0)

static const spvk_ir_op_def s_addf = {.name = "s.addf", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def s_mul = {.name = "s.mul", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def s_src = {.name = "s.src", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def s_ret = {.name = "s.ret", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE};
static const spvk_ir_op_def s_func = {.name = "s.func", .traits = SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_SYMBOL | SPVK_TRAIT_FUNCTION_LIKE, .num_regions = 1};
static const spvk_ir_op_def d_add = {.name = "d.add", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def d_bad = {.name = "d.bad", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def d_ret = {.name = "d.ret", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE};
static const spvk_ir_op_def d_cvt = {.name = "d.cvt", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};

static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    const spvk_ir_op_def *defs[] = {&s_addf, &s_mul, &s_src, &s_ret, &s_func, &d_add, &d_bad, &d_ret, &d_cvt};
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (!spvk_ir_register_op(ctx, defs[i]))
            return false;
    return true;
}
static const spvk_ir_dialect s_dialect = {.name = "s", .register_ops = register_ops};
static const spvk_ir_dialect d_dialect = {.name = "d"};

/* f32 -> i32; everything else stays. */
static spvk_convert_type_status convert_f32(void *user, const spvk_ir_type *type, const spvk_ir_type **out,
                                            uint32_t max, uint32_t *n)
{
    spvk_ir_context *ctx = user;
    if (max < 1)
        return SPVK_CONVERT_TYPE_FAILED;
    *n = 1;
    out[0] = spvk_ir_type_is_float(type) && type->width == 32 ? spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS) : type;
    return SPVK_CONVERT_TYPE_DONE;
}

static int target_materializations;
static spvk_ir_value *make_cvt(void *user, spvk_ir_builder *b, const spvk_ir_type *type, spvk_ir_value *const *inputs,
                               uint32_t n, const spvk_ir_attr *loc)
{
    (void)user;
    (void)loc;
    target_materializations++;
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = "d.cvt";
    s.operands = inputs;
    s.num_operands = n;
    s.result_types = &type;
    s.num_results = 1;
    spvk_ir_op *op = spvk_ir_build(b, &s);
    return op ? &op->results[0] : NULL;
}

static spvk_ir_op *create(spvk_rewriter *rw, const char *name, spvk_ir_value *const *operands, uint32_t n,
                          const spvk_ir_type *result)
{
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = name;
    s.operands = operands;
    s.num_operands = n;
    s.result_types = &result;
    s.num_results = result ? 1 : 0;
    return spvk_rewriter_create(rw, &s);
}

static bool convert_addf(const spvk_pattern *p, spvk_ir_op *op, spvk_ir_value *const *operands, spvk_rewriter *rw)
{
    const spvk_ir_type *t = spvk_type_converter_convert1(p->type_converter, op->results[0].type);
    spvk_ir_op *add = create(rw, "d.add", operands, 2, t);
    if (!add)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, add);
    return true;
}

static bool convert_ret(const spvk_pattern *p, spvk_ir_op *op, spvk_ir_value *const *operands, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *ret = create(rw, "d.ret", operands, op->num_operands, NULL);
    if (!ret)
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

static bool convert_func(const spvk_pattern *p, spvk_ir_op *op, spvk_ir_value *const *operands, spvk_rewriter *rw)
{
    (void)operands;
    return spvk_rewriter_convert_function_signature(rw, op, p->type_converter);
}

/* Makes an op and then says it did not match: the conversion must take the op back. */
static int sloppy_calls;
static bool sloppy(const spvk_pattern *p, spvk_ir_op *op, spvk_ir_value *const *operands, spvk_rewriter *rw)
{
    (void)p;
    sloppy_calls++;
    create(rw, "d.add", operands, op->num_operands, spvk_ir_integer_type(rw->ctx, 32, SPVK_INT_SIGNLESS));
    return false;
}

/* Rewrites into d.bad, which the target calls illegal and nothing converts: rolled back. */
static int bad_calls;
static bool into_bad(const spvk_pattern *p, spvk_ir_op *op, spvk_ir_value *const *operands, spvk_rewriter *rw)
{
    (void)p;
    bad_calls++;
    spvk_ir_op *bad = create(rw, "d.bad", operands, op->num_operands, spvk_ir_integer_type(rw->ctx, 32, SPVK_INT_SIGNLESS));
    if (!bad)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, bad);
    return true;
}

static bool func_legal(void *user, const spvk_ir_op *op)
{
    return spvk_type_converter_is_signature_legal(user, op);
}

typedef struct fixture {
    spvk_ir_context *ctx;
    spvk_type_converter *tc;
    spvk_conversion_target *target;
    spvk_pattern_set *patterns;
    spvk_ir_op *module;
    spvk_diagnostics diags;
} fixture;

static bool setup(fixture *f, const char *text, bool with_bad_patterns)
{
    memset(f, 0, sizeof *f);
    f->ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(f->ctx);
    spvk_ir_register_dialect(f->ctx, &s_dialect);
    spvk_ir_register_dialect(f->ctx, &d_dialect);
    spvk_diagnostics_init(&f->diags, NULL);
    if (spvk_ir_parse(f->ctx, text, strlen(text), "conv.mlir", &f->module, &f->diags) != SPVK_OK) {
        for (size_t i = 0; i < f->diags.count; i++)
            fprintf(stderr, "parse: %s\n", f->diags.items[i].message);
        return false;
    }
    f->tc = spvk_type_converter_create(f->ctx);
    spvk_type_converter_add_conversion(f->tc, convert_f32, f->ctx);
    spvk_type_converter_add_target_materialization(f->tc, make_cvt, NULL);
    f->target = spvk_conversion_target_create(f->ctx);
    spvk_conversion_target_add_dialect(f->target, "d", SPVK_LEGALITY_LEGAL, NULL, NULL);
    spvk_conversion_target_add_op(f->target, "d.bad", SPVK_LEGALITY_ILLEGAL, NULL, NULL);
    spvk_conversion_target_add_op(f->target, "builtin.module", SPVK_LEGALITY_LEGAL, NULL, NULL);
    spvk_conversion_target_add_op(f->target, "builtin.unrealized_conversion_cast", SPVK_LEGALITY_LEGAL, NULL, NULL);
    spvk_conversion_target_add_op(f->target, "s.func", SPVK_LEGALITY_DYNAMIC, func_legal, f->tc);
    spvk_conversion_target_add_op(f->target, "s.addf", SPVK_LEGALITY_ILLEGAL, NULL, NULL);
    spvk_conversion_target_add_op(f->target, "s.ret", SPVK_LEGALITY_ILLEGAL, NULL, NULL);
    f->patterns = spvk_pattern_set_create(f->ctx);
    spvk_pattern ps[] = {
        {.root = "s.addf", .benefit = 1, .convert = convert_addf, .type_converter = f->tc},
        {.root = "s.ret", .benefit = 1, .convert = convert_ret, .type_converter = f->tc},
        {.root = "s.func", .benefit = 1, .convert = convert_func, .type_converter = f->tc},
        {.root = "s.addf", .benefit = 3, .convert = sloppy, .type_converter = f->tc},
        {.root = "s.addf", .benefit = 2, .convert = into_bad, .type_converter = f->tc},
    };
    for (size_t i = 0; i < (with_bad_patterns ? 5u : 3u); i++)
        spvk_pattern_set_add(f->patterns, &ps[i]);
    return true;
}

static void teardown(fixture *f)
{
    spvk_pattern_set_destroy(f->patterns);
    spvk_conversion_target_destroy(f->target);
    spvk_type_converter_destroy(f->tc);
    spvk_diagnostics_free(&f->diags);
    spvk_ir_context_destroy(f->ctx);
}

static char *print(fixture *f)
{
    spvk_ir_print_options o;
    memset(&o, 0, sizeof o);
    o.generic = true;
    return spvk_ir_print(f->ctx, f->module, &o);
}

static bool verifies(fixture *f)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_ir_verify(f->ctx, f->module, &d);
    for (size_t i = 0; i < d.count; i++)
        fprintf(stderr, "verify: %s\n", d.items[i].message);
    spvk_diagnostics_free(&d);
    return r == SPVK_OK;
}

static void free_text(char *s)
{
    if (s)
        spvk_free(NULL, s, strlen(s) + 1);
}

#define FUNC "\"s.func\"() ({\n^bb0(%a: f32, %b: f32):\n"
#define END(ty) "}) {function_type = " ty ", sym_name = \"f\"} : () -> ()\n"

static void test_full_conversion(void)
{
    fixture f;
    const char *text = FUNC "  %s = \"s.addf\"(%a, %b) : (f32, f32) -> f32\n"
                            "  %t = \"s.addf\"(%s, %a) : (f32, f32) -> f32\n"
                            "  \"s.ret\"(%t) : (f32) -> ()\n" END("(f32, f32) -> f32");
    CHECK(setup(&f, text, true));
    sloppy_calls = bad_calls = 0;
    CHECK(spvk_apply_full_conversion(f.module, f.target, f.patterns, &f.diags) == SPVK_OK);
    CHECK(verifies(&f));
    /* Benefit order: sloppy (3) fails and is undone, into_bad (2) makes an illegal op and is
       undone, the real pattern (1) wins; for each addf. */
    CHECK(sloppy_calls == 2 && bad_calls == 2);
    char *out = print(&f);
    CHECK(out && strstr(out, "function_type = (i32, i32) -> i32"));
    CHECK(out && strstr(out, "^bb0(%arg0: i32, %arg1: i32):"));
    CHECK(out && strstr(out, "\"d.add\"(%arg0, %arg1) : (i32, i32) -> i32"));
    CHECK(out && strstr(out, "\"d.ret\"(%1) : (i32) -> ()"));
    CHECK(out && !strstr(out, "s.addf") && !strstr(out, "d.bad") && !strstr(out, "unrealized"));
    if (out && failures)
        fprintf(stderr, "%s\n", out);
    free_text(out);
    teardown(&f);
}

static void test_full_conversion_fails(void)
{
    fixture f;
    const char *text = FUNC "  %s = \"s.addf\"(%a, %b) : (f32, f32) -> f32\n"
                            "  %m = \"s.mul\"(%s, %a) : (f32, f32) -> f32\n"
                            "  \"s.ret\"(%m) : (f32) -> ()\n" END("(f32, f32) -> f32");
    CHECK(setup(&f, text, false));
    char *before = print(&f);
    CHECK(spvk_apply_full_conversion(f.module, f.target, f.patterns, &f.diags) == SPVK_ERROR_INVALID);
    CHECK(f.diags.count == 1);
    if (f.diags.count) {
        CHECK(strcmp(f.diags.items[0].message, "failed to legalize operation 's.mul'") == 0);
        CHECK(f.diags.items[0].line == 4 && f.diags.items[0].column == 8);
    }
    char *after = print(&f);
    CHECK(before && after && strcmp(before, after) == 0); /* rolled back whole */
    CHECK(verifies(&f));
    free_text(before);
    free_text(after);
    teardown(&f);
}

static void test_partial_conversion(void)
{
    fixture f;
    /* s.mul stays (partial, not illegal): it gets addf's result back as f32 through a cast;
       addf of s.src's f32 (not converted) gets it as i32 through the target materialization. */
    const char *text = FUNC "  %x = \"s.src\"() : () -> f32\n"
                            "  %s = \"s.addf\"(%x, %b) : (f32, f32) -> f32\n"
                            "  %m = \"s.mul\"(%s, %a) : (f32, f32) -> f32\n"
                            "  \"s.ret\"(%m) : (f32) -> ()\n" END("(f32, f32) -> f32");
    CHECK(setup(&f, text, false));
    target_materializations = 0;
    CHECK(spvk_apply_partial_conversion(f.module, f.target, f.patterns, &f.diags) == SPVK_OK);
    CHECK(verifies(&f));
    CHECK(target_materializations >= 1);
    char *out = print(&f);
    /* The old f32 argument %a that s.mul still uses comes back from the new i32 one. */
    CHECK(out && strstr(out, "%0 = \"builtin.unrealized_conversion_cast\"(%arg0) : (i32) -> f32"));
    CHECK(out && strstr(out, "\"d.cvt\"(%1) : (f32) -> i32"));
    CHECK(out && strstr(out, "\"d.add\"(%2, %arg1) : (i32, i32) -> i32"));
    CHECK(out && strstr(out, "\"builtin.unrealized_conversion_cast\"(%3) : (i32) -> f32"));
    CHECK(out && strstr(out, "\"s.mul\"(%4, %0) : (f32, f32) -> f32"));
    if (out && failures)
        fprintf(stderr, "%s\n", out);
    free_text(out);
    teardown(&f);

    /* An op the target calls illegal that no pattern converts fails a partial conversion. */
    const char *illegal = "\"s.func\"() ({\n^bb0(%a: i32):\n  %x = \"s.src\"() : () -> f32\n"
                          "  %s = \"s.addf\"(%x, %x) : (f32, f32) -> f32\n  \"d.ret\"() : () -> ()\n" END("(i32) -> ()");
    CHECK(setup(&f, illegal, false));
    spvk_pattern_set_destroy(f.patterns);
    f.patterns = spvk_pattern_set_create(f.ctx);
    CHECK(spvk_apply_partial_conversion(f.module, f.target, f.patterns, &f.diags) == SPVK_ERROR_INVALID);
    CHECK(f.diags.count == 1 &&
          strcmp(f.diags.items[0].message, "failed to legalize operation 's.addf' that was explicitly marked illegal") == 0);
    teardown(&f);
}

static void test_reconcile(void)
{
    fixture f;
    const char *text = FUNC "  %c = \"builtin.unrealized_conversion_cast\"(%a) : (f32) -> i32\n"
                            "  %d = \"builtin.unrealized_conversion_cast\"(%c) : (i32) -> f32\n"
                            "  %u = \"builtin.unrealized_conversion_cast\"(%b) : (f32) -> i64\n"
                            "  \"s.ret\"(%d) : (f32) -> ()\n" END("(f32, f32) -> f32");
    CHECK(setup(&f, text, false));
    CHECK(spvk_reconcile_unrealized_casts(f.ctx, f.module) == SPVK_OK);
    char *out = print(&f);
    CHECK(out && !strstr(out, "unrealized") && strstr(out, "\"s.ret\"(%arg0)"));
    free_text(out);
    teardown(&f);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    test_full_conversion();
    test_full_conversion_fails();
    test_partial_conversion();
    test_reconcile();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
