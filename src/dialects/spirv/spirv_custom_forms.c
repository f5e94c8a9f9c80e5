/* Custom assembly forms of the spirv dialect, written to match MLIR 19's printer byte for byte.

   Most ops MLIR 19 declares with an ODS `assemblyFormat`; those are kept here as the format text
   itself (a fact about the syntax, read from the ODS records) and run by a small interpreter that
   follows the spacing rules of MLIR's format generator. Writing a parser and a printer per op would
   repeat the same ten lines a hundred and fifty times, and every copy would be a place for the
   spacing to drift from MLIR's. The ops MLIR gives hand-written C++ forms (module, func, variables,
   memory ops, constants, structured control flow...) have their own functions below.

   Two rules keep printing lossless:
   - A form is only used when it can say everything about the op: when the types it leaves out could
     not be recovered from the ones it prints, or an attribute it needs is missing, the op is printed
     in the "fallback" form `(%a, %b) {attrs} : (T1, T2) -> R` after its name, which every parser
     here accepts first. (MLIR would print such an op generically; our printer hooks start after the
     op name, so the name stays unquoted.)
   - MLIR's hand-written printers drop attributes they do not know (a decoration on a
     spirv.CompositeExtract, say). Here such attributes are printed as a trailing `{...}` that the
     parsers accept; when there are none, the text is MLIR's. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "spirv_internal.h"
#include "../../ir/ir_internal.h"


/* ------------------------------------------------------------------------------------------------
   Small helpers: types, attributes, enumerant names
   ------------------------------------------------------------------------------------------------ */

static const spvk_ir_dialect *spirv_dialect(void) { return spvk_spirv_dialect(); }

static bool type_is_pointer(const spvk_ir_type *t)
{
    return spvk_ir_type_is(t, spirv_dialect(), SPVK_SPIRV_POINTER) && t->num_types == 1 && t->num_ints >= 1;
}

/* A pointer without spvkit's ArrayStride (ints[1]): the forms that write only the pointee and the
   storage class can say no more (a strided one prints in generic form). */
static bool type_is_plain_pointer(const spvk_ir_type *t)
{
    return type_is_pointer(t) && (t->num_ints < 2 || t->ints[1] <= 0);
}

/* !spirv.untyped_pointer<SC> (SPV_KHR_untyped_pointers), which a spirv.GlobalVariable may have. */
static bool type_is_untyped_pointer(const spvk_ir_type *t)
{
    return spvk_ir_type_is(t, spirv_dialect(), SPVK_SPIRV_OPAQUE) && t->num_ints == 2 &&
           t->ints[0] == SPVK_OP_TypeUntypedPointerKHR;
}

static bool type_is_vector(const spvk_ir_type *t)
{
    return spvk_ir_type_is(t, NULL, SPVK_TYPE_VECTOR) && t->num_types == 1;
}

static bool attr_is_enum(const spvk_ir_attr *a, unsigned kind)
{
    return a && a->dialect == spirv_dialect() && a->kind == SPVK_SPIRV_ATTR_ENUM && a->value2 == (int64_t)kind;
}

static bool attr_is_builtin(const spvk_ir_attr *a, unsigned kind) { return a && !a->dialect && a->kind == kind; }

static bool attr_is_int(const spvk_ir_attr *a) { return attr_is_builtin(a, SPVK_ATTR_INTEGER); }

static bool attr_is_flat_symbol(const spvk_ir_attr *a)
{
    return attr_is_builtin(a, SPVK_ATTR_SYMBOL_REF) && a->num_attrs == 0;
}

static const spvk_ir_type *i32_type(spvk_ir_context *ctx)
{
    return spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
}

/* The type an attribute carries (i1 for booleans), or NULL. */
static const spvk_ir_type *attr_value_type(spvk_ir_context *ctx, const spvk_ir_attr *a)
{
    if (!a || a->dialect)
        return NULL;
    if (a->kind == SPVK_ATTR_BOOL)
        return a->type ? a->type : spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    if (a->kind == SPVK_ATTR_INTEGER || a->kind == SPVK_ATTR_FLOAT || a->kind == SPVK_ATTR_DENSE)
        return a->type;
    return NULL;
}

/* i1, or vector<N x i1> shaped like t. */
static const spvk_ir_type *bool_like(spvk_ir_context *ctx, const spvk_ir_type *t)
{
    const spvk_ir_type *i1 = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    if (type_is_vector(t))
        return spvk_ir_vector_type(ctx, t->ints, t->num_ints, i1);
    return i1;
}

/* Enumerants as text: MLIR's spelling, masks joined by '|' (spirv_attrs.c's helpers, shared with
   the #spirv.<kind><...> attribute syntax). */
static void print_enum_quoted(spvk_ir_printer *p, unsigned kind, uint32_t value)
{
    spvk_ir_print_text(p, "\"");
    spvk_spirv_print_enum_value(p, kind, value);
    spvk_ir_print_text(p, "\"");
}

static void print_enum_bare(spvk_ir_printer *p, unsigned kind, uint32_t value)
{
    spvk_spirv_print_enum_value(p, kind, value);
}

/* An enumerant: `"Name"` (MLIR's parseEnumStrAttr), a bare `A|B` (parseEnumKeywordAttr) or `A`. The
   shared parser takes every spelling, which makes these parsers a little more lenient than
   MLIR's, never stricter. */
static bool parse_enum(spvk_ir_parser *p, unsigned kind, uint32_t *out) { return spvk_spirv_parse_enum_value(p, kind, out); }

static bool add_enum_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name, unsigned kind,
                          uint32_t value)
{
    const spvk_ir_attr *a = spvk_spirv_enum_attr(spvk_ir_parser_context(p), kind, value);
    return a && spvk_ir_state_add_attr(p, state, name, a);
}

static bool add_i32_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name, int64_t value)
{
    const spvk_ir_attr *a = spvk_ir_i32_attr(spvk_ir_parser_context(p), value);
    return a && spvk_ir_state_add_attr(p, state, name, a);
}

/* An integer attribute parsed as i32 (a bare literal or one with ': i32'). */
static bool parse_i32(spvk_ir_parser *p, int64_t *out)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *a = spvk_ir_parse_attr(p, i32_type(ctx));
    if (!a)
        return false;
    if (!attr_is_int(a))
        return spvk_ir_parser_error(p, "expected an integer");
    *out = a->value;
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Growable lists in the parser's scratch memory (released once the op being parsed is created)
   ------------------------------------------------------------------------------------------------ */

typedef struct ref_list {
    spvk_ir_operand_ref *items;
    uint32_t count, capacity;
} ref_list;

typedef struct type_list {
    const spvk_ir_type **items;
    uint32_t count, capacity;
} type_list;

static bool grow(spvk_ir_parser *p, void **items, uint32_t *capacity, uint32_t count, size_t size)
{
    if (count < *capacity)
        return true;
    if (*capacity > (1u << 20))
        return spvk_ir_parser_error(p, "too many operands");
    uint32_t new_capacity = *capacity ? *capacity * 2 : 8;
    void *fresh = spvk_ir_parser_scratch(p, (size_t)new_capacity * size);
    if (!fresh)
        return false;
    if (count)
        memcpy(fresh, *items, (size_t)count * size);
    *items = fresh;
    *capacity = new_capacity;
    return true;
}

static bool ref_push(spvk_ir_parser *p, ref_list *l, const spvk_ir_operand_ref *r)
{
    void *items = l->items;
    if (!grow(p, &items, &l->capacity, l->count, sizeof *l->items))
        return false;
    l->items = items;
    l->items[l->count++] = *r;
    return true;
}

static bool type_push(spvk_ir_parser *p, type_list *l, const spvk_ir_type *t)
{
    void *items = (void *)l->items;
    if (!grow(p, &items, &l->capacity, l->count, sizeof *l->items))
        return false;
    l->items = items;
    l->items[l->count++] = t;
    return true;
}

/* ssa-use (`,` ssa-use)*, possibly empty. */
static bool parse_operand_list(spvk_ir_parser *p, ref_list *out)
{
    if (!spvk_ir_parser_at_operand(p))
        return true;
    do {
        spvk_ir_operand_ref r;
        if (!spvk_ir_parse_operand(p, &r) || !ref_push(p, out, &r))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return true;
}

/* type (`,` type)*, possibly empty. */
static bool parse_type_list(spvk_ir_parser *p, type_list *out)
{
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
static bool parse_result_types(spvk_ir_parser *p, type_list *out)
{
    if (spvk_ir_parse_optional_punct(p, "(")) {
        if (!parse_type_list(p, out))
            return false;
        return spvk_ir_parse_punct(p, ")");
    }
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && type_push(p, out, t);
}

static bool resolve_add(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *r,
                        const spvk_ir_type *t)
{
    spvk_ir_value *v = spvk_ir_resolve_operand(p, r, t);
    return v && spvk_ir_state_add_operand(p, state, v);
}

static bool resolve_list(spvk_ir_parser *p, spvk_ir_op_state *state, const ref_list *refs, const type_list *types)
{
    if (refs->count != types->count)
        return spvk_ir_parser_error(p, "%u operands present, but expected %u", types->count, refs->count);
    for (uint32_t i = 0; i < refs->count; i++)
        if (!resolve_add(p, state, &refs->items[i], types->items[i]))
            return false;
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Printing helpers
   ------------------------------------------------------------------------------------------------ */

static void print_operands(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, spvk_ir_operand(op, first + i));
    }
}

static void print_operand_types(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, spvk_ir_operand(op, first + i)->type);
    }
}

/* Results of a functional type: `()`, `T`, or `(T1, T2)` (a lone function type is parenthesized). */
static void print_result_types(spvk_ir_printer *p, const spvk_ir_op *op)
{
    bool parens = op->num_results != 1 || spvk_ir_type_is(op->results[0].type, NULL, SPVK_TYPE_FUNCTION);
    if (parens)
        spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, op->results[i].type);
    }
    if (parens)
        spvk_ir_print_text(p, ")");
}

/* The fallback form: ` (%a, %b) {attrs} : (T1, T2) -> R`. */
static void print_fallback(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " (");
    print_operands(p, op, 0, op->num_operands);
    spvk_ir_print_text(p, ")");
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : (");
    print_operand_types(p, op, 0, op->num_operands);
    spvk_ir_print_text(p, ") -> ");
    print_result_types(p, op);
}

/* fallback ::= `(` ssa-use-list `)` attr-dict? `:` `(` type-list `)` `->` result-types
   (called with the `(` already consumed) */
static bool parse_fallback(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    ref_list refs = {0};
    type_list types = {0}, results = {0};
    if (!parse_operand_list(p, &refs) || !spvk_ir_parse_punct(p, ")") ||
        !spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":") ||
        !spvk_ir_parse_punct(p, "(") || !parse_type_list(p, &types) || !spvk_ir_parse_punct(p, ")") ||
        !spvk_ir_parse_punct(p, "->") || !parse_result_types(p, &results))
        return false;
    if (!resolve_list(p, state, &refs, &types))
        return false;
    for (uint32_t i = 0; i < results.count; i++)
        if (!spvk_ir_state_add_result_type(p, state, results.items[i]))
            return false;
    return true;
}

/* Every custom parser starts here: the fallback form, when the op was printed in it. */
#define PARSE_FALLBACK_FIRST(p, state)                                                                     \
    do {                                                                                                   \
        if (spvk_ir_parse_optional_punct((p), "("))                                                        \
            return parse_fallback((p), (state));                                                           \
    } while (0)

/* ------------------------------------------------------------------------------------------------
   The declarative forms: MLIR 19's assemblyFormats, in spirv.ops, run by the IR's format engine
   (src/ir/asm_format.c). What is the dialect's own: its enum attributes in a format (`<Workgroup>`)
   and the rules that give the types a format leaves out.
   ------------------------------------------------------------------------------------------------ */

