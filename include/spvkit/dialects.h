/* The dialects spvkit ships, one getter each (src/dialects/<d>/<d>_dialect.c), and the registry
   that registers them all (src/dialects/registry.c). The IR core (ir.h) knows none of them: it
   has only builtin, its own. A context knows the dialects registered into it:

       spvk_ir_context *ctx = spvk_ir_context_create(NULL);
       spvk_ir_register_all_dialects(ctx);          // builtin and every dialect below
       spvk_ir_register_dialect(ctx, spvk_func_dialect());   // or one by one

   A dialect registered this way registers its operations with it (spvk_ir_dialect.register_ops). */
#ifndef SPVKIT_DIALECTS_H
#define SPVKIT_DIALECTS_H

#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers builtin and every dialect below (also declared in ir.h, where callers found it first). */
SPVK_API bool spvk_ir_register_all_dialects(spvk_ir_context *ctx);

SPVK_API const spvk_ir_dialect *spvk_spirv_dialect(void); /* spirv_dialect.h: its types and translation */
SPVK_API const spvk_ir_dialect *spvk_func_dialect(void);  /* func: functions, calls, returns (MLIR 19's) */
SPVK_API const spvk_ir_dialect *spvk_memref_dialect(void); /* buffers and views (MLIR 19's memref) */
SPVK_API const spvk_ir_dialect *spvk_arith_dialect(void); /* arith: integer and float arithmetic (MLIR 19's) */
SPVK_API const spvk_ir_dialect *spvk_math_dialect(void);  /* math: its ops, constants through arith */
/* Dialect owners: append `SPVK_API const spvk_ir_dialect *spvk_<d>_dialect(void);` here and a line in
   src/dialects/registry.c. */
SPVK_API const spvk_ir_dialect *spvk_gpu_dialect(void);
SPVK_API const spvk_ir_dialect *spvk_scf_dialect(void);   /* structured control flow */
SPVK_API const spvk_ir_dialect *spvk_index_dialect(void); /* index arithmetic */
SPVK_API const spvk_ir_dialect *spvk_cf_dialect(void);    /* unstructured control flow */
SPVK_API const spvk_ir_dialect *spvk_vector_dialect(void); /* n-D vectors: element access, shuffles, transfers */

#ifdef __cplusplus
}
#endif
#endif
