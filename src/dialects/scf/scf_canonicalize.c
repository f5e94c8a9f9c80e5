/* The scf ops' canonicalizations, ported from MLIR 19's SCF.cpp: an scf.if on a constant
   condition becomes the region taken (RemoveStaticCondition); an scf.execute_region of one
   block becomes that block (SingleBlockExecuteInliner). */
#include <string.h>

#include "scf_internal.h"
#include "spvkit/rewrite.h"

/* A constant i1 condition: 1 or 0; -1 when not constant. */
static int constant_condition(const spvk_ir_value *v)
{
    const spvk_ir_attr *a = spvk_ir_value_constant(v);
    if (!a || a->dialect || (a->kind != SPVK_ATTR_BOOL && a->kind != SPVK_ATTR_INTEGER))
        return -1;
    return a->value != 0;
}

/* MLIR's replaceOpWithRegion: the region's one block goes before op (its arguments replaced by
   args, NULL when it has none), its terminator's operands replace op's results, and the
   terminator goes. */
static bool replace_op_with_region_args(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_region *region,
                                        spvk_ir_value *const *args)
{
    spvk_ir_block *b = region->first;
    spvk_ir_op *t = b ? b->last : NULL;
    if (!t || b != region->last || t->num_operands != op->num_results || (b->num_args && !args))
        return false;
    spvk_ir_value *small[8];
    spvk_ir_value **values = small;
    if (t->num_operands > 8 && !(values = spvk_ir_alloc(rw->ctx, (size_t)t->num_operands * sizeof *values)))
        return false;
    for (uint32_t i = 0; i < t->num_operands; i++)
        values[i] = spvk_ir_operand(t, i);
    spvk_rewriter_inline_block_before(rw, b, op->block, op, args);
    spvk_rewriter_replace_op(rw, op, values);
    spvk_rewriter_erase_op(rw, t);
    return true;
}

static bool replace_op_with_region(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_region *region)
{
    return replace_op_with_region_args(rw, op, region, NULL);
}

static bool if_static_condition(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_operands != 1 || op->num_regions != 2)
        return false;
    int c = constant_condition(spvk_ir_operand(op, 0));
    if (c < 0)
        return false;
    if (c)
        return replace_op_with_region(rw, op, &op->regions[0]);
    if (op->regions[1].first)
        return replace_op_with_region(rw, op, &op->regions[1]);
    if (op->num_results)
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

static bool execute_region_single_block(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_regions != 1 || !op->regions[0].first || op->regions[0].first != op->regions[0].last)
        return false;
    return replace_op_with_region(rw, op, &op->regions[0]);
}



/* ---- Shared helpers ---- */

static bool op_is(const spvk_ir_op *op, const char *name) { return op && strcmp(spvk_ir_op_name(op), name) == 0; }

/* The region that directly holds v (its block's, or its defining op's block's). */
static const spvk_ir_region *value_region(const spvk_ir_value *v)
{
    const spvk_ir_block *b = v->defining_op ? v->defining_op->block : v->block;
    return b ? b->region : NULL;
}

/* Whether op is inside region (at any depth). */
static bool region_is_ancestor(const spvk_ir_region *region, const spvk_ir_op *op)
{
    for (const spvk_ir_region *r = op && op->block ? op->block->region : NULL; r;) {
        if (r == region)
            return true;
        const spvk_ir_op *parent = r->op;
        r = parent && parent->block ? parent->block->region : NULL;
    }
    return false;
}

/* Whether v is defined inside op's regions. */
static bool defined_inside(const spvk_ir_value *v, const spvk_ir_op *op)
{
    const spvk_ir_region *r = value_region(v);
    while (r) {
        if (r->op == op)
            return true;
        r = r->op && r->op->block ? r->op->block->region : NULL;
    }
    return false;
}

/* A constant integer (or index) value, sign-extended from its width. */
static bool constant_int(const spvk_ir_value *v, int64_t *out)
{
    const spvk_ir_attr *a = spvk_ir_value_constant(v);
    if (!a || a->dialect || (a->kind != SPVK_ATTR_INTEGER && a->kind != SPVK_ATTR_BOOL))
        return false;
    *out = a->value;
    return true;
}

/* The bit width of an integer or index type (index: 64). 0 for others. */
static uint32_t int_width(const spvk_ir_type *t)
{
    if (t->dialect)
        return 0;
    if (t->kind == SPVK_TYPE_INDEX)
        return 64;
    return t->kind == SPVK_TYPE_INTEGER ? t->width : 0;
}

