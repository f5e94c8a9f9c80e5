/* Patterns, pattern sets and the rewriter (MLIR's PatternMatch); the effect queries the drivers
   share (isOpTriviallyDead, isMemoryEffectFree) and op cloning.

   The rewriter makes each change and tells its listener (the greedy driver keeps its worklist
   with it). While a conversion drives it (rw->driver), every change goes through the
   conversion's hooks instead, which log it so that a failed pattern can be rolled back. */
#include <stdlib.h>
#include <string.h>

#include "rewrite_internal.h"

/* ---- Maps and vectors ---- */

void rw_map_init(rw_map *m, const spvk_allocator *allocator)
{
    memset(m, 0, sizeof *m);
    m->allocator = allocator;
}

void rw_map_free(rw_map *m)
{
    spvk_free(m->allocator, m->slots, m->capacity * sizeof *m->slots);
    m->slots = NULL;
    m->capacity = m->count = m->live = 0;
}

void rw_map_clear(rw_map *m)
{
    if (m->count)
        memset(m->slots, 0, m->capacity * sizeof *m->slots);
    m->count = m->live = 0;
}

static inline size_t map_hash(uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3)
{
    uint64_t h = (uint64_t)k0 * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)k1 * 0xC2B2AE3D27D4EB4Full + (h >> 29);
    h ^= (uint64_t)k2 * 0x165667B19E3779F9ull + (h >> 31);
    h ^= (uint64_t)k3 * 0x27D4EB2F165667C5ull + (h >> 27);
    return (size_t)(h ^ (h >> 32));
}

static rw_map_slot *map_find(const rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3)
{
    if (!m->capacity)
        return NULL;
    size_t mask = m->capacity - 1;
    for (size_t i = map_hash(k0, k1, k2, k3) & mask;; i = (i + 1) & mask) {
        rw_map_slot *s = &m->slots[i];
        if (s->k[0] == 0)
            return NULL;
        if (s->k[0] == k0 && s->k[1] == k1 && s->k[2] == k2 && s->k[3] == k3)
            return s;
    }
}

void *rw_map_get(const rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3)
{
    rw_map_slot *s = map_find(m, k0, k1, k2, k3);
    return s ? s->value : NULL;
}

static bool map_grow(rw_map *m)
{
    size_t cap = m->capacity ? m->capacity * 2 : 64;
    if (m->live * 4 < m->capacity)
        cap = m->capacity; /* mostly tombstones: rehash in place size */
    rw_map_slot *slots = spvk_alloc(m->allocator, cap * sizeof *slots);
    if (!slots) {
        m->failed = true;
        return false;
    }
    memset(slots, 0, cap * sizeof *slots);
    size_t mask = cap - 1;
    for (size_t j = 0; j < m->capacity; j++) {
        rw_map_slot *s = &m->slots[j];
        if (s->k[0] <= 1)
            continue;
        size_t i = map_hash(s->k[0], s->k[1], s->k[2], s->k[3]) & mask;
        while (slots[i].k[0])
            i = (i + 1) & mask;
        slots[i] = *s;
    }
    spvk_free(m->allocator, m->slots, m->capacity * sizeof *m->slots);
    m->slots = slots;
    m->capacity = cap;
    m->count = m->live;
    return true;
}

bool rw_map_put(rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3, void *value)
{
    rw_map_slot *s = map_find(m, k0, k1, k2, k3);
    if (s) {
        s->value = value;
        return true;
    }
    if ((m->count + 1) * 4 > m->capacity * 3 && !map_grow(m))
        return false;
    size_t mask = m->capacity - 1;
    size_t i = map_hash(k0, k1, k2, k3) & mask;
    while (m->slots[i].k[0] > 1)
        i = (i + 1) & mask;
    if (m->slots[i].k[0] == 0)
        m->count++;
    m->slots[i].k[0] = k0;
    m->slots[i].k[1] = k1;
    m->slots[i].k[2] = k2;
    m->slots[i].k[3] = k3;
    m->slots[i].value = value;
    m->live++;
    return true;
}

