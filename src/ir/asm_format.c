/* The declarative assembly-format engine and the ODS verifier (include/spvkit/ir_ods.h).

   An op described as data (operands, attributes, results, regions, successors, a resolved
   format) gets an op def whose parse/print run the format and whose verify runs the checks
   MLIR's ODS generates, with MLIR 19's messages. Formats arrive resolved by
   tools/gen_dialect_ops.py: every element says which operand/attribute group it names and
   whether a space is due before it (MLIR's format generator decides spacing when generating,
   not when printing: its state is a property of the format, not of the op), so printing an op
   is one pass over its elements with no name lookups, and parsing allocates only in the
   parser's scratch. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/ir_ods.h"
#include "ir_internal.h"

/* The generator keeps descriptions within these (it reports a table that does not fit). */
#define ODS_MAX_GROUPS 32

/* ------------------------------------------------------------------------------------------------
   Shared constraint predicates
   ------------------------------------------------------------------------------------------------ */

static bool builtin_type(const spvk_ir_type *t, unsigned kind) { return t && !t->dialect && t->kind == kind; }
static bool builtin_attr(const spvk_ir_attr *a, unsigned kind) { return a && !a->dialect && a->kind == kind; }

static const spvk_ir_type *element_of(const spvk_ir_type *t)
{
    if (builtin_type(t, SPVK_TYPE_VECTOR) || builtin_type(t, SPVK_TYPE_TENSOR) || builtin_type(t, SPVK_TYPE_MEMREF))
        return t->num_types ? t->types[0] : NULL;
    return t;
}

bool spvk_ods_is_index(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_INDEX); }
bool spvk_ods_is_integer(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_INTEGER); }
bool spvk_ods_is_signless_integer(const spvk_ir_type *t)
{
    return builtin_type(t, SPVK_TYPE_INTEGER) && t->flags == SPVK_INT_SIGNLESS;
}
static bool signless_width(const spvk_ir_type *t, uint32_t w) { return spvk_ods_is_signless_integer(t) && t->width == w; }
bool spvk_ods_is_i1(const spvk_ir_type *t) { return signless_width(t, 1); }
bool spvk_ods_is_i32(const spvk_ir_type *t) { return signless_width(t, 32); }
bool spvk_ods_is_i64(const spvk_ir_type *t) { return signless_width(t, 64); }
bool spvk_ods_is_float(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_FLOAT); }
static bool ieee_width(const spvk_ir_type *t, uint32_t w)
{
    return builtin_type(t, SPVK_TYPE_FLOAT) && t->flags == SPVK_FLOAT_IEEE && t->width == w;
}
bool spvk_ods_is_f16(const spvk_ir_type *t) { return ieee_width(t, 16); }
bool spvk_ods_is_f32(const spvk_ir_type *t) { return ieee_width(t, 32); }
bool spvk_ods_is_f64(const spvk_ir_type *t) { return ieee_width(t, 64); }
bool spvk_ods_is_bf16(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_FLOAT) && t->flags == SPVK_FLOAT_BF16; }
bool spvk_ods_is_signless_integer_or_index(const spvk_ir_type *t)
{
    return spvk_ods_is_signless_integer(t) || spvk_ods_is_index(t);
}
bool spvk_ods_is_vector(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_VECTOR); }
bool spvk_ods_is_tensor(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_TENSOR); }
bool spvk_ods_is_ranked_tensor(const spvk_ir_type *t)
{
    return builtin_type(t, SPVK_TYPE_TENSOR) && !(t->flags & SPVK_SHAPE_UNRANKED);
}
bool spvk_ods_is_memref(const spvk_ir_type *t)
{
    return builtin_type(t, SPVK_TYPE_MEMREF) && !(t->flags & SPVK_SHAPE_UNRANKED);
}
bool spvk_ods_is_ranked_or_unranked_memref(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_MEMREF); }
bool spvk_ods_is_shaped(const spvk_ir_type *t)
{
    return builtin_type(t, SPVK_TYPE_VECTOR) || builtin_type(t, SPVK_TYPE_TENSOR) || builtin_type(t, SPVK_TYPE_MEMREF);
}
bool spvk_ods_is_function_type(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_FUNCTION); }
bool spvk_ods_is_none(const spvk_ir_type *t) { return builtin_type(t, SPVK_TYPE_NONE); }

/* MLIR's "-like" constraints: the scalar, or a vector or tensor of it. */
static const spvk_ir_type *like_scalar(const spvk_ir_type *t)
{
    if (builtin_type(t, SPVK_TYPE_VECTOR) || builtin_type(t, SPVK_TYPE_TENSOR))
        return t->num_types ? t->types[0] : NULL;
    return t;
}
bool spvk_ods_is_bool_like(const spvk_ir_type *t) { return spvk_ods_is_i1(like_scalar(t)); }
/* MLIR 19's SignlessIntegerLike takes index too (AnySignlessIntegerOrIndex and its vectors and
   tensors: math.ctlz of an index verifies); later MLIR renamed it SignlessIntegerOrIndexLike. */
bool spvk_ods_is_signless_integer_like(const spvk_ir_type *t)
{
    return spvk_ods_is_signless_integer_or_index(like_scalar(t));
}
bool spvk_ods_is_signless_integer_or_index_like(const spvk_ir_type *t)
{
    return spvk_ods_is_signless_integer_or_index(like_scalar(t));
}
bool spvk_ods_is_float_like(const spvk_ir_type *t) { return spvk_ods_is_float(like_scalar(t)); }
bool spvk_ods_is_index_like(const spvk_ir_type *t) { return spvk_ods_is_index(like_scalar(t)); }

bool spvk_ods_is_unit_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_UNIT); }
bool spvk_ods_is_bool_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_BOOL); }
bool spvk_ods_is_integer_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_INTEGER); }
bool spvk_ods_is_i32_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_INTEGER) && spvk_ods_is_i32(a->type); }
bool spvk_ods_is_i64_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_INTEGER) && spvk_ods_is_i64(a->type); }
bool spvk_ods_is_index_attr(const spvk_ir_attr *a)
{
    return builtin_attr(a, SPVK_ATTR_INTEGER) && spvk_ods_is_index(a->type);
}
bool spvk_ods_is_float_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_FLOAT); }
bool spvk_ods_is_f32_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_FLOAT) && spvk_ods_is_f32(a->type); }
bool spvk_ods_is_f64_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_FLOAT) && spvk_ods_is_f64(a->type); }
bool spvk_ods_is_string_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_STRING); }
bool spvk_ods_is_symbol_ref_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_SYMBOL_REF); }
bool spvk_ods_is_flat_symbol_ref_attr(const spvk_ir_attr *a)
{
    return builtin_attr(a, SPVK_ATTR_SYMBOL_REF) && a->num_attrs == 0;
}
bool spvk_ods_is_type_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_TYPE) && a->type; }
bool spvk_ods_is_function_type_attr(const spvk_ir_attr *a)
{
    return spvk_ods_is_type_attr(a) && spvk_ods_is_function_type(a->type);
}
bool spvk_ods_is_array_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_ARRAY); }
bool spvk_ods_is_dictionary_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_DICTIONARY); }
static bool dense_array_of(const spvk_ir_attr *a, uint32_t width)
{
    return builtin_attr(a, SPVK_ATTR_DENSE_ARRAY) && signless_width(a->type, width);
}
bool spvk_ods_is_dense_i32_array_attr(const spvk_ir_attr *a) { return dense_array_of(a, 32); }
bool spvk_ods_is_dense_i64_array_attr(const spvk_ir_attr *a) { return dense_array_of(a, 64); }
bool spvk_ods_is_dense_bool_array_attr(const spvk_ir_attr *a) { return dense_array_of(a, 1); }
static bool array_of(const spvk_ir_attr *a, bool (*item)(const spvk_ir_attr *))
{
    if (!spvk_ods_is_array_attr(a))
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++)
        if (!item(a->attrs[i]))
            return false;
    return true;
}
bool spvk_ods_is_i64_array_attr(const spvk_ir_attr *a) { return array_of(a, spvk_ods_is_i64_attr); }
bool spvk_ods_is_i32_array_attr(const spvk_ir_attr *a) { return array_of(a, spvk_ods_is_i32_attr); }
bool spvk_ods_is_dictionary_array_attr(const spvk_ir_attr *a) { return array_of(a, spvk_ods_is_dictionary_attr); }
bool spvk_ods_is_typed_attr(const spvk_ir_attr *a)
{
    if (!a)
        return false;
    if (a->dialect)
        return a->type != NULL;
    if (a->kind == SPVK_ATTR_BOOL)
        return true; /* MLIR's BoolAttr is an i1 IntegerAttr */
    return (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT || a->kind == SPVK_ATTR_DENSE) && a->type;
}
bool spvk_ods_is_elements_attr(const spvk_ir_attr *a) { return builtin_attr(a, SPVK_ATTR_DENSE) && a->type; }

const spvk_ir_type *spvk_ods_identity(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    (void)ctx;
    return t;
}

const spvk_ir_type *spvk_ods_build_i1(spvk_ir_context *ctx, const spvk_ir_type *ignored)
{
    (void)ignored;
    return spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
}
const spvk_ir_type *spvk_ods_build_i32(spvk_ir_context *ctx, const spvk_ir_type *ignored)
{
    (void)ignored;
    return spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
}
const spvk_ir_type *spvk_ods_build_i64(spvk_ir_context *ctx, const spvk_ir_type *ignored)
{
    (void)ignored;
    return spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS);
}
const spvk_ir_type *spvk_ods_build_index(spvk_ir_context *ctx, const spvk_ir_type *ignored)
{
    (void)ignored;
    return spvk_ir_index_type(ctx);
}
const spvk_ir_type *spvk_ods_build_f32(spvk_ir_context *ctx, const spvk_ir_type *ignored)
{
    (void)ignored;
    return spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
}

const spvk_ir_type *spvk_ods_element_type(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    (void)ctx;
    return t ? element_of(t) : NULL;
}

const spvk_ir_type *spvk_ods_i1_like(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    const spvk_ir_type *i1 = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    if (!t || !i1)
        return NULL;
    if (builtin_type(t, SPVK_TYPE_VECTOR) || builtin_type(t, SPVK_TYPE_TENSOR)) {
        spvk_ir_type_desc d;
        memset(&d, 0, sizeof d);
        d.kind = t->kind;
        d.flags = t->flags;
        d.width = t->width;
        d.types = &i1;
        d.num_types = 1;
        d.ints = t->ints;
        d.num_ints = t->num_ints;
        d.attrs = t->attrs;
        d.num_attrs = t->num_attrs;
        return spvk_ir_type_get(ctx, &d);
    }
    return i1;
}

/* ------------------------------------------------------------------------------------------------
   Enums
   ------------------------------------------------------------------------------------------------ */

static const spvk_ir_type *enum_int_type(spvk_ir_context *ctx, const spvk_ods_enum *e)
{
    return spvk_ir_integer_type(ctx, e->storage == SPVK_ODS_ENUM_I64 ? 64 : 32, SPVK_INT_SIGNLESS);
}

const spvk_ir_attr *spvk_ods_enum_attr(spvk_ir_context *ctx, const spvk_ods_enum *e, int64_t value)
{
    if (e->storage == SPVK_ODS_ENUM_I32 || e->storage == SPVK_ODS_ENUM_I64) {
        const spvk_ir_type *t = enum_int_type(ctx, e);
        return t ? spvk_ir_integer_attr(ctx, t, value) : NULL;
    }
    spvk_ir_attr_desc d;
    memset(&d, 0, sizeof d);
    d.dialect = e->dialect ? e->dialect() : NULL;
    d.kind = e->attr_kind;
    d.value = value;
    return spvk_ir_attr_get(ctx, &d);
}

bool spvk_ods_enum_value(const spvk_ods_enum *e, const spvk_ir_attr *a, int64_t *value)
{
    if (!a)
        return false;
    if (e->storage == SPVK_ODS_ENUM_I32 || e->storage == SPVK_ODS_ENUM_I64) {
        if (!builtin_attr(a, SPVK_ATTR_INTEGER) || !signless_width(a->type, e->storage == SPVK_ODS_ENUM_I64 ? 64 : 32))
            return false;
    } else if (!a->dialect || a->kind != e->attr_kind || (e->dialect && a->dialect != e->dialect())) {
        return false;
    }
    *value = a->value;
    return true;
}

bool spvk_ods_enum_valid(const spvk_ods_enum *e, int64_t value)
{
    if (e->bit) {
        uint64_t all = 0;
        for (uint32_t i = 0; i < e->num_cases; i++)
            all |= (uint64_t)e->cases[i].value;
        return ((uint64_t)value & ~all) == 0;
    }
    for (uint32_t i = 0; i < e->num_cases; i++)
        if (e->cases[i].value == value)
            return true;
    return false;
}

