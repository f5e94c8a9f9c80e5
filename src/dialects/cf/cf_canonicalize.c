/* The cf ops' canonicalization patterns, as MLIR 19 has them (ControlFlowOps.cpp), by MLIR's
   names:

   - cf.br: SimplifyBrToBlockWithSinglePred (the destination, reached from here only, is merged
     into this block), SimplifyPassThroughBr (a destination holding only a branch is skipped);
   - cf.cond_br: SimplifyConstCondBranchPred, SimplifyPassThroughCondBranch,
     SimplifyCondBranchIdenticalSuccessors (one destination: a br, with arith.select for operands
     that differ when this block is its only predecessor),
     SimplifyCondBranchFromCondBranchOnSameCondition (a block entered from a cond_br on the same
     condition knows the condition), CondBranchTruthPropagation (uses of the condition in a
     destination entered only from here are a constant);
   - cf.switch: SimplifySwitchWithOnlyDefault, DropSwitchCasesThatMatchDefault,
     SimplifyConstSwitchValue, SimplifyPassThroughSwitch;
   - cf.assert: an assert of a constant true goes (AssertOp::canonicalize).

   Predecessors are found by walking the terminators of the region (blocks keep no use list of
   their own): a pattern's cost is the region's number of blocks. Not here: MLIR 19's
   SimplifySwitchFromSwitchOnSameCondition and SimplifySwitchFromDefaultSwitchOnSameCondition
   (docs/passes.md). */
#include <string.h>

#include "cf_internal.h"

static bool op_is(const spvk_ir_op *op, const char *name) { return op && strcmp(spvk_ir_op_name(op), name) == 0; }

static spvk_ir_value **values_alloc(spvk_rewriter *rw, uint32_t n)
{
    return spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof(spvk_ir_value *));
}

/* ---- Predecessors ---- */

typedef struct preds {
    uint32_t edges;           /* successor slots naming the block */
    const spvk_ir_block *one; /* the predecessor when every edge comes from one block */
    bool unique;              /* every edge comes from `one` */
} preds;

static preds predecessors(const spvk_ir_block *b)
{
    preds p = {0, NULL, true};
    for (const spvk_ir_block *q = b->region ? b->region->first : NULL; q; q = q->next) {
        const spvk_ir_op *t = q->last;
        if (!t)
            continue;
        for (uint32_t i = 0; i < t->num_successors; i++) {
            if (t->successors[i] != b)
                continue;
            if (!p.edges++)
                p.one = q;
            else if (p.one != q)
                p.unique = false;
        }
    }
    if (!p.edges)
        p.unique = false;
    return p;
}

/* ---- Builders ---- */

static const spvk_ir_attr *i32_array(spvk_rewriter *rw, const int64_t *values, uint32_t n)
{
    return spvk_ir_dense_int_array_attr(rw->ctx, spvk_ir_integer_type(rw->ctx, 32, SPVK_INT_SIGNLESS), values, n);
}

static spvk_ir_op *create_br(spvk_rewriter *rw, spvk_ir_block *dest, spvk_ir_value *const *operands, uint32_t n,
                             const spvk_ir_attr *loc)
{
    spvk_ir_op_state s = {.name = "cf.br", .operands = operands, .num_operands = n, .successors = &dest,
                          .num_successors = 1, .loc = loc};
    return spvk_rewriter_create(rw, &s);
}

