/* Typed host buffers: sources as `spvkit run` writes them, printing, and the numerics check. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/runtime.h"
#include "../support/support.h"

#define MAX_ELEMENTS ((size_t)1 << 28)
#define MAX_BYTES ((size_t)1 << 30)

static const struct {
    const char *name;
    uint8_t size;
} element_types[] = {
    [SPVK_ELEMENT_I8] = {"i8", 1},    [SPVK_ELEMENT_U8] = {"u8", 1},     [SPVK_ELEMENT_I16] = {"i16", 2},
    [SPVK_ELEMENT_U16] = {"u16", 2},  [SPVK_ELEMENT_I32] = {"i32", 4},   [SPVK_ELEMENT_U32] = {"u32", 4},
    [SPVK_ELEMENT_I64] = {"i64", 8},  [SPVK_ELEMENT_U64] = {"u64", 8},   [SPVK_ELEMENT_F16] = {"f16", 2},
    [SPVK_ELEMENT_BF16] = {"bf16", 2}, [SPVK_ELEMENT_F32] = {"f32", 4},  [SPVK_ELEMENT_F64] = {"f64", 8},
    [SPVK_ELEMENT_BYTES] = {"bytes", 1},
};

const char *spvk_element_type_name(spvk_element_type type)
{
    return (unsigned)type <= SPVK_ELEMENT_BYTES ? element_types[type].name : "?";
}

size_t spvk_element_size(spvk_element_type type)
{
    return (unsigned)type <= SPVK_ELEMENT_BYTES ? element_types[type].size : 0;
}

int spvk_element_type_by_name(const char *name, size_t length)
{
    for (int t = 0; t < SPVK_ELEMENT_BYTES; t++)
        if (strlen(element_types[t].name) == length && memcmp(element_types[t].name, name, length) == 0)
            return t;
    return -1;
}

/* ---- 16-bit floats ---- */

