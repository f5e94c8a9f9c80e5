/* The assembler: SPIR-V assembly text in SPIRV-Tools' syntax to a module, word for word what
   spirv-as produces (all but the generator word).

   spirv-as's behaviour is the specification here, quirks included, so the structure mirrors
   SPIRV-Tools' text.cpp: an instruction is "OpName operands..." or "%id = OpName operands...",
   tokens are whitespace-separated words (a backslash escapes the next character, double quotes
   keep a string together, ';' starts a comment), and operands are read by the grammar with a
   stack of pending operand descriptions, because an operand can change what follows it: an
   enumerant brings its parameters, a mask the parameters of each set bit in bit order,
   OpExtInst's instruction the extended instruction's operands, OpSpecConstantOp's opcode that
   opcode's operands. Optional and variadic operands end at the next token that starts an
   instruction ("Op" and an uppercase letter, or "%x = Op...") or at the end of the text. The
   literal of OpConstant/OpSpecConstant takes its width and kind from the result type, and
   OpSwitch's case literals from the selector's type, so types, values' types and extended
   instruction imports are remembered per id.

   spvkit accepts a few things spirv-as rejects (numbers for enumerants, masks, extended
   instructions and OpSpecConstantOp opcodes; unknown extended instruction sets, whose operands
   pass through raw; a '+' before a hex float); everything spirv-as accepts assembles the same.

   One pass over the text (with --preserve-numeric-ids, plus a scan of its words for numeric
   names when the first other name needs an id). Names live in an open-addressing hash table
   whose entries point into the text (no per-token allocation; FNV-1a, switching to keyed SipHash
   if probes grow long, so crafted collisions cannot make it quadratic), except canonical decimal
   names ("%123"), which map through an array indexed by value while it stays dense; values'
   types sit in an array indexed by id likewise, and types, imports and sparse ids in a hash
   table keyed by id. Grammar name lookups (binary searches) go through a small per-call cache.
   All memory is proportional to the input, never to id values. The first error stops assembly
   and is recorded with its line, column and source line. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/binary.h"
#include "spvkit/grammar.h"
#include "spvkit/text.h"
#include "../support/support.h"
#include "number_parse.h"

#define MAX_PENDING 512
#define MAX_QUOTE 256 /* bytes of a token quoted in a message */
#define MAX_INSTRUCTION_WORDS 0xffffu

/* Pending-operand kinds beyond the grammar's. */
#define KIND_CIV 0xfff0u /* after a "!<integer>" immediate: a number, string or id */
#define KIND_RAW 0xfff1u /* an operand of an extended instruction from a set the grammar lacks */

/* ext_set values besides a grammar set index. */
#define EXT_NONE 0xffffu
#define EXT_UNKNOWN_NONSEMANTIC 0xfffeu /* "NonSemantic.*": instruction numbers, id operands */
#define EXT_UNKNOWN 0xfffdu             /* any other name: instruction numbers, raw operands */

/* What an id is known to be (id_slot.flags) and a type's class. */
enum { INFO_TYPE = 1, INFO_VALUE = 2, INFO_IMPORT = 4 };
enum { CLASS_OTHER = 0, CLASS_INT = 1, CLASS_FLOAT = 2 };

/* encode_operand results: spirv-as's SPV_FAILED_MATCH (an optional literal that does not parse
   ends the instruction, and the word is then read as the start of the next one) is NO_MATCH. */
enum { ENCODE_OK, ENCODE_NO_MATCH, ENCODE_ERROR };

typedef struct span {
    size_t start, end;
} span;

/* The name table: 8-byte slots (so more of it stays in cache) pointing to entries kept in the
   order names are first seen. Modules mostly use names in the order they first named them
   (OpName lists, then the code), so entries are read nearly sequentially. An entry keeps an
   occurrence of the name in the text and no length: a stored name always ends where its word
   ends (at a delimiter or the end of the text), which is enough to compare it with a candidate
   of known length. */
typedef struct name_slot {
    uint32_t hash;
    uint32_t entry; /* 1 + index into entries; 0 when free */
} name_slot;

typedef struct name_entry {
    const char *name;
    uint32_t id;
} name_entry;

/* A direct-mapped cache of grammar name lookups (opcodes, enumerants, extended instructions),
   which are binary searches with string compares, keyed by the word and what it names. */
#define LOOKUP_CACHE_SIZE 1024
typedef struct lookup_entry {
    const char *key; /* an occurrence of the word in the text */
    uint32_t length;
    uint32_t space; /* what kind of name: an operand kind, LOOKUP_OPCODE or LOOKUP_EXT + set */
    const void *value;
} lookup_entry;
#define LOOKUP_OPCODE 0x10000u
#define LOOKUP_EXT 0x20000u

/* An operand still to read: a grammar kind (or KIND_CIV/KIND_RAW) and its quantifier. */
typedef struct pending_operand {
    uint16_t kind;
    uint8_t quantifier;
} pending_operand;

typedef struct id_slot {
    uint32_t id;
    uint32_t value_type; /* INFO_VALUE: the type of the value */
    uint32_t width;      /* CLASS_INT/CLASS_FLOAT types */
    uint32_t encoding;   /* OpTypeFloat's FPEncoding, when number_kind is SPVK_NUMBER_OTHER_FLOAT */
    uint16_t ext_set;    /* INFO_IMPORT */
    uint8_t used;
    uint8_t flags;
    uint8_t type_class;
    uint8_t number_kind; /* spvk_number_kind of an integer or float type */
} id_slot;

typedef struct assembler {
    const char *text;
    size_t length;
    size_t pos;
    uint32_t version;
    bool preserve;
    const char *file;
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    spvk_source_map *source_map; /* NULL unless the caller asked for one */
    spvk_result result;
    spvk_writer w;

    name_slot *names;
    size_t names_capacity, names_count;
    name_entry *entries;
    size_t entries_capacity;
    bool keyed_names;   /* names are hashed with keyed_hash (after a suspiciously long probe) */
    uint64_t key[2];    /* hash key, from addresses: unpredictable across runs, output-neutral */
    id_slot *ids;
    size_t ids_capacity, ids_count;
    uint64_t *values; /* by id: 1 + the type of a value (0: none), for ids densely used */
    size_t values_capacity, hashed_values, instructions;
    uint32_t next_id, bound;
    /* --preserve-numeric-ids: the ids that numeric names take, as a bitmap up to a limit that
       follows the input's size and a sorted array above it */
    bool collected; /* the numeric names have been collected */
    bool any_preserved;
    size_t distinct_preserved;
    uint8_t *preserved_bits;
    size_t preserved_bytes;
    uint32_t *preserved; /* sorted, unique */
    size_t num_preserved, preserved_capacity;
    /* Without it, canonical decimal names ("%123", the disassembler's raw ids) map to ids through
       an array indexed by their value while it stays dense, instead of the hash table. */
    uint32_t *numeric;
    size_t numeric_capacity, hashed_numeric;

    /* the instruction being assembled */
    size_t inst_start;   /* its first word in w */
    uint32_t opcode;     /* SPVK_NO_OPCODE for one started by "!<integer>" */
    span op;             /* the opcode token */
    span result_name;    /* "%name" before '=', or empty */
    uint32_t result_type;
    unsigned ext_set;
    span operand_tokens[2]; /* OpTypeFloat's operand words, for messages after the fact */
    unsigned num_operand_tokens;
    size_t skip_from, skip_to; /* skip_from's memo */
    size_t scanned_name;   /* where the word starts that starts_instruction last hashed as a name
                              (SIZE_MAX: none), and its name's hash */
    uint32_t scanned_hash;
    lookup_entry lookups[LOOKUP_CACHE_SIZE];
    pending_operand pending[MAX_PENDING];
    size_t num_pending;
} assembler;

/* ---- diagnostics ---- */

static bool fail_at(assembler *a, size_t offset, const char *fmt, ...) SPVK_PRINTF(3, 4);

/* The single failure path: records the error with line, column (1-based, in bytes, as spirv-as
   counts them) and the source line, found by rescanning the text once. */
static bool fail_at(assembler *a, size_t offset, const char *fmt, ...)
{
    if (offset > a->length)
        offset = a->length;
    size_t line_start = 0;
    uint64_t line = 1;
    for (const char *p = a->text, *end = a->text + offset; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) {
        line++;
        line_start = (size_t)(p - a->text) + 1;
    }
    const char *nl = memchr(a->text + line_start, '\n', a->length - line_start);
    size_t line_end = nl ? (size_t)(nl - a->text) : a->length;
    if (line_end > line_start && a->text[line_end - 1] == '\r')
        line_end--;
    uint64_t column = offset - line_start + 1;
    va_list ap;
    va_start(ap, fmt);
    bool ok = spvk_diag_vadd(a->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, a->file,
                             line > UINT32_MAX ? UINT32_MAX : (uint32_t)line,
                             column > UINT32_MAX ? UINT32_MAX : (uint32_t)column, a->text + line_start,
                             line_end - line_start, fmt, ap);
    va_end(ap);
    if (a->result == SPVK_OK)
        a->result = ok ? SPVK_ERROR_INVALID : SPVK_ERROR_OUT_OF_MEMORY;
    return false;
}

static bool out_of_memory(assembler *a)
{
    if (a->result == SPVK_OK)
        a->result = SPVK_ERROR_OUT_OF_MEMORY;
    return false;
}

/* Appends a word; the writer's function only when the buffer must grow. */
static inline void put(assembler *a, uint32_t word)
{
    spvk_writer *w = &a->w;
    if (w->count < w->capacity)
        w->words[w->count++] = word;
    else
        spvk_writer_word(w, word);
}

/* Equal bytes, eight at a time (names are short; a library call costs more). */
static bool bytes_equal(const char *x, const char *y, size_t n)
{
    for (; n >= 8; x += 8, y += 8, n -= 8) {
        uint64_t u, v;
        memcpy(&u, x, 8);
        memcpy(&v, y, 8);
        if (u != v)
            return false;
    }
    while (n--)
        if (*x++ != *y++)
            return false;
    return true;
}

/* A quick hash of a word for the lookup cache: its length, first 4 and last 8 bytes (most names
   are shorter than 12). Collisions only cost a binary search. */
