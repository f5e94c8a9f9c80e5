/* Unit tests of the spirv dialect's core: the operation table against the grammar, the generic
   decode/encode round trip over every generic op info, type and attribute constructors (uniquing),
   print/parse of each type and attribute in MLIR 19's syntax, decorations as attribute names, and
   availability (bf16 included). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/binary.h"
#include "spvkit/grammar.h"
#include "spvkit/ir.h"
#include "spvkit/spirv_dialect.h"
#include "dialects/spirv/spirv_internal.h"
#include "ir_parallel/context_view.h"
#include "ir/ir_internal.h"

static int failures, checks;
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                                    \
    } while (0)

static spvk_ir_context *new_context(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (ctx)
        spvk_ir_register_dialect(ctx, spvk_spirv_dialect());
    return ctx;
}

/* ---- The operation table ---- */

static void test_table(void)
{
    /* Every rename is found by its kind and value (the lookup is a binary search: the table must
       stay sorted by kind, then value) and by its name. */
    for (size_t i = 0; i < spvk_spirv_num_enum_renames; i++) {
        const spvk_spirv_enum_rename *r = &spvk_spirv_enum_renames[i];
        const char *name = spvk_spirv_enumerant_name(r->kind, r->value);
        CHECK(name && strcmp(name, r->name) == 0);
        uint32_t value = 0;
        CHECK(spvk_spirv_enumerant_value(r->kind, r->name, strlen(r->name), &value) && value == r->value);
    }
    size_t core = 0, ext = 0;
    for (size_t i = 0; i < spvk_spirv_num_op_infos; i++) {
        const spvk_spirv_op_info *info = &spvk_spirv_op_infos[i];
        CHECK(strncmp(info->name, "spirv.", 6) == 0);
        if (info->desc) {
            core++;
            CHECK(info->desc == spvk_instruction_by_opcode(info->opcode));
            CHECK(spvk_spirv_op_info_by_opcode(info->opcode) == info);
        } else {
            ext++;
            const spvk_ext_instruction_desc *d = spvk_ext_instruction_by_opcode(info->ext_set, info->ext_opcode);
            CHECK(d && info->ext_desc && strcmp(d->name, info->ext_desc->name) == 0 &&
                  d->num_operands == info->ext_desc->num_operands);
            CHECK(spvk_spirv_op_info_by_ext(info->ext_set, info->ext_opcode) == info);
        }
        CHECK(spvk_spirv_op_info_by_name(info->name, strlen(info->name)) == info);
        /* Generic or structural, never neither. */
        CHECK(info->flags & (SPVK_SPIRV_OP_GENERIC | SPVK_SPIRV_OP_STRUCTURAL));
    }
    CHECK(core == spvk_spirv_num_core_op_infos);
    unsigned glsl = spvk_ext_inst_set_by_import("GLSL.std.450", 12);
    unsigned ocl = spvk_ext_inst_set_by_import("OpenCL.std", 10);
    CHECK(ext == spvk_ext_inst_set(glsl)->num_instructions + spvk_ext_inst_set(ocl)->num_instructions);

    /* Names: MLIR's where MLIR has the op. */
    const spvk_spirv_op_info *i = spvk_spirv_op_info_by_opcode(SPVK_OP_CooperativeMatrixLoadKHR);
    CHECK(i && strcmp(i->name, "spirv.KHR.CooperativeMatrixLoad") == 0 && (i->flags & SPVK_SPIRV_OP_IN_MLIR));
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_AtomicFAddEXT);
    CHECK(i && strcmp(i->name, "spirv.EXT.AtomicFAdd") == 0);
    i = spvk_spirv_op_info_by_ext(glsl, 31);
    CHECK(i && strcmp(i->name, "spirv.GL.Sqrt") == 0);
    i = spvk_spirv_op_info_by_ext(ocl, 19);
    CHECK(i && strcmp(i->name, "spirv.CL.exp") == 0);
    CHECK(spvk_spirv_op_info_by_name("spv.IAdd", 8) == spvk_spirv_op_info_by_opcode(SPVK_OP_IAdd));

    /* Attribute names. */
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_Load);
    CHECK(i && i->num_slots == 2 && strcmp(i->slots[1].attr_name, "memory_access") == 0 &&
          i->slots[1].num_param_attr_names == 1 && strcmp(i->slots[1].param_attr_names[0], "alignment") == 0);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_CopyMemory);
    CHECK(i && i->num_slots == 4 && strcmp(i->slots[3].attr_name, "source_memory_access") == 0 &&
          strcmp(i->slots[3].param_attr_names[0], "source_alignment") == 0);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_ControlBarrier);
    CHECK(i && i->num_slots == 3 && strcmp(i->slots[0].attr_name, "execution_scope") == 0 &&
          i->slots[0].id_as_attr == SPVK_SPIRV_ID_AS_CONSTANT && i->slots[0].attr_kind == SPVK_OPERAND_Scope &&
          strcmp(i->slots[2].attr_name, "memory_semantics") == 0 &&
          i->slots[2].attr_kind == SPVK_OPERAND_MemorySemantics);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_AtomicIAdd);
    CHECK(i && strcmp(i->slots[1].attr_name, "memory_scope") == 0 && strcmp(i->slots[2].attr_name, "semantics") == 0);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_GroupNonUniformIAdd);
    CHECK(i && strcmp(i->slots[0].attr_name, "execution_scope") == 0 &&
          strcmp(i->slots[1].attr_name, "group_operation") == 0 && i->slots[3].kind == SPVK_SPIRV_SLOT_OPERAND);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_CooperativeMatrixLengthKHR);
    CHECK(i && i->slots[0].id_as_attr == SPVK_SPIRV_ID_AS_TYPE &&
          strcmp(i->slots[0].attr_name, "cooperative_matrix_type") == 0);
    /* Not in MLIR: snake_case of the grammar's operand name; scopes stay SSA operands. */
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_ArrayLength);
    CHECK(i && !(i->flags & SPVK_SPIRV_OP_IN_MLIR) && strcmp(i->slots[1].attr_name, "array_member") == 0);
    i = spvk_spirv_op_info_by_opcode(SPVK_OP_AtomicLoad);
    CHECK(i && i->slots[1].kind == SPVK_SPIRV_SLOT_OPERAND);

    /* Structural and generic. */
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_TypeInt)->flags & SPVK_SPIRV_OP_STRUCTURAL);
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_Branch)->flags & SPVK_SPIRV_OP_STRUCTURAL);
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_FunctionCall)->flags & SPVK_SPIRV_OP_STRUCTURAL);
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_Variable)->flags & SPVK_SPIRV_OP_GENERIC);
    CHECK(!(spvk_spirv_op_info_by_opcode(SPVK_OP_IAdd)->flags & SPVK_SPIRV_OP_STRUCTURAL));
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_IAdd)->traits & SPVK_TRAIT_NO_SIDE_EFFECTS);
    CHECK(spvk_spirv_op_info_by_opcode(SPVK_OP_Unreachable)->traits & SPVK_TRAIT_TERMINATOR);
    CHECK(!(spvk_spirv_op_info_by_opcode(SPVK_OP_Store)->traits & SPVK_TRAIT_NO_SIDE_EFFECTS));

    CHECK(strcmp(spvk_spirv_enum_attr_mnemonic(SPVK_OPERAND_StorageClass), "storage_class") == 0);
    CHECK(strcmp(spvk_spirv_enum_attr_mnemonic(SPVK_OPERAND_FPFastMathMode), "fastmath_mode") == 0);
    CHECK(strcmp(spvk_spirv_enum_attr_mnemonic(SPVK_OPERAND_CooperativeMatrixUse), "coop_matrix_use_khr") == 0);
    CHECK(strcmp(spvk_spirv_enum_attr_mnemonic(SPVK_OPERAND_SourceLanguage), "source_language") == 0);
    CHECK(spvk_spirv_enum_attr_mnemonic(SPVK_OPERAND_IdRef) == NULL);
}

