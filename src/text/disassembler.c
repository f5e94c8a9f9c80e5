/* The disassembler: prints a module exactly as spirv-dis does, with friendly names or raw ids.

   Friendly names follow spirv-dis's scheme (OpName strings sanitized to [A-Za-z0-9_], type
   names such as %uint, %v4float and %_ptr_StorageBuffer_float, constants named after their
   type and value, built-in variables as gl_*, then the id number for everything else), and
   clashes get "_0", "_1", ... suffixes. spirv-dis finds a free suffix by trying 0, 1, 2, ...
   each time, which is quadratic when thousands of functions name their locals alike; here each
   name remembers the next suffix to try, which gives the same names in linear time (the set of
   used names only grows, so every suffix below the remembered one is still taken). A suggested
   name longer than 256 characters becomes the id's number, as in the newest spirv-dis, which
   keeps names of deeply nested types short (docs/text.md). */
#include <string.h>

#include "spvkit/text.h"
#include "text_internal.h"
#include "../binary/id_table.h"

#define INDENT 15

typedef struct used_name {
    uint32_t hash;
    uint32_t offset; /* into names */
    uint32_t length;
    uint32_t next_suffix;
} used_name;

typedef struct disassembler {
    const spvk_allocator *allocator;
    spvk_disassemble_options options;
    spvk_result result;

    spvk_buffer names; /* every name's characters */
    spvk_buffer scratch;

    /* id -> name, as (offset << 32 | length + 1); 0 means unnamed. Dense by id when the bound is
       plausible for the input size, a hash map otherwise. */
    uint64_t *id_names;
    uint32_t id_names_count;
    uint32_t *id_keys;
    uint64_t *id_values;
    uint32_t id_capacity, id_count;

    used_name *used;
    uint32_t used_capacity, used_count;

    /* Ids that spirv-dis names by their own number ("%42"). Those are most ids, so with a dense
       table they are only marked here, not stored as names; the number becomes a used name
       only when a later suggestion spells it (then it is materialized, see taken_by_number).
       numeric_names_used says whether any all-digit name was stored, which is the only way a
       number can already be taken when an id is numbered. */
    uint8_t *numbered;
    bool numeric_names_used;

    spvk_buffer out;
    /* spvk_instruction_text: names come from the caller instead of the tables above. */
    spvk_id_name_fn name_fn;
    void *name_user;
} disassembler;

/* The longest suggested name kept as it is (spirv-dis's kMaxSize); longer ones become the id's
   number. Sanitizing keeps the length, so the check may come before or after it. */
#define SPVK_FRIENDLY_NAME_MAX 256

/* ---- id -> name map ---- */

static uint64_t *id_slot(disassembler *d, uint32_t id, bool create)
{
    if (d->id_names)
        return id < d->id_names_count ? &d->id_names[id] : NULL;
    if (create && (d->id_count + 1) * 2 > d->id_capacity) {
        uint32_t cap = d->id_capacity ? d->id_capacity * 2 : 256;
        uint32_t *keys = spvk_alloc(d->allocator, (size_t)cap * sizeof *keys);
        uint64_t *values = spvk_alloc(d->allocator, (size_t)cap * sizeof *values);
        if (!keys || !values) {
            spvk_free(d->allocator, keys, (size_t)cap * sizeof *keys);
            spvk_free(d->allocator, values, (size_t)cap * sizeof *values);
            d->result = SPVK_ERROR_OUT_OF_MEMORY;
            return NULL;
        }
        memset(keys, 0, (size_t)cap * sizeof *keys);
        for (uint32_t i = 0; i < d->id_capacity; i++) {
            if (!d->id_keys[i])
                continue;
            uint32_t j = spvk_hash_u32(d->id_keys[i]) & (cap - 1);
            while (keys[j])
                j = (j + 1) & (cap - 1);
            keys[j] = d->id_keys[i];
            values[j] = d->id_values[i];
        }
        spvk_free(d->allocator, d->id_keys, (size_t)d->id_capacity * sizeof *keys);
        spvk_free(d->allocator, d->id_values, (size_t)d->id_capacity * sizeof *values);
        d->id_keys = keys;
        d->id_values = values;
        d->id_capacity = cap;
    }
    if (!d->id_capacity)
        return NULL;
    uint32_t j = spvk_hash_u32(id) & (d->id_capacity - 1);
    while (d->id_keys[j] && d->id_keys[j] != id)
        j = (j + 1) & (d->id_capacity - 1);
    if (!d->id_keys[j]) {
        if (!create)
            return NULL;
        d->id_keys[j] = id;
        d->id_values[j] = 0;
        d->id_count++;
    }
    return &d->id_values[j];
}

