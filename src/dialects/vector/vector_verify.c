/* The vector ops' own verifiers, with MLIR 19's messages: the element-type traits
   (PredOpTrait<"... have same element type">), AllRanksMatch, from_elements' TypesMatchWith, the
   ops' hasVerifier parts, and the result type checks of InferTypeOpAdaptor (extract, shuffle),
   in the order mlir-opt-19 reports them: traits, then verify(), then the inferred types. The
   generated checks (counts, operand constraints, attribute constraints, type relations) have
   run before these. */
#include <stdio.h>
#include <string.h>

#include "vector_internal.h"

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

/* MLIR's getElementTypeOrSelf. */
static const spvk_ir_type *element_or_self(const spvk_ir_type *t)
{
    if (t && !t->dialect && (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR || t->kind == SPVK_TYPE_MEMREF) &&
        t->num_types)
        return t->types[0];
    return t;
}

/* PredOpTrait<summary, TCresVTEtIsSameAsOpBase<0, i>> */
static bool same_element(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t operand, const char *summary)
{
    if (element_or_self(result_type(op, 0)) != element_or_self(operand_type(op, operand)))
        return spvk_ir_op_error(v, op, "failed to verify that %s", summary);
    return true;
}

static bool is_int_or_index(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_INDEX);
}

static bool is_int_or_index_or_float(const spvk_ir_type *t) { return is_int_or_index(t) || spvk_ir_type_is_float(t); }

/* ---- broadcast ---- */

bool vector_broadcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!same_element(v, op, 0, "source operand and result have same element type"))
        return false;
    const spvk_ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
    /* MLIR's isBroadcastableTo */
    if (is_int_or_index_or_float(src) && element_or_self(src) == element_or_self(dst))
        return true;
    if (!vector_is_vector(src))
        return spvk_ir_op_error(v, op, "source type is not a vector");
    uint32_t sr = vector_rank(src), dr = vector_rank(dst);
    if (sr > dr)
        return spvk_ir_op_error(v, op, "source rank higher than destination rank");
    uint32_t lead = dr - sr;
    /* MLIR 19 compares the sizes only (its scalable-dimension rules came later). */
    for (uint32_t i = 0; i < sr; i++) {
        int64_t sd = src->ints[i], dd = dst->ints[lead + i];
        if (sd != 1 && sd != dd)
            return spvk_ir_op_error(v, op, "dimension mismatch (%lld vs. %lld)", (long long)sd, (long long)dd);
    }
    return true;
}

/* ---- shuffle ---- */

bool vector_shuffle_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!same_element(v, op, 0, "first operand v1 and result have same element type") ||
        !same_element(v, op, 1, "second operand v2 and result have same element type"))
        return false;
    const spvk_ir_type *r = result_type(op, 0), *v1 = operand_type(op, 0), *v2 = operand_type(op, 1);
    uint32_t rr = vector_rank(r), r1 = vector_rank(v1), r2 = vector_rank(v2);
    bool zero_d = r1 == 0 && r2 == 0 && rr == 1, nd = r1 == rr && r2 == rr;
    if (!zero_d && !nd)
        return spvk_ir_op_error(v, op, "rank mismatch");
    for (uint32_t i = 1; i < r1; i++)
        if (r->ints[i] != v1->ints[i] || v1->ints[i] != v2->ints[i])
            return spvk_ir_op_error(v, op, "dimension mismatch");
    const spvk_ir_attr *mask = spvk_ir_op_attr(op, "mask");
    uint32_t len = mask ? mask->num_attrs : 0;
    if (len == 0)
        return spvk_ir_op_error(v, op, "invalid mask length");
    if ((int64_t)len != r->ints[0])
        return spvk_ir_op_error(v, op, "mask length mismatch");
    int64_t size = (r1 ? v1->ints[0] : 1) + (r2 ? v2->ints[0] : 1);
    for (uint32_t i = 0; i < len; i++) {
        const spvk_ir_attr *e = mask->attrs[i];
        if (!e || e->kind != SPVK_ATTR_INTEGER || e->value < 0 || e->value >= size)
            return spvk_ir_op_error(v, op, "mask index #%u out of range", i + 1);
    }
    return true;
}

/* ---- extractelement, insertelement ---- */

