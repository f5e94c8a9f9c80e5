/* The vector ops' folders and canonicalization patterns, those of MLIR 19's canonicalize that are
   simple and common: broadcasts and splats of constants, broadcast of broadcast, extract through
   broadcasts, inserts, extracts, from_elements and constants, extractelement/insertelement of
   constants, bitcast chains, identity and constant shuffles, single-element reductions and the
   in_bounds a transfer's static shape proves. Each says which MLIR function or pattern it is;
   where MLIR makes an op with a pattern (arith.constant of ExtractOpSplatConstantFolder, ...) so
   does this file, since a fold's constant is placed differently by the greedy driver.

   MLIR 19's extract and extractelement folds give up on dynamic positions (the constant-index
   fold came later), and so do these. */
#include <string.h>

#include "spvkit/rewrite.h"
#include "vector_internal.h"
#include "../arith/arith_internal.h"

/* ---- Helpers ---- */

static spvk_ir_op *def_named(const spvk_ir_value *v, const char *name)
{
    return v && v->defining_op && strcmp(spvk_ir_op_name(v->defining_op), name) == 0 ? v->defining_op : NULL;
}

static bool is_scalar_attr(const spvk_ir_attr *a)
{
    return a && !a->dialect && (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT || a->kind == SPVK_ATTR_BOOL);
}

static bool is_dense(const spvk_ir_attr *a) { return a && !a->dialect && a->kind == SPVK_ATTR_DENSE && a->num_attrs; }
static bool is_splat(const spvk_ir_attr *a) { return is_dense(a) && (a->flags & SPVK_DENSE_SPLAT); }

/* Element i of a dense attribute (NULL past its end). */
static const spvk_ir_attr *dense_element(const spvk_ir_attr *a, int64_t i)
{
    if (!is_dense(a) || i < 0)
        return NULL;
    if (is_splat(a))
        return i < vector_num_elements(a->type) || !vector_is_vector(a->type) ? a->attrs[0] : NULL;
    return (uint64_t)i < a->num_attrs ? a->attrs[i] : NULL;
}

/* dense<...> : type from count elements (a splat when all are one). */
static const spvk_ir_attr *dense_of(spvk_ir_context *ctx, const spvk_ir_type *type, const spvk_ir_attr *const *items,
                                    uint32_t count)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_DENSE;
    d.type = type;
    d.attrs = items;
    d.num_attrs = count;
    return spvk_ir_attr_get(ctx, &d);
}

static const spvk_ir_attr *dense_splat(spvk_ir_context *ctx, const spvk_ir_type *type, const spvk_ir_attr *element)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_DENSE;
    d.flags = SPVK_DENSE_SPLAT;
    d.type = type;
    d.attrs = &element;
    d.num_attrs = 1;
    return spvk_ir_attr_get(ctx, &d);
}

/* An op's static_position, false when any entry is dynamic (or it is unreadable). */
static bool static_position(const spvk_ir_op *op, int64_t *pos, uint32_t *n)
{
    if (!vector_dense_i64(spvk_ir_op_attr(op, "static_position"), pos, VECTOR_MAX_RANK, n))
        return false;
    for (uint32_t i = 0; i < *n; i++)
        if (pos[i] == SPVK_DYNAMIC)
            return false;
    return true;
}

static bool set_static_position(spvk_ir_context *ctx, spvk_ir_op *op, const int64_t *pos, uint32_t n)
{
    const spvk_ir_attr *a = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS), pos, n);
    if (!a)
        return false;
    spvk_ir_op_set_attr(ctx, op, "static_position", a);
    return true;
}

/* The row-major offset of a (leading) position in a vector of this shape, and the number of
   elements the position selects. */
static bool linear_offset(const spvk_ir_type *vec, const int64_t *pos, uint32_t n, int64_t *offset, int64_t *count)
{
    uint32_t rank = vector_rank(vec);
    if (n > rank || vec->flags)
        return false;
    int64_t off = 0, stride = 1;
    for (uint32_t i = rank; i-- > 0;) {
        int64_t d = vec->ints[i];
        if (i < n) {
            if (pos[i] < 0 || pos[i] >= d)
                return false;
            off += pos[i] * stride;
        } else if (d <= 0 || stride > INT64_MAX / d) {
            return false;
        }
        if (i >= n)
            *count = stride * d;
        if (d > 0 && stride > INT64_MAX / d)
            return false;
        stride *= d > 0 ? d : 1;
    }
    if (n == rank)
        *count = 1;
    *offset = off;
    return true;
}