static void test_decorations(void)
{
    spvk_ir_context *ctx = new_context();
    CHECK(strcmp(spvk_spirv_decoration_attr_name(ctx, SPVK_DECORATION_NonWritable), "non_writable") == 0);
    CHECK(strcmp(spvk_spirv_decoration_attr_name(ctx, SPVK_DECORATION_BuiltIn), "built_in") == 0);
    CHECK(strcmp(spvk_spirv_decoration_attr_name(ctx, SPVK_DECORATION_DescriptorSet), "descriptor_set") == 0);
    CHECK(strcmp(spvk_spirv_decoration_attr_name(ctx, SPVK_DECORATION_FPFastMathMode), "fp_fast_math_mode") == 0);
    CHECK(spvk_spirv_decoration_attr_name(ctx, 123456) != NULL);
    CHECK(spvk_spirv_decoration_from_attr_name("non_writable") == SPVK_DECORATION_NonWritable);
    CHECK(spvk_spirv_decoration_from_attr_name("binding") == SPVK_DECORATION_Binding);
    CHECK(spvk_spirv_decoration_from_attr_name("no_signed_wrap") == SPVK_DECORATION_NoSignedWrap);
    CHECK(spvk_spirv_decoration_from_attr_name("storage_class") == -1);
    CHECK(spvk_spirv_decoration_from_attr_name("sym_name") == -1);
    CHECK(spvk_spirv_decoration_from_attr_name(spvk_spirv_decoration_attr_name(ctx, 123456)) == 123456);
    /* Every decoration's name reads back. */
    const spvk_operand_kind_desc *k = spvk_operand_kind(SPVK_OPERAND_Decoration);
    int bad = 0;
    for (uint16_t j = 0; j < k->num_enumerants; j++) {
        const char *n = spvk_spirv_decoration_attr_name(ctx, k->enumerants[j].value);
        bad += spvk_spirv_decoration_from_attr_name(n) != (int)k->enumerants[j].value;
    }
    CHECK(bad == 0);
    spvk_ir_context_destroy(ctx);
}

/* ---- Generic round trip over every op info ---- */

typedef struct synth {
    uint32_t words[512];
    uint32_t n;
    uint32_t next_id;
    bool ok;
} synth;

static void put(synth *s, uint32_t w)
{
    if (s->n < 512)
        s->words[s->n++] = w;
    else
        s->ok = false;
}

static void put_string(synth *s, const char *str)
{
    size_t len = strlen(str) + 1, nw = (len + 3) / 4;
    for (size_t i = 0; i < nw; i++) {
        uint32_t w = 0;
        for (size_t b = 0; b < 4; b++) {
            size_t at = i * 4 + b;
            if (at < len)
                w |= (uint32_t)(unsigned char)str[at] << (8 * b);
        }
        put(s, w);
    }
}

static void put_operands(synth *s, const spvk_operand_desc *ops, uint32_t n, int depth);

static void put_one(synth *s, const spvk_operand_desc *d, int depth)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(d->kind);
    switch (k->category) {
    case SPVK_CATEGORY_ID:
        put(s, s->next_id++);
        return;
    case SPVK_CATEGORY_LITERAL:
        if (d->kind == SPVK_OPERAND_LiteralString)
            put_string(s, "str");
        else
            put(s, 4);
        return;
    case SPVK_CATEGORY_VALUEENUM: {
        /* An enumerant with parameters where there is one, to exercise them. */
        const spvk_enumerant_desc *e = &k->enumerants[0];
        for (uint16_t i = 0; i < k->num_enumerants && depth == 0; i++)
            if (k->enumerants[i].num_parameters) {
                e = &k->enumerants[i];
                break;
            }
        put(s, e->value);
        put_operands(s, e->parameters, e->num_parameters, depth + 1);
        return;
    }
    case SPVK_CATEGORY_BITENUM: {
        uint32_t value = 0;
        int taken = 0;
        for (uint16_t i = 0; i < k->num_enumerants && taken < 2 && depth == 0; i++)
            if (k->enumerants[i].num_parameters && k->enumerants[i].value) {
                value |= k->enumerants[i].value;
                taken++;
            }
        if (!value)
            value = k->num_enumerants > 1 ? k->enumerants[1].value : 0;
        put(s, value);
        for (uint32_t rest = value; rest;) {
            uint32_t b = rest & (~rest + 1);
            rest &= ~b;
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(d->kind, b);
            if (e)
                put_operands(s, e->parameters, e->num_parameters, depth + 1);
        }
        return;
    }
    default:
        s->ok = false;
        return;
    }
}

static void put_operands(synth *s, const spvk_operand_desc *ops, uint32_t n, int depth)
{
    for (uint32_t i = 0; i < n; i++) {
        const spvk_operand_desc *d = &ops[i];
        if (d->kind == SPVK_OPERAND_IdResultType || d->kind == SPVK_OPERAND_IdResult)
            continue;
        put_one(s, d, depth);
        if (d->quantifier == SPVK_QUANTIFIER_VARIADIC && spvk_operand_kind(d->kind)->category != SPVK_CATEGORY_VALUEENUM &&
            spvk_operand_kind(d->kind)->category != SPVK_CATEGORY_BITENUM)
            put_one(s, d, depth);
    }
}

typedef struct roundtrip {
    spvk_ir_context *ctx;
    const spvk_spirv_op_info *info;
    spvk_ir_block *block;
    uint32_t inst_index;
    uint32_t first_operand_word; /* where the words that encode writes begin */
    const uint32_t *words;
    uint32_t num_words;
    bool done, ok;
    char why[256];
    /* Constants and types standing for ids (id -> attribute). */
    uint32_t attr_ids[64];
    const spvk_ir_attr *attr_values[64];
    uint32_t num_attr_ids;
    uint32_t scope_next, semantics_next;
} roundtrip;

