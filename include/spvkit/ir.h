/* spvkit IR: an MLIR-style generic operation IR.

   A context owns everything: uniqued types and attributes (compare them by pointer), interned
   names, registered dialects and operation kinds, and the arena the IR lives in. Operations hold
   operands (uses of values), results, an attribute dictionary, successors and regions; regions
   hold blocks; blocks hold arguments and a list of operations. Values are operation results or
   block arguments and know their uses.

   Nothing here is global: two contexts never share state. The IR is freed with its context. */
#ifndef SPVKIT_IR_H
#define SPVKIT_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spvk_ir_context spvk_ir_context;
typedef struct spvk_ir_dialect spvk_ir_dialect;
typedef struct spvk_ir_op_def spvk_ir_op_def;
typedef struct spvk_ir_type spvk_ir_type;
typedef struct spvk_ir_attr spvk_ir_attr;
typedef struct spvk_ir_op spvk_ir_op;
typedef struct spvk_ir_block spvk_ir_block;
typedef struct spvk_ir_region spvk_ir_region;
typedef struct spvk_ir_value spvk_ir_value;
typedef struct spvk_ir_use spvk_ir_use;
typedef struct spvk_ir_parser spvk_ir_parser;   /* src/ir/parser.c, for custom forms */
typedef struct spvk_ir_printer spvk_ir_printer; /* src/ir/printer.c, for custom forms */

/* ---- Types ----
   One struct for every type; what the generic fields mean depends on (dialect, kind). Builtin types
   have dialect == NULL. Uniqued: equal types are the same pointer. */
typedef enum spvk_ir_type_kind {
    SPVK_TYPE_INTEGER,  /* width; flags: signedness */
    SPVK_TYPE_FLOAT,    /* width; flags: SPVK_FLOAT_* */
    SPVK_TYPE_INDEX,
    SPVK_TYPE_NONE,
    SPVK_TYPE_VECTOR,   /* types[0] element; ints: shape; flags: bit i set = dimension i scalable */
    SPVK_TYPE_TENSOR,   /* types[0] element; ints: shape (SPVK_DYNAMIC for ?); flags: SPVK_SHAPE_UNRANKED;
                           attrs[0] encoding or NULL */
    SPVK_TYPE_MEMREF,   /* types[0] element; ints: shape; flags: SPVK_SHAPE_UNRANKED;
                           attrs[0] layout or NULL, attrs[1] memory space or NULL */
    SPVK_TYPE_FUNCTION, /* types: inputs then results; width: number of inputs */
    SPVK_TYPE_TUPLE,    /* types: the elements */
    SPVK_TYPE_COMPLEX,  /* types[0] element */
    SPVK_TYPE_OPAQUE,   /* a type of an unregistered dialect: name "dialect.body" kept as written */
    SPVK_TYPE_BUILTIN_COUNT
} spvk_ir_type_kind;

enum { SPVK_INT_SIGNLESS = 0, SPVK_INT_SIGNED = 1, SPVK_INT_UNSIGNED = 2 };
/* Float encodings. Beyond IEEE binary16/32/64, bf16 and tf32: the small formats SPIR-V's FPEncoding
   names (OpTypeFloat 8/6/4 with Float8E4M3EXT, Float8E5M2EXT, Float8UnsignedE8M0EXT, Float6E2M3EXT,
   Float6E3M2EXT, Float4E2M1EXT, MXInt8EXT), spelled as MLIR spells them (f8E4M3FN, f8E5M2,
   f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN; mxint8 is spvkit's); width is the bit count. */
enum {
    SPVK_FLOAT_IEEE = 0,
    SPVK_FLOAT_BF16 = 1,
    SPVK_FLOAT_TF32 = 2,
    SPVK_FLOAT_F8E4M3FN = 3,  /* no infinity; NaN S.1111.111 */
    SPVK_FLOAT_F8E5M2 = 4,    /* IEEE-like: infinities and NaNs */
    SPVK_FLOAT_F8E8M0FNU = 5, /* unsigned powers of two 2^-127..2^127; 0xFF NaN; no zero */
    SPVK_FLOAT_F6E2M3FN = 6,  /* finite only */
    SPVK_FLOAT_F6E3M2FN = 7,  /* finite only */
    SPVK_FLOAT_F4E2M1FN = 8,  /* finite only */
    SPVK_FLOAT_MXINT8 = 9     /* spvkit's mxint8 (MLIR has none): OCP MX INT8, two's complement times
                                 2^-6 (-2 to 1.984375 in steps of 1/64) */
};
enum { SPVK_SHAPE_UNRANKED = 1 };
#define SPVK_DYNAMIC INT64_MIN

struct spvk_ir_type {
    const spvk_ir_dialect *dialect; /* NULL: builtin */
    uint16_t kind;                  /* spvk_ir_type_kind, or the dialect's own kind */
    uint16_t flags;
    uint32_t width;
    uint32_t num_types;
    uint32_t num_ints;
    uint32_t num_attrs;
    uint32_t hash;
    const spvk_ir_type *const *types;
    const int64_t *ints;
    const spvk_ir_attr *const *attrs;
    const char *name;               /* interned; identified types are uniqued by (dialect, kind, name) */
    /* Identified (possibly recursive) types only: the body is set once after creation. */
    bool identified;
    bool body_set;
    /* Internal (the printer's): an upper bound of the length of this type's text written out in
       full, saturating at UINT32_MAX; it finds the shared sub-trees that print as aliases. */
    uint32_t text_bound;
};

/* Creates or finds a type. types/ints/attrs are copied. NULL when out of memory. */
typedef struct spvk_ir_type_desc {
    const spvk_ir_dialect *dialect;
    uint16_t kind;
    uint16_t flags;
    uint32_t width;
    const spvk_ir_type *const *types;
    uint32_t num_types;
    const int64_t *ints;
    uint32_t num_ints;
    const spvk_ir_attr *const *attrs;
    uint32_t num_attrs;
    const char *name; /* NULL or a name (copied) */
    size_t name_length;
} spvk_ir_type_desc;

SPVK_API const spvk_ir_type *spvk_ir_type_get(spvk_ir_context *ctx, const spvk_ir_type_desc *desc);
/* An identified type: uniqued by (dialect, kind, name) alone, body (types/ints/attrs) set later.
   Setting the body of a type that has one succeeds only when the bodies are equal. */
SPVK_API spvk_ir_type *spvk_ir_type_get_identified(spvk_ir_context *ctx, const spvk_ir_dialect *dialect,
                                                   uint16_t kind, const char *name, size_t name_length);
