/* Internal support: the allocator hook, growable buffers, diagnostics helpers, hashing. */
#ifndef SPVK_SUPPORT_H
#define SPVK_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spvkit/common.h"

#if defined(__GNUC__)
#define SPVK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SPVK_PRINTF(f, a)
#endif

void *spvk_alloc(const spvk_allocator *a, size_t size);
void *spvk_realloc(const spvk_allocator *a, void *ptr, size_t old_size, size_t new_size);
/* spvk_free(a, ptr, size) is public (common.h). */

/* Grows the array *items of *capacity elements of elem_size bytes so that it holds at least
   need elements: doubling from initial, new elements zeroed. Returns false when out of memory,
   leaving the array as it was. */
bool spvk_array_grow(const spvk_allocator *a, void *items, size_t *capacity, size_t need, size_t elem_size,
                     size_t initial);
/* The same, leaving new elements as they come (for arrays whose elements are written whole when
   they are added: untouched capacity costs no memory). */
bool spvk_array_reserve(const spvk_allocator *a, void *items, size_t *capacity, size_t need, size_t elem_size,
                        size_t initial);

/* A growable byte buffer. On allocation failure it sets failed and drops further writes, so
   callers check once at the end. */
typedef struct spvk_buffer {
    char *data;
    size_t length;
    size_t capacity;
    bool failed;
    const spvk_allocator *allocator;
} spvk_buffer;

void spvk_buffer_init(spvk_buffer *b, const spvk_allocator *a);
void spvk_buffer_free(spvk_buffer *b);
bool spvk_buffer_reserve(spvk_buffer *b, size_t extra);
void spvk_buffer_append_slow(spvk_buffer *b, const void *data, size_t length);

/* The common case inline (printers append a few bytes at a time); growth out of line. */
static inline void spvk_buffer_append(spvk_buffer *b, const void *data, size_t length)
{
    if (b->capacity - b->length >= length) {
        if (length) {
            memcpy(b->data + b->length, data, length);
            b->length += length;
        }
    } else {
        spvk_buffer_append_slow(b, data, length);
    }
}

static inline void spvk_buffer_append_char(spvk_buffer *b, char c)
{
    if (b->length < b->capacity)
        b->data[b->length++] = c;
    else
        spvk_buffer_append_slow(b, &c, 1);
}

/* Inline so that the length of a literal is known at compile time. */
static inline void spvk_buffer_append_string(spvk_buffer *b, const char *s) { spvk_buffer_append(b, s, strlen(s)); }
void spvk_buffer_printf(spvk_buffer *b, const char *fmt, ...) SPVK_PRINTF(2, 3);
void spvk_buffer_append_uint(spvk_buffer *b, uint64_t value);
/* Hands over the data, nul-terminated, and resets the buffer. NULL if any write failed. */
char *spvk_buffer_take_string(spvk_buffer *b);

char *spvk_strdup(const spvk_allocator *a, const char *s, size_t length);
char *spvk_vformat(const spvk_allocator *a, const char *fmt, va_list ap);

/* Appends a diagnostic; returns false when out of memory. The strings are copied. */
bool spvk_diag_add(spvk_diagnostics *d, spvk_severity severity, const char *rule, size_t word_offset,
                   uint32_t opcode, const char *file, uint32_t line, uint32_t column, const char *source_line,
                   size_t source_line_length, const char *fmt, ...) SPVK_PRINTF(11, 12);
bool spvk_diag_vadd(spvk_diagnostics *d, spvk_severity severity, const char *rule, size_t word_offset,
                    uint32_t opcode, const char *file, uint32_t line, uint32_t column, const char *source_line,
                    size_t source_line_length, const char *fmt, va_list ap);
size_t spvk_diag_error_count(const spvk_diagnostics *d);

/* A spinning thread's pause (lets a sibling hardware thread run; no-op elsewhere). */
static inline void spvk_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline uint32_t spvk_hash_bytes(const void *data, size_t length)
{
    /* Eight bytes per multiply (FNV-1a's byte-at-a-time chain cost four cycles a byte on every
       name interned), then a final mix; for hash tables, not for storage. */
    const unsigned char *p = (const unsigned char *)data;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)length;
    for (; length >= 8; p += 8, length -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    uint64_t w = 0;
    for (size_t i = 0; i < length; i++)
        w |= (uint64_t)p[i] << (8 * i);
    h = (h ^ w) * 0x94d049bb133111ebull;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(h ^ (h >> 32));
}

static inline uint32_t spvk_hash_u32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

#endif
