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

/* The input limit: one bound for every command, so that /dev/zero, an endless pipe or a huge
   file ends in a message instead of exhausting memory (`spvkit run /dev/zero` once reached
   15.8 GB). 256 MiB is some ten times the largest module seen (SPIRV-Cross's and ggml's corpora
   stay under 1 MiB; the benchmark's largest text is 21 MB). */
size_t cli_input_limit(const char *who)
{
    const char *value = getenv(CLI_INPUT_LIMIT_VARIABLE);
    if (!value || !*value)
        return CLI_INPUT_LIMIT_DEFAULT;
    char *end = NULL;
    errno = 0;
    unsigned long long n = value[0] >= '0' && value[0] <= '9' ? strtoull(value, &end, 10) : 0;
    unsigned shift = 0;
    if (end && (*end == 'K' || *end == 'k'))
        shift = 10;
    else if (end && (*end == 'M' || *end == 'm'))
        shift = 20;
    else if (end && (*end == 'G' || *end == 'g'))
        shift = 30;
    if (shift)
        end++;
    if (!end || *end || errno || n == 0 || n > ((unsigned long long)(SIZE_MAX / 4) >> shift)) {
        fprintf(stderr, "%s: %s=%s is not a size (bytes, or a number with K, M or G: 512M, 2G)\n", who,
                CLI_INPUT_LIMIT_VARIABLE, value);
        return 0;
    }
    return (size_t)(n << shift);
}

/* "256 MiB" for a limit in whole MiB, else the bytes. */
static void format_limit(size_t limit, char *out, size_t size)
{
    if (limit % ((size_t)1 << 30) == 0)
        snprintf(out, size, "%zu GiB", limit >> 30);
    else if (limit % ((size_t)1 << 20) == 0)
        snprintf(out, size, "%zu MiB", limit >> 20);
    else if (limit % ((size_t)1 << 10) == 0)
        snprintf(out, size, "%zu KiB", limit >> 10);
    else
        snprintf(out, size, "%zu bytes", limit);
}

static int input_too_large(const char *who, const char *name, size_t limit)
{
    char text[32];
    format_limit(limit, text, sizeof text);
    fprintf(stderr, "%s: %s is larger than the input limit of %s (%s=SIZE raises it)\n", who, name, text,
            CLI_INPUT_LIMIT_VARIABLE);
    return EXIT_USAGE;
}

/* Reads a whole file ("-" or NULL: standard input). A regular file is mapped read-only: the page
   cache is then the buffer, where reading would copy it into pages of our own, each zeroed
   first (12 ms of 13 for a 20 MB file). Anything else is read into a buffer that grows, up to
   one byte past the limit (which tells that the input is larger). */
