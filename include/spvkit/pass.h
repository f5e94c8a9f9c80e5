/* spvkit passes: a pass type, the registry of spvkit's passes, and a pass manager that runs
   them the way MLIR's does (docs/passes.md).

   A pass is described once, as data (spvk_pass_def: its command-line argument, summary, the op
   it runs on and its options), and instantiated into a pipeline with its options parsed into the
   pass's own options struct. A pass manager runs on one kind of op ("builtin.module",
   "func.func", or "any") and holds passes and nested pass managers; a nested manager runs on the
   ops directly inside the regions of the op its parent runs on, one op at a time. Pipelines are
   built in code or from MLIR's textual syntax, `builtin.module(func.func(canonicalize{max-iterations=3},cse))`.

   Nothing here prints: IR dumps go through a write callback, timing is read back as rows, and
   errors are diagnostics. */
#ifndef SPVKIT_PASS_H
#define SPVKIT_PASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/common.h"
#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spvk_pass spvk_pass;
typedef struct spvk_pass_def spvk_pass_def;
typedef struct spvk_pass_manager spvk_pass_manager;

/* ---- Options ----
   Each option is a field of the pass's options struct (spvk_pass_def.options_size bytes, zeroed,
   then set from the defaults and from what the pipeline gives), found by offset. Given as
   `name=value` pairs separated by spaces ("max-iterations=3 region-simplify=disabled"); a bool
   may be given bare ("top-down" is top-down=true); a list is comma-separated. */
typedef enum spvk_pass_option_kind {
    SPVK_PASS_OPTION_BOOL,     /* bool: true/false, 1/0 */
    SPVK_PASS_OPTION_INT,      /* int64_t: decimal, 0x hexadecimal, 0 octal, with a sign */
    SPVK_PASS_OPTION_UNSIGNED, /* uint64_t */
    SPVK_PASS_OPTION_STRING,   /* const char *: NUL-terminated, owned by the pass */
    SPVK_PASS_OPTION_ENUM,     /* int: the value of the enumerator named */
    SPVK_PASS_OPTION_LIST      /* spvk_pass_string_list: comma-separated strings */
} spvk_pass_option_kind;

typedef struct spvk_pass_enum_value {
    const char *name; /* "disabled" */
    int value;
    const char *description;
} spvk_pass_enum_value;

typedef struct spvk_pass_string_list {
    const char *const *items; /* owned by the pass */
    uint32_t count;
} spvk_pass_string_list;

typedef struct spvk_pass_option {
    const char *name; /* "max-iterations" */
    spvk_pass_option_kind kind;
    size_t offset;             /* of the field in the options struct (offsetof) */
    const char *default_value; /* as it would be written in the pipeline; NULL: zero, empty */
    const char *description;
    const spvk_pass_enum_value *enum_values; /* SPVK_PASS_OPTION_ENUM only */
    uint32_t num_enum_values;
} spvk_pass_option;

/* ---- A pass ---- */
struct spvk_pass_def {
    const char *argument; /* "canonicalize": the flag (--canonicalize) and the name in pipelines */
    const char *name;     /* "Canonicalizer": MLIR's name for it, in IR dumps and timing */
    const char *summary;  /* one line, for help */
    /* The op it runs on ("builtin.module", "func.func"), or NULL for any op. A pass anchored on
       an op is added only to a manager of that op (or, with implicit nesting, nests one). */
    const char *anchor;
    const spvk_pass_option *options;
    uint32_t num_options;
    size_t options_size; /* sizeof the options struct (0 when there are none) */
    /* Optional, once per pass instance before it first runs (MLIR's initialize): builds what
       every run shares (a frozen pattern set) into pass->state. A failure stops the pipeline. */
    spvk_result (*initialize)(spvk_pass *pass);
    /* Runs on one op (of the anchor's name). Calls spvk_pass_changed when it changed the IR;
       returns SPVK_OK, or the failure after reporting it with spvk_pass_error (the pipeline stops,
       the tool exits 1). It may change op and what is nested in it, never op's siblings or
       parents. */
    spvk_result (*run)(spvk_pass *pass, spvk_ir_op *op);
    /* Optional: frees pass->state when the pass goes. */
    void (*finalize)(spvk_pass *pass);
};

