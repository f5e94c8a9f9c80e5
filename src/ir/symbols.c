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
