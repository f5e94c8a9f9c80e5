/* The SPIR-V binary reader: checks the header, then walks the instructions and decodes every
   operand by the grammar, handing each decoded instruction to a callback.

   Operands are decoded by walking the grammar's operand lists, recursively, because an operand
   can bring more operands with it: an enumerant its parameters (Decoration ArrayStride 16), a
   mask the parameters of each set bit in bit order (ImageOperands Bias|ConstOffset %a %b), a
   pair its two halves. OpExtInst's instruction number and OpSpecConstantOp's opcode instead
   replace the rest of the instruction's list with another list. Literal numbers of OpConstant,
   OpSpecConstant and OpSwitch take their width from a type, so the reader keeps a table of what
   each id is (spvk_id_table, sized by the input and never by the bound). Instructions made only
   of ids and plain literals (most of a module) take a fast path.

   There is one failure path: fail() records the diagnostic with the word offset and opcode and
   the walk returns SPVK_ERROR_INVALID. */
#include <string.h>

#include "spvkit/binary.h"
#include "id_table.h"
#include "../grammar/grammar_internal.h"
#include "../support/support.h"

typedef struct reader {
    const uint32_t *words;
    size_t num_words;
    spvk_header header;
    spvk_id_table ids;
    spvk_diagnostics *diags;
    const spvk_allocator *allocator;
    spvk_result result;

    /* the instruction being decoded */
    size_t offset;
    uint32_t opcode;
    const uint32_t *inst;
    /* 32-bit on purpose: uint16_t fields here could alias the operand records' fields, which
       would make the compiler reload them after every operand written. */
    uint32_t inst_words;
    uint32_t word; /* next word to decode within the instruction */
    uint32_t num_operands;
    bool list_replaced; /* OpExtInst/OpSpecConstantOp decoded the rest of the instruction */
    spvk_instruction out;
    spvk_operand *operands;
    size_t operands_capacity;
} reader;

static spvk_result fail(reader *r, const char *fmt, ...) SPVK_PRINTF(2, 3);

static spvk_result fail(reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!spvk_diag_vadd(r->diags, SPVK_SEVERITY_ERROR, NULL, r->offset, r->opcode, NULL, 0, 0, NULL, 0, fmt, ap))
        r->result = SPVK_ERROR_OUT_OF_MEMORY;
    va_end(ap);
    if (r->result == SPVK_OK)
        r->result = SPVK_ERROR_INVALID;
    return r->result;
}

static spvk_result out_of_memory(reader *r)
{
    r->result = SPVK_ERROR_OUT_OF_MEMORY;
    return r->result;
}

static const char *kind_name(unsigned kind) { return spvk_operand_kinds[kind].name; }

static spvk_result decode_list(reader *r, const spvk_operand_desc *ops, size_t count, bool skip_results);
static spvk_result decode_rest(reader *r, const spvk_operand_desc *ops, size_t count, bool skip_results);

static inline spvk_operand *add_operand(reader *r, uint16_t kind, uint32_t num_words)
{
    /* An instruction has at most one operand per word, so this never outgrows inst_words. */
    spvk_operand *o = &r->operands[r->num_operands++];
    o->offset = (uint16_t)r->word;
    o->num_words = (uint16_t)num_words;
    o->kind = kind;
    o->number_kind = SPVK_NUMBER_NONE;
    o->number_width = 0;
    r->word += num_words;
    return o;
}

static inline spvk_result decode_id(reader *r, uint16_t kind)
{
    uint32_t id = r->inst[r->word];
    if (id == 0)
        return fail(r, "%s operand at word %u is id 0, which is never valid", kind_name(kind), r->word);
    if (id >= r->header.bound)
        return fail(r, "id %u is not below the bound %u", id, r->header.bound);
    if (kind == SPVK_OPERAND_IdResult)
        r->out.result_id = id;
    else if (kind == SPVK_OPERAND_IdResultType)
        r->out.result_type_id = id;
    add_operand(r, kind, 1);
    return SPVK_OK;
}

