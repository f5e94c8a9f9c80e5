/* Types and normal constants of the deserializer.

   Types resolve on first use, recursively, rather than strictly in module order: an
   OpTypeForwardPointer lets a struct name a pointer type defined after it, and resolving the
   pointer then needs the struct. A struct that may take part in such a cycle is an identified
   struct, registered before its members are resolved, so the cycle closes on it; any other cycle
   is an error rather than a crash. Depth is bounded (DSR_MAX_TYPE_DEPTH) so a hostile chain of
   nested types cannot exhaust the stack.

   Structs named by OpName become identified structs, as in MLIR. Two different structs with
   the same name (glslang names several "ResType") get "_1", "_2", ... ; structs with the same
   name and the same body are the same type. Decorations fold into the types: ArrayStride into
   arrays, Offset and member decorations into structs; Block is dropped (the serializer puts it
   back, see spirv_dialect.h).

   Constants become attributes: integers and floats (bit-exact, NaN payloads included), bools,
   dense attributes for vectors (splat when all elements are equal) and cooperative matrices,
   arrays of attributes for arrays, matrices and structs. OpConstantNull becomes the zero value
   of its type. Aggregates are expanded within a budget proportional to the module's size, so an
   OpConstantNull of a huge array is an error, not an unbounded allocation. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "deserialize_internal.h"

static inline uint32_t word_of(const dsr *d, uint32_t inst, uint32_t operand)
{
    const dsr_inst *i = &d->insts[inst];
    return (d->words + i->offset)[d->operands[i->first_operand + operand].offset];
}

bool dsr_type_is_bool(const spvk_ir_type *t)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER && t->width == 1;
}

/* ---- Types ---- */

static const spvk_ir_type *resolve(dsr *d, uint32_t id, uint32_t user, unsigned depth);

static const spvk_ir_attr *decoration_in_type(dsr *d, const dsr_deco *dc)
{
    /* ENUM Decoration, or [ENUM, operands...] when it has operands (MatrixStride 16, BuiltIn 0). */
    const dsr_inst *in = &d->insts[dc->inst];
    uint32_t decoration = word_of(d, dc->inst, dc->first);
    const spvk_ir_attr *head = dsr_enum(d, SPVK_OPERAND_Decoration, decoration);
    uint32_t first = dc->first + 1u;
    if (first >= in->num_operands)
        return head;
    uint32_t count = in->num_operands - first;
    const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (count + 1) * sizeof *items));
    items[0] = head;
    spvk_instruction view;
    dsr_view(d, dc->inst, &view);
    for (uint32_t k = 0; k < count; k++) {
        const spvk_operand *o = &view.operands[first + k];
        const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
        if (kd && kd->category == SPVK_CATEGORY_ID)
            dsr_fail(d, dc->inst, "member decorations with <id> operands are not supported");
        if (o->kind == SPVK_OPERAND_LiteralString) {
            const char *s = spvk_operand_string(&view, o);
            items[k + 1] = dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, s, strlen(s)));
        } else {
            items[k + 1] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)(d->words + in->offset)[o->offset]));
        }
    }
    return dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, count + 1));
}

/* The stride of an array type (its ArrayStride decoration), 0 when none; other decorations on an
   array type have no representation. */
static int64_t array_stride(dsr *d, uint32_t id)
{
    int64_t stride = 0;
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next) {
        dsr_deco *dc = &d->decos[x - 1];
        dc->used = 1;
        uint32_t decoration = word_of(d, dc->inst, dc->first);
        if (decoration == SPVK_DECORATION_ArrayStrideIdEXT && dc->member < 0 &&
            d->insts[dc->inst].opcode == SPVK_OP_DecorateId &&
            d->insts[dsr_id_at(d, id)->def - 1].opcode == SPVK_OP_TypeRuntimeArray)
            continue; /* stride_id_attr's */
        if (decoration != SPVK_DECORATION_ArrayStride || dc->member >= 0)
            dsr_fail(d, dc->inst, "decoration %s of array or pointer type %%%u cannot be represented",
                     spvk_spirv_decoration_attr_name(d->ctx, decoration), id);
        stride = word_of(d, dc->inst, dc->first + 1u);
    }
    return stride;
}

/* The attribute of a runtime array's ArrayStrideIdEXT <id>, or NULL: a scalar integer constant's
   typed value, a spec constant's symbol, or [T, result type] for an OpConstantSizeOfEXT of T. */
static const spvk_ir_attr *stride_id_attr(dsr *d, uint32_t id, uint32_t inst, unsigned depth)
{
    const spvk_ir_attr *out = NULL;
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next) {
        dsr_deco *dc = &d->decos[x - 1];
        if (word_of(d, dc->inst, dc->first) != SPVK_DECORATION_ArrayStrideIdEXT || dc->member >= 0 ||
            d->insts[dc->inst].num_operands <= dc->first + 1u)
            continue;
        uint32_t sid = word_of(d, dc->inst, dc->first + 1u);
        dsr_id *se = dsr_id_at(d, sid);
        if (se->kind == DSR_ID_SIZEOF) {
            const spvk_ir_attr *pair[2] = {
                dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, resolve(d, word_of(d, se->def - 1, 2), inst, depth + 1))),
                dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, resolve(d, d->insts[se->def - 1].result_type_id, inst,
                                                                       depth + 1)))};
            out = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, pair, 2));
        } else if (se->kind == DSR_ID_SPEC || se->kind == DSR_ID_SPEC_OP) {
            int64_t unused;
            out = dsr_spec_parameter(d, sid, inst, &unused);
        } else if (se->kind == DSR_ID_CONSTANT && dsr_constant(d, sid, inst)->kind == SPVK_ATTR_INTEGER) {
            out = dsr_constant(d, sid, inst);
        } else {
            dsr_fail(d, dc->inst, "the ArrayStrideIdEXT of %%%u is not an integer constant", id);
        }
        dc->used = 1;
    }
    return out;
}

