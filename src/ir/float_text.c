/* Float attribute text, both directions, the way MLIR 19 does it.

   Printing follows APFloat::toString step by step, because MLIR's output is defined by it: the
   significand times 2^e is turned into an exact decimal integer (times 5^-e when e < 0), then cut
   down to about the requested digit count by a truncating division, then rounded half-up on the
   decimal digits. A plain "%.6e" rounds the exact value instead and so differs on some inputs.

   Reading comes in two kinds, because MLIR itself has two. Its parser reads a float literal as
   the nearest double (strtod) and then rounds that to the type, possibly rounding twice
   (ir_float_parse_literal, for the parser, to get the same bits). Its printer checks the 6-digit
   form with APFloat's own correctly rounded reading (ir_float_parse_decimal, for the printer).
   Both use strtod/strtof on a canonical "DDDDe-NN" string (no decimal point, so the locale
   cannot change the meaning), which glibc and musl round correctly. For f16, bf16 and tf32 the
   correct reading rounds the double once more; that can only go wrong when the double lands
   exactly on a midpoint of the narrow format, and there the decimal text is compared with the
   midpoint's exact expansion to decide. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_internal.h"

bool ir_float_format_of(const spvk_ir_type *t, ir_float_format *f)
{
    if (!t || t->dialect || t->kind != SPVK_TYPE_FLOAT)
        return false;
    if (t->flags == SPVK_FLOAT_BF16) {
        *f = (ir_float_format){16, 8, -126, 127, 8, 7, IR_FLOAT_IEEE, 0};
        return true;
    }
    if (t->flags == SPVK_FLOAT_TF32) {
        *f = (ir_float_format){19, 11, -126, 127, 8, 10, IR_FLOAT_IEEE, 0};
        return true;
    }
    switch (t->flags) {
    case SPVK_FLOAT_F8E4M3FN: *f = (ir_float_format){8, 4, -6, 8, 4, 3, IR_FLOAT_FN, 7}; return true;
    case SPVK_FLOAT_F8E5M2: *f = (ir_float_format){8, 3, -14, 15, 5, 2, IR_FLOAT_IEEE, 0}; return true;
    case SPVK_FLOAT_F8E8M0FNU: *f = (ir_float_format){8, 1, -127, 127, 8, 0, IR_FLOAT_E8M0, 127}; return true;
    case SPVK_FLOAT_F6E2M3FN: *f = (ir_float_format){6, 4, 0, 2, 2, 3, IR_FLOAT_FINITE, 1}; return true;
    case SPVK_FLOAT_F6E3M2FN: *f = (ir_float_format){6, 3, -2, 4, 3, 2, IR_FLOAT_FINITE, 3}; return true;
    case SPVK_FLOAT_F4E2M1FN: *f = (ir_float_format){4, 2, 0, 2, 2, 1, IR_FLOAT_FINITE, 1}; return true;
    case SPVK_FLOAT_MXINT8: *f = (ir_float_format){8, 8, -6, -6, 0, 7, IR_FLOAT_MXINT, 0}; return true;
    default: break;
    }
    switch (t->width) {
    case 16:
        *f = (ir_float_format){16, 11, -14, 15, 5, 10, IR_FLOAT_IEEE, 0};
        return true;
    case 32:
        *f = (ir_float_format){32, 24, -126, 127, 8, 23, IR_FLOAT_IEEE, 0};
        return true;
    default:
        /* f64, and f80/f128 which the IR holds as doubles. */
        *f = (ir_float_format){64, 53, -1022, 1023, 11, 52, IR_FLOAT_IEEE, 0};
        return true;
    }
}

static bool is_f64(const ir_float_format *f) { return f->width == 64; }

/* Rounds a finite nonzero |a| to the format's precision, ties to even, and returns the integer
   significand and quantum exponent (value = r * 2^qexp). tie is set when a was exactly halfway. */
