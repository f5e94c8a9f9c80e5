/* libFuzzer harness: device profiles (spvkit's line format and MLIR's #spirv.target_env<...>) on
   arbitrary bytes. Any input must give SPVK_OK with a consistent target, or SPVK_ERROR_INVALID with
   at least one diagnostic placed in the text (file:line:col); never a crash, a leak or an over-read. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"
#include "spvkit/target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly the input, without a terminating NUL, so that ASan sees any read past it. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    spvk_target target;
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_result r = spvk_target_from_profile(text, size, "fuzz.profile", NULL, &target, &d);
    if (r == SPVK_OK) {
        if (d.count != 0 || !memchr(target.name, '\0', sizeof target.name))
            abort();
        if (target.min_spirv_version > target.max_spirv_version ||
            target.num_coop_matrices > SPVK_TARGET_MAX_COOP_MATRICES)
            abort();
        for (uint32_t k = 0; k < target.num_coop_matrices; k++) {
            const spvk_target_coop_matrix *m = &target.coop_matrices[k];
            if (!memchr(m->a_type, '\0', sizeof m->a_type) || !memchr(m->result_type, '\0', sizeof m->result_type))
                abort();
        }
    } else {
        if (r != SPVK_ERROR_INVALID || d.count == 0)
            abort();
        for (size_t k = 0; k < d.count; k++) {
            const spvk_diagnostic *e = &d.items[k];
            if (!e->message || !e->message[0] || strchr(e->message, '\n') || !e->file || e->line == 0 ||
                e->column == 0)
                abort();
        }
    }
    spvk_diagnostics_free(&d);
    free(text);
    return 0;
}
