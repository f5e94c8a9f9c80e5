/* The memref ops' own verifiers (MLIR's hasVerifier and interface verifiers), with MLIR 19's
   messages. The generated checks (operand and result counts and constraints, attribute
   constraints, type relations) have run before these: they may rely on the ops' shape but still
   stay defensive, as a hand-built op reaches them too. */
#include <stdio.h>
#include <string.h>

#include "memref_internal.h"

#define TYPE_TEXT 480

/* A type's text for a message, into buf (TYPE_TEXT bytes). */
static const char *tt(spvk_ir_verifier *v, const spvk_ir_type *t, char *buf)
{
    return spvk_ir_type_text(spvk_ir_verifier_context(v), t, buf, TYPE_TEXT);
}

static const spvk_ir_type *operand_type(const spvk_ir_op *op, uint32_t i)
{
    return i < op->num_operands && op->operands[i].value ? op->operands[i].value->type : NULL;
}

static const spvk_ir_type *result_type(const spvk_ir_op *op, uint32_t i)
{
    return i < op->num_results ? op->results[i].type : NULL;
}

/* Number of symbols of a layout's affine map: `[s0, s1]` of affine_map<(d0)[s0, s1] -> ...>, or
   for a strided layout one per dynamic offset and stride (its map's symbols). */
static uint32_t layout_symbols(const spvk_ir_type *t)
{
    const spvk_ir_attr *l = memref_layout(t);
    if (!l)
        return 0;
    int64_t strides[MEMREF_MAX_RANK], offset;
    uint32_t rank;
    if (spvk_ir_strided_layout_get(l, strides, MEMREF_MAX_RANK, &rank, &offset)) {
        uint32_t n = offset == SPVK_DYNAMIC;
        for (uint32_t i = 0; i < rank; i++)
            n += strides[i] == SPVK_DYNAMIC;
        return n;
    }
    if (l->dialect || l->kind != SPVK_ATTR_OPAQUE || !l->string)
        return 0;
    /* affine_map<(dims)[syms] -> (...)>: the symbols are the comma-separated names in the first
       `[...]` before the arrow. */
    const char *s = l->string, *e = s + l->length;
    const char *arrow = NULL;
    for (const char *q = s; q + 1 < e; q++)
        if (q[0] == '-' && q[1] == '>') {
            arrow = q;
            break;
        }
    if (!arrow)
        return 0;
    const char *open = memchr(s, '[', (size_t)(arrow - s));
    if (!open)
        return 0;
    uint32_t n = 0;
    bool any = false;
    for (const char *q = open + 1; q < arrow && *q != ']'; q++) {
        if (*q == ',')
            n++;
        else if (*q != ' ')
            any = true;
    }
    return any ? n + 1 : 0;
}

static bool verify_alloc_like(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *t = result_type(op, 0);
    if (!memref_is_ranked(t))
        return spvk_ir_op_error(v, op, "result must be a memref");
    uint32_t first, dyn, symbols;
    if (!memref_segment(op, 0, &first, &dyn) || !memref_segment(op, 1, &first, &symbols))
        return true; /* the generated checks report the segments */
    if (dyn != memref_num_dynamic_dims(t))
        return spvk_ir_op_error(v, op, "dimension operand count does not equal memref dynamic dimension count");
    uint32_t expected = layout_symbols(t);
    if (symbols != expected)
        return spvk_ir_op_error(v, op, "symbol operand count does not equal memref symbol count: expected %u, got %u",
                                expected, symbols);
    return true;
}

bool memref_alloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op) { return verify_alloc_like(v, op); }

bool memref_alloca_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_op *p = spvk_ir_op_parent(op);
    while (p && !(p->def->traits & SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE))
        p = spvk_ir_op_parent(p);
    if (!p)
        return spvk_ir_op_error(v, op, "requires an ancestor op with AutomaticAllocationScope trait");
    return verify_alloc_like(v, op);
}

bool memref_load_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *t = operand_type(op, 0);
    if (memref_is_ranked(t) && op->num_operands - 1 != memref_rank(t))
        return spvk_ir_op_error(v, op, "incorrect number of indices for load, expected %u but got %u", memref_rank(t),
                                op->num_operands - 1);
    return true;
}

bool memref_store_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *t = operand_type(op, 1);
    if (memref_is_ranked(t) && op->num_operands - 2 != memref_rank(t))
        return spvk_ir_op_error(v, op, "store index operand count not equal to memref rank");
    return true;
}

static bool dim_compatible(int64_t a, int64_t b) { return a == SPVK_DYNAMIC || b == SPVK_DYNAMIC || a == b; }