/* Appends the name of id to b: its friendly name, or its number when it has none. */
static void append_id_name(disassembler *d, spvk_buffer *b, uint32_t id)
{
    if (d->name_fn) {
        size_t length = 0;
        const char *name = d->name_fn(d->name_user, id, &length);
        if (name)
            spvk_buffer_append(b, name, length);
        else
            spvk_buffer_append_uint(b, id);
        return;
    }
    uint64_t *slot = d->options.raw_ids ? NULL : id_slot(d, id, false);
    if (slot && *slot) {
        uint32_t length = (uint32_t)(*slot & 0xffffffffu) - 1;
        spvk_buffer_append(b, d->names.data + (*slot >> 32), length);
    } else {
        spvk_buffer_append_uint(b, id);
    }
}

/* ---- the set of used names ---- */

static used_name *find_used(disassembler *d, const char *s, uint32_t length, uint32_t hash)
{
    if (!d->used_capacity)
        return NULL;
    uint32_t j = hash & (d->used_capacity - 1);
    while (d->used[j].length) {
        used_name *u = &d->used[j];
        if (u->hash == hash && u->length == length && memcmp(d->names.data + u->offset, s, length) == 0)
            return u;
        j = (j + 1) & (d->used_capacity - 1);
    }
    return NULL;
}

/* Records s (already sanitized, nonempty) as used and returns its offset in names. */
static bool insert_used(disassembler *d, const char *s, uint32_t length, uint32_t hash, uint32_t *offset)
{
    if ((d->used_count + 1) * 2 > d->used_capacity) {
        uint32_t cap = d->used_capacity ? d->used_capacity * 2 : 256;
        used_name *t = spvk_alloc(d->allocator, (size_t)cap * sizeof *t);
        if (!t)
            return false;
        memset(t, 0, (size_t)cap * sizeof *t);
        for (uint32_t i = 0; i < d->used_capacity; i++) {
            if (!d->used[i].length)
                continue;
            uint32_t j = d->used[i].hash & (cap - 1);
            while (t[j].length)
                j = (j + 1) & (cap - 1);
            t[j] = d->used[i];
        }
        spvk_free(d->allocator, d->used, (size_t)d->used_capacity * sizeof *t);
        d->used = t;
        d->used_capacity = cap;
    }
    *offset = (uint32_t)d->names.length;
    spvk_buffer_append(&d->names, s, length);
    if (d->names.failed || d->names.length > 0xffffffffu)
        return false;
    uint32_t j = hash & (d->used_capacity - 1);
    while (d->used[j].length)
        j = (j + 1) & (d->used_capacity - 1);
    d->used[j] = (used_name){hash, *offset, length, 0};
    d->used_count++;
    return true;
}

static bool all_digits(const char *s, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return length > 0;
}

/* Whether s (a canonical decimal, no leading zero) is the number of an id numbered lazily. */
static bool taken_by_number(const disassembler *d, const char *s, size_t length)
{
    if (!d->numbered || !all_digits(s, length) || length > 10 || (s[0] == '0'))
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < length; i++)
        v = v * 10 + (uint64_t)(s[i] - '0');
    return v < d->id_names_count && d->numbered[v];
}

/* spirv-dis's SaveName: the first name given to an id wins; the suggestion is sanitized and
   made unique with the smallest free "_N" suffix. The suggestion is in d->scratch. */
