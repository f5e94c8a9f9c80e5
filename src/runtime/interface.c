/* The interface of an entry point, read from the module's words: what `spvkit run` must bind
   (buffers, push constants), what it may set (specialization constants, the workgroup size) and
   what the device must support (capabilities, extensions).

   One walk over the module records the few instructions that matter (types, constants, global
   variables, decorations, names, the entry function's parameters) in arrays sorted by id;
   lookups are binary searches, so a hostile module costs O(n log n) and memory proportional to
   its size, never to its id bound. The runtime reads words, not the IR: it must run modules
   that no pass has seen. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/binary.h"
#include "run_internal.h"

/* ---- What the walk records ---- */

typedef struct id_record {
    uint32_t id;
    uint32_t offset; /* word offset of the defining instruction */
} id_record;

typedef struct decoration_record {
    uint32_t target;
    int32_t member; /* -1: the id itself */
    uint32_t decoration;
    uint32_t value; /* the first literal, when the decoration has one */
} decoration_record;

typedef struct name_record {
    uint32_t id;
    const char *name; /* points into the words */
} name_record;

typedef struct entry_record {
    uint32_t offset;
    uint32_t model;
    uint32_t function;
    const char *name;
    uint32_t interface_start, interface_count; /* word range of the interface ids */
} entry_record;

typedef struct mode_record {
    uint32_t function;
    uint32_t mode;
    uint32_t operands[3];
    bool ids; /* OpExecutionModeId */
} mode_record;

typedef struct walk_state {
    const uint32_t *words;
    size_t num_words;
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    uint32_t version;
    uint32_t addressing_model, memory_model;

    id_record *types, *constants, *variables;
    size_t num_types, cap_types, num_constants, cap_constants, num_variables, cap_variables;
    decoration_record *decorations;
    size_t num_decorations, cap_decorations;
    name_record *names;
    size_t num_names, cap_names;
    entry_record *entries;
    size_t num_entries, cap_entries;
    mode_record *modes;
    size_t num_modes, cap_modes;
    uint32_t *capabilities;
    size_t num_capabilities, cap_capabilities;
    uint32_t *extension_offsets; /* OpExtension instructions */
    size_t num_extensions, cap_extensions;

    uint32_t current_function; /* inside OpFunction .. OpFunctionEnd, else 0 */
    id_record *parameters;     /* OpFunctionParameter of every function, with the function in .id's place */
    uint32_t *parameter_ids;
    size_t num_parameters, cap_parameters;
} walk_state;

#define PUSH(s, array, num, cap, value)                                                                     \
    do {                                                                                                    \
        if (!spvk_array_grow((s)->allocator, &(s)->array, &(s)->cap, (s)->num + 1, sizeof(*(s)->array), 16)) \
            return SPVK_ERROR_OUT_OF_MEMORY;                                                                \
        (s)->array[(s)->num++] = (value);                                                                   \
    } while (0)

static spvk_result record_instruction(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    walk_state *s = user;
    const uint32_t *w = inst->words;
    s->version = header->version;
    uint32_t offset = (uint32_t)inst->offset;
    switch (inst->opcode) {
    case SPVK_OP_Capability:
        PUSH(s, capabilities, num_capabilities, cap_capabilities, w[1]);
        break;
    case SPVK_OP_Extension:
        PUSH(s, extension_offsets, num_extensions, cap_extensions, offset);
        break;
    case SPVK_OP_MemoryModel:
        s->addressing_model = w[1];
        s->memory_model = w[2];
        break;
    case SPVK_OP_EntryPoint: {
        /* operands: model, function, name, interface ids... */
        const spvk_operand *name = &inst->operands[2];
        entry_record e = {offset, w[1], w[2], spvk_operand_string(inst, name),
                          (uint32_t)(offset + name->offset + name->num_words),
                          (uint32_t)(inst->num_words - name->offset - name->num_words)};
        PUSH(s, entries, num_entries, cap_entries, e);
        break;
    }
    case SPVK_OP_ExecutionMode:
    case SPVK_OP_ExecutionModeId: {
        mode_record m = {w[1], w[2], {0, 0, 0}, inst->opcode == SPVK_OP_ExecutionModeId};
        for (unsigned i = 0; i < 3 && 3u + i < inst->num_words; i++)
            m.operands[i] = w[3 + i];
        PUSH(s, modes, num_modes, cap_modes, m);
        break;
    }
    case SPVK_OP_Name:
        PUSH(s, names, num_names, cap_names, ((name_record){w[1], spvk_operand_string(inst, &inst->operands[1])}));
        break;
    case SPVK_OP_Decorate:
        PUSH(s, decorations, num_decorations, cap_decorations,
             ((decoration_record){w[1], -1, w[2], inst->num_words > 3 ? w[3] : 0}));
        break;
    case SPVK_OP_MemberDecorate:
        PUSH(s, decorations, num_decorations, cap_decorations,
             ((decoration_record){w[1], (int32_t)(w[2] & 0x7fffffff), w[3], inst->num_words > 4 ? w[4] : 0}));
        break;
    case SPVK_OP_Function:
        s->current_function = inst->result_id;
        break;
    case SPVK_OP_FunctionEnd:
        s->current_function = 0;
        break;
    case SPVK_OP_FunctionParameter:
        PUSH(s, parameters, num_parameters, cap_parameters, ((id_record){s->current_function, offset}));
        break;
    case SPVK_OP_Variable:
        if (!s->current_function)
            PUSH(s, variables, num_variables, cap_variables, ((id_record){inst->result_id, offset}));
        break;
    default:
        if (inst->desc && inst->result_id && !inst->result_type_id && inst->opcode >= SPVK_OP_TypeVoid &&
            inst->opcode != SPVK_OP_ExtInstImport && inst->opcode != SPVK_OP_String &&
            inst->opcode != SPVK_OP_Label && inst->opcode != SPVK_OP_Function && !s->current_function)
            PUSH(s, types, num_types, cap_types, ((id_record){inst->result_id, offset}));
        else if (inst->result_type_id && !s->current_function &&
                 (inst->opcode == SPVK_OP_Constant || inst->opcode == SPVK_OP_SpecConstant ||
                  inst->opcode == SPVK_OP_ConstantTrue || inst->opcode == SPVK_OP_ConstantFalse ||
                  inst->opcode == SPVK_OP_SpecConstantTrue || inst->opcode == SPVK_OP_SpecConstantFalse ||
                  inst->opcode == SPVK_OP_ConstantComposite || inst->opcode == SPVK_OP_SpecConstantComposite ||
                  inst->opcode == SPVK_OP_ConstantNull))
            PUSH(s, constants, num_constants, cap_constants, ((id_record){inst->result_id, offset}));
        break;
    }
    return SPVK_OK;
}

