/* Unit tests of the serializer (spvk_spirv_serialize): small spirv.modules built with the IR API,
   checked word by word: the layout order, module-wide uniquing of types and constants, dense ids,
   decorations (from attributes, from struct types, Block on interface structs), control flow
   (structured regions, OpPhi, merge instructions, switch), spec constants, forward pointers, and
   errors and out-of-memory on bad input. Set SPVK_TEST_DUMP=dir to write the modules out (for
   spirv-val). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/spirv_dialect.h"
#include "../unit/test.h"

/* ---- Building IR ---- */

typedef struct tctx {
    spvk_ir_context *ctx;
    const spvk_ir_type *i1, *i32, *si32, *f32, *f16, *none, *v4f32, *v3i32;
} tctx;

static const spvk_ir_attr *en(tctx *t, unsigned kind, uint32_t v) { return spvk_spirv_enum_attr(t->ctx, kind, v); }
static const spvk_ir_attr *str(tctx *t, const char *s) { return spvk_ir_string_attr(t->ctx, s, strlen(s)); }
static const spvk_ir_attr *sym(tctx *t, const char *s) { return spvk_ir_symbol_ref_attr(t->ctx, s, strlen(s)); }
static const spvk_ir_attr *i32a(tctx *t, int64_t v) { return spvk_ir_integer_attr(t->ctx, t->i32, v); }
static const spvk_ir_attr *tya(tctx *t, const spvk_ir_type *ty) { return spvk_ir_type_attr(t->ctx, ty); }

/* A dictionary from alternating name, value arguments ending with NULL. */
static const spvk_ir_attr *dict(tctx *t, ...)
{
    const char *names[16];
    const spvk_ir_attr *values[16];
    uint32_t n = 0;
    va_list ap;
    va_start(ap, t);
    for (;;) {
        const char *name = va_arg(ap, const char *);
        if (!name || n == 16)
            break;
        names[n] = name;
        values[n] = va_arg(ap, const spvk_ir_attr *);
        n++;
    }
    va_end(ap);
    return spvk_ir_dictionary_attr(t->ctx, names, values, n);
}

typedef struct opspec {
    const char *name;
    spvk_ir_value *operands[8];
    uint32_t num_operands;
    const spvk_ir_type *result;
    const spvk_ir_attr *attrs;
    spvk_ir_block *successors[4];
    uint32_t num_successors;
    uint32_t num_regions;
} opspec;

static spvk_ir_op *add(tctx *t, spvk_ir_block *block, opspec spec)
{
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = spec.name;
    s.name_length = strlen(spec.name);
    s.operands = spec.operands;
    s.num_operands = spec.num_operands;
    s.result_types = &spec.result;
    s.num_results = spec.result ? 1 : 0;
    s.successors = spec.successors;
    s.num_successors = spec.num_successors;
    s.num_regions = spec.num_regions;
    s.attrs = spec.attrs;
    spvk_ir_op *op = spvk_ir_op_create(t->ctx, &s);
    if (op && block)
        spvk_ir_block_append(block, op);
    return op;
}

static spvk_ir_value *val(tctx *t, spvk_ir_block *b, opspec spec)
{
    spvk_ir_op *op = add(t, b, spec);
    return op && op->num_results ? spvk_ir_result(op, 0) : NULL;
}

static spvk_ir_block *new_block(tctx *t, spvk_ir_region *r)
{
    spvk_ir_block *b = spvk_ir_block_create(t->ctx);
    spvk_ir_region_append(r, b);
    return b;
}

static spvk_ir_value *cst(tctx *t, spvk_ir_block *b, const spvk_ir_attr *value, const spvk_ir_type *type)
{
    return val(t, b, (opspec){.name = "spirv.Constant", .result = type, .attrs = dict(t, "value", value, NULL)});
}

static void init(tctx *t, spvk_ir_context *ctx)
{
    t->ctx = ctx;
    t->i1 = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    t->i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    t->si32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNED);
    t->f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    t->f16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_IEEE);
    t->none = spvk_ir_none_type(ctx);
    int64_t four = 4, three = 3;
    t->v4f32 = spvk_ir_vector_type(ctx, &four, 1, t->f32);
    t->v3i32 = spvk_ir_vector_type(ctx, &three, 1, t->i32);
}

static spvk_ir_block *new_module(tctx *t, spvk_ir_op **module, uint32_t version, const uint32_t *caps, uint32_t ncaps,
                                 uint32_t addressing, uint32_t memory)
{
    const spvk_ir_attr *vce = spvk_spirv_vce_attr(t->ctx, version, caps, ncaps, NULL, 0);
    *module = add(t, NULL,
                  (opspec){.name = "spirv.module",
                           .num_regions = 1,
                           .attrs = dict(t, "addressing_model", en(t, SPVK_OPERAND_AddressingModel, addressing),
                                         "memory_model", en(t, SPVK_OPERAND_MemoryModel, memory), "vce_triple", vce,
                                         NULL)});
    return new_block(t, &(*module)->regions[0]);
}

/* A function; returns its entry block (arguments added for the inputs). */
static spvk_ir_block *new_func(tctx *t, spvk_ir_block *module_body, const char *name, const spvk_ir_type *const *inputs,
                               uint32_t n_inputs, const spvk_ir_type *result, spvk_ir_op **func_out)
{
    const spvk_ir_type *ft = spvk_ir_function_type(t->ctx, inputs, n_inputs, &result, result ? 1 : 0);
    spvk_ir_op *f = add(t, module_body,
                        (opspec){.name = "spirv.func",
                                 .num_regions = 1,
                                 .attrs = dict(t, "sym_name", str(t, name), "function_type", tya(t, ft),
                                               "function_control", en(t, SPVK_OPERAND_FunctionControl, 0), NULL)});
    spvk_ir_block *entry = new_block(t, &f->regions[0]);
    for (uint32_t i = 0; i < n_inputs; i++)
        spvk_ir_block_add_arg(t->ctx, entry, inputs[i]);
    if (func_out)
        *func_out = f;
    return entry;
}

/* ---- Reading words ---- */

typedef struct inst {
    uint32_t opcode, count;
    const uint32_t *w; /* w[0] is the first word after the opcode word */
} inst;

static size_t insts(const uint32_t *words, size_t n, inst *out, size_t max)
{
    size_t k = 0;
    for (size_t i = 5; i < n && k < max;) {
        uint32_t wc = words[i] >> 16;
        if (wc == 0 || i + wc > n)
            return 0;
        out[k].opcode = words[i] & 0xffff;
        out[k].count = wc - 1;
        out[k].w = words + i + 1;
        k++;
        i += wc;
    }
    return k;
}

static size_t count_op(const inst *is, size_t n, uint32_t opcode)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += is[i].opcode == opcode;
    return c;
}

static const inst *find_op(const inst *is, size_t n, uint32_t opcode, size_t nth)
{
    for (size_t i = 0; i < n; i++)
        if (is[i].opcode == opcode && nth-- == 0)
            return &is[i];
    return NULL;
}

static size_t index_of(const inst *is, size_t n, uint32_t opcode)
{
    for (size_t i = 0; i < n; i++)
        if (is[i].opcode == opcode)
            return i;
    return n;
}

/* The section a module-level opcode belongs to, for the layout order check. */
static int section(uint32_t op)
{
    switch (op) {
    case SPVK_OP_Capability: return 0;
    case SPVK_OP_Extension: return 1;
    case SPVK_OP_ExtInstImport: return 2;
    case SPVK_OP_MemoryModel: return 3;
    case SPVK_OP_EntryPoint: return 4;
    case SPVK_OP_ExecutionMode:
    case SPVK_OP_ExecutionModeId: return 5;
    case SPVK_OP_String: return 6;
    case SPVK_OP_Name:
    case SPVK_OP_MemberName: return 6;
    case SPVK_OP_Decorate:
    case SPVK_OP_MemberDecorate:
    case SPVK_OP_DecorateId:
    case SPVK_OP_DecorateString:
    case SPVK_OP_MemberDecorateString: return 7;
    case SPVK_OP_Function: return 9;
    default: return -1;
    }
}