static bool element_position(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *vec, bool has_position)
{
    uint32_t rank = vector_rank(vec);
    if (rank == 0) {
        if (has_position)
            return spvk_ir_op_error(v, op, "expected position to be empty with 0-D vector");
        return true;
    }
    if (rank != 1)
        return spvk_ir_op_error(v, op, "unexpected >1 vector rank");
    if (!has_position)
        return spvk_ir_op_error(v, op, "expected position for 1-D vector");
    return true;
}

bool vector_extractelement_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    return element_position(v, op, operand_type(op, 0), op->num_operands > 1);
}

bool vector_insertelement_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    return element_position(v, op, operand_type(op, 1), op->num_operands > 2);
}

/* ---- extract, insert ---- */

/* The static positions, checked against the dynamic operands (MLIR: "must come before
   getMixedPosition() to prevent a crash"). */
static bool positions(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t num_dynamic, int64_t *pos, uint32_t *n)
{
    if (!vector_dense_i64(spvk_ir_op_attr(op, "static_position"), pos, VECTOR_MAX_RANK, n))
        return spvk_ir_op_error(v, op, "has more than %d positions", VECTOR_MAX_RANK);
    uint32_t markers = 0;
    for (uint32_t i = 0; i < *n; i++)
        markers += pos[i] == SPVK_DYNAMIC;
    if (markers != num_dynamic)
        return spvk_ir_op_error(v, op, "mismatch between dynamic and static positions (kDynamic marker but no "
                                       "corresponding dynamic position) -- this can only happen due to an incorrect "
                                       "fold/rewrite");
    return true;
}

/* What extract gives: the element type at full rank, else the vector of the trailing dimensions
   (MLIR's ExtractOp::inferReturnTypes). */
static const spvk_ir_type *extract_result(spvk_ir_context *ctx, const spvk_ir_type *vec, uint32_t n)
{
    uint32_t rank = vector_rank(vec);
    if (n == rank)
        return vector_element(vec);
    if (n > rank)
        n = rank;
    uint16_t scalable = (uint16_t)(n < 16 ? vec->flags >> n : 0);
    return vector_type(ctx, vec->ints + n, rank - n, scalable, vector_element(vec));
}

/* ExtractOp::isCompatibleReturnTypes: a vector<1xT> stands for T either way. */
static bool extract_compatible(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if (a == b)
        return true;
    const spvk_ir_type *x[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        const spvk_ir_type *vt = x[k], *o = x[1 - k];
        if (vector_rank(vt) == 1 && vt->ints[0] == 1 && !vt->flags && vector_element(vt) == o)
            return true;
    }
    return false;
}

bool vector_extract_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!same_element(v, op, 0, "operand and result have same element type"))
        return false;
    const spvk_ir_type *vec = operand_type(op, 0);
    int64_t pos[VECTOR_MAX_RANK];
    uint32_t n;
    if (!positions(v, op, op->num_operands - 1, pos, &n))
        return false;
    if (n > vector_rank(vec))
        return spvk_ir_op_error(v, op, "expected position attribute of rank no greater than vector rank");
    for (uint32_t i = 0; i < n; i++)
        if (pos[i] != SPVK_DYNAMIC && (pos[i] < 0 || pos[i] >= vec->ints[i]))
            return spvk_ir_op_error(v, op,
                                    "expected position attribute #%u to be a non-negative integer smaller than the "
                                    "corresponding vector dimension",
                                    i + 1);
    const spvk_ir_type *inferred = extract_result(spvk_ir_verifier_context(v), vec, n);
    if (inferred && !extract_compatible(inferred, result_type(op, 0))) {
        char a[TYPE_TEXT], b[TYPE_TEXT];
        return spvk_ir_op_error(v, op, "inferred type(s) '%s' are incompatible with return type(s) of operation '%s'",
                                tt(v, inferred, a), tt(v, result_type(op, 0), b));
    }
    return true;
}

bool vector_insert_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!same_element(v, op, 0, "source operand and result have same element type"))
        return false;
    const spvk_ir_type *src = operand_type(op, 0), *dest = operand_type(op, 1);
    int64_t pos[VECTOR_MAX_RANK];
    uint32_t n;
    if (!positions(v, op, op->num_operands - 2, pos, &n))
        return false;
    uint32_t rank = vector_rank(dest);
    if (n > rank)
        return spvk_ir_op_error(v, op, "expected position attribute of rank no greater than dest vector rank");
    if (vector_is_vector(src) && vector_rank(src) + n != rank)
        return spvk_ir_op_error(v, op, "expected position attribute rank + source rank to match dest vector rank");
    if (!vector_is_vector(src) && n != rank)
        return spvk_ir_op_error(v, op, "expected position attribute rank to match the dest vector rank");
    for (uint32_t i = 0; i < n; i++)
        if (pos[i] != SPVK_DYNAMIC && (pos[i] < 0 || pos[i] >= dest->ints[i]))
            return spvk_ir_op_error(v, op,
                                    "expected position attribute #%u to be a non-negative integer smaller than the "
                                    "corresponding dest vector dimension",
                                    i + 1);
    return true;
}

