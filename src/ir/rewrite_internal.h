/* Rewriting's private header: a pointer-keyed hash map, the frozen pattern index and the hooks
   through which a conversion takes the rewriter's changes over. */
#ifndef SPVK_REWRITE_INTERNAL_H
#define SPVK_REWRITE_INTERNAL_H

#include "spvkit/rewrite.h"
#include "ir_internal.h"

/* ---- A map from a key of one or more pointers to a pointer (open addressing, linear probing;
   key 0 is empty, tombstones keep probe chains whole). Memory through the context's allocator. */
typedef struct rw_map_slot {
    uintptr_t k[4]; /* k[0] == 0: empty; k[0] == 1: removed */
    void *value;
} rw_map_slot;

typedef struct rw_map {
    const spvk_allocator *allocator;
    rw_map_slot *slots;
    size_t capacity; /* a power of two, or 0 */
    size_t count;    /* live + removed */
    size_t live;
    bool failed;     /* out of memory once: the caller reports it */
} rw_map;

void rw_map_init(rw_map *m, const spvk_allocator *allocator);
void rw_map_free(rw_map *m);
void rw_map_clear(rw_map *m);
/* The slot of key (k1..k3 0 for a one-pointer key), or NULL. */
void *rw_map_get(const rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3);
bool rw_map_put(rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3, void *value);
void rw_map_remove(rw_map *m, uintptr_t k0, uintptr_t k1, uintptr_t k2, uintptr_t k3);

/* A growable array of pointers. */
typedef struct rw_vec {
    const spvk_allocator *allocator;
    void **items;
    size_t count, capacity;
    bool failed;
} rw_vec;
void rw_vec_init(rw_vec *v, const spvk_allocator *allocator);
void rw_vec_free(rw_vec *v);
bool rw_vec_push(rw_vec *v, void *item);

/* ---- The patterns that apply to one op def, best first ---- */
typedef struct rw_pattern_list {
    const spvk_pattern *const *items;
    uint32_t count;
} rw_pattern_list;

/* Per-driver index of a pattern set by op def, filled on first use of each def. */
typedef struct rw_pattern_index {
    const spvk_pattern_set *set;
    rw_map by_def; /* def -> rw_pattern_list* */
    const char **roots; /* the interned root name of each pattern (NULL: any) */
} rw_pattern_index;

bool rw_pattern_index_init(rw_pattern_index *ix, const spvk_pattern_set *set);
void rw_pattern_index_free(rw_pattern_index *ix);
/* NULL when out of memory; an empty list when none apply. */
const rw_pattern_list *rw_pattern_index_lookup(rw_pattern_index *ix, spvk_ir_context *ctx, const spvk_ir_op_def *def);
const spvk_pattern *rw_pattern_set_at(const spvk_pattern_set *set, size_t i);

/* ---- Conversion's hold on the rewriter: when rw->driver is set, it points at a struct whose
   first member is this, and every change goes through it. ---- */
typedef struct rw_hooks {
    spvk_ir_op *(*create)(spvk_rewriter *rw, const spvk_ir_op_state *state);
    void (*replace_op)(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values);
    void (*erase_op)(spvk_rewriter *rw, spvk_ir_op *op);
    void (*erase_block)(spvk_rewriter *rw, spvk_ir_block *block);
    void (*replace_all_uses)(spvk_rewriter *rw, spvk_ir_value *from, spvk_ir_value *to);
    void (*start_modification)(spvk_rewriter *rw, spvk_ir_op *op);
    void (*move_op_before)(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *anchor);
    void (*inline_region_before)(spvk_rewriter *rw, spvk_ir_region *region, spvk_ir_region *dest,
                                 spvk_ir_block *before);
    void (*inline_block_before)(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest, spvk_ir_op *before,
                                spvk_ir_value *const *args);
    spvk_ir_block *(*split_block)(spvk_rewriter *rw, spvk_ir_op *op);
} rw_hooks;

static inline const rw_hooks *rw_hooks_of(const spvk_rewriter *rw)
{
    return rw->driver ? *(const rw_hooks *const *)rw->driver : NULL;
}

/* The operand number of use u in its owner. */
static inline uint32_t rw_use_index(const spvk_ir_use *u) { return (uint32_t)(u - u->owner->operands); }

/* Drops every use of v (the users' operands become NULL): for values of erased unreachable blocks. */
void rw_value_drop_uses(spvk_ir_value *v);

/* Region simplification (greedy_driver.c): unreachable blocks and dead code. true when changed.
   scratch_clear: every op's scratch is 0 already (else they are cleared first). */
bool rw_simplify_regions(spvk_rewriter *rw, spvk_ir_region *regions, uint32_t count, bool merge_blocks,
                         bool scratch_clear, bool *oom);

#endif