typedef enum infer_rule {
    INFER_NONE,       /* every type is printed */
    INFER_SAME,       /* all operands and the result share the one printed type */
    INFER_BOOL,       /* operands share a type; the result is i1 shaped like it */
    INFER_OPERAND0,   /* unknown operands and the result have operand 0's type */
    INFER_RESULT,     /* unknown operands have the result's type */
    INFER_ATOMIC,     /* unknown operands and the result are operand 0's pointee */
    INFER_DOT_ACC,    /* operand 1 is operand 0's type; operand 2 the result's */
    INFER_VEC_EXTRACT, /* the result is operand 0's element type */
    INFER_VEC_INSERT, /* operand 1 is operand 0's element type, the result operand 0's type */
    INFER_IMAGE,      /* the result is the image type of the sampled image operand 0 */
    INFER_PREDICATE,  /* unknown operands are i1 */
    INFER_OPERAND2,   /* the result has operand 2's type */
    INFER_I32         /* the result is i32 */
} infer_rule;

/* Fills the unknown (NULL) types from the known ones by the form's rule. */
static void infer_types(spvk_ir_context *ctx, uint8_t rule, const spvk_ir_type **operands, uint32_t num_operands,
                        const spvk_ir_type **results, uint32_t num_results)
{
    const spvk_ir_type *t = NULL;
    const spvk_ir_type *result = num_results ? results[0] : NULL;
    const spvk_ir_type *op0 = num_operands ? operands[0] : NULL;
    switch (rule) {
    case INFER_SAME:
        t = result;
        for (uint32_t i = 0; !t && i < num_operands; i++)
            t = operands[i];
        for (uint32_t i = 0; i < num_operands; i++)
            if (!operands[i])
                operands[i] = t;
        if (num_results && !results[0])
            results[0] = t;
        break;
    case INFER_BOOL:
        for (uint32_t i = 0; !t && i < num_operands; i++)
            t = operands[i];
        for (uint32_t i = 0; i < num_operands; i++)
            if (!operands[i])
                operands[i] = t;
        if (num_results && !results[0] && t)
            results[0] = bool_like(ctx, t);
        break;
    case INFER_OPERAND0:
        for (uint32_t i = 1; i < num_operands; i++)
            if (!operands[i])
                operands[i] = op0;
        if (num_results && !results[0])
            results[0] = op0;
        break;
    case INFER_RESULT:
        for (uint32_t i = 0; i < num_operands; i++)
            if (!operands[i])
                operands[i] = result;
        break;
    case INFER_ATOMIC:
        t = type_is_pointer(op0) ? op0->types[0] : NULL;
        for (uint32_t i = 1; i < num_operands; i++)
            if (!operands[i])
                operands[i] = t;
        if (num_results && !results[0])
            results[0] = t;
        break;
    case INFER_DOT_ACC:
        if (num_operands > 1 && !operands[1])
            operands[1] = op0;
        if (num_operands > 2 && !operands[2])
            operands[2] = result;
        break;
    case INFER_VEC_EXTRACT:
        if (num_results && !results[0] && type_is_vector(op0))
            results[0] = op0->types[0];
        break;
    case INFER_VEC_INSERT:
        if (num_operands > 1 && !operands[1] && type_is_vector(op0))
            operands[1] = op0->types[0];
        if (num_results && !results[0])
            results[0] = op0;
        break;
    case INFER_IMAGE:
        if (num_results && !results[0] && spvk_ir_type_is(op0, spirv_dialect(), SPVK_SPIRV_SAMPLED_IMAGE) &&
            op0->num_types == 1)
            results[0] = op0->types[0];
        break;
    case INFER_PREDICATE:
        for (uint32_t i = 0; i < num_operands; i++)
            if (!operands[i])
                operands[i] = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
        break;
    case INFER_OPERAND2:
        if (num_results && !results[0] && num_operands > 2)
            results[0] = operands[2];
        break;
    case INFER_I32:
        if (num_results && !results[0])
            results[0] = i32_type(ctx);
        break;
    default:
        break;
    }
}

