/* Control flow, per function with a body, in time linear in the module (dominance by
   Cooper-Harvey-Kennedy over reverse postorder, queried in O(1) through the dominator tree's
   preorder/postorder numbers).

   Checked (SPIR-V 2.16.1 unless said otherwise):
   - every branch target, merge block and Continue Target is an OpLabel of the same function;
     the entry block is the target of no branch; a reachable block comes after its dominators;
   - SSA dominance: a use in a block is preceded by its definition in that block, or lies in a
     block the definition's block dominates; OpPhi: one (value, parent) pair per predecessor,
     parents exactly the block's predecessors, each once, each value's definition dominating its
     parent, values of the result type (not void);
   - as spirv-val does, dominance is not reported where the definition's or the use's block is
     unreachable; there only module order is checked, for instructions that allow no forward
     reference;
   - SPIR-V 3.3.9 (function instructions): OpFunction's result type is its OpTypeFunction's
     return type, OpFunctionParameter count and types, OpFunctionCall's callee, arguments and
     result type; SPIR-V 3.3.17 (control flow instructions): OpReturn in void functions only,
     OpReturnValue's type, OpBranchConditional's bool condition, OpSwitch's scalar integer
     selector (the reader decodes its literals at the selector's width).
   - modules declaring Shader, over the structured CFG (branch, merge and continue edges):
     SPIR-V 2.16.2: back edges (from a depth-first search over structured edges) target blocks
     with an OpLoopMerge; OpSwitch and a two-way OpBranchConditional whose targets are not
     declared merge blocks or Continue Targets have an OpSelectionMerge;
     SPIR-V 2.11: a block is the merge block of one header only; a header strictly structurally
     dominates its merge block; a loop's Continue Target differs from its merge block and is
     structurally dominated by the header; a loop header has exactly one back edge, whose block
     the Continue Target structurally dominates.
   Not checked: structural post-dominance (the back-edge block post-dominating the Continue
   Target) and the construct rules of 2.11.3 (exits, nesting, case ordering); recursion (the
   OpenCL family's). */
#include <string.h>

#include "val_internal.h"

#define RULE_FUNCTION "SPIR-V 3.3.9"
#define RULE_CONTROL_FLOW "SPIR-V 3.3.17"
#define RULE_SHADER_CFG "SPIR-V 2.16.2"
#define RULE_STRUCTURED "SPIR-V 2.11"

typedef struct cfg_block {
    uint32_t label; /* instruction index of its OpLabel */
    uint32_t term;  /* of its terminator; VAL_NONE when it has none */
    uint32_t merge; /* of its merge instruction; VAL_NONE when none */
    uint32_t merge_block, continue_block; /* block indices; VAL_NONE when none or not a label */
} cfg_block;

/* Adjacency in compressed rows: the edges of block b are edges[start[b] .. start[b + 1]). */
typedef struct graph {
    uint32_t *start, *edges;
    uint8_t *branch; /* structured graph only: whether the edge is a branch edge */
} graph;

/* Dominators of one graph. po: postorder number, VAL_NONE when unreachable. */
typedef struct dom {
    uint32_t *po, *idom, *pre, *post;
} dom;

typedef struct work {
    val_state *v;
    uint32_t *inst_block; /* per instruction of the module: its block (in its function), or VAL_NONE */
    uint32_t fn;          /* the current function */
    uint32_t return_type; /* 0 when unknown */
    cfg_block *blocks;
    uint32_t nb;
    graph succ, pred, ssucc, spred;
    dom d, sd;
    uint32_t *order, *stack_b, *stack_e, *state, *child_start, *child, *mark, *mark2, *back_count, *back_block,
        *merge_owner;
    uint8_t *declared; /* per block: 1 declared merge block, 2 declared Continue Target */
    uint32_t *pool;
    size_t pool_words;
    uint8_t *bytes;
    size_t num_bytes;
} work;

