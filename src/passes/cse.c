/* cse: MLIR 19's common subexpression elimination.

   Blocks are visited in dominator-tree order; an op is looked up among the equivalent ops that
   dominate it (same def, attributes, result types and operands -- sorted for commutative ops --
   and structurally equal regions) in a scoped hash table: entering a dominator-tree child
   opens a scope, leaving it drops what the child added. Ops nested in an op isolated from
   above start a table of their own. Effect-free ops are merged with the one found; ops that
   only read are merged when the one found is in the same block with no write (or op of
   unknown effects) between them. Duplicates and trivially dead ops are erased at the end.

   The table is an array of entries chained per bucket, most recent first, so popping a scope
   is popping the array: no allocation per op. */
#include <string.h>

#include "../ir/rewrite_internal.h"

typedef struct entry {
    spvk_ir_op *op;
    uint32_t hash;
    uint32_t next; /* previous entry of the bucket + 1, or 0 */
} entry;

typedef struct table {
    entry *entries;
    size_t count, capacity;
    uint32_t *buckets; /* entry index + 1 */
    size_t num_buckets;
} table;

typedef struct cse {
    spvk_ir_context *ctx;
    const spvk_allocator *allocator;
    table *t; /* the current one: each op isolated from above gets its own */
    rw_vec erase;
    rw_map reads;  /* read op -> the op its write scan reached (1: a write was found) */
    rw_map equiv;  /* region comparison: lhs value/block -> rhs */
    bool oom;
} cse;

/* ---- Equivalence ---- */

static uint32_t mix(uint32_t h, uintptr_t v)
{
    uint64_t x = (uint64_t)v * 0x9E3779B97F4A7C15ull;
    return (h ^ (uint32_t)(x >> 32) ^ (uint32_t)x) * 0x01000193u + 0x7f4a7c15u;
}

/* Operands in the order compared: sorted by pointer for commutative ops (MLIR's). */
static void operand_order(const spvk_ir_op *op, spvk_ir_value **out)
{
    for (uint32_t i = 0; i < op->num_operands; i++)
        out[i] = op->operands[i].value;
    if (!(op->def->traits & SPVK_TRAIT_COMMUTATIVE))
        return;
    for (uint32_t i = 1; i < op->num_operands; i++) {
        spvk_ir_value *v = out[i];
        uint32_t j = i;
        while (j > 0 && (uintptr_t)out[j - 1] > (uintptr_t)v) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = v;
    }
}

static uint32_t op_hash(const spvk_ir_op *op)
{
    uint32_t h = mix(0x811c9dc5u, (uintptr_t)op->def);
    h = mix(h, (uintptr_t)op->attrs);
    for (uint32_t i = 0; i < op->num_results; i++)
        h = mix(h, (uintptr_t)op->results[i].type);
    if (op->def->traits & SPVK_TRAIT_COMMUTATIVE) {
        /* Order-free: a sum of mixed operands. */
        uint32_t s = 0;
        for (uint32_t i = 0; i < op->num_operands; i++)
            s += mix(0, (uintptr_t)op->operands[i].value);
        h = mix(h, s);
    } else {
        for (uint32_t i = 0; i < op->num_operands; i++)
            h = mix(h, (uintptr_t)op->operands[i].value);
    }
    return h ? h : 1;
}

static bool same_shape(const spvk_ir_op *a, const spvk_ir_op *b)
{
    if (a->def != b->def || a->attrs != b->attrs || a->num_results != b->num_results ||
        a->num_operands != b->num_operands || a->num_successors != b->num_successors ||
        a->num_regions != b->num_regions)
        return false;
    for (uint32_t i = 0; i < a->num_results; i++)
        if (a->results[i].type != b->results[i].type)
            return false;
    return true;
}

static bool regions_equivalent(cse *c, const spvk_ir_op *a, const spvk_ir_op *b);

/* Compares two ops nested in regions under comparison: values defined inside map through
   c->equiv, values from outside must be the same. */
