/* The verifier of the spirv dialect's operations (the def->verify of every spirv op).

   Two layers:
   - The shape every generic op must have, read from its grammar slots: how many SSA operands
     (required, optional and variadic grammar operands, plus the id parameters of the enumerants it
     carries) and which attributes, of which kind (literals, enumerants and their literal
     parameters, ids MLIR holds as attributes).
   - For the ops issue 4 lists, the types the SPIR-V specification (and the GLSL.std.450 and
     OpenCL.std extended instruction sets) asks of their operands and results, and the structural
     ops' own rules (what a spirv.module may hold, the block layout of spirv.mlir.selection and
     spirv.mlir.loop, symbols that must name a function or a variable...). MLIR 19's verifier
     checks the same things with fewer of the specification's rules; where the two disagree on
     valid input (MLIR requires a Function storage class for spirv.Variable, for instance) the rule
     is MLIR's, since modules must stay readable by mlir-opt.

   Every message names the rule ("operand types", "region layout", ...) after the op name the core
   verifier puts in front ('spirv.IAdd' op operand types: ...). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "spirv_internal.h"
#include "../../support/support.h"

/* ------------------------------------------------------------------------------------------------
   Types
   ------------------------------------------------------------------------------------------------ */

static const spvk_ir_dialect *spirv_dialect(void) { return spvk_spirv_dialect(); }

static bool is_spirv_type(const spvk_ir_type *t, unsigned kind) { return spvk_ir_type_is(t, spirv_dialect(), kind); }

static bool is_pointer(const spvk_ir_type *t)
{
    return is_spirv_type(t, SPVK_SPIRV_POINTER) && t->num_types == 1 && t->num_ints >= 1;
}

/* SPV_KHR_untyped_pointers' !spirv.untyped_pointer<SC> (an opaque type: ints[0] the opcode,
   ints[1] the storage class). Memory through it has the type the instruction names (a load's
   result, a store's object), so the pointee checks below do not apply to it. */
static bool is_untyped_pointer(const spvk_ir_type *t)
{
    return is_spirv_type(t, SPVK_SPIRV_OPAQUE) && t->num_ints == 2 && t->ints[0] == SPVK_OP_TypeUntypedPointerKHR;
}

static bool is_any_pointer(const spvk_ir_type *t) { return is_pointer(t) || is_untyped_pointer(t); }

static bool is_vector(const spvk_ir_type *t)
{
    return spvk_ir_type_is(t, NULL, SPVK_TYPE_VECTOR) && t->num_types == 1 && t->num_ints == 1;
}

static bool is_coop(const spvk_ir_type *t)
{
    return is_spirv_type(t, SPVK_SPIRV_COOPMATRIX) && t->num_types == 1 && t->num_ints >= 4;
}

/* SPIR-V's integer types are MLIR's integers other than i1, which is its Boolean. */
static bool is_int_scalar(const spvk_ir_type *t) { return spvk_ir_type_is(t, NULL, SPVK_TYPE_INTEGER) && t->width != 1; }
static bool is_bool_scalar(const spvk_ir_type *t) { return spvk_ir_type_is(t, NULL, SPVK_TYPE_INTEGER) && t->width == 1; }
static bool is_float_scalar(const spvk_ir_type *t) { return spvk_ir_type_is(t, NULL, SPVK_TYPE_FLOAT); }
static bool is_signed(const spvk_ir_type *t) { return spvk_ir_type_is(t, NULL, SPVK_TYPE_INTEGER) && t->flags == SPVK_INT_SIGNED; }

/* The component type of a scalar, vector or cooperative matrix (or the type itself). */
static const spvk_ir_type *component(const spvk_ir_type *t)
{
    if (is_vector(t) || is_coop(t))
        return t->types[0];
    return t;
}

/* How many components: 1 for scalars, N for vectors; cooperative matrices compare by their shape. */
typedef enum shape_kind { SHAPE_SCALAR, SHAPE_VECTOR, SHAPE_COOP, SHAPE_OTHER } shape_kind;

static shape_kind shape_of(const spvk_ir_type *t)
{
    if (is_vector(t))
        return SHAPE_VECTOR;
    if (is_coop(t))
        return SHAPE_COOP;
    if (is_int_scalar(t) || is_bool_scalar(t) || is_float_scalar(t))
        return SHAPE_SCALAR;
    return SHAPE_OTHER;
}

static bool same_shape(const spvk_ir_type *a, const spvk_ir_type *b)
{
    shape_kind ka = shape_of(a), kb = shape_of(b);
    if (ka != kb || ka == SHAPE_OTHER)
        return false;
    if (ka == SHAPE_VECTOR)
        return a->ints[0] == b->ints[0];
    if (ka == SHAPE_COOP) /* rows, columns, scope, use */
        return a->ints[0] == b->ints[0] && a->ints[1] == b->ints[1] && a->ints[2] == b->ints[2] &&
               a->ints[3] == b->ints[3];
    return true;
}

/* Two cooperative matrices of the same rows, columns and scope (literals or the same spec
   constants), whatever their Use. */
static bool same_coop_size(const spvk_ir_type *a, const spvk_ir_type *b)
{
    for (int k = 0; k < 3; k++) {
        if (a->ints[k] != b->ints[k])
            return false;
        const spvk_ir_attr *pa = a->num_attrs == 4 ? a->attrs[k] : NULL, *pb = b->num_attrs == 4 ? b->attrs[k] : NULL;
        if (a->ints[k] < 0 && pa != pb)
            return false; /* both sized by spec constants: the same ones */
    }
    return true;
}

static int64_t component_count(const spvk_ir_type *t) { return is_vector(t) ? t->ints[0] : 1; }

/* Component categories for the "scalar or vector of X" rules. */
enum { CAT_INT = 1, CAT_FLOAT = 2, CAT_BOOL = 4, CAT_COOP = 8 /* cooperative matrices allowed too */ };

static bool of_category(const spvk_ir_type *t, unsigned cats)
{
    shape_kind k = shape_of(t);
    if (k == SHAPE_OTHER || (k == SHAPE_COOP && !(cats & CAT_COOP)))
        return false;
    const spvk_ir_type *c = component(t);
    return ((cats & CAT_INT) && is_int_scalar(c)) || ((cats & CAT_FLOAT) && is_float_scalar(c)) ||
           ((cats & CAT_BOOL) && is_bool_scalar(c));
}

static const char *category_text(unsigned cats)
{
    switch (cats & ~(unsigned)CAT_COOP) {
    case CAT_INT:
        return "integer";
    case CAT_FLOAT:
        return "floating-point";
    case CAT_BOOL:
        return "Boolean";
    case CAT_INT | CAT_FLOAT:
        return "numerical";
    default:
        return "scalar";
    }
}

/* The type's text for messages (a short buffer: long struct types are cut). */
typedef struct type_text {
    char s[128];
} type_text;

static type_text text_of(spvk_ir_verifier *v, const spvk_ir_type *t)
{
    type_text out;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    char *s = t ? spvk_ir_print_type(ctx, t) : NULL;
    snprintf(out.s, sizeof out.s, "%s", s ? s : (t ? "?" : "(none)"));
    if (s && strlen(s) >= sizeof out.s)
        memcpy(out.s + sizeof out.s - 4, "...", 4);
    if (s)
        spvk_free(spvk_ir_context_allocator(ctx), s, strlen(s) + 1);
    return out;
}

#define T(t) (text_of(v, (t)).s)

static bool fail(spvk_ir_verifier *v, const spvk_ir_op *op, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static bool fail(spvk_ir_verifier *v, const spvk_ir_op *op, const char *rule, const char *fmt, ...)
{
    char detail[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    return spvk_ir_op_error(v, op, "%s: %s", rule, detail);
}

static const spvk_ir_type *operand_type(const spvk_ir_op *op, uint32_t i) { return spvk_ir_operand(op, i)->type; }
static const spvk_ir_type *result_type(const spvk_ir_op *op) { return op->results[0].type; }

static bool attr_is_builtin(const spvk_ir_attr *a, unsigned kind) { return a && !a->dialect && a->kind == kind; }
static bool attr_is_int(const spvk_ir_attr *a) { return attr_is_builtin(a, SPVK_ATTR_INTEGER); }

static bool attr_is_enum(const spvk_ir_attr *a, unsigned kind)
{
    return a && a->dialect == spirv_dialect() && a->kind == SPVK_SPIRV_ATTR_ENUM && a->value2 == (int64_t)kind;
}

static bool attr_is_flat_symbol(const spvk_ir_attr *a)
{
    return attr_is_builtin(a, SPVK_ATTR_SYMBOL_REF) && a->num_attrs == 0 && a->string;
}

/* ------------------------------------------------------------------------------------------------
   Shared walking helpers (declared in spirv_internal.h)
   ------------------------------------------------------------------------------------------------ */

const spvk_ir_type *spvk_spirv_composite_member(const spvk_ir_type *t, int64_t index, int64_t *count)
{
    *count = -1;
    if (!t)
        return NULL;
    if (is_vector(t)) {
        *count = t->ints[0];
        return t->types[0];
    }
    if (is_coop(t) || (is_spirv_type(t, SPVK_SPIRV_RUNTIME_ARRAY) && t->num_types == 1))
        return t->types[0];
    if ((is_spirv_type(t, SPVK_SPIRV_ARRAY) || is_spirv_type(t, SPVK_SPIRV_MATRIX)) && t->num_types == 1 &&
        t->num_ints >= 1) {
        *count = t->ints[0];
        return t->types[0];
    }
    if (is_spirv_type(t, SPVK_SPIRV_STRUCT)) {
        *count = t->num_types;
        if (index < 0 || index >= (int64_t)t->num_types)
            return t->num_types ? t->types[0] : t; /* a member type; the caller checks the range */
        return t->types[index];
    }
    return NULL;
}

bool spvk_spirv_constant_integer(const spvk_ir_value *v, int64_t *out)
{
    const spvk_ir_op *def = v ? v->defining_op : NULL;
    if (!def || strcmp(spvk_ir_op_name(def), "spirv.Constant") != 0)
        return false;
    const spvk_ir_attr *a = spvk_ir_op_attr(def, "value");
    if (!attr_is_int(a))
        return false;
    *out = a->value;
    return true;
}

const spvk_ir_type *spvk_spirv_access_chain_step(const spvk_ir_type *t, const spvk_ir_value *index, char *why,
                                                 size_t why_size)
{
    int64_t count, value = 0;
    if (!spvk_spirv_composite_member(t, 0, &count)) {
        snprintf(why, why_size, "cannot index into a non-composite type");
        return NULL;
    }
    if (!index || !is_int_scalar(index->type)) {
        snprintf(why, why_size, "an index must be an integer scalar");
        return NULL;
    }
    if (is_spirv_type(t, SPVK_SPIRV_STRUCT)) {
        if (!spvk_spirv_constant_integer(index, &value)) {
            snprintf(why, why_size, "index must be an integer spirv.Constant to access element of spirv.struct");
            return NULL;
        }
        if (value < 0 || value >= count) {
            snprintf(why, why_size, "index %lld out of bounds for a struct of %lld members", (long long)value,
                     (long long)count);
            return NULL;
        }
    }
    return spvk_spirv_composite_member(t, value, &count);
}

/* ------------------------------------------------------------------------------------------------
   The generic shape: operand counts and attributes from the grammar slots
   ------------------------------------------------------------------------------------------------ */

static const char *param_attr_name(const spvk_spirv_slot *slot, uint32_t n, char *buf, size_t size)
{
    if (n < slot->num_param_attr_names)
        return slot->param_attr_names[n];
    snprintf(buf, size, "%s_%u", slot->attr_name ? slot->attr_name : "", n);
    return buf;
}

/* The parameters of one enumerant: ids count as operands, literals must be attributes. */
static bool check_params(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_spirv_slot *slot, unsigned kind,
                         const spvk_enumerant_desc *e, uint32_t *literal_index, uint32_t *ids)
{
    const char *function_attr = spvk_spirv_function_param_attr(kind, e->value);
    for (uint8_t i = 0; i < e->num_parameters; i++) {
        const spvk_operand_kind_desc *k = spvk_operand_kind(e->parameters[i].kind);
        if (k && k->category == SPVK_CATEGORY_ID && function_attr) {
            if (!attr_is_flat_symbol(spvk_ir_op_attr(op, function_attr)))
                return fail(v, op, "attributes", "'%s' %s needs the function attribute '%s'", slot->attr_name, e->name,
                            function_attr);
            continue;
        }
        if (k && k->category == SPVK_CATEGORY_ID) {
            (*ids)++;
            continue;
        }
        char buf[96];
        const char *name = param_attr_name(slot, (*literal_index)++, buf, sizeof buf);
        const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
        if (!a)
            return fail(v, op, "attributes", "'%s' %s needs the attribute '%s'", slot->attr_name, e->name, name);
        if (!attr_is_int(a) && !attr_is_builtin(a, SPVK_ATTR_FLOAT) && !attr_is_builtin(a, SPVK_ATTR_STRING))
            return fail(v, op, "attributes", "'%s' must be a literal", name);
    }
    return true;
}

static bool literal_attr_ok(const spvk_ir_attr *a, unsigned kind)
{
    switch (kind) {
    case SPVK_OPERAND_LiteralString:
        return attr_is_builtin(a, SPVK_ATTR_STRING);
    case SPVK_OPERAND_LiteralFloat:
        return attr_is_builtin(a, SPVK_ATTR_FLOAT);
    case SPVK_OPERAND_LiteralContextDependentNumber:
        return attr_is_int(a) || attr_is_builtin(a, SPVK_ATTR_FLOAT);
    default:
        return attr_is_int(a) || attr_is_builtin(a, SPVK_ATTR_BOOL);
    }
}

static bool check_slot_attr(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_spirv_slot *slot,
                            const spvk_operand_desc *od, uint32_t *ids)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(od->kind);
    const spvk_ir_attr *a = slot->attr_name ? spvk_ir_op_attr(op, slot->attr_name) : NULL;
    if (!a) {
        if (od->quantifier == SPVK_QUANTIFIER_ONE)
            return fail(v, op, "attributes", "requires attribute '%s'", slot->attr_name ? slot->attr_name : "?");
        return true;
    }
    if (!k)
        return true;
    if (slot->id_as_attr == SPVK_SPIRV_ID_AS_TYPE) {
        if (!attr_is_builtin(a, SPVK_ATTR_TYPE) || !a->type)
            return fail(v, op, "attributes", "'%s' must be a type attribute", slot->attr_name);
        return true;
    }
    if (slot->id_as_attr == SPVK_SPIRV_ID_AS_FUNCTION) {
        if (!attr_is_flat_symbol(a))
            return fail(v, op, "attributes", "'%s' must be a function's flat symbol reference", slot->attr_name);
        return true;
    }
    if (slot->id_as_attr == SPVK_SPIRV_ID_AS_CONSTANT) {
        bool ok = slot->attr_kind == SPVK_SPIRV_ATTR_KIND_NONE ? attr_is_int(a) : attr_is_enum(a, slot->attr_kind);
        ok = ok || attr_is_flat_symbol(a); /* spvkit's: a specialization constant's symbol */
        if (!ok) {
            const spvk_operand_kind_desc *ek =
                slot->attr_kind == SPVK_SPIRV_ATTR_KIND_NONE ? NULL : spvk_operand_kind(slot->attr_kind);
            return fail(v, op, "attributes", "'%s' must be %s%s attribute", slot->attr_name, ek ? "a " : "an i32",
                        ek ? ek->name : "");
        }
        return true;
    }
    if (k->category == SPVK_CATEGORY_LITERAL) {
        if (od->quantifier == SPVK_QUANTIFIER_VARIADIC) {
            if (!attr_is_builtin(a, SPVK_ATTR_ARRAY) && !attr_is_builtin(a, SPVK_ATTR_DENSE_ARRAY))
                return fail(v, op, "attributes", "'%s' must be an array of literals", slot->attr_name);
            for (uint32_t i = 0; i < a->num_attrs; i++)
                if (!literal_attr_ok(a->attrs[i], od->kind))
                    return fail(v, op, "attributes", "'%s' element %u must be a %s", slot->attr_name, i, k->name);
            return true;
        }
        if (!literal_attr_ok(a, od->kind))
            return fail(v, op, "attributes", "'%s' must be a %s", slot->attr_name, k->name);
        return true;
    }
    if (k->category != SPVK_CATEGORY_VALUEENUM && k->category != SPVK_CATEGORY_BITENUM)
        return true;
    if (od->quantifier == SPVK_QUANTIFIER_VARIADIC) {
        if (!attr_is_builtin(a, SPVK_ATTR_ARRAY))
            return fail(v, op, "attributes", "'%s' must be an array of %s", slot->attr_name, k->name);
        for (uint32_t i = 0; i < a->num_attrs; i++)
            if (!attr_is_enum(a->attrs[i], od->kind))
                return fail(v, op, "attributes", "'%s' element %u must be a %s", slot->attr_name, i, k->name);
        return true;
    }
    if (!attr_is_enum(a, od->kind))
        return fail(v, op, "attributes", "'%s' must be a #spirv.%s attribute (%s)", slot->attr_name,
                    spvk_spirv_enum_attr_mnemonic(od->kind) ? spvk_spirv_enum_attr_mnemonic(od->kind) : "enum",
                    k->name);
    uint32_t value = (uint32_t)a->value, literal_index = 0;
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(od->kind, value);
        return !e || check_params(v, op, slot, od->kind, e, &literal_index, ids);
    }
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(od->kind, b);
        if (e && e->num_parameters && !check_params(v, op, slot, od->kind, e, &literal_index, ids))
            return false;
    }
    return true;
}

