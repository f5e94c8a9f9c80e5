/* The math ops' folders, as MLIR 19's (MathOps.cpp). Three kinds:
   - APFloat operations, exact in every float type: absf, ceil, floor, trunc, roundeven, copysign;
   - the C library's functions (sinf, sin, ...) in f32 and f64 only, their results taken as they
     come, NaN bits included: mlir-opt calls the same libm, so the folded constants are the same;
     log, log2, log10 and sqrt leave negative operands (-0 too) alone, log1p operands below -1;
   - integer counts and powers: absi, ctlz, cttz, ctpop, ipowi.
   cbrt, rsqrt, fma and fpowi are not folded (MLIR 19 folds none of them). */
#include <math.h>

#include "math_internal.h"

static const spvk_ir_type *result_type(const spvk_ir_op *op) { return op->results[0].type; }

static bool is_f32(const spvk_ir_type *t) { return t->flags == SPVK_FLOAT_IEEE && t->width == 32; }
static bool is_f64(const spvk_ir_type *t) { return t->flags == SPVK_FLOAT_IEEE && t->width == 64; }

typedef struct libm_fn {
    float (*f32)(float);
    double (*f64)(double);
    int guard; /* GUARD_* */
} libm_fn;
enum { GUARD_NONE, GUARD_NEGATIVE, GUARD_BELOW_MINUS_ONE };

static bool libm_unary(const spvk_ir_type *t, double a, double *out, void *user)
{
    const libm_fn *fn = user;
    if (fn->guard == GUARD_NEGATIVE && signbit(a))
        return false;
    if (fn->guard == GUARD_BELOW_MINUS_ONE) {
        double s = is_f32(t) ? (double)((float)a + 1.0f) : a + 1.0;
        if (signbit(s))
            return false;
    }
    if (is_f64(t))
        *out = fn->f64(a);
    else if (is_f32(t))
        *out = (double)fn->f32((float)a);
    else
        return false;
    return true;
}

static spvk_ir_fold_status fold_libm(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                     spvk_ir_fold_result *results, const libm_fn *fn)
{
    if (!c[0])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_float_unary(ctx, result_type(op), c[0], libm_unary, (void *)fn));
}

#define MATH_LIBM(name, f32fn, f64fn, guard)                                                       \
    ARITH_FOLDER(math_##name##_fold)                                                               \
    {                                                                                              \
        static const libm_fn fn = {f32fn, f64fn, guard};                                           \
        return fold_libm(ctx, op, operand_constants, results, &fn);                                \
    }

MATH_LIBM(acos, acosf, acos, GUARD_NONE)
MATH_LIBM(acosh, acoshf, acosh, GUARD_NONE)
MATH_LIBM(asin, asinf, asin, GUARD_NONE)
MATH_LIBM(asinh, asinhf, asinh, GUARD_NONE)
MATH_LIBM(atan, atanf, atan, GUARD_NONE)
MATH_LIBM(atanh, atanhf, atanh, GUARD_NONE)
MATH_LIBM(cos, cosf, cos, GUARD_NONE)
MATH_LIBM(cosh, coshf, cosh, GUARD_NONE)
MATH_LIBM(erf, erff, erf, GUARD_NONE)
MATH_LIBM(exp, expf, exp, GUARD_NONE)
MATH_LIBM(exp2, exp2f, exp2, GUARD_NONE)
MATH_LIBM(expm1, expm1f, expm1, GUARD_NONE)
MATH_LIBM(sin, sinf, sin, GUARD_NONE)
MATH_LIBM(sinh, sinhf, sinh, GUARD_NONE)
MATH_LIBM(tan, tanf, tan, GUARD_NONE)
MATH_LIBM(tanh, tanhf, tanh, GUARD_NONE)
MATH_LIBM(round, roundf, round, GUARD_NONE)
MATH_LIBM(log, logf, log, GUARD_NEGATIVE)
MATH_LIBM(log10, log10f, log10, GUARD_NEGATIVE)
MATH_LIBM(log2, log2f, log2, GUARD_NEGATIVE)
MATH_LIBM(sqrt, sqrtf, sqrt, GUARD_NEGATIVE)
MATH_LIBM(log1p, log1pf, log1p, GUARD_BELOW_MINUS_ONE)

/* ---- APFloat operations, any float type ---- */

static bool apf_unary(const spvk_ir_type *t, double a, double *out, void *user)
{
    double (*fn)(double) = *(double (**)(double))user;
    if (isnan(a)) {
        *out = fn == fabs ? fabs(a) : arith_quiet_nan(t, a);
        return true;
    }
    *out = fn(a);
    return true;
}

#define MATH_APF(name, cfn)                                                                        \
    ARITH_FOLDER(math_##name##_fold)                                                               \
    {                                                                                              \
        double (*fn)(double) = cfn;                                                                \
        if (!operand_constants[0])                                                                 \
            return SPVK_FOLD_FAILED;                                                               \
        return arith_fold_attr(results,                                                            \
                               arith_fold_float_unary(ctx, result_type(op), operand_constants[0], apf_unary, &fn)); \
    }

MATH_APF(absf, fabs)
MATH_APF(ceil, ceil)
MATH_APF(floor, floor)
MATH_APF(trunc, trunc)
MATH_APF(roundeven, nearbyint)

static bool apf_copysign(const spvk_ir_type *t, double a, double b, double *out, void *user)
{
    (void)t, (void)user;
    *out = copysign(a, b);
    return true;
}

ARITH_FOLDER(math_copysign_fold)
{
    if (!operand_constants[0] || !operand_constants[1])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_float_binary(ctx, result_type(op), operand_constants[0],
                                                            operand_constants[1], apf_copysign, NULL));
}

static bool libm_atan2(const spvk_ir_type *t, double a, double b, double *out, void *user)
{
    (void)user;
    if (a == 0 && b == 0) {
        *out = arith_default_nan(t);
        return is_f32(t) || is_f64(t) || arith_float_foldable(t);
    }
    if (is_f64(t))
        *out = atan2(a, b);
    else if (is_f32(t))
        *out = (double)atan2f((float)a, (float)b);
    else
        return false;
    return true;
}

static bool libm_pow(const spvk_ir_type *t, double a, double b, double *out, void *user)
{
    (void)user;
    if (is_f64(t))
        *out = pow(a, b);
    else if (is_f32(t))
        *out = (double)powf((float)a, (float)b);
    else
        return false;
    return true;
}

ARITH_FOLDER(math_atan2_fold)
{
    if (!operand_constants[0] || !operand_constants[1])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_float_binary(ctx, result_type(op), operand_constants[0],
                                                            operand_constants[1], libm_atan2, NULL));
}

