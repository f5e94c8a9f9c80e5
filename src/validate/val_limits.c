/* SPIR-V 2.17 Universal Limits: "Validators inform when these limits ... are crossed." Every
   quantity of the table is checked, each against its minimum limit (no client API raises one
   here), and reported under the rule name "SPIR-V 2.17" naming the limited entity:

   - characters in a literal string (65,535), counted as UTF-8 code points before the NUL;
   - the Result <id> bound (4,194,303): the header's Bound, as the largest id + 1;
   - control-flow nesting depth (1023), measured as the table says: per function, in program
     order, the branches of headers (those after OpSelectionMerge or OpLoopMerge) seen while their
     merge block is not yet seen;
   - global variables (65,535) and local variables (524,287), each counted over the whole module,
     as spirv-val counts them (the table does not say per function);
   - decorations per target <id> (the number of entries of the Decoration table), counting the
     OpDecorate, OpDecorateId and OpDecorateString that name the target (member decorations
     are per member, and no member can hold more than there are decorations without repeating
     one, which val_decorations.c reports);
   - execution modes per entry point (255);
   - indexes of the access chains and of OpCompositeExtract/Insert (255): the Indexes operands,
     not the Element of the pointer access chains; the untyped access chains of
     SPV_KHR_untyped_pointers are access chains too;
   - parameters per function type (255), OpFunctionCall and OpExtInst arguments (255);
   - OpSwitch (literal, label) pairs (16,383), OpTypeStruct members (16,383);
   - structure nesting depth (255): a struct is one level deeper than the deepest struct among
     its members, seen through arrays (an array of structs nests them as much as a struct does).

   One pass over the instructions; the per-target counters live in arrays indexed by the
   instruction defining the target (decorations and execution modes apart), so a hostile id bound costs nothing. */
#include <string.h>

#include "val_internal.h"

#define RULE_LIMITS "SPIR-V 2.17"

enum {
    LIMIT_STRING_CHARACTERS = 65535,
    LIMIT_ID_BOUND = 4194303,
    LIMIT_NESTING_DEPTH = 1023,
    LIMIT_GLOBAL_VARIABLES = 65535,
    LIMIT_LOCAL_VARIABLES = 524287,
    LIMIT_EXECUTION_MODES = 255,
    LIMIT_INDEXES = 255,
    LIMIT_FUNCTION_PARAMETERS = 255,
    LIMIT_CALL_ARGUMENTS = 255,
    LIMIT_EXT_INST_ARGUMENTS = 255,
    LIMIT_SWITCH_PAIRS = 16383,
    LIMIT_STRUCT_MEMBERS = 16383,
    LIMIT_STRUCT_DEPTH = 255
};

/* The instruction index of id's definition, or VAL_NONE. */
static uint32_t def_index(const val_state *v, uint32_t id)
{
    const val_id *e = val_id_find(v, id);
    return e ? e->def : VAL_NONE;
}

/* Code points of a NUL-terminated UTF-8 string within max bytes (continuation bytes are not
   characters of their own). */
static size_t utf8_characters(const char *s, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < max && s[k]; k++)
        n += ((unsigned char)s[k] & 0xc0) != 0x80;
    return n;
}

static void check_strings(val_state *v, const val_inst *i)
{
    const spvk_operand *ops = val_operands(v, i);
    for (uint16_t n = 0; n < i->num_operands; n++) {
        if (ops[n].kind != SPVK_OPERAND_LiteralString)
            continue;
        size_t chars = utf8_characters((const char *)(val_words(v, i) + ops[n].offset), (size_t)ops[n].num_words * 4);
        if (chars > LIMIT_STRING_CHARACTERS)
            val_error(v, val_index(v, i), RULE_LIMITS,
                      "a literal string of %zu characters: the limit for characters in a literal string is %u",
                      chars, (unsigned)LIMIT_STRING_CHARACTERS);
    }
}

/* How many Indexes operands an instruction with an index list has, or -1 when it has none. */
static int index_count(const val_inst *i)
{
    int fixed; /* words before the first index */
    switch (i->opcode) {
    case SPVK_OP_AccessChain:
    case SPVK_OP_InBoundsAccessChain:
    case SPVK_OP_CompositeExtract:
        fixed = 4;
        break;
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
    case SPVK_OP_CompositeInsert:
    case SPVK_OP_UntypedAccessChainKHR:
    case SPVK_OP_UntypedInBoundsAccessChainKHR:
        fixed = 5;
        break;
    case SPVK_OP_UntypedPtrAccessChainKHR:
    case SPVK_OP_UntypedInBoundsPtrAccessChainKHR:
        fixed = 6;
        break;
    default:
        return -1;
    }
    return i->num_words > fixed ? i->num_words - fixed : 0;
}

