/* The arith ops' canonicalization patterns (MLIR 19's ArithCanonicalization.td and the C++
   patterns of ArithOps.cpp), through include/spvkit/rewrite.h. Those that only move values and
   ops around are here; the constant reassociations of addi/subi/muli (AddIAddConstant and
   friends) merge overflow-flag attributes, which need the generated enum attributes, and come
   with them (docs/dialects.md lists what is missing). */
#include <string.h>

#include "arith_internal.h"
#include "spvkit/rewrite.h"

static spvk_ir_value *operand(const spvk_ir_op *op, uint32_t i) { return spvk_ir_operand(op, i); }
static const spvk_ir_type *type_of(const spvk_ir_value *v) { return v->type; }

/* A new op of `name` at the rewriter's insertion point with one result. */
static spvk_ir_op *make(spvk_rewriter *rw, const char *name, spvk_ir_value *const *operands, uint32_t n,
                        const spvk_ir_type *result, const spvk_ir_attr *attrs)
{
    spvk_ir_op_state st = {0};
    st.name = name;
    st.name_length = strlen(name);
    st.operands = operands;
    st.num_operands = n;
    st.result_types = &result;
    st.num_results = 1;
    st.attrs = attrs;
    st.loc = rw->b.loc;
    return spvk_rewriter_create(rw, &st);
}

static const spvk_ir_attr *one_attr(spvk_ir_context *ctx, const char *name, const spvk_ir_attr *value)
{
    return value ? spvk_ir_dictionary_attr(ctx, &name, &value, 1) : NULL;
}

static bool replace_with(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *with)
{
    if (!with)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, with);
    return true;
}


static spvk_ir_op *constant(spvk_rewriter *rw, const spvk_ir_attr *value)
{
    return value ? arith_materialize_constant(&rw->b, value, value->type) : NULL;
}

static bool add(spvk_pattern_set *set, const char *root, spvk_match_and_rewrite_fn fn, const char *debug_name)
{
    spvk_pattern p = {0};
    p.root = root;
    p.benefit = 1;
    p.match_and_rewrite = fn;
    p.debug_name = debug_name;
    return spvk_pattern_set_add(set, &p);
}

/* ---- select ---- */

/* select(pred, select(pred, a, b), c) => select(pred, a, c); and the false-side twin. */
static bool redundant_select(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    bool true_side = pat->data != NULL;
    spvk_ir_op *inner = arith_def(operand(op, true_side ? 1 : 2));
    if (!arith_op_is(inner, "arith.select") || operand(inner, 0) != operand(op, 0))
        return false;
    spvk_ir_value *ops[3] = {operand(op, 0), true_side ? operand(inner, 1) : operand(op, 1),
                             true_side ? operand(op, 2) : operand(inner, 2)};
    return replace_with(rw, op, make(rw, "arith.select", ops, 3, op->results[0].type, NULL));
}

/* select(not(pred), a, b) => select(pred, b, a) */
static bool select_not_cond(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    spvk_ir_op *x = arith_def(operand(op, 0));
    if (!arith_op_is(x, "arith.xori") || !arith_is_all_ones(spvk_ir_value_constant(operand(x, 1))))
        return false;
    spvk_ir_value *ops[3] = {operand(x, 0), operand(op, 2), operand(op, 1)};
    return replace_with(rw, op, make(rw, "arith.select", ops, 3, op->results[0].type, NULL));
}

static bool is_i1(const spvk_ir_type *t)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER && t->width == 1 && t->flags == SPVK_INT_SIGNLESS;
}

/* A scalar i1 constant of this value (MLIR's ConstantAttr<I1Attr, ...>). */
static bool i1_constant(const spvk_ir_value *v, bool value)
{
    const spvk_ir_attr *a = spvk_ir_value_constant(v);
    uint64_t bits;
    return a && is_i1(a->type) && arith_int_bits(a, 1, &bits) && bits == (uint64_t)value;
}

