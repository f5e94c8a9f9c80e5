/* Unit tests of the literal number parser (src/text/number_parse.c).

   Every expected result below was produced by the real tools, not by spvkit: Debian's
   spirv-as (SPIRV-Tools 2023.1) for integer, binary16/32/64 and untyped literals, and the newest
   SPIRV-Tools spirv-as for bfloat16 and for hex floats with a leading '+' (which 2023.1
   rejects). Each literal was assembled as "%c = OpConstant %t LITERAL" with the listed type
   (kinds: u/s = OpTypeInt WIDTH 0/1, f = OpTypeFloat WIDTH, b = OpTypeFloat 16 BFloat16KHR),
   x = after "!0x00020011" (an untyped literal), i = as a "!LITERAL" immediate; the words of
   the constant, or the error message, are recorded. The hand-picked cases cover the rules
   (prefixes, signs, ranges, sign extension of hex, rounding of decimal and truncation of hex
   floats, overflow, subnormals, NaN payloads, syntax errors), the rest are random literals, and
   the long ones check correct rounding of decimals with hundreds of digits.

   Prints "N passed, N failed" and returns nonzero on any failure. */
#include <stdio.h>
#include <string.h>

#include "text/number_parse.h"

typedef struct number_case {
    char kind; /* u s f b x i */
    unsigned width;
    const char *text;
    int ok;
    unsigned long long bits; /* when ok: 16/32-bit results in the low word, 64-bit ones whole */
    const char *message;     /* when not ok and known: the diagnostic */
} number_case;

