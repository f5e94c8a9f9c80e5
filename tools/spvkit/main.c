/* The spvkit command: argument parsing and printing only; every behaviour lives in the library. */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

typedef struct command {
    const char *name;
    const char *synopsis;
    const char *help;
    int (*run)(int argc, char **argv);
} command;

static const command *find_command(const char *name);

int cli_usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "spvkit %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'spvkit help %s'.\n", cmd);
    return EXIT_USAGE;
}

/* Reads a whole file ("-" or NULL: standard input). A regular file is mapped read-only: the page
   cache is then the buffer, where reading would copy it into pages of our own, each zeroed
   first (12 ms of 13 for a 20 MB file). Anything else is read into a buffer that grows. */
int cli_read_input(const char *who, const char *path, cli_input *in)
{
    memset(in, 0, sizeof *in);
    bool is_stdin = !path || strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot open %s: %s\n", who, path, strerror(errno));
        return EXIT_USAGE;
    }
    struct stat st;
    if (!is_stdin && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < SIZE_MAX / 2) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (m != MAP_FAILED) {
            close(fd);
            in->mapped = m;
            in->data = m;
            in->size = (size_t)st.st_size;
            return EXIT_OK;
        }
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    bool failed = !buf;
    while (!failed) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            failed = got < 0;
            break;
        }
        n += (size_t)got;
        if (n == cap) {
            char *p = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            failed = !p;
            if (p) {
                buf = p;
                cap *= 2;
            }
        }
    }
    if (!is_stdin)
        close(fd);
    if (failed) {
        free(buf);
        fprintf(stderr, "%s: cannot read %s\n", who, path ? path : "<stdin>");
        return EXIT_USAGE;
    }
    in->buffer = buf;
    in->data = buf;
    in->size = n;
    return EXIT_OK;
}

void cli_input_free(cli_input *in)
{
    if (in->mapped)
        munmap(in->mapped, in->size);
    free(in->buffer);
    memset(in, 0, sizeof *in);
}

/* The version that spirv-dis writes in the leading comments ("; Version: 1.3"): text that was
   disassembled must assemble to the same version, since it decides what the entry point lists
   (SPIR-V 1.4 and later list every global it uses). 0 when there is none. */
uint32_t cli_assembly_version(const char *text, size_t size)
{
    const char *p = text, *end = text + size;
    while (p < end && *p == ';') {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        unsigned major, minor;
        char line[64] = "";
        memcpy(line, p, (size_t)(eol - p) < sizeof(line) - 1 ? (size_t)(eol - p) : sizeof(line) - 1);
        if (sscanf(line, "; Version: %u.%u", &major, &minor) == 2 && major == 1 && minor <= 6)
            return SPVK_VERSION(major, minor);
        p = eol + 1;
    }
    return 0;
}

