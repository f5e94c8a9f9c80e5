/* The serializer's types, constants, spec constants and the Block decoration.

   Types and constants are uniqued by their SPIR-V encoding, not by IR identity: i32 and ui32 are
   both OpTypeInt 32 0 and must be one id (SPIR-V forbids duplicate non-aggregate types), and a
   constant used in several functions is one module-level instruction. Structs are the exception:
   they are keyed by the IR type (identified structs are distinct by name, and duplicate
   aggregates are allowed). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "serialize_internal.h"

/* ws[base..) holds a key: opcode, result type id (0 for types), operands, then `extra` words
   that only distinguish (a stride decoration). Finds the instruction or writes it to the types
   section; pops the key either way. */
static uint32_t unique_from_ws(spvk_ser *s, size_t base, size_t extra, bool *created)
{
    if (created)
        *created = false;
    size_t n = s->ws_count - base;
    uint32_t hash = ser_hash_words(s->ws + base, n);
    uint32_t id = ser_wmap_find(s, s->ws + base, n, hash);
    if (id) {
        s->ws_count = base;
        return id;
    }
    id = ser_new_id(s);
    if (!id || !ser_wmap_add(s, s->ws + base, n, hash, id)) {
        s->ws_count = base;
        return 0;
    }
    const uint32_t *key = s->ws + base;
    uint32_t opcode = key[0], type = key[1];
    size_t num_operands = n - 2 - extra;
    size_t words = 1 + (type ? 1 : 0) + 1 + num_operands;
    if (words > 0xffff) {
        s->ws_count = base;
        ser_error(s, s->cur_op, "needs a type or constant of more than 65535 words");
        return 0;
    }
    spvk_writer *w = &s->types;
    spvk_writer_word(w, ((uint32_t)words << 16) | opcode);
    if (type)
        spvk_writer_word(w, type);
    spvk_writer_word(w, id);
    ser_words(w, key + 2, num_operands);
    s->ws_count = base;
    if (created)
        *created = true;
    return id;
}

static bool push2(spvk_ser *s, uint32_t a, uint32_t b) { return ser_ws_push(s, a) && ser_ws_push(s, b); }

bool ser_is_bool(const spvk_ir_type *t)
{
    return t && t->dialect == NULL && t->kind == SPVK_TYPE_INTEGER && t->width == 1;
}

bool ser_add_block_candidate(spvk_ser *s, const spvk_ir_type *type, uint32_t reason)
{
    if (!spvk_array_grow(s->alloc, &s->candidates, &s->candidates_capacity, s->num_candidates + 1,
                         sizeof *s->candidates, 16))
        return ser_oom(s);
    s->candidates[s->num_candidates].type = type;
    s->candidates[s->num_candidates].reason = reason;
    s->num_candidates++;
    return true;
}

static const spvk_ir_type *unwrap_arrays(const spvk_ser *s, const spvk_ir_type *t)
{
    for (int depth = 0; t && depth < SER_MAX_DEPTH; depth++) {
        if (t->dialect == s->spirv && (t->kind == SPVK_SPIRV_ARRAY || t->kind == SPVK_SPIRV_RUNTIME_ARRAY) &&
            t->num_types == 1)
            t = t->types[0];
        else
            return t;
    }
    return t;
}

static bool is_struct(const spvk_ser *s, const spvk_ir_type *t)
{
    return t && t->dialect == s->spirv && t->kind == SPVK_SPIRV_STRUCT;
}

/* Whether the struct's own decorations already say Block or BufferBlock. */
static bool struct_has_own_block(const spvk_ser *s, const spvk_ir_type *st)
{
    if (st->num_attrs != st->num_types + 1)
        return false;
    const spvk_ir_attr *own = st->attrs[st->num_types];
    if (!own || own->dialect != NULL || own->kind != SPVK_ATTR_ARRAY)
        return false;
    for (uint32_t i = 0; i < own->num_attrs; i++) {
        const spvk_ir_attr *d = own->attrs[i];
        if (d && d->dialect == NULL && d->kind == SPVK_ATTR_ARRAY && d->num_attrs > 0)
            d = d->attrs[0];
        if (d && d->dialect == s->spirv && d->kind == SPVK_SPIRV_ATTR_ENUM &&
            (d->value == SPVK_DECORATION_Block || d->value == SPVK_DECORATION_BufferBlock))
            return true;
    }
    return false;
}

bool ser_finish_blocks(spvk_ser *s)
{
    for (size_t i = 0; i < s->num_candidates; i++) {
        const spvk_ir_type *t = s->candidates[i].type;
        uint32_t v;
        if (ser_map_get(&s->map, t, NULL, SER_TAG_BLOCK_DONE, &v))
            continue;
        /* A struct reached through a PhysicalStorageBuffer pointer but held by value in another
           struct is a member, not a block: Block may not nest. */
        if (s->candidates[i].reason == SER_BLOCK_PSB && ser_map_get(&s->map, t, NULL, SER_TAG_NESTED, &v))
            continue;
        uint32_t id;
        if (!ser_pget(&s->type_ids, t, &id))
            continue;
        if (!struct_has_own_block(s, t))
            ser_simple_decoration(s, id, SPVK_DECORATION_Block, NULL, 0);
        if (!ser_map_set(s, t, NULL, SER_TAG_BLOCK_DONE, 1))
            return false;
    }
    return true;
}

/* ---- Struct names ----
   The deserializer makes identified struct names unique by appending "_1", "_2", ... (glslang
   names a block's struct and the same struct in Function storage alike). The OpName goes back to
   the original name when a struct of that name exists: names are debug information, and some
   drivers (Mesa's OpCopyLogical) compare struct names. */
static int compare_names(const void *a, const void *b)
{
    return strcmp(((const ser_struct_name *)a)->name, ((const ser_struct_name *)b)->name);
}

