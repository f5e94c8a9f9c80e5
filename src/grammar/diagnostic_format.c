/* Formatting of diagnostics; lives in the grammar layer because it names opcodes. */
#include "grammar_internal.h"
#include "../support/support.h"

static const char *severity_name(spvk_severity s)
{
    return s == SPVK_SEVERITY_ERROR ? "error" : s == SPVK_SEVERITY_WARNING ? "warning" : "note";
}

char *spvk_diagnostic_format(const spvk_diagnostic *x, const spvk_allocator *a)
{
    spvk_buffer b;
    spvk_buffer_init(&b, a);
    if (x->file || x->line) {
        spvk_buffer_printf(&b, "%s:%u:%u: ", x->file ? x->file : "<input>", x->line, x->column);
    }
    spvk_buffer_printf(&b, "%s: ", severity_name(x->severity));
    if (x->rule)
        spvk_buffer_printf(&b, "[%s] ", x->rule);
    if (x->word_offset != SPVK_NO_OFFSET && !x->line) {
        const spvk_instruction_desc *inst = spvk_instruction_by_opcode(x->opcode);
        if (x->opcode == SPVK_NO_OPCODE)
            spvk_buffer_printf(&b, "word %zu: ", x->word_offset);
        else if (inst)
            spvk_buffer_printf(&b, "word %zu (%s): ", x->word_offset, inst->name);
        else
            spvk_buffer_printf(&b, "word %zu (opcode %u): ", x->word_offset, x->opcode);
    }
    spvk_buffer_append_string(&b, x->message);
    if (x->source_line) {
        spvk_buffer_append_char(&b, '\n');
        spvk_buffer_append_string(&b, x->source_line);
        spvk_buffer_append_char(&b, '\n');
        /* The caret sits under column (1-based); tabs are kept so it lines up in a terminal. */
        for (uint32_t i = 1; i < x->column; i++) {
            char c = x->source_line[i - 1];
            if (c == '\0')
                break;
            spvk_buffer_append_char(&b, c == '\t' ? '\t' : ' ');
        }
        spvk_buffer_append_char(&b, '^');
    }
    if (x->instruction) {
        spvk_buffer_printf(&b, "\n  %s", x->instruction);
        if (x->word_offset != SPVK_NO_OFFSET)
            spvk_buffer_printf(&b, "  ; word %zu", x->word_offset);
    }
    return spvk_buffer_take_string(&b);
}