float spvk_bf16_to_float(uint16_t bits)
{
    uint32_t u = (uint32_t)bits << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

uint16_t spvk_float_to_bf16(float value)
{
    uint32_t u;
    memcpy(&u, &value, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x40); /* NaN: keep sign and payload top, quiet it */
    u += 0x7fffu + ((u >> 16) & 1);          /* round to nearest even; overflows to infinity */
    return (uint16_t)(u >> 16);
}

float spvk_f16_to_float(uint16_t bits)
{
    uint32_t sign = (uint32_t)(bits & 0x8000) << 16, exponent = (bits >> 10) & 0x1f, fraction = bits & 0x3ff;
    float magnitude;
    if (exponent == 0x1f)
        magnitude = fraction ? NAN : INFINITY;
    else if (exponent == 0)
        magnitude = ldexpf((float)fraction, -24);
    else
        magnitude = ldexpf((float)(fraction | 0x400), (int)exponent - 25);
    uint32_t u;
    memcpy(&u, &magnitude, 4);
    u |= sign;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

uint16_t spvk_float_to_f16(float value)
{
    uint32_t u;
    memcpy(&u, &value, 4);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    float a = fabsf(value);
    if (isnan(value))
        return (uint16_t)(sign | 0x7e00);
    if (a >= 65520.0f) /* rounds to infinity */
        return (uint16_t)(sign | 0x7c00);
    if (a < 0x1p-14f) {
        /* Subnormal: the value in units of 2^-24, rounded to nearest even by the FPU. */
        return (uint16_t)(sign | (uint16_t)nearbyintf(a * 0x1p24f));
    }
    int e;
    float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    float scaled = nearbyintf(ldexpf(m, 11)); /* 11 significant bits, rounded to nearest even */
    if (scaled >= 2048.0f) {
        scaled /= 2;
        e++;
    }
    uint32_t f = (uint32_t)scaled - 1024;
    uint32_t biased = (uint32_t)(e - 1 + 15);
    if (biased >= 31)
        return (uint16_t)(sign | 0x7c00);
    return (uint16_t)(sign | (biased << 10) | f);
}

/* ---- sources ---- */

typedef struct source_parser {
    const char *source;
    spvk_diagnostics *diags;
} source_parser;

static spvk_result source_error(source_parser *p, const char *at, const char *fmt, ...) SPVK_PRINTF(3, 4);

static spvk_result source_error(source_parser *p, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = spvk_vformat(NULL, fmt, ap);
    va_end(ap);
    bool ok = spvk_diag_add(p->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                            "buffer source '%s', at column %zu: %s", p->source, (size_t)(at - p->source) + 1,
                            msg ? msg : "");
    free(msg);
    return ok ? SPVK_ERROR_INVALID : SPVK_ERROR_OUT_OF_MEMORY;
}

/* Stores value (given as integer or float by is_float) into element i of type. */
static bool store_element(void *data, size_t i, spvk_element_type type, bool is_float, int64_t ivalue,
                          uint64_t uvalue, bool negative, double fvalue, const char **why)
{
    unsigned char *d = (unsigned char *)data + i * spvk_element_size(type);
    switch (type) {
    case SPVK_ELEMENT_F16: {
        uint16_t h = spvk_float_to_f16((float)fvalue);
        memcpy(d, &h, 2);
        return true;
    }
    case SPVK_ELEMENT_BF16: {
        uint16_t b = spvk_float_to_bf16((float)fvalue);
        memcpy(d, &b, 2);
        return true;
    }
    case SPVK_ELEMENT_F32: {
        float f = (float)fvalue;
        memcpy(d, &f, 4);
        return true;
    }
    case SPVK_ELEMENT_F64:
        memcpy(d, &fvalue, 8);
        return true;
    default:
        break;
    }
    if (is_float) {
        *why = "an integer type needs an integer";
        return false;
    }
    static const int64_t smin[] = {[SPVK_ELEMENT_I8] = INT8_MIN, [SPVK_ELEMENT_I16] = INT16_MIN,
                                   [SPVK_ELEMENT_I32] = INT32_MIN, [SPVK_ELEMENT_I64] = INT64_MIN};
    size_t size = spvk_element_size(type);
    bool is_signed = type == SPVK_ELEMENT_I8 || type == SPVK_ELEMENT_I16 || type == SPVK_ELEMENT_I32 ||
                     type == SPVK_ELEMENT_I64;
    uint64_t bits;
    if (negative) {
        if (!is_signed) {
            *why = "a negative number for an unsigned type";
            return false;
        }
        if (ivalue < smin[type]) {
            *why = "out of range for the type";
            return false;
        }
        bits = (uint64_t)ivalue;
    } else {
        /* Positive values may use the whole unsigned range of the width (0xffff for i16 too:
           a bit pattern). */
        if (size < 8 && uvalue >> (size * 8)) {
            *why = "out of range for the type";
            return false;
        }
        bits = uvalue;
    }
    for (size_t b = 0; b < size; b++)
        d[b] = (unsigned char)(bits >> (8 * b)); /* little-endian, as devices read buffers */
    return true;
}

static bool is_float_type(spvk_element_type t)
{
    return t == SPVK_ELEMENT_F16 || t == SPVK_ELEMENT_BF16 || t == SPVK_ELEMENT_F32 || t == SPVK_ELEMENT_F64;
}

/* Parses one literal [start, end) and stores it as element i. */
static spvk_result literal(source_parser *p, const char *start, const char *end, spvk_typed_buffer *b, size_t i)
{
    char text[128];
    size_t n = (size_t)(end - start);
    if (n == 0 || n >= sizeof text)
        return source_error(p, start, n ? "literal too long" : "empty value");
    memcpy(text, start, n);
    text[n] = '\0';
    const char *why = NULL;
    bool negative = text[0] == '-';
    errno = 0;
    char *stop;
    if (is_float_type(b->type)) {
        double v = strtod(text, &stop);
        if (*stop || errno == ERANGE) {
            if (*stop || fabs(v) > 1.0)
                return source_error(p, start, "'%s' is not a value of type %s", text, spvk_element_type_name(b->type));
        }
        store_element(b->data, i, b->type, true, 0, 0, false, v, &why);
        return SPVK_OK;
    }
    int64_t iv = 0;
    uint64_t uv = 0;
    if (negative)
        iv = strtoll(text, &stop, 0);
    else
        uv = strtoull(text, &stop, 0);
    if (*stop || errno == ERANGE || (!negative && strchr(text, '-')))
        return source_error(p, start, "'%s' is not a value of type %s", text, spvk_element_type_name(b->type));
    if (!store_element(b->data, i, b->type, false, iv, uv, negative, 0, &why))
        return source_error(p, start, "'%s': %s %s", text, why, spvk_element_type_name(b->type));
    return SPVK_OK;
}

static spvk_result allocate(source_parser *p, const char *at, spvk_typed_buffer *b, size_t count,
                            const spvk_allocator *a)
{
    if (count > MAX_ELEMENTS || count * spvk_element_size(b->type) > MAX_BYTES)
        return source_error(p, at, "%zu elements is more than allowed (2^28 elements, 1 GiB)", count);
    b->count = count;
    b->size = count * spvk_element_size(b->type);
    b->data = spvk_alloc(a, b->size ? b->size : 1);
    if (!b->data)
        return SPVK_ERROR_OUT_OF_MEMORY;
    memset(b->data, 0, b->size ? b->size : 1);
    return SPVK_OK;
}

static bool parse_count(const char *s, const char *end, size_t *count)
{
    if (s == end)
        return false;
    size_t v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9' || v > MAX_ELEMENTS)
            return false;
        v = v * 10 + (size_t)(*s - '0');
    }
    *count = v;
    return true;
}

/* A small, fixed generator (splitmix64) so random:N:TYPE:SEED is the same everywhere. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static spvk_result from_file(source_parser *p, const char *path, spvk_typed_buffer *b, const spvk_allocator *a)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return source_error(p, path, "cannot open %s: %s", path, strerror(errno));
    spvk_buffer data;
    spvk_buffer_init(&data, a);
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0 && data.length <= MAX_BYTES)
        spvk_buffer_append(&data, chunk, got);
    bool error = ferror(f) != 0;
    fclose(f);
    if (error || data.length > MAX_BYTES) {
        spvk_buffer_free(&data);
        return source_error(p, path, error ? "cannot read %s" : "%s is larger than 1 GiB", path);
    }
    if (data.failed) {
        spvk_buffer_free(&data);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    b->type = SPVK_ELEMENT_BYTES;
    b->count = b->size = data.length;
    if (!data.data) { /* an empty file */
        b->data = spvk_alloc(a, 1);
        return b->data ? SPVK_OK : SPVK_ERROR_OUT_OF_MEMORY;
    }
    /* Shrink to the exact size: buffers are freed with their size. */
    b->data = data.capacity == data.length ? data.data : spvk_realloc(a, data.data, data.capacity, data.length);
    if (!b->data) {
        spvk_buffer_free(&data);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    return SPVK_OK;
}

