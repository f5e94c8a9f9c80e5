/* Dialect conversion (MLIR's DialectConversion): a conversion target, a type converter,
   conversion patterns over remapped operands, partial and full conversion, signature
   conversion, casts between old and new types, and rollback.

   Rollback: every change a pattern makes through the rewriter is applied at once and logged
   with what undoes it (an undo log, as MLIR's ConversionPatternRewriter keeps). A replaced or
   erased op is not touched: it is marked ignored and its results are mapped to their
   replacements, so a later pattern sees the original IR with remapped operands; block
   arguments of converted blocks are mapped the same way. A pattern that fails, or whose new
   ops cannot be legalized in turn, is undone to where it started; a conversion that fails is
   undone whole. Only when everything is legal are uses moved to the replacements (through a
   source materialization, a builtin.unrealized_conversion_cast unless the type converter
   gives one, where the types differ) and the ignored ops erased. */
#include <string.h>

#include "rewrite_internal.h"

#define CAST_NAME "builtin.unrealized_conversion_cast"

/* ---- Conversion target ---- */

typedef struct legality_entry {
    const char *name; /* op or dialect name (copied) */
    bool dialect;
    spvk_legality legality;
    spvk_legality_fn dynamic;
    void *user;
} legality_entry;

struct spvk_conversion_target {
    spvk_ir_context *ctx;
    legality_entry *entries;
    size_t count, capacity;
    legality_entry unknown;
};

spvk_conversion_target *spvk_conversion_target_create(spvk_ir_context *ctx)
{
    spvk_conversion_target *t = spvk_alloc(spvk_ir_context_allocator(ctx), sizeof *t);
    if (!t)
        return NULL;
    memset(t, 0, sizeof *t);
    t->ctx = ctx;
    return t;
}

void spvk_conversion_target_destroy(spvk_conversion_target *t)
{
    if (!t)
        return;
    const spvk_allocator *a = spvk_ir_context_allocator(t->ctx);
    spvk_free(a, t->entries, t->capacity * sizeof *t->entries);
    spvk_free(a, t, sizeof *t);
}

static bool target_add(spvk_conversion_target *t, const char *name, bool dialect, spvk_legality legality,
                       spvk_legality_fn dynamic, void *user)
{
    const char *interned = ir_intern_cstr(t->ctx, name);
    if (!interned)
        return false;
    for (size_t i = 0; i < t->count; i++)
        if (t->entries[i].name == interned && t->entries[i].dialect == dialect) {
            t->entries[i].legality = legality;
            t->entries[i].dynamic = dynamic;
            t->entries[i].user = user;
            return true;
        }
    if (t->count == t->capacity) {
        size_t cap = t->capacity ? t->capacity * 2 : 16;
        legality_entry *e = spvk_realloc(spvk_ir_context_allocator(t->ctx), t->entries, t->capacity * sizeof *e,
                                         cap * sizeof *e);
        if (!e)
            return false;
        t->entries = e;
        t->capacity = cap;
    }
    legality_entry e = {interned, dialect, legality, dynamic, user};
    t->entries[t->count++] = e;
    return true;
}

bool spvk_conversion_target_add_op(spvk_conversion_target *t, const char *op_name, spvk_legality legality,
                                   spvk_legality_fn dynamic, void *user)
{
    return target_add(t, op_name, false, legality, dynamic, user);
}

bool spvk_conversion_target_add_dialect(spvk_conversion_target *t, const char *dialect, spvk_legality legality,
                                        spvk_legality_fn dynamic, void *user)
{
    return target_add(t, dialect, true, legality, dynamic, user);
}

void spvk_conversion_target_set_unknown(spvk_conversion_target *t, spvk_legality legality, spvk_legality_fn dynamic,
                                        void *user)
{
    t->unknown.legality = legality;
    t->unknown.dynamic = dynamic;
    t->unknown.user = user;
}

static spvk_legality answer(const legality_entry *e, const spvk_ir_op *op)
{
    if (e->legality != SPVK_LEGALITY_DYNAMIC)
        return e->legality;
    return e->dynamic && e->dynamic(e->user, op) ? SPVK_LEGALITY_LEGAL : SPVK_LEGALITY_ILLEGAL;
}

spvk_legality spvk_conversion_target_legality(const spvk_conversion_target *t, const spvk_ir_op *op)
{
    const char *name = op->def->name, *dot = strchr(name, '.');
    size_t dlen = dot ? (size_t)(dot - name) : strlen(name);
    const legality_entry *by_dialect = NULL;
    for (size_t i = 0; i < t->count; i++) {
        const legality_entry *e = &t->entries[i];
        if (!e->dialect && strcmp(e->name, name) == 0)
            return answer(e, op);
        if (e->dialect && strlen(e->name) == dlen && memcmp(e->name, name, dlen) == 0)
            by_dialect = e;
    }
    if (by_dialect)
        return answer(by_dialect, op);
    return answer(&t->unknown, op);
}

/* ---- Type converter ---- */

typedef struct tc_fn {
    void *fn;
    void *user;
} tc_fn;

enum { TC_CONVERSION, TC_SOURCE, TC_TARGET, TC_ARGUMENT, TC_KINDS };

struct spvk_type_converter {
    spvk_ir_context *ctx;
    tc_fn *fns[TC_KINDS];
    size_t count[TC_KINDS], capacity[TC_KINDS];
};

spvk_type_converter *spvk_type_converter_create(spvk_ir_context *ctx)
{
    spvk_type_converter *tc = spvk_alloc(spvk_ir_context_allocator(ctx), sizeof *tc);
    if (!tc)
        return NULL;
    memset(tc, 0, sizeof *tc);
    tc->ctx = ctx;
    return tc;
}