static int64_t sign_extend(uint64_t v, uint32_t width)
{
    if (width == 0 || width >= 64)
        return (int64_t)v;
    uint64_t m = UINT64_C(1) << (width - 1);
    v &= (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

/* A value array from the context's arena (patterns run to completion; the arena keeps them). */
static spvk_ir_value **values_alloc(spvk_rewriter *rw, uint32_t n)
{
    return spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof(spvk_ir_value *));
}

static const spvk_ir_type **types_alloc(spvk_rewriter *rw, uint32_t n)
{
    return spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof(const spvk_ir_type *));
}

/* An i1 arith.constant made at the insertion point. */
static spvk_ir_value *create_bool_constant(spvk_rewriter *rw, bool value, const spvk_ir_attr *loc)
{
    const spvk_ir_type *i1 = spvk_ir_integer_type(rw->ctx, 1, 0);
    const spvk_ir_attr *v = i1 ? spvk_ir_integer_attr(rw->ctx, i1, value ? 1 : 0) : NULL;
    if (!v)
        return NULL;
    const char *name = "value";
    const spvk_ir_attr *attrs = spvk_ir_dictionary_attr(rw->ctx, &name, &v, 1);
    spvk_ir_op_state s = {.name = "arith.constant", .result_types = &i1, .num_results = 1, .attrs = attrs,
                          .loc = loc};
    spvk_ir_op *c = attrs ? spvk_rewriter_create(rw, &s) : NULL;
    return c ? &c->results[0] : NULL;
}

static spvk_ir_value *create_binary(spvk_rewriter *rw, const char *name, spvk_ir_value *a, spvk_ir_value *b,
                                    const spvk_ir_attr *loc)
{
    spvk_ir_value *ops[2] = {a, b};
    const spvk_ir_type *t = a->type;
    spvk_ir_op_state s = {.name = name, .operands = ops, .num_operands = 2, .result_types = &t, .num_results = 1,
                          .loc = loc};
    spvk_ir_op *o = spvk_rewriter_create(rw, &s);
    return o ? &o->results[0] : NULL;
}

static spvk_ir_value *create_select(spvk_rewriter *rw, spvk_ir_value *c, spvk_ir_value *a, spvk_ir_value *b,
                                    const spvk_ir_attr *loc)
{
    spvk_ir_value *ops[3] = {c, a, b};
    const spvk_ir_type *t = a->type;
    spvk_ir_op_state s = {.name = "arith.select", .operands = ops, .num_operands = 3, .result_types = &t,
                          .num_results = 1, .loc = loc};
    spvk_ir_op *o = spvk_rewriter_create(rw, &s);
    return o ? &o->results[0] : NULL;
}

/* Whether v is an i1 constant 1 (MLIR's m_One on a condition). */
static bool is_constant_one(const spvk_ir_value *v)
{
    int64_t c;
    return constant_int(v, &c) && (c & 1);
}

/* The block's terminator when it is an scf.yield. */
static spvk_ir_op *yield_of(const spvk_ir_block *b) { return b ? scf_block_terminator_named(b, "scf.yield") : NULL; }

/* ---- scf.for ---- */

/* ForOpIterArgsFolder: an iteration argument goes when the body yields it back unchanged or
   neither it nor its result is used (its result becomes the init value). (MLIR 19 keeps one
   whose body yields its init value, and duplicates of another; later MLIR drops those too.) */
static bool for_iter_args_folder(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *body = scf_region_block(op, 0);
    spvk_ir_op *yield = yield_of(body);
    uint32_t n = op->num_results;
    if (!body || !yield || op->num_operands != 3 + n || body->num_args != 1 + n || yield->num_operands != n || !n)
        return false;
    /* keep[i]: -1 dropped (forwarded), else its new index */
    int64_t *keep = spvk_ir_alloc(rw->ctx, (size_t)n * sizeof *keep);
    if (!keep)
        return false;
    uint32_t kept = 0;
    bool change = false;
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *arg = body->args[1 + i], *yielded = yield->operands[i].value;
        if (arg == yielded || (!spvk_ir_value_has_uses(arg) && !spvk_ir_value_has_uses(&op->results[i]))) {
            keep[i] = -1;
            change = true;
            continue;
        }
        keep[i] = kept++;
    }
    if (!change)
        return false;
    spvk_ir_value **operands = values_alloc(rw, 3 + kept), **yields = values_alloc(rw, kept);
    spvk_ir_value **results = values_alloc(rw, n);
    const spvk_ir_type **types = types_alloc(rw, kept);
    if (!operands || !yields || !results || !types)
        return false;
    for (uint32_t i = 0; i < 3; i++)
        operands[i] = op->operands[i].value;
    for (uint32_t i = 0, k = 0; i < n; i++)
        if (keep[i] >= 0) {
            operands[3 + k] = op->operands[3 + i].value;
            yields[k] = yield->operands[i].value;
            types[k++] = op->results[i].type;
        }
    spvk_ir_region *region = &op->regions[0];
    spvk_ir_op_state s = {.def = op->def, .operands = operands, .num_operands = 3 + kept, .result_types = types,
                          .num_results = kept, .num_regions = 1, .regions = &region, .attrs = op->attrs,
                          .loc = op->loc};
    spvk_ir_op *loop = spvk_rewriter_create(rw, &s);
    if (!loop)
        return false;
    /* The body moved into the new loop: rewire its arguments. */
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *arg = body->args[1 + i];
        if (keep[i] == -1) {
            spvk_rewriter_replace_all_uses(rw, arg, op->operands[3 + i].value);
            results[i] = op->operands[3 + i].value;
        } else {
            results[i] = &loop->results[keep[i]];
        }
    }
    spvk_rewriter_set_operands(rw, yield, yields, kept);
    for (uint32_t i = n; i > 0; i--)
        if (keep[i - 1] < 0)
            spvk_ir_block_erase_arg(body, i);
    spvk_rewriter_replace_op(rw, op, results);
    return true;
}

