/* spvkit rewriting: patterns, the rewriter, the greedy driver (canonicalize), CSE and dialect
   conversion -- MLIR's PatternMatch, GreedyPatternRewriteDriver, CSE and DialectConversion in C.

   A pattern matches one root op (by name, or any op) and rewrites it through a rewriter. Every
   change a pattern makes goes through the rewriter, which tells whoever drives the rewrite
   (the greedy driver's worklist, the conversion's undo log). A pattern that changes the IR
   behind the rewriter's back breaks the driver. docs/rewriting.md has the details. */
#ifndef SPVKIT_REWRITE_H
#define SPVKIT_REWRITE_H

#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spvk_rewriter spvk_rewriter;
typedef struct spvk_pattern spvk_pattern;
typedef struct spvk_type_converter spvk_type_converter;

/* ---- Patterns ---- */

/* Returns true when it matched and rewrote op; false when it did not match, and then it must
   not have changed anything (the greedy driver relies on it; a conversion rolls back). */
typedef bool (*spvk_match_and_rewrite_fn)(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rewriter);
/* A conversion pattern: `operands` are op's operands as already converted (remapped through the
   conversion's mapping, of the converted types); op's own operands are the originals. */
typedef bool (*spvk_convert_fn)(const spvk_pattern *pattern, spvk_ir_op *op, spvk_ir_value *const *operands,
                                spvk_rewriter *rewriter);

struct spvk_pattern {
    const char *root;    /* the root op's name, or NULL: any op */
    uint16_t benefit;    /* higher first; equal benefits keep the order added */
    spvk_match_and_rewrite_fn match_and_rewrite;
    spvk_convert_fn convert;                     /* conversion patterns: used instead, when set */
    const spvk_type_converter *type_converter;   /* conversion patterns: the one to use, or NULL */
    const void *data;                            /* the pattern's own */
    /* MLIR's pattern name without its namespace: a class in an anonymous namespace is labelled
       "(anonymous namespace)::<debug_name>" there (what canonicalize's disable-patterns and
       enable-patterns take; template arguments as MLIR spells them:
       "SimplifyAllocConst<mlir::memref::AllocOp>"). A name with "::" before any `<`, or one
       starting in lower case, stands for a function pattern, which MLIR labels nothing. */
    const char *debug_name;
};

/* A set of patterns (copied in), indexed by root op. */
SPVK_API spvk_pattern_set *spvk_pattern_set_create(spvk_ir_context *ctx);
SPVK_API void spvk_pattern_set_destroy(spvk_pattern_set *set);
SPVK_API bool spvk_pattern_set_add(spvk_pattern_set *set, const spvk_pattern *pattern);
/* Adds every registered op's canonicalization patterns (op defs in name order, as MLIR does). */
SPVK_API bool spvk_pattern_set_add_canonicalization(spvk_pattern_set *set);
SPVK_API spvk_ir_context *spvk_pattern_set_context(const spvk_pattern_set *set);
SPVK_API size_t spvk_pattern_set_count(const spvk_pattern_set *set);
/* MLIR's FrozenRewritePatternSet filter: drops the patterns whose label (see debug_name) is one
   of `disabled`, and, when num_enabled > 0, those whose label is none of `enabled`. */
SPVK_API void spvk_pattern_set_filter(spvk_pattern_set *set, const char *const *disabled, uint32_t num_disabled,
                                      const char *const *enabled, uint32_t num_enabled);

/* ---- The rewriter ----
   What a pattern changes the IR with. `b` is the insertion point: the driver sets it before op
   for each pattern it tries; a pattern may move it. The struct is the driver's: patterns only
   read `ctx` and move `b` (with spvk_ir_builder_* on &rewriter->b). */
typedef struct spvk_rewrite_listener {
    void *user;
    void (*op_inserted)(void *user, spvk_ir_op *op);    /* created or moved at the insertion point */
    void (*op_modified)(void *user, spvk_ir_op *op);    /* changed in place (operands, attributes) */
    void (*op_replaced)(void *user, spvk_ir_op *op, spvk_ir_value *const *values); /* before its uses move */
    void (*op_erased)(void *user, spvk_ir_op *op);      /* before it goes; nested ops first */
    void (*block_erased)(void *user, spvk_ir_block *block);
} spvk_rewrite_listener;

struct spvk_rewriter {
    spvk_ir_context *ctx;
    spvk_ir_builder b;
    spvk_rewrite_listener listener;
    void *driver; /* the driver's own (the conversion's state) */
};