SPVK_API bool spvk_ir_type_set_body(spvk_ir_context *ctx, spvk_ir_type *type, const spvk_ir_type_desc *body);

SPVK_API const spvk_ir_type *spvk_ir_integer_type(spvk_ir_context *ctx, uint32_t width, int signedness);
SPVK_API const spvk_ir_type *spvk_ir_float_type(spvk_ir_context *ctx, uint32_t width, int encoding);
SPVK_API const spvk_ir_type *spvk_ir_index_type(spvk_ir_context *ctx);
SPVK_API const spvk_ir_type *spvk_ir_none_type(spvk_ir_context *ctx);
SPVK_API const spvk_ir_type *spvk_ir_vector_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank,
                                                 const spvk_ir_type *element);
SPVK_API const spvk_ir_type *spvk_ir_function_type(spvk_ir_context *ctx, const spvk_ir_type *const *inputs,
                                                   uint32_t num_inputs, const spvk_ir_type *const *results,
                                                   uint32_t num_results);
SPVK_API const spvk_ir_type *spvk_ir_tuple_type(spvk_ir_context *ctx, const spvk_ir_type *const *types,
                                                uint32_t count);

static inline bool spvk_ir_type_is(const spvk_ir_type *t, const spvk_ir_dialect *dialect, unsigned kind)
{
    return t && t->dialect == dialect && t->kind == kind;
}
SPVK_API bool spvk_ir_type_is_integer(const spvk_ir_type *t, uint32_t width); /* width 0: any */
SPVK_API bool spvk_ir_type_is_float(const spvk_ir_type *t);
SPVK_API bool spvk_ir_type_is_bf16(const spvk_ir_type *t);
/* The element type of a vector, or the type itself. */
SPVK_API const spvk_ir_type *spvk_ir_type_scalar(const spvk_ir_type *t);
/* Function types: inputs are types[0 .. width), results the rest. */
static inline uint32_t spvk_ir_function_num_inputs(const spvk_ir_type *t) { return t->width; }
static inline uint32_t spvk_ir_function_num_results(const spvk_ir_type *t) { return t->num_types - t->width; }

/* ---- Attributes ---- (uniqued like types; dialect NULL: builtin) */
typedef enum spvk_ir_attr_kind {
    SPVK_ATTR_UNIT,
    SPVK_ATTR_BOOL,        /* value: 0 or 1 */
    SPVK_ATTR_INTEGER,     /* type (integer or index); value: the bits, sign-extended for signed/signless */
    SPVK_ATTR_FLOAT,       /* type; number */
    SPVK_ATTR_STRING,      /* string, length; type NULL (or a type given with ':') */
    SPVK_ATTR_ARRAY,       /* attrs */
    SPVK_ATTR_DENSE_ARRAY, /* array<i32: 1, 2>: type is the element type; attrs: integer/float/bool elements */
    SPVK_ATTR_DICTIONARY,  /* names (interned, sorted) with attrs */
    SPVK_ATTR_TYPE,        /* type */
    SPVK_ATTR_SYMBOL_REF,  /* string: root name; attrs: nested SYMBOL_REFs (flat) */
    SPVK_ATTR_DENSE,       /* dense<...> : type; attrs: elements (flat), one when splat (flags & SPVK_DENSE_SPLAT) */
    SPVK_ATTR_LOCATION,    /* loc(...): flags SPVK_LOC_*; string file/name, value line, value2 column, attrs children */
    SPVK_ATTR_OPAQUE,      /* an attribute of an unregistered dialect, kept as written (string) */
    SPVK_ATTR_BUILTIN_COUNT
} spvk_ir_attr_kind;

enum { SPVK_DENSE_SPLAT = 1 };
enum { SPVK_LOC_UNKNOWN = 0, SPVK_LOC_FILE = 1, SPVK_LOC_NAME = 2, SPVK_LOC_CALLSITE = 3, SPVK_LOC_FUSED = 4 };

struct spvk_ir_attr {
    const spvk_ir_dialect *dialect;
    uint16_t kind;
    uint16_t flags;
    uint32_t hash;
    const spvk_ir_type *type;
    int64_t value;
    int64_t value2;
    double number;
    const char *string; /* interned-like copy; may hold NUL bytes (length says) */
    uint32_t length;
    uint32_t num_attrs;
    const spvk_ir_attr *const *attrs;
    const char *const *names; /* DICTIONARY (sorted) and dialect attributes with named parameters */
    uint32_t text_bound;      /* internal: as spvk_ir_type's (0 for an op's own location) */
};

typedef struct spvk_ir_attr_desc {
    const spvk_ir_dialect *dialect;
    uint16_t kind;
    uint16_t flags;
    const spvk_ir_type *type;
    int64_t value;
    int64_t value2;
    double number;
    const char *string;
    size_t length;
    const spvk_ir_attr *const *attrs;
    const char *const *names;
    uint32_t num_attrs;
} spvk_ir_attr_desc;

SPVK_API const spvk_ir_attr *spvk_ir_attr_get(spvk_ir_context *ctx, const spvk_ir_attr_desc *desc);
SPVK_API const spvk_ir_attr *spvk_ir_unit_attr(spvk_ir_context *ctx);
SPVK_API const spvk_ir_attr *spvk_ir_bool_attr(spvk_ir_context *ctx, bool value);
SPVK_API const spvk_ir_attr *spvk_ir_integer_attr(spvk_ir_context *ctx, const spvk_ir_type *type, int64_t value);
SPVK_API const spvk_ir_attr *spvk_ir_i32_attr(spvk_ir_context *ctx, int64_t value);
/* array<T: v0, v1, ...> of integer type T (operandSegmentSizes, a case list): a DENSE_ARRAY of
   count INTEGER attributes. */
SPVK_API const spvk_ir_attr *spvk_ir_dense_int_array_attr(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                          const int64_t *values, uint32_t count);
SPVK_API const spvk_ir_attr *spvk_ir_float_attr(spvk_ir_context *ctx, const spvk_ir_type *type, double value);
SPVK_API const spvk_ir_attr *spvk_ir_string_attr(spvk_ir_context *ctx, const char *s, size_t length);
SPVK_API const spvk_ir_attr *spvk_ir_array_attr(spvk_ir_context *ctx, const spvk_ir_attr *const *items, uint32_t count);
SPVK_API const spvk_ir_attr *spvk_ir_type_attr(spvk_ir_context *ctx, const spvk_ir_type *type);
SPVK_API const spvk_ir_attr *spvk_ir_symbol_ref_attr(spvk_ir_context *ctx, const char *name, size_t length);
/* Names need not be sorted or interned; a repeated name keeps the last value. */
SPVK_API const spvk_ir_attr *spvk_ir_dictionary_attr(spvk_ir_context *ctx, const char *const *names,
                                                     const spvk_ir_attr *const *values, uint32_t count);