static const char *op_name(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

static uint32_t label_id(const work *w, uint32_t b) { return w->v->insts[w->blocks[b].label].result_id; }

/* The block of the OpLabel id in the current function, or VAL_NONE. */
static uint32_t block_of_label(const work *w, uint32_t id)
{
    const val_inst *d = val_def(w->v, id);
    if (!d || d->opcode != SPVK_OP_Label || d->function != w->fn)
        return VAL_NONE;
    return w->inst_block[val_index(w->v, d)];
}

/* Whether operand n of a terminator is a branch target. */
static bool is_target(uint16_t opcode, uint32_t n)
{
    switch (opcode) {
    case SPVK_OP_Branch:
        return n == 0;
    case SPVK_OP_BranchConditional:
        return n == 1 || n == 2;
    case SPVK_OP_Switch:
        return n % 2 == 1; /* Default, then the label of each (literal, label) pair */
    default:
        return false;
    }
}

/* Instructions whose id operands may name ids defined later in the module (SPIR-V 2.4). */
static bool forward_allowed(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_Phi:
    case SPVK_OP_Branch:
    case SPVK_OP_BranchConditional:
    case SPVK_OP_Switch:
    case SPVK_OP_LoopMerge:
    case SPVK_OP_SelectionMerge:
    case SPVK_OP_FunctionCall:
    case SPVK_OP_EnqueueKernel:
    case SPVK_OP_GetKernelNDrangeSubGroupCount:
    case SPVK_OP_GetKernelNDrangeMaxSubGroupSize:
    case SPVK_OP_GetKernelWorkGroupSize:
    case SPVK_OP_GetKernelPreferredWorkGroupSizeMultiple:
    case SPVK_OP_GetKernelLocalSizeForSubgroupCount:
    case SPVK_OP_GetKernelMaxNumSubgroups:
        return true;
    default:
        return false;
    }
}

/* ---- graphs and dominators ---- */

/* Appends edge b -> t unless b already has it (mark[t] == b + 1 while b's row is built); mark
   must not hold b + 1 for any block before b's row starts. */
static void add_edge(work *w, graph *g, uint32_t *count, uint32_t b, uint32_t t, bool branch)
{
    if (t == VAL_NONE)
        return;
    if (w->mark[t] == b + 1)
        return; /* branch edges come first, so a merge or continue edge never hides one */
    w->mark[t] = b + 1;
    if (g->branch)
        g->branch[*count] = branch;
    g->edges[(*count)++] = t;
}

static void reverse_graph(const work *w, const graph *g, graph *r)
{
    uint32_t nb = w->nb;
    memset(r->start, 0, (nb + 1) * sizeof *r->start);
    for (uint32_t e = 0; e < g->start[nb]; e++)
        r->start[g->edges[e] + 1]++;
    for (uint32_t b = 0; b < nb; b++)
        r->start[b + 1] += r->start[b];
    for (uint32_t b = 0; b < nb; b++)
        w->state[b] = r->start[b];
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t e = g->start[b]; e < g->start[b + 1]; e++)
            r->edges[w->state[g->edges[e]]++] = b;
}

/* Depth-first search from the entry block: postorder numbers into d->po and w->order. With
   back_edge set, each branch edge to a block on the search's stack is passed to it. Returns the
   number of reachable blocks. */
static uint32_t depth_first(work *w, const graph *g, dom *d, void (*back_edge)(work *, uint32_t, uint32_t))
{
    uint32_t nb = w->nb, n = 0, top = 0;
    for (uint32_t b = 0; b < nb; b++) {
        d->po[b] = VAL_NONE;
        w->state[b] = 0;
    }
    w->stack_b[top] = 0;
    w->stack_e[top++] = g->start[0];
    w->state[0] = 1;
    while (top) {
        uint32_t b = w->stack_b[top - 1];
        if (w->stack_e[top - 1] == g->start[b + 1]) {
            w->state[b] = 2;
            d->po[b] = n;
            w->order[n++] = b;
            top--;
            continue;
        }
        uint32_t e = w->stack_e[top - 1]++;
        uint32_t t = g->edges[e];
        if (w->state[t] == 0) {
            w->state[t] = 1;
            w->stack_b[top] = t;
            w->stack_e[top++] = g->start[t];
        } else if (w->state[t] == 1 && back_edge && (!g->branch || g->branch[e])) {
            back_edge(w, b, t);
        }
    }
    return n;
}

/* Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm", over the reverse
   postorder left in w->order by depth_first; then the dominator tree's numbering. */