static uint32_t word_hash(const char *s, size_t n)
{
    uint64_t h = (uint64_t)n * 0x9e3779b97f4a7c15ull;
    if (n >= 8) {
        uint64_t tail;
        uint32_t head;
        memcpy(&tail, s + n - 8, 8);
        memcpy(&head, s, 4);
        h ^= tail * 0xc2b2ae3d27d4eb4full ^ head;
    } else {
        for (size_t i = 0; i < n; i++)
            h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(h >> 32);
}

/* The cache entry for a word in a name space; a hit if it holds that word. */
static lookup_entry *lookup_entry_for(assembler *a, const char *s, size_t n, uint32_t space, bool *hit)
{
    uint32_t h = (word_hash(s, n) ^ space) * 0x9e3779b1u;
    lookup_entry *e = &a->lookups[h >> 22];
    *hit = e->key && e->space == space && e->length == n && bytes_equal(e->key, s, n);
    return e;
}

static void remember(lookup_entry *e, const char *s, size_t n, uint32_t space, const void *value)
{
    if (!value || n > UINT32_MAX)
        return;
    e->key = s;
    e->length = (uint32_t)n;
    e->space = space;
    e->value = value;
}

static const spvk_instruction_desc *instruction_by_name(assembler *a, const char *s, size_t n)
{
    bool hit;
    lookup_entry *e = lookup_entry_for(a, s, n, LOOKUP_OPCODE, &hit);
    if (hit)
        return e->value;
    const spvk_instruction_desc *d = spvk_instruction_by_name(s, n);
    remember(e, s, n, LOOKUP_OPCODE, d);
    return d;
}

static const spvk_enumerant_desc *enumerant_by_name(assembler *a, unsigned kind, const char *s, size_t n)
{
    bool hit;
    lookup_entry *e = lookup_entry_for(a, s, n, kind, &hit);
    if (hit)
        return e->value;
    const spvk_enumerant_desc *d = spvk_enumerant_by_name(kind, s, n);
    remember(e, s, n, kind, d);
    return d;
}

static const spvk_ext_instruction_desc *ext_instruction_by_name(assembler *a, unsigned set, const char *s, size_t n)
{
    bool hit;
    lookup_entry *e = lookup_entry_for(a, s, n, LOOKUP_EXT + set, &hit);
    if (hit)
        return e->value;
    const spvk_ext_instruction_desc *d = spvk_ext_instruction_by_name(set, s, n);
    remember(e, s, n, LOOKUP_EXT + set, d);
    return d;
}

/* Quoting a token in a message: its first line, at most MAX_QUOTE bytes, then "..." if cut.
   QUOTE(s) expands to the arguments of "%.*s%s". */
static int quote_length(const assembler *a, span s)
{
    size_t n = 0;
    while (s.start + n < s.end && n < MAX_QUOTE && a->text[s.start + n] != '\n' && a->text[s.start + n] != '\r')
        n++;
    return (int)n;
}

static const char *quote_more(const assembler *a, span s)
{
    return (size_t)quote_length(a, s) < s.end - s.start ? "..." : "";
}

#define QUOTE(s) quote_length(a, (s)), a->text + (s).start, quote_more(a, (s))

/* spvOperandTypeStr's words for an operand kind, used in "Invalid <kind> '...'." */
static const char *kind_description(unsigned kind)
{
    switch (kind) {
    case SPVK_OPERAND_ImageOperands: return "image";
    case SPVK_OPERAND_FPFastMathMode: return "floating-point fast math mode";
    case SPVK_OPERAND_SelectionControl: return "selection control";
    case SPVK_OPERAND_LoopControl: return "loop control";
    case SPVK_OPERAND_FunctionControl: return "function control";
    case SPVK_OPERAND_MemorySemantics: return "memory semantics";
    case SPVK_OPERAND_MemoryAccess: return "memory access";
    case SPVK_OPERAND_KernelProfilingInfo: return "kernel profiling info";
    case SPVK_OPERAND_RayFlags: return "ray flags";
    case SPVK_OPERAND_FragmentShadingRate: return "shading rate";
    case SPVK_OPERAND_RawAccessChainOperands: return "raw access chain operands";
    case SPVK_OPERAND_SourceLanguage: return "source language";
    case SPVK_OPERAND_ExecutionModel: return "execution model";
    case SPVK_OPERAND_AddressingModel: return "addressing model";
    case SPVK_OPERAND_MemoryModel: return "memory model";
    case SPVK_OPERAND_ExecutionMode: return "execution mode";
    case SPVK_OPERAND_StorageClass: return "storage class";
    case SPVK_OPERAND_Dim: return "dimensionality";
    case SPVK_OPERAND_SamplerAddressingMode: return "sampler addressing mode";
    case SPVK_OPERAND_SamplerFilterMode: return "sampler filter mode";
    case SPVK_OPERAND_ImageFormat: return "image format";
    case SPVK_OPERAND_ImageChannelOrder: return "image channel order";
    case SPVK_OPERAND_ImageChannelDataType: return "image channel data type";
    case SPVK_OPERAND_FPRoundingMode: return "floating-point rounding mode";
    case SPVK_OPERAND_FPDenormMode: return "FP denorm mode";
    case SPVK_OPERAND_QuantizationModes: return "quantization mode";
    case SPVK_OPERAND_FPOperationMode: return "FP operation mode";
    case SPVK_OPERAND_OverflowModes: return "overflow mode";
    case SPVK_OPERAND_LinkageType: return "linkage type";
    case SPVK_OPERAND_AccessQualifier: return "access qualifier";
    case SPVK_OPERAND_HostAccessQualifier: return "host access qualifier";
    case SPVK_OPERAND_FunctionParameterAttribute: return "function parameter attribute";
    case SPVK_OPERAND_Decoration: return "decoration";
    case SPVK_OPERAND_BuiltIn: return "built-in";
    case SPVK_OPERAND_Scope: return "scope";
    case SPVK_OPERAND_GroupOperation: return "group operation";
    case SPVK_OPERAND_KernelEnqueueFlags: return "kernel enqeue flags"; /* sic, as spirv-as */
    case SPVK_OPERAND_Capability: return "capability";
    case SPVK_OPERAND_RayQueryIntersection: return "ray query intersection";
    case SPVK_OPERAND_RayQueryCommittedIntersectionType: return "ray query committed intersection type";
    case SPVK_OPERAND_RayQueryCandidateIntersectionType: return "ray query candidate intersection type";
    case SPVK_OPERAND_PackedVectorFormat: return "packed vector format";
    case SPVK_OPERAND_CooperativeMatrixOperands: return "cooperative matrix operands";
    case SPVK_OPERAND_CooperativeMatrixLayout: return "cooperative matrix layout";
    case SPVK_OPERAND_CooperativeMatrixUse: return "cooperative matrix use";
    case SPVK_OPERAND_CooperativeMatrixReduce: return "cooperative matrix reduce";
    case SPVK_OPERAND_TensorClampMode: return "tensor clamp mode";
    case SPVK_OPERAND_TensorAddressingOperands: return "tensor addressing operands";
    case SPVK_OPERAND_InitializationModeQualifier: return "initialization mode qualifier";
    case SPVK_OPERAND_LoadCacheControl: return "load cache control";
    case SPVK_OPERAND_StoreCacheControl: return "store cache control";
    case SPVK_OPERAND_NamedMaximumNumberOfRegisters: return "named maximum number of registers";
    case SPVK_OPERAND_MatrixMultiplyAccumulateOperands: return "matrix multiply accumulate operands";
    case SPVK_OPERAND_FPEncoding: return "FP encoding";
    case SPVK_OPERAND_CooperativeVectorMatrixLayout: return "cooperative vector matrix layout";
    case SPVK_OPERAND_ComponentType: return "component type";
    case SPVK_OPERAND_GatherModes: return "gather modes";
    case SPVK_OPERAND_TensorOperands: return "tensor operands";
    case SPVK_OPERAND_debuginfo_DebugInfoFlags: return "debug info flags";
    case SPVK_OPERAND_debuginfo_DebugBaseTypeAttributeEncoding: return "debug base type encoding";
    case SPVK_OPERAND_debuginfo_DebugCompositeType: return "debug composite type";
    case SPVK_OPERAND_debuginfo_DebugTypeQualifier: return "debug type qualifier";
    case SPVK_OPERAND_debuginfo_DebugOperation: return "debug operation";
    case SPVK_OPERAND_nonsemantic_clspvreflection_KernelPropertyFlags: return "kernel property flags";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugInfoFlags:
        return "NonSemantic.Shader.DebugInfo.100 debug info flags";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_BuildIdentifierFlags:
        return "NonSemantic.Shader.DebugInfo.100 debug build identifier flags";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugBaseTypeAttributeEncoding:
        return "NonSemantic.Shader.DebugInfo.100 debug base type attribute encoding";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugCompositeType:
        return "NonSemantic.Shader.DebugInfo.100 debug composite type";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugTypeQualifier:
        return "NonSemantic.Shader.DebugInfo.100 debug type qualifier";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugOperation:
        return "NonSemantic.Shader.DebugInfo.100 debug operation";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_100_DebugImportedEntity:
        return "NonSemantic.Shader.DebugInfo.100 debug imported entity";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugInfoFlags:
        return "NonSemantic.Shader.DebugInfo debug info flags";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_BuildIdentifierFlags:
        return "NonSemantic.Shader.DebugInfo debug build identifier flags";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugBaseTypeAttributeEncoding:
        return "NonSemantic.Shader.DebugInfo debug base type attribute encoding";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugCompositeType:
        return "NonSemantic.Shader.DebugInfo debug composite type";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugTypeQualifier:
        return "NonSemantic.Shader.DebugInfo debug type qualifier";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugOperation:
        return "NonSemantic.Shader.DebugInfo debug operation";
    case SPVK_OPERAND_nonsemantic_shader_debuginfo_DebugImportedEntity:
        return "NonSemantic.Shader.DebugInfo debug imported entity";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugInfoFlags: return "OpenCL.DebugInfo.100 debug info flags";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugBaseTypeAttributeEncoding:
        return "OpenCL.DebugInfo.100 debug base type encoding";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugCompositeType: return "OpenCL.DebugInfo.100 debug composite type";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugTypeQualifier: return "OpenCL.DebugInfo.100 debug type qualifier";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugOperation: return "OpenCL.DebugInfo.100 debug operation";
    case SPVK_OPERAND_opencl_debuginfo_100_DebugImportedEntity:
        return "OpenCL.DebugInfo.100 debug imported entity";
    default: {
        const spvk_operand_kind_desc *k = spvk_operand_kind(kind);
        return k ? k->name : "operand";
    }
    }
}

/* ---- tokens ---- */

/* [A-Za-z0-9_], the characters of a name (spvIsValidID). */
static const unsigned char id_chars[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
    ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
    ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['_'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1,
    ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1,
    ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

static bool is_id_char(char c) { return id_chars[(unsigned char)c]; }

/* The hash of a name for the name table: FNV-1a, simple and well spread for the names compilers
   write. Names made to collide only lengthen probes until the table switches to its keyed hash. */
static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* Checks that a name is valid ([A-Za-z0-9_]+, spvIsValidID) and hashes it. */
static bool hash_id_name(const char *s, size_t n, uint32_t *hash)
{
    for (size_t i = 0; i < n; i++)
        if (!is_id_char(s[i]))
            return false;
    *hash = name_hash(s, n);
    return n > 0;
}


/* Skips whitespace and ';' comments (to the end of the line), as SPIRV-Tools' advance(). */
static size_t skip_space(const char *t, size_t n, size_t i);

/* skip_space from a word's end, remembering the last answer: starts_instruction looks past an
   id for a '=', and the operand loop then skips the same space again. */
static size_t skip_from(assembler *a, size_t i)
{
    if (i != a->skip_from) {
        a->skip_from = i;
        a->skip_to = skip_space(a->text, a->length, i);
    }
    return a->skip_to;
}

static const unsigned char space_class[256] = {[' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1, [';'] = 2};

static size_t skip_space(const char *t, size_t n, size_t i)
{
    for (;;) {
        /* Disassemblies align with runs of spaces: look at eight bytes at a time. */
        if (n - i >= 8) {
            uint64_t w;
            memcpy(&w, t + i, 8);
            w ^= 0x2020202020202020ull;
            if (w == 0) {
                i += 8;
                continue;
            }
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            i += (size_t)__builtin_ctzll(w) / 8; /* the spaces before the first other byte */
#endif
        }
        unsigned k = i < n ? space_class[(unsigned char)t[i]] : 0;
        if (k == 1) {
            i++;
        } else if (k == 2) {
            const char *nl = memchr(t + i, '\n', n - i);
            if (!nl)
                return n;
            i = (size_t)(nl - t) + 1;
        } else {
            return i;
        }
    }
}

/* Characters that end a word or change how it ends: 1 delimiters, 2 '"' and '\\'. */
static const unsigned char word_class[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [';'] = 1, ['"'] = 2, ['\\'] = 2,
};

/* The end of the word starting at i, as SPIRV-Tools' getWord(): whitespace and ';' end it
   unless escaped by a backslash or inside double quotes. A string that is never closed runs to
   the end of the text. */
static size_t word_end(const char *t, size_t n, size_t i)
{
    bool quoting = false, escaping = false;
    for (;;) {
        if (i < n && !word_class[(unsigned char)t[i]]) {
            escaping = false; /* an ordinary character ends an escape */
            do
                i++;
            while (i < n && !word_class[(unsigned char)t[i]]);
        }
        if (i >= n)
            return n;
        char c = t[i];
        if (c == '\\') {
            escaping = !escaping;
            i++;
            continue;
        }
        if (c == '"') {
            if (!escaping)
                quoting = !quoting;
        } else if (!escaping && !quoting) {
            return i;
        }
        escaping = false;
        i++;
    }
}

static bool starts_with_op(const char *t, size_t n, size_t i)
{
    return n - i >= 3 && t[i] == 'O' && t[i + 1] == 'p' && t[i + 2] >= 'A' && t[i + 2] <= 'Z';
}

/* Does the word at i (a non-space position) start an instruction: an opcode, or "%x = Op...".
   *end gets the end of that word. */
static bool starts_instruction(assembler *a, size_t i, size_t *end)
{
    const char *t = a->text;
    size_t n = a->length;
    if (t[i] != '%') {
        *end = word_end(t, n, i);
        return starts_with_op(t, n, i);
    }
    /* An id, most likely: find its end while checking and hashing its name (as name_hash), for
       id_token to use. */
    size_t j = i + 1;
    uint32_t h = 2166136261u;
    while (j < n && is_id_char(t[j]))
        h = (h ^ (unsigned char)t[j++]) * 16777619u;
    if (j < n && word_class[(unsigned char)t[j]] != 1) {
        *end = word_end(t, n, i); /* not a plain name: quotes or escapes decide where it ends */
    } else {
        *end = j;
        a->scanned_name = i;
        a->scanned_hash = h;
    }
    size_t p = skip_from(a, *end);
    if (p >= n || t[p] != '=' || word_end(t, n, p) != p + 1)
        return false;
    p = skip_space(t, n, p + 1);
    return p < n && starts_with_op(t, n, p);
}

static bool span_is(const assembler *a, span s, const char *str)
{
    size_t len = strlen(str);
    return s.end - s.start == len && memcmp(a->text + s.start, str, len) == 0;
}

/* spvIsValidID: one or more of [A-Za-z0-9_]. */
static bool valid_id_name(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

/* ---- ids ---- */

/* The largest id the preserved bitmap covers: eight per byte of input, so it stays as small as
   the text. */
static uint64_t preserved_bits_limit(const assembler *a) { return (uint64_t)a->length * 8 + 64; }

static bool preserved_contains(const assembler *a, uint32_t id)
{
    if (id < preserved_bits_limit(a))
        return id / 8 < a->preserved_bytes && (a->preserved_bits[id / 8] >> (id % 8) & 1);
    size_t lo = 0, hi = a->num_preserved;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a->preserved[mid] == id)
            return true;
        if (a->preserved[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Is the name a number as spirv-as's ParseNumber reads it (decimal, 0x hex, leading-0 octal)? */
static bool numeric_name(const char *s, size_t n, uint32_t *value)
{
    if (n == 0 || s[0] < '0' || s[0] > '9')
        return false;
    if (s[0] != '0' && n <= 9) {
        /* the common case, short canonical decimal, without the stream emulation */
        uint32_t v = 0;
        size_t i = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            v = v * 10 + (uint32_t)(s[i++] - '0');
        if (i == n) {
            *value = v;
            return true;
        }
    }
    return spvk_parse_uint32(s, n, value);
}

/* A canonical decimal name ("0" or no leading zero), below 2^32: its value names it alone. */
static bool canonical_decimal(const char *s, size_t n, uint32_t *value)
{
    if (n == 0 || n > 10 || s[0] < '0' || s[0] > '9' || (s[0] == '0' && n > 1))
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > UINT32_MAX)
        return false;
    *value = (uint32_t)v;
    return true;
}

static void raise_bound(assembler *a, uint32_t id)
{
    /* bound_ = max(bound_, id + 1) in uint32_t, so id 0xffffffff leaves it alone, as in spirv-as. */
    uint32_t b = id + 1u;
    if (b > a->bound)
        a->bound = b;
}

/* SipHash-1-3 of a name under the assembler's key: what names are hashed with once FNV-1a
   (fast, but easy to flood with colliding names) has produced a long probe sequence. */
static uint64_t rotl64(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

#define SIPROUND                                                                                                       \
    do {                                                                                                               \
        v0 += v1; v1 = rotl64(v1, 13); v1 ^= v0; v0 = rotl64(v0, 32);                                                  \
        v2 += v3; v3 = rotl64(v3, 16); v3 ^= v2;                                                                       \
        v0 += v3; v3 = rotl64(v3, 21); v3 ^= v0;                                                                       \
        v2 += v1; v1 = rotl64(v1, 17); v1 ^= v2; v2 = rotl64(v2, 32);                                                  \
    } while (0)

static uint32_t keyed_hash(const assembler *a, const char *s, size_t n)
{
    uint64_t v0 = a->key[0] ^ 0x736f6d6570736575ull, v1 = a->key[1] ^ 0x646f72616e646f6dull;
    uint64_t v2 = a->key[0] ^ 0x6c7967656e657261ull, v3 = a->key[1] ^ 0x7465646279746573ull;
    uint64_t m;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        m = 0;
        for (unsigned b = 0; b < 8; b++)
            m |= (uint64_t)(unsigned char)s[i + b] << (8 * b);
        v3 ^= m;
        SIPROUND;
        v0 ^= m;
    }
    m = (uint64_t)n << 56;
    for (unsigned b = 0; i + b < n; b++)
        m |= (uint64_t)(unsigned char)s[i + b] << (8 * b);
    v3 ^= m;
    SIPROUND;
    v0 ^= m;
    v2 ^= 0xff;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    return (uint32_t)(v0 ^ v1 ^ v2 ^ v3);
}


/* The length of a stored name: it runs to the end of its word. */
static size_t stored_length(const assembler *a, const char *name)
{
    const char *p = name, *end = a->text + a->length;
    while (p < end && is_id_char(*p))
        p++;
    return (size_t)(p - name);
}

/* Rebuilds the name table with the given capacity, rehashing with the keyed hash if it is on. */
static bool rebuild_names(assembler *a, size_t cap, bool rehash)
{
    name_slot *slots = spvk_alloc(a->allocator, cap * sizeof *slots);
    if (!slots)
        return out_of_memory(a);
    memset(slots, 0, cap * sizeof *slots);
    for (size_t i = 0; i < a->names_capacity; i++) {
        name_slot s = a->names[i];
        if (!s.entry)
            continue;
        if (rehash) {
            const char *name = a->entries[s.entry - 1].name;
            s.hash = keyed_hash(a, name, stored_length(a, name));
        }
        size_t j = s.hash & (cap - 1);
        while (slots[j].entry)
            j = (j + 1) & (cap - 1);
        slots[j] = s;
    }
    spvk_free(a->allocator, a->names, a->names_capacity * sizeof *a->names);
    a->names = slots;
    a->names_capacity = cap;
    return true;
}

/* Does the stored name equal the candidate (a valid name of the given length)? */
static bool same_name(const assembler *a, const char *stored, const char *name, size_t length)
{
    size_t room = (size_t)(a->text + a->length - stored);
    return room >= length && bytes_equal(stored, name, length) && (room == length || !is_id_char(stored[length]));
}

static bool hashed_name_to_id(assembler *a, const char *name, size_t length, uint32_t hash, bool insert, bool *found,
                              uint32_t *id);
static bool collect_numeric_ids(assembler *a);

/* The next free id: with --preserve-numeric-ids, skipping those numeric names take. */
static uint32_t new_id(assembler *a)
{
    uint32_t v = a->next_id++;
    while (a->any_preserved && preserved_contains(a, v))
        v = a->next_id++;
    raise_bound(a, v);
    return v;
}

/* The id for a name (without '%'), as spvNamedIdAssignOrGet: with --preserve-numeric-ids a
   numeric name is its own id; any other name gets the next free id on first sight. */
static bool name_to_id(assembler *a, const char *name, size_t length, uint32_t hash, uint32_t *id)
{
    uint32_t v;
    if (a->preserve) {
        /* A numeric name is its own id. Other names take ids that no numeric name anywhere in
           the text takes, so the first of them needs those collected: a text of numeric names
           only (a raw-id disassembly) never pays for that pass. */
        if (numeric_name(name, length, &v)) {
            raise_bound(a, v);
            *id = v;
            return true;
        }
        if (!a->collected && !collect_numeric_ids(a))
            return false;
    } else if (canonical_decimal(name, length, &v) &&
               (v < a->numeric_capacity || v < 2 * ((uint64_t)a->next_id + a->instructions) + 65536)) {
        if (v >= a->numeric_capacity &&
            !spvk_array_grow(a->allocator, &a->numeric, &a->numeric_capacity, (size_t)v + 1, sizeof *a->numeric, 4096))
            return out_of_memory(a);
        if (a->numeric[v]) {
            *id = a->numeric[v];
            return true;
        }
        /* It may have been seen before the array reached it, and gone to the hash table. */
        if (a->hashed_numeric) {
            bool found;
            if (!hashed_name_to_id(a, name, length, hash, false, &found, id))
                return false;
            if (found) {
                a->numeric[v] = *id;
                return true;
            }
        }
        *id = a->numeric[v] = new_id(a); /* ids start at 1, so 0 means unassigned */
        return true;
    } else if (canonical_decimal(name, length, &v)) {
        a->hashed_numeric++;
    }
    bool found;
    return hashed_name_to_id(a, name, length, hash, true, &found, id);
}

/* The id for a name (without '%') through the hash table, assigning the next free one on first
   sight, as spvNamedIdAssignOrGet. */
static bool hashed_name_to_id(assembler *a, const char *name, size_t length, uint32_t hash, bool insert, bool *found,
                              uint32_t *id)
{
    *found = false;
    if ((a->names_count + 1) * 2 > a->names_capacity &&
        !rebuild_names(a, a->names_capacity ? a->names_capacity * 2 : 1024, false))
        return false;
    if (a->keyed_names)
        hash = keyed_hash(a, name, length);
    size_t mask = a->names_capacity - 1, j = hash & mask;
    for (size_t probes = 0;; j = (j + 1) & mask, probes++) {
        name_slot *s = &a->names[j];
        if (!s->entry)
            break;
        if (probes == 64 && !a->keyed_names) {
            /* Names that collide this much are likely made to: switch to the keyed hash. */
            a->keyed_names = true;
            if (!rebuild_names(a, a->names_capacity, true))
                return false;
            return hashed_name_to_id(a, name, length, hash, insert, found, id);
        }
        name_entry *e = &a->entries[s->entry - 1];
        if (s->hash == hash && same_name(a, e->name, name, length)) {
            /* Point at the latest occurrence, which is likelier to be in cache next time. */
            e->name = name;
            *id = e->id;
            *found = true;
            return true;
        }
    }
    if (!insert)
        return true;
    if (a->names_count == a->entries_capacity) {
        size_t cap = a->entries_capacity ? a->entries_capacity * 2 : 1024;
        name_entry *e = spvk_realloc(a->allocator, a->entries, a->entries_capacity * sizeof *e, cap * sizeof *e);
        if (!e || cap > UINT32_MAX)
            return out_of_memory(a);
        a->entries = e;
        a->entries_capacity = cap;
    }
    name_entry *e = &a->entries[a->names_count++];
    e->name = name;
    e->id = new_id(a);
    a->names[j].hash = hash;
    a->names[j].entry = (uint32_t)a->names_count;
    *id = e->id;
    return true;
}

/* Keyed, so that ids chosen to collide (--preserve-numeric-ids lets the text pick them) cannot be
   found offline. */
static uint32_t id_hash(const assembler *a, uint32_t id) { return spvk_hash_u32(id ^ (uint32_t)a->key[0]); }

static id_slot *find_id(const assembler *a, uint32_t id)
{
    if (!a->ids_capacity)
        return NULL;
    size_t mask = a->ids_capacity - 1;
    for (size_t j = id_hash(a, id) & mask;; j = (j + 1) & mask) {
        id_slot *s = &a->ids[j];
        if (!s->used)
            return NULL;
        if (s->id == id)
            return s;
    }
}

/* The facts slot of an id, created empty if new; NULL when out of memory. */
static id_slot *id_info(assembler *a, uint32_t id)
{
    id_slot *s = find_id(a, id);
    if (s)
        return s;
    if ((a->ids_count + 1) * 2 > a->ids_capacity) {
        size_t cap = a->ids_capacity ? a->ids_capacity * 2 : 256;
        id_slot *slots = spvk_alloc(a->allocator, cap * sizeof *slots);
        if (!slots) {
            out_of_memory(a);
            return NULL;
        }
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < a->ids_capacity; i++) {
            if (!a->ids[i].used)
                continue;
            size_t j = id_hash(a, a->ids[i].id) & (cap - 1);
            while (slots[j].used)
                j = (j + 1) & (cap - 1);
            slots[j] = a->ids[i];
        }
        spvk_free(a->allocator, a->ids, a->ids_capacity * sizeof *a->ids);
        a->ids = slots;
        a->ids_capacity = cap;
    }
    size_t mask = a->ids_capacity - 1, j = id_hash(a, id) & mask;
    while (a->ids[j].used)
        j = (j + 1) & mask;
    s = &a->ids[j];
    memset(s, 0, sizeof *s);
    s->used = 1;
    s->id = id;
    a->ids_count++;
    return s;
}

/* Values' types, which every instruction with a result type records: ids are mostly dense
   (assigned 1, 2, 3, ... or numeric names from a disassembly), so they go in an array indexed by
   id while it stays within about twice the number of distinct ids; any other id goes in the hash
   table. Either way memory follows the input, not the id values. */
static bool value_type(const assembler *a, uint32_t id, uint32_t *type)
{
    if (id < a->values_capacity && a->values[id]) {
        *type = (uint32_t)(a->values[id] - 1);
        return true;
    }
    if (!a->hashed_values)
        return false;
    const id_slot *s = find_id(a, id);
    if (!s || !(s->flags & INFO_VALUE))
        return false;
    *type = s->value_type;
    return true;
}

static bool record_value(assembler *a, uint32_t id, uint32_t type)
{
    uint32_t existing;
    if (value_type(a, id, &existing))
        return true; /* the first definition wins; spirv-as ignores a redefinition */
    /* Dense: below twice a bound on the distinct ids the text can have used so far (names given
       ids, numeric names collected for --preserve-numeric-ids, instructions assembled). */
    if (id >= a->values_capacity &&
        id < 2 * ((uint64_t)a->next_id + a->distinct_preserved + a->instructions) + 4096) {
        if (!spvk_array_grow(a->allocator, &a->values, &a->values_capacity, (size_t)id + 1, sizeof *a->values, 4096))
            return out_of_memory(a);
    }
    if (id < a->values_capacity) {
        a->values[id] = (uint64_t)type + 1;
        return true;
    }
    id_slot *s = id_info(a, id);
    if (!s)
        return false;
    s->flags |= INFO_VALUE;
    s->value_type = type;
    a->hashed_values++;
    return true;
}

static int compare_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

/* --preserve-numeric-ids: spirv-as first assembles the whole text to collect the names that
   parse as numbers (ParseNumber: decimal, 0x hex or leading-0 octal). Every "%..." word is an id
   in a text that assembles, so collecting from the words is the same. */
static bool collect_numeric_ids(assembler *a)
{
    a->collected = true;
    const char *t = a->text;
    size_t n = a->length;
    for (size_t p = skip_space(t, n, 0); p < n;) {
        size_t e = word_end(t, n, p);
        uint32_t v;
        if (t[p] == '%' && valid_id_name(t + p + 1, e - p - 1) && numeric_name(t + p + 1, e - p - 1, &v)) {
            a->any_preserved = true;
            if (v < preserved_bits_limit(a)) {
                if (v / 8 >= a->preserved_bytes) {
                    size_t size = a->preserved_bytes ? a->preserved_bytes : 512;
                    while (size <= v / 8)
                        size *= 2;
                    uint8_t *b = spvk_realloc(a->allocator, a->preserved_bits, a->preserved_bytes, size);
                    if (!b)
                        return out_of_memory(a);
                    memset(b + a->preserved_bytes, 0, size - a->preserved_bytes);
                    a->preserved_bits = b;
                    a->preserved_bytes = size;
                }
                if (!(a->preserved_bits[v / 8] >> (v % 8) & 1))
                    a->distinct_preserved++;
                a->preserved_bits[v / 8] |= (uint8_t)(1u << (v % 8));
            } else {
                if (a->num_preserved == a->preserved_capacity &&
                    !spvk_array_grow(a->allocator, &a->preserved, &a->preserved_capacity, a->num_preserved + 1,
                                     sizeof *a->preserved, 256))
                    return out_of_memory(a);
                a->preserved[a->num_preserved++] = v;
            }
        }
        p = skip_space(t, n, e);
    }
    if (a->num_preserved) {
        qsort(a->preserved, a->num_preserved, sizeof *a->preserved, compare_u32);
        size_t k = 1;
        for (size_t i = 1; i < a->num_preserved; i++)
            if (a->preserved[i] != a->preserved[k - 1])
                a->preserved[k++] = a->preserved[i];
        a->num_preserved = k;
        a->distinct_preserved += k;
    }
    return true;
}

/* ---- emitting ---- */

static size_t inst_words(const assembler *a) { return a->w.count - a->inst_start; }

static bool is_ext_inst(uint32_t opcode)
{
    return opcode == SPVK_OP_ExtInst || opcode == SPVK_OP_ExtInstWithForwardRefsKHR;
}

/* Appends an id word. As in spirv-as, the id that makes an OpExtInst four words long is its set,
   which must be an OpExtInstImport's result; the set decides how the instruction is read. */
static bool emit_id(assembler *a, uint32_t id, span tok)
{
    put(a, id);
    if (is_ext_inst(a->opcode) && inst_words(a) == 4) {
        const id_slot *s = find_id(a, id);
        if (!s || !(s->flags & INFO_IMPORT))
            return fail_at(a, tok.start, "Invalid extended instruction import Id %.*s%s", QUOTE(tok));
        a->ext_set = s->ext_set;
    }
    return true;
}

static bool id_token(assembler *a, span tok, uint32_t *id)
{
    if (a->text[tok.start] != '%')
        return fail_at(a, tok.start, "Expected id to start with %%.");
    span name = {tok.start + 1, tok.end};
    uint32_t hash;
    if (a->scanned_name == tok.start && name.end > name.start) {
        hash = a->scanned_hash; /* starts_instruction validated and hashed it */
    } else if (!hash_id_name(a->text + name.start, name.end - name.start, &hash)) {
        return fail_at(a, tok.start, "Invalid ID %.*s%s", QUOTE(name));
    }
    return name_to_id(a, a->text + name.start, name.end - name.start, hash, id);
}

/* The literal's bytes between the quotes, a backslash taking the next character literally;
   UTF-8 bytes pass through, nul-terminated and padded to a word. */
static void emit_string(assembler *a, span tok)
{
    const char *s = a->text + tok.start + 1;
    size_t n = tok.end - tok.start - 2;
    if (!memchr(s, '\\', n)) {
        spvk_writer_string(&a->w, s, n);
        return;
    }
    uint32_t word = 0;
    unsigned bytes = 0;
    bool escaping = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && !escaping) {
            escaping = true;
            continue;
        }
        escaping = false;
        word |= (uint32_t)(unsigned char)s[i] << (8 * bytes);
        if (++bytes == 4) {
            put(a, word);
            word = 0;
            bytes = 0;
        }
    }
    put(a, word);
}

/* spvTextToLiteral's split between numbers and strings: a word of digits with at most one '.'
   and an optional leading '-' (but not "-" alone) is a number; anything else must be a quoted
   string. */
static bool looks_like_number(const assembler *a, span tok)
{
    bool sign = false;
    int periods = 0;
    for (size_t i = tok.start; i < tok.end; i++) {
        char c = a->text[i];
        if (c >= '0' && c <= '9')
            continue;
        if (c == '.')
            periods++;
        else if (c == '-' && i == tok.start)
            sign = true;
        else
            return false;
    }
    return periods <= 1 && !(sign && tok.end - tok.start == 1);
}

static bool is_quoted(const assembler *a, span tok)
{
    return tok.end - tok.start >= 2 && a->text[tok.start] == '"' && a->text[tok.end - 1] == '"';
}

static bool too_long(assembler *a, size_t offset)
{
    return fail_at(a, offset, "%.*s%s Instruction too long: %zu words, but the limit is %u", QUOTE(a->op),
                   inst_words(a), MAX_INSTRUCTION_WORDS);
}

/* OpExtInstImport's string names the set; remembered for the result id. */
static bool record_import(assembler *a, span tok)
{
    /* The name unescaped; known names are short, and a prefix suffices for the families. */
    char name[256];
    size_t len = 0;
    bool escaping = false;
    for (size_t i = tok.start + 1; i + 1 < tok.end && len < sizeof name; i++) {
        if (a->text[i] == '\\' && !escaping) {
            escaping = true;
            continue;
        }
        escaping = false;
        name[len++] = a->text[i];
    }
    if (inst_words(a) < 2)
        return true;
    id_slot *s = id_info(a, a->w.words[a->inst_start + 1]);
    if (!s)
        return false;
    if (s->flags & INFO_IMPORT)
        return fail_at(a, tok.start, "Import Id is being defined a second time");
    s->flags |= INFO_IMPORT;
    unsigned set = spvk_ext_inst_set_by_import(name, len);
    if (set != SPVK_EXT_INST_SET_NONE)
        s->ext_set = (uint16_t)set;
    else
        s->ext_set = len >= 12 && memcmp(name, "NonSemantic.", 12) == 0 ? EXT_UNKNOWN_NONSEMANTIC : EXT_UNKNOWN;
    return true;
}

static int string_operand(assembler *a, span tok, bool optional)
{
    if (looks_like_number(a, tok)) {
        fail_at(a, tok.start, "Expected literal string, found literal number '%.*s%s'.", QUOTE(tok));
        return ENCODE_ERROR;
    }
    if (!is_quoted(a, tok)) {
        if (optional)
            return ENCODE_NO_MATCH;
        fail_at(a, tok.start, "Invalid literal string '%.*s%s'.", QUOTE(tok));
        return ENCODE_ERROR;
    }
    if (a->opcode == SPVK_OP_ExtInstImport && !record_import(a, tok))
        return ENCODE_ERROR;
    emit_string(a, tok);
    if (inst_words(a) > MAX_INSTRUCTION_WORDS) {
        fail_at(a, tok.start, "Instruction too long: more than %u words.", MAX_INSTRUCTION_WORDS);
        return ENCODE_ERROR;
    }
    return ENCODE_OK;
}

/* Emits a parsed number, or reports why it did not parse. In an optional position a number
   that is merely invalid or out of range is no match (spirv-as's SPV_FAILED_MATCH); a negative
   unsigned or unsupported width is an error wherever it is. */
static int number_operand(assembler *a, span tok, spvk_number_result r, bool optional)
{
    if (r.status == SPVK_NUMBER_STATUS_OK) {
        put(a, (uint32_t)r.bits);
        if (r.width > 32)
            put(a, (uint32_t)(r.bits >> 32));
        return ENCODE_OK;
    }
    if (optional && (r.status == SPVK_NUMBER_STATUS_INVALID || r.status == SPVK_NUMBER_STATUS_OUT_OF_RANGE))
        return ENCODE_NO_MATCH;
    char message[MAX_QUOTE + 128];
    spvk_number_message(message, sizeof message, &r, a->text + tok.start, tok.end - tok.start, MAX_QUOTE);
    fail_at(a, tok.start, "%s", message);
    return ENCODE_ERROR;
}

/* ---- the pending-operand stack ---- */

static bool push(assembler *a, uint16_t kind, uint8_t quantifier)
{
    if (a->num_pending == MAX_PENDING)
        return fail_at(a, a->op.start, "Operands of %.*s%s nest too deeply", QUOTE(a->op));
    a->pending[a->num_pending].kind = kind;
    a->pending[a->num_pending].quantifier = quantifier;
    a->num_pending++;
    return true;
}

/* Pushes operand descriptions so the first is read first. */
static bool push_operands(assembler *a, const spvk_operand_desc *ops, size_t count, bool skip_results)
{
    if (MAX_PENDING - a->num_pending < count)
        return fail_at(a, a->op.start, "Operands of %.*s%s nest too deeply", QUOTE(a->op));
    pending_operand *p = a->pending + a->num_pending;
    for (size_t i = count; i-- > 0;) {
        if (skip_results && (ops[i].kind == SPVK_OPERAND_IdResultType || ops[i].kind == SPVK_OPERAND_IdResult))
            continue;
        p->kind = ops[i].kind;
        p->quantifier = ops[i].quantifier;
        p++;
    }
    a->num_pending = (size_t)(p - a->pending);
    return true;
}

static bool has_result_type(const spvk_instruction_desc *d)
{
    return d->num_operands > 0 && d->operands[0].kind == SPVK_OPERAND_IdResultType;
}

static bool has_result(const spvk_instruction_desc *d)
{
    for (unsigned i = 0; i < d->num_operands && i < 2; i++)
        if (d->operands[i].kind == SPVK_OPERAND_IdResult)
            return true;
    return false;
}

/* ---- operands ---- */

static int id_operand(assembler *a, span tok, unsigned kind)
{
    uint32_t id;
    if (!id_token(a, tok, &id))
        return ENCODE_ERROR;
    if (kind == SPVK_OPERAND_IdResultType)
        a->result_type = id;
    return emit_id(a, id, tok) ? ENCODE_OK : ENCODE_ERROR;
}

/* A value of no known type, after a "!<integer>" immediate (spirv-as's context-independent
   value), or an operand of an instruction from an unknown extended instruction set: a number
   (32-bit float if it has a '.', else a 32-bit integer), a quoted string or an id. */
static int free_operand(assembler *a, span tok, bool raw)
{
    spvk_number_result r = spvk_parse_untyped(a->text + tok.start, tok.end - tok.start);
    if (r.status == SPVK_NUMBER_STATUS_OK)
        return number_operand(a, tok, r, false);
    if (!looks_like_number(a, tok)) {
        if (is_quoted(a, tok))
            return string_operand(a, tok, false);
        uint32_t hash, id;
        if (a->text[tok.start] == '%' && hash_id_name(a->text + tok.start + 1, tok.end - tok.start - 1, &hash)) {
            if (!name_to_id(a, a->text + tok.start + 1, tok.end - tok.start - 1, hash, &id) || !emit_id(a, id, tok))
                return ENCODE_ERROR;
            return ENCODE_OK;
        }
    }
    if (raw)
        fail_at(a, tok.start,
                "Invalid operand '%.*s%s' of an instruction of an unknown extended instruction set: expected a "
                "number, a string or an <id>",
                QUOTE(tok));
    else
        fail_at(a, tok.start, "Invalid word following !<integer>: %.*s%s", QUOTE(tok));
    return ENCODE_ERROR;
}

/* A number where spvkit accepts one in place of a name (enumerants, masks, extended
   instructions, OpSpecConstantOp opcodes): an unsigned 32-bit integer literal. */
static bool number_for_name(const assembler *a, size_t start, size_t end, uint32_t *value)
{
    spvk_number_result r = spvk_parse_integer(a->text + start, end - start, 32, false);
    if (r.status != SPVK_NUMBER_STATUS_OK)
        return false;
    *value = (uint32_t)r.bits;
    return true;
}

static int enum_operand(assembler *a, span tok, unsigned kind, const spvk_operand_kind_desc *k)
{
    const char *t = a->text;
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *e = enumerant_by_name(a, kind, t + tok.start, tok.end - tok.start);
        uint32_t value;
        if (e) {
            value = e->value;
        } else if (number_for_name(a, tok.start, tok.end, &value)) {
            e = spvk_enumerant_by_value(kind, value);
        } else {
            fail_at(a, tok.start, "Invalid %s '%.*s%s'.", kind_description(kind), QUOTE(tok));
            return ENCODE_ERROR;
        }
        put(a, value);
        if (e && !push_operands(a, e->parameters, e->num_parameters, false))
            return ENCODE_ERROR;
        return ENCODE_OK;
    }
    /* A mask: names (or numbers) joined by '|' without spaces. */
    uint32_t value = 0;
    size_t b = tok.start;
    for (;;) {
        const char *bar = memchr(t + b, '|', tok.end - b);
        size_t e = bar ? (size_t)(bar - t) : tok.end;
        const spvk_enumerant_desc *d = enumerant_by_name(a, kind, t + b, e - b);
        uint32_t v;
        if (d) {
            v = d->value;
        } else if (!number_for_name(a, b, e, &v)) {
            fail_at(a, tok.start, "Invalid %s operand '%.*s%s'.", kind_description(kind), QUOTE(tok));
            return ENCODE_ERROR;
        }
        value |= v;
        if (!bar)
            break;
        b = e + 1;
    }
    put(a, value);
    /* Each set bit's parameters follow in increasing bit order: push from the highest bit. */
    for (int bit = 31; bit >= 0; bit--) {
        if (!(value & (1u << bit)))
            continue;
        const spvk_enumerant_desc *d = spvk_enumerant_by_value(kind, 1u << bit);
        if (d && !push_operands(a, d->parameters, d->num_parameters, false))
            return ENCODE_ERROR;
    }
    return ENCODE_OK;
}

/* The literal of OpConstant/OpSpecConstant (typed by the result type) or an OpSwitch case
   (typed by the selector); elsewhere a literal of no known type. */
static int typed_number_operand(assembler *a, span tok, bool optional)
{
    const char *s = a->text + tok.start;
    size_t n = tok.end - tok.start;
    const id_slot *type = NULL;
    if (a->opcode == SPVK_OP_Constant || a->opcode == SPVK_OP_SpecConstant) {
        type = find_id(a, a->result_type);
        if (!type || !(type->flags & INFO_TYPE) || type->type_class == CLASS_OTHER) {
            fail_at(a, tok.start, "Type for %.*s%s must be a scalar floating point or integer type", QUOTE(a->op));
            return ENCODE_ERROR;
        }
    } else if (a->opcode == SPVK_OP_Switch) {
        uint32_t selector_type;
        if (value_type(a, a->w.words[a->inst_start + 1], &selector_type))
            type = find_id(a, selector_type);
        if (!type || !(type->flags & INFO_TYPE) || type->type_class != CLASS_INT) {
            fail_at(a, tok.start,
                    "The selector operand for OpSwitch must be the result of an instruction that generates an "
                    "integer scalar");
            return ENCODE_ERROR;
        }
    } else {
        return number_operand(a, tok, spvk_parse_untyped(s, n), optional);
    }
    if (type->type_class == CLASS_INT)
        return number_operand(a, tok, spvk_parse_integer(s, n, type->width, type->number_kind == SPVK_NUMBER_SIGNED),
                              optional);
    if (type->number_kind >= SPVK_NUMBER_FLOAT8_E4M3 && type->number_kind <= SPVK_NUMBER_MXINT8)
        return number_operand(a, tok, spvk_parse_small_float(s, n, (spvk_number_kind)type->number_kind), optional);
    if (type->number_kind == SPVK_NUMBER_OTHER_FLOAT) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_FPEncoding, type->encoding);
        fail_at(a, tok.start, "Literals of floating-point encoding %s are not supported", e ? e->name : "?");
        return ENCODE_ERROR;
    }
    return number_operand(a, tok, spvk_parse_float(s, n, type->width, type->number_kind == SPVK_NUMBER_BFLOAT16),
                          optional);
}

static bool is_nonsemantic_set(unsigned set)
{
    if (set == EXT_UNKNOWN_NONSEMANTIC)
        return true;
    const spvk_ext_inst_set_desc *d = spvk_ext_inst_set(set);
    return d && strncmp(d->import_name, "NonSemantic.", 12) == 0;
}

/* OpExtInst's instruction: a name of the set (or, in spvkit, its number), whose operands then
   replace the grammar's trailing "IdRef *". */
static int ext_instruction_operand(assembler *a, span tok)
{
    const char *s = a->text + tok.start;
    size_t n = tok.end - tok.start;
    unsigned set = a->ext_set;
    a->num_pending = 0;
    if (set == EXT_UNKNOWN || set == EXT_UNKNOWN_NONSEMANTIC) {
        uint32_t v;
        if (!spvk_parse_decimal_uint32(s, n, &v) && !number_for_name(a, tok.start, tok.end, &v)) {
            fail_at(a, tok.start, "Couldn't translate unknown extended instruction name '%.*s%s' to unsigned integer.",
                    QUOTE(tok));
            return ENCODE_ERROR;
        }
        put(a, v);
        return push(a, set == EXT_UNKNOWN ? KIND_RAW : SPVK_OPERAND_IdRef, SPVK_QUANTIFIER_VARIADIC) ? ENCODE_OK
                                                                                                      : ENCODE_ERROR;
    }
    if (set == EXT_NONE) {
        fail_at(a, tok.start, "Invalid extended instruction name '%.*s%s'.", QUOTE(tok));
        return ENCODE_ERROR;
    }
    const spvk_ext_instruction_desc *e = ext_instruction_by_name(a, set, s, n);
    uint32_t v;
    if (is_nonsemantic_set(set)) {
        /* Non-semantic instructions are known by name, or else a number followed by ids. Later
           versions of a set may add trailing operands: ids, absorbed after the known ones (as
           the newest SPIRV-Tools does). */
        if (e) {
            put(a, e->opcode);
            return push(a, SPVK_OPERAND_IdRef, SPVK_QUANTIFIER_VARIADIC) &&
                           push_operands(a, e->operands, e->num_operands, false)
                       ? ENCODE_OK
                       : ENCODE_ERROR;
        }
        if (!spvk_parse_decimal_uint32(s, n, &v) && !number_for_name(a, tok.start, tok.end, &v)) {
            fail_at(a, tok.start, "Couldn't translate unknown extended instruction name '%.*s%s' to unsigned integer.",
                    QUOTE(tok));
            return ENCODE_ERROR;
        }
        put(a, v);
        return push(a, SPVK_OPERAND_IdRef, SPVK_QUANTIFIER_VARIADIC) ? ENCODE_OK : ENCODE_ERROR;
    }
    if (!e && number_for_name(a, tok.start, tok.end, &v))
        e = spvk_ext_instruction_by_opcode(set, v);
    if (!e) {
        fail_at(a, tok.start, "Invalid extended instruction name '%.*s%s'.", QUOTE(tok));
        return ENCODE_ERROR;
    }
    put(a, e->opcode);
    return push_operands(a, e->operands, e->num_operands, false) ? ENCODE_OK : ENCODE_ERROR;
}

/* OpSpecConstantOp's opcode: an instruction name without "Op" (or its number), followed by that
   instruction's operands after its result type and id. */
static int spec_constant_opcode_operand(assembler *a, span tok)
{
    size_t n = tok.end - tok.start;
    const spvk_instruction_desc *d = NULL;
    char name[128];
    if (n + 2 < sizeof name) {
        name[0] = 'O';
        name[1] = 'p';
        memcpy(name + 2, a->text + tok.start, n);
        d = spvk_instruction_by_name(name, n + 2);
    }
    uint32_t v;
    if (!d && number_for_name(a, tok.start, tok.end, &v))
        d = spvk_instruction_by_opcode(v);
    if (!d || spvk_spec_constant_opcode(d->opcode) == SPVK_SPEC_OPCODE_NOT_ALLOWED) {
        fail_at(a, tok.start, "Invalid OpSpecConstantOp opcode '%.*s%s'.", QUOTE(tok));
        return ENCODE_ERROR;
    }
    put(a, d->opcode);
    a->num_pending = 0;
    return push_operands(a, d->operands, d->num_operands, true) ? ENCODE_OK : ENCODE_ERROR;
}

static int encode_operand(assembler *a, pending_operand d, span tok, bool optional)
{
    switch (d.kind) {
    case SPVK_OPERAND_IdRef:
    case SPVK_OPERAND_IdResultType:
    case SPVK_OPERAND_IdResult:
    case SPVK_OPERAND_IdMemorySemantics:
    case SPVK_OPERAND_IdScope:
        return id_operand(a, tok, d.kind);
    case KIND_CIV:
        return free_operand(a, tok, false);
    case KIND_RAW:
        return free_operand(a, tok, true);
    case SPVK_OPERAND_LiteralInteger:
        return number_operand(a, tok, spvk_parse_integer(a->text + tok.start, tok.end - tok.start, 32, false),
                              optional);
    case SPVK_OPERAND_LiteralFloat:
        return number_operand(a, tok, spvk_parse_float(a->text + tok.start, tok.end - tok.start, 32, false),
                              optional);
    case SPVK_OPERAND_LiteralString:
        return string_operand(a, tok, optional);
    case SPVK_OPERAND_LiteralContextDependentNumber:
        return typed_number_operand(a, tok, optional);
    case SPVK_OPERAND_LiteralExtInstInteger:
        return ext_instruction_operand(a, tok);
    case SPVK_OPERAND_LiteralSpecConstantOpInteger:
        return spec_constant_opcode_operand(a, tok);
    default:
        break;
    }
    const spvk_operand_kind_desc *k = spvk_operand_kind(d.kind);
    if (k && (k->category == SPVK_CATEGORY_VALUEENUM || k->category == SPVK_CATEGORY_BITENUM))
        return enum_operand(a, tok, d.kind, k);
    if (k && k->category == SPVK_CATEGORY_ID)
        return id_operand(a, tok, d.kind);
    /* any other literal kind is one unsigned word */
    return number_operand(a, tok, spvk_parse_integer(a->text + tok.start, tok.end - tok.start, 32, false), optional);
}

/* "!<integer>" in an operand position: the word as is, and from then on (as spirv-as's
   spvAlternatePatternFollowingImmediate) every operand is a context-independent value, the
   result id still going where the grammar puts it. */
static bool immediate_operand(assembler *a, span tok)
{
    uint32_t v;
    span digits = {tok.start + 1, tok.end};
    if (!spvk_parse_uint32(a->text + digits.start, digits.end - digits.start, &v))
        return fail_at(a, tok.start, "Invalid immediate integer: !%.*s%s", QUOTE(digits));
    put(a, v);
    bool result_pending = false;
    for (size_t i = 0; i < a->num_pending; i++)
        result_pending |= a->pending[i].kind == SPVK_OPERAND_IdResult;
    a->num_pending = 0;
    if (!push(a, KIND_CIV, SPVK_QUANTIFIER_VARIADIC))
        return false;
    return !result_pending || push(a, SPVK_OPERAND_IdResult, SPVK_QUANTIFIER_ONE);
}

/* ---- instructions ---- */

static bool generates_type(uint32_t opcode)
{
    /* SPIRV-Tools' spvOpcodeGeneratesType (OpTypeForwardPointer declares, not generates). */
    switch (opcode) {
    case SPVK_OP_TypeVoid: case SPVK_OP_TypeBool: case SPVK_OP_TypeInt: case SPVK_OP_TypeFloat:
    case SPVK_OP_TypeVector: case SPVK_OP_TypeMatrix: case SPVK_OP_TypeImage: case SPVK_OP_TypeSampler:
    case SPVK_OP_TypeSampledImage: case SPVK_OP_TypeArray: case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeStruct: case SPVK_OP_TypeOpaque: case SPVK_OP_TypePointer: case SPVK_OP_TypeFunction:
    case SPVK_OP_TypeEvent: case SPVK_OP_TypeDeviceEvent: case SPVK_OP_TypeReserveId: case SPVK_OP_TypeQueue:
    case SPVK_OP_TypePipe: case SPVK_OP_TypePipeStorage: case SPVK_OP_TypeNamedBarrier:
    case SPVK_OP_TypeAccelerationStructureNV: case SPVK_OP_TypeCooperativeMatrixNV:
    case SPVK_OP_TypeCooperativeMatrixKHR: case SPVK_OP_TypeVectorIdEXT: case SPVK_OP_TypeRayQueryKHR:
    case SPVK_OP_TypeHitObjectNV: case SPVK_OP_TypeHitObjectEXT: case SPVK_OP_TypeUntypedPointerKHR:
    case SPVK_OP_TypeNodePayloadArrayAMDX: case SPVK_OP_TypeTensorLayoutNV: case SPVK_OP_TypeTensorViewNV:
    case SPVK_OP_TypeTensorARM: case SPVK_OP_TypeTaskSequenceINTEL: case SPVK_OP_TypeGraphARM:
    case SPVK_OP_TypeBufferEXT:
        return true;
    default:
        return false;
    }
}

/* The width an FPEncoding requires, or 0 when any goes. */
static uint32_t encoding_width(uint32_t encoding)
{
    switch (encoding) {
    case SPVK_FPENCODING_BFloat16KHR: return 16;
    case SPVK_FPENCODING_Float8E4M3EXT:
    case SPVK_FPENCODING_Float8E5M2EXT:
    case SPVK_FPENCODING_Float8UnsignedE8M0EXT:
    case SPVK_FPENCODING_MXInt8EXT: return 8;
    case SPVK_FPENCODING_Float6E2M3EXT:
    case SPVK_FPENCODING_Float6E3M2EXT: return 6;
    case SPVK_FPENCODING_Float4E2M1EXT: return 4;
    default: return 0;
    }
}

static span operand_token(const assembler *a, unsigned i)
{
    return i < a->num_operand_tokens ? a->operand_tokens[i] : a->op;
}

/* After an instruction: what it defines that later literals depend on (as spirv-as's
   recordTypeDefinition and recordTypeIdForValue). */
static bool record_definitions(assembler *a, const spvk_instruction_desc *desc)
{
    const uint32_t *w = a->w.words + a->inst_start;
    size_t n = inst_words(a);
    a->instructions++;
    if (generates_type(a->opcode)) {
        span where = a->result_name.end ? a->result_name : a->op;
        id_slot *s = id_info(a, w[1]);
        if (!s)
            return false;
        if (s->flags & INFO_TYPE)
            return fail_at(a, where.start, "Value %u has already been used to generate a type", w[1]);
        s->flags |= INFO_TYPE;
        s->type_class = CLASS_OTHER;
        if (a->opcode == SPVK_OP_TypeInt) {
            if (n != 4)
                return fail_at(a, a->op.start, "Invalid OpTypeInt instruction");
            s->type_class = CLASS_INT;
            s->width = w[2];
            s->number_kind = w[3] ? SPVK_NUMBER_SIGNED : SPVK_NUMBER_UNSIGNED;
        } else if (a->opcode == SPVK_OP_TypeFloat) {
            if (n != 3 && n != 4)
                return fail_at(a, a->op.start, "Invalid OpTypeFloat instruction");
            s->type_class = CLASS_FLOAT;
            s->width = w[2];
            s->number_kind = SPVK_NUMBER_FLOAT;
            if (n == 4) {
                const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_FPEncoding, w[3]);
                if (!e)
                    return fail_at(a, operand_token(a, 1).start, "Invalid OpTypeFloat encoding");
                uint32_t expected = encoding_width(w[3]);
                if (expected && expected != w[2])
                    return fail_at(a, operand_token(a, 0).start,
                                   "Invalid bit width %u for floating point encoding %s; expected %u", w[2], e->name,
                                   expected);
                s->number_kind = (uint8_t)spvk_number_kind_of_fp_encoding(w[3]);
                s->encoding = w[3];
            }
        }
    } else if (has_result_type(desc) && n >= 3) {
        /* The first definition wins; spirv-as ignores a redefinition here. */
        return record_value(a, w[2], w[1]);
    }
    return true;
}

