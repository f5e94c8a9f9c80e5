/* Placeholder: the rules of this family are being written. */
#include "val_internal.h"

void val_check_atomic(val_state *v, const val_inst *i)
{
    (void)v;
    (void)i;
}
