/* Lookups over the generated grammar tables: direct index by opcode, binary search by name. */
#include <string.h>

#include "grammar_internal.h"

const char *spvk_grammar_version_string(void) { return spvk_grammar_version; }
const char *spvk_grammar_source_string(void) { return spvk_grammar_source; }

/* Orders (name, length) against a table's nul-terminated name as strcmp orders the table, without
   measuring the table's name (most comparisons end at the first bytes). name may hold nul bytes
   (it comes from user text): never read past either string. */
static int compare_name(const char *name, size_t length, const char *table_name)
{
    for (size_t i = 0; i < length; i++) {
        unsigned char a = (unsigned char)name[i], b = (unsigned char)table_name[i];
        if (a != b || b == 0)
            return a < b ? -1 : 1; /* b is 0 when table_name is shorter: name is greater */
    }
    return table_name[length] ? -1 : 0;
}

static int search_names(const spvk_name_index *names, size_t count, const char *name, size_t length)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = compare_name(name, length, names[mid].name);
        if (c == 0)
            return names[mid].index;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

const spvk_instruction_desc *spvk_instruction_by_opcode(uint32_t opcode)
{
    if (opcode > SPVK_MAX_OPCODE || spvk_instruction_by_opcode_table[opcode] == 0xffff)
        return NULL;
    return &spvk_instructions[spvk_instruction_by_opcode_table[opcode]];
}

const spvk_instruction_desc *spvk_instruction_by_name(const char *name, size_t length)
{
    int i = search_names(spvk_instruction_names, SPVK_INSTRUCTION_NAME_COUNT, name, length);
    return i < 0 ? NULL : &spvk_instructions[i];
}

const char *spvk_instruction_class_name(unsigned instruction_class)
{
    return instruction_class < SPVK_INSTRUCTION_CLASS_COUNT ? spvk_instruction_class_names[instruction_class] : NULL;
}

const spvk_operand_kind_desc *spvk_operand_kind(unsigned kind)
{
    return kind < SPVK_OPERAND_KIND_COUNT ? &spvk_operand_kinds[kind] : NULL;
}

const spvk_enumerant_desc *spvk_enumerant_by_value(unsigned kind, uint32_t value)
{
    if (kind >= SPVK_OPERAND_KIND_COUNT)
        return NULL;
    const spvk_operand_kind_desc *k = &spvk_operand_kinds[kind];
    if (k->direct) {
        if (k->category == SPVK_CATEGORY_BITENUM && value && (value & (value - 1)) == 0) {
            uint16_t i = k->direct[__builtin_ctz(value)];
            return i ? &k->enumerants[i - 1] : NULL;
        }
        if (k->category == SPVK_CATEGORY_VALUEENUM && value < 64) {
            uint16_t i = k->direct[value];
            return i ? &k->enumerants[i - 1] : NULL;
        }
    }
    size_t lo = 0, hi = k->num_enumerants;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint32_t v = k->enumerants[mid].value;
        if (v == value)
            return &k->enumerants[mid];
        if (value < v)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const spvk_enumerant_desc *spvk_enumerant_by_name(unsigned kind, const char *name, size_t length)
{
    if (kind >= SPVK_OPERAND_KIND_COUNT)
        return NULL;
    const spvk_operand_kind_desc *k = &spvk_operand_kinds[kind];
    int i = search_names(k->enumerant_names, k->num_enumerant_names, name, length);
    return i < 0 ? NULL : &k->enumerants[i];
}

const char *spvk_extension_name(unsigned index)
{
    return index < SPVK_EXTENSION_COUNT ? spvk_extension_names[index] : NULL;
}

size_t spvk_extension_count(void) { return SPVK_EXTENSION_COUNT; }

int spvk_extension_by_name(const char *name, size_t length)
{
    size_t lo = 0, hi = SPVK_EXTENSION_COUNT;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = compare_name(name, length, spvk_extension_names[mid]);
        if (c == 0)
            return (int)mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

size_t spvk_capability_implied(uint32_t capability, uint32_t *out, size_t max)
{
    /* Breadth-first over the "capabilities" lists of Capability enumerants; the graph is
       small (a few levels) so a fixed work list suffices. */
    uint32_t work[256];
    size_t count = 0, head = 0;
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, capability);
    if (!e)
        return 0;
    work[count++] = capability;
    while (head < count) {
        e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, work[head++]);
        for (unsigned i = 0; e && i < e->num_capabilities; i++) {
            uint32_t c = e->capabilities[i];
            size_t j;
            for (j = 0; j < count && work[j] != c; j++)
                ;
            if (j == count && count < sizeof work / sizeof work[0])
                work[count++] = c;
        }
    }
    /* The capability itself is not implied by itself. */
    for (size_t i = 1; i < count && i - 1 < max; i++)
        out[i - 1] = work[i];
    return count - 1;
}

