/* The scf ops' verifiers, with MLIR 19's messages. Each runs the checks MLIR runs on the op in
   MLIR's order (its traits, the op's verify(), the loop-like and region-branch interfaces, the
   op's verifyRegions()) and stops at the first failure, as MLIR does: a later check may rely on
   an earlier one (the loop-like checks read the body's scf.yield). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "scf_internal.h"

spvk_ir_op *scf_block_terminator_named(const spvk_ir_block *b, const char *name)
{
    if (!b || !b->last || strcmp(spvk_ir_op_name(b->last), name) != 0)
        return NULL;
    return b->last;
}

/* ---- Type text for messages ---- */

typedef struct type_text {
    spvk_ir_context *ctx;
    char *s[2];
} type_text;

static const char *type_str(type_text *tt, int slot, const spvk_ir_type *t)
{
    tt->s[slot] = spvk_ir_print_type(tt->ctx, t);
    return tt->s[slot] ? tt->s[slot] : "?";
}

static void type_text_free(type_text *tt)
{
    const spvk_allocator *a = spvk_ir_context_allocator(tt->ctx);
    for (int i = 0; i < 2; i++)
        if (tt->s[i])
            spvk_free(a, tt->s[i], strlen(tt->s[i]) + 1);
}

/* An error whose text names one or two types. */
static bool type_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, const spvk_ir_type *a,
                       const spvk_ir_type *b, uint32_t i)
{
    type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
    const char *sa = type_str(&tt, 0, a);
    const char *sb = b ? type_str(&tt, 1, b) : "";
    /* fmt takes (i, i, a, b) or (a, i) as the message needs: see the callers. */
    char buf[1024];
    snprintf(buf, sizeof buf, fmt, i, i, sa, sb);
    type_text_free(&tt);
    return spvk_ir_op_error(v, op, "%s", buf);
}

/* ---- Traits ---- */

/* SingleBlock: the IR's verifier reports a region of more blocks (the trait); the checks that
   read the one block stop. */
static bool check_single_block(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    (void)v;
    for (uint32_t i = 0; i < op->num_regions; i++) {
        const spvk_ir_region *r = &op->regions[i];
        if (r->first && r->first != r->last)
            return false;
    }
    return true;
}

/* SingleBlockImplicitTerminator<name>: each non-empty region's block ends with `name`. */
static bool check_implicit_terminator(spvk_ir_verifier *v, const spvk_ir_op *op, const char *name)
{
    if (!check_single_block(v, op))
        return false;
    for (uint32_t i = 0; i < op->num_regions; i++) {
        const spvk_ir_block *b = op->regions[i].first;
        if (!b)
            continue;
        if (!b->last)
            return spvk_ir_op_error(v, op, "expects a non-empty block");
        if (strcmp(spvk_ir_op_name(b->last), name) != 0)
            return spvk_ir_op_error(v, op, "expects regions to end with '%s', found '%s'", name,
                                    spvk_ir_op_name(b->last));
    }
    return true;
}

/* NoRegionArguments */
static bool check_no_region_arguments(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].first && op->regions[i].first->num_args)
            return spvk_ir_op_error(v, op, "region #%u should have no arguments", i);
    return true;
}

/* ---- Region-branch edges (MLIR's verifyTypesAlongControlFlowEdges) ---- */

/* Some of an op's operands, a block's arguments or an op's results. */
typedef enum span_kind { SPAN_OPERANDS, SPAN_ARGS, SPAN_RESULTS } span_kind;
typedef struct span {
    span_kind kind;
    const spvk_ir_op *op;
    const spvk_ir_block *block;
    uint32_t first, count;
} span;

static const spvk_ir_type *span_type(const span *s, uint32_t i)
{
    switch (s->kind) {
    case SPAN_OPERANDS:
        return spvk_ir_operand(s->op, s->first + i)->type;
    case SPAN_ARGS:
        return s->block->args[s->first + i]->type;
    case SPAN_RESULTS:
        break;
    }
    return s->op->results[s->first + i].type;
}

static span operands_span(const spvk_ir_op *op, uint32_t first)
{
    span s = {SPAN_OPERANDS, op, NULL, first, op->num_operands > first ? op->num_operands - first : 0};
    return s;
}