/* select(pred, false, true) => xori(pred, true) */
static bool select_i1_to_not(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    if (!i1_constant(operand(op, 1), false) || !i1_constant(operand(op, 2), true))
        return false;
    spvk_ir_op *t = constant(rw, spvk_ir_bool_attr(rw->ctx, true));
    if (!t)
        return false;
    spvk_ir_value *ops[2] = {operand(op, 0), spvk_ir_result(t, 0)};
    return replace_with(rw, op, make(rw, "arith.xori", ops, 2, op->results[0].type, NULL));
}

/* select %x, 1, 0 => extui %x; select %x, 0, 1 => extui (xori %x, true) (integers wider than i1) */
static bool select_to_extui(const spvk_pattern *pat, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pat;
    const spvk_ir_type *t = op->results[0].type;
    if (t->dialect || t->kind != SPVK_TYPE_INTEGER || t->width == 1)
        return false;
    const spvk_ir_attr *a = spvk_ir_value_constant(operand(op, 1)), *b = spvk_ir_value_constant(operand(op, 2));
    spvk_ir_value *cond = operand(op, 0);
    if (arith_is_one_int(a) && arith_is_zero_int(b))
        return replace_with(rw, op, make(rw, "arith.extui", &cond, 1, t, NULL));
    if (arith_is_zero_int(a) && arith_is_one_int(b)) {
        spvk_ir_op *one = constant(rw, arith_int_attr(rw->ctx, type_of(cond), 1));
        if (!one)
            return false;
        spvk_ir_value *ops[2] = {cond, spvk_ir_result(one, 0)};
        spvk_ir_op *x = make(rw, "arith.xori", ops, 2, type_of(cond), NULL);
        if (!x)
            return false;
        spvk_ir_value *r = spvk_ir_result(x, 0);
        return replace_with(rw, op, make(rw, "arith.extui", &r, 1, t, NULL));
    }
    return false;
}

bool arith_select_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {0};
    p.root = "arith.select";
    p.benefit = 1;
    p.match_and_rewrite = redundant_select;
    p.debug_name = "RedundantSelectFalse";
    if (!spvk_pattern_set_add(set, &p))
        return false;
    p.data = &p; /* non-NULL: the true side */
    p.debug_name = "RedundantSelectTrue";
    return spvk_pattern_set_add(set, &p) && add(set, "arith.select", select_not_cond, "SelectNotCond") &&
           add(set, "arith.select", select_i1_to_not, "SelectI1ToNot") &&
           add(set, "arith.select", select_to_extui, "SelectToExtUI");
}

/* ---- casts of casts ---- */

/* outer(inner(x)) => `to`(x) with outer's result type. */
static bool cast_of_cast(spvk_ir_op *op, spvk_rewriter *rw, const char *inner_name, const char *to)
{
    spvk_ir_op *inner = arith_def(operand(op, 0));
    if (!arith_op_is(inner, inner_name))
        return false;
    spvk_ir_value *x = operand(inner, 0);
    return replace_with(rw, op, make(rw, to, &x, 1, op->results[0].type, NULL));
}

static bool bitcast_of_bitcast(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    return cast_of_cast(op, rw, "arith.bitcast", "arith.bitcast");
}

static bool extsi_of_extui(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    return cast_of_cast(op, rw, "arith.extui", "arith.extui");
}

static bool index_cast_of_extsi(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    return cast_of_cast(op, rw, "arith.extsi", "arith.index_cast");
}

static bool index_castui_of_extui(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    return cast_of_cast(op, rw, "arith.extui", "arith.index_castui");
}

/* truncf(sitofp(x)) => sitofp(x) (and uitofp) when truncf has the default rounding mode. */
static bool truncf_of_itofp(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    if (spvk_ir_op_attr(op, "roundingmode"))
        return false;
    return cast_of_cast(op, rw, "arith.sitofp", "arith.sitofp") || cast_of_cast(op, rw, "arith.uitofp", "arith.uitofp");
}

static int64_t scalar_width(const spvk_ir_type *t)
{
    const spvk_ir_type *e = arith_element_type(t);
    if (e && !e->dialect && (e->kind == SPVK_TYPE_INTEGER || e->kind == SPVK_TYPE_FLOAT))
        return e->width;
    return -1;
}