/* MLIR's computeConstDiff: ub - lb when both are constants, or when ub is `lb + c`. */
static bool const_diff(const spvk_ir_value *lb, const spvk_ir_value *ub, int64_t *diff)
{
    int64_t l, u;
    uint32_t w = int_width(lb->type);
    if (constant_int(lb, &l) && constant_int(ub, &u)) {
        *diff = sign_extend((uint64_t)u - (uint64_t)l, w);
        return true;
    }
    const spvk_ir_op *add = ub->defining_op;
    if (!op_is(add, "arith.addi") || add->num_operands != 2)
        return false;
    int64_t c;
    if (add->operands[0].value == lb && constant_int(add->operands[1].value, &c)) {
        *diff = sign_extend((uint64_t)c, w);
        return true;
    }
    if (add->operands[1].value == lb && constant_int(add->operands[0].value, &c)) {
        *diff = sign_extend((uint64_t)c, w);
        return true;
    }
    return false;
}

/* SimplifyTrivialLoops: a loop with equal bounds or a known empty range is its init values; one
   that runs once is its body (the induction variable being the lower bound); an empty body that
   runs at least twice and yields values from outside is those values. */
static bool for_simplify_trivial(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *body = scf_region_block(op, 0);
    uint32_t n = op->num_results;
    if (!body || op->num_operands != 3 + n || body->num_args != 1 + n)
        return false;
    spvk_ir_value *lb = op->operands[0].value, *ub = op->operands[1].value;
    spvk_ir_value **inits = values_alloc(rw, n + 1);
    if (!inits)
        return false;
    inits[0] = lb;
    for (uint32_t i = 0; i < n; i++)
        inits[1 + i] = op->operands[3 + i].value;
    int64_t diff;
    if (lb == ub || (const_diff(lb, ub, &diff) && diff <= 0)) {
        spvk_rewriter_replace_op(rw, op, inits + 1);
        return true;
    }
    int64_t step;
    if (!const_diff(lb, ub, &diff) || !constant_int(op->operands[2].value, &step))
        return false;
    step = sign_extend((uint64_t)step, int_width(op->operands[2].value->type));
    if (step >= diff)
        return replace_op_with_region_args(rw, op, &op->regions[0], inits);
    spvk_ir_op *yield = yield_of(body);
    if (!yield || body->first != yield || yield->num_operands != n)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (defined_inside(yield->operands[i].value, op))
            return false;
    spvk_ir_value **yielded = values_alloc(rw, n);
    if (!yielded)
        return false;
    for (uint32_t i = 0; i < n; i++)
        yielded[i] = yield->operands[i].value;
    spvk_rewriter_replace_op(rw, op, yielded);
    return true;
}

bool scf_for_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern args = {.root = "scf.for", .benefit = 1, .match_and_rewrite = for_iter_args_folder,
                         .debug_name = "ForOpIterArgsFolder"};
    spvk_pattern trivial = {.root = "scf.for", .benefit = 1, .match_and_rewrite = for_simplify_trivial,
                            .debug_name = "SimplifyTrivialLoops"};
    return spvk_pattern_set_add(set, &args) && spvk_pattern_set_add(set, &trivial);
}

/* ---- scf.if ---- */

