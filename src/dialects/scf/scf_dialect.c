/* The scf dialect (MLIR's structured control flow): registration and the region-branch
   interface, which says where control goes between an op and its regions (MLIR's
   getSuccessorRegions): analyses and the verifier's type checks along those edges use it. */
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

static const spvk_ir_dialect scf_dialect;

static const char *const parallel_inherent[] = {"operandSegmentSizes"};
static const char *const index_switch_inherent[] = {"cases"};

#define PURE_TERMINATOR (SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS)
#define SCF_OP(n, t, r, ver, form) .name = "scf." n, .dialect = &scf_dialect, .traits = (t), .num_regions = (r), \
    .verify = ver, .parse = form##_parse, .print = form##_print

/* Until the op table (scf.ops) is generated: the same ops, written out. */
static const spvk_ir_op_def scf_op_defs[] = {
    {SCF_OP("condition", PURE_TERMINATOR, 0, NULL, scf_condition)},
    {SCF_OP("execute_region", SPVK_TRAIT_REGION_BRANCH, 1, scf_execute_region_verify, scf_execute_region),
     .region_successors = scf_execute_region_region_successors, .canonicalization_patterns = scf_execute_region_patterns},
    {SCF_OP("for",
            SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE | SPVK_TRAIT_REGION_BRANCH | SPVK_TRAIT_SINGLE_BLOCK |
                SPVK_TRAIT_RECURSIVE_EFFECTS,
            1, scf_for_verify, scf_for),
     .region_successors = scf_for_region_successors},
    {SCF_OP("if", SPVK_TRAIT_REGION_BRANCH | SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_RECURSIVE_EFFECTS, 2, scf_if_verify,
            scf_if),
     .region_successors = scf_if_region_successors, .canonicalization_patterns = scf_if_patterns},
    {SCF_OP("index_switch", SPVK_TRAIT_REGION_BRANCH | SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_RECURSIVE_EFFECTS, -1,
            scf_index_switch_verify, scf_index_switch),
     .region_successors = scf_index_switch_region_successors, .inherent_attrs = index_switch_inherent,
     .num_inherent_attrs = 1},
    {SCF_OP("parallel",
            SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE | SPVK_TRAIT_ATTR_SIZED_OPERANDS | SPVK_TRAIT_REGION_BRANCH |
                SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_RECURSIVE_EFFECTS,
            1, scf_parallel_verify, scf_parallel),
     .region_successors = scf_parallel_region_successors, .inherent_attrs = parallel_inherent,
     .num_inherent_attrs = 1},
    {SCF_OP("reduce", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RECURSIVE_EFFECTS, -1, scf_reduce_verify, scf_reduce)},
    {SCF_OP("reduce.return", PURE_TERMINATOR, 0, scf_reduce_return_verify, scf_reduce_return)},
    {SCF_OP("while", SPVK_TRAIT_REGION_BRANCH | SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_RECURSIVE_EFFECTS, 2,
            scf_while_verify, scf_while),
     .region_successors = scf_while_region_successors},
    {SCF_OP("yield", PURE_TERMINATOR | SPVK_TRAIT_RETURN_LIKE, 0, NULL, scf_yield)},
};

static bool scf_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof scf_op_defs / sizeof scf_op_defs[0]; i++)
        if (!spvk_ir_register_op(ctx, &scf_op_defs[i]))
            return false;
    return true;
}

static const spvk_ir_dialect scf_dialect = {
    .name = "scf",
    .register_ops = scf_register_ops,
};

const spvk_ir_dialect *spvk_scf_dialect(void) { return &scf_dialect; }