static spvk_ir_op *create_cond_br(spvk_rewriter *rw, spvk_ir_value *cond, spvk_ir_block *t,
                                  spvk_ir_value *const *t_ops, uint32_t nt, spvk_ir_block *f,
                                  spvk_ir_value *const *f_ops, uint32_t nf, const spvk_ir_attr *loc)
{
    spvk_ir_value **operands = values_alloc(rw, 1 + nt + nf);
    int64_t sizes[3] = {1, nt, nf};
    const spvk_ir_attr *seg = i32_array(rw, sizes, 3);
    if (!operands || !seg)
        return NULL;
    operands[0] = cond;
    for (uint32_t i = 0; i < nt; i++)
        operands[1 + i] = t_ops[i];
    for (uint32_t i = 0; i < nf; i++)
        operands[1 + nt + i] = f_ops[i];
    const char *name = "operandSegmentSizes";
    spvk_ir_block *succ[2] = {t, f};
    spvk_ir_op_state s = {.name = "cf.cond_br", .operands = operands, .num_operands = 1 + nt + nf,
                          .successors = succ, .num_successors = 2,
                          .attrs = spvk_ir_dictionary_attr(rw->ctx, &name, &seg, 1), .loc = loc};
    return s.attrs ? spvk_rewriter_create(rw, &s) : NULL;
}

/* A switch's parts, as its patterns take it apart and put it together. */
typedef struct switch_parts {
    spvk_ir_value *flag;
    spvk_ir_block *default_dest;
    spvk_ir_value **default_ops;
    uint32_t num_default;
    uint32_t num_cases;
    const spvk_ir_attr **values; /* case values (integer attributes of the flag's type) */
    spvk_ir_block **dests;
    spvk_ir_value ***ops; /* each case's operands */
    uint32_t *num_ops;
} switch_parts;

static bool switch_take_apart(spvk_rewriter *rw, const spvk_ir_op *op, switch_parts *sp)
{
    const spvk_ir_attr *cases = spvk_ir_op_attr(op, "case_values");
    const spvk_ir_attr *case_seg = spvk_ir_op_attr(op, "case_operand_segments");
    const spvk_ir_attr *seg = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (cases && (cases->dialect || cases->kind != SPVK_ATTR_DENSE))
        return false;
    uint32_t n = cases && cases->type && cases->type->num_ints == 1 ? (uint32_t)cases->type->ints[0] : 0;
    if (!op->num_operands || op->num_successors != n + 1 || !case_seg || case_seg->kind != SPVK_ATTR_DENSE_ARRAY ||
        case_seg->num_attrs != n || !seg || seg->kind != SPVK_ATTR_DENSE_ARRAY || seg->num_attrs != 3)
        return false;
    memset(sp, 0, sizeof *sp);
    sp->flag = op->operands[0].value;
    sp->default_dest = op->successors[0];
    sp->num_default = (uint32_t)seg->attrs[1]->value;
    sp->num_cases = n;
    sp->default_ops = values_alloc(rw, sp->num_default);
    sp->values = spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof *sp->values);
    sp->dests = spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof *sp->dests);
    sp->ops = spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof *sp->ops);
    sp->num_ops = spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof *sp->num_ops);
    if (!sp->default_ops || !sp->values || !sp->dests || !sp->ops || !sp->num_ops || 1 + sp->num_default > op->num_operands)
        return false;
    for (uint32_t i = 0; i < sp->num_default; i++)
        sp->default_ops[i] = op->operands[1 + i].value;
    uint32_t first = 1 + sp->num_default;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = (uint32_t)case_seg->attrs[i]->value;
        if (first + k > op->num_operands || !(sp->ops[i] = values_alloc(rw, k)))
            return false;
        for (uint32_t j = 0; j < k; j++)
            sp->ops[i][j] = op->operands[first + j].value;
        first += k;
        sp->num_ops[i] = k;
        sp->dests[i] = op->successors[1 + i];
        sp->values[i] = (cases->flags & SPVK_DENSE_SPLAT) ? cases->attrs[0] : cases->attrs[i];
    }
    return true;
}

