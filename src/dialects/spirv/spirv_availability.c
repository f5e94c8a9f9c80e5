/* What a spirv op or type needs from the target: a version range, capabilities and extensions.

   Everything comes from the grammar: an instruction's own version range, capabilities and
   extensions; those of each enumerant the op holds as an attribute (bit enums: every set bit),
   of the decorations it carries as attributes (and of a BuiltIn's value); those of its operand and
   result types. Where the grammar lists extensions beside a version (StorageBuffer: 1.3, or
   SPV_KHR_storage_buffer_storage_class), the item raises no minimum version: its extension
   requirement records the version (or_version) that also meets it.

   Scalar types, as MLIR does it, kept simple:
     i8/i16/i64, f16, f64   Int8 / Int16 / Int64 / Float16 / Float64; inside a pointer to a storage
                            class with a storage capability for the width, that capability is an
                            alternative (StorageBuffer and PhysicalStorageBuffer: StorageBuffer8BitAccess
                            / StorageBuffer16BitAccess; Uniform: UniformAndStorageBuffer*BitAccess;
                            PushConstant: StoragePushConstant8/16; Input/Output: StorageInputOutput16);
                            for a value (an operand or result, not in a pointer) every storage
                            capability of its width is one, since loads, stores and conversions of
                            such values need nothing else (which instructions a storage capability
                            permits is the validator's business); half in OpenCL memory and values
                            also Float16Buffer. The storage capabilities' own extensions are the
                            capability enumerant's availability (the caller's to add once it picks).
   An item whose capabilities can all be enabled by extensions (QueueFamily scope, VulkanMemoryModel
   semantics: 1.5) raises no minimum version either: the capability brings its own requirements.
     bf16                   BFloat16TypeKHR and SPV_KHR_bfloat16, whatever the storage class;
                            a cooperative matrix of bf16 also BFloat16CooperativeMatrixKHR, and
                            OpDot on bf16 vectors BFloat16DotProductKHR.
     vectors of 8 or 16     Vector16.
   Lists longer than SPVK_SPIRV_MAX_REQUIREMENTS keep the first ones (no instruction comes close). */
#include <string.h>

#include "spirv_internal.h"
#include "../../grammar/grammar_internal.h"

void spvk_spirv_availability_init(spvk_spirv_availability *a)
{
    memset(a, 0, sizeof *a);
    a->min_version = SPVK_VERSION(1, 0);
    a->max_version = SPVK_VERSION_LAST;
}

static void add_requirement(spvk_spirv_requirement *list, uint32_t *count, const uint16_t *values, uint32_t n,
                            uint32_t or_version)
{
    if (n == 0)
        return;
    if (n > SPVK_SPIRV_MAX_ALTERNATIVES)
        n = SPVK_SPIRV_MAX_ALTERNATIVES;
    for (uint32_t i = 0; i < *count; i++) {
        spvk_spirv_requirement *r = &list[i];
        if (r->count != n || r->or_version != or_version)
            continue;
        bool same = true;
        for (uint32_t k = 0; k < n && same; k++) {
            bool found = false;
            for (uint32_t j = 0; j < n; j++)
                found |= r->values[j] == values[k];
            same = found;
        }
        if (same)
            return;
    }
    if (*count == SPVK_SPIRV_MAX_REQUIREMENTS)
        return;
    spvk_spirv_requirement *r = &list[(*count)++];
    memset(r, 0, sizeof *r);
    r->count = (uint16_t)n;
    memcpy(r->values, values, n * sizeof *values);
    r->or_version = or_version;
}

static void need_capability(spvk_spirv_availability *out, uint16_t cap)
{
    add_requirement(out->capabilities, &out->num_capabilities, &cap, 1, 0);
}

static void add_grammar(spvk_spirv_availability *out, uint32_t min_version, uint32_t last_version,
                        const uint16_t *caps, uint32_t num_caps, const uint16_t *exts, uint32_t num_exts);

