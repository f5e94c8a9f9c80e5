/* The deserializer: a SPIR-V binary to a spirv.module (seed 004, MLIR 19's representation).

   The module is read once into flat arrays (dsr_inst, spvk_operand), then translated in the
   module's own order:
     - capabilities, extensions and the header's version become vce_triple, the memory model the
       addressing_model/memory_model attributes; OpExtInstImport only selects how OpExtInst maps
       (GLSL.std.450 -> spirv.GL.*, OpenCL.std -> spirv.CL.*, NonSemantic.* -> spirv.ExtInst);
     - OpName names symbols (functions, global variables, spec constants) and identified structs;
       names are made unique within the module (a clash gets "_1", "_2", ...);
     - decorations are folded into attributes of what they decorate (spvk_spirv_decoration_attr_name),
       or into the types (Offset, member decorations, ArrayStride);
     - types and normal constants become types and attributes (deserialize_types.c); constants are
       materialized inside functions where used;
     - spec constants and module-level variables become symbol ops, referenced from functions
       through spirv.mlir.referenceof / spirv.mlir.addressof;
     - functions become spirv.func (deserialize_control_flow.c builds their bodies);
     - entry points and execution modes become ops at the end of the module, as MLIR places them.

   Debug instructions carry no semantics and are dropped: OpSource*, OpString, OpLine, OpNoLine,
   OpModuleProcessed, OpMemberName, OpName of anything that is not a symbol or a struct, and the
   debug-info extended instruction sets. Everything else that has no representation is an error
   naming the instruction. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "deserialize_internal.h"
#include "../../ir_parallel/build_pool.h"
#include "../../support/thread.h"

/* ---- Failure and memory ---- */

void dsr_fail(dsr *d, uint32_t inst, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t offset = SPVK_NO_OFFSET;
    uint32_t opcode = SPVK_NO_OPCODE;
    if (inst != DSR_NONE && inst < d->num_insts) {
        offset = d->insts[inst].offset;
        opcode = d->insts[inst].opcode;
    }
    spvk_diag_vadd(d->diags, SPVK_SEVERITY_ERROR, NULL, offset, opcode, NULL, 0, 0, NULL, 0, fmt, ap);
    va_end(ap);
    d->result = SPVK_ERROR_INVALID;
    longjmp(d->fail_jmp, 1);
}

void dsr_fail_at(dsr *d, size_t offset, uint32_t opcode, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    spvk_diag_vadd(d->diags, SPVK_SEVERITY_ERROR, NULL, offset, opcode, NULL, 0, 0, NULL, 0, fmt, ap);
    va_end(ap);
    d->result = SPVK_ERROR_INVALID;
    longjmp(d->fail_jmp, 1);
}

void dsr_oom(dsr *d)
{
    d->result = SPVK_ERROR_OUT_OF_MEMORY;
    spvk_diag_add(d->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                  "out of memory while deserializing");
    longjmp(d->fail_jmp, 1);
}

/* Grows a scratch array (freed at the end) or fails the whole translation. */
void *dsr_scratch_grow(dsr *d, void *items, size_t *capacity, size_t need, size_t elem_size)
{
    if (need <= *capacity)
        return *(void **)items;
    if (!spvk_array_grow(d->alloc, items, capacity, need, elem_size, 16))
        dsr_oom(d);
    return *(void **)items;
}

/* dsr_scratch_grow for the arrays whose elements are written whole when added (instructions,
   operands, ids): the doubled capacity is not zeroed, so pages never used are never touched. */
static void *grow_uninit(dsr *d, void *items, size_t *capacity, size_t need, size_t elem_size)
{
    if (need <= *capacity)
        return *(void **)items;
    if (!spvk_array_reserve(d->alloc, items, capacity, need, elem_size, 16))
        dsr_oom(d);
    return *(void **)items;
}

const char *dsr_intern(dsr *d, const char *s) { return dsr_check(d, (void *)spvk_ir_intern(d->ctx, s, strlen(s))); }

const spvk_ir_attr *dsr_enum(dsr *d, unsigned operand_kind, uint32_t value)
{
    return dsr_check(d, (void *)spvk_spirv_enum_attr(d->ctx, operand_kind, value));
}

const char *dsr_inst_name(const dsr *d, uint32_t inst)
{
    const spvk_instruction_desc *desc = inst < d->num_insts ? spvk_instruction_by_opcode(d->insts[inst].opcode) : NULL;
    return desc ? desc->name : "instruction";
}

void dsr_view(const dsr *d, uint32_t index, spvk_instruction *out)
{
    const dsr_inst *i = &d->insts[index];
    out->words = d->words + i->offset;
    out->num_words = i->num_words;
    out->opcode = i->opcode;
    out->result_type_id = i->result_type_id;
    out->result_id = i->result_id;
    out->offset = i->offset;
    out->ext_inst_set = i->ext_set;
    out->desc = spvk_instruction_by_opcode(i->opcode);
    out->operands = d->operands + i->first_operand;
    out->num_operands = i->num_operands;
}

const spvk_ir_attr *dsr_dict(dsr *d, const char *const *names, const spvk_ir_attr *const *values, uint32_t count)
{
    return dsr_check(d, (void *)spvk_ir_dictionary_attr_interned(d->ctx, names, values, count));
}

spvk_ir_op *dsr_create_op(dsr *d, const spvk_ir_op_def *def, const char *name, spvk_ir_value *const *operands,
                          uint32_t num_operands, const spvk_ir_type *result_type, const spvk_ir_attr *attrs)
{
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = def;
    st.name = name;
    st.name_length = name ? strlen(name) : 0;
    st.operands = operands;
    st.num_operands = num_operands;
    st.result_types = &result_type;
    st.num_results = result_type ? 1 : 0;
    st.attrs = attrs;
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op) {
        if (spvk_ir_context_failed(d->ctx))
            dsr_oom(d);
        dsr_fail(d, d->current_inst, "cannot create operation %s (not registered)", name ? name : "?");
    }
    return op;
}

/* ---- Ids ----
   An id with an entry maps to a slot of d->ids, through id_slot[] when the bound is plausible for
   the module's size and through an open-addressing hash otherwise (a hostile bound must not be
   allocated). Slot 0 is the shared entry of unknown ids. Module-level ids, functions, their
   parameters and decoration targets keep their slots; the local ids of the function being
   materialized get slots after d->num_module_ids and lose them when it is done, so the table
   holds the module level and one function, whatever the module's size. */

static inline uint32_t id_hash(uint32_t id, size_t capacity) { return spvk_hash_u32(id) & (uint32_t)(capacity - 1); }

uint32_t dsr_id_slot_hashed(const dsr *d, uint32_t id)
{
    if (id == 0 || !d->id_hash_capacity)
        return 0;
    size_t mask = d->id_hash_capacity - 1;
    for (uint32_t h = id_hash(id, d->id_hash_capacity);; h = (h + 1) & (uint32_t)mask) {
        if (d->id_keys[h] == id)
            return d->id_slots[h];
        if (d->id_keys[h] == 0)
            return 0;
    }
}

static void hash_put(uint32_t *keys, uint32_t *slots, size_t capacity, uint32_t id, uint32_t slot)
{
    uint32_t h = id_hash(id, capacity);
    while (keys[h] != 0 && keys[h] != id)
        h = (h + 1) & (uint32_t)(capacity - 1);
    keys[h] = id;
    slots[h] = slot;
}

/* Removes id from the hash, moving later entries of its probe run back (no tombstones). */
static void hash_remove(dsr *d, uint32_t id)
{
    uint32_t mask = (uint32_t)d->id_hash_capacity - 1, h = id_hash(id, d->id_hash_capacity);
    while (d->id_keys[h] != id) {
        if (d->id_keys[h] == 0)
            return;
        h = (h + 1) & mask;
    }
    d->id_hash_count--;
    for (uint32_t hole = h, k = (h + 1) & mask;; k = (k + 1) & mask) {
        if (d->id_keys[k] == 0) {
            d->id_keys[hole] = 0;
            return;
        }
        uint32_t home = id_hash(d->id_keys[k], d->id_hash_capacity);
        /* Entry k may fill the hole when its home is not in (hole, k]. */
        if (((k - home) & mask) >= ((k - hole) & mask)) {
            d->id_keys[hole] = d->id_keys[k];
            d->id_slots[hole] = d->id_slots[k];
            hole = k;
        }
    }
}

static void set_slot(dsr *d, uint32_t id, uint32_t slot)
{
    if (d->dense) {
        d->id_slot[id] = slot;
        return;
    }
    if (slot == 0) {
        hash_remove(d, id);
        return;
    }
    if ((d->id_hash_count + 1) * 2 > d->id_hash_capacity) {
        size_t cap = d->id_hash_capacity ? d->id_hash_capacity * 2 : 256;
        uint32_t *keys = spvk_alloc(d->alloc, cap * sizeof *keys);
        uint32_t *slots = spvk_alloc(d->alloc, cap * sizeof *slots);
        if (!keys || !slots) {
            spvk_free(d->alloc, keys, cap * sizeof *keys);
            spvk_free(d->alloc, slots, cap * sizeof *slots);
            dsr_oom(d);
        }
        memset(keys, 0, cap * sizeof *keys);
        for (size_t i = 0; i < d->id_hash_capacity; i++)
            if (d->id_keys[i])
                hash_put(keys, slots, cap, d->id_keys[i], d->id_slots[i]);
        spvk_free(d->alloc, d->id_keys, d->id_hash_capacity * sizeof *d->id_keys);
        spvk_free(d->alloc, d->id_slots, d->id_hash_capacity * sizeof *d->id_slots);
        d->id_keys = keys;
        d->id_slots = slots;
        d->id_hash_capacity = cap;
    }
    if (dsr_id_slot_hashed(d, id) == 0)
        d->id_hash_count++;
    hash_put(d->id_keys, d->id_slots, d->id_hash_capacity, id, slot);
}

/* The entry of id, made when it has none. Entries move when the table grows: no caller holds a
   dsr_id pointer across this call. */
static dsr_id *id_entry(dsr *d, uint32_t id)
{
    uint32_t slot = dsr_id_slot(d, id);
    if (slot)
        return &d->ids[slot];
    if (id == 0 || (d->dense && id >= d->id_slot_count))
        dsr_fail(d, d->current_inst, "id %u is outside the module's bound %u", id, d->header.bound);
    d->ids = grow_uninit(d, &d->ids, &d->ids_capacity, d->num_ids + 1, sizeof *d->ids);
    slot = (uint32_t)d->num_ids++;
    set_slot(d, id, slot);
    dsr_id *e = &d->ids[slot];
    memset(e, 0, sizeof *e);
    e->id = id;
    return e;
}

/* The id table, made before the first instruction (the header's bound is known then). */
static void ids_init(dsr *d)
{
    uint32_t bound = d->header.bound;
    /* Every id is defined by an instruction of at least two words, so a bound beyond the word
       count cannot be dense. */
    d->dense = (size_t)bound <= d->num_words + 64;
    if (d->dense) {
        d->id_slot_count = bound ? bound : 1;
        d->id_slot = spvk_alloc(d->alloc, d->id_slot_count * sizeof *d->id_slot);
        if (!d->id_slot)
            dsr_oom(d);
        memset(d->id_slot, 0, d->id_slot_count * sizeof *d->id_slot);
    }
    d->ids = grow_uninit(d, &d->ids, &d->ids_capacity, 1024, sizeof *d->ids);
    memset(d->ids, 0, sizeof *d->ids); /* slot 0: the shared entry of unknown ids */
    d->num_ids = 1;
}

static bool is_type_declaration(uint16_t opcode)
{
    const spvk_instruction_desc *desc = spvk_instruction_by_opcode(opcode);
    return desc && desc->instruction_class == SPVK_CLASS_TYPE_DECLARATION;
}

static uint8_t prefix_kind(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_ExtInstImport:
        return DSR_ID_EXT_IMPORT;
    case SPVK_OP_DecorationGroup:
        return DSR_ID_DECORATION_GROUP;
    case SPVK_OP_String:
        return DSR_ID_STRING;
    case SPVK_OP_Variable:
    case SPVK_OP_UntypedVariableKHR:
        return DSR_ID_GLOBAL;
    case SPVK_OP_Undef:
        return DSR_ID_UNDEF;
    case SPVK_OP_SpecConstant:
    case SPVK_OP_SpecConstantTrue:
    case SPVK_OP_SpecConstantFalse:
    case SPVK_OP_SpecConstantComposite:
    case SPVK_OP_SpecConstantCompositeReplicateEXT:
        return DSR_ID_SPEC;
    case SPVK_OP_SpecConstantOp:
        return DSR_ID_SPEC_OP;
    case SPVK_OP_Constant:
    case SPVK_OP_ConstantTrue:
    case SPVK_OP_ConstantFalse:
    case SPVK_OP_ConstantComposite:
    case SPVK_OP_ConstantCompositeReplicateEXT:
    case SPVK_OP_ConstantNull:
        return DSR_ID_CONSTANT;
    case SPVK_OP_ConstantSizeOfEXT:
        return DSR_ID_SIZEOF;
    case SPVK_OP_ConstantSampler:
        return DSR_ID_SAMPLER;
    default:
        return is_type_declaration(opcode) ? DSR_ID_TYPE : DSR_ID_NONE;
    }
}

/* ---- Collecting the instructions ---- */

/* Keeps the instruction (appended to d->insts) and defines its result id with what kind of thing
   it is: in_function says whether it is a function's own (a label or a value). */
static void collect(dsr *d, const spvk_instruction *inst, bool in_function)
{
    d->insts = grow_uninit(d, &d->insts, &d->insts_capacity, d->num_insts + 1, sizeof *d->insts);
    d->operands = grow_uninit(d, &d->operands, &d->operands_capacity, d->num_operands + inst->num_operands,
                              sizeof *d->operands);
    uint32_t index = (uint32_t)d->num_insts++;
    dsr_inst *i = &d->insts[index];
    i->offset = (uint32_t)inst->offset;
    i->first_operand = (uint32_t)d->num_operands;
    i->result_type_id = inst->result_type_id;
    i->result_id = inst->result_id;
    i->num_words = inst->num_words;
    i->opcode = inst->opcode;
    i->num_operands = inst->num_operands;
    i->ext_set = (uint16_t)inst->ext_inst_set;
    if (inst->num_operands) /* the array may still be NULL */
        memcpy(d->operands + d->num_operands, inst->operands, inst->num_operands * sizeof *inst->operands);
    d->num_operands += inst->num_operands;
    if (inst->num_operands > d->max_inst_operands)
        d->max_inst_operands = inst->num_operands;
    if (!inst->result_id)
        return;
    d->current_inst = index;
    dsr_id *e = id_entry(d, inst->result_id);
    d->current_inst = DSR_NONE;
    if (e->def)
        dsr_fail(d, index, "id %%%u is defined twice", inst->result_id);
    e->def = index + 1;
    uint16_t op = inst->opcode;
    if (op == SPVK_OP_Function)
        e->kind = DSR_ID_FUNCTION;
    else if (in_function)
        e->kind = op == SPVK_OP_Label ? DSR_ID_LABEL : DSR_ID_VALUE;
    else
        e->kind = prefix_kind(op);
    if (op == SPVK_OP_ConstantNull)
        e->is_null = 1;
}

