/* The validator's shared state and helpers. validate.c collects the module in one streaming
   pass (an instruction record per instruction, decoded operands, a definition per id, the
   declared capabilities and extensions), then runs the rule families, one file each, over it.
   Every rule reports through val_error, which names the rule; nothing else writes diagnostics. */
#ifndef SPVK_VAL_INTERNAL_H
#define SPVK_VAL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "spvkit/binary.h"
#include "spvkit/grammar.h"
#include "spvkit/target.h"
#include "spvkit/validate.h"
#include "../grammar/grammar_counts.h"
#include "../support/support.h"

#define VAL_NONE 0xffffffffu

/* Logical layout sections (SPIR-V 2.4), in the order a module must give them. */
typedef enum val_section {
    VAL_SECTION_CAPABILITY,
    VAL_SECTION_EXTENSION,
    VAL_SECTION_EXT_INST_IMPORT,
    VAL_SECTION_MEMORY_MODEL,
    VAL_SECTION_ENTRY_POINT,
    VAL_SECTION_EXECUTION_MODE,
    VAL_SECTION_DEBUG_STRING,  /* OpString, OpSourceExtension, OpSource, OpSourceContinued */
    VAL_SECTION_DEBUG_NAME,    /* OpName, OpMemberName */
    VAL_SECTION_DEBUG_MODULE_PROCESSED,
    VAL_SECTION_ANNOTATION,
    VAL_SECTION_GLOBAL,        /* types, constants, global variables, undef, OpLine/OpNoLine */
    VAL_SECTION_FUNCTION_DECLARATION,
    VAL_SECTION_FUNCTION_DEFINITION
} val_section;

/* One instruction. Its words are v->words + offset; its decoded operands are
   v->operands[first_operand ..+ num_operands] (the reader's decoding: kinds, word spans). */
typedef struct val_inst {
    uint32_t offset;
    uint16_t opcode;
    uint16_t num_words;
    uint32_t result_id;
    uint32_t type_id;
    uint32_t first_operand;
    uint16_t num_operands;
    uint16_t ext_set;  /* OpExtInst: spvk_ext_inst_set index, or SPVK_EXT_INST_SET_NONE */
    uint32_t function; /* index into v->functions of the enclosing function, or VAL_NONE */
} val_inst;

/* What is known about each id: the instruction defining it and its OpName (for diagnostics). */
typedef struct val_id {
    uint32_t def;  /* instruction index, or VAL_NONE */
    uint32_t name; /* instruction index of the first OpName naming it, or VAL_NONE */
} val_id;

/* Per type id: facts precomputed when the type is declared, so that rules ask in O(1). */
enum {
    VAL_TYPE_CONTAINS_BF16 = 1u << 0, /* is or contains (composites, not pointers) a BFloat16KHR float */
    VAL_TYPE_CONTAINS_F16 = 1u << 1,  /* ... an IEEE binary16 float */
    VAL_TYPE_CONTAINS_F64 = 1u << 2,
    VAL_TYPE_CONTAINS_I64 = 1u << 3,
    VAL_TYPE_CONTAINS_I8 = 1u << 4,
    VAL_TYPE_CONTAINS_I16 = 1u << 5,
    VAL_TYPE_CONTAINS_RUNTIME_ARRAY = 1u << 6,
    VAL_TYPE_CONTAINS_POINTER = 1u << 7,
    VAL_TYPE_CONTAINS_COOP_MATRIX = 1u << 8 /* ... a cooperative matrix (KHR or NV) */
};

typedef struct val_function {
    uint32_t first; /* index of OpFunction */
    uint32_t last;  /* index of OpFunctionEnd (or the last instruction when it is missing) */
} val_function;

