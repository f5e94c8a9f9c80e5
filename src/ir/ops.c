/* Operations, blocks, regions, values and their uses; the builder; walkers.

   Use lists are intrusive doubly linked lists (prev_next points at whatever links the use), so
   adding, removing and replacing a use is O(1). An operation's operands, results, successors and
   regions are arrays allocated once in the arena with the operation; changing the operand count
   allocates a new operand array. */
#include <string.h>

#include "ir_internal.h"

/* ---- Uses ---- */

static void use_link(spvk_ir_use *u, spvk_ir_value *v)
{
    u->value = v;
    if (!v) {
        u->next = NULL;
        u->prev_next = NULL;
        return;
    }
    u->next = v->first_use;
    if (u->next)
        u->next->prev_next = &u->next;
    u->prev_next = &v->first_use;
    v->first_use = u;
}

static void use_unlink(spvk_ir_use *u)
{
    if (!u->value)
        return;
    *u->prev_next = u->next;
    if (u->next)
        u->next->prev_next = u->prev_next;
    u->value = NULL;
    u->next = NULL;
    u->prev_next = NULL;
}

bool spvk_ir_value_has_uses(const spvk_ir_value *v) { return v->first_use != NULL; }

void spvk_ir_value_replace_all_uses(spvk_ir_value *from, spvk_ir_value *to)
{
    if (from == to)
        return;
    while (from->first_use) {
        spvk_ir_use *u = from->first_use;
        use_unlink(u);
        use_link(u, to);
    }
}

/* ---- Operations ---- */

const char *spvk_ir_op_name(const spvk_ir_op *op) { return op->def->name; }

spvk_ir_op *spvk_ir_op_parent(const spvk_ir_op *op)
{
    if (!op->block || !op->block->region)
        return NULL;
    return op->block->region->op;
}

static const spvk_ir_attr *empty_dictionary(spvk_ir_context *ctx) { return ctx->owner->empty_dictionary; }

/* Bytes of an op with its parts (0 when the counts overflow). */
static size_t op_allocation_size(uint64_t results, uint64_t regions, uint64_t operands, uint64_t successors, bool loc)
{
    uint64_t size = sizeof(spvk_ir_op) + results * sizeof(spvk_ir_value) + regions * sizeof(spvk_ir_region) +
                    operands * sizeof(spvk_ir_use) + successors * sizeof(spvk_ir_block *) +
                    (loc ? sizeof(spvk_ir_attr) : 0);
    if (results > UINT32_MAX || regions > UINT32_MAX || operands > UINT32_MAX || successors > UINT32_MAX ||
        size > SIZE_MAX / 2)
        return 0;
    return (size_t)size;
}

spvk_ir_op *spvk_ir_op_create(spvk_ir_context *ctx, const spvk_ir_op_state *state)
{
    const spvk_ir_op_def *def = state->def;
    if (!def) {
        size_t length = state->name_length ? state->name_length : (state->name ? strlen(state->name) : 0);
        if (!state->name || !length)
            return NULL;
        def = spvk_ir_op_def_lookup(ctx, state->name, length);
        if (!def) {
            if (!ctx->owner->allow_unregistered)
                return NULL;
            def = ir_unregistered_def(ctx, state->name, length);
            if (!def)
                return NULL;
        }
    }
    /* One allocation: the op, its results, regions, operands and successors, in that order (each
       part's alignment divides the one before's size). */
    bool owned_loc = ir_attr_is_owned(state->loc);
    size_t size = op_allocation_size(state->num_results, state->num_regions, state->num_operands,
                                     state->num_successors, owned_loc);
    if (!size)
        return NULL;
    spvk_ir_op *op = spvk_ir_alloc(ctx, size);
    if (!op)
        return NULL;
    op->def = def;
    op->num_operands = state->num_operands;
    op->num_results = state->num_results;
    op->num_successors = state->num_successors;
    op->num_regions = state->num_regions;
    op->inline_operands = state->num_operands;
    char *tail = (char *)(op + 1);
    if (state->num_results) {
        op->results = (spvk_ir_value *)tail;
        tail += state->num_results * sizeof *op->results;
    }
    if (state->num_regions) {
        op->regions = (spvk_ir_region *)tail;
        tail += state->num_regions * sizeof *op->regions;
    }
    if (state->num_operands) {
        op->operands = (spvk_ir_use *)tail;
        tail += state->num_operands * sizeof *op->operands;
    }
    if (state->num_successors) {
        op->successors = (spvk_ir_block **)tail;
        tail += state->num_successors * sizeof *op->successors;
    }
    if (owned_loc) {
        /* An owned location belongs to one op: this one gets its own copy, in its allocation. */
        memcpy(tail, state->loc, sizeof(spvk_ir_attr));
        op->loc = (const spvk_ir_attr *)tail;
        op->inline_loc = true;
    } else {
        op->loc = state->loc;
    }
    if (state->num_operands) {
        for (uint32_t i = 0; i < state->num_operands; i++) {
            op->operands[i].owner = op;
            use_link(&op->operands[i], state->operands[i]);
        }
    }
    if (state->num_results) {
        for (uint32_t i = 0; i < state->num_results; i++) {
            op->results[i].type = state->result_types[i];
            op->results[i].defining_op = op;
            op->results[i].index = i;
        }
    }
    if (state->num_successors)
        memcpy(op->successors, state->successors, state->num_successors * sizeof *op->successors);
    if (state->num_regions) {
        for (uint32_t i = 0; i < state->num_regions; i++) {
            op->regions[i].op = op;
            if (state->regions && state->regions[i])
                spvk_ir_region_take_blocks(&op->regions[i], NULL, state->regions[i]);
        }
    }
    op->attrs = state->attrs ? state->attrs : empty_dictionary(ctx);
    if (!op->attrs)
        return NULL;
    return op;
}

