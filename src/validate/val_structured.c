/* Structured control flow of Shader modules (SPIR-V 2.16.2 and 2.11), one function at a time,
   over the structured CFG (branch, merge and continue edges) that val_cfg.c builds, in time
   linear in the function.

   Constructs (2.11.2) are sets defined by structured dominance and post-dominance. Testing
   whether a block lies in a construct is O(1) with the dominator trees' numbering; the
   innermost constructs around a block come from one walk in reverse postorder: a block inherits
   the innermost construct of its immediate structured dominator, except that a merge block
   leaves its header's construct (a header's merge edge makes it the merge block's immediate
   dominator), a Continue Target enters its loop's continue construct instead of the loop
   construct (the continue edge makes the loop header its immediate dominator), and an OpSwitch
   target enters its case construct. Constructs then form a tree; each records its innermost
   enclosing loop, switch, continue and case constructs, so that the questions of 2.11.3
   ("the innermost loop construct containing A") are O(1) per branch edge.

   The construct rules assume the declarations of 2.11.1 hold (merge blocks dominated by their
   headers, one back edge per loop): a function breaking those is not checked further, so that
   one mistake is not reported many times over. */
#include <stdio.h>
#include <string.h>

#include "val_cfg.h"

#define RULE_SHADER_CFG "SPIR-V 2.16.2"
#define RULE_STRUCTURED "SPIR-V 2.11"

static const char *const kind_names[] = {"selection", "switch", "loop", "continue", "case"};

static uint32_t label_id(const cfg_work *w, uint32_t b) { return val_cfg_label_id(w, b); }

static bool is_loop_header(const cfg_work *w, uint32_t b)
{
    return w->blocks[b].merge != VAL_NONE && w->v->insts[w->blocks[b].merge].opcode == SPVK_OP_LoopMerge;
}

static bool is_branch(uint16_t opcode)
{
    return opcode == SPVK_OP_Branch || opcode == SPVK_OP_BranchConditional || opcode == SPVK_OP_Switch;
}

/* Whether a structurally post-dominates b. A block from which no structured path reaches a
   function termination instruction is post-dominated by every block (vacuously). */
static bool post_dominates(const cfg_work *w, uint32_t a, uint32_t b)
{
    if (!val_cfg_reachable(&w->pd, b))
        return true;
    return val_cfg_reachable(&w->pd, a) && val_cfg_dominates(&w->pd, a, b);
}

/* Whether a structurally dominates b; b structurally reachable. */
static bool sdom(const cfg_work *w, uint32_t a, uint32_t b)
{
    return a != VAL_NONE && val_cfg_reachable(&w->sd, a) && val_cfg_dominates(&w->sd, a, b);
}

/* Whether block b lies in construct c (SPIR-V 2.11.2). */
static bool in_construct(const cfg_work *w, uint32_t c, uint32_t b)
{
    if (!val_cfg_reachable(&w->sd, b))
        return false;
    uint32_t h = w->header[c], o = w->origin[c];
    switch ((cfg_kind)w->kind[c]) {
    case CFG_CONTINUE:
        return w->back_block[o] != VAL_NONE && sdom(w, h, b) && post_dominates(w, w->back_block[o], b);
    case CFG_LOOP:
        if (w->cont[o] != VAL_NONE && in_construct(w, w->cont[o], b))
            return false;
        /* fall through */
    case CFG_SELECTION:
    case CFG_SWITCH:
    case CFG_CASE:
        return sdom(w, h, b) && !sdom(w, w->blocks[o].merge_block, b);
    }
    return false;
}

static uint32_t new_construct(cfg_work *w, cfg_kind kind, uint32_t header, uint32_t origin, uint32_t parent)
{
    uint32_t c = w->num_constructs++;
    bool top = parent == VAL_NONE;
    w->kind[c] = (uint8_t)kind;
    w->header[c] = header;
    w->origin[c] = origin;
    w->parent[c] = parent;
    w->depth[c] = top ? 0 : w->depth[parent] + 1;
    w->loop_of[c] = kind == CFG_LOOP ? c : top ? VAL_NONE : w->loop_of[parent];
    w->switch_of[c] = kind == CFG_SWITCH ? c : top ? VAL_NONE : w->switch_of[parent];
    w->continue_of[c] = kind == CFG_CONTINUE ? c : top ? VAL_NONE : w->continue_of[parent];
    w->case_of[c] = kind == CFG_CASE ? c : top ? VAL_NONE : w->case_of[parent];
    return c;
}

