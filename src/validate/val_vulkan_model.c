/* The Vulkan rules that depend on execution models: which models' entry points reach each
   function (a propagation over the static call graph, each function re-queued only when its set
   grows, so at most once per model), static recursion (None-04634), the storage classes and
   execution modes that only some models may use, and the workgroup sizes derivative groups need. */
#include <stdio.h>
#include <string.h>

#include "val_vulkan.h"


/* ---- entry points: interfaces and models ---- */

typedef struct sc_rule {
    uint32_t storage_class;
    uint32_t models;
    const char *vuid;
    const char *where;
} sc_rule;

static const sc_rule sc_rules[] = {
    {SPVK_STORAGE_CLASS_TileImageEXT, VAL_MODEL_FRAGMENT, VUID("None-08720"), "fragment"},
    {SPVK_STORAGE_CLASS_RayPayloadKHR, VAL_MODEL_RAYGEN | VAL_MODEL_CLOSEST_HIT | VAL_MODEL_MISS, VUID("RayPayloadKHR-04698"),
     "ray generation, closest hit and miss"},
    {SPVK_STORAGE_CLASS_IncomingRayPayloadKHR, VAL_MODEL_CLOSEST_HIT | VAL_MODEL_ANY_HIT | VAL_MODEL_MISS,
     VUID("IncomingRayPayloadKHR-04699"), "closest hit, any-hit and miss"},
    {SPVK_STORAGE_CLASS_HitAttributeKHR, VAL_MODEL_INTERSECTION | VAL_MODEL_ANY_HIT | VAL_MODEL_CLOSEST_HIT,
     VUID("HitAttributeKHR-04701"), "intersection, any-hit and closest hit"},
    {SPVK_STORAGE_CLASS_CallableDataKHR, VAL_MODEL_RAYGEN | VAL_MODEL_CLOSEST_HIT | VAL_MODEL_MISS | VAL_MODEL_CALLABLE,
     VUID("CallableDataKHR-04704"), "ray generation, closest hit, miss and callable"},
    {SPVK_STORAGE_CLASS_IncomingCallableDataKHR, VAL_MODEL_CALLABLE, VUID("IncomingCallableDataKHR-04705"),
     "callable"},
    {SPVK_STORAGE_CLASS_ShaderRecordBufferKHR, VAL_MODEL_RAY_TRACING, VUID("ShaderRecordBufferKHR-07119"),
     "ray tracing"},
};

bool vk_builtin_needs_volatile(uint32_t builtin, uint32_t models)
{
    switch (builtin) {
    case SPVK_BUILT_IN_SMIDNV:
    case SPVK_BUILT_IN_WarpIDNV:
    case SPVK_BUILT_IN_SubgroupSize:
    case SPVK_BUILT_IN_SubgroupLocalInvocationId:
    case SPVK_BUILT_IN_SubgroupEqMask:
    case SPVK_BUILT_IN_SubgroupGeMask:
    case SPVK_BUILT_IN_SubgroupGtMask:
    case SPVK_BUILT_IN_SubgroupLeMask:
    case SPVK_BUILT_IN_SubgroupLtMask: /* any hit shaders are not in the rules' list */
        return (models & (VAL_MODEL_RAYGEN | VAL_MODEL_CLOSEST_HIT | VAL_MODEL_MISS | VAL_MODEL_INTERSECTION |
                          VAL_MODEL_CALLABLE)) != 0;
    case SPVK_BUILT_IN_RayTmaxKHR:
        return (models & VAL_MODEL_INTERSECTION) != 0;
    default:
        return false;
    }
}