SPVK_API void spvk_rewriter_init(spvk_rewriter *rw, spvk_ir_context *ctx);
/* Creates an op at the insertion point. */
SPVK_API spvk_ir_op *spvk_rewriter_create(spvk_rewriter *rw, const spvk_ir_op_state *state);
/* Replaces op's results with values (num_results of them; NULL entries are not allowed) and erases op. */
SPVK_API void spvk_rewriter_replace_op(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values);
SPVK_API void spvk_rewriter_replace_op_with_op(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *with);
/* Erases op, whose results must be unused (nested ops go too, each notified). */
SPVK_API void spvk_rewriter_erase_op(spvk_rewriter *rw, spvk_ir_op *op);
SPVK_API void spvk_rewriter_erase_block(spvk_rewriter *rw, spvk_ir_block *block);
/* Replaces every use of from with to (each user is notified as modified). */
SPVK_API void spvk_rewriter_replace_all_uses(spvk_rewriter *rw, spvk_ir_value *from, spvk_ir_value *to);
/* In-place changes: each notifies op as modified. */
SPVK_API void spvk_rewriter_set_operand(spvk_rewriter *rw, spvk_ir_op *op, uint32_t index, spvk_ir_value *value);
SPVK_API bool spvk_rewriter_set_operands(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_value *const *values, uint32_t count);
SPVK_API void spvk_rewriter_set_attr(spvk_rewriter *rw, spvk_ir_op *op, const char *name, const spvk_ir_attr *value);
SPVK_API void spvk_rewriter_remove_attr(spvk_rewriter *rw, spvk_ir_op *op, const char *name);
/* For a change made some other way: call start before and finalize after (a conversion
   records op's operands and attributes at start, to restore them on rollback). */
SPVK_API void spvk_rewriter_start_modification(spvk_rewriter *rw, spvk_ir_op *op);
SPVK_API void spvk_rewriter_finalize_modification(spvk_rewriter *rw, spvk_ir_op *op);
/* Moves op before anchor (notified as inserted). */
SPVK_API void spvk_rewriter_move_op_before(spvk_rewriter *rw, spvk_ir_op *op, spvk_ir_op *anchor);
/* Moves every block of region into dest before `before` (NULL: at the end). */
SPVK_API void spvk_rewriter_inline_region_before(spvk_rewriter *rw, spvk_ir_region *region, spvk_ir_region *dest,
                                                 spvk_ir_block *before);
/* Moves source's ops into dest before `before` (NULL: at dest's end), replacing source's
   arguments with args (source->num_args of them), and erases source (which must have no
   predecessors). MLIR's inlineBlockBefore / mergeBlocks. */
SPVK_API void spvk_rewriter_inline_block_before(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest,
                                                spvk_ir_op *before, spvk_ir_value *const *args);
SPVK_API void spvk_rewriter_merge_blocks(spvk_rewriter *rw, spvk_ir_block *source, spvk_ir_block *dest,
                                         spvk_ir_value *const *args);
/* Splits op's block before op; returns the new block (holding op and what follows). */
SPVK_API spvk_ir_block *spvk_rewriter_split_block(spvk_rewriter *rw, spvk_ir_op *op);

/* ---- Cloning ----
   A detached copy of op with its regions: values defined inside op are the copy's own, values
   from outside are used as they are. NULL when out of memory, or when op holds a region that is
   not materialized (spvk_ir_find_unmaterialized): a copy of it could never be built. */
SPVK_API spvk_ir_op *spvk_ir_op_clone(spvk_ir_context *ctx, const spvk_ir_op *op);

/* ---- Trivially dead ops and effects (MLIR's isOpTriviallyDead / isMemoryEffectFree) ---- */
/* No effects, or only reads and allocations of its own results (nested ops of an op with
   recursive effects included); never a terminator or a symbol. */
SPVK_API bool spvk_ir_op_would_be_trivially_dead(const spvk_ir_op *op);
SPVK_API bool spvk_ir_op_is_trivially_dead(const spvk_ir_op *op); /* ... and its results unused */
SPVK_API bool spvk_ir_op_is_memory_effect_free(const spvk_ir_op *op);
/* The effects op and (recursive effects) the ops nested in it have: SPVK_EFFECT_* with
   SPVK_EFFECT_KNOWN, or 0 when unknown (an op that may do anything). */
SPVK_API uint8_t spvk_ir_op_effects(const spvk_ir_op *op);
/* The constant a ConstantLike op holds (its `value` attribute), or NULL. */
SPVK_API const spvk_ir_attr *spvk_ir_op_constant_value(const spvk_ir_op *op);
/* The constant value v holds when a ConstantLike op defines it, or NULL. */
SPVK_API const spvk_ir_attr *spvk_ir_value_constant(const spvk_ir_value *v);

