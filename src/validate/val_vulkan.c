/* The Vulkan environment: the statically checkable rules of "Standalone SPIR-V Validation" in
   the Vulkan specification's SPIR-V environment appendix, each named by its VUID. Runs only for a
   Vulkan target. One pass records the decorations of each defined id (by its defining
   instruction's index, so that lookups are O(1) whatever the id table's shape); a second pass
   checks every instruction. */
#include <stdio.h>
#include <string.h>

#include "val_vulkan.h"


static uint32_t def_index(const val_state *v, uint32_t id)
{
    const val_id *e = val_id_find(v, id);
    return e && e->def != VAL_NONE && e->def < v->num_insts ? e->def : VAL_NONE;
}

uint32_t vk_dec_of(const vk_state *s, uint32_t id)
{
    uint32_t d = def_index(s->v, id);
    return d != VAL_NONE ? s->dec[d] : 0;
}

uint32_t vk_builtin_of(const vk_state *s, uint32_t id)
{
    uint32_t d = def_index(s->v, id);
    return d != VAL_NONE ? s->builtin[d] : VAL_NONE;
}

const char *vk_enum_name(unsigned kind, uint32_t value)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, value);
    return e ? e->name : "an unknown value";
}

const char *vk_op_name(uint16_t opcode)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(opcode);
    return d && d->name ? d->name : "the instruction";
}

uint32_t vk_root_variable(const vk_state *s, uint32_t pointer_id)
{
    uint32_t d = def_index(s->v, pointer_id);
    return d != VAL_NONE ? s->root[d] : VAL_NONE;
}


uint32_t vk_pointer_storage(const val_state *v, uint32_t pointer_id)
{
    uint32_t sc, pointee;
    return val_pointer_info(v, val_type_of(v, pointer_id), &sc, &pointee) ? sc : VAL_NONE;
}

/* ---- decorations ---- */

static void check_decoration(vk_state *s, const val_inst *i, uint32_t decoration, const uint32_t *value,
                             uint32_t num_values)
{
    val_state *v = s->v;
    uint32_t k = val_index(v, i);
    if (decoration == SPVK_DECORATION_GLSLShared || decoration == SPVK_DECORATION_GLSLPacked)
        val_error(v, k, VUID("GLSLShared-04669"), "the %s decoration is not allowed in Vulkan",
                  vk_enum_name(SPVK_OPERAND_Decoration, decoration));
    if (decoration == SPVK_DECORATION_Component && num_values >= 1 && value[0] > 3)
        val_error(v, k, VUID("Component-04920"), "Component %u is greater than 3", value[0]);
    if (decoration == SPVK_DECORATION_FPRoundingMode && num_values >= 1 &&
        value[0] != SPVK_FPROUNDING_MODE_RTE && value[0] != SPVK_FPROUNDING_MODE_RTZ)
        val_error(v, k, VUID("FPRoundingMode-04675"),
                  "FPRoundingMode %s is not allowed in Vulkan; only RTE and RTZ are",
                  vk_enum_name(SPVK_OPERAND_FPRoundingMode, value[0]));
}

static uint32_t decoration_bit(uint32_t decoration, const uint32_t *value, uint32_t num_values)
{
    switch (decoration) {
    case SPVK_DECORATION_Block: return VK_DEC_BLOCK;
    case SPVK_DECORATION_BufferBlock: return VK_DEC_BUFFER_BLOCK;
    case SPVK_DECORATION_BuiltIn:
        return num_values >= 1 && (value[0] == SPVK_BUILT_IN_SamplerHeapEXT || value[0] == SPVK_BUILT_IN_ResourceHeapEXT)
                   ? VK_DEC_BUILTIN | VK_DEC_HEAP_BUILTIN
                   : VK_DEC_BUILTIN;
    case SPVK_DECORATION_Location: return VK_DEC_LOCATION;
    case SPVK_DECORATION_Component: return VK_DEC_COMPONENT;
    case SPVK_DECORATION_Flat:
    case SPVK_DECORATION_NoPerspective:
    case SPVK_DECORATION_Sample:
    case SPVK_DECORATION_Centroid: return VK_DEC_INTERPOLATION;
    case SPVK_DECORATION_InputAttachmentIndex: return VK_DEC_INPUT_ATTACHMENT;
    case SPVK_DECORATION_DescriptorSet: return VK_DEC_DESCRIPTOR_SET;
    case SPVK_DECORATION_Binding: return VK_DEC_BINDING;
    case SPVK_DECORATION_Patch: return VK_DEC_PATCH;
    case SPVK_DECORATION_Invariant: return VK_DEC_INVARIANT;
    case SPVK_DECORATION_Volatile: return VK_DEC_VOLATILE;
    default: return 0;
    }
}

static void collect_decorations(vk_state *s)
{
    val_state *v = s->v;
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_Decorate && i->num_words >= 3) {
            check_decoration(s, i, w[2], w + 3, i->num_words - 3u);
            uint32_t d = def_index(v, w[1]);
            if (d != VAL_NONE) {
                s->dec[d] |= decoration_bit(w[2], w + 3, i->num_words - 3u);
                if (w[2] == SPVK_DECORATION_BuiltIn && i->num_words >= 4)
                    s->builtin[d] = w[3];
            }
        } else if (i->opcode == SPVK_OP_MemberDecorate && i->num_words >= 4) {
            check_decoration(s, i, w[3], w + 4, i->num_words - 4u);
            uint32_t d = def_index(v, w[1]);
            if (d != VAL_NONE && w[3] == SPVK_DECORATION_Invariant)
                s->dec[d] |= VK_DEC_INVARIANT;
        }
    }
    /* A decoration group's decorations were recorded on the OpDecorationGroup; hand them on. */
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if ((i->opcode != SPVK_OP_GroupDecorate && i->opcode != SPVK_OP_GroupMemberDecorate) || i->num_words < 2)
            continue;
        uint32_t g = def_index(v, w[1]);
        if (g == VAL_NONE)
            continue;
        uint32_t step = i->opcode == SPVK_OP_GroupDecorate ? 1 : 2;
        for (uint32_t n = 2; n < i->num_words; n += step) {
            uint32_t d = def_index(v, w[n]);
            if (d == VAL_NONE)
                continue;
            if (step == 2) {
                s->dec[d] |= s->dec[g] & VK_DEC_INVARIANT;
                continue;
            }
            s->dec[d] |= s->dec[g];
            if (s->builtin[g] != VAL_NONE)
                s->builtin[d] = s->builtin[g];
        }
    }
}