/* ---- declarations (2.16.2, 2.11.1) ---- */

static void structured_back_edge(cfg_work *w, uint32_t from, uint32_t to)
{
    if (!is_loop_header(w, to)) {
        val_error(w->v, w->blocks[from].term, RULE_SHADER_CFG, "the back edge from %%%u to %%%u must branch to a "
                  "loop header (a block with an OpLoopMerge)", label_id(w, from), label_id(w, to));
        return;
    }
    w->back_count[to]++;
    w->back_block[to] = from;
}

/* Returns whether every declaration rule holds (the construct rules rely on them). */
static bool check_declarations(cfg_work *w)
{
    val_state *v = w->v;
    bool ok = true;
    for (uint32_t b = 0; b < w->nb && !v->stop; b++) {
        const cfg_block *c = &w->blocks[b];
        uint32_t m = c->merge_block;
        if (m != VAL_NONE) {
            if (w->merge_owner[m] != VAL_NONE) {
                ok = val_error(v, c->merge, RULE_STRUCTURED, "%%%u is already the merge block of the header %%%u; "
                               "a block is the merge block of one header only", label_id(w, m),
                               label_id(w, w->merge_owner[m]));
            } else {
                w->merge_owner[m] = b;
            }
        }
        /* A merge instruction naming no label of the function (reported by val_cfg.c) leaves
           no construct to check. */
        if (c->merge != VAL_NONE && (m == VAL_NONE || (is_loop_header(w, b) && c->continue_block == VAL_NONE)))
            ok = false;
        bool live = val_cfg_reachable(&w->sd, b);
        if (live && m != VAL_NONE && (m == b || !val_cfg_dominates(&w->sd, b, m)))
            ok = val_error(v, c->merge, RULE_STRUCTURED, "the header %%%u must strictly structurally dominate its "
                           "merge block %%%u", label_id(w, b), label_id(w, m));
        if (is_loop_header(w, b)) {
            uint32_t ct = c->continue_block;
            if (ct != VAL_NONE && ct == m)
                ok = val_error(v, c->merge, RULE_STRUCTURED, "the loop's Continue Target and merge block must differ "
                               "(both are %%%u)", label_id(w, m));
            if (live && ct != VAL_NONE && !val_cfg_dominates(&w->sd, b, ct))
                ok = val_error(v, c->merge, RULE_STRUCTURED, "the loop header %%%u must structurally dominate its "
                               "Continue Target %%%u", label_id(w, b), label_id(w, ct));
            if (live && w->back_count[b] != 1)
                ok = val_error(v, c->merge, RULE_STRUCTURED, "the loop header %%%u is the target of %u back edges; "
                               "exactly one is required", label_id(w, b), w->back_count[b]);
            else if (live && ct != VAL_NONE && !val_cfg_dominates(&w->sd, ct, w->back_block[b]))
                ok = val_error(v, w->blocks[w->back_block[b]].term, RULE_STRUCTURED, "the Continue Target %%%u "
                               "must structurally dominate the back-edge block %%%u of its loop",
                               label_id(w, ct), label_id(w, w->back_block[b]));
        }
        if (!live || c->term == VAL_NONE)
            continue;
        const val_inst *t = &v->insts[c->term];
        bool selection = c->merge != VAL_NONE && v->insts[c->merge].opcode == SPVK_OP_SelectionMerge;
        if (t->opcode == SPVK_OP_Switch && !selection)
            val_error(v, c->term, RULE_SHADER_CFG, "OpSwitch must be preceded by an OpSelectionMerge");
        /* The rule asks for an OpSelectionMerge, which a loop header cannot also hold: a loop
           header's OpBranchConditional must name a declared merge block or Continue Target (its
           own merge or continue, usually), as spirv-val reads it too (SPIRV-Cross's
           loop-variable-early-read-with-undef.asm.invalid.comp branches from its loop header
           into two blocks that are neither). */
        if (t->opcode == SPVK_OP_BranchConditional && !selection && t->num_words >= 4) {
            uint32_t x = val_cfg_block_of_label(w, val_words(v, t)[2]);
            uint32_t y = val_cfg_block_of_label(w, val_words(v, t)[3]);
            if (x != VAL_NONE && y != VAL_NONE && x != y && !w->declared[x] && !w->declared[y])
                val_error(v, c->term, RULE_SHADER_CFG, "OpBranchConditional to two different blocks, neither a "
                          "declared merge block or Continue Target, must be preceded by an OpSelectionMerge%s",
                          c->merge != VAL_NONE ? " (this loop header's OpLoopMerge does not do)" : "");
        }
    }
    return ok;
}

