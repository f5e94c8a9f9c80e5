/* The greedy pattern driver (MLIR 19's applyPatternsAndFoldGreedily on each region of an op)
   and region simplification (unreachable blocks, region DCE).

   Each iteration starts a fresh worklist and a fresh constant folder, as MLIR's does: walking
   the region (pre-order, then reversed, for top-down), each ConstantLike op is deduplicated
   against the constants already seen in its insertion region (the entry block of the nearest
   region whose op is isolated from above) and hoisted to that block's start unless it already
   follows a constant the folder owns. Then ops are popped from the back: trivially dead ones
   go; others fold (constants materialized before the op by its dialect, which the next
   iteration dedups and hoists) or get the best matching pattern. Then the regions are
   simplified. Output order depends on every one of these steps, so they follow MLIR's order
   exactly (docs/rewriting.md).

   The worklist is an array with each op's position in op->scratch (position + 1; 0 or a
   position whose entry is not the op means absent): push, remove and membership are O(1)
   without a side table. */
#include <string.h>

#include "rewrite_internal.h"

typedef struct driver {
    spvk_ir_context *ctx;
    const spvk_allocator *allocator;
    spvk_rewriter rw;
    rw_pattern_index patterns;
    spvk_greedy_config config;
    spvk_ir_region *scope;
    rw_vec list; /* the worklist; NULL entries were removed */
    rw_map constants; /* (insertion region, dialect, value, type) -> op */
    rw_map owned;     /* op -> 1: constants the folder owns */
    bool oom;
} driver;

/* ---- The worklist ---- */

static bool wl_contains(const driver *d, const spvk_ir_op *op)
{
    uint32_t i = op->scratch;
    return i && i <= d->list.count && d->list.items[i - 1] == op;
}

static void wl_push(driver *d, spvk_ir_op *op)
{
    if (wl_contains(d, op))
        return;
    if (d->list.count >= UINT32_MAX || !rw_vec_push(&d->list, op)) {
        d->oom = true;
        return;
    }
    op->scratch = (uint32_t)d->list.count;
}

static void wl_remove(driver *d, spvk_ir_op *op)
{
    if (wl_contains(d, op)) {
        d->list.items[op->scratch - 1] = NULL;
        op->scratch = 0;
    }
}

static spvk_ir_op *wl_pop(driver *d)
{
    while (d->list.count) {
        spvk_ir_op *op = d->list.items[--d->list.count];
        if (op) {
            op->scratch = 0;
            return op;
        }
    }
    return NULL;
}

static void wl_reverse(driver *d)
{
    void **items = d->list.items;
    size_t n = d->list.count;
    for (size_t i = 0; i < n / 2; i++) {
        void *t = items[i];
        items[i] = items[n - 1 - i];
        items[n - 1 - i] = t;
    }
    for (size_t i = 0; i < n; i++)
        if (items[i])
            ((spvk_ir_op *)items[i])->scratch = (uint32_t)(i + 1);
}

/* MLIR's addToWorklist: the op and its ancestors up to the scope, innermost pushed first;
   nothing when the op is not inside the scope. */
static void add_to_worklist(driver *d, spvk_ir_op *op)
{
    spvk_ir_op *chain[64];
    uint32_t n = 0;
    for (spvk_ir_op *o = op; o;) {
        spvk_ir_region *region = o->block ? o->block->region : NULL;
        if (n < 64)
            chain[n++] = o;
        if (region == d->scope) {
            if (n == 64) {
                /* Deeper than the chain holds: push what it holds and walk again for the rest. */
                for (uint32_t i = 0; i < n; i++)
                    wl_push(d, chain[i]);
                uint32_t k = 0;
                for (spvk_ir_op *p = op; p; p = spvk_ir_op_parent(p), k++) {
                    if (k >= 64)
                        wl_push(d, p);
                    if (p->block && p->block->region == d->scope)
                        break;
                }
                return;
            }
            for (uint32_t i = 0; i < n; i++)
                wl_push(d, chain[i]);
            return;
        }
        if (!region)
            return;
        o = region->op;
    }
}