/* `scf.if (xori %c, true)` with an else: `scf.if %c` with the regions swapped (IfOp::fold). */
spvk_ir_fold_status scf_if_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    (void)results;
    if (op->num_operands != 1 || op->num_regions != 2 || !op->regions[1].first)
        return SPVK_FOLD_FAILED;
    const spvk_ir_op *x = op->operands[0].value->defining_op;
    if (!op_is(x, "arith.xori") || x->num_operands != 2 || !is_constant_one(x->operands[1].value))
        return SPVK_FOLD_FAILED;
    spvk_ir_op_set_operand(op, 0, x->operands[0].value);
    spvk_ir_region *then_region = &op->regions[0], *else_region = &op->regions[1];
    spvk_ir_block *then_block = then_region->first, *else_block = else_region->first;
    /* Single-block regions (the verifier says so): swap their blocks. */
    if (then_block)
        spvk_ir_block_detach(then_block);
    spvk_ir_block_detach(else_block);
    spvk_ir_region_append(then_region, else_block);
    if (then_block)
        spvk_ir_region_append(else_region, then_block);
    return SPVK_FOLD_IN_PLACE;
}

/* RemoveUnusedResults: an if whose results are not all used is remade with the used ones. */
static bool if_remove_unused_results(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    uint32_t n = op->num_results, used = 0;
    for (uint32_t i = 0; i < n; i++)
        used += spvk_ir_value_has_uses(&op->results[i]);
    spvk_ir_op *yields[2] = {yield_of(scf_region_block(op, 0)), yield_of(scf_region_block(op, 1))};
    if (used == n || !yields[0] || !yields[1] || yields[0]->num_operands != n || yields[1]->num_operands != n)
        return false;
    const spvk_ir_type **types = types_alloc(rw, used);
    spvk_ir_value **results = values_alloc(rw, n), **kept[2] = {values_alloc(rw, used), values_alloc(rw, used)};
    if (!types || !results || !kept[0] || !kept[1])
        return false;
    for (uint32_t i = 0, k = 0; i < n; i++)
        if (spvk_ir_value_has_uses(&op->results[i])) {
            types[k] = op->results[i].type;
            kept[0][k] = yields[0]->operands[i].value;
            kept[1][k++] = yields[1]->operands[i].value;
        }
    spvk_ir_region *regions[2] = {&op->regions[0], &op->regions[1]};
    spvk_ir_value *cond = op->operands[0].value;
    spvk_ir_op_state s = {.def = op->def, .operands = &cond, .num_operands = 1, .result_types = types,
                          .num_results = used, .num_regions = 2, .regions = regions, .loc = op->loc};
    spvk_ir_op *replacement = spvk_rewriter_create(rw, &s);
    if (!replacement)
        return false;
    spvk_rewriter_set_operands(rw, yields[0], kept[0], used);
    spvk_rewriter_set_operands(rw, yields[1], kept[1], used);
    for (uint32_t i = 0, k = 0; i < n; i++)
        results[i] = spvk_ir_value_has_uses(&op->results[i]) ? &replacement->results[k++] : NULL;
    spvk_rewriter_replace_op(rw, op, results);
    return true;
}

/* RemoveEmptyElseBranch: an else holding only its yield, in an if without results, goes. */
static bool if_remove_empty_else(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *else_block = scf_region_block(op, 1);
    if (op->num_results || !else_block || !else_block->first || else_block->first != else_block->last)
        return false;
    spvk_rewriter_start_modification(rw, op);
    spvk_rewriter_erase_block(rw, else_block);
    spvk_rewriter_finalize_modification(rw, op);
    return true;
}

/* ConvertTrivialIfToSelect: results yielded from outside the if become arith.select (or the
   value, when both branches yield the same); the if keeps the others. */