static void check_interface(vk_state *s, const val_inst *ep)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, ep);
    uint32_t k = val_index(v, ep);
    uint32_t first = 3;
    while (first < ep->num_words && (w[first] >> 24) != 0)
        first++;
    first++;
    uint32_t incoming_payload = 0, hit_attribute = 0, incoming_callable = 0;
    for (uint32_t n = first; n < ep->num_words; n++) {
        const val_inst *var = val_def(v, w[n]);
        if (!var || var->opcode != SPVK_OP_Variable || var->num_words < 4)
            continue;
        uint32_t sc = val_words(v, var)[3];
        if (sc == SPVK_STORAGE_CLASS_IncomingRayPayloadKHR && ++incoming_payload == 2)
            val_error(v, k, VUID("IncomingRayPayloadKHR-04700"),
                      "the entry point's interface lists more than one IncomingRayPayloadKHR variable (%%%u is the "
                      "second)",
                      w[n]);
        if (sc == SPVK_STORAGE_CLASS_HitAttributeKHR && ++hit_attribute == 2)
            val_error(v, k, VUID("HitAttributeKHR-04702"),
                      "the entry point's interface lists more than one HitAttributeKHR variable (%%%u is the second)",
                      w[n]);
        if (sc == SPVK_STORAGE_CLASS_IncomingCallableDataKHR && ++incoming_callable == 2)
            val_error(v, k, VUID("IncomingCallableDataKHR-04706"),
                      "the entry point's interface lists more than one IncomingCallableDataKHR variable (%%%u is "
                      "the second)",
                      w[n]);
        /* VulkanMemoryModel-04678 (Volatile built-ins of ray tracing stages) is val_vulkan_interface.c's. */
    }
}

/* ---- execution modes ---- */

typedef struct ep_modes {
    uint32_t models; /* of the entry points naming the function */
    uint32_t size[3];
    bool size_known, local_size, derivative_quads_nv, derivative_linear_nv, derivative_quads, derivative_linear;
    uint32_t quads_at, linear_at, rate_at; /* instruction index of the mode */
    bool tile_rate;
} ep_modes;

static bool constant_u32(const val_state *v, uint32_t id, uint32_t *out)
{
    uint64_t x;
    if (val_def_opcode(v, id) != SPVK_OP_Constant || !val_constant_uint(v, id, &x))
        return false;
    *out = (uint32_t)x;
    return true;
}

/* A WorkgroupSize constant overrides every LocalSize; only a non-specializable one is known. */
static bool workgroup_size(vk_state *s, uint32_t size[3], bool *present)
{
    val_state *v = s->v;
    *present = false;
    for (uint32_t k = 0; k < v->num_insts; k++) {
        if (s->builtin[k] != SPVK_BUILT_IN_WorkgroupSize)
            continue;
        *present = true;
        const val_inst *c = &v->insts[k];
        if (c->opcode != SPVK_OP_ConstantComposite || c->num_words < 6)
            return false;
        for (int d = 0; d < 3; d++)
            if (!constant_u32(v, val_words(v, c)[3 + d], &size[d]))
                return false;
        return true;
    }
    return false;
}

static void check_derivatives(val_state *v, const ep_modes *m)
{
    if (!m->size_known)
        return;
    bool quads_ok = m->size[0] % 2 == 0 && m->size[1] % 2 == 0;
    uint64_t product = (uint64_t)m->size[0] * m->size[1] * m->size[2];
    if (m->derivative_quads_nv && !quads_ok && (m->models & VAL_MODEL_COMPUTE))
        val_error(v, m->quads_at, VUID("DerivativeGroupQuadsNV-04684"),
                  "DerivativeGroupQuadsNV needs the workgroup's first two dimensions to be multiples of 2; the "
                  "size is %u x %u x %u",
                  m->size[0], m->size[1], m->size[2]);
    if (m->derivative_quads && !quads_ok)
        val_error(v, m->quads_at, VUID("DerivativeGroupQuadsKHR-10151"),
                  "DerivativeGroupQuadsKHR needs the workgroup's first two dimensions to be multiples of 2; the "
                  "size is %u x %u x %u",
                  m->size[0], m->size[1], m->size[2]);
    if (m->derivative_linear_nv && product % 4 && (m->models & VAL_MODEL_COMPUTE))
        val_error(v, m->linear_at, VUID("DerivativeGroupLinearNV-04778"),
                  "DerivativeGroupLinearNV needs a workgroup of a multiple of 4 invocations; the size is %u x %u x %u",
                  m->size[0], m->size[1], m->size[2]);
    if (m->derivative_linear && product % 4)
        val_error(v, m->linear_at, VUID("DerivativeGroupLinearKHR-10152"),
                  "DerivativeGroupLinearKHR needs a workgroup of a multiple of 4 invocations; the size is %u x %u x "
                  "%u",
                  m->size[0], m->size[1], m->size[2]);
}

