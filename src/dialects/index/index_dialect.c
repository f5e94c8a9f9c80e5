/* The index dialect (MLIR's `index`): integer arithmetic on `index` values whose width the
   target decides (32 or 64 bits). Folding therefore only gives a constant both widths agree on
   (MLIR's foldBinaryOpChecked) unless the operation's low 32 bits never depend on the high ones
   (add, sub, mul, and, or, xor, shl: foldBinaryOpUnchecked). The ops are described in index.ops
   (generated into index_ops.c); this file has their hooks, the dialect and its attribute. */
#include <stdio.h>
#include <string.h>

#include "index_internal.h"
#include "spvkit/dialects.h"

/* MLIR's IndexCmpPredicate, in its order (the enum of index.ops). */
enum { PRED_EQ, PRED_NE, PRED_SLT, PRED_SLE, PRED_SGT, PRED_SGE, PRED_ULT, PRED_ULE, PRED_UGT, PRED_UGE };

static int op_predicate(const spvk_ir_op *op)
{
    int64_t v;
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "pred");
    if (!a || !spvk_ods_enum_value(&spvk_index_enum_IndexCmpPredicate, a, &v) ||
        !spvk_ods_enum_valid(&spvk_index_enum_IndexCmpPredicate, v))
        return -1;
    return (int)v;
}

bool index_is_integer_or_index(const spvk_ir_type *t) { return spvk_ods_is_integer(t) || spvk_ods_is_index(t); }

/* ---- Verifiers ---- */

static bool is_index(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INDEX; }

/* CastOpInterface: exactly one side is index (MLIR's areCastCompatible). */
bool index_cast_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands != 1 || op->num_results != 1)
        return true;
    const spvk_ir_type *from = spvk_ir_operand(op, 0)->type, *to = op->results[0].type;
    if (is_index(from) != is_index(to))
        return true;
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    char *a = spvk_ir_print_type(ctx, from), *b = spvk_ir_print_type(ctx, to);
    spvk_ir_op_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", a ? a : "?", b ? b : "?");
    const spvk_allocator *al = spvk_ir_context_allocator(ctx);
    if (a)
        spvk_free(al, a, strlen(a) + 1);
    if (b)
        spvk_free(al, b, strlen(b) + 1);
    return false;
}

/* ---- Folding ---- */

typedef enum binary_kind {
    BIN_ADD, BIN_SUB, BIN_MUL, BIN_DIVS, BIN_DIVU, BIN_CEILDIVS, BIN_CEILDIVU, BIN_FLOORDIVS, BIN_REMS, BIN_REMU,
    BIN_MAXS, BIN_MAXU, BIN_MINS, BIN_MINU, BIN_SHL, BIN_SHRS, BIN_SHRU, BIN_AND, BIN_OR, BIN_XOR
} binary_kind;

static const char *const binary_names[] = {
    "index.add",  "index.sub",  "index.mul",  "index.divs", "index.divu", "index.ceildivs", "index.ceildivu",
    "index.floordivs", "index.rems", "index.remu", "index.maxs", "index.maxu", "index.mins", "index.minu",
    "index.shl",  "index.shrs", "index.shru", "index.and",  "index.or",   "index.xor"};
#define NUM_BINARY (sizeof binary_names / sizeof binary_names[0])

static uint64_t mask_of(unsigned w) { return w == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }
static int64_t sext(uint64_t v, unsigned w)
{
    if (w == 64)
        return (int64_t)v;
    uint64_t sign = (uint64_t)1 << (w - 1);
    return (int64_t)((v ^ sign) - sign);
}

/* a / b of w-bit signed values, wrapping as APInt's sdiv does for MIN / -1. */
static uint64_t sdiv_bits(uint64_t a, uint64_t b, unsigned w)
{
    int64_t x = sext(a, w), y = sext(b, w);
    if (y == -1)
        return (0 - a) & mask_of(w);
    return (uint64_t)(x / y) & mask_of(w);
}