void spirv_infer_same(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_SAME, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_bool(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_BOOL, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_operand0(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_OPERAND0, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_result(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_RESULT, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_atomic(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_ATOMIC, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_dot_acc(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_DOT_ACC, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_vec_extract(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_VEC_EXTRACT, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_vec_insert(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_VEC_INSERT, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_image(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_IMAGE, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_predicate(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_PREDICATE, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_operand2(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_OPERAND2, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

void spirv_infer_i32(spvk_ods_infer *in)
{
    infer_types(in->ctx, INFER_I32, in->operand_types, in->num_operands, in->result_types, in->num_results);
}

static void print_stripped_enum(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    spvk_ir_print_text(p, "<");
    print_enum_bare(p, (unsigned)a->value2, (uint32_t)a->value);
    spvk_ir_print_text(p, ">");
}

/* An enum attribute in a format: `<A|B>` (MLIR prints it stripped) or the full `#spirv.kind<...>`. */
static const spvk_ir_attr *parse_format_enum(spvk_ir_parser *p, unsigned kind, const char *name)
{
    if (spvk_ir_parse_optional_punct(p, "<")) {
        uint32_t value;
        if (!parse_enum(p, kind, &value) || !spvk_ir_parse_punct(p, ">"))
            return NULL;
        const spvk_ir_attr *a = spvk_spirv_enum_attr(spvk_ir_parser_context(p), kind, value);
        if (!a)
            spvk_ir_parser_error(p, "out of memory");
        return a;
    }
    const spvk_ir_attr *a = spvk_ir_parse_attr(p, NULL);
    if (a && !attr_is_enum(a, kind)) {
        const spvk_operand_kind_desc *k = spvk_operand_kind(kind);
        spvk_ir_parser_error(p, "expected a %s attribute for '%s'", k ? k->name : "enum", name);
        return NULL;
    }
    return a;
}

bool spvk_spirv_ods_is_enum(const spvk_ir_attr *a, const spvk_ods_attr_constraint *c)
{
    return attr_is_enum(a, (unsigned)c->param);
}

const spvk_ir_attr *spvk_spirv_ods_parse_enum(spvk_ir_parser *p, const spvk_ods_attr_constraint *c)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind((unsigned)c->param);
    return parse_format_enum(p, (unsigned)c->param, k && k->name ? k->name : "enum");
}

void spvk_spirv_ods_print_enum(spvk_ir_printer *p, const spvk_ir_attr *a, const spvk_ods_attr_constraint *c)
{
    (void)c;
    print_stripped_enum(p, a);
}

/* The description of the op with a declarative form named `name` ("spirv.IAdd"), or NULL. */
static const spvk_ods_op *decl_form_lookup(const char *name)
{
    size_t lo = 0, hi = spvk_spirv_ods.num_ops;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, spvk_spirv_ods.ops[mid].name);
        if (c == 0)
            return &spvk_spirv_ods.ops[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------------
   Hand-written forms (MLIR's C++ parsers and printers)
   ------------------------------------------------------------------------------------------------ */

static const spvk_ir_attr *attr_of(const spvk_ir_op *op, const char *name) { return spvk_ir_op_attr(op, name); }

static bool parse_symbol_name_attr(spvk_ir_parser *p, spvk_ir_op_state *state, bool optional)
{
    const char *name;
    if (!spvk_ir_parse_optional_symbol_name(p, &name)) {
        if (optional)
            return true;
        return spvk_ir_parser_error(p, "expected a symbol name (@name)");
    }
    const spvk_ir_attr *a = spvk_ir_string_attr(spvk_ir_parser_context(p), name, strlen(name));
    return a && spvk_ir_state_add_attr(p, state, SPVK_IR_SYMBOL_NAME, a);
}

static const char *symbol_name_of(const spvk_ir_op *op)
{
    const spvk_ir_attr *a = attr_of(op, SPVK_IR_SYMBOL_NAME);
    return attr_is_builtin(a, SPVK_ATTR_STRING) ? a->string : NULL;
}

/* --- spirv.module ---
   spv-module-op ::= `spirv.module` symbol-name? addressing-model memory-model
                     (`requires` spirv-vce-attribute)? (`attributes` attribute-dict)? region */
static bool parse_module(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    uint32_t addressing, memory;
    if (!parse_symbol_name_attr(p, state, true) ||
        !parse_enum(p, SPVK_OPERAND_AddressingModel, &addressing) ||
        !parse_enum(p, SPVK_OPERAND_MemoryModel, &memory) ||
        !add_enum_attr(p, state, "addressing_model", SPVK_OPERAND_AddressingModel, addressing) ||
        !add_enum_attr(p, state, "memory_model", SPVK_OPERAND_MemoryModel, memory))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "requires")) {
        const spvk_ir_attr *vce = spvk_ir_parse_attr(p, NULL);
        if (!vce)
            return false;
        if (vce->dialect != spirv_dialect() || vce->kind != SPVK_SPIRV_ATTR_VCE)
            return spvk_ir_parser_error(p, "expected a #spirv.vce attribute after 'requires'");
        if (!spvk_ir_state_add_attr(p, state, "vce_triple", vce))
            return false;
    }
    if (!spvk_ir_parse_optional_attr_dict_with_keyword(p, state) || !spvk_ir_parse_region(p, state, NULL, NULL, 0))
        return false;
    /* MLIR gives an empty body one block */
    spvk_ir_region *body = state->num_regions ? state->regions[state->num_regions - 1] : NULL;
    if (body && spvk_ir_region_is_empty(body)) {
        spvk_ir_block *block = spvk_ir_block_create(spvk_ir_parser_context(p));
        if (!block)
            return spvk_ir_parser_error(p, "out of memory");
        spvk_ir_region_append(body, block);
    }
    return true;
}

static void print_module(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"addressing_model", "memory_model", SPVK_IR_SYMBOL_NAME, "vce_triple"};
    const spvk_ir_attr *addressing = attr_of(op, "addressing_model"), *memory = attr_of(op, "memory_model");
    const spvk_ir_attr *vce = attr_of(op, "vce_triple");
    const char *name = symbol_name_of(op);
    if (!attr_is_enum(addressing, SPVK_OPERAND_AddressingModel) || !attr_is_enum(memory, SPVK_OPERAND_MemoryModel) ||
        op->num_regions != 1 || (vce && (vce->dialect != spirv_dialect() || vce->kind != SPVK_SPIRV_ATTR_VCE)) ||
        (attr_of(op, SPVK_IR_SYMBOL_NAME) && !name)) {
        /* without its models the op cannot be written in this form; keep everything in the dictionary */
        spvk_ir_print_text(p, " Logical GLSL450");
        spvk_ir_print_attr_dict_with_keyword(p, op->attrs, NULL, 0);
        spvk_ir_print_text(p, " ");
        spvk_ir_print_region(p, &op->regions[0], true, false);
        return;
    }
    if (name) {
        spvk_ir_print_text(p, " ");
        spvk_ir_print_symbol_name(p, name);
    }
    spvk_ir_print_text(p, " ");
    print_enum_bare(p, SPVK_OPERAND_AddressingModel, (uint32_t)addressing->value);
    spvk_ir_print_text(p, " ");
    print_enum_bare(p, SPVK_OPERAND_MemoryModel, (uint32_t)memory->value);
    if (vce) {
        spvk_ir_print_text(p, " requires ");
        spvk_ir_print_attr_to(p, vce);
    }
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, 4);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], true, false);
}

/* --- spirv.func ---
   spv-function-op ::= `spirv.func` symbol-name `(` argument-list `)` (`->` function-result-list)?
                       function-control (`attributes` attribute-dict)? region?
   argument ::= ssa-id `:` type attribute-dict? location? | type attribute-dict?
   function-result-list ::= `(` (type attribute-dict?)* `)` | type */
static const spvk_ir_attr *dict_or_empty(spvk_ir_context *ctx, const spvk_ir_attr *a)
{
    return a ? a : spvk_ir_dictionary_attr(ctx, NULL, NULL, 0);
}

static bool parse_optional_dict(spvk_ir_parser *p, const spvk_ir_attr **out)
{
    *out = NULL;
    if (!spvk_ir_parser_at_punct(p, "{"))
        return true;
    const spvk_ir_attr *a = spvk_ir_parse_attr(p, NULL);
    if (!a)
        return false;
    if (!attr_is_builtin(a, SPVK_ATTR_DICTIONARY))
        return spvk_ir_parser_error(p, "expected an attribute dictionary");
    *out = a->num_attrs ? a : NULL;
    return true;
}

typedef struct attr_list {
    const spvk_ir_attr **items;
    uint32_t count, capacity;
} attr_list;

static bool attr_push(spvk_ir_parser *p, attr_list *l, const spvk_ir_attr *a)
{
    void *items = (void *)l->items;
    if (!grow(p, &items, &l->capacity, l->count, sizeof *l->items))
        return false;
    l->items = items;
    l->items[l->count++] = a;
    return true;
}

/* Sets `name` to an array of the dictionaries when any is non-empty (MLIR leaves it out otherwise). */
static bool add_dict_array(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name, const attr_list *l)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    bool any = false;
    for (uint32_t i = 0; i < l->count; i++)
        any = any || l->items[i];
    if (!any)
        return true;
    for (uint32_t i = 0; i < l->count; i++) {
        l->items[i] = dict_or_empty(ctx, l->items[i]);
        if (!l->items[i])
            return spvk_ir_parser_error(p, "out of memory");
    }
    const spvk_ir_attr *a = spvk_ir_array_attr(ctx, l->items, l->count);
    return a && spvk_ir_state_add_attr(p, state, name, a);
}

static bool parse_func(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    ref_list names = {0};
    type_list inputs = {0}, results = {0};
    attr_list arg_attrs = {0}, res_attrs = {0};
    bool named = false;
    if (!parse_symbol_name_attr(p, state, false) || !spvk_ir_parse_punct(p, "("))
        return false;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            const spvk_ir_type *t;
            const spvk_ir_attr *dict, *loc;
            if (spvk_ir_parser_at_operand(p)) {
                spvk_ir_operand_ref r;
                if (inputs.count && !named)
                    return spvk_ir_parser_error(p, "expected a type: the arguments are not named");
                named = true;
                if (!spvk_ir_parse_operand(p, &r) || !ref_push(p, &names, &r) || !spvk_ir_parse_punct(p, ":"))
                    return false;
            } else if (named) {
                return spvk_ir_parser_error(p, "expected an SSA name: the arguments are named");
            }
            t = spvk_ir_parse_type(p);
            if (!t || !type_push(p, &inputs, t) || !parse_optional_dict(p, &dict) || !attr_push(p, &arg_attrs, dict))
                return false;
            /* a named argument's location goes to its entry argument; an unnamed one's is dropped
               (a malformed one fails the next call) */
            if (named)
                (void)spvk_ir_parse_optional_arg_location(p, &names.items[names.count - 1]);
            else
                (void)spvk_ir_parse_optional_location(p, &loc);
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (spvk_ir_parse_optional_punct(p, "->")) {
        if (spvk_ir_parse_optional_punct(p, "(")) {
            if (!spvk_ir_parse_optional_punct(p, ")")) {
                do {
                    const spvk_ir_attr *dict;
                    const spvk_ir_type *t = spvk_ir_parse_type(p);
                    if (!t || !type_push(p, &results, t) || !parse_optional_dict(p, &dict) ||
                        !attr_push(p, &res_attrs, dict))
                        return false;
                } while (spvk_ir_parse_optional_punct(p, ","));
                if (!spvk_ir_parse_punct(p, ")"))
                    return false;
            }
        } else {
            const spvk_ir_type *t = spvk_ir_parse_type(p);
            if (!t || !type_push(p, &results, t) || !attr_push(p, &res_attrs, NULL))
                return false;
        }
    }
    const spvk_ir_type *fn = spvk_ir_function_type(ctx, inputs.items, inputs.count, results.items, results.count);
    const spvk_ir_attr *fn_attr = fn ? spvk_ir_type_attr(ctx, fn) : NULL;
    uint32_t control;
    if (!fn_attr)
        return spvk_ir_parser_error(p, "out of memory");
    if (!spvk_ir_state_add_attr(p, state, "function_type", fn_attr) ||
        !parse_enum(p, SPVK_OPERAND_FunctionControl, &control) ||
        !add_enum_attr(p, state, "function_control", SPVK_OPERAND_FunctionControl, control) ||
        !spvk_ir_parse_optional_attr_dict_with_keyword(p, state) ||
        !add_dict_array(p, state, "arg_attrs", &arg_attrs) || !add_dict_array(p, state, "res_attrs", &res_attrs))
        return false;
    bool parsed = false;
    if (!spvk_ir_parse_optional_region(p, state, named ? names.items : NULL, named ? inputs.items : NULL,
                                       named ? inputs.count : 0, &parsed))
        return false;
    if (!parsed) {
        if (named && inputs.count)
            return spvk_ir_parser_error(p, "expected a function body after named arguments");
        return spvk_ir_state_add_empty_region(p, state);
    }
    return true;
}

static const spvk_ir_attr *array_item_dict(const spvk_ir_attr *array, uint32_t i)
{
    if (!attr_is_builtin(array, SPVK_ATTR_ARRAY) || i >= array->num_attrs)
        return NULL;
    const spvk_ir_attr *d = array->attrs[i];
    return attr_is_builtin(d, SPVK_ATTR_DICTIONARY) && d->num_attrs ? d : NULL;
}

static void print_func(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {SPVK_IR_SYMBOL_NAME, "function_type", "arg_attrs", "res_attrs",
                                         "function_control"};
    const spvk_ir_attr *type_attr = attr_of(op, "function_type"), *control = attr_of(op, "function_control");
    const spvk_ir_attr *arg_attrs = attr_of(op, "arg_attrs"), *res_attrs = attr_of(op, "res_attrs");
    const char *name = symbol_name_of(op);
    const spvk_ir_type *fn = attr_is_builtin(type_attr, SPVK_ATTR_TYPE) ? type_attr->type : NULL;
    bool has_body = op->num_regions == 1 && !spvk_ir_region_is_empty(&op->regions[0]);
    const spvk_ir_block *entry = has_body ? op->regions[0].first : NULL;
    if (!name || !spvk_ir_type_is(fn, NULL, SPVK_TYPE_FUNCTION) || op->num_regions != 1 ||
        (entry && entry->num_args != spvk_ir_function_num_inputs(fn))) {
        /* not a well-formed function: keep what there is in the dictionary (the verifier says why) */
        spvk_ir_print_text(p, " @\"\"() \"None\"");
        spvk_ir_print_attr_dict_with_keyword(p, op->attrs, NULL, 0);
        if (op->num_regions == 1 && !spvk_ir_region_is_empty(&op->regions[0])) {
            spvk_ir_print_text(p, " ");
            spvk_ir_print_region(p, &op->regions[0], true, false);
        }
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name);
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < spvk_ir_function_num_inputs(fn); i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        if (entry) {
            spvk_ir_print_block_arg(p, entry->args[i]);
            spvk_ir_print_text(p, ": ");
        }
        spvk_ir_print_type_to(p, fn->types[i]);
        const spvk_ir_attr *d = array_item_dict(arg_attrs, i);
        if (d)
            spvk_ir_print_attr_dict(p, d, NULL, 0);
    }
    spvk_ir_print_text(p, ")");
    uint32_t num_results = spvk_ir_function_num_results(fn);
    if (num_results) {
        const spvk_ir_type *first = fn->types[spvk_ir_function_num_inputs(fn)];
        bool parens = num_results > 1 || spvk_ir_type_is(first, NULL, SPVK_TYPE_FUNCTION);
        for (uint32_t i = 0; i < num_results; i++)
            parens = parens || array_item_dict(res_attrs, i);
        spvk_ir_print_text(p, parens ? " -> (" : " -> ");
        for (uint32_t i = 0; i < num_results; i++) {
            if (i)
                spvk_ir_print_text(p, ", ");
            spvk_ir_print_type_to(p, fn->types[spvk_ir_function_num_inputs(fn) + i]);
            const spvk_ir_attr *d = array_item_dict(res_attrs, i);
            if (d)
                spvk_ir_print_attr_dict(p, d, NULL, 0);
        }
        if (parens)
            spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_FunctionControl,
                      attr_is_enum(control, SPVK_OPERAND_FunctionControl) ? (uint32_t)control->value : 0);
    /* a function_control of the wrong kind stays in the dictionary */
    uint32_t num_elided = attr_is_enum(control, SPVK_OPERAND_FunctionControl) || !control ? 5 : 4;
    if (arg_attrs && !attr_is_builtin(arg_attrs, SPVK_ATTR_ARRAY))
        num_elided = 0;
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, num_elided);
    if (has_body) {
        spvk_ir_print_text(p, " ");
        spvk_ir_print_region(p, &op->regions[0], false, false);
    }
}

/* --- variable decorations (spirv.GlobalVariable, spirv.Variable) ---
   decorations ::= (`bind` `(` integer `,` integer `)`)? (`built_in` `(` string `)`)? attribute-dict?
   Both, in this order, are what MLIR 19 prints for a variable with a binding and a builtin (its own
   parser takes one or the other; fuzzing found spvkit printing text it then refused). */
static bool parse_variable_decorations(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (spvk_ir_parse_optional_keyword(p, "bind")) {
        int64_t set = 0, binding = 0;
        if (!spvk_ir_parse_punct(p, "(") || !parse_i32(p, &set) || !spvk_ir_parse_punct(p, ",") ||
            !parse_i32(p, &binding) || !spvk_ir_parse_punct(p, ")") ||
            !add_i32_attr(p, state, "descriptor_set", set) || !add_i32_attr(p, state, "binding", binding))
            return false;
    }
    if (spvk_ir_parse_optional_keyword(p, "built_in")) {
        const char *s;
        size_t length;
        const spvk_ir_attr *a;
        if (!spvk_ir_parse_punct(p, "(") || !spvk_ir_parse_string(p, &s, &length) || !spvk_ir_parse_punct(p, ")"))
            return false;
        a = spvk_ir_string_attr(ctx, s, length);
        if (!a || !spvk_ir_state_add_attr(p, state, "built_in", a))
            return false;
    }
    return spvk_ir_parse_optional_attr_dict(p, state);
}

/* Prints ` bind(s, b)` / ` built_in("X")` and the remaining attributes; `elided` has room for 3 more. */
static void print_variable_decorations(spvk_ir_printer *p, const spvk_ir_op *op, const char **elided,
                                       uint32_t num_elided)
{
    const spvk_ir_attr *set = attr_of(op, "descriptor_set"), *binding = attr_of(op, "binding");
    const spvk_ir_attr *built_in = attr_of(op, "built_in");
    if (attr_is_int(set) && attr_is_int(binding)) {
        spvk_ir_print_text(p, " bind(");
        spvk_ir_print_int(p, set->value);
        spvk_ir_print_text(p, ", ");
        spvk_ir_print_int(p, binding->value);
        spvk_ir_print_text(p, ")");
        elided[num_elided++] = "descriptor_set";
        elided[num_elided++] = "binding";
    }
    /* MLIR writes the name between quotes without escaping; names needing escapes go in the dictionary */
    if (attr_is_builtin(built_in, SPVK_ATTR_STRING) && built_in->length == strlen(built_in->string) &&
        !strpbrk(built_in->string, "\"\\\n")) {
        spvk_ir_print_format(p, " built_in(\"%s\")", built_in->string);
        elided[num_elided++] = "built_in";
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
}

/* --- spirv.GlobalVariable ---
   variable-op ::= `spirv.GlobalVariable` symbol-name (`initializer` `(` symbol-ref `)`)?
                   decorations `:` pointer-type */
static bool parse_global_variable(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (!parse_symbol_name_attr(p, state, false))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "initializer")) {
        const spvk_ir_attr *init;
        if (!spvk_ir_parse_punct(p, "(") || !(init = spvk_ir_parse_symbol_ref(p)) || !spvk_ir_parse_punct(p, ")"))
            return false;
        if (!attr_is_flat_symbol(init))
            return spvk_ir_parser_error(p, "expected a flat symbol reference");
        if (!spvk_ir_state_add_attr(p, state, "initializer", init))
            return false;
    }
    if (!parse_variable_decorations(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!type_is_pointer(t) && !type_is_untyped_pointer(t))
        return spvk_ir_parser_error(p, "expected spirv.ptr type");
    const spvk_ir_attr *a = spvk_ir_type_attr(ctx, t);
    return a && spvk_ir_state_add_attr(p, state, "type", a);
}

static void print_global_variable(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[8] = {"storage_class", SPVK_IR_SYMBOL_NAME, "type"};
    uint32_t num_elided = 3;
    const char *name = symbol_name_of(op);
    const spvk_ir_attr *type = attr_of(op, "type"), *init = attr_of(op, "initializer");
    if (!name || !attr_is_builtin(type, SPVK_ATTR_TYPE) ||
        (!type_is_pointer(type->type) && !type_is_untyped_pointer(type->type))) {
        /* the form needs a name and a pointer type; a malformed op keeps its attributes in the dictionary */
        spvk_ir_print_text(p, " @\"\"");
        spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
        spvk_ir_print_text(p, " : !spirv.ptr<none, Private>");
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name);
    if (attr_is_flat_symbol(init)) {
        spvk_ir_print_text(p, " initializer(");
        spvk_ir_print_attr_to(p, init);
        spvk_ir_print_text(p, ")");
        elided[num_elided++] = "initializer";
    }
    print_variable_decorations(p, op, elided, num_elided);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, type->type);
}

/* --- spirv.Variable ---
   variable-op ::= ssa-id `=` `spirv.Variable` (`init` `(` ssa-use `)`)? decorations `:` pointer-type */
static bool parse_variable(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_operand_ref init;
    bool has_init = false;
    if (spvk_ir_parse_optional_keyword(p, "init")) {
        if (!spvk_ir_parse_punct(p, "(") || !spvk_ir_parse_operand(p, &init) || !spvk_ir_parse_punct(p, ")"))
            return false;
        has_init = true;
    }
    if (!parse_variable_decorations(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!type_is_pointer(t))
        return spvk_ir_parser_error(p, "expected spirv.ptr type");
    if (!spvk_ir_state_add_result_type(p, state, t) || (has_init && !resolve_add(p, state, &init, t->types[0])))
        return false;
    return add_enum_attr(p, state, "storage_class", SPVK_OPERAND_StorageClass, (uint32_t)t->ints[0]);
}

static void print_variable(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[8] = {"storage_class"};
    const spvk_ir_attr *sc = attr_of(op, "storage_class");
    const spvk_ir_type *t = op->num_results == 1 ? op->results[0].type : NULL;
    /* the storage class is implied by the pointer type: it must agree to be left out */
    if (!type_is_pointer(t) || op->num_operands > 1 || !attr_is_enum(sc, SPVK_OPERAND_StorageClass) ||
        sc->value != t->ints[0] || (op->num_operands == 1 && spvk_ir_operand(op, 0)->type != t->types[0])) {
        print_fallback(p, op);
        return;
    }
    if (op->num_operands) {
        spvk_ir_print_text(p, " init(");
        spvk_ir_print_value(p, spvk_ir_operand(op, 0));
        spvk_ir_print_text(p, ")");
    }
    print_variable_decorations(p, op, elided, 1);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, t);
}

/* --- spirv.SpecConstant ---
   spec-constant-op ::= `spirv.SpecConstant` symbol-name (`spec_id` `(` integer `)`)? `=` attribute
                        attribute-dict? (the dictionary is spvkit's: MLIR drops other attributes) */
static bool parse_spec_constant(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    if (!parse_symbol_name_attr(p, state, false))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "spec_id")) {
        /* an untyped integer, as MLIR parses it (i64; the deserializer's are i32) */
        const spvk_ir_attr *id;
        if (!spvk_ir_parse_punct(p, "(") || !(id = spvk_ir_parse_attr(p, NULL)))
            return false;
        if (!attr_is_int(id))
            return spvk_ir_parser_error(p, "expected an integer spec_id");
        if (!spvk_ir_parse_punct(p, ")") || !spvk_ir_state_add_attr(p, state, "spec_id", id))
            return false;
    }
    if (!spvk_ir_parse_punct(p, "="))
        return false;
    const spvk_ir_attr *value = spvk_ir_parse_attr(p, NULL);
    return value && spvk_ir_state_add_attr(p, state, "default_value", value) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_spec_constant(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {SPVK_IR_SYMBOL_NAME, "spec_id", "default_value"};
    const char *name = symbol_name_of(op);
    const spvk_ir_attr *id = attr_of(op, "spec_id"), *value = attr_of(op, "default_value");
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name ? name : "");
    if (attr_is_int(id))
        spvk_ir_print_format(p, " spec_id(%lld)", (long long)id->value);
    spvk_ir_print_text(p, " = ");
    if (value)
        spvk_ir_print_attr_to(p, value);
    else
        spvk_ir_print_text(p, "unit");
    spvk_ir_print_attr_dict(p, op->attrs, elided, attr_is_int(id) || !id ? 3 : 2);
}