static void add_operands_to_worklist(driver *d, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_operands; i++) {
        spvk_ir_value *v = op->operands[i].value;
        /* The op still uses v: one use left means v dies (or has one user) with it. */
        if (!v || (v->first_use && v->first_use->next))
            continue;
        if (v->defining_op)
            add_to_worklist(d, v->defining_op);
    }
}

static void on_inserted(void *user, spvk_ir_op *op) { add_to_worklist(user, op); }
static void on_modified(void *user, spvk_ir_op *op) { add_to_worklist(user, op); }
static void on_erased(void *user, spvk_ir_op *op)
{
    driver *d = user;
    add_operands_to_worklist(d, op);
    wl_remove(d, op);
}

/* ---- Constants (MLIR's OperationFolder, as the driver uses it when filling the worklist) ---- */

static spvk_ir_region *insertion_region(spvk_ir_block *block)
{
    for (;;) {
        spvk_ir_region *region = block->region;
        if (!region)
            return NULL;
        spvk_ir_op *parent = region->op;
        if (!parent || !parent->block || (parent->def->traits & (SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_UNREGISTERED)))
            return region;
        block = parent->block;
    }
}

static const spvk_ir_dialect *op_dialect(spvk_ir_context *ctx, const spvk_ir_op *op);

static bool owned(const driver *d, const spvk_ir_op *op)
{
    return op && rw_map_get(&d->owned, (uintptr_t)op, 0, 0, 0) != NULL;
}

/* Returns false when op was a duplicate and is gone. */
static bool insert_known_constant(driver *d, spvk_ir_op *op, const spvk_ir_attr *value)
{
    spvk_ir_block *block = op->block;
    if (owned(d, op)) {
        if (block->first != op && !owned(d, op->prev))
            spvk_ir_block_prepend(block, op);
        return true;
    }
    spvk_ir_region *region = insertion_region(block);
    if (!region || !region->first)
        return true;
    uintptr_t k0 = (uintptr_t)region, k1 = (uintptr_t)op_dialect(d->ctx, op), k2 = (uintptr_t)value,
              k3 = (uintptr_t)op->results[0].type;
    spvk_ir_op *existing = rw_map_get(&d->constants, k0, k1, k2, k3);
    if (existing) {
        spvk_ir_value *v = &existing->results[0];
        spvk_rewriter_replace_op(&d->rw, op, &v);
        return false;
    }
    spvk_ir_block *entry = region->first;
    if (block != entry || (entry->first != op && !owned(d, op->prev))) {
        spvk_ir_block_prepend(entry, op);
        op->loc = NULL; /* MLIR gives a hoisted constant an unknown location */
    }
    if (!rw_map_put(&d->constants, k0, k1, k2, k3, op) || !rw_map_put(&d->owned, (uintptr_t)op, 0, 0, 0, op))
        d->oom = true;
    return true;
}

static spvk_ir_walk_result populate_pre(spvk_ir_op *op, void *user)
{
    driver *d = user;
    const spvk_ir_attr *value = spvk_ir_op_constant_value(op);
    if (value && !insert_known_constant(d, op, value))
        return SPVK_WALK_SKIP;
    add_to_worklist(d, op);
    return SPVK_WALK_ADVANCE;
}

static spvk_ir_walk_result populate_post(spvk_ir_op *op, void *user)
{
    driver *d = user;
    const spvk_ir_attr *value = spvk_ir_op_constant_value(op);
    if (value && !insert_known_constant(d, op, value))
        return SPVK_WALK_ADVANCE;
    add_to_worklist(d, op);
    return SPVK_WALK_ADVANCE;
}

/* ---- Folding ---- */

/* The trait folds MLIR runs when the op's own fold fails: commutative ops move constant
   operands to the end (stable), involutions and idempotent ops fold. */