static void dominators(work *w, const graph *pred, dom *d, uint32_t reached)
{
    uint32_t nb = w->nb;
    for (uint32_t b = 0; b < nb; b++)
        d->idom[b] = VAL_NONE;
    d->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t k = reached - 1; k-- > 0;) { /* the entry is order[reached - 1] */
            uint32_t b = w->order[k], next = VAL_NONE;
            for (uint32_t e = pred->start[b]; e < pred->start[b + 1]; e++) {
                uint32_t p = pred->edges[e];
                if (d->idom[p] == VAL_NONE)
                    continue;
                if (next == VAL_NONE) {
                    next = p;
                    continue;
                }
                uint32_t x = p, y = next;
                while (x != y) {
                    while (d->po[x] < d->po[y])
                        x = d->idom[x];
                    while (d->po[y] < d->po[x])
                        y = d->idom[y];
                }
                next = x;
            }
            if (next != d->idom[b]) {
                d->idom[b] = next;
                changed = true;
            }
        }
    }
    /* Children lists, then preorder and postorder numbers of the tree. */
    memset(w->child_start, 0, (nb + 1) * sizeof *w->child_start);
    for (uint32_t b = 1; b < nb; b++)
        if (d->idom[b] != VAL_NONE)
            w->child_start[d->idom[b] + 1]++;
    for (uint32_t b = 0; b < nb; b++)
        w->child_start[b + 1] += w->child_start[b];
    for (uint32_t b = 0; b < nb; b++)
        w->state[b] = w->child_start[b];
    for (uint32_t b = 1; b < nb; b++)
        if (d->idom[b] != VAL_NONE)
            w->child[w->state[d->idom[b]]++] = b;
    uint32_t top = 0, pre = 0, post = 0;
    w->stack_b[top] = 0;
    w->stack_e[top++] = w->child_start[0];
    d->pre[0] = pre++;
    while (top) {
        uint32_t b = w->stack_b[top - 1];
        if (w->stack_e[top - 1] == w->child_start[b + 1]) {
            d->post[b] = post++;
            top--;
            continue;
        }
        uint32_t c = w->child[w->stack_e[top - 1]++];
        d->pre[c] = pre++;
        w->stack_b[top] = c;
        w->stack_e[top++] = w->child_start[c];
    }
}

static bool reachable(const dom *d, uint32_t b) { return d->po[b] != VAL_NONE; }

/* Whether a dominates b; both reachable. */
static bool dominates(const dom *d, uint32_t a, uint32_t b)
{
    return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}

/* ---- functions ---- */

/* OpFunction against its OpTypeFunction, and its parameters. Returns the return type (0 when
   unknown). */
static uint32_t check_signature(val_state *v, const val_function *f, uint32_t end)
{
    const val_inst *fi = &v->insts[f->first];
    if (fi->num_words < 5)
        return 0;
    const uint32_t *w = val_words(v, fi);
    const val_inst *t = val_def(v, w[4]);
    if (!t || t->opcode != SPVK_OP_TypeFunction || t->num_words < 3) {
        val_error(v, f->first, RULE_FUNCTION, "the Function Type %%%u of OpFunction %%%u is not an OpTypeFunction",
                  w[4], w[2]);
        return 0;
    }
    const uint32_t *tw = val_words(v, t);
    if (tw[2] != w[1])
        val_error(v, f->first, RULE_FUNCTION, "the Result Type %%%u of OpFunction %%%u is not the return type %%%u "
                  "of its function type %%%u", w[1], w[2], tw[2], w[4]);
    uint32_t params = (uint32_t)t->num_words - 3, n = 0, k = f->first + 1;
    for (; k < end && v->insts[k].opcode == SPVK_OP_FunctionParameter; k++, n++) {
        const val_inst *p = &v->insts[k];
        if (n < params && p->type_id != tw[3 + n])
            val_error(v, k, RULE_FUNCTION, "parameter %u of function %%%u has type %%%u, but its function type %%%u "
                      "says %%%u", n, w[2], p->type_id, w[4], tw[3 + n]);
    }
    if (n != params)
        val_error(v, n > params ? k - 1 : f->first, RULE_FUNCTION, "function %%%u has %u OpFunctionParameter, but its "
                  "function type %%%u has %u parameters", w[2], n, w[4], params);
    return tw[2];
}