/* The same for names that spvk_ir_intern gave this context, which it then need not look up
   (the names of a translator's or a pass's own attributes, interned once). */
SPVK_API const spvk_ir_attr *spvk_ir_dictionary_attr_interned(spvk_ir_context *ctx, const char *const *names,
                                                              const spvk_ir_attr *const *values, uint32_t count);
SPVK_API const spvk_ir_attr *spvk_ir_dictionary_get(const spvk_ir_attr *dict, const char *name);
SPVK_API const spvk_ir_attr *spvk_ir_file_location(spvk_ir_context *ctx, const char *file, uint32_t line,
                                                   uint32_t column);

/* Strided memref layouts, `strided<[?, 1], offset: ?>` (MLIR's StridedLayoutAttr; SPVK_DYNAMIC
   for `?`): builtin attributes kept in MLIR's canonical spelling, so equal layouts are one
   attribute and print as mlir-opt prints them. */
SPVK_API const spvk_ir_attr *spvk_ir_strided_layout(spvk_ir_context *ctx, const int64_t *strides, uint32_t rank,
                                                    int64_t offset);
SPVK_API bool spvk_ir_attr_is_strided_layout(const spvk_ir_attr *a);
/* Its strides (when there are at most max) and offset; false when a is no strided layout. */
SPVK_API bool spvk_ir_strided_layout_get(const spvk_ir_attr *a, int64_t *strides, uint32_t max, uint32_t *rank,
                                         int64_t *offset);
/* A ranked memref type's strides and offset (MLIR's getStridesAndOffset): the row-major ones for
   the identity layout, those of a strided layout; false for an affine map layout (not analysed
   here), an unranked memref or a rank above max. */
SPVK_API bool spvk_ir_memref_strides(const spvk_ir_type *t, int64_t *strides, uint32_t max, int64_t *offset);

/* ---- Interned names: equal names are the same pointer. ---- */
SPVK_API const char *spvk_ir_intern(spvk_ir_context *ctx, const char *s, size_t length);

/* ---- Values and uses ---- */
struct spvk_ir_use {
    spvk_ir_value *value;
    spvk_ir_op *owner;
    spvk_ir_use *next;       /* the value's next use */
    spvk_ir_use **prev_next; /* where this use is linked from */
};

struct spvk_ir_value {
    const spvk_ir_type *type;
    spvk_ir_use *first_use;
    spvk_ir_op *defining_op; /* a result: its operation; NULL for a block argument */
    spvk_ir_block *block;    /* a block argument: its block; NULL for a result */
    uint32_t index;          /* result number or argument number */
    const spvk_ir_attr *loc; /* block arguments: their location, or NULL; a parsed one lives in the
                                argument's allocation (hash 0) and goes with it */
};

static inline bool spvk_ir_value_is_arg(const spvk_ir_value *v) { return v->block != NULL; }
SPVK_API bool spvk_ir_value_has_uses(const spvk_ir_value *v);
SPVK_API void spvk_ir_value_replace_all_uses(spvk_ir_value *from, spvk_ir_value *to);

/* ---- Operations, blocks, regions ---- */
struct spvk_ir_op {
    const spvk_ir_op_def *def; /* never NULL: unregistered operations get a def holding only the name */
    spvk_ir_block *block;      /* the containing block, or NULL when detached */
    spvk_ir_op *prev, *next;
    uint32_t num_operands, num_results, num_successors, num_regions;
    spvk_ir_use *operands;
    spvk_ir_value *results;
    spvk_ir_block **successors;
    spvk_ir_region *regions;
    const spvk_ir_attr *attrs; /* a DICTIONARY attribute, never NULL */
    const spvk_ir_attr *loc;   /* a LOCATION attribute or NULL */
    uint32_t scratch;          /* for analyses (the verifier numbers ops); meaningless outside one */
    /* The operands made with the op share its allocation (with its results, regions and
       successors); this many fit there. More operands (spvk_ir_op_set_operands) go elsewhere. */
    uint32_t inline_operands;
    bool inline_loc; /* an op-owned location (the parser's file:line:col) shares the allocation too */
};

struct spvk_ir_block {
    spvk_ir_region *region;
    spvk_ir_block *prev, *next;
    spvk_ir_op *first, *last;
    spvk_ir_value **args;
    uint32_t num_args, args_capacity;
    uint32_t scratch;          /* for analyses (block numbering); meaningless outside one */
};

struct spvk_ir_region {
    spvk_ir_op *op; /* the containing operation */
    spvk_ir_block *first, *last;
    /* Its blocks are not built (yet): a streaming translator makes them on demand (see
       spvk_spirv_deserializer). Such a region has no blocks but is not empty: it is not a
       declaration. */
    bool unmaterialized;
};

static inline spvk_ir_value *spvk_ir_operand(const spvk_ir_op *op, uint32_t i) { return op->operands[i].value; }
static inline spvk_ir_value *spvk_ir_result(const spvk_ir_op *op, uint32_t i) { return &op->results[i]; }
SPVK_API const char *spvk_ir_op_name(const spvk_ir_op *op);
SPVK_API spvk_ir_op *spvk_ir_op_parent(const spvk_ir_op *op); /* the operation whose region holds op */

/* Everything an operation is made from; spvk_ir_op_create copies it. Regions are created empty
   unless `regions` gives their blocks. */
typedef struct spvk_ir_op_state {
    const char *name; /* used when def is NULL: looked up among registered operations */
    size_t name_length;
    const spvk_ir_op_def *def;
    spvk_ir_value *const *operands;
    uint32_t num_operands;
    const spvk_ir_type *const *result_types;
    uint32_t num_results;
    spvk_ir_block *const *successors;
    uint32_t num_successors;
    uint32_t num_regions;
    spvk_ir_region *const *regions; /* NULL, or num_regions regions whose blocks move into the op's */
    const spvk_ir_attr *attrs;      /* a DICTIONARY or NULL */
    const spvk_ir_attr *loc;
} spvk_ir_op_state;

/* A detached operation (NULL when out of memory or when the name is neither registered nor allowed
   as unregistered: the context allows unregistered operations by default). */
