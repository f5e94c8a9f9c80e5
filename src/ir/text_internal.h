/* Private to the MLIR text reader and writer (lexer.c, parser.c, printer.c, float_text.c): the
   token stream and the float conversions both directions need.

   Floats: MLIR prints a float attribute with APFloat::toString(6 digits, scientific) when that
   string reads back to the same bits, else with the default toString when it has a '.', else as a
   hex bit pattern (`0x7F800000 : f32`). Reproducing that byte for byte needs APFloat's own digit
   generation (it truncates before it rounds), so float_text.c re-implements it with a small
   bignum, and reads decimal literals back correctly rounded for every builtin float format. */
#ifndef SPVK_IR_TEXT_INTERNAL_H
#define SPVK_IR_TEXT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spvkit/ir.h"

/* ---- Tokens (lexer.c) ---- */
typedef enum ir_token_kind {
    TOK_EOF,
    TOK_ERROR,       /* the lexer's message is in lexer.error */
    TOK_BARE_ID,     /* foo, i32, spirv.Load */
    TOK_PERCENT_ID,  /* %x, %0 */
    TOK_CARET_ID,    /* ^bb0 */
    TOK_HASH_ID,     /* #alias, #spirv.vce, #1 */
    TOK_BANG_ID,     /* !alias, !spirv.ptr */
    TOK_AT_ID,       /* @name or @"quoted name" */
    TOK_INTEGER,     /* 42, 0x1F */
    TOK_FLOAT,       /* 1.5, 2.0e-3 */
    TOK_STRING,      /* "..." (spelling includes the quotes) */
    TOK_LPAREN,
    TOK_RPAREN,
    TOK_LBRACE,
    TOK_RBRACE,
    TOK_LSQUARE,
    TOK_RSQUARE,
    TOK_LESS,
    TOK_GREATER,
    TOK_COMMA,
    TOK_COLON,
    TOK_COLON_COLON,
    TOK_EQUAL,
    TOK_ARROW,
    TOK_MINUS,
    TOK_PLUS,
    TOK_STAR,
    TOK_QUESTION,
    TOK_ELLIPSIS,
    TOK_VERTICAL_BAR,
    TOK_METADATA_BEGIN, /* {-# */
    TOK_METADATA_END    /* #-} */
} ir_token_kind;

typedef struct ir_token {
    ir_token_kind kind;
    const char *start;
    size_t length;
    uint32_t line, column; /* 1-based */
} ir_token;

typedef struct ir_lexer {
    const char *begin, *end, *cur;
    uint32_t line;          /* of cur */
    const char *line_start; /* of cur's line */
    const char *error;      /* TOK_ERROR: a static message */
    const char *error_at;   /* TOK_ERROR: where */
} ir_lexer;

void ir_lexer_init(ir_lexer *lx, const char *text, size_t length);
ir_token ir_lexer_next(ir_lexer *lx);
/* Moves the lexer back (or forward) to a point on the current line, e.g. just after the 'x' of
   a dimension list token `x8xf32`. */
void ir_lexer_reset(ir_lexer *lx, const char *to);
const char *ir_token_kind_name(ir_token_kind kind);
/* Character classes, one table load per character: bare-id ::= [a-zA-Z_] [a-zA-Z0-9_$.]*; a
   suffix-id's characters (`%name`, `!dialect.type`, `#alias`) add '-'. */
enum { IR_CHAR_BARE_START = 1, IR_CHAR_BARE = 2, IR_CHAR_SUFFIX = 4, IR_CHAR_DIGIT = 8, IR_CHAR_BLANK = 16 };
extern const unsigned char ir_char_class[256];
static inline bool ir_is_bare_id_start(char c) { return ir_char_class[(unsigned char)c] & IR_CHAR_BARE_START; }
static inline bool ir_is_bare_id_char(char c) { return ir_char_class[(unsigned char)c] & IR_CHAR_BARE; }
static inline bool ir_is_suffix_id_char(char c) { return ir_char_class[(unsigned char)c] & IR_CHAR_SUFFIX; }

/* The builtin attributes whose `<...>` body the parser keeps as written (parse_attr), so that
   the lazy parser's body scanner skips them the same way. */