/* A requirement of one capability brings that capability's own requirements (CooperativeMatrixKHR:
   SPV_KHR_cooperative_matrix); with alternatives, which one is taken is the caller's choice. */
static void need_capabilities(spvk_spirv_availability *out, const uint16_t *caps, uint32_t n)
{
    uint32_t before = out->num_capabilities;
    add_requirement(out->capabilities, &out->num_capabilities, caps, n, 0);
    if (n == 1 && out->num_capabilities != before) {
        /* Its version and extensions; the capabilities it lists are ones it implies, not needs. */
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, caps[0]);
        if (e)
            add_grammar(out, e->min_version, e->last_version, NULL, 0, e->extensions, e->num_extensions);
    }
}

static void need_extension(spvk_spirv_availability *out, const char *name)
{
    int e = spvk_extension_by_name(name, strlen(name));
    if (e >= 0) {
        uint16_t v = (uint16_t)e;
        add_requirement(out->extensions, &out->num_extensions, &v, 1, 0);
    }
}

/* Whether every capability of the list is one an extension can enable (VulkanMemoryModel: 1.5 or
   SPV_KHR_vulkan_memory_model): an item needing one of them is reachable before its version. */
static bool caps_enabled_by_extensions(const uint16_t *caps, uint32_t n)
{
    if (n == 0)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, caps[i]);
        if (!e || e->num_extensions == 0)
            return false;
    }
    return true;
}

/* The grammar's availability of one item (an instruction or an enumerant). */
static void add_grammar(spvk_spirv_availability *out, uint32_t min_version, uint32_t last_version,
                        const uint16_t *caps, uint32_t num_caps, const uint16_t *exts, uint32_t num_exts)
{
    if (num_exts) {
        add_requirement(out->extensions, &out->num_extensions, exts, num_exts,
                        min_version == SPVK_VERSION_NONE ? 0 : min_version);
    } else if (min_version != SPVK_VERSION_NONE && min_version > out->min_version &&
               !caps_enabled_by_extensions(caps, num_caps)) {
        out->min_version = min_version;
    }
    if (last_version < out->max_version)
        out->max_version = last_version;
    need_capabilities(out, caps, num_caps);
}

static void add_one_enumerant(spvk_spirv_availability *out, unsigned kind, uint32_t value)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, value);
    if (e)
        add_grammar(out, e->min_version, e->last_version, e->capabilities, e->num_capabilities, e->extensions,
                    e->num_extensions);
}

/* An enumerant, or every set bit of a mask (None, 0, for an empty one). */
static void add_enumerant(spvk_spirv_availability *out, unsigned kind, uint32_t value)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(kind);
    if (!k)
        return;
    if (k->category != SPVK_CATEGORY_BITENUM || value == 0) {
        add_one_enumerant(out, kind, value);
        return;
    }
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        add_one_enumerant(out, kind, b);
    }
}

/* ---- Types ---- */

#define MAX_TYPE_DEPTH 32

/* Deeper nesting (a hostile binary's arrays of arrays) adds nothing new: the walk stops there. */
#define MAX_NESTING 512

typedef struct type_walk {
    spvk_spirv_availability *out;
    const spvk_ir_type *stack[MAX_TYPE_DEPTH]; /* identified structs on the way down */
    uint32_t depth;
    uint32_t nesting;
} type_walk;