spvk_result spvk_typed_buffer_from_source(const char *source, const spvk_allocator *a, spvk_typed_buffer *b,
                                          spvk_diagnostics *diags)
{
    source_parser p = {source, diags};
    memset(b, 0, sizeof *b);
    if (source[0] == '@')
        return from_file(&p, source + 1, b, a);
    const char *colon = strchr(source, ':');
    if (!colon)
        return source_error(&p, source, "expected TYPE:values, zeros:N:TYPE, iota:N:TYPE, random:N:TYPE:SEED or @FILE");
    size_t head = (size_t)(colon - source);
    bool zeros = head == 5 && memcmp(source, "zeros", 5) == 0;
    bool iota = head == 4 && memcmp(source, "iota", 4) == 0;
    bool random = head == 6 && memcmp(source, "random", 6) == 0;
    spvk_result res;
    if (zeros || iota || random) {
        const char *count_start = colon + 1, *count_end = strchr(count_start, ':');
        size_t count;
        if (!count_end || !parse_count(count_start, count_end, &count))
            return source_error(&p, count_start, "expected an element count");
        const char *type_start = count_end + 1, *type_end = random ? strchr(type_start, ':') : type_start + strlen(type_start);
        if (!type_end)
            return source_error(&p, type_start, "expected TYPE:SEED after the count");
        int type = spvk_element_type_by_name(type_start, (size_t)(type_end - type_start));
        if (type < 0)
            return source_error(&p, type_start, "unknown element type (i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64)");
        b->type = (spvk_element_type)type;
        uint64_t seed = 0;
        if (random) {
            char *stop;
            errno = 0;
            seed = strtoull(type_end + 1, &stop, 0);
            if (*stop || type_end[1] == '\0' || errno)
                return source_error(&p, type_end + 1, "expected a seed");
        }
        if ((res = allocate(&p, count_start, b, count, a)) != SPVK_OK)
            return res;
        const char *why = NULL;
        for (size_t i = 0; i < count && !zeros; i++) {
            if (iota) {
                store_element(b->data, i, b->type, false, 0, i & ((spvk_element_size(b->type) >= 8) ? ~0ull : ((1ull << (spvk_element_size(b->type) * 8)) - 1)), false, (double)i, &why);
            } else if (is_float_type(b->type)) {
                double v = (double)(splitmix64(&seed) >> 11) * 0x1p-52 - 1.0;
                store_element(b->data, i, b->type, true, 0, 0, false, v, &why);
            } else {
                uint64_t v = splitmix64(&seed);
                size_t size = spvk_element_size(b->type);
                memcpy((unsigned char *)b->data + i * size, &v, size); /* little-endian hosts */
            }
        }
        return SPVK_OK;
    }
    int type = spvk_element_type_by_name(source, head);
    if (type < 0)
        return source_error(&p, source, "unknown element type (i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64)");
    b->type = (spvk_element_type)type;
    size_t count = 1;
    for (const char *s = colon + 1; *s; s++)
        count += *s == ',';
    if ((res = allocate(&p, colon + 1, b, count, a)) != SPVK_OK)
        return res;
    const char *start = colon + 1;
    for (size_t i = 0; i < count; i++) {
        const char *end = strchr(start, ',');
        if (!end)
            end = start + strlen(start);
        if ((res = literal(&p, start, end, b, i)) != SPVK_OK) {
            spvk_typed_buffer_free(b, a);
            return res;
        }
        start = end + 1;
    }
    return SPVK_OK;
}

