/* Instructions valid only in some execution models, as the instructions' own descriptions in the
   SPIR-V specification state it: implicit-LOD sampling and OpImageQueryLod (3.3.10) and
   derivatives (3.3.16) only in the Fragment model, or in a compute-like model whose entry point
   declares a DerivativeGroup execution mode (SPV_KHR_compute_shader_derivatives); OpKill,
   OpTerminateInvocation and OpDemoteToHelperInvocation (3.3.17) only in Fragment; OpControlBarrier
   before SPIR-V 1.3 only in TessellationControl, GLCompute and Kernel (3.3.20); GLSL.std.450's
   InterpolateAt* only in Fragment.

   An instruction is checked against the models of every entry point whose static call tree
   reaches its function (val_calls.c). Functions no entry point reaches are not checked: they never
   run as any model. */
#include <string.h>

#include "val_internal.h"

#define COMPUTE_LIKE (VAL_MODEL_COMPUTE | VAL_MODEL_TASK_MESH)
/* A pseudo model, propagated like the others: a compute-like entry point without a DerivativeGroup
   execution mode reaches the function. */
#define NO_DERIVATIVE_GROUP (1u << 31)

typedef struct restriction {
    uint32_t allowed;  /* VAL_MODEL_* bits */
    bool derivatives;  /* compute-like models are allowed too, with a DerivativeGroup mode */
    const char *rule;
    const char *models; /* as the message says them */
} restriction;

static bool restriction_of(const val_state *v, const val_inst *i, restriction *r)
{
    static const char fragment[] = "the Fragment execution model";
    static const char derivatives[] = "the Fragment execution model (or a compute-like one that declares a "
                                       "DerivativeGroup execution mode)";
    switch (i->opcode) {
    case SPVK_OP_ImageSampleImplicitLod:
    case SPVK_OP_ImageSampleDrefImplicitLod:
    case SPVK_OP_ImageSampleProjImplicitLod:
    case SPVK_OP_ImageSampleProjDrefImplicitLod:
    case SPVK_OP_ImageQueryLod:
    case SPVK_OP_ImageSparseSampleImplicitLod:
    case SPVK_OP_ImageSparseSampleDrefImplicitLod:
        *r = (restriction){VAL_MODEL_FRAGMENT, true, "SPIR-V 3.3.10", derivatives};
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
        *r = (restriction){VAL_MODEL_FRAGMENT, true, "SPIR-V 3.3.16", derivatives};
        return true;
    case SPVK_OP_Kill:
    case SPVK_OP_TerminateInvocation:
    case SPVK_OP_DemoteToHelperInvocation:
        *r = (restriction){VAL_MODEL_FRAGMENT, false, "SPIR-V 3.3.17", fragment};
        return true;
    case SPVK_OP_ControlBarrier:
        if (v->header.version >= SPVK_VERSION(1, 3))
            return false;
        *r = (restriction){VAL_MODEL_TESS_CONTROL | VAL_MODEL_COMPUTE | VAL_MODEL_KERNEL | VAL_MODEL_TASK_MESH, false,
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
        *r = (restriction){VAL_MODEL_FRAGMENT, false, "GLSL.std.450", fragment};
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

void val_check_models(val_state *v)
{
    size_t nf = v->num_functions;
    bool any = false;
    restriction r;
    for (size_t k = 0; k < v->num_insts && !any; k++)
        any = v->insts[k].function != VAL_NONE && restriction_of(v, &v->insts[k], &r);
    const val_calls *g = any ? val_call_graph(v) : NULL;
    if (!g)
        return;

    /* Which compute-like entry points lack a DerivativeGroup mode, propagated like the models. */
    uint32_t *bits = spvk_alloc(v->allocator, nf * sizeof *bits);
    uint8_t *has_group = spvk_alloc(v->allocator, nf);
    if (!bits || !has_group) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        goto done;
    }
    memset(has_group, 0, nf);
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if ((i->opcode == SPVK_OP_ExecutionMode || i->opcode == SPVK_OP_ExecutionModeId) && i->num_words >= 3 &&
            derivative_mode(val_words(v, i)[2])) {
            uint32_t f = val_function_index(v, val_words(v, i)[1]);
            if (f != VAL_NONE)
                has_group[f] = 1;
        }
    }
    for (size_t f = 0; f < nf; f++)
        bits[f] = g->entry[f] ? g->models[f] : 0; /* models of the function's own entry points */
    for (size_t f = 0; f < nf; f++)
        if (g->entry[f] && (bits[f] & COMPUTE_LIKE) && !has_group[f])
            bits[f] |= NO_DERIVATIVE_GROUP;
    if (!val_propagate_calls(v, g, bits)) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        goto done;
    }

    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->function >= nf || !restriction_of(v, i, &r))
            continue;
        uint32_t m = bits[i->function];
        uint32_t bad = m & ~r.allowed & ~NO_DERIVATIVE_GROUP;
        if (r.derivatives && !(m & NO_DERIVATIVE_GROUP))
            bad &= ~COMPUTE_LIKE;
        if (!bad)
            continue;
        char names[64];
        val_model_names(bad & -bad, names, sizeof names); /* one model is enough to locate it */
        const char *name = i->opcode == SPVK_OP_ExtInst
                               ? spvk_ext_instruction_by_opcode(i->ext_set, val_words(v, i)[4])->name
                               : spvk_instruction_by_opcode(i->opcode)->name;
        val_error(v, (uint32_t)k, r.rule, "%s%s is valid only in %s, but an entry point of the %s execution model "
                  "reaches it", i->opcode == SPVK_OP_ExtInst ? "GLSL.std.450 " : "", name, r.models, names);
    }
done:
    spvk_free(v->allocator, bits, nf * sizeof *bits);
    spvk_free(v->allocator, has_group, nf);
}