static const spvk_ir_attr *attr_of_id(void *user, uint32_t id, unsigned id_as)
{
    roundtrip *r = user;
    for (uint32_t i = 0; i < r->num_attr_ids; i++)
        if (r->attr_ids[i] == id)
            return r->attr_values[i];
    if (r->num_attr_ids == 64)
        return NULL;
    const spvk_ir_attr *a;
    if (id_as == SPVK_SPIRV_ID_AS_TYPE) {
        a = spvk_ir_type_attr(r->ctx, spvk_ir_integer_type(r->ctx, 16 + r->num_attr_ids, SPVK_INT_SIGNLESS));
    } else if (id_as == SPVK_SPIRV_ID_AS_FUNCTION) {
        char name[16]; /* a function's symbol: @f<n>, distinct per id */
        int n = snprintf(name, sizeof name, "f%u", r->num_attr_ids);
        a = spvk_ir_symbol_ref_attr(r->ctx, name, (size_t)n);
    } else
        a = spvk_ir_i32_attr(r->ctx, 1 + r->num_attr_ids); /* distinct values map back to their ids */
    r->attr_ids[r->num_attr_ids] = id;
    r->attr_values[r->num_attr_ids++] = a;
    return a;
}

static uint32_t id_of_attr(void *user, const spvk_ir_attr *attr, unsigned id_as)
{
    roundtrip *r = user;
    for (uint32_t i = 0; i < r->num_attr_ids; i++) {
        const spvk_ir_attr *a = r->attr_values[i];
        if (id_as == SPVK_SPIRV_ID_AS_TYPE || id_as == SPVK_SPIRV_ID_AS_FUNCTION
                ? a == attr
                : (a->kind == attr->kind && a->value == attr->value))
            return r->attr_ids[i];
    }
    return 0;
}

static uint32_t id_of_value(void *user, const spvk_ir_value *v)
{
    (void)user;
    return v->index + 100; /* block argument i stands for id 100 + i */
}

static spvk_result check_instruction(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    (void)header;
    roundtrip *r = user;
    if (r->inst_index++ != 2)
        return SPVK_OK;
    r->done = true;
    spvk_ir_context *ctx = r->ctx;
    spvk_ir_value *ids[512];
    uint32_t nids = 0;
    bool after_results = false;
    for (uint32_t i = 0; i < inst->num_operands; i++) {
        unsigned k = inst->operands[i].kind;
        if (k == SPVK_OPERAND_IdResultType || k == SPVK_OPERAND_IdResult)
            continue;
        after_results = true;
        if (spvk_operand_kind(k)->category != SPVK_CATEGORY_ID)
            continue;
        uint32_t id = inst->words[inst->operands[i].offset];
        ids[nids++] = id >= 100 && id - 100 < r->block->num_args ? r->block->args[id - 100] : NULL;
    }
    (void)after_results;
    spvk_ir_value *operands[512];
    const char *names[512];
    const spvk_ir_attr *values[512];
    spvk_spirv_decoded d;
    d.operands = operands;
    d.attr_names = names;
    d.attr_values = values;
    spvk_spirv_id_hooks hooks = {attr_of_id, id_of_attr, r};
    spvk_diagnostics diag_list;
    spvk_diagnostics_init(&diag_list, NULL);
    spvk_diagnostics *diags = &diag_list;
    const spvk_ir_type *rt = r->info->has_result ? spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS) : NULL;
    spvk_result res = spvk_spirv_decode_generic_ex(ctx, r->info, inst, ids, rt, &hooks, &d, diags);
    if (res != SPVK_OK) {
        snprintf(r->why, sizeof r->why, "decode: %s", diags->count ?
                 diags->items[0].message : "?");
        spvk_diagnostics_free(diags);
        return SPVK_OK;
    }
    spvk_ir_op *op = spvk_ir_op_create(ctx, &d.state);
    if (!op) {
        snprintf(r->why, sizeof r->why, "op_create failed");
        spvk_diagnostics_free(diags);
        return SPVK_OK;
    }
    spvk_writer w;
    spvk_writer_init(&w, NULL);
    bool enc = spvk_spirv_encode_generic_ex(ctx, r->info, op, &w, id_of_value, r, &hooks, diags);
    if (!enc) {
        snprintf(r->why, sizeof r->why, "encode: %s", diags->count ?
                 diags->items[0].message : "?");
    } else {
        uint32_t expect = inst->num_words - r->first_operand_word;
        if (w.count != expect || (expect && memcmp(w.words, inst->words + r->first_operand_word, expect * 4) != 0))
            snprintf(r->why, sizeof r->why, "encode wrote %zu words, expected %u (or different words)", w.count, expect);
        else
            r->ok = true;
    }
    spvk_writer_free(&w);
    spvk_diagnostics_free(diags);
    return SPVK_OK;
}

static void test_generic_roundtrip(void)
{
    spvk_ir_context *ctx = new_context();
    spvk_ir_block *block = spvk_ir_block_create(ctx);
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    for (int i = 0; i < 300; i++)
        spvk_ir_block_add_arg(ctx, block, i32);
    unsigned glsl = spvk_ext_inst_set_by_import("GLSL.std.450", 12);
    int generic = 0, passed = 0;
    for (size_t i = 0; i < spvk_spirv_num_op_infos; i++) {
        const spvk_spirv_op_info *info = &spvk_spirv_op_infos[i];
        if (!(info->flags & SPVK_SPIRV_OP_GENERIC))
            continue;
        generic++;
        synth s = {{0}, 0, 100, true};
        put(&s, SPVK_MAGIC);
        put(&s, SPVK_VERSION(1, 6));
        put(&s, 0);
        put(&s, 1000);
        put(&s, 0);
        put(&s, (6u << 16) | SPVK_OP_ExtInstImport); /* 2 words and "GLSL.std.450\0" in 4 */
        put(&s, 1);
        put_string(&s, "GLSL.std.450");
        put(&s, (5u << 16) | SPVK_OP_ExtInstImport); /* 2 words and "OpenCL.std\0" in 3 */
        put(&s, 2);
        put_string(&s, "OpenCL.std");
        uint32_t start = s.n;
        put(&s, info->opcode);
        if (info->has_result_type)
            put(&s, 3);
        if (info->has_result)
            put(&s, 4);
        const spvk_operand_desc *ops;
        uint32_t nops;
        if (info->ext_desc) {
            put(&s, info->ext_set == glsl ? 1 : 2);
            put(&s, info->ext_opcode);
            ops = info->ext_desc->operands;
            nops = info->ext_desc->num_operands;
        } else {
            ops = info->desc->operands;
            nops = info->desc->num_operands;
        }
        uint32_t first_operand = s.n - start;
        put_operands(&s, ops, nops, 0);
        s.words[start] |= (s.n - start) << 16;
        roundtrip r;
        memset(&r, 0, sizeof r);
        r.ctx = ctx;
        r.info = info;
        r.block = block;
        r.first_operand_word = first_operand;
        spvk_diagnostics diag_list;
    spvk_diagnostics_init(&diag_list, NULL);
    spvk_diagnostics *diags = &diag_list;
        spvk_result res = s.ok ? spvk_parse_words(s.words, s.n, NULL, check_instruction, &r, diags) : SPVK_ERROR_INVALID;
        if (res != SPVK_OK || !r.done) {
            fprintf(stderr, "%s: synthesized instruction not read (%s)\n", info->name,
                    diags->count ? diags->items[0].message : "?");
        } else if (r.ok) {
            passed++;
        } else {
            fprintf(stderr, "%s: %s\n", info->name, r.why);
        }
        spvk_diagnostics_free(diags);
    }
    printf("generic round trip: %d of %d generic op infos\n", passed, generic);
    CHECK(passed == generic);
    spvk_ir_context_destroy(ctx);
}

