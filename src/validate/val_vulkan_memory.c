/* The Vulkan rules on variables, types and memory access: descriptor decorations, where runtime
   arrays may live, Invariant and tessellation level variables, tile image and tile attachment
   variables, physical pointers' alignment, pointer access chains' capabilities, cooperative
   matrix pointers, vector sizes, untyped pointers, and the small-float conversions. One
   instruction at a time, looking only at the definitions it names. */
#include <string.h>

#include "val_vulkan.h"

static const char *sc_name(uint32_t sc) { return vk_enum_name(SPVK_OPERAND_StorageClass, sc); }

/* ---- variables ---- */

static bool descriptor_storage(uint32_t sc)
{
    return sc == SPVK_STORAGE_CLASS_UniformConstant || sc == SPVK_STORAGE_CLASS_Uniform ||
           sc == SPVK_STORAGE_CLASS_StorageBuffer || sc == SPVK_STORAGE_CLASS_TileAttachmentQCOM;
}

static bool is_small_float(const val_state *v, uint32_t type, bool fp8_only)
{
    const val_inst *t = val_def(v, val_scalar_type(v, type));
    if (!t || t->opcode != SPVK_OP_TypeFloat || t->num_words < 4)
        return false;
    uint32_t e = val_words(v, t)[3];
    if (e == SPVK_FPENCODING_Float8E4M3EXT || e == SPVK_FPENCODING_Float8E5M2EXT)
        return fp8_only;
    return !fp8_only && (e == SPVK_FPENCODING_Float6E2M3EXT || e == SPVK_FPENCODING_Float6E3M2EXT ||
                         e == SPVK_FPENCODING_Float4E2M1EXT || e == SPVK_FPENCODING_Float8UnsignedE8M0EXT ||
                         e == SPVK_FPENCODING_MXInt8EXT);
}

/* OpTypeRuntimeArray only as the last member of a (Buffer)Block struct or the outermost
   dimension of a descriptor array. The checks stop at one struct level: any deeper runtime
   array (flagged on the type when it was declared) is misplaced. */
static void check_runtime_arrays(vk_state *s, const val_inst *var, uint32_t sc, uint32_t pointee)
{
    val_state *v = s->v;
    uint32_t k = val_index(v, var), id = var->result_id;
    if (!(val_type_flags(v, pointee) & VAL_TYPE_CONTAINS_RUNTIME_ARRAY))
        return;
    const val_inst *t = val_def(v, pointee);
    if (!t)
        return;
    uint32_t element = pointee;
    if ((t->opcode == SPVK_OP_TypeRuntimeArray || t->opcode == SPVK_OP_TypeArray) && t->num_words >= 3) {
        if (t->opcode == SPVK_OP_TypeRuntimeArray && sc != SPVK_STORAGE_CLASS_StorageBuffer &&
            sc != SPVK_STORAGE_CLASS_Uniform && sc != SPVK_STORAGE_CLASS_UniformConstant &&
            sc != SPVK_STORAGE_CLASS_NodePayloadAMDX) {
            val_error(v, k, VUID("OpTypeRuntimeArray-04680"),
                      "the %s variable %%%u is a runtime array; only StorageBuffer, Uniform and UniformConstant "
                      "variables may be",
                      sc_name(sc), id);
            return;
        }
        element = val_words(v, t)[2];
    }
    if (!(val_type_flags(v, element) & VAL_TYPE_CONTAINS_RUNTIME_ARRAY))
        return;
    const val_inst *st = val_def(v, element);
    if (!st || st->opcode != SPVK_OP_TypeStruct) {
        val_error(v, k, VUID("OpTypeRuntimeArray-04680"),
                  "%%%u holds a runtime array that is neither its outermost dimension nor the last member of a "
                  "block",
                  id);
        return;
    }
    uint32_t d = vk_dec_of(s, element);
    const uint32_t *w = val_words(v, st);
    for (uint32_t n = 2; n < st->num_words; n++) {
        uint32_t member = w[n];
        if (!(val_type_flags(v, member) & VAL_TYPE_CONTAINS_RUNTIME_ARRAY))
            continue;
        const val_inst *m = val_def(v, member);
        bool is_rta = m && m->opcode == SPVK_OP_TypeRuntimeArray && m->num_words >= 3;
        bool block_ok = ((d & VK_DEC_BLOCK) && (sc == SPVK_STORAGE_CLASS_StorageBuffer ||
                                                sc == SPVK_STORAGE_CLASS_PhysicalStorageBuffer ||
                                                sc == SPVK_STORAGE_CLASS_Uniform)) ||
                        ((d & VK_DEC_BUFFER_BLOCK) && sc == SPVK_STORAGE_CLASS_Uniform);
        if (!is_rta || n + 1 != st->num_words || !block_ok ||
            (val_type_flags(v, val_words(v, m)[2]) & VAL_TYPE_CONTAINS_RUNTIME_ARRAY)) {
            val_error(v, k, VUID("OpTypeRuntimeArray-04680"),
                      "member %u of the struct %%%u of %%%u (%s) holds a runtime array; only the last member of a "
                      "Block in StorageBuffer or Uniform, or of a BufferBlock in Uniform, may be one",
                      n - 2, element, id, sc_name(sc));
            return;
        }
    }
}

