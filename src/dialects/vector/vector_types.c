/* Vector types, the constraints vector.ops names, and the permutation maps of the transfer ops.
   The IR core keeps affine maps as their text (SPVK_OPAQUE_BUILTIN); the vector ops need only
   projected permutations (`(d0, d1, d2) -> (d2, 0)`), so this reads the text that far: the
   dimension and symbol names, and per result a dimension, a constant, or "something else". */
#include <stdio.h>
#include <string.h>

#include "vector_internal.h"

bool vector_is_vector(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_VECTOR; }
uint32_t vector_rank(const spvk_ir_type *t) { return vector_is_vector(t) ? t->num_ints : 0; }
const spvk_ir_type *vector_element(const spvk_ir_type *t)
{
    return vector_is_vector(t) && t->num_types ? t->types[0] : NULL;
}
bool vector_is_scalable(const spvk_ir_type *t) { return vector_is_vector(t) && t->flags != 0; }

int64_t vector_num_elements(const spvk_ir_type *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < vector_rank(t); i++) {
        int64_t d = t->ints[i];
        if (d <= 0)
            return 0;
        n = n > INT64_MAX / d ? INT64_MAX : n * d;
    }
    return n;
}

const spvk_ir_type *vector_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank, uint16_t scalable,
                                const spvk_ir_type *element)
{
    if (!scalable)
        return spvk_ir_vector_type(ctx, shape, rank, element);
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_VECTOR;
    d.flags = scalable;
    d.types = &element;
    d.num_types = 1;
    d.ints = shape;
    d.num_ints = rank;
    return spvk_ir_type_get(ctx, &d);
}

uint32_t vector_bit_width(const spvk_ir_type *t)
{
    if (!t || t->dialect)
        return 0;
    if (t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_FLOAT)
        return t->width;
    if (t->kind == SPVK_TYPE_INDEX)
        return 64;
    return 0;
}

bool vector_is_ranked_shaped(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_MEMREF || t->kind == SPVK_TYPE_TENSOR) &&
           !(t->flags & SPVK_SHAPE_UNRANKED);
}
uint32_t vector_shaped_rank(const spvk_ir_type *t) { return vector_is_ranked_shaped(t) ? t->num_ints : 0; }
const spvk_ir_type *vector_shaped_element(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_MEMREF || t->kind == SPVK_TYPE_TENSOR) && t->num_types
               ? t->types[0]
               : NULL;
}

/* ---- Constraints ---- */

bool vector_is_non_zero_rank(const spvk_ir_type *t) { return vector_rank(t) > 0; }
bool vector_is_fixed_length(const spvk_ir_type *t) { return vector_is_vector(t) && !t->flags; }
bool vector_is_float_vector(const spvk_ir_type *t) { return vector_is_vector(t) && spvk_ir_type_is_float(vector_element(t)); }
bool vector_is_i1_mask(const spvk_ir_type *t)
{
    const spvk_ir_type *e = vector_element(t);
    return vector_rank(t) > 0 && e && !e->dialect && e->kind == SPVK_TYPE_INTEGER && e->width == 1 &&
           e->flags == SPVK_INT_SIGNLESS;
}
bool vector_is_splat_input(const spvk_ir_type *t)
{
    return spvk_ods_is_signless_integer(t) || spvk_ods_is_index(t) || spvk_ods_is_float(t);
}

bool vector_is_affine_map_attr(const spvk_ir_attr *a)
{
    return a && !a->dialect && a->kind == SPVK_ATTR_OPAQUE && a->flags == SPVK_OPAQUE_BUILTIN && a->string &&
           a->length >= 11 && memcmp(a->string, "affine_map<", 11) == 0;
}

bool vector_is_bool_array_attr(const spvk_ir_attr *a)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_ARRAY)
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++)
        if (!a->attrs[i] || a->attrs[i]->dialect || a->attrs[i]->kind != SPVK_ATTR_BOOL)
            return false;
    return true;
}

bool vector_dense_i64(const spvk_ir_attr *a, int64_t *out, uint32_t max, uint32_t *count)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_DENSE_ARRAY || a->num_attrs > max)
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++)
        out[i] = a->attrs[i] ? a->attrs[i]->value : 0;
    *count = a->num_attrs;
    return true;
}

/* ---- Permutation maps ---- */

typedef struct map_text {
    const char *s, *e;
} map_text;

static void skip_blanks(map_text *t)
{
    while (t->s < t->e && (*t->s == ' ' || *t->s == '\t' || *t->s == '\n' || *t->s == '\r'))
        t->s++;
}

static bool take(map_text *t, const char *what)
{
    skip_blanks(t);
    size_t n = strlen(what);
    if ((size_t)(t->e - t->s) < n || memcmp(t->s, what, n) != 0)
        return false;
    t->s += n;
    return true;
}

static bool is_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '.';
}

typedef struct name_span {
    const char *s;
    uint32_t n;
} name_span;

/* `(` name (`,` name)* `)` or `[` ... `]`: the bare identifiers of a dimension or symbol list. */
static bool read_names(map_text *t, char open, char close, name_span *names, uint32_t *count)
{
    char o[2] = {open, 0}, c[2] = {close, 0};
    *count = 0;
    if (!take(t, o))
        return false;
    if (take(t, c))
        return true;
    do {
        skip_blanks(t);
        const char *b = t->s;
        while (t->s < t->e && is_id_char(*t->s))
            t->s++;
        if (t->s == b || *count == VECTOR_MAX_RANK)
            return false;
        names[*count].s = b;
        names[(*count)++].n = (uint32_t)(t->s - b);
    } while (take(t, ","));
    return take(t, c);
}