/* trunci(extsi(x)) => extsi(x) when only extension bits are cut (and extui alike). */
static bool trunci_of_ext(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *ext = arith_def(operand(op, 0));
    bool s = arith_op_is(ext, "arith.extsi");
    if (!s && !arith_op_is(ext, "arith.extui"))
        return false;
    int64_t we = scalar_width(ext->results[0].type), wt = scalar_width(op->results[0].type);
    int64_t wx = scalar_width(type_of(operand(ext, 0)));
    if (!(we > wt && wt > 0 && wt > wx && wx > 0))
        return false;
    spvk_ir_value *x = operand(ext, 0);
    return replace_with(rw, op, make(rw, s ? "arith.extsi" : "arith.extui", &x, 1, op->results[0].type, NULL));
}

bool arith_bitcast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.bitcast", bitcast_of_bitcast, "BitcastOfBitcast");
}

bool arith_extsi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.extsi", extsi_of_extui, "ExtSIOfExtUI");
}

bool arith_index_cast_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.index_cast", index_cast_of_extsi, "IndexCastOfExtSI");
}

bool arith_index_castui_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.index_castui", index_castui_of_extui, "IndexCastUIOfExtUI");
}

bool arith_truncf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.truncf", truncf_of_itofp, "TruncFSIToFPToSIToFP");
}

bool arith_trunci_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.trunci", trunci_of_ext, "TruncIExtSIToExtSI");
}

/* ---- bitwise ops of extensions: op(ext(x), ext(y)) => ext(op(x, y)) ---- */

static bool bitwise_of_ext(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *l = arith_def(operand(op, 0)), *r = arith_def(operand(op, 1));
    for (int k = 0; k < 2; k++) {
        const char *ext = k ? "arith.extsi" : "arith.extui";
        if (!arith_op_is(l, ext) || !arith_op_is(r, ext) || type_of(operand(l, 0)) != type_of(operand(r, 0)))
            continue;
        spvk_ir_value *ops[2] = {operand(l, 0), operand(r, 0)};
        spvk_ir_op *inner = make(rw, spvk_ir_op_name(op), ops, 2, type_of(operand(l, 0)), NULL);
        if (!inner)
            return false;
        spvk_ir_value *v = spvk_ir_result(inner, 0);
        return replace_with(rw, op, make(rw, ext, &v, 1, op->results[0].type, NULL));
    }
    return false;
}

/* not(cmpi(pred, a, b)) => cmpi(~pred, a, b), not(x) being xori(x, true) */
static bool xori_not_cmpi(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *cmp = arith_def(operand(op, 0));
    if (!arith_op_is(cmp, "arith.cmpi") || !i1_constant(operand(op, 1), true))
        return false;
    static const int64_t inverted[] = {ARITH_CMPI_NE,  ARITH_CMPI_EQ,  ARITH_CMPI_SGE, ARITH_CMPI_SGT,
                                       ARITH_CMPI_SLE, ARITH_CMPI_SLT, ARITH_CMPI_UGE, ARITH_CMPI_UGT,
                                       ARITH_CMPI_ULE, ARITH_CMPI_ULT};
    const spvk_ir_attr *pa = spvk_ir_op_attr(cmp, "predicate");
    int64_t pred = arith_enum_attr_value(pa, -1);
    if (!pa || pred < 0 || pred > ARITH_CMPI_UGE)
        return false;
    const spvk_ir_attr *np = spvk_ir_integer_attr(rw->ctx, pa->type, inverted[pred]);
    spvk_ir_value *ops[2] = {operand(cmp, 0), operand(cmp, 1)};
    return replace_with(rw, op, make(rw, "arith.cmpi", ops, 2, op->results[0].type, one_attr(rw->ctx, "predicate", np)));
}

bool arith_andi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.andi", bitwise_of_ext, "AndOfExtUI");
}

bool arith_ori_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.ori", bitwise_of_ext, "OrOfExtUI");
}

bool arith_xori_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.xori", xori_not_cmpi, "XOrINotCmpI") && add(set, "arith.xori", bitwise_of_ext, "XOrIOfExtUI");
}

