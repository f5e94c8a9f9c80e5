/* The arith ops' canonicalization patterns (MLIR 19's ArithCanonicalization.td and the C++
   patterns of ArithOps.cpp: CmpFIntToFPConst), through include/spvkit/rewrite.h, registered per
   op in MLIR's order. Ops they make hold their overflow flags as MLIR's properties do. */
#include <math.h>
#include <string.h>

#include "arith_internal.h"
#include "spvkit/ir_ods.h"
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

/* The overflow flags of op (none when absent), and an attribute dictionary holding flags: ops
   made here hold them as MLIR's properties always do, so generic output shows them. */
static int64_t overflow_of(const spvk_ir_op *op)
{
    return arith_enum_attr_value(spvk_ir_op_attr(op, "overflowFlags"), 0);
}

static const spvk_ir_attr *overflow_dict(spvk_ir_context *ctx, int64_t flags)
{
    return one_attr(ctx, "overflowFlags", spvk_ods_enum_attr(ctx, &spvk_arith_enum_IntegerOverflowFlags, flags));
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
    spvk_ir_op *plain = make(rw, p->data, ops, 2, op->results[0].type, overflow_dict(rw->ctx, 0));
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

static bool mulsi_extended_rhs_one(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw);

bool arith_mulsi_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_extended(set, "arith.mulsi_extended", "arith.muli", "MulSIExtendedToMulI") &&
           add(set, "arith.mulsi_extended", mulsi_extended_rhs_one, "MulSIExtendedRHSOne");
}

bool arith_mului_extended_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_extended(set, "arith.mului_extended", "arith.muli", "MulUIExtendedToMulI");
}

/* ---- Constant reassociation of addi / subi / muli (AddIAddConstant and friends) ---- */

/* ConstantLikeMatcher APIntAttr: a scalar integer constant (i1 ones too: BoolAttr is an
   IntegerAttr in MLIR), its bits and width. */
static bool apint_constant(const spvk_ir_value *v, const spvk_ir_attr **attr, uint64_t *bits, uint32_t *width)
{
    const spvk_ir_attr *a = spvk_ir_value_constant(v);
    if (!a || a->dialect || (a->kind != SPVK_ATTR_INTEGER && a->kind != SPVK_ATTR_BOOL) || !a->type ||
        !arith_int_width(a->type, width) || !arith_int_bits(a, *width, bits))
        return false;
    *attr = a;
    return true;
}

enum { COMBINE_ADD, COMBINE_MUL, COMBINE_C0_MINUS_C1, COMBINE_C1_MINUS_C0 };

/* outer(inner(...c0...), c1) => result(x, combine(c0, c1)), each a DRR pattern of
   ArithCanonicalization.td: where the constants and x sit, how the constants combine and whether
   the new op merges the two ops' overflow flags (MLIR's mergeOverflowFlags keeps the flags both
   have) or gets none. */
typedef struct reassoc {
    const char *name;     /* the pattern's debug name */
    const char *inner;    /* the op defining outer's non-constant operand */
    uint8_t c1_at;        /* outer's operand holding c1 (inner is the other one) */
    uint8_t c0_at;        /* inner's operand holding c0 (x is the other one) */
    uint8_t combine;
    const char *result;
    uint8_t const_at;     /* the result's operand holding the new constant (x is the other one) */
    bool merge;           /* merged flags, else none */
    bool same_types;      /* MulIMulIConstant: both constants typed as the result */
} reassoc;

static const reassoc addi_reassoc[] = {
    {"AddIAddConstant", "arith.addi", 1, 1, COMBINE_ADD, "arith.addi", 1, true, false},
    {"AddISubConstantRHS", "arith.subi", 1, 1, COMBINE_C1_MINUS_C0, "arith.addi", 1, true, false},
    {"AddISubConstantLHS", "arith.subi", 1, 0, COMBINE_ADD, "arith.subi", 0, true, false},
};
static const reassoc subi_reassoc[] = {
    {"SubIRHSAddConstant", "arith.addi", 1, 1, COMBINE_C0_MINUS_C1, "arith.addi", 1, false, false},
    {"SubILHSAddConstant", "arith.addi", 0, 1, COMBINE_C1_MINUS_C0, "arith.subi", 0, true, false},
    {"SubIRHSSubConstantRHS", "arith.subi", 1, 1, COMBINE_ADD, "arith.subi", 1, true, false},
    {"SubIRHSSubConstantLHS", "arith.subi", 1, 0, COMBINE_C0_MINUS_C1, "arith.subi", 0, true, false},
    {"SubILHSSubConstantRHS", "arith.subi", 0, 1, COMBINE_ADD, "arith.subi", 0, true, false},
    {"SubILHSSubConstantLHS", "arith.subi", 0, 0, COMBINE_C1_MINUS_C0, "arith.addi", 1, true, false},
};
static const reassoc muli_reassoc[] = {
    {"MulIMulIConstant", "arith.muli", 1, 1, COMBINE_MUL, "arith.muli", 1, true, true},
};

