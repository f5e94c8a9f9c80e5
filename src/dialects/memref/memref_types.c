/* Memref type helpers for the memref and vector dialects' hooks. */
#include <string.h>

#include "memref_internal.h"

bool memref_is_memref(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_MEMREF; }
bool memref_is_ranked(const spvk_ir_type *t) { return memref_is_memref(t) && !(t->flags & SPVK_SHAPE_UNRANKED); }
bool memref_is_unranked(const spvk_ir_type *t) { return memref_is_memref(t) && (t->flags & SPVK_SHAPE_UNRANKED); }
uint32_t memref_rank(const spvk_ir_type *t) { return memref_is_ranked(t) ? t->num_ints : 0; }
const spvk_ir_type *memref_element(const spvk_ir_type *t) { return t && t->num_types ? t->types[0] : NULL; }
const spvk_ir_attr *memref_layout(const spvk_ir_type *t) { return t && t->num_attrs > 0 ? t->attrs[0] : NULL; }
const spvk_ir_attr *memref_space(const spvk_ir_type *t) { return t && t->num_attrs > 1 ? t->attrs[1] : NULL; }

uint32_t memref_num_dynamic_dims(const spvk_ir_type *t)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < memref_rank(t); i++)
        n += t->ints[i] == SPVK_DYNAMIC;
    return n;
}

bool memref_has_static_shape(const spvk_ir_type *t) { return memref_is_ranked(t) && memref_num_dynamic_dims(t) == 0; }

bool memref_layout_is_affine_map(const spvk_ir_type *t)
{
    const spvk_ir_attr *l = memref_layout(t);
    return l && !spvk_ir_attr_is_strided_layout(l);
}

bool memref_layout_is_identity(const spvk_ir_type *t)
{
    const spvk_ir_attr *l = memref_layout(t);
    if (!l)
        return true;
    int64_t strides[2], offset;
    uint32_t rank;
    /* A strided layout is the identity map only as strided<[]> or strided<[1]> (its map is then
       `() -> ()` or `(d0) -> (d0)`); the parser already left identity affine maps out. */
    if (!spvk_ir_strided_layout_get(l, strides, 2, &rank, &offset))
        return false;
    return offset == 0 && (rank == 0 || (rank == 1 && strides[0] == 1));
}

const spvk_ir_type *memref_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank, const spvk_ir_type *elem,
                                const spvk_ir_attr *layout, const spvk_ir_attr *space)
{
    const spvk_ir_attr *attrs[2] = {layout, space};
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_MEMREF;
    d.types = &elem;
    d.num_types = 1;
    d.ints = shape;
    d.num_ints = rank;
    d.attrs = attrs;
    d.num_attrs = space ? 2 : layout ? 1 : 0;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *memref_tensor_of(spvk_ir_context *ctx, const spvk_ir_type *memref)
{
    const spvk_ir_type *elem = memref_element(memref);
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_TENSOR;
    d.types = &elem;
    d.num_types = 1;
    if (memref_is_unranked(memref))
        d.flags = SPVK_SHAPE_UNRANKED;
    else {
        d.ints = memref->ints;
        d.num_ints = memref->num_ints;
    }
    return spvk_ir_type_get(ctx, &d);
}

bool memref_segment(const spvk_ir_op *op, uint32_t group, uint32_t *first, uint32_t *count)
{
    const spvk_ir_attr *sizes = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (!sizes || sizes->dialect || sizes->kind != SPVK_ATTR_DENSE_ARRAY || group >= sizes->num_attrs)
        return false;
    uint64_t at = 0;
    for (uint32_t i = 0; i < sizes->num_attrs; i++) {
        const spvk_ir_attr *e = sizes->attrs[i];
        if (!e || e->kind != SPVK_ATTR_INTEGER || e->value < 0)
            return false;
        if (i == group) {
            *first = (uint32_t)at;
            *count = (uint32_t)e->value;
        }
        at += (uint64_t)e->value;
    }
    return at == op->num_operands;
}

bool memref_dense_i64(const spvk_ir_attr *a, int64_t *out, uint32_t max, uint32_t *count)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_DENSE_ARRAY || a->num_attrs > max)
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++) {
        if (!a->attrs[i] || a->attrs[i]->kind != SPVK_ATTR_INTEGER)
            return false;
        out[i] = a->attrs[i]->value;
    }
    *count = a->num_attrs;
    return true;
}

