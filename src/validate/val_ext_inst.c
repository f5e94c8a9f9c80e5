/* Extended instructions (OpenCL.ExtendedInstructionSet.100 section 2.5, "Vector Data Load and
   Store Instructions"): the offset operand of the vload and vstore families is a size_t, an
   integer as wide as the addressing model's pointers. GLSL.std.450 and OpenCL.std operand types
   beyond this are not yet checked here; their bf16 rules are val_bf16.c's. */
#include <string.h>

#include "val_internal.h"

#define RULE_OPENCL_STD "OpenCL.ExtendedInstructionSet.100 section 2.5"

/* The word index of the offset operand of an OpenCL.std vload/vstore instruction, or 0. */
static uint32_t offset_word(uint32_t number)
{
    switch (number) {
    case 171: /* vloadn */
    case 173: /* vload_half */
    case 174: /* vload_halfn */
    case 179: /* vloada_halfn */
        return 5;
    case 172: /* vstoren */
    case 175: /* vstore_half */
    case 176: /* vstore_half_r */
    case 177: /* vstore_halfn */
    case 178: /* vstore_halfn_r */
    case 180: /* vstorea_halfn */
    case 181: /* vstorea_halfn_r */
        return 6;
    default:
        return 0;
    }
}

void val_check_ext_inst(val_state *v, const val_inst *i)
{
    if (i->ext_set == SPVK_EXT_INST_SET_NONE || i->num_words < 5)
        return;
    const spvk_ext_inst_set_desc *set = spvk_ext_inst_set(i->ext_set);
    if (!set || strcmp(set->import_name, "OpenCL.std") != 0)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t k = offset_word(w[4]);
    if (!k || k >= i->num_words)
        return;
    uint32_t width = v->addressing_model == SPVK_ADDRESSING_MODEL_Physical64 ? 64
                     : v->addressing_model == SPVK_ADDRESSING_MODEL_Physical32 ? 32 : 0;
    if (!width)
        return;
    uint32_t type = val_type_of(v, w[k]);
    if (!val_is_int_type(v, type) || val_bit_width(v, type) != width)
        val_error(v, val_index(v, i), RULE_OPENCL_STD, "the Offset %%%u of %s must be a size_t: a %u-bit integer "
                  "under the %s addressing model", w[k], spvk_ext_instruction_by_opcode(i->ext_set, w[4])->name, width,
                  width == 64 ? "Physical64" : "Physical32");
}