/* The post-dominator tree of the structured graph: the dominator tree of its reverse, rooted at
   a virtual exit (node nb) that every block ending in a function termination instruction (any
   terminator that is not a branch) reaches. */
static void post_dominators(cfg_work *w)
{
    uint32_t nb = w->nb, exit = nb, count = 0;
    for (uint32_t b = 0; b < nb; b++) {
        w->rsucc.start[b] = count;
        for (uint32_t e = w->spred.start[b]; e < w->spred.start[b + 1]; e++)
            w->rsucc.edges[count++] = w->spred.edges[e];
    }
    w->rsucc.start[exit] = count;
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t t = w->blocks[b].term;
        if (t == VAL_NONE || !is_branch(w->v->insts[t].opcode))
            w->rsucc.edges[count++] = b;
    }
    w->rsucc.start[exit + 1] = count;
    val_cfg_reverse_graph(w, &w->rsucc, &w->rpred, nb + 1);
    uint32_t reached = val_cfg_depth_first(w, &w->rsucc, &w->pd, exit, nb + 1, NULL);
    val_cfg_dominators(w, &w->rpred, &w->pd, reached, exit, nb + 1);
}

/* 2.11.1: the back-edge block structurally post-dominates the Continue Target. */
static bool check_post_dominance(cfg_work *w)
{
    bool ok = true;
    for (uint32_t b = 0; b < w->nb && !w->v->stop; b++) {
        const cfg_block *c = &w->blocks[b];
        uint32_t ct = c->continue_block;
        if (!is_loop_header(w, b) || ct == VAL_NONE || !val_cfg_reachable(&w->sd, b))
            continue;
        uint32_t be = w->back_block[b];
        if (!post_dominates(w, be, ct))
            ok = val_error(w->v, w->blocks[be].term, RULE_STRUCTURED, "the back-edge block %%%u of the loop %%%u must "
                           "structurally post-dominate its Continue Target %%%u: a path from %%%u reaches a "
                           "function termination without passing %%%u", label_id(w, be), label_id(w, b),
                           label_id(w, ct), label_id(w, ct), label_id(w, be));
    }
    return ok;
}

/* ---- constructs ---- */

/* Case headers of the switch header b: each OpSwitch target other than its merge block, which
   b must structurally dominate (2.11.3), i.e. be its immediate structured dominator. */
static void mark_cases(cfg_work *w, uint32_t b)
{
    val_state *v = w->v;
    const cfg_block *c = &w->blocks[b];
    const val_inst *t = &v->insts[c->term];
    const spvk_operand *ops = val_operands(v, t);
    for (uint32_t n = 1; n < t->num_operands; n += 2) { /* Default, then each pair's label */
        if (ops[n].offset >= t->num_words)
            continue;
        uint32_t id = val_words(v, t)[ops[n].offset], target = val_cfg_block_of_label(w, id);
        if (target == VAL_NONE || target == c->merge_block || w->case_switch[target] == b)
            continue;
        if (w->sd.idom[target] == b && target != b)
            w->case_switch[target] = b;
        else
            val_error(v, c->term, RULE_STRUCTURED, "the switch header %%%u must structurally dominate the case "
                      "construct of its target %%%u", label_id(w, b), id);
    }
}