/* The w-bit result of a binary op on w-bit operands; false where MLIR does not fold. */
static bool eval_binary(binary_kind k, uint64_t a, uint64_t b, unsigned w, uint64_t *out)
{
    uint64_t m = mask_of(w), r;
    int64_t sa = sext(a, w), sb = sext(b, w);
    switch (k) {
    case BIN_ADD: r = a + b; break;
    case BIN_SUB: r = a - b; break;
    case BIN_MUL: r = a * b; break;
    case BIN_DIVS:
        if (!b)
            return false;
        r = sdiv_bits(a, b, w);
        break;
    case BIN_DIVU:
        if (!b)
            return false;
        r = a / b;
        break;
    case BIN_CEILDIVS:
        if (!b)
            return false;
        if (!a) {
            r = 0;
        } else if ((sa > 0) != (sb > 0)) {
            r = 0 - sdiv_bits((0 - a) & m, b, w);
        } else {
            uint64_t x = sb > 0 ? m : 1; /* -1 or 1 */
            r = sdiv_bits((a + x) & m, b, w) + 1;
        }
        break;
    case BIN_CEILDIVU:
        if (!b)
            return false;
        r = a ? (a - 1) / b + 1 : 0;
        break;
    case BIN_FLOORDIVS:
        if (!b)
            return false;
        if (!a) {
            r = 0;
        } else if ((sa < 0) == (sb < 0)) {
            r = sdiv_bits(a, b, w);
        } else {
            uint64_t x = sb < 0 ? 1 : m; /* 1 or -1 */
            r = m - sdiv_bits((x - a) & m, b, w); /* -1 - q */
        }
        break;
    case BIN_REMS:
        if (!b)
            return false;
        r = sb == -1 ? 0 : (uint64_t)(sa % sb);
        break;
    case BIN_REMU:
        if (!b)
            return false;
        r = a % b;
        break;
    case BIN_MAXS: r = sa > sb ? a : b; break;
    case BIN_MAXU: r = a > b ? a : b; break;
    case BIN_MINS: r = sa < sb ? a : b; break;
    case BIN_MINU: r = a < b ? a : b; break;
    /* A shift by 32 or more is undefined on a 32-bit target: never folded. */
    case BIN_SHL:
        if (b >= 32)
            return false;
        r = a << b;
        break;
    case BIN_SHRS:
        if (b >= 32)
            return false;
        r = (uint64_t)(sa >> b);
        break;
    case BIN_SHRU:
        if (b >= 32)
            return false;
        r = a >> b;
        break;
    case BIN_AND: r = a & b; break;
    case BIN_OR: r = a | b; break;
    case BIN_XOR: r = a ^ b; break;
    default: return false;
    }
    *out = r & m;
    return true;
}

/* Whether the low 32 bits of the result depend on the operands' low 32 bits alone. */
static bool unchecked(binary_kind k)
{
    return k == BIN_ADD || k == BIN_SUB || k == BIN_MUL || k == BIN_SHL || k == BIN_AND || k == BIN_OR ||
           k == BIN_XOR;
}

static bool index_constant_of(const spvk_ir_attr *a, uint64_t *out)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_INTEGER)
        return false;
    *out = (uint64_t)a->value;
    return true;
}

static binary_kind binary_kind_of(const spvk_ir_op *op)
{
    const char *name = spvk_ir_op_name(op);
    for (size_t i = 0; i < NUM_BINARY; i++)
        if (strcmp(binary_names[i], name) == 0)
            return (binary_kind)i;
    return BIN_ADD;
}

static spvk_ir_fold_status fold_to_value(spvk_ir_value *v, spvk_ir_fold_result *results)
{
    results[0].attr = NULL;
    results[0].value = v;
    return SPVK_FOLD_RESULTS;
}

spvk_ir_fold_status index_binary_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                       spvk_ir_fold_result *results)
{
    binary_kind k = binary_kind_of(op);
    uint64_t a = 0, b = 0;
    bool have_a = index_constant_of(constants[0], &a), have_b = index_constant_of(constants[1], &b);
    if (have_a && have_b) {
        uint64_t r64, r32;
        if (!eval_binary(k, a, b, 64, &r64))
            return SPVK_FOLD_FAILED;
        if (!unchecked(k) && (!eval_binary(k, a & 0xffffffffu, b & 0xffffffffu, 32, &r32) ||
                              r32 != (r64 & 0xffffffffu)))
            return SPVK_FOLD_FAILED;
        results[0].value = NULL;
        results[0].attr = spvk_ir_integer_attr(ctx, spvk_ir_index_type(ctx), (int64_t)r64);
        return results[0].attr ? SPVK_FOLD_RESULTS : SPVK_FOLD_FAILED;
    }
    /* Identities: x + 0, x - 0, x * 1 give x; x * 0 gives 0. */
    if (have_b && b == 0 && (k == BIN_ADD || k == BIN_SUB))
        return fold_to_value(spvk_ir_operand(op, 0), results);
    if (have_b && k == BIN_MUL && (b == 1 || b == 0)) {
        if (b == 1)
            return fold_to_value(spvk_ir_operand(op, 0), results);
        return fold_to_value(spvk_ir_operand(op, 1), results);
    }
    return SPVK_FOLD_FAILED;
}

static bool compare(int pred, uint64_t a, uint64_t b, unsigned w)
{
    int64_t sa = sext(a, w), sb = sext(b, w);
    switch (pred) {
    case PRED_EQ: return a == b;
    case PRED_NE: return a != b;
    case PRED_SLT: return sa < sb;
    case PRED_SLE: return sa <= sb;
    case PRED_SGT: return sa > sb;
    case PRED_SGE: return sa >= sb;
    case PRED_ULT: return a < b;
    case PRED_ULE: return a <= b;
    case PRED_UGT: return a > b;
    default: return a >= b;
    }
}

/* index.sub's operands when v is its result. */
static spvk_ir_op *defining_sub(spvk_ir_value *v)
{
    spvk_ir_op *d = v->defining_op;
    return d && d->num_operands == 2 && strcmp(spvk_ir_op_name(d), "index.sub") == 0 ? d : NULL;
}