static int compare_id_record(const void *a, const void *b)
{
    uint32_t x = ((const id_record *)a)->id, y = ((const id_record *)b)->id;
    return (x > y) - (x < y);
}

static int compare_decoration(const void *a, const void *b)
{
    const decoration_record *x = a, *y = b;
    if (x->target != y->target)
        return (x->target > y->target) - (x->target < y->target);
    return (x->member > y->member) - (x->member < y->member);
}

static int compare_name(const void *a, const void *b)
{
    uint32_t x = ((const name_record *)a)->id, y = ((const name_record *)b)->id;
    return (x > y) - (x < y);
}

/* The defining instruction's words of id among records, or NULL. */
static const uint32_t *find_record(const walk_state *s, const id_record *records, size_t count, uint32_t id)
{
    if (!count)
        return NULL;
    id_record key = {id, 0};
    const id_record *r = bsearch(&key, records, count, sizeof(*records), compare_id_record);
    return r ? s->words + r->offset : NULL;
}

static const uint32_t *find_type(const walk_state *s, uint32_t id)
{
    return find_record(s, s->types, s->num_types, id);
}

static uint32_t opcode_of(const uint32_t *inst)
{
    return inst ? inst[0] & 0xffff : 0;
}

static uint32_t word_count_of(const uint32_t *inst)
{
    return inst[0] >> 16;
}

/* The decorations of id (member -1 for the id itself): a run in the sorted array. */
static const decoration_record *decorations_of(const walk_state *s, uint32_t id, int32_t member, size_t *count)
{
    decoration_record key = {id, member, 0, 0};
    *count = 0;
    if (!s->num_decorations)
        return NULL;
    const decoration_record *r = bsearch(&key, s->decorations, s->num_decorations, sizeof(key), compare_decoration);
    if (!r)
        return NULL;
    const decoration_record *first = r, *end = s->decorations + s->num_decorations;
    while (first > s->decorations && compare_decoration(first - 1, &key) == 0)
        first--;
    while (r < end && compare_decoration(r, &key) == 0)
        r++;
    *count = (size_t)(r - first);
    return first;
}

/* Whether id (member -1 for the id itself) has the decoration; its first literal in *value. */
static bool find_decoration(const walk_state *s, uint32_t id, int32_t member, uint32_t decoration, uint32_t *value)
{
    size_t count;
    const decoration_record *d = decorations_of(s, id, member, &count);
    for (size_t i = 0; i < count; i++)
        if (d[i].decoration == decoration) {
            if (value)
                *value = d[i].value;
            return true;
        }
    return false;
}

/* Whether id has the decoration with this literal: a parameter may carry several FuncParamAttr
   (llvm-spirv writes NoCapture before NoWrite). */
static bool has_decoration_value(const walk_state *s, uint32_t id, uint32_t decoration, uint32_t value)
{
    size_t count;
    const decoration_record *d = decorations_of(s, id, -1, &count);
    for (size_t i = 0; i < count; i++)
        if (d[i].decoration == decoration && d[i].value == value)
            return true;
    return false;
}

static const char *find_name(const walk_state *s, uint32_t id)
{
    if (!s->num_names)
        return NULL;
    name_record key = {id, NULL};
    const name_record *r = bsearch(&key, s->names, s->num_names, sizeof(key), compare_name);
    return r && r->name[0] ? r->name : NULL;
}

/* ---- Failure path ---- */