/* The constructs of the function and each reachable block's innermost construct, in reverse
   postorder of the structured graph (left in w->order by the structured search). */
static void build_constructs(cfg_work *w, uint32_t reached)
{
    val_state *v = w->v;
    w->num_constructs = 0;
    for (uint32_t b = 0; b < w->nb; b++) {
        w->inner[b] = w->own[b] = w->cont[b] = w->case_switch[b] = VAL_NONE;
        w->fall_to[b] = w->fall_from[b] = w->back_loop[b] = w->continue_loop[b] = VAL_NONE;
    }
    for (uint32_t k = reached; k-- > 0;) {
        uint32_t b = w->order[k], c = VAL_NONE;
        const cfg_block *cb = &w->blocks[b];
        if (b != 0) {
            uint32_t p = w->sd.idom[b];
            const cfg_block *cp = &w->blocks[p];
            if (w->own[p] != VAL_NONE && cp->merge_block == b)
                c = w->parent[w->own[p]];
            else if (w->cont[p] != VAL_NONE && cp->continue_block == b && b != p)
                c = w->cont[p];
            else if (w->case_switch[b] == p)
                c = new_construct(w, CFG_CASE, b, p, w->own[p]);
            else
                c = w->inner[p];
        }
        if (cb->merge != VAL_NONE) {
            bool loop = is_loop_header(w, b);
            bool sw = cb->term != VAL_NONE && v->insts[cb->term].opcode == SPVK_OP_Switch;
            w->own[b] = new_construct(w, loop ? CFG_LOOP : sw ? CFG_SWITCH : CFG_SELECTION, b, b, c);
            if (loop && cb->continue_block != VAL_NONE) {
                w->cont[b] = new_construct(w, CFG_CONTINUE, cb->continue_block, b, c);
                w->continue_loop[cb->continue_block] = b;
                if (w->back_block[b] != VAL_NONE)
                    w->back_loop[w->back_block[b]] = b;
            }
            c = loop && cb->continue_block == b ? w->cont[b] : w->own[b];
            if (sw)
                mark_cases(w, b);
        }
        w->inner[b] = c;
    }
}

/* ---- construct rules (2.11.3) ---- */

/* Branch edge a -> b where b is the case header t2 of the switch of case construct k. */
static void fall_through(cfg_work *w, uint32_t a, uint32_t k, uint32_t t2)
{
    uint32_t t1 = w->header[k];
    if (t1 == t2)
        return;
    if (w->fall_to[t1] == VAL_NONE)
        w->fall_to[t1] = t2;
    else if (w->fall_to[t1] != t2)
        val_error(w->v, w->blocks[a].term, RULE_STRUCTURED, "the case construct %%%u branches to two other case "
                  "constructs, %%%u and %%%u; it may branch to at most one", label_id(w, t1),
                  label_id(w, w->fall_to[t1]), label_id(w, t2));
    if (w->fall_from[t2] == VAL_NONE)
        w->fall_from[t2] = t1;
    else if (w->fall_from[t2] != t1)
        val_error(w->v, w->blocks[a].term, RULE_STRUCTURED, "the case construct %%%u is branched to by two other "
                  "case constructs, %%%u and %%%u; at most one may branch to it", label_id(w, t2),
                  label_id(w, w->fall_from[t2]), label_id(w, t1));
}

/* Exits: branch edge a -> b leaving the innermost construct of a must be one of 2.11.3's
   structured exits. Returns false when it reported. */
