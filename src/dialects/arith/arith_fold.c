/* The folders of the arith ops, as MLIR 19's (ArithOps.cpp): the identities each op's fold()
   knows (x + 0, x * 1, x - x, x & x ...) and constant folding with MLIR's exact semantics:
   nothing is folded that would divide by zero, overflow a signed division or shift by the width
   or more; float casts fold only when no information is lost. The greedy driver materializes the
   attributes these return through arith_materialize_constant. */
#include <math.h>
#include <string.h>

#include "arith_internal.h"
#include "spvkit/ir_asm.h"

static spvk_ir_value *lhs_of(const spvk_ir_op *op) { return spvk_ir_operand(op, 0); }
static spvk_ir_value *rhs_of(const spvk_ir_op *op) { return spvk_ir_operand(op, 1); }
static const spvk_ir_type *result_type(const spvk_ir_op *op) { return op->results[0].type; }

/* The constant a value holds when a ConstantLike op defines it (MLIR's m_Constant). */
static const spvk_ir_attr *constant_of(const spvk_ir_value *v)
{
    spvk_ir_op *d = arith_def(v);
    if (!d || !(d->def->traits & SPVK_TRAIT_CONSTANT_LIKE))
        return NULL;
    return spvk_ir_op_attr(d, "value");
}

static int64_t fastmath_of(const spvk_ir_op *op)
{
    return arith_enum_attr_value(spvk_ir_op_attr(op, "fastmath"), 0);
}

ARITH_FOLDER(arith_constant_fold)
{
    (void)ctx;
    (void)operand_constants;
    return arith_fold_attr(results, spvk_ir_op_attr(op, "value"));
}

/* ---- Integer element functions ---- */

static bool int_add(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a + b; return true; }
static bool int_sub(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a - b; return true; }
static bool int_mul(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a * b; return true; }
static bool int_and(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a & b; return true; }
static bool int_or(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a | b; return true; }
static bool int_xor(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a ^ b; return true; }

static bool int_divu(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    (void)w, (void)u;
    if (!b)
        return false;
    *r = a / b;
    return true;
}

/* Signed division, failing on x / 0 and on MIN / -1 (APInt::sdiv_ov's overflow). */
static bool sdiv_checked(int64_t a, int64_t b, uint32_t w, int64_t *q)
{
    int64_t min = arith_sext(UINT64_C(1) << (w - 1), w);
    if (!b || (a == min && b == -1))
        return false;
    *q = a / b;
    return true;
}

static bool int_divs(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    int64_t q;
    if (!sdiv_checked(arith_sext(a, w), arith_sext(b, w), w, &q))
        return false;
    *r = (uint64_t)q;
    return true;
}

static bool int_ceildivu(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    if (!b)
        return false;
    uint64_t q = a / b;
    if (a % b) {
        if (q == arith_mask(w))
            return false;
        q++;
    }
    *r = q;
    return true;
}

/* Whether v is in the signed range of w bits. */
static bool fits_signed(int64_t v, uint32_t w)
{
    return arith_sext((uint64_t)v, w) == v;
}

/* MLIR's ceildivsi folding: (a - 1) / b + 1 on positive operands, the negations otherwise; any
   overflow on the way leaves the op alone (so MIN as the dividend never folds when negated). */
static bool ceil_nonneg(int64_t a, int64_t b, uint32_t w, int64_t *r)
{
    int64_t q;
    if (!fits_signed(a - 1, w) || !sdiv_checked(a - 1, b, w, &q) || !fits_signed(q + 1, w))
        return false;
    *r = q + 1;
    return true;
}

static bool int_ceildivs(uint64_t ua, uint64_t ub, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    int64_t a = arith_sext(ua, w), b = arith_sext(ub, w), res, q;
    if (!b)
        return false;
    if (!a) {
        *r = 0;
        return true;
    }
    bool a_pos = a > 0, b_pos = b > 0;
    if (a_pos && b_pos) {
        if (!ceil_nonneg(a, b, w, &res))
            return false;
    } else if (!a_pos && !b_pos) {
        if (!fits_signed(-a, w) || !fits_signed(-b, w) || !ceil_nonneg(-a, -b, w, &res))
            return false;
    } else if (!a_pos) {
        if (!fits_signed(-a, w) || !sdiv_checked(-a, b, w, &q) || !fits_signed(-q, w))
            return false;
        res = -q;
    } else {
        if (!fits_signed(-b, w) || !sdiv_checked(a, -b, w, &q) || !fits_signed(-q, w))
            return false;
        res = -q;
    }
    *r = (uint64_t)res;
    return true;
}

static bool int_floordivs(uint64_t ua, uint64_t ub, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    int64_t a = arith_sext(ua, w), b = arith_sext(ub, w), q;
    if (!sdiv_checked(a, b, w, &q))
        return false;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    *r = (uint64_t)q;
    return true;
}

static bool int_remu(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    (void)w, (void)u;
    if (!b)
        return false;
    *r = a % b;
    return true;
}

static bool int_rems(uint64_t ua, uint64_t ub, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    int64_t a = arith_sext(ua, w), b = arith_sext(ub, w);
    if (!b)
        return false;
    *r = b == -1 ? 0 : (uint64_t)(a % b);
    return true;
}

/* Shifts record whether the shift amount is below the width. MLIR keeps only the last element's
   answer (one flag overwritten per element), and APInt shifts by the width or more give 0 (or
   the sign): both are reproduced so that vectors fold as MLIR folds them. */