static void check_mode(vk_state *s, const val_inst *i, ep_modes *m)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i), mode = w[2];
    bool id_mode = i->opcode == SPVK_OP_ExecutionModeId;
    char names[160];
    switch (mode) {
    case SPVK_EXECUTION_MODE_LocalSize:
    case SPVK_EXECUTION_MODE_LocalSizeId:
        m->local_size = true;
        if (i->num_words >= 6) {
            m->size_known = true;
            for (int d = 0; d < 3; d++) {
                if (id_mode || mode == SPVK_EXECUTION_MODE_LocalSizeId)
                    m->size_known = m->size_known && constant_u32(v, w[3 + d], &m->size[d]);
                else
                    m->size[d] = w[3 + d];
            }
        }
        break;
    case SPVK_EXECUTION_MODE_DerivativeGroupQuadsKHR: /* the NV mode shares its value */
        if (val_has_extension(v, "SPV_KHR_compute_shader_derivatives"))
            m->derivative_quads = true;
        else
            m->derivative_quads_nv = true;
        m->quads_at = k;
        break;
    case SPVK_EXECUTION_MODE_DerivativeGroupLinearKHR:
        if (val_has_extension(v, "SPV_KHR_compute_shader_derivatives"))
            m->derivative_linear = true;
        else
            m->derivative_linear_nv = true;
        m->linear_at = k;
        break;
    case SPVK_EXECUTION_MODE_OutputVertices:
        if (i->num_words >= 4 && w[3] == 0 && (m->models & VAL_MODEL_MESH_EXT))
            val_error(v, k, VUID("MeshEXT-07330"), "a MeshEXT entry point's OutputVertices must be greater than 0");
        break;
    case SPVK_EXECUTION_MODE_OutputPrimitivesEXT:
        if (i->num_words >= 4 && w[3] == 0 && (m->models & VAL_MODEL_MESH_EXT))
            val_error(v, k, VUID("MeshEXT-07331"),
                      "a MeshEXT entry point's OutputPrimitivesEXT must be greater than 0");
        break;
    case SPVK_EXECUTION_MODE_NonCoherentTileAttachmentReadQCOM:
        if (m->models & ~VAL_MODEL_FRAGMENT) {
            val_model_names(m->models & ~VAL_MODEL_FRAGMENT, names, sizeof names);
            val_error(v, k, VUID("Execution-10687"),
                      "NonCoherentTileAttachmentReadQCOM is only for fragment shaders, not %s", names);
        }
        if (!val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM))
            val_error(v, k, VUID("NonCoherentTileAttachmentReadQCOM-10690"),
                      "NonCoherentTileAttachmentReadQCOM needs the TileShadingQCOM capability");
        break;
    case SPVK_EXECUTION_MODE_TileShadingRateQCOM:
        if (m->models & ~VAL_MODEL_COMPUTE) {
            val_model_names(m->models & ~VAL_MODEL_COMPUTE, names, sizeof names);
            val_error(v, k, VUID("Execution-10688"), "TileShadingRateQCOM is only for compute shaders, not %s",
                      names);
        }
        if (!val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM))
            val_error(v, k, VUID("TileShadingRateQCOM-10691"),
                      "TileShadingRateQCOM needs the TileShadingQCOM capability");
        m->tile_rate = true;
        m->rate_at = k;
        break;
    default:
        break;
    }
}