static bool if_convert_trivial_to_select(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    uint32_t n = op->num_results;
    spvk_ir_op *ty = yield_of(scf_region_block(op, 0)), *ey = yield_of(scf_region_block(op, 1));
    if (!n || !ty || !ey || ty->num_operands != n || ey->num_operands != n)
        return false;
    const spvk_ir_region *then_region = &op->regions[0], *else_region = &op->regions[1];
    uint32_t keep = 0;
    for (uint32_t i = 0; i < n; i++)
        keep += value_region(ty->operands[i].value) == then_region || value_region(ey->operands[i].value) == else_region;
    if (keep == n)
        return false;
    const spvk_ir_type **types = types_alloc(rw, keep);
    spvk_ir_value **results = values_alloc(rw, n), **tk = values_alloc(rw, keep), **ek = values_alloc(rw, keep);
    if (!types || !results || !tk || !ek)
        return false;
    spvk_ir_value *cond = op->operands[0].value;
    /* The selects go before the new if, which goes where op is. */
    for (uint32_t i = 0, k = 0; i < n; i++) {
        spvk_ir_value *t = ty->operands[i].value, *e = ey->operands[i].value;
        if (value_region(t) == then_region || value_region(e) == else_region) {
            types[k] = t->type;
            tk[k] = t;
            ek[k] = e;
            results[i] = NULL; /* the new if's: below */
            k++;
        } else if (t == e) {
            results[i] = t;
        } else if (!(results[i] = create_select(rw, cond, t, e, op->loc))) {
            return true; /* out of memory: what was made stays, unused, for the driver to erase */
        }
    }
    spvk_ir_region *regions[2] = {&op->regions[0], &op->regions[1]};
    spvk_ir_op_state s = {.def = op->def, .operands = &cond, .num_operands = 1, .result_types = types,
                          .num_results = keep, .num_regions = 2, .regions = regions, .loc = op->loc};
    spvk_ir_op *replacement = spvk_rewriter_create(rw, &s);
    if (!replacement)
        return true;
    spvk_rewriter_set_operands(rw, ty, tk, keep);
    spvk_rewriter_set_operands(rw, ey, ek, keep);
    for (uint32_t i = 0, k = 0; i < n; i++)
        if (!results[i])
            results[i] = &replacement->results[k++];
    spvk_rewriter_replace_op(rw, op, results);
    return true;
}

/* ReplaceIfYieldWithConditionOrValue: a result both branches yield the same value for is that
   value; one yielding true/false is the condition, false/true its negation (xori with true). */
static bool if_replace_yield_with_condition(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    uint32_t n = op->num_results;
    spvk_ir_op *ty = yield_of(scf_region_block(op, 0)), *ey = yield_of(scf_region_block(op, 1));
    if (!n || !ty || !ey || ty->num_operands != n || ey->num_operands != n)
        return false;
    bool changed = false;
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *r = &op->results[i], *t = ty->operands[i].value, *e = ey->operands[i].value;
        if (t == e) {
            if (spvk_ir_value_has_uses(r)) {
                spvk_rewriter_replace_all_uses(rw, r, t);
                changed = true;
            }
            continue;
        }
        const spvk_ir_attr *ta = spvk_ir_value_constant(t), *ea = spvk_ir_value_constant(e);
        bool t_bool = ta && !ta->dialect && (ta->kind == SPVK_ATTR_BOOL || ta->kind == SPVK_ATTR_INTEGER) &&
                      int_width(t->type) == 1;
        bool e_bool = ea && !ea->dialect && (ea->kind == SPVK_ATTR_BOOL || ea->kind == SPVK_ATTR_INTEGER) &&
                      int_width(e->type) == 1;
        if (!t_bool || !e_bool || !spvk_ir_value_has_uses(r))
            continue;
        bool tv = ta->value & 1, ev = ea->value & 1;
        if (!tv && ev) {
            spvk_ir_value *one = create_bool_constant(rw, true, op->loc);
            spvk_ir_value *not_cond = one ? create_binary(rw, "arith.xori", op->operands[0].value, one, op->loc) : NULL;
            if (!not_cond)
                return changed || one;
            spvk_rewriter_replace_all_uses(rw, r, not_cond);
            changed = true;
        } else if (tv && !ev) {
            spvk_rewriter_replace_all_uses(rw, r, op->operands[0].value);
            changed = true;
        }
    }
    return changed;
}

/* ConditionPropagation: inside the then region the condition is true, inside the else false. */
static bool if_condition_propagation(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_value *cond = op->num_operands == 1 ? op->operands[0].value : NULL;
    if (!cond || op->num_regions != 2 || spvk_ir_value_constant(cond))
        return false;
    spvk_ir_value *yes = NULL, *no = NULL;
    bool changed = false;
    for (spvk_ir_use *u = cond->first_use, *next; u; u = next) {
        next = u->next;
        spvk_ir_op *owner = u->owner;
        bool in_then = region_is_ancestor(&op->regions[0], owner);
        if (!in_then && !region_is_ancestor(&op->regions[1], owner))
            continue;
        spvk_ir_value **c = in_then ? &yes : &no;
        if (!*c && !(*c = create_bool_constant(rw, in_then, op->loc)))
            return changed;
        spvk_rewriter_set_operand(rw, owner, (uint32_t)(u - owner->operands), *c);
        changed = true;
    }
    return changed;
}

static spvk_ir_op *create_yield_at_end(spvk_rewriter *rw, spvk_ir_block *block, spvk_ir_value *const *values,
                                       uint32_t n, const spvk_ir_attr *loc);

/* CombineNestedIfs: `if %a { if %b {...} }` (else branches only yielding) is `if (%a and %b)`.
   A value the outer then-branch yields from outside becomes a select on %a; one the inner if
   yields must be what both else branches give. */