static bool append(char *buf, size_t size, size_t *at, const char *s)
{
    size_t n = strlen(s);
    if (*at + n + 1 > size)
        return false;
    memcpy(buf + *at, s, n + 1);
    *at += n;
    return true;
}

bool spvk_ods_enum_spell(const spvk_ods_enum *e, int64_t value, char *buf, size_t size)
{
    size_t at = 0;
    if (size)
        buf[0] = 0;
    if (!e->bit) {
        for (uint32_t i = 0; i < e->num_cases; i++)
            if (e->cases[i].value == value)
                return append(buf, size, &at, e->cases[i].name);
        return false;
    }
    uint64_t v = (uint64_t)value;
    if (v == 0) {
        for (uint32_t i = 0; i < e->num_cases; i++)
            if (e->cases[i].value == 0)
                return append(buf, size, &at, e->cases[i].name);
        return false;
    }
    if (!spvk_ods_enum_valid(e, value))
        return false;
    /* MLIR's stringify: the cases of several bits first (their bits then cleared), then one per bit. */
    const char *sep = e->separator ? e->separator : ",";
    bool first = true;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < e->num_cases; i++) {
            uint64_t c = (uint64_t)e->cases[i].value;
            bool multi = c && (c & (c - 1));
            if (!c || multi != (pass == 0) || (v & c) != c)
                continue;
            if ((!first && !append(buf, size, &at, sep)) || !append(buf, size, &at, e->cases[i].name))
                return false;
            first = false;
            if (multi)
                v &= ~c;
        }
    }
    return true;
}

static bool enum_case_named(const spvk_ods_enum *e, const char *s, size_t length, int64_t *value)
{
    for (uint32_t i = 0; i < e->num_cases; i++)
        if (strlen(e->cases[i].name) == length && memcmp(e->cases[i].name, s, length) == 0) {
            *value = e->cases[i].value;
            return true;
        }
    return false;
}

/* The cases as MLIR lists them in its messages: declaration order, which for bit enums is the
   "none" case, the single bits, then the combinations (`fast`); cut short when long. */
static void enum_case_list(const spvk_ods_enum *e, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int pass = 0; pass < 3; pass++)
        for (uint32_t i = 0; i < e->num_cases; i++) {
            uint64_t c = (uint64_t)e->cases[i].value;
            int kind = !e->bit ? 0 : c == 0 ? 0 : (c & (c - 1)) ? 2 : 1;
            if (kind != pass || (!e->bit && pass))
                continue;
            int n = snprintf(buf + at, size - at, "%s%s", at ? ", " : "", e->cases[i].name);
            if (n < 0 || (size_t)n >= size - at)
                return;
            at += (size_t)n;
        }
}

/* MLIR's words for a keyword that names no case, at the text the enum's parser started on:
   I32/I64 enums name the attribute, EnumAttrs their C++ enum. `op` (NULL in a dialect attribute)
   is the custom form's op, whose parser prefixes its errors. */
static bool enum_case_error(spvk_ir_parser *p, spvk_ir_parser_loc loc, const spvk_ods_enum *e, const char *op,
                            const char *attr)
{
    char list[512];
    enum_case_list(e, list, sizeof list);
    const char *pre = op ? "custom op '" : "", *post = op ? "' " : "";
    if (e->storage == SPVK_ODS_ENUM_I32 || e->storage == SPVK_ODS_ENUM_I64)
        return spvk_ir_parser_error_at(p, loc,
                                       "%s%s%sexpected string or keyword containing one of the following enum values "
                                       "for attribute '%s' [%s]",
                                       pre, op ? op : "", post, attr ? attr : e->name, list);
    const spvk_ir_dialect *d = e->dialect ? e->dialect() : NULL;
    return spvk_ir_parser_error_at(p, loc, "%s%s%sexpected ::mlir::%s::%s to be one of: %s", pre, op ? op : "", post,
                                   d ? d->name : "", e->name, list);
}

/* A keyword or (not in bit enums, as MLIR's) a string naming a case. */
static bool parse_one_case(spvk_ir_parser *p, const spvk_ods_enum *e, int64_t *value, spvk_ir_parser_loc start,
                           const char *op, const char *attr)
{
    const char *s, *id;
    size_t length;
    spvk_ir_parser_loc here = spvk_ir_parser_current_loc(p);
    if (spvk_ir_parse_optional_string_view(p, &s, &length)) {
        if (e->bit)
            return spvk_ir_parser_error_at(p, here, "%s%s%sexpected valid keyword", op ? "custom op '" : "",
                                           op ? op : "", op ? "' " : "");
    } else if (spvk_ir_parse_optional_identifier(p, &id)) {
        s = id;
        length = strlen(id);
    } else if (e->bit) {
        return spvk_ir_parser_error(p, "%s%s%sexpected valid keyword", op ? "custom op '" : "", op ? op : "",
                                    op ? "' " : "");
    } else {
        return enum_case_error(p, start, e, op, attr);
    }
    if (!enum_case_named(e, s, length, value))
        return enum_case_error(p, start, e, op, attr);
    return true;
}

/* The cases of e at the parser (a bit enum's list of them); op and attr say where, for errors. */
static bool parse_enum_cases(spvk_ir_parser *p, const spvk_ods_enum *e, int64_t *value, const char *op,
                             const char *attr)
{
    spvk_ir_parser_loc start = spvk_ir_parser_current_loc(p);
    if (!e->bit)
        return parse_one_case(p, e, value, start, op, attr);
    /* A separator printed with spaces (arith's overflow flags: ", ") reads as its punctuation. */
    char sep[8] = ",";
    if (e->separator) {
        size_t n = 0;
        for (const char *s = e->separator; *s && n + 1 < sizeof sep; s++)
            if (*s != ' ')
                sep[n++] = *s;
        sep[n] = 0;
    }
    int64_t v = 0, c;
    do {
        if (!parse_one_case(p, e, &c, start, op, attr))
            return false;
        v |= c;
    } while (spvk_ir_parse_optional_punct(p, sep));
    *value = v;
    return true;
}

bool spvk_ods_enum_parse_cases(spvk_ir_parser *p, const spvk_ods_enum *e, int64_t *value)
{
    return parse_enum_cases(p, e, value, NULL, NULL);
}

/* The default of an attribute as its text says (see spvk_ods_attr.default_text). */
static const spvk_ir_attr *default_attr(spvk_ir_context *ctx, const spvk_ods_attr *a)
{
    const spvk_ods_attr_constraint *c = a->constraint;
    const char *t = a->default_text;
    if (!t || !c)
        return NULL;
    if (c->form == SPVK_ODS_ATTR_ENUM && c->enumeration) {
        const spvk_ods_enum *e = c->enumeration;
        int64_t v = 0, one;
        const char *sep = e->separator ? e->separator : ",";
        while (*t) {
            t += strspn(t, " ");
            size_t n = strcspn(t, sep);
            if (!enum_case_named(e, t, n, &one))
                return NULL;
            v |= one;
            t += n;
            if (*t)
                t++;
        }
        return spvk_ods_enum_attr(ctx, e, v);
    }
    if (c->form == SPVK_ODS_ATTR_TYPED) {
        const spvk_ir_type *type = c->type_kind == SPVK_TYPE_INDEX ? spvk_ir_index_type(ctx)
                                   : c->type_kind == SPVK_TYPE_FLOAT
                                       ? spvk_ir_float_type(ctx, c->type_width, c->type_flags)
                                       : spvk_ir_integer_type(ctx, c->type_width, c->type_flags);
        if (!type)
            return NULL;
        if (c->type_kind == SPVK_TYPE_FLOAT)
            return spvk_ir_float_attr(ctx, type, strtod(t, NULL));
        return spvk_ir_integer_attr(ctx, type, strtoll(t, NULL, 0));
    }
    if (strcmp(t, "true") == 0 || strcmp(t, "false") == 0)
        return spvk_ir_bool_attr(ctx, t[0] == 't');
    if (c->form == SPVK_ODS_ATTR_STRING)
        return spvk_ir_string_attr(ctx, t, strlen(t));
    return NULL;
}

/* ------------------------------------------------------------------------------------------------
   Op defs from descriptions
   ------------------------------------------------------------------------------------------------ */

#define ODS_MAGIC 0x0D5F0A7u

/* What a def made from a description keeps (its form_data): per context, as defaults are
   uniqued attributes. */
typedef struct ods_runtime {
    uint32_t magic;
    const spvk_ods_op *ods;
    const spvk_ir_attr **defaults; /* by attribute index; NULL: none */
    uint32_t num_defaults;
} ods_runtime;

static const ods_runtime *runtime_of(const spvk_ir_op_def *def)
{
    const ods_runtime *r = def ? def->form_data : NULL;
    return r && r->magic == ODS_MAGIC ? r : NULL;
}

const spvk_ods_op *spvk_ods_op_of(const spvk_ir_op_def *def)
{
    const ods_runtime *r = runtime_of(def);
    return r ? r->ods : NULL;
}

static void literal_result_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    const spvk_ods_op *ods = spvk_ods_op_of(op->def);
    if (!ods || !ods->result_name)
        return;
    for (uint32_t i = 0; i < op->num_results; i++)
        set_name(user, &op->results[i], ods->result_name, strlen(ods->result_name));
}

void spvk_ods_fill_def(spvk_ir_op_def *def, const spvk_ir_dialect *self, const spvk_ods_op *op)
{
    def->name = op->name;
    def->dialect = self;
    def->traits = op->traits;
    def->num_regions = -1;
    for (uint32_t i = 0; i < op->num_regions; i++)
        if (op->regions[i].kind == SPVK_ODS_VARIADIC_REGION)
            break;
        else if (i + 1 == op->num_regions)
            def->num_regions = (int32_t)op->num_regions;
    if (op->num_regions == 0)
        def->num_regions = 0;
    def->verify = (op->flags & SPVK_ODS_OP_NO_ODS_VERIFY) ? op->verify : spvk_ods_verify;
    if (op->parse && op->print) {
        def->parse = op->parse;
        def->print = op->print;
    } else if (op->elements) {
        def->parse = spvk_ods_parse;
        def->print = spvk_ods_print;
    }
    def->data = op->data;
    def->inherent_attrs = op->inherent;
    def->num_inherent_attrs = op->num_inherent;
    def->effects = op->effects;
    def->memory_effects = op->memory_effects;
    def->fold = op->fold;
    def->canonicalization_patterns = op->canonicalization_patterns;
    def->result_names = op->result_names ? op->result_names : op->result_name ? literal_result_names : NULL;
    def->successor_operands = op->successor_operands;
    def->erase_successor_operand = op->erase_successor_operand;
    def->region_successors = op->region_successors;
    def->call_indirect = (op->flags & SPVK_ODS_OP_CALL_INDIRECT) != 0;
}

static ods_runtime *make_runtime(spvk_ir_context *ctx, const spvk_ods_op *op)
{
    ods_runtime *r = ir_alloc_immutable(ctx, sizeof *r + sizeof(const spvk_ir_attr *) * op->num_attrs);
    if (!r)
        return NULL;
    r->magic = ODS_MAGIC;
    r->ods = op;
    r->defaults = (const spvk_ir_attr **)(void *)(r + 1);
    r->num_defaults = 0;
    for (uint32_t i = 0; i < op->num_attrs; i++) {
        r->defaults[i] =
            op->attrs[i].kind == SPVK_ODS_DEFAULT_VALUED || op->attrs[i].kind == SPVK_ODS_DEFAULT_OPTIONAL
                ? default_attr(ctx, &op->attrs[i])
                : NULL;
        r->num_defaults += r->defaults[i] != NULL;
    }
    return spvk_ir_context_failed(ctx) ? NULL : r;
}

const void *spvk_ods_form_data(spvk_ir_context *ctx, const spvk_ods_op *op) { return make_runtime(ctx, op); }