static span args_span(const spvk_ir_block *b, uint32_t first)
{
    span s = {SPAN_ARGS, NULL, b, first, b && b->num_args > first ? b->num_args - first : 0};
    return s;
}

static span results_span(const spvk_ir_op *op)
{
    span s = {SPAN_RESULTS, op, NULL, 0, op->num_results};
    return s;
}

static const span empty_span = {SPAN_OPERANDS, NULL, NULL, 0, 0};

/* The inputs a successor takes: a region's (its entry arguments from the op's first loop-carried
   one, or none), or, for -1, the op's results (none for scf.parallel, whose results come from
   its reductions). */
static span successor_inputs(const spvk_ir_op *op, int32_t to)
{
    const char *name = spvk_ir_op_name(op);
    if (to < 0)
        return strcmp(name, "scf.parallel") == 0 ? empty_span : results_span(op);
    if (strcmp(name, "scf.for") == 0)
        return args_span(scf_region_block(op, 0), 1);
    if (strcmp(name, "scf.while") == 0)
        return args_span(scf_region_block(op, (uint32_t)to), 0);
    return empty_span;
}

/* What the op hands its regions on entry (MLIR's getEntrySuccessorOperands). */
static span entry_operands(const spvk_ir_op *op)
{
    const char *name = spvk_ir_op_name(op);
    if (strcmp(name, "scf.for") == 0)
        return operands_span(op, 3);
    if (strcmp(name, "scf.while") == 0)
        return operands_span(op, 0);
    return empty_span;
}

/* The operands a region's terminator forwards (RegionBranchTerminatorOpInterface), or false
   when the block's last op forwards nothing by that interface. */
static bool terminator_operands(const spvk_ir_block *b, span *out)
{
    const spvk_ir_op *t = b->last;
    if (!t)
        return false;
    const char *name = spvk_ir_op_name(t);
    if (strcmp(name, "scf.condition") == 0)
        *out = operands_span(t, 1);
    else if (strcmp(name, "scf.reduce") == 0)
        *out = empty_span;
    else if (t->def->traits & SPVK_TRAIT_RETURN_LIKE)
        *out = operands_span(t, 0);
    else
        return false;
    return true;
}

static void edge_name(char *buf, size_t size, int32_t from, int32_t to)
{
    char a[32], b[32];
    if (from < 0)
        snprintf(a, sizeof a, "parent operands");
    else
        snprintf(a, sizeof a, "Region #%d", from);
    if (to < 0)
        snprintf(b, sizeof b, "parent results");
    else
        snprintf(b, sizeof b, "Region #%d", to);
    snprintf(buf, size, "from %s to %s", a, b);
}

static bool check_edges_from(spvk_ir_verifier *v, const spvk_ir_op *op, int32_t from, const span *source)
{
    int32_t succ[16];
    uint32_t n = op->def->region_successors ? op->def->region_successors(op, from, succ, 16) : 0;
    for (uint32_t k = 0; k < n; k++) {
        span inputs = successor_inputs(op, succ[k]);
        char edge[80];
        edge_name(edge, sizeof edge, from, succ[k]);
        if (source->count != inputs.count)
            return spvk_ir_op_error(v, op,
                                    " region control flow edge %s: source has %u operands, but target successor "
                                    "needs %u",
                                    edge, source->count, inputs.count);
        for (uint32_t i = 0; i < source->count; i++) {
            const spvk_ir_type *a = span_type(source, i), *b = span_type(&inputs, i);
            if (a == b)
                continue;
            type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
            bool r = spvk_ir_op_error(v, op, " along control flow edge %s: source type #%u '%s' should match input type #%u '%s'",
                                      edge, i, type_str(&tt, 0, a), i, type_str(&tt, 1, b));
            type_text_free(&tt);
            return r;
        }
    }
    return true;
}

static bool spans_types_equal(const span *a, const span *b)
{
    if (a->count != b->count)
        return false;
    for (uint32_t i = 0; i < a->count; i++)
        if (span_type(a, i) != span_type(b, i))
            return false;
    return true;
}

