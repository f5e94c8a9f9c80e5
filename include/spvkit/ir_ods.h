/* Ops declared as data (MLIR's ODS, in C): operands, attributes, results, regions and successors
   with their constraints, enums, type relations and the declarative assembly format. The engine
   (src/ir/asm_format.c) turns a description into spvk_ir_op_defs whose parse/print run the format
   and whose verify runs MLIR's generated checks with MLIR 19's messages, then the op's own.

   Descriptions are written by tools/gen_dialect_ops.py from a dialect's table
   (src/dialects/<d>/<d>.ops, see docs/dialects.md): formats come resolved (every name an index,
   every literal's spacing decided), so nothing is looked up by name while parsing or printing.
   Hand-written descriptions work the same way but are laborious: prefer the generator. */
#ifndef SPVKIT_IR_ODS_H
#define SPVKIT_IR_ODS_H

#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Constraints ---- */
typedef struct spvk_ods_type_constraint {
    const char *name;    /* "SignlessIntegerLike" */
    const char *summary; /* "signless-integer-like": the verifier's "must be <summary>, but got ..." */
    bool (*pred)(const spvk_ir_type *t); /* NULL: any type */
    /* The C++ type class MLIR's constraint has (VectorType of AnyVectorOfAnyRank, MemRefType...):
       a format's type($x) of a value of this constraint refuses another kind of type as it is
       parsed, "custom op 'vector.load' invalid kind of type specified". NULL: any type parses. */
    bool (*type_class)(const spvk_ir_type *t);
} spvk_ods_type_constraint;

typedef struct spvk_ods_enum spvk_ods_enum;
typedef struct spvk_ods_attr_constraint spvk_ods_attr_constraint;

/* How an attribute of a constraint is written where a format names it ($attr). */
typedef enum spvk_ods_attr_form {
    SPVK_ODS_ATTR_FULL = 0,    /* any attribute, in full (with its `: type`) */
    SPVK_ODS_ATTR_TYPED,       /* a builtin integer/float attribute of the constraint's fixed type,
                                  written without it (I64Attr: `4`, not `4 : i64`) */
    SPVK_ODS_ATTR_UNIT,        /* UnitAttr: present or not; writes nothing (an optional group's anchor) */
    SPVK_ODS_ATTR_TYPE,        /* TypeAttr: the type itself */
    SPVK_ODS_ATTR_SYMBOL_NAME, /* SymbolNameAttr: a string written as @name */
    SPVK_ODS_ATTR_ENUM,        /* the constraint's enum: see spvk_ods_enum_storage */
    SPVK_ODS_ATTR_STRING,      /* StrAttr: "text" */
    SPVK_ODS_ATTR_CUSTOM       /* the constraint's own parse/print hooks */
} spvk_ods_attr_form;

struct spvk_ods_attr_constraint {
    const char *name;    /* "I64Attr" */
    const char *summary; /* "64-bit signless integer attribute": "failed to satisfy constraint: ..." */
    bool (*pred)(const spvk_ir_attr *a); /* NULL: any attribute */
    uint8_t form;        /* spvk_ods_attr_form */
    /* SPVK_ODS_ATTR_TYPED: the type (kind SPVK_TYPE_INTEGER/FLOAT/INDEX, width, signedness or
       float encoding). */
    uint8_t type_kind, type_flags;
    uint16_t type_width;
    const spvk_ods_enum *enumeration; /* SPVK_ODS_ATTR_ENUM */
    /* SPVK_ODS_ATTR_CUSTOM (both), and for constraints that need `param` to decide (pred2). */
    const spvk_ir_attr *(*parse)(spvk_ir_parser *p, const spvk_ods_attr_constraint *c);
    void (*print)(spvk_ir_printer *p, const spvk_ir_attr *a, const spvk_ods_attr_constraint *c);
    bool (*pred2)(const spvk_ir_attr *a, const spvk_ods_attr_constraint *c); /* used when pred is NULL */
    int64_t param;
};

/* ---- Enums ---- */
typedef enum spvk_ods_enum_storage {
    SPVK_ODS_ENUM_I32 = 0, /* I32EnumAttr: an i32 integer attribute; formats write the case keyword */
    SPVK_ODS_ENUM_I64,     /* I64EnumAttr: the same with i64 */
    SPVK_ODS_ENUM_ATTR,    /* EnumAttr with `<` $value `>`: #dialect.mnemonic<case>; formats write <case> */
    SPVK_ODS_ENUM_BARE     /* EnumAttr with the default format: #dialect<mnemonic case>; formats write ` case` */
} spvk_ods_enum_storage;

