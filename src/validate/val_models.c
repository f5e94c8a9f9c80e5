/* Instructions valid only in some execution models, as the instructions' own descriptions in the
   SPIR-V specification state it: implicit-LOD sampling and OpImageQueryLod (3.3.10), derivatives
   (3.3.16), OpKill, OpTerminateInvocation and OpDemoteToHelperInvocation (3.3.17) only in the
   Fragment model, or in a compute-like model whose entry point declares a DerivativeGroup
   execution mode (SPV_KHR_compute_shader_derivatives) for the derivative-consuming ones;
   OpControlBarrier before SPIR-V 1.4's relaxation (3.3.20: before version 1.3, only
   TessellationControl, GLCompute and Kernel); GLSL.std.450's InterpolateAt* only in Fragment.

   An instruction is checked against the models of every entry point whose static call tree
   reaches its function: the models flow from entry points along OpFunctionCall edges until
   nothing changes. A function's model set only grows and has at most MODEL_COUNT members, so
   each function is revisited at most MODEL_COUNT times: linear in the module. Functions no entry
   point reaches are not checked (they are never executed as any model). */
#include <string.h>

#include "val_internal.h"

/* Execution models as bits; DERIVATIVES marks a compute-like entry point with a DerivativeGroup mode. */
enum {
    M_VERTEX = 1u << 0,
    M_TESS_CONTROL = 1u << 1,
    M_TESS_EVAL = 1u << 2,
    M_GEOMETRY = 1u << 3,
    M_FRAGMENT = 1u << 4,
    M_GLCOMPUTE = 1u << 5,
    M_KERNEL = 1u << 6,
    M_TASK_NV = 1u << 7,
    M_MESH_NV = 1u << 8,
    M_RAY = 1u << 9, /* the six ray tracing models */
    M_TASK_EXT = 1u << 10,
    M_MESH_EXT = 1u << 11,
    M_OTHER = 1u << 12,
    M_DERIVATIVES = 1u << 13,
    MODEL_COUNT = 14
};

static uint32_t model_bit(uint32_t model)
{
    switch (model) {
    case SPVK_EXECUTION_MODEL_Vertex: return M_VERTEX;
    case SPVK_EXECUTION_MODEL_TessellationControl: return M_TESS_CONTROL;
    case SPVK_EXECUTION_MODEL_TessellationEvaluation: return M_TESS_EVAL;
    case SPVK_EXECUTION_MODEL_Geometry: return M_GEOMETRY;
    case SPVK_EXECUTION_MODEL_Fragment: return M_FRAGMENT;
    case SPVK_EXECUTION_MODEL_GLCompute: return M_GLCOMPUTE;
    case SPVK_EXECUTION_MODEL_Kernel: return M_KERNEL;
    case SPVK_EXECUTION_MODEL_TaskNV: return M_TASK_NV;
    case SPVK_EXECUTION_MODEL_MeshNV: return M_MESH_NV;
    case SPVK_EXECUTION_MODEL_RayGenerationKHR:
    case SPVK_EXECUTION_MODEL_IntersectionKHR:
    case SPVK_EXECUTION_MODEL_AnyHitKHR:
    case SPVK_EXECUTION_MODEL_ClosestHitKHR:
    case SPVK_EXECUTION_MODEL_MissKHR:
    case SPVK_EXECUTION_MODEL_CallableKHR: return M_RAY;
    case SPVK_EXECUTION_MODEL_TaskEXT: return M_TASK_EXT;
    case SPVK_EXECUTION_MODEL_MeshEXT: return M_MESH_EXT;
    default: return M_OTHER;
    }
}

/* The first model named by bits, for messages (one is enough to locate the problem). */
static const char *model_name(uint32_t bits)
{
    static const char *const names[] = {"Vertex", "TessellationControl", "TessellationEvaluation", "Geometry",
                                        "Fragment", "GLCompute", "Kernel", "TaskNV", "MeshNV", "ray tracing",
                                        "TaskEXT", "MeshEXT", "another"};
    for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++)
        if (bits & (1u << k))
            return names[k];
    return "another";
}

typedef struct restriction {
    uint32_t allowed; /* model bits; M_DERIVATIVES: also a compute-like model with a DerivativeGroup mode */
    const char *rule;
    const char *models; /* as the message says them */
} restriction;