static bool nested_equivalent(cse *c, const spvk_ir_op *a, const spvk_ir_op *b)
{
    if (!same_shape(a, b))
        return false;
    for (uint32_t i = 0; i < a->num_operands; i++) {
        spvk_ir_value *x = a->operands[i].value, *y = b->operands[i].value;
        spvk_ir_value *m = x ? rw_map_get(&c->equiv, (uintptr_t)x, 0, 0, 0) : NULL;
        if ((m ? m : x) != y)
            return false;
    }
    for (uint32_t i = 0; i < a->num_successors; i++) {
        spvk_ir_block *m = rw_map_get(&c->equiv, (uintptr_t)a->successors[i], 0, 0, 0);
        if ((m ? m : a->successors[i]) != b->successors[i])
            return false;
    }
    if (!regions_equivalent(c, a, b))
        return false;
    for (uint32_t i = 0; i < a->num_results; i++)
        if (!rw_map_put(&c->equiv, (uintptr_t)&a->results[i], 0, 0, 0, &b->results[i]))
            c->oom = true;
    return true;
}

static bool regions_equivalent(cse *c, const spvk_ir_op *a, const spvk_ir_op *b)
{
    for (uint32_t r = 0; r < a->num_regions; r++) {
        spvk_ir_block *x = a->regions[r].first, *y = b->regions[r].first;
        /* Blocks first (successors may point forward), with their arguments. */
        for (; x && y; x = x->next, y = y->next) {
            if (x->num_args != y->num_args)
                return false;
            if (!rw_map_put(&c->equiv, (uintptr_t)x, 0, 0, 0, y))
                c->oom = true;
            for (uint32_t i = 0; i < x->num_args; i++) {
                if (x->args[i]->type != y->args[i]->type)
                    return false;
                if (!rw_map_put(&c->equiv, (uintptr_t)x->args[i], 0, 0, 0, y->args[i]))
                    c->oom = true;
            }
        }
        if (x || y)
            return false;
        for (x = a->regions[r].first, y = b->regions[r].first; x; x = x->next, y = y->next) {
            const spvk_ir_op *p = x->first, *q = y->first;
            for (; p && q; p = p->next, q = q->next)
                if (!nested_equivalent(c, p, q))
                    return false;
            if (p || q)
                return false;
        }
    }
    return true;
}

static bool equivalent(cse *c, const spvk_ir_op *a, const spvk_ir_op *b)
{
    if (a == b)
        return true;
    if (!same_shape(a, b))
        return false;
    spvk_ir_value *sa[8], *sb[8];
    uint32_t n = a->num_operands;
    spvk_ir_value **oa = n > 8 ? spvk_alloc(c->allocator, n * sizeof *oa) : sa;
    spvk_ir_value **ob = n > 8 ? spvk_alloc(c->allocator, n * sizeof *ob) : sb;
    bool eq = oa && ob;
    if (eq) {
        operand_order(a, oa);
        operand_order(b, ob);
        eq = memcmp(oa, ob, n * sizeof *oa) == 0;
    } else {
        c->oom = true;
    }
    if (oa && oa != sa)
        spvk_free(c->allocator, oa, n * sizeof *oa);
    if (ob && ob != sb)
        spvk_free(c->allocator, ob, n * sizeof *ob);
    for (uint32_t i = 0; eq && i < a->num_successors; i++)
        eq = a->successors[i] == b->successors[i];
    if (eq && a->num_regions) {
        rw_map_clear(&c->equiv);
        eq = regions_equivalent(c, a, b);
    }
    return eq;
}

/* ---- The scoped table ---- */

static void table_free(cse *c, table *t)
{
    spvk_free(c->allocator, t->entries, t->capacity * sizeof *t->entries);
    spvk_free(c->allocator, t->buckets, t->num_buckets * sizeof *t->buckets);
}

