/* What the spvkit command's files share: exit codes, input and output, diagnostics. */
#ifndef SPVKIT_CLI_H
#define SPVKIT_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/spvkit.h"

enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2, EXIT_DEVICE = 3 };

int cli_usage_error(const char *cmd, const char *fmt, const char *arg);
/* A whole input ("-" or NULL: standard input): a regular file is mapped read-only, anything
   else read into memory. Errors are printed after who ("spvkit", "spvkit run: error"). An input
   larger than the limit (cli_input_limit) is refused with EXIT_USAGE, before it is read. */
typedef struct cli_input {
    const char *data;
    size_t size;
    void *mapped; /* the mapping, or NULL */
    char *buffer; /* what was read, or NULL */
} cli_input;
int cli_read_input(const char *who, const char *path, cli_input *in);
/* The most bytes an input may have: CLI_INPUT_LIMIT_DEFAULT, or $SPVKIT_MAX_INPUT_SIZE (bytes, or
   with a K, M or G suffix: KiB, MiB, GiB). 0 after an error message: a value that is no size. */
#define CLI_INPUT_LIMIT_DEFAULT ((size_t)256 << 20)
#define CLI_INPUT_LIMIT_VARIABLE "SPVKIT_MAX_INPUT_SIZE"
size_t cli_input_limit(const char *who);
void cli_input_free(cli_input *in);
/* A module as SPIR-V words in host order: a binary (told by its magic number, either byte
   order) or assembly text (assembled at the version its "; Version:" comment names, else 1.6 as
   spirv-as). A binary in host order is used where it lies; errors are printed after who. */
typedef struct cli_module {
    const uint32_t *words;
    size_t count;
    cli_input input; /* holds the words of a binary in host order */
    uint32_t *owned; /* the words made here (byte-swapped, assembled), or NULL */
} cli_module;
int cli_load_module(const char *who, const char *path, cli_module *module);
void cli_module_free(cli_module *module);
/* cli_load_module that also keeps what assembly text came with: text without a "; Version:"
   comment is assembled at default_version (0: 1.6), and on success the text and its source map
   are handed over; both stay empty for a binary. Free with cli_source_free. */
typedef struct cli_source {
    uint32_t default_version;
    spvk_source_map map;
    cli_input text;
} cli_source;
int cli_load_module_source(const char *who, const char *path, cli_module *module, cli_source *source);
void cli_source_free(cli_source *source);
/* The version a "; Version: 1.x" comment at the top of assembly text names, or 0. */
uint32_t cli_assembly_version(const char *text, size_t size);
/* Output to a file or to standard output (NULL or "-"). A regular file (or one a symbolic link
   names, or none yet) is written to a temporary file beside it, in the same directory so that
   rename replaces it at once, and renamed over it only when the command succeeded: a failed
   command leaves no file where there was none, and never replaces one where there was. Other
   files (devices and pipes: /dev/null, /dev/stdout) are written in place. */
typedef struct cli_output {
    FILE *f;          /* NULL when not open */
    const char *path; /* as given, for messages */
    char *temp;       /* the temporary file (malloc'd), or NULL when writing in place */
    char *target;     /* what temp is renamed to: path, or the file its symbolic links name */
    const char *cmd;
} cli_output;
/* Opens out; false after an error message (exit with EXIT_USAGE). */
bool cli_open_output(cli_output *out, const char *path, bool binary, const char *cmd);
/* Finishes out (nothing when it was never opened). keep: the command succeeded, so the output
   replaces path; otherwise the temporary file is removed, since the command failed for a reason
   it reported itself. "cannot write PATH" is said only for what failed here: write_failed (a
   write the caller saw fail), a failed flush or close, or the rename. Returns EXIT_USAGE then,
   else EXIT_OK. */
int cli_close_output(cli_output *out, bool write_failed, bool keep);
/* The whole of data to path, as one output. */
int cli_write_output(const char *path, const void *data, size_t size, bool binary, const char *cmd);
/* fwrite in the pieces the kernel writes back best (see CLI_WRITE_PIECE); false when one failed. */
bool cli_write_pieces(FILE *f, const void *data, size_t size);
/* Prints the diagnostics; binary ones are prefixed with the input's name. */
void cli_print_diagnostics(const spvk_diagnostics *diags, const char *input_name, bool text_input);
int cli_exit_for(spvk_result r);

/* spvkit val (val_command.c) */
int cli_val(int argc, char **argv);
extern const char CLI_VAL_HELP[];
#define CLI_VAL_SYNOPSIS                                                                                      \
    "spvkit val [--target-env ENV] [--profile FILE] [--max-errors N] [--requirements] [IN|-]"

/* spvkit run (run_command.c) */
int cli_run(int argc, char **argv);
#define CLI_RUN_SYNOPSIS                                                                                      \
    "spvkit run MODULE [--entry NAME] [--api vulkan|opencl] [--device N] [--list-devices]\n"                \
    "                  [--groups X,Y,Z] [--local X,Y,Z] [--buffer B=SOURCE]... [--push SOURCE]\n"           \
    "                  [--spec-constant ID=VALUE]... [--print B]... [--dump B=FILE]...\n"                   \
    "                  [--expect B=SOURCE]... [--ulp N] [--repeat N] [--time] [--validate]\n"                 \
    "                  [--timeout SECONDS]"
extern const char CLI_RUN_HELP[];

/* spvkit translate, spvkit opt (ir_commands.c) */
int cli_translate(int argc, char **argv);
int cli_opt(int argc, char **argv);
extern const char CLI_TRANSLATE_HELP[];
extern const char CLI_OPT_HELP[];
#define CLI_TRANSLATE_SYNOPSIS                                                                                 \
    "spvkit translate --deserialize-spirv|--serialize-spirv|--spirv-roundtrip [--mlir-print-op-generic]\n"    \
    "                 [--mlir-print-debuginfo] [--no-verify] [-o OUT] [IN|-]"
/* The registered passes with their options, after CLI_OPT_HELP. */
void cli_opt_help_passes(FILE *f);
#define CLI_OPT_SYNOPSIS                                                                                       \
    "spvkit opt [--PASS[='OPTIONS']]... | [--pass-pipeline='PIPELINE'] [--verify-each=false]\n"              \
    "           [--mlir-print-ir-before=PASS] [--mlir-print-ir-after=PASS] [--mlir-print-ir-after-all]\n"    \
    "           [--mlir-timing] [--split-input-file] [--mlir-print-op-generic] [--mlir-print-debuginfo]\n"   \
    "           [--allow-unregistered-dialect] [--no-verify] [-o OUT] [IN|-]"

#endif