static bool check_region_edges(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    span entry = entry_operands(op);
    if (!check_edges_from(v, op, -1, &entry))
        return false;
    for (uint32_t r = 0; r < op->num_regions; r++) {
        span first = empty_span, other;
        bool found = false;
        for (const spvk_ir_block *b = op->regions[r].first; b; b = b->next) {
            if (!terminator_operands(b, &other))
                continue;
            if (!found) {
                first = other;
                found = true;
            } else if (!spans_types_equal(&first, &other)) {
                /* MLIR's text names the edge by the region alone here. */
                return spvk_ir_op_error(v, op, " along control flow edge from Region #%u to parent results operands "
                                               "mismatch between return-like terminators", r);
            }
        }
        if (found && !check_edges_from(v, op, (int32_t)r, &first))
            return false;
    }
    return true;
}

/* ---- scf.for ---- */

/* LoopLikeOpInterface's verifier (MLIR's verifyLoopLikeOpInterface) for scf.for. */
static bool check_loop_like(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_block *body,
                            const spvk_ir_op *yield)
{
    uint32_t inits = op->num_operands - 3;
    uint32_t iter_args = body->num_args ? body->num_args - 1 : 0;
    uint32_t yielded = yield->num_operands;
    if (inits != iter_args)
        return spvk_ir_op_error(v, op, "different number of inits and region iter_args: %u != %u", inits, iter_args);
    if (yielded && iter_args != yielded)
        return spvk_ir_op_error(v, op, "different number of region iter_args and yielded values: %u != %u", iter_args,
                                yielded);
    if (op->num_results != iter_args)
        return spvk_ir_op_error(v, op, "different number of loop results and region iter_args: %u != %u",
                                op->num_results, iter_args);
    for (uint32_t i = 0; i < inits; i++) {
        const spvk_ir_type *init = spvk_ir_operand(op, 3 + i)->type, *arg = body->args[1 + i]->type;
        if (init != arg)
            return type_error(v, op, "%u-th init and %u-th region iter_arg have different type: '%s' != '%s'", init,
                              arg, i);
        if (yielded && arg != spvk_ir_operand(yield, i)->type)
            return type_error(v, op, "%u-th region iter_arg and %u-th yielded value have different type: '%s' != '%s'",
                              arg, spvk_ir_operand(yield, i)->type, i);
    }
    /* MLIR 19 counts these from 0 for every pair (its counter steps outside the loop). */
    for (uint32_t i = 0; i < iter_args; i++) {
        const spvk_ir_type *arg = body->args[1 + i]->type, *res = op->results[i].type;
        if (arg != res)
            return type_error(v, op, "%u-th region iter_arg and %u-th loop result have different type: '%s' != '%s'",
                              arg, res, 0);
    }
    return true;
}

bool scf_for_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands < 3 || op->num_regions != 1)
        return true; /* the op table's checks report it */
    if (!check_implicit_terminator(v, op, "scf.yield"))
        return false;
    if (op->num_operands - 3 != op->num_results)
        return spvk_ir_op_error(v, op, "mismatch in number of loop-carried values and defined values");
    const spvk_ir_block *body = scf_region_block(op, 0);
    if (!body)
        return true;
    if (!body->num_args)
        return spvk_ir_op_error(v, op, "expected induction variable to be same type as bounds and step");
    if (!check_loop_like(v, op, body, body->last) || !check_region_edges(v, op))
        return false;
    if (body->args[0]->type != spvk_ir_operand(op, 0)->type)
        return spvk_ir_op_error(v, op, "expected induction variable to be same type as bounds and step");
    if (body->num_args - 1 != op->num_results)
        return spvk_ir_op_error(v, op, "mismatch in number of basic block args and defined values");
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (spvk_ir_operand(op, 3 + i)->type != op->results[i].type)
            return spvk_ir_op_error(v, op, "types mismatch between %uth iter operand and defined value", i);
        if (body->args[1 + i]->type != op->results[i].type)
            return spvk_ir_op_error(v, op, "types mismatch between %uth iter region arg and defined value", i);
    }
    return true;
}

/* ---- scf.if ---- */

