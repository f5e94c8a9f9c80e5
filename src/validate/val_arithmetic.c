/* Arithmetic and bit instructions: operand and Result Type types as each instruction's entry
   states them. Rule names: the section an instruction's own entry sits in, "SPIR-V 3.3.13"
   (arithmetic) or "SPIR-V 3.3.14" (bit); "SPIR-V 2.16.1" is kept for the universal validation
   rules (val_types.c, val_conversion.c use it the same way). Cooperative matrices are admitted
   where SPV_KHR_cooperative_matrix admits them (its arithmetic section: operands of the
   Result Type's own type). A bf16 float is a float here; which instructions may take bf16
   values at all is val_bf16.c's question. */
#include <stdio.h>

#include "val_types.h"

#define RULE_ARITHMETIC "SPIR-V 3.3.13"
#define RULE_BIT "SPIR-V 3.3.14"

typedef val_inst_check ctx;

/* Result Type: a scalar or vector of kind, or (coop) a cooperative matrix of kind. */
static bool result_is(ctx *c, val_kind kind, bool coop, bool unsigned_only)
{
    if (!val_def(c->v, c->i->type_id))
        return false;
    if ((c->result.kind == kind && (!c->result.coop || coop)) &&
        !(unsigned_only && val_int_signedness(c->v, c->result.scalar) != 0))
        return true;
    const char *kinds = kind == VAL_KIND_INT ? "integer" : kind == VAL_KIND_FLOAT ? "floating-point" : "Boolean";
    char expected[96];
    snprintf(expected, sizeof expected, "a scalar or vector%s of %s type%s", coop ? " (or cooperative matrix)" : "",
             kinds, unsigned_only ? " whose Signedness is 0" : "");
    return val_inst_result_error(c, expected);
}

/* The operand's type equals Result Type. */
static void same_as_result(ctx *c, uint32_t n, const char *what)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (t != c->i->type_id) {
        char buf[128], expected[160];
        snprintf(expected, sizeof expected, "the Result Type %%%u (%s)", c->i->type_id,
                 val_type_describe(c->v, c->i->type_id, buf, sizeof buf));
        val_inst_operand_error(c, what, id, t, expected);
    }
}

/* A scalar or vector of integer type with Result Type's component count, and its width
   too when same_width. A cooperative matrix Result Type asks for its own type instead. */
static void int_like_result(ctx *c, uint32_t n, const char *what, bool same_width)
{
    if (c->result.coop) {
        same_as_result(c, n, what);
        return;
    }
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    val_shape s = val_shape_of(c->v, t);
    if (!val_shape_is(&s, VAL_KIND_INT) || !val_shape_same_count(c->v, &s, &c->result) ||
        (same_width && s.width != c->result.width)) {
        char expected[96];
        int len = snprintf(expected, sizeof expected, "a scalar or vector of integer type with %u component%s",
                           c->result.count, c->result.count == 1 ? "" : "s");
        if (same_width)
            snprintf(expected + len, sizeof expected - (size_t)len, " of %u bits", c->result.width);
        val_inst_operand_error(c, what, id, t, expected);
    }
}

static void int_scalar(ctx *c, uint32_t n, const char *what)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (!val_is_int_type(c->v, t))
        val_inst_operand_error(c, what, id, t, "an integer type scalar");
}

static bool operands(ctx *c, uint32_t count)
{
    if (c->i->num_words < 3 + count)
        return false; /* short: the reader's */
    return true;
}

/* OpIAdd, OpISub, ... : "a scalar or vector of integer type, same number of components and
   component width as Result Type". */
static void integer_op(ctx *c, uint32_t count, bool coop)
{
    if (!operands(c, count) || !result_is(c, VAL_KIND_INT, coop, false))
        return;
    for (uint32_t n = 0; n < count; n++)
        int_like_result(c, n, count == 1 ? "Operand" : n == 0 ? "Operand 1" : "Operand 2", true);
}

/* OpUDiv, OpUMod: unsigned Result Type, operands of its type. */
static void unsigned_op(ctx *c, bool coop)
{
    if (!operands(c, 2) || !result_is(c, VAL_KIND_INT, coop, true))
        return;
    same_as_result(c, 0, "Operand 1");
    same_as_result(c, 1, "Operand 2");
}

