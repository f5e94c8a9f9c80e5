/* spvkit binary: the SPIR-V binary reader (a streaming, zero-copy walk that decodes every operand
   by the grammar) and the writer. */
#ifndef SPVKIT_BINARY_H
#define SPVKIT_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/common.h"
#include "spvkit/grammar.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SPVK_MAGIC 0x07230203u
#define SPVK_HEADER_WORDS 5

typedef struct spvk_header {
    uint32_t magic;
    uint32_t version;   /* SPVK_VERSION(major, minor) */
    uint32_t generator; /* tool id << 16 | tool's own number */
    uint32_t bound;
    uint32_t schema;
} spvk_header;

/* How a literal number operand is to be read. */
typedef enum spvk_number_kind {
    SPVK_NUMBER_NONE = 0,
    SPVK_NUMBER_UNSIGNED,
    SPVK_NUMBER_SIGNED,
    SPVK_NUMBER_FLOAT /* IEEE binary16/32/64 */,
    SPVK_NUMBER_BFLOAT16 /* OpTypeFloat 16 BFloat16KHR */,
    SPVK_NUMBER_OTHER_FLOAT /* an FPEncoding spvkit does not know: printed as raw bits */,
    /* OpTypeFloat's small encodings (SPV_EXT_float8, SPV_EXT_float4/6, MX types), printed and
       read as the newest SPIRV-Tools does (docs/text.md) */
    SPVK_NUMBER_FLOAT8_E4M3, /* Float8E4M3EXT */
    SPVK_NUMBER_FLOAT8_E5M2, /* Float8E5M2EXT */
    SPVK_NUMBER_FLOAT6_E2M3, /* Float6E2M3EXT */
    SPVK_NUMBER_FLOAT6_E3M2, /* Float6E3M2EXT */
    SPVK_NUMBER_FLOAT4_E2M1, /* Float4E2M1EXT */
    SPVK_NUMBER_FLOAT8_E8M0, /* Float8UnsignedE8M0EXT */
    SPVK_NUMBER_MXINT8       /* MXInt8EXT */
} spvk_number_kind;

/* The number kind of literals of OpTypeFloat with an FPEncoding operand. */
static inline spvk_number_kind spvk_number_kind_of_fp_encoding(uint32_t encoding)
{
    switch (encoding) {
    case SPVK_FPENCODING_BFloat16KHR: return SPVK_NUMBER_BFLOAT16;
    case SPVK_FPENCODING_Float8E4M3EXT: return SPVK_NUMBER_FLOAT8_E4M3;
    case SPVK_FPENCODING_Float8E5M2EXT: return SPVK_NUMBER_FLOAT8_E5M2;
    case SPVK_FPENCODING_Float6E2M3EXT: return SPVK_NUMBER_FLOAT6_E2M3;
    case SPVK_FPENCODING_Float6E3M2EXT: return SPVK_NUMBER_FLOAT6_E3M2;
    case SPVK_FPENCODING_Float4E2M1EXT: return SPVK_NUMBER_FLOAT4_E2M1;
    case SPVK_FPENCODING_Float8UnsignedE8M0EXT: return SPVK_NUMBER_FLOAT8_E8M0;
    case SPVK_FPENCODING_MXInt8EXT: return SPVK_NUMBER_MXINT8;
    default: return SPVK_NUMBER_OTHER_FLOAT;
    }
}

/* One decoded operand. offset and num_words locate it inside the instruction's words. */
typedef struct spvk_operand {
    uint16_t offset;
    uint16_t num_words;
    uint16_t kind;        /* enum spvk_operand_kind; pair kinds are split into their halves */
    uint8_t number_kind;  /* spvk_number_kind, for literal numbers */
    uint8_t number_width; /* bits, for literal numbers */
} spvk_operand;

typedef struct spvk_instruction {
    const uint32_t *words;  /* host byte order */
    uint16_t num_words;
    uint16_t opcode;
    uint32_t result_type_id; /* 0 when none */
    uint32_t result_id;      /* 0 when none */
    size_t offset;           /* word offset in the module */
    unsigned ext_inst_set;   /* OpExtInst: the set (spvk_ext_inst_set), SPVK_EXT_INST_SET_NONE if unknown */
    const spvk_instruction_desc *desc;
    const spvk_operand *operands;
    uint16_t num_operands;
} spvk_instruction;

/* Return SPVK_OK to go on; anything else stops the walk and is returned by spvk_parse. */
typedef spvk_result (*spvk_instruction_fn)(void *user, const spvk_header *header, const spvk_instruction *inst);

/* Walks a module given as bytes (either endianness; the size must be a multiple of 4), checking
   the header and decoding each instruction's operands by the grammar, and calls fn for each
   instruction in order. fn may be NULL (validate the encoding only). Errors name the word
   offset and opcode; memory use is proportional to the input, never to the header's bound. */
SPVK_API spvk_result spvk_parse(const void *bytes, size_t size, const spvk_allocator *allocator,
                                spvk_instruction_fn fn, void *user, spvk_diagnostics *diags);
/* The same over words already in host byte order (no copy is made). */
SPVK_API spvk_result spvk_parse_words(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                                      spvk_instruction_fn fn, void *user, spvk_diagnostics *diags);

/* The same walk one instruction at a time, for consumers that stop and resume: a streaming
   translator reads the module-level instructions, then each function when it needs it. The
   reader decodes as spvk_parse does; seeking to an instruction boundary (an offset that an earlier
   instruction had) resumes there, with what earlier instructions defined still known (types,
   extended instruction sets). */