static spvk_ir_fold_status fold_to_value(spvk_ir_fold_result *r, spvk_ir_value *v)
{
    r[0].attr = NULL;
    r[0].value = v;
    return SPVK_FOLD_RESULTS;
}

static spvk_ir_fold_status fold_to_attr(spvk_ir_fold_result *r, const spvk_ir_attr *a)
{
    if (!a)
        return SPVK_FOLD_FAILED;
    r[0].attr = a;
    r[0].value = NULL;
    return SPVK_FOLD_RESULTS;
}

/* ---- broadcast, splat ---- */

/* BroadcastOp::fold: a broadcast to its own type is its source; a constant source is a splat. */
VECTOR_FOLDER(vector_broadcast_fold)
{
    if (op->num_operands != 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    const spvk_ir_type *t = op->results[0].type;
    if (op->operands[0].value->type == t)
        return fold_to_value(results, op->operands[0].value);
    const spvk_ir_attr *c = operand_constants[0];
    if (is_scalar_attr(c))
        return fold_to_attr(results, dense_splat(ctx, t, c));
    if (is_splat(c))
        return fold_to_attr(results, dense_splat(ctx, t, c->attrs[0]));
    return SPVK_FOLD_FAILED;
}

/* SplatOp::fold: an integer or float constant is a splat constant. */
VECTOR_FOLDER(vector_splat_fold)
{
    if (op->num_operands != 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *c = operand_constants[0];
    if (!c || c->dialect || (c->kind != SPVK_ATTR_INTEGER && c->kind != SPVK_ATTR_FLOAT))
        return SPVK_FOLD_FAILED;
    return fold_to_attr(results, dense_splat(ctx, op->results[0].type, c));
}

static spvk_ir_op *create(spvk_rewriter *rw, spvk_ir_op *at, const char *name, spvk_ir_value *const *operands,
                          uint32_t num_operands, const spvk_ir_type *type, const spvk_ir_attr *attrs)
{
    spvk_ir_op_state s = {0};
    s.name = name;
    s.name_length = strlen(name);
    s.operands = operands;
    s.num_operands = num_operands;
    s.result_types = &type;
    s.num_results = type ? 1 : 0;
    s.attrs = attrs;
    s.loc = at->loc;
    return spvk_rewriter_create(rw, &s);
}

static bool replace_with_new(spvk_rewriter *rw, spvk_ir_op *op, const char *name, spvk_ir_value *const *operands,
                             uint32_t num_operands, const spvk_ir_type *type, const spvk_ir_attr *attrs)
{
    spvk_ir_op *n = create(rw, op, name, operands, num_operands, type, attrs);
    if (!n)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, n);
    return true;
}

static const spvk_ir_attr *one_attr(spvk_ir_context *ctx, const char *name, const spvk_ir_attr *value)
{
    return value ? spvk_ir_dictionary_attr(ctx, &name, &value, 1) : NULL;
}

static bool replace_with_constant(spvk_rewriter *rw, spvk_ir_op *op, const spvk_ir_attr *value)
{
    const spvk_ir_attr *dict = one_attr(rw->ctx, "value", value);
    return dict && replace_with_new(rw, op, "arith.constant", NULL, 0, op->results[0].type, dict);
}

/* BroadcastFolder: broadcast(broadcast(x)) is broadcast(x). */
static bool broadcast_folder(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_op *inner = def_named(op->operands[0].value, "vector.broadcast");
    if (!inner)
        return false;
    spvk_ir_value *src = inner->operands[0].value;
    return replace_with_new(rw, op, "vector.broadcast", &src, 1, op->results[0].type, NULL);
}

bool vector_broadcast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "vector.broadcast", .benefit = 1, .match_and_rewrite = broadcast_folder,
                      .debug_name = "BroadcastFolder"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- extract ---- */

/* ExtractFromInsertTransposeChainState (without transposes): up a chain of inserts, an insert at
   the extract's position gives its source; one at a leading part of it is extracted from with the
   rest; disjoint ones are looked through. */
static spvk_ir_fold_status extract_from_insert_chain(spvk_ir_context *ctx, spvk_ir_op *op, int64_t *pos, uint32_t n,
                                                     spvk_ir_fold_result *results)
{
    spvk_ir_value *src = op->operands[0].value;
    spvk_ir_op *ins;
    while ((ins = def_named(src, "vector.insert")) != NULL) {
        int64_t ipos[VECTOR_MAX_RANK];
        uint32_t in;
        if (!static_position(ins, ipos, &in))
            break;
        uint32_t common = in < n ? in : n;
        bool prefix = memcmp(ipos, pos, common * sizeof *pos) == 0;
        if (prefix && in == n) {
            if (ins->operands[0].value->type != op->results[0].type)
                break;
            return fold_to_value(results, ins->operands[0].value);
        }
        if (prefix && in < n) { /* the insert wrote a vector that holds the extracted part */
            spvk_ir_op_set_operand(op, 0, ins->operands[0].value);
            return set_static_position(ctx, op, pos + in, n - in) ? SPVK_FOLD_IN_PLACE : SPVK_FOLD_FAILED;
        }
        if (prefix) /* the extract takes more than the insert wrote */
            break;
        src = ins->operands[1].value;
    }
    if (src == op->operands[0].value)
        return SPVK_FOLD_FAILED;
    spvk_ir_op_set_operand(op, 0, src);
    return SPVK_FOLD_IN_PLACE;
}

/* foldExtractFromBroadcast */
static spvk_ir_fold_status extract_from_broadcast(spvk_ir_context *ctx, spvk_ir_op *op, int64_t *pos, uint32_t n,
                                                  spvk_ir_fold_result *results)
{
    spvk_ir_value *vec = op->operands[0].value;
    spvk_ir_op *def = def_named(vec, "vector.broadcast");
    if (!def)
        def = def_named(vec, "vector.splat");
    if (!def)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *source = def->operands[0].value;
    const spvk_ir_type *rt = op->results[0].type;
    if (rt == source->type)
        return fold_to_value(results, source);
    uint32_t src_rank = vector_rank(source->type), res_rank = vector_rank(rt);
    if (!vector_is_vector(source->type))
        return SPVK_FOLD_FAILED; /* a scalar of another type */
    if (res_rank >= src_rank || strcmp(spvk_ir_op_name(def), "vector.broadcast") != 0)
        return SPVK_FOLD_FAILED;
    /* The result's dimensions must not be broadcast ones. */
    if (vector_is_vector(rt) &&
        memcmp(rt->ints, source->type->ints + (src_rank - res_rank), res_rank * sizeof *rt->ints) != 0)
        return SPVK_FOLD_FAILED;
    const spvk_ir_type *dst = vec->type;
    uint32_t dst_rank = vector_rank(dst), diff = dst_rank - src_rank;
    /* "dim-1" broadcast dimensions read the source at 0; the leading new ones are dropped. */
    for (uint32_t i = diff; i < n; i++)
        if (source->type->ints[i - diff] == 1 && dst->ints[i] != 1)
            pos[i] = 0;
    uint32_t keep = src_rank - res_rank;
    spvk_ir_op_set_operand(op, 0, source);
    return set_static_position(ctx, op, pos + (n - keep), keep) ? SPVK_FOLD_IN_PLACE : SPVK_FOLD_FAILED;
}

/* ExtractOp::fold */
VECTOR_FOLDER(vector_extract_fold)
{
    (void)operand_constants;
    if (op->num_operands < 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    int64_t pos[VECTOR_MAX_RANK];
    uint32_t n;
    if (!vector_dense_i64(spvk_ir_op_attr(op, "static_position"), pos, VECTOR_MAX_RANK, &n))
        return SPVK_FOLD_FAILED;
    if (n == 0 && op->operands[0].value->type == op->results[0].type)
        return fold_to_value(results, op->operands[0].value);
    if (!static_position(op, pos, &n))
        return SPVK_FOLD_FAILED;
    /* foldExtractOpFromExtractChain */
    spvk_ir_op *inner = def_named(op->operands[0].value, "vector.extract");
    int64_t ipos[VECTOR_MAX_RANK];
    uint32_t in;
    if (inner && static_position(inner, ipos, &in) && in + n <= VECTOR_MAX_RANK) {
        memcpy(ipos + in, pos, n * sizeof *pos);
        spvk_ir_op_set_operand(op, 0, inner->operands[0].value);
        return set_static_position(ctx, op, ipos, in + n) ? SPVK_FOLD_IN_PLACE : SPVK_FOLD_FAILED;
    }
    spvk_ir_fold_status s = extract_from_insert_chain(ctx, op, pos, n, results);
    if (s != SPVK_FOLD_FAILED)
        return s;
    s = extract_from_broadcast(ctx, op, pos, n, results);
    if (s != SPVK_FOLD_FAILED)
        return s;
    /* foldScalarExtractFromFromElements */
    spvk_ir_op *fe = def_named(op->operands[0].value, "vector.from_elements");
    int64_t off, count;
    if (fe && !vector_is_vector(op->results[0].type) &&
        linear_offset(op->operands[0].value->type, pos, n, &off, &count) && (uint64_t)off < fe->num_operands)
        return fold_to_value(results, fe->operands[off].value);
    return SPVK_FOLD_FAILED;
}

/* ExtractOpSplatConstantFolder: an extract of a splat constant is its element (or a splat of
   the sub-vector's type). */
static bool extract_splat_constant(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    const spvk_ir_attr *c = spvk_ir_value_constant(op->operands[0].value);
    if (!is_splat(c))
        return false;
    const spvk_ir_type *rt = op->results[0].type;
    return replace_with_constant(rw, op, vector_is_vector(rt) ? dense_splat(rw->ctx, rt, c->attrs[0]) : c->attrs[0]);
}

/* ExtractOpNonSplatConstantFolder: at a static position, the element or the sub-vector. */
static bool extract_nonsplat_constant(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    const spvk_ir_attr *c = spvk_ir_value_constant(op->operands[0].value);
    if (!is_dense(c) || is_splat(c))
        return false;
    const spvk_ir_type *rt = op->results[0].type;
    int64_t pos[VECTOR_MAX_RANK], off, count;
    uint32_t n;
    if (!static_position(op, pos, &n) || !linear_offset(op->operands[0].value->type, pos, n, &off, &count) ||
        (uint64_t)(off + count) > c->num_attrs || count > UINT32_MAX)
        return false;
    if (!vector_is_vector(rt))
        return replace_with_constant(rw, op, c->attrs[off]);
    return replace_with_constant(rw, op, dense_of(rw->ctx, rt, c->attrs + off, (uint32_t)count));
}

/* ExtractOpFromBroadcast: what the fold leaves, an extract at least as wide as the broadcast's
   source, is a broadcast of that source. */
static bool extract_of_broadcast(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_op *def = def_named(op->operands[0].value, "vector.broadcast");
    if (!def)
        def = def_named(op->operands[0].value, "vector.splat");
    if (!def)
        return false;
    spvk_ir_value *source = def->operands[0].value;
    const spvk_ir_type *rt = op->results[0].type;
    if (rt == source->type || vector_rank(rt) < vector_rank(source->type))
        return false;
    if (!vector_is_vector(rt)) /* a 0-D source: extractelement */
        return vector_is_vector(source->type) &&
               replace_with_new(rw, op, "vector.extractelement", &source, 1, rt, NULL);
    return replace_with_new(rw, op, "vector.broadcast", &source, 1, rt, NULL);
}

bool vector_extract_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern a = {.root = "vector.extract", .benefit = 1, .match_and_rewrite = extract_splat_constant,
                      .debug_name = "ExtractOpSplatConstantFolder"};
    spvk_pattern b = {.root = "vector.extract", .benefit = 1, .match_and_rewrite = extract_nonsplat_constant,
                      .debug_name = "ExtractOpNonSplatConstantFolder"};
    spvk_pattern c = {.root = "vector.extract", .benefit = 1, .match_and_rewrite = extract_of_broadcast,
                      .debug_name = "ExtractOpFromBroadcast"};
    return spvk_pattern_set_add(set, &a) && spvk_pattern_set_add(set, &b) && spvk_pattern_set_add(set, &c);
}

/* ---- insert ---- */

/* InsertOp::fold: an insert at no position of a value of the result's type is that value. */
VECTOR_FOLDER(vector_insert_fold)
{
    (void)ctx;
    (void)operand_constants;
    int64_t pos[VECTOR_MAX_RANK];
    uint32_t n;
    if (op->num_operands < 2 || op->num_results != 1 ||
        !vector_dense_i64(spvk_ir_op_attr(op, "static_position"), pos, VECTOR_MAX_RANK, &n))
        return SPVK_FOLD_FAILED;
    if (n == 0 && op->operands[0].value->type == op->results[0].type)
        return fold_to_value(results, op->operands[0].value);
    return SPVK_FOLD_FAILED;
}

/* InsertToBroadcast: an insert that overwrites the whole destination broadcasts its source. */
static bool insert_to_broadcast(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_value *src = op->operands[0].value;
    if (!vector_is_vector(src->type) || vector_is_scalable(src->type) || vector_is_scalable(op->results[0].type) ||
        vector_num_elements(src->type) != vector_num_elements(op->results[0].type))
        return false;
    return replace_with_new(rw, op, "vector.broadcast", &src, 1, op->results[0].type, NULL);
}

/* InsertOpConstantFolder: a constant inserted into a constant at a static position. */
static bool insert_constant(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    const spvk_ir_attr *dest = spvk_ir_value_constant(op->operands[1].value);
    const spvk_ir_attr *src = spvk_ir_value_constant(op->operands[0].value);
    int64_t pos[VECTOR_MAX_RANK], off, count;
    uint32_t n;
    const spvk_ir_type *t = op->results[0].type;
    int64_t total = vector_num_elements(t);
    if (!is_dense(dest) || !src || !static_position(op, pos, &n) || !linear_offset(t, pos, n, &off, &count) ||
        total > 256 /* MLIR's vectorSizeFoldThreshold */)
        return false;
    const spvk_ir_attr *items[256];
    for (int64_t i = 0; i < total; i++)
        items[i] = dense_element(dest, i);
    if (is_scalar_attr(src)) {
        if (count != 1)
            return false;
        items[off] = src;
    } else if (is_dense(src)) {
        for (int64_t i = 0; i < count; i++)
            items[off + i] = dense_element(src, i);
    } else
        return false;
    for (int64_t i = 0; i < total; i++)
        if (!items[i])
            return false;
    return replace_with_constant(rw, op, dense_of(rw->ctx, t, items, (uint32_t)total));
}

bool vector_insert_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern a = {.root = "vector.insert", .benefit = 1, .match_and_rewrite = insert_to_broadcast,
                      .debug_name = "InsertToBroadcast"};
    spvk_pattern b = {.root = "vector.insert", .benefit = 1, .match_and_rewrite = insert_constant,
                      .debug_name = "InsertOpConstantFolder"};
    return spvk_pattern_set_add(set, &a) && spvk_pattern_set_add(set, &b);
}