/* The grammar's operands of info after its result type and result, each with its slot. */
typedef struct slot_walk {
    const spvk_spirv_op_info *info;
    const spvk_operand_desc *ops;
    uint32_t num_ops, oi, gi;
} slot_walk;

static slot_walk slots_of(const spvk_spirv_op_info *info)
{
    slot_walk w = {info, NULL, 0, 0, 0};
    if (info->ext_desc) {
        w.ops = info->ext_desc->operands;
        w.num_ops = info->ext_desc->num_operands;
    } else if (info->desc) {
        w.ops = info->desc->operands;
        w.num_ops = info->desc->num_operands;
    }
    return w;
}

/* The next operand and its slot; false past the last (or past the info's slots). */
static bool next_slot(slot_walk *w, const spvk_operand_desc **od, const spvk_spirv_slot **slot)
{
    for (; w->oi < w->num_ops && w->gi < w->info->num_slots; w->oi++) {
        const spvk_operand_desc *d = &w->ops[w->oi];
        if (d->kind == SPVK_OPERAND_IdResultType || d->kind == SPVK_OPERAND_IdResult)
            continue;
        w->oi++;
        *od = d;
        *slot = &w->info->slots[w->gi++];
        return true;
    }
    return false;
}

/* Checks op's attribute slots, adding the ids of enumerants with id parameters to enum_ids. */
static bool check_attr_slots(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_spirv_op_info *info,
                             uint32_t *enum_ids)
{
    slot_walk w = slots_of(info);
    const spvk_operand_desc *od;
    const spvk_spirv_slot *slot;
    while (next_slot(&w, &od, &slot))
        if (slot->kind == SPVK_SPIRV_SLOT_ATTR && !check_slot_attr(v, op, slot, od, enum_ids))
            return false;
    return true;
}

static bool verify_generic_shape(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_spirv_op_data *data)
{
    const spvk_spirv_op_info *info = data->info;
    if (!info->ext_desc && !info->desc)
        return true;
    uint32_t enum_ids = 0;
    if (data->attr_slots && !check_attr_slots(v, op, info, &enum_ids))
        return false;
    uint32_t min = data->min_operands + enum_ids, max = data->max_operands + enum_ids;
    bool unbounded = data->unbounded_operands;
    if (op->num_operands < min || (!unbounded && op->num_operands > max)) {
        if (unbounded)
            return fail(v, op, "operand count", "expects at least %u operand(s), has %u", min, op->num_operands);
        if (min == max)
            return fail(v, op, "operand count", "expects %u operand(s), has %u", min, op->num_operands);
        return fail(v, op, "operand count", "expects %u to %u operands, has %u", min, max, op->num_operands);
    }
    uint32_t results = info->has_result ? 1 : 0;
    if (op->num_results != results)
        return fail(v, op, "result count", "expects %u result(s), has %u", results, op->num_results);
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Arithmetic, bit, relational and logical instructions
   ------------------------------------------------------------------------------------------------ */

/* Rule flags for the per-op table below. */
enum {
    R_INT = CAT_INT,
    R_FLOAT = CAT_FLOAT,
    R_BOOL = CAT_BOOL,
    R_COOP = CAT_COOP,
    R_SAME = 1u << 8,     /* operands have exactly the result's type */
    R_WIDTH = 1u << 9,    /* operands: same component count and width as the result (signedness free) */
    R_COUNT = 1u << 10,   /* operands: same component count as the result */
    R_UNSIGNED = 1u << 11 /* the result's Signedness is 0 (not si) */
};

static bool need_operands(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t count, uint32_t results)
{
    if (op->num_operands != count)
        return fail(v, op, "operand count", "expects %u operand(s), has %u", count, op->num_operands);
    if (op->num_results != results)
        return fail(v, op, "result count", "expects %u result(s), has %u", results, op->num_results);
    return true;
}

/* At least `count` operands: memory-access operands may add ids after them (the Scope of
   MakePointerAvailable), which the generic shape has counted exactly. */
static bool need_memory_operands(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t count, uint32_t results)
{
    if (op->num_operands < count)
        return fail(v, op, "operand count", "expects at least %u operand(s), has %u", count, op->num_operands);
    if (op->num_results != results)
        return fail(v, op, "result count", "expects %u result(s), has %u", results, op->num_results);
    return true;
}

static bool same_width(const spvk_ir_type *a, const spvk_ir_type *b) { return component(a)->width == component(b)->width; }

/* Binary and unary arithmetic: the result a scalar or vector of the category, every operand
   matching it by the rule. */
static bool verify_arithmetic(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    if (op->num_results != 1 || op->num_operands == 0)
        return fail(v, op, "operand count", "expects operands and one result");
    const spvk_ir_type *r = result_type(op);
    unsigned cats = rule & (CAT_INT | CAT_FLOAT | CAT_BOOL | CAT_COOP);
    if (!of_category(r, cats))
        return fail(v, op, "result type", "must be a scalar or vector of %s type%s, got %s", category_text(cats),
                    (rule & R_COOP) ? " (or a cooperative matrix of one)" : "", T(r));
    if ((rule & R_UNSIGNED) && is_signed(component(r)))
        return fail(v, op, "result type", "must have Signedness 0 (not a signed integer), got %s", T(r));
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const spvk_ir_type *t = operand_type(op, i);
        if (rule & R_SAME) {
            if (t != r)
                return fail(v, op, "operand types", "operand %u must have the result type %s, got %s", i, T(r), T(t));
            continue;
        }
        if (!of_category(t, cats))
            return fail(v, op, "operand types", "operand %u must be a scalar or vector of %s type, got %s", i,
                        category_text(cats), T(t));
        if (!same_shape(t, r))
            return fail(v, op, "operand types", "operand %u must have as many components as the result (%s), got %s",
                        i, T(r), T(t));
        if ((rule & R_WIDTH) && !same_width(t, r))
            return fail(v, op, "operand types", "operand %u must have the component width of the result (%s), got %s",
                        i, T(r), T(t));
        if (is_coop(t) && t != r)
            return fail(v, op, "operand types", "cooperative matrix operands must have the result type %s, got %s",
                        T(r), T(t));
    }
    return true;
}

/* Comparisons: a Boolean result with the operands' component count; the operands of the category,
   of one width (integers) or one type (floats, Booleans). */
static bool verify_compare(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    unsigned cats = rule & (CAT_INT | CAT_FLOAT | CAT_BOOL);
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *a = operand_type(op, 0), *b = operand_type(op, 1);
    if (!of_category(r, CAT_BOOL))
        return fail(v, op, "result type", "must be a scalar or vector of Boolean type, got %s", T(r));
    if (!of_category(a, cats) || !of_category(b, cats))
        return fail(v, op, "operand types", "operands must be scalars or vectors of %s type, got %s and %s",
                    category_text(cats), T(a), T(b));
    if ((rule & R_SAME) ? a != b : !(same_shape(a, b) && same_width(a, b)))
        return fail(v, op, "operand types", "operands must have %s, got %s and %s",
                    (rule & R_SAME) ? "the same type" : "the same component width and count", T(a), T(b));
    if (!same_shape(a, r))
        return fail(v, op, "result type", "must have as many components as the operands (%s), got %s", T(a), T(r));
    return true;
}

/* IsNan, IsInf: a Boolean result shaped like the floating-point operand. */
static bool verify_float_test(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *x = operand_type(op, 0);
    if (!of_category(r, CAT_BOOL))
        return fail(v, op, "result type", "must be a scalar or vector of Boolean type, got %s", T(r));
    if (!of_category(x, CAT_FLOAT))
        return fail(v, op, "operand types", "x must be a scalar or vector of floating-point type, got %s", T(x));
    if (!same_shape(x, r))
        return fail(v, op, "result type", "must have as many components as x (%s), got %s", T(x), T(r));
    return true;
}

/* Shifts: Base and Shift integer with one component count; Base has the result's count and width. */
static bool verify_shift(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *base = operand_type(op, 0), *shift = operand_type(op, 1);
    if (!of_category(r, CAT_INT))
        return fail(v, op, "result type", "must be a scalar or vector of integer type, got %s", T(r));
    if (!of_category(base, CAT_INT) || !of_category(shift, CAT_INT))
        return fail(v, op, "operand types", "Base and Shift must be scalars or vectors of integer type, got %s and %s",
                    T(base), T(shift));
    if (!same_shape(base, shift))
        return fail(v, op, "operand types", "Base and Shift must have the same number of components, got %s and %s",
                    T(base), T(shift));
    if (!same_shape(base, r) || !same_width(base, r))
        return fail(v, op, "operand types", "Base must have the result's component count and width (%s), got %s",
                    T(r), T(base));
    return true;
}

/* BitCount: integer result and Base with one component count. */
static bool verify_bit_count(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *base = operand_type(op, 0);
    if (!of_category(r, CAT_INT) || !of_category(base, CAT_INT))
        return fail(v, op, "operand types", "result and Base must be scalars or vectors of integer type, got %s and %s",
                    T(r), T(base));
    if (!same_shape(base, r))
        return fail(v, op, "operand types", "Base must have as many components as the result (%s), got %s", T(r),
                    T(base));
    return true;
}

/* BitFieldInsert (Base, Insert, Offset, Count) and the extracts (Base, Offset, Count). */
static bool verify_bit_field(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    uint32_t same = rule ? 2 : 1; /* how many leading operands have the result type */
    if (!need_operands(v, op, same + 2, 1))
        return false;
    const spvk_ir_type *r = result_type(op);
    if (!of_category(r, CAT_INT))
        return fail(v, op, "result type", "must be a scalar or vector of integer type, got %s", T(r));
    for (uint32_t i = 0; i < same; i++)
        if (operand_type(op, i) != r)
            return fail(v, op, "operand types", "%s must have the result type %s, got %s", i ? "Insert" : "Base", T(r),
                        T(operand_type(op, i)));
    for (uint32_t i = same; i < same + 2; i++)
        if (!is_int_scalar(operand_type(op, i)))
            return fail(v, op, "operand types", "%s must be an integer scalar, got %s", i == same ? "Offset" : "Count",
                        T(operand_type(op, i)));
    return true;
}

/* Select: Object 1 and 2 of the result's type; a Boolean condition, a vector one matching a
   vector result's component count. */