static spvk_ir_fold_status fold_traits(driver *d, spvk_ir_op *op, spvk_ir_fold_result *results)
{
    uint32_t traits = op->def->traits;
    if ((traits & SPVK_TRAIT_INVOLUTION) && op->num_operands == 1 && op->num_results == 1) {
        spvk_ir_op *inner = op->operands[0].value ? op->operands[0].value->defining_op : NULL;
        if (inner && inner->def == op->def && inner->num_operands == 1 &&
            inner->operands[0].value && inner->operands[0].value->type == op->results[0].type) {
            results[0].attr = NULL;
            results[0].value = inner->operands[0].value;
            return SPVK_FOLD_RESULTS;
        }
    }
    if ((traits & SPVK_TRAIT_IDEMPOTENT) && op->num_results == 1 && op->num_operands >= 1) {
        spvk_ir_value *x = op->operands[0].value;
        bool fold = false;
        if (op->num_operands == 1)
            fold = x && x->defining_op && x->defining_op->def == op->def;
        else
            fold = x && x == op->operands[1].value;
        if (fold && x->type == op->results[0].type) {
            results[0].attr = NULL;
            results[0].value = x;
            return SPVK_FOLD_RESULTS;
        }
    }
    if ((traits & SPVK_TRAIT_COMMUTATIVE) && op->num_operands >= 2) {
        uint32_t n = op->num_operands, first = n;
        for (uint32_t i = 0; i < n; i++)
            if (spvk_ir_value_constant(op->operands[i].value)) {
                first = i;
                break;
            }
        bool moved = false;
        for (uint32_t i = first + 1; i < n && !moved; i++)
            if (!spvk_ir_value_constant(op->operands[i].value))
                moved = true;
        if (moved) {
            spvk_ir_value *small[8];
            spvk_ir_value **vals = n > 8 ? spvk_alloc(d->allocator, n * sizeof *vals) : small;
            if (!vals) {
                d->oom = true;
                return SPVK_FOLD_FAILED;
            }
            uint32_t k = 0;
            for (uint32_t i = 0; i < n; i++)
                if (i < first || !spvk_ir_value_constant(op->operands[i].value))
                    vals[k++] = op->operands[i].value;
            for (uint32_t i = first; i < n; i++)
                if (spvk_ir_value_constant(op->operands[i].value))
                    vals[k++] = op->operands[i].value;
            for (uint32_t i = 0; i < n; i++)
                if (op->operands[i].value != vals[i])
                    spvk_ir_op_set_operand(op, i, vals[i]);
            if (vals != small)
                spvk_free(d->allocator, vals, n * sizeof *vals);
            return SPVK_FOLD_IN_PLACE;
        }
    }
    return SPVK_FOLD_FAILED;
}

/* The op's dialect: its def's, or the registered dialect its name starts with. */
static const spvk_ir_dialect *op_dialect(spvk_ir_context *ctx, const spvk_ir_op *op)
{
    if (op->def->dialect)
        return op->def->dialect;
    const char *name = op->def->name, *dot = strchr(name, '.');
    return dot ? spvk_ir_dialect_lookup(ctx, name, (size_t)(dot - name)) : NULL;
}

