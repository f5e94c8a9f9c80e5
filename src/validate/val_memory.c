/* Memory instructions (SPIR-V 3.3.8 with the universal rules of 2.16.1): variables, loads and
   stores, copies, access chains, OpArrayLength, memory operands, and the rules for logical
   pointers that apply without the VariablePointers capabilities. Every opcode's own operand
   requirements are a universal rule ("Each opcode specifies its own requirements for number and
   type of operands"), so they are reported as SPIR-V 2.16.1. */
#include "val_memory.h"

#define RULE VAL_RULE_UNIVERSAL

static const char *opname(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

static const char *storage_name(uint32_t storage_class)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, storage_class);
    return e ? e->name : "an unknown storage class";
}

static bool variable_pointers(const val_state *v)
{
    return val_has_capability(v, SPVK_CAPABILITY_VariablePointers) ||
           val_has_capability(v, SPVK_CAPABILITY_VariablePointersStorageBuffer);
}

/* Whether a pointer of this storage class is a logical pointer (SPIR-V 2.16.1's rules): all of
   them under the Logical addressing model, all but PhysicalStorageBuffer ones under
   PhysicalStorageBuffer64. */
static bool is_logical_storage(const val_state *v, uint32_t storage_class)
{
    if (v->addressing_model == SPVK_ADDRESSING_MODEL_Logical)
        return true;
    if (v->addressing_model == SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64)
        return storage_class != SPVK_STORAGE_CLASS_PhysicalStorageBuffer;
    return false;
}

/* The pointer type of value id: its storage class and pointee; false when id is no pointer. */
static bool value_pointer(const val_state *v, uint32_t id, uint32_t *storage_class, uint32_t *pointee)
{
    return val_pointer_info(v, val_type_of(v, id), storage_class, pointee);
}

static void check_memory_operands(val_state *v, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    for (uint16_t n = 0; n < i->num_operands; n++) {
        if (ops[n].kind != SPVK_OPERAND_MemoryAccess)
            continue;
        uint32_t at = ops[n].offset;
        if (at >= i->num_words)
            return;
        uint32_t mask = w[at];
        if (!(mask & SPVK_MEMORY_ACCESS_Aligned))
            continue;
        if (at + 1u >= i->num_words) {
            val_error(v, val_index(v, i), RULE, "the memory operand Aligned has no alignment literal");
            continue;
        }
        uint32_t align = w[at + 1];
        if (align == 0 || (align & (align - 1)) != 0)
            val_error(v, val_index(v, i), RULE, "the memory operand Aligned is %u, expected a power of two", align);
    }
}