static const restriction fragment_or_derivatives = {M_FRAGMENT | M_DERIVATIVES, "SPIR-V 3.3.10",
                                                    "the Fragment execution model (or a compute-like one that "
                                                    "declares a DerivativeGroup execution mode)"};

static bool restriction_of(const val_state *v, const val_inst *i, restriction *r)
{
    switch (i->opcode) {
    case SPVK_OP_ImageSampleImplicitLod:
    case SPVK_OP_ImageSampleDrefImplicitLod:
    case SPVK_OP_ImageSampleProjImplicitLod:
    case SPVK_OP_ImageSampleProjDrefImplicitLod:
    case SPVK_OP_ImageQueryLod:
    case SPVK_OP_ImageSparseSampleImplicitLod:
    case SPVK_OP_ImageSparseSampleDrefImplicitLod:
        *r = fragment_or_derivatives;
        return true;
    case SPVK_OP_DPdx:
    case SPVK_OP_DPdy:
    case SPVK_OP_Fwidth:
    case SPVK_OP_DPdxFine:
    case SPVK_OP_DPdyFine:
    case SPVK_OP_FwidthFine:
    case SPVK_OP_DPdxCoarse:
    case SPVK_OP_DPdyCoarse:
    case SPVK_OP_FwidthCoarse:
        *r = fragment_or_derivatives;
        r->rule = "SPIR-V 3.3.16";
        return true;
    case SPVK_OP_Kill:
    case SPVK_OP_TerminateInvocation:
    case SPVK_OP_DemoteToHelperInvocation:
        *r = (restriction){M_FRAGMENT, "SPIR-V 3.3.17", "the Fragment execution model"};
        return true;
    case SPVK_OP_ControlBarrier:
        if (v->header.version >= SPVK_VERSION(1, 3))
            return false;
        *r = (restriction){M_TESS_CONTROL | M_GLCOMPUTE | M_KERNEL | M_TASK_NV | M_MESH_NV | M_TASK_EXT | M_MESH_EXT,
                           "SPIR-V 3.3.20",
                           "the TessellationControl, GLCompute and Kernel execution models before SPIR-V 1.3"};
        return true;
    case SPVK_OP_ExtInst: {
        /* GLSL.std.450 InterpolateAtCentroid, InterpolateAtSample, InterpolateAtOffset. */
        const spvk_ext_inst_set_desc *set = spvk_ext_inst_set(i->ext_set);
        if (i->ext_set == SPVK_EXT_INST_SET_NONE || !set || strcmp(set->import_name, "GLSL.std.450") != 0 ||
            i->num_words < 5)
            return false;
        uint32_t number = val_words(v, i)[4];
        if (number < 76 || number > 78)
            return false;
        *r = (restriction){M_FRAGMENT, "GLSL.std.450", "the Fragment execution model"};
        return true;
    }
    default:
        return false;
    }
}

static bool derivative_mode(uint32_t mode)
{
    return mode == SPVK_EXECUTION_MODE_DerivativeGroupQuadsKHR || mode == SPVK_EXECUTION_MODE_DerivativeGroupLinearKHR;
}

/* The function index of the OpFunction defining id, or VAL_NONE. */
static uint32_t function_of(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d && d->opcode == SPVK_OP_Function ? d->function : VAL_NONE;
}