bool memref_cast_compatible(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if (!memref_is_memref(a) || !memref_is_memref(b))
        return false;
    if (memref_is_ranked(a) && memref_is_ranked(b)) {
        if (memref_element(a) != memref_element(b))
            return false;
        if (memref_layout(a) != memref_layout(b)) {
            int64_t as[MEMREF_MAX_RANK], bs[MEMREF_MAX_RANK], ao, bo;
            if (!spvk_ir_memref_strides(a, as, MEMREF_MAX_RANK, &ao) ||
                !spvk_ir_memref_strides(b, bs, MEMREF_MAX_RANK, &bo) || a->num_ints != b->num_ints)
                return false;
            if (!dim_compatible(ao, bo))
                return false;
            for (uint32_t i = 0; i < a->num_ints; i++)
                if (!dim_compatible(as[i], bs[i]))
                    return false;
        }
        if (memref_space(a) != memref_space(b) || a->num_ints != b->num_ints)
            return false;
        for (uint32_t i = 0; i < a->num_ints; i++)
            if (!dim_compatible(a->ints[i], b->ints[i]))
                return false;
        return true;
    }
    if (memref_is_unranked(a) && memref_is_unranked(b))
        return false; /* unranked to unranked is not a cast */
    return memref_element(a) == memref_element(b) && memref_space(a) == memref_space(b);
}

bool memref_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *a = operand_type(op, 0), *b = result_type(op, 0);
    if (!memref_cast_compatible(a, b)) {
        char x[TYPE_TEXT], y[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", tt(v, a, x),
                                tt(v, b, y));
    }
    return true;
}

bool memref_memory_space_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *a = operand_type(op, 0), *b = result_type(op, 0);
    bool ok = memref_is_memref(a) && memref_is_memref(b) && memref_element(a) == memref_element(b) &&
              memref_is_ranked(a) == memref_is_ranked(b) && memref_layout(a) == memref_layout(b);
    if (ok && memref_is_ranked(a)) {
        ok = a->num_ints == b->num_ints;
        for (uint32_t i = 0; ok && i < a->num_ints; i++)
            ok = a->ints[i] == b->ints[i];
    }
    if (!ok) {
        char x[TYPE_TEXT], y[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", tt(v, a, x),
                                tt(v, b, y));
    }
    return true;
}

bool memref_copy_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *a = operand_type(op, 0), *b = operand_type(op, 1);
    if (!a || !b)
        return true;
    if (memref_element(a) != memref_element(b))
        return spvk_ir_op_error(v, op, "requires the same element type for all operands");
    if (memref_is_ranked(a) && memref_is_ranked(b)) {
        bool ok = a->num_ints == b->num_ints;
        for (uint32_t i = 0; ok && i < a->num_ints; i++)
            ok = dim_compatible(a->ints[i], b->ints[i]);
        if (!ok)
            return spvk_ir_op_error(v, op, "requires the same shape for all operands");
    }
    return true;
}

static bool is_power_of_2(uint64_t x) { return x && !(x & (x - 1)); }

bool memref_global_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *ta = spvk_ir_op_attr(op, "type");
    const spvk_ir_type *t = ta && ta->kind == SPVK_ATTR_TYPE ? ta->type : NULL;
    /* The Symbol trait's check comes first, as in MLIR. */
    const spvk_ir_attr *vis = spvk_ir_op_attr(op, "sym_visibility");
    if (vis && !vis->dialect && vis->kind == SPVK_ATTR_STRING &&
        !(vis->length == 6 && memcmp(vis->string, "public", 6) == 0) &&
        !(vis->length == 7 && memcmp(vis->string, "private", 7) == 0) &&
        !(vis->length == 6 && memcmp(vis->string, "nested", 6) == 0))
        return spvk_ir_op_error(v, op,
                                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%.*s\"",
                                (int)vis->length, vis->string);
    if (!memref_has_static_shape(t)) {
        char x[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "type should be static shaped memref, but got '%s'", tt(v, t, x));
    }
    const spvk_ir_attr *init = spvk_ir_op_attr(op, "initial_value");
    if (init && !init->dialect) {
        if (init->kind != SPVK_ATTR_UNIT && init->kind != SPVK_ATTR_DENSE) {
            char *s = spvk_ir_print_attr(spvk_ir_verifier_context(v), init);
            bool r = spvk_ir_op_error(v, op, "initial value should be a unit or elements attribute, but got %s",
                                      s ? s : "?");
            if (s)
                spvk_free(spvk_ir_context_allocator(spvk_ir_verifier_context(v)), s, strlen(s) + 1);
            return r;
        }
        if (init->kind == SPVK_ATTR_DENSE) {
            const spvk_ir_type *want = memref_tensor_of(spvk_ir_verifier_context(v), t);
            if (want && init->type != want) {
                char x[TYPE_TEXT], y[TYPE_TEXT];
                return spvk_ir_op_error(v, op, "initial value expected to be of type '%s', but was of type '%s'",
                                        tt(v, want, x), tt(v, init->type, y));
            }
        }
    }
    const spvk_ir_attr *align = spvk_ir_op_attr(op, "alignment");
    if (align && align->kind == SPVK_ATTR_INTEGER && !is_power_of_2((uint64_t)align->value))
        return spvk_ir_op_emit_error(v, op, "alignment attribute value %llu is not a power of 2",
                                     (unsigned long long)align->value);
    return true;
}