SPVK_API spvk_ir_op *spvk_ir_op_create(spvk_ir_context *ctx, const spvk_ir_op_state *state);
SPVK_API void spvk_ir_op_set_attr(spvk_ir_context *ctx, spvk_ir_op *op, const char *name, const spvk_ir_attr *value);
SPVK_API void spvk_ir_op_remove_attr(spvk_ir_context *ctx, spvk_ir_op *op, const char *name);
SPVK_API const spvk_ir_attr *spvk_ir_op_attr(const spvk_ir_op *op, const char *name);
SPVK_API bool spvk_ir_op_set_operands(spvk_ir_context *ctx, spvk_ir_op *op, spvk_ir_value *const *values, uint32_t count);
SPVK_API void spvk_ir_op_set_operand(spvk_ir_op *op, uint32_t index, spvk_ir_value *value);
/* Erases operand index (later ones move down); an op with SPVK_TRAIT_ATTR_SIZED_OPERANDS has the
   operandSegmentSizes entry that held it made one smaller. */
SPVK_API bool spvk_ir_op_erase_operand(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t index);
/* Makes entry `segment` of op's integer array attribute `name` (a segment sizes list) one smaller. */
SPVK_API bool spvk_ir_op_shrink_segment(spvk_ir_context *ctx, spvk_ir_op *op, const char *name, uint32_t segment);
/* Unlinks op from its block (keeps it alive, uses intact). */
SPVK_API void spvk_ir_op_detach(spvk_ir_op *op);
/* Drops op's uses of other values, unlinks it and frees it with its nested IR (the memory is
   reused by later operations). Its results must be unused; op must not be used afterwards. */
SPVK_API void spvk_ir_op_erase(spvk_ir_context *ctx, spvk_ir_op *op);
SPVK_API void spvk_ir_op_insert_before(spvk_ir_op *anchor, spvk_ir_op *op);
SPVK_API void spvk_ir_op_insert_after(spvk_ir_op *anchor, spvk_ir_op *op);
SPVK_API void spvk_ir_block_append(spvk_ir_block *block, spvk_ir_op *op);
SPVK_API void spvk_ir_block_prepend(spvk_ir_block *block, spvk_ir_op *op);

SPVK_API spvk_ir_block *spvk_ir_block_create(spvk_ir_context *ctx);
SPVK_API spvk_ir_value *spvk_ir_block_add_arg(spvk_ir_context *ctx, spvk_ir_block *block, const spvk_ir_type *type);
SPVK_API void spvk_ir_block_erase_arg(spvk_ir_block *block, uint32_t index); /* the argument must be unused */
SPVK_API void spvk_ir_region_append(spvk_ir_region *region, spvk_ir_block *block);
SPVK_API void spvk_ir_region_insert_after(spvk_ir_region *region, spvk_ir_block *anchor, spvk_ir_block *block);
SPVK_API void spvk_ir_block_detach(spvk_ir_block *block);
SPVK_API spvk_ir_region *spvk_ir_region_create(spvk_ir_context *ctx); /* a detached region (parsers) */
/* Unlinks and frees a block with its operations (their results must be used only inside it). */
SPVK_API void spvk_ir_block_erase(spvk_ir_context *ctx, spvk_ir_block *block);
/* Frees every block of a region, leaving it empty (a streaming translator drops each function's
   body once it has used it). Values defined inside must be used only inside. */
SPVK_API void spvk_ir_region_clear(spvk_ir_context *ctx, spvk_ir_region *region);
/* Frees a body that its streaming builder can make again: cleared and marked unmaterialized. The
   body of an op isolated from above must use no value from outside it (as verified IR does):
   its uses are not unlinked one by one. */
SPVK_API void spvk_ir_region_unmaterialize(spvk_ir_context *ctx, spvk_ir_region *region);
SPVK_API spvk_ir_op *spvk_ir_block_terminator(const spvk_ir_block *block); /* the last op if a terminator */
/* Moves the ops from `from` (inclusive) to the end of its block into a new block placed after it. */
SPVK_API spvk_ir_block *spvk_ir_block_split(spvk_ir_context *ctx, spvk_ir_op *from);
/* Moves all blocks of `source` into `dest` before `before` (NULL: at the end). */
SPVK_API void spvk_ir_region_take_blocks(spvk_ir_region *dest, spvk_ir_block *before, spvk_ir_region *source);
/* No blocks, and none to be materialized. */
SPVK_API bool spvk_ir_region_is_empty(const spvk_ir_region *r);

/* ---- Builder: an insertion point ---- */
typedef struct spvk_ir_builder {
    spvk_ir_context *ctx;
    spvk_ir_block *block;  /* insert into this block ... */
    spvk_ir_op *before;    /* ... before this op (NULL: at the end) */
    const spvk_ir_attr *loc;
} spvk_ir_builder;

SPVK_API void spvk_ir_builder_at_end(spvk_ir_builder *b, spvk_ir_block *block);
SPVK_API void spvk_ir_builder_before(spvk_ir_builder *b, spvk_ir_op *op);
SPVK_API void spvk_ir_builder_after(spvk_ir_builder *b, spvk_ir_op *op);
/* Creates an operation at the insertion point. */
SPVK_API spvk_ir_op *spvk_ir_build(spvk_ir_builder *b, const spvk_ir_op_state *state);

/* ---- Walking ---- */
typedef enum spvk_ir_walk_result { SPVK_WALK_ADVANCE, SPVK_WALK_SKIP, SPVK_WALK_INTERRUPT } spvk_ir_walk_result;
/* How a walk ended. A region that is not materialized (a function a lazy parser or a streamed
   deserializer has not built) is never passed over: the walk stops at the op that holds it, which
   the caller reports (spvk_ir_find_unmaterialized, spvk_ir_unmaterialized_error). Materialize
   first (spvk_ir_lazy_parser_materialize, spvk_spirv_deserializer_finish) to walk everything. */
typedef enum spvk_ir_walk_status {
    SPVK_WALK_COMPLETED = 0,  /* every op was visited */
    SPVK_WALK_INTERRUPTED,    /* the callback returned SPVK_WALK_INTERRUPT */
    SPVK_WALK_UNMATERIALIZED, /* an op visited (or about to be gone into) holds a region not materialized */
} spvk_ir_walk_status;
/* Pre-order over op and everything nested in it. The callback may erase the op it is given only
   when it returns SPVK_WALK_SKIP, and may materialize its regions (they are looked at after it
   returns); an op it skips is not gone into, materialized or not. */
SPVK_API spvk_ir_walk_status spvk_ir_walk(spvk_ir_op *op, spvk_ir_walk_result (*fn)(spvk_ir_op *op, void *user),
                                          void *user);
