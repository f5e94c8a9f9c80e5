/* spvkit translate and spvkit opt: the IR's commands. Argument parsing and printing only; the
   parser, verifier, printer and (de)serializer are the library's. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "spvkit/ir.h"
#include "spvkit/ir_parallel.h"
#include "spvkit/pass.h"
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

static bool write_to_file(void *user, const char *text, size_t length) { return fwrite(text, 1, length, user) == length; }

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
    spvk_prefault_heap(in.size < (10u << 20) ? in.size : 10u << 20);
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_lazy_parser *lp = NULL;
    spvk_ir_verifier *verifier = NULL;
    spvk_ir_op *top = NULL;
    spvk_result r = spvk_ir_lazy_parser_create(ctx, in.data, in.size, input_name(o), &diags, &top, &lp);
    if (r == SPVK_OK && o->verify) {
        verifier = spvk_ir_verifier_create(ctx, &diags);
        /* The module level now, each function as it is serialized. */
        r = verifier ? spvk_ir_verifier_run_streamed(verifier, top) : SPVK_ERROR_OUT_OF_MEMORY;
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
        r = verifier ? spvk_ir_verifier_run_streamed(verifier, module) : SPVK_ERROR_OUT_OF_MEMORY;
    }
    cli_output out = {0};
    if (r == SPVK_OK && !cli_open_output(&out, o->output, false, "translate"))
        rc = EXIT_USAGE;
    if (out.f) {
        spvk_ir_print_options po = o->print;
        po.assume_verified = o->verify;
        po.threads = thread_count(o);
        po.workers = spvk_ir_parallel_print_workers();
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

/* ---- spvkit opt: mlir-opt's driver ---- */

/* A pass given as a flag (--canonicalize='max-iterations=3'), in command-line order. */
typedef struct pass_flag {
    const spvk_pass_def *def;
    const char *options; /* NULL: none given */
} pass_flag;

typedef struct opt_options {
    ir_options io;
    const char *pipeline; /* --pass-pipeline */
    pass_flag *flags;
    size_t num_flags;
    bool verify_each;
    bool split_input;
    bool timing;
    bool dump_pipeline;
    bool printing;
    spvk_pass_ir_printing print_ir;
    const char **print_names; /* --mlir-print-ir-before/after: before first, then after */
    size_t num_print_names;
    uint32_t num_before, num_after;
} opt_options;

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A bool flag's value as LLVM's command line reads it: absent or true/1 is true. */
static int bool_value(const char *flag, const char *value, bool *out)
{
    if (!value || !*value || strcmp(value, "true") == 0 || strcmp(value, "TRUE") == 0 || strcmp(value, "True") == 0 ||
        strcmp(value, "1") == 0) {
        *out = true;
        return 0;
    }
    if (strcmp(value, "false") == 0 || strcmp(value, "FALSE") == 0 || strcmp(value, "False") == 0 ||
        strcmp(value, "0") == 0) {
        *out = false;
        return 0;
    }
    fprintf(stderr, "spvkit opt: for the --%s option: '%s' is invalid value for boolean argument! Try 0 or 1\n", flag,
            value);
    return -1;
}

/* --mlir-print-ir-before=cse,canonicalize: each name must be a registered pass. */
static int take_pass_names(opt_options *o, const char *flag, char *list, bool before, int argc)
{
    for (char *name = list, *comma; name; name = comma ? comma + 1 : NULL) {
        comma = strchr(name, ',');
        if (comma)
            *comma = '\0';
        if (!spvk_pass_registry_lookup(name, strlen(name))) {
            fprintf(stderr, "spvkit opt: for the --%s option: Cannot find option named '%s'!\n", flag, name);
            return -1;
        }
        if (o->num_print_names >= (size_t)argc * 8) {
            cli_usage_error("opt", "too many pass names in %s", flag);
            return -1;
        }
        /* Before-names are kept ahead of after-names. */
        if (before) {
            memmove(o->print_names + o->num_before + 1, o->print_names + o->num_before,
                    o->num_after * sizeof *o->print_names);
            o->print_names[o->num_before++] = name;
        } else {
            o->print_names[o->num_before + o->num_after++] = name;
        }
        o->num_print_names++;
    }
    o->printing = true;
    return 0;
}

/* mlir-opt's own options and one per registered pass; returns 1 when argv[*i] was one, 0 when
   not, -1 after an error message. Options take one or two dashes, as LLVM's command line does. */
static int take_opt_option(int argc, char **argv, int *i, opt_options *o)
{
    char *a = argv[*i];
    if (a[0] != '-' || !a[1] || strcmp(a, "-o") == 0)
        return 0;
    char *name = a + (a[1] == '-' ? 2 : 1);
    char *eq = strchr(name, '=');
    size_t length = eq ? (size_t)(eq - name) : strlen(name);
    char *value = eq ? eq + 1 : NULL;
#define IS(lit) (length == sizeof(lit) - 1 && memcmp(name, lit, length) == 0)
    if (IS("pass-pipeline")) {
        if (!value) {
            if (*i + 1 >= argc) {
                cli_usage_error("opt", "%s needs a pipeline", a);
                return -1;
            }
            value = argv[++*i];
        }
        o->pipeline = value;
        return 1;
    }
    if (IS("verify-each"))
        return bool_value("verify-each", value, &o->verify_each) ? -1 : 1;
    if (IS("split-input-file")) {
        if (value && strcmp(value, "// -----") != 0) {
            cli_usage_error("opt", "%s: only the default marker '// -----' is supported", a);
            return -1;
        }
        o->split_input = true;
        return 1;
    }
    if (IS("mlir-timing"))
        return bool_value("mlir-timing", value, &o->timing) ? -1 : 1;
    if (IS("mlir-timing-display")) {
        if (!value || strcmp(value, "tree") != 0) {
            cli_usage_error("opt", "%s: only the tree display is supported", a);
            return -1;
        }
        return 1;
    }
    if (IS("dump-pass-pipeline"))
        return bool_value("dump-pass-pipeline", value, &o->dump_pipeline) ? -1 : 1;
    bool *print_flag = IS("mlir-print-ir-after-all")       ? &o->print_ir.after_all
                       : IS("mlir-print-ir-before-all")    ? &o->print_ir.before_all
                       : IS("mlir-print-ir-after-change")  ? &o->print_ir.after_change
                       : IS("mlir-print-ir-after-failure") ? &o->print_ir.after_failure
                       : IS("mlir-print-ir-module-scope")  ? &o->print_ir.module_scope
                                                           : NULL;
    if (print_flag) {
        o->printing = true;
        name[length] = '\0';
        int r = bool_value(name, value, print_flag);
        if (eq)
            *eq = '=';
        return r ? -1 : 1;
    }
    if (IS("mlir-print-ir-before") || IS("mlir-print-ir-after")) {
        bool before = IS("mlir-print-ir-before");
        if (!value) {
            if (*i + 1 >= argc) {
                cli_usage_error("opt", "%s needs pass names", a);
                return -1;
            }
            value = argv[++*i];
        }
        return take_pass_names(o, before ? "mlir-print-ir-before" : "mlir-print-ir-after", value, before, argc) ? -1
                                                                                                                : 1;
    }
#undef IS
    const spvk_pass_def *def = spvk_pass_registry_lookup(name, length);
    if (def) {
        o->flags[o->num_flags++] = (pass_flag){def, value};
        return 1;
    }
    return 0;
}

/* Diagnostics about the command line (pipelines, pass options): located ones (in the
   pipeline's text) as they are, the others after "spvkit opt: ". */
static void print_usage_diagnostics(const spvk_diagnostics *diags)
{
    for (size_t i = 0; i < diags->count; i++) {
        char *s = spvk_diagnostic_format(&diags->items[i], NULL);
        if (!s)
            continue;
        fprintf(stderr, diags->items[i].line ? "%s\n" : "spvkit opt: %s\n", s);
        free(s);
    }
}

/* The pass manager the options describe: --pass-pipeline's, or the flags' in order on a
   builtin.module manager that nests what is anchored on other ops (mlir-opt's implicit nesting).
   NULL after reporting why. */
static spvk_pass_manager *build_pipeline(spvk_ir_context *ctx, opt_options *o)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_result r = SPVK_OK;
    spvk_pass_manager *pm = NULL;
    if (o->pipeline) {
        pm = spvk_pass_manager_parse(ctx, o->pipeline, strlen(o->pipeline), &diags, &r);
    } else {
        pm = spvk_pass_manager_create(ctx, "builtin.module");
        if (!pm)
            r = SPVK_ERROR_OUT_OF_MEMORY;
        if (pm)
            spvk_pass_manager_set_implicit_nesting(pm, true);
        for (size_t i = 0; pm && r == SPVK_OK && i < o->num_flags; i++) {
            const char *options = o->flags[i].options;
            spvk_pass *pass =
                spvk_pass_create(ctx, o->flags[i].def, options, options ? strlen(options) : 0, &diags, &r);
            if (pass)
                r = spvk_pass_manager_add(pm, pass, &diags);
        }
    }
    print_usage_diagnostics(&diags);
    spvk_diagnostics_free(&diags);
    if (r != SPVK_OK) {
        if (r == SPVK_ERROR_OUT_OF_MEMORY)
            fprintf(stderr, "spvkit opt: out of memory\n");
        spvk_pass_manager_destroy(pm);
        return NULL;
    }
    spvk_pass_manager_set_verify_each(pm, o->verify_each && o->io.verify);
    spvk_pass_manager_enable_timing(pm, o->timing);
    if (o->printing) {
        o->print_ir.print = o->io.print;
        o->print_ir.before = o->print_names;
        o->print_ir.num_before = o->num_before;
        o->print_ir.after = o->print_names + o->num_before;
        o->print_ir.num_after = o->num_after;
        o->print_ir.write = write_to_file;
        o->print_ir.user = stderr;
        if (!spvk_pass_manager_set_ir_printing(pm, &o->print_ir)) {
            fprintf(stderr, "spvkit opt: out of memory\n");
            spvk_pass_manager_destroy(pm);
            return NULL;
        }
    }
    if (o->dump_pipeline) {
        char *text = spvk_pass_manager_print(pm);
        size_t passes = 0;
        /* MLIR counts the top manager's entries: a nested pipeline is one. */
        for (const char *c = text ? strchr(text, '(') : NULL; c && *++c && *c != ')';) {
            passes++;
            int depth = 0;
            for (; *c && !(depth == 0 && (*c == ',' || *c == ')')); c++)
                depth += *c == '(' || *c == '{' ? 1 : *c == ')' || *c == '}' ? -1 : 0;
            if (*c != ',')
                break;
        }
        fprintf(stderr, "Pass Manager with %zu passes:\n%s\n", passes, text ? text : "");
        free(text);
    }
    return pm;
}

