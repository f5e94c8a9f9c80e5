/* The dialect registry: every dialect spvkit ships. It lives above the IR core so that the core
   depends on no dialect (src/ir includes no dialect header); a program that wants fewer dialects
   registers them one by one instead. */
#include "spvkit/dialects.h"

typedef const spvk_ir_dialect *(*dialect_getter)(void);

/* Builtin first: the others' ops may sit in a builtin.module. Dialect owners append theirs. */
static const dialect_getter shipped[] = {
    spvk_ir_builtin_dialect,
    spvk_spirv_dialect,
    spvk_func_dialect,
    spvk_memref_dialect,
    spvk_gpu_dialect,
    spvk_arith_dialect,
    spvk_math_dialect,
    spvk_scf_dialect,
    spvk_index_dialect,
    spvk_cf_dialect,
    spvk_vector_dialect,
};

bool spvk_ir_register_all_dialects(spvk_ir_context *ctx)
{
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++)
        if (!spvk_ir_register_dialect(ctx, shipped[i]()))
            return false;
    return true;
}