static spvk_result fail_at(walk_state *s, const uint32_t *inst, const char *fmt, ...) SPVK_PRINTF(3, 4);
static spvk_result fail_at(walk_state *s, const uint32_t *inst, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    spvk_diag_vadd(s->diags, SPVK_SEVERITY_ERROR, NULL, inst ? (size_t)(inst - s->words) : SPVK_NO_OFFSET,
                   inst ? opcode_of(inst) : SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, fmt, ap);
    va_end(ap);
    return SPVK_ERROR_INVALID;
}

/* ---- Types: sizes and the scalar a buffer is made of ---- */

/* The value of an integer constant (OpConstant, or OpSpecConstant at its default). */
static bool constant_value(const walk_state *s, uint32_t id, uint64_t *value)
{
    const uint32_t *c = find_record(s, s->constants, s->num_constants, id);
    if (!c || (opcode_of(c) != SPVK_OP_Constant && opcode_of(c) != SPVK_OP_SpecConstant))
        return false;
    *value = c[3];
    if (word_count_of(c) > 4)
        *value |= (uint64_t)c[4] << 32;
    return true;
}

typedef struct type_layout {
    uint64_t size;          /* bytes; for a runtime array, one element's stride */
    uint32_t scalar_width;  /* bits of the scalars it is made of, 0 when mixed */
    bool scalar_is_float;
    bool runtime;           /* an OpTypeRuntimeArray (or a struct ending in one) */
    uint64_t fixed_size;    /* struct ending in a runtime array: the part before it */
    uint32_t runtime_stride;
} type_layout;

static void merge_scalar(type_layout *into, const type_layout *member, bool first)
{
    if (first) {
        into->scalar_width = member->scalar_width;
        into->scalar_is_float = member->scalar_is_float;
    } else if (into->scalar_width != member->scalar_width || into->scalar_is_float != member->scalar_is_float) {
        into->scalar_width = 0;
    }
}

/* The layout of a type as a buffer holds it (explicit Offset and ArrayStride decorations where
   the module gives them, natural sizes otherwise). depth bounds recursion on hostile modules. */
static spvk_result layout_of(walk_state *s, uint32_t type_id, type_layout *out, unsigned depth)
{
    memset(out, 0, sizeof(*out));
    const uint32_t *t = find_type(s, type_id);
    if (!t)
        return fail_at(s, NULL, "type %%%u of a kernel resource is not a type", type_id);
    if (depth > 64)
        return fail_at(s, t, "type %%%u is nested too deeply", type_id);
    spvk_result r;
    switch (opcode_of(t)) {
    case SPVK_OP_TypeBool:
        out->size = 4; /* booleans in buffers are not allowed by Vulkan; 4 bytes as in push constants */
        out->scalar_width = 32;
        return SPVK_OK;
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
        if (t[2] == 0 || t[2] % 8 != 0 || t[2] > 64)
            return fail_at(s, t, "a %u-bit number cannot be stored in a buffer", t[2]);
        out->size = t[2] / 8;
        out->scalar_width = t[2];
        out->scalar_is_float = opcode_of(t) == SPVK_OP_TypeFloat;
        return SPVK_OK;
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix: {
        type_layout component;
        if ((r = layout_of(s, t[2], &component, depth + 1)) != SPVK_OK)
            return r;
        *out = component;
        out->size = component.size * t[3];
        return SPVK_OK;
    }
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray: {
        type_layout element;
        if ((r = layout_of(s, t[2], &element, depth + 1)) != SPVK_OK)
            return r;
        if (element.runtime)
            return fail_at(s, t, "an array of runtime arrays cannot be a buffer");
        uint32_t stride = 0;
        uint64_t stride64 = find_decoration(s, type_id, -1, SPVK_DECORATION_ArrayStride, &stride) ? stride
                                                                                                 : element.size;
        out->scalar_width = element.scalar_width;
        out->scalar_is_float = element.scalar_is_float;
        if (opcode_of(t) == SPVK_OP_TypeRuntimeArray) {
            out->runtime = true;
            out->size = stride64;
            out->runtime_stride = (uint32_t)stride64;
            return SPVK_OK;
        }
        uint64_t length;
        if (!constant_value(s, t[3], &length))
            return fail_at(s, t, "the length of array %%%u is not an integer constant", type_id);
        if (length && stride64 > UINT64_MAX / length)
            return fail_at(s, t, "array %%%u is too large", type_id);
        out->size = stride64 * length;
        return SPVK_OK;
    }
    case SPVK_OP_TypeStruct: {
        uint32_t members = word_count_of(t) - 2;
        uint64_t natural_offset = 0;
        for (uint32_t i = 0; i < members; i++) {
            type_layout member;
            if ((r = layout_of(s, t[2 + i], &member, depth + 1)) != SPVK_OK)
                return r;
            uint32_t member_offset;
            uint64_t offset = find_decoration(s, type_id, (int32_t)i, SPVK_DECORATION_Offset, &member_offset)
                                  ? member_offset
                                  : natural_offset;
            merge_scalar(out, &member, i == 0);
            if (member.runtime) {
                if (i + 1 != members)
                    return fail_at(s, t, "a runtime array must be the last member of struct %%%u", type_id);
                out->runtime = true;
                out->fixed_size = offset;
                out->runtime_stride = member.runtime_stride;
                /* A buffer holds at least the part before the array. */
                if (out->size < offset)
                    out->size = offset;
                return SPVK_OK;
            }
            if (offset + member.size > out->size)
                out->size = offset + member.size;
            natural_offset = offset + member.size;
        }
        return SPVK_OK;
    }
    case SPVK_OP_TypePointer:
        out->size = s->addressing_model == SPVK_ADDRESSING_MODEL_Physical32 ? 4 : 8;
        out->scalar_width = (uint32_t)out->size * 8;
        return SPVK_OK;
    default:
        return fail_at(s, t, "type %%%u cannot be the contents of a kernel buffer", type_id);
    }
}