bool memref_get_global_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *name = spvk_ir_op_attr(op, "name");
    if (!name || name->kind != SPVK_ATTR_SYMBOL_REF)
        return true;
    spvk_ir_op *g = spvk_ir_verifier_resolve_symbol(v, op, name);
    if (!g || strcmp(spvk_ir_op_name(g), "memref.global") != 0)
        return spvk_ir_op_error(v, op, "'%.*s' does not reference a valid global memref", (int)name->length,
                                name->string);
    const spvk_ir_attr *ta = spvk_ir_op_attr(g, "type");
    const spvk_ir_type *gt = ta && ta->kind == SPVK_ATTR_TYPE ? ta->type : NULL;
    const spvk_ir_type *rt = result_type(op, 0);
    if (gt != rt) {
        char x[TYPE_TEXT], y[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "result type '%s' does not match type '%s' of the global memref @%.*s",
                                tt(v, rt, x), tt(v, gt, y), (int)name->length, name->string);
    }
    return true;
}

bool memref_view_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *base = operand_type(op, 0), *view = result_type(op, 0);
    if (!memref_is_ranked(base) || !memref_is_ranked(view))
        return true;
    char x[TYPE_TEXT], y[TYPE_TEXT];
    if (!memref_layout_is_identity(base))
        return spvk_ir_op_emit_error(v, op, "unsupported map for base memref type '%s'", tt(v, base, x));
    if (!memref_layout_is_identity(view))
        return spvk_ir_op_emit_error(v, op, "unsupported map for result memref type '%s'", tt(v, view, x));
    if (memref_space(base) != memref_space(view))
        return spvk_ir_op_emit_error(v, op,
                                     "different memory spaces specified for base memref type '%s' and view memref "
                                     "type '%s'",
                                     tt(v, base, x), tt(v, view, y));
    if (op->num_operands < 2 || op->num_operands - 2 != memref_num_dynamic_dims(view))
        return spvk_ir_op_emit_error(v, op, "incorrect number of size operands for type '%s'", tt(v, view, x));
    return true;
}

/* ---- Offsets, sizes and strides (MLIR's OffsetSizeAndStrideOpInterface) ---- */

typedef struct mixed_list {
    int64_t values[MEMREF_MAX_RANK];
    uint32_t count;
    uint32_t first, dynamic; /* the operands */
    bool ok;
} mixed_list;

static void read_list(const spvk_ir_op *op, uint32_t group, const char *attr, mixed_list *l)
{
    l->ok = memref_dense_i64(spvk_ir_op_attr(op, attr), l->values, MEMREF_MAX_RANK, &l->count) &&
            memref_segment(op, group, &l->first, &l->dynamic);
}

static bool verify_list(spvk_ir_verifier *v, const spvk_ir_op *op, const char *name, uint32_t expected,
                        const mixed_list *l)
{
    if (l->count != expected)
        return spvk_ir_op_emit_error(v, op, "expected %u %s values, got %u", expected, name, l->count);
    uint32_t dyn = 0;
    for (uint32_t i = 0; i < l->count; i++)
        dyn += l->values[i] == SPVK_DYNAMIC;
    if (dyn != l->dynamic)
        return spvk_ir_op_emit_error(v, op, "expected %u dynamic %s values", dyn, name);
    return true;
}

/* max_offsets: 1 for reinterpret_cast (one offset), the rank for subview. */
static bool verify_offsets_sizes_strides(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t max_offsets,
                                         uint32_t max_rank, const mixed_list *off, const mixed_list *sz,
                                         const mixed_list *st)
{
    if (!(off->count == 1 && max_offsets == 1) && off->count != sz->count)
        return spvk_ir_op_emit_error(v, op,
                                     "expected mixed offsets rank to match mixed sizes rank (%u vs %u) so the rank of "
                                     "the result type is well-formed.",
                                     off->count, sz->count);
    if (sz->count != st->count)
        return spvk_ir_op_emit_error(v, op,
                                     "expected mixed sizes rank to match mixed strides rank (%u vs %u) so the rank of "
                                     "the result type is well-formed.",
                                     sz->count, st->count);
    if (!verify_list(v, op, "offset", max_offsets, off) || !verify_list(v, op, "size", max_rank, sz) ||
        !verify_list(v, op, "stride", max_rank, st))
        return false;
    for (uint32_t i = 0; i < off->count; i++)
        if (off->values[i] < 0 && off->values[i] != SPVK_DYNAMIC)
            return spvk_ir_op_emit_error(v, op, "expected offsets to be non-negative, but got %lld",
                                         (long long)off->values[i]);
    for (uint32_t i = 0; i < sz->count; i++)
        if (sz->values[i] < 0 && sz->values[i] != SPVK_DYNAMIC)
            return spvk_ir_op_emit_error(v, op, "expected sizes to be non-negative, but got %lld",
                                         (long long)sz->values[i]);
    return true;
}

/* MLIR's SaturatedInteger: `?` absorbs, except that 0 times anything is 0. */
static int64_t sat_mul(int64_t a, int64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    if (a == SPVK_DYNAMIC || b == SPVK_DYNAMIC)
        return SPVK_DYNAMIC;
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r) || r == SPVK_DYNAMIC)
        return SPVK_DYNAMIC;
    return r;
}

static int64_t sat_add(int64_t a, int64_t b)
{
    if (a == SPVK_DYNAMIC || b == SPVK_DYNAMIC)
        return SPVK_DYNAMIC;
    int64_t r;
    if (__builtin_add_overflow(a, b, &r) || r == SPVK_DYNAMIC)
        return SPVK_DYNAMIC;
    return r;
}

/* Which dims of `orig` are left out of `reduced` (MLIR's computeRankReductionMask); false when
   the shapes do not match that way. */
