/* Number formatting exactly as spirv-dis prints literals (and names constants after them). */
#include <stdio.h>
#include <string.h>

#include "text_internal.h"

/* HexFloat's operator<<: the fraction is widened to whole hex digits, denormals are normalized
   (their leading 1 becomes implicit and the exponent goes below the minimum), and trailing zero
   digits are dropped: 0x1p-149, 0x1.8p+0, -0x1.16c2p-133. There is no case for infinity or NaN:
   they print as the numbers their bits would be (binary32 inf 0x1p+128). A format without a
   sign bit (E8M0) has no zero or denormals either: exponent 0 is 2^-127. */
static size_t format_hex(char *out, uint64_t bits, unsigned exponent_bits, unsigned fraction_bits, bool has_sign)
{
    unsigned nibbles = (fraction_bits + 3) / 4;
    unsigned overflow = nibbles * 4 - fraction_bits;
    uint64_t fraction_mask = (1ull << fraction_bits) - 1;
    uint64_t represent_mask = nibbles * 4 >= 64 ? ~0ull : (1ull << (nibbles * 4)) - 1;
    bool negative = has_sign && ((bits >> (exponent_bits + fraction_bits)) & 1);
    uint64_t exponent = (bits >> fraction_bits) & ((1ull << exponent_bits) - 1);
    uint64_t fraction = (bits & fraction_mask) << overflow;
    int64_t bias = (1ll << (exponent_bits - 1)) - 1;
    bool is_zero = has_sign && exponent == 0 && fraction == 0;
    bool is_denorm = has_sign && exponent == 0 && !is_zero;
    int64_t e = is_zero ? 0 : (int64_t)exponent - bias;
    if (is_denorm) {
        uint64_t top_bit = 1ull << (nibbles * 4 - 1); /* a denormal has fraction bits */
        while ((fraction & top_bit) == 0) {
            fraction <<= 1;
            e--;
        }
        fraction = (fraction << 1) & represent_mask;
    }
    while (nibbles > 0 && (fraction & 0xf) == 0) {
        fraction >>= 4;
        nibbles--;
    }
    char *p = out;
    if (negative)
        *p++ = '-';
    *p++ = '0';
    *p++ = 'x';
    *p++ = is_zero ? '0' : '1';
    if (nibbles) {
        *p++ = '.';
        p += sprintf(p, "%0*llx", (int)nibbles, (unsigned long long)fraction);
    }
    p += sprintf(p, "p%s%lld", e >= 0 ? "+" : "", (long long)e);
    return (size_t)(p - out);
}

size_t spvk_format_hex_float(char *out, uint64_t bits, unsigned exponent_bits, unsigned fraction_bits)
{
    return format_hex(out, bits, exponent_bits, fraction_bits, true);
}

/* A one-word literal of a small encoding, as EmitNumericLiteral prints it: the value's bits
   (the low 4, 6 or 8 of the word) as a hex float of that format; MXInt8, a two's complement
   fixed-point number with 6 fraction bits, as the binary32 hex float of its value. */
static size_t format_small_float(char *out, uint32_t word, spvk_number_kind kind)
{
    switch (kind) {
    case SPVK_NUMBER_FLOAT8_E4M3: return format_hex(out, word & 0xff, 4, 3, true);
    case SPVK_NUMBER_FLOAT8_E5M2: return format_hex(out, word & 0xff, 5, 2, true);
    case SPVK_NUMBER_FLOAT6_E2M3: return format_hex(out, word & 0x3f, 2, 3, true);
    case SPVK_NUMBER_FLOAT6_E3M2: return format_hex(out, word & 0x3f, 3, 2, true);
    case SPVK_NUMBER_FLOAT4_E2M1: return format_hex(out, word & 0xf, 2, 1, true);
    case SPVK_NUMBER_FLOAT8_E8M0: return format_hex(out, word & 0xff, 8, 0, false);
    default: { /* SPVK_NUMBER_MXINT8 */
        float f = (float)(int8_t)(uint8_t)(word & 0xff) * 0x1p-6f; /* exact */
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        return format_hex(out, b, 8, 23, true);
    }
    }
}

size_t spvk_format_float(char *out, uint64_t bits, spvk_number_kind kind, unsigned width)
{
    if (kind == SPVK_NUMBER_BFLOAT16)
        return spvk_format_hex_float(out, bits & 0xffff, 8, 7);
    if (width == 16)
        return spvk_format_hex_float(out, bits & 0xffff, 5, 10);
    if (width == 64) {
        uint64_t exponent = (bits >> 52) & 0x7ff;
        if (exponent == 0x7ff || (exponent == 0 && (bits & 0xfffffffffffffull)))
            return spvk_format_hex_float(out, bits, 11, 52);
        double d;
        memcpy(&d, &bits, sizeof d);
        return (size_t)sprintf(out, "%.17g", d);
    }
    uint32_t b = (uint32_t)bits;
    uint32_t exponent = (b >> 23) & 0xff;
    if (exponent == 0xff || (exponent == 0 && (b & 0x7fffffu)))
        return spvk_format_hex_float(out, b, 8, 23);
    float f;
    memcpy(&f, &b, sizeof f);
    return (size_t)sprintf(out, "%.9g", (double)f);
}

size_t spvk_format_number(char *out, const spvk_instruction *inst, const spvk_operand *o)
{
    uint32_t word = inst->words[o->offset];
    if (o->num_words == 1) {
        switch (o->number_kind) {
        case SPVK_NUMBER_SIGNED: {
            unsigned shift = o->number_width >= 32 || o->number_width == 0 ? 0 : 32 - o->number_width;
            int32_t v = (int32_t)(word << shift) >> shift;
            return (size_t)sprintf(out, "%d", v);
        }
        case SPVK_NUMBER_FLOAT:
        case SPVK_NUMBER_BFLOAT16:
            return spvk_format_float(out, word, (spvk_number_kind)o->number_kind, o->number_width);
        case SPVK_NUMBER_FLOAT8_E4M3:
        case SPVK_NUMBER_FLOAT8_E5M2:
        case SPVK_NUMBER_FLOAT6_E2M3:
        case SPVK_NUMBER_FLOAT6_E3M2:
        case SPVK_NUMBER_FLOAT4_E2M1:
        case SPVK_NUMBER_FLOAT8_E8M0:
        case SPVK_NUMBER_MXINT8:
            return format_small_float(out, word, (spvk_number_kind)o->number_kind);
        default:
            return (size_t)sprintf(out, "%u", word);
        }
    }
    if (o->num_words == 2) {
        uint64_t bits = word | (uint64_t)inst->words[o->offset + 1] << 32;
        switch (o->number_kind) {
        case SPVK_NUMBER_SIGNED:
            return (size_t)sprintf(out, "%lld", (long long)bits);
        case SPVK_NUMBER_UNSIGNED:
        case SPVK_NUMBER_NONE:
            return (size_t)sprintf(out, "%llu", (unsigned long long)bits);
        default: /* every float kind: spirv-dis reads two words of any encoding as a binary64 */
            return spvk_format_float(out, bits, SPVK_NUMBER_FLOAT, 64);
        }
    }
    return 0; /* the reader rejects literals wider than 64 bits */
}
