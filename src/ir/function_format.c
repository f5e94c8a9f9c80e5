/* Function-like ops' custom form (include/spvkit/ir_function.h), as MLIR 19's
   function_interface_impl parses and prints it. In the IR core so that every dialect with
   functions (func, gpu) shares one. */
#include <string.h>

#include "spvkit/ir_function.h"

/* Grows a scratch array of n items to hold one more; returns the array (moved or not). */
static void *grow(spvk_ir_parser *p, void *items, uint32_t n, size_t size)
{
    /* Room for 8, then doubling at each power of two. */
    if (n && (n < 8 || (n & (n - 1))))
        return items;
    char *bigger = spvk_ir_parser_scratch(p, (size_t)(n ? n * 2 : 8) * size);
    if (bigger && n)
        memcpy(bigger, items, (size_t)n * size);
    return bigger;
}

static const spvk_ir_attr *empty_dict(spvk_ir_parser *p)
{
    return spvk_ir_dictionary_attr(spvk_ir_parser_context(p), NULL, NULL, 0);
}

/* `{...}`? after a type: the dictionary, or an empty one. */
static const spvk_ir_attr *optional_dict(spvk_ir_parser *p)
{
    if (!spvk_ir_parser_at_punct(p, "{"))
        return empty_dict(p);
    const spvk_ir_attr *a = spvk_ir_parse_attr(p, NULL);
    if (a && (a->dialect || a->kind != SPVK_ATTR_DICTIONARY)) {
        spvk_ir_parser_error(p, "expected attribute dictionary");
        return NULL;
    }
    return a;
}

static bool parse_results(spvk_ir_parser *p, spvk_ir_function_signature *sig)
{
    if (!spvk_ir_parse_optional_punct(p, "(")) {
        /* One type without parentheses (not a function type: that needs them). */
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        sig->result_types = grow(p, NULL, 0, sizeof *sig->result_types);
        sig->result_attrs = grow(p, NULL, 0, sizeof *sig->result_attrs);
        if (!t || !sig->result_types || !sig->result_attrs || !(sig->result_attrs[0] = empty_dict(p)))
            return false;
        sig->result_types[0] = t;
        sig->num_results = 1;
        return true;
    }
    if (spvk_ir_parse_optional_punct(p, ")"))
        return true;
    do {
        uint32_t n = sig->num_results;
        if (!(sig->result_types = grow(p, sig->result_types, n, sizeof *sig->result_types)) ||
            !(sig->result_attrs = grow(p, sig->result_attrs, n, sizeof *sig->result_attrs)) ||
            !(sig->result_types[n] = spvk_ir_parse_type(p)) || !(sig->result_attrs[n] = optional_dict(p)))
            return false;
        sig->num_results++;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return spvk_ir_parse_punct(p, ")");
}

bool spvk_ir_parse_function_signature(spvk_ir_parser *p, bool allow_variadic, spvk_ir_function_signature *sig)
{
    memset(sig, 0, sizeof *sig);
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        bool named = spvk_ir_parser_at_operand(p);
        do {
            uint32_t n = sig->num_args;
            if (allow_variadic && spvk_ir_parse_optional_punct(p, "...")) {
                sig->variadic = true;
                break;
            }
            if (!(sig->arg_types = grow(p, sig->arg_types, n, sizeof *sig->arg_types)) ||
                !(sig->arg_attrs = grow(p, sig->arg_attrs, n, sizeof *sig->arg_attrs)))
                return false;
            if (named) {
                if (!(sig->arg_names = grow(p, sig->arg_names, n, sizeof *sig->arg_names)))
                    return false;
                if (!spvk_ir_parser_at_operand(p))
                    return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected SSA identifier");
                if (!spvk_ir_parse_operand(p, &sig->arg_names[n]) || !spvk_ir_parse_punct(p, ":"))
                    return false;
            } else if (spvk_ir_parser_at_operand(p)) {
                return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p),
                                                  "expected type instead of SSA identifier");
            }
            if (!(sig->arg_types[n] = spvk_ir_parse_type(p)) || !(sig->arg_attrs[n] = optional_dict(p)))
                return false;
            if (named)
                (void)spvk_ir_parse_optional_arg_location(p, &sig->arg_names[n]);
            sig->num_args++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (spvk_ir_parse_optional_punct(p, "->") && !parse_results(p, sig))
        return false;
    return true;
}

