/* Placeholder: the rules of this family are being written. */
#include "val_internal.h"

void val_check_opencl(val_state *v) { (void)v; }