static void check_call(val_state *v, uint32_t k)
{
    const val_inst *i = &v->insts[k];
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    const val_inst *f = val_def(v, w[3]);
    if (!f || f->opcode != SPVK_OP_Function) {
        val_error(v, k, RULE_FUNCTION, "the Function operand %%%u of OpFunctionCall is not an OpFunction", w[3]);
        return;
    }
    if (f->num_words < 5)
        return;
    const uint32_t *fw = val_words(v, f);
    if (fw[1] != i->type_id)
        val_error(v, k, RULE_FUNCTION, "OpFunctionCall's Result Type %%%u is not the return type %%%u of the callee "
                  "%%%u", i->type_id, fw[1], w[3]);
    const val_inst *t = val_def(v, fw[4]);
    if (!t || t->opcode != SPVK_OP_TypeFunction || t->num_words < 3)
        return; /* reported at the callee */
    const uint32_t *tw = val_words(v, t);
    uint32_t params = (uint32_t)t->num_words - 3, args = (uint32_t)i->num_words - 4;
    if (args != params) {
        val_error(v, k, RULE_FUNCTION, "OpFunctionCall passes %u arguments, but the callee %%%u takes %u", args, w[3],
                  params);
        return;
    }
    for (uint32_t n = 0; n < args; n++) {
        uint32_t type = val_type_of(v, w[4 + n]);
        if (type != tw[3 + n])
            val_error(v, k, RULE_FUNCTION, "argument %u (%%%u) of OpFunctionCall has type %%%u, but the callee %%%u's "
                      "parameter has type %%%u", n, w[4 + n], type, w[3], tw[3 + n]);
    }
}

/* ---- one function's blocks ---- */

/* Terminator rules that need no graph. */
static void check_terminator(work *w, uint32_t k)
{
    val_state *v = w->v;
    const val_inst *i = &v->insts[k];
    const uint32_t *words = val_words(v, i);
    switch (i->opcode) {
    case SPVK_OP_Return:
        if (w->return_type && val_def_opcode(v, w->return_type) != SPVK_OP_TypeVoid)
            val_error(v, k, RULE_CONTROL_FLOW, "OpReturn in a function returning %%%u: only a void function may use "
                      "it (use OpReturnValue)", w->return_type);
        break;
    case SPVK_OP_ReturnValue:
        if (i->num_words < 2 || !w->return_type)
            break;
        if (val_def_opcode(v, w->return_type) == SPVK_OP_TypeVoid)
            val_error(v, k, RULE_CONTROL_FLOW, "OpReturnValue in a void function (use OpReturn)");
        else if (val_type_of(v, words[1]) != w->return_type)
            val_error(v, k, RULE_CONTROL_FLOW, "OpReturnValue's value %%%u has type %%%u, but the function returns "
                      "%%%u", words[1], val_type_of(v, words[1]), w->return_type);
        break;
    case SPVK_OP_BranchConditional:
        if (i->num_words >= 2 && !val_is_bool_type(v, val_type_of(v, words[1])))
            val_error(v, k, RULE_CONTROL_FLOW, "the Condition %%%u of OpBranchConditional must be a bool scalar",
                      words[1]);
        break;
    case SPVK_OP_Switch:
        if (i->num_words >= 2 && !val_is_int_type(v, val_type_of(v, words[1])))
            val_error(v, k, RULE_CONTROL_FLOW, "the Selector %%%u of OpSwitch must be an integer scalar", words[1]);
        break;
    default:
        break;
    }
}

/* The blocks of the function [first, end). */
static void build_blocks(work *w, const val_function *f, uint32_t end)
{
    val_state *v = w->v;
    uint32_t b = VAL_NONE;
    w->nb = 0;
    for (uint32_t k = f->first + 1; k < end; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_Label) {
            b = w->nb++;
            w->blocks[b] = (cfg_block){k, VAL_NONE, VAL_NONE, VAL_NONE, VAL_NONE};
        }
        if (b == VAL_NONE)
            continue;
        w->inst_block[k] = b;
        if (i->opcode == SPVK_OP_SelectionMerge || i->opcode == SPVK_OP_LoopMerge)
            w->blocks[b].merge = k;
        if (val_is_terminator(i->opcode)) {
            w->blocks[b].term = k;
            b = VAL_NONE;
        }
    }
}