/* ---- The result, allocated in one arena freed at once ---- */

typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t size;
} arena_chunk;

typedef struct interface_storage {
    spvk_entry_interface pub; /* first: the public pointer is the storage's */
    arena_chunk *chunks;
    const spvk_allocator *allocator;
} interface_storage;

static void *arena_alloc(interface_storage *st, size_t size)
{
    size_t total = sizeof(arena_chunk) + size;
    arena_chunk *c = spvk_alloc(st->allocator, total);
    if (!c)
        return NULL;
    c->next = st->chunks;
    c->size = total;
    st->chunks = c;
    void *p = c + 1;
    memset(p, 0, size);
    return p;
}

static const char *arena_string(interface_storage *st, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = arena_alloc(st, n);
    if (p)
        memcpy(p, s, n);
    return p;
}

void spvk_entry_interface_free(spvk_entry_interface *entry, const spvk_allocator *allocator)
{
    (void)allocator; /* the storage remembers its own */
    if (!entry)
        return;
    interface_storage *st = (interface_storage *)entry;
    for (arena_chunk *c = st->chunks; c;) {
        arena_chunk *next = c->next;
        spvk_free(st->allocator, c, c->size);
        c = next;
    }
    spvk_free(st->allocator, st, sizeof(*st));
}

static void walk_state_free(walk_state *s)
{
    const spvk_allocator *a = s->allocator;
    spvk_free(a, s->types, s->cap_types * sizeof(*s->types));
    spvk_free(a, s->constants, s->cap_constants * sizeof(*s->constants));
    spvk_free(a, s->variables, s->cap_variables * sizeof(*s->variables));
    spvk_free(a, s->decorations, s->cap_decorations * sizeof(*s->decorations));
    spvk_free(a, s->names, s->cap_names * sizeof(*s->names));
    spvk_free(a, s->entries, s->cap_entries * sizeof(*s->entries));
    spvk_free(a, s->modes, s->cap_modes * sizeof(*s->modes));
    spvk_free(a, s->capabilities, s->cap_capabilities * sizeof(*s->capabilities));
    spvk_free(a, s->extension_offsets, s->cap_extensions * sizeof(*s->extension_offsets));
    spvk_free(a, s->parameters, s->cap_parameters * sizeof(*s->parameters));
}

/* ---- Entry point, local size, resources, spec constants ---- */

static bool is_compute_model(uint32_t model)
{
    return model == SPVK_EXECUTION_MODEL_GLCompute || model == SPVK_EXECUTION_MODEL_Kernel;
}

static spvk_result choose_entry(walk_state *s, const char *name, const entry_record **out)
{
    const entry_record *found = NULL;
    size_t compute = 0;
    for (size_t i = 0; i < s->num_entries; i++) {
        const entry_record *e = &s->entries[i];
        if (name ? strcmp(e->name, name) == 0 && is_compute_model(e->model) : is_compute_model(e->model)) {
            compute++;
            if (!found)
                found = e;
        }
    }
    if (found && compute == 1) {
        *out = found;
        return SPVK_OK;
    }
    spvk_buffer list;
    spvk_buffer_init(&list, s->allocator);
    for (size_t i = 0; i < s->num_entries; i++)
        if (is_compute_model(s->entries[i].model))
            spvk_buffer_printf(&list, "%s'%s'", list.length ? ", " : "", s->entries[i].name);
    char *names = spvk_buffer_take_string(&list);
    spvk_result r;
    if (found && name)
        r = fail_at(s, s->words + found->offset, "the module has several compute entry points named '%s'", name);
    else if (name)
        r = fail_at(s, NULL, "the module has no GLCompute or Kernel entry point named '%s' (it has: %s)", name,
                    names && names[0] ? names : "none");
    else if (compute == 0)
        r = fail_at(s, NULL, "the module has no GLCompute or Kernel entry point");
    else
        r = fail_at(s, NULL, "the module has several compute entry points (%s): choose one with --entry",
                    names ? names : "");
    if (names)
        spvk_free(s->allocator, names, strlen(names) + 1);
    /* A name that does not fit, or none where one is needed, is the caller's to fix. */
    return name || compute > 1 ? SPVK_ERROR_USAGE : r;
}

static bool entry_lists(const walk_state *s, const entry_record *e, uint32_t id)
{
    for (uint32_t i = 0; i < e->interface_count; i++)
        if (s->words[e->interface_start + i] == id)
            return true;
    return false;
}