bool spvk_ods_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self, const spvk_ods_dialect *d)
{
    spvk_ir_op_def *defs = spvk_ir_alloc(ctx, sizeof *defs * (d->num_ops ? d->num_ops : 1));
    if (!defs)
        return false;
    memset(defs, 0, sizeof *defs * d->num_ops);
    for (uint32_t i = 0; i < d->num_ops; i++) {
        ods_runtime *r = make_runtime(ctx, &d->ops[i]);
        if (!r)
            return false;
        spvk_ods_fill_def(&defs[i], self, &d->ops[i]);
        defs[i].form_data = r;
        if (!spvk_ir_register_op(ctx, &defs[i]))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Groups: which values of an op each ODS operand/result stands for
   ------------------------------------------------------------------------------------------------ */

static bool segments(const spvk_ods_value *vals, uint32_t n, uint32_t total, const spvk_ir_attr *sizes,
                     uint32_t *start, uint32_t *count, bool same_variadic)
{
    if (sizes) {
        if (!builtin_attr(sizes, SPVK_ATTR_DENSE_ARRAY) || sizes->num_attrs != n)
            return false;
        uint32_t at = 0;
        for (uint32_t i = 0; i < n; i++) {
            int64_t c = sizes->attrs[i]->value;
            if (c < 0 || c > (int64_t)total - at)
                return false;
            start[i] = at;
            count[i] = (uint32_t)c;
            at += (uint32_t)c;
        }
        return at == total;
    }
    uint32_t fixed = 0, variable = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (vals[i].arity == SPVK_ODS_SINGLE)
            fixed++;
        else
            variable++;
    }
    if (total < fixed || (variable == 0 && total != fixed))
        return false;
    if (variable > 1 && (!same_variadic || (total - fixed) % variable))
        return false;
    uint32_t rest = (total - fixed) / (variable ? variable : 1), at = 0;
    for (uint32_t i = 0; i < n; i++) {
        start[i] = at;
        count[i] = vals[i].arity == SPVK_ODS_SINGLE ? 1 : rest;
        if (vals[i].arity == SPVK_ODS_OPTIONAL && rest > 1)
            return false;
        at += count[i];
    }
    return true;
}

bool spvk_ods_operand_groups(const spvk_ods_op *ods, const spvk_ir_op *op, uint32_t *start, uint32_t *count)
{
    const spvk_ir_attr *sizes =
        (ods->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS) ? spvk_ir_op_attr(op, "operandSegmentSizes") : NULL;
    if ((ods->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS) && !sizes)
        return false;
    return segments(ods->operands, ods->num_operands, op->num_operands, sizes, start, count,
                    (ods->flags & SPVK_ODS_OP_SAME_VARIADIC_OPERANDS) != 0);
}

bool spvk_ods_result_groups(const spvk_ods_op *ods, const spvk_ir_op *op, uint32_t *start, uint32_t *count)
{
    const spvk_ir_attr *sizes =
        (ods->traits & SPVK_TRAIT_ATTR_SIZED_RESULTS) ? spvk_ir_op_attr(op, "resultSegmentSizes") : NULL;
    if ((ods->traits & SPVK_TRAIT_ATTR_SIZED_RESULTS) && !sizes)
        return false;
    return segments(ods->results, ods->num_results, op->num_results, sizes, start, count,
                    (ods->flags & SPVK_ODS_OP_SAME_VARIADIC_RESULTS) != 0);
}

/* ------------------------------------------------------------------------------------------------
   Custom directive state
   ------------------------------------------------------------------------------------------------ */

typedef struct ref_list {
    spvk_ir_operand_ref *items;
    uint32_t count, capacity;
    bool set;
} ref_list;

typedef struct type_list {
    const spvk_ir_type **items;
    uint32_t count, capacity;
    bool set;
} type_list;

struct spvk_ods_custom_state {
    spvk_ir_context *ctx;
    const spvk_ods_op *ods;
    /* parsing */
    spvk_ir_parser *p;
    spvk_ir_op_state *state;
    ref_list *refs;       /* by operand group */
    type_list *types;     /* by operand group */
    type_list *rtypes;    /* by result group */
    const spvk_ir_attr **attrs;
    /* printing */
    const spvk_ir_op *op;
    const uint32_t *start, *count, *rstart, *rcount;
};

spvk_ir_context *spvk_ods_custom_context(spvk_ods_custom_state *s) { return s->ctx; }
spvk_ir_op_state *spvk_ods_custom_op_state(spvk_ods_custom_state *s) { return s->state; }

static bool grow(spvk_ir_parser *p, void **items, uint32_t *capacity, uint32_t count, size_t size)
{
    if (count < *capacity)
        return true;
    if (*capacity > (1u << 24))
        return spvk_ir_parser_error(p, "too many operands");
    uint32_t fresh_capacity = *capacity ? *capacity * 2 : 4;
    void *fresh = spvk_ir_parser_scratch(p, (size_t)fresh_capacity * size);
    if (!fresh)
        return false;
    if (count)
        memcpy(fresh, *items, (size_t)count * size);
    *items = fresh;
    *capacity = fresh_capacity;
    return true;
}

static bool ref_push(spvk_ir_parser *p, ref_list *l, const spvk_ir_operand_ref *r)
{
    void *items = l->items;
    if (!grow(p, &items, &l->capacity, l->count, sizeof *l->items))
        return false;
    l->items = items;
    l->items[l->count++] = *r;
    l->set = true;
    return true;
}

static bool type_push(spvk_ir_parser *p, type_list *l, const spvk_ir_type *t)
{
    void *items = (void *)l->items;
    if (!t || !grow(p, &items, &l->capacity, l->count, sizeof *l->items))
        return false;
    l->items = items;
    l->items[l->count++] = t;
    l->set = true;
    return true;
}

bool spvk_ods_custom_set_operands(spvk_ods_custom_state *s, const spvk_ods_element *arg,
                                  const spvk_ir_operand_ref *refs, uint32_t count)
{
    if (!s->p || arg->kind != SPVK_ODS_EL_OPERAND)
        return false;
    ref_list *l = &s->refs[arg->index];
    l->set = true;
    for (uint32_t i = 0; i < count; i++)
        if (!ref_push(s->p, l, &refs[i]))
            return false;
    return true;
}

static type_list *type_target(spvk_ods_custom_state *s, const spvk_ods_element *arg)
{
    if (arg->kind != SPVK_ODS_EL_TYPE)
        return NULL;
    if (arg->ref == SPVK_ODS_REF_OPERAND)
        return &s->types[arg->index];
    if (arg->ref == SPVK_ODS_REF_RESULT)
        return &s->rtypes[arg->index];
    return NULL;
}

bool spvk_ods_custom_set_types(spvk_ods_custom_state *s, const spvk_ods_element *arg, const spvk_ir_type *const *types,
                               uint32_t count)
{
    type_list *l = s->p ? type_target(s, arg) : NULL;
    if (!l)
        return false;
    l->set = true;
    for (uint32_t i = 0; i < count; i++)
        if (!type_push(s->p, l, types[i]))
            return false;
    return true;
}

uint32_t spvk_ods_custom_get_types(spvk_ods_custom_state *s, const spvk_ods_element *arg,
                                   const spvk_ir_type *const **types)
{
    type_list *l = s->p ? type_target(s, arg) : NULL;
    *types = l ? l->items : NULL;
    return l ? l->count : 0;
}

bool spvk_ods_custom_set_attr(spvk_ods_custom_state *s, const spvk_ods_element *arg, const spvk_ir_attr *a)
{
    if (!s->p || arg->kind != SPVK_ODS_EL_ATTR)
        return false;
    s->attrs[arg->index] = a;
    return true;
}

void spvk_ods_custom_operands(spvk_ods_custom_state *s, const spvk_ods_element *arg, uint32_t *first, uint32_t *count)
{
    *first = *count = 0;
    if (s->op && (arg->kind == SPVK_ODS_EL_OPERAND || (arg->kind == SPVK_ODS_EL_TYPE && arg->ref == SPVK_ODS_REF_OPERAND))) {
        *first = s->start[arg->index];
        *count = s->count[arg->index];
    }
}

uint32_t spvk_ods_custom_results(spvk_ods_custom_state *s, const spvk_ods_element *arg, uint32_t *first)
{
    *first = 0;
    if (!s->op || arg->kind != SPVK_ODS_EL_TYPE || arg->ref != SPVK_ODS_REF_RESULT)
        return 0;
    *first = s->rstart[arg->index];
    return s->rcount[arg->index];
}

const spvk_ir_attr *spvk_ods_custom_attr(spvk_ods_custom_state *s, const spvk_ods_element *arg)
{
    if (arg->kind != SPVK_ODS_EL_ATTR)
        return NULL;
    if (s->op)
        return spvk_ir_op_attr(s->op, s->ods->attrs[arg->index].name);
    return s->attrs ? s->attrs[arg->index] : NULL;
}

/* ------------------------------------------------------------------------------------------------
   Printing
   ------------------------------------------------------------------------------------------------ */

static void print_values(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text_n(p, ", ", 2);
        spvk_ir_print_value(p, spvk_ir_operand(op, first + i));
    }
}

static void print_type(spvk_ir_printer *p, const spvk_ir_type *t, bool qualified)
{
    (void)qualified; /* spvkit's printer always writes types in full (`!dialect.x`) */
    spvk_ir_print_type_to(p, t);
}

static void print_operand_types(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count, bool q)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text_n(p, ", ", 2);
        print_type(p, spvk_ir_operand(op, first + i)->type, q);
    }
}

static void print_result_types(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count, bool q)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text_n(p, ", ", 2);
        print_type(p, op->results[first + i].type, q);
    }
}

/* Results of a functional type: `()`, `T`, or `(T1, T2)` (a lone function type is parenthesized). */
static void print_functional_results(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    bool parens = count != 1 || builtin_type(op->results[first].type, SPVK_TYPE_FUNCTION);
    if (parens)
        spvk_ir_print_text_n(p, "(", 1);
    print_result_types(p, op, first, count, false);
    if (parens)
        spvk_ir_print_text_n(p, ")", 1);
}

/* The fallback form: ` (%a, %b) {attrs} : (T1, T2) -> R`. */
static void print_fallback(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text_n(p, " (", 2);
    print_values(p, op, 0, op->num_operands);
    spvk_ir_print_text_n(p, ")", 1);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text_n(p, " : (", 4);
    print_operand_types(p, op, 0, op->num_operands, false);
    spvk_ir_print_text_n(p, ") -> ", 5);
    print_functional_results(p, op, 0, op->num_results);
}

static void print_attr_value(spvk_ir_printer *p, const spvk_ods_attr *a, const spvk_ir_attr *v)
{
    const spvk_ods_attr_constraint *c = a->constraint;
    char buf[256];
    int64_t value;
    switch (c ? c->form : SPVK_ODS_ATTR_FULL) {
    case SPVK_ODS_ATTR_TYPED:
        spvk_ir_print_attr_without_type(p, v);
        return;
    case SPVK_ODS_ATTR_UNIT:
        return;
    case SPVK_ODS_ATTR_TYPE:
        if (builtin_attr(v, SPVK_ATTR_TYPE) && v->type) {
            spvk_ir_print_type_to(p, v->type);
            return;
        }
        break;
    case SPVK_ODS_ATTR_SYMBOL_NAME:
        if (builtin_attr(v, SPVK_ATTR_STRING)) {
            spvk_ir_print_symbol_name(p, v->string);
            return;
        }
        break;
    case SPVK_ODS_ATTR_ENUM:
        if (c->enumeration && spvk_ods_enum_value(c->enumeration, v, &value) &&
            spvk_ods_enum_spell(c->enumeration, value, buf, sizeof buf)) {
            switch (c->enumeration->storage) {
            case SPVK_ODS_ENUM_ATTR:
                spvk_ir_print_text_n(p, "<", 1);
                spvk_ir_print_text(p, buf);
                spvk_ir_print_text_n(p, ">", 1);
                return;
            case SPVK_ODS_ENUM_BARE:
                /* MLIR's default EnumAttr printer writes its own space before the case */
                spvk_ir_print_text_n(p, " ", 1);
                spvk_ir_print_text(p, buf);
                return;
            default:
                spvk_ir_print_identifier(p, buf, strlen(buf));
                return;
            }
        }
        break;
    case SPVK_ODS_ATTR_CUSTOM:
        if (c->print) {
            c->print(p, v, c);
            return;
        }
        break;
    default:
        break;
    }
    spvk_ir_print_attr_to(p, v);
}

typedef struct print_ctx {
    spvk_ir_printer *p;
    const spvk_ir_op *op;
    const spvk_ods_op *ods;
    const ods_runtime *rt;
    uint32_t start[ODS_MAX_GROUPS], count[ODS_MAX_GROUPS];
    uint32_t rstart[ODS_MAX_GROUPS], rcount[ODS_MAX_GROUPS];
} print_ctx;

static const spvk_ir_attr *op_attr(const print_ctx *c, uint32_t i)
{
    return spvk_ir_op_attr(c->op, c->ods->attrs[i].name);
}

static bool element_present(const print_ctx *c, const spvk_ods_element *e)
{
    switch (e->kind) {
    case SPVK_ODS_EL_OPERAND:
        return c->count[e->index] != 0;
    case SPVK_ODS_EL_ATTR: {
        const spvk_ir_attr *v = op_attr(c, (uint32_t)e->index);
        if (!v)
            return false;
        if (c->rt && c->rt->defaults[e->index] == v) /* DEFAULT_VALUED or DEFAULT_OPTIONAL */
            return false;
        return true;
    }
    case SPVK_ODS_EL_REGION:
        if (c->ods->regions[e->index].kind == SPVK_ODS_VARIADIC_REGION)
            return (uint32_t)e->index < c->op->num_regions;
        return (uint32_t)e->index < c->op->num_regions && !spvk_ir_region_is_empty(&c->op->regions[e->index]);
    case SPVK_ODS_EL_SUCCESSOR:
        return (uint32_t)e->index < c->op->num_successors;
    case SPVK_ODS_EL_TYPE:
        if (e->ref == SPVK_ODS_REF_OPERAND)
            return c->count[e->index] != 0;
        if (e->ref == SPVK_ODS_REF_RESULT)
            return c->rcount[e->index] != 0;
        return true;
    case SPVK_ODS_EL_OPERANDS:
        return c->op->num_operands != 0;
    case SPVK_ODS_EL_REGIONS:
        return c->op->num_regions != 0;
    case SPVK_ODS_EL_SUCCESSORS:
        return c->op->num_successors != 0;
    default:
        return true;
    }
}

