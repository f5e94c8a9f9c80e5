/* spvkit translate and spvkit opt: the IR's commands. Argument parsing and printing only; the
   parser, verifier, printer and (de)serializer are the library's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "prefault.h"
#include "spvkit/ir.h"
#include "spvkit/spirv_dialect.h"

typedef struct ir_options {
    const char *input;
    const char *output;
    spvk_ir_print_options print;
    bool allow_unregistered;
    bool verify;
    unsigned threads; /* 0: one per processor (at most 8) */
} ir_options;

/* Options every IR command shares; returns 1 when argv[*i] was one, 0 when not, -1 on error. */
static int take_ir_option(const char *cmd, int argc, char **argv, int *i, ir_options *o)
{
    const char *a = argv[*i];
    if (strcmp(a, "-o") == 0) {
        if (*i + 1 >= argc) {
            cli_usage_error(cmd, "%s needs a file name", a);
            return -1;
        }
        o->output = argv[++*i];
        return 1;
    }
    if (strcmp(a, "--mlir-print-op-generic") == 0) {
        o->print.generic = true;
        return 1;
    }
    if (strcmp(a, "--mlir-print-debuginfo") == 0) {
        o->print.debug_info = true;
        return 1;
    }
    if (strcmp(a, "--allow-unregistered-dialect") == 0) {
        o->allow_unregistered = true;
        return 1;
    }
    if (strcmp(a, "--no-verify") == 0) {
        o->verify = false;
        return 1;
    }
    if (strcmp(a, "--mlir-disable-threading") == 0) {
        o->threads = 1;
        return 1;
    }
    if (strcmp(a, "--threads") == 0) {
        char *end = NULL;
        unsigned long n = *i + 1 < argc ? strtoul(argv[*i + 1], &end, 10) : 0;
        if (*i + 1 >= argc || !end || *end || n < 1 || n > 64) {
            cli_usage_error(cmd, "%s needs a number of threads from 1 to 64", a);
            return -1;
        }
        o->threads = (unsigned)n;
        ++*i;
        return 1;
    }
    if (a[0] != '-' || strcmp(a, "-") == 0) {
        if (o->input) {
            cli_usage_error(cmd, "more than one input (%s)", a);
            return -1;
        }
        o->input = a;
        return 1;
    }
    return 0;
}

/* --threads, or one per online processor up to 8 (more rarely pays: the consumer is serial). */
static unsigned thread_count(const ir_options *o)
{
    if (o->threads)
        return o->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (unsigned)n;
}

static const char *input_name(const ir_options *o)
{
    return o->input && strcmp(o->input, "-") != 0 ? o->input : "<stdin>";
}

static spvk_ir_context *new_context(const ir_options *o)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx)) {
        fprintf(stderr, "spvkit: out of memory\n");
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    spvk_ir_context_allow_unregistered(ctx, o->allow_unregistered);
    return ctx;
}

/* The exit code for a failed step; invalid input was reported by its diagnostics. */
static int failed(const char *cmd, spvk_result r)
{
    if (r != SPVK_ERROR_INVALID)
        fprintf(stderr, "spvkit %s: %s\n", cmd, spvk_result_string(r));
    return cli_exit_for(r);
}

/* The exit status after serialize_and_write: its own (SPVK_ERROR_IO is a write it reported) or
   the serializer's failure. */
static int written_or_failed(int rc, spvk_result r)
{
    return r == SPVK_OK || r == SPVK_ERROR_IO ? rc : failed("translate", r);
}

/* Parses MLIR text from IN. */
static spvk_ir_op *read_mlir(const char *cmd, spvk_ir_context *ctx, const ir_options *o, int *rc)
{
    cli_input in;
    *rc = cli_read_input("spvkit", o->input, &in);
    if (*rc)
        return NULL;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_ir_parse(ctx, in.data, in.size, input_name(o), &module, &diags);
    if (r == SPVK_OK && o->verify)
        r = spvk_ir_verify(ctx, module, &diags);
    cli_print_diagnostics(&diags, input_name(o), true);
    spvk_diagnostics_free(&diags);
    cli_input_free(&in);
    if (r != SPVK_OK) {
        *rc = failed(cmd, r);
        return NULL;
    }
    return module;
}

static bool write_to_file(void *user, const char *text, size_t length) { return fwrite(text, 1, length, user) == length; }

