/* Non-Uniform Instructions (SPIR-V 3.3.24): "The type of Value must be the same as Result Type"
   of the group operations (arithmetic, bitwise and logical), the broadcasts, shuffles, quad
   operations and OpGroupNonUniformRotateKHR. The ballot instructions take a Value of another
   type by their definitions and are left out. (SPIRV-Cross's subgroup-arithmetic-cast.asm.frag
   gives OpGroupNonUniformSMin a uint Result Type and an int Value.) */
#include "val_types.h"

#define RULE_NON_UNIFORM "SPIR-V 3.3.24"

/* The word of the Value operand, or 0 for instructions without the rule. */
static uint32_t value_word(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_GroupNonUniformIAdd:
    case SPVK_OP_GroupNonUniformFAdd:
    case SPVK_OP_GroupNonUniformIMul:
    case SPVK_OP_GroupNonUniformFMul:
    case SPVK_OP_GroupNonUniformSMin:
    case SPVK_OP_GroupNonUniformUMin:
    case SPVK_OP_GroupNonUniformFMin:
    case SPVK_OP_GroupNonUniformSMax:
    case SPVK_OP_GroupNonUniformUMax:
    case SPVK_OP_GroupNonUniformFMax:
    case SPVK_OP_GroupNonUniformBitwiseAnd:
    case SPVK_OP_GroupNonUniformBitwiseOr:
    case SPVK_OP_GroupNonUniformBitwiseXor:
    case SPVK_OP_GroupNonUniformLogicalAnd:
    case SPVK_OP_GroupNonUniformLogicalOr:
    case SPVK_OP_GroupNonUniformLogicalXor:
        return 5; /* Result Type, Result, Execution, Operation, Value */
    case SPVK_OP_GroupNonUniformBroadcast:
    case SPVK_OP_GroupNonUniformBroadcastFirst:
    case SPVK_OP_GroupNonUniformShuffle:
    case SPVK_OP_GroupNonUniformShuffleXor:
    case SPVK_OP_GroupNonUniformShuffleUp:
    case SPVK_OP_GroupNonUniformShuffleDown:
    case SPVK_OP_GroupNonUniformQuadBroadcast:
    case SPVK_OP_GroupNonUniformQuadSwap:
    case SPVK_OP_GroupNonUniformRotateKHR:
        return 4; /* Result Type, Result, Execution, Value */
    default:
        return 0;
    }
}

void val_check_non_uniform(val_state *v, const val_inst *i)
{
    uint32_t at = value_word(i->opcode);
    if (!at || i->num_words <= at || !val_def(v, i->type_id))
        return;
    uint32_t value = val_words(v, i)[at];
    uint32_t type = val_type_of(v, value);
    if (!val_def(v, value) || type == i->type_id)
        return;
    char a[96], b[96];
    val_error(v, val_index(v, i), RULE_NON_UNIFORM, "the Value %%%u of %s has type %s: the type of Value must be the "
              "same as Result Type (%s)", value, spvk_instruction_by_opcode(i->opcode)->name,
              val_type_describe(v, type, a, sizeof a), val_type_describe(v, i->type_id, b, sizeof b));
}