/* One instance of a pass in a pipeline. The pass reads the fields; the manager owns it. */
struct spvk_pass {
    const spvk_pass_def *def;
    spvk_ir_context *ctx;
    const void *options;      /* the options struct, parsed (NULL when options_size is 0) */
    void *state;              /* the pass's own, set by initialize, freed by finalize */
    spvk_diagnostics *diags;  /* where errors go while it runs */
    bool changed;             /* set (spvk_pass_changed) by the run in progress */
    /* The manager's. */
    bool initialized;
    double seconds;           /* total time in run, for --mlir-timing */
};

static inline void spvk_pass_changed(spvk_pass *pass) { pass->changed = true; }
/* Reports an error at op (its location, "'name' op message" as MLIR's emitOpError words it);
   returns SPVK_ERROR_INVALID, for `return spvk_pass_error(...)`. */
SPVK_API spvk_result spvk_pass_error(spvk_pass *pass, const spvk_ir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same without the "'name' op " (MLIR's emitError). */
SPVK_API spvk_result spvk_pass_error_at(spvk_pass *pass, const spvk_ir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* An instance of def with its options parsed from text (NULL or "": the defaults). NULL when
   the options are wrong (reported to diags as MLIR words it: "<Pass-Options-Parser>: no such
   option frob") or out of memory (*result says which: SPVK_ERROR_USAGE or _OUT_OF_MEMORY). */
SPVK_API spvk_pass *spvk_pass_create(spvk_ir_context *ctx, const spvk_pass_def *def, const char *options,
                                     size_t length, spvk_diagnostics *diags, spvk_result *result);
SPVK_API void spvk_pass_destroy(spvk_pass *pass);
/* Writes the pass's options as MLIR prints them: `{a=1 b=true}`, sorted by name ("" when none). */
SPVK_API char *spvk_pass_print_options(const spvk_pass *pass);

/* ---- The registry: every pass spvkit ships (src/passes/registry.c) ---- */
SPVK_API uint32_t spvk_pass_registry_count(void);
SPVK_API const spvk_pass_def *spvk_pass_registry_at(uint32_t index); /* in registry.c's order */
SPVK_API const spvk_pass_def *spvk_pass_registry_lookup(const char *argument, size_t length);

/* ---- Pass managers ---- */
/* A manager that runs on ops named anchor ("builtin.module", "func.func", or "any"). */
SPVK_API spvk_pass_manager *spvk_pass_manager_create(spvk_ir_context *ctx, const char *anchor);
SPVK_API void spvk_pass_manager_destroy(spvk_pass_manager *pm); /* and everything in it */
SPVK_API const char *spvk_pass_manager_anchor(const spvk_pass_manager *pm);
/* A nested manager for ops named anchor inside pm's op, added at the end of pm. NULL when out
   of memory. (Before the first run, nested managers that follow each other are merged, one per
   op name, as MLIR coalesces them.) */
SPVK_API spvk_pass_manager *spvk_pass_manager_nest(spvk_pass_manager *pm, const char *anchor, size_t length);
/* Adds pass at the end (pm owns it, also on failure). A pass anchored on another op than pm's
   is refused (SPVK_ERROR_USAGE, "Can't add pass 'X' restricted to 'func.func' on a PassManager
   intended to run on 'builtin.module', did you intend to nest?") unless implicit nesting is on,
   which nests a manager for it. */
SPVK_API spvk_result spvk_pass_manager_add(spvk_pass_manager *pm, spvk_pass *pass, spvk_diagnostics *diags);
/* Implicit nesting (mlir-opt's for passes given as flags); off by default, as in pipelines. */
SPVK_API void spvk_pass_manager_set_implicit_nesting(spvk_pass_manager *pm, bool on);
/* Adds the passes of pipeline text to pm: the elements inside the anchor's parentheses,
   "func.func(cse),canonicalize{max-iterations=3}". Errors are reported as MLIR reports them,
   located in the text ("MLIR Textual PassPipeline Parser:1:5: error: 'frob' does not refer to a
   registered pass or pass pipeline", with the text and a caret) and return SPVK_ERROR_USAGE. */
SPVK_API spvk_result spvk_pass_manager_add_pipeline(spvk_pass_manager *pm, const char *text, size_t length,
                                                    spvk_diagnostics *diags);
/* A manager from a whole textual pipeline, "builtin.module(func.func(cse))". NULL on error
   (*result: SPVK_ERROR_USAGE after reporting it, or SPVK_ERROR_OUT_OF_MEMORY). */
SPVK_API spvk_pass_manager *spvk_pass_manager_parse(spvk_ir_context *ctx, const char *text, size_t length,
                                                    spvk_diagnostics *diags, spvk_result *result);
/* The pipeline as MLIR prints it: "builtin.module(func.func(canonicalize{...},cse))". */
SPVK_API char *spvk_pass_manager_print(const spvk_pass_manager *pm);
/* Whether pm and its nested managers hold no pass. */
SPVK_API bool spvk_pass_manager_empty(const spvk_pass_manager *pm);

/* ---- Instrumentation (set on the top manager; nested ones use their top's) ---- */
/* Verification after each pass that changed the IR, of the op it ran on (MLIR's verify-each;
   on by default). */
SPVK_API void spvk_pass_manager_set_verify_each(spvk_pass_manager *pm, bool on);

/* IR dumps around passes, as mlir-opt writes them:
     "// -----// IR Dump After CSE (cse) //----- //\n" then the op the pass ran on, then "\n\n"
   (module_scope: " ('func.func' operation: @f)" before " //----- //" and the top op instead). */
typedef struct spvk_pass_ir_printing {
    bool before_all, after_all;
    const char *const *before; /* pass arguments (--mlir-print-ir-before=cse) */
    uint32_t num_before;
    const char *const *after;
    uint32_t num_after;
    bool after_change;  /* after a pass only when it changed the IR */
    bool after_failure; /* after a pass that failed ("IR Dump After CSE Failed (cse)") */
    bool module_scope;  /* print the top op, not the one the pass ran on */
    spvk_ir_print_options print; /* generic form, locations */
    spvk_ir_write_fn write;
    void *user;
} spvk_pass_ir_printing;
/* Copies config (the arrays too); NULL turns dumps off. false when out of memory. */
SPVK_API bool spvk_pass_manager_set_ir_printing(spvk_pass_manager *pm, const spvk_pass_ir_printing *config);

/* Timing (mlir-opt's --mlir-timing): each pass's and each nested pipeline's wall time, summed
   over the ops it ran on. Off by default (reading the clock costs a little per pass and op). */
SPVK_API void spvk_pass_manager_enable_timing(spvk_pass_manager *pm, bool on);
/* The timing rows in MLIR's tree order: a nested pipeline's row ("'func.func' Pipeline", or
   "Pipeline Collection : ['func.func', 'gpu.module']" for several) is followed by its passes'
   rows, one depth deeper. Returns false when fn does. */
typedef bool (*spvk_pass_timing_fn)(void *user, const char *name, uint32_t depth, double seconds);
SPVK_API bool spvk_pass_manager_timing(const spvk_pass_manager *pm, spvk_pass_timing_fn fn, void *user);

/* ---- Running ---- */
/* Runs pm on op, whose name must be pm's anchor ("can't run 'func.func' pass manager on
   'builtin.module' op" otherwise). Stops at the first pass that fails (its diagnostics are in
   diags; SPVK_ERROR_INVALID), or whose result no longer verifies. op must be whole: one holding
   a region that is not materialized (a lazily parsed or streamed module) is refused before any
   pass runs ("'spirv.func' op holds a region that is not materialized: passes cannot run on
   it"). */
SPVK_API spvk_result spvk_pass_manager_run(spvk_pass_manager *pm, spvk_ir_op *op, spvk_diagnostics *diags);

#ifdef __cplusplus
}
#endif
#endif