/* ---- extractelement, insertelement ---- */

/* ExtractElementOp::fold. As MLIR 19's, it needs a constant position even to see through a splat
   (its adaptor's position is the constant). */
VECTOR_FOLDER(vector_extractelement_fold)
{
    (void)ctx;
    if (op->num_operands != 2 || !operand_constants[1] || operand_constants[1]->kind != SPVK_ATTR_INTEGER)
        return SPVK_FOLD_FAILED;
    spvk_ir_op *splat = def_named(op->operands[0].value, "vector.splat");
    if (splat)
        return fold_to_value(results, splat->operands[0].value);
    spvk_ir_op *bc = def_named(op->operands[0].value, "vector.broadcast");
    if (bc && !vector_is_vector(bc->operands[0].value->type))
        return fold_to_value(results, bc->operands[0].value);
    const spvk_ir_attr *e = dense_element(operand_constants[0], operand_constants[1]->value);
    return e ? fold_to_attr(results, e) : SPVK_FOLD_FAILED;
}

/* InsertElementOp::fold: a constant into a constant at a constant position. */
VECTOR_FOLDER(vector_insertelement_fold)
{
    if (op->num_operands != 3 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *src = operand_constants[0], *dst = operand_constants[1], *p = operand_constants[2];
    const spvk_ir_type *t = op->results[0].type;
    int64_t total = vector_num_elements(t);
    if (!is_scalar_attr(src) || !is_dense(dst) || !p || p->kind != SPVK_ATTR_INTEGER ||
        src->type != vector_element(t) || p->value < 0 || p->value >= total || total > 4096)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *items[4096];
    for (int64_t i = 0; i < total; i++)
        if (!(items[i] = dense_element(dst, i)))
            return SPVK_FOLD_FAILED;
    items[p->value] = src;
    return fold_to_attr(results, dense_of(ctx, t, items, (uint32_t)total));
}

/* ---- from_elements ---- */

/* rewriteFromElementsAsSplat: the same element everywhere is a splat. */
static bool from_elements_as_splat(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    if (op->num_operands == 0)
        return false;
    for (uint32_t i = 1; i < op->num_operands; i++)
        if (op->operands[i].value != op->operands[0].value)
            return false;
    spvk_ir_value *e = op->operands[0].value;
    return replace_with_new(rw, op, "vector.splat", &e, 1, op->results[0].type, NULL);
}

bool vector_from_elements_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "vector.from_elements", .benefit = 1, .match_and_rewrite = from_elements_as_splat,
                      .debug_name = "rewriteFromElementsAsSplat"}; /* a function pattern: no label */
    return spvk_pattern_set_add(set, &p);
}