/* --- spirv.SpecConstantComposite ---
   spec-constant-composite-op ::= `spirv.SpecConstantComposite` symbol-name
                                  `(` symbol-ref (`,` symbol-ref)* `)` `:` type attribute-dict? */
static bool parse_spec_constant_composite(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    attr_list parts = {0};
    if (!parse_symbol_name_attr(p, state, false) || !spvk_ir_parse_punct(p, "("))
        return false;
    if (!spvk_ir_parser_at_punct(p, ")")) {
        do {
            /* spvkit's: a constituent may be a value (unit, #spirv.undef, a constant) */
            const spvk_ir_attr *ref = spvk_ir_parse_attr(p, NULL);
            if (!ref || !attr_push(p, &parts, ref))
                return false;
        } while (spvk_ir_parse_optional_punct(p, ","));
    }
    if (!spvk_ir_parse_punct(p, ")") || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_attr *constituents = spvk_ir_array_attr(ctx, parts.items, parts.count);
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    const spvk_ir_attr *type = t ? spvk_ir_type_attr(ctx, t) : NULL;
    return constituents && type && spvk_ir_state_add_attr(p, state, "constituents", constituents) &&
           spvk_ir_state_add_attr(p, state, "type", type) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_spec_constant_composite(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {SPVK_IR_SYMBOL_NAME, "constituents", "type"};
    const char *name = symbol_name_of(op);
    const spvk_ir_attr *parts = attr_of(op, "constituents"), *type = attr_of(op, "type");
    bool parts_ok = attr_is_builtin(parts, SPVK_ATTR_ARRAY), type_ok = attr_is_builtin(type, SPVK_ATTR_TYPE);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name ? name : "");
    spvk_ir_print_text(p, " (");
    for (uint32_t i = 0; parts_ok && i < parts->num_attrs; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_attr_to(p, parts->attrs[i]);
    }
    spvk_ir_print_text(p, ") : ");
    if (type_ok)
        spvk_ir_print_type_to(p, type->type);
    else
        spvk_ir_print_text(p, "none");
    spvk_ir_print_attr_dict(p, op->attrs, elided, parts_ok && type_ok ? 3 : 1);
}

/* --- spirv.EntryPoint ---
   entry-point-op ::= `spirv.EntryPoint` execution-model symbol-ref (`,` symbol-ref)* attribute-dict? */
static bool parse_entry_point(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    attr_list vars = {0};
    uint32_t model;
    const spvk_ir_attr *fn;
    if (!parse_enum(p, SPVK_OPERAND_ExecutionModel, &model) ||
        !add_enum_attr(p, state, "execution_model", SPVK_OPERAND_ExecutionModel, model) ||
        !(fn = spvk_ir_parse_symbol_ref(p)))
        return false;
    if (!attr_is_flat_symbol(fn))
        return spvk_ir_parser_error(p, "expected a flat symbol reference");
    if (!spvk_ir_state_add_attr(p, state, "fn", fn))
        return false;
    while (spvk_ir_parse_optional_punct(p, ",")) {
        const spvk_ir_attr *var = spvk_ir_parse_symbol_ref(p);
        if (!var || !attr_push(p, &vars, var))
            return false;
    }
    const spvk_ir_attr *interface = spvk_ir_array_attr(ctx, vars.items, vars.count);
    return interface && spvk_ir_state_add_attr(p, state, "interface", interface) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_entry_point(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"execution_model", "fn", "interface"};
    const spvk_ir_attr *model = attr_of(op, "execution_model"), *fn = attr_of(op, "fn");
    const spvk_ir_attr *interface = attr_of(op, "interface");
    bool ok = attr_is_enum(model, SPVK_OPERAND_ExecutionModel) && attr_is_flat_symbol(fn) &&
              (!interface || attr_is_builtin(interface, SPVK_ATTR_ARRAY));
    if (!ok) {
        /* a placeholder head the dictionary overrides */
        spvk_ir_print_text(p, " \"GLCompute\" @\"\"");
        spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_ExecutionModel, (uint32_t)model->value);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_attr_to(p, fn);
    for (uint32_t i = 0; interface && i < interface->num_attrs; i++) {
        spvk_ir_print_text(p, ", ");
        spvk_ir_print_attr_to(p, interface->attrs[i]);
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 3);
}

/* --- spirv.ExecutionMode ---
   execution-mode-op ::= `spirv.ExecutionMode` symbol-ref execution-mode (`,` integer)* attribute-dict? */
static bool parse_execution_mode(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    attr_list values = {0};
    uint32_t mode;
    const spvk_ir_attr *fn = spvk_ir_parse_symbol_ref(p);
    if (!fn)
        return false;
    if (!attr_is_flat_symbol(fn))
        return spvk_ir_parser_error(p, "expected a flat symbol reference");
    if (!spvk_ir_state_add_attr(p, state, "fn", fn) ||
        !parse_enum(p, SPVK_OPERAND_ExecutionMode, &mode) ||
        !add_enum_attr(p, state, "execution_mode", SPVK_OPERAND_ExecutionMode, mode))
        return false;
    while (spvk_ir_parse_optional_punct(p, ",")) {
        int64_t v = 0;
        const spvk_ir_attr *a;
        if (!parse_i32(p, &v) || !(a = spvk_ir_i32_attr(ctx, v)) || !attr_push(p, &values, a))
            return false;
    }
    const spvk_ir_attr *array = spvk_ir_array_attr(ctx, values.items, values.count);
    return array && spvk_ir_state_add_attr(p, state, "values", array) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_execution_mode(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"execution_mode", "fn", "values"};
    const spvk_ir_attr *mode = attr_of(op, "execution_mode"), *fn = attr_of(op, "fn");
    const spvk_ir_attr *values = attr_of(op, "values");
    bool ok = attr_is_enum(mode, SPVK_OPERAND_ExecutionMode) && attr_is_flat_symbol(fn) &&
              (!values || attr_is_builtin(values, SPVK_ATTR_ARRAY));
    for (uint32_t i = 0; ok && values && i < values->num_attrs; i++)
        ok = attr_is_int(values->attrs[i]);
    if (!ok) {
        spvk_ir_print_text(p, " @\"\" \"Invocations\"");
        spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_attr_to(p, fn);
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_ExecutionMode, (uint32_t)mode->value);
    for (uint32_t i = 0; values && i < values->num_attrs; i++)
        spvk_ir_print_format(p, ", %lld", (long long)values->attrs[i]->value);
    spvk_ir_print_attr_dict(p, op->attrs, elided, 3);
}

/* --- spirv.Constant ---
   constant-op ::= ssa-id `=` `spirv.Constant` attribute (`:` type)? attribute-dict?
   The type follows when the attribute's own type is not the result's (arrays, and dense tensors for
   !spirv.array results), as MLIR prints it for !spirv.array results. */
static bool parse_constant(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *value = spvk_ir_parse_attr(p, NULL);
    if (!value || !spvk_ir_state_add_attr(p, state, "value", value))
        return false;
    const spvk_ir_type *t = attr_value_type(ctx, value);
    if (!t || spvk_ir_type_is(t, NULL, SPVK_TYPE_TENSOR) || spvk_ir_type_is(t, NULL, SPVK_TYPE_NONE)) {
        if (!spvk_ir_parse_punct(p, ":"))
            return false;
        t = spvk_ir_parse_type(p);
    } else if (spvk_ir_parse_optional_punct(p, ":")) {
        t = spvk_ir_parse_type(p);
    }
    return t && spvk_ir_state_add_result_type(p, state, t) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_constant(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"value"};
    const spvk_ir_attr *value = attr_of(op, "value");
    if (!value || op->num_results != 1 || op->num_operands) {
        print_fallback(p, op);
        return;
    }
    const spvk_ir_type *t = op->results[0].type;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_attr_to(p, value);
    if (spvk_ir_type_is(t, spirv_dialect(), SPVK_SPIRV_ARRAY) ||
        attr_value_type(spvk_ir_printer_context(p), value) != t) {
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, t);
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 1);
}

/* --- memory access operands (spirv.Load, spirv.Store, spirv.CopyMemory) ---
   memory-access ::= (`[` string (`,` integer)? `]`)?   ("Aligned" takes the integer) */
