/* The arith dialect's C side: the hooks arith.ops names (verifiers, folders, canonicalization
   patterns, result names, select's custom form) and the constant-folding helpers that the math
   dialect shares (math_fold.c folds through them too, as MLIR's CommonFolders.h serves both). */
#ifndef SPVK_ARITH_INTERNAL_H
#define SPVK_ARITH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "spvkit/ir.h"

/* ---- Enum values (ArithBase.td) ---- */
enum {
    ARITH_CMPI_EQ = 0, ARITH_CMPI_NE, ARITH_CMPI_SLT, ARITH_CMPI_SLE, ARITH_CMPI_SGT, ARITH_CMPI_SGE,
    ARITH_CMPI_ULT, ARITH_CMPI_ULE, ARITH_CMPI_UGT, ARITH_CMPI_UGE
};
enum {
    ARITH_CMPF_FALSE = 0, ARITH_CMPF_OEQ, ARITH_CMPF_OGT, ARITH_CMPF_OGE, ARITH_CMPF_OLT, ARITH_CMPF_OLE,
    ARITH_CMPF_ONE, ARITH_CMPF_ORD, ARITH_CMPF_UEQ, ARITH_CMPF_UGT, ARITH_CMPF_UGE, ARITH_CMPF_ULT,
    ARITH_CMPF_ULE, ARITH_CMPF_UNE, ARITH_CMPF_UNO, ARITH_CMPF_TRUE
};
enum { ARITH_FM_NNAN = 2, ARITH_FM_NSZ = 8, ARITH_FM_CONTRACT = 32 };
enum { ARITH_OVF_NSW = 1, ARITH_OVF_NUW = 2 };

/* The integer value of an enum attribute (an i32/i64 integer or a dialect enum attribute); dflt
   when absent. */
int64_t arith_enum_attr_value(const spvk_ir_attr *a, int64_t dflt);
/* Whether op is the named operation ("arith.subi"); NULL op: false. */
bool arith_op_is(const spvk_ir_op *op, const char *name);
/* MLIR's getElementTypeOrSelf: the element type of a vector, tensor or memref, else t. */
const spvk_ir_type *arith_element_type(const spvk_ir_type *t);
/* The op that defines v, or NULL for a block argument. */
spvk_ir_op *arith_def(const spvk_ir_value *v);

/* ---- Constants seen element-wise (MLIR's IntegerAttr / FloatAttr / DenseElementsAttr) ---- */
typedef struct arith_elems {
    const spvk_ir_attr *attr;
    const spvk_ir_type *type;          /* the constant's type: scalar, vector or tensor */
    const spvk_ir_attr *const *items;  /* the elements (one when splat or scalar) */
    uint32_t count;                    /* elements held in items */
    bool shaped;                       /* a dense elements attribute */
    bool splat;
} arith_elems;
bool arith_elems_of(const spvk_ir_attr *a, arith_elems *out);

/* Integers up to 64 bits are computed on the bits, masked to the width (index: 64). */
bool arith_int_width(const spvk_ir_type *scalar, uint32_t *width); /* false: not an integer/index or wider than 64 */
uint64_t arith_mask(uint32_t width);
int64_t arith_sext(uint64_t bits, uint32_t width);
/* An integer element's bits (INTEGER or BOOL attribute); false when it is neither. */
bool arith_int_bits(const spvk_ir_attr *a, uint32_t width, uint64_t *bits);
/* An integer (or i1: bool) attribute of scalar type t with these bits. */
const spvk_ir_attr *arith_int_attr(spvk_ir_context *ctx, const spvk_ir_type *t, uint64_t bits);
/* Floats: types whose arithmetic this file does exactly (f16, bf16, tf32, f32, f64, f8E5M2). */
bool arith_float_foldable(const spvk_ir_type *scalar);
/* v rounded (to nearest, ties to even) into float type t. */
double arith_round_float(const spvk_ir_type *t, double v);
/* Significand bits with the hidden one (MLIR's FloatType::getFPMantissaWidth) of a foldable type. */
int arith_float_precision(const spvk_ir_type *t);
/* APFloat::convertFromAPInt to nearest even into float type t, rounding on the integer itself. */
double arith_int_to_float(const spvk_ir_type *t, uint64_t bits, uint32_t width, bool is_signed);
/* The quiet NaN APFloat makes for an invalid operation (positive, no payload). */
double arith_default_nan(const spvk_ir_type *t);
/* A NaN operand quieted, its sign and payload kept. */
double arith_quiet_nan(const spvk_ir_type *t, double nan);

