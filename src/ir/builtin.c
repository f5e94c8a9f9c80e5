/* The builtin dialect: builtin.module (and `module` in text). Builtin types and attributes are the
   IR core's own (ir.h); the registry of every dialect spvkit ships is src/dialects/registry.c. */
#include <string.h>

#include "spvkit/ir_asm.h"
#include "ir_internal.h"

static bool verify_module(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    if (name && (name->kind != SPVK_ATTR_STRING || name->dialect))
        return spvk_ir_op_error(v, op, "requires 'sym_name' to be a string");
    /* Symbols directly inside must be unique. */
    spvk_ir_symbol_table t;
    if (!spvk_ir_symbol_table_build(spvk_ir_verifier_context(v), op, &t))
        return false;
    bool ok = true;
    if (op->num_regions == 1 && op->regions[0].first && t.count) {
        size_t named = 0;
        for (spvk_ir_op *o = op->regions[0].first->first; o; o = o->next)
            if (spvk_ir_symbol_name(o))
                named++;
        if (named != t.count)
            ok = spvk_ir_op_error(v, op, "defines a symbol name more than once");
    }
    spvk_ir_symbol_table_free(&t);
    return ok;
}

static const char *const module_inherent[] = {"sym_name", "sym_visibility"};

static const spvk_ir_op_def builtin_module_def = {
    .name = "builtin.module",
    .traits = SPVK_TRAIT_SYMBOL_TABLE | SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_NO_TERMINATOR |
              SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_GRAPH_REGION | SPVK_TRAIT_SYMBOL,
    .num_regions = 1,
    .verify = verify_module,
    .parse = spvk_ir_builtin_module_parse,
    .print = spvk_ir_builtin_module_print,
    .inherent_attrs = module_inherent,
    .num_inherent_attrs = 2,
};

/* ---- builtin.unrealized_conversion_cast ----
   `(%a, %b : T1, T2)? to R1, R2 attr-dict`: values of some types stand for values of others
   while a dialect conversion is under way; any combination is allowed (MLIR's
   areCastCompatible is always true), but at least one result. */

static bool verify_cast(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_results == 0)
        return spvk_ir_op_error(v, op, "expected at least one result for cast operation");
    return true;
}

/* A scratch array of n items with room for one more: items itself, or a bigger copy (NULL when
   out of memory). */
static void *scratch_grow(spvk_ir_parser *p, void *items, uint32_t n, size_t size)
{
    /* Room for 4, then doubling at each power of two: the old items are copied into the bigger
       scratch block. */
    if (n && (n < 4 || (n & (n - 1))))
        return items;
    char *bigger = spvk_ir_parser_scratch(p, (size_t)(n ? n * 2 : 4) * size);
    if (bigger && n)
        memcpy(bigger, items, (size_t)n * size);
    return bigger;
}

static bool parse_type_list(spvk_ir_parser *p, const spvk_ir_type ***types, uint32_t *count)
{
    do {
        if (!(*types = scratch_grow(p, *types, *count, sizeof **types)))
            return false;
        if (!((*types)[*count] = spvk_ir_parse_type(p)))
            return false;
        (*count)++;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return true;
}

static bool parse_cast(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref *refs = NULL;
    uint32_t num_refs = 0;
    if (spvk_ir_parser_at_operand(p)) {
        do {
            if (!(refs = scratch_grow(p, refs, num_refs, sizeof *refs)))
                return false;
            if (!spvk_ir_parse_operand(p, &refs[num_refs]))
                return false;
            num_refs++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        const spvk_ir_type **types = NULL;
        uint32_t num_types = 0;
        if (!spvk_ir_parse_punct(p, ":") || !parse_type_list(p, &types, &num_types))
            return false;
        if (num_types != num_refs)
            return spvk_ir_parser_error_at_operand(p, &refs[0],
                                                   "custom op 'builtin.unrealized_conversion_cast' %u operands "
                                                   "present, but expected %u",
                                                   num_refs, num_types);
        for (uint32_t i = 0; i < num_refs; i++) {
            spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs[i], types[i]);
            if (!v || !spvk_ir_state_add_operand(p, state, v))
                return false;
        }
    }
    const spvk_ir_type **results = NULL;
    uint32_t num_results = 0;
    if (!spvk_ir_parse_keyword(p, "to") || !parse_type_list(p, &results, &num_results))
        return false;
    for (uint32_t i = 0; i < num_results; i++)
        if (!spvk_ir_state_add_result_type(p, state, results[i]))
            return false;
    return spvk_ir_parse_optional_attr_dict(p, state);
}

static void print_cast(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_operands) {
        for (uint32_t i = 0; i < op->num_operands; i++) {
            spvk_ir_print_text(p, i ? ", " : " ");
            spvk_ir_print_value(p, op->operands[i].value);
        }
        spvk_ir_print_text(p, " :");
        for (uint32_t i = 0; i < op->num_operands; i++) {
            spvk_ir_print_text(p, i ? ", " : " ");
            spvk_ir_print_type_to(p, op->operands[i].value->type);
        }
    }
    spvk_ir_print_text(p, " to");
    for (uint32_t i = 0; i < op->num_results; i++) {
        spvk_ir_print_text(p, i ? ", " : " ");
        spvk_ir_print_type_to(p, op->results[i].type);
    }
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

static const spvk_ir_op_def builtin_cast_def = {
    .name = "builtin.unrealized_conversion_cast",
    .traits = SPVK_TRAIT_NO_SIDE_EFFECTS,
    .num_regions = 0,
    .verify = verify_cast,
    .parse = parse_cast,
    .print = print_cast,
    .effects = SPVK_EFFECT_KNOWN,
};

static bool builtin_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    return spvk_ir_register_op(ctx, &builtin_module_def) && spvk_ir_register_op(ctx, &builtin_cast_def);
}

static const spvk_ir_dialect builtin_dialect = {
    .name = "builtin",
    .register_ops = builtin_register_ops,
};

const spvk_ir_dialect *spvk_ir_builtin_dialect(void) { return &builtin_dialect; }