/* Layout order; every result id defined once and below the bound; every id in [1, bound) used. */
static void check_module(const uint32_t *words, size_t n, const char *dump_name)
{
    CHECK(n >= 5 && words[0] == SPVK_MAGIC && words[2] == SPVK_GENERATOR_WORD && words[4] == 0);
    if (n < 5)
        return;
    static inst is[4096];
    size_t k = insts(words, n, is, 4096);
    CHECK(k > 0);
    int last = 0;
    bool in_functions = false, ordered = true;
    for (size_t i = 0; i < k; i++) {
        int sec = section(is[i].opcode);
        if (is[i].opcode == SPVK_OP_Function)
            in_functions = true;
        if (in_functions)
            continue;
        if (sec < 0)
            sec = 8; /* types, constants, globals */
        if (sec < last)
            ordered = false;
        last = sec;
    }
    CHECK(ordered);
    uint32_t bound = words[3];
    unsigned char *defined = calloc(bound ? bound : 1, 1);
    bool ids_ok = true;
    for (size_t i = 0; i < k; i++) {
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(is[i].opcode);
        if (!d)
            continue;
        uint32_t pos = 0;
        for (uint8_t o = 0; o < d->num_operands && pos < is[i].count; o++) {
            if (d->operands[o].kind == SPVK_OPERAND_IdResultType) {
                pos++;
                continue;
            }
            if (d->operands[o].kind == SPVK_OPERAND_IdResult) {
                uint32_t id = is[i].w[pos];
                if (id == 0 || id >= bound || defined[id])
                    ids_ok = false;
                else
                    defined[id] = 1;
            }
            break;
        }
        if (is[i].opcode == SPVK_OP_TypeForwardPointer) /* declares, the OpTypePointer defines */
            continue;
    }
    for (uint32_t id = 1; id < bound; id++)
        if (!defined[id])
            ids_ok = false;
    CHECK(ids_ok);
    free(defined);
    const char *dir = getenv("SPVK_TEST_DUMP");
    if (dir && dump_name) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.spv", dir, dump_name);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(words, 4, n, f);
            fclose(f);
        }
    }
}

static bool serialize(tctx *t, spvk_ir_op *module, uint32_t **words, size_t *n, spvk_diagnostics *diags)
{
    return spvk_spirv_serialize(t->ctx, module, words, n, diags) == SPVK_OK;
}

static void free_words(uint32_t *words, size_t n) { spvk_free(NULL, words, n * 4); }

static bool diags_mention(const spvk_diagnostics *d, const char *needle)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].message && strstr(d->items[i].message, needle))
            return true;
    return false;
}

/* ---- A compute shader: buffer += 1 ---- */