static bool int_shl(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    *(bool *)u = b < w;
    *r = b < w ? a << b : 0;
    return true;
}

static bool int_lshr(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    *(bool *)u = b < w;
    *r = b < w ? a >> b : 0;
    return true;
}

static bool int_ashr(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    *(bool *)u = b < w;
    int64_t s = arith_sext(a, w);
    *r = (uint64_t)(b < w ? s >> b : (s < 0 ? -1 : 0));
    return true;
}

static bool int_maxs(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)u; *r = arith_sext(a, w) >= arith_sext(b, w) ? a : b; return true; }
static bool int_mins(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)u; *r = arith_sext(a, w) <= arith_sext(b, w) ? a : b; return true; }
static bool int_maxu(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a >= b ? a : b; return true; }
static bool int_minu(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u) { (void)w, (void)u; *r = a <= b ? a : b; return true; }

static const spvk_ir_attr *fold_int(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                    arith_int_binary_fn fn, void *user)
{
    if (!c[0] || !c[1])
        return NULL;
    return arith_fold_int_binary(ctx, result_type(op), c[0], c[1], fn, user);
}

/* ---- Integer arithmetic ---- */

ARITH_FOLDER(arith_addi_fold)
{
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    spvk_ir_op *sub = arith_def(lhs_of(op));
    if (arith_op_is(sub, "arith.subi") && rhs_of(op) == rhs_of(sub))
        return arith_fold_value(results, lhs_of(sub));
    sub = arith_def(rhs_of(op));
    if (arith_op_is(sub, "arith.subi") && lhs_of(op) == rhs_of(sub))
        return arith_fold_value(results, lhs_of(sub));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_add, NULL));
}

static bool has_static_shape(const spvk_ir_type *t)
{
    if (t->dialect || (t->kind != SPVK_TYPE_VECTOR && t->kind != SPVK_TYPE_TENSOR))
        return true;
    if (t->kind == SPVK_TYPE_TENSOR && t->flags & SPVK_SHAPE_UNRANKED)
        return false;
    for (uint32_t i = 0; i < t->num_ints; i++)
        if (t->ints[i] < 0)
            return false;
    return true;
}

ARITH_FOLDER(arith_subi_fold)
{
    if (lhs_of(op) == rhs_of(op) && has_static_shape(result_type(op)))
        return arith_fold_attr(results, arith_zero_attr(ctx, result_type(op)));
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    spvk_ir_op *add = arith_def(lhs_of(op));
    if (arith_op_is(add, "arith.addi")) {
        if (rhs_of(op) == rhs_of(add))
            return arith_fold_value(results, lhs_of(add));
        if (rhs_of(op) == lhs_of(add))
            return arith_fold_value(results, rhs_of(add));
    }
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_sub, NULL));
}

ARITH_FOLDER(arith_muli_fold)
{
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, rhs_of(op));
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_mul, NULL));
}

ARITH_FOLDER(arith_divui_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_divu, NULL));
}

ARITH_FOLDER(arith_divsi_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_divs, NULL));
}

ARITH_FOLDER(arith_ceildivui_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_ceildivu, NULL));
}

ARITH_FOLDER(arith_ceildivsi_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_ceildivs, NULL));
}

ARITH_FOLDER(arith_floordivsi_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_floordivs, NULL));
}

ARITH_FOLDER(arith_remui_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_attr(results, arith_zero_attr(ctx, result_type(op)));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_remu, NULL));
}

ARITH_FOLDER(arith_remsi_fold)
{
    if (arith_is_one_int(operand_constants[1]))
        return arith_fold_attr(results, arith_zero_attr(ctx, result_type(op)));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_rems, NULL));
}

/* v = xori(x, all-ones): returns x (MLIR's m_Op<XOrIOp>(x, m_ConstantInt(allOnes))). */
static spvk_ir_value *not_of(const spvk_ir_value *v)
{
    spvk_ir_op *x = arith_def(v);
    if (!arith_op_is(x, "arith.xori") || !arith_is_all_ones(constant_of(rhs_of(x))))
        return NULL;
    return lhs_of(x);
}

ARITH_FOLDER(arith_andi_fold)
{
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, rhs_of(op));
    if (arith_is_all_ones(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    if ((not_of(rhs_of(op)) && not_of(rhs_of(op)) == lhs_of(op)) ||
        (not_of(lhs_of(op)) && not_of(lhs_of(op)) == rhs_of(op)))
        return arith_fold_attr(results, arith_zero_attr(ctx, result_type(op)));
    /* and(a, and(a, b)) -> and(a, b) */
    for (int reverse = 0; reverse < 2; reverse++) {
        spvk_ir_value *prev_v = reverse ? rhs_of(op) : lhs_of(op);
        spvk_ir_value *other = reverse ? lhs_of(op) : rhs_of(op);
        spvk_ir_op *prev = arith_def(prev_v);
        if (arith_op_is(prev, "arith.andi") && (other == lhs_of(prev) || other == rhs_of(prev)))
            return arith_fold_value(results, prev_v);
    }
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_and, NULL));
}

ARITH_FOLDER(arith_ori_fold)
{
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    if (arith_is_all_ones(operand_constants[1]))
        return arith_fold_attr(results, operand_constants[1]);
    if (not_of(rhs_of(op)) && not_of(rhs_of(op)) == lhs_of(op))
        return arith_fold_value(results, rhs_of(arith_def(rhs_of(op))));
    if (not_of(lhs_of(op)) && not_of(lhs_of(op)) == rhs_of(op))
        return arith_fold_value(results, rhs_of(arith_def(lhs_of(op))));
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_or, NULL));
}

