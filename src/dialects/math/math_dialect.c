/* The math dialect: its registration (the ops come from math.ops through
   tools/gen_dialect_ops.py into math_ops.c) and math.fpowi's shape check. Constants the folders
   make are materialized as arith.constant, as MLIR's MathDialect::materializeConstant does. */
#include "math_internal.h"
#include "spvkit/ir_ods.h"

/* AllTypesMatch<lhs, result>, then SameOperandsAndResultShape and Elementwise, in MLIR's order. */
bool math_fpowi_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands == 2 && op->num_results == 1 && spvk_ir_operand(op, 0)->type != op->results[0].type)
        return spvk_ir_op_error(v, op, "failed to verify that all of {lhs, result} have same type");
    return arith_verify_same_shape(v, op) && arith_verify_elementwise(v, op);
}

static bool math_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_math_ods);
}

static const spvk_ir_dialect math_dialect = {
    .name = "math",
    .register_ops = math_register_ops,
    .materialize_constant = arith_materialize_constant,
};

const spvk_ir_dialect *spvk_math_dialect(void)
{
    return &math_dialect;
}
