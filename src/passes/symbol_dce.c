/* symbol-dce: removes the symbols nothing can reach (MLIR 19's SymbolDCE).

   Liveness, not use counts: a private function called only by another dead private function is
   dead too, and a cycle of private functions calling each other goes as a whole, which counting
   uses would keep forever. So the live set is grown from what must stay: every op of a symbol
   table that is no symbol, and every symbol that is public, or nested in a table that code
   outside the IR may see. Each live op's symbol uses (in any attribute, anywhere below it) make
   what they resolve to live; a live symbol table is entered with the same rules, hidden when
   its parent is, when it is no symbol, or when it is private. What no use reached and could
   be discarded (private, or nested in a hidden table) is erased.

   A use @a::@b keeps @a and @b alive, and only when the whole path resolves (MLIR's
   lookupSymbolIn). Uses of unknown symbols are ignored. Only the symbol tables whose liveness
   was computed lose symbols: one inside a function body is left alone. */
#include <string.h>

#include "passes.h"
#include "../support/support.h"

typedef struct op_set {
    const spvk_ir_op **slots;
    size_t capacity, count;
} op_set;

typedef struct table_index {
    const spvk_ir_op *op;
    spvk_ir_symbol_table table;
} table_index;

typedef struct dce {
    spvk_pass *pass;
    spvk_ir_context *ctx;
    const spvk_allocator *allocator;
    op_set live;
    spvk_ir_op **worklist; /* of the table being computed; entries below `base` are its callers' */
    size_t worklist_count, worklist_capacity;
    spvk_ir_op **tables; /* whose liveness was computed, in that order */
    size_t num_tables, tables_capacity;
    table_index *indexes;
    size_t num_indexes, indexes_capacity;
    spvk_ir_op *resolved[64]; /* the symbols one use resolves to, root first */
    uint32_t num_resolved;
    spvk_ir_op *parent; /* the table uses are resolved from */
    bool out_of_memory;
} dce;

static size_t slot_of(const void *p, size_t capacity)
{
    uintptr_t v = (uintptr_t)p;
    return spvk_hash_u32((uint32_t)v ^ (uint32_t)(v >> 32)) & (capacity - 1);
}

/* Adds op to the live set; true when it was not there. */
static bool live_insert(dce *d, const spvk_ir_op *op)
{
    op_set *s = &d->live;
    if ((s->count + 1) * 2 > s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 64;
        const spvk_ir_op **slots = spvk_alloc(d->allocator, cap * sizeof *slots);
        if (!slots) {
            d->out_of_memory = true;
            return false;
        }
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < s->capacity; i++)
            if (s->slots[i]) {
                size_t j = slot_of(s->slots[i], cap);
                while (slots[j])
                    j = (j + 1) & (cap - 1);
                slots[j] = s->slots[i];
            }
        spvk_free(d->allocator, (void *)s->slots, s->capacity * sizeof *s->slots);
        s->slots = slots;
        s->capacity = cap;
    }
    size_t j = slot_of(op, s->capacity);
    while (s->slots[j]) {
        if (s->slots[j] == op)
            return false;
        j = (j + 1) & (s->capacity - 1);
    }
    s->slots[j] = op;
    s->count++;
    return true;
}

static bool live_contains(const dce *d, const spvk_ir_op *op)
{
    const op_set *s = &d->live;
    if (!s->capacity)
        return false;
    for (size_t j = slot_of(op, s->capacity); s->slots[j]; j = (j + 1) & (s->capacity - 1))
        if (s->slots[j] == op)
            return true;
    return false;
}

static bool push(dce *d, spvk_ir_op *op)
{
    if (!spvk_array_reserve(d->allocator, &d->worklist, &d->worklist_capacity, d->worklist_count + 1,
                            sizeof *d->worklist, 16)) {
        d->out_of_memory = true;
        return false;
    }
    d->worklist[d->worklist_count++] = op;
    return true;
}

/* The index of a symbol table's symbols, built on first use: a module of thousands of
   functions is asked once per call. */