static void storage_alternative(int64_t storage_class, uint32_t width, uint16_t *alts, uint32_t *n)
{
    switch (storage_class) {
    case -1:
        /* A value: with only a storage capability it can still be loaded, stored and converted,
           so every storage capability of its width is an alternative. */
        if (width == 8) {
            alts[(*n)++] = SPVK_CAPABILITY_StorageBuffer8BitAccess;
            alts[(*n)++] = SPVK_CAPABILITY_UniformAndStorageBuffer8BitAccess;
            alts[(*n)++] = SPVK_CAPABILITY_StoragePushConstant8;
        } else if (width == 16) {
            alts[(*n)++] = SPVK_CAPABILITY_StorageBuffer16BitAccess;
            alts[(*n)++] = SPVK_CAPABILITY_UniformAndStorageBuffer16BitAccess;
            alts[(*n)++] = SPVK_CAPABILITY_StoragePushConstant16;
            alts[(*n)++] = SPVK_CAPABILITY_StorageInputOutput16;
        }
        break;
    case SPVK_STORAGE_CLASS_StorageBuffer:
    case SPVK_STORAGE_CLASS_PhysicalStorageBuffer:
        if (width == 8)
            alts[(*n)++] = SPVK_CAPABILITY_StorageBuffer8BitAccess;
        else if (width == 16)
            alts[(*n)++] = SPVK_CAPABILITY_StorageBuffer16BitAccess;
        break;
    case SPVK_STORAGE_CLASS_Uniform:
        if (width == 8)
            alts[(*n)++] = SPVK_CAPABILITY_UniformAndStorageBuffer8BitAccess;
        else if (width == 16)
            alts[(*n)++] = SPVK_CAPABILITY_UniformAndStorageBuffer16BitAccess;
        break;
    case SPVK_STORAGE_CLASS_PushConstant:
        if (width == 8)
            alts[(*n)++] = SPVK_CAPABILITY_StoragePushConstant8;
        else if (width == 16)
            alts[(*n)++] = SPVK_CAPABILITY_StoragePushConstant16;
        break;
    case SPVK_STORAGE_CLASS_Input:
    case SPVK_STORAGE_CLASS_Output:
        if (width == 16)
            alts[(*n)++] = SPVK_CAPABILITY_StorageInputOutput16;
        break;
    default:
        break;
    }
}

static void walk_type(type_walk *w, const spvk_ir_type *t, int64_t storage_class);

static void walk_scalar(type_walk *w, const spvk_ir_type *t, int64_t storage_class)
{
    spvk_spirv_availability *out = w->out;
    uint16_t alts[8];
    uint32_t n = 0;
    if (t->kind == SPVK_TYPE_INTEGER) {
        switch (t->width) {
        case 8:
            alts[n++] = SPVK_CAPABILITY_Int8;
            break;
        case 16:
            alts[n++] = SPVK_CAPABILITY_Int16;
            break;
        case 64:
            alts[n++] = SPVK_CAPABILITY_Int64;
            break;
        default:
            return;
        }
        storage_alternative(storage_class, t->width, alts, &n);
        need_capabilities(out, alts, n);
        return;
    }
    if (t->kind == SPVK_TYPE_FLOAT) {
        if (spvk_ir_type_is_bf16(t)) {
            need_capability(out, SPVK_CAPABILITY_BFloat16TypeKHR);
            need_extension(out, "SPV_KHR_bfloat16");
            return;
        }
        if (spvk_spirv_small_float_of(t->flags)) {
            /* The FPEncoding's own (Float8EXT and SPV_EXT_float8, Float4EXT, ...). */
            add_enumerant(out, SPVK_OPERAND_FPEncoding, spvk_spirv_small_float_of(t->flags)->fp_encoding);
            return;
        }
        if (t->width == 16) {
            alts[n++] = SPVK_CAPABILITY_Float16;
            /* OpenCL: half values loaded from and stored to memory. */
            if (storage_class == -1 || storage_class == SPVK_STORAGE_CLASS_CrossWorkgroup ||
                storage_class == SPVK_STORAGE_CLASS_Function || storage_class == SPVK_STORAGE_CLASS_Workgroup ||
                storage_class == SPVK_STORAGE_CLASS_UniformConstant || storage_class == SPVK_STORAGE_CLASS_Generic)
                alts[n++] = SPVK_CAPABILITY_Float16Buffer;
        } else if (t->width == 64)
            alts[n++] = SPVK_CAPABILITY_Float64;
        else
            return;
        storage_alternative(storage_class, t->width, alts, &n);
        need_capabilities(out, alts, n);
    }
}

