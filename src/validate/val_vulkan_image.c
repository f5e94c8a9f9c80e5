/* The Vulkan rules on image instructions and opaque objects: which images Dref, offsets, queries,
   subpass reads and image atomics may use; opaque objects are neither stored, nor in structs,
   nor undefined, and are loaded from descriptor bindings; Uniform blocks are read-only. Each
   check looks at one instruction and the definitions it names. */
#include <string.h>

#include "val_vulkan.h"

/* The OpTypeImage of an image or sampled image value. */
static const val_inst *image_type_of_value(const val_state *v, uint32_t value)
{
    const val_inst *t = val_def(v, val_type_of(v, value));
    if (t && t->opcode == SPVK_OP_TypeSampledImage && t->num_words >= 3)
        t = val_def(v, val_words(v, t)[2]);
    return t && t->opcode == SPVK_OP_TypeImage && t->num_words >= 9 ? t : NULL;
}

/* The types the rules call opaque: images, samplers and the other handle-like types of the
   SPIR-V glossary, plus acceleration structures, ray queries and tensors. */
static bool is_opaque(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_TypeImage:
    case SPVK_OP_TypeSampler:
    case SPVK_OP_TypeSampledImage:
    case SPVK_OP_TypeOpaque:
    case SPVK_OP_TypeEvent:
    case SPVK_OP_TypeDeviceEvent:
    case SPVK_OP_TypeReserveId:
    case SPVK_OP_TypeQueue:
    case SPVK_OP_TypePipe:
    case SPVK_OP_TypePipeStorage:
    case SPVK_OP_TypeNamedBarrier:
    case SPVK_OP_TypeAccelerationStructureKHR:
    case SPVK_OP_TypeRayQueryKHR:
    case SPVK_OP_TypeTensorARM:
        return true;
    default:
        return false;
    }
}

/* The five descriptor-like types that 06924 and 12464 name. */
static bool is_descriptor_type(uint16_t opcode)
{
    return opcode == SPVK_OP_TypeImage || opcode == SPVK_OP_TypeSampler || opcode == SPVK_OP_TypeSampledImage ||
           opcode == SPVK_OP_TypeAccelerationStructureKHR || opcode == SPVK_OP_TypeTensorARM;
}

static bool is_dref(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_ImageSampleDrefImplicitLod:
    case SPVK_OP_ImageSampleDrefExplicitLod:
    case SPVK_OP_ImageSampleProjDrefImplicitLod:
    case SPVK_OP_ImageSampleProjDrefExplicitLod:
    case SPVK_OP_ImageDrefGather:
    case SPVK_OP_ImageSparseSampleDrefImplicitLod:
    case SPVK_OP_ImageSparseSampleDrefExplicitLod:
    case SPVK_OP_ImageSparseSampleProjDrefImplicitLod:
    case SPVK_OP_ImageSparseSampleProjDrefExplicitLod:
    case SPVK_OP_ImageSparseDrefGather:
        return true;
    default:
        return false;
    }
}

/* The Image Operands mask of an instruction, or 0. */
static uint32_t image_operands(const val_state *v, const val_inst *i)
{
    const spvk_operand *ops = val_operands(v, i);
    for (uint32_t n = 0; n < i->num_operands; n++)
        if (ops[n].kind == SPVK_OPERAND_ImageOperands && ops[n].offset < i->num_words)
            return val_words(v, i)[ops[n].offset];
    return 0;
}

static bool is_zero_vector_constant(const val_state *v, uint32_t id)
{
    const val_inst *c = val_def(v, id);
    if (!c)
        return false;
    if (c->opcode == SPVK_OP_ConstantNull)
        return true;
    if (c->opcode != SPVK_OP_ConstantComposite)
        return false;
    for (uint32_t n = 3; n < c->num_words; n++) {
        uint64_t x;
        uint32_t part = val_words(v, c)[n];
        if (val_def_opcode(v, part) == SPVK_OP_ConstantNull)
            continue;
        if (val_def_opcode(v, part) != SPVK_OP_Constant || !val_constant_uint(v, part, &x) || x != 0)
            return false;
    }
    return true;
}

static bool atomic_format(uint32_t format)
{
    return format == SPVK_IMAGE_FORMAT_R64i || format == SPVK_IMAGE_FORMAT_R64ui ||
           format == SPVK_IMAGE_FORMAT_R32f || format == SPVK_IMAGE_FORMAT_R32i || format == SPVK_IMAGE_FORMAT_R32ui;
}