static void no_decorations(dsr *d, uint32_t id)
{
    uint32_t x = dsr_id_at(d, id)->decorations;
    if (x) {
        const dsr_deco *dc = &d->decos[x - 1];
        dsr_fail(d, dc->inst, "decoration %s of type %%%u cannot be represented",
                 spvk_spirv_decoration_attr_name(d->ctx, word_of(d, dc->inst, dc->first)), id);
    }
}

typedef struct struct_body {
    const spvk_ir_type **members;
    int64_t *offsets;                 /* NULL when no member has an Offset */
    const spvk_ir_attr **decorations; /* NULL when no decorations, else count + 1 arrays */
    uint32_t count;
} struct_body;

static void struct_decorations(dsr *d, uint32_t id, struct_body *b)
{
    uint32_t count = b->count;
    bool any_offset = false, any_deco = false;
    /* Collect per member (and the struct itself at index count). */
    uint32_t *lengths = dsr_check(d, spvk_ir_alloc(d->ctx, (count + 1) * sizeof *lengths));
    memset(lengths, 0, (count + 1) * sizeof *lengths);
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next) {
        dsr_deco *dc = &d->decos[x - 1];
        dc->used = 1;
        uint32_t decoration = word_of(d, dc->inst, dc->first);
        if (dc->member >= (int32_t)count)
            dsr_fail(d, dc->inst, "member %d of struct %%%u does not exist", dc->member, id);
        if (decoration == SPVK_DECORATION_Offset && dc->member >= 0) {
            any_offset = true;
            continue;
        }
        if (decoration == SPVK_DECORATION_Block && dc->member < 0)
            continue;
        lengths[dc->member < 0 ? count : (uint32_t)dc->member]++;
        any_deco = true;
    }
    if (any_offset) {
        b->offsets = dsr_check(d, spvk_ir_alloc(d->ctx, (count ? count : 1) * sizeof *b->offsets));
        for (uint32_t k = 0; k < count; k++)
            b->offsets[k] = -1;
    }
    const spvk_ir_attr ***lists = NULL;
    if (any_deco) {
        lists = dsr_check(d, spvk_ir_alloc(d->ctx, (count + 1) * sizeof *lists));
        for (uint32_t k = 0; k <= count; k++) {
            lists[k] = dsr_check(d, spvk_ir_alloc(d->ctx, (lengths[k] ? lengths[k] : 1) * sizeof **lists));
            lengths[k] = 0;
        }
    }
    for (uint32_t x = dsr_id_at(d, id)->decorations; x; x = d->decos[x - 1].next) {
        const dsr_deco *dc = &d->decos[x - 1];
        uint32_t decoration = word_of(d, dc->inst, dc->first);
        if (decoration == SPVK_DECORATION_Offset && dc->member >= 0) {
            b->offsets[dc->member] = word_of(d, dc->inst, dc->first + 1u);
            continue;
        }
        if (decoration == SPVK_DECORATION_Block && dc->member < 0)
            continue;
        uint32_t k = dc->member < 0 ? count : (uint32_t)dc->member;
        lists[k][lengths[k]++] = decoration_in_type(d, dc);
    }
    if (any_deco) {
        b->decorations = dsr_check(d, spvk_ir_alloc(d->ctx, (count + 1) * sizeof *b->decorations));
        for (uint32_t k = 0; k <= count; k++)
            b->decorations[k] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, lists[k], lengths[k]));
    }
}

/* Identified structs registered by recursive structs of this module (their bodies come later). */
static bool claimed(const dsr *d, const spvk_ir_type *t)
{
    for (size_t i = 0; i < d->num_claimed; i++)
        if (d->claimed[i] == t)
            return true;
    return false;
}

/* A struct that had to take another name than its OpName ("S_1" for the second "S"): the module
   records the original (spvkit.struct_names), so that the serializer can name it as it was. Mesa,
   for one, compares struct names in OpCopyLogical. */
static void note_rename(dsr *d, const spvk_ir_type *t, const char *original)
{
    if (strcmp(t->name, original) == 0)
        return;
    for (size_t i = 0; i < d->num_renames; i++)
        if (d->renames[i].type == t)
            return;
    d->renames = dsr_scratch_grow(d, &d->renames, &d->renames_capacity, d->num_renames + 1, sizeof *d->renames);
    d->renames[d->num_renames].type = t;
    d->renames[d->num_renames].original = original;
    d->num_renames++;
}

static spvk_ir_type *identified_candidate(dsr *d, const char *name, uint32_t k)
{
    size_t len = strlen(name);
    if (k == 0)
        return dsr_check(d, spvk_spirv_identified_struct(d->ctx, name, len));
    char *buf = dsr_check(d, spvk_ir_alloc(d->ctx, len + 16));
    memcpy(buf, name, len);
    int m = snprintf(buf + len, 16, "_%u", k);
    return dsr_check(d, spvk_spirv_identified_struct(d->ctx, buf, len + (size_t)m));
}