static void print_ref_types(const print_ctx *c, uint8_t ref, int16_t index, bool q)
{
    switch (ref) {
    case SPVK_ODS_REF_OPERAND:
        print_operand_types(c->p, c->op, c->start[index], c->count[index], q);
        break;
    case SPVK_ODS_REF_RESULT:
        print_result_types(c->p, c->op, c->rstart[index], c->rcount[index], q);
        break;
    case SPVK_ODS_REF_OPERANDS:
        print_operand_types(c->p, c->op, 0, c->op->num_operands, q);
        break;
    default:
        print_result_types(c->p, c->op, 0, c->op->num_results, q);
        break;
    }
}

static void print_elements(print_ctx *c, uint32_t from, uint32_t to);

/* A region directive's region. With SingleBlockImplicitTerminator, a terminator without operands,
   results or attributes is left out (MLIR's generated printers); its parser adds it back. */
static void print_format_region(print_ctx *c, const spvk_ir_region *r)
{
    const spvk_ir_op *t = c->ods->implicit_terminator && r->first ? spvk_ir_block_terminator(r->first) : NULL;
    if (t && !t->num_operands && !t->num_results && (!t->attrs || !t->attrs->num_attrs))
        spvk_ir_print_region_without_terminators(c->p, r, true, false);
    else
        spvk_ir_print_region(c->p, r, true, false);
}

static void print_element(print_ctx *c, const spvk_ods_element *e, uint32_t at)
{
    spvk_ir_printer *p = c->p;
    const spvk_ir_op *op = c->op;
    if (e->kind != SPVK_ODS_EL_LITERAL && e->kind != SPVK_ODS_EL_ATTR_DICT && e->kind != SPVK_ODS_EL_ATTR_DICT_KW &&
        e->kind != SPVK_ODS_EL_GROUP && (e->flags & SPVK_ODS_SPACE_BEFORE))
        spvk_ir_print_text_n(p, " ", 1);
    switch (e->kind) {
    case SPVK_ODS_EL_LITERAL:
        if (e->flags & SPVK_ODS_SPACE_BEFORE)
            spvk_ir_print_text_n(p, " ", 1);
        if (e->length == 1 && e->text[0] == '\n')
            spvk_ir_print_newline(p); /* `\n`: MLIR's printNewline, at the current indent */
        else if (e->length)
            spvk_ir_print_text_n(p, e->text, e->length);
        break;
    case SPVK_ODS_EL_OPERAND:
        print_values(p, op, c->start[e->index], c->count[e->index]);
        break;
    case SPVK_ODS_EL_ATTR: {
        const spvk_ir_attr *v = op_attr(c, (uint32_t)e->index);
        if (!v && c->rt)
            v = c->rt->defaults[e->index];
        if (v)
            print_attr_value(p, &c->ods->attrs[e->index], v);
        break;
    }
    case SPVK_ODS_EL_OPERANDS:
        print_values(p, op, 0, op->num_operands);
        break;
    case SPVK_ODS_EL_REGION:
        /* a VariadicRegion (the last group) is every region from its index on, comma separated */
        for (uint32_t i = (uint32_t)e->index; i < op->num_regions; i++) {
            if (i != (uint32_t)e->index)
                spvk_ir_print_text_n(p, ", ", 2);
            print_format_region(c, &op->regions[i]);
            if (c->ods->regions[e->index].kind != SPVK_ODS_VARIADIC_REGION)
                break;
        }
        break;
    case SPVK_ODS_EL_REGIONS:
        for (uint32_t i = 0; i < op->num_regions; i++) {
            if (i)
                spvk_ir_print_text_n(p, ", ", 2);
            print_format_region(c, &op->regions[i]);
        }
        break;
    case SPVK_ODS_EL_SUCCESSOR:
        if ((uint32_t)e->index < op->num_successors)
            spvk_ir_print_successor(p, op->successors[e->index]);
        break;
    case SPVK_ODS_EL_SUCCESSORS:
        for (uint32_t i = 0; i < op->num_successors; i++) {
            if (i)
                spvk_ir_print_text_n(p, ", ", 2);
            spvk_ir_print_successor(p, op->successors[i]);
        }
        break;
    case SPVK_ODS_EL_TYPE:
        print_ref_types(c, e->ref, e->index, (e->flags & SPVK_ODS_QUALIFIED) != 0);
        break;
    case SPVK_ODS_EL_FUNCTIONAL: {
        spvk_ir_print_text_n(p, "(", 1);
        print_ref_types(c, e->ref, e->index, false);
        spvk_ir_print_text_n(p, ") -> ", 5);
        uint32_t first = 0, count = op->num_results;
        if (e->ref2 == SPVK_ODS_REF_RESULT) {
            first = c->rstart[e->index2];
            count = c->rcount[e->index2];
        }
        if (e->ref2 == SPVK_ODS_REF_RESULT || e->ref2 == SPVK_ODS_REF_RESULTS) {
            print_functional_results(p, op, first, count);
        } else {
            /* functional-type(a, b) over operands on both sides: rare, printed parenthesized */
            spvk_ir_print_text_n(p, "(", 1);
            print_ref_types(c, e->ref2, e->index2, false);
            spvk_ir_print_text_n(p, ")", 1);
        }
        break;
    }
    case SPVK_ODS_EL_ATTR_DICT:
    case SPVK_ODS_EL_ATTR_DICT_KW: {
        /* MLIR also leaves out default-valued attributes that hold their default. */
        const char *const *elided = c->ods->elided;
        uint32_t num_elided = c->ods->num_elided;
        const char *more[2 * ODS_MAX_GROUPS + 2];
        if (c->rt && c->rt->num_defaults) {
            uint32_t n = 0;
            for (uint32_t i = 0; i < num_elided && n < ODS_MAX_GROUPS; i++)
                more[n++] = elided[i];
            for (uint32_t i = 0; i < c->ods->num_attrs && n < 2 * ODS_MAX_GROUPS; i++)
                if (c->rt->defaults[i] && op_attr(c, i) == c->rt->defaults[i])
                    more[n++] = c->ods->attrs[i].name;
            elided = more;
            num_elided = n;
        }
        if (e->kind == SPVK_ODS_EL_ATTR_DICT)
            spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
        else
            spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, num_elided);
        break;
    }
    case SPVK_ODS_EL_PROP_DICT: {
        /* The inherent attributes no element prints, in `<{...}>`. */
        uint32_t n = 0;
        for (uint32_t i = 0; i < c->ods->num_attrs; i++)
            if (op_attr(c, i))
                n++;
        if (n) {
            const char *names[ODS_MAX_GROUPS];
            const spvk_ir_attr *vals[ODS_MAX_GROUPS];
            n = 0;
            for (uint32_t i = 0; i < c->ods->num_attrs && n < ODS_MAX_GROUPS; i++) {
                const spvk_ir_attr *v = op_attr(c, i);
                if (v) {
                    names[n] = c->ods->attrs[i].name;
                    vals[n++] = v;
                }
            }
            const spvk_ir_attr *dict = spvk_ir_dictionary_attr(spvk_ir_printer_context(p), names, vals, n);
            spvk_ir_print_text_n(p, "<", 1);
            if (dict) {
                /* print_attr_dict writes ` {...}`: MLIR writes `<{...}>` with no space inside */
                spvk_ir_print_attr_to(p, dict);
            }
            spvk_ir_print_text_n(p, ">", 1);
        }
        break;
    }
    case SPVK_ODS_EL_GROUP: {
        bool present = e->anchor >= 0 && element_present(c, &c->ods->elements[e->anchor]);
        if (present)
            print_elements(c, at + 1, e->end);
        else if (e->flags & SPVK_ODS_ELSE)
            print_elements(c, e->end, e->else_end);
        break;
    }
    case SPVK_ODS_EL_CUSTOM: {
        spvk_ods_custom_state s;
        memset(&s, 0, sizeof s);
        s.ctx = spvk_ir_printer_context(p);
        s.ods = c->ods;
        s.op = op;
        s.start = c->start;
        s.count = c->count;
        s.rstart = c->rstart;
        s.rcount = c->rcount;
        if (e->custom_print)
            e->custom_print(p, op, &s, e + 1, (uint32_t)(e->end - at - 1));
        break;
    }
    default:
        break;
    }
}

static void print_elements(print_ctx *c, uint32_t from, uint32_t to)
{
    const spvk_ods_element *els = c->ods->elements;
    for (uint32_t i = from; i < to;) {
        const spvk_ods_element *e = &els[i];
        print_element(c, e, i);
        if (e->kind == SPVK_ODS_EL_GROUP)
            i = (e->flags & SPVK_ODS_ELSE) ? e->else_end : e->end;
        else if (e->kind == SPVK_ODS_EL_CUSTOM)
            i = e->end;
        else
            i++;
    }
}

static const spvk_ir_type *apply_resolver(spvk_ir_context *ctx, const spvk_ods_resolver *r, const spvk_ir_type *const *otypes,
                                          const spvk_ir_type *const *rtypes, const spvk_ir_attr *const *attrs)
{
    const spvk_ir_type *src = NULL;
    switch (r->kind) {
    case SPVK_ODS_FROM_VALUE:
        src = r->source >= 0 ? otypes[r->source] : rtypes[-1 - r->source];
        break;
    case SPVK_ODS_FROM_ATTR:
        /* A typed attribute's type (a TypeAttr's type itself); `true`/`false` are i1. */
        src = attrs[r->source] ? attrs[r->source]->type : NULL;
        if (builtin_attr(attrs[r->source], SPVK_ATTR_BOOL))
            src = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
        break;
    case SPVK_ODS_BUILD:
        return r->transform ? r->transform(ctx, NULL) : NULL;
    default:
        return NULL;
    }
    if (!src)
        return NULL;
    return r->transform ? r->transform(ctx, src) : src;
}

/* Fills the unknown types of groups (first type of each group, by group) and then the rest by the
   infer hook. Types are per value. */
static void infer_types(spvk_ir_context *ctx, const spvk_ods_op *ods, const spvk_ir_type **otypes, uint32_t num_operands,
                        const uint32_t *start, const uint32_t *count, const spvk_ir_type **rtypes, uint32_t num_results,
                        const uint32_t *rstart, const uint32_t *rcount, const spvk_ir_attr *const *attrs)
{
    /* A group's source: the first value of the source group (resolvers name single values). */
    const spvk_ir_type *gsrc_o[ODS_MAX_GROUPS], *gsrc_r[ODS_MAX_GROUPS];
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t g = 0; g < ods->num_operands; g++)
            gsrc_o[g] = count[g] ? otypes[start[g]] : NULL;
        for (uint32_t g = 0; g < ods->num_results; g++)
            gsrc_r[g] = rcount[g] ? rtypes[rstart[g]] : NULL;
        bool changed = false;
        for (uint32_t g = 0; ods->operand_resolvers && g < ods->num_operands; g++) {
            const spvk_ods_resolver *r = &ods->operand_resolvers[g];
            if (r->kind == SPVK_ODS_PRINTED || r->kind == SPVK_ODS_INFERRED)
                continue;
            const spvk_ir_type *t = NULL;
            for (uint32_t j = 0; j < count[g]; j++)
                if (!otypes[start[g] + j]) {
                    if (!t)
                        t = apply_resolver(ctx, r, gsrc_o, gsrc_r, attrs);
                    otypes[start[g] + j] = t;
                    changed = changed || t;
                }
        }
        for (uint32_t g = 0; ods->result_resolvers && g < ods->num_results; g++) {
            const spvk_ods_resolver *r = &ods->result_resolvers[g];
            if (r->kind == SPVK_ODS_PRINTED || r->kind == SPVK_ODS_INFERRED)
                continue;
            const spvk_ir_type *t = NULL;
            for (uint32_t j = 0; j < rcount[g]; j++)
                if (!rtypes[rstart[g] + j]) {
                    if (!t)
                        t = apply_resolver(ctx, r, gsrc_o, gsrc_r, attrs);
                    rtypes[rstart[g] + j] = t;
                    changed = changed || t;
                }
        }
        if (!changed)
            break;
    }
    if (ods->infer) {
        spvk_ods_infer in = {ctx,    ods,   otypes, num_operands, rtypes, num_results, attrs,
                             start,  count, rstart, rcount};
        ods->infer(&in);
    }
}