/* ---- from_elements ---- */

bool vector_from_elements_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *r = result_type(op, 0);
    const spvk_ir_type *e = vector_element(r);
    bool ok = (int64_t)op->num_operands == vector_num_elements(r);
    for (uint32_t i = 0; ok && i < op->num_operands; i++)
        ok = operand_type(op, i) == e;
    if (!ok)
        return spvk_ir_op_error(v, op, "failed to verify that operand types match result element type");
    return true;
}

/* ---- reduction ---- */

/* The kind names of a CombiningKind value, `|`-joined in case order (stringifyCombiningKind). */
static const char *kind_text(const spvk_ir_attr *kind, char *buf, size_t size)
{
    static const char *const names[] = {"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
                                        "and", "or",  "xor",   "maximumf", "minimumf"};
    static const int bits[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 11};
    size_t n = 0;
    buf[0] = 0;
    int64_t value = kind ? kind->value : 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (value >> bits[i] & 1)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "|" : "", names[i]);
    return buf;
}

/* MLIR's isSupportedCombiningKind: one kind, of the element type's family. */
static bool supported_kind(int64_t kind, const spvk_ir_type *t)
{
    switch (kind) {
    case 1: /* add */
    case 2: /* mul */
        return is_int_or_index_or_float(t);
    case 4: case 8: case 32: case 64: /* minui minsi maxui maxsi */
    case 256: case 512: case 1024:    /* and or xor */
        return is_int_or_index(t);
    case 16: case 128: case 2048: case 4096: /* minnumf maxnumf minimumf maximumf */
        return spvk_ir_type_is_float(t);
    default:
        return false;
    }
}

bool vector_reduction_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!same_element(v, op, 0, "source operand and result have same element type"))
        return false;
    uint32_t rank = vector_rank(operand_type(op, 0));
    if (rank > 1)
        return spvk_ir_op_error(v, op, "unsupported reduction rank: %u", rank);
    const spvk_ir_attr *kind = spvk_ir_op_attr(op, "kind");
    const spvk_ir_type *t = result_type(op, 0);
    if (!kind || !supported_kind(kind->value, t)) {
        char a[TYPE_TEXT], k[256];
        /* MLIR streams the type into the quotes, and a type in a diagnostic is quoted itself. */
        return spvk_ir_op_error(v, op, "unsupported reduction type ''%s'' for kind '%s'", tt(v, t, a),
                                kind_text(kind, k, sizeof k));
    }
    return true;
}

/* ---- bitcast ---- */

bool vector_bitcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *s = operand_type(op, 0), *r = result_type(op, 0);
    uint32_t rank = vector_rank(s);
    if (rank != vector_rank(r))
        return spvk_ir_op_error(v, op, "failed to verify that all of {source, result} have same rank");
    for (uint32_t i = 0; i + 1 < rank; i++)
        if (s->ints[i] != r->ints[i])
            return spvk_ir_op_error(v, op, "dimension size mismatch at: %u", i);
    uint64_t sb = vector_bit_width(vector_element(s)), rb = vector_bit_width(vector_element(r));
    if (rank == 0) {
        if (sb != rb)
            return spvk_ir_op_error(v, op, "source/result bitwidth of the 0-D vector element types must be equal");
    } else if (sb * (uint64_t)s->ints[rank - 1] != rb * (uint64_t)r->ints[rank - 1])
        return spvk_ir_op_error(v, op, "source/result bitwidth of the minor 1-D vectors must be equal");
    return true;
}

/* ---- load, store ---- */

/* MLIR's verifyLoadStoreMemRefLayout: more than one element needs a unit stride in the most minor
   memref dimension (affine map layouts, which spvkit does not analyse, pass). */