static const spvk_ir_type *struct_type(dsr *d, uint32_t id, uint32_t inst, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    const dsr_inst *in = &d->insts[inst];
    struct_body b;
    memset(&b, 0, sizeof b);
    b.count = in->num_operands - 1u;
    b.members = dsr_check(d, spvk_ir_alloc(d->ctx, (b.count ? b.count : 1) * sizeof *b.members));
    char generated[40];
    const char *name = e->name;
    if (!name && e->may_recurse) {
        /* MLIR requires a name for a recursive struct; spvkit makes one up. */
        snprintf(generated, sizeof generated, "spirv_struct_%u", id);
        name = generated;
    }
    if (name && e->may_recurse) {
        /* Register the identified struct first so the cycle closes on it. */
        spvk_ir_type *t = NULL;
        for (uint32_t k = 0;; k++) {
            t = identified_candidate(d, name, k);
            if (!t->body_set && !claimed(d, t))
                break;
            if (k > 100000)
                dsr_fail(d, inst, "too many structs named \"%s\"", name);
        }
        d->claimed = dsr_scratch_grow(d, &d->claimed, &d->claimed_capacity, d->num_claimed + 1, sizeof *d->claimed);
        d->claimed[d->num_claimed++] = t;
        note_rename(d, t, name);
        e->type = t;
        for (uint32_t k = 0; k < b.count; k++)
            b.members[k] = resolve(d, word_of(d, inst, 1 + k), inst, depth + 1);
        struct_decorations(d, id, &b);
        if (!spvk_spirv_identified_struct_set_body(d->ctx, t, b.members, b.count, b.offsets, b.decorations))
            dsr_fail(d, inst, "cannot set the body of struct \"%s\"", t->name);
        return t;
    }
    for (uint32_t k = 0; k < b.count; k++)
        b.members[k] = resolve(d, word_of(d, inst, 1 + k), inst, depth + 1);
    struct_decorations(d, id, &b);
    if (!name)
        return dsr_check(d, (void *)spvk_spirv_struct_type(d->ctx, b.members, b.count, b.offsets, b.decorations));
    for (uint32_t k = 0;; k++) {
        spvk_ir_type *t = identified_candidate(d, name, k);
        if (claimed(d, t))
            continue; /* taken by a recursive struct in progress */
        /* Setting a body again succeeds only when it is the same one: then the name is shared. */
        bool was_set = t->body_set;
        if (spvk_spirv_identified_struct_set_body(d->ctx, t, b.members, b.count, b.offsets, b.decorations)) {
            if (!was_set)
                note_rename(d, t, name);
            return t;
        }
        if (spvk_ir_context_failed(d->ctx))
            dsr_oom(d);
        if (!was_set)
            dsr_fail(d, inst, "cannot set the body of struct \"%s\"", name);
        if (k > 100000)
            dsr_fail(d, inst, "too many structs named \"%s\"", name);
    }
}

static const spvk_ir_type *scalar_or_fail(dsr *d, const spvk_ir_type *t, uint32_t inst, const char *what)
{
    if (!t->dialect && (t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_FLOAT))
        return t;
    dsr_fail(d, inst, "%s must be a scalar integer, float or bool type", what);
}

static uint32_t small_constant(dsr *d, uint32_t id, uint32_t inst, const char *what)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind == DSR_ID_SPEC || e->kind == DSR_ID_SPEC_OP)
        dsr_fail(d, inst, "%s is a specialization constant (%%%u), which a type cannot hold", what, id);
    uint64_t v = dsr_constant_u64(d, id, inst, what);
    if (v > UINT32_MAX)
        dsr_fail(d, inst, "%s %llu is too large", what, (unsigned long long)v);
    return (uint32_t)v;
}