/* An atomic through an image texel pointer needs an image format atomics support. */
static void check_texel_pointer(val_state *v, const val_inst *i, uint32_t pointer)
{
    const val_inst *p = val_def(v, pointer);
    const val_inst *image = NULL;
    const char *rule = NULL;
    if (p && p->opcode == SPVK_OP_ImageTexelPointer && p->num_words >= 4) {
        uint32_t sc, pointee;
        if (val_pointer_info(v, val_type_of(v, val_words(v, p)[3]), &sc, &pointee))
            image = val_def(v, pointee);
        rule = VUID("OpImageTexelPointer-04658");
    } else if (p && p->opcode == SPVK_OP_UntypedImageTexelPointerEXT && p->num_words >= 4) {
        image = val_def(v, val_words(v, p)[3]);
        rule = VUID("OpUntypedImageTexelPointerEXT-11416");
    }
    if (!image || image->opcode != SPVK_OP_TypeImage || image->num_words < 9)
        return;
    uint32_t format = val_words(v, image)[8];
    if (!atomic_format(format))
        val_error(v, val_index(v, i), rule,
                  "%s goes through the texel pointer %%%u of an image with format %s; image atomics need R64i, "
                  "R64ui, R32f, R32i or R32ui",
                  vk_op_name(i->opcode), pointer, vk_enum_name(SPVK_OPERAND_ImageFormat, format));
}

/* A write through pointer (OpStore, OpCopyMemory's Target, a writing atomic). */
static void check_write(vk_state *s, const val_inst *i, uint32_t pointer)
{
    val_state *v = s->v;
    uint32_t k = val_index(v, i), sc, pointee;
    if (val_pointer_info(v, val_type_of(v, pointer), &sc, &pointee)) {
        uint32_t element = vk_strip_arrays(v, pointee);
        if (is_descriptor_type(val_def_opcode(v, element)))
            val_error(v, k, VUID("OpTypeImage-06924"),
                      "%s stores through %%%u to an object of the opaque type %%%u; images, samplers, sampled "
                      "images, acceleration structures and tensors must not be stored to",
                      vk_op_name(i->opcode), pointer, element);
    }
    uint32_t root = vk_root_variable(s, pointer);
    if (root == VAL_NONE || v->insts[root].opcode != SPVK_OP_Variable || v->insts[root].num_words < 4 ||
        val_words(v, &v->insts[root])[3] != SPVK_STORAGE_CLASS_Uniform)
        return;
    const val_inst *var = &v->insts[root];
    uint32_t vsc;
    if (!val_pointer_info(v, var->type_id, &vsc, &pointee))
        return;
    uint32_t block = vk_strip_arrays(v, pointee);
    if (val_def_opcode(v, block) == SPVK_OP_TypeStruct && (vk_dec_of(s, block) & VK_DEC_BLOCK))
        val_error(v, k, VUID("Uniform-06925"),
                  "%s writes the Uniform Block variable %%%u; uniform buffers are read-only (use StorageBuffer)",
                  vk_op_name(i->opcode), var->result_id);
}

static bool is_writing_atomic(uint16_t opcode)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(opcode);
    return d && d->instruction_class == SPVK_CLASS_ATOMIC && d->name && strncmp(d->name, "OpAtomic", 8) == 0 &&
           opcode != SPVK_OP_AtomicLoad;
}

static void check_load(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    if (i->num_words < 4)
        return;
    uint16_t top = val_def_opcode(v, i->type_id);
    const char *rule = top == SPVK_OP_TypeSampler                ? VUID("Result-11336")
                       : top == SPVK_OP_TypeImage                ? VUID("Result-11337")
                       : top == SPVK_OP_TypeAccelerationStructureKHR ? VUID("Result-11339")
                                                                 : NULL;
    uint32_t pointer = val_words(v, i)[3];
    if (!rule)
        return;
    uint32_t sc = vk_pointer_storage(v, pointer);
    if (top == SPVK_OP_TypeAccelerationStructureKHR &&
        (sc == SPVK_STORAGE_CLASS_Private || sc == SPVK_STORAGE_CLASS_Function))
        return;
    uint32_t root = vk_root_variable(s, pointer);
    if (root == VAL_NONE)
        return; /* derived from a function parameter: the caller's variable is checked where it is declared */
    uint32_t d = s->dec[root];
    if ((d & VK_DEC_HEAP_BUILTIN) || ((d & VK_DEC_BINDING) && (d & VK_DEC_DESCRIPTOR_SET)))
        return;
    val_error(v, val_index(v, i), rule,
              "OpLoad of %s from %%%u: the variable must be decorated DescriptorSet and Binding (or be a BuiltIn "
              "descriptor heap)",
              vk_op_name(top), v->insts[root].result_id);
}

