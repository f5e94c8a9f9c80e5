/* The SPIR-V binary writer: a growable word buffer with instruction framing. */
#include <string.h>

#include "spvkit/binary.h"
#include "../support/support.h"

void spvk_writer_init(spvk_writer *w, const spvk_allocator *allocator)
{
    memset(w, 0, sizeof *w);
    w->allocator = allocator;
    w->instruction_start = SIZE_MAX;
}

void spvk_writer_free(spvk_writer *w)
{
    spvk_free(w->allocator, w->words, w->capacity * sizeof *w->words);
    w->words = NULL;
    w->count = w->capacity = 0;
}

static bool reserve(spvk_writer *w, size_t extra)
{
    if (w->failed)
        return false;
    if (w->capacity - w->count >= extra)
        return true;
    size_t cap = w->capacity ? w->capacity : 1024;
    while (cap - w->count < extra)
        cap *= 2;
    uint32_t *p = spvk_realloc(w->allocator, w->words, w->capacity * sizeof *p, cap * sizeof *p);
    if (!p) {
        w->failed = true;
        return false;
    }
    w->words = p;
    w->capacity = cap;
    return true;
}

void spvk_writer_header(spvk_writer *w, uint32_t version, uint32_t generator, uint32_t bound)
{
    const uint32_t header[SPVK_HEADER_WORDS] = {SPVK_MAGIC, version, generator, bound, 0};
    spvk_writer_words(w, header, SPVK_HEADER_WORDS);
}

void spvk_writer_set_bound(spvk_writer *w, uint32_t bound)
{
    if (w->count >= SPVK_HEADER_WORDS)
        w->words[3] = bound;
}

void spvk_writer_begin(spvk_writer *w, uint32_t opcode)
{
    w->instruction_start = w->count;
    spvk_writer_word(w, opcode & 0xffff);
}

void spvk_writer_word(spvk_writer *w, uint32_t word)
{
    if (w->count < w->capacity || reserve(w, 1))
        w->words[w->count++] = word;
}

void spvk_writer_words(spvk_writer *w, const uint32_t *words, size_t count)
{
    if (reserve(w, count)) {
        memcpy(w->words + w->count, words, count * sizeof *words);
        w->count += count;
    }
}

void spvk_writer_string(spvk_writer *w, const char *s, size_t length)
{
    size_t nwords = length / 4 + 1;
    if (!reserve(w, nwords))
        return;
    uint32_t *dst = w->words + w->count;
    memset(dst, 0, nwords * 4);
    /* Bytes go in memory order, which is the low-order-first packing the spec asks for on a
       little-endian host; a big-endian host packs by shifting. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (size_t i = 0; i < length; i++)
        dst[i / 4] |= (uint32_t)(unsigned char)s[i] << (8 * (i % 4));
#else
    memcpy(dst, s, length);
#endif
    w->count += nwords;
}

bool spvk_writer_end(spvk_writer *w)
{
    if (w->failed || w->instruction_start == SIZE_MAX)
        return false;
    size_t n = w->count - w->instruction_start;
    w->instruction_start = SIZE_MAX;
    if (n > 0xffff)
        return false;
    w->words[w->count - n] |= (uint32_t)n << 16;
    return true;
}

void spvk_writer_instruction(spvk_writer *w, uint32_t opcode, const uint32_t *operands, size_t count)
{
    spvk_writer_begin(w, opcode);
    spvk_writer_words(w, operands, count);
    spvk_writer_end(w);
}