/* ---- Types and attributes ---- */

static void test_constructors(void)
{
    spvk_ir_context *ctx = new_context();
    const spvk_ir_dialect *sd = spvk_spirv_dialect();
    const spvk_ir_type *f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    const spvk_ir_type *a1 = spvk_spirv_array_type(ctx, f32, 4, 4);
    CHECK(a1 && a1 == spvk_spirv_array_type(ctx, f32, 4, 4) && a1 != spvk_spirv_array_type(ctx, f32, 4, 0));
    CHECK(spvk_ir_type_is(a1, sd, SPVK_SPIRV_ARRAY) && a1->ints[0] == 4 && a1->ints[1] == 4);
    const spvk_ir_type *rt = spvk_spirv_runtime_array_type(ctx, f32, 4);
    CHECK(rt == spvk_spirv_runtime_array_type(ctx, f32, 4));
    const spvk_ir_type *p = spvk_spirv_pointer_type(ctx, rt, SPVK_STORAGE_CLASS_StorageBuffer);
    CHECK(p == spvk_spirv_pointer_type(ctx, rt, SPVK_STORAGE_CLASS_StorageBuffer));
    CHECK(p != spvk_spirv_pointer_type(ctx, rt, SPVK_STORAGE_CLASS_Uniform));

    const spvk_ir_type *members[2] = {f32, i32};
    int64_t offsets[2] = {0, 4};
    const spvk_ir_attr *nw = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Decoration, SPVK_DECORATION_NonWritable);
    const spvk_ir_attr *rp = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Decoration, SPVK_DECORATION_RelaxedPrecision);
    const spvk_ir_attr *two[2] = {nw, rp}, *two_sorted[2] = {rp, nw};
    const spvk_ir_attr *decs[3] = {spvk_ir_array_attr(ctx, NULL, 0), spvk_ir_array_attr(ctx, two, 2),
                                   spvk_ir_array_attr(ctx, NULL, 0)};
    const spvk_ir_attr *decs_sorted[3] = {decs[0], spvk_ir_array_attr(ctx, two_sorted, 2), decs[2]};
    const spvk_ir_type *s1 = spvk_spirv_struct_type(ctx, members, 2, offsets, decs);
    CHECK(s1 && s1 == spvk_spirv_struct_type(ctx, members, 2, offsets, decs_sorted)); /* canonical order */
    CHECK(s1->num_attrs == 3 && s1->attrs[1]->attrs[0] == rp);
    const spvk_ir_type *s2 = spvk_spirv_struct_type(ctx, members, 2, NULL, NULL);
    CHECK(s2 && s2 != s1 && s2->ints[0] == -1 && s2->num_attrs == 3);
    CHECK(s2 == spvk_spirv_struct_type(ctx, members, 2, NULL, NULL));
    /* An Offset decoration is an offset. */
    const spvk_ir_attr *off_items[2] = {spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Decoration, SPVK_DECORATION_Offset),
                                        spvk_ir_i32_attr(ctx, 4)};
    const spvk_ir_attr *off = spvk_ir_array_attr(ctx, off_items, 2);
    const spvk_ir_attr *decs_off[3] = {NULL, spvk_ir_array_attr(ctx, &off, 1), NULL};
    int64_t half[2] = {-1, -1};
    const spvk_ir_type *s3 = spvk_spirv_struct_type(ctx, members, 2, half, decs_off);
    CHECK(s3 && s3->ints[1] == 4 && s3->attrs[1]->num_attrs == 0);

    spvk_ir_type *id = spvk_spirv_identified_struct(ctx, "Node", 4);
    CHECK(id && id == spvk_spirv_identified_struct(ctx, "Node", 4) && id->identified && !id->body_set);
    const spvk_ir_type *self_ptr = spvk_spirv_pointer_type(ctx, id, SPVK_STORAGE_CLASS_PhysicalStorageBuffer);
    const spvk_ir_type *body[2] = {f32, self_ptr};
    CHECK(spvk_spirv_identified_struct_set_body(ctx, id, body, 2, NULL, NULL) && id->body_set);
    CHECK(id->types[1] == self_ptr);

    const spvk_ir_type *img = spvk_spirv_image_type(ctx, f32, SPVK_DIM_2D, 0, 0, 0, 1, SPVK_IMAGE_FORMAT_Unknown, -1);
    CHECK(img == spvk_spirv_image_type(ctx, f32, SPVK_DIM_2D, 0, 0, 0, 1, SPVK_IMAGE_FORMAT_Unknown, -7));
    CHECK(spvk_spirv_sampled_image_type(ctx, img) == spvk_spirv_sampled_image_type(ctx, img));
    CHECK(spvk_spirv_sampler_type(ctx) == spvk_spirv_sampler_type(ctx));
    int64_t shape = 4;
    const spvk_ir_type *v4 = spvk_ir_vector_type(ctx, &shape, 1, f32);
    CHECK(spvk_spirv_matrix_type(ctx, v4, 4) == spvk_spirv_matrix_type(ctx, v4, 4));
    const spvk_ir_type *bf16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16);
    const spvk_ir_type *cm = spvk_spirv_coopmatrix_type(ctx, bf16, 16, 16, SPVK_SCOPE_Subgroup, 0);
    CHECK(cm && cm == spvk_spirv_coopmatrix_type(ctx, bf16, 16, 16, SPVK_SCOPE_Subgroup, 0));
    /* Specialization constants as parameters (spvkit's). */
    const spvk_ir_attr *tile = spvk_ir_symbol_ref_attr(ctx, "TILE", 4);
    const spvk_ir_type *sa = spvk_spirv_spec_array_type(ctx, f32, tile, 4);
    CHECK(sa && sa == spvk_spirv_spec_array_type(ctx, f32, tile, 4) && sa->ints[0] == -1 && sa->attrs[0] == tile);
    CHECK(spvk_spirv_spec_array_type(ctx, f32, NULL, 4) == spvk_spirv_array_type(ctx, f32, 0, 4));
    int64_t cmp[4] = {16, 16, SPVK_SCOPE_Subgroup, 0};
    const spvk_ir_attr *cms[4] = {tile, NULL, NULL, NULL};
    const spvk_ir_type *scm = spvk_spirv_spec_coopmatrix_type(ctx, bf16, cmp, cms);
    CHECK(scm && scm->num_attrs == 4 && scm->ints[0] == -1 && scm->ints[1] == 16 && scm != cm);
    const spvk_ir_attr *none[4] = {NULL, NULL, NULL, NULL};
    CHECK(spvk_spirv_spec_coopmatrix_type(ctx, bf16, cmp, none) == cm);
    int64_t ro = SPVK_ACCESS_QUALIFIER_ReadOnly;
    CHECK(spvk_spirv_opaque_type(ctx, SPVK_OP_TypePipe, &ro, 1) == spvk_spirv_opaque_type(ctx, SPVK_OP_TypePipe, &ro, 1));
    CHECK(spvk_spirv_opaque_type(ctx, SPVK_OP_TypeEvent, NULL, 0) != spvk_spirv_opaque_type(ctx, SPVK_OP_TypeQueue, NULL, 0));

    const spvk_ir_attr *e1 = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function);
    CHECK(e1 && e1 == spvk_spirv_enum_attr(ctx, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function));
    CHECK(e1->dialect == sd && e1->kind == SPVK_SPIRV_ATTR_ENUM && e1->value2 == SPVK_OPERAND_StorageClass);
    uint32_t caps[2] = {SPVK_CAPABILITY_Shader, SPVK_CAPABILITY_Float16};
    const char *exts[1] = {"SPV_KHR_16bit_storage"};
    const spvk_ir_attr *vce = spvk_spirv_vce_attr(ctx, SPVK_VERSION(1, 3), caps, 2, exts, 1);
    CHECK(vce && vce == spvk_spirv_vce_attr(ctx, SPVK_VERSION(1, 3), caps, 2, exts, 1));
    CHECK(vce->num_attrs == 2 && vce->attrs[0]->num_attrs == 2 && vce->attrs[1]->num_attrs == 1);

    /* Enumerant names: MLIR's spelling printed, both read. */
    uint32_t v = 99;
    CHECK(strcmp(spvk_spirv_enumerant_name(SPVK_OPERAND_Dim, SPVK_DIM_2D), "Dim2D") == 0);
    CHECK(spvk_spirv_enumerant_value(SPVK_OPERAND_Dim, "Dim2D", 5, &v) && v == SPVK_DIM_2D);
    CHECK(spvk_spirv_enumerant_value(SPVK_OPERAND_Dim, "2D", 2, &v) && v == SPVK_DIM_2D);
    CHECK(strcmp(spvk_spirv_enumerant_name(SPVK_OPERAND_CooperativeMatrixUse, 2), "MatrixAcc") == 0);
    CHECK(spvk_spirv_enumerant_value(SPVK_OPERAND_CooperativeMatrixUse, "MatrixAccumulatorKHR", 20, &v) && v == 2);
    spvk_ir_context_destroy(ctx);
}

