/* Decorations (SPIR-V 3.2.19): what each decoration may decorate (a structure type, a member, an
   array or pointer type, a variable, a specialization constant), OpMemberDecorate's member in
   range, and no <id> or member decorated twice with the same decoration. Decoration groups
   (deprecated): OpGroupDecorate and OpGroupMemberDecorate name an OpDecorationGroup and target
   no decoration group (SPIR-V 3.3.3), but the decorations they hand on are not followed.
   Duplicates are found by sorting the decorations once. */
#include <stdlib.h>
#include <string.h>

#include "val_internal.h"

#define RULE "SPIR-V 3.2.19"
#define RULE_GROUP "SPIR-V 3.3.3"

typedef struct deco_use {
    uint32_t target, member, decoration, inst;
} deco_use;

static int cmp_use(const void *a, const void *b)
{
    const deco_use *x = a, *y = b;
    if (x->target != y->target)
        return x->target < y->target ? -1 : 1;
    if (x->member != y->member)
        return x->member < y->member ? -1 : 1;
    if (x->decoration != y->decoration)
        return x->decoration < y->decoration ? -1 : 1;
    return x->inst < y->inst ? -1 : x->inst > y->inst;
}

static const char *decoration_name(uint32_t decoration)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, decoration);
    return e ? e->name : "an unknown decoration";
}

static bool member_only(uint32_t decoration)
{
    return decoration == SPVK_DECORATION_Offset || decoration == SPVK_DECORATION_MatrixStride ||
           decoration == SPVK_DECORATION_RowMajor || decoration == SPVK_DECORATION_ColMajor;
}

static bool is_output_variable(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d && d->opcode == SPVK_OP_Variable && d->num_words >= 4 && val_words(v, d)[3] == SPVK_STORAGE_CLASS_Output;
}

/* Decorations of an <id> that a structure member cannot take. */
static bool id_only(uint32_t decoration)
{
    switch (decoration) {
    case SPVK_DECORATION_SpecId:
    case SPVK_DECORATION_Block:
    case SPVK_DECORATION_BufferBlock:
    case SPVK_DECORATION_GLSLShared:
    case SPVK_DECORATION_GLSLPacked:
    case SPVK_DECORATION_CPacked:
    case SPVK_DECORATION_ArrayStride:
    case SPVK_DECORATION_Binding:
    case SPVK_DECORATION_DescriptorSet:
    case SPVK_DECORATION_Index:
        return true;
    default:
        return false;
    }
}

static void check_target(val_state *v, uint32_t index, uint32_t target, uint32_t decoration)
{
    uint16_t op = val_def_opcode(v, target);
    if (op == SPVK_OP_DecorationGroup)
        return;
    const char *expected = NULL;
    switch (decoration) {
    case SPVK_DECORATION_Block:
    case SPVK_DECORATION_BufferBlock:
    case SPVK_DECORATION_GLSLShared:
    case SPVK_DECORATION_GLSLPacked:
    case SPVK_DECORATION_CPacked:
        if (op != SPVK_OP_TypeStruct)
            expected = "a structure type";
        break;
    case SPVK_DECORATION_ArrayStride:
        if (op != SPVK_OP_TypeArray && op != SPVK_OP_TypeRuntimeArray && op != SPVK_OP_TypePointer &&
            op != SPVK_OP_TypeUntypedPointerKHR)
            expected = "an array, runtime array or pointer type";
        break;
    case SPVK_DECORATION_SpecId:
        if (op != SPVK_OP_SpecConstant && op != SPVK_OP_SpecConstantTrue && op != SPVK_OP_SpecConstantFalse)
            expected = "a scalar specialization constant";
        break;
    case SPVK_DECORATION_Binding:
    case SPVK_DECORATION_DescriptorSet:
    case SPVK_DECORATION_Index:
    case SPVK_DECORATION_Location:
        if (op != SPVK_OP_Variable && op != SPVK_OP_UntypedVariableKHR)
            expected = "a variable";
        break;
    default:
        break;
    }
    if (expected)
        val_error(v, index, RULE, "the decoration %s applies only to %s, but %%%u is an %s", decoration_name(decoration),
                  expected, target, op ? spvk_instruction_by_opcode(op)->name : "undefined id");
}