static bool parse_memory_access(spvk_ir_parser *p, spvk_ir_op_state *state, const char *access_name,
                                const char *alignment_name)
{
    uint32_t access;
    if (!spvk_ir_parse_optional_punct(p, "["))
        return true;
    if (!parse_enum(p, SPVK_OPERAND_MemoryAccess, &access) ||
        !add_enum_attr(p, state, access_name, SPVK_OPERAND_MemoryAccess, access))
        return false;
    if (access & SPVK_MEMORY_ACCESS_Aligned) {
        int64_t alignment = 0;
        if (!spvk_ir_parse_punct(p, ",") || !parse_i32(p, &alignment) ||
            !add_i32_attr(p, state, alignment_name, alignment))
            return false;
    }
    return spvk_ir_parse_punct(p, "]");
}

/* Prints ` ["Volatile|Aligned", 4]` and records what it printed in elided. */
static void print_memory_access(spvk_ir_printer *p, const spvk_ir_op *op, const char *access_name,
                                const char *alignment_name, const char **elided, uint32_t *num_elided)
{
    const spvk_ir_attr *access = attr_of(op, access_name), *alignment = attr_of(op, alignment_name);
    if (!attr_is_enum(access, SPVK_OPERAND_MemoryAccess))
        return;
    elided[(*num_elided)++] = access_name;
    spvk_ir_print_text(p, " [");
    print_enum_quoted(p, SPVK_OPERAND_MemoryAccess, (uint32_t)access->value);
    if ((access->value & SPVK_MEMORY_ACCESS_Aligned) && attr_is_int(alignment)) {
        elided[(*num_elided)++] = alignment_name;
        spvk_ir_print_format(p, ", %lld", (long long)alignment->value);
    }
    spvk_ir_print_text(p, "]");
}

/* A memory op's form can drop the alignment only when the access names Aligned (MLIR's rule), and
   an alignment attribute without Aligned would be lost: such ops use the fallback form. */
static bool memory_access_printable(const spvk_ir_op *op, const char *access_name, const char *alignment_name)
{
    const spvk_ir_attr *access = attr_of(op, access_name), *alignment = attr_of(op, alignment_name);
    if (access && !attr_is_enum(access, SPVK_OPERAND_MemoryAccess))
        return false;
    if (alignment && (!access || !(access->value & SPVK_MEMORY_ACCESS_Aligned) || !attr_is_int(alignment)))
        return false;
    return true;
}

/* --- spirv.Load ---
   load-op ::= ssa-id `=` `spirv.Load` storage-class ssa-use memory-access attribute-dict? `:` type */
static bool parse_load(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    uint32_t sc;
    spvk_ir_operand_ref ptr;
    if (!parse_enum(p, SPVK_OPERAND_StorageClass, &sc) || !spvk_ir_parse_operand(p, &ptr) ||
        !parse_memory_access(p, state, "memory_access", "alignment") || !spvk_ir_parse_optional_attr_dict(p, state) ||
        !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    const spvk_ir_type *ptr_type = t ? spvk_spirv_pointer_type(ctx, t, sc) : NULL;
    return ptr_type && resolve_add(p, state, &ptr, ptr_type) && spvk_ir_state_add_result_type(p, state, t);
}

static void print_load(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[4] = {"storage_class"};
    uint32_t num_elided = 1;
    const spvk_ir_type *ptr = op->num_operands == 1 ? spvk_ir_operand(op, 0)->type : NULL;
    if (!type_is_plain_pointer(ptr) || op->num_results != 1 || op->results[0].type != ptr->types[0] ||
        !memory_access_printable(op, "memory_access", "alignment")) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_StorageClass, (uint32_t)ptr->ints[0]);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    print_memory_access(p, op, "memory_access", "alignment", elided, &num_elided);
    spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

/* --- spirv.Store ---
   store-op ::= `spirv.Store` storage-class ssa-use `,` ssa-use memory-access `:` type attribute-dict?
   (MLIR prints the dictionary after the type but its parser does not read it; this one does) */
static bool parse_store(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    uint32_t sc;
    spvk_ir_operand_ref ptr, value;
    if (!parse_enum(p, SPVK_OPERAND_StorageClass, &sc) || !spvk_ir_parse_operand(p, &ptr) ||
        !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &value) ||
        !parse_memory_access(p, state, "memory_access", "alignment") || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    const spvk_ir_type *ptr_type = t ? spvk_spirv_pointer_type(ctx, t, sc) : NULL;
    return ptr_type && resolve_add(p, state, &ptr, ptr_type) && resolve_add(p, state, &value, t) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_store(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[4] = {"storage_class"};
    uint32_t num_elided = 1;
    const spvk_ir_type *ptr = op->num_operands == 2 ? spvk_ir_operand(op, 0)->type : NULL;
    if (!type_is_plain_pointer(ptr) || op->num_results || spvk_ir_operand(op, 1)->type != ptr->types[0] ||
        !memory_access_printable(op, "memory_access", "alignment")) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_StorageClass, (uint32_t)ptr->ints[0]);
    spvk_ir_print_text(p, " ");
    print_operands(p, op, 0, 2);
    print_memory_access(p, op, "memory_access", "alignment", elided, &num_elided);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, ptr->types[0]);
    spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
}

/* --- spirv.CopyMemory ---
   copy-memory-op ::= `spirv.CopyMemory` storage-class ssa-use `,` storage-class ssa-use memory-access
                      (`,` memory-access)? `:` type attribute-dict?
   MLIR 19 always prints the second comma, spaces doubled: `spirv.CopyMemory  "Function" %0,  "Function" %1,  : f32` */
static bool parse_copy_memory(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    uint32_t target_sc, source_sc;
    spvk_ir_operand_ref target, source;
    if (!parse_enum(p, SPVK_OPERAND_StorageClass, &target_sc) ||
        !spvk_ir_parse_operand(p, &target) || !spvk_ir_parse_punct(p, ",") ||
        !parse_enum(p, SPVK_OPERAND_StorageClass, &source_sc) ||
        !spvk_ir_parse_operand(p, &source) || !parse_memory_access(p, state, "memory_access", "alignment"))
        return false;
    if (spvk_ir_parse_optional_punct(p, ",") &&
        !parse_memory_access(p, state, "source_memory_access", "source_alignment"))
        return false;
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t || !spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    const spvk_ir_type *target_type = spvk_spirv_pointer_type(ctx, t, target_sc);
    const spvk_ir_type *source_type = spvk_spirv_pointer_type(ctx, t, source_sc);
    return target_type && source_type && resolve_add(p, state, &target, target_type) &&
           resolve_add(p, state, &source, source_type);
}

static void print_copy_memory(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[8] = {"storage_class"};
    uint32_t num_elided = 1;
    const spvk_ir_type *target = op->num_operands == 2 ? spvk_ir_operand(op, 0)->type : NULL;
    const spvk_ir_type *source = op->num_operands == 2 ? spvk_ir_operand(op, 1)->type : NULL;
    if (!type_is_plain_pointer(target) || !type_is_plain_pointer(source) || target->types[0] != source->types[0] ||
        op->num_results || !memory_access_printable(op, "memory_access", "alignment") ||
        !memory_access_printable(op, "source_memory_access", "source_alignment")) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, "  ");
    print_enum_quoted(p, SPVK_OPERAND_StorageClass, (uint32_t)target->ints[0]);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, ",  ");
    print_enum_quoted(p, SPVK_OPERAND_StorageClass, (uint32_t)source->ints[0]);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 1));
    print_memory_access(p, op, "memory_access", "alignment", elided, &num_elided);
    spvk_ir_print_text(p, ", ");
    print_memory_access(p, op, "source_memory_access", "source_alignment", elided, &num_elided);
    spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, target->types[0]);
}

/* --- spirv.AccessChain, spirv.PtrAccessChain, spirv.InBoundsPtrAccessChain ---
   access-chain-op ::= ssa-id `=` `spirv.AccessChain` ssa-use `[` ssa-use (`,` ssa-use)* `]`
                       `:` pointer-type (`,` type)* attribute-dict?
   The result type is not printed: it is the base pointer walked by the indexes (the Ptr forms'
   first bracketed operand is the element, which does not walk). */
static const spvk_ir_type *access_chain_result(spvk_ir_context *ctx, const spvk_ir_type *base,
                                               spvk_ir_value *const *indexes, uint32_t count, char *why,
                                               size_t why_size)
{
    if (!type_is_pointer(base)) {
        snprintf(why, why_size, "expected a pointer to composite type");
        return NULL;
    }
    const spvk_ir_type *t = base->types[0];
    for (uint32_t i = 0; i < count && t; i++)
        t = spvk_spirv_access_chain_step(t, indexes[i], why, why_size);
    return t ? spvk_spirv_pointer_type(ctx, t, (uint32_t)base->ints[0]) : NULL;
}

static bool parse_access_chain_common(spvk_ir_parser *p, spvk_ir_op_state *state, bool with_element)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    ref_list refs = {0};
    type_list types = {0};
    spvk_ir_operand_ref base;
    if (!spvk_ir_parse_operand(p, &base) || !spvk_ir_parse_punct(p, "[") || !parse_operand_list(p, &refs) ||
        !spvk_ir_parse_punct(p, "]") || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *base_type = spvk_ir_parse_type(p);
    if (!base_type)
        return false;
    /* MLIR 19 prints the comma even when there are no indexes (and then cannot read it back) */
    if (spvk_ir_parse_optional_punct(p, ",") && !parse_type_list(p, &types))
        return false;
    if (with_element && refs.count == 0)
        return spvk_ir_parser_error(p, "expected the element operand");
    if (!resolve_add(p, state, &base, base_type))
        return false;
    if (refs.count != types.count)
        return spvk_ir_parser_error(p, "%u indexes but %u index types", refs.count, types.count);
    spvk_ir_value **values = spvk_ir_parser_scratch(p, sizeof *values * (refs.count + 1));
    if (!values)
        return false;
    for (uint32_t i = 0; i < refs.count; i++) {
        values[i] = spvk_ir_resolve_operand(p, &refs.items[i], types.items[i]);
        if (!values[i] || !spvk_ir_state_add_operand(p, state, values[i]))
            return false;
    }
    char why[160];
    uint32_t skip = with_element ? 1 : 0;
    const spvk_ir_type *result =
        access_chain_result(ctx, base_type, values + skip, refs.count - skip, why, sizeof why);
    if (!result)
        return spvk_ir_parser_error(p, "'%s' op %s", state->def ? state->def->name : "spirv.AccessChain", why);
    return spvk_ir_state_add_result_type(p, state, result) && spvk_ir_parse_optional_attr_dict(p, state);
}

static bool parse_access_chain(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_access_chain_common(p, state, false);
}

static bool parse_ptr_access_chain(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_access_chain_common(p, state, true);
}

static void print_access_chain_common(spvk_ir_printer *p, const spvk_ir_op *op, bool with_element)
{
    spvk_ir_value *indexes[32];
    char why[160];
    uint32_t skip = with_element ? 2 : 1;
    bool ok = op->num_operands >= skip && op->num_results == 1 && op->num_operands - skip <= 32;
    if (ok) {
        for (uint32_t i = skip; i < op->num_operands; i++)
            indexes[i - skip] = spvk_ir_operand(op, i);
        ok = access_chain_result(spvk_ir_printer_context(p), spvk_ir_operand(op, 0)->type, indexes,
                                 op->num_operands - skip, why, sizeof why) == op->results[0].type;
    }
    if (!ok) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, "[");
    print_operands(p, op, 1, op->num_operands - 1);
    spvk_ir_print_text(p, "] : ");
    spvk_ir_print_type_to(p, spvk_ir_operand(op, 0)->type);
    spvk_ir_print_text(p, ", ");
    print_operand_types(p, op, 1, op->num_operands - 1);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

static void print_access_chain(spvk_ir_printer *p, const spvk_ir_op *op) { print_access_chain_common(p, op, false); }
static void print_ptr_access_chain(spvk_ir_printer *p, const spvk_ir_op *op)
{
    print_access_chain_common(p, op, true);
}