static bool if_combine_nested(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *then_block = scf_region_block(op, 0), *else_block = scf_region_block(op, 1);
    spvk_ir_op *ty = yield_of(then_block);
    if (!ty || !then_block->first || then_block->first->next != ty)
        return false;
    if (else_block && else_block->first != else_block->last)
        return false;
    spvk_ir_op *nested = then_block->first;
    if (!op_is(nested, "scf.if") || nested->num_regions != 2)
        return false;
    spvk_ir_block *nested_then = scf_region_block(nested, 0), *nested_else = scf_region_block(nested, 1);
    if (nested_else && nested_else->first != nested_else->last)
        return false;
    spvk_ir_op *ey = else_block ? yield_of(else_block) : NULL;
    spvk_ir_op *nty = yield_of(nested_then), *ney = nested_else ? yield_of(nested_else) : NULL;
    uint32_t n = op->num_results;
    if (!nty || ty->num_operands != n || (n && (!ey || ey->num_operands != n)))
        return false;
    spvk_ir_value **then_yield = values_alloc(rw, n), **else_yield = values_alloc(rw, n);
    bool *to_select = spvk_ir_alloc(rw->ctx, n ? n : 1);
    if (!then_yield || !else_yield || !to_select)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *v = ty->operands[i].value;
        then_yield[i] = v;
        else_yield[i] = ey->operands[i].value;
        to_select[i] = false;
        if (v->defining_op == nested) {
            if (!ney || ney->operands[v->index].value != else_yield[i])
                return false;
            then_yield[i] = nty->operands[v->index].value;
            continue;
        }
        if (value_region(v) == &op->regions[0])
            return false;
        to_select[i] = true;
    }
    spvk_ir_value *cond = create_binary(rw, "arith.andi", op->operands[0].value, nested->operands[0].value, op->loc);
    if (!cond)
        return false;
    spvk_ir_value **results = values_alloc(rw, n);
    if (!results)
        return true;
    /* The selects go before the new if, after the condition. */
    for (uint32_t i = 0; i < n; i++)
        if (to_select[i] && !(results[i] = create_select(rw, op->operands[0].value, then_yield[i], else_yield[i], op->loc)))
            return true;
    /* The new if: the inner then block as its then, a fresh else yielding the else values. */
    spvk_ir_region *regions[2] = {&nested->regions[0], NULL};
    spvk_ir_region empty;
    memset(&empty, 0, sizeof empty);
    regions[1] = &empty;
    spvk_ir_op_state s = {.def = op->def, .operands = &cond, .num_operands = 1,
                          .result_types = NULL, .num_results = n, .num_regions = 2, .regions = regions,
                          .loc = op->loc};
    const spvk_ir_type **types = types_alloc(rw, n);
    if (!types)
        return true;
    for (uint32_t i = 0; i < n; i++)
        types[i] = op->results[i].type;
    s.result_types = types;
    spvk_ir_op *combined = spvk_rewriter_create(rw, &s);
    if (!combined)
        return true;
    spvk_rewriter_set_operands(rw, nty, then_yield, n);
    if (n) {
        spvk_ir_block *b = spvk_ir_block_create(rw->ctx);
        if (!b)
            return true;
        spvk_ir_region_append(&combined->regions[1], b);
        create_yield_at_end(rw, b, else_yield, n, op->loc);
    }
    for (uint32_t i = 0; i < n; i++)
        if (!to_select[i])
            results[i] = &combined->results[i];
    spvk_rewriter_replace_op(rw, op, results);
    return true;
}

/* A yield of values at the end of block, made for CombineIfs. */
static spvk_ir_op *create_yield_at_end(spvk_rewriter *rw, spvk_ir_block *block, spvk_ir_value *const *values,
                                       uint32_t n, const spvk_ir_attr *loc)
{
    spvk_ir_builder saved = rw->b;
    spvk_ir_builder_at_end(&rw->b, block);
    spvk_ir_op_state ys = {.name = "scf.yield", .operands = values, .num_operands = n, .loc = loc};
    spvk_ir_op *y = spvk_rewriter_create(rw, &ys);
    rw->b = saved;
    return y;
}

/* Merges `from` (a then/else block of the second if) into `into` (the combined if's block):
   its ops follow, and one yield gives both yields' operands. */