static bool verify_select(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 3, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *c = operand_type(op, 0);
    if (!of_category(c, CAT_BOOL))
        return fail(v, op, "operand types", "Condition must be a scalar or vector of Boolean type, got %s", T(c));
    for (uint32_t i = 1; i < 3; i++)
        if (operand_type(op, i) != r)
            return fail(v, op, "operand types", "Object %u must have the result type %s, got %s", i, T(r),
                        T(operand_type(op, i)));
    if (is_vector(c) && !(is_vector(r) && r->ints[0] == c->ints[0]))
        return fail(v, op, "result type", "must be a vector with the Condition's %lld components, got %s",
                    (long long)c->ints[0], T(r));
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Conversion instructions
   ------------------------------------------------------------------------------------------------ */

enum {
    CONV_F_TO_U, CONV_F_TO_S, CONV_S_TO_F, CONV_U_TO_F, CONV_U, CONV_S, CONV_F, CONV_BITCAST, CONV_PTR_TO_U,
    CONV_U_TO_PTR, CONV_PTR_CAST, CONV_BF16_TO_F, CONV_F_TO_BF16
};

static unsigned bit_size(const spvk_ir_type *t)
{
    return (unsigned)(component_count(t) * (is_any_pointer(t) ? 64 : (int64_t)component(t)->width));
}

static bool verify_bitcast(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *r, const spvk_ir_type *x)
{
    bool r_ptr = is_any_pointer(r), x_ptr = is_any_pointer(x);
    bool r_num = of_category(r, CAT_INT | CAT_FLOAT | CAT_COOP), x_num = of_category(x, CAT_INT | CAT_FLOAT | CAT_COOP);
    if (!r_ptr && !r_num)
        return fail(v, op, "result type", "must be a pointer or a scalar or vector of numerical type, got %s", T(r));
    if (!x_ptr && !x_num)
        return fail(v, op, "operand types", "Operand must be a pointer or a scalar or vector of numerical type, got %s",
                    T(x));
    if (r == x)
        return fail(v, op, "operand types", "result type must be different from operand type %s", T(x));
    if (r_ptr || x_ptr) {
        const spvk_ir_type *other = r_ptr ? x : r;
        if (!is_any_pointer(other) && !of_category(other, CAT_INT))
            return fail(v, op, "operand types", "a pointer converts only to a pointer or integer, got %s and %s", T(x),
                        T(r));
        return true;
    }
    if (is_coop(r) || is_coop(x)) {
        if (!is_coop(r) || !is_coop(x) || !same_shape(r, x) || !same_width(r, x))
            return fail(v, op, "operand types",
                        "cooperative matrices convert only to ones of the same shape and component width, got %s and %s",
                        T(x), T(r));
        return true;
    }
    if (component_count(r) == component_count(x)) {
        if (!same_width(r, x))
            return fail(v, op, "operand types",
                        "with equal component counts the component widths must match, got %s and %s", T(x), T(r));
        return true;
    }
    if (bit_size(r) != bit_size(x))
        return fail(v, op, "operand types", "the total bit sizes must match, got %s (%u bits) and %s (%u bits)", T(x),
                    bit_size(x), T(r), bit_size(r));
    return true;
}

static bool verify_conversion(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned kind)
{
    if (!need_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *r = result_type(op), *x = operand_type(op, 0);
    unsigned to = 0, from = 0;
    bool unsigned_result = false, other_width = false;
    switch (kind) {
    case CONV_F_TO_U: to = CAT_INT, from = CAT_FLOAT, unsigned_result = true; break;
    case CONV_F_TO_S: to = CAT_INT, from = CAT_FLOAT; break;
    case CONV_S_TO_F: case CONV_U_TO_F: to = CAT_FLOAT, from = CAT_INT; break;
    case CONV_U: to = from = CAT_INT, unsigned_result = other_width = true; break;
    case CONV_S: to = from = CAT_INT, other_width = true; break;
    case CONV_F: to = from = CAT_FLOAT, other_width = true; break;
    /* SPV_INTEL_bfloat16_conversion: bfloat16 values are 16-bit integers, the floats 32-bit */
    case CONV_BF16_TO_F: to = CAT_FLOAT, from = CAT_INT; break;
    case CONV_F_TO_BF16: to = CAT_INT, from = CAT_FLOAT; break;
    case CONV_BITCAST:
        return verify_bitcast(v, op, r, x);
    case CONV_PTR_TO_U:
        if (!is_any_pointer(x))
            return fail(v, op, "operand types", "Pointer must be a pointer, got %s", T(x));
        if (!is_int_scalar(r) || is_signed(r))
            return fail(v, op, "result type", "must be an integer scalar with Signedness 0, got %s", T(r));
        return true;
    case CONV_U_TO_PTR:
        if (!is_int_scalar(x))
            return fail(v, op, "operand types", "Integer Value must be an integer scalar, got %s", T(x));
        if (!is_any_pointer(r))
            return fail(v, op, "result type", "must be a pointer, got %s", T(r));
        return true;
    default: /* CONV_PTR_CAST */
        if (!is_pointer(x) || !is_pointer(r))
            return fail(v, op, "operand types", "operand and result must be pointers, got %s and %s", T(x), T(r));
        if (x->types[0] != r->types[0])
            return fail(v, op, "operand types", "operand and result must point to the same type, got %s and %s", T(x),
                        T(r));
        return true;
    }
    if (!of_category(r, to | CAT_COOP) || (is_coop(r) && kind >= CONV_BF16_TO_F))
        return fail(v, op, "result type", "must be a scalar or vector of %s type, got %s", category_text(to), T(r));
    if (!of_category(x, from | CAT_COOP) || (is_coop(x) && kind >= CONV_BF16_TO_F))
        return fail(v, op, "operand types", "the operand must be a scalar or vector of %s type, got %s",
                    category_text(from), T(x));
    /* A conversion may change a cooperative matrix's Use (SPV_NV_cooperative_matrix2's
       CooperativeMatrixConversionsNV: an accumulator to MatrixA); the validator checks when. */
    if (!same_shape(x, r) && !(is_coop(x) && is_coop(r) && same_coop_size(x, r)))
        return fail(v, op, "operand types", "the operand must have as many components as the result (%s), got %s",
                    T(r), T(x));
    if (unsigned_result && is_signed(component(r)))
        return fail(v, op, "result type", "must have Signedness 0 (not a signed integer), got %s", T(r));
    /* FConvert may change the encoding at one width (f16 <-> bf16); otherwise the width must change */
    if (other_width && component(x) == component(r))
        return fail(v, op, "operand types", "the component type must differ from the result's, got %s", T(x));
    if (other_width && kind != CONV_F && same_width(x, r))
        return fail(v, op, "operand types", "the component width must differ from the result's, got %s and %s", T(x),
                    T(r));
    if (kind == CONV_BF16_TO_F && (component(x)->width != 16 || component(r)->width != 32))
        return fail(v, op, "operand types", "BFloat16 Value must have 16-bit components and the result 32-bit, got %s "
                    "and %s", T(x), T(r));
    if (kind == CONV_F_TO_BF16 && (component(x)->width != 32 || component(r)->width != 16))
        return fail(v, op, "operand types", "Float Value must have 32-bit components and the result 16-bit, got %s "
                    "and %s", T(x), T(r));
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Composite instructions
   ------------------------------------------------------------------------------------------------ */

/* The type the indices attribute walks to, or NULL after reporting why. */
static const spvk_ir_type *walk_indices(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *t)
{
    const spvk_ir_attr *indices = spvk_ir_op_attr(op, "indices");
    if (!attr_is_builtin(indices, SPVK_ATTR_ARRAY)) {
        fail(v, op, "attributes", "requires an i32 array attribute 'indices'");
        return NULL;
    }
    if (indices->num_attrs == 0) {
        fail(v, op, "indices", "expected at least one index");
        return NULL;
    }
    for (uint32_t i = 0; i < indices->num_attrs; i++) {
        const spvk_ir_attr *index = indices->attrs[i];
        int64_t count;
        if (!attr_is_int(index)) {
            fail(v, op, "indices", "index %u must be a 32-bit integer", i);
            return NULL;
        }
        const spvk_ir_type *member = spvk_spirv_composite_member(t, index->value, &count);
        if (!member) {
            fail(v, op, "indices", "cannot extract from non-composite type %s with index %lld", T(t),
                 (long long)index->value);
            return NULL;
        }
        if (index->value < 0 || (count >= 0 && index->value >= count)) {
            fail(v, op, "indices", "index %lld out of bounds for %s", (long long)index->value, T(t));
            return NULL;
        }
        t = member;
    }
    return t;
}

static bool verify_composite_extract(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *t = walk_indices(v, op, operand_type(op, 0));
    if (!t)
        return false;
    if (t != result_type(op))
        return fail(v, op, "result type", "the indices select %s, but the result is %s", T(t), T(result_type(op)));
    return true;
}

static bool verify_composite_insert(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *composite = operand_type(op, 1);
    if (result_type(op) != composite)
        return fail(v, op, "result type", "must be the composite's type %s, got %s", T(composite), T(result_type(op)));
    const spvk_ir_type *t = walk_indices(v, op, composite);
    if (!t)
        return false;
    if (t != operand_type(op, 0))
        return fail(v, op, "operand types", "Object must have the selected type %s, got %s", T(t),
                    T(operand_type(op, 0)));
    return true;
}

static bool verify_composite_construct(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_results != 1)
        return fail(v, op, "result count", "expects one result");
    const spvk_ir_type *r = result_type(op);
    int64_t count;
    if (is_coop(r)) {
        if (op->num_operands != 1 || operand_type(op, 0) != r->types[0])
            return fail(v, op, "operand types", "a cooperative matrix takes one Constituent of its component type %s",
                        T(r->types[0]));
        return true;
    }
    if (!spvk_spirv_composite_member(r, 0, &count) || count < 0)
        return fail(v, op, "result type", "must be a composite type of known size, got %s", T(r));
    if ((int64_t)op->num_operands == count) {
        uint32_t i = 0;
        for (; i < op->num_operands; i++) {
            int64_t c;
            if (operand_type(op, i) != spvk_spirv_composite_member(r, i, &c))
                break;
        }
        if (i == op->num_operands)
            return true;
        if (!is_vector(r)) {
            int64_t c;
            return fail(v, op, "operand types", "Constituent %u must have type %s, got %s", i,
                        T(spvk_spirv_composite_member(r, i, &c)), T(operand_type(op, i)));
        }
        /* a vector may also be built from smaller vectors: counted below */
    }
    if (!is_vector(r))
        return fail(v, op, "operand count", "expects %lld Constituents for %s, has %u", (long long)count, T(r),
                    op->num_operands);
    int64_t total = 0;
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const spvk_ir_type *t = operand_type(op, i);
        if (component(t) != r->types[0] || (!is_vector(t) && shape_of(t) != SHAPE_SCALAR))
            return fail(v, op, "operand types", "Constituent %u must be a scalar or vector of %s, got %s", i,
                        T(r->types[0]), T(t));
        total += component_count(t);
    }
    if (total != count)
        return fail(v, op, "operand count", "the Constituents give %lld components, %s has %lld", (long long)total, T(r),
                    (long long)count);
    return true;
}

static bool verify_vector_dynamic(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned insert)
{
    if (!need_operands(v, op, insert ? 3 : 2, 1))
        return false;
    const spvk_ir_type *vec = operand_type(op, 0), *index = operand_type(op, insert ? 2 : 1);
    const spvk_ir_type *r = result_type(op);
    if (!is_vector(vec))
        return fail(v, op, "operand types", "Vector must be a vector, got %s", T(vec));
    if (!is_int_scalar(index))
        return fail(v, op, "operand types", "Index must be an integer scalar, got %s", T(index));
    if (insert) {
        if (r != vec)
            return fail(v, op, "result type", "must be the Vector's type %s, got %s", T(vec), T(r));
        if (operand_type(op, 1) != vec->types[0])
            return fail(v, op, "operand types", "Component must be the Vector's component type %s, got %s",
                        T(vec->types[0]), T(operand_type(op, 1)));
    } else if (r != vec->types[0]) {
        return fail(v, op, "result type", "must be the Vector's component type %s, got %s", T(vec->types[0]), T(r));
    }
    return true;
}

static bool verify_vector_shuffle(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op);
    const spvk_ir_attr *components = spvk_ir_op_attr(op, "components");
    if (!is_vector(a) || !is_vector(b) || !is_vector(r))
        return fail(v, op, "operand types", "Vector 1, Vector 2 and the result must be vectors, got %s, %s and %s",
                    T(a), T(b), T(r));
    if (a->types[0] != r->types[0] || b->types[0] != r->types[0])
        return fail(v, op, "operand types", "the vectors must have the result's component type %s", T(r->types[0]));
    if (!attr_is_builtin(components, SPVK_ATTR_ARRAY))
        return fail(v, op, "attributes", "requires an i32 array attribute 'components'");
    if ((int64_t)components->num_attrs != r->ints[0])
        return fail(v, op, "attributes", "the result has %lld components but %u are selected", (long long)r->ints[0],
                    components->num_attrs);
    for (uint32_t i = 0; i < components->num_attrs; i++) {
        const spvk_ir_attr *c = components->attrs[i];
        uint32_t index = attr_is_int(c) ? (uint32_t)c->value : 0;
        if (!attr_is_int(c) || (index >= a->ints[0] + b->ints[0] && index != 0xffffffffu))
            return fail(v, op, "attributes", "component selector %u out of range: expected [0, %lld) or 0xffffffff",
                        index, (long long)(a->ints[0] + b->ints[0]));
    }
    return true;
}

/* VectorTimesScalar (a float vector and its component type) and Dot (two float vectors of one
   type, a result of their component type). */
static bool verify_vector_float(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned dot)
{
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op);
    if (!is_vector(a) || !is_float_scalar(a->types[0]))
        return fail(v, op, "operand types", "Vector must be a vector of floating-point type, got %s", T(a));
    if (dot) {
        if (b != a)
            return fail(v, op, "operand types", "Vector 2 must have Vector 1's type %s, got %s", T(a), T(b));
        if (r != a->types[0])
            return fail(v, op, "result type", "must be the vectors' component type %s, got %s", T(a->types[0]), T(r));
    } else {
        if (r != a)
            return fail(v, op, "result type", "must be the Vector's type %s, got %s", T(a), T(r));
        if (b != a->types[0])
            return fail(v, op, "operand types", "Scalar must be the Vector's component type %s, got %s",
                        T(a->types[0]), T(b));
    }
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Memory instructions
   ------------------------------------------------------------------------------------------------ */

/* Does t include a runtime array? (Loaded objects must have a fixed size.) Depth-bounded: an
   identified struct may contain itself through pointers, which stop the walk anyway. */
