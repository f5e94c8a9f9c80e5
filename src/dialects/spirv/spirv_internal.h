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
#include "../../ir/ir_asm.h"

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
} spvk_spirv_slot;

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
} spvk_spirv_decoded;
spvk_result spvk_spirv_decode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info,
                                      const spvk_instruction *inst, spvk_ir_value *const *id_values,
                                      const spvk_ir_type *result_type, spvk_spirv_decoded *out,
                                      spvk_diagnostics *diags);
/* Encode: writes the operand words after result type/id: ids via id_of(user, value), literals and
   enumerants from the attributes. Returns false (with a diagnostic naming the op) when an attribute
   is missing or wrong. */
bool spvk_spirv_encode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info, const spvk_ir_op *op,
                               spvk_writer *w, uint32_t (*id_of)(void *user, const spvk_ir_value *v), void *user,
                               spvk_diagnostics *diags);

/* snake_case of an operand kind for #spirv.<kind><...> enum attributes: "storage_class", "memory_access". */
const char *spvk_spirv_enum_attr_mnemonic(unsigned operand_kind);

#endif