static bool reassociate(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    const reassoc *r = p->data;
    const spvk_ir_attr *a0, *a1;
    uint64_t c0, c1;
    uint32_t w0, w1, w;
    spvk_ir_op *inner = arith_def(operand(op, 1u - r->c1_at));
    if (!arith_op_is(inner, r->inner) || !apint_constant(operand(op, r->c1_at), &a1, &c1, &w1) ||
        !apint_constant(operand(inner, r->c0_at), &a0, &c0, &w0))
        return false;
    const spvk_ir_type *t = op->results[0].type;
    if (r->same_types && (a0->type != t || a1->type != t))
        return false;
    if (!arith_int_width(t, &w))
        return false;
    uint64_t v = r->combine == COMBINE_ADD           ? c0 + c1
                 : r->combine == COMBINE_MUL         ? c0 * c1
                 : r->combine == COMBINE_C0_MINUS_C1 ? c0 - c1
                                                     : c1 - c0;
    spvk_ir_op *c = constant(rw, arith_int_attr(rw->ctx, t, v));
    if (!c)
        return false;
    int64_t flags = r->merge ? (overflow_of(inner) & overflow_of(op)) : 0;
    spvk_ir_value *ops[2];
    ops[r->const_at] = spvk_ir_result(c, 0);
    ops[1u - r->const_at] = operand(inner, 1u - r->c0_at);
    return replace_with(rw, op, make(rw, r->result, ops, 2, t, overflow_dict(rw->ctx, flags)));
}

static bool add_reassoc(spvk_pattern_set *set, const char *root, const reassoc *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        spvk_pattern p = {0};
        p.root = root;
        p.benefit = 1;
        p.match_and_rewrite = reassociate;
        p.data = &r[i];
        p.debug_name = r[i].name;
        if (!spvk_pattern_set_add(set, &p))
            return false;
    }
    return true;
}

/* addi(x, muli(y, -1)) => subi(x, y); addi(muli(x, -1), y) => subi(y, x). The new op has no
   flags (MLIR 19's TODO), and -1 may be a splat. */
static bool addi_mul_negative_one(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    uint32_t mul_at = p->data ? 1 : 0;
    spvk_ir_op *mul = arith_def(operand(op, mul_at));
    if (!arith_op_is(mul, "arith.muli") || !arith_is_all_ones(spvk_ir_value_constant(operand(mul, 1))))
        return false;
    spvk_ir_value *ops[2] = {operand(op, 1u - mul_at), operand(mul, 0)};
    return replace_with(rw, op, make(rw, "arith.subi", ops, 2, op->results[0].type, overflow_dict(rw->ctx, 0)));
}

/* subi(subi(a, b), a) => subi(0, b) */
static bool subi_of_subi_lhs(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    spvk_ir_op *inner = arith_def(operand(op, 0));
    if (!arith_op_is(inner, "arith.subi") || operand(inner, 0) != operand(op, 1))
        return false;
    spvk_ir_value *b = operand(inner, 1);
    spvk_ir_op *zero = constant(rw, arith_zero_attr(rw->ctx, type_of(b)));
    if (!zero)
        return false;
    spvk_ir_value *ops[2] = {spvk_ir_result(zero, 0), b};
    return replace_with(rw, op, make(rw, "arith.subi", ops, 2, op->results[0].type,
                                     overflow_dict(rw->ctx, overflow_of(inner) & overflow_of(op))));
}

bool arith_addi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {0};
    p.root = "arith.addi";
    p.benefit = 1;
    p.match_and_rewrite = addi_mul_negative_one;
    if (!add_reassoc(set, "arith.addi", addi_reassoc, sizeof addi_reassoc / sizeof addi_reassoc[0]))
        return false;
    p.data = &p; /* non-NULL: the muli on the right */
    p.debug_name = "AddIMulNegativeOneRhs";
    if (!spvk_pattern_set_add(set, &p))
        return false;
    p.data = NULL;
    p.debug_name = "AddIMulNegativeOneLhs";
    return spvk_pattern_set_add(set, &p);
}

bool arith_subi_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_reassoc(set, "arith.subi", subi_reassoc, sizeof subi_reassoc / sizeof subi_reassoc[0]) &&
           add(set, "arith.subi", subi_of_subi_lhs, "SubISubILHSRHSLHS");
}