static bool rank_reduction_mask(const int64_t *orig, uint32_t orig_rank, const int64_t *reduced, uint32_t reduced_rank,
                                bool *unused)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < orig_rank; i++) {
        unused[i] = false;
        if (r < reduced_rank && orig[i] == reduced[r]) {
            r++;
            continue;
        }
        unused[i] = true;
        if (orig[i] != 1)
            return false;
    }
    return r == reduced_rank;
}

static uint32_t count_of(const int64_t *a, uint32_t n, int64_t x)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < n; i++)
        c += a[i] == x;
    return c;
}

bool memref_subview_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *base = operand_type(op, 0), *sub = result_type(op, 0);
    if (!memref_is_ranked(base) || !memref_is_ranked(sub))
        return true;
    mixed_list off, sz, st;
    read_list(op, 1, "static_offsets", &off);
    read_list(op, 2, "static_sizes", &sz);
    read_list(op, 3, "static_strides", &st);
    if (!off.ok || !sz.ok || !st.ok)
        return true;
    uint32_t rank = memref_rank(base);
    if (!verify_offsets_sizes_strides(v, op, rank, rank, &off, &sz, &st))
        return false;
    char x[TYPE_TEXT], y[TYPE_TEXT];
    if (memref_space(base) != memref_space(sub))
        return spvk_ir_op_emit_error(v, op,
                                     "different memory spaces specified for base memref type '%s' and subview memref "
                                     "type '%s'",
                                     tt(v, base, x), tt(v, sub, y));
    int64_t bs[MEMREF_MAX_RANK], bo;
    if (!spvk_ir_memref_strides(base, bs, MEMREF_MAX_RANK, &bo)) {
        if (memref_layout_is_affine_map(base))
            return true; /* an affine map layout: not analysed here */
        return spvk_ir_op_emit_error(v, op, "base type '%s' is not strided", tt(v, base, x));
    }
    /* The type without rank reduction (MLIR's SubViewOp::inferResultType). */
    int64_t eo = bo, es[MEMREF_MAX_RANK];
    for (uint32_t i = 0; i < rank; i++) {
        eo = sat_add(eo, sat_mul(off.values[i], bs[i]));
        es[i] = sat_mul(bs[i], st.values[i]);
    }
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    const spvk_ir_attr *layout = spvk_ir_strided_layout(ctx, es, rank, eo);
    const spvk_ir_type *expected =
        layout ? memref_type(ctx, sz.values, rank, memref_element(base), layout, memref_space(base)) : NULL;
    if (!expected || expected == sub)
        return true;
    uint32_t sub_rank = memref_rank(sub);
    if (sub_rank > rank)
        return spvk_ir_op_emit_error(v, op, "expected result rank to be smaller or equal to the source rank. ");
    bool unused[MEMREF_MAX_RANK];
    if (!rank_reduction_mask(sz.values, rank, sub->ints, sub_rank, unused))
        return spvk_ir_op_emit_error(
            v, op, "expected result type to be '%s' or a rank-reduced version. (mismatch of result sizes) ",
            tt(v, expected, x));
    if (memref_element(base) != memref_element(sub))
        return spvk_ir_op_emit_error(v, op, "expected result element type to be '%s'", tt(v, memref_element(base), x));
    int64_t ss[MEMREF_MAX_RANK], so;
    bool strided = spvk_ir_memref_strides(sub, ss, MEMREF_MAX_RANK, &so);
    if (!strided && memref_layout_is_affine_map(sub))
        return true;
    if (!strided || so != eo)
        goto layout_mismatch;
    /* Which dims were dropped (MLIR's computeMemRefRankReductionMask): those of static size 1,
       unless the result keeps their stride. */
    if (sub_rank != rank) {
        uint32_t dropped = 0;
        for (uint32_t i = 0; i < rank; i++) {
            unused[i] = sz.values[i] == 1;
            dropped += unused[i];
        }
        if (dropped + sub_rank != rank) {
            uint32_t unaccounted[MEMREF_MAX_RANK];
            for (uint32_t i = 0; i < rank; i++)
                unaccounted[i] = count_of(es, rank, es[i]);
            for (uint32_t i = 0; i < rank; i++) {
                if (!unused[i])
                    continue;
                uint32_t have = 0, in_candidate = count_of(ss, sub_rank, es[i]);
                for (uint32_t j = 0; j < rank; j++)
                    if (es[j] == es[i]) {
                        have = unaccounted[j];
                        break;
                    }
                if (have > in_candidate) {
                    for (uint32_t j = 0; j < rank; j++)
                        if (es[j] == es[i])
                            unaccounted[j]--;
                } else if (have == in_candidate)
                    unused[i] = false;
                else
                    goto layout_mismatch;
            }
            dropped = 0;
            for (uint32_t i = 0; i < rank; i++)
                dropped += unused[i];
            if (dropped + sub_rank != rank)
                goto layout_mismatch;
        }
    } else
        for (uint32_t i = 0; i < rank; i++)
            unused[i] = false;
    for (uint32_t i = 0, j = 0; i < rank; i++) {
        if (unused[i])
            continue;
        if (j >= sub_rank || es[i] != ss[j])
            goto layout_mismatch;
        j++;
    }
    return true;