void rw_map_remove(rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3)
{
    rw_map_slot *s = map_find(m, k0, k1, k2, k3);
    if (!s)
        return;
    s->k[0] = 1;
    s->value = NULL;
    m->live--;
}

void rw_vec_init(rw_vec *v, const spvk_allocator *allocator)
{
    memset(v, 0, sizeof *v);
    v->allocator = allocator;
}

void rw_vec_free(rw_vec *v)
{
    spvk_free(v->allocator, v->items, v->capacity * sizeof *v->items);
    v->items = NULL;
    v->count = v->capacity = 0;
}

bool rw_vec_push(rw_vec *v, void *item)
{
    if (v->count == v->capacity) {
        size_t cap = v->capacity ? v->capacity * 2 : 64;
        void **items = spvk_realloc(v->allocator, v->items, v->capacity * sizeof *items, cap * sizeof *items);
        if (!items) {
            v->failed = true;
            return false;
        }
        v->items = items;
        v->capacity = cap;
    }
    v->items[v->count++] = item;
    return true;
}

/* ---- Pattern sets ---- */

struct spvk_pattern_set {
    spvk_ir_context *ctx;
    spvk_pattern *patterns;
    size_t count, capacity;
};

spvk_pattern_set *spvk_pattern_set_create(spvk_ir_context *ctx)
{
    spvk_pattern_set *s = spvk_alloc(spvk_ir_context_allocator(ctx), sizeof *s);
    if (!s)
        return NULL;
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    return s;
}

void spvk_pattern_set_destroy(spvk_pattern_set *set)
{
    if (!set)
        return;
    const spvk_allocator *a = spvk_ir_context_allocator(set->ctx);
    spvk_free(a, set->patterns, set->capacity * sizeof *set->patterns);
    spvk_free(a, set, sizeof *set);
}