/* The literal of OpConstant/OpSpecConstant/OpSwitch: its width and kind come from a type. */
static spvk_result decode_typed_number(reader *r)
{
    uint32_t type_id;
    if (r->opcode == SPVK_OP_Switch) {
        const spvk_id_info *sel = spvk_id_table_find(&r->ids, r->inst[1]);
        type_id = sel ? sel->type_id : 0;
        if (!type_id)
            return fail(r, "the type of the selector %%%u is unknown (is it defined before this OpSwitch?)",
                        r->inst[1]);
    } else {
        type_id = r->out.result_type_id;
    }
    const spvk_id_info *t = spvk_id_table_find(&r->ids, type_id);
    if (!t || t->number_kind == SPVK_NUMBER_NONE)
        return fail(r, "type %%%u is not a scalar integer or floating-point type, so the literal cannot be read",
                    type_id);
    uint32_t width = t->number_width;
    if (width > 64)
        return fail(r, "%u-bit literals are not supported (at most 64 bits)", width);
    uint32_t nwords = (width + 31) / 32;
    if (nwords == 0 || nwords > (uint32_t)(r->inst_words - r->word))
        return fail(r, "a %u-bit literal needs %u words but %u remain in the instruction", width, nwords ? nwords : 1,
                    (unsigned)(r->inst_words - r->word));
    spvk_operand *o = add_operand(r, SPVK_OPERAND_LiteralContextDependentNumber, nwords);
    o->number_kind = t->number_kind;
    o->number_width = (uint8_t)(width > 255 ? 255 : width);
    return SPVK_OK;
}

/* The number of words of the string starting at words[0] (its nul included), or 0 when none of
   the count words holds a nul. Strings are short and word-aligned, so a word-at-a-time test for
   a zero byte beats a call to memchr. */
static inline uint32_t string_words(const uint32_t *words, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        uint32_t w = words[i];
        if ((w - 0x01010101u) & ~w & 0x80808080u)
            return i + 1;
    }
    return 0;
}

static spvk_result decode_string(reader *r)
{
    uint32_t n = string_words(r->inst + r->word, r->inst_words - r->word);
    if (!n)
        return fail(r, "literal string at word %u has no terminating nul within the instruction", r->word);
    add_operand(r, SPVK_OPERAND_LiteralString, n);
    return SPVK_OK;
}

static spvk_result decode_ext_inst_number(reader *r)
{
    uint32_t number = r->inst[r->word];
    const spvk_id_info *set = spvk_id_table_find(&r->ids, r->inst[3]);
    spvk_operand *o = add_operand(r, SPVK_OPERAND_LiteralExtInstInteger, 1);
    o->number_kind = SPVK_NUMBER_UNSIGNED;
    o->number_width = 32;
    /* The grammar's trailing "IdRef *" is replaced by the extended instruction's operands. */
    static const spvk_operand_desc raw_words = {SPVK_OPERAND_LiteralInteger, SPVK_QUANTIFIER_VARIADIC, NULL};
    static const spvk_operand_desc ids = {SPVK_OPERAND_IdRef, SPVK_QUANTIFIER_VARIADIC, NULL};
    if (!set || set->ext_set == SPVK_ID_EXT_NONE)
        return fail(r, "set %%%u of OpExtInst is not the result of an OpExtInstImport", r->inst[3]);
    if (set->ext_set == SPVK_ID_EXT_UNKNOWN) {
        /* A set the grammar does not describe: its operands pass through as raw words. */
        r->out.ext_inst_set = SPVK_EXT_INST_SET_NONE;
        return decode_rest(r, &raw_words, 1, false);
    }
    if (set->ext_set == SPVK_ID_EXT_UNKNOWN_NONSEMANTIC) {
        /* Non-semantic instructions take only ids as operands. */
        r->out.ext_inst_set = SPVK_EXT_INST_SET_NONE;
        return decode_rest(r, &ids, 1, false);
    }
    unsigned set_index = set->ext_set - 1u;
    r->out.ext_inst_set = set_index;
    const spvk_ext_instruction_desc *ei = spvk_ext_instruction_by_opcode(set_index, number);
    if (!ei) {
        const char *name = spvk_ext_inst_set(set_index)->import_name;
        if (strncmp(name, "NonSemantic.", 12) != 0)
            return fail(r, "%s has no instruction %u", name, number);
        return decode_rest(r, &ids, 1, false);
    }
    return decode_rest(r, ei->operands, ei->num_operands, false);
}

