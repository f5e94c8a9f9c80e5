/* spvkit's `spirv` dialect: SPIR-V at its own semantic level in the IR (seed 004), with MLIR's
   `spirv.` names (`spv.` accepted on input), and translation between it and SPIR-V binaries.

   Scalars and vectors are builtin types (`bf16` is OpTypeFloat 16 BFloat16KHR; `iN`/`siN`/`uiN`
   are OpTypeInt N 0/1/0); `none` is OpTypeVoid; builtin function types are OpTypeFunction. The
   types below are the dialect's own. */
#ifndef SPVKIT_SPIRV_DIALECT_H
#define SPVKIT_SPIRV_DIALECT_H

#include "spvkit/binary.h"
#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

SPVK_API const spvk_ir_dialect *spvk_spirv_dialect(void);

/* ---- Types (dialect == spvk_spirv_dialect()) ---- */
typedef enum spvk_spirv_type_kind {
    SPVK_SPIRV_ARRAY,         /* types[0] element; ints[0] length, ints[1] stride (0: none). spvkit's: a
                                 length given by a specialization constant has ints[0] -1 and attrs[0]
                                 the SYMBOL_REF of its spirv.SpecConstant (no attrs otherwise) */
    SPVK_SPIRV_RUNTIME_ARRAY, /* types[0] element; ints[0] stride (0: none); spvkit's: attrs[0] the
                                 <id> of an ArrayStrideIdEXT decoration when it has one (a typed
                                 integer, a spec constant's symbol, or [T, i32]: OpConstantSizeOfEXT
                                 of T with result type i32) */
    SPVK_SPIRV_POINTER,       /* types[0] pointee; ints[0] StorageClass; spvkit's: ints[1] the
                                 ArrayStride decoration when it has one (> 0) */
    SPVK_SPIRV_STRUCT,        /* types: members; ints: member offsets (-1: none); attrs: num_types + 1
                                 ARRAYs: per member its other decorations, then the struct's own. A
                                 decoration is an ENUM of kind Decoration, or an ARRAY [ENUM, INTEGER...]
                                 when it has literal operands (MatrixStride 16). Block is not kept: the
                                 serializer decorates the pointee struct of StorageBuffer, Uniform (unless
                                 BufferBlock), PushConstant, PhysicalStorageBuffer and ShaderRecordBufferKHR
                                 pointers, as MLIR does. Identified structs (name set) may be recursive. */
    SPVK_SPIRV_IMAGE,         /* types[0] sampled type; ints: Dim, depth (0,1,2), arrayed, multisampled,
                                 sampled (0,1,2), ImageFormat, AccessQualifier (-1: none) */
    SPVK_SPIRV_SAMPLED_IMAGE, /* types[0] the image type */
    SPVK_SPIRV_SAMPLER,
    SPVK_SPIRV_MATRIX,        /* types[0] column (vector) type; ints[0] column count */
    SPVK_SPIRV_COOPMATRIX,    /* types[0] element; ints: rows, columns, Scope, CooperativeMatrixUse.
                                 spvkit's: when some are specialization constants, attrs holds four
                                 entries, the SYMBOL_REF of the spirv.SpecConstant where ints is -1 and
                                 a UNIT attribute where ints holds the literal (no attrs otherwise) */
    SPVK_SPIRV_OPAQUE,        /* a parameterless (or literal-parameter) OpType* MLIR has no type for:
                                 ints[0] the opcode (OpTypeEvent, OpTypeRayQueryKHR, ...), ints[1..] its
                                 literal operands (OpTypePipe's access qualifier); attrs its <id>
                                 operands in order: a TYPE attribute for a type, the constant's
                                 integer/bool/float attribute (typed), or the SYMBOL_REF of a
                                 specialization constant (OpTypeTensorLayoutNV's Dim and ClampMode) */
    SPVK_SPIRV_TYPE_COUNT
} spvk_spirv_type_kind;

SPVK_API const spvk_ir_type *spvk_spirv_array_type(spvk_ir_context *ctx, const spvk_ir_type *element, int64_t length,
                                                   int64_t stride);
