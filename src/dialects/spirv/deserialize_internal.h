/* The deserializer's private header (deserialize.c, deserialize_types.c,
   deserialize_control_flow.c): its state and the functions the three files share.

   The binary is walked once by spvk_parse_words and every instruction (with its decoded operands)
   is kept in two flat arrays. Everything after that works from those arrays: module-level
   instructions in order, then each function. What is known about each id lives in one table
   (dsr_id), dense when the header's bound is plausible for the module's size and hashed
   otherwise, so memory follows the input and never a hostile bound.

   There is one failure path, as in Mesa's spirv_to_nir: dsr_fail() records a diagnostic naming
   the instruction (word offset and opcode) and longjmps back to spvk_spirv_deserialize, which
   frees the scratch memory and returns the error. IR already built stays in the context's arena
   (freed with the context); the caller gets no module. */
#ifndef SPVK_SPIRV_DESERIALIZE_INTERNAL_H
#define SPVK_SPIRV_DESERIALIZE_INTERNAL_H

#include <setjmp.h>

#include "spirv_internal.h"
#include "../../support/support.h"
#include "../../grammar/grammar_counts.h"

/* Structured constructs nested deeper than this are refused (recursion in the emitter). */
#define DSR_MAX_NESTING 256
/* Types nested deeper than this (array of array of ...) are refused (recursion in resolution). */
#define DSR_MAX_TYPE_DEPTH 256

/* One instruction of the module, as the reader decoded it. */
typedef struct dsr_inst {
    uint32_t offset;        /* word offset in the module (its words are dsr.words + offset) */
    uint32_t first_operand; /* into dsr.operands */
    uint32_t result_type_id, result_id;
    uint16_t num_words, opcode, num_operands;
    uint16_t ext_set; /* OpExtInst: spvk_ext_inst_set or SPVK_EXT_INST_SET_NONE */
} dsr_inst;

typedef enum dsr_id_kind {
    DSR_ID_NONE = 0,
    DSR_ID_TYPE,
    DSR_ID_CONSTANT,      /* OpConstant*, materialized as spirv.Constant at uses */
    DSR_ID_SAMPLER,       /* OpConstantSampler, materialized as spirv.ConstantSampler at uses */
    DSR_ID_UNDEF,         /* module-level OpUndef, materialized as spirv.Undef at uses */
    DSR_ID_SPEC,          /* OpSpecConstant{,True,False,Composite}: a symbol, spirv.mlir.referenceof */
    DSR_ID_SPEC_OP,       /* OpSpecConstantOp, materialized as spirv.SpecConstantOperation at uses */
    DSR_ID_GLOBAL,        /* module-level OpVariable: a symbol, spirv.mlir.addressof */
    DSR_ID_FUNCTION,
    DSR_ID_EXT_IMPORT,
    DSR_ID_DECORATION_GROUP,
    DSR_ID_STRING,        /* OpString (debug) */
    DSR_ID_NONSEMANTIC,   /* module-level OpExtInst of a NonSemantic.* set, materialized where used */
    DSR_ID_SIZEOF,        /* OpConstantSizeOfEXT, materialized as spirv.ConstantSizeOfEXT at uses */
    DSR_ID_LABEL,
    DSR_ID_VALUE          /* a value defined inside a function (parameter, instruction, OpPhi) */
} dsr_id_kind;

enum {
    DSR_STATE_NONE = 0,
    DSR_STATE_BUSY = 1, /* being resolved: seeing it again is a cycle */
    DSR_STATE_DONE = 2
};