/* Reads instructions into d->insts until `stop` says so (or the module ends); returns the
   offset of the instruction it stopped at (not kept), or the module's end. */
/* An OpName or OpMemberName that is well formed (an id below the bound, its string filling the
   rest of it): what record_names may read. Such names are skipped without
   decoding (a module may name every local value); others go to the reader, which reports them. */
static bool is_plain_name(const dsr *d, size_t at)
{
    if (at >= d->num_words)
        return false;
    const uint32_t *w = d->words + at;
    uint32_t count = w[0] >> 16, opcode = w[0] & 0xffff;
    uint32_t first = opcode == SPVK_OP_Name ? 2 : opcode == SPVK_OP_MemberName ? 3 : 0;
    if (!first || count <= first || count > d->num_words - at || w[1] == 0 || w[1] >= d->header.bound)
        return false;
    const char *text = (const char *)(w + first);
    size_t room = (size_t)(count - first) * 4;
    const char *nul = memchr(text, 0, room);
    return nul && count == first + ((size_t)(nul - text) + 4) / 4; /* the string ends the instruction */
}

static size_t read_until(dsr *d, bool in_function, uint16_t stop_opcode, bool keep_stop)
{
    for (;;) {
        const spvk_instruction *inst;
        size_t at = spvk_reader_offset(d->reader);
        if (is_plain_name(d, at)) {
            spvk_reader_seek(d->reader, at + (d->words[at] >> 16)); /* record_names reads it */
            continue;
        }
        spvk_result r = spvk_reader_next(d->reader, &inst);
        if (r != SPVK_OK) {
            d->result = r;
            longjmp(d->fail_jmp, 1);
        }
        if (!inst)
            return at;
        if (inst->opcode == stop_opcode && !keep_stop) {
            spvk_reader_seek(d->reader, at);
            return at;
        }
        if (inst->opcode == SPVK_OP_Name || inst->opcode == SPVK_OP_MemberName)
            continue; /* debug names: record_names reads what it needs from the words */
        collect(d, inst, in_function);
        if (inst->opcode == stop_opcode)
            return spvk_reader_offset(d->reader);
    }
}

/* OpName of what has an entry at module level (symbols, types); names of function-local values
   have no use in the IR. Names are not kept in d->insts (a module may name every local value);
   this reads them from the words between first_offset and end_offset, already decoded. */
static void record_names(dsr *d, size_t first_offset, size_t end_offset)
{
    for (size_t at = first_offset; at < end_offset; at += d->words[at] >> 16) {
        const uint32_t *w = d->words + at;
        if ((w[0] & 0xffff) != SPVK_OP_Name)
            continue;
        uint32_t slot = dsr_id_slot(d, w[1]);
        const char *name = (const char *)(w + 2);
        /* An empty name is no name (glslang names anonymous blocks ""). */
        if (slot && *name && !d->ids[slot].name)
            d->ids[slot].name = name;
    }
}

/* Finds the functions: one pass over the words after the module-level instructions, by word
   counts alone (bodies are decoded when materialized). Each function's OpFunction and
   OpFunctionParameters are kept at module level. */
static void find_functions(dsr *d, size_t offset)
{
    size_t n = d->num_words;
    dsr_function *f = NULL;
    while (offset < n) {
        uint32_t count = d->words[offset] >> 16, opcode = d->words[offset] & 0xffff;
        if (count == 0 || count > n - offset) {
            /* The reader refuses it, with the diagnostic a full decode gives. */
            const spvk_instruction *inst;
            spvk_reader_seek(d->reader, offset);
            d->result = spvk_reader_next(d->reader, &inst);
            longjmp(d->fail_jmp, 1);
        }
        if (opcode == SPVK_OP_Function) {
            if (f)
                dsr_fail_at(d, offset, opcode, "OpFunction inside a function (missing OpFunctionEnd)");
            d->functions = dsr_scratch_grow(d, &d->functions, &d->functions_capacity, d->num_functions + 1,
                                            sizeof *d->functions);
            f = &d->functions[d->num_functions++];
            memset(f, 0, sizeof *f);
            /* OpFunction and its parameters, decoded. */
            spvk_reader_seek(d->reader, offset);
            f->first_inst = (uint32_t)d->num_insts;
            read_until(d, false, SPVK_OP_Function, true);
            for (;;) {
                size_t at = spvk_reader_offset(d->reader);
                if (at >= n || (d->words[at] & 0xffff) != SPVK_OP_FunctionParameter)
                    break;
                read_until(d, true, SPVK_OP_FunctionParameter, true);
            }
            f->num_params = (uint32_t)d->num_insts - f->first_inst - 1;
            f->body_offset = (uint32_t)spvk_reader_offset(d->reader);
            offset = f->body_offset;
            continue;
        }
        if (opcode == SPVK_OP_FunctionEnd) {
            if (!f)
                dsr_fail_at(d, offset, opcode, "OpFunctionEnd outside a function");
            f->end_offset = (uint32_t)(offset + count);
            f = NULL;
        } else if (!f && opcode != SPVK_OP_Line && opcode != SPVK_OP_NoLine && opcode != SPVK_OP_Nop) {
            const spvk_instruction_desc *desc = spvk_instruction_by_opcode((uint16_t)opcode);
            dsr_fail_at(d, offset, opcode, "%s outside a function, after the first function",
                        desc ? desc->name : "instruction");
        }
        offset += count;
    }
    if (f)
        dsr_fail(d, f->first_inst, "function without OpFunctionEnd");
}

static inline uint32_t op_word(const dsr *d, uint32_t inst, uint32_t operand)
{
    const dsr_inst *i = &d->insts[inst];
    return (d->words + i->offset)[d->operands[i->first_operand + operand].offset];
}

static inline const char *op_string(const dsr *d, uint32_t inst, uint32_t operand)
{
    const dsr_inst *i = &d->insts[inst];
    return (const char *)((d->words + i->offset) + d->operands[i->first_operand + operand].offset);
}

/* ---- Symbol names ---- */

static bool name_taken(dsr *d, const char *interned)
{
    if (!d->names_capacity)
        return false;
    size_t mask = d->names_capacity - 1;
    for (size_t h = spvk_hash_u32((uint32_t)(uintptr_t)interned ^ (uint32_t)((uintptr_t)interned >> 32)) & mask;;
         h = (h + 1) & mask) {
        if (d->names[h] == interned)
            return true;
        if (!d->names[h])
            return false;
    }
}

static void name_add(dsr *d, const char *interned)
{
    if ((d->names_count + 1) * 2 > d->names_capacity) {
        size_t cap = d->names_capacity ? d->names_capacity * 2 : 64;
        const char **slots = spvk_alloc(d->alloc, cap * sizeof *slots);
        if (!slots)
            dsr_oom(d);
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < d->names_capacity; i++) {
            const char *n = d->names[i];
            if (!n)
                continue;
            size_t h = spvk_hash_u32((uint32_t)(uintptr_t)n ^ (uint32_t)((uintptr_t)n >> 32)) & (cap - 1);
            while (slots[h])
                h = (h + 1) & (cap - 1);
            slots[h] = n;
        }
        spvk_free(d->alloc, d->names, d->names_capacity * sizeof *d->names);
        d->names = slots;
        d->names_capacity = cap;
    }
    size_t mask = d->names_capacity - 1;
    size_t h = spvk_hash_u32((uint32_t)(uintptr_t)interned ^ (uint32_t)((uintptr_t)interned >> 32)) & mask;
    while (d->names[h])
        h = (h + 1) & mask;
    d->names[h] = interned;
    d->names_count++;
}

/* A symbol name not yet used in this module: base, or base_1, base_2, ... */
static const char *unique_symbol(dsr *d, const char *base, size_t length)
{
    const char *n = dsr_check(d, (void *)spvk_ir_intern(d->ctx, base, length));
    if (!name_taken(d, n)) {
        name_add(d, n);
        return n;
    }
    size_t cap = length + 24;
    char *buf = spvk_alloc(d->alloc, cap);
    if (!buf)
        dsr_oom(d);
    memcpy(buf, base, length);
    for (uint32_t k = 1;; k++) {
        int m = snprintf(buf + length, 24, "_%u", k);
        n = spvk_ir_intern(d->ctx, buf, length + (size_t)m);
        if (!n) {
            spvk_free(d->alloc, buf, cap);
            dsr_oom(d);
        }
        if (!name_taken(d, n))
            break;
    }
    spvk_free(d->alloc, buf, cap);
    name_add(d, n);
    return n;
}

static void assign_symbol(dsr *d, uint32_t id, const char *preferred, const char *prefix)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->symbol)
        return;
    char generated[48];
    const char *base = preferred && *preferred ? preferred : e->name;
    if (!base) {
        snprintf(generated, sizeof generated, "%s%u", prefix, id);
        base = generated;
    }
    e->symbol = unique_symbol(d, base, strlen(base));
    /* A function's @ref is made when something refers to it (dsr_function_ref): in a large
       module most functions are called from one place, or none. */
    if (e->kind != DSR_ID_FUNCTION)
        e->ref = dsr_check(d, (void *)spvk_ir_symbol_ref_attr(d->ctx, e->symbol, strlen(e->symbol)));
}

const spvk_ir_attr *dsr_function_ref(dsr *d, dsr_id *e)
{
    if (!e->ref)
        e->ref = dsr_check(d, (void *)spvk_ir_symbol_ref_attr(d->ctx, e->symbol, strlen(e->symbol)));
    return e->ref;
}

/* ---- Decorations ---- */

/* A target not defined at module level may be a function's local value: whether it is defined
   is known once every function has been read (spvk_spirv_deserializer_finish). The record is not
   linked into its target's list here: link_decorations does that for all of them at once. */
static void add_decoration(dsr *d, uint32_t target, uint32_t inst, int32_t member, uint16_t first)
{
    d->current_inst = inst;
    (void)id_entry(d, target);
    d->current_inst = DSR_NONE;
    d->decos = dsr_scratch_grow(d, &d->decos, &d->decos_capacity, d->num_decos + 1, sizeof *d->decos);
    dsr_deco *dc = &d->decos[d->num_decos++];
    dc->inst = inst;
    dc->target = target;
    dc->member = member;
    dc->first = first;
    dc->used = 0;
    dc->pad = 0;
    dc->next = 0;
}

/* Links every record into its target's list, in the order of d->decos (the module's order, group
   copies after the direct ones). Prepending from the last record back keeps that order without
   walking to a list's tail for each record: appending did, and so took time quadratic in the
   decorations on one id (100,000 on one id: minutes). */
static void link_decorations(dsr *d)
{
    for (size_t k = 0; k < d->num_decos; k++)
        dsr_id_at(d, d->decos[k].target)->decorations = 0;
    for (size_t k = d->num_decos; k-- > 0;) {
        dsr_id *e = dsr_id_at(d, d->decos[k].target);
        d->decos[k].next = e->decorations;
        e->decorations = (uint32_t)k + 1;
    }
}

static bool is_decoration_group(dsr *d, uint32_t id)
{
    uint32_t slot = dsr_id_slot(d, id);
    const dsr_id *e = slot ? &d->ids[slot] : NULL;
    return e && e->def && d->insts[e->def - 1].opcode == SPVK_OP_DecorationGroup;
}

static void record_decorations(dsr *d)
{
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        const dsr_inst *in = &d->insts[i];
        switch (in->opcode) {
        case SPVK_OP_Decorate:
        case SPVK_OP_DecorateId:
        case SPVK_OP_DecorateString:
            add_decoration(d, op_word(d, i, 0), i, -1, 1);
            break;
        case SPVK_OP_MemberDecorate:
        case SPVK_OP_MemberDecorateString:
            add_decoration(d, op_word(d, i, 0), i, (int32_t)op_word(d, i, 1), 2);
            break;
        default:
            break;
        }
    }
    /* The groups' own lists are complete now: they hold only direct decorations, since no group
       may be the target of another (below). */
    link_decorations(d);
    size_t num_direct = d->num_decos;
    /* Group decorations copy the group's own decorations to each target. */
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        const dsr_inst *in = &d->insts[i];
        if (in->opcode != SPVK_OP_GroupDecorate && in->opcode != SPVK_OP_GroupMemberDecorate)
            continue;
        uint32_t group = op_word(d, i, 0);
        if (!is_decoration_group(d, group))
            dsr_fail(d, i, "%%%u is not an OpDecorationGroup", group);
        bool member = in->opcode == SPVK_OP_GroupMemberDecorate;
        for (uint32_t k = 1; k < in->num_operands; k += member ? 2 : 1) {
            uint32_t target = op_word(d, i, k);
            /* A group applied to itself made the copy loop below run forever (each copy joined
               the list being copied); SPIR-V allows no group as a target at all (3.3.3, OpGroupDecorate). */
            if (is_decoration_group(d, target))
                dsr_fail(d, i, "target %%%u is an OpDecorationGroup; a decoration group cannot be decorated by a group",
                         target);
            int32_t m = member && k + 1 < in->num_operands ? (int32_t)op_word(d, i, k + 1) : -1;
            for (uint32_t x = dsr_id_at(d, group)->decorations; x; x = d->decos[x - 1].next) {
                dsr_deco copy = d->decos[x - 1];
                if (copy.member >= 0)
                    dsr_fail(d, i, "decoration group %%%u holds a member decoration", group);
                add_decoration(d, target, copy.inst, m, copy.first);
            }
        }
    }
    if (d->num_decos != num_direct)
        link_decorations(d);
}