/* Is the opcode available in the target version (or through an extension or capability), as
   spirv-as's opcode lookup requires. */
static bool available(const assembler *a, const spvk_instruction_desc *d)
{
    return (a->version >= d->min_version && a->version <= d->last_version) || d->num_extensions ||
           d->num_capabilities;
}

/* Records where the instruction about to be written came from. */
static bool note_source(assembler *a, size_t text_offset)
{
    spvk_source_map *m = a->source_map;
    if (!m)
        return true;
    if (m->count == m->capacity &&
        !spvk_array_grow(a->allocator, &m->locations, &m->capacity, m->count + 1, sizeof *m->locations, 256))
        return out_of_memory(a);
    m->locations[m->count++] = (spvk_source_location){.text_offset = text_offset, .word_offset = a->w.count};
    return true;
}

static int by_id(const void *x, const void *y)
{
    uint32_t a = ((const spvk_source_name *)x)->id, b = ((const spvk_source_name *)y)->id;
    return a < b ? -1 : a > b;
}

/* Hands the name table to the source map, so that diagnostics about the module can say %in where
   the text said %in. Names are handed out ids in the order they are first seen, so the entries
   are almost always ascending already; sorting is the fallback. */
static bool note_source_names(assembler *a)
{
    spvk_source_map *m = a->source_map;
    if (!m || !a->names_count)
        return true;
    m->names = spvk_alloc(a->allocator, a->names_count * sizeof *m->names);
    if (!m->names)
        return out_of_memory(a);
    m->names_capacity = m->num_names = a->names_count;
    bool ascending = true;
    for (size_t k = 0; k < a->names_count; k++) {
        const name_entry *e = &a->entries[k];
        size_t start = (size_t)(e->name - a->text), end = start;
        while (end < a->length && is_id_char(a->text[end]))
            end++;
        m->names[k] = (spvk_source_name){.id = e->id, .length = (uint32_t)(end - start), .text_offset = start};
        ascending = ascending && (k == 0 || m->names[k - 1].id < e->id);
    }
    if (!ascending)
        qsort(m->names, m->num_names, sizeof *m->names, by_id);
    return true;
}