/* Definitions come before their uses in layout order (blocks follow dominance; OpPhi, the one
   exception, is no access chain), so one forward pass gives every pointer its root variable. */
static void collect_roots(vk_state *s)
{
    val_state *v = s->v;
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        s->root[k] = VAL_NONE;
        switch (i->opcode) {
        case SPVK_OP_Variable:
        case SPVK_OP_UntypedVariableKHR:
            s->root[k] = k;
            break;
        case SPVK_OP_AccessChain:
        case SPVK_OP_InBoundsAccessChain:
        case SPVK_OP_PtrAccessChain:
        case SPVK_OP_InBoundsPtrAccessChain:
        case SPVK_OP_CopyObject:
        case SPVK_OP_UntypedAccessChainKHR:
        case SPVK_OP_UntypedInBoundsAccessChainKHR:
        case SPVK_OP_UntypedPtrAccessChainKHR:
        case SPVK_OP_UntypedInBoundsPtrAccessChainKHR: {
            /* the untyped chains name their Base Type before the Base */
            uint32_t at = i->opcode == SPVK_OP_UntypedAccessChainKHR ||
                                  i->opcode == SPVK_OP_UntypedInBoundsAccessChainKHR ||
                                  i->opcode == SPVK_OP_UntypedPtrAccessChainKHR ||
                                  i->opcode == SPVK_OP_UntypedInBoundsPtrAccessChainKHR
                              ? 4
                              : 3;
            if (i->num_words > at) {
                uint32_t d = def_index(v, val_words(v, i)[at]);
                if (d != VAL_NONE && d < k)
                    s->root[k] = s->root[d];
            }
            break;
        }
        default:
            break;
        }
    }
}

/* ---- scopes and memory semantics ---- */

static bool constant_of(const val_state *v, uint32_t id, uint32_t *value)
{
    uint64_t x;
    if (!val_constant_uint(v, id, &x))
        return false;
    *value = (uint32_t)x;
    return true;
}

static bool is_execution_model_in(uint32_t model, const uint32_t *models, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (models[k] == model)
            return true;
    return false;
}

#define ORDER_BITS                                                                                                  \
    (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease |        \
     SPVK_MEMORY_SEMANTICS_SequentiallyConsistent)
#define VK_STORAGE_BITS                                                                                             \
    (SPVK_MEMORY_SEMANTICS_UniformMemory | SPVK_MEMORY_SEMANTICS_WorkgroupMemory |                                 \
     SPVK_MEMORY_SEMANTICS_ImageMemory | SPVK_MEMORY_SEMANTICS_OutputMemory)