static double round_to_format(double a, const ir_float_format *f, int *qexp, bool *tie, bool down_on_tie,
                              bool decide_tie)
{
    int e;
    (void)frexp(a, &e);
    int lead = e - 1;
    int q = (lead < f->emin ? f->emin : lead) - (int)(f->precision - 1);
    double scaled = ldexp(a, -q); /* exact: a power-of-two scaling that stays in range */
    double fl = floor(scaled);
    double frac = scaled - fl;
    *tie = frac == 0.5;
    double r = fl;
    if (frac > 0.5)
        r = fl + 1;
    else if (frac == 0.5) {
        if (decide_tie)
            r = down_on_tie ? fl : fl + 1;
        else
            r = fmod(fl, 2.0) == 0 ? fl : fl + 1;
    }
    *qexp = q;
    return r;
}

/* Rounds a finite nonzero value to the format, ties to even: returns the integer significand r
   (below 2^(precision-1), the hidden bit, when subnormal) and the exponent of its leading bit. A
   significand that carried to 2^precision is halved, its exponent raised. */
static double round_significand(double value, const ir_float_format *f, int *lead)
{
    int qexp;
    bool tie;
    double r = round_to_format(fabs(value), f, &qexp, &tie, false, false);
    if (r >= ldexp(2.0, (int)f->precision - 1)) {
        r /= 2;
        qexp++;
    }
    *lead = qexp + (int)f->precision - 1;
    return r;
}

/* The NaN pattern of a small non-IEEE format (without the sign), 0 for a format without NaN. */
static uint64_t special_nan(const ir_float_format *f)
{
    if (f->special == IR_FLOAT_E8M0)
        return 0xff;
    if (f->special == IR_FLOAT_FN)
        return (UINT64_C(1) << (f->exp_bits + f->frac_bits)) - 1;
    return 0;
}

/* The largest finite pattern of a small non-IEEE format (without the sign). */
static uint64_t special_max(const ir_float_format *f)
{
    uint64_t all = (UINT64_C(1) << (f->exp_bits + f->frac_bits)) - 1;
    return f->special == IR_FLOAT_FINITE ? all : all - 1;
}

/* ir_float_to_bits for the small formats whose all-ones exponent is not IEEE's. Out-of-range
   values become the NaN where the format has one, the largest finite value otherwise; the
   values decoded from a module are exact and never get there. */
static uint64_t special_to_bits(double value, const ir_float_format *f)
{
    if (f->special == IR_FLOAT_MXINT) {
        /* the nearest multiple of 1/64, ties to even (the default rounding mode), saturating */
        double k = isnan(value) ? 0 : nearbyint(value * 64);
        k = k < -128 ? -128 : k > 127 ? 127 : k;
        return (uint64_t)(uint8_t)(int8_t)k;
    }
    bool has_sign = f->special != IR_FLOAT_E8M0;
    uint64_t out_sign = has_sign && signbit(value) ? UINT64_C(1) << (f->width - 1) : 0;
    uint64_t nan = special_nan(f);
    if (isnan(value))
        return out_sign | nan;
    if (!has_sign && value < 0)
        return nan;
    if (isinf(value))
        return out_sign | (f->special == IR_FLOAT_FINITE ? special_max(f) : nan);
    if (value == 0)
        return out_sign; /* f8E8M0FNU has no zero: its smallest value, 2^-127 */
    double hidden = ldexp(1.0, (int)f->precision - 1);
    int lead;
    double r = round_significand(value, f, &lead);
    if (r < hidden && f->special != IR_FLOAT_E8M0) /* subnormal */
        return out_sign | (uint64_t)r;
    if (r < hidden)
        return 0;
    uint64_t overflow = out_sign | (f->special == IR_FLOAT_FINITE ? special_max(f) : nan);
    if (lead > f->emax)
        return overflow;
    uint64_t magnitude = ((uint64_t)(lead + f->bias) << f->frac_bits) | (uint64_t)(r - hidden);
    if (nan && magnitude == nan)
        return overflow; /* f8E4M3FN: the pattern above 448 is the NaN */
    return out_sign | magnitude;
}