static void walk_type_nested(type_walk *w, const spvk_ir_type *t, int64_t storage_class);

static void walk_type(type_walk *w, const spvk_ir_type *t, int64_t storage_class)
{
    if (!t || w->nesting == MAX_NESTING)
        return;
    w->nesting++;
    walk_type_nested(w, t, storage_class);
    w->nesting--;
}

static void walk_type_nested(type_walk *w, const spvk_ir_type *t, int64_t storage_class)
{
    spvk_spirv_availability *out = w->out;
    if (!t->dialect) {
        switch (t->kind) {
        case SPVK_TYPE_INTEGER:
        case SPVK_TYPE_FLOAT:
            walk_scalar(w, t, storage_class);
            return;
        case SPVK_TYPE_VECTOR:
            if (t->num_ints == 1 && (t->ints[0] == 8 || t->ints[0] == 16))
                need_capability(out, SPVK_CAPABILITY_Vector16);
            walk_type(w, t->types[0], storage_class);
            return;
        case SPVK_TYPE_FUNCTION:
        case SPVK_TYPE_TUPLE:
            for (uint32_t i = 0; i < t->num_types; i++)
                walk_type(w, t->types[i], storage_class);
            return;
        default:
            return;
        }
    }
    if (t->dialect != spvk_spirv_dialect())
        return;
    switch (t->kind) {
    case SPVK_SPIRV_ARRAY:
    case SPVK_SPIRV_RUNTIME_ARRAY:
    case SPVK_SPIRV_SAMPLED_IMAGE:
        walk_type(w, t->types[0], storage_class);
        return;
    case SPVK_SPIRV_POINTER:
        add_enumerant(out, SPVK_OPERAND_StorageClass, (uint32_t)t->ints[0]);
        walk_type(w, t->types[0], t->ints[0]);
        return;
    case SPVK_SPIRV_MATRIX:
        need_capability(out, SPVK_CAPABILITY_Matrix);
        walk_type(w, t->types[0], storage_class);
        return;
    case SPVK_SPIRV_STRUCT: {
        for (uint32_t i = 0; i < w->depth; i++)
            if (w->stack[i] == t)
                return;
        if (w->depth == MAX_TYPE_DEPTH)
            return;
        w->stack[w->depth++] = t;
        for (uint32_t i = 0; i < t->num_types; i++)
            walk_type(w, t->types[i], storage_class);
        /* Member and struct decorations. */
        for (uint32_t i = 0; i < t->num_attrs; i++) {
            const spvk_ir_attr *list = t->attrs[i];
            for (uint32_t k = 0; list && k < list->num_attrs; k++) {
                const spvk_ir_attr *d = list->attrs[k];
                if (d->kind == SPVK_ATTR_ARRAY && !d->dialect && d->num_attrs)
                    d = d->attrs[0];
                if (d->dialect != spvk_spirv_dialect() || d->kind != SPVK_SPIRV_ATTR_ENUM)
                    continue;
                /* A member's BuiltIn value adds nothing: gl_PerVertex declares ClipDistance members
                   that need the capability only when a shader uses them. */
                add_enumerant(out, (unsigned)d->value2, (uint32_t)d->value);
            }
        }
        w->depth--;
        return;
    }
    case SPVK_SPIRV_IMAGE:
        walk_type(w, t->types[0], storage_class);
        add_enumerant(out, SPVK_OPERAND_Dim, (uint32_t)t->ints[0]);
        add_enumerant(out, SPVK_OPERAND_ImageFormat, (uint32_t)t->ints[5]);
        if (t->ints[6] >= 0)
            add_enumerant(out, SPVK_OPERAND_AccessQualifier, (uint32_t)t->ints[6]);
        /* What the specification asks of image types beyond the grammar's Dim capabilities:
           storage images of some dimensions, arrayed cubes, multisampled storage images, and
           OpenCL images (those with an access qualifier). */
        if (t->ints[4] == 2) {
            if (t->ints[0] == SPVK_DIM_1D)
                need_capability(out, SPVK_CAPABILITY_Image1D);
            else if (t->ints[0] == SPVK_DIM_Rect)
                need_capability(out, SPVK_CAPABILITY_ImageRect);
            else if (t->ints[0] == SPVK_DIM_Buffer)
                need_capability(out, SPVK_CAPABILITY_ImageBuffer);
            else if (t->ints[0] == SPVK_DIM_Cube && t->ints[2])
                need_capability(out, SPVK_CAPABILITY_ImageCubeArray);
            if (t->ints[3])
                need_capability(out, SPVK_CAPABILITY_StorageImageMultisample);
        } else if (t->ints[4] == 1 && t->ints[0] == SPVK_DIM_Cube && t->ints[2]) {
            need_capability(out, SPVK_CAPABILITY_SampledCubeArray);
        }
        if (t->ints[6] >= 0)
            need_capability(out, SPVK_CAPABILITY_ImageBasic);
        return;
    case SPVK_SPIRV_SAMPLER:
        return;
    case SPVK_SPIRV_COOPMATRIX: {
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(SPVK_OP_TypeCooperativeMatrixKHR);
        if (d)
            add_grammar(out, d->min_version, d->last_version, d->capabilities, d->num_capabilities, d->extensions,
                        d->num_extensions);
        walk_type(w, t->types[0], storage_class);
        if (spvk_ir_type_is_bf16(t->types[0]))
            need_capability(out, SPVK_CAPABILITY_BFloat16CooperativeMatrixKHR);
        /* A specialization constant (-1) has no enumerant to ask about. */
        if (t->ints[2] >= 0)
            add_enumerant(out, SPVK_OPERAND_Scope, (uint32_t)t->ints[2]);
        if (t->ints[3] >= 0)
            add_enumerant(out, SPVK_OPERAND_CooperativeMatrixUse, (uint32_t)t->ints[3]);
        return;
    }
    case SPVK_SPIRV_OPAQUE: {
        const spvk_instruction_desc *d = t->num_ints ? spvk_instruction_by_opcode((uint32_t)t->ints[0]) : NULL;
        if (!d)
            return;
        add_grammar(out, d->min_version, d->last_version, d->capabilities, d->num_capabilities, d->extensions,
                    d->num_extensions);
        uint32_t lit = 1;
        for (uint8_t i = 0; i < d->num_operands && lit < t->num_ints; i++) {
            unsigned k = d->operands[i].kind;
            if (k == SPVK_OPERAND_IdResult)
                continue;
            uint8_t cat = spvk_operand_kind_categories[k];
            if (cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM)
                add_enumerant(out, k, (uint32_t)t->ints[lit]);
            lit++;
        }
        return;
    }
    default:
        return;
    }
}