static void check_variable(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    if (i->num_words < 4)
        return;
    uint32_t storage = w[3], type_storage, pointee;
    if (!val_pointer_info(v, i->type_id, &type_storage, &pointee)) {
        val_error(v, index, RULE, "the Result Type %%%u of OpVariable is not an OpTypePointer", i->type_id);
        return;
    }
    if (type_storage != storage)
        val_error(v, index, RULE, "OpVariable's storage class %s differs from its pointer type's, %s",
                  storage_name(storage), storage_name(type_storage));
    if (storage == SPVK_STORAGE_CLASS_Generic)
        val_error(v, index, RULE, "OpVariable must not use the Generic storage class");
    if (storage == SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
        val_error(v, index, RULE, "OpVariable must not use the PhysicalStorageBuffer storage class");
    if (i->function != VAL_NONE && storage != SPVK_STORAGE_CLASS_Function)
        val_error(v, index, RULE, "an OpVariable inside a function must use the Function storage class, not %s",
                  storage_name(storage));
    if (i->function == VAL_NONE && storage == SPVK_STORAGE_CLASS_Function)
        val_error(v, index, RULE, "an OpVariable of the Function storage class must be inside a function");
    if (i->num_words >= 5) {
        uint32_t init_type = val_type_of(v, w[4]);
        if (init_type && init_type != pointee)
            val_error(v, index, RULE, "the initializer %%%u has type %%%u, expected the pointee type %%%u", w[4],
                      init_type, pointee);
    }
    /* Under PhysicalStorageBuffer64 a contained pointer may be a physical one: only the
       Logical model makes every contained pointer a logical one. */
    if (v->addressing_model == SPVK_ADDRESSING_MODEL_Logical &&
        (val_type_flags(v, pointee) & VAL_TYPE_CONTAINS_POINTER)) {
        if (!variable_pointers(v))
            val_error(v, index, RULE, "OpVariable must not allocate an object that is or contains a logical pointer "
                      "(without the VariablePointers capabilities)");
        else if (storage != SPVK_STORAGE_CLASS_Function && storage != SPVK_STORAGE_CLASS_Private)
            val_error(v, index, RULE, "an OpVariable holding a logical pointer must use the Function or Private "
                      "storage class, not %s", storage_name(storage));
        /* What is loaded from it is a variable pointer, and "A variable pointer must point to one
           of the following storage classes: StorageBuffer, Workgroup (if the VariablePointers
           capability is declared)" (SPIRV-Cross's pointer-to-pointer.asm.invalid.vert keeps a
           pointer to a Private pointer). Checked on a pointee that is a pointer (through arrays). */
        uint32_t held = pointee, held_sc, held_pointee;
        for (int depth = 0; depth < 8; depth++) {
            const val_inst *d = val_def(v, held);
            if (!d || (d->opcode != SPVK_OP_TypeArray && d->opcode != SPVK_OP_TypeRuntimeArray) || d->num_words < 3)
                break;
            held = val_words(v, d)[2];
        }
        if (variable_pointers(v) && val_pointer_info(v, held, &held_sc, &held_pointee) &&
            held_sc != SPVK_STORAGE_CLASS_StorageBuffer &&
            !(held_sc == SPVK_STORAGE_CLASS_Workgroup && val_has_capability(v, SPVK_CAPABILITY_VariablePointers)))
            val_error(v, index, RULE, "the OpVariable holds a pointer into %s: a variable pointer must point into "
                      "StorageBuffer (or Workgroup with the VariablePointers capability)", storage_name(held_sc));
    }
}

static void check_load_store(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    bool load = i->opcode == SPVK_OP_Load;
    uint32_t pointer_word = load ? 3 : 1;
    if (i->num_words < (load ? 4u : 3u))
        return;
    uint32_t pointer = w[pointer_word], storage, pointee;
    if (!value_pointer(v, pointer, &storage, &pointee)) {
        val_error(v, index, RULE, "the Pointer %%%u of %s is not a pointer", pointer, opname(i->opcode));
        return;
    }
    uint32_t value_type = load ? i->type_id : val_type_of(v, w[2]);
    /* Through an untyped pointer (SPV_KHR_untyped_pointers, pointee 0) the Result Type or the
       Object's type is the type accessed. */
    if (pointee && value_type != pointee)
        val_error(v, index, RULE, "%s %s type %%%u, but the Pointer %%%u points to %%%u", opname(i->opcode),
                  load ? "has Result Type" : "stores an Object of", value_type, pointer, pointee);
    check_memory_operands(v, i);
}

static void check_copy_memory(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    if (i->num_words < 3)
        return;
    uint32_t sc[2], pointee[2];
    bool ok = true;
    for (int k = 0; k < 2; k++) {
        if (!value_pointer(v, w[1 + k], &sc[k], &pointee[k])) {
            val_error(v, index, RULE, "the %s %%%u of %s is not a pointer", k ? "Source" : "Target", w[1 + k],
                      opname(i->opcode));
            ok = false;
        }
    }
    if (i->opcode == SPVK_OP_CopyMemory) {
        if (ok && pointee[0] != pointee[1])
            val_error(v, index, RULE, "OpCopyMemory's Target points to %%%u and its Source to %%%u, expected the "
                      "same type", pointee[0], pointee[1]);
    } else if (i->num_words >= 4) {
        uint32_t size_type = val_type_of(v, w[3]);
        if (!val_is_int_type(v, size_type))
            val_error(v, index, RULE, "the Size %%%u of OpCopyMemorySized is not a scalar integer", w[3]);
    }
    check_memory_operands(v, i);
}

/* The sign bit of a signed OpConstant integer index (2.16.1). */
static bool negative_constant(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    if (!d || d->opcode != SPVK_OP_Constant)
        return false;
    const val_inst *t = val_def(v, d->type_id);
    if (!t || t->opcode != SPVK_OP_TypeInt || t->num_words < 4)
        return false;
    const uint32_t *tw = val_words(v, t);
    if (tw[3] != 1 || tw[2] == 0 || tw[2] > 64)
        return false;
    uint64_t value;
    if (!val_constant_uint(v, id, &value))
        return false;
    return (value >> (tw[2] - 1)) & 1u;
}

static void check_access_chain(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    bool ptr_chain = i->opcode == SPVK_OP_PtrAccessChain || i->opcode == SPVK_OP_InBoundsPtrAccessChain;
    if (i->num_words < 4)
        return;
    uint32_t base = w[3], storage, type;
    if (!value_pointer(v, base, &storage, &type)) {
        val_error(v, index, RULE, "the Base %%%u of %s is not a pointer", base, opname(i->opcode));
        return;
    }
    uint32_t first = 4;
    if (ptr_chain) {
        if (i->num_words < 5)
            return;
        if (!val_is_int_type(v, val_type_of(v, w[4])))
            val_error(v, index, RULE, "the Element %%%u of %s is not a scalar integer", w[4], opname(i->opcode));
        first = 5;
    }
    bool signed_rule = (i->opcode == SPVK_OP_AccessChain || i->opcode == SPVK_OP_InBoundsAccessChain) &&
                       is_logical_storage(v, storage) && !variable_pointers(v);
    bool walked = true;
    for (uint32_t k = first; k < i->num_words; k++) {
        uint32_t idx = w[k];
        if (!val_is_int_type(v, val_type_of(v, idx))) {
            val_error(v, index, RULE, "the index %%%u of %s is not a scalar integer", idx, opname(i->opcode));
            walked = false;
            continue;
        }
        if (signed_rule && negative_constant(v, idx))
            val_error(v, index, RULE, "the index %%%u of %s is a signed OpConstant with its sign bit set", idx,
                      opname(i->opcode));
        if (!walked)
            continue;
        const val_inst *t = val_def(v, type);
        const uint32_t *tw = t ? val_words(v, t) : NULL;
        switch (t ? t->opcode : 0) {
        case SPVK_OP_TypeStruct: {
            uint64_t member;
            const val_inst *c = val_def(v, idx);
            if (!c || c->opcode != SPVK_OP_Constant || !val_constant_uint(v, idx, &member)) {
                val_error(v, index, RULE, "the index %%%u into structure %%%u must be an OpConstant", idx, type);
                walked = false;
            } else if (member >= (uint64_t)(t->num_words - 2)) {
                val_error(v, index, RULE, "the index %llu into structure %%%u is out of range (%u members)",
                          (unsigned long long)member, type, (unsigned)(t->num_words - 2));
                walked = false;
            } else {
                type = tw[2 + member];
            }
            break;
        }
        case SPVK_OP_TypeArray:
        case SPVK_OP_TypeRuntimeArray:
        case SPVK_OP_TypeVector:
        case SPVK_OP_TypeMatrix:
        case SPVK_OP_TypeCooperativeMatrixKHR:
            if (t->num_words >= 3)
                type = tw[2];
            else
                walked = false;
            break;
        default:
            val_error(v, index, RULE, "%s indexes into %%%u, which is not a composite type", opname(i->opcode), type);
            walked = false;
            break;
        }
    }
    uint32_t result_storage, result_pointee;
    if (!val_pointer_info(v, i->type_id, &result_storage, &result_pointee)) {
        val_error(v, index, RULE, "the Result Type %%%u of %s is not an OpTypePointer", i->type_id,
                  opname(i->opcode));
        return;
    }
    if (result_storage != storage)
        val_error(v, index, RULE, "%s's Result Type has storage class %s, expected the Base's, %s", opname(i->opcode),
                  storage_name(result_storage), storage_name(storage));
    if (walked && result_pointee != type)
        val_error(v, index, RULE, "%s's Result Type points to %%%u, but the indexes select %%%u", opname(i->opcode),
                  result_pointee, type);
}

static void check_array_length(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    if (i->num_words < 5)
        return;
    const val_inst *rt = val_def(v, i->type_id);
    if (!rt || rt->opcode != SPVK_OP_TypeInt || rt->num_words < 4 || val_words(v, rt)[2] != 32 ||
        val_words(v, rt)[3] != 0)
        val_error(v, index, RULE, "the Result Type %%%u of OpArrayLength must be a 32-bit unsigned integer",
                  i->type_id);
    uint32_t storage, pointee;
    if (!value_pointer(v, w[3], &storage, &pointee)) {
        val_error(v, index, RULE, "the Structure %%%u of OpArrayLength is not a pointer", w[3]);
        return;
    }
    const val_inst *s = val_def(v, pointee);
    if (!s || s->opcode != SPVK_OP_TypeStruct || s->num_words < 3) {
        val_error(v, index, RULE, "the Structure %%%u of OpArrayLength does not point to a structure", w[3]);
        return;
    }
    uint32_t last = (uint32_t)s->num_words - 3;
    if (w[4] != last) {
        val_error(v, index, RULE, "OpArrayLength's member %u is not the last member (%u) of %%%u", w[4], last, pointee);
        return;
    }
    if (val_def_opcode(v, val_words(v, s)[2 + last]) != SPVK_OP_TypeRuntimeArray)
        val_error(v, index, RULE, "the last member of %%%u is not an OpTypeRuntimeArray", pointee);
}

static void check_ptr_compare(val_state *v, const val_inst *i)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    if (i->num_words < 5)
        return;
    uint32_t storage, pointee;
    if (!value_pointer(v, w[3], &storage, &pointee))
        return;
    if (storage == SPVK_STORAGE_CLASS_PhysicalStorageBuffer) {
        val_error(v, index, RULE, "the operands of %s must not be pointers into PhysicalStorageBuffer",
                  opname(i->opcode));
        return;
    }
    if (i->opcode == SPVK_OP_PtrDiff || !is_logical_storage(v, storage))
        return;
    if (!variable_pointers(v))
        val_error(v, index, RULE, "%s needs the VariablePointers or VariablePointersStorageBuffer capability for "
                  "logical pointers", opname(i->opcode));
    else if (storage == SPVK_STORAGE_CLASS_Workgroup && !val_has_capability(v, SPVK_CAPABILITY_VariablePointers))
        val_error(v, index, RULE, "%s on Workgroup pointers needs the VariablePointers capability", opname(i->opcode));
    else if (storage != SPVK_STORAGE_CLASS_StorageBuffer && storage != SPVK_STORAGE_CLASS_Workgroup)
        val_error(v, index, RULE, "%s on logical pointers is allowed only in StorageBuffer or Workgroup, not %s",
                  opname(i->opcode), storage_name(storage));
}

