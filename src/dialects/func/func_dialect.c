/* The func dialect (MLIR 19's): func.func, return, call, call_indirect, constant. The ops come
   from func.ops (tools/gen_dialect_ops.py -> func_ops.c); func.func's form is the IR layer's
   function form (spvkit/ir_function.h), shared with gpu.func. The verifiers say what MLIR 19's
   say, word for word. */
#include <stdio.h>
#include <string.h>

#include "func_internal.h"
#include "spvkit/ir_function.h"

extern const spvk_ods_dialect spvk_func_ods;

static const spvk_ir_type *function_type_of(const spvk_ir_op *op)
{
    const spvk_ir_attr *a = op ? spvk_ir_op_attr(op, "function_type") : NULL;
    const spvk_ir_type *t = a && !a->dialect && a->kind == SPVK_ATTR_TYPE ? a->type : NULL;
    return t && !t->dialect && t->kind == SPVK_TYPE_FUNCTION ? t : NULL;
}

static bool is_func(const spvk_ir_op *op) { return op && strcmp(spvk_ir_op_name(op), "func.func") == 0; }

/* A type's text for a message, quoted as MLIR's diagnostics quote types, into buf. */
typedef struct type_buf {
    char text[512];
} type_buf;

static const char *type_text(spvk_ir_verifier *v, const spvk_ir_type *t, type_buf *buf)
{
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    char *s = spvk_ir_print_type(ctx, t);
    snprintf(buf->text, sizeof buf->text, "'%s'", s ? s : "?");
    if (s)
        spvk_free(spvk_ir_context_allocator(ctx), s, strlen(s) + 1);
    return buf->text;
}

/* ---- func.func ---- */

bool func_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return spvk_ir_parse_function_op(p, state, false);
}

void func_func_print(spvk_ir_printer *p, const spvk_ir_op *op) { spvk_ir_print_function_op(p, op, false, NULL, 0); }

static bool check_attr_array(spvk_ir_verifier *v, const spvk_ir_op *op, const char *name, const char *what,
                             uint32_t expected)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    if (!a)
        return true;
    if (a->num_attrs != expected)
        return spvk_ir_op_error(v, op,
                                "expects %s attribute array to have the same number of elements as the number of "
                                "function %ss, got %u, but expected %u",
                                what, what, a->num_attrs, expected);
    for (uint32_t i = 0; i < a->num_attrs; i++)
        if (a->attrs[i]->dialect || a->attrs[i]->kind != SPVK_ATTR_DICTIONARY)
            return spvk_ir_op_error(v, op, "expects %s attribute dictionaries", what);
    /* FunctionOpInterface: only dialect attributes (a name with a dot) on arguments and results. */
    for (uint32_t i = 0; i < a->num_attrs; i++)
        for (uint32_t j = 0; j < a->attrs[i]->num_attrs; j++)
            if (!strchr(a->attrs[i]->names[j], '.'))
                return spvk_ir_op_error(v, op, "%ss may only have dialect attributes", what);
    return true;
}

bool func_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *ft = function_type_of(op);
    if (!ft)
        return true; /* the ODS checks said it */
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    if (!check_attr_array(v, op, "arg_attrs", "argument", ni) || !check_attr_array(v, op, "res_attrs", "result", nr))
        return false;
    const spvk_ir_attr *vis = spvk_ir_op_attr(op, "sym_visibility");
    bool is_public = true;
    if (vis) {
        if (vis->dialect || vis->kind != SPVK_ATTR_STRING)
            return spvk_ir_op_error(v, op, "requires visibility attribute 'sym_visibility' to be a string attribute");
        is_public = vis->length == 6 && memcmp(vis->string, "public", 6) == 0;
        if (!is_public && !(vis->length == 7 && memcmp(vis->string, "private", 7) == 0) &&
            !(vis->length == 6 && memcmp(vis->string, "nested", 6) == 0))
            return spvk_ir_op_error(v, op,
                                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got "
                                    "\"%.*s\"",
                                    (int)vis->length, vis->string);
    }
    const spvk_ir_region *body = &op->regions[0];
    if (spvk_ir_region_is_empty(body)) {
        if (is_public)
            return spvk_ir_op_error(v, op, "symbol declaration cannot have public visibility");
        return true;
    }
    const spvk_ir_block *entry = body->first;
    if (!entry)
        return true; /* unmaterialized: verified when built */
    if (entry->num_args != ni)
        return spvk_ir_op_error(v, op, "entry block must have %u arguments to match function signature", ni);
    for (uint32_t i = 0; i < ni; i++)
        if (entry->args[i]->type != ft->types[i]) {
            type_buf a, b;
            return spvk_ir_op_error(v, op,
                                    "type of entry block argument #%u(%s) must match the type of the corresponding "
                                    "argument in function signature(%s)",
                                    i, type_text(v, entry->args[i]->type, &a), type_text(v, ft->types[i], &b));
        }
    return true;
}

