/* The allocator hook, growable buffers and diagnostics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

const char *spvk_result_string(spvk_result result)
{
    switch (result) {
    case SPVK_OK: return "success";
    case SPVK_ERROR_INVALID: return "invalid input";
    case SPVK_ERROR_OUT_OF_MEMORY: return "out of memory";
    case SPVK_ERROR_IO: return "I/O error";
    case SPVK_ERROR_USAGE: return "usage error";
    case SPVK_ERROR_DEVICE: return "device error";
    }
    return "unknown result";
}

void *spvk_realloc(const spvk_allocator *a, void *ptr, size_t old_size, size_t new_size)
{
    if (a && a->realloc)
        return a->realloc(a->user, ptr, old_size, new_size);
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

void *spvk_alloc(const spvk_allocator *a, size_t size) { return spvk_realloc(a, NULL, 0, size ? size : 1); }

bool spvk_array_reserve(const spvk_allocator *a, void *items, size_t *capacity, size_t need, size_t elem_size,
                        size_t initial)
{
    void **p = (void **)items;
    if (need <= *capacity)
        return true;
    size_t cap = *capacity ? *capacity : initial;
    while (cap < need) {
        if (cap > SIZE_MAX / 2 / elem_size)
            return false;
        cap *= 2;
    }
    char *q = spvk_realloc(a, *p, *capacity * elem_size, cap * elem_size);
    if (!q)
        return false;
    *p = q;
    *capacity = cap;
    return true;
}

bool spvk_array_grow(const spvk_allocator *a, void *items, size_t *capacity, size_t need, size_t elem_size,
                     size_t initial)
{
    size_t old = *capacity;
    if (!spvk_array_reserve(a, items, capacity, need, elem_size, initial))
        return false;
    if (*capacity > old)
        memset(*(char **)items + old * elem_size, 0, (*capacity - old) * elem_size);
    return true;
}

void spvk_free(const spvk_allocator *a, void *ptr, size_t size)
{
    if (ptr)
        spvk_realloc(a, ptr, size, 0);
}

void spvk_buffer_init(spvk_buffer *b, const spvk_allocator *a)
{
    memset(b, 0, sizeof *b);
    b->allocator = a;
}

void spvk_buffer_free(spvk_buffer *b)
{
    spvk_free(b->allocator, b->data, b->capacity);
    b->data = NULL;
    b->length = b->capacity = 0;
}

bool spvk_buffer_reserve(spvk_buffer *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->capacity - b->length >= extra)
        return true;
    size_t need = b->length + extra;
    if (need < b->length) {
        b->failed = true;
        return false;
    }
    size_t cap = b->capacity ? b->capacity : 256;
    while (cap < need)
        cap = cap * 2 > cap ? cap * 2 : need;
    char *p = spvk_realloc(b->allocator, b->data, b->capacity, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->capacity = cap;
    return true;
}

void spvk_buffer_append_slow(spvk_buffer *b, const void *data, size_t length)
{
    if (length && spvk_buffer_reserve(b, length)) {
        memcpy(b->data + b->length, data, length);
        b->length += length;
    }
}


void spvk_buffer_append_uint(spvk_buffer *b, uint64_t value)
{
    if (value < 10) { /* most numbers a printer writes */
        spvk_buffer_append_char(b, (char)('0' + value));
        return;
    }
    static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                "8081828384858687888990919293949596979899";
    char tmp[24];
    size_t n = sizeof tmp;
    while (value >= 100) {
        const char *d = pairs + 2 * (value % 100);
        value /= 100;
        tmp[--n] = d[1];
        tmp[--n] = d[0];
    }
    if (value >= 10) {
        tmp[--n] = pairs[2 * value + 1];
        tmp[--n] = pairs[2 * value];
    } else {
        tmp[--n] = (char)('0' + value);
    }
    spvk_buffer_append(b, tmp + n, sizeof tmp - n);
}

void spvk_buffer_printf(spvk_buffer *b, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n >= 0 && spvk_buffer_reserve(b, (size_t)n + 1)) {
        vsnprintf(b->data + b->length, (size_t)n + 1, fmt, ap2);
        b->length += (size_t)n;
    }
    va_end(ap2);
}