SPVK_API const spvk_ir_type *spvk_spirv_runtime_array_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                           int64_t stride);
/* spvkit's: a pointer type decorated ArrayStride (stride > 0; 0 gives the plain pointer type). */
SPVK_API const spvk_ir_type *spvk_spirv_strided_pointer_type(spvk_ir_context *ctx, const spvk_ir_type *pointee,
                                                             uint32_t storage_class, int64_t stride);
/* A runtime array decorated ArrayStrideIdEXT (see SPVK_SPIRV_RUNTIME_ARRAY; NULL: none). */
SPVK_API const spvk_ir_type *spvk_spirv_runtime_array_type_id(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                              int64_t stride, const spvk_ir_attr *stride_id);
SPVK_API const spvk_ir_type *spvk_spirv_pointer_type(spvk_ir_context *ctx, const spvk_ir_type *pointee,
                                                     uint32_t storage_class);
/* offsets may be NULL (no Offset decorations); decorations may be NULL (none) or count + 1 ARRAYs. */
SPVK_API const spvk_ir_type *spvk_spirv_struct_type(spvk_ir_context *ctx, const spvk_ir_type *const *members,
                                                    uint32_t count, const int64_t *offsets,
                                                    const spvk_ir_attr *const *decorations);
SPVK_API spvk_ir_type *spvk_spirv_identified_struct(spvk_ir_context *ctx, const char *name, size_t length);
SPVK_API bool spvk_spirv_identified_struct_set_body(spvk_ir_context *ctx, spvk_ir_type *s,
                                                    const spvk_ir_type *const *members, uint32_t count,
                                                    const int64_t *offsets,
                                                    const spvk_ir_attr *const *decorations);
SPVK_API const spvk_ir_type *spvk_spirv_image_type(spvk_ir_context *ctx, const spvk_ir_type *sampled, uint32_t dim,
                                                   uint32_t depth, uint32_t arrayed, uint32_t multisampled,
                                                   uint32_t sampled_info, uint32_t format, int64_t access);
SPVK_API const spvk_ir_type *spvk_spirv_sampled_image_type(spvk_ir_context *ctx, const spvk_ir_type *image);
SPVK_API const spvk_ir_type *spvk_spirv_sampler_type(spvk_ir_context *ctx);
SPVK_API const spvk_ir_type *spvk_spirv_matrix_type(spvk_ir_context *ctx, const spvk_ir_type *column, uint32_t columns);
SPVK_API const spvk_ir_type *spvk_spirv_coopmatrix_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                        uint32_t rows, uint32_t columns, uint32_t scope,
                                                        uint32_t use);
/* spvkit's additions (MLIR 19 has neither): a specialization constant (a SYMBOL_REF to its
   spirv.SpecConstant) as an array's length, or as cooperative matrix parameters (NULL entries of
   symbols are the literals of params). Without symbols these are the plain types. */
SPVK_API const spvk_ir_type *spvk_spirv_spec_array_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                        const spvk_ir_attr *length_symbol, int64_t stride);
SPVK_API const spvk_ir_type *spvk_spirv_spec_coopmatrix_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                             const int64_t params[4],
                                                             const spvk_ir_attr *const symbols[4]);
SPVK_API const spvk_ir_type *spvk_spirv_opaque_type(spvk_ir_context *ctx, uint32_t opcode, const int64_t *literals,
                                                    uint32_t num_literals);
/* An opaque type with <id> operands too (see SPVK_SPIRV_OPAQUE's attrs). */
SPVK_API const spvk_ir_type *spvk_spirv_opaque_type_ids(spvk_ir_context *ctx, uint32_t opcode, const int64_t *literals,
                                                        uint32_t num_literals, const spvk_ir_attr *const *ids,
                                                        uint32_t num_ids);

