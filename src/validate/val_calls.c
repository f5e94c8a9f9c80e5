/* The static call graph, shared by the rules that follow calls: the execution models reaching
   each function (from the entry points, along OpFunctionCall edges) and recursion. Built once, on
   first request, in two passes over the instructions: calls sit inside their caller's function,
   so the callers' edge lists fill in order. */
#include <string.h>

#include "val_internal.h"

uint32_t val_model_bit(uint32_t model)
{
    switch (model) {
    case SPVK_EXECUTION_MODEL_Vertex: return VAL_MODEL_VERTEX;
    case SPVK_EXECUTION_MODEL_TessellationControl: return VAL_MODEL_TESS_CONTROL;
    case SPVK_EXECUTION_MODEL_TessellationEvaluation: return VAL_MODEL_TESS_EVAL;
    case SPVK_EXECUTION_MODEL_Geometry: return VAL_MODEL_GEOMETRY;
    case SPVK_EXECUTION_MODEL_Fragment: return VAL_MODEL_FRAGMENT;
    case SPVK_EXECUTION_MODEL_GLCompute: return VAL_MODEL_COMPUTE;
    case SPVK_EXECUTION_MODEL_Kernel: return VAL_MODEL_KERNEL;
    case SPVK_EXECUTION_MODEL_TaskNV: return VAL_MODEL_TASK_NV;
    case SPVK_EXECUTION_MODEL_MeshNV: return VAL_MODEL_MESH_NV;
    case SPVK_EXECUTION_MODEL_TaskEXT: return VAL_MODEL_TASK_EXT;
    case SPVK_EXECUTION_MODEL_MeshEXT: return VAL_MODEL_MESH_EXT;
    case SPVK_EXECUTION_MODEL_RayGenerationKHR: return VAL_MODEL_RAYGEN;
    case SPVK_EXECUTION_MODEL_IntersectionKHR: return VAL_MODEL_INTERSECTION;
    case SPVK_EXECUTION_MODEL_AnyHitKHR: return VAL_MODEL_ANY_HIT;
    case SPVK_EXECUTION_MODEL_ClosestHitKHR: return VAL_MODEL_CLOSEST_HIT;
    case SPVK_EXECUTION_MODEL_MissKHR: return VAL_MODEL_MISS;
    case SPVK_EXECUTION_MODEL_CallableKHR: return VAL_MODEL_CALLABLE;
    default: return VAL_MODEL_OTHER;
    }
}

void val_model_names(uint32_t models, char *buf, size_t size)
{
    static const char *const names[] = {"Vertex",           "TessellationControl", "TessellationEvaluation",
                                        "Geometry",         "Fragment",            "GLCompute",
                                        "Kernel",           "TaskNV",              "MeshNV",
                                        "TaskEXT",          "MeshEXT",             "RayGenerationKHR",
                                        "IntersectionKHR",  "AnyHitKHR",           "ClosestHitKHR",
                                        "MissKHR",          "CallableKHR",         "another model"};
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (unsigned b = 0; b < sizeof names / sizeof names[0]; b++) {
        if (!(models & (1u << b)))
            continue;
        size_t n = strlen(names[b]) + (used ? 2 : 0);
        if (used + n + 1 > size)
            break;
        if (used) {
            memcpy(buf + used, ", ", 2);
            used += 2;
            n -= 2;
        }
        memcpy(buf + used, names[b], n + 1);
        used += n;
    }
}

uint32_t val_function_index(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d && d->opcode == SPVK_OP_Function && d->function < v->num_functions ? d->function : VAL_NONE;
}

void val_calls_free(val_state *v)
{
    val_calls *g = v->calls;
    if (!g)
        return;
    size_t nf = v->num_functions;
    spvk_free(v->allocator, g->first, (nf + 1) * sizeof *g->first);
    spvk_free(v->allocator, g->call, (g->num_calls + 1) * sizeof *g->call);
    spvk_free(v->allocator, g->callee, (g->num_calls + 1) * sizeof *g->callee);
    spvk_free(v->allocator, g->models, (nf + 1) * sizeof *g->models);
    spvk_free(v->allocator, g->entry, nf + 1);
    spvk_free(v->allocator, g, sizeof *g);
    v->calls = NULL;
}