static void build_edges(work *w)
{
    val_state *v = w->v;
    uint32_t count = 0;
    for (uint32_t b = 0; b < w->nb; b++)
        w->mark[b] = 0;
    for (uint32_t b = 0; b < w->nb; b++) {
        cfg_block *c = &w->blocks[b];
        w->succ.start[b] = count;
        if (c->merge != VAL_NONE) {
            const val_inst *m = &v->insts[c->merge];
            for (uint32_t n = 1; n < m->num_words && n <= (m->opcode == SPVK_OP_LoopMerge ? 2u : 1u); n++) {
                uint32_t id = val_words(v, m)[n], t = block_of_label(w, id);
                if (t == VAL_NONE)
                    val_error(v, c->merge, VAL_RULE_UNIVERSAL, "the %s %%%u of %s is not a label of this function",
                              n == 1 ? "Merge Block" : "Continue Target", id, op_name(m->opcode));
                else if (n == 1)
                    c->merge_block = t;
                else
                    c->continue_block = t;
            }
        }
        if (c->term == VAL_NONE)
            continue;
        const val_inst *i = &v->insts[c->term];
        const spvk_operand *ops = val_operands(v, i);
        for (uint32_t n = 0; n < i->num_operands; n++) {
            if (!is_target(i->opcode, n) || ops[n].offset >= i->num_words)
                continue;
            uint32_t id = val_words(v, i)[ops[n].offset], t = block_of_label(w, id);
            if (t == VAL_NONE) {
                val_error(v, c->term, VAL_RULE_UNIVERSAL, "the branch target %%%u is not a label of this function",
                          id);
                continue;
            }
            if (t == 0)
                val_error(v, c->term, VAL_RULE_UNIVERSAL, "%%%u is the function's entry block, which must not be "
                          "the target of a branch", id);
            add_edge(w, &w->succ, &count, b, t, true);
        }
    }
    w->succ.start[w->nb] = count;
}

/* The uses of ids in block b: each definition inside the function is earlier in the block or
   in a dominating block. */
static void check_uses(work *w, uint32_t b)
{
    val_state *v = w->v;
    const cfg_block *c = &w->blocks[b];
    uint32_t end = c->term == VAL_NONE ? c->label : c->term;
    for (uint32_t k = c->label + 1; k <= end && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_Phi)
            continue;
        const spvk_operand *ops = val_operands(v, i);
        for (uint32_t n = 0; n < i->num_operands; n++) {
            const spvk_operand *o = &ops[n];
            if (o->kind == SPVK_OPERAND_IdResult || o->kind == SPVK_OPERAND_IdResultType ||
                spvk_operand_kind(o->kind)->category != SPVK_CATEGORY_ID || o->offset >= i->num_words)
                continue;
            uint32_t id = val_words(v, i)[o->offset];
            const val_inst *d = val_def(v, id);
            if (!d || d->function != w->fn || d->opcode == SPVK_OP_Label)
                continue;
            uint32_t di = val_index(v, d), db = w->inst_block[di];
            if (db == VAL_NONE)
                continue; /* a parameter */
            if (db == b) {
                if (di >= k)
                    val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is used before its definition in the same block", id);
            } else if (reachable(&w->d, b) && reachable(&w->d, db)) {
                if (!dominates(&w->d, db, b))
                    val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is defined in block %%%u, which does not dominate this "
                              "use in block %%%u", id, label_id(w, db), label_id(w, b));
            } else if (di > k && !forward_allowed(i->opcode)) {
                val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is used before its definition, and %s does not allow a "
                          "forward reference there", id, op_name(i->opcode));
            }
        }
    }
}