static int write_ir(const char *cmd, spvk_ir_context *ctx, const spvk_ir_op *op, const ir_options *o)
{
    spvk_ir_print_options po = o->print;
    po.assume_verified = o->verify; /* read_mlir and deserialize verified it */
    cli_output out;
    if (!cli_open_output(&out, o->output, false, cmd))
        return EXIT_USAGE;
    spvk_result r = spvk_ir_print_to(ctx, op, &po, write_to_file, out.f);
    /* Only a write the printer saw fail is "cannot write"; running out of memory is said as such. */
    int rc = cli_close_output(&out, r == SPVK_ERROR_IO, r == SPVK_OK);
    return r == SPVK_OK || r == SPVK_ERROR_IO ? rc : failed(cmd, r);
}

/* The one spirv.module to serialize: the top op itself or the only one inside a builtin.module. */
static const spvk_ir_op *find_spirv_module(const spvk_ir_op *top, const char *name)
{
    if (strcmp(spvk_ir_op_name(top), "spirv.module") == 0)
        return top;
    const spvk_ir_op *found = NULL;
    if (top->num_regions == 1 && top->regions[0].first)
        for (const spvk_ir_op *o = top->regions[0].first->first; o; o = o->next)
            if (strcmp(spvk_ir_op_name(o), "spirv.module") == 0) {
                if (found) {
                    fprintf(stderr, "%s: error: more than one spirv.module; serialize one at a time\n", name);
                    return NULL;
                }
                found = o;
            }
    if (!found)
        fprintf(stderr, "%s: error: no spirv.module to serialize\n", name);
    return found;
}

/* The serializer's output, opened at its first words: none come when serializing fails at the
   module level, and then no file is made; a failure later removes what was written. */
typedef struct words_output {
    const ir_options *o;
    cli_output out;
    bool open_failed; /* cli_open_output said why */
    bool write_failed;
} words_output;

/* The serializer stops at the first piece that fails (SPVK_ERROR_IO). */
static bool write_words_piece(void *user, const uint32_t *words, size_t count)
{
    words_output *w = user;
    if (!w->out.f && !w->open_failed)
        w->open_failed = !cli_open_output(&w->out, w->o->output, true, "translate");
    if (w->open_failed)
        return false;
    w->write_failed = !cli_write_pieces(w->out.f, words, count * sizeof *words);
    return !w->write_failed;
}

/* Serializes module (each op through stream, when there is one) to -o or standard output, as the
   serializer hands out its pieces (the function definitions are not gathered behind the rest). */
static int serialize_and_write(spvk_ir_context *ctx, spvk_ir_op *module, const spvk_ir_stream *stream,
                               const ir_options *o, spvk_diagnostics *diags, spvk_result *r)
{
    words_output w;
    memset(&w, 0, sizeof w);
    w.o = o;
    *r = spvk_spirv_serialize_to(ctx, module, stream, write_words_piece, &w, diags);
    int rc = cli_close_output(&w.out, w.write_failed, *r == SPVK_OK);
    return w.open_failed ? EXIT_USAGE : rc;
}

static spvk_ir_op *deserialize(spvk_ir_context *ctx, const ir_options *o, int *rc)
{
    cli_module in;
    *rc = cli_load_module("spvkit translate: error", o->input, &in);
    if (*rc)
        return NULL;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_spirv_deserialize(ctx, in.words, in.count, &module, &diags);
    if (r == SPVK_OK && o->verify)
        r = spvk_ir_verify(ctx, module, &diags);
    cli_print_diagnostics(&diags, input_name(o), false);
    spvk_diagnostics_free(&diags);
    cli_module_free(&in);
    if (r != SPVK_OK) {
        *rc = failed("translate", r);
        return NULL;
    }
    return module;
}

/* --serialize-spirv, one function at a time: the text is read lazily (the module level now, each
   function's body only found), and the serializer's streaming hooks parse and verify each
   spirv.func just before it is serialized and free its body after. */
