/* The spirv dialect's private header: the operation table generated from the grammar
   (tools/gen_spirv_dialect.py -> spirv_op_table.c) and the generic mapping between one SPIR-V
   instruction and one operation, shared by the deserializer and the serializer.

   The generic mapping, for an instruction that maps to one operation (spirv.IAdd, spirv.GL.Sqrt,
   spirv.Load, ...): after the result type and result id, each grammar operand in order is
     - an id (IdRef, IdScope, IdMemorySemantics, ...) -> the next SSA operand (optional and variadic
       ones included: all SSA operands come in grammar order);
     - a literal or an enumerant -> an attribute named by the slot (MLIR's name where MLIR has the op);
       an enumerant's parameters follow it: id parameters are SSA operands in place, literal
       parameters are attributes named by the slot's param_attr_names (MemoryAccess Aligned N ->
       "alignment"). Which parameters exist is known from the enumerant value, so the serializer can
       interleave again without segment sizes.
   The result type becomes the op's result type; instructions without a result have no results.
   Structural instructions (module layout, types, constants, globals, functions, blocks, branches,
   merges, OpPhi, decorations, names) are not generic: the (de)serializer handles them. */
#ifndef SPVK_SPIRV_INTERNAL_H
#define SPVK_SPIRV_INTERNAL_H

#include "spvkit/binary.h"
#include "spvkit/grammar.h"
#include "spvkit/spirv_dialect.h"
#include "../../ir/dict_memo.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

typedef enum spvk_spirv_slot_kind {
    SPVK_SPIRV_SLOT_OPERAND, /* SSA operand(s) */
    SPVK_SPIRV_SLOT_ATTR     /* an attribute */
} spvk_spirv_slot_kind;

typedef struct spvk_spirv_slot {
    uint8_t grammar_operand; /* index into the grammar's operand list (result type/id excluded) */
    uint8_t kind;            /* spvk_spirv_slot_kind */
    const char *attr_name;   /* SPVK_SPIRV_SLOT_ATTR: the attribute's name */
    const char *const *param_attr_names; /* enumerant literal parameters, by parameter order; NULL: "<attr>_<n>" */
    uint8_t num_param_attr_names;
    /* Appended: an id operand that is an attribute (SPVK_SPIRV_SLOT_ATTR) because MLIR makes it one:
       SPVK_SPIRV_ID_AS_CONSTANT: the id must be an OpConstant; the attribute is attr_kind's enum
       (#spirv.scope<...>, #spirv.memory_semantics<...>) or, for SPVK_SPIRV_ATTR_KIND_NONE, an i32;
       the serializer materializes an OpConstant (i32) again. SPVK_SPIRV_ID_AS_TYPE: the id is a type;
       the attribute a TypeAttr. SPVK_SPIRV_ID_AS_FUNCTION (spvkit's): the id names a function (a
       cooperative matrix reduction's CombineFunc, OpEnqueueKernel's Invoke), which no SSA value
       stands for; the attribute is the spirv.func's FlatSymbolRef, as spirv.FunctionCall's callee. */
    uint8_t id_as_attr;
    uint16_t attr_kind; /* spvk_operand_kind of an ID_AS_CONSTANT enum attribute, or SPVK_SPIRV_ATTR_KIND_NONE */
} spvk_spirv_slot;

enum { SPVK_SPIRV_ID_AS_NONE = 0, SPVK_SPIRV_ID_AS_CONSTANT = 1, SPVK_SPIRV_ID_AS_TYPE = 2, SPVK_SPIRV_ID_AS_FUNCTION = 3 };
#define SPVK_SPIRV_ATTR_KIND_NONE 0xffffu

enum {
    SPVK_SPIRV_OP_GENERIC = 1u << 0,    /* maps one instruction <-> one op as above */
    SPVK_SPIRV_OP_STRUCTURAL = 1u << 1, /* handled by the (de)serializer itself */
    SPVK_SPIRV_OP_IN_MLIR = 1u << 2,    /* MLIR 19 defines this op (names follow its ODS) */
    SPVK_SPIRV_OP_CUSTOM_FORM = 1u << 3 /* has a custom assembly form (spirv_custom_forms.c) */
};