layout_mismatch:
    return spvk_ir_op_emit_error(v, op,
                                 "expected result type to be '%s' or a rank-reduced version. (mismatch of result "
                                 "layout) ",
                                 tt(v, expected, x));
}

bool memref_reinterpret_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0), *res = result_type(op, 0);
    if (!memref_is_memref(src) || !memref_is_ranked(res))
        return true;
    mixed_list off, sz, st;
    read_list(op, 1, "static_offsets", &off);
    read_list(op, 2, "static_sizes", &sz);
    read_list(op, 3, "static_strides", &st);
    if (!off.ok || !sz.ok || !st.ok)
        return true;
    uint32_t rank = memref_rank(res);
    if (!verify_offsets_sizes_strides(v, op, 1, rank, &off, &sz, &st))
        return false;
    char x[TYPE_TEXT], y[TYPE_TEXT];
    if (memref_space(src) != memref_space(res))
        return spvk_ir_op_emit_error(v, op,
                                     "different memory spaces specified for source type '%s' and result memref type "
                                     "'%s'",
                                     tt(v, src, x), tt(v, res, y));
    if (memref_element(src) != memref_element(res))
        return spvk_ir_op_emit_error(v, op,
                                     "different element types specified for source type '%s' and result memref type "
                                     "'%s'",
                                     tt(v, src, x), tt(v, res, y));
    for (uint32_t i = 0; i < rank; i++)
        if (!dim_compatible(res->ints[i], sz.values[i]))
            return spvk_ir_op_emit_error(v, op, "expected result type with size = %lld instead of %lld in dim = %u",
                                         (long long)sz.values[i], (long long)res->ints[i], i);
    int64_t rs[MEMREF_MAX_RANK], ro;
    if (!spvk_ir_memref_strides(res, rs, MEMREF_MAX_RANK, &ro)) {
        if (memref_layout_is_affine_map(res))
            return true;
        return spvk_ir_op_emit_error(v, op, "expected result type to have strided layout but found '%s'",
                                     tt(v, res, x));
    }
    if (!dim_compatible(ro, off.values[0]))
        return spvk_ir_op_emit_error(v, op, "expected result type with offset = %lld instead of %lld",
                                     (long long)off.values[0], (long long)ro);
    for (uint32_t i = 0; i < rank; i++)
        if (!dim_compatible(rs[i], st.values[i]))
            return spvk_ir_op_emit_error(v, op, "expected result type with stride = %lld instead of %lld in dim = %u",
                                         (long long)st.values[i], (long long)rs[i], i);
    return true;
}

/* ---- collapse_shape / expand_shape ---- */

typedef struct reassociation {
    uint32_t num_groups;
    uint32_t start[MEMREF_MAX_RANK + 1]; /* group g is dims[start[g], start[g+1]) */
    int64_t dims[MEMREF_MAX_RANK];
} reassociation;

static bool read_reassociation(const spvk_ir_op *op, reassociation *r)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "reassociation");
    if (!a || a->dialect || a->kind != SPVK_ATTR_ARRAY || a->num_attrs > MEMREF_MAX_RANK)
        return false;
    uint32_t n = 0;
    r->num_groups = a->num_attrs;
    for (uint32_t g = 0; g < a->num_attrs; g++) {
        const spvk_ir_attr *grp = a->attrs[g];
        if (!grp || grp->dialect || grp->kind != SPVK_ATTR_ARRAY)
            return false;
        r->start[g] = n;
        for (uint32_t i = 0; i < grp->num_attrs; i++) {
            if (n >= MEMREF_MAX_RANK || !grp->attrs[i] || grp->attrs[i]->kind != SPVK_ATTR_INTEGER)
                return false;
            r->dims[n++] = grp->attrs[i]->value;
        }
    }
    r->start[a->num_attrs] = n;
    return true;
}

/* MLIR's verifyCollapsedShape (multiple dynamic dims per group allowed, as memref's ops call it). */
static bool verify_collapsed_shape(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *collapsed,
                                   const spvk_ir_type *expanded, const reassociation *r)
{
    uint32_t crank = memref_rank(collapsed), erank = memref_rank(expanded);
    if (crank != r->num_groups)
        return spvk_ir_op_error(v, op, "invalid number of reassociation groups: found %u, expected %u", r->num_groups,
                                crank);
    int64_t next = 0;
    for (uint32_t g = 0; g < r->num_groups; g++) {
        bool dynamic = false;
        for (uint32_t i = r->start[g]; i < r->start[g + 1]; i++) {
            int64_t d = r->dims[i];
            if (d != next++)
                return spvk_ir_op_error(v, op, "reassociation indices must be contiguous");
            if (d >= (int64_t)erank)
                return spvk_ir_op_error(v, op, "reassociation index %lld is out of bounds", (long long)d);
            if (expanded->ints[d] == SPVK_DYNAMIC)
                dynamic = true;
        }
        if ((collapsed->ints[g] == SPVK_DYNAMIC) != dynamic)
            return spvk_ir_op_error(v, op,
                                    "collapsed dim (%u) must be dynamic if and only if reassociation group is dynamic",
                                    g);
        if (!dynamic) {
            int64_t size = 1;
            for (uint32_t i = r->start[g]; i < r->start[g + 1]; i++)
                size *= expanded->ints[r->dims[i]];
            if (size != collapsed->ints[g])
                return spvk_ir_op_error(v, op, "collapsed dim size (%lld) must equal reassociation group size (%lld)",
                                        (long long)collapsed->ints[g], (long long)size);
        }
    }
    if (crank == 0) {
        for (uint32_t i = 0; i < erank; i++)
            if (expanded->ints[i] != 1)
                return spvk_ir_op_error(v, op, "rank 0 memrefs can only be extended/collapsed with/from ones");
    } else if (next != (int64_t)erank)
        return spvk_ir_op_error(v, op, "expanded rank (%u) inconsistent with number of reassociation indices (%lld)",
                                erank, (long long)next);
    return true;
}