typedef struct opt_timing {
    double parse, output;
} opt_timing;

/* One input (a whole file, or one `// -----` piece of it): parsed, verified, run through the
   passes and printed to out. Returns the exit status. */
static int process_buffer(spvk_ir_context *ctx, spvk_pass_manager *pm, const opt_options *o, const char *data,
                          size_t size, const char *name, FILE *out, bool *write_failed, opt_timing *timing)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    double start = o->timing ? seconds_now() : 0;
    spvk_result r = spvk_ir_parse(ctx, data, size, name, &module, &diags);
    if (r == SPVK_OK && o->io.verify)
        r = spvk_ir_verify(ctx, module, &diags);
    if (o->timing)
        timing->parse += seconds_now() - start;
    bool ran = false;
    if (r == SPVK_OK && !spvk_pass_manager_empty(pm)) {
        r = spvk_pass_manager_run(pm, module, &diags);
        ran = true;
    }
    cli_print_diagnostics(&diags, name, true);
    spvk_diagnostics_free(&diags);
    int rc = EXIT_OK;
    if (r != SPVK_OK) {
        rc = failed("opt", r);
    } else {
        start = o->timing ? seconds_now() : 0;
        spvk_ir_print_options po = o->io.print;
        /* Passes verified what they changed, unless told not to. */
        po.assume_verified = o->io.verify && (!ran || o->verify_each);
        r = spvk_ir_print_to(ctx, module, &po, write_to_file, out);
        if (r == SPVK_ERROR_IO)
            *write_failed = true;
        else if (r != SPVK_OK)
            rc = failed("opt", r);
        else if (fputc('\n', out) == EOF)
            *write_failed = true; /* mlir-opt ends its output (each piece) with a blank line */
        if (o->timing)
            timing->output += seconds_now() - start;
    }
    /* The next piece reuses the memory. */
    if (module)
        spvk_ir_op_erase(ctx, module);
    return rc;
}

