/* The Vulkan rules that depend on execution models: which models' entry points reach each
   function (a propagation over the static call graph, each function re-queued only when its set
   grows, so at most once per model), static recursion (None-04634), the storage classes and
   execution modes that only some models may use, and the workgroup sizes derivative groups need. */
#include <stdio.h>
#include <string.h>

#include "val_vulkan.h"

uint32_t vk_model_bit(uint32_t model)
{
    switch (model) {
    case SPVK_EXECUTION_MODEL_Vertex: return VK_M_VERTEX;
    case SPVK_EXECUTION_MODEL_TessellationControl: return VK_M_TESS_CONTROL;
    case SPVK_EXECUTION_MODEL_TessellationEvaluation: return VK_M_TESS_EVAL;
    case SPVK_EXECUTION_MODEL_Geometry: return VK_M_GEOMETRY;
    case SPVK_EXECUTION_MODEL_Fragment: return VK_M_FRAGMENT;
    case SPVK_EXECUTION_MODEL_GLCompute: return VK_M_COMPUTE;
    case SPVK_EXECUTION_MODEL_TaskNV: return VK_M_TASK_NV;
    case SPVK_EXECUTION_MODEL_MeshNV: return VK_M_MESH_NV;
    case SPVK_EXECUTION_MODEL_TaskEXT: return VK_M_TASK_EXT;
    case SPVK_EXECUTION_MODEL_MeshEXT: return VK_M_MESH_EXT;
    case SPVK_EXECUTION_MODEL_RayGenerationKHR: return VK_M_RAYGEN;
    case SPVK_EXECUTION_MODEL_IntersectionKHR: return VK_M_INTERSECTION;
    case SPVK_EXECUTION_MODEL_AnyHitKHR: return VK_M_ANY_HIT;
    case SPVK_EXECUTION_MODEL_ClosestHitKHR: return VK_M_CLOSEST_HIT;
    case SPVK_EXECUTION_MODEL_MissKHR: return VK_M_MISS;
    case SPVK_EXECUTION_MODEL_CallableKHR: return VK_M_CALLABLE;
    default: return VK_M_OTHER;
    }
}

void vk_model_names(uint32_t models, char *buf, size_t size)
{
    static const char *const names[] = {"Vertex",         "TessellationControl", "TessellationEvaluation",
                                        "Geometry",       "Fragment",            "GLCompute",
                                        "TaskNV",         "MeshNV",              "TaskEXT",
                                        "MeshEXT",        "RayGenerationKHR",    "IntersectionKHR",
                                        "AnyHitKHR",      "ClosestHitKHR",       "MissKHR",
                                        "CallableKHR",    "another model"};
    size_t used = 0;
    buf[0] = 0;
    for (unsigned b = 0; b < sizeof names / sizeof names[0] && used < size; b++) {
        if (!(models & (1u << b)))
            continue;
        int n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", names[b]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* ---- the call graph ---- */

static uint32_t function_of_id(const val_state *v, uint32_t function_id)
{
    const val_inst *f = val_def(v, function_id);
    return f && f->opcode == SPVK_OP_Function ? f->function : VAL_NONE;
}

/* Calls as a compressed adjacency list: the calls of function f are call[first[f] .. first[f+1]). */
typedef struct call_graph {
    uint32_t *first; /* num_functions + 1 */
    uint32_t *call;  /* instruction index of each OpFunctionCall */
    uint32_t *callee;
    size_t num_calls;
} call_graph;

static uint32_t callee_of(const val_state *v, const val_inst *i)
{
    return i->num_words >= 4 ? function_of_id(v, val_words(v, i)[3]) : VAL_NONE;
}

static bool build_graph(val_state *v, call_graph *g)
{
    size_t nf = v->num_functions;
    g->num_calls = 0;
    for (size_t k = 0; k < v->num_insts; k++)
        if (v->insts[k].opcode == SPVK_OP_FunctionCall && v->insts[k].function != VAL_NONE)
            g->num_calls++;
    g->first = spvk_alloc(v->allocator, (nf + 1) * sizeof(uint32_t));
    g->call = spvk_alloc(v->allocator, (g->num_calls + 1) * sizeof(uint32_t));
    g->callee = spvk_alloc(v->allocator, (g->num_calls + 1) * sizeof(uint32_t));
    if (!g->first || !g->call || !g->callee)
        return false;
    memset(g->first, 0, (nf + 1) * sizeof(uint32_t));
    /* Calls appear grouped by function, in function order, so one pass fills the lists. */
    uint32_t n = 0;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_FunctionCall || i->function == VAL_NONE || i->function >= nf)
            continue;
        g->call[n] = (uint32_t)k;
        g->callee[n] = callee_of(v, i);
        g->first[i->function + 1]++;
        n++;
    }
    for (size_t f = 0; f < nf; f++)
        g->first[f + 1] += g->first[f];
    return true;
}

