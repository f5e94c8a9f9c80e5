/* canonicalize: every registered op's canonicalization patterns and folders, applied greedily
   to a fixpoint over an op's regions, with region simplification (MLIR 19's Canonicalizer:
   top-down, max-iterations 10, region-simplify normal), the patterns filtered by MLIR's labels
   with disable-patterns / enable-patterns. */
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
    spvk_greedy_config config = options->config;
    if (!config.diags)
        config.diags = diags;
    if (spvk_pattern_set_add_canonicalization(set)) {
        if (options->num_disabled_patterns || options->num_enabled_patterns)
            spvk_pattern_set_filter(set, options->disabled_patterns, options->num_disabled_patterns,
                                    options->enabled_patterns, options->num_enabled_patterns);
        r = spvk_apply_patterns_greedily(ctx, op, set, &config, &converged);
    }
    spvk_pattern_set_destroy(set);
    if (r == SPVK_OK && options->test_convergence && !converged) {
        /* MLIR's canonicalizer signals a pass failure with no message of its own; the pass
           manager then says "failed to run pass"; a library caller gets this line. */
        spvk_ir_op_diag(diags, SPVK_SEVERITY_ERROR, op, "canonicalizer failed to converge within %lld iterations",
                        (long long)options->config.max_iterations);
        r = SPVK_ERROR_INVALID;
    }
    return r;
}

/* ---- The pass ---- */
#include <stddef.h>

#include "passes.h"

typedef struct canonicalize_pass_options {
    spvk_pass_string_list disable_patterns, enable_patterns;
    bool top_down;
    int region_simplify;
    int64_t max_iterations;
    int64_t max_num_rewrites;
    bool test_convergence;
} canonicalize_pass_options;

static const spvk_pass_enum_value region_simplify_values[] = {
    {"disabled", SPVK_REGION_SIMPLIFY_DISABLED, "Don't run any control-flow simplification."},
    {"normal", SPVK_REGION_SIMPLIFY_NORMAL, "Perform simple control-flow simplifications (e.g. dead args elimination)."},
    {"aggressive", SPVK_REGION_SIMPLIFY_AGGRESSIVE, "Perform aggressive control-flow simplification (e.g. block merging)."},
};

static const spvk_pass_option canonicalize_options[] = {
    {"disable-patterns", SPVK_PASS_OPTION_LIST, offsetof(canonicalize_pass_options, disable_patterns), "",
     "Labels of patterns that should be filtered out during application", NULL, 0},
    {"enable-patterns", SPVK_PASS_OPTION_LIST, offsetof(canonicalize_pass_options, enable_patterns), "",
     "Labels of patterns that should be used during application, all other patterns are filtered out", NULL, 0},
    {"max-iterations", SPVK_PASS_OPTION_INT, offsetof(canonicalize_pass_options, max_iterations), "10",
     "Max. iterations between applying patterns / simplifying regions", NULL, 0},
    {"max-num-rewrites", SPVK_PASS_OPTION_INT, offsetof(canonicalize_pass_options, max_num_rewrites), "-1",
     "Max. number of pattern rewrites within an iteration", NULL, 0},
    {"region-simplify", SPVK_PASS_OPTION_ENUM, offsetof(canonicalize_pass_options, region_simplify), "normal",
     "Perform control flow optimizations to the region tree", region_simplify_values, 3},
    {"test-convergence", SPVK_PASS_OPTION_BOOL, offsetof(canonicalize_pass_options, test_convergence), "false",
     "Test only: Fail pass on non-convergence to detect cyclic pattern", NULL, 0},
    {"top-down", SPVK_PASS_OPTION_BOOL, offsetof(canonicalize_pass_options, top_down), "true",
     "Seed the worklist in general top-down order", NULL, 0},
};

static spvk_result canonicalize_run(spvk_pass *pass, spvk_ir_op *op)
{
    const canonicalize_pass_options *o = pass->options;
    spvk_canonicalize_options options;
    spvk_canonicalize_options_default(&options);
    options.config.top_down = o->top_down;
    options.config.region_simplify = (spvk_region_simplify)o->region_simplify;
    options.config.max_iterations = o->max_iterations;
    options.config.max_num_rewrites = o->max_num_rewrites;
    options.test_convergence = o->test_convergence;
    options.disabled_patterns = o->disable_patterns.items;
    options.num_disabled_patterns = o->disable_patterns.count;
    options.enabled_patterns = o->enable_patterns.items;
    options.num_enabled_patterns = o->enable_patterns.count;
    /* MLIR's canonicalizer fails the pass without a message of its own on non-convergence. */
    spvk_result r = spvk_canonicalize(pass->ctx, op, &options, pass->diags);
    /* The driver does not say whether anything changed: a run counts as a change. */
    spvk_pass_changed(pass);
    return r;
}

const spvk_pass_def spvk_canonicalize_pass = {
    .argument = "canonicalize",
    .name = "Canonicalizer",
    .summary = "Canonicalize operations",
    .options = canonicalize_options,
    .num_options = sizeof canonicalize_options / sizeof canonicalize_options[0],
    .options_size = sizeof(canonicalize_pass_options),
    .run = canonicalize_run,
};