bool scf_if_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_regions != 2)
        return true;
    if (!check_implicit_terminator(v, op, "scf.yield") || !check_no_region_arguments(v, op))
        return false;
    if (op->num_results && !op->regions[1].first)
        return spvk_ir_op_error(v, op, "must have an else block if defining values");
    return check_region_edges(v, op);
}

/* ---- scf.while ---- */

static bool check_region_ends_with(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t region, const char *name,
                                   const char *message)
{
    const spvk_ir_block *b = scf_region_block(op, region);
    if (!scf_block_terminator_named(b, name))
        return spvk_ir_op_error(v, op, "%s", message);
    return true;
}

bool scf_while_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_regions != 2)
        return true;
    if (!check_single_block(v, op))
        return false;
    for (uint32_t i = 0; i < 2; i++) {
        if (!op->regions[i].first)
            return spvk_ir_op_error(v, op, "region #%u ('%s') failed to verify constraint: region with 1 blocks", i,
                                    i ? "after" : "before");
        if (!op->regions[i].first->last)
            return spvk_ir_op_error(v, op, "expects a non-empty block");
    }
    return check_region_ends_with(v, op, 0, "scf.condition",
                                  "expects the 'before' region to terminate with 'scf.condition'") &&
           check_region_ends_with(v, op, 1, "scf.yield", "expects the 'after' region to terminate with 'scf.yield'") &&
           check_region_edges(v, op);
}

/* ---- scf.execute_region ---- */

bool scf_execute_region_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_regions != 1)
        return true;
    if (!op->regions[0].first)
        return spvk_ir_op_error(v, op, "region needs to have at least one block");
    if (op->regions[0].first->num_args)
        return spvk_ir_op_error(v, op, "region cannot have any arguments");
    return check_region_edges(v, op);
}

/* ---- scf.parallel ---- */

/* The constant an index value holds, when an op with the ConstantLike trait makes it. */
static bool constant_int(const spvk_ir_value *value, int64_t *out)
{
    const spvk_ir_op *d = value->defining_op;
    if (!d || !(d->def->traits & SPVK_TRAIT_CONSTANT_LIKE))
        return false;
    const spvk_ir_attr *a = spvk_ir_op_attr(d, "value");
    if (!a || a->dialect || a->kind != SPVK_ATTR_INTEGER)
        return false;
    *out = a->value;
    return true;
}

bool scf_parallel_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *seg = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (op->num_regions != 1 || !seg || seg->kind != SPVK_ATTR_DENSE_ARRAY || seg->num_attrs != 4)
        return true; /* the op table's checks report it */
    if (!check_single_block(v, op))
        return false;
    uint32_t steps = (uint32_t)seg->attrs[2]->value, first_step = (uint32_t)(seg->attrs[0]->value + seg->attrs[1]->value);
    uint32_t inits = (uint32_t)seg->attrs[3]->value;
    if (!steps)
        return spvk_ir_op_error(v, op, "needs at least one tuple element for lowerBound, upperBound and step");
    for (uint32_t i = 0; i < steps && first_step + i < op->num_operands; i++) {
        int64_t c;
        if (constant_int(spvk_ir_operand(op, first_step + i), &c) && c <= 0)
            return spvk_ir_op_error(v, op, "constant step operand must be positive");
    }
    const spvk_ir_block *body = scf_region_block(op, 0);
    if (!body)
        return true;
    if (body->num_args != steps)
        return spvk_ir_op_error(v, op,
                                "expects the same number of induction variables: %u as bound and step values: %u",
                                body->num_args, steps);
    for (uint32_t i = 0; i < body->num_args; i++)
        if (body->args[i]->type->dialect || body->args[i]->type->kind != SPVK_TYPE_INDEX)
            return spvk_ir_op_error(v, op, "expects arguments for the induction variable to be of index type");
    const spvk_ir_op *reduce = scf_block_terminator_named(body, "scf.reduce");
    if (!reduce)
        return spvk_ir_op_error(v, op, "expects body to terminate with 'scf.reduce'");
    if (op->num_results != reduce->num_regions)
        return spvk_ir_op_error(v, op, "expects number of results: %u to be the same as number of reductions: %u",
                                op->num_results, reduce->num_regions);
    if (op->num_results != inits)
        return spvk_ir_op_error(v, op, "expects number of results: %u to be the same as number of initial values: %u",
                                op->num_results, inits);
    for (uint32_t i = 0; i < reduce->num_regions && i < reduce->num_operands; i++) {
        const spvk_ir_type *res = op->results[i].type, *operand = spvk_ir_operand(reduce, i)->type;
        if (res == operand)
            continue;
        type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
        spvk_ir_op_error(v, reduce, "expects type of %u-th reduction operand: '%s' to be the same as the %u-th result type: '%s'",
                         i, type_str(&tt, 0, operand), i, type_str(&tt, 1, res));
        type_text_free(&tt);
        return false;
    }
    return check_region_edges(v, op);
}