static bool name_exists(const spvk_ser *s, const char *name, size_t length)
{
    size_t lo = 0, hi = s->num_struct_names;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *n = s->struct_names[mid].name;
        int c = strncmp(n, name, length);
        if (c == 0 && n[length] != '\0')
            c = 1;
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool ser_finish_struct_names(spvk_ser *s)
{
    if (s->num_struct_names > 1)
        qsort(s->struct_names, s->num_struct_names, sizeof *s->struct_names, compare_names);
    for (size_t i = 0; i < s->num_struct_names; i++) {
        const char *name = s->struct_names[i].name;
        size_t len = strlen(name), keep = len;
        size_t d = len;
        while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
            d--;
        if (d < len && d >= 2 && name[d - 1] == '_' && name_exists(s, name, d - 1))
            keep = d - 1;
        size_t base = s->ws_count;
        bool ok = ser_ws_push(s, s->struct_names[i].id);
        for (size_t wi = 0; ok && wi < keep / 4 + 1; wi++) {
            uint32_t word = 0;
            for (size_t b = 0; b < 4; b++)
                if (wi * 4 + b < keep)
                    word |= (uint32_t)(unsigned char)name[wi * 4 + b] << (8 * b);
            ok = ser_ws_push(s, word);
        }
        if (ok)
            ser_instruction(s, &s->names, SPVK_OP_Name, s->ws + base, s->ws_count - base);
        s->ws_count = base;
        if (!ok)
            return false;
    }
    return true;
}

/* ---- Types ---- */

static uint32_t type_impl(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth);

uint32_t ser_type(spvk_ser *s, const spvk_ir_type *type, const spvk_ir_op *op)
{
    uint32_t id;
    if (type && ser_pget(&s->type_ids, type, &id))
        return ser_taping(s) ? ser_tape_known(s, SER_EXT_TYPE, type, NULL, 0, id) : id;
    if (ser_taping(s))
        return ser_tape_call(s, SER_EXT_TYPE, type, NULL, 0, op);
    return type_impl(s, type, op, 0);
}

static uint32_t type_error(spvk_ser *s, const spvk_ir_op *op, const spvk_ir_type *t, const char *what)
{
    char *text = t ? spvk_ir_print_type(s->ctx, t) : NULL;
    ser_error(s, op, "uses type %s, %s", text ? text : "?", what);
    if (text)
        spvk_free(s->alloc, text, strlen(text) + 1);
    return 0;
}

uint32_t ser_u32_constant(spvk_ser *s, uint32_t value, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_call(s, SER_EXT_U32, NULL, NULL, value, op);
    uint32_t type_id = ser_type(s, s->i32, op);
    if (!type_id)
        return 0;
    size_t base = s->ws_count;
    if (!push2(s, SPVK_OP_Constant, type_id) || !ser_ws_push(s, value)) {
        s->ws_count = base;
        return 0;
    }
    return unique_from_ws(s, base, 0, NULL);
}

/* A pointer type's ArrayStride (spvkit's ints[1]), 0 when none. */
static uint32_t pointer_stride(const spvk_ir_type *t)
{
    return t->num_ints > 1 && t->ints[1] > 0 && t->ints[1] <= UINT32_MAX ? (uint32_t)t->ints[1] : 0;
}

static uint32_t struct_type(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth)
{
    if (t->identified && !t->body_set)
        return type_error(s, op, t, "an identified struct whose body was never set");
    if (t->identified) {
        uint32_t progress = 0;
        if (ser_map_get(&s->map, t, NULL, SER_TAG_IN_PROGRESS, &progress) && progress != 0)
            return type_error(s, op, t, "a struct that contains itself other than through a pointer");
        if (!ser_map_set(s, t, NULL, SER_TAG_IN_PROGRESS, 1))
            return 0;
    }
    size_t base = s->ws_count;
    for (uint32_t m = 0; m < t->num_types; m++) {
        uint32_t mid = type_impl(s, t->types[m], op, depth + 1);
        if (!mid || !ser_ws_push(s, mid)) {
            s->ws_count = base;
            return 0;
        }
        const spvk_ir_type *inner = unwrap_arrays(s, t->types[m]);
        if (is_struct(s, inner) && !ser_map_set(s, inner, NULL, SER_TAG_NESTED, 1)) {
            s->ws_count = base;
            return 0;
        }
    }
    uint32_t id = ser_new_id(s);
    if (!id) {
        s->ws_count = base;
        return 0;
    }
    spvk_writer *w = &s->types;
    size_t n = s->ws_count - base;
    if (n + 2 > 0xffff) {
        s->ws_count = base;
        return type_error(s, op, t, "a struct with too many members for one instruction");
    }
    spvk_writer_word(w, ((uint32_t)(n + 2) << 16) | SPVK_OP_TypeStruct);
    spvk_writer_word(w, id);
    ser_words(w, s->ws + base, n);
    s->ws_count = base;
    if (!ser_pset(s, &s->type_ids, t, id))
        return 0;

    /* Layout and member decorations. */
    for (uint32_t m = 0; m < t->num_types && m < t->num_ints; m++) {
        if (t->ints[m] >= 0) {
            uint32_t words[4] = {id, m, SPVK_DECORATION_Offset, (uint32_t)t->ints[m]};
            ser_instruction(s, &s->annotations, SPVK_OP_MemberDecorate, words, 4);
        }
    }
    if (t->num_attrs >= t->num_types) {
        for (uint32_t m = 0; m < t->num_attrs; m++) {
            const spvk_ir_attr *decs = t->attrs[m];
            if (!decs)
                continue;
            if (decs->dialect != NULL || decs->kind != SPVK_ATTR_ARRAY)
                return type_error(s, op, t, "a struct whose decorations are not arrays");
            int64_t member = m < t->num_types ? (int64_t)m : -1;
            for (uint32_t k = 0; k < decs->num_attrs; k++)
                if (!ser_decorate_from_struct_attr(s, op, id, member, decs->attrs[k]))
                    return 0;
        }
    }
    if (struct_has_own_block(s, t) && !ser_map_set(s, t, NULL, SER_TAG_BLOCK_DONE, 1))
        return 0;
    if (t->identified && t->name && t->name[0]) {
        /* Named at the end, when every struct's name is known (see ser_finish_struct_names). */
        if (!spvk_array_grow(s->alloc, &s->struct_names, &s->struct_names_capacity, s->num_struct_names + 1,
                             sizeof *s->struct_names, 16))
            return ser_oom(s), 0;
        s->struct_names[s->num_struct_names].name = t->name;
        s->struct_names[s->num_struct_names].id = id;
        s->num_struct_names++;
    }

    if (t->identified) {
        /* Pointers to this struct that its members needed before it existed. */
        uint32_t head = 1;
        ser_map_get(&s->map, t, NULL, SER_TAG_IN_PROGRESS, &head);
        for (uint32_t p = head - 1; p != 0;) {
            ser_pending_pointer *pp = &s->pending[p - 1];
            uint32_t storage = (uint32_t)pp->pointer->ints[0];
            uint32_t words[3] = {pp->id, storage, id};
            ser_instruction(s, &s->types, SPVK_OP_TypePointer, words, 3);
            uint32_t pstride = pointer_stride(pp->pointer);
            uint32_t key[5] = {SPVK_OP_TypePointer, 0, storage, id, pstride};
            uint32_t nkey = pstride ? 5 : 4;
            uint32_t hash = ser_hash_words(key, nkey);
            if (!ser_wmap_find(s, key, nkey, hash) && !ser_wmap_add(s, key, nkey, hash, pp->id))
                return 0;
            if (pstride)
                ser_simple_decoration(s, pp->id, SPVK_DECORATION_ArrayStride, &pstride, 1);
            p = pp->next;
        }
        if (!ser_map_set(s, t, NULL, SER_TAG_IN_PROGRESS, 0))
            return 0;
    }
    return id;
}

static uint32_t type_impl(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth);

/* A PhysicalStorageBuffer pointer to a struct is declared by OpTypeForwardPointer first, as glslang
   declares buffer references: spirv-val does not look through a forward-declared pointer when it
   asks whether a type holds 8- or 16-bit types (ContainsLimitedUseIntOrFloatType), so without it
   an OpBitcast between such buffer references is refused that glslang's module passed with
   (16 of ggml's modules). The struct's members find the pointer's id already. */
static uint32_t forward_declared_pointer(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth)
{
    uint32_t storage = (uint32_t)t->ints[0], id;
    if (ser_pget(&s->type_ids, t, &id))
        return id;
    id = ser_new_id(s);
    if (!id || !ser_pset(s, &s->type_ids, t, id))
        return 0;
    uint32_t fw[2] = {id, storage};
    ser_instruction(s, &s->types, SPVK_OP_TypeForwardPointer, fw, 2);
    uint32_t pointee_id = type_impl(s, t->types[0], op, depth + 1);
    if (!pointee_id)
        return 0;
    uint32_t words[3] = {id, storage, pointee_id};
    ser_instruction(s, &s->types, SPVK_OP_TypePointer, words, 3);
    uint32_t stride = pointer_stride(t);
    uint32_t key[5] = {SPVK_OP_TypePointer, 0, storage, pointee_id, stride};
    uint32_t nkey = stride ? 5 : 4;
    uint32_t hash = ser_hash_words(key, nkey);
    if (!ser_wmap_find(s, key, nkey, hash) && !ser_wmap_add(s, key, nkey, hash, id))
        return 0;
    if (stride)
        ser_simple_decoration(s, id, SPVK_DECORATION_ArrayStride, &stride, 1);
    return id;
}

static uint32_t pointer_type(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth)
{
    if (t->num_types != 1 || t->num_ints < 1)
        return type_error(s, op, t, "a malformed pointer type");
    const spvk_ir_type *pointee = t->types[0];
    uint32_t storage = (uint32_t)t->ints[0];
    if (storage == SPVK_STORAGE_CLASS_PhysicalStorageBuffer && is_struct(s, pointee) &&
        !ser_add_block_candidate(s, pointee, SER_BLOCK_PSB))
        return 0;
    uint32_t progress = 0;
    if (pointee && pointee->identified && ser_map_get(&s->map, pointee, NULL, SER_TAG_IN_PROGRESS, &progress) &&
        progress != 0) {
        /* A recursive struct: declare the pointer now, define it right after the struct. */
        uint32_t id = ser_new_id(s);
        if (!id)
            return 0;
        uint32_t words[2] = {id, storage};
        ser_instruction(s, &s->types, SPVK_OP_TypeForwardPointer, words, 2);
        if (!spvk_array_grow(s->alloc, &s->pending, &s->pending_capacity, s->num_pending + 1, sizeof *s->pending, 8))
            return ser_oom(s), 0;
        ser_pending_pointer *pp = &s->pending[s->num_pending++];
        pp->pointer = t;
        pp->id = id;
        pp->next = progress - 1;
        if (!ser_map_set(s, pointee, NULL, SER_TAG_IN_PROGRESS, (uint32_t)s->num_pending + 1) ||
            !ser_pset(s, &s->type_ids, t, id))
            return 0;
        return id;
    }
    if (storage == SPVK_STORAGE_CLASS_PhysicalStorageBuffer && is_struct(s, pointee))
        return forward_declared_pointer(s, t, op, depth);
    uint32_t pointee_id = type_impl(s, pointee, op, depth + 1);
    if (!pointee_id)
        return 0;
    uint32_t id;
    if (ser_pget(&s->type_ids, t, &id))
        return id; /* defined while its pointee was (the pointee refers back to it) */
    size_t base = s->ws_count;
    uint32_t stride = pointer_stride(t);
    if (!push2(s, SPVK_OP_TypePointer, 0) || !push2(s, storage, pointee_id) || (stride && !ser_ws_push(s, stride))) {
        s->ws_count = base;
        return 0;
    }
    /* A strided pointer is a different type from the plain one: the stride is in the key, and its
       decoration is written with the definition. */
    bool created = false;
    id = unique_from_ws(s, base, stride ? 1 : 0, &created);
    if (id && created && stride)
        ser_simple_decoration(s, id, SPVK_DECORATION_ArrayStride, &stride, 1);
    return id;
}

static uint32_t size_of_constant(spvk_ser *s, uint32_t type_id, uint32_t measured);

/* The <id> of a runtime array's ArrayStrideIdEXT attribute (see SPVK_SPIRV_RUNTIME_ARRAY). */
static uint32_t stride_id_word(spvk_ser *s, const spvk_ir_attr *a, const spvk_ir_op *op)
{
    if (!a->dialect && a->kind == SPVK_ATTR_SYMBOL_REF)
        return ser_symbol_id(s, op, a, false);
    if (!a->dialect && a->kind == SPVK_ATTR_INTEGER && a->type)
        return ser_constant(s, a, a->type, op);
    if (!a->dialect && a->kind == SPVK_ATTR_ARRAY && a->num_attrs == 2 && a->attrs[0]->kind == SPVK_ATTR_TYPE &&
        a->attrs[1]->kind == SPVK_ATTR_TYPE && !a->attrs[0]->dialect && !a->attrs[1]->dialect) {
        uint32_t measured = type_impl(s, a->attrs[0]->type, op, 1);
        uint32_t type_id = measured ? type_impl(s, a->attrs[1]->type, op, 1) : 0;
        return type_id ? size_of_constant(s, type_id, measured) : 0;
    }
    ser_error(s, op, "has a runtime array whose stride_id is not a constant, a symbol or [type, type]");
    return 0;
}

static uint32_t type_impl(spvk_ser *s, const spvk_ir_type *t, const spvk_ir_op *op, int depth)
{
    if (!t) {
        ser_error(s, op, "has a missing type");
        return 0;
    }
    uint32_t id;
    if (ser_pget(&s->type_ids, t, &id))
        return id;
    if (depth > SER_MAX_DEPTH)
        return type_error(s, op, t, "nested too deeply");
    size_t base = s->ws_count;
    size_t extra = 0;
    uint32_t stride = 0, stride_id = 0;
    bool ok = true;
    if (t->dialect == NULL) {
        switch (t->kind) {
        case SPVK_TYPE_INTEGER:
            if (t->width == 1)
                ok = push2(s, SPVK_OP_TypeBool, 0);
            else if (t->width == 0 || t->width > 64)
                return type_error(s, op, t, "an integer width SPIR-V does not have");
            else
                ok = push2(s, SPVK_OP_TypeInt, 0) && push2(s, t->width, t->flags == SPVK_INT_SIGNED ? 1u : 0u);
            break;
        case SPVK_TYPE_FLOAT:
            if (t->flags == SPVK_FLOAT_BF16)
                ok = push2(s, SPVK_OP_TypeFloat, 0) && push2(s, 16, SPVK_FPENCODING_BFloat16KHR);
            else if (spvk_spirv_small_float_of(t->flags) && spvk_spirv_small_float_of(t->flags)->width == t->width)
                ok = push2(s, SPVK_OP_TypeFloat, 0) && push2(s, t->width, spvk_spirv_small_float_of(t->flags)->fp_encoding);
            else if (t->flags == SPVK_FLOAT_IEEE && (t->width == 16 || t->width == 32 || t->width == 64))
                ok = push2(s, SPVK_OP_TypeFloat, 0) && ser_ws_push(s, t->width);
            else
                return type_error(s, op, t, "a float type SPIR-V does not have");
            break;
        case SPVK_TYPE_NONE: ok = push2(s, SPVK_OP_TypeVoid, 0); break;
        case SPVK_TYPE_VECTOR: {
            if (t->num_types != 1 || t->num_ints != 1 || t->flags != 0 || t->ints[0] < 2 || t->ints[0] > UINT32_MAX)
                return type_error(s, op, t, "a vector shape SPIR-V does not have");
            ok = push2(s, SPVK_OP_TypeVector, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            ok = e && push2(s, e, (uint32_t)t->ints[0]);
            break;
        }
        case SPVK_TYPE_FUNCTION: {
            uint32_t inputs = spvk_ir_function_num_inputs(t);
            if (inputs > t->num_types || t->num_types - inputs > 1)
                return type_error(s, op, t, "a function type with more than one result");
            ok = push2(s, SPVK_OP_TypeFunction, 0);
            uint32_t r = ok ? type_impl(s, t->num_types > inputs ? t->types[inputs] : s->none, op, depth + 1) : 0;
            ok = r && ser_ws_push(s, r);
            for (uint32_t i = 0; ok && i < inputs; i++) {
                uint32_t p = type_impl(s, t->types[i], op, depth + 1);
                ok = p && ser_ws_push(s, p);
            }
            break;
        }
        default: return type_error(s, op, t, "which has no SPIR-V equivalent");
        }
    } else if (t->dialect == s->spirv) {
        switch (t->kind) {
        case SPVK_SPIRV_ARRAY: {
            bool spec_length = t->num_attrs > 0 && t->attrs[0] && t->attrs[0]->dialect == NULL &&
                               t->attrs[0]->kind == SPVK_ATTR_SYMBOL_REF;
            if (t->num_types != 1 || t->num_ints < 1 ||
                (!spec_length && (t->ints[0] < 1 || t->ints[0] > UINT32_MAX)))
                return type_error(s, op, t, "an array type with a length SPIR-V cannot encode");
            stride = t->num_ints > 1 && t->ints[1] > 0 ? (uint32_t)t->ints[1] : 0;
            ok = push2(s, SPVK_OP_TypeArray, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            /* A length given by a specialization constant: attrs[0] names it (ints[0] is its
               default); otherwise a 32-bit constant. */
            uint32_t len = 0;
            if (e && spec_length)
                len = ser_symbol_id(s, op, t->attrs[0], false);
            else if (e)
                len = ser_u32_constant(s, (uint32_t)t->ints[0], op);
            ok = e && len && push2(s, e, len) && ser_ws_push(s, stride);
            extra = 1;
            break;
        }
        case SPVK_SPIRV_RUNTIME_ARRAY: {
            if (t->num_types != 1)
                return type_error(s, op, t, "a malformed runtime array type");
            stride = t->num_ints > 0 && t->ints[0] > 0 ? (uint32_t)t->ints[0] : 0;
            ok = push2(s, SPVK_OP_TypeRuntimeArray, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            ok = e && push2(s, e, stride);
            extra = 1;
            if (ok && t->num_attrs && t->attrs[0]) {
                /* spvkit's ArrayStrideIdEXT: its <id> is part of the type's key, and decorates it */
                stride_id = stride_id_word(s, t->attrs[0], op);
                ok = stride_id && ser_ws_push(s, stride_id);
                extra = 2;
            }
            break;
        }
        case SPVK_SPIRV_POINTER: return pointer_type(s, t, op, depth);
        case SPVK_SPIRV_STRUCT: return struct_type(s, t, op, depth);
        case SPVK_SPIRV_IMAGE: {
            if (t->num_types != 1 || t->num_ints < 7)
                return type_error(s, op, t, "a malformed image type");
            ok = push2(s, SPVK_OP_TypeImage, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            ok = e && ser_ws_push(s, e);
            for (uint32_t i = 0; ok && i < 6; i++)
                ok = ser_ws_push(s, (uint32_t)t->ints[i]);
            if (ok && t->ints[6] >= 0)
                ok = ser_ws_push(s, (uint32_t)t->ints[6]);
            break;
        }
        case SPVK_SPIRV_SAMPLED_IMAGE: {
            if (t->num_types != 1)
                return type_error(s, op, t, "a malformed sampled image type");
            ok = push2(s, SPVK_OP_TypeSampledImage, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            ok = e && ser_ws_push(s, e);
            break;
        }
        case SPVK_SPIRV_SAMPLER: ok = push2(s, SPVK_OP_TypeSampler, 0); break;
        case SPVK_SPIRV_MATRIX: {
            if (t->num_types != 1 || t->num_ints < 1 || t->ints[0] < 2 || t->ints[0] > UINT32_MAX)
                return type_error(s, op, t, "a malformed matrix type");
            ok = push2(s, SPVK_OP_TypeMatrix, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            ok = e && push2(s, e, (uint32_t)t->ints[0]);
            break;
        }
        case SPVK_SPIRV_COOPMATRIX: {
            if (t->num_types != 1 || t->num_ints < 4)
                return type_error(s, op, t, "a malformed cooperative matrix type");
            ok = push2(s, SPVK_OP_TypeCooperativeMatrixKHR, 0);
            uint32_t e = ok ? type_impl(s, t->types[0], op, depth + 1) : 0;
            /* Scope, rows, columns and use are <id>s: of 32-bit constants, or of the specialization
               constants attrs[i] names (rows, columns, scope, use; a unit where a number is used). */
            uint32_t p[4] = {0, 0, 0, 0};
            for (int i = 0; i < 4 && e; i++) {
                const spvk_ir_attr *sym = t->num_attrs == 4 ? t->attrs[i] : NULL;
                if (sym && sym->dialect == NULL && sym->kind == SPVK_ATTR_SYMBOL_REF)
                    p[i] = ser_symbol_id(s, op, sym, false);
                else
                    p[i] = ser_u32_constant(s, (uint32_t)t->ints[i], op);
                if (!p[i])
                    e = 0;
            }
            ok = e && push2(s, e, p[2]) && push2(s, p[0], p[1]) && ser_ws_push(s, p[3]);
            break;
        }
        case SPVK_SPIRV_OPAQUE: {
            if (t->num_ints < 1 || t->ints[0] <= 0 || t->ints[0] > 0xffff)
                return type_error(s, op, t, "a malformed opaque type");
            ok = push2(s, (uint32_t)t->ints[0], 0);
            if (!t->num_attrs) {
                for (uint32_t i = 1; ok && i < t->num_ints; i++)
                    ok = ser_ws_push(s, (uint32_t)t->ints[i]);
                break;
            }
            /* <id> operands too: in the grammar's order with the literals (a variadic operand
               takes the rest of its list). */
            const spvk_instruction_desc *desc = spvk_instruction_by_opcode((uint32_t)t->ints[0]);
            if (!desc)
                return type_error(s, op, t, "a malformed opaque type");
            uint32_t li = 1, ai = 0;
            for (uint8_t k = 0; ok && k < desc->num_operands; k++) {
                unsigned kind = desc->operands[k].kind;
                if (kind == SPVK_OPERAND_IdResult)
                    continue;
                const spvk_operand_kind_desc *kd = spvk_operand_kind(kind);
                bool is_id = kd && kd->category == SPVK_CATEGORY_ID;
                do {
                    if (is_id ? ai >= t->num_attrs : li >= t->num_ints)
                        break;
                    uint32_t word;
                    if (!is_id) {
                        word = (uint32_t)t->ints[li++];
                    } else {
                        const spvk_ir_attr *a = t->attrs[ai++];
                        if (!a->dialect && a->kind == SPVK_ATTR_TYPE)
                            word = type_impl(s, a->type, op, depth + 1);
                        else if (!a->dialect && a->kind == SPVK_ATTR_SYMBOL_REF)
                            word = ser_symbol_id(s, op, a, false);
                        else if (!a->dialect && a->kind == SPVK_ATTR_BOOL)
                            word = ser_constant(s, a, spvk_ir_integer_type(s->ctx, 1, SPVK_INT_SIGNLESS), op);
                        else if (!a->dialect && (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT) && a->type)
                            word = ser_constant(s, a, a->type, op);
                        else
                            return type_error(s, op, t, "with an operand that is not a type or a constant");
                    }
                    ok = word && ser_ws_push(s, word);
                } while (ok && desc->operands[k].quantifier == SPVK_QUANTIFIER_VARIADIC);
            }
            if (ok && (li < t->num_ints || ai < t->num_attrs))
                return type_error(s, op, t, "with more operands than its instruction has");
            break;
        }
        default: return type_error(s, op, t, "which has no SPIR-V equivalent");
        }
    } else {
        return type_error(s, op, t, "which has no SPIR-V equivalent");
    }
    if (!ok) {
        s->ws_count = base;
        return 0;
    }
    bool created = false;
    id = unique_from_ws(s, base, extra, &created);
    if (!id || !ser_pset(s, &s->type_ids, t, id))
        return 0;
    if (created && stride)
        ser_simple_decoration(s, id, SPVK_DECORATION_ArrayStride, &stride, 1);
    if (created && stride_id) {
        uint32_t words[3] = {id, SPVK_DECORATION_ArrayStrideIdEXT, stride_id};
        ser_instruction(s, &s->annotations, SPVK_OP_DecorateId, words, 3);
    }
    return id;
}

/* ---- Constants ---- */

static uint32_t f32_bits(double d)
{
    if (isnan(d)) {
        /* Keep the payload's high bits (a NaN's bits survive the double it was stored in). */
        uint64_t b;
        memcpy(&b, &d, sizeof b);
        uint32_t payload = (uint32_t)((b >> 29) & 0x7fffffu);
        if (!payload)
            payload = 0x400000u;
        return (uint32_t)((b >> 32) & 0x80000000u) | 0x7f800000u | payload;
    }
    float f = (float)d;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

static uint32_t f16_bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    uint32_t sign = (uint32_t)(b >> 48) & 0x8000u;
    int exp = (int)((b >> 52) & 0x7ff);
    uint64_t man = b & 0xFFFFFFFFFFFFFull;
    if (exp == 0x7ff) {
        if (!man)
            return sign | 0x7c00u;
        uint32_t payload = (uint32_t)(man >> 42) & 0x3ffu;
        return sign | 0x7c00u | (payload ? payload : 0x200u);
    }
    if (exp == 0)
        return sign; /* a double subnormal is far below half's range */
    int e = exp - 1023 + 15;
    if (e >= 31)
        return sign | 0x7c00u;
    uint64_t m = man | (1ull << 52);
    int shift = e <= 0 ? 43 - e : 42;
    if (shift >= 54)
        return sign;
    uint64_t q = m >> shift;
    uint64_t rem = m & ((1ull << shift) - 1);
    uint64_t half = 1ull << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    if (e <= 0)
        return sign | (uint32_t)q; /* rounding up to 0x400 gives the smallest normal, as encoded */
    return sign | (((uint32_t)e << 10) + (uint32_t)(q - 0x400));
}

static uint32_t bf16_bits(double d)
{
    uint32_t f = f32_bits(d);
    if ((f & 0x7f800000u) == 0x7f800000u && (f & 0x7fffffu))
        return (f >> 16) & 0x7fu ? f >> 16 : (f >> 16) | 0x40u; /* a NaN stays a NaN, payload kept */
    return (f + 0x7fffu + ((f >> 16) & 1u)) >> 16;
}

static uint32_t const_impl(spvk_ser *s, const spvk_ir_attr *a, const spvk_ir_type *t, const spvk_ir_op *op,
                           int depth);

static uint32_t const_error(spvk_ser *s, const spvk_ir_op *op, const spvk_ir_type *t, const char *what)
{
    char *text = t ? spvk_ir_print_type(s->ctx, t) : NULL;
    ser_error(s, op, "has a constant of type %s %s", text ? text : "?", what);
    if (text)
        spvk_free(s->alloc, text, strlen(text) + 1);
    return 0;
}

static bool is_null_attr(const spvk_ser *s, const spvk_ir_attr *a)
{
    /* A unit value, or a dialect attribute spelled "null", stands for OpConstantNull. */
    if (a->dialect == NULL && a->kind == SPVK_ATTR_UNIT)
        return true;
    (void)s;
    return false;
}

static uint32_t scalar_const(spvk_ser *s, const spvk_ir_attr *a, const spvk_ir_type *t, uint32_t type_id,
                             const spvk_ir_op *op)
{
    size_t base = s->ws_count;
    if (ser_is_bool(t)) {
        bool v;
        if (a->dialect == NULL && (a->kind == SPVK_ATTR_BOOL || a->kind == SPVK_ATTR_INTEGER))
            v = a->value != 0;
        else
            return const_error(s, op, t, "whose value is not a boolean");
        if (!push2(s, v ? SPVK_OP_ConstantTrue : SPVK_OP_ConstantFalse, type_id))
            return 0;
        return unique_from_ws(s, base, 0, NULL);
    }
    if (t->dialect == NULL && t->kind == SPVK_TYPE_INTEGER) {
        if (a->dialect != NULL || (a->kind != SPVK_ATTR_INTEGER && a->kind != SPVK_ATTR_BOOL))
            return const_error(s, op, t, "whose value is not an integer");
        uint64_t v = (uint64_t)a->value;
        uint32_t w = t->width;
        if (w < 64) {
            uint64_t mask = (1ull << w) - 1;
            v &= mask;
            /* Below 32 bits the unused high bits are the sign for signed types, zero otherwise. */
            if (t->flags == SPVK_INT_SIGNED && ((v >> (w - 1)) & 1))
                v |= ~mask & 0xffffffffull;
        }
        if (!push2(s, SPVK_OP_Constant, type_id) || !ser_ws_push(s, (uint32_t)v) ||
            (w > 32 && !ser_ws_push(s, (uint32_t)(v >> 32)))) {
            s->ws_count = base;
            return 0;
        }
        return unique_from_ws(s, base, 0, NULL);
    }
    if (t->dialect == NULL && t->kind == SPVK_TYPE_FLOAT) {
        double d;
        if (a->dialect == NULL && a->kind == SPVK_ATTR_FLOAT)
            d = a->number;
        else if (a->dialect == NULL && a->kind == SPVK_ATTR_INTEGER)
            d = (double)a->value;
        else
            return const_error(s, op, t, "whose value is not a number");
        bool ok = push2(s, SPVK_OP_Constant, type_id);
        if (spvk_spirv_small_float_of(t->flags))
            ok = ok && ser_ws_push(s, (uint32_t)spvk_ir_float_to_bits(t, d));
        else if (t->flags == SPVK_FLOAT_BF16)
            ok = ok && ser_ws_push(s, bf16_bits(d));
        else if (t->width == 16)
            ok = ok && ser_ws_push(s, f16_bits(d));
        else if (t->width == 32)
            ok = ok && ser_ws_push(s, f32_bits(d));
        else {
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            ok = ok && push2(s, (uint32_t)bits, (uint32_t)(bits >> 32));
        }
        if (!ok) {
            s->ws_count = base;
            return 0;
        }
        return unique_from_ws(s, base, 0, NULL);
    }
    return const_error(s, op, t, "that SPIR-V cannot express");
}

/* The members a composite constant of type t has, and the type of member i. */
static bool composite_shape(const spvk_ser *s, const spvk_ir_type *t, uint64_t *count)
{
    if (t->dialect == NULL && t->kind == SPVK_TYPE_VECTOR && t->num_ints == 1 && t->num_types == 1) {
        *count = (uint64_t)t->ints[0];
        return true;
    }
    if (t->dialect == s->spirv) {
        switch (t->kind) {
        case SPVK_SPIRV_ARRAY:
        case SPVK_SPIRV_MATRIX:
            if (t->num_ints < 1 || t->num_types != 1 || t->ints[0] < 0)
                return false;
            *count = (uint64_t)t->ints[0];
            return true;
        case SPVK_SPIRV_STRUCT: *count = t->num_types; return true;
        case SPVK_SPIRV_COOPMATRIX: *count = 1; return t->num_types == 1;
        default: return false;
        }
    }
    return false;
}

static const spvk_ir_type *member_type(const spvk_ser *s, const spvk_ir_type *t, uint64_t i)
{
    if (t->dialect == s->spirv && t->kind == SPVK_SPIRV_STRUCT)
        return i < t->num_types ? t->types[i] : NULL;
    return t->types[0];
}

static uint32_t composite_from_ids(spvk_ser *s, uint32_t type_id, size_t ids_base)
{
    /* ids were pushed at ids_base; put the key header in front by rebuilding above them. */
    size_t n = s->ws_count - ids_base;
    size_t base = s->ws_count;
    if (!push2(s, SPVK_OP_ConstantComposite, type_id)) {
        s->ws_count = ids_base;
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (!ser_ws_push(s, s->ws[ids_base + i])) {
            s->ws_count = ids_base;
            return 0;
        }
    }
    uint32_t id = unique_from_ws(s, base, 0, NULL);
    s->ws_count = ids_base;
    return id;
}

/* A composite from the flat elements of a dense attribute, consuming them at *cursor. */
static uint32_t const_from_dense(spvk_ser *s, const spvk_ir_attr *dense, uint64_t *cursor, const spvk_ir_type *t,
                                 const spvk_ir_op *op, int depth)
{
    if (depth > SER_MAX_DEPTH)
        return const_error(s, op, t, "nested too deeply");
    uint64_t count;
    if (composite_shape(s, t, &count) && count > 0xffffu - 3u)
        return const_error(s, op, t, "of more than 65532 elements (an OpConstantComposite holds at most 65532)");
    if (!composite_shape(s, t, &count)) {
        bool splat = (dense->flags & SPVK_DENSE_SPLAT) != 0;
        uint64_t i = splat ? 0 : *cursor;
        if (i >= dense->num_attrs || !dense->attrs[i])
            return const_error(s, op, t, "whose dense value has too few elements");
        (*cursor)++;
        return const_impl(s, dense->attrs[i], t, op, depth + 1);
    }
    uint32_t type_id = ser_type(s, t, op);
    if (!type_id)
        return 0;
    size_t ids_base = s->ws_count;
    for (uint64_t i = 0; i < count; i++) {
        const spvk_ir_type *mt = member_type(s, t, i);
        uint32_t id = mt ? const_from_dense(s, dense, cursor, mt, op, depth + 1) : 0;
        if (!id || !ser_ws_push(s, id)) {
            s->ws_count = ids_base;
            return 0;
        }
    }
    return composite_from_ids(s, type_id, ids_base);
}

static uint32_t const_impl(spvk_ser *s, const spvk_ir_attr *a, const spvk_ir_type *t, const spvk_ir_op *op,
                           int depth)
{
    if (!a || !t)
        return const_error(s, op, t, "without a value");
    if (depth > SER_MAX_DEPTH)
        return const_error(s, op, t, "nested too deeply");
    if (a->dialect == s->spirv && a->kind == SPVK_SPIRV_ATTR_UNDEF)
        return ser_undef(s, t, op); /* spvkit's #spirv.undef (an initializer, a constituent) */
    uint32_t type_id = ser_type(s, t, op);
    if (!type_id)
        return 0;
    if (is_null_attr(s, a)) {
        size_t base = s->ws_count;
        if (!push2(s, SPVK_OP_ConstantNull, type_id))
            return 0;
        return unique_from_ws(s, base, 0, NULL);
    }
    uint64_t count;
    if (!composite_shape(s, t, &count))
        return scalar_const(s, a, t, type_id, op);
    /* One OpConstantComposite holds at most 65535 - 3 constituents (SPIR-V 2.17): say so before
       making any of them (an array<4294967295 x f32> splat would take 16 GiB of ids first). */
    if (count > 0xffffu - 3u)
        return const_error(s, op, t, "of more than 65532 elements (an OpConstantComposite holds at most 65532)");
    /* A composite met again (attributes are uniqued: one may hold the same one many times, and
       that one the next) is the constant made the first time. */
    uint32_t known;
    if (depth > 0 && ser_map_get(&s->map, a, t, SER_TAG_CONST, &known))
        return known;
    if (a->dialect == NULL && a->kind == SPVK_ATTR_DENSE) {
        uint64_t cursor = 0;
        return const_from_dense(s, a, &cursor, t, op, depth);
    }
    size_t ids_base = s->ws_count;
    if (a->dialect == NULL && a->kind == SPVK_ATTR_ARRAY) {
        if (a->num_attrs != count)
            return const_error(s, op, t, "whose value has the wrong number of elements");
        for (uint32_t i = 0; i < a->num_attrs; i++) {
            const spvk_ir_type *mt = member_type(s, t, i);
            uint32_t id = mt ? const_impl(s, a->attrs[i], mt, op, depth + 1) : 0;
            if (!id || !ser_ws_push(s, id)) {
                s->ws_count = ids_base;
                return 0;
            }
        }
        uint32_t id = composite_from_ids(s, type_id, ids_base);
        if (id && depth > 0 && !ser_map_set(s, a, t, SER_TAG_CONST, id))
            return 0;
        return id;
    }
    /* A scalar for a composite: every element is that value (a splat). */
    if (a->dialect == NULL &&
        (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT || a->kind == SPVK_ATTR_BOOL)) {
        for (uint64_t i = 0; i < count; i++) {
            const spvk_ir_type *mt = member_type(s, t, i);
            uint32_t id = mt ? const_impl(s, a, mt, op, depth + 1) : 0;
            if (!id || !ser_ws_push(s, id)) {
                s->ws_count = ids_base;
                return 0;
            }
        }
        return composite_from_ids(s, type_id, ids_base);
    }
    return const_error(s, op, t, "whose value SPIR-V cannot express");
}

uint32_t ser_constant(spvk_ser *s, const spvk_ir_attr *value, const spvk_ir_type *type, const spvk_ir_op *op)
{
    uint32_t id;
    if (value && type && ser_map_get(&s->map, value, type, SER_TAG_CONST, &id))
        return ser_taping(s) ? ser_tape_known(s, SER_EXT_CONSTANT, value, type, 0, id) : id;
    if (ser_taping(s))
        return ser_tape_call(s, SER_EXT_CONSTANT, value, type, 0, op);
    id = const_impl(s, value, type, op, 0);
    if (id && !ser_map_set(s, value, type, SER_TAG_CONST, id))
        return 0;
    return id;
}

uint32_t ser_undef(spvk_ser *s, const spvk_ir_type *type, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_call(s, SER_EXT_UNDEF, type, NULL, 0, op);
    uint32_t id;
    if (ser_map_get(&s->map, type, NULL, SER_TAG_UNDEF, &id))
        return id;
    uint32_t type_id = ser_type(s, type, op);
    if (!type_id)
        return 0;
    id = ser_new_id(s);
    if (!id)
        return 0;
    uint32_t words[2] = {type_id, id};
    ser_instruction(s, &s->types, SPVK_OP_Undef, words, 2);
    if (!ser_map_set(s, type, NULL, SER_TAG_UNDEF, id))
        return 0;
    return id;
}

/* ---- Spec constants ---- */

bool ser_spec_constant(spvk_ser *s, const spvk_ir_op *op, uint32_t id)
{
    const spvk_ir_attr *dv = spvk_ir_op_attr(op, "default_value");
    if (!dv || dv->dialect != NULL)
        return ser_error(s, op, "has no 'default_value' attribute");
    const spvk_ir_type *t = dv->type;
    if (dv->kind == SPVK_ATTR_BOOL && !t)
        t = spvk_ir_integer_type(s->ctx, 1, SPVK_INT_SIGNLESS);
    if (!t)
        return ser_error(s, op, "has a 'default_value' without a type");
    uint32_t type_id = ser_type(s, t, op);
    if (!type_id)
        return false;
    if (ser_is_bool(t)) {
        if (dv->kind != SPVK_ATTR_BOOL && dv->kind != SPVK_ATTR_INTEGER)
            return ser_error(s, op, "has a boolean 'default_value' that is not a boolean");
        uint32_t words[2] = {type_id, id};
        ser_instruction(s, &s->types, dv->value ? SPVK_OP_SpecConstantTrue : SPVK_OP_SpecConstantFalse, words, 2);
    } else {
        /* Encode as a normal constant would be, then take its literal words. */
        size_t base = s->ws_count;
        uint32_t words[4] = {type_id, id, 0, 0};
        size_t n = 2;
        if (t->dialect == NULL && t->kind == SPVK_TYPE_INTEGER && (dv->kind == SPVK_ATTR_INTEGER)) {
            uint64_t v = (uint64_t)dv->value;
            if (t->width < 64) {
                uint64_t mask = (1ull << t->width) - 1;
                v &= mask;
                if (t->flags == SPVK_INT_SIGNED && ((v >> (t->width - 1)) & 1))
                    v |= ~mask & 0xffffffffull;
            }
            words[n++] = (uint32_t)v;
            if (t->width > 32)
                words[n++] = (uint32_t)(v >> 32);
        } else if (t->dialect == NULL && t->kind == SPVK_TYPE_FLOAT &&
                   (dv->kind == SPVK_ATTR_FLOAT || dv->kind == SPVK_ATTR_INTEGER)) {
            double d = dv->kind == SPVK_ATTR_FLOAT ? dv->number : (double)dv->value;
            if (spvk_spirv_small_float_of(t->flags))
                words[n++] = (uint32_t)spvk_ir_float_to_bits(t, d);
            else if (t->flags == SPVK_FLOAT_BF16)
                words[n++] = bf16_bits(d);
            else if (t->width == 16)
                words[n++] = f16_bits(d);
            else if (t->width == 32)
                words[n++] = f32_bits(d);
            else {
                uint64_t bits;
                memcpy(&bits, &d, sizeof bits);
                words[n++] = (uint32_t)bits;
                words[n++] = (uint32_t)(bits >> 32);
            }
        } else {
            return ser_error(s, op, "has a 'default_value' that is not a scalar number");
        }
        s->ws_count = base;
        ser_instruction(s, &s->types, SPVK_OP_SpecConstant, words, n);
    }
    static const char *const skip[] = {"sym_name", "default_value", "sym_visibility"};
    return ser_decorations_from_attrs(s, op, id, skip, sizeof skip / sizeof skip[0], NULL);
}

bool ser_spec_constant_composite(spvk_ser *s, const spvk_ir_op *op, uint32_t id)
{
    const spvk_ir_attr *ta = spvk_ir_op_attr(op, "type");
    if (!ta || ta->dialect != NULL || ta->kind != SPVK_ATTR_TYPE || !ta->type)
        return ser_error(s, op, "has no 'type' attribute");
    const spvk_ir_type *t = ta->type;
    const spvk_ir_attr *cs = spvk_ir_op_attr(op, "constituents");
    if (!cs || cs->dialect != NULL || cs->kind != SPVK_ATTR_ARRAY)
        return ser_error(s, op, "has no 'constituents' array");
    uint64_t count;
    if (!composite_shape(s, t, &count))
        return ser_error(s, op, "has a type that is not a composite");
    uint32_t type_id = ser_type(s, t, op);
    if (!type_id)
        return false;
    size_t base = s->ws_count;
    if (!push2(s, type_id, id))
        return false;
    for (uint32_t i = 0; i < cs->num_attrs; i++) {
        const spvk_ir_attr *c = cs->attrs[i];
        uint32_t cid;
        if (c && c->dialect == NULL && c->kind == SPVK_ATTR_SYMBOL_REF) {
            cid = ser_symbol_id(s, op, c, false);
        } else {
            /* A normal constant among the constituents (gl_WorkGroupSize's fixed dimensions). */
            const spvk_ir_type *mt = member_type(s, t, i);
            cid = mt ? ser_constant(s, c, mt, op) : 0;
            if (!mt)
                ser_error(s, op, "has more constituents than its type has members");
        }
        if (!cid || !ser_ws_push(s, cid)) {
            s->ws_count = base;
            return false;
        }
    }
    ser_instruction(s, &s->types, SPVK_OP_SpecConstantComposite, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    static const char *const skip[] = {"sym_name", "type", "constituents", "sym_visibility"};
    return ser_decorations_from_attrs(s, op, id, skip, sizeof skip / sizeof skip[0], NULL);
}

static uint32_t generic_id_of(void *user, const spvk_ir_value *v)
{
    spvk_ser *s = user;
    return ser_value_id(s, v, s->cur_op);
}

/* Id operands MLIR keeps as attributes: a scope or semantics constant (as an i32), or a type. */
static uint32_t generic_id_of_attr(void *user, const spvk_ir_attr *attr, unsigned id_as)
{
    spvk_ser *s = user;
    if (!attr)
        return 0;
    if (id_as == SPVK_SPIRV_ID_AS_TYPE)
        return attr->dialect == NULL && attr->kind == SPVK_ATTR_TYPE ? ser_type(s, attr->type, s->cur_op) : 0;
    if (id_as == SPVK_SPIRV_ID_AS_FUNCTION)
        return ser_symbol_id(s, s->cur_op, attr, true);
    return ser_constant(s, attr, s->i32, s->cur_op);
}

bool ser_encode_generic(spvk_ser *s, const spvk_spirv_op_info *info, const spvk_ir_op *op, spvk_writer *w)
{
    const spvk_spirv_id_hooks hooks = {NULL, generic_id_of_attr, s};
    const spvk_ir_op *saved = s->cur_op;
    s->cur_op = op;
    bool ok = spvk_spirv_encode_generic_ex(s->ctx, info, op, w, generic_id_of, s, &hooks, s->diags);
    s->cur_op = saved;
    if (!ok) {
        s->failed = true;
        if (w->failed || spvk_ir_context_failed(s->ctx))
            s->oom = true;
    }
    return ok;
}

/* OpConstantSizeOfEXT: module-level and uniqued like the other constants. */
uint32_t ser_constant_size_of(spvk_ser *s, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_refuse(s); /* rare: the calling thread serializes the function */
    const spvk_ir_attr *ta = spvk_ir_op_attr(op, "type");
    if (op->num_results != 1)
        return ser_error(s, op, "must have one result"), 0;
    if (!ta || ta->dialect != NULL || ta->kind != SPVK_ATTR_TYPE || !ta->type)
        return ser_error(s, op, "needs a 'type' attribute"), 0;
    uint32_t type_id = ser_type(s, op->results[0].type, op);
    uint32_t measured = type_id ? ser_type(s, ta->type, op) : 0;
    if (!measured)
        return 0;
    return size_of_constant(s, type_id, measured);
}

static uint32_t size_of_constant(spvk_ser *s, uint32_t type_id, uint32_t measured)
{
    size_t base = s->ws_count;
    if (!push2(s, SPVK_OP_ConstantSizeOfEXT, type_id) || !ser_ws_push(s, measured)) {
        s->ws_count = base;
        return 0;
    }
    return unique_from_ws(s, base, 0, NULL);
}

/* OpConstantSampler: module-level and uniqued like the other constants. */
uint32_t ser_constant_sampler(spvk_ser *s, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_refuse(s); /* rare: the calling thread serializes the function */
    static const char *const names[3] = {"sampler_addressing_mode", "param", "sampler_filter_mode"};
    if (op->num_results != 1)
        return ser_error(s, op, "must have one result"), 0;
    uint32_t type_id = ser_type(s, op->results[0].type, op);
    if (!type_id)
        return 0;
    size_t base = s->ws_count;
    if (!push2(s, SPVK_OP_ConstantSampler, type_id))
        return 0;
    for (int i = 0; i < 3; i++) {
        const spvk_ir_attr *a = spvk_ir_op_attr(op, names[i]);
        bool ok = a && ((a->dialect == s->spirv && a->kind == SPVK_SPIRV_ATTR_ENUM) ||
                        (a->dialect == NULL && (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_BOOL)));
        if (!ok || !ser_ws_push(s, (uint32_t)a->value)) {
            s->ws_count = base;
            if (!ok)
                ser_error(s, op, "needs an integer or enum '%s' attribute", names[i]);
            return 0;
        }
    }
    return unique_from_ws(s, base, 0, NULL);
}

/* One op inside a spirv.SpecConstantOperation as an OpSpecConstantOp: its operands first
   (constants, spec constants, the other ops of the region), then the op encoded generically after
   its opcode. Uniqued like a constant. */
uint32_t ser_spec_op_instruction(spvk_ser *s, const spvk_ir_op *inner, const spvk_ir_op *owner)
{
    if (ser_taping(s))
        return ser_tape_refuse(s);
    uint32_t state = 0;
    ser_map_get(&s->map, inner, NULL, SER_TAG_STATE, &state);
    if (state == SER_STATE_IN_PROGRESS)
        return ser_error(s, inner, "uses its own result"), 0;
    if (inner->num_results != 1)
        return ser_error(s, inner, "must have one result inside a spirv.SpecConstantOperation"), 0;
    const spvk_spirv_op_info *info = spvk_spirv_op_info_of(inner);
    if (!info || !(info->flags & SPVK_SPIRV_OP_GENERIC) || info->ext_set != SPVK_EXT_INST_SET_NONE)
        return ser_error(s, owner, "wraps '%s', which has no SPIR-V opcode", spvk_ir_op_name(inner)), 0;
    if (spvk_spec_constant_opcode(info->opcode) == SPVK_SPEC_OPCODE_NOT_ALLOWED)
        return ser_error(s, inner, "is not an opcode OpSpecConstantOp allows"), 0;
    uint32_t type_id = ser_type(s, inner->results[0].type, inner);
    if (!type_id || !ser_map_set(s, inner, NULL, SER_TAG_STATE, SER_STATE_IN_PROGRESS))
        return 0;
    /* Resolve the operands first: they may emit constants, or other OpSpecConstantOps through
       the scratch writer. */
    for (uint32_t i = 0; i < inner->num_operands; i++)
        if (!ser_value_id(s, inner->operands[i].value, inner))
            return 0;
    if (!ser_map_set(s, inner, NULL, SER_TAG_STATE, SER_STATE_DONE))
        return 0;
    spvk_writer *w = &s->scratch;
    w->count = 0;
    w->instruction_start = SIZE_MAX;
    spvk_writer_begin(w, SPVK_OP_SpecConstantOp);
    spvk_writer_word(w, type_id);
    spvk_writer_word(w, 0);
    spvk_writer_word(w, info->opcode);
    bool ok = ser_encode_generic(s, info, inner, w);
    w->instruction_start = SIZE_MAX;
    if (!ok)
        return 0;
    if (w->failed)
        return ser_oom(s), 0;
    size_t base = s->ws_count;
    if (!push2(s, SPVK_OP_SpecConstantOp, type_id)) {
        s->ws_count = base;
        return 0;
    }
    for (size_t i = 3; i < w->count; i++) {
        if (!ser_ws_push(s, w->words[i])) {
            s->ws_count = base;
            return 0;
        }
    }
    return unique_from_ws(s, base, 0, NULL);
}

/* The id of a spirv.SpecConstantOperation: the value its spirv.mlir.yield yields (one
   OpSpecConstantOp per op of its region). Module-level ones are symbols as well. */
uint32_t ser_spec_constant_operation(spvk_ser *s, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_refuse(s);
    uint32_t id;
    /* Only a module-level one is remembered by its op: a function's are made at each use, and a
       streamed function's ops are freed once it is written, so another function's op may come at
       the same address (it got that one's id: an i32 where a bool was needed). Theirs are uniqued
       by their words. */
    const spvk_ir_op *parent = spvk_ir_op_parent(op);
    bool module_level = parent && ser_op_kind_of(s, parent) == SER_OP_MODULE;
    if (module_level && ser_map_get(&s->map, op, NULL, SER_TAG_SYMBOL, &id))
        return id;
    if (op->num_results != 1)
        return ser_error(s, op, "must have one result"), 0;
    const spvk_ir_block *body = op->num_regions == 1 ? op->regions[0].first : NULL;
    const spvk_ir_op *yield = body ? body->last : NULL;
    if (!yield)
        return ser_error(s, op, "has an empty region"), 0;
    if (ser_op_kind_of(s, yield) == SER_OP_YIELD) {
        if (yield->num_operands != 1 || !yield->operands[0].value)
            return ser_error(s, yield, "must yield one value"), 0;
        id = ser_value_id(s, yield->operands[0].value, yield);
    } else {
        id = ser_spec_op_instruction(s, body->first, op);
    }
    if (!id || (module_level && !ser_map_set(s, op, NULL, SER_TAG_SYMBOL, id)))
        return 0;
    return id;
}