static spvk_result decode_enum(reader *r, uint16_t kind, const spvk_operand_kind_desc *k)
{
    uint32_t value = r->inst[r->word];
    add_operand(r, kind, 1);
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, value);
        if (!e)
            return fail(r, "%u is not a %s", value, k->name);
        return decode_list(r, e->parameters, e->num_parameters, false);
    }
    /* A mask: the parameters of each set bit follow, in increasing bit order. */
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, b);
        if (!e)
            return fail(r, "bit 0x%x of 0x%x is not a %s", b, value, k->name);
        if (e->num_parameters && decode_list(r, e->parameters, e->num_parameters, false) != SPVK_OK)
            return r->result;
    }
    return SPVK_OK;
}

static spvk_result decode_operand(reader *r, spvk_operand_desc d)
{
    const spvk_operand_kind_desc *k = &spvk_operand_kinds[d.kind];
    switch (k->category) {
    case SPVK_CATEGORY_ID:
        return decode_id(r, d.kind);
    case SPVK_CATEGORY_VALUEENUM:
    case SPVK_CATEGORY_BITENUM:
        return decode_enum(r, d.kind, k);
    case SPVK_CATEGORY_COMPOSITE: {
        /* OpSwitch's (literal, label) pairs: the literal is as wide as the selector. */
        static const spvk_operand_desc label = {SPVK_OPERAND_IdRef, SPVK_QUANTIFIER_ONE, "Target"};
        if (r->opcode == SPVK_OP_Switch && d.kind == SPVK_OPERAND_PairLiteralIntegerIdRef) {
            if (decode_typed_number(r) != SPVK_OK)
                return r->result;
            return decode_list(r, &label, 1, false);
        }
        spvk_operand_desc halves[2] = {{k->bases[0], SPVK_QUANTIFIER_ONE, d.name},
                                       {k->bases[1], SPVK_QUANTIFIER_ONE, d.name}};
        return decode_list(r, halves, 2, false);
    }
    case SPVK_CATEGORY_LITERAL:
        break;
    }
    spvk_operand *o;
    switch (d.kind) {
    case SPVK_OPERAND_LiteralString:
        return decode_string(r);
    case SPVK_OPERAND_LiteralContextDependentNumber:
        return decode_typed_number(r);
    case SPVK_OPERAND_LiteralExtInstInteger:
        return decode_ext_inst_number(r);
    case SPVK_OPERAND_LiteralSpecConstantOpInteger: {
        uint32_t op = r->inst[r->word];
        add_operand(r, d.kind, 1);
        const spvk_instruction_desc *desc = spvk_instruction_by_opcode(op);
        if (!desc)
            return fail(r, "OpSpecConstantOp names opcode %u, which is not an instruction", op);
        if (spvk_spec_constant_opcode(op) == SPVK_SPEC_OPCODE_NOT_ALLOWED)
            return fail(r, "OpSpecConstantOp names %s, which is not an opcode it allows", desc->name);
        return decode_rest(r, desc->operands, desc->num_operands, true);
    }
    case SPVK_OPERAND_LiteralFloat:
        o = add_operand(r, d.kind, 1);
        o->number_kind = SPVK_NUMBER_FLOAT;
        o->number_width = 32;
        return SPVK_OK;
    default: /* LiteralInteger and any other one-word literal */
        o = add_operand(r, d.kind, 1);
        o->number_kind = SPVK_NUMBER_UNSIGNED;
        o->number_width = 32;
        return SPVK_OK;
    }
}

/* Decodes the operands an operand list describes, while words remain: a missing operand is an
   error only when the list requires it; a variadic one repeats until the words run out. */