/* The OpPhi instructions at the start of block b. */
static void check_phis(work *w, uint32_t b)
{
    val_state *v = w->v;
    const cfg_block *c = &w->blocks[b];
    uint32_t end = c->term == VAL_NONE ? c->label : c->term;
    uint32_t preds = w->pred.start[b + 1] - w->pred.start[b];
    bool marked = false;
    for (uint32_t k = c->label + 1; k <= end && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_Phi)
            continue;
        if (!marked) { /* mark[p] == b + 1: p is a predecessor of b */
            for (uint32_t e = w->pred.start[b]; e < w->pred.start[b + 1]; e++)
                w->mark[w->pred.edges[e]] = b + 1;
            marked = true;
        }
        const uint32_t *words = val_words(v, i);
        if (val_def_opcode(v, i->type_id) == SPVK_OP_TypeVoid)
            val_error(v, k, RULE_CONTROL_FLOW, "OpPhi must not have a void Result Type");
        if (i->num_words < 3)
            continue;
        uint32_t operands = (uint32_t)i->num_words - 3;
        if (operands % 2) {
            val_error(v, k, RULE_CONTROL_FLOW, "OpPhi must have (Variable, Parent) pairs, but it has an odd number of "
                      "operands");
            continue;
        }
        if (operands / 2 != preds)
            val_error(v, k, RULE_CONTROL_FLOW, "OpPhi has %u parents, but its block %%%u has %u predecessors",
                      operands / 2, label_id(w, b), preds);
        for (uint32_t n = 3; n + 1 < i->num_words; n += 2) {
            uint32_t value = words[n], parent = words[n + 1], p = block_of_label(w, parent);
            uint32_t type = val_type_of(v, value);
            if (type != i->type_id)
                val_error(v, k, RULE_CONTROL_FLOW, "OpPhi's value %%%u has type %%%u, but its Result Type is %%%u",
                          value, type, i->type_id);
            if (p == VAL_NONE) {
                val_error(v, k, RULE_CONTROL_FLOW, "OpPhi's parent %%%u is not a label of this function", parent);
                continue;
            }
            if (w->mark[p] != b + 1) {
                val_error(v, k, RULE_CONTROL_FLOW, "OpPhi's parent %%%u is not a predecessor of its block %%%u",
                          parent, label_id(w, b));
                continue;
            }
            if (w->mark2[p] == k + 1) {
                val_error(v, k, RULE_CONTROL_FLOW, "OpPhi names the parent %%%u more than once", parent);
                continue;
            }
            w->mark2[p] = k + 1;
            const val_inst *d = val_def(v, value);
            if (!d || d->function != w->fn)
                continue;
            uint32_t db = w->inst_block[val_index(v, d)];
            if (db != VAL_NONE && d->opcode != SPVK_OP_Label && reachable(&w->d, b) && reachable(&w->d, db) &&
                reachable(&w->d, p) && !dominates(&w->d, db, p))
                val_error(v, k, VAL_RULE_UNIVERSAL, "OpPhi's value %%%u is defined in block %%%u, which does not "
                          "dominate its parent %%%u", value, label_id(w, db), parent);
        }
    }
}

/* ---- structured control flow ---- */

static void structured_back_edge(work *w, uint32_t from, uint32_t to)
{
    const cfg_block *t = &w->blocks[to];
    if (t->merge == VAL_NONE || w->v->insts[t->merge].opcode != SPVK_OP_LoopMerge) {
        val_error(w->v, w->blocks[from].term, RULE_SHADER_CFG, "the back edge from %%%u to %%%u must branch to a "
                  "loop header (a block with an OpLoopMerge)", label_id(w, from), label_id(w, to));
        return;
    }
    w->back_count[to]++;
    w->back_block[to] = from;
}