static void check_entry_points(vk_state *s)
{
    val_state *v = s->v;
    size_t nf = v->num_functions;
    uint32_t all = 0;
    uint32_t first_nv = VAL_NONE, first_ext = VAL_NONE;
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_EntryPoint || i->num_words < 4)
            continue;
        uint32_t model = val_model_bit(val_words(v, i)[1]);
        all |= model;
        if ((model & (VAL_MODEL_TASK_NV | VAL_MODEL_MESH_NV)) && first_nv == VAL_NONE)
            first_nv = k;
        if ((model & (VAL_MODEL_TASK_EXT | VAL_MODEL_MESH_EXT)) && first_ext == VAL_NONE)
            first_ext = k;
        check_interface(s, i);
    }
    if (first_nv != VAL_NONE && first_ext != VAL_NONE)
        val_error(v, first_nv > first_ext ? first_nv : first_ext, VUID("MeshEXT-07102"),
                  "the module has both TaskEXT/MeshEXT and TaskNV/MeshNV entry points");
    char names[160];
    if (val_has_capability(v, SPVK_CAPABILITY_SplitBarrierEXT) && (all & ~VAL_MODEL_COMPUTE)) {
        val_model_names(all & ~VAL_MODEL_COMPUTE, names, sizeof names);
        val_error(v, VAL_NONE, VUID("SplitBarrierEXT-13552"),
                  "the SplitBarrierEXT capability is declared but the module has %s entry points; it is only for "
                  "compute",
                  names);
    }
    if (val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM) && (all & ~(VAL_MODEL_COMPUTE | VAL_MODEL_FRAGMENT))) {
        val_model_names(all & ~(VAL_MODEL_COMPUTE | VAL_MODEL_FRAGMENT), names, sizeof names);
        val_error(v, VAL_NONE, VUID("TileShadingQCOM-10686"),
                  "the TileShadingQCOM capability is declared but the module has %s entry points; it is only for "
                  "compute and fragment",
                  names);
    }
    if (!nf)
        return;
    ep_modes *modes = spvk_alloc(v->allocator, nf * sizeof *modes);
    if (!modes) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    memset(modes, 0, nf * sizeof *modes);
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_EntryPoint || i->num_words < 3)
            continue;
        uint32_t f = val_function_index(v, val_words(v, i)[2]);
        if (f != VAL_NONE && f < nf)
            modes[f].models |= val_model_bit(val_words(v, i)[1]);
    }
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if ((i->opcode != SPVK_OP_ExecutionMode && i->opcode != SPVK_OP_ExecutionModeId) || i->num_words < 3)
            continue;
        uint32_t f = val_function_index(v, val_words(v, i)[1]);
        if (f != VAL_NONE && f < nf)
            check_mode(s, i, &modes[f]);
    }
    uint32_t wg[3];
    bool wg_present, wg_known = workgroup_size(s, wg, &wg_present);
    for (size_t f = 0; f < nf && !v->stop; f++) {
        ep_modes *m = &modes[f];
        if (m->tile_rate && m->local_size)
            val_error(v, m->rate_at, VUID("TileShadingRateQCOM-10692"),
                      "an entry point with TileShadingRateQCOM must not also specify LocalSize or LocalSizeId");
        if (wg_present) {
            m->size_known = wg_known;
            memcpy(m->size, wg, sizeof wg);
        }
        check_derivatives(v, m);
    }
    spvk_free(v->allocator, modes, nf * sizeof *modes);
}

/* ---- instructions in functions reached by some models ---- */

static bool writes_through_first_operand(uint16_t opcode)
{
    return opcode == SPVK_OP_Store || opcode == SPVK_OP_CopyMemory || opcode == SPVK_OP_CopyMemorySized ||
           opcode == SPVK_OP_AtomicStore;
}

