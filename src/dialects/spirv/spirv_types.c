/* The spirv dialect's types: constructors and MLIR 19's syntax for them.

     !spirv.array<4 x f32, stride=4>       !spirv.rtarray<f32, stride=4>
     !spirv.ptr<f32, StorageBuffer>        !spirv.matrix<4 x vector<4xf32>>
     !spirv.struct<(f32 [0], i32 [4, NonWritable])>
     !spirv.struct<Name, (f32, !spirv.ptr<!spirv.struct<Name>, Uniform>)>
     !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>
     !spirv.sampled_image<!spirv.image<...>>
     !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>

   spvkit's additions, for what MLIR 19 cannot say (docs/spirv_dialect.md):
     !spirv.sampler                        OpTypeSampler
     !spirv.image<..., Unknown, ReadOnly>  an image's access qualifier, as an eighth parameter
     !spirv.struct<(f32 [0]), [CPacked]>   the struct's own decorations after its members
     !spirv.struct<"a name", (...)>        an identified struct whose name is no bare identifier
     [UserSemantic="s"], [Decoration=1:2]  member decorations with a string or several literals
     !spirv.array<@N x f32>                an array whose length is a specialization constant
     !spirv.coopmatrix<[@M, 16] x bf16, Subgroup, MatrixA>
                                           a cooperative matrix with specialization constants
     !spirv.event, !spirv.ray_query, !spirv.pipe<ReadOnly>, ...
                                           OpType* without a type in MLIR (SPVK_SPIRV_OPAQUE):
                                           snake_case of the name after OpType, a KHR suffix
                                           dropped, literal operands in <> (enumerants by name)

   Struct member decorations print sorted by decoration value, as MLIR prints them. A struct
   whose members all have offsets prints each offset first ([4, NonWritable]); otherwise an offset
   prints as Offset=N among the decorations, which is how MLIR reads it. Recursive references to
   an identified struct print as !spirv.struct<Name> inside its own body: nested spirv types are
   printed here rather than through the printer, with the stack of structs being printed. */
#include <stdio.h>
#include <string.h>

#include "spirv_internal.h"
#include "../../ir/ir_internal.h"
#include "../../grammar/grammar_internal.h"
#include "../../support/support.h"

/* ---- Constructors ---- */

