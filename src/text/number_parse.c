/* Literal numbers exactly as spirv-as reads them.

   SPIRV-Tools reads literals through C++ streams: integers with "stream >> setbase(0) >> T"
   (libstdc++'s num_get) and floats with HexFloat's operator>>, which handles hex floats itself and
   hands decimal ones to "stream >> float" (num_get collecting characters, then strtof/strtod).
   This file re-implements those paths over a counted span, keeping every observable quirk,
   because the point is bit-identical output and the same accept/reject decisions:
   - integers: optional sign, then base by prefix (0x/0X hex, leading 0 octal, else decimal);
     a signed literal written in hex is a bit pattern that is range-checked unsigned and then
     sign-extended; the error messages print hex values in hex.
   - decimal floats: correctly rounded to binary32/binary64 (we hand a canonical, locale-free
     digit string to strtof/strtod, which glibc and musl round correctly); overflow to infinity is
     an error; 16-bit results are the binary32 value truncated toward zero.
   - hex floats: parsed straight into the target format with the fraction truncated toward zero,
     saturating to infinity on overflow without an error, emulating HexFloat's integer types
     (its exponent is a W-bit signed integer for a W-bit float, which can overflow for absurdly
     long half-precision literals; we fail exactly where it fails). */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number_parse.h"

