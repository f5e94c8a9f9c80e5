/* The gpu ops' folders and canonicalization patterns, as MLIR 19 has them (GPUDialect.cpp):
   a barrier right before another goes; gpu.wait drops dependencies on dependency-free waits and
   disappears when it neither waits nor yields a used token; a copy into memory only allocated
   and freed goes; all_reduce / subgroup_reduce in a gpu.launch's entry block become `uniform`.
   (FoldLaunchArguments, which makes arith constants, is left for when arith is registered.) */
#include <string.h>

#include "spvkit/rewrite.h"
#include "gpu_internal.h"

static bool op_is(const spvk_ir_op *op, const char *name) { return op && strcmp(spvk_ir_op_name(op), name) == 0; }

/* gpu.barrier; gpu.barrier: the threads are synchronized already. */
static bool erase_redundant_barrier(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (!op_is(op->next, "gpu.barrier"))
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

bool gpu_barrier_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "gpu.barrier", .benefit = 1, .match_and_rewrite = erase_redundant_barrier,
                      .debug_name = "eraseRedundantGpuBarrierOps"};
    return spvk_pattern_set_add(set, &p);
}

/* A token made by `gpu.wait async` with no dependencies. */
static bool is_free_wait_token(const spvk_ir_value *v)
{
    return v->defining_op && op_is(v->defining_op, "gpu.wait") && v->defining_op->num_operands == 0;
}

/* EraseRedundantGpuWaitOpPairs: dependencies on dependency-free waits are dropped. */
static bool erase_redundant_wait_pairs(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    uint32_t keep = 0;
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!is_free_wait_token(op->operands[i].value))
            keep++;
    if (keep == op->num_operands)
        return false;
    spvk_ir_value *small[8];
    spvk_ir_value **values = small;
    if (keep > 8 && !(values = spvk_ir_alloc(rw->ctx, keep * sizeof *values)))
        return false;
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!is_free_wait_token(op->operands[i].value))
            values[n++] = op->operands[i].value;
    return spvk_rewriter_set_operands(rw, op, values, n);
}

/* SimplifyGpuWaitOp: `gpu.wait` alone, `gpu.wait async [%t]`, and an unused token go. */
static bool simplify_wait(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    bool token = op->num_results == 1;
    if (!op->num_operands && !token) {
        spvk_rewriter_erase_op(rw, op);
        return true;
    }
    if (op->num_operands == 1 && token) {
        spvk_ir_value *dep = op->operands[0].value;
        spvk_rewriter_replace_op(rw, op, &dep);
        return true;
    }
    if (token && !spvk_ir_value_has_uses(&op->results[0])) {
        spvk_rewriter_erase_op(rw, op);
        return true;
    }
    return false;
}

bool gpu_wait_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern pairs = {.root = "gpu.wait", .benefit = 1, .match_and_rewrite = erase_redundant_wait_pairs,
                          .debug_name = "EraseRedundantGpuWaitOpPairs"};
    spvk_pattern simplify = {.root = "gpu.wait", .benefit = 1, .match_and_rewrite = simplify_wait,
                             .debug_name = "SimplifyGpuWaitOp"};
    return spvk_pattern_set_add(set, &pairs) && spvk_pattern_set_add(set, &simplify);
}

/* EraseTrivialCopyOp: a copy into memory that is only allocated, copied into and freed. */
static bool erase_trivial_copy(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_operands < 2)
        return false;
    uint32_t deps = op->num_operands - 2;
    spvk_ir_value *dst = op->operands[deps].value;
    const spvk_ir_op *def = dst->defining_op;
    /* The destination comes from an op whose only effect is allocating it. */
    if (!def || spvk_ir_op_effects(def) != (SPVK_EFFECT_ALLOCATE | SPVK_EFFECT_KNOWN) || dst->index != 0)
        return false;
    for (const spvk_ir_use *u = dst->first_use; u; u = u->next)
        if (u->owner != op && spvk_ir_op_effects(u->owner) != (SPVK_EFFECT_FREE | SPVK_EFFECT_KNOWN))
            return false;
    bool token = op->num_results == 1;
    if (deps > 1 || (deps == 0 && token) || (deps == 1 && !token))
        return false;
    if (token) {
        spvk_ir_value *dep = op->operands[0].value;
        spvk_rewriter_replace_op(rw, op, &dep);
    } else
        spvk_rewriter_erase_op(rw, op);
    return true;
}