static spvk_ir_op *create_switch(spvk_rewriter *rw, const switch_parts *sp, const spvk_ir_attr *loc)
{
    uint32_t n = sp->num_cases, total = 0;
    for (uint32_t i = 0; i < n; i++)
        total += sp->num_ops[i];
    spvk_ir_value **operands = values_alloc(rw, 1 + sp->num_default + total);
    spvk_ir_block **succ = spvk_ir_alloc(rw->ctx, (size_t)(n + 1) * sizeof *succ);
    int64_t *segments = spvk_ir_alloc(rw->ctx, (size_t)(n ? n : 1) * sizeof *segments);
    if (!operands || !succ || !segments)
        return NULL;
    uint32_t k = 0;
    operands[k++] = sp->flag;
    for (uint32_t i = 0; i < sp->num_default; i++)
        operands[k++] = sp->default_ops[i];
    succ[0] = sp->default_dest;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t j = 0; j < sp->num_ops[i]; j++)
            operands[k++] = sp->ops[i][j];
        succ[1 + i] = sp->dests[i];
        segments[i] = sp->num_ops[i];
    }
    int64_t sizes[3] = {1, sp->num_default, total};
    const char *names[3] = {"case_operand_segments", "operandSegmentSizes", "case_values"};
    const spvk_ir_attr *values[3] = {i32_array(rw, segments, n), i32_array(rw, sizes, 3), NULL};
    if (n) {
        int64_t shape = n;
        spvk_ir_attr_desc d = {0};
        d.kind = SPVK_ATTR_DENSE;
        d.type = spvk_ir_vector_type(rw->ctx, &shape, 1, sp->flag->type);
        d.attrs = sp->values;
        d.num_attrs = n;
        bool splat = true; /* equal values make a splat, as in MLIR (and the parser) */
        for (uint32_t i = 1; i < n && splat; i++)
            splat = sp->values[i] == sp->values[0];
        if (splat) {
            d.flags = SPVK_DENSE_SPLAT;
            d.num_attrs = 1;
        }
        values[2] = d.type ? spvk_ir_attr_get(rw->ctx, &d) : NULL;
        if (!values[2])
            return NULL;
    }
    if (!values[0] || !values[1])
        return NULL;
    spvk_ir_op_state s = {.name = "cf.switch", .operands = operands, .num_operands = k, .successors = succ,
                          .num_successors = n + 1, .attrs = spvk_ir_dictionary_attr(rw->ctx, names, values, n ? 3 : 2),
                          .loc = loc};
    return s.attrs ? spvk_rewriter_create(rw, &s) : NULL;
}

/* MLIR's collapseBranch: a successor holding only a cf.br (not to itself), whose arguments only
   that br uses, is replaced by that br's destination; the operands are remapped. */
static bool collapse_branch(spvk_rewriter *rw, spvk_ir_block **succ, spvk_ir_value ***ops, uint32_t *n)
{
    spvk_ir_block *b = *succ;
    spvk_ir_op *br = b->first;
    if (!br || br != b->last || !op_is(br, "cf.br") || br->num_successors != 1)
        return false;
    for (uint32_t i = 0; i < b->num_args; i++)
        for (const spvk_ir_use *u = b->args[i]->first_use; u; u = u->next)
            if (u->owner != br)
                return false;
    spvk_ir_block *dest = br->successors[0];
    if (dest == b || *n != b->num_args)
        return false;
    spvk_ir_value **remapped = values_alloc(rw, br->num_operands);
    if (!remapped)
        return false;
    for (uint32_t i = 0; i < br->num_operands; i++) {
        spvk_ir_value *v = br->operands[i].value;
        remapped[i] = v->block == b ? (*ops)[v->index] : v;
    }
    *succ = dest;
    *ops = remapped;
    *n = br->num_operands;
    return true;
}

/* The operands op passes to successor i. */
static spvk_ir_value **successor_operands(spvk_rewriter *rw, const spvk_ir_op *op, uint32_t i, uint32_t *n)
{
    uint32_t first = 0, count = 0;
    if (op->def->successor_operands)
        op->def->successor_operands(op, i, &first, &count);
    spvk_ir_value **v = values_alloc(rw, count);
    if (!v)
        return NULL;
    for (uint32_t k = 0; k < count; k++)
        v[k] = op->operands[first + k].value;
    *n = count;
    return v;
}

/* ---- cf.br ---- */