/* ---- scf.reduce, scf.reduce.return ---- */

bool scf_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_regions && i < op->num_operands; i++) {
        const spvk_ir_type *type = spvk_ir_operand(op, i)->type;
        const spvk_ir_block *b = op->regions[i].first;
        if (!b)
            continue;
        if (!b->last)
            return spvk_ir_op_error(v, op, "%u-th reduction has an empty body", i);
        if (b->num_args != 2 || b->args[0]->type != type || b->args[1]->type != type) {
            type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
            spvk_ir_op_error(v, op, "expected two block arguments with type '%s' in the %u-th reduction region",
                             type_str(&tt, 0, type), i);
            type_text_free(&tt);
            return false;
        }
        if (!scf_block_terminator_named(b, "scf.reduce.return"))
            return spvk_ir_op_error(v, op, "reduction bodies must be terminated with an 'scf.reduce.return' op");
    }
    return true;
}

bool scf_reduce_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_block *b = op->block;
    if (!b || !b->num_args || op->num_operands != 1)
        return true;
    const spvk_ir_type *expected = b->args[0]->type;
    if (expected == spvk_ir_operand(op, 0)->type)
        return true;
    type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
    spvk_ir_op_error(v, op, "must have type '%s' (the type of the reduction inputs)", type_str(&tt, 0, expected));
    type_text_free(&tt);
    return false;
}

/* ---- scf.index_switch ---- */

static bool check_switch_region(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t region, const char *name)
{
    const spvk_ir_block *b = scf_region_block(op, region);
    if (!b || !b->last)
        return true;
    const spvk_ir_op *yield = scf_block_terminator_named(b, "scf.yield");
    if (!yield)
        return spvk_ir_op_error(v, op, "expected region to end with scf.yield, but got %s", spvk_ir_op_name(b->last));
    if (yield->num_operands != op->num_results)
        return spvk_ir_op_error(v, op, "expected each region to return %u values, but %s returns %u", op->num_results,
                                name, yield->num_operands);
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (op->results[i].type == spvk_ir_operand(yield, i)->type)
            continue;
        type_text tt = {spvk_ir_verifier_context(v), {NULL, NULL}};
        spvk_ir_op_error(v, op, "expected result #%u of each region to be '%s'", i, type_str(&tt, 0, op->results[i].type));
        type_text_free(&tt);
        return false;
    }
    return true;
}

bool scf_index_switch_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *cases = spvk_ir_op_attr(op, "cases");
    if (!op->num_regions || !cases || cases->kind != SPVK_ATTR_DENSE_ARRAY)
        return true; /* the op table's checks report it */
    if (!check_single_block(v, op))
        return false;
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].first && !op->regions[i].first->last)
            return spvk_ir_op_error(v, op, "expects a non-empty block");
    if (cases->num_attrs != op->num_regions - 1)
        return spvk_ir_op_error(v, op, "has %u case regions but %u case values", op->num_regions - 1, cases->num_attrs);
    for (uint32_t i = 0; i < cases->num_attrs; i++)
        for (uint32_t j = 0; j < i; j++)
            if (cases->attrs[i]->value == cases->attrs[j]->value)
                return spvk_ir_op_error(v, op, "has duplicate case value: %lld", (long long)cases->attrs[i]->value);
    if (!check_switch_region(v, op, 0, "default region"))
        return false;
    for (uint32_t i = 1; i < op->num_regions; i++) {
        char name[32];
        snprintf(name, sizeof name, "case region #%u", i - 1);
        if (!check_switch_region(v, op, i, name))
            return false;
    }
    return true;
}
