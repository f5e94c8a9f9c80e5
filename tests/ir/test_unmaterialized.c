/* Unit tests of IR that is not whole: a function whose body a lazy parser has only found (its
   region unmaterialized). Every reader of the IR refuses it, naming the op, instead of passing
   over the body as if it were empty: the walkers (SPVK_WALK_UNMATERIALIZED), the verifier, the
   printer (custom and generic, to a string and to a writer), the pass manager, the greedy driver
   (canonicalize), cse, dialect conversion, casts reconciliation, cloning and symbol uses. Once the body is
   built, each of them works. The streamed verification of a module level
   (spvk_ir_verifier_run_streamed) is the one reader that leaves such a body for later. */
#include <string.h>

#include "../unit/test.h"
#include "spvkit/ir.h"
#include "spvkit/pass.h"
#include "spvkit/rewrite.h"

static const char module_text[] = "module {\n"
                                  "  func.func @f(%a: i32) -> i32 {\n"
                                  "    %c = arith.constant 1 : i32\n"
                                  "    %s = arith.addi %a, %c : i32\n"
                                  "    return %s : i32\n"
                                  "  }\n"
                                  "}\n";

typedef struct lazy_module {
    spvk_ir_context *ctx;
    spvk_ir_lazy_parser *lp;
    spvk_ir_op *module;
    spvk_ir_op *func; /* func.func @f, its body not built */
} lazy_module;

static bool lazy_module_open(lazy_module *m)
{
    memset(m, 0, sizeof *m);
    m->ctx = spvk_ir_context_create(NULL);
    if (!m->ctx || !spvk_ir_register_all_dialects(m->ctx))
        return false;
    if (spvk_ir_lazy_parser_create(m->ctx, module_text, strlen(module_text), "lazy.mlir", NULL, &m->module, &m->lp) !=
        SPVK_OK)
        return false;
    m->func = m->module->regions[0].first ? m->module->regions[0].first->first : NULL;
    return m->func && strcmp(spvk_ir_op_name(m->func), "func.func") == 0 && m->func->regions[0].unmaterialized;
}

static void lazy_module_close(lazy_module *m)
{
    spvk_ir_lazy_parser_destroy(m->lp);
    spvk_ir_context_destroy(m->ctx);
}

/* The one diagnostic diags holds names func.func at its position (line 2, column 3) and what
   could not be done. */
static bool names_the_func(const spvk_diagnostics *d, const char *what)
{
    if (d->count != 1)
        return false;
    const spvk_diagnostic *g = &d->items[0];
    return g->severity == SPVK_SEVERITY_ERROR && g->file && strcmp(g->file, "lazy.mlir") == 0 && g->line == 2 &&
           g->column == 3 && strstr(g->message, "'func.func' op holds a region that is not materialized") &&
           strstr(g->message, what);
}

static int visited;

static spvk_ir_walk_result count(spvk_ir_op *op, void *user)
{
    (void)op;
    (void)user;
    visited++;
    return SPVK_WALK_ADVANCE;
}

static spvk_ir_walk_result skip_functions(spvk_ir_op *op, void *user)
{
    (void)user;
    visited++;
    return strcmp(spvk_ir_op_name(op), "func.func") == 0 ? SPVK_WALK_SKIP : SPVK_WALK_ADVANCE;
}

static spvk_ir_walk_result materialize_functions(spvk_ir_op *op, void *user)
{
    visited++;
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].unmaterialized)
            return spvk_ir_lazy_parser_materialize(user, op) == SPVK_OK ? SPVK_WALK_ADVANCE : SPVK_WALK_INTERRUPT;
    return SPVK_WALK_ADVANCE;
}