/* Decorations a type, a symbol or a spec constant consumes itself (not turned into attributes). */
static bool decoration_consumed(uint32_t decoration)
{
    return decoration == SPVK_DECORATION_ArrayStride || decoration == SPVK_DECORATION_Block;
}

/* An <id> operand of OpDecorateId (CounterBuffer's buffer, AlignmentId's and MaxByteOffsetId's
   constant, UniformId's scope): a global variable or spec constant as its symbol, an integer
   constant as its value (an i32), which is what the serializer writes back (an OpConstant of the
   32-bit unsigned integer type: the operands are constant instructions of an integer type). */
static const spvk_ir_attr *decoration_id_operand(dsr *d, const dsr_deco *deco, uint32_t id, const char *name)
{
    dsr_id *e = dsr_id_at(d, id);
    if ((e->kind == DSR_ID_GLOBAL || e->kind == DSR_ID_SPEC) && e->ref)
        return e->ref;
    if (e->kind == DSR_ID_CONSTANT) {
        const spvk_ir_attr *a = dsr_constant(d, id, deco->inst);
        if (a && !a->dialect && a->kind == SPVK_ATTR_INTEGER && a->type && a->type->width <= 32)
            return dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)(uint32_t)a->value));
    }
    dsr_fail(d, deco->inst, "the <id> operand %%%u of decoration %s cannot be represented (a variable, a "
                            "specialization constant or a 32-bit integer constant can)", id, name);
}

const spvk_ir_attr *dsr_decoration_attr(dsr *d, const dsr_deco *deco, const char **name_out)
{
    const dsr_inst *in = &d->insts[deco->inst];
    uint32_t decoration = op_word(d, deco->inst, deco->first);
    *name_out = spvk_spirv_decoration_attr_name(d->ctx, decoration);
    if (!*name_out)
        dsr_fail(d, deco->inst, "decoration %u has no attribute name", decoration);
    uint32_t first = deco->first + 1u, count = in->num_operands - first;
    if (count == 0)
        return dsr_check(d, (void *)spvk_ir_unit_attr(d->ctx));
    const spvk_operand *ops = d->operands + in->first_operand + first;
    spvk_instruction view;
    dsr_view(d, deco->inst, &view);
    if (decoration == SPVK_DECORATION_BuiltIn) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_BuiltIn, (d->words + in->offset)[ops[0].offset]);
        if (!e)
            dsr_fail(d, deco->inst, "unknown BuiltIn %u", (d->words + in->offset)[ops[0].offset]);
        return dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, e->name, strlen(e->name)));
    }
    if (decoration == SPVK_DECORATION_LinkageAttributes) {
        /* #spirv.linkage_attributes<linkage_name = "f", linkage_type = <Export>> */
        if (count != 2 || ops[0].kind != SPVK_OPERAND_LiteralString)
            dsr_fail(d, deco->inst, "LinkageAttributes needs a name and a linkage type");
        const char *s = spvk_operand_string(&view, &ops[0]);
        const char *names[2] = {dsr_intern(d, "linkage_name"), dsr_intern(d, "linkage_type")};
        const spvk_ir_attr *items[2];
        items[0] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, s, strlen(s)));
        items[1] = dsr_enum(d, SPVK_OPERAND_LinkageType, (d->words + in->offset)[ops[1].offset]);
        spvk_ir_attr_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.dialect = d->spirv;
        desc.kind = SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES;
        desc.names = names;
        desc.attrs = items;
        desc.num_attrs = 2;
        return dsr_check(d, (void *)spvk_ir_attr_get(d->ctx, &desc));
    }
    const spvk_ir_attr *items[16];
    if (count > 16)
        dsr_fail(d, deco->inst, "decoration with %u operands is not supported", count);
    for (uint32_t k = 0; k < count; k++) {
        const spvk_operand *o = &ops[k];
        const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
        if (!kd)
            dsr_fail(d, deco->inst, "unknown operand kind in a decoration");
        switch (kd->category) {
        case SPVK_CATEGORY_ID:
            items[k] = decoration_id_operand(d, deco, (d->words + in->offset)[o->offset], *name_out);
            break;
        case SPVK_CATEGORY_VALUEENUM:
        case SPVK_CATEGORY_BITENUM:
            /* MLIR 19 has an attribute for FPFastMathMode's operand only; other enumerant
               operands (FuncParamAttr, FPRoundingMode) are their value, as an i32. */
            if (o->kind == SPVK_OPERAND_FPFastMathMode)
                items[k] = dsr_enum(d, o->kind, (d->words + in->offset)[o->offset]);
            else
                items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)(d->words + in->offset)[o->offset]));
            break;
        default:
            if (o->kind == SPVK_OPERAND_LiteralString) {
                const char *s = spvk_operand_string(&view, o);
                items[k] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, s, strlen(s)));
            } else {
                items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)(d->words + in->offset)[o->offset]));
            }
            break;
        }
    }
    if (count == 1)
        return items[0];
    return dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, count));
}

uint32_t dsr_count_decorations(dsr *d, uint32_t id)
{
    uint32_t n = 0;
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next)
        n++;
    return n;
}

void dsr_collect_decorations(dsr *d, uint32_t id, const char **names, const spvk_ir_attr **values, uint32_t *count,
                             uint32_t capacity)
{
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next) {
        dsr_deco *dc = &d->decos[x - 1];
        if (!dc->used) {
            dc->used = 1;
            dsr_effect_of(d, DSR_EFFECT_DECORATION_USED, x - 1, 0);
        }
        if (dc->member >= 0)
            dsr_fail(d, dc->inst, "member decoration of %%%u, which is not a struct type", id);
        uint32_t decoration = op_word(d, dc->inst, dc->first);
        if (decoration_consumed(decoration))
            dsr_fail(d, dc->inst, "decoration %s of %%%u cannot be represented", spvk_spirv_decoration_attr_name(d->ctx, decoration), id);
        if (*count == capacity)
            dsr_fail(d, dc->inst, "too many decorations on %%%u", id);
        names[*count] = NULL;
        values[*count] = dsr_decoration_attr(d, dc, &names[*count]);
        (*count)++;
    }
}

/* ---- The module's prefix ---- */

static void add_capability(dsr *d, uint32_t cap)
{
    for (size_t i = 0; i < d->num_capabilities; i++)
        if (d->capabilities[i] == cap)
            return;
    d->capabilities = dsr_scratch_grow(d, &d->capabilities, &d->capabilities_capacity, d->num_capabilities + 1,
                                       sizeof *d->capabilities);
    d->capabilities[d->num_capabilities++] = cap;
    if (cap == SPVK_CAPABILITY_VariablePointers || cap == SPVK_CAPABILITY_VariablePointersStorageBuffer)
        d->has_variable_pointers = true;
}

static void add_extension(dsr *d, const char *name)
{
    for (size_t i = 0; i < d->num_extensions; i++)
        if (strcmp(d->extensions[i], name) == 0)
            return;
    d->extensions = dsr_scratch_grow(d, &d->extensions, &d->extensions_capacity, d->num_extensions + 1,
                                     sizeof *d->extensions);
    d->extensions[d->num_extensions++] = name;
}

static bool is_debug_ext_set(const char *name)
{
    return strcmp(name, "DebugInfo") == 0 || strcmp(name, "OpenCL.DebugInfo.100") == 0 ||
           strcmp(name, "NonSemantic.Shader.DebugInfo.100") == 0 ||
           strncmp(name, "NonSemantic.Shader.DebugInfo", 28) == 0;
}

/* The module's prefix: capabilities, extensions, the memory model. */
static void scan_prefix(dsr *d)
{
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        switch (d->insts[i].opcode) {
        case SPVK_OP_Capability:
            add_capability(d, op_word(d, i, 0));
            break;
        case SPVK_OP_Extension:
            add_extension(d, op_string(d, i, 0));
            break;
        case SPVK_OP_MemoryModel:
            if (d->has_memory_model)
                dsr_fail(d, i, "a second OpMemoryModel");
            d->has_memory_model = true;
            d->addressing_model = op_word(d, i, 0);
            d->memory_model = op_word(d, i, 1);
            break;
        default:
            break;
        }
    }
    if (!d->has_memory_model)
        dsr_fail(d, DSR_NONE, "the module has no OpMemoryModel");
}

/* Symbol names: entry points first (their functions take the entry point's name, as the
   serializer names the entry point after its function), then everything in module order. */
static void assign_symbols(dsr *d)
{
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        if (d->insts[i].opcode != SPVK_OP_EntryPoint)
            continue;
        uint32_t fn = op_word(d, i, 1);
        const char *name = op_string(d, i, 2);
        dsr_id *e = dsr_id_at(d, fn);
        if (e->kind != DSR_ID_FUNCTION)
            dsr_fail(d, i, "entry point %%%u is not a function", fn);
        if (e->symbol && strcmp(e->symbol, name) != 0)
            dsr_fail(d, i, "function %%%u is an entry point under two names (\"%s\" and \"%s\")", fn, e->symbol,
                     name);
        assign_symbol(d, fn, name, "spirv_fn_");
    }
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        const dsr_inst *in = &d->insts[i];
        if (!in->result_id)
            continue;
        dsr_id *e = dsr_id_at(d, in->result_id);
        if (e->kind == DSR_ID_GLOBAL)
            assign_symbol(d, in->result_id, NULL, "spirv_var_");
        else if (e->kind == DSR_ID_SPEC)
            assign_symbol(d, in->result_id, NULL, "spirv_spec_const_");
    }
    /* Functions: they are the only instructions after the prefix whose kind is FUNCTION. */
    for (uint32_t i = d->first_function_inst; i < d->num_insts; i++)
        if (d->insts[i].opcode == SPVK_OP_Function)
            assign_symbol(d, d->insts[i].result_id, NULL, "spirv_fn_");
}

/* ---- Module-level symbol ops ---- */

static void append_module_op(dsr *d, spvk_ir_op *op) { spvk_ir_block_append(d->module_block, op); }

/* A normal constant used where only a symbol can be (constituents of spec constant composites,
   variable initializers, decorated constants) becomes a spec constant without SpecId: it cannot
   be specialized, so it keeps its meaning, and MLIR 19 accepts it there. */
static const spvk_ir_attr *constant_as_symbol(dsr *d, uint32_t id, uint32_t user);

static void symbol_attrs_from_decorations(dsr *d, uint32_t id, const char **names, const spvk_ir_attr **values,
                                          uint32_t *count, uint32_t capacity)
{
    dsr_collect_decorations(d, id, names, values, count, capacity);
}

static spvk_ir_op *make_spec_constant(dsr *d, uint32_t id, const char *symbol, const spvk_ir_attr *value,
                                      uint32_t inst)
{
    const char *names[24];
    const spvk_ir_attr *values[24];
    uint32_t n = 0;
    names[n] = d->n_sym_name;
    values[n++] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, symbol, strlen(symbol)));
    names[n] = d->n_default_value;
    values[n++] = value;
    if (id)
        symbol_attrs_from_decorations(d, id, names, values, &n, 24);
    (void)inst;
    spvk_ir_op *op = dsr_create_op(d, NULL, "spirv.SpecConstant", NULL, 0, NULL, dsr_dict(d, names, values, n));
    append_module_op(d, op);
    return op;
}

static spvk_ir_op *make_spec_composite(dsr *d, uint32_t id, const char *symbol, const spvk_ir_type *type,
                                       const spvk_ir_attr *const *constituents, uint32_t count)
{
    const char *names[24];
    const spvk_ir_attr *values[24];
    uint32_t n = 0;
    names[n] = d->n_sym_name;
    values[n++] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, symbol, strlen(symbol)));
    names[n] = d->n_type;
    values[n++] = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, type));
    names[n] = d->n_constituents;
    values[n++] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, constituents, count));
    if (id)
        symbol_attrs_from_decorations(d, id, names, values, &n, 24);
    spvk_ir_op *op = dsr_create_op(d, NULL, "spirv.SpecConstantComposite", NULL, 0, NULL,
                                   dsr_dict(d, names, values, n));
    append_module_op(d, op);
    return op;
}

/* Where an initializer or a spec constant composite's constituent is an OpUndef, or an
   OpConstantNull of a type that is not a scalar (a struct, a spec-sized array, a pointer, an
   event, ...), its value stands there instead of a symbol (spvkit's, docs/spirv_dialect.md):
   #spirv.undef, or unit for the null. NULL for any other id. */
static const spvk_ir_attr *value_operand(dsr *d, uint32_t id, uint32_t user)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind == DSR_ID_UNDEF)
        return dsr_check(d, (void *)spvk_spirv_undef_attr(d->ctx));
    if (e->kind != DSR_ID_CONSTANT || !e->def || d->insts[e->def - 1].opcode != SPVK_OP_ConstantNull)
        return NULL;
    const spvk_ir_type *t = dsr_type(d, d->insts[e->def - 1].result_type_id, user);
    if (!t->dialect && (t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_FLOAT))
        return NULL; /* a scalar zero: a spec constant, which MLIR reads */
    return dsr_check(d, (void *)spvk_ir_unit_attr(d->ctx));
}

/* How many constituents a composite of this type has (-1: not a composite, or sized by a spec
   constant), and the type of constituent k. */
static int64_t composite_members(dsr *d, const spvk_ir_type *t)
{
    if (!t->dialect && t->kind == SPVK_TYPE_VECTOR && t->num_ints == 1)
        return t->ints[0];
    if (t->dialect != d->spirv)
        return -1;
    switch (t->kind) {
    case SPVK_SPIRV_ARRAY:
    case SPVK_SPIRV_MATRIX: return t->num_ints ? t->ints[0] : -1;
    case SPVK_SPIRV_STRUCT: return t->num_types;
    case SPVK_SPIRV_COOPMATRIX: return 1;
    default: return -1;
    }
}

static const spvk_ir_type *composite_member(dsr *d, const spvk_ir_type *t, uint32_t k)
{
    return t->dialect == d->spirv && t->kind == SPVK_SPIRV_STRUCT ? t->types[k] : t->types[0];
}

static void spec_op_symbol(dsr *d, uint32_t id, uint32_t inst, unsigned depth);

