/* Literal numbers as spirv-as reads them (SPIRV-Tools' ParseNumber, ParseAndEncodeIntegerNumber,
   ParseAndEncodeFloatingPointNumber and HexFloat's operator>>), bit for bit, including its quirks:
   integers take C++ stream syntax with base prefixes (0x hex, leading-0 octal), signed hex is a
   bit pattern that gets sign-extended, decimal floats are read correctly rounded as binary32 or
   binary64 and then truncated toward zero to 16 bits, and hex floats are truncated directly to the
   target width without an overflow error.

   Nothing here allocates, and the text is a counted span that need not be nul-terminated. */
#ifndef SPVK_NUMBER_PARSE_H
#define SPVK_NUMBER_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/binary.h"

typedef enum spvk_number_status {
    SPVK_NUMBER_STATUS_OK = 0,
    SPVK_NUMBER_STATUS_INVALID,           /* "Invalid unsigned integer literal: 1.0", "Invalid 32-bit float literal: x" */
    SPVK_NUMBER_STATUS_OUT_OF_RANGE,      /* "Integer 128 does not fit in a 8-bit signed integer" */
    SPVK_NUMBER_STATUS_NEGATIVE_UNSIGNED, /* "Cannot put a negative number in an unsigned literal" */
    SPVK_NUMBER_STATUS_UNSUPPORTED        /* "Unsupported 128-bit integer literals" */
} spvk_number_status;

typedef struct spvk_number_result {
    spvk_number_status status;
    /* OK: the literal's bits. Up to 32-bit kinds fill the low word (16-bit floats the low half of
       it, signed integers narrower than 32 bits sign-extended to 32); 64-bit kinds fill both, and
       are emitted low word first. */
    uint64_t bits;
    /* The kind and width that were read (for an untyped literal, the ones inferred). */
    spvk_number_kind kind;
    uint32_t width;
    /* OUT_OF_RANGE: the value as read and how spirv-as prints it in the message. */
    uint64_t decoded;
    bool decoded_negative; /* decoded holds an int64_t */
    bool hex;
} spvk_number_result;

/* An integer literal for an integer type of the given width (at most 64 bits is supported). */
spvk_number_result spvk_parse_integer(const char *text, size_t length, uint32_t width, bool is_signed);

/* A floating-point literal for a type of the given width: IEEE binary16/32/64, or bfloat16
   (width 16) when bfloat16 is set. */
spvk_number_result spvk_parse_float(const char *text, size_t length, uint32_t width, bool bfloat16);

/* A literal of one of OpTypeFloat's small encodings (SPVK_NUMBER_FLOAT8_E4M3 ..
   SPVK_NUMBER_MXINT8), as the newest spirv-as reads it: hex floats straight into the format;
   decimals as binary32, range-checked, then truncated toward zero; E8M0 and MXInt8 as binary64
   values they hold exactly. */
spvk_number_result spvk_parse_small_float(const char *text, size_t length, spvk_number_kind kind);

/* A literal of unknown type (after a "!<integer>" immediate): a 32-bit float if the text contains
   a '.', else a signed 32-bit integer if it starts with '-', else an unsigned one. */
spvk_number_result spvk_parse_untyped(const char *text, size_t length);

/* Formats the diagnostic spirv-as gives for a failed parse of text into out (always
   nul-terminated); at most max_quote bytes of the text are quoted (then "..."), and the quote
   stops at a line break. Returns the length written. */
size_t spvk_number_message(char *out, size_t size, const spvk_number_result *r, const char *text, size_t length,
                           size_t max_quote);

/* C++ "stream >> setbase(0) >> uint32_t" as SPIRV-Tools' ParseNumber uses it for "!<integer>"
   immediates and numeric ids: decimal, 0x hex or leading-0 octal, an optional sign (a '-' only
   on zero), the whole text consumed, in range. */
bool spvk_parse_uint32(const char *text, size_t length, uint32_t *value);

/* spvTextToLiteral's unsigned 32-bit integer: decimal digits only, value below 2^32. */
bool spvk_parse_decimal_uint32(const char *text, size_t length, uint32_t *value);

#endif