/* An instruction started by "!<integer>": the word as is (it includes the word count, which is
   not recomputed), then context-independent values up to the next instruction. */
static bool immediate_instruction(assembler *a)
{
    const char *t = a->text;
    size_t n = a->length;
    span first = {a->pos, word_end(t, n, a->pos)};
    span digits = {first.start + 1, first.end};
    uint32_t v;
    if (!spvk_parse_uint32(t + digits.start, digits.end - digits.start, &v))
        return fail_at(a, first.start, "Invalid immediate integer: !%.*s%s", QUOTE(digits));
    a->opcode = SPVK_NO_OPCODE;
    if (!note_source(a, first.start))
        return false;
    a->inst_start = a->w.count;
    put(a, v);
    a->pos = first.end;
    for (;;) {
        size_t p = skip_space(t, n, a->pos);
        span tok;
        if (p >= n || starts_instruction(a, p, &tok.end))
            return true;
        tok.start = p;
        if (span_is(a, tok, "="))
            return fail_at(a, p, "%.*s%s not allowed before =.", QUOTE(first));
        if (t[p] == '!') {
            span d2 = {p + 1, tok.end};
            if (!spvk_parse_uint32(t + d2.start, d2.end - d2.start, &v))
                return fail_at(a, p, "Invalid immediate integer: !%.*s%s", QUOTE(d2));
            put(a, v);
        } else if (free_operand(a, tok, false) != ENCODE_OK) {
            return false;
        }
        a->pos = tok.end;
    }
}

