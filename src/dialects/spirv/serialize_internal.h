/* The serializer's private header (serialize.c, serialize_types.c, serialize_func.c): its state,
   the hash maps it uniques with, and the functions the three files share.

   Sections of the module are written into separate word buffers as they are discovered (a
   constant met inside a function goes to the types section, a decoration to the annotations
   section) and concatenated at the end in the logical layout order. Everything emitted into the
   types section emits its dependencies first, so that section is in dependency order by
   construction. Ids are allocated on first reference, so they are dense: the bound is one more
   than the number of ids used. */
#ifndef SPVK_SPIRV_SERIALIZE_INTERNAL_H
#define SPVK_SPIRV_SERIALIZE_INTERNAL_H

#include "spirv_internal.h"
#include "../../support/support.h"

#define SER_KIND_CACHE_BITS 7
#define SER_KIND_CACHE (1u << SER_KIND_CACHE_BITS)

/* Deep nesting (types, regions, alias chains) is refused rather than risking the stack. */
#define SER_MAX_DEPTH 256

/* ---- Pointer map: (a, b, tag) -> uint32, open addressing, never shrinks ---- */
typedef struct ser_slot {
    const void *a;
    const void *b;
    uint32_t tag; /* 0: empty */
    uint32_t value;
} ser_slot;

typedef struct ser_map {
    ser_slot *slots;
    size_t capacity; /* a power of two, or 0 */
    size_t count;
} ser_map;

/* ---- Pointer map: pointer -> uint32, for the hot lookups (values, types, blocks) ----
   A slot is live when its generation is the map's: bumping the generation empties the map in
   O(1), so the per-function maps (values and blocks never outlive their function: functions are
   isolated from above) stay as small as one function and cache-resident. */
typedef struct ser_pslot {
    const void *key;
    uint32_t value;
    uint32_t gen;
} ser_pslot;

typedef struct ser_pmap {
    ser_pslot *slots;
    size_t capacity; /* a power of two, or 0 */
    size_t count;
    unsigned shift;  /* 64 - log2(capacity), for Fibonacci hashing */
    uint32_t gen;    /* starts at 1: calloc'd slots (gen 0) are empty */
} ser_pmap;

