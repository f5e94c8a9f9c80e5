/* The lazy text parser's bodies built on several threads (spvk_ir_lazy_parser_set_threads).

   With threads > 1, the functions are built by an ir_build_pool (build_pool.h): workers parse the
   bodies ahead of the stream's consumer, each with a parser of its own over the same text (the
   lazy parser's aliases and recorded bodies read-only and shared; ir_lazy_parser_builder_create)
   and a view of the context. An item is one op's bodies; the window is LAZY_WINDOW bytes of text.
   The parser (src/ir/parser.c) calls these through its threading hooks (src/ir/lazy_internal.h). */
#include <string.h>

#include "spvkit/ir_parallel.h"
#include "../ir/lazy_internal.h"
#include "../support/support.h"
#include "build_pool.h"

#define LAZY_WINDOW (1u << 20) /* bytes of text workers may parse ahead */

typedef struct lazy_item {
    uint32_t first_body, num_bodies;
} lazy_item;

struct ir_lazy_threads {
    spvk_ir_lazy_parser *lp;
    const spvk_allocator *alloc;
    unsigned threads;   /* 1 once the workers could not start: the parser builds alone */
    ir_build_pool *pool; /* the workers, from the first body built */
    lazy_item *items;
    uint32_t num_items;
};

static bool build_item(void *user, void *builder, uint32_t k)
{
    ir_lazy_threads *t = user;
    const lazy_item *it = &t->items[k];
    return ir_lazy_parser_build(t->lp, builder, it->first_body, it->num_bodies);
}

static void free_bodies(void *user, spvk_ir_context *ctx, uint32_t k)
{
    ir_lazy_threads *t = user;
    const lazy_item *it = &t->items[k];
    for (uint32_t i = it->first_body; i < it->first_body + it->num_bodies; i++) {
        spvk_ir_region *r = ir_lazy_parser_body_region(t->lp, i);
        if (!r->unmaterialized)
            spvk_ir_region_unmaterialize(ctx, r);
    }
}

static void detach(void *user, uint32_t k, spvk_ir_region *into)
{
    ir_lazy_threads *t = user;
    const lazy_item *it = &t->items[k];
    into->first = into->last = NULL;
    for (uint32_t i = it->first_body; i < it->first_body + it->num_bodies; i++) {
        into->op = ir_lazy_parser_body_op(t->lp, i); /* its traits decide how the blocks are freed */
        ir_build_detach_blocks(ir_lazy_parser_body_region(t->lp, i), into);
    }
}

static void *builder_create(void *user, spvk_ir_context *ctx)
{
    return ir_lazy_parser_builder_create(((ir_lazy_threads *)user)->lp, ctx);
}

static void builder_destroy(void *user, void *builder)
{
    ir_lazy_parser_builder_destroy(((ir_lazy_threads *)user)->lp, builder);
}

static void pool_stop(ir_lazy_threads *t)
{
    if (!t->pool && !t->items)
        return;
    ir_build_pool_destroy(t->pool);
    spvk_free(t->alloc, t->items, (size_t)t->num_items * sizeof *t->items);
    t->pool = NULL;
    t->items = NULL;
    t->num_items = 0;
}

/* Starts the workers (threads - 1 of them) at the first body the stream asks for. Returns false
   when there is nothing to share or they cannot start: the consumer then parses alone. */