const spvk_ir_attr *spvk_ir_op_attr(const spvk_ir_op *op, const char *name)
{
    return spvk_ir_dictionary_get(op->attrs, name);
}

void spvk_ir_op_set_attr(spvk_ir_context *ctx, spvk_ir_op *op, const char *name, const spvk_ir_attr *value)
{
    if (!value)
        return;
    const spvk_ir_attr *old = op->attrs;
    uint32_t n = old->num_attrs;
    const char *small_names[17];
    const spvk_ir_attr *small_values[17];
    const char **names = small_names;
    const spvk_ir_attr **values = small_values;
    if (n + 1 > 17) {
        names = spvk_ir_alloc(ctx, (n + 1) * sizeof *names);
        values = spvk_ir_alloc(ctx, (n + 1) * sizeof *values);
        if (!names || !values)
            return;
    }
    for (uint32_t i = 0; i < n; i++) {
        names[i] = old->names[i];
        values[i] = old->attrs[i];
    }
    names[n] = name;
    values[n] = value;
    const spvk_ir_attr *dict = spvk_ir_dictionary_attr(ctx, names, values, n + 1);
    if (dict)
        op->attrs = dict;
}

void spvk_ir_op_remove_attr(spvk_ir_context *ctx, spvk_ir_op *op, const char *name)
{
    const spvk_ir_attr *old = op->attrs;
    if (!spvk_ir_dictionary_get(old, name))
        return;
    uint32_t n = old->num_attrs, m = 0;
    const char **names = spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *names);
    const spvk_ir_attr **values = spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *values);
    if (!names || !values)
        return;
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(old->names[i], name) != 0) {
            names[m] = old->names[i];
            values[m++] = old->attrs[i];
        }
    const spvk_ir_attr *dict = spvk_ir_dictionary_attr(ctx, names, values, m);
    if (dict)
        op->attrs = dict;
}

/* Where the op's own operands are (after its results and regions). */
static spvk_ir_use *op_inline_operands(spvk_ir_op *op)
{
    return (spvk_ir_use *)((char *)(op + 1) + op->num_results * sizeof(spvk_ir_value) +
                           op->num_regions * sizeof(spvk_ir_region));
}

bool spvk_ir_op_set_operands(spvk_ir_context *ctx, spvk_ir_op *op, spvk_ir_value *const *values, uint32_t count)
{
    bool in_op = op->num_operands <= op->inline_operands; /* the operands are the op's own */
    uint32_t room = in_op ? op->inline_operands : op->num_operands;
    spvk_ir_use *uses = op->operands;
    if (count > room) {
        uses = spvk_ir_alloc(ctx, count * sizeof *uses);
        if (!uses)
            return false;
    } else if (!in_op && count <= op->inline_operands) {
        uses = op_inline_operands(op); /* back into the op's own room */
    }
    /* Unlink first: values may repeat old operands. */
    for (uint32_t i = 0; i < op->num_operands; i++)
        use_unlink(&op->operands[i]);
    if (uses != op->operands && !in_op)
        ir_free(ctx, op->operands, op->num_operands * sizeof *op->operands);
    op->operands = uses;
    op->num_operands = count;
    for (uint32_t i = 0; i < count; i++) {
        uses[i].owner = op;
        use_link(&uses[i], values[i]);
    }
    return true;
}