/* Reports a counter passing its limit once, when it first does. */
static void count_against(val_state *v, const val_inst *i, uint32_t *counter, uint32_t limit, const char *what)
{
    if (++*counter == limit + 1)
        val_error(v, val_index(v, i), RULE_LIMITS, "more than %u %s: that is the limit", limit, what);
}

typedef struct nesting {
    uint32_t *stack; /* merge blocks (their OpLabel's instruction index) of the open constructs */
    uint32_t *open;  /* per instruction index: how many open constructs merge at that OpLabel */
    uint32_t depth;
    uint32_t pending; /* the merge block named by the block's merge instruction, or VAL_NONE */
    bool reported;
} nesting;

/* At an OpLabel: the constructs merging there close, with any opened inside them that never
   reached their own merge block (so the count stays linear: each push pops once). */
static void nesting_label(nesting *s, uint32_t label)
{
    if (!s->open[label])
        return;
    while (s->depth > 0) {
        uint32_t m = s->stack[--s->depth];
        s->open[m]--;
        if (m == label && !s->open[label])
            break;
    }
}

static void check_nesting(val_state *v, nesting *s, const val_inst *i, uint32_t index)
{
    const uint32_t *w = val_words(v, i);
    switch (i->opcode) {
    case SPVK_OP_Function:
        while (s->depth > 0) /* constructs left open by the previous function */
            s->open[s->stack[--s->depth]]--;
        s->pending = VAL_NONE;
        s->reported = false;
        break;
    case SPVK_OP_Label:
        nesting_label(s, index);
        s->pending = VAL_NONE;
        break;
    case SPVK_OP_SelectionMerge:
    case SPVK_OP_LoopMerge:
        s->pending = i->num_words >= 2 ? def_index(v, w[1]) : VAL_NONE;
        if (s->pending != VAL_NONE && v->insts[s->pending].opcode != SPVK_OP_Label)
            s->pending = VAL_NONE; /* not a label: the CFG rules report it */
        break;
    case SPVK_OP_Branch:
    case SPVK_OP_BranchConditional:
    case SPVK_OP_Switch:
        if (s->pending == VAL_NONE)
            break;
        s->stack[s->depth++] = s->pending;
        s->open[s->pending]++;
        s->pending = VAL_NONE;
        if (s->depth > LIMIT_NESTING_DEPTH && !s->reported) {
            s->reported = true;
            val_error(v, index, RULE_LIMITS,
                      "this branch opens a construct %u deep: the limit for control-flow nesting depth is %u",
                      s->depth, (unsigned)LIMIT_NESTING_DEPTH);
        }
        break;
    default:
        break;
    }
}

/* Structure nesting depth of type (0 for what is not a struct or an array of one), from the
   depths already computed for earlier declarations. */
static uint32_t struct_depth_of(const val_state *v, const uint16_t *depth, uint32_t type)
{
    uint32_t d = def_index(v, type);
    return d == VAL_NONE ? 0 : depth[d];
}