bool spvk_pattern_set_add(spvk_pattern_set *set, const spvk_pattern *pattern)
{
    if (!pattern || (!pattern->match_and_rewrite && !pattern->convert))
        return false;
    if (set->count == set->capacity) {
        size_t cap = set->capacity ? set->capacity * 2 : 16;
        spvk_pattern *p = spvk_realloc(spvk_ir_context_allocator(set->ctx), set->patterns,
                                       set->capacity * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        set->patterns = p;
        set->capacity = cap;
    }
    set->patterns[set->count++] = *pattern;
    return true;
}

spvk_ir_context *spvk_pattern_set_context(const spvk_pattern_set *set) { return set->ctx; }
size_t spvk_pattern_set_count(const spvk_pattern_set *set) { return set ? set->count : 0; }
const spvk_pattern *rw_pattern_set_at(const spvk_pattern_set *set, size_t i) { return &set->patterns[i]; }

/* Whether label is the pattern's MLIR label: "(anonymous namespace)::" + debug_name. */
static bool pattern_has_label(const spvk_pattern *p, const char *label)
{
    static const char prefix[] = "(anonymous namespace)::";
    const char *name = p->debug_name;
    if (!name || !(name[0] >= 'A' && name[0] <= 'Z'))
        return false;
    /* A "::" before any template arguments: a function pattern's stand-in name. */
    const char *scope = strstr(name, "::"), *args = strchr(name, '<');
    if (scope && (!args || scope < args))
        return false;
    return strncmp(label, prefix, sizeof prefix - 1) == 0 && strcmp(label + sizeof prefix - 1, name) == 0;
}

static bool pattern_labelled_any(const spvk_pattern *p, const char *const *labels, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (labels[i] && pattern_has_label(p, labels[i]))
            return true;
    return false;
}

void spvk_pattern_set_filter(spvk_pattern_set *set, const char *const *disabled, uint32_t num_disabled,
                             const char *const *enabled, uint32_t num_enabled)
{
    size_t k = 0;
    for (size_t i = 0; i < set->count; i++) {
        const spvk_pattern *p = &set->patterns[i];
        if (pattern_labelled_any(p, disabled, num_disabled) ||
            (num_enabled && !pattern_labelled_any(p, enabled, num_enabled)))
            continue;
        set->patterns[k++] = *p;
    }
    set->count = k;
}

static int compare_defs(const void *a, const void *b)
{
    return strcmp((*(const spvk_ir_op_def *const *)a)->name, (*(const spvk_ir_op_def *const *)b)->name);
}

bool spvk_pattern_set_add_canonicalization(spvk_pattern_set *set)
{
    spvk_ir_context *o = set->ctx->owner;
    ir_slots *live = atomic_load_explicit(&o->defs.live, memory_order_acquire);
    if (!live)
        return true;
    const spvk_allocator *a = spvk_ir_context_allocator(set->ctx);
    size_t n = 0;
    for (size_t i = 0; i < live->capacity; i++)
        if (atomic_load_explicit(&live->slot[i].hash, memory_order_acquire))
            n++;
    const spvk_ir_op_def **defs = spvk_alloc(a, (n ? n : 1) * sizeof *defs);
    if (!defs)
        return false;
    size_t m = 0;
    for (size_t i = 0; i < live->capacity && m < n; i++) {
        if (!atomic_load_explicit(&live->slot[i].hash, memory_order_acquire))
            continue;
        const ir_def_entry *e = atomic_load_explicit(&live->slot[i].item, memory_order_relaxed);
        if (e && e->def && e->def->canonicalization_patterns && !(e->def->traits & SPVK_TRAIT_UNREGISTERED))
            defs[m++] = e->def;
    }
    /* MLIR adds them in the order of the registered op names. */
    qsort(defs, m, sizeof *defs, compare_defs);
    bool ok = true;
    for (size_t i = 0; i < m && ok; i++)
        ok = defs[i]->canonicalization_patterns(set, set->ctx);
    spvk_free(a, defs, (n ? n : 1) * sizeof *defs);
    return ok;
}

/* ---- The per-driver index ---- */

bool rw_pattern_index_init(rw_pattern_index *ix, const spvk_pattern_set *set)
{
    memset(ix, 0, sizeof *ix);
    ix->set = set;
    if (!set)
        return true;
    const spvk_allocator *a = spvk_ir_context_allocator(set->ctx);
    rw_map_init(&ix->by_def, a);
    if (!set->count)
        return true;
    ix->roots = spvk_alloc(a, set->count * sizeof *ix->roots);
    if (!ix->roots)
        return false;
    for (size_t i = 0; i < set->count; i++) {
        const char *root = set->patterns[i].root;
        ix->roots[i] = root ? ir_intern_cstr(set->ctx, root) : NULL;
        if (root && !ix->roots[i])
            return false;
    }
    return true;
}

void rw_pattern_index_free(rw_pattern_index *ix)
{
    if (!ix->set)
        return;
    const spvk_allocator *a = spvk_ir_context_allocator(ix->set->ctx);
    for (size_t i = 0; i < ix->by_def.capacity; i++) {
        rw_map_slot *s = &ix->by_def.slots[i];
        if (s->k[0] > 1 && s->value) {
            rw_pattern_list *l = s->value;
            spvk_free(a, (void *)l->items, l->count * sizeof *l->items);
            spvk_free(a, l, sizeof *l);
        }
    }
    rw_map_free(&ix->by_def);
    spvk_free(a, ix->roots, ix->set->count * sizeof *ix->roots);
}

static const rw_pattern_list empty_list = {NULL, 0};

const rw_pattern_list *rw_pattern_index_lookup(rw_pattern_index *ix, spvk_ir_context *ctx, const spvk_ir_op_def *def)
{
    if (!ix->set || !ix->set->count)
        return &empty_list;
    rw_pattern_list *l = rw_map_get(&ix->by_def, (uintptr_t)def, 0, 0, 0);
    if (l)
        return l;
    const spvk_allocator *a = spvk_ir_context_allocator(ix->set->ctx);
    const char *name = ir_intern_cstr(ctx, def->name);
    if (!name)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < ix->set->count; i++)
        if (!ix->roots[i] || ix->roots[i] == name)
            n++;
    l = spvk_alloc(a, sizeof *l);
    const spvk_pattern **items = n ? spvk_alloc(a, n * sizeof *items) : NULL;
    if (!l || (n && !items)) {
        spvk_free(a, l, sizeof *l);
        return NULL;
    }
    /* Op-specific patterns and any-op patterns each by benefit (stable), merged with the
       op-specific one first on a tie (MLIR's PatternApplicator). */
    size_t k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < ix->set->count; i++)
            if ((pass == 0) == (ix->roots[i] != NULL) && (!ix->roots[i] || ix->roots[i] == name))
                items[k++] = &ix->set->patterns[i];
    size_t specific = 0;
    while (specific < n && items[specific]->root)
        specific++;
    /* Insertion sort: lists are short. Stable by benefit, descending. */
    for (size_t i = 1; i < n; i++) {
        const spvk_pattern *p = items[i];
        size_t lo = i < specific ? 0 : specific, j = i;
        while (j > lo && items[j - 1]->benefit < p->benefit) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = p;
    }
    if (specific && specific < n) {
        const spvk_pattern **merged = spvk_alloc(a, n * sizeof *merged);
        if (!merged) {
            spvk_free(a, items, n * sizeof *items);
            spvk_free(a, l, sizeof *l);
            return NULL;
        }
        size_t i = 0, j = specific, m = 0;
        while (i < specific || j < n) {
            if (j >= n || (i < specific && items[i]->benefit >= items[j]->benefit))
                merged[m++] = items[i++];
            else
                merged[m++] = items[j++];
        }
        spvk_free(a, items, n * sizeof *items);
        items = merged;
    }
    l->items = items;
    l->count = (uint32_t)n;
    if (!rw_map_put(&ix->by_def, (uintptr_t)def, 0, 0, 0, l)) {
        spvk_free(a, items, n * sizeof *items);
        spvk_free(a, l, sizeof *l);
        return NULL;
    }
    return l;
}