bool gpu_memcpy_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "gpu.memcpy", .benefit = 1, .match_and_rewrite = erase_trivial_copy,
                      .debug_name = "EraseTrivialCopyOp"};
    return spvk_pattern_set_add(set, &p);
}

/* A group op in a gpu.launch's entry block runs in convergence: it can be `uniform`. */
spvk_ir_fold_status gpu_group_reduce_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                          const spvk_ir_attr *const *operand_constants, spvk_ir_fold_result *results)
{
    (void)operand_constants;
    (void)results;
    const spvk_ir_op *parent = spvk_ir_op_parent(op);
    if (spvk_ir_op_attr(op, "uniform") || !op_is(parent, "gpu.launch") || !parent->num_regions ||
        op->block != parent->regions[0].first)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *u = spvk_ir_unit_attr(ctx);
    if (!u)
        return SPVK_FOLD_FAILED;
    spvk_ir_op_set_attr(ctx, op, "uniform", u);
    return SPVK_FOLD_IN_PLACE;
}

/* Whether v is an index constant 1 (MLIR's m_One). */
static bool is_constant_one(const spvk_ir_value *v)
{
    const spvk_ir_attr *c = spvk_ir_value_constant(v);
    return c && !c->dialect && c->kind == SPVK_ATTR_INTEGER && c->value == 1;
}

/* FoldLaunchArguments: a block or thread id along a dimension of size 1 is 0. The zero is made
   at the start of the body (the driver then hoists it, as MLIR's does). */
static bool fold_launch_arguments(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    const spvk_ir_attr *seg = spvk_ir_op_attr(op, "operandSegmentSizes");
    spvk_ir_block *body = op->num_regions ? op->regions[0].first : NULL;
    if (!seg || seg->kind != SPVK_ATTR_DENSE_ARRAY || seg->num_attrs < 7 || !body || body->num_args < 6)
        return false;
    uint32_t deps = (uint32_t)seg->attrs[0]->value;
    if (deps + 6 > op->num_operands)
        return false;
    spvk_ir_value *zero = NULL;
    bool simplified = false;
    /* block ids x, y, z against the grid sizes; thread ids against the block sizes */
    for (uint32_t i = 0; i < 6; i++) {
        spvk_ir_value *id = body->args[i];
        if (!is_constant_one(op->operands[deps + i].value) || !spvk_ir_value_has_uses(id))
            continue;
        if (!zero) {
            spvk_ir_builder saved = rw->b;
            if (body->first)
                spvk_ir_builder_before(&rw->b, body->first);
            else
                spvk_ir_builder_at_end(&rw->b, body);
            const spvk_ir_type *index = spvk_ir_index_type(rw->ctx);
            const spvk_ir_attr *v = index ? spvk_ir_integer_attr(rw->ctx, index, 0) : NULL;
            const char *name = "value";
            const spvk_ir_attr *attrs = v ? spvk_ir_dictionary_attr(rw->ctx, &name, &v, 1) : NULL;
            spvk_ir_op_state s = {.name = "arith.constant", .result_types = &index, .num_results = 1,
                                  .attrs = attrs, .loc = op->loc};
            spvk_ir_op *c = attrs ? spvk_rewriter_create(rw, &s) : NULL;
            rw->b = saved;
            if (!c)
                return simplified;
            zero = &c->results[0];
        }
        spvk_rewriter_replace_all_uses(rw, id, zero);
        simplified = true;
    }
    return simplified;
}

bool gpu_launch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "gpu.launch", .benefit = 1, .match_and_rewrite = fold_launch_arguments,
                      .debug_name = "FoldLaunchArguments"};
    return spvk_pattern_set_add(set, &p);
}