/* A global variable of a storage class only some models may use, used by an instruction of a
   function that other models reach; reported once per variable. */
static void check_variable_use(vk_state *s, const val_inst *i, uint32_t models)
{
    val_state *v = s->v;
    const spvk_operand *ops = val_operands(v, i);
    const uint32_t *w = val_words(v, i);
    char names[160];
    for (uint32_t n = 0; n < i->num_operands; n++) {
        if (ops[n].kind != SPVK_OPERAND_IdRef || ops[n].offset >= i->num_words)
            continue;
        const val_id *e = val_id_find(v, w[ops[n].offset]);
        if (!e || e->def == VAL_NONE || e->def >= v->num_insts)
            continue;
        const val_inst *var = &v->insts[e->def];
        if (var->opcode != SPVK_OP_Variable || var->function != VAL_NONE || var->num_words < 4 ||
            (s->dec[e->def] & VK_DEC_REPORTED))
            continue;
        uint32_t sc = val_words(v, var)[3];
        for (size_t r = 0; r < sizeof sc_rules / sizeof sc_rules[0]; r++) {
            if (sc_rules[r].storage_class != sc || !(models & ~sc_rules[r].models))
                continue;
            val_model_names(models & ~sc_rules[r].models, names, sizeof names);
            val_error(v, val_index(v, i), sc_rules[r].vuid,
                      "%%%u is in %s, which only %s shaders may use, but a function reached by %s entry points uses "
                      "it",
                      var->result_id, vk_enum_name(SPVK_OPERAND_StorageClass, sc), sc_rules[r].where, names);
            s->dec[e->def] |= VK_DEC_REPORTED;
        }
    }
}

static void check_function_inst(vk_state *s, const val_inst *i, uint32_t models)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i);
    char names[160];
    check_variable_use(s, i, models);
    if (writes_through_first_operand(i->opcode) && i->num_words >= 2 &&
        vk_pointer_storage(v, w[1]) == SPVK_STORAGE_CLASS_HitAttributeKHR && (models & ~VAL_MODEL_INTERSECTION)) {
        val_model_names(models & ~VAL_MODEL_INTERSECTION, names, sizeof names);
        val_error(v, k, VUID("HitAttributeKHR-04703"),
                  "%s writes a HitAttributeKHR variable in a function reached by %s entry points; only "
                  "intersection shaders may write one",
                  vk_op_name(i->opcode), names);
    }
    if (i->opcode != SPVK_OP_Load || i->num_words < 4)
        return;
    if ((models & VAL_MODEL_MESH_EXT) && vk_pointer_storage(v, w[3]) == SPVK_STORAGE_CLASS_Output)
        val_error(v, k, VUID("MeshEXT-07107"),
                  "OpLoad reads the Output variable through %%%u in a function reached by a MeshEXT entry point; "
                  "mesh shaders must not read their outputs",
                  w[3]);
    uint32_t root = vk_root_variable(s, w[3]);
    if (root == VAL_NONE || !val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModel))
        return;
    uint32_t builtin = s->builtin[root];
    bool need = vk_builtin_needs_volatile(builtin, models);
    bool is_volatile = i->num_words >= 5 && (w[4] & SPVK_MEMORY_ACCESS_Volatile);
    if (need && !is_volatile)
        val_error(v, k, VUID("VulkanMemoryModel-04679"),
                  "OpLoad of the BuiltIn %s needs the Volatile memory operand in ray tracing shaders under the "
                  "VulkanMemoryModel capability",
                  vk_enum_name(SPVK_OPERAND_BuiltIn, builtin));
}

void vk_check_models(vk_state *s)
{
    val_state *v = s->v;
    check_entry_points(s);
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        uint32_t models = val_models_at(s->v, i);
        if (models)
            check_function_inst(s, i, models);
    }
}
