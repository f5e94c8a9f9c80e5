/* The scf dialect (MLIR's structured control flow): registration (the ops are described in
   scf.ops, generated into scf_ops.c) and the region-branch interface, which says where control
   goes between an op and its regions (MLIR's getSuccessorRegions): analyses and the verifier's
   type checks along those edges use it. */
#include <string.h>

#include "scf_internal.h"

/* ---- Region successors: region indices, -1 for the parent op's results ---- */

static uint32_t put(int32_t *out, uint32_t max, uint32_t n, int32_t value)
{
    if (n < max)
        out[n] = value;
    return n + 1;
}

/* The body may run again or not at all. */
uint32_t scf_for_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    (void)op;
    (void)from;
    return put(out, max, put(out, max, 0, 0), -1);
}

uint32_t scf_parallel_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    return scf_for_region_successors(op, from, out, max);
}

/* then, else (or straight on when there is none); both regions back to the parent. */
uint32_t scf_if_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    if (from >= 0)
        return put(out, max, 0, -1);
    uint32_t n = put(out, max, 0, 0);
    return put(out, max, n, op->num_regions > 1 && op->regions[1].first ? 1 : -1);
}

/* into `before`; `after` back to `before`; `before` out or into `after`. */
uint32_t scf_while_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    (void)op;
    if (from != 0)
        return put(out, max, 0, 0);
    return put(out, max, put(out, max, 0, -1), 1);
}

uint32_t scf_execute_region_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    (void)op;
    return put(out, max, 0, from < 0 ? 0 : -1);
}

/* into any of the regions (the default first, as the op holds them); each back out. */
uint32_t scf_index_switch_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    if (from >= 0)
        return put(out, max, 0, -1);
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->num_regions; i++)
        n = put(out, max, n, (int32_t)i);
    return n;
}

/* ---- Registration ---- */

static bool scf_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_scf_ods);
}

static const spvk_ir_dialect scf_dialect = {
    .name = "scf",
    .register_ops = scf_register_ops,
};

const spvk_ir_dialect *spvk_scf_dialect(void) { return &scf_dialect; }
