/* spvkit validate: the validator. It streams over a module's words (it never builds the IR) and
   reports every problem it finds as a diagnostic naming the rule broken ("SPIR-V 2.16.1",
   "VUID-StandaloneSpirv-OpTypeFloat-10370", "SPV_KHR_bfloat16", "OpenCL 2.1 section 2.1", ...),
   the offending instruction disassembled and its position. */
#ifndef SPVKIT_VALIDATE_H
#define SPVKIT_VALIDATE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "spvkit/binary.h"
#include "spvkit/common.h"
#include "spvkit/target.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct spvk_validate_options {
    /* The environment; NULL means the universal rules for the module's own SPIR-V version. */
    const spvk_target *target;
    /* When the module was assembled from text: where each instruction came from, so that
       diagnostics carry file:line:col and the source line. */
    const spvk_source_map *source_map;
} spvk_validate_options;

/* Validates num_words words (host byte order). Returns SPVK_OK when the module is valid,
   SPVK_ERROR_INVALID with one diagnostic per problem (up to diags->max_errors) when it is not.
   Time and memory are linear in the module's size. */
SPVK_API spvk_result spvk_validate(const uint32_t *words, size_t num_words, const spvk_validate_options *options,
                                   const spvk_allocator *allocator, spvk_diagnostics *diags);

/* What a module needs of its consumer: the smallest SPIR-V version and the capabilities and
   extensions its instructions, operands and types require (MLIR's update-vce computes the same). */
typedef struct spvk_requirements {
    uint32_t min_version;             /* SPVK_VERSION(...) */
    spvk_capability_set capabilities; /* the smallest set: none implied by another in the set */
    spvk_extension_set extensions;
} spvk_requirements;
SPVK_API spvk_result spvk_module_requirements(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                                              spvk_requirements *requirements, spvk_diagnostics *diags);

#ifdef __cplusplus
}
#endif
#endif