bool memref_constant_index(const spvk_ir_value *v, int64_t *out)
{
    const spvk_ir_op *d = v ? v->defining_op : NULL;
    if (!d || !(d->def->traits & SPVK_TRAIT_CONSTANT_LIKE))
        return false;
    const spvk_ir_attr *a = spvk_ir_op_attr(d, "value");
    if (!a || a->dialect || a->kind != SPVK_ATTR_INTEGER)
        return false;
    *out = a->value;
    return true;
}

/* ---- Constraints (memref.ops) ---- */

bool memref_is_non0_ranked_or_unranked(const spvk_ir_type *t)
{
    return memref_is_unranked(t) || (memref_is_ranked(t) && t->num_ints > 0);
}

/* MLIR's isStrided: identity or strided layouts; an affine map layout we do not analyse counts
   as strided (accepting what MLIR might reject, never the other way). */
bool memref_is_strided(const spvk_ir_type *t) { return memref_is_ranked(t); }
bool memref_is_strided_rank0(const spvk_ir_type *t) { return memref_is_strided(t) && t->num_ints == 0; }
bool memref_is_static_shape(const spvk_ir_type *t) { return memref_has_static_shape(t); }
bool memref_is_rank1(const spvk_ir_type *t) { return memref_is_ranked(t) && t->num_ints == 1; }

bool memref_is_rank1_i8(const spvk_ir_type *t)
{
    const spvk_ir_type *e = memref_element(t);
    return memref_is_rank1(t) && e && !e->dialect && e->kind == SPVK_TYPE_INTEGER && e->width == 8 &&
           e->flags == SPVK_INT_SIGNLESS;
}

bool memref_is_signless_int_or_float(const spvk_ir_type *t)
{
    return t && !t->dialect &&
           ((t->kind == SPVK_TYPE_INTEGER && t->flags == SPVK_INT_SIGNLESS) || t->kind == SPVK_TYPE_FLOAT);
}

bool memref_is_of_int_or_float(const spvk_ir_type *t)
{
    return memref_is_ranked(t) && memref_is_signless_int_or_float(memref_element(t));
}

bool memref_is_rank1_int_or_index(const spvk_ir_type *t)
{
    const spvk_ir_type *e = memref_element(t);
    return memref_is_rank1(t) && e && !e->dialect &&
           ((e->kind == SPVK_TYPE_INTEGER && e->flags == SPVK_INT_SIGNLESS) || e->kind == SPVK_TYPE_INDEX);
}

static bool is_int_attr(const spvk_ir_attr *a, uint32_t width)
{
    return a && !a->dialect && a->kind == SPVK_ATTR_INTEGER && a->type && !a->type->dialect &&
           a->type->kind == SPVK_TYPE_INTEGER && a->type->width == width && a->type->flags == SPVK_INT_SIGNLESS;
}

bool memref_is_non_negative_i64_attr(const spvk_ir_attr *a) { return is_int_attr(a, 64) && a->value >= 0; }
bool memref_is_positive_i32_attr(const spvk_ir_attr *a) { return is_int_attr(a, 32) && a->value > 0; }

bool memref_is_index_list_array_attr(const spvk_ir_attr *a)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_ARRAY)
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++) {
        const spvk_ir_attr *g = a->attrs[i];
        if (!g || g->dialect || g->kind != SPVK_ATTR_ARRAY)
            return false;
        for (uint32_t j = 0; j < g->num_attrs; j++)
            if (!is_int_attr(g->attrs[j], 64))
                return false;
    }
    return true;
}

bool memref_is_memref_type_attr(const spvk_ir_attr *a)
{
    return a && !a->dialect && a->kind == SPVK_ATTR_TYPE && memref_is_memref(a->type);
}