static double special_from_bits(uint64_t bits, const ir_float_format *f)
{
    if (f->special == IR_FLOAT_MXINT)
        return (double)(int8_t)(uint8_t)bits / 64;
    bool negative = f->special != IR_FLOAT_E8M0 && ((bits >> (f->width - 1)) & 1);
    uint64_t magnitude = bits & ((UINT64_C(1) << (f->exp_bits + f->frac_bits)) - 1);
    uint64_t nan = special_nan(f);
    if (nan && magnitude == nan)
        return negative ? -NAN : NAN;
    uint64_t e = magnitude >> f->frac_bits;
    uint64_t frac = magnitude & ((UINT64_C(1) << f->frac_bits) - 1);
    double v;
    if (e == 0 && f->special != IR_FLOAT_E8M0)
        v = ldexp((double)frac, f->emin - (int)f->frac_bits);
    else
        v = ldexp((double)(frac | (UINT64_C(1) << f->frac_bits)), (int)e - f->bias - (int)f->frac_bits);
    return negative ? -v : v;
}

uint64_t ir_float_to_bits(double value, const ir_float_format *f)
{
    uint64_t d;
    memcpy(&d, &value, sizeof d);
    if (is_f64(f))
        return d;
    if (f->special)
        return special_to_bits(value, f);
    uint64_t sign = (d >> 63) & 1;
    uint64_t exp_all = (UINT64_C(1) << f->exp_bits) - 1;
    uint64_t out_sign = sign << (f->width - 1);
    if (isnan(value)) {
        /* The payload keeps its position: the top bits of the fraction. */
        uint64_t frac = (d & ((UINT64_C(1) << 52) - 1)) >> (52 - f->frac_bits);
        if (!frac)
            frac = UINT64_C(1) << (f->frac_bits - 1);
        return out_sign | (exp_all << f->frac_bits) | frac;
    }
    if (isinf(value))
        return out_sign | (exp_all << f->frac_bits);
    if (value == 0)
        return out_sign;
    double hidden = ldexp(1.0, (int)f->precision - 1);
    int lead;
    double r = round_significand(value, f, &lead);
    if (r < hidden) /* subnormal */
        return out_sign | (uint64_t)r;
    if (lead > f->emax)
        return out_sign | (exp_all << f->frac_bits);
    uint64_t biased = (uint64_t)(lead + f->emax);
    return out_sign | (biased << f->frac_bits) | ((uint64_t)(r - hidden));
}

double ir_float_from_bits(uint64_t bits, const ir_float_format *f)
{
    if (is_f64(f)) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    if (f->special)
        return special_from_bits(bits, f);
    uint64_t sign = (bits >> (f->width - 1)) & 1;
    uint64_t exp_all = (UINT64_C(1) << f->exp_bits) - 1;
    uint64_t e = (bits >> f->frac_bits) & exp_all;
    uint64_t frac = bits & ((UINT64_C(1) << f->frac_bits) - 1);
    double v;
    if (e == exp_all) {
        uint64_t d = (sign << 63) | (UINT64_C(0x7FF) << 52) | (frac << (52 - f->frac_bits));
        memcpy(&v, &d, sizeof v);
        return v;
    }
    if (e == 0)
        v = ldexp((double)frac, f->emin - (int)f->frac_bits);
    else
        v = ldexp((double)(frac | (UINT64_C(1) << f->frac_bits)), (int)e - f->emax - (int)f->frac_bits);
    return sign ? -v : v;
}

/* ---- Reading ---- */

#define MAX_KEPT_DIGITS 800

/* Normalized decimal: digits without leading zeros, value = 0.d1d2d3... * 10^exp10. */
typedef struct decimal {
    char digits[MAX_KEPT_DIGITS + 2];
    size_t count;
    long exp10;
    bool truncated_nonzero;
} decimal;

