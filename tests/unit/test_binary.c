/* The binary reader and writer: decoding by the grammar, every malformed input, hostile sizes,
   byte order, and out-of-memory at every allocation. */
#include "spvkit/binary.h"
#include "spvkit/text.h"
#include "test.h"

#define OP(count, opcode) (((uint32_t)(count) << 16) | (opcode))

/* Parses words and returns the first diagnostic's formatted text (static storage). */
static const char *parse_error(const uint32_t *words, size_t count, spvk_result *result)
{
    static char text[512];
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    *result = spvk_parse(words, count * 4, NULL, NULL, NULL, &d);
    text[0] = '\0';
    if (d.count) {
        char *s = spvk_diagnostic_format(&d.items[0], NULL);
        snprintf(text, sizeof text, "%s", s ? s : "");
        free(s);
    }
    spvk_diagnostics_free(&d);
    return text;
}

#define EXPECT_INVALID(words, needle)                                              \
    do {                                                                           \
        spvk_result r_;                                                            \
        const char *e_ = parse_error(words, sizeof(words) / sizeof(words)[0], &r_); \
        CHECK(r_ == SPVK_ERROR_INVALID);                                           \
        CHECK_STR_CONTAINS(e_, needle);                                            \
    } while (0)

typedef struct collected {
    spvk_instruction inst[16];
    spvk_operand ops[16][16];
    uint32_t words[16][16];
    int count;
} collected;

static spvk_result collect(void *user, const spvk_header *h, const spvk_instruction *inst)
{
    (void)h;
    collected *c = user;
    if (c->count < 16) {
        c->inst[c->count] = *inst;
        memcpy(c->ops[c->count], inst->operands, sizeof(spvk_operand) * (inst->num_operands < 16 ? inst->num_operands : 16));
        memcpy(c->words[c->count], inst->words, 4 * (inst->num_words < 16 ? inst->num_words : 16));
        c->inst[c->count].operands = c->ops[c->count];
        c->inst[c->count].words = c->words[c->count];
        c->count++;
    }
    return SPVK_OK;
}