typedef struct spvk_ods_enum_case {
    const char *name;
    int64_t value;
} spvk_ods_enum_case;

struct spvk_ods_enum {
    const char *name;     /* "CmpIPredicate" */
    uint8_t storage;      /* spvk_ods_enum_storage */
    bool bit;             /* a bit enum: cases combine, joined by separator */
    const char *mnemonic; /* ATTR/BARE: "fastmath" */
    const char *separator; /* bit enums: "," (MLIR's default) or "|" */
    const spvk_ods_enum_case *cases; /* bit enums: multi-bit cases (`fast`) come first when printing */
    uint32_t num_cases;
    /* ATTR/BARE: the attribute is (dialect(), attr_kind) with value the enum's value. */
    const spvk_ir_dialect *(*dialect)(void);
    uint16_t attr_kind;
};

/* The enum attribute of that value (an integer attribute for I32/I64 storage); NULL when out of memory. */
SPVK_API const spvk_ir_attr *spvk_ods_enum_attr(spvk_ir_context *ctx, const spvk_ods_enum *e, int64_t value);
/* Is a of enum e (any value, valid or not: see spvk_ods_enum_valid)? Its value into *value. */
SPVK_API bool spvk_ods_enum_value(const spvk_ods_enum *e, const spvk_ir_attr *a, int64_t *value);
SPVK_API bool spvk_ods_enum_valid(const spvk_ods_enum *e, int64_t value);
/* The case keyword(s) as MLIR's stringify writes them (bit enums joined), into buf; false if the
   value has no spelling or does not fit. */
SPVK_API bool spvk_ods_enum_spell(const spvk_ods_enum *e, int64_t value, char *buf, size_t size);
/* Case keywords (a bit enum's list of them) at the parser; false (reported) when unknown. */
SPVK_API bool spvk_ods_enum_parse_cases(spvk_ir_parser *p, const spvk_ods_enum *e, int64_t *value);

/* ---- Ops ---- */
typedef enum spvk_ods_arity { SPVK_ODS_SINGLE = 0, SPVK_ODS_OPTIONAL, SPVK_ODS_VARIADIC } spvk_ods_arity;

typedef struct spvk_ods_value {
    const char *name; /* "lhs" */
    const spvk_ods_type_constraint *constraint;
    uint8_t arity;    /* spvk_ods_arity */
} spvk_ods_value;

/* SPVK_ODS_DEFAULT_OPTIONAL is MLIR's DefaultValuedOptionalAttr: printing treats it as a default-valued
   attribute (left out while it holds its default), but parsing does not add it where the text
   leaves it out (vector.load's `nontemporal`: absent from the generic form unless written). */
typedef enum spvk_ods_attr_kind {
    SPVK_ODS_REQUIRED = 0,
    SPVK_ODS_OPTIONAL_ATTR,
    SPVK_ODS_DEFAULT_VALUED,
    SPVK_ODS_DEFAULT_OPTIONAL
} spvk_ods_attr_kind;

typedef struct spvk_ods_attr {
    const char *name; /* "predicate" */
    const spvk_ods_attr_constraint *constraint;
    uint8_t kind;     /* spvk_ods_attr_kind */
    /* SPVK_ODS_DEFAULT_VALUED: the default, as an enum case (bit enums: "a,b") or an integer/float
       literal of a typed constraint, or `true`/`false`, or a string's contents. Parsing sets it
       where the text leaves the attribute out (MLIR's properties always hold it); printing leaves
       an optional group anchored on it out when it holds the default. */
    const char *default_text;
} spvk_ods_attr;

typedef enum spvk_ods_region_kind { SPVK_ODS_ANY_REGION = 0, SPVK_ODS_SIZED_REGION, SPVK_ODS_VARIADIC_REGION } spvk_ods_region_kind;
typedef struct spvk_ods_region {
    const char *name;
    uint8_t kind;    /* spvk_ods_region_kind */
    uint32_t blocks; /* SIZED: at most / exactly this many blocks (SizedRegion<n>) */
} spvk_ods_region;