static void check_variable(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    if (i->num_words < 4)
        return;
    uint32_t k = val_index(v, i), sc = val_words(v, i)[3], psc, pointee, id = i->result_id;
    uint32_t d = s->dec[k];
    if (descriptor_storage(sc) && sc != SPVK_STORAGE_CLASS_TileAttachmentQCOM && !(d & VK_DEC_HEAP_BUILTIN) &&
        (!(d & VK_DEC_DESCRIPTOR_SET) || !(d & VK_DEC_BINDING)))
        val_error(v, k, VUID("UniformConstant-06677"),
                  "the %s variable %%%u must be decorated DescriptorSet and Binding (it lacks %s)", sc_name(sc), id,
                  !(d & VK_DEC_DESCRIPTOR_SET) && !(d & VK_DEC_BINDING) ? "both"
                  : !(d & VK_DEC_DESCRIPTOR_SET)                        ? "DescriptorSet"
                                                                        : "Binding");
    if ((d & (VK_DEC_DESCRIPTOR_SET | VK_DEC_BINDING)) && !descriptor_storage(sc))
        val_error(v, k, VUID("DescriptorSet-06491"),
                  "%%%u is decorated DescriptorSet or Binding but is in %s; descriptors are UniformConstant, Uniform "
                  "or StorageBuffer variables",
                  id, sc_name(sc));
    if (i->opcode != SPVK_OP_Variable || !val_pointer_info(v, i->type_id, &psc, &pointee))
        return;
    bool io = sc == SPVK_STORAGE_CLASS_Input || sc == SPVK_STORAGE_CLASS_Output;
    uint32_t element = vk_strip_arrays(v, pointee);
    if (((d & VK_DEC_INVARIANT) ||
         (val_def_opcode(v, element) == SPVK_OP_TypeStruct && (vk_dec_of(s, element) & VK_DEC_INVARIANT))) &&
        !io)
        val_error(v, k, VUID("Invariant-04677"),
                  "%%%u (or a member of its struct) is decorated Invariant but is in %s; Invariant is only for Input "
                  "and Output",
                  id, sc_name(sc));
    /* TessLevelInner-10880 is val_vulkan_interface.c's (it also looks at Block members). */
    if (io && is_small_float(v, element, true))
        val_error(v, k, VUID("OpTypeFloat-10823"),
                  "the %s variable %%%u is of an 8-bit float type; Float8E4M3EXT and Float8E5M2EXT are not allowed "
                  "in Input or Output",
                  sc_name(sc), id);
    const val_inst *img = val_def(v, element);
    if (sc == SPVK_STORAGE_CLASS_TileImageEXT &&
        (!img || img->opcode != SPVK_OP_TypeImage || img->num_words < 4 ||
         val_words(v, img)[3] != SPVK_DIM_TileImageDataEXT))
        val_error(v, k, VUID("None-08724"),
                  "the TileImageEXT variable %%%u must be an image with Dim TileImageDataEXT", id);
    if (sc == SPVK_STORAGE_CLASS_TileAttachmentQCOM) {
        if (!val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM))
            val_error(v, k, VUID("TileAttachmentQCOM-10689"),
                      "the TileAttachmentQCOM storage class needs the TileShadingQCOM capability");
        if (img && img->opcode == SPVK_OP_TypeImage && img->num_words >= 9) {
            if (val_words(v, img)[3] != SPVK_DIM_2D)
                val_error(v, k, VUID("OpTypeImage-10693"), "the TileAttachmentQCOM image %%%u must have Dim 2D", id);
            if (val_words(v, img)[7] != 1 && val_words(v, img)[7] != 2)
                val_error(v, k, VUID("OpTypeImage-10694"),
                          "the TileAttachmentQCOM image %%%u must have Sampled 1 or 2, not %u", id,
                          val_words(v, img)[7]);
        }
        if (!(d & VK_DEC_DESCRIPTOR_SET) || !(d & VK_DEC_BINDING))
            val_error(v, k, VUID("TileAttachmentQCOM-10695"),
                      "the TileAttachmentQCOM variable %%%u must be decorated DescriptorSet and Binding", id);
        if (d & VK_DEC_COMPONENT)
            val_error(v, k, VUID("TileAttachmentQCOM-10696"),
                      "the TileAttachmentQCOM variable %%%u must not be decorated Component", id);
    }
    check_runtime_arrays(s, i, sc, pointee);
}

