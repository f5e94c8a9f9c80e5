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

#define FORM_MAX_ELEMENTS 48
#define FORM_MAX_ARGS 12

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
   The declarative-format interpreter
   ------------------------------------------------------------------------------------------------ */

/* Type inference rules: what the types a format leaves out are (MLIR's ODS traits for the op). */
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

typedef struct decl_form {
    spvk_spirv_custom_form entry; /* name "spirv.X", the two hooks below */
    const char *format;           /* MLIR 19's assemblyFormat */
    const char *args;   /* ODS arguments and results, see parse_args() */
    uint8_t infer;
} decl_form;

#define BINARY "operands attr-dict `:` type($result)"
#define UNARY "$operand `:` type($operand) attr-dict"
#define COMPARE "$operand1 `,` $operand2 `:` type($operand1) attr-dict"
#define CAST "$operand attr-dict `:` type($operand) `to` type($result)"
#define PTR_CAST "$pointer attr-dict `:` type($pointer) `to` type($result)"
#define ATOMIC "$memory_scope $semantics operands attr-dict `:` type($pointer)"
#define ATOMIC_ARGS "pointer memory_scope:Scope semantics:MemorySemantics value ->result"
#define ATOMIC_CMPXCHG                                                                                     \
    "$memory_scope $equal_semantics $unequal_semantics operands attr-dict `:` type($pointer)"
#define BITFIELD "operands attr-dict `:` type($base) `,` type($offset) `,` type($count)"
#define SHIFT "operands attr-dict `:` type($operand1) `,` type($operand2)"
#define GROUP "$execution_scope $group_operation operands attr-dict `:` type($x)"
#define GROUP_ARGS "execution_scope:Scope group_operation:GroupOperation x ->result"
#define DOT "$vector1 `,` $vector2 ( `,` $format^ )? attr-dict `:` type($vector1) `->` type($result)"
#define DOT_ACC                                                                                            \
    "$vector1 `,` $vector2 `,` $accumulator ( `,` $format^ )? attr-dict `:` type($vector1) `->` type($result)"
#define SHUFFLE(x) "$execution_scope operands attr-dict `:` type($value) `,` type($" x ")"

/* Argument specs: ODS arguments in order, then results.
     name        one SSA operand          name?   an optional one      name*  variadic
     name:Kind   an enum attribute of operand kind Kind ("Scope"), Kind? when optional
     name:@      a flat symbol reference  name:[] an i32 array         name:! a type
     ->name      the result               ->name? an optional result */
static bool decl_parse_hook(spvk_ir_parser *p, spvk_ir_op_state *state);
static void decl_print_hook(spvk_ir_printer *p, const spvk_ir_op *op);
#define FORM(name) {"spirv." name, decl_parse_hook, decl_print_hook}