static bool pool_start(ir_lazy_threads *t)
{
    spvk_ir_lazy_parser *lp = t->lp;
    uint32_t count = ir_lazy_parser_num_bodies(lp), n = 0;
    for (uint32_t i = 0; i < count; i++)
        if (i == 0 || ir_lazy_parser_body_op(lp, i) != ir_lazy_parser_body_op(lp, i - 1))
            n++;
    lazy_item *items = n ? spvk_alloc(t->alloc, (size_t)n * sizeof *items) : NULL;
    ir_build_item *build = n ? spvk_alloc(t->alloc, (size_t)n * sizeof *build) : NULL;
    bool ok = items && build;
    if (ok) {
        for (uint32_t i = 0, k = 0; i < count; i++) {
            spvk_ir_op *op = ir_lazy_parser_body_op(lp, i);
            size_t start, end;
            ir_lazy_parser_body_span(lp, i, &start, &end);
            if (i == 0 || op != ir_lazy_parser_body_op(lp, i - 1)) {
                items[k] = (lazy_item){i, 0};
                build[k] = (ir_build_item){op, start, 0, false};
                k++;
            }
            items[k - 1].num_bodies++;
            build[k - 1].end = end;
            if (!ir_lazy_parser_body_region(lp, i)->unmaterialized)
                build[k - 1].built = true; /* materialized before the stream: the consumer's */
        }
        t->items = items; /* the hooks read the items */
        t->num_items = n;
        ir_build_client client = {t, builder_create, builder_destroy, build_item, detach, free_bodies};
        t->pool = ir_build_pool_create(ir_lazy_parser_context(lp), &client, build, n, t->threads, LAZY_WINDOW,
                                       ir_lazy_parser_stream_verifier(lp), ir_lazy_parser_consumer(lp));
        ok = t->pool != NULL;
    }
    spvk_free(t->alloc, build, (size_t)n * sizeof *build);
    if (!ok) {
        spvk_free(t->alloc, items, (size_t)n * sizeof *items);
        t->items = NULL;
        t->num_items = 0;
    }
    return ok;
}

/* The item of op's bodies (first: its first body). */
static uint32_t item_of(const ir_lazy_threads *t, uint32_t first_body)
{
    uint32_t lo = 0, hi = t->num_items;
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (t->items[mid].first_body <= first_body)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static spvk_result lazy_materialize(ir_lazy_threads *t, spvk_ir_op *op)
{
    if (t->threads <= 1)
        return ir_lazy_parser_materialize_alone(t->lp, op);
    int64_t first = ir_lazy_parser_first_body(t->lp, op);
    if (first < 0)
        return SPVK_OK;
    if (!t->pool && !pool_start(t)) {
        t->threads = 1;
        return ir_lazy_parser_materialize_alone(t->lp, op);
    }
    return ir_build_pool_take(t->pool, item_of(t, (uint32_t)first)) ? SPVK_OK : ir_lazy_parser_result(t->lp);
}

/* Whether a worker built op's bodies and verified op (before its stream consumer used it, if it
   did: with a verifier only what verified is used). */
static bool lazy_verified(ir_lazy_threads *t, const spvk_ir_op *op)
{
    int64_t first = t->pool ? ir_lazy_parser_first_body(t->lp, op) : -1;
    return first >= 0 && ir_build_pool_verified(t->pool, item_of(t, (uint32_t)first));
}

/* Frees op's bodies once the consumer is done with them. Returns false when there is no pool. */
static bool lazy_release(ir_lazy_threads *t, spvk_ir_op *op)
{
    if (!t->pool)
        return false;
    ir_build_pool_release(t->pool, item_of(t, (uint32_t)ir_lazy_parser_first_body(t->lp, op)));
    return true;
}

static bool lazy_stop(ir_lazy_threads *t)
{
    pool_stop(t);
    return t->threads > 1;
}

static void lazy_destroy(ir_lazy_threads *t)
{
    pool_stop(t);
    spvk_free(t->alloc, t, sizeof *t);
}

static const ir_lazy_threading lazy_threading = {lazy_materialize, lazy_verified, lazy_release, lazy_stop,
                                                 lazy_destroy};

void spvk_ir_lazy_parser_set_threads(spvk_ir_lazy_parser *lp, unsigned threads)
{
    if (!lp)
        return;
    ir_lazy_threads *t = ir_lazy_parser_threading(lp);
    if (t && t->pool)
        return; /* called before the first materialize only */
    if (threads <= 1) {
        ir_lazy_parser_set_threading(lp, NULL, NULL);
        return;
    }
    if (t) {
        t->threads = threads;
        return;
    }
    const spvk_allocator *alloc = spvk_ir_context_allocator(ir_lazy_parser_context(lp));
    t = spvk_alloc(alloc, sizeof *t);
    if (!t)
        return; /* out of memory: the calling thread builds alone, with the same result */
    memset(t, 0, sizeof *t);
    t->lp = lp;
    t->alloc = alloc;
    t->threads = threads;
    ir_lazy_parser_set_threading(lp, &lazy_threading, t);
}