void spvk_type_converter_destroy(spvk_type_converter *tc)
{
    if (!tc)
        return;
    const spvk_allocator *a = spvk_ir_context_allocator(tc->ctx);
    for (int k = 0; k < TC_KINDS; k++)
        spvk_free(a, tc->fns[k], tc->capacity[k] * sizeof *tc->fns[k]);
    spvk_free(a, tc, sizeof *tc);
}

static bool tc_add(spvk_type_converter *tc, int kind, void *fn, void *user)
{
    if (!fn)
        return false;
    if (tc->count[kind] == tc->capacity[kind]) {
        size_t cap = tc->capacity[kind] ? tc->capacity[kind] * 2 : 8;
        tc_fn *f = spvk_realloc(spvk_ir_context_allocator(tc->ctx), tc->fns[kind], tc->capacity[kind] * sizeof *f,
                                cap * sizeof *f);
        if (!f)
            return false;
        tc->fns[kind] = f;
        tc->capacity[kind] = cap;
    }
    tc->fns[kind][tc->count[kind]].fn = fn;
    tc->fns[kind][tc->count[kind]++].user = user;
    return true;
}

/* Function pointers travel as data in tc_fn; these keep the casts in one place. */
typedef union {
    void *p;
    spvk_type_conversion_fn conv;
    spvk_materialization_fn mat;
} fn_bits;

bool spvk_type_converter_add_conversion(spvk_type_converter *tc, spvk_type_conversion_fn fn, void *user)
{
    fn_bits b = {.conv = fn};
    return tc_add(tc, TC_CONVERSION, b.p, user);
}
bool spvk_type_converter_add_source_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user)
{
    fn_bits b = {.mat = fn};
    return tc_add(tc, TC_SOURCE, b.p, user);
}
bool spvk_type_converter_add_target_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user)
{
    fn_bits b = {.mat = fn};
    return tc_add(tc, TC_TARGET, b.p, user);
}
bool spvk_type_converter_add_argument_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user)
{
    fn_bits b = {.mat = fn};
    return tc_add(tc, TC_ARGUMENT, b.p, user);
}

bool spvk_type_converter_convert(const spvk_type_converter *tc, const spvk_ir_type *type, const spvk_ir_type **out,
                                 uint32_t max, uint32_t *out_count)
{
    *out_count = 0;
    if (!tc || !type)
        return false;
    for (size_t i = tc->count[TC_CONVERSION]; i-- > 0;) {
        fn_bits b = {.p = tc->fns[TC_CONVERSION][i].fn};
        uint32_t n = 0;
        spvk_convert_type_status st = b.conv(tc->fns[TC_CONVERSION][i].user, type, out, max, &n);
        if (st == SPVK_CONVERT_TYPE_FAILED)
            return false;
        if (st == SPVK_CONVERT_TYPE_DONE) {
            if (n > max)
                return false;
            for (uint32_t k = 0; k < n; k++)
                if (!out[k])
                    return false;
            *out_count = n;
            return true;
        }
    }
    return false;
}

const spvk_ir_type *spvk_type_converter_convert1(const spvk_type_converter *tc, const spvk_ir_type *type)
{
    const spvk_ir_type *out[1];
    uint32_t n = 0;
    return spvk_type_converter_convert(tc, type, out, 1, &n) && n == 1 ? out[0] : NULL;
}

bool spvk_type_converter_is_legal_type(const spvk_type_converter *tc, const spvk_ir_type *type)
{
    return spvk_type_converter_convert1(tc, type) == type;
}

bool spvk_type_converter_is_legal_op(const spvk_type_converter *tc, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (op->operands[i].value && !spvk_type_converter_is_legal_type(tc, op->operands[i].value->type))
            return false;
    for (uint32_t i = 0; i < op->num_results; i++)
        if (!spvk_type_converter_is_legal_type(tc, op->results[i].type))
            return false;
    return true;
}

static const spvk_ir_type *function_type_of(const spvk_ir_op *func)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(func, "function_type");
    return a && a->kind == SPVK_ATTR_TYPE && !a->dialect && a->type && spvk_ir_type_is(a->type, NULL, SPVK_TYPE_FUNCTION)
               ? a->type
               : NULL;
}

bool spvk_type_converter_is_signature_legal(const spvk_type_converter *tc, const spvk_ir_op *func)
{
    const spvk_ir_type *ft = function_type_of(func);
    if (!ft)
        return true;
    for (uint32_t i = 0; i < ft->num_types; i++)
        if (!spvk_type_converter_is_legal_type(tc, ft->types[i]))
            return false;
    if (func->num_regions)
        for (spvk_ir_block *b = func->regions[0].first; b; b = b->next)
            for (uint32_t i = 0; i < b->num_args; i++)
                if (!spvk_type_converter_is_legal_type(tc, b->args[i]->type))
                    return false;
    return true;
}

/* ---- The conversion ---- */

typedef enum action_kind {
    ACT_CREATE,      /* op made: undo erases it */
    ACT_MODIFY,      /* op's operands and attributes saved: undo restores them */
    ACT_IGNORE,      /* op replaced or erased: undo takes it back */
    ACT_MAP,         /* value mapped (prev: the mapping before): undo restores it */
    ACT_MOVE_OP,     /* op moved from block before `next`: undo moves it back */
    ACT_MOVE_BLOCK,  /* block moved from region after `prev_block`: undo moves it back */
    ACT_NEW_BLOCK,   /* block replacing `old` (ops moved in): undo moves them back, drops it */
    ACT_SUCCESSOR,   /* op's successor #index was `old` */
    ACT_ERASE_BLOCK, /* block detached from region after prev_block */
    ACT_SPLIT        /* block split off `old` */
} action_kind;