void spvk_spirv_type_availability(const spvk_ir_type *type, spvk_spirv_availability *out)
{
    type_walk w;
    w.out = out;
    w.depth = 0;
    w.nesting = 0;
    walk_type(&w, type, -1);
}

/* ---- Ops ---- */

/* Whether the op's generic form holds the attribute `name` (Load's `alignment` is MemoryAccess's
   parameter, not the Alignment decoration). */
static bool is_slot_attr(const spvk_spirv_op_info *info, const char *name)
{
    for (uint8_t i = 0; info && name && i < info->num_slots; i++) {
        const spvk_spirv_slot *sl = &info->slots[i];
        if (sl->kind != SPVK_SPIRV_SLOT_ATTR || !sl->attr_name)
            continue;
        if (strcmp(sl->attr_name, name) == 0)
            return true;
        for (uint8_t k = 0; k < sl->num_param_attr_names; k++)
            if (strcmp(sl->param_attr_names[k], name) == 0)
                return true;
        size_t n = strlen(sl->attr_name);
        if (strncmp(name, sl->attr_name, n) == 0 && name[n] == '_' && name[n + 1] >= '0' && name[n + 1] <= '9')
            return true;
    }
    return false;
}

static void add_attr(spvk_spirv_availability *out, const char *name, const spvk_ir_attr *a)
{
    if (!a)
        return;
    if (a->dialect == spvk_spirv_dialect()) {
        if (a->kind == SPVK_SPIRV_ATTR_ENUM)
            add_enumerant(out, (unsigned)a->value2, (uint32_t)a->value);
        else if (a->kind == SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES)
            need_capability(out, SPVK_CAPABILITY_Linkage);
        return;
    }
    if (a->kind == SPVK_ATTR_TYPE) {
        spvk_spirv_type_availability(a->type, out);
        return;
    }
    if (a->kind == SPVK_ATTR_ARRAY) {
        for (uint32_t i = 0; i < a->num_attrs; i++)
            add_attr(out, NULL, a->attrs[i]);
        return;
    }
    /* A decoration carried as an attribute (MLIR's convention), and a BuiltIn's value. */
    int dec = name ? spvk_spirv_decoration_from_attr_name(name) : -1;
    if (dec < 0)
        return;
    add_enumerant(out, SPVK_OPERAND_Decoration, (uint32_t)dec);
    if (dec == SPVK_DECORATION_BuiltIn && a->kind == SPVK_ATTR_STRING) {
        uint32_t v;
        if (spvk_spirv_enumerant_value(SPVK_OPERAND_BuiltIn, a->string, a->length, &v))
            add_enumerant(out, SPVK_OPERAND_BuiltIn, v);
    }
}