bool memref_collapse_shape_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0), *res = result_type(op, 0);
    reassociation r;
    if (!memref_is_ranked(src) || !memref_is_ranked(res) || !read_reassociation(op, &r))
        return true;
    uint32_t r0 = memref_rank(src), r1 = memref_rank(res);
    if (r0 < r1)
        return spvk_ir_op_error(v, op, "has source rank %u and result rank %u. This is not a collapse (%u < %u).", r0,
                                r1, r0, r1);
    if (!verify_collapsed_shape(v, op, res, src, &r))
        return false;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    const spvk_ir_attr *layout = NULL;
    if (!memref_layout_is_identity(src)) {
        int64_t ss[MEMREF_MAX_RANK], so;
        if (!spvk_ir_memref_strides(src, ss, MEMREF_MAX_RANK, &so)) {
            if (memref_layout_is_affine_map(src))
                return true;
            return spvk_ir_op_error(v, op, "invalid source layout map or collapsing non-contiguous dims");
        }
        const int64_t *shape = src->ints;
        int64_t rs[MEMREF_MAX_RANK];
        for (uint32_t g = 0; g < r.num_groups; g++) {
            uint32_t b = r.start[g], e = r.start[g + 1];
            if (b == e) {
                rs[g] = SPVK_DYNAMIC; /* an empty group: MLIR would assert; keep going */
                continue;
            }
            while (e - b > 1 && shape[r.dims[e - 1]] == 1)
                e--;
            rs[g] = (shape[r.dims[e - 1]] != SPVK_DYNAMIC || e - b == 1) ? ss[r.dims[e - 1]] : SPVK_DYNAMIC;
        }
        /* Each group must be contiguous. */
        for (uint32_t g = r.num_groups; g-- > 0;) {
            int64_t stride = rs[g];
            for (uint32_t i = r.start[g + 1]; i-- > r.start[g] + 1;) {
                int64_t idx = r.dims[i];
                stride = sat_mul(stride, shape[idx]);
                int64_t src_stride = ss[idx - 1];
                if (shape[idx - 1] == 1)
                    continue;
                if (stride != SPVK_DYNAMIC && src_stride != SPVK_DYNAMIC && stride != src_stride)
                    return spvk_ir_op_error(v, op, "invalid source layout map or collapsing non-contiguous dims");
            }
        }
        layout = spvk_ir_strided_layout(ctx, rs, r.num_groups, so);
        if (!layout)
            return true;
    }
    const spvk_ir_type *expected = memref_type(ctx, res->ints, r1, memref_element(src), layout, memref_space(src));
    if (expected && expected != res) {
        char x[TYPE_TEXT], y[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "expected collapsed type to be '%s' but found '%s'", tt(v, expected, x),
                                tt(v, res, y));
    }
    return true;
}

bool memref_expand_shape_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0), *res = result_type(op, 0);
    reassociation r;
    if (!memref_is_ranked(src) || !memref_is_ranked(res) || !read_reassociation(op, &r))
        return true;
    uint32_t r0 = memref_rank(src), r1 = memref_rank(res);
    if (r0 > r1)
        return spvk_ir_op_error(v, op, "has source rank %u and result rank %u. This is not an expansion (%u > %u).",
                                r0, r1, r0, r1);
    if (!verify_collapsed_shape(v, op, src, res, &r))
        return false;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    const spvk_ir_attr *layout = NULL;
    if (!memref_layout_is_identity(src)) {
        int64_t ss[MEMREF_MAX_RANK], so;
        if (!spvk_ir_memref_strides(src, ss, MEMREF_MAX_RANK, &so)) {
            if (memref_layout_is_affine_map(src))
                return true;
            return spvk_ir_op_error(v, op, "invalid source layout map");
        }
        /* Each source stride is that of its group's last dim; inner dims multiply outwards. */
        int64_t rs[MEMREF_MAX_RANK];
        for (uint32_t i = 0; i < r1; i++)
            rs[i] = 1;
        int64_t shape_index = (int64_t)r1 - 1;
        for (uint32_t g = r.num_groups; g-- > 0;) {
            int64_t stride = ss[g];
            for (uint32_t k = r.start[g]; k < r.start[g + 1] && shape_index >= 0; k++) {
                rs[shape_index] = stride;
                stride = sat_mul(stride, res->ints[shape_index]);
                shape_index--;
            }
        }
        layout = spvk_ir_strided_layout(ctx, rs, r1, so);
        if (!layout)
            return true;
    }
    const spvk_ir_type *expected = memref_type(ctx, res->ints, r1, memref_element(src), layout, memref_space(src));
    char x[TYPE_TEXT], y[TYPE_TEXT];
    if (expected && expected != res)
        return spvk_ir_op_error(v, op, "expected expanded type to be '%s' but found '%s'", tt(v, expected, x),
                                tt(v, res, y));
    int64_t shape[MEMREF_MAX_RANK];
    uint32_t n;
    if (!memref_dense_i64(spvk_ir_op_attr(op, "static_output_shape"), shape, MEMREF_MAX_RANK, &n))
        return true;
    if (n != r1)
        return spvk_ir_op_error(v, op,
                                "expected number of static shape bounds to be equal to the output rank (%u) but found "
                                "%u inputs instead",
                                r1, n);
    uint32_t dyn = count_of(shape, n, SPVK_DYNAMIC);
    if (op->num_operands - 1 != dyn)
        return spvk_ir_op_error(v, op,
                                "mismatch in dynamic dims in output_shape and static_output_shape: "
                                "static_output_shape has %u dynamic dims while output_shape has %u values",
                                dyn, op->num_operands - 1);
    for (uint32_t i = 0; i < r1; i++)
        if (res->ints[i] != SPVK_DYNAMIC && res->ints[i] != shape[i])
            return spvk_ir_op_error(v, op, "invalid output shape provided at pos %u", i);
    return true;
}

