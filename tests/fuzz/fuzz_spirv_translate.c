/* libFuzzer harness: the deserializer on arbitrary bytes, then, for what it accepts, the verifier,
   the printer, the parser on the printed text and the serializer. Every step must end in a result
   code, never a crash, a leak or an over-read; what the deserializer accepts must print, parse
   back and serialize, and translating it one function at a time (spvkit translate's streaming,
   with one thread and with a printing thread) must print the same text. Serializing the printed
   text one function at a time gives the same words (or the same first diagnostic) with one thread
   and with a worker that serializes the functions it parses (serialize_threads.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/spvkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct stream {
    spvk_ir_context *ctx;
    spvk_spirv_deserializer *des;
    char *text;
    size_t length;
} stream;

static bool append(void *user, const char *text, size_t length)
{
    stream *s = user;
    char *n = realloc(s->text, s->length + length + 1);
    if (!n)
        abort();
    memcpy(n + s->length, text, length);
    s->length += length;
    n[s->length] = 0;
    s->text = n;
    return true;
}

/* The streamed translation of a module the whole-module path printed as `expected`. */
static void check_streaming(const uint32_t *words, size_t count, const char *expected, unsigned threads)
{
    stream s = {spvk_ir_context_create(NULL), NULL, NULL, 0};
    if (!s.ctx || !spvk_ir_register_all_dialects(s.ctx))
        abort();
    spvk_ir_op *module = NULL;
    if (spvk_spirv_deserializer_create(s.ctx, words, count, NULL, &s.des, &module) != SPVK_OK)
        abort();
    spvk_ir_print_options po = {.assume_verified = true, .threads = threads};
    spvk_ir_verifier *verifier = spvk_ir_verifier_create(s.ctx, NULL);
    /* The module level now (the functions' bodies are not built yet), each function as it is
       printed: as spvkit translate verifies a streamed module. */
    if (!verifier || spvk_ir_verifier_run_streamed(verifier, module) != SPVK_OK)
        abort();
    spvk_spirv_deserializer_stream(s.des, verifier, &po.stream);
    spvk_spirv_deserializer_set_threads(s.des, threads); /* workers build (and print) functions */
    if (spvk_ir_print_to(s.ctx, module, &po, append, &s) != SPVK_OK ||
        spvk_spirv_deserializer_finish(s.des) != SPVK_OK || !s.text || strcmp(s.text, expected) != 0)
        abort();
    free(s.text);
    spvk_spirv_deserializer_destroy(s.des);
    spvk_ir_verifier_destroy(verifier);
    spvk_ir_context_destroy(s.ctx);
}

/* spvkit translate --serialize-spirv on text: lazily parsed, each function parsed, verified and
   serialized in turn, with `threads`. *first: the first diagnostic's message (malloc'd) or NULL. */
static spvk_result serialize_streamed(const char *text, unsigned threads, uint32_t **out, size_t *n, char **first)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *top = NULL;
    spvk_ir_lazy_parser *lp = NULL;
    spvk_ir_verifier *verifier = NULL;
    *out = NULL;
    *n = 0;
    spvk_result r = spvk_ir_lazy_parser_create(ctx, text, strlen(text), "fuzz", &d, &top, &lp);
    if (r == SPVK_OK) {
        verifier = spvk_ir_verifier_create(ctx, &d);
        if (!verifier)
            abort();
        r = spvk_ir_verifier_run_streamed(verifier, top);
    }
    spvk_ir_op *module = NULL;
    for (spvk_ir_block *b = r == SPVK_OK && top->num_regions ? top->regions[0].first : NULL; b && !module; b = b->next)
        for (spvk_ir_op *o = b->first; o && !module; o = o->next)
            if (strcmp(spvk_ir_op_name(o), "spirv.module") == 0)
                module = o;
    if (r == SPVK_OK && !module)
        abort(); /* the printer printed a spirv.module */
    if (module) {
        spvk_ir_stream stream;
        spvk_ir_lazy_parser_set_threads(lp, threads);
        spvk_ir_lazy_parser_stream(lp, verifier, &stream);
        r = spvk_spirv_serialize_streamed(ctx, module, &stream, out, n, &d);
    }
    *first = NULL;
    if (d.count) {
        size_t len = strlen(d.items[0].message);
        if (!(*first = malloc(len + 1)))
            abort();
        memcpy(*first, d.items[0].message, len + 1);
    }
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_verifier_destroy(verifier);
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    return r;
}

static void check_streamed_serialization(const char *text)
{
    uint32_t *one = NULL, *two = NULL;
    size_t n1 = 0, n2 = 0;
    char *d1 = NULL, *d2 = NULL;
    spvk_result r1 = serialize_streamed(text, 1, &one, &n1, &d1);
    spvk_result r2 = serialize_streamed(text, 2, &two, &n2, &d2);
    if (r1 != r2 || n1 != n2 || (n1 && memcmp(one, two, n1 * 4) != 0) || (d1 == NULL) != (d2 == NULL) ||
        (d1 && strcmp(d1, d2) != 0))
        abort(); /* a worker's serialization changed the words or the diagnostic */
    spvk_free(NULL, one, n1 * 4);
    spvk_free(NULL, two, n2 * 4);
    free(d1);
    free(d2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size % 4 || size > (1u << 20))
        return 0;
    uint32_t *words = malloc(size ? size : 4);
    if (!words)
        return 0;
    memcpy(words, data, size);
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_spirv_deserialize(ctx, words, size / 4, &module, &d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_OK && spvk_ir_verify(ctx, module, &d) == SPVK_OK) {
        spvk_ir_print_options po = {.generic = false, .debug_info = false, .assume_verified = false};
        char *text = spvk_ir_print(ctx, module, &po);
        if (!text)
            abort();
        po.assume_verified = true;
        char *verified = spvk_ir_print(ctx, module, &po);
        if (!verified)
            abort();
        check_streaming(words, size / 4, verified, 1);
        check_streaming(words, size / 4, verified, 2);
        spvk_free(NULL, verified, strlen(verified) + 1);
        spvk_ir_op *reparsed = NULL;
        if (spvk_ir_parse(ctx, text, strlen(text), "fuzz", &reparsed, &d) != SPVK_OK)
            abort(); /* the printer wrote something its parser refuses */
        check_streamed_serialization(text);
        spvk_free(NULL, text, strlen(text) + 1);
        uint32_t *out = NULL;
        size_t n = 0;
        spvk_result s = spvk_spirv_serialize(ctx, module, &out, &n, &d);
        if (s != SPVK_OK && s != SPVK_ERROR_INVALID)
            abort();
        spvk_free(NULL, out, n * 4);
    }
    spvk_diagnostics_free(&d);
    spvk_ir_context_destroy(ctx);
    free(words);
    return 0;
}
