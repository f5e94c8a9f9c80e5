/* SPIR-V 2.4, the logical layout of a module: the sections in order, exactly one memory model,
   function declarations before definitions, and the shape of a function (OpFunction, its
   parameters, blocks each opened by OpLabel and closed by a terminator, OpFunctionEnd), with
   OpVariable only at the start of the first block and OpPhi only at the start of a block. */
#include <string.h>

#include "val_internal.h"

bool val_is_terminator(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_Branch:
    case SPVK_OP_BranchConditional:
    case SPVK_OP_Switch:
    case SPVK_OP_Return:
    case SPVK_OP_ReturnValue:
    case SPVK_OP_Kill:
    case SPVK_OP_Unreachable:
    case SPVK_OP_TerminateInvocation:
    case SPVK_OP_IgnoreIntersectionKHR:
    case SPVK_OP_TerminateRayKHR:
    case SPVK_OP_EmitMeshTasksEXT:
        return true;
    default:
        return false;
    }
}

bool val_is_non_semantic(const val_state *v, const val_inst *i)
{
    /* OpExtInstWithForwardRefsKHR (SPV_KHR_relaxed_extended_instruction) has OpExtInst's
       operands and is for non-semantic sets only. */
    if ((i->opcode != SPVK_OP_ExtInst && i->opcode != SPVK_OP_ExtInstWithForwardRefsKHR) || i->num_words < 4)
        return false;
    /* By the import's name, so that sets the grammar does not describe count too. */
    const val_inst *import = val_def(v, val_words(v, i)[3]);
    if (!import || import->opcode != SPVK_OP_ExtInstImport || import->num_words < 5)
        return false;
    return strncmp((const char *)(val_words(v, import) + 2), "NonSemantic.", 12) == 0;
}

/* An OpExtInst of the DebugInfo or OpenCL.DebugInfo.100 sets other than DebugScope,
   DebugNoScope, DebugDeclare and DebugValue (23, 24, 28, 29 in both): the module-level debug
   instructions, which those sets' specifications place among the globals ("DebugInfo" in
   SPIRV-Cross's extended-debug-extinst.invalid.asm.comp describes types and the compilation unit
   there, and spirv-val accepts it). */
static bool global_debug_info(const val_state *v, const val_inst *i)
{
    if (i->opcode != SPVK_OP_ExtInst || i->num_words < 5)
        return false;
    const val_inst *import = val_def(v, val_words(v, i)[3]);
    if (!import || import->opcode != SPVK_OP_ExtInstImport || import->num_words < 3)
        return false;
    const char *name = (const char *)(val_words(v, import) + 2);
    size_t max = (size_t)(import->num_words - 2) * 4;
    bool debug = (max > 9 && memcmp(name, "DebugInfo", 10) == 0) ||
                 (max > 20 && memcmp(name, "OpenCL.DebugInfo.100", 21) == 0);
    uint32_t op = val_words(v, i)[4];
    return debug && op != 23 && op != 24 && op != 28 && op != 29;
}

/* Instructions that may appear both between functions and inside them. */
static bool anywhere(const val_state *v, const val_inst *i)
{
    switch (i->opcode) {
    case SPVK_OP_Line:
    case SPVK_OP_NoLine:
    case SPVK_OP_Nop:
    case SPVK_OP_Undef:
        return true;
    case SPVK_OP_ExtInst:
    case SPVK_OP_ExtInstWithForwardRefsKHR:
        /* Non-semantic instructions may sit among the globals (SPV_KHR_non_semantic_info), and
           so may the debug-info sets' module-level instructions. */
        return val_is_non_semantic(v, i) || global_debug_info(v, i);
    default:
        return false;
    }
}

/* The section of an instruction that belongs between functions, or VAL_NONE for one that
   belongs inside a function. */
static uint32_t global_section(const val_inst *i)
{
    switch (i->opcode) {
    case SPVK_OP_Capability:
        return VAL_SECTION_CAPABILITY;
    case SPVK_OP_Extension:
        return VAL_SECTION_EXTENSION;
    case SPVK_OP_ExtInstImport:
        return VAL_SECTION_EXT_INST_IMPORT;
    case SPVK_OP_MemoryModel:
        return VAL_SECTION_MEMORY_MODEL;
    case SPVK_OP_EntryPoint:
        return VAL_SECTION_ENTRY_POINT;
    case SPVK_OP_ExecutionMode:
    case SPVK_OP_ExecutionModeId:
        return VAL_SECTION_EXECUTION_MODE;
    case SPVK_OP_String:
    case SPVK_OP_SourceExtension:
    case SPVK_OP_Source:
    case SPVK_OP_SourceContinued:
        return VAL_SECTION_DEBUG_STRING;
    case SPVK_OP_Name:
    case SPVK_OP_MemberName:
        return VAL_SECTION_DEBUG_NAME;
    case SPVK_OP_ModuleProcessed:
        return VAL_SECTION_DEBUG_MODULE_PROCESSED;
    case SPVK_OP_Variable:
    case SPVK_OP_UntypedVariableKHR:
        return VAL_SECTION_GLOBAL;
    default:
        break;
    }
    switch (spvk_instruction_by_opcode(i->opcode)->instruction_class) {
    case SPVK_CLASS_ANNOTATION:
        return VAL_SECTION_ANNOTATION;
    case SPVK_CLASS_TYPE_DECLARATION:
    case SPVK_CLASS_CONSTANT_CREATION:
        return VAL_SECTION_GLOBAL;
    case SPVK_CLASS_MODE_SETTING:
        return VAL_SECTION_ENTRY_POINT; /* the remaining mode-setting instructions: vendor ones */
    default:
        return VAL_NONE;
    }
}