static bool table_grow(cse *c)
{
    size_t nb = c->t->num_buckets ? c->t->num_buckets * 2 : 64;
    uint32_t *b = spvk_alloc(c->allocator, nb * sizeof *b);
    if (!b)
        return false;
    memset(b, 0, nb * sizeof *b);
    /* Rechain in insertion order so each chain stays most recent first. */
    for (size_t i = 0; i < c->t->count; i++) {
        size_t k = c->t->entries[i].hash & (nb - 1);
        c->t->entries[i].next = b[k];
        b[k] = (uint32_t)(i + 1);
    }
    spvk_free(c->allocator, c->t->buckets, c->t->num_buckets * sizeof *c->t->buckets);
    c->t->buckets = b;
    c->t->num_buckets = nb;
    return true;
}

static spvk_ir_op *table_lookup(cse *c, const spvk_ir_op *op, uint32_t h)
{
    if (!c->t->num_buckets)
        return NULL;
    for (uint32_t i = c->t->buckets[h & (c->t->num_buckets - 1)]; i; i = c->t->entries[i - 1].next) {
        entry *e = &c->t->entries[i - 1];
        if (e->hash == h && equivalent(c, e->op, op))
            return e->op;
    }
    return NULL;
}

static void table_insert(cse *c, spvk_ir_op *op, uint32_t h)
{
    if (c->t->count >= UINT32_MAX - 1) {
        c->oom = true;
        return;
    }
    if (c->t->count + 1 > c->t->num_buckets / 2 && !table_grow(c)) {
        c->oom = true;
        return;
    }
    if (c->t->count == c->t->capacity) {
        size_t cap = c->t->capacity ? c->t->capacity * 2 : 32;
        entry *e = spvk_realloc(c->allocator, c->t->entries, c->t->capacity * sizeof *e, cap * sizeof *e);
        if (!e) {
            c->oom = true;
            return;
        }
        c->t->entries = e;
        c->t->capacity = cap;
    }
    size_t k = h & (c->t->num_buckets - 1);
    entry *e = &c->t->entries[c->t->count];
    e->op = op;
    e->hash = h;
    e->next = c->t->buckets[k];
    c->t->buckets[k] = (uint32_t)(++c->t->count);
}

static void table_pop_to(cse *c, size_t mark)
{
    while (c->t->count > mark) {
        entry *e = &c->t->entries[--c->t->count];
        c->t->buckets[e->hash & (c->t->num_buckets - 1)] = e->next;
    }
}

/* ---- The walk ---- */

/* Whether an op between from and to (same block) may write (MLIR's
   hasOtherSideEffectingOpInBetween), resuming from where the last scan from `from` stopped. */
static bool write_between(cse *c, spvk_ir_op *from, spvk_ir_op *to)
{
    spvk_ir_op *start = rw_map_get(&c->reads, (uintptr_t)from, 0, 0, 0);
    if (start == (spvk_ir_op *)1)
        return true;
    spvk_ir_op *o = start ? start : from->next;
    for (; o && o != to; o = o->next) {
        uint8_t e = spvk_ir_op_effects(o);
        if (!e || (e & SPVK_EFFECT_WRITE)) {
            if (!rw_map_put(&c->reads, (uintptr_t)from, 0, 0, 0, (void *)1))
                c->oom = true;
            return true;
        }
    }
    if (!rw_map_put(&c->reads, (uintptr_t)from, 0, 0, 0, to))
        c->oom = true;
    return false;
}

static void replace_and_erase(cse *c, spvk_ir_op *op, spvk_ir_op *existing, bool ssa)
{
    if (ssa) {
        for (uint32_t i = 0; i < op->num_results; i++)
            spvk_ir_value_replace_all_uses(&op->results[i], &existing->results[i]);
        rw_vec_push(&c->erase, op);
    } else {
        /* Without dominance a use may come before op: only uses by ops the table does not
           hold are moved (MLIR's test). */
        bool unused = true;
        for (uint32_t i = 0; i < op->num_results; i++) {
            for (spvk_ir_use *u = op->results[i].first_use, *next; u; u = next) {
                next = u->next;
                if (!table_lookup(c, u->owner, op_hash(u->owner)))
                    spvk_ir_op_set_operand(u->owner, rw_use_index(u), &existing->results[i]);
            }
            unused &= op->results[i].first_use == NULL;
        }
        if (unused)
            rw_vec_push(&c->erase, op);
    }
    if (!existing->loc && op->loc) {
        /* An owned location belongs to its op; the survivor takes the uniqued copy. */
        existing->loc = ir_attr_is_owned(op->loc)
                            ? spvk_ir_file_location(c->ctx, op->loc->string, (uint32_t)op->loc->value,
                                                    (uint32_t)op->loc->value2)
                            : op->loc;
    }
}