static spvk_result decode_list(reader *r, const spvk_operand_desc *ops, size_t count, bool skip_results)
{
    for (size_t i = 0; i < count && !r->list_replaced; i++) {
        spvk_operand_desc d = ops[i];
        if (skip_results && (d.kind == SPVK_OPERAND_IdResultType || d.kind == SPVK_OPERAND_IdResult))
            continue;
        if (r->word >= r->inst_words) {
            if (d.quantifier == SPVK_QUANTIFIER_ONE)
                return fail(r, "missing operand: expected %s%s%s after %u words", kind_name(d.kind),
                            d.name ? " " : "", d.name ? d.name : "", r->inst_words);
            return SPVK_OK;
        }
        do {
            spvk_result res = spvk_operand_kind_categories[d.kind] == SPVK_CATEGORY_ID ? decode_id(r, d.kind)
                                                                                      : decode_operand(r, d);
            if (res != SPVK_OK)
                return res;
        } while (d.quantifier == SPVK_QUANTIFIER_VARIADIC && r->word < r->inst_words && !r->list_replaced);
    }
    return SPVK_OK;
}

/* OpExtInst and OpSpecConstantOp: the rest of the instruction follows another list. */
static spvk_result decode_rest(reader *r, const spvk_operand_desc *ops, size_t count, bool skip_results)
{
    spvk_result res = decode_list(r, ops, count, skip_results);
    r->list_replaced = true;
    return res;
}

/* The fast path for instructions made only of ids, LiteralIntegers, LiteralStrings and
   enumerants (most of a module): the loop keeps its state in locals and writes each operand
   record at once. */
static spvk_result decode_simple(reader *r, const spvk_instruction_desc *desc)
{
    const uint32_t *inst = r->inst;
    const uint32_t n = r->inst_words, bound = r->header.bound;
    const unsigned num_ops = desc->num_operands; /* a local: operand stores may alias uint8_t fields */
    uint32_t word = 1, count = 0;
    spvk_operand *out = r->operands;
    for (unsigned i = 0; i < num_ops; i++) {
        const spvk_operand_desc *d = &desc->operands[i];
        if (word >= n) {
            if (d->quantifier == SPVK_QUANTIFIER_ONE) {
                r->word = word;
                return fail(r, "missing operand: expected %s%s%s after %u words", kind_name(d->kind),
                            d->name ? " " : "", d->name ? d->name : "", n);
            }
            break;
        }
        do {
            spvk_operand o = {(uint16_t)word, 1, d->kind, SPVK_NUMBER_NONE, 0};
            if (d->kind == SPVK_OPERAND_LiteralInteger) {
                o.number_kind = SPVK_NUMBER_UNSIGNED;
                o.number_width = 32;
            } else if (d->kind == SPVK_OPERAND_LiteralString) {
                uint32_t length = string_words(inst + word, n - word);
                if (!length) {
                    r->word = word;
                    return fail(r, "literal string at word %u has no terminating nul within the instruction", word);
                }
                o.num_words = (uint16_t)length;
            } else if (spvk_operand_kind_categories[d->kind] != SPVK_CATEGORY_ID) {
                /* An enumerant, perhaps with parameters: the general decoder, then carry on. */
                r->word = word;
                r->num_operands = count;
                if (decode_enum(r, d->kind, &spvk_operand_kinds[d->kind]) != SPVK_OK)
                    return r->result;
                word = r->word;
                count = r->num_operands;
                continue;
            } else {
                uint32_t id = inst[word];
                if (id == 0 || id >= bound) {
                    r->word = word;
                    r->num_operands = count;
                    return decode_id(r, d->kind); /* reports the error */
                }
                if (d->kind == SPVK_OPERAND_IdResult)
                    r->out.result_id = id;
                else if (d->kind == SPVK_OPERAND_IdResultType)
                    r->out.result_type_id = id;
            }
            out[count++] = o;
            word += o.num_words;
        } while (d->quantifier == SPVK_QUANTIFIER_VARIADIC && word < n);
    }
    r->word = word;
    r->num_operands = count;
    return SPVK_OK;
}