static bool br_to_block_with_single_pred(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *succ = op->num_successors == 1 ? op->successors[0] : NULL;
    if (!succ || succ == op->block || predecessors(succ).edges != 1 || succ->num_args != op->num_operands)
        return false;
    spvk_ir_value **args = values_alloc(rw, op->num_operands);
    if (!args)
        return false;
    for (uint32_t i = 0; i < op->num_operands; i++)
        args[i] = op->operands[i].value;
    spvk_rewriter_merge_blocks(rw, succ, op->block, args);
    spvk_rewriter_erase_op(rw, op);
    return true;
}

static bool br_pass_through(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    spvk_ir_block *dest = op->num_successors == 1 ? op->successors[0] : NULL;
    uint32_t n;
    spvk_ir_value **ops = dest ? successor_operands(rw, op, 0, &n) : NULL;
    if (!ops || dest == op->block || !collapse_branch(rw, &dest, &ops, &n))
        return false;
    spvk_ir_op *br = create_br(rw, dest, ops, n, op->loc);
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

bool cf_br_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern single = {.root = "cf.br", .benefit = 1, .match_and_rewrite = br_to_block_with_single_pred,
                           .debug_name = "SimplifyBrToBlockWithSinglePred"};
    spvk_pattern pass = {.root = "cf.br", .benefit = 1, .match_and_rewrite = br_pass_through,
                         .debug_name = "SimplifyPassThroughBr"};
    return spvk_pattern_set_add(set, &single) && spvk_pattern_set_add(set, &pass);
}

/* ---- cf.cond_br ---- */

/* A constant i1: 1 or 0; -1 when not constant. */
static int constant_bool(const spvk_ir_value *v)
{
    const spvk_ir_attr *c = spvk_ir_value_constant(v);
    if (!c || c->dialect || (c->kind != SPVK_ATTR_BOOL && c->kind != SPVK_ATTR_INTEGER))
        return -1;
    return c->value != 0;
}