/* true when op was merged or is dead. */
static bool simplify_op(cse *c, spvk_ir_op *op, bool ssa)
{
    if (op->def->traits & SPVK_TRAIT_TERMINATOR)
        return false;
    if (spvk_ir_op_is_trivially_dead(op)) {
        rw_vec_push(&c->erase, op);
        return true;
    }
    for (uint32_t r = 0; r < op->num_regions; r++)
        if (op->regions[r].first && op->regions[r].first->next)
            return false;
    uint32_t h = op_hash(op);
    if (!spvk_ir_op_is_memory_effect_free(op)) {
        uint8_t own = op->def->effects;
        if ((op->def->traits & SPVK_TRAIT_NO_SIDE_EFFECTS) || !(own & SPVK_EFFECT_KNOWN) ||
            (own & ~SPVK_EFFECT_KNOWN) != SPVK_EFFECT_READ)
            return false;
        spvk_ir_op *existing = table_lookup(c, op, h);
        if (existing && existing->block == op->block && !write_between(c, existing, op)) {
            replace_and_erase(c, op, existing, ssa);
            return true;
        }
        table_insert(c, op, h);
        return false;
    }
    spvk_ir_op *existing = table_lookup(c, op, h);
    if (existing) {
        replace_and_erase(c, op, existing, ssa);
        return true;
    }
    table_insert(c, op, h);
    return false;
}

static void simplify_region(cse *c, spvk_ir_region *region);

static void simplify_block(cse *c, spvk_ir_block *b, bool ssa)
{
    for (spvk_ir_op *op = b->first; op && !c->oom; op = op->next) {
        if (op->num_regions) {
            if (op->def->traits & (SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_UNREGISTERED)) {
                /* A table of its own: values from here must not leak into it. */
                table *outer = c->t, inner;
                memset(&inner, 0, sizeof inner);
                c->t = &inner;
                for (uint32_t r = 0; r < op->num_regions; r++)
                    simplify_region(c, &op->regions[r]);
                table_free(c, &inner);
                c->t = outer;
            } else {
                for (uint32_t r = 0; r < op->num_regions; r++)
                    simplify_region(c, &op->regions[r]);
            }
        }
        simplify_op(c, op, ssa);
    }
    rw_map_clear(&c->reads);
}

/* Dominator tree of a multi-block region (Cooper, Harvey and Kennedy), blocks in reverse
   post-order numbered in b->scratch. */
typedef struct domtree {
    spvk_ir_block **rpo;
    uint32_t *idom;
    uint32_t *first_child, *next_sibling; /* index + 1 */
    uint32_t n;
} domtree;

