/* The vector dialect's C hooks (vector.ops names them) and the helpers they share: vector types,
   the permutation maps of the transfer ops (affine maps kept as text by the IR core, read here
   as far as the vector ops need them) and static positions. */
#ifndef SPVK_VECTOR_INTERNAL_H
#define SPVK_VECTOR_INTERNAL_H

#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"
#include "../memref/memref_internal.h" /* memref types and custom<DynamicIndexList> */

/* Vector, memref and tensor ranks the hooks analyse; larger ones are refused with a message
   (MLIR has no limit, but nothing real comes near it). */
#define VECTOR_MAX_RANK 64

/* ---- Types (vector_types.c) ---- */
bool vector_is_vector(const spvk_ir_type *t);
uint32_t vector_rank(const spvk_ir_type *t);
const spvk_ir_type *vector_element(const spvk_ir_type *t);
bool vector_is_scalable(const spvk_ir_type *t); /* any dimension scalable */
/* The number of elements of a fixed vector (saturating at INT64_MAX); 1 for rank 0. */
int64_t vector_num_elements(const spvk_ir_type *t);
/* A vector type of shape/scalable flags and element; NULL when out of memory. */
const spvk_ir_type *vector_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank, uint16_t scalable,
                                const spvk_ir_type *element);
/* The bit width of a scalar (MLIR's DataLayout default: index 64), 0 for other types. */
uint32_t vector_bit_width(const spvk_ir_type *t);
/* Ranked tensor/memref shape access for the transfer ops. */
bool vector_is_ranked_shaped(const spvk_ir_type *t); /* memref or ranked tensor */
uint32_t vector_shaped_rank(const spvk_ir_type *t);
const spvk_ir_type *vector_shaped_element(const spvk_ir_type *t);

/* Type and attribute constraints vector.ops names. */
bool vector_is_non_zero_rank(const spvk_ir_type *t);
bool vector_is_fixed_length(const spvk_ir_type *t);
bool vector_is_float_vector(const spvk_ir_type *t);
bool vector_is_i1_mask(const spvk_ir_type *t);
bool vector_is_splat_input(const spvk_ir_type *t);
bool vector_is_affine_map_attr(const spvk_ir_attr *a);
bool vector_is_bool_array_attr(const spvk_ir_attr *a);

/* ---- Permutation maps ----
   A transfer op's permutation_map, as the verifier and the forms need it: its dimension and
   symbol counts and, per result, the dimension it names, or one of the codes below. */
enum {
    VECTOR_MAP_ZERO = -1,    /* the constant 0 (a broadcast dimension) */
    VECTOR_MAP_CONSTANT = -2, /* another constant */
    VECTOR_MAP_COMPLEX = -3   /* any other expression (a symbol, d0 + d1, ...) */
};
typedef struct vector_map {
    uint32_t num_dims, num_symbols, num_results;
    int32_t results[VECTOR_MAX_RANK];
} vector_map;
/* Reads an affine_map attribute's text; false when it is no affine map or is larger than
   VECTOR_MAX_RANK dimensions or results. */
bool vector_map_read(const spvk_ir_attr *a, vector_map *out);
/* The map as MLIR prints it (`affine_map<(d0, d1) -> (d1, 0)>`, dimensions renamed d0, d1, ...),
   for a map of dimensions and zeros only; false otherwise (or when it does not fit). */
bool vector_map_text(const vector_map *m, char *buf, size_t size);
/* MLIR's AffineMap::isMinorIdentity: results are the last num_results dimensions, in order. */
bool vector_map_is_minor_identity(const vector_map *m);
/* affine_map<(d0, ..., dN-1) -> (dN-K, ..., dN-1)>: the map a transfer op without a
   permutation_map has (MLIR's getTransferMinorIdentityMap). NULL when out of memory. */
const spvk_ir_attr *vector_minor_identity_map(spvk_ir_context *ctx, uint32_t num_dims, uint32_t num_results);
/* The type of a transfer op's mask: i1 shaped as the elements read before permutation and
   broadcast (MLIR's inferTransferOpMaskType). NULL when the map is not a projected permutation. */
const spvk_ir_type *vector_transfer_mask_type(spvk_ir_context *ctx, const spvk_ir_type *vector, const vector_map *m);

/* ---- Positions ---- */
/* The i64 elements of a DENSE_ARRAY attribute (false: not one, or more than max). */
bool vector_dense_i64(const spvk_ir_attr *a, int64_t *out, uint32_t max, uint32_t *count);

/* ---- Forms (vector_forms.c) ---- */
bool vector_transfer_read_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void vector_transfer_read_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool vector_transfer_write_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void vector_transfer_write_print(spvk_ir_printer *p, const spvk_ir_op *op);
void vector_shuffle_infer(spvk_ods_infer *in);
bool vector_from_elements_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void vector_from_elements_print(spvk_ir_printer *p, const spvk_ir_op *op);

/* MemoryEffectsOpInterface (vector_forms.c): a transfer reads or writes a memref; on a tensor it
   has no effect (its result is the new tensor). */
uint8_t vector_transfer_read_effects(const spvk_ir_op *op);
uint8_t vector_transfer_write_effects(const spvk_ir_op *op);

/* ---- Verifiers (vector_verify.c) ---- */
bool vector_broadcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_shuffle_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_extractelement_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_extract_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_from_elements_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_insertelement_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_insert_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_reduction_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_transfer_read_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_transfer_write_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_load_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_store_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool vector_bitcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

/* ---- Folders and patterns (vector_fold.c) ---- */
#define VECTOR_FOLDER(name)                                                                        \
    spvk_ir_fold_status name(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants, \
                             spvk_ir_fold_result *results)
VECTOR_FOLDER(vector_broadcast_fold);
VECTOR_FOLDER(vector_shuffle_fold);
VECTOR_FOLDER(vector_extractelement_fold);
VECTOR_FOLDER(vector_extract_fold);
VECTOR_FOLDER(vector_insertelement_fold);
VECTOR_FOLDER(vector_insert_fold);
VECTOR_FOLDER(vector_bitcast_fold);
VECTOR_FOLDER(vector_splat_fold);
VECTOR_FOLDER(vector_transfer_read_fold);
VECTOR_FOLDER(vector_transfer_write_fold);
bool vector_broadcast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool vector_extract_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool vector_insert_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool vector_shuffle_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool vector_from_elements_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool vector_reduction_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);

extern const struct spvk_ods_dialect spvk_vector_ods; /* vector_ops.c */

#endif
