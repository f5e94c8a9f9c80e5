/* SPV_KHR_bfloat16: the allowlist the extension adds to SPIR-V 2.16.1 (objects whose type is or
   includes a BFloat16KHR float may be used only by the listed instruction classes and opcodes),
   the extended instruction sets whose instructions are defined on IEEE floats only, and, under
   Vulkan, no Input or Output variables of bf16 (VUID-StandaloneSpirv-OpTypeFloat-10370).
   The capabilities bf16 OpDot and cooperative matrices need are val_requirements.c's. */
#include <string.h>

#include "val_internal.h"

#define RULE_VK_IO "VUID-StandaloneSpirv-OpTypeFloat-10370"

/* The instruction classes and opcodes of the extension's bullet list. The grammar files the
   cooperative matrix load and store under Memory and OpCooperativeMatrixLengthKHR under
   Miscellaneous, as SPV_KHR_cooperative_matrix does. */
static bool allowed(uint32_t opcode)
{
    switch (opcode) {
    case SPVK_OP_Dot:
    case SPVK_OP_CooperativeMatrixMulAddKHR:
    case SPVK_OP_CooperativeMatrixLengthKHR:
    case SPVK_OP_Select:
    case SPVK_OP_Phi:
    case SPVK_OP_ReturnValue:
    case SPVK_OP_LifetimeStart:
    case SPVK_OP_LifetimeStop:
        return true;
    default:
        break;
    }
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(opcode);
    if (!d)
        return true; /* unknown opcodes are the layout family's */
    switch (d->instruction_class) {
    case SPVK_CLASS_CONSTANT_CREATION:
    case SPVK_CLASS_MEMORY:
    case SPVK_CLASS_FUNCTION:
    case SPVK_CLASS_CONVERSION:
    case SPVK_CLASS_COMPOSITE:
    case SPVK_CLASS_ANNOTATION:
    case SPVK_CLASS_DEBUG:
    case SPVK_CLASS_MISCELLANEOUS:
    case SPVK_CLASS_EXTENSION:
    case SPVK_CLASS_MODE_SETTING:
    case SPVK_CLASS_TYPE_DECLARATION: /* types are not objects: a bf16 component type is no use */
        return true;
    default:
        return false;
    }
}

static bool is_bf16_object_type(const val_state *v, uint32_t type_id)
{
    return type_id && (val_type_flags(v, type_id) & VAL_TYPE_CONTAINS_BF16);
}

/* The first object of bf16 type the instruction produces or consumes: its result (0 when the
   result type is bf16) or an id operand; sets *type. false when there is none. */
static bool find_bf16_use(const val_state *v, const val_inst *i, uint32_t *id, uint32_t *type)
{
    if (is_bf16_object_type(v, i->type_id)) {
        *id = i->result_id;
        *type = i->type_id;
        return true;
    }
    const uint32_t *words = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    for (uint32_t n = 0; n < i->num_operands; n++) {
        if (ops[n].kind != SPVK_OPERAND_IdRef || ops[n].offset >= i->num_words)
            continue;
        uint32_t t = val_type_of(v, words[ops[n].offset]);
        if (is_bf16_object_type(v, t)) {
            *id = words[ops[n].offset];
            *type = t;
            return true;
        }
    }
    return false;
}

static const char *op_name(uint32_t opcode)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(opcode);
    return d ? d->name : "an unknown instruction";
}

/* GLSL.std.450 and OpenCL.std define their instructions on IEEE 754 floats (GLSL.std.450: "16-bit
   or 32-bit floating-point", the 16-bit one being binary16); the extension adds bf16 to neither. */
static bool ieee_only_set(const val_inst *i)
{
    if (i->ext_set == SPVK_EXT_INST_SET_NONE)
        return false;
    const spvk_ext_inst_set_desc *s = spvk_ext_inst_set(i->ext_set);
    return s && s->import_name &&
           (strcmp(s->import_name, "GLSL.std.450") == 0 || strcmp(s->import_name, "OpenCL.std") == 0);
}

static void check_inst(val_state *v, const val_inst *i)
{
    uint32_t id = 0, type = 0;
    if (!find_bf16_use(v, i, &id, &type))
        return;
    uint32_t k = val_index(v, i);
    uint32_t opcode = i->opcode;
    const uint32_t *words = val_words(v, i);
    /* OpSpecConstantOp applies its operation to the constants: that operation is the use. */
    if (opcode == SPVK_OP_SpecConstantOp && i->num_words >= 4)
        opcode = words[3];
    if (i->opcode == SPVK_OP_ExtInst && ieee_only_set(i)) {
        const spvk_ext_inst_set_desc *s = spvk_ext_inst_set(i->ext_set);
        val_error(v, k, VAL_RULE_BF16,
                  "%s instructions are defined on IEEE 754 floats only, but %%%u has the bf16 (BFloat16KHR) "
                  "type %%%u; convert it with OpFConvert first",
                  s->import_name, id ? id : i->result_id, type);
        return;
    }
    if (allowed(opcode))
        return;
    const char *what = id == i->result_id ? "produces" : "uses";
    if (opcode != i->opcode)
        val_error(v, k, VAL_RULE_BF16,
                  "OpSpecConstantOp %s %s %%%u of type %%%u, which is or contains a bf16 (BFloat16KHR) float; "
                  "such objects may be used only by the instructions SPV_KHR_bfloat16 lists",
                  op_name(opcode), what, id, type);
    else
        val_error(v, k, VAL_RULE_BF16,
                  "%s %s %%%u of type %%%u, which is or contains a bf16 (BFloat16KHR) float; such objects may be "
                  "used only by constant-creation, memory, function, conversion, composite, annotation, debug, "
                  "miscellaneous, extension and mode-setting instructions, OpDot, OpCooperativeMatrixMulAddKHR, "
                  "OpCooperativeMatrixLengthKHR, OpSelect, OpPhi, OpReturnValue, OpLifetimeStart and "
                  "OpLifetimeStop",
                  op_name(opcode), what, id, type);
}

static void check_vulkan_interface(val_state *v, const val_inst *i)
{
    if (i->opcode != SPVK_OP_Variable || i->num_words < 4)
        return;
    uint32_t storage = val_words(v, i)[3], pointee = 0, pointer_storage;
    if (storage != SPVK_STORAGE_CLASS_Input && storage != SPVK_STORAGE_CLASS_Output)
        return;
    if (!val_pointer_info(v, i->type_id, &pointer_storage, &pointee) || !is_bf16_object_type(v, pointee))
        return;
    val_error(v, val_index(v, i), RULE_VK_IO,
              "%%%u is an %s variable of type %%%u, which is or contains a bf16 (BFloat16KHR) float; Vulkan "
              "allows no bf16 in the Input and Output storage classes",
              i->result_id, storage == SPVK_STORAGE_CLASS_Input ? "Input" : "Output", pointee);
}

void val_check_bf16(val_state *v)
{
    /* Without BFloat16TypeKHR no bf16 type can be valid, and the requirements family has said
       so at the type; the walk is still cheap, so run it whenever a bf16 type may exist. */
    bool vulkan = v->target->api == SPVK_CLIENT_VULKAN;
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        check_inst(v, i);
        if (vulkan)
            check_vulkan_interface(v, i);
    }
}