/* Element functions: compute *out from the inputs, or return false to fail the whole fold. */
typedef bool (*arith_int_unary_fn)(uint64_t a, uint32_t width, uint64_t *out, void *user);
typedef bool (*arith_int_binary_fn)(uint64_t a, uint64_t b, uint32_t width, uint64_t *out, void *user);
typedef bool (*arith_float_unary_fn)(const spvk_ir_type *t, double a, double *out, void *user);
typedef bool (*arith_float_binary_fn)(const spvk_ir_type *t, double a, double b, double *out, void *user);
/* Any element function over attributes (casts and compares, whose result elements differ). */
typedef const spvk_ir_attr *(*arith_elem_fn)(spvk_ir_context *ctx, const spvk_ir_type *result_scalar,
                                             const spvk_ir_attr *const *in, void *user);

/* MLIR's constFoldUnaryOp / constFoldBinaryOp / constFoldCastOp: scalars with scalars, splats
   with splats, dense with dense (elementwise); result_type the op's result type. NULL when the
   operands are not all constants of one form or an element function failed. */
const spvk_ir_attr *arith_fold_elementwise(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                           const spvk_ir_attr *const *operands, uint32_t num_operands,
                                           arith_elem_fn fn, void *user);
const spvk_ir_attr *arith_fold_int_unary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                         const spvk_ir_attr *a, arith_int_unary_fn fn, void *user);
const spvk_ir_attr *arith_fold_int_binary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                          const spvk_ir_attr *a, const spvk_ir_attr *b, arith_int_binary_fn fn,
                                          void *user);
const spvk_ir_attr *arith_fold_float_unary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                           const spvk_ir_attr *a, arith_float_unary_fn fn, void *user);
const spvk_ir_attr *arith_fold_float_binary(spvk_ir_context *ctx, const spvk_ir_type *result_type,
                                            const spvk_ir_attr *a, const spvk_ir_attr *b, arith_float_binary_fn fn,
                                            void *user);

/* m_Zero / m_One / m_AllOnes on a constant (scalar or splat); floats: exact value tests. */
bool arith_is_int_splat(const spvk_ir_attr *a, uint64_t *bits, uint32_t *width);
bool arith_is_zero_int(const spvk_ir_attr *a);
bool arith_is_one_int(const spvk_ir_attr *a);
bool arith_is_all_ones(const spvk_ir_attr *a);
bool arith_is_float_splat(const spvk_ir_attr *a, double *value);
/* The zero of type t (scalar: integer/float; static vector/tensor: a splat); NULL otherwise. */
const spvk_ir_attr *arith_zero_attr(spvk_ir_context *ctx, const spvk_ir_type *t);
/* true/false of an i1 type or a splat of its shape; NULL for a dynamic shape. */
const spvk_ir_attr *arith_bool_attr(spvk_ir_context *ctx, const spvk_ir_type *t, bool value);
/* The i1 type of t's shape (MLIR's getI1SameShape). */
const spvk_ir_type *arith_i1_same_shape(spvk_ir_context *ctx, const spvk_ir_type *t);

/* Fold results: one attribute or one value. */
spvk_ir_fold_status arith_fold_attr(spvk_ir_fold_result *results, const spvk_ir_attr *a);
spvk_ir_fold_status arith_fold_value(spvk_ir_fold_result *results, spvk_ir_value *v);

/* ---- Type and attribute constraints (arith.ops) ---- */
bool arith_is_signless_fixed_int_like(const spvk_ir_type *t);
bool arith_is_index_cast_type(const spvk_ir_type *t);
bool arith_is_bitcast_type(const spvk_ir_type *t);
bool arith_is_typed_attr(const spvk_ir_attr *a);

/* ---- Verifiers (arith_verify.c) ---- */
bool arith_constant_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_extui_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_extsi_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_extf_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_trunci_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_truncf_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_int_float_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_index_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_bitcast_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_compare_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool arith_select_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
/* SameOperandsAndResultShape as MLIR words it, for math.fpowi too. */
bool arith_verify_same_shape(spvk_ir_verifier *v, const spvk_ir_op *op);
/* OpTrait::Elementwise's check, as MLIR words it. */
bool arith_verify_elementwise(spvk_ir_verifier *v, const spvk_ir_op *op);