static const spvk_ir_type *build_type(dsr *d, uint32_t id, uint32_t inst, unsigned depth)
{
    const dsr_inst *in = &d->insts[inst];
    spvk_ir_context *ctx = d->ctx;
    const spvk_ir_type *t = NULL;
    switch (in->opcode) {
    case SPVK_OP_TypeVoid:
        no_decorations(d, id);
        return d->t_none ? d->t_none : dsr_check(d, (void *)spvk_ir_none_type(ctx));
    case SPVK_OP_TypeBool:
        no_decorations(d, id);
        return dsr_check(d, (void *)spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
    case SPVK_OP_TypeInt: {
        no_decorations(d, id);
        uint32_t width = word_of(d, inst, 1), sign = word_of(d, inst, 2);
        if (width == 0 || width > 64 || sign > 1)
            dsr_fail(d, inst, "OpTypeInt %u %u is not supported", width, sign);
        return dsr_check(d, (void *)spvk_ir_integer_type(ctx, width, sign ? SPVK_INT_SIGNED : SPVK_INT_SIGNLESS));
    }
    case SPVK_OP_TypeFloat: {
        no_decorations(d, id);
        uint32_t width = word_of(d, inst, 1);
        if (in->num_operands > 2) {
            uint32_t enc = word_of(d, inst, 2);
            if (enc == SPVK_FPENCODING_BFloat16KHR && width == 16)
                return dsr_check(d, (void *)spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16));
            for (size_t k = 0; k < sizeof spvk_spirv_small_floats / sizeof *spvk_spirv_small_floats; k++)
                if (spvk_spirv_small_floats[k].fp_encoding == enc && spvk_spirv_small_floats[k].width == width)
                    return dsr_check(d, (void *)spvk_ir_float_type(ctx, width, spvk_spirv_small_floats[k].ir_encoding));
            dsr_fail(d, inst, "OpTypeFloat %u with floating-point encoding %u cannot be represented", width, enc);
        }
        if (width != 16 && width != 32 && width != 64)
            dsr_fail(d, inst, "OpTypeFloat %u cannot be represented (16, 32 or 64 bits)", width);
        return dsr_check(d, (void *)spvk_ir_float_type(ctx, width, SPVK_FLOAT_IEEE));
    }
    case SPVK_OP_TypeVector: {
        no_decorations(d, id);
        const spvk_ir_type *el = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        scalar_or_fail(d, el, inst, "a vector's component type");
        int64_t n = word_of(d, inst, 2);
        if (n < 2)
            dsr_fail(d, inst, "a vector needs at least 2 components");
        return dsr_check(d, (void *)spvk_ir_vector_type(ctx, &n, 1, el));
    }
    case SPVK_OP_TypeMatrix: {
        no_decorations(d, id);
        const spvk_ir_type *col = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        if (col->dialect || col->kind != SPVK_TYPE_VECTOR)
            dsr_fail(d, inst, "a matrix's column type must be a vector");
        return dsr_check(d, (void *)spvk_spirv_matrix_type(ctx, col, word_of(d, inst, 2)));
    }
    case SPVK_OP_TypeArray: {
        const spvk_ir_type *el = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        uint32_t len_id = word_of(d, inst, 2);
        uint8_t kind = dsr_id_at(d, len_id)->kind;
        if (kind == DSR_ID_SPEC || kind == DSR_ID_SPEC_OP) {
            /* spvkit's spec-sized array: attrs[0] the length's symbol, ints[0] -1, as
               spvk_spirv_spec_array_type and the parser make it (the text has no default, so the
               type must not either: print, parse and the same type again). */
            int64_t ints[2] = {0, array_stride(d, id)};
            const spvk_ir_attr *ref = dsr_spec_parameter(d, len_id, inst, &ints[0]);
            ints[0] = -1;
            spvk_ir_type_desc desc;
            memset(&desc, 0, sizeof desc);
            desc.dialect = d->spirv;
            desc.kind = SPVK_SPIRV_ARRAY;
            desc.types = &el;
            desc.num_types = 1;
            desc.ints = ints;
            desc.num_ints = 2;
            desc.attrs = &ref;
            desc.num_attrs = 1;
            return dsr_check(d, (void *)spvk_ir_type_get(ctx, &desc));
        }
        uint32_t length = small_constant(d, len_id, inst, "the array length");
        return dsr_check(d, (void *)spvk_spirv_array_type(ctx, el, length, array_stride(d, id)));
    }
    case SPVK_OP_TypeRuntimeArray: {
        const spvk_ir_type *el = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        int64_t stride = array_stride(d, id);
        return dsr_check(d, (void *)spvk_spirv_runtime_array_type_id(ctx, el, stride, stride_id_attr(d, id, inst, depth)));
    }
    case SPVK_OP_TypeStruct:
        return struct_type(d, id, inst, depth);
    case SPVK_OP_TypePointer: {
        /* ArrayStride (for OpPtrAccessChain) is kept in the type, as arrays keep theirs. */
        int64_t stride = array_stride(d, id);
        uint32_t storage = word_of(d, inst, 1);
        const spvk_ir_type *pointee = resolve(d, word_of(d, inst, 2), inst, depth + 1);
        return dsr_check(d, (void *)spvk_spirv_strided_pointer_type(ctx, pointee, storage, stride));
    }
    case SPVK_OP_TypeFunction: {
        no_decorations(d, id);
        const spvk_ir_type *ret = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        uint32_t n = in->num_operands - 2u;
        const spvk_ir_type **params = dsr_check(d, spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *params));
        for (uint32_t k = 0; k < n; k++)
            params[k] = resolve(d, word_of(d, inst, 2 + k), inst, depth + 1);
        bool is_void = !ret->dialect && ret->kind == SPVK_TYPE_NONE;
        return dsr_check(d, (void *)spvk_ir_function_type(ctx, params, n, is_void ? NULL : &ret, is_void ? 0 : 1));
    }
    case SPVK_OP_TypeImage: {
        no_decorations(d, id);
        const spvk_ir_type *sampled = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        int64_t access = in->num_operands > 8 ? (int64_t)word_of(d, inst, 8) : -1;
        /* Out-of-range parameters have no spelling in the type's text: refuse them here. */
        if (word_of(d, inst, 3) > 2 || word_of(d, inst, 4) > 1 || word_of(d, inst, 5) > 1 || word_of(d, inst, 6) > 2)
            dsr_fail(d, inst, "image type parameters out of range (Depth 0-2, Arrayed 0-1, MS 0-1, Sampled 0-2)");
        if (!spvk_enumerant_by_value(SPVK_OPERAND_Dim, word_of(d, inst, 2)) ||
            !spvk_enumerant_by_value(SPVK_OPERAND_ImageFormat, word_of(d, inst, 7)) ||
            (access >= 0 && !spvk_enumerant_by_value(SPVK_OPERAND_AccessQualifier, (uint32_t)access)))
            dsr_fail(d, inst, "image type with an unknown Dim, Image Format or Access Qualifier");
        return dsr_check(d, (void *)spvk_spirv_image_type(ctx, sampled, word_of(d, inst, 2), word_of(d, inst, 3),
                                                          word_of(d, inst, 4), word_of(d, inst, 5),
                                                          word_of(d, inst, 6), word_of(d, inst, 7), access));
    }
    case SPVK_OP_TypeSampledImage: {
        no_decorations(d, id);
        const spvk_ir_type *image = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        if (!spvk_ir_type_is(image, d->spirv, SPVK_SPIRV_IMAGE))
            dsr_fail(d, inst, "OpTypeSampledImage needs an image type");
        return dsr_check(d, (void *)spvk_spirv_sampled_image_type(ctx, image));
    }
    case SPVK_OP_TypeSampler:
        no_decorations(d, id);
        return dsr_check(d, (void *)spvk_spirv_sampler_type(ctx));
    case SPVK_OP_TypeCooperativeMatrixKHR: {
        no_decorations(d, id);
        const spvk_ir_type *el = resolve(d, word_of(d, inst, 1), inst, depth + 1);
        /* Parameters in the type's order: rows, columns, scope, use (operands 3, 4, 2, 5). */
        static const uint32_t operand_of[4] = {3, 4, 2, 5};
        static const char *const what[4] = {"the cooperative matrix row count", "the cooperative matrix column count",
                                            "the cooperative matrix scope", "the cooperative matrix use"};
        int64_t ints[4];
        const spvk_ir_attr *refs[4];
        bool any_spec = false;
        for (int k = 0; k < 4; k++) {
            uint32_t pid = word_of(d, inst, operand_of[k]);
            uint8_t kind = dsr_id_at(d, pid)->kind;
            if (kind == DSR_ID_SPEC || kind == DSR_ID_SPEC_OP) {
                refs[k] = dsr_spec_parameter(d, pid, inst, &ints[k]);
                ints[k] = -1; /* as the parser makes it: the text names the symbol only */
                any_spec = true;
            } else {
                ints[k] = small_constant(d, pid, inst, what[k]);
                refs[k] = dsr_check(d, (void *)spvk_ir_unit_attr(ctx));
            }
        }
        if (!any_spec)
            return dsr_check(d, (void *)spvk_spirv_coopmatrix_type(ctx, el, (uint32_t)ints[0], (uint32_t)ints[1],
                                                                   (uint32_t)ints[2], (uint32_t)ints[3]));
        /* spvkit's: attrs[k] is the symbol of the spec constant giving parameter k (unit when the
           parameter is the literal in ints[k]). */
        spvk_ir_type_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.dialect = d->spirv;
        desc.kind = SPVK_SPIRV_COOPMATRIX;
        desc.types = &el;
        desc.num_types = 1;
        desc.ints = ints;
        desc.num_ints = 4;
        desc.attrs = refs;
        desc.num_attrs = 4;
        return dsr_check(d, (void *)spvk_ir_type_get(ctx, &desc));
    }
    default:
        break;
    }
    /* Types MLIR has no type for: literal parameters in ints, <id> parameters as attributes (a
       type, a constant's value, a spec constant's symbol), as spvk_spirv_opaque_type_ids keeps
       them (OpTypeTensorLayoutNV %dim %clamp_mode, OpTypeCooperativeMatrixNV, ...). */
    no_decorations(d, id);
    int64_t lits[16];
    const spvk_ir_attr *ids[16];
    uint32_t n = 0, ni = 0;
    for (uint32_t k = 1; k < in->num_operands; k++) {
        const spvk_operand *o = &d->operands[in->first_operand + k];
        const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
        if (kd && kd->category == SPVK_CATEGORY_ID && ni < 16) {
            uint32_t pid = (d->words + in->offset)[o->offset];
            dsr_id *pe = dsr_id_at(d, pid);
            if (pe->kind == DSR_ID_TYPE) {
                ids[ni++] = dsr_check(d, (void *)spvk_ir_type_attr(ctx, resolve(d, pid, inst, depth + 1)));
                continue;
            }
            if (pe->kind == DSR_ID_SPEC || pe->kind == DSR_ID_SPEC_OP) {
                int64_t unused;
                ids[ni++] = dsr_spec_parameter(d, pid, inst, &unused);
                continue;
            }
            if (pe->kind == DSR_ID_CONSTANT) {
                const spvk_ir_attr *a = dsr_constant(d, pid, inst);
                /* Only scalars carry their type; a composite's elements would not say theirs. */
                if (!a->dialect && (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT ||
                                    a->kind == SPVK_ATTR_BOOL)) {
                    ids[ni++] = a;
                    continue;
                }
            }
            dsr_fail(d, inst, "operand %%%u of %s cannot be represented (a type, a scalar constant or a "
                              "specialization constant can)", pid, dsr_inst_name(d, inst));
        }
        if (!kd || kd->category == SPVK_CATEGORY_ID || o->kind == SPVK_OPERAND_LiteralString || o->num_words != 1 ||
            n == 16)
            dsr_fail(d, inst, "%s cannot be represented", dsr_inst_name(d, inst));
        lits[n++] = (d->words + in->offset)[o->offset];
    }
    t = spvk_spirv_opaque_type_ids(ctx, in->opcode, lits, n, ids, ni);
    return dsr_check(d, (void *)t);
}

