/* The index dialect's C hooks (index.ops names them; index_dialect.c has them). */
#ifndef SPVK_INDEX_INTERNAL_H
#define SPVK_INDEX_INTERNAL_H

#include "spvkit/ir.h"
#include "spvkit/ir_ods.h"

bool index_is_integer_or_index(const spvk_ir_type *t);
bool index_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
spvk_ir_fold_status index_binary_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                      spvk_ir_fold_result *results);
spvk_ir_fold_status index_cmp_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                   spvk_ir_fold_result *results);
spvk_ir_fold_status index_constant_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                        spvk_ir_fold_result *results);
void index_constant_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);

/* The generated descriptions (index_ops.c, from index.ops). */
extern const spvk_ods_dialect spvk_index_ods;
extern const spvk_ods_enum spvk_index_enum_IndexCmpPredicate;

#endif