static int serialize_streaming(spvk_ir_context *ctx, const ir_options *o)
{
    cli_input in;
    int rc = cli_read_input("spvkit", o->input, &in);
    if (rc)
        return rc;
    /* The calling thread's heap grows by about the text's size: 12.8 MB for names' 9.9 MB, 8.5
       for mixed's 20.7, hence the cap. Not when deserializing: what gained time there (the
       binary's size and a half, up to 6 MiB: 1.6 ms of 50 on names) took `mixed` to within
       0.2 MB of a quarter of MLIR's peak, and less gained nothing (docs/benchmarks.md). */
    cli_prefault_heap(in.size < (10u << 20) ? in.size : 10u << 20);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_lazy_parser *lp = NULL;
    spvk_ir_verifier *verifier = NULL;
    spvk_ir_op *top = NULL;
    spvk_result r = spvk_ir_lazy_parser_create(ctx, in.data, in.size, input_name(o), &diags, &top, &lp);
    if (r == SPVK_OK && o->verify) {
        verifier = spvk_ir_verifier_create(ctx, &diags);
        /* The module level now, each function as it is serialized. */
        r = verifier ? spvk_ir_verifier_run(verifier, top) : SPVK_ERROR_OUT_OF_MEMORY;
    }
    const spvk_ir_op *module = NULL;
    if (r == SPVK_OK) {
        module = find_spirv_module(top, input_name(o));
        if (!module)
            rc = EXIT_INVALID;
    }
    if (module) {
        spvk_ir_stream stream;
        spvk_ir_lazy_parser_set_threads(lp, thread_count(o));
        spvk_ir_lazy_parser_stream(lp, verifier, &stream);
        rc = serialize_and_write(ctx, (spvk_ir_op *)module, &stream, o, &diags, &r);
    }
    cli_print_diagnostics(&diags, input_name(o), true);
    spvk_diagnostics_free(&diags);
    spvk_ir_lazy_parser_destroy(lp);
    spvk_ir_verifier_destroy(verifier);
    cli_input_free(&in);
    return written_or_failed(rc, r);
}

/* --deserialize-spirv, one function at a time: the printer's streaming hooks build and verify
   each spirv.func just before it is printed and free its body after, so memory holds the module
   level and one function whatever the module's size. */
static int deserialize_streaming(spvk_ir_context *ctx, const ir_options *o)
{
    cli_module in;
    int rc = cli_load_module("spvkit translate: error", o->input, &in);
    if (rc)
        return rc;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_spirv_deserializer *des = NULL;
    spvk_ir_verifier *verifier = NULL;
    spvk_ir_op *module = NULL;
    spvk_result r = spvk_spirv_deserializer_create(ctx, in.words, in.count, &diags, &des, &module);
    /* The deserializer's own workers build, verify and print each function on one thread, where
       its IR is in that processor's cache (the printer's consumer). A worker keeps a copy of the
       module-level state, about 7 MiB on the benchmark's inputs (names: 22 -> 29 MiB, mixed: 33
       -> 41 MiB), for 7% and 3% less time (docs/benchmarks.md). Set now: the copies are made
       while the module level is verified. */
    if (r == SPVK_OK)
        spvk_spirv_deserializer_set_threads(des, thread_count(o));
    if (r == SPVK_OK && o->verify) {
        verifier = spvk_ir_verifier_create(ctx, &diags);
        /* The module level now, each function as it is printed. */
        r = verifier ? spvk_ir_verifier_run(verifier, module) : SPVK_ERROR_OUT_OF_MEMORY;
    }
    cli_output out = {0};
    if (r == SPVK_OK && !cli_open_output(&out, o->output, false, "translate"))
        rc = EXIT_USAGE;
    if (out.f) {
        spvk_ir_print_options po = o->print;
        po.assume_verified = o->verify;
        po.threads = thread_count(o);
        spvk_spirv_deserializer_stream(des, verifier, &po.stream);
        r = spvk_ir_print_to(ctx, module, &po, write_to_file, out.f);
        if (r == SPVK_OK)
            r = spvk_spirv_deserializer_finish(des);
        /* Only a write the printer saw fail is a failure to write; a function that did not
           deserialize or verify was reported by its diagnostics. */
        rc = cli_close_output(&out, r == SPVK_ERROR_IO, r == SPVK_OK);
        if (r == SPVK_ERROR_IO)
            r = SPVK_OK; /* rc says it */
    }
    cli_print_diagnostics(&diags, input_name(o), false);
    spvk_diagnostics_free(&diags);
    spvk_spirv_deserializer_destroy(des);
    spvk_ir_verifier_destroy(verifier);
    cli_module_free(&in);
    if (r != SPVK_OK)
        return failed("translate", r);
    return rc;
}

