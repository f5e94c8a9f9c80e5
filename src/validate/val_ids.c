/* Ids (SPIR-V 2.2.1, 2.16.1): every id used is defined; an id is used after its definition
   except where the specification allows a forward reference; a Result Type is a type; an id
   defined inside a function is used only inside that function. Uses inside a function that
   its definition does not dominate are val_cfg.c's. */
#include "val_internal.h"

bool val_forward_reference_allowed(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_Name:
    case SPVK_OP_MemberName:
    case SPVK_OP_Decorate:
    case SPVK_OP_DecorateId:
    case SPVK_OP_DecorateString:
    case SPVK_OP_MemberDecorate:
    case SPVK_OP_MemberDecorateString:
    case SPVK_OP_GroupDecorate:
    case SPVK_OP_GroupMemberDecorate:
    case SPVK_OP_EntryPoint:
    case SPVK_OP_ExecutionMode:
    case SPVK_OP_ExecutionModeId:
    case SPVK_OP_TypeForwardPointer:
    case SPVK_OP_Phi:
    case SPVK_OP_Branch:
    case SPVK_OP_BranchConditional:
    case SPVK_OP_Switch:
    case SPVK_OP_LoopMerge:
    case SPVK_OP_SelectionMerge:
    case SPVK_OP_FunctionCall:
    case SPVK_OP_ExtInstWithForwardRefsKHR: /* SPV_KHR_relaxed_extended_instruction: that is its purpose */
    case SPVK_OP_EnqueueKernel:
    case SPVK_OP_GetKernelNDrangeSubGroupCount:
    case SPVK_OP_GetKernelNDrangeMaxSubGroupSize:
    case SPVK_OP_GetKernelWorkGroupSize:
    case SPVK_OP_GetKernelPreferredWorkGroupSizeMultiple:
    case SPVK_OP_GetKernelLocalSizeForSubgroupCount:
    case SPVK_OP_GetKernelMaxNumSubgroups:
        return true;
    default:
        return false;
    }
}

/* Whether the operand at index k of instruction i may name an id defined later. */
static bool forward_allowed(const val_state *v, const val_inst *i, uint32_t k)
{
    if (val_forward_reference_allowed(i->opcode))
        return true;
    switch (i->opcode) {
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeStruct:
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeFunction: {
        /* A pointer type declared ahead by OpTypeForwardPointer may be used before its
           OpTypePointer. */
        uint32_t id = val_words(v, i)[val_operands(v, i)[k].offset];
        return (val_type_flags(v, id) & VAL_TYPE_CONTAINS_POINTER) != 0;
    }
    default:
        return false;
    }
}

void val_check_ids(val_state *v)
{
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        const spvk_operand *ops = val_operands(v, i);
        for (uint32_t n = 0; n < i->num_operands; n++) {
            const spvk_operand *o = &ops[n];
            if (o->kind == SPVK_OPERAND_IdResult || spvk_operand_kind(o->kind)->category != SPVK_CATEGORY_ID)
                continue;
            uint32_t id = w[o->offset];
            const val_id *e = val_id_find(v, id);
            if (!e || e->def == VAL_NONE) {
                val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is used but never defined", id);
                continue;
            }
            const val_inst *d = &v->insts[e->def];
            if (o->kind == SPVK_OPERAND_IdResultType &&
                spvk_instruction_by_opcode(d->opcode)->instruction_class != SPVK_CLASS_TYPE_DECLARATION) {
                val_error(v, k, VAL_RULE_UNIVERSAL, "the Result Type %%%u is not a type (it is an %s)", id,
                          spvk_instruction_by_opcode(d->opcode)->name);
                continue;
            }
            if (d->function != VAL_NONE && d->function != i->function && i->opcode != SPVK_OP_Name &&
                i->opcode != SPVK_OP_Decorate && i->opcode != SPVK_OP_DecorateId &&
                i->opcode != SPVK_OP_DecorateString && i->opcode != SPVK_OP_GroupDecorate) {
                /* OpFunction itself belongs to its function but is called from others. */
                if (d->opcode != SPVK_OP_Function)
                    val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is defined in another function", id);
                continue;
            }
            /* Inside one function, order is dominance's business (val_cfg.c). */
            if (e->def > k && i->function == VAL_NONE && !forward_allowed(v, i, n))
                val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is used before its definition, and %s does not allow a "
                          "forward reference there", id, spvk_instruction_by_opcode(i->opcode)->name);
        }
    }
}