void val_check_models(val_state *v)
{
    size_t nf = v->num_functions;
    if (!nf)
        return;
    uint32_t *models = spvk_alloc(v->allocator, nf * sizeof *models);
    uint32_t *edge_start = spvk_alloc(v->allocator, (nf + 1) * sizeof *edge_start);
    uint32_t *queue = spvk_alloc(v->allocator, nf * sizeof *queue);
    uint8_t *queued = spvk_alloc(v->allocator, nf);
    uint32_t *edges = NULL;
    size_t num_edges = 0;
    if (!models || !edge_start || !queue || !queued)
        goto out_of_memory;
    memset(models, 0, nf * sizeof *models);
    memset(edge_start, 0, (nf + 1) * sizeof *edge_start);
    memset(queued, 0, nf);

    /* Entry points' models, and DerivativeGroup modes (which follow in the layout). */
    bool any_restricted = false;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        restriction r;
        if (i->opcode == SPVK_OP_EntryPoint && i->num_words >= 3) {
            uint32_t f = function_of(v, w[2]);
            if (f != VAL_NONE)
                models[f] |= model_bit(w[1]);
        } else if ((i->opcode == SPVK_OP_ExecutionMode || i->opcode == SPVK_OP_ExecutionModeId) &&
                   i->num_words >= 3 && derivative_mode(w[2])) {
            uint32_t f = function_of(v, w[1]);
            if (f != VAL_NONE && (models[f] & (M_GLCOMPUTE | M_TASK_EXT | M_MESH_EXT | M_TASK_NV | M_MESH_NV)))
                models[f] |= M_DERIVATIVES;
        } else if (i->opcode == SPVK_OP_FunctionCall && i->function != VAL_NONE) {
            edge_start[i->function]++;
            num_edges++;
        } else if (i->function != VAL_NONE && !any_restricted) {
            any_restricted = restriction_of(v, i, &r);
        }
    }
    if (!any_restricted)
        goto done;

    /* Call edges, grouped by caller (CSR). */
    edges = spvk_alloc(v->allocator, (num_edges ? num_edges : 1) * sizeof *edges);
    if (!edges)
        goto out_of_memory;
    for (size_t f = 0, sum = 0; f <= nf; f++) {
        uint32_t count = f < nf ? edge_start[f] : 0;
        edge_start[f] = (uint32_t)sum;
        sum += count;
    }
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_FunctionCall || i->function == VAL_NONE)
            continue;
        uint32_t callee = i->num_words >= 4 ? function_of(v, val_words(v, i)[3]) : VAL_NONE;
        /* A bad callee (reported by the function rules) becomes a self edge, which adds nothing. */
        edges[edge_start[i->function]++] = callee != VAL_NONE ? callee : i->function;
    }
    /* Filling moved each start to its end, which is the next one's start: shift them back. */
    for (size_t f = nf; f > 0; f--)
        edge_start[f] = edge_start[f - 1];
    edge_start[0] = 0;

    /* A ring of the functions whose models grew; each is in it at most once. */
    size_t head = 0, count = 0;
    for (size_t f = 0; f < nf; f++)
        if (models[f]) {
            queue[count++] = (uint32_t)f;
            queued[f] = 1;
        }
    while (count) {
        uint32_t f = queue[head];
        head = head + 1 == nf ? 0 : head + 1;
        count--;
        queued[f] = 0;
        for (uint32_t e = edge_start[f]; e < edge_start[f + 1]; e++) {
            uint32_t g = edges[e];
            uint32_t add = models[f] & ~models[g]; /* DerivativeGroup flows with the entry point's model */
            if (!add)
                continue;
            models[g] |= add;
            if (!queued[g]) {
                queued[g] = 1;
                size_t at = head + count;
                queue[at >= nf ? at - nf : at] = g;
                count++;
            }
        }
    }

    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        restriction r;
        if (i->function == VAL_NONE || !restriction_of(v, i, &r))
            continue;
        uint32_t m = models[i->function];
        uint32_t bad = m & ~r.allowed & ~M_DERIVATIVES;
        if ((r.allowed & M_DERIVATIVES) && (m & M_DERIVATIVES))
            bad &= ~(M_GLCOMPUTE | M_TASK_EXT | M_MESH_EXT | M_TASK_NV | M_MESH_NV);
        if (!bad)
            continue;
        const char *name = i->opcode == SPVK_OP_ExtInst
                               ? spvk_ext_instruction_by_opcode(i->ext_set, val_words(v, i)[4])->name
                               : spvk_instruction_by_opcode(i->opcode)->name;
        val_error(v, (uint32_t)k, r.rule, "%s%s is valid only in %s, but an entry point of the %s execution model "
                  "reaches it", i->opcode == SPVK_OP_ExtInst ? "GLSL.std.450 " : "", name, r.models, model_name(bad));
    }
done:
    spvk_free(v->allocator, edges, (num_edges ? num_edges : 1) * sizeof *edges);
    spvk_free(v->allocator, models, nf * sizeof *models);
    spvk_free(v->allocator, edge_start, (nf + 1) * sizeof *edge_start);
    spvk_free(v->allocator, queue, nf * sizeof *queue);
    spvk_free(v->allocator, queued, nf);
    return;
out_of_memory:
    v->result = SPVK_ERROR_OUT_OF_MEMORY;
    v->stop = true;
    goto done;
}