static void check_structured(work *w)
{
    val_state *v = w->v;
    uint32_t nb = w->nb, count = 0;
    for (uint32_t b = 0; b < nb; b++) {
        w->mark[b] = 0;
        w->back_count[b] = 0;
        w->merge_owner[b] = VAL_NONE;
        w->declared[b] = 0;
    }
    for (uint32_t b = 0; b < nb; b++) {
        const cfg_block *c = &w->blocks[b];
        w->ssucc.start[b] = count;
        for (uint32_t e = w->succ.start[b]; e < w->succ.start[b + 1]; e++)
            add_edge(w, &w->ssucc, &count, b, w->succ.edges[e], true);
        add_edge(w, &w->ssucc, &count, b, c->merge_block, false);
        add_edge(w, &w->ssucc, &count, b, c->continue_block, false);
        if (c->merge_block != VAL_NONE)
            w->declared[c->merge_block] |= 1;
        if (c->continue_block != VAL_NONE)
            w->declared[c->continue_block] |= 2;
    }
    w->ssucc.start[nb] = count;
    reverse_graph(w, &w->ssucc, &w->spred);
    uint32_t reached = depth_first(w, &w->ssucc, &w->sd, structured_back_edge);
    dominators(w, &w->spred, &w->sd, reached);

    for (uint32_t b = 0; b < nb && !v->stop; b++) {
        const cfg_block *c = &w->blocks[b];
        uint32_t m = c->merge_block;
        if (m != VAL_NONE) {
            if (w->merge_owner[m] != VAL_NONE)
                val_error(v, c->merge, RULE_STRUCTURED, "%%%u is already the merge block of the header %%%u; a block "
                          "is the merge block of one header only", label_id(w, m), label_id(w, w->merge_owner[m]));
            else
                w->merge_owner[m] = b;
        }
        bool live = reachable(&w->sd, b);
        if (live && m != VAL_NONE && (m == b || !dominates(&w->sd, b, m)))
            val_error(v, c->merge, RULE_STRUCTURED, "the header %%%u must strictly structurally dominate its merge "
                      "block %%%u", label_id(w, b), label_id(w, m));
        if (c->merge != VAL_NONE && v->insts[c->merge].opcode == SPVK_OP_LoopMerge) {
            uint32_t ct = c->continue_block;
            if (ct != VAL_NONE && ct == m)
                val_error(v, c->merge, RULE_STRUCTURED, "the loop's Continue Target and merge block must differ "
                          "(both are %%%u)", label_id(w, m));
            if (live && ct != VAL_NONE && !dominates(&w->sd, b, ct))
                val_error(v, c->merge, RULE_STRUCTURED, "the loop header %%%u must structurally dominate its Continue "
                          "Target %%%u", label_id(w, b), label_id(w, ct));
            if (live && w->back_count[b] != 1)
                val_error(v, c->merge, RULE_STRUCTURED, "the loop header %%%u is the target of %u back edges; exactly "
                          "one is required", label_id(w, b), w->back_count[b]);
            else if (live && ct != VAL_NONE && reachable(&w->sd, ct) && !dominates(&w->sd, ct, w->back_block[b]))
                val_error(v, w->blocks[w->back_block[b]].term, RULE_STRUCTURED, "the Continue Target %%%u must "
                          "structurally dominate the back-edge block %%%u of its loop",
                          label_id(w, ct), label_id(w, w->back_block[b]));
        }
        if (!live || c->term == VAL_NONE)
            continue;
        const val_inst *t = &v->insts[c->term];
        bool selection = c->merge != VAL_NONE && v->insts[c->merge].opcode == SPVK_OP_SelectionMerge;
        if (t->opcode == SPVK_OP_Switch && !selection)
            val_error(v, c->term, RULE_SHADER_CFG, "OpSwitch must be preceded by an OpSelectionMerge");
        if (t->opcode == SPVK_OP_BranchConditional && !selection && t->num_words >= 4) {
            uint32_t a = block_of_label(w, val_words(v, t)[2]), e = block_of_label(w, val_words(v, t)[3]);
            if (a != VAL_NONE && e != VAL_NONE && a != e && !w->declared[a] && !w->declared[e])
                val_error(v, c->term, RULE_SHADER_CFG, "OpBranchConditional to two different blocks, neither a "
                          "declared merge block or Continue Target, must be preceded by an OpSelectionMerge");
        }
    }
}

/* ---- driver ---- */

static void check_body(work *w, const val_function *f, uint32_t end, bool shader)
{
    val_state *v = w->v;
    build_blocks(w, f, end);
    if (!w->nb)
        return;
    build_edges(w);
    for (uint32_t b = 0; b < w->nb; b++)
        w->mark[b] = 0; /* check_phis stamps it anew */
    reverse_graph(w, &w->succ, &w->pred);
    uint32_t reached = depth_first(w, &w->succ, &w->d, NULL);
    dominators(w, &w->pred, &w->d, reached);
    for (uint32_t b = 0; b < w->nb && !v->stop; b++) {
        const cfg_block *c = &w->blocks[b];
        if (b && reachable(&w->d, b) && w->blocks[w->d.idom[b]].label > c->label)
            val_error(v, c->label, VAL_RULE_UNIVERSAL, "block %%%u comes before its dominator %%%u; blocks must "
                      "appear after the blocks that dominate them", label_id(w, b), label_id(w, w->d.idom[b]));
        if (c->term != VAL_NONE)
            check_terminator(w, c->term);
        for (uint32_t k = c->label + 1; c->term != VAL_NONE && k < c->term; k++)
            if (v->insts[k].opcode == SPVK_OP_FunctionCall)
                check_call(v, k);
        check_uses(w, b);
        check_phis(w, b);
    }
    if (shader && !v->stop)
        check_structured(w);
}