/* ---- The greedy driver (MLIR's applyPatternsAndFoldGreedily) ---- */
typedef enum spvk_region_simplify {
    SPVK_REGION_SIMPLIFY_DISABLED = 0,
    SPVK_REGION_SIMPLIFY_NORMAL = 1,    /* unreachable blocks and dead code (MLIR 19's default) */
    SPVK_REGION_SIMPLIFY_AGGRESSIVE = 2 /* ... and merging identical blocks */
} spvk_region_simplify;

typedef struct spvk_greedy_config {
    bool top_down;              /* MLIR's canonicalize default: true */
    spvk_region_simplify region_simplify;
    int64_t max_iterations;     /* -1: no limit (default 10) */
    int64_t max_num_rewrites;   /* -1: no limit (default) */
    bool fold;                  /* fold ops (default true) */
    /* Where IR the driver cannot work on is reported (NULL: nowhere; default NULL). */
    spvk_diagnostics *diags;
} spvk_greedy_config;

SPVK_API void spvk_greedy_config_default(spvk_greedy_config *config);
/* Applies patterns (NULL: none, folding only) and folds ops in op's regions until nothing changes
   or max_iterations is reached. *converged says which (may be NULL). Returns SPVK_OK,
   SPVK_ERROR_OUT_OF_MEMORY, or SPVK_ERROR_INVALID when op holds a region that is not materialized
   (reported to config->diags; nothing is rewritten). */
SPVK_API spvk_result spvk_apply_patterns_greedily(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_pattern_set *patterns,
                                                  const spvk_greedy_config *config, bool *converged);

/* ---- Passes as functions ---- */
/* canonicalize: every registered op's canonicalization patterns, folding, region
   simplification. With test_convergence, not converging is an error (reported to diags). */
typedef struct spvk_canonicalize_options {
    spvk_greedy_config config;
    bool test_convergence;
    /* Pattern labels to leave out / to keep only (spvk_pattern_set_filter); folding is not
       affected, as in MLIR. */
    const char *const *disabled_patterns;
    uint32_t num_disabled_patterns;
    const char *const *enabled_patterns;
    uint32_t num_enabled_patterns;
} spvk_canonicalize_options;
SPVK_API void spvk_canonicalize_options_default(spvk_canonicalize_options *options);
SPVK_API spvk_result spvk_canonicalize(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_canonicalize_options *options,
                                       spvk_diagnostics *diags);
/* cse: MLIR 19's common subexpression elimination over op's regions. */
SPVK_API spvk_result spvk_cse(spvk_ir_context *ctx, spvk_ir_op *op, spvk_diagnostics *diags);

/* ---- Dialect conversion ---- */
typedef enum spvk_legality {
    SPVK_LEGALITY_UNKNOWN = 0,
    SPVK_LEGALITY_LEGAL = 1,
    SPVK_LEGALITY_DYNAMIC = 2, /* legal when the callback says so */
    SPVK_LEGALITY_ILLEGAL = 3
} spvk_legality;

typedef struct spvk_conversion_target spvk_conversion_target;
typedef bool (*spvk_legality_fn)(void *user, const spvk_ir_op *op);

SPVK_API spvk_conversion_target *spvk_conversion_target_create(spvk_ir_context *ctx);
SPVK_API void spvk_conversion_target_destroy(spvk_conversion_target *target);
/* By op name ("arith.addf") or dialect name ("arith"); an op's own entry wins over its dialect's. */
SPVK_API bool spvk_conversion_target_add_op(spvk_conversion_target *t, const char *op_name, spvk_legality legality,
                                            spvk_legality_fn dynamic, void *user);
SPVK_API bool spvk_conversion_target_add_dialect(spvk_conversion_target *t, const char *dialect, spvk_legality legality,
                                                 spvk_legality_fn dynamic, void *user);
/* For ops neither names: unknown (the default), or as given (MLIR's markUnknownOpDynamicallyLegal). */
SPVK_API void spvk_conversion_target_set_unknown(spvk_conversion_target *t, spvk_legality legality,
                                                 spvk_legality_fn dynamic, void *user);
/* LEGAL, ILLEGAL or UNKNOWN for op (dynamic legality answered). */
SPVK_API spvk_legality spvk_conversion_target_legality(const spvk_conversion_target *t, const spvk_ir_op *op);

/* Type conversion: callbacks tried last added first (as MLIR's). One returns:
   SPVK_CONVERT_TYPE_FAILED (this callback says the type cannot convert), _NONE (it does not
   apply, try the next) or _DONE with *out_count types written to out (up to max; 0 drops it). */