void spvk_typed_buffer_free(spvk_typed_buffer *b, const spvk_allocator *a)
{
    if (b->data)
        spvk_free(a, b->data, b->size ? b->size : 1);
    memset(b, 0, sizeof *b);
}

/* ---- printing and comparing ---- */

/* Element i as a double, and for floats whether it is NaN. Integers above 2^53 lose precision
   in the double, so comparisons of 64-bit integers use the bits (see compare). */
static double element_value(const void *data, size_t i, spvk_element_type type)
{
    const unsigned char *d = (const unsigned char *)data + i * spvk_element_size(type);
    uint64_t bits = 0;
    for (size_t b = 0; b < spvk_element_size(type); b++)
        bits |= (uint64_t)d[b] << (8 * b);
    switch (type) {
    case SPVK_ELEMENT_I8: return (double)(int8_t)bits;
    case SPVK_ELEMENT_I16: return (double)(int16_t)bits;
    case SPVK_ELEMENT_I32: return (double)(int32_t)bits;
    case SPVK_ELEMENT_I64: return (double)(int64_t)bits;
    case SPVK_ELEMENT_F16: return spvk_f16_to_float((uint16_t)bits);
    case SPVK_ELEMENT_BF16: return spvk_bf16_to_float((uint16_t)bits);
    case SPVK_ELEMENT_F32: {
        float f;
        uint32_t u = (uint32_t)bits;
        memcpy(&f, &u, 4);
        return f;
    }
    case SPVK_ELEMENT_F64: {
        double f;
        memcpy(&f, &bits, 8);
        return f;
    }
    default: return (double)bits;
    }
}

