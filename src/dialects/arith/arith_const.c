/* Constants element by element, for the folders of arith and math (MLIR's CommonFolders.h).

   Integers of up to 64 bits are computed on their bits, masked to the width: APInt's results,
   since two's complement arithmetic modulo 2^n is what APInt does. Wider integers are not folded.

   Floats are held as doubles (spvk_ir_attr.number). For f64 the double is the value, and the C
   operations are IEEE's, to nearest even. For the narrower formats (f32, f16, bf16, tf32, f8E5M2)
   an operation done in double and then rounded to the format gives the correctly rounded result
   for + - * / and fmod: double's 53 bits are at least twice a narrower format's precision plus 2,
   which makes the double rounding innocuous. NaNs are not left to the hardware (x86 makes the
   negative default NaN, APFloat the positive one): a NaN operand is quieted and kept, an invalid
   operation gives APFloat's default NaN. */
#include <math.h>
#include <string.h>

#include "arith_internal.h"
#include "spvkit/ir_asm.h"

int64_t arith_enum_attr_value(const spvk_ir_attr *a, int64_t dflt)
{
    return a ? a->value : dflt;
}

bool arith_op_is(const spvk_ir_op *op, const char *name)
{
    return op && strcmp(spvk_ir_op_name(op), name) == 0;
}

spvk_ir_op *arith_def(const spvk_ir_value *v)
{
    return v ? v->defining_op : NULL;
}

/* ---- Element views ---- */

bool arith_elems_of(const spvk_ir_attr *a, arith_elems *out)
{
    memset(out, 0, sizeof *out);
    if (!a || a->dialect)
        return false;
    out->attr = a;
    out->type = a->type;
    switch (a->kind) {
    case SPVK_ATTR_INTEGER:
    case SPVK_ATTR_FLOAT:
    case SPVK_ATTR_BOOL:
        out->items = &out->attr;
        out->count = 1;
        out->splat = true;
        return a->type != NULL;
    case SPVK_ATTR_DENSE:
        if (!a->type || !a->num_attrs)
            return false;
        out->items = a->attrs;
        out->count = a->num_attrs;
        out->shaped = true;
        out->splat = (a->flags & SPVK_DENSE_SPLAT) != 0;
        return true;
    default:
        return false;
    }
}

const spvk_ir_type *arith_element_type(const spvk_ir_type *t)
{
    if (t && !t->dialect && t->num_types &&
        (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR || t->kind == SPVK_TYPE_MEMREF))
        return t->types[0];
    return t;
}

/* ---- Integers ---- */

bool arith_int_width(const spvk_ir_type *t, uint32_t *width)
{
    if (!t || t->dialect)
        return false;
    if (t->kind == SPVK_TYPE_INDEX) {
        *width = 64;
        return true;
    }
    if (t->kind != SPVK_TYPE_INTEGER || t->width == 0 || t->width > 64)
        return false;
    *width = t->width;
    return true;
}

uint64_t arith_mask(uint32_t width)
{
    return width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
}

int64_t arith_sext(uint64_t bits, uint32_t width)
{
    bits &= arith_mask(width);
    if (width < 64 && (bits >> (width - 1)) & 1)
        bits |= ~arith_mask(width);
    return (int64_t)bits;
}

bool arith_int_bits(const spvk_ir_attr *a, uint32_t width, uint64_t *bits)
{
    if (!a || a->dialect || (a->kind != SPVK_ATTR_INTEGER && a->kind != SPVK_ATTR_BOOL))
        return false;
    *bits = (uint64_t)a->value & arith_mask(width);
    return true;
}

const spvk_ir_attr *arith_int_attr(spvk_ir_context *ctx, const spvk_ir_type *t, uint64_t bits)
{
    uint32_t width;
    if (!arith_int_width(t, &width))
        return NULL;
    bits &= arith_mask(width);
    /* i1 constants are BoolAttr in MLIR (printed true/false), as the parser makes them. */
    if (t->kind == SPVK_TYPE_INTEGER && width == 1 && t->flags == SPVK_INT_SIGNLESS)
        return spvk_ir_bool_attr(ctx, bits != 0);
    return spvk_ir_integer_attr(ctx, t, arith_sext(bits, width));
}