/* Remembers what the instruction defines that later instructions' decoding depends on. */
static spvk_result record_definitions(reader *r)
{
    const uint32_t *w = r->inst;
    if (r->out.result_id && (r->out.result_type_id || r->opcode == SPVK_OP_TypeInt ||
                             r->opcode == SPVK_OP_TypeFloat || r->opcode == SPVK_OP_ExtInstImport)) {
        spvk_id_info *info = spvk_id_table_at(&r->ids, r->out.result_id);
        if (!info)
            return out_of_memory(r);
        info->type_id = r->out.result_type_id;
        switch (r->opcode) {
        case SPVK_OP_TypeInt:
            info->number_kind = w[3] ? SPVK_NUMBER_SIGNED : SPVK_NUMBER_UNSIGNED;
            info->number_width = (uint16_t)(w[2] > 0xffff ? 0xffff : w[2]);
            break;
        case SPVK_OP_TypeFloat:
            if (r->inst_words > 3)
                info->number_kind = (uint8_t)spvk_number_kind_of_fp_encoding(w[3]);
            else
                info->number_kind = SPVK_NUMBER_FLOAT;
            info->number_width = (uint16_t)(w[2] > 0xffff ? 0xffff : w[2]);
            break;
        case SPVK_OP_ExtInstImport: {
            const char *name = (const char *)(w + 2);
            size_t len = strlen(name); /* the operand was checked to be nul-terminated */
            unsigned set = spvk_ext_inst_set_by_import(name, len);
            if (set != SPVK_EXT_INST_SET_NONE)
                info->ext_set = (uint8_t)(set + 1);
            else
                info->ext_set = strncmp(name, "NonSemantic.", 12) == 0 ? SPVK_ID_EXT_UNKNOWN_NONSEMANTIC
                                                                       : SPVK_ID_EXT_UNKNOWN;
            break;
        }
        default:
            break;
        }
    }
    return SPVK_OK;
}

static spvk_result decode_instruction(reader *r)
{
    if (r->opcode > SPVK_MAX_OPCODE || spvk_instruction_by_opcode_table[r->opcode] == 0xffff)
        return fail(r, "unknown opcode %u", r->opcode);
    const spvk_instruction_desc *desc = &spvk_instructions[spvk_instruction_by_opcode_table[r->opcode]];
    r->out.desc = desc;
    r->out.result_id = r->out.result_type_id = 0;
    r->out.ext_inst_set = SPVK_EXT_INST_SET_NONE;
    r->num_operands = 0;
    r->word = 1;
    r->list_replaced = false;
    spvk_result res = desc->simple_operands ? decode_simple(r, desc)
                                            : decode_list(r, desc->operands, desc->num_operands, false);
    if (res != SPVK_OK)
        return res;
    if (r->word < r->inst_words)
        return fail(r, "%u extra words after the last operand of %s (word count %u)", r->inst_words - r->word,
                    desc->name, r->inst_words);
    return record_definitions(r);
}

static spvk_result check_header(reader *r)
{
    r->offset = 0;
    r->opcode = SPVK_NO_OPCODE;
    if (r->num_words < SPVK_HEADER_WORDS)
        return fail(r, "truncated header: %zu words, a module needs at least 5", r->num_words);
    const uint32_t *w = r->words;
    r->header.magic = w[0];
    r->header.version = w[1];
    r->header.generator = w[2];
    r->header.bound = w[3];
    r->header.schema = w[4];
    if (w[0] != SPVK_MAGIC)
        return fail(r, "bad magic number 0x%08x (expected 0x07230203)", w[0]);
    uint32_t major = (w[1] >> 16) & 0xff, minor = (w[1] >> 8) & 0xff;
    if ((w[1] & 0xff0000ffu) != 0 || major != 1 || minor > 6) {
        r->offset = 1;
        return fail(r, "version word 0x%08x is not SPIR-V 1.0 to 1.6", w[1]);
    }
    if (w[4] != 0) {
        r->offset = 4;
        return fail(r, "schema %u is not 0", w[4]);
    }
    return SPVK_OK;
}

