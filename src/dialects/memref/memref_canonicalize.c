/* The memref ops' canonicalization patterns, as MLIR 19 has them (MemRefOps.cpp), named by MLIR's
   pattern names (what `disable-patterns` takes):

   - alloc / alloca: SimplifyAllocConst (dynamic sizes given by non-negative index constants
     become static dimensions; a memref.cast gives back the old type) and SimplifyDeadAlloc (an
     allocation only stored into and deallocated goes, with those stores and deallocs);
   - copy: FoldSelfCopy (a copy of a memref onto itself goes);
   - view: ViewOpShapeFolder (constant sizes become static, then a cast) and
     ViewOpMemrefCastFolder (a view of a cast of an alloc views the alloc).

   The rest of MLIR's memref canonicalization is folds (memref_fold.c). Not here:
   subview's and collapse/expand_shape's patterns, which need the strided-layout result types
   MLIR infers for them (docs/passes.md). */
#include <string.h>

#include "memref_internal.h"
#include "spvkit/rewrite.h"

static bool op_is(const spvk_ir_op *op, const char *name) { return op && strcmp(spvk_ir_op_name(op), name) == 0; }

/* An arith.constant of index type (MLIR's arith::ConstantIndexOp), its value in *out. */
static bool constant_index_op(const spvk_ir_value *v, int64_t *out)
{
    const spvk_ir_op *d = v ? v->defining_op : NULL;
    if (!op_is(d, "arith.constant") || v->type->kind != SPVK_TYPE_INDEX || v->type->dialect)
        return false;
    return memref_constant_index(v, out);
}

/* A memref.cast of `value` to `type`, just made at the insertion point. */
static spvk_ir_op *create_cast(spvk_rewriter *rw, spvk_ir_value *value, const spvk_ir_type *type,
                               const spvk_ir_attr *loc)
{
    spvk_ir_op_state s = {.name = "memref.cast", .operands = &value, .num_operands = 1, .result_types = &type,
                          .num_results = 1, .loc = loc};
    return spvk_rewriter_create(rw, &s);
}

/* The operands of op and their count. */
typedef struct operand_list {
    spvk_ir_value **values;
    uint32_t count;
    spvk_ir_value *small[16];
} operand_list;

static bool operand_list_init(spvk_rewriter *rw, operand_list *l, uint32_t capacity)
{
    l->count = 0;
    l->values = l->small;
    if (capacity > 16 && !(l->values = spvk_ir_alloc(rw->ctx, (size_t)capacity * sizeof *l->values)))
        return false;
    return true;
}

/* ---- alloc, alloca ---- */

/* SimplifyAllocConst: `memref.alloc(%c4, %n) : memref<?x?xf32>` -> `memref.alloc(%n) :
   memref<4x?xf32>` and a cast back. Only non-negative constants fold (a negative size is left for
   the verifier of the program's run, as MLIR leaves it). */
static bool simplify_alloc_const(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    const spvk_ir_type *t = op->num_results == 1 ? op->results[0].type : NULL;
    uint32_t first, count, sym_first, sym_count;
    if (!t || !memref_is_ranked(t) || !memref_segment(op, 0, &first, &count) ||
        !memref_segment(op, 1, &sym_first, &sym_count))
        return false;
    uint32_t rank = memref_rank(t);
    if (rank > MEMREF_MAX_RANK || count != memref_num_dynamic_dims(t))
        return false;
    bool any = false;
    for (uint32_t i = 0; i < count; i++) {
        int64_t c;
        if (memref_constant_index(op->operands[first + i].value, &c) && c >= 0)
            any = true;
    }
    if (!any)
        return false;
    int64_t shape[MEMREF_MAX_RANK];
    operand_list ops;
    if (!operand_list_init(rw, &ops, count + sym_count))
        return false;
    uint32_t k = 0;
    for (uint32_t d = 0; d < rank; d++) {
        shape[d] = t->ints[d];
        if (t->ints[d] != SPVK_DYNAMIC)
            continue;
        spvk_ir_value *size = op->operands[first + k++].value;
        int64_t c;
        if (memref_constant_index(size, &c) && c >= 0)
            shape[d] = c;
        else
            ops.values[ops.count++] = size;
    }
    uint32_t num_sizes = ops.count;
    for (uint32_t i = 0; i < sym_count; i++)
        ops.values[ops.count++] = op->operands[sym_first + i].value;
    const spvk_ir_type *new_type =
        memref_type(rw->ctx, shape, rank, memref_element(t), memref_layout(t), memref_space(t));
    if (!new_type)
        return false;
    spvk_ir_op_state s = {.def = op->def, .operands = ops.values, .num_operands = ops.count,
                          .result_types = &new_type, .num_results = 1, .attrs = op->attrs, .loc = op->loc};
    const int64_t segments[2] = {num_sizes, sym_count};
    const spvk_ir_attr *seg = spvk_ir_dense_int_array_attr(rw->ctx, spvk_ir_integer_type(rw->ctx, 32, 0), segments, 2);
    if (!seg)
        return false;
    spvk_ir_op *alloc = spvk_rewriter_create(rw, &s);
    if (!alloc)
        return false;
    spvk_rewriter_set_attr(rw, alloc, "operandSegmentSizes", seg);
    spvk_ir_op *cast = create_cast(rw, &alloc->results[0], t, op->loc);
    if (!cast) {
        spvk_rewriter_erase_op(rw, alloc);
        return false;
    }
    spvk_rewriter_replace_op_with_op(rw, op, cast);
    return true;
}