static const decl_form decl_forms[] = {
    {FORM("AtomicAnd"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicCompareExchange"), ATOMIC_CMPXCHG,
     "pointer memory_scope:Scope equal_semantics:MemorySemantics unequal_semantics:MemorySemantics value "
     "comparator ->result",
     INFER_ATOMIC},
    {FORM("AtomicCompareExchangeWeak"), ATOMIC_CMPXCHG,
     "pointer memory_scope:Scope equal_semantics:MemorySemantics unequal_semantics:MemorySemantics value "
     "comparator ->result",
     INFER_ATOMIC},
    {FORM("AtomicExchange"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicIAdd"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicIDecrement"), ATOMIC, "pointer memory_scope:Scope semantics:MemorySemantics ->result", INFER_ATOMIC},
    {FORM("AtomicIIncrement"), ATOMIC, "pointer memory_scope:Scope semantics:MemorySemantics ->result", INFER_ATOMIC},
    {FORM("AtomicISub"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicOr"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicSMax"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicSMin"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicUMax"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicUMin"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("AtomicXor"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("BitCount"), UNARY, "operand ->result", INFER_SAME},
    {FORM("BitFieldInsert"), BITFIELD, "base insert offset count ->result", INFER_OPERAND0},
    {FORM("BitFieldSExtract"), BITFIELD, "base offset count ->result", INFER_OPERAND0},
    {FORM("BitFieldUExtract"), BITFIELD, "base offset count ->result", INFER_OPERAND0},
    {FORM("BitReverse"), UNARY, "operand ->result", INFER_SAME},
    {FORM("Bitcast"), CAST, "operand ->result", INFER_NONE},
    {FORM("BitwiseAnd"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("BitwiseOr"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("BitwiseXor"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("CL.acos"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.acosh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.asin"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.asinh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.atan"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.atan2"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.atanh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.ceil"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.cos"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.cosh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.erf"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.exp"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.fabs"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.floor"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.fma"), BINARY, "x y z ->result", INFER_SAME},
    {FORM("CL.fmax"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.fmin"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.log"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.mix"), BINARY, "x y z ->result", INFER_SAME},
    {FORM("CL.pow"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.printf"),
     "$format `,` $arguments attr-dict `:` `(` type($format) `,` `(` type($arguments) `)` `)` `->` type($result)",
     "format arguments* ->result", INFER_NONE},
    {FORM("CL.rint"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.round"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.rsqrt"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.s_abs"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.s_max"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.s_min"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.sin"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.sinh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.sqrt"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.tan"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.tanh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("CL.u_max"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CL.u_min"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("CompositeConstruct"), "$constituents attr-dict `:` `(` type(operands) `)` `->` type($result)",
     "constituents* ->result", INFER_NONE},
    {FORM("ControlBarrier"), "$execution_scope `,` $memory_scope `,` $memory_semantics attr-dict",
     "execution_scope:Scope memory_scope:Scope memory_semantics:MemorySemantics", INFER_NONE},
    {FORM("ConvertFToS"), CAST, "operand ->result", INFER_NONE},
    {FORM("ConvertFToU"), CAST, "operand ->result", INFER_NONE},
    {FORM("ConvertPtrToU"), PTR_CAST, "pointer ->result", INFER_NONE},
    {FORM("ConvertSToF"), CAST, "operand ->result", INFER_NONE},
    {FORM("ConvertUToF"), CAST, "operand ->result", INFER_NONE},
    {FORM("ConvertUToPtr"), CAST, "operand ->result", INFER_NONE},
    {FORM("Dot"), "operands attr-dict `:` type($vector1) `->` type($result)", "vector1 vector2 ->result",
     INFER_OPERAND0},
    {FORM("EXT.AtomicFAdd"), ATOMIC, ATOMIC_ARGS, INFER_ATOMIC},
    {FORM("FAdd"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FConvert"), CAST, "operand ->result", INFER_NONE},
    {FORM("FDiv"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FMod"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FMul"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FNegate"), BINARY, "operand ->result", INFER_SAME},
    {FORM("FOrdEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FOrdGreaterThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FOrdGreaterThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FOrdLessThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FOrdLessThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FOrdNotEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FRem"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FSub"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("FUnordEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FUnordGreaterThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FUnordGreaterThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FUnordLessThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FUnordLessThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FUnordNotEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("FunctionCall"), "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, results)",
     "callee:@ arguments* ->return_value?", INFER_NONE},
    {FORM("GL.Acos"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Asin"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Atan"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Ceil"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Cos"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Cosh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Exp"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.FAbs"), UNARY, "operand ->result", INFER_SAME},
    /* FClamp, SClamp, UClamp and Fma have C++ forms in MLIR 19 that print like this format */
    {FORM("GL.FClamp"), BINARY, "x min max ->result", INFER_SAME},
    {FORM("GL.FMax"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.FMin"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.FMix"), "attr-dict $x `:` type($x) `,` $y `:` type($y) `,` $a `:` type($a) `->` type($result)",
     "x y a ->result", INFER_NONE},
    {FORM("GL.FSign"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.FindUMsb"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Floor"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Fma"), BINARY, "x y z ->result", INFER_SAME},
    {FORM("GL.FrexpStruct"), "attr-dict $operand `:` type($operand) `->` type($result)", "operand ->result",
     INFER_NONE},
    {FORM("GL.InverseSqrt"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Ldexp"), "attr-dict $x `:` type($x) `,` $exp `:` type($exp) `->` type($y)", "x exp ->y", INFER_NONE},
    {FORM("GL.Log"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Pow"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.Round"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.RoundEven"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.SAbs"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.SClamp"), BINARY, "x min max ->result", INFER_SAME},
    {FORM("GL.SMax"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.SMin"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.SSign"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Sin"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Sinh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Sqrt"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Tan"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.Tanh"), UNARY, "operand ->result", INFER_SAME},
    {FORM("GL.UClamp"), BINARY, "x min max ->result", INFER_SAME},
    {FORM("GL.UMax"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GL.UMin"), BINARY, "lhs rhs ->result", INFER_SAME},
    {FORM("GenericCastToPtr"), PTR_CAST, "pointer ->result", INFER_NONE},
    {FORM("GenericCastToPtrExplicit"), PTR_CAST, "pointer ->result", INFER_NONE},
    {FORM("GroupBroadcast"), "$execution_scope operands attr-dict `:` type($value) `,` type($localid)",
     "execution_scope:Scope value localid ->result", INFER_OPERAND0},
    {FORM("GroupFAdd"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupFMax"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupFMin"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupIAdd"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupNonUniformBallot"), "$execution_scope $predicate attr-dict `:` type($result)",
     "execution_scope:Scope predicate ->result", INFER_PREDICATE},
    {FORM("GroupNonUniformBroadcast"), SHUFFLE("id"), "execution_scope:Scope value id ->result", INFER_OPERAND0},
    {FORM("GroupNonUniformElect"), "$execution_scope attr-dict `:` type($result)", "execution_scope:Scope ->result",
     INFER_NONE},
    {FORM("GroupNonUniformShuffle"), SHUFFLE("id"), "execution_scope:Scope value id ->result", INFER_OPERAND0},
    {FORM("GroupNonUniformShuffleDown"), SHUFFLE("delta"), "execution_scope:Scope value delta ->result",
     INFER_OPERAND0},
    {FORM("GroupNonUniformShuffleUp"), SHUFFLE("delta"), "execution_scope:Scope value delta ->result", INFER_OPERAND0},
    {FORM("GroupNonUniformShuffleXor"), SHUFFLE("mask"), "execution_scope:Scope value mask ->result", INFER_OPERAND0},
    {FORM("GroupSMax"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupSMin"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupUMax"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("GroupUMin"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("IAdd"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("IEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("IMul"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("INTEL.ConvertBF16ToF"), CAST, "operand ->result", INFER_NONE},
    {FORM("INTEL.ConvertFToBF16"), CAST, "operand ->result", INFER_NONE},
    {FORM("INotEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("ISub"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("Image"), "attr-dict $sampledimage `:` type($sampledimage)", "sampledimage ->result", INFER_IMAGE},
    {FORM("ImageQuerySize"), "attr-dict $image `:` type($image) `->` type($result)", "image ->result", INFER_NONE},
    {FORM("IsInf"), UNARY, "operand ->result", INFER_BOOL},
    {FORM("IsNan"), UNARY, "operand ->result", INFER_BOOL},
    {FORM("KHR.AssumeTrue"), "$condition attr-dict", "condition", INFER_PREDICATE},
    {FORM("KHR.CooperativeMatrixLength"), "attr-dict `:` $cooperative_matrix_type", "cooperative_matrix_type:! ->result",
     INFER_I32},
    {FORM("KHR.CooperativeMatrixLoad"),
     "$pointer `,` $stride `,` $matrix_layout ( `,` $memory_operand^ )? attr-dict `:` type(operands) `->` "
     "type($result)",
     "pointer matrix_layout:CooperativeMatrixLayout stride memory_operand:MemoryAccess? ->result", INFER_NONE},
    {FORM("KHR.CooperativeMatrixMulAdd"),
     "$a `,` $b `,` $c ( `,` $matrix_operands^ )? attr-dict `:` type($a) `,` type($b) `->` type($c)",
     "a b c matrix_operands:CooperativeMatrixOperands? ->result", INFER_OPERAND2},
    {FORM("KHR.CooperativeMatrixStore"),
     "$pointer `,` $object `,` $stride `,` $matrix_layout ( `,` $memory_operand^ )? attr-dict `:` type(operands)",
     "pointer object matrix_layout:CooperativeMatrixLayout stride memory_operand:MemoryAccess?", INFER_NONE},
    {FORM("KHR.GroupFMul"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("KHR.GroupIMul"), GROUP, GROUP_ARGS, INFER_OPERAND0},
    {FORM("KHR.SubgroupBallot"), "$predicate attr-dict `:` type($result)", "predicate ->result", INFER_PREDICATE},
    {FORM("LogicalAnd"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("LogicalEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("LogicalNot"), UNARY, "operand ->result", INFER_SAME},
    {FORM("LogicalNotEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("LogicalOr"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("MatrixTimesMatrix"), "operands attr-dict `:` type($leftmatrix) `,` type($rightmatrix) `->` type($result)",
     "leftmatrix rightmatrix ->result", INFER_NONE},
    {FORM("MatrixTimesScalar"), "operands attr-dict `:` type($matrix) `,` type($scalar)", "matrix scalar ->result",
     INFER_OPERAND0},
    {FORM("MemoryBarrier"), "$memory_scope `,` $memory_semantics attr-dict",
     "memory_scope:Scope memory_semantics:MemorySemantics", INFER_NONE},
    {FORM("Not"), UNARY, "operand ->result", INFER_SAME},
    {FORM("Ordered"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("PtrCastToGeneric"), PTR_CAST, "pointer ->result", INFER_NONE},
    {FORM("Return"), "attr-dict", "", INFER_NONE},
    {FORM("ReturnValue"), "$value attr-dict `:` type($value)", "value", INFER_NONE},
    {FORM("SConvert"), CAST, "operand ->result", INFER_NONE},
    {FORM("SDiv"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("SDot"), DOT, "vector1 vector2 format:PackedVectorFormat? ->result", INFER_OPERAND0},
    {FORM("SDotAccSat"), DOT_ACC, "vector1 vector2 accumulator format:PackedVectorFormat? ->result", INFER_DOT_ACC},
    {FORM("SGreaterThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("SGreaterThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("SLessThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("SLessThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("SMod"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("SNegate"), BINARY, "operand ->result", INFER_SAME},
    {FORM("SRem"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("SUDot"), DOT, "vector1 vector2 format:PackedVectorFormat? ->result", INFER_OPERAND0},
    {FORM("SUDotAccSat"), DOT_ACC, "vector1 vector2 accumulator format:PackedVectorFormat? ->result", INFER_DOT_ACC},
    {FORM("Select"), "operands attr-dict `:` type($condition) `,` type($result)",
     "condition true_value false_value ->result", INFER_RESULT},
    {FORM("ShiftLeftLogical"), SHIFT, "operand1 operand2 ->result", INFER_OPERAND0},
    {FORM("ShiftRightArithmetic"), SHIFT, "operand1 operand2 ->result", INFER_OPERAND0},
    {FORM("ShiftRightLogical"), SHIFT, "operand1 operand2 ->result", INFER_OPERAND0},
    {FORM("Transpose"), "operands attr-dict `:` type($matrix) `->` type($result)", "matrix ->result", INFER_NONE},
    {FORM("UConvert"), CAST, "operand ->result", INFER_NONE},
    {FORM("UDiv"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("UDot"), DOT, "vector1 vector2 format:PackedVectorFormat? ->result", INFER_OPERAND0},
    {FORM("UDotAccSat"), DOT_ACC, "vector1 vector2 accumulator format:PackedVectorFormat? ->result", INFER_DOT_ACC},
    {FORM("UGreaterThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("UGreaterThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("ULessThan"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("ULessThanEqual"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("UMod"), BINARY, "operand1 operand2 ->result", INFER_SAME},
    {FORM("Undef"), "attr-dict `:` type($result)", "->result", INFER_NONE},
    {FORM("Unordered"), COMPARE, "operand1 operand2 ->result", INFER_BOOL},
    {FORM("Unreachable"), "attr-dict", "", INFER_NONE},
    {FORM("VectorExtractDynamic"), "$vector `[` $index `]` attr-dict `:` type($vector) `,` type($index)",
     "vector index ->result", INFER_VEC_EXTRACT},
    {FORM("VectorInsertDynamic"),
     "$component `,` $vector `[` $index `]` attr-dict `:` type($vector) `,` type($index)",
     "vector component index ->result", INFER_VEC_INSERT},
    {FORM("VectorShuffle"),
     "attr-dict $components $vector1 `,` $vector2 `:` type($vector1) `,` type($vector2) `->` type($result)",
     "vector1 vector2 components:[] ->result", INFER_NONE},
    {FORM("VectorTimesScalar"), "operands attr-dict `:` `(` type(operands) `)` `->` type($result)",
     "vector scalar ->result", INFER_NONE},
    {FORM("mlir.addressof"), "$variable attr-dict `:` type($pointer)", "variable:@ ->pointer", INFER_NONE},
    {FORM("mlir.merge"), "attr-dict", "", INFER_NONE},
    {FORM("mlir.referenceof"), "$spec_const attr-dict `:` type($reference)", "spec_const:@ ->reference", INFER_NONE},
    {FORM("mlir.yield"), "attr-dict $operand `:` type($operand)", "operand", INFER_NONE},
};

static const char *short_name_of(const char *name)
{
    return strncmp(name, "spirv.", 6) == 0 ? name + 6 : name;
}

/* -- Format elements -- */
typedef enum element_kind {
    ELEMENT_LITERAL,     /* text */
    ELEMENT_VARIABLE,    /* $text (anchor: ^) */
    ELEMENT_TYPE,        /* type(text): an argument, "operands" or "results" */
    ELEMENT_FUNCTIONAL,  /* functional-type(text, text2) */
    ELEMENT_OPERANDS,    /* operands */
    ELEMENT_ATTR_DICT,   /* attr-dict */
    ELEMENT_GROUP_BEGIN, /* ( ... */
    ELEMENT_GROUP_END    /* ... )? */
} element_kind;

/* What a type(...) element names. */
typedef enum type_of { TYPE_OF_ARG, TYPE_OF_OPERANDS, TYPE_OF_RESULTS } type_of;

#define FORM_MAX_LITERAL 12 /* `attributes` and a NUL */

typedef struct format_element {
    uint8_t kind;
    bool anchor;
    uint8_t length, length2;
    const char *text, *text2;
    /* Resolved once by form_layout_init, so that printing or parsing an op looks up no name: */
    int8_t arg;       /* the argument of a variable or of type($arg); a group's anchor's; or -1 */
    uint8_t type_of;  /* ELEMENT_TYPE: type_of */
    bool keyword;     /* ELEMENT_LITERAL: a word (`to`), not punctuation */
    bool opens;       /* ELEMENT_LITERAL: `<`, `(`, `{` or `[`, after which no space is due */
    bool space_before[2]; /* ELEMENT_LITERAL: is a space due, by whether punctuation came last? */
    char text_z[FORM_MAX_LITERAL]; /* ELEMENT_LITERAL: the text, NUL-terminated */
} format_element;

static bool element_is(const format_element *e, const char *s)
{
    return strlen(s) == e->length && memcmp(e->text, s, e->length) == 0;
}

/* Splits a format string into elements; false if it uses something this interpreter lacks. */
static bool parse_format(const char *f, format_element *out, uint32_t *count)
{
    uint32_t n = 0;
    for (;;) {
        while (*f == ' ')
            f++;
        if (!*f)
            break;
        if (n == FORM_MAX_ELEMENTS)
            return false;
        format_element *e = &out[n++];
        memset(e, 0, sizeof *e);
        if (*f == '`') {
            const char *end = strchr(f + 1, '`');
            if (!end)
                return false;
            e->kind = ELEMENT_LITERAL;
            e->text = f + 1;
            e->length = (uint8_t)(end - f - 1);
            f = end + 1;
        } else if (*f == '$') {
            const char *s = ++f;
            while (isalnum((unsigned char)*f) || *f == '_')
                f++;
            e->kind = ELEMENT_VARIABLE;
            e->text = s;
            e->length = (uint8_t)(f - s);
            if (*f == '^') {
                e->anchor = true;
                f++;
            }
        } else if (strncmp(f, "type($", 6) == 0 || strncmp(f, "type(operands)", 14) == 0 ||
                   strncmp(f, "type(results)", 13) == 0) {
            const char *s = f + 5 + (f[5] == '$');
            const char *end = strchr(s, ')');
            if (!end)
                return false;
            e->kind = ELEMENT_TYPE;
            e->text = s;
            e->length = (uint8_t)(end - s);
            f = end + 1;
        } else if (strncmp(f, "functional-type(", 16) == 0) {
            const char *s = f + 16;
            if (*s == '$')
                s++;
            const char *comma = strchr(s, ',');
            const char *end = comma ? strchr(comma, ')') : NULL;
            if (!end)
                return false;
            e->kind = ELEMENT_FUNCTIONAL;
            e->text = s;
            e->length = (uint8_t)(comma - s);
            const char *s2 = comma + 1;
            while (*s2 == ' ' || *s2 == '$')
                s2++;
            e->text2 = s2;
            e->length2 = (uint8_t)(end - s2);
            f = end + 1;
        } else if (strncmp(f, "operands", 8) == 0) {
            e->kind = ELEMENT_OPERANDS;
            f += 8;
        } else if (strncmp(f, "attr-dict", 9) == 0) {
            e->kind = ELEMENT_ATTR_DICT;
            f += 9;
        } else if (*f == '(') {
            e->kind = ELEMENT_GROUP_BEGIN;
            f++;
        } else if (f[0] == ')' && f[1] == '?') {
            e->kind = ELEMENT_GROUP_END;
            f += 2;
        } else {
            return false;
        }
    }
    *count = n;
    return true;
}

/* -- Argument specs -- */
typedef enum arg_kind {
    ARG_OPERAND,
    ARG_OPTIONAL_OPERAND,
    ARG_VARIADIC_OPERAND,
    ARG_ENUM,
    ARG_SYMBOL,
    ARG_ARRAY,
    ARG_TYPE,
    ARG_RESULT
} arg_kind;

typedef struct arg_spec {
    const char *name;
    uint8_t length;
    uint8_t kind;
    bool optional;      /* attributes and results */
    uint16_t enum_kind; /* ARG_ENUM */
    char name_z[40];    /* NUL-terminated copy, for attribute lookups */
} arg_spec;

static int operand_kind_by_name(const char *s, size_t length)
{
    for (unsigned k = 0; k < SPVK_OPERAND_KIND_COUNT; k++) {
        const spvk_operand_kind_desc *d = spvk_operand_kind(k);
        if (d && d->name && strlen(d->name) == length && memcmp(d->name, s, length) == 0)
            return (int)k;
    }
    return -1;
}

static bool parse_args(const char *s, arg_spec *out, uint32_t *count)
{
    uint32_t n = 0;
    for (;;) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (n == FORM_MAX_ARGS)
            return false;
        arg_spec *a = &out[n++];
        memset(a, 0, sizeof *a);
        bool result = s[0] == '-' && s[1] == '>';
        if (result)
            s += 2;
        const char *name = s;
        while (isalnum((unsigned char)*s) || *s == '_')
            s++;
        a->name = name;
        a->length = (uint8_t)(s - name);
        if (a->length >= sizeof a->name_z)
            return false;
        memcpy(a->name_z, name, a->length);
        a->kind = result ? ARG_RESULT : ARG_OPERAND;
        if (*s == '?') {
            a->optional = true;
            if (!result)
                a->kind = ARG_OPTIONAL_OPERAND;
            s++;
        } else if (*s == '*') {
            a->kind = ARG_VARIADIC_OPERAND;
            s++;
        } else if (*s == ':') {
            s++;
            if (*s == '@') {
                a->kind = ARG_SYMBOL;
                s++;
            } else if (*s == '!') {
                a->kind = ARG_TYPE;
                s++;
            } else if (s[0] == '[' && s[1] == ']') {
                a->kind = ARG_ARRAY;
                s += 2;
            } else {
                const char *kind = s;
                while (isalnum((unsigned char)*s))
                    s++;
                int k = operand_kind_by_name(kind, (size_t)(s - kind));
                if (k < 0)
                    return false;
                a->kind = ARG_ENUM;
                a->enum_kind = (uint16_t)k;
            }
            if (*s == '?') {
                a->optional = true;
                s++;
            }
        }
    }
    *count = n;
    return true;
}

static bool arg_is_operand(const arg_spec *a)
{
    return a->kind == ARG_OPERAND || a->kind == ARG_OPTIONAL_OPERAND || a->kind == ARG_VARIADIC_OPERAND;
}

static bool arg_is_attr(const arg_spec *a)
{
    return a->kind == ARG_ENUM || a->kind == ARG_SYMBOL || a->kind == ARG_ARRAY || a->kind == ARG_TYPE;
}

static int find_arg(const arg_spec *args, uint32_t num_args, const char *name, size_t length)
{
    for (uint32_t i = 0; i < num_args; i++)
        if (args[i].length == length && memcmp(args[i].name, name, length) == 0)
            return (int)i;
    return -1;
}

/* Everything the interpreter knows about one form: its format and arguments, resolved. The arrays
   are as long as the form needs (spvk_spirv_custom_form_data): a context may prepare some 700
   forms, and arrays of the largest size took 2.3 MB when every start prepared them all. */
typedef struct form_layout {
    format_element *elements;
    uint32_t num_elements;
    arg_spec *args;
    uint32_t num_args;
    uint32_t num_operand_args, num_variable_args, num_results, num_optional_results;
    /* Which types the format prints: each argument's (type($arg)), all operands' and the result's. */
    bool *arg_type_printed;
    bool operand_types_printed, result_type_printed;
    /* The attributes the format prints itself, which the attr-dict leaves out. */
    const char **elided;
    uint32_t num_elided;
} form_layout;

/* Room for any form while it is resolved. */
typedef struct form_layout_room {
    format_element elements[FORM_MAX_ELEMENTS];
    arg_spec args[FORM_MAX_ARGS];
    bool arg_type_printed[FORM_MAX_ARGS];
} form_layout_room;

/* MLIR's format generator: is a space due before this literal, after punctuation or not? */
static bool space_before_literal(const format_element *e, bool last_was_punctuation)
{
    if (e->length != 1 && !element_is(e, "->"))
        return true;
    char c = e->text[0];
    if (last_was_punctuation)
        return !strchr(">)}],", c);
    return !strchr("<>(){}[],", c);
}

/* Resolves the elements' names into argument indexes and what printing needs to know. */
static bool resolve_elements(form_layout *l)
{
    for (uint32_t i = 0; i < l->num_elements; i++) {
        format_element *e = &l->elements[i];
        e->arg = -1;
        switch (e->kind) {
        case ELEMENT_LITERAL:
            if (e->length == 0 || e->length >= FORM_MAX_LITERAL)
                return false;
            memcpy(e->text_z, e->text, e->length);
            e->text_z[e->length] = 0;
            e->keyword = isalpha((unsigned char)e->text[0]);
            e->opens = e->length == 1 && strchr("<({[", e->text[0]);
            e->space_before[0] = space_before_literal(e, false);
            e->space_before[1] = space_before_literal(e, true);
            break;
        case ELEMENT_VARIABLE:
            e->arg = (int8_t)find_arg(l->args, l->num_args, e->text, e->length);
            if (e->arg < 0)
                return false;
            break;
        case ELEMENT_TYPE:
            if (element_is(e, "operands")) {
                e->type_of = TYPE_OF_OPERANDS;
                l->operand_types_printed = true;
            } else if (element_is(e, "results")) {
                e->type_of = TYPE_OF_RESULTS;
                l->result_type_printed = true;
            } else {
                e->type_of = TYPE_OF_ARG;
                e->arg = (int8_t)find_arg(l->args, l->num_args, e->text, e->length);
                if (e->arg < 0)
                    return false;
                if (l->args[e->arg].kind == ARG_RESULT)
                    l->result_type_printed = true;
                else
                    l->arg_type_printed[e->arg] = true;
            }
            break;
        case ELEMENT_FUNCTIONAL:
            l->operand_types_printed = l->result_type_printed = true;
            break;
        default:
            break;
        }
    }
    /* A group's anchor: the variable whose presence decides the group's. */
    for (uint32_t i = 0; i < l->num_elements; i++) {
        if (l->elements[i].kind != ELEMENT_GROUP_BEGIN)
            continue;
        for (uint32_t j = i + 1; j < l->num_elements && l->elements[j].kind != ELEMENT_GROUP_END; j++)
            if (l->elements[j].anchor) {
                l->elements[i].arg = l->elements[j].arg;
                break;
            }
    }
    return true;
}

/* The attributes the format prints itself (elided has room for num_args + 1). */
static uint32_t elided_attrs(const arg_spec *args, uint32_t num_args, const char **elided)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < num_args; i++)
        if (arg_is_attr(&args[i]))
            elided[n++] = args[i].name_z;
    elided[n++] = "operandSegmentSizes";
    return n;
}

/* Resolves f into l, whose arrays are room's (the elided names are left to the copy that keeps
   them: spvk_spirv_custom_form_data). */
static bool form_layout_init(const decl_form *f, form_layout *l, form_layout_room *room)
{
    memset(l, 0, sizeof *l);
    l->elements = room->elements;
    l->args = room->args;
    l->arg_type_printed = room->arg_type_printed;
    memset(room->arg_type_printed, 0, sizeof room->arg_type_printed);
    if (!parse_format(f->format, l->elements, &l->num_elements) || !parse_args(f->args, l->args, &l->num_args))
        return false;
    for (uint32_t i = 0; i < l->num_args; i++) {
        const arg_spec *a = &l->args[i];
        if (arg_is_operand(a)) {
            l->num_operand_args++;
            if (a->kind != ARG_OPERAND)
                l->num_variable_args++;
        } else if (a->kind == ARG_RESULT) {
            l->num_results++;
            if (a->optional)
                l->num_optional_results++;
        }
    }
    return l->num_variable_args <= 1 && resolve_elements(l);
}

/* Operand segments (start, count) per argument, from the total operand count. */
static bool form_segments(const form_layout *l, uint32_t num_operands, uint32_t *start, uint32_t *count)
{
    uint32_t fixed = l->num_operand_args - l->num_variable_args;
    if (num_operands < fixed)
        return false;
    uint32_t variable = num_operands - fixed, at = 0;
    if (l->num_variable_args == 0 && variable != 0)
        return false;
    for (uint32_t i = 0; i < l->num_args; i++) {
        const arg_spec *a = &l->args[i];
        start[i] = at;
        count[i] = 0;
        if (!arg_is_operand(a))
            continue;
        count[i] = a->kind == ARG_OPERAND ? 1 : variable;
        if (a->kind == ARG_OPTIONAL_OPERAND && variable > 1)
            return false;
        at += count[i];
    }
    return true;
}

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

/* Can op be printed in form f without losing anything? */
static bool decl_printable(spvk_ir_context *ctx, const spvk_ir_op *op, const form_layout *l, uint8_t rule,
                           uint32_t *start, uint32_t *count)
{
    if (op->num_successors || op->num_regions)
        return false;
    if (op->num_results > l->num_results || op->num_results + l->num_optional_results < l->num_results)
        return false;
    if (!form_segments(l, op->num_operands, start, count))
        return false;
    for (uint32_t i = 0; i < l->num_args; i++) {
        const arg_spec *a = &l->args[i];
        if (!arg_is_attr(a))
            continue;
        const spvk_ir_attr *v = spvk_ir_op_attr(op, a->name_z);
        if (!v) {
            if (!a->optional)
                return false;
            continue;
        }
        if ((a->kind == ARG_ENUM && !attr_is_enum(v, a->enum_kind)) ||
            (a->kind == ARG_SYMBOL && !attr_is_flat_symbol(v)) ||
            (a->kind == ARG_ARRAY && !attr_is_builtin(v, SPVK_ATTR_ARRAY)) ||
            (a->kind == ARG_TYPE && !(attr_is_builtin(v, SPVK_ATTR_TYPE) && v->type)))
            return false;
    }
    if (rule == INFER_NONE)
        return true; /* such formats print every type */
    if (op->num_operands > 16)
        return false;
    /* The types the format leaves out must come back by inference. */
    const spvk_ir_type *operands[16], *results[1] = {NULL};
    for (uint32_t i = 0; i < op->num_operands; i++)
        operands[i] = l->operand_types_printed ? spvk_ir_operand(op, i)->type : NULL;
    for (uint32_t a = 0; a < l->num_args && !l->operand_types_printed; a++)
        if (l->arg_type_printed[a])
            for (uint32_t j = 0; j < count[a]; j++)
                operands[start[a] + j] = spvk_ir_operand(op, start[a] + j)->type;
    if (op->num_results)
        results[0] = l->result_type_printed ? op->results[0].type : NULL;
    infer_types(ctx, rule, operands, op->num_operands, results, op->num_results);
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (operands[i] != spvk_ir_operand(op, i)->type)
            return false;
    return op->num_results == 0 || results[0] == op->results[0].type;
}

static void print_stripped_enum(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    spvk_ir_print_text(p, "<");
    print_enum_bare(p, (unsigned)a->value2, (uint32_t)a->value);
    spvk_ir_print_text(p, ">");
}

static void decl_print_variable(spvk_ir_printer *p, const spvk_ir_op *op, const form_layout *l,
                                const format_element *e, const uint32_t *start, const uint32_t *count)
{
    int ai = e->arg;
    const arg_spec *a = &l->args[ai];
    if (arg_is_operand(a)) {
        print_operands(p, op, start[ai], count[ai]);
        return;
    }
    const spvk_ir_attr *v = spvk_ir_op_attr(op, a->name_z);
    if (!v)
        return;
    if (a->kind == ARG_ENUM)
        print_stripped_enum(p, v);
    else if (a->kind == ARG_TYPE)
        spvk_ir_print_type_to(p, v->type);
    else
        spvk_ir_print_attr_to(p, v);
}

static void decl_print_type(spvk_ir_printer *p, const spvk_ir_op *op, const form_layout *l,
                            const format_element *e, const uint32_t *start, const uint32_t *count)
{
    if (e->type_of == TYPE_OF_OPERANDS) {
        print_operand_types(p, op, 0, op->num_operands);
        return;
    }
    if (e->type_of == TYPE_OF_RESULTS) {
        print_result_types(p, op);
        return;
    }
    int ai = e->arg;
    if (l->args[ai].kind == ARG_RESULT) {
        if (op->num_results)
            spvk_ir_print_type_to(p, op->results[0].type);
        return;
    }
    print_operand_types(p, op, start[ai], count[ai]);
}

/* Is the optional group starting at element i present in op? (its anchor decides) */
static bool decl_group_present(const spvk_ir_op *op, const form_layout *l, uint32_t i, const uint32_t *count)
{
    int ai = l->elements[i].arg;
    if (ai < 0)
        return false;
    if (arg_is_operand(&l->args[ai]))
        return count[ai] != 0;
    return spvk_ir_op_attr(op, l->args[ai].name_z) != NULL;
}

static void decl_print(spvk_ir_printer *p, const spvk_ir_op *op, const decl_form *f, const form_layout *l)
{
    uint32_t start[FORM_MAX_ARGS], count[FORM_MAX_ARGS];
    if (!decl_printable(spvk_ir_printer_context(p), op, l, f->infer, start, count)) {
        print_fallback(p, op);
        return;
    }
    /* The spacing state of MLIR's generated printers. */
    bool should_emit_space = true, last_was_punctuation = false;
    bool dry = false; /* inside an absent optional group: track the state, print nothing */
    for (uint32_t i = 0; i < l->num_elements; i++) {
        const format_element *e = &l->elements[i];
        switch (e->kind) {
        case ELEMENT_GROUP_BEGIN:
            dry = !decl_group_present(op, l, i, count);
            break;
        case ELEMENT_GROUP_END:
            dry = false;
            break;
        case ELEMENT_LITERAL:
            if (!dry) {
                if (should_emit_space && e->space_before[last_was_punctuation])
                    spvk_ir_print_text(p, " ");
                spvk_ir_print_text_n(p, e->text, e->length);
            }
            should_emit_space = !e->opens;
            last_was_punctuation = e->text[0] != '_' && !e->keyword;
            break;
        case ELEMENT_ATTR_DICT:
            if (!dry)
                spvk_ir_print_attr_dict(p, op->attrs, l->elided, l->num_elided);
            last_was_punctuation = false;
            break;
        default:
            if (!dry) {
                if (should_emit_space || !last_was_punctuation)
                    spvk_ir_print_text(p, " ");
                if (e->kind == ELEMENT_VARIABLE) {
                    decl_print_variable(p, op, l, e, start, count);
                } else if (e->kind == ELEMENT_TYPE) {
                    decl_print_type(p, op, l, e, start, count);
                } else if (e->kind == ELEMENT_OPERANDS) {
                    print_operands(p, op, 0, op->num_operands);
                } else if (e->kind == ELEMENT_FUNCTIONAL) {
                    spvk_ir_print_text(p, "(");
                    print_operand_types(p, op, 0, op->num_operands);
                    spvk_ir_print_text(p, ") -> ");
                    print_result_types(p, op);
                }
            }
            last_was_punctuation = false;
            should_emit_space = true;
            break;
        }
    }
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

typedef struct decl_parse_state {
    ref_list refs[FORM_MAX_ARGS];
    type_list types[FORM_MAX_ARGS];
    const spvk_ir_attr *attrs[FORM_MAX_ARGS];
    ref_list all_refs;   /* from `operands` */
    type_list all_types; /* from type(operands) */
    type_list results;
    bool used_operands, used_all_types, result_typed;
} decl_parse_state;

static bool decl_parse_variable(spvk_ir_parser *p, const form_layout *l, const format_element *e,
                                decl_parse_state *s)
{
    int ai = e->arg;
    const arg_spec *a = &l->args[ai];
    if (a->kind == ARG_OPERAND || a->kind == ARG_OPTIONAL_OPERAND) {
        spvk_ir_operand_ref r;
        return spvk_ir_parse_operand(p, &r) && ref_push(p, &s->refs[ai], &r);
    }
    if (a->kind == ARG_VARIADIC_OPERAND)
        return parse_operand_list(p, &s->refs[ai]);
    const spvk_ir_attr *v = NULL;
    switch (a->kind) {
    case ARG_ENUM:
        v = parse_format_enum(p, a->enum_kind, a->name_z);
        break;
    case ARG_SYMBOL:
        v = spvk_ir_parse_symbol_ref(p);
        if (v && !attr_is_flat_symbol(v))
            return spvk_ir_parser_error(p, "expected a flat symbol reference");
        break;
    case ARG_ARRAY:
        v = spvk_ir_parse_attr(p, NULL);
        if (v && !attr_is_builtin(v, SPVK_ATTR_ARRAY))
            return spvk_ir_parser_error(p, "expected an array attribute for '%s'", a->name_z);
        break;
    case ARG_TYPE: {
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        v = t ? spvk_ir_type_attr(spvk_ir_parser_context(p), t) : NULL;
        break;
    }
    default:
        return spvk_ir_parser_error(p, "internal: bad format variable");
    }
    if (!v)
        return false;
    s->attrs[ai] = v;
    return true;
}

static bool decl_parse_type(spvk_ir_parser *p, const form_layout *l, const format_element *e, decl_parse_state *s)
{
    if (e->type_of == TYPE_OF_OPERANDS) {
        s->used_all_types = true;
        return parse_type_list(p, &s->all_types);
    }
    if (e->type_of == TYPE_OF_RESULTS) {
        s->result_typed = true;
        return parse_result_types(p, &s->results);
    }
    int ai = e->arg;
    const arg_spec *a = &l->args[ai];
    if (a->kind == ARG_RESULT) {
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        s->result_typed = true;
        return t && type_push(p, &s->results, t);
    }
    if (a->kind == ARG_VARIADIC_OPERAND)
        return parse_type_list(p, &s->types[ai]);
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && type_push(p, &s->types[ai], t);
}

static bool parse_literal(spvk_ir_parser *p, const format_element *e, bool optional, bool *present)
{
    if (optional) {
        *present = e->keyword ? spvk_ir_parse_optional_keyword(p, e->text_z)
                              : spvk_ir_parse_optional_punct(p, e->text_z);
        return true;
    }
    return e->keyword ? spvk_ir_parse_keyword(p, e->text_z) : spvk_ir_parse_punct(p, e->text_z);
}

static bool decl_parse(spvk_ir_parser *p, spvk_ir_op_state *state, const decl_form *f, const form_layout *l)
{
    PARSE_FALLBACK_FIRST(p, state);
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    decl_parse_state s;
    memset(&s, 0, sizeof s);

    for (uint32_t i = 0; i < l->num_elements; i++) {
        const format_element *e = &l->elements[i];
        bool ok = true;
        switch (e->kind) {
        case ELEMENT_GROUP_BEGIN: {
            /* The group is present when its first element is. */
            const format_element *first = i + 1 < l->num_elements ? &l->elements[i + 1] : NULL;
            bool present = false;
            if (first && first->kind == ELEMENT_LITERAL) {
                ok = parse_literal(p, first, true, &present);
                if (present)
                    i++;
            } else if (first && first->kind == ELEMENT_VARIABLE) {
                present = spvk_ir_parser_at_operand(p);
            }
            if (ok && !present)
                while (i < l->num_elements && l->elements[i].kind != ELEMENT_GROUP_END)
                    i++;
            break;
        }
        case ELEMENT_GROUP_END:
            break;
        case ELEMENT_LITERAL:
            ok = parse_literal(p, e, false, NULL);
            break;
        case ELEMENT_VARIABLE:
            ok = decl_parse_variable(p, l, e, &s);
            break;
        case ELEMENT_TYPE:
            ok = decl_parse_type(p, l, e, &s);
            break;
        case ELEMENT_FUNCTIONAL:
            s.used_all_types = s.result_typed = true;
            ok = spvk_ir_parse_punct(p, "(") && parse_type_list(p, &s.all_types) && spvk_ir_parse_punct(p, ")") &&
                 spvk_ir_parse_punct(p, "->") && parse_result_types(p, &s.results);
            break;
        case ELEMENT_OPERANDS:
            s.used_operands = true;
            ok = parse_operand_list(p, &s.all_refs);
            break;
        case ELEMENT_ATTR_DICT:
            ok = spvk_ir_parse_optional_attr_dict(p, state);
            break;
        default:
            break;
        }
        if (!ok)
            return false;
    }

    /* Flatten the operands in ODS order. */
    ref_list refs = {0};
    if (s.used_operands) {
        refs = s.all_refs;
    } else {
        for (uint32_t i = 0; i < l->num_args; i++)
            for (uint32_t j = 0; j < s.refs[i].count; j++)
                if (!ref_push(p, &refs, &s.refs[i].items[j]))
                    return false;
    }
    uint32_t start[FORM_MAX_ARGS], count[FORM_MAX_ARGS];
    if (!form_segments(l, refs.count, start, count))
        return spvk_ir_parser_error(p, "wrong number of operands for 'spirv.%s': %u", short_name_of(f->entry.name), refs.count);
    if (refs.count > (1u << 20))
        return spvk_ir_parser_error(p, "too many operands");

    const spvk_ir_type **types = spvk_ir_parser_scratch(p, sizeof *types * (refs.count + 1));
    if (!types)
        return false;
    for (uint32_t i = 0; i < refs.count; i++)
        types[i] = NULL;
    if (s.used_all_types) {
        if (s.all_types.count != refs.count)
            return spvk_ir_parser_error(p, "%u types present, but expected %u", s.all_types.count, refs.count);
        for (uint32_t i = 0; i < refs.count; i++)
            types[i] = s.all_types.items[i];
    }
    for (uint32_t i = 0; i < l->num_args; i++) {
        if (!arg_is_operand(&l->args[i]) || s.types[i].count == 0)
            continue;
        if (s.types[i].count != count[i])
            return spvk_ir_parser_error(p, "%u types present for '%s', but expected %u", s.types[i].count,
                                        l->args[i].name_z, count[i]);
        for (uint32_t j = 0; j < count[i]; j++)
            types[start[i] + j] = s.types[i].items[j];
    }

    /* Results: as many as the form has (an optional one exists when its type was given). */
    const spvk_ir_type *results[1] = {NULL};
    uint32_t num_results = l->num_results;
    if (s.result_typed) {
        if (s.results.count > l->num_results || s.results.count + l->num_optional_results < l->num_results)
            return spvk_ir_parser_error(p, "'spirv.%s' expects %u result(s), got %u types", short_name_of(f->entry.name), l->num_results,
                                        s.results.count);
        num_results = s.results.count;
        if (num_results)
            results[0] = s.results.items[0];
    }
    infer_types(ctx, f->infer, types, refs.count, results, num_results);

    for (uint32_t i = 0; i < refs.count; i++) {
        if (!types[i])
            return spvk_ir_parser_error(p, "cannot infer the type of operand %u of 'spirv.%s'", i, short_name_of(f->entry.name));
        if (!resolve_add(p, state, &refs.items[i], types[i]))
            return false;
    }
    if (num_results) {
        if (!results[0])
            return spvk_ir_parser_error(p, "cannot infer the result type of 'spirv.%s'", short_name_of(f->entry.name));
        if (!spvk_ir_state_add_result_type(p, state, results[0]))
            return false;
    }
    for (uint32_t i = 0; i < l->num_args; i++) {
        if (!arg_is_attr(&l->args[i]))
            continue;
        if (!s.attrs[i]) {
            if (!l->args[i].optional)
                return spvk_ir_parser_error(p, "missing '%s' in 'spirv.%s'", l->args[i].name_z, short_name_of(f->entry.name));
            continue;
        }
        if (!spvk_ir_state_add_attr(p, state, l->args[i].name_z, s.attrs[i]))
            return false;
    }
    return true;
}

static const decl_form *decl_form_lookup(const char *name)
{
    size_t lo = 0, hi = sizeof decl_forms / sizeof decl_forms[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, decl_forms[mid].entry.name);
        if (c == 0)
            return &decl_forms[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* A declarative form with its format parsed, made once per context when its op's def is made
   (spvk_ir_op_def.form_data). */
typedef struct decl_prepared {
    const decl_form *form;
    form_layout layout; /* its arrays follow in the same block */
} decl_prepared;

static const decl_prepared *prepared_of(const spvk_ir_op_def *def)
{
    return def && def->parse == decl_parse_hook ? def->form_data : NULL;
}

static bool decl_parse_hook(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    const decl_prepared *d = prepared_of(state->def);
    if (!d)
        return spvk_ir_parser_error(p, "internal: no custom form for this op");
    return decl_parse(p, state, d->form, &d->layout);
}

static void decl_print_hook(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const decl_prepared *d = prepared_of(op->def);
    if (!d) {
        print_fallback(p, op);
        return;
    }
    decl_print(p, op, d->form, &d->layout);
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
            /* an argument's location is read and dropped (a malformed one fails the next call) */
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
static const spvk_ir_attr *segment_sizes_attr(spvk_ir_context *ctx, const int64_t *sizes, uint32_t count)
{
    const spvk_ir_attr *items[4];
    const spvk_ir_type *i32 = i32_type(ctx);
    for (uint32_t i = 0; i < count; i++) {
        items[i] = spvk_ir_integer_attr(ctx, i32, sizes[i]);
        if (!items[i])
            return NULL;
    }
    spvk_ir_attr_desc d;
    memset(&d, 0, sizeof d);
    d.kind = SPVK_ATTR_DENSE_ARRAY;
    d.type = i32;
    d.attrs = items;
    d.num_attrs = count;
    return spvk_ir_attr_get(ctx, &d);
}

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
    const spvk_ir_attr *segments = segment_sizes_attr(ctx, sizes, 3);
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
    const decl_form *f = name ? decl_form_lookup(name) : NULL;
    if (!f)
        return NULL;
    form_layout l;
    form_layout_room room;
    /* A format the interpreter cannot take leaves no data: the op prints generically. */
    if (!form_layout_init(f, &l, &room))
        return NULL;
    /* One block: the prepared form, then its elements, arguments, elided names (at most one per
       argument, and operandSegmentSizes) and flags. */
    size_t elements = sizeof(format_element) * l.num_elements, args = sizeof(arg_spec) * l.num_args,
           elided = sizeof(const char *) * (l.num_args + 1);
    decl_prepared *d = ir_alloc_immutable(ctx, sizeof *d + elements + args + elided + l.num_args);
    if (!d)
        return NULL;
    char *at = (char *)(d + 1);
    d->form = f;
    d->layout = l;
    d->layout.elements = memcpy(at, l.elements, elements);
    d->layout.args = memcpy(at += elements, l.args, args);
    d->layout.elided = (const char **)(void *)(at += args);
    d->layout.num_elided = elided_attrs(d->layout.args, l.num_args, d->layout.elided);
    d->layout.arg_type_printed = memcpy(at + elided, l.arg_type_printed, l.num_args);
    return d;
}

const spvk_spirv_custom_form *spvk_spirv_custom_form_lookup(const char *name)
{
    const spvk_spirv_custom_form *f;
    if (!name)
        return NULL;
    f = search_forms(custom_forms, sizeof custom_forms / sizeof custom_forms[0], name);
    if (f)
        return f;
    const decl_form *d = decl_form_lookup(name);
    return d ? &d->entry : NULL;
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