/* ---- func.return ---- */

bool func_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_op *fn = spvk_ir_op_parent(op);
    const spvk_ir_type *ft = function_type_of(fn);
    if (!is_func(fn) || !ft)
        return true; /* HasParent said it, or the function's own verifier will */
    const char *name = spvk_ir_symbol_name(fn);
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    if (op->num_operands != nr)
        return spvk_ir_op_error(v, op, "has %u operands, but enclosing function (@%s) returns %u", op->num_operands,
                                name ? name : "", nr);
    for (uint32_t i = 0; i < nr; i++)
        if (op->operands[i].value->type != ft->types[ni + i]) {
            type_buf a, b;
            return spvk_ir_op_emit_error(v, op,
                                         "type of return operand %u (%s) doesn't match function result type (%s) in "
                                         "function @%s",
                                         i, type_text(v, op->operands[i].value->type, &a),
                                         type_text(v, ft->types[ni + i], &b), name ? name : "");
        }
    return true;
}

/* ---- func.call ---- */

/* "op result types: (i32, f32)" style lists for the notes. */
static void type_list(spvk_ir_verifier *v, char *buf, size_t size, const spvk_ir_type *const *types, uint32_t n,
                      const spvk_ir_value *values)
{
    size_t at = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < n && at + 1 < size; i++) {
        type_buf t;
        int w = snprintf(buf + at, size - at, "%s%s", i ? ", " : "", type_text(v, types ? types[i] : values[i].type, &t));
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

bool func_call_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *callee = spvk_ir_op_attr(op, "callee");
    if (!callee || callee->kind != SPVK_ATTR_SYMBOL_REF)
        return spvk_ir_op_error(v, op, "requires a 'callee' symbol reference attribute");
    spvk_ir_op *fn = spvk_ir_verifier_resolve_symbol(v, op, callee);
    const spvk_ir_type *ft = is_func(fn) ? function_type_of(fn) : NULL;
    if (!ft)
        return spvk_ir_op_error(v, op, "'%.*s' does not reference a valid function", (int)callee->length,
                                callee->string);
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    if (op->num_operands != ni)
        return spvk_ir_op_error(v, op, "incorrect number of operands for callee");
    for (uint32_t i = 0; i < ni; i++)
        if (op->operands[i].value->type != ft->types[i]) {
            type_buf a, b;
            return spvk_ir_op_error(v, op,
                                    "operand type mismatch: expected operand type %s, but provided %s for operand "
                                    "number %u",
                                    type_text(v, ft->types[i], &a), type_text(v, op->operands[i].value->type, &b), i);
        }
    if (op->num_results != nr)
        return spvk_ir_op_error(v, op, "incorrect number of results for callee");
    for (uint32_t i = 0; i < nr; i++)
        if (op->results[i].type != ft->types[ni + i]) {
            spvk_ir_op_error(v, op, "result type mismatch at index %u", i);
            char buf[1024];
            type_list(v, buf, sizeof buf, NULL, op->num_results, op->results);
            spvk_ir_op_note(v, op, "      op result types: %s", buf);
            type_list(v, buf, sizeof buf, ft->types + ni, nr, NULL);
            spvk_ir_op_note(v, op, "function result types: %s", buf);
            return false;
        }
    return true;
}

/* ---- func.call_indirect: `%f(%a, %b) attr-dict : (T...) -> (R...)` ---- */