static bool has_runtime_array(const spvk_ir_type *t, unsigned depth)
{
    if (!t || depth > 64 || is_pointer(t))
        return false;
    if (is_spirv_type(t, SPVK_SPIRV_RUNTIME_ARRAY))
        return true;
    if (is_spirv_type(t, SPVK_SPIRV_ARRAY) || is_spirv_type(t, SPVK_SPIRV_STRUCT))
        for (uint32_t i = 0; i < t->num_types; i++)
            if (has_runtime_array(t->types[i], depth + 1))
                return true;
    return false;
}

/* MLIR's rule for the memory-access attributes: Aligned needs the alignment, and only Aligned. */
static bool verify_memory_access(spvk_ir_verifier *v, const spvk_ir_op *op, const char *access_name,
                                 const char *alignment_name)
{
    const spvk_ir_attr *access = spvk_ir_op_attr(op, access_name), *alignment = spvk_ir_op_attr(op, alignment_name);
    if (access && !attr_is_enum(access, SPVK_OPERAND_MemoryAccess))
        return fail(v, op, "memory access", "'%s' must be a #spirv.memory_access attribute", access_name);
    bool aligned = access && (access->value & SPVK_MEMORY_ACCESS_Aligned);
    if (aligned && !attr_is_int(alignment))
        return fail(v, op, "memory access", "missing alignment value");
    if (!aligned && alignment)
        return fail(v, op, "memory access", "invalid alignment specification %s aligned memory access specification",
                    access ? "with non-" : "without");
    return true;
}

static bool verify_load(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_memory_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *ptr = operand_type(op, 0), *r = result_type(op);
    if (!is_any_pointer(ptr))
        return fail(v, op, "operand types", "Pointer must be a pointer, got %s", T(ptr));
    if (is_pointer(ptr) && ptr->types[0] != r)
        return fail(v, op, "result type", "mismatch in result type and pointer type: %s loads %s, not %s", T(ptr),
                    T(ptr->types[0]), T(r));
    if (has_runtime_array(r, 0))
        return fail(v, op, "result type", "a loaded object must have a fixed size, %s includes a runtime array", T(r));
    return verify_memory_access(v, op, "memory_access", "alignment");
}

static bool verify_store(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_memory_operands(v, op, 2, 0))
        return false;
    const spvk_ir_type *ptr = operand_type(op, 0), *object = operand_type(op, 1);
    if (!is_any_pointer(ptr))
        return fail(v, op, "operand types", "Pointer must be a pointer, got %s", T(ptr));
    if (is_pointer(ptr) && ptr->types[0] != object)
        return fail(v, op, "operand types", "mismatch in object type and pointer type: %s stores %s, not %s", T(ptr),
                    T(ptr->types[0]), T(object));
    return verify_memory_access(v, op, "memory_access", "alignment");
}

static bool verify_copy_memory(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_memory_operands(v, op, 2, 0))
        return false;
    const spvk_ir_type *target = operand_type(op, 0), *source = operand_type(op, 1);
    if (!is_any_pointer(target) || !is_any_pointer(source))
        return fail(v, op, "operand types", "Target and Source must be pointers, got %s and %s", T(target), T(source));
    if (is_pointer(target) && is_pointer(source) && target->types[0] != source->types[0])
        return fail(v, op, "operand types", "both operands must be pointers to the same type, got %s and %s",
                    T(target), T(source));
    return verify_memory_access(v, op, "memory_access", "alignment") &&
           verify_memory_access(v, op, "source_memory_access", "source_alignment");
}

/* AccessChain (Base, Indexes...) and the Ptr forms (Base, Element, Indexes...). */
static bool verify_access_chain(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned with_element)
{
    uint32_t first = with_element ? 2 : 1;
    if (op->num_operands < first || op->num_results != 1)
        return fail(v, op, "operand count", "expects a base pointer%s and one result",
                    with_element ? ", an element" : "");
    const spvk_ir_type *base = operand_type(op, 0), *r = result_type(op);
    if (!is_pointer(base))
        return fail(v, op, "operand types", "Base must be a pointer, got %s", T(base));
    if (with_element && !is_int_scalar(operand_type(op, 1)))
        return fail(v, op, "operand types", "Element must be an integer scalar, got %s", T(operand_type(op, 1)));
    const spvk_ir_type *t = base->types[0];
    for (uint32_t i = first; i < op->num_operands; i++) {
        char why[160];
        t = spvk_spirv_access_chain_step(t, spvk_ir_operand(op, i), why, sizeof why);
        if (!t)
            return fail(v, op, "indexes", "index %u: %s", i - first, why);
    }
    if (!is_pointer(r))
        return fail(v, op, "result type", "must be a pointer, got %s", T(r));
    if (r->ints[0] != base->ints[0] || r->types[0] != t)
        return fail(v, op, "result type", "expected a pointer to %s in the Base's storage class, got %s", T(t), T(r));
    return true;
}

static bool is_op(const spvk_ir_op *op, const char *name) { return op && strcmp(spvk_ir_op_name(op), name) == 0; }

static bool verify_variable(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_operands > 1 || op->num_results != 1)
        return fail(v, op, "operand count", "expects an optional initializer and one result");
    const spvk_ir_type *r = result_type(op);
    const spvk_ir_attr *sc = spvk_ir_op_attr(op, "storage_class");
    if (!is_pointer(r))
        return fail(v, op, "result type", "must be a pointer, got %s", T(r));
    if (!attr_is_enum(sc, SPVK_OPERAND_StorageClass))
        return fail(v, op, "attributes", "requires a #spirv.storage_class attribute 'storage_class'");
    if (sc->value != SPVK_STORAGE_CLASS_Function)
        return fail(v, op, "storage class",
                    "can only be used to model function-level variables. Use spirv.GlobalVariable for module-level "
                    "variables.");
    if (sc->value != r->ints[0])
        return fail(v, op, "storage class", "storage class must match result pointer's storage class");
    if (op->num_operands) {
        const spvk_ir_value *init = spvk_ir_operand(op, 0);
        if (init->type != r->types[0])
            return fail(v, op, "initializer", "must have the pointee type %s, got %s", T(r->types[0]), T(init->type));
        if (!is_op(init->defining_op, "spirv.Constant") && !is_op(init->defining_op, "spirv.mlir.referenceof") &&
            !is_op(init->defining_op, "spirv.mlir.addressof") && !is_op(init->defining_op, "spirv.Undef"))
            return fail(v, op, "initializer", "initializer must be the result of a constant or spirv.GlobalVariable op");
    }
    static const char *const global_only[] = {"descriptor_set", "binding", "built_in"};
    for (uint32_t i = 0; i < 3; i++)
        if (spvk_ir_op_attr(op, global_only[i]))
            return fail(v, op, "decorations", "cannot have '%s' attribute (only allowed in spirv.GlobalVariable)",
                        global_only[i]);
    return true;
}

/* The op a flat symbol reference names in the nearest symbol table above op, or NULL (through the
   verifier's index: a module has as many references as ops). */
static spvk_ir_op *resolve_symbol(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *ref)
{
    return attr_is_flat_symbol(ref) ? spvk_ir_verifier_resolve_symbol(v, op, ref) : NULL;
}

static const spvk_ir_type *type_attr(const spvk_ir_op *op, const char *name)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    return attr_is_builtin(a, SPVK_ATTR_TYPE) ? a->type : NULL;
}

static bool constant_fits(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *value,
                          const spvk_ir_type *t, unsigned depth);

/* spvkit's: a value where MLIR has a symbol (an initializer, a spec constant composite's
   constituent): #spirv.undef (OpUndef), unit (OpConstantNull) or a constant's value of the type. */
static bool is_undef_attr(const spvk_ir_attr *a)
{
    return a && a->dialect == spvk_spirv_dialect() && a->kind == SPVK_SPIRV_ATTR_UNDEF;
}

static bool value_fits(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *value, const spvk_ir_type *t)
{
    return is_undef_attr(value) || (t && constant_fits(v, op, value, t, 0));
}

static bool verify_global_variable(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    const spvk_ir_type *t = type_attr(op, "type");
    if (!need_operands(v, op, 0, 0))
        return false;
    if (!spvk_ir_symbol_name(op))
        return fail(v, op, "attributes", "requires a string attribute 'sym_name'");
    /* spvkit's: an OpUntypedVariableKHR is a global variable of an untyped pointer type, its
       optional Data Type in 'data_type' (docs/spirv_dialect.md). */
    bool untyped = is_untyped_pointer(t);
    if (!is_pointer(t) && !untyped)
        return fail(v, op, "type", "result must be of a !spirv.ptr type, got %s", T(t));
    int64_t storage = untyped ? t->ints[1] : t->ints[0];
    if (storage == SPVK_STORAGE_CLASS_Generic || storage == SPVK_STORAGE_CLASS_Function)
        return fail(v, op, "storage class", "storage class cannot be '%s'",
                    storage == SPVK_STORAGE_CLASS_Generic ? "Generic" : "Function");
    const spvk_ir_attr *data_type = spvk_ir_op_attr(op, "data_type");
    if (data_type && (!untyped || !attr_is_builtin(data_type, SPVK_ATTR_TYPE) || !data_type->type))
        return fail(v, op, "data_type", "'data_type' must be a type, on a variable of an untyped pointer type");
    const spvk_ir_attr *init = spvk_ir_op_attr(op, "initializer");
    if (init && untyped && !data_type)
        return fail(v, op, "initializer", "an untyped variable with an initializer needs a 'data_type'");
    if (init && !attr_is_flat_symbol(init)) {
        if (!value_fits(v, op, init, untyped ? data_type->type : t->types[0]))
            return false;
    } else if (init) {
        const spvk_ir_op *target = resolve_symbol(v, op, init);
        if (!is_op(target, "spirv.GlobalVariable") && !is_op(target, "spirv.SpecConstant") &&
            !is_op(target, "spirv.SpecConstantComposite"))
            return fail(v, op, "initializer",
                        "initializer must be result of a spirv.SpecConstant or spirv.GlobalVariable op");
    }
    const spvk_ir_attr *set = spvk_ir_op_attr(op, "descriptor_set"), *binding = spvk_ir_op_attr(op, "binding");
    if ((set && !attr_is_int(set)) || (binding && !attr_is_int(binding)))
        return fail(v, op, "decorations", "descriptor_set and binding must be integers");
    const spvk_ir_attr *built_in = spvk_ir_op_attr(op, "built_in");
    if (built_in) {
        uint32_t value;
        if (!attr_is_builtin(built_in, SPVK_ATTR_STRING) ||
            !spvk_spirv_enumerant_value(SPVK_OPERAND_BuiltIn, built_in->string, built_in->length, &value))
            return fail(v, op, "decorations", "built_in must name a BuiltIn");
    }
    return true;
}

static bool verify_address_of(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 1))
        return false;
    const spvk_ir_op *var = resolve_symbol(v, op, spvk_ir_op_attr(op, "variable"));
    if (!is_op(var, "spirv.GlobalVariable"))
        return fail(v, op, "symbol", "expected spirv.GlobalVariable symbol");
    if (type_attr(var, "type") != result_type(op))
        return fail(v, op, "result type", "result type mismatch with the referenced global variable's type %s, got %s",
                    T(type_attr(var, "type")), T(result_type(op)));
    return true;
}

static const spvk_ir_type *constant_attr_type(spvk_ir_context *ctx, const spvk_ir_attr *a)
{
    if (attr_is_builtin(a, SPVK_ATTR_BOOL))
        return spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    if (attr_is_int(a) || attr_is_builtin(a, SPVK_ATTR_FLOAT))
        return a->type;
    return NULL;
}

static bool verify_reference_of(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 1))
        return false;
    const spvk_ir_op *c = resolve_symbol(v, op, spvk_ir_op_attr(op, "spec_const"));
    const spvk_ir_type *t = NULL;
    if (is_op(c, "spirv.SpecConstant"))
        t = constant_attr_type(spvk_ir_verifier_context(v), spvk_ir_op_attr(c, "default_value"));
    else if (is_op(c, "spirv.SpecConstantComposite"))
        t = type_attr(c, "type");
    else if (is_op(c, "spirv.SpecConstantOperation") && c->num_results == 1)
        t = c->results[0].type; /* spvkit's: a module-level one has a symbol (docs/spirv_dialect.md) */
    else
        return fail(v, op, "symbol",
                    "expected spirv.SpecConstant, spirv.SpecConstantComposite or spirv.SpecConstantOperation symbol");
    if (t != result_type(op))
        return fail(v, op, "result type",
                    "result type mismatch with the referenced specialization constant's type %s, got %s", T(t),
                    T(result_type(op)));
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Constants
   ------------------------------------------------------------------------------------------------ */

static int64_t dense_count(const spvk_ir_type *t)
{
    if (!t || t->dialect || (t->kind != SPVK_TYPE_VECTOR && t->kind != SPVK_TYPE_TENSOR))
        return -1;
    int64_t n = 1;
    for (uint32_t i = 0; i < t->num_ints; i++) {
        if (t->ints[i] < 0 || (t->ints[i] && n > INT64_MAX / t->ints[i]))
            return -1;
        n *= t->ints[i];
    }
    return n;
}

/* The (value, type) pairs a constant check found fitting. Attributes are uniqued, so a composite
   may hold the same one twice, and that one the next twice: 60 levels are 2^60 checks without it
   (OpConstantComposite %c60 %c59 %c59 ...), one each with it. */
typedef struct fit_memo {
    const void **slots; /* pairs: value, type */
    size_t capacity;    /* pairs; a power of two, or 0 */
    size_t count;
    const spvk_allocator *alloc;
} fit_memo;

static size_t fit_slot(const fit_memo *m, const spvk_ir_attr *value, const spvk_ir_type *t)
{
    uint64_t h = ((uint64_t)(uintptr_t)value * UINT64_C(0x9e3779b97f4a7c15)) ^ (uint64_t)(uintptr_t)t;
    h ^= h >> 29;
    size_t j = (size_t)(h * UINT64_C(0xbf58476d1ce4e5b9) >> 20) & (m->capacity - 1);
    while (m->slots[2 * j] && (m->slots[2 * j] != value || m->slots[2 * j + 1] != t))
        j = (j + 1) & (m->capacity - 1);
    return j;
}