/* Parses `"t.op"() {a = TEXT} : () -> ()` and prints attribute a (or its type). */
static char *reprint(spvk_ir_context *ctx, const char *text, bool is_type)
{
    char src[2048];
    snprintf(src, sizeof src, "\"t.op\"() {a = %s} : () -> ()\n", text);
    spvk_diagnostics diag_list;
    spvk_diagnostics_init(&diag_list, NULL);
    spvk_diagnostics *diags = &diag_list;
    spvk_ir_op *module = NULL;
    spvk_result res = spvk_ir_parse(ctx, src, strlen(src), "test", &module, diags);
    char *out = NULL;
    if (res == SPVK_OK && module && module->regions[0].first && module->regions[0].first->first) {
        const spvk_ir_attr *a = spvk_ir_op_attr(module->regions[0].first->first, "a");
        if (a && is_type && a->kind == SPVK_ATTR_TYPE)
            out = spvk_ir_print_type(ctx, a->type);
        else if (a && !is_type)
            out = spvk_ir_print_attr(ctx, a);
    } else {
        fprintf(stderr, "parse of %s failed: %s\n", text,
                diags->count ? diags->items[0].message : "?");
    }
    spvk_diagnostics_free(diags);
    return out;
}

static void check_reprint(spvk_ir_context *ctx, const char *text, const char *expect, bool is_type)
{
    char *out = reprint(ctx, text, is_type);
    checks++;
    if (!out || strcmp(out, expect) != 0) {
        failures++;
        fprintf(stderr, "reprint of %s: got %s, expected %s\n", text, out ? out : "(null)", expect);
    }
    if (out)
        spvk_free(spvk_ir_context_allocator(ctx), out, strlen(out) + 1);
}

/* One printer prints each type's text once and copies it after (printer.c's type texts): a
   module whose types repeat, short and long (past what is kept), an identified struct first
   inside a pointer and then on its own, and a struct that nests itself, prints as it reads. */