static void test_walks(void)
{
    lazy_module m;
    CHECK(lazy_module_open(&m));
    if (!m.func) {
        lazy_module_close(&m);
        return;
    }
    /* Pre-order: the module and the function are visited, then the walk stops at the function. */
    visited = 0;
    CHECK(spvk_ir_walk(m.module, count, NULL) == SPVK_WALK_UNMATERIALIZED);
    CHECK(visited == 2);
    /* Post-order: nothing is visited, the function is met first. */
    visited = 0;
    CHECK(spvk_ir_walk_post(m.module, count, NULL) == SPVK_WALK_UNMATERIALIZED);
    CHECK(visited == 0);
    CHECK(spvk_ir_find_unmaterialized(m.module) == m.func);
    CHECK(spvk_ir_find_unmaterialized(m.func) == m.func);
    /* An op the callback skips is not gone into: nothing is missed that was asked for. */
    visited = 0;
    CHECK(spvk_ir_walk(m.module, skip_functions, NULL) == SPVK_WALK_COMPLETED);
    CHECK(visited == 2);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_ir_unmaterialized_error(&d, m.func, "cannot be walked") == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "cannot be walked"));
    spvk_diagnostics_free(&d);
    /* A callback that builds the regions it is given: the walk goes into them. */
    visited = 0;
    CHECK(spvk_ir_walk(m.module, materialize_functions, m.lp) == SPVK_WALK_COMPLETED);
    CHECK(visited == 5); /* module, func, constant, addi, return */
    CHECK(spvk_ir_find_unmaterialized(m.module) == NULL);
    visited = 0;
    CHECK(spvk_ir_walk_post(m.module, count, NULL) == SPVK_WALK_COMPLETED);
    CHECK(visited == 5);
    lazy_module_close(&m);
}

static void test_verifier(void)
{
    lazy_module m;
    CHECK(lazy_module_open(&m));
    if (!m.func) {
        lazy_module_close(&m);
        return;
    }
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_ir_verify(m.ctx, m.module, &d) == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "it cannot be verified"));
    spvk_diagnostics_free(&d);
    /* The same through a session; streamed, the module level verifies and the body is left to
       the stream. */
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_verifier *v = spvk_ir_verifier_create(m.ctx, &d);
    CHECK(v && spvk_ir_verifier_run(v, m.module) == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "it cannot be verified"));
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(v && spvk_ir_verifier_run_streamed(v, m.module) == SPVK_OK);
    CHECK(d.count == 0);
    spvk_ir_verifier_destroy(v);
    CHECK(spvk_ir_lazy_parser_materialize(m.lp, m.func) == SPVK_OK);
    CHECK(spvk_ir_verify(m.ctx, m.module, &d) == SPVK_OK);
    CHECK(d.count == 0);
    spvk_diagnostics_free(&d);
    lazy_module_close(&m);
}

static bool append(void *user, const char *text, size_t length)
{
    size_t *written = user;
    (void)text;
    *written += length;
    return true;
}

static void test_printer(void)
{
    lazy_module m;
    CHECK(lazy_module_open(&m));
    if (!m.func) {
        lazy_module_close(&m);
        return;
    }
    for (int generic = 0; generic < 2; generic++)
        for (int verified = 0; verified < 2; verified++) {
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, NULL);
            spvk_ir_print_options po = {.generic = generic != 0, .assume_verified = verified != 0, .diags = &d};
            /* Not `func.func @f(...) -> i32 {\n}`, which would read back as a declaration. */
            CHECK(spvk_ir_print(m.ctx, m.module, &po) == NULL);
            CHECK(names_the_func(&d, "it cannot be printed"));
            spvk_diagnostics_free(&d);
            spvk_diagnostics_init(&d, NULL);
            size_t written = 0;
            CHECK(spvk_ir_print_to(m.ctx, m.module, &po, append, &written) == SPVK_ERROR_INVALID);
            CHECK(names_the_func(&d, "it cannot be printed"));
            spvk_diagnostics_free(&d);
        }
    /* Streamed, the module's children are the stream's to build: the print is whole. */
    spvk_ir_print_options po = {0};
    spvk_ir_lazy_parser_stream(m.lp, NULL, &po.stream);
    char *streamed = spvk_ir_print(m.ctx, m.module, &po);
    CHECK(streamed && strstr(streamed, "arith.addi"));
    if (streamed)
        spvk_free(NULL, streamed, strlen(streamed) + 1);
    CHECK(m.func->regions[0].unmaterialized); /* freed again after */
    CHECK(spvk_ir_lazy_parser_materialize(m.lp, m.func) == SPVK_OK);
    spvk_ir_print_options plain = {0};
    char *whole = spvk_ir_print(m.ctx, m.module, &plain);
    CHECK(whole && strstr(whole, "arith.addi"));
    if (whole)
        spvk_free(NULL, whole, strlen(whole) + 1);
    lazy_module_close(&m);
}