static spvk_ir_op *lookup_in(dce *d, spvk_ir_op *table, const char *name)
{
    if (!(table->def->traits & SPVK_TRAIT_SYMBOL_TABLE))
        return NULL;
    for (size_t i = 0; i < d->num_indexes; i++)
        if (d->indexes[i].op == table)
            return spvk_ir_symbol_table_find(&d->indexes[i].table, name);
    if (!spvk_array_reserve(d->allocator, &d->indexes, &d->indexes_capacity, d->num_indexes + 1, sizeof *d->indexes,
                            4)) {
        d->out_of_memory = true;
        return NULL;
    }
    table_index *t = &d->indexes[d->num_indexes];
    if (!spvk_ir_symbol_table_build(d->ctx, table, &t->table)) {
        spvk_ir_symbol_table_free(&t->table);
        d->out_of_memory = true;
        return NULL;
    }
    t->op = table;
    d->num_indexes++;
    return spvk_ir_symbol_table_find(&t->table, name);
}

/* Resolves @a::@b::@c from d->parent into d->resolved (MLIR's lookupSymbolIn); false when a
   part does not resolve, or a part before the last is no symbol table. */
static bool resolve_path(dce *d, const spvk_ir_attr *ref)
{
    d->num_resolved = 0;
    spvk_ir_op *op = lookup_in(d, d->parent, ref->string);
    if (!op)
        return false;
    d->resolved[d->num_resolved++] = op;
    for (uint32_t i = 0; i < ref->num_attrs; i++) {
        const spvk_ir_attr *part = ref->attrs[i];
        if (!(op->def->traits & SPVK_TRAIT_SYMBOL_TABLE) || !part || part->kind != SPVK_ATTR_SYMBOL_REF)
            return false;
        op = lookup_in(d, op, part->string);
        if (!op || d->num_resolved == sizeof d->resolved / sizeof d->resolved[0])
            return false;
        d->resolved[d->num_resolved++] = op;
    }
    return true;
}

static bool mark_use(void *user, spvk_ir_op *user_op, const spvk_ir_attr *ref)
{
    (void)user_op;
    dce *d = user;
    if (!resolve_path(d, ref))
        return !d->out_of_memory; /* references to unknown symbols are ignored */
    for (uint32_t i = 0; i < d->num_resolved; i++)
        if (live_insert(d, d->resolved[i]) && !push(d, d->resolved[i]))
            return false;
    return !d->out_of_memory;
}

static bool discardable(const spvk_ir_op *symbol, bool table_hidden)
{
    spvk_ir_symbol_visibility v = spvk_ir_symbol_visibility_of(symbol);
    /* A public symbol may be used from outside the IR; a nested one from the tables above. */
    return v != SPVK_SYMBOL_PUBLIC && (table_hidden || v == SPVK_SYMBOL_PRIVATE);
}

/* Grows the live set from what must stay in `table`; `hidden`: nothing outside table's parent
   can see its symbols. */
