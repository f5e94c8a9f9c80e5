/* Relational and logical instructions (SPIR-V 3.3.15): operand and Result Type types as each
   instruction's entry states them. Comparisons give a Boolean scalar or vector with the
   operands' component count; OpSelect picks between two objects of its Result Type. */
#include <stdio.h>

#include "val_types.h"

#define RULE_LOGICAL "SPIR-V 3.3.15"

typedef val_inst_check ctx;

static bool bool_result(ctx *c)
{
    if (!val_shape_is(&c->result, VAL_KIND_BOOL))
        return val_inst_result_error(c, "a scalar or vector of Boolean type");
    return true;
}

/* A scalar or vector of kind with Result Type's component count; the type when it is. */
static uint32_t like_result(ctx *c, uint32_t n, const char *what, val_kind kind)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return 0;
    uint32_t t = val_type_of(c->v, id);
    val_shape s = val_shape_of(c->v, t);
    if (!val_shape_is(&s, kind) || s.count != c->result.count) {
        char expected[96];
        snprintf(expected, sizeof expected, "a scalar or vector of %s type with %u component%s",
                 kind == VAL_KIND_INT ? "integer" : "floating-point", c->result.count, c->result.count == 1 ? "" : "s");
        val_inst_operand_error(c, what, id, t, expected);
        return 0;
    }
    return t;
}

static void same_type(ctx *c, uint32_t n, const char *what, uint32_t type, const char *as)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id) || !type)
        return;
    uint32_t t = val_type_of(c->v, id);
    if (t != type) {
        char expected[64];
        snprintf(expected, sizeof expected, "%%%u, the type of %s", type, as);
        val_inst_operand_error(c, what, id, t, expected);
    }
}

