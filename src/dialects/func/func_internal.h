/* The func dialect's hooks named by func.ops (func_ops.c is generated from it). */
#ifndef SPVK_FUNC_INTERNAL_H
#define SPVK_FUNC_INTERNAL_H

#include "spvkit/dialects.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir_ods.h"

bool func_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void func_func_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool func_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool func_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool func_call_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool func_call_indirect_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void func_call_indirect_print(spvk_ir_printer *p, const spvk_ir_op *op);
bool func_call_indirect_verify(spvk_ir_verifier *v, const spvk_ir_op *op);
bool func_constant_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

#endif
