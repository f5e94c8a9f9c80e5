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
     OpReturnValue's type, OpBranchConditional's bool condition and (from SPIR-V 1.6) distinct
     labels, OpSwitch's scalar integer selector (the reader decodes its literals at the
     selector's width).
   - modules declaring Shader: the structured control-flow rules of SPIR-V 2.16.2 and 2.11,
     in val_structured.c, over the graphs and dominator trees built here (val_cfg.h).
   Not checked: recursion (the OpenCL family's). */
#include <string.h>

#include "val_cfg.h"

#define RULE_FUNCTION "SPIR-V 3.3.9"
#define RULE_CONTROL_FLOW "SPIR-V 3.3.17"

static const char *op_name(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

uint32_t val_cfg_block_of_label(const cfg_work *w, uint32_t id)
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

/* ---- graphs and dominators ---- */

/* mark[t] == b + 1 while b's row is built: mark must not hold b + 1 for any block before b's
   row starts. */
void val_cfg_add_edge(cfg_work *w, cfg_graph *g, uint32_t *count, uint32_t b, uint32_t t, bool branch)
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

void val_cfg_reverse_graph(const cfg_work *w, const cfg_graph *g, cfg_graph *r, uint32_t nb)
{
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

uint32_t val_cfg_depth_first(cfg_work *w, const cfg_graph *g, cfg_dom *d, uint32_t root, uint32_t nb,
                             void (*back_edge)(cfg_work *, uint32_t, uint32_t))
{
    uint32_t n = 0, top = 0;
    for (uint32_t b = 0; b < nb; b++) {
        d->po[b] = VAL_NONE;
        w->state[b] = 0;
    }
    w->stack_b[top] = root;
    w->stack_e[top++] = g->start[root];
    w->state[root] = 1;
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
void val_cfg_dominators(cfg_work *w, const cfg_graph *pred, cfg_dom *d, uint32_t reached, uint32_t root, uint32_t nb)
{
    for (uint32_t b = 0; b < nb; b++)
        d->idom[b] = VAL_NONE;
    d->idom[root] = root;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t k = reached - 1; k-- > 0;) { /* the root is order[reached - 1] */
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
    for (uint32_t b = 0; b < nb; b++)
        if (b != root && d->idom[b] != VAL_NONE)
            w->child_start[d->idom[b] + 1]++;
    for (uint32_t b = 0; b < nb; b++)
        w->child_start[b + 1] += w->child_start[b];
    for (uint32_t b = 0; b < nb; b++)
        w->state[b] = w->child_start[b];
    for (uint32_t b = 0; b < nb; b++)
        if (b != root && d->idom[b] != VAL_NONE)
            w->child[w->state[d->idom[b]]++] = b;
    uint32_t top = 0, pre = 0, post = 0;
    w->stack_b[top] = root;
    w->stack_e[top++] = w->child_start[root];
    d->pre[root] = pre++;
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
static void check_terminator(cfg_work *w, uint32_t k)
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
        if (i->num_words >= 4 && words[2] == words[3] && v->header.version >= SPVK_VERSION(1, 6))
            val_error(v, k, RULE_CONTROL_FLOW, "OpBranchConditional's True Label and False Label are both %%%u; from "
                      "SPIR-V 1.6 they must differ (use OpBranch)", words[2]);
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
static void build_blocks(cfg_work *w, const val_function *f, uint32_t end)
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

static void build_edges(cfg_work *w)
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
                uint32_t id = val_words(v, m)[n], t = val_cfg_block_of_label(w, id);
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
            uint32_t id = val_words(v, i)[ops[n].offset], t = val_cfg_block_of_label(w, id);
            if (t == VAL_NONE) {
                val_error(v, c->term, VAL_RULE_UNIVERSAL, "the branch target %%%u is not a label of this function",
                          id);
                continue;
            }
            if (t == 0)
                val_error(v, c->term, VAL_RULE_UNIVERSAL, "%%%u is the function's entry block, which must not be "
                          "the target of a branch", id);
            val_cfg_add_edge(w, &w->succ, &count, b, t, true);
        }
    }
    w->succ.start[w->nb] = count;
}

/* The uses of ids in block b: each definition inside the function is earlier in the block or
   in a dominating block. */
static void check_uses(cfg_work *w, uint32_t b)
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
            } else if (val_cfg_reachable(&w->d, b) && val_cfg_reachable(&w->d, db)) {
                if (!val_cfg_dominates(&w->d, db, b))
                    val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is defined in block %%%u, which does not dominate this "
                              "use in block %%%u", id, val_cfg_label_id(w, db), val_cfg_label_id(w, b));
            } else if (di > k && !val_forward_reference_allowed(i->opcode)) {
                val_error(v, k, VAL_RULE_UNIVERSAL, "%%%u is used before its definition, and %s does not allow a "
                          "forward reference there", id, op_name(i->opcode));
            }
        }
    }
}