bool arith_muli_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add_reassoc(set, "arith.muli", muli_reassoc, sizeof muli_reassoc / sizeof muli_reassoc[0]);
}

/* ---- mulsi_extended(x, 1) => [x, extsi(cmpi slt, x, 0)] (MulSIExtendedRHSOne) ---- */

static bool mulsi_extended_rhs_one(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    uint64_t bits;
    uint32_t width;
    /* IsScalarOrSplatOne: 1 and strictly positive, which an i1's 1 (-1 signed) is not. */
    if (!arith_is_int_splat(spvk_ir_value_constant(operand(op, 1)), &bits, &width) || bits != 1 || width < 2)
        return false;
    spvk_ir_value *x = operand(op, 0);
    spvk_ir_op *zero = constant(rw, arith_zero_attr(rw->ctx, type_of(x)));
    if (!zero)
        return false;
    spvk_ir_value *ops[2] = {x, spvk_ir_result(zero, 0)};
    const spvk_ir_attr *slt = spvk_ods_enum_attr(rw->ctx, &spvk_arith_enum_CmpIPredicate, ARITH_CMPI_SLT);
    const spvk_ir_type *i1 = arith_i1_same_shape(rw->ctx, type_of(x));
    spvk_ir_op *cmp = i1 ? make(rw, "arith.cmpi", ops, 2, i1, one_attr(rw->ctx, "predicate", slt)) : NULL;
    if (!cmp)
        return false;
    spvk_ir_value *c = spvk_ir_result(cmp, 0);
    spvk_ir_op *ext = make(rw, "arith.extsi", &c, 1, op->results[1].type, NULL);
    if (!ext)
        return false;
    spvk_ir_value *vals[2] = {x, spvk_ir_result(ext, 0)};
    spvk_rewriter_replace_op(rw, op, vals);
    return true;
}

/* ---- cmpf(sitofp/uitofp x, c) => cmpi(x, int c) or a constant (CmpFIntToFPConst) ----
   LLVM InstCombine's rule as MLIR 19 has it: the comparison moves to the integers when the
   conversion cannot change its outcome; constants beyond the integer's range and fractional ones
   decide it or adjust the predicate. */

static bool cmpf_constant_result(spvk_ir_op *op, spvk_rewriter *rw, bool value)
{
    return replace_with(rw, op, constant(rw, spvk_ir_bool_attr(rw->ctx, value)));
}

static int largest_exponent(const spvk_ir_type *t)
{
    int e = 0;
    while (e < 2000 && !isinf(arith_round_float(t, ldexp(1.0, e + 1))))
        e++;
    return e;
}