/* OpFNegate, OpFAdd, ... : operands of Result Type's type. */
static void float_op(ctx *c, uint32_t count, bool coop)
{
    if (!operands(c, count) || !result_is(c, VAL_KIND_FLOAT, coop, false))
        return;
    for (uint32_t n = 0; n < count; n++)
        same_as_result(c, n, count == 1 ? "Operand" : n == 0 ? "Operand 1" : "Operand 2");
}

static const val_inst *matrix_def(const val_state *v, uint32_t type_id)
{
    const val_inst *d = val_def(v, type_id);
    return d && d->opcode == SPVK_OP_TypeMatrix && d->num_words >= 4 ? d : NULL;
}

/* Columns and column type of a matrix type; false for anything else. */
static bool matrix_info(const val_state *v, uint32_t type_id, uint32_t *columns, uint32_t *column_type)
{
    const val_inst *d = matrix_def(v, type_id);
    if (!d)
        return false;
    *columns = val_words(v, d)[3];
    *column_type = val_words(v, d)[2];
    return true;
}

static bool float_vector_result(ctx *c)
{
    if (!val_def(c->v, c->i->type_id))
        return false;
    if (!val_shape_is(&c->result, VAL_KIND_FLOAT) || val_def_opcode(c->v, c->i->type_id) != SPVK_OP_TypeVector)
        return val_inst_result_error(c, "a vector of floating-point type");
    return true;
}

static bool float_matrix_result(ctx *c, bool coop, uint32_t *columns, uint32_t *column_type)
{
    if (!val_def(c->v, c->i->type_id))
        return false;
    if (coop && c->result.coop && c->result.kind == VAL_KIND_FLOAT)
        return true;
    if (!matrix_info(c->v, c->i->type_id, columns, column_type) || !val_is_float_scalar_or_vector(c->v, *column_type))
        return val_inst_result_error(c, "an OpTypeMatrix whose Column Type is a vector of floating-point type");
    return true;
}

/* A vector (of the result's component type when component is nonzero) with count components. */
static void vector_operand(ctx *c, uint32_t n, const char *what, uint32_t component, uint32_t count)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    val_shape s = val_shape_of(c->v, t);
    if (val_def_opcode(c->v, t) != SPVK_OP_TypeVector || s.scalar != component || s.count != count) {
        char buf[64], expected[128];
        snprintf(expected, sizeof expected, "a vector of %u components of %%%u (%s)", count, component,
                 val_type_describe(c->v, component, buf, sizeof buf));
        val_inst_operand_error(c, what, id, t, expected);
    }
}

static void matrix_operand(ctx *c, uint32_t n, const char *what, uint32_t column_type, uint32_t component,
                           uint32_t columns, uint32_t rows)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id), cols, col;
    bool ok = matrix_info(c->v, t, &cols, &col);
    if (ok && column_type)
        ok = col == column_type;
    if (ok && component)
        ok = val_scalar_type(c->v, col) == component;
    if (ok && columns)
        ok = cols == columns;
    if (ok && rows)
        ok = val_component_count(c->v, col) == rows;
    if (!ok) {
        char expected[160];
        int len = snprintf(expected, sizeof expected, "a matrix");
        if (column_type)
            len += snprintf(expected + len, sizeof expected - (size_t)len, " with Column Type %%%u", column_type);
        if (component)
            len += snprintf(expected + len, sizeof expected - (size_t)len, " of component type %%%u", component);
        if (columns)
            len += snprintf(expected + len, sizeof expected - (size_t)len, " with %u columns", columns);
        if (rows)
            snprintf(expected + len, sizeof expected - (size_t)len, " of %u components each", rows);
        val_inst_operand_error(c, what, id, t, expected);
    }
}

static void scalar_component(ctx *c, uint32_t n, const char *what, uint32_t component)
{
    uint32_t id = val_inst_operand(c, n);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (t != component) {
        char expected[64];
        snprintf(expected, sizeof expected, "the Component Type %%%u of Result Type", component);
        val_inst_operand_error(c, what, id, t, expected);
    }
}

static void vector_times_scalar(ctx *c)
{
    if (!operands(c, 2) || !float_vector_result(c))
        return;
    same_as_result(c, 0, "Vector");
    scalar_component(c, 1, "Scalar", c->result.scalar);
}

static void matrix_times_scalar(ctx *c)
{
    uint32_t columns, column_type;
    if (!operands(c, 2) || !float_matrix_result(c, true, &columns, &column_type))
        return;
    same_as_result(c, 0, "Matrix");
    scalar_component(c, 1, "Scalar", val_scalar_type(c->v, c->i->type_id));
}

