/* The custom form of function-like ops as MLIR's function_interface_impl writes it
   (func.func, gpu.func, ...): `visibility? @name(%arg0: T {attrs}, ...) -> (R {attrs}, ...)
   attributes {...} { body }`, or for a declaration `(T {attrs}, ...)` and no body.

   The op keeps MLIR's attributes: sym_name, function_type (a TYPE attribute of a function type),
   sym_visibility (a string) when given, arg_attrs / res_attrs (ARRAYs of DICTIONARYs, present
   when some dictionary is not empty). Implemented by src/ir/function_format.c. */
#ifndef SPVKIT_IR_FUNCTION_H
#define SPVKIT_IR_FUNCTION_H

#include "spvkit/ir_asm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A parsed signature; the arrays are the parser's scratch (they live until the op is made). */
typedef struct spvk_ir_function_signature {
    spvk_ir_operand_ref *arg_names;  /* NULL when the arguments are types only (a declaration) */
    const spvk_ir_type **arg_types;
    const spvk_ir_attr **arg_attrs;  /* a DICTIONARY each */
    uint32_t num_args;
    const spvk_ir_type **result_types;
    const spvk_ir_attr **result_attrs; /* a DICTIONARY each */
    uint32_t num_results;
    bool variadic; /* `...` after the arguments (only where allowed) */
} spvk_ir_function_signature;

/* `(args) (-> results)?`: arguments all named (`%a: T {attrs}? loc(...)?`) or all types
   (`T {attrs}?`), results one type or `(T {attrs}?, ...)`. */
SPVK_API bool spvk_ir_parse_function_signature(spvk_ir_parser *p, bool allow_variadic, spvk_ir_function_signature *sig);
/* Adds function_type and, when some dictionary is not empty, arg_attrs / res_attrs to state. */
SPVK_API bool spvk_ir_state_add_function_signature(spvk_ir_parser *p, spvk_ir_op_state *state,
                                                   const spvk_ir_function_signature *sig);
/* The whole form after the op name: visibility, name, signature, `attributes {...}`, then the
   body (or an empty region for a declaration). extra_elided: the op's own attributes its
   caller prints or parses elsewhere (none for func.func). */
SPVK_API bool spvk_ir_parse_function_op(spvk_ir_parser *p, spvk_ir_op_state *state, bool allow_variadic);
SPVK_API void spvk_ir_print_function_op(spvk_ir_printer *p, const spvk_ir_op *op, bool variadic,
                                        const char *const *extra_elided, uint32_t num_extra_elided);
/* The pieces, for ops that print more between them (gpu.func's attributions): the signature
   `(...) -> ...` of op (its function_type, arg_attrs, res_attrs; named arguments from its body
   when it has one). */
SPVK_API void spvk_ir_print_function_signature(spvk_ir_printer *p, const spvk_ir_op *op, bool variadic);

#ifdef __cplusplus
}
#endif
#endif