/* A scalar constant's value and SpecId (SPVK_NO_SPEC_ID when not a specialization constant). */
static spvk_result local_size_component(walk_state *s, uint32_t id, uint32_t *value, uint32_t *spec_id)
{
    const uint32_t *c = find_record(s, s->constants, s->num_constants, id);
    uint64_t v;
    if (!c || !constant_value(s, id, &v))
        return fail_at(s, c, "workgroup size component %%%u is not an integer constant", id);
    *value = (uint32_t)v;
    if (!(opcode_of(c) == SPVK_OP_SpecConstant && find_decoration(s, id, -1, SPVK_DECORATION_SpecId, spec_id)))
        *spec_id = SPVK_NO_SPEC_ID;
    return SPVK_OK;
}

static spvk_result read_local_size(walk_state *s, const entry_record *e, spvk_entry_interface *out)
{
    spvk_result r;
    for (int i = 0; i < 3; i++) {
        out->local_size[i] = 1;
        out->local_size_spec_id[i] = SPVK_NO_SPEC_ID;
    }
    for (size_t i = 0; i < s->num_modes; i++) {
        const mode_record *m = &s->modes[i];
        if (m->function != e->function)
            continue;
        if (m->mode == SPVK_EXECUTION_MODE_LocalSize) {
            out->local_size_source = SPVK_LOCAL_SIZE_LITERAL;
            memcpy(out->local_size, m->operands, sizeof(out->local_size));
        } else if (m->mode == SPVK_EXECUTION_MODE_LocalSizeId) {
            out->local_size_source = SPVK_LOCAL_SIZE_ID;
            for (int d = 0; d < 3; d++)
                if ((r = local_size_component(s, m->operands[d], &out->local_size[d],
                                              &out->local_size_spec_id[d])) != SPVK_OK)
                    return r;
        }
    }
    /* A constant decorated BuiltIn WorkgroupSize overrides the execution modes (SPIR-V 3.21, WorkgroupSize). */
    for (size_t i = 0; i < s->num_constants; i++) {
        uint32_t builtin;
        const id_record *c = &s->constants[i];
        if (!find_decoration(s, c->id, -1, SPVK_DECORATION_BuiltIn, &builtin) ||
            builtin != SPVK_BUILT_IN_WorkgroupSize)
            continue;
        const uint32_t *inst = s->words + c->offset;
        if ((opcode_of(inst) != SPVK_OP_ConstantComposite && opcode_of(inst) != SPVK_OP_SpecConstantComposite) ||
            word_count_of(inst) != 6)
            return fail_at(s, inst, "the WorkgroupSize built-in must be a composite of three integers");
        out->local_size_source = SPVK_LOCAL_SIZE_BUILTIN;
        for (int d = 0; d < 3; d++)
            if ((r = local_size_component(s, inst[3 + d], &out->local_size[d], &out->local_size_spec_id[d])) !=
                SPVK_OK)
                return r;
    }
    for (int d = 0; d < 3; d++)
        if (out->local_size[d] == 0 && out->local_size_source != SPVK_LOCAL_SIZE_NONE)
            return fail_at(s, s->words + e->offset, "the module's workgroup size is 0 in dimension %c", "xyz"[d]);
    return SPVK_OK;
}

static bool resource_is_read_only(const walk_state *s, uint32_t variable, uint32_t struct_type)
{
    if (find_decoration(s, variable, -1, SPVK_DECORATION_NonWritable, NULL))
        return true;
    /* A block whose every member is NonWritable (GLSL `readonly buffer`). */
    const uint32_t *t = find_type(s, struct_type);
    if (!t || opcode_of(t) != SPVK_OP_TypeStruct || word_count_of(t) <= 2)
        return false;
    for (uint32_t i = 0; i < word_count_of(t) - 2; i++)
        if (!find_decoration(s, struct_type, (int32_t)i, SPVK_DECORATION_NonWritable, NULL))
            return false;
    return true;
}

static spvk_result set_layout(walk_state *s, spvk_resource *res, uint32_t type_id)
{
    type_layout layout;
    spvk_result r = layout_of(s, type_id, &layout, 0);
    if (r != SPVK_OK)
        return r;
    res->element_width = layout.scalar_width;
    res->element_is_float = layout.scalar_is_float;
    if (layout.runtime) {
        const uint32_t *t = find_type(s, type_id);
        res->array_stride = layout.runtime_stride;
        res->min_size = opcode_of(t) == SPVK_OP_TypeRuntimeArray ? 0 : layout.fixed_size;
    } else {
        res->min_size = layout.size;
    }
    return SPVK_OK;
}

static int compare_resource(const void *a, const void *b)
{
    const spvk_resource *x = a, *y = b;
    if (x->set != y->set)
        return (x->set > y->set) - (x->set < y->set);
    return (x->binding > y->binding) - (x->binding < y->binding);
}

/* Vulkan: the module-scope StorageBuffer, Uniform and PushConstant variables the entry point
   uses. SPIR-V 1.4 lists every global an entry point uses in its interface; before 1.4 only
   Input and Output ones, so every buffer variable of the module counts. */
