/* The memref dialect (MLIR 19's): buffers and views of them.

   The ops are described in memref.ops (MLIR's ODS facts); until the generated description is in
   place they are registered from the table below, which gives each op its traits, effects,
   verifier, folder and result name. They print in generic form until then. */
#include <string.h>

#include "spvkit/dialects.h"
#include "memref_internal.h"

static spvk_ir_op *memref_materialize_constant(spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type);
static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self);

static const spvk_ir_dialect memref_dialect = {
    .name = "memref",
    .register_ops = register_ops,
    .materialize_constant = memref_materialize_constant,
};

const spvk_ir_dialect *spvk_memref_dialect(void) { return &memref_dialect; }

/* MLIR's memref dialect materializes its constants (dim and rank folds) as arith.constant. */
static spvk_ir_op *memref_materialize_constant(spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type)
{
    if (!value || value->kind != SPVK_ATTR_INTEGER || value->type != type)
        return NULL;
    const spvk_ir_op_def *def = spvk_ir_op_def_lookup(b->ctx, "arith.constant", 14);
    if (!def)
        return NULL;
    const char *name = "value";
    const spvk_ir_attr *attrs = spvk_ir_dictionary_attr(b->ctx, &name, &value, 1);
    if (!attrs)
        return NULL;
    spvk_ir_op_state st = {0};
    st.def = def;
    st.result_types = &type;
    st.num_results = 1;
    st.attrs = attrs;
    st.loc = b->loc;
    return spvk_ir_build(b, &st);
}

#define R SPVK_EFFECT_KNOWN | SPVK_EFFECT_READ
#define W SPVK_EFFECT_KNOWN | SPVK_EFFECT_WRITE
#define RW SPVK_EFFECT_KNOWN | SPVK_EFFECT_READ | SPVK_EFFECT_WRITE
#define PURE SPVK_TRAIT_NO_SIDE_EFFECTS
#define SEG SPVK_TRAIT_ATTR_SIZED_OPERANDS

typedef struct interim_op {
    const char *name;
    uint32_t traits;
    uint8_t effects;
    int32_t regions;
    bool (*verify)(spvk_ir_verifier *v, const spvk_ir_op *op);
    spvk_ir_fold_status (*fold)(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                spvk_ir_fold_result *results);
    const char *result_name;
    const char *const *inherent;
    uint32_t num_inherent;
} interim_op;

static const char *const alloc_props[] = {"alignment", "operandSegmentSizes"};
static const char *const load_props[] = {"nontemporal"};
static const char *const global_props[] = {"alignment", "constant", "initial_value", "sym_name", "sym_visibility", "type"};
static const char *const get_global_props[] = {"name"};
static const char *const offsets_props[] = {"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"};
static const char *const collapse_props[] = {"reassociation"};
static const char *const expand_props[] = {"reassociation", "static_output_shape"};
static const char *const rmw_props[] = {"kind"};
static const char *const align_props[] = {"alignment"};
#define PROPS(a) a, sizeof a / sizeof a[0]