/* ---- select's custom form (arith_dialect.c) ---- */
bool arith_select_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void arith_select_print(spvk_ir_printer *p, const spvk_ir_op *op);

/* ---- Result names (arith_dialect.c) ---- */
void arith_constant_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
void arith_muli_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
void arith_extended_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);

/* ---- Folders (arith_fold.c) ---- */
#define ARITH_FOLDER(name)                                                                                    \
    spvk_ir_fold_status name(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants, \
                             spvk_ir_fold_result *results)
ARITH_FOLDER(arith_constant_fold);
ARITH_FOLDER(arith_addi_fold);
ARITH_FOLDER(arith_subi_fold);
ARITH_FOLDER(arith_muli_fold);
ARITH_FOLDER(arith_shli_fold);
ARITH_FOLDER(arith_addui_extended_fold);
ARITH_FOLDER(arith_mulsi_extended_fold);
ARITH_FOLDER(arith_mului_extended_fold);
ARITH_FOLDER(arith_divui_fold);
ARITH_FOLDER(arith_divsi_fold);
ARITH_FOLDER(arith_ceildivui_fold);
ARITH_FOLDER(arith_ceildivsi_fold);
ARITH_FOLDER(arith_floordivsi_fold);
ARITH_FOLDER(arith_remui_fold);
ARITH_FOLDER(arith_remsi_fold);
ARITH_FOLDER(arith_andi_fold);
ARITH_FOLDER(arith_ori_fold);
ARITH_FOLDER(arith_xori_fold);
ARITH_FOLDER(arith_shrui_fold);
ARITH_FOLDER(arith_shrsi_fold);
ARITH_FOLDER(arith_maxsi_fold);
ARITH_FOLDER(arith_maxui_fold);
ARITH_FOLDER(arith_minsi_fold);
ARITH_FOLDER(arith_minui_fold);
ARITH_FOLDER(arith_negf_fold);
ARITH_FOLDER(arith_addf_fold);
ARITH_FOLDER(arith_subf_fold);
ARITH_FOLDER(arith_mulf_fold);
ARITH_FOLDER(arith_divf_fold);
ARITH_FOLDER(arith_remf_fold);
ARITH_FOLDER(arith_maximumf_fold);
ARITH_FOLDER(arith_maxnumf_fold);
ARITH_FOLDER(arith_minimumf_fold);
ARITH_FOLDER(arith_minnumf_fold);
ARITH_FOLDER(arith_extui_fold);
ARITH_FOLDER(arith_extsi_fold);
ARITH_FOLDER(arith_extf_fold);
ARITH_FOLDER(arith_trunci_fold);
ARITH_FOLDER(arith_truncf_fold);
ARITH_FOLDER(arith_uitofp_fold);
ARITH_FOLDER(arith_sitofp_fold);
ARITH_FOLDER(arith_fptoui_fold);
ARITH_FOLDER(arith_fptosi_fold);
ARITH_FOLDER(arith_index_cast_fold);
ARITH_FOLDER(arith_index_castui_fold);
ARITH_FOLDER(arith_bitcast_fold);
ARITH_FOLDER(arith_cmpi_fold);
ARITH_FOLDER(arith_cmpf_fold);
ARITH_FOLDER(arith_select_fold);

/* ---- Canonicalization patterns (arith_patterns.c) ---- */
bool arith_addi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_subi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_muli_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_addui_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_mulsi_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_mului_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_andi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_ori_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_xori_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_mulf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_divf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_extsi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_trunci_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_truncf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_index_cast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_index_castui_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_bitcast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_cmpi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_cmpf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool arith_select_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);

/* ---- The dialect (arith_dialect.c) ---- */
/* The generated descriptions (arith_ops.c, from arith.ops). */
extern const struct spvk_ods_dialect spvk_arith_ods;
extern const struct spvk_ods_enum spvk_arith_enum_IntegerOverflowFlags;
extern const struct spvk_ods_enum spvk_arith_enum_CmpIPredicate;
SPVK_API const spvk_ir_dialect *spvk_arith_dialect(void);
/* MLIR's arith::ConstantOp::materialize: an arith.constant of value at b, or NULL when value
   cannot be one of type (not typed as type, a non-signless integer, not int/float/elements). */
spvk_ir_op *arith_materialize_constant(struct spvk_ir_builder *b, const spvk_ir_attr *value,
                                       const spvk_ir_type *type);

#endif