typedef struct action {
    action_kind kind;
    spvk_ir_op *op;
    spvk_ir_block *block, *old, *prev_block;
    spvk_ir_region *region;
    spvk_ir_op *next;
    spvk_ir_value *value, *prev;
    const spvk_ir_attr *attrs;
    spvk_ir_value **operands;
    uint32_t num_operands, index;
} action;

typedef struct conv {
    const rw_hooks *hooks; /* first: see rw_hooks_of */
    spvk_ir_context *ctx;
    const spvk_allocator *allocator;
    const spvk_conversion_target *target;
    rw_pattern_index patterns;
    spvk_rewriter rw;
    action *log;
    size_t count, capacity;
    rw_map mapping;     /* value -> value */
    rw_map ignored;     /* op -> op: replaced or erased */
    rw_map casts;       /* casts the conversion made itself -> 1 */
    const spvk_type_converter *tc; /* the current pattern's */
    uint32_t depth;
    bool oom;
} conv;

static conv *conv_of(spvk_rewriter *rw) { return rw->driver; }

static action *log_push(conv *c, action_kind kind)
{
    if (c->count == c->capacity) {
        size_t cap = c->capacity ? c->capacity * 2 : 256;
        action *l = spvk_realloc(c->allocator, c->log, c->capacity * sizeof *l, cap * sizeof *l);
        if (!l) {
            c->oom = true;
            return NULL;
        }
        c->log = l;
        c->capacity = cap;
    }
    action *a = &c->log[c->count++];
    memset(a, 0, sizeof *a);
    a->kind = kind;
    return a;
}

static bool is_ignored(const conv *c, const spvk_ir_op *op)
{
    for (const spvk_ir_op *o = op; o; o = spvk_ir_op_parent(o))
        if (rw_map_get(&c->ignored, (uintptr_t)o, 0, 0, 0))
            return true;
    return false;
}

static void map_value(conv *c, spvk_ir_value *from, spvk_ir_value *to)
{
    if (from == to)
        return;
    action *a = log_push(c, ACT_MAP);
    if (!a)
        return;
    a->value = from;
    a->prev = rw_map_get(&c->mapping, (uintptr_t)from, 0, 0, 0);
    if (!rw_map_put(&c->mapping, (uintptr_t)from, 0, 0, 0, to))
        c->oom = true;
}

/* The latest value v maps to; with `want`, one of that type along the way if any. */
static spvk_ir_value *lookup(const conv *c, spvk_ir_value *v, const spvk_ir_type *want)
{
    spvk_ir_value *found = want && v && v->type == want ? v : NULL;
    for (uint32_t guard = 0; v && guard < 1024; guard++) {
        spvk_ir_value *n = rw_map_get(&c->mapping, (uintptr_t)v, 0, 0, 0);
        if (!n)
            break;
        v = n;
        if (want && v->type == want)
            found = v;
    }
    return found ? found : v;
}

spvk_ir_value *spvk_rewriter_lookup(spvk_rewriter *rw, spvk_ir_value *v)
{
    return rw->driver ? lookup(conv_of(rw), v, NULL) : v;
}

/* A cast (or the converter's materialization of `kind`) of inputs to type at b. */
static spvk_ir_value *materialize(conv *c, const spvk_type_converter *tc, int kind, spvk_ir_builder *b,
                                  const spvk_ir_type *type, spvk_ir_value *const *inputs, uint32_t n)
{
    if (tc)
        for (size_t i = tc->count[kind]; i-- > 0;) {
            fn_bits f = {.p = tc->fns[kind][i].fn};
            spvk_ir_op *last = b->block ? (b->before ? b->before->prev : b->block->last) : NULL;
            spvk_ir_value *v = f.mat(tc->fns[kind][i].user, b, type, inputs, n, b->loc);
            /* Log what it made (between the old last op and the insertion point). */
            if (b->block) {
                spvk_ir_op *first = last ? last->next : b->block->first;
                for (spvk_ir_op *o = first; o && o != b->before; o = o->next) {
                    action *a = log_push(c, ACT_CREATE);
                    if (a)
                        a->op = o;
                }
            }
            if (v && v->type == type)
                return v;
        }
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = CAST_NAME;
    s.operands = inputs;
    s.num_operands = n;
    s.result_types = &type;
    s.num_results = 1;
    spvk_ir_op *op = spvk_ir_build(b, &s);
    if (!op) {
        c->oom = true;
        return NULL;
    }
    action *a = log_push(c, ACT_CREATE);
    if (a)
        a->op = op;
    if (!rw_map_put(&c->casts, (uintptr_t)op, 0, 0, 0, op))
        c->oom = true;
    return &op->results[0];
}

/* ---- Hooks: the rewriter's changes, logged ---- */

static spvk_ir_op *h_create(spvk_rewriter *rw, const spvk_ir_op_state *state)
{
    conv *c = conv_of(rw);
    spvk_ir_op *op = spvk_ir_build(&rw->b, state);
    if (!op)
        return NULL;
    action *a = log_push(c, ACT_CREATE);
    if (a)
        a->op = op;
    return op;
}

static void h_replace_op(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values)
{
    conv *c = conv_of(rw);
    for (uint32_t i = 0; i < op->num_results; i++)
        map_value(c, &op->results[i], values[i]);
    action *a = log_push(c, ACT_IGNORE);
    if (a) {
        a->op = op;
        a->index = c->tc ? 1 : 0;
    }
    if (!rw_map_put(&c->ignored, (uintptr_t)op, 0, 0, 0, op))
        c->oom = true;
}