static bool is_space(char c)
{
    /* std::isspace in the "C" locale, which the stream's whitespace skipping uses. */
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int digit_in_base(char c, unsigned base)
{
    int v = hex_value(c);
    return v >= 0 && (unsigned)v < base ? v : -1;
}

/* "std::istringstream(text) >> std::setbase(0) >> T" followed by ParseNumber's checks (something
   read, the whole text consumed, no failure, and no '-' on a nonzero unsigned value), for T an
   integer of `bits` bits. The result is the value's bit pattern (two's complement if negative). */
static bool stream_integer(const char *s, size_t n, unsigned bits, bool is_signed, uint64_t *out)
{
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    if (i == n)
        return false;
    bool negative = false;
    if (s[i] == '-' || s[i] == '+') {
        negative = s[i] == '-';
        i++;
    }
    /* num_get: a leading 0 selects octal, and 0x/0X right after it hex; the zero counts as a
       digit only in the octal case (so "0x" alone reads nothing and fails). */
    unsigned base = 10;
    bool found_zero = false;
    if (i < n && s[i] == '0') {
        found_zero = true;
        base = 8;
        i++;
        if (i < n && (s[i] == 'x' || s[i] == 'X')) {
            base = 16;
            found_zero = false;
            i++;
        }
    }
    /* num_get allows the magnitude of the most negative value for signed types, and negates
       unsigned values modulo 2^bits. */
    uint64_t top = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t max = is_signed ? (negative ? (top >> 1) + 1 : top >> 1) : top;
    uint64_t smax = max / base;
    uint64_t result = 0;
    bool overflow = false;
    size_t digits = 0;
    for (; i < n; i++) {
        int d = digit_in_base(s[i], base);
        if (d < 0)
            break;
        if (result > smax) {
            overflow = true;
        } else {
            result *= base;
            overflow |= result > max - (uint64_t)d;
            result += (uint64_t)d;
            digits++;
        }
    }
    if (i != n || (digits == 0 && !found_zero) || overflow)
        return false;
    uint64_t v = (negative ? 0 - result : result) & top;
    /* ParseNumber's workaround for num_get accepting "-1" as an unsigned value; it looks at the
       first character of the text, not after any whitespace. */
    if (!is_signed && s[0] == '-' && v != 0)
        return false;
    *out = v;
    return true;
}

bool spvk_parse_uint32(const char *text, size_t length, uint32_t *value)
{
    uint64_t v;
    if (!stream_integer(text, length, 32, false, &v))
        return false;
    *value = (uint32_t)v;
    return true;
}

bool spvk_parse_decimal_uint32(const char *text, size_t length, uint32_t *value)
{
    if (length == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < length; i++) {
        if (!is_digit(text[i]))
            return false;
        v = v * 10 + (uint64_t)(text[i] - '0');
        if (v > 0xffffffffu)
            return false;
    }
    *value = (uint32_t)v;
    return true;
}

spvk_number_result spvk_parse_integer(const char *text, size_t length, uint32_t width, bool is_signed)
{
    spvk_number_result r;
    memset(&r, 0, sizeof r);
    r.kind = is_signed ? SPVK_NUMBER_SIGNED : SPVK_NUMBER_UNSIGNED;
    r.width = width;
    if (width > 64) {
        r.status = SPVK_NUMBER_STATUS_UNSUPPORTED;
        return r;
    }
    bool negative = length > 0 && text[0] == '-';
    if (negative && !is_signed) {
        r.status = SPVK_NUMBER_STATUS_NEGATIVE_UNSIGNED;
        return r;
    }
    bool is_hex = length >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    uint64_t v;
    /* A leading '-' reads an int64_t, anything else a uint64_t, whatever the target type. */
    if (!stream_integer(text, length, 64, negative, &v)) {
        r.status = SPVK_NUMBER_STATUS_INVALID;
        return r;
    }
    bool value_negative = negative && (int64_t)v < 0;
    /* CheckRangeAndIfHexThenSignExtend: magnitude, sign and overflow bit regions. */
    uint64_t magnitude_mask = width == 64 ? ~0ull : (1ull << width) - 1;
    uint64_t overflow_mask = ~magnitude_mask;
    uint64_t sign_mask = 0;
    if (value_negative || is_signed) {
        magnitude_mask >>= 1;
        sign_mask = magnitude_mask + 1;
    }
    bool failed;
    if (value_negative)
        failed = (v & overflow_mask) != overflow_mask || (v & sign_mask) != sign_mask;
    else if (is_hex)
        failed = (v & overflow_mask) != 0;
    else
        failed = (v & magnitude_mask) != v;
    if (failed) {
        r.status = SPVK_NUMBER_STATUS_OUT_OF_RANGE;
        r.decoded = v;
        r.decoded_negative = negative;
        r.hex = is_hex;
        return r;
    }
    if (is_hex && (v & sign_mask))
        v |= overflow_mask;
    r.bits = width > 32 ? v : (uint32_t)v;
    return r;
}

/* ---- floating point ---- */

typedef struct float_format {
    unsigned width;         /* W: bits of HexFloat's uint_type and int_type */
    unsigned exponent_bits; /* E */
    unsigned fraction_bits; /* F */
    int64_t bias;
    unsigned used_bits; /* the format's own bits (num_used_bits): its sign is the top one */
} float_format;

static const float_format binary16 = {16, 5, 10, 15, 16};
static const float_format bfloat16 = {16, 8, 7, 127, 16};
static const float_format binary32 = {32, 8, 23, 127, 32};
static const float_format binary64 = {64, 11, 52, 1023, 64};
/* The small encodings keep their bits in a uint8_t; HexFloat's denormal path sets bit
   used_bits - 1 of the 8-bit fraction, so a 4- or 6-bit format's hex denormals read as zero or
   less than they are, exactly as in spirv-as. */
static const float_format float8_e4m3 = {8, 4, 3, 7, 8};
static const float_format float8_e5m2 = {8, 5, 2, 15, 8};
static const float_format float6_e2m3 = {8, 2, 3, 1, 6};
static const float_format float6_e3m2 = {8, 3, 2, 3, 6};
static const float_format float4_e2m1 = {8, 2, 1, 1, 4};

/* static_cast<intW_t>(v): two's complement wrap to W bits. */
static int64_t wrap_int(int64_t v, unsigned w)
{
    if (w == 64)
        return v;
    uint64_t m = (1ull << w) - 1, u = (uint64_t)v & m;
    return (u >> (w - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}

/* HexFloat's operator>> from just after "0x" to the end of the text; negative is the sign read
   before it. Fails where it sets failbit or stops before the end. */
static bool parse_hex_float(const char *s, size_t n, bool negative, const float_format *f, uint64_t *out)
{
    const unsigned w = f->width;
    const uint64_t umask = w == 64 ? ~0ull : (1ull << w) - 1;
    const int64_t imax = (int64_t)(umask >> 1), imin = -imax - 1;
    uint64_t fraction = 0;       /* fraction bits after the leading 1, most significant first */
    uint64_t fraction_index = 0; /* saturates at umask, like saturated_inc */
    int64_t exponent = f->bias;
    size_t i = 0;
    while (i < n && s[i] == '0')
        i++;
    bool has_integer_part = false, bits_written = false, seen_p = false, seen_dot = false;
    /* The integer part: every bit after the leading 1 goes to the fraction and doubles the value. */
    while (!seen_p && !seen_dot) {
        if (i >= n)
            return false;
        char c = s[i];
        if (c == '.') {
            seen_dot = true;
        } else if (c == 'p') {
            seen_p = true;
        } else if (hex_value(c) >= 0) {
            has_integer_part = true;
            int nibble = hex_value(c);
            for (int b = 3; b >= 0; b--) {
                uint64_t bit = (uint64_t)(nibble >> b) & 1;
                if (bits_written) {
                    if (bit && fraction_index <= w - 1)
                        fraction |= bit << (w - 1 - fraction_index);
                    if (fraction_index != umask)
                        fraction_index++;
                    if (exponent == imax)
                        return false;
                    exponent++;
                }
                bits_written |= bit != 0;
            }
        } else {
            return false;
        }
        i++;
    }
    /* The fractional part: without an integer part, leading zero bits lower the exponent and the
       first 1 is stored too (it is shifted out below). */
    bits_written = false;
    while (seen_dot && !seen_p) {
        if (i >= n)
            return false;
        char c = s[i];
        if (c == 'p') {
            seen_p = true;
        } else if (hex_value(c) >= 0) {
            int nibble = hex_value(c);
            for (int b = 3; b >= 0; b--) {
                uint64_t bit = (uint64_t)(nibble >> b) & 1;
                bits_written |= bit != 0;
                if (!has_integer_part && !bits_written) {
                    if (exponent == imin)
                        return false;
                    exponent--;
                } else {
                    if (bit && fraction_index <= w - 1)
                        fraction |= bit << (w - 1 - fraction_index);
                    if (fraction_index != umask)
                        fraction_index++;
                }
            }
        } else {
            return false;
        }
        i++;
    }
    /* The binary exponent, in decimal, saturating. */
    bool seen_sign = false, seen_digits = false;
    int64_t sign = 1, written = 0;
    const int64_t overflow = imax - 1;
    for (; i < n; i++) {
        char c = s[i];
        if (!seen_digits && (c == '-' || c == '+')) {
            if (seen_sign)
                return false;
            seen_sign = true;
            sign = c == '-' ? -1 : 1;
        } else if (is_digit(c)) {
            seen_digits = true;
            int64_t d = c - '0';
            if (written >= (overflow - d) / 10)
                written = overflow;
            else
                written = written * 10 + d;
        } else {
            break;
        }
    }
    if (!seen_digits || i != n)
        return false;
    written *= sign;
    if (written >= 0 && exponent >= 0)
        exponent = overflow - exponent > written ? written + exponent : overflow;
    else if (written < 0 && exponent < 0)
        exponent = overflow + exponent > -written ? written + exponent : -overflow;
    else
        exponent = written + exponent;

    bool is_zero = !has_integer_part && fraction == 0;
    if (!has_integer_part && !is_zero) {
        fraction = (fraction << 1) & umask;
        exponent = wrap_int(exponent - 1, w);
    } else if (is_zero) {
        exponent = 0;
    }
    if (exponent <= 0 && !is_zero) {
        fraction >>= 1;
        fraction |= 1ull << (f->used_bits - 1);
    }
    const uint64_t fraction_mask = (1ull << f->fraction_bits) - 1;
    fraction = (fraction >> (w - f->fraction_bits)) & fraction_mask;
    const int64_t max_exponent = (1 << f->exponent_bits) - 1;
    /* Subnormals: shift the fraction down, truncating, until the exponent reaches 0. */
    while (exponent < 0 && !is_zero) {
        fraction >>= 1;
        exponent++;
        if (fraction == 0) {
            is_zero = true;
            exponent = 0;
        }
    }
    /* Past the largest exponent: infinity, without an error. An exponent of exactly max keeps its
       fraction, so "0x1.8p+128" is a NaN. */
    if (exponent > max_exponent) {
        exponent = max_exponent;
        fraction = 0;
    }
    uint64_t exponent_mask = (uint64_t)max_exponent << f->fraction_bits;
    *out = (negative ? 1ull << (f->used_bits - 1) : 0) | fraction | (((uint64_t)exponent << f->fraction_bits) & exponent_mask);
    return true;
}

/* Decimal digits kept for strtod: more than the 767 significant digits that can decide the
   rounding of a binary64; the rest only matter as a nonzero "sticky" digit. */
#define MAX_DECIMAL_DIGITS 800

/* "stream >> float" (or double) on the rest of the text: num_get collects an optional sign,
   digits with at most one '.', and an 'e'/'E' exponent (only after a digit) with an optional
   sign; the collected text must all convert and the stream must reach the end. We build an
   equivalent canonical string "DDDDe-NN" (no decimal point, so no locale dependence) for strtod.
   Returns false on a syntax error; *negative gets the sign read here. */
static bool decimal_to_canonical(const char *s, size_t n, char *buf, bool *negative)
{
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    *negative = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        *negative = s[i] == '-';
        i++;
    }
    bool found_mantissa = false, found_dec = false, found_sci = false;
    bool exponent_negative = false, sticky = false, significant = false;
    size_t mantissa_digits = 0, exponent_digits = 0, kept = 0;
    int64_t lead = 0;     /* decimal position of the first significant digit (0.D x 10^lead) */
    int64_t exponent = 0; /* the written exponent, saturating */
    for (; i < n; i++) {
        char c = s[i];
        if (is_digit(c)) {
            found_mantissa = true;
            if (found_sci) {
                exponent_digits++;
                if (exponent < 1000000000)
                    exponent = exponent * 10 + (c - '0');
                continue;
            }
            mantissa_digits++;
            if (!significant && c == '0') {
                if (found_dec)
                    lead--;
                continue;
            }
            significant = true;
            if (!found_dec)
                lead++;
            if (kept < MAX_DECIMAL_DIGITS)
                buf[kept++] = c;
            else if (c != '0')
                sticky = true;
        } else if (c == '.' && !found_dec && !found_sci) {
            found_dec = true;
        } else if ((c == 'e' || c == 'E') && !found_sci && found_mantissa) {
            found_sci = true;
            if (i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-')) {
                exponent_negative = s[i + 1] == '-';
                i++;
            }
        } else {
            break;
        }
    }
    if (i != n || mantissa_digits == 0 || (found_sci && exponent_digits == 0))
        return false;
    if (!significant) {
        buf[0] = '0';
        buf[1] = '\0';
        return true;
    }
    /* Trailing zeros of D change neither 0.D nor, with kept, the exponent below. */
    while (!sticky && kept > 1 && buf[kept - 1] == '0')
        kept--;
    if (sticky)
        buf[kept++] = '1';
    /* value = 0.D x 10^(lead + exponent) = D x 10^(lead + exponent - kept); D has at most 801
       digits, so clamping the exponent to +-10^7 keeps infinity and zero where they are. */
    int64_t e = lead + (exponent_negative ? -exponent : exponent) - (int64_t)kept;
    if (e > 10000000)
        e = 10000000;
    if (e < -10000000)
        e = -10000000;
    snprintf(buf + kept, 16, "e%lld", (long long)e);
    return true;
}

/* Truncates a binary32 value toward zero to binary16, as HexFloat's castTo(kToZero) does;
   returns false when the result would be infinite (spirv-as treats that as overflow). */
static bool binary32_to_binary16(uint32_t b, uint32_t *out)
{
    uint32_t sign = (b >> 16) & 0x8000u;
    int32_t exp = (int32_t)((b >> 23) & 0xff);
    uint32_t frac = b & 0x7fffffu;
    if (exp == 0) {
        /* zero or a binary32 subnormal, far below binary16's smallest subnormal */
        *out = sign;
        return true;
    }
    int32_t e = exp - 127;
    if (e > 15)
        return false;
    if (e >= -14) {
        *out = sign | (uint32_t)(e + 15) << 10 | frac >> 13;
        return true;
    }
    int32_t shift = -1 - e; /* 1.f x 2^e in units of 2^-24 is (1.f x 2^23) >> (-1 - e) */
    *out = sign | (shift >= 24 ? 0 : (0x800000u | frac) >> shift);
    return true;
}

spvk_number_result spvk_parse_float(const char *text, size_t length, uint32_t width, bool is_bfloat16)
{
    spvk_number_result r;
    memset(&r, 0, sizeof r);
    r.kind = is_bfloat16 ? SPVK_NUMBER_BFLOAT16 : SPVK_NUMBER_FLOAT;
    r.width = width;
    const float_format *f;
    if (is_bfloat16 && width == 16)
        f = &bfloat16;
    else if (width == 16)
        f = &binary16;
    else if (width == 32)
        f = &binary32;
    else if (width == 64)
        f = &binary64;
    else {
        r.status = SPVK_NUMBER_STATUS_UNSUPPORTED;
        return r;
    }
    r.status = SPVK_NUMBER_STATUS_INVALID;
    size_t i = 0;
    while (i < length && is_space(text[i]))
        i++;
    bool negate = false, signed_text = false;
    if (i < length && (text[i] == '-' || text[i] == '+')) {
        negate = text[i] == '-';
        signed_text = true;
        i++;
    }
    if (i + 1 < length && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
        uint64_t bits;
        if (!parse_hex_float(text + i + 2, length - i - 2, negate, f, &bits))
            return r;
        r.status = SPVK_NUMBER_STATUS_OK;
        r.bits = bits;
        return r;
    }
    /* ParseNormalFloat: after a sign, another sign is an error; then "stream >> float". */
    if (signed_text && i < length && (text[i] == '-' || text[i] == '+'))
        return r;
    char buf[MAX_DECIMAL_DIGITS + 32];
    bool inner_negative;
    if (!decimal_to_canonical(text + i, length - i, buf, &inner_negative))
        return r;
    bool negative = negate != inner_negative;
    if (f == &binary64) {
        double d = strtod(buf, NULL);
        if (d > DBL_MAX)
            return r;
        if (negative)
            d = -d;
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        r.bits = bits;
    } else {
        float x = strtof(buf, NULL);
        if (x > FLT_MAX)
            return r;
        if (negative)
            x = -x;
        uint32_t bits;
        memcpy(&bits, &x, sizeof bits);
        if (f == &binary16) {
            if (!binary32_to_binary16(bits, &bits))
                return r;
        } else if (f == &bfloat16) {
            bits >>= 16;
        }
        r.bits = bits;
    }
    r.status = SPVK_NUMBER_STATUS_OK;
    return r;
}

/* HexFloat<float>::castTo(other, kToZero) for the small formats, from the binary32 bits b that
   ParseNormalFloat read (never infinite or NaN): the significand truncated, an exponent past the
   target's bias saturating to infinity or (without one) the largest value, small ones shifted
   into denormals. The exponent goes through the target's int8_t, so a binary32 denormal below
   2^-128 wraps as it does in spirv-as. */
static uint64_t cast_binary32_to_zero(uint32_t b, const float_format *f, bool has_infinity, uint64_t max_bits)
{
    const unsigned F = f->fraction_bits;
    const uint64_t sign_mask = 1ull << (f->used_bits - 1);
    const uint64_t exponent_mask = ((1ull << f->exponent_bits) - 1) << F;
    const uint64_t fraction_mask = (1ull << F) - 1;
    bool negate = b >> 31;
    if ((b & 0x7fffffffu) == 0)
        return negate ? sign_mask : 0; /* -0: FloatProxy's operator- flips the format's top bit */
    uint32_t significand = b & 0x7fffffu;
    int64_t exponent = (int64_t)((b >> 23) & 0xff) - 127;
    uint32_t normalized = significand;
    if (exponent == -127) {
        /* a binary32 denormal: getUnbiasedNormalizedExponent/getNormalizedSignificand */
        int64_t e = -127;
        uint32_t s = significand;
        while ((s & (1u << 22)) == 0) {
            s <<= 1;
            e--;
        }
        for (int64_t i = e; i <= -127; i++)
            normalized <<= 1;
        normalized &= 0x7fffffu;
        exponent = -126;
        for (uint32_t check = 1u << 22; check; check >>= 1) {
            exponent--;
            if (check & significand)
                break;
        }
    }
    uint64_t rounded = normalized >> (23 - F); /* toward zero */
    if (exponent > f->bias)
        return (negate ? sign_mask : 0) | (has_infinity ? exponent_mask : max_bits);
    /* setFromSignUnbiasedExponentAndNormalizedSignificand, in the target's int8_t/uint8_t */
    int64_t e = wrap_int(exponent, f->width);
    uint64_t sig = rounded & 0xff;
    if (e <= -f->bias && F != 0) {
        sig |= 1ull << F;
        sig >>= 1;
    }
    while (e < -f->bias) {
        sig >>= 1;
        e++;
    }
    uint64_t biased = (uint64_t)(e + f->bias) & 0xff;
    return (negate ? sign_mask : 0) | ((biased << F) & exponent_mask) | (sig & fraction_mask);
}

spvk_number_result spvk_parse_small_float(const char *text, size_t length, spvk_number_kind kind)
{
    spvk_number_result r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.width = 8;
    r.status = SPVK_NUMBER_STATUS_INVALID;
    if (kind == SPVK_NUMBER_FLOAT8_E8M0 || kind == SPVK_NUMBER_MXINT8) {
        /* Their operator>> reads a binary64 (hex or decimal) and takes only exact values. */
        spvk_number_result d = spvk_parse_float(text, length, 64, false);
        if (d.status != SPVK_NUMBER_STATUS_OK)
            return r;
        double v;
        memcpy(&v, &d.bits, sizeof v);
        if (v != v)
            return r;
        if (kind == SPVK_NUMBER_FLOAT8_E8M0) {
            if (v > 0x1p127 || v < 0x1p-127)
                return r;
            if (d.bits & 0xfffffffffffffull)
                return r; /* not a power of two: castTo loses precision */
            r.bits = (uint64_t)((int64_t)((d.bits >> 52) & 0x7ff) - 1023 + 127); /* a normal binary64 */
        } else {
            if (v > 0x7fp-6 || v < -0x7fp-6)
                return r;
            double x = v * 0x1p6; /* exact, within [-127, 127] */
            int whole = (int)x;
            if ((double)whole != x)
                return r; /* castTo rounds, and fails on anything it had to round */
            r.bits = (uint8_t)(int8_t)whole;
        }
        r.status = SPVK_NUMBER_STATUS_OK;
        return r;
    }
    const float_format *f;
    double limit; /* ParseNormalFloat's overflow check, before the cast (0: none) */
    uint64_t max_bits;
    bool has_infinity = false;
    switch (kind) {
    case SPVK_NUMBER_FLOAT8_E4M3: f = &float8_e4m3, limit = 448.0, max_bits = 0x7e; break;
    case SPVK_NUMBER_FLOAT8_E5M2: f = &float8_e5m2, limit = 0, max_bits = 0x7b, has_infinity = true; break;
    case SPVK_NUMBER_FLOAT6_E2M3: f = &float6_e2m3, limit = 7.5, max_bits = 0x1f; break;
    case SPVK_NUMBER_FLOAT6_E3M2: f = &float6_e3m2, limit = 28.0, max_bits = 0x1f; break;
    case SPVK_NUMBER_FLOAT4_E2M1: f = &float4_e2m1, limit = 6.0, max_bits = 0x7; break;
    default:
        r.status = SPVK_NUMBER_STATUS_UNSUPPORTED;
        return r;
    }
    size_t i = 0;
    while (i < length && is_space(text[i]))
        i++;
    bool negate = false;
    if (i < length && (text[i] == '-' || text[i] == '+')) {
        negate = text[i] == '-';
        i++;
    }
    if (i + 1 < length && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
        if (!parse_hex_float(text + i + 2, length - i - 2, negate, f, &r.bits))
            return r;
        r.status = SPVK_NUMBER_STATUS_OK;
        return r;
    }
    /* ParseNormalFloat: a binary32 first (its sign rules and overflow included), then the cast. */
    spvk_number_result b = spvk_parse_float(text, length, 32, false);
    if (b.status != SPVK_NUMBER_STATUS_OK)
        return r;
    float x;
    uint32_t bits32 = (uint32_t)b.bits;
    memcpy(&x, &bits32, sizeof x);
    if (limit != 0 && (x > limit || x < -limit))
        return r;
    r.bits = cast_binary32_to_zero(bits32, f, has_infinity, max_bits);
    if (has_infinity && (r.bits & 0x7f) == 0x7c)
        return r; /* E5M2 overflow to infinity fails, as binary16's does */
    r.status = SPVK_NUMBER_STATUS_OK;
    return r;
}

spvk_number_result spvk_parse_untyped(const char *text, size_t length)
{
    if (memchr(text, '.', length))
        return spvk_parse_float(text, length, 32, false);
    return spvk_parse_integer(text, length, 32, length > 0 && text[0] == '-');
}

size_t spvk_number_message(char *out, size_t size, const spvk_number_result *r, const char *text, size_t length,
                           size_t max_quote)
{
    size_t q = 0;
    while (q < length && q < max_quote && text[q] != '\n' && text[q] != '\r')
        q++;
    const char *more = q < length ? "..." : "";
    int n = 0;
    switch (r->status) {
    case SPVK_NUMBER_STATUS_OK:
        n = snprintf(out, size, "%s", "");
        break;
    case SPVK_NUMBER_STATUS_INVALID:
        if (r->kind == SPVK_NUMBER_BFLOAT16)
            n = snprintf(out, size, "Invalid bfloat16 literal: %.*s%s", (int)q, text, more);
        else if (r->kind >= SPVK_NUMBER_FLOAT8_E4M3 && r->kind <= SPVK_NUMBER_MXINT8)
            n = snprintf(out, size, "Invalid %s float literal: %.*s%s",
                         (const char *[]){"E4M3", "E5M2", "E2M3", "E3M2", "E2M1", "E8M0",
                                          "MXInt8"}[r->kind - SPVK_NUMBER_FLOAT8_E4M3],
                         (int)q, text, more);
        else if (r->kind == SPVK_NUMBER_FLOAT)
            n = snprintf(out, size, "Invalid %u-bit float literal: %.*s%s", r->width, (int)q, text, more);
        else
            n = snprintf(out, size, "Invalid %s integer literal: %.*s%s",
                         length > 0 && text[0] == '-' ? "signed" : "unsigned", (int)q, text, more);
        break;
    case SPVK_NUMBER_STATUS_OUT_OF_RANGE: {
        char value[32];
        if (r->hex)
            snprintf(value, sizeof value, "0x%llx", (unsigned long long)r->decoded);
        else if (r->decoded_negative)
            snprintf(value, sizeof value, "%lld", (long long)(int64_t)r->decoded);
        else
            snprintf(value, sizeof value, "%llu", (unsigned long long)r->decoded);
        n = snprintf(out, size, "Integer %s does not fit in a %u-bit %s integer", value, r->width,
                     r->kind == SPVK_NUMBER_SIGNED ? "signed" : "unsigned");
        break;
    }
    case SPVK_NUMBER_STATUS_NEGATIVE_UNSIGNED:
        n = snprintf(out, size, "Cannot put a negative number in an unsigned literal");
        break;
    case SPVK_NUMBER_STATUS_UNSUPPORTED:
        n = snprintf(out, size, "Unsupported %u-bit %s literals", r->width,
                     r->kind == SPVK_NUMBER_SIGNED || r->kind == SPVK_NUMBER_UNSIGNED ? "integer" : "float");
        break;
    }
    if (n < 0)
        n = 0;
    return (size_t)n < size ? (size_t)n : (size ? size - 1 : 0);
}