bool spvk_ir_op_shrink_segment(spvk_ir_context *ctx, spvk_ir_op *op, const char *name, uint32_t segment)
{
    const spvk_ir_attr *seg = spvk_ir_op_attr(op, name);
    if (!seg || seg->dialect || seg->kind != SPVK_ATTR_DENSE_ARRAY || segment >= seg->num_attrs ||
        seg->attrs[segment]->value <= 0)
        return false;
    int64_t small[16], *sizes = small;
    size_t bytes = (size_t)seg->num_attrs * sizeof *sizes;
    if (seg->num_attrs > 16 && !(sizes = spvk_ir_alloc(ctx, bytes)))
        return false;
    for (uint32_t i = 0; i < seg->num_attrs; i++)
        sizes[i] = seg->attrs[i]->value - (i == segment);
    const spvk_ir_attr *shrunk = spvk_ir_dense_int_array_attr(ctx, seg->type, sizes, seg->num_attrs);
    if (sizes != small)
        ir_free(ctx, sizes, bytes);
    if (!shrunk)
        return false;
    spvk_ir_op_set_attr(ctx, op, name, shrunk);
    return true;
}

bool spvk_ir_op_erase_operand(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t index)
{
    if (index >= op->num_operands)
        return false;
    spvk_ir_value *small[16], **values = small;
    size_t bytes = (size_t)op->num_operands * sizeof *values;
    if (op->num_operands > 16 && !(values = spvk_ir_alloc(ctx, bytes)))
        return false;
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (i != index)
            values[n++] = op->operands[i].value;
    bool ok = spvk_ir_op_set_operands(ctx, op, values, n);
    if (values != small)
        ir_free(ctx, values, bytes);
    if (!ok || !(op->def->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS))
        return ok;
    /* The segment that held the operand. */
    const spvk_ir_attr *seg = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (!seg || seg->dialect || seg->kind != SPVK_ATTR_DENSE_ARRAY)
        return ok;
    uint64_t end = 0;
    for (uint32_t i = 0; i < seg->num_attrs; i++) {
        end += (uint64_t)seg->attrs[i]->value;
        if (index < end)
            return spvk_ir_op_shrink_segment(ctx, op, "operandSegmentSizes", i);
    }
    return ok;
}

void spvk_ir_op_set_operand(spvk_ir_op *op, uint32_t index, spvk_ir_value *value)
{
    if (index >= op->num_operands)
        return;
    use_unlink(&op->operands[index]);
    use_link(&op->operands[index], value);
}

void spvk_ir_op_detach(spvk_ir_op *op)
{
    spvk_ir_block *b = op->block;
    if (!b)
        return;
    if (op->prev)
        op->prev->next = op->next;
    else
        b->first = op->next;
    if (op->next)
        op->next->prev = op->prev;
    else
        b->last = op->prev;
    op->prev = op->next = NULL;
    op->block = NULL;
}

static void drop_references(spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_operands; i++)
        use_unlink(&op->operands[i]);
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (spvk_ir_block *b = op->regions[r].first; b; b = b->next)
            for (spvk_ir_op *o = b->first; o; o = o->next)
                drop_references(o);
}

static void free_block(spvk_ir_context *ctx, spvk_ir_block *b);


/* Gives an operation's memory back (references already dropped, nothing points at it). */
static void free_op(spvk_ir_context *ctx, spvk_ir_op *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (spvk_ir_block *b = op->regions[r].first, *next; b; b = next) {
            next = b->next;
            free_block(ctx, b);
        }
    if (op->num_operands > op->inline_operands)
        ir_free(ctx, op->operands, op->num_operands * sizeof *op->operands);
    ir_free(ctx, op,
            op_allocation_size(op->num_results, op->num_regions, op->inline_operands, op->num_successors, op->inline_loc));
}

/* A block argument's allocation: the value, then the location it owns, if it has one
   (ir_block_add_arg_owning). */
static size_t arg_allocation_size(const spvk_ir_value *v)
{
    return sizeof *v + (v->loc == (const spvk_ir_attr *)(v + 1) ? sizeof *v->loc : 0);
}