static bool build_domtree(cse *c, spvk_ir_region *region, domtree *t)
{
    memset(t, 0, sizeof *t);
    uint32_t total = 0;
    for (spvk_ir_block *b = region->first; b; b = b->next) {
        b->scratch = 0;
        total++;
    }
    const spvk_allocator *a = c->allocator;
    spvk_ir_block **stack = spvk_alloc(a, total * sizeof *stack);
    uint32_t *edge = spvk_alloc(a, total * sizeof *edge);
    t->rpo = spvk_alloc(a, total * sizeof *t->rpo);
    t->idom = spvk_alloc(a, total * sizeof *t->idom);
    t->first_child = spvk_alloc(a, total * sizeof *t->first_child);
    t->next_sibling = spvk_alloc(a, total * sizeof *t->next_sibling);
    bool ok = stack && edge && t->rpo && t->idom && t->first_child && t->next_sibling;
    if (ok) {
        /* Post-order by an explicit stack; scratch: 1 = seen. */
        uint32_t sp = 0, post = 0;
        stack[sp] = region->first;
        edge[sp++] = 0;
        region->first->scratch = 1;
        spvk_ir_block **order = t->rpo; /* filled in post-order, reversed below */
        while (sp) {
            spvk_ir_block *b = stack[sp - 1];
            spvk_ir_op *term = b->last && (b->last->def->traits & SPVK_TRAIT_TERMINATOR) ? b->last : NULL;
            if (term && edge[sp - 1] < term->num_successors) {
                spvk_ir_block *s = term->successors[edge[sp - 1]++];
                if (s && s->region == region && !s->scratch) {
                    s->scratch = 1;
                    stack[sp] = s;
                    edge[sp++] = 0;
                }
                continue;
            }
            order[post++] = b;
            sp--;
        }
        t->n = post;
        for (uint32_t i = 0; i < post / 2; i++) {
            spvk_ir_block *x = order[i];
            order[i] = order[post - 1 - i];
            order[post - 1 - i] = x;
        }
        for (spvk_ir_block *b = region->first; b; b = b->next)
            b->scratch = UINT32_MAX; /* unreachable */
        for (uint32_t i = 0; i < post; i++) {
            order[i]->scratch = i;
            t->idom[i] = UINT32_MAX;
        }
        t->idom[0] = 0;
        /* Predecessors: scan every reachable terminator per round (regions are small). */
        bool changed = true;
        while (changed) {
            changed = false;
            for (uint32_t i = 1; i < post; i++) {
                spvk_ir_block *b = order[i];
                uint32_t nd = UINT32_MAX;
                for (uint32_t j = 0; j < post; j++) {
                    spvk_ir_op *term = order[j]->last;
                    if (!term || t->idom[j] == UINT32_MAX)
                        continue;
                    for (uint32_t s = 0; s < term->num_successors; s++) {
                        if (term->successors[s] != b)
                            continue;
                        if (nd == UINT32_MAX) {
                            nd = j;
                        } else {
                            uint32_t x = j, y = nd;
                            while (x != y) {
                                while (x > y)
                                    x = t->idom[x];
                                while (y > x)
                                    y = t->idom[y];
                            }
                            nd = x;
                        }
                    }
                }
                if (nd != t->idom[i]) {
                    t->idom[i] = nd;
                    changed = true;
                }
            }
        }
        memset(t->first_child, 0, post * sizeof *t->first_child);
        for (uint32_t i = post; i-- > 1;) {
            uint32_t p = t->idom[i];
            t->next_sibling[i] = t->first_child[p];
            t->first_child[p] = i + 1;
        }
    }
    spvk_free(a, stack, total * sizeof *stack);
    spvk_free(a, edge, total * sizeof *edge);
    if (!ok) {
        spvk_free(a, t->rpo, total * sizeof *t->rpo);
        spvk_free(a, t->idom, total * sizeof *t->idom);
        spvk_free(a, t->first_child, total * sizeof *t->first_child);
        spvk_free(a, t->next_sibling, total * sizeof *t->next_sibling);
        memset(t, 0, sizeof *t);
    }
    return ok;
}