static bool decimal_read(const char *s, size_t n, decimal *out)
{
    size_t i = 0;
    out->count = 0;
    out->exp10 = 0;
    out->truncated_nonzero = false;
    bool any = false, seen_nonzero = false;
    long point_shift = 0; /* digits before the point after the first nonzero one */
    bool after_point = false;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '.') {
            if (after_point)
                return false;
            after_point = true;
            continue;
        }
        if (c < '0' || c > '9')
            break;
        any = true;
        if (!seen_nonzero && c == '0') {
            if (after_point)
                point_shift--;
            continue;
        }
        seen_nonzero = true;
        if (!after_point)
            point_shift++;
        if (out->count < MAX_KEPT_DIGITS)
            out->digits[out->count++] = c;
        else if (c != '0')
            out->truncated_nonzero = true;
    }
    if (!any)
        return false;
    long e = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        bool neg = false;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            neg = s[i++] == '-';
        if (i == n)
            return false;
        for (; i < n; i++) {
            if (s[i] < '0' || s[i] > '9')
                return false;
            if (e < 1000000)
                e = e * 10 + (s[i] - '0');
        }
        if (neg)
            e = -e;
    }
    if (i != n)
        return false;
    /* Drop trailing zeros so that two spellings of one value compare equal. */
    while (out->count && out->digits[out->count - 1] == '0')
        out->count--;
    out->exp10 = point_shift + e;
    out->digits[out->count] = 0;
    return true;
}

/* The value as the canonical string "0" or "DDDDe-NN" (locale-free for strtod). */
static void decimal_canonical(const decimal *d, char *buf, size_t size)
{
    if (!d->count) {
        snprintf(buf, size, "0");
        return;
    }
    size_t k = d->count;
    memcpy(buf, d->digits, k);
    if (d->truncated_nonzero)
        buf[k++] = '1'; /* a sticky digit beyond the 767 that can matter */
    snprintf(buf + k, size - k, "e%ld", d->exp10 - (long)k);
}

/* Compares the decimal with the exact value of the positive double a: <0, 0, >0. */
static int decimal_compare_exact(const decimal *d, double a)
{
    char text[1200];
    /* %e of a double is exact in glibc and musl given enough digits; a midpoint of a narrow format
       needs fewer than 200 significant digits. */
    snprintf(text, sizeof text, "%.300e", a);
    decimal x;
    /* Rewrite the locale's decimal separator (whatever it is) as '.'. */
    char clean[1200];
    size_t m = 0;
    for (size_t i = 0; text[i] && m + 1 < sizeof clean; i++) {
        char c = text[i];
        if ((c >= '0' && c <= '9') || c == 'e' || c == '-' || c == '+')
            clean[m++] = c;
        else if (i == 1)
            clean[m++] = '.';
    }
    if (!decimal_read(clean, m, &x))
        return 0;
    if (!d->count || !x.count)
        return d->count ? 1 : (x.count ? -1 : 0);
    if (d->exp10 != x.exp10)
        return d->exp10 > x.exp10 ? 1 : -1;
    size_t n = d->count < x.count ? d->count : x.count;
    int c = memcmp(d->digits, x.digits, n);
    if (c)
        return c;
    if (d->count != x.count)
        return d->count > x.count ? 1 : -1;
    return d->truncated_nonzero ? 1 : 0;
}