static bool fit_known(const fit_memo *m, const spvk_ir_attr *value, const spvk_ir_type *t)
{
    return m->capacity && m->slots[2 * fit_slot(m, value, t)] == value;
}

/* Remembers a fitting pair; out of memory, it is only checked again. */
static void fit_remember(fit_memo *m, const spvk_ir_attr *value, const spvk_ir_type *t)
{
    if ((m->count + 1) * 2 > m->capacity) {
        size_t n = m->capacity ? m->capacity * 2 : 64;
        const void **s = spvk_alloc(m->alloc, 2 * n * sizeof *s);
        if (!s)
            return;
        memset(s, 0, 2 * n * sizeof *s);
        fit_memo grown = {s, n, 0, m->alloc};
        for (size_t i = 0; i < m->capacity; i++)
            if (m->slots[2 * i]) {
                size_t j = fit_slot(&grown, m->slots[2 * i], m->slots[2 * i + 1]);
                s[2 * j] = m->slots[2 * i];
                s[2 * j + 1] = m->slots[2 * i + 1];
            }
        spvk_free(m->alloc, m->slots, 2 * m->capacity * sizeof *s);
        m->slots = s;
        m->capacity = n;
    }
    size_t j = fit_slot(m, value, t);
    if (!m->slots[2 * j]) {
        m->slots[2 * j] = value;
        m->slots[2 * j + 1] = t;
        m->count++;
    }
}

static bool constant_fits_in(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *value,
                             const spvk_ir_type *t, unsigned depth, fit_memo *memo);

/* Does the value attribute fit the type? (MLIR's verifyConstantType, and structs as arrays of their
   members' values, which spvkit's deserializer writes for OpConstantComposite of a struct.) */
static bool constant_fits(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *value,
                          const spvk_ir_type *t, unsigned depth)
{
    fit_memo memo = {NULL, 0, 0, spvk_ir_context_allocator(spvk_ir_verifier_context(v))};
    bool ok = constant_fits_in(v, op, value, t, depth, &memo);
    spvk_free(memo.alloc, memo.slots, 2 * memo.capacity * sizeof *memo.slots);
    return ok;
}

static bool constant_fits_in(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_attr *value,
                             const spvk_ir_type *t, unsigned depth, fit_memo *memo)
{
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    if (depth > 64)
        return fail(v, op, "value", "constant nested too deeply");
    if (attr_is_builtin(value, SPVK_ATTR_UNIT))
        return true; /* spvkit's OpConstantNull, of any type (docs/spirv_dialect.md) */
    if (attr_is_int(value) || attr_is_builtin(value, SPVK_ATTR_FLOAT) || attr_is_builtin(value, SPVK_ATTR_BOOL)) {
        const spvk_ir_type *vt = constant_attr_type(ctx, value);
        if (vt != t)
            return fail(v, op, "value", "result type (%s) does not match value type (%s)", T(t), T(vt));
        if (!is_int_scalar(t) && !is_bool_scalar(t) && !is_float_scalar(t))
            return fail(v, op, "value", "a scalar value needs a scalar type, got %s", T(t));
        return true;
    }
    if (attr_is_builtin(value, SPVK_ATTR_DENSE)) {
        const spvk_ir_type *vt = value->type;
        /* The parser builds only well-typed dense elements; one built through the API is checked
           here, as it would otherwise print as text that no parser accepts. */
        for (uint32_t i = 0; vt && vt->num_types == 1 && i < value->num_attrs; i++)
            if (constant_attr_type(ctx, value->attrs[i]) != vt->types[0])
                return fail(v, op, "value", "element %u of the dense value does not have its element type %s", i,
                            T(vt->types[0]));
        /* The text parser takes a splat of any dialect type with an element type; of spirv's,
           only a cooperative matrix has dense values (MLIR: "elements literal must be a shaped
           type"). An array's is a tensor's: dense<1.0> : tensor<4xf32> : !spirv.array<4 x f32>. */
        if (vt && vt->dialect && !is_coop(vt))
            return fail(v, op, "value", "a dense value must have a vector, tensor or cooperative matrix type, got %s",
                        T(vt));
        if (vt == t)
            return true;
        int64_t count = dense_count(vt);
        if (is_coop(t)) {
            /* a splat of the component type */
            if (vt && vt->num_types == 1 && vt->types[0] == t->types[0] && value->num_attrs == 1)
                return true;
            return fail(v, op, "value", "a cooperative matrix constant is a splat of its component type %s",
                        T(t->types[0]));
        }
        if (!is_spirv_type(t, SPVK_SPIRV_ARRAY) || count < 0)
            return fail(v, op, "value",
                        "result or element type (%s) does not match value type (%s), must be the same or spirv.array",
                        T(t), T(vt));
        int64_t n = 1;
        const spvk_ir_type *e = t;
        while (is_spirv_type(e, SPVK_SPIRV_ARRAY) && e->num_ints >= 1 && n <= INT64_MAX / (e->ints[0] ? e->ints[0] : 1)) {
            n *= e->ints[0];
            e = e->types[0];
        }
        if (!is_int_scalar(e) && !is_bool_scalar(e) && !is_float_scalar(e))
            return fail(v, op, "value", "only support nested array result type");
        if (vt->types[0] != e)
            return fail(v, op, "value", "result element type (%s) does not match value element type (%s)", T(e),
                        T(vt->types[0]));
        if (n != count)
            return fail(v, op, "value", "result number of elements (%lld) does not match value number of elements (%lld)",
                        (long long)n, (long long)count);
        return true;
    }
    if (attr_is_builtin(value, SPVK_ATTR_ARRAY)) {
        int64_t count;
        if (!is_spirv_type(t, SPVK_SPIRV_ARRAY) && !is_spirv_type(t, SPVK_SPIRV_STRUCT) &&
            !is_spirv_type(t, SPVK_SPIRV_MATRIX))
            return fail(v, op, "value", "must have spirv.array result type for array value, got %s", T(t));
        if (!spvk_spirv_composite_member(t, 0, &count) || count != (int64_t)value->num_attrs)
            return fail(v, op, "value", "%u elements for %s", value->num_attrs, T(t));
        if (fit_known(memo, value, t))
            return true;
        for (uint32_t i = 0; i < value->num_attrs; i++)
            if (!constant_fits_in(v, op, value->attrs[i], spvk_spirv_composite_member(t, i, &count), depth + 1, memo))
                return false;
        fit_remember(memo, value, t);
        return true;
    }
    return fail(v, op, "value", "cannot have attribute of this kind for %s", T(t));
}

static bool verify_constant(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 1))
        return false;
    const spvk_ir_attr *value = spvk_ir_op_attr(op, "value");
    if (!value)
        return fail(v, op, "attributes", "requires attribute 'value'");
    return constant_fits(v, op, value, result_type(op), 0);
}

static bool verify_spec_constant(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    if (!spvk_ir_symbol_name(op))
        return fail(v, op, "attributes", "requires a string attribute 'sym_name'");
    const spvk_ir_attr *id = spvk_ir_op_attr(op, "spec_id");
    if (id && (!attr_is_int(id) || id->value < 0))
        return fail(v, op, "spec id", "SpecId cannot be negative");
    const spvk_ir_attr *value = spvk_ir_op_attr(op, "default_value");
    const spvk_ir_type *t = constant_attr_type(spvk_ir_verifier_context(v), value);
    if (!t)
        return fail(v, op, "value", "default value can only be a bool, integer, or float scalar");
    if (!is_int_scalar(t) && !is_bool_scalar(t) && !is_float_scalar(t))
        return fail(v, op, "value", "default value bitwidth disallowed");
    return true;
}

/* Each instruction of the region (not its constants, references and yield) is one
   OpSpecConstantOp, so it must be an opcode that instruction's list names. */
static bool verify_spec_constant_operation(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    const spvk_ir_block *body = op->num_regions == 1 ? op->regions[0].first : NULL;
    for (const spvk_ir_op *inner = body ? body->first : NULL; inner; inner = inner->next) {
        const spvk_spirv_op_info *info = spvk_spirv_op_info_of(inner);
        if (!info || !(info->flags & SPVK_SPIRV_OP_GENERIC) || info->opcode == SPVK_OP_Undef)
            continue; /* an OpUndef operand is materialized in the region like a constant */
        if (info->ext_set != SPVK_EXT_INST_SET_NONE ||
            spvk_spec_constant_opcode(info->opcode) == SPVK_SPEC_OPCODE_NOT_ALLOWED)
            return fail(v, op, "enclosed op", "'%s' is not an opcode OpSpecConstantOp allows",
                        spvk_ir_op_name(inner));
    }
    return true;
}

static bool verify_spec_constant_composite(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    const spvk_ir_type *t = type_attr(op, "type");
    const spvk_ir_attr *parts = spvk_ir_op_attr(op, "constituents");
    int64_t count;
    if (!spvk_ir_symbol_name(op))
        return fail(v, op, "attributes", "requires a string attribute 'sym_name'");
    if (!t || !spvk_spirv_composite_member(t, 0, &count) || count < 0 || is_coop(t))
        return fail(v, op, "type", "result type must be a composite type, but provided %s", T(t));
    if (!attr_is_builtin(parts, SPVK_ATTR_ARRAY))
        return fail(v, op, "attributes", "requires an array attribute 'constituents'");
    if ((int64_t)parts->num_attrs != count)
        return fail(v, op, "constituents", "has incorrect number of operands: expected %lld, but provided %u",
                    (long long)count, parts->num_attrs);
    for (uint32_t i = 0; i < parts->num_attrs; i++) {
        if (!attr_is_flat_symbol(parts->attrs[i])) {
            if (!value_fits(v, op, parts->attrs[i], spvk_spirv_composite_member(t, i, &count)))
                return false;
            continue;
        }
        const spvk_ir_op *c = resolve_symbol(v, op, parts->attrs[i]);
        const spvk_ir_type *member = spvk_spirv_composite_member(t, i, &count), *ct = NULL;
        if (is_op(c, "spirv.SpecConstant"))
            ct = constant_attr_type(spvk_ir_verifier_context(v), spvk_ir_op_attr(c, "default_value"));
        else if (is_op(c, "spirv.SpecConstantComposite"))
            ct = type_attr(c, "type");
        else if (is_op(c, "spirv.SpecConstantOperation") && c->num_results == 1)
            ct = c->results[0].type; /* spvkit's: a module-level one with a symbol */
        else
            return fail(v, op, "constituents", "constituent %u must name a specialization constant", i);
        if (ct != member)
            return fail(v, op, "constituents", "has incorrect types of operands: expected %s, but provided %s",
                        T(member), T(ct));
    }
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Control flow and functions
   ------------------------------------------------------------------------------------------------ */

static const spvk_ir_op *enclosing_func(const spvk_ir_op *op)
{
    for (const spvk_ir_op *p = spvk_ir_op_parent(op); p; p = spvk_ir_op_parent(p))
        if (is_op(p, "spirv.func"))
            return p;
    return NULL;
}

static const spvk_ir_type *func_type(const spvk_ir_op *func)
{
    const spvk_ir_type *t = type_attr(func, "function_type");
    return spvk_ir_type_is(t, NULL, SPVK_TYPE_FUNCTION) ? t : NULL;
}

static bool verify_return(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned with_value)
{
    if (!need_operands(v, op, with_value ? 1 : 0, 0))
        return false;
    const spvk_ir_op *func = enclosing_func(op);
    const spvk_ir_type *fn = func ? func_type(func) : NULL;
    if (!fn)
        return true; /* outside a function: spirv.func's verifier or the module's says so */
    uint32_t results = spvk_ir_function_num_results(fn);
    if (!with_value) {
        if (results)
            return fail(v, op, "function result", "cannot be used in functions returning value");
        return true;
    }
    if (results != 1)
        return fail(v, op, "function result", "returns 1 value but enclosing function requires %u results", results);
    const spvk_ir_type *want = fn->types[spvk_ir_function_num_inputs(fn)];
    if (operand_type(op, 0) != want)
        return fail(v, op, "function result", "return value's type (%s) mismatch with function's result type (%s)",
                    T(operand_type(op, 0)), T(want));
    return true;
}

static bool verify_function_call(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    const spvk_ir_attr *callee = spvk_ir_op_attr(op, "callee");
    if (!attr_is_flat_symbol(callee))
        return fail(v, op, "attributes", "requires a flat symbol reference attribute 'callee'");
    const spvk_ir_op *func = resolve_symbol(v, op, callee);
    const spvk_ir_type *fn = is_op(func, "spirv.func") ? func_type(func) : NULL;
    if (!fn)
        return fail(v, op, "callee", "callee function '%.*s' not found in nearest symbol table", (int)callee->length,
                    callee->string);
    if (op->num_results > 1)
        return fail(v, op, "result count", "expected callee function to have 0 or 1 result, but provided %u",
                    op->num_results);
    uint32_t inputs = spvk_ir_function_num_inputs(fn), results = spvk_ir_function_num_results(fn);
    if (inputs != op->num_operands)
        return fail(v, op, "callee", "has incorrect number of operands for callee: expected %u, but provided %u", inputs,
                    op->num_operands);
    for (uint32_t i = 0; i < inputs; i++)
        if (operand_type(op, i) != fn->types[i])
            return fail(v, op, "callee", "operand type mismatch: expected operand type %s, but provided %s for operand "
                        "number %u", T(fn->types[i]), T(operand_type(op, i)), i);
    if (results != op->num_results)
        return fail(v, op, "callee", "has incorrect number of results for callee: expected %u, but provided %u",
                    results, op->num_results);
    if (results && result_type(op) != fn->types[inputs])
        return fail(v, op, "callee", "result type mismatch: expected %s, but provided %s", T(fn->types[inputs]),
                    T(result_type(op)));
    return true;
}

/* The operands [first, first+count) must match the target block's arguments. */
static bool check_successor_operands(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t index, uint32_t first,
                                     uint32_t count)
{
    const spvk_ir_block *b = op->successors[index];
    if (!b)
        return fail(v, op, "successors", "successor %u is missing", index);
    if (b->num_args != count)
        return fail(v, op, "successor operands", "successor %u takes %u argument(s), %u given", index, b->num_args,
                    count);
    for (uint32_t i = 0; i < count; i++)
        if (operand_type(op, first + i) != b->args[i]->type)
            return fail(v, op, "successor operands", "successor %u argument %u has type %s, %s given", index, i,
                        T(b->args[i]->type), T(operand_type(op, first + i)));
    return true;
}

static bool verify_branch(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_successors != 1 || op->num_results)
        return fail(v, op, "successors", "expects one successor and no results");
    return check_successor_operands(v, op, 0, 0, op->num_operands);
}

