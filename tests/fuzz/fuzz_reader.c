/* libFuzzer harness: the binary reader and the disassembler on arbitrary bytes. Any input must
   give SPVK_OK or SPVK_ERROR_INVALID, never a crash, a leak or an over-read. */
#include <stdlib.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_parse(data, size, NULL, NULL, NULL, &d);
    spvk_diagnostics_free(&d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    for (int raw = 0; raw < 2; raw++) {
        spvk_disassemble_options o = {raw != 0, false, false};
        char *text = NULL;
        size_t length = 0;
        spvk_diagnostics_init(&d, NULL);
        spvk_result r2 = spvk_disassemble(data, size, &o, NULL, &text, &length, &d);
        spvk_diagnostics_free(&d);
        if (r2 != r)
            abort(); /* the disassembler accepts exactly what the reader accepts */
        spvk_free(NULL, text, length + 1);
    }
    return 0;
}