bool ir_float_parse_decimal(const char *s, size_t n, bool negative, const ir_float_format *f, uint64_t *bits)
{
    decimal d;
    if (!decimal_read(s, n, &d))
        return false;
    char buf[MAX_KEPT_DIGITS + 32];
    decimal_canonical(&d, buf, sizeof buf);
    if (negative && f->special == IR_FLOAT_E8M0) {
        *bits = special_nan(f); /* an unsigned format */
        return true;
    }
    if (f->special == IR_FLOAT_MXINT) {
        /* fixed point: no precision to round to but its step (a double rounding is harmless) */
        double a = strtod(buf, NULL);
        *bits = ir_float_to_bits(negative ? -a : a, f);
        return true;
    }
    uint64_t sign = negative ? UINT64_C(1) << (f->width - 1) : 0;
    if (f->width == 32 && f->precision == 24) {
        float x = strtof(buf, NULL);
        uint32_t b;
        memcpy(&b, &x, sizeof b);
        *bits = sign | b;
        return true;
    }
    double a = strtod(buf, NULL);
    if (is_f64(f)) {
        uint64_t b;
        memcpy(&b, &a, sizeof b);
        *bits = sign | b;
        return true;
    }
    if (a == 0 || isinf(a)) {
        *bits = sign | ir_float_to_bits(a, f);
        return true;
    }
    int qexp;
    bool tie;
    double r = round_to_format(a, f, &qexp, &tie, false, false);
    if (tie) {
        int c = decimal_compare_exact(&d, a);
        if (c != 0)
            r = round_to_format(a, f, &qexp, &tie, c < 0, true);
    }
    double v = ldexp(r, qexp);
    *bits = sign | ir_float_to_bits(v, f);
    return true;
}

bool ir_float_parse_literal(const char *s, size_t n, bool negative, const ir_float_format *f, uint64_t *bits)
{
    decimal d;
    if (!decimal_read(s, n, &d))
        return false;
    char buf[MAX_KEPT_DIGITS + 32];
    decimal_canonical(&d, buf, sizeof buf);
    double a = strtod(buf, NULL);
    *bits = ir_float_to_bits(negative ? -a : a, f);
    return true;
}

/* ---- Printing: APFloat::toString ---- */

#define BIG_LIMBS 100 /* 53 bits * 5^1126 needs about 2670 bits */

typedef struct bignum {
    uint32_t limb[BIG_LIMBS];
    int n; /* limbs in use, no leading zero limbs */
} bignum;

static void big_set(bignum *b, uint64_t v)
{
    b->n = 0;
    while (v) {
        b->limb[b->n++] = (uint32_t)v;
        v >>= 32;
    }
}

static void big_mul_small(bignum *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) {
        uint64_t x = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)x;
        carry = x >> 32;
    }
    if (carry && b->n < BIG_LIMBS)
        b->limb[b->n++] = (uint32_t)carry;
}

static uint32_t big_div_small(bignum *b, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = b->n - 1; i >= 0; i--) {
        uint64_t x = (rem << 32) | b->limb[i];
        b->limb[i] = (uint32_t)(x / d);
        rem = x % d;
    }
    while (b->n && !b->limb[b->n - 1])
        b->n--;
    return (uint32_t)rem;
}

static void big_shl(bignum *b, unsigned bits)
{
    unsigned words = bits / 32, rest = bits % 32;
    if (!b->n)
        return;
    int n = b->n + (int)words + 1;
    if (n > BIG_LIMBS)
        n = BIG_LIMBS;
    for (int i = n - 1; i >= 0; i--) {
        int src = i - (int)words;
        uint32_t hi = src >= 0 && src < b->n ? b->limb[src] : 0;
        uint32_t lo = src - 1 >= 0 && src - 1 < b->n ? b->limb[src - 1] : 0;
        b->limb[i] = rest ? (hi << rest) | (lo >> (32 - rest)) : hi;
    }
    b->n = n;
    while (b->n && !b->limb[b->n - 1])
        b->n--;
}

static unsigned big_bits(const bignum *b)
{
    if (!b->n)
        return 0;
    uint32_t top = b->limb[b->n - 1];
    unsigned bits = 0;
    while (top) {
        bits++;
        top >>= 1;
    }
    return (unsigned)(b->n - 1) * 32 + bits;
}

static void append_char(char *out, size_t size, size_t *len, char c)
{
    if (*len + 1 < size)
        out[(*len)++] = c;
}