/* --- spirv.CompositeExtract / spirv.CompositeInsert ---
   composite-extract-op ::= ssa-id `=` `spirv.CompositeExtract` ssa-use `[` integer `:` i32 (`,` ...)* `]`
                            `:` composite-type attribute-dict?
   composite-insert-op  ::= ssa-id `=` `spirv.CompositeInsert` ssa-use `,` ssa-use `[` ... `]`
                            `:` object-type `into` composite-type attribute-dict? */
static const spvk_ir_type *composite_walk(const spvk_ir_type *t, const spvk_ir_attr *indices, char *why,
                                          size_t why_size)
{
    if (!attr_is_builtin(indices, SPVK_ATTR_ARRAY)) {
        snprintf(why, why_size, "expected a 32-bit integer array attribute for 'indices'");
        return NULL;
    }
    if (indices->num_attrs == 0) {
        snprintf(why, why_size, "expected at least one index for spirv.CompositeExtract");
        return NULL;
    }
    for (uint32_t i = 0; i < indices->num_attrs && t; i++) {
        const spvk_ir_attr *index = indices->attrs[i];
        int64_t count;
        if (!attr_is_int(index)) {
            snprintf(why, why_size, "expected an 32-bit integer for index");
            return NULL;
        }
        const spvk_ir_type *member = spvk_spirv_composite_member(t, index->value, &count);
        if (!member) {
            snprintf(why, why_size, "cannot extract from non-composite type with index %lld",
                     (long long)index->value);
            return NULL;
        }
        if (count >= 0 && (index->value < 0 || index->value >= count)) {
            snprintf(why, why_size, "index %lld out of bounds", (long long)index->value);
            return NULL;
        }
        t = member;
    }
    return t;
}

static bool parse_composite_extract(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_operand_ref composite;
    const spvk_ir_attr *indices;
    char why[160];
    if (!spvk_ir_parse_operand(p, &composite) || !(indices = spvk_ir_parse_attr(p, NULL)) ||
        !spvk_ir_state_add_attr(p, state, "indices", indices) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t || !resolve_add(p, state, &composite, t))
        return false;
    const spvk_ir_type *result = composite_walk(t, indices, why, sizeof why);
    if (!result)
        return spvk_ir_parser_error(p, "%s", why);
    return spvk_ir_state_add_result_type(p, state, result) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_composite_extract(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"indices"};
    char why[160];
    const spvk_ir_attr *indices = attr_of(op, "indices");
    if (op->num_operands != 1 || op->num_results != 1 ||
        composite_walk(spvk_ir_operand(op, 0)->type, indices, why, sizeof why) != op->results[0].type) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_attr_to(p, indices);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, spvk_ir_operand(op, 0)->type);
    spvk_ir_print_attr_dict(p, op->attrs, elided, 1);
}

static bool parse_composite_insert(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_operand_ref object, composite;
    const spvk_ir_attr *indices;
    const spvk_ir_type *object_type, *composite_type;
    if (!spvk_ir_parse_operand(p, &object) || !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &composite) ||
        !(indices = spvk_ir_parse_attr(p, NULL)) || !spvk_ir_state_add_attr(p, state, "indices", indices) ||
        !spvk_ir_parse_punct(p, ":") || !(object_type = spvk_ir_parse_type(p)) || !spvk_ir_parse_keyword(p, "into") ||
        !(composite_type = spvk_ir_parse_type(p)))
        return false;
    return resolve_add(p, state, &object, object_type) && resolve_add(p, state, &composite, composite_type) &&
           spvk_ir_state_add_result_type(p, state, composite_type) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_composite_insert(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"indices"};
    const spvk_ir_attr *indices = attr_of(op, "indices");
    if (op->num_operands != 2 || op->num_results != 1 || !attr_is_builtin(indices, SPVK_ATTR_ARRAY) ||
        op->results[0].type != spvk_ir_operand(op, 1)->type) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_operands(p, op, 0, 2);
    spvk_ir_print_attr_to(p, indices);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, spvk_ir_operand(op, 0)->type);
    spvk_ir_print_text(p, " into ");
    spvk_ir_print_type_to(p, spvk_ir_operand(op, 1)->type);
    spvk_ir_print_attr_dict(p, op->attrs, elided, 1);
}

/* --- successors with operands ---
   successor ::= caret-id (`(` ssa-use-list `:` type-list `)`)? */
static bool parse_successor_and_operands(spvk_ir_parser *p, spvk_ir_op_state *state, uint32_t *count)
{
    spvk_ir_block *block;
    ref_list refs = {0};
    type_list types = {0};
    *count = 0;
    if (!spvk_ir_parse_successor(p, &block) || !spvk_ir_state_add_successor(p, state, block))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "("))
        return true;
    if (!parse_operand_list(p, &refs) || !spvk_ir_parse_punct(p, ":") || !parse_type_list(p, &types) ||
        !spvk_ir_parse_punct(p, ")") || !resolve_list(p, state, &refs, &types))
        return false;
    *count = refs.count;
    return true;
}

static void print_successor_and_operands(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t index, uint32_t first,
                                         uint32_t count)
{
    if (count)
        spvk_ir_print_successor_with_operands(p, op->successors[index], op, first, count);
    else
        spvk_ir_print_successor(p, op->successors[index]);
}

/* --- spirv.Branch ---
   branch-op ::= `spirv.Branch` successor attribute-dict? */
static bool parse_branch(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    uint32_t count;
    return parse_successor_and_operands(p, state, &count) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_branch(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_successors != 1) {
        spvk_ir_print_text(p, " ^bb0");
        spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_successor_and_operands(p, op, 0, 0, op->num_operands);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

/* --- spirv.BranchConditional ---
   branch-conditional-op ::= `spirv.BranchConditional` ssa-use (`[` integer `,` integer `]`)?
                             `,` successor `,` successor attribute-dict?
   The successor operands are told apart by operandSegmentSizes (condition, true, false), which the
   parser sets as MLIR's does and the printer leaves out. */

/* How many operands go to each successor: from operandSegmentSizes, or else (no attribute, or one
   that does not add up) from the true target's arguments. */
static bool branch_conditional_split(const spvk_ir_op *op, uint32_t *true_count, uint32_t *false_count)
{
    if (op->num_operands < 1 || op->num_successors != 2)
        return false;
    uint32_t rest = op->num_operands - 1;
    const spvk_ir_attr *sizes = attr_of(op, "operandSegmentSizes");
    if (attr_is_builtin(sizes, SPVK_ATTR_DENSE_ARRAY) && sizes->num_attrs == 3) {
        int64_t c = sizes->attrs[0]->value, t = sizes->attrs[1]->value, f = sizes->attrs[2]->value;
        if (c == 1 && t >= 0 && f >= 0 && (uint64_t)t + (uint64_t)f == rest) {
            *true_count = (uint32_t)t;
            *false_count = (uint32_t)f;
            return true;
        }
    }
    const spvk_ir_block *target = op->successors[0];
    uint32_t t = target ? target->num_args : 0;
    *true_count = t < rest ? t : rest;
    *false_count = rest - *true_count;
    return true;
}

static bool parse_branch_conditional(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_operand_ref cond;
    uint32_t true_count, false_count;
    if (!spvk_ir_parse_operand(p, &cond) ||
        !resolve_add(p, state, &cond, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS)))
        return false;
    if (spvk_ir_parse_optional_punct(p, "[")) {
        int64_t w[2] = {0, 0};
        const spvk_ir_attr *items[2], *weights;
        if (!parse_i32(p, &w[0]) || !spvk_ir_parse_punct(p, ",") || !parse_i32(p, &w[1]) ||
            !spvk_ir_parse_punct(p, "]"))
            return false;
        items[0] = spvk_ir_i32_attr(ctx, w[0]);
        items[1] = spvk_ir_i32_attr(ctx, w[1]);
        weights = items[0] && items[1] ? spvk_ir_array_attr(ctx, items, 2) : NULL;
        if (!weights || !spvk_ir_state_add_attr(p, state, "branch_weights", weights))
            return false;
    }
    if (!spvk_ir_parse_punct(p, ",") || !parse_successor_and_operands(p, state, &true_count) ||
        !spvk_ir_parse_punct(p, ",") || !parse_successor_and_operands(p, state, &false_count))
        return false;
    int64_t sizes[3] = {1, true_count, false_count};
    const spvk_ir_attr *segments = spvk_ir_dense_int_array_attr(ctx, i32_type(ctx), sizes, 3);
    return segments && spvk_ir_state_add_attr(p, state, "operandSegmentSizes", segments) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_branch_conditional(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"branch_weights", "operandSegmentSizes"};
    uint32_t true_count, false_count;
    if (!branch_conditional_split(op, &true_count, &false_count)) {
        /* no condition or not two successors: the verifier reports such an op, and no text of this
           form can describe it */
        spvk_ir_print_text(p, " <<malformed spirv.BranchConditional>>");
        return;
    }
    const spvk_ir_attr *weights = attr_of(op, "branch_weights");
    bool weights_ok = attr_is_builtin(weights, SPVK_ATTR_ARRAY) && weights->num_attrs == 2 &&
                      attr_is_int(weights->attrs[0]) && attr_is_int(weights->attrs[1]);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    if (weights_ok)
        spvk_ir_print_format(p, " [%lld, %lld]", (long long)weights->attrs[0]->value,
                             (long long)weights->attrs[1]->value);
    spvk_ir_print_text(p, ", ");
    print_successor_and_operands(p, op, 0, 1, true_count);
    spvk_ir_print_text(p, ", ");
    print_successor_and_operands(p, op, 1, 1 + true_count, false_count);
    spvk_ir_print_attr_dict(p, op->attrs, elided, weights_ok || !weights ? 2 : 1);
}

/* --- spirv.mlir.selection / spirv.mlir.loop ---
   selection-op ::= `spirv.mlir.selection` (`control` `(` control `)`)? (`->` type-list)? region
                    attribute-dict?
   A missing control means None, as in MLIR; MLIR 19 prints a multi-bit control as `A|B`, which it
   cannot read back: this parser reads it. */
static bool parse_structured(spvk_ir_parser *p, spvk_ir_op_state *state, const char *attr_name, unsigned kind)
{
    uint32_t control = 0;
    if (spvk_ir_parse_optional_keyword(p, "control")) {
        if (!spvk_ir_parse_punct(p, "(") || !parse_enum(p, kind, &control) ||
            !spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (!add_enum_attr(p, state, attr_name, kind, control))
        return false;
    if (spvk_ir_parse_optional_punct(p, "->")) {
        type_list results = {0};
        if (!parse_type_list(p, &results))
            return false;
        for (uint32_t i = 0; i < results.count; i++)
            if (!spvk_ir_state_add_result_type(p, state, results.items[i]))
                return false;
    }
    return spvk_ir_parse_region(p, state, NULL, NULL, 0) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_structured(spvk_ir_printer *p, const spvk_ir_op *op, const char *attr_name, unsigned kind)
{
    const spvk_ir_attr *control = attr_of(op, attr_name);
    bool control_ok = attr_is_enum(control, kind);
    if (control_ok && control->value != 0) {
        spvk_ir_print_text(p, " control(");
        print_enum_bare(p, kind, (uint32_t)control->value);
        spvk_ir_print_text(p, ")");
    }
    if (op->num_results) {
        spvk_ir_print_text(p, " -> ");
        for (uint32_t i = 0; i < op->num_results; i++) {
            if (i)
                spvk_ir_print_text(p, ", ");
            spvk_ir_print_type_to(p, op->results[i].type);
        }
    }
    spvk_ir_print_text(p, " ");
    if (op->num_regions == 1)
        spvk_ir_print_region(p, &op->regions[0], false, false);
    else
        spvk_ir_print_text(p, "{\n}");
    spvk_ir_print_attr_dict(p, op->attrs, &attr_name, control_ok ? 1 : 0);
}

static bool parse_selection(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_structured(p, state, "selection_control", SPVK_OPERAND_SelectionControl);
}

static void print_selection(spvk_ir_printer *p, const spvk_ir_op *op)
{
    print_structured(p, op, "selection_control", SPVK_OPERAND_SelectionControl);
}

static bool parse_loop(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_structured(p, state, "loop_control", SPVK_OPERAND_LoopControl);
}

static void print_loop(spvk_ir_printer *p, const spvk_ir_op *op)
{
    print_structured(p, op, "loop_control", SPVK_OPERAND_LoopControl);
}

/* --- spirv.IAddCarry, spirv.ISubBorrow, spirv.SMulExtended, spirv.UMulExtended ---
   extended-binary-op ::= ssa-id `=` `spirv.IAddCarry` attribute-dict? ssa-use `,` ssa-use `:` struct-type
   (MLIR prints the dictionary first, with no space after it: `spirv.IAddCarry  {a}%0, %1 : ...`) */
static bool parse_extended_binary(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    ref_list refs = {0};
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !parse_operand_list(p, &refs) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!spvk_ir_type_is(t, spirv_dialect(), SPVK_SPIRV_STRUCT) || t->num_types != 2)
        return spvk_ir_parser_error(p, "expected spirv.struct type with two members");
    if (refs.count != 2)
        return spvk_ir_parser_error(p, "expected two operands");
    return resolve_add(p, state, &refs.items[0], t->types[0]) && resolve_add(p, state, &refs.items[1], t->types[0]) &&
           spvk_ir_state_add_result_type(p, state, t);
}

static void print_extended_binary(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_type *t = op->num_results == 1 ? op->results[0].type : NULL;
    if (!spvk_ir_type_is(t, spirv_dialect(), SPVK_SPIRV_STRUCT) || t->num_types != 2 || op->num_operands != 2 ||
        spvk_ir_operand(op, 0)->type != t->types[0] || spvk_ir_operand(op, 1)->type != t->types[0]) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    print_operands(p, op, 0, 2);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, t);
}

/* --- spirv.GroupNonUniform{IAdd,FAdd,...} ---
   non-uniform-op ::= ssa-id `=` `spirv.GroupNonUniformIAdd` scope operation ssa-use
                      (`cluster_size` `(` ssa-use `)`)? attribute-dict? `:` type
   scope and operation are strings (`"Subgroup" "Reduce"`); the cluster size is an i32. */
static bool parse_group_non_uniform(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    uint32_t scope, operation;
    spvk_ir_operand_ref value, cluster;
    bool has_cluster = false;
    if (!parse_enum(p, SPVK_OPERAND_Scope, &scope) ||
        !add_enum_attr(p, state, "execution_scope", SPVK_OPERAND_Scope, scope) ||
        !parse_enum(p, SPVK_OPERAND_GroupOperation, &operation) ||
        !add_enum_attr(p, state, "group_operation", SPVK_OPERAND_GroupOperation, operation) ||
        !spvk_ir_parse_operand(p, &value))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "cluster_size")) {
        if (!spvk_ir_parse_punct(p, "(") || !spvk_ir_parse_operand(p, &cluster) || !spvk_ir_parse_punct(p, ")"))
            return false;
        has_cluster = true;
    }
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && resolve_add(p, state, &value, t) && (!has_cluster || resolve_add(p, state, &cluster, i32_type(ctx))) &&
           spvk_ir_state_add_result_type(p, state, t);
}