static void test_decoding(void)
{
    /* A module exercising context-dependent literals, enumerant parameters and pairs. */
    uint32_t m[] = {
        SPVK_MAGIC, SPVK_VERSION(1, 6), 0, 20, 0,
        OP(4, SPVK_OP_TypeInt), 1, 64, 1,                                   /* %1 = i64 */
        OP(5, SPVK_OP_Constant), 1, 2, 0xfffffffe, 0xffffffff,              /* %2 = -2 */
        OP(4, SPVK_OP_TypeFloat), 3, 16, SPVK_FPENCODING_BFloat16KHR,        /* %3 = bf16 */
        OP(4, SPVK_OP_Decorate), 4, SPVK_DECORATION_ArrayStride, 16,
        OP(4, SPVK_OP_Constant), 3, 5, 0x3fc0,                               /* bf16 1.5 */
        OP(6, SPVK_OP_Switch), 2, 6, 7, 0, 8,                               /* 64-bit case literal */
    };
    collected c;
    memset(&c, 0, sizeof c);
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_parse(m, sizeof m, NULL, collect, &c, &d) == SPVK_OK);
    CHECK(d.count == 0);
    CHECK(c.count == 6);
    CHECK(c.inst[1].num_operands == 3 && c.inst[1].operands[2].num_words == 2 &&
          c.inst[1].operands[2].number_kind == SPVK_NUMBER_SIGNED);
    CHECK(spvk_operand_bits(&c.inst[1], &c.inst[1].operands[2]) == (uint64_t)-2);
    CHECK(c.inst[2].num_operands == 3 && c.inst[2].operands[2].kind == SPVK_OPERAND_FPEncoding);
    CHECK(c.inst[3].num_operands == 3 && c.inst[3].operands[2].kind == SPVK_OPERAND_LiteralInteger);
    CHECK(c.inst[4].operands[2].number_kind == SPVK_NUMBER_BFLOAT16 && c.inst[4].operands[2].number_width == 16);
    CHECK(c.inst[5].num_operands == 4 && c.inst[5].operands[2].num_words == 2 &&
          c.inst[5].operands[3].kind == SPVK_OPERAND_IdRef);
    spvk_diagnostics_free(&d);

    /* Masks bring each set bit's parameters in bit order: Bias (0x1) then ConstOffset (0x8). */
    uint32_t img[] = {
        SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 20, 0,
        OP(8, SPVK_OP_ImageSampleImplicitLod), 1, 2, 3, 4, 0x9, 5, 6,
        OP(5, SPVK_OP_Load), 1, 7, 8, SPVK_MEMORY_ACCESS_Aligned, /* missing its parameter */
    };
    memset(&c, 0, sizeof c);
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_parse(img, sizeof img, NULL, collect, &c, &d) == SPVK_ERROR_INVALID);
    CHECK(c.count == 1 && c.inst[0].num_operands == 7 && c.inst[0].operands[5].kind == SPVK_OPERAND_IdRef);
    CHECK(d.count == 1 && d.items[0].word_offset == 13 && d.items[0].opcode == SPVK_OP_Load);
    spvk_diagnostics_free(&d);

    /* Extended instructions: by the imported set; an undescribed set passes raw words. */
    uint32_t ext[] = {
        SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 20, 0,
        OP(6, SPVK_OP_ExtInstImport), 1, 0x4c534c47, 0x6474732e, 0x3035342e, 0, /* "GLSL.std.450" */
        OP(6, SPVK_OP_ExtInst), 2, 3, 1, 31, 4,                                 /* Sqrt %4 */
        OP(3, SPVK_OP_ExtInstImport), 5, 0x006f6f46,                          /* "Foo" */
        OP(7, SPVK_OP_ExtInst), 2, 6, 5, 9, 123, 456,
        OP(6, SPVK_OP_SpecConstantOp), 2, 7, SPVK_OP_IAdd, 8, 9,
    };
    memset(&c, 0, sizeof c);
    CHECK(spvk_parse(ext, sizeof ext, NULL, collect, &c, NULL) == SPVK_OK);
    CHECK(c.count == 5);
    CHECK(c.inst[1].num_operands == 5 && c.inst[1].operands[4].kind == SPVK_OPERAND_IdRef);
    CHECK(c.inst[3].num_operands == 6 && c.inst[3].operands[5].kind == SPVK_OPERAND_LiteralInteger);
    CHECK(c.inst[4].num_operands == 5 && c.inst[4].operands[3].kind == SPVK_OPERAND_IdRef);
    uint32_t bad_ext[] = {
        SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 20, 0,
        OP(6, SPVK_OP_ExtInstImport), 1, 0x4c534c47, 0x6474732e, 0x3035342e, 0,
        OP(6, SPVK_OP_ExtInst), 2, 3, 1, 9999, 4,
    };
    EXPECT_INVALID(bad_ext, "GLSL.std.450 has no instruction 9999");
}