/* Returns true when op folded (in place, or replaced and gone). */
static bool try_fold(driver *d, spvk_ir_op *op)
{
    uint32_t n = op->num_operands, r = op->num_results;
    const spvk_ir_attr *small_c[8];
    spvk_ir_fold_result small_r[4];
    const spvk_ir_attr **consts = n > 8 ? spvk_alloc(d->allocator, n * sizeof *consts) : small_c;
    spvk_ir_fold_result *results = r > 4 ? spvk_alloc(d->allocator, r * sizeof *results) : small_r;
    bool done = false;
    if (!consts || !results) {
        d->oom = true;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++)
        consts[i] = spvk_ir_value_constant(op->operands[i].value);
    memset(results, 0, r * sizeof *results);
    spvk_ir_fold_status st = SPVK_FOLD_FAILED;
    if (op->def->fold)
        st = op->def->fold(d->ctx, op, consts, results);
    if (st == SPVK_FOLD_FAILED) {
        memset(results, 0, r * sizeof *results);
        st = fold_traits(d, op, results);
    }
    if (st == SPVK_FOLD_IN_PLACE) {
        on_modified(d, op);
        done = true;
        goto out;
    }
    if (st != SPVK_FOLD_RESULTS)
        goto out;
    /* Materialize the constants before op; a failure takes back what was made. */
    spvk_ir_value *small_v[4];
    spvk_ir_value **values = r > 4 ? spvk_alloc(d->allocator, r * sizeof *values) : small_v;
    if (!values) {
        d->oom = true;
        goto out;
    }
    bool ok = true;
    uint32_t made = 0;
    spvk_ir_builder_before(&d->rw.b, op);
    d->rw.b.loc = op->loc;
    for (uint32_t i = 0; i < r && ok; i++) {
        if (results[i].value) {
            values[i] = results[i].value;
            ok = values[i]->type == op->results[i].type && values[i] != &op->results[i];
            continue;
        }
        const spvk_ir_dialect *dialect = op_dialect(d->ctx, op);
        spvk_ir_op *c = results[i].attr && dialect && dialect->materialize_constant
                            ? dialect->materialize_constant(&d->rw.b, results[i].attr, op->results[i].type)
                            : NULL;
        if (!c || c->num_results != 1 || c->results[0].type != op->results[i].type) {
            if (c)
                spvk_rewriter_erase_op(&d->rw, c);
            ok = false;
            break;
        }
        on_inserted(d, c);
        values[i] = &c->results[0];
        made = i + 1;
    }
    if (ok) {
        spvk_rewriter_replace_op(&d->rw, op, values);
        done = true;
    } else {
        for (uint32_t i = 0; i < made; i++)
            if (!results[i].value && values[i] && values[i]->defining_op && !values[i]->first_use)
                spvk_rewriter_erase_op(&d->rw, values[i]->defining_op);
    }
    d->rw.b.loc = NULL;
    if (values != small_v)
        spvk_free(d->allocator, values, r * sizeof *values);
out:
    if (consts && consts != small_c)
        spvk_free(d->allocator, consts, n * sizeof *consts);
    if (results && results != small_r)
        spvk_free(d->allocator, results, r * sizeof *results);
    return done;
}

/* ---- The loop ---- */

static bool process_worklist(driver *d)
{
    bool changed = false;
    int64_t rewrites = 0;
    spvk_ir_op *op;
    while ((d->config.max_num_rewrites < 0 || rewrites < d->config.max_num_rewrites) && !d->oom &&
           (op = wl_pop(d)) != NULL) {
        if (spvk_ir_op_is_trivially_dead(op)) {
            spvk_rewriter_erase_op(&d->rw, op);
            changed = true;
            continue;
        }
        if (d->config.fold && !(op->def->traits & SPVK_TRAIT_CONSTANT_LIKE) && try_fold(d, op)) {
            changed = true;
            continue;
        }
        const rw_pattern_list *l = rw_pattern_index_lookup(&d->patterns, d->ctx, op->def);
        if (!l) {
            d->oom = true;
            break;
        }
        for (uint32_t i = 0; i < l->count; i++) {
            const spvk_pattern *p = l->items[i];
            if (!p->match_and_rewrite)
                continue;
            spvk_ir_builder_before(&d->rw.b, op);
            d->rw.b.loc = op->loc;
            if (p->match_and_rewrite(p, op, &d->rw)) {
                changed = true;
                rewrites++;
                break;
            }
        }
        d->rw.b.loc = NULL;
    }
    return changed;
}

void spvk_greedy_config_default(spvk_greedy_config *config)
{
    memset(config, 0, sizeof *config);
    config->top_down = true;
    config->region_simplify = SPVK_REGION_SIMPLIFY_NORMAL;
    config->max_iterations = 10;
    config->max_num_rewrites = -1;
    config->fold = true;
}