unsigned spvk_ext_inst_set_by_import(const char *name, size_t length)
{
    int i = search_names(spvk_ext_inst_set_imports, SPVK_EXT_INST_IMPORT_COUNT, name, length);
    if (i >= 0)
        return (unsigned)i;
    /* Versioned families ("NonSemantic.ClspvReflection.6") match their prefix ending in '.'. */
    for (size_t j = 0; j < SPVK_EXT_INST_IMPORT_COUNT; j++) {
        const char *p = spvk_ext_inst_set_imports[j].name;
        size_t n = strlen(p);
        if (n && p[n - 1] == '.' && length > n && memcmp(name, p, n) == 0)
            return spvk_ext_inst_set_imports[j].index;
    }
    return SPVK_EXT_INST_SET_NONE;
}

const spvk_ext_inst_set_desc *spvk_ext_inst_set(unsigned set)
{
    return set < SPVK_EXT_INST_SET_COUNT ? &spvk_ext_inst_sets[set] : NULL;
}

const spvk_ext_instruction_desc *spvk_ext_instruction_by_opcode(unsigned set, uint32_t opcode)
{
    const spvk_ext_inst_set_desc *s = spvk_ext_inst_set(set);
    if (!s)
        return NULL;
    size_t lo = 0, hi = s->num_instructions;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint32_t v = s->instructions[mid].opcode;
        if (v == opcode)
            return &s->instructions[mid];
        if (opcode < v)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const spvk_ext_instruction_desc *spvk_ext_instruction_by_name(unsigned set, const char *name, size_t length)
{
    const spvk_ext_inst_set_desc *s = spvk_ext_inst_set(set);
    if (!s)
        return NULL;
    int i = search_names(s->instruction_names, s->num_instruction_names, name, length);
    return i < 0 ? NULL : &s->instructions[i];
}

const spvk_generator_desc *spvk_generator_by_id(uint32_t tool_id)
{
    size_t lo = 0, hi = SPVK_GENERATOR_COUNT;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (spvk_generators[mid].id == tool_id)
            return &spvk_generators[mid];
        if (tool_id < spvk_generators[mid].id)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

spvk_spec_constant_opcode_use spvk_spec_constant_opcode(uint32_t opcode)
{
    switch (opcode) {
    case SPVK_OP_SConvert:
    case SPVK_OP_UConvert: /* also in the Kernel list: the spec names it in both since 1.4 */
    case SPVK_OP_FConvert:
    case SPVK_OP_SNegate:
    case SPVK_OP_Not:
    case SPVK_OP_IAdd:
    case SPVK_OP_ISub:
    case SPVK_OP_IMul:
    case SPVK_OP_UDiv:
    case SPVK_OP_SDiv:
    case SPVK_OP_UMod:
    case SPVK_OP_SRem:
    case SPVK_OP_SMod:
    case SPVK_OP_ShiftRightLogical:
    case SPVK_OP_ShiftRightArithmetic:
    case SPVK_OP_ShiftLeftLogical:
    case SPVK_OP_BitwiseOr:
    case SPVK_OP_BitwiseXor:
    case SPVK_OP_BitwiseAnd:
    case SPVK_OP_VectorShuffle:
    case SPVK_OP_CompositeExtract:
    case SPVK_OP_CompositeInsert:
    case SPVK_OP_LogicalOr:
    case SPVK_OP_LogicalAnd:
    case SPVK_OP_LogicalNot:
    case SPVK_OP_LogicalEqual:
    case SPVK_OP_LogicalNotEqual:
    case SPVK_OP_Select:
    case SPVK_OP_IEqual:
    case SPVK_OP_INotEqual:
    case SPVK_OP_ULessThan:
    case SPVK_OP_SLessThan:
    case SPVK_OP_UGreaterThan:
    case SPVK_OP_SGreaterThan:
    case SPVK_OP_ULessThanEqual:
    case SPVK_OP_SLessThanEqual:
    case SPVK_OP_UGreaterThanEqual:
    case SPVK_OP_SGreaterThanEqual:
        return SPVK_SPEC_OPCODE_ALLOWED;
    case SPVK_OP_QuantizeToF16:
        return SPVK_SPEC_OPCODE_WITH_SHADER;
    case SPVK_OP_ConvertFToS:
    case SPVK_OP_ConvertSToF:
    case SPVK_OP_ConvertFToU:
    case SPVK_OP_ConvertUToF:
    case SPVK_OP_ConvertPtrToU:
    case SPVK_OP_ConvertUToPtr:
    case SPVK_OP_GenericCastToPtr:
    case SPVK_OP_PtrCastToGeneric:
    case SPVK_OP_Bitcast:
    case SPVK_OP_FNegate:
    case SPVK_OP_FAdd:
    case SPVK_OP_FSub:
    case SPVK_OP_FMul:
    case SPVK_OP_FDiv:
    case SPVK_OP_FRem:
    case SPVK_OP_FMod:
    case SPVK_OP_AccessChain:
    case SPVK_OP_InBoundsAccessChain:
    case SPVK_OP_PtrAccessChain:
    case SPVK_OP_InBoundsPtrAccessChain:
        return SPVK_SPEC_OPCODE_WITH_KERNEL;
    default:
        return SPVK_SPEC_OPCODE_NOT_ALLOWED;
    }
}
