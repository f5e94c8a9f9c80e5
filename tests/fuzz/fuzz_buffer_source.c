/* libFuzzer harness: buffer sources as `spvkit run` takes them (--buffer, --expect). Sources
   naming a file (@FILE) are skipped: the harness must not open arbitrary paths.
   Everything is allocated through a hook with a 1 MiB budget: a source may legitimately ask
   for up to 1 GiB (iota:145307224:u16 is 290 MB, and its text three times that), which would
   exhaust the fuzzer's memory without finding anything; past the budget the harness checks
   the out-of-memory path instead, and that it leaks nothing. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct budget {
    size_t live, limit;
} budget;

static void *budget_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    budget *b = user;
    if (new_size == 0) {
        free(ptr);
        b->live -= old_size;
        return NULL;
    }
    if (new_size > old_size && new_size - old_size > b->limit - b->live)
        return NULL;
    void *p = realloc(ptr, new_size);
    if (p)
        b->live = b->live - old_size + new_size;
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096 || (size && data[0] == '@'))
        return 0;
    char *source = malloc(size + 1);
    if (!source)
        return 0;
    memcpy(source, data, size);
    source[size] = '\0';
    budget used = {0, (size_t)1 << 20};
    spvk_allocator a = {budget_realloc, &used};
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, &a);
    spvk_typed_buffer b;
    spvk_result r = spvk_typed_buffer_from_source(source, &a, &b, &d);
    if (r == SPVK_OK) {
        char *text = spvk_format_elements(b.data, b.count, b.type, &a);
        spvk_comparison c;
        spvk_compare_elements(b.data, b.data, b.count, b.type, 0, &c);
        if (c.mismatches)
            abort(); /* a buffer always matches itself */
        if (text)
            spvk_free(&a, text, strlen(text) + 1);
        spvk_typed_buffer_free(&b, &a);
    } else if (r == SPVK_ERROR_INVALID && d.count == 0) {
        abort(); /* every rejection says why */
    }
    spvk_diagnostics_free(&d);
    if (used.live != 0)
        abort(); /* every path frees what it allocated */
    free(source);
    return 0;
}