/* ---- Effects ---- */

const spvk_ir_attr *spvk_ir_op_constant_value(const spvk_ir_op *op)
{
    if (!(op->def->traits & SPVK_TRAIT_CONSTANT_LIKE) || op->num_results != 1)
        return NULL;
    return spvk_ir_op_attr(op, "value");
}

const spvk_ir_attr *spvk_ir_value_constant(const spvk_ir_value *v)
{
    return v && v->defining_op ? spvk_ir_op_constant_value(v->defining_op) : NULL;
}

/* An op's own effects (not its nested ops'): KNOWN with the mask, or 0 when unknown. */
static uint8_t own_effects(const spvk_ir_op *op)
{
    uint32_t traits = op->def->traits;
    if (traits & SPVK_TRAIT_NO_SIDE_EFFECTS)
        return SPVK_EFFECT_KNOWN;
    if (op->def->memory_effects)
        return op->def->memory_effects(op);
    if (op->def->effects & SPVK_EFFECT_KNOWN)
        return op->def->effects;
    if (traits & SPVK_TRAIT_RECURSIVE_EFFECTS)
        return SPVK_EFFECT_KNOWN;
    return 0;
}

uint8_t spvk_ir_op_effects(const spvk_ir_op *op)
{
    uint8_t e = own_effects(op);
    if (!e)
        return 0;
    if (op->def->traits & SPVK_TRAIT_RECURSIVE_EFFECTS)
        for (uint32_t r = 0; r < op->num_regions; r++)
            for (spvk_ir_block *b = op->regions[r].first; b; b = b->next)
                for (spvk_ir_op *o = b->first; o; o = o->next) {
                    uint8_t n = spvk_ir_op_effects(o);
                    if (!n)
                        return 0;
                    e |= n;
                }
    return e;
}