static void test_repeated_types(void)
{
    spvk_ir_context *ctx = new_context();
    spvk_ir_context_allow_unregistered(ctx, true);
#define PTR_A "!spirv.ptr<!spirv.struct<A, (f32, !spirv.ptr<!spirv.struct<A>, PhysicalStorageBuffer>)>, PhysicalStorageBuffer>"
#define STRUCT_A "!spirv.struct<A, (f32, !spirv.ptr<!spirv.struct<A>, PhysicalStorageBuffer>)>"
#define OPS(indent)                                                                                            \
    indent "%0 = \"t.a\"() : () -> i32\n" indent "%1 = \"t.a\"() : () -> !spirv.ptr<i32, Function>\n" indent        \
           "%2 = \"t.a\"() : () -> " PTR_A "\n" indent "%3 = \"t.a\"() : () -> " STRUCT_A "\n" indent                 \
           "%4 = \"t.a\"() : () -> " STRUCT_A "\n" indent "%5 = \"t.a\"() : () -> !spirv.ptr<i32, Function>\n" indent \
           "%6 = \"t.a\"() : () -> i32\n" indent "\"t.b\"(%0, %1, %2, %3, %4, %5, %6) : (i32, !spirv.ptr<i32, Function>, " \
           PTR_A ", " STRUCT_A ", " STRUCT_A ", !spirv.ptr<i32, Function>, i32) -> ()\n"
    static const char text[] = OPS("");
    static const char expect[] = "\"builtin.module\"() ({\n" OPS("  ") "}) : () -> ()\n";
#undef OPS
#undef STRUCT_A
#undef PTR_A
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    CHECK(spvk_ir_parse(ctx, text, strlen(text), "types.mlir", &module, &diags) == SPVK_OK);
    char *out = module ? spvk_ir_print(ctx, module, NULL) : NULL;
    CHECK(out && strcmp(out, expect) == 0);
    if (out && strcmp(out, expect) != 0)
        fprintf(stderr, "printed:\n%s\nexpected:\n%s\n", out, expect);
    if (out)
        spvk_free(spvk_ir_context_allocator(ctx), out, strlen(out) + 1);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

static void test_syntax(void)
{
    spvk_ir_context *ctx = new_context();
    spvk_ir_context_allow_unregistered(ctx, true);
    static const char *const same_types[] = {
        "!spirv.array<4 x f32, stride=4>",
        "!spirv.array<4 x f32>",
        "!spirv.rtarray<f32, stride=4>",
        "!spirv.rtarray<f32>",
        "!spirv.ptr<f32, StorageBuffer>",
        "!spirv.struct<(f32 [0], i32 [4, NonWritable])>",
        "!spirv.struct<(f32, i32)>",
        "!spirv.struct<()>",
        "!spirv.struct<(f32 [0, MatrixStride=16], i32 [4])>",
        "!spirv.struct<(f32 [8, RelaxedPrecision, ArrayStride=4, NonWritable])>",
        "!spirv.struct<(vector<4xf32> [BuiltIn=0], f32 [Offset=4])>",
        "!spirv.struct<A, (f32, !spirv.ptr<!spirv.struct<A>, PhysicalStorageBuffer>)>",
        "!spirv.struct<empty, ()>",
        "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>",
        "!spirv.image<i32, Buffer, IsDepth, Arrayed, MultiSampled, NoSampler, Rgba8, ReadOnly>",
        "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>",
        "!spirv.sampler",
        "!spirv.matrix<4 x vector<4xf32>>",
        "!spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>",
        "!spirv.coopmatrix<16x8xbf16, Workgroup, MatrixAcc>",
        "!spirv.event",
        "!spirv.ray_query",
        "!spirv.acceleration_structure",
        "!spirv.pipe<ReadOnly>",
        "!spirv.untyped_pointer<StorageBuffer>",
        "!spirv.struct<(f32 [0]), [CPacked]>",
        "!spirv.struct<\"a b<c>\", (f32)>",
        "!spirv.struct<(f32 [UserSemantic=\"hello\"])>",
        "!spirv.array<@TILE x f32>",
        "!spirv.array<@TILE x !spirv.array<@TILE x f32, stride=4>, stride=64>",
        "!spirv.coopmatrix<[@M, 16] x bf16, Subgroup, MatrixA>",
        "!spirv.coopmatrix<[16, 8] x f16, @scope, @use>",
    };
    for (size_t i = 0; i < sizeof same_types / sizeof same_types[0]; i++)
        check_reprint(ctx, same_types[i], same_types[i], true);
    check_reprint(ctx, "!spv.ptr<f32, Function>", "!spirv.ptr<f32, Function>", true);
    check_reprint(ctx, "!spirv.struct<(f32 [NonWritable, RelaxedPrecision])>",
                  "!spirv.struct<(f32 [RelaxedPrecision, NonWritable])>", true);
    check_reprint(ctx, "!spirv.image<f32, 2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>",
                  "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>", true);
    check_reprint(ctx, "!spirv.struct<(f32 [Offset=0], i32 [Offset=4])>", "!spirv.struct<(f32 [0], i32 [4])>", true);

    static const char *const same_attrs[] = {
        "#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>",
        "#spirv.vce<v1.6, [], []>",
        /* An extension name that is no identifier (a corrupted binary's) prints quoted (fuzzer find). */
        "#spirv.vce<v1.3, [Shader], [\"SPV_EXT_demot\\FF_to\", SPV_KHR_16bit_storage]>",
        "#spirv.storage_class<Function>",
        "#spirv.memory_access<Volatile|Aligned>",
        "#spirv.memory_access<None>",
        "#spirv.memory_semantics<Acquire|Release|UniformMemory>",
        "#spirv.decoration<NonWritable>",
        "#spirv.scope<Workgroup>",
        "#spirv.fastmath_mode<NotNaN|NotInf>",
        "#spirv.function_control<None>",
        "#spirv.loop_control<Unroll|DependencyInfinite>",
        "#spirv.image_operands<Bias|Lod>",
        "#spirv.capability<Shader>",
        "#spirv.coop_matrix_use_khr<MatrixB>",
        "#spirv.interface_var_abi<(0, 1), StorageBuffer>",
        "#spirv.interface_var_abi<(0, 1)>",
        "#spirv.entry_point_abi<workgroup_size = [32, 1, 1]>",
        "#spirv.entry_point_abi<workgroup_size = [32, 1, 1], subgroup_size = 32, target_width = 32>",
        "#spirv.entry_point_abi<>",
        "#spirv.resource_limits<>",
        "#spirv.resource_limits<max_compute_workgroup_invocations = 256, subgroup_size = 64, min_subgroup_size = 32>",
        "#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>",
        ("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, api=Vulkan, NVIDIA:DiscreteGPU:1234, "
         "#spirv.resource_limits<>>"),
        "#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, Intel:IntegratedGPU, #spirv.resource_limits<>>",
        "#spirv.linkage_attributes<linkage_name = \"foo\", linkage_type = <Import>>",
    };
    for (size_t i = 0; i < sizeof same_attrs / sizeof same_attrs[0]; i++)
        check_reprint(ctx, same_attrs[i], same_attrs[i], false);
    check_reprint(ctx, "#spirv.memory_semantics<UniformMemory|Acquire>", "#spirv.memory_semantics<Acquire|UniformMemory>",
                  false);
    check_reprint(ctx, "#spirv.resource_limits<max_compute_shared_memory_size = 16384, subgroup_size = 64>",
                  "#spirv.resource_limits<subgroup_size = 64>", false);
    check_reprint(ctx, "#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, Unknown:Unknown, #spirv.resource_limits<>>",
                  "#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>", false);
    spvk_ir_context_destroy(ctx);
}

/* ---- Availability ---- */

static bool has_capability(const spvk_spirv_availability *a, uint32_t cap)
{
    for (uint32_t i = 0; i < a->num_capabilities; i++)
        for (uint32_t k = 0; k < a->capabilities[i].count; k++)
            if (a->capabilities[i].values[k] == cap)
                return true;
    return false;
}

static bool has_extension(const spvk_spirv_availability *a, const char *name)
{
    int e = spvk_extension_by_name(name, strlen(name));
    for (uint32_t i = 0; i < a->num_extensions; i++)
        for (uint32_t k = 0; k < a->extensions[i].count; k++)
            if ((int)a->extensions[i].values[k] == e)
                return true;
    return false;
}

static spvk_ir_op *make_op(spvk_ir_context *ctx, const char *name, spvk_ir_value *const *operands, uint32_t n,
                           const spvk_ir_type *result, const spvk_ir_attr *attrs)
{
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = name;
    s.name_length = strlen(name);
    s.operands = operands;
    s.num_operands = n;
    s.result_types = &result;
    s.num_results = result ? 1 : 0;
    s.attrs = attrs;
    return spvk_ir_op_create(ctx, &s);
}

static void test_availability(void)
{
    spvk_ir_context *ctx = new_context();
    spvk_spirv_availability a;
    const spvk_ir_type *bf16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16);
    const spvk_ir_type *f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    const spvk_ir_type *f16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_IEEE);
    const spvk_ir_type *i8 = spvk_ir_integer_type(ctx, 8, SPVK_INT_SIGNLESS);

    spvk_spirv_availability_init(&a);
    CHECK(a.min_version == SPVK_VERSION(1, 0) && a.max_version == SPVK_VERSION_LAST && !a.num_capabilities);
    spvk_spirv_type_availability(f32, &a);
    CHECK(a.num_capabilities == 0 && a.num_extensions == 0);

    spvk_spirv_availability_init(&a);
    spvk_spirv_type_availability(bf16, &a);
    CHECK(has_capability(&a, SPVK_CAPABILITY_BFloat16TypeKHR) && has_extension(&a, "SPV_KHR_bfloat16"));

    spvk_spirv_availability_init(&a);
    spvk_spirv_type_availability(spvk_spirv_coopmatrix_type(ctx, bf16, 16, 16, SPVK_SCOPE_Subgroup, 0), &a);
    CHECK(has_capability(&a, SPVK_CAPABILITY_BFloat16CooperativeMatrixKHR));
    /* The capability's own extension comes with it. */
    CHECK(has_capability(&a, SPVK_CAPABILITY_CooperativeMatrixKHR) && has_extension(&a, "SPV_KHR_cooperative_matrix"));
    CHECK(has_capability(&a, SPVK_CAPABILITY_BFloat16TypeKHR));

    /* f16 in a storage buffer: Float16 or StorageBuffer16BitAccess, one requirement. */
    spvk_spirv_availability_init(&a);
    spvk_spirv_type_availability(
        spvk_spirv_pointer_type(ctx, spvk_spirv_runtime_array_type(ctx, f16, 2), SPVK_STORAGE_CLASS_StorageBuffer), &a);
    CHECK(a.num_capabilities >= 1 && has_capability(&a, SPVK_CAPABILITY_Float16) &&
          has_capability(&a, SPVK_CAPABILITY_StorageBuffer16BitAccess));
    /* StorageBuffer: 1.3, or its extensions. */
    CHECK(a.min_version == SPVK_VERSION(1, 0) && has_extension(&a, "SPV_KHR_storage_buffer_storage_class"));
    bool or_13 = false;
    for (uint32_t i = 0; i < a.num_extensions; i++)
        or_13 |= a.extensions[i].or_version == SPVK_VERSION(1, 3);
    CHECK(or_13);

    /* An i8 value: Int8, or a storage capability (loads, stores and conversions need no more). */
    spvk_spirv_availability_init(&a);
    spvk_spirv_type_availability(i8, &a);
    CHECK(a.num_capabilities == 1 && has_capability(&a, SPVK_CAPABILITY_Int8) &&
          has_capability(&a, SPVK_CAPABILITY_StorageBuffer8BitAccess));
    /* In a push constant: Int8 or StoragePushConstant8 only. */
    spvk_spirv_availability_init(&a);
    spvk_spirv_type_availability(spvk_spirv_pointer_type(ctx, i8, SPVK_STORAGE_CLASS_PushConstant), &a);
    bool pc8 = false;
    for (uint32_t i = 0; i < a.num_capabilities; i++)
        pc8 |= a.capabilities[i].count == 2 && a.capabilities[i].values[0] == SPVK_CAPABILITY_Int8 &&
               a.capabilities[i].values[1] == SPVK_CAPABILITY_StoragePushConstant8;
    CHECK(pc8 && has_capability(&a, SPVK_CAPABILITY_Shader)); /* PushConstant itself needs Shader */

    /* Ops: OpDot on bf16 vectors, an op's enum attributes and decorations. */
    spvk_ir_block *b = spvk_ir_block_create(ctx);
    int64_t two = 2;
    const spvk_ir_type *v2bf = spvk_ir_vector_type(ctx, &two, 1, bf16);
    spvk_ir_value *x = spvk_ir_block_add_arg(ctx, b, v2bf);
    spvk_ir_value *ops[2] = {x, x};
    spvk_ir_op *dot = make_op(ctx, "spirv.Dot", ops, 2, bf16, NULL);
    spvk_spirv_availability_init(&a);
    spvk_spirv_op_availability(dot, &a);
    CHECK(has_capability(&a, SPVK_CAPABILITY_BFloat16DotProductKHR) && has_capability(&a, SPVK_CAPABILITY_BFloat16TypeKHR));

    spvk_ir_value *y = spvk_ir_block_add_arg(ctx, b, f32);
    spvk_ir_value *yy[2] = {y, y};
    const char *name = "no_signed_wrap";
    const spvk_ir_attr *unit = spvk_ir_unit_attr(ctx);
    spvk_ir_op *add = make_op(ctx, "spirv.IAdd", yy, 2, f32, spvk_ir_dictionary_attr(ctx, &name, &unit, 1));
    spvk_spirv_availability_init(&a);
    spvk_spirv_op_availability(add, &a);
    CHECK(has_extension(&a, "SPV_KHR_no_integer_wrap_decoration"));

    /* Load's `alignment` is its memory access parameter, not the Alignment decoration (Kernel). */
    const spvk_ir_type *pf = spvk_spirv_pointer_type(ctx, f32, SPVK_STORAGE_CLASS_Function);
    spvk_ir_value *ptr = spvk_ir_block_add_arg(ctx, b, pf);
    const char *lnames[2] = {"memory_access", "alignment"};
    const spvk_ir_attr *lvalues[2] = {spvk_spirv_enum_attr(ctx, SPVK_OPERAND_MemoryAccess, SPVK_MEMORY_ACCESS_Aligned),
                                      spvk_ir_i32_attr(ctx, 4)};
    spvk_ir_op *load = make_op(ctx, "spirv.Load", &ptr, 1, f32, spvk_ir_dictionary_attr(ctx, lnames, lvalues, 2));
    spvk_spirv_availability_init(&a);
    spvk_spirv_op_availability(load, &a);
    CHECK(a.num_capabilities == 0 && a.num_extensions == 0 && a.min_version == SPVK_VERSION(1, 0));
    spvk_ir_op_erase(ctx, load);

    const char *sname = "execution_scope";
    const spvk_ir_attr *scope = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Scope, SPVK_SCOPE_QueueFamily);
    spvk_ir_op *elect = make_op(ctx, "spirv.GroupNonUniformElect", NULL, 0, spvk_ir_integer_type(ctx, 1, 0),
                                spvk_ir_dictionary_attr(ctx, &sname, &scope, 1));
    spvk_spirv_availability_init(&a);
    spvk_spirv_op_availability(elect, &a);
    /* The instruction is 1.3; the QueueFamily scope needs VulkanMemoryModel, which 1.5 or
       SPV_KHR_vulkan_memory_model provides. */
    CHECK(a.min_version == SPVK_VERSION(1, 3));
    CHECK(has_capability(&a, SPVK_CAPABILITY_GroupNonUniform));
    CHECK(has_capability(&a, SPVK_CAPABILITY_VulkanMemoryModel) && has_extension(&a, "SPV_KHR_vulkan_memory_model"));
    spvk_ir_op_set_attr(ctx, elect, sname, spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Scope, SPVK_SCOPE_Subgroup));
    spvk_spirv_availability_init(&a);
    spvk_spirv_op_availability(elect, &a);
    CHECK(a.min_version == SPVK_VERSION(1, 3) && !has_capability(&a, SPVK_CAPABILITY_VulkanMemoryModel));

    spvk_ir_op_erase(ctx, dot);
    spvk_ir_op_erase(ctx, add);
    spvk_ir_op_erase(ctx, elect);
    spvk_ir_context_destroy(ctx);
}