static const spvk_ir_type *resolve(dsr *d, uint32_t id, uint32_t user, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind != DSR_ID_TYPE)
        dsr_fail(d, user, "%%%u is not a type", id);
    if (e->state == DSR_STATE_DONE)
        return e->type;
    if (e->state == DSR_STATE_BUSY) {
        if (e->type) /* an identified struct in progress: the cycle closes on it */
            return e->type;
        /* A pointer being resolved, reached again through its pointee: when the pointee is an
           identified struct in progress, the pointer type can be made already. */
        const dsr_inst *pi = &d->insts[e->def - 1];
        if (pi->opcode == SPVK_OP_TypePointer) {
            dsr_id *pointee = dsr_id_at(d, word_of(d, e->def - 1, 2));
            if (pointee->state == DSR_STATE_BUSY && pointee->type)
                return dsr_check(d, (void *)spvk_spirv_pointer_type(d->ctx, pointee->type, word_of(d, e->def - 1, 1)));
        }
        dsr_fail(d, user, "type %%%u is defined in terms of itself (only a struct reached through "
                          "OpTypeForwardPointer may be recursive)", id);
    }
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, user, "types nested more than %d deep", DSR_MAX_TYPE_DEPTH);
    e->state = DSR_STATE_BUSY;
    const spvk_ir_type *t = build_type(d, id, e->def - 1, depth);
    e = dsr_id_at(d, id);
    e->type = t;
    e->state = DSR_STATE_DONE;
    return t;
}

const spvk_ir_type *dsr_type(dsr *d, uint32_t id, uint32_t inst) { return resolve(d, id, inst, 0); }

void dsr_mark_recursive_structs(dsr *d)
{
    for (uint32_t i = 0; i < d->first_function_inst; i++) {
        if (d->insts[i].opcode != SPVK_OP_TypeForwardPointer)
            continue;
        dsr_id *p = dsr_id_at(d, word_of(d, i, 0));
        if (!p->def || d->insts[p->def - 1].opcode != SPVK_OP_TypePointer)
            dsr_fail(d, i, "OpTypeForwardPointer names %%%u, which no OpTypePointer defines", word_of(d, i, 0));
        dsr_id *s = dsr_id_at(d, word_of(d, p->def - 1, 2));
        if (s->def && d->insts[s->def - 1].opcode == SPVK_OP_TypeStruct)
            s->may_recurse = 1;
    }
}