ARITH_FOLDER(arith_xori_fold)
{
    if (arith_is_zero_int(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_attr(results, arith_zero_attr(ctx, result_type(op)));
    spvk_ir_op *prev = arith_def(lhs_of(op));
    if (arith_op_is(prev, "arith.xori")) {
        if (rhs_of(prev) == rhs_of(op))
            return arith_fold_value(results, lhs_of(prev));
        if (lhs_of(prev) == rhs_of(op))
            return arith_fold_value(results, rhs_of(prev));
    }
    prev = arith_def(rhs_of(op));
    if (arith_op_is(prev, "arith.xori")) {
        if (rhs_of(prev) == lhs_of(op))
            return arith_fold_value(results, lhs_of(prev));
        if (lhs_of(prev) == lhs_of(op))
            return arith_fold_value(results, rhs_of(prev));
    }
    return arith_fold_attr(results, fold_int(ctx, op, operand_constants, int_xor, NULL));
}

static spvk_ir_fold_status fold_shift(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                      spvk_ir_fold_result *results, arith_int_binary_fn fn)
{
    if (arith_is_zero_int(c[1]))
        return arith_fold_value(results, lhs_of(op));
    bool bounded = false;
    const spvk_ir_attr *r = fold_int(ctx, op, c, fn, &bounded);
    return bounded ? arith_fold_attr(results, r) : SPVK_FOLD_FAILED;
}

ARITH_FOLDER(arith_shli_fold) { return fold_shift(ctx, op, operand_constants, results, int_shl); }
ARITH_FOLDER(arith_shrui_fold) { return fold_shift(ctx, op, operand_constants, results, int_lshr); }
ARITH_FOLDER(arith_shrsi_fold) { return fold_shift(ctx, op, operand_constants, results, int_ashr); }

/* max/min: x op x -> x; the extreme constant on the right decides or drops out. */
static spvk_ir_fold_status fold_minmax(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                       spvk_ir_fold_result *results, arith_int_binary_fn fn, bool is_signed,
                                       bool is_max)
{
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_value(results, rhs_of(op));
    uint64_t bits;
    uint32_t w;
    if (arith_is_int_splat(c[1], &bits, &w)) {
        uint64_t max = is_signed ? arith_mask(w - 1) : arith_mask(w);
        uint64_t min = is_signed ? UINT64_C(1) << (w - 1) : 0;
        if (bits == (is_max ? max : min))
            return arith_fold_value(results, rhs_of(op));
        if (bits == (is_max ? min : max))
            return arith_fold_value(results, lhs_of(op));
    }
    return arith_fold_attr(results, fold_int(ctx, op, c, fn, NULL));
}

ARITH_FOLDER(arith_maxsi_fold) { return fold_minmax(ctx, op, operand_constants, results, int_maxs, true, true); }
ARITH_FOLDER(arith_maxui_fold) { return fold_minmax(ctx, op, operand_constants, results, int_maxu, false, true); }
ARITH_FOLDER(arith_minsi_fold) { return fold_minmax(ctx, op, operand_constants, results, int_mins, true, false); }
ARITH_FOLDER(arith_minui_fold) { return fold_minmax(ctx, op, operand_constants, results, int_minu, false, false); }

/* ---- Extended arithmetic ---- */

/* The 128-bit product of two 64-bit unsigned numbers. */
static void umul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *lo = (ll & 0xffffffffu) | (mid << 32);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* The high w bits of the 2w-bit product (APIntOps::mulhs / mulhu). */
static bool mul_high(uint64_t a, uint64_t b, uint32_t w, uint64_t *r, void *u)
{
    bool is_signed = *(bool *)u;
    uint64_t x = is_signed ? (uint64_t)arith_sext(a, w) : a, y = is_signed ? (uint64_t)arith_sext(b, w) : b;
    uint64_t hi, lo;
    umul128(x, y, &hi, &lo);
    if (is_signed) {
        if ((int64_t)x < 0)
            hi -= y;
        if ((int64_t)y < 0)
            hi -= x;
    }
    *r = w == 64 ? hi : (lo >> w) | (hi << (64 - w));
    return true;
}

static bool uadd_overflow_bit(uint64_t sum, uint64_t lhs, uint32_t w, uint64_t *r, void *u)
{
    (void)w, (void)u;
    *r = sum < lhs;
    return true;
}

static spvk_ir_fold_status two_results(spvk_ir_fold_result *results, const spvk_ir_attr *a0, spvk_ir_value *v0,
                                       const spvk_ir_attr *a1)
{
    if ((!a0 && !v0) || !a1)
        return SPVK_FOLD_FAILED;
    results[0].attr = a0;
    results[0].value = a0 ? NULL : v0;
    results[1].attr = a1;
    results[1].value = NULL;
    return SPVK_FOLD_RESULTS;
}

ARITH_FOLDER(arith_addui_extended_fold)
{
    const spvk_ir_type *ovf_type = op->results[1].type;
    if (arith_is_zero_int(constant_of(rhs_of(op))) || arith_is_zero_int(operand_constants[1]))
        return two_results(results, NULL, lhs_of(op), arith_zero_attr(ctx, ovf_type));
    const spvk_ir_attr *sum = fold_int(ctx, op, operand_constants, int_add, NULL);
    if (!sum)
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *ovf = arith_fold_int_binary(ctx, arith_i1_same_shape(ctx, sum->type), sum,
                                                    operand_constants[0], uadd_overflow_bit, NULL);
    return two_results(results, sum, NULL, ovf);
}

static spvk_ir_fold_status fold_mul_extended(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                             spvk_ir_fold_result *results, bool is_signed)
{
    if (arith_is_zero_int(c[1]))
        return two_results(results, c[1], NULL, c[1]);
    if (!is_signed && arith_is_one_int(c[1]))
        return two_results(results, NULL, lhs_of(op), arith_zero_attr(ctx, lhs_of(op)->type));
    const spvk_ir_attr *low = fold_int(ctx, op, c, int_mul, NULL);
    if (!low)
        return SPVK_FOLD_FAILED;
    return two_results(results, low, NULL, fold_int(ctx, op, c, mul_high, &is_signed));
}

ARITH_FOLDER(arith_mulsi_extended_fold) { return fold_mul_extended(ctx, op, operand_constants, results, true); }
ARITH_FOLDER(arith_mului_extended_fold) { return fold_mul_extended(ctx, op, operand_constants, results, false); }

/* ---- Float arithmetic ---- */

/* A NaN result: the first NaN operand quieted, else APFloat's default NaN. */
static double nan_result(const spvk_ir_type *t, double a, double b, bool binary)
{
    if (isnan(a))
        return arith_quiet_nan(t, a);
    if (binary && isnan(b))
        return arith_quiet_nan(t, b);
    return arith_default_nan(t);
}

static bool finish(const spvk_ir_type *t, double a, double b, double r, double *out)
{
    *out = isnan(r) ? nan_result(t, a, b, true) : arith_round_float(t, r);
    return true;
}

static bool flt_add(const spvk_ir_type *t, double a, double b, double *r, void *u) { (void)u; return finish(t, a, b, a + b, r); }
static bool flt_sub(const spvk_ir_type *t, double a, double b, double *r, void *u) { (void)u; return finish(t, a, b, a - b, r); }
static bool flt_mul(const spvk_ir_type *t, double a, double b, double *r, void *u) { (void)u; return finish(t, a, b, a * b, r); }
static bool flt_div(const spvk_ir_type *t, double a, double b, double *r, void *u) { (void)u; return finish(t, a, b, a / b, r); }
static bool flt_rem(const spvk_ir_type *t, double a, double b, double *r, void *u) { (void)u; return finish(t, a, b, fmod(a, b), r); }

/* llvm::maximum / minimum: NaN wins, -0 < +0. */
static bool flt_maximum(const spvk_ir_type *t, double a, double b, double *r, void *u)
{
    (void)t, (void)u;
    if (isnan(a) || isnan(b))
        *r = isnan(a) ? a : b;
    else if (a == 0 && b == 0 && signbit(a) != signbit(b))
        *r = signbit(a) ? b : a;
    else
        *r = a < b ? b : a;
    return true;
}

static bool flt_minimum(const spvk_ir_type *t, double a, double b, double *r, void *u)
{
    (void)t, (void)u;
    if (isnan(a) || isnan(b))
        *r = isnan(a) ? a : b;
    else if (a == 0 && b == 0 && signbit(a) != signbit(b))
        *r = signbit(a) ? a : b;
    else
        *r = b < a ? b : a;
    return true;
}

/* llvm::maxnum / minnum (LLVM 19): a NaN operand gives the other one. */
static bool flt_maxnum(const spvk_ir_type *t, double a, double b, double *r, void *u)
{
    (void)t, (void)u;
    *r = isnan(a) ? b : isnan(b) ? a : (a < b ? b : a);
    return true;
}

static bool flt_minnum(const spvk_ir_type *t, double a, double b, double *r, void *u)
{
    (void)t, (void)u;
    *r = isnan(a) ? b : isnan(b) ? a : (b < a ? b : a);
    return true;
}

static bool flt_neg(const spvk_ir_type *t, double a, double *r, void *u)
{
    (void)t, (void)u;
    *r = -a;
    return true;
}

static const spvk_ir_attr *fold_flt(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                    arith_float_binary_fn fn)
{
    if (!c[0] || !c[1])
        return NULL;
    return arith_fold_float_binary(ctx, result_type(op), c[0], c[1], fn, NULL);
}

/* The right-hand constant is a float splat equal to `want` (sign of zero included). */
static bool rhs_float_is(const spvk_ir_attr *c, double want)
{
    double v;
    return arith_is_float_splat(c, &v) && v == want && signbit(v) == signbit(want);
}

ARITH_FOLDER(arith_negf_fold)
{
    spvk_ir_op *inner = arith_def(spvk_ir_operand(op, 0));
    if (arith_op_is(inner, "arith.negf"))
        return arith_fold_value(results, spvk_ir_operand(inner, 0));
    if (!operand_constants[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_float_unary(ctx, result_type(op), operand_constants[0], flt_neg, NULL));
}

ARITH_FOLDER(arith_addf_fold)
{
    if (rhs_float_is(operand_constants[1], -0.0))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_add));
}

ARITH_FOLDER(arith_subf_fold)
{
    if (rhs_float_is(operand_constants[1], 0.0))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_sub));
}