/* ---- Atomics ---- */

/* memref.atomic_rmw's kinds (arith::AtomicRMWKind, MLIR 19's values). */
static const char *const rmw_kinds[] = {"addf", "addi",     "assign", "maximumf", "maxs", "maxu",    "minimumf", "mins",
                                        "minu", "mulf",     "muli",   "ori",      "andi", "maxnumf", "minnumf"};

bool memref_atomic_rmw_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *m = operand_type(op, 1);
    if (memref_is_ranked(m) && op->num_operands - 2 != memref_rank(m))
        return spvk_ir_op_error(v, op, "expects the number of subscripts to be equal to memref rank");
    const spvk_ir_attr *k = spvk_ir_op_attr(op, "kind");
    const spvk_ir_type *t = operand_type(op, 0);
    if (!k || k->kind != SPVK_ATTR_INTEGER || k->value < 0 ||
        k->value >= (int64_t)(sizeof rmw_kinds / sizeof *rmw_kinds) || !t)
        return true;
    switch (k->value) {
    case 0: /* addf */
    case 3: /* maximumf */
    case 6: /* minimumf */
    case 9: /* mulf */
        if (!spvk_ir_type_is_float(t))
            return spvk_ir_op_error(v, op, "with kind '%s' expects a floating-point type", rmw_kinds[k->value]);
        break;
    case 1: case 4: case 5: case 7: case 8: case 10: case 11: case 12:
        if (!spvk_ir_type_is_integer(t, 0))
            return spvk_ir_op_error(v, op, "with kind '%s' expects an integer type", rmw_kinds[k->value]);
        break;
    default:
        break;
    }
    return true;
}

/* Does op (and what it holds, for ops whose effects are their body's) touch memory? */
static bool effect_free(const spvk_ir_op *op)
{
    uint32_t traits = op->def->traits;
    if (traits & SPVK_TRAIT_NO_SIDE_EFFECTS)
        return true;
    if (traits & SPVK_TRAIT_RECURSIVE_EFFECTS) {
        for (uint32_t r = 0; r < op->num_regions; r++)
            for (const spvk_ir_block *b = op->regions[r].first; b; b = b->next)
                for (const spvk_ir_op *o = b->first; o; o = o->next)
                    if (!effect_free(o))
                        return false;
        return true;
    }
    return (op->def->effects & SPVK_EFFECT_KNOWN) && !(op->def->effects & ~SPVK_EFFECT_KNOWN);
}

static const spvk_ir_op *first_effect(const spvk_ir_op *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (const spvk_ir_block *b = op->regions[r].first; b; b = b->next)
            for (const spvk_ir_op *o = b->first; o; o = o->next) {
                if (!effect_free(o))
                    return o;
                const spvk_ir_op *inner = first_effect(o);
                if (inner)
                    return inner;
            }
    return NULL;
}

bool memref_generic_atomic_rmw_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_regions != 1 || !op->regions[0].first)
        return true;
    const spvk_ir_block *entry = op->regions[0].first;
    if (entry->num_args != 1)
        return spvk_ir_op_error(v, op, "expected single number of entry block arguments");
    if (op->num_results == 1 && op->results[0].type != entry->args[0]->type)
        return spvk_ir_op_error(v, op, "expected block argument of the same type result type");
    const spvk_ir_op *bad = first_effect(op);
    if (bad)
        return spvk_ir_op_emit_error(v, bad, "body of 'memref.generic_atomic_rmw' should contain only operations with "
                                             "no side effects");
    return true;
}

bool memref_atomic_yield_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_op *parent = spvk_ir_op_parent(op);
    if (!parent || parent->num_results < 1 || op->num_operands < 1)
        return true;
    const spvk_ir_type *pt = parent->results[0].type, *rt = operand_type(op, 0);
    if (pt != rt) {
        char x[TYPE_TEXT], y[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "types mismatch between yield op: '%s' and its parent: '%s'", tt(v, rt, x),
                                tt(v, pt, y));
    }
    return true;
}