static void save_name(disassembler *d, uint32_t id)
{
    uint64_t *slot = id_slot(d, id, true);
    if (!slot || *slot || (d->numbered && d->numbered[id])) {
        if (!slot && d->result == SPVK_OK)
            d->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    spvk_buffer *s = &d->scratch;
    if (s->length > SPVK_FRIENDLY_NAME_MAX) {
        /* The newest spirv-dis (SPIRV-Tools #6763) names an id whose suggestion is longer than
           256 characters by its number instead. Type names embed their operands' names, so
           without this a chain of OpTypeArray, each of the previous, grows quadratically; with
           it every name stays short and the output linear. */
        s->length = 0;
        spvk_buffer_append_uint(s, id);
    }
    if (s->length == 0)
        spvk_buffer_append_char(s, '_');
    for (size_t i = 0; i < s->length; i++) {
        char c = s->data[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            s->data[i] = '_';
    }
    if (s->failed || s->length > 0x7fffffff) {
        d->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    uint32_t base_length = (uint32_t)s->length;
    uint32_t hash = spvk_hash_bytes(s->data, base_length);
    uint32_t offset, length = base_length;
    used_name *base = find_used(d, s->data, base_length, hash);
    if (!base && taken_by_number(d, s->data, base_length)) {
        /* The suggestion spells the number of an id numbered earlier: make that use real. */
        if (!insert_used(d, s->data, base_length, hash, &offset)) {
            d->result = SPVK_ERROR_OUT_OF_MEMORY;
            return;
        }
        base = find_used(d, s->data, base_length, hash);
    }
    if (base) {
        uint32_t suffix = base->next_suffix;
        for (;; suffix++) {
            s->length = base_length;
            spvk_buffer_append_char(s, '_');
            spvk_buffer_append_uint(s, suffix);
            if (s->failed) {
                d->result = SPVK_ERROR_OUT_OF_MEMORY;
                return;
            }
            length = (uint32_t)s->length;
            hash = spvk_hash_bytes(s->data, length);
            if (!find_used(d, s->data, length, hash))
                break;
        }
        base->next_suffix = suffix + 1; /* before insert_used, which may move the table */
    }
    if (!insert_used(d, s->data, length, hash, &offset)) {
        d->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    if (all_digits(s->data, length))
        d->numeric_names_used = true;
    slot = id_slot(d, id, true);
    if (slot)
        *slot = (uint64_t)offset << 32 | (uint64_t)(length + 1);
}

static void suggest(disassembler *d, const char *s) { spvk_buffer_append_string(&d->scratch, s); }

static void suggest_id(disassembler *d, uint32_t id) { append_id_name(d, &d->scratch, id); }

static void suggest_enum(disassembler *d, unsigned kind, uint32_t value)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, value);
    if (e) {
        suggest(d, e->name);
    } else {
        /* spirv-dis's fallback, whatever the kind. */
        suggest(d, "StorageClass");
        spvk_buffer_append_uint(&d->scratch, value);
    }
}

static const char *builtin_name(uint32_t builtin)
{
    switch (builtin) {
    case SPVK_BUILT_IN_Position: return "gl_Position";
    case SPVK_BUILT_IN_PointSize: return "gl_PointSize";
    case SPVK_BUILT_IN_ClipDistance: return "gl_ClipDistance";
    case SPVK_BUILT_IN_CullDistance: return "gl_CullDistance";
    case SPVK_BUILT_IN_VertexId: return "gl_VertexID";
    case SPVK_BUILT_IN_InstanceId: return "gl_InstanceID";
    case SPVK_BUILT_IN_PrimitiveId: return "gl_PrimitiveID";
    case SPVK_BUILT_IN_InvocationId: return "gl_InvocationID";
    case SPVK_BUILT_IN_Layer: return "gl_Layer";
    case SPVK_BUILT_IN_ViewportIndex: return "gl_ViewportIndex";
    case SPVK_BUILT_IN_TessLevelOuter: return "gl_TessLevelOuter";
    case SPVK_BUILT_IN_TessLevelInner: return "gl_TessLevelInner";
    case SPVK_BUILT_IN_TessCoord: return "gl_TessCoord";
    case SPVK_BUILT_IN_PatchVertices: return "gl_PatchVertices";
    case SPVK_BUILT_IN_FragCoord: return "gl_FragCoord";
    case SPVK_BUILT_IN_PointCoord: return "gl_PointCoord";
    case SPVK_BUILT_IN_FrontFacing: return "gl_FrontFacing";
    case SPVK_BUILT_IN_SampleId: return "gl_SampleID";
    case SPVK_BUILT_IN_SamplePosition: return "gl_SamplePosition";
    case SPVK_BUILT_IN_SampleMask: return "gl_SampleMask";
    case SPVK_BUILT_IN_FragDepth: return "gl_FragDepth";
    case SPVK_BUILT_IN_HelperInvocation: return "gl_HelperInvocation";
    case SPVK_BUILT_IN_NumWorkgroups: return "gl_NumWorkGroups";
    case SPVK_BUILT_IN_WorkgroupSize: return "gl_WorkGroupSize";
    case SPVK_BUILT_IN_WorkgroupId: return "gl_WorkGroupID";
    case SPVK_BUILT_IN_LocalInvocationId: return "gl_LocalInvocationID";
    case SPVK_BUILT_IN_GlobalInvocationId: return "gl_GlobalInvocationID";
    case SPVK_BUILT_IN_LocalInvocationIndex: return "gl_LocalInvocationIndex";
    case SPVK_BUILT_IN_WorkDim: return "WorkDim";
    case SPVK_BUILT_IN_GlobalSize: return "GlobalSize";
    case SPVK_BUILT_IN_EnqueuedWorkgroupSize: return "EnqueuedWorkgroupSize";
    case SPVK_BUILT_IN_GlobalOffset: return "GlobalOffset";
    case SPVK_BUILT_IN_GlobalLinearId: return "GlobalLinearId";
    case SPVK_BUILT_IN_SubgroupSize: return "SubgroupSize";
    case SPVK_BUILT_IN_SubgroupMaxSize: return "SubgroupMaxSize";
    case SPVK_BUILT_IN_NumSubgroups: return "NumSubgroups";
    case SPVK_BUILT_IN_NumEnqueuedSubgroups: return "NumEnqueuedSubgroups";
    case SPVK_BUILT_IN_SubgroupId: return "SubgroupId";
    case SPVK_BUILT_IN_SubgroupLocalInvocationId: return "SubgroupLocalInvocationId";
    case SPVK_BUILT_IN_VertexIndex: return "gl_VertexIndex";
    case SPVK_BUILT_IN_InstanceIndex: return "gl_InstanceIndex";
    case SPVK_BUILT_IN_SubgroupEqMask: return "SubgroupEqMaskKHR";
    case SPVK_BUILT_IN_SubgroupGeMask: return "SubgroupGeMaskKHR";
    case SPVK_BUILT_IN_SubgroupGtMask: return "SubgroupGtMaskKHR";
    case SPVK_BUILT_IN_SubgroupLeMask: return "SubgroupLeMaskKHR";
    case SPVK_BUILT_IN_SubgroupLtMask: return "SubgroupLtMaskKHR";
    default: return NULL;
    }
}

static const char *int_type_root(uint32_t width)
{
    switch (width) {
    case 8: return "char";
    case 16: return "short";
    case 32: return "int";
    case 64: return "long";
    default: return NULL;
    }
}

static const char *float_type_name(const uint32_t *w, uint16_t num_words)
{
    if (num_words > 3) {
        switch (w[3]) {
        case SPVK_FPENCODING_BFloat16KHR: return "bfloat16";
        case SPVK_FPENCODING_Float8E4M3EXT: return "fp8e4m3";
        case SPVK_FPENCODING_Float8E5M2EXT: return "fp8e5m2";
        case SPVK_FPENCODING_Float6E2M3EXT: return "fp6e2m3";
        case SPVK_FPENCODING_Float6E3M2EXT: return "fp6e3m2";
        case SPVK_FPENCODING_Float4E2M1EXT: return "fp4e2m1";
        case SPVK_FPENCODING_Float8UnsignedE8M0EXT: return "fp8e8m0";
        case SPVK_FPENCODING_MXInt8EXT: return "mxint8";
        default: break;
        }
    }
    switch (w[2]) {
    case 16: return "half";
    case 32: return "float";
    case 64: return "double";
    default: return NULL;
    }
}

/* The first pass: what spirv-dis's FriendlyNameMapper suggests for each instruction. */
static spvk_result name_instruction(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    (void)header;
    disassembler *d = user;
    const uint32_t *w = inst->words;
    uint32_t rid = inst->result_id;
    char number[48];
    d->scratch.length = 0;
    switch (inst->opcode) {
    case SPVK_OP_Name:
        suggest(d, spvk_operand_string(inst, &inst->operands[1]));
        save_name(d, w[1]);
        break;
    case SPVK_OP_Decorate:
        if (w[2] == SPVK_DECORATION_BuiltIn && inst->num_words > 3) {
            const char *n = builtin_name(w[3]);
            if (n) {
                suggest(d, n);
                save_name(d, w[1]);
            }
        }
        break;
    case SPVK_OP_TypeVoid:
        suggest(d, "void");
        save_name(d, rid);
        break;
    case SPVK_OP_TypeBool:
        suggest(d, "bool");
        save_name(d, rid);
        break;
    case SPVK_OP_TypeInt: {
        const char *root = int_type_root(w[2]);
        if (w[3] == 0)
            suggest(d, "u");
        else if (!root)
            suggest(d, "i");
        if (root)
            suggest(d, root);
        else
            spvk_buffer_append_uint(&d->scratch, w[2]);
        save_name(d, rid);
        break;
    }
    case SPVK_OP_TypeFloat: {
        const char *n = float_type_name(w, inst->num_words);
        if (n) {
            suggest(d, n);
        } else {
            suggest(d, "fp");
            spvk_buffer_append_uint(&d->scratch, w[2]);
        }
        save_name(d, rid);
        break;
    }
    case SPVK_OP_TypeVector:
        suggest(d, "v");
        spvk_buffer_append_uint(&d->scratch, w[3]);
        suggest_id(d, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeMatrix:
        suggest(d, "mat");
        spvk_buffer_append_uint(&d->scratch, w[3]);
        suggest_id(d, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeArray:
        suggest(d, "_arr_");
        suggest_id(d, w[2]);
        suggest(d, "_");
        suggest_id(d, w[3]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeRuntimeArray:
        suggest(d, "_runtimearr_");
        suggest_id(d, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeNodePayloadArrayAMDX:
        suggest(d, "_payloadarr_");
        suggest_id(d, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypePointer:
        suggest(d, "_ptr_");
        suggest_enum(d, SPVK_OPERAND_StorageClass, w[2]);
        suggest(d, "_");
        suggest_id(d, w[3]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeUntypedPointerKHR:
        suggest(d, "_ptr_");
        suggest_enum(d, SPVK_OPERAND_StorageClass, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypePipe:
        suggest(d, "Pipe");
        suggest_enum(d, SPVK_OPERAND_AccessQualifier, w[2]);
        save_name(d, rid);
        break;
    case SPVK_OP_TypeEvent: suggest(d, "Event"); save_name(d, rid); break;
    case SPVK_OP_TypeDeviceEvent: suggest(d, "DeviceEvent"); save_name(d, rid); break;
    case SPVK_OP_TypeReserveId: suggest(d, "ReserveId"); save_name(d, rid); break;
    case SPVK_OP_TypeQueue: suggest(d, "Queue"); save_name(d, rid); break;
    case SPVK_OP_TypePipeStorage: suggest(d, "PipeStorage"); save_name(d, rid); break;
    case SPVK_OP_TypeNamedBarrier: suggest(d, "NamedBarrier"); save_name(d, rid); break;
    case SPVK_OP_TypeOpaque:
        /* The opaque name is sanitized with the rest. */
        suggest(d, "Opaque_");
        suggest(d, spvk_operand_string(inst, &inst->operands[1]));
        save_name(d, rid);
        break;
    case SPVK_OP_TypeStruct:
        suggest(d, "_struct_");
        spvk_buffer_append_uint(&d->scratch, rid);
        save_name(d, rid);
        break;
    case SPVK_OP_ConstantTrue: suggest(d, "true"); save_name(d, rid); break;
    case SPVK_OP_ConstantFalse: suggest(d, "false"); save_name(d, rid); break;
    case SPVK_OP_Constant: {
        size_t n = spvk_format_number(number, inst, &inst->operands[2]);
        for (size_t i = 0; i < n; i++)
            if (number[i] == '-')
                number[i] = 'n';
        suggest_id(d, inst->result_type_id);
        suggest(d, "_");
        spvk_buffer_append(&d->scratch, number, n);
        save_name(d, rid);
        break;
    }
    default:
        /* Everything else is named by its number, which must stay unique: an OpName "7"
           elsewhere cannot take it, and it cannot take one that an OpName already took. */
        if (rid) {
            uint64_t *slot = id_slot(d, rid, false);
            if (slot && *slot)
                break;
            if (d->numbered && !d->numeric_names_used) {
                d->numbered[rid] = 1;
                break;
            }
            spvk_buffer_append_uint(&d->scratch, rid);
            save_name(d, rid);
        }
        break;
    }
    return d->result;
}

/* ---- printing ---- */

static void emit_mask(disassembler *d, unsigned kind, uint32_t value)
{
    spvk_buffer *b = &d->out;
    bool any = false;
    for (uint32_t bit = 1, rest = value; rest; bit <<= 1) {
        if (!(rest & bit))
            continue;
        rest ^= bit;
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, bit);
        if (any)
            spvk_buffer_append_char(b, '|');
        spvk_buffer_append_string(b, e ? e->name : "?");
        any = true;
    }
    if (!any) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, 0);
        if (e)
            spvk_buffer_append_string(b, e->name);
    }
}

/* spirv-dis knows fewer non-semantic sets than the grammar describes and prints the
   instructions of the others by number; spvkit prints what spirv-dis prints (its assembler
   reads both the names and the numbers). */
static bool printed_by_number(unsigned set)
{
    const char *name = spvk_ext_inst_set(set)->import_name;
    return strcmp(name, "NonSemantic.DebugPrintf") == 0 || strcmp(name, "NonSemantic.DebugBreak") == 0 ||
           strcmp(name, "NonSemantic.Shader.DebugInfo") == 0;
}

static void emit_operand(disassembler *d, const spvk_instruction *inst, const spvk_operand *o)
{
    spvk_buffer *b = &d->out;
    uint32_t word = inst->words[o->offset];
    const spvk_operand_kind_desc *k = spvk_operand_kind(o->kind);
    char number[48];
    switch (k->category) {
    case SPVK_CATEGORY_ID:
        spvk_buffer_append_char(b, '%');
        append_id_name(d, b, word);
        return;
    case SPVK_CATEGORY_VALUEENUM: {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(o->kind, word);
        spvk_buffer_append_string(b, e ? e->name : "?");
        return;
    }
    case SPVK_CATEGORY_BITENUM:
        emit_mask(d, o->kind, word);
        return;
    default:
        break;
    }
    switch (o->kind) {
    case SPVK_OPERAND_LiteralString: {
        const char *s = spvk_operand_string(inst, o);
        spvk_buffer_append_char(b, '"');
        for (; *s; s++) {
            if (*s == '"' || *s == '\\')
                spvk_buffer_append_char(b, '\\');
            spvk_buffer_append_char(b, *s);
        }
        spvk_buffer_append_char(b, '"');
        return;
    }
    case SPVK_OPERAND_LiteralExtInstInteger: {
        const spvk_ext_instruction_desc *ei = NULL;
        if (inst->ext_inst_set != SPVK_EXT_INST_SET_NONE && !printed_by_number(inst->ext_inst_set))
            ei = spvk_ext_instruction_by_opcode(inst->ext_inst_set, word);
        if (ei)
            spvk_buffer_append_string(b, ei->name);
        else
            spvk_buffer_append_uint(b, word);
        return;
    }
    case SPVK_OPERAND_LiteralSpecConstantOpInteger:
        spvk_buffer_append_string(b, spvk_instruction_by_opcode(word)->name + 2);
        return;
    default:
        spvk_buffer_append(b, number, spvk_format_number(number, inst, o));
        return;
    }
}

static spvk_result print_instruction(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    (void)header;
    disassembler *d = user;
    spvk_buffer *b = &d->out;
    if (!spvk_buffer_reserve(b, 64 + (size_t)inst->num_words * 16))
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (inst->result_id) {
        /* spirv-dis right-aligns "%name" so that the opcode starts in column 16. */
        uint64_t *slot = d->options.raw_ids ? NULL : id_slot(d, inst->result_id, false);
        size_t name_length;
        if (slot && *slot) {
            name_length = (uint32_t)(*slot & 0xffffffffu) - 1;
        } else {
            name_length = 1;
            for (uint32_t v = inst->result_id; v >= 10; v /= 10)
                name_length++;
        }
        if (!d->options.no_indent && name_length + 4 < INDENT)
            spvk_buffer_append(b, "               ", INDENT - 4 - name_length);
        spvk_buffer_append_char(b, '%');
        append_id_name(d, b, inst->result_id);
        spvk_buffer_append(b, " = ", 3);
    } else if (!d->options.no_indent) {
        spvk_buffer_append(b, "               ", INDENT);
    }
    spvk_buffer_append_string(b, inst->desc->name);
    for (uint16_t i = 0; i < inst->num_operands; i++) {
        if (inst->operands[i].kind == SPVK_OPERAND_IdResult)
            continue;
        spvk_buffer_append_char(b, ' ');
        emit_operand(d, inst, &inst->operands[i]);
    }
    spvk_buffer_append_char(b, '\n');
    return b->failed ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_OK;
}

static void emit_header(disassembler *d, const spvk_header *h)
{
    spvk_buffer *b = &d->out;
    spvk_buffer_printf(b, "; SPIR-V\n; Version: %u.%u\n", (h->version >> 16) & 0xff, (h->version >> 8) & 0xff);
    uint32_t tool = h->generator >> 16, misc = h->generator & 0xffff;
    const spvk_generator_desc *g = spvk_generator_by_id(tool);
    if (g && g->tool[0])
        spvk_buffer_printf(b, "; Generator: %s %s; %u\n", g->vendor, g->tool, misc);
    else if (g)
        spvk_buffer_printf(b, "; Generator: %s; %u\n", g->vendor, misc);
    else
        spvk_buffer_printf(b, "; Generator: Unknown(%u); %u\n", tool, misc);
    spvk_buffer_printf(b, "; Bound: %u\n; Schema: %u\n", h->bound, h->schema);
}

spvk_result spvk_disassemble(const void *bytes, size_t size, const spvk_disassemble_options *options,
                             const spvk_allocator *allocator, char **text, size_t *length, spvk_diagnostics *diags)
{
    disassembler d;
    memset(&d, 0, sizeof d);
    d.allocator = allocator;
    if (options)
        d.options = *options;
    spvk_buffer_init(&d.names, allocator);
    spvk_buffer_init(&d.scratch, allocator);
    spvk_buffer_init(&d.out, allocator);
    *text = NULL;
    *length = 0;

    /* The first walk checks the whole module and gathers names, so nothing is printed for a
       module that is malformed further on. */
    spvk_result res;
    if (d.options.raw_ids) {
        res = spvk_parse(bytes, size, allocator, NULL, NULL, diags);
    } else {
        spvk_header header;
        uint32_t bound = spvk_read_header(bytes, size, &header) ? header.bound : 0;
        if (spvk_id_bound_is_dense(bound, size / 4)) {
            d.id_names_count = bound;
            d.id_names = spvk_alloc(allocator, (size_t)bound * sizeof *d.id_names);
            if (!d.id_names) {
                res = SPVK_ERROR_OUT_OF_MEMORY;
                goto done;
            }
            memset(d.id_names, 0, (size_t)bound * sizeof *d.id_names);
            d.numbered = spvk_alloc(allocator, bound ? bound : 1);
            if (!d.numbered) {
                res = SPVK_ERROR_OUT_OF_MEMORY;
                goto done;
            }
            memset(d.numbered, 0, bound);
        }
        res = spvk_parse(bytes, size, allocator, name_instruction, &d, diags);
    }
    if (res != SPVK_OK)
        goto done;
    if (!spvk_buffer_reserve(&d.out, size * 3 + 256)) {
        res = SPVK_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    spvk_header header;
    if (!d.options.no_header && spvk_read_header(bytes, size, &header)) /* the parse checked it */
        emit_header(&d, &header);
    res = spvk_parse(bytes, size, allocator, print_instruction, &d, diags);
    if (res == SPVK_OK) {
        size_t n = d.out.length;
        *text = spvk_buffer_take_string(&d.out);
        if (!*text)
            res = SPVK_ERROR_OUT_OF_MEMORY;
        else
            *length = n;
    }
done:
    spvk_buffer_free(&d.out);
    spvk_buffer_free(&d.names);
    spvk_buffer_free(&d.scratch);
    spvk_free(allocator, d.id_names, (size_t)d.id_names_count * sizeof *d.id_names);
    if (d.numbered)
        spvk_free(allocator, d.numbered, d.id_names_count ? d.id_names_count : 1);
    spvk_free(allocator, d.id_keys, (size_t)d.id_capacity * sizeof *d.id_keys);
    spvk_free(allocator, d.id_values, (size_t)d.id_capacity * sizeof *d.id_values);
    spvk_free(allocator, d.used, (size_t)d.used_capacity * sizeof *d.used);
    return res;
}

char *spvk_instruction_text(const spvk_instruction *inst, spvk_id_name_fn id_name, void *user,
                            const spvk_allocator *allocator)
{
    if (!inst || !inst->desc)
        return NULL;
    disassembler d;
    memset(&d, 0, sizeof d);
    d.allocator = allocator;
    d.options.no_indent = true;
    d.options.raw_ids = id_name == NULL;
    d.name_fn = id_name;
    d.name_user = user;
    spvk_buffer_init(&d.out, allocator);
    if (print_instruction(&d, NULL, inst) != SPVK_OK) {
        spvk_buffer_free(&d.out);
        return NULL;
    }
    d.out.length--; /* print_instruction ends the line */
    return spvk_buffer_take_string(&d.out);
}