bool spvk_ir_op_is_memory_effect_free(const spvk_ir_op *op)
{
    uint8_t e = spvk_ir_op_effects(op);
    return e && !(e & ~SPVK_EFFECT_KNOWN);
}

/* MLIR's wouldOpBeTriviallyDeadImpl: reads and allocations of the op's own results may go.
   A nested op's allocation is of its results, which die with it. */
static bool effects_allow_dead(const spvk_ir_op *op)
{
    uint8_t e = own_effects(op);
    if (!e)
        return false;
    if (e & (SPVK_EFFECT_WRITE | SPVK_EFFECT_FREE))
        return false;
    if ((e & SPVK_EFFECT_ALLOCATE) && !op->num_results)
        return false;
    if (op->def->traits & SPVK_TRAIT_RECURSIVE_EFFECTS)
        for (uint32_t r = 0; r < op->num_regions; r++)
            for (spvk_ir_block *b = op->regions[r].first; b; b = b->next)
                for (spvk_ir_op *o = b->first; o; o = o->next)
                    if (!effects_allow_dead(o))
                        return false;
    return true;
}

bool spvk_ir_op_would_be_trivially_dead(const spvk_ir_op *op)
{
    if (op->def->traits & (SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_SYMBOL))
        return false;
    /* A body not built may hold anything (the drivers refuse such IR before asking). */
    for (uint32_t r = 0; r < op->num_regions; r++)
        if (op->regions[r].unmaterialized)
            return false;
    return effects_allow_dead(op);
}

bool spvk_ir_op_is_trivially_dead(const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_results; i++)
        if (op->results[i].first_use)
            return false;
    return spvk_ir_op_would_be_trivially_dead(op);
}

/* ---- The rewriter ---- */

void spvk_rewriter_init(spvk_rewriter *rw, spvk_ir_context *ctx)
{
    memset(rw, 0, sizeof *rw);
    rw->ctx = ctx;
    rw->b.ctx = ctx;
}

#define NOTIFY(rw, fn, ...)                                                                                          \
    do {                                                                                                              \
        if ((rw)->listener.fn)                                                                                        \
            (rw)->listener.fn((rw)->listener.user, __VA_ARGS__);                                                      \
    } while (0)

spvk_ir_op *spvk_rewriter_create(spvk_rewriter *rw, const spvk_ir_op_state *state)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h)
        return h->create(rw, state);
    spvk_ir_op *op = spvk_ir_build(&rw->b, state);
    if (op && op->block)
        NOTIFY(rw, op_inserted, op);
    return op;
}

void rw_value_drop_uses(spvk_ir_value *v)
{
    while (v->first_use) {
        spvk_ir_use *u = v->first_use;
        spvk_ir_op_set_operand(u->owner, rw_use_index(u), NULL);
    }
}

void spvk_rewriter_replace_all_uses(spvk_rewriter *rw, spvk_ir_value *from, spvk_ir_value *to)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->replace_all_uses(rw, from, to);
        return;
    }
    if (from == to)
        return;
    /* Each user is told in turn, in use-list order, as MLIR's modifyOpInPlace per use does. */
    while (from->first_use) {
        spvk_ir_use *u = from->first_use;
        spvk_ir_op *owner = u->owner;
        spvk_ir_op_set_operand(owner, rw_use_index(u), to);
        NOTIFY(rw, op_modified, owner);
    }
}

/* Erases op's nested ops (last first, each block from its end) and then op, each told before
   it goes and its operands dropped at once, so that a listener counting uses sees each step. */
static void erase_tree(spvk_rewriter *rw, spvk_ir_op *op)
{
    for (uint32_t r = op->num_regions; r-- > 0;) {
        for (spvk_ir_block *b = op->regions[r].last; b; b = b->prev) {
            for (spvk_ir_op *o = b->last, *prev; o; o = prev) {
                prev = o->prev;
                erase_tree(rw, o);
            }
        }
    }
    NOTIFY(rw, op_erased, op);
    if (op->num_operands)
        spvk_ir_op_set_operands(rw->ctx, op, NULL, 0);
}