static void free_graph(val_state *v, call_graph *g)
{
    spvk_free(v->allocator, g->first, (v->num_functions + 1) * sizeof(uint32_t));
    spvk_free(v->allocator, g->call, (g->num_calls + 1) * sizeof(uint32_t));
    spvk_free(v->allocator, g->callee, (g->num_calls + 1) * sizeof(uint32_t));
}

/* Reports every call that closes a cycle reachable from an entry point: an iterative depth-first
   search; state 1 is "on the current path", 2 "done". */
static void check_recursion(vk_state *s, const call_graph *g, uint8_t *state, uint32_t *stack, uint32_t *next)
{
    val_state *v = s->v;
    size_t nf = v->num_functions;
    for (size_t root = 0; root < nf; root++) {
        if (!(s->models[root]) || state[root])
            continue;
        size_t depth = 0;
        stack[depth] = (uint32_t)root;
        next[depth++] = g->first[root];
        state[root] = 1;
        while (depth && !v->stop) {
            uint32_t f = stack[depth - 1];
            if (next[depth - 1] == g->first[f + 1]) {
                state[f] = 2;
                depth--;
                continue;
            }
            uint32_t e = next[depth - 1]++, c = g->callee[e];
            if (c == VAL_NONE || c >= nf)
                continue;
            if (state[c] == 1) {
                const val_inst *fn = &v->insts[v->functions[c].first];
                val_error(v, g->call[e], VUID("None-04634"),
                          "this call to %%%u closes a cycle in the static call graph; Vulkan does not allow "
                          "recursion",
                          fn->result_id);
            } else if (state[c] == 0) {
                state[c] = 1;
                stack[depth] = c;
                next[depth++] = g->first[c];
            }
        }
    }
}

bool vk_compute_models(vk_state *s)
{
    val_state *v = s->v;
    size_t nf = v->num_functions;
    if (!nf)
        return true;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_EntryPoint || i->num_words < 3)
            continue;
        uint32_t f = function_of_id(v, val_words(v, i)[2]);
        if (f != VAL_NONE && f < nf)
            s->models[f] |= vk_model_bit(val_words(v, i)[1]);
    }
    call_graph g = {0};
    uint32_t *work = spvk_alloc(v->allocator, nf * sizeof(uint32_t));
    uint32_t *next = spvk_alloc(v->allocator, nf * sizeof(uint32_t));
    uint8_t *state = spvk_alloc(v->allocator, nf);
    bool ok = work && next && state && build_graph(v, &g);
    if (ok) {
        /* a function is queued when its set grows and is not queued already (state 1) */
        size_t top = 0;
        memset(state, 0, nf);
        for (size_t f = 0; f < nf; f++)
            if (s->models[f]) {
                work[top++] = (uint32_t)f;
                state[f] = 1;
            }
        while (top) {
            uint32_t f = work[--top];
            state[f] = 0;
            for (uint32_t e = g.first[f]; e < g.first[f + 1]; e++) {
                uint32_t c = g.callee[e];
                if (c == VAL_NONE || c >= nf || (s->models[c] | s->models[f]) == s->models[c])
                    continue;
                s->models[c] |= s->models[f];
                if (!state[c]) {
                    state[c] = 1;
                    work[top++] = c;
                }
            }
        }
        memset(state, 0, nf);
        check_recursion(s, &g, state, work, next);
    } else {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    }
    if (g.first || g.call || g.callee)
        free_graph(v, &g);
    spvk_free(v->allocator, work, nf * sizeof(uint32_t));
    spvk_free(v->allocator, next, nf * sizeof(uint32_t));
    spvk_free(v->allocator, state, nf);
    return ok;
}

/* ---- entry points: interfaces and models ---- */

typedef struct sc_rule {
    uint32_t storage_class;
    uint32_t models;
    const char *vuid;
    const char *where;
} sc_rule;