static void test_malformed(void)
{
    uint32_t short_header[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0};
    EXPECT_INVALID(short_header, "truncated header");
    uint32_t magic[] = {0x12345678, SPVK_VERSION(1, 0), 0, 1, 0};
    EXPECT_INVALID(magic, "bad magic number 0x12345678");
    uint32_t v17[] = {SPVK_MAGIC, SPVK_VERSION(1, 7), 0, 1, 0};
    EXPECT_INVALID(v17, "word 1: version word 0x00010700 is not SPIR-V 1.0 to 1.6");
    uint32_t v2[] = {SPVK_MAGIC, SPVK_VERSION(2, 0), 0, 1, 0};
    EXPECT_INVALID(v2, "not SPIR-V 1.0 to 1.6");
    uint32_t schema[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 1, 7};
    EXPECT_INVALID(schema, "word 4: schema 7 is not 0");
    uint32_t zero_count[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(2, SPVK_OP_TypeVoid), 1, 0};
    EXPECT_INVALID(zero_count, "word 7 (OpNop): word count is 0");
    uint32_t past_end[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(9, SPVK_OP_TypeInt), 1, 32};
    EXPECT_INVALID(past_end, "word 5 (OpTypeInt): truncated: the instruction claims 9 words but 3 remain");
    uint32_t unknown[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(1, 0xfff0)};
    EXPECT_INVALID(unknown, "word 5 (opcode 65520): unknown opcode 65520");
    uint32_t id_bound[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(2, SPVK_OP_TypeVoid), 10};
    EXPECT_INVALID(id_bound, "word 5 (OpTypeVoid): id 10 is not below the bound 10");
    uint32_t id_zero[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(2, SPVK_OP_TypeVoid), 0};
    EXPECT_INVALID(id_zero, "id 0");
    uint32_t missing[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(3, SPVK_OP_TypeInt), 1, 32};
    EXPECT_INVALID(missing, "word 5 (OpTypeInt): missing operand: expected LiteralInteger Signedness");
    uint32_t extra[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(3, SPVK_OP_TypeVoid), 1, 5};
    EXPECT_INVALID(extra, "1 extra words after the last operand of OpTypeVoid");
    uint32_t no_nul[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(3, SPVK_OP_Name), 1, 0x41414141};
    EXPECT_INVALID(no_nul, "word 5 (OpName): literal string at word 2 has no terminating nul");
    uint32_t bad_enum[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(2, SPVK_OP_Capability), 0x7fffffff};
    EXPECT_INVALID(bad_enum, "2147483647 is not a Capability");
    uint32_t bad_mask[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(4, SPVK_OP_LoopMerge), 1, 2, 0x40000000};
    EXPECT_INVALID(bad_mask, "bit 0x40000000 of 0x40000000 is not a LoopControl");
    uint32_t untyped[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(4, SPVK_OP_Constant), 1, 2, 5};
    EXPECT_INVALID(untyped, "type %1 is not a scalar integer or floating-point type");
    uint32_t wide[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(4, SPVK_OP_TypeInt), 1, 128, 0,
                       OP(4, SPVK_OP_Constant), 1, 2, 5};
    EXPECT_INVALID(wide, "128-bit literals are not supported");
    uint32_t const64_short[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(4, SPVK_OP_TypeInt), 1, 64, 0,
                                OP(4, SPVK_OP_Constant), 1, 2, 5};
    EXPECT_INVALID(const64_short, "a 64-bit literal needs 2 words but 1 remain");
    uint32_t switch_untyped[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(5, SPVK_OP_Switch), 1, 2, 3, 4};
    EXPECT_INVALID(switch_untyped, "the type of the selector %1 is unknown");

    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    uint8_t odd[6] = {3, 2, 0x23, 7, 0, 0};
    CHECK(spvk_parse(odd, sizeof odd, NULL, NULL, NULL, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count == 1 && strstr(d.items[0].message, "not a whole number of 32-bit words"));
    spvk_diagnostics_free(&d);
}

static void test_hostile_bound(void)
{
    /* A 40-byte module claiming 0xFFFFFFFF ids: memory must follow the input, not the bound. */
    uint32_t m[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 0xffffffffu, 0,
                    OP(2, SPVK_OP_TypeVoid), 0xfffffff0u, OP(3, SPVK_OP_TypeFunction), 7, 0xfffffff0u};
    test_allocator_state s = {0, -1, 0, 0};
    spvk_allocator a = {test_realloc, &s};
    CHECK(spvk_parse(m, sizeof m, &a, NULL, NULL, NULL) == SPVK_OK);
    char *text = NULL;
    size_t length = 0;
    spvk_disassemble_options o = {false, false, false};
    CHECK(spvk_disassemble(m, sizeof m, &o, &a, &text, &length, NULL) == SPVK_OK);
    CHECK(text && strstr(text, "%void = OpTypeVoid") && strstr(text, "%7 = OpTypeFunction %void"));
    spvk_free(&a, text, length + 1);
    CHECK(s.live_bytes == 0);
    CHECK(s.allocations < 100);
}

static void test_hostile_chained_arrays(void)
{
    /* 100,000 OpTypeArray, each an array of the previous (issue 30): friendly names embed the
       element's name, so uncapped they need more than 4 GB. Names longer than 256 characters
       become the id's number, as in the newest spirv-dis, and the text stays linear. */
    enum { N = 100000 };
    size_t count = 5 + 8 + 4 * (size_t)N;
    uint32_t *m = malloc(count * 4);
    CHECK(m != NULL);
    if (!m)
        return;
    uint32_t *w = m;
    *w++ = SPVK_MAGIC, *w++ = SPVK_VERSION(1, 0), *w++ = 0, *w++ = N + 3, *w++ = 0;
    *w++ = OP(4, SPVK_OP_TypeInt), *w++ = 1, *w++ = 32, *w++ = 0;
    *w++ = OP(4, SPVK_OP_Constant), *w++ = 1, *w++ = 2, *w++ = 4;
    for (uint32_t id = 3; id < N + 3; id++)
        *w++ = OP(4, SPVK_OP_TypeArray), *w++ = id, *w++ = id == 3 ? 1 : id - 1, *w++ = 2;
    test_allocator_state s = {0, -1, 0, 0};
    spvk_allocator a = {test_realloc, &s};
    char *text = NULL;
    size_t length = 0;
    CHECK(spvk_disassemble(m, count * 4, NULL, &a, &text, &length, NULL) == SPVK_OK);
    CHECK(text != NULL);
    if (text) {
        /* ids 3..23 keep their names (the 21st is 256 characters), id 24's would be 268; then the
           pattern repeats every 22 ids. (strstr, not CHECK_STR_CONTAINS: a failure would print
           megabytes.) */
        CHECK(strstr(text, "%_arr_uint_uint_4 = OpTypeArray %uint %uint_4\n") != NULL);
        CHECK(strstr(text, "\n         %24 = OpTypeArray %_arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr__arr_uint_uint_4_") != NULL);
        CHECK(strstr(text, "\n%_arr_24_uint_4 = OpTypeArray %24 %uint_4\n") != NULL);
        CHECK(strstr(text, "\n%_arr__arr__arr__arr__arr_99997_uint_4_uint_4_uint_4_uint_4_uint_4 = OpTypeArray ") != NULL);
        CHECK(length < 400 * (size_t)N);
        spvk_free(&a, text, length + 1);
    }
    CHECK(s.peak_bytes < 256ll << 20);
    CHECK(s.live_bytes == 0);
    free(m);
}

static void test_byte_order(void)
{
    uint32_t m[] = {SPVK_MAGIC, SPVK_VERSION(1, 3), 0x00080001, 5, 0, OP(4, SPVK_OP_Name), 1, 0x64636261, 0,
                    OP(4, SPVK_OP_TypeInt), 1, 32, 1};
    uint32_t swapped[sizeof m / 4];
    for (size_t i = 0; i < sizeof m / 4; i++)
        swapped[i] = __builtin_bswap32(m[i]);
    char *a = NULL, *b = NULL;
    size_t la = 0, lb = 0;
    CHECK(spvk_disassemble(m, sizeof m, NULL, NULL, &a, &la, NULL) == SPVK_OK);
    CHECK(spvk_disassemble(swapped, sizeof swapped, NULL, NULL, &b, &lb, NULL) == SPVK_OK);
    CHECK(a && b && strcmp(a, b) == 0);
    CHECK_STR_CONTAINS(a, "OpName %abcd \"abcd\"");
    CHECK_STR_CONTAINS(a, "; Generator: Khronos Glslang Reference Front End; 1");
    free(a);
    free(b);
}

static void test_writer(void)
{
    spvk_writer w;
    spvk_writer_init(&w, NULL);
    spvk_writer_header(&w, SPVK_VERSION(1, 5), SPVK_GENERATOR_WORD, 1);
    spvk_writer_begin(&w, SPVK_OP_Name);
    spvk_writer_word(&w, 1);
    spvk_writer_string(&w, "abcd", 4);
    CHECK(spvk_writer_end(&w));
    spvk_writer_begin(&w, SPVK_OP_Name);
    spvk_writer_word(&w, 1);
    spvk_writer_string(&w, "abc", 3);
    CHECK(spvk_writer_end(&w));
    spvk_writer_set_bound(&w, 2);
    CHECK(w.count == 5 + 4 + 3);
    CHECK(w.words[3] == 2 && w.words[5] == OP(4, SPVK_OP_Name) && w.words[7] == 0x64636261 && w.words[8] == 0);
    CHECK(w.words[9] == OP(3, SPVK_OP_Name) && w.words[11] == 0x00636261);
    CHECK(spvk_parse(w.words, w.count * 4, NULL, NULL, NULL, NULL) == SPVK_OK);
    spvk_writer_free(&w);
}

static void test_out_of_memory(void)
{
    /* Every allocation in turn fails: each must give a clean out-of-memory result and leak nothing. */
    uint32_t m[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 10, 0, OP(4, SPVK_OP_Name), 1, 0x64636261, 0,
                    OP(4, SPVK_OP_Name), 2, 0x64636261, 0, OP(4, SPVK_OP_TypeInt), 1, 32, 1,
                    OP(4, SPVK_OP_Constant), 1, 2, 7};
    int clean = 1;
    for (long n = 0; n < 1000; n++) {
        test_allocator_state s = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &s};
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, &a);
        char *text = NULL;
        size_t length = 0;
        spvk_result r = spvk_disassemble(m, sizeof m, NULL, &a, &text, &length, &d);
        if (r == SPVK_OK) {
            CHECK_STR_CONTAINS(text, "%abcd_0 = OpConstant %abcd 7");
            spvk_free(&a, text, length + 1);
            spvk_diagnostics_free(&d);
            CHECK(s.live_bytes == 0);
            CHECK(n > 3);
            break;
        }
        if (r != SPVK_ERROR_OUT_OF_MEMORY)
            clean = 0;
        spvk_diagnostics_free(&d);
        if (s.live_bytes != 0)
            clean = 0;
    }
    CHECK(clean);
}