static bool check_exit(cfg_work *w, uint32_t a, uint32_t b)
{
    val_state *v = w->v;
    uint32_t c = w->inner[a];
    if (c == VAL_NONE || in_construct(w, c, b))
        return true;
    uint32_t loop = w->loop_of[c], sw = w->switch_of[c], cs = w->case_of[c], cn = w->continue_of[c];
    /* A continue construct is left only for its loop's header or merge block. */
    if (cn != VAL_NONE && !in_construct(w, cn, b)) {
        uint32_t h = w->origin[cn];
        if (b == h || b == w->blocks[h].merge_block)
            return true;
        return val_error(v, w->blocks[a].term, RULE_STRUCTURED, "the branch from %%%u to %%%u exits the continue "
                         "construct of the loop %%%u; it may only branch to the loop header %%%u or its merge block "
                         "%%%u", label_id(w, a), label_id(w, b), label_id(w, h), label_id(w, h),
                         label_id(w, w->blocks[h].merge_block));
    }
    if (w->kind[c] == CFG_SELECTION && b == w->blocks[w->origin[c]].merge_block)
        return true; /* breaking from a selection construct */
    if (loop != VAL_NONE) {
        const cfg_block *lh = &w->blocks[w->origin[loop]];
        if (b == lh->merge_block || b == lh->continue_block)
            return true; /* break from, or continue, the innermost loop */
    }
    if (w->back_block[b] == a && is_loop_header(w, b))
        return true; /* next loop iteration */
    if (w->back_loop[a] != VAL_NONE && b == w->blocks[w->back_loop[a]].merge_block)
        return true; /* from the back-edge block to the loop's merge block */
    if (cs != VAL_NONE && w->case_switch[b] == w->origin[cs]) {
        fall_through(w, a, cs, b);
        return true;
    }
    if (sw != VAL_NONE && b == w->blocks[w->origin[sw]].merge_block &&
        (loop == VAL_NONE || w->depth[loop] < w->depth[sw]))
        return true; /* breaking from the innermost switch, not out of a loop */
    char allowed[160];
    int n = 0;
    allowed[0] = 0;
    if (w->kind[c] == CFG_SELECTION && w->blocks[w->origin[c]].merge_block != VAL_NONE)
        n += snprintf(allowed + n, sizeof allowed - (size_t)n, " %%%u (its merge block)",
                      label_id(w, w->blocks[w->origin[c]].merge_block));
    if (loop != VAL_NONE) {
        const cfg_block *lh = &w->blocks[w->origin[loop]];
        if (lh->merge_block != VAL_NONE && lh->continue_block != VAL_NONE)
            n += snprintf(allowed + n, sizeof allowed - (size_t)n, " %%%u or %%%u (break or continue of the loop %%%u)",
                          label_id(w, lh->merge_block), label_id(w, lh->continue_block), label_id(w, w->origin[loop]));
    }
    if (sw != VAL_NONE && (loop == VAL_NONE || w->depth[loop] < w->depth[sw]) &&
        w->blocks[w->origin[sw]].merge_block != VAL_NONE && n >= 0 && (size_t)n < sizeof allowed)
        snprintf(allowed + n, sizeof allowed - (size_t)n, " %%%u (break of the switch %%%u)",
                 label_id(w, w->blocks[w->origin[sw]].merge_block), label_id(w, w->origin[sw]));
    return val_error(v, w->blocks[a].term, RULE_STRUCTURED, "the branch from %%%u to %%%u exits the %s construct of "
                     "%%%u, but is not a structured exit; allowed:%s", label_id(w, a), label_id(w, b),
                     kind_names[w->kind[c]], label_id(w, w->header[c]),
                     allowed[0] ? allowed : " a return or other function termination only");
}

/* Entries: branch edge a -> b entering a selection, loop or switch construct from outside goes
   to its header. */
static void check_entry(cfg_work *w, uint32_t a, uint32_t b)
{
    uint32_t c = w->inner[b];
    while (c != VAL_NONE && w->header[c] == b)
        c = w->parent[c];
    for (; c != VAL_NONE && !in_construct(w, c, a); c = w->parent[c]) {
        cfg_kind k = (cfg_kind)w->kind[c];
        if (k == CFG_SELECTION || k == CFG_LOOP || k == CFG_SWITCH) {
            val_error(w->v, w->blocks[a].term, RULE_STRUCTURED, "the branch from %%%u enters the %s construct of %%%u "
                      "at %%%u; branches into a construct from outside must go to its header", label_id(w, a),
                      kind_names[k], label_id(w, w->header[c]), label_id(w, b));
            return;
        }
    }
}