static const char *section_name(uint32_t s)
{
    static const char *const names[] = {
        "capabilities",         "extensions",         "extended instruction set imports",
        "the memory model",     "entry points",       "execution modes",
        "debug strings and sources", "debug names",   "OpModuleProcessed",
        "annotations",          "types, constants and global variables",
        "function declarations", "function definitions",
    };
    return s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static const char *op_name(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

/* One function, from OpFunction to OpFunctionEnd. Returns whether it has a body. */
static bool check_function(val_state *v, const val_function *f)
{
    uint32_t end = f->last == VAL_NONE ? (uint32_t)v->num_insts : f->last;
    if (f->last == VAL_NONE)
        val_error(v, f->first, VAL_RULE_LAYOUT, "OpFunction has no OpFunctionEnd");
    uint32_t k = f->first + 1;
    while (k < end && v->insts[k].opcode == SPVK_OP_FunctionParameter)
        k++;
    while (k < end && (v->insts[k].opcode == SPVK_OP_Line || v->insts[k].opcode == SPVK_OP_NoLine))
        k++;
    if (k == end)
        return false; /* a declaration */
    bool in_block = false, first_block = true, block_start = false, variable_prefix = false;
    for (; k < end && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        uint16_t op = i->opcode;
        if (op == SPVK_OP_Label) {
            if (in_block)
                val_error(v, k, VAL_RULE_LAYOUT, "a block must end with a terminator before the next OpLabel");
            in_block = true;
            block_start = true;
            variable_prefix = first_block;
            continue;
        }
        if (op == SPVK_OP_Line || op == SPVK_OP_NoLine)
            continue;
        if (!in_block) {
            val_error(v, k, VAL_RULE_LAYOUT, "%s is outside a block: every instruction of a function body "
                      "follows an OpLabel", op_name(op));
            continue;
        }
        if (op == SPVK_OP_Variable || op == SPVK_OP_UntypedVariableKHR) {
            if (!variable_prefix)
                val_error(v, k, VAL_RULE_LAYOUT, "OpVariable in a function must be among the first instructions "
                          "of the function's first block");
            block_start = false;
        } else if (op == SPVK_OP_Phi) {
            if (!block_start)
                val_error(v, k, VAL_RULE_LAYOUT, "OpPhi must come before every other instruction of its block "
                          "(OpLine and OpNoLine aside)");
            variable_prefix = false;
        } else if (!val_is_non_semantic(v, i)) {
            variable_prefix = false;
            block_start = false;
        }
        if (global_section(i) != VAL_NONE && !anywhere(v, i) && op != SPVK_OP_Variable &&
            op != SPVK_OP_UntypedVariableKHR)
            val_error(v, k, VAL_RULE_LAYOUT, "%s cannot appear inside a function", op_name(op));
        if (op == SPVK_OP_Function || op == SPVK_OP_FunctionParameter)
            val_error(v, k, VAL_RULE_LAYOUT, "%s inside a function body", op_name(op));
        if ((op == SPVK_OP_SelectionMerge || op == SPVK_OP_LoopMerge) &&
            (k + 1 >= end || !val_is_terminator(v->insts[k + 1].opcode) ||
             (v->insts[k + 1].opcode != SPVK_OP_Branch && v->insts[k + 1].opcode != SPVK_OP_BranchConditional &&
              v->insts[k + 1].opcode != SPVK_OP_Switch)))
            val_error(v, k, VAL_RULE_LAYOUT, "%s must immediately precede its block's branch instruction",
                      op_name(op));
        if (val_is_terminator(op)) {
            in_block = false;
            first_block = false;
        }
    }
    if (in_block)
        val_error(v, end < v->num_insts ? end : (uint32_t)v->num_insts - 1, VAL_RULE_LAYOUT,
                  "the function's last block has no terminator");
    return true;
}

void val_check_layout(val_state *v)
{
    uint32_t section = VAL_SECTION_CAPABILITY;
    uint32_t memory_models = 0;
    size_t next_function = 0;
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_Function) {
            const val_function *f = &v->functions[next_function++];
            bool body = check_function(v, f);
            uint32_t s = body ? VAL_SECTION_FUNCTION_DEFINITION : VAL_SECTION_FUNCTION_DECLARATION;
            if (s < section)
                val_error(v, k, VAL_RULE_LAYOUT, "a function declaration must come before every function "
                          "definition");
            else
                section = s;
            if (f->last == VAL_NONE)
                break;
            k = f->last;
            continue;
        }
        if (i->opcode == SPVK_OP_FunctionEnd) {
            val_error(v, k, VAL_RULE_LAYOUT, "OpFunctionEnd without OpFunction");
            continue;
        }
        uint32_t s = global_section(i);
        if (s == VAL_NONE) {
            if (!anywhere(v, i))
                val_error(v, k, VAL_RULE_LAYOUT, "%s must be inside a function", op_name(i->opcode));
            continue;
        }
        if (i->opcode == SPVK_OP_MemoryModel)
            memory_models++;
        if (s < section) {
            val_error(v, k, VAL_RULE_LAYOUT, "%s belongs to %s, which come before %s", op_name(i->opcode),
                      section_name(s), section_name(section));
            continue;
        }
        section = s;
    }
    if (!v->stop && memory_models != 1)
        val_error(v, VAL_NONE, VAL_RULE_LAYOUT, memory_models ? "the module has %u OpMemoryModel instructions; it "
                  "must have exactly one" : "the module has no OpMemoryModel%.0u", memory_models);
}