static const spvk_ir_type *get_type(spvk_ir_context *ctx, unsigned kind, const spvk_ir_type *const *types,
                                    uint32_t num_types, const int64_t *ints, uint32_t num_ints)
{
    spvk_ir_type_desc d = {0};
    d.dialect = spvk_spirv_dialect();
    d.kind = (uint16_t)kind;
    d.types = types;
    d.num_types = num_types;
    d.ints = ints;
    d.num_ints = num_ints;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_spirv_array_type(spvk_ir_context *ctx, const spvk_ir_type *element, int64_t length,
                                          int64_t stride)
{
    if (!element)
        return NULL;
    int64_t ints[2] = {length, stride};
    return get_type(ctx, SPVK_SPIRV_ARRAY, &element, 1, ints, 2);
}

static bool is_symbol(const spvk_ir_attr *a)
{
    return a && a->kind == SPVK_ATTR_SYMBOL_REF && !a->dialect;
}

const spvk_ir_type *spvk_spirv_spec_array_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                               const spvk_ir_attr *length_symbol, int64_t stride)
{
    if (!element)
        return NULL;
    if (!length_symbol)
        return spvk_spirv_array_type(ctx, element, 0, stride);
    if (!is_symbol(length_symbol))
        return NULL;
    int64_t ints[2] = {-1, stride};
    spvk_ir_type_desc d = {0};
    d.dialect = spvk_spirv_dialect();
    d.kind = SPVK_SPIRV_ARRAY;
    d.types = &element;
    d.num_types = 1;
    d.ints = ints;
    d.num_ints = 2;
    d.attrs = &length_symbol;
    d.num_attrs = 1;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_spirv_runtime_array_type(spvk_ir_context *ctx, const spvk_ir_type *element, int64_t stride)
{
    if (!element)
        return NULL;
    return get_type(ctx, SPVK_SPIRV_RUNTIME_ARRAY, &element, 1, &stride, 1);
}

const spvk_ir_type *spvk_spirv_runtime_array_type_id(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                     int64_t stride, const spvk_ir_attr *stride_id)
{
    if (!element)
        return NULL;
    if (!stride_id)
        return spvk_spirv_runtime_array_type(ctx, element, stride);
    spvk_ir_type_desc d = {0};
    d.dialect = spvk_spirv_dialect();
    d.kind = SPVK_SPIRV_RUNTIME_ARRAY;
    d.types = &element;
    d.num_types = 1;
    d.ints = &stride;
    d.num_ints = 1;
    d.attrs = &stride_id;
    d.num_attrs = 1;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_spirv_pointer_type(spvk_ir_context *ctx, const spvk_ir_type *pointee, uint32_t storage_class)
{
    if (!pointee)
        return NULL;
    int64_t sc = storage_class;
    return get_type(ctx, SPVK_SPIRV_POINTER, &pointee, 1, &sc, 1);
}

const spvk_ir_type *spvk_spirv_strided_pointer_type(spvk_ir_context *ctx, const spvk_ir_type *pointee,
                                                    uint32_t storage_class, int64_t stride)
{
    if (!pointee)
        return NULL;
    if (stride <= 0)
        return spvk_spirv_pointer_type(ctx, pointee, storage_class);
    int64_t ints[2] = {storage_class, stride};
    return get_type(ctx, SPVK_SPIRV_POINTER, &pointee, 1, ints, 2);
}

/* The decoration's value, for sorting: an ENUM, or the ENUM first in an ARRAY. */
static int64_t decoration_value(const spvk_ir_attr *a)
{
    if (a && a->kind == SPVK_ATTR_ARRAY && !a->dialect && a->num_attrs)
        a = a->attrs[0];
    return a && a->dialect == spvk_spirv_dialect() && a->kind == SPVK_SPIRV_ATTR_ENUM ? a->value : INT64_MAX;
}

/* One member's (or the struct's) decorations in canonical form: sorted by decoration value (stably),
   an Offset moved into *offset when the member has none. */
static const spvk_ir_attr *canonical_decorations(spvk_ir_context *ctx, const spvk_ir_attr *list, int64_t *offset)
{
    if (!list || list->kind != SPVK_ATTR_ARRAY || list->dialect || list->num_attrs == 0)
        return spvk_ir_array_attr(ctx, NULL, 0);
    uint32_t n = list->num_attrs;
    const spvk_ir_attr **items = spvk_ir_alloc(ctx, n * sizeof *items);
    if (!items)
        return NULL;
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        const spvk_ir_attr *a = list->attrs[i];
        if (offset && *offset < 0 && decoration_value(a) == SPVK_DECORATION_Offset && a->kind == SPVK_ATTR_ARRAY &&
            a->num_attrs == 2 && a->attrs[1]->kind == SPVK_ATTR_INTEGER && a->attrs[1]->value >= 0) {
            *offset = a->attrs[1]->value;
            continue;
        }
        /* Insertion sort: lists are short. */
        uint32_t j = m;
        while (j > 0 && decoration_value(items[j - 1]) > decoration_value(a)) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = a;
        m++;
    }
    const spvk_ir_attr *sorted = spvk_ir_array_attr(ctx, items, m);
    ir_free(ctx, items, n * sizeof *items);
    return sorted;
}

/* Fills a struct body's arrays (count members; ints and attrs have count and count + 1 entries). */
static bool struct_body(spvk_ir_context *ctx, uint32_t count, const int64_t *offsets,
                        const spvk_ir_attr *const *decorations, int64_t *ints, const spvk_ir_attr **attrs)
{
    for (uint32_t i = 0; i <= count; i++) {
        int64_t off = i < count && offsets ? offsets[i] : -1;
        if (off < 0)
            off = -1;
        attrs[i] = canonical_decorations(ctx, decorations ? decorations[i] : NULL, i < count ? &off : NULL);
        if (!attrs[i])
            return false;
        if (i < count)
            ints[i] = off;
    }
    return true;
}

static bool struct_desc(spvk_ir_context *ctx, const spvk_ir_type *const *members, uint32_t count,
                        const int64_t *offsets, const spvk_ir_attr *const *decorations, spvk_ir_type_desc *d)
{
    int64_t *ints = spvk_ir_alloc(ctx, (count + 1) * sizeof *ints);
    const spvk_ir_attr **attrs = spvk_ir_alloc(ctx, (count + 1) * sizeof *attrs);
    if (!ints || !attrs || !struct_body(ctx, count, offsets, decorations, ints, attrs))
        return false;
    for (uint32_t i = 0; i < count; i++)
        if (!members[i])
            return false;
    memset(d, 0, sizeof *d);
    d->dialect = spvk_spirv_dialect();
    d->kind = SPVK_SPIRV_STRUCT;
    d->types = members;
    d->num_types = count;
    d->ints = ints;
    d->num_ints = count;
    d->attrs = attrs;
    d->num_attrs = count + 1;
    return true;
}

/* The context copies a description it keeps: its arrays go back to the free lists (a streamed
   parse makes the same types for every function). */
static void struct_desc_free(spvk_ir_context *ctx, const spvk_ir_type_desc *d)
{
    ir_free(ctx, (void *)d->ints, (d->num_ints + 1) * sizeof *d->ints);
    ir_free(ctx, (void *)d->attrs, d->num_attrs * sizeof *d->attrs);
}

const spvk_ir_type *spvk_spirv_struct_type(spvk_ir_context *ctx, const spvk_ir_type *const *members, uint32_t count,
                                           const int64_t *offsets, const spvk_ir_attr *const *decorations)
{
    spvk_ir_type_desc d;
    if (!struct_desc(ctx, members, count, offsets, decorations, &d))
        return NULL;
    const spvk_ir_type *t = spvk_ir_type_get(ctx, &d);
    struct_desc_free(ctx, &d);
    return t;
}

spvk_ir_type *spvk_spirv_identified_struct(spvk_ir_context *ctx, const char *name, size_t length)
{
    return spvk_ir_type_get_identified(ctx, spvk_spirv_dialect(), SPVK_SPIRV_STRUCT, name, length);
}

bool spvk_spirv_identified_struct_set_body(spvk_ir_context *ctx, spvk_ir_type *s, const spvk_ir_type *const *members,
                                           uint32_t count, const int64_t *offsets,
                                           const spvk_ir_attr *const *decorations)
{
    spvk_ir_type_desc d;
    if (!s || !struct_desc(ctx, members, count, offsets, decorations, &d))
        return false;
    bool ok = spvk_ir_type_set_body(ctx, s, &d);
    struct_desc_free(ctx, &d);
    return ok;
}

const spvk_ir_type *spvk_spirv_image_type(spvk_ir_context *ctx, const spvk_ir_type *sampled, uint32_t dim,
                                          uint32_t depth, uint32_t arrayed, uint32_t multisampled,
                                          uint32_t sampled_info, uint32_t format, int64_t access)
{
    if (!sampled)
        return NULL;
    int64_t ints[7] = {dim, depth, arrayed, multisampled, sampled_info, format, access < 0 ? -1 : access};
    return get_type(ctx, SPVK_SPIRV_IMAGE, &sampled, 1, ints, 7);
}

const spvk_ir_type *spvk_spirv_sampled_image_type(spvk_ir_context *ctx, const spvk_ir_type *image)
{
    if (!image)
        return NULL;
    return get_type(ctx, SPVK_SPIRV_SAMPLED_IMAGE, &image, 1, NULL, 0);
}

const spvk_ir_type *spvk_spirv_sampler_type(spvk_ir_context *ctx)
{
    return get_type(ctx, SPVK_SPIRV_SAMPLER, NULL, 0, NULL, 0);
}

const spvk_ir_type *spvk_spirv_matrix_type(spvk_ir_context *ctx, const spvk_ir_type *column, uint32_t columns)
{
    if (!column)
        return NULL;
    int64_t n = columns;
    return get_type(ctx, SPVK_SPIRV_MATRIX, &column, 1, &n, 1);
}

const spvk_ir_type *spvk_spirv_coopmatrix_type(spvk_ir_context *ctx, const spvk_ir_type *element, uint32_t rows,
                                               uint32_t columns, uint32_t scope, uint32_t use)
{
    if (!element)
        return NULL;
    int64_t ints[4] = {rows, columns, scope, use};
    return get_type(ctx, SPVK_SPIRV_COOPMATRIX, &element, 1, ints, 4);
}

const spvk_ir_type *spvk_spirv_spec_coopmatrix_type(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                    const int64_t params[4], const spvk_ir_attr *const symbols[4])
{
    if (!element)
        return NULL;
    int64_t ints[4];
    const spvk_ir_attr *attrs[4];
    bool any = false;
    for (int i = 0; i < 4; i++) {
        const spvk_ir_attr *sym = symbols ? symbols[i] : NULL;
        if (sym && !is_symbol(sym))
            return NULL;
        any |= sym != NULL;
        ints[i] = sym ? -1 : params[i];
        attrs[i] = sym ? sym : spvk_ir_unit_attr(ctx);
        if (!attrs[i])
            return NULL;
    }
    spvk_ir_type_desc d = {0};
    d.dialect = spvk_spirv_dialect();
    d.kind = SPVK_SPIRV_COOPMATRIX;
    d.types = &element;
    d.num_types = 1;
    d.ints = ints;
    d.num_ints = 4;
    d.attrs = attrs;
    d.num_attrs = any ? 4 : 0;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_spirv_opaque_type(spvk_ir_context *ctx, uint32_t opcode, const int64_t *literals,
                                           uint32_t num_literals)
{
    return spvk_spirv_opaque_type_ids(ctx, opcode, literals, num_literals, NULL, 0);
}

const spvk_ir_type *spvk_spirv_opaque_type_ids(spvk_ir_context *ctx, uint32_t opcode, const int64_t *literals,
                                               uint32_t num_literals, const spvk_ir_attr *const *ids, uint32_t num_ids)
{
    for (uint32_t i = 0; i < num_ids; i++)
        if (!ids[i])
            return NULL;
    int64_t small[8];
    int64_t *ints = num_literals < 8 ? small : spvk_ir_alloc(ctx, (num_literals + 1) * sizeof *ints);
    if (!ints)
        return NULL;
    ints[0] = opcode;
    for (uint32_t i = 0; i < num_literals; i++)
        ints[i + 1] = literals[i];
    spvk_ir_type_desc d = {0};
    d.dialect = spvk_spirv_dialect();
    d.kind = SPVK_SPIRV_OPAQUE;
    d.ints = ints;
    d.num_ints = num_literals + 1;
    d.attrs = ids;
    d.num_attrs = num_ids;
    const spvk_ir_type *t = spvk_ir_type_get(ctx, &d);
    if (ints != small)
        ir_free(ctx, ints, (num_literals + 1) * sizeof *ints); /* the context keeps its own copy */
    return t;
}

/* ---- Opaque types' names ---- */

/* The opaque type name of a type-declaring opcode ("event", "ray_query", "pipe"), written to buf;
   false when the opcode has a type of its own or operands that are not literals. */
static bool opaque_name(uint32_t opcode, char *buf, size_t size)
{
    switch (opcode) {
    case SPVK_OP_TypeVoid:
    case SPVK_OP_TypeBool:
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
    case SPVK_OP_TypeSampler:
    case SPVK_OP_TypeOpaque:
    /* types of their own: one spelling each */
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix:
    case SPVK_OP_TypeImage:
    case SPVK_OP_TypeSampledImage:
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeStruct:
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeFunction:
    case SPVK_OP_TypeCooperativeMatrixKHR:
        return false;
    default:
        break;
    }
    const spvk_instruction_desc *desc = spvk_instruction_by_opcode(opcode);
    if (!desc || desc->instruction_class != SPVK_CLASS_TYPE_DECLARATION || strncmp(desc->name, "OpType", 6) != 0)
        return false;
    for (uint8_t i = 0; i < desc->num_operands; i++) {
        unsigned k = desc->operands[i].kind;
        if (k == SPVK_OPERAND_IdResult)
            continue;
        uint8_t cat = spvk_operand_kind_categories[k];
        if (cat == SPVK_CATEGORY_COMPOSITE || k == SPVK_OPERAND_LiteralString)
            return false;
    }
    const char *n = desc->name + 6;
    size_t len = strlen(n);
    if (len > 3 && strcmp(n + len - 3, "KHR") == 0)
        len -= 3;
    size_t k = 0;
    for (size_t i = 0; i < len && k + 3 < size; i++) {
        char c = n[i];
        bool up = c >= 'A' && c <= 'Z';
        bool next_up = i + 1 < len && n[i + 1] >= 'A' && n[i + 1] <= 'Z';
        bool next2_low = i + 2 < len && n[i + 2] >= 'a' && n[i + 2] <= 'z';
        buf[k++] = up ? (char)(c - 'A' + 'a') : c;
        if (up && next_up && next2_low)
            buf[k++] = '_';
        if (((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) && next_up)
            buf[k++] = '_';
    }
    buf[k] = '\0';
    return true;
}

/* The opcode whose opaque type name is `name`, or 0. */
static uint32_t opaque_opcode(const char *name)
{
    char buf[96];
    for (size_t i = 0; i < SPVK_INSTRUCTION_COUNT; i++) {
        const spvk_instruction_desc *d = &spvk_instructions[i];
        if (d->instruction_class == SPVK_CLASS_TYPE_DECLARATION && opaque_name(d->opcode, buf, sizeof buf) &&
            strcmp(buf, name) == 0)
            return d->opcode;
    }
    return 0;
}

/* The operand kinds of an opaque type's opcode, in order (result id left out), and each one's
   quantifier. */
static uint32_t opaque_operand_kinds(uint32_t opcode, unsigned *kinds, uint8_t *quantifiers, uint32_t max)
{
    const spvk_instruction_desc *desc = spvk_instruction_by_opcode(opcode);
    uint32_t n = 0;
    for (uint8_t i = 0; desc && i < desc->num_operands && n < max; i++)
        if (desc->operands[i].kind != SPVK_OPERAND_IdResult) {
            quantifiers[n] = desc->operands[i].quantifier;
            kinds[n++] = desc->operands[i].kind;
        }
    return n;
}

static bool is_id_kind(unsigned kind) { return spvk_operand_kind_categories[kind] == SPVK_CATEGORY_ID; }

/* ---- Printing ---- */

#define MAX_STRUCT_DEPTH 64

/* Types built from a hostile binary may nest arbitrarily deep (arrays of arrays of ...): past this
   depth the printer writes "..." rather than recurse further. */
#define MAX_NESTING 512

typedef struct type_printer {
    spvk_ir_printer *p;
    const spvk_ir_type *stack[MAX_STRUCT_DEPTH]; /* identified structs being printed */
    uint32_t depth;
    uint32_t nesting;
} type_printer;

static void print_any(type_printer *tp, const spvk_ir_type *t);

/* A decoration: Name, Name=literal, Name=a:b, Name="string". */
static void print_decoration(type_printer *tp, const spvk_ir_attr *a)
{
    spvk_ir_printer *p = tp->p;
    const spvk_ir_attr *e = a;
    uint32_t first_literal = 0, n = 0;
    if (a->kind == SPVK_ATTR_ARRAY && !a->dialect) {
        if (!a->num_attrs)
            return;
        e = a->attrs[0];
        first_literal = 1;
        n = a->num_attrs;
    }
    if (e->dialect == spvk_spirv_dialect() && e->kind == SPVK_SPIRV_ATTR_ENUM)
        spvk_spirv_print_enum_value(p, SPVK_OPERAND_Decoration, (uint32_t)e->value);
    else
        spvk_ir_print_attr_to(p, e);
    for (uint32_t i = first_literal; i < n; i++) {
        const spvk_ir_attr *l = a->attrs[i];
        spvk_ir_print_text(p, i == first_literal ? "=" : ":");
        if (l->kind == SPVK_ATTR_INTEGER && !l->dialect)
            spvk_ir_print_int(p, l->value);
        else if (l->kind == SPVK_ATTR_STRING && !l->dialect)
            spvk_ir_print_string_literal(p, l->string, l->length);
        else if (l->dialect == spvk_spirv_dialect() && l->kind == SPVK_SPIRV_ATTR_ENUM)
            spvk_spirv_print_enum_value(p, (unsigned)l->value2, (uint32_t)l->value);
        else
            spvk_ir_print_attr_to(p, l);
    }
}

/* A member's (or, with offset < 0 and all_offsets false, the struct's) decoration list, with an
   offset: "[0, NonWritable]", nothing when empty. */
static void print_member_decorations(type_printer *tp, const spvk_ir_attr *list, int64_t offset, bool all_offsets)
{
    uint32_t n = list && list->kind == SPVK_ATTR_ARRAY ? list->num_attrs : 0;
    bool print_offset = offset >= 0;
    if (!n && !print_offset)
        return;
    spvk_ir_printer *p = tp->p;
    spvk_ir_print_text(p, " [");
    bool first = true;
    if (print_offset && all_offsets) {
        spvk_ir_print_int(p, offset);
        first = false;
        print_offset = false;
    }
    for (uint32_t i = 0; i < n; i++) {
        /* An Offset that cannot go first sorts among the decorations by its value. */
        if (print_offset && decoration_value(list->attrs[i]) > SPVK_DECORATION_Offset) {
            spvk_ir_print_format(p, "%sOffset=%lld", first ? "" : ", ", (long long)offset);
            first = false;
            print_offset = false;
        }
        if (!first)
            spvk_ir_print_text(p, ", ");
        print_decoration(tp, list->attrs[i]);
        first = false;
    }
    if (print_offset)
        spvk_ir_print_format(p, "%sOffset=%lld", first ? "" : ", ", (long long)offset);
    spvk_ir_print_text(p, "]");
}

static void print_struct(type_printer *tp, const spvk_ir_type *t)
{
    spvk_ir_printer *p = tp->p;
    spvk_ir_print_text(p, "struct<");
    if (t->identified) {
        spvk_ir_print_identifier(p, t->name, strlen(t->name));
        bool nested = false;
        for (uint32_t i = 0; i < tp->depth; i++)
            nested |= tp->stack[i] == t;
        if (nested || !t->body_set || tp->depth == MAX_STRUCT_DEPTH) {
            spvk_ir_print_text(p, ">");
            return;
        }
        spvk_ir_print_text(p, ", ");
        tp->stack[tp->depth++] = t;
    }
    bool all_offsets = t->num_types > 0;
    for (uint32_t i = 0; i < t->num_types; i++)
        all_offsets &= i < t->num_ints && t->ints[i] >= 0;
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < t->num_types; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        print_any(tp, t->types[i]);
        print_member_decorations(tp, i < t->num_attrs ? t->attrs[i] : NULL, i < t->num_ints ? t->ints[i] : -1,
                                 all_offsets);
    }
    spvk_ir_print_text(p, ")");
    const spvk_ir_attr *own = t->num_attrs > t->num_types ? t->attrs[t->num_types] : NULL;
    if (own && own->kind == SPVK_ATTR_ARRAY && own->num_attrs) {
        spvk_ir_print_text(p, ",");
        print_member_decorations(tp, own, -1, false);
    }
    spvk_ir_print_text(p, ">");
    if (t->identified)
        tp->depth--;
}

/* The body after "!spirv." of a spirv type. */
static void print_body(type_printer *tp, const spvk_ir_type *t)
{
    spvk_ir_printer *p = tp->p;
    switch (t->kind) {
    case SPVK_SPIRV_ARRAY:
        if (t->num_attrs && is_symbol(t->attrs[0])) {
            spvk_ir_print_text(p, "array<");
            spvk_ir_print_attr_to(p, t->attrs[0]);
            spvk_ir_print_text(p, " x ");
        } else {
            spvk_ir_print_text(p, "array<");
            spvk_ir_print_int(p, t->ints[0]);
            spvk_ir_print_text(p, " x ");
        }
        print_any(tp, t->types[0]);
        if (t->ints[1] > 0) {
            spvk_ir_print_text(p, ", stride=");
            spvk_ir_print_int(p, t->ints[1]);
        }
        spvk_ir_print_text(p, ">");
        break;
    case SPVK_SPIRV_RUNTIME_ARRAY:
        spvk_ir_print_text(p, "rtarray<");
        print_any(tp, t->types[0]);
        if (t->ints[0] > 0) {
            spvk_ir_print_text(p, ", stride=");
            spvk_ir_print_int(p, t->ints[0]);
        }
        if (t->num_attrs && t->attrs[0]) { /* spvkit's ArrayStrideIdEXT */
            spvk_ir_print_text(p, ", stride_id=");
            spvk_ir_print_attr_to(p, t->attrs[0]);
        }
        spvk_ir_print_text(p, ">");
        break;
    case SPVK_SPIRV_POINTER:
        spvk_ir_print_text(p, "ptr<");
        print_any(tp, t->types[0]);
        spvk_ir_print_text(p, ", ");
        spvk_spirv_print_enum_value(p, SPVK_OPERAND_StorageClass, (uint32_t)t->ints[0]);
        if (t->num_ints > 1 && t->ints[1] > 0)
            spvk_ir_print_format(p, ", stride=%lld", (long long)t->ints[1]);
        spvk_ir_print_text(p, ">");
        break;
    case SPVK_SPIRV_STRUCT:
        print_struct(tp, t);
        break;
    case SPVK_SPIRV_IMAGE: {
        static const char *const depth[] = {"NoDepth", "IsDepth", "DepthUnknown"};
        static const char *const arrayed[] = {"NonArrayed", "Arrayed"};
        static const char *const sampling[] = {"SingleSampled", "MultiSampled"};
        static const char *const sampler_use[] = {"SamplerUnknown", "NeedSampler", "NoSampler"};
        spvk_ir_print_text(p, "image<");
        print_any(tp, t->types[0]);
        spvk_ir_print_text(p, ", ");
        spvk_spirv_print_enum_value(p, SPVK_OPERAND_Dim, (uint32_t)t->ints[0]);
        spvk_ir_print_format(p, ", %s, %s, %s, %s, ", t->ints[1] >= 0 && t->ints[1] < 3 ? depth[t->ints[1]] : "?",
                             t->ints[2] >= 0 && t->ints[2] < 2 ? arrayed[t->ints[2]] : "?",
                             t->ints[3] >= 0 && t->ints[3] < 2 ? sampling[t->ints[3]] : "?",
                             t->ints[4] >= 0 && t->ints[4] < 3 ? sampler_use[t->ints[4]] : "?");
        spvk_spirv_print_enum_value(p, SPVK_OPERAND_ImageFormat, (uint32_t)t->ints[5]);
        if (t->ints[6] >= 0) {
            spvk_ir_print_text(p, ", ");
            spvk_spirv_print_enum_value(p, SPVK_OPERAND_AccessQualifier, (uint32_t)t->ints[6]);
        }
        spvk_ir_print_text(p, ">");
        break;
    }
    case SPVK_SPIRV_SAMPLED_IMAGE:
        spvk_ir_print_text(p, "sampled_image<");
        print_any(tp, t->types[0]);
        spvk_ir_print_text(p, ">");
        break;
    case SPVK_SPIRV_SAMPLER:
        spvk_ir_print_text(p, "sampler");
        break;
    case SPVK_SPIRV_MATRIX:
        spvk_ir_print_format(p, "matrix<%lld x ", (long long)t->ints[0]);
        print_any(tp, t->types[0]);
        spvk_ir_print_text(p, ">");
        break;
    case SPVK_SPIRV_COOPMATRIX: {
        /* With specialization constants (spvkit's): `[rows, columns] x element`, each @symbol or a number. */
        bool spec = t->num_attrs == 4;
        if (spec) {
            spvk_ir_print_text(p, "coopmatrix<[");
            for (int i = 0; i < 2; i++) {
                if (i)
                    spvk_ir_print_text(p, ", ");
                if (is_symbol(t->attrs[i]))
                    spvk_ir_print_attr_to(p, t->attrs[i]);
                else
                    spvk_ir_print_format(p, "%lld", (long long)t->ints[i]);
            }
            spvk_ir_print_text(p, "] x ");
        } else {
            spvk_ir_print_format(p, "coopmatrix<%lldx%lldx", (long long)t->ints[0], (long long)t->ints[1]);
        }
        print_any(tp, t->types[0]);
        spvk_ir_print_text(p, ", ");
        if (spec && is_symbol(t->attrs[2]))
            spvk_ir_print_attr_to(p, t->attrs[2]);
        else
            spvk_spirv_print_enum_value(p, SPVK_OPERAND_Scope, (uint32_t)t->ints[2]);
        spvk_ir_print_text(p, ", ");
        if (spec && is_symbol(t->attrs[3]))
            spvk_ir_print_attr_to(p, t->attrs[3]);
        else
            spvk_spirv_print_enum_value(p, SPVK_OPERAND_CooperativeMatrixUse, (uint32_t)t->ints[3]);
        spvk_ir_print_text(p, ">");
        break;
    }
    case SPVK_SPIRV_OPAQUE: {
        char name[96];
        uint32_t opcode = t->num_ints ? (uint32_t)t->ints[0] : 0;
        if (!opaque_name(opcode, name, sizeof name)) {
            spvk_ir_print_format(p, "opaque_type_%u", opcode); /* not parsed back: never built by spvkit */
            break;
        }
        spvk_ir_print_text(p, name);
        if (t->num_ints > 1 || t->num_attrs) {
            /* Operands in the grammar's order: literals from ints, <id>s from attrs (a variadic
               operand takes what is left of its list). */
            unsigned kinds[16];
            uint8_t qs[16];
            uint32_t nk = opaque_operand_kinds(opcode, kinds, qs, 16);
            uint32_t li = 1, ai = 0, printed = 0;
            spvk_ir_print_text(p, "<");
            for (uint32_t k = 0; k < nk || li < t->num_ints || ai < t->num_attrs; k++) {
                bool extra = k >= nk; /* more than the grammar says: malformed, printed anyway */
                unsigned kind = extra ? SPVK_OPERAND_LiteralInteger : kinds[k];
                bool id = extra ? li >= t->num_ints : is_id_kind(kind);
                bool many = extra || qs[k] == SPVK_QUANTIFIER_VARIADIC;
                do {
                    if (id ? ai >= t->num_attrs : li >= t->num_ints)
                        break;
                    if (printed++)
                        spvk_ir_print_text(p, ", ");
                    if (id) {
                        const spvk_ir_attr *a = t->attrs[ai++];
                        if (!a->dialect && a->kind == SPVK_ATTR_TYPE)
                            print_any(tp, a->type);
                        else
                            spvk_ir_print_attr_to(p, a);
                        continue;
                    }
                    uint8_t cat = spvk_operand_kind_categories[kind];
                    if (cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM)
                        spvk_spirv_print_enum_value(p, kind, (uint32_t)t->ints[li]);
                    else
                        spvk_ir_print_format(p, "%lld", (long long)t->ints[li]);
                    li++;
                } while (many);
            }
            spvk_ir_print_text(p, ">");
        }
        break;
    }
    default:
        spvk_ir_print_format(p, "unknown_type_kind_%u", t->kind);
        break;
    }
}

static void print_any(type_printer *tp, const spvk_ir_type *t)
{
    if (t && t->dialect == spvk_spirv_dialect()) {
        /* A shared sub-tree's alias (printer.c's aliases). */
        if (spvk_ir_print_type_shared(tp->p, t))
            return;
        if (tp->nesting == MAX_NESTING) {
            spvk_ir_print_text(tp->p, "...");
            return;
        }
        spvk_ir_print_text(tp->p, "!spirv.");
        tp->nesting++;
        print_body(tp, t);
        tp->nesting--;
    } else {
        spvk_ir_print_type_to(tp->p, t);
    }
}

void spvk_spirv_print_type(spvk_ir_printer *p, const spvk_ir_type *type)
{
    type_printer tp;
    tp.p = p;
    tp.depth = 0;
    tp.nesting = 0;
    print_body(&tp, type);
}

/* ---- Parsing ---- */

static const char *parse_mnemonic(spvk_ir_parser *p)
{
    const char *name;
    if (!spvk_ir_parse_identifier(p, &name))
        return NULL;
    return name[0] == '.' ? name + 1 : name;
}

/* `stride=N` */
static bool parse_stride(spvk_ir_parser *p, int64_t *stride)
{
    if (!spvk_ir_parse_keyword(p, "stride") || !spvk_ir_parse_punct(p, "=") || !spvk_ir_parse_integer(p, stride))
        return false;
    if (*stride <= 0 || *stride > 0xffffffffLL)
        return spvk_ir_parser_error(p, "stride must be positive and fit in 32 bits");
    return true;
}

static bool parse_enum_in(spvk_ir_parser *p, unsigned kind, int64_t *out)
{
    uint32_t v;
    if (!spvk_spirv_parse_enum_value(p, kind, &v))
        return false;
    *out = v;
    return true;
}

/* One of an image parameter's names (NoDepth, ...), as its number. */
static bool parse_name_in(spvk_ir_parser *p, const char *const *names, uint32_t count, const char *what, int64_t *out)
{
    const char *name;
    if (!spvk_ir_parse_identifier(p, &name))
        return false;
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = i;
            return true;
        }
    return spvk_ir_parser_error(p, "'%s' is not an image %s", name, what);
}

/* A decoration inside a member's list: Name, Name=literal(:literal)*, Name="string". */
static const spvk_ir_attr *parse_decoration(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    uint32_t dec;
    if (!spvk_spirv_parse_enum_value(p, SPVK_OPERAND_Decoration, &dec))
        return NULL;
    const spvk_ir_attr *e = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Decoration, dec);
    if (!e || !spvk_ir_parse_optional_punct(p, "="))
        return e;
    const spvk_ir_attr *items[16];
    uint32_t n = 0;
    items[n++] = e;
    do {
        if (n == 16) {
            spvk_ir_parser_error(p, "too many decoration literals");
            return NULL;
        }
        const char *s;
        size_t len;
        int64_t v;
        if (spvk_ir_parse_optional_string(p, &s, &len)) {
            items[n++] = spvk_ir_string_attr(ctx, s, len);
        } else if (spvk_ir_parse_optional_integer(p, &v)) {
            items[n++] = spvk_ir_i32_attr(ctx, v);
        } else {
            /* BuiltIn=Position and the like: an enumerant of the decoration's parameter kind. */
            const spvk_enumerant_desc *de = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, dec);
            unsigned pk = de && de->num_parameters >= n ? de->parameters[n - 1].kind : SPVK_OPERAND_LiteralInteger;
            uint8_t cat = spvk_operand_kind_categories[pk];
            if (cat != SPVK_CATEGORY_VALUEENUM && cat != SPVK_CATEGORY_BITENUM) {
                spvk_ir_parser_error(p, "expected a decoration literal");
                return NULL;
            }
            uint32_t ev;
            if (!spvk_spirv_parse_enum_value(p, pk, &ev))
                return NULL;
            items[n++] = spvk_ir_i32_attr(ctx, ev);
        }
        if (!items[n - 1])
            return NULL;
    } while (spvk_ir_parse_optional_punct(p, ":"));
    return spvk_ir_array_attr(ctx, items, n);
}