void val_check_memory(val_state *v, const val_inst *i)
{
    switch (i->opcode) {
    case SPVK_OP_Variable:
        check_variable(v, i);
        break;
    case SPVK_OP_Load:
    case SPVK_OP_Store:
        check_load_store(v, i);
        break;
    case SPVK_OP_CopyMemory:
    case SPVK_OP_CopyMemorySized:
        check_copy_memory(v, i);
        break;
    case SPVK_OP_AccessChain:
    case SPVK_OP_InBoundsAccessChain:
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
        check_access_chain(v, i);
        break;
    case SPVK_OP_ArrayLength:
        check_array_length(v, i);
        break;
    case SPVK_OP_PtrEqual:
    case SPVK_OP_PtrNotEqual:
    case SPVK_OP_PtrDiff:
        check_ptr_compare(v, i);
        break;
    default:
        break;
    }
}

/* Instructions of the core instruction set that never take or give a logical pointer without the
   VariablePointers capabilities. Extension instructions that take pointers (ray queries, mesh
   payloads, cooperative matrix loads) are left alone: the universal list predates them. */
static bool pointer_operand_refused(uint16_t opcode)
{
    switch (spvk_instruction_by_opcode(opcode)->instruction_class) {
    case SPVK_CLASS_ARITHMETIC:
    case SPVK_CLASS_BIT:
    case SPVK_CLASS_RELATIONAL_AND_LOGICAL:
    case SPVK_CLASS_COMPOSITE:
        return opcode != SPVK_OP_CopyObject;
    default:
        break;
    }
    switch (opcode) {
    case SPVK_OP_Phi:
    case SPVK_OP_ReturnValue:
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
    case SPVK_OP_CopyMemorySized:
    case SPVK_OP_Bitcast:
    case SPVK_OP_ConvertPtrToU:
    case SPVK_OP_GenericCastToPtr:
    case SPVK_OP_PtrCastToGeneric:
        return true;
    default:
        return false;
    }
}