typedef struct spvk_ods_successor {
    const char *name;
    bool variadic;
} spvk_ods_successor;

/* Value references in relations: operand group i is i, result group i is SPVK_ODS_RESULT(i). */
#define SPVK_ODS_RESULT(i) (-1 - (i))
/* ... and in relations, attribute i (its type) is SPVK_ODS_ATTR_REF(i). */
#define SPVK_ODS_ATTR_REF(i) (0x4000 + (i))

typedef enum spvk_ods_relation_kind {
    SPVK_ODS_ALL_TYPES_MATCH = 0, /* AllTypesMatch<a, b, ...> */
    SPVK_ODS_TYPES_MATCH_WITH     /* TypesMatchWith<target, source, transform>: values[0] is the target */
} spvk_ods_relation_kind;

typedef const spvk_ir_type *(*spvk_ods_type_transform)(spvk_ir_context *ctx, const spvk_ir_type *source);

typedef struct spvk_ods_relation {
    uint8_t kind;
    uint8_t num_values;
    int16_t values[6];
    spvk_ods_type_transform transform;
    const char *text; /* "AllTypesMatch<lhs, rhs>": for the verifier's message */
} spvk_ods_relation;

/* Where a type the format leaves out comes from (decided when generating, as MLIR's format
   generator does): each operand and result group has one. */
typedef enum spvk_ods_resolver_kind {
    SPVK_ODS_PRINTED = 0,  /* the format prints it (or the group is empty) */
    SPVK_ODS_FROM_VALUE,   /* source: another group (SPVK_ODS_RESULT for results), through transform */
    SPVK_ODS_FROM_ATTR,    /* source: an attribute's type, through transform */
    SPVK_ODS_BUILD,        /* transform(ctx, NULL): a buildable constraint's type (I1, Index) */
    SPVK_ODS_INFERRED      /* the op's infer hook */
} spvk_ods_resolver_kind;

typedef struct spvk_ods_resolver {
    uint8_t kind;
    int16_t source;
    spvk_ods_type_transform transform; /* NULL: the source's type itself */
} spvk_ods_resolver;

typedef struct spvk_ods_op spvk_ods_op;

/* What type inference sees: one type per operand and result value (NULL: unknown), and the op's
   ODS attributes (NULL: absent). An infer hook fills what it can of the unknown ones. */
typedef struct spvk_ods_infer {
    spvk_ir_context *ctx;
    const spvk_ods_op *op;
    const spvk_ir_type **operand_types;
    uint32_t num_operands;
    const spvk_ir_type **result_types;
    uint32_t num_results;
    const spvk_ir_attr *const *attrs; /* by ODS attribute index */
    /* Each ODS group's first value and count. */
    const uint32_t *operand_start, *operand_count;
    const uint32_t *result_start, *result_count;
} spvk_ods_infer;
typedef void (*spvk_ods_infer_fn)(spvk_ods_infer *in);

/* ---- Formats ---- */
typedef enum spvk_ods_element_kind {
    SPVK_ODS_EL_LITERAL = 0,  /* text, length; `` (empty) and ` ` (space) too */
    SPVK_ODS_EL_OPERAND,      /* $operand: index */
    SPVK_ODS_EL_ATTR,         /* $attr: index */
    SPVK_ODS_EL_REGION,       /* $region: index */
    SPVK_ODS_EL_SUCCESSOR,    /* $successor: index */
    SPVK_ODS_EL_OPERANDS,     /* operands */
    SPVK_ODS_EL_REGIONS,      /* regions */
    SPVK_ODS_EL_SUCCESSORS,   /* successors */
    SPVK_ODS_EL_TYPE,         /* type(x): ref (see spvk_ods_element.ref); qualified: flag */
    SPVK_ODS_EL_FUNCTIONAL,   /* functional-type(ref, ref2) */
    SPVK_ODS_EL_ATTR_DICT,    /* attr-dict */
    SPVK_ODS_EL_ATTR_DICT_KW, /* attr-dict-with-keyword */
    SPVK_ODS_EL_PROP_DICT,    /* prop-dict: `<{...}>` of the inherent attributes no element names */
    SPVK_ODS_EL_GROUP,        /* ( then )? or ( then ) : ( else )? : then is [this+1, end), else [end, else_end);
                                 anchor: the element (an index) whose presence decides */
    SPVK_ODS_EL_CUSTOM        /* custom<Name>(args): args are elements [this+1, end) (kinds OPERAND,
                                 ATTR, TYPE, REGION, SUCCESSOR, ATTR_DICT...); hooks */
} spvk_ods_element_kind;

