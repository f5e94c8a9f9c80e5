/* spvkit text: the assembler and disassembler for SPIRV-Tools' assembly language, and target
   environment names as spirv-as reads them. */
#ifndef SPVKIT_TEXT_H
#define SPVKIT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/binary.h"
#include "spvkit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- target environments (--target-env) ---- */

/* The SPIR-V version (SPVK_VERSION(...)) a module assembled for env gets, as spirv-as sets it:
   spv1.0..spv1.6; vulkan1.0 (1.0), vulkan1.1 (1.3), vulkan1.1spv1.4 (1.4), vulkan1.2 (1.5),
   vulkan1.3 and vulkan1.4 (1.6); opencl1.2..opencl2.1 (1.0) and opencl2.2 (1.2), each also with
   the "embedded" suffix; opengl4.0..opengl4.5 (1.0). Returns false for an unknown name. */
SPVK_API bool spvk_target_env_spirv_version(const char *env, uint32_t *version);
/* A space-separated list of every accepted name, for usage messages. */
SPVK_API const char *spvk_target_env_names(void);

/* ---- assembler ---- */

typedef struct spvk_assemble_options {
    uint32_t version;         /* header version; 0 means SPIR-V 1.6 (spirv-as's default) */
    bool preserve_numeric_ids; /* %123 keeps id 123 (spirv-as --preserve-numeric-ids) */
    const char *file_name;    /* used in diagnostics; NULL means "<stdin>" */
    spvk_source_map *source_map; /* when set: filled with each instruction's position (free with
                                    spvk_source_map_free); its text is the text given here */
} spvk_assemble_options;

/* Assembles text (length bytes, need not be nul-terminated). On success *words (owned by the
   caller, free with spvk_free(allocator, words, count * 4)) holds the module. Errors are
   diagnostics with file, line, column and the source line. */
SPVK_API spvk_result spvk_assemble(const char *text, size_t length, const spvk_assemble_options *options,
                                   const spvk_allocator *allocator, uint32_t **words, size_t *count,
                                   spvk_diagnostics *diags);

/* ---- disassembler ---- */

typedef struct spvk_disassemble_options {
    bool raw_ids;      /* %123 instead of friendly names (spirv-dis --raw-id) */
    bool no_header;    /* omit the "; SPIR-V" comment block (spirv-dis --no-header) */
    bool no_indent;    /* do not align result ids (spirv-dis --no-indent) */
} spvk_disassemble_options;

/* Disassembles a module given as bytes (either endianness) exactly as spirv-dis prints it.
   On success *text (owned by the caller, free with spvk_free(allocator, text, *length + 1)) is
   nul-terminated. */
SPVK_API spvk_result spvk_disassemble(const void *bytes, size_t size, const spvk_disassemble_options *options,
                                      const spvk_allocator *allocator, char **text, size_t *length,
                                      spvk_diagnostics *diags);

/* One decoded instruction as spirv-dis prints it, without indentation or newline: ids by the
   name id_name returns (length in *length), or by number where it returns NULL or is NULL.
   Returns a string owned by the caller (free with spvk_free, strlen + 1 bytes), NULL when out
   of memory. */
typedef const char *(*spvk_id_name_fn)(void *user, uint32_t id, size_t *length);
SPVK_API char *spvk_instruction_text(const spvk_instruction *inst, spvk_id_name_fn id_name, void *user,
                                     const spvk_allocator *allocator);

#ifdef __cplusplus
}
#endif
#endif