ARITH_FOLDER(math_powf_fold)
{
    if (!operand_constants[0] || !operand_constants[1])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_float_binary(ctx, result_type(op), operand_constants[0],
                                                            operand_constants[1], libm_pow, NULL));
}

/* ---- Integers ---- */

static bool int_abs(uint64_t a, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    int64_t s = arith_sext(a, w);
    *r = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
    return true;
}

static bool int_ctlz(uint64_t a, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    uint64_t n = 0;
    for (uint32_t i = w; i-- > 0 && !((a >> i) & 1);)
        n++;
    *r = n;
    return true;
}

static bool int_cttz(uint64_t a, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    uint64_t n = 0;
    for (uint32_t i = 0; i < w && !((a >> i) & 1); i++)
        n++;
    *r = n;
    return true;
}

static bool int_ctpop(uint64_t a, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    uint64_t n = 0;
    for (uint32_t i = 0; i < w; i++)
        n += (a >> i) & 1;
    *r = n;
    return true;
}

#define MATH_INT_UNARY(name, fn)                                                                   \
    ARITH_FOLDER(math_##name##_fold)                                                               \
    {                                                                                              \
        if (!operand_constants[0])                                                                 \
            return SPVK_FOLD_FAILED;                                                               \
        return arith_fold_attr(results, arith_fold_int_unary(ctx, result_type(op), operand_constants[0], fn, NULL)); \
    }

MATH_INT_UNARY(absi, int_abs)
MATH_INT_UNARY(ctlz, int_ctlz)
MATH_INT_UNARY(cttz, int_cttz)
MATH_INT_UNARY(ctpop, int_ctpop)

/* base ** power by squaring, modulo 2^w; a negative power gives 0 for |base| > 1, +-1 for
   base +-1, and 0 ** negative is left alone. */
static bool int_ipow(uint64_t base, uint64_t power, uint32_t w, uint64_t *r, void *u)
{
    (void)u;
    uint64_t mask = arith_mask(w), minus_one = mask;
    base &= mask;
    if (!power) {
        *r = 1;
        return true;
    }
    if (arith_sext(power, w) < 0) {
        if (!base)
            return false;
        if (base == 1)
            *r = 1;
        else if (base != minus_one)
            *r = 0;
        else
            *r = power & 1 ? minus_one : 1;
        return true;
    }
    uint64_t result = 1;
    while (true) {
        if (power & 1)
            result = (result * base) & mask;
        power >>= 1;
        if (!power)
            break;
        base = (base * base) & mask;
    }
    *r = result;
    return true;
}

ARITH_FOLDER(math_ipowi_fold)
{
    if (!operand_constants[0] || !operand_constants[1])
        return SPVK_FOLD_FAILED;
    return arith_fold_attr(results, arith_fold_int_binary(ctx, result_type(op), operand_constants[0],
                                                          operand_constants[1], int_ipow, NULL));
}