/* SPIR-V 3.3.3, OpGroupDecorate: "Decoration Group is the <id> of an OpDecorationGroup
   instruction. [...] The Targets list must not include the <id> of any OpDecorationGroup
   instruction" (since 1.3, spec issue #265; spirv-val: "OpGroupDecorate may not target
   OpDecorationGroup"). OpGroupMemberDecorate: "Each <id> in the pair must be a target structure
   type", with a member it has. A group applied to itself is the case that matters: a tool that
   copies a group's decorations to its targets while reading that same list never finishes. */
static void check_group_decorate(val_state *v, uint32_t index)
{
    const val_inst *i = &v->insts[index];
    const uint32_t *w = val_words(v, i);
    const char *name = spvk_instruction_by_opcode(i->opcode)->name;
    if (i->num_words < 2)
        return;
    uint16_t group = val_def_opcode(v, w[1]); /* 0: undefined, which the ids rules report */
    if (group && group != SPVK_OP_DecorationGroup)
        val_error(v, index, RULE_GROUP, "the Decoration Group %%%u of %s is not an OpDecorationGroup", w[1], name);
    bool member = i->opcode == SPVK_OP_GroupMemberDecorate;
    for (uint32_t n = 2; n < i->num_words && !v->stop; n += member ? 2 : 1) {
        uint16_t op = val_def_opcode(v, w[n]);
        if (op == SPVK_OP_DecorationGroup) {
            val_error(v, index, RULE_GROUP, "%s targets %%%u, an OpDecorationGroup; a decoration group cannot be "
                      "the target of a group", name, w[n]);
            continue;
        }
        if (!member || n + 1 >= i->num_words)
            continue;
        const val_inst *s = val_def(v, w[n]);
        if (!s)
            continue;
        if (s->opcode != SPVK_OP_TypeStruct)
            val_error(v, index, RULE_GROUP, "%s decorates a member of %%%u, which is not a structure type", name, w[n]);
        else if (w[n + 1] >= (uint32_t)(s->num_words - 2))
            val_error(v, index, RULE_GROUP, "member %u of %%%u does not exist (it has %u members)", w[n + 1], w[n],
                      (unsigned)(s->num_words - 2));
    }
}

/* SPIR-V 2.16.2: "Block and BufferBlock decorations must not decorate a structure type that is
   nested at any level inside another structure type decorated with Block or BufferBlock." Types
   are declared before the types holding them (pointers aside, which do not nest), so one pass in
   module order knows, per type, whether it is or holds a block. */
static void check_nested_blocks(val_state *v)
{
    enum { IS_BLOCK = 1, HOLDS_BLOCK = 2 };
    uint8_t *kind = spvk_alloc(v->allocator, v->num_insts ? v->num_insts : 1);
    if (!kind) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        return;
    }
    memset(kind, 0, v->num_insts ? v->num_insts : 1);
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_Decorate && i->num_words >= 3 &&
            (w[2] == SPVK_DECORATION_Block || w[2] == SPVK_DECORATION_BufferBlock)) {
            const val_id *e = val_id_find(v, w[1]);
            if (e && e->def != VAL_NONE && e->def < v->num_insts && v->insts[e->def].opcode == SPVK_OP_TypeStruct)
                kind[e->def] |= IS_BLOCK;
        }
    }
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        uint32_t first, last;
        if (i->opcode == SPVK_OP_TypeStruct) {
            first = 2;
            last = i->num_words;
        } else if ((i->opcode == SPVK_OP_TypeArray || i->opcode == SPVK_OP_TypeRuntimeArray) && i->num_words >= 3) {
            first = 2;
            last = 3;
        } else {
            continue;
        }
        for (uint32_t m = first; m < last; m++) {
            const val_id *e = val_id_find(v, w[m]);
            if (!e || e->def == VAL_NONE || e->def >= k || !kind[e->def])
                continue; /* only earlier declarations: a forward reference is the ids rules' problem */
            kind[k] |= HOLDS_BLOCK;
            if (i->opcode == SPVK_OP_TypeStruct && (kind[k] & IS_BLOCK)) {
                val_error(v, (uint32_t)k, "SPIR-V 2.16.2",
                          "the block %%%u holds %%%u (member %u), which %s a Block or BufferBlock structure; blocks "
                          "must not nest", i->result_id, w[m], m - 2, kind[e->def] & IS_BLOCK ? "is" : "holds");
                break;
            }
        }
    }
    spvk_free(v->allocator, kind, v->num_insts ? v->num_insts : 1);
}

