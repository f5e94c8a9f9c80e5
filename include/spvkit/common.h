/* spvkit: result codes, the allocator hook and diagnostics shared by every layer. */
#ifndef SPVKIT_COMMON_H
#define SPVKIT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(SPVK_BUILDING_SHARED)
#define SPVK_API __attribute__((visibility("default")))
#else
#define SPVK_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define SPVK_VERSION_STRING "0.1.0"

/* Every library call returns one of these; the details go into a diagnostics list. */
typedef enum spvk_result {
    SPVK_OK = 0,
    SPVK_ERROR_INVALID = 1,       /* the input is malformed or invalid */
    SPVK_ERROR_OUT_OF_MEMORY = 2, /* the allocator hook returned NULL */
    SPVK_ERROR_IO = 3,            /* a file could not be read or written */
    SPVK_ERROR_USAGE = 4,         /* the caller passed arguments the call does not accept */
    SPVK_ERROR_DEVICE = 5         /* no device or driver, a missing device feature, a driver failure */
} spvk_result;

SPVK_API const char *spvk_result_string(spvk_result result);

/* One allocation hook, Lua style: realloc(user, ptr, old_size, new_size); new_size 0 frees.
   A NULL hook means the C library's malloc/realloc/free. */
typedef struct spvk_allocator {
    void *(*realloc)(void *user, void *ptr, size_t old_size, size_t new_size);
    void *user;
} spvk_allocator;

typedef enum spvk_severity { SPVK_SEVERITY_ERROR = 0, SPVK_SEVERITY_WARNING = 1, SPVK_SEVERITY_NOTE = 2 } spvk_severity;

#define SPVK_NO_OFFSET ((size_t)-1)
#define SPVK_NO_OPCODE 0xffffffffu

/* One problem found in an input. Fields that do not apply are zero (line, column),
   NULL (rule, file, source_line) or SPVK_NO_OFFSET (word_offset). */
typedef struct spvk_diagnostic {
    spvk_severity severity;
    char *rule;         /* the rule broken, e.g. "SPIR-V 2.3", or NULL */
    char *message;      /* one line, no trailing newline */
    size_t word_offset; /* binary input: offset of the instruction in words */
    uint32_t opcode;    /* binary input: opcode of that instruction, or SPVK_NO_OPCODE (header) */
    const char *file;   /* text input: file name as given by the caller (not owned) */
    uint32_t line;      /* text input: 1-based line and column */
    uint32_t column;
    char *source_line;  /* text input: the line of source, for the caret display */
    char *instruction;  /* the offending instruction disassembled (validator), or NULL */
} spvk_diagnostic;

typedef struct spvk_diagnostics {
    spvk_diagnostic *items;
    size_t count;
    size_t capacity;
    size_t max_errors; /* 0 means unlimited; past it further errors are counted, not stored */
    size_t dropped;
    const spvk_allocator *allocator;
} spvk_diagnostics;

SPVK_API void spvk_diagnostics_init(spvk_diagnostics *diags, const spvk_allocator *allocator);
SPVK_API void spvk_diagnostics_free(spvk_diagnostics *diags);
/* Formats one diagnostic as the command prints it:
     binary: "error: [rule] word 12 (OpTypeInt): message"
     text:   "file:3:7: error: [rule] message\n<source line>\n      ^"
   ("[rule] " only when a rule is named), then, when the instruction is known, a line with it
   disassembled and its word offset: "  %5 = OpTypeInt 32 0  ; word 12". 
   Returns a string owned by the caller (free with spvk_free), or NULL when out of memory. */
SPVK_API char *spvk_diagnostic_format(const spvk_diagnostic *diag, const spvk_allocator *allocator);
SPVK_API void spvk_free(const spvk_allocator *allocator, void *ptr, size_t size);

#ifdef __cplusplus
}
#endif
#endif