/* ---- Floats ---- */

bool arith_float_foldable(const spvk_ir_type *t)
{
    if (!t || t->dialect || t->kind != SPVK_TYPE_FLOAT)
        return false;
    switch (t->flags) {
    case SPVK_FLOAT_IEEE: return t->width == 16 || t->width == 32 || t->width == 64;
    case SPVK_FLOAT_BF16:
    case SPVK_FLOAT_TF32:
    case SPVK_FLOAT_F8E5M2: return true;
    default: return false;
    }
}

double arith_round_float(const spvk_ir_type *t, double v)
{
    if (t->width == 64 && t->flags == SPVK_FLOAT_IEEE)
        return v;
    return spvk_ir_float_from_bits(t, spvk_ir_float_to_bits(t, v));
}

/* The fraction width of an IEEE-like format and its quiet bit. */
static uint32_t frac_bits(const spvk_ir_type *t)
{
    if (t->flags == SPVK_FLOAT_BF16)
        return 7;
    if (t->flags == SPVK_FLOAT_TF32)
        return 10;
    if (t->flags == SPVK_FLOAT_F8E5M2)
        return 2;
    return t->width == 16 ? 10 : t->width == 32 ? 23 : 52;
}

double arith_default_nan(const spvk_ir_type *t)
{
    uint32_t f = frac_bits(t);
    uint32_t width = t->flags == SPVK_FLOAT_TF32 ? 19 : t->width;
    uint64_t exp_all = arith_mask(width - 1 - f);
    return spvk_ir_float_from_bits(t, (exp_all << f) | (UINT64_C(1) << (f - 1)));
}

double arith_quiet_nan(const spvk_ir_type *t, double nan)
{
    uint32_t f = frac_bits(t);
    return spvk_ir_float_from_bits(t, spvk_ir_float_to_bits(t, nan) | (UINT64_C(1) << (f - 1)));
}

/* ---- Folding element by element ---- */

static const spvk_ir_attr *make_dense(spvk_ir_context *ctx, const spvk_ir_type *type, const spvk_ir_attr **items,
                                      uint32_t count)
{
    bool splat = true;
    for (uint32_t i = 1; i < count && splat; i++)
        splat = items[i] == items[0];
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_DENSE;
    d.type = type;
    d.flags = splat ? SPVK_DENSE_SPLAT : 0;
    d.attrs = items;
    d.num_attrs = splat ? 1 : count;
    return spvk_ir_attr_get(ctx, &d);
}

/* The element count of a static vector or tensor shape; 0 when dynamic or too large. */
static uint32_t static_count(const spvk_ir_type *t)
{
    if (!t || t->dialect || (t->kind != SPVK_TYPE_VECTOR && t->kind != SPVK_TYPE_TENSOR) ||
        (t->flags & SPVK_SHAPE_UNRANKED && t->kind == SPVK_TYPE_TENSOR))
        return 0;
    uint64_t n = 1;
    for (uint32_t i = 0; i < t->num_ints; i++) {
        if (t->ints[i] < 0)
            return 0;
        n *= (uint64_t)t->ints[i];
        if (n > UINT32_MAX / 2)
            return 0;
    }
    return (uint32_t)n;
}

#define ARITH_MAX_OPERANDS 3

