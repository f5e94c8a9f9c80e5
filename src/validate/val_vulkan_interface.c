/* The Vulkan environment's shader interface rules (placeholder: being written). */
#include "val_internal.h"

void val_check_vulkan_interface(val_state *v)
{
    (void)v;
}