ARITH_FOLDER(arith_mulf_fold)
{
    /* MLIR 19 has no mulf(x, 0) -> 0 under nnan+nsz (mlir-opt-19 keeps it; later MLIR folds it). */
    if (rhs_float_is(operand_constants[1], 1.0))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_mul));
}

ARITH_FOLDER(arith_divf_fold)
{
    if (rhs_float_is(operand_constants[1], 1.0))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_div));
}

ARITH_FOLDER(arith_remf_fold)
{
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_rem));
}

ARITH_FOLDER(arith_maximumf_fold)
{
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_value(results, rhs_of(op));
    if (rhs_float_is(operand_constants[1], -INFINITY))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_maximum));
}

ARITH_FOLDER(arith_minimumf_fold)
{
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_value(results, rhs_of(op));
    if (rhs_float_is(operand_constants[1], INFINITY))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_minimum));
}

static bool rhs_is_nan(const spvk_ir_attr *c)
{
    double v;
    return arith_is_float_splat(c, &v) && isnan(v);
}

ARITH_FOLDER(arith_maxnumf_fold)
{
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_value(results, rhs_of(op));
    if (rhs_is_nan(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_maxnum));
}

ARITH_FOLDER(arith_minnumf_fold)
{
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_value(results, rhs_of(op));
    if (rhs_is_nan(operand_constants[1]))
        return arith_fold_value(results, lhs_of(op));
    return arith_fold_attr(results, fold_flt(ctx, op, operand_constants, flt_minnum));
}