static const number_case cases[] = {
    {'u', 32, "0", 1, 0x0ull, NULL},
    {'u', 32, "42", 1, 0x2aull, NULL},
    {'u', 32, "+42", 1, 0x2aull, NULL},
    {'u', 32, "010", 1, 0x8ull, NULL},
    {'u', 32, "0x1F", 1, 0x1full, NULL},
    {'u', 32, "0X1f", 1, 0x1full, NULL},
    {'u', 32, "0xffffffff", 1, 0xffffffffull, NULL},
    {'u', 32, "4294967295", 1, 0xffffffffull, NULL},
    {'u', 32, "4294967296", 0, 0x0ull, "Integer 4294967296 does not fit in a 32-bit unsigned integer"},
    {'u', 32, "0x100000000", 0, 0x0ull, "Integer 0x100000000 does not fit in a 32-bit unsigned integer"},
    {'u', 32, "-0", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'u', 32, "-1", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'u', 32, "0x", 0, 0x0ull, "Invalid unsigned integer literal: 0x"},
    {'u', 32, "0b1", 0, 0x0ull, "Invalid unsigned integer literal: 0b1"},
    {'u', 32, "1.0", 0, 0x0ull, "Invalid unsigned integer literal: 1.0"},
    {'u', 32, "08", 0, 0x0ull, "Invalid unsigned integer literal: 08"},
    {'u', 32, "00", 1, 0x0ull, NULL},
    {'u', 32, "0x0", 1, 0x0ull, NULL},
    {'u', 32, "1e3", 0, 0x0ull, "Invalid unsigned integer literal: 1e3"},
    {'u', 32, "abc", 0, 0x0ull, "Invalid unsigned integer literal: abc"},
    {'u', 32, "+", 0, 0x0ull, "Invalid unsigned integer literal: +"},
    {'u', 32, "-", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'u', 32, "++1", 0, 0x0ull, "Invalid unsigned integer literal: ++1"},
    {'s', 32, "-1", 1, 0xffffffffull, NULL},
    {'s', 32, "-2147483648", 1, 0x80000000ull, NULL},
    {'s', 32, "-2147483649", 0, 0x0ull, "Integer -2147483649 does not fit in a 32-bit signed integer"},
    {'s', 32, "2147483647", 1, 0x7fffffffull, NULL},
    {'s', 32, "2147483648", 0, 0x0ull, "Integer 2147483648 does not fit in a 32-bit signed integer"},
    {'s', 32, "0x80000000", 1, 0x80000000ull, NULL},
    {'s', 32, "0xffffffff", 1, 0xffffffffull, NULL},
    {'s', 32, "0x100000000", 0, 0x0ull, "Integer 0x100000000 does not fit in a 32-bit signed integer"},
    {'s', 32, "-0x1", 1, 0xffffffffull, NULL},
    {'s', 32, "-0x80000000", 1, 0x80000000ull, NULL},
    {'s', 32, "-0x80000001", 0, 0x0ull, "Integer -2147483649 does not fit in a 32-bit signed integer"},
    {'s', 32, "-1.0", 0, 0x0ull, "Invalid signed integer literal: -1.0"},
    {'s', 32, "1.0", 0, 0x0ull, "Invalid unsigned integer literal: 1.0"},
    {'s', 32, "-010", 1, 0xfffffff8ull, NULL},
    {'s', 8, "127", 1, 0x7full, NULL},
    {'s', 8, "128", 0, 0x0ull, "Integer 128 does not fit in a 8-bit signed integer"},
    {'s', 8, "-128", 1, 0xffffff80ull, NULL},
    {'s', 8, "-129", 0, 0x0ull, "Integer -129 does not fit in a 8-bit signed integer"},
    {'s', 8, "0xff", 1, 0xffffffffull, NULL},
    {'s', 8, "0x80", 1, 0xffffff80ull, NULL},
    {'s', 8, "0x7f", 1, 0x7full, NULL},
    {'s', 8, "0x100", 0, 0x0ull, "Integer 0x100 does not fit in a 8-bit signed integer"},
    {'s', 8, "0x1ff", 0, 0x0ull, "Integer 0x1ff does not fit in a 8-bit signed integer"},
    {'u', 8, "255", 1, 0xffull, NULL},
    {'u', 8, "256", 0, 0x0ull, "Integer 256 does not fit in a 8-bit unsigned integer"},
    {'u', 8, "0xff", 1, 0xffull, NULL},
    {'s', 16, "0xFFFF", 1, 0xffffffffull, NULL},
    {'s', 16, "0x8000", 1, 0xffff8000ull, NULL},
    {'s', 16, "-32768", 1, 0xffff8000ull, NULL},
    {'s', 16, "32768", 0, 0x0ull, "Integer 32768 does not fit in a 16-bit signed integer"},
    {'s', 16, "-1", 1, 0xffffffffull, NULL},
    {'s', 16, "0x1FFFF", 0, 0x0ull, "Integer 0x1ffff does not fit in a 16-bit signed integer"},
    {'u', 16, "65535", 1, 0xffffull, NULL},
    {'u', 16, "65536", 0, 0x0ull, "Integer 65536 does not fit in a 16-bit unsigned integer"},
    {'u', 16, "0xFFFF", 1, 0xffffull, NULL},
    {'u', 64, "18446744073709551615", 1, 0xffffffffffffffffull, NULL},
    {'u', 64, "18446744073709551616", 0, 0x0ull, "Invalid unsigned integer literal: 18446744073709551616"},
    {'u', 64, "0xFFFFFFFFFFFFFFFF", 1, 0xffffffffffffffffull, NULL},
    {'u', 64, "0x10000000000000000", 0, 0x0ull, "Invalid unsigned integer literal: 0x10000000000000000"},
    {'u', 64, "4294967296", 1, 0x100000000ull, NULL},
    {'u', 64, "-1", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'s', 64, "-9223372036854775808", 1, 0x8000000000000000ull, NULL},
    {'s', 64, "-9223372036854775809", 0, 0x0ull, "Invalid signed integer literal: -9223372036854775809"},
    {'s', 64, "9223372036854775807", 1, 0x7fffffffffffffffull, NULL},
    {'s', 64, "9223372036854775808", 0, 0x0ull, "Integer 9223372036854775808 does not fit in a 64-bit signed integer"},
    {'s', 64, "0x8000000000000000", 1, 0x8000000000000000ull, NULL},
    {'s', 64, "0xFFFFFFFFFFFFFFFF", 1, 0xffffffffffffffffull, NULL},
    {'s', 64, "-1", 1, 0xffffffffffffffffull, NULL},
    {'s', 64, "-0x8000000000000000", 1, 0x8000000000000000ull, NULL},
    {'s', 64, "-0x8000000000000001", 0, 0x0ull, "Invalid signed integer literal: -0x8000000000000001"},
    {'f', 32, "0", 1, 0x0ull, NULL},
    {'f', 32, "-0", 1, 0x80000000ull, NULL},
    {'f', 32, "1", 1, 0x3f800000ull, NULL},
    {'f', 32, "1.5", 1, 0x3fc00000ull, NULL},
    {'f', 32, "-1.5", 1, 0xbfc00000ull, NULL},
    {'f', 32, "5.", 1, 0x40a00000ull, NULL},
    {'f', 32, ".5", 1, 0x3f000000ull, NULL},
    {'f', 32, "+5", 1, 0x40a00000ull, NULL},
    {'f', 32, "1E5", 1, 0x47c35000ull, NULL},
    {'f', 32, "1e+5", 1, 0x47c35000ull, NULL},
    {'f', 32, "1e-5", 1, 0x3727c5acull, NULL},
    {'f', 32, "0.1", 1, 0x3dcccccdull, NULL},
    {'f', 32, "3.4028235e38", 1, 0x7f7fffffull, NULL},
    {'f', 32, "3.4028236e38", 0, 0x0ull, "Invalid 32-bit float literal: 3.4028236e38"},
    {'f', 32, "1e39", 0, 0x0ull, "Invalid 32-bit float literal: 1e39"},
    {'f', 32, "1e-46", 1, 0x0ull, NULL},
    {'f', 32, "1e-45", 1, 0x1ull, NULL},
    {'f', 32, "1.4e-45", 1, 0x1ull, NULL},
    {'f', 32, "inf", 0, 0x0ull, "Invalid 32-bit float literal: inf"},
    {'f', 32, "nan", 0, 0x0ull, "Invalid 32-bit float literal: nan"},
    {'f', 32, "1.5f", 0, 0x0ull, "Invalid 32-bit float literal: 1.5f"},
    {'f', 32, "1e", 0, 0x0ull, "Invalid 32-bit float literal: 1e"},
    {'f', 32, "1e+", 0, 0x0ull, "Invalid 32-bit float literal: 1e+"},
    {'f', 32, ".", 0, 0x0ull, "Invalid 32-bit float literal: ."},
    {'f', 32, "-", 0, 0x0ull, "Invalid 32-bit float literal: -"},
    {'f', 32, ".e5", 0, 0x0ull, "Invalid 32-bit float literal: .e5"},
    {'f', 32, "1.2.3", 0, 0x0ull, "Invalid 32-bit float literal: 1.2.3"},
    {'f', 32, "--1", 0, 0x0ull, "Invalid 32-bit float literal: --1"},
    {'f', 32, "-+1", 0, 0x0ull, "Invalid 32-bit float literal: -+1"},
    {'f', 32, "+-1", 0, 0x0ull, "Invalid 32-bit float literal: +-1"},
    {'f', 32, "010", 1, 0x41200000ull, NULL},
    {'f', 32, "00.5", 1, 0x3f000000ull, NULL},
    {'f', 32, "0x1p0", 1, 0x3f800000ull, NULL},
    {'f', 32, "0x1.8p1", 1, 0x40400000ull, NULL},
    {'f', 32, "-0x1.8p1", 1, 0xc0400000ull, NULL},
    {'f', 32, "0x1.000001p+0", 1, 0x3f800000ull, NULL},
    {'f', 32, "0x1.fffffffp+127", 1, 0x7f7fffffull, NULL},
    {'f', 32, "0x1p-149", 1, 0x1ull, NULL},
    {'f', 32, "0x1p-150", 1, 0x0ull, NULL},
    {'f', 32, "0x1.8p-149", 1, 0x1ull, NULL},
    {'f', 32, "0x1p+128", 1, 0x7f800000ull, NULL},
    {'f', 32, "0x1.8p+128", 1, 0x7fc00000ull, NULL},
    {'f', 32, "0x1p+200", 1, 0x7f800000ull, NULL},
    {'f', 32, "-0x1p+200", 1, 0xff800000ull, NULL},
    {'f', 32, "0x.8p1", 1, 0x3f800000ull, NULL},
    {'f', 32, "0xAp0", 1, 0x41200000ull, NULL},
    {'f', 32, "0x1p", 0, 0x0ull, "Invalid 32-bit float literal: 0x1p"},
    {'f', 32, "0x1.8", 0, 0x0ull, "Invalid 32-bit float literal: 0x1.8"},
    {'f', 32, "0X1P3", 0, 0x0ull, "Invalid 32-bit float literal: 0X1P3"},
    {'f', 32, "0x1.8P1", 0, 0x0ull, "Invalid 32-bit float literal: 0x1.8P1"},
    {'f', 32, "0X1p3", 1, 0x41000000ull, NULL},
    {'f', 32, "0x10", 0, 0x0ull, "Invalid 32-bit float literal: 0x10"},
    {'f', 32, "0x1p+", 0, 0x0ull, "Invalid 32-bit float literal: 0x1p+"},
    {'f', 32, "0x1p+-1", 0, 0x0ull, "Invalid 32-bit float literal: 0x1p+-1"},
    {'f', 32, "0x1p1x", 0, 0x0ull, "Invalid 32-bit float literal: 0x1p1x"},
    {'f', 32, "0xp0", 1, 0x0ull, NULL},
    {'f', 32, "0x0p0", 1, 0x0ull, NULL},
    {'f', 32, "-0x0p0", 1, 0x80000000ull, NULL},
    {'f', 32, "0x1p99999999999999999999", 1, 0x7f800000ull, NULL},
    {'f', 32, "0x1p-99999999999999999999", 1, 0x0ull, NULL},
    {'f', 32, "0x0.0000000000000000000000000000000001p0", 1, 0x2000ull, NULL},
    {'f', 16, "0.3", 1, 0x34ccull, NULL},
    {'f', 16, "1e-5", 1, 0xa7ull, NULL},
    {'f', 16, "65504", 1, 0x7bffull, NULL},
    {'f', 16, "65520", 1, 0x7bffull, NULL},
    {'f', 16, "65536", 0, 0x0ull, "Invalid 16-bit float literal: 65536"},
    {'f', 16, "70000", 0, 0x0ull, "Invalid 16-bit float literal: 70000"},
    {'f', 16, "-70000", 0, 0x0ull, "Invalid 16-bit float literal: -70000"},
    {'f', 16, "1e-8", 1, 0x0ull, NULL},
    {'f', 16, "-1e-8", 1, 0x8000ull, NULL},
    {'f', 16, "5.96e-8", 1, 0x0ull, NULL},
    {'f', 16, "6.1e-5", 1, 0x3ffull, NULL},
    {'f', 16, "0x1.8p-24", 1, 0x1ull, NULL},
    {'f', 16, "0x1p-25", 1, 0x0ull, NULL},
    {'f', 16, "0x1p+16", 1, 0x7c00ull, NULL},
    {'f', 16, "0x1.8p+16", 1, 0x7e00ull, NULL},
    {'f', 16, "0x1.ffcp+15", 1, 0x7bffull, NULL},
    {'f', 16, "0x1.ffep+15", 1, 0x7bffull, NULL},
    {'f', 16, "1e39", 0, 0x0ull, "Invalid 16-bit float literal: 1e39"},
    {'f', 64, "0.1", 1, 0x3fb999999999999aull, NULL},
    {'f', 64, "1e308", 1, 0x7fe1ccf385ebc8a0ull, NULL},
    {'f', 64, "1e309", 0, 0x0ull, "Invalid 64-bit float literal: 1e309"},
    {'f', 64, "4.9e-324", 1, 0x1ull, NULL},
    {'f', 64, "2e-324", 1, 0x0ull, NULL},
    {'f', 64, "0x1.8p+1024", 1, 0x7ff8000000000000ull, NULL},
    {'f', 64, "0x1p+1024", 1, 0x7ff0000000000000ull, NULL},
    {'f', 64, "0x1p-1074", 1, 0x1ull, NULL},
    {'f', 64, "0x1p-1075", 1, 0x0ull, NULL},
    {'f', 64, "0x1.0000000000000fp0", 1, 0x3ff0000000000000ull, NULL},
    {'f', 64, "-0", 1, 0x8000000000000000ull, NULL},
    {'f', 64, "123456789012345678901234567890", 1, 0x45f8ee90ff6c373eull, NULL},
    {'b', 16, "0.1", 1, 0x3dccull, NULL},
    {'b', 16, "1.01171875", 1, 0x3f81ull, NULL},
    {'b', 16, "1.5", 1, 0x3fc0ull, NULL},
    {'b', 16, "-12", 1, 0xc140ull, NULL},
    {'b', 16, "3.4028235e38", 1, 0x7f7full, NULL},
    {'b', 16, "3.5e38", 0, 0x0ull, "Invalid bfloat16 literal: 3.5e38"},
    {'b', 16, "1e-40", 1, 0x1ull, NULL},
    {'b', 16, "0x1p+128", 1, 0x7f80ull, NULL},
    {'b', 16, "0x1.8p+128", 1, 0x7fc0ull, NULL},
    {'b', 16, "0x1p+99999", 1, 0x7f80ull, NULL},
    {'b', 16, "0x1.01p+0", 1, 0x3f80ull, NULL},
    {'b', 16, "0x1p-133", 1, 0x1ull, NULL},
    {'b', 16, "0x1p-134", 1, 0x0ull, NULL},
    {'b', 16, "-0", 1, 0x8000ull, NULL},
    {'b', 16, "inf", 0, 0x0ull, "Invalid bfloat16 literal: inf"},
    {'b', 16, "0x3fc0", 0, 0x0ull, "Invalid bfloat16 literal: 0x3fc0"},
    {'b', 16, "+0x1.8p+0", 1, 0x3fc0ull, NULL},
    {'x', 32, "1.5", 1, 0x3fc00000ull, NULL},
    {'x', 32, "-1", 1, 0xffffffffull, NULL},
    {'x', 32, "7", 1, 0x7ull, NULL},
    {'x', 32, "-2147483649", 0, 0x0ull, NULL},
    {'x', 32, "4294967296", 0, 0x0ull, NULL},
    {'x', 32, "0x10", 1, 0x10ull, NULL},
    {'x', 32, "-0x10", 1, 0xfffffff0ull, NULL},
    {'i', 32, "0", 1, 0x0ull, NULL},
    {'i', 32, "-0", 1, 0x0ull, NULL},
    {'i', 32, "-1", 0, 0x0ull, NULL},
    {'i', 32, "+7", 1, 0x7ull, NULL},
    {'i', 32, "0x10", 1, 0x10ull, NULL},
    {'i', 32, "010", 1, 0x8ull, NULL},
    {'i', 32, "08", 0, 0x0ull, NULL},
    {'i', 32, "4294967295", 1, 0xffffffffull, NULL},
    {'i', 32, "4294967296", 0, 0x0ull, NULL},
    {'i', 32, "x", 0, 0x0ull, NULL},
    {'s', 32, "12a3Xb", 0, 0x0ull, "Invalid unsigned integer literal: 12a3Xb"},
    {'u', 8, "2", 1, 0x2ull, NULL},
    {'u', 64, "257", 1, 0x101ull, NULL},
    {'f', 32, "0.E60", 1, 0x0ull, NULL},
    {'f', 16, "0x.Bp-61027", 1, 0x0ull, NULL},
    {'s', 32, "9", 1, 0x9ull, NULL},
    {'u', 32, "074118", 0, 0x0ull, "Invalid unsigned integer literal: 074118"},
    {'u', 64, "60", 1, 0x3cull, NULL},
    {'f', 64, "-97971.7E-348", 1, 0x8000000000000000ull, NULL},
    {'b', 16, "-1e38", 1, 0xfe96ull, NULL},
    {'s', 32, "34", 1, 0x22ull, NULL},
    {'u', 16, "e25.", 0, 0x0ull, "Invalid unsigned integer literal: e25."},
    {'u', 64, "0684656", 0, 0x0ull, "Invalid unsigned integer literal: 0684656"},
    {'s', 16, "3", 1, 0x3ull, NULL},
    {'u', 8, "+0x8000", 0, 0x0ull, "Integer 32768 does not fit in a 8-bit unsigned integer"},
    {'u', 8, "+5289078666617603137", 0, 0x0ull, "Integer 5289078666617603137 does not fit in a 8-bit unsigned integer"},
    {'u', 16, "+0", 1, 0x0ull, NULL},
    {'f', 32, ".E+38", 0, 0x0ull, "Invalid 32-bit float literal: .E+38"},
    {'s', 8, "e924", 0, 0x0ull, "Invalid unsigned integer literal: e924"},
    {'s', 8, "5E06", 0, 0x0ull, "Invalid unsigned integer literal: 5E06"},
    {'f', 16, "5.96e-7", 1, 0x9ull, NULL},
    {'f', 64, "-038", 1, 0xc043000000000000ull, NULL},
    {'f', 16, "-0x67.76Afb008f86", 0, 0x0ull, "Invalid 16-bit float literal: -0x67.76Afb008f86"},
    {'s', 32, "7", 1, 0x7ull, NULL},
    {'s', 8, "7990751", 0, 0x0ull, "Integer 7990751 does not fit in a 8-bit signed integer"},
    {'f', 64, "+265.7", 1, 0x40709b3333333333ull, NULL},
    {'b', 16, ".729975288200182633043483954862057986828288072902227918058e-127", 1, 0x0ull, NULL},
    {'u', 8, "a02.", 0, 0x0ull, "Invalid unsigned integer literal: a02."},
    {'s', 32, "+0x68eABfA7A8B6e4d3", 0, 0x0ull, "Integer 7560065651305800915 does not fit in a 32-bit signed integer"},
    {'u', 64, "65537", 1, 0x10001ull, NULL},
    {'s', 16, "0xEFb4", 1, 0xffffefb4ull, NULL},
    {'u', 32, "3+", 0, 0x0ull, "Invalid unsigned integer literal: 3+"},
    {'s', 64, "686", 1, 0x2aeull, NULL},
    {'s', 32, "0xFFFFFFFE", 1, 0xfffffffeull, NULL},
    {'u', 8, "-0Xfffffffffffffffe", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'s', 32, "01131", 1, 0x259ull, NULL},
    {'s', 8, "26", 1, 0x1aull, NULL},
    {'f', 64, "-0xBACfp-0", 1, 0xc0e759e000000000ull, NULL},
    {'f', 32, "5", 1, 0x40a00000ull, NULL},
    {'f', 16, "-3.3896e-45", 1, 0x8000ull, NULL},
    {'u', 8, "0", 1, 0x0ull, NULL},
    {'u', 16, "483", 1, 0x1e3ull, NULL},
    {'u', 32, "2147483648", 1, 0x80000000ull, NULL},
    {'u', 32, "73716", 1, 0x11ff4ull, NULL},
    {'f', 64, "+5.96e-7", 1, 0x3ea3ff99dc3d35c9ull, NULL},
    {'b', 16, "265.", 1, 0x4384ull, NULL},
    {'u', 32, "0x101", 1, 0x101ull, NULL},
    {'f', 32, "-2.70", 1, 0xc02ccccdull, NULL},
    {'f', 16, "520.174833E9", 0, 0x0ull, "Invalid 16-bit float literal: 520.174833E9"},
    {'u', 64, "9", 1, 0x9ull, NULL},
    {'f', 16, "0xaf49DE41AEdA", 0, 0x0ull, "Invalid 16-bit float literal: 0xaf49DE41AEdA"},
    {'u', 16, "0b720", 0, 0x0ull, "Invalid unsigned integer literal: 0b720"},
    {'u', 8, "78", 1, 0x4eull, NULL},
    {'u', 8, "+0xf80e2AB", 0, 0x0ull, "Integer 260104875 does not fit in a 8-bit unsigned integer"},
    {'s', 8, "0x828767Eefc2fF91", 0, 0x0ull, "Integer 0x828767eefc2ff91 does not fit in a 8-bit signed integer"},
    {'f', 32, "0x.E9DCp1002", 1, 0x7f800000ull, NULL},
    {'s', 64, "0x1FFFFFFFFFFFFFFFF", 0, 0x0ull, "Invalid unsigned integer literal: 0x1FFFFFFFFFFFFFFFF"},
    {'s', 8, ".2E", 0, 0x0ull, "Invalid unsigned integer literal: .2E"},
    {'s', 64, "62", 1, 0x3eull, NULL},
    {'f', 32, "-98.5", 1, 0xc2c50000ull, NULL},
    {'s', 64, "0X81", 1, 0x81ull, NULL},
    {'u', 64, "0X8000000000000000", 1, 0x8000000000000000ull, NULL},
    {'s', 32, "5", 1, 0x5ull, NULL},
    {'u', 64, "4", 1, 0x4ull, NULL},
    {'s', 32, "-64", 1, 0xffffffc0ull, NULL},
    {'u', 8, "346", 0, 0x0ull, "Integer 346 does not fit in a 8-bit unsigned integer"},
    {'f', 16, "-.83106792470822765E+122", 0, 0x0ull, "Invalid 16-bit float literal: -.83106792470822765E+122"},
    {'f', 16, "0x52p-185", 1, 0x0ull, NULL},
    {'f', 16, "9306.8364507495288", 1, 0x708bull, NULL},
    {'s', 16, "7640206797016", 0, 0x0ull, "Integer 7640206797016 does not fit in a 16-bit signed integer"},
    {'f', 16, "+28", 1, 0x4f00ull, NULL},
    {'f', 64, "+.", 0, 0x0ull, "Invalid 64-bit float literal: +."},
    {'f', 64, "0xEd33.AP617", 0, 0x0ull, "Invalid 64-bit float literal: 0xEd33.AP617"},
    {'s', 32, "0xA7B70dE9106fFEd", 0, 0x0ull, "Integer 0xa7b70de9106ffed does not fit in a 32-bit signed integer"},
    {'s', 8, "-70565630", 0, 0x0ull, "Integer -70565630 does not fit in a 8-bit signed integer"},
    {'u', 32, "6", 1, 0x6ull, NULL},
    {'s', 64, "7.", 0, 0x0ull, "Invalid unsigned integer literal: 7."},
    {'s', 16, "92", 1, 0x5cull, NULL},
    {'s', 16, "32769", 0, 0x0ull, "Integer 32769 does not fit in a 16-bit signed integer"},
    {'s', 16, "+00", 1, 0x0ull, NULL},
    {'u', 16, "0xfe", 1, 0xfeull, NULL},
    {'s', 32, "+46", 1, 0x2eull, NULL},
    {'s', 32, "30", 1, 0x1eull, NULL},
    {'s', 8, "8365", 0, 0x0ull, "Integer 8365 does not fit in a 8-bit signed integer"},
    {'u', 32, "1", 1, 0x1ull, NULL},
    {'b', 16, "-6.1035e38", 0, 0x0ull, "Invalid bfloat16 literal: -6.1035e38"},
    {'s', 16, "-0x81", 1, 0xffffff7full, NULL},
    {'f', 64, "0xe.P-11", 0, 0x0ull, "Invalid 64-bit float literal: 0xe.P-11"},
    {'u', 32, "90", 1, 0x5aull, NULL},
    {'f', 64, "7", 1, 0x401c000000000000ull, NULL},
    {'s', 8, "-0X8000000000000000", 0, 0x0ull, "Integer -9223372036854775808 does not fit in a 8-bit signed integer"},
    {'s', 64, "-4", 1, 0xfffffffffffffffcull, NULL},
    {'b', 16, "0Xebp21062", 1, 0x7f80ull, NULL},
    {'s', 8, "263-e", 0, 0x0ull, "Invalid unsigned integer literal: 263-e"},
    {'b', 16, "4-.a", 0, 0x0ull, "Invalid bfloat16 literal: 4-.a"},
    {'f', 64, "4945.3732e+4", 1, 0x418794d520000000ull, NULL},
    {'f', 16, "0X3p+12", 1, 0x7200ull, NULL},
    {'s', 8, "18446744073709551616", 0, 0x0ull, "Invalid unsigned integer literal: 18446744073709551616"},
    {'s', 8, "+0x61ba41681DE", 0, 0x0ull, "Integer 6715786822110 does not fit in a 8-bit signed integer"},
    {'s', 16, "X59", 0, 0x0ull, "Invalid unsigned integer literal: X59"},
    {'s', 8, "-616", 0, 0x0ull, "Integer -616 does not fit in a 8-bit signed integer"},
    {'f', 64, "0x8p+196", 1, 0x4c60000000000000ull, NULL},
    {'u', 64, "-", 0, 0x0ull, "Cannot put a negative number in an unsigned literal"},
    {'u', 16, "0X8000000000000000", 0, 0x0ull, "Integer 0x8000000000000000 does not fit in a 16-bit unsigned integer"},
    {'u', 16, "619", 1, 0x26bull, NULL},
    {'f', 32, "X95", 0, 0x0ull, "Invalid 32-bit float literal: X95"},
    {'f', 16, "7e-0", 1, 0x4700ull, NULL},
    {'f', 32, "0xcD.5C6p-38", 1, 0x304d5c60ull, NULL},
    {'u', 8, "x3+.a", 0, 0x0ull, "Invalid unsigned integer literal: x3+.a"},
    {'f', 64, "+0X7dcF.Ae500Dfp+102", 1, 0x473f73eb94037c00ull, NULL},
    {'s', 32, "18446744073709551614", 0, 0x0ull, "Integer 18446744073709551614 does not fit in a 32-bit signed integer"},
    {'f', 64, "-.620191327423159425947248739498355032624562418057889148654e+391", 0, 0x0ull, "Invalid 64-bit float literal: -.620191327423159425947248739498355032624562418057889148654e"
        "+391"},
    {'s', 16, "449500324", 0, 0x0ull, "Integer 449500324 does not fit in a 16-bit signed integer"},
    {'f', 32, "+0x.7DEp-133", 1, 0x7de0ull, NULL},
    {'u', 64, "+03", 1, 0x3ull, NULL},
    {'s', 32, "-0x4074e", 1, 0xfffbf8b2ull, NULL},
    {'s', 8, "4008599", 0, 0x0ull, "Integer 4008599 does not fit in a 8-bit signed integer"},
    {'s', 64, "+0x75011B0c575130D", 1, 0x75011b0c575130dull, NULL},
    {'f', 16, "0x6p79", 1, 0x7c00ull, NULL},
    {'b', 16, "8", 1, 0x4100ull, NULL},
    {'f', 64, "0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000024703282292062327208828439643411068"
        "618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332"
        "835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536"
        "152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338"
        "409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226"
        "237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604"
        "162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373"
        "280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186"
        "948667994968324049705821028513185451396213837722826145437693412532098591327667236328125", 1, 0x0ull, NULL},
    {'f', 64, "0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000024703282292062327208828439643411068"
        "618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332"
        "835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536"
        "152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338"
        "409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226"
        "237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604"
        "162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373"
        "280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186"
        "948667994968324049705821028513185451396213837722826145437693412532098591327667236328125000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000001", 1, 0x1ull, NULL},
    {'f', 64, "0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000024703282292062327208828439643411068"
        "618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332"
        "835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536"
        "152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338"
        "409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226"
        "237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604"
        "162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373"
        "280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186"
        "9486679949683240497058210285131854513962138377228261454376934125320985913276672363281251", 1, 0x1ull, NULL},
    {'f', 32, "1.000000059604644775390625", 1, 0x3f800000ull, NULL},
    {'f', 32, "1.0000000596046447753906250000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000001", 1, 0x3f800001ull, NULL},
    {'f', 32, "1.0000000596046447753906250000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000001", 1, 0x3f800001ull, NULL},
    {'f', 32, "1.0000000596046447753906249999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
        "99999999999999999999999999", 1, 0x3f800000ull, NULL},
    {'f', 32, "0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000000000001e2000", 1, 0x3dcccccdull, NULL},
    {'f', 32, "1000000000000000000000000000000000000000", 0, 0x0ull, NULL},
    {'f', 32, "340282356779733661637539395458142568448", 0, 0x0ull, NULL},
    {'f', 32, "340282356779733661637539395458142568447", 1, 0x7f7fffffull, NULL},
    {'f', 16, "65535.99999", 0, 0x0ull, NULL},
    {'b', 16, "0.000000000000000000000000000000000000000000001", 1, 0x0ull, NULL},
    {'f', 32, "1e-2147483650", 1, 0x0ull, NULL},
    {'f', 32, "1e2147483650", 0, 0x0ull, NULL},
    {'f', 32, "0e9999999999999999999999", 1, 0x0ull, NULL},
};