static const sc_rule sc_rules[] = {
    {SPVK_STORAGE_CLASS_TileImageEXT, VK_M_FRAGMENT, VUID("None-08720"), "fragment"},
    {SPVK_STORAGE_CLASS_RayPayloadKHR, VK_M_RAYGEN | VK_M_CLOSEST_HIT | VK_M_MISS, VUID("RayPayloadKHR-04698"),
     "ray generation, closest hit and miss"},
    {SPVK_STORAGE_CLASS_IncomingRayPayloadKHR, VK_M_CLOSEST_HIT | VK_M_ANY_HIT | VK_M_MISS,
     VUID("IncomingRayPayloadKHR-04699"), "closest hit, any-hit and miss"},
    {SPVK_STORAGE_CLASS_HitAttributeKHR, VK_M_INTERSECTION | VK_M_ANY_HIT | VK_M_CLOSEST_HIT,
     VUID("HitAttributeKHR-04701"), "intersection, any-hit and closest hit"},
    {SPVK_STORAGE_CLASS_CallableDataKHR, VK_M_RAYGEN | VK_M_CLOSEST_HIT | VK_M_MISS | VK_M_CALLABLE,
     VUID("CallableDataKHR-04704"), "ray generation, closest hit, miss and callable"},
    {SPVK_STORAGE_CLASS_IncomingCallableDataKHR, VK_M_CALLABLE, VUID("IncomingCallableDataKHR-04705"),
     "callable"},
    {SPVK_STORAGE_CLASS_ShaderRecordBufferKHR, VK_M_RAY_TRACING, VUID("ShaderRecordBufferKHR-07119"),
     "ray tracing"},
};

static bool needs_volatile(uint32_t builtin, uint32_t model_bit)
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
    case SPVK_BUILT_IN_SubgroupLtMask:
        return (model_bit & (VK_M_RAYGEN | VK_M_CLOSEST_HIT | VK_M_MISS | VK_M_INTERSECTION | VK_M_CALLABLE)) != 0;
    case SPVK_BUILT_IN_RayTmaxKHR:
        return model_bit == VK_M_INTERSECTION;
    default:
        return false;
    }
}

