/* The cf dialect's C hooks (cf.ops names them; cf_dialect.c has them). */
#ifndef SPVK_CF_INTERNAL_H
#define SPVK_CF_INTERNAL_H

#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"
#include "spvkit/rewrite.h"

bool cf_is_int_elements_attr(const spvk_ir_attr *a);

void cf_br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count);
void cf_cond_br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count);
void cf_switch_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count);
bool cf_switch_erase_successor_operand(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t successor, uint32_t k);
/* Canonicalization patterns (cf_canonicalize.c) */
bool cf_br_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool cf_cond_br_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool cf_switch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool cf_assert_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool cf_switch_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void cf_switch_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool cf_switch_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

/* The generated descriptions (cf_ops.c, from cf.ops). */
extern const spvk_ods_dialect spvk_cf_ods;

#endif