static void any_all(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    if (!val_is_bool_type(c->v, c->i->type_id)) {
        val_inst_result_error(c, "a Boolean type scalar");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (val_def_opcode(c->v, t) != SPVK_OP_TypeVector || !val_is_bool_scalar_or_vector(c->v, t))
        val_inst_operand_error(c, "Vector", id, t, "a vector of Boolean type");
}

/* OpIsNan ... OpUnordered: x a float scalar or vector like the result; y (when two) of x's type. */
static void float_test(ctx *c, uint32_t count)
{
    if (!val_inst_ready(c, count) || !bool_result(c))
        return;
    uint32_t t = like_result(c, 0, "x", VAL_KIND_FLOAT);
    if (count == 2)
        same_type(c, 1, "y", t, "x");
}

static void logical(ctx *c, uint32_t count)
{
    if (!val_inst_ready(c, count) || !bool_result(c))
        return;
    for (uint32_t n = 0; n < count; n++)
        same_type(c, n, count == 1 ? "Operand" : n == 0 ? "Operand 1" : "Operand 2", c->i->type_id, "Result Type");
}

/* OpIEqual ... OpSLessThanEqual: integers of one width, Result Type's component count. */
static void int_compare(ctx *c)
{
    if (!val_inst_ready(c, 2) || !bool_result(c))
        return;
    uint32_t a = like_result(c, 0, "Operand 1", VAL_KIND_INT);
    uint32_t b = like_result(c, 1, "Operand 2", VAL_KIND_INT);
    if (a && b && val_bit_width(c->v, a) != val_bit_width(c->v, b)) {
        char expected[64];
        snprintf(expected, sizeof expected, "the component width of Operand 1 (%u bits)", val_bit_width(c->v, a));
        val_inst_operand_error(c, "Operand 2", val_inst_operand(c, 1), b, expected);
    }
}

/* OpFOrdEqual ... OpFUnordGreaterThanEqual: floats of one type, Result Type's component count. */
static void float_compare(ctx *c)
{
    if (!val_inst_ready(c, 2) || !bool_result(c))
        return;
    uint32_t a = like_result(c, 0, "Operand 1", VAL_KIND_FLOAT);
    if (a)
        same_type(c, 1, "Operand 2", a, "Operand 1");
}

static void select(ctx *c)
{
    if (!val_inst_ready(c, 3))
        return;
    const val_inst *t = val_def(c->v, c->i->type_id);
    bool pointer = t->opcode == SPVK_OP_TypePointer || t->opcode == SPVK_OP_TypeUntypedPointerKHR;
    bool composite = t->opcode == SPVK_OP_TypeMatrix || t->opcode == SPVK_OP_TypeArray ||
                     t->opcode == SPVK_OP_TypeStruct || t->opcode == SPVK_OP_TypeCooperativeMatrixKHR ||
                     t->opcode == SPVK_OP_TypeCooperativeMatrixNV;
    bool scalar_or_vector = c->result.kind != VAL_KIND_NONE && !c->result.coop;
    if (!pointer && !scalar_or_vector && !(composite && c->v->header.version >= SPVK_VERSION(1, 4))) {
        val_inst_result_error(c, composite ? "a pointer, scalar or vector (a composite Result Type needs SPIR-V 1.4)"
                                           : "a pointer, scalar, vector or (SPIR-V 1.4) composite type");
        return;
    }
    uint32_t cond = val_inst_operand(c, 0);
    if (val_def(c->v, cond)) {
        uint32_t ct = val_type_of(c->v, cond);
        val_shape s = val_shape_of(c->v, ct);
        if (!val_shape_is(&s, VAL_KIND_BOOL)) {
            val_inst_operand_error(c, "Condition", cond, ct, "a scalar or vector of Boolean type");
        } else if (s.count > 1 && (t->opcode != SPVK_OP_TypeVector || c->result.count != s.count)) {
            val_inst_operand_error(c, "Condition", cond, ct,
                                   "a Boolean scalar, or a vector of as many components as Result Type");
        } else if (c->v->header.version < SPVK_VERSION(1, 4) && t->opcode == SPVK_OP_TypeVector && s.count == 1) {
            /* Before 1.4 the condition had "the same number of components as Result Type". */
            val_inst_operand_error(c, "Condition", cond, ct,
                                   "before SPIR-V 1.4, a vector of as many components as Result Type");
        }
    }
    same_type(c, 1, "Object 1", c->i->type_id, "Result Type");
    same_type(c, 2, "Object 2", c->i->type_id, "Result Type");
}

void val_check_logical(val_state *v, const val_inst *i)
{
    ctx c = val_inst_check_of(v, i, RULE_LOGICAL);
    switch (i->opcode) {
    case SPVK_OP_Any:
    case SPVK_OP_All:
        any_all(&c);
        break;
    case SPVK_OP_IsNan:
    case SPVK_OP_IsInf:
    case SPVK_OP_IsFinite:
    case SPVK_OP_IsNormal:
    case SPVK_OP_SignBitSet:
        float_test(&c, 1);
        break;
    case SPVK_OP_LessOrGreater:
    case SPVK_OP_Ordered:
    case SPVK_OP_Unordered:
        float_test(&c, 2);
        break;
    case SPVK_OP_LogicalEqual:
    case SPVK_OP_LogicalNotEqual:
    case SPVK_OP_LogicalOr:
    case SPVK_OP_LogicalAnd:
        logical(&c, 2);
        break;
    case SPVK_OP_LogicalNot:
        logical(&c, 1);
        break;
    case SPVK_OP_Select:
        select(&c);
        break;
    case SPVK_OP_IEqual:
    case SPVK_OP_INotEqual:
    case SPVK_OP_UGreaterThan:
    case SPVK_OP_SGreaterThan:
    case SPVK_OP_UGreaterThanEqual:
    case SPVK_OP_SGreaterThanEqual:
    case SPVK_OP_ULessThan:
    case SPVK_OP_SLessThan:
    case SPVK_OP_ULessThanEqual:
    case SPVK_OP_SLessThanEqual:
        int_compare(&c);
        break;
    case SPVK_OP_FOrdEqual:
    case SPVK_OP_FUnordEqual:
    case SPVK_OP_FOrdNotEqual:
    case SPVK_OP_FUnordNotEqual:
    case SPVK_OP_FOrdLessThan:
    case SPVK_OP_FUnordLessThan:
    case SPVK_OP_FOrdGreaterThan:
    case SPVK_OP_FUnordGreaterThan:
    case SPVK_OP_FOrdLessThanEqual:
    case SPVK_OP_FUnordLessThanEqual:
    case SPVK_OP_FOrdGreaterThanEqual:
    case SPVK_OP_FUnordGreaterThanEqual:
        float_compare(&c);
        break;
    default:
        break;
    }
}