int cli_load_module_source(const char *who, const char *path, cli_module *module, cli_source *source)
{
    memset(module, 0, sizeof *module);
    cli_input in;
    int rc = cli_read_input(who, path, &in);
    if (rc)
        return rc;
    const char *name = path && strcmp(path, "-") != 0 ? path : "<stdin>";
    uint32_t first = 0;
    if (in.size >= 4)
        memcpy(&first, in.data, 4);
    bool swapped = first == __builtin_bswap32(SPVK_MAGIC);
    if (first == SPVK_MAGIC || swapped) {
        if (in.size % 4) {
            fprintf(stderr, "%s: %s: a SPIR-V binary is a whole number of words; it has %zu bytes\n", who, name,
                    in.size);
            cli_input_free(&in);
            return EXIT_INVALID;
        }
        module->count = in.size / 4;
        if (!swapped) { /* used where it lies: a mapping and malloc are aligned for words */
            module->input = in;
            module->words = (const uint32_t *)(const void *)in.data;
            return EXIT_OK;
        }
        module->owned = malloc(in.size);
        if (module->owned)
            for (size_t i = 0; i < module->count; i++) {
                uint32_t w;
                memcpy(&w, in.data + 4 * i, 4);
                module->owned[i] = __builtin_bswap32(w);
            }
        cli_input_free(&in);
        if (!module->owned) {
            fprintf(stderr, "%s: out of memory\n", who);
            return EXIT_USAGE;
        }
        module->words = module->owned;
        return EXIT_OK;
    }
    uint32_t version = cli_assembly_version(in.data, in.size);
    if (!version && source)
        version = source->default_version;
    spvk_assemble_options opts = {.version = version, .file_name = name, .source_map = source ? &source->map : NULL};
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *assembled = NULL; /* no allocator hook: malloc's, which cli_module_free frees */
    size_t count = 0;
    spvk_result r = spvk_assemble(in.data, in.size, &opts, NULL, &assembled, &count, &diags);
    cli_print_diagnostics(&diags, name, true);
    spvk_diagnostics_free(&diags);
    if (source && r == SPVK_OK)
        source->text = in; /* the source map points into it */
    else
        cli_input_free(&in);
    if (r != SPVK_OK) {
        if (source)
            spvk_source_map_free(&source->map);
        return cli_exit_for(r);
    }
    module->owned = assembled;
    module->words = assembled;
    module->count = count;
    return EXIT_OK;
}

int cli_load_module(const char *who, const char *path, cli_module *module)
{
    return cli_load_module_source(who, path, module, NULL);
}

void cli_module_free(cli_module *module)
{
    cli_input_free(&module->input);
    free(module->owned);
    memset(module, 0, sizeof *module);
}

void cli_source_free(cli_source *source)
{
    if (!source)
        return;
    spvk_source_map_free(&source->map);
    cli_input_free(&source->text);
}

FILE *cli_open_output(const char *path, bool binary, const char *cmd)
{
    if (path && strcmp(path, "-") != 0) {
        FILE *f = fopen(path, "wb");
        if (!f)
            fprintf(stderr, "spvkit %s: cannot open %s for writing: %s\n", cmd, path, strerror(errno));
        return f;
    }
    /* -o - writes binary to standard output even when it is a terminal: the user asked. */
    if (binary && !path && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "spvkit %s: refusing to write binary output to a terminal; use -o FILE (or -o - to force)\n",
                cmd);
        return NULL;
    }
    return stdout;
}