void vk_check_image_inst(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i);
    const val_inst *img;
    if (is_dref(i->opcode) && i->num_words >= 4 && (img = image_type_of_value(v, w[3])) &&
        val_words(v, img)[3] == SPVK_DIM_3D)
        val_error(v, k, VUID("OpImage-04777"), "%s must not use the 3D image %%%u", vk_op_name(i->opcode), w[3]);
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
    if (d && d->instruction_class == SPVK_CLASS_IMAGE) {
        uint32_t mask = image_operands(v, i);
        uint32_t at = i->opcode == SPVK_OP_ImageWrite ? 1 : 3;
        const uint32_t offsets =
            SPVK_IMAGE_OPERANDS_Offset | SPVK_IMAGE_OPERANDS_ConstOffset | SPVK_IMAGE_OPERANDS_ConstOffsets;
        if ((mask & offsets) && i->num_words > at && (img = image_type_of_value(v, w[at])) &&
            val_words(v, img)[7] != 1)
            val_error(v, k, VUID("Offset-04865"),
                      "%s uses an Offset, ConstOffset or ConstOffsets image operand on %%%u, whose image type has "
                      "Sampled %u; offsets need Sampled 1",
                      vk_op_name(i->opcode), w[at], val_words(v, img)[7]);
    }
    switch (i->opcode) {
    case SPVK_OP_ImageQuerySizeLod:
    case SPVK_OP_ImageQueryLod:
    case SPVK_OP_ImageQueryLevels:
        if (i->num_words >= 4 && (img = image_type_of_value(v, w[3])) && val_words(v, img)[7] != 1)
            val_error(v, k, VUID("OpImageQuerySizeLod-04659"),
                      "%s needs an image whose type has Sampled 1; %%%u's has Sampled %u", vk_op_name(i->opcode),
                      w[3], val_words(v, img)[7]);
        break;
    case SPVK_OP_ImageRead:
    case SPVK_OP_ImageSparseRead:
        if (i->num_words >= 5 && (img = image_type_of_value(v, w[3])) &&
            val_words(v, img)[3] == SPVK_DIM_SubpassData && !is_zero_vector_constant(v, w[4]))
            val_error(v, k, VUID("SubpassData-04660"),
                      "a SubpassData read's Coordinate %%%u must be a constant vector (0, 0)", w[4]);
        break;
    case SPVK_OP_Store:
    case SPVK_OP_CopyMemory:
    case SPVK_OP_CopyMemorySized:
        if (i->num_words >= 2)
            check_write(s, i, w[1]);
        break;
    case SPVK_OP_Load:
        check_load(s, i);
        break;
    case SPVK_OP_TypeStruct:
        for (uint32_t n = 2; n < i->num_words; n++) {
            uint32_t member = vk_strip_arrays(v, w[n]);
            if (!is_opaque(val_def_opcode(v, member)) || val_has_capability(v, SPVK_CAPABILITY_DescriptorHeapEXT))
                continue;
            val_error(v, k, VUID("None-04667"), "member %u of the struct %%%u is of the opaque type %%%u", n - 2,
                      i->result_id, member);
            break;
        }
        break;
    case SPVK_OP_Undef:
        if (is_descriptor_type(val_def_opcode(v, i->type_id)))
            val_error(v, k, VUID("OpUndef-12464"), "OpUndef must not be of the opaque type %%%u (%s)", i->type_id,
                      vk_op_name(val_def_opcode(v, i->type_id)));
        break;
    default:
        break;
    }
    if (is_writing_atomic(i->opcode)) {
        uint32_t at = i->result_id ? 3 : 1;
        if (i->num_words > at) {
            check_write(s, i, w[at]);
            check_texel_pointer(v, i, w[at]);
        }
    } else if (i->opcode == SPVK_OP_AtomicLoad && i->num_words > 3) {
        check_texel_pointer(v, i, w[3]);
    }
}
