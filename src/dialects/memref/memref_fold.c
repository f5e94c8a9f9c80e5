/* The memref ops' folders (MLIR 19's hasFolder ones). */
#include <string.h>

#include "memref_internal.h"

static bool is_op(const spvk_ir_value *v, const char *name)
{
    return v && v->defining_op && strcmp(spvk_ir_op_name(v->defining_op), name) == 0;
}

static const spvk_ir_attr *index_attr(spvk_ir_context *ctx, int64_t v)
{
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    return index ? spvk_ir_integer_attr(ctx, index, v) : NULL;
}

/* MLIR's foldMemRefCast: operands produced by a memref.cast of a ranked memref read its source
   instead; `keep` (the value a store writes) is left alone. */
static bool fold_cast_operands(spvk_ir_op *op, const spvk_ir_value *keep)
{
    bool folded = false;
    for (uint32_t i = 0; i < op->num_operands; i++) {
        spvk_ir_value *v = op->operands[i].value;
        if (v == keep || !is_op(v, "memref.cast") || v->defining_op->num_operands != 1)
            continue;
        spvk_ir_value *src = v->defining_op->operands[0].value;
        if (!memref_is_ranked(src->type))
            continue;
        spvk_ir_op_set_operand(op, i, src);
        folded = true;
    }
    return folded;
}

spvk_ir_fold_status memref_fold_cast_operands(spvk_ir_context *ctx, spvk_ir_op *op,
                                              const spvk_ir_attr *const *operand_constants,
                                              spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    (void)results;
    const spvk_ir_value *keep = NULL;
    if (strcmp(spvk_ir_op_name(op), "memref.atomic_rmw") == 0 && op->num_operands > 0)
        keep = op->operands[0].value;
    return fold_cast_operands(op, keep) ? SPVK_FOLD_IN_PLACE : SPVK_FOLD_FAILED;
}

spvk_ir_fold_status memref_load_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results)
{
    return memref_fold_cast_operands(ctx, op, operand_constants, results);
}

spvk_ir_fold_status memref_store_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                      const spvk_ir_attr *const *operand_constants, spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    (void)results;
    return fold_cast_operands(op, op->num_operands ? op->operands[0].value : NULL) ? SPVK_FOLD_IN_PLACE
                                                                                    : SPVK_FOLD_FAILED;
}

/* A cast of a cast casts the first one's source (foldMemRefCast); failing that, a cast to its
   source's own type is that source (the fold CastOpInterface adds, tried after the op's). */
spvk_ir_fold_status memref_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results)
{
    spvk_ir_fold_status s = memref_fold_cast_operands(ctx, op, operand_constants, results);
    if (s != SPVK_FOLD_FAILED || op->num_operands != 1 || op->num_results != 1 ||
        op->operands[0].value->type != op->results[0].type)
        return s;
    results[0].attr = NULL;
    results[0].value = op->operands[0].value;
    return SPVK_FOLD_RESULTS;
}

spvk_ir_fold_status memref_rank_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results)
{
    (void)operand_constants;
    if (op->num_operands != 1 || op->num_results != 1 || !memref_is_ranked(op->operands[0].value->type))
        return SPVK_FOLD_FAILED;
    results[0].attr = index_attr(ctx, memref_rank(op->operands[0].value->type));
    results[0].value = NULL;
    return results[0].attr ? SPVK_FOLD_RESULTS : SPVK_FOLD_FAILED;
}

/* The operand of a dynamic dim (its place among the dynamic dims) in a list of size operands. */
static spvk_ir_value *dynamic_size_operand(const spvk_ir_op *def, uint32_t first, uint32_t count,
                                           const spvk_ir_type *t, uint32_t dim)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < dim; i++)
        k += t->ints[i] == SPVK_DYNAMIC;
    return k < count && first + k < def->num_operands ? def->operands[first + k].value : NULL;
}

/* Sizes given through operands of an offsets/sizes/strides op (subview, reinterpret_cast): the
   operand of size `index` of the static list, which must be dynamic there. */
static spvk_ir_value *mixed_size_operand(const spvk_ir_op *def, uint32_t index)
{
    int64_t sizes[MEMREF_MAX_RANK];
    uint32_t n, first, count;
    if (!memref_dense_i64(spvk_ir_op_attr(def, "static_sizes"), sizes, MEMREF_MAX_RANK, &n) || index >= n ||
        sizes[index] != SPVK_DYNAMIC || !memref_segment(def, 2, &first, &count))
        return NULL;
    uint32_t k = 0;
    for (uint32_t i = 0; i < index; i++)
        k += sizes[i] == SPVK_DYNAMIC;
    return k < count ? def->operands[first + k].value : NULL;
}