void spvk_spirv_op_availability(const spvk_ir_op *op, spvk_spirv_availability *out)
{
    if (!op)
        return;
    const spvk_spirv_op_info *info = spvk_spirv_op_info_of(op);
    if (info && info->desc) {
        const spvk_instruction_desc *d = info->desc;
        add_grammar(out, d->min_version, d->last_version, d->capabilities, d->num_capabilities, d->extensions,
                    d->num_extensions);
    } else if (info && info->ext_desc) {
        need_capabilities(out, info->ext_desc->capabilities, info->ext_desc->num_capabilities);
    }
    const spvk_ir_attr *dict = op->attrs;
    for (uint32_t i = 0; dict && i < dict->num_attrs; i++) {
        const char *name = dict->names ? dict->names[i] : NULL;
        add_attr(out, is_slot_attr(info, name) ? NULL : name, dict->attrs[i]);
    }
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const spvk_ir_value *v = spvk_ir_operand(op, i);
        if (v)
            spvk_spirv_type_availability(v->type, out);
    }
    for (uint32_t i = 0; i < op->num_results; i++)
        spvk_spirv_type_availability(op->results[i].type, out);
    /* Atomics on 64-bit integers. */
    if (info && info->desc && info->desc->instruction_class == SPVK_CLASS_ATOMIC) {
        bool wide = false;
        for (uint32_t i = 0; i < op->num_operands && !wide; i++) {
            const spvk_ir_type *t = spvk_ir_operand(op, i)->type;
            wide = spvk_ir_type_is_integer(t, 64);
        }
        for (uint32_t i = 0; i < op->num_results && !wide; i++)
            wide = spvk_ir_type_is_integer(op->results[i].type, 64);
        if (wide)
            need_capability(out, SPVK_CAPABILITY_Int64Atomics);
    }
    /* OpDot on bf16 vectors. */
    if (info && info->desc && info->opcode == SPVK_OP_Dot && op->num_operands &&
        spvk_ir_type_is_bf16(spvk_ir_type_scalar(spvk_ir_operand(op, 0)->type)))
        need_capability(out, SPVK_CAPABILITY_BFloat16DotProductKHR);
}