/* The ARRAY of the dictionaries, or NULL (and true) when all are empty. */
static bool dict_array(spvk_ir_parser *p, const spvk_ir_attr *const *dicts, uint32_t n, const spvk_ir_attr **out)
{
    *out = NULL;
    bool any = false;
    for (uint32_t i = 0; i < n && !any; i++)
        any = dicts[i]->num_attrs != 0;
    if (!any)
        return true;
    *out = spvk_ir_array_attr(spvk_ir_parser_context(p), dicts, n);
    return *out != NULL;
}

bool spvk_ir_state_add_function_signature(spvk_ir_parser *p, spvk_ir_op_state *state,
                                          const spvk_ir_function_signature *sig)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_type *ft = spvk_ir_function_type(ctx, sig->arg_types, sig->num_args, sig->result_types,
                                                   sig->num_results);
    const spvk_ir_attr *fta = ft ? spvk_ir_type_attr(ctx, ft) : NULL;
    if (!fta || !spvk_ir_state_add_attr(p, state, "function_type", fta))
        return false;
    const spvk_ir_attr *args, *results;
    if (!dict_array(p, sig->arg_attrs, sig->num_args, &args) ||
        !dict_array(p, sig->result_attrs, sig->num_results, &results))
        return false;
    return (!args || spvk_ir_state_add_attr(p, state, "arg_attrs", args)) &&
           (!results || spvk_ir_state_add_attr(p, state, "res_attrs", results));
}

bool spvk_ir_parse_function_op(spvk_ir_parser *p, spvk_ir_op_state *state, bool allow_variadic)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    static const char *const visibilities[] = {"public", "private", "nested"};
    for (int i = 0; i < 3; i++)
        if (spvk_ir_parse_optional_keyword(p, visibilities[i])) {
            const spvk_ir_attr *v = spvk_ir_string_attr(ctx, visibilities[i], strlen(visibilities[i]));
            if (!v || !spvk_ir_state_add_attr(p, state, "sym_visibility", v))
                return false;
            break;
        }
    const char *name;
    if (!spvk_ir_parse_optional_symbol_name(p, &name))
        return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p),
                                          "expected valid '@'-identifier for symbol name");
    const spvk_ir_attr *na = spvk_ir_string_attr(ctx, name, strlen(name));
    if (!na || !spvk_ir_state_add_attr(p, state, SPVK_IR_SYMBOL_NAME, na))
        return false;
    spvk_ir_function_signature sig;
    if (!spvk_ir_parse_function_signature(p, allow_variadic, &sig) || !spvk_ir_state_add_function_signature(p, state, &sig))
        return false;
    if (!spvk_ir_parse_optional_attr_dict_with_keyword(p, state))
        return false;
    if (!spvk_ir_parser_at_punct(p, "{"))
        return spvk_ir_state_add_empty_region(p, state);
    /* Unnamed arguments and a body: the body's entry block names them (`^bb0(%a: i32):`), as MLIR
       reads it; the verifier checks that they match the signature. */
    bool named = sig.arg_names != NULL;
    spvk_ir_operand_ref at;
    spvk_ir_parser_position(p, &at);
    bool parsed;
    if (!spvk_ir_parse_optional_region(p, state, named ? sig.arg_names : NULL, named ? sig.arg_types : NULL,
                                       named ? sig.num_args : 0, &parsed))
        return false;
    if (parsed && state->num_regions && spvk_ir_region_is_empty(state->regions[state->num_regions - 1])) {
        const char *op = state->def ? state->def->name : "";
        return spvk_ir_parser_error_at_operand(p, &at, "custom op '%s' expected non-empty function body", op);
    }
    return true;
}