/* ---- shuffle ---- */

static bool is_step(const spvk_ir_attr *mask, int64_t begin, int64_t width)
{
    if (!mask || (int64_t)mask->num_attrs != width)
        return false;
    for (uint32_t i = 0; i < mask->num_attrs; i++)
        if (!mask->attrs[i] || mask->attrs[i]->value != begin + i)
            return false;
    return true;
}

/* ShuffleOp::fold: a mask that takes v1 or v2 whole is that operand; 1-D constants shuffle. */
VECTOR_FOLDER(vector_shuffle_fold)
{
    if (op->num_operands != 2 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    const spvk_ir_type *v1 = op->operands[0].value->type, *v2 = op->operands[1].value->type;
    const spvk_ir_attr *mask = spvk_ir_op_attr(op, "mask");
    if (vector_rank(v1) == 0 || !mask)
        return SPVK_FOLD_FAILED;
    if (!vector_is_scalable(v1) && is_step(mask, 0, v1->ints[0]))
        return fold_to_value(results, op->operands[0].value);
    if (!vector_is_scalable(v1) && !vector_is_scalable(v2) && is_step(mask, v1->ints[0], v2->ints[0]))
        return fold_to_value(results, op->operands[1].value);
    const spvk_ir_attr *a = operand_constants[0], *b = operand_constants[1];
    if (!is_dense(a) || !is_dense(b) || vector_rank(v1) != 1 || mask->num_attrs > 4096)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *items[4096];
    for (uint32_t i = 0; i < mask->num_attrs; i++) {
        int64_t k = mask->attrs[i]->value;
        items[i] = k < v1->ints[0] ? dense_element(a, k) : dense_element(b, k - v1->ints[0]);
        if (!items[i])
            return SPVK_FOLD_FAILED;
    }
    return fold_to_attr(results, dense_of(ctx, op->results[0].type, items, mask->num_attrs));
}

/* ShuffleSplat: a shuffle of two splats of one value is that splat. */
static bool shuffle_splat(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_op *a = def_named(op->operands[0].value, "vector.splat");
    spvk_ir_op *b = def_named(op->operands[1].value, "vector.splat");
    if (!a || !b || a->operands[0].value != b->operands[0].value)
        return false;
    spvk_ir_value *e = a->operands[0].value;
    return replace_with_new(rw, op, "vector.splat", &e, 1, op->results[0].type, NULL);
}

bool vector_shuffle_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "vector.shuffle", .benefit = 1, .match_and_rewrite = shuffle_splat,
                      .debug_name = "ShuffleSplat"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- bitcast ---- */

/* BitCastOp::fold: to its own type, through another bitcast, and splat constants widened (f16
   to f32, integers to a multiple of their width) by repeating their bits. */
VECTOR_FOLDER(vector_bitcast_fold)
{
    if (op->num_operands != 1 || op->num_results != 1)
        return SPVK_FOLD_FAILED;
    spvk_ir_value *src = op->operands[0].value;
    const spvk_ir_type *rt = op->results[0].type;
    if (src->type == rt)
        return fold_to_value(results, src);
    spvk_ir_op *other = def_named(src, "vector.bitcast");
    if (other) {
        if (other->operands[0].value->type == rt)
            return fold_to_value(results, other->operands[0].value);
        spvk_ir_op_set_operand(op, 0, other->operands[0].value);
        return SPVK_FOLD_IN_PLACE;
    }
    const spvk_ir_attr *c = operand_constants[0];
    if (!is_splat(c))
        return SPVK_FOLD_FAILED;
    const spvk_ir_type *se = vector_element(src->type), *de = vector_element(rt);
    const spvk_ir_attr *e = c->attrs[0];
    if (e->kind == SPVK_ATTR_FLOAT && se && se->kind == SPVK_TYPE_FLOAT && se->width == 16 && se->flags == SPVK_FLOAT_IEEE &&
        de && de->kind == SPVK_TYPE_FLOAT && de->width == 32 && de->flags == SPVK_FLOAT_IEEE) {
        uint64_t bits = spvk_ir_float_to_bits(se, e->number) & 0xffff;
        bits = bits << 16 | bits;
        const spvk_ir_attr *f = spvk_ir_float_attr(ctx, de, spvk_ir_float_from_bits(de, bits));
        return f ? fold_to_attr(results, dense_splat(ctx, rt, f)) : SPVK_FOLD_FAILED;
    }
    if (e->kind == SPVK_ATTR_INTEGER && de && !de->dialect && de->kind == SPVK_TYPE_INTEGER) {
        uint32_t sw = vector_bit_width(se), dw = de->width;
        if (!sw || dw <= sw || dw % sw != 0 || dw > 64)
            return SPVK_FOLD_FAILED;
        uint64_t one = (uint64_t)e->value & arith_mask(sw), bits = one;
        for (uint32_t i = 1; i < dw / sw; i++)
            bits = bits << sw | one;
        const spvk_ir_attr *n = arith_int_attr(ctx, de, bits);
        return n ? fold_to_attr(results, dense_splat(ctx, rt, n)) : SPVK_FOLD_FAILED;
    }
    return SPVK_FOLD_FAILED;
}

/* ---- reduction ---- */

/* The arith op makeArithReduction combines a reduced value with the accumulator by. */
static const char *combining_op(int64_t kind, bool is_float)
{
    switch (kind) {
    case 1: return is_float ? "arith.addf" : "arith.addi";
    case 2: return is_float ? "arith.mulf" : "arith.muli";
    case 4: return "arith.minui";
    case 8: return "arith.minsi";
    case 16: return "arith.minnumf";
    case 32: return "arith.maxui";
    case 64: return "arith.maxsi";
    case 128: return "arith.maxnumf";
    case 256: return "arith.andi";
    case 512: return "arith.ori";
    case 1024: return "arith.xori";
    case 2048: return "arith.minimumf";
    case 4096: return "arith.maximumf";
    default: return NULL;
    }
}

/* ElideSingleElementReduction: a reduction of one element is that element (extract [0], or
   extractelement of a 0-D vector), combined with the accumulator when there is one. */
static bool single_element_reduction(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_value *vec = op->operands[0].value;
    uint32_t rank = vector_rank(vec->type);
    if (rank > 1 || (rank == 1 && (vec->type->ints[0] != 1 || vec->type->flags)))
        return false;
    const spvk_ir_type *rt = op->results[0].type;
    const spvk_ir_attr *kind = spvk_ir_op_attr(op, "kind");
    bool is_float = spvk_ir_type_is_float(rt);
    const char *combine = NULL;
    if (op->num_operands > 1 && !(kind && (combine = combining_op(kind->value, is_float))))
        return false;
    spvk_ir_op *e;
    if (rank == 0)
        e = create(rw, op, "vector.extractelement", &vec, 1, rt, NULL);
    else {
        int64_t zero = 0;
        const spvk_ir_attr *p =
            spvk_ir_dense_int_array_attr(rw->ctx, spvk_ir_integer_type(rw->ctx, 64, SPVK_INT_SIGNLESS), &zero, 1);
        e = create(rw, op, "vector.extract", &vec, 1, rt, one_attr(rw->ctx, "static_position", p));
    }
    if (!e)
        return false;
    if (op->num_operands == 1) {
        spvk_rewriter_replace_op_with_op(rw, op, e);
        return true;
    }
    spvk_ir_value *ops[2] = {&e->results[0], op->operands[1].value};
    const spvk_ir_attr *fm = spvk_ir_op_attr(op, "fastmath");
    const spvk_ir_attr *attrs = is_float && fm ? one_attr(rw->ctx, "fastmath", fm) : NULL;
    return replace_with_new(rw, op, combine, ops, 2, rt, attrs);
}

bool vector_reduction_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "vector.reduction", .benefit = 1, .match_and_rewrite = single_element_reduction,
                      .debug_name = "ElideSingleElementReduction"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- transfers ---- */

/* foldTransferInBoundsAttribute: a dimension whose start is a constant and whose source size is
   static enough for the vector is in bounds. */
static spvk_ir_fold_status transfer_in_bounds(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t source_group,
                                              uint32_t indices_group, const spvk_ir_type *vec)
{
    uint32_t f[4], c[4];
    for (uint32_t g = 0; g < 4; g++)
        if (!memref_segment(op, g, &f[g], &c[g]))
            return SPVK_FOLD_FAILED;
    vector_map m;
    const spvk_ir_attr *ib = spvk_ir_op_attr(op, "in_bounds");
    if (!vector_map_read(spvk_ir_op_attr(op, "permutation_map"), &m) || m.num_results == 0 || !ib ||
        ib->kind != SPVK_ATTR_ARRAY || ib->num_attrs != m.num_results || m.num_results != vector_rank(vec))
        return SPVK_FOLD_FAILED;
    const spvk_ir_type *shaped = op->operands[f[source_group]].value->type;
    const spvk_ir_attr *items[VECTOR_MAX_RANK];
    bool changed = false;
    for (uint32_t i = 0; i < m.num_results; i++) {
        items[i] = ib->attrs[i];
        int32_t d = m.results[i];
        if (d < 0 || ib->attrs[i]->value) /* broadcast dimensions and those already in bounds */
            continue;
        if ((uint32_t)d >= c[indices_group] || (uint32_t)d >= shaped->num_ints || shaped->ints[d] == SPVK_DYNAMIC)
            continue;
        const spvk_ir_attr *k = spvk_ir_value_constant(op->operands[f[indices_group] + d].value);
        if (!k || k->kind != SPVK_ATTR_INTEGER || vec->ints[i] > INT64_MAX - k->value)
            continue;
        if (k->value + vec->ints[i] <= shaped->ints[d]) {
            items[i] = spvk_ir_bool_attr(ctx, true);
            changed = true;
        }
    }
    if (!changed)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *a = spvk_ir_array_attr(ctx, items, m.num_results);
    if (!a)
        return SPVK_FOLD_FAILED;
    spvk_ir_op_set_attr(ctx, op, "in_bounds", a);
    return SPVK_FOLD_IN_PLACE;
}

VECTOR_FOLDER(vector_transfer_read_fold)
{
    (void)operand_constants;
    (void)results;
    return op->num_results == 1 ? transfer_in_bounds(ctx, op, 0, 1, op->results[0].type) : SPVK_FOLD_FAILED;
}

VECTOR_FOLDER(vector_transfer_write_fold)
{
    (void)operand_constants;
    (void)results;
    return op->num_operands ? transfer_in_bounds(ctx, op, 1, 2, op->operands[0].value->type) : SPVK_FOLD_FAILED;
}