/* References inside type(...)/functional-type(...): what they stand for. */
typedef enum spvk_ods_ref_kind {
    SPVK_ODS_REF_OPERAND = 0, /* operand group index */
    SPVK_ODS_REF_RESULT,      /* result group index */
    SPVK_ODS_REF_OPERANDS,    /* all operands */
    SPVK_ODS_REF_RESULTS      /* all results */
} spvk_ods_ref_kind;

enum {
    /* A space is printed before the element. MLIR's format generator decides it when generating
       (its shouldEmitSpace/lastWasPunctuation state follows the format, not the op), and so
       does tools/gen_dialect_ops.py. attr-dict prints its own. */
    SPVK_ODS_SPACE_BEFORE = 1u << 0,
    SPVK_ODS_KEYWORD = 1u << 3,                 /* literal: a keyword (`to`), else punctuation */
    SPVK_ODS_QUALIFIED = 1u << 5,               /* qualified(...) */
    SPVK_ODS_ANCHOR = 1u << 6,                  /* the anchor of its optional group (^) */
    SPVK_ODS_ELSE = 1u << 7                     /* group: has an else part */
};

typedef struct spvk_ods_custom_state spvk_ods_custom_state;
typedef struct spvk_ods_element spvk_ods_element;
/* custom<Name>: the parser stands where the directive's text starts; the hook stores what it
   read through spvk_ods_custom_set_* for each argument element. The printer's hook prints that
   text (leading space included, as MLIR's custom printers are preceded by one). */
typedef bool (*spvk_ods_custom_parse_fn)(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args,
                                         uint32_t num_args);
typedef void (*spvk_ods_custom_print_fn)(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                                         const spvk_ods_element *args, uint32_t num_args);

struct spvk_ods_element {
    uint8_t kind;   /* spvk_ods_element_kind */
    uint8_t flags;  /* SPVK_ODS_* above */
    uint8_t ref, ref2; /* TYPE/FUNCTIONAL: spvk_ods_ref_kind of index/index2 */
    int16_t index, index2;
    uint16_t end, else_end; /* GROUP, CUSTOM */
    int16_t anchor;         /* GROUP: the element whose presence decides; CUSTOM: unused */
    uint16_t length;
    const char *text;       /* LITERAL: the NUL-terminated text (" " for ` `); CUSTOM: the directive's name */
    spvk_ods_custom_parse_fn custom_parse;
    spvk_ods_custom_print_fn custom_print;
};

/* The format's state a custom directive sees (src/ir/asm_format.c). Argument elements are those
   the hook was given (their kind says what they are). */
SPVK_API spvk_ir_context *spvk_ods_custom_context(spvk_ods_custom_state *s);
/* Parsing: operands (refs), types, an attribute, regions, successors read for an argument. */
SPVK_API bool spvk_ods_custom_set_operands(spvk_ods_custom_state *s, const spvk_ods_element *arg,
                                           const spvk_ir_operand_ref *refs, uint32_t count);
SPVK_API bool spvk_ods_custom_set_types(spvk_ods_custom_state *s, const spvk_ods_element *arg,
                                        const spvk_ir_type *const *types, uint32_t count);
SPVK_API bool spvk_ods_custom_set_attr(spvk_ods_custom_state *s, const spvk_ods_element *arg, const spvk_ir_attr *a);
SPVK_API spvk_ir_op_state *spvk_ods_custom_op_state(spvk_ods_custom_state *s); /* regions, successors, attr-dict */
/* Already parsed (an earlier element's) values, for hooks that take them as inputs. */
SPVK_API uint32_t spvk_ods_custom_get_types(spvk_ods_custom_state *s, const spvk_ods_element *arg,
                                            const spvk_ir_type *const **types);
/* Printing: an argument's operands (first, count) in op, its attribute (NULL: absent). */
SPVK_API void spvk_ods_custom_operands(spvk_ods_custom_state *s, const spvk_ods_element *arg, uint32_t *first,
                                       uint32_t *count);