static void h_erase_op(spvk_rewriter *rw, spvk_ir_op *op)
{
    conv *c = conv_of(rw);
    action *a = log_push(c, ACT_IGNORE);
    if (a)
        a->op = op;
    if (!rw_map_put(&c->ignored, (uintptr_t)op, 0, 0, 0, op))
        c->oom = true;
}

static void h_erase_block(spvk_rewriter *rw, spvk_ir_block *block)
{
    conv *c = conv_of(rw);
    action *a = log_push(c, ACT_ERASE_BLOCK);
    if (!a)
        return;
    a->block = block;
    a->region = block->region;
    a->prev_block = block->prev;
    for (spvk_ir_op *o = block->first; o; o = o->next)
        if (!rw_map_put(&c->ignored, (uintptr_t)o, 0, 0, 0, o))
            c->oom = true;
    spvk_ir_block_detach(block);
}

static void h_replace_all_uses(spvk_rewriter *rw, spvk_ir_value *from, spvk_ir_value *to)
{
    map_value(conv_of(rw), from, to);
}

static void h_start_modification(spvk_rewriter *rw, spvk_ir_op *op)
{
    conv *c = conv_of(rw);
    action *a = log_push(c, ACT_MODIFY);
    if (!a)
        return;
    a->op = op;
    a->attrs = op->attrs;
    a->num_operands = op->num_operands;
    if (op->num_operands) {
        a->operands = spvk_alloc(c->allocator, op->num_operands * sizeof *a->operands);
        if (!a->operands) {
            c->oom = true;
            return;
        }
        for (uint32_t i = 0; i < op->num_operands; i++)
            a->operands[i] = op->operands[i].value;
    }
}

static void h_move_op_before(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *anchor)
{
    conv *c = conv_of(rw);
    action *a = log_push(c, ACT_MOVE_OP);
    if (!a)
        return;
    a->op = op;
    a->block = op->block;
    a->next = op->next;
    a->index = op->next ? 0 : 1; /* it was last: undo appends it */
    spvk_ir_op_insert_before(anchor, op);
}

static void h_inline_region_before(spvk_rewriter *rw, spvk_ir_region *region, spvk_ir_region *dest,
                                   spvk_ir_block *before)
{
    conv *c = conv_of(rw);
    while (region->first) {
        spvk_ir_block *b = region->first;
        action *a = log_push(c, ACT_MOVE_BLOCK);
        if (!a)
            return;
        a->block = b;
        a->region = region;
        a->prev_block = NULL; /* it was the first */
        spvk_ir_block_detach(b);
        if (before)
            spvk_ir_region_insert_after(dest, before->prev, b);
        else
            spvk_ir_region_append(dest, b);
    }
}

static void h_inline_block_before(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest, spvk_ir_op *before,
                                  spvk_ir_value *const *args)
{
    conv *c = conv_of(rw);
    for (uint32_t i = 0; i < source->num_args; i++)
        map_value(c, source->args[i], args[i]);
    while (source->first) {
        spvk_ir_op *o = source->first;
        action *a = log_push(c, ACT_MOVE_OP);
        if (!a)
            return;
        a->op = o;
        a->block = source;
        a->next = NULL; /* ops go back to the end, in order, when undone last first */
        if (before)
            spvk_ir_op_insert_before(before, o);
        else
            spvk_ir_block_append(dest, o);
    }
    h_erase_block(rw, source);
}

static spvk_ir_block *h_split_block(spvk_rewriter *rw, spvk_ir_op *op)
{
    conv *c = conv_of(rw);
    spvk_ir_block *old = op->block;
    spvk_ir_block *nb = spvk_ir_block_split(c->ctx, op);
    if (!nb)
        return NULL;
    action *a = log_push(c, ACT_SPLIT);
    if (a) {
        a->block = nb;
        a->old = old;
    }
    return nb;
}

static const rw_hooks conversion_hooks = {
    .create = h_create,
    .replace_op = h_replace_op,
    .erase_op = h_erase_op,
    .erase_block = h_erase_block,
    .replace_all_uses = h_replace_all_uses,
    .start_modification = h_start_modification,
    .move_op_before = h_move_op_before,
    .inline_region_before = h_inline_region_before,
    .inline_block_before = h_inline_block_before,
    .split_block = h_split_block,
};

/* ---- Undo ---- */

static void undo_to(conv *c, size_t mark)
{
    while (c->count > mark) {
        action *a = &c->log[--c->count];
        switch (a->kind) {
        case ACT_CREATE:
            for (uint32_t i = 0; i < a->op->num_results; i++)
                rw_value_drop_uses(&a->op->results[i]);
            rw_map_remove(&c->casts, (uintptr_t)a->op, 0, 0, 0);
            spvk_ir_op_erase(c->ctx, a->op);
            break;
        case ACT_MODIFY:
            if (!spvk_ir_op_set_operands(c->ctx, a->op, a->operands, a->num_operands))
                c->oom = true;
            a->op->attrs = a->attrs;
            spvk_free(c->allocator, a->operands, a->num_operands * sizeof *a->operands);
            break;
        case ACT_IGNORE:
            rw_map_remove(&c->ignored, (uintptr_t)a->op, 0, 0, 0);
            break;
        case ACT_MAP:
            if (a->prev)
                rw_map_put(&c->mapping, (uintptr_t)a->value, 0, 0, 0, a->prev);
            else
                rw_map_remove(&c->mapping, (uintptr_t)a->value, 0, 0, 0);
            break;
        case ACT_MOVE_OP:
            if (a->next)
                spvk_ir_op_insert_before(a->next, a->op);
            else if (a->index)
                spvk_ir_block_append(a->block, a->op);
            else
                spvk_ir_block_prepend(a->block, a->op);
            break;
        case ACT_MOVE_BLOCK:
            spvk_ir_block_detach(a->block);
            spvk_ir_region_insert_after(a->region, a->prev_block, a->block);
            break;
        case ACT_NEW_BLOCK:
            while (a->block->last)
                spvk_ir_block_prepend(a->old, a->block->last);
            spvk_ir_region_insert_after(a->block->region, a->block, a->old);
            spvk_ir_block_erase(c->ctx, a->block);
            break;
        case ACT_SUCCESSOR:
            a->op->successors[a->index] = a->old;
            break;
        case ACT_ERASE_BLOCK:
            spvk_ir_region_insert_after(a->region, a->prev_block, a->block);
            for (spvk_ir_op *o = a->block->first; o; o = o->next)
                rw_map_remove(&c->ignored, (uintptr_t)o, 0, 0, 0);
            break;
        case ACT_SPLIT:
            while (a->block->first)
                spvk_ir_block_append(a->old, a->block->first);
            spvk_ir_block_erase(c->ctx, a->block);
            break;
        }
    }
}