static spvk_result read_shader_resources(walk_state *s, interface_storage *st, const entry_record *e)
{
    spvk_entry_interface *out = &st->pub;
    bool listed = s->version >= SPVK_VERSION(1, 4);
    out->resources = arena_alloc(st, (s->num_variables ? s->num_variables : 1) * sizeof(spvk_resource));
    if (!out->resources)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result r;
    for (size_t i = 0; i < s->num_variables; i++) {
        const uint32_t *var = s->words + s->variables[i].offset;
        uint32_t id = var[2], storage = var[3];
        if (storage == SPVK_STORAGE_CLASS_Input) {
            uint32_t builtin;
            if (entry_lists(s, e, id) && find_decoration(s, id, -1, SPVK_DECORATION_BuiltIn, &builtin)) {
                if (builtin == SPVK_BUILT_IN_NumWorkgroups)
                    out->uses_num_workgroups = true;
                if (builtin == SPVK_BUILT_IN_WorkgroupId || builtin == SPVK_BUILT_IN_GlobalInvocationId)
                    out->uses_workgroup_id = true;
            }
            continue;
        }
        if (storage == SPVK_STORAGE_CLASS_UniformConstant) {
            /* Images, samplers, texel buffers, acceleration structures: descriptors the runner
               does not create. Refusing here beats a pipeline layout that lacks them, which the
               driver may crash on (lavapipe does). */
            if (listed && !entry_lists(s, e, id))
                continue;
            uint32_t set = 0, binding = 0;
            find_decoration(s, id, -1, SPVK_DECORATION_DescriptorSet, &set);
            find_decoration(s, id, -1, SPVK_DECORATION_Binding, &binding);
            return fail_at(s, var, "variable %%%u (set %u, binding %u) is an image, sampler or other opaque "
                           "resource; spvkit run binds buffers only", id, set, binding);
        }
        if (storage != SPVK_STORAGE_CLASS_StorageBuffer && storage != SPVK_STORAGE_CLASS_Uniform &&
            storage != SPVK_STORAGE_CLASS_PushConstant)
            continue;
        if (listed && !entry_lists(s, e, id))
            continue;
        const uint32_t *ptr = find_type(s, var[1]);
        if (!ptr || opcode_of(ptr) != SPVK_OP_TypePointer)
            return fail_at(s, var, "variable %%%u does not have a pointer type", id);
        uint32_t pointee = ptr[3];
        if (storage == SPVK_STORAGE_CLASS_PushConstant) {
            type_layout layout;
            if ((r = layout_of(s, pointee, &layout, 0)) != SPVK_OK)
                return r;
            if (layout.size > UINT32_MAX)
                return fail_at(s, var, "the push-constant block is too large");
            out->push_constant_size = (uint32_t)layout.size;
            continue;
        }
        spvk_resource res = {0};
        uint32_t set, binding;
        if (!find_decoration(s, id, -1, SPVK_DECORATION_DescriptorSet, &set) ||
            !find_decoration(s, id, -1, SPVK_DECORATION_Binding, &binding))
            return fail_at(s, var, "buffer variable %%%u has no DescriptorSet and Binding decorations", id);
        res.set = set;
        res.binding = binding;
        res.id = id;
        res.name = arena_string(st, find_name(s, id) ? find_name(s, id) : find_name(s, pointee));
        bool buffer_block = find_decoration(s, pointee, -1, SPVK_DECORATION_BufferBlock, NULL);
        res.kind = storage == SPVK_STORAGE_CLASS_StorageBuffer || buffer_block ? SPVK_RESOURCE_STORAGE_BUFFER
                                                                                : SPVK_RESOURCE_UNIFORM_BUFFER;
        res.read_only = res.kind == SPVK_RESOURCE_UNIFORM_BUFFER || resource_is_read_only(s, id, pointee);
        if ((r = set_layout(s, &res, pointee)) != SPVK_OK)
            return r;
        /* Two variables may alias one binding: keep one resource that satisfies both. */
        spvk_resource *same = NULL;
        for (size_t k = 0; k < out->num_resources; k++)
            if (out->resources[k].set == set && out->resources[k].binding == binding)
                same = &out->resources[k];
        if (same) {
            if (res.min_size > same->min_size)
                same->min_size = res.min_size;
            if (same->element_width != res.element_width || same->element_is_float != res.element_is_float)
                same->element_width = 0;
            same->read_only = same->read_only && res.read_only;
            continue;
        }
        out->resources[out->num_resources++] = res;
    }
    qsort(out->resources, out->num_resources, sizeof(spvk_resource), compare_resource);
    return SPVK_OK;
}

