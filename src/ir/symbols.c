/* Symbols: ops named by a `sym_name` string attribute inside ops with the symbol-table trait, and
   references to them (@a, nested @a::@b). A lookup scans the table's first block; passes that look
   up repeatedly build a spvk_ir_symbol_table index once. */
#include <string.h>

#include "ir_internal.h"

const char *spvk_ir_symbol_name(const spvk_ir_op *op)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    return a && a->kind == SPVK_ATTR_STRING && !a->dialect ? a->string : NULL;
}

spvk_ir_op *spvk_ir_symbol_lookup(const spvk_ir_op *table, const char *name)
{
    if (!table || table->num_regions == 0 || !table->regions[0].first)
        return NULL;
    for (spvk_ir_op *o = table->regions[0].first->first; o; o = o->next) {
        const char *n = spvk_ir_symbol_name(o);
        if (n && strcmp(n, name) == 0)
            return o;
    }
    return NULL;
}

spvk_ir_op *spvk_ir_symbol_resolve(const spvk_ir_op *from, const spvk_ir_attr *ref)
{
    if (!ref || ref->kind != SPVK_ATTR_SYMBOL_REF || ref->dialect)
        return NULL;
    spvk_ir_op *op = spvk_ir_symbol_lookup(from, ref->string);
    for (uint32_t i = 0; op && i < ref->num_attrs; i++)
        op = spvk_ir_symbol_lookup(op, ref->attrs[i]->string);
    return op;
}

spvk_ir_op *spvk_ir_symbol_table_of(const spvk_ir_op *op)
{
    for (spvk_ir_op *p = spvk_ir_op_parent(op); p; p = spvk_ir_op_parent(p))
        if (p->def->traits & SPVK_TRAIT_SYMBOL_TABLE)
            return p;
    return NULL;
}

static size_t slot_of(const char *name, size_t capacity)
{
    return spvk_hash_u32((uint32_t)(uintptr_t)name ^ (uint32_t)((uintptr_t)name >> 32)) & (capacity - 1);
}

/* Room for `count` names at a load factor of at most 1/2. A slot keeps its name, so that neither
   growing nor probing reads the ops' attributes again (cache misses in a table of 10,000 functions). */
static bool table_reserve(spvk_ir_symbol_table *t, size_t count)
{
    if (count * 2 <= t->capacity)
        return true;
    size_t cap = t->capacity ? t->capacity : 64;
    while (cap < count * 2)
        cap *= 2;
    const spvk_allocator *alloc = spvk_ir_context_allocator(t->ctx);
    spvk_ir_symbol_slot *slots = spvk_alloc(alloc, cap * sizeof *slots);
    if (!slots)
        return false;
    memset(slots, 0, cap * sizeof *slots);
    for (size_t i = 0; i < t->capacity; i++)
        if (t->slots[i].name) {
            size_t j = slot_of(t->slots[i].name, cap);
            while (slots[j].name)
                j = (j + 1) & (cap - 1);
            slots[j] = t->slots[i];
        }
    spvk_free(alloc, t->slots, t->capacity * sizeof *t->slots);
    t->slots = slots;
    t->capacity = cap;
    return true;
}

bool spvk_ir_symbol_table_insert(spvk_ir_symbol_table *t, spvk_ir_op *op)
{
    const char *name = spvk_ir_symbol_name(op);
    if (!name)
        return true;
    if (!table_reserve(t, t->count + 1))
        return false;
    size_t j = slot_of(name, t->capacity);
    while (t->slots[j].name) {
        if (t->slots[j].name == name) {
            t->slots[j].op = op; /* the later definition wins; the verifier reports duplicates */
            return true;
        }
        j = (j + 1) & (t->capacity - 1);
    }
    t->slots[j] = (spvk_ir_symbol_slot){name, op};
    t->count++;
    return true;
}

bool spvk_ir_symbol_table_build(spvk_ir_context *ctx, const spvk_ir_op *table, spvk_ir_symbol_table *out)
{
    memset(out, 0, sizeof *out);
    out->op = table;
    out->ctx = ctx;
    if (!table || table->num_regions == 0 || !table->regions[0].first)
        return true;
    /* Sized once for every op: nearly all of a symbol table's ops are symbols. */
    size_t ops = 0;
    for (const spvk_ir_op *o = table->regions[0].first->first; o; o = o->next)
        ops++;
    if (!table_reserve(out, ops))
        return false;
    for (spvk_ir_op *o = table->regions[0].first->first; o; o = o->next)
        if (!spvk_ir_symbol_table_insert(out, o))
            return false;
    return true;
}

