/* The arith ops' verifiers beyond the generated operand/attribute/result checks, in the order
   MLIR 19 runs them after those: the traits (SameOperandsAndResultShape,
   SameInputOutputTensorDims, AllTypesMatch, TypesMatchWith, the select condition's PredOpTrait),
   then CastOpInterface's areCastCompatible, then the op's own verify(). The messages are MLIR's
   word for word, typo included ("intializing"). */
#include <string.h>

#include "arith_internal.h"

/* ---- Constraints ---- */

static bool is_signless_int(const spvk_ir_type *t)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER && t->flags == SPVK_INT_SIGNLESS;
}

static bool is_index(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INDEX; }
static bool is_float(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_FLOAT; }

static bool is_shaped(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR || t->kind == SPVK_TYPE_MEMREF);
}

static bool is_vector_or_tensor(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR);
}

bool arith_is_signless_fixed_int_like(const spvk_ir_type *t)
{
    if (is_vector_or_tensor(t))
        t = t->types[0];
    return is_signless_int(t);
}

bool arith_is_index_cast_type(const spvk_ir_type *t)
{
    const spvk_ir_type *e = is_shaped(t) ? t->types[0] : t;
    return is_signless_int(e) || is_index(e);
}

bool arith_is_bitcast_type(const spvk_ir_type *t)
{
    const spvk_ir_type *e = is_shaped(t) ? t->types[0] : t;
    return is_signless_int(e) || is_float(e);
}

bool arith_is_typed_attr(const spvk_ir_attr *a)
{
    if (!a)
        return false;
    if (a->dialect)
        return a->type != NULL;
    switch (a->kind) {
    case SPVK_ATTR_INTEGER:
    case SPVK_ATTR_FLOAT:
    case SPVK_ATTR_BOOL:
    case SPVK_ATTR_DENSE:
        return true;
    case SPVK_ATTR_STRING: /* a TypedAttr in MLIR, its type `none` unless given */
        return true;
    default:
        return false;
    }
}

/* ---- Shapes ---- */

static bool ranked(const spvk_ir_type *t)
{
    return is_shaped(t) && !(t->flags & SPVK_SHAPE_UNRANKED && t->kind != SPVK_TYPE_VECTOR);
}

/* MLIR's verifyCompatibleShape: both shaped or both not; ranks equal when ranked; static
   dimensions equal where both are static. */
static bool compatible_shapes(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if (is_shaped(a) != is_shaped(b))
        return false;
    if (!is_shaped(a) || !ranked(a) || !ranked(b))
        return true;
    if (a->num_ints != b->num_ints)
        return false;
    for (uint32_t i = 0; i < a->num_ints; i++)
        if (a->ints[i] != SPVK_DYNAMIC && b->ints[i] != SPVK_DYNAMIC && a->ints[i] != b->ints[i])
            return false;
    /* scalable dimensions of vectors must match too */
    if (a->kind == SPVK_TYPE_VECTOR && b->kind == SPVK_TYPE_VECTOR && a->flags != b->flags)
        return false;
    return true;
}

bool arith_verify_same_shape(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *first = NULL;
    for (uint32_t i = 0; i < op->num_operands + op->num_results; i++) {
        const spvk_ir_type *t = i < op->num_operands ? spvk_ir_operand(op, i)->type
                                                     : op->results[i - op->num_operands].type;
        if (!first)
            first = t;
        else if (!compatible_shapes(first, t))
            return spvk_ir_op_error(v, op, "requires the same shape for all operands and results");
    }
    return true;
}

/* OpTrait::Elementwise: vectors and tensors map element by element, so all of them (operands
   and results) are one kind of container of one shape, and scalars mix in only as operands. */
bool arith_verify_elementwise(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *first = NULL;
    uint32_t mappable_operands = 0, mappable_results = 0;
    bool same = true;
    for (uint32_t i = 0; i < op->num_operands + op->num_results; i++) {
        bool is_result = i >= op->num_operands;
        const spvk_ir_type *t = is_result ? op->results[i - op->num_operands].type : spvk_ir_operand(op, i)->type;
        if (!is_vector_or_tensor(t))
            continue;
        if (is_result)
            mappable_results++;
        else
            mappable_operands++;
        if (!first)
            first = t;
        else if (t->kind != first->kind || (t->flags & SPVK_SHAPE_UNRANKED) != (first->flags & SPVK_SHAPE_UNRANKED) ||
                 !compatible_shapes(first, t))
            same = false;
    }
    if (!mappable_operands && !mappable_results)
        return true;
    if (!mappable_operands)
        return spvk_ir_op_error(v, op, "if a result is non-scalar, then at least one operand must be non-scalar");
    if (!mappable_results)
        return spvk_ir_op_error(v, op, "if an operand is non-scalar, then there must be at least one non-scalar result");
    if (mappable_results != op->num_results)
        return spvk_ir_op_error(v, op, "if an operand is non-scalar, then all results must be non-scalar");
    if (!same)
        return spvk_ir_op_error(v, op, "all non-scalar operands/results must have the same shape and base type");
    return true;
}