static bool verify_branch_conditional(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_successors != 2 || op->num_results || op->num_operands < 1)
        return fail(v, op, "successors", "expects a condition, two successors and no results");
    if (!is_bool_scalar(operand_type(op, 0)))
        return fail(v, op, "condition", "Condition must be a Boolean scalar (i1), got %s", T(operand_type(op, 0)));
    uint32_t rest = op->num_operands - 1, true_count = op->successors[0] ? op->successors[0]->num_args : 0;
    const spvk_ir_attr *sizes = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (sizes) {
        if (!attr_is_builtin(sizes, SPVK_ATTR_DENSE_ARRAY) || sizes->num_attrs != 3 || !attr_is_int(sizes->attrs[0]) ||
            !attr_is_int(sizes->attrs[1]) || !attr_is_int(sizes->attrs[2]) || sizes->attrs[0]->value != 1 ||
            sizes->attrs[1]->value < 0 || sizes->attrs[2]->value < 0 ||
            sizes->attrs[1]->value + sizes->attrs[2]->value != (int64_t)rest)
            return fail(v, op, "operand segments", "operandSegmentSizes must be array<i32: 1, T, F> with T + F = %u",
                        rest);
        true_count = (uint32_t)sizes->attrs[1]->value;
    }
    if (true_count > rest)
        return fail(v, op, "successor operands", "too few operands for the true successor");
    if (!check_successor_operands(v, op, 0, 1, true_count) ||
        !check_successor_operands(v, op, 1, 1 + true_count, rest - true_count))
        return false;
    const spvk_ir_attr *weights = spvk_ir_op_attr(op, "branch_weights");
    if (weights) {
        if (!attr_is_builtin(weights, SPVK_ATTR_ARRAY) || weights->num_attrs != 2 || !attr_is_int(weights->attrs[0]) ||
            !attr_is_int(weights->attrs[1]))
            return fail(v, op, "branch weights", "must have exactly two branch weights");
        if (weights->attrs[0]->value == 0 && weights->attrs[1]->value == 0)
            return fail(v, op, "branch weights", "branch weights cannot both be zero");
    }
    return true;
}

/* spvkit's spirv.Switch (docs/spirv_dialect.md): the serializer writes one literal per case
   successor, so the counts must agree here, or a literal would be dropped or read past. */
static bool verify_switch(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_successors < 1 || op->num_results || op->num_operands < 1)
        return fail(v, op, "successors", "expects a selector, a default successor and no results");
    const spvk_ir_type *st = operand_type(op, 0);
    if (!is_int_scalar(st))
        return fail(v, op, "selector", "Selector must be an integer scalar, got %s", T(st));
    uint32_t cases = op->num_successors - 1;
    const spvk_ir_attr *values = spvk_ir_op_attr(op, "case_values");
    if (!values && cases)
        return fail(v, op, "case values", "requires attribute 'case_values' (one literal per case successor)");
    if (values && !attr_is_builtin(values, SPVK_ATTR_ARRAY))
        return fail(v, op, "case values", "'case_values' must be an array of integers");
    if (values && values->num_attrs != cases)
        return fail(v, op, "case values", "%u case values for %u case successors", values->num_attrs, cases);
    for (uint32_t i = 0; i < cases; i++)
        if (!attr_is_int(values->attrs[i]) || values->attrs[i]->type != st)
            return fail(v, op, "case values", "case value %u must be an integer of the selector's type %s", i, T(st));
    /* Operands: the selector, the default's, then each case's (case_operand_segments). */
    uint32_t rest = op->num_operands - 1, default_count = rest;
    const spvk_ir_attr *sizes = spvk_ir_op_attr(op, "operandSegmentSizes");
    const spvk_ir_attr *segments = spvk_ir_op_attr(op, "case_operand_segments");
    if (sizes) {
        if (!attr_is_builtin(sizes, SPVK_ATTR_DENSE_ARRAY) || sizes->num_attrs != 3 || !attr_is_int(sizes->attrs[0]) ||
            !attr_is_int(sizes->attrs[1]) || !attr_is_int(sizes->attrs[2]) || sizes->attrs[0]->value != 1 ||
            sizes->attrs[1]->value < 0 || sizes->attrs[2]->value < 0 ||
            sizes->attrs[1]->value + sizes->attrs[2]->value != (int64_t)rest)
            return fail(v, op, "operand segments", "operandSegmentSizes must be array<i32: 1, D, C> with D + C = %u",
                        rest);
        default_count = (uint32_t)sizes->attrs[1]->value;
    }
    uint32_t case_total = rest - default_count;
    if (segments || case_total) {
        if (!segments || !attr_is_builtin(segments, SPVK_ATTR_DENSE_ARRAY) || segments->num_attrs != cases)
            return fail(v, op, "operand segments", "case_operand_segments must give the operand count of each of the %u cases",
                        cases);
        uint64_t sum = 0;
        for (uint32_t i = 0; i < cases; i++) {
            if (!attr_is_int(segments->attrs[i]) || segments->attrs[i]->value < 0)
                return fail(v, op, "operand segments", "case_operand_segments must hold counts");
            sum += (uint64_t)segments->attrs[i]->value;
        }
        if (sum != case_total)
            return fail(v, op, "operand segments", "case_operand_segments add up to %llu operands, the cases have %u",
                        (unsigned long long)sum, case_total);
    }
    if (!check_successor_operands(v, op, 0, 1, default_count))
        return false;
    uint32_t first = 1 + default_count;
    for (uint32_t i = 0; i < cases; i++) {
        uint32_t n = segments ? (uint32_t)segments->attrs[i]->value : 0;
        if (!check_successor_operands(v, op, i + 1, first, n))
            return false;
        first += n;
    }
    return true;
}

static bool block_is_merge(const spvk_ir_block *b)
{
    return b && b->first && b->first == b->last && is_op(b->first, "spirv.mlir.merge");
}

static uint32_t block_count(const spvk_ir_region *r)
{
    uint32_t n = 0;
    for (const spvk_ir_block *b = r->first; b; b = b->next)
        n++;
    return n;
}

static bool branches_to(const spvk_ir_block *from, const spvk_ir_block *to)
{
    const spvk_ir_op *t = from->last;
    for (uint32_t i = 0; t && i < t->num_successors; i++)
        if (t->successors[i] == to)
            return true;
    return false;
}

/* The region shapes of seed 004 (MLIR's verifiers): a selection is a header block ... a merge
   block; a loop is an entry block branching only to the header, the header, ..., the continue
   block branching back to the header, the merge block. Only the entry and the continue block may
   branch to the header. An empty region is allowed (optimizations leave them). */
static bool verify_structured(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned loop)
{
    const char *attr_name = loop ? "loop_control" : "selection_control";
    unsigned kind = loop ? SPVK_OPERAND_LoopControl : SPVK_OPERAND_SelectionControl;
    if (!attr_is_enum(spvk_ir_op_attr(op, attr_name), kind))
        return fail(v, op, "attributes", "requires a #spirv.%s attribute '%s'", attr_name, attr_name);
    if (op->num_regions != 1 || op->num_operands)
        return fail(v, op, "region layout", "expects one region and no operands");
    const spvk_ir_region *r = &op->regions[0];
    if (spvk_ir_region_is_empty(r))
        return true;
    if (!block_is_merge(r->last))
        return fail(v, op, "region layout", "last block must be the merge block with only one 'spirv.mlir.merge' op");
    for (const spvk_ir_block *b = r->first; b != r->last; b = b->next)
        for (const spvk_ir_op *o = b->first; o; o = o->next)
            if (is_op(o, "spirv.mlir.merge"))
                return fail(v, op, "region layout", "should not have 'spirv.mlir.merge' op outside the merge block");
    uint32_t n = block_count(r);
    if (!loop) {
        if (n == 1)
            return fail(v, op, "region layout", "must have a selection header block");
        return true;
    }
    if (n == 1)
        return fail(v, op, "region layout", "must have an entry block branching to the loop header block");
    if (n == 2)
        return fail(v, op, "region layout", "must have a loop header block branched from the entry block");
    const spvk_ir_block *entry = r->first, *header = entry->next, *cont = r->last->prev;
    if (!(entry->first && entry->first == entry->last && is_op(entry->first, "spirv.Branch") &&
          entry->first->num_successors == 1 && entry->first->successors[0] == header))
        return fail(v, op, "region layout", "entry block must only have one 'spirv.Branch' op to the second block");
    if (n == 3)
        return fail(v, op, "region layout", "requires a loop continue block branching to the loop header block");
    if (!branches_to(cont, header))
        return fail(v, op, "region layout",
                    "second to last block must be the loop continue block that branches to the loop header block");
    for (const spvk_ir_block *b = header->next; b && b != cont; b = b->next)
        if (branches_to(b, header))
            return fail(v, op, "region layout",
                        "can only have the entry and loop continue block branching to the loop header block");
    return true;
}

static bool verify_merge(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    const spvk_ir_op *parent = spvk_ir_op_parent(op);
    if (!is_op(parent, "spirv.mlir.selection") && !is_op(parent, "spirv.mlir.loop"))
        return fail(v, op, "parent", "expected parent op to be 'spirv.mlir.selection' or 'spirv.mlir.loop'");
    if (!op->block || !op->block->region || op->block != op->block->region->last)
        return fail(v, op, "parent", "can only be used in the last block of 'spirv.mlir.selection' or 'spirv.mlir.loop'");
    return true;
}

static bool verify_unreachable(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    if (op->block && op->block->region && op->block == op->block->region->first)
        return fail(v, op, "reachability", "cannot be used in reachable block");
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Module structure
   ------------------------------------------------------------------------------------------------ */

static spvk_ir_walk_result find_foreign_op(spvk_ir_op *op, void *user)
{
    const spvk_ir_op **found = user;
    if (op->def->dialect != spirv_dialect()) {
        *found = op;
        return SPVK_WALK_INTERRUPT;
    }
    return SPVK_WALK_ADVANCE;
}

static bool is_import(const spvk_ir_op *func)
{
    const spvk_ir_attr *l = spvk_ir_op_attr(func, "linkage_attributes");
    if (!l || l->dialect != spirv_dialect() || l->kind != SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES || !l->names)
        return false;
    for (uint32_t i = 0; i < l->num_attrs; i++)
        if (strcmp(l->names[i], "linkage_type") == 0)
            return attr_is_enum(l->attrs[i], SPVK_OPERAND_LinkageType) &&
                   l->attrs[i]->value == SPVK_LINKAGE_TYPE_Import;
    return false;
}

static bool verify_module(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    if (!attr_is_enum(spvk_ir_op_attr(op, "addressing_model"), SPVK_OPERAND_AddressingModel) ||
        !attr_is_enum(spvk_ir_op_attr(op, "memory_model"), SPVK_OPERAND_MemoryModel))
        return fail(v, op, "attributes", "requires 'addressing_model' and 'memory_model' attributes");
    const spvk_ir_attr *vce = spvk_ir_op_attr(op, "vce_triple");
    if (vce && (vce->dialect != spirv_dialect() || vce->kind != SPVK_SPIRV_ATTR_VCE))
        return fail(v, op, "attributes", "'vce_triple' must be a #spirv.vce attribute");
    if (op->num_regions != 1)
        return fail(v, op, "region layout", "expects one region");
    const spvk_ir_region *r = &op->regions[0];
    if (r->first && r->first != r->last)
        return fail(v, op, "region layout", "expects a single block");
    for (const spvk_ir_op *o = r->first ? r->first->first : NULL; o; o = o->next) {
        if (o->def->dialect != spirv_dialect())
            return fail(v, op, "contents", "'spirv.module' can only contain spirv.* ops, found '%s'", spvk_ir_op_name(o));
        if (is_op(o, "spirv.func")) {
            if (o->num_regions == 1 && spvk_ir_region_is_empty(&o->regions[0]) && !is_import(o))
                return fail(v, op, "contents",
                            "'spirv.module' cannot contain external functions without 'Import' linkage_attributes "
                            "(LinkageAttributes): @%s",
                            spvk_ir_symbol_name(o) ? spvk_ir_symbol_name(o) : "?");
            const spvk_ir_op *foreign = NULL;
            /* A body not materialized: the verifier reports it (or, streamed, verifies it once built). */
            (void)spvk_ir_walk((spvk_ir_op *)o, find_foreign_op, &foreign);
            if (foreign)
                return fail(v, op, "contents", "functions in 'spirv.module' can only contain spirv.* ops, found '%s'",
                            spvk_ir_op_name(foreign));
        }
        if (!is_op(o, "spirv.EntryPoint"))
            continue;
        /* one entry point per (function, execution model) */
        const spvk_ir_attr *fn = spvk_ir_op_attr(o, "fn"), *model = spvk_ir_op_attr(o, "execution_model");
        for (const spvk_ir_op *p = r->first->first; p != o; p = p->next)
            if (is_op(p, "spirv.EntryPoint") && spvk_ir_op_attr(p, "fn") == fn &&
                spvk_ir_op_attr(p, "execution_model") == model)
                return fail(v, op, "entry points", "duplicate of a previous EntryPointOp for %s",
                            attr_is_flat_symbol(fn) ? fn->string : "?");
    }
    return true;
}

static bool verify_func(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    const spvk_ir_type *fn = func_type(op);
    if (!spvk_ir_symbol_name(op))
        return fail(v, op, "attributes", "requires a string attribute 'sym_name'");
    if (!fn)
        return fail(v, op, "attributes", "requires a function type attribute 'function_type'");
    if (spvk_ir_function_num_results(fn) > 1)
        return fail(v, op, "function type", "cannot have more than one result");
    if (!attr_is_enum(spvk_ir_op_attr(op, "function_control"), SPVK_OPERAND_FunctionControl))
        return fail(v, op, "attributes", "requires a #spirv.function_control attribute 'function_control'");
    const spvk_ir_attr *arg_attrs = spvk_ir_op_attr(op, "arg_attrs");
    if (arg_attrs && (!attr_is_builtin(arg_attrs, SPVK_ATTR_ARRAY) ||
                      arg_attrs->num_attrs != spvk_ir_function_num_inputs(fn)))
        return fail(v, op, "attributes", "'arg_attrs' must be an array of one dictionary per argument");
    if (op->num_regions != 1)
        return fail(v, op, "region layout", "expects one region");
    const spvk_ir_block *entry = op->regions[0].first;
    if (!entry)
        return true;
    if (entry->num_args != spvk_ir_function_num_inputs(fn))
        return fail(v, op, "arguments", "the entry block has %u arguments, the function type %u", entry->num_args,
                    spvk_ir_function_num_inputs(fn));
    for (uint32_t i = 0; i < entry->num_args; i++)
        if (entry->args[i]->type != fn->types[i])
            return fail(v, op, "arguments", "entry block argument %u has type %s, the function type says %s", i,
                        T(entry->args[i]->type), T(fn->types[i]));
    return true;
}

static bool verify_entry_point(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    if (!attr_is_enum(spvk_ir_op_attr(op, "execution_model"), SPVK_OPERAND_ExecutionModel))
        return fail(v, op, "attributes", "requires a #spirv.execution_model attribute 'execution_model'");
    const spvk_ir_attr *fn = spvk_ir_op_attr(op, "fn"), *interface = spvk_ir_op_attr(op, "interface");
    if (!attr_is_flat_symbol(fn))
        return fail(v, op, "attributes", "requires a flat symbol reference attribute 'fn'");
    if (!is_op(resolve_symbol(v, op, fn), "spirv.func"))
        return fail(v, op, "entry point", "function '%.*s' not found in 'spirv.module'", (int)fn->length, fn->string);
    if (interface && !attr_is_builtin(interface, SPVK_ATTR_ARRAY))
        return fail(v, op, "attributes", "'interface' must be an array of symbol references");
    for (uint32_t i = 0; interface && i < interface->num_attrs; i++) {
        const spvk_ir_attr *var = interface->attrs[i];
        if (!attr_is_flat_symbol(var))
            return fail(v, op, "interface", "expected symbol reference for interface specification");
        if (!is_op(resolve_symbol(v, op, var), "spirv.GlobalVariable"))
            return fail(v, op, "interface", "expected spirv.GlobalVariable symbol reference instead of '@%.*s'",
                        (int)var->length, var->string);
    }
    return true;
}

static bool verify_execution_mode(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 0, 0))
        return false;
    if (!attr_is_enum(spvk_ir_op_attr(op, "execution_mode"), SPVK_OPERAND_ExecutionMode))
        return fail(v, op, "attributes", "requires a #spirv.execution_mode attribute 'execution_mode'");
    const spvk_ir_attr *fn = spvk_ir_op_attr(op, "fn"), *values = spvk_ir_op_attr(op, "values");
    if (!attr_is_flat_symbol(fn))
        return fail(v, op, "attributes", "requires a flat symbol reference attribute 'fn'");
    if (!is_op(resolve_symbol(v, op, fn), "spirv.func"))
        return fail(v, op, "entry point", "function '%.*s' not found in 'spirv.module'", (int)fn->length, fn->string);
    if (values && !attr_is_builtin(values, SPVK_ATTR_ARRAY))
        return fail(v, op, "attributes", "'values' must be an i32 array");
    for (uint32_t i = 0; values && i < values->num_attrs; i++)
        if (!attr_is_int(values->attrs[i]))
            return fail(v, op, "attributes", "'values' must be an i32 array");
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Extended instructions (GLSL.std.450, OpenCL.std)
   ------------------------------------------------------------------------------------------------ */