/* Can the format say everything about op (fallback forms only; MLIR prints verified IR in its
   format without asking)? */
static bool printable(print_ctx *c)
{
    const spvk_ods_op *ods = c->ods;
    const spvk_ir_op *op = c->op;
    if (op->num_successors != ods->num_successors && !(ods->num_successors && ods->successors[0].variadic))
        return false;
    if (op->num_regions != ods->num_regions && !(ods->num_regions && ods->regions[0].kind == SPVK_ODS_VARIADIC_REGION))
        return false;
    const spvk_ir_attr *attrs[ODS_MAX_GROUPS];
    for (uint32_t i = 0; i < ods->num_attrs; i++) {
        const spvk_ods_attr *a = &ods->attrs[i];
        const spvk_ir_attr *v = attrs[i] = op_attr(c, i);
        if (!v) {
            if (a->kind == SPVK_ODS_REQUIRED)
                return false;
            continue;
        }
        const spvk_ods_attr_constraint *k = a->constraint;
        if (k && (k->pred ? !k->pred(v) : k->pred2 ? !k->pred2(v, k) : false))
            return false;
        if (k && k->form == SPVK_ODS_ATTR_ENUM && k->enumeration) {
            int64_t value;
            char buf[256];
            if (!spvk_ods_enum_value(k->enumeration, v, &value) ||
                !spvk_ods_enum_spell(k->enumeration, value, buf, sizeof buf))
                return false;
        }
    }
    if (op->num_operands > 64 || op->num_results > 16)
        return false;
    const spvk_ir_type *otypes[64], *rtypes[16];
    bool any = false;
    for (uint32_t g = 0; g < ods->num_operands; g++) {
        bool printed = !ods->operand_resolvers || ods->operand_resolvers[g].kind == SPVK_ODS_PRINTED;
        any = any || !printed;
        for (uint32_t j = 0; j < c->count[g]; j++)
            otypes[c->start[g] + j] = printed ? spvk_ir_operand(op, c->start[g] + j)->type : NULL;
    }
    for (uint32_t g = 0; g < ods->num_results; g++) {
        bool printed = !ods->result_resolvers || ods->result_resolvers[g].kind == SPVK_ODS_PRINTED;
        any = any || !printed;
        for (uint32_t j = 0; j < c->rcount[g]; j++)
            rtypes[c->rstart[g] + j] = printed ? op->results[c->rstart[g] + j].type : NULL;
    }
    if (!any)
        return true;
    infer_types(spvk_ir_printer_context(c->p), ods, otypes, op->num_operands, c->start, c->count, rtypes,
                op->num_results, c->rstart, c->rcount, attrs);
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (otypes[i] != spvk_ir_operand(op, i)->type)
            return false;
    for (uint32_t i = 0; i < op->num_results; i++)
        if (rtypes[i] != op->results[i].type)
            return false;
    return true;
}

void spvk_ods_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const ods_runtime *rt = runtime_of(op->def);
    const spvk_ods_op *ods = rt ? rt->ods : NULL;
    print_ctx c;
    c.p = p;
    c.op = op;
    c.ods = ods;
    c.rt = rt;
    bool ok = ods && ods->elements && ods->num_operands <= ODS_MAX_GROUPS && ods->num_results <= ODS_MAX_GROUPS &&
              spvk_ods_operand_groups(ods, op, c.start, c.count) && spvk_ods_result_groups(ods, op, c.rstart, c.rcount);
    if (ok && (ods->flags & SPVK_ODS_OP_FALLBACK))
        ok = printable(&c);
    if (!ok) {
        print_fallback(p, op);
        return;
    }
    print_elements(&c, 0, ods->num_elements);
}

/* ------------------------------------------------------------------------------------------------
   Parsing
   ------------------------------------------------------------------------------------------------ */

typedef struct parse_ctx {
    spvk_ir_parser *p;
    spvk_ir_op_state *state;
    const spvk_ods_op *ods;
    const ods_runtime *rt;
    ref_list refs[ODS_MAX_GROUPS];
    type_list types[ODS_MAX_GROUPS];
    type_list rtypes[ODS_MAX_GROUPS];
    const spvk_ir_attr *attrs[ODS_MAX_GROUPS];
    ref_list all_refs;
    type_list all_types, all_rtypes;
    /* Where each region group's regions went in state->regions (a format may name them out of
       their declared order: scf.index_switch's cases come before its default region). */
    uint32_t region_first[ODS_MAX_GROUPS], region_count[ODS_MAX_GROUPS];
    bool region_seen[ODS_MAX_GROUPS];
} parse_ctx;

/* MLIR's ensureTerminator, for ops with SingleBlockImplicitTerminator<op>: a region parsed by a
   region directive gets a block if it has none, and the terminator (without operands) if its
   block does not end with one. */
static bool ensure_implicit_terminator(spvk_ir_parser *p, const spvk_ods_op *ods, spvk_ir_region *r)
{
    if (!ods->implicit_terminator || r->unmaterialized)
        return true;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (!r->first) {
        spvk_ir_block *b = spvk_ir_block_create(ctx);
        if (!b)
            return false;
        spvk_ir_region_append(r, b);
    }
    spvk_ir_block *b = r->last;
    if (b->last && (b->last->def->traits & SPVK_TRAIT_TERMINATOR))
        return true;
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = ods->implicit_terminator;
    s.name_length = strlen(ods->implicit_terminator);
    spvk_ir_op *t = spvk_ir_op_create(ctx, &s);
    if (!t)
        return false;
    spvk_ir_block_append(b, t);
    return true;
}

/* The regions [before, state->num_regions) were parsed for region group g. */
static bool regions_parsed(parse_ctx *c, int16_t g, uint32_t before, bool implicit)
{
    if (g >= 0 && (uint32_t)g < ODS_MAX_GROUPS && !c->region_seen[g]) {
        c->region_seen[g] = true;
        c->region_first[g] = before;
        c->region_count[g] = c->state->num_regions - before;
    }
    for (uint32_t i = before; implicit && i < c->state->num_regions; i++)
        if (!ensure_implicit_terminator(c->p, c->ods, c->state->regions[i]))
            return false;
    return true;
}

/* The regions in their declared order, when the format read them in another. */
static bool order_regions(parse_ctx *c)
{
    const spvk_ods_op *ods = c->ods;
    uint32_t total = 0;
    bool in_order = true;
    if (ods->num_regions > ODS_MAX_GROUPS)
        return true;
    for (uint32_t g = 0; g < ods->num_regions; g++) {
        if (!c->region_seen[g])
            return true; /* `regions`, or a group the format leaves to a hook: as parsed */
        in_order = in_order && c->region_first[g] == total;
        total += c->region_count[g];
    }
    if (in_order || total != c->state->num_regions)
        return true;
    spvk_ir_region **regions = (spvk_ir_region **)c->state->regions;
    spvk_ir_region **sorted = spvk_ir_parser_scratch(c->p, sizeof *sorted * total);
    if (!sorted)
        return false;
    uint32_t k = 0;
    for (uint32_t g = 0; g < ods->num_regions; g++)
        for (uint32_t i = 0; i < c->region_count[g]; i++)
            sorted[k++] = regions[c->region_first[g] + i];
    memcpy(regions, sorted, sizeof *sorted * total);
    return true;
}

