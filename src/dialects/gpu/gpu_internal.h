/* The gpu dialect's private header: its types, attributes and the hooks of its ops (MLIR 19's
   GPUOps.td / GPUDialect.cpp, as facts: names, syntax, verifier messages).

   Attributes are dialect attributes of kind gpu_attr_kind; the enums keep their case in `value`
   (MLIR's numbering). #gpu.select_object<...> keeps its parameter in attrs[0] (none: no parameter). */
#ifndef SPVK_GPU_INTERNAL_H
#define SPVK_GPU_INTERNAL_H

#include "spvkit/dialects.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

typedef enum gpu_type_kind {
    GPU_TYPE_ASYNC_TOKEN = 0 /* !gpu.async.token */
} gpu_type_kind;

typedef enum gpu_attr_kind {
    GPU_ATTR_ADDRESS_SPACE = 0, /* #gpu.address_space<global|workgroup|private>: value 1, 2, 3 */
    GPU_ATTR_DIMENSION = 1,     /* #gpu<dim x>: value 0, 1, 2 */
    GPU_ATTR_ALL_REDUCE_OP = 2, /* #gpu<all_reduce_op add> */
    GPU_ATTR_SHUFFLE_MODE = 3,  /* #gpu<shuffle_mode xor> */
    GPU_ATTR_SELECT_OBJECT = 4  /* #gpu.select_object<0 : i64> */
} gpu_attr_kind;

enum { GPU_ADDRESS_SPACE_GLOBAL = 1, GPU_ADDRESS_SPACE_WORKGROUP = 2, GPU_ADDRESS_SPACE_PRIVATE = 3 };

/* MLIR's AllReduceOperation cases, by value. */
enum {
    GPU_REDUCE_ADD = 0,
    GPU_REDUCE_MUL = 1,
    GPU_REDUCE_MINUI = 2,
    GPU_REDUCE_MINSI = 3,
    GPU_REDUCE_MINNUMF = 4,
    GPU_REDUCE_MAXUI = 5,
    GPU_REDUCE_MAXSI = 6,
    GPU_REDUCE_MAXNUMF = 7,
    GPU_REDUCE_AND = 8,
    GPU_REDUCE_OR = 9,
    GPU_REDUCE_XOR = 10,
    GPU_REDUCE_MINIMUMF = 11,
    GPU_REDUCE_MAXIMUMF = 12
};

/* An enum's cases: names by value (NULL: no such value). */
typedef struct gpu_enum {
    const char *cpp_name; /* as MLIR's messages name it: "::mlir::gpu::Dimension" */
    const char *attr_name; /* the ODS name in "failed to parse <attr_name> parameter" */
    const char *const *cases;
    uint32_t num_cases;
    gpu_attr_kind kind;
} gpu_enum;

extern const gpu_enum gpu_dimension_enum;
extern const gpu_enum gpu_all_reduce_enum;
extern const gpu_enum gpu_shuffle_mode_enum;
extern const gpu_enum gpu_address_space_enum;

const spvk_ir_type *gpu_async_token_type(spvk_ir_context *ctx);
bool gpu_is_async_token(const spvk_ir_type *t);
const spvk_ir_attr *gpu_enum_attr(spvk_ir_context *ctx, gpu_attr_kind kind, int64_t value);
/* The case of an enum attribute of that kind, or -1. */
int64_t gpu_enum_value(const spvk_ir_attr *a, gpu_attr_kind kind);
/* The address space a memref type's memory space attribute names, or 0 (none, or not a gpu one). */
int64_t gpu_memref_address_space(const spvk_ir_type *memref);

const spvk_ir_attr *gpu_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type);
void gpu_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a);
const spvk_ir_type *gpu_parse_type(spvk_ir_parser *p);
void gpu_print_type(spvk_ir_printer *p, const spvk_ir_type *t);

/* Segment sizes (operandSegmentSizes) of an op with AttrSizedOperandSegments: false when the
   attribute is missing, has another count or does not add up to the op's operands. */
bool gpu_segments(const spvk_ir_op *op, uint32_t count, uint32_t *sizes);
/* The first operand of segment i. */
uint32_t gpu_segment_start(const uint32_t *sizes, uint32_t i);

/* Constraints of gpu.ops (gpu_dialect.c; gpu_is_launch_index in gpu_verify.c) */
bool gpu_is_launch_index(const spvk_ir_type *t);
bool gpu_is_shuffle_value(const spvk_ir_type *t);
bool gpu_is_integer_or_float(const spvk_ir_type *t);
bool gpu_is_integer_or_float_or_1d_vector(const spvk_ir_type *t);
bool gpu_is_printf_arg(const spvk_ir_type *t);
bool gpu_is_all_reduce_attr(const spvk_ir_attr *a);
bool gpu_is_shuffle_mode_attr(const spvk_ir_attr *a);
bool gpu_is_target_array_attr(const spvk_ir_attr *a);

/* Result names (gpu_dialect.c, MLIR's getAsmResultNames) */
void gpu_dimension_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
void gpu_alloc_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
void gpu_shuffle_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);

/* The generated descriptions (gpu_ops.c, from gpu.ops). */
extern const spvk_ods_dialect spvk_gpu_ods;

/* Custom forms (gpu_forms.c) */
bool gpu_module_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_module_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_func_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_launch_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_launch_func_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_launch_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_launch_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_shuffle_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_shuffle_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_all_reduce_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_all_reduce_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_subgroup_reduce_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_subgroup_reduce_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_wait_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_wait_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_alloc_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_alloc_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_dealloc_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void gpu_dealloc_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool gpu_memcpy_parse(spvk_ir_parser *p, spvk_ir_op_state *state); /* memcpy and memset */
void gpu_memcpy_print(spvk_ir_printer *p, const spvk_ir_op *op);

/* Verifiers (gpu_verify.c) */
bool gpu_module_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_launch_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_launch_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_shuffle_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_all_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_subgroup_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_wait_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_alloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_dealloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_memcpy_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool gpu_memset_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

/* Folders and canonicalization patterns (gpu_canonicalize.c) */
bool gpu_barrier_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool gpu_launch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool gpu_wait_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool gpu_memcpy_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
spvk_ir_fold_status gpu_group_reduce_fold(spvk_ir_context *ctx, spvk_ir_op *op,
                                          const spvk_ir_attr *const *operand_constants, spvk_ir_fold_result *results);

#endif