static void vector_times_matrix(ctx *c)
{
    if (!operands(c, 2) || !float_vector_result(c))
        return;
    /* Vector's count is the matrix's rows: learn them from Matrix when it is one. */
    uint32_t columns, column_type, rows = 0;
    if (matrix_info(c->v, val_type_of(c->v, val_inst_operand(c, 1)), &columns, &column_type))
        rows = val_component_count(c->v, column_type);
    if (rows)
        vector_operand(c, 0, "Vector", c->result.scalar, rows);
    matrix_operand(c, 1, "Matrix", 0, c->result.scalar, c->result.count, 0);
}

static void matrix_times_vector(ctx *c)
{
    if (!operands(c, 2) || !float_vector_result(c))
        return;
    matrix_operand(c, 0, "Matrix", c->i->type_id, 0, 0, 0);
    uint32_t columns, column_type;
    if (matrix_info(c->v, val_type_of(c->v, val_inst_operand(c, 0)), &columns, &column_type))
        vector_operand(c, 1, "Vector", c->result.scalar, columns);
}

static void matrix_times_matrix(ctx *c)
{
    uint32_t columns, column_type;
    if (!operands(c, 2) || !float_matrix_result(c, false, &columns, &column_type))
        return;
    matrix_operand(c, 0, "LeftMatrix", column_type, 0, 0, 0);
    uint32_t left_columns = 0, left_column;
    if (!matrix_info(c->v, val_type_of(c->v, val_inst_operand(c, 0)), &left_columns, &left_column))
        left_columns = 0;
    matrix_operand(c, 1, "RightMatrix", 0, val_scalar_type(c->v, column_type), columns, left_columns);
}

static void outer_product(ctx *c)
{
    uint32_t columns, column_type;
    if (!operands(c, 2) || !float_matrix_result(c, false, &columns, &column_type))
        return;
    uint32_t id = val_inst_operand(c, 0);
    if (val_def(c->v, id) && val_type_of(c->v, id) != column_type) {
        char expected[64];
        snprintf(expected, sizeof expected, "the Column Type %%%u of Result Type", column_type);
        val_inst_operand_error(c, "Vector 1", id, val_type_of(c->v, id), expected);
    }
    vector_operand(c, 1, "Vector 2", val_scalar_type(c->v, column_type), columns);
}

static void dot(ctx *c)
{
    if (!operands(c, 2) || !val_def(c->v, c->i->type_id))
        return;
    if (!val_is_float_type(c->v, c->i->type_id)) {
        val_inst_result_error(c, "a floating-point type scalar");
        return;
    }
    uint32_t a = val_inst_operand(c, 0), b = val_inst_operand(c, 1);
    if (!val_def(c->v, a) || !val_def(c->v, b))
        return;
    uint32_t ta = val_type_of(c->v, a), tb = val_type_of(c->v, b);
    char expected[96];
    snprintf(expected, sizeof expected, "a vector whose component type is the Result Type %%%u", c->i->type_id);
    if (val_def_opcode(c->v, ta) != SPVK_OP_TypeVector || val_scalar_type(c->v, ta) != c->i->type_id)
        val_inst_operand_error(c, "Vector 1", a, ta, expected);
    else if (tb != ta)
        val_inst_operand_error(c, "Vector 2", b, tb, "the type of Vector 1");
}

/* OpIAddCarry, OpISubBorrow, OpUMulExtended, OpSMulExtended: a struct of two members of one
   integer scalar or vector type (unsigned but for OpSMulExtended); operands of that type. */
static void extended(ctx *c, bool unsigned_only)
{
    if (!operands(c, 2) || !val_def(c->v, c->i->type_id))
        return;
    const val_inst *s = val_def(c->v, c->i->type_id);
    const char *expected = unsigned_only ? "an OpTypeStruct of two members of one scalar or vector of integer type "
                                           "whose Signedness is 0"
                                         : "an OpTypeStruct of two members of one scalar or vector of integer type";
    if (s->opcode != SPVK_OP_TypeStruct || s->num_words != 4) {
        val_inst_result_error(c, expected);
        return;
    }
    uint32_t member = val_words(c->v, s)[2];
    if (val_words(c->v, s)[3] != member || !val_is_int_scalar_or_vector(c->v, member) ||
        (unsigned_only && val_int_signedness(c->v, member) != 0)) {
        val_inst_result_error(c, expected);
        return;
    }
    for (uint32_t n = 0; n < 2; n++) {
        uint32_t id = val_inst_operand(c, n);
        if (val_def(c->v, id) && val_type_of(c->v, id) != member) {
            char buf[64];
            snprintf(buf, sizeof buf, "the member type %%%u of Result Type", member);
            val_inst_operand_error(c, n == 0 ? "Operand 1" : "Operand 2", id, val_type_of(c->v, id), buf);
        }
    }
}

