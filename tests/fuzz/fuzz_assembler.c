/* libFuzzer harness: the assembler on arbitrary text, then the disassembler on what it made. */
#include <stdlib.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_assemble_options o = {.preserve_numeric_ids = size > 0 && (data[0] & 1), .file_name = "fuzz.spvasm"};
    uint32_t *words = NULL;
    size_t count = 0;
    spvk_result r = spvk_assemble((const char *)data, size, &o, NULL, &words, &count, &d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_ERROR_INVALID && d.count == 0)
        abort(); /* every rejection says why */
    spvk_diagnostics_free(&d);
    if (words) {
        char *text = NULL;
        size_t length = 0;
        spvk_diagnostics_init(&d, NULL);
        spvk_disassemble(words, count * 4, NULL, NULL, &text, &length, &d);
        spvk_diagnostics_free(&d);
        spvk_free(NULL, text, length + 1);
        spvk_free(NULL, words, count * 4);
    }
    return 0;
}