/* ---- Signature conversion ---- */

/* Replaces block by a new one whose arguments have the types `types` (one per kept argument;
   keep[i] false drops argument i), the ops moved into it and the old arguments mapped. */
static bool convert_block(conv *c, spvk_ir_block *block, const spvk_ir_type *const *types, const bool *keep)
{
    bool same = true;
    uint32_t k = 0;
    for (uint32_t i = 0; i < block->num_args; i++) {
        if (!keep[i]) {
            same = false;
            continue;
        }
        if (types[k++] != block->args[i]->type)
            same = false;
    }
    if (same)
        return true;
    spvk_ir_block *nb = spvk_ir_block_create(c->ctx);
    if (!nb)
        return false;
    k = 0;
    for (uint32_t i = 0; i < block->num_args; i++)
        if (keep[i]) {
            spvk_ir_value *a = spvk_ir_block_add_arg(c->ctx, nb, types[k++]);
            if (!a)
                return false;
            a->loc = ir_attr_is_owned(block->args[i]->loc) ? NULL : block->args[i]->loc;
        }
    spvk_ir_region *region = block->region;
    spvk_ir_region_insert_after(region, block->prev, nb);
    while (block->first)
        spvk_ir_block_append(nb, block->first);
    spvk_ir_block *prev = nb;
    spvk_ir_block_detach(block);
    action *a = log_push(c, ACT_NEW_BLOCK);
    if (!a)
        return false;
    a->block = nb;
    a->old = block;
    a->prev_block = prev;
    /* Branches to the old block now go to the new one. */
    for (spvk_ir_block *b = region->first; b; b = b->next) {
        spvk_ir_op *t = b->last;
        for (uint32_t s = 0; t && s < t->num_successors; s++)
            if (t->successors[s] == block) {
                action *sa = log_push(c, ACT_SUCCESSOR);
                if (sa) {
                    sa->op = t;
                    sa->index = s;
                    sa->old = block;
                }
                t->successors[s] = nb;
            }
    }
    k = 0;
    for (uint32_t i = 0; i < block->num_args; i++)
        if (keep[i])
            map_value(c, block->args[i], nb->args[k++]);
    return !c->oom;
}

static bool convert_block_types(conv *c, spvk_ir_block *block, const spvk_type_converter *tc)
{
    const spvk_ir_type *small_t[16];
    bool small_k[16];
    uint32_t n = block->num_args;
    const spvk_ir_type **types = n > 16 ? spvk_alloc(c->allocator, n * sizeof *types) : small_t;
    bool *keep = n > 16 ? spvk_alloc(c->allocator, n * sizeof *keep) : small_k;
    bool ok = types && keep;
    uint32_t k = 0;
    for (uint32_t i = 0; i < n && ok; i++) {
        const spvk_ir_type *out[1];
        uint32_t m = 0;
        ok = spvk_type_converter_convert(tc, block->args[i]->type, out, 1, &m);
        keep[i] = m == 1;
        if (ok && m == 1)
            types[k++] = out[0];
    }
    if (ok)
        ok = convert_block(c, block, types, keep);
    if (types && types != small_t)
        spvk_free(c->allocator, types, n * sizeof *types);
    if (keep && keep != small_k)
        spvk_free(c->allocator, keep, n * sizeof *keep);
    return ok;
}

bool spvk_rewriter_convert_region_types(spvk_rewriter *rw, spvk_ir_region *region, const spvk_type_converter *tc,
                                        bool entry)
{
    if (!rw->driver || !tc)
        return false;
    conv *c = conv_of(rw);
    spvk_ir_block *b = region->first;
    if (b && !entry)
        b = b->next;
    while (b) {
        spvk_ir_block *next = b->next;
        if (!convert_block_types(c, b, tc))
            return false;
        b = next;
    }
    return true;
}