typedef struct spvk_spirv_op_info {
    const char *name;        /* "spirv.IAdd", "spirv.GL.Sqrt", "spirv.CL.exp" */
    uint16_t opcode;         /* OpExtInst for extended instructions */
    uint16_t ext_set;        /* spvk_ext_inst_set, SPVK_EXT_INST_SET_NONE for core instructions */
    uint32_t ext_opcode;
    const spvk_instruction_desc *desc;         /* core instructions */
    const spvk_ext_instruction_desc *ext_desc; /* extended instructions */
    uint8_t has_result_type, has_result;
    uint8_t num_slots;
    const spvk_spirv_slot *slots;
    uint32_t flags;
    uint32_t traits;          /* SPVK_TRAIT_* for the op def */
} spvk_spirv_op_info;

/* The generated table (spirv_op_table.c). */
extern const spvk_spirv_op_info spvk_spirv_op_infos[];
extern const size_t spvk_spirv_num_op_infos;
/* Appended: the core instructions come first, sorted by opcode, then GLSL.std.450 and OpenCL.std. */
extern const size_t spvk_spirv_num_core_op_infos;
/* Appended: the rows' indexes sorted by name (bytewise); see spvk_spirv_op_info_by_name. */
extern const uint16_t spvk_spirv_op_infos_by_name[];
/* Appended: the mnemonic of each enum operand kind (NULL for other kinds); see spvk_spirv_enum_attr_mnemonic. */
extern const char *const spvk_spirv_enum_mnemonics[];

/* What the dialect keeps per op (spvk_ir_op_def.data), found once when its def is made. */
typedef struct spvk_spirv_op_data {
    const spvk_spirv_op_info *info; /* NULL for structural ops that stand for no one instruction */
    const void *verify_rule;        /* spirv_verify.c's own rule for the op, or NULL */
    /* The grammar's SSA operands for the slots that are not attributes, counted once here for the
       generic shape check (an attribute slot's value may add more: enumerants with id
       parameters), and whether every slot is one SSA operand (the encoder then writes the ids in
       order). */
    uint16_t min_operands, max_operands;
    bool unbounded_operands;
    bool attr_slots;
    bool ids_only;
} spvk_spirv_op_data;
/* The op data of an op name and its info (NULL for structural ops without one): the verifier's
   rule and the counted shape. */
spvk_spirv_op_data spvk_spirv_verify_data(const char *name, const spvk_spirv_op_info *info);

const spvk_spirv_op_info *spvk_spirv_op_info_by_opcode(uint32_t opcode);
const spvk_spirv_op_info *spvk_spirv_op_info_by_ext(unsigned ext_set, uint32_t ext_opcode);
/* The info of a registered spirv op (op->def->data), or NULL for structural ops without one. */
const spvk_spirv_op_info *spvk_spirv_op_info_of(const spvk_ir_op *op);

/* Generic mapping (spirv_generic.c).
   Decode: given the instruction and the SSA values of its id operands (in grammar order, already
   resolved by the caller: ids[i] is the value of the i-th id operand word, NULL where the caller
   materializes nothing), fills the operation state (name/def, operands, result types, attrs).
   The caller supplies scratch arrays big enough for inst->num_operands entries. */
typedef struct spvk_spirv_decoded {
    spvk_ir_op_state state;
    spvk_ir_value **operands;       /* scratch, inst->num_operands entries */
    const char **attr_names;        /* scratch */
    const spvk_ir_attr **attr_values;
    const spvk_ir_type *result_type;
    ir_dict_memo *dict_memo;         /* optional: the caller's (names are static or interned) */
} spvk_spirv_decoded;
spvk_result spvk_spirv_decode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info,
                                      const spvk_instruction *inst, spvk_ir_value *const *id_values,
                                      const spvk_ir_type *result_type, spvk_spirv_decoded *out,
                                      spvk_diagnostics *diags);