static void erase_blocks_of(spvk_rewriter *rw, spvk_ir_op *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (spvk_ir_block *b = op->regions[r].first; b; b = b->next)
            NOTIFY(rw, block_erased, b);
}

void spvk_rewriter_erase_op(spvk_rewriter *rw, spvk_ir_op *op)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->erase_op(rw, op);
        return;
    }
    if (rw->listener.op_erased) {
        erase_tree(rw, op);
        erase_blocks_of(rw, op);
    }
    if (rw->b.before == op)
        rw->b.before = op->next;
    for (uint32_t i = 0; i < op->num_results; i++)
        rw_value_drop_uses(&op->results[i]);
    spvk_ir_op_erase(rw->ctx, op);
}

void spvk_rewriter_erase_block(spvk_rewriter *rw, spvk_ir_block *block)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->erase_block(rw, block);
        return;
    }
    for (spvk_ir_op *o = block->last, *prev; o; o = prev) {
        prev = o->prev;
        if (rw->listener.op_erased)
            erase_tree(rw, o);
    }
    NOTIFY(rw, block_erased, block);
    for (uint32_t i = 0; i < block->num_args; i++)
        rw_value_drop_uses(block->args[i]);
    for (spvk_ir_op *o = block->first; o; o = o->next)
        for (uint32_t i = 0; i < o->num_results; i++)
            rw_value_drop_uses(&o->results[i]);
    if (rw->b.block == block) {
        rw->b.block = NULL;
        rw->b.before = NULL;
    }
    spvk_ir_block_erase(rw->ctx, block);
}

void spvk_rewriter_replace_op(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->replace_op(rw, op, values);
        return;
    }
    NOTIFY(rw, op_replaced, op, values);
    for (uint32_t i = 0; i < op->num_results; i++)
        spvk_rewriter_replace_all_uses(rw, &op->results[i], values[i]);
    spvk_rewriter_erase_op(rw, op);
}

void spvk_rewriter_replace_op_with_op(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *with)
{
    spvk_ir_value *small[8];
    spvk_ir_value **values = small;
    const spvk_allocator *a = spvk_ir_context_allocator(rw->ctx);
    if (with->num_results > 8) {
        values = spvk_alloc(a, with->num_results * sizeof *values);
        if (!values)
            return;
    }
    for (uint32_t i = 0; i < with->num_results; i++)
        values[i] = &with->results[i];
    spvk_rewriter_replace_op(rw, op, values);
    if (values != small)
        spvk_free(a, values, with->num_results * sizeof *values);
}

void spvk_rewriter_start_modification(spvk_rewriter *rw, spvk_ir_op *op)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h)
        h->start_modification(rw, op);
}

void spvk_rewriter_finalize_modification(spvk_rewriter *rw, spvk_ir_op *op) { NOTIFY(rw, op_modified, op); }

void spvk_rewriter_set_operand(spvk_rewriter *rw, spvk_ir_op *op, uint32_t index, spvk_ir_value *value)
{
    spvk_rewriter_start_modification(rw, op);
    spvk_ir_op_set_operand(op, index, value);
    spvk_rewriter_finalize_modification(rw, op);
}

bool spvk_rewriter_set_operands(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values, uint32_t count)
{
    spvk_rewriter_start_modification(rw, op);
    bool ok = spvk_ir_op_set_operands(rw->ctx, op, values, count);
    spvk_rewriter_finalize_modification(rw, op);
    return ok;
}

void spvk_rewriter_set_attr(spvk_rewriter *rw, spvk_ir_op *op, const char *name, const spvk_ir_attr *value)
{
    spvk_rewriter_start_modification(rw, op);
    spvk_ir_op_set_attr(rw->ctx, op, name, value);
    spvk_rewriter_finalize_modification(rw, op);
}