static bool instruction(assembler *a)
{
    const char *t = a->text;
    size_t n = a->length;
    size_t p = a->pos;
    if (t[p] == '!')
        return immediate_instruction(a);
    span first = {p, word_end(t, n, p)};
    span op = first;
    a->result_name.start = a->result_name.end = 0;
    if (!starts_with_op(t, n, p)) {
        if (t[p] != '%')
            return fail_at(a, p, "Expected <opcode> or <result-id> at the beginning of an instruction, found '%.*s%s'.",
                           QUOTE(first));
        a->result_name = first;
        p = skip_space(t, n, first.end);
        if (p >= n)
            return fail_at(a, p, "Expected '=', found end of stream.");
        span eq = {p, word_end(t, n, p)};
        if (!span_is(a, eq, "="))
            return fail_at(a, p, "'=' expected after result id but found '%.*s%s'.", QUOTE(eq));
        p = skip_space(t, n, eq.end);
        if (p >= n)
            return fail_at(a, p, "Expected opcode, found end of stream.");
        op.start = p;
        op.end = word_end(t, n, p);
        if (!starts_with_op(t, n, p))
            return fail_at(a, p, "Invalid Opcode prefix '%.*s%s'.", QUOTE(op));
    }
    a->op = op;
    const spvk_instruction_desc *desc = instruction_by_name(a, t + op.start, op.end - op.start);
    if (!desc || !available(a, desc))
        return fail_at(a, op.start, "Invalid Opcode name '%.*s%s'", QUOTE(op));
    bool named = a->result_name.end != 0;
    if (has_result(desc) && !named)
        return fail_at(a, op.start, "Expected <result-id> at the beginning of an instruction, found '%.*s%s'.",
                       QUOTE(first));
    if (!has_result(desc) && named)
        return fail_at(a, op.start, "Cannot set ID %.*s%s because %.*s%s does not produce a result ID.",
                       QUOTE(a->result_name), QUOTE(op));

    a->opcode = desc->opcode;
    a->result_type = 0;
    a->ext_set = EXT_NONE;
    a->num_operand_tokens = 0;
    a->num_pending = 0;
    a->pos = op.end;
    if (!note_source(a, first.start))
        return false;
    a->inst_start = a->w.count;
    spvk_writer_begin(&a->w, desc->opcode);
    if (!push_operands(a, desc->operands, desc->num_operands, false))
        return false;
    bool matched = true;
    while (a->num_pending) {
        pending_operand d = a->pending[--a->num_pending];
        if (d.kind == SPVK_OPERAND_IdResult && named) {
            /* The result id was read before the opcode; it goes where the grammar puts it. */
            uint32_t id;
            if (!id_token(a, a->result_name, &id) || !emit_id(a, id, a->result_name))
                return false;
            continue;
        }
        if (d.kind == SPVK_OPERAND_PairLiteralIntegerIdRef || d.kind == SPVK_OPERAND_PairIdRefLiteralInteger ||
            d.kind == SPVK_OPERAND_PairIdRefIdRef) {
            const spvk_operand_kind_desc *k = spvk_operand_kind(d.kind);
            /* Pairs: spirv-as reads OpPhi's (and DebugTypeEnum's) id pairs as a list of ids, and
               the other pairs as an optional first half and a required second half. */
            if (d.quantifier == SPVK_QUANTIFIER_VARIADIC && !push(a, d.kind, d.quantifier))
                return false;
            uint8_t q = d.quantifier == SPVK_QUANTIFIER_ONE ? SPVK_QUANTIFIER_ONE : SPVK_QUANTIFIER_OPTIONAL;
            if (d.kind == SPVK_OPERAND_PairIdRefIdRef && q != SPVK_QUANTIFIER_ONE) {
                if (!push(a, SPVK_OPERAND_IdRef, q))
                    return false;
                continue;
            }
            uint16_t first_kind = k->bases[0];
            if (a->opcode == SPVK_OP_Switch && d.kind == SPVK_OPERAND_PairLiteralIntegerIdRef)
                first_kind = SPVK_OPERAND_LiteralContextDependentNumber;
            if (!push(a, k->bases[1], SPVK_QUANTIFIER_ONE) || !push(a, first_kind, q))
                return false;
            continue;
        }
        bool optional = d.quantifier != SPVK_QUANTIFIER_ONE;
        if (d.quantifier == SPVK_QUANTIFIER_VARIADIC && !push(a, d.kind, d.quantifier))
            return false;
        p = skip_from(a, a->pos);
        if (p >= n) {
            if (optional)
                break;
            return fail_at(a, p, "Expected operand for %.*s%s instruction, but found the end of the stream.",
                           QUOTE(op));
        }
        span tok = {p, p};
        if (starts_instruction(a, p, &tok.end)) {
            if (optional)
                break;
            if (d.kind == SPVK_OPERAND_LiteralSpecConstantOpInteger && starts_with_op(t, n, p))
                return fail_at(a, p, "Invalid %.*s%s opcode '%.*s%s'. Did you mean '%.*s%s'?", QUOTE(op),
                               QUOTE(tok), QUOTE(((span){p + 2, tok.end})));
            return fail_at(a, p, "Expected operand for %.*s%s instruction, but found the next instruction instead.",
                           QUOTE(op));
        }
        if (a->opcode == SPVK_OP_TypeFloat && a->num_operand_tokens < 2)
            a->operand_tokens[a->num_operand_tokens++] = tok;
        if (t[p] == '!') {
            if (!immediate_operand(a, tok))
                return false;
        } else {
            int r = encode_operand(a, d, tok, optional);
            if (r == ENCODE_ERROR)
                return false;
            if (r == ENCODE_NO_MATCH) {
                /* The word is left to start the next instruction, which it cannot: that
                   reports the error, as in spirv-as. */
                matched = false;
                break;
            }
        }
        a->pos = tok.end;
        if (inst_words(a) > MAX_INSTRUCTION_WORDS)
            return too_long(a, tok.start);
    }
    if (!spvk_writer_end(&a->w))
        return a->w.failed ? out_of_memory(a) : too_long(a, op.start);
    return !matched || record_definitions(a, desc);
}

