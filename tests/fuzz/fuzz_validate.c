/* libFuzzer harness: the validator on arbitrary bytes, with max_errors 16. Any input must give
   SPVK_OK or SPVK_ERROR_INVALID (at least one diagnostic, at most 16, each a one-line message), never
   a crash, a leak or an over-read.
   The input's whole words are the module; the 0 to 3 bytes past them pick the environment
   (none: universal rules; then vulkan1.3, opencl2.2-embedded, vulkan1.0), so seeds made of whole
   modules start universal and mutations reach the environment rules. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"
#include "spvkit/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const envs[4] = {NULL, "vulkan1.3", "opencl2.2-embedded", "vulkan1.0"};
    size_t count = size / 4;
    /* A copy of exactly the module's words, so that ASan sees any read past them. */
    uint32_t *words = malloc(count ? count * 4 : 1);
    if (!words)
        return 0;
    memcpy(words, data, count * 4);
    spvk_target target;
    spvk_validate_options options = {.target = NULL, .source_map = NULL};
    const char *env = envs[size % 4];
    if (env && spvk_target_from_name(env, &target) == SPVK_OK)
        options.target = &target;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    d.max_errors = 16;
    spvk_result r = spvk_validate(words, count, &options, NULL, &d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if ((r == SPVK_OK) != (d.count == 0) || d.count > 16)
        abort();
    for (size_t k = 0; k < d.count; k++)
        if (!d.items[k].message || !d.items[k].message[0] || strchr(d.items[k].message, '\n'))
            abort();
    spvk_diagnostics_free(&d);
    free(words);
    return 0;
}