/* A branch edge to a loop's Continue Target that is not its back edge comes from the loop
   construct (unless the loop is a single block). */
static void check_continue_entry(cfg_work *w, uint32_t a, uint32_t b)
{
    uint32_t h = w->continue_loop[b];
    if (h == VAL_NONE || (w->back_block[b] == a && is_loop_header(w, b)))
        return;
    if (h == b && w->back_block[h] == h)
        return; /* a single-block loop */
    if (!in_construct(w, w->own[h], a))
        val_error(w->v, w->blocks[a].term, RULE_STRUCTURED, "the branch from %%%u to the Continue Target %%%u of the "
                  "loop %%%u comes from outside the loop construct", label_id(w, a), label_id(w, b), label_id(w, h));
}

/* OpSwitch target order: a label's targets are consecutive, and a case construct falling
   through to another (possibly through the Default case) immediately precedes it. */
static void check_switch_order(cfg_work *w, uint32_t h)
{
    val_state *v = w->v;
    const cfg_block *c = &w->blocks[h];
    const val_inst *t = &v->insts[c->term];
    const spvk_operand *ops = val_operands(v, t);
    uint32_t stamp = c->term + 1, position = 0, dflt = VAL_NONE;
    bool reported = false;
    if (t->num_operands > 1 && ops[1].offset < t->num_words)
        dflt = val_cfg_block_of_label(w, val_words(v, t)[ops[1].offset]);
    for (uint32_t n = 3; n < t->num_operands; n += 2, position++) {
        if (ops[n].offset >= t->num_words)
            continue;
        uint32_t b = val_cfg_block_of_label(w, val_words(v, t)[ops[n].offset]);
        if (b == VAL_NONE)
            continue;
        if (w->pos_stamp[b] != stamp) {
            w->pos_stamp[b] = stamp;
            w->pos_first[b] = position;
        } else if (w->pos_last[b] + 1 != position) {
            w->mark[b] = stamp;
        }
        w->pos_last[b] = position;
    }
    /* The spec states the consecutive rule for every label; it is enforced here only for labels
       whose case falls through or is fallen into, where "the last target with label T1" and
       "the first with label T2" above matter: SPIRV-Tools (up to 2026.4) does not check it at
       all, and valid-by-spirv-val modules repeat a label apart. */
    for (uint32_t n = 3; n < t->num_operands && !reported; n += 2) {
        if (ops[n].offset >= t->num_words)
            continue;
        uint32_t b = val_cfg_block_of_label(w, val_words(v, t)[ops[n].offset]);
        if (b != VAL_NONE && w->mark[b] == stamp && (w->fall_to[b] != VAL_NONE || w->fall_from[b] != VAL_NONE))
            reported = !val_error(v, c->term, RULE_STRUCTURED, "the OpSwitch targets with label %%%u must be "
                                  "consecutive in its list of targets (its case construct falls through)",
                                  label_id(w, b));
    }
    for (uint32_t n = 3; n < t->num_operands && !v->stop; n += 2) {
        if (ops[n].offset >= t->num_words)
            continue;
        uint32_t t1 = val_cfg_block_of_label(w, val_words(v, t)[ops[n].offset]);
        if (t1 == VAL_NONE || w->case_switch[t1] != h || w->pos_last[t1] != (n - 3) / 2)
            continue; /* only the last target with the label */
        uint32_t t2 = w->fall_to[t1], via = VAL_NONE;
        if (t2 == VAL_NONE)
            continue;
        if (w->pos_stamp[t2] != stamp && t2 == dflt) {
            via = t2;
            t2 = w->fall_to[dflt];
            if (t2 == VAL_NONE)
                continue;
        }
        if (w->pos_stamp[t2] != stamp || w->pos_first[t2] == w->pos_last[t1] + 1)
            continue;
        if (via == VAL_NONE)
            val_error(v, c->term, RULE_STRUCTURED, "the case construct %%%u branches to the case construct %%%u, so "
                      "the last OpSwitch target with label %%%u must immediately precede the first with label %%%u",
                      label_id(w, t1), label_id(w, t2), label_id(w, t1), label_id(w, t2));
        else
            val_error(v, c->term, RULE_STRUCTURED, "the case construct %%%u branches through the Default case %%%u "
                      "to the case construct %%%u, so the last OpSwitch target with label %%%u must immediately "
                      "precede the first with label %%%u", label_id(w, t1), label_id(w, via), label_id(w, t2),
                      label_id(w, t1), label_id(w, t2));
    }
}