static const spvk_ir_attr *synthesize_constant_symbol(dsr *d, uint32_t id, uint32_t user, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind != DSR_ID_CONSTANT)
        dsr_fail(d, user, "%%%u is not a constant", id);
    if (e->ref) /* made earlier for another user */
        return e->ref;
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, user, "constant nested too deeply");
    const spvk_ir_attr *value = dsr_constant(d, id, user);
    const spvk_ir_type *type = e->type;
    char generated[48];
    snprintf(generated, sizeof generated, "spirv_spec_const_%u", id);
    const char *base = e->name ? e->name : generated;
    const char *symbol = unique_symbol(d, base, strlen(base));
    const spvk_ir_attr *ref = dsr_check(d, (void *)spvk_ir_symbol_ref_attr(d->ctx, symbol, strlen(symbol)));
    const dsr_inst *in = &d->insts[e->def - 1];
    bool scalar = type->dialect == NULL && (type->kind == SPVK_TYPE_INTEGER || type->kind == SPVK_TYPE_FLOAT);
    int64_t members = composite_members(d, type);
    if (scalar) {
        e->op = make_spec_constant(d, 0, symbol, value, user);
    } else if (in->opcode == SPVK_OP_ConstantNull && members >= 0) {
        /* A decorated null composite (a RelaxedPrecision vector): a spec constant composite of the
           members' zeros (normal constants among the constituents). */
        uint32_t count = (uint32_t)members;
        const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (count ? count : 1) * sizeof *items));
        for (uint32_t k = 0; k < count; k++)
            items[k] = dsr_zero_attr(d, composite_member(d, type, k), user, depth + 1);
        e->op = make_spec_composite(d, 0, symbol, type, items, count);
    } else {
        bool replicate = in->opcode == SPVK_OP_ConstantCompositeReplicateEXT;
        if (in->opcode != SPVK_OP_ConstantComposite && !(replicate && members >= 0))
            dsr_fail(d, user,
                     "constant %%%u (%s) cannot be given a symbol: only scalars, OpConstantComposite, "
                     "OpConstantCompositeReplicateEXT and OpConstantNull can", id, dsr_inst_name(d, e->def - 1));
        uint32_t count = replicate ? (uint32_t)members : in->num_operands - 2u;
        /* Arena memory: a failure deeper down must not leak it. */
        const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (count ? count : 1) * sizeof *items));
        for (uint32_t k = 0; k < count; k++) {
            uint32_t c = op_word(d, e->def - 1, replicate ? 2 : 2 + k);
            const spvk_ir_attr *v = value_operand(d, c, user);
            items[k] = v ? v : synthesize_constant_symbol(d, c, user, depth + 1);
        }
        e->op = make_spec_composite(d, 0, symbol, type, items, count);
    }
    e->symbol = symbol;
    e->ref = ref;
    return ref;
}

static const spvk_ir_attr *constant_as_symbol(dsr *d, uint32_t id, uint32_t user)
{
    return synthesize_constant_symbol(d, id, user, 0);
}

/* The symbol reference for a constituent / initializer: spec constants and globals as they are,
   normal constants through a synthesized spec constant. */
static const spvk_ir_attr *symbol_operand(dsr *d, uint32_t id, uint32_t user, bool allow_global)
{
    const spvk_ir_attr *value = value_operand(d, id, user);
    if (value)
        return value;
    dsr_id *e = dsr_id_at(d, id);
    switch (e->kind) {
    case DSR_ID_SPEC_OP:
        /* a module-level spirv.SpecConstantOperation with a symbol, as for array lengths */
        spec_op_symbol(d, id, user, 0);
        return dsr_id_at(d, id)->ref;
    case DSR_ID_SPEC:
        if (!e->op)
            dsr_fail(d, user, "spec constant %%%u is used before it is defined", id);
        return e->ref;
    case DSR_ID_GLOBAL:
        if (!allow_global)
            break;
        if (!e->op)
            dsr_fail(d, user, "variable %%%u is used before it is defined", id);
        return e->ref;
    case DSR_ID_CONSTANT:
        return constant_as_symbol(d, id, user);
    default:
        break;
    }
    dsr_fail(d, user, "%%%u (%s) cannot be referenced by symbol here", id,
             e->def ? dsr_inst_name(d, e->def - 1) : "undefined");
}

/* ---- Specialization constants as type parameters (spvkit's addition) ----
   An array length or a cooperative matrix parameter may be a specialization constant. MLIR 19
   has no such types; spvkit's carry the spec constant's symbol (and its default value in place
   of the literal). An OpSpecConstantOp so used gets a module-level symbol of its own: a
   spirv.SpecConstantOperation with sym_name whose block references its operands itself. */

static bool eval_spec(dsr *d, uint32_t id, uint32_t inst, int64_t *out, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    if (depth > DSR_MAX_TYPE_DEPTH || !e->def)
        return false;
    uint32_t di = e->def - 1;
    uint16_t op = d->insts[di].opcode;
    if (e->kind == DSR_ID_CONSTANT || op == SPVK_OP_SpecConstant) {
        const spvk_ir_attr *a = dsr_constant(d, id, inst);
        if (a->kind == SPVK_ATTR_INTEGER && !a->dialect) {
            *out = a->value;
            return true;
        }
        if (a->kind == SPVK_ATTR_BOOL && !a->dialect) {
            *out = a->value;
            return true;
        }
        return false;
    }
    if (op == SPVK_OP_SpecConstantTrue || op == SPVK_OP_SpecConstantFalse) {
        *out = op == SPVK_OP_SpecConstantTrue;
        return true;
    }
    if (op != SPVK_OP_SpecConstantOp || d->insts[di].num_operands < 4)
        return false;
    uint32_t wrapped = op_word(d, di, 2);
    int64_t a = 0, b = 0;
    if (!eval_spec(d, op_word(d, di, 3), inst, &a, depth + 1))
        return false;
    bool binary = d->insts[di].num_operands >= 5;
    if (binary && !eval_spec(d, op_word(d, di, 4), inst, &b, depth + 1))
        return false;
    switch (wrapped) {
    case SPVK_OP_IAdd: *out = (int64_t)((uint64_t)a + (uint64_t)b); return binary;
    case SPVK_OP_ISub: *out = (int64_t)((uint64_t)a - (uint64_t)b); return binary;
    case SPVK_OP_IMul: *out = (int64_t)((uint64_t)a * (uint64_t)b); return binary;
    case SPVK_OP_UDiv: if (!binary || !b) return false; *out = (int64_t)((uint64_t)a / (uint64_t)b); return true;
    case SPVK_OP_SDiv: if (!binary || !b || (a == INT64_MIN && b == -1)) return false; *out = a / b; return true;
    case SPVK_OP_ShiftLeftLogical: if (!binary || b < 0 || b > 63) return false; *out = (int64_t)((uint64_t)a << b); return true;
    case SPVK_OP_ShiftRightLogical: if (!binary || b < 0 || b > 63) return false; *out = (int64_t)((uint64_t)a >> b); return true;
    case SPVK_OP_BitwiseAnd: *out = a & b; return binary;
    case SPVK_OP_BitwiseOr: *out = a | b; return binary;
    case SPVK_OP_BitwiseXor: *out = a ^ b; return binary;
    case SPVK_OP_SNegate: *out = (int64_t)(0 - (uint64_t)a); return true;
    case SPVK_OP_UConvert:
    case SPVK_OP_SConvert: *out = a; return true;
    default: return false;
    }
}

static spvk_ir_value *module_operand(dsr *d, uint32_t id, spvk_ir_block *b, uint32_t inst, unsigned depth);

static void spec_op_symbol(dsr *d, uint32_t id, uint32_t inst, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->op)
        return;
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, inst, "OpSpecConstantOp nested too deeply");
    uint32_t si = e->def - 1;
    spvk_instruction view;
    dsr_view(d, si, &view);
    uint32_t wrapped = op_word(d, si, 2);
    const spvk_spirv_op_info *info = spvk_spirv_op_info_by_opcode(wrapped);
    const spvk_instruction_desc *desc = spvk_instruction_by_opcode(wrapped);
    if (!info || !desc || !(info->flags & SPVK_SPIRV_OP_GENERIC))
        dsr_fail(d, si, "OpSpecConstantOp of opcode %u cannot be represented", wrapped);
    const spvk_ir_type *type = dsr_type(d, view.result_type_id, si);
    e = dsr_id_at(d, id);
    e->type = type;
    assign_symbol(d, id, NULL, "spirv_spec_const_");
    e = dsr_id_at(d, id);
    spvk_ir_block *body = dsr_check(d, spvk_ir_block_create(d->ctx));
    uint32_t n = view.num_operands - 1u;
    spvk_operand *ops = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *ops));
    ops[0] = view.operands[0];
    ops[1] = view.operands[1];
    for (uint32_t k = 3; k < view.num_operands; k++)
        ops[k - 1] = view.operands[k];
    spvk_ir_value **ids = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *ids));
    uint32_t nids = 0;
    for (uint32_t k = 2; k < n; k++) {
        const spvk_operand_kind_desc *kd = spvk_operand_kind(ops[k].kind);
        if (kd && kd->category == SPVK_CATEGORY_ID)
            ids[nids++] = module_operand(d, view.words[ops[k].offset], body, si, depth + 1);
    }
    spvk_instruction w = view;
    w.opcode = (uint16_t)wrapped;
    w.desc = desc;
    w.operands = ops;
    w.num_operands = (uint16_t)n;
    spvk_spirv_decoded out;
    memset(&out, 0, sizeof out);
    out.dict_memo = &d->dict_memo;
    out.operands = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.operands));
    out.attr_names = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.attr_names));
    out.attr_values = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.attr_values));
    spvk_result res = spvk_spirv_decode_generic_ex(d->ctx, info, &w, ids, type, NULL, &out, d->diags);
    if (res != SPVK_OK) {
        d->result = res;
        longjmp(d->fail_jmp, 1);
    }
    spvk_ir_op *inner = spvk_ir_op_create(d->ctx, &out.state);
    if (!inner)
        dsr_oom(d);
    spvk_ir_block_append(body, inner);
    spvk_ir_value *r = &inner->results[0];
    spvk_ir_block_append(body, dsr_create_op(d, d->def_yield, "spirv.mlir.yield", &r, 1, NULL, NULL));
    spvk_ir_region *region = dsr_check(d, spvk_ir_region_create(d->ctx));
    spvk_ir_region_append(region, body);
    const spvk_ir_attr *name = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, e->symbol, strlen(e->symbol)));
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_spec_op;
    st.name = "spirv.SpecConstantOperation";
    st.name_length = strlen(st.name);
    st.result_types = &type;
    st.num_results = 1;
    st.num_regions = 1;
    st.regions = &region;
    st.attrs = dsr_dict(d, &d->n_sym_name, &name, 1);
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    e = dsr_id_at(d, id);
    e->op = op;
    append_module_op(d, op);
}

/* An operand of a module-level spec constant operation, made inside its block. */
static spvk_ir_value *module_operand(dsr *d, uint32_t id, spvk_ir_block *b, uint32_t inst, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    spvk_ir_op *op;
    switch (e->kind) {
    case DSR_ID_CONSTANT: {
        const spvk_ir_attr *v = dsr_constant(d, id, inst);
        e = dsr_id_at(d, id);
        op = dsr_create_op(d, d->def_constant, "spirv.Constant", NULL, 0, e->type, dsr_dict(d, &d->n_value, &v, 1));
        break;
    }
    case DSR_ID_SPEC_OP:
        spec_op_symbol(d, id, inst, depth);
        e = dsr_id_at(d, id);
        /* fall through */
    case DSR_ID_SPEC:
        if (!e->op)
            dsr_fail(d, inst, "spec constant %%%u is used before it is defined", id);
        op = dsr_create_op(d, d->def_referenceof, "spirv.mlir.referenceof", NULL, 0, e->type,
                           dsr_dict(d, &d->n_spec_const, &e->ref, 1));
        break;
    case DSR_ID_SIZEOF: {
        const spvk_ir_type *measured = dsr_type(d, op_word(d, e->def - 1, 2), inst);
        e = dsr_id_at(d, id);
        const spvk_ir_attr *ta = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, measured));
        op = dsr_create_op(d, NULL, "spirv.ConstantSizeOfEXT", NULL, 0, e->type, dsr_dict(d, &d->n_type, &ta, 1));
        break;
    }
    default:
        dsr_fail(d, inst, "%%%u cannot be an operand of OpSpecConstantOp here", id);
    }
    spvk_ir_block_append(b, op);
    return &op->results[0];
}

const spvk_ir_attr *dsr_spec_parameter(dsr *d, uint32_t id, uint32_t inst, int64_t *default_value)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind == DSR_ID_SPEC_OP)
        spec_op_symbol(d, id, inst, 0);
    else if (e->kind != DSR_ID_SPEC || d->insts[e->def - 1].opcode == SPVK_OP_SpecConstantComposite)
        dsr_fail(d, inst, "%%%u is not a scalar specialization constant", id);
    e = dsr_id_at(d, id);
    if (!e->op)
        dsr_fail(d, inst, "spec constant %%%u is used before it is defined", id);
    *default_value = 0;
    int64_t v;
    if (eval_spec(d, id, inst, &v, 0))
        *default_value = v;
    return e->ref;
}

static void spec_constant(dsr *d, uint32_t i)
{
    const dsr_inst *in = &d->insts[i];
    dsr_id *e = dsr_id_at(d, in->result_id);
    const spvk_ir_type *type = dsr_type(d, in->result_type_id, i);
    e->type = type;
    if (in->opcode == SPVK_OP_SpecConstantComposite || in->opcode == SPVK_OP_SpecConstantCompositeReplicateEXT) {
        /* A replicated one is its constituent as many times as the type has members (the same
           value; written back as OpSpecConstantComposite). */
        bool replicate = in->opcode == SPVK_OP_SpecConstantCompositeReplicateEXT;
        int64_t members = replicate ? composite_members(d, type) : 0;
        if (replicate && (members < 0 || (uint64_t)members > d->constant_budget))
            dsr_fail(d, i, "%s of this type cannot be represented", dsr_inst_name(d, i));
        uint32_t count = replicate ? (uint32_t)members : in->num_operands - 2u;
        const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (count ? count : 1) * sizeof *items));
        for (uint32_t k = 0; k < count; k++)
            items[k] = symbol_operand(d, op_word(d, i, replicate ? 2 : 2 + k), i, false);
        e->op = make_spec_composite(d, in->result_id, e->symbol, type, items, count);
        return;
    }
    const spvk_ir_attr *value;
    if (in->opcode == SPVK_OP_SpecConstantTrue || in->opcode == SPVK_OP_SpecConstantFalse) {
        if (!dsr_type_is_bool(type))
            dsr_fail(d, i, "the result type of %s must be bool", dsr_inst_name(d, i));
        value = dsr_check(d, (void *)spvk_ir_bool_attr(d->ctx, in->opcode == SPVK_OP_SpecConstantTrue));
    } else {
        /* OpSpecConstant's literal reads like OpConstant's. */
        value = dsr_constant(d, in->result_id, i);
    }
    e->op = make_spec_constant(d, in->result_id, e->symbol, value, i);
}