/* The pieces of a --split-input-file input, as mlir-opt splits it: at each "// -----" that no
   further '-' follows; a longer or shorter run of dashes is a near miss, reported and kept in
   the piece. Each piece is named "within split at FILE:LINE offset " (its first line in FILE),
   so that its diagnostics read as mlir-opt's. */
static int process_split(spvk_ir_context *ctx, spvk_pass_manager *pm, const opt_options *o, const cli_input *in,
                         FILE *out, bool *write_failed, opt_timing *timing)
{
    const char *marker = "// ---";
    const size_t marker_length = 6;
    const char *data = in->data, *end = in->data + in->size;
    const char *piece = data;
    uint32_t piece_line = 1, line = 1;
    const char *line_start = data;
    int rc = EXIT_OK;
    const char *p = data;
    for (;;) {
        const char *m = NULL;
        for (const char *s = p; s + marker_length <= end; s++) {
            if (*s == '\n') {
                line++;
                line_start = s + 1;
            }
            if (*s == '/' && memcmp(s, marker, marker_length) == 0) {
                m = s;
                break;
            }
        }
        const char *piece_end = m ? m : end;
        bool split = false;
        if (m) {
            const char *after = m + marker_length;
            split = end - after > 2 && after[0] == '-' && after[1] == '-' && after[2] != '-';
            if (!split) {
                fprintf(stderr, "%s:%u:%u: warning: near miss with file split marker\n", input_name(&o->io), line,
                        (unsigned)(after - line_start) + 1);
                p = after;
                continue;
            }
        }
        char name[4096];
        snprintf(name, sizeof name, "within split at %s:%u offset ", input_name(&o->io), piece_line);
        int piece_rc = process_buffer(ctx, pm, o, piece, (size_t)(piece_end - piece), name, out, write_failed, timing);
        if (piece_rc > rc)
            rc = piece_rc;
        if (!m)
            break;
        if (fputs("// -----\n", out) == EOF)
            *write_failed = true;
        piece = m + marker_length + 2;
        piece_line = line;
        p = piece;
    }
    return rc;
}