static spvk_ir_walk_result find_constant(spvk_ir_op *op, void *user)
{
    if (strcmp(spvk_ir_op_name(op), "spirv.Constant") != 0)
        return SPVK_WALK_ADVANCE;
    *(spvk_ir_op **)user = op;
    return SPVK_WALK_INTERRUPT;
}

/* A dense value built through the API is checked element by element: the parser cannot build
   an integer inside a float vector, but the API can, and it would print as text that no parser
   accepts (a fuzzer find, through the deserializer). */
static void test_constant_elements(void)
{
    spvk_ir_context *ctx = new_context();
    const char *src = "spirv.module Logical GLSL450 {\n"
                      "  spirv.func @f() \"None\" {\n"
                      "    %0 = spirv.Constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>\n"
                      "    spirv.Return\n"
                      "  }\n"
                      "}\n";
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    CHECK(spvk_ir_parse(ctx, src, strlen(src), "test", &module, &diags) == SPVK_OK);
    CHECK(module && spvk_ir_verify(ctx, module, &diags) == SPVK_OK);
    spvk_ir_op *constant = NULL;
    if (module)
        spvk_ir_walk(module, find_constant, &constant);
    CHECK(constant != NULL);
    if (constant) {
        const spvk_ir_attr *value = spvk_ir_op_attr(constant, "value");
        const spvk_ir_attr *items[2] = {
            spvk_ir_float_attr(ctx, spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE), 1.0),
            spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), 1),
        };
        spvk_ir_attr_desc desc = {0};
        desc.kind = SPVK_ATTR_DENSE;
        desc.type = value->type;
        desc.attrs = items;
        desc.num_attrs = 2;
        spvk_ir_op_set_attr(ctx, constant, "value", spvk_ir_attr_get(ctx, &desc));
        spvk_diagnostics_free(&diags);
        spvk_diagnostics_init(&diags, NULL);
        CHECK(spvk_ir_verify(ctx, module, &diags) == SPVK_ERROR_INVALID);
        CHECK(diags.count >= 1 &&
              strstr(diags.items[0].message, "element 1 of the dense value does not have its element type f32"));
    }
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
}

