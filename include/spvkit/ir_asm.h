/* The hooks dialects use to parse and print their custom forms, types and attributes (MLIR's
   OpAsmParser/OpAsmPrinter, in C). Implemented by src/ir/parser.c and src/ir/printer.c;
   exported, so that dialects outside the library can have custom forms too.

   Parser functions return false on a syntax error after reporting it (the first error stops the
   parse); spvk_ir_parse_optional_* return false without an error when the thing is absent. */
#ifndef SPVKIT_IR_ASM_H
#define SPVKIT_IR_ASM_H

#include <stdarg.h>

#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Parser ---- */
SPVK_API spvk_ir_context *spvk_ir_parser_context(spvk_ir_parser *p);
/* Scratch memory that lives until the operation being parsed is created (the op's state arrays,
   operand lists): released after each operation, unlike the context's arena, which keeps
   everything until the context dies. NULL (with an error reported) when out of memory. */
SPVK_API void *spvk_ir_parser_scratch(spvk_ir_parser *p, size_t size);
/* How many results the text binds to the op being parsed (`%a, %b = gpu.alloc ...`: 2), as
   MLIR's OpAsmParser::getNumResults: a custom form whose results depend on the text (`async`)
   reads it before it parses a nested region. */
SPVK_API uint32_t spvk_ir_parser_num_results(spvk_ir_parser *p);
/* Reports "file:line:col: error: ..." at the current token; always returns false. */
SPVK_API bool spvk_ir_parser_error(spvk_ir_parser *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Where the next token starts, for an error reported once what follows it is known (MLIR's
   getCurrentLocation + emitError(loc)). */
typedef struct spvk_ir_parser_loc {
    const char *pos;
    uint32_t line, column;
} spvk_ir_parser_loc;
SPVK_API spvk_ir_parser_loc spvk_ir_parser_current_loc(spvk_ir_parser *p);
/* The name of the op whose custom form is being parsed (MLIR's getNameLoc). */
SPVK_API spvk_ir_parser_loc spvk_ir_parser_op_name_location(spvk_ir_parser *p);
/* MLIR's OpAsmParser::emitError: "custom op 'scf.for' <message>" at loc; always returns false. */
SPVK_API bool spvk_ir_parser_op_error_at(spvk_ir_parser *p, spvk_ir_parser_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
SPVK_API bool spvk_ir_parser_error_at(spvk_ir_parser *p, spvk_ir_parser_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Punctuation: "(" ")" "[" "]" "{" "}" "<" ">" "," ":" "=" "->" "::" "*" "?" "+" "..." */
SPVK_API bool spvk_ir_parse_punct(spvk_ir_parser *p, const char *punct);
SPVK_API bool spvk_ir_parse_optional_punct(spvk_ir_parser *p, const char *punct);
/* The same with MLIR's wording for what was expected ("')' in argument list"): the error, at the
   end of the text before the token as MLIR reports a missing token, says "expected <what>". */
SPVK_API bool spvk_ir_parse_punct_expected(spvk_ir_parser *p, const char *punct, const char *what);
/* A bare identifier equal to kw. */
SPVK_API bool spvk_ir_parse_keyword(spvk_ir_parser *p, const char *kw);
SPVK_API bool spvk_ir_parse_optional_keyword(spvk_ir_parser *p, const char *kw);
/* Any bare identifier (letters, digits, '_', '$', '.'), interned. Also accepts a string literal
   where MLIR would (enum cases may be quoted). */
SPVK_API bool spvk_ir_parse_identifier(spvk_ir_parser *p, const char **out);
SPVK_API bool spvk_ir_parse_optional_identifier(spvk_ir_parser *p, const char **out);
SPVK_API bool spvk_ir_parse_string(spvk_ir_parser *p, const char **out, size_t *length); /* interned */
SPVK_API bool spvk_ir_parse_optional_string(spvk_ir_parser *p, const char **out, size_t *length);
/* A string read but not kept: its bytes (not NUL-terminated) stay valid while the text does. For
   words looked up in a table (enum names), which interning would only slow down. */
SPVK_API bool spvk_ir_parse_optional_string_view(spvk_ir_parser *p, const char **out, size_t *length);
SPVK_API bool spvk_ir_parse_integer(spvk_ir_parser *p, int64_t *out);           /* with optional '-' */
SPVK_API bool spvk_ir_parse_optional_integer(spvk_ir_parser *p, int64_t *out);
/* In `4x8xf32`-style shapes the lexer splits 'x': parses "4x" "8x" dimensions; '?' gives SPVK_DYNAMIC. */
SPVK_API bool spvk_ir_parse_dimension_list(spvk_ir_parser *p, int64_t *dims, uint32_t max, uint32_t *count, bool allow_dynamic);
/* Peeks: is the next token this punctuation / a value (%...) / a type start? */
SPVK_API bool spvk_ir_parser_at_punct(spvk_ir_parser *p, const char *punct);
SPVK_API bool spvk_ir_parser_at_operand(spvk_ir_parser *p);
SPVK_API bool spvk_ir_parser_at_symbol(spvk_ir_parser *p); /* @name */
/* Is the next token the bare identifier kw? Its text, without taking it (an error about a word
   points at the word, as MLIR's do)? */
SPVK_API bool spvk_ir_parser_at_keyword(spvk_ir_parser *p, const char *kw);
SPVK_API bool spvk_ir_parser_peek_identifier(spvk_ir_parser *p, const char **start, size_t *length);

SPVK_API const spvk_ir_type *spvk_ir_parse_type(spvk_ir_parser *p);
SPVK_API const spvk_ir_type *spvk_ir_parse_optional_type(spvk_ir_parser *p);
/* An attribute; type (may be NULL) is the type that a following ':' would give (integer literals). */
SPVK_API const spvk_ir_attr *spvk_ir_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type);
/* `symbol-ref` @name(::@name)* */
SPVK_API const spvk_ir_attr *spvk_ir_parse_symbol_ref(spvk_ir_parser *p);
SPVK_API bool spvk_ir_parse_optional_symbol_name(spvk_ir_parser *p, const char **out); /* @name, interned */

/* Operands are parsed by name and resolved against a type later (forward references inside a
   region are allowed, as in MLIR). */
typedef struct spvk_ir_operand_ref {
    const char *name; /* in the parsed text (which outlives the parser), without '%'; not nul-terminated */
    uint32_t length;
    uint32_t number;  /* the #N suffix, 0 if none */
    uint32_t line, column;
    /* A signature argument's `loc(...)` (spvk_ir_parse_optional_arg_location), which the entry
       argument made from this ref gets: the location, or the alias it names when the file defines
       that later (resolved at the end of the parse, as an op's trailing location is). */
    const spvk_ir_attr *loc;
    const char *loc_alias; /* without '#'; not nul-terminated */
    uint32_t loc_alias_length, loc_line, loc_column;
} spvk_ir_operand_ref;
SPVK_API bool spvk_ir_parse_operand(spvk_ir_parser *p, spvk_ir_operand_ref *out);
SPVK_API bool spvk_ir_parse_optional_operand(spvk_ir_parser *p, spvk_ir_operand_ref *out);
SPVK_API spvk_ir_value *spvk_ir_resolve_operand(spvk_ir_parser *p, const spvk_ir_operand_ref *ref, const spvk_ir_type *type);
/* The current token's place, for a later spvk_ir_parser_error_at_operand (only its position is set). */
SPVK_API void spvk_ir_parser_position(spvk_ir_parser *p, spvk_ir_operand_ref *at);
/* Reports an error at an operand parsed before (MLIR points at an operand list's first); false. */
SPVK_API bool spvk_ir_parser_error_at_operand(spvk_ir_parser *p, const spvk_ir_operand_ref *ref, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Building the state of the operation being parsed (storage is the parser's scratch). */
SPVK_API bool spvk_ir_state_add_operand(spvk_ir_parser *p, spvk_ir_op_state *state, spvk_ir_value *value);
SPVK_API bool spvk_ir_state_add_result_type(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_type *type);
SPVK_API bool spvk_ir_state_add_successor(spvk_ir_parser *p, spvk_ir_op_state *state, spvk_ir_block *block);
SPVK_API bool spvk_ir_state_add_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name, const spvk_ir_attr *value);
/* Does the state (or what was added to it so far, an attr-dict's entries included) hold `name`? */
SPVK_API bool spvk_ir_state_has_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name);
/* Its value (NULL: absent): a custom form that reads an attr-dict entry it depends on
   (vector.transfer_read's permutation_map decides its mask type). */
SPVK_API const spvk_ir_attr *spvk_ir_state_get_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name);
/* `attributes`-less `{...}` dictionary merged into the state's attributes, if present. */
SPVK_API bool spvk_ir_parse_optional_attr_dict(spvk_ir_parser *p, spvk_ir_op_state *state);
/* `attributes {...}` (as after a symbol table op's name), if present. */
SPVK_API bool spvk_ir_parse_optional_attr_dict_with_keyword(spvk_ir_parser *p, spvk_ir_op_state *state);
/* A successor `^bb` (block created on first reference). */
SPVK_API bool spvk_ir_parse_successor(spvk_ir_parser *p, spvk_ir_block **out);
/* A region `{ ... }` appended to the state's regions. Entry arguments (from a signature parsed by
   the op, e.g. a function's) are given as refs + types; pass 0 for none. */
SPVK_API bool spvk_ir_parse_region(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *args,
                          const spvk_ir_type *const *arg_types, uint32_t num_args);
SPVK_API bool spvk_ir_parse_optional_region(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *args,
                                   const spvk_ir_type *const *arg_types, uint32_t num_args, bool *parsed);
/* Adds an empty region to the state (an op whose custom form omits an empty region). */
SPVK_API bool spvk_ir_state_add_empty_region(spvk_ir_parser *p, spvk_ir_op_state *state);
/* An optional `loc(...)` trailing location. */
SPVK_API bool spvk_ir_parse_optional_location(spvk_ir_parser *p, const spvk_ir_attr **out);
/* An optional `loc(...)` after a signature's argument `%name: type`, kept in its ref for the entry
   argument spvk_ir_parse_region makes from it. False (and no error) when absent. */
SPVK_API bool spvk_ir_parse_optional_arg_location(spvk_ir_parser *p, spvk_ir_operand_ref *arg);

/* ---- Printer ---- */
SPVK_API spvk_ir_context *spvk_ir_printer_context(spvk_ir_printer *p);
SPVK_API void(spvk_ir_print_text)(spvk_ir_printer *p, const char *s);
SPVK_API void spvk_ir_print_text_n(spvk_ir_printer *p, const char *s, size_t length);
#if defined(__GNUC__)
/* Custom printers print literals at nearly every op: their lengths are known when compiling. */
#define spvk_ir_print_text(p, s)                                                                   \
    (__builtin_constant_p(s) ? spvk_ir_print_text_n((p), (s), __builtin_strlen(s))                \
                             : (spvk_ir_print_text)((p), (s)))
#endif
SPVK_API void spvk_ir_print_int(spvk_ir_printer *p, int64_t value);
SPVK_API void spvk_ir_print_format(spvk_ir_printer *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
SPVK_API void spvk_ir_print_value(spvk_ir_printer *p, const spvk_ir_value *v);          /* %name */
SPVK_API void spvk_ir_print_type_to(spvk_ir_printer *p, const spvk_ir_type *t);
/* For a dialect that prints its nested types itself: true when the printer wrote what stands
   for t (its alias, or nothing while it measures or past a limit); false: print t in full. */
SPVK_API bool spvk_ir_print_type_shared(spvk_ir_printer *p, const spvk_ir_type *t);
SPVK_API void spvk_ir_print_attr_to(spvk_ir_printer *p, const spvk_ir_attr *a);
/* An attribute without its ': type' suffix where the type is implied (42 rather than 42 : i32). */
SPVK_API void spvk_ir_print_attr_without_type(spvk_ir_printer *p, const spvk_ir_attr *a);
SPVK_API void spvk_ir_print_string_literal(spvk_ir_printer *p, const char *s, size_t length);
SPVK_API void spvk_ir_print_symbol_name(spvk_ir_printer *p, const char *name); /* @name, quoted when needed */
/* A name as a bare identifier when it is one, else a string literal (struct names, keywords). */
SPVK_API void spvk_ir_print_identifier(spvk_ir_printer *p, const char *s, size_t length);
/* ` {a = 1, b}` for the op's attributes other than the elided ones; nothing when none are left. */
SPVK_API void spvk_ir_print_attr_dict(spvk_ir_printer *p, const spvk_ir_attr *dict, const char *const *elided, uint32_t num_elided);
SPVK_API void spvk_ir_print_attr_dict_with_keyword(spvk_ir_printer *p, const spvk_ir_attr *dict, const char *const *elided,
                                          uint32_t num_elided);
SPVK_API void spvk_ir_print_successor(spvk_ir_printer *p, const spvk_ir_block *block);  /* ^bb3 */
/* ^bb3(%a, %b : i32, f32) for the operands [first, first+count) of op */
SPVK_API void spvk_ir_print_successor_with_operands(spvk_ir_printer *p, const spvk_ir_block *block, const spvk_ir_op *op,
                                           uint32_t first, uint32_t count);
/* A region in braces. print_entry_args false: the entry block's label and arguments are left out
   (the op printed them, as a function does in its signature). */
SPVK_API void spvk_ir_print_region(spvk_ir_printer *p, const spvk_ir_region *r, bool print_entry_args, bool print_empty_block);
/* The same, leaving out each block's terminator (MLIR's printBlockTerminators = false): a custom
   form whose terminator is implicit (gpu.module's gpu.module_end). */
SPVK_API void spvk_ir_print_region_without_terminators(spvk_ir_printer *p, const spvk_ir_region *r, bool print_entry_args,
                                              bool print_empty_block);
/* Prints a name for a block argument declared by the op itself (function signatures). */
SPVK_API void spvk_ir_print_block_arg(spvk_ir_printer *p, const spvk_ir_value *arg);
/* A new line indented as the op being printed (MLIR's printNewline). */
SPVK_API void spvk_ir_print_newline(spvk_ir_printer *p);
SPVK_API void spvk_ir_print_optional_location(spvk_ir_printer *p, const spvk_ir_attr *loc);



/* ---- Additions by the text parser/printer (src/ir/parser.c, printer.c) ----
   Conventions for the hooks above, as MLIR has them:
   - A custom printer (spvk_ir_op_def.print) is called right after the op name and prints its own
     leading space (" %0, %1 : i32"); the trailing location is printed by the caller.
   - A dialect's parse_type/parse_attr starts on the token after `!dialect.` / `#dialect.` (the
     mnemonic, e.g. `ptr` of `!spirv.ptr<...>`), or on `<` for `!dialect<...>`; its print_type/
     print_attr prints that same part (`ptr<f32, Function>`): the caller printed `!spirv.`.
   - After the first error every parse function fails, so a hook may chain calls with &&. */

/* SPVK_ATTR_OPAQUE flags: how the kept text is printed. */
enum {
    SPVK_OPAQUE_DIALECT = 0, /* #foo.bar<...> of an unregistered dialect: string is "foo.bar<...>" */
    SPVK_OPAQUE_BUILTIN = 1  /* a builtin attribute kept as text: "affine_map<...>", "strided<...>" */
};
/* SPVK_ATTR_LOCATION of kind SPVK_LOC_FUSED: this bit set means the last of attrs is the metadata
   attribute of fused<metadata>[...], not a location. */
enum { SPVK_LOC_FUSED_METADATA = 0x100 };
#define SPVK_LOC_KIND(loc) ((loc)->flags & 0xff)

/* Float attribute values (spvk_ir_attr.number) as the bit pattern of their type and back: exact for
   f16, bf16, tf32, f32 and f64 values; a NaN keeps its payload in the top bits of the fraction. */
SPVK_API uint64_t spvk_ir_float_to_bits(const spvk_ir_type *type, double value);
SPVK_API double spvk_ir_float_from_bits(const spvk_ir_type *type, uint64_t bits);


#ifdef __cplusplus
}
#endif
#endif