static void free_block(spvk_ir_context *ctx, spvk_ir_block *b)
{
    for (spvk_ir_op *o = b->first, *next; o; o = next) {
        next = o->next;
        free_op(ctx, o);
    }
    for (uint32_t i = 0; i < b->num_args; i++)
        ir_free(ctx, b->args[i], arg_allocation_size(b->args[i]));
    ir_free(ctx, b->args, b->args_capacity * sizeof *b->args);
    ir_free(ctx, b, sizeof *b);
}

void spvk_ir_op_erase(spvk_ir_context *ctx, spvk_ir_op *op)
{
    drop_references(op);
    spvk_ir_op_detach(op);
    free_op(ctx, op);
}

void spvk_ir_region_clear(spvk_ir_context *ctx, spvk_ir_region *region)
{
    for (spvk_ir_block *b = region->first; b; b = b->next)
        for (spvk_ir_op *o = b->first; o; o = o->next)
            drop_references(o);
    for (spvk_ir_block *b = region->first, *next; b; b = next) {
        next = b->next;
        free_block(ctx, b);
    }
    region->first = region->last = NULL;
}

void spvk_ir_region_unmaterialize(spvk_ir_context *ctx, spvk_ir_region *region)
{
    if (region->op && (region->op->def->traits & SPVK_TRAIT_ISOLATED_FROM_ABOVE)) {
        /* Every value its ops use dies with them: no use list to unlink from (a function body
           freed after streaming is a tenth cheaper to free). */
        for (spvk_ir_block *b = region->first, *next; b; b = next) {
            next = b->next;
            free_block(ctx, b);
        }
        region->first = region->last = NULL;
    } else {
        spvk_ir_region_clear(ctx, region);
    }
    region->unmaterialized = true;
}

static void insert_between(spvk_ir_block *b, spvk_ir_op *prev, spvk_ir_op *next, spvk_ir_op *op)
{
    op->block = b;
    op->prev = prev;
    op->next = next;
    if (prev)
        prev->next = op;
    else
        b->first = op;
    if (next)
        next->prev = op;
    else
        b->last = op;
}

void spvk_ir_op_insert_before(spvk_ir_op *anchor, spvk_ir_op *op)
{
    spvk_ir_op_detach(op);
    insert_between(anchor->block, anchor->prev, anchor, op);
}

void spvk_ir_op_insert_after(spvk_ir_op *anchor, spvk_ir_op *op)
{
    spvk_ir_op_detach(op);
    insert_between(anchor->block, anchor, anchor->next, op);
}

void spvk_ir_block_append(spvk_ir_block *block, spvk_ir_op *op)
{
    spvk_ir_op_detach(op);
    insert_between(block, block->last, NULL, op);
}

void spvk_ir_block_prepend(spvk_ir_block *block, spvk_ir_op *op)
{
    spvk_ir_op_detach(op);
    insert_between(block, NULL, block->first, op);
}

/* ---- Blocks and regions ---- */

spvk_ir_block *spvk_ir_block_create(spvk_ir_context *ctx) { return spvk_ir_alloc(ctx, sizeof(spvk_ir_block)); }

spvk_ir_region *spvk_ir_region_create(spvk_ir_context *ctx) { return spvk_ir_alloc(ctx, sizeof(spvk_ir_region)); }

spvk_ir_value *spvk_ir_block_add_arg(spvk_ir_context *ctx, spvk_ir_block *block, const spvk_ir_type *type)
{
    return ir_block_add_arg_owning(ctx, block, type, NULL);
}

spvk_ir_value *ir_block_add_arg_owning(spvk_ir_context *ctx, spvk_ir_block *block, const spvk_ir_type *type,
                                       const spvk_ir_attr *owned_loc)
{
    if (block->num_args == block->args_capacity) {
        uint32_t cap = block->args_capacity ? block->args_capacity * 2 : 4;
        spvk_ir_value **args = spvk_ir_alloc(ctx, cap * sizeof *args);
        if (!args)
            return NULL;
        if (block->num_args)
            memcpy(args, block->args, block->num_args * sizeof *args);
        ir_free(ctx, block->args, block->args_capacity * sizeof *block->args);
        block->args = args;
        block->args_capacity = cap;
    }
    spvk_ir_value *v = spvk_ir_alloc(ctx, sizeof *v + (owned_loc ? sizeof *owned_loc : 0));
    if (!v)
        return NULL;
    if (owned_loc) {
        spvk_ir_attr *loc = (spvk_ir_attr *)(v + 1);
        memcpy(loc, owned_loc, sizeof *loc);
        v->loc = loc;
    }
    v->type = type;
    v->block = block;
    v->index = block->num_args;
    block->args[block->num_args++] = v;
    return v;
}