void spvk_rewriter_remove_attr(spvk_rewriter *rw, spvk_ir_op *op, const char *name)
{
    spvk_rewriter_start_modification(rw, op);
    spvk_ir_op_remove_attr(rw->ctx, op, name);
    spvk_rewriter_finalize_modification(rw, op);
}

void spvk_rewriter_move_op_before(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *anchor)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->move_op_before(rw, op, anchor);
        return;
    }
    if (op == anchor)
        return;
    spvk_ir_op_insert_before(anchor, op);
    NOTIFY(rw, op_inserted, op);
}

void spvk_rewriter_inline_region_before(spvk_rewriter *rw, spvk_ir_region *region, spvk_ir_region *dest,
                                        spvk_ir_block *before)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->inline_region_before(rw, region, dest, before);
        return;
    }
    spvk_ir_region_take_blocks(dest, before, region);
}

void spvk_rewriter_inline_block_before(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest,
                                       spvk_ir_op *before, spvk_ir_value *const *args)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h) {
        h->inline_block_before(rw, source, dest, before, args);
        return;
    }
    for (uint32_t i = 0; i < source->num_args; i++)
        spvk_rewriter_replace_all_uses(rw, source->args[i], args[i]);
    /* MLIR moves the ops without telling the listener of each. */
    while (source->first) {
        spvk_ir_op *o = source->first;
        if (before)
            spvk_ir_op_insert_before(before, o);
        else
            spvk_ir_block_append(dest, o);
    }
    spvk_rewriter_erase_block(rw, source);
}

void spvk_rewriter_merge_blocks(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest,
                                spvk_ir_value *const *args)
{
    spvk_rewriter_inline_block_before(rw, source, dest, NULL, args);
}

spvk_ir_block *spvk_rewriter_split_block(spvk_rewriter *rw, spvk_ir_op *op)
{
    const rw_hooks *h = rw_hooks_of(rw);
    if (h)
        return h->split_block(rw, op);
    return spvk_ir_block_split(rw->ctx, op);
}

/* ---- Cloning ---- */

static spvk_ir_op *clone_rec(spvk_ir_context *ctx, const spvk_ir_op *op, rw_map *map, bool *ok);

static bool clone_regions(spvk_ir_context *ctx, const spvk_ir_op *op, spvk_ir_op *copy, rw_map *map)
{
    bool ok = true;
    for (uint32_t r = 0; r < op->num_regions && ok; r++) {
        for (spvk_ir_block *b = op->regions[r].first; b && ok; b = b->next) {
            spvk_ir_block *nb = spvk_ir_block_create(ctx);
            if (!nb)
                return false;
            spvk_ir_region_append(&copy->regions[r], nb);
            ok = rw_map_put(map, (uintptr_t)b, 0, 0, 0, nb);
            for (uint32_t i = 0; i < b->num_args && ok; i++) {
                spvk_ir_value *a = spvk_ir_block_add_arg(ctx, nb, b->args[i]->type);
                if (!a)
                    return false;
                a->loc = ir_attr_is_owned(b->args[i]->loc) ? NULL : b->args[i]->loc;
                ok = rw_map_put(map, (uintptr_t)b->args[i], 0, 0, 0, a);
            }
        }
        spvk_ir_block *nb = copy->regions[r].first;
        for (spvk_ir_block *b = op->regions[r].first; b && ok; b = b->next, nb = nb->next)
            for (spvk_ir_op *o = b->first; o && ok; o = o->next) {
                spvk_ir_op *c = clone_rec(ctx, o, map, &ok);
                if (c)
                    spvk_ir_block_append(nb, c);
            }
    }
    return ok;
}

