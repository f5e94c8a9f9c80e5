/* The pass registry: the one table of every pass spvkit ships, by argument. A new pass is one
   line here (kept sorted by argument: lookups bisect) and one in passes.h. */
#include <string.h>

#include "passes.h"

static const spvk_pass_def *const passes[] = {
    &spvk_canonicalize_pass,
    &spvk_cse_pass,
    &spvk_symbol_dce_pass,
};

uint32_t spvk_pass_registry_count(void) { return (uint32_t)(sizeof passes / sizeof passes[0]); }

const spvk_pass_def *spvk_pass_registry_at(uint32_t index)
{
    return index < spvk_pass_registry_count() ? passes[index] : NULL;
}

const spvk_pass_def *spvk_pass_registry_lookup(const char *argument, size_t length)
{
    /* A few dozen passes, looked up once per pipeline element: a scan is enough. */
    for (uint32_t i = 0; argument && i < spvk_pass_registry_count(); i++)
        if (strncmp(passes[i]->argument, argument, length) == 0 && passes[i]->argument[length] == '\0')
            return passes[i];
    return NULL;
}