static bool simplify_region(driver *d, spvk_ir_region *region, bool *converged)
{
    d->scope = region;
    bool more = false;
    int64_t iteration = 0;
    do {
        if (d->config.max_iterations >= 0 && ++iteration > d->config.max_iterations)
            break;
        d->list.count = 0;
        rw_map_clear(&d->constants);
        rw_map_clear(&d->owned);
        /* Stale positions from other analyses must not read as membership. */
        for (spvk_ir_block *b = region->first; b; b = b->next)
            for (spvk_ir_op *o = b->first, *next; o; o = next) {
                next = o->next;
                /* Whole: spvk_apply_patterns_greedily refused IR with a region not materialized. */
                if (d->config.top_down)
                    (void)spvk_ir_walk(o, populate_pre, d);
                else
                    (void)spvk_ir_walk_post(o, populate_post, d);
            }
        if (d->config.top_down)
            wl_reverse(d);
        more = process_worklist(d);
        if (d->config.region_simplify != SPVK_REGION_SIMPLIFY_DISABLED && !d->oom) {
            /* The worklist is empty and the next iteration starts a new one, so the changes go
               untold: op->scratch holds liveness meanwhile. */
            bool oom = false;
            spvk_rewriter plain;
            spvk_rewriter_init(&plain, d->ctx);
            /* A drained worklist left every op's scratch 0 (each was pushed and popped). */
            more |= rw_simplify_regions(&plain, region, 1,
                                        d->config.region_simplify == SPVK_REGION_SIMPLIFY_AGGRESSIVE,
                                        d->list.count == 0, &oom);
            d->oom |= oom;
        }
    } while (more && !d->oom);
    *converged = !more;
    return !d->oom;
}

spvk_result spvk_apply_patterns_greedily(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_pattern_set *patterns,
                                         const spvk_greedy_config *config, bool *converged)
{
    /* A body not built cannot be rewritten, and passing over it would report a fixpoint the IR
       never reached. */
    const spvk_ir_op *unbuilt = spvk_ir_find_unmaterialized(op);
    if (unbuilt)
        return spvk_ir_unmaterialized_error(config ? config->diags : NULL, unbuilt, "patterns cannot be applied to it");
    driver d;
    memset(&d, 0, sizeof d);
    d.ctx = ctx;
    d.allocator = spvk_ir_context_allocator(ctx);
    spvk_greedy_config_default(&d.config);
    if (config)
        d.config = *config;
    spvk_rewriter_init(&d.rw, ctx);
    d.rw.listener.user = &d;
    d.rw.listener.op_inserted = on_inserted;
    d.rw.listener.op_modified = on_modified;
    d.rw.listener.op_erased = on_erased;
    rw_vec_init(&d.list, d.allocator);
    rw_map_init(&d.constants, d.allocator);
    rw_map_init(&d.owned, d.allocator);
    bool all = true;
    if (!rw_pattern_index_init(&d.patterns, patterns))
        d.oom = true;
    for (uint32_t r = 0; r < op->num_regions && !d.oom; r++) {
        bool c = true;
        simplify_region(&d, &op->regions[r], &c);
        all &= c;
    }
    d.oom |= d.list.failed || d.constants.failed || d.owned.failed || d.patterns.by_def.failed;
    rw_pattern_index_free(&d.patterns);
    rw_vec_free(&d.list);
    rw_map_free(&d.constants);
    rw_map_free(&d.owned);
    if (converged)
        *converged = all;
    return d.oom || spvk_ir_context_failed(ctx) ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_OK;
}

/* ---- Region simplification (MLIR's simplifyRegions) ---- */

