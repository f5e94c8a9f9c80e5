/* The memref dialect's custom assembly: the custom<...> directives its formats name
   (DynamicIndexList, which vector shares, and GlobalMemrefOpTypeAndInitialValue) and the
   hand-written form of memref.generic_atomic_rmw, as MLIR 19 parses and prints them. */
#include <string.h>

#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"
#include "memref_internal.h"

/* ---- custom<DynamicIndexList>($values, $static_values) ----
   `[` (ssa-value | integer) (`,` ...)* `]`: each SSA value stands for a dynamic entry (SPVK_DYNAMIC
   in the static list) and is an index. */

bool memref_dynamic_index_list_parse(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args,
                                     uint32_t num_args)
{
    if (num_args < 2)
        return spvk_ir_parser_error(p, "custom<DynamicIndexList> takes an operand list and an attribute");
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    int64_t values[MEMREF_MAX_RANK];
    spvk_ir_operand_ref refs[MEMREF_MAX_RANK];
    uint32_t n = 0, nrefs = 0;
    if (!spvk_ir_parse_punct(p, "["))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "]")) {
        do {
            if (n == MEMREF_MAX_RANK)
                return spvk_ir_parser_error(p, "more than %d entries in a dynamic index list", MEMREF_MAX_RANK);
            if (spvk_ir_parse_optional_operand(p, &refs[nrefs])) {
                nrefs++;
                values[n++] = SPVK_DYNAMIC;
            } else {
                int64_t v;
                if (!spvk_ir_parse_optional_integer(p, &v))
                    return spvk_ir_parser_error(p, "expected SSA value or integer");
                values[n++] = v;
            }
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, "]"))
            return false;
    }
    const spvk_ir_attr *a = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS), values, n);
    if (!a)
        return spvk_ir_parser_error(p, "out of memory");
    return spvk_ods_custom_set_operands(s, &args[0], refs, nrefs) && spvk_ods_custom_set_attr(s, &args[1], a);
}

void memref_dynamic_index_list_print(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                                     const spvk_ods_element *args, uint32_t num_args)
{
    if (num_args < 2)
        return;
    uint32_t first = 0, count = 0;
    spvk_ods_custom_operands(s, &args[0], &first, &count);
    const spvk_ir_attr *a = spvk_ods_custom_attr(s, &args[1]);
    spvk_ir_print_text(p, "[");
    uint32_t dyn = 0;
    for (uint32_t i = 0; a && a->kind == SPVK_ATTR_DENSE_ARRAY && i < a->num_attrs; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        int64_t v = a->attrs[i] ? a->attrs[i]->value : 0;
        if (v == SPVK_DYNAMIC && dyn < count && first + dyn < op->num_operands)
            spvk_ir_print_value(p, op->operands[first + dyn++].value);
        else
            spvk_ir_print_int(p, v);
    }
    spvk_ir_print_text(p, "]");
}

/* ---- custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) ----
   memref-type (`=` (`uninitialized` | elements-attribute-without-its-type))? */

bool memref_global_type_and_initial_value_parse(spvk_ir_parser *p, spvk_ods_custom_state *s,
                                                const spvk_ods_element *args, uint32_t num_args)
{
    if (num_args < 2)
        return spvk_ir_parser_error(p, "custom<GlobalMemrefOpTypeAndInitialValue> takes two attributes");
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!memref_has_static_shape(t)) {
        char *text = spvk_ir_print_type(ctx, t);
        /* At the op's name, as MLIR's parser reports it. */
        bool r = spvk_ir_parser_op_error_at(p, spvk_ir_parser_op_name_location(p),
                                            "type should be static shaped memref, but got '%s'", text ? text : "?");
        if (text)
            spvk_free(spvk_ir_context_allocator(ctx), text, strlen(text) + 1);
        return r;
    }
    const spvk_ir_attr *ta = spvk_ir_type_attr(ctx, t);
    if (!ta || !spvk_ods_custom_set_attr(s, &args[0], ta))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "="))
        return true;
    const spvk_ir_attr *init;
    if (spvk_ir_parse_optional_keyword(p, "uninitialized"))
        init = spvk_ir_unit_attr(ctx);
    else {
        const spvk_ir_type *tensor = memref_tensor_of(ctx, t);
        init = tensor ? spvk_ir_parse_attr(p, tensor) : NULL;
        if (!init)
            return false;
        if (init->dialect || init->kind != SPVK_ATTR_DENSE)
            return spvk_ir_parser_op_error_at(p, spvk_ir_parser_op_name_location(p),
                                              "initial value should be a unit or elements attribute");
    }
    return init && spvk_ods_custom_set_attr(s, &args[1], init);
}

void memref_global_type_and_initial_value_print(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                                                const spvk_ods_element *args, uint32_t num_args)
{
    (void)op;
    if (num_args < 2)
        return;
    const spvk_ir_attr *ta = spvk_ods_custom_attr(s, &args[0]);
    const spvk_ir_attr *init = spvk_ods_custom_attr(s, &args[1]);
    if (ta && ta->kind == SPVK_ATTR_TYPE)
        spvk_ir_print_type_to(p, ta->type);
    if (!init)
        return;
    spvk_ir_print_text(p, " = ");
    if (!init->dialect && init->kind == SPVK_ATTR_UNIT)
        spvk_ir_print_text(p, "uninitialized");
    else
        spvk_ir_print_attr_without_type(p, init);
}

/* ---- memref.generic_atomic_rmw %m[%i, ...] : memref-type region attr-dict? ---- */

bool memref_generic_atomic_rmw_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref memref, ivs[MEMREF_MAX_RANK];
    uint32_t n = 0;
    if (!spvk_ir_parse_operand(p, &memref) || !spvk_ir_parse_punct(p, "["))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "]")) {
        do {
            if (n == MEMREF_MAX_RANK)
                return spvk_ir_parser_error(p, "more than %d indices", MEMREF_MAX_RANK);
            if (!spvk_ir_parse_operand(p, &ivs[n++]))
                return false;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, "]"))
            return false;
    }
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!memref_is_memref(t))
        return spvk_ir_parser_error(p, "expected a memref type");
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    spvk_ir_value *m = spvk_ir_resolve_operand(p, &memref, t);
    if (!m || !spvk_ir_state_add_operand(p, state, m))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &ivs[i], index);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    return spvk_ir_parse_region(p, state, NULL, NULL, 0) && spvk_ir_parse_optional_attr_dict(p, state) &&
           spvk_ir_state_add_result_type(p, state, memref_element(t));
}

void memref_generic_atomic_rmw_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_operands < 1 || op->num_regions != 1)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, op->operands[0].value);
    spvk_ir_print_text(p, "[");
    for (uint32_t i = 1; i < op->num_operands; i++) {
        if (i > 1)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[i].value);
    }
    spvk_ir_print_text(p, "] : ");
    spvk_ir_print_type_to(p, op->operands[0].value->type);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], true, false);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}
