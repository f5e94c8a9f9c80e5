/* Atomic and barrier instructions: the universal rules only (client APIs restrict scopes and
   semantics further in val_vulkan.c and val_opencl.c). The pointer of an atomic points to a
   scalar integer (a scalar float for the float atomics of SPV_EXT_shader_atomic_float_*), and
   the result and value types equal the pointee (each opcode's own requirements, SPIR-V
   2.16.1); Scope <id> and Memory Semantics <id> are 32-bit integer scalars (3.2.26, 3.2.24), of
   an OpConstant under the Shader capability (2.16.2), and a constant semantics value sets at
   most one of the four memory order bits (3.2.24). */
#include "val_internal.h"

#define RULE_SEMANTICS "SPIR-V 3.2.24"
#define RULE_SCOPE "SPIR-V 3.2.26"
#define RULE_SHADER "SPIR-V 2.16.2"

static const char *opname(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

static bool is_int_32_scalar(const val_state *v, uint32_t type) { return val_is_int_type(v, type) && val_bit_width(v, type) == 32; }

static void check_scope_or_semantics(val_state *v, const val_inst *i, uint32_t id, bool semantics)
{
    uint32_t index = val_index(v, i);
    const char *what = semantics ? "Memory Semantics" : "Scope";
    const char *rule = semantics ? RULE_SEMANTICS : RULE_SCOPE;
    if (!is_int_32_scalar(v, val_type_of(v, id))) {
        val_error(v, index, rule, "the %s %%%u of %s is not a 32-bit integer scalar", what, id, opname(i->opcode));
        return;
    }
    uint16_t def = val_def_opcode(v, id);
    /* SPV_KHR_cooperative_matrix relaxes 2.16.2 for Scope: "the result of a constant
       instruction", so that a scope can be specialized. */
    bool relaxed = !semantics && val_has_capability(v, SPVK_CAPABILITY_CooperativeMatrixKHR) &&
                   spvk_instruction_by_opcode(def)->instruction_class == SPVK_CLASS_CONSTANT_CREATION;
    if (val_has_capability(v, SPVK_CAPABILITY_Shader) && def != SPVK_OP_Constant && !relaxed) {
        val_error(v, index, RULE_SHADER, "the %s %%%u of %s must be an OpConstant (Shader capability)", what, id,
                  opname(i->opcode));
        return;
    }
    uint64_t value;
    if (!semantics || def != SPVK_OP_Constant || !val_constant_uint(v, id, &value))
        return;
    uint64_t order = value & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release |
                              SPVK_MEMORY_SEMANTICS_AcquireRelease | SPVK_MEMORY_SEMANTICS_SequentiallyConsistent);
    if (order & (order - 1))
        val_error(v, index, RULE_SEMANTICS, "the Memory Semantics %%%u of %s (0x%llx) sets more than one of Acquire, "
                  "Release, AcquireRelease and SequentiallyConsistent", id, opname(i->opcode),
                  (unsigned long long)value);
}

static bool is_float_atomic(uint16_t opcode)
{
    return opcode == SPVK_OP_AtomicFAddEXT || opcode == SPVK_OP_AtomicFMinEXT || opcode == SPVK_OP_AtomicFMaxEXT;
}

/* Where the value operands of the core atomics sit: the first and, for the compare exchanges,
   the second (the Comparator); 0 when none. */
static void value_words(uint16_t opcode, uint32_t *first, uint32_t *second)
{
    *first = *second = 0;
    switch (opcode) {
    case SPVK_OP_AtomicStore:
        *first = 4;
        break;
    case SPVK_OP_AtomicCompareExchange:
    case SPVK_OP_AtomicCompareExchangeWeak:
        *first = 7;
        *second = 8;
        break;
    case SPVK_OP_AtomicExchange:
    case SPVK_OP_AtomicIAdd:
    case SPVK_OP_AtomicISub:
    case SPVK_OP_AtomicSMin:
    case SPVK_OP_AtomicUMin:
    case SPVK_OP_AtomicSMax:
    case SPVK_OP_AtomicUMax:
    case SPVK_OP_AtomicAnd:
    case SPVK_OP_AtomicOr:
    case SPVK_OP_AtomicXor:
    case SPVK_OP_AtomicFAddEXT:
    case SPVK_OP_AtomicFMinEXT:
    case SPVK_OP_AtomicFMaxEXT:
        *first = 6;
        break;
    default:
        break;
    }
}

static bool is_core_atomic(uint16_t opcode)
{
    return (opcode >= SPVK_OP_AtomicLoad && opcode <= SPVK_OP_AtomicXor) || is_float_atomic(opcode);
}

static void check_atomic_pointer(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    bool store = i->opcode == SPVK_OP_AtomicStore;
    uint32_t pointer_word = store ? 1 : 3;
    if (i->num_words <= pointer_word)
        return;
    uint32_t pointer = w[pointer_word], storage, pointee;
    if (!val_pointer_info(v, val_type_of(v, pointer), &storage, &pointee)) {
        val_error(v, index, VAL_RULE_UNIVERSAL, "the Pointer %%%u of %s is not a pointer", pointer, opname(i->opcode));
        return;
    }
    /* An untyped pointer (SPV_KHR_untyped_pointers) has no pointee: the memory is accessed as the
       Result Type (the Value's type for OpAtomicStore). */
    if (!pointee)
        pointee = store ? (i->num_words > 4 ? val_type_of(v, w[4]) : 0) : i->type_id;
    bool fl = is_float_atomic(i->opcode);
    bool ok = fl ? val_is_float_type(v, pointee)
                 : val_is_int_type(v, pointee) || (val_is_float_type(v, pointee) &&
                                                  (i->opcode == SPVK_OP_AtomicLoad || store ||
                                                   i->opcode == SPVK_OP_AtomicExchange));
    if (!ok) {
        val_error(v, index, VAL_RULE_UNIVERSAL, "the Pointer %%%u of %s points to %%%u, expected a scalar %s", pointer,
                  opname(i->opcode), pointee, fl ? "float" : "integer");
        return;
    }
    if (!store && i->type_id != pointee)
        val_error(v, index, VAL_RULE_UNIVERSAL, "the Result Type %%%u of %s differs from the pointee %%%u", i->type_id,
                  opname(i->opcode), pointee);
    uint32_t first, second;
    value_words(i->opcode, &first, &second);
    uint32_t words[2] = {first, second};
    for (int k = 0; k < 2; k++) {
        if (!words[k] || words[k] >= i->num_words)
            continue;
        uint32_t id = w[words[k]], type = val_type_of(v, id);
        if (type != pointee)
            val_error(v, index, VAL_RULE_UNIVERSAL, "the %s %%%u of %s has type %%%u, expected the pointee %%%u",
                      k ? "Comparator" : "Value", id, opname(i->opcode), type, pointee);
    }
}

void val_check_atomic(val_state *v, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    for (uint16_t n = 0; n < i->num_operands; n++) {
        const spvk_operand *o = &ops[n];
        if ((o->kind != SPVK_OPERAND_IdScope && o->kind != SPVK_OPERAND_IdMemorySemantics) || o->offset >= i->num_words)
            continue;
        check_scope_or_semantics(v, i, w[o->offset], o->kind == SPVK_OPERAND_IdMemorySemantics);
    }
    if (is_core_atomic(i->opcode))
        check_atomic_pointer(v, i);
}