/* Unreachable blocks of multi-block regions go; nested regions of reachable blocks are visited. */
static bool erase_unreachable_blocks(spvk_rewriter *rw, spvk_ir_region *regions, uint32_t count, bool *oom)
{
    const spvk_allocator *a = spvk_ir_context_allocator(rw->ctx);
    bool erased = false;
    rw_vec work, stack;
    rw_vec_init(&work, a);
    rw_vec_init(&stack, a);
    for (uint32_t i = 0; i < count; i++)
        rw_vec_push(&work, &regions[i]);
    while (work.count && !work.failed && !stack.failed) {
        spvk_ir_region *region = work.items[--work.count];
        if (!region->first)
            continue;
        if (!region->first->next) {
            for (spvk_ir_op *o = region->first->first; o; o = o->next)
                for (uint32_t r = 0; r < o->num_regions; r++)
                    rw_vec_push(&work, &o->regions[r]);
            continue;
        }
        /* Mark reachable blocks (scratch = 1) by a depth-first walk over successors. */
        for (spvk_ir_block *b = region->first; b; b = b->next)
            b->scratch = 0;
        stack.count = 0;
        region->first->scratch = 1;
        rw_vec_push(&stack, region->first);
        while (stack.count && !stack.failed) {
            spvk_ir_block *b = stack.items[--stack.count];
            spvk_ir_op *t = b->last;
            if (!t)
                continue;
            for (uint32_t s = 0; s < t->num_successors; s++) {
                spvk_ir_block *succ = t->successors[s];
                if (succ && succ->region == region && !succ->scratch) {
                    succ->scratch = 1;
                    rw_vec_push(&stack, succ);
                }
            }
        }
        for (spvk_ir_block *b = region->first, *next; b; b = next) {
            next = b->next;
            if (!b->scratch) {
                spvk_rewriter_erase_block(rw, b);
                erased = true;
                continue;
            }
            for (spvk_ir_op *o = b->first; o; o = o->next)
                for (uint32_t r = 0; r < o->num_regions; r++)
                    rw_vec_push(&work, &o->regions[r]);
        }
    }
    *oom |= work.failed || stack.failed;
    rw_vec_free(&work);
    rw_vec_free(&stack);
    return erased;
}

/* Region DCE: an optimistic liveness to a fixpoint; op liveness in op->scratch, that of
   non-entry block arguments in a set. */
typedef struct liveness {
    rw_map args;
    bool changed;
    rw_vec order; /* scratch for post-orders */
    const spvk_allocator *allocator;
    bool oom;
} liveness;

/* op->scratch: 1 live, 2 visited and found dead this far, anything else not visited. A pass
   that turns something it already found dead (or a block argument, or an op of a graph region,
   whose uses need not come before it) live needs another: in an SSA region a value's users are
   visited before it, so one pass usually settles it. */
static bool op_live(const spvk_ir_op *op) { return op->scratch == 1; }
static void set_op_live(liveness *l, spvk_ir_op *op)
{
    if (op->scratch == 1)
        return;
    if (op->scratch == 2 || (op->block && op->block->region && op->block->region->op &&
                             (op->block->region->op->def->traits & SPVK_TRAIT_GRAPH_REGION)))
        l->changed = true;
    op->scratch = 1;
}
static bool arg_live(const liveness *l, const spvk_ir_value *v)
{
    return rw_map_get(&l->args, (uintptr_t)v, 0, 0, 0) == v;
}
static void set_value_live(liveness *l, spvk_ir_value *v)
{
    if (v->defining_op) {
        set_op_live(l, v->defining_op);
        return;
    }
    if (!arg_live(l, v)) {
        if (!rw_map_put(&l->args, (uintptr_t)v, 0, 0, 0, v))
            l->oom = true;
        l->changed = true;
    }
}

/* Successor operand -> the block argument it feeds, or NULL (MLIR's getSuccessorBlockArgument). */
static spvk_ir_value *successor_block_arg(const spvk_ir_op *op, uint32_t operand)
{
    if (!(op->def->traits & SPVK_TRAIT_BRANCH) || !op->def->successor_operands)
        return NULL;
    for (uint32_t s = 0; s < op->num_successors; s++) {
        uint32_t first = 0, n = 0;
        op->def->successor_operands(op, s, &first, &n);
        if (operand >= first && operand < first + n) {
            spvk_ir_block *b = op->successors[s];
            uint32_t i = operand - first;
            return b && i < b->num_args ? b->args[i] : NULL;
        }
    }
    return NULL;
}