/* cf.cond_br on a constant becomes a cf.br to the side taken. */
static bool cond_br_constant(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    int c = op->num_operands && op->num_successors == 2 ? constant_bool(op->operands[0].value) : -1;
    if (c < 0)
        return false;
    uint32_t taken = c ? 0 : 1, n;
    spvk_ir_value **ops = successor_operands(rw, op, taken, &n);
    spvk_ir_op *br = ops ? create_br(rw, op->successors[taken], ops, n, op->loc) : NULL;
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

static bool cond_br_pass_through(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_successors != 2 || !op->num_operands)
        return false;
    spvk_ir_block *t = op->successors[0], *f = op->successors[1];
    uint32_t nt, nf;
    spvk_ir_value **t_ops = successor_operands(rw, op, 0, &nt), **f_ops = successor_operands(rw, op, 1, &nf);
    if (!t_ops || !f_ops)
        return false;
    bool ct = collapse_branch(rw, &t, &t_ops, &nt);
    bool cf = collapse_branch(rw, &f, &f_ops, &nf);
    if (!ct && !cf)
        return false;
    spvk_ir_op *br = create_cond_br(rw, op->operands[0].value, t, t_ops, nt, f, f_ops, nf, op->loc);
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

static bool cond_br_identical_successors(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_successors != 2 || op->successors[0] != op->successors[1] || !op->num_operands)
        return false;
    spvk_ir_block *dest = op->successors[0];
    uint32_t nt, nf;
    spvk_ir_value **t_ops = successor_operands(rw, op, 0, &nt), **f_ops = successor_operands(rw, op, 1, &nf);
    if (!t_ops || !f_ops || nt != nf)
        return false;
    bool same = true;
    for (uint32_t i = 0; i < nt; i++)
        same = same && t_ops[i] == f_ops[i];
    if (!same) {
        preds p = predecessors(dest);
        if (!p.unique || p.one != op->block)
            return false;
        for (uint32_t i = 0; i < nt; i++) {
            if (t_ops[i] == f_ops[i])
                continue;
            spvk_ir_value *ops[3] = {op->operands[0].value, t_ops[i], f_ops[i]};
            const spvk_ir_type *type = t_ops[i]->type;
            spvk_ir_op_state s = {.name = "arith.select", .operands = ops, .num_operands = 3, .result_types = &type,
                                  .num_results = 1, .loc = op->loc};
            spvk_ir_op *sel = spvk_rewriter_create(rw, &s);
            if (!sel)
                return true; /* out of memory: the selects made so far are unused, the driver erases them */
            t_ops[i] = &sel->results[0];
        }
    }
    spvk_ir_op *br = create_br(rw, dest, t_ops, nt, op->loc);
    if (!br)
        return true;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

static bool cond_br_from_cond_br_on_same_condition(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_successors != 2 || !op->num_operands)
        return false;
    preds p = predecessors(op->block);
    if (p.edges != 1)
        return false;
    const spvk_ir_op *pred = p.one->last;
    if (!op_is(pred, "cf.cond_br") || !pred->num_operands || pred->num_successors != 2 ||
        pred->operands[0].value != op->operands[0].value)
        return false;
    uint32_t taken = op->block == pred->successors[0] ? 0 : 1, n;
    spvk_ir_value **ops = successor_operands(rw, op, taken, &n);
    spvk_ir_op *br = ops ? create_br(rw, op->successors[taken], ops, n, op->loc) : NULL;
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

/* An i1 arith.constant made at the insertion point. */
static spvk_ir_value *create_bool_constant(spvk_rewriter *rw, bool value, const spvk_ir_attr *loc)
{
    const spvk_ir_type *i1 = spvk_ir_integer_type(rw->ctx, 1, SPVK_INT_SIGNLESS);
    const spvk_ir_attr *v = i1 ? spvk_ir_integer_attr(rw->ctx, i1, value ? 1 : 0) : NULL;
    const char *name = "value";
    const spvk_ir_attr *attrs = v ? spvk_ir_dictionary_attr(rw->ctx, &name, &v, 1) : NULL;
    spvk_ir_op_state s = {.name = "arith.constant", .result_types = &i1, .num_results = 1, .attrs = attrs,
                          .loc = loc};
    spvk_ir_op *c = attrs ? spvk_rewriter_create(rw, &s) : NULL;
    return c ? &c->results[0] : NULL;
}

static bool cond_br_truth_propagation(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_successors != 2 || !op->num_operands)
        return false;
    spvk_ir_value *cond = op->operands[0].value;
    bool replaced = false;
    for (uint32_t side = 0; side < 2; side++) {
        spvk_ir_block *dest = op->successors[side];
        if (predecessors(dest).edges != 1)
            continue;
        spvk_ir_value *c = NULL;
        for (spvk_ir_use *u = cond->first_use, *next; u; u = next) {
            next = u->next;
            spvk_ir_op *owner = u->owner;
            if (owner->block != dest)
                continue;
            if (!c && !(c = create_bool_constant(rw, side == 0, op->loc)))
                return replaced;
            spvk_rewriter_set_operand(rw, owner, (uint32_t)(u - owner->operands), c);
            replaced = true;
        }
    }
    return replaced;
}

bool cf_cond_br_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    static const struct {
        spvk_match_and_rewrite_fn fn;
        const char *name;
    } patterns[] = {
        {cond_br_constant, "SimplifyConstCondBranchPred"},
        {cond_br_pass_through, "SimplifyPassThroughCondBranch"},
        {cond_br_identical_successors, "SimplifyCondBranchIdenticalSuccessors"},
        {cond_br_from_cond_br_on_same_condition, "SimplifyCondBranchFromCondBranchOnSameCondition"},
        {cond_br_truth_propagation, "CondBranchTruthPropagation"},
    };
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        spvk_pattern p = {.root = "cf.cond_br", .benefit = 1, .match_and_rewrite = patterns[i].fn,
                          .debug_name = patterns[i].name};
        if (!spvk_pattern_set_add(set, &p))
            return false;
    }
    return true;
}