/* id_values is indexed by the instruction's id operands after its result type and result id, in
   order: for OpExtInst the set is id_values[0] (pass NULL) and the extended instruction's own
   operands follow. The decoded state's name/def, operands, result types and attrs point into `out`
   and the scratch arrays; `out->state` is ready for spvk_ir_op_create. Slots with id_as_attr: without
   hooks (below), an ID_AS_CONSTANT id must be the result of an op carrying an integer `value`
   attribute (a spirv.Constant the caller materialized; it may erase it afterwards when unused), and
   an ID_AS_TYPE id is an error. */
/* Encode: writes the operand words after result type/id: ids via id_of(user, value), literals and
   enumerants from the attributes. Returns false (with a diagnostic naming the op) when an attribute
   is missing or wrong. For an extended instruction the caller writes the set's id and the
   instruction number too (info->ext_opcode); encode writes the extended instruction's operands. */
bool spvk_spirv_encode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info, const spvk_ir_op *op,
                               spvk_writer *w, uint32_t (*id_of)(void *user, const spvk_ir_value *v), void *user,
                               spvk_diagnostics *diags);

/* Appended: the attribute-valued id operands (slots with id_as_attr), for callers that know the ids.
   attr_of_id (decode): what the id stands for: the value of an OpConstant as an INTEGER attribute
   (ID_AS_CONSTANT) or the type as a TYPE attribute (ID_AS_TYPE); NULL when it is neither (the decoder
   reports an error naming the instruction). id_of_attr (encode): the id of an OpConstant with the
   value of an i32 INTEGER attribute (enum attributes are passed as their i32 value), or of the type
   of a TYPE attribute; 0 on failure (the encoder reports it). Either may be NULL. */
typedef struct spvk_spirv_id_hooks {
    const spvk_ir_attr *(*attr_of_id)(void *user, uint32_t id, unsigned id_as);
    uint32_t (*id_of_attr)(void *user, const spvk_ir_attr *attr, unsigned id_as);
    void *user;
} spvk_spirv_id_hooks;
spvk_result spvk_spirv_decode_generic_ex(spvk_ir_context *ctx, const spvk_spirv_op_info *info,
                                         const spvk_instruction *inst, spvk_ir_value *const *id_values,
                                         const spvk_ir_type *result_type, const spvk_spirv_id_hooks *hooks,
                                         spvk_spirv_decoded *out, spvk_diagnostics *diags);
bool spvk_spirv_encode_generic_ex(spvk_ir_context *ctx, const spvk_spirv_op_info *info, const spvk_ir_op *op,
                                  spvk_writer *w, uint32_t (*id_of)(void *user, const spvk_ir_value *v), void *user,
                                  const spvk_spirv_id_hooks *hooks, spvk_diagnostics *diags);
/* Appended: the attribute name of an enumerant's id parameter that names a function
   (TensorAddressingOperands' DecodeFunc -> "decode_func", DecodeVectorFunc -> "decode_vector_func"),
   or NULL for every other enumerant. Such a parameter is not an SSA operand but a FlatSymbolRef
   attribute (SPVK_SPIRV_ID_AS_FUNCTION through the hooks); the generic mapping, the verifier and
   the serializer ask here. */
const char *spvk_spirv_function_param_attr(unsigned kind, uint32_t enumerant_value);
/* Appended: the info for an op name ("spirv.IAdd", "spv.IAdd" too), or NULL. */
const spvk_spirv_op_info *spvk_spirv_op_info_by_name(const char *name, size_t length);

/* Custom assembly forms (spirv_custom_forms.c): the parse/print pair for an op name, or NULL (the
   declarative forms of spirv.ops share one entry, whose name is NULL). */
typedef struct spvk_spirv_custom_form {
    const char *name; /* "spirv.Load" */
    bool (*parse)(spvk_ir_parser *p, spvk_ir_op_state *state);
    void (*print)(spvk_ir_printer *p, const spvk_ir_op *op);
} spvk_spirv_custom_form;
const spvk_spirv_custom_form *spvk_spirv_custom_form_lookup(const char *name);
/* What the custom form of `name` prepares once per context (a declarative form's parsed format),
   for spvk_ir_op_def.form_data (ir_alloc_immutable memory); NULL when it has none, or out of
   memory (ctx failed). */