/* OpenCL: the kernel function's parameters, in order. */
static spvk_result read_kernel_arguments(walk_state *s, interface_storage *st, const entry_record *e)
{
    spvk_entry_interface *out = &st->pub;
    size_t count = 0;
    for (size_t i = 0; i < s->num_parameters; i++)
        count += s->parameters[i].id == e->function;
    out->resources = arena_alloc(st, (count ? count : 1) * sizeof(spvk_resource));
    if (!out->resources)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result r;
    for (size_t i = 0; i < s->num_parameters; i++) {
        if (s->parameters[i].id != e->function)
            continue;
        const uint32_t *param = s->words + s->parameters[i].offset;
        uint32_t id = param[2];
        spvk_resource res = {0};
        res.binding = (uint32_t)out->num_resources;
        res.id = id;
        res.name = arena_string(st, find_name(s, id));
        const uint32_t *type = find_type(s, param[1]);
        bool by_value =
            has_decoration_value(s, id, SPVK_DECORATION_FuncParamAttr, SPVK_FUNCTION_PARAMETER_ATTRIBUTE_ByVal);
        if (type && opcode_of(type) == SPVK_OP_TypePointer && !by_value) {
            switch (type[2]) {
            case SPVK_STORAGE_CLASS_CrossWorkgroup: res.kind = SPVK_RESOURCE_GLOBAL_POINTER; break;
            case SPVK_STORAGE_CLASS_UniformConstant: res.kind = SPVK_RESOURCE_CONSTANT_POINTER; break;
            case SPVK_STORAGE_CLASS_Workgroup: res.kind = SPVK_RESOURCE_LOCAL_POINTER; break;
            default:
            {
                const spvk_enumerant_desc *sc = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, type[2]);
                return fail_at(s, param, "kernel argument %zu points to storage class %s, which a host cannot pass",
                               out->num_resources, sc ? sc->name : "?");
            }
            }
            type_layout layout;
            if ((r = layout_of(s, type[3], &layout, 0)) != SPVK_OK)
                return r;
            res.element_width = layout.scalar_width;
            res.element_is_float = layout.scalar_is_float;
            res.min_size = layout.runtime ? layout.fixed_size + layout.runtime_stride : layout.size;
            res.read_only = res.kind == SPVK_RESOURCE_CONSTANT_POINTER ||
                            find_decoration(s, id, -1, SPVK_DECORATION_NonWritable, NULL) ||
                            has_decoration_value(s, id, SPVK_DECORATION_FuncParamAttr,
                                                 SPVK_FUNCTION_PARAMETER_ATTRIBUTE_NoWrite);
        } else {
            /* By value: the type itself, or a ByVal pointer's pointee. */
            res.kind = SPVK_RESOURCE_SCALAR;
            res.read_only = true;
            if ((r = set_layout(s, &res, by_value && type ? type[3] : param[1])) != SPVK_OK)
                return r;
        }
        out->resources[out->num_resources++] = res;
    }
    return SPVK_OK;
}

static spvk_result read_spec_constants(walk_state *s, interface_storage *st)
{
    spvk_entry_interface *out = &st->pub;
    out->spec_constants = arena_alloc(st, (s->num_constants ? s->num_constants : 1) * sizeof(spvk_spec_constant));
    if (!out->spec_constants)
        return SPVK_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; i < s->num_constants; i++) {
        const uint32_t *c = s->words + s->constants[i].offset;
        uint32_t op = opcode_of(c), spec_id;
        if (op != SPVK_OP_SpecConstant && op != SPVK_OP_SpecConstantTrue && op != SPVK_OP_SpecConstantFalse)
            continue;
        if (!find_decoration(s, c[2], -1, SPVK_DECORATION_SpecId, &spec_id))
            continue;
        spvk_spec_constant *k = &out->spec_constants[out->num_spec_constants];
        memset(k, 0, sizeof *k);
        k->spec_id = spec_id;
        k->id = c[2];
        k->name = arena_string(st, find_name(s, c[2]));
        const uint32_t *type = find_type(s, c[1]);
        if (op != SPVK_OP_SpecConstant) {
            k->kind = SPVK_SCALAR_BOOL;
            k->width = 32;
            k->default_bits = op == SPVK_OP_SpecConstantTrue;
        } else if (type && (opcode_of(type) == SPVK_OP_TypeInt || opcode_of(type) == SPVK_OP_TypeFloat)) {
            k->kind = opcode_of(type) == SPVK_OP_TypeInt ? SPVK_SCALAR_INT : SPVK_SCALAR_FLOAT;
            k->width = type[2];
            k->is_signed = k->kind == SPVK_SCALAR_INT && type[3] == 1;
            k->float_encoding = k->kind == SPVK_SCALAR_FLOAT && word_count_of(type) > 3 ? type[3] + 1 : 0;
            k->default_bits = c[3];
            if (word_count_of(c) > 4)
                k->default_bits |= (uint64_t)c[4] << 32;
        } else {
            return fail_at(s, c, "specialization constant %%%u is not a boolean, integer or float", c[2]);
        }
        /* Two constants may share a SpecId (glslang gives `local_size_x_id = 0` its own constant
           beside `constant_id = 0`): specialization sets both, so they must agree in type, and
           one entry stands for them. */
        bool shared = false;
        for (size_t j = 0; j < out->num_spec_constants && !shared; j++) {
            const spvk_spec_constant *o = &out->spec_constants[j];
            if (o->spec_id != spec_id)
                continue;
            if (o->kind != k->kind || o->width != k->width || o->is_signed != k->is_signed ||
                o->float_encoding != k->float_encoding)
                return fail_at(s, c, "SpecId %u is given to two constants of different types", spec_id);
            shared = true;
        }
        if (!shared)
            out->num_spec_constants++;
    }
    return SPVK_OK;
}

