/* The memory family's entry points beyond val_check_memory (val_memory.c). */
#ifndef SPVK_VAL_MEMORY_H
#define SPVK_VAL_MEMORY_H

#include "val_internal.h"

/* SPIR-V 2.16.1's logical pointer rules for one instruction of any class: without the
   VariablePointers capabilities, a logical pointer is an operand or result only of the
   instructions the rule lists. Called by val_check_instructions for every instruction. */
void val_check_pointer_uses(val_state *v, const val_inst *i);
/* SPIR-V 2.16.1's memory model rules (NonPrivatePointer storage classes, Device scope under the
   Vulkan memory model) for one instruction of any class. */
void val_check_memory_model(val_state *v, const val_inst *i);

#endif
