/* libFuzzer harness: the MLIR text parser and printer on arbitrary bytes. Any input must give
   SPVK_OK or SPVK_ERROR_INVALID, never a crash, a leak or an over-read; whatever parses must print,
   reparse and print again to the same text, in custom, generic and debug-info forms.
   The lazy parser (spvk_ir_lazy_parser) must agree with the whole-text parse: what parses eagerly
   parses lazily and, once every skipped body is materialized, prints the same text (custom,
   generic and debug-info forms); what fails eagerly fails lazily (at create or at a materialize).
   The lazy path runs with one thread and with worker threads: their results and first
   diagnostics must be the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/ir.h"
#include "spvkit/ir_parallel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_fixpoint(spvk_ir_context *ctx, const spvk_ir_op *m, bool generic, bool debug_info)
{
    spvk_ir_print_options o = {.generic = generic, .debug_info = debug_info, .assume_verified = false};
    char *a = spvk_ir_print(ctx, m, &o);
    if (!a)
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m2 = NULL;
    if (spvk_ir_parse(ctx, a, strlen(a), "printed.mlir", &m2, &d) != SPVK_OK)
        abort(); /* the printer wrote something the parser refuses */
    spvk_diagnostics_free(&d);
    char *b = spvk_ir_print(ctx, m2, &o);
    if (!b || strcmp(a, b) != 0)
        abort(); /* print/parse/print is not a fixpoint */
    spvk_free(NULL, a, strlen(a) + 1);
    spvk_free(NULL, b, strlen(b) + 1);
}

typedef struct lazy_walk {
    spvk_ir_lazy_parser *lp;
    spvk_result result;
} lazy_walk;

/* Every op is asked for (a no-op for one without skipped bodies): with worker threads a body may
   be under construction until materialize returns, so its region is not read before. */
static spvk_ir_walk_result materialize_skipped(spvk_ir_op *op, void *user)
{
    lazy_walk *w = user;
    w->result = spvk_ir_lazy_parser_materialize(w->lp, op);
    if (w->result != SPVK_OK)
        return SPVK_WALK_INTERRUPT;
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].unmaterialized)
            abort(); /* materialize left a body unbuilt */
    return SPVK_WALK_ADVANCE;
}

static bool same_print(spvk_ir_context *a, const spvk_ir_op *ma, spvk_ir_context *b, const spvk_ir_op *mb,
                       bool generic, bool debug_info)
{
    spvk_ir_print_options o = {.generic = generic, .debug_info = debug_info, .assume_verified = false};
    char *x = spvk_ir_print(a, ma, &o), *y = spvk_ir_print(b, mb, &o);
    bool same = x && y && strcmp(x, y) == 0;
    if (x)
        spvk_free(NULL, x, strlen(x) + 1);
    if (y)
        spvk_free(NULL, y, strlen(y) + 1);
    return same;
}

/* The lazy path on the same bytes with `threads`; eager_module is the eager parse's result or NULL.
   Returns the first diagnostic ("line:column: message", malloc'd) or NULL. */
static char *check_lazy(const uint8_t *data, size_t size, spvk_ir_context *eager_ctx, const spvk_ir_op *eager_module,
                        unsigned threads)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    spvk_result r = spvk_ir_lazy_parser_create(ctx, (const char *)data, size, "fuzz.mlir", &d, &m, &lp);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_OK) {
        spvk_ir_lazy_parser_set_threads(lp, threads);
        lazy_walk w = {lp, SPVK_OK};
        if (spvk_ir_walk(m, materialize_skipped, &w) == SPVK_WALK_UNMATERIALIZED)
            abort(); /* every body was asked for before the walk went in */
        r = w.result;
        if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
            abort();
    }
    if (eager_module) {
        if (r != SPVK_OK)
            abort(); /* parses eagerly, not lazily */
        if (!same_print(eager_ctx, eager_module, ctx, m, true, false) ||
            !same_print(eager_ctx, eager_module, ctx, m, false, false) ||
            !same_print(eager_ctx, eager_module, ctx, m, false, true))
            abort(); /* the lazily parsed module prints differently */
    } else if (r == SPVK_OK) {
        abort(); /* fails eagerly, parses lazily */
    }
    char *first = NULL;
    if (d.count) {
        size_t n = strlen(d.items[0].message) + 32;
        first = malloc(n);
        if (!first)
            abort();
        snprintf(first, n, "%u:%u: %s", d.items[0].line, d.items[0].column, d.items[0].message);
    }
    spvk_ir_lazy_parser_destroy(lp);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    return first;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    spvk_result r = spvk_ir_parse(ctx, (const char *)data, size, "fuzz.mlir", &m, &d);
    spvk_diagnostics_free(&d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_OK) {
        check_fixpoint(ctx, m, false, false);
        check_fixpoint(ctx, m, true, false);
        check_fixpoint(ctx, m, false, true);
    }
    char *one = check_lazy(data, size, ctx, r == SPVK_OK ? m : NULL, 1);
    char *two = check_lazy(data, size, ctx, r == SPVK_OK ? m : NULL, 2);
    if ((one == NULL) != (two == NULL) || (one && strcmp(one, two) != 0))
        abort(); /* worker threads changed the diagnostic */
    free(one);
    free(two);
    spvk_ir_context_destroy(ctx);
    return 0;
}