void spvk_ir_block_erase_arg(spvk_ir_block *block, uint32_t index)
{
    if (index >= block->num_args)
        return;
    memmove(block->args + index, block->args + index + 1, (block->num_args - index - 1) * sizeof *block->args);
    block->num_args--;
    for (uint32_t i = index; i < block->num_args; i++)
        block->args[i]->index = i;
}

void spvk_ir_block_detach(spvk_ir_block *block)
{
    spvk_ir_region *r = block->region;
    if (!r)
        return;
    if (block->prev)
        block->prev->next = block->next;
    else
        r->first = block->next;
    if (block->next)
        block->next->prev = block->prev;
    else
        r->last = block->prev;
    block->prev = block->next = NULL;
    block->region = NULL;
}

static void region_insert_between(spvk_ir_region *r, spvk_ir_block *prev, spvk_ir_block *next, spvk_ir_block *b)
{
    b->region = r;
    b->prev = prev;
    b->next = next;
    if (prev)
        prev->next = b;
    else
        r->first = b;
    if (next)
        next->prev = b;
    else
        r->last = b;
}

void spvk_ir_region_append(spvk_ir_region *region, spvk_ir_block *block)
{
    spvk_ir_block_detach(block);
    region_insert_between(region, region->last, NULL, block);
}

void spvk_ir_region_insert_after(spvk_ir_region *region, spvk_ir_block *anchor, spvk_ir_block *block)
{
    spvk_ir_block_detach(block);
    if (!anchor)
        region_insert_between(region, NULL, region->first, block);
    else
        region_insert_between(region, anchor, anchor->next, block);
}

void spvk_ir_block_erase(spvk_ir_context *ctx, spvk_ir_block *block)
{
    for (spvk_ir_op *o = block->first; o; o = o->next)
        drop_references(o);
    spvk_ir_block_detach(block);
    free_block(ctx, block);
}

spvk_ir_op *spvk_ir_block_terminator(const spvk_ir_block *block)
{
    spvk_ir_op *last = block->last;
    if (last && (last->def->traits & SPVK_TRAIT_TERMINATOR))
        return last;
    return NULL;
}

spvk_ir_block *spvk_ir_block_split(spvk_ir_context *ctx, spvk_ir_op *from)
{
    spvk_ir_block *old = from->block;
    if (!old)
        return NULL;
    spvk_ir_block *nb = spvk_ir_block_create(ctx);
    if (!nb)
        return NULL;
    if (old->region)
        spvk_ir_region_insert_after(old->region, old, nb);
    /* Relink the tail [from, last] into the new block in one go. */
    spvk_ir_op *prev = from->prev;
    nb->first = from;
    nb->last = old->last;
    old->last = prev;
    if (prev)
        prev->next = NULL;
    else
        old->first = NULL;
    from->prev = NULL;
    for (spvk_ir_op *o = from; o; o = o->next)
        o->block = nb;
    return nb;
}

void spvk_ir_region_take_blocks(spvk_ir_region *dest, spvk_ir_block *before, spvk_ir_region *source)
{
    while (source->first) {
        spvk_ir_block *b = source->first;
        spvk_ir_block_detach(b);
        if (before)
            region_insert_between(dest, before->prev, before, b);
        else
            region_insert_between(dest, dest->last, NULL, b);
    }
}

bool spvk_ir_region_is_empty(const spvk_ir_region *r) { return r->first == NULL && !r->unmaterialized; }

/* ---- Builder ---- */

void spvk_ir_builder_at_end(spvk_ir_builder *b, spvk_ir_block *block)
{
    b->block = block;
    b->before = NULL;
}

void spvk_ir_builder_before(spvk_ir_builder *b, spvk_ir_op *op)
{
    b->block = op->block;
    b->before = op;
}

void spvk_ir_builder_after(spvk_ir_builder *b, spvk_ir_op *op)
{
    b->block = op->block;
    b->before = op->next;
}