static bool cmpf_int_to_fp_const(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    const spvk_ir_attr *ca = spvk_ir_value_constant(operand(op, 1));
    if (!ca || ca->dialect || ca->kind != SPVK_ATTR_FLOAT || isnan(ca->number))
        return false;
    const spvk_ir_type *ft = type_of(operand(op, 1));
    if (!arith_float_foldable(ft))
        return false;
    double rhs = ca->number;
    int mantissa = arith_float_precision(ft);
    spvk_ir_op *conv = arith_def(operand(op, 0));
    bool is_unsigned;
    if (arith_op_is(conv, "arith.sitofp"))
        is_unsigned = false;
    else if (arith_op_is(conv, "arith.uitofp"))
        is_unsigned = true;
    else
        return false;
    spvk_ir_value *x = operand(conv, 0);
    const spvk_ir_type *it = type_of(x);
    uint32_t width;
    if (it->dialect || it->kind != SPVK_TYPE_INTEGER || !arith_int_width(it, &width))
        return false;
    int value_bits = (int)(is_unsigned ? width : width - 1);
    if ((int)width > mantissa) {
        /* The conversion rounds: give up where rounding could change the comparison. */
        if (isinf(rhs)) {
            /* The largest finite value's exponent (DBL_MAX rounds to infinity in narrower types,
               so take the largest value below 2^(emax+1) through the type's rounding). */
            if (largest_exponent(ft) < value_bits)
                return false;
        } else if (rhs != 0) {
            int e = ilogb(rhs);
            if (mantissa <= e && e <= value_bits)
                return false;
        }
    }
    int64_t pred;
    switch (arith_enum_attr_value(spvk_ir_op_attr(op, "predicate"), -1)) {
    case ARITH_CMPF_OEQ: case ARITH_CMPF_UEQ: pred = ARITH_CMPI_EQ; break;
    case ARITH_CMPF_OGT: case ARITH_CMPF_UGT: pred = is_unsigned ? ARITH_CMPI_UGT : ARITH_CMPI_SGT; break;
    case ARITH_CMPF_OGE: case ARITH_CMPF_UGE: pred = is_unsigned ? ARITH_CMPI_UGE : ARITH_CMPI_SGE; break;
    case ARITH_CMPF_OLT: case ARITH_CMPF_ULT: pred = is_unsigned ? ARITH_CMPI_ULT : ARITH_CMPI_SLT; break;
    case ARITH_CMPF_OLE: case ARITH_CMPF_ULE: pred = is_unsigned ? ARITH_CMPI_ULE : ARITH_CMPI_SLE; break;
    case ARITH_CMPF_ONE: case ARITH_CMPF_UNE: pred = ARITH_CMPI_NE; break;
    case ARITH_CMPF_ORD: return cmpf_constant_result(op, rw, true); /* a converted integer is no NaN */
    case ARITH_CMPF_UNO: return cmpf_constant_result(op, rw, false);
    default: return false;
    }
    /* Beyond the integer's range (its bounds rounded into the float type): decided. */
    double max = is_unsigned ? arith_int_to_float(ft, arith_mask(width), width, false)
                             : arith_int_to_float(ft, arith_mask(width - 1), width, true);
    if (max < rhs)
        return cmpf_constant_result(op, rw,
                                    pred == ARITH_CMPI_NE || pred == ARITH_CMPI_SLT || pred == ARITH_CMPI_SLE ||
                                        pred == ARITH_CMPI_ULT || pred == ARITH_CMPI_ULE);
    double min = is_unsigned ? 0.0 : arith_int_to_float(ft, UINT64_C(1) << (width - 1), width, true);
    if (min > rhs)
        return cmpf_constant_result(op, rw,
                                    pred == ARITH_CMPI_NE || pred == ARITH_CMPI_SGT || pred == ARITH_CMPI_SGE ||
                                        pred == ARITH_CMPI_UGT || pred == ARITH_CMPI_UGE);
    /* The constant toward zero as the integer type (APFloat::convertToInteger); out of range fails. */
    double t = trunc(rhs);
    uint64_t bits;
    if (!is_unsigned) {
        if (!(t >= -ldexp(1.0, (int)width - 1) && t < ldexp(1.0, (int)width - 1)))
            return false;
        bits = (uint64_t)(int64_t)t & arith_mask(width);
    } else {
        if (!(t > -1.0 && t < ldexp(1.0, (int)width)))
            return false;
        bits = width == 64 && t >= ldexp(1.0, 63) ? (uint64_t)(t - ldexp(1.0, 63)) | (UINT64_C(1) << 63)
                                                  : (uint64_t)(t < 0 ? 0 : t);
    }
    if (rhs != 0 && arith_int_to_float(ft, bits, width, !is_unsigned) != rhs) {
        /* A fractional constant: bits is rounded toward zero. */
        bool negative = rhs < 0;
        switch (pred) {
        case ARITH_CMPI_NE: return cmpf_constant_result(op, rw, true);
        case ARITH_CMPI_EQ: return cmpf_constant_result(op, rw, false);
        case ARITH_CMPI_ULE:
            if (negative)
                return cmpf_constant_result(op, rw, false);
            break;
        case ARITH_CMPI_SLE:
            if (negative)
                pred = ARITH_CMPI_SLT;
            break;
        case ARITH_CMPI_ULT:
            if (negative)
                return cmpf_constant_result(op, rw, false);
            pred = ARITH_CMPI_ULE;
            break;
        case ARITH_CMPI_SLT:
            if (!negative)
                pred = ARITH_CMPI_SLE;
            break;
        case ARITH_CMPI_UGT:
            if (negative)
                return cmpf_constant_result(op, rw, true);
            break;
        case ARITH_CMPI_SGT:
            if (negative)
                pred = ARITH_CMPI_SGE;
            break;
        case ARITH_CMPI_UGE:
            if (negative)
                return cmpf_constant_result(op, rw, true);
            pred = ARITH_CMPI_UGT;
            break;
        case ARITH_CMPI_SGE:
            if (!negative)
                pred = ARITH_CMPI_SGT;
            break;
        default: break;
        }
    }
    spvk_ir_op *c = constant(rw, arith_int_attr(rw->ctx, it, bits));
    if (!c)
        return false;
    spvk_ir_value *ops[2] = {x, spvk_ir_result(c, 0)};
    const spvk_ir_attr *pa = spvk_ods_enum_attr(rw->ctx, &spvk_arith_enum_CmpIPredicate, pred);
    return replace_with(rw, op, make(rw, "arith.cmpi", ops, 2, op->results[0].type, one_attr(rw->ctx, "predicate", pa)));
}

bool arith_cmpf_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    return add(set, "arith.cmpf", cmpf_int_to_fp_const, "CmpFIntToFPConst");
}