static spvk_result compute_liveness(dce *d, spvk_ir_op *table, bool hidden, uint32_t depth)
{
    if (depth > 256)
        return spvk_pass_error(d->pass, table, "symbol tables are nested too deeply");
    if (!spvk_array_reserve(d->allocator, &d->tables, &d->tables_capacity, d->num_tables + 1, sizeof *d->tables, 8))
        return SPVK_ERROR_OUT_OF_MEMORY;
    d->tables[d->num_tables++] = table;
    size_t base = d->worklist_count;
    for (uint32_t r = 0; r < table->num_regions; r++)
        for (spvk_ir_block *b = table->regions[r].first; b; b = b->next)
            for (spvk_ir_op *op = b->first; op; op = op->next) {
                if (!spvk_ir_op_is_symbol(op)) {
                    if (!push(d, op))
                        return SPVK_ERROR_OUT_OF_MEMORY;
                } else if (!discardable(op, hidden) && live_insert(d, op) && !push(d, op)) {
                    return SPVK_ERROR_OUT_OF_MEMORY;
                }
                if (d->out_of_memory)
                    return SPVK_ERROR_OUT_OF_MEMORY;
            }
    while (d->worklist_count > base) {
        spvk_ir_op *op = d->worklist[--d->worklist_count];
        if (op->def->traits & SPVK_TRAIT_SYMBOL_TABLE) {
            bool nested_hidden =
                hidden || !spvk_ir_op_is_symbol(op) || spvk_ir_symbol_visibility_of(op) == SPVK_SYMBOL_PRIVATE;
            spvk_result r = compute_liveness(d, op, nested_hidden, depth + 1);
            if (r != SPVK_OK)
                return r;
        }
        d->parent = spvk_ir_op_parent(op);
        if (!d->parent)
            continue;
        spvk_ir_op *unknown = NULL;
        spvk_result r = spvk_ir_symbol_uses(d->ctx, op, mark_use, d, &unknown);
        if (r == SPVK_ERROR_INVALID && unknown && spvk_ir_find_unmaterialized(unknown) == unknown)
            return spvk_ir_unmaterialized_error(d->pass->diags, unknown, "its symbol uses cannot be known");
        if (r == SPVK_ERROR_INVALID)
            return spvk_pass_error_at(d->pass, op,
                                      "operation contains potentially unknown symbol table, meaning that we can't "
                                      "reliable compute symbol uses");
        if (r == SPVK_OK && d->out_of_memory)
            r = SPVK_ERROR_OUT_OF_MEMORY;
        if (r != SPVK_OK)
            return r;
    }
    return SPVK_OK;
}

static bool results_unused(const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_results; i++)
        if (spvk_ir_value_has_uses(&op->results[i]))
            return false;
    return true;
}

static spvk_result symbol_dce_run(spvk_pass *pass, spvk_ir_op *op)
{
    if (!(op->def->traits & SPVK_TRAIT_SYMBOL_TABLE))
        return spvk_pass_error(pass, op, " was scheduled to run under SymbolDCE, but does not define a symbol table");
    dce d;
    memset(&d, 0, sizeof d);
    d.pass = pass;
    d.ctx = pass->ctx;
    d.allocator = spvk_ir_context_allocator(pass->ctx);
    /* The top table is hidden unless it is itself a symbol others can see. */
    bool hidden = true;
    if (spvk_ir_op_parent(op) && spvk_ir_op_is_symbol(op))
        hidden = spvk_ir_symbol_visibility_of(op) == SPVK_SYMBOL_PRIVATE;
    spvk_result r = compute_liveness(&d, op, hidden, 0);
    if (r == SPVK_OK) {
        /* Inner tables first: an outer dead symbol may hold one. */
        for (size_t t = d.num_tables; t-- > 0;) {
            spvk_ir_op *table = d.tables[t];
            if (!table->num_regions)
                continue;
            for (spvk_ir_block *b = table->regions[0].first; b; b = b->next)
                for (spvk_ir_op *o = b->first, *next; o; o = next) {
                    next = o->next;
                    if (spvk_ir_op_is_symbol(o) && !live_contains(&d, o) && results_unused(o)) {
                        spvk_ir_op_erase(d.ctx, o);
                        spvk_pass_changed(pass);
                    }
                }
        }
    }
    for (size_t i = 0; i < d.num_indexes; i++)
        spvk_ir_symbol_table_free(&d.indexes[i].table);
    spvk_free(d.allocator, d.indexes, d.indexes_capacity * sizeof *d.indexes);
    spvk_free(d.allocator, d.tables, d.tables_capacity * sizeof *d.tables);
    spvk_free(d.allocator, d.worklist, d.worklist_capacity * sizeof *d.worklist);
    spvk_free(d.allocator, (void *)d.live.slots, d.live.capacity * sizeof *d.live.slots);
    return r;
}

const spvk_pass_def spvk_symbol_dce_pass = {
    .argument = "symbol-dce",
    .name = "SymbolDCE",
    .summary = "Eliminate dead symbols",
    .run = symbol_dce_run,
};