static bool unit_minor_stride(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *vec,
                              const spvk_ir_type *memref)
{
    if (!vector_is_scalable(vec) && (vector_rank(vec) == 0 || vector_num_elements(vec) == 1))
        return true;
    if (memref_layout_is_affine_map(memref))
        return true;
    int64_t strides[MEMREF_MAX_RANK], offset;
    uint32_t rank = memref_rank(memref);
    if (rank > MEMREF_MAX_RANK || (spvk_ir_memref_strides(memref, strides, MEMREF_MAX_RANK, &offset) &&
                                   (rank == 0 || strides[rank - 1] == 1)))
        return true;
    return spvk_ir_op_error(v, op, "most minor memref dim must have unit stride");
}

static bool load_store(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *vec, const spvk_ir_type *memref,
                       uint32_t num_indices, const char *what)
{
    if (!unit_minor_stride(v, op, vec, memref))
        return false;
    const spvk_ir_type *elem = memref_element(memref);
    if (vector_is_vector(elem)) {
        if (elem != vec)
            return spvk_ir_op_error(v, op, "base memref and %s vector types should match", what);
        elem = vector_element(elem);
    }
    if (vector_element(vec) != elem) /* MLIR: "types" for load, "type" for store */
        return spvk_ir_op_error(v, op, "base and %s element %s should match", what,
                                strcmp(what, "result") == 0 ? "types" : "type");
    if (num_indices != memref_rank(memref))
        return spvk_ir_op_error(v, op, "requires %u indices", memref_rank(memref));
    return true;
}

bool vector_load_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    return load_store(v, op, result_type(op, 0), operand_type(op, 0), op->num_operands - 1, "result");
}

bool vector_store_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    return load_store(v, op, operand_type(op, 0), operand_type(op, 1), op->num_operands - 2, "valueToStore");
}

/* ---- transfer_read, transfer_write ---- */

static bool projected_permutation(spvk_ir_verifier *v, const spvk_ir_op *op, const vector_map *m)
{
    bool seen[VECTOR_MAX_RANK] = {false};
    for (uint32_t i = 0; i < m->num_results; i++) {
        int32_t r = m->results[i];
        if (r == VECTOR_MAP_ZERO)
            continue;
        if (r < 0)
            return spvk_ir_op_error(v, op, "requires a projected permutation_map (at most one dim or the zero constant "
                                           "can appear in each result)");
        if (seen[r])
            return spvk_ir_op_error(v, op, "requires a permutation_map that is a permutation (found one dim used more "
                                           "than once)");
        seen[r] = true;
    }
    return true;
}

/* MLIR's verifyTransferOp. */
static bool transfer_common(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *shaped,
                            const spvk_ir_type *vec, const spvk_ir_type *mask, const vector_map *m)
{
    if (!vector_is_ranked_shaped(shaped))
        return spvk_ir_op_error(v, op, "requires source to be a memref or ranked tensor type");
    const spvk_ir_type *elem = vector_shaped_element(shaped);
    uint32_t vrank = vector_rank(vec);
    if (vector_is_vector(elem)) {
        uint64_t source_bits = (uint64_t)vector_bit_width(vector_element(elem)) *
                               (uint64_t)(vector_rank(elem) ? elem->ints[vector_rank(elem) - 1] : 1);
        uint64_t result_bits = (uint64_t)vector_bit_width(vector_element(vec)) * (uint64_t)(vrank ? vec->ints[vrank - 1] : 1);
        if (!source_bits || result_bits % source_bits != 0)
            return spvk_ir_op_error(v, op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of "
                                           "the bitwidth of the minor 1-D vector of the source");
        if (vector_rank(elem) > vrank)
            return spvk_ir_op_error(v, op, "requires source vector element and vector result ranks to match.");
        if (m->num_results != vrank - vector_rank(elem))
            return spvk_ir_op_error(v, op, "requires a permutation_map with result dims of the same rank as the "
                                           "vector type");
        if (mask)
            return spvk_ir_op_error(v, op, "does not support masks with vector element type");
    } else {
        uint64_t minor = vrank ? (uint64_t)vec->ints[vrank - 1] : 1;
        uint64_t result_bits = (uint64_t)vector_bit_width(vector_element(vec)) * minor;
        uint32_t source_bits = vector_bit_width(elem);
        if (!source_bits || result_bits % source_bits != 0)
            return spvk_ir_op_error(v, op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of "
                                           "the bitwidth of the source element type");
        if (m->num_results != vrank)
            return spvk_ir_op_error(v, op, "requires a permutation_map with result dims of the same rank as the "
                                           "vector type");
    }
    if (m->num_symbols)
        return spvk_ir_op_error(v, op, "requires permutation_map without symbols");
    if (m->num_dims != vector_shaped_rank(shaped))
        return spvk_ir_op_error(v, op, "requires a permutation_map with input dims of the same rank as the source type");
    if (mask) {
        const spvk_ir_type *inferred = vector_transfer_mask_type(spvk_ir_verifier_context(v), vec, m);
        if (inferred && inferred != mask) {
            char a[TYPE_TEXT], b[TYPE_TEXT];
            return spvk_ir_op_error(v, op, "inferred mask type ('%s') and mask operand type ('%s') don't match",
                                    tt(v, inferred, a), tt(v, mask, b));
        }
    }
    const spvk_ir_attr *ib = spvk_ir_op_attr(op, "in_bounds");
    const spvk_ir_attr *pm = spvk_ir_op_attr(op, "permutation_map");
    if (!ib || ib->num_attrs != m->num_results) {
        char text[64 + 16 * VECTOR_MAX_RANK];
        if (!vector_map_text(m, text, sizeof text))
            snprintf(text, sizeof text, "%.*s", (int)pm->length, pm->string);
        return spvk_ir_op_error(v, op, "expects the in_bounds attr of same rank as permutation_map results: %s vs "
                                       "inBounds of size: %u",
                                text, ib ? ib->num_attrs : 0);
    }
    for (uint32_t i = 0; i < m->num_results; i++) /* any constant result (the projected permutation check follows) */
        if ((m->results[i] == VECTOR_MAP_ZERO || m->results[i] == VECTOR_MAP_CONSTANT) && !ib->attrs[i]->value)
            return spvk_ir_op_error(v, op, "requires broadcast dimensions to be in-bounds");
    return true;
}

