/* libFuzzer harness: the deserializer on arbitrary bytes, then, for what it accepts, the verifier,
   the printer, the parser on the printed text and the serializer. Every step must end in a result
   code, never a crash, a leak or an over-read; what the deserializer accepts must print, parse
   back and serialize. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size % 4 || size > (1u << 20))
        return 0;
    uint32_t *words = malloc(size ? size : 4);
    if (!words)
        return 0;
    memcpy(words, data, size);
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_spirv_deserialize(ctx, words, size / 4, &module, &d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_OK && spvk_ir_verify(ctx, module, &d) == SPVK_OK) {
        spvk_ir_print_options po = {.generic = false, .debug_info = false, .assume_verified = false};
        char *text = spvk_ir_print(ctx, module, &po);
        if (!text)
            abort();
        spvk_ir_op *reparsed = NULL;
        if (spvk_ir_parse(ctx, text, strlen(text), "fuzz", &reparsed, &d) != SPVK_OK)
            abort(); /* the printer wrote something its parser refuses */
        spvk_free(NULL, text, strlen(text) + 1);
        uint32_t *out = NULL;
        size_t n = 0;
        spvk_result s = spvk_spirv_serialize(ctx, module, &out, &n, &d);
        if (s != SPVK_OK && s != SPVK_ERROR_INVALID)
            abort();
        spvk_free(NULL, out, n * 4);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    free(words);
    return 0;
}
