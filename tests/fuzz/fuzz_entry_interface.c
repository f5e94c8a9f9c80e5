/* libFuzzer harness: the entry-point interface `spvkit run` reads from a module (resources and
   their layouts, spec constants, workgroup size). Any input either yields an interface whose
   every field is consistent or is rejected with a diagnostic. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size % 4 || size > (1u << 20))
        return 0;
    uint32_t *words = malloc(size + 4);
    if (!words)
        return 0;
    memcpy(words, data, size);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_entry_interface *entry = NULL;
    spvk_result r = spvk_entry_interface_read(words, size / 4, NULL, NULL, &entry, &d);
    if (r == SPVK_OK) {
        for (size_t i = 0; i < entry->num_resources; i++) {
            const spvk_resource *res = &entry->resources[i];
            if (spvk_entry_interface_find(entry, res->set, res->binding) == NULL)
                abort(); /* every resource can be found by its binding */
        }
        for (int dim = 0; dim < 3; dim++)
            if (entry->local_size_source != SPVK_LOCAL_SIZE_NONE && entry->local_size[dim] == 0)
                abort(); /* a zero workgroup size is rejected */
        if (!entry->name)
            abort();
        spvk_entry_interface_free(entry, NULL);
    } else if (d.count == 0) {
        abort(); /* every rejection says why */
    }
    spvk_diagnostics_free(&d);
    free(words);
    return 0;
}