static bool print_timing_row(void *user, const char *name, uint32_t depth, double seconds)
{
    const double *total = user;
    fprintf(stderr, "%10.4f (%5.1f%%)  %*s%s\n", seconds, *total > 0 ? 100 * seconds / *total : 0, (int)(2 * depth),
            "", name);
    return true;
}

static bool add_top_row(void *user, const char *name, uint32_t depth, double seconds)
{
    (void)name;
    if (depth == 0)
        *(double *)user += seconds;
    return true;
}

/* mlir-opt's --mlir-timing report (one thread: wall time alone). */
static void print_timing(const spvk_pass_manager *pm, const opt_timing *t, double total)
{
    double passes = 0;
    spvk_pass_manager_timing(pm, add_top_row, &passes);
    double rest = total - t->parse - passes - t->output;
    if (rest < 0)
        rest = 0;
    fprintf(stderr,
            "===-------------------------------------------------------------------------===\n"
            "                         ... Execution time report ...\n"
            "===-------------------------------------------------------------------------===\n"
            "  Total Execution Time: %.4f seconds\n\n"
            "  ----Wall Time----  ----Name----\n",
            total);
    print_timing_row(&total, "Parser", 0, t->parse);
    spvk_pass_manager_timing(pm, print_timing_row, &total);
    print_timing_row(&total, "Output", 0, t->output);
    print_timing_row(&total, "Rest", 0, rest);
    print_timing_row(&total, "Total", 0, total);
}

