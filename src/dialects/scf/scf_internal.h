/* The scf dialect's hooks: the custom forms MLIR writes by hand (scf_forms.c), the verifiers
   (scf_verify.c), the region-branch interface (scf_dialect.c) and the canonicalizations
   (scf_canonicalize.c). The op table is scf.ops (generated into scf_ops.c). */
#ifndef SPVK_SCF_INTERNAL_H
#define SPVK_SCF_INTERNAL_H

#include "spvkit/dialects.h"
#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

/* The generated descriptions (scf_ops.c, from scf.ops). */
extern const spvk_ods_dialect spvk_scf_ods;

/* ---- Custom forms (scf_forms.c) ---- */
bool scf_for_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void scf_for_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool scf_if_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void scf_if_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool scf_while_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void scf_while_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool scf_execute_region_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void scf_execute_region_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool scf_parallel_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void scf_parallel_print(spvk_ir_printer *p, const spvk_ir_op *op);
/* custom<SwitchCases> of scf.index_switch's format */
bool scf_parse_switch_cases(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args,
                            uint32_t num_args);
void scf_print_switch_cases(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                            const spvk_ods_element *args, uint32_t num_args);

/* ---- Verifiers (scf_verify.c) ---- */
bool scf_for_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_if_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_while_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_execute_region_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_parallel_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_reduce_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool scf_index_switch_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

/* ---- Region-branch interface (scf_dialect.c): MLIR's getSuccessorRegions ---- */
uint32_t scf_for_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint32_t scf_if_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint32_t scf_while_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint32_t scf_execute_region_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint32_t scf_parallel_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);
uint32_t scf_index_switch_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max);

/* ---- Canonicalizations (scf_canonicalize.c) ---- */
bool scf_if_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool scf_execute_region_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool scf_for_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
bool scf_index_switch_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);
spvk_ir_fold_status scf_if_fold(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *operand_constants,
                                spvk_ir_fold_result *results);

/* ---- Shared by the files ---- */
/* The block's last op when it is named `name` (an interned def name compares by strcmp). */
spvk_ir_op *scf_block_terminator_named(const spvk_ir_block *b, const char *name);
static inline spvk_ir_block *scf_region_block(const spvk_ir_op *op, uint32_t region)
{
    return region < op->num_regions ? op->regions[region].first : NULL;
}

#endif