static bool parse_operand_list(spvk_ir_parser *p, ref_list *out)
{
    out->set = true;
    if (!spvk_ir_parser_at_operand(p))
        return true;
    do {
        spvk_ir_operand_ref r;
        if (!spvk_ir_parse_operand(p, &r) || !ref_push(p, out, &r))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return true;
}

static bool parse_type_list(spvk_ir_parser *p, type_list *out)
{
    out->set = true;
    const spvk_ir_type *t = spvk_ir_parse_optional_type(p);
    if (!t)
        return true;
    if (!type_push(p, out, t))
        return false;
    while (spvk_ir_parse_optional_punct(p, ",")) {
        t = spvk_ir_parse_type(p);
        if (!t || !type_push(p, out, t))
            return false;
    }
    return true;
}

/* `(` type-list `)` or a single type (function results). */
static bool parse_functional_results(spvk_ir_parser *p, type_list *out)
{
    out->set = true;
    if (spvk_ir_parse_optional_punct(p, "("))
        return parse_type_list(p, out) && spvk_ir_parse_punct(p, ")");
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && type_push(p, out, t);
}

static const spvk_ir_type *typed_constraint_type(spvk_ir_context *ctx, const spvk_ods_attr_constraint *c)
{
    if (c->type_kind == SPVK_TYPE_INDEX)
        return spvk_ir_index_type(ctx);
    if (c->type_kind == SPVK_TYPE_FLOAT)
        return spvk_ir_float_type(ctx, c->type_width, c->type_flags);
    return spvk_ir_integer_type(ctx, c->type_width, c->type_flags);
}

static const spvk_ir_attr *parse_attr_value(parse_ctx *c, const spvk_ods_attr *a)
{
    spvk_ir_parser *p = c->p;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ods_attr_constraint *k = a->constraint;
    int64_t value;
    switch (k ? k->form : SPVK_ODS_ATTR_FULL) {
    case SPVK_ODS_ATTR_TYPED:
        return spvk_ir_parse_attr(p, typed_constraint_type(ctx, k));
    case SPVK_ODS_ATTR_UNIT:
        return spvk_ir_unit_attr(ctx);
    case SPVK_ODS_ATTR_TYPE: {
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        return t ? spvk_ir_type_attr(ctx, t) : NULL;
    }
    case SPVK_ODS_ATTR_SYMBOL_NAME: {
        const char *name;
        if (!spvk_ir_parse_optional_symbol_name(p, &name)) {
            spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected valid '@'-identifier for symbol name");
            return NULL;
        }
        return spvk_ir_string_attr(ctx, name, strlen(name));
    }
    case SPVK_ODS_ATTR_STRING: {
        const char *s;
        size_t length;
        if (!spvk_ir_parse_string(p, &s, &length))
            return NULL;
        return spvk_ir_string_attr(ctx, s, length);
    }
    case SPVK_ODS_ATTR_ENUM: {
        const spvk_ods_enum *e = k->enumeration;
        if (!e)
            break;
        if (e->storage == SPVK_ODS_ENUM_ATTR) {
            if (!spvk_ir_parse_punct(p, "<") || !parse_enum_cases(p, e, &value, c->ods->name, a->name) ||
                !spvk_ir_parse_punct(p, ">"))
                return NULL;
        } else if (!parse_enum_cases(p, e, &value, c->ods->name, a->name)) {
            return NULL;
        }
        const spvk_ir_attr *v = spvk_ods_enum_attr(ctx, e, value);
        if (!v)
            spvk_ir_parser_error(p, "out of memory");
        return v;
    }
    case SPVK_ODS_ATTR_CUSTOM:
        if (k->parse)
            return k->parse(p, k);
        break;
    default:
        break;
    }
    return spvk_ir_parse_attr(p, NULL);
}

static bool parse_elements(parse_ctx *c, uint32_t from, uint32_t to);

/* Is the group whose first element is e present? Consumes e when it is a literal that is there. */
static bool group_first_present(parse_ctx *c, const spvk_ods_element *e, bool *consumed)
{
    spvk_ir_parser *p = c->p;
    *consumed = false;
    switch (e->kind) {
    case SPVK_ODS_EL_LITERAL:
        if (!e->length)
            return true;
        *consumed = (e->flags & SPVK_ODS_KEYWORD) ? spvk_ir_parse_optional_keyword(p, e->text)
                                                  : spvk_ir_parse_optional_punct(p, e->text);
        return *consumed;
    case SPVK_ODS_EL_OPERAND:
    case SPVK_ODS_EL_OPERANDS:
        return spvk_ir_parser_at_operand(p);
    case SPVK_ODS_EL_REGION:
    case SPVK_ODS_EL_REGIONS:
        return spvk_ir_parser_at_punct(p, "{");
    case SPVK_ODS_EL_ATTR: {
        /* MLIR's parseOptional... of the attribute's kind: read it here when it is there. */
        const spvk_ods_attr_constraint *k = c->ods->attrs[e->index].constraint;
        spvk_ir_context *ctx = spvk_ir_parser_context(p);
        const spvk_ir_attr *v = NULL;
        uint8_t form = k ? k->form : SPVK_ODS_ATTR_FULL;
        if (form == SPVK_ODS_ATTR_ENUM && k->enumeration && k->enumeration->storage == SPVK_ODS_ENUM_ATTR)
            return spvk_ir_parser_at_punct(p, "<");
        if (form == SPVK_ODS_ATTR_ENUM && k->enumeration) {
            const spvk_ods_enum *en = k->enumeration;
            for (uint32_t i = 0; i < en->num_cases && !v; i++)
                if (spvk_ir_parse_optional_keyword(p, en->cases[i].name))
                    v = spvk_ods_enum_attr(ctx, en, en->cases[i].value);
        } else if (form == SPVK_ODS_ATTR_SYMBOL_NAME) {
            const char *name;
            if (spvk_ir_parse_optional_symbol_name(p, &name))
                v = spvk_ir_string_attr(ctx, name, strlen(name));
        } else if (form == SPVK_ODS_ATTR_STRING) {
            const char *s;
            size_t length;
            if (spvk_ir_parse_optional_string(p, &s, &length))
                v = spvk_ir_string_attr(ctx, s, length);
        } else if (form == SPVK_ODS_ATTR_TYPE) {
            const spvk_ir_type *t = spvk_ir_parse_optional_type(p);
            if (t)
                v = spvk_ir_type_attr(ctx, t);
        } else if (form == SPVK_ODS_ATTR_TYPED && k->type_kind != SPVK_TYPE_FLOAT) {
            int64_t n;
            const spvk_ir_type *t = typed_constraint_type(ctx, k);
            if (t && spvk_ir_parse_optional_integer(p, &n))
                v = spvk_ir_integer_attr(ctx, t, n);
        } else {
            return spvk_ir_parser_at_punct(p, "[") || spvk_ir_parser_at_punct(p, "{") ||
                   spvk_ir_parser_at_punct(p, "<");
        }
        if (!v)
            return false;
        c->attrs[e->index] = v;
        *consumed = true;
        return true;
    }
    case SPVK_ODS_EL_TYPE: {
        const spvk_ir_type *t = spvk_ir_parse_optional_type(p);
        if (!t)
            return false;
        *consumed = true;
        type_list *l = e->ref == SPVK_ODS_REF_OPERAND   ? &c->types[e->index]
                       : e->ref == SPVK_ODS_REF_RESULT  ? &c->rtypes[e->index]
                       : e->ref == SPVK_ODS_REF_OPERANDS ? &c->all_types
                                                         : &c->all_rtypes;
        if (!type_push(p, l, t))
            return false;
        /* the rest of a list */
        while (spvk_ir_parse_optional_punct(p, ",")) {
            t = spvk_ir_parse_type(p);
            if (!type_push(p, l, t))
                return false;
        }
        return true;
    }
    default:
        return true;
    }
}

static bool parse_element(parse_ctx *c, const spvk_ods_element *e, uint32_t at)
{
    spvk_ir_parser *p = c->p;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    switch (e->kind) {
    case SPVK_ODS_EL_LITERAL:
        if (!e->length || e->text[0] == ' ' || e->text[0] == '\n')
            return true; /* ``, ` ` and `\n` only lay the printed text out */
        if (!(e->flags & SPVK_ODS_KEYWORD))
            return spvk_ir_parse_punct(p, e->text);
        /* MLIR's parseKeyword reports through the op's parser: "custom op 'memref.copy' expected 'to'"
           (punctuation goes to the lexer's parser, unprefixed). */
        if (spvk_ir_parse_optional_keyword(p, e->text))
            return true;
        return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected '%s'", e->text);
    case SPVK_ODS_EL_OPERAND: {
        const spvk_ods_value *v = &c->ods->operands[e->index];
        ref_list *l = &c->refs[e->index];
        l->set = true;
        if (v->arity == SPVK_ODS_VARIADIC)
            return parse_operand_list(p, l);
        spvk_ir_operand_ref r;
        if (v->arity == SPVK_ODS_OPTIONAL)
            return !spvk_ir_parse_optional_operand(p, &r) || ref_push(p, l, &r);
        return spvk_ir_parse_operand(p, &r) && ref_push(p, l, &r);
    }
    case SPVK_ODS_EL_OPERANDS:
        return parse_operand_list(p, &c->all_refs);
    case SPVK_ODS_EL_ATTR: {
        const spvk_ods_attr *a = &c->ods->attrs[e->index];
        const spvk_ir_attr *v = parse_attr_value(c, a);
        c->attrs[e->index] = v;
        return v != NULL;
    }
    case SPVK_ODS_EL_REGION: {
        uint32_t before = c->state->num_regions;
        if (c->ods->regions[e->index].kind == SPVK_ODS_VARIADIC_REGION) {
            /* MLIR's VariadicRegion: none, or regions separated by commas */
            bool parsed;
            if (!spvk_ir_parse_optional_region(p, c->state, NULL, NULL, 0, &parsed))
                return false;
            while (parsed && spvk_ir_parse_optional_punct(p, ","))
                if (!spvk_ir_parse_region(p, c->state, NULL, NULL, 0))
                    return false;
        } else if (!spvk_ir_parse_region(p, c->state, NULL, NULL, 0)) {
            return false;
        }
        return regions_parsed(c, e->index, before, true);
    }
    case SPVK_ODS_EL_REGIONS: {
        uint32_t before = c->state->num_regions;
        bool parsed = true;
        while (parsed) {
            if (!spvk_ir_parse_optional_region(p, c->state, NULL, NULL, 0, &parsed))
                return false;
            if (parsed && !spvk_ir_parse_optional_punct(p, ","))
                break;
        }
        return regions_parsed(c, -1, before, true);
    }
    case SPVK_ODS_EL_SUCCESSOR: {
        spvk_ir_block *b;
        return spvk_ir_parse_successor(p, &b) && spvk_ir_state_add_successor(p, c->state, b);
    }
    case SPVK_ODS_EL_SUCCESSORS: {
        spvk_ir_block *b;
        do {
            if (!spvk_ir_parse_successor(p, &b) || !spvk_ir_state_add_successor(p, c->state, b))
                return false;
        } while (spvk_ir_parse_optional_punct(p, ","));
        return true;
    }
    case SPVK_ODS_EL_TYPE: {
        type_list *l;
        bool single;
        const spvk_ods_type_constraint *tc = NULL;
        switch (e->ref) {
        case SPVK_ODS_REF_OPERAND:
            l = &c->types[e->index];
            single = c->ods->operands[e->index].arity == SPVK_ODS_SINGLE;
            tc = c->ods->operands[e->index].constraint;
            break;
        case SPVK_ODS_REF_RESULT:
            l = &c->rtypes[e->index];
            single = c->ods->results[e->index].arity == SPVK_ODS_SINGLE;
            tc = c->ods->results[e->index].constraint;
            break;
        case SPVK_ODS_REF_OPERANDS:
            l = &c->all_types;
            single = false;
            break;
        default:
            l = &c->all_rtypes;
            single = false;
            break;
        }
        if (single) {
            l->set = true;
            spvk_ir_parser_loc loc = spvk_ir_parser_current_loc(p);
            const spvk_ir_type *t = spvk_ir_parse_type(p);
            if (t && tc && tc->type_class && !tc->type_class(t))
                return spvk_ir_parser_op_error_at(p, loc, "invalid kind of type specified");
            return type_push(p, l, t);
        }
        return parse_type_list(p, l);
    }
    case SPVK_ODS_EL_FUNCTIONAL: {
        type_list *in = e->ref == SPVK_ODS_REF_OPERAND ? &c->types[e->index] : &c->all_types;
        type_list *out = e->ref2 == SPVK_ODS_REF_RESULT ? &c->rtypes[e->index2] : &c->all_rtypes;
        return spvk_ir_parse_punct(p, "(") && parse_type_list(p, in) && spvk_ir_parse_punct(p, ")") &&
               spvk_ir_parse_punct(p, "->") && parse_functional_results(p, out);
    }
    case SPVK_ODS_EL_ATTR_DICT:
        return spvk_ir_parse_optional_attr_dict(p, c->state);
    case SPVK_ODS_EL_ATTR_DICT_KW:
        return spvk_ir_parse_optional_attr_dict_with_keyword(p, c->state);
    case SPVK_ODS_EL_PROP_DICT: {
        if (!spvk_ir_parse_optional_punct(p, "<"))
            return true;
        const spvk_ir_attr *d = spvk_ir_parse_attr(p, NULL);
        if (!d || !spvk_ir_parse_punct(p, ">"))
            return false;
        if (!builtin_attr(d, SPVK_ATTR_DICTIONARY))
            return spvk_ir_parser_error(p, "expected a dictionary of properties");
        for (uint32_t i = 0; i < d->num_attrs; i++) {
            bool known = false;
            for (uint32_t j = 0; j < c->ods->num_attrs && !known; j++)
                if (strcmp(c->ods->attrs[j].name, d->names[i]) == 0) {
                    c->attrs[j] = d->attrs[i];
                    known = true;
                }
            if (!known && !spvk_ir_state_add_attr(p, c->state, d->names[i], d->attrs[i]))
                return false;
        }
        return true;
    }
    case SPVK_ODS_EL_GROUP: {
        /* The first element that is not whitespace decides (MLIR's first parsable element). */
        uint32_t f = at + 1;
        const spvk_ods_element *els = c->ods->elements;
        while (f < e->end && els[f].kind == SPVK_ODS_EL_LITERAL && (!els[f].length || els[f].text[0] == ' ' || els[f].text[0] == '\n'))
            f++;
        bool consumed = false;
        bool present = f < e->end && group_first_present(c, &els[f], &consumed);
        if (present) {
            /* A unit attribute anchor that is not the first element is set by the group's presence. */
            if (e->anchor >= 0 && (uint32_t)e->anchor != f) {
                const spvk_ods_element *an = &c->ods->elements[e->anchor];
                if (an->kind == SPVK_ODS_EL_ATTR && c->ods->attrs[an->index].constraint &&
                    c->ods->attrs[an->index].constraint->form == SPVK_ODS_ATTR_UNIT)
                    c->attrs[an->index] = spvk_ir_unit_attr(ctx);
            }
            return parse_elements(c, consumed ? f + 1 : at + 1, e->end);
        }
        if (e->flags & SPVK_ODS_ELSE)
            return parse_elements(c, e->end, e->else_end);
        return true;
    }
    case SPVK_ODS_EL_CUSTOM: {
        spvk_ods_custom_state s;
        memset(&s, 0, sizeof s);
        s.ctx = ctx;
        s.ods = c->ods;
        s.p = p;
        s.state = c->state;
        s.refs = c->refs;
        s.types = c->types;
        s.rtypes = c->rtypes;
        s.attrs = c->attrs;
        if (!e->custom_parse)
            return spvk_ir_parser_error(p, "custom directive '%s' has no parser", e->text);
        uint32_t before = c->state->num_regions;
        if (!e->custom_parse(p, &s, e + 1, (uint32_t)(e->end - at - 1)))
            return false;
        /* the regions the hook read are its region argument's (MLIR adds no terminator to them) */
        for (uint32_t i = at + 1; i < e->end; i++)
            if (c->ods->elements[i].kind == SPVK_ODS_EL_REGION)
                return regions_parsed(c, c->ods->elements[i].index, before, false);
        return true;
    }
    default:
        return spvk_ir_parser_error(p, "internal error: bad format element");
    }
}

static bool parse_elements(parse_ctx *c, uint32_t from, uint32_t to)
{
    const spvk_ods_element *els = c->ods->elements;
    for (uint32_t i = from; i < to;) {
        const spvk_ods_element *e = &els[i];
        if (!parse_element(c, e, i))
            return false;
        if (e->kind == SPVK_ODS_EL_GROUP)
            i = (e->flags & SPVK_ODS_ELSE) ? e->else_end : e->end;
        else if (e->kind == SPVK_ODS_EL_CUSTOM)
            i = e->end;
        else
            i++;
    }
    return true;
}

/* fallback ::= `(` ssa-use-list `)` attr-dict? `:` `(` type-list `)` `->` result-types
   (called with the `(` already consumed) */
static bool parse_fallback(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    ref_list refs;
    type_list types, results;
    memset(&refs, 0, sizeof refs);
    memset(&types, 0, sizeof types);
    memset(&results, 0, sizeof results);
    if (!parse_operand_list(p, &refs) || !spvk_ir_parse_punct(p, ")") || !spvk_ir_parse_optional_attr_dict(p, state) ||
        !spvk_ir_parse_punct(p, ":") || !spvk_ir_parse_punct(p, "(") || !parse_type_list(p, &types) ||
        !spvk_ir_parse_punct(p, ")") || !spvk_ir_parse_punct(p, "->") || !parse_functional_results(p, &results))
        return false;
    if (refs.count != types.count)
        return spvk_ir_parser_error(p, "%u operands present, but expected %u", types.count, refs.count);
    for (uint32_t i = 0; i < refs.count; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs.items[i], types.items[i]);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    for (uint32_t i = 0; i < results.count; i++)
        if (!spvk_ir_state_add_result_type(p, state, results.items[i]))
            return false;
    return true;
}

static const spvk_ir_attr *segment_attr(spvk_ir_context *ctx, const uint32_t *counts, uint32_t n)
{
    int64_t sizes[ODS_MAX_GROUPS];
    for (uint32_t i = 0; i < n; i++)
        sizes[i] = counts[i];
    return spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, n);
}