static void simplify_region(cse *c, spvk_ir_region *region)
{
    if (!region->first)
        return;
    spvk_ir_op *parent = region->op;
    bool ssa = !(parent && (parent->def->traits & (SPVK_TRAIT_GRAPH_REGION | SPVK_TRAIT_UNREGISTERED)));
    if (parent && (parent->def->traits & SPVK_TRAIT_UNREGISTERED))
        ssa = true; /* MLIR assumes SSA dominance for an unregistered op's regions */
    if (!region->first->next) {
        size_t mark = c->t->count;
        simplify_block(c, region->first, ssa);
        table_pop_to(c, mark);
        return;
    }
    if (!ssa)
        return;
    uint32_t total = 0;
    for (spvk_ir_block *b = region->first; b; b = b->next)
        total++;
    domtree t;
    if (!build_domtree(c, region, &t)) {
        c->oom = true;
        return;
    }
    /* Depth-first over the tree; each node's scope mark kept on an explicit stack. */
    uint32_t *stack = spvk_alloc(c->allocator, (t.n ? t.n : 1) * sizeof *stack);
    size_t *marks = spvk_alloc(c->allocator, (t.n ? t.n : 1) * sizeof *marks);
    uint32_t *child = spvk_alloc(c->allocator, (t.n ? t.n : 1) * sizeof *child);
    if (stack && marks && child && t.n) {
        uint32_t sp = 0;
        stack[sp] = 0;
        marks[sp] = c->t->count;
        child[sp++] = t.first_child[0];
        simplify_block(c, t.rpo[0], ssa);
        while (sp && !c->oom) {
            uint32_t next = child[sp - 1];
            if (next) {
                child[sp - 1] = t.next_sibling[next - 1];
                stack[sp] = next - 1;
                marks[sp] = c->t->count;
                child[sp++] = t.first_child[next - 1];
                simplify_block(c, t.rpo[next - 1], ssa);
            } else {
                table_pop_to(c, marks[--sp]);
            }
        }
        while (sp)
            table_pop_to(c, marks[--sp]);
    } else if (t.n) {
        c->oom = true;
    }
    spvk_free(c->allocator, stack, (t.n ? t.n : 1) * sizeof *stack);
    spvk_free(c->allocator, marks, (t.n ? t.n : 1) * sizeof *marks);
    spvk_free(c->allocator, child, (t.n ? t.n : 1) * sizeof *child);
    spvk_free(c->allocator, t.rpo, total * sizeof *t.rpo);
    spvk_free(c->allocator, t.idom, total * sizeof *t.idom);
    spvk_free(c->allocator, t.first_child, total * sizeof *t.first_child);
    spvk_free(c->allocator, t.next_sibling, total * sizeof *t.next_sibling);
}

spvk_result spvk_cse(spvk_ir_context *ctx, spvk_ir_op *op, spvk_diagnostics *diags)
{
    /* A body not built has no ops to merge, and one built later would not be seen. */
    const spvk_ir_op *unbuilt = spvk_ir_find_unmaterialized(op);
    if (unbuilt)
        return spvk_ir_unmaterialized_error(diags, unbuilt, "cse cannot run on it");
    cse c;
    memset(&c, 0, sizeof c);
    c.ctx = ctx;
    c.allocator = spvk_ir_context_allocator(ctx);
    rw_vec_init(&c.erase, c.allocator);
    rw_map_init(&c.reads, c.allocator);
    rw_map_init(&c.equiv, c.allocator);
    table top;
    memset(&top, 0, sizeof top);
    c.t = &top;
    for (uint32_t r = 0; r < op->num_regions && !c.oom; r++)
        simplify_region(&c, &op->regions[r]);
    bool oom = c.oom || c.erase.failed || c.reads.failed || c.equiv.failed;
    if (!oom)
        for (size_t i = 0; i < c.erase.count; i++) {
            spvk_ir_op *dead = c.erase.items[i];
            for (uint32_t k = 0; k < dead->num_results; k++)
                rw_value_drop_uses(&dead->results[k]);
            spvk_ir_op_erase(ctx, dead);
        }
    rw_vec_free(&c.erase);
    rw_map_free(&c.reads);
    rw_map_free(&c.equiv);
    table_free(&c, &top);
    return oom || spvk_ir_context_failed(ctx) ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_OK;
}

/* ---- The pass ---- */
#include "passes.h"

static spvk_result cse_run(spvk_pass *pass, spvk_ir_op *op)
{
    spvk_pass_changed(pass); /* conservatively: CSE does not count what it merged */
    return spvk_cse(pass->ctx, op, pass->diags);
}

const spvk_pass_def spvk_cse_pass = {
    .argument = "cse",
    .name = "CSE",
    .summary = "Eliminate common sub-expressions",
    .run = cse_run,
};