/* Decodes the instruction at r->offset into r->out; *done when the module has no more. */
static spvk_result next_instruction(reader *r, bool *done)
{
    size_t i = r->offset;
    *done = i >= r->num_words;
    if (*done)
        return SPVK_OK;
    uint32_t first = r->words[i];
    uint32_t count = first >> 16;
    r->opcode = first & 0xffff;
    if (count == 0)
        return fail(r, "word count is 0");
    if (count > r->num_words - i)
        return fail(r, "truncated: the instruction claims %u words but %zu remain", count, r->num_words - i);
    r->inst = r->words + i;
    r->inst_words = count;
    if (count > r->operands_capacity &&
        !spvk_array_grow(r->allocator, &r->operands, &r->operands_capacity, count, sizeof *r->operands, 64))
        return out_of_memory(r);
    if (decode_instruction(r) != SPVK_OK)
        return r->result;
    r->out.words = r->inst;
    r->out.num_words = (uint16_t)count;
    r->out.opcode = (uint16_t)r->opcode;
    r->out.offset = i;
    r->out.operands = r->operands;
    r->out.num_operands = (uint16_t)r->num_operands;
    return SPVK_OK;
}

static reader *reader_new(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                          spvk_diagnostics *diags)
{
    reader *r = spvk_alloc(allocator, sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    r->words = words;
    r->num_words = num_words;
    r->diags = diags;
    r->allocator = allocator;
    return r;
}

static void reader_delete(reader *r)
{
    if (!r)
        return;
    spvk_id_table_free(&r->ids);
    spvk_free(r->allocator, r->operands, r->operands_capacity * sizeof *r->operands);
    spvk_free(r->allocator, r, sizeof *r);
}

/* Checks the header and makes the id table. */
static spvk_result reader_start(reader *r)
{
    if (check_header(r) != SPVK_OK)
        return r->result;
    if (!spvk_id_table_init(&r->ids, r->header.bound, r->num_words, r->allocator))
        return out_of_memory(r);
    r->offset = SPVK_HEADER_WORDS;
    return SPVK_OK;
}

static spvk_result walk(reader *r, spvk_instruction_fn fn, void *user)
{
    if (reader_start(r) != SPVK_OK)
        return r->result;
    for (;;) {
        bool done;
        if (next_instruction(r, &done) != SPVK_OK)
            return r->result;
        if (done)
            return SPVK_OK;
        if (fn) {
            spvk_result res = fn(user, &r->header, &r->out);
            if (res != SPVK_OK) {
                r->result = res;
                return res;
            }
        }
        r->offset += r->inst_words;
    }
}

spvk_result spvk_parse_words(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                             spvk_instruction_fn fn, void *user, spvk_diagnostics *diags)
{
    reader *r = reader_new(words, num_words, allocator, diags);
    if (!r)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result res = walk(r, fn, user);
    reader_delete(r);
    return res;
}

/* ---- The incremental reader ---- */

struct spvk_reader {
    reader r;
};

spvk_result spvk_reader_create(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                               spvk_diagnostics *diags, spvk_reader **out)
{
    *out = NULL;
    reader *r = reader_new(words, num_words, allocator, diags);
    if (!r)
        return SPVK_ERROR_OUT_OF_MEMORY;
    spvk_result res = reader_start(r);
    if (res != SPVK_OK) {
        reader_delete(r);
        return res;
    }
    *out = (spvk_reader *)r;
    return SPVK_OK;
}

spvk_result spvk_reader_clone(const spvk_reader *reader_, spvk_diagnostics *diags, spvk_reader **out)
{
    const reader *src = (const reader *)reader_;
    *out = NULL;
    reader *r = reader_new(src->words, src->num_words, src->allocator, diags);
    if (!r)
        return SPVK_ERROR_OUT_OF_MEMORY;
    r->header = src->header;
    r->result = src->result;
    r->offset = src->offset;
    if (!spvk_id_table_copy(&r->ids, &src->ids)) {
        reader_delete(r);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    *out = (spvk_reader *)r;
    return SPVK_OK;
}

void spvk_reader_destroy(spvk_reader *reader_) { reader_delete((reader *)reader_); }

const spvk_header *spvk_reader_header(const spvk_reader *reader_) { return &((const reader *)reader_)->header; }

spvk_result spvk_reader_next(spvk_reader *reader_, const spvk_instruction **inst)
{
    reader *r = (reader *)reader_;
    *inst = NULL;
    if (r->result != SPVK_OK)
        return r->result;
    bool done;
    if (next_instruction(r, &done) != SPVK_OK)
        return r->result;
    if (!done) {
        *inst = &r->out;
        r->offset += r->inst_words;
    }
    return SPVK_OK;
}

size_t spvk_reader_offset(const spvk_reader *reader_) { return ((const reader *)reader_)->offset; }

void spvk_reader_seek(spvk_reader *reader_, size_t offset)
{
    reader *r = (reader *)reader_;
    r->offset = offset < SPVK_HEADER_WORDS ? SPVK_HEADER_WORDS : offset;
}

static uint32_t swap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

bool spvk_read_header(const void *bytes, size_t size, spvk_header *header)
{
    uint32_t w[SPVK_HEADER_WORDS];
    if (size < sizeof w)
        return false;
    memcpy(w, bytes, sizeof w);
    bool swapped = w[0] == swap32(SPVK_MAGIC);
    if (w[0] != SPVK_MAGIC && !swapped)
        return false;
    for (int i = 0; swapped && i < SPVK_HEADER_WORDS; i++)
        w[i] = swap32(w[i]);
    *header = (spvk_header){w[0], w[1], w[2], w[3], w[4]};
    return true;
}

spvk_result spvk_parse(const void *bytes, size_t size, const spvk_allocator *allocator, spvk_instruction_fn fn,
                       void *user, spvk_diagnostics *diags)
{
    if (size % 4 != 0) {
        if (!spvk_diag_add(diags, SPVK_SEVERITY_ERROR, NULL, size / 4, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                           "the module is %zu bytes, not a whole number of 32-bit words", size))
            return SPVK_ERROR_OUT_OF_MEMORY;
        return SPVK_ERROR_INVALID;
    }
    size_t n = size / 4;
    uint32_t magic = 0;
    if (n)
        memcpy(&magic, bytes, 4);
    if (n && magic == swap32(SPVK_MAGIC)) {
        /* The other byte order: one swapped copy, then the same walk. */
        uint32_t *copy = spvk_alloc(allocator, size);
        if (!copy)
            return SPVK_ERROR_OUT_OF_MEMORY;
        memcpy(copy, bytes, size);
        for (size_t i = 0; i < n; i++)
            copy[i] = swap32(copy[i]);
        spvk_result res = spvk_parse_words(copy, n, allocator, fn, user, diags);
        spvk_free(allocator, copy, size);
        return res;
    }
    if (((uintptr_t)bytes & 3) == 0)
        return spvk_parse_words((const uint32_t *)bytes, n, allocator, fn, user, diags);
    uint32_t *copy = spvk_alloc(allocator, size ? size : 4);
    if (!copy)
        return SPVK_ERROR_OUT_OF_MEMORY;
    memcpy(copy, bytes, size);
    spvk_result res = spvk_parse_words(copy, n, allocator, fn, user, diags);
    spvk_free(allocator, copy, size ? size : 4);
    return res;
}

uint64_t spvk_operand_bits(const spvk_instruction *inst, const spvk_operand *o)
{
    uint64_t v = inst->words[o->offset];
    if (o->num_words > 1)
        v |= (uint64_t)inst->words[o->offset + 1] << 32;
    if (o->number_kind == SPVK_NUMBER_SIGNED && o->number_width < 64 && o->number_width > 0) {
        uint64_t sign = 1ull << (o->number_width - 1);
        v &= (sign << 1) - 1;
        v = (v ^ sign) - sign;
    }
    return v;
}

const char *spvk_operand_string(const spvk_instruction *inst, const spvk_operand *o)
{
    return (const char *)(inst->words + o->offset);
}
