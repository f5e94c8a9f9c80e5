/* libFuzzer harness: buffer sources as `spvkit run` takes them (--buffer, --expect). Sources
   naming a file (@FILE) are skipped: the harness must not open arbitrary paths. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096 || (size && data[0] == '@'))
        return 0;
    char *source = malloc(size + 1);
    if (!source)
        return 0;
    memcpy(source, data, size);
    source[size] = '\0';
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_typed_buffer b;
    spvk_result r = spvk_typed_buffer_from_source(source, NULL, &b, &d);
    if (r == SPVK_OK) {
        char *text = spvk_format_elements(b.data, b.count, b.type, NULL);
        spvk_comparison c;
        spvk_compare_elements(b.data, b.data, b.count, b.type, 0, &c);
        if (c.mismatches)
            abort(); /* a buffer always matches itself */
        free(text);
        spvk_typed_buffer_free(&b, NULL);
    } else if (r == SPVK_ERROR_INVALID && d.count == 0) {
        abort(); /* every rejection says why */
    }
    spvk_diagnostics_free(&d);
    free(source);
    return 0;
}