static bool merge_if_blocks(spvk_rewriter *rw, spvk_ir_block *from, spvk_ir_block *into)
{
    spvk_ir_op *first = yield_of(into), *second = yield_of(from);
    if (!first || !second)
        return false;
    uint32_t n = first->num_operands + second->num_operands;
    spvk_ir_value **values = values_alloc(rw, n);
    if (!values)
        return false;
    for (uint32_t i = 0; i < first->num_operands; i++)
        values[i] = first->operands[i].value;
    for (uint32_t i = 0; i < second->num_operands; i++)
        values[first->num_operands + i] = second->operands[i].value;
    const spvk_ir_attr *loc = second->loc;
    spvk_rewriter_merge_blocks(rw, from, into, NULL);
    if (!create_yield_at_end(rw, into, values, n, loc))
        return false;
    spvk_rewriter_erase_op(rw, first);
    spvk_rewriter_erase_op(rw, second);
    return true;
}

/* CombineIfs: an if right after another on the same condition (or its negation, `xori %c,
   true`) joins it: one if yielding both's results, the second's branches after the first's.
   Uses of the first's results in the second's branches read the yielded values. */
static bool if_combine_consecutive(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_op *prev = op->prev;
    if (!op_is(prev, "scf.if") || prev->num_regions != 2 || op->num_regions != 2 || op->num_operands != 1 ||
        prev->num_operands != 1)
        return false;
    spvk_ir_value *cond = prev->operands[0].value;
    spvk_ir_block *next_then = NULL, *next_else = NULL;
    if (op->operands[0].value == cond) {
        next_then = scf_region_block(op, 0);
        next_else = scf_region_block(op, 1);
    }
    const spvk_ir_op *x = op->operands[0].value->defining_op;
    if (op_is(x, "arith.xori") && x->num_operands == 2 && x->operands[0].value == cond &&
        is_constant_one(x->operands[1].value)) {
        next_else = scf_region_block(op, 0);
        next_then = scf_region_block(op, 1);
    }
    x = cond->defining_op;
    if (op_is(x, "arith.xori") && x->num_operands == 2 && x->operands[0].value == op->operands[0].value &&
        is_constant_one(x->operands[1].value)) {
        next_else = scf_region_block(op, 0);
        next_then = scf_region_block(op, 1);
    }
    if (!next_then && !next_else)
        return false;
    spvk_ir_op *prev_then_yield = yield_of(scf_region_block(prev, 0));
    spvk_ir_op *prev_else_yield = yield_of(scf_region_block(prev, 1));
    if (!prev_then_yield || (next_then && !yield_of(next_then)) || (next_else && !yield_of(next_else)))
        return false;
    uint32_t np = prev->num_results, nn = op->num_results, n = np + nn;
    const spvk_ir_type **types = types_alloc(rw, n);
    spvk_ir_value **prev_values = values_alloc(rw, np), **next_values = values_alloc(rw, nn);
    if (!types || !prev_values || !next_values)
        return false;
    /* The first's results inside the second's branches (only where it has an else: MLIR zips
       the results with the else yield's operands). */
    if (prev_else_yield)
        for (uint32_t i = 0; i < np && i < prev_then_yield->num_operands && i < prev_else_yield->num_operands; i++)
            for (spvk_ir_use *u = prev->results[i].first_use, *next; u; u = next) {
                next = u->next;
                spvk_ir_op *owner = u->owner;
                spvk_ir_value *to = NULL;
                if (next_then && region_is_ancestor(next_then->region, owner))
                    to = prev_then_yield->operands[i].value;
                else if (next_else && region_is_ancestor(next_else->region, owner))
                    to = prev_else_yield->operands[i].value;
                if (to)
                    spvk_rewriter_set_operand(rw, owner, (uint32_t)(u - owner->operands), to);
            }
    for (uint32_t i = 0; i < np; i++)
        types[i] = prev->results[i].type;
    for (uint32_t i = 0; i < nn; i++)
        types[np + i] = op->results[i].type;
    /* The first's branches move into the combined if. */
    spvk_ir_region *regions[2] = {&prev->regions[0], &prev->regions[1]};
    spvk_ir_op_state s = {.def = op->def, .operands = &cond, .num_operands = 1, .result_types = types,
                          .num_results = n, .num_regions = 2, .regions = regions, .loc = op->loc};
    spvk_ir_op *combined = spvk_rewriter_create(rw, &s);
    if (!combined)
        return true;
    if (next_then && !merge_if_blocks(rw, next_then, combined->regions[0].first))
        return true;
    if (next_else) {
        if (!combined->regions[1].first)
            spvk_rewriter_inline_region_before(rw, next_else->region, &combined->regions[1], NULL);
        else if (!merge_if_blocks(rw, next_else, combined->regions[1].first))
            return true;
    }
    for (uint32_t i = 0; i < np; i++)
        prev_values[i] = &combined->results[i];
    for (uint32_t i = 0; i < nn; i++)
        next_values[i] = &combined->results[np + i];
    spvk_rewriter_replace_op(rw, prev, prev_values);
    spvk_rewriter_replace_op(rw, op, next_values);
    return true;
}