/* ---- Attributes (dialect == spvk_spirv_dialect()) ---- */
typedef enum spvk_spirv_attr_kind {
    SPVK_SPIRV_ATTR_ENUM,       /* #spirv.storage_class<StorageBuffer>: value the enumerant (mask for bit
                                   enums), value2 the spvk_operand_kind */
    SPVK_SPIRV_ATTR_VCE,        /* #spirv.vce<v1.3, [caps], [exts]>: value the version (SPVK_VERSION);
                                   attrs[0] ARRAY of capability ENUMs, attrs[1] ARRAY of extension STRINGs */
    SPVK_SPIRV_ATTR_TARGET_ENV, /* #spirv.target_env<vce, [api=..., vendor:device_type:id,] limits>:
                                   names/attrs: "vce", "client_api", "vendor", "device_type", "device_id",
                                   "limits" (those present) */
    SPVK_SPIRV_ATTR_RESOURCE_LIMITS, /* #spirv.resource_limits<k = v, ...>: names/attrs */
    SPVK_SPIRV_ATTR_ENTRY_POINT_ABI, /* #spirv.entry_point_abi<workgroup_size = array<i32: ...>, ...>: names/attrs */
    SPVK_SPIRV_ATTR_INTERFACE_VAR_ABI, /* #spirv.interface_var_abi<(set, binding)[, StorageClass]>: value set,
                                          value2 binding, flags 1 when attrs[0] is the storage class ENUM */
    SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES, /* #spirv.linkage_attributes<linkage_name = "f", linkage_type = <Import>>:
                                           names/attrs "linkage_name" (STRING), "linkage_type" (ENUM LinkageType) */
    SPVK_SPIRV_ATTR_COOP_MATRIX_PROPS,  /* #spirv.coop_matrix_props_khr<m_size = 8, ...> (in resource limits):
                                           names/attrs as MLIR's parameters */
    SPVK_SPIRV_ATTR_UNDEF,              /* spvkit's #spirv.undef: an OpUndef where a value attribute stands
                                           for an id (a variable's initializer, a spec constant composite's
                                           constituent); `unit` stands for an OpConstantNull there */
    SPVK_SPIRV_ATTR_COUNT
} spvk_spirv_attr_kind;

SPVK_API const spvk_ir_attr *spvk_spirv_enum_attr(spvk_ir_context *ctx, unsigned operand_kind, uint32_t value);
SPVK_API const spvk_ir_attr *spvk_spirv_undef_attr(spvk_ir_context *ctx);
SPVK_API const spvk_ir_attr *spvk_spirv_vce_attr(spvk_ir_context *ctx, uint32_t version, const uint32_t *capabilities,
                                                 uint32_t num_capabilities, const char *const *extensions,
                                                 uint32_t num_extensions);

/* ---- Translation ---- */
/* Binary to a spirv.module (inside no builtin.module). Everything it cannot represent is an error
   naming the instruction (word offset and opcode). */
SPVK_API spvk_result spvk_spirv_deserialize(spvk_ir_context *ctx, const uint32_t *words, size_t num_words,
                                            spvk_ir_op **module_out, spvk_diagnostics *diags);
/* The same, one function at a time, for translators whose memory must not grow with the module.
   create() builds the spirv.module with every spirv.func present but empty; materialize() builds
   one function's body (in any order, again after spvk_ir_region_clear); finish() builds the
   bodies never materialized and makes the checks that need the whole module (a decoration no
   operation took). The words must outlive the deserializer. An error names the instruction;
   after one, every call returns it. */
typedef struct spvk_spirv_deserializer spvk_spirv_deserializer;
SPVK_API spvk_result spvk_spirv_deserializer_create(spvk_ir_context *ctx, const uint32_t *words, size_t num_words,
                                                   spvk_diagnostics *diags, spvk_spirv_deserializer **out,
                                                   spvk_ir_op **module_out);
SPVK_API spvk_result spvk_spirv_deserializer_materialize(spvk_spirv_deserializer *des, spvk_ir_op *func);
SPVK_API spvk_result spvk_spirv_deserializer_finish(spvk_spirv_deserializer *des);
SPVK_API void spvk_spirv_deserializer_destroy(spvk_spirv_deserializer *des);
/* Sets streaming hooks (spvk_ir_print_options.stream) so that printing the module
   (spvk_ir_print_to) builds each function just before it is printed, verifies it with `verifier`
   (unless NULL; it must live until finish, destroy or the next stream) and frees its body after: the
   text of the whole module in the memory of one function. */