/* SimplifyDeadAlloc: an allocation whose every user is a store into it (not of it) or a dealloc
   is never read: it goes with its users. */
static bool simplify_dead_alloc(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_results != 1)
        return false;
    spvk_ir_value *m = &op->results[0];
    for (const spvk_ir_use *u = m->first_use; u; u = u->next) {
        if (op_is(u->owner, "memref.store")) {
            if (u->owner->num_operands && u->owner->operands[0].value == m)
                return false;
        } else if (!op_is(u->owner, "memref.dealloc")) {
            return false;
        }
    }
    while (m->first_use)
        spvk_rewriter_erase_op(rw, m->first_use->owner);
    spvk_rewriter_erase_op(rw, op);
    return true;
}

bool memref_alloc_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern c = {.root = "memref.alloc", .benefit = 1, .match_and_rewrite = simplify_alloc_const,
                      .debug_name = "SimplifyAllocConst<mlir::memref::AllocOp>"};
    spvk_pattern d = {.root = "memref.alloc", .benefit = 1, .match_and_rewrite = simplify_dead_alloc,
                      .debug_name = "SimplifyDeadAlloc<mlir::memref::AllocOp>"};
    return spvk_pattern_set_add(set, &c) && spvk_pattern_set_add(set, &d);
}

bool memref_alloca_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern c = {.root = "memref.alloca", .benefit = 1, .match_and_rewrite = simplify_alloc_const,
                      .debug_name = "SimplifyAllocConst<mlir::memref::AllocaOp>"};
    spvk_pattern d = {.root = "memref.alloca", .benefit = 1, .match_and_rewrite = simplify_dead_alloc,
                      .debug_name = "SimplifyDeadAlloc<mlir::memref::AllocaOp>"};
    return spvk_pattern_set_add(set, &c) && spvk_pattern_set_add(set, &d);
}

/* ---- copy ---- */

/* FoldSelfCopy: copying a memref onto itself changes nothing. */
static bool fold_self_copy(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_operands != 2 || op->operands[0].value != op->operands[1].value)
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

bool memref_copy_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "memref.copy", .benefit = 1, .match_and_rewrite = fold_self_copy,
                      .debug_name = "FoldSelfCopy"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- view ---- */

/* ViewOpShapeFolder: sizes given by index constants become static dimensions of the view, and a
   cast gives back the old type. (MLIR tries it when any operand, the byte shift included, is an
   index constant, and gives up when the type would not change.) */
static bool view_shape_folder(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    const spvk_ir_type *t = op->num_results == 1 ? op->results[0].type : NULL;
    if (!t || !memref_is_ranked(t) || op->num_operands < 2 || !memref_layout_is_identity(t))
        return false;
    uint32_t rank = memref_rank(t), count = op->num_operands - 2;
    if (rank > MEMREF_MAX_RANK || count != memref_num_dynamic_dims(t))
        return false;
    int64_t shape[MEMREF_MAX_RANK];
    operand_list ops;
    if (!operand_list_init(rw, &ops, op->num_operands))
        return false;
    ops.values[ops.count++] = op->operands[0].value;
    ops.values[ops.count++] = op->operands[1].value;
    bool changed = false;
    uint32_t k = 0;
    for (uint32_t d = 0; d < rank; d++) {
        shape[d] = t->ints[d];
        if (t->ints[d] != SPVK_DYNAMIC)
            continue;
        spvk_ir_value *size = op->operands[2 + k++].value;
        int64_t c;
        if (constant_index_op(size, &c)) {
            shape[d] = c;
            changed = true;
        } else {
            ops.values[ops.count++] = size;
        }
    }
    if (!changed)
        return false;
    const spvk_ir_type *new_type =
        memref_type(rw->ctx, shape, rank, memref_element(t), memref_layout(t), memref_space(t));
    if (!new_type)
        return false;
    spvk_ir_op_state s = {.def = op->def, .operands = ops.values, .num_operands = ops.count,
                          .result_types = &new_type, .num_results = 1, .attrs = op->attrs, .loc = op->loc};
    spvk_ir_op *view = spvk_rewriter_create(rw, &s);
    if (!view)
        return false;
    spvk_ir_op *cast = create_cast(rw, &view->results[0], t, op->loc);
    if (!cast) {
        spvk_rewriter_erase_op(rw, view);
        return false;
    }
    spvk_rewriter_replace_op_with_op(rw, op, cast);
    return true;
}

/* ViewOpMemrefCastFolder: a view of a cast of an alloc is a view of the alloc. */
static bool view_memref_cast_folder(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    if (op->num_operands < 2)
        return false;
    const spvk_ir_op *cast = op->operands[0].value->defining_op;
    if (!op_is(cast, "memref.cast") || cast->num_operands != 1 || !op_is(cast->operands[0].value->defining_op, "memref.alloc"))
        return false;
    spvk_rewriter_set_operand(rw, op, 0, cast->operands[0].value);
    return true;
}

bool memref_view_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern shape = {.root = "memref.view", .benefit = 1, .match_and_rewrite = view_shape_folder,
                          .debug_name = "ViewOpShapeFolder"};
    spvk_pattern cast = {.root = "memref.view", .benefit = 1, .match_and_rewrite = view_memref_cast_folder,
                         .debug_name = "ViewOpMemrefCastFolder"};
    return spvk_pattern_set_add(set, &shape) && spvk_pattern_set_add(set, &cast);
}