SPVK_API uint32_t spvk_ods_custom_results(spvk_ods_custom_state *s, const spvk_ods_element *arg, uint32_t *first);
SPVK_API const spvk_ir_attr *spvk_ods_custom_attr(spvk_ods_custom_state *s, const spvk_ods_element *arg);

/* ---- The op ---- */
struct spvk_ods_op {
    const char *name;    /* "arith.addi" */
    uint32_t traits;     /* SPVK_TRAIT_* */
    uint8_t effects;     /* SPVK_EFFECT_* */
    uint8_t flags;       /* SPVK_ODS_OP_* */
    uint16_t num_operands, num_attrs, num_results, num_regions, num_successors;
    uint16_t num_relations, num_elements;
    const spvk_ods_value *operands;
    const spvk_ods_attr *attrs;
    const spvk_ods_value *results;
    const spvk_ods_region *regions;
    const spvk_ods_successor *successors;
    const spvk_ods_relation *relations;      /* checked by the verifier */
    const spvk_ods_resolver *operand_resolvers; /* num_operands of them, with a format */
    const spvk_ods_resolver *result_resolvers;  /* num_results */
    const spvk_ods_element *elements; /* the format (NULL: none) */
    /* Fills the types still unknown (NULL) once the resolvers ran: MLIR's InferTypeOpInterface, or
       any rule a dialect has (spirv's forms). */
    spvk_ods_infer_fn infer;
    /* Elided from the attr-dict: the attributes the format prints itself, operandSegmentSizes... */
    const char *const *elided;
    uint32_t num_elided;
    /* Inherent attributes (sorted names), for spvk_ir_op_def.inherent_attrs. */
    const char *const *inherent;
    uint32_t num_inherent;
    /* The op def's hooks and interfaces, as the table names them. */
    bool (*verify)(spvk_ir_verifier *v, const spvk_ir_op *op);
    bool (*parse)(spvk_ir_parser *p, spvk_ir_op_state *state); /* hand-written form (instead of a format) */
    void (*print)(spvk_ir_printer *p, const spvk_ir_op *op);
    spvk_ir_fold_status (*fold)(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                spvk_ir_fold_result *results);
    bool (*canonicalization_patterns)(spvk_pattern_set *set, spvk_ir_context *ctx);
    void (*result_names)(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user);
    const char *result_name; /* a literal name hint ("alloc"), when result_names is NULL */
    void (*successor_operands)(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count);
    bool (*erase_successor_operand)(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t successor, uint32_t k);
    uint32_t (*region_successors)(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
    uint8_t (*memory_effects)(const spvk_ir_op *op); /* spvk_ir_op_def.memory_effects */
    const char *const *parents; /* HasParent/ParentOneOf: op names; NULL: any */
    uint32_t num_parents;
    const char *implicit_terminator; /* SingleBlockImplicitTerminator<op> */
    const void *data;                /* the dialect's own */
};

enum {
    SPVK_ODS_OP_CALL_INDIRECT = 1u << 0,
    /* Print the fallback form `(%a, %b) {attrs} : (T1, T2) -> R` after the name when the format
       cannot say everything about an op (MLIR would print it generically); parse it first. */
    SPVK_ODS_OP_FALLBACK = 1u << 1,
    SPVK_ODS_OP_NO_ODS_VERIFY = 1u << 2, /* the dialect verifies the op itself (spirv) */
    SPVK_ODS_OP_SAME_VARIADIC_OPERANDS = 1u << 3, /* SameVariadicOperandSize: variadic groups share the rest evenly */
    SPVK_ODS_OP_SAME_VARIADIC_RESULTS = 1u << 4   /* SameVariadicResultSize */
};

typedef struct spvk_ods_dialect {
    const char *name;
    const spvk_ods_op *ops;
    uint32_t num_ops;
    const spvk_ods_enum *const *enums;
    uint32_t num_enums;
} spvk_ods_dialect;

/* Makes and registers an op def for every op of d (for dialect self); the defs live in the
   context's memory. For a dialect's register_ops hook. */
SPVK_API bool spvk_ods_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self, const spvk_ods_dialect *d);
/* Fills def from op (for dialects that make their defs themselves, on demand). */
SPVK_API void spvk_ods_fill_def(spvk_ir_op_def *def, const spvk_ir_dialect *self, const spvk_ods_op *op);
/* For such dialects: what def->form_data must hold for def's hooks to find op (made once per
   context, in memory every thread may read). NULL when out of memory. */
