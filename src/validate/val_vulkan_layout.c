/* The Vulkan environment's explicit layout rules (placeholder: being written). */
#include "val_internal.h"

void val_check_vulkan_layout(val_state *v)
{
    (void)v;
}