static spvk_ir_op *build_compute(tctx *t, bool with_vce)
{
    uint32_t caps[] = {SPVK_CAPABILITY_Shader};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(t, &module, SPVK_VERSION(1, 4), caps, 1, SPVK_ADDRESSING_MODEL_Logical,
                                     SPVK_MEMORY_MODEL_GLSL450);
    if (!with_vce)
        spvk_ir_op_remove_attr(t->ctx, module, "vce_triple");
    const spvk_ir_type *rta = spvk_spirv_runtime_array_type(t->ctx, t->i32, 4);
    int64_t offsets[1] = {0};
    const spvk_ir_type *st = spvk_spirv_struct_type(t->ctx, &rta, 1, offsets, NULL);
    const spvk_ir_type *ptr = spvk_spirv_pointer_type(t->ctx, st, SPVK_STORAGE_CLASS_StorageBuffer);
    const spvk_ir_type *ptr_i32 = spvk_spirv_pointer_type(t->ctx, t->i32, SPVK_STORAGE_CLASS_StorageBuffer);
    const spvk_ir_type *in_ptr = spvk_spirv_pointer_type(t->ctx, t->v3i32, SPVK_STORAGE_CLASS_Input);
    const spvk_ir_type *in_i32 = spvk_spirv_pointer_type(t->ctx, t->i32, SPVK_STORAGE_CLASS_Input);
    add(t, body,
        (opspec){.name = "spirv.GlobalVariable",
                 .attrs = dict(t, "sym_name", str(t, "buf"), "type", tya(t, ptr), "binding", i32a(t, 0),
                               "descriptor_set", i32a(t, 0), NULL)});
    add(t, body,
        (opspec){.name = "spirv.GlobalVariable",
                 .attrs = dict(t, "sym_name", str(t, "gid"), "type", tya(t, in_ptr), "built_in",
                               str(t, "GlobalInvocationId"), NULL)});
    spvk_ir_block *e = new_func(t, body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *gid = val(t, e, (opspec){.name = "spirv.mlir.addressof", .result = in_ptr,
                                            .attrs = dict(t, "variable", sym(t, "gid"), NULL)});
    spvk_ir_value *zero = cst(t, e, i32a(t, 0), t->i32);
    spvk_ir_value *gx_ptr = val(t, e, (opspec){.name = "spirv.AccessChain", .operands = {gid, zero}, .num_operands = 2,
                                               .result = in_i32});
    spvk_ir_value *gx = val(t, e, (opspec){.name = "spirv.Load", .operands = {gx_ptr}, .num_operands = 1, .result = t->i32});
    spvk_ir_value *buf = val(t, e, (opspec){.name = "spirv.mlir.addressof", .result = ptr,
                                            .attrs = dict(t, "variable", sym(t, "buf"), NULL)});
    spvk_ir_value *zero2 = cst(t, e, i32a(t, 0), t->i32); /* the same constant again: one OpConstant */
    spvk_ir_value *elem = val(t, e, (opspec){.name = "spirv.AccessChain", .operands = {buf, zero2, gx},
                                             .num_operands = 3, .result = ptr_i32});
    spvk_ir_value *x = val(t, e, (opspec){.name = "spirv.Load", .operands = {elem}, .num_operands = 1, .result = t->i32});
    spvk_ir_value *one = cst(t, e, i32a(t, 1), t->i32);
    spvk_ir_value *sum = val(t, e, (opspec){.name = "spirv.IAdd", .operands = {x, one}, .num_operands = 2,
                                            .result = t->i32, .attrs = dict(t, "no_signed_wrap", spvk_ir_unit_attr(t->ctx), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {elem, sum}, .num_operands = 2});
    add(t, e, (opspec){.name = "spirv.Return"});
    const spvk_ir_attr *iface[2] = {sym(t, "gid"), sym(t, "buf")};
    add(t, body, (opspec){.name = "spirv.EntryPoint",
                          .attrs = dict(t, "execution_model", en(t, SPVK_OPERAND_ExecutionModel, SPVK_EXECUTION_MODEL_GLCompute),
                                        "fn", sym(t, "main"), "interface", spvk_ir_array_attr(t->ctx, iface, 2), NULL)});
    const spvk_ir_attr *ones[3] = {i32a(t, 64), i32a(t, 1), i32a(t, 1)};
    add(t, body, (opspec){.name = "spirv.ExecutionMode",
                          .attrs = dict(t, "fn", sym(t, "main"), "execution_mode",
                                        en(t, SPVK_OPERAND_ExecutionMode, SPVK_EXECUTION_MODE_LocalSize), "values",
                                        spvk_ir_array_attr(t->ctx, ones, 3), NULL)});
    return module;
}

static void test_compute(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    spvk_ir_op *module = build_compute(&t, true);
    CHECK(module != NULL);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    bool ok = serialize(&t, module, &words, &n, &diags);
    CHECK(ok);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "  %s\n", diags.items[i].message);
    if (ok) {
        check_module(words, n, "compute");
        CHECK(words[1] == SPVK_VERSION(1, 4));
        static inst is[512];
        size_t k = insts(words, n, is, 512);
        CHECK(count_op(is, k, SPVK_OP_Capability) == 1);
        CHECK(count_op(is, k, SPVK_OP_TypeInt) == 1);
        /* 0 appears twice in the IR (and once more as ... no): one OpConstant per value. */
        size_t zeros = 0, constants = count_op(is, k, SPVK_OP_Constant);
        for (size_t i = 0; i < k; i++)
            if (is[i].opcode == SPVK_OP_Constant && is[i].w[2] == 0)
                zeros++;
        CHECK(zeros == 1);
        CHECK(constants == 2);
        /* Decorations: Block on the struct, Offset 0, ArrayStride 4, Binding, DescriptorSet, BuiltIn,
           NoSignedWrap on the add. */
        size_t block = 0, stride = 0, binding = 0, builtin = 0, nsw = 0, offset = 0;
        for (size_t i = 0; i < k; i++) {
            if (is[i].opcode == SPVK_OP_Decorate) {
                block += is[i].w[1] == SPVK_DECORATION_Block;
                stride += is[i].w[1] == SPVK_DECORATION_ArrayStride && is[i].w[2] == 4;
                binding += is[i].w[1] == SPVK_DECORATION_Binding || is[i].w[1] == SPVK_DECORATION_DescriptorSet;
                builtin += is[i].w[1] == SPVK_DECORATION_BuiltIn && is[i].w[2] == SPVK_BUILT_IN_GlobalInvocationId;
                nsw += is[i].w[1] == SPVK_DECORATION_NoSignedWrap;
            }
            if (is[i].opcode == SPVK_OP_MemberDecorate)
                offset += is[i].w[2] == SPVK_DECORATION_Offset && is[i].w[3] == 0;
        }
        CHECK(block == 1 && stride == 1 && binding == 2 && builtin == 1 && nsw == 1 && offset == 1);
        const inst *ep = find_op(is, k, SPVK_OP_EntryPoint, 0);
        CHECK(ep && ep->w[0] == SPVK_EXECUTION_MODEL_GLCompute && ep->count == 6 && memcmp(&ep->w[2], "main", 4) == 0);
        const inst *em = find_op(is, k, SPVK_OP_ExecutionMode, 0);
        CHECK(em && em->count == 5 && em->w[1] == SPVK_EXECUTION_MODE_LocalSize && em->w[2] == 64);
        CHECK(count_op(is, k, SPVK_OP_Name) == 3);
        /* The function: OpFunction, OpLabel, two loads, OpIAdd, OpStore, OpReturn, OpFunctionEnd. */
        size_t f = index_of(is, k, SPVK_OP_Function);
        CHECK(f + 1 < k && is[f + 1].opcode == SPVK_OP_Label);
        CHECK(is[k - 1].opcode == SPVK_OP_FunctionEnd && is[k - 2].opcode == SPVK_OP_Return);
        free_words(words, n);
    }
    /* Without vce_triple: a clear error, no words. */
    spvk_diagnostics_free(&diags);
    spvk_diagnostics_init(&diags, NULL);
    module = build_compute(&t, false);
    words = NULL;
    CHECK(spvk_spirv_serialize(ctx, module, &words, &n, &diags) == SPVK_ERROR_INVALID);
    CHECK(words == NULL && n == 0);
    CHECK(diags_mention(&diags, "vce_triple"));
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- Control flow: a loop counting to n, a selection yielding a value, a switch ---- */

static spvk_ir_op *build_control_flow(tctx *t)
{
    uint32_t caps[] = {SPVK_CAPABILITY_Shader};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(t, &module, SPVK_VERSION(1, 0), caps, 1, SPVK_ADDRESSING_MODEL_Logical,
                                     SPVK_MEMORY_MODEL_GLSL450);
    const spvk_ir_type *params[2] = {t->i1, t->i32};
    spvk_ir_op *fn;
    spvk_ir_block *e = new_func(t, body, "f", params, 2, t->i32, &fn);
    spvk_ir_value *c = e->args[0], *n = e->args[1];
    spvk_ir_value *zero = cst(t, e, i32a(t, 0), t->i32);

    /* Loop: ^entry -> ^header(%i) -> ^body -> ^continue -> ^header ; ^header -> ^merge */
    spvk_ir_op *loop = add(t, e, (opspec){.name = "spirv.mlir.loop", .num_regions = 1,
                                          .attrs = dict(t, "loop_control", en(t, SPVK_OPERAND_LoopControl, 0), NULL)});
    spvk_ir_region *lr = &loop->regions[0];
    spvk_ir_block *l_entry = new_block(t, lr), *l_header = new_block(t, lr), *l_body = new_block(t, lr),
                  *l_cont = new_block(t, lr), *l_merge = new_block(t, lr);
    spvk_ir_value *i = spvk_ir_block_add_arg(t->ctx, l_header, t->i32);
    add(t, l_entry, (opspec){.name = "spirv.Branch", .operands = {zero}, .num_operands = 1,
                             .successors = {l_header}, .num_successors = 1});
    spvk_ir_value *cmp = val(t, l_header, (opspec){.name = "spirv.SLessThan", .operands = {i, n}, .num_operands = 2,
                                                   .result = t->i1});
    add(t, l_header, (opspec){.name = "spirv.BranchConditional", .operands = {cmp}, .num_operands = 1,
                              .successors = {l_body, l_merge}, .num_successors = 2});
    add(t, l_body, (opspec){.name = "spirv.Branch", .successors = {l_cont}, .num_successors = 1});
    spvk_ir_value *one = cst(t, l_cont, i32a(t, 1), t->i32);
    spvk_ir_value *next = val(t, l_cont, (opspec){.name = "spirv.IAdd", .operands = {i, one}, .num_operands = 2,
                                                  .result = t->i32});
    add(t, l_cont, (opspec){.name = "spirv.Branch", .operands = {next}, .num_operands = 1,
                            .successors = {l_header}, .num_successors = 1});
    add(t, l_merge, (opspec){.name = "spirv.mlir.merge"});

    /* Selection yielding a value through the merge block's argument. */
    spvk_ir_op *sel = add(t, e, (opspec){.name = "spirv.mlir.selection", .num_regions = 1, .result = t->i32,
                                         .attrs = dict(t, "selection_control",
                                                       en(t, SPVK_OPERAND_SelectionControl, 0), NULL)});
    spvk_ir_region *sr = &sel->regions[0];
    spvk_ir_block *s_head = new_block(t, sr), *s_then = new_block(t, sr), *s_else = new_block(t, sr),
                  *s_merge = new_block(t, sr);
    spvk_ir_value *phi = spvk_ir_block_add_arg(t->ctx, s_merge, t->i32);
    add(t, s_head, (opspec){.name = "spirv.BranchConditional", .operands = {c}, .num_operands = 1,
                            .successors = {s_then, s_else}, .num_successors = 2});
    spvk_ir_value *seven = cst(t, s_then, i32a(t, 7), t->i32);
    add(t, s_then, (opspec){.name = "spirv.Branch", .operands = {seven}, .num_operands = 1,
                            .successors = {s_merge}, .num_successors = 1});
    add(t, s_else, (opspec){.name = "spirv.Branch", .operands = {n}, .num_operands = 1,
                            .successors = {s_merge}, .num_successors = 1});
    add(t, s_merge, (opspec){.name = "spirv.mlir.merge", .operands = {phi}, .num_operands = 1});
    spvk_ir_value *r = spvk_ir_result(sel, 0);

    /* A switch selection on n: cases 1 and 5. */
    spvk_ir_op *sw = add(t, e, (opspec){.name = "spirv.mlir.selection", .num_regions = 1});
    spvk_ir_region *wr = &sw->regions[0];
    spvk_ir_block *w_head = new_block(t, wr), *w_a = new_block(t, wr), *w_merge = new_block(t, wr);
    const spvk_ir_attr *lits[2] = {i32a(t, 1), i32a(t, 5)};
    add(t, w_head, (opspec){.name = "spirv.Switch", .operands = {n}, .num_operands = 1,
                            .successors = {w_merge, w_a, w_a}, .num_successors = 3,
                            .attrs = dict(t, "case_values", spvk_ir_array_attr(t->ctx, lits, 2), NULL)});
    add(t, w_a, (opspec){.name = "spirv.Branch", .successors = {w_merge}, .num_successors = 1});
    add(t, w_merge, (opspec){.name = "spirv.mlir.merge"});

    add(t, e, (opspec){.name = "spirv.ReturnValue", .operands = {r}, .num_operands = 1});

    /* An entry point calling f. */
    spvk_ir_block *m = new_func(t, body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *tr = cst(t, m, spvk_ir_bool_attr(t->ctx, true), t->i1);
    spvk_ir_value *ten = cst(t, m, i32a(t, 10), t->i32);
    add(t, m, (opspec){.name = "spirv.FunctionCall", .operands = {tr, ten}, .num_operands = 2, .result = t->i32,
                       .attrs = dict(t, "callee", sym(t, "f"), NULL)});
    add(t, m, (opspec){.name = "spirv.Return"});
    add(t, body, (opspec){.name = "spirv.EntryPoint",
                          .attrs = dict(t, "execution_model", en(t, SPVK_OPERAND_ExecutionModel, SPVK_EXECUTION_MODEL_GLCompute),
                                        "fn", sym(t, "main"), "interface", spvk_ir_array_attr(t->ctx, NULL, 0), NULL)});
    const spvk_ir_attr *ones[3] = {i32a(t, 1), i32a(t, 1), i32a(t, 1)};
    add(t, body, (opspec){.name = "spirv.ExecutionMode",
                          .attrs = dict(t, "fn", sym(t, "main"), "execution_mode",
                                        en(t, SPVK_OPERAND_ExecutionMode, SPVK_EXECUTION_MODE_LocalSize), "values",
                                        spvk_ir_array_attr(t->ctx, ones, 3), NULL)});
    return module;
}

static void test_control_flow(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    spvk_ir_op *module = build_control_flow(&t);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    bool ok = serialize(&t, module, &words, &n, &diags);
    CHECK(ok);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "  %s\n", diags.items[i].message);
    if (ok) {
        check_module(words, n, "control_flow");
        static inst is[512];
        size_t k = insts(words, n, is, 512);
        /* Loop header: OpLabel, OpPhi (two incoming), ..., OpLoopMerge right before the branch. */
        const inst *lm = find_op(is, k, SPVK_OP_LoopMerge, 0);
        CHECK(lm && lm[1].opcode == SPVK_OP_BranchConditional);
        const inst *phi = find_op(is, k, SPVK_OP_Phi, 0);
        CHECK(phi && phi->count == 6 && phi[-1].opcode == SPVK_OP_Label);
        /* The phi's incoming blocks: the block before the loop (the entry label) and the continue block. */
        const inst *entry_label = find_op(is, k, SPVK_OP_Label, 0);
        CHECK(phi && entry_label && (phi->w[3] == entry_label->w[0] || phi->w[5] == entry_label->w[0]));
        /* The continue target named by OpLoopMerge is the block that branches back. */
        if (lm) {
            uint32_t cont = lm->w[1];
            bool found = false;
            for (size_t i = 0; i + 2 < k; i++)
                if (is[i].opcode == SPVK_OP_Label && is[i].w[0] == cont)
                    found = true;
            CHECK(found);
        }
        /* Selection: OpSelectionMerge before the conditional branch, the merge label opens with an OpPhi,
           and the function returns that phi. */
        const inst *sm = find_op(is, k, SPVK_OP_SelectionMerge, 0);
        CHECK(sm && sm[1].opcode == SPVK_OP_BranchConditional);
        const inst *phi2 = find_op(is, k, SPVK_OP_Phi, 1);
        CHECK(phi2 && sm && phi2[-1].opcode == SPVK_OP_Label && phi2[-1].w[0] == sm->w[0] && phi2->count == 6);
        const inst *rv = find_op(is, k, SPVK_OP_ReturnValue, 0);
        CHECK(rv && phi2 && rv->w[0] == phi2->w[1]);
        /* Switch: OpSelectionMerge, then OpSwitch %n %merge 1 %a 5 %a. */
        const inst *sw = find_op(is, k, SPVK_OP_Switch, 0);
        CHECK(sw && sw->count == 6 && sw->w[2] == 1 && sw->w[4] == 5 && sw->w[3] == sw->w[5]);
        CHECK(sw && sw[-1].opcode == SPVK_OP_SelectionMerge && sw[-1].w[0] == sw->w[1]);
        /* The call: OpFunctionCall %int %id %f %true %10; one OpConstantTrue. */
        CHECK(count_op(is, k, SPVK_OP_FunctionCall) == 1 && count_op(is, k, SPVK_OP_ConstantTrue) == 1);
        CHECK(count_op(is, k, SPVK_OP_TypeFunction) == 2);
        free_words(words, n);
    }
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- Types and constants: spec constants, composites, a recursive struct, f16 bits ---- */

static spvk_ir_op *build_types(tctx *t)
{
    uint32_t caps[] = {SPVK_CAPABILITY_Shader, SPVK_CAPABILITY_Float16, SPVK_CAPABILITY_PhysicalStorageBufferAddresses};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(t, &module, SPVK_VERSION(1, 6), caps, 3,
                                     SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64, SPVK_MEMORY_MODEL_GLSL450);
    /* struct Node { Node* next; float v; } in PhysicalStorageBuffer, held by a push constant. */
    spvk_ir_type *node = spvk_spirv_identified_struct(t->ctx, "Node", 4);
    const spvk_ir_type *node_ptr = spvk_spirv_pointer_type(t->ctx, node, SPVK_STORAGE_CLASS_PhysicalStorageBuffer);
    const spvk_ir_type *members[2] = {node_ptr, t->f32};
    int64_t offsets[2] = {0, 8};
    spvk_spirv_identified_struct_set_body(t->ctx, node, members, 2, offsets, NULL);
    int64_t pc_off = 0;
    const spvk_ir_type *pc = spvk_spirv_struct_type(t->ctx, &node_ptr, 1, &pc_off, NULL);
    const spvk_ir_type *pc_ptr = spvk_spirv_pointer_type(t->ctx, pc, SPVK_STORAGE_CLASS_PushConstant);
    add(t, body, (opspec){.name = "spirv.GlobalVariable", .attrs = dict(t, "sym_name", str(t, "pc"), "type", tya(t, pc_ptr), NULL)});
    /* Spec constants: a scalar with SpecId 3, a composite of it and a normal constant. */
    add(t, body, (opspec){.name = "spirv.SpecConstant",
                          .attrs = dict(t, "sym_name", str(t, "sx"), "default_value", i32a(t, 8), "spec_id", i32a(t, 3), NULL)});
    const spvk_ir_attr *cons[3] = {sym(t, "sx"), i32a(t, 1), i32a(t, 1)};
    add(t, body, (opspec){.name = "spirv.SpecConstantComposite",
                          .attrs = dict(t, "sym_name", str(t, "wgs"), "type", tya(t, t->v3i32), "constituents",
                                        spvk_ir_array_attr(t->ctx, cons, 3), "built_in", str(t, "WorkgroupSize"), NULL)});
    spvk_ir_block *e = new_func(t, body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *p = val(t, e, (opspec){.name = "spirv.mlir.addressof", .result = pc_ptr,
                                          .attrs = dict(t, "variable", sym(t, "pc"), NULL)});
    (void)p;
    /* A vector constant from a dense splat, an f16 constant, a SpecConstantOperation. */
    const spvk_ir_attr *half = spvk_ir_float_attr(t->ctx, t->f32, 0.5);
    spvk_ir_attr_desc dd;
    memset(&dd, 0, sizeof dd);
    dd.kind = SPVK_ATTR_DENSE;
    dd.flags = SPVK_DENSE_SPLAT;
    dd.type = t->v4f32;
    dd.attrs = &half;
    dd.num_attrs = 1;
    const spvk_ir_attr *splat = spvk_ir_attr_get(t->ctx, &dd);
    spvk_ir_value *v = cst(t, e, splat, t->v4f32);
    spvk_ir_value *h = cst(t, e, spvk_ir_float_attr(t->ctx, t->f16, 1.5), t->f16);
    spvk_ir_value *sx = val(t, e, (opspec){.name = "spirv.mlir.referenceof", .result = t->i32,
                                           .attrs = dict(t, "spec_const", sym(t, "sx"), NULL)});
    spvk_ir_value *two = cst(t, e, i32a(t, 2), t->i32);
    spvk_ir_op *sco = add(t, e, (opspec){.name = "spirv.SpecConstantOperation", .result = t->i32, .num_regions = 1});
    spvk_ir_block *sb = new_block(t, &sco->regions[0]);
    spvk_ir_value *prod = val(t, sb, (opspec){.name = "spirv.IMul", .operands = {sx, two}, .num_operands = 2, .result = t->i32});
    add(t, sb, (opspec){.name = "spirv.mlir.yield", .operands = {prod}, .num_operands = 1});
    spvk_ir_value *scv = spvk_ir_result(sco, 0);
    const spvk_ir_type *fptr_v4 = spvk_spirv_pointer_type(t->ctx, t->v4f32, SPVK_STORAGE_CLASS_Function);
    const spvk_ir_type *fptr_f16 = spvk_spirv_pointer_type(t->ctx, t->f16, SPVK_STORAGE_CLASS_Function);
    const spvk_ir_type *fptr_i32 = spvk_spirv_pointer_type(t->ctx, t->i32, SPVK_STORAGE_CLASS_Function);
    /* The variables come after other ops in the IR: they are hoisted. */
    spvk_ir_value *a = val(t, e, (opspec){.name = "spirv.Variable", .operands = {v}, .num_operands = 1, .result = fptr_v4,
                                          .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    spvk_ir_value *b = val(t, e, (opspec){.name = "spirv.Variable", .result = fptr_f16,
                                          .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    spvk_ir_value *c = val(t, e, (opspec){.name = "spirv.Variable", .result = fptr_i32,
                                          .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    (void)a;
    add(t, e, (opspec){.name = "spirv.Store", .operands = {b, h}, .num_operands = 2});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {c, scv}, .num_operands = 2});
    spvk_ir_value *hf = cst(t, e, spvk_ir_float_attr(t->ctx, t->f32, -2.0), t->f32);
    val(t, e, (opspec){.name = "spirv.GL.FAbs", .operands = {hf}, .num_operands = 1, .result = t->f32});
    spvk_ir_value *u = val(t, e, (opspec){.name = "spirv.Undef", .result = t->i32});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {c, u}, .num_operands = 2});
    add(t, e, (opspec){.name = "spirv.Return"});
    add(t, body, (opspec){.name = "spirv.EntryPoint",
                          .attrs = dict(t, "execution_model", en(t, SPVK_OPERAND_ExecutionModel, SPVK_EXECUTION_MODEL_GLCompute),
                                        "fn", sym(t, "main"), "interface", spvk_ir_array_attr(t->ctx, NULL, 0), NULL)});
    /* LocalSizeId with the spec constant for x: OpExecutionModeId. */
    const spvk_ir_attr *sizes[3] = {sym(t, "sx"), i32a(t, 1), i32a(t, 1)};
    add(t, body, (opspec){.name = "spirv.ExecutionModeId",
                          .attrs = dict(t, "fn", sym(t, "main"), "execution_mode",
                                        en(t, SPVK_OPERAND_ExecutionMode, SPVK_EXECUTION_MODE_LocalSizeId), "values",
                                        spvk_ir_array_attr(t->ctx, sizes, 3), NULL)});
    return module;
}

static void test_types(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    spvk_ir_op *module = build_types(&t);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    bool ok = serialize(&t, module, &words, &n, &diags);
    CHECK(ok);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "  %s\n", diags.items[i].message);
    if (ok) {
        check_module(words, n, "types");
        static inst is[512];
        size_t k = insts(words, n, is, 512);
        /* The recursive struct: OpTypeForwardPointer, then the struct, then the pointer with the same id. */
        const inst *fp = find_op(is, k, SPVK_OP_TypeForwardPointer, 0);
        CHECK(fp && fp->w[1] == SPVK_STORAGE_CLASS_PhysicalStorageBuffer);
        CHECK(count_op(is, k, SPVK_OP_TypeForwardPointer) == 1);
        if (fp) {
            const inst *st = fp + 1;
            while (st < is + k && st->opcode != SPVK_OP_TypeStruct)
                st++;
            CHECK(st < is + k && st->w[1] == fp->w[0]);
            CHECK(st + 1 < is + k && st[1].opcode == SPVK_OP_TypePointer && st[1].w[0] == fp->w[0] && st[1].w[2] == st->w[0]);
        }
        /* Block on both structs (PushConstant and PhysicalStorageBuffer pointees). */
        size_t blocks = 0, specid = 0, wgs = 0;
        for (size_t i = 0; i < k; i++)
            if (is[i].opcode == SPVK_OP_Decorate) {
                blocks += is[i].w[1] == SPVK_DECORATION_Block;
                specid += is[i].w[1] == SPVK_DECORATION_SpecId && is[i].w[2] == 3;
                wgs += is[i].w[1] == SPVK_DECORATION_BuiltIn && is[i].w[2] == SPVK_BUILT_IN_WorkgroupSize;
            }
        CHECK(blocks == 2 && specid == 1 && wgs == 1);
        const inst *sc = find_op(is, k, SPVK_OP_SpecConstant, 0);
        CHECK(sc && sc->w[2] == 8);
        const inst *scc = find_op(is, k, SPVK_OP_SpecConstantComposite, 0);
        CHECK(scc && sc && scc->count == 5 && scc->w[2] == sc->w[1]);
        const inst *sco = find_op(is, k, SPVK_OP_SpecConstantOp, 0);
        CHECK(sco && sco->count == 5 && sco->w[2] == SPVK_OP_IMul && sc && sco->w[3] == sc->w[1]);
        /* f16 1.5 = 0x3e00; the splat vector: OpConstantComposite of four times the same 0.5. */
        bool f16_ok = false;
        for (size_t i = 0; i < k; i++)
            if (is[i].opcode == SPVK_OP_Constant && is[i].count == 3 && is[i].w[2] == 0x3e00)
                f16_ok = true;
        CHECK(f16_ok);
        const inst *cc = find_op(is, k, SPVK_OP_ConstantComposite, 0);
        CHECK(cc && cc->count == 6 && cc->w[2] == cc->w[3] && cc->w[3] == cc->w[5]);
        /* All three OpVariables right after the entry label, the first with its initializer. */
        size_t lab = index_of(is, k, SPVK_OP_Label);
        CHECK(lab + 3 < k && is[lab + 1].opcode == SPVK_OP_Variable && is[lab + 2].opcode == SPVK_OP_Variable &&
              is[lab + 3].opcode == SPVK_OP_Variable && is[lab + 1].count == 4);
        const inst *emi = find_op(is, k, SPVK_OP_ExecutionModeId, 0);
        CHECK(emi && sc && emi->count == 5 && emi->w[2] == sc->w[1]);
        CHECK(count_op(is, k, SPVK_OP_Undef) == 1);
        /* GLSL.std.450 imported once, before the memory model; OpExtInst %float %set FAbs %c. */
        const inst *imp = find_op(is, k, SPVK_OP_ExtInstImport, 0);
        CHECK(imp && count_op(is, k, SPVK_OP_ExtInstImport) == 1 && memcmp(&imp->w[1], "GLSL.std.450", 12) == 0);
        CHECK(imp && imp[1].opcode == SPVK_OP_MemoryModel);
        const inst *ext = find_op(is, k, SPVK_OP_ExtInst, 0);
        CHECK(ext && imp && ext->count == 5 && ext->w[2] == imp->w[0] && ext->w[3] == 4 /* FAbs */);
        free_words(words, n);
    }
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- An OpenCL kernel: OpenCL.std, linkage, parameter decorations, a declaration ---- */

static void test_kernel(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    uint32_t caps[] = {SPVK_CAPABILITY_Addresses, SPVK_CAPABILITY_Kernel, SPVK_CAPABILITY_Linkage};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(&t, &module, SPVK_VERSION(1, 2), caps, 3, SPVK_ADDRESSING_MODEL_Physical64,
                                     SPVK_MEMORY_MODEL_OpenCL);
    const spvk_ir_type *gptr = spvk_spirv_pointer_type(ctx, t.f32, SPVK_STORAGE_CLASS_CrossWorkgroup);
    /* declare void ext(float *p) with Import linkage and NoWrite on p */
    const spvk_ir_type *ft = spvk_ir_function_type(ctx, &gptr, 1, NULL, 0);
    const char *lnames[2] = {"linkage_name", "linkage_type"};
    const spvk_ir_attr *lvals[2] = {str(&t, "ext"), en(&t, SPVK_OPERAND_LinkageType, SPVK_LINKAGE_TYPE_Import)};
    spvk_ir_attr_desc ld;
    memset(&ld, 0, sizeof ld);
    ld.dialect = spvk_spirv_dialect();
    ld.kind = SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES;
    ld.names = lnames;
    ld.attrs = lvals;
    ld.num_attrs = 2;
    const spvk_ir_attr *linkage = spvk_ir_attr_get(ctx, &ld);
    const spvk_ir_attr *pattr = dict(&t, "func_param_attr",
                                     en(&t, SPVK_OPERAND_FunctionParameterAttribute,
                                        SPVK_FUNCTION_PARAMETER_ATTRIBUTE_NoWrite), NULL);
    add(&t, body, (opspec){.name = "spirv.func", .num_regions = 1,
                           .attrs = dict(&t, "sym_name", str(&t, "ext"), "function_type", tya(&t, ft),
                                         "function_control", en(&t, SPVK_OPERAND_FunctionControl, 0),
                                         "linkage_attributes", linkage, "arg_attrs",
                                         spvk_ir_array_attr(ctx, &pattr, 1), NULL)});
    spvk_ir_block *e = new_func(&t, body, "k", &gptr, 1, NULL, NULL);
    spvk_ir_value *p = e->args[0];
    spvk_ir_value *x = val(&t, e, (opspec){.name = "spirv.Load", .operands = {p}, .num_operands = 1, .result = t.f32});
    spvk_ir_value *y = val(&t, e, (opspec){.name = "spirv.CL.exp", .operands = {x}, .num_operands = 1, .result = t.f32});
    add(&t, e, (opspec){.name = "spirv.Store", .operands = {p, y}, .num_operands = 2});
    add(&t, e, (opspec){.name = "spirv.FunctionCall", .operands = {p}, .num_operands = 1,
                        .attrs = dict(&t, "callee", sym(&t, "ext"), NULL)});
    add(&t, e, (opspec){.name = "spirv.Return"});
    add(&t, body, (opspec){.name = "spirv.EntryPoint",
                           .attrs = dict(&t, "execution_model", en(&t, SPVK_OPERAND_ExecutionModel, SPVK_EXECUTION_MODEL_Kernel),
                                         "fn", sym(&t, "k"), "interface", spvk_ir_array_attr(ctx, NULL, 0), NULL)});
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    bool ok = serialize(&t, module, &words, &n, &diags);
    CHECK(ok);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "  %s\n", diags.items[i].message);
    if (ok) {
        check_module(words, n, "kernel");
        static inst is[256];
        size_t k = insts(words, n, is, 256);
        const inst *imp = find_op(is, k, SPVK_OP_ExtInstImport, 0);
        CHECK(imp && count_op(is, k, SPVK_OP_ExtInstImport) == 1 && memcmp(&imp->w[1], "OpenCL.std", 10) == 0);
        const inst *ext = find_op(is, k, SPVK_OP_ExtInst, 0);
        CHECK(ext && imp && ext->w[2] == imp->w[0] && ext->w[3] == 19 /* exp */);
        bool linkage_ok = false, nowrite = false;
        for (size_t i = 0; i < k; i++) {
            if (is[i].opcode == SPVK_OP_Decorate && is[i].w[1] == SPVK_DECORATION_LinkageAttributes && is[i].count == 4 &&
                memcmp(&is[i].w[2], "ext", 4) == 0 && is[i].w[3] == SPVK_LINKAGE_TYPE_Import)
                linkage_ok = true;
            if (is[i].opcode == SPVK_OP_Decorate && is[i].w[1] == SPVK_DECORATION_FuncParamAttr &&
                is[i].w[2] == SPVK_FUNCTION_PARAMETER_ATTRIBUTE_NoWrite)
                nowrite = true;
        }
        CHECK(linkage_ok && nowrite);
        /* The declaration (no OpLabel) comes before the definition. */
        size_t f0 = index_of(is, k, SPVK_OP_Function);
        CHECK(f0 + 2 < k && is[f0 + 1].opcode == SPVK_OP_FunctionParameter && is[f0 + 2].opcode == SPVK_OP_FunctionEnd);
        free_words(words, n);
    }
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- Blocks, constants of every shape, spec-constant operations, loop control operands ---- */

static spvk_ir_op *build_more(tctx *t)
{
    uint32_t caps[] = {SPVK_CAPABILITY_Shader, SPVK_CAPABILITY_Int64, SPVK_CAPABILITY_Int16,
                       SPVK_CAPABILITY_WorkgroupMemoryExplicitLayoutKHR};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(t, &module, SPVK_VERSION(1, 4), caps, 4, SPVK_ADDRESSING_MODEL_Logical,
                                     SPVK_MEMORY_MODEL_GLSL450);
    spvk_ir_context *ctx = t->ctx;
    const char *exts[1] = {"SPV_KHR_workgroup_memory_explicit_layout"};
    spvk_ir_op_set_attr(ctx, module, "vce_triple", spvk_spirv_vce_attr(ctx, SPVK_VERSION(1, 4), caps, 4, exts, 1));
    const spvk_ir_type *i64 = spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS);
    const spvk_ir_type *si16 = spvk_ir_integer_type(ctx, 16, SPVK_INT_SIGNED);
    /* Output gl_PerVertex-like struct with a BuiltIn member: Block. */
    const spvk_ir_attr *pos[2] = {en(t, SPVK_OPERAND_Decoration, SPVK_DECORATION_BuiltIn), i32a(t, SPVK_BUILT_IN_Position)};
    const spvk_ir_attr *pos_dec = spvk_ir_array_attr(ctx, pos, 2);
    const spvk_ir_attr *member_decs[2] = {spvk_ir_array_attr(ctx, &pos_dec, 1), spvk_ir_array_attr(ctx, NULL, 0)};
    const spvk_ir_type *pv = spvk_spirv_struct_type(ctx, &t->v4f32, 1, NULL, member_decs);
    add(t, body, (opspec){.name = "spirv.GlobalVariable",
                          .attrs = dict(t, "sym_name", str(t, "pv"), "type",
                                        tya(t, spvk_spirv_pointer_type(ctx, pv, SPVK_STORAGE_CLASS_Output)),
                                        "user_semantic", str(t, "POS"), NULL)});
    /* An explicitly laid out Workgroup struct: Block; a plain Workgroup array: none. */
    int64_t off0 = 0;
    const spvk_ir_type *ws = spvk_spirv_struct_type(ctx, &t->f32, 1, &off0, NULL);
    add(t, body, (opspec){.name = "spirv.GlobalVariable",
                          .attrs = dict(t, "sym_name", str(t, "wg"), "type",
                                        tya(t, spvk_spirv_pointer_type(ctx, ws, SPVK_STORAGE_CLASS_Workgroup)), NULL)});
    /* A storage buffer whose block holds another struct by value: Block on the outer one only. */
    const spvk_ir_type *inner = spvk_spirv_struct_type(ctx, &t->i32, 1, &off0, NULL);
    const spvk_ir_type *outer = spvk_spirv_struct_type(ctx, &inner, 1, &off0, NULL);
    add(t, body, (opspec){.name = "spirv.GlobalVariable",
                          .attrs = dict(t, "sym_name", str(t, "sb"), "type",
                                        tya(t, spvk_spirv_pointer_type(ctx, outer, SPVK_STORAGE_CLASS_StorageBuffer)),
                                        "binding", i32a(t, 0), "descriptor_set", i32a(t, 0), NULL)});
    /* A named module-level SpecConstantOperation: (N * 2) + 1 in one region. */
    add(t, body, (opspec){.name = "spirv.SpecConstant",
                          .attrs = dict(t, "sym_name", str(t, "N"), "default_value", i32a(t, 4), "spec_id", i32a(t, 1), NULL)});
    spvk_ir_op *sco = add(t, body, (opspec){.name = "spirv.SpecConstantOperation", .result = t->i32, .num_regions = 1,
                                            .attrs = dict(t, "sym_name", str(t, "N2"), NULL)});
    spvk_ir_block *sb = new_block(t, &sco->regions[0]);
    spvk_ir_value *rn = val(t, sb, (opspec){.name = "spirv.mlir.referenceof", .result = t->i32,
                                            .attrs = dict(t, "spec_const", sym(t, "N"), NULL)});
    spvk_ir_value *c2 = cst(t, sb, i32a(t, 2), t->i32);
    spvk_ir_value *c1 = cst(t, sb, i32a(t, 1), t->i32);
    spvk_ir_value *m = val(t, sb, (opspec){.name = "spirv.IMul", .operands = {rn, c2}, .num_operands = 2, .result = t->i32});
    spvk_ir_value *a = val(t, sb, (opspec){.name = "spirv.IAdd", .operands = {m, c1}, .num_operands = 2, .result = t->i32});
    add(t, sb, (opspec){.name = "spirv.mlir.yield", .operands = {a}, .num_operands = 1});

    spvk_ir_block *e = new_func(t, body, "main", NULL, 0, NULL, NULL);
    const spvk_ir_type *fp_i32 = spvk_spirv_pointer_type(ctx, t->i32, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *var = val(t, e, (opspec){.name = "spirv.Variable", .result = fp_i32,
                                            .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    spvk_ir_value *n2 = val(t, e, (opspec){.name = "spirv.mlir.referenceof", .result = t->i32,
                                           .attrs = dict(t, "spec_const", sym(t, "N2"), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {var, n2}, .num_operands = 2});
    /* Constants: i64, a negative si16, a null struct (unit), an array of vectors, a bool vector. */
    const spvk_ir_type *fp_i64 = spvk_spirv_pointer_type(ctx, i64, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *v64 = val(t, e, (opspec){.name = "spirv.Variable", .result = fp_i64,
                                            .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {v64, cst(t, e, spvk_ir_integer_attr(ctx, i64, 0x123456789ll), i64)},
                       .num_operands = 2});
    const spvk_ir_type *fp_s16 = spvk_spirv_pointer_type(ctx, si16, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *v16 = val(t, e, (opspec){.name = "spirv.Variable", .result = fp_s16,
                                            .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {v16, cst(t, e, spvk_ir_integer_attr(ctx, si16, -2), si16)},
                       .num_operands = 2});
    const spvk_ir_type *fp_in = spvk_spirv_pointer_type(ctx, inner, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *vin = val(t, e, (opspec){.name = "spirv.Variable", .result = fp_in,
                                            .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {vin, cst(t, e, spvk_ir_unit_attr(ctx), inner)}, .num_operands = 2});
    const spvk_ir_type *arr = spvk_spirv_array_type(ctx, t->v4f32, 2, 0);
    const spvk_ir_attr *one = spvk_ir_float_attr(ctx, t->f32, 1.0);
    const spvk_ir_attr *items[2] = {spvk_ir_float_attr(ctx, t->f32, 1.0), spvk_ir_float_attr(ctx, t->f32, 2.0)};
    (void)one;
    const spvk_ir_attr *arr_value = spvk_ir_array_attr(ctx, items, 2); /* scalars splat into each vector */
    const spvk_ir_type *fp_arr = spvk_spirv_pointer_type(ctx, arr, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *varr = val(t, e, (opspec){.name = "spirv.Variable", .result = fp_arr,
                                             .attrs = dict(t, "storage_class", en(t, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function), NULL)});
    add(t, e, (opspec){.name = "spirv.Store", .operands = {varr, cst(t, e, arr_value, arr)}, .num_operands = 2});
    /* A loop with MinIterations 3 (operand given) and DependencyLength (operand missing: dropped). */
    spvk_ir_op *loop = add(t, e, (opspec){.name = "spirv.mlir.loop", .num_regions = 1,
                                          .attrs = dict(t, "loop_control",
                                                        en(t, SPVK_OPERAND_LoopControl,
                                                           SPVK_LOOP_CONTROL_DependencyLength | SPVK_LOOP_CONTROL_MinIterations),
                                                        "loop_control_1", i32a(t, 3), NULL)});
    spvk_ir_region *lr = &loop->regions[0];
    spvk_ir_block *l0 = new_block(t, lr), *lh = new_block(t, lr), *lc = new_block(t, lr), *lm = new_block(t, lr);
    add(t, l0, (opspec){.name = "spirv.Branch", .successors = {lh}, .num_successors = 1});
    spvk_ir_value *f = cst(t, lh, spvk_ir_bool_attr(ctx, false), t->i1);
    add(t, lh, (opspec){.name = "spirv.BranchConditional", .operands = {f}, .num_operands = 1,
                        .successors = {lc, lm}, .num_successors = 2});
    add(t, lc, (opspec){.name = "spirv.Branch", .successors = {lh}, .num_successors = 1});
    add(t, lm, (opspec){.name = "spirv.mlir.merge"});
    add(t, e, (opspec){.name = "spirv.Return"});
    const spvk_ir_attr *iface[3] = {sym(t, "pv"), sym(t, "wg"), sym(t, "sb")};
    add(t, body, (opspec){.name = "spirv.EntryPoint",
                          .attrs = dict(t, "execution_model", en(t, SPVK_OPERAND_ExecutionModel, SPVK_EXECUTION_MODEL_Vertex),
                                        "fn", sym(t, "main"), "interface", spvk_ir_array_attr(ctx, iface, 3), NULL)});
    return module;
}

static void test_more(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    spvk_ir_op *module = build_more(&t);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    bool ok = serialize(&t, module, &words, &n, &diags);
    CHECK(ok);
    /* One warning: the dropped DependencyLength. */
    CHECK(diags.count == 1 && diags.items[0].severity == SPVK_SEVERITY_WARNING && diags_mention(&diags, "DependencyLength"));
    if (ok) {
        check_module(words, n, "more");
        static inst is[512];
        size_t k = insts(words, n, is, 512);
        /* Block: the output struct, the Workgroup struct, the outer storage buffer struct: 3. */
        size_t blocks = 0;
        for (size_t i = 0; i < k; i++)
            blocks += is[i].opcode == SPVK_OP_Decorate && is[i].w[1] == SPVK_DECORATION_Block;
        CHECK(blocks == 3);
        const inst *ext = find_op(is, k, SPVK_OP_Extension, 0);
        CHECK(ext && memcmp(ext->w, "SPV_KHR_workgroup_memory_explicit_layout", 40) == 0);
        /* A string decoration at 1.4: OpDecorateString. */
        const inst *ds = find_op(is, k, SPVK_OP_DecorateString, 0);
        CHECK(ds && ds->w[1] == SPVK_DECORATION_UserSemantic && memcmp(&ds->w[2], "POS", 4) == 0);
        /* (N * 2) + 1: two OpSpecConstantOps, the second named N2 and stored by main. */
        const inst *mul = find_op(is, k, SPVK_OP_SpecConstantOp, 0), *add1 = find_op(is, k, SPVK_OP_SpecConstantOp, 1);
        CHECK(mul && add1 && mul->w[2] == SPVK_OP_IMul && add1->w[2] == SPVK_OP_IAdd && add1->w[3] == mul->w[1]);
        const inst *st = find_op(is, k, SPVK_OP_Store, 0);
        CHECK(st && add1 && st->w[1] == add1->w[1]);
        bool named = false;
        for (size_t i = 0; i < k; i++)
            if (is[i].opcode == SPVK_OP_Name && add1 && is[i].w[0] == add1->w[1] && memcmp(&is[i].w[1], "N2", 3) == 0)
                named = true;
        CHECK(named);
        /* Constants: 0x123456789 as two words low first, -2 as si16 sign-extended, a null struct. */
        bool c64 = false, c16 = false;
        for (size_t i = 0; i < k; i++) {
            if (is[i].opcode == SPVK_OP_Constant && is[i].count == 4 && is[i].w[2] == 0x23456789u && is[i].w[3] == 1)
                c64 = true;
            if (is[i].opcode == SPVK_OP_Constant && is[i].count == 3 && is[i].w[2] == 0xfffffffeu)
                c16 = true;
        }
        CHECK(c64 && c16);
        CHECK(count_op(is, k, SPVK_OP_ConstantNull) == 1);
        /* The array: two vectors (splats of 1 and of 2), then the array of them. */
        CHECK(count_op(is, k, SPVK_OP_ConstantComposite) == 3);
        /* LoopMerge with MinIterations 3 only. */
        const inst *lm = find_op(is, k, SPVK_OP_LoopMerge, 0);
        CHECK(lm && lm->count == 4 && lm->w[2] == SPVK_LOOP_CONTROL_MinIterations && lm->w[3] == 3);
        free_words(words, n);
    }
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- Errors: bad IR is reported, never a crash ---- */

static void test_errors(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    spvk_ir_context_allow_unregistered(ctx, true);
    tctx t;
    init(&t, ctx);
    uint32_t caps[] = {SPVK_CAPABILITY_Shader};
    spvk_diagnostics diags;
    uint32_t *words;
    size_t n;

    /* Not a spirv.module; NULL arguments. */
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *other = add(&t, NULL, (opspec){.name = "spirv.Return"});
    CHECK(spvk_spirv_serialize(ctx, other, &words, &n, &diags) == SPVK_ERROR_INVALID);
    CHECK(spvk_spirv_serialize(ctx, NULL, &words, &n, &diags) == SPVK_ERROR_USAGE);
    CHECK(spvk_spirv_serialize(ctx, other, NULL, &n, &diags) == SPVK_ERROR_USAGE);
    spvk_diagnostics_free(&diags);

    /* A type with no SPIR-V equivalent (index) names the op. */
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(&t, &module, SPVK_VERSION(1, 0), caps, 1, 0, 1);
    spvk_ir_block *e = new_func(&t, body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *x = cst(&t, e, spvk_ir_integer_attr(ctx, spvk_ir_index_type(ctx), 1), spvk_ir_index_type(ctx));
    spvk_ir_op *bad = add(&t, e, (opspec){.name = "spirv.IAdd", .operands = {x, x}, .num_operands = 2,
                                          .result = spvk_ir_index_type(ctx)});
    bad->loc = spvk_ir_file_location(ctx, "bad.mlir", 7, 3);
    add(&t, e, (opspec){.name = "spirv.Return"});
    CHECK(spvk_spirv_serialize(ctx, module, &words, &n, &diags) == SPVK_ERROR_INVALID);
    CHECK(diags_mention(&diags, "spirv.IAdd"));
    CHECK(diags.count >= 1 && diags.items[0].line == 7 && diags.items[0].file && strcmp(diags.items[0].file, "bad.mlir") == 0);
    spvk_diagnostics_free(&diags);

    /* A block without a terminator; an unknown symbol; an unregistered op; a missing operand. */
    const char *cases[] = {"noterm", "nosym", "unreg", "nullop", "badmerge", "looptwo", "specop", "cycle"};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        spvk_diagnostics_init(&diags, NULL);
        body = new_module(&t, &module, SPVK_VERSION(1, 0), caps, 1, 0, 1);
        e = new_func(&t, body, "main", NULL, 0, NULL, NULL);
        spvk_ir_value *one = cst(&t, e, i32a(&t, 1), t.i32);
        if (strcmp(cases[c], "noterm") == 0) {
            add(&t, e, (opspec){.name = "spirv.IAdd", .operands = {one, one}, .num_operands = 2, .result = t.i32});
        } else if (strcmp(cases[c], "nosym") == 0) {
            add(&t, e, (opspec){.name = "spirv.FunctionCall", .attrs = dict(&t, "callee", sym(&t, "nothere"), NULL)});
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else if (strcmp(cases[c], "unreg") == 0) {
            add(&t, e, (opspec){.name = "foo.bar", .operands = {one}, .num_operands = 1});
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else if (strcmp(cases[c], "nullop") == 0) {
            spvk_ir_op *op = add(&t, e, (opspec){.name = "spirv.IAdd", .operands = {one, one}, .num_operands = 2, .result = t.i32});
            spvk_ir_op_set_operand(op, 1, NULL);
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else if (strcmp(cases[c], "badmerge") == 0) {
            spvk_ir_op *sel = add(&t, e, (opspec){.name = "spirv.mlir.selection", .num_regions = 1});
            spvk_ir_block *h = new_block(&t, &sel->regions[0]);
            spvk_ir_block *m = new_block(&t, &sel->regions[0]);
            add(&t, h, (opspec){.name = "spirv.Branch", .successors = {m}, .num_successors = 1});
            add(&t, m, (opspec){.name = "spirv.Return"});
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else if (strcmp(cases[c], "looptwo") == 0) {
            spvk_ir_op *loop = add(&t, e, (opspec){.name = "spirv.mlir.loop", .num_regions = 1});
            spvk_ir_block *a = new_block(&t, &loop->regions[0]);
            spvk_ir_block *m = new_block(&t, &loop->regions[0]);
            add(&t, a, (opspec){.name = "spirv.Branch", .successors = {m}, .num_successors = 1});
            add(&t, m, (opspec){.name = "spirv.mlir.merge"});
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else if (strcmp(cases[c], "specop") == 0) {
            /* A spirv.SpecConstantOperation around an opcode OpSpecConstantOp does not allow. */
            spvk_ir_op *sco = add(&t, e, (opspec){.name = "spirv.SpecConstantOperation", .result = t.i32, .num_regions = 1});
            spvk_ir_block *sb = new_block(&t, &sco->regions[0]);
            spvk_ir_value *bits = val(&t, sb, (opspec){.name = "spirv.BitCount", .operands = {cst(&t, sb, i32a(&t, 7), t.i32)},
                                                       .num_operands = 1, .result = t.i32});
            add(&t, sb, (opspec){.name = "spirv.mlir.yield", .operands = {bits}, .num_operands = 1});
            add(&t, e, (opspec){.name = "spirv.IAdd", .operands = {&sco->results[0], one}, .num_operands = 2, .result = t.i32});
            add(&t, e, (opspec){.name = "spirv.Return"});
        } else {
            /* Two globals initialized with each other. */
            const spvk_ir_type *p = spvk_spirv_pointer_type(ctx, t.i32, SPVK_STORAGE_CLASS_Private);
            add(&t, body, (opspec){.name = "spirv.GlobalVariable",
                                   .attrs = dict(&t, "sym_name", str(&t, "a"), "type", tya(&t, p), "initializer", sym(&t, "b"), NULL)});
            add(&t, body, (opspec){.name = "spirv.GlobalVariable",
                                   .attrs = dict(&t, "sym_name", str(&t, "b"), "type", tya(&t, p), "initializer", sym(&t, "a"), NULL)});
            add(&t, e, (opspec){.name = "spirv.Return"});
        }
        words = NULL;
        spvk_result r = spvk_spirv_serialize(ctx, module, &words, &n, &diags);
        CHECK(r == SPVK_ERROR_INVALID && words == NULL);
        CHECK(diags.count >= 1);
        if (strcmp(cases[c], "specop") == 0)
            CHECK(diags_mention(&diags, "'spirv.BitCount' op is not an opcode OpSpecConstantOp allows"));
        if (r == SPVK_OK)
            free_words(words, n);
        spvk_diagnostics_free(&diags);
    }
    spvk_ir_context_destroy(ctx);
}

/* ---- Deep nesting: fine up to the deserializer's limit, an error (not a crash) beyond ---- */

static spvk_ir_op *build_nested(tctx *t, int depth)
{
    uint32_t caps[] = {SPVK_CAPABILITY_Shader};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(t, &module, SPVK_VERSION(1, 0), caps, 1, 0, 1);
    spvk_ir_block *b = new_func(t, body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *c = cst(t, b, spvk_ir_bool_attr(t->ctx, true), t->i1);
    spvk_ir_block *after = b;
    for (int d = 0; d < depth; d++) {
        spvk_ir_op *sel = add(t, after, (opspec){.name = "spirv.mlir.selection", .num_regions = 1});
        spvk_ir_block *h = new_block(t, &sel->regions[0]), *x = new_block(t, &sel->regions[0]),
                      *m = new_block(t, &sel->regions[0]);
        add(t, m, (opspec){.name = "spirv.mlir.merge"});
        add(t, x, (opspec){.name = "spirv.Branch", .successors = {m}, .num_successors = 1});
        add(t, h, (opspec){.name = "spirv.BranchConditional", .operands = {c}, .num_operands = 1,
                           .successors = {x, m}, .num_successors = 2});
        /* The next level goes into the then-block, before its branch. */
        spvk_ir_op *br = x->last;
        spvk_ir_op_detach(br);
        if (d > 0)
            add(t, after, (opspec){.name = "spirv.Branch", .successors = {after->region ? after->region->last : NULL},
                                   .num_successors = 1});
        after = x;
        (void)br;
    }
    add(t, after, (opspec){.name = "spirv.Branch", .successors = {after->region->last}, .num_successors = 1});
    add(t, b, (opspec){.name = "spirv.Return"});
    return module;
}

static void test_nesting(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    const int depths[2] = {200, 5000};
    for (int i = 0; i < 2; i++) {
        spvk_ir_op *module = build_nested(&t, depths[i]);
        spvk_diagnostics diags;
        spvk_diagnostics_init(&diags, NULL);
        uint32_t *words = NULL;
        size_t n = 0;
        spvk_result r = spvk_spirv_serialize(ctx, module, &words, &n, &diags);
        if (i == 0) {
            CHECK(r == SPVK_OK);
            if (r == SPVK_OK) {
                check_module(words, n, "nested");
                static inst is[8192];
                size_t k = insts(words, n, is, 8192);
                CHECK(count_op(is, k, SPVK_OP_SelectionMerge) == 200);
                free_words(words, n);
            }
            for (size_t d = 0; d < diags.count; d++)
                fprintf(stderr, "  %s\n", diags.items[d].message);
        } else {
            CHECK(r == SPVK_ERROR_INVALID && diags_mention(&diags, "too deeply"));
        }
        spvk_diagnostics_free(&diags);
    }
    spvk_ir_context_destroy(ctx);
}

/* ---- Out of memory at every allocation the serializer makes ---- */

static spvk_ir_op *build_compute_vce(tctx *t) { return build_compute(t, true); }

static void test_oom(void)
{
    spvk_ir_op *(*builders[])(tctx *) = {build_compute_vce, build_control_flow, build_types, build_more};
    for (size_t b = 0; b < sizeof builders / sizeof builders[0]; b++) {
        test_allocator_state st = {0, -1, 0, 0};
        spvk_allocator alloc = {test_realloc, &st};
        bool done = false;
        for (long fail = 0; fail < 4000 && !done; fail++) {
            st.fail_at = -1;
            spvk_ir_context *ctx = spvk_ir_context_create(&alloc);
            if (!ctx || !spvk_ir_register_all_dialects(ctx)) {
                CHECK(false);
                return;
            }
            tctx t;
            init(&t, ctx);
            spvk_ir_op *module = builders[b](&t);
            st.allocations = 0;
            st.fail_at = fail;
            spvk_diagnostics diags;
            spvk_diagnostics_init(&diags, NULL);
            uint32_t *words = NULL;
            size_t n = 0;
            spvk_result r = spvk_spirv_serialize(ctx, module, &words, &n, &diags);
            st.fail_at = -1;
            if (r == SPVK_OK) {
                done = true;
                check_module(words, n, NULL);
                spvk_free(&alloc, words, n * 4);
            } else if (r != SPVK_ERROR_OUT_OF_MEMORY || words != NULL) {
                CHECK(r == SPVK_ERROR_OUT_OF_MEMORY && words == NULL);
                fprintf(stderr, "  builder %zu, allocation %ld: result %d\n", b, fail, (int)r);
                for (size_t i = 0; i < diags.count; i++)
                    fprintf(stderr, "  %s\n", diags.items[i].message);
                fail = 4000;
            }
            spvk_diagnostics_free(&diags);
            spvk_ir_context_destroy(ctx);
        }
        CHECK(done);
        CHECK(st.live_bytes == 0);
    }
}

/* ---- spvk_spirv_serialize_to: the same words, handed out in pieces ---- */

typedef struct pieces {
    uint32_t words[4096];
    size_t count, calls;
    size_t fail_at; /* the call that fails (1-based), 0: none */
} pieces;

static bool collect_piece(void *user, const uint32_t *words, size_t count)
{
    pieces *p = user;
    if (++p->calls == p->fail_at || p->count + count > sizeof p->words / sizeof p->words[0])
        return false;
    memcpy(p->words + p->count, words, count * sizeof *words);
    p->count += count;
    return true;
}

static void test_serialize_to(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(ctx && spvk_ir_register_all_dialects(ctx));
    tctx t;
    init(&t, ctx);
    uint32_t caps[] = {SPVK_CAPABILITY_Shader};
    spvk_ir_op *module;
    spvk_ir_block *body = new_module(&t, &module, SPVK_VERSION(1, 3), caps, 1, 0, 1);
    for (int f = 0; f < 3; f++) {
        char name[8];
        snprintf(name, sizeof name, "f%d", f);
        spvk_ir_block *e = new_func(&t, body, name, &t.i32, 1, t.i32, NULL);
        spvk_ir_value *k = cst(&t, e, i32a(&t, f + 1), t.i32);
        spvk_ir_value *sum = val(&t, e, (opspec){.name = "spirv.IAdd", .operands = {e->args[0], k}, .num_operands = 2,
                                                 .result = t.i32});
        add(&t, e, (opspec){.name = "spirv.ReturnValue", .operands = {sum}, .num_operands = 1});
    }
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t n = 0;
    CHECK(spvk_spirv_serialize(ctx, module, &words, &n, &diags) == SPVK_OK);

    /* The header and sections, then the function definitions: the words of spvk_spirv_serialize. */
    pieces *p = calloc(1, sizeof *p);
    CHECK(p && spvk_spirv_serialize_to(ctx, module, NULL, collect_piece, p, &diags) == SPVK_OK);
    CHECK(p && p->calls == 2 && p->count == n && memcmp(p->words, words, n * 4) == 0);
    CHECK(diags.count == 0);

    /* A write that fails stops it: SPVK_ERROR_IO, with no diagnostic (the writer reports). */
    for (size_t fail = 1; p && fail <= 2; fail++) {
        memset(p, 0, sizeof *p);
        p->fail_at = fail;
        CHECK(spvk_spirv_serialize_to(ctx, module, NULL, collect_piece, p, &diags) == SPVK_ERROR_IO);
        CHECK(p->calls == fail && diags.count == 0);
    }

    /* A module that does not serialize writes nothing. */
    spvk_ir_op *bad;
    spvk_ir_block *bad_body = new_module(&t, &bad, SPVK_VERSION(1, 0), caps, 1, 0, 1);
    spvk_ir_block *e = new_func(&t, bad_body, "main", NULL, 0, NULL, NULL);
    spvk_ir_value *x = cst(&t, e, spvk_ir_integer_attr(ctx, spvk_ir_index_type(ctx), 1), spvk_ir_index_type(ctx));
    add(&t, e, (opspec){.name = "spirv.IAdd", .operands = {x, x}, .num_operands = 2, .result = spvk_ir_index_type(ctx)});
    add(&t, e, (opspec){.name = "spirv.Return"});
    if (p) {
        memset(p, 0, sizeof *p);
        CHECK(spvk_spirv_serialize_to(ctx, bad, NULL, collect_piece, p, &diags) == SPVK_ERROR_INVALID);
        CHECK(p->calls == 0 && diags_mention(&diags, "spirv.IAdd"));
    }
    CHECK(spvk_spirv_serialize_to(ctx, module, NULL, NULL, p, &diags) == SPVK_ERROR_USAGE);
    CHECK(spvk_spirv_serialize_to(NULL, module, NULL, collect_piece, p, &diags) == SPVK_ERROR_USAGE);
    free(p);
    free_words(words, n);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

int main(void)
{
    test_compute();
    test_control_flow();
    test_types();
    test_kernel();
    test_more();
    test_nesting();
    test_errors();
    test_serialize_to();
    test_oom();
    TEST_SUMMARY();
}