char *spvk_buffer_take_string(spvk_buffer *b)
{
    spvk_buffer_append_char(b, '\0');
    if (b->failed) {
        spvk_buffer_free(b);
        return NULL;
    }
    /* Shrink to fit, so the caller frees exactly length + 1 bytes (the allocator hook is told
       sizes, as Lua's is). */
    char *s = b->data;
    if (b->capacity != b->length) {
        s = spvk_realloc(b->allocator, b->data, b->capacity, b->length);
        if (!s) {
            spvk_buffer_free(b);
            return NULL;
        }
    }
    b->data = NULL;
    b->length = b->capacity = 0;
    return s;
}

char *spvk_strdup(const spvk_allocator *a, const char *s, size_t length)
{
    char *p = spvk_alloc(a, length + 1);
    if (p) {
        memcpy(p, s, length);
        p[length] = '\0';
    }
    return p;
}

char *spvk_vformat(const spvk_allocator *a, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return NULL;
    char *p = spvk_alloc(a, (size_t)n + 1);
    if (p)
        vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

void spvk_diagnostics_init(spvk_diagnostics *d, const spvk_allocator *a)
{
    memset(d, 0, sizeof *d);
    d->allocator = a;
}

static void free_strings(const spvk_allocator *a, spvk_diagnostic *x)
{
    if (x->rule)
        spvk_free(a, x->rule, strlen(x->rule) + 1);
    if (x->message)
        spvk_free(a, x->message, strlen(x->message) + 1);
    if (x->source_line)
        spvk_free(a, x->source_line, strlen(x->source_line) + 1);
    if (x->instruction)
        spvk_free(a, x->instruction, strlen(x->instruction) + 1);
}

void spvk_diagnostics_free(spvk_diagnostics *d)
{
    for (size_t i = 0; i < d->count; i++)
        free_strings(d->allocator, &d->items[i]);
    spvk_free(d->allocator, d->items, d->capacity * sizeof *d->items);
    d->items = NULL;
    d->count = d->capacity = 0;
}

bool spvk_diag_vadd(spvk_diagnostics *d, spvk_severity severity, const char *rule, size_t word_offset,
                    uint32_t opcode, const char *file, uint32_t line, uint32_t column, const char *source_line,
                    size_t source_line_length, const char *fmt, va_list ap)
{
    if (!d)
        return true;
    if (d->max_errors && d->count >= d->max_errors) {
        d->dropped++;
        return true;
    }
    if (d->count == d->capacity) {
        size_t cap = d->capacity ? d->capacity * 2 : 8;
        spvk_diagnostic *p = spvk_realloc(d->allocator, d->items, d->capacity * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        d->items = p;
        d->capacity = cap;
    }
    spvk_diagnostic x;
    memset(&x, 0, sizeof x);
    x.severity = severity;
    x.word_offset = word_offset;
    x.opcode = opcode;
    x.file = file;
    x.line = line;
    x.column = column;
    x.message = spvk_vformat(d->allocator, fmt, ap);
    x.rule = rule ? spvk_strdup(d->allocator, rule, strlen(rule)) : NULL;
    x.source_line = source_line ? spvk_strdup(d->allocator, source_line, source_line_length) : NULL;
    if (!x.message || (rule && !x.rule) || (source_line && !x.source_line)) {
        free_strings(d->allocator, &x);
        return false;
    }
    d->items[d->count++] = x;
    return true;
}

bool spvk_diag_add(spvk_diagnostics *d, spvk_severity severity, const char *rule, size_t word_offset,
                   uint32_t opcode, const char *file, uint32_t line, uint32_t column, const char *source_line,
                   size_t source_line_length, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = spvk_diag_vadd(d, severity, rule, word_offset, opcode, file, line, column, source_line,
                             source_line_length, fmt, ap);
    va_end(ap);
    return ok;
}

size_t spvk_diag_error_count(const spvk_diagnostics *d)
{
    size_t n = d->dropped;
    for (size_t i = 0; i < d->count; i++)
        n += d->items[i].severity == SPVK_SEVERITY_ERROR;
    return n;
}