static void check_constructs(cfg_work *w)
{
    val_state *v = w->v;
    for (uint32_t b = 0; b < w->nb; b++)
        w->mark[b] = 0; /* check_switch_order stamps it with instruction indices */
    for (uint32_t a = 0; a < w->nb && !v->stop; a++) {
        if (!val_cfg_reachable(&w->sd, a)) {
            /* The Continue Target rule holds for every block, reachable or not: a structurally
               unreachable block belongs to no loop construct. */
            for (uint32_t e = w->succ.start[a]; e < w->succ.start[a + 1] && !v->stop; e++)
                check_continue_entry(w, a, w->succ.edges[e]);
            continue;
        }
        for (uint32_t e = w->succ.start[a]; e < w->succ.start[a + 1] && !v->stop; e++) {
            uint32_t b = w->succ.edges[e];
            if (check_exit(w, a, b)) {
                check_entry(w, a, b);
                check_continue_entry(w, a, b);
            }
        }
    }
    /* Nesting: the innermost construct containing a header contains its merge block. */
    for (uint32_t h = 0; h < w->nb && !v->stop; h++) {
        uint32_t o = w->own[h], m = w->blocks[h].merge_block;
        if (o == VAL_NONE || m == VAL_NONE || w->parent[o] == VAL_NONE)
            continue;
        uint32_t s = w->parent[o];
        if (!in_construct(w, s, m))
            val_error(v, w->blocks[h].merge, RULE_STRUCTURED, "the %s construct of %%%u contains the header %%%u but "
                      "not its merge block %%%u; constructs must nest", kind_names[w->kind[s]],
                      label_id(w, w->header[s]), label_id(w, h), label_id(w, m));
    }
    for (uint32_t h = 0; h < w->nb && !v->stop; h++)
        if (w->own[h] != VAL_NONE && w->kind[w->own[h]] == CFG_SWITCH)
            check_switch_order(w, h);
}

/* ---- driver ---- */

void val_check_structured(cfg_work *w)
{
    val_state *v = w->v;
    uint32_t nb = w->nb, count = 0;
    for (uint32_t b = 0; b < nb; b++) {
        w->mark[b] = 0;
        w->back_count[b] = 0;
        w->back_block[b] = VAL_NONE;
        w->merge_owner[b] = VAL_NONE;
        w->declared[b] = 0;
    }
    for (uint32_t b = 0; b < nb; b++) {
        const cfg_block *c = &w->blocks[b];
        w->ssucc.start[b] = count;
        for (uint32_t e = w->succ.start[b]; e < w->succ.start[b + 1]; e++)
            val_cfg_add_edge(w, &w->ssucc, &count, b, w->succ.edges[e], true);
        val_cfg_add_edge(w, &w->ssucc, &count, b, c->merge_block, false);
        val_cfg_add_edge(w, &w->ssucc, &count, b, c->continue_block, false);
        if (c->merge_block != VAL_NONE)
            w->declared[c->merge_block] |= 1;
        if (c->continue_block != VAL_NONE)
            w->declared[c->continue_block] |= 2;
    }
    w->ssucc.start[nb] = count;
    val_cfg_reverse_graph(w, &w->ssucc, &w->spred, nb);
    uint32_t reached = val_cfg_depth_first(w, &w->ssucc, &w->sd, 0, nb, structured_back_edge);
    val_cfg_dominators(w, &w->spred, &w->sd, reached, 0, nb);
    if (!check_declarations(w) || v->stop)
        return;
    build_constructs(w, reached); /* before post_dominators, which reuses w->order */
    post_dominators(w);
    if (!check_post_dominance(w) || v->stop)
        return;
    check_constructs(w);
}