bool scf_if_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    static const struct {
        spvk_match_and_rewrite_fn fn;
        const char *name;
    } patterns[] = {
        {if_combine_consecutive, "CombineIfs"},
        {if_combine_nested, "CombineNestedIfs"},
        {if_condition_propagation, "ConditionPropagation"},
        {if_convert_trivial_to_select, "ConvertTrivialIfToSelect"},
        {if_remove_empty_else, "RemoveEmptyElseBranch"},
        {if_static_condition, "RemoveStaticCondition"},
        {if_remove_unused_results, "RemoveUnusedResults"},
        {if_replace_yield_with_condition, "ReplaceIfYieldWithConditionOrValue"},
    };
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        spvk_pattern p = {.root = "scf.if", .benefit = 1, .match_and_rewrite = patterns[i].fn,
                          .debug_name = patterns[i].name};
        if (!spvk_pattern_set_add(set, &p))
            return false;
    }
    return true;
}

/* ---- scf.index_switch ---- */

/* FoldConstantCase: a constant selector picks its case (or the default) region. */
static bool index_switch_constant_case(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    int64_t c;
    if (op->num_operands != 1 || !op->num_regions || !constant_int(op->operands[0].value, &c))
        return false;
    const spvk_ir_attr *cases = spvk_ir_op_attr(op, "cases");
    uint32_t region = 0; /* the default */
    if (cases && cases->kind == SPVK_ATTR_DENSE_ARRAY)
        for (uint32_t i = 0; i < cases->num_attrs && i + 1 < op->num_regions; i++)
            if (cases->attrs[i]->value == c) {
                region = i + 1;
                break;
            }
    return replace_op_with_region(rw, op, &op->regions[region]);
}

bool scf_index_switch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "scf.index_switch", .benefit = 1, .match_and_rewrite = index_switch_constant_case,
                      .debug_name = "FoldConstantCase"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- scf.execute_region ---- */

/* MultiBlockExecuteInliner: in a function (or another execute_region), a region of several
   blocks is inlined into the CFG: the op's block is split at it, branches go into the region's
   entry and from each yield to the rest, whose arguments are the results. */
static bool execute_region_multi_block(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_op *parent = spvk_ir_op_parent(op);
    if (op->num_regions != 1 || !op->regions[0].first || !parent ||
        (!(parent->def->traits & SPVK_TRAIT_FUNCTION_LIKE) && !op_is(parent, "scf.execute_region")))
        return false;
    spvk_ir_block *prev = op->block;
    spvk_ir_block *post = spvk_rewriter_split_block(rw, op);
    if (!post)
        return false;
    spvk_ir_block *entry = op->regions[0].first;
    spvk_ir_builder_at_end(&rw->b, prev);
    spvk_ir_op_state br = {.name = "cf.br", .successors = &entry, .num_successors = 1, .loc = op->loc};
    if (!spvk_rewriter_create(rw, &br))
        return true;
    for (spvk_ir_block *b = entry; b; b = b->next) {
        spvk_ir_op *y = yield_of(b);
        if (!y)
            continue;
        spvk_ir_builder_before(&rw->b, y);
        spvk_ir_value **values = values_alloc(rw, y->num_operands);
        if (!values)
            return true;
        for (uint32_t i = 0; i < y->num_operands; i++)
            values[i] = y->operands[i].value;
        spvk_ir_op_state to_post = {.name = "cf.br", .operands = values, .num_operands = y->num_operands,
                                    .successors = &post, .num_successors = 1, .loc = y->loc};
        if (!spvk_rewriter_create(rw, &to_post))
            return true;
        spvk_rewriter_erase_op(rw, y);
    }
    spvk_rewriter_inline_region_before(rw, &op->regions[0], prev->region, post);
    spvk_ir_value **args = values_alloc(rw, op->num_results);
    if (!args)
        return true;
    for (uint32_t i = 0; i < op->num_results; i++)
        if (!(args[i] = spvk_ir_block_add_arg(rw->ctx, post, op->results[i].type)))
            return true;
    spvk_rewriter_replace_op(rw, op, args);
    return true;
}

bool scf_execute_region_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern single = {.root = "scf.execute_region", .benefit = 1, .match_and_rewrite = execute_region_single_block,
                           .debug_name = "SingleBlockExecuteInliner"};
    spvk_pattern multi = {.root = "scf.execute_region", .benefit = 1, .match_and_rewrite = execute_region_multi_block,
                          .debug_name = "MultiBlockExecuteInliner"};
    return spvk_pattern_set_add(set, &single) && spvk_pattern_set_add(set, &multi);
}