/* A module-level OpVariable, or OpUntypedVariableKHR (SPV_KHR_untyped_pointers): the same
   spirv.GlobalVariable, its type the untyped pointer and its optional Data Type in 'data_type'
   (spvkit's; MLIR 19 has no untyped pointers). */
static void global_variable(dsr *d, uint32_t i)
{
    const dsr_inst *in = &d->insts[i];
    dsr_id *e = dsr_id_at(d, in->result_id);
    const spvk_ir_type *type = dsr_type(d, in->result_type_id, i);
    bool untyped = in->opcode == SPVK_OP_UntypedVariableKHR;
    int64_t type_storage;
    if (untyped) {
        if (!spvk_ir_type_is(type, d->spirv, SPVK_SPIRV_OPAQUE) || type->num_ints != 2 ||
            type->ints[0] != SPVK_OP_TypeUntypedPointerKHR)
            dsr_fail(d, i, "the result type of OpUntypedVariableKHR must be an OpTypeUntypedPointerKHR");
        type_storage = type->ints[1];
    } else {
        if (!spvk_ir_type_is(type, d->spirv, SPVK_SPIRV_POINTER))
            dsr_fail(d, i, "the result type of OpVariable must be a pointer");
        type_storage = type->ints[0];
    }
    uint32_t storage = op_word(d, i, 2);
    if ((int64_t)storage != type_storage)
        dsr_fail(d, i, "%s's storage class does not match its pointer type's", dsr_inst_name(d, i));
    e->type = type;
    const char *names[32];
    const spvk_ir_attr *values[32];
    uint32_t n = 0;
    names[n] = d->n_type;
    values[n++] = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, type));
    names[n] = d->n_sym_name;
    values[n++] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, e->symbol, strlen(e->symbol)));
    uint32_t init_operand = 3;
    if (untyped) {
        init_operand = 4;
        if (in->num_operands > 3) {
            names[n] = dsr_intern(d, "data_type");
            values[n++] = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, dsr_type(d, op_word(d, i, 3), i)));
        }
    }
    if (in->num_operands > init_operand) {
        names[n] = d->n_initializer;
        values[n++] = symbol_operand(d, op_word(d, i, init_operand), i, true);
    }
    symbol_attrs_from_decorations(d, in->result_id, names, values, &n, 32);
    e->op = dsr_create_op(d, NULL, "spirv.GlobalVariable", NULL, 0, NULL, dsr_dict(d, names, values, n));
    append_module_op(d, e->op);
}

/* A normal constant with decorations (glslang's BuiltIn WorkgroupSize composite) needs an op to
   carry them: it gets one as a synthesized spec constant, decorated. */
static void decorated_constant(dsr *d, uint32_t i)
{
    const dsr_inst *in = &d->insts[i];
    if (!dsr_id_at(d, in->result_id)->decorations)
        return;
    dsr_id *e = dsr_id_at(d, in->result_id);
    constant_as_symbol(d, in->result_id, i);
    const char *names[16];
    const spvk_ir_attr *values[16];
    uint32_t n = 0;
    dsr_collect_decorations(d, in->result_id, names, values, &n, 16);
    for (uint32_t k = 0; k < n; k++)
        spvk_ir_op_set_attr(d->ctx, e->op, names[k], values[k]);
}

/* ---- Functions ---- */

/* The spirv.func of a function, with an empty body (materialize_body fills it). */
static void function_shell(dsr *d, dsr_function *f)
{
    uint32_t i = f->first_inst;
    d->current_inst = i;
    const dsr_inst *in = &d->insts[i];
    dsr_id *e = dsr_id_at(d, in->result_id);
    const spvk_ir_type *ret = dsr_type(d, in->result_type_id, i);
    const spvk_ir_type *fty = dsr_type(d, op_word(d, i, 3), i);
    if (!fty || fty->dialect || fty->kind != SPVK_TYPE_FUNCTION)
        dsr_fail(d, i, "the function type of OpFunction is not an OpTypeFunction");
    uint32_t nres = spvk_ir_function_num_results(fty);
    if ((nres == 0) != (ret == d->t_none) || (nres == 1 && fty->types[fty->width] != ret))
        dsr_fail(d, i, "OpFunction's result type does not match its function type");
    const char *names[32];
    const spvk_ir_attr *values[32];
    uint32_t n = 0;
    names[n] = d->n_sym_name;
    values[n++] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, e->symbol, strlen(e->symbol)));
    names[n] = d->n_function_type;
    values[n++] = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, fty));
    names[n] = d->n_function_control;
    values[n++] = dsr_enum(d, SPVK_OPERAND_FunctionControl, op_word(d, i, 2));
    dsr_collect_decorations(d, in->result_id, names, values, &n, 32);

    /* Parameter decorations go into arg_attrs, one dictionary per parameter. */
    uint32_t nparams = spvk_ir_function_num_inputs(fty);
    bool any = false;
    if (f->num_params < nparams)
        dsr_fail(d, i, "function has %u OpFunctionParameter but its type has %u parameters", f->num_params, nparams);
    if (f->num_params > nparams)
        dsr_fail(d, i + 1 + nparams, "more OpFunctionParameter than the function type has parameters");
    for (uint32_t k = 0; k < nparams; k++)
        if (dsr_id_at(d, d->insts[i + 1 + k].result_id)->decorations)
            any = true;
    if (any) {
        const spvk_ir_attr **dicts = dsr_check(d, spvk_ir_alloc(d->ctx, nparams * sizeof *dicts));
        for (uint32_t k = 0; k < nparams; k++) {
            const char *pn[16];
            const spvk_ir_attr *pv[16];
            uint32_t m = 0;
            dsr_collect_decorations(d, d->insts[i + 1 + k].result_id, pn, pv, &m, 16);
            /* Argument attributes need a dialect prefix (MLIR: "arguments may only have dialect
               attributes"), and MLIR's spirv dialect refuses names of its own it does not know:
               parameter decorations are "spvkit.<decoration>". */
            for (uint32_t j = 0; j < m; j++) {
                size_t len = strlen(pn[j]);
                char *buf = dsr_check(d, spvk_ir_alloc(d->ctx, len + 8));
                memcpy(buf, "spvkit.", 7);
                memcpy(buf + 7, pn[j], len + 1);
                pn[j] = dsr_intern(d, buf);
            }
            dicts[k] = dsr_dict(d, pn, pv, m);
        }
        names[n] = d->n_arg_attrs;
        values[n++] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, dicts, nparams));
    }

    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_func;
    st.name = "spirv.func";
    st.name_length = 10;
    st.num_regions = 1;
    st.attrs = dsr_dict(d, names, values, n);
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    e->op = op;
    f->op = op;
    append_module_op(d, op);
    /* A declaration (no OpLabel) has an empty body; a definition's is built when materialized. */
    uint32_t body = f->body_offset;
    while (body < f->end_offset && ((d->words[body] & 0xffff) == SPVK_OP_Line || (d->words[body] & 0xffff) == SPVK_OP_NoLine))
        body += d->words[body] >> 16;
    op->regions[0].unmaterialized = (d->words[body] & 0xffff) != SPVK_OP_FunctionEnd;
    d->current_inst = DSR_NONE;
}

/* Grows the per-instruction scratch for the instructions [first, end): their operands, or a
   branch's successor operands (the phis of two targets). */
static void reserve_scratch(dsr *d, uint32_t first, uint32_t end)
{
    size_t max_phis = 0;
    for (size_t i = first, run = 0; i < end; i++) {
        run = d->insts[i].opcode == SPVK_OP_Phi ? run + 1 : 0;
        if (run > max_phis)
            max_phis = run;
    }
    size_t need = d->max_inst_operands + 8u;
    if (2 * max_phis + 8 > need)
        need = 2 * max_phis + 8;
    if (need <= d->scratch_capacity)
        return;
    /* Scratch holds nothing between instructions: new arrays replace the old. */
#define REPLACE(field)                                                                 \
    do {                                                                               \
        spvk_free(d->alloc, d->field, d->scratch_capacity * sizeof *d->field);         \
        d->field = spvk_alloc(d->alloc, need * sizeof *d->field);                      \
    } while (0)
    REPLACE(scratch_values);
    REPLACE(scratch_values2);
    REPLACE(scratch_names);
    REPLACE(scratch_attrs);
    REPLACE(scratch_types);
    REPLACE(scratch_ints);
    REPLACE(scratch_operands);
#undef REPLACE
    d->scratch_capacity = need;
    if (!d->scratch_values || !d->scratch_values2 || !d->scratch_names || !d->scratch_attrs || !d->scratch_types ||
        !d->scratch_ints || !d->scratch_operands)
        dsr_oom(d);
}

/* Reads a function's body and builds it into its spirv.func. */
static void materialize_body(dsr *d, dsr_function *f)
{
    spvk_reader_seek(d->reader, f->body_offset);
    uint32_t first = (uint32_t)d->num_insts;
    read_until(d, true, SPVK_OP_FunctionEnd, true);
    uint32_t end = (uint32_t)d->num_insts - 1;
    reserve_scratch(d, first, end);
    d->current_inst = f->first_inst;
    dsr_function_body(d, f->first_inst, first, end, f->op);
    d->current_inst = DSR_NONE;
    f->op->regions[0].unmaterialized = false;
}

/* Forgets the body's instructions and local ids (also after a failure inside it). */
static void release_body(dsr *d)
{
    for (size_t i = d->num_module_insts; i < d->num_insts; i++) {
        uint32_t id = d->insts[i].result_id, slot = id ? dsr_id_slot(d, id) : 0;
        if (!slot)
            continue;
        if (slot >= d->num_module_ids) {
            set_slot(d, id, 0);
        } else if (d->ids[slot].def == i + 1) {
            /* A decoration target made at module level: keep what the module level knows. */
            dsr_id *e = &d->ids[slot];
            dsr_id keep = *e;
            memset(e, 0, sizeof *e);
            e->id = keep.id;
            e->decorations = keep.decorations;
            e->name = keep.name;
            e->ever_defined = 1;
            e->local_opcode = d->insts[i].opcode;
            dsr_effect_of(d, DSR_EFFECT_LOCAL_DEFINED, slot, e->local_opcode);
        }
    }
    d->num_ids = d->num_module_ids;
    d->num_insts = d->num_module_insts;
    d->num_operands = d->num_module_operands;
    d->epoch++;
}

/* ---- Entry points and execution modes ---- */

static const spvk_ir_attr *function_ref(dsr *d, uint32_t id, uint32_t user)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind != DSR_ID_FUNCTION || !e->op)
        dsr_fail(d, user, "%%%u is not a function", id);
    return dsr_function_ref(d, e);
}

static void entry_point(dsr *d, uint32_t i)
{
    const dsr_inst *in = &d->insts[i];
    /* Operands: model, function, name, interface... */
    uint32_t count = in->num_operands > 3 ? in->num_operands - 3u : 0;
    const spvk_ir_attr **items = d->scratch_attrs;
    for (uint32_t k = 0; k < count; k++) {
        uint32_t v = op_word(d, i, 3 + k);
        dsr_id *e = dsr_id_at(d, v);
        if (e->kind != DSR_ID_GLOBAL)
            dsr_fail(d, i, "interface %%%u of the entry point is not a module-level OpVariable", v);
        items[k] = e->ref;
    }
    const char *names[3] = {dsr_intern(d, "execution_model"), dsr_intern(d, "fn"), dsr_intern(d, "interface")};
    const spvk_ir_attr *values[3];
    values[0] = dsr_enum(d, SPVK_OPERAND_ExecutionModel, op_word(d, i, 0));
    values[1] = function_ref(d, op_word(d, i, 1), i);
    values[2] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, count));
    append_module_op(d, dsr_create_op(d, NULL, "spirv.EntryPoint", NULL, 0, NULL, dsr_dict(d, names, values, 3)));
}

/* Execution modes whose operands are ids have an equivalent taking literals: with normal
   constants as operands, the literal form says the same and MLIR 19 has it. */
static uint32_t literal_mode_of(uint32_t mode)
{
    switch (mode) {
    case SPVK_EXECUTION_MODE_LocalSizeId:
        return SPVK_EXECUTION_MODE_LocalSize;
    case SPVK_EXECUTION_MODE_LocalSizeHintId:
        return SPVK_EXECUTION_MODE_LocalSizeHint;
    case SPVK_EXECUTION_MODE_SubgroupsPerWorkgroupId:
        return SPVK_EXECUTION_MODE_SubgroupsPerWorkgroup;
    default:
        return UINT32_MAX;
    }
}

static void execution_mode(dsr *d, uint32_t i)
{
    const dsr_inst *in = &d->insts[i];
    uint32_t mode = op_word(d, i, 1);
    uint32_t count = in->num_operands - 2u;
    const spvk_ir_attr **items = d->scratch_attrs;
    const char *op_name = "spirv.ExecutionMode";
    if (in->opcode == SPVK_OP_ExecutionModeId) {
        bool all_constant = literal_mode_of(mode) != UINT32_MAX;
        for (uint32_t k = 0; k < count && all_constant; k++)
            all_constant = dsr_id_at(d, op_word(d, i, 2 + k))->kind == DSR_ID_CONSTANT;
        if (all_constant) {
            mode = literal_mode_of(mode);
            for (uint32_t k = 0; k < count; k++) {
                uint64_t v = dsr_constant_u64(d, op_word(d, i, 2 + k), i, "an execution mode operand");
                items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)v));
            }
        } else {
            /* spvkit's spirv.ExecutionModeId: values are symbols of spec constants (normal
               constants get one), as in MLIR after 19. */
            op_name = "spirv.ExecutionModeId";
            for (uint32_t k = 0; k < count; k++) {
                /* FPFastMathDefault's Target Type is a type: a type attribute. A normal integer
                   constant stays one (an integer, written back as an OpConstant): its Fast-Math
                   Mode must not be a specialization constant. */
                uint32_t id = op_word(d, i, 2 + k);
                dsr_id *e = dsr_id_at(d, id);
                const spvk_ir_attr *c = e->kind == DSR_ID_CONSTANT ? dsr_constant(d, id, i) : NULL;
                if (e->kind == DSR_ID_TYPE)
                    items[k] = dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, dsr_type(d, id, i)));
                /* (LocalSizeId's and LocalSizeHintId's keep symbols: spec constants placed before
                   the types, as spirv-val wants a Workgroup-scope cooperative matrix type to come
                   after the constants the local size reads; the mode's integer would be written
                   where the mode is, after the functions' types.) */
                else if (c && !c->dialect && c->kind == SPVK_ATTR_INTEGER && c->type && c->type->width <= 32 &&
                         mode != SPVK_EXECUTION_MODE_LocalSizeId && mode != SPVK_EXECUTION_MODE_LocalSizeHintId)
                    items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)(uint32_t)c->value));
                else
                    items[k] = symbol_operand(d, id, i, false);
            }
        }
    } else {
        for (uint32_t k = 0; k < count; k++)
            items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)op_word(d, i, 2 + k)));
    }
    const char *names[3] = {dsr_intern(d, "fn"), dsr_intern(d, "execution_mode"), dsr_intern(d, "values")};
    const spvk_ir_attr *values[3];
    values[0] = function_ref(d, op_word(d, i, 0), i);
    values[1] = dsr_enum(d, SPVK_OPERAND_ExecutionMode, mode);
    values[2] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, count));
    append_module_op(d, dsr_create_op(d, NULL, op_name, NULL, 0, NULL, dsr_dict(d, names, values, 3)));
}