bool spvk_rewriter_convert_function_signature(spvk_rewriter *rw, spvk_ir_op *func, const spvk_type_converter *tc)
{
    if (!rw->driver || !tc)
        return false;
    conv *c = conv_of(rw);
    const spvk_ir_type *ft = function_type_of(func);
    if (!ft)
        return false;
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    uint32_t cap = (ni + nr) * 4 + 1;
    const spvk_ir_type **ins = spvk_alloc(c->allocator, cap * sizeof *ins);
    const spvk_ir_type **res = spvk_alloc(c->allocator, cap * sizeof *res);
    bool *keep = spvk_alloc(c->allocator, (ni + 1) * sizeof *keep);
    bool ok = ins && res && keep;
    uint32_t n_in = 0, n_res = 0;
    for (uint32_t i = 0; i < ni && ok; i++) {
        uint32_t m = 0;
        ok = spvk_type_converter_convert(tc, ft->types[i], ins + n_in, 1, &m);
        keep[i] = m == 1;
        n_in += m;
    }
    for (uint32_t i = 0; i < nr && ok; i++) {
        uint32_t m = 0;
        ok = spvk_type_converter_convert(tc, ft->types[ni + i], res + n_res, cap - n_res, &m);
        n_res += m;
    }
    spvk_ir_region *body = func->num_regions ? &func->regions[0] : NULL;
    if (ok && body && body->first && body->first->num_args != ni)
        ok = false;
    if (ok) {
        const spvk_ir_type *nft = spvk_ir_function_type(c->ctx, ins, n_in, res, n_res);
        ok = nft != NULL;
        if (ok && nft != ft) {
            h_start_modification(rw, func);
            spvk_ir_op_set_attr(c->ctx, func, "function_type", spvk_ir_type_attr(c->ctx, nft));
        }
    }
    if (ok && body && body->first) {
        spvk_ir_block *entry = body->first;
        ok = convert_block(c, entry, ins, keep);
        /* The other blocks convert with the converter alone. */
        for (spvk_ir_block *b = body->first ? body->first->next : NULL, *next; ok && b; b = next) {
            next = b->next;
            ok = convert_block_types(c, b, tc);
        }
    }
    spvk_free(c->allocator, ins, cap * sizeof *ins);
    spvk_free(c->allocator, res, cap * sizeof *res);
    spvk_free(c->allocator, keep, (ni + 1) * sizeof *keep);
    return ok && !c->oom;
}

/* ---- Legalization ---- */

typedef enum { LEGALIZE_OK, LEGALIZE_FAILED, LEGALIZE_OOM } legalize_status;

static legalize_status legalize(conv *c, spvk_ir_op *op);

/* The remapped operands for a conversion pattern: with a type converter, each converted to its
   legal type through a target materialization where the mapped value has another. */
static bool remap_operands(conv *c, spvk_ir_op *op, const spvk_type_converter *tc, spvk_ir_value **out)
{
    for (uint32_t i = 0; i < op->num_operands; i++) {
        spvk_ir_value *orig = op->operands[i].value;
        const spvk_ir_type *want = tc && orig ? spvk_type_converter_convert1(tc, orig->type) : NULL;
        spvk_ir_value *v = lookup(c, orig, want);
        if (tc && orig && !want)
            return false; /* its type does not convert */
        if (want && v->type != want) {
            spvk_ir_builder b;
            memset(&b, 0, sizeof b);
            b.ctx = c->ctx;
            spvk_ir_builder_before(&b, op);
            b.loc = op->loc;
            spvk_ir_value *m = materialize(c, tc, TC_TARGET, &b, want, &v, 1);
            if (!m)
                return false;
            map_value(c, v, m);
            v = m;
        }
        out[i] = v;
    }
    return true;
}

static legalize_status apply_pattern(conv *c, spvk_ir_op *op, const spvk_pattern *p)
{
    size_t mark = c->count;
    uint32_t n = op->num_operands;
    spvk_ir_value *small[16];
    spvk_ir_value **operands = n > 16 ? spvk_alloc(c->allocator, n * sizeof *operands) : small;
    if (!operands)
        return LEGALIZE_OOM;
    const spvk_type_converter *saved_tc = c->tc;
    c->tc = p->type_converter;
    bool matched = false;
    if (p->convert) {
        if (remap_operands(c, op, p->type_converter, operands)) {
            spvk_ir_builder_before(&c->rw.b, op);
            c->rw.b.loc = op->loc;
            matched = p->convert(p, op, operands, &c->rw);
        }
    } else {
        spvk_ir_builder_before(&c->rw.b, op);
        c->rw.b.loc = op->loc;
        matched = p->match_and_rewrite(p, op, &c->rw);
    }
    c->tc = saved_tc;
    if (operands != small)
        spvk_free(c->allocator, operands, n * sizeof *operands);
    if (c->oom)
        return LEGALIZE_OOM;
    if (!matched) {
        undo_to(c, mark);
        return LEGALIZE_FAILED;
    }
    /* What the pattern made (and changed in place) must be legal in turn. */
    size_t end = c->count;
    for (size_t i = mark; i < end; i++) {
        action *a = &c->log[i];
        if ((a->kind != ACT_CREATE && a->kind != ACT_MODIFY) || !a->op || is_ignored(c, a->op))
            continue;
        if (a->kind == ACT_CREATE && rw_map_get(&c->casts, (uintptr_t)a->op, 0, 0, 0))
            continue;
        if (a->kind == ACT_MODIFY && a->op == op)
            continue; /* the root: the caller checks it is legal now */
        legalize_status st = legalize(c, a->op);
        if (st != LEGALIZE_OK) {
            undo_to(c, mark);
            return st;
        }
        end = c->count > end ? end : c->count;
    }
    return LEGALIZE_OK;
}

static bool is_legal(conv *c, const spvk_ir_op *op)
{
    return spvk_conversion_target_legality(c->target, op) == SPVK_LEGALITY_LEGAL;
}