static void print_group_non_uniform(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"execution_scope", "group_operation"};
    const spvk_ir_attr *scope = attr_of(op, "execution_scope"), *operation = attr_of(op, "group_operation");
    spvk_ir_context *ctx = spvk_ir_printer_context(p);
    if (!attr_is_enum(scope, SPVK_OPERAND_Scope) || !attr_is_enum(operation, SPVK_OPERAND_GroupOperation) ||
        op->num_operands < 1 || op->num_operands > 2 || op->num_results != 1 ||
        spvk_ir_operand(op, 0)->type != op->results[0].type ||
        (op->num_operands == 2 && spvk_ir_operand(op, 1)->type != i32_type(ctx))) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_Scope, (uint32_t)scope->value);
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_GroupOperation, (uint32_t)operation->value);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    if (op->num_operands == 2) {
        spvk_ir_print_text(p, " cluster_size(");
        spvk_ir_print_value(p, spvk_ir_operand(op, 1));
        spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 2);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

/* --- spirv.ImageDrefGather ---
   image-dref-gather-op ::= ssa-id `=` `spirv.ImageDrefGather` ssa-use `:` type `,` ssa-use `:` type `,`
                            ssa-use `:` type (`[` image-operands `]`)? (`(` ssa-use-list `:` type-list `)`)?
                            attribute-dict? `->` type
   (MLIR's declarative format with its custom<ImageOperands> directive, which leaves two spaces
   before `->` when there are no image operands) */
static bool parse_image_dref_gather(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    PARSE_FALLBACK_FIRST(p, state);
    for (int i = 0; i < 3; i++) {
        spvk_ir_operand_ref r;
        const spvk_ir_type *t;
        if ((i && !spvk_ir_parse_punct(p, ",")) || !spvk_ir_parse_operand(p, &r) || !spvk_ir_parse_punct(p, ":") ||
            !(t = spvk_ir_parse_type(p)) || !resolve_add(p, state, &r, t))
            return false;
    }
    if (spvk_ir_parse_optional_punct(p, "[")) {
        uint32_t operands;
        if (!parse_enum(p, SPVK_OPERAND_ImageOperands, &operands) || !spvk_ir_parse_punct(p, "]") ||
            !add_enum_attr(p, state, "imageoperands", SPVK_OPERAND_ImageOperands, operands))
            return false;
    }
    if (spvk_ir_parse_optional_punct(p, "(")) {
        ref_list refs = {0};
        type_list types = {0};
        if (!parse_operand_list(p, &refs) || !spvk_ir_parse_punct(p, ":") || !parse_type_list(p, &types) ||
            !spvk_ir_parse_punct(p, ")") || !resolve_list(p, state, &refs, &types))
            return false;
    }
    const spvk_ir_type *t;
    return spvk_ir_parse_optional_attr_dict(p, state) && spvk_ir_parse_punct(p, "->") &&
           (t = spvk_ir_parse_type(p)) != NULL && spvk_ir_state_add_result_type(p, state, t);
}

static void print_image_dref_gather(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"imageoperands"};
    const spvk_ir_attr *operands = attr_of(op, "imageoperands");
    if (op->num_operands < 3 || op->num_results != 1 || (operands && !attr_is_enum(operands, SPVK_OPERAND_ImageOperands))) {
        print_fallback(p, op);
        return;
    }
    for (uint32_t i = 0; i < 3; i++) {
        spvk_ir_print_text(p, i ? ", " : " ");
        spvk_ir_print_value(p, spvk_ir_operand(op, i));
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, spvk_ir_operand(op, i)->type);
    }
    spvk_ir_print_text(p, " ");
    if (operands) {
        spvk_ir_print_text(p, "[");
        print_enum_quoted(p, SPVK_OPERAND_ImageOperands, (uint32_t)operands->value);
        spvk_ir_print_text(p, "]");
    }
    if (op->num_operands > 3) {
        spvk_ir_print_text(p, "(");
        print_operands(p, op, 3, op->num_operands - 3);
        spvk_ir_print_text(p, " : ");
        print_operand_types(p, op, 3, op->num_operands - 3);
        spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 1);
    spvk_ir_print_text(p, " -> ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

/* --- spirv.INTEL.SubgroupBlockRead / SubgroupBlockWrite ---
   block-read-op  ::= ssa-id `=` `spirv.INTEL.SubgroupBlockRead` storage-class ssa-use `:` type
   block-write-op ::= `spirv.INTEL.SubgroupBlockWrite` storage-class ssa-use `,` ssa-use `:` type
   The pointer points to the type or, for a vector, to its component type. MLIR 19's printer leaves
   the storage class out, which its parser then cannot do without; this printer writes it. */
static const spvk_ir_type *block_pointer_type(spvk_ir_context *ctx, const spvk_ir_type *t, uint32_t sc)
{
    return spvk_spirv_pointer_type(ctx, type_is_vector(t) ? t->types[0] : t, sc);
}

static bool parse_subgroup_block(spvk_ir_parser *p, spvk_ir_op_state *state, bool write)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    uint32_t sc;
    spvk_ir_operand_ref ptr, value;
    const spvk_ir_type *t, *ptr_type;
    if (!parse_enum(p, SPVK_OPERAND_StorageClass, &sc) || !spvk_ir_parse_operand(p, &ptr) ||
        (write && (!spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &value))) ||
        !spvk_ir_parse_punct(p, ":") || !(t = spvk_ir_parse_type(p)) || !(ptr_type = block_pointer_type(ctx, t, sc)) ||
        !resolve_add(p, state, &ptr, ptr_type))
        return false;
    if (write)
        return resolve_add(p, state, &value, t) && spvk_ir_parse_optional_attr_dict(p, state);
    return spvk_ir_state_add_result_type(p, state, t) && spvk_ir_parse_optional_attr_dict(p, state);
}

static bool parse_subgroup_block_read(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_subgroup_block(p, state, false);
}

static bool parse_subgroup_block_write(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_subgroup_block(p, state, true);
}

static void print_subgroup_block(spvk_ir_printer *p, const spvk_ir_op *op, bool write)
{
    const spvk_ir_type *ptr = op->num_operands >= 1 ? spvk_ir_operand(op, 0)->type : NULL;
    const spvk_ir_type *t = write ? (op->num_operands == 2 ? spvk_ir_operand(op, 1)->type : NULL)
                                  : (op->num_results == 1 ? op->results[0].type : NULL);
    if (!type_is_pointer(ptr) || !t || op->num_operands != (write ? 2u : 1u) || op->num_results != (write ? 0u : 1u) ||
        block_pointer_type(spvk_ir_printer_context(p), t, (uint32_t)ptr->ints[0]) != ptr) {
        print_fallback(p, op);
        return;
    }
    spvk_ir_print_text(p, " ");
    print_enum_quoted(p, SPVK_OPERAND_StorageClass, (uint32_t)ptr->ints[0]);
    spvk_ir_print_text(p, " ");
    print_operands(p, op, 0, op->num_operands);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, t);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

static void print_subgroup_block_read(spvk_ir_printer *p, const spvk_ir_op *op) { print_subgroup_block(p, op, false); }
static void print_subgroup_block_write(spvk_ir_printer *p, const spvk_ir_op *op) { print_subgroup_block(p, op, true); }

/* ------------------------------------------------------------------------------------------------
   spirv.SpecConstantOperation
     MLIR:   %r = spirv.SpecConstantOperation wraps "spirv.IAdd"(%a, %b) : (i32, i32) -> i32
             (one enclosed op and the spirv.mlir.yield of its result, nothing else)
     spvkit: spirv.SpecConstantOperation attributes {sym_name = "n"} { ...region... } : i32
             for what MLIR's form cannot hold: a symbol name (a module-level spec constant
             operation used as a type parameter) or several enclosed ops.
   ------------------------------------------------------------------------------------------------ */

/* The op MLIR's `wraps` form can print, or NULL. */
static const spvk_ir_op *wrapped_op(const spvk_ir_op *op)
{
    if (op->num_regions != 1 || op->num_results != 1 || op->attrs->num_attrs != 0)
        return NULL;
    const spvk_ir_block *b = op->regions[0].first;
    if (!b || b->next || b->num_args || !b->first || !b->first->next || b->first->next != b->last)
        return NULL;
    const spvk_ir_op *inner = b->first, *yield = b->last;
    if (inner->num_results != 1 || inner->num_regions || inner->num_successors ||
        strcmp(spvk_ir_op_name(yield), "spirv.mlir.yield") != 0 || yield->num_operands != 1 ||
        yield->operands[0].value != &inner->results[0])
        return NULL;
    for (uint32_t i = 0; i < inner->num_operands; i++) {
        const spvk_ir_value *v = inner->operands[i].value;
        if (!v || (v->defining_op && v->defining_op->block == b))
            return NULL; /* operands come from outside in the wraps form */
    }
    return inner;
}

static void print_spec_constant_operation(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_op *inner = wrapped_op(op);
    if (inner) {
        spvk_ir_print_text(p, " wraps ");
        spvk_ir_print_string_literal(p, spvk_ir_op_name(inner), strlen(spvk_ir_op_name(inner)));
        spvk_ir_print_text(p, "(");
        for (uint32_t i = 0; i < inner->num_operands; i++) {
            if (i)
                spvk_ir_print_text(p, ", ");
            spvk_ir_print_value(p, inner->operands[i].value);
        }
        spvk_ir_print_text(p, ")");
        spvk_ir_print_attr_dict(p, inner->attrs, NULL, 0);
        spvk_ir_print_text(p, " : (");
        for (uint32_t i = 0; i < inner->num_operands; i++) {
            if (i)
                spvk_ir_print_text(p, ", ");
            spvk_ir_print_type_to(p, inner->operands[i].value->type);
        }
        spvk_ir_print_text(p, ") -> ");
        spvk_ir_print_type_to(p, inner->results[0].type);
        return;
    }
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], true, false);
    spvk_ir_print_text(p, " : ");
    if (op->num_results != 1)
        spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, op->results[i].type);
    }
    if (op->num_results != 1)
        spvk_ir_print_text(p, ")");
}