typedef struct dsr_id {
    uint32_t id;
    uint32_t def;          /* defining instruction index + 1; 0 when not defined (yet) */
    uint8_t kind;          /* dsr_id_kind */
    uint8_t state;         /* DSR_STATE_* for lazily resolved types and constants */
    uint8_t may_recurse;   /* OpTypeStruct reachable through an OpTypeForwardPointer */
    uint8_t is_null;       /* a constant made by OpConstantNull */
    uint8_t ever_defined;  /* a function-local decoration target: some function defined it ... */
    uint8_t remat;         /* VALUE: an OpLoad of a UniformConstant variable (an image, a sampler, an
                              acceleration structure) needed outside its construct: loaded again there */
    uint16_t local_opcode; /* ... with this instruction */
    uint32_t decorations;  /* head of this id's decoration list, index + 1 into dsr.decos */
    uint32_t cache_epoch;  /* cache_block/cache_value belong to function materialization d->epoch */
    const char *name;      /* OpName (points into the words), NULL when none or empty */
    const spvk_ir_type *type;  /* TYPE: the type; constants, globals, values: their type */
    const spvk_ir_attr *attr;  /* CONSTANT: its value */
    const spvk_ir_attr *ref;   /* SPEC/GLOBAL, FUNCTION (on first use: dsr_function_ref), constants given a
                                  symbol: a FlatSymbolRef */
    const spvk_ir_attr *dict;  /* the attributes of the op materializing it (made once) */
    const char *symbol;        /* SPEC/GLOBAL/FUNCTION: the (unique, interned) symbol name */
    spvk_ir_op *op;            /* SPEC/GLOBAL/FUNCTION: the symbol's op */
    /* Inside the function being translated. */
    spvk_ir_value *value;       /* VALUE: its SSA value (arguments, results, phis) */
    spvk_ir_value *spill;       /* VALUE: the Function variable carrying it out of its construct */
    spvk_ir_block *cache_block; /* materialized constants and references: where ... */
    spvk_ir_value *cache_value; /* ... and what (reused for later uses in the same block) */
    uint32_t block;             /* LABEL: block index in the function; VALUE: defining block */
    uint32_t region;            /* VALUE: the region it is defined in */
} dsr_id;

/* One decoration of one id (or of a member of a struct). */
typedef struct dsr_deco {
    uint32_t inst;      /* the decorating instruction */
    uint32_t target;    /* the decorated id (a group's targets get copies) */
    uint32_t next;      /* the next decoration of the same target, index + 1 */
    int32_t member;     /* -1: the id itself */
    uint16_t first;     /* operand index of the Decoration operand within the instruction */
    uint8_t used;       /* folded into an attribute or a type (checked at the end: none is lost) */
    uint8_t pad;
} dsr_deco;

/* ---- Per function ---- */

typedef enum dsr_region_kind { DSR_REGION_FUNCTION, DSR_REGION_SELECTION, DSR_REGION_LOOP } dsr_region_kind;

typedef struct dsr_region {
    uint8_t kind;        /* dsr_region_kind */
    uint32_t parent;     /* region index; the function region is 0 and its own parent */
    uint32_t depth;
    uint32_t header;     /* block index (selection/loop) */
    uint32_t merge;      /* block index, or DSR_NONE */
    uint32_t cont;       /* loop: continue target block index */
    uint32_t control;    /* selection/loop control mask */
    uint32_t merge_inst; /* the OpSelectionMerge/OpLoopMerge instruction */
    uint32_t first_block, last_block; /* the blocks assigned to it: a list through dsr_block.next_in_region */
    uint32_t first_cross;             /* targets crossing it: a list through dsr_cross */
    uint32_t back_edge;               /* loop: the block whose branch goes back to the header */
    spvk_ir_op *op;                   /* the spirv.mlir.selection/loop (or spirv.func) */
    spvk_ir_region *ir;               /* its region */
    spvk_ir_block *ir_entry;          /* selection: holds the header's terminator; loop: branches to the header */
    spvk_ir_block *ir_merge;          /* holds spirv.mlir.merge */
} dsr_region;

#define DSR_NONE UINT32_MAX

typedef struct dsr_block {
    uint32_t label;       /* the label id */
    uint32_t first, last; /* instruction range: OpLabel .. terminator */
    uint32_t first_body;  /* first instruction after the OpLabel and OpPhis */
    uint32_t merge_inst;  /* OpSelectionMerge/OpLoopMerge index, or DSR_NONE */
    uint32_t region;      /* region its instructions go to (DSR_NONE: not yet placed) */
    uint32_t term_region; /* region its terminator goes to (a selection header's: its construct) */
    uint32_t construct;   /* header: the region of its construct, or DSR_NONE */
    uint32_t merge_of;    /* merge block of this header's construct (header block index), or DSR_NONE */
    uint32_t continue_of; /* continue target of this loop header (block index), or DSR_NONE */
    uint32_t next_in_region;
    uint32_t exit_code;   /* its number in the exit-code dispatch (0: none yet) */
    uint32_t num_phis;
    uint8_t spill_phis;   /* reached by an edge leaving a construct: its phis go through variables */
    uint8_t inline_merge; /* a merge block emitted right after its construct's op */
    uint8_t emitted;
    uint8_t outer_emitted;
    uint8_t local_pred;
    uint8_t has_pred;     /* some block branches to it */   /* reached by a local edge (not only from inside its construct) */
    uint8_t is_loop_header;
    spvk_ir_block *ir;    /* its IR block (a loop header's inside the loop) */
    spvk_ir_block *outer; /* a loop header's block in the enclosing region (holds the loop op) */
    spvk_ir_value **phi_spills; /* spill_phis: one Function variable per phi */
} dsr_block;