static int passed, failed;

static void check(int cond, const char *what, const char *text)
{
    if (cond) {
        passed++;
    } else {
        failed++;
        printf("FAIL: %s: %.80s\n", what, text);
    }
}

static void run_case(const number_case *c)
{
    size_t n = strlen(c->text);
    if (c->kind == 'i') {
        uint32_t v = 0;
        bool ok = spvk_parse_uint32(c->text, n, &v);
        check(ok == (c->ok != 0) && (!ok || v == (uint32_t)c->bits), "immediate", c->text);
        return;
    }
    spvk_number_result r;
    switch (c->kind) {
    case 'u': r = spvk_parse_integer(c->text, n, c->width, false); break;
    case 's': r = spvk_parse_integer(c->text, n, c->width, true); break;
    case 'f': r = spvk_parse_float(c->text, n, c->width, false); break;
    case 'b': r = spvk_parse_float(c->text, n, c->width, true); break;
    default: r = spvk_parse_untyped(c->text, n); break;
    }
    if (c->ok) {
        check(r.status == SPVK_NUMBER_STATUS_OK && r.bits == c->bits, "value", c->text);
        if (r.status == SPVK_NUMBER_STATUS_OK && r.bits != c->bits)
            printf("      got 0x%llx, expected 0x%llx\n", (unsigned long long)r.bits, c->bits);
        return;
    }
    check(r.status != SPVK_NUMBER_STATUS_OK, "rejected", c->text);
    if (c->message && r.status != SPVK_NUMBER_STATUS_OK) {
        char m[512];
        spvk_number_message(m, sizeof m, &r, c->text, n, 256);
        check(strcmp(m, c->message) == 0, "message", c->text);
        if (strcmp(m, c->message) != 0)
            printf("      got \"%s\", expected \"%s\"\n", m, c->message);
    }
}