static bool assemble(assembler *a)
{
    spvk_writer_header(&a->w, a->version, SPVK_GENERATOR_WORD, 0);
    a->pos = skip_space(a->text, a->length, 0);
    while (a->pos < a->length) {
        if (!instruction(a))
            return false;
        if (a->w.failed)
            return out_of_memory(a);
        a->pos = skip_space(a->text, a->length, a->pos);
    }
    spvk_writer_set_bound(&a->w, a->bound);
    return !a->w.failed || out_of_memory(a);
}

spvk_result spvk_assemble(const char *text, size_t length, const spvk_assemble_options *options,
                          const spvk_allocator *allocator, uint32_t **words, size_t *count, spvk_diagnostics *diags)
{
    if (!words || !count || (!text && length))
        return SPVK_ERROR_USAGE;
    *words = NULL;
    *count = 0;
    assembler *a = spvk_alloc(allocator, sizeof *a);
    if (!a)
        return SPVK_ERROR_OUT_OF_MEMORY;
    memset(a, 0, offsetof(assembler, pending));
    /* spirv-as stops reading at a nul byte. */
    const char *nul = length ? memchr(text, '\0', length) : NULL;
    a->text = text ? text : "";
    a->length = nul ? (size_t)(nul - text) : length;
    a->version = options && options->version ? options->version : SPVK_VERSION(1, 6);
    a->preserve = options && options->preserve_numeric_ids;
    a->file = options && options->file_name ? options->file_name : "<stdin>";
    a->allocator = allocator;
    a->diags = diags;
    a->source_map = options ? options->source_map : NULL;
    if (a->source_map) {
        spvk_source_map_free(a->source_map);
        a->source_map->text = a->text;
        a->source_map->length = a->length;
        a->source_map->file_name = a->file;
        a->source_map->allocator = allocator;
    }
    a->next_id = 1;
    a->bound = 1;
    a->scanned_name = SIZE_MAX;
    a->skip_from = SIZE_MAX;
    /* Hash keys from addresses (randomized by ASLR): they only affect speed under attack. */
    a->key[0] = (uint64_t)(uintptr_t)a * 0x9e3779b97f4a7c15ull ^ (uint64_t)(uintptr_t)text;
    a->key[1] = (uint64_t)(uintptr_t)&nul * 0xc2b2ae3d27d4eb4full ^ (uint64_t)length;
    spvk_writer_init(&a->w, allocator);

    bool ok = length == 0 ? fail_at(a, 0, "Missing assembly text.") : assemble(a) && note_source_names(a);
    spvk_result result = a->result;
    if (ok) {
        /* Hand over exactly count words, so the caller frees the size it was given. */
        size_t n = a->w.count;
        uint32_t *out = spvk_realloc(allocator, a->w.words, a->w.capacity * sizeof *out, n * sizeof *out);
        if (out) {
            *words = out;
            *count = n;
            a->w.words = NULL;
            a->w.capacity = a->w.count = 0;
        } else {
            result = SPVK_ERROR_OUT_OF_MEMORY;
        }
    }
    spvk_writer_free(&a->w);
    spvk_free(allocator, a->names, a->names_capacity * sizeof *a->names);
    spvk_free(allocator, a->entries, a->entries_capacity * sizeof *a->entries);
    spvk_free(allocator, a->ids, a->ids_capacity * sizeof *a->ids);
    spvk_free(allocator, a->preserved, a->preserved_capacity * sizeof *a->preserved);
    spvk_free(allocator, a->preserved_bits, a->preserved_bytes);
    spvk_free(allocator, a->numeric, a->numeric_capacity * sizeof *a->numeric);
    spvk_free(allocator, a->values, a->values_capacity * sizeof *a->values);
    spvk_free(allocator, a, sizeof *a);
    return result;
}
