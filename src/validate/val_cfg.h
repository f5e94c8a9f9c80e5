/* The control-flow family's private header: the per-function graphs and dominator trees that
   val_cfg.c builds and val_structured.c (the structured control-flow rules of Shader modules)
   reads. Everything is indexed by block number (the order of the function's OpLabels). */
#ifndef SPVK_VAL_CFG_H
#define SPVK_VAL_CFG_H

#include "val_internal.h"

typedef struct cfg_block {
    uint32_t label; /* instruction index of its OpLabel */
    uint32_t term;  /* of its terminator; VAL_NONE when it has none */
    uint32_t merge; /* of its merge instruction; VAL_NONE when none */
    uint32_t merge_block, continue_block; /* block indices; VAL_NONE when none or not a label */
} cfg_block;

/* Adjacency in compressed rows: the edges of node b are edges[start[b] .. start[b + 1]). */
typedef struct cfg_graph {
    uint32_t *start, *edges;
    uint8_t *branch; /* structured graph only: whether the edge is a branch edge */
} cfg_graph;

/* Dominators of one graph. po: postorder number, VAL_NONE when unreachable; pre, post: the
   dominator tree's numbering, for O(1) dominance queries. */
typedef struct cfg_dom {
    uint32_t *po, *idom, *pre, *post;
} cfg_dom;

/* One structured control-flow construct (SPIR-V 2.11.2). */
typedef enum cfg_kind { CFG_SELECTION, CFG_SWITCH, CFG_LOOP, CFG_CONTINUE, CFG_CASE } cfg_kind;

/* Scratch for one function at a time, sized for the largest function (nodes: its blocks plus
   one, the virtual exit of the post-dominator tree). */
typedef struct cfg_work {
    val_state *v;
    uint32_t *inst_block; /* per instruction of the module: its block (in its function), or VAL_NONE */
    uint32_t fn;          /* the current function */
    uint32_t return_type; /* 0 when unknown */
    cfg_block *blocks;
    uint32_t nb;
    cfg_graph succ, pred, ssucc, spred, rsucc, rpred; /* rsucc/rpred: reversed structured graph + exit */
    cfg_dom d, sd, pd; /* dominators, structured dominators, structured post-dominators */
    uint32_t *order, *stack_b, *stack_e, *state, *child_start, *child, *mark, *mark2, *back_count, *back_block,
        *merge_owner;
    uint8_t *declared; /* per block: 1 declared merge block, 2 declared Continue Target */
    /* Constructs (val_structured.c): per construct c, its kind, header block, origin (the loop
       header of a continue construct, the switch header of a case, else the header), parent (the
       innermost construct containing its header, VAL_NONE at function level), depth, and the
       innermost loop, switch, continue and case constructs among c and its ancestors. */
    uint8_t *kind;
    uint32_t *header, *origin, *parent, *depth, *loop_of, *switch_of, *continue_of, *case_of;
    uint32_t num_constructs;
    /* Per block: its innermost construct; the construct it heads (selection, switch or loop);
       the continue construct of a loop header; the switch header whose case it heads
       of that case; its fall-through target and origin between cases; its first and last
       position among an OpSwitch's targets (valid where pos_stamp holds the OpSwitch's index + 1). */
    uint32_t *inner, *own, *cont, *case_switch, *fall_to, *fall_from, *pos_first, *pos_last, *pos_stamp;
    uint32_t *back_loop, *continue_loop; /* the loop whose back-edge block / Continue Target it is */
    uint32_t *pool;
    size_t pool_words;
    uint8_t *bytes;
    size_t num_bytes;
} cfg_work;

static inline uint32_t val_cfg_label_id(const cfg_work *w, uint32_t b)
{
    return w->v->insts[w->blocks[b].label].result_id;
}
static inline bool val_cfg_reachable(const cfg_dom *d, uint32_t b) { return d->po[b] != VAL_NONE; }
/* Whether a dominates b in d's tree; both reachable. */
static inline bool val_cfg_dominates(const cfg_dom *d, uint32_t a, uint32_t b)
{
    return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}

/* The block of the OpLabel id in the current function, or VAL_NONE. */
uint32_t val_cfg_block_of_label(const cfg_work *w, uint32_t id);
/* Appends edge b -> t to g's row of b (being built, *count its end) unless the row has it. */
void val_cfg_add_edge(cfg_work *w, cfg_graph *g, uint32_t *count, uint32_t b, uint32_t t, bool branch);
/* r = g reversed, over n nodes. */
void val_cfg_reverse_graph(const cfg_work *w, const cfg_graph *g, cfg_graph *r, uint32_t n);
/* Depth-first search of g (n nodes) from root: postorder into d->po and w->order; each branch
   edge to a node on the search's stack is passed to back_edge (when not NULL). Returns the
   number of nodes reached. */
uint32_t val_cfg_depth_first(cfg_work *w, const cfg_graph *g, cfg_dom *d, uint32_t root, uint32_t n,
                             void (*back_edge)(cfg_work *, uint32_t, uint32_t));
/* The dominator tree of the graph whose predecessors are pred, after val_cfg_depth_first. */
void val_cfg_dominators(cfg_work *w, const cfg_graph *pred, cfg_dom *d, uint32_t reached, uint32_t root, uint32_t n);

/* SPIR-V 2.16.2 and 2.11 over the current function (val_structured.c). */
void val_check_structured(cfg_work *w);

#endif