/* ---- physical pointers ---- */

/* The size in bytes of the largest scalar in a type (pointers count 8); 0 when unknown. The
   walk is bounded in depth and in visits (*budget), so that shared nested structs cannot make
   one access cost more than a constant. */
static uint32_t largest_scalar(const val_state *v, uint32_t type, int depth, uint32_t *budget)
{
    const val_inst *t = val_def(v, type);
    if (!t || depth > 8 || *budget == 0)
        return 0;
    --*budget;
    const uint32_t *w = val_words(v, t);
    switch (t->opcode) {
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
        return t->num_words >= 3 ? w[2] / 8 : 0;
    case SPVK_OP_TypeBool:
        return 0;
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeUntypedPointerKHR:
        return 8;
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix:
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
        return t->num_words >= 3 ? largest_scalar(v, w[2], depth + 1, budget) : 0;
    case SPVK_OP_TypeStruct: {
        uint32_t best = 0;
        for (uint32_t n = 2; n < t->num_words; n++) {
            uint32_t x = largest_scalar(v, w[n], depth + 1, budget);
            best = x > best ? x : best;
        }
        return best;
    }
    default:
        return 0;
    }
}

static void check_physical_access(val_state *v, const val_inst *i, uint32_t pointer, uint32_t mask_at)
{
    uint32_t sc, pointee;
    if (v->addressing_model != SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64 ||
        !val_pointer_info(v, val_type_of(v, pointer), &sc, &pointee) || sc != SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
        return;
    uint32_t k = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    uint32_t mask = mask_at < i->num_words ? w[mask_at] : 0;
    if (!(mask & SPVK_MEMORY_ACCESS_Aligned)) {
        val_error(v, k, VUID("PhysicalStorageBuffer64-04708"),
                  "%s accesses the physical pointer %%%u without the Aligned memory operand", vk_op_name(i->opcode),
                  pointer);
        return;
    }
    if (mask_at + 1 >= i->num_words)
        return;
    /* Aligned's literal comes first: Volatile, the lower bit, takes none. */
    uint32_t budget = 1024;
    uint32_t aligned = w[mask_at + 1], need = largest_scalar(v, pointee, 0, &budget);
    if (need && budget && aligned % need)
        val_error(v, k, VUID("PhysicalStorageBuffer64-06314"),
                  "%s through the physical pointer %%%u is Aligned %u, which is not a multiple of %u, the size of "
                  "the largest scalar of %%%u",
                  vk_op_name(i->opcode), pointer, aligned, need, pointee);
}

/* ---- conversions of small floats ---- */

static void check_small_float_conversion(val_state *v, const val_inst *i)
{
    uint32_t k = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    if (i->num_words < 4)
        return;
    uint32_t operand_type = val_type_of(v, w[3]);
    switch (i->opcode) {
    case SPVK_OP_ConvertFToU:
    case SPVK_OP_ConvertFToS:
    case SPVK_OP_ConvertSToF:
    case SPVK_OP_ConvertUToF: {
        bool from = i->opcode == SPVK_OP_ConvertFToU || i->opcode == SPVK_OP_ConvertFToS;
        uint32_t float_type = from ? operand_type : i->type_id;
        if (is_small_float(v, float_type, false))
            val_error(v, k, VUID("OpConvertFToU-12465"),
                      "%s must not %s a float of a 6-bit, 4-bit, E8M0 or MXInt8 encoding (%%%u)",
                      vk_op_name(i->opcode), from ? "consume" : "produce", float_type);
        break;
    }
    case SPVK_OP_FConvert:
        if (is_small_float(v, i->type_id, false)) {
            val_error(v, k, VUID("OpFConvert-12466"),
                      "OpFConvert must not produce a float of a 6-bit, 4-bit, E8M0 or MXInt8 encoding (%%%u)",
                      i->type_id);
            if (is_small_float(v, operand_type, false))
                val_error(v, k, VUID("OpFConvert-12467"),
                          "OpFConvert of the small float %%%u must produce an IEEE 754, 8-bit float or BFloat16KHR "
                          "value",
                          operand_type);
        }
        break;
    case SPVK_OP_BitcastExtractEXT: {
        const val_inst *t = val_def(v, val_scalar_type(v, i->type_id));
        uint32_t e = t && t->opcode == SPVK_OP_TypeFloat && t->num_words >= 4 ? val_words(v, t)[3] : VAL_NONE;
        if (e != SPVK_FPENCODING_Float6E2M3EXT && e != SPVK_FPENCODING_Float6E3M2EXT &&
            e != SPVK_FPENCODING_Float4E2M1EXT)
            val_error(v, k, VUID("Result-12468"),
                      "OpBitcastExtractEXT's Result Type %%%u must be a float of the Float6E2M3EXT, Float6E3M2EXT "
                      "or Float4E2M1EXT encoding",
                      i->type_id);
        if (!val_is_int_scalar_or_vector(v, operand_type))
            val_error(v, k, VUID("Base-12469"), "OpBitcastExtractEXT's Base %%%u must be an integer scalar or vector",
                      w[3]);
        break;
    }
    default:
        break;
    }
}

/* ---- instructions ---- */

static bool untyped_pointer_storage(uint32_t sc)
{
    return sc == SPVK_STORAGE_CLASS_Image || sc == SPVK_STORAGE_CLASS_UniformConstant ||
           sc == SPVK_STORAGE_CLASS_Workgroup || sc == SPVK_STORAGE_CLASS_StorageBuffer ||
           sc == SPVK_STORAGE_CLASS_Uniform || sc == SPVK_STORAGE_CLASS_PushConstant ||
           sc == SPVK_STORAGE_CLASS_PhysicalStorageBuffer;
}

static bool is_constant(const val_state *v, uint32_t id)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(val_def_opcode(v, id));
    return d && d->instruction_class == SPVK_CLASS_CONSTANT_CREATION;
}

