/* canonicalize: every registered op's canonicalization patterns and folders, applied greedily
   to a fixpoint over an op's regions, with region simplification (MLIR 19's Canonicalizer:
   top-down, max-iterations 10, region-simplify normal). */
#include <string.h>

#include "../ir/rewrite_internal.h"

void spvk_canonicalize_options_default(spvk_canonicalize_options *options)
{
    memset(options, 0, sizeof *options);
    spvk_greedy_config_default(&options->config);
}

spvk_result spvk_canonicalize(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_canonicalize_options *options,
                              spvk_diagnostics *diags)
{
    spvk_canonicalize_options defaults;
    if (!options) {
        spvk_canonicalize_options_default(&defaults);
        options = &defaults;
    }
    spvk_pattern_set *set = spvk_pattern_set_create(ctx);
    if (!set)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result r = SPVK_ERROR_OUT_OF_MEMORY;
    bool converged = true;
    if (spvk_pattern_set_add_canonicalization(set))
        r = spvk_apply_patterns_greedily(ctx, op, set, &options->config, &converged);
    spvk_pattern_set_destroy(set);
    if (r == SPVK_OK && options->test_convergence && !converged) {
        /* MLIR's canonicalizer signals a pass failure with no message of its own; the pass
           manager then says "failed to run pass"; a library caller gets this line. */
        const spvk_ir_attr *loc = op->loc;
        bool file = loc && loc->kind == SPVK_ATTR_LOCATION && loc->flags == SPVK_LOC_FILE;
        spvk_diag_add(diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, file ? loc->string : NULL,
                      file ? (uint32_t)loc->value : 0, file ? (uint32_t)loc->value2 : 0, NULL, 0,
                      "canonicalizer failed to converge within %lld iterations",
                      (long long)options->config.max_iterations);
        r = SPVK_ERROR_INVALID;
    }
    return r;
}
