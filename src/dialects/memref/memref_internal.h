/* The memref dialect's C hooks: what its table (memref.ops) names beside the generated checks,
   and the memref-type helpers the vector dialect shares. */
#ifndef SPVK_MEMREF_INTERNAL_H
#define SPVK_MEMREF_INTERNAL_H

#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

/* Layout analysis works on ranks up to this (larger memrefs are accepted without the layout
   checks that need strides). */
#define MEMREF_MAX_RANK 64

/* ---- Types ---- */
bool memref_is_memref(const spvk_ir_type *t); /* ranked or unranked */
bool memref_is_ranked(const spvk_ir_type *t);
bool memref_is_unranked(const spvk_ir_type *t);
uint32_t memref_rank(const spvk_ir_type *t);
const spvk_ir_type *memref_element(const spvk_ir_type *t);
const spvk_ir_attr *memref_layout(const spvk_ir_type *t); /* NULL: identity */
const spvk_ir_attr *memref_space(const spvk_ir_type *t);  /* NULL: default */
uint32_t memref_num_dynamic_dims(const spvk_ir_type *t);
bool memref_has_static_shape(const spvk_ir_type *t);
/* MLIR's MemRefLayoutAttrInterface::isIdentity. */
bool memref_layout_is_identity(const spvk_ir_type *t);
/* An affine map layout we do not analyse (so checks that need strides are skipped). */
bool memref_layout_is_affine_map(const spvk_ir_type *t);
const spvk_ir_type *memref_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank, const spvk_ir_type *elem,
                                const spvk_ir_attr *layout, const spvk_ir_attr *space);
/* The tensor type of a memref's shape and element (memref.global's initial value). */
const spvk_ir_type *memref_tensor_of(spvk_ir_context *ctx, const spvk_ir_type *memref);

/* Type and attribute constraints memref.ops names. */
bool memref_is_non0_ranked_or_unranked(const spvk_ir_type *t);
bool memref_is_strided(const spvk_ir_type *t);
bool memref_is_strided_rank0(const spvk_ir_type *t);
bool memref_is_static_shape(const spvk_ir_type *t);
bool memref_is_rank1_i8(const spvk_ir_type *t);
bool memref_is_rank1(const spvk_ir_type *t);
bool memref_is_rank1_int_or_index(const spvk_ir_type *t);
bool memref_is_of_int_or_float(const spvk_ir_type *t);
bool memref_is_signless_int_or_float(const spvk_ir_type *t);
bool memref_is_non_negative_i64_attr(const spvk_ir_attr *a);
bool memref_is_positive_i32_attr(const spvk_ir_attr *a);
bool memref_is_index_list_array_attr(const spvk_ir_attr *a);
bool memref_is_memref_type_attr(const spvk_ir_attr *a);

/* ---- Ops ---- */
/* Operand group `group` of an AttrSizedOperandSegments op: false when operandSegmentSizes is bad. */
bool memref_segment(const spvk_ir_op *op, uint32_t group, uint32_t *first, uint32_t *count);
/* The i64 elements of a DENSE_ARRAY attribute (NULL or another kind: false). */
bool memref_dense_i64(const spvk_ir_attr *a, int64_t *out, uint32_t max, uint32_t *count);
/* Is v an index constant (an op with a `value` integer attribute that is constant-like)? */
bool memref_constant_index(const spvk_ir_value *v, int64_t *out);

/* Verifiers */
bool memref_alloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_alloca_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_load_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_store_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_copy_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_global_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_get_global_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_view_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_subview_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_reinterpret_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_collapse_shape_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_expand_shape_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_atomic_rmw_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_generic_atomic_rmw_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_atomic_yield_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_assume_alignment_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_extract_strided_metadata_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_memory_space_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_reshape_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool memref_realloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

/* Result names */
void memref_extract_strided_metadata_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);

/* Folders */
spvk_ir_fold_status memref_dim_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                    spvk_ir_fold_result *results);
spvk_ir_fold_status memref_rank_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results);
spvk_ir_fold_status memref_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results);
/* load, store (the stored value excluded), dealloc, copy, atomic_rmw: a memref.cast that only
   forgets static facts folds into them (MLIR's foldMemRefCast). */
spvk_ir_fold_status memref_fold_cast_operands(spvk_ir_context *ctx, spvk_ir_op *op,
                                              const spvk_ir_attr *const *operand_constants,
                                              spvk_ir_fold_result *results);
spvk_ir_fold_status memref_load_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                     spvk_ir_fold_result *results);
spvk_ir_fold_status memref_store_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                      spvk_ir_fold_result *results);
spvk_ir_fold_status memref_subview_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                        const spvk_ir_attr *const *operand_constants, spvk_ir_fold_result *results);
spvk_ir_fold_status memref_reinterpret_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                                 const spvk_ir_attr *const *operand_constants,
                                                 spvk_ir_fold_result *results);
spvk_ir_fold_status memref_reshape_like_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                             const spvk_ir_attr *const *operand_constants,
                                             spvk_ir_fold_result *results);
spvk_ir_fold_status memref_memory_space_cast_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                                  const spvk_ir_attr *const *operand_constants,
                                                  spvk_ir_fold_result *results);
/* Canonicalization patterns (memref_canonicalize.c) */
bool memref_alloc_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool memref_alloca_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool memref_copy_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool memref_view_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);

/* Custom directives and forms (memref_directives.c); DynamicIndexList is vector's too. */
bool memref_dynamic_index_list_parse(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args,
                                     uint32_t num_args);
void memref_dynamic_index_list_print(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                                     const spvk_ods_element *args, uint32_t num_args);
bool memref_global_type_and_initial_value_parse(spvk_ir_parser *p, spvk_ods_custom_state *s,
                                                const spvk_ods_element *args, uint32_t num_args);
void memref_global_type_and_initial_value_print(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                                                const spvk_ods_element *args, uint32_t num_args);
bool memref_generic_atomic_rmw_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void memref_generic_atomic_rmw_print(spvk_ir_printer *p, const spvk_ir_op *op);

/* The cast compatibility rule of memref.cast (MLIR's CastOp::areCastCompatible). */
bool memref_cast_compatible(const spvk_ir_type *a, const spvk_ir_type *b);

#endif
