/* Declarations of the generated tables (src/grammar/grammar_tables.c). */
#ifndef SPVK_GRAMMAR_INTERNAL_H
#define SPVK_GRAMMAR_INTERNAL_H

#include "spvkit/grammar.h"
#include "grammar_counts.h"

extern const char spvk_grammar_version[];
extern const char spvk_grammar_source[];
extern const char *const spvk_instruction_class_names[SPVK_INSTRUCTION_CLASS_COUNT];
extern const char *const spvk_extension_names[SPVK_EXTENSION_COUNT];
extern const spvk_operand_kind_desc spvk_operand_kinds[SPVK_OPERAND_KIND_COUNT];
extern const uint8_t spvk_operand_kind_categories[SPVK_OPERAND_KIND_COUNT];
extern const spvk_instruction_desc spvk_instructions[SPVK_INSTRUCTION_COUNT];
extern const spvk_name_index spvk_instruction_names[SPVK_INSTRUCTION_NAME_COUNT];
extern const uint16_t spvk_instruction_by_opcode_table[SPVK_MAX_OPCODE + 1];
extern const spvk_ext_inst_set_desc spvk_ext_inst_sets[SPVK_EXT_INST_SET_COUNT];
extern const spvk_name_index spvk_ext_inst_set_imports[SPVK_EXT_INST_IMPORT_COUNT];
extern const spvk_generator_desc spvk_generators[SPVK_GENERATOR_COUNT];

#endif