/* ---- Ops made on first use ---- */

/* One thread's lookups, through a view of the context, of every generic op in one direction. */
typedef struct lookup_run {
    spvk_ir_context *view;
    bool backwards;
    const spvk_ir_op_def **defs; /* per op info */
} lookup_run;

static void *look_up_all(void *arg)
{
    lookup_run *run = arg;
    for (size_t k = 0; k < spvk_spirv_num_op_infos; k++) {
        size_t i = run->backwards ? spvk_spirv_num_op_infos - 1 - k : k;
        const char *name = spvk_spirv_op_infos[i].name;
        run->defs[i] = spvk_ir_op_def_lookup(run->view, name, strlen(name));
    }
    return NULL;
}

static void test_ops_made_on_first_use(void)
{
    spvk_ir_context *ctx = new_context();
    const spvk_ir_op_def *add = spvk_ir_op_def_lookup(ctx, "spirv.IAdd", 10);
    CHECK(add && add->dialect == spvk_spirv_dialect() && add->verify && add->parse && add->print);
    CHECK(add && ((const spvk_spirv_op_data *)add->data)->info == spvk_spirv_op_info_by_opcode(SPVK_OP_IAdd));
    CHECK(spvk_ir_op_def_lookup(ctx, "spirv.IAdd", 10) == add); /* made once */
    CHECK(spvk_ir_op_def_lookup(ctx, "spv.IAdd", 8) == add);    /* the alias finds the same def */
    /* The alias first: the def is made under the dialect's own name. */
    const spvk_ir_op_def *sub = spvk_ir_op_def_lookup(ctx, "spv.ISub", 8);
    CHECK(sub && strcmp(sub->name, "spirv.ISub") == 0 && spvk_ir_op_def_lookup(ctx, "spirv.ISub", 10) == sub);
    /* Names of no op, asked twice. */
    for (int round = 0; round < 2; round++) {
        CHECK(!spvk_ir_op_def_lookup(ctx, "spirv.NoSuchOp", 14));
        CHECK(!spvk_ir_op_def_lookup(ctx, "spirv.", 6));
        CHECK(!spvk_ir_op_def_lookup(ctx, "nodialect.IAdd", 14));
    }
    /* A structural instruction is no op of its own; a structural op wins over the instruction of
       its name and keeps its own traits and regions. */
    CHECK(!spvk_ir_op_def_lookup(ctx, "spirv.TypeInt", 13));
    const spvk_ir_op_def *module = spvk_ir_op_def_lookup(ctx, "spirv.module", 12);
    CHECK(module && (module->traits & SPVK_TRAIT_SYMBOL_TABLE) && module->num_regions == 1);
    const spvk_ir_op_def *loop = spvk_ir_op_def_lookup(ctx, "spirv.mlir.loop", 15);
    CHECK(loop && loop->num_regions == 1 && ((const spvk_spirv_op_data *)loop->data)->info == NULL);
    const spvk_ir_op_def *branch = spvk_ir_op_def_lookup(ctx, "spirv.Branch", 12);
    CHECK(branch && (branch->traits & SPVK_TRAIT_TERMINATOR) &&
          ((const spvk_spirv_op_data *)branch->data)->info == spvk_spirv_op_info_by_opcode(SPVK_OP_Branch));
    spvk_ir_context_destroy(ctx);

    /* Two threads meeting every op at once, in opposite orders, through views: each name gets
       one def, the one the context keeps. */
    ctx = new_context();
    size_t n = spvk_spirv_num_op_infos;
    const spvk_ir_op_def **defs[2];
    lookup_run runs[2];
    pthread_t threads[2];
    bool started[2] = {false, false};
    for (int t = 0; t < 2; t++) {
        defs[t] = calloc(n, sizeof *defs[t]);
        runs[t] = (lookup_run){ctx ? ir_context_view_create(ctx) : NULL, t == 1, defs[t]};
    }
    CHECK(ctx && runs[0].view && runs[1].view && defs[0] && defs[1]);
    if (ctx && runs[0].view && runs[1].view && defs[0] && defs[1]) {
        for (int t = 0; t < 2; t++)
            started[t] = pthread_create(&threads[t], NULL, look_up_all, &runs[t]) == 0;
        for (int t = 0; t < 2; t++)
            if (started[t])
                pthread_join(threads[t], NULL);
        CHECK(started[0] && started[1]);
        size_t generic = 0, same = 0;
        for (size_t i = 0; i < n; i++) {
            const spvk_spirv_op_info *info = &spvk_spirv_op_infos[i];
            const spvk_ir_op_def *def = spvk_ir_op_def_lookup(ctx, info->name, strlen(info->name));
            if (info->flags & SPVK_SPIRV_OP_GENERIC) {
                generic++;
                same += def && defs[0][i] == def && defs[1][i] == def;
            } else {
                same += defs[0][i] == def && defs[1][i] == def; /* structural: an op of the name, or none */
            }
        }
        CHECK(generic > 1000 && same == n);
    }
    for (int t = 0; t < 2; t++) {
        ir_context_view_destroy(runs[t].view);
        free(defs[t]);
    }
    spvk_ir_context_destroy(ctx);
}

int main(void)
{
    test_table();
    test_ops_made_on_first_use();
    test_decorations();
    test_generic_roundtrip();
    test_constructors();
    test_syntax();
    test_repeated_types();
    test_availability();
    test_constant_elements();
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures ? 1 : 0;
}