static bool pointer_result_refused(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_Load:
    case SPVK_OP_Phi:
    case SPVK_OP_Select:
    case SPVK_OP_FunctionCall:
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
    case SPVK_OP_CompositeExtract:
    case SPVK_OP_Bitcast:
    case SPVK_OP_ConvertUToPtr:
    case SPVK_OP_GenericCastToPtr:
    case SPVK_OP_PtrCastToGeneric:
        return true;
    default:
        return false;
    }
}

/* With the VariablePointers capabilities a function may return a logical pointer, but what
   OpFunctionCall gives is a variable pointer, and "A variable pointer must point to one of the
   following storage classes: StorageBuffer, Workgroup (if the VariablePointers capability is
   declared)" (SPIR-V 2.16.1; SPIRV-Cross's variable-pointers-2.asm.invalid.comp returns an Input
   pointer). */
static void check_variable_pointer_function(val_state *v, const val_inst *i)
{
    uint32_t storage, pointee;
    if (i->opcode != SPVK_OP_Function || v->addressing_model != SPVK_ADDRESSING_MODEL_Logical ||
        !val_pointer_info(v, i->type_id, &storage, &pointee))
        return;
    if (storage != SPVK_STORAGE_CLASS_StorageBuffer &&
        !(storage == SPVK_STORAGE_CLASS_Workgroup && val_has_capability(v, SPVK_CAPABILITY_VariablePointers)))
        val_error(v, val_index(v, i), RULE, "the function returns a pointer into %s: the result of OpFunctionCall is a "
                  "variable pointer, which must point into StorageBuffer (or Workgroup with the VariablePointers "
                  "capability)", storage_name(storage));
}