static void check_semantics(val_state *v, const val_inst *i, const char *operand, uint32_t sem)
{
    uint32_t k = val_index(v, i);
    const char *op = spvk_instruction_by_opcode(i->opcode)->name;
    uint32_t order = sem & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release |
                            SPVK_MEMORY_SEMANTICS_AcquireRelease);
    if (order & (order - 1))
        val_error(v, k, VUID("MemorySemantics-10865"),
                  "%s's %s semantics 0x%x set more than one of Acquire, Release and AcquireRelease", op, operand,
                  sem);
    if (sem & SPVK_MEMORY_SEMANTICS_SequentiallyConsistent)
        val_error(v, k, VUID("MemorySemantics-10866"),
                  "%s's %s semantics use SequentiallyConsistent, which Vulkan does not allow", op, operand);
    if (i->opcode == SPVK_OP_AtomicStore &&
        (sem & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-10867"), "OpAtomicStore must not use Acquire or AcquireRelease");
    if (i->opcode == SPVK_OP_AtomicLoad &&
        (sem & (SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-10868"), "OpAtomicLoad must not use Release or AcquireRelease");
    if (i->opcode == SPVK_OP_MemoryBarrier && !(sem & ORDER_BITS))
        val_error(v, k, VUID("MemorySemantics-10869"), "OpMemoryBarrier must not use Relaxed memory order");
    if ((sem & SPVK_MEMORY_SEMANTICS_Volatile) &&
        (i->opcode == SPVK_OP_ControlBarrier || i->opcode == SPVK_OP_MemoryBarrier ||
         i->opcode == SPVK_OP_ControlBarrierArriveEXT || i->opcode == SPVK_OP_ControlBarrierWaitEXT))
        val_error(v, k, VUID("MemorySemantics-13551"), "%s must not use Volatile memory semantics", op);
    if ((sem & SPVK_MEMORY_SEMANTICS_MakeAvailable) &&
        !(sem & (SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-10872"),
                  "%s's %s semantics set MakeAvailable without Release or AcquireRelease", op, operand);
    if ((sem & SPVK_MEMORY_SEMANTICS_MakeVisible) &&
        !(sem & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-10873"),
                  "%s's %s semantics set MakeVisible without Acquire or AcquireRelease", op, operand);
    if ((sem & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease)) &&
        !(sem & VK_STORAGE_BITS))
        val_error(v, k, VUID("MemorySemantics-10870"),
                  "%s's %s semantics 0x%x have a non-relaxed memory order but none of UniformMemory, "
                  "WorkgroupMemory, ImageMemory and OutputMemory",
                  op, operand, sem);
    if ((sem & VK_STORAGE_BITS) && !(sem & ORDER_BITS))
        val_error(v, k, VUID("MemorySemantics-10871"),
                  "%s's %s semantics 0x%x name storage classes but a Relaxed memory order; use Acquire, Release "
                  "or AcquireRelease",
                  op, operand, sem);
    if (i->opcode == SPVK_OP_ControlBarrierArriveEXT &&
        (sem & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-13556"),
                  "OpControlBarrierArriveEXT's semantics must not have a memory order other than Release");
    if (i->opcode == SPVK_OP_ControlBarrierWaitEXT &&
        (sem & (SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("MemorySemantics-13557"),
                  "OpControlBarrierWaitEXT's semantics must not have a memory order other than Acquire");
    if (strcmp(operand, "Unequal") == 0 &&
        (sem & (SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease)))
        val_error(v, k, VUID("UnequalMemorySemantics-10875"),
                  "%s's Unequal semantics must not use Release or AcquireRelease", op);
}

/* The Unequal semantics of a compare-exchange may not be stronger than, nor name storage or
   visibility the Equal semantics do not. */
static void check_unequal(val_state *v, const val_inst *i, uint32_t equal, uint32_t unequal)
{
    uint32_t k = val_index(v, i);
    const char *op = vk_op_name(i->opcode);
    bool eq_acquire = (equal & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_AcquireRelease |
                                SPVK_MEMORY_SEMANTICS_SequentiallyConsistent)) != 0;
    if ((unequal & SPVK_MEMORY_SEMANTICS_Acquire) && !eq_acquire)
        val_error(v, k, VUID("UnequalMemorySemantics-10876"),
                  "%s's Unequal semantics 0x%x use Acquire, a stronger memory order than the Equal semantics 0x%x",
                  op, unequal, equal);
    if (unequal & VK_STORAGE_BITS & ~equal)
        val_error(v, k, VUID("UnequalMemorySemantics-10877"),
                  "%s's Unequal semantics 0x%x name storage classes (0x%x) that the Equal semantics 0x%x do not",
                  op, unequal, unequal & VK_STORAGE_BITS & ~equal, equal);
    if ((unequal & SPVK_MEMORY_SEMANTICS_MakeVisible) && !(equal & SPVK_MEMORY_SEMANTICS_MakeVisible))
        val_error(v, k, VUID("UnequalMemorySemantics-10878"),
                  "%s's Unequal semantics set MakeVisible but the Equal semantics do not", op);
    if ((unequal & SPVK_MEMORY_SEMANTICS_Volatile) != (equal & SPVK_MEMORY_SEMANTICS_Volatile))
        val_error(v, k, VUID("UnequalMemorySemantics-10879"),
                  "%s's Unequal and Equal semantics must agree on Volatile (0x%x, 0x%x)", op, unequal, equal);
}

/* Scopes that only some execution models may use, by the models reaching the instruction. */
static void check_scope_models(vk_state *s, const val_inst *i, bool execution, uint32_t scope)
{
    val_state *v = s->v;
    uint32_t models = val_models_at(s->v, i), k = val_index(v, i);
    const char *op = vk_op_name(i->opcode);
    char names[160];
    const uint32_t wg_models = VAL_MODEL_TASK_MESH | VAL_MODEL_TESS_CONTROL | VAL_MODEL_COMPUTE;
    if (!models)
        return;
    if (scope == SPVK_SCOPE_Workgroup && (models & ~wg_models)) {
        val_model_names(models & ~wg_models, names, sizeof names);
        val_error(v, k, execution ? VUID("None-04637") : VUID("None-07321"),
                  "%s's %s scope is Workgroup in a function reached by %s entry points; Workgroup is only for task, "
                  "mesh, tessellation control and compute",
                  op, execution ? "execution" : "memory", names);
    }
    if (!execution && scope == SPVK_SCOPE_Workgroup && (models & VAL_MODEL_TESS_CONTROL) &&
        v->memory_model == SPVK_MEMORY_MODEL_GLSL450)
        val_error(v, k, VUID("ExecutionModel-07320"),
                  "%s's memory scope is Workgroup in a TessellationControl shader under the GLSL450 memory model",
                  op);
    if (!execution && scope == SPVK_SCOPE_ShaderCallKHR && (models & ~VAL_MODEL_RAY_TRACING)) {
        val_model_names(models & ~VAL_MODEL_RAY_TRACING, names, sizeof names);
        val_error(v, k, VUID("None-04640"),
                  "%s's memory scope is ShaderCallKHR in a function reached by %s entry points; it is only for "
                  "ray tracing shaders",
                  op, names);
    }
    const uint32_t subgroup_only = VAL_MODEL_RAYGEN | VAL_MODEL_INTERSECTION | VAL_MODEL_ANY_HIT | VAL_MODEL_CLOSEST_HIT | VAL_MODEL_MISS |
                                   VAL_MODEL_FRAGMENT | VAL_MODEL_VERTEX | VAL_MODEL_TESS_EVAL | VAL_MODEL_GEOMETRY;
    if (execution && i->opcode == SPVK_OP_ControlBarrier && scope != SPVK_SCOPE_Subgroup && (models & subgroup_only)) {
        val_model_names(models & subgroup_only, names, sizeof names);
        val_error(v, k, VUID("OpControlBarrier-04682"),
                  "OpControlBarrier in a function reached by %s entry points must have the execution scope "
                  "Subgroup, not %s",
                  names, vk_enum_name(SPVK_OPERAND_Scope, scope));
    }
}

static void check_scopes(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
    if (!d)
        return;
    const uint32_t *w = val_words(v, i);
    const spvk_operand *ops = val_operands(v, i);
    uint32_t k = val_index(v, i);
    uint32_t memory_scope = VAL_NONE, semantics = VAL_NONE;
    for (uint32_t n = 0; n < i->num_operands && n < d->num_operands; n++) {
        if (ops[n].offset >= i->num_words)
            continue;
        const char *name = d->operands[n].name ? d->operands[n].name : "";
        uint32_t value;
        if (ops[n].kind == SPVK_OPERAND_IdMemorySemantics) {
            if (constant_of(v, w[ops[n].offset], &value)) {
                check_semantics(v, i, name, value);
                if (semantics == VAL_NONE)
                    semantics = value;
                else if (strcmp(name, "Unequal") == 0)
                    check_unequal(v, i, semantics, value);
            }
            continue;
        }
        if (ops[n].kind != SPVK_OPERAND_IdScope || !constant_of(v, w[ops[n].offset], &value))
            continue;
        if (strcmp(name, "Execution") == 0) {
            check_scope_models(s, i, true, value);
            if ((i->opcode == SPVK_OP_ControlBarrierArriveEXT || i->opcode == SPVK_OP_ControlBarrierWaitEXT) &&
                value != SPVK_SCOPE_Workgroup && value != SPVK_SCOPE_Subgroup)
                val_error(v, k, VUID("OpControlBarrierArriveEXT-13553"),
                          "%s's execution scope is %s; it must be Workgroup or Subgroup", d->name,
                          vk_enum_name(SPVK_OPERAND_Scope, value));
            if (value != SPVK_SCOPE_Workgroup && value != SPVK_SCOPE_Subgroup)
                val_error(v, k, VUID("None-04636"),
                          "%s's execution scope is %s; Vulkan allows only Workgroup or Subgroup", d->name,
                          vk_enum_name(SPVK_OPERAND_Scope, value));
            else if (d->instruction_class == SPVK_CLASS_NON_UNIFORM && value != SPVK_SCOPE_Subgroup)
                val_error(v, k, VUID("None-04642"), "%s is a group operation: its scope must be Subgroup, not %s",
                          d->name, vk_enum_name(SPVK_OPERAND_Scope, value));
        } else if (strcmp(name, "Memory") == 0) {
            memory_scope = value;
            check_scope_models(s, i, false, value);
            if (value != SPVK_SCOPE_Device && value != SPVK_SCOPE_QueueFamily && value != SPVK_SCOPE_Workgroup &&
                value != SPVK_SCOPE_ShaderCallKHR && value != SPVK_SCOPE_Subgroup && value != SPVK_SCOPE_Invocation)
                val_error(v, k, VUID("None-04638"),
                          "%s's memory scope is %s; Vulkan allows Device, QueueFamily, Workgroup, ShaderCallKHR, "
                          "Subgroup or Invocation",
                          d->name, vk_enum_name(SPVK_OPERAND_Scope, value));
            if (value == SPVK_SCOPE_Subgroup && !val_has_capability(v, SPVK_CAPABILITY_SubgroupVoteKHR) &&
                !val_has_capability(v, SPVK_CAPABILITY_GroupNonUniform) &&
                !val_has_capability(v, SPVK_CAPABILITY_SubgroupBallotKHR))
                val_error(v, k, VUID("SubgroupVoteKHR-07951"),
                          "%s's memory scope is Subgroup, which needs the SubgroupVoteKHR, GroupNonUniform or "
                          "SubgroupBallotKHR capability",
                          d->name);
        } else if (i->opcode == SPVK_OP_ReadClockKHR) {
            if (value != SPVK_SCOPE_Subgroup && value != SPVK_SCOPE_Device)
                val_error(v, k, VUID("OpReadClockKHR-04652"),
                          "OpReadClockKHR's scope is %s; Vulkan allows only Subgroup or Device",
                          vk_enum_name(SPVK_OPERAND_Scope, value));
        } else if (i->opcode == SPVK_OP_TypeCooperativeMatrixKHR) {
            if (value != SPVK_SCOPE_Workgroup && value != SPVK_SCOPE_Subgroup)
                val_error(v, k, VUID("Scope-12243"),
                          "OpTypeCooperativeMatrixKHR's scope is %s; Vulkan allows only Workgroup or Subgroup",
                          vk_enum_name(SPVK_OPERAND_Scope, value));
        }
    }
    if (memory_scope == SPVK_SCOPE_Invocation && semantics != VAL_NONE && (semantics & ORDER_BITS))
        val_error(v, k, VUID("None-04641"), "%s's memory scope is Invocation, so its semantics must be Relaxed",
                  d->name);
}

/* ---- types ---- */

/* The Sampled Type each Image Format needs ([[spirvenv-format-type-matching]]): 'f' 32-bit float,
   'i'/'u' 32-bit signed/unsigned int ('I'/'U': 64-bit); 0 for Unknown (any). */
static char format_type(uint32_t format)
{
    switch (format) {
    case SPVK_IMAGE_FORMAT_Unknown: return 0;
    case SPVK_IMAGE_FORMAT_Rgba32i: case SPVK_IMAGE_FORMAT_Rg32i: case SPVK_IMAGE_FORMAT_R32i:
    case SPVK_IMAGE_FORMAT_Rgba16i: case SPVK_IMAGE_FORMAT_Rg16i: case SPVK_IMAGE_FORMAT_R16i:
    case SPVK_IMAGE_FORMAT_Rgba8i: case SPVK_IMAGE_FORMAT_Rg8i: case SPVK_IMAGE_FORMAT_R8i:
        return 'i';
    case SPVK_IMAGE_FORMAT_Rgba32ui: case SPVK_IMAGE_FORMAT_Rg32ui: case SPVK_IMAGE_FORMAT_R32ui:
    case SPVK_IMAGE_FORMAT_Rgba16ui: case SPVK_IMAGE_FORMAT_Rg16ui: case SPVK_IMAGE_FORMAT_R16ui:
    case SPVK_IMAGE_FORMAT_Rgb10a2ui: case SPVK_IMAGE_FORMAT_Rgba8ui: case SPVK_IMAGE_FORMAT_Rg8ui:
    case SPVK_IMAGE_FORMAT_R8ui:
        return 'u';
    case SPVK_IMAGE_FORMAT_R64i: return 'I';
    case SPVK_IMAGE_FORMAT_R64ui: return 'U';
    default: return 'f'; /* every other format of the table is a 32-bit float one */
    }
}

static void check_type_image(val_state *v, const val_inst *i)
{
    if (i->num_words < 9)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i);
    uint32_t sampled_type = w[2], dim = w[3], arrayed = w[5], sampled = w[7], format = w[8];
    const val_inst *t = val_def(v, sampled_type);
    bool is_float32 = val_is_float_type(v, sampled_type) && val_bit_width(v, sampled_type) == 32 &&
                      !val_is_bf16_type(v, sampled_type) && t && t->num_words == 3;
    bool is_int = val_is_int_type(v, sampled_type) && t && t->num_words >= 4;
    uint32_t width = is_int ? val_bit_width(v, sampled_type) : 0;
    uint32_t sign = is_int ? val_words(v, t)[3] : 0;
    if (!is_float32 && !(is_int && (width == 32 || width == 64)))
        val_error(v, k, VUID("OpTypeImage-04656"),
                  "the Sampled Type %%%u must be a scalar 32-bit float, 32-bit integer or 64-bit integer type",
                  sampled_type);
    else {
        char need = format_type(format);
        bool ok = need == 0 || (need == 'f' && is_float32) ||
                  (need == 'i' && is_int && width == 32 && sign == 1) ||
                  (need == 'u' && is_int && width == 32 && sign == 0) ||
                  (need == 'I' && is_int && width == 64 && sign == 1) ||
                  (need == 'U' && is_int && width == 64 && sign == 0);
        if (!ok)
            val_error(v, k, VUID("Image-04965"), "Image Format %s needs a Sampled Type of %s, not %%%u",
                      vk_enum_name(SPVK_OPERAND_ImageFormat, format),
                      need == 'f'   ? "32-bit float"
                      : need == 'i' ? "32-bit signed integer"
                      : need == 'u' ? "32-bit unsigned integer"
                      : need == 'I' ? "64-bit signed integer"
                                    : "64-bit unsigned integer",
                      sampled_type);
    }
    if (sampled != 1 && sampled != 2)
        val_error(v, k, VUID("OpTypeImage-04657"),
                  "Sampled is %u; Vulkan needs 1 (sampled image) or 2 (storage image)", sampled);
    if (dim == SPVK_DIM_Rect)
        val_error(v, k, VUID("OpTypeImage-09638"), "Dim Rect is not allowed in Vulkan");
    if (dim == SPVK_DIM_SubpassData && (arrayed != 0 || sampled != 2))
        val_error(v, k, VUID("OpTypeImage-06214"),
                  "a SubpassData image must have Arrayed 0 and Sampled 2 (it has %u and %u)", arrayed, sampled);
}

/* ---- variables ---- */

static bool storage_class_allowed(uint32_t sc)
{
    switch (sc) {
    case SPVK_STORAGE_CLASS_UniformConstant: case SPVK_STORAGE_CLASS_Input: case SPVK_STORAGE_CLASS_Uniform:
    case SPVK_STORAGE_CLASS_Output: case SPVK_STORAGE_CLASS_Workgroup: case SPVK_STORAGE_CLASS_Private:
    case SPVK_STORAGE_CLASS_Function: case SPVK_STORAGE_CLASS_PushConstant: case SPVK_STORAGE_CLASS_Image:
    case SPVK_STORAGE_CLASS_StorageBuffer: case SPVK_STORAGE_CLASS_RayPayloadKHR:
    case SPVK_STORAGE_CLASS_IncomingRayPayloadKHR: case SPVK_STORAGE_CLASS_HitAttributeKHR:
    case SPVK_STORAGE_CLASS_CallableDataKHR: case SPVK_STORAGE_CLASS_IncomingCallableDataKHR:
    case SPVK_STORAGE_CLASS_ShaderRecordBufferKHR: case SPVK_STORAGE_CLASS_PhysicalStorageBuffer:
    case SPVK_STORAGE_CLASS_TileImageEXT:
    /* Storage classes that extensions added after the list was written, for their own stages. */
    case SPVK_STORAGE_CLASS_TaskPayloadWorkgroupEXT: case SPVK_STORAGE_CLASS_HitObjectAttributeNV:
    case SPVK_STORAGE_CLASS_NodePayloadAMDX: case SPVK_STORAGE_CLASS_TileAttachmentQCOM:
        return true;
    default:
        return false;
    }
}

/* The element type of (possibly nested) arrays. */
uint32_t vk_strip_arrays(const val_state *v, uint32_t type)
{
    for (int depth = 0; depth < 8; depth++) {
        const val_inst *d = val_def(v, type);
        if (!d || (d->opcode != SPVK_OP_TypeArray && d->opcode != SPVK_OP_TypeRuntimeArray) || d->num_words < 3)
            return type;
        type = val_words(v, d)[2];
    }
    return type;
}

static void check_variable(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i), sc = w[3], pointee = 0, psc;
    const char *scn = vk_enum_name(SPVK_OPERAND_StorageClass, sc);
    if (!storage_class_allowed(sc))
        val_error(v, k, VUID("None-04643"), "storage class %s is not allowed in Vulkan", scn);
    if (!val_pointer_info(v, i->type_id, &psc, &pointee))
        return;
    if (i->num_words >= 5) {
        if (sc != SPVK_STORAGE_CLASS_Output && sc != SPVK_STORAGE_CLASS_Private &&
            sc != SPVK_STORAGE_CLASS_Function && sc != SPVK_STORAGE_CLASS_Workgroup)
            val_error(v, k, VUID("OpVariable-04651"),
                      "a variable in %s has an Initializer; only Output, Private, Function and Workgroup "
                      "variables may",
                      scn);
        else if (sc == SPVK_STORAGE_CLASS_Workgroup && val_def_opcode(v, w[4]) != SPVK_OP_ConstantNull)
            val_error(v, k, VUID("OpVariable-04734"),
                      "a Workgroup variable's Initializer must be an OpConstantNull, not %%%u", w[4]);
    }
    uint32_t element = vk_strip_arrays(v, pointee);
    uint16_t eop = val_def_opcode(v, element);
    if (sc == SPVK_STORAGE_CLASS_UniformConstant && eop != SPVK_OP_TypeImage && eop != SPVK_OP_TypeSampler &&
        eop != SPVK_OP_TypeSampledImage && eop != SPVK_OP_TypeAccelerationStructureKHR &&
        eop != SPVK_OP_TypeTensorARM)
        val_error(v, k, VUID("UniformConstant-04655"),
                  "a UniformConstant variable must be an image, sampler, sampled image, acceleration structure "
                  "or tensor, or an array of them; %%%u is of type %%%u",
                  i->result_id, pointee);
    if ((sc == SPVK_STORAGE_CLASS_Uniform || sc == SPVK_STORAGE_CLASS_StorageBuffer) && eop != SPVK_OP_TypeStruct)
        val_error(v, k, VUID("Uniform-06807"), "a %s variable must be a struct or an array of structs; %%%u is of type %%%u",
                  scn, i->result_id, pointee);
    if (sc == SPVK_STORAGE_CLASS_PushConstant && val_def_opcode(v, pointee) != SPVK_OP_TypeStruct)
        val_error(v, k, VUID("PushConstant-06808"), "a PushConstant variable must be a struct; %%%u is of type %%%u",
                  i->result_id, pointee);
    if (eop == SPVK_OP_TypeStruct) {
        uint8_t sd = vk_dec_of(s, element);
        if ((sc == SPVK_STORAGE_CLASS_PushConstant || sc == SPVK_STORAGE_CLASS_StorageBuffer) && !(sd & VK_DEC_BLOCK))
            val_error(v, k, VUID("PushConstant-06675"), "the struct %%%u of a %s variable must be decorated Block",
                      element, scn);
        if (sc == SPVK_STORAGE_CLASS_Uniform && !(sd & (VK_DEC_BLOCK | VK_DEC_BUFFER_BLOCK)))
            val_error(v, k, VUID("Uniform-06676"),
                      "the struct %%%u of a Uniform variable must be decorated Block or BufferBlock", element);
    }
    uint8_t d = vk_dec_of(s, i->result_id);
    bool io = sc == SPVK_STORAGE_CLASS_Input || sc == SPVK_STORAGE_CLASS_Output;
    if (io && val_is_bool_type(v, vk_strip_arrays(v, pointee)) && !(d & VK_DEC_BUILTIN))
        val_error(v, k, VUID("Input-07290"), "the %s variable %%%u is a bool and must be decorated BuiltIn", scn,
                  i->result_id);
    if ((d & VK_DEC_BUILTIN) && (d & (VK_DEC_LOCATION | VK_DEC_COMPONENT)))
        val_error(v, k, VUID("Location-04915"), "%%%u is a BuiltIn and must not be decorated Location or Component",
                  i->result_id);
    if ((d & VK_DEC_INPUT_ATTACHMENT) && sc != SPVK_STORAGE_CLASS_UniformConstant)
        val_error(v, k, VUID("InputAttachmentIndex-06678"),
                  "%%%u is decorated InputAttachmentIndex but is in %s, not UniformConstant", i->result_id, scn);
    if ((d & VK_DEC_INTERPOLATION) && !io)
        val_error(v, k, VUID("Flat-04670"),
                  "%%%u is in %s; Flat, NoPerspective, Sample and Centroid are only for Input and Output variables",
                  i->result_id, scn);
}

/* ---- entry points ---- */

static void check_entry_point(val_state *v, const val_inst *i)
{
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i), model = w[1];
    const val_inst *f = val_def(v, w[2]);
    if (f && f->opcode == SPVK_OP_Function && f->num_words >= 5) {
        const val_inst *ft = val_def(v, val_words(v, f)[4]);
        if (ft && ft->opcode == SPVK_OP_TypeFunction &&
            (ft->num_words != 3 || val_def_opcode(v, val_words(v, ft)[2]) != SPVK_OP_TypeVoid))
            val_error(v, k, VUID("None-04633"), "the entry point %%%u must return void and take no parameters",
                      w[2]);
    }
    /* The interface follows the name, a literal string of at least one word. */
    uint32_t first = 3;
    while (first < i->num_words && (w[first] >> 24) != 0)
        first++;
    first++;
    static const uint32_t no_output[] = {SPVK_EXECUTION_MODEL_GLCompute,     SPVK_EXECUTION_MODEL_RayGenerationKHR,
                                         SPVK_EXECUTION_MODEL_IntersectionKHR, SPVK_EXECUTION_MODEL_AnyHitKHR,
                                         SPVK_EXECUTION_MODEL_ClosestHitKHR, SPVK_EXECUTION_MODEL_MissKHR,
                                         SPVK_EXECUTION_MODEL_CallableKHR};
    static const uint32_t workgroup_ok[] = {SPVK_EXECUTION_MODEL_GLCompute, SPVK_EXECUTION_MODEL_TaskNV,
                                            SPVK_EXECUTION_MODEL_MeshNV,    SPVK_EXECUTION_MODEL_TaskEXT,
                                            SPVK_EXECUTION_MODEL_MeshEXT};
    uint32_t push_constants = 0;
    for (uint32_t n = first; n < i->num_words; n++) {
        const val_inst *var = val_def(v, w[n]);
        if (!var || var->opcode != SPVK_OP_Variable || var->num_words < 4)
            continue;
        uint32_t sc = val_words(v, var)[3];
        if (sc == SPVK_STORAGE_CLASS_PushConstant && ++push_constants == 2 &&
            !val_has_capability(v, SPVK_CAPABILITY_PushConstantBanksNV))
            val_error(v, k, VUID("OpVariable-06673"),
                      "the entry point's interface lists more than one PushConstant variable (%%%u is the second)",
                      w[n]);
        if (sc == SPVK_STORAGE_CLASS_Output && is_execution_model_in(model, no_output, 7))
            val_error(v, k, VUID("None-04644"), "the %s entry point's interface lists the Output variable %%%u",
                      vk_enum_name(SPVK_OPERAND_ExecutionModel, model), w[n]);
        if (sc == SPVK_STORAGE_CLASS_Workgroup && !is_execution_model_in(model, workgroup_ok, 5))
            val_error(v, k, VUID("None-04645"),
                      "the %s entry point's interface lists the Workgroup variable %%%u; Workgroup is only for "
                      "task, mesh and compute shaders",
                      vk_enum_name(SPVK_OPERAND_ExecutionModel, model), w[n]);
    }
}

/* ---- instructions ---- */


static void check_atomic_pointer(val_state *v, const val_inst *i)
{
    /* OpAtomicStore and OpAtomicFlagClear have no result: their Pointer is the first operand. */
    uint32_t at = i->result_id ? 3 : 1;
    if (i->num_words <= at)
        return;
    uint32_t sc = vk_pointer_storage(v, val_words(v, i)[at]);
    if (sc == VAL_NONE || sc == SPVK_STORAGE_CLASS_Uniform || sc == SPVK_STORAGE_CLASS_Workgroup ||
        sc == SPVK_STORAGE_CLASS_Image || sc == SPVK_STORAGE_CLASS_StorageBuffer ||
        sc == SPVK_STORAGE_CLASS_PhysicalStorageBuffer || sc == SPVK_STORAGE_CLASS_TaskPayloadWorkgroupEXT)
        return;
    val_error(v, val_index(v, i), VUID("None-04686"),
              "the Pointer of %s is in %s; atomics need Uniform, Workgroup, Image, StorageBuffer, "
              "PhysicalStorageBuffer or TaskPayloadWorkgroupEXT",
              spvk_instruction_by_opcode(i->opcode)->name, vk_enum_name(SPVK_OPERAND_StorageClass, sc));
}

static bool is_atomic(uint16_t opcode)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(opcode);
    return d && d->instruction_class == SPVK_CLASS_ATOMIC && d->name && strncmp(d->name, "OpAtomic", 8) == 0;
}

static void check_inst(vk_state *s, const val_inst *i)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i);
    switch (i->opcode) {
    case SPVK_OP_MemoryModel:
        if (i->num_words >= 2 && w[1] != SPVK_ADDRESSING_MODEL_Logical &&
            w[1] != SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64)
            val_error(v, k, VUID("None-04635"),
                      "addressing model %s is not allowed in Vulkan; use Logical or PhysicalStorageBuffer64",
                      vk_enum_name(SPVK_OPERAND_AddressingModel, w[1]));
        else if (i->num_words >= 2 && w[1] == SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64 &&
                 !v->target->physical_storage_buffer)
            val_error(v, k, VUID("None-04635"),
                      "the target %s does not enable the PhysicalStorageBuffer64 addressing model "
                      "(bufferDeviceAddress); use Logical",
                      v->target->name);
        break;
    case SPVK_OP_EntryPoint:
        check_entry_point(v, i);
        break;
    case SPVK_OP_ExecutionMode:
        if (i->num_words >= 3 && w[2] == SPVK_EXECUTION_MODE_OriginLowerLeft)
            val_error(v, k, VUID("OriginLowerLeft-04653"),
                      "OriginLowerLeft is not allowed in Vulkan; fragment shaders use OriginUpperLeft");
        if (i->num_words >= 3 && w[2] == SPVK_EXECUTION_MODE_PixelCenterInteger)
            val_error(v, k, VUID("PixelCenterInteger-04654"), "PixelCenterInteger is not allowed in Vulkan");
        break;
    case SPVK_OP_TypeImage:
        check_type_image(v, i);
        break;
    case SPVK_OP_TypeSampledImage:
        if (i->num_words >= 3) {
            const val_inst *img = val_def(v, w[2]);
            if (img && img->opcode == SPVK_OP_TypeImage && img->num_words >= 8 && val_words(v, img)[7] != 1)
                val_error(v, k, VUID("OpTypeSampledImage-06671"),
                          "the image type %%%u has Sampled %u; a sampled image needs Sampled 1", w[2],
                          val_words(v, img)[7]);
        }
        break;
    case SPVK_OP_TypePointer:
        if (i->num_words >= 3 && !storage_class_allowed(w[2]))
            val_error(v, k, VUID("None-04643"), "storage class %s is not allowed in Vulkan",
                      vk_enum_name(SPVK_OPERAND_StorageClass, w[2]));
        break;
    case SPVK_OP_TypeForwardPointer:
        if (i->num_words >= 3 && w[2] != SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
            val_error(v, k, VUID("OpTypeForwardPointer-04711"),
                      "OpTypeForwardPointer's storage class must be PhysicalStorageBuffer, not %s",
                      vk_enum_name(SPVK_OPERAND_StorageClass, w[2]));
        break;
    case SPVK_OP_Variable:
        check_variable(s, i);
        break;
    case SPVK_OP_ImageRead:
        if (val_component_count(v, i->type_id) != 4 || val_def_opcode(v, i->type_id) != SPVK_OP_TypeVector)
            val_error(v, k, VUID("Result-04780"), "OpImageRead's Result Type must be a 4-component vector");
        break;
    case SPVK_OP_ImageGather:
    case SPVK_OP_ImageSparseGather:
        if (i->num_words >= 6) {
            const spvk_instruction_desc *d = spvk_instruction_by_opcode(val_def_opcode(v, w[5]));
            if (!d || d->instruction_class != SPVK_CLASS_CONSTANT_CREATION)
                val_error(v, k, VUID("OpImageGather-04664"), "the Component %%%u must be a constant", w[5]);
        }
        break;
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
        if (i->num_words >= 4) {
            uint32_t sc = vk_pointer_storage(v, w[3]);
            if (sc != VAL_NONE && sc != SPVK_STORAGE_CLASS_Workgroup && sc != SPVK_STORAGE_CLASS_StorageBuffer &&
                sc != SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
                val_error(v, k, VUID("Base-07650"),
                          "the Base of %s is in %s; it must be in Workgroup, StorageBuffer or PhysicalStorageBuffer",
                          spvk_instruction_by_opcode(i->opcode)->name, vk_enum_name(SPVK_OPERAND_StorageClass, sc));
        }
        break;
    case SPVK_OP_ConvertUToPtr:
    case SPVK_OP_ConvertPtrToU:
        if (v->addressing_model == SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64 && i->num_words >= 4) {
            uint32_t int_type = i->opcode == SPVK_OP_ConvertPtrToU ? i->type_id : val_type_of(v, w[3]);
            if (val_is_int_type(v, int_type) && val_bit_width(v, int_type) != 64)
                val_error(v, k, VUID("PhysicalStorageBuffer64-04710"),
                          "%s must use a 64-bit integer under PhysicalStorageBuffer64, not %%%u",
                          spvk_instruction_by_opcode(i->opcode)->name, int_type);
        }
        break;
    default:
        break;
    }
    if (is_atomic(i->opcode))
        check_atomic_pointer(v, i);
    check_scopes(s, i);
}

/* None-04645: "If the Storage Class is Workgroup, then it must only be used in the task, mesh,
   or compute Execution Model". Before SPIR-V 1.4 a Workgroup variable is in no interface list,
   so its uses are what is checked: an instruction naming a global Workgroup variable in a function
   that a non-compute entry point reaches (SPIRV-Cross's ue4 hull shaders keep their results in
   one). Reported once per function. */
static void check_workgroup_uses(val_state *v)
{
    const uint32_t allowed = VAL_MODEL_COMPUTE | VAL_MODEL_TASK_MESH;
    uint32_t reported = VAL_NONE;
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        uint32_t models = val_models_at(v, i);
        if (i->function == VAL_NONE || i->function == reported || !(models & ~allowed))
            continue;
        const spvk_operand *ops = val_operands(v, i);
        const uint32_t *w = val_words(v, i);
        for (uint16_t n = 0; n < i->num_operands; n++) {
            if (ops[n].kind != SPVK_OPERAND_IdRef || ops[n].offset >= i->num_words)
                continue;
            const val_inst *d = val_def(v, w[ops[n].offset]);
            if (!d || d->opcode != SPVK_OP_Variable || d->function != VAL_NONE || d->num_words < 4 ||
                val_words(v, d)[3] != SPVK_STORAGE_CLASS_Workgroup)
                continue;
            char names[128];
            val_model_names(models & ~allowed, names, sizeof names);
            val_error(v, k, VUID("None-04645"), "the Workgroup variable %%%u is used in a function that %s entry points "
                      "reach; Workgroup is only for task, mesh and compute shaders", w[ops[n].offset], names);
            reported = i->function;
            break;
        }
    }
}

void val_check_vulkan(val_state *v)
{
    if (v->target->api != SPVK_CLIENT_VULKAN || !v->num_insts)
        return;
    size_t n = v->num_insts;
    vk_state s = {v, spvk_alloc(v->allocator, n * sizeof(uint32_t)), spvk_alloc(v->allocator, n * sizeof(uint32_t)),
                  spvk_alloc(v->allocator, n * sizeof(uint32_t))};
    if (s.dec && s.builtin && s.root) {
        memset(s.dec, 0, n * sizeof(uint32_t));
        memset(s.builtin, 0xff, n * sizeof(uint32_t));
        collect_decorations(&s);
        collect_roots(&s);
        if (val_call_graph(v)) {
            val_report_recursion(v, VUID("None-04634"), "Vulkan");
            for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
                check_inst(&s, &v->insts[k]);
                vk_check_image_inst(&s, &v->insts[k]);
                vk_check_memory_inst(&s, &v->insts[k]);
            }
            vk_check_models(&s);
            check_workgroup_uses(v);
            if (!v->stop)
                vk_check_xfb(&s);
        }
    } else {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    }
    spvk_free(v->allocator, s.dec, n * sizeof(uint32_t));
    spvk_free(v->allocator, s.builtin, n * sizeof(uint32_t));
    spvk_free(v->allocator, s.root, n * sizeof(uint32_t));
}