/* ---- cf.switch ---- */

static bool switch_only_default(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    switch_parts sp;
    if (!switch_take_apart(rw, op, &sp) || sp.num_cases)
        return false;
    spvk_ir_op *br = create_br(rw, sp.default_dest, sp.default_ops, sp.num_default, op->loc);
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

static bool same_values(spvk_ir_value *const *a, uint32_t na, spvk_ir_value *const *b, uint32_t nb)
{
    if (na != nb)
        return false;
    for (uint32_t i = 0; i < na; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

static bool switch_drop_cases_matching_default(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    switch_parts sp;
    if (!switch_take_apart(rw, op, &sp))
        return false;
    uint32_t k = 0;
    for (uint32_t i = 0; i < sp.num_cases; i++) {
        if (sp.dests[i] == sp.default_dest && same_values(sp.ops[i], sp.num_ops[i], sp.default_ops, sp.num_default))
            continue;
        sp.values[k] = sp.values[i];
        sp.dests[k] = sp.dests[i];
        sp.ops[k] = sp.ops[i];
        sp.num_ops[k++] = sp.num_ops[i];
    }
    if (k == sp.num_cases)
        return false;
    sp.num_cases = k;
    spvk_ir_op *sw = create_switch(rw, &sp, op->loc);
    if (!sw)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, sw);
    return true;
}

static bool switch_constant_value(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    switch_parts sp;
    const spvk_ir_attr *c = op->num_operands ? spvk_ir_value_constant(op->operands[0].value) : NULL;
    if (!c || c->dialect || c->kind != SPVK_ATTR_INTEGER || !switch_take_apart(rw, op, &sp))
        return false;
    spvk_ir_block *dest = sp.default_dest;
    spvk_ir_value **ops = sp.default_ops;
    uint32_t n = sp.num_default;
    for (uint32_t i = 0; i < sp.num_cases; i++)
        if (sp.values[i]->value == c->value) {
            dest = sp.dests[i];
            ops = sp.ops[i];
            n = sp.num_ops[i];
            break;
        }
    spvk_ir_op *br = create_br(rw, dest, ops, n, op->loc);
    if (!br)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, br);
    return true;
}

static bool switch_pass_through(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    switch_parts sp;
    if (!switch_take_apart(rw, op, &sp))
        return false;
    bool changed = false;
    for (uint32_t i = 0; i < sp.num_cases; i++)
        changed |= collapse_branch(rw, &sp.dests[i], &sp.ops[i], &sp.num_ops[i]);
    changed |= collapse_branch(rw, &sp.default_dest, &sp.default_ops, &sp.num_default);
    if (!changed)
        return false;
    spvk_ir_op *sw = create_switch(rw, &sp, op->loc);
    if (!sw)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, sw);
    return true;
}

bool cf_switch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    static const struct {
        spvk_match_and_rewrite_fn fn;
        const char *name;
    } patterns[] = {
        {switch_only_default, "SimplifySwitchWithOnlyDefault"},
        {switch_drop_cases_matching_default, "DropSwitchCasesThatMatchDefault"},
        {switch_constant_value, "SimplifyConstSwitchValue"},
        {switch_pass_through, "SimplifyPassThroughSwitch"},
    };
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        spvk_pattern p = {.root = "cf.switch", .benefit = 1, .match_and_rewrite = patterns[i].fn,
                          .debug_name = patterns[i].name};
        if (!spvk_pattern_set_add(set, &p))
            return false;
    }
    return true;
}

/* ---- cf.assert ---- */

static bool assert_constant_true(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_operands != 1 || constant_bool(op->operands[0].value) != 1)
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

bool cf_assert_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    /* MLIR adds AssertOp::canonicalize as a function pattern, which has no name of its own. */
    spvk_pattern p = {.root = "cf.assert", .benefit = 1, .match_and_rewrite = assert_constant_true,
                      .debug_name = "AssertOp::canonicalize"};
    return spvk_pattern_set_add(set, &p);
}