int cli_read_input(const char *who, const char *path, cli_input *in)
{
    memset(in, 0, sizeof *in);
    bool is_stdin = !path || strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    size_t limit = cli_input_limit(who);
    if (!limit)
        return EXIT_USAGE;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot open %s: %s\n", who, path, strerror(errno));
        return EXIT_USAGE;
    }
    struct stat st;
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular && (uint64_t)st.st_size > limit) {
        if (!is_stdin)
            close(fd);
        return input_too_large(who, name, limit);
    }
    if (!is_stdin && regular && st.st_size > 0) {
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
    while (!failed && n <= limit) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            failed = got < 0;
            break;
        }
        n += (size_t)got;
        if (n == cap && n <= limit) {
            size_t grown = cap * 2 < limit + 1 ? cap * 2 : limit + 1;
            char *p = realloc(buf, grown);
            failed = !p;
            if (p) {
                buf = p;
                cap = grown;
            }
        }
    }
    if (!is_stdin)
        close(fd);
    if (!failed && n > limit) {
        free(buf);
        return input_too_large(who, name, limit);
    }
    if (failed) {
        free(buf);
        fprintf(stderr, "%s: cannot read %s\n", who, name);
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

/* Where a temporary file for path goes: the file itself when path is a symbolic link (renaming
   over the link would replace it with a file), in the same directory as that file. NULL when
   path must be written in place (a device, a pipe) or, with *error set, cannot be. */
static char *output_target(const char *path, int *error)
{
    struct stat st;
    *error = 0;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? strdup(path) : (*error = errno, NULL);
    if (S_ISLNK(st.st_mode)) {
        char *resolved = realpath(path, NULL);
        if (!resolved)
            return errno == ENOENT ? strdup(path) : (*error = errno, NULL); /* a dangling link: as fopen would */
        if (stat(resolved, &st) == 0 && S_ISREG(st.st_mode))
            return resolved;
        free(resolved);
        return NULL;
    }
    return S_ISREG(st.st_mode) ? strdup(path) : NULL;
}

bool cli_open_output(cli_output *out, const char *path, bool binary, const char *cmd)
{
    memset(out, 0, sizeof *out);
    out->path = path;
    out->cmd = cmd;
    if (!path || strcmp(path, "-") == 0) {
        /* -o - writes binary to standard output even when it is a terminal: the user asked. */
        if (binary && !path && isatty(STDOUT_FILENO)) {
            fprintf(stderr,
                    "spvkit %s: refusing to write binary output to a terminal; use -o FILE (or -o - to force)\n", cmd);
            return false;
        }
        out->f = stdout;
        return true;
    }
    int error;
    out->target = output_target(path, &error);
    if (!out->target && error) {
        fprintf(stderr, "spvkit %s: cannot open %s for writing: %s\n", cmd, path, strerror(error));
        return false;
    }
    if (!out->target) {
        out->f = fopen(path, "wb");
        if (!out->f)
            fprintf(stderr, "spvkit %s: cannot open %s for writing: %s\n", cmd, path, strerror(errno));
        return out->f != NULL;
    }
    /* TARGET's directory/.TARGET-NAME.spvkit-XXXXXX */
    const char *slash = strrchr(out->target, '/');
    size_t dir = slash ? (size_t)(slash - out->target) + 1 : 0, length = strlen(out->target);
    out->temp = malloc(length + 24);
    int fd = -1;
    if (out->temp) {
        snprintf(out->temp, length + 24, "%.*s.%s.spvkit-XXXXXX", (int)dir, out->target, out->target + dir);
        fd = mkstemp(out->temp);
    }
    if (fd < 0) {
        fprintf(stderr, "spvkit %s: cannot open %s for writing: %s\n", cmd, path,
                out->temp ? strerror(errno) : "out of memory");
        free(out->temp);
        free(out->target);
        memset(out, 0, sizeof *out);
        return false;
    }
    /* mkstemp makes the file private (0600); the output gets what fopen would give a new file,
       or the mode of the file it replaces. */
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    mode_t mode = stat(out->target, &st) == 0 ? st.st_mode & 07777 : 0666 & ~mask;
    (void)fchmod(fd, mode);
    out->f = fdopen(fd, "wb");
    if (!out->f) {
        fprintf(stderr, "spvkit %s: cannot open %s for writing: %s\n", cmd, path, strerror(errno));
        close(fd);
        unlink(out->temp);
        free(out->temp);
        free(out->target);
        memset(out, 0, sizeof *out);
        return false;
    }
    return true;
}

int cli_close_output(cli_output *out, bool write_failed, bool keep)
{
    if (!out->f)
        return EXIT_OK;
    bool failed = write_failed || ferror(out->f) != 0;
    failed |= out->f == stdout ? fflush(out->f) != 0 : fclose(out->f) != 0;
    const char *name = out->path && strcmp(out->path, "-") != 0 ? out->path : "<stdout>";
    bool said = false;
    if (out->temp) {
        if (!failed && keep && rename(out->temp, out->target) != 0) {
            fprintf(stderr, "spvkit %s: cannot write %s: %s\n", out->cmd, name, strerror(errno));
            failed = said = true;
        }
        if (failed || !keep)
            unlink(out->temp);
    }
    if (failed && !said)
        fprintf(stderr, "spvkit %s: cannot write %s\n", out->cmd, name);
    free(out->temp);
    free(out->target);
    memset(out, 0, sizeof *out);
    return failed ? EXIT_USAGE : EXIT_OK;
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
    cli_output out;
    if (!cli_open_output(&out, path, binary, cmd))
        return EXIT_USAGE;
    bool failed = !cli_write_pieces(out.f, data, size);
    return cli_close_output(&out, failed, !failed);
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
        if (c->run == cli_opt)
            cli_opt_help_passes(stdout);
        return EXIT_OK;
    }
    print_usage(stdout);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %s\n", commands[i].synopsis);
    printf("\nExit status: 0 success, 1 invalid input (or a failed --expect), 2 usage or I/O error,\n"
           "3 device error (spvkit run).\n\n"
           "Inputs are read up to 256 MiB (" CLI_INPUT_LIMIT_VARIABLE "=SIZE sets another limit: bytes, or\n"
           "with K, M or G). Output files are replaced only when the command succeeds.\n");
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