void val_check_pointer_uses(val_state *v, const val_inst *i)
{
    if (variable_pointers(v)) {
        check_variable_pointer_function(v, i);
        return;
    }
    if (i->function == VAL_NONE)
        return;
    if (v->addressing_model != SPVK_ADDRESSING_MODEL_Logical &&
        v->addressing_model != SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64)
        return;
    uint32_t index = val_index(v, i);
    uint32_t storage, pointee;
    if (i->type_id && pointer_result_refused(i->opcode) && val_pointer_info(v, i->type_id, &storage, &pointee) &&
        is_logical_storage(v, storage))
        val_error(v, index, RULE, "%s must not give a logical pointer (without the VariablePointers capabilities)",
                  opname(i->opcode));
    if (!pointer_operand_refused(i->opcode))
        return;
    const uint32_t *w = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    for (uint16_t n = 0; n < i->num_operands; n++) {
        const spvk_operand *o = &ops[n];
        if (o->kind != SPVK_OPERAND_IdRef || o->offset >= i->num_words)
            continue;
        uint32_t id = w[o->offset];
        if (value_pointer(v, id, &storage, &pointee) && is_logical_storage(v, storage)) {
            val_error(v, index, RULE, "the logical pointer %%%u must not be an operand of %s (without the "
                      "VariablePointers capabilities)", id, opname(i->opcode));
            return;
        }
    }
}

/* SPIR-V 2.16.1, "Memory model": accesses with NonPrivatePointer use pointers in the Uniform,
   Workgroup, CrossWorkgroup, Generic, Image or StorageBuffer storage classes; under the Vulkan
   memory model, Device scope needs the VulkanMemoryModelDeviceScope capability. */
void val_check_memory_model(val_state *v, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    uint32_t index = val_index(v, i);
    bool vulkan = v->memory_model == SPVK_MEMORY_MODEL_Vulkan;
    for (uint16_t n = 0; n < i->num_operands; n++) {
        const spvk_operand *o = &ops[n];
        if (o->offset >= i->num_words)
            continue;
        uint64_t scope;
        if (o->kind == SPVK_OPERAND_IdScope && vulkan && val_constant_uint(v, w[o->offset], &scope) &&
            scope == SPVK_SCOPE_Device && !val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModelDeviceScope))
            val_error(v, index, RULE, "%s uses Device scope (%%%u) under the Vulkan memory model, which needs the "
                      "VulkanMemoryModelDeviceScope capability", opname(i->opcode), w[o->offset]);
        if (o->kind != SPVK_OPERAND_MemoryAccess || !(w[o->offset] & SPVK_MEMORY_ACCESS_NonPrivatePointer))
            continue;
        /* The pointer the access mask describes: OpLoad's Pointer, OpStore's Pointer. */
        uint32_t pointer = i->opcode == SPVK_OP_Load && i->num_words >= 4    ? w[3]
                           : i->opcode == SPVK_OP_Store && i->num_words >= 3 ? w[1]
                                                                             : 0;
        uint32_t storage, pointee;
        if (!pointer || !value_pointer(v, pointer, &storage, &pointee))
            continue;
        switch (storage) {
        case SPVK_STORAGE_CLASS_Uniform:
        case SPVK_STORAGE_CLASS_Workgroup:
        case SPVK_STORAGE_CLASS_CrossWorkgroup:
        case SPVK_STORAGE_CLASS_Generic:
        case SPVK_STORAGE_CLASS_Image:
        case SPVK_STORAGE_CLASS_StorageBuffer:
        case SPVK_STORAGE_CLASS_PhysicalStorageBuffer: /* buffer references: what glslang emits, spirv-val allows */
        case SPVK_STORAGE_CLASS_TaskPayloadWorkgroupEXT:
            break;
        default:
            val_error(v, index, RULE, "%s uses NonPrivatePointer on %%%u, a pointer in %s; NonPrivatePointer is only "
                      "for the Uniform, Workgroup, CrossWorkgroup, Generic, Image and StorageBuffer storage "
                      "classes (and PhysicalStorageBuffer, TaskPayloadWorkgroupEXT)", opname(i->opcode), pointer, storage_name(storage));
        }
    }
}