/* Execution models as bits, for the set of models whose entry points reach a function. */
enum {
    VAL_MODEL_VERTEX = 1u << 0,
    VAL_MODEL_TESS_CONTROL = 1u << 1,
    VAL_MODEL_TESS_EVAL = 1u << 2,
    VAL_MODEL_GEOMETRY = 1u << 3,
    VAL_MODEL_FRAGMENT = 1u << 4,
    VAL_MODEL_COMPUTE = 1u << 5,
    VAL_MODEL_KERNEL = 1u << 6,
    VAL_MODEL_TASK_NV = 1u << 7,
    VAL_MODEL_MESH_NV = 1u << 8,
    VAL_MODEL_TASK_EXT = 1u << 9,
    VAL_MODEL_MESH_EXT = 1u << 10,
    VAL_MODEL_RAYGEN = 1u << 11,
    VAL_MODEL_INTERSECTION = 1u << 12,
    VAL_MODEL_ANY_HIT = 1u << 13,
    VAL_MODEL_CLOSEST_HIT = 1u << 14,
    VAL_MODEL_MISS = 1u << 15,
    VAL_MODEL_CALLABLE = 1u << 16,
    VAL_MODEL_OTHER = 1u << 17
};
#define VAL_MODEL_TASK_MESH (VAL_MODEL_TASK_NV | VAL_MODEL_MESH_NV | VAL_MODEL_TASK_EXT | VAL_MODEL_MESH_EXT)
#define VAL_MODEL_RAY_TRACING                                                                                     \
    (VAL_MODEL_RAYGEN | VAL_MODEL_INTERSECTION | VAL_MODEL_ANY_HIT | VAL_MODEL_CLOSEST_HIT | VAL_MODEL_MISS |     \
     VAL_MODEL_CALLABLE)

/* The static call graph (val_calls.c): the calls of function f are call[first[f] .. first[f + 1])
   (instruction indices of OpFunctionCall, whose callee is a function index). */
typedef struct val_calls {
    uint32_t *first;
    uint32_t *call;
    uint32_t *callee;
    size_t num_calls;
    uint32_t *models; /* per function: VAL_MODEL_* of the entry points whose call trees reach it */
    uint8_t *entry;   /* per function: 1 when an OpEntryPoint names it */
} val_calls;

typedef struct val_state {
    const uint32_t *words;
    size_t num_words;
    spvk_header header;
    const spvk_target *target; /* never NULL: a universal target for the header's version */
    const spvk_validate_options *options;
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    spvk_result result; /* SPVK_OK, or the first failure that is not a rule (out of memory) */
    bool stop;          /* max_errors reached: rules may return early */

    val_inst *insts;
    size_t num_insts, insts_capacity;
    spvk_operand *operands;
    size_t num_operands, operands_capacity;

    /* ids: dense by id when the bound is plausible for the module's size, hashed otherwise. */
    val_id *ids;
    uint32_t ids_count;
    uint32_t *id_keys; /* hashed: key 0 is empty */
    val_id *id_values;
    uint32_t id_capacity, id_used;
    uint16_t *type_flags; /* VAL_TYPE_* per id, same indexing as ids (dense) or id_values (hashed) */

    val_function *functions;
    size_t num_functions, functions_capacity;

    /* The capabilities declared, with everything they imply, as val_has_capability asks for them
       per instruction: a bitmap of the values below 256 and the larger values the grammar knows,
       ascending (a capability set's lookup is a search of the grammar). */
    uint64_t capability_low[4];
    uint32_t capability_high[64 * SPVK_CAPABILITY_SET_WORDS];
    uint32_t num_capability_high;
    spvk_capability_set declared;     /* declared explicitly */
    spvk_extension_set extensions;    /* declared SPIR-V extensions */
    uint32_t opencl_extensions;       /* declared cl_khr_* extensions (spvk_opencl_extension bits) */
    uint32_t addressing_model, memory_model; /* VAL_NONE until OpMemoryModel */
    val_calls *calls; /* built on first request (val_call_graph) */
} val_state;

/* ---- reporting ---- */

/* Reports a problem with instruction index inst (VAL_NONE: the module as a whole) against rule.
   Always returns false, so a check can end with `return val_error(...)`. */
bool val_error(val_state *v, uint32_t inst, const char *rule, const char *fmt, ...) SPVK_PRINTF(4, 5);

/* ---- access ---- */