bool dsr_type_storable(dsr *d, const spvk_ir_type *t)
{
    for (unsigned depth = 0; depth < DSR_MAX_TYPE_DEPTH; depth++) {
        if (!t->dialect)
            return t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_FLOAT || t->kind == SPVK_TYPE_VECTOR;
        if (t->dialect != d->spirv)
            return false;
        switch (t->kind) {
        case SPVK_SPIRV_ARRAY:
        case SPVK_SPIRV_MATRIX:
        case SPVK_SPIRV_COOPMATRIX:
            t = t->types[0];
            continue;
        case SPVK_SPIRV_STRUCT:
            for (uint32_t k = 0; k < t->num_types; k++)
                if (t->types[k] == t || !dsr_type_storable(d, t->types[k]))
                    return false;
            return true;
        case SPVK_SPIRV_POINTER:
            if (d->addressing_model == SPVK_ADDRESSING_MODEL_Physical32 ||
                d->addressing_model == SPVK_ADDRESSING_MODEL_Physical64 || d->has_variable_pointers)
                return true;
            return t->ints[0] == SPVK_STORAGE_CLASS_PhysicalStorageBuffer;
        default:
            return false;
        }
    }
    return false;
}

/* ---- Constants ---- */

static void spend(dsr *d, size_t n, uint32_t inst)
{
    if (n > d->constant_budget)
        dsr_fail(d, inst, "constant too large to represent (the module's size bounds how many elements "
                          "constants may expand to)");
    d->constant_budget -= n;
}

static double nan_with_payload(uint64_t sign, uint64_t mantissa_bits, unsigned shift)
{
    uint64_t bits = (sign << 63) | (UINT64_C(0x7ff) << 52) | (mantissa_bits << shift);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* The exact value of a float literal as a double (NaN payloads kept in the high mantissa bits). */
static double float_value(uint64_t bits, uint32_t width, bool bf16)
{
    if (bf16) {
        bits <<= 16;
        width = 32;
    }
    if (width == 64) {
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    if (width == 32) {
        uint32_t b = (uint32_t)bits;
        if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu))
            return nan_with_payload(b >> 31, b & 0x7fffffu, 29);
        float f;
        memcpy(&f, &b, sizeof f);
        return (double)f;
    }
    /* binary16 */
    uint32_t h = (uint32_t)bits & 0xffffu;
    uint32_t sign = h >> 15, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    double v;
    if (exp == 0x1f) {
        if (man)
            return nan_with_payload(sign, man, 42);
        v = INFINITY;
    } else if (exp == 0) {
        v = ldexp((double)man, -24);
    } else {
        v = ldexp((double)(man | 0x400), (int)exp - 25);
    }
    return sign ? -v : v;
}

static const spvk_ir_attr *scalar_literal(dsr *d, uint32_t inst, const spvk_ir_type *type)
{
    const dsr_inst *in = &d->insts[inst];
    if (in->num_operands < 3)
        dsr_fail(d, inst, "%s has no value", dsr_inst_name(d, inst));
    spvk_instruction view;
    dsr_view(d, inst, &view);
    const spvk_operand *o = &view.operands[2];
    uint64_t bits = spvk_operand_bits(&view, o);
    if (!type->dialect && type->kind == SPVK_TYPE_INTEGER && type->width > 1)
        return dsr_check(d, (void *)spvk_ir_integer_attr(d->ctx, type, (int64_t)bits));
    if (!type->dialect && type->kind == SPVK_TYPE_FLOAT && spvk_spirv_small_float_of(type->flags)) {
        /* The pattern is the literal's low bits (the high ones are zero, 2.2.1). */
        uint64_t mask = (UINT64_C(1) << type->width) - 1;
        return dsr_check(d, (void *)spvk_ir_float_attr(d->ctx, type, spvk_ir_float_from_bits(type, bits & mask)));
    }
    if (!type->dialect && type->kind == SPVK_TYPE_FLOAT)
        return dsr_check(d, (void *)spvk_ir_float_attr(
                                d->ctx, type, float_value(bits, type->width, type->flags == SPVK_FLOAT_BF16)));
    dsr_fail(d, inst, "%s needs a scalar integer or floating-point type", dsr_inst_name(d, inst));
}

static bool type_is_vector(const spvk_ir_type *t) { return !t->dialect && t->kind == SPVK_TYPE_VECTOR; }

static const spvk_ir_attr *dense(dsr *d, const spvk_ir_type *type, const spvk_ir_attr *const *items, uint32_t count)
{
    bool splat = count > 0;
    for (uint32_t k = 1; k < count && splat; k++)
        splat = items[k] == items[0];
    spvk_ir_attr_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.kind = SPVK_ATTR_DENSE;
    desc.type = type;
    desc.attrs = items;
    desc.num_attrs = splat ? 1 : count;
    desc.flags = splat ? SPVK_DENSE_SPLAT : 0;
    return dsr_check(d, (void *)spvk_ir_attr_get(d->ctx, &desc));
}

/* spvkit's null value: `unit` as a constant's value is OpConstantNull of the constant's type (the
   serializer writes it back as such; docs/spirv_dialect.md). */
static const spvk_ir_attr *null_attr(dsr *d) { return dsr_check(d, (void *)spvk_ir_unit_attr(d->ctx)); }