static inline bool ser_pget(const ser_pmap *m, const void *key, uint32_t *value)
{
    if (m->capacity == 0)
        return false;
    size_t mask = m->capacity - 1;
    for (size_t i = (size_t)(((uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull) >> m->shift);; i = (i + 1) & mask) {
        const ser_pslot *sl = &m->slots[i];
        if (sl->gen != m->gen)
            return false;
        if (sl->key == key) {
            *value = sl->value;
            return true;
        }
    }
}

/* Empties a map without touching its slots. */
static inline void ser_pclear(ser_pmap *m)
{
    m->count = 0;
    if (++m->gen == 0) {
        /* Wrapped after 2^32 clears: really clear once. */
        if (m->slots)
            memset(m->slots, 0, m->capacity * sizeof *m->slots);
        m->gen = 1;
    }
}

/* What a map key stands for (the same pointer may be keyed several ways). */
enum {
    SER_TAG_VALUE = 1,   /* spvk_ir_value* -> id */
    SER_TAG_TYPE,        /* spvk_ir_type* -> id */
    SER_TAG_BLOCK,       /* spvk_ir_block* -> index into the function's block table */
    SER_TAG_SYMBOL,      /* defining op -> id (globals, spec constants, functions) */
    SER_TAG_STATE,       /* symbol op -> SER_STATE_* */
    SER_TAG_KIND,        /* spvk_ir_op_def* -> ser_op_kind + 1 */
    SER_TAG_CONST,       /* (value attr, type) -> constant id */
    SER_TAG_BLOCK_DONE,  /* struct type -> 1 once Block is decided */
    SER_TAG_NESTED,      /* struct type -> 1 when it is a member (by value) of another struct */
    SER_TAG_IN_PROGRESS, /* identified struct being emitted -> index into pending forward pointers */
    SER_TAG_UNDEF,       /* type -> OpUndef id */
    SER_TAG_DECORATION,  /* interned attribute name -> decoration + 1, or 0 (not a decoration) */
    SER_TAG_SYMREF       /* symbol reference attribute -> index + 1 into symbol_ops, or 0 (undefined) */
};

enum { SER_STATE_IN_PROGRESS = 1, SER_STATE_DONE = 2 };

/* ---- Structural map: instruction words -> id (types, constants) ---- */
typedef struct ser_wslot {
    uint32_t hash;
    uint32_t id; /* 0: empty */
    uint32_t offset; /* into the key pool */
    uint32_t length;
} ser_wslot;

typedef struct ser_wmap {
    ser_wslot *slots;
    size_t capacity;
    size_t count;
    uint32_t *pool;
    size_t pool_count, pool_capacity;
} ser_wmap;

typedef enum ser_op_kind {
    SER_OP_GENERIC = 0,
    SER_OP_SIMPLE,  /* an instruction whose operands are all <id>s (OpReturnValue) */
    SER_OP_UNKNOWN, /* not a spirv op the serializer knows */
    SER_OP_MODULE,
    SER_OP_FUNC,
    SER_OP_GLOBAL_VARIABLE,
    SER_OP_SPEC_CONSTANT,
    SER_OP_SPEC_CONSTANT_COMPOSITE,
    SER_OP_SPEC_CONSTANT_OPERATION,
    SER_OP_CONSTANT,
    SER_OP_CONSTANT_SAMPLER,
    SER_OP_CONSTANT_SIZE_OF, /* spvkit's spirv.ConstantSizeOfEXT */
    SER_OP_STRING,   /* spvkit's spirv.String: OpString, materialized at its uses */
    SER_OP_EXT_INST, /* spvkit's spirv.ExtInst: an instruction of another (non-semantic) set */
    SER_OP_ADDRESSOF,
    SER_OP_REFERENCEOF,
    SER_OP_UNDEF,
    SER_OP_VARIABLE,
    SER_OP_SELECTION,
    SER_OP_LOOP,
    SER_OP_MERGE,
    SER_OP_YIELD,
    SER_OP_BRANCH,
    SER_OP_BRANCH_CONDITIONAL,
    SER_OP_SWITCH,
    SER_OP_FUNCTION_CALL,
    SER_OP_ENTRY_POINT,
    SER_OP_EXECUTION_MODE,
    SER_OP_EXECUTION_MODE_ID
} ser_op_kind;

/* Per function: one entry per block of the body (nested regions included). */
typedef struct ser_block {
    const spvk_ir_block *block;
    uint32_t label;     /* its OpLabel id; 0 for a loop's entry block (emitted inline) */
    uint32_t end_label; /* the SPIR-V block its terminator lands in (an OpPhi's parent) */
    uint32_t first_edge; /* index + 1 into edges, 0: none */
    bool visited;
} ser_block;

typedef struct ser_edge {
    uint32_t pred;          /* block index of the predecessor */
    uint32_t next;          /* next edge into the same block, index + 1 */
    const spvk_ir_op *term; /* the predecessor's terminator */
    uint32_t first_operand; /* the successor operands start here */
} ser_edge;

/* Candidates for the Block decoration, decided once every struct is known. */
enum { SER_BLOCK_INTERFACE = 1, SER_BLOCK_BUILTIN_IO = 2, SER_BLOCK_PSB = 3 };
typedef struct ser_block_candidate {
    const spvk_ir_type *type;
    uint32_t reason;
} ser_block_candidate;

typedef struct ser_struct_name {
    const char *name; /* the identified struct's (interned) name */
    uint32_t id;
} ser_struct_name;

typedef struct ser_pending_pointer {
    const spvk_ir_type *pointer; /* forward-declared pointer type */
    uint32_t id;
    uint32_t next; /* index + 1 */
} ser_pending_pointer;

typedef struct spvk_ser {
    spvk_ir_context *ctx;
    const spvk_allocator *alloc;
    spvk_diagnostics *diags;
    const spvk_ir_op *module;
    const spvk_ir_dialect *spirv;
    uint32_t version;
    uint32_t next_id;
    bool failed; /* an error was reported */
    bool oom;
    bool warned_control; /* a control hint without its operands was dropped */
    bool has_decorate_string; /* SPV_GOOGLE_decorate_string is declared */

    /* Sections, in layout order (capabilities, extensions, imports and the memory model are
       written at the end from what was collected). */
    spvk_writer entry_points, exec_modes, strings, names, annotations, types, fn_decls, fn_defs;
    /* The function being emitted: OpFunction ... entry OpLabel + OpVariables, then the rest. */
    spvk_writer fn_header, fn_body;
    spvk_writer scratch; /* an instruction being assembled for structural uniquing */

    ser_map map;     /* everything keyed by a pair or looked up rarely */
    ser_pmap value_ids; /* spvk_ir_value* -> id */
    ser_pmap type_ids;  /* spvk_ir_type* -> id */
    ser_pmap block_ids; /* spvk_ir_block* -> index into the function's block table */
    ser_wmap wmap;
    /* Op kinds by def, in front of the map: sets of two ways (ser_op_kind_of). */
    struct {
        const spvk_ir_op_def *def;
        uint32_t kind;
    } kind_cache[SER_KIND_CACHE];
    /* The module's symbol index: own_symbols, built on first use, or (a worker's) the calling
       thread's serializer's, which outlives it. */
    const spvk_ir_symbol_table *symbols;
    spvk_ir_symbol_table own_symbols;

    /* Extended instruction set imports, in order of first use. */
    struct ser_import {
        const char *name; /* not owned: the grammar's or an attribute's */
        size_t length;
        uint32_t id;
    } *imports;
    size_t num_imports, imports_capacity;

    /* A stack of words for operands of instructions under construction (types and constants
       recurse, so each level uses [base, top) and pops back). */
    uint32_t *ws;
    size_t ws_count, ws_capacity;

    /* The function being emitted. */
    ser_block *blocks;
    size_t num_blocks, blocks_capacity;
    ser_edge *edges;
    size_t num_edges, edges_capacity;
    uint32_t *dfs; /* DFS stack: pairs (block index, next successor) */
    size_t dfs_count, dfs_capacity;

    ser_block_candidate *candidates;
    size_t num_candidates, candidates_capacity;
    ser_pending_pointer *pending;
    size_t num_pending, pending_capacity;
    spvk_ir_op **symbol_ops; /* the ops symbol references resolved to */
    size_t num_symbol_ops, symbol_ops_capacity;
    ser_struct_name *struct_names;
    size_t num_struct_names, struct_names_capacity;

    /* Commonly needed types. */
    const spvk_ir_type *i32;
    const spvk_ir_type *none;
    const spvk_ir_op *cur_op; /* the op being encoded generically (for id_of diagnostics) */

    /* Functions serialized on the threads that parsed them (serialize_threads.c). */
    struct ser_tape *tape;         /* a worker's serializer: what the calling thread replays */
    uint32_t depth;                /* > 0: inside a module-level item (a worker's tape skips it) */
    struct ser_consumer *consumer; /* the calling thread's: the functions workers serialized */
} spvk_ser;

/* ---- Serializing functions on the threads that parsed them (serialize_threads.c) ----
   A worker's serializer runs ser_function on the function it just parsed, with a tape: the ids it
   gives the function's own values are local (SER_LOCAL_ID | n, in order), and each module-level
   item the function uses that the calling thread may not have numbered yet (a type, a constant, a
   symbol, an import: an "external") is recorded, in the order one thread would have met it,
   interleaved with how many locals came before it and with the words the function adds to the
   names and annotations sections. The calling thread replays the tape on the real serializer in
   module order (each external through the same call one thread makes, locals by ser_new_id), so
   every id is the one a single thread gives, and patches the words. Anything a tape cannot carry
   (a diagnostic, an OpString, ...) makes the worker give the function back: the calling thread then
   serializes it from its IR, as one thread does. */
#define SER_LOCAL_ID 0x80000000u

/* What a tape records (the arguments of the call the calling thread replays). */
typedef enum ser_external {
    SER_EXT_TYPE,     /* a: type */
    SER_EXT_CONSTANT, /* a: value attribute, b: type */
    SER_EXT_U32,      /* value */
    SER_EXT_UNDEF,    /* a: type */
    SER_EXT_SYMBOL,   /* a: symbol reference, value: functions allowed */
    SER_EXT_IMPORT,   /* a: name, value: its length */
    SER_EXT_FUNCTION  /* a: the function being serialized (its own id) */
} ser_external;

/* A worker's serializer at its function's own level: the calls below record what they return. */
static inline bool ser_taping(const spvk_ser *s) { return s->tape && s->depth == 0; }
/* Makes the call (a module-level item, not recorded itself) and records its result. */
uint32_t ser_tape_call(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value,
                       const spvk_ir_op *op);
/* Records an id the worker's serializer had already given the external. */
uint32_t ser_tape_known(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value, uint32_t id);
/* The id of the function a worker serializes (ser_function_id). */
uint32_t ser_tape_self(spvk_ser *s, const spvk_ir_op *fn);
/* A local id (ser_new_id at the function's own level). */
uint32_t ser_tape_local(spvk_ser *s);
/* Something a tape does not carry: the function is given back (returns 0). */
uint32_t ser_tape_refuse(spvk_ser *s);
/* The calling thread: hands the stream's translator a consumer when it builds on several threads. */
void ser_consumer_start(spvk_ser *s, const spvk_ir_stream *stream);
void ser_consumer_stop(spvk_ser *s, const spvk_ir_stream *stream);
/* Replays fn if a worker serialized it (*replayed); false on failure. */
bool ser_consumer_replay(spvk_ser *s, const spvk_ir_op *fn, bool *replayed);

/* ---- serialize.c ---- */
/* The state every serializer starts from; serialize_module and the workers' serializers. */
void ser_init(spvk_ser *s, spvk_ir_context *ctx, const spvk_ir_op *module, spvk_diagnostics *diags);
void ser_free_state(spvk_ser *s);
bool ser_writers_failed(const spvk_ser *s); /* a section's allocation failed */
/* The calls a tape records, made on any serializer. */
uint32_t ser_external_call(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value,
                           const spvk_ir_op *op);
/* A function's own id (allocated when first called or defined). */
uint32_t ser_function_id(spvk_ser *s, const spvk_ir_op *fn);
bool ser_map_get(const ser_map *m, const void *a, const void *b, uint32_t tag, uint32_t *value);
bool ser_map_set(spvk_ser *s, const void *a, const void *b, uint32_t tag, uint32_t value);
bool ser_pset(spvk_ser *s, ser_pmap *m, const void *key, uint32_t value);
/* Looks words up in the structural map; returns the id or 0 when absent. */
uint32_t ser_wmap_find(const spvk_ser *s, const uint32_t *words, size_t count, uint32_t hash);
bool ser_wmap_add(spvk_ser *s, const uint32_t *words, size_t count, uint32_t hash, uint32_t id);
uint32_t ser_hash_words(const uint32_t *words, size_t count);

uint32_t ser_new_id(spvk_ser *s);
bool ser_ws_push(spvk_ser *s, uint32_t word);
bool ser_oom(spvk_ser *s);
/* Reports an error about op (its name and location), sets failed; returns false. */
bool ser_error(spvk_ser *s, const spvk_ir_op *op, const char *fmt, ...) SPVK_PRINTF(3, 4);
void ser_instruction(spvk_ser *s, spvk_writer *w, uint32_t opcode, const uint32_t *operands, size_t count);
/* spvk_writer_words, skipping empty runs (whose pointers may be NULL). */
static inline void ser_words(spvk_writer *w, const uint32_t *words, size_t count)
{
    if (count)
        spvk_writer_words(w, words, count);
}

ser_op_kind ser_op_kind_lookup(spvk_ser *s, const spvk_ir_op *op);

/* An op's kind, asked several times per op: a hit is inline. The cache is two-way: direct-mapped,
   a function's few hot defs collided (spirv.func with spirv.Constant, spirv.IAdd with
   spirv.ReturnValue) and missed 28% of the time serializing names. */
static inline size_t ser_kind_set(const spvk_ir_op_def *def)
{
    return (size_t)(((uint64_t)(uintptr_t)def * 0x9E3779B97F4A7C15ull) >> (64 - SER_KIND_CACHE_BITS)) & ~(size_t)1;
}

static inline ser_op_kind ser_op_kind_of(spvk_ser *s, const spvk_ir_op *op)
{
    size_t set = ser_kind_set(op->def);
    if (s->kind_cache[set].def == op->def)
        return (ser_op_kind)s->kind_cache[set].kind;
    if (s->kind_cache[set + 1].def == op->def)
        return (ser_op_kind)s->kind_cache[set + 1].kind;
    return ser_op_kind_lookup(s, op);
}
/* Builds s->symbols unless it has one: false out of memory. */
bool ser_index_symbols(spvk_ser *s);
/* The op a symbol reference names in the module, or NULL (with no diagnostic). */
spvk_ir_op *ser_lookup_symbol(spvk_ser *s, const spvk_ir_attr *ref);
/* Ids of module-level symbols: globals and spec constants are emitted on first use (with what
   they depend on); functions get an id, their body is emitted in module order. */
uint32_t ser_symbol_id(spvk_ser *s, const spvk_ir_op *user, const spvk_ir_attr *ref, bool allow_function);
uint32_t ser_ext_import_id(spvk_ser *s, unsigned set, const spvk_ir_op *op);
uint32_t ser_import_by_name(spvk_ser *s, const char *name, size_t length);
/* OpString (debug section), uniqued by its text. */
uint32_t ser_string(spvk_ser *s, const spvk_ir_op *op);

/* Decorations from op attributes: every attribute whose name stands for a decoration and that the
   op's own encoding does not consume. */
bool ser_decorations_from_attrs(spvk_ser *s, const spvk_ir_op *op, uint32_t id, const char *const *skip,
                                size_t num_skip, const spvk_spirv_op_info *info);
bool ser_decorations_from_dict(spvk_ser *s, const spvk_ir_op *op, uint32_t id, const spvk_ir_attr *dict);
/* One decoration given as an attribute value (member < 0: OpDecorate, else OpMemberDecorate). */
bool ser_decorate(spvk_ser *s, const spvk_ir_op *op, uint32_t id, int64_t member, uint32_t decoration,
                  const spvk_ir_attr *value);
/* A decoration in the struct form: ENUM, or ARRAY [ENUM, operands...]. */
bool ser_decorate_from_struct_attr(spvk_ser *s, const spvk_ir_op *op, uint32_t id, int64_t member,
                                   const spvk_ir_attr *decoration);
void ser_simple_decoration(spvk_ser *s, uint32_t id, uint32_t decoration, const uint32_t *operands, size_t count);

/* ---- serialize_types.c ---- */
uint32_t ser_type(spvk_ser *s, const spvk_ir_type *type, const spvk_ir_op *op);
/* A 32-bit unsigned integer constant (array lengths, cooperative matrix parameters). */
uint32_t ser_u32_constant(spvk_ser *s, uint32_t value, const spvk_ir_op *op);
/* The constant for value (an attribute) of the given type, uniqued module-wide. */
uint32_t ser_constant(spvk_ser *s, const spvk_ir_attr *value, const spvk_ir_type *type, const spvk_ir_op *op);
uint32_t ser_undef(spvk_ser *s, const spvk_ir_type *type, const spvk_ir_op *op);
uint32_t ser_constant_sampler(spvk_ser *s, const spvk_ir_op *op);
uint32_t ser_constant_size_of(spvk_ser *s, const spvk_ir_op *op);
/* The generic encoder with the serializer's hooks (attribute-valued id operands). */
bool ser_encode_generic(spvk_ser *s, const spvk_spirv_op_info *info, const spvk_ir_op *op, spvk_writer *w);
bool ser_spec_constant(spvk_ser *s, const spvk_ir_op *op, uint32_t id);
bool ser_spec_constant_composite(spvk_ser *s, const spvk_ir_op *op, uint32_t id);
uint32_t ser_spec_constant_operation(spvk_ser *s, const spvk_ir_op *op);
uint32_t ser_spec_op_instruction(spvk_ser *s, const spvk_ir_op *inner, const spvk_ir_op *owner);
/* Emits the OpDecorate Block decisions collected while types were emitted. */
bool ser_finish_blocks(spvk_ser *s);
bool ser_add_block_candidate(spvk_ser *s, const spvk_ir_type *type, uint32_t reason);
/* Emits the OpNames of identified structs (after all of them are known). */
bool ser_finish_struct_names(spvk_ser *s);
bool ser_is_bool(const spvk_ir_type *t);

/* ---- serialize_func.c ---- */
bool ser_function(spvk_ser *s, const spvk_ir_op *func);
/* The id of an SSA value: constants and references resolve to module-level ids (emitted on
   demand), anything else gets an id on first reference (forward references inside a function). */
uint32_t ser_value_id(spvk_ser *s, const spvk_ir_value *v, const spvk_ir_op *user);

#endif