/* Post-order: nested ops first; the callback may erase the op it is given. An op holding a
   region not materialized stops the walk before the callback sees it. */
SPVK_API spvk_ir_walk_status spvk_ir_walk_post(spvk_ir_op *op, spvk_ir_walk_result (*fn)(spvk_ir_op *op, void *user),
                                               void *user);
/* The first op at or under op, in pre-order, that holds a region not materialized, or NULL when
   op is whole. */
SPVK_API spvk_ir_op *spvk_ir_find_unmaterialized(const spvk_ir_op *op);
/* Reports to diags (when not NULL), at op's location: "'<op>' op holds a region that is not
   materialized" and what cannot work on it (`what`, e.g. "cannot be walked"). Returns
   SPVK_ERROR_INVALID, or SPVK_ERROR_OUT_OF_MEMORY when the diagnostic could not be added. */
SPVK_API spvk_result spvk_ir_unmaterialized_error(spvk_diagnostics *diags, const spvk_ir_op *op, const char *what);
/* A diagnostic at op's location (its file, line and column when it has one); false when out of
   memory. diags may be NULL (nothing is added; true). */
SPVK_API bool spvk_ir_op_diag(spvk_diagnostics *diags, spvk_severity severity, const spvk_ir_op *op, const char *fmt,
                              ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* ---- Symbols ---- */
#define SPVK_IR_SYMBOL_NAME "sym_name"
/* The symbol name of op, or NULL. */
SPVK_API const char *spvk_ir_symbol_name(const spvk_ir_op *op);
/* Finds the op named `name` directly inside symbol table op `table` (linear scan of its first block;
   spvk_ir_symbol_table builds an index for repeated lookups). */
SPVK_API spvk_ir_op *spvk_ir_symbol_lookup(const spvk_ir_op *table, const char *name);
/* Resolves a SYMBOL_REF attribute (@a::@b) from the symbol table op `from`. */
SPVK_API spvk_ir_op *spvk_ir_symbol_resolve(const spvk_ir_op *from, const spvk_ir_attr *ref);
/* The nearest enclosing op (op itself excluded) with the symbol-table trait. */
SPVK_API spvk_ir_op *spvk_ir_symbol_table_of(const spvk_ir_op *op);
/* Whether op defines a symbol: it has the symbol trait and a name (a builtin.module without
   one is no symbol, as MLIR's optional symbols). */
SPVK_API bool spvk_ir_op_is_symbol(const spvk_ir_op *op);
#define SPVK_IR_SYMBOL_VISIBILITY "sym_visibility"
typedef enum spvk_ir_symbol_visibility {
    SPVK_SYMBOL_PUBLIC,  /* no sym_visibility, or "public": may be used from outside the IR */
    SPVK_SYMBOL_PRIVATE, /* "private": only from inside the symbol table holding it */
    SPVK_SYMBOL_NESTED   /* "nested": from inside and from the symbol tables above, not outside the IR */
} spvk_ir_symbol_visibility;
SPVK_API spvk_ir_symbol_visibility spvk_ir_symbol_visibility_of(const spvk_ir_op *op);
/* Symbol uses (MLIR's SymbolTable::getSymbolUses): calls fn with each SYMBOL_REF attribute held
   by `from` and by the ops nested in it, anywhere in their attributes (inside arrays,
   dictionaries, dialect attributes and the types they hold; @a::@b is one use), and the op
   holding it. Nested symbol tables are not entered (their uses are theirs), nor is `from` when
   it is one. A shared attribute is visited once per op. Stops when fn returns false. Returns
   SPVK_OK, SPVK_ERROR_OUT_OF_MEMORY, or SPVK_ERROR_INVALID when it meets an op of an unknown
   dialect with one region (it may be a symbol table, so the uses cannot be known; MLIR's
   "potentially unknown symbol table"), or an op holding a region that is not materialized
   (spvk_ir_find_unmaterialized tells them apart), given in *unknown_table (when not NULL). */
typedef bool (*spvk_ir_symbol_use_fn)(void *user, spvk_ir_op *user_op, const spvk_ir_attr *ref);
SPVK_API spvk_result spvk_ir_symbol_uses(spvk_ir_context *ctx, spvk_ir_op *from, spvk_ir_symbol_use_fn fn, void *user,
                                         spvk_ir_op **unknown_table);

typedef struct spvk_ir_symbol_slot {
    const char *name; /* interned; NULL: empty */
    spvk_ir_op *op;
} spvk_ir_symbol_slot;
typedef struct spvk_ir_symbol_table {
    const spvk_ir_op *op;
    spvk_ir_symbol_slot *slots; /* open addressing on interned name pointers */
    size_t capacity;
    size_t count;
    spvk_ir_context *ctx;
} spvk_ir_symbol_table;
SPVK_API bool spvk_ir_symbol_table_build(spvk_ir_context *ctx, const spvk_ir_op *table, spvk_ir_symbol_table *out);
SPVK_API spvk_ir_op *spvk_ir_symbol_table_find(const spvk_ir_symbol_table *t, const char *interned_name);
SPVK_API bool spvk_ir_symbol_table_insert(spvk_ir_symbol_table *t, spvk_ir_op *op);
SPVK_API void spvk_ir_symbol_table_free(spvk_ir_symbol_table *t);

/* ---- Dialects and operation kinds ---- */
enum {
    SPVK_TRAIT_TERMINATOR = 1u << 0,
    SPVK_TRAIT_ISOLATED_FROM_ABOVE = 1u << 1,
    SPVK_TRAIT_SYMBOL = 1u << 2,
    SPVK_TRAIT_SYMBOL_TABLE = 1u << 3,
    SPVK_TRAIT_NO_SIDE_EFFECTS = 1u << 4,
    SPVK_TRAIT_NO_TERMINATOR = 1u << 5,     /* its regions' blocks need no terminator */
    SPVK_TRAIT_SINGLE_BLOCK = 1u << 6,      /* its regions have at most one block */
    SPVK_TRAIT_RETURN_LIKE = 1u << 7,
    SPVK_TRAIT_CONSTANT_LIKE = 1u << 8,
    SPVK_TRAIT_COMMUTATIVE = 1u << 9,
    SPVK_TRAIT_GRAPH_REGION = 1u << 10,     /* no dominance inside its regions */
    /* The traits passes ask about (MLIR's names in parentheses). */
    SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE = 1u << 11, /* (SameOperandsAndResultType) */
    SPVK_TRAIT_SAME_TYPE_OPERANDS = 1u << 12,             /* (SameTypeOperands) */
    SPVK_TRAIT_ELEMENTWISE = 1u << 13,        /* (Elementwise): applies to each element of its vector operands */
    SPVK_TRAIT_RECURSIVE_EFFECTS = 1u << 14,  /* (RecursiveMemoryEffects): its effects are those of
                                                 the ops in its regions (scf.for, scf.if) */
    SPVK_TRAIT_FUNCTION_LIKE = 1u << 15,      /* (FunctionOpInterface): `function_type` is a TYPE
                                                 attribute of a function type; region 0 is the body
                                                 (empty: a declaration) whose entry block's arguments
                                                 are the inputs; `arg_attrs`/`res_attrs` optional
                                                 ARRAYs of DICTIONARYs */
    SPVK_TRAIT_CALL = 1u << 16,               /* (CallOpInterface): see spvk_ir_op_def.call */
    SPVK_TRAIT_BRANCH = 1u << 17,             /* (BranchOpInterface): see successor_operands */
    SPVK_TRAIT_REGION_BRANCH = 1u << 18,      /* (RegionBranchOpInterface): see region_successors */
    SPVK_TRAIT_IDEMPOTENT = 1u << 19,         /* (Idempotent): f(f(x)) = f(x) */
    SPVK_TRAIT_INVOLUTION = 1u << 20,         /* (Involution): f(f(x)) = x */
    SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE = 1u << 21, /* (AutomaticAllocationScope) */
    SPVK_TRAIT_ATTR_SIZED_OPERANDS = 1u << 22, /* (AttrSizedOperandSegments): operandSegmentSizes */
    SPVK_TRAIT_ATTR_SIZED_RESULTS = 1u << 23,  /* (AttrSizedResultSegments): resultSegmentSizes */
    SPVK_TRAIT_UNREGISTERED = 1 << 30
};

/* Memory effects (MLIR's MemoryEffectOpInterface) of an op on the resources it touches, as a mask.
   An op with SPVK_TRAIT_NO_SIDE_EFFECTS has none (Pure); an op with SPVK_TRAIT_RECURSIVE_EFFECTS has
   those of the ops nested in it; a registered op with neither and no mask may do anything. */
enum {
    SPVK_EFFECT_READ = 1u << 0,
    SPVK_EFFECT_WRITE = 1u << 1,
    SPVK_EFFECT_ALLOCATE = 1u << 2, /* allocates its result (memref.alloc): dead if unused */
    SPVK_EFFECT_FREE = 1u << 3,
    SPVK_EFFECT_KNOWN = 1u << 7     /* set with the others: the mask says all (possibly nothing) */
};

/* What folding an op gives for one result (MLIR's OpFoldResult): a constant or an existing value. */
typedef struct spvk_ir_fold_result {
    const spvk_ir_attr *attr;
    spvk_ir_value *value;
} spvk_ir_fold_result;
typedef enum spvk_ir_fold_status {
    SPVK_FOLD_FAILED = 0,   /* nothing to do */
    SPVK_FOLD_IN_PLACE = 1, /* the op changed itself (operands or attributes) and stays */
    SPVK_FOLD_RESULTS = 2   /* every result is given in results[] and the op can go */
} spvk_ir_fold_status;

/* Names the printer gives a value: called by an op's result_names hook (MLIR's
   OpAsmOpInterface::getAsmResultNames: "c20", "cst", "alloc"); the printer makes them unique
   with `_N` suffixes as MLIR's does. name is copied. */
typedef void (*spvk_ir_name_fn)(void *user, const spvk_ir_value *value, const char *name, size_t length);

/* Patterns live above the IR core (src/rewrite); an op def only points at the function that
   adds its canonicalization patterns to a set. */
typedef struct spvk_pattern_set spvk_pattern_set;

/* Operation verification reports through this; returns false so callers can `return spvk_ir_op_error(...)`. */
typedef struct spvk_ir_verifier spvk_ir_verifier;
SPVK_API bool spvk_ir_op_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same without the "'name' op " prefix (MLIR's op->emitError, where spvk_ir_op_error is
   emitOpError): several MLIR verifiers word their messages so. */
SPVK_API bool spvk_ir_op_emit_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* A note at op's location after an error (MLIR's attachNote: "return type declared here"). */
SPVK_API void spvk_ir_op_note(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
SPVK_API spvk_ir_context *spvk_ir_verifier_context(spvk_ir_verifier *v);
/* The op a SYMBOL_REF names, looked up from the nearest symbol table above `from`, through an
   index the verifier builds once per table (op verifiers resolve many references). */
SPVK_API spvk_ir_op *spvk_ir_verifier_resolve_symbol(spvk_ir_verifier *v, const spvk_ir_op *from,
                                                     const spvk_ir_attr *ref);

struct spvk_ir_op_def {
    const char *name;       /* full name, "spirv.IAdd" */
    const spvk_ir_dialect *dialect;
    uint32_t traits;
    int32_t num_regions;    /* expected region count, or -1 for any */
    bool (*verify)(spvk_ir_verifier *v, const spvk_ir_op *op);
    /* Custom form: the parser is called after the op name, the printer prints after it. Either both or none. */
    bool (*parse)(spvk_ir_parser *p, spvk_ir_op_state *state);
    void (*print)(spvk_ir_printer *p, const spvk_ir_op *op);
    const void *data;       /* the dialect's own description of the op */
    const void *form_data;  /* the custom form's own, prepared once with the def */

    /* ---- Interfaces (NULL / 0: the op does not have it) ---- */
    /* Inherent attributes (MLIR's properties): the generic form prints them in `<{...}>`, the
       rest in the trailing `{...}`. Sorted by name. */
    const char *const *inherent_attrs;
    uint32_t num_inherent_attrs;
    uint8_t effects; /* SPVK_EFFECT_* (see there), for an op without NO_SIDE_EFFECTS */
    /* Folding (MLIR's fold): operand_constants[i] is the constant attribute operand i is known
       to hold, or NULL. Returns what it did; with SPVK_FOLD_RESULTS, results[0, num_results). */
    spvk_ir_fold_status (*fold)(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                spvk_ir_fold_result *results);
    /* Adds the op's canonicalization patterns (MLIR's getCanonicalizationPatterns). */
    bool (*canonicalization_patterns)(spvk_pattern_set *set, spvk_ir_context *ctx);
    /* Result-name hints for the printer. */
    void (*result_names)(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
    /* SPVK_TRAIT_BRANCH: the operands [*first, *first + *count) that go to successor i's arguments. */
    void (*successor_operands)(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count);
    /* SPVK_TRAIT_BRANCH: erases operand k of those going to successor i, keeping true whatever else
       records the operand groups (cf.switch's case_operand_segments; MLIR's MutableOperandRange).
       NULL: spvk_ir_op_erase_operand is enough. */
    bool (*erase_successor_operand)(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t successor, uint32_t k);
    /* SPVK_TRAIT_REGION_BRANCH: where control goes from `from` (-1: the parent op, entering it; r:
       the end of its region r): up to max region indices into out, -1 meaning back to the parent
       op's results. Returns how many. (MLIR's getSuccessorRegions.) */
    uint32_t (*region_successors)(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
    /* SPVK_TRAIT_CALL: the callee is the SYMBOL_REF attribute `callee` and the operands are the
       arguments; with call_indirect the callee is operand 0 and the rest are (func.call_indirect). */
    bool call_indirect;
    /* MLIR's OpAsmOpInterface::getDefaultDialect: inside this op's regions the custom form of an
       op of this dialect is spelled without its `dialect.` prefix (func.func's body: `return`,
       `call`); NULL: the enclosing op's (builtin outside any). */
    const char *default_dialect;
    /* MLIR's MemoryEffectOpInterface as the op implements it, when its effects depend on the op
       (vector.transfer_read reads a memref but has no effect on a tensor): the mask `effects`
       would hold (SPVK_EFFECT_KNOWN set), or 0 when unknown. NULL: `effects` says. */
    uint8_t (*memory_effects)(const spvk_ir_op *op);
};

struct spvk_ir_dialect {
    const char *name; /* "spirv" */
    const char *const *aliases; /* other names accepted on input ("spv") */
    uint32_t num_aliases;
    /* Parses the body of !name.body / !name<body>; the parser stands just after the dialect name. */
    const spvk_ir_type *(*parse_type)(spvk_ir_parser *p);
    void (*print_type)(spvk_ir_printer *p, const spvk_ir_type *type);
    const spvk_ir_attr *(*parse_attr)(spvk_ir_parser *p, const spvk_ir_type *type);
    void (*print_attr)(spvk_ir_printer *p, const spvk_ir_attr *attr);
    /* Called once when registered: registers its operations (NULL: none up front). */
    bool (*register_ops)(spvk_ir_context *ctx, const spvk_ir_dialect *self);
    /* Optional, for a dialect of many operations: makes the def of op `name` (interned, spelled
       with the dialect's own name) the first time the context is asked for it, so that a context
       prepares only the ops it meets (spirv has some 1,100: preparing them all took 0.6 of the
       2.5 ms a small translation took). NULL when the dialect has no such op. The def must live
       as long as the context (static, or the context's memory). Threads may ask at once (ctx then
       a worker's view): the first def registered is the one kept. */
    const spvk_ir_op_def *(*make_op)(spvk_ir_context *ctx, const spvk_ir_dialect *self, const char *name);
    void *data;
    /* Optional (MLIR's materializeConstant): an op of this dialect that makes value of type, at
       the builder's insertion point; NULL when it cannot. Folding makes its constants with it. */
    spvk_ir_op *(*materialize_constant)(struct spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type);
};

SPVK_API bool spvk_ir_register_dialect(spvk_ir_context *ctx, const spvk_ir_dialect *dialect);
SPVK_API bool spvk_ir_register_op(spvk_ir_context *ctx, const spvk_ir_op_def *def);
SPVK_API const spvk_ir_dialect *spvk_ir_dialect_lookup(spvk_ir_context *ctx, const char *name, size_t length);
SPVK_API const spvk_ir_op_def *spvk_ir_op_def_lookup(spvk_ir_context *ctx, const char *name, size_t length);

/* ---- Context ---- */
SPVK_API spvk_ir_context *spvk_ir_context_create(const spvk_allocator *allocator);
SPVK_API void spvk_ir_context_destroy(spvk_ir_context *ctx);
/* Registers builtin and every dialect spvkit ships (src/dialects/registry.c; spvkit/dialects.h
   declares their getters). */
SPVK_API bool spvk_ir_register_all_dialects(spvk_ir_context *ctx);
SPVK_API const spvk_ir_dialect *spvk_ir_builtin_dialect(void);
SPVK_API void spvk_ir_context_allow_unregistered(spvk_ir_context *ctx, bool allow);
SPVK_API bool spvk_ir_context_allows_unregistered(const spvk_ir_context *ctx);
SPVK_API const spvk_allocator *spvk_ir_context_allocator(const spvk_ir_context *ctx);
/* Memory from the context's arena, freed with the context. NULL when out of memory. */
SPVK_API void *spvk_ir_alloc(spvk_ir_context *ctx, size_t size);
/* True once any allocation failed: the IR may be incomplete, callers report out of memory. */
SPVK_API bool spvk_ir_context_failed(const spvk_ir_context *ctx);
SPVK_API size_t spvk_ir_context_memory(const spvk_ir_context *ctx); /* bytes held */

/* ---- Verifier ----
   Structure (terminators, region counts, dominance inside regions, isolation from above) and each
   op's own verifier. Problems go to diags, naming the op's location when it has one. A region
   that is not materialized is one of them ("'spirv.func' op holds a region that is not
   materialized: it cannot be verified"), except in spvk_ir_verifier_run_streamed. */
SPVK_API spvk_result spvk_ir_verify(spvk_ir_context *ctx, spvk_ir_op *op, spvk_diagnostics *diags);
/* The same for many ops of one IR (each function of a streamed module): the symbol tables the
   ops refer to are indexed once, so they must not change between runs. */
SPVK_API spvk_ir_verifier *spvk_ir_verifier_create(spvk_ir_context *ctx, spvk_diagnostics *diags);
SPVK_API spvk_result spvk_ir_verifier_run(spvk_ir_verifier *v, spvk_ir_op *op);
/* The module level of a streamed module (spvk_ir_stream): op and what is materialized in it. A
   region not materialized is a child's body that the stream's child_begin builds and verifies
   with this verifier; only a streaming translator's caller may leave it for later. */
SPVK_API spvk_result spvk_ir_verifier_run_streamed(spvk_ir_verifier *v, spvk_ir_op *op);
SPVK_API void spvk_ir_verifier_destroy(spvk_ir_verifier *v);

/* ---- Streaming: one function at a time ----
   A translator that builds a module's functions on demand (spvk_ir_lazy_parser,
   spvk_spirv_deserializer) hands these hooks to what consumes the module (the printer, the SPIR-V
   serializer). For each op of the module's region, child_begin is called before the op is used:
   it builds the op's body and verifies it; an error from it stops the consumer and is returned.
   child_end is called after: it frees the body. Memory stays that of one function. */
typedef struct spvk_ir_stream_consumer spvk_ir_stream_consumer;
typedef struct spvk_ir_stream {
    spvk_result (*child_begin)(void *user, spvk_ir_op *child);
    void (*child_end)(void *user, spvk_ir_op *child);
    void *user;
    /* The two below are the threads' (src/ir_parallel, spvkit/ir_parallel.h): the IR core calls
       neither. Optional, from translators that can build on several threads: hands them a
       consumer that can use a child on the thread that built it (see spvk_ir_stream_consumer);
       NULL clears it. Returns whether the translator will use it (it was set to build on
       several threads). */
    bool (*set_consumer)(void *user, const spvk_ir_stream_consumer *consumer);
    /* Optional: a consumer that verifies children itself (the printer's workers, while the
       calling thread builds the next) takes the verification over (taken = true) until it gives
       it back (false); meanwhile child_begin only builds. Returns the translator's verifier,
       through which the consumer reports a child that fails, or NULL when it has none (nothing
       is to be verified). */
    spvk_ir_verifier *(*take_verification)(void *user, bool taken);
} spvk_ir_stream;

/* What a consumer can do with a child on any thread (the printer's workers: print it into a
   buffer; spvk_ir_parallel_print_workers). A
   translator's worker that built (and verified) a child calls use() on its own thread, where the
   body is still in that thread's caches, and frees the body at once when use() returns true; the
   consumer's child_begin for it then finds the body gone and the child used. thread_create makes
   the state of one building thread, whose context (a view) is ctx. */
struct spvk_ir_stream_consumer {
    void *user;
    void *(*thread_create)(void *user, spvk_ir_context *ctx);
    void (*thread_destroy)(void *user, void *thread);
    bool (*use)(void *user, void *thread, spvk_ir_op *child);
};

/* ---- Text (src/ir/parser.c, printer.c) ---- */
typedef struct spvk_ir_print_workers spvk_ir_print_workers; /* src/ir/printer_internal.h */
typedef struct spvk_ir_print_options {
    bool generic;         /* --mlir-print-op-generic */
    bool debug_info;      /* print loc(...) */
    bool assume_verified; /* the caller verified the IR: custom forms without verifying again
                             (otherwise IR that fails verification prints in generic form) */
    /* Streaming (an op with one region): the text is the same as printing the whole module. In
       generic form every child_begin comes first (value numbering needs every body). */
    spvk_ir_stream stream;
    /* Streaming in custom form with threads > 1 and workers (spvk_ir_parallel_print_workers(),
       spvkit/ir_parallel.h): while the calling thread makes each child whole (child_begin),
       threads - 1 others print the children made before it; the text and the order of the hooks
       are the same. The context's allocator must then be thread-safe. Without workers the
       calling thread prints every child. */
    unsigned threads;
    const spvk_ir_print_workers *workers;
    /* Where the printer reports IR it cannot print (may be NULL): a region that is not
       materialized, other than a streamed child's body, fails the print (spvk_ir_print returns
       NULL, spvk_ir_print_to SPVK_ERROR_INVALID) rather than print as `{}`, a declaration. */
    spvk_diagnostics *diags;
} spvk_ir_print_options;

/* Parses MLIR text; the top-level ops are wrapped in a builtin.module unless the text is one. */
SPVK_API spvk_result spvk_ir_parse(spvk_ir_context *ctx, const char *text, size_t length, const char *file_name,
                                   spvk_ir_op **module_out, spvk_diagnostics *diags);
/* Lazy parsing: the module's structure is parsed now and the bodies of isolated ops that are not
   symbol tables (functions) are only found, their regions left unmaterialized.
   materialize(op) parses op's bodies, exactly as spvk_ir_parse would have (positions in
   diagnostics, aliases defined before them); it may be called again after spvk_ir_region_clear
   and marking the region unmaterialized. text must outlive the parser. Diagnostics go to diags.
   An error makes every later call fail. stream() fills hooks that materialize (and verify, with
   a verifier, which must live until the parser is destroyed or streams again) each function before it is used
   and free its body after. */
typedef struct spvk_ir_lazy_parser spvk_ir_lazy_parser;
SPVK_API spvk_result spvk_ir_lazy_parser_create(spvk_ir_context *ctx, const char *text, size_t length,
                                                const char *file_name, spvk_diagnostics *diags, spvk_ir_op **module_out,
                                                spvk_ir_lazy_parser **parser_out);
SPVK_API spvk_result spvk_ir_lazy_parser_materialize(spvk_ir_lazy_parser *parser, spvk_ir_op *op);
SPVK_API void spvk_ir_lazy_parser_stream(spvk_ir_lazy_parser *parser, spvk_ir_verifier *verifier, spvk_ir_stream *stream);
/* (spvk_ir_lazy_parser_set_threads, in spvkit/ir_parallel.h, builds the bodies on several
   threads.) */
SPVK_API void spvk_ir_lazy_parser_destroy(spvk_ir_lazy_parser *parser);

/* Prints op (normally a module); returns a string freed with spvk_free(allocator, s, strlen(s) + 1). */
SPVK_API char *spvk_ir_print(spvk_ir_context *ctx, const spvk_ir_op *op, const spvk_ir_print_options *options);
/* Prints op as spvk_ir_print does, handing the text to write in chunks (never the whole text at
   once: memory stays that of the IR). write returns false to stop; the result is then
   SPVK_ERROR_IO. */
typedef bool (*spvk_ir_write_fn)(void *user, const char *text, size_t length);
SPVK_API spvk_result spvk_ir_print_to(spvk_ir_context *ctx, const spvk_ir_op *op, const spvk_ir_print_options *options,
                                      spvk_ir_write_fn write, void *user);
/* One type or attribute's text, for diagnostics: past 4 KiB the rest is left out and "..." ends it
   (a shared sub-tree written out may be 2^63 long; spvk_ir_print names it through an alias). */
SPVK_API char *spvk_ir_print_type(spvk_ir_context *ctx, const spvk_ir_type *type);
/* A type's text for a message, into buf (size bytes), truncated to fit; MLIR's `<<NULL TYPE>>` for
   none. Returns buf. */
SPVK_API const char *spvk_ir_type_text(spvk_ir_context *ctx, const spvk_ir_type *type, char *buf, size_t size);
SPVK_API char *spvk_ir_print_attr(spvk_ir_context *ctx, const spvk_ir_attr *attr);

#ifdef __cplusplus
}
#endif
#endif