void val_check_limits(val_state *v)
{
    if (v->header.bound > LIMIT_ID_BOUND)
        val_error(v, VAL_NONE, RULE_LIMITS, "the module's id bound is %u: the limit for the Result <id> bound is %u",
                  v->header.bound, (unsigned)LIMIT_ID_BOUND);
    size_t n = v->num_insts;
    if (!n)
        return;
    /* Per instruction index: decorations of a target, execution modes of an entry point (both
       keyed by the target's definition), structure depth of a type; the nesting stack. */
    uint32_t *decorations_of = spvk_alloc(v->allocator, n * sizeof *decorations_of);
    uint32_t *modes_of = spvk_alloc(v->allocator, n * sizeof *modes_of);
    uint16_t *depth = spvk_alloc(v->allocator, n * sizeof *depth);
    uint32_t *stack = spvk_alloc(v->allocator, n * sizeof *stack);
    uint32_t *open = spvk_alloc(v->allocator, n * sizeof *open);
    if (!decorations_of || !modes_of || !depth || !stack || !open) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        goto done;
    }
    memset(decorations_of, 0, n * sizeof *decorations_of);
    memset(modes_of, 0, n * sizeof *modes_of);
    memset(depth, 0, n * sizeof *depth);
    memset(open, 0, n * sizeof *open);
    const spvk_operand_kind_desc *decorations = spvk_operand_kind(SPVK_OPERAND_Decoration);
    uint32_t max_decorations = decorations ? decorations->num_enumerants : 0;
    uint32_t globals = 0, locals = 0;
    nesting s = {stack, open, 0, VAL_NONE, false};
    for (size_t k = 0; k < n && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        uint32_t index = (uint32_t)k;
        check_strings(v, i);
        check_nesting(v, &s, i, index);
        int indexes = index_count(i);
        if (indexes > LIMIT_INDEXES)
            val_error(v, index, RULE_LIMITS, "%s has %d indexes: the limit is %u",
                      spvk_instruction_by_opcode(i->opcode)->name, indexes, (unsigned)LIMIT_INDEXES);
        switch (i->opcode) {
        case SPVK_OP_Variable:
        case SPVK_OP_UntypedVariableKHR:
            if (i->num_words < 4)
                break;
            if (w[3] == SPVK_STORAGE_CLASS_Function)
                count_against(v, i, &locals, LIMIT_LOCAL_VARIABLES, "local variables (Function storage class)");
            else
                count_against(v, i, &globals, LIMIT_GLOBAL_VARIABLES,
                              "global variables (storage class other than Function)");
            break;
        case SPVK_OP_Decorate:
        case SPVK_OP_DecorateId:
        case SPVK_OP_DecorateString: {
            uint32_t target = i->num_words >= 2 ? def_index(v, w[1]) : VAL_NONE;
            if (target != VAL_NONE && max_decorations && ++decorations_of[target] == max_decorations + 1)
                val_error(v, index, RULE_LIMITS,
                          "%%%u has more decorations than the Decoration table has entries (%u): the limit for "
                          "decorations per target <id>",
                          w[1], max_decorations);
            break;
        }
        case SPVK_OP_ExecutionMode:
        case SPVK_OP_ExecutionModeId: {
            uint32_t target = i->num_words >= 2 ? def_index(v, w[1]) : VAL_NONE;
            if (target != VAL_NONE && ++modes_of[target] == LIMIT_EXECUTION_MODES + 1)
                val_error(v, index, RULE_LIMITS, "%%%u has more than %u execution modes: the limit per entry point",
                          w[1], (unsigned)LIMIT_EXECUTION_MODES);
            break;
        }
        case SPVK_OP_TypeFunction:
            if (i->num_words > 3 + LIMIT_FUNCTION_PARAMETERS)
                val_error(v, index, RULE_LIMITS, "a function type of %u parameters: the limit is %u",
                          i->num_words - 3u, (unsigned)LIMIT_FUNCTION_PARAMETERS);
            break;
        case SPVK_OP_FunctionCall:
            if (i->num_words > 4 + LIMIT_CALL_ARGUMENTS)
                val_error(v, index, RULE_LIMITS, "OpFunctionCall passes %u arguments: the limit is %u",
                          i->num_words - 4u, (unsigned)LIMIT_CALL_ARGUMENTS);
            break;
        case SPVK_OP_ExtInst:
            if (i->num_words > 5 + LIMIT_EXT_INST_ARGUMENTS)
                val_error(v, index, RULE_LIMITS, "OpExtInst passes %u arguments: the limit is %u",
                          i->num_words - 5u, (unsigned)LIMIT_EXT_INST_ARGUMENTS);
            break;
        case SPVK_OP_Switch: {
            uint32_t pairs = i->num_operands >= 2 ? (i->num_operands - 2u) / 2 : 0;
            if (pairs > LIMIT_SWITCH_PAIRS)
                val_error(v, index, RULE_LIMITS, "OpSwitch has %u (literal, label) pairs: the limit is %u", pairs,
                          (unsigned)LIMIT_SWITCH_PAIRS);
            break;
        }
        case SPVK_OP_TypeArray:
        case SPVK_OP_TypeRuntimeArray:
            if (i->num_words >= 3)
                depth[k] = (uint16_t)struct_depth_of(v, depth, w[2]);
            break;
        case SPVK_OP_TypeStruct: {
            if (i->num_words > 2 + LIMIT_STRUCT_MEMBERS)
                val_error(v, index, RULE_LIMITS, "OpTypeStruct has %u members: the limit is %u", i->num_words - 2u,
                          (unsigned)LIMIT_STRUCT_MEMBERS);
            uint32_t deepest = 0;
            for (uint16_t m = 2; m < i->num_words; m++) {
                uint32_t d = struct_depth_of(v, depth, w[m]);
                deepest = d > deepest ? d : deepest;
            }
            /* Saturates past the limit, so that a chain far deeper than it cannot wrap around. */
            depth[k] = (uint16_t)(deepest + 1 > LIMIT_STRUCT_DEPTH + 1 ? LIMIT_STRUCT_DEPTH + 1 : deepest + 1);
            if (deepest + 1 == LIMIT_STRUCT_DEPTH + 1)
                val_error(v, index, RULE_LIMITS, "this structure nests %u structures deep: the limit is %u",
                          deepest + 1, (unsigned)LIMIT_STRUCT_DEPTH);
            break;
        }
        default:
            break;
        }
    }
done:
    spvk_free(v->allocator, decorations_of, n * sizeof *decorations_of);
    spvk_free(v->allocator, modes_of, n * sizeof *modes_of);
    spvk_free(v->allocator, depth, n * sizeof *depth);
    spvk_free(v->allocator, stack, n * sizeof *stack);
    spvk_free(v->allocator, open, n * sizeof *open);
}