spvk_ir_op *spvk_ir_symbol_table_find(const spvk_ir_symbol_table *t, const char *interned_name)
{
    if (!t->capacity || !interned_name)
        return NULL;
    for (size_t j = slot_of(interned_name, t->capacity); t->slots[j].name; j = (j + 1) & (t->capacity - 1))
        if (t->slots[j].name == interned_name)
            return t->slots[j].op;
    return NULL;
}

void spvk_ir_symbol_table_free(spvk_ir_symbol_table *t)
{
    if (t->slots)
        spvk_free(spvk_ir_context_allocator(t->ctx), t->slots, t->capacity * sizeof *t->slots);
    t->slots = NULL;
    t->capacity = t->count = 0;
}

/* ---- Symbol uses ----
   A use is a SYMBOL_REF attribute anywhere in an op's attributes: inside arrays, dictionaries,
   dialect attributes and the types they hold. Attributes and types are shared DAGs (a hostile
   input nests a shared item 64 deep), so each composite item is visited once per walk; the set
   of visited items starts on the stack, since most ops hold a handful. */

typedef struct visited_set {
    const void **slots;
    size_t capacity, count;
    const void *inline_slots[64];
    const spvk_allocator *allocator;
    bool failed;
} visited_set;

static size_t visited_slot(const void *p, size_t capacity)
{
    uintptr_t v = (uintptr_t)p;
    return spvk_hash_u32((uint32_t)v ^ (uint32_t)(v >> 32)) & (capacity - 1);
}

/* Adds p; false when it was there already (or when out of memory: the walk then stops). */
static bool visited_add(visited_set *s, const void *p)
{
    if ((s->count + 1) * 2 > s->capacity) {
        size_t cap = s->capacity * 2;
        const void **slots = spvk_alloc(s->allocator, cap * sizeof *slots);
        if (!slots) {
            s->failed = true;
            return false;
        }
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < s->capacity; i++)
            if (s->slots[i]) {
                size_t j = visited_slot(s->slots[i], cap);
                while (slots[j])
                    j = (j + 1) & (cap - 1);
                slots[j] = s->slots[i];
            }
        if (s->slots != s->inline_slots)
            spvk_free(s->allocator, (void *)s->slots, s->capacity * sizeof *s->slots);
        s->slots = slots;
        s->capacity = cap;
    }
    size_t j = visited_slot(p, s->capacity);
    while (s->slots[j]) {
        if (s->slots[j] == p)
            return false;
        j = (j + 1) & (s->capacity - 1);
    }
    s->slots[j] = p;
    s->count++;
    return true;
}

typedef struct symbol_walk {
    visited_set visited;
    spvk_ir_symbol_use_fn fn;
    void *user;
    spvk_ir_op *op;
    spvk_ir_context *ctx;
    spvk_ir_op *unknown_table;
    bool stopped;
} symbol_walk;

/* An op of a dialect nobody registered, with one region: it may define a symbol table, and
   whether its uses are its own cannot be known. */
static bool potentially_unknown_table(spvk_ir_context *ctx, const spvk_ir_op *op)
{
    if (op->num_regions != 1 || !(op->def->traits & SPVK_TRAIT_UNREGISTERED))
        return false;
    const char *name = spvk_ir_op_name(op);
    const char *dot = strchr(name, '.');
    return !dot || !spvk_ir_dialect_lookup(ctx, name, (size_t)(dot - name));
}

static void walk_attr(symbol_walk *w, const spvk_ir_attr *a);

static void walk_type(symbol_walk *w, const spvk_ir_type *t)
{
    if (!t || w->stopped || (!t->num_types && !t->num_attrs) || !visited_add(&w->visited, t))
        return;
    for (uint32_t i = 0; i < t->num_types && !w->stopped; i++)
        walk_type(w, t->types[i]);
    for (uint32_t i = 0; i < t->num_attrs && !w->stopped; i++)
        walk_attr(w, t->attrs[i]);
}