/* ---- Printing ---- */

static const spvk_ir_attr *dict_at(const spvk_ir_attr *array, uint32_t i)
{
    if (!array || array->dialect || array->kind != SPVK_ATTR_ARRAY || i >= array->num_attrs)
        return NULL;
    const spvk_ir_attr *d = array->attrs[i];
    return d && !d->dialect && d->kind == SPVK_ATTR_DICTIONARY ? d : NULL;
}

void spvk_ir_print_function_signature(spvk_ir_printer *p, const spvk_ir_op *op, bool variadic)
{
    const spvk_ir_attr *fta = spvk_ir_op_attr(op, "function_type");
    const spvk_ir_type *ft = fta && fta->kind == SPVK_ATTR_TYPE ? fta->type : NULL;
    if (!ft || ft->dialect || ft->kind != SPVK_TYPE_FUNCTION) {
        spvk_ir_print_text(p, "()");
        return;
    }
    const spvk_ir_attr *arg_attrs = spvk_ir_op_attr(op, "arg_attrs"), *res_attrs = spvk_ir_op_attr(op, "res_attrs");
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    const spvk_ir_block *entry = op->num_regions ? op->regions[0].first : NULL;
    /* Arguments past the inputs are the op's own (gpu.func's workgroup and private attributions). */
    bool named = entry && entry->num_args >= ni;
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < ni; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        if (named) {
            spvk_ir_print_block_arg(p, entry->args[i]);
            spvk_ir_print_text(p, ": ");
        }
        spvk_ir_print_type_to(p, ft->types[i]);
        const spvk_ir_attr *d = dict_at(arg_attrs, i);
        if (d)
            spvk_ir_print_attr_dict(p, d, NULL, 0);
        if (named)
            spvk_ir_print_optional_location(p, entry->args[i]->loc);
    }
    if (variadic)
        spvk_ir_print_text(p, ni ? ", ..." : "...");
    spvk_ir_print_text(p, ")");
    if (!nr)
        return;
    spvk_ir_print_text(p, " -> ");
    const spvk_ir_type *r0 = ft->types[ni];
    const spvk_ir_attr *d0 = dict_at(res_attrs, 0);
    bool parens = nr > 1 || (!r0->dialect && r0->kind == SPVK_TYPE_FUNCTION) || (d0 && d0->num_attrs);
    if (parens)
        spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < nr; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, ft->types[ni + i]);
        const spvk_ir_attr *d = dict_at(res_attrs, i);
        if (d)
            spvk_ir_print_attr_dict(p, d, NULL, 0);
    }
    if (parens)
        spvk_ir_print_text(p, ")");
}

void spvk_ir_print_function_op(spvk_ir_printer *p, const spvk_ir_op *op, bool variadic,
                               const char *const *extra_elided, uint32_t num_extra_elided)
{
    spvk_ir_print_text(p, " ");
    const spvk_ir_attr *vis = spvk_ir_op_attr(op, "sym_visibility");
    if (vis && !vis->dialect && vis->kind == SPVK_ATTR_STRING) {
        spvk_ir_print_text_n(p, vis->string, vis->length);
        spvk_ir_print_text(p, " ");
    }
    const char *name = spvk_ir_symbol_name(op);
    spvk_ir_print_symbol_name(p, name ? name : "");
    spvk_ir_print_function_signature(p, op, variadic);
    const char *elided[16] = {SPVK_IR_SYMBOL_NAME, "sym_visibility", "function_type", "arg_attrs", "res_attrs"};
    uint32_t n = 5;
    for (uint32_t i = 0; i < num_extra_elided && n < 16; i++)
        elided[n++] = extra_elided[i];
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, n);
    if (op->num_regions && !spvk_ir_region_is_empty(&op->regions[0])) {
        spvk_ir_print_text(p, " ");
        spvk_ir_print_region(p, &op->regions[0], false, false);
    }
}