char *spvk_format_elements(const void *data, size_t count, spvk_element_type type, const spvk_allocator *a)
{
    spvk_buffer b;
    spvk_buffer_init(&b, a);
    for (size_t i = 0; i < count; i++) {
        if (i)
            spvk_buffer_append_char(&b, ' ');
        double v = element_value(data, i, type);
        const unsigned char *d = (const unsigned char *)data + i * spvk_element_size(type);
        switch (type) {
        case SPVK_ELEMENT_U64: {
            uint64_t u;
            memcpy(&u, d, 8);
            spvk_buffer_printf(&b, "%llu", (unsigned long long)u);
            break;
        }
        case SPVK_ELEMENT_I64: {
            int64_t s;
            memcpy(&s, d, 8);
            spvk_buffer_printf(&b, "%lld", (long long)s);
            break;
        }
        case SPVK_ELEMENT_F64: spvk_buffer_printf(&b, "%.17g", v); break;
        case SPVK_ELEMENT_F32: spvk_buffer_printf(&b, "%.9g", v); break;
        case SPVK_ELEMENT_F16:
        case SPVK_ELEMENT_BF16: spvk_buffer_printf(&b, "%.8g", v); break; /* exact for 16-bit floats */
        default: spvk_buffer_printf(&b, "%.0f", v); break;
        }
    }
    return spvk_buffer_take_string(&b);
}

/* The OpenCL ULP of x: the gap between the two finite numbers of the format nearest x. */
static double ulp_of(double x, spvk_element_type type)
{
    int mantissa = type == SPVK_ELEMENT_F16 ? 11 : type == SPVK_ELEMENT_BF16 ? 8 : type == SPVK_ELEMENT_F32 ? 24 : 53;
    int min_exp = type == SPVK_ELEMENT_F16 ? -14 : type == SPVK_ELEMENT_F64 ? -1022 : -126;
    double a = fabs(x);
    if (a == 0)
        return ldexp(1.0, min_exp - mantissa + 1);
    int e;
    frexp(a, &e); /* a = m * 2^e with m in [0.5, 1): a in [2^(e-1), 2^e) */
    int exp = e - 1;
    if (exp < min_exp)
        exp = min_exp;
    /* At a power of two the nearer neighbour is the one below, a finer binade. */
    if (a == ldexp(1.0, e - 1) && exp > min_exp)
        exp--;
    return ldexp(1.0, exp - mantissa + 1);
}

void spvk_compare_elements(const void *expected, const void *actual, size_t count, spvk_element_type type,
                           double max_ulp, spvk_comparison *r)
{
    memset(r, 0, sizeof *r);
    r->compared = count;
    size_t size = spvk_element_size(type);
    for (size_t i = 0; i < count; i++) {
        const unsigned char *e = (const unsigned char *)expected + i * size;
        const unsigned char *g = (const unsigned char *)actual + i * size;
        double ev = element_value(expected, i, type), gv = element_value(actual, i, type);
        double err;
        if (memcmp(e, g, size) == 0) {
            err = 0;
        } else if (is_float_type(type)) {
            if (isnan(ev) && isnan(gv))
                err = 0;
            else if (isnan(ev) || isnan(gv) || isinf(ev) || isinf(gv))
                err = INFINITY;
            else if (ev == 0 && gv == 0)
                err = max_ulp >= 1 ? 0 : 1; /* +0 against -0: within any tolerance but exact */
            else
                err = fabs(gv - ev) / ulp_of(ev, type);
        } else if (type == SPVK_ELEMENT_I64 || type == SPVK_ELEMENT_U64) {
            uint64_t a, b;
            memcpy(&a, e, 8);
            memcpy(&b, g, 8);
            uint64_t diff = type == SPVK_ELEMENT_I64 ? ((int64_t)a > (int64_t)b ? a - b : b - a) : (a > b ? a - b : b - a);
            err = (double)diff;
        } else {
            err = fabs(gv - ev);
        }
        if (err > r->max_ulp) {
            r->max_ulp = err;
            r->max_ulp_index = i;
        }
        if (err > max_ulp) {
            if (r->num_first < SPVK_COMPARE_MAX_REPORTED)
                r->first[r->num_first++] = (spvk_mismatch){i, ev, gv, err};
            r->mismatches++;
        }
    }
}