spvk_ir_fold_status index_cmp_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                    spvk_ir_fold_result *results)
{
    int pred = op_predicate(op);
    if (pred < 0)
        return SPVK_FOLD_FAILED;
    uint64_t a = 0, b = 0;
    bool have_a = index_constant_of(constants[0], &a), have_b = index_constant_of(constants[1], &b);
    bool value;
    if (have_a && have_b) {
        value = compare(pred, a, b, 64);
        if (value != compare(pred, a & 0xffffffffu, b & 0xffffffffu, 32))
            return SPVK_FOLD_FAILED;
    } else if (spvk_ir_operand(op, 0) == spvk_ir_operand(op, 1)) {
        value = pred == PRED_EQ || pred == PRED_SLE || pred == PRED_SGE || pred == PRED_ULE || pred == PRED_UGE;
    } else {
        /* cmp(sub(a, b), 0) is cmp(a, b); cmp(0, sub(a, b)) is cmp(b, a) (MLIR's CmpOp::canonicalize). */
        spvk_ir_op *sub;
        if (have_b && b == 0 && (sub = defining_sub(spvk_ir_operand(op, 0)))) {
            spvk_ir_value *x = spvk_ir_operand(sub, 0), *y = spvk_ir_operand(sub, 1);
            spvk_ir_op_set_operand(op, 0, x);
            spvk_ir_op_set_operand(op, 1, y);
            return SPVK_FOLD_IN_PLACE;
        }
        if (have_a && a == 0 && (sub = defining_sub(spvk_ir_operand(op, 1)))) {
            spvk_ir_value *x = spvk_ir_operand(sub, 0), *y = spvk_ir_operand(sub, 1);
            spvk_ir_op_set_operand(op, 0, y);
            spvk_ir_op_set_operand(op, 1, x);
            return SPVK_FOLD_IN_PLACE;
        }
        return SPVK_FOLD_FAILED;
    }
    results[0].value = NULL;
    results[0].attr = spvk_ir_bool_attr(ctx, value);
    return results[0].attr ? SPVK_FOLD_RESULTS : SPVK_FOLD_FAILED;
}

spvk_ir_fold_status index_constant_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *constants,
                                         spvk_ir_fold_result *results)
{
    (void)ctx;
    (void)constants;
    results[0].value = NULL;
    results[0].attr = spvk_ir_op_attr(op, "value");
    return results[0].attr ? SPVK_FOLD_RESULTS : SPVK_FOLD_FAILED;
}

/* ---- Result names: %idx42, %idx-1, %true, %false (MLIR's getAsmResultNames) ---- */

void index_constant_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "value");
    if (!a || !op->num_results)
        return;
    char buf[32];
    int n = a->kind == SPVK_ATTR_BOOL ? snprintf(buf, sizeof buf, "%s", a->value ? "true" : "false")
                                      : snprintf(buf, sizeof buf, "idx%lld", (long long)a->value);
    if (n > 0)
        set_name(user, &op->results[0], buf, (size_t)n);
}

/* ---- Constants made by folding (MLIR's IndexDialect::materializeConstant) ---- */

static spvk_ir_op *index_materialize_constant(spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type)
{
    if (!value || value->dialect || !type)
        return NULL;
    spvk_ir_context *ctx = b->ctx;
    const char *name;
    if (value->kind == SPVK_ATTR_BOOL) {
        if (!spvk_ir_type_is_integer(type, 1) || type->flags != SPVK_INT_SIGNLESS)
            return NULL;
        name = "index.bool.constant";
    } else if (value->kind == SPVK_ATTR_INTEGER && is_index(value->type) && is_index(type)) {
        name = "index.constant";
    } else {
        return NULL;
    }
    const char *key = "value";
    const spvk_ir_attr *dict = spvk_ir_dictionary_attr(ctx, &key, &value, 1);
    if (!dict)
        return NULL;
    spvk_ir_op_state s = {0};
    s.name = name;
    s.name_length = strlen(name);
    s.result_types = &type;
    s.num_results = 1;
    s.attrs = dict;
    s.loc = b->loc;
    return spvk_ir_build(b, &s);
}

/* ---- Registration ---- */

static bool index_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_index_ods);
}

/* #index<cmp_predicate slt>: the table's enum. */
static const spvk_ir_attr *index_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    bool handled;
    const spvk_ir_attr *a = spvk_ods_parse_enum_attr(p, &spvk_index_ods, &handled);
    if (handled)
        return a;
    /* `#index.name`: the index dialect has no other attribute (MLIR's words) */
    const char *name;
    spvk_ir_parser_loc at = spvk_ir_parser_current_loc(p);
    if (spvk_ir_parse_identifier(p, &name))
        spvk_ir_parser_error_at(p, at, "unknown attribute `%s` in dialect `index`", name);
    return NULL;
}

static void index_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a) { spvk_ods_print_enum_attr(p, &spvk_index_ods, a); }

static const spvk_ir_dialect index_dialect = {
    .name = "index",
    .parse_attr = index_parse_attr,
    .print_attr = index_print_attr,
    .register_ops = index_register_ops,
    .materialize_constant = index_materialize_constant,
};

const spvk_ir_dialect *spvk_index_dialect(void) { return &index_dialect; }