/* ---- The module ---- */

static void create_module(dsr *d)
{
    uint32_t v = d->header.version;
    const char **exts = d->extensions;
    const spvk_ir_attr *vce = spvk_spirv_vce_attr(d->ctx, SPVK_VERSION((v >> 16) & 0xff, (v >> 8) & 0xff),
                                                  d->capabilities, (uint32_t)d->num_capabilities,
                                                  (const char *const *)exts, (uint32_t)d->num_extensions);
    const char *names[3] = {dsr_intern(d, "addressing_model"), dsr_intern(d, "memory_model"),
                            dsr_intern(d, "vce_triple")};
    const spvk_ir_attr *values[3];
    values[0] = dsr_enum(d, SPVK_OPERAND_AddressingModel, d->addressing_model);
    values[1] = dsr_enum(d, SPVK_OPERAND_MemoryModel, d->memory_model);
    values[2] = dsr_check(d, (void *)vce);
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.name = "spirv.module";
    st.name_length = 12;
    st.num_regions = 1;
    st.attrs = dsr_dict(d, names, values, 3);
    d->module = spvk_ir_op_create(d->ctx, &st);
    if (!d->module)
        dsr_oom(d);
    d->module_block = dsr_check(d, spvk_ir_block_create(d->ctx));
    spvk_ir_region_append(&d->module->regions[0], d->module_block);
}

static void init_common(dsr *d)
{
    spvk_ir_context *ctx = d->ctx;
    d->t_i1 = dsr_check(d, (void *)spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
    d->t_i32 = dsr_check(d, (void *)spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS));
    d->t_none = dsr_check(d, (void *)spvk_ir_none_type(ctx));
#define DEF(field, name) d->field = spvk_ir_op_def_lookup(ctx, name, sizeof name - 1)
    DEF(def_constant, "spirv.Constant");
    DEF(def_addressof, "spirv.mlir.addressof");
    DEF(def_referenceof, "spirv.mlir.referenceof");
    DEF(def_undef, "spirv.Undef");
    DEF(def_load, "spirv.Load");
    DEF(def_store, "spirv.Store");
    DEF(def_variable, "spirv.Variable");
    DEF(def_branch, "spirv.Branch");
    DEF(def_branch_conditional, "spirv.BranchConditional");
    DEF(def_switch, "spirv.Switch");
    DEF(def_selection, "spirv.mlir.selection");
    DEF(def_loop, "spirv.mlir.loop");
    DEF(def_merge, "spirv.mlir.merge");
    DEF(def_iequal, "spirv.IEqual");
    DEF(def_spec_op, "spirv.SpecConstantOperation");
    DEF(def_yield, "spirv.mlir.yield");
    DEF(def_call, "spirv.FunctionCall");
    DEF(def_func, "spirv.func");
    DEF(def_return, "spirv.Return");
    DEF(def_return_value, "spirv.ReturnValue");
#undef DEF
    d->n_value = dsr_intern(d, "value");
    d->n_sym_name = dsr_intern(d, "sym_name");
    d->n_type = dsr_intern(d, "type");
    d->n_storage_class = dsr_intern(d, "storage_class");
    d->n_operand_segment_sizes = dsr_intern(d, "operandSegmentSizes");
    d->n_branch_weights = dsr_intern(d, "branch_weights");
    d->n_selection_control = dsr_intern(d, "selection_control");
    d->n_loop_control = dsr_intern(d, "loop_control");
    d->n_variable = dsr_intern(d, "variable");
    d->n_spec_const = dsr_intern(d, "spec_const");
    d->n_callee = dsr_intern(d, "callee");
    d->n_function_type = dsr_intern(d, "function_type");
    d->n_function_control = dsr_intern(d, "function_control");
    d->n_initializer = dsr_intern(d, "initializer");
    d->n_default_value = dsr_intern(d, "default_value");
    d->n_constituents = dsr_intern(d, "constituents");
    d->n_arg_attrs = dsr_intern(d, "arg_attrs");
}

/* Everything but the function bodies: the module, its symbols, the functions' spirv.func ops
   (empty), entry points and execution modes. */
static void translate_module(dsr *d)
{
    spvk_result r = spvk_reader_create(d->words, d->num_words, d->alloc, d->diags, &d->reader);
    if (r != SPVK_OK) {
        d->result = r;
        longjmp(d->fail_jmp, 1);
    }
    d->header = *spvk_reader_header(d->reader);
    ids_init(d);
    size_t functions_at = read_until(d, false, SPVK_OP_Function, false);
    d->num_prefix_insts = d->first_function_inst = (uint32_t)d->num_insts;
    find_functions(d, functions_at);
    record_names(d, SPVK_HEADER_WORDS, functions_at);
    scan_prefix(d);
    record_decorations(d);
    dsr_mark_recursive_structs(d);
    assign_symbols(d);
    init_common(d);
    create_module(d);
    reserve_scratch(d, 0, d->num_insts);
    d->op_cache = spvk_alloc(d->alloc, spvk_spirv_num_op_infos * sizeof *d->op_cache);
    if (!d->op_cache)
        dsr_oom(d);
    memset(d->op_cache, 0, spvk_spirv_num_op_infos * sizeof *d->op_cache);

    for (uint32_t i = 0; i < d->first_function_inst;) {
        const dsr_inst *in = &d->insts[i];
        d->current_inst = i;
        switch (in->opcode) {
        case SPVK_OP_ExtInstImport: {
            const char *name = op_string(d, i, 1);
            unsigned set = spvk_ext_inst_set_by_import(name, strlen(name));
            /* GLSL.std.450 and OpenCL.std map to their ops, the others the grammar describes
               (SPV_AMD_*, TOSA, Arm's) and NonSemantic.* to spirv.ExtInst; a set the grammar does
               not describe has operands no one can tell apart. */
            if (set == SPVK_EXT_INST_SET_NONE && strncmp(name, "NonSemantic.", 12) != 0 && !is_debug_ext_set(name))
                dsr_fail(d, i, "extended instruction set \"%s\" cannot be represented (spvkit maps the sets of "
                               "the grammar and NonSemantic.* sets)", name);
            break;
        }
        case SPVK_OP_Variable:
        case SPVK_OP_UntypedVariableKHR:
            global_variable(d, i);
            break;
        case SPVK_OP_SpecConstant:
        case SPVK_OP_SpecConstantTrue:
        case SPVK_OP_SpecConstantFalse:
        case SPVK_OP_SpecConstantComposite:
        case SPVK_OP_SpecConstantCompositeReplicateEXT:
            spec_constant(d, i);
            break;
        case SPVK_OP_ConstantSizeOfEXT:
            dsr_id_at(d, in->result_id)->type = dsr_type(d, in->result_type_id, i);
            (void)dsr_type(d, op_word(d, i, 2), i);
            if (dsr_id_at(d, in->result_id)->decorations)
                dsr_fail(d, i, "decorations on %s cannot be represented", dsr_inst_name(d, i));
            break;
        case SPVK_OP_SpecConstantOp:
            (void)dsr_type(d, in->result_type_id, i);
            if (dsr_id_at(d, in->result_id)->decorations)
                dsr_fail(d, i, "decorations on an OpSpecConstantOp cannot be represented");
            break;
        case SPVK_OP_Constant:
        case SPVK_OP_ConstantTrue:
        case SPVK_OP_ConstantFalse:
        case SPVK_OP_ConstantComposite:
        case SPVK_OP_ConstantCompositeReplicateEXT:
        case SPVK_OP_ConstantNull:
            (void)dsr_constant(d, in->result_id, i);
            decorated_constant(d, i);
            break;
        case SPVK_OP_ConstantSampler:
        case SPVK_OP_Undef:
            dsr_id_at(d, in->result_id)->type = dsr_type(d, in->result_type_id, i);
            if (dsr_id_at(d, in->result_id)->decorations)
                dsr_fail(d, i, "decorations on %s cannot be represented", dsr_inst_name(d, i));
            break;
        case SPVK_OP_Capability:
        case SPVK_OP_Extension:
        case SPVK_OP_MemoryModel:
        case SPVK_OP_EntryPoint:
        case SPVK_OP_ExecutionMode:
        case SPVK_OP_ExecutionModeId:
        case SPVK_OP_Name:
        case SPVK_OP_MemberName:
        case SPVK_OP_String:
        case SPVK_OP_Source:
        case SPVK_OP_SourceContinued:
        case SPVK_OP_SourceExtension:
        case SPVK_OP_ModuleProcessed:
        case SPVK_OP_Line:
        case SPVK_OP_NoLine:
        case SPVK_OP_Nop:
        case SPVK_OP_Decorate:
        case SPVK_OP_DecorateId:
        case SPVK_OP_DecorateString:
        case SPVK_OP_MemberDecorate:
        case SPVK_OP_MemberDecorateString:
        case SPVK_OP_DecorationGroup:
        case SPVK_OP_GroupDecorate:
        case SPVK_OP_GroupMemberDecorate:
        case SPVK_OP_TypeForwardPointer:
            break;
        case SPVK_OP_ExtInstWithForwardRefsKHR: {
            /* Debug information's forward references (NonSemantic.Shader.DebugInfo.100): dropped
               with the rest of it. No other set has a use for them. */
            dsr_id *set = dsr_id_at(d, op_word(d, i, 2));
            if (set->kind != DSR_ID_EXT_IMPORT || !is_debug_ext_set(op_string(d, set->def - 1, 1)))
                dsr_fail(d, i, "OpExtInstWithForwardRefsKHR of a set other than debug information cannot be "
                               "represented");
            break;
        }
        case SPVK_OP_ExtInst: {
            dsr_id *set = dsr_id_at(d, op_word(d, i, 2));
            const char *name = set->kind == DSR_ID_EXT_IMPORT ? op_string(d, set->def - 1, 1) : "";
            if (is_debug_ext_set(name))
                break; /* debug information: dropped */
            if (strncmp(name, "NonSemantic.", 12) != 0)
                dsr_fail(d, i, "OpExtInst of \"%s\" outside a function cannot be represented", name);
            /* Materialized in the functions that use it (see value_at). */
            dsr_id *e = dsr_id_at(d, in->result_id);
            e->kind = DSR_ID_NONSEMANTIC;
            e->type = dsr_type(d, in->result_type_id, i);
            break;
        }
        default:
            if (is_type_declaration(in->opcode)) {
                (void)dsr_type(d, in->result_id, i);
                break;
            }
            dsr_fail(d, i, "%s cannot be represented at module level", dsr_inst_name(d, i));
        }
        i++;
    }
    /* The plain constants among LocalSizeId's spec constants get their symbols here, before the
       functions: spirv-val wants a Workgroup-scope cooperative matrix type after the constants the
       local size reads, and the serializer writes these where their op is. */
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        const dsr_inst *in = &d->insts[i];
        if (in->opcode != SPVK_OP_ExecutionModeId || in->num_operands < 3)
            continue;
        uint32_t mode = op_word(d, i, 1);
        if (mode != SPVK_EXECUTION_MODE_LocalSizeId && mode != SPVK_EXECUTION_MODE_LocalSizeHintId)
            continue;
        bool all_constant = true;
        for (uint32_t k = 2; k < in->num_operands; k++)
            all_constant = all_constant && dsr_id_at(d, op_word(d, i, k))->kind == DSR_ID_CONSTANT;
        d->current_inst = i;
        for (uint32_t k = 2; k < in->num_operands && !all_constant; k++)
            if (dsr_id_at(d, op_word(d, i, k))->kind == DSR_ID_CONSTANT)
                (void)constant_as_symbol(d, op_word(d, i, k), i);
    }
    for (size_t k = 0; k < d->num_functions; k++)
        function_shell(d, &d->functions[k]);
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        d->current_inst = i;
        if (d->insts[i].opcode == SPVK_OP_EntryPoint)
            entry_point(d, i);
    }
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        d->current_inst = i;
        if (d->insts[i].opcode == SPVK_OP_ExecutionMode || d->insts[i].opcode == SPVK_OP_ExecutionModeId)
            execution_mode(d, i);
    }
    if (d->num_renames) {
        const char **names = dsr_check(d, spvk_ir_alloc(d->ctx, d->num_renames * sizeof *names));
        const spvk_ir_attr **values = dsr_check(d, spvk_ir_alloc(d->ctx, d->num_renames * sizeof *values));
        for (size_t k = 0; k < d->num_renames; k++) {
            names[k] = d->renames[k].type->name;
            values[k] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, d->renames[k].original,
                                                                 strlen(d->renames[k].original)));
        }
        spvk_ir_op_set_attr(d->ctx, d->module, dsr_intern(d, "spvkit.struct_names"),
                            dsr_dict(d, names, values, (uint32_t)d->num_renames));
    }
    d->num_module_ids = d->num_ids;
    d->num_module_insts = (uint32_t)d->num_insts;
    d->num_module_operands = d->num_operands;
    d->current_inst = DSR_NONE;
    if (spvk_ir_context_failed(d->ctx))
        dsr_oom(d);
}