/* toStringImpl for a finite nonzero value sig * 2^exp with `precision` significand bits. */
static void apfloat_to_string(char *out, size_t size, bool negative, uint64_t sig, int exp, unsigned precision,
                              unsigned format_precision, unsigned max_padding, bool truncate_zero)
{
    size_t len = 0;
    if (negative)
        append_char(out, size, &len, '-');
    if (!format_precision)
        format_precision = 2 + precision * 59 / 196;
    while (!(sig & 1)) {
        sig >>= 1;
        exp++;
    }
    bignum b;
    big_set(&b, sig);
    if (exp > 0) {
        big_shl(&b, (unsigned)exp);
        exp = 0;
    } else if (exp < 0) {
        for (int i = 0; i < -exp; i++)
            big_mul_small(&b, 5);
    }
    /* AdjustToPrecision on the integer: drop whole decimal digits by truncating division. */
    unsigned bits = big_bits(&b);
    unsigned required = (format_precision * 196 + 58) / 59;
    if (bits > required) {
        unsigned tens = (bits - required) * 59 / 196;
        exp += (int)tens;
        while (tens >= 9) {
            big_div_small(&b, 1000000000u);
            tens -= 9;
        }
        uint32_t p = 1;
        while (tens--)
            p *= 10;
        if (p > 1)
            big_div_small(&b, p);
    }
    /* Digits, least significant first, trailing zeros folded into the exponent. */
    char digits[1024];
    unsigned nd = 0;
    bool in_trail = true;
    while (b.n && nd < sizeof digits) {
        uint32_t d = big_div_small(&b, 10);
        if (in_trail && !d)
            exp++;
        else {
            digits[nd++] = (char)('0' + d);
            in_trail = false;
        }
    }
    /* AdjustToPrecision on the digits: round half up. */
    if (nd > format_precision) {
        unsigned first = nd - format_precision;
        if (digits[first - 1] < '5') {
            while (first < nd && digits[first] == '0')
                first++;
            exp += (int)first;
            memmove(digits, digits + first, nd - first);
            nd -= first;
        } else {
            unsigned i = first;
            for (; i != nd; i++) {
                if (digits[i] == '9')
                    first++;
                else {
                    digits[i]++;
                    break;
                }
            }
            if (first == nd) {
                exp += (int)first;
                digits[0] = '1';
                nd = 1;
            } else {
                exp += (int)first;
                memmove(digits, digits + first, nd - first);
                nd -= first;
            }
        }
    }
    bool scientific;
    if (!max_padding)
        scientific = true;
    else if (exp >= 0)
        scientific = (unsigned)exp > max_padding || nd + (unsigned)exp > format_precision;
    else {
        int msd = exp + (int)(nd - 1);
        scientific = msd >= 0 ? false : (unsigned)-msd > max_padding;
    }
    if (scientific) {
        exp += (int)(nd - 1);
        append_char(out, size, &len, digits[nd - 1]);
        append_char(out, size, &len, '.');
        if (nd == 1 && truncate_zero)
            append_char(out, size, &len, '0');
        else
            for (unsigned i = 1; i != nd; i++)
                append_char(out, size, &len, digits[nd - 1 - i]);
        if (!truncate_zero && format_precision > nd - 1)
            for (unsigned i = 0; i < format_precision - nd + 1; i++)
                append_char(out, size, &len, '0');
        append_char(out, size, &len, truncate_zero ? 'E' : 'e');
        append_char(out, size, &len, exp >= 0 ? '+' : '-');
        unsigned ue = exp < 0 ? (unsigned)-exp : (unsigned)exp;
        char eb[16];
        int k = 0;
        do {
            eb[k++] = (char)('0' + ue % 10);
            ue /= 10;
        } while (ue);
        if (!truncate_zero && k < 2)
            eb[k++] = '0';
        while (k)
            append_char(out, size, &len, eb[--k]);
    } else if (exp >= 0) {
        for (unsigned i = 0; i != nd; i++)
            append_char(out, size, &len, digits[nd - 1 - i]);
        for (int i = 0; i != exp; i++)
            append_char(out, size, &len, '0');
    } else {
        int whole = exp + (int)nd;
        unsigned i = 0;
        if (whole > 0) {
            for (; i != (unsigned)whole; i++)
                append_char(out, size, &len, digits[nd - i - 1]);
            append_char(out, size, &len, '.');
        } else {
            unsigned zeros = 1 + (unsigned)-whole;
            append_char(out, size, &len, '0');
            append_char(out, size, &len, '.');
            for (unsigned z = 1; z != zeros; z++)
                append_char(out, size, &len, '0');
        }
        for (; i != nd; i++)
            append_char(out, size, &len, digits[nd - i - 1]);
    }
    out[len] = 0;
}