static void walk_attr(symbol_walk *w, const spvk_ir_attr *a)
{
    if (!a || w->stopped)
        return;
    if (!a->dialect) {
        switch (a->kind) {
        case SPVK_ATTR_SYMBOL_REF:
            /* One use, nested references and all (@a::@b). */
            if (!w->fn(w->user, w->op, a))
                w->stopped = true;
            return;
        case SPVK_ATTR_UNIT:
        case SPVK_ATTR_BOOL:
        case SPVK_ATTR_INTEGER:
        case SPVK_ATTR_FLOAT:
        case SPVK_ATTR_STRING:
        case SPVK_ATTR_DENSE:
        case SPVK_ATTR_DENSE_ARRAY:
        case SPVK_ATTR_LOCATION:
        case SPVK_ATTR_OPAQUE:
            return; /* numbers and text: no references (their types neither) */
        default:
            break;
        }
    }
    if ((!a->num_attrs && !a->type) || !visited_add(&w->visited, a)) {
        if (w->visited.failed)
            w->stopped = true;
        return;
    }
    walk_type(w, a->type);
    for (uint32_t i = 0; i < a->num_attrs && !w->stopped; i++)
        walk_attr(w, a->attrs[i]);
    if (w->visited.failed)
        w->stopped = true;
}

static void walk_op_refs(symbol_walk *w, spvk_ir_op *op)
{
    if (potentially_unknown_table(w->ctx, op)) {
        w->unknown_table = op;
        w->stopped = true;
        return;
    }
    w->op = op;
    /* Visited once per op, so that each op is told of every use it holds. */
    if (w->visited.count) {
        memset((void *)w->visited.slots, 0, w->visited.capacity * sizeof *w->visited.slots);
        w->visited.count = 0;
    }
    const spvk_ir_attr *dict = op->attrs;
    for (uint32_t i = 0; dict && i < dict->num_attrs && !w->stopped; i++)
        walk_attr(w, dict->attrs[i]);
}

/* The ops nested in op's regions and their refs, not entering nested symbol tables. */
static void walk_nested_uses(symbol_walk *w, spvk_ir_op *op)
{
    for (uint32_t r = 0; r < op->num_regions && !w->stopped; r++) {
        if (op->regions[r].unmaterialized) {
            /* A body not built holds uses no one can see: unknown, as an unknown table's. */
            w->unknown_table = op;
            w->stopped = true;
            return;
        }
    }
    for (uint32_t r = 0; r < op->num_regions && !w->stopped; r++)
        for (spvk_ir_block *b = op->regions[r].first; b && !w->stopped; b = b->next)
            for (spvk_ir_op *o = b->first; o && !w->stopped; o = o->next) {
                walk_op_refs(w, o);
                if (!w->stopped && !(o->def->traits & SPVK_TRAIT_SYMBOL_TABLE))
                    walk_nested_uses(w, o);
            }
}

spvk_result spvk_ir_symbol_uses(spvk_ir_context *ctx, spvk_ir_op *from, spvk_ir_symbol_use_fn fn, void *user,
                                spvk_ir_op **unknown_table)
{
    symbol_walk w;
    memset(&w, 0, sizeof w);
    w.ctx = ctx;
    w.visited.slots = w.visited.inline_slots;
    w.visited.capacity = sizeof w.visited.inline_slots / sizeof w.visited.inline_slots[0];
    w.visited.allocator = spvk_ir_context_allocator(ctx);
    w.fn = fn;
    w.user = user;
    walk_op_refs(&w, from);
    if (!w.stopped && !(from->def->traits & SPVK_TRAIT_SYMBOL_TABLE))
        walk_nested_uses(&w, from);
    if (w.visited.slots != w.visited.inline_slots)
        spvk_free(w.visited.allocator, (void *)w.visited.slots, w.visited.capacity * sizeof *w.visited.slots);
    if (unknown_table)
        *unknown_table = w.unknown_table;
    return w.visited.failed ? SPVK_ERROR_OUT_OF_MEMORY : w.unknown_table ? SPVK_ERROR_INVALID : SPVK_OK;
}

spvk_ir_symbol_visibility spvk_ir_symbol_visibility_of(const spvk_ir_op *op)
{
    const spvk_ir_attr *v = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_VISIBILITY);
    if (!v || v->kind != SPVK_ATTR_STRING || v->dialect)
        return SPVK_SYMBOL_PUBLIC;
    if (v->length == 7 && memcmp(v->string, "private", 7) == 0)
        return SPVK_SYMBOL_PRIVATE;
    if (v->length == 6 && memcmp(v->string, "nested", 6) == 0)
        return SPVK_SYMBOL_NESTED;
    return SPVK_SYMBOL_PUBLIC;
}

bool spvk_ir_op_is_symbol(const spvk_ir_op *op)
{
    return (op->def->traits & SPVK_TRAIT_SYMBOL) && spvk_ir_symbol_name(op) != NULL;
}