static void process_value(liveness *l, spvk_ir_value *v)
{
    for (spvk_ir_use *u = v->first_use; u; u = u->next) {
        spvk_ir_op *owner = u->owner;
        if (owner->def->traits & SPVK_TRAIT_TERMINATOR) {
            spvk_ir_value *arg = successor_block_arg(owner, rw_use_index(u));
            if (arg && !arg_live(l, arg))
                continue;
        }
        if (op_live(owner)) {
            set_value_live(l, v);
            return;
        }
    }
}

/* Blocks of region in post-order from the entry (successors first), into l->order from `base`. */
static void post_order(liveness *l, spvk_ir_region *region, size_t base)
{
    /* Iterative DFS: each block pushed with its next successor index in block->scratch. */
    for (spvk_ir_block *b = region->first; b; b = b->next)
        b->scratch = 0;
    rw_vec stack;
    rw_vec_init(&stack, l->allocator);
    spvk_ir_block *entry = region->first;
    entry->scratch = 1;
    rw_vec_push(&stack, entry);
    while (stack.count && !stack.failed) {
        spvk_ir_block *b = stack.items[stack.count - 1];
        spvk_ir_op *t = b->last && (b->last->def->traits & SPVK_TRAIT_TERMINATOR) ? b->last : NULL;
        uint32_t next = b->scratch - 1;
        bool pushed = false;
        while (t && next < t->num_successors) {
            spvk_ir_block *s = t->successors[next++];
            if (s && s->region == region && !s->scratch) {
                b->scratch = next + 1;
                s->scratch = 1;
                rw_vec_push(&stack, s);
                pushed = true;
                break;
            }
        }
        if (pushed)
            continue;
        b->scratch = next + 1;
        stack.count--;
        rw_vec_push(&l->order, b);
    }
    l->oom |= stack.failed || l->order.failed;
    rw_vec_free(&stack);
    (void)base;
}

static void propagate_region(liveness *l, spvk_ir_region *region);

static void propagate_op(liveness *l, spvk_ir_op *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++)
        propagate_region(l, &op->regions[r]);
    if (op->def->traits & SPVK_TRAIT_TERMINATOR) {
        set_op_live(l, op);
        bool branch = (op->def->traits & SPVK_TRAIT_BRANCH) && op->def->successor_operands;
        for (uint32_t s = 0; s < op->num_successors; s++) {
            spvk_ir_block *b = op->successors[s];
            if (!b)
                continue;
            /* Without the branch interface every argument of each successor is live; with it
               only those it cannot reason about (none: operands it forwards are tracked). */
            if (!branch)
                for (uint32_t i = 0; i < b->num_args; i++)
                    set_value_live(l, b->args[i]);
        }
        return;
    }
    if (op_live(op))
        return;
    if (!spvk_ir_op_would_be_trivially_dead(op)) {
        set_op_live(l, op);
        return;
    }
    for (uint32_t i = 0; i < op->num_results; i++)
        process_value(l, &op->results[i]);
    if (!op_live(op))
        op->scratch = 2;
}

static void propagate_region(liveness *l, spvk_ir_region *region)
{
    if (!region->first)
        return;
    size_t base = l->order.count;
    post_order(l, region, base);
    size_t end = l->order.count;
    for (size_t i = base; i < end; i++) {
        spvk_ir_block *b = l->order.items[i];
        for (spvk_ir_op *o = b->last; o; o = o->prev)
            propagate_op(l, o);
        if (b == region->first)
            continue;
        for (uint32_t a = 0; a < b->num_args; a++)
            if (!arg_live(l, b->args[a]))
                process_value(l, b->args[a]);
    }
    l->order.count = base;
}

static spvk_ir_walk_result clear_scratch(spvk_ir_op *op, void *user)
{
    (void)user;
    op->scratch = 0;
    return SPVK_WALK_ADVANCE;
}