typedef struct dsr_cross {
    uint32_t target; /* block index */
    uint32_t next;   /* index + 1 */
} dsr_cross;

typedef struct dsr_fn {
    uint32_t def_inst;  /* the OpFunction */
    uint32_t end_inst;  /* the OpFunctionEnd */
    dsr_id *id;
    spvk_ir_op *op;
    dsr_block *blocks;
    size_t num_blocks, blocks_capacity;
    dsr_region *regions;
    size_t num_regions, regions_capacity;
    dsr_cross *crosses;
    size_t num_crosses, crosses_capacity;
    uint32_t *work; /* worklist of block indexes */
    size_t work_count, work_capacity;
    uint64_t *cross_set; /* (region << 32 | target) + 1, open addressing */
    size_t cross_set_capacity, cross_set_count;
    uint32_t next_exit_code;
    /* Emission order: per region a list of (block index << 1 | outer) through order_next. */
    uint32_t *order, *order_next;
    size_t order_count, order_capacity, order_next_capacity;
    uint32_t *region_first, *region_last;
    size_t region_first_capacity, region_last_capacity;
    uint32_t *materialized; /* ids materialized for the instruction being translated */
    size_t num_materialized, materialized_capacity;
    const spvk_ir_type *result_type; /* the function's result type, NULL for void */
    const spvk_ir_attr *plain_cond_attrs; /* operandSegmentSizes [1, 0, 0], made once */
    spvk_ir_value *cond_ops[3];
    bool phi_stores_done; /* the terminator being emitted had its phi stores made already */
    uint32_t cur_region;     /* the region code is being emitted into (visibility of values) */
    spvk_ir_block *entry;    /* the function's entry IR block (variables go first) */
    spvk_ir_op *last_var;    /* where the next variable goes (after the previous one) */
    spvk_ir_value *exit_var; /* i32 exit code variable, created on first use */
} dsr_fn;

enum { DSR_OP_UNKNOWN = 0, DSR_OP_SIMPLE, DSR_OP_DECODE };
typedef struct dsr_op_cache {
    const spvk_ir_op_def *def;
    uint8_t state; /* DSR_OP_* */
} dsr_op_cache;

#define DSR_CORE_INFO_CACHE 512

/* One function of the module: its OpFunction and parameters are kept at module level, its body
   is read when the function is materialized. */
typedef struct dsr_function {
    uint32_t first_inst;  /* the OpFunction in dsr.insts (parameters follow) */
    uint32_t num_params;
    uint32_t body_offset; /* word offset of the first instruction after the parameters */
    uint32_t end_offset;  /* word offset after the OpFunctionEnd */
    spvk_ir_op *op;       /* its spirv.func */
    bool materialized;
} dsr_function;

/* What a worker's copy of the deserializer (deserialize.c, "Threads") changes while building a
   function that check_module reads at the end: logged for the consumer, which applies it when it
   takes the function. */
enum { DSR_EFFECT_DECORATION_USED, DSR_EFFECT_LOCAL_DEFINED, DSR_EFFECT_NONSEMANTIC_USED };
typedef struct dsr_effect {
    uint8_t kind;    /* DSR_EFFECT_* */
    uint16_t opcode; /* LOCAL_DEFINED: the defining instruction */
    uint32_t index;  /* DECORATION_USED: into dsr.decos; the others: an id slot */
} dsr_effect;

/* ---- The deserializer ---- */

