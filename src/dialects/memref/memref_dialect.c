/* The memref dialect (MLIR 19's): buffers and views of them. The ops are described in memref.ops
   (MLIR's ODS facts) and generated into memref_ops.c; their hooks are memref_verify.c,
   memref_fold.c and memref_directives.c. */
#include <string.h>

#include "spvkit/dialects.h"
#include "spvkit/ir_ods.h"
#include "memref_internal.h"

static spvk_ir_op *memref_materialize_constant(spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type);
static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self);
extern const spvk_ods_dialect spvk_memref_ods; /* memref_ops.c */

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

static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_memref_ods);
}