enum {
    X_16_32 = 1u << 8,  /* GLSL: "component type is 16-bit or 32-bit floating-point" */
    X_WIDTH = 1u << 9   /* GLSL integer rules: same component count and width, signedness free */
};

/* Operands and result: scalars or vectors of the category, all of one type (X_WIDTH: of one
   component count and width). The operand count is checked by the generic shape. */
static bool verify_ext_same(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    unsigned cats = rule & (CAT_INT | CAT_FLOAT);
    if (op->num_results != 1 || op->num_operands == 0)
        return fail(v, op, "operand count", "expects operands and one result");
    const spvk_ir_type *r = result_type(op);
    if (!of_category(r, cats))
        return fail(v, op, "result type", "must be a scalar or vector of %s type, got %s", category_text(cats), T(r));
    if ((rule & X_16_32) && (component(r)->width > 32 || spvk_ir_type_is_bf16(component(r))))
        return fail(v, op, "result type", "the component type must be 16-bit or 32-bit floating-point, got %s", T(r));
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const spvk_ir_type *t = operand_type(op, i);
        if (rule & X_WIDTH) {
            if (!of_category(t, cats) || !same_shape(t, r) || !same_width(t, r))
                return fail(v, op, "operand types",
                            "operand %u must be an integer scalar or vector with the result's component count and "
                            "width (%s), got %s", i, T(r), T(t));
        } else if (t != r) {
            return fail(v, op, "operand types", "operand %u must have the result type %s, got %s", i, T(r), T(t));
        }
    }
    return true;
}

static bool verify_ldexp(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 2, 1))
        return false;
    const spvk_ir_type *x = operand_type(op, 0), *e = operand_type(op, 1), *r = result_type(op);
    if (!of_category(x, CAT_FLOAT))
        return fail(v, op, "operand types", "x must be a scalar or vector of floating-point type, got %s", T(x));
    if (!of_category(e, CAT_INT) || !same_shape(x, e))
        return fail(v, op, "operand types", "exp must be an integer scalar or vector with x's component count, got %s",
                    T(e));
    if (r != x)
        return fail(v, op, "result type", "must be the type of x (%s), got %s", T(x), T(r));
    return true;
}

static bool verify_frexp_struct(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 1, 1))
        return false;
    const spvk_ir_type *x = operand_type(op, 0), *r = result_type(op);
    if (!of_category(x, CAT_FLOAT))
        return fail(v, op, "operand types", "x must be a scalar or vector of floating-point type, got %s", T(x));
    if (!is_spirv_type(r, SPVK_SPIRV_STRUCT) || r->num_types != 2)
        return fail(v, op, "result type", "must be a struct with two members, got %s", T(r));
    if (r->types[0] != x)
        return fail(v, op, "result type", "member 0 must have the type of x (%s)", T(x));
    const spvk_ir_type *e = r->types[1];
    if (!of_category(e, CAT_INT) || component(e)->width != 32 || !same_shape(e, x))
        return fail(v, op, "result type",
                    "member 1 must be a 32-bit integer scalar or vector with x's component count, got %s", T(e));
    return true;
}

static bool verify_printf(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (op->num_operands < 1 || op->num_results != 1)
        return fail(v, op, "operand count", "expects a format and one result");
    const spvk_ir_type *format = operand_type(op, 0);
    if (!is_int_scalar(result_type(op)) || result_type(op)->width != 32)
        return fail(v, op, "result type", "Result Type must be i32, got %s", T(result_type(op)));
    if (!is_pointer(format) || !is_int_scalar(format->types[0]) || format->types[0]->width != 8)
        return fail(v, op, "operand types", "format must be a pointer to i8, got %s", T(format));
    return true;
}

/* ------------------------------------------------------------------------------------------------
   Atomics, barriers, group operations
   ------------------------------------------------------------------------------------------------ */

/* At most one of Acquire, Release, AcquireRelease, SequentiallyConsistent (the specification's
   rule, which MLIR checks too). */
static bool check_semantics(spvk_ir_verifier *v, const spvk_ir_op *op, const char *name)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    if (!a)
        return true;
    uint32_t ordering = (uint32_t)a->value & (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release |
                                             SPVK_MEMORY_SEMANTICS_AcquireRelease |
                                             SPVK_MEMORY_SEMANTICS_SequentiallyConsistent);
    if (ordering & (ordering - 1))
        return fail(v, op, "memory semantics",
                    "expected at most one of these four memory constraints to be set: `Acquire`, `Release`, "
                    "`AcquireRelease` or `SequentiallyConsistent`");
    return true;
}

static bool verify_barrier(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    return check_semantics(v, op, "memory_semantics");
}

/* Atomics: Pointer first, a scalar result of its pointee type, every other operand of that type. */
static bool verify_atomic(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned cats)
{
    if (op->num_operands < 1 || op->num_results != 1)
        return fail(v, op, "operand count", "expects a pointer and one result");
    const spvk_ir_type *ptr = operand_type(op, 0), *r = result_type(op);
    if (!is_any_pointer(ptr))
        return fail(v, op, "operand types", "Pointer must be a pointer, got %s", T(ptr));
    if (is_pointer(ptr) && ptr->types[0] != r)
        return fail(v, op, "result type", "must be the pointee type %s, got %s", T(ptr->types[0]), T(r));
    if (shape_of(r) != SHAPE_SCALAR || !of_category(r, cats))
        return fail(v, op, "result type", "must be a %s scalar, got %s", category_text(cats), T(r));
    for (uint32_t i = 1; i < op->num_operands; i++)
        if (operand_type(op, i) != r)
            return fail(v, op, "operand types", "operand %u must have the result type %s, got %s", i, T(r),
                        T(operand_type(op, i)));
    return check_semantics(v, op, "semantics") && check_semantics(v, op, "equal_semantics") &&
           check_semantics(v, op, "unequal_semantics");
}

static bool check_group_scope(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *scope = spvk_ir_op_attr(op, "execution_scope");
    if (attr_is_enum(scope, SPVK_OPERAND_Scope) && scope->value != SPVK_SCOPE_Workgroup &&
        scope->value != SPVK_SCOPE_Subgroup)
        return fail(v, op, "scope", "execution scope must be 'Workgroup' or 'Subgroup'");
    return true;
}

/* GroupNonUniform arithmetic: (value, cluster size?) of the category; ClusteredReduce needs a
   constant power-of-two cluster size. */
static bool verify_group_non_uniform(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned cats)
{
    if (op->num_operands < 1 || op->num_operands > 2 || op->num_results != 1)
        return fail(v, op, "operand count", "expects a value, an optional cluster size and one result");
    const spvk_ir_type *r = result_type(op);
    if (!of_category(r, cats))
        return fail(v, op, "result type", "must be a scalar or vector of %s type, got %s", category_text(cats), T(r));
    if (operand_type(op, 0) != r)
        return fail(v, op, "operand types", "Value must have the result type %s, got %s", T(r), T(operand_type(op, 0)));
    if (!check_group_scope(v, op))
        return false;
    const spvk_ir_attr *operation = spvk_ir_op_attr(op, "group_operation");
    if (attr_is_enum(operation, SPVK_OPERAND_GroupOperation) && operation->value == SPVK_GROUP_OPERATION_ClusteredReduce &&
        op->num_operands == 1)
        return fail(v, op, "cluster size", "cluster size operand must be provided for 'ClusteredReduce' group operation");
    if (op->num_operands == 2) {
        int64_t size;
        if (!is_int_scalar(operand_type(op, 1)))
            return fail(v, op, "cluster size", "ClusterSize must be an integer scalar, got %s", T(operand_type(op, 1)));
        if (!spvk_spirv_constant_integer(spvk_ir_operand(op, 1), &size))
            return fail(v, op, "cluster size", "cluster size operand must come from a constant op");
        if (size <= 0 || (size & (size - 1)))
            return fail(v, op, "cluster size", "cluster size operand must be a power of two");
    }
    return true;
}

/* Broadcast and shuffles: a scalar or vector Value of the result type, an integer id/delta/mask. */
static bool verify_group_shuffle(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned rule)
{
    (void)rule;
    if (!need_operands(v, op, 2, 1))
        return false;
    if (operand_type(op, 0) != result_type(op))
        return fail(v, op, "operand types", "Value must have the result type %s, got %s", T(result_type(op)),
                    T(operand_type(op, 0)));
    if (!of_category(operand_type(op, 1), CAT_INT) || shape_of(operand_type(op, 1)) != SHAPE_SCALAR)
        return fail(v, op, "operand types", "the second operand must be an integer scalar, got %s",
                    T(operand_type(op, 1)));
    return check_group_scope(v, op);
}

/* ------------------------------------------------------------------------------------------------
   Dispatch
   ------------------------------------------------------------------------------------------------ */

typedef bool (*op_verifier)(spvk_ir_verifier *v, const spvk_ir_op *op, unsigned arg);

typedef struct op_rule {
    const char *name;
    op_verifier verify;
    unsigned arg;
} op_rule;

#define INT_OP (R_INT | R_WIDTH)
#define INT_COOP (R_INT | R_WIDTH | R_COOP)
#define FLOAT_OP (R_FLOAT | R_SAME)
#define FLOAT_COOP (R_FLOAT | R_SAME | R_COOP)
#define GL_F16_32 (CAT_FLOAT | X_16_32)
#define GL_INT (CAT_INT | X_WIDTH)