static legalize_status legalize(conv *c, spvk_ir_op *op)
{
    if (is_legal(c, op))
        return LEGALIZE_OK;
    if (c->depth > 64)
        return LEGALIZE_FAILED; /* a pattern that keeps making what it converts */
    const rw_pattern_list *l = rw_pattern_index_lookup(&c->patterns, c->ctx, op->def);
    if (!l)
        return LEGALIZE_OOM;
    c->depth++;
    legalize_status st = LEGALIZE_FAILED;
    for (uint32_t i = 0; i < l->count && st == LEGALIZE_FAILED; i++) {
        st = apply_pattern(c, op, l->items[i]);
        if (st == LEGALIZE_OK && !is_ignored(c, op) && !is_legal(c, op))
            st = LEGALIZE_FAILED; /* updated in place but still not legal: MLIR fails it too */
    }
    c->depth--;
    return st;
}

static spvk_ir_walk_result collect(spvk_ir_op *op, void *user)
{
    rw_vec *v = user;
    rw_vec_push(v, op);
    return SPVK_WALK_ADVANCE;
}

static void report(spvk_diagnostics *diags, const spvk_ir_op *op, const char *suffix)
{
    spvk_ir_op_diag(diags, SPVK_SEVERITY_ERROR, op, "failed to legalize operation '%s'%s", spvk_ir_op_name(op), suffix);
}

/* Moves the remaining uses of v (by ops that stay) to what it maps to, through a source
   materialization where the types differ. */
static bool resolve_uses(conv *c, spvk_ir_value *v, const spvk_type_converter *tc)
{
    bool used = false;
    for (spvk_ir_use *u = v->first_use; u; u = u->next)
        if (!is_ignored(c, u->owner)) {
            used = true;
            break;
        }
    if (!used)
        return true;
    spvk_ir_value *to = lookup(c, v, v->type);
    if (to == v) {
        to = lookup(c, v, NULL);
        if (to == v)
            return false; /* erased with uses left and nothing in its place */
        spvk_ir_builder b;
        memset(&b, 0, sizeof b);
        b.ctx = c->ctx;
        if (to->defining_op)
            spvk_ir_builder_after(&b, to->defining_op);
        else if (to->block->first)
            spvk_ir_builder_before(&b, to->block->first);
        else
            spvk_ir_builder_at_end(&b, to->block);
        to = materialize(c, tc, to->defining_op ? TC_SOURCE : TC_ARGUMENT, &b, v->type, &to, 1);
        if (!to)
            return false;
    }
    for (spvk_ir_use *u = v->first_use, *next; u; u = next) {
        next = u->next;
        if (!is_ignored(c, u->owner))
            spvk_ir_op_set_operand(u->owner, rw_use_index(u), to);
    }
    return true;
}

static spvk_result convert(spvk_ir_op *root, const spvk_conversion_target *target, const spvk_pattern_set *patterns,
                           bool full, spvk_diagnostics *diags)
{
    spvk_ir_context *ctx = spvk_pattern_set_context(patterns);
    /* Before anything changes: a body not built could not be legalized, nor rolled back. */
    const spvk_ir_op *unbuilt = spvk_ir_find_unmaterialized(root);
    if (unbuilt)
        return spvk_ir_unmaterialized_error(diags, unbuilt, "it cannot be converted");
    conv c;
    memset(&c, 0, sizeof c);
    c.hooks = &conversion_hooks;
    c.ctx = ctx;
    c.allocator = spvk_ir_context_allocator(ctx);
    c.target = target;
    spvk_rewriter_init(&c.rw, ctx);
    c.rw.driver = &c;
    rw_map_init(&c.mapping, c.allocator);
    rw_map_init(&c.ignored, c.allocator);
    rw_map_init(&c.casts, c.allocator);
    rw_vec ops;
    rw_vec_init(&ops, c.allocator);
    spvk_result result = SPVK_OK;
    if (!rw_pattern_index_init(&c.patterns, patterns))
        c.oom = true;
    (void)spvk_ir_walk(root, collect, &ops); /* whole, as checked above */
    if (ops.failed)
        c.oom = true;
    const spvk_ir_op *failed_op = NULL;
    for (size_t i = 0; i < ops.count && !c.oom; i++) {
        spvk_ir_op *op = ops.items[i];
        if (is_ignored(&c, op) || (!op->block && op != root))
            continue;
        legalize_status st = legalize(&c, op);
        if (st == LEGALIZE_OOM) {
            c.oom = true;
            break;
        }
        if (st == LEGALIZE_FAILED) {
            spvk_legality l = spvk_conversion_target_legality(target, op);
            if (full || l == SPVK_LEGALITY_ILLEGAL) {
                failed_op = op;
                report(diags, op, full ? "" : " that was explicitly marked illegal");
                break;
            }
        }
    }
    /* Commit: uses move to the replacements, then ignored ops and old blocks go. */
    const spvk_ir_op *dangling = NULL;
    if (!failed_op && !c.oom) {
        for (size_t i = 0; i < c.count && !dangling; i++) {
            /* resolve_uses may log casts (and move the log): read the action first. */
            action_kind kind = c.log[i].kind;
            spvk_ir_op *aop = c.log[i].op;
            spvk_ir_block *old = kind == ACT_NEW_BLOCK ? c.log[i].old : c.log[i].block;
            if (kind == ACT_IGNORE && rw_map_get(&c.ignored, (uintptr_t)aop, 0, 0, 0)) {
                for (uint32_t r = 0; r < aop->num_results && !dangling; r++)
                    if (!resolve_uses(&c, &aop->results[r], NULL))
                        dangling = aop;
            } else if (kind == ACT_NEW_BLOCK || kind == ACT_ERASE_BLOCK) {
                for (uint32_t r = 0; r < old->num_args && !dangling; r++)
                    if (!resolve_uses(&c, old->args[r], NULL))
                        dangling = root;
            }
        }
        if (dangling) {
            report(diags, dangling, " that was erased but still has uses");
            failed_op = dangling;
        }
    }
    if (failed_op || c.oom) {
        undo_to(&c, 0);
        result = c.oom ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_ERROR_INVALID;
    } else {
        /* Erase ignored ops outermost first (nested ones go with them), then old blocks. */
        for (size_t i = 0; i < c.count; i++) {
            action *a = &c.log[i];
            if (a->kind == ACT_MODIFY)
                spvk_free(c.allocator, a->operands, a->num_operands * sizeof *a->operands);
        }
        for (size_t i = 0; i < c.count; i++) {
            action *a = &c.log[i];
            if (a->kind != ACT_IGNORE || !rw_map_get(&c.ignored, (uintptr_t)a->op, 0, 0, 0))
                continue;
            spvk_ir_op *parent = spvk_ir_op_parent(a->op);
            if ((parent && is_ignored(&c, parent)) || !a->op->block)
                continue;
            rw_map_remove(&c.ignored, (uintptr_t)a->op, 0, 0, 0);
            rw_map_remove(&c.casts, (uintptr_t)a->op, 0, 0, 0);
            for (uint32_t r = 0; r < a->op->num_results; r++)
                rw_value_drop_uses(&a->op->results[r]);
            spvk_ir_op_erase(ctx, a->op);
        }
        for (size_t i = 0; i < c.count; i++) {
            action *a = &c.log[i];
            if (a->kind == ACT_NEW_BLOCK || a->kind == ACT_ERASE_BLOCK) {
                spvk_ir_block *old = a->kind == ACT_NEW_BLOCK ? a->old : a->block;
                for (uint32_t r = 0; r < old->num_args; r++)
                    rw_value_drop_uses(old->args[r]);
                for (spvk_ir_op *o = old->first; o; o = o->next)
                    for (uint32_t r = 0; r < o->num_results; r++)
                        rw_value_drop_uses(&o->results[r]);
                spvk_ir_block_erase(ctx, old);
            }
        }
        /* Casts the conversion made that nothing uses any more. */
        for (size_t i = c.count; i-- > 0;) {
            action *a = &c.log[i];
            if (a->kind == ACT_CREATE && rw_map_get(&c.casts, (uintptr_t)a->op, 0, 0, 0) &&
                !a->op->results[0].first_use) {
                rw_map_remove(&c.casts, (uintptr_t)a->op, 0, 0, 0);
                spvk_ir_op_erase(ctx, a->op);
            }
        }
    }
    rw_pattern_index_free(&c.patterns);
    rw_vec_free(&ops);
    rw_map_free(&c.mapping);
    rw_map_free(&c.ignored);
    rw_map_free(&c.casts);
    spvk_free(c.allocator, c.log, c.capacity * sizeof *c.log);
    if (result == SPVK_OK && spvk_ir_context_failed(ctx))
        result = SPVK_ERROR_OUT_OF_MEMORY;
    return result;
}

