#include "../support/support.h"
#include "target_internal.h"
spvk_result spvk_target_from_profile(const char *text, size_t length, const char *file_name,
                                     const spvk_allocator *allocator, spvk_target *target, spvk_diagnostics *diags)
{
    (void)text; (void)length; (void)file_name; (void)allocator; (void)target; (void)diags;
    return SPVK_ERROR_USAGE;
}