/* Text that is not nul-terminated: the parser must stop at the length given. */
static void test_counted_spans(void)
{
    const char buf[] = "12345";
    spvk_number_result r = spvk_parse_integer(buf, 2, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_OK && r.bits == 12, "counted integer", "12|345");
    r = spvk_parse_float("1.5e3", 3, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_OK && r.bits == 0x3fc00000u, "counted float", "1.5|e3");
    r = spvk_parse_float("0x1p3-1", 5, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_OK && r.bits == 0x41000000u, "counted hex float", "0x1p3|-1");
    r = spvk_parse_float("0x1p-3", 4, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_INVALID, "counted hex float without exponent digits", "0x1p|-3");
    r = spvk_parse_integer("", 0, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_INVALID, "empty integer", "");
    r = spvk_parse_float("", 0, 32, false);
    check(r.status == SPVK_NUMBER_STATUS_INVALID, "empty float", "");
    uint32_t v;
    check(!spvk_parse_uint32("", 0, &v), "empty immediate", "");
}

/* Widths spirv-as has no literals for, and the messages it gives. */
static void test_unsupported(void)
{
    char m[128];
    spvk_number_result r = spvk_parse_integer("1", 1, 128, false);
    spvk_number_message(m, sizeof m, &r, "1", 1, 256);
    check(r.status == SPVK_NUMBER_STATUS_UNSUPPORTED && strcmp(m, "Unsupported 128-bit integer literals") == 0,
          "unsupported integer", m);
    r = spvk_parse_float("1", 1, 8, false);
    spvk_number_message(m, sizeof m, &r, "1", 1, 256);
    check(r.status == SPVK_NUMBER_STATUS_UNSUPPORTED && strcmp(m, "Unsupported 8-bit float literals") == 0,
          "unsupported float", m);
    r = spvk_parse_integer("-1", 2, 32, false);
    spvk_number_message(m, sizeof m, &r, "-1", 2, 256);
    check(r.status == SPVK_NUMBER_STATUS_NEGATIVE_UNSIGNED &&
              strcmp(m, "Cannot put a negative number in an unsigned literal") == 0,
          "negative unsigned", m);
}