const spvk_ir_attr *dsr_zero_attr(dsr *d, const spvk_ir_type *type, uint32_t inst, unsigned depth)
{
    spvk_ir_context *ctx = d->ctx;
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, inst, "type nested too deeply");
    if (!type->dialect) {
        switch (type->kind) {
        case SPVK_TYPE_INTEGER:
            if (type->width == 1)
                return dsr_check(d, (void *)spvk_ir_bool_attr(ctx, false));
            return dsr_check(d, (void *)spvk_ir_integer_attr(ctx, type, 0));
        case SPVK_TYPE_FLOAT:
            return dsr_check(d, (void *)spvk_ir_float_attr(ctx, type, 0.0));
        case SPVK_TYPE_VECTOR: {
            const spvk_ir_attr *z = dsr_zero_attr(d, type->types[0], inst, depth + 1);
            return dense(d, type, &z, 1);
        }
        default:
            break;
        }
    } else if (type->dialect == d->spirv) {
        switch (type->kind) {
        case SPVK_SPIRV_COOPMATRIX: {
            const spvk_ir_attr *z = dsr_zero_attr(d, type->types[0], inst, depth + 1);
            return dense(d, type, &z, 1);
        }
        case SPVK_SPIRV_ARRAY:
        case SPVK_SPIRV_MATRIX: {
            /* An array sized by a specialization constant has no element count to expand to, and
               one too large for the budget is not expanded: the unit value is the null itself. */
            if (type->ints[0] < 0 || (uint64_t)type->ints[0] > d->constant_budget)
                return null_attr(d);
            uint64_t n = (uint64_t)type->ints[0];
            spend(d, n, inst);
            const spvk_ir_attr *z = dsr_zero_attr(d, type->types[0], inst, depth + 1);
            const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *items));
            for (uint64_t k = 0; k < n; k++)
                items[k] = z;
            return dsr_check(d, (void *)spvk_ir_array_attr(ctx, items, (uint32_t)n));
        }
        case SPVK_SPIRV_STRUCT: {
            uint32_t n = type->num_types;
            if (n > d->constant_budget)
                return null_attr(d);
            spend(d, n, inst);
            const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *items));
            for (uint32_t k = 0; k < n; k++) {
                if (type->types[k] == type)
                    dsr_fail(d, inst, "OpConstantNull of a recursive struct");
                items[k] = dsr_zero_attr(d, type->types[k], inst, depth + 1);
            }
            return dsr_check(d, (void *)spvk_ir_array_attr(ctx, items, n));
        }
        default:
            /* Pointers, events, device events, reservation ids, queues, untyped pointers, ...:
               no value attribute but the null one. */
            return null_attr(d);
        }
    }
    char *s = spvk_ir_print_type(ctx, type);
    if (s) {
        /* The diagnostic copies the text; keep it out of the arena-less allocator by copying. */
        char buf[200];
        size_t len = strlen(s);
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, s, len);
        buf[len] = 0;
        spvk_free(spvk_ir_context_allocator(ctx), s, strlen(s) + 1);
        dsr_fail(d, inst, "a null constant of type %s cannot be represented", buf);
    }
    dsr_fail(d, inst, "a null constant of this type cannot be represented");
}

/* The type that constituent k of a composite constant of this type must have, or NULL when the
   type is not a composite. */
static const spvk_ir_type *constituent_type(dsr *d, const spvk_ir_type *type, uint32_t k)
{
    if (type_is_vector(type))
        return type->types[0];
    if (type->dialect != d->spirv)
        return NULL;
    switch (type->kind) {
    case SPVK_SPIRV_COOPMATRIX:
    case SPVK_SPIRV_ARRAY:
    case SPVK_SPIRV_MATRIX:
        return type->types[0];
    case SPVK_SPIRV_STRUCT:
        return k < type->num_types ? type->types[k] : NULL;
    default:
        return NULL;
    }
}

static const spvk_ir_attr *composite(dsr *d, uint32_t inst, const spvk_ir_type *type, unsigned depth)
{
    const dsr_inst *in = &d->insts[inst];
    uint32_t n = in->num_operands - 2u;
    spend(d, n, inst);
    const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (n ? n : 1) * sizeof *items));
    for (uint32_t k = 0; k < n; k++) {
        uint32_t c = word_of(d, inst, 2 + k);
        dsr_id *ce = dsr_id_at(d, c);
        if (ce->kind != DSR_ID_UNDEF && ce->kind != DSR_ID_CONSTANT)
            dsr_fail(d, inst, "constituent %%%u of a constant composite is not a normal constant (%s)", c,
                     ce->def ? dsr_inst_name(d, ce->def - 1) : "undefined");
        /* The element attributes carry no type of their own to check later: a float vector
           holding an integer constant would print as text that no parser accepts. */
        const spvk_ir_type *ct = dsr_type(d, d->insts[ce->def - 1].result_type_id, inst);
        if (ct != constituent_type(d, type, k))
            dsr_fail(d, inst, "constituent %%%u of a constant composite does not have the type the composite's "
                              "type gives that position", c);
        if (ce->kind == DSR_ID_UNDEF) {
            /* An undefined constituent may take any value: zero is one (MLIR has no undef
               element in a constant). */
            items[k] = dsr_zero_attr(d, ct, inst, depth + 1);
            continue;
        }
        items[k] = dsr_constant(d, c, inst);
    }
    if (type_is_vector(type)) {
        if ((int64_t)n != type->ints[0])
            dsr_fail(d, inst, "a vector constant needs %lld constituents", (long long)type->ints[0]);
        return dense(d, type, items, n);
    }
    if (type->dialect == d->spirv && type->kind == SPVK_SPIRV_COOPMATRIX) {
        if (n != 1)
            dsr_fail(d, inst, "a cooperative matrix constant has one constituent");
        return dense(d, type, items, 1);
    }
    if (type->dialect == d->spirv &&
        (type->kind == SPVK_SPIRV_ARRAY || type->kind == SPVK_SPIRV_MATRIX || type->kind == SPVK_SPIRV_STRUCT)) {
        int64_t want = type->kind == SPVK_SPIRV_STRUCT ? (int64_t)type->num_types : type->ints[0];
        if (want < 0)
            dsr_fail(d, inst, "a constant of an array sized by a specialization constant cannot be represented");
        if ((int64_t)n != want)
            dsr_fail(d, inst, "a constant of this type needs %lld constituents, not %u", (long long)want, n);
        return dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, n));
    }
    dsr_fail(d, inst, "OpConstantComposite of this type cannot be represented");
}