/* `[offset?, decoration, ...]` after a member (or after the struct's members, with no offset). */
static bool parse_decoration_list(spvk_ir_parser *p, spvk_ir_context *ctx, int64_t *offset, const spvk_ir_attr **out)
{
    const spvk_ir_attr *items[64];
    uint32_t n = 0;
    if (!spvk_ir_parse_punct(p, "["))
        return false;
    if (spvk_ir_parse_optional_punct(p, "]")) {
        *out = spvk_ir_array_attr(ctx, NULL, 0);
        return *out != NULL;
    }
    int64_t v;
    bool first = true;
    do {
        if (first && offset && spvk_ir_parse_optional_integer(p, &v)) {
            if (v < 0 || v > 0xffffffffLL)
                return spvk_ir_parser_error(p, "offset %lld is out of range", (long long)v);
            *offset = v;
        } else {
            if (n == 64)
                return spvk_ir_parser_error(p, "too many decorations");
            if (!(items[n++] = parse_decoration(p, ctx)))
                return false;
        }
        first = false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    if (!spvk_ir_parse_punct(p, "]"))
        return false;
    *out = spvk_ir_array_attr(ctx, items, n);
    return *out != NULL;
}

/* `(member [decorations], ...)` and an optional `, [struct decorations]`, then '>'. */
static bool parse_struct_body(spvk_ir_parser *p, spvk_ir_context *ctx, spvk_ir_type_desc *d)
{
    /* The parser's scratch: freed with the op being parsed. */
    uint32_t cap = 8, n = 0;
    const spvk_ir_type **members = spvk_ir_parser_scratch(p, cap * sizeof *members);
    int64_t *offsets = spvk_ir_parser_scratch(p, cap * sizeof *offsets);
    const spvk_ir_attr **decs = spvk_ir_parser_scratch(p, (cap + 1) * sizeof *decs);
    if (!members || !offsets || !decs)
        return spvk_ir_parser_error(p, "out of memory");
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            if (n == cap) {
                if (cap >= 0x8000)
                    return spvk_ir_parser_error(p, "too many struct members");
                uint32_t nc = cap * 2;
                const spvk_ir_type **m2 = spvk_ir_parser_scratch(p, nc * sizeof *m2);
                int64_t *o2 = spvk_ir_parser_scratch(p, nc * sizeof *o2);
                const spvk_ir_attr **d2 = spvk_ir_parser_scratch(p, (nc + 1) * sizeof *d2);
                if (!m2 || !o2 || !d2)
                    return spvk_ir_parser_error(p, "out of memory");
                memcpy(m2, members, n * sizeof *m2);
                memcpy(o2, offsets, n * sizeof *o2);
                memcpy(d2, decs, n * sizeof *d2);
                members = m2;
                offsets = o2;
                decs = d2;
                cap = nc;
            }
            if (!(members[n] = spvk_ir_parse_type(p)))
                return false;
            offsets[n] = -1;
            decs[n] = NULL;
            if (spvk_ir_parser_at_punct(p, "[") && !parse_decoration_list(p, ctx, &offsets[n], &decs[n]))
                return false;
            n++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    decs[n] = NULL;
    if (spvk_ir_parse_optional_punct(p, ",") && !parse_decoration_list(p, ctx, NULL, &decs[n]))
        return false;
    if (!spvk_ir_parse_punct(p, ">"))
        return false;
    if (!struct_desc(ctx, members, n, offsets, decs, d))
        return spvk_ir_parser_error(p, "out of memory");
    return true;
}

static const spvk_ir_type *parse_struct(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    const char *name = NULL;
    size_t len = 0;
    if (!spvk_ir_parse_punct(p, "<"))
        return NULL;
    if (spvk_ir_parse_optional_string(p, &name, &len) || spvk_ir_parse_optional_identifier(p, &name)) {
        if (len == 0)
            len = strlen(name);
        spvk_ir_type *s = spvk_spirv_identified_struct(ctx, name, len);
        if (!s) {
            spvk_ir_parser_error(p, "out of memory");
            return NULL;
        }
        if (spvk_ir_parse_optional_punct(p, ">"))
            return s; /* a reference: its body is given where it is defined */
        if (!spvk_ir_parse_punct(p, ","))
            return NULL;
        spvk_ir_type_desc d;
        if (!parse_struct_body(p, ctx, &d))
            return NULL;
        bool was_set = s->body_set;
        bool set = spvk_ir_type_set_body(ctx, s, &d);
        struct_desc_free(ctx, &d);
        if (!set) { /* a second body must equal the first */
            if (was_set)
                spvk_ir_parser_error(p, "identified struct '%s' is already defined with a different body", s->name);
            else
                spvk_ir_parser_error(p, "out of memory");
            return NULL;
        }
        return s;
    }
    spvk_ir_type_desc d;
    if (!parse_struct_body(p, ctx, &d))
        return NULL;
    const spvk_ir_type *t = spvk_ir_type_get(ctx, &d);
    struct_desc_free(ctx, &d);
    return t;
}

static const spvk_ir_type *parse_image(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    static const char *const depth[] = {"NoDepth", "IsDepth", "DepthUnknown"};
    static const char *const arrayed[] = {"NonArrayed", "Arrayed"};
    static const char *const sampling[] = {"SingleSampled", "MultiSampled"};
    static const char *const sampler_use[] = {"SamplerUnknown", "NeedSampler", "NoSampler"};
    int64_t v[7] = {0, 0, 0, 0, 0, 0, -1};
    const spvk_ir_type *sampled;
    if (!spvk_ir_parse_punct(p, "<") || !(sampled = spvk_ir_parse_type(p)) || !spvk_ir_parse_punct(p, ",") ||
        !parse_enum_in(p, SPVK_OPERAND_Dim, &v[0]) || !spvk_ir_parse_punct(p, ",") ||
        !parse_name_in(p, depth, 3, "depth", &v[1]) || !spvk_ir_parse_punct(p, ",") ||
        !parse_name_in(p, arrayed, 2, "arrayed info", &v[2]) || !spvk_ir_parse_punct(p, ",") ||
        !parse_name_in(p, sampling, 2, "sampling info", &v[3]) || !spvk_ir_parse_punct(p, ",") ||
        !parse_name_in(p, sampler_use, 3, "sampler use", &v[4]) || !spvk_ir_parse_punct(p, ",") ||
        !parse_enum_in(p, SPVK_OPERAND_ImageFormat, &v[5]))
        return NULL;
    if (spvk_ir_parse_optional_punct(p, ",") && !parse_enum_in(p, SPVK_OPERAND_AccessQualifier, &v[6]))
        return NULL;
    if (!spvk_ir_parse_punct(p, ">"))
        return NULL;
    return spvk_spirv_image_type(ctx, sampled, (uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], (uint32_t)v[3],
                                 (uint32_t)v[4], (uint32_t)v[5], v[6]);
}

/* What print_body writes for SPVK_SPIRV_OPAQUE: `<` operands `>` in grammar order, literals as
   integers or enumerant names, <id>s as types or attributes (`2 : i32`, `true`, `@N`); optional
   and variadic operands may be left out, a variadic one repeats up to `>`. */
static const spvk_ir_type *parse_opaque(spvk_ir_parser *p, spvk_ir_context *ctx, uint32_t opcode)
{
    unsigned kinds[16];
    uint8_t qs[16];
    uint32_t nk = opaque_operand_kinds(opcode, kinds, qs, 16);
    int64_t lits[16];
    const spvk_ir_attr *ids[16];
    uint32_t n = 0, ni = 0, parsed = 0;
    if (nk && !spvk_ir_parse_punct(p, "<"))
        return NULL;
    for (uint32_t i = 0; i < nk; i++) {
        bool required = qs[i] != SPVK_QUANTIFIER_OPTIONAL && qs[i] != SPVK_QUANTIFIER_VARIADIC;
        do {
            if (!required && spvk_ir_parser_at_punct(p, ">"))
                break;
            if (parsed++ && !spvk_ir_parse_punct(p, ","))
                return NULL;
            if (n == 16 || ni == 16) {
                spvk_ir_parser_error(p, "too many type parameters");
                return NULL;
            }
            if (is_id_kind(kinds[i])) {
                if (!(ids[ni++] = spvk_ir_parse_attr(p, NULL)))
                    return NULL;
            } else {
                uint8_t cat = spvk_operand_kind_categories[kinds[i]];
                if (cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM) {
                    if (!parse_enum_in(p, kinds[i], &lits[n]))
                        return NULL;
                } else if (!spvk_ir_parse_integer(p, &lits[n])) {
                    return NULL;
                }
                n++;
            }
        } while (qs[i] == SPVK_QUANTIFIER_VARIADIC);
    }
    if (nk && !spvk_ir_parse_punct(p, ">"))
        return NULL;
    const spvk_ir_type *t = spvk_spirv_opaque_type_ids(ctx, opcode, lits, n, ids, ni);
    if (!t)
        spvk_ir_parser_error(p, "out of memory");
    return t;
}

/* A number, or @symbol (a specialization constant): params[i] or symbols[i]. */
static bool parse_spec_param(spvk_ir_parser *p, spvk_ir_context *ctx, unsigned enum_kind, int64_t *param,
                             const spvk_ir_attr **symbol)
{
    const char *sym;
    *symbol = NULL;
    if (spvk_ir_parse_optional_symbol_name(p, &sym)) {
        *symbol = spvk_ir_symbol_ref_attr(ctx, sym, strlen(sym));
        *param = -1;
        return *symbol != NULL || spvk_ir_parser_error(p, "out of memory");
    }
    if (enum_kind)
        return parse_enum_in(p, enum_kind, param);
    return spvk_ir_parse_integer(p, param);
}

/* spvkit's `[rows, columns] x element, scope, use` after '<', any of them a specialization constant. */
static const spvk_ir_type *parse_spec_coopmatrix(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    int64_t params[4];
    const spvk_ir_attr *symbols[4];
    const spvk_ir_type *elem;
    if (!spvk_ir_parse_punct(p, "[") || !parse_spec_param(p, ctx, 0, &params[0], &symbols[0]) ||
        !spvk_ir_parse_punct(p, ",") || !parse_spec_param(p, ctx, 0, &params[1], &symbols[1]) ||
        !spvk_ir_parse_punct(p, "]") || !spvk_ir_parse_keyword(p, "x") || !(elem = spvk_ir_parse_type(p)) ||
        !spvk_ir_parse_punct(p, ",") || !parse_spec_param(p, ctx, SPVK_OPERAND_Scope, &params[2], &symbols[2]) ||
        !spvk_ir_parse_punct(p, ",") ||
        !parse_spec_param(p, ctx, SPVK_OPERAND_CooperativeMatrixUse, &params[3], &symbols[3]) ||
        !spvk_ir_parse_punct(p, ">"))
        return NULL;
    for (int i = 0; i < 2; i++)
        if (!symbols[i] && (params[i] <= 0 || params[i] > 0xffffffffLL)) {
            spvk_ir_parser_error(p, "cooperative matrix dimensions must be positive");
            return NULL;
        }
    const spvk_ir_type *t = spvk_spirv_spec_coopmatrix_type(ctx, elem, params, symbols);
    if (!t)
        spvk_ir_parser_error(p, "out of memory");
    return t;
}

const spvk_ir_type *spvk_spirv_parse_type(spvk_ir_parser *p)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const char *m = parse_mnemonic(p);
    if (!m)
        return NULL;
    const spvk_ir_type *elem, *t = NULL;
    int64_t n, stride = 0;
    if (strcmp(m, "array") == 0) {
        if (!spvk_ir_parse_punct(p, "<"))
            return NULL;
        const char *sym;
        if (spvk_ir_parse_optional_symbol_name(p, &sym)) {
            /* spvkit's: the length is a specialization constant. */
            const spvk_ir_attr *ref = spvk_ir_symbol_ref_attr(ctx, sym, strlen(sym));
            if (!spvk_ir_parse_keyword(p, "x") || !(elem = spvk_ir_parse_type(p)))
                return NULL;
            if (spvk_ir_parse_optional_punct(p, ",") && !parse_stride(p, &stride))
                return NULL;
            if (!spvk_ir_parse_punct(p, ">"))
                return NULL;
            t = ref ? spvk_spirv_spec_array_type(ctx, elem, ref, stride) : NULL;
            if (!t)
                spvk_ir_parser_error(p, "out of memory");
            return t;
        }
        if (!spvk_ir_parse_integer(p, &n) || !spvk_ir_parse_keyword(p, "x") || !(elem = spvk_ir_parse_type(p)))
            return NULL;
        if (n < 0 || n > 0xffffffffLL) {
            spvk_ir_parser_error(p, "array length %lld is out of range", (long long)n);
            return NULL;
        }
        if (spvk_ir_parse_optional_punct(p, ",") && !parse_stride(p, &stride))
            return NULL;
        if (!spvk_ir_parse_punct(p, ">"))
            return NULL;
        t = spvk_spirv_array_type(ctx, elem, n, stride);
    } else if (strcmp(m, "rtarray") == 0) {
        if (!spvk_ir_parse_punct(p, "<") || !(elem = spvk_ir_parse_type(p)))
            return NULL;
        const spvk_ir_attr *stride_id = NULL;
        while (spvk_ir_parse_optional_punct(p, ",")) {
            if (spvk_ir_parse_optional_keyword(p, "stride_id")) {
                if (!spvk_ir_parse_punct(p, "=") || !(stride_id = spvk_ir_parse_attr(p, NULL)))
                    return NULL;
            } else if (!parse_stride(p, &stride)) {
                return NULL;
            }
        }
        if (!spvk_ir_parse_punct(p, ">"))
            return NULL;
        t = spvk_spirv_runtime_array_type_id(ctx, elem, stride, stride_id);
    } else if (strcmp(m, "ptr") == 0) {
        int64_t sc, pstride = 0;
        if (!spvk_ir_parse_punct(p, "<") || !(elem = spvk_ir_parse_type(p)) || !spvk_ir_parse_punct(p, ",") ||
            !parse_enum_in(p, SPVK_OPERAND_StorageClass, &sc))
            return NULL;
        /* spvkit's: an ArrayStride decoration of the pointer type, as arrays write it */
        if (spvk_ir_parse_optional_punct(p, ",") && !parse_stride(p, &pstride))
            return NULL;
        if (!spvk_ir_parse_punct(p, ">"))
            return NULL;
        t = spvk_spirv_strided_pointer_type(ctx, elem, (uint32_t)sc, pstride);
    } else if (strcmp(m, "struct") == 0) {
        return parse_struct(p, ctx);
    } else if (strcmp(m, "image") == 0) {
        return parse_image(p, ctx);
    } else if (strcmp(m, "sampled_image") == 0) {
        if (!spvk_ir_parse_punct(p, "<") || !(elem = spvk_ir_parse_type(p)) || !spvk_ir_parse_punct(p, ">"))
            return NULL;
        if (!spvk_ir_type_is(elem, spvk_spirv_dialect(), SPVK_SPIRV_IMAGE)) {
            spvk_ir_parser_error(p, "a sampled image needs an image type");
            return NULL;
        }
        t = spvk_spirv_sampled_image_type(ctx, elem);
    } else if (strcmp(m, "sampler") == 0) {
        t = spvk_spirv_sampler_type(ctx);
    } else if (strcmp(m, "matrix") == 0) {
        if (!spvk_ir_parse_punct(p, "<") || !spvk_ir_parse_integer(p, &n) || !spvk_ir_parse_keyword(p, "x") ||
            !(elem = spvk_ir_parse_type(p)) || !spvk_ir_parse_punct(p, ">"))
            return NULL;
        if (n < 2 || n > 0xffffffffLL) {
            spvk_ir_parser_error(p, "a matrix has at least 2 columns");
            return NULL;
        }
        t = spvk_spirv_matrix_type(ctx, elem, (uint32_t)n);
    } else if (strcmp(m, "coopmatrix") == 0) {
        int64_t dims[2], scope, use;
        uint32_t rank = 0;
        if (!spvk_ir_parse_punct(p, "<"))
            return NULL;
        if (spvk_ir_parser_at_punct(p, "["))
            return parse_spec_coopmatrix(p, ctx);
        if (!spvk_ir_parse_dimension_list(p, dims, 2, &rank, false))
            return NULL;
        if (rank != 2) {
            spvk_ir_parser_error(p, "a cooperative matrix has two dimensions");
            return NULL;
        }
        if (!(elem = spvk_ir_parse_type(p)) || !spvk_ir_parse_punct(p, ",") ||
            !parse_enum_in(p, SPVK_OPERAND_Scope, &scope) || !spvk_ir_parse_punct(p, ",") ||
            !parse_enum_in(p, SPVK_OPERAND_CooperativeMatrixUse, &use) || !spvk_ir_parse_punct(p, ">"))
            return NULL;
        if (dims[0] <= 0 || dims[1] <= 0 || dims[0] > 0xffffffffLL || dims[1] > 0xffffffffLL) {
            spvk_ir_parser_error(p, "cooperative matrix dimensions must be positive");
            return NULL;
        }
        t = spvk_spirv_coopmatrix_type(ctx, elem, (uint32_t)dims[0], (uint32_t)dims[1], (uint32_t)scope,
                                       (uint32_t)use);
    } else {
        uint32_t opcode = opaque_opcode(m);
        if (!opcode) {
            spvk_ir_parser_error(p, "unknown SPIR-V type: %s", m);
            return NULL;
        }
        return parse_opaque(p, ctx, opcode);
    }
    if (!t)
        spvk_ir_parser_error(p, "out of memory");
    return t;
}
