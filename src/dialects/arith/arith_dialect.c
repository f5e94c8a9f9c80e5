/* The arith dialect: its registration (the ops come from arith.ops through
   tools/gen_dialect_ops.py into arith_ops.c), constant materialization for folding, select's
   hand-written form (MLIR's is C++ too) and the result-name hints (`%c42_i32`, `%true`, `%cst`,
   `%sum, %overflow`). */
#include <stdio.h>
#include <string.h>

#include "arith_internal.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

/* ---- Constant materialization (arith::ConstantOp::materialize) ---- */

static bool buildable(const spvk_ir_attr *value, const spvk_ir_type *type)
{
    if (!value || !type || !arith_is_typed_attr(value) || value->type != type)
        return false;
    const spvk_ir_type *e = arith_element_type(type);
    if (e && !e->dialect && e->kind == SPVK_TYPE_INTEGER && e->flags != SPVK_INT_SIGNLESS)
        return false;
    return !value->dialect && (value->kind == SPVK_ATTR_INTEGER || value->kind == SPVK_ATTR_FLOAT ||
                               value->kind == SPVK_ATTR_BOOL || value->kind == SPVK_ATTR_DENSE);
}

spvk_ir_op *arith_materialize_constant(struct spvk_ir_builder *b, const spvk_ir_attr *value,
                                       const spvk_ir_type *type)
{
    if (!buildable(value, type))
        return NULL;
    const char *name = "value";
    const spvk_ir_attr *dict = spvk_ir_dictionary_attr(b->ctx, &name, &value, 1);
    if (!dict)
        return NULL;
    spvk_ir_op_state st = {0};
    st.name = "arith.constant";
    st.name_length = strlen(st.name);
    st.result_types = &type;
    st.num_results = 1;
    st.attrs = dict;
    st.loc = b->loc;
    return spvk_ir_build(b, &st);
}

/* ---- select: `%c, %t, %f attr-dict : [condition type ,] type` ---- */

bool arith_select_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref refs[3];
    for (int i = 0; i < 3; i++) {
        if (i && !spvk_ir_parse_punct(p, ","))
            return false;
        if (!spvk_ir_parse_operand(p, &refs[i]))
            return false;
    }
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *result = spvk_ir_parse_type(p);
    if (!result)
        return false;
    const spvk_ir_type *cond = NULL;
    if (spvk_ir_parse_optional_punct(p, ",")) {
        cond = result;
        result = spvk_ir_parse_type(p);
        if (!result)
            return false;
    } else {
        cond = spvk_ir_integer_type(spvk_ir_parser_context(p), 1, SPVK_INT_SIGNLESS);
    }
    const spvk_ir_type *types[3] = {cond, result, result};
    for (int i = 0; i < 3; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs[i], types[i]);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    return spvk_ir_state_add_result_type(p, state, result);
}

void arith_select_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    for (uint32_t i = 0; i < op->num_operands; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, spvk_ir_operand(op, i));
    }
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : ");
    const spvk_ir_type *cond = op->num_operands ? spvk_ir_operand(op, 0)->type : NULL;
    if (cond && !cond->dialect && (cond->kind == SPVK_TYPE_VECTOR || cond->kind == SPVK_TYPE_TENSOR)) {
        spvk_ir_print_type_to(p, cond);
        spvk_ir_print_text(p, ", ");
    }
    if (op->num_results)
        spvk_ir_print_type_to(p, op->results[0].type);
}

/* ---- Result names ---- */

/* c<value>[_<type>] as MLIR's getAsmResultNames writes them (APInt printed signed). */
static size_t int_name(char *buf, size_t size, int64_t value, const spvk_ir_type *t)
{
    if (t->kind == SPVK_TYPE_INDEX)
        return (size_t)snprintf(buf, size, "c%lld", (long long)value);
    const char *prefix = t->flags == SPVK_INT_SIGNED ? "si" : t->flags == SPVK_INT_UNSIGNED ? "ui" : "i";
    return (size_t)snprintf(buf, size, "c%lld_%s%u", (long long)value, prefix, (unsigned)t->width);
}

