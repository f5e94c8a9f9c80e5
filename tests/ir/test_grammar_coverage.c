/* Every instruction of the grammar, and how the IR holds it (issue 30: the IR represents every
   valid SPIR-V module). Instructions with a generic mapping (one instruction, one op) are checked
   by unit.ir.spirv_dialect's generic round trip over every generic op info; every other one must
   have a line in tests/ir/grammar_coverage.tsv saying what happens to it, and the line must be
   true:
     mapped    its module (assembled for SPIR-V 1.6) deserializes, verifies and serializes, and the
               output has the instruction;
     rewritten the module round-trips; the output says the same with other instructions;
     dropped   the module round-trips (the instruction is debug information);
     refused   docs/spirv_dialect.md names it among what the IR refuses.
   Extended instruction sets are "set:<import name>" lines, one per set of the grammar.
   Usage: test_grammar_coverage REPO_ROOT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/spirv/spirv_internal.h"
#include "spvkit/spirv_dialect.h"
#include "spvkit/text.h"

static int failures, checks;
#define CHECK(cond, ...)                                                                                     \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, __VA_ARGS__);                                                                    \
            fputc('\n', stderr);                                                                             \
        }                                                                                                    \
    } while (0)

typedef struct entry {
    char *name, *how, *module, *why;
    bool seen;
} entry;

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (size)
            *size = n;
    }
    return buf;
}

/* Does text contain word as a whole word (not part of a longer identifier)? */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; (p = strstr(p, word)) != NULL; p += n) {
        bool start = p == text || !(p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                    (p[-1] >= '0' && p[-1] <= '9'));
        char c = p[n];
        bool end = !(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));
        if (start && end)
            return true;
    }
    return false;
}

/* The module through the library: assembled, deserialized, verified, serialized. Returns the
   output's words (malloc'd) or NULL with the reason in why. */
static uint32_t *round_trip(const char *root, const char *module, size_t *count, char *why, size_t why_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", root, module);
    char *text = read_file(path, NULL);
    if (!text) {
        snprintf(why, why_size, "cannot read %s", module);
        return NULL;
    }
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_assemble_options o = {0};
    o.version = 0x10600;
    uint32_t *in = NULL, *out = NULL;
    size_t in_count = 0;
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(ctx);
    spvk_ir_op *m = NULL;
    const char *stage = "assemble";
    if (spvk_assemble(text, strlen(text), &o, NULL, &in, &in_count, &diags) == SPVK_OK) {
        stage = "deserialize";
        if (spvk_spirv_deserialize(ctx, in, in_count, &m, &diags) == SPVK_OK) {
            stage = "verify";
            if (spvk_ir_verify(ctx, m, &diags) == SPVK_OK) {
                stage = "serialize";
                if (spvk_spirv_serialize(ctx, m, &out, count, &diags) == SPVK_OK)
                    stage = NULL;
            }
        }
    }
    if (stage) {
        char *d = diags.count ? spvk_diagnostic_format(&diags.items[0], NULL) : NULL;
        snprintf(why, why_size, "%s: %s fails: %s", module, stage, d ? d : "?");
        free(d);
        out = NULL;
    } else {
        /* The serializer's words are the default allocator's; copy them to plain memory. */
        uint32_t *copy = malloc(*count * sizeof *copy);
        if (copy)
            memcpy(copy, out, *count * sizeof *copy);
        spvk_free(NULL, out, *count * sizeof *out);
        out = copy;
    }
    free(in);
    free(text);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
    return out;
}