typedef struct dsr {
    spvk_ir_context *ctx;
    const spvk_allocator *alloc;
    spvk_diagnostics *diags;
    jmp_buf fail_jmp;
    spvk_result result;
    const spvk_ir_dialect *spirv;

    const uint32_t *words;
    size_t num_words;
    spvk_header header;
    spvk_reader *reader;

    /* Instructions: the module-level ones [0, num_prefix_insts), then each function's OpFunction
       and parameters [.., num_module_insts), then the body of the function being materialized. */
    dsr_inst *insts;
    size_t num_insts, insts_capacity;
    spvk_operand *operands;
    size_t num_operands, operands_capacity;
    uint32_t max_inst_operands;
    uint32_t current_inst; /* for diagnostics: the instruction being translated, or DSR_NONE */
    uint32_t num_prefix_insts, num_module_insts;
    size_t num_module_operands;

    /* Ids (see "Ids" in deserialize.c): entries, and the map from id to entry slot. */
    dsr_id *ids;
    size_t num_ids, ids_capacity, num_module_ids;
    uint32_t *id_slot; /* dense: indexed by id */
    size_t id_slot_count;
    uint32_t *id_keys; /* hashed: open addressing, key 0 empty */
    uint32_t *id_slots;
    size_t id_hash_capacity, id_hash_count;
    bool dense;
    uint32_t epoch; /* counts function materializations (validity of dsr_id cache fields) */

    dsr_function *functions;
    size_t num_functions, functions_capacity;

    dsr_deco *decos;
    size_t num_decos, decos_capacity;

    /* Symbol names in use (interned pointers, open addressing). */
    const char **names;
    size_t names_capacity, names_count;

    /* Module-level facts. */
    uint32_t *capabilities;
    size_t num_capabilities, capabilities_capacity;
    const char **extensions;
    size_t num_extensions, extensions_capacity;
    uint32_t addressing_model, memory_model;
    bool has_memory_model;
    bool has_variable_pointers;
    uint32_t first_function_inst; /* == num_prefix_insts */

    spvk_ir_op *module;
    spvk_ir_block *module_block;

    /* Structs renamed because their OpName was taken (the original names go on the module). */
    struct dsr_rename {
        const spvk_ir_type *type;
        const char *original; /* in the words */
    } *renames;
    size_t num_renames, renames_capacity;

    /* Identified structs claimed by recursive structs of this module. */
    spvk_ir_type **claimed;
    size_t num_claimed, claimed_capacity;

    /* Budget of attribute elements materialized for null and composite constants. */
    size_t constant_budget;

    /* Scratch for one instruction's operands and attributes (max_inst_operands + 8 entries). */
    spvk_ir_value **scratch_values;
    spvk_ir_value **scratch_values2;
    const char **scratch_names;
    const spvk_ir_attr **scratch_attrs;
    const spvk_ir_type **scratch_types;
    int64_t *scratch_ints;
    spvk_operand *scratch_operands;
    size_t scratch_capacity;

    /* Per op info (indexed like spvk_spirv_op_infos) and per core opcode below 512. */
    dsr_op_cache *op_cache;
    const spvk_spirv_op_info *core_infos[DSR_CORE_INFO_CACHE];

    /* Common types, names and op defs. */
    const spvk_ir_type *t_i1, *t_i32, *t_none;
    const spvk_ir_op_def *def_constant, *def_addressof, *def_referenceof, *def_undef, *def_load, *def_store,
        *def_variable, *def_branch, *def_branch_conditional, *def_switch, *def_selection, *def_loop, *def_merge,
        *def_iequal, *def_spec_op, *def_yield, *def_call, *def_func, *def_return, *def_return_value;
    const char *n_value, *n_sym_name, *n_type, *n_storage_class, *n_operand_segment_sizes, *n_branch_weights,
        *n_selection_control, *n_loop_control, *n_variable, *n_spec_const, *n_callee, *n_function_type,
        *n_function_control, *n_initializer, *n_default_value, *n_constituents, *n_arg_attrs;

    dsr_fn fn;
    ir_dict_memo dict_memo; /* for spvk_spirv_decoded.dict_memo */

    /* A worker's copy (dsr_clone): it owns its instructions, ids, decorations and scratch and
       shares the rest with the deserializer it copies, read-only. A copy, and the deserializer
       itself while it builds ahead for the pool's helper, log their effects. */
    bool logs_effects;
    dsr_effect *effects;
    size_t num_effects, effects_capacity;
} dsr;

