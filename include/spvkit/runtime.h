/* spvkit runtime: typed host buffers for running kernels (`spvk run`): buffer sources as the
   command line writes them, printing, and the numerics check. The device backends come next. */
#ifndef SPVKIT_RUNTIME_H
#define SPVKIT_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum spvk_element_type {
    SPVK_ELEMENT_I8, SPVK_ELEMENT_U8, SPVK_ELEMENT_I16, SPVK_ELEMENT_U16, SPVK_ELEMENT_I32,
    SPVK_ELEMENT_U32, SPVK_ELEMENT_I64, SPVK_ELEMENT_U64, SPVK_ELEMENT_F16, SPVK_ELEMENT_BF16,
    SPVK_ELEMENT_F32, SPVK_ELEMENT_F64,
    SPVK_ELEMENT_BYTES /* raw bytes from @FILE: no element type */
} spvk_element_type;

SPVK_API const char *spvk_element_type_name(spvk_element_type type);
SPVK_API size_t spvk_element_size(spvk_element_type type);
/* The type named name ("f32", "bf16", ...), or -1. */
SPVK_API int spvk_element_type_by_name(const char *name, size_t length);

/* A host buffer: count elements of type, size bytes (count * element size, or any size for raw
   bytes). data is owned: free with spvk_typed_buffer_free. */
typedef struct spvk_typed_buffer {
    spvk_element_type type;
    size_t count;
    size_t size;
    void *data;
} spvk_typed_buffer;

/* Builds a buffer from a source as `spvkit run` takes it:
     TYPE:v1,v2,...        typed literals (f32:1,2.5,-3  bf16:1.5,-2  i32:7  u16:0x3f80; floats
                           take decimal, hex floats, inf, -inf and nan; bf16/f16 decimals round to
                           nearest even)
     zeros:N:TYPE          N zeros
     iota:N:TYPE           0, 1, ..., N-1
     random:N:TYPE:SEED    N values from a fixed generator: integers over the type's range,
                           floats uniform in [-1, 1)
     @FILE                 the file's bytes (element type SPVK_ELEMENT_BYTES)
   Buffers above 2^28 elements or 1 GiB are refused. Errors name the position in the source. */
SPVK_API spvk_result spvk_typed_buffer_from_source(const char *source, const spvk_allocator *allocator,
                                                   spvk_typed_buffer *buffer, spvk_diagnostics *diags);
SPVK_API void spvk_typed_buffer_free(spvk_typed_buffer *buffer, const spvk_allocator *allocator);

/* Formats count elements of data as decimal numbers separated by spaces (bf16 and f16 as their
   decimal values, 9/17 significant digits for f32/f64). Returned string owned by the caller
   (free with spvk_free(allocator, s, strlen(s) + 1)). */
SPVK_API char *spvk_format_elements(const void *data, size_t count, spvk_element_type type,
                                    const spvk_allocator *allocator);

/* The numerics check: actual against expected, element by element, read as type. */
#define SPVK_COMPARE_MAX_REPORTED 8
typedef struct spvk_mismatch {
    size_t index;
    double expected, actual; /* as numbers (integers converted exactly up to 2^53) */
    double ulp;
} spvk_mismatch;

typedef struct spvk_comparison {
    size_t compared;
    size_t mismatches;
    double max_ulp;          /* the largest error seen, in ULP of the type (0 when bit-exact) */
    size_t max_ulp_index;
    spvk_mismatch first[SPVK_COMPARE_MAX_REPORTED];
    size_t num_first;
} spvk_comparison;

/* Compares count elements. An element matches when its error is at most max_ulp units in the
   last place: for floats the OpenCL definition (seed 001, section 8.5: the gap between the two
   finite floating-point numbers nearest the expected value, even if it is one of them), so 0
   means bit-exact except that any NaN matches any NaN and +0 matches only +0; infinities match
   only themselves. For integers, one ULP is 1. */
SPVK_API void spvk_compare_elements(const void *expected, const void *actual, size_t count, spvk_element_type type,
                                    double max_ulp, spvk_comparison *result);

/* bfloat16 and binary16 conversions as the runtime uses them: to float exactly, from float
   rounding to nearest even (NaNs stay NaN, quieted). */
SPVK_API float spvk_bf16_to_float(uint16_t bits);
SPVK_API uint16_t spvk_float_to_bf16(float value);
SPVK_API float spvk_f16_to_float(uint16_t bits);
SPVK_API uint16_t spvk_float_to_f16(float value);

#ifdef __cplusplus
}
#endif
#endif
