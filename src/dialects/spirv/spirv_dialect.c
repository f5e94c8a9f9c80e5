/* The spirv dialect: its registration. Every generic instruction of the operation table is an
   operation kind (its info in the def's data); the structural operations, which the
   (de)serializer builds from several instructions or from none, are listed here. Both get the
   custom form of spirv_custom_forms.c, where there is one, and the verifier of spirv_verify.c.
   A def is made the first time a context meets its name (make_op). */
#include <string.h>

#include "spirv_internal.h"
#include "../../ir/ir_internal.h"

typedef struct structural_op {
    const char *name;
    uint32_t traits;
    int32_t num_regions;
    bool has_info; /* the op stands for exactly the instruction of the info of the same name */
} structural_op;

/* MLIR 19's structural ops and spvkit's own additions (docs/spirv_dialect.md). */
static const structural_op structural_ops[] = {
    {"spirv.module",
     SPVK_TRAIT_SYMBOL_TABLE | SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_NO_TERMINATOR | SPVK_TRAIT_SINGLE_BLOCK |
         SPVK_TRAIT_SYMBOL,
     1, false},
    {"spirv.func", SPVK_TRAIT_SYMBOL | SPVK_TRAIT_ISOLATED_FROM_ABOVE, 1, false},
    {"spirv.GlobalVariable", SPVK_TRAIT_SYMBOL, 0, false},
    {"spirv.SpecConstant", SPVK_TRAIT_SYMBOL, 0, false},
    {"spirv.SpecConstantComposite", SPVK_TRAIT_SYMBOL, 0, true},
    {"spirv.SpecConstantOperation", SPVK_TRAIT_NO_SIDE_EFFECTS | SPVK_TRAIT_SINGLE_BLOCK, 1, false},
    {"spirv.mlir.yield", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.EntryPoint", 0, 0, true},
    {"spirv.ExecutionMode", 0, 0, true},
    /* spvkit's: OpExecutionModeId (LocalSizeId ...), whose operands are constants' ids. */
    {"spirv.ExecutionModeId", 0, 0, true},
    {"spirv.Constant", SPVK_TRAIT_CONSTANT_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.mlir.addressof", SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.mlir.referenceof", SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.mlir.selection", 0, 1, false},
    {"spirv.mlir.loop", 0, 1, false},
    {"spirv.mlir.merge", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.Branch", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, true},
    {"spirv.BranchConditional", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, true},
    /* spvkit's: MLIR 19 has no OpSwitch. */
    {"spirv.Switch", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, true},
    {"spirv.Return", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, true},
    {"spirv.ReturnValue", SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, true},
    {"spirv.FunctionCall", 0, 0, true},
    /* spvkit's own, beyond MLIR 19 (docs/spirv_dialect.md): OpConstantSampler, OpString and
       OpExtInst of a set with no ops of its own (NonSemantic.*). */
    {"spirv.ConstantSampler", SPVK_TRAIT_CONSTANT_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    /* OpConstantSizeOfEXT (SPV_EXT_descriptor_heap): `type`, materialized at uses like a constant */
    {"spirv.ConstantSizeOfEXT", SPVK_TRAIT_CONSTANT_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.String", SPVK_TRAIT_NO_SIDE_EFFECTS, 0, false},
    {"spirv.ExtInst", 0, 0, false},
};
#define NUM_STRUCTURAL (sizeof structural_ops / sizeof structural_ops[0])

/* A structural op's entry, or NULL. */
static const structural_op *structural_op_named(const char *name)
{
    for (size_t i = 0; i < NUM_STRUCTURAL; i++)
        if (strcmp(structural_ops[i].name, name) == 0)
            return &structural_ops[i];
    return NULL;
}

/* MLIR 19's inherent attributes of op `name` (a binary search of the generated table). */
static const spvk_spirv_inherent_attrs *inherent_of(const char *name)
{
    size_t lo = 0, hi = spvk_spirv_num_inherent;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(spvk_spirv_inherent[mid].op, name);
        if (c == 0)
            return &spvk_spirv_inherent[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The def of a structural op (first: the name may also be a generic instruction's) or of a
   generic instruction, with the verifier's data and the custom form, made the first time the
   context meets the name. Every thread reads it: it goes with the uniqued items
   (ir_alloc_immutable). */
static const spvk_ir_op_def *make_op(spvk_ir_context *ctx, const spvk_ir_dialect *self, const char *name)
{
    const structural_op *s = structural_op_named(name);
    const spvk_spirv_op_info *info = s && !s->has_info ? NULL : spvk_spirv_op_info_by_name(name, strlen(name));
    if (!s && !(info && (info->flags & SPVK_SPIRV_OP_GENERIC)))
        return NULL;
    struct made_op {
        spvk_ir_op_def def;
        spvk_spirv_op_data data;
    } *m = ir_alloc_immutable(ctx, sizeof *m);
    if (!m)
        return NULL;
    memset(m, 0, sizeof *m);
    spvk_ir_op_def *def = &m->def;
    def->name = name;
    def->dialect = self;
    def->traits = s ? s->traits : info->traits;
    def->num_regions = s ? s->num_regions : 0;
    m->data = spvk_spirv_verify_data(name, info);
    def->data = &m->data;
    def->verify = spvk_spirv_verify_op;
    const spvk_spirv_inherent_attrs *inherent = inherent_of(name);
    if (inherent) {
        def->inherent_attrs = inherent->names;
        def->num_inherent_attrs = inherent->count;
    }
    const spvk_spirv_custom_form *form = spvk_spirv_custom_form_lookup(name);
    if (form && form->parse && form->print) {
        def->parse = form->parse;
        def->print = form->print;
        def->form_data = spvk_spirv_custom_form_data(ctx, name);
    }
    return spvk_ir_context_failed(ctx) ? NULL : def;
}

static const char *const dialect_aliases[] = {"spv"};

static const spvk_ir_dialect spirv_dialect = {
    .name = "spirv",
    .aliases = dialect_aliases,
    .num_aliases = 1,
    .parse_type = spvk_spirv_parse_type,
    .print_type = spvk_spirv_print_type,
    .parse_attr = spvk_spirv_parse_attr,
    .print_attr = spvk_spirv_print_attr,
    .make_op = make_op,
};

const spvk_ir_dialect *spvk_spirv_dialect(void) { return &spirv_dialect; }