static bool same_tensor_dims(const spvk_ir_type *a, const spvk_ir_type *b)
{
    bool ta = a && !a->dialect && a->kind == SPVK_TYPE_TENSOR, tb = b && !b->dialect && b->kind == SPVK_TYPE_TENSOR;
    uint32_t ra = ta && !(a->flags & SPVK_SHAPE_UNRANKED) ? a->num_ints : 0;
    uint32_t rb = tb && !(b->flags & SPVK_SHAPE_UNRANKED) ? b->num_ints : 0;
    return ra == rb && (!ra || memcmp(a->ints, b->ints, ra * sizeof *a->ints) == 0);
}

/* MLIR's areValidCastInputsAndOutputs (same encoding, compatible shapes) plus the element kinds. */
static bool same_encoding(const spvk_ir_type *a, const spvk_ir_type *b)
{
    bool ta = a->kind == SPVK_TYPE_TENSOR && !a->dialect && !(a->flags & SPVK_SHAPE_UNRANKED);
    bool tb = b->kind == SPVK_TYPE_TENSOR && !b->dialect && !(b->flags & SPVK_SHAPE_UNRANKED);
    if (!ta || !tb)
        return true;
    const spvk_ir_attr *ea = a->num_attrs ? a->attrs[0] : NULL, *eb = b->num_attrs ? b->attrs[0] : NULL;
    return ea == eb;
}

/* The element type when t is a scalar or a vector/tensor (memref too when allowed); NULL else. */
static const spvk_ir_type *like_element(const spvk_ir_type *t, bool allow_memref)
{
    if (!t || t->dialect)
        return t && !is_shaped(t) ? t : NULL;
    if (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR || (allow_memref && t->kind == SPVK_TYPE_MEMREF))
        return t->types[0];
    if (t->kind == SPVK_TYPE_MEMREF)
        return NULL;
    return t;
}

typedef enum cast_kind { CAST_WIDER_INT, CAST_NARROWER_INT, CAST_WIDER_FLOAT, CAST_NARROWER_FLOAT,
                         CAST_INT_FLOAT, CAST_FLOAT_INT, CAST_INDEX, CAST_BITS } cast_kind;

static uint32_t float_width(const spvk_ir_type *t)
{
    return t->flags == SPVK_FLOAT_TF32 ? 19 : t->width;
}

static bool cast_compatible(const spvk_ir_type *in, const spvk_ir_type *out, cast_kind kind)
{
    if (!same_encoding(in, out) || !compatible_shapes(in, out))
        return false;
    bool memref = kind == CAST_INDEX || kind == CAST_BITS;
    const spvk_ir_type *s = like_element(in, memref), *d = like_element(out, memref);
    if (!s || !d || s->dialect || d->dialect)
        return false;
    bool si = s->kind == SPVK_TYPE_INTEGER, di = d->kind == SPVK_TYPE_INTEGER;
    bool sf = s->kind == SPVK_TYPE_FLOAT, df = d->kind == SPVK_TYPE_FLOAT;
    switch (kind) {
    case CAST_WIDER_INT: return si && di && d->width > s->width;
    case CAST_NARROWER_INT: return si && di && d->width < s->width;
    case CAST_WIDER_FLOAT: return sf && df && float_width(d) > float_width(s);
    case CAST_NARROWER_FLOAT: return sf && df && float_width(d) < float_width(s);
    case CAST_INT_FLOAT: return si && df;
    case CAST_FLOAT_INT: return sf && di;
    case CAST_INDEX: return (is_index(s) && is_signless_int(d)) || (is_signless_int(s) && is_index(d));
    default: return (si || sf) && (di || df) && (si ? s->width : float_width(s)) == (di ? d->width : float_width(d));
    }
}

static bool verify_cast(spvk_ir_verifier *v, const spvk_ir_op *op, cast_kind kind)
{
    if (op->num_operands != 1 || op->num_results != 1)
        return true; /* the generated checks said so */
    const spvk_ir_type *in = spvk_ir_operand(op, 0)->type, *out = op->results[0].type;
    if (!arith_verify_same_shape(v, op))
        return false;
    if (!same_tensor_dims(in, out))
        return spvk_ir_op_error(v, op, "failed to verify that input and output have the same tensor dimensions");
    if (!cast_compatible(in, out, kind)) {
        spvk_ir_context *ctx = spvk_ir_verifier_context(v);
        char *a = spvk_ir_print_type(ctx, in), *b = spvk_ir_print_type(ctx, out);
        spvk_ir_op_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", a ? a : "?",
                         b ? b : "?");
        const spvk_allocator *al = spvk_ir_context_allocator(ctx);
        if (a)
            spvk_free(al, a, strlen(a) + 1);
        if (b)
            spvk_free(al, b, strlen(b) + 1);
        return false;
    }
    return arith_verify_elementwise(v, op);
}