bool memref_assume_alignment_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "alignment");
    if (a && a->kind == SPVK_ATTR_INTEGER && !is_power_of_2((uint32_t)a->value))
        return spvk_ir_op_error(v, op, "alignment must be power of 2");
    return true;
}

/* ---- extract_strided_metadata: its result types are inferred (InferTypeOpAdaptor) ---- */

bool memref_extract_strided_metadata_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0);
    if (!memref_is_ranked(src))
        return true;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    uint32_t rank = memref_rank(src);
    const spvk_ir_type *base = memref_type(ctx, NULL, 0, memref_element(src), NULL, memref_space(src));
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    if (!base || !index)
        return true;
    uint32_t want = 2 + 2 * rank;
    bool ok = op->num_results == want && op->results[0].type == base;
    for (uint32_t i = 1; ok && i < want; i++)
        ok = op->results[i].type == index;
    if (ok)
        return true;
    /* "inferred type(s) 'a', 'b' are incompatible with return type(s) of operation 'c', 'd'" */
    char msg[1000];
    size_t n = (size_t)snprintf(msg, sizeof msg, "inferred type(s) ");
    char x[TYPE_TEXT];
    for (uint32_t i = 0; i < want && n < sizeof msg; i++)
        n += (size_t)snprintf(msg + n, sizeof msg - n, "%s'%s'", i ? ", " : "", tt(v, i ? index : base, x));
    if (n < sizeof msg)
        n += (size_t)snprintf(msg + n, sizeof msg - n, " are incompatible with return type(s) of operation ");
    for (uint32_t i = 0; i < op->num_results && n < sizeof msg; i++)
        n += (size_t)snprintf(msg + n, sizeof msg - n, "%s'%s'", i ? ", " : "", tt(v, op->results[i].type, x));
    spvk_ir_op_error(v, op, "%s", msg);
    return spvk_ir_op_error(v, op, "failed to infer returned types");
}

void memref_extract_strided_metadata_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results < 2)
        return;
    set_name(user, &op->results[0], "base_buffer", 11);
    set_name(user, &op->results[1], "offset", 6);
    uint32_t rank = (op->num_results - 2) / 2;
    if (rank) {
        set_name(user, &op->results[2], "sizes", 5);
        set_name(user, &op->results[2 + rank], "strides", 7);
    }
}

bool memref_reshape_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0), *shape = operand_type(op, 1), *res = result_type(op, 0);
    if (!memref_is_memref(src) || !memref_is_memref(res) || !memref_is_ranked(shape))
        return true;
    if (memref_element(src) != memref_element(res))
        return spvk_ir_op_error(v, op, "element types of source and destination memref types should be the same");
    if (memref_space(src) != memref_space(res))
        return spvk_ir_op_error(v, op, "source and destination memref types should have the same memory space");
    if (memref_is_ranked(src) && !memref_layout_is_identity(src))
        return spvk_ir_op_error(v, op, "source memref type should have identity affine map");
    int64_t shape_size = shape->num_ints == 1 ? shape->ints[0] : SPVK_DYNAMIC;
    if (memref_is_ranked(res)) {
        if (shape_size == SPVK_DYNAMIC)
            return spvk_ir_op_error(v, op, "cannot use shape operand with dynamic length to reshape to statically-ranked "
                                           "memref type");
        if ((uint64_t)shape_size != memref_rank(res))
            return spvk_ir_op_error(v, op, "length of shape operand differs from the result's memref rank");
        if (!memref_layout_is_identity(res))
            return spvk_ir_op_error(v, op, "result memref type should have identity affine map");
    }
    return true;
}

bool memref_realloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *src = operand_type(op, 0), *res = result_type(op, 0);
    if (!memref_is_ranked(src) || !memref_is_ranked(res))
        return true;
    char x[TYPE_TEXT], y[TYPE_TEXT];
    if (!memref_layout_is_identity(src))
        return spvk_ir_op_emit_error(v, op, "unsupported layout for source memref type '%s'", tt(v, src, x));
    if (!memref_layout_is_identity(res))
        return spvk_ir_op_emit_error(v, op, "unsupported layout for result memref type '%s'", tt(v, res, x));
    if (memref_space(src) != memref_space(res))
        return spvk_ir_op_emit_error(v, op,
                                     "different memory spaces specified for source memref type '%s' and result memref "
                                     "type '%s'",
                                     tt(v, src, x), tt(v, res, y));
    if (memref_element(src) != memref_element(res))
        return spvk_ir_op_emit_error(v, op,
                                     "different element types specified for source memref type '%s' and result memref "
                                     "type '%s'",
                                     tt(v, src, x), tt(v, res, y));
    if (res->num_ints == 1 && res->ints[0] == SPVK_DYNAMIC && op->num_operands < 2)
        return spvk_ir_op_emit_error(v, op, "missing dimension operand");
    if (res->num_ints == 1 && res->ints[0] != SPVK_DYNAMIC && op->num_operands > 1)
        return spvk_ir_op_emit_error(v, op, "unnecessary dimension operand");
    return true;
}