void arith_constant_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results != 1)
        return;
    const spvk_ir_value *r = &op->results[0];
    const spvk_ir_attr *value = spvk_ir_op_attr(op, "value");
    const spvk_ir_type *t = r->type;
    bool int_attr = value && !value->dialect && (value->kind == SPVK_ATTR_INTEGER || value->kind == SPVK_ATTR_BOOL);
    if (!int_attr || !t || t->dialect || (t->kind != SPVK_TYPE_INTEGER && t->kind != SPVK_TYPE_INDEX)) {
        /* An integer attribute of another type (MLIR builds none) is named as a constant of cst. */
        set_name(user, r, "cst", 3);
        return;
    }
    if (t->kind == SPVK_TYPE_INTEGER && t->width == 1) {
        bool on = (value->value & 1) != 0;
        set_name(user, r, on ? "true" : "false", on ? 4 : 5);
        return;
    }
    char buf[64];
    int64_t v = value->value;
    if (t->kind == SPVK_TYPE_INTEGER && t->width > 0 && t->width < 64 && t->flags == SPVK_INT_UNSIGNED)
        v = arith_sext((uint64_t)v, t->width); /* APInt prints the bits as signed */
    size_t n = int_name(buf, sizeof buf, v, t);
    set_name(user, r, buf, n < sizeof buf ? n : sizeof buf - 1);
}

/* `base * vscale` of index type is c<base>_vscale. */
void arith_muli_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_operands != 2 || op->num_results != 1)
        return;
    const spvk_ir_type *t = op->results[0].type;
    if (!t || t->dialect || t->kind != SPVK_TYPE_INDEX)
        return;
    for (int i = 0; i < 2; i++) {
        spvk_ir_op *c = arith_def(spvk_ir_operand(op, (uint32_t)i));
        spvk_ir_op *vs = arith_def(spvk_ir_operand(op, (uint32_t)(1 - i)));
        if (!c || !(c->def->traits & SPVK_TRAIT_CONSTANT_LIKE) || !arith_op_is(vs, "vector.vscale"))
            continue;
        const spvk_ir_attr *a = spvk_ir_op_attr(c, "value");
        if (!a || a->dialect || a->kind != SPVK_ATTR_INTEGER)
            continue;
        char buf[48];
        int n = snprintf(buf, sizeof buf, "c%lld_vscale", (long long)a->value);
        set_name(user, &op->results[0], buf, (size_t)n);
        return;
    }
}

/* ODS names the results of addui_extended and mul*_extended. */
void arith_extended_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results != 2)
        return;
    bool add = arith_op_is(op, "arith.addui_extended");
    set_name(user, &op->results[0], add ? "sum" : "low", 3);
    set_name(user, &op->results[1], add ? "overflow" : "high", add ? 8 : 4);
}

/* ---- The dialect ---- */

static bool arith_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_arith_ods);
}

/* Its attributes are its enums: #arith.fastmath<...>, #arith.overflow<...> (the i32/i64 enums
   are builtin integers). */
static const spvk_ir_attr *arith_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    bool handled;
    const spvk_ir_attr *a = spvk_ods_parse_enum_attr(p, &spvk_arith_ods, &handled);
    return handled ? a : NULL;
}

static void arith_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    (void)spvk_ods_print_enum_attr(p, &spvk_arith_ods, a);
}

static const spvk_ir_dialect arith_dialect = {
    .name = "arith",
    .register_ops = arith_register_ops,
    .parse_attr = arith_parse_attr,
    .print_attr = arith_print_attr,
    .materialize_constant = arith_materialize_constant,
};

const spvk_ir_dialect *spvk_arith_dialect(void)
{
    return &arith_dialect;
}