/* An operand whose type a TypesMatchWith transform reads is checked against its constraint
   first, as MLIR's generated parsers do (the transform may assume it): at the op's name,
   "custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'". */
static bool source_ok(parse_ctx *c, const spvk_ods_resolver *r, const spvk_ir_type *const *otypes,
                      const uint32_t *start, const uint32_t *count)
{
    if (r->kind != SPVK_ODS_FROM_VALUE || !r->transform || r->source < 0 || r->source >= (int)c->ods->num_operands)
        return true;
    const spvk_ods_value *v = &c->ods->operands[r->source];
    if (!v->constraint || !v->constraint->pred)
        return true;
    for (uint32_t j = 0; j < count[r->source]; j++) {
        const spvk_ir_type *t = otypes[start[r->source] + j];
        if (t && !v->constraint->pred(t)) {
            char *text = spvk_ir_print_type(spvk_ir_parser_context(c->p), t);
            spvk_ir_parser_op_error_at(c->p, spvk_ir_parser_op_name_location(c->p), "'%s' must be %s, but got '%s'",
                                       v->name, v->constraint->summary, text ? text : "?");
            if (text)
                spvk_free(spvk_ir_context_allocator(spvk_ir_parser_context(c->p)), text, strlen(text) + 1);
            return false;
        }
    }
    return true;
}

static bool check_transform_sources(parse_ctx *c, const spvk_ir_type *const *otypes, const uint32_t *start,
                                    const uint32_t *count)
{
    for (uint32_t g = 0; c->ods->operand_resolvers && g < c->ods->num_operands; g++)
        if (!source_ok(c, &c->ods->operand_resolvers[g], otypes, start, count))
            return false;
    for (uint32_t g = 0; c->ods->result_resolvers && g < c->ods->num_results; g++)
        if (!source_ok(c, &c->ods->result_resolvers[g], otypes, start, count))
            return false;
    return true;
}

static bool finish_parse(parse_ctx *c)
{
    spvk_ir_parser *p = c->p;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ods_op *ods = c->ods;
    uint32_t start[ODS_MAX_GROUPS], count[ODS_MAX_GROUPS], rstart[ODS_MAX_GROUPS], rcount[ODS_MAX_GROUPS];

    /* Operands in ODS order: by group, or the `operands` directive's list split into groups. */
    uint32_t num_operands = 0;
    if (c->all_refs.set) {
        num_operands = c->all_refs.count;
        if (!segments(ods->operands, ods->num_operands, num_operands, NULL, start, count,
                      (ods->flags & SPVK_ODS_OP_SAME_VARIADIC_OPERANDS) != 0))
            return spvk_ir_parser_error(p, "'%s' has %u operands, which do not fit its operand groups",
                                        ods->name, num_operands);
    } else {
        for (uint32_t g = 0; g < ods->num_operands; g++) {
            start[g] = num_operands;
            count[g] = c->refs[g].count;
            num_operands += count[g];
        }
    }
    const spvk_ir_type **otypes = spvk_ir_parser_scratch(p, sizeof *otypes * (num_operands + 1));
    if (!otypes)
        return false;
    memset(otypes, 0, sizeof *otypes * (num_operands + 1));
    if (c->all_types.set) {
        if (c->all_types.count != num_operands)
            return spvk_ir_parser_error(p, "%u operands present, but expected %u", num_operands, c->all_types.count);
        if (num_operands) /* items is NULL for an empty list */
            memcpy(otypes, c->all_types.items, sizeof *otypes * num_operands);
    }
    for (uint32_t g = 0; g < ods->num_operands; g++) {
        if (!c->types[g].set)
            continue;
        if (c->types[g].count != count[g])
            return spvk_ir_parser_error(p, "%u operands present, but expected %u", count[g], c->types[g].count);
        for (uint32_t j = 0; j < count[g]; j++)
            otypes[start[g] + j] = c->types[g].items[j];
    }

    /* Results: from the types given, else as the groups say (optional ones absent). */
    uint32_t num_results = 0;
    if (c->all_rtypes.set) {
        num_results = c->all_rtypes.count;
        if (!segments(ods->results, ods->num_results, num_results, NULL, rstart, rcount,
                      (ods->flags & SPVK_ODS_OP_SAME_VARIADIC_RESULTS) != 0))
            return spvk_ir_parser_error(p, "'%s' expects %u result(s), got %u types", ods->name,
                                        ods->num_results, num_results);
    } else {
        for (uint32_t g = 0; g < ods->num_results; g++) {
            rstart[g] = num_results;
            bool printed = !ods->result_resolvers || ods->result_resolvers[g].kind == SPVK_ODS_PRINTED;
            rcount[g] = c->rtypes[g].set || printed ? c->rtypes[g].count
                                                    : (ods->results[g].arity == SPVK_ODS_SINGLE ? 1 : 0);
            if (ods->results[g].arity == SPVK_ODS_SINGLE && !c->rtypes[g].set && printed)
                rcount[g] = 1; /* a result whose type an absent group held: still there */
            num_results += rcount[g];
        }
    }
    const spvk_ir_type **rtypes = spvk_ir_parser_scratch(p, sizeof *rtypes * (num_results + 1));
    if (!rtypes)
        return false;
    memset(rtypes, 0, sizeof *rtypes * (num_results + 1));
    if (c->all_rtypes.set && num_results) /* items is NULL for an empty list */
        memcpy(rtypes, c->all_rtypes.items, sizeof *rtypes * num_results);
    for (uint32_t g = 0; g < ods->num_results; g++)
        for (uint32_t j = 0; c->rtypes[g].set && j < rcount[g] && j < c->rtypes[g].count; j++)
            rtypes[rstart[g] + j] = c->rtypes[g].items[j];

    /* Defaults of absent attributes (MLIR's properties hold them). */
    for (uint32_t i = 0; i < ods->num_attrs; i++)
        if (!c->attrs[i] && c->rt && c->rt->defaults[i] && ods->attrs[i].kind == SPVK_ODS_DEFAULT_VALUED &&
            !spvk_ir_state_has_attr(p, c->state, ods->attrs[i].name))
            c->attrs[i] = c->rt->defaults[i]; /* not over an attr-dict's `{nontemporal = true}` */

    if (!check_transform_sources(c, otypes, start, count))
        return false;
    infer_types(ctx, ods, otypes, num_operands, start, count, rtypes, num_results, rstart, rcount, c->attrs);

    for (uint32_t g = 0; g < ods->num_operands; g++) {
        const ref_list *l = c->all_refs.set ? &c->all_refs : &c->refs[g];
        uint32_t base = c->all_refs.set ? start[g] : 0;
        for (uint32_t j = 0; j < count[g]; j++) {
            const spvk_ir_type *t = otypes[start[g] + j];
            if (!t)
                return spvk_ir_parser_error(p, "cannot infer the type of operand '%s' of '%s'", ods->operands[g].name,
                                            ods->name);
            spvk_ir_value *v = spvk_ir_resolve_operand(p, &l->items[base + j], t);
            if (!v || !spvk_ir_state_add_operand(p, c->state, v))
                return false;
        }
    }
    for (uint32_t i = 0; i < num_results; i++) {
        if (!rtypes[i])
            return spvk_ir_parser_error(p, "cannot infer the result type of '%s'", ods->name);
        if (!spvk_ir_state_add_result_type(p, c->state, rtypes[i]))
            return false;
    }
    for (uint32_t i = 0; i < ods->num_attrs; i++)
        if (c->attrs[i] && !spvk_ir_state_add_attr(p, c->state, ods->attrs[i].name, c->attrs[i]))
            return false;
    if (ods->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS) {
        const spvk_ir_attr *seg = segment_attr(ctx, count, ods->num_operands);
        if (!seg || !spvk_ir_state_add_attr(p, c->state, "operandSegmentSizes", seg))
            return false;
    }
    if (ods->traits & SPVK_TRAIT_ATTR_SIZED_RESULTS) {
        const spvk_ir_attr *seg = segment_attr(ctx, rcount, ods->num_results);
        if (!seg || !spvk_ir_state_add_attr(p, c->state, "resultSegmentSizes", seg))
            return false;
    }
    return true;
}

bool spvk_ods_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    const ods_runtime *rt = runtime_of(state->def);
    const spvk_ods_op *ods = rt ? rt->ods : NULL;
    if (!ods || !ods->elements)
        return spvk_ir_parser_error(p, "internal error: no assembly format for this op");
    if ((ods->flags & SPVK_ODS_OP_FALLBACK) && spvk_ir_parse_optional_punct(p, "("))
        return parse_fallback(p, state);
    if (ods->num_operands > ODS_MAX_GROUPS || ods->num_results > ODS_MAX_GROUPS || ods->num_attrs > ODS_MAX_GROUPS)
        return spvk_ir_parser_error(p, "internal error: '%s' has too many operand, result or attribute groups",
                                    ods->name);
    parse_ctx *c = spvk_ir_parser_scratch(p, sizeof *c);
    if (!c)
        return false;
    memset(c, 0, sizeof *c);
    c->p = p;
    c->state = state;
    c->ods = ods;
    c->rt = rt;
    return parse_elements(c, 0, ods->num_elements) && order_regions(c) && finish_parse(c);
}

/* ------------------------------------------------------------------------------------------------
   Enum attributes in full (#dialect.mnemonic<...>, #dialect<mnemonic ...>)
   ------------------------------------------------------------------------------------------------ */

bool spvk_ods_print_enum_attr(spvk_ir_printer *p, const spvk_ods_dialect *d, const spvk_ir_attr *a)
{
    for (uint32_t i = 0; i < d->num_enums; i++) {
        const spvk_ods_enum *e = d->enums[i];
        if ((e->storage != SPVK_ODS_ENUM_ATTR && e->storage != SPVK_ODS_ENUM_BARE) || a->kind != e->attr_kind)
            continue;
        char buf[256];
        if (!spvk_ods_enum_spell(e, a->value, buf, sizeof buf))
            snprintf(buf, sizeof buf, "%lld", (long long)a->value);
        if (e->storage == SPVK_ODS_ENUM_ATTR) {
            spvk_ir_print_text(p, e->mnemonic);
            spvk_ir_print_text_n(p, "<", 1);
            spvk_ir_print_text(p, buf);
            spvk_ir_print_text_n(p, ">", 1);
        } else {
            spvk_ir_print_text_n(p, "<", 1);
            spvk_ir_print_text(p, e->mnemonic);
            spvk_ir_print_text_n(p, " ", 1);
            spvk_ir_print_text(p, buf);
            spvk_ir_print_text_n(p, ">", 1);
        }
        return true;
    }
    return false;
}