spvk_ir_fold_status memref_dim_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                    spvk_ir_fold_result *results)
{
    if (op->num_operands != 2 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *c = operand_constants ? operand_constants[1] : NULL;
    const spvk_ir_type *t = op->operands[0].value->type;
    if (!c || c->kind != SPVK_ATTR_INTEGER || !memref_is_ranked(t))
        return SPVK_FOLD_FAILED;
    int64_t index = c->value;
    if (index < 0 || index >= (int64_t)memref_rank(t))
        return SPVK_FOLD_FAILED;
    results[0].value = NULL;
    results[0].attr = NULL;
    if (t->ints[index] != SPVK_DYNAMIC) {
        results[0].attr = index_attr(ctx, t->ints[index]);
        return results[0].attr ? SPVK_FOLD_RESULTS : SPVK_FOLD_FAILED;
    }
    const spvk_ir_value *src = op->operands[0].value;
    const spvk_ir_op *def = src->defining_op;
    spvk_ir_value *size = NULL;
    uint32_t first, count;
    if (def && (is_op(src, "memref.alloc") || is_op(src, "memref.alloca"))) {
        if (memref_segment(def, 0, &first, &count))
            size = dynamic_size_operand(def, first, count, t, (uint32_t)index);
    } else if (def && is_op(src, "memref.view")) {
        if (def->num_operands >= 2)
            size = dynamic_size_operand(def, 2, def->num_operands - 2, t, (uint32_t)index);
    } else if (def && is_op(src, "memref.subview")) {
        /* Result dim `index` is the index-th source dim the subview keeps. */
        int64_t sizes[MEMREF_MAX_RANK];
        uint32_t n;
        if (memref_dense_i64(spvk_ir_op_attr(def, "static_sizes"), sizes, MEMREF_MAX_RANK, &n)) {
            uint32_t rank = memref_rank(t), drop = n > rank ? n - rank : 0;
            uint32_t kept = 0;
            for (uint32_t i = 0; i < n; i++) {
                if (drop && sizes[i] == 1) {
                    drop--;
                    continue;
                }
                if (kept++ == (uint32_t)index) {
                    size = mixed_size_operand(def, i);
                    break;
                }
            }
        }
    } else if (def && is_op(src, "memref.reinterpret_cast")) {
        size = mixed_size_operand(def, (uint32_t)index);
    }
    if (size) {
        results[0].value = size;
        return SPVK_FOLD_RESULTS;
    }
    return fold_cast_operands(op, NULL) ? SPVK_FOLD_IN_PLACE : SPVK_FOLD_FAILED;
}

static bool all_static_equal(const spvk_ir_op *op, const char *attr, int64_t value)
{
    int64_t v[MEMREF_MAX_RANK];
    uint32_t n;
    if (!memref_dense_i64(spvk_ir_op_attr(op, attr), v, MEMREF_MAX_RANK, &n))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (v[i] != value)
            return false;
    return true;
}

spvk_ir_fold_status memref_subview_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                        const spvk_ir_attr *const *operand_constants, spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    if (op->num_operands < 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *src = op->operands[0].value;
    const spvk_ir_type *rt = op->results[0].type;
    if (memref_has_static_shape(rt) && rt == src->type) {
        results[0].attr = NULL;
        results[0].value = src;
        return SPVK_FOLD_RESULTS;
    }
    /* subview(subview(x)) where the outer one takes all of the inner one. */
    if (is_op(src, "memref.subview") && rt == src->type && op->num_operands == 1 + 0 &&
        all_static_equal(op, "static_offsets", 0) && all_static_equal(op, "static_strides", 1)) {
        const spvk_ir_attr *a = spvk_ir_op_attr(op, "static_sizes"), *b = spvk_ir_op_attr(src->defining_op, "static_sizes");
        uint32_t f, n;
        if (a && a == b && memref_segment(src->defining_op, 2, &f, &n) && n == 0) {
            results[0].attr = NULL;
            results[0].value = src;
            return SPVK_FOLD_RESULTS;
        }
    }
    return SPVK_FOLD_FAILED;
}

spvk_ir_fold_status memref_reinterpret_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                                 const spvk_ir_attr *const *operand_constants,
                                                 spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    if (op->num_operands < 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *src = op->operands[0].value;
    spvk_ir_value *prev = NULL;
    if (is_op(src, "memref.reinterpret_cast") || is_op(src, "memref.cast"))
        prev = src->defining_op->num_operands ? src->defining_op->operands[0].value : NULL;
    else if (is_op(src, "memref.subview") && all_static_equal(src->defining_op, "static_offsets", 0))
        prev = src->defining_op->operands[0].value;
    if (prev) {
        spvk_ir_op_set_operand(op, 0, prev);
        return SPVK_FOLD_IN_PLACE;
    }
    int64_t off[1];
    uint32_t n;
    const spvk_ir_type *rt = op->results[0].type;
    if (memref_has_static_shape(rt) && src->type == rt &&
        memref_dense_i64(spvk_ir_op_attr(op, "static_offsets"), off, 1, &n) && n == 1 && off[0] == 0) {
        results[0].attr = NULL;
        results[0].value = src;
        return SPVK_FOLD_RESULTS;
    }
    return SPVK_FOLD_FAILED;
}

/* collapse_shape / expand_shape (MLIR's foldReshapeOp). */
spvk_ir_fold_status memref_reshape_like_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                             const spvk_ir_attr *const *operand_constants,
                                             spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    if (op->num_operands < 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *src = op->operands[0].value;
    const spvk_ir_type *rt = op->results[0].type;
    results[0].attr = NULL;
    if (src->type == rt) {
        results[0].value = src;
        return SPVK_FOLD_RESULTS;
    }
    const char *inverse =
        strcmp(spvk_ir_op_name(op), "memref.expand_shape") == 0 ? "memref.collapse_shape" : "memref.expand_shape";
    if (!is_op(src, inverse) || src->defining_op->num_operands < 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *inner = src->defining_op->operands[0].value;
    if (inner->type != rt || memref_num_dynamic_dims(rt) >= 2)
        return SPVK_FOLD_FAILED;
    results[0].value = inner;
    return SPVK_FOLD_RESULTS;
}

spvk_ir_fold_status memref_memory_space_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                                  const spvk_ir_attr *const *operand_constants,
                                                  spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)operand_constants;
    (void)results;
    if (op->num_operands != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *src = op->operands[0].value;
    if (!is_op(src, "memref.memory_space_cast") || src->defining_op->num_operands != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_op_set_operand(op, 0, src->defining_op->operands[0].value);
    return SPVK_FOLD_IN_PLACE;
}