static bool reads_back(const char *s, uint64_t bits, const ir_float_format *f)
{
    bool negative = s[0] == '-';
    if (negative)
        s++;
    uint64_t back;
    return ir_float_parse_decimal(s, strlen(s), negative, f, &back) && back == bits;
}

void ir_float_print_mlir(char *out, size_t size, uint64_t bits, const ir_float_format *f, bool *hex)
{
    *hex = false;
    if (f->special == IR_FLOAT_MXINT) {
        int k = (int8_t)(uint8_t)bits;
        if (k == 0) {
            snprintf(out, size, "0.000000e+00");
            return;
        }
        apfloat_to_string(out, size, k < 0, (uint64_t)(k < 0 ? -k : k), -6, f->precision, 6, 0, false);
        if (reads_back(out, bits, f))
            return;
        *hex = true;
        snprintf(out, size, "0x%llX", (unsigned long long)bits);
        return;
    }
    if (f->special) {
        /* As for IEEE below, with the format's own NaN and bias (MLIR prints the NaN in hex). */
        uint64_t magnitude = bits & ((UINT64_C(1) << (f->exp_bits + f->frac_bits)) - 1);
        uint64_t nan = special_nan(f);
        bool negative = f->special != IR_FLOAT_E8M0 && ((bits >> (f->width - 1)) & 1);
        uint64_t e = magnitude >> f->frac_bits;
        uint64_t frac = magnitude & ((UINT64_C(1) << f->frac_bits) - 1);
        if (!nan || magnitude != nan) {
            if (magnitude == 0 && f->special != IR_FLOAT_E8M0) {
                snprintf(out, size, "%s0.000000e+00", negative ? "-" : "");
                return;
            }
            bool normal = e != 0 || f->special == IR_FLOAT_E8M0;
            uint64_t sig = normal ? frac | (UINT64_C(1) << f->frac_bits) : frac;
            int exp = (normal ? (int)e - f->bias : f->emin) - (int)f->frac_bits;
            apfloat_to_string(out, size, negative, sig, exp, f->precision, 6, 0, false);
            if (reads_back(out, bits, f))
                return;
            apfloat_to_string(out, size, negative, sig, exp, f->precision, 0, 3, true);
            if (strchr(out, '.') && reads_back(out, bits, f))
                return;
        }
        *hex = true;
        snprintf(out, size, "0x%llX", (unsigned long long)bits);
        return;
    }
    uint64_t exp_all = (UINT64_C(1) << f->exp_bits) - 1;
    uint64_t e = (bits >> f->frac_bits) & exp_all;
    uint64_t frac = bits & ((UINT64_C(1) << f->frac_bits) - 1);
    bool negative = (bits >> (f->width - 1)) & 1;
    if (e != exp_all) {
        if (e == 0 && frac == 0) {
            snprintf(out, size, "%s0.000000e+00", negative ? "-" : "");
            return;
        }
        uint64_t sig = e ? frac | (UINT64_C(1) << f->frac_bits) : frac;
        int exp = (e ? (int)e - f->emax : f->emin) - (int)f->frac_bits;
        apfloat_to_string(out, size, negative, sig, exp, f->precision, 6, 0, false);
        if (reads_back(out, bits, f))
            return;
        apfloat_to_string(out, size, negative, sig, exp, f->precision, 0, 3, true);
        if (strchr(out, '.'))
            return;
    }
    *hex = true;
    snprintf(out, size, "0x%llX", (unsigned long long)bits);
}