bool func_call_indirect_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref callee;
    if (!spvk_ir_parse_operand(p, &callee) || !spvk_ir_parse_punct(p, "("))
        return false;
    spvk_ir_operand_ref *refs = NULL;
    uint32_t n = 0, cap = 0;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            if (n == cap) {
                uint32_t c = cap ? cap * 2 : 8;
                spvk_ir_operand_ref *r = spvk_ir_parser_scratch(p, c * sizeof *r);
                if (!r)
                    return false;
                if (n)
                    memcpy(r, refs, n * sizeof *r);
                refs = r;
                cap = c;
            }
            if (!spvk_ir_parse_operand(p, &refs[n]))
                return false;
            n++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *ft = spvk_ir_parse_type(p);
    if (!ft)
        return false;
    if (ft->dialect || ft->kind != SPVK_TYPE_FUNCTION)
        return spvk_ir_parser_error(p, "expected function type");
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    if (n != ni)
        return spvk_ir_parser_error_at_operand(p, n ? &refs[0] : &callee,
                                               "custom op 'func.call_indirect' %u operands present, but expected %u", n,
                                               ni);
    spvk_ir_value *c = spvk_ir_resolve_operand(p, &callee, ft);
    if (!c || !spvk_ir_state_add_operand(p, state, c))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *a = spvk_ir_resolve_operand(p, &refs[i], ft->types[i]);
        if (!a || !spvk_ir_state_add_operand(p, state, a))
            return false;
    }
    for (uint32_t i = 0; i < nr; i++)
        if (!spvk_ir_state_add_result_type(p, state, ft->types[ni + i]))
            return false;
    return true;
}

void func_call_indirect_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, op->operands[0].value);
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 1; i < op->num_operands; i++) {
        if (i > 1)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[i].value);
    }
    spvk_ir_print_text(p, ")");
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->operands[0].value->type);
}

bool func_call_indirect_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *ft = op->num_operands ? op->operands[0].value->type : NULL;
    if (!ft || ft->dialect || ft->kind != SPVK_TYPE_FUNCTION)
        return true; /* the ODS checks said it */
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    bool inputs = op->num_operands - 1 == ni, results = op->num_results == nr;
    for (uint32_t i = 0; inputs && i < ni; i++)
        inputs = op->operands[i + 1].value->type == ft->types[i];
    if (!inputs)
        return spvk_ir_op_error(v, op, "failed to verify that callee input types match argument types");
    for (uint32_t i = 0; results && i < nr; i++)
        results = op->results[i].type == ft->types[ni + i];
    if (!results)
        return spvk_ir_op_error(v, op, "failed to verify that callee result types match result types");
    return true;
}

/* ---- func.constant ---- */

bool func_constant_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *value = spvk_ir_op_attr(op, "value");
    if (!value || value->kind != SPVK_ATTR_SYMBOL_REF)
        return true; /* the ODS checks said it */
    spvk_ir_op *fn = spvk_ir_verifier_resolve_symbol(v, op, value);
    const spvk_ir_type *ft = is_func(fn) ? function_type_of(fn) : NULL;
    if (!ft)
        return spvk_ir_op_error(v, op, "reference to undefined function '%.*s'", (int)value->length, value->string);
    if (op->results[0].type != ft)
        return spvk_ir_op_error(v, op, "reference to function with mismatched type");
    return true;
}

/* ---- The dialect ---- */

/* The generated descriptions made into defs here rather than by spvk_ods_register_ops, so that
   func.func names func as the default dialect of its body (`return`, `call`). */
static bool register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    const spvk_ods_dialect *d = &spvk_func_ods;
    spvk_ir_op_def *defs = spvk_ir_alloc(ctx, sizeof *defs * d->num_ops);
    if (!defs)
        return false;
    memset(defs, 0, sizeof *defs * d->num_ops);
    for (uint32_t i = 0; i < d->num_ops; i++) {
        spvk_ods_fill_def(&defs[i], self, &d->ops[i]);
        if (!(defs[i].form_data = spvk_ods_form_data(ctx, &d->ops[i])))
            return false;
        if (strcmp(defs[i].name, "func.func") == 0)
            defs[i].default_dialect = "func";
        if (!spvk_ir_register_op(ctx, &defs[i]))
            return false;
    }
    return true;
}

static const spvk_ir_dialect func_dialect = {.name = "func", .register_ops = register_ops};

const spvk_ir_dialect *spvk_func_dialect(void) { return &func_dialect; }