SPVK_API void spvk_spirv_deserializer_stream(spvk_spirv_deserializer *des, spvk_ir_verifier *verifier,
                                             spvk_ir_stream *stream);
/* Builds bodies on `threads` threads in all (default 1: the calling thread alone), as
   spvk_ir_lazy_parser_set_threads does: the extra threads build (and, with a stream verifier,
   verify) the functions ahead of the consumer, within a window of the binary (1 MiB), and the
   results and diagnostics are those of one thread. Call before the first materialize: each worker
   needs a copy of the module-level state, and the copies are made from this call on, on threads
   of their own, while the caller goes on (verifying the module level, say). A function's body may
   then be under construction until materialize returns for it: read it only after. While the
   workers run, the context's uniquing takes a lock and its allocator must be safe to call from
   several threads (the default is). */
SPVK_API void spvk_spirv_deserializer_set_threads(spvk_spirv_deserializer *des, unsigned threads);
/* A spirv.module to words in host byte order (freed with spvk_free(allocator, words, n * 4)). */
SPVK_API spvk_result spvk_spirv_serialize(spvk_ir_context *ctx, const spvk_ir_op *module, uint32_t **words_out,
                                          size_t *num_words_out, spvk_diagnostics *diags);
/* The same, with each op of the module handed to stream->child_begin before it is serialized and
   to child_end after (spvk_ir_lazy_parser_stream: functions parsed, verified and freed one at a
   time). NULL stream: spvk_spirv_serialize. */
SPVK_API spvk_result spvk_spirv_serialize_streamed(spvk_ir_context *ctx, spvk_ir_op *module,
                                                   const spvk_ir_stream *stream, uint32_t **words_out,
                                                   size_t *num_words_out, spvk_diagnostics *diags);
/* The same, written through `write` in pieces (words in host byte order) rather than returned in
   one buffer: the header and the module-level sections, then the function definitions, which are
   most of a module and are not copied once more to go behind them. Nothing is written unless the
   whole module serialized; SPVK_ERROR_IO when write returns false. */
typedef bool (*spvk_spirv_write_fn)(void *user, const uint32_t *words, size_t count);
SPVK_API spvk_result spvk_spirv_serialize_to(spvk_ir_context *ctx, spvk_ir_op *module, const spvk_ir_stream *stream,
                                             spvk_spirv_write_fn write, void *user, spvk_diagnostics *diags);

/* ---- Availability ----
   What an op (with its enumerant operands and its types) or a type needs: a version range and
   requirements, each satisfied by any one of its alternatives (capabilities implied by others
   count: the caller compares against an implied-closed set). */
#define SPVK_SPIRV_MAX_ALTERNATIVES 8
#define SPVK_SPIRV_MAX_REQUIREMENTS 24
typedef struct spvk_spirv_requirement {
    uint16_t count;
    uint16_t values[SPVK_SPIRV_MAX_ALTERNATIVES]; /* capabilities, or extension indexes (spvk_extension_name) */
    /* Extension requirements of what became core in a version (StorageBuffer in 1.3): also met by a
       module of at least this version; 0 when only the extensions meet it. */
    uint32_t or_version;
} spvk_spirv_requirement;

typedef struct spvk_spirv_availability {
    uint32_t min_version; /* SPVK_VERSION(1, 0) at least */
    uint32_t max_version; /* SPVK_VERSION_LAST when unbounded */
    uint32_t num_capabilities, num_extensions;
    spvk_spirv_requirement capabilities[SPVK_SPIRV_MAX_REQUIREMENTS];
    spvk_spirv_requirement extensions[SPVK_SPIRV_MAX_REQUIREMENTS];
} spvk_spirv_availability;

SPVK_API void spvk_spirv_availability_init(spvk_spirv_availability *a);
SPVK_API void spvk_spirv_op_availability(const spvk_ir_op *op, spvk_spirv_availability *out);
SPVK_API void spvk_spirv_type_availability(const spvk_ir_type *type, spvk_spirv_availability *out);

#ifdef __cplusplus
}
#endif
#endif