const spvk_ir_attr *spvk_ods_parse_enum_attr(spvk_ir_parser *p, const spvk_ods_dialect *d, bool *handled)
{
    *handled = false;
    bool bare = spvk_ir_parser_at_punct(p, "<");
    /* The mnemonic decides which enum; for `#d<mnemonic case>` it follows the `<`. */
    if (bare) {
        bool any = false;
        for (uint32_t i = 0; i < d->num_enums && !any; i++)
            any = d->enums[i]->storage == SPVK_ODS_ENUM_BARE;
        if (!any)
            return NULL;
        *handled = true;
        if (!spvk_ir_parse_punct(p, "<"))
            return NULL;
        const char *m;
        spvk_ir_parser_loc at = spvk_ir_parser_current_loc(p);
        if (!spvk_ir_parse_identifier(p, &m))
            return NULL;
        for (uint32_t i = 0; i < d->num_enums; i++) {
            const spvk_ods_enum *e = d->enums[i];
            int64_t value;
            if (e->storage != SPVK_ODS_ENUM_BARE || strcmp(e->mnemonic, m) != 0)
                continue;
            if (!spvk_ods_enum_parse_cases(p, e, &value) || !spvk_ir_parse_punct(p, ">"))
                return NULL;
            return spvk_ods_enum_attr(spvk_ir_parser_context(p), e, value);
        }
        spvk_ir_parser_error_at(p, at, "unknown attribute `%s` in dialect `%s`", m, d->name);
        return NULL;
    }
    for (uint32_t i = 0; i < d->num_enums; i++) {
        const spvk_ods_enum *e = d->enums[i];
        if (e->storage != SPVK_ODS_ENUM_ATTR || !spvk_ir_parse_optional_keyword(p, e->mnemonic))
            continue;
        *handled = true;
        int64_t value;
        if (!spvk_ir_parse_punct(p, "<") || !spvk_ods_enum_parse_cases(p, e, &value) || !spvk_ir_parse_punct(p, ">"))
            return NULL;
        return spvk_ods_enum_attr(spvk_ir_parser_context(p), e, value);
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------------
   The verifier (MLIR's generated verifyInvariants, in MLIR's order and words)
   ------------------------------------------------------------------------------------------------ */

static char *type_text(spvk_ir_context *ctx, const spvk_ir_type *t) { return spvk_ir_print_type(ctx, t); }

static void free_text(spvk_ir_context *ctx, char *s)
{
    if (s)
        spvk_free(spvk_ir_context_allocator(ctx), s, strlen(s) + 1);
}

/* MLIR's count traits' words (OpDefinition.cpp): only the operand ones say what they found. */
static bool count_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *what, const char *plural,
                        uint32_t expected, uint32_t found, bool at_least)
{
    bool operands = strcmp(what, "operand") == 0;
    if (at_least && operands)
        return spvk_ir_op_error(v, op, "expected %u or more %s, but found %u", expected, plural, found);
    if (at_least)
        return spvk_ir_op_error(v, op, "expected %u or more %s", expected, plural);
    if (expected == 0)
        return spvk_ir_op_error(v, op, "requires zero %s", plural);
    if (expected == 1 && operands)
        return spvk_ir_op_error(v, op, "requires a single operand");
    if (expected == 1)
        return spvk_ir_op_error(v, op, "requires one %s", what);
    if (operands)
        return spvk_ir_op_error(v, op, "expected %u %s, but found %u", expected, plural, found);
    return spvk_ir_op_error(v, op, "expected %u %s", expected, plural);
}

static bool verify_counts(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ods_value *vals, uint32_t n,
                          uint32_t found, const char *what, const char *plural)
{
    uint32_t fixed = 0;
    bool variable = false;
    for (uint32_t i = 0; i < n; i++) {
        if (vals[i].arity == SPVK_ODS_SINGLE)
            fixed++;
        else
            variable = true;
    }
    if (variable ? found < fixed : found != fixed)
        return count_error(v, op, what, plural, fixed, found, variable);
    return true;
}

static bool type_ok(const spvk_ods_type_constraint *c, const spvk_ir_type *t) { return !c || !c->pred || c->pred(t); }

static bool value_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *what, uint32_t index,
                        const spvk_ods_value *val, const spvk_ir_type *t)
{
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    char *s = type_text(ctx, t);
    spvk_ir_op_error(v, op, "%s #%u must be %s%s, but got '%s'", what, index,
                     val->arity == SPVK_ODS_VARIADIC ? "variadic of " : "", val->constraint->summary, s ? s : "?");
    free_text(ctx, s);
    return false;
}

/* Values that fit no grouping: MLIR's words for an Optional group given several (the one
   variable-length group of an op without segment sizes takes what the others leave). */
static bool group_fit_error(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ods_value *vals, uint32_t n,
                            uint32_t found, const char *what, const char *plural)
{
    uint32_t fixed = 0, variable = 0, before = 0;
    const spvk_ods_value *group = NULL;
    for (uint32_t i = 0; i < n; i++) {
        if (vals[i].arity == SPVK_ODS_SINGLE) {
            fixed++;
            before += group == NULL;
        } else {
            variable++;
            group = group ? group : &vals[i];
        }
    }
    if (variable == 1 && group->arity == SPVK_ODS_OPTIONAL && found > fixed)
        return spvk_ir_op_error(v, op, "%s group starting at #%u requires 0 or 1 element, but found %u", what, before,
                                found - fixed);
    return spvk_ir_op_error(v, op, "has %u %s, which do not fit its %s groups", found, plural, what);
}

bool spvk_ods_verify_invariants(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ods_op *ods)
{
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    /* The structural traits MLIR lists first: regions, results, successors, operands. */
    bool variadic_regions = ods->num_regions && ods->regions[ods->num_regions - 1].kind == SPVK_ODS_VARIADIC_REGION;
    if (variadic_regions ? op->num_regions < ods->num_regions - 1u : op->num_regions != ods->num_regions)
        return count_error(v, op, "region", "regions", ods->num_regions - (variadic_regions ? 1 : 0), op->num_regions,
                           variadic_regions);
    if (!verify_counts(v, op, ods->results, ods->num_results, op->num_results, "result", "results"))
        return false;
    bool variadic_succ = ods->num_successors && ods->successors[ods->num_successors - 1].variadic;
    if (variadic_succ ? op->num_successors < ods->num_successors - 1u : op->num_successors != ods->num_successors) {
        uint32_t n = ods->num_successors - (variadic_succ ? 1 : 0);
        if (variadic_succ)
            return spvk_ir_op_error(v, op, "requires at least %u successors but found %u", n, op->num_successors);
        return spvk_ir_op_error(v, op, "requires %u successor%s but found %u", n, n == 1 ? "" : "s",
                                op->num_successors);
    }
    if (!(ods->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS) &&
        !verify_counts(v, op, ods->operands, ods->num_operands, op->num_operands, "operand", "operands"))
        return false;

    /* Attributes (properties), in ODS order. */
    for (uint32_t i = 0; i < ods->num_attrs; i++) {
        const spvk_ods_attr *a = &ods->attrs[i];
        const spvk_ir_attr *val = spvk_ir_op_attr(op, a->name);
        if (!val) {
            if (a->kind == SPVK_ODS_REQUIRED)
                return spvk_ir_op_error(v, op, "requires attribute '%s'", a->name);
            continue;
        }
        const spvk_ods_attr_constraint *c = a->constraint;
        bool ok = !c || (c->pred ? c->pred(val) : c->pred2 ? c->pred2(val, c) : true);
        if (ok && c && c->form == SPVK_ODS_ATTR_ENUM && c->enumeration) {
            int64_t value;
            ok = spvk_ods_enum_value(c->enumeration, val, &value) && spvk_ods_enum_valid(c->enumeration, value);
        }
        if (!ok)
            return spvk_ir_op_error(v, op, "attribute '%s' failed to satisfy constraint: %s", a->name,
                                    c && c->summary ? c->summary : "");
    }
    uint32_t start[ODS_MAX_GROUPS], count[ODS_MAX_GROUPS];
    if (ods->num_operands > ODS_MAX_GROUPS || ods->num_results > ODS_MAX_GROUPS)
        return true;
    if (ods->traits & SPVK_TRAIT_ATTR_SIZED_OPERANDS) {
        const spvk_ir_attr *sizes = spvk_ir_op_attr(op, "operandSegmentSizes");
        if (!sizes)
            return spvk_ir_op_error(v, op, "requires attribute 'operandSegmentSizes'");
        if (!dense_array_of(sizes, 32))
            return spvk_ir_op_error(v, op, "attribute 'operandSegmentSizes' failed to satisfy constraint: i32 dense array attribute");
        if (sizes->num_attrs != ods->num_operands)
            return spvk_ir_op_error(v, op, "'operandSegmentSizes' attribute for specifying operand segments must have %u elements, but got %u",
                                    ods->num_operands, sizes->num_attrs);
        int64_t total = 0;
        for (uint32_t i = 0; i < sizes->num_attrs; i++) {
            if (sizes->attrs[i]->value < 0)
                return spvk_ir_op_error(v, op, "'operandSegmentSizes' attribute cannot have negative elements");
            total += sizes->attrs[i]->value;
        }
        if (total != (int64_t)op->num_operands)
            return spvk_ir_op_error(v, op, "operand count (%u) does not match with the total size (%lld) specified in attribute 'operandSegmentSizes'",
                                    op->num_operands, (long long)total);
    }
    if (!spvk_ods_operand_groups(ods, op, start, count))
        return group_fit_error(v, op, ods->operands, ods->num_operands, op->num_operands, "operand", "operands");
    uint32_t index = 0;
    for (uint32_t g = 0; g < ods->num_operands; g++) {
        const spvk_ods_value *val = &ods->operands[g];
        if (val->arity == SPVK_ODS_OPTIONAL && count[g] > 1)
            return spvk_ir_op_error(v, op, "operand group starting at #%u requires 0 or 1 element, but found %u", index, count[g]);
        for (uint32_t j = 0; j < count[g]; j++, index++)
            if (!type_ok(val->constraint, spvk_ir_operand(op, index)->type))
                return value_error(v, op, "operand", index, val, spvk_ir_operand(op, index)->type);
    }
    uint32_t rstart[ODS_MAX_GROUPS], rcount[ODS_MAX_GROUPS];
    if (!spvk_ods_result_groups(ods, op, rstart, rcount))
        return group_fit_error(v, op, ods->results, ods->num_results, op->num_results, "result", "results");
    index = 0;
    for (uint32_t g = 0; g < ods->num_results; g++) {
        const spvk_ods_value *val = &ods->results[g];
        for (uint32_t j = 0; j < rcount[g]; j++, index++)
            if (!type_ok(val->constraint, op->results[index].type))
                return value_error(v, op, "result", index, val, op->results[index].type);
    }
    for (uint32_t i = 0; i < ods->num_regions && i < op->num_regions; i++) {
        const spvk_ods_region *r = &ods->regions[i];
        if (r->kind != SPVK_ODS_SIZED_REGION)
            continue;
        uint32_t blocks = 0;
        for (const spvk_ir_block *b = op->regions[i].first; b; b = b->next)
            blocks++;
        if (blocks != r->blocks)
            return spvk_ir_op_error(v, op, "region #%u ('%s') failed to verify constraint: region with %u blocks", i,
                                    r->name, r->blocks);
    }
    /* Type relations and the same-type traits. */
    const spvk_ir_type *group_type[2 * ODS_MAX_GROUPS];
    for (uint32_t g = 0; g < ods->num_operands; g++)
        group_type[g] = count[g] ? spvk_ir_operand(op, start[g])->type : NULL;
    for (uint32_t g = 0; g < ods->num_results; g++)
        group_type[ODS_MAX_GROUPS + g] = rcount[g] ? op->results[rstart[g]].type : NULL;
    for (uint32_t i = 0; i < ods->num_relations; i++) {
        const spvk_ods_relation *r = &ods->relations[i];
        const spvk_ir_type *t[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
        for (uint32_t j = 0; j < r->num_values && j < 6; j++) {
            int16_t x = r->values[j];
            if (x >= SPVK_ODS_ATTR_REF(0)) {
                const spvk_ir_attr *a = spvk_ir_op_attr(op, ods->attrs[x - SPVK_ODS_ATTR_REF(0)].name);
                t[j] = a ? a->type : NULL;
            } else {
                t[j] = x >= 0 ? group_type[x] : group_type[ODS_MAX_GROUPS + (-1 - x)];
            }
        }
        bool ok = true;
        if (r->kind == SPVK_ODS_ALL_TYPES_MATCH) {
            for (uint32_t j = 1; j < r->num_values; j++)
                if (t[j] && t[0] && t[j] != t[0])
                    ok = false;
        } else if (r->num_values >= 2 && t[0] && t[1]) {
            ok = (r->transform ? r->transform(ctx, t[1]) : t[1]) == t[0];
        }
        if (!ok)
            return spvk_ir_op_error(v, op, "failed to verify that %s", r->text ? r->text : "types match");
    }
    if (ods->traits & (SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE | SPVK_TRAIT_SAME_TYPE_OPERANDS)) {
        bool with_results = (ods->traits & SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE) != 0;
        const spvk_ir_type *t = op->num_operands ? spvk_ir_operand(op, 0)->type
                                : with_results && op->num_results ? op->results[0].type
                                                                  : NULL;
        for (uint32_t i = 0; i < op->num_operands; i++)
            if (spvk_ir_operand(op, i)->type != t)
                return spvk_ir_op_error(v, op, with_results ? "requires the same type for all operands and results"
                                                            : "requires all operands to have the same type");
        for (uint32_t i = 0; with_results && i < op->num_results; i++)
            if (op->results[i].type != t)
                return spvk_ir_op_error(v, op, "requires the same type for all operands and results");
    }
    if (ods->num_parents) {
        const spvk_ir_op *parent = spvk_ir_op_parent(op);
        const char *pname = parent ? spvk_ir_op_name(parent) : NULL;
        bool ok = false;
        for (uint32_t i = 0; i < ods->num_parents && pname; i++)
            ok = ok || strcmp(pname, ods->parents[i]) == 0;
        if (!ok) {
            if (ods->num_parents == 1)
                return spvk_ir_op_error(v, op, "expects parent op '%s'", ods->parents[0]);
            char list[512];
            size_t at = 0;
            list[0] = 0;
            for (uint32_t i = 0; i < ods->num_parents; i++) {
                int n = snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", ods->parents[i]);
                if (n < 0 || (size_t)n >= sizeof list - at)
                    break;
                at += (size_t)n;
            }
            return spvk_ir_op_error(v, op, "expects parent op to be one of '%s'", list); /* MLIR's quoting */
        }
    }
    return true;
}

bool spvk_ods_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ods_op *ods = spvk_ods_op_of(op->def);
    if (!ods)
        return true;
    if (!spvk_ods_verify_invariants(v, op, ods))
        return false;
    return !ods->verify || ods->verify(v, op);
}