static void check_interface(vk_state *s, const val_inst *ep)
{
    val_state *v = s->v;
    const uint32_t *w = val_words(v, ep);
    uint32_t k = val_index(v, ep), model = vk_model_bit(w[1]);
    const char *mname = vk_enum_name(SPVK_OPERAND_ExecutionModel, w[1]);
    uint32_t first = 3;
    while (first < ep->num_words && (w[first] >> 24) != 0)
        first++;
    first++;
    uint32_t incoming_payload = 0, hit_attribute = 0, incoming_callable = 0;
    bool vmm = val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModel);
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
        uint32_t builtin = vk_builtin_of(s, w[n]);
        if (!vmm && needs_volatile(builtin, model) && !(vk_dec_of(s, w[n]) & VK_DEC_VOLATILE))
            val_error(v, k, VUID("VulkanMemoryModel-04678"),
                      "%%%u (BuiltIn %s) is used by the %s entry point and must be decorated Volatile (the "
                      "VulkanMemoryModel capability is not declared)",
                      w[n], vk_enum_name(SPVK_OPERAND_BuiltIn, builtin), mname);
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
    if (m->derivative_quads_nv && !quads_ok && (m->models & VK_M_COMPUTE))
        val_error(v, m->quads_at, VUID("DerivativeGroupQuadsNV-04684"),
                  "DerivativeGroupQuadsNV needs the workgroup's first two dimensions to be multiples of 2; the "
                  "size is %u x %u x %u",
                  m->size[0], m->size[1], m->size[2]);
    if (m->derivative_quads && !quads_ok)
        val_error(v, m->quads_at, VUID("DerivativeGroupQuadsKHR-10151"),
                  "DerivativeGroupQuadsKHR needs the workgroup's first two dimensions to be multiples of 2; the "
                  "size is %u x %u x %u",
                  m->size[0], m->size[1], m->size[2]);
    if (m->derivative_linear_nv && product % 4 && (m->models & VK_M_COMPUTE))
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
        if (i->num_words >= 4 && w[3] == 0 && (m->models & VK_M_MESH_EXT))
            val_error(v, k, VUID("MeshEXT-07330"), "a MeshEXT entry point's OutputVertices must be greater than 0");
        break;
    case SPVK_EXECUTION_MODE_OutputPrimitivesEXT:
        if (i->num_words >= 4 && w[3] == 0 && (m->models & VK_M_MESH_EXT))
            val_error(v, k, VUID("MeshEXT-07331"),
                      "a MeshEXT entry point's OutputPrimitivesEXT must be greater than 0");
        break;
    case SPVK_EXECUTION_MODE_NonCoherentTileAttachmentReadQCOM:
        if (m->models & ~VK_M_FRAGMENT) {
            vk_model_names(m->models & ~VK_M_FRAGMENT, names, sizeof names);
            val_error(v, k, VUID("Execution-10687"),
                      "NonCoherentTileAttachmentReadQCOM is only for fragment shaders, not %s", names);
        }
        if (!val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM))
            val_error(v, k, VUID("NonCoherentTileAttachmentReadQCOM-10690"),
                      "NonCoherentTileAttachmentReadQCOM needs the TileShadingQCOM capability");
        break;
    case SPVK_EXECUTION_MODE_TileShadingRateQCOM:
        if (m->models & ~VK_M_COMPUTE) {
            vk_model_names(m->models & ~VK_M_COMPUTE, names, sizeof names);
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
        uint32_t model = vk_model_bit(val_words(v, i)[1]);
        all |= model;
        if ((model & (VK_M_TASK_NV | VK_M_MESH_NV)) && first_nv == VAL_NONE)
            first_nv = k;
        if ((model & (VK_M_TASK_EXT | VK_M_MESH_EXT)) && first_ext == VAL_NONE)
            first_ext = k;
        check_interface(s, i);
    }
    if (first_nv != VAL_NONE && first_ext != VAL_NONE)
        val_error(v, first_nv > first_ext ? first_nv : first_ext, VUID("MeshEXT-07102"),
                  "the module has both TaskEXT/MeshEXT and TaskNV/MeshNV entry points");
    char names[160];
    if (val_has_capability(v, SPVK_CAPABILITY_SplitBarrierEXT) && (all & ~VK_M_COMPUTE)) {
        vk_model_names(all & ~VK_M_COMPUTE, names, sizeof names);
        val_error(v, VAL_NONE, VUID("SplitBarrierEXT-13552"),
                  "the SplitBarrierEXT capability is declared but the module has %s entry points; it is only for "
                  "compute",
                  names);
    }
    if (val_has_capability(v, SPVK_CAPABILITY_TileShadingQCOM) && (all & ~(VK_M_COMPUTE | VK_M_FRAGMENT))) {
        vk_model_names(all & ~(VK_M_COMPUTE | VK_M_FRAGMENT), names, sizeof names);
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
        uint32_t f = function_of_id(v, val_words(v, i)[2]);
        if (f != VAL_NONE && f < nf)
            modes[f].models |= vk_model_bit(val_words(v, i)[1]);
    }
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if ((i->opcode != SPVK_OP_ExecutionMode && i->opcode != SPVK_OP_ExecutionModeId) || i->num_words < 3)
            continue;
        uint32_t f = function_of_id(v, val_words(v, i)[1]);
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
            vk_model_names(models & ~sc_rules[r].models, names, sizeof names);
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
        vk_pointer_storage(v, w[1]) == SPVK_STORAGE_CLASS_HitAttributeKHR && (models & ~VK_M_INTERSECTION)) {
        vk_model_names(models & ~VK_M_INTERSECTION, names, sizeof names);
        val_error(v, k, VUID("HitAttributeKHR-04703"),
                  "%s writes a HitAttributeKHR variable in a function reached by %s entry points; only "
                  "intersection shaders may write one",
                  vk_op_name(i->opcode), names);
    }
    if (i->opcode != SPVK_OP_Load || i->num_words < 4)
        return;
    if ((models & VK_M_MESH_EXT) && vk_pointer_storage(v, w[3]) == SPVK_STORAGE_CLASS_Output)
        val_error(v, k, VUID("MeshEXT-07107"),
                  "OpLoad reads the Output variable through %%%u in a function reached by a MeshEXT entry point; "
                  "mesh shaders must not read their outputs",
                  w[3]);
    uint32_t root = vk_root_variable(s, w[3]);
    if (root == VAL_NONE || !val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModel))
        return;
    uint32_t builtin = s->builtin[root];
    bool need = false;
    for (uint32_t b = 1; b <= VK_M_OTHER && !need; b <<= 1)
        need = (models & b) && needs_volatile(builtin, b);
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
        uint32_t models = vk_models_at(s, i);
        if (models)
            check_function_inst(s, i, models);
    }
}