/* OpConstantCompositeReplicateEXT: its one constituent in every position, as OpConstantComposite
   would have it (the same value; the serializer writes that OpConstantComposite back). */
static const spvk_ir_attr *replicated(dsr *d, uint32_t inst, const spvk_ir_type *type, unsigned depth)
{
    if (d->insts[inst].num_operands != 3)
        dsr_fail(d, inst, "OpConstantCompositeReplicateEXT has one constituent");
    uint32_t c = word_of(d, inst, 2);
    dsr_id *ce = dsr_id_at(d, c);
    if (ce->kind != DSR_ID_UNDEF && ce->kind != DSR_ID_CONSTANT)
        dsr_fail(d, inst, "the constituent %%%u of OpConstantCompositeReplicateEXT is not a normal constant", c);
    const spvk_ir_type *ct = dsr_type(d, d->insts[ce->def - 1].result_type_id, inst);
    int64_t n = -1;
    if (type_is_vector(type))
        n = type->ints[0];
    else if (type->dialect == d->spirv && (type->kind == SPVK_SPIRV_ARRAY || type->kind == SPVK_SPIRV_MATRIX))
        n = type->ints[0];
    else if (type->dialect == d->spirv && type->kind == SPVK_SPIRV_STRUCT)
        n = type->num_types;
    else if (type->dialect == d->spirv && type->kind == SPVK_SPIRV_COOPMATRIX)
        n = 1;
    if (n < 0)
        dsr_fail(d, inst, "OpConstantCompositeReplicateEXT of this type cannot be represented");
    for (int64_t k = 0; k < n; k++)
        if (constituent_type(d, type, (uint32_t)k) != ct)
            dsr_fail(d, inst, "the constituent of OpConstantCompositeReplicateEXT does not have the type of every "
                              "position of its composite");
    const spvk_ir_attr *item = ce->kind == DSR_ID_UNDEF ? dsr_zero_attr(d, ct, inst, depth + 1) : dsr_constant(d, c, inst);
    if (type_is_vector(type) || type->kind == SPVK_SPIRV_COOPMATRIX)
        return dense(d, type, &item, 1);
    if ((uint64_t)n > d->constant_budget)
        dsr_fail(d, inst, "constant too large to represent (the module's size bounds how many elements "
                          "constants may expand to)");
    spend(d, (size_t)n, inst);
    const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (n ? (size_t)n : 1) * sizeof *items));
    for (int64_t k = 0; k < n; k++)
        items[k] = item;
    return dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, items, (uint32_t)n));
}

const spvk_ir_attr *dsr_constant(dsr *d, uint32_t id, uint32_t user)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind != DSR_ID_CONSTANT && !(e->kind == DSR_ID_SPEC && e->def &&
                                        d->insts[e->def - 1].opcode == SPVK_OP_SpecConstant))
        dsr_fail(d, user, "%%%u is not a constant", id);
    if (e->state == DSR_STATE_DONE)
        return e->attr;
    if (e->state == DSR_STATE_BUSY)
        dsr_fail(d, user, "constant %%%u is defined in terms of itself", id);
    e->state = DSR_STATE_BUSY;
    uint32_t inst = e->def - 1;
    const dsr_inst *in = &d->insts[inst];
    const spvk_ir_type *type = dsr_type(d, in->result_type_id, inst);
    const spvk_ir_attr *value;
    switch (in->opcode) {
    case SPVK_OP_Constant:
    case SPVK_OP_SpecConstant:
        value = scalar_literal(d, inst, type);
        break;
    case SPVK_OP_ConstantTrue:
    case SPVK_OP_ConstantFalse:
        if (!dsr_type_is_bool(type))
            dsr_fail(d, inst, "the result type of %s must be bool", dsr_inst_name(d, inst));
        value = dsr_check(d, (void *)spvk_ir_bool_attr(d->ctx, in->opcode == SPVK_OP_ConstantTrue));
        break;
    case SPVK_OP_ConstantNull:
        value = dsr_zero_attr(d, type, inst, 0);
        break;
    case SPVK_OP_ConstantComposite:
        value = composite(d, inst, type, 0);
        break;
    case SPVK_OP_ConstantCompositeReplicateEXT:
        value = replicated(d, inst, type, 0);
        break;
    default:
        dsr_fail(d, user, "%%%u is not a constant", id);
    }
    e = dsr_id_at(d, id);
    e->type = type;
    e->attr = value;
    e->state = DSR_STATE_DONE;
    return value;
}

uint64_t dsr_constant_u64(dsr *d, uint32_t id, uint32_t inst, const char *what)
{
    dsr_id *e = dsr_id_at(d, id);
    if (e->kind != DSR_ID_CONSTANT)
        dsr_fail(d, inst, "%s (%%%u) must be a constant", what, id);
    const spvk_ir_attr *a = dsr_constant(d, id, inst);
    e = dsr_id_at(d, id);
    if (a->kind != SPVK_ATTR_INTEGER || a->dialect || !e->type || e->type->dialect)
        dsr_fail(d, inst, "%s (%%%u) must be an integer constant", what, id);
    uint32_t width = e->type->width;
    uint64_t v = (uint64_t)a->value;
    if (width < 64)
        v &= (UINT64_C(1) << width) - 1;
    return v;
}