/* cmpi(eq|ne, ext(a), ext(b)) => cmpi(eq|ne, a, b) for two extsi or two extui of one type. */
static bool cmpi_of_ext(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    int64_t pred = arith_enum_attr_value(spvk_ir_op_attr(op, "predicate"), -1);
    if (pred != ARITH_CMPI_EQ && pred != ARITH_CMPI_NE)
        return false;
    spvk_ir_op *l = arith_def(operand(op, 0)), *r = arith_def(operand(op, 1));
    for (int k = 0; k < 2; k++) {
        const char *ext = k ? "arith.extui" : "arith.extsi";
        if (!arith_op_is(l, ext) || !arith_op_is(r, ext) || type_of(operand(l, 0)) != type_of(operand(r, 0)))
            continue;
        spvk_ir_value *ops[2] = {operand(l, 0), operand(r, 0)};
        return replace_with(rw, op, make(rw, "arith.cmpi", ops, 2, op->results[0].type,
                                         one_attr(rw->ctx, "predicate", spvk_ir_op_attr(op, "predicate"))));
    }
    return false;
}

bool arith_cmpi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.cmpi", cmpi_of_ext, "CmpIExtSI");
}

/* mulf(negf(x), negf(y)) => mulf(x, y), keeping the outer op's fastmath (divf alike). */
static bool float_of_negs(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *l = arith_def(operand(op, 0)), *r = arith_def(operand(op, 1));
    if (!arith_op_is(l, "arith.negf") || !arith_op_is(r, "arith.negf") ||
        type_of(operand(l, 0)) != type_of(operand(r, 0)))
        return false;
    spvk_ir_value *ops[2] = {operand(l, 0), operand(r, 0)};
    return replace_with(rw, op, make(rw, spvk_ir_op_name(op), ops, 2, op->results[0].type,
                                     one_attr(rw->ctx, "fastmath", spvk_ir_op_attr(op, "fastmath"))));
}

bool arith_mulf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.mulf", float_of_negs, "MulFOfNegF");
}

bool arith_divf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.divf", float_of_negs, "DivFOfNegF");
}

/* ---- Extended arithmetic whose second result is unused: the plain op, and any value for the
   unused result (MLIR's AddUIExtendedToAddI, MulSIExtendedToMulI, MulUIExtendedToMulI) ---- */
static bool extended_to_plain(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    if (spvk_ir_value_has_uses(spvk_ir_result(op, 1)))
        return false;
    spvk_ir_value *ops[2] = {operand(op, 0), operand(op, 1)};
    spvk_ir_op *plain = make(rw, p->data, ops, 2, op->results[0].type, NULL);
    if (!plain)
        return false;
    spvk_ir_value *vals[2] = {spvk_ir_result(plain, 0), operand(op, 0)};
    spvk_rewriter_replace_op(rw, op, vals);
    return true;
}

static bool add_extended(spvk_pattern_set *set, const char *root, const char *plain, const char *debug_name)
{
    spvk_pattern p = {0};
    p.root = root;
    p.benefit = 1;
    p.match_and_rewrite = extended_to_plain;
    p.data = plain;
    p.debug_name = debug_name;
    return spvk_pattern_set_add(set, &p);
}

bool arith_addui_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_extended(set, "arith.addui_extended", "arith.addi", "AddUIExtendedToAddI");
}

bool arith_mulsi_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_extended(set, "arith.mulsi_extended", "arith.muli", "MulSIExtendedToMulI");
}

bool arith_mului_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_extended(set, "arith.mului_extended", "arith.muli", "MulUIExtendedToMulI");
}

/* ---- Not yet (overflow-flag attributes, see the top; CmpFIntToFPConst; MulSIExtendedRHSOne) ---- */
#define ARITH_NO_PATTERNS(name)                                                                    \
    bool name(spvk_pattern_set *set, spvk_ir_context *ctx)                                         \
    {                                                                                              \
        (void)set;                                                                                 \
        (void)ctx;                                                                                 \
        return true;                                                                               \
    }

ARITH_NO_PATTERNS(arith_addi_patterns)
ARITH_NO_PATTERNS(arith_subi_patterns)
ARITH_NO_PATTERNS(arith_muli_patterns)
ARITH_NO_PATTERNS(arith_cmpf_patterns)
