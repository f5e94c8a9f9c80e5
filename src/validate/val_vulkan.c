/* Placeholder: the rules of this family are being written. */
#include "val_internal.h"

void val_check_vulkan(val_state *v) { (void)v; }