static inline const uint32_t *val_words(const val_state *v, const val_inst *i) { return v->words + i->offset; }
static inline uint32_t val_index(const val_state *v, const val_inst *i) { return (uint32_t)(i - v->insts); }
static inline const spvk_operand *val_operands(const val_state *v, const val_inst *i)
{
    return v->operands ? v->operands + i->first_operand : NULL; /* NULL: no instruction has operands */
}
val_id *val_id_entry(val_state *v, uint32_t id); /* NULL when id is 0 or out of range */
const val_id *val_id_find(const val_state *v, uint32_t id);
/* The instruction defining id, or NULL. */
const val_inst *val_def(const val_state *v, uint32_t id);
/* The type flags (VAL_TYPE_*) of a type id; 0 for anything else. */
uint16_t val_type_flags(const val_state *v, uint32_t type_id);
/* The opcode defining id (SPVK_OP_Nop, 0, when undefined). */
uint16_t val_def_opcode(const val_state *v, uint32_t id);
/* The type of a value id (0 when id is not a value). */
uint32_t val_type_of(const val_state *v, uint32_t id);

/* ---- types ---- */

/* The scalar type of a scalar, vector, matrix or cooperative matrix type (matrix: its column's
   component); the type itself for a scalar; 0 otherwise. */
uint32_t val_scalar_type(const val_state *v, uint32_t type_id);
/* Components of a vector (1 for a scalar, 0 for anything else). */
uint32_t val_component_count(const val_state *v, uint32_t type_id);
/* Width in bits of a scalar int/float type or the scalar of a vector; 0 otherwise. */
uint32_t val_bit_width(const val_state *v, uint32_t type_id);
bool val_is_int_type(const val_state *v, uint32_t type_id);        /* scalar int */
bool val_is_float_type(const val_state *v, uint32_t type_id);      /* scalar float, any encoding */
bool val_is_bool_type(const val_state *v, uint32_t type_id);       /* scalar bool */
bool val_is_int_scalar_or_vector(const val_state *v, uint32_t type_id);
bool val_is_float_scalar_or_vector(const val_state *v, uint32_t type_id);
bool val_is_bool_scalar_or_vector(const val_state *v, uint32_t type_id);
bool val_is_bf16_type(const val_state *v, uint32_t type_id);       /* scalar float 16 BFloat16KHR */
/* OpTypePointer's storage class and pointee (false when type_id is not a pointer type). */
bool val_pointer_info(const val_state *v, uint32_t type_id, uint32_t *storage_class, uint32_t *pointee);
/* The value of a scalar integer OpConstant (up to 64 bits, zero-extended); false otherwise. */
bool val_constant_uint(const val_state *v, uint32_t id, uint64_t *value);

/* ---- instruction kinds (val_layout.c) ---- */

/* Whether every id operand of an instruction with this opcode may name an id defined later
   (SPIR-V 2.4: names, decorations, entry points, OpPhi, branches, calls, ...; val_ids.c). The
   types that may use a forward-declared pointer are val_ids.c's own case. */
bool val_forward_reference_allowed(uint16_t opcode);

bool val_is_terminator(uint16_t opcode);
/* An OpExtInst of a NonSemantic.* set. */
bool val_is_non_semantic(const val_state *v, const val_inst *i);

/* ---- capabilities ---- */

bool val_has_capability(const val_state *v, uint32_t capability); /* declared or implied */
bool val_has_extension(const val_state *v, const char *name);
const char *val_capability_name(uint32_t capability);

/* ---- the call graph (val_calls.c) ---- */

/* The index into v->functions of the OpFunction defining function_id, or VAL_NONE. */
uint32_t val_function_index(const val_state *v, uint32_t function_id);
/* The call graph, built on first request; NULL when out of memory (then v->result says so). */
const val_calls *val_call_graph(val_state *v);
void val_calls_free(val_state *v);
/* Propagates per-function bits from callers to callees until nothing changes (bits has one
   entry per function). False when out of memory. */