SPVK_API const void *spvk_ods_form_data(spvk_ir_context *ctx, const spvk_ods_op *op);
/* The ODS description of a def made from one, or NULL. */
SPVK_API const spvk_ods_op *spvk_ods_op_of(const spvk_ir_op_def *def);

/* The hooks a def made from a description has (exported for dialects that wrap them). */
SPVK_API bool spvk_ods_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
SPVK_API void spvk_ods_print(spvk_ir_printer *p, const spvk_ir_op *op);
SPVK_API bool spvk_ods_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
/* Only the generated checks (what spvk_ods_verify does before the op's own verify). */
SPVK_API bool spvk_ods_verify_invariants(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ods_op *ods);

/* Enum attributes of a dialect's full form: its print_attr/parse_attr hooks call these first.
   print: true when a was one of d's enum attributes (and printed, without `#dialect.`).
   parse: at the mnemonic (or `<` of `#dialect<...>`); *handled false (nothing consumed) when it is
   none of d's enums. */
SPVK_API bool spvk_ods_print_enum_attr(spvk_ir_printer *p, const spvk_ods_dialect *d, const spvk_ir_attr *a);
SPVK_API const spvk_ir_attr *spvk_ods_parse_enum_attr(spvk_ir_parser *p, const spvk_ods_dialect *d, bool *handled);

/* An op's ODS groups: the first value and count of each operand group of op (false when the
   counts do not fit the description: wrong count, bad operandSegmentSizes). */
SPVK_API bool spvk_ods_operand_groups(const spvk_ods_op *ods, const spvk_ir_op *op, uint32_t *start, uint32_t *count);
SPVK_API bool spvk_ods_result_groups(const spvk_ods_op *ods, const spvk_ir_op *op, uint32_t *start, uint32_t *count);

/* ---- Shared constraint predicates (tools/ods_common.ops names them) ---- */
SPVK_API bool spvk_ods_is_index(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_i1(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_i32(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_i64(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_integer(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_signless_integer(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_float(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_f32(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_f16(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_f64(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_bf16(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_signless_integer_or_index(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_bool_like(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_signless_integer_like(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_signless_integer_or_index_like(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_float_like(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_vector(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_tensor(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_ranked_tensor(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_memref(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_ranked_or_unranked_memref(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_shaped(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_function_type(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_none(const spvk_ir_type *t);
SPVK_API bool spvk_ods_is_index_like(const spvk_ir_type *t);

SPVK_API bool spvk_ods_is_unit_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_bool_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_i32_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_i64_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_index_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_integer_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_f32_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_f64_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_float_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_string_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_flat_symbol_ref_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_symbol_ref_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_type_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_function_type_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_dictionary_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_dense_i32_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_dense_i64_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_dense_bool_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_i64_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_i32_array_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_typed_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_elements_attr(const spvk_ir_attr *a);
SPVK_API bool spvk_ods_is_dictionary_array_attr(const spvk_ir_attr *a);

/* Shared TypesMatchWith transforms. */
SPVK_API const spvk_ir_type *spvk_ods_i1_like(spvk_ir_context *ctx, const spvk_ir_type *t);     /* i1 shaped like t */
SPVK_API const spvk_ir_type *spvk_ods_element_type(spvk_ir_context *ctx, const spvk_ir_type *t); /* of a shaped type */
SPVK_API const spvk_ir_type *spvk_ods_identity(spvk_ir_context *ctx, const spvk_ir_type *t);
/* Buildable constraints' types (the source is ignored). */
SPVK_API const spvk_ir_type *spvk_ods_build_i1(spvk_ir_context *ctx, const spvk_ir_type *ignored);
SPVK_API const spvk_ir_type *spvk_ods_build_i32(spvk_ir_context *ctx, const spvk_ir_type *ignored);
SPVK_API const spvk_ir_type *spvk_ods_build_i64(spvk_ir_context *ctx, const spvk_ir_type *ignored);
SPVK_API const spvk_ir_type *spvk_ods_build_index(spvk_ir_context *ctx, const spvk_ir_type *ignored);
SPVK_API const spvk_ir_type *spvk_ods_build_f32(spvk_ir_context *ctx, const spvk_ir_type *ignored);

#ifdef __cplusplus
}
#endif
#endif