static void shift(ctx *c)
{
    if (!operands(c, 2) || !result_is(c, VAL_KIND_INT, false, false))
        return;
    int_like_result(c, 0, "Base", true);
    int_like_result(c, 1, "Shift", false);
}

static void bit_field(ctx *c, bool insert)
{
    uint32_t n = 0;
    if (!operands(c, insert ? 4 : 3) || !result_is(c, VAL_KIND_INT, false, false))
        return;
    same_as_result(c, n++, "Base");
    if (insert)
        same_as_result(c, n++, "Insert");
    int_scalar(c, n++, "Offset");
    int_scalar(c, n, "Count");
}

void val_check_arithmetic(val_state *v, const val_inst *i)
{
    ctx c = val_inst_check_of(v, i, RULE_ARITHMETIC);
    switch (i->opcode) {
    case SPVK_OP_SNegate:
        integer_op(&c, 1, true);
        break;
    case SPVK_OP_IAdd:
    case SPVK_OP_ISub:
    case SPVK_OP_IMul:
    case SPVK_OP_SDiv:
        integer_op(&c, 2, true);
        break;
    case SPVK_OP_SRem:
    case SPVK_OP_SMod:
        integer_op(&c, 2, false);
        break;
    case SPVK_OP_UDiv:
        unsigned_op(&c, true);
        break;
    case SPVK_OP_UMod:
        unsigned_op(&c, false);
        break;
    case SPVK_OP_FNegate:
        float_op(&c, 1, true);
        break;
    case SPVK_OP_FAdd:
    case SPVK_OP_FSub:
    case SPVK_OP_FMul:
    case SPVK_OP_FDiv:
        float_op(&c, 2, true);
        break;
    case SPVK_OP_FRem:
    case SPVK_OP_FMod:
        float_op(&c, 2, false);
        break;
    case SPVK_OP_VectorTimesScalar:
        vector_times_scalar(&c);
        break;
    case SPVK_OP_MatrixTimesScalar:
        matrix_times_scalar(&c);
        break;
    case SPVK_OP_VectorTimesMatrix:
        vector_times_matrix(&c);
        break;
    case SPVK_OP_MatrixTimesVector:
        matrix_times_vector(&c);
        break;
    case SPVK_OP_MatrixTimesMatrix:
        matrix_times_matrix(&c);
        break;
    case SPVK_OP_OuterProduct:
        outer_product(&c);
        break;
    case SPVK_OP_Dot:
        dot(&c);
        break;
    case SPVK_OP_IAddCarry:
    case SPVK_OP_ISubBorrow:
    case SPVK_OP_UMulExtended:
        extended(&c, true);
        break;
    case SPVK_OP_SMulExtended:
        extended(&c, false);
        break;
    default:
        break;
    }
    c.rule = RULE_BIT;
    switch (i->opcode) {
    case SPVK_OP_ShiftRightLogical:
    case SPVK_OP_ShiftRightArithmetic:
    case SPVK_OP_ShiftLeftLogical:
        shift(&c);
        break;
    case SPVK_OP_BitwiseOr:
    case SPVK_OP_BitwiseXor:
    case SPVK_OP_BitwiseAnd:
        integer_op(&c, 2, false);
        break;
    case SPVK_OP_Not:
        integer_op(&c, 1, false);
        break;
    case SPVK_OP_BitFieldInsert:
        bit_field(&c, true);
        break;
    case SPVK_OP_BitFieldSExtract:
    case SPVK_OP_BitFieldUExtract:
        bit_field(&c, false);
        break;
    case SPVK_OP_BitReverse:
        if (operands(&c, 1) && result_is(&c, VAL_KIND_INT, false, false))
            same_as_result(&c, 0, "Base");
        break;
    case SPVK_OP_BitCount:
        if (operands(&c, 1) && result_is(&c, VAL_KIND_INT, false, false))
            int_like_result(&c, 0, "Base", false);
        break;
    default:
        break;
    }
}