/* What can be checked only once every function was read. */
static void check_module(dsr *d)
{
    /* Every decoration went into an attribute or a type; one that did not would be lost. */
    for (size_t k = 0; k < d->num_decos; k++) {
        const dsr_deco *dc = &d->decos[k];
        if (dc->used)
            continue;
        uint32_t target = dc->target;
        if (dsr_id_at(d, target)->kind == DSR_ID_DECORATION_GROUP)
            continue; /* the group's own: copied to its targets */
        const dsr_id *e = dsr_id_at(d, target);
        if (!e->def && !e->ever_defined)
            dsr_fail(d, dc->inst, "decoration target %%%u is not defined in the module", target);
        const spvk_instruction_desc *def = spvk_instruction_by_opcode(e->def ? d->insts[e->def - 1].opcode : e->local_opcode);
        dsr_fail(d, dc->inst, "decoration %s of %%%u cannot be represented on what it decorates (%s)",
                 spvk_spirv_decoration_attr_name(d->ctx, op_word(d, dc->inst, dc->first)), target,
                 def ? def->name : "undefined");
    }
    /* A module-level non-semantic instruction no function uses would be lost. */
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        uint32_t rid = d->insts[i].result_id;
        if (rid && dsr_id_at(d, rid)->kind == DSR_ID_NONSEMANTIC && dsr_id_at(d, rid)->state != DSR_STATE_DONE)
            dsr_fail(d, i, "a module-level non-semantic instruction that no function uses cannot be represented");
    }
    if (spvk_ir_context_failed(d->ctx))
        dsr_oom(d);
}

static void free_function_scratch(dsr *d)
{
    dsr_fn *f = &d->fn;
    spvk_free(d->alloc, f->blocks, f->blocks_capacity * sizeof *f->blocks);
    spvk_free(d->alloc, f->regions, f->regions_capacity * sizeof *f->regions);
    spvk_free(d->alloc, f->crosses, f->crosses_capacity * sizeof *f->crosses);
    spvk_free(d->alloc, f->work, f->work_capacity * sizeof *f->work);
    spvk_free(d->alloc, f->cross_set, f->cross_set_capacity * sizeof *f->cross_set);
    spvk_free(d->alloc, f->order, f->order_capacity * sizeof *f->order);
    spvk_free(d->alloc, f->order_next, f->order_next_capacity * sizeof *f->order_next);
    spvk_free(d->alloc, f->region_first, f->region_first_capacity * sizeof *f->region_first);
    spvk_free(d->alloc, f->region_last, f->region_last_capacity * sizeof *f->region_last);
    spvk_free(d->alloc, f->materialized, f->materialized_capacity * sizeof *f->materialized);
}

/* What every copy of the deserializer owns (a worker's copy: dsr_clone). */
static void free_owned(dsr *d)
{
    free_function_scratch(d);
    size_t need = d->scratch_capacity;
    spvk_free(d->alloc, d->scratch_values, need * sizeof *d->scratch_values);
    spvk_free(d->alloc, d->scratch_values2, need * sizeof *d->scratch_values2);
    spvk_free(d->alloc, d->scratch_names, need * sizeof *d->scratch_names);
    spvk_free(d->alloc, d->scratch_attrs, need * sizeof *d->scratch_attrs);
    spvk_free(d->alloc, d->scratch_types, need * sizeof *d->scratch_types);
    spvk_free(d->alloc, d->scratch_ints, need * sizeof *d->scratch_ints);
    spvk_free(d->alloc, d->scratch_operands, need * sizeof *d->scratch_operands);
    spvk_free(d->alloc, d->insts, d->insts_capacity * sizeof *d->insts);
    spvk_free(d->alloc, d->operands, d->operands_capacity * sizeof *d->operands);
    spvk_free(d->alloc, d->ids, d->ids_capacity * sizeof *d->ids);
    spvk_free(d->alloc, d->id_slot, d->id_slot_count * sizeof *d->id_slot);
    spvk_free(d->alloc, d->id_keys, d->id_hash_capacity * sizeof *d->id_keys);
    spvk_free(d->alloc, d->id_slots, d->id_hash_capacity * sizeof *d->id_slots);
    spvk_free(d->alloc, d->decos, d->decos_capacity * sizeof *d->decos);
    spvk_free(d->alloc, d->effects, d->effects_capacity * sizeof *d->effects);
    spvk_reader_destroy(d->reader);
    if (d->op_cache)
        spvk_free(d->alloc, d->op_cache, spvk_spirv_num_op_infos * sizeof *d->op_cache);
}

static void free_scratch(dsr *d)
{
    free_owned(d);
    spvk_free(d->alloc, d->functions, d->functions_capacity * sizeof *d->functions);
    spvk_free(d->alloc, d->names, d->names_capacity * sizeof *d->names);
    spvk_free(d->alloc, d->capabilities, d->capabilities_capacity * sizeof *d->capabilities);
    spvk_free(d->alloc, d->extensions, d->extensions_capacity * sizeof *d->extensions);
    spvk_free(d->alloc, d->claimed, d->claimed_capacity * sizeof *d->claimed);
    spvk_free(d->alloc, d->renames, d->renames_capacity * sizeof *d->renames);
}

/* ---- Threads ----
   With threads > 1, functions are built by an ir_build_pool (src/ir_parallel/build_pool.h): workers build
   bodies ahead of the consumer, each with a copy of the deserializer (dsr_clone) and a view of
   the context. The module level is translated before any worker starts and every type and
   constant is resolved then, so building a function reads the module level and writes only its
   own state; what it changes that the end checks read (decorations used, ...) is logged and
   applied by the consumer when it takes the function. */

#define POOL_WINDOW_WORDS (1u << 18) /* 1 MiB of binary that workers may build ahead */

void dsr_log_effect(dsr *d, uint8_t kind, uint32_t index, uint16_t opcode)
{
    d->effects = dsr_scratch_grow(d, &d->effects, &d->effects_capacity, d->num_effects + 1, sizeof *d->effects);
    d->effects[d->num_effects++] = (dsr_effect){kind, opcode, index};
}

static void apply_effects(dsr *d, const dsr_effect *effects, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        const dsr_effect *x = &effects[k];
        switch (x->kind) {
        case DSR_EFFECT_DECORATION_USED:
            d->decos[x->index].used = 1;
            break;
        case DSR_EFFECT_LOCAL_DEFINED:
            d->ids[x->index].ever_defined = 1;
            d->ids[x->index].local_opcode = x->opcode;
            break;
        default:
            d->ids[x->index].state = DSR_STATE_DONE;
            break;
        }
    }
}

/* Copies n elements of src into a new array with room for `room` more (capacity at least 1);
   false when out of memory. */
static bool copy_array(const spvk_allocator *alloc, void *dst, size_t *capacity, const void *src, size_t n,
                       size_t room, size_t elem_size)
{
    size_t cap = n + room ? n + room : 1;
    void *p = spvk_alloc(alloc, cap * elem_size);
    *(void **)dst = p;
    *capacity = p ? cap : 0;
    if (p && n)
        memcpy(p, src, n * elem_size);
    return p != NULL;
}

/* The words of the largest function body: no body has more instructions, operands or ids. */
static size_t largest_body_words(const dsr *d)
{
    size_t most = 0;
    for (size_t k = 0; k < d->num_functions; k++)
        if (d->functions[k].end_offset - d->functions[k].body_offset > most)
            most = d->functions[k].end_offset - d->functions[k].body_offset;
    return most;
}

static void dsr_clone_destroy(dsr *c)
{
    if (!c)
        return;
    const spvk_allocator *alloc = c->alloc;
    free_owned(c);
    spvk_free(alloc, c, sizeof *c);
}

/* A copy of the deserializer between functions (its module level) for a worker building in ctx:
   silent (no diagnostics), with its own function state. */
static dsr *dsr_clone(const dsr *m, spvk_ir_context *ctx)
{
    const spvk_allocator *alloc = m->alloc;
    dsr *c = spvk_alloc(alloc, sizeof *c);
    if (!c)
        return NULL;
    memcpy(c, m, sizeof *c);
    c->ctx = ctx;
    c->diags = NULL;
    c->result = SPVK_OK;
    c->current_inst = DSR_NONE;
    c->logs_effects = true;
    memset(&c->fn, 0, sizeof c->fn);
    c->scratch_values = c->scratch_values2 = NULL;
    c->scratch_names = NULL;
    c->scratch_attrs = NULL;
    c->scratch_types = NULL;
    c->scratch_ints = NULL;
    c->scratch_operands = NULL;
    c->scratch_capacity = 0;
    c->insts = NULL;
    c->operands = NULL;
    c->ids = NULL;
    c->id_slot = NULL;
    c->id_keys = c->id_slots = NULL;
    c->decos = NULL;
    c->effects = NULL;
    c->num_effects = c->effects_capacity = 0;
    c->op_cache = NULL;
    c->reader = NULL;
    c->insts_capacity = c->operands_capacity = c->ids_capacity = c->decos_capacity = 0;
    size_t dummy;
    /* A body's instructions, operands and ids go after the copied module level: room for the
       largest body now, or the first local would double the copy (a whole module level more). */
    size_t body = largest_body_words(m);
    bool ok = copy_array(alloc, &c->insts, &c->insts_capacity, m->insts, m->num_module_insts, body, sizeof *m->insts) &&
              copy_array(alloc, &c->operands, &c->operands_capacity, m->operands, m->num_module_operands, body,
                         sizeof *m->operands) &&
              copy_array(alloc, &c->ids, &c->ids_capacity, m->ids, m->num_module_ids, body / 2, sizeof *m->ids) &&
              copy_array(alloc, &c->decos, &c->decos_capacity, m->decos, m->num_decos, 0, sizeof *m->decos) &&
              spvk_reader_clone(m->reader, NULL, &c->reader) == SPVK_OK;
    /* The id map keeps the source's sizes (free_owned frees with them; NULL is not freed). */
    c->id_slot_count = m->id_slot_count;
    c->id_hash_capacity = m->id_hash_capacity;
    if (ok && m->dense)
        ok = copy_array(alloc, &c->id_slot, &dummy, m->id_slot, m->id_slot_count, 0, sizeof *m->id_slot);
    else if (ok && m->id_hash_capacity)
        ok = copy_array(alloc, &c->id_keys, &dummy, m->id_keys, m->id_hash_capacity, 0, sizeof *m->id_keys) &&
             copy_array(alloc, &c->id_slots, &dummy, m->id_slots, m->id_hash_capacity, 0, sizeof *m->id_slots);
    if (ok)
        ok = copy_array(alloc, &c->op_cache, &dummy, m->op_cache, spvk_spirv_num_op_infos, 0, sizeof *m->op_cache);
    c->num_insts = m->num_module_insts;
    c->num_operands = m->num_module_operands;
    c->num_ids = m->num_module_ids;
    if (!ok) {
        dsr_clone_destroy(c);
        return NULL;
    }
    return c;
}

/* ---- The deserializer's interface ---- */

/* The effects a worker logged building one function (see "Threads"). */
typedef struct dsr_effect_list {
    dsr_effect *items;
    size_t count;
} dsr_effect_list;

/* A worker's copy made ahead, on a thread of its own (spvk_spirv_deserializer_set_threads). */
typedef struct dsr_ahead {
    pthread_t thread;
    bool running; /* started and not joined */
    const dsr *from;
    dsr *copy; /* NULL when it could not be made, or once taken */
} dsr_ahead;

struct spvk_spirv_deserializer {
    dsr d;
    /* Copies for the pool's workers, made while the caller verifies the module level and starts
       its consumer: a copy is megabytes written into new pages (on names, 2.6 MB of id entries
       alone), which otherwise delayed the first function by about 3 ms. Joined before anything
       changes the deserializer. */
    dsr_ahead *ahead;
    unsigned num_ahead;
    spvk_ir_verifier *stream_verifier; /* spvk_spirv_deserializer_stream's, or NULL */
    bool verification_taken;           /* the stream's consumer verifies (take_verification) */
    unsigned threads;                  /* spvk_spirv_deserializer_set_threads */
    ir_build_pool *pool;               /* from the first function built with threads > 1 */
    dsr_effect_list *effects;          /* per function, while the pool runs */
    spvk_ir_stream_consumer consumer;  /* the stream's consumer, when it gave one (set_consumer) */
    /* The record after the one materialize found last (consumers go in module order). Not in the
       dsr: the copies made ahead read all of it while the first function is asked for. */
    size_t next_function;
};

static void free_ahead(spvk_spirv_deserializer *des);

/* Whether the functions are worth a pool: two or more, each an item. */
static bool pool_worth_it(const dsr *d) { return d->num_functions >= 2 && d->num_functions <= UINT32_MAX; }

static void pool_stop(spvk_spirv_deserializer *des)
{
    if (!des->pool)
        return;
    ir_build_pool_destroy(des->pool);
    des->pool = NULL;
    const spvk_allocator *alloc = des->d.alloc;
    for (size_t k = 0; k < des->d.num_functions; k++)
        spvk_free(alloc, des->effects[k].items, des->effects[k].count * sizeof *des->effects[k].items);
    spvk_free(alloc, des->effects, des->d.num_functions * sizeof *des->effects);
    des->effects = NULL;
}

/* The stream ends (finish, destroy): the workers and the copies made for them go, and with them
   every use of the stream's verifier, which may then go too. */
static void end_stream(spvk_spirv_deserializer *des)
{
    pool_stop(des);
    free_ahead(des);
    des->stream_verifier = NULL;
}

void spvk_spirv_deserializer_destroy(spvk_spirv_deserializer *des)
{
    if (!des)
        return;
    end_stream(des);
    dsr *d = &des->d;
    const spvk_allocator *alloc = d->alloc;
    free_scratch(d);
    spvk_free(alloc, des, sizeof *des);
}

