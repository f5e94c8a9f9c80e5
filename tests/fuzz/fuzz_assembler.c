/* libFuzzer harness: the assembler on arbitrary text, then the disassembler on what it made; when
   the first byte's bit 1 is set, also the validator with the assembler's source map, as `spvkit
   val` runs on assembly (file:line:col and the text's names in its diagnostics). */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"
#include "spvkit/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_source_map map;
    memset(&map, 0, sizeof map);
    bool validate = size > 0 && (data[0] & 2);
    spvk_assemble_options o = {.preserve_numeric_ids = size > 0 && (data[0] & 1), .file_name = "fuzz.spvasm",
                               .source_map = validate ? &map : NULL};
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
        if (validate) {
            spvk_validate_options vo = {.target = NULL, .source_map = &map};
            spvk_diagnostics_init(&d, NULL);
            d.max_errors = 16;
            r = spvk_validate(words, count, &vo, NULL, &d);
            if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
                abort();
            for (size_t k = 0; k < d.count; k++)
                if (!d.items[k].message || strchr(d.items[k].message, '\n'))
                    abort();
            spvk_diagnostics_free(&d);
        }
        spvk_free(NULL, words, count * 4);
    }
    spvk_source_map_free(&map);
    return 0;
}