int cli_translate(int argc, char **argv)
{
    ir_options o;
    memset(&o, 0, sizeof o);
    o.verify = true;
    enum { NONE, DESERIALIZE, SERIALIZE, ROUNDTRIP } mode = NONE;
    for (int i = 1; i < argc; i++) {
        int mode_of = strcmp(argv[i], "--deserialize-spirv") == 0 ? DESERIALIZE
                      : strcmp(argv[i], "--serialize-spirv") == 0 ? SERIALIZE
                      : strcmp(argv[i], "--spirv-roundtrip") == 0 ? ROUNDTRIP
                                                                  : NONE;
        if (mode_of != NONE) {
            if (mode != NONE && (int)mode != mode_of)
                return cli_usage_error("translate", "choose one translation (%s)", argv[i]);
            mode = (int)mode_of == DESERIALIZE ? DESERIALIZE : mode_of == SERIALIZE ? SERIALIZE : ROUNDTRIP;
            continue;
        }
        int t = take_ir_option("translate", argc, argv, &i, &o);
        if (t < 0)
            return EXIT_USAGE;
        if (t == 0)
            return cli_usage_error("translate", "unknown option %s", argv[i]);
    }
    if (mode == NONE)
        return cli_usage_error("translate", "%s", "needs --deserialize-spirv, --serialize-spirv or --spirv-roundtrip");
    spvk_ir_context *ctx = new_context(&o);
    if (!ctx)
        return EXIT_USAGE;
    int rc = EXIT_OK;
    if (mode == SERIALIZE) {
        rc = serialize_streaming(ctx, &o);
    } else if (mode == DESERIALIZE) {
        rc = deserialize_streaming(ctx, &o);
    } else {
        spvk_ir_op *module = deserialize(ctx, &o, &rc);
        if (module) {
            spvk_diagnostics diags;
            spvk_diagnostics_init(&diags, NULL);
            spvk_result r;
            rc = serialize_and_write(ctx, module, NULL, &o, &diags, &r);
            cli_print_diagnostics(&diags, input_name(&o), true);
            spvk_diagnostics_free(&diags);
            rc = written_or_failed(rc, r);
        }
    }
    spvk_ir_context_destroy(ctx);
    return rc;
}

int cli_opt(int argc, char **argv)
{
    ir_options o;
    memset(&o, 0, sizeof o);
    o.verify = true;
    for (int i = 1; i < argc; i++) {
        int t = take_ir_option("opt", argc, argv, &i, &o);
        if (t < 0)
            return EXIT_USAGE;
        if (t == 0)
            return cli_usage_error("opt", "unknown option %s", argv[i]);
    }
    spvk_ir_context *ctx = new_context(&o);
    if (!ctx)
        return EXIT_USAGE;
    int rc = EXIT_OK;
    spvk_ir_op *top = read_mlir("opt", ctx, &o, &rc);
    if (top)
        rc = write_ir("opt", ctx, top, &o);
    spvk_ir_context_destroy(ctx);
    return rc;
}

const char CLI_TRANSLATE_HELP[] =
    "Translates between SPIR-V binaries and the spirv dialect in MLIR text.\n"
    "  --deserialize-spirv     IN is a SPIR-V binary (or assembly text); prints the spirv.module\n"
    "  --serialize-spirv       IN is MLIR text holding one spirv.module; writes the binary\n"
    "  --spirv-roundtrip       binary to IR to binary\n"
    "  --mlir-print-op-generic print every operation in generic form\n"
    "  --mlir-print-debuginfo  print locations\n"
    "  --no-verify             skip the IR verifier\n"
    "  --threads N             threads that parse or print functions (default: one per processor,\n"
    "                          at most 8); --mlir-disable-threading is --threads 1\n"
    "  -o OUT                  output file (binary output to a terminal is refused)\n";

const char CLI_OPT_HELP[] =
    "Parses MLIR text, verifies it and prints it (the pass driver of later passes).\n"
    "  --mlir-print-op-generic       print every operation in generic form\n"
    "  --mlir-print-debuginfo        print locations\n"
    "  --allow-unregistered-dialect  accept operations of dialects spvkit does not know\n"
    "  --no-verify                   skip the IR verifier\n"
    "  -o OUT                        output file (default standard output)\n";