static bool words_have_opcode(const uint32_t *w, size_t n, uint32_t opcode)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16;
        if ((w[i] & 0xffff) == opcode)
            return true;
        if (!len)
            break;
        i += len;
    }
    return false;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/ir/grammar_coverage.tsv", root);
    char *table = read_file(path, NULL);
    snprintf(path, sizeof path, "%s/docs/spirv_dialect.md", root);
    char *docs = read_file(path, NULL);
    if (!table || !docs) {
        fprintf(stderr, "cannot read tests/ir/grammar_coverage.tsv or docs/spirv_dialect.md under %s\n", root);
        return 1;
    }
    entry *entries = NULL;
    size_t num = 0, cap = 0;
    for (char *line = strtok(table, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4; k++) {
            char *tab = f[k - 1] ? strchr(f[k - 1], '\t') : NULL;
            if (tab) {
                *tab = 0;
                f[k] = tab + 1;
            }
        }
        CHECK(f[3] != NULL, "grammar_coverage.tsv: '%s' does not have four fields", line);
        if (!f[3])
            continue;
        if (num == cap) {
            cap = cap ? cap * 2 : 256;
            entries = realloc(entries, cap * sizeof *entries);
            if (!entries)
                return 1;
        }
        entries[num++] = (entry){f[0], f[1], f[2], f[3], false};
    }

    unsigned generic = 0, counts[5] = {0};
    static const char *const hows[5] = {"mapped", "rewritten", "dropped", "refused", "generic"};
    /* Round trips are cached per module (several lines share one). */
    const char *done_module[64];
    uint32_t *done_words[64];
    size_t done_count[64], num_done = 0;
    for (uint32_t opcode = 0; opcode < 65536; opcode++) {
        const spvk_instruction_desc *desc = spvk_instruction_by_opcode(opcode);
        if (!desc || desc->opcode != opcode)
            continue;
        const spvk_spirv_op_info *info = spvk_spirv_op_info_by_opcode(opcode);
        entry *e = NULL;
        for (size_t k = 0; k < num && !e; k++)
            if (strcmp(entries[k].name, desc->name) == 0)
                e = &entries[k];
        if (info && (info->flags & SPVK_SPIRV_OP_GENERIC)) {
            generic++;
            CHECK(!e, "%s is generic (unit.ir.spirv_dialect round-trips it) but grammar_coverage.tsv lists it",
                  desc->name);
            if (e)
                e->seen = true;
            continue;
        }
        CHECK(e != NULL, "%s has no generic mapping and no line in tests/ir/grammar_coverage.tsv", desc->name);
        if (!e)
            continue;
        e->seen = true;
        int how = -1;
        for (int k = 0; k < 4; k++)
            if (strcmp(e->how, hows[k]) == 0)
                how = k;
        CHECK(how >= 0, "%s: '%s' is not mapped, rewritten, dropped or refused", e->name, e->how);
        if (how < 0)
            continue;
        counts[how]++;
        if (how == 3) {
            char quoted[128];
            snprintf(quoted, sizeof quoted, "`%s`", e->name);
            CHECK(strstr(docs, quoted) != NULL, "%s is refused but docs/spirv_dialect.md does not name it", e->name);
            CHECK(strcmp(e->why, "-") != 0, "%s is refused without a reason", e->name);
            continue;
        }
        CHECK(strcmp(e->module, "-") != 0, "%s is %s without a module that shows it", e->name, e->how);
        if (strcmp(e->module, "-") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", root, e->module);
        char *text = read_file(path, NULL);
        CHECK(text && has_word(text, e->name), "%s: %s does not have it", e->name, e->module);
        free(text);
        size_t d = 0;
        while (d < num_done && strcmp(done_module[d], e->module) != 0)
            d++;
        if (d == num_done && num_done < 64) {
            char why[512] = "";
            done_module[d] = e->module;
            done_words[d] = round_trip(root, e->module, &done_count[d], why, sizeof why);
            num_done++;
            CHECK(done_words[d] != NULL, "%s: %s", e->name, why);
        }
        if (d < num_done && done_words[d] && how == 0)
            CHECK(words_have_opcode(done_words[d], done_count[d], opcode),
                  "%s is mapped but the round trip of %s does not write it", e->name, e->module);
    }
    for (size_t k = 0; k < num; k++)
        if (strncmp(entries[k].name, "set:", 4) != 0)
            CHECK(entries[k].seen, "grammar_coverage.tsv: %s is no instruction of the grammar", entries[k].name);

    /* Extended instruction sets: each of the grammar's has a line. */
    unsigned sets = 0;
    for (unsigned s = 0; spvk_ext_inst_set(s); s++) {
        const char *name = spvk_ext_inst_set(s)->import_name;
        bool found = false;
        for (size_t k = 0; k < num && !found; k++)
            found = strncmp(entries[k].name, "set:", 4) == 0 && strcmp(entries[k].name + 4, name) == 0;
        CHECK(found, "extended instruction set %s has no 'set:' line in grammar_coverage.tsv", name);
        sets++;
    }
    for (size_t d = 0; d < num_done; d++)
        free(done_words[d]);
    printf("grammar coverage: %u generic, %u mapped, %u rewritten, %u dropped, %u refused; %u extended sets\n",
           generic, counts[0], counts[1], counts[2], counts[3], sets);
    printf("%d checks, %d failed\n", checks, failures);
    free(entries);
    free(table);
    free(docs);
    return failures ? 1 : 0;
}
