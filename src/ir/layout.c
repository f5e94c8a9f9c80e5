/* Builtin memref layouts: `strided<[s0, s1], offset: o>` (MLIR's StridedLayoutAttr).

   A strided layout stays an SPVK_ATTR_OPAQUE attribute (SPVK_OPAQUE_BUILTIN) as the rest of the
   builtin attributes the IR does not model, but its text is MLIR's canonical spelling, made here:
   `strided<[4, 1]>` for `strided<[4,1], offset: 0>`. Equal layouts are then one uniqued attribute,
   the printer writes them as mlir-opt does, and the ops that need the numbers (memref.subview,
   reinterpret_cast, collapse_shape) read them back with spvk_ir_strided_layout_get. */
#include <stdio.h>
#include <string.h>

#include "spvkit/ir_asm.h"
#include "ir_internal.h"

/* "?" or the decimal value: at most 20 characters. */
static size_t put_dim(char *out, int64_t v)
{
    if (v == SPVK_DYNAMIC) {
        out[0] = '?';
        return 1;
    }
    return (size_t)snprintf(out, 24, "%lld", (long long)v);
}

const spvk_ir_attr *spvk_ir_strided_layout(spvk_ir_context *ctx, const int64_t *strides, uint32_t rank, int64_t offset)
{
    /* "strided<[" + rank * ("-9223372036854775808, ") + "], offset: " + 20 + ">" */
    char small[1024];
    size_t cap = 32 + (size_t)rank * 22 + 24;
    char *buf = cap <= sizeof small ? small : spvk_ir_alloc(ctx, cap);
    if (!buf)
        return NULL;
    size_t n = 0;
    memcpy(buf, "strided<[", 9);
    n = 9;
    for (uint32_t i = 0; i < rank; i++) {
        if (i) {
            buf[n++] = ',';
            buf[n++] = ' ';
        }
        n += put_dim(buf + n, strides[i]);
    }
    buf[n++] = ']';
    if (offset != 0) {
        memcpy(buf + n, ", offset: ", 10);
        n += 10;
        n += put_dim(buf + n, offset);
    }
    buf[n++] = '>';
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_OPAQUE;
    d.flags = SPVK_OPAQUE_BUILTIN;
    d.string = buf;
    d.length = n;
    return spvk_ir_attr_get(ctx, &d);
}

static void skip_space(const char **s, const char *e)
{
    while (*s < e && (**s == ' ' || **s == '\t' || **s == '\n' || **s == '\r'))
        (*s)++;
}

/* An integer (optionally negative) or `?`. */
static bool read_dim(const char **s, const char *e, int64_t *out)
{
    skip_space(s, e);
    if (*s < e && **s == '?') {
        (*s)++;
        *out = SPVK_DYNAMIC;
        return true;
    }
    bool neg = false;
    if (*s < e && **s == '-') {
        neg = true;
        (*s)++;
    }
    if (*s >= e || **s < '0' || **s > '9')
        return false;
    uint64_t v = 0;
    while (*s < e && **s >= '0' && **s <= '9') {
        uint64_t d = (uint64_t)(**s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
        (*s)++;
    }
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

static bool read_char(const char **s, const char *e, char c)
{
    skip_space(s, e);
    if (*s < e && **s == c) {
        (*s)++;
        return true;
    }
    return false;
}

bool spvk_ir_strided_layout_parse_text(const char *text, size_t length, int64_t *strides, uint32_t max, uint32_t *rank,
                                       int64_t *offset)
{
    const char *s = text, *e = text + length;
    *rank = 0;
    *offset = 0;
    if (length < 7 || memcmp(s, "strided", 7) != 0)
        return false;
    s += 7;
    if (!read_char(&s, e, '<') || !read_char(&s, e, '['))
        return false;
    if (!read_char(&s, e, ']')) {
        do {
            int64_t v;
            if (!read_dim(&s, e, &v))
                return false;
            if (*rank < max && strides)
                strides[*rank] = v;
            (*rank)++;
        } while (read_char(&s, e, ','));
        if (!read_char(&s, e, ']'))
            return false;
    }
    if (read_char(&s, e, ',')) {
        skip_space(&s, e);
        if (e - s < 6 || memcmp(s, "offset", 6) != 0)
            return false;
        s += 6;
        if (!read_char(&s, e, ':') || !read_dim(&s, e, offset))
            return false;
    }
    if (!read_char(&s, e, '>'))
        return false;
    skip_space(&s, e);
    return s == e && (!strides || *rank <= max);
}

bool spvk_ir_attr_is_strided_layout(const spvk_ir_attr *a)
{
    return a && !a->dialect && a->kind == SPVK_ATTR_OPAQUE && a->flags == SPVK_OPAQUE_BUILTIN && a->string &&
           a->length >= 8 && memcmp(a->string, "strided<", 8) == 0;
}

bool spvk_ir_strided_layout_get(const spvk_ir_attr *a, int64_t *strides, uint32_t max, uint32_t *rank, int64_t *offset)
{
    if (!spvk_ir_attr_is_strided_layout(a))
        return false;
    return spvk_ir_strided_layout_parse_text(a->string, a->length, strides, max, rank, offset);
}

bool spvk_ir_memref_strides(const spvk_ir_type *t, int64_t *strides, uint32_t max, int64_t *offset)
{
    if (!t || t->dialect || t->kind != SPVK_TYPE_MEMREF || (t->flags & SPVK_SHAPE_UNRANKED) || t->num_ints > max)
        return false;
    const spvk_ir_attr *layout = t->num_attrs > 0 ? t->attrs[0] : NULL;
    uint32_t rank = t->num_ints;
    if (!layout) {
        /* Row-major: a stride is the product of the sizes after it; dynamic once one of them is. */
        int64_t running = 1;
        for (uint32_t i = rank; i-- > 0;) {
            strides[i] = running;
            int64_t d = t->ints[i];
            if (running == SPVK_DYNAMIC || d == SPVK_DYNAMIC)
                running = SPVK_DYNAMIC;
            else if (d != 0 && running > INT64_MAX / d)
                running = SPVK_DYNAMIC;
            else
                running *= d;
        }
        *offset = 0;
        return true;
    }
    uint32_t n = 0;
    if (!spvk_ir_strided_layout_get(layout, strides, max, &n, offset) || n != rank)
        return false;
    return true;
}