bool val_propagate_calls(val_state *v, const val_calls *g, uint32_t *bits);
/* The models reaching the function containing instruction i (0 when unreached or global). */
static inline uint32_t val_models_at(const val_state *v, const val_inst *i)
{
    return v->calls && i->function < v->num_functions ? v->calls->models[i->function] : 0;
}
uint32_t val_model_bit(uint32_t execution_model);
/* The models bits names, for messages ("Vertex, Fragment"), truncated to size. */
void val_model_names(uint32_t models, char *buf, size_t size);
/* Reports every call that closes a cycle reachable from an entry point under rule; client names
   who forbids it ("Vulkan", "OpenCL"). */
void val_report_recursion(val_state *v, const char *rule, const char *client);

/* ---- rule families, one file each, run in this order over the collected module ---- */

void val_check_layout(val_state *v);       /* val_layout.c: SPIR-V 2.4 and function structure */
void val_check_ids(val_state *v);          /* val_ids.c: definitions, forward references */
void val_check_limits(val_state *v);       /* val_limits.c: SPIR-V 2.17 universal limits */
void val_check_requirements(val_state *v); /* val_requirements.c: capabilities, extensions, versions */
void val_check_types(val_state *v);        /* val_types.c: type declarations and constants */
void val_check_instructions(val_state *v); /* validate.c: per-instruction dispatch by class */
void val_check_cfg(val_state *v);          /* val_cfg.c: blocks, dominance, structured control flow */
void val_check_entry_points(val_state *v); /* val_entry_points.c: entry points, execution modes */
void val_check_models(val_state *v);       /* val_models.c: instructions valid only in some execution models */
void val_check_interface_lists(val_state *v); /* val_interface.c: 1.4+ interfaces list every global used */
void val_check_decorations(val_state *v);  /* val_decorations.c */
void val_check_bf16(val_state *v);         /* val_bf16.c: SPV_KHR_bfloat16 */
void val_check_coop_matrix(val_state *v);  /* val_coop_matrix.c: SPV_KHR_cooperative_matrix's own rules */
void val_check_vulkan(val_state *v);       /* val_vulkan.c: the Vulkan environment */
void val_check_vulkan_interface(val_state *v); /* val_vulkan_interface.c: Vulkan Location, Component, BuiltIn */
void val_check_vulkan_layout(val_state *v); /* val_vulkan_layout.c: Vulkan explicit layout (Offset, strides) */
void val_check_opencl(val_state *v);       /* val_opencl.c: the OpenCL environment */

/* Whether two cooperative matrix types (their declarations, both KHR or both NV) agree in scope,
   rows, columns and use, comparing OpConstants by value (a specialization constant agrees with
   anything); conversion: the use may change as CooperativeMatrixConversionsNV/EXT allow
   (val_coop_matrix.c). */
bool val_coop_matrix_shapes_match(const val_state *v, const val_inst *result, const val_inst *value, bool conversion);

/* spvk_module_requirements over a collected module (val_requirements.c). */
spvk_result val_collect_requirements(val_state *v, spvk_requirements *out);

/* Per-instruction checks by instruction class, called by val_check_instructions. */
void val_check_arithmetic(val_state *v, const val_inst *i); /* val_arithmetic.c (arithmetic, bit) */
void val_check_logical(val_state *v, const val_inst *i);    /* val_logical.c (relational and logical) */
void val_check_conversion(val_state *v, const val_inst *i); /* val_conversion.c */
void val_check_composite(val_state *v, const val_inst *i);  /* val_composite.c */
void val_check_memory(val_state *v, const val_inst *i);     /* val_memory.c */
void val_check_atomic(val_state *v, const val_inst *i);     /* val_atomic.c (atomic, barrier) */
void val_check_ext_inst(val_state *v, const val_inst *i);   /* val_ext_inst.c (GLSL.std.450, OpenCL.std) */
void val_check_non_uniform(val_state *v, const val_inst *i); /* val_non_uniform.c (3.3.24) */

/* Rule names used by more than one family. */
#define VAL_RULE_UNIVERSAL "SPIR-V 2.16.1"
#define VAL_RULE_LAYOUT "SPIR-V 2.4"
#define VAL_RULE_PHYSICAL "SPIR-V 2.3" /* the physical layout: what the reader refuses */
#define VAL_RULE_BF16 "SPV_KHR_bfloat16"

#endif
