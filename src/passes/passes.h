/* The passes spvkit ships, one file each in src/passes/, listed in registry.c. Adding a pass:
   define its spvk_pass_def in src/passes/<argument>.c, declare it here, list it in registry.c
   (docs/passes.md). */
#ifndef SPVK_PASSES_H
#define SPVK_PASSES_H

#include "spvkit/pass.h"

extern const spvk_pass_def spvk_canonicalize_pass; /* canonicalize.c */
extern const spvk_pass_def spvk_cse_pass;          /* cse.c */
extern const spvk_pass_def spvk_symbol_dce_pass; /* symbol_dce.c */

#endif
