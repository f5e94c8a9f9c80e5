/* The scf ops' canonicalizations, ported from MLIR 19's SCF.cpp: an scf.if on a constant
   condition becomes the region taken (RemoveStaticCondition); an scf.execute_region of one
   block becomes that block (SingleBlockExecuteInliner). */
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

/* MLIR's replaceOpWithRegion: the region's one block goes before op, its terminator's operands
   replace op's results, and the terminator goes. */
static bool replace_op_with_region(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_region *region)
{
    spvk_ir_block *b = region->first;
    spvk_ir_op *t = b ? b->last : NULL;
    if (!t || b != region->last || t->num_operands != op->num_results)
        return false;
    spvk_ir_value *small[8];
    spvk_ir_value **values = small;
    if (t->num_operands > 8 && !(values = spvk_ir_alloc(rw->ctx, (size_t)t->num_operands * sizeof *values)))
        return false;
    for (uint32_t i = 0; i < t->num_operands; i++)
        values[i] = spvk_ir_operand(t, i);
    spvk_rewriter_inline_block_before(rw, b, op->block, op, NULL);
    spvk_rewriter_replace_op(rw, op, values);
    spvk_rewriter_erase_op(rw, t);
    return true;
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

bool scf_if_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "scf.if", .benefit = 1, .match_and_rewrite = if_static_condition,
                      .debug_name = "RemoveStaticCondition"};
    return spvk_pattern_set_add(set, &p);
}

bool scf_execute_region_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "scf.execute_region", .benefit = 1, .match_and_rewrite = execute_region_single_block,
                      .debug_name = "SingleBlockExecuteInliner"};
    return spvk_pattern_set_add(set, &p);
}
