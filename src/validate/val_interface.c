/* OpEntryPoint's interface from SPIR-V 1.4 on (SPIR-V 3.3.5): it lists every global variable
   that the entry point's static call tree references. Each entry point walks its call tree once,
   marking what it reaches with its own stamp, so a module costs the sum of its entry points'
   call trees. */
#include <string.h>

#include "val_internal.h"

#define RULE_ENTRY_POINT "SPIR-V 3.3.5"

static bool is_global_variable(const val_inst *d)
{
    return (d->opcode == SPVK_OP_Variable || d->opcode == SPVK_OP_UntypedVariableKHR) && d->function == VAL_NONE;
}

static void check_entry_point(val_state *v, uint32_t ep, uint32_t stamp, uint32_t *listed, uint32_t *reported,
                              uint32_t *visited, uint32_t *stack)
{
    const val_inst *e = &v->insts[ep];
    const uint32_t *w = val_words(v, e);
    const spvk_operand *ops = val_operands(v, e);
    /* Operands: model, function, name, interface ids. */
    for (uint32_t n = 3; n < e->num_operands; n++) {
        const val_id *id = val_id_find(v, w[ops[n].offset]);
        if (id && id->def != VAL_NONE)
            listed[id->def] = stamp;
    }
    const val_inst *f = val_def(v, w[2]);
    if (!f || f->opcode != SPVK_OP_Function || f->function == VAL_NONE)
        return; /* val_entry_points.c reports it */
    size_t top = 0;
    stack[top++] = f->function;
    visited[f->function] = stamp;
    while (top && !v->stop) {
        const val_function *fn = &v->functions[stack[--top]];
        uint32_t end = fn->last == VAL_NONE ? (uint32_t)v->num_insts : fn->last;
        for (uint32_t k = fn->first; k < end; k++) {
            const val_inst *i = &v->insts[k];
            const uint32_t *iw = val_words(v, i);
            const spvk_operand *io = val_operands(v, i);
            for (uint32_t n = 0; n < i->num_operands; n++) {
                if (io[n].kind == SPVK_OPERAND_IdResult || io[n].kind == SPVK_OPERAND_IdResultType ||
                    spvk_operand_kind(io[n].kind)->category != SPVK_CATEGORY_ID)
                    continue;
                const val_id *id = val_id_find(v, iw[io[n].offset]);
                if (!id || id->def == VAL_NONE)
                    continue;
                const val_inst *d = &v->insts[id->def];
                if (is_global_variable(d)) {
                    if (listed[id->def] != stamp && reported[id->def] != stamp) {
                        reported[id->def] = stamp;
                        val_error(v, ep, RULE_ENTRY_POINT, "the entry point's call tree uses the global variable "
                                  "%%%u, which its interface does not list (from SPIR-V 1.4 every global it uses)",
                                  d->result_id);
                    }
                } else if (d->opcode == SPVK_OP_Function && i->opcode == SPVK_OP_FunctionCall && d->function != VAL_NONE &&
                           visited[d->function] != stamp) {
                    visited[d->function] = stamp;
                    stack[top++] = d->function;
                }
            }
        }
    }
}

void val_check_interface_lists(val_state *v)
{
    if (v->header.version < SPVK_VERSION(1, 4) || !v->num_insts)
        return;
    const spvk_allocator *a = v->allocator;
    size_t n = v->num_insts, nf = v->num_functions ? v->num_functions : 1;
    uint32_t *listed = spvk_alloc(a, n * sizeof *listed);
    uint32_t *reported = spvk_alloc(a, n * sizeof *reported);
    uint32_t *visited = spvk_alloc(a, nf * sizeof *visited);
    uint32_t *stack = spvk_alloc(a, nf * sizeof *stack);
    if (listed && reported && visited && stack) {
        memset(listed, 0, n * sizeof *listed);
        memset(reported, 0, n * sizeof *reported);
        memset(visited, 0, nf * sizeof *visited);
        uint32_t stamp = 0;
        for (uint32_t k = 0; k < n && !v->stop; k++)
            if (v->insts[k].opcode == SPVK_OP_EntryPoint && v->insts[k].num_operands >= 3)
                check_entry_point(v, k, ++stamp, listed, reported, visited, stack);
    } else {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    }
    spvk_free(a, listed, n * sizeof *listed);
    spvk_free(a, reported, n * sizeof *reported);
    spvk_free(a, visited, nf * sizeof *visited);
    spvk_free(a, stack, nf * sizeof *stack);
}
