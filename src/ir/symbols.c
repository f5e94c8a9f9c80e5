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

bool spvk_ir_symbol_table_insert(spvk_ir_symbol_table *t, spvk_ir_op *op)
{
    const char *name = spvk_ir_symbol_name(op);
    if (!name)
        return true;
    if ((t->count + 1) * 2 > t->capacity) {
        size_t cap = t->capacity ? t->capacity * 2 : 64;
        spvk_ir_op **slots = spvk_alloc(spvk_ir_context_allocator(t->ctx), cap * sizeof *slots);
        if (!slots)
            return false;
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < t->capacity; i++)
            if (t->slots[i]) {
                size_t j = slot_of(spvk_ir_symbol_name(t->slots[i]), cap);
                while (slots[j])
                    j = (j + 1) & (cap - 1);
                slots[j] = t->slots[i];
            }
        spvk_free(spvk_ir_context_allocator(t->ctx), t->slots, t->capacity * sizeof *t->slots);
        t->slots = slots;
        t->capacity = cap;
    }
    size_t j = slot_of(name, t->capacity);
    while (t->slots[j]) {
        if (spvk_ir_symbol_name(t->slots[j]) == name) {
            t->slots[j] = op; /* the later definition wins; the verifier reports duplicates */
            return true;
        }
        j = (j + 1) & (t->capacity - 1);
    }
    t->slots[j] = op;
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
    for (spvk_ir_op *o = table->regions[0].first->first; o; o = o->next)
        if (!spvk_ir_symbol_table_insert(out, o))
            return false;
    return true;
}

spvk_ir_op *spvk_ir_symbol_table_find(const spvk_ir_symbol_table *t, const char *interned_name)
{
    if (!t->capacity || !interned_name)
        return NULL;
    for (size_t j = slot_of(interned_name, t->capacity); t->slots[j]; j = (j + 1) & (t->capacity - 1))
        if (spvk_ir_symbol_name(t->slots[j]) == interned_name)
            return t->slots[j];
    return NULL;
}

void spvk_ir_symbol_table_free(spvk_ir_symbol_table *t)
{
    if (t->slots)
        spvk_free(spvk_ir_context_allocator(t->ctx), t->slots, t->capacity * sizeof *t->slots);
    t->slots = NULL;
    t->capacity = t->count = 0;
}
