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

static bool builtin_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    return spvk_ir_register_op(ctx, &builtin_module_def);
}

static const spvk_ir_dialect builtin_dialect = {
    .name = "builtin",
    .register_ops = builtin_register_ops,
};

const spvk_ir_dialect *spvk_ir_builtin_dialect(void) { return &builtin_dialect; }