const void *spvk_spirv_custom_form_data(spvk_ir_context *ctx, const char *name);
/* The declarative forms (spirv.ops -> spirv_ops.c) and the hooks it names (spirv_custom_forms.c). */
extern const spvk_ods_dialect spvk_spirv_ods;
bool spvk_spirv_ods_is_enum(const spvk_ir_attr *a, const spvk_ods_attr_constraint *c);
const spvk_ir_attr *spvk_spirv_ods_parse_enum(spvk_ir_parser *p, const spvk_ods_attr_constraint *c);
void spvk_spirv_ods_print_enum(spvk_ir_printer *p, const spvk_ir_attr *a, const spvk_ods_attr_constraint *c);
void spirv_infer_same(spvk_ods_infer *in);
void spirv_infer_bool(spvk_ods_infer *in);
void spirv_infer_operand0(spvk_ods_infer *in);
void spirv_infer_result(spvk_ods_infer *in);
void spirv_infer_atomic(spvk_ods_infer *in);
void spirv_infer_dot_acc(spvk_ods_infer *in);
void spirv_infer_vec_extract(spvk_ods_infer *in);
void spirv_infer_vec_insert(spvk_ods_infer *in);
void spirv_infer_image(spvk_ods_infer *in);
void spirv_infer_predicate(spvk_ods_infer *in);
void spirv_infer_operand2(spvk_ods_infer *in);
void spirv_infer_i32(spvk_ods_infer *in);

/* The verifier of every spirv op (spirv_verify.c): operand counts for all, operand and result
   types per the SPIR-V specification for the ops issue 4 lists, structural ops' own rules. */
bool spvk_spirv_verify_op(spvk_ir_verifier *v, const spvk_ir_op *op);

/* Composite and access-chain walking (spirv_verify.c), shared by the verifier and the custom forms'
   parsers, which compute result types the way MLIR's do.
   The type of member `index` of a composite type (struct, array, runtime array, vector, matrix,
   cooperative matrix); *count gets the member count, -1 when not known at compile time. NULL when
   t is not composite (the index is not range-checked here). */
const spvk_ir_type *spvk_spirv_composite_member(const spvk_ir_type *t, int64_t index, int64_t *count);
/* The value of an integer spirv.Constant defining v (false for anything else). */
bool spvk_spirv_constant_integer(const spvk_ir_value *v, int64_t *out);
/* One access-chain step from type t by the index value (struct members need a constant index); NULL
   with the reason in why. */
const spvk_ir_type *spvk_spirv_access_chain_step(const spvk_ir_type *t, const spvk_ir_value *index, char *why,
                                                 size_t why_size);
/* A name MLIR's printer would give op's first result (getAsmResultNames: "cst3_i32", "true",
   "gl_Foo_addr"), unsanitized, into buf; false when MLIR suggests none. */
bool spvk_spirv_result_name(const spvk_ir_op *op, char *buf, size_t size);

/* Decorations as attributes (MLIR 19's convention, shared by the (de)serializer and the printer):
   the attribute name is the decoration's name in snake_case ("NonWritable" -> "non_writable",
   "BuiltIn" -> "built_in", "DescriptorSet" -> "descriptor_set"); no operand -> unit; BuiltIn ->
   string of the BuiltIn name; FPFastMathMode -> #spirv.fastmath_mode<...>; one literal -> i32;
   LinkageAttributes -> #spirv.linkage_attributes<...>. Returns the interned name. */
const char *spvk_spirv_decoration_attr_name(spvk_ir_context *ctx, uint32_t decoration);
/* The decoration an attribute name stands for, or -1 (not a decoration: an inherent attribute). */
int spvk_spirv_decoration_from_attr_name(const char *name);

/* snake_case of an operand kind for #spirv.<kind><...> enum attributes: "storage_class", "memory_access". */
const char *spvk_spirv_enum_attr_mnemonic(unsigned operand_kind);

/* ---- Appended: shared by the type/attribute syntax and the custom forms ---- */