static spvk_result copy_module_lists(walk_state *s, interface_storage *st)
{
    spvk_entry_interface *out = &st->pub;
    out->capabilities = arena_alloc(st, (s->num_capabilities + 1) * sizeof(uint32_t));
    out->extensions = arena_alloc(st, (s->num_extensions + 1) * sizeof(char *));
    if (!out->capabilities || !out->extensions)
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (s->num_capabilities)
        memcpy(out->capabilities, s->capabilities, s->num_capabilities * sizeof(uint32_t));
    out->num_capabilities = s->num_capabilities;
    for (size_t i = 0; i < s->num_extensions; i++) {
        const char *name = (const char *)(s->words + s->extension_offsets[i] + 1);
        if (!(out->extensions[i] = arena_string(st, name)))
            return SPVK_ERROR_OUT_OF_MEMORY;
    }
    out->num_extensions = s->num_extensions;
    return SPVK_OK;
}

static spvk_result build_interface(walk_state *s, const char *entry_name, interface_storage *st)
{
    /* qsort and bsearch take no NULL arrays, even empty. */
    if (s->num_types)
        qsort(s->types, s->num_types, sizeof(id_record), compare_id_record);
    if (s->num_constants)
        qsort(s->constants, s->num_constants, sizeof(id_record), compare_id_record);
    if (s->num_decorations)
        qsort(s->decorations, s->num_decorations, sizeof(decoration_record), compare_decoration);
    if (s->num_names)
        qsort(s->names, s->num_names, sizeof(name_record), compare_name);

    const entry_record *e = NULL;
    spvk_result r = choose_entry(s, entry_name, &e);
    if (r != SPVK_OK)
        return r;
    spvk_entry_interface *out = &st->pub;
    if (!(out->name = arena_string(st, e->name)))
        return SPVK_ERROR_OUT_OF_MEMORY;
    out->execution_model = e->model;
    out->function_id = e->function;
    out->version = s->version;
    out->addressing_model = s->addressing_model;
    out->memory_model = s->memory_model;
    if ((r = read_local_size(s, e, out)) != SPVK_OK)
        return r;
    r = e->model == SPVK_EXECUTION_MODEL_Kernel ? read_kernel_arguments(s, st, e) : read_shader_resources(s, st, e);
    if (r != SPVK_OK)
        return r;
    if (e->model == SPVK_EXECUTION_MODEL_Kernel) {
        /* Kernels reach built-ins through Input variables too; the entry point lists them. */
        for (size_t i = 0; i < s->num_variables; i++) {
            const uint32_t *var = s->words + s->variables[i].offset;
            uint32_t builtin;
            if (var[3] == SPVK_STORAGE_CLASS_Input &&
                find_decoration(s, var[2], -1, SPVK_DECORATION_BuiltIn, &builtin)) {
                out->uses_num_workgroups |= builtin == SPVK_BUILT_IN_NumWorkgroups;
                out->uses_workgroup_id |= builtin == SPVK_BUILT_IN_WorkgroupId ||
                                          builtin == SPVK_BUILT_IN_GlobalInvocationId;
            }
        }
    }
    if ((r = read_spec_constants(s, st)) != SPVK_OK)
        return r;
    return copy_module_lists(s, st);
}

spvk_result spvk_entry_interface_read(const uint32_t *words, size_t num_words, const char *entry,
                                      const spvk_allocator *allocator, spvk_entry_interface **result,
                                      spvk_diagnostics *diags)
{
    *result = NULL;
    if (num_words > UINT32_MAX) {
        spvk_run_error(diags, "the module is too large (%zu words)", num_words);
        return SPVK_ERROR_INVALID;
    }
    walk_state s = {0};
    s.words = words;
    s.num_words = num_words;
    s.allocator = allocator;
    s.diags = diags;
    spvk_result r = spvk_parse_words(words, num_words, allocator, record_instruction, &s, diags);
    interface_storage *st = NULL;
    if (r == SPVK_OK) {
        st = spvk_alloc(allocator, sizeof(*st));
        if (!st) {
            r = SPVK_ERROR_OUT_OF_MEMORY;
        } else {
            memset(st, 0, sizeof(*st));
            st->allocator = allocator;
            r = build_interface(&s, entry, st);
        }
    }
    walk_state_free(&s);
    if (r != SPVK_OK) {
        if (r == SPVK_ERROR_OUT_OF_MEMORY)
            spvk_run_error(diags, "out of memory reading the module's interface");
        spvk_entry_interface_free(st ? &st->pub : NULL, allocator);
        return r;
    }
    *result = &st->pub;
    return SPVK_OK;
}

const spvk_resource *spvk_entry_interface_find(const spvk_entry_interface *entry, uint32_t set, uint32_t binding)
{
    for (size_t i = 0; i < entry->num_resources; i++)
        if (entry->resources[i].set == set && entry->resources[i].binding == binding)
            return &entry->resources[i];
    return NULL;
}