const spvk_ir_attr *arith_fold_elementwise(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                           const spvk_ir_attr *const *operands, uint32_t num_operands,
                                           arith_elem_fn fn, void *user)
{
    arith_elems e[ARITH_MAX_OPERANDS];
    if (!num_operands || num_operands > ARITH_MAX_OPERANDS || !result_type)
        return NULL;
    bool all_splat = true;
    for (uint32_t i = 0; i < num_operands; i++) {
        if (!arith_elems_of(operands[i], &e[i]))
            return NULL;
        if (e[i].shaped != e[0].shaped)
            return NULL;
        all_splat = all_splat && e[i].splat;
    }
    const spvk_ir_type *scalar = arith_element_type(result_type);
    const spvk_ir_attr *in[ARITH_MAX_OPERANDS];
    if (!e[0].shaped) {
        for (uint32_t i = 0; i < num_operands; i++)
            in[i] = e[i].items[0];
        return fn(ctx, scalar, in, user);
    }
    if (all_splat) {
        for (uint32_t i = 0; i < num_operands; i++)
            in[i] = e[i].items[0];
        const spvk_ir_attr *r = fn(ctx, scalar, in, user);
        if (!r)
            return NULL;
        return make_dense(ctx, result_type, &r, 1);
    }
    uint32_t n = static_count(result_type);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < num_operands; i++)
        if (!e[i].splat && e[i].count != n)
            return NULL;
    const spvk_ir_attr **items = spvk_ir_alloc(ctx, (size_t)n * sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t k = 0; k < n; k++) {
        for (uint32_t i = 0; i < num_operands; i++)
            in[i] = e[i].items[e[i].splat ? 0 : k];
        items[k] = fn(ctx, scalar, in, user);
        if (!items[k])
            return NULL;
    }
    return make_dense(ctx, result_type, items, n);
}

typedef struct int_closure {
    arith_int_unary_fn unary;
    arith_int_binary_fn binary;
    arith_float_unary_fn funary;
    arith_float_binary_fn fbinary;
    void *user;
} int_closure;

static const spvk_ir_attr *int_unary_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                          const spvk_ir_attr *const *in, void *user)
{
    int_closure *c = user;
    uint32_t width;
    uint64_t a, r;
    if (!arith_int_width(scalar, &width) || !arith_int_bits(in[0], width, &a) || !c->unary(a, width, &r, c->user))
        return NULL;
    return arith_int_attr(ctx, scalar, r);
}

static const spvk_ir_attr *int_binary_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                           const spvk_ir_attr *const *in, void *user)
{
    int_closure *c = user;
    uint32_t width;
    uint64_t a, b, r;
    if (!arith_int_width(scalar, &width) || !arith_int_bits(in[0], width, &a) || !arith_int_bits(in[1], width, &b) ||
        !c->binary(a, b, width, &r, c->user))
        return NULL;
    return arith_int_attr(ctx, scalar, r);
}

static bool float_value(const spvk_ir_attr *a, double *v)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_FLOAT)
        return false;
    *v = a->number;
    return true;
}

static const spvk_ir_attr *float_unary_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                            const spvk_ir_attr *const *in, void *user)
{
    int_closure *c = user;
    double a, r;
    if (!arith_float_foldable(scalar) || !float_value(in[0], &a) || !c->funary(scalar, a, &r, c->user))
        return NULL;
    return spvk_ir_float_attr(ctx, scalar, r);
}

static const spvk_ir_attr *float_binary_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                             const spvk_ir_attr *const *in, void *user)
{
    int_closure *c = user;
    double a, b, r;
    if (!arith_float_foldable(scalar) || !float_value(in[0], &a) || !float_value(in[1], &b) ||
        !c->fbinary(scalar, a, b, &r, c->user))
        return NULL;
    return spvk_ir_float_attr(ctx, scalar, r);
}

const spvk_ir_attr *arith_fold_int_unary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                         const spvk_ir_attr *a, arith_int_unary_fn fn, void *user)
{
    int_closure c = {.unary = fn, .user = user};
    return arith_fold_elementwise(ctx, result_type, &a, 1, int_unary_elem, &c);
}

const spvk_ir_attr *arith_fold_int_binary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                          const spvk_ir_attr *a, const spvk_ir_attr *b, arith_int_binary_fn fn,
                                          void *user)
{
    const spvk_ir_attr *in[2] = {a, b};
    int_closure c = {.binary = fn, .user = user};
    return arith_fold_elementwise(ctx, result_type, in, 2, int_binary_elem, &c);
}

const spvk_ir_attr *arith_fold_float_unary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                           const spvk_ir_attr *a, arith_float_unary_fn fn, void *user)
{
    int_closure c = {.funary = fn, .user = user};
    return arith_fold_elementwise(ctx, result_type, &a, 1, float_unary_elem, &c);
}

const spvk_ir_attr *arith_fold_float_binary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                            const spvk_ir_attr *a, const spvk_ir_attr *b, arith_float_binary_fn fn,
                                            void *user)
{
    const spvk_ir_attr *in[2] = {a, b};
    int_closure c = {.fbinary = fn, .user = user};
    return arith_fold_elementwise(ctx, result_type, in, 2, float_binary_elem, &c);
}