/* Sorted by name (strcmp). */
static const op_rule op_rules[] = {
    {"spirv.AccessChain", verify_access_chain, 0},
    {"spirv.AtomicAnd", verify_atomic, CAT_INT},
    {"spirv.AtomicCompareExchange", verify_atomic, CAT_INT},
    {"spirv.AtomicCompareExchangeWeak", verify_atomic, CAT_INT},
    {"spirv.AtomicExchange", verify_atomic, CAT_INT | CAT_FLOAT},
    {"spirv.AtomicIAdd", verify_atomic, CAT_INT},
    {"spirv.AtomicIDecrement", verify_atomic, CAT_INT},
    {"spirv.AtomicIIncrement", verify_atomic, CAT_INT},
    {"spirv.AtomicISub", verify_atomic, CAT_INT},
    {"spirv.AtomicOr", verify_atomic, CAT_INT},
    {"spirv.AtomicSMax", verify_atomic, CAT_INT},
    {"spirv.AtomicSMin", verify_atomic, CAT_INT},
    {"spirv.AtomicUMax", verify_atomic, CAT_INT},
    {"spirv.AtomicUMin", verify_atomic, CAT_INT},
    {"spirv.AtomicXor", verify_atomic, CAT_INT},
    {"spirv.BitCount", verify_bit_count, 0},
    {"spirv.BitFieldInsert", verify_bit_field, 1},
    {"spirv.BitFieldSExtract", verify_bit_field, 0},
    {"spirv.BitFieldUExtract", verify_bit_field, 0},
    {"spirv.BitReverse", verify_arithmetic, INT_OP},
    {"spirv.Bitcast", verify_conversion, CONV_BITCAST},
    {"spirv.BitwiseAnd", verify_arithmetic, INT_OP},
    {"spirv.BitwiseOr", verify_arithmetic, INT_OP},
    {"spirv.BitwiseXor", verify_arithmetic, INT_OP},
    {"spirv.Branch", verify_branch, 0},
    {"spirv.BranchConditional", verify_branch_conditional, 0},
    {"spirv.CL.acos", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.acosh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.asin", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.asinh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.atan", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.atan2", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.atanh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.ceil", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.cos", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.cosh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.erf", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.exp", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.fabs", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.floor", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.fma", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.fmax", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.fmin", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.log", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.mix", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.pow", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.printf", verify_printf, 0},
    {"spirv.CL.rint", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.round", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.rsqrt", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.s_abs", verify_ext_same, CAT_INT},
    {"spirv.CL.s_max", verify_ext_same, CAT_INT},
    {"spirv.CL.s_min", verify_ext_same, CAT_INT},
    {"spirv.CL.sin", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.sinh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.sqrt", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.tan", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.tanh", verify_ext_same, CAT_FLOAT},
    {"spirv.CL.u_max", verify_ext_same, CAT_INT},
    {"spirv.CL.u_min", verify_ext_same, CAT_INT},
    {"spirv.CompositeConstruct", verify_composite_construct, 0},
    {"spirv.CompositeExtract", verify_composite_extract, 0},
    {"spirv.CompositeInsert", verify_composite_insert, 0},
    {"spirv.Constant", verify_constant, 0},
    {"spirv.ControlBarrier", verify_barrier, 0},
    {"spirv.ConvertFToS", verify_conversion, CONV_F_TO_S},
    {"spirv.ConvertFToU", verify_conversion, CONV_F_TO_U},
    {"spirv.ConvertPtrToU", verify_conversion, CONV_PTR_TO_U},
    {"spirv.ConvertSToF", verify_conversion, CONV_S_TO_F},
    {"spirv.ConvertUToF", verify_conversion, CONV_U_TO_F},
    {"spirv.ConvertUToPtr", verify_conversion, CONV_U_TO_PTR},
    {"spirv.CopyMemory", verify_copy_memory, 0},
    {"spirv.Dot", verify_vector_float, 1},
    {"spirv.EXT.AtomicFAdd", verify_atomic, CAT_FLOAT},
    {"spirv.EntryPoint", verify_entry_point, 0},
    {"spirv.ExecutionMode", verify_execution_mode, 0},
    {"spirv.FAdd", verify_arithmetic, FLOAT_COOP},
    {"spirv.FConvert", verify_conversion, CONV_F},
    {"spirv.FDiv", verify_arithmetic, FLOAT_COOP},
    {"spirv.FMod", verify_arithmetic, FLOAT_OP},
    {"spirv.FMul", verify_arithmetic, FLOAT_COOP},
    {"spirv.FNegate", verify_arithmetic, FLOAT_COOP},
    {"spirv.FOrdEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FOrdGreaterThan", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FOrdGreaterThanEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FOrdLessThan", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FOrdLessThanEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FOrdNotEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FRem", verify_arithmetic, FLOAT_OP},
    {"spirv.FSub", verify_arithmetic, FLOAT_COOP},
    {"spirv.FUnordEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FUnordGreaterThan", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FUnordGreaterThanEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FUnordLessThan", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FUnordLessThanEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FUnordNotEqual", verify_compare, R_FLOAT | R_SAME},
    {"spirv.FunctionCall", verify_function_call, 0},
    {"spirv.GL.Acos", verify_ext_same, GL_F16_32},
    {"spirv.GL.Asin", verify_ext_same, GL_F16_32},
    {"spirv.GL.Atan", verify_ext_same, GL_F16_32},
    {"spirv.GL.Ceil", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.Cos", verify_ext_same, GL_F16_32},
    {"spirv.GL.Cosh", verify_ext_same, GL_F16_32},
    {"spirv.GL.Exp", verify_ext_same, GL_F16_32},
    {"spirv.GL.FAbs", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FClamp", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FMax", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FMin", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FMix", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FSign", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FindUMsb", verify_ext_same, GL_INT},
    {"spirv.GL.Floor", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.Fma", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.FrexpStruct", verify_frexp_struct, 0},
    {"spirv.GL.InverseSqrt", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.Ldexp", verify_ldexp, 0},
    {"spirv.GL.Log", verify_ext_same, GL_F16_32},
    {"spirv.GL.Pow", verify_ext_same, GL_F16_32},
    {"spirv.GL.Round", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.RoundEven", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.SAbs", verify_ext_same, GL_INT},
    {"spirv.GL.SClamp", verify_ext_same, GL_INT},
    {"spirv.GL.SMax", verify_ext_same, GL_INT},
    {"spirv.GL.SMin", verify_ext_same, GL_INT},
    {"spirv.GL.SSign", verify_ext_same, GL_INT},
    {"spirv.GL.Sin", verify_ext_same, GL_F16_32},
    {"spirv.GL.Sinh", verify_ext_same, GL_F16_32},
    {"spirv.GL.Sqrt", verify_ext_same, CAT_FLOAT},
    {"spirv.GL.Tan", verify_ext_same, GL_F16_32},
    {"spirv.GL.Tanh", verify_ext_same, GL_F16_32},
    {"spirv.GL.UClamp", verify_ext_same, GL_INT},
    {"spirv.GL.UMax", verify_ext_same, GL_INT},
    {"spirv.GL.UMin", verify_ext_same, GL_INT},
    {"spirv.GenericCastToPtr", verify_conversion, CONV_PTR_CAST},
    {"spirv.GenericCastToPtrExplicit", verify_conversion, CONV_PTR_CAST},
    {"spirv.GlobalVariable", verify_global_variable, 0},
    {"spirv.GroupNonUniformBitwiseAnd", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformBitwiseOr", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformBitwiseXor", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformBroadcast", verify_group_shuffle, 0},
    {"spirv.GroupNonUniformFAdd", verify_group_non_uniform, CAT_FLOAT},
    {"spirv.GroupNonUniformFMax", verify_group_non_uniform, CAT_FLOAT},
    {"spirv.GroupNonUniformFMin", verify_group_non_uniform, CAT_FLOAT},
    {"spirv.GroupNonUniformFMul", verify_group_non_uniform, CAT_FLOAT},
    {"spirv.GroupNonUniformIAdd", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformIMul", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformLogicalAnd", verify_group_non_uniform, CAT_BOOL},
    {"spirv.GroupNonUniformLogicalOr", verify_group_non_uniform, CAT_BOOL},
    {"spirv.GroupNonUniformLogicalXor", verify_group_non_uniform, CAT_BOOL},
    {"spirv.GroupNonUniformSMax", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformSMin", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformShuffle", verify_group_shuffle, 0},
    {"spirv.GroupNonUniformShuffleDown", verify_group_shuffle, 0},
    {"spirv.GroupNonUniformShuffleUp", verify_group_shuffle, 0},
    {"spirv.GroupNonUniformShuffleXor", verify_group_shuffle, 0},
    {"spirv.GroupNonUniformUMax", verify_group_non_uniform, CAT_INT},
    {"spirv.GroupNonUniformUMin", verify_group_non_uniform, CAT_INT},
    {"spirv.IAdd", verify_arithmetic, INT_COOP},
    {"spirv.IEqual", verify_compare, R_INT},
    {"spirv.IMul", verify_arithmetic, INT_COOP},
    {"spirv.INTEL.ConvertBF16ToF", verify_conversion, CONV_BF16_TO_F},
    {"spirv.INTEL.ConvertFToBF16", verify_conversion, CONV_F_TO_BF16},
    {"spirv.INotEqual", verify_compare, R_INT},
    {"spirv.ISub", verify_arithmetic, INT_COOP},
    {"spirv.InBoundsPtrAccessChain", verify_access_chain, 1},
    {"spirv.IsInf", verify_float_test, 0},
    {"spirv.IsNan", verify_float_test, 0},
    {"spirv.Load", verify_load, 0},
    {"spirv.LogicalAnd", verify_compare, R_BOOL | R_SAME},
    {"spirv.LogicalEqual", verify_compare, R_BOOL | R_SAME},
    {"spirv.LogicalNot", verify_arithmetic, R_BOOL | R_SAME},
    {"spirv.LogicalNotEqual", verify_compare, R_BOOL | R_SAME},
    {"spirv.LogicalOr", verify_compare, R_BOOL | R_SAME},
    {"spirv.MemoryBarrier", verify_barrier, 0},
    {"spirv.Not", verify_arithmetic, INT_OP},
    {"spirv.Ordered", verify_compare, R_FLOAT | R_SAME},
    {"spirv.PtrAccessChain", verify_access_chain, 1},
    {"spirv.PtrCastToGeneric", verify_conversion, CONV_PTR_CAST},
    {"spirv.Return", verify_return, 0},
    {"spirv.ReturnValue", verify_return, 1},
    {"spirv.SConvert", verify_conversion, CONV_S},
    {"spirv.SDiv", verify_arithmetic, INT_COOP},
    {"spirv.SGreaterThan", verify_compare, R_INT},
    {"spirv.SGreaterThanEqual", verify_compare, R_INT},
    {"spirv.SLessThan", verify_compare, R_INT},
    {"spirv.SLessThanEqual", verify_compare, R_INT},
    {"spirv.SMod", verify_arithmetic, INT_OP},
    {"spirv.SNegate", verify_arithmetic, INT_COOP},
    {"spirv.SRem", verify_arithmetic, INT_OP},
    {"spirv.Select", verify_select, 0},
    {"spirv.ShiftLeftLogical", verify_shift, 0},
    {"spirv.ShiftRightArithmetic", verify_shift, 0},
    {"spirv.ShiftRightLogical", verify_shift, 0},
    {"spirv.SpecConstant", verify_spec_constant, 0},
    {"spirv.SpecConstantComposite", verify_spec_constant_composite, 0},
    {"spirv.SpecConstantOperation", verify_spec_constant_operation, 0},
    {"spirv.Store", verify_store, 0},
    {"spirv.Switch", verify_switch, 0},
    {"spirv.UConvert", verify_conversion, CONV_U},
    {"spirv.UDiv", verify_arithmetic, R_INT | R_SAME | R_COOP | R_UNSIGNED},
    {"spirv.UGreaterThan", verify_compare, R_INT},
    {"spirv.UGreaterThanEqual", verify_compare, R_INT},
    {"spirv.ULessThan", verify_compare, R_INT},
    {"spirv.ULessThanEqual", verify_compare, R_INT},
    {"spirv.UMod", verify_arithmetic, R_INT | R_SAME | R_UNSIGNED},
    {"spirv.Unordered", verify_compare, R_FLOAT | R_SAME},
    {"spirv.Unreachable", verify_unreachable, 0},
    {"spirv.Variable", verify_variable, 0},
    {"spirv.VectorExtractDynamic", verify_vector_dynamic, 0},
    {"spirv.VectorInsertDynamic", verify_vector_dynamic, 1},
    {"spirv.VectorShuffle", verify_vector_shuffle, 0},
    {"spirv.VectorTimesScalar", verify_vector_float, 0},
    {"spirv.func", verify_func, 0},
    {"spirv.mlir.addressof", verify_address_of, 0},
    {"spirv.mlir.loop", verify_structured, 1},
    {"spirv.mlir.merge", verify_merge, 0},
    {"spirv.mlir.referenceof", verify_reference_of, 0},
    {"spirv.mlir.selection", verify_structured, 0},
    {"spirv.module", verify_module, 0},
};

static const op_rule *find_rule(const char *name)
{
    size_t lo = 0, hi = sizeof op_rules / sizeof op_rules[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, op_rules[mid].name);
        if (c == 0)
            return &op_rules[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

spvk_spirv_op_data spvk_spirv_verify_data(const char *name, const spvk_spirv_op_info *info)
{
    spvk_spirv_op_data data = {info, find_rule(name), 0, 0, false, false, false};
    if (!info)
        return data;
    /* The id operands of the slots that are not attributes: at least min, at most max. */
    uint32_t min = 0, max = 0;
    slot_walk w = slots_of(info);
    const spvk_operand_desc *od;
    const spvk_spirv_slot *slot;
    while (next_slot(&w, &od, &slot)) {
        const spvk_operand_kind_desc *k = spvk_operand_kind(od->kind);
        if (slot->kind == SPVK_SPIRV_SLOT_ATTR)
            data.attr_slots = true;
        else if (k && k->category == SPVK_CATEGORY_COMPOSITE)
            data.unbounded_operands = true; /* pairs: an id and a literal, or two ids */
        else if (od->quantifier == SPVK_QUANTIFIER_ONE)
            min++, max++;
        else if (od->quantifier == SPVK_QUANTIFIER_OPTIONAL)
            max++;
        else
            data.unbounded_operands = true;
    }
    data.min_operands = (uint16_t)min; /* a grammar instruction has fewer than 256 operands */
    data.max_operands = (uint16_t)max;
    data.ids_only = !data.attr_slots && !data.unbounded_operands && min == max && min == info->num_slots;
    return data;
}

bool spvk_spirv_verify_op(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_spirv_op_data *data = op->def->dialect == spirv_dialect() ? op->def->data : NULL;
    const spvk_spirv_op_info *info = data ? data->info : NULL;
    if (info && (info->flags & SPVK_SPIRV_OP_GENERIC) && !verify_generic_shape(v, op, data))
        return false;
    const op_rule *rule = data ? data->verify_rule : NULL;
    return !rule || rule->verify(v, op, rule->arg);
}
