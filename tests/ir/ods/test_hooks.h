/* The C hooks tests/ir/ods/test.ops names (defined in tests/ir/test_asm_format.c). */
#ifndef SPVK_TEST_ODS_HOOKS_H
#define SPVK_TEST_ODS_HOOKS_H
#include "spvkit/ir_ods.h"
bool test_parse_pair(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args, uint32_t num_args);
void test_print_pair(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s, const spvk_ods_element *args,
                     uint32_t num_args);
uint32_t test_loop_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint8_t test_tread_effects(const spvk_ir_op *op);
#endif