typedef struct ir_raw_builtin {
    const char *name;
    size_t length;
} ir_raw_builtin;
#define IR_RAW_BUILTIN(s) {s, sizeof s - 1}
static const ir_raw_builtin ir_raw_builtins[] = {
    IR_RAW_BUILTIN("affine_map"), IR_RAW_BUILTIN("affine_set"), IR_RAW_BUILTIN("strided"),
    IR_RAW_BUILTIN("dense_resource"), IR_RAW_BUILTIN("sparse"), IR_RAW_BUILTIN("opaque"),
};
#undef IR_RAW_BUILTIN
static inline bool ir_is_raw_builtin(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof ir_raw_builtins / sizeof *ir_raw_builtins; i++)
        if (n == ir_raw_builtins[i].length && memcmp(s, ir_raw_builtins[i].name, n) == 0)
            return true;
    return false;
}

/* ---- Floats (float_text.c) ---- */
/* The small float types' names, MLIR's (f8E4M3FN, ...), by SPVK_FLOAT_* encoding; width the bits. */
typedef struct ir_small_float {
    const char *name;
    int encoding;
    uint32_t width;
} ir_small_float;
static const ir_small_float ir_small_floats[] = {
    {"f8E4M3FN", SPVK_FLOAT_F8E4M3FN, 8},   {"f8E5M2", SPVK_FLOAT_F8E5M2, 8},
    {"f8E8M0FNU", SPVK_FLOAT_F8E8M0FNU, 8}, {"f6E2M3FN", SPVK_FLOAT_F6E2M3FN, 6},
    {"f6E3M2FN", SPVK_FLOAT_F6E3M2FN, 6},   {"f4E2M1FN", SPVK_FLOAT_F4E2M1FN, 4},
    {"mxint8", SPVK_FLOAT_MXINT8, 8},
};
static inline const char *ir_small_float_name(int encoding)
{
    for (size_t i = 0; i < sizeof ir_small_floats / sizeof *ir_small_floats; i++)
        if (ir_small_floats[i].encoding == encoding)
            return ir_small_floats[i].name;
    return NULL;
}

typedef struct ir_float_format {
    uint32_t width;      /* bits in the pattern */
    uint32_t precision;  /* significand bits including the implicit one */
    int32_t emin, emax;  /* unbiased exponent range of normal numbers */
    uint32_t exp_bits, frac_bits;
    /* 0: IEEE (the all-ones exponent is infinity or NaN, bias emax). The small formats that are
       not: IR_FLOAT_FN (the all-ones pattern but the sign is the one NaN, no infinity: f8E4M3FN),
       IR_FLOAT_FINITE (no infinity or NaN: f6E2M3FN, f6E3M2FN, f4E2M1FN), IR_FLOAT_E8M0 (no sign
       and no fraction, 0xFF the NaN, no zero: f8E8M0FNU), IR_FLOAT_MXINT (an 8-bit two's complement
       integer times 2^-6: mxint8; the other fields describe it as 7 fraction bits, exponent -6). */
    uint32_t special;
    int32_t bias;        /* exponent bias where special != 0 */
} ir_float_format;
enum { IR_FLOAT_IEEE = 0, IR_FLOAT_FN = 1, IR_FLOAT_FINITE = 2, IR_FLOAT_E8M0 = 3, IR_FLOAT_MXINT = 4 };

/* The format of a builtin float type (f16, bf16, tf32, f32, f64; f80 and f128 are read and written
   as f64). False for anything else. */
bool ir_float_format_of(const spvk_ir_type *type, ir_float_format *out);
uint64_t ir_float_to_bits(double value, const ir_float_format *f);
double ir_float_from_bits(uint64_t bits, const ir_float_format *f);
/* A decimal literal (digits, optional '.', digits, optional exponent; no sign) read as the nearest
   value of the format, ties to even; overflow gives infinity, underflow zero. */
bool ir_float_parse_decimal(const char *s, size_t n, bool negative, const ir_float_format *f, uint64_t *bits);
/* A float literal as MLIR's parser reads it: to the nearest double first, then to the format
   (ties to even), so it can round twice where ir_float_parse_decimal would not. */
bool ir_float_parse_literal(const char *s, size_t n, bool negative, const ir_float_format *f, uint64_t *bits);
/* MLIR's printFloatValue: writes a nul-terminated string into out (at least 64 bytes), sets *hex when it
   chose the hex bit pattern. */
void ir_float_print_mlir(char *out, size_t size, uint64_t bits, const ir_float_format *f, bool *hex);

#endif