/* The OpPhi instructions at the start of block b. */
static void check_phis(cfg_work *w, uint32_t b)
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
                      operands / 2, val_cfg_label_id(w, b), preds);
        for (uint32_t n = 3; n + 1 < i->num_words; n += 2) {
            uint32_t value = words[n], parent = words[n + 1], p = val_cfg_block_of_label(w, parent);
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
                          parent, val_cfg_label_id(w, b));
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
            if (db != VAL_NONE && d->opcode != SPVK_OP_Label && val_cfg_reachable(&w->d, b) &&
                val_cfg_reachable(&w->d, db) && val_cfg_reachable(&w->d, p) && !val_cfg_dominates(&w->d, db, p))
                val_error(v, k, VAL_RULE_UNIVERSAL, "OpPhi's value %%%u is defined in block %%%u, which does not "
                          "dominate its parent %%%u", value, val_cfg_label_id(w, db), parent);
        }
    }
}

/* ---- driver ---- */

static void check_body(cfg_work *w, const val_function *f, uint32_t end, bool shader)
{
    val_state *v = w->v;
    build_blocks(w, f, end);
    if (!w->nb)
        return;
    build_edges(w);
    for (uint32_t b = 0; b < w->nb; b++)
        w->mark[b] = 0; /* check_phis stamps it anew */
    val_cfg_reverse_graph(w, &w->succ, &w->pred, w->nb);
    uint32_t reached = val_cfg_depth_first(w, &w->succ, &w->d, 0, w->nb, NULL);
    val_cfg_dominators(w, &w->pred, &w->d, reached, 0, w->nb);
    for (uint32_t b = 0; b < w->nb && !v->stop; b++) {
        const cfg_block *c = &w->blocks[b];
        if (b && val_cfg_reachable(&w->d, b) && w->blocks[w->d.idom[b]].label > c->label)
            val_error(v, c->label, VAL_RULE_UNIVERSAL, "block %%%u comes before its dominator %%%u; blocks must "
                      "appear after the blocks that dominate them", val_cfg_label_id(w, b),
                      val_cfg_label_id(w, w->d.idom[b]));
        if (c->term != VAL_NONE)
            check_terminator(w, c->term);
        for (uint32_t k = c->label + 1; c->term != VAL_NONE && k < c->term; k++)
            if (v->insts[k].opcode == SPVK_OP_FunctionCall)
                check_call(v, k);
        check_uses(w, b);
        check_phis(w, b);
    }
    if (shader && !v->stop)
        val_check_structured(w);
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
    /* nb counts the post-dominator tree's virtual exit too; a block heads at most a loop and
       its continue construct, and a case construct. */
    size_t nb = max_nb + 1, ne = max_ne, se = ne + 2 * nb, re = se + nb, nc = 3 * nb;
    cfg_work w;
    memset(&w, 0, sizeof w);
    w.v = v;
    w.pool_words = v->num_insts + 7 * (nb + 1) + 2 * ne + 2 * se + 2 * re + 33 * nb + 8 * nc;
    w.num_bytes = se + nb + nc;
    /* inst_block; 7 row starts; real, structured and reversed structured edges, forward and
       reverse; 33 per node; 8 per construct. */
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
    TAKE(w.rsucc.start, nb + 1);
    TAKE(w.rsucc.edges, re);
    TAKE(w.rpred.start, nb + 1);
    TAKE(w.rpred.edges, re);
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
    TAKE(w.pd.po, nb);
    TAKE(w.pd.idom, nb);
    TAKE(w.pd.pre, nb);
    TAKE(w.pd.post, nb);
    TAKE(w.inner, nb);
    TAKE(w.own, nb);
    TAKE(w.cont, nb);
    TAKE(w.back_loop, nb);
    TAKE(w.continue_loop, nb);
    TAKE(w.case_switch, nb);
    TAKE(w.fall_to, nb);
    TAKE(w.fall_from, nb);
    TAKE(w.pos_first, nb);
    TAKE(w.pos_last, nb);
    TAKE(w.pos_stamp, nb);
    TAKE(w.header, nc);
    TAKE(w.origin, nc);
    TAKE(w.parent, nc);
    TAKE(w.depth, nc);
    TAKE(w.loop_of, nc);
    TAKE(w.switch_of, nc);
    TAKE(w.continue_of, nc);
    TAKE(w.case_of, nc);
#undef TAKE
    w.ssucc.branch = w.bytes;
    w.declared = w.bytes + se;
    w.kind = w.bytes + se + nb;
    for (size_t k = 0; k < v->num_insts; k++)
        w.inst_block[k] = VAL_NONE;
    /* Stamped with instruction indices, unique in the module. */
    memset(w.mark2, 0, nb * sizeof *w.mark2);
    memset(w.pos_stamp, 0, nb * sizeof *w.pos_stamp);
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