static bool delete_dead(spvk_rewriter *rw, liveness *l, spvk_ir_region *regions, uint32_t count)
{
    bool erased = false;
    for (uint32_t r = 0; r < count; r++) {
        spvk_ir_region *region = &regions[r];
        if (!region->first)
            continue;
        bool single = region->first->next == NULL;
        size_t base = l->order.count;
        post_order(l, region, base);
        size_t end = l->order.count;
        for (size_t i = base; i < end; i++) {
            spvk_ir_block *b = l->order.items[i];
            spvk_ir_op *t = b->last;
            if (!single && t && (t->def->traits & SPVK_TRAIT_BRANCH) && t->def->successor_operands) {
                for (uint32_t s = t->num_successors; s-- > 0;) {
                    uint32_t first = 0, n = 0;
                    t->def->successor_operands(t, s, &first, &n);
                    spvk_ir_block *succ = t->successors[s];
                    for (uint32_t k = n; k-- > 0;) {
                        if (!succ || k >= succ->num_args || arg_live(l, succ->args[k]))
                            continue;
                        /* Later operands shift down; the op keeps its operand groups true. */
                        bool erased_operand = t->def->erase_successor_operand
                                                  ? t->def->erase_successor_operand(rw->ctx, t, s, k)
                                                  : spvk_ir_op_erase_operand(rw->ctx, t, first + k);
                        if (!erased_operand)
                            l->oom = true;
                        t->def->successor_operands(t, s, &first, &n);
                    }
                }
            }
            for (spvk_ir_op *o = b->last, *prev; o; o = prev) {
                prev = o->prev;
                if (!op_live(o)) {
                    erased = true;
                    for (uint32_t k = 0; k < o->num_results; k++)
                        rw_value_drop_uses(&o->results[k]);
                    spvk_rewriter_erase_op(rw, o);
                } else if (o->num_regions) {
                    erased |= delete_dead(rw, l, o->regions, o->num_regions);
                }
            }
        }
        l->order.count = base;
        for (spvk_ir_block *b = region->first->next; b; b = b->next)
            for (uint32_t a = b->num_args; a-- > 0;)
                if (!arg_live(l, b->args[a])) {
                    rw_value_drop_uses(b->args[a]);
                    spvk_ir_block_erase_arg(b, a);
                    erased = true;
                }
    }
    return erased;
}

static bool region_dce(spvk_rewriter *rw, spvk_ir_region *regions, uint32_t count, bool cleared, bool *oom)
{
    liveness l;
    memset(&l, 0, sizeof l);
    l.allocator = spvk_ir_context_allocator(rw->ctx);
    rw_map_init(&l.args, l.allocator);
    rw_vec_init(&l.order, l.allocator);
    for (uint32_t r = 0; r < count && !cleared; r++)
        for (spvk_ir_block *b = regions[r].first; b; b = b->next)
            for (spvk_ir_op *o = b->first; o; o = o->next)
                (void)spvk_ir_walk(o, clear_scratch, NULL); /* whole: see spvk_apply_patterns_greedily */
    do {
        l.changed = false;
        for (uint32_t r = 0; r < count && !l.oom; r++)
            propagate_region(&l, &regions[r]);
    } while (l.changed && !l.oom && !l.args.failed);
    bool erased = false;
    if (!l.oom && !l.args.failed)
        erased = delete_dead(rw, &l, regions, count);
    *oom |= l.oom || l.args.failed || l.order.failed;
    rw_map_free(&l.args);
    rw_vec_free(&l.order);
    return erased;
}

bool rw_simplify_regions(spvk_rewriter *rw, spvk_ir_region *regions, uint32_t count, bool merge_blocks,
                         bool scratch_clear, bool *oom)
{
    (void)merge_blocks; /* identical-block merging (aggressive) is not done: docs/rewriting.md */
    bool changed = erase_unreachable_blocks(rw, regions, count, oom);
    changed |= region_dce(rw, regions, count, scratch_clear, oom);
    return changed;
}