spvk_result spvk_apply_partial_conversion(spvk_ir_op *op, const spvk_conversion_target *target,
                                          const spvk_pattern_set *patterns, spvk_diagnostics *diags)
{
    return convert(op, target, patterns, false, diags);
}

spvk_result spvk_apply_full_conversion(spvk_ir_op *op, const spvk_conversion_target *target,
                                       const spvk_pattern_set *patterns, spvk_diagnostics *diags)
{
    return convert(op, target, patterns, true, diags);
}

/* ---- Reconciling casts ---- */

static bool is_cast(const spvk_ir_op *op) { return strcmp(spvk_ir_op_name(op), CAST_NAME) == 0; }

static spvk_ir_walk_result collect_casts(spvk_ir_op *op, void *user)
{
    if (is_cast(op))
        rw_vec_push(user, op);
    return SPVK_WALK_ADVANCE;
}

spvk_result spvk_reconcile_unrealized_casts(spvk_ir_context *ctx, spvk_ir_op *op)
{
    rw_vec casts;
    rw_vec_init(&casts, spvk_ir_context_allocator(ctx));
    if (spvk_ir_walk(op, collect_casts, &casts) == SPVK_WALK_UNMATERIALIZED) {
        rw_vec_free(&casts); /* nothing changed yet */
        return SPVK_ERROR_INVALID;
    }
    if (casts.failed) {
        rw_vec_free(&casts);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    /* A -> B -> A: users of the outer cast take the inner one's input. Last first, so chains
       fold from their end. */
    for (size_t i = casts.count; i-- > 0;) {
        spvk_ir_op *c = casts.items[i];
        if (c->num_operands != c->num_results || !c->num_operands)
            continue;
        spvk_ir_op *in = c->operands[0].value ? c->operands[0].value->defining_op : NULL;
        if (!in || !is_cast(in) || in->num_results != c->num_operands || in->num_operands != c->num_results)
            continue;
        bool match = true;
        for (uint32_t k = 0; k < c->num_operands && match; k++)
            match = c->operands[k].value == &in->results[k] && in->operands[k].value &&
                    in->operands[k].value->type == c->results[k].type;
        if (!match)
            continue;
        for (uint32_t k = 0; k < c->num_results; k++)
            spvk_ir_value_replace_all_uses(&c->results[k], in->operands[k].value);
    }
    /* Unused casts go (an erased one's input cast may become unused: last first). */
    for (size_t i = casts.count; i-- > 0;) {
        spvk_ir_op *c = casts.items[i];
        bool used = false;
        for (uint32_t k = 0; k < c->num_results; k++)
            used |= c->results[k].first_use != NULL;
        if (!used)
            spvk_ir_op_erase(ctx, c);
    }
    rw_vec_free(&casts);
    return SPVK_OK;
}