static const interim_op interim_ops[] = {
    {"memref.alloc", SEG, SPVK_EFFECT_KNOWN | SPVK_EFFECT_ALLOCATE, 0, memref_alloc_verify, NULL, "alloc", PROPS(alloc_props)},
    {"memref.alloca", SEG, SPVK_EFFECT_KNOWN | SPVK_EFFECT_ALLOCATE, 0, memref_alloca_verify, NULL, "alloca",
     PROPS(alloc_props)},
    {"memref.dealloc", 0, SPVK_EFFECT_KNOWN | SPVK_EFFECT_FREE, 0, NULL, memref_fold_cast_operands, NULL, NULL, 0},
    {"memref.load", 0, R, 0, memref_load_verify, memref_load_fold, NULL, PROPS(load_props)},
    {"memref.store", 0, W, 0, memref_store_verify, memref_store_fold, NULL, PROPS(load_props)},
    {"memref.copy", 0, RW, 0, memref_copy_verify, memref_fold_cast_operands, NULL, NULL, 0},
    {"memref.cast", PURE, 0, 0, memref_cast_verify, memref_cast_fold, "cast", NULL, 0},
    {"memref.memory_space_cast", PURE, 0, 0, memref_memory_space_cast_verify, memref_memory_space_cast_fold,
     "memspacecast", NULL, 0},
    {"memref.dim", PURE, 0, 0, NULL, memref_dim_fold, "dim", NULL, 0},
    {"memref.rank", PURE, 0, 0, NULL, memref_rank_fold, NULL, NULL, 0},
    {"memref.global", SPVK_TRAIT_SYMBOL, 0, 0, memref_global_verify, NULL, NULL, PROPS(global_props)},
    {"memref.get_global", PURE, 0, 0, memref_get_global_verify, NULL, NULL, PROPS(get_global_props)},
    {"memref.view", PURE, 0, 0, memref_view_verify, NULL, "view", NULL, 0},
    {"memref.subview", PURE | SEG, 0, 0, memref_subview_verify, memref_subview_fold, "subview", PROPS(offsets_props)},
    {"memref.reinterpret_cast", PURE | SEG, 0, 0, memref_reinterpret_cast_verify, memref_reinterpret_cast_fold,
     "reinterpret_cast", PROPS(offsets_props)},
    {"memref.collapse_shape", PURE, 0, 0, memref_collapse_shape_verify, memref_reshape_like_fold, "collapse_shape",
     PROPS(collapse_props)},
    {"memref.expand_shape", PURE, 0, 0, memref_expand_shape_verify, memref_reshape_like_fold, "expand_shape",
     PROPS(expand_props)},
    {"memref.atomic_rmw", 0, RW, 0, memref_atomic_rmw_verify, memref_fold_cast_operands, NULL, PROPS(rmw_props)},
    {"memref.generic_atomic_rmw", SPVK_TRAIT_SINGLE_BLOCK, RW, 1, memref_generic_atomic_rmw_verify, NULL, NULL, NULL, 0},
    {"memref.atomic_yield", PURE | SPVK_TRAIT_TERMINATOR, 0, 0, memref_atomic_yield_verify, NULL, NULL, NULL, 0},
    {"memref.assume_alignment", 0, 0, 0, memref_assume_alignment_verify, NULL, NULL, PROPS(align_props)},
    {"memref.extract_strided_metadata", PURE, 0, 0, memref_extract_strided_metadata_verify, NULL, NULL, NULL, 0},
    {"memref.extract_aligned_pointer_as_index", PURE, 0, 0, NULL, NULL, "intptr", NULL, 0},
    {"memref.reshape", PURE, 0, 0, memref_reshape_verify, NULL, "reshape", NULL, 0},
};

#define NUM_INTERIM (sizeof interim_ops / sizeof interim_ops[0])


static void literal_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    const interim_op *d = op->def->data;
    if (d && d->result_name && op->num_results == 1)
        set_name(user, &op->results[0], d->result_name, strlen(d->result_name));
}

static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    spvk_ir_op_def *defs = spvk_ir_alloc(ctx, NUM_INTERIM * sizeof *defs);
    if (!defs)
        return false;
    memset(defs, 0, NUM_INTERIM * sizeof *defs);
    for (size_t i = 0; i < NUM_INTERIM; i++) {
        const interim_op *o = &interim_ops[i];
        spvk_ir_op_def *d = &defs[i];
        d->name = o->name;
        d->dialect = self;
        d->traits = o->traits;
        d->num_regions = o->regions;
        d->verify = o->verify;
        d->data = o;
        d->effects = o->effects;
        d->fold = o->fold;
        d->inherent_attrs = o->inherent;
        d->num_inherent_attrs = o->num_inherent;
        if (o->result_name)
            d->result_names = literal_names;
        if (strcmp(o->name, "memref.extract_strided_metadata") == 0)
            d->result_names = memref_extract_strided_metadata_names;
        if (!spvk_ir_register_op(ctx, d))
            return false;
    }
    return true;
}