static bool count_use(void *user, spvk_ir_op *user_op, const spvk_ir_attr *ref)
{
    (void)user;
    (void)user_op;
    (void)ref;
    return true;
}

static void test_passes(void)
{
    lazy_module m;
    CHECK(lazy_module_open(&m));
    if (!m.func) {
        lazy_module_close(&m);
        return;
    }
    const char *pipelines[] = {"builtin.module(canonicalize)", "builtin.module(cse)", "builtin.module(symbol-dce)",
                               "builtin.module(func.func(canonicalize))"};
    for (size_t i = 0; i < sizeof pipelines / sizeof *pipelines; i++) {
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_result r = SPVK_OK;
        spvk_pass_manager *pm = spvk_pass_manager_parse(m.ctx, pipelines[i], strlen(pipelines[i]), &d, &r);
        CHECK(pm != NULL);
        if (pm)
            CHECK(spvk_pass_manager_run(pm, m.module, &d) == SPVK_ERROR_INVALID);
        CHECK(names_the_func(&d, "passes cannot run on it"));
        spvk_pass_manager_destroy(pm);
        spvk_diagnostics_free(&d);
    }
    /* The passes as functions, each with its own words. */
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_canonicalize(m.ctx, m.module, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "patterns cannot be applied to it"));
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    spvk_greedy_config config;
    spvk_greedy_config_default(&config);
    config.diags = &d;
    bool converged = true;
    CHECK(spvk_apply_patterns_greedily(m.ctx, m.module, NULL, &config, &converged) == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "patterns cannot be applied to it"));
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_cse(m.ctx, m.module, &d) == SPVK_ERROR_INVALID);
    CHECK(names_the_func(&d, "cse cannot run on it"));
    spvk_diagnostics_free(&d);
    spvk_diagnostics_init(&d, NULL);
    spvk_conversion_target *target = spvk_conversion_target_create(m.ctx);
    spvk_pattern_set *set = spvk_pattern_set_create(m.ctx);
    CHECK(target && set);
    if (target && set) {
        CHECK(spvk_apply_full_conversion(m.module, target, set, &d) == SPVK_ERROR_INVALID);
        CHECK(names_the_func(&d, "it cannot be converted"));
    }
    spvk_diagnostics_free(&d);
    CHECK(spvk_reconcile_unrealized_casts(m.ctx, m.module) == SPVK_ERROR_INVALID);
    CHECK(spvk_ir_op_clone(m.ctx, m.func) == NULL);
    /* The uses a body not built holds cannot be known: as with an unknown symbol table. */
    spvk_ir_op *unknown = NULL;
    CHECK(spvk_ir_symbol_uses(m.ctx, m.func, count_use, NULL, &unknown) == SPVK_ERROR_INVALID);
    CHECK(unknown == m.func);
    /* Built, the same calls work (the body was not touched meanwhile). */
    CHECK(spvk_ir_lazy_parser_materialize(m.lp, m.func) == SPVK_OK);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_canonicalize(m.ctx, m.module, NULL, &d) == SPVK_OK);
    CHECK(spvk_cse(m.ctx, m.module, &d) == SPVK_OK);
    CHECK(spvk_reconcile_unrealized_casts(m.ctx, m.module) == SPVK_OK);
    spvk_result r = SPVK_OK;
    spvk_pass_manager *pm = spvk_pass_manager_parse(m.ctx, pipelines[3], strlen(pipelines[3]), &d, &r);
    CHECK(pm && spvk_pass_manager_run(pm, m.module, &d) == SPVK_OK);
    spvk_pass_manager_destroy(pm);
    CHECK(d.count == 0);
    spvk_diagnostics_free(&d);
    unknown = NULL;
    CHECK(spvk_ir_symbol_uses(m.ctx, m.func, count_use, NULL, &unknown) == SPVK_OK && !unknown);
    spvk_ir_op *copy = spvk_ir_op_clone(m.ctx, m.func);
    CHECK(copy && copy->regions[0].first && !copy->regions[0].unmaterialized);
    if (copy)
        spvk_ir_op_erase(m.ctx, copy);
    if (target)
        spvk_conversion_target_destroy(target);
    if (set)
        spvk_pattern_set_destroy(set);
    lazy_module_close(&m);
}

int main(void)
{
    test_walks();
    test_verifier();
    test_printer();
    test_passes();
    TEST_SUMMARY();
}