/* The incremental reader decodes as spvk_parse does, one instruction at a time, and resumes at
   any instruction boundary with what earlier instructions defined still known. */
static void test_incremental_reader(void)
{
    uint32_t m[] = {
        SPVK_MAGIC, SPVK_VERSION(1, 6), 0, 20, 0,
        OP(4, SPVK_OP_TypeInt), 1, 64, 1,                      /* %1 = i64 */
        OP(5, SPVK_OP_Constant), 1, 2, 0xfffffffe, 0xffffffff, /* %2 = -2 */
        OP(6, SPVK_OP_Switch), 2, 6, 7, 0, 8,                  /* 64-bit case literal: needs %2's type */
        OP(1, SPVK_OP_Nop),
    };
    spvk_reader *r = NULL;
    CHECK(spvk_reader_create(m, sizeof m / 4, NULL, NULL, &r) == SPVK_OK);
    if (!r)
        return;
    CHECK(spvk_reader_header(r)->bound == 20);
    const spvk_instruction *inst;
    size_t offsets[4];
    for (int k = 0; k < 4; k++) {
        offsets[k] = spvk_reader_offset(r);
        CHECK(spvk_reader_next(r, &inst) == SPVK_OK && inst);
        CHECK(inst && inst->offset == offsets[k]);
    }
    CHECK(spvk_reader_next(r, &inst) == SPVK_OK && inst == NULL); /* the end */
    /* Back to the OpSwitch: its literal still reads as 64 bits. */
    spvk_reader_seek(r, offsets[2]);
    CHECK(spvk_reader_next(r, &inst) == SPVK_OK && inst && inst->opcode == SPVK_OP_Switch);
    CHECK(inst && inst->num_operands == 4 && inst->operands[2].num_words == 2);
    spvk_reader_destroy(r);

    /* An error is returned, and again on every later call. */
    uint32_t bad[] = {SPVK_MAGIC, SPVK_VERSION(1, 0), 0, 4, 0, OP(0, SPVK_OP_Nop)};
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_reader_create(bad, sizeof bad / 4, NULL, &d, &r) == SPVK_OK);
    CHECK(spvk_reader_next(r, &inst) == SPVK_ERROR_INVALID && inst == NULL);
    CHECK(spvk_reader_next(r, &inst) == SPVK_ERROR_INVALID);
    CHECK(d.count == 1);
    spvk_reader_destroy(r);
    spvk_diagnostics_free(&d);
    /* A bad header fails at creation. */
    bad[0] = 0;
    CHECK(spvk_reader_create(bad, sizeof bad / 4, NULL, NULL, &r) == SPVK_ERROR_INVALID && r == NULL);
}

int main(void)
{
    test_decoding();
    test_malformed();
    test_hostile_bound();
    test_hostile_chained_arrays();
    test_byte_order();
    test_writer();
    test_out_of_memory();
    test_incremental_reader();
    TEST_SUMMARY();
}