spvk_result spvk_spirv_deserializer_create(spvk_ir_context *ctx, const uint32_t *words, size_t num_words,
                                           spvk_diagnostics *diags, spvk_spirv_deserializer **out,
                                           spvk_ir_op **module_out)
{
    if (out)
        *out = NULL;
    if (module_out)
        *module_out = NULL;
    if (!ctx || (!words && num_words) || !out || !module_out)
        return SPVK_ERROR_USAGE;
    const spvk_allocator *alloc = spvk_ir_context_allocator(ctx);
    spvk_spirv_deserializer *des = spvk_alloc(alloc, sizeof *des);
    if (!des)
        return SPVK_ERROR_OUT_OF_MEMORY;
    memset(des, 0, sizeof *des);
    des->threads = 1;
    dsr *d = &des->d;
    d->ctx = ctx;
    d->alloc = alloc;
    d->diags = diags;
    d->words = words;
    d->num_words = num_words;
    d->current_inst = DSR_NONE;
    if (!spvk_ir_dialect_lookup(ctx, "spirv", 5) && !spvk_ir_register_dialect(ctx, spvk_spirv_dialect())) {
        spvk_spirv_deserializer_destroy(des);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    d->spirv = spvk_spirv_dialect();
    /* Null and composite constants may expand (an OpConstantNull of a large array); the
       expansion is bounded by the module's size. */
    d->constant_budget = ((size_t)1 << 16) + num_words * 16;
    if (setjmp(d->fail_jmp) != 0) {
        spvk_result res = d->result != SPVK_OK ? d->result : SPVK_ERROR_INVALID;
        spvk_spirv_deserializer_destroy(des);
        return res;
    }
    translate_module(d);
    *out = des;
    *module_out = d->module;
    return SPVK_OK;
}

/* The function record of a spirv.func: consumers go in module order, so the next one first. */
static dsr_function *function_of(spvk_spirv_deserializer *des, const spvk_ir_op *func)
{
    const dsr *d = &des->d;
    if (des->next_function < d->num_functions && d->functions[des->next_function].op == func)
        return &d->functions[des->next_function++];
    for (size_t k = 0; k < d->num_functions; k++)
        if (d->functions[k].op == func) {
            des->next_function = k + 1;
            return &d->functions[k];
        }
    return NULL;
}

/* The index of func's record, normally the one function_of found last. */
static size_t function_index(const spvk_spirv_deserializer *des, const spvk_ir_op *func)
{
    const dsr *d = &des->d;
    if (des->next_function > 0 && d->functions[des->next_function - 1].op == func)
        return des->next_function - 1;
    size_t k = 0;
    while (k + 1 < d->num_functions && d->functions[k].op != func)
        k++;
    return k;
}

/* Builds f's body with d (the deserializer or a worker's copy). On failure the body is left
   empty and unmaterialized, and d->result says why. */
static bool build_function(dsr *d, dsr_function *volatile f) /* volatile: used after setjmp */
{
    if (setjmp(d->fail_jmp) != 0) {
        release_body(d);
        spvk_ir_region_clear(d->ctx, &f->op->regions[0]); /* a partial body */
        if (d->result == SPVK_OK)
            d->result = SPVK_ERROR_INVALID;
        return false;
    }
    materialize_body(d, f);
    release_body(d);
    if (spvk_ir_context_failed(d->ctx))
        dsr_oom(d);
    return true;
}

/* ---- The pool's client (see "Threads") ---- */

static void *make_ahead(void *arg)
{
    dsr_ahead *a = arg;
    a->copy = dsr_clone(a->from, NULL);
    return NULL;
}

static void join_ahead(dsr_ahead *a)
{
    if (a->running) {
        pthread_join(a->thread, NULL);
        a->running = false;
    }
}

static void free_ahead(spvk_spirv_deserializer *des)
{
    for (unsigned i = 0; i < des->num_ahead; i++) {
        join_ahead(&des->ahead[i]);
        dsr_clone_destroy(des->ahead[i].copy);
    }
    spvk_free(des->d.alloc, des->ahead, des->num_ahead * sizeof *des->ahead);
    des->ahead = NULL;
    des->num_ahead = 0;
}

/* The pool's helper builds in the context itself, on the consumer's thread, where nothing else
   touches the deserializer: it needs no copy (a copy costs a module level of memory). A worker
   takes a copy made ahead, waiting for it only now: the pool's set-up before (on names, 0.5 ms
   of new memory) overlaps the copy. Without one it makes one. */
static void *pool_builder_create(void *user, spvk_ir_context *ctx)
{
    spvk_spirv_deserializer *des = user;
    if (ctx == des->d.ctx)
        return &des->d;
    for (unsigned i = 0; i < des->num_ahead; i++) {
        dsr_ahead *a = &des->ahead[i];
        join_ahead(a);
        if (a->copy) {
            dsr *c = a->copy;
            a->copy = NULL;
            c->ctx = ctx;
            return c;
        }
    }
    return dsr_clone(&des->d, ctx);
}

static void pool_builder_destroy(void *user, void *builder)
{
    if (builder != &((spvk_spirv_deserializer *)user)->d)
        dsr_clone_destroy(builder);
}

/* Builds function k with a worker's copy, the helper (the deserializer, silent, logging effects
   as a copy does: it builds ahead, and the consumer applies effects in module order when it
   takes the function) or, without a builder, the deserializer itself (reporting, as with one
   thread). */
static bool pool_build_function(void *user, void *builder, uint32_t k)
{
    spvk_spirv_deserializer *des = user;
    dsr *d = &des->d;
    dsr *c = builder ? builder : d;
    bool helper = c == d && builder;
    spvk_diagnostics *diags = NULL; /* workers never touch the deserializer's own fields */
    if (helper) {
        diags = d->diags;
        d->diags = NULL;
        d->logs_effects = true;
    }
    c->num_effects = 0;
    bool ok = build_function(c, &d->functions[k]);
    if (helper) {
        d->diags = diags;
        d->logs_effects = false;
        if (!ok)
            d->result = SPVK_OK; /* the consumer builds it again, itself, and reports */
    }
    if (!ok)
        return false;
    if (!builder || !c->num_effects)
        return true;
    /* The consumer applies them when it takes the function (its lock orders this before). */
    dsr_effect_list *list = &des->effects[k];
    dsr_effect *items = spvk_alloc(c->alloc, c->num_effects * sizeof *items);
    if (!items)
        return false; /* the consumer builds it again, itself */
    spvk_free(c->alloc, list->items, list->count * sizeof *list->items);
    memcpy(items, c->effects, c->num_effects * sizeof *items);
    list->items = items;
    list->count = c->num_effects;
    return true;
}

/* A declaration's region is empty and stays materialized. */
static void pool_free_body(void *user, spvk_ir_context *ctx, uint32_t k)
{
    spvk_ir_region *r = &((spvk_spirv_deserializer *)user)->d.functions[k].op->regions[0];
    if (!r->unmaterialized && !spvk_ir_region_is_empty(r))
        spvk_ir_region_unmaterialize(ctx, r);
}

static void pool_detach_body(void *user, uint32_t k, spvk_ir_region *into)
{
    spvk_ir_op *func = ((spvk_spirv_deserializer *)user)->d.functions[k].op;
    into->op = func;
    into->first = into->last = NULL;
    ir_build_detach_blocks(&func->regions[0], into);
}

static bool pool_start(spvk_spirv_deserializer *des)
{
    dsr *d = &des->d;
    if (!pool_worth_it(d))
        return false;
    size_t n = d->num_functions;
    ir_build_item *items = spvk_alloc(d->alloc, n * sizeof *items);
    des->effects = spvk_alloc(d->alloc, n * sizeof *des->effects);
    if (items && des->effects) {
        memset(des->effects, 0, n * sizeof *des->effects);
        for (size_t k = 0; k < n; k++) {
            const dsr_function *f = &d->functions[k];
            items[k] = (ir_build_item){f->op, f->body_offset, f->end_offset, !f->op->regions[0].unmaterialized};
        }
        ir_build_client client = {des, pool_builder_create, pool_builder_destroy, pool_build_function, pool_detach_body,
                                  pool_free_body};
        des->pool = ir_build_pool_create(d->ctx, &client, items, (uint32_t)n, des->threads, POOL_WINDOW_WORDS,
                                         des->stream_verifier, &des->consumer);
    }
    spvk_free(d->alloc, items, n * sizeof *items);
    if (!des->pool) {
        spvk_free(d->alloc, des->effects, n * sizeof *des->effects);
        des->effects = NULL;
    }
    return des->pool != NULL;
}

static spvk_result pool_materialize(spvk_spirv_deserializer *des, dsr_function *f)
{
    dsr *d = &des->d;
    uint32_t k = (uint32_t)(f - d->functions);
    if (!ir_build_pool_take(des->pool, k))
        return d->result != SPVK_OK ? d->result : SPVK_ERROR_INVALID;
    dsr_effect_list *list = &des->effects[k];
    apply_effects(d, list->items, list->count);
    spvk_free(d->alloc, list->items, list->count * sizeof *list->items);
    list->items = NULL;
    list->count = 0;
    f->materialized = true;
    return SPVK_OK;
}

void spvk_spirv_deserializer_set_threads(spvk_spirv_deserializer *des, unsigned threads)
{
    if (!des || des->pool)
        return;
    des->threads = threads ? threads : 1;
    if (des->ahead)
        return; /* made at the first call: the workers take those there are, and copy for the rest */
    /* The workers' copies, ahead, for the pool the first function to build will start. */
    dsr *d = &des->d;
    unsigned n = ir_build_pool_workers(des->threads);
    if (n == 0 || d->result != SPVK_OK || !pool_worth_it(d))
        return;
    des->ahead = spvk_alloc(d->alloc, n * sizeof *des->ahead);
    if (!des->ahead)
        return; /* the workers copy when they start */
    memset(des->ahead, 0, n * sizeof *des->ahead);
    des->num_ahead = n;
    for (unsigned i = 0; i < n; i++) {
        des->ahead[i].from = d;
        des->ahead[i].running = spvk_thread_create(&des->ahead[i].thread, NULL, make_ahead, &des->ahead[i]) == 0;
    }
}

spvk_result spvk_spirv_deserializer_materialize(spvk_spirv_deserializer *des, spvk_ir_op *func)
{
    if (!des || !func)
        return SPVK_ERROR_USAGE;
    /* The copies made ahead read the whole deserializer: nothing changes it until they are made
       (the pool waits for each as its worker takes it; free_ahead for the rest). */
    dsr *d = &des->d;
    if (d->result != SPVK_OK)
        return d->result;
    dsr_function *f = function_of(des, func);
    if (!f)
        return SPVK_ERROR_USAGE;
    /* With workers, the body may be under construction: only the pool may look. */
    if (des->pool)
        return pool_materialize(des, f);
    if (!func->regions[0].unmaterialized)
        return SPVK_OK; /* already there, or a declaration */
    if (des->threads > 1 && pool_start(des)) {
        free_ahead(des); /* the copies the workers did not take */
        return pool_materialize(des, f);
    }
    free_ahead(des); /* before the deserializer changes */
    des->threads = 1;
    if (!build_function(d, f))
        return d->result;
    f->materialized = true;
    return SPVK_OK;
}

spvk_result spvk_spirv_deserializer_finish(spvk_spirv_deserializer *des)
{
    if (!des)
        return SPVK_ERROR_USAGE;
    end_stream(des);
    dsr *d = &des->d;
    if (d->result != SPVK_OK)
        return d->result;
    for (size_t k = 0; k < d->num_functions; k++) {
        dsr_function *f = &d->functions[k];
        if (!f->materialized && f->op->regions[0].unmaterialized) {
            if (!build_function(d, f))
                return d->result;
            f->materialized = true;
        }
    }
    if (setjmp(d->fail_jmp) != 0)
        return d->result != SPVK_OK ? d->result : SPVK_ERROR_INVALID;
    check_module(d);
    return SPVK_OK;
}

/* The printer's streaming hooks: a function is built (and verified) just before it is printed
   and its body freed after; the binary still has it, so it is unmaterialized again. */
static spvk_result stream_begin(void *user, spvk_ir_op *child)
{
    spvk_spirv_deserializer *des = user;
    if (child->def != des->d.def_func)
        return SPVK_OK;
    spvk_result r = spvk_spirv_deserializer_materialize(des, child);
    if (r != SPVK_OK || !des->stream_verifier || des->verification_taken)
        return r;
    if (des->pool) {
        uint32_t k = (uint32_t)function_index(des, child);
        if (ir_build_pool_verified(des->pool, k))
            return SPVK_OK; /* its builder verified it (before using it, if it did) */
    }
    return spvk_ir_verifier_run(des->stream_verifier, child);
}

static void stream_end(void *user, spvk_ir_op *child)
{
    spvk_spirv_deserializer *des = user;
    if (child->def != des->d.def_func || spvk_ir_region_is_empty(&child->regions[0]))
        return;
    if (des->pool)
        ir_build_pool_release(des->pool, (uint32_t)(function_index(des, child)));
    else
        spvk_ir_region_unmaterialize(des->d.ctx, &child->regions[0]);
}

static bool stream_set_consumer(void *user, const spvk_ir_stream_consumer *consumer)
{
    spvk_spirv_deserializer *des = user;
    pool_stop(des); /* its workers hold the consumer they were given: the next body starts others */
    if (consumer)
        des->consumer = *consumer;
    else
        memset(&des->consumer, 0, sizeof des->consumer);
    return des->threads > 1;
}

static spvk_ir_verifier *stream_take_verification(void *user, bool taken)
{
    spvk_spirv_deserializer *des = user;
    des->verification_taken = taken;
    return des->stream_verifier;
}

void spvk_spirv_deserializer_stream(spvk_spirv_deserializer *des, spvk_ir_verifier *verifier, spvk_ir_stream *stream)
{
    pool_stop(des); /* its workers' verifiers share the last stream's verifier's symbol indexes */
    des->stream_verifier = verifier;
    des->verification_taken = false;
    stream->take_verification = stream_take_verification;
    stream->child_begin = stream_begin;
    stream->child_end = stream_end;
    stream->user = des;
    stream->set_consumer = stream_set_consumer;
}

spvk_result spvk_spirv_deserialize(spvk_ir_context *ctx, const uint32_t *words, size_t num_words,
                                   spvk_ir_op **module_out, spvk_diagnostics *diags)
{
    if (module_out)
        *module_out = NULL;
    spvk_spirv_deserializer *des = NULL;
    spvk_ir_op *module = NULL;
    spvk_result res = spvk_spirv_deserializer_create(ctx, words, num_words, diags, &des, &module);
    for (size_t k = 0; res == SPVK_OK && k < des->d.num_functions; k++)
        res = spvk_spirv_deserializer_materialize(des, des->d.functions[k].op);
    if (res == SPVK_OK)
        res = spvk_spirv_deserializer_finish(des);
    spvk_spirv_deserializer_destroy(des);
    if (res == SPVK_OK)
        *module_out = module;
    return res;
}