int cli_opt(int argc, char **argv)
{
    double start = seconds_now();
    opt_options o;
    memset(&o, 0, sizeof o);
    o.io.verify = true;
    o.verify_each = true;
    o.flags = calloc((size_t)argc, sizeof *o.flags);
    o.print_names = calloc((size_t)argc * 8 + 1, sizeof *o.print_names);
    if (!o.flags || !o.print_names) {
        free(o.flags);
        free(o.print_names);
        fprintf(stderr, "spvkit opt: out of memory\n");
        return EXIT_USAGE;
    }
    int rc = EXIT_OK;
    for (int i = 1; i < argc && rc == EXIT_OK; i++) {
        int t = take_opt_option(argc, argv, &i, &o);
        if (t == 0)
            t = take_ir_option("opt", argc, argv, &i, &o.io);
        if (t < 0)
            rc = EXIT_USAGE;
        else if (t == 0)
            rc = cli_usage_error("opt", "Unknown command line argument '%s'.", argv[i]);
    }
    if (rc == EXIT_OK && o.pipeline && o.num_flags) {
        fprintf(stderr, "spvkit opt: '-pass-pipeline' option can't be used with individual pass options\n");
        rc = EXIT_USAGE;
    }
    spvk_ir_context *ctx = rc == EXIT_OK ? new_context(&o.io) : NULL;
    if (rc == EXIT_OK && !ctx)
        rc = EXIT_USAGE;
    spvk_pass_manager *pm = ctx ? build_pipeline(ctx, &o) : NULL;
    if (ctx && !pm)
        rc = EXIT_USAGE;
    cli_input in;
    memset(&in, 0, sizeof in);
    if (pm)
        rc = cli_read_input("spvkit", o.io.input, &in);
    cli_output out;
    memset(&out, 0, sizeof out);
    if (pm && rc == EXIT_OK && !cli_open_output(&out, o.io.output, false, "opt"))
        rc = EXIT_USAGE;
    if (out.f) {
        bool write_failed = false;
        opt_timing timing = {0, 0};
        if (o.split_input)
            rc = process_split(ctx, pm, &o, &in, out.f, &write_failed, &timing);
        else
            rc = process_buffer(ctx, pm, &o, in.data, in.size, input_name(&o.io), out.f, &write_failed, &timing);
        int close_rc = cli_close_output(&out, write_failed, rc == EXIT_OK);
        if (rc == EXIT_OK)
            rc = close_rc;
        if (o.timing)
            print_timing(pm, &timing, seconds_now() - start);
    }
    cli_input_free(&in);
    spvk_pass_manager_destroy(pm);
    spvk_ir_context_destroy(ctx);
    free(o.flags);
    free(o.print_names);
    return rc;
}

void cli_opt_help_passes(FILE *f)
{
    fprintf(f, "\nPasses (each a flag, --NAME or --NAME='OPTION=VALUE ...', and a name in --pass-pipeline):\n");
    for (uint32_t i = 0; i < spvk_pass_registry_count(); i++) {
        const spvk_pass_def *def = spvk_pass_registry_at(i);
        fprintf(f, "  --%-28s %s%s%s\n", def->argument, def->summary, def->anchor ? ", on " : "",
                def->anchor ? def->anchor : "");
        for (uint32_t k = 0; k < def->num_options; k++) {
            const spvk_pass_option *opt = &def->options[k];
            fprintf(f, "      %-26s %s%s%s%s\n", opt->name, opt->description ? opt->description : "",
                    opt->default_value ? " (default: " : "", opt->default_value ? opt->default_value : "",
                    opt->default_value ? ")" : "");
            for (uint32_t e = 0; e < opt->num_enum_values; e++)
                fprintf(f, "        =%-23s %s\n", opt->enum_values[e].name,
                        opt->enum_values[e].description ? opt->enum_values[e].description : "");
        }
    }
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
    "Parses MLIR text, verifies it, runs passes on it and prints it, as mlir-opt does (docs/passes.md).\n"
    "  --PASS[='OPTIONS']                 run a pass (listed below), in command-line order; options\n"
    "                                     as 'max-iterations=3 region-simplify=disabled'\n"
    "  --pass-pipeline='PIPELINE'         MLIR's textual pipeline instead of pass flags:\n"
    "                                     'builtin.module(func.func(canonicalize{max-iterations=3},cse))'\n"
    "  --verify-each=false                do not verify the IR after each pass (default true)\n"
    "  --mlir-print-ir-before=PASS,...    print the IR before these passes (to standard error)\n"
    "  --mlir-print-ir-after=PASS,...     ... after these passes\n"
    "  --mlir-print-ir-before-all, --mlir-print-ir-after-all\n"
    "  --mlir-print-ir-after-change       after a pass only when it changed the IR\n"
    "  --mlir-print-ir-after-failure      after a pass that failed\n"
    "  --mlir-print-ir-module-scope       print the top op, not the one the pass ran on\n"
    "  --mlir-timing                      report each pass's time (to standard error)\n"
    "  --dump-pass-pipeline               print the pipeline (to standard error)\n"
    "  --split-input-file                 process each '// -----' piece apart; outputs joined by it\n"
    "  --mlir-print-op-generic            print every operation in generic form\n"
    "  --mlir-print-debuginfo             print locations\n"
    "  --allow-unregistered-dialect       accept operations of dialects spvkit does not know\n"
    "  --no-verify                        skip the IR verifier (after parsing and after passes)\n"
    "  -o OUT                             output file (default standard output)\n"
    "An unknown pass, option or pass option exits 2; a pass that fails, or IR that fails to verify\n"
    "after one, exits 1.\n";