/* ---- Casts ---- */

static const spvk_ir_attr *cast_elem_ext(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                         const spvk_ir_attr *const *in, void *user)
{
    bool is_signed = *(bool *)user;
    uint32_t from, to;
    uint64_t bits;
    if (!in[0]->type || !arith_int_width(in[0]->type, &from) || !arith_int_width(scalar, &to) ||
        !arith_int_bits(in[0], from, &bits))
        return NULL;
    if (is_signed)
        bits = (uint64_t)arith_sext(bits, from);
    return arith_int_attr(ctx, scalar, bits);
}

static spvk_ir_fold_status fold_ext(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                    spvk_ir_fold_result *results, const char *self, bool is_signed)
{
    spvk_ir_op *inner = arith_def(spvk_ir_operand(op, 0));
    if (arith_op_is(inner, self)) {
        spvk_ir_op_set_operand(op, 0, spvk_ir_operand(inner, 0));
        return SPVK_FOLD_IN_PLACE;
    }
    if (!c[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_elementwise(ctx, result_type(op), c, 1, cast_elem_ext, &is_signed));
}

ARITH_FOLDER(arith_extui_fold) { return fold_ext(ctx, op, operand_constants, results, "arith.extui", false); }
ARITH_FOLDER(arith_extsi_fold) { return fold_ext(ctx, op, operand_constants, results, "arith.extsi", true); }

static uint32_t int_width_of(const spvk_ir_type *t)
{
    uint32_t w = 0;
    const spvk_ir_type *s = arith_element_type(t);
    if (s && !s->dialect && s->kind == SPVK_TYPE_INTEGER)
        w = s->width;
    return w;
}

ARITH_FOLDER(arith_trunci_fold)
{
    spvk_ir_op *inner = arith_def(spvk_ir_operand(op, 0));
    if (arith_op_is(inner, "arith.extui") || arith_op_is(inner, "arith.extsi")) {
        spvk_ir_value *src = spvk_ir_operand(inner, 0);
        const spvk_ir_type *src_elem = arith_element_type(src->type);
        const spvk_ir_type *dst_elem = arith_element_type(result_type(op));
        if (int_width_of(src->type) > int_width_of(result_type(op))) {
            spvk_ir_op_set_operand(op, 0, src);
            return SPVK_FOLD_IN_PLACE;
        }
        if (src_elem == dst_elem)
            return arith_fold_value(results, src);
    }
    if (arith_op_is(inner, "arith.trunci")) {
        spvk_ir_op_set_operand(op, 0, spvk_ir_operand(inner, 0));
        return SPVK_FOLD_IN_PLACE;
    }
    if (!operand_constants[0])
        return SPVK_FOLD_FAILED;
    bool is_signed = false;
    return arith_fold_attr(results, arith_fold_elementwise(ctx, result_type(op), operand_constants, 1, cast_elem_ext,
                                                           &is_signed));
}

/* ---- Float <-> float ---- */

/* The precision (significand bits with the hidden one) and exponent range of a foldable float
   type, for APFloat's isRepresentableBy. */
static void float_semantics(const spvk_ir_type *t, int *precision, int *emin, int *emax)
{
    switch (t->flags) {
    case SPVK_FLOAT_BF16: *precision = 8, *emin = -126, *emax = 127; return;
    case SPVK_FLOAT_TF32: *precision = 11, *emin = -126, *emax = 127; return;
    case SPVK_FLOAT_F8E5M2: *precision = 3, *emin = -14, *emax = 15; return;
    default: break;
    }
    if (t->width == 16)
        *precision = 11, *emin = -14, *emax = 15;
    else if (t->width == 32)
        *precision = 24, *emin = -126, *emax = 127;
    else
        *precision = 53, *emin = -1022, *emax = 1023;
}

/* A float converted to another float type only when nothing is lost (MLIR's convertFloatValue):
   NaNs convert when no payload bit drops. */
static const spvk_ir_attr *cast_elem_float(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                           const spvk_ir_attr *const *in, void *user)
{
    (void)user;
    if (in[0]->kind != SPVK_ATTR_FLOAT || !arith_float_foldable(scalar) || !arith_float_foldable(in[0]->type))
        return NULL;
    double v = in[0]->number;
    double r = arith_round_float(scalar, v);
    if (isnan(v)) {
        if (spvk_ir_float_to_bits(in[0]->type, spvk_ir_float_from_bits(scalar, spvk_ir_float_to_bits(scalar, v))) !=
            spvk_ir_float_to_bits(in[0]->type, v))
            return NULL;
    } else if (r != v) {
        return NULL;
    }
    return spvk_ir_float_attr(ctx, scalar, r);
}

static bool fastmath_has(const spvk_ir_op *op, int64_t flag)
{
    return (fastmath_of(op) & flag) == flag;
}

ARITH_FOLDER(arith_extf_fold)
{
    spvk_ir_op *trunc = arith_def(spvk_ir_operand(op, 0));
    if (arith_op_is(trunc, "arith.truncf") && spvk_ir_operand(trunc, 0)->type == result_type(op) &&
        fastmath_has(trunc, ARITH_FM_CONTRACT) && fastmath_has(op, ARITH_FM_CONTRACT))
        return arith_fold_value(results, spvk_ir_operand(trunc, 0));
    if (!operand_constants[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results,
                           arith_fold_elementwise(ctx, result_type(op), operand_constants, 1, cast_elem_float, NULL));
}

ARITH_FOLDER(arith_truncf_fold)
{
    if (!operand_constants[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results,
                           arith_fold_elementwise(ctx, result_type(op), operand_constants, 1, cast_elem_float, NULL));
}

/* ---- Integer <-> float ---- */

int arith_float_precision(const spvk_ir_type *t)
{
    int p, emin, emax;
    float_semantics(t, &p, &emin, &emax);
    return p;
}

/* APFloat::convertFromAPInt, to nearest even: the magnitude is rounded to the format's precision
   on the integer itself (a 64-bit integer through double would round twice). */
double arith_int_to_float(const spvk_ir_type *t, uint64_t bits, uint32_t width, bool is_signed)
{
    bool negative = is_signed && arith_sext(bits, width) < 0;
    uint64_t mag = negative ? (uint64_t)0 - (uint64_t)arith_sext(bits, width) : bits & arith_mask(width);
    int p = arith_float_precision(t);
    int top = 0;
    for (uint64_t m = mag; m; m >>= 1)
        top++;
    int shift = top - p;
    double v;
    if (shift <= 0) {
        v = (double)mag;
    } else {
        uint64_t kept = mag >> shift, rest = mag & arith_mask((uint32_t)shift), half = UINT64_C(1) << (shift - 1);
        if (rest > half || (rest == half && (kept & 1)))
            kept++;
        v = ldexp((double)kept, shift);
    }
    v = arith_round_float(t, negative ? -v : v);
    return v;
}

static const spvk_ir_attr *cast_elem_itof(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                          const spvk_ir_attr *const *in, void *user)
{
    bool is_signed = *(bool *)user;
    uint32_t w;
    uint64_t bits;
    if (!arith_float_foldable(scalar) || !in[0]->type || !arith_int_width(in[0]->type, &w) ||
        !arith_int_bits(in[0], w, &bits))
        return NULL;
    return spvk_ir_float_attr(ctx, scalar, arith_int_to_float(scalar, bits, w, is_signed));
}

/* APFloat::convertToInteger toward zero: NaN, infinities and values out of range fail. */
static const spvk_ir_attr *cast_elem_ftoi(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                          const spvk_ir_attr *const *in, void *user)
{
    bool is_signed = *(bool *)user;
    uint32_t w;
    if (in[0]->kind != SPVK_ATTR_FLOAT || !arith_int_width(scalar, &w) || isnan(in[0]->number) ||
        isinf(in[0]->number))
        return NULL;
    double t = trunc(in[0]->number);
    uint64_t bits;
    if (is_signed) {
        double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
        if (!(t >= lo && t < hi))
            return NULL;
        bits = (uint64_t)(int64_t)t;
    } else {
        if (!(t >= 0 && t < ldexp(1.0, (int)w)))
            return NULL;
        bits = w == 64 && t >= ldexp(1.0, 63) ? (uint64_t)(t - ldexp(1.0, 63)) | (UINT64_C(1) << 63) : (uint64_t)t;
    }
    return arith_int_attr(ctx, scalar, bits);
}

static spvk_ir_fold_status fold_cast(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                     spvk_ir_fold_result *results, arith_elem_fn fn, bool is_signed)
{
    if (!c[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_elementwise(ctx, result_type(op), c, 1, fn, &is_signed));
}

ARITH_FOLDER(arith_uitofp_fold) { return fold_cast(ctx, op, operand_constants, results, cast_elem_itof, false); }
ARITH_FOLDER(arith_sitofp_fold) { return fold_cast(ctx, op, operand_constants, results, cast_elem_itof, true); }
ARITH_FOLDER(arith_fptoui_fold) { return fold_cast(ctx, op, operand_constants, results, cast_elem_ftoi, false); }
ARITH_FOLDER(arith_fptosi_fold) { return fold_cast(ctx, op, operand_constants, results, cast_elem_ftoi, true); }

/* index_cast: sign-extended or truncated to the result's width (index: 64). */
static const spvk_ir_attr *cast_elem_index(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                           const spvk_ir_attr *const *in, void *user)
{
    bool is_signed = *(bool *)user;
    uint32_t from;
    uint64_t bits;
    if (!in[0]->type || !arith_int_width(in[0]->type, &from) || !arith_int_bits(in[0], from, &bits))
        return NULL;
    if (is_signed)
        bits = (uint64_t)arith_sext(bits, from);
    return arith_int_attr(ctx, scalar, bits);
}

/* index_cast(index_cast(x)) -> x when the types come back (MLIR 19's IndexCastOfIndexCast,
   which checks no width: i64 -> index -> i64 and index -> i32 -> index alike). */
static spvk_ir_fold_status fold_index_cast(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                           spvk_ir_fold_result *results, const char *self, bool is_signed)
{
    if (c[0])
        return fold_cast(ctx, op, c, results, cast_elem_index, is_signed);
    spvk_ir_op *inner = arith_def(spvk_ir_operand(op, 0));
    if (arith_op_is(inner, self) && spvk_ir_operand(inner, 0)->type == result_type(op))
        return arith_fold_value(results, spvk_ir_operand(inner, 0));
    return SPVK_FOLD_FAILED;
}

ARITH_FOLDER(arith_index_cast_fold) { return fold_index_cast(ctx, op, operand_constants, results, "arith.index_cast", true); }
ARITH_FOLDER(arith_index_castui_fold) { return fold_index_cast(ctx, op, operand_constants, results, "arith.index_castui", false); }

/* bitcast: the bits reinterpreted (integers <-> floats of one width). */
static const spvk_ir_attr *cast_elem_bits(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                          const spvk_ir_attr *const *in, void *user)
{
    (void)user;
    uint64_t bits;
    const spvk_ir_type *from = in[0]->type;
    if (!from)
        return NULL;
    if (in[0]->kind == SPVK_ATTR_FLOAT) {
        if (!arith_float_foldable(from))
            return NULL;
        bits = spvk_ir_float_to_bits(from, in[0]->number);
    } else {
        uint32_t w;
        if (!arith_int_width(from, &w) || !arith_int_bits(in[0], w, &bits))
            return NULL;
    }
    if (!scalar->dialect && scalar->kind == SPVK_TYPE_FLOAT) {
        if (!arith_float_foldable(scalar))
            return NULL;
        return spvk_ir_float_attr(ctx, scalar, spvk_ir_float_from_bits(scalar, bits));
    }
    return arith_int_attr(ctx, scalar, bits);
}

ARITH_FOLDER(arith_bitcast_fold)
{
    if (!operand_constants[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results,
                           arith_fold_elementwise(ctx, result_type(op), operand_constants, 1, cast_elem_bits, NULL));
}

/* ---- Comparisons ---- */

static bool cmpi_apply(int64_t pred, uint64_t a, uint64_t b, uint32_t w)
{
    int64_t sa = arith_sext(a, w), sb = arith_sext(b, w);
    switch (pred) {
    case ARITH_CMPI_EQ: return a == b;
    case ARITH_CMPI_NE: return a != b;
    case ARITH_CMPI_SLT: return sa < sb;
    case ARITH_CMPI_SLE: return sa <= sb;
    case ARITH_CMPI_SGT: return sa > sb;
    case ARITH_CMPI_SGE: return sa >= sb;
    case ARITH_CMPI_ULT: return a < b;
    case ARITH_CMPI_ULE: return a <= b;
    case ARITH_CMPI_UGT: return a > b;
    default: return a >= b;
    }
}

static bool cmpi_equal_operands(int64_t pred)
{
    return pred == ARITH_CMPI_EQ || pred == ARITH_CMPI_SLE || pred == ARITH_CMPI_SGE || pred == ARITH_CMPI_ULE ||
           pred == ARITH_CMPI_UGE;
}

static const spvk_ir_attr *cmpi_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                     const spvk_ir_attr *const *in, void *user)
{
    (void)scalar;
    int64_t pred = *(int64_t *)user;
    uint32_t w;
    uint64_t a, b;
    if (!in[0]->type || !arith_int_width(in[0]->type, &w) || !arith_int_bits(in[0], w, &a) ||
        !arith_int_bits(in[1], w, &b))
        return NULL;
    return spvk_ir_bool_attr(ctx, cmpi_apply(pred, a, b, w));
}

/* extsi/extui of an i1 (or vector of i1): the i1 value. */
static spvk_ir_value *ext_of_i1(const spvk_ir_value *v)
{
    spvk_ir_op *ext = arith_def(v);
    if (!arith_op_is(ext, "arith.extsi") && !arith_op_is(ext, "arith.extui"))
        return NULL;
    const spvk_ir_type *t = spvk_ir_operand(ext, 0)->type;
    if (t->kind == SPVK_TYPE_TENSOR)
        return NULL; /* MLIR's getIntegerWidth knows integers and vectors only */
    return int_width_of(t) == 1 ? spvk_ir_operand(ext, 0) : NULL;
}

ARITH_FOLDER(arith_cmpi_fold)
{
    int64_t pred = arith_enum_attr_value(spvk_ir_op_attr(op, "predicate"), 0);
    if (lhs_of(op) == rhs_of(op))
        return arith_fold_attr(results, arith_bool_attr(ctx, result_type(op), cmpi_equal_operands(pred)));
    /* extsi/extui(%x : i1) != 0 -> %x (MLIR 19 has not yet the i1 `ne 0` / `eq 1` folds) */
    if (arith_is_zero_int(operand_constants[1]) && pred == ARITH_CMPI_NE) {
        spvk_ir_value *x = ext_of_i1(lhs_of(op));
        if (x)
            return arith_fold_value(results, x);
    }
    if (operand_constants[0] && !operand_constants[1]) {
        /* The constant moves to the right; the order predicates swap (eq, ne stay). */
        static const int64_t swapped[] = {ARITH_CMPI_EQ,  ARITH_CMPI_NE,  ARITH_CMPI_SGT, ARITH_CMPI_SGE,
                                          ARITH_CMPI_SLT, ARITH_CMPI_SLE, ARITH_CMPI_UGT, ARITH_CMPI_UGE,
                                          ARITH_CMPI_ULT, ARITH_CMPI_ULE};
        if (pred < 0 || pred > ARITH_CMPI_UGE)
            return SPVK_FOLD_FAILED;
        const spvk_ir_attr *p = spvk_ir_op_attr(op, "predicate");
        const spvk_ir_attr *np = spvk_ir_integer_attr(ctx, p->type, swapped[pred]);
        if (!np)
            return SPVK_FOLD_FAILED;
        spvk_ir_op_set_attr(ctx, op, "predicate", np);
        spvk_ir_value *l = lhs_of(op), *r = rhs_of(op);
        spvk_ir_op_set_operand(op, 0, r);
        spvk_ir_op_set_operand(op, 1, l);
        return SPVK_FOLD_IN_PLACE;
    }
    if (!operand_constants[0] || !operand_constants[1])
        return SPVK_FOLD_FAILED;
    const spvk_ir_attr *in[2] = {operand_constants[0], operand_constants[1]};
    return arith_fold_attr(results, arith_fold_elementwise(ctx, result_type(op), in, 2, cmpi_elem, &pred));
}

static bool cmpf_apply(int64_t pred, double a, double b)
{
    bool unordered = isnan(a) || isnan(b);
    bool lt = !unordered && a < b, gt = !unordered && a > b, eq = !unordered && a == b;
    switch (pred) {
    case ARITH_CMPF_FALSE: return false;
    case ARITH_CMPF_OEQ: return eq;
    case ARITH_CMPF_OGT: return gt;
    case ARITH_CMPF_OGE: return gt || eq;
    case ARITH_CMPF_OLT: return lt;
    case ARITH_CMPF_OLE: return lt || eq;
    case ARITH_CMPF_ONE: return !unordered && !eq;
    case ARITH_CMPF_ORD: return !unordered;
    case ARITH_CMPF_UEQ: return unordered || eq;
    case ARITH_CMPF_UGT: return unordered || gt;
    case ARITH_CMPF_UGE: return unordered || gt || eq;
    case ARITH_CMPF_ULT: return unordered || lt;
    case ARITH_CMPF_ULE: return unordered || lt || eq;
    case ARITH_CMPF_UNE: return !eq;
    case ARITH_CMPF_UNO: return unordered;
    default: return true;
    }
}

ARITH_FOLDER(arith_cmpf_fold)
{
    /* Scalars only (MLIR's FloatAttr casts); one NaN operand decides without the other. */
    const spvk_ir_attr *l = operand_constants[0], *r = operand_constants[1];
    if (l && (l->dialect || l->kind != SPVK_ATTR_FLOAT))
        l = NULL;
    if (r && (r->dialect || r->kind != SPVK_ATTR_FLOAT))
        r = NULL;
    if (l && isnan(l->number))
        r = l;
    if (r && isnan(r->number))
        l = r;
    if (!l || !r)
        return SPVK_FOLD_FAILED;
    int64_t pred = arith_enum_attr_value(spvk_ir_op_attr(op, "predicate"), 0);
    return arith_fold_attr(results, spvk_ir_bool_attr(ctx, cmpf_apply(pred, l->number, r->number)));
}

/* ---- Select ---- */

static const spvk_ir_attr *select_elem(spvk_ir_context *ctx, const spvk_ir_type *scalar,
                                       const spvk_ir_attr *const *in, void *user)
{
    (void)ctx, (void)scalar, (void)user;
    uint64_t c;
    if (!arith_int_bits(in[0], 1, &c))
        return NULL;
    return c ? in[1] : in[2];
}

ARITH_FOLDER(arith_select_fold)
{
    spvk_ir_value *cond = spvk_ir_operand(op, 0), *t = spvk_ir_operand(op, 1), *f = spvk_ir_operand(op, 2);
    if (t == f)
        return arith_fold_value(results, t);
    if (arith_is_one_int(operand_constants[0]))
        return arith_fold_value(results, t);
    if (arith_is_zero_int(operand_constants[0]))
        return arith_fold_value(results, f);
    const spvk_ir_type *rt = result_type(op);
    if (!rt->dialect && rt->kind == SPVK_TYPE_INTEGER && rt->width == 1 && rt->flags == SPVK_INT_SIGNLESS &&
        arith_is_one_int(operand_constants[1]) && arith_is_zero_int(operand_constants[2]))
        return arith_fold_value(results, cond);
    spvk_ir_op *cmp = arith_def(cond);
    if (arith_op_is(cmp, "arith.cmpi")) {
        int64_t pred = arith_enum_attr_value(spvk_ir_op_attr(cmp, "predicate"), -1);
        if (pred == ARITH_CMPI_EQ || pred == ARITH_CMPI_NE) {
            spvk_ir_value *cl = lhs_of(cmp), *cr = rhs_of(cmp);
            if ((cl == t && cr == f) || (cr == t && cl == f))
                return arith_fold_value(results, pred == ARITH_CMPI_NE ? t : f);
        }
    }
    /* A non-splat constant condition picks element by element from dense constants. */
    arith_elems ce, te, fe;
    if (arith_elems_of(operand_constants[0], &ce) && ce.shaped && arith_elems_of(operand_constants[1], &te) &&
        te.shaped && arith_elems_of(operand_constants[2], &fe) && fe.shaped) {
        const spvk_ir_attr *in[3] = {operand_constants[0], operand_constants[1], operand_constants[2]};
        return arith_fold_attr(results, arith_fold_elementwise(ctx, operand_constants[1]->type, in, 3, select_elem, NULL));
    }
    return SPVK_FOLD_FAILED;
}