/* Quoting in messages stops at a line break and after max_quote bytes. */
static void test_message_quoting(void)
{
    char m[128];
    spvk_number_result r = spvk_parse_float("\"ab\ncd\"", 7, 32, false);
    spvk_number_message(m, sizeof m, &r, "\"ab\ncd\"", 7, 256);
    check(strcmp(m, "Invalid 32-bit float literal: \"ab...") == 0, "quote stops at newline", m);
    r = spvk_parse_integer("abcdefgh", 8, 32, false);
    spvk_number_message(m, sizeof m, &r, "abcdefgh", 8, 3);
    check(strcmp(m, "Invalid unsigned integer literal: abc...") == 0, "quote length", m);
    spvk_number_message(m, 10, &r, "abcdefgh", 8, 256);
    check(strlen(m) == 9, "message truncated to the buffer", m);
}

/* spvTextToLiteral's unsigned 32-bit integers (non-semantic extended instruction numbers). */
static void test_decimal_uint32(void)
{
    uint32_t v = 0;
    check(spvk_parse_decimal_uint32("4294967295", 10, &v) && v == 4294967295u, "decimal max", "4294967295");
    check(!spvk_parse_decimal_uint32("4294967296", 10, &v), "decimal overflow", "4294967296");
    check(spvk_parse_decimal_uint32("010", 3, &v) && v == 10, "decimal leading zero", "010");
    check(!spvk_parse_decimal_uint32("0x1", 3, &v), "decimal hex", "0x1");
    check(!spvk_parse_decimal_uint32("-1", 2, &v), "decimal negative", "-1");
    check(!spvk_parse_decimal_uint32("", 0, &v), "decimal empty", "");
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    test_counted_spans();
    test_unsupported();
    test_message_quoting();
    test_decimal_uint32();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