typedef enum { SPVK_CONVERT_TYPE_NONE = 0, SPVK_CONVERT_TYPE_DONE = 1, SPVK_CONVERT_TYPE_FAILED = 2 } spvk_convert_type_status;
typedef spvk_convert_type_status (*spvk_type_conversion_fn)(void *user, const spvk_ir_type *type,
                                                            const spvk_ir_type **out, uint32_t max, uint32_t *out_count);
/* A materialization: a value of `type` made from inputs at the builder's insertion point, or NULL. */
typedef spvk_ir_value *(*spvk_materialization_fn)(void *user, spvk_ir_builder *b, const spvk_ir_type *type,
                                                  spvk_ir_value *const *inputs, uint32_t num_inputs,
                                                  const spvk_ir_attr *loc);

SPVK_API spvk_type_converter *spvk_type_converter_create(spvk_ir_context *ctx);
SPVK_API void spvk_type_converter_destroy(spvk_type_converter *tc);
SPVK_API bool spvk_type_converter_add_conversion(spvk_type_converter *tc, spvk_type_conversion_fn fn, void *user);
SPVK_API bool spvk_type_converter_add_source_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user);
SPVK_API bool spvk_type_converter_add_target_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user);
SPVK_API bool spvk_type_converter_add_argument_materialization(spvk_type_converter *tc, spvk_materialization_fn fn, void *user);
/* One type to one or more (up to max). false when it cannot convert. */
SPVK_API bool spvk_type_converter_convert(const spvk_type_converter *tc, const spvk_ir_type *type,
                                          const spvk_ir_type **out, uint32_t max, uint32_t *out_count);
/* One type to exactly one, or NULL. */
SPVK_API const spvk_ir_type *spvk_type_converter_convert1(const spvk_type_converter *tc, const spvk_ir_type *type);
/* Whether type, or every type of op's operands and results, converts to itself. */
SPVK_API bool spvk_type_converter_is_legal_type(const spvk_type_converter *tc, const spvk_ir_type *type);
SPVK_API bool spvk_type_converter_is_legal_op(const spvk_type_converter *tc, const spvk_ir_op *op);
/* A function-like op's signature (function_type, entry block) and body is legal. */
SPVK_API bool spvk_type_converter_is_signature_legal(const spvk_type_converter *tc, const spvk_ir_op *func);

/* For conversion patterns, during a conversion (rw is the pattern's rewriter). */
/* Converts the types of the arguments of region's blocks (the entry block too, unless entry is
   false) with tc; uses of old arguments get the new ones through argument materializations. */
SPVK_API bool spvk_rewriter_convert_region_types(spvk_rewriter *rw, spvk_ir_region *region,
                                                 const spvk_type_converter *tc, bool entry);
/* A function-like op's signature: function_type's inputs and results converted, the entry
   block's arguments with them. */
SPVK_API bool spvk_rewriter_convert_function_signature(spvk_rewriter *rw, spvk_ir_op *func,
                                                       const spvk_type_converter *tc);
/* The value v is mapped to in the conversion so far (v itself when none). */
SPVK_API spvk_ir_value *spvk_rewriter_lookup(spvk_rewriter *rw, spvk_ir_value *v);

/* Applies the patterns to op and everything nested in it, so that what the target says is
   illegal is gone (partial) or everything is legal (full). A full conversion that leaves an op
   that is not legal fails with "failed to legalize operation 'NAME'" at the op (MLIR's words);
   a partial one only with ops the target calls illegal; either way the IR is left as it was.
   Casts the conversion needed between old and new types are builtin.unrealized_conversion_cast
   (or the type converter's materializations); the ones left unused or that cancel out go. */
SPVK_API spvk_result spvk_apply_partial_conversion(spvk_ir_op *op, const spvk_conversion_target *target,
                                                   const spvk_pattern_set *patterns, spvk_diagnostics *diags);
SPVK_API spvk_result spvk_apply_full_conversion(spvk_ir_op *op, const spvk_conversion_target *target,
                                                const spvk_pattern_set *patterns, spvk_diagnostics *diags);
/* Folds pairs of unrealized_conversion_cast that cancel out (A -> B -> A) and drops unused ones
   under op (MLIR's reconcile-unrealized-casts). SPVK_ERROR_INVALID, changing nothing, when op
   holds a region that is not materialized (spvk_ir_find_unmaterialized names it). */
SPVK_API spvk_result spvk_reconcile_unrealized_casts(spvk_ir_context *ctx, spvk_ir_op *op);

#ifdef __cplusplus
}
#endif
#endif