/* Enumerants MLIR 19 names differently from the grammar (Dim1D for 1D, MatrixA for MatrixAKHR). */
typedef struct spvk_spirv_enum_rename {
    uint16_t kind;
    uint32_t value;
    const char *name;
} spvk_spirv_enum_rename;
extern const spvk_spirv_enum_rename spvk_spirv_enum_renames[];
extern const size_t spvk_spirv_num_enum_renames;

/* Decorations by attribute name, sorted by name (strcmp): the reverse of spvk_spirv_decoration_attr_name. */
/* Appended: MLIR 19's inherent attributes of an op (spvk_ir_op_def.inherent_attrs), generated
   from tools/spirv_mlir_names.txt; sorted by op name. */
typedef struct spvk_spirv_inherent_attrs {
    const char *op;
    const char *const *names;
    uint32_t count;
} spvk_spirv_inherent_attrs;
extern const spvk_spirv_inherent_attrs spvk_spirv_inherent[];
extern const size_t spvk_spirv_num_inherent;

typedef struct spvk_spirv_named_value {
    const char *name;
    uint32_t value;
} spvk_spirv_named_value;
extern const spvk_spirv_named_value spvk_spirv_decoration_attr_names[];
extern const size_t spvk_spirv_num_decoration_attr_names;

/* The name MLIR prints for a value enumerant (its own spelling where it has one), or NULL. */
const char *spvk_spirv_enumerant_name(unsigned operand_kind, uint32_t value);
/* An enumerant by name, MLIR's spelling or the grammar's (aliases included); false when unknown. */
bool spvk_spirv_enumerant_value(unsigned operand_kind, const char *name, size_t length, uint32_t *value);
/* Prints an enum value MLIR's way without the #spirv.<mnemonic><> around it: a value enumerant's
   name, a mask's bit names joined by '|' in value order ("None" for 0; unknown bits in hex). */
void spvk_spirv_print_enum_value(spvk_ir_printer *p, unsigned operand_kind, uint32_t value);
/* Parses what spvk_spirv_print_enum_value prints (a quoted string is accepted too). */
bool spvk_spirv_parse_enum_value(spvk_ir_parser *p, unsigned operand_kind, uint32_t *value);

/* The dialect's type and attribute hooks (spirv_types.c, spirv_attrs.c). */
const spvk_ir_type *spvk_spirv_parse_type(spvk_ir_parser *p);
void spvk_spirv_print_type(spvk_ir_printer *p, const spvk_ir_type *type);
const spvk_ir_attr *spvk_spirv_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type);
void spvk_spirv_print_attr(spvk_ir_printer *p, const spvk_ir_attr *attr);

/* OpTypeFloat's (width, FPEncoding) of the small float types and the IR's encoding for them
   (f8E4M3FN is OpTypeFloat 8 Float8E4M3EXT, ...; bf16 is handled on its own). */
typedef struct spvk_spirv_small_float {
    uint32_t width, fp_encoding;
    int ir_encoding;
} spvk_spirv_small_float;
static const spvk_spirv_small_float spvk_spirv_small_floats[] = {
    {8, SPVK_FPENCODING_Float8E4M3EXT, SPVK_FLOAT_F8E4M3FN},
    {8, SPVK_FPENCODING_Float8E5M2EXT, SPVK_FLOAT_F8E5M2},
    {8, SPVK_FPENCODING_Float8UnsignedE8M0EXT, SPVK_FLOAT_F8E8M0FNU},
    {6, SPVK_FPENCODING_Float6E2M3EXT, SPVK_FLOAT_F6E2M3FN},
    {6, SPVK_FPENCODING_Float6E3M2EXT, SPVK_FLOAT_F6E3M2FN},
    {4, SPVK_FPENCODING_Float4E2M1EXT, SPVK_FLOAT_F4E2M1FN},
    {8, SPVK_FPENCODING_MXInt8EXT, SPVK_FLOAT_MXINT8},
};
static inline const spvk_spirv_small_float *spvk_spirv_small_float_of(int ir_encoding)
{
    for (size_t i = 0; i < sizeof spvk_spirv_small_floats / sizeof *spvk_spirv_small_floats; i++)
        if (spvk_spirv_small_floats[i].ir_encoding == ir_encoding)
            return &spvk_spirv_small_floats[i];
    return NULL;
}

#endif