int cli_close_output(FILE *f, const char *path, bool failed, const char *cmd)
{
    failed |= ferror(f) != 0;
    failed |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
    if (failed) {
        fprintf(stderr, "spvkit %s: cannot write %s\n", cmd, path && strcmp(path, "-") != 0 ? path : "<stdout>");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Output goes out in pieces of this size: Linux throttles a single write() that dirties megabytes
   of page cache (writing 3.8 MB to a new file took 7 to 8 ms in one call, 0.8 ms in 256 KiB ones). */
#define CLI_WRITE_PIECE ((size_t)256 << 10)

bool cli_write_pieces(FILE *f, const void *data, size_t size)
{
    const char *p = data;
    for (size_t done = 0; done < size;) {
        size_t n = size - done < CLI_WRITE_PIECE ? size - done : CLI_WRITE_PIECE;
        if (fwrite(p + done, 1, n, f) != n)
            return false;
        done += n;
    }
    return true;
}

int cli_write_output(const char *path, const void *data, size_t size, bool binary, const char *cmd)
{
    FILE *f = cli_open_output(path, binary, cmd);
    if (!f)
        return EXIT_USAGE;
    return cli_close_output(f, path, !cli_write_pieces(f, data, size), cmd);
}

/* Prints the diagnostics; binary ones are prefixed with the input's name. */
void cli_print_diagnostics(const spvk_diagnostics *diags, const char *input_name, bool text_input)
{
    for (size_t i = 0; i < diags->count; i++) {
        char *s = spvk_diagnostic_format(&diags->items[i], NULL);
        if (!s)
            continue;
        if (text_input || diags->items[i].line)
            fprintf(stderr, "%s\n", s);
        else
            fprintf(stderr, "%s: %s\n", input_name, s);
        free(s);
    }
}

int cli_exit_for(spvk_result r)
{
    switch (r) {
    case SPVK_OK: return EXIT_OK;
    case SPVK_ERROR_INVALID: return EXIT_INVALID;
    case SPVK_ERROR_DEVICE: return EXIT_DEVICE;
    default: return EXIT_USAGE;
    }
}

/* Shared option parsing: -o OUT, one positional input. Returns 0 on success. */
typedef struct io_args {
    const char *input;
    const char *output;
} io_args;

static int take_io_arg(const char *cmd, int argc, char **argv, int *i, io_args *io, bool *handled)
{
    const char *a = argv[*i];
    *handled = true;
    if (strcmp(a, "-o") == 0) {
        if (*i + 1 >= argc)
            return cli_usage_error(cmd, "%s needs a file name", a);
        io->output = argv[++*i];
        return 0;
    }
    if (a[0] != '-' || strcmp(a, "-") == 0) {
        if (io->input)
            return cli_usage_error(cmd, "more than one input (%s)", a);
        io->input = a;
        return 0;
    }
    *handled = false;
    return 0;
}

static int cmd_as(int argc, char **argv)
{
    io_args io = {NULL, NULL};
    spvk_assemble_options opts;
    memset(&opts, 0, sizeof opts);
    for (int i = 1; i < argc; i++) {
        bool handled;
        int rc = take_io_arg("as", argc, argv, &i, &io, &handled);
        if (rc)
            return rc;
        if (handled)
            continue;
        if (strcmp(argv[i], "--target-env") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("as", "%s needs an environment", argv[i]);
            if (!spvk_target_env_spirv_version(argv[++i], &opts.version)) {
                fprintf(stderr, "spvkit as: unknown target environment '%s'; one of: %s\n", argv[i],
                        spvk_target_env_names());
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--preserve-numeric-ids") == 0) {
            opts.preserve_numeric_ids = true;
        } else {
            return cli_usage_error("as", "unknown option %s", argv[i]);
        }
    }
    cli_input in;
    int rc = cli_read_input("spvkit", io.input, &in);
    if (rc)
        return rc;
    opts.file_name = io.input && strcmp(io.input, "-") != 0 ? io.input : "<stdin>";
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    uint32_t *words = NULL;
    size_t count = 0;
    spvk_result r = spvk_assemble(in.data, in.size, &opts, NULL, &words, &count, &diags);
    cli_print_diagnostics(&diags, opts.file_name, true);
    spvk_diagnostics_free(&diags);
    cli_input_free(&in);
    if (r != SPVK_OK) {
        if (r != SPVK_ERROR_INVALID)
            fprintf(stderr, "spvkit as: %s\n", spvk_result_string(r));
        return cli_exit_for(r);
    }
    rc = cli_write_output(io.output, words, count * 4, true, "as");
    spvk_free(NULL, words, count * 4);
    return rc;
}

static int cmd_dis(int argc, char **argv)
{
    io_args io = {NULL, NULL};
    spvk_disassemble_options opts;
    memset(&opts, 0, sizeof opts);
    for (int i = 1; i < argc; i++) {
        bool handled;
        int rc = take_io_arg("dis", argc, argv, &i, &io, &handled);
        if (rc)
            return rc;
        if (handled)
            continue;
        if (strcmp(argv[i], "--raw-id") == 0)
            opts.raw_ids = true;
        else if (strcmp(argv[i], "--no-header") == 0)
            opts.no_header = true;
        else if (strcmp(argv[i], "--no-indent") == 0)
            opts.no_indent = true;
        else
            return cli_usage_error("dis", "unknown option %s", argv[i]);
    }
    cli_input in;
    int rc = cli_read_input("spvkit", io.input, &in);
    if (rc)
        return rc;
    const char *name = io.input && strcmp(io.input, "-") != 0 ? io.input : "<stdin>";
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    char *text = NULL;
    size_t length = 0;
    spvk_result r = spvk_disassemble(in.data, in.size, &opts, NULL, &text, &length, &diags);
    cli_print_diagnostics(&diags, name, false);
    spvk_diagnostics_free(&diags);
    cli_input_free(&in);
    if (r != SPVK_OK) {
        if (r != SPVK_ERROR_INVALID)
            fprintf(stderr, "spvkit dis: %s\n", spvk_result_string(r));
        return cli_exit_for(r);
    }
    rc = cli_write_output(io.output, text, length, false, "dis");
    spvk_free(NULL, text, length + 1);
    return rc;
}

static void print_usage(FILE *f)
{
    fprintf(f, "usage: spvkit COMMAND [OPTIONS]\n"
               "       spvkit help [COMMAND]\n"
               "       spvkit --version\n\n"
               "SPIR-V toolkit with first-class bfloat16.\n\ncommands:\n");
}

static int cmd_help(int argc, char **argv);

static const command commands[] = {
    {"as", "spvkit as [--target-env ENV] [--preserve-numeric-ids] [-o OUT] [IN|-]",
     "Assembles SPIR-V assembly text (SPIRV-Tools syntax, bfloat16 included) into a binary module.\n"
     "  --target-env ENV        sets the header's SPIR-V version as spirv-as does (default 1.6):\n"
     "                          spv1.0..spv1.6, vulkan1.0..vulkan1.4, vulkan1.1spv1.4,\n"
     "                          opencl1.2..opencl2.2 and their 'embedded' forms, opengl4.0..opengl4.5\n"
     "  --preserve-numeric-ids  %N keeps id N (default: ids are numbered in order of first appearance)\n"
     "  -o OUT                  output file; binary output to a terminal is refused without -o\n"
     "  IN                      input file, or - for standard input (the default)\n",
     cmd_as},
    {"dis", "spvkit dis [--raw-id] [--no-header] [--no-indent] [-o OUT] [IN|-]",
     "Disassembles a SPIR-V binary (either endianness) exactly as spirv-dis prints it.\n"
     "  --raw-id     print ids as numbers instead of friendly names\n"
     "  --no-header  omit the '; SPIR-V' header comment\n"
     "  --no-indent  do not align the instructions\n"
     "  -o OUT       output file (default standard output)\n",
     cmd_dis},
    {"run", CLI_RUN_SYNOPSIS, CLI_RUN_HELP, cli_run},
    {"translate", CLI_TRANSLATE_SYNOPSIS, CLI_TRANSLATE_HELP, cli_translate},
    {"opt", CLI_OPT_SYNOPSIS, CLI_OPT_HELP, cli_opt},
    {"val", CLI_VAL_SYNOPSIS, CLI_VAL_HELP, cli_val},
    {"help", "spvkit help [COMMAND]", "Prints the usage of spvkit or of one command.\n", cmd_help},
};

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int cmd_help(int argc, char **argv)
{
    if (argc > 1) {
        const command *c = find_command(argv[1]);
        if (!c) {
            fprintf(stderr, "spvkit help: no command '%s'\n", argv[1]);
            return EXIT_USAGE;
        }
        printf("usage: %s\n\n%s", c->synopsis, c->help);
        return EXIT_OK;
    }
    print_usage(stdout);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %s\n", commands[i].synopsis);
    printf("\nExit status: 0 success, 1 invalid input (or a failed --expect), 2 usage or I/O error,\n"
           "3 device error (spvkit run).\n");
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            fprintf(stderr, "  %s\n", commands[i].synopsis);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("spvkit %s (SPIR-V grammar %s)\n", SPVK_VERSION_STRING, spvk_grammar_version_string());
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return cmd_help(1, argv);
    const command *c = find_command(argv[1]);
    if (!c) {
        fprintf(stderr, "spvkit: unknown command '%s'\n", argv[1]);
        print_usage(stderr);
        return EXIT_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}