static bool parse_spec_constant_operation(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (spvk_ir_parse_optional_keyword(p, "wraps")) {
        const char *name;
        size_t length;
        if (!spvk_ir_parse_string(p, &name, &length) || !spvk_ir_parse_punct(p, "("))
            return false;
        spvk_ir_operand_ref refs[16];
        uint32_t n = 0;
        if (!spvk_ir_parse_optional_punct(p, ")")) {
            do {
                if (n == 16)
                    return spvk_ir_parser_error(p, "an enclosed op takes at most 16 operands here");
                if (!spvk_ir_parse_operand(p, &refs[n++]))
                    return false;
            } while (spvk_ir_parse_optional_punct(p, ","));
            if (!spvk_ir_parse_punct(p, ")"))
                return false;
        }
        spvk_ir_op_state inner;
        memset(&inner, 0, sizeof inner);
        if (spvk_ir_parser_at_punct(p, "{")) {
            inner.attrs = spvk_ir_parse_attr(p, NULL); /* the enclosed op's own dictionary */
            if (!inner.attrs)
                return false;
            if (inner.attrs->kind != SPVK_ATTR_DICTIONARY || inner.attrs->dialect)
                return spvk_ir_parser_error(p, "expected the enclosed op's attribute dictionary");
        }
        if (!spvk_ir_parse_punct(p, ":"))
            return false;
        const spvk_ir_type *fn = spvk_ir_parse_type(p);
        if (!fn)
            return false;
        if (fn->dialect || fn->kind != SPVK_TYPE_FUNCTION || spvk_ir_function_num_inputs(fn) != n ||
            spvk_ir_function_num_results(fn) != 1)
            return spvk_ir_parser_error(p, "expected a function type with %u inputs and one result", n);
        spvk_ir_value *values[16];
        for (uint32_t i = 0; i < n; i++)
            if (!(values[i] = spvk_ir_resolve_operand(p, &refs[i], fn->types[i])))
                return false;
        const spvk_ir_type *result = fn->types[n];
        if (!spvk_ir_state_add_empty_region(p, state) || !spvk_ir_state_add_result_type(p, state, result))
            return false;
        spvk_ir_region *r = state->regions[state->num_regions - 1];
        spvk_ir_block *b = spvk_ir_block_create(ctx);
        if (!b)
            return spvk_ir_parser_error(p, "out of memory");
        spvk_ir_region_append(r, b);
        inner.name = name;
        inner.name_length = length;
        inner.operands = values;
        inner.num_operands = n;
        inner.result_types = &result;
        inner.num_results = 1;
        spvk_ir_op *op = spvk_ir_op_create(ctx, &inner);
        if (!op)
            return spvk_ir_parser_error(p, "cannot create the enclosed operation '%.*s'", (int)length, name);
        spvk_ir_block_append(b, op);
        spvk_ir_op_state y;
        memset(&y, 0, sizeof y);
        y.name = "spirv.mlir.yield";
        spvk_ir_value *yv = &op->results[0];
        y.operands = &yv;
        y.num_operands = 1;
        spvk_ir_op *yield = spvk_ir_op_create(ctx, &y);
        if (!yield)
            return spvk_ir_parser_error(p, "out of memory");
        spvk_ir_block_append(b, yield);
        return true;
    }
    if (!spvk_ir_parse_optional_attr_dict_with_keyword(p, state) || !spvk_ir_parse_region(p, state, NULL, NULL, 0) ||
        !spvk_ir_parse_punct(p, ":"))
        return false;
    if (spvk_ir_parse_optional_punct(p, "(")) {
        if (spvk_ir_parse_optional_punct(p, ")"))
            return true;
        do {
            const spvk_ir_type *t = spvk_ir_parse_type(p);
            if (!t || !spvk_ir_state_add_result_type(p, state, t))
                return false;
        } while (spvk_ir_parse_optional_punct(p, ","));
        return spvk_ir_parse_punct(p, ")");
    }
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && spvk_ir_state_add_result_type(p, state, t);
}

/* ------------------------------------------------------------------------------------------------
   The table
   ------------------------------------------------------------------------------------------------ */

/* Sorted by name (strcmp) for the binary search. */
static const spvk_spirv_custom_form custom_forms[] = {
    {"spirv.AccessChain", parse_access_chain, print_access_chain},
    {"spirv.Branch", parse_branch, print_branch},
    {"spirv.BranchConditional", parse_branch_conditional, print_branch_conditional},
    {"spirv.CompositeExtract", parse_composite_extract, print_composite_extract},
    {"spirv.CompositeInsert", parse_composite_insert, print_composite_insert},
    {"spirv.Constant", parse_constant, print_constant},
    {"spirv.CopyMemory", parse_copy_memory, print_copy_memory},
    {"spirv.EntryPoint", parse_entry_point, print_entry_point},
    {"spirv.ExecutionMode", parse_execution_mode, print_execution_mode},
    {"spirv.GlobalVariable", parse_global_variable, print_global_variable},
    {"spirv.GroupNonUniformBitwiseAnd", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformBitwiseOr", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformBitwiseXor", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformFAdd", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformFMax", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformFMin", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformFMul", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformIAdd", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformIMul", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformLogicalAnd", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformLogicalOr", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformLogicalXor", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformSMax", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformSMin", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformUMax", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.GroupNonUniformUMin", parse_group_non_uniform, print_group_non_uniform},
    {"spirv.IAddCarry", parse_extended_binary, print_extended_binary},
    {"spirv.INTEL.SubgroupBlockRead", parse_subgroup_block_read, print_subgroup_block_read},
    {"spirv.INTEL.SubgroupBlockWrite", parse_subgroup_block_write, print_subgroup_block_write},
    {"spirv.ISubBorrow", parse_extended_binary, print_extended_binary},
    {"spirv.ImageDrefGather", parse_image_dref_gather, print_image_dref_gather},
    {"spirv.InBoundsPtrAccessChain", parse_ptr_access_chain, print_ptr_access_chain},
    {"spirv.Load", parse_load, print_load},
    {"spirv.PtrAccessChain", parse_ptr_access_chain, print_ptr_access_chain},
    {"spirv.SMulExtended", parse_extended_binary, print_extended_binary},
    {"spirv.SpecConstant", parse_spec_constant, print_spec_constant},
    {"spirv.SpecConstantComposite", parse_spec_constant_composite, print_spec_constant_composite},
    {"spirv.SpecConstantOperation", parse_spec_constant_operation, print_spec_constant_operation},
    {"spirv.Store", parse_store, print_store},
    {"spirv.UMulExtended", parse_extended_binary, print_extended_binary},
    {"spirv.Variable", parse_variable, print_variable},
    {"spirv.func", parse_func, print_func},
    {"spirv.mlir.loop", parse_loop, print_loop},
    {"spirv.mlir.selection", parse_selection, print_selection},
    {"spirv.module", parse_module, print_module},
};


static const spvk_spirv_custom_form *search_forms(const spvk_spirv_custom_form *forms, size_t count, const char *name)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, forms[mid].name);
        if (c == 0)
            return &forms[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const void *spvk_spirv_custom_form_data(spvk_ir_context *ctx, const char *name)
{
    const spvk_ods_op *op = name ? decl_form_lookup(name) : NULL;
    return op ? spvk_ods_form_data(ctx, op) : NULL;
}

static const spvk_spirv_custom_form decl_hooks = {NULL, spvk_ods_parse, spvk_ods_print};

const spvk_spirv_custom_form *spvk_spirv_custom_form_lookup(const char *name)
{
    const spvk_spirv_custom_form *f;
    if (!name)
        return NULL;
    f = search_forms(custom_forms, sizeof custom_forms / sizeof custom_forms[0], name);
    if (f)
        return f;
    return decl_form_lookup(name) ? &decl_hooks : NULL;
}

/* ------------------------------------------------------------------------------------------------
   Result names (MLIR's OpAsmOpInterface::getAsmResultNames for spirv ops)
   ------------------------------------------------------------------------------------------------ */

/* The text of an integer or float type as MLIR writes it; false for other types. */
static bool scalar_type_text(const spvk_ir_type *t, char *buf, size_t size)
{
    if (spvk_ir_type_is(t, NULL, SPVK_TYPE_INTEGER)) {
        const char *prefix = t->flags == SPVK_INT_SIGNED ? "si" : t->flags == SPVK_INT_UNSIGNED ? "ui" : "i";
        snprintf(buf, size, "%s%u", prefix, t->width);
        return true;
    }
    if (spvk_ir_type_is(t, NULL, SPVK_TYPE_FLOAT)) {
        if (t->flags == SPVK_FLOAT_BF16)
            snprintf(buf, size, "bf16");
        else if (t->flags == SPVK_FLOAT_TF32)
            snprintf(buf, size, "tf32");
        else if (spvk_spirv_small_float_of(t->flags))
            snprintf(buf, size, "%s", t->flags == SPVK_FLOAT_F8E4M3FN    ? "f8E4M3FN"
                                      : t->flags == SPVK_FLOAT_F8E5M2    ? "f8E5M2"
                                      : t->flags == SPVK_FLOAT_F8E8M0FNU ? "f8E8M0FNU"
                                      : t->flags == SPVK_FLOAT_F6E2M3FN  ? "f6E2M3FN"
                                      : t->flags == SPVK_FLOAT_F6E3M2FN  ? "f6E3M2FN"
                                      : t->flags == SPVK_FLOAT_F4E2M1FN  ? "f4E2M1FN"
                                                                         : "mxint8");
        else
            snprintf(buf, size, "f%u", t->width);
        return true;
    }
    return false;
}

bool spvk_spirv_result_name(const spvk_ir_op *op, char *buf, size_t size)
{
    const char *name = op ? spvk_ir_op_name(op) : NULL;
    if (!name || size == 0 || op->num_results == 0)
        return false;
    if (strcmp(name, "spirv.mlir.addressof") == 0) {
        const spvk_ir_attr *var = attr_of(op, "variable");
        if (!attr_is_builtin(var, SPVK_ATTR_SYMBOL_REF) || !var->string)
            return false;
        snprintf(buf, size, "%.*s_addr", (int)var->length, var->string);
        return true;
    }
    if (strcmp(name, "spirv.Constant") != 0)
        return false;
    const spvk_ir_attr *value = attr_of(op, "value");
    const spvk_ir_type *t = op->results[0].type;
    bool is_int = spvk_ir_type_is(t, NULL, SPVK_TYPE_INTEGER);
    char type_text[32];
    size_t used;
    if (attr_is_builtin(value, SPVK_ATTR_BOOL) || (attr_is_int(value) && is_int && t->width == 1)) {
        snprintf(buf, size, "%s", value->value ? "true" : "false");
        return true;
    }
    snprintf(buf, size, "cst");
    if (attr_is_int(value) && is_int) {
        int64_t v = value->value;
        used = strlen(buf);
        if (t->flags == SPVK_INT_UNSIGNED) {
            uint64_t u = (uint64_t)v;
            if (t->width < 64)
                u &= (UINT64_C(1) << t->width) - 1;
            snprintf(buf + used, size - used, "%llu", (unsigned long long)u);
        } else {
            snprintf(buf + used, size - used, "%lld", (long long)v);
        }
    }
    if (scalar_type_text(t, type_text, sizeof type_text)) {
        used = strlen(buf);
        snprintf(buf + used, size - used, "_%s", type_text);
    } else if (type_is_vector(t) && t->num_ints >= 1) {
        used = strlen(buf);
        snprintf(buf + used, size - used, "_vec_%lld", (long long)t->ints[0]);
        if (scalar_type_text(t->types[0], type_text, sizeof type_text)) {
            used = strlen(buf);
            snprintf(buf + used, size - used, "x%s", type_text);
        }
    }
    return true;
}