/* ---- Matchers ---- */

bool arith_is_int_splat(const spvk_ir_attr *a, uint64_t *bits, uint32_t *width)
{
    arith_elems e;
    if (!arith_elems_of(a, &e) || !e.splat)
        return false;
    uint32_t w;
    if (!arith_int_width(arith_element_type(e.type), &w) || !arith_int_bits(e.items[0], w, bits))
        return false;
    if (width)
        *width = w;
    return true;
}

bool arith_is_zero_int(const spvk_ir_attr *a)
{
    uint64_t bits;
    return arith_is_int_splat(a, &bits, NULL) && bits == 0;
}

bool arith_is_one_int(const spvk_ir_attr *a)
{
    uint64_t bits;
    return arith_is_int_splat(a, &bits, NULL) && bits == 1;
}

bool arith_is_all_ones(const spvk_ir_attr *a)
{
    uint64_t bits;
    uint32_t width;
    return arith_is_int_splat(a, &bits, &width) && bits == arith_mask(width);
}

bool arith_is_float_splat(const spvk_ir_attr *a, double *value)
{
    arith_elems e;
    if (!arith_elems_of(a, &e) || !e.splat || !float_value(e.items[0], value))
        return false;
    return true;
}

const spvk_ir_type *arith_i1_same_shape(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    const spvk_ir_type *i1 = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    if (!t || t->dialect || (t->kind != SPVK_TYPE_VECTOR && t->kind != SPVK_TYPE_TENSOR))
        return i1;
    const spvk_ir_type *elem[1] = {i1};
    spvk_ir_type_desc d = {0};
    d.kind = t->kind;
    d.flags = t->flags;
    d.types = elem;
    d.num_types = 1;
    d.ints = t->ints;
    d.num_ints = t->num_ints;
    d.attrs = t->attrs;
    d.num_attrs = t->num_attrs;
    return spvk_ir_type_get(ctx, &d);
}

static const spvk_ir_attr *splat_of(spvk_ir_context *ctx, const spvk_ir_type *t, const spvk_ir_attr *elem)
{
    if (!elem)
        return NULL;
    if (!t->dialect && (t->kind == SPVK_TYPE_VECTOR || t->kind == SPVK_TYPE_TENSOR)) {
        /* DenseElementsAttr needs a static shape */
        for (uint32_t i = 0; i < t->num_ints; i++)
            if (t->ints[i] < 0)
                return NULL;
        if (t->kind == SPVK_TYPE_TENSOR && t->flags & SPVK_SHAPE_UNRANKED)
            return NULL;
        return make_dense(ctx, t, &elem, 1);
    }
    return elem;
}

const spvk_ir_attr *arith_zero_attr(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    if (!t)
        return NULL;
    const spvk_ir_type *s = arith_element_type(t);
    if (!s || s->dialect)
        return NULL;
    const spvk_ir_attr *elem = NULL;
    if (s->kind == SPVK_TYPE_FLOAT)
        elem = spvk_ir_float_attr(ctx, s, 0.0);
    else if (s->kind == SPVK_TYPE_INTEGER || s->kind == SPVK_TYPE_INDEX)
        elem = arith_int_attr(ctx, s, 0);
    return splat_of(ctx, t, elem);
}

const spvk_ir_attr *arith_bool_attr(spvk_ir_context *ctx, const spvk_ir_type *t, bool value)
{
    return splat_of(ctx, t, spvk_ir_bool_attr(ctx, value));
}

spvk_ir_fold_status arith_fold_attr(spvk_ir_fold_result *results, const spvk_ir_attr *a)
{
    if (!a)
        return SPVK_FOLD_FAILED;
    results[0].attr = a;
    results[0].value = NULL;
    return SPVK_FOLD_RESULTS;
}

spvk_ir_fold_status arith_fold_value(spvk_ir_fold_result *results, spvk_ir_value *v)
{
    if (!v)
        return SPVK_FOLD_FAILED;
    results[0].attr = NULL;
    results[0].value = v;
    return SPVK_FOLD_RESULTS;
}