static spvk_ir_op *clone_rec(spvk_ir_context *ctx, const spvk_ir_op *op, rw_map *map, bool *ok)
{
    const spvk_allocator *a = spvk_ir_context_allocator(ctx);
    spvk_ir_value *small_ops[8];
    const spvk_ir_type *small_types[8];
    spvk_ir_block *small_succ[4];
    spvk_ir_value **operands = op->num_operands > 8 ? spvk_alloc(a, op->num_operands * sizeof *operands) : small_ops;
    const spvk_ir_type **types = op->num_results > 8 ? spvk_alloc(a, op->num_results * sizeof *types) : small_types;
    spvk_ir_block **succ = op->num_successors > 4 ? spvk_alloc(a, op->num_successors * sizeof *succ) : small_succ;
    spvk_ir_op *copy = NULL;
    if (operands && types && succ) {
        for (uint32_t i = 0; i < op->num_operands; i++) {
            spvk_ir_value *v = op->operands[i].value;
            spvk_ir_value *m = v ? rw_map_get(map, (uintptr_t)v, 0, 0, 0) : NULL;
            operands[i] = m ? m : v; /* defined later in the clone: fixed up at the end */
        }
        for (uint32_t i = 0; i < op->num_results; i++)
            types[i] = op->results[i].type;
        for (uint32_t i = 0; i < op->num_successors; i++) {
            spvk_ir_block *m = rw_map_get(map, (uintptr_t)op->successors[i], 0, 0, 0);
            succ[i] = m ? m : op->successors[i];
        }
        spvk_ir_op_state s;
        memset(&s, 0, sizeof s);
        s.def = op->def;
        s.operands = operands;
        s.num_operands = op->num_operands;
        s.result_types = types;
        s.num_results = op->num_results;
        s.successors = succ;
        s.num_successors = op->num_successors;
        s.num_regions = op->num_regions;
        s.attrs = op->attrs;
        s.loc = op->loc;
        copy = spvk_ir_op_create(ctx, &s);
    }
    if (operands != small_ops)
        spvk_free(a, operands, op->num_operands * sizeof *operands);
    if (types != small_types)
        spvk_free(a, types, op->num_results * sizeof *types);
    if (succ != small_succ)
        spvk_free(a, succ, op->num_successors * sizeof *succ);
    if (!copy) {
        *ok = false;
        return NULL;
    }
    for (uint32_t i = 0; i < op->num_results && *ok; i++)
        *ok = rw_map_put(map, (uintptr_t)&op->results[i], 0, 0, 0, &copy->results[i]);
    if (*ok)
        *ok = clone_regions(ctx, op, copy, map);
    return copy;
}

static spvk_ir_walk_result fixup(spvk_ir_op *op, void *user)
{
    rw_map *map = user;
    for (uint32_t i = 0; i < op->num_operands; i++) {
        spvk_ir_value *v = op->operands[i].value;
        spvk_ir_value *m = v ? rw_map_get(map, (uintptr_t)v, 0, 0, 0) : NULL;
        if (m)
            spvk_ir_op_set_operand(op, i, m);
    }
    for (uint32_t i = 0; i < op->num_successors; i++) {
        spvk_ir_block *m = rw_map_get(map, (uintptr_t)op->successors[i], 0, 0, 0);
        if (m)
            op->successors[i] = m;
    }
    return SPVK_WALK_ADVANCE;
}

spvk_ir_op *spvk_ir_op_clone(spvk_ir_context *ctx, const spvk_ir_op *op)
{
    /* A body not built has nothing to copy, and the copy's would never be built. */
    if (spvk_ir_find_unmaterialized(op))
        return NULL;
    rw_map map;
    rw_map_init(&map, spvk_ir_context_allocator(ctx));
    bool ok = true;
    spvk_ir_op *copy = clone_rec(ctx, op, &map, &ok);
    if (copy && ok && !map.failed)
        (void)spvk_ir_walk(copy, fixup, &map); /* whole, as op is */
    else if (copy) {
        for (uint32_t i = 0; i < copy->num_results; i++)
            rw_value_drop_uses(&copy->results[i]);
        spvk_ir_op_erase(ctx, copy);
        copy = NULL;
    }
    rw_map_free(&map);
    return copy;
}
