/* The vector dialect (MLIR 19's): n-D vector values, their element access, shuffles,
   reductions, and transfers to and from memory. The ops are described in vector.ops (MLIR's
   ODS facts) and generated into vector_ops.c; their hooks are vector_forms.c, vector_verify.c
   and vector_fold.c; #vector.kind<...> is the table's CombiningKind enum. */
#include "spvkit/dialects.h"
#include "spvkit/ir_ods.h"
#include "vector_internal.h"
#include "../arith/arith_internal.h"

static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_vector_ods);
}

static const spvk_ir_attr *parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    const char *name = NULL;
    size_t length = 0;
    spvk_ir_parser_peek_identifier(p, &name, &length);
    bool handled;
    const spvk_ir_attr *a = spvk_ods_parse_enum_attr(p, &spvk_vector_ods, &handled);
    if (!handled && name) /* mlir-opt-19's words for a mnemonic the dialect does not have */
        spvk_ir_parser_error(p, "unknown attribute `%.*s` in dialect `vector`", (int)length, name);
    return handled ? a : NULL;
}

static void print_attr(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    (void)spvk_ods_print_enum_attr(p, &spvk_vector_ods, a);
}

static const spvk_ir_dialect vector_dialect = {
    .name = "vector",
    .register_ops = register_ops,
    .parse_attr = parse_attr,
    .print_attr = print_attr,
    .materialize_constant = arith_materialize_constant, /* MLIR's vector dialect: arith.constant */
};

const spvk_ir_dialect *spvk_vector_dialect(void) { return &vector_dialect; }