/* ---- deserialize.c ---- */
_Noreturn void dsr_fail(dsr *d, uint32_t inst, const char *fmt, ...) SPVK_PRINTF(3, 4);
_Noreturn void dsr_oom(dsr *d);
/* A failure at a word offset (instructions not kept in dsr.insts). */
_Noreturn void dsr_fail_at(dsr *d, size_t offset, uint32_t opcode, const char *fmt, ...) SPVK_PRINTF(4, 5);
/* Checks an IR call's result: NULL means the context ran out of memory. */
static inline void *dsr_check(dsr *d, void *p)
{
    if (!p)
        dsr_oom(d);
    return p;
}
void *dsr_scratch_grow(dsr *d, void *items, size_t *capacity, size_t need, size_t elem_size);
/* Logs an effect (a worker's copy, or the helper: the deserializer itself applies it at once). */
void dsr_log_effect(dsr *d, uint8_t kind, uint32_t index, uint16_t opcode);
static inline void dsr_effect_of(dsr *d, uint8_t kind, uint32_t index, uint16_t opcode)
{
    if (d->logs_effects)
        dsr_log_effect(d, kind, index, opcode);
}
/* The slot of id's entry, 0 when it has none. Inline for the dense map, every normal module's. */
uint32_t dsr_id_slot_hashed(const dsr *d, uint32_t id);
static inline uint32_t dsr_id_slot(const dsr *d, uint32_t id)
{
    if (d->dense)
        return id < d->id_slot_count ? d->id_slot[id] : 0;
    return dsr_id_slot_hashed(d, id);
}
/* The entry for id (never NULL: an unknown id gets a zero entry in a shared slot, read-only). */
static inline dsr_id *dsr_id_at(dsr *d, uint32_t id) { return &d->ids[dsr_id_slot(d, id)]; }
const char *dsr_intern(dsr *d, const char *s);
/* A function's @symbol reference, made on first use. */
const spvk_ir_attr *dsr_function_ref(dsr *d, dsr_id *e);
const spvk_ir_attr *dsr_enum(dsr *d, unsigned operand_kind, uint32_t value);
spvk_ir_op *dsr_create_op(dsr *d, const spvk_ir_op_def *def, const char *name, spvk_ir_value *const *operands,
                          uint32_t num_operands, const spvk_ir_type *result_type, const spvk_ir_attr *attrs);
/* A dictionary from parallel arrays (count entries); every name is interned in the context (the
   d->n_* names, decoration names, dsr_intern's). */
const spvk_ir_attr *dsr_dict(dsr *d, const char *const *names, const spvk_ir_attr *const *values, uint32_t count);
/* The attribute for one decoration record; *name_out gets the attribute name. */
const spvk_ir_attr *dsr_decoration_attr(dsr *d, const dsr_deco *deco, const char **name_out);
/* Adds the decorations of id (not consumed elsewhere) to the attribute arrays at [*count...). */
void dsr_collect_decorations(dsr *d, uint32_t id, const char **names, const spvk_ir_attr **values, uint32_t *count,
                             uint32_t capacity);
uint32_t dsr_count_decorations(dsr *d, uint32_t id);
const char *dsr_inst_name(const dsr *d, uint32_t inst);
/* A spvk_instruction view of a kept instruction. */
void dsr_view(const dsr *d, uint32_t inst, spvk_instruction *out);

/* The symbol of a scalar spec constant (or of a module-level spirv.SpecConstantOperation made for an
   OpSpecConstantOp) used as a type parameter, and its default value (0 when it cannot be worked
   out). */
const spvk_ir_attr *dsr_spec_parameter(dsr *d, uint32_t id, uint32_t inst, int64_t *default_value);

/* ---- deserialize_types.c ---- */
/* The type defined by id (resolved on first use). inst names the user for diagnostics. */
const spvk_ir_type *dsr_type(dsr *d, uint32_t id, uint32_t inst);
/* The value attribute of a normal constant (resolved on first use). */
const spvk_ir_attr *dsr_constant(dsr *d, uint32_t id, uint32_t inst);
/* The integer value of a normal scalar integer constant; fails with a diagnostic otherwise. */
uint64_t dsr_constant_u64(dsr *d, uint32_t id, uint32_t inst, const char *what);
/* A zero value of type (OpConstantNull), within the constant budget. */
const spvk_ir_attr *dsr_zero_attr(dsr *d, const spvk_ir_type *type, uint32_t inst, unsigned depth);
bool dsr_type_is_bool(const spvk_ir_type *t);
/* Whether values of this type can be stored in a Function variable (spilling across constructs). */
bool dsr_type_storable(dsr *d, const spvk_ir_type *t);
void dsr_mark_recursive_structs(dsr *d);

/* ---- deserialize_control_flow.c ---- */
/* The body of the function whose OpFunction is fn_inst: its instructions are [first, end_inst),
   end_inst being its OpFunctionEnd. */
void dsr_function_body(dsr *d, uint32_t fn_inst, uint32_t first, uint32_t end_inst, spvk_ir_op *func);
/* The SSA value of id at the current insertion point (block), materializing constants and
   references there. inst names the user for diagnostics. NULL for ids that are not values
   (types, ext imports). */
spvk_ir_value *dsr_value(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t inst);

#endif