typedef struct spvk_reader spvk_reader;
/* Checks the header; the reader is then at the first instruction. */
SPVK_API spvk_result spvk_reader_create(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                                       spvk_diagnostics *diags, spvk_reader **out);
SPVK_API void spvk_reader_destroy(spvk_reader *reader);
SPVK_API const spvk_header *spvk_reader_header(const spvk_reader *reader);
/* Decodes the next instruction (*inst valid until the next call) and moves past it; *inst is
   NULL at the end of the module. After an error every call returns it again. */
SPVK_API spvk_result spvk_reader_next(spvk_reader *reader, const spvk_instruction **inst);
/* The word offset of the next instruction; seek takes one that the reader has returned. */
SPVK_API size_t spvk_reader_offset(const spvk_reader *reader);
SPVK_API void spvk_reader_seek(spvk_reader *reader, size_t offset);
/* A second reader of the same words, at the same place and knowing what reader knows, reporting
   to diags (NULL: silent); for reading other parts of the module on another thread. */
SPVK_API spvk_result spvk_reader_clone(const spvk_reader *reader, spvk_diagnostics *diags, spvk_reader **out);

/* Reads the five header words of a module given as bytes, in host order whatever the module's
   byte order. Returns false when the bytes are too short or the magic number is wrong; the
   header is not otherwise checked (spvk_parse does that). */
SPVK_API bool spvk_read_header(const void *bytes, size_t size, spvk_header *header);

/* The integer value of a literal number operand of up to 64 bits (sign-extended when signed). */
SPVK_API uint64_t spvk_operand_bits(const spvk_instruction *inst, const spvk_operand *operand);
/* The string of a LiteralString operand (points into the words; nul-terminated by the encoding). */
SPVK_API const char *spvk_operand_string(const spvk_instruction *inst, const spvk_operand *operand);

/* ---- source map ---- */
/* Where each instruction of an assembled module came from: locations[i] gives the word and the
   byte of text where instruction i starts. Filled by spvk_assemble on request and read by the
   validator, which turns a word offset into file:line:col and the source line, and an id into
   the name the text gave it (%in rather than %2). */
typedef struct spvk_source_location {
    size_t text_offset;
    size_t word_offset;
} spvk_source_location;
typedef struct spvk_source_name {
    uint32_t id;
    uint32_t length;    /* of the name, without the '%' */
    size_t text_offset; /* of an occurrence of the name in the text */
} spvk_source_name;
typedef struct spvk_source_map {
    const char *text; /* the assembly text (not owned) */
    size_t length;
    const char *file_name; /* not owned */
    spvk_source_location *locations; /* ascending in both offsets */
    size_t count, capacity;
    spvk_source_name *names; /* ascending ids; only ids the text named (not numbered) */
    size_t num_names, names_capacity;
    const spvk_allocator *allocator;
} spvk_source_map;
SPVK_API void spvk_source_map_free(spvk_source_map *map);
/* The name the text gave id (without '%', not nul-terminated), or NULL. O(log names). */
SPVK_API const char *spvk_source_map_id_name(const spvk_source_map *map, uint32_t id, size_t *length);
/* Finds the instruction at word_offset: its 1-based line and column and the line's text
   (not nul-terminated). Returns false when no instruction starts there. Takes O(log n) to
   find the instruction and O(line) to count lines from the previous call's position, so a
   caller that asks in ascending order pays for one pass over the text. */
typedef struct spvk_source_cursor {
    size_t text_offset; /* where line counting stands */
    uint32_t line;
} spvk_source_cursor;
SPVK_API bool spvk_source_map_locate(const spvk_source_map *map, size_t word_offset, spvk_source_cursor *cursor,
                                     uint32_t *line, uint32_t *column, const char **line_text,
                                     size_t *line_length);

/* ---- writer ---- */

typedef struct spvk_writer {
    uint32_t *words;
    size_t count;
    size_t capacity;
    size_t instruction_start; /* word index of the open instruction, or SIZE_MAX */
    bool failed;              /* an allocation failed; the result is unusable */
    const spvk_allocator *allocator;
} spvk_writer;

SPVK_API void spvk_writer_init(spvk_writer *w, const spvk_allocator *allocator);
SPVK_API void spvk_writer_free(spvk_writer *w);
/* Writes the five header words (the bound may be patched later with spvk_writer_set_bound). */
SPVK_API void spvk_writer_header(spvk_writer *w, uint32_t version, uint32_t generator, uint32_t bound);
SPVK_API void spvk_writer_set_bound(spvk_writer *w, uint32_t bound);
SPVK_API void spvk_writer_begin(spvk_writer *w, uint32_t opcode);
SPVK_API void spvk_writer_word(spvk_writer *w, uint32_t word);
SPVK_API void spvk_writer_words(spvk_writer *w, const uint32_t *words, size_t count);
/* A literal string: UTF-8 bytes, nul-terminated, padded to a word. */
SPVK_API void spvk_writer_string(spvk_writer *w, const char *s, size_t length);
/* Closes the open instruction, writing its word count; fails (returns false) past 65535 words. */
SPVK_API bool spvk_writer_end(spvk_writer *w);
/* Encodes a whole instruction at once. */
SPVK_API void spvk_writer_instruction(spvk_writer *w, uint32_t opcode, const uint32_t *operands, size_t count);

/* Encoding SPIR-V's generator word: spvkit's tool id and version. The registry (spir-v.xml)
   has no entry for spvkit, so it uses an id from the range left unreserved there. */
#define SPVK_GENERATOR_TOOL_ID 0xfffeu
#define SPVK_GENERATOR_WORD ((SPVK_GENERATOR_TOOL_ID << 16) | 1u)

#ifdef __cplusplus
}
#endif
#endif