void val_check_decorations(val_state *v)
{
    if (val_has_capability(v, SPVK_CAPABILITY_Shader))
        check_nested_blocks(v);
    size_t count = 0;
    for (size_t k = 0; k < v->num_insts; k++) {
        uint16_t op = v->insts[k].opcode;
        if (op == SPVK_OP_Decorate || op == SPVK_OP_DecorateId || op == SPVK_OP_MemberDecorate)
            count++;
    }
    deco_use *uses = spvk_alloc(v->allocator, (count ? count : 1) * sizeof *uses);
    if (!uses) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        return;
    }
    size_t n = 0;
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        uint32_t index = (uint32_t)k, target, member = VAL_NONE, decoration;
        if (i->opcode == SPVK_OP_Decorate || i->opcode == SPVK_OP_DecorateId || i->opcode == SPVK_OP_DecorateString) {
            if (i->num_words < 3)
                continue;
            target = w[1];
            decoration = w[2];
            /* Offset on an Output variable places it in a transform-feedback buffer: SPIR-V's
               wording says "structure-type member", but the Vulkan transform feedback rules
               (VUID-StandaloneSpirv-Offset-04687 ...) and glslang use it, and spirv-val accepts it. */
            /* A decoration group takes any decoration: OpGroupMemberDecorate hands a member-only
               one to structure members (SPIRV-Cross's decoration-group.asm.comp gives Offset so). */
            if (member_only(decoration) && val_def_opcode(v, target) != SPVK_OP_DecorationGroup &&
                !(decoration == SPVK_DECORATION_Offset && is_output_variable(v, target))) {
                val_error(v, index, RULE, "the decoration %s applies only to a structure member (OpMemberDecorate)",
                          decoration_name(decoration));
                continue;
            }
            check_target(v, index, target, decoration);
        } else if (i->opcode == SPVK_OP_MemberDecorate || i->opcode == SPVK_OP_MemberDecorateString) {
            if (i->num_words < 4)
                continue;
            target = w[1];
            member = w[2];
            decoration = w[3];
            const val_inst *s = val_def(v, target);
            if (!s || s->opcode != SPVK_OP_TypeStruct) {
                val_error(v, index, RULE, "%s decorates %%%u, which is not a structure type",
                          spvk_instruction_by_opcode(i->opcode)->name, target);
                continue;
            }
            if (member >= (uint32_t)(s->num_words - 2))
                val_error(v, index, RULE, "member %u of %%%u does not exist (it has %u members)", member, target,
                          (unsigned)(s->num_words - 2));
            if (id_only(decoration))
                val_error(v, index, RULE, "the decoration %s does not apply to a structure member",
                          decoration_name(decoration));
        } else {
            if (i->opcode == SPVK_OP_GroupDecorate || i->opcode == SPVK_OP_GroupMemberDecorate)
                check_group_decorate(v, index);
            continue;
        }
        /* Core decorations other than FuncParamAttr (repeatable with different attributes) are
           never repeatable; string and extension decorations are left alone. */
        if (i->opcode != SPVK_OP_DecorateString && i->opcode != SPVK_OP_MemberDecorateString && decoration < 4096 &&
            decoration != SPVK_DECORATION_FuncParamAttr && n < count)
            uses[n++] = (deco_use){target, member, decoration, index};
    }
    qsort(uses, n, sizeof *uses, cmp_use);
    for (size_t k = 1; k < n && !v->stop; k++) {
        const deco_use *a = &uses[k - 1], *b = &uses[k];
        if (a->target != b->target || a->member != b->member || a->decoration != b->decoration)
            continue;
        if (b->member == VAL_NONE)
            val_error(v, b->inst, RULE, "%%%u is decorated with %s more than once", b->target,
                      decoration_name(b->decoration));
        else
            val_error(v, b->inst, RULE, "member %u of %%%u is decorated with %s more than once", b->member, b->target,
                      decoration_name(b->decoration));
    }
    spvk_free(v->allocator, uses, (count ? count : 1) * sizeof *uses);
}