spvk_ir_op *spvk_ir_build(spvk_ir_builder *b, const spvk_ir_op_state *state)
{
    spvk_ir_op_state s = *state;
    if (!s.loc)
        s.loc = b->loc;
    spvk_ir_op *op = spvk_ir_op_create(b->ctx, &s);
    if (!op || !b->block)
        return op;
    if (b->before)
        insert_between(b->block, b->before->prev, b->before, op);
    else
        insert_between(b->block, b->block->last, NULL, op);
    return op;
}

/* ---- Walkers ----
   Iterative would avoid deep C recursion, but nesting depth is bounded by the parser and the
   deserializer (both refuse absurd depths), so plain recursion stays readable. */

static bool holds_unmaterialized(const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].unmaterialized)
            return true;
    return false;
}

spvk_ir_walk_status spvk_ir_walk(spvk_ir_op *op, spvk_ir_walk_result (*fn)(spvk_ir_op *op, void *user), void *user)
{
    spvk_ir_walk_result r = fn(op, user);
    if (r == SPVK_WALK_INTERRUPT)
        return SPVK_WALK_INTERRUPTED;
    if (r == SPVK_WALK_SKIP)
        return SPVK_WALK_COMPLETED;
    /* After the callback: it may have built the regions it was given. */
    if (holds_unmaterialized(op))
        return SPVK_WALK_UNMATERIALIZED;
    for (uint32_t i = 0; i < op->num_regions; i++)
        for (spvk_ir_block *b = op->regions[i].first; b; b = b->next)
            for (spvk_ir_op *o = b->first, *next; o; o = next) {
                next = o->next;
                spvk_ir_walk_status s = spvk_ir_walk(o, fn, user);
                if (s != SPVK_WALK_COMPLETED)
                    return s;
            }
    return SPVK_WALK_COMPLETED;
}

spvk_ir_walk_status spvk_ir_walk_post(spvk_ir_op *op, spvk_ir_walk_result (*fn)(spvk_ir_op *op, void *user),
                                      void *user)
{
    if (holds_unmaterialized(op))
        return SPVK_WALK_UNMATERIALIZED;
    for (uint32_t i = 0; i < op->num_regions; i++)
        for (spvk_ir_block *b = op->regions[i].first; b; b = b->next)
            for (spvk_ir_op *o = b->first, *next; o; o = next) {
                next = o->next;
                spvk_ir_walk_status s = spvk_ir_walk_post(o, fn, user);
                if (s != SPVK_WALK_COMPLETED)
                    return s;
            }
    return fn(op, user) == SPVK_WALK_INTERRUPT ? SPVK_WALK_INTERRUPTED : SPVK_WALK_COMPLETED;
}

spvk_ir_op *spvk_ir_find_unmaterialized(const spvk_ir_op *op)
{
    if (holds_unmaterialized(op))
        return (spvk_ir_op *)op;
    for (uint32_t i = 0; i < op->num_regions; i++)
        for (const spvk_ir_block *b = op->regions[i].first; b; b = b->next)
            for (const spvk_ir_op *o = b->first; o; o = o->next)
                if (o->num_regions) {
                    spvk_ir_op *found = spvk_ir_find_unmaterialized(o);
                    if (found)
                        return found;
                }
    return NULL;
}

bool spvk_ir_op_diag(spvk_diagnostics *diags, spvk_severity severity, const spvk_ir_op *op, const char *fmt, ...)
{
    if (!diags)
        return true;
    const spvk_ir_attr *loc = op ? op->loc : NULL;
    bool in_file = loc && loc->kind == SPVK_ATTR_LOCATION && loc->flags == SPVK_LOC_FILE;
    va_list ap;
    va_start(ap, fmt);
    bool ok = spvk_diag_vadd(diags, severity, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, in_file ? loc->string : NULL,
                             in_file ? (uint32_t)loc->value : 0, in_file ? (uint32_t)loc->value2 : 0, NULL, 0, fmt, ap);
    va_end(ap);
    return ok;
}

spvk_result spvk_ir_unmaterialized_error(spvk_diagnostics *diags, const spvk_ir_op *op, const char *what)
{
    if (!spvk_ir_op_diag(diags, SPVK_SEVERITY_ERROR, op, "'%s' op holds a region that is not materialized: %s",
                         spvk_ir_op_name(op), what ? what : "it cannot be used"))
        return SPVK_ERROR_OUT_OF_MEMORY;
    return SPVK_ERROR_INVALID;
}