bool arith_extui_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_WIDER_INT); }
bool arith_extsi_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_WIDER_INT); }
bool arith_extf_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_WIDER_FLOAT); }
bool arith_trunci_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_NARROWER_INT); }
bool arith_truncf_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_NARROWER_FLOAT); }
bool arith_index_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_INDEX); }
bool arith_bitcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_cast(v, op, CAST_BITS); }

bool arith_int_float_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *in = op->num_operands ? arith_element_type(spvk_ir_operand(op, 0)->type) : NULL;
    return verify_cast(v, op, in && in->kind == SPVK_TYPE_FLOAT ? CAST_FLOAT_INT : CAST_INT_FLOAT);
}

/* ---- Constant ---- */

static bool is_scalable_vector(const spvk_ir_type *t)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_VECTOR && t->flags != 0;
}

bool arith_constant_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *value = spvk_ir_op_attr(op, "value");
    if (!value || op->num_results != 1)
        return true;
    const spvk_ir_type *type = op->results[0].type;
    if (value->type != type)
        return spvk_ir_op_error(v, op, "failed to verify that all of {value, result} have same type");
    if (type && !type->dialect && type->kind == SPVK_TYPE_INTEGER && type->flags != SPVK_INT_SIGNLESS)
        return spvk_ir_op_error(v, op, "integer return type must be signless");
    bool ok_kind = !value->dialect && (value->kind == SPVK_ATTR_INTEGER || value->kind == SPVK_ATTR_FLOAT ||
                                       value->kind == SPVK_ATTR_BOOL || value->kind == SPVK_ATTR_DENSE);
    if (!ok_kind)
        return spvk_ir_op_error(v, op, "value must be an integer, float, or elements attribute");
    if (is_scalable_vector(type) && !(value->kind == SPVK_ATTR_DENSE && value->flags & SPVK_DENSE_SPLAT))
        return spvk_ir_op_error(v, op,
                                "intializing scalable vectors with elements attribute is not supported unless it's "
                                "a vector splat");
    return true;
}

/* ---- Comparisons: the result is i1 of the operands' shape ---- */

bool arith_compare_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands < 1 || op->num_results != 1)
        return true;
    const spvk_ir_type *want = arith_i1_same_shape(spvk_ir_verifier_context(v), spvk_ir_operand(op, 0)->type);
    if (want && op->results[0].type != want)
        return spvk_ir_op_error(v, op,
                                "failed to verify that result type has i1 element type and same shape as operands");
    return true;
}

/* ---- Select ---- */

static bool same_shape_exactly(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if (!ranked(a) || !ranked(b))
        return ranked(a) == ranked(b);
    return a->num_ints == b->num_ints && memcmp(a->ints, b->ints, a->num_ints * sizeof *a->ints) == 0;
}

bool arith_select_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands != 3 || op->num_results != 1)
        return true;
    const spvk_ir_type *cond = spvk_ir_operand(op, 0)->type, *result = op->results[0].type;
    if (spvk_ir_operand(op, 1)->type != spvk_ir_operand(op, 2)->type || spvk_ir_operand(op, 1)->type != result)
        return spvk_ir_op_error(v, op, "failed to verify that all of {true_value, false_value, result} have same type");
    bool cond_i1 = is_signless_int(cond) && cond->width == 1;
    if (!cond_i1 && !(is_shaped(cond) && is_shaped(result) && same_shape_exactly(cond, result)))
        return spvk_ir_op_error(v, op, "failed to verify that condition is signless i1 or has matching shape");
    if (!arith_verify_elementwise(v, op))
        return false;
    if (cond_i1)
        return true;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    if (!is_vector_or_tensor(result)) {
        char *c = spvk_ir_print_type(ctx, cond);
        spvk_ir_op_error(v, op, "expected condition to be a signless i1, but got %s", c ? c : "?");
        if (c)
            spvk_free(spvk_ir_context_allocator(ctx), c, strlen(c) + 1);
        return false;
    }
    const spvk_ir_type *want = arith_i1_same_shape(ctx, result);
    if (cond != want) {
        char *w = spvk_ir_print_type(ctx, want), *c = spvk_ir_print_type(ctx, cond);
        spvk_ir_op_error(v, op,
                         "expected condition type to have the same shape as the result type, expected %s, but got %s",
                         w ? w : "?", c ? c : "?");
        const spvk_allocator *al = spvk_ir_context_allocator(ctx);
        if (w)
            spvk_free(al, w, strlen(w) + 1);
        if (c)
            spvk_free(al, c, strlen(c) + 1);
        return false;
    }
    return true;
}