bool vector_map_read(const spvk_ir_attr *a, vector_map *out)
{
    if (!vector_is_affine_map_attr(a))
        return false;
    map_text t = {a->string + 11, a->string + a->length};
    if (t.e > t.s && t.e[-1] == '>')
        t.e--;
    name_span dims[VECTOR_MAX_RANK], syms[VECTOR_MAX_RANK];
    memset(out, 0, sizeof *out);
    if (!read_names(&t, '(', ')', dims, &out->num_dims))
        return false;
    skip_blanks(&t);
    if (t.s < t.e && *t.s == '[' && !read_names(&t, '[', ']', syms, &out->num_symbols))
        return false;
    if (!take(&t, "->") || !take(&t, "("))
        return false;
    skip_blanks(&t);
    if (take(&t, ")"))
        return true;
    /* Results: comma-separated at nesting depth 0, up to the closing parenthesis. */
    for (;;) {
        skip_blanks(&t);
        const char *b = t.s;
        int depth = 0;
        while (t.s < t.e && !(depth == 0 && (*t.s == ',' || *t.s == ')'))) {
            depth += *t.s == '(';
            depth -= *t.s == ')';
            t.s++;
        }
        if (t.s >= t.e || out->num_results == VECTOR_MAX_RANK)
            return false;
        const char *e = t.s;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
            e--;
        int32_t r = VECTOR_MAP_COMPLEX;
        size_t n = (size_t)(e - b);
        for (uint32_t i = 0; i < out->num_dims; i++)
            if (dims[i].n == n && memcmp(dims[i].s, b, n) == 0)
                r = (int32_t)i;
        if (r == VECTOR_MAP_COMPLEX && n) {
            const char *q = b + (*b == '-');
            bool digits = q < e;
            bool zero = true;
            for (const char *x = q; x < e; x++) {
                digits = digits && *x >= '0' && *x <= '9';
                zero = zero && *x == '0';
            }
            if (digits)
                r = zero ? VECTOR_MAP_ZERO : VECTOR_MAP_CONSTANT;
        }
        out->results[out->num_results++] = r;
        if (*t.s == ')')
            break;
        t.s++;
    }
    return true;
}

bool vector_map_is_minor_identity(const vector_map *m)
{
    if (m->num_symbols || m->num_results > m->num_dims)
        return false;
    for (uint32_t i = 0; i < m->num_results; i++)
        if (m->results[i] != (int32_t)(m->num_dims - m->num_results + i))
            return false;
    return true;
}

const spvk_ir_attr *vector_minor_identity_map(spvk_ir_context *ctx, uint32_t num_dims, uint32_t num_results)
{
    if (num_dims > VECTOR_MAX_RANK || num_results > num_dims)
        return NULL;
    char buf[64 + 16 * VECTOR_MAX_RANK];
    size_t n = (size_t)snprintf(buf, sizeof buf, "affine_map<(");
    for (uint32_t i = 0; i < num_dims; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%sd%u", i ? ", " : "", i);
    n += (size_t)snprintf(buf + n, sizeof buf - n, ") -> (");
    for (uint32_t i = 0; i < num_results; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%sd%u", i ? ", " : "", num_dims - num_results + i);
    n += (size_t)snprintf(buf + n, sizeof buf - n, ")>");
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_OPAQUE;
    d.flags = SPVK_OPAQUE_BUILTIN;
    d.string = buf;
    d.length = n;
    return spvk_ir_attr_get(ctx, &d);
}

/* MLIR: inversePermutation(compressUnusedDims(map)) composed with the vector's shape: the mask
   has one dimension per map dimension the results use, in dimension order, sized as the vector
   dimension that names it (and scalable as that one); broadcast results have none. */
const spvk_ir_type *vector_transfer_mask_type(spvk_ir_context *ctx, const spvk_ir_type *vector, const vector_map *m)
{
    if (!vector_is_vector(vector) || m->num_results != vector_rank(vector))
        return NULL;
    int64_t shape[VECTOR_MAX_RANK];
    uint16_t scalable = 0;
    uint32_t rank = 0;
    for (uint32_t d = 0; d < m->num_dims; d++)
        for (uint32_t r = 0; r < m->num_results; r++)
            if (m->results[r] == (int32_t)d) {
                if (r < 16 && (vector->flags >> r & 1) && rank < 16)
                    scalable |= (uint16_t)(1u << rank);
                shape[rank++] = vector->ints[r];
                break;
            }
    for (uint32_t r = 0; r < m->num_results; r++)
        if (m->results[r] < VECTOR_MAP_ZERO)
            return NULL;
    return vector_type(ctx, shape, rank, scalable, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
}

bool vector_map_text(const vector_map *m, char *buf, size_t size)
{
    size_t n = 0;
    for (uint32_t i = 0; i < m->num_results; i++)
        if (m->results[i] < VECTOR_MAP_ZERO)
            return false;
#define PUT(...) (n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__))
    PUT("affine_map<(");
    for (uint32_t i = 0; i < m->num_dims; i++)
        PUT("%sd%u", i ? ", " : "", i);
    PUT(")");
    if (m->num_symbols) {
        PUT("[");
        for (uint32_t i = 0; i < m->num_symbols; i++)
            PUT("%ss%u", i ? ", " : "", i);
        PUT("]");
    }
    PUT(" -> (");
    for (uint32_t i = 0; i < m->num_results; i++) {
        if (m->results[i] == VECTOR_MAP_ZERO)
            PUT("%s0", i ? ", " : "");
        else
            PUT("%sd%d", i ? ", " : "", m->results[i]);
    }
    PUT(")>");
#undef PUT
    return n < size;
}