static bool build(val_state *v, val_calls *g)
{
    size_t nf = v->num_functions;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_FunctionCall && i->function < nf && i->num_words >= 4 &&
            val_function_index(v, val_words(v, i)[3]) != VAL_NONE)
            g->num_calls++;
    }
    g->first = spvk_alloc(v->allocator, (nf + 1) * sizeof *g->first);
    g->call = spvk_alloc(v->allocator, (g->num_calls + 1) * sizeof *g->call);
    g->callee = spvk_alloc(v->allocator, (g->num_calls + 1) * sizeof *g->callee);
    g->models = spvk_alloc(v->allocator, (nf + 1) * sizeof *g->models);
    g->entry = spvk_alloc(v->allocator, nf + 1);
    if (!g->first || !g->call || !g->callee || !g->models || !g->entry)
        return false;
    memset(g->first, 0, (nf + 1) * sizeof *g->first);
    memset(g->models, 0, (nf + 1) * sizeof *g->models);
    memset(g->entry, 0, nf + 1);
    uint32_t n = 0;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_EntryPoint && i->num_words >= 3) {
            uint32_t f = val_function_index(v, val_words(v, i)[2]);
            if (f != VAL_NONE) {
                g->models[f] |= val_model_bit(val_words(v, i)[1]);
                g->entry[f] = 1;
            }
            continue;
        }
        if (i->opcode != SPVK_OP_FunctionCall || i->function >= nf || i->num_words < 4)
            continue;
        uint32_t callee = val_function_index(v, val_words(v, i)[3]);
        if (callee == VAL_NONE)
            continue;
        g->call[n] = (uint32_t)k;
        g->callee[n] = callee;
        g->first[i->function + 1]++;
        n++;
    }
    for (size_t f = 0; f < nf; f++)
        g->first[f + 1] += g->first[f];
    return val_propagate_calls(v, g, g->models);
}

const val_calls *val_call_graph(val_state *v)
{
    if (v->calls)
        return v->calls;
    val_calls *g = spvk_alloc(v->allocator, sizeof *g);
    if (g) {
        memset(g, 0, sizeof *g);
        v->calls = g;
        if (build(v, g))
            return g;
        val_calls_free(v);
    }
    v->result = SPVK_ERROR_OUT_OF_MEMORY;
    v->stop = true;
    return NULL;
}

bool val_propagate_calls(val_state *v, const val_calls *g, uint32_t *bits)
{
    size_t nf = v->num_functions;
    if (!nf)
        return true;
    /* A stack of the functions whose bits grew; each is on it at most once, and a function's bits
       grow at most 32 times, so the whole costs O(32 * calls). */
    uint32_t *work = spvk_alloc(v->allocator, nf * sizeof *work);
    uint8_t *queued = spvk_alloc(v->allocator, nf);
    if (!work || !queued) {
        spvk_free(v->allocator, work, nf * sizeof *work);
        spvk_free(v->allocator, queued, nf);
        return false;
    }
    memset(queued, 0, nf);
    size_t top = 0;
    for (size_t f = 0; f < nf; f++)
        if (bits[f]) {
            work[top++] = (uint32_t)f;
            queued[f] = 1;
        }
    while (top) {
        uint32_t f = work[--top];
        queued[f] = 0;
        for (uint32_t e = g->first[f]; e < g->first[f + 1]; e++) {
            uint32_t c = g->callee[e];
            if ((bits[c] | bits[f]) == bits[c])
                continue;
            bits[c] |= bits[f];
            if (!queued[c]) {
                queued[c] = 1;
                work[top++] = c;
            }
        }
    }
    spvk_free(v->allocator, work, nf * sizeof *work);
    spvk_free(v->allocator, queued, nf);
    return true;
}

void val_report_recursion(val_state *v, const char *rule, const char *client)
{
    const val_calls *g = val_call_graph(v);
    size_t nf = v->num_functions;
    if (!g || !nf)
        return;
    typedef struct frame {
        uint32_t function, next; /* next: the next edge to follow */
    } frame;
    frame *stack = spvk_alloc(v->allocator, nf * sizeof *stack);
    uint8_t *color = spvk_alloc(v->allocator, nf);
    if (!stack || !color) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
    } else {
        /* A depth-first search from each entry point with an explicit stack (deep call chains
           cannot overflow ours); a call to a function on the current path closes a cycle. */
        enum { WHITE, ON_PATH, DONE };
        memset(color, WHITE, nf);
        for (uint32_t root = 0; root < nf && !v->stop; root++) {
            if (!g->entry[root] || color[root] != WHITE)
                continue;
            size_t depth = 0;
            stack[depth++] = (frame){root, g->first[root]};
            color[root] = ON_PATH;
            while (depth && !v->stop) {
                frame *top = &stack[depth - 1];
                if (top->next == g->first[top->function + 1]) {
                    color[top->function] = DONE;
                    depth--;
                    continue;
                }
                uint32_t e = top->next++, c = g->callee[e];
                if (color[c] == ON_PATH) {
                    val_error(v, g->call[e], rule,
                              "%s does not allow recursion: %%%u calls %%%u, which is already on the call path from "
                              "the entry point %%%u",
                              client, v->insts[v->functions[top->function].first].result_id,
                              v->insts[v->functions[c].first].result_id, v->insts[v->functions[root].first].result_id);
                } else if (color[c] == WHITE) {
                    color[c] = ON_PATH;
                    stack[depth++] = (frame){c, g->first[c]};
                }
            }
        }
    }
    spvk_free(v->allocator, stack, nf * sizeof *stack);
    spvk_free(v->allocator, color, nf);
}