/* The end (exclusive) of function number n's instructions. */
static uint32_t function_end(const val_state *v, size_t n)
{
    const val_function *f = &v->functions[n];
    if (f->last != VAL_NONE)
        return f->last;
    return n + 1 < v->num_functions ? v->functions[n + 1].first : (uint32_t)v->num_insts;
}

void val_check_cfg(val_state *v)
{
    if (!v->num_functions)
        return;
    /* Size the scratch for the largest function: blocks and branch targets. */
    size_t max_nb = 1, max_ne = 1;
    for (size_t n = 0; n < v->num_functions; n++) {
        size_t nb = 0, ne = 0;
        for (uint32_t k = v->functions[n].first, end = function_end(v, n); k < end; k++) {
            const val_inst *i = &v->insts[k];
            nb += i->opcode == SPVK_OP_Label;
            if (val_is_terminator(i->opcode))
                ne += i->num_operands;
        }
        max_nb = nb > max_nb ? nb : max_nb;
        max_ne = ne > max_ne ? ne : max_ne;
    }
    size_t nb = max_nb, ne = max_ne, se = ne + 2 * nb;
    work w;
    memset(&w, 0, sizeof w);
    w.v = v;
    w.pool_words = v->num_insts + 5 * (nb + 1) + 2 * ne + 2 * se + 18 * nb;
    w.num_bytes = se + nb;
    /* inst_block; 5 row starts; real and structured edges, forward and reverse; 18 per block. */
    w.pool = spvk_alloc(v->allocator, w.pool_words * sizeof *w.pool);
    w.bytes = spvk_alloc(v->allocator, w.num_bytes);
    w.blocks = spvk_alloc(v->allocator, nb * sizeof *w.blocks);
    if (!w.pool || !w.bytes || !w.blocks) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    uint32_t *p = w.pool;
#define TAKE(field, count) (field = p, p += (count))
    TAKE(w.inst_block, v->num_insts);
    TAKE(w.succ.start, nb + 1);
    TAKE(w.succ.edges, ne);
    TAKE(w.pred.start, nb + 1);
    TAKE(w.pred.edges, ne);
    TAKE(w.ssucc.start, nb + 1);
    TAKE(w.ssucc.edges, se);
    TAKE(w.spred.start, nb + 1);
    TAKE(w.spred.edges, se);
    TAKE(w.child_start, nb + 1);
    TAKE(w.d.po, nb);
    TAKE(w.d.idom, nb);
    TAKE(w.d.pre, nb);
    TAKE(w.d.post, nb);
    TAKE(w.sd.po, nb);
    TAKE(w.sd.idom, nb);
    TAKE(w.sd.pre, nb);
    TAKE(w.sd.post, nb);
    TAKE(w.order, nb);
    TAKE(w.stack_b, nb);
    TAKE(w.stack_e, nb);
    TAKE(w.state, nb);
    TAKE(w.child, nb);
    TAKE(w.mark, nb);
    TAKE(w.mark2, nb);
    TAKE(w.back_count, nb);
    TAKE(w.back_block, nb);
    TAKE(w.merge_owner, nb);
#undef TAKE
    w.ssucc.branch = w.bytes;
    w.declared = w.bytes + se;
    for (size_t k = 0; k < v->num_insts; k++)
        w.inst_block[k] = VAL_NONE;
    memset(w.mark2, 0, nb * sizeof *w.mark2); /* stamped with instruction indices, unique in the module */
    bool shader = val_has_capability(v, SPVK_CAPABILITY_Shader);
    for (size_t n = 0; n < v->num_functions && !v->stop; n++) {
        const val_function *f = &v->functions[n];
        uint32_t end = function_end(v, n);
        w.fn = (uint32_t)n;
        w.return_type = check_signature(v, f, end);
        check_body(&w, f, end, shader);
    }
done:
    spvk_free(v->allocator, w.pool, w.pool_words * sizeof *w.pool);
    spvk_free(v->allocator, w.bytes, w.num_bytes);
    spvk_free(v->allocator, w.blocks, nb * sizeof *w.blocks);
}