void vk_check_memory_inst(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i), sc, pointee;
    switch (i->opcode) {
    case SPVK_OP_Variable:
    case SPVK_OP_UntypedVariableKHR:
        check_variable(s, i);
        if (i->opcode == SPVK_OP_UntypedVariableKHR && i->num_words >= 4) {
            if (w[3] != SPVK_STORAGE_CLASS_UniformConstant && i->num_words < 5)
                val_error(v, k, VUID("OpUntypedVariableKHR-11167"),
                          "an OpUntypedVariableKHR in %s must have a Data Type", sc_name(w[3]));
            if (w[3] == SPVK_STORAGE_CLASS_UniformConstant && i->num_words < 5 &&
                !(s->dec[k] & VK_DEC_HEAP_BUILTIN))
                val_error(v, k, VUID("OpUntypedVariableKHR-11347"),
                          "an OpUntypedVariableKHR in UniformConstant without a Data Type must be decorated BuiltIn "
                          "SamplerHeapEXT or ResourceHeapEXT");
        }
        break;
    case SPVK_OP_ArrayLength:
        if (i->num_words >= 4 && val_pointer_info(v, val_type_of(v, w[3]), &sc, &pointee) &&
            sc == SPVK_STORAGE_CLASS_Uniform && (vk_dec_of(s, pointee) & VK_DEC_BLOCK))
            val_error(v, k, VUID("OpArrayLength-11805"),
                      "OpArrayLength must not measure a runtime array of a Block in Uniform (%%%u)", w[3]);
        break;
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
        if (i->num_words >= 4 && val_pointer_info(v, val_type_of(v, w[3]), &sc, &pointee)) {
            if (sc == SPVK_STORAGE_CLASS_Workgroup && !val_has_capability(v, SPVK_CAPABILITY_VariablePointers))
                val_error(v, k, VUID("Base-07651"),
                          "%s on a Workgroup Base needs the VariablePointers capability", vk_op_name(i->opcode));
            if (sc == SPVK_STORAGE_CLASS_StorageBuffer &&
                !val_has_capability(v, SPVK_CAPABILITY_VariablePointersStorageBuffer))
                val_error(v, k, VUID("Base-07652"),
                          "%s on a StorageBuffer Base needs the VariablePointers or VariablePointersStorageBuffer "
                          "capability",
                          vk_op_name(i->opcode));
        }
        break;
    case SPVK_OP_Load:
        if (i->num_words >= 4)
            check_physical_access(v, i, w[3], 4);
        break;
    case SPVK_OP_Store:
        if (i->num_words >= 3)
            check_physical_access(v, i, w[1], 3);
        break;
    case SPVK_OP_CooperativeMatrixLoadKHR:
    case SPVK_OP_CooperativeMatrixStoreKHR: {
        uint32_t at = i->opcode == SPVK_OP_CooperativeMatrixLoadKHR ? 3 : 1;
        if (i->num_words > at && val_pointer_info(v, val_type_of(v, w[at]), &sc, &pointee) &&
            sc != SPVK_STORAGE_CLASS_Workgroup && sc != SPVK_STORAGE_CLASS_StorageBuffer &&
            sc != SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
            val_error(v, k, VUID("Pointer-08973"),
                      "%s's Pointer is in %s; it must be in Workgroup, StorageBuffer or PhysicalStorageBuffer",
                      vk_op_name(i->opcode), sc_name(sc));
        break;
    }
    case SPVK_OP_GroupNonUniformBallotBitCount:
        if (i->num_words >= 5 && w[4] != SPVK_GROUP_OPERATION_Reduce && w[4] != SPVK_GROUP_OPERATION_InclusiveScan &&
            w[4] != SPVK_GROUP_OPERATION_ExclusiveScan)
            val_error(v, k, VUID("OpGroupNonUniformBallotBitCount-04685"),
                      "OpGroupNonUniformBallotBitCount's group operation is %s; it must be Reduce, InclusiveScan or "
                      "ExclusiveScan",
                      vk_enum_name(SPVK_OPERAND_GroupOperation, w[4]));
        break;
    case SPVK_OP_TypeVector:
        if (i->num_words >= 4 && (w[3] > 4 || w[3] < 2) && !val_has_capability(v, SPVK_CAPABILITY_LongVectorEXT))
            val_error(v, k, VUID("None-12295"),
                      "a vector of %u components needs the LongVectorEXT capability; Vulkan vectors have 2 to 4",
                      w[3]);
        break;
    case SPVK_OP_TypeUntypedPointerKHR:
        if (i->num_words >= 3 && !untyped_pointer_storage(w[2]))
            val_error(v, k, VUID("OpTypeUntypedPointerKHR-11417"),
                      "an untyped pointer in %s is not allowed in Vulkan; use Image, UniformConstant, Workgroup, "
                      "StorageBuffer, Uniform, PushConstant or PhysicalStorageBuffer",
                      sc_name(w[2]));
        break;
    case SPVK_OP_GraphInputARM:
    case SPVK_OP_GraphSetOutputARM:
        for (uint32_t n = i->opcode == SPVK_OP_GraphInputARM ? 3 : 2; n < i->num_words; n++)
            if (!is_constant(v, w[n]))
                val_error(v, k, i->opcode == SPVK_OP_GraphInputARM ? VUID("OpGraphInputARM-09931")
                                                                   : VUID("OpGraphSetOutputARM-09932"),
                          "%s's index %%%u must be a constant", vk_op_name(i->opcode), w[n]);
        break;
    default:
        check_small_float_conversion(v, i);
        break;
    }
}