/* The ODS checks ran: the map is an affine map attribute; read what this code understands. */
static bool read_map(spvk_ir_verifier *v, const spvk_ir_op *op, vector_map *m)
{
    if (!vector_map_read(spvk_ir_op_attr(op, "permutation_map"), m))
        return spvk_ir_op_error(v, op, "has a permutation_map spvkit cannot read (more than %d dimensions or results, "
                                       "or not an affine map)",
                                VECTOR_MAX_RANK);
    return true;
}

bool vector_transfer_read_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t f[4], c[4];
    for (uint32_t g = 0; g < 4; g++)
        if (!memref_segment(op, g, &f[g], &c[g]))
            return true; /* the ODS checks reported it */
    vector_map m;
    if (!read_map(v, op, &m))
        return false;
    const spvk_ir_type *shaped = operand_type(op, f[0]), *vec = result_type(op, 0);
    const spvk_ir_type *mask = c[3] ? operand_type(op, f[3]) : NULL;
    const spvk_ir_type *padding = operand_type(op, f[2]);
    if (c[1] != vector_shaped_rank(shaped))
        return spvk_ir_op_error(v, op, "requires %u indices", vector_shaped_rank(shaped));
    if (!transfer_common(v, op, shaped, vec, mask, &m))
        return false;
    const spvk_ir_type *elem = vector_shaped_element(shaped);
    if (vector_is_vector(elem)) {
        if (elem != padding)
            return spvk_ir_op_error(v, op, "requires source element type and padding type to match.");
    } else {
        if (!is_int_or_index_or_float(padding))
            return spvk_ir_op_error(v, op, "requires valid padding vector elemental type");
        if (padding != elem)
            return spvk_ir_op_error(v, op, "requires formal padding and source of the same elemental type");
    }
    return projected_permutation(v, op, &m);
}

bool vector_transfer_write_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t f[4], c[4];
    for (uint32_t g = 0; g < 4; g++)
        if (!memref_segment(op, g, &f[g], &c[g]))
            return true;
    vector_map m;
    if (!read_map(v, op, &m))
        return false;
    const spvk_ir_type *vec = operand_type(op, f[0]), *shaped = operand_type(op, f[1]);
    const spvk_ir_type *mask = c[3] ? operand_type(op, f[3]) : NULL;
    if (c[2] != vector_shaped_rank(shaped))
        return spvk_ir_op_error(v, op, "requires %u indices", vector_shaped_rank(shaped));
    for (uint32_t i = 0; i < m.num_results; i++)
        if (m.results[i] == VECTOR_MAP_ZERO)
            return spvk_ir_op_error(v, op, "should not have broadcast dimensions");
    if (!transfer_common(v, op, shaped, vec, mask, &m))
        return false;
    return projected_permutation(v, op, &m);
}
