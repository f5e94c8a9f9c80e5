/* The pass manager: pass instances with their options, nested managers, MLIR's textual
   pipelines, and running them with verification, IR dumps and timing (include/spvkit/pass.h).

   A manager is a list of entries, each a pass or a set of nested managers (MLIR's
   OpToOpPassAdaptor). Before the first run, nested managers that follow each other come to
   share one entry, one manager per op name, as MLIR coalesces them:
   `func.func(cse),func.func(canonicalize)` runs both passes on one function before the next,
   which is what MLIR does and what keeps a function in the cache while it is worked on. The
   entry runs, for each op directly inside the regions of the op its
   manager runs on, the nested manager of that op's name (or an `any` one). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ir_internal.h"
#include "spvkit/pass.h"

#define PIPELINE_BUFFER "MLIR Textual PassPipeline Parser"

typedef struct pm_entry {
    spvk_pass *pass; /* a pass, or NULL: nested managers */
    spvk_pass_manager **nested;
    size_t num_nested, nested_capacity;
    double seconds; /* nested managers: their time in all */
} pm_entry;

struct spvk_pass_manager {
    spvk_ir_context *ctx;
    const char *anchor; /* interned; "any" for every op */
    bool any;
    pm_entry *entries;
    size_t count, capacity;
    spvk_pass_manager *top; /* the manager instrumentation is set on (itself at the top) */
    double seconds;         /* as a nested pipeline */
    bool implicit_nesting;
    /* The top's alone. */
    bool verify_each;
    bool timing;
    bool coalesced;
    spvk_pass_ir_printing *printing; /* NULL: no dumps */
};

static const spvk_allocator *alloc_of(spvk_ir_context *ctx) { return spvk_ir_context_allocator(ctx); }

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- Text spans ---- */

typedef struct span {
    const char *p;
    size_t n;
} span;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static span ltrim(span s)
{
    while (s.n && is_space(*s.p))
        s.p++, s.n--;
    return s;
}

static span trim(span s)
{
    s = ltrim(s);
    while (s.n && is_space(s.p[s.n - 1]))
        s.n--;
    return s;
}

static bool span_is(span s, const char *lit) { return strlen(lit) == s.n && memcmp(s.p, lit, s.n) == 0; }

/* The index of the brace closing the one at s.p[open], quotes skipped; s.n when none. */
static size_t closing_brace(span s, size_t open)
{
    size_t depth = 0;
    for (size_t i = open; i < s.n; i++) {
        char c = s.p[i];
        if (c == '\'' || c == '"') {
            const char *q = memchr(s.p + i + 1, c, s.n - i - 1);
            if (q)
                i = (size_t)(q - s.p);
        } else if (c == '{') {
            depth++;
        } else if (c == '}' && --depth == 0) {
            return i;
        }
    }
    return s.n;
}

/* An option's key or value as MLIR takes it: trimmed, without quotes around all of it, and
   without braces around all of it. */
static span unwrap(span s)
{
    s = trim(s);
    if (s.n >= 2 && (s.p[0] == '\'' || s.p[0] == '"') && s.p[s.n - 1] == s.p[0])
        return trim((span){s.p + 1, s.n - 2});
    if (s.n >= 2 && s.p[0] == '{' && closing_brace(s, 0) == s.n - 1)
        return trim((span){s.p + 1, s.n - 2});
    return s;
}

/* ---- Pass options ---- */

static bool option_error(spvk_diagnostics *diags, const char *fmt, ...) SPVK_PRINTF(2, 3);
static bool option_error(spvk_diagnostics *diags, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (diags)
        spvk_diag_vadd(diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, fmt, ap);
    va_end(ap);
    return false;
}

static const char *arena_string(spvk_ir_context *ctx, span s)
{
    char *copy = spvk_ir_alloc(ctx, s.n + 1);
    if (copy) {
        memcpy(copy, s.p, s.n);
        copy[s.n] = '\0';
    }
    return copy;
}

/* An integer as LLVM's command line reads one: an optional sign (signed only), then 0x/0X
   hexadecimal, 0b/0B binary, 0o or a leading 0 octal, else decimal; no overflow. */
static bool parse_integer(span s, bool is_signed, uint64_t *magnitude, bool *negative)
{
    *negative = false;
    if (s.n && s.p[0] == '-' && is_signed) {
        *negative = true;
        s.p++, s.n--;
    }
    unsigned radix = 10;
    if (s.n >= 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'X'))
        radix = 16, s.p += 2, s.n -= 2;
    else if (s.n >= 2 && s.p[0] == '0' && (s.p[1] == 'b' || s.p[1] == 'B'))
        radix = 2, s.p += 2, s.n -= 2;
    else if (s.n >= 2 && s.p[0] == '0' && s.p[1] == 'o')
        radix = 8, s.p += 2, s.n -= 2;
    else if (s.n >= 2 && s.p[0] == '0')
        radix = 8, s.p += 1, s.n -= 1;
    if (!s.n)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < s.n; i++) {
        char c = s.p[i];
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'z' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'Z' ? (unsigned)(c - 'A' + 10)
                                            : 99;
        if (d >= radix || v > (UINT64_MAX - d) / radix)
            return false;
        v = v * radix + d;
    }
    if (is_signed && v > (*negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
        return false;
    *magnitude = v;
    return true;
}

/* Splits a list value at its top-level commas (quotes and brackets kept whole). */
static bool parse_list(spvk_ir_context *ctx, span value, spvk_pass_string_list *out)
{
    out->items = NULL;
    out->count = 0;
    if (!value.n)
        return true;
    uint32_t count = 1;
    int depth = 0;
    for (size_t i = 0; i < value.n; i++) {
        char c = value.p[i];
        if (c == '\'' || c == '"') {
            const char *q = memchr(value.p + i + 1, c, value.n - i - 1);
            if (q)
                i = (size_t)(q - value.p);
        } else if (c == '{' || c == '(' || c == '[') {
            depth++;
        } else if (c == '}' || c == ')' || c == ']') {
            depth--;
        } else if (c == ',' && depth == 0) {
            count++;
        }
    }
    const char **items = spvk_ir_alloc(ctx, count * sizeof *items);
    if (!items)
        return false;
    uint32_t n = 0;
    size_t start = 0;
    depth = 0;
    for (size_t i = 0; i <= value.n; i++) {
        char c = i < value.n ? value.p[i] : ',';
        if (i < value.n && (c == '\'' || c == '"')) {
            const char *q = memchr(value.p + i + 1, c, value.n - i - 1);
            if (q)
                i = (size_t)(q - value.p);
            continue;
        }
        if (c == '{' || c == '(' || c == '[')
            depth++;
        else if (c == '}' || c == ')' || c == ']')
            depth--;
        else if (c == ',' && (depth == 0 || i == value.n)) {
            items[n] = arena_string(ctx, unwrap((span){value.p + start, i - start}));
            if (!items[n])
                return false;
            n++;
            start = i + 1;
        }
    }
    out->items = items;
    out->count = n;
    return true;
}

/* Sets one option from its text; has_value false: given bare ("top-down"). */
static spvk_result set_option(spvk_ir_context *ctx, const spvk_pass_option *o, void *options, span value,
                              bool has_value, spvk_diagnostics *diags)
{
    char *field = (char *)options + o->offset;
    if (!has_value && o->kind != SPVK_PASS_OPTION_BOOL) {
        option_error(diags, "for the --%s option: requires a value!", o->name);
        return SPVK_ERROR_USAGE;
    }
    switch (o->kind) {
    case SPVK_PASS_OPTION_BOOL: {
        bool v;
        if (!value.n || span_is(value, "true") || span_is(value, "TRUE") || span_is(value, "True") ||
            span_is(value, "1"))
            v = true;
        else if (span_is(value, "false") || span_is(value, "FALSE") || span_is(value, "False") || span_is(value, "0"))
            v = false;
        else {
            option_error(diags, "for the --%s option: '%.*s' is invalid value for boolean argument! Try 0 or 1",
                         o->name, (int)value.n, value.p);
            return SPVK_ERROR_USAGE;
        }
        memcpy(field, &v, sizeof v);
        return SPVK_OK;
    }
    case SPVK_PASS_OPTION_INT:
    case SPVK_PASS_OPTION_UNSIGNED: {
        bool is_signed = o->kind == SPVK_PASS_OPTION_INT, negative;
        uint64_t magnitude;
        if (!parse_integer(value, is_signed, &magnitude, &negative)) {
            option_error(diags, "for the --%s option: '%.*s' value invalid for %s argument!", o->name, (int)value.n,
                         value.p, is_signed ? "long" : "ulong");
            return SPVK_ERROR_USAGE;
        }
        if (is_signed) {
            int64_t v = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
            memcpy(field, &v, sizeof v);
        } else {
            memcpy(field, &magnitude, sizeof magnitude);
        }
        return SPVK_OK;
    }
    case SPVK_PASS_OPTION_STRING: {
        const char *s = arena_string(ctx, value);
        if (!s)
            return SPVK_ERROR_OUT_OF_MEMORY;
        memcpy(field, &s, sizeof s);
        return SPVK_OK;
    }
    case SPVK_PASS_OPTION_ENUM:
        for (uint32_t i = 0; i < o->num_enum_values; i++)
            if (span_is(value, o->enum_values[i].name)) {
                int v = o->enum_values[i].value;
                memcpy(field, &v, sizeof v);
                return SPVK_OK;
            }
        option_error(diags, "for the --%s option: Cannot find option named '%.*s'!", o->name, (int)value.n, value.p);
        return SPVK_ERROR_USAGE;
    case SPVK_PASS_OPTION_LIST: {
        spvk_pass_string_list list;
        if (!parse_list(ctx, value, &list))
            return SPVK_ERROR_OUT_OF_MEMORY;
        memcpy(field, &list, sizeof list);
        return SPVK_OK;
    }
    }
    return SPVK_ERROR_USAGE;
}

/* Options text as MLIR's PassOptions::parseFromString reads it: `key=value` or `key` pairs
   separated by spaces; a value may hold quoted text, `{...}`, `(...)` and `[...]` with spaces
   in them. */
static spvk_result parse_options(spvk_ir_context *ctx, const spvk_pass_def *def, void *options, span text,
                                 spvk_diagnostics *diags)
{
    size_t i = 0;
    while (i < text.n) {
        while (i < text.n && text.p[i] == ' ')
            i++;
        if (i == text.n)
            break;
        size_t key_start = i;
        while (i < text.n && text.p[i] != ' ' && text.p[i] != '=')
            i++;
        span key = unwrap((span){text.p + key_start, i - key_start});
        span value = {NULL, 0};
        bool has_value = false;
        if (i < text.n && text.p[i] == '=') {
            size_t value_start = ++i;
            while (i < text.n && text.p[i] != ' ') {
                char c = text.p[i];
                if (c == '\'' || c == '"') {
                    const char *q = memchr(text.p + i + 1, c, text.n - i - 1);
                    if (q)
                        i = (size_t)(q - text.p);
                } else if (c == '{') {
                    size_t close = closing_brace(text, i);
                    i = close < text.n ? close : text.n - 1;
                } else if (c == '(' || c == '[') {
                    /* MLIR matches parentheses and brackets too: `(anonymous namespace)::P`
                       is one value (an unmatched one runs to the end). */
                    size_t depth = 0;
                    for (; i < text.n; i++) {
                        if (text.p[i] == '(' || text.p[i] == '[')
                            depth++;
                        else if ((text.p[i] == ')' || text.p[i] == ']') && --depth == 0)
                            break;
                    }
                    if (i == text.n)
                        i--;
                }
                i++;
            }
            value = unwrap((span){text.p + value_start, i - value_start});
            has_value = true;
        }
        if (!key.n)
            continue;
        const spvk_pass_option *o = NULL;
        for (uint32_t k = 0; k < def->num_options && !o; k++)
            if (span_is(key, def->options[k].name))
                o = &def->options[k];
        if (!o) {
            option_error(diags, "<Pass-Options-Parser>: no such option %.*s", (int)key.n, key.p);
            return SPVK_ERROR_USAGE;
        }
        spvk_result r = set_option(ctx, o, options, value, has_value, diags);
        if (r != SPVK_OK)
            return r;
    }
    return SPVK_OK;
}

spvk_pass *spvk_pass_create(spvk_ir_context *ctx, const spvk_pass_def *def, const char *options, size_t length,
                            spvk_diagnostics *diags, spvk_result *result)
{
    spvk_result ignored;
    if (!result)
        result = &ignored;
    *result = SPVK_ERROR_OUT_OF_MEMORY;
    if (!ctx || !def || !def->run) {
        *result = SPVK_ERROR_USAGE;
        return NULL;
    }
    spvk_pass *pass = spvk_alloc(alloc_of(ctx), sizeof *pass);
    if (!pass)
        return NULL;
    memset(pass, 0, sizeof *pass);
    pass->def = def;
    pass->ctx = ctx;
    void *values = NULL;
    if (def->options_size) {
        values = spvk_ir_alloc(ctx, def->options_size);
        if (!values) {
            spvk_free(alloc_of(ctx), pass, sizeof *pass);
            return NULL;
        }
        memset(values, 0, def->options_size);
    }
    pass->options = values;
    spvk_result r = SPVK_OK;
    for (uint32_t k = 0; k < def->num_options && r == SPVK_OK; k++)
        if (def->options[k].default_value) {
            const char *d = def->options[k].default_value;
            r = set_option(ctx, &def->options[k], values, (span){d, strlen(d)}, true, diags);
        }
    if (r == SPVK_OK && options)
        r = parse_options(ctx, def, values, (span){options, length}, diags);
    if (r != SPVK_OK) {
        spvk_free(alloc_of(ctx), pass, sizeof *pass);
        *result = r;
        return NULL;
    }
    *result = SPVK_OK;
    return pass;
}

void spvk_pass_destroy(spvk_pass *pass)
{
    if (!pass)
        return;
    if (pass->initialized && pass->def->finalize)
        pass->def->finalize(pass);
    spvk_free(alloc_of(pass->ctx), pass, sizeof *pass);
}

static void print_option_value(spvk_buffer *b, const spvk_pass_option *o, const void *options)
{
    const char *field = (const char *)options + o->offset;
    switch (o->kind) {
    case SPVK_PASS_OPTION_BOOL: {
        bool v;
        memcpy(&v, field, sizeof v);
        spvk_buffer_printf(b, "%s=%s", o->name, v ? "true" : "false");
        break;
    }
    case SPVK_PASS_OPTION_INT: {
        int64_t v;
        memcpy(&v, field, sizeof v);
        spvk_buffer_printf(b, "%s=%lld", o->name, (long long)v);
        break;
    }
    case SPVK_PASS_OPTION_UNSIGNED: {
        uint64_t v;
        memcpy(&v, field, sizeof v);
        spvk_buffer_printf(b, "%s=%llu", o->name, (unsigned long long)v);
        break;
    }
    case SPVK_PASS_OPTION_STRING: {
        const char *s;
        memcpy(&s, field, sizeof s);
        spvk_buffer_printf(b, "%s=%s", o->name, s ? s : "");
        break;
    }
    case SPVK_PASS_OPTION_ENUM: {
        int v;
        memcpy(&v, field, sizeof v);
        for (uint32_t i = 0; i < o->num_enum_values; i++)
            if (o->enum_values[i].value == v) {
                spvk_buffer_printf(b, "%s=%s", o->name, o->enum_values[i].name);
                break;
            }
        break;
    }
    case SPVK_PASS_OPTION_LIST: {
        /* Only the items: append_options writes the name before a list that has some. */
        spvk_pass_string_list list;
        memcpy(&list, field, sizeof list);
        for (uint32_t i = 0; i < list.count; i++)
            spvk_buffer_printf(b, "%s%s", i ? "," : "", list.items[i]);
        break;
    }
    }
}

/* The options in braces, sorted by name, appended to b (nothing when the pass has none). */
static void append_options(spvk_buffer *b, const spvk_pass *pass)
{
    const spvk_pass_def *def = pass->def;
    if (!def->num_options)
        return;
    spvk_buffer_append_char(b, '{');
    const char *last = NULL;
    for (uint32_t printed = 0; printed < def->num_options; printed++) {
        /* The next name after `last`: options are few, so a selection is enough. */
        const spvk_pass_option *next = NULL;
        for (uint32_t k = 0; k < def->num_options; k++) {
            const char *n = def->options[k].name;
            if ((!last || strcmp(n, last) > 0) && (!next || strcmp(n, next->name) < 0))
                next = &def->options[k];
        }
        if (!next)
            break;
        if (printed)
            spvk_buffer_append_char(b, ' ');
        if (next->kind == SPVK_PASS_OPTION_LIST) {
            /* An empty list prints nothing, as MLIR's ListOption does (leaving two spaces). */
            spvk_pass_string_list list;
            memcpy(&list, (const char *)pass->options + next->offset, sizeof list);
            if (list.count) {
                spvk_buffer_printf(b, "%s=", next->name);
                print_option_value(b, next, pass->options);
            }
        } else {
            print_option_value(b, next, pass->options);
        }
        last = next->name;
    }
    spvk_buffer_append_char(b, '}');
}

char *spvk_pass_print_options(const spvk_pass *pass)
{
    spvk_buffer b;
    spvk_buffer_init(&b, alloc_of(pass->ctx));
    append_options(&b, pass);
    spvk_buffer_append(&b, "", 0);
    if (!b.data && !b.failed)
        return spvk_strdup(alloc_of(pass->ctx), "", 0);
    return spvk_buffer_take_string(&b);
}

static spvk_result pass_report(spvk_pass *pass, const spvk_ir_op *op, bool op_prefix, const char *fmt, va_list ap)
{
    char message[1024];
    vsnprintf(message, sizeof message, fmt, ap);
    if (op_prefix)
        spvk_ir_op_diag(pass->diags, SPVK_SEVERITY_ERROR, op, "'%s' op %s", op ? spvk_ir_op_name(op) : "?", message);
    else
        spvk_ir_op_diag(pass->diags, SPVK_SEVERITY_ERROR, op, "%s", message);
    return SPVK_ERROR_INVALID;
}

spvk_result spvk_pass_error(spvk_pass *pass, const spvk_ir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    spvk_result r = pass_report(pass, op, true, fmt, ap);
    va_end(ap);
    return r;
}

spvk_result spvk_pass_error_at(spvk_pass *pass, const spvk_ir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    spvk_result r = pass_report(pass, op, false, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- Managers ---- */

static spvk_pass_manager *manager_new(spvk_ir_context *ctx, const char *anchor, size_t length, spvk_pass_manager *top)
{
    spvk_pass_manager *pm = spvk_alloc(alloc_of(ctx), sizeof *pm);
    if (!pm)
        return NULL;
    memset(pm, 0, sizeof *pm);
    pm->ctx = ctx;
    pm->anchor = spvk_ir_intern(ctx, anchor, length);
    if (!pm->anchor) {
        spvk_free(alloc_of(ctx), pm, sizeof *pm);
        return NULL;
    }
    pm->any = span_is((span){anchor, length}, "any");
    pm->top = top ? top : pm;
    pm->verify_each = true;
    return pm;
}

spvk_pass_manager *spvk_pass_manager_create(spvk_ir_context *ctx, const char *anchor)
{
    if (!ctx || !anchor)
        return NULL;
    return manager_new(ctx, anchor, strlen(anchor), NULL);
}

static void printing_free(spvk_ir_context *ctx, spvk_pass_ir_printing *p)
{
    if (!p)
        return;
    const spvk_allocator *a = alloc_of(ctx);
    /* Names that failed to copy are NULL. */
    for (uint32_t i = 0; i < p->num_before; i++)
        if (p->before[i])
            spvk_free(a, (char *)p->before[i], strlen(p->before[i]) + 1);
    for (uint32_t i = 0; i < p->num_after; i++)
        if (p->after[i])
            spvk_free(a, (char *)p->after[i], strlen(p->after[i]) + 1);
    spvk_free(a, (void *)p->before, p->num_before * sizeof *p->before);
    spvk_free(a, (void *)p->after, p->num_after * sizeof *p->after);
    spvk_free(a, p, sizeof *p);
}

void spvk_pass_manager_destroy(spvk_pass_manager *pm)
{
    if (!pm)
        return;
    const spvk_allocator *a = alloc_of(pm->ctx);
    for (size_t i = 0; i < pm->count; i++) {
        pm_entry *e = &pm->entries[i];
        spvk_pass_destroy(e->pass);
        for (size_t k = 0; k < e->num_nested; k++)
            spvk_pass_manager_destroy(e->nested[k]);
        spvk_free(a, e->nested, e->nested_capacity * sizeof *e->nested);
    }
    spvk_free(a, pm->entries, pm->capacity * sizeof *pm->entries);
    if (pm->top == pm)
        printing_free(pm->ctx, pm->printing);
    spvk_free(a, pm, sizeof *pm);
}

const char *spvk_pass_manager_anchor(const spvk_pass_manager *pm) { return pm->anchor; }

static pm_entry *append_entry(spvk_pass_manager *pm)
{
    if (!spvk_array_grow(alloc_of(pm->ctx), &pm->entries, &pm->capacity, pm->count + 1, sizeof *pm->entries, 4))
        return NULL;
    pm_entry *e = &pm->entries[pm->count++];
    memset(e, 0, sizeof *e);
    return e;
}

spvk_pass_manager *spvk_pass_manager_nest(spvk_pass_manager *pm, const char *anchor, size_t length)
{
    spvk_pass_manager *nested = manager_new(pm->ctx, anchor, length, pm->top);
    if (!nested)
        return NULL;
    nested->implicit_nesting = pm->implicit_nesting;
    pm_entry *e = append_entry(pm);
    if (!e || !spvk_array_grow(alloc_of(pm->ctx), &e->nested, &e->nested_capacity, 1, sizeof *e->nested, 1)) {
        if (e)
            pm->count--;
        spvk_pass_manager_destroy(nested);
        return NULL;
    }
    e->nested[e->num_nested++] = nested;
    return nested;
}

static spvk_pass_manager *same_anchor(const pm_entry *e, const spvk_pass_manager *m)
{
    for (size_t j = 0; j < e->num_nested; j++)
        if (e->nested[j]->anchor == m->anchor)
            return e->nested[j];
    return NULL;
}

/* Room for merging entry e's managers into prev's, so that merging cannot fail midway. */
static bool reserve_merge(spvk_ir_context *ctx, pm_entry *prev, const pm_entry *e)
{
    const spvk_allocator *a = alloc_of(ctx);
    if (!spvk_array_grow(a, &prev->nested, &prev->nested_capacity, prev->num_nested + e->num_nested,
                         sizeof *prev->nested, 2))
        return false;
    for (size_t k = 0; k < e->num_nested; k++) {
        spvk_pass_manager *same = same_anchor(prev, e->nested[k]);
        if (same && !spvk_array_grow(a, &same->entries, &same->capacity, same->count + e->nested[k]->count,
                                     sizeof *same->entries, 4))
            return false;
    }
    return true;
}

/* MLIR's coalescing, done before the first run (a printed pipeline stays as written until
   then): nested managers in adjacent entries share one entry, one manager per op name, so that
   `func.func(cse),func.func(canonicalize)` runs both on one function before the next. Out of
   memory, entries stay apart: the same passes run, in an order as correct. */
static void coalesce(spvk_pass_manager *pm)
{
    size_t w = 0;
    for (size_t i = 0; i < pm->count; i++) {
        pm_entry *e = &pm->entries[i];
        pm_entry *prev = w ? &pm->entries[w - 1] : NULL;
        if (e->pass || !prev || prev->pass || !reserve_merge(pm->ctx, prev, e)) {
            pm->entries[w++] = *e;
            continue;
        }
        for (size_t k = 0; k < e->num_nested; k++) {
            spvk_pass_manager *m = e->nested[k], *same = same_anchor(prev, m);
            if (!same) {
                prev->nested[prev->num_nested++] = m;
                continue;
            }
            memcpy(same->entries + same->count, m->entries, m->count * sizeof *m->entries);
            same->count += m->count;
            m->count = 0;
            spvk_pass_manager_destroy(m);
        }
        spvk_free(alloc_of(pm->ctx), e->nested, e->nested_capacity * sizeof *e->nested);
    }
    pm->count = w;
    for (size_t i = 0; i < pm->count; i++)
        for (size_t k = 0; k < pm->entries[i].num_nested; k++)
            coalesce(pm->entries[i].nested[k]);
}

spvk_result spvk_pass_manager_add(spvk_pass_manager *pm, spvk_pass *pass, spvk_diagnostics *diags)
{
    if (!pm || !pass) {
        spvk_pass_destroy(pass);
        return pm ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_ERROR_USAGE;
    }
    const char *anchor = pass->def->anchor;
    if (anchor && !pm->any && strcmp(anchor, pm->anchor) != 0) {
        if (!pm->implicit_nesting) {
            option_error(diags,
                         "Can't add pass '%s' restricted to '%s' on a PassManager intended to run on '%s', did you "
                         "intend to nest?",
                         pass->def->name, anchor, pm->anchor);
            spvk_pass_destroy(pass);
            return SPVK_ERROR_USAGE;
        }
        spvk_pass_manager *nested = spvk_pass_manager_nest(pm, anchor, strlen(anchor));
        if (!nested) {
            spvk_pass_destroy(pass);
            return SPVK_ERROR_OUT_OF_MEMORY;
        }
        return spvk_pass_manager_add(nested, pass, diags);
    }
    pm_entry *e = append_entry(pm);
    if (!e) {
        spvk_pass_destroy(pass);
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    e->pass = pass;
    return SPVK_OK;
}

void spvk_pass_manager_set_implicit_nesting(spvk_pass_manager *pm, bool on) { pm->implicit_nesting = on; }

bool spvk_pass_manager_empty(const spvk_pass_manager *pm)
{
    for (size_t i = 0; i < pm->count; i++) {
        const pm_entry *e = &pm->entries[i];
        if (e->pass)
            return false;
        for (size_t k = 0; k < e->num_nested; k++)
            if (!spvk_pass_manager_empty(e->nested[k]))
                return false;
    }
    return true;
}

/* ---- Textual pipelines ----
   pipeline ::= element (`,` element)*
   element  ::= op-name `(` pipeline `)` | pass-name (`{` options `}`)?
   Parsed as MLIR's TextualPipeline does: first the structure (into a tree of nodes, each
   naming a slice of the text), then every name resolved, then the passes made and added. */

typedef struct pipeline_node {
    span name;
    span options;
    bool nested;                /* op-name ( ... ) */
    uint32_t first_child, next; /* indices; 0: none (node 0 is the root) */
    uint32_t last_child;
    const spvk_pass_def *def;
} pipeline_node;

typedef struct pipeline_parse {
    spvk_ir_context *ctx;
    span text;
    spvk_diagnostics *diags;
    pipeline_node *nodes;
    size_t count, capacity;
} pipeline_parse;

/* Reports msg at `at` in the pipeline text, with the line it is on and a caret. */
static spvk_result pipeline_error(pipeline_parse *pp, const char *at, const char *fmt, ...) SPVK_PRINTF(3, 4);
static spvk_result pipeline_error(pipeline_parse *pp, const char *at, const char *fmt, ...)
{
    uint32_t line = 1;
    const char *line_start = pp->text.p;
    for (const char *c = pp->text.p; c < at; c++)
        if (*c == '\n') {
            line++;
            line_start = c + 1;
        }
    const char *end = pp->text.p + pp->text.n;
    const char *line_end = memchr(line_start, '\n', (size_t)(end - line_start));
    if (!line_end)
        line_end = end;
    va_list ap;
    va_start(ap, fmt);
    if (pp->diags)
        spvk_diag_vadd(pp->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, PIPELINE_BUFFER, line,
                       (uint32_t)(at - line_start) + 1, line_start, (size_t)(line_end - line_start), fmt, ap);
    va_end(ap);
    return SPVK_ERROR_USAGE;
}

static uint32_t add_node(pipeline_parse *pp, uint32_t parent, span name)
{
    if (!spvk_array_grow(alloc_of(pp->ctx), &pp->nodes, &pp->capacity, pp->count + 1, sizeof *pp->nodes, 16))
        return 0;
    uint32_t i = (uint32_t)pp->count++;
    memset(&pp->nodes[i], 0, sizeof pp->nodes[i]);
    pp->nodes[i].name = trim(name);
    pipeline_node *p = &pp->nodes[parent];
    if (p->last_child)
        pp->nodes[p->last_child].next = i;
    else
        p->first_child = i;
    p->last_child = i;
    return i;
}

static size_t find_first_of(span s, const char *set)
{
    for (size_t i = 0; i < s.n; i++)
        if (strchr(set, s.p[i]))
            return i;
    return s.n;
}

static spvk_result parse_structure(pipeline_parse *pp)
{
    uint32_t stack[64];
    uint32_t depth = 0;
    stack[0] = 0;
    span text = pp->text;
    for (;;) {
        size_t pos = find_first_of(text, ",(){");
        uint32_t node = add_node(pp, stack[depth], (span){text.p, pos});
        if (!node)
            return SPVK_ERROR_OUT_OF_MEMORY;
        if (pos == text.n)
            break;
        text.p += pos, text.n -= pos;
        char sep = text.p[0];
        if (sep == '{') {
            size_t close = closing_brace(text, 0);
            if (close == text.n)
                return pipeline_error(pp, text.p, "missing closing '}' while processing pass options");
            pp->nodes[node].options = (span){text.p + 1, close - 1};
            text.p += close + 1, text.n -= close + 1;
            text = ltrim(text);
        } else if (sep == '(') {
            if (depth + 1 == sizeof stack / sizeof stack[0])
                return pipeline_error(pp, text.p, "pipeline nested too deeply");
            pp->nodes[node].nested = true;
            text.p++, text.n--;
            stack[++depth] = node;
            continue;
        }
        while (text.n && text.p[0] == ')') {
            text.p++, text.n--;
            if (depth == 0)
                return pipeline_error(pp, text.p - 1,
                                      "encountered extra closing ')' creating unbalanced parentheses while parsing "
                                      "pipeline");
            depth--;
            text = ltrim(text);
        }
        if (!text.n)
            break;
        if (text.p[0] != ',')
            return pipeline_error(pp, text.p, "expected ',' after parsing pipeline");
        text.p++, text.n--;
    }
    if (depth)
        return pipeline_error(pp, text.p, "encountered unbalanced parentheses while parsing pipeline");
    return SPVK_OK;
}

static spvk_result resolve(pipeline_parse *pp, uint32_t parent)
{
    for (uint32_t i = pp->nodes[parent].first_child; i; i = pp->nodes[i].next) {
        pipeline_node *n = &pp->nodes[i];
        if (n->nested) {
            spvk_result r = resolve(pp, i);
            if (r != SPVK_OK)
                return r;
            continue;
        }
        n->def = spvk_pass_registry_lookup(n->name.p, n->name.n);
        if (!n->def)
            return pipeline_error(pp, n->name.p, "'%.*s' does not refer to a registered pass or pass pipeline",
                                  (int)n->name.n, n->name.p);
    }
    return SPVK_OK;
}

static spvk_result add_nodes(pipeline_parse *pp, uint32_t parent, spvk_pass_manager *pm)
{
    for (uint32_t i = pp->nodes[parent].first_child; i; i = pp->nodes[i].next) {
        pipeline_node *n = &pp->nodes[i];
        spvk_result r;
        if (n->nested) {
            spvk_pass_manager *nested = spvk_pass_manager_nest(pm, n->name.p, n->name.n);
            if (!nested)
                return SPVK_ERROR_OUT_OF_MEMORY;
            r = add_nodes(pp, i, nested);
            if (r == SPVK_ERROR_USAGE)
                option_error(pp->diags, "failed to add `%.*s` with options `%.*s` to inner pipeline", (int)n->name.n,
                             n->name.p, (int)n->options.n, n->options.p);
        } else {
            spvk_pass *pass = spvk_pass_create(pp->ctx, n->def, n->options.p, n->options.n, pp->diags, &r);
            if (pass)
                r = spvk_pass_manager_add(pm, pass, pp->diags);
            if (r == SPVK_ERROR_USAGE)
                option_error(pp->diags, "failed to add `%.*s` with options `%.*s`", (int)n->name.n, n->name.p,
                             (int)n->options.n, n->options.p);
        }
        if (r != SPVK_OK)
            return r;
    }
    return SPVK_OK;
}

spvk_result spvk_pass_manager_add_pipeline(spvk_pass_manager *pm, const char *text, size_t length,
                                           spvk_diagnostics *diags)
{
    if (!pm || (!text && length))
        return SPVK_ERROR_USAGE;
    if (!length)
        return SPVK_OK;
    pipeline_parse pp;
    memset(&pp, 0, sizeof pp);
    pp.ctx = pm->ctx;
    pp.text = (span){text, length};
    pp.diags = diags;
    spvk_result r = SPVK_OK;
    if (!spvk_array_grow(alloc_of(pm->ctx), &pp.nodes, &pp.capacity, 1, sizeof *pp.nodes, 16))
        r = SPVK_ERROR_OUT_OF_MEMORY;
    if (r == SPVK_OK) {
        memset(&pp.nodes[0], 0, sizeof pp.nodes[0]);
        pp.count = 1;
        r = parse_structure(&pp);
    }
    if (r == SPVK_OK)
        r = resolve(&pp, 0);
    if (r == SPVK_OK) {
        /* The pipeline is built as written: implicit nesting is for passes given one by one. */
        bool implicit = pm->implicit_nesting;
        pm->implicit_nesting = false;
        r = add_nodes(&pp, 0, pm);
        pm->implicit_nesting = implicit;
    }
    spvk_free(alloc_of(pm->ctx), pp.nodes, pp.capacity * sizeof *pp.nodes);
    return r;
}

spvk_pass_manager *spvk_pass_manager_parse(spvk_ir_context *ctx, const char *text, size_t length,
                                           spvk_diagnostics *diags, spvk_result *result)
{
    spvk_result ignored;
    if (!result)
        result = &ignored;
    span s = trim((span){text ? text : "", text ? length : 0});
    size_t open = find_first_of(s, "(");
    if (open == 0 || open == s.n || s.p[s.n - 1] != ')') {
        option_error(diags, "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
                            "'builtin.module(...)'");
        *result = SPVK_ERROR_USAGE;
        return NULL;
    }
    span anchor = trim((span){s.p, open});
    spvk_pass_manager *pm = manager_new(ctx, anchor.p, anchor.n, NULL);
    if (!pm) {
        *result = SPVK_ERROR_OUT_OF_MEMORY;
        return NULL;
    }
    *result = spvk_pass_manager_add_pipeline(pm, s.p + open + 1, s.n - open - 2, diags);
    if (*result != SPVK_OK) {
        spvk_pass_manager_destroy(pm);
        return NULL;
    }
    return pm;
}

static void print_manager(spvk_buffer *b, const spvk_pass_manager *pm)
{
    spvk_buffer_printf(b, "%s(", pm->anchor);
    for (size_t i = 0; i < pm->count; i++) {
        const pm_entry *e = &pm->entries[i];
        if (i)
            spvk_buffer_append_char(b, ',');
        if (e->pass) {
            spvk_buffer_append_string(b, e->pass->def->argument);
            append_options(b, e->pass);
        }
        for (size_t k = 0; k < e->num_nested; k++) {
            if (k)
                spvk_buffer_append_char(b, ',');
            print_manager(b, e->nested[k]);
        }
    }
    spvk_buffer_append_char(b, ')');
}

char *spvk_pass_manager_print(const spvk_pass_manager *pm)
{
    spvk_buffer b;
    spvk_buffer_init(&b, alloc_of(pm->ctx));
    print_manager(&b, pm);
    return spvk_buffer_take_string(&b);
}

/* ---- Instrumentation ---- */

void spvk_pass_manager_set_verify_each(spvk_pass_manager *pm, bool on) { pm->top->verify_each = on; }
void spvk_pass_manager_enable_timing(spvk_pass_manager *pm, bool on) { pm->top->timing = on; }

static bool copy_names(const spvk_allocator *a, const char *const *from, uint32_t n, const char *const **out)
{
    *out = NULL;
    if (!n)
        return true;
    const char **names = spvk_alloc(a, n * sizeof *names);
    if (!names)
        return false;
    memset(names, 0, n * sizeof *names);
    *out = names;
    for (uint32_t i = 0; i < n; i++)
        if (!(names[i] = spvk_strdup(a, from[i], strlen(from[i]))))
            return false;
    return true;
}

bool spvk_pass_manager_set_ir_printing(spvk_pass_manager *pm, const spvk_pass_ir_printing *config)
{
    spvk_pass_manager *top = pm->top;
    printing_free(top->ctx, top->printing);
    top->printing = NULL;
    if (!config)
        return true;
    const spvk_allocator *a = alloc_of(top->ctx);
    spvk_pass_ir_printing *p = spvk_alloc(a, sizeof *p);
    if (!p)
        return false;
    *p = *config;
    p->before = p->after = NULL;
    p->num_before = p->num_after = 0;
    top->printing = p;
    bool ok = copy_names(a, config->before, config->num_before, &p->before);
    p->num_before = p->before ? config->num_before : 0;
    ok = ok && copy_names(a, config->after, config->num_after, &p->after);
    p->num_after = p->after ? config->num_after : 0;
    if (!ok) {
        printing_free(top->ctx, p);
        top->printing = NULL;
        return false;
    }
    return true;
}

static bool timing_rows(const spvk_pass_manager *pm, uint32_t depth, spvk_pass_timing_fn fn, void *user)
{
    for (size_t i = 0; i < pm->count; i++) {
        const pm_entry *e = &pm->entries[i];
        if (e->pass) {
            if (!fn(user, e->pass->def->name, depth, e->pass->seconds))
                return false;
            continue;
        }
        uint32_t inner = depth;
        if (e->num_nested > 1) {
            /* MLIR's label lists the op names sorted. */
            char label[512];
            size_t len = (size_t)snprintf(label, sizeof label, "Pipeline Collection : [");
            const char *last = NULL;
            for (size_t printed = 0; printed < e->num_nested; printed++) {
                const char *next = NULL;
                for (size_t k = 0; k < e->num_nested; k++) {
                    const char *n = e->nested[k]->anchor;
                    if ((!last || strcmp(n, last) > 0) && (!next || strcmp(n, next) < 0))
                        next = n;
                }
                if (!next || len >= sizeof label)
                    break;
                len += (size_t)snprintf(label + len, sizeof label - len, "%s'%s'", printed ? ", " : "", next);
                last = next;
            }
            if (len < sizeof label)
                snprintf(label + len, sizeof label - len, "]");
            if (!fn(user, label, depth, e->seconds))
                return false;
            inner = depth + 1;
        }
        for (size_t k = 0; k < e->num_nested; k++) {
            char label[256];
            snprintf(label, sizeof label, "'%s' Pipeline", e->nested[k]->anchor);
            if (!fn(user, label, inner, e->nested[k]->seconds) || !timing_rows(e->nested[k], inner + 1, fn, user))
                return false;
        }
    }
    return true;
}

bool spvk_pass_manager_timing(const spvk_pass_manager *pm, spvk_pass_timing_fn fn, void *user)
{
    return timing_rows(pm, 0, fn, user);
}

/* ---- Running ---- */

typedef struct run_state {
    spvk_pass_manager *top;
    spvk_ir_op *root; /* the op the top manager runs on (module scope dumps) */
    spvk_diagnostics *diags;
    /* While nested managers run on the ops inside `parent`: a verifier holding the index of
       parent's symbols (made on the first verification), which the verifiers of those ops
       share. Nested passes change their op alone, never its siblings, so the index holds
       until the nested run ends; without it each function verified after a pass indexed the
       whole module again (quadratic in the functions of a module that calls). */
    spvk_ir_verifier *shared;
    const spvk_ir_op *parent;
} run_state;

static bool named_in(const char *argument, const char *const *names, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(names[i], argument) == 0)
            return true;
    return false;
}

typedef struct dump_writer {
    const spvk_pass_ir_printing *p;
    bool failed;
    /* A nested op prints without the newline the top op ends with (MLIR prints it in its local
       scope); the last newline is held back to drop it. */
    bool hold_newline;
    bool held;
} dump_writer;

static bool dump_write(void *user, const char *text, size_t length)
{
    dump_writer *w = user;
    if (!length)
        return true;
    if (w->held && !w->p->write(w->p->user, "\n", 1))
        return false;
    w->held = false;
    if (w->hold_newline && text[length - 1] == '\n') {
        w->held = true;
        length--;
    }
    return !length || w->p->write(w->p->user, text, length);
}

/* "// -----// IR Dump After CSE (cse) //----- //\n", the op, "\n\n". */
static void dump_ir(run_state *rs, const spvk_pass *pass, spvk_ir_op *op, const char *when)
{
    const spvk_pass_ir_printing *p = rs->top->printing;
    char banner[512];
    int n =
        snprintf(banner, sizeof banner, "// -----// IR Dump %s %s (%s)", when, pass->def->name, pass->def->argument);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof banner ? (size_t)n : sizeof banner - 1;
    spvk_ir_op *printed = op;
    if (p->module_scope) {
        const char *sym = spvk_ir_symbol_name(op);
        n = snprintf(banner + len, sizeof banner - len, " ('%s' operation%s%s)", spvk_ir_op_name(op), sym ? ": @" : "",
                     sym ? sym : "");
        len += n < 0 ? 0 : (size_t)n < sizeof banner - len ? (size_t)n : sizeof banner - len - 1;
        printed = rs->root;
    }
    if (!p->write(p->user, banner, len) || !p->write(p->user, " //----- //\n", 12))
        return;
    dump_writer w = {p, false, printed->block != NULL, false};
    spvk_ir_print_options po = p->print;
    spvk_ir_print_to(pass->ctx, printed, &po, dump_write, &w);
    p->write(p->user, "\n\n", 2);
}

static spvk_result run_manager(run_state *rs, spvk_pass_manager *pm, spvk_ir_op *op);

static bool verify_after(run_state *rs, const spvk_pass *pass, spvk_ir_op *op)
{
    size_t before = spvk_diag_error_count(rs->diags);
    if (rs->parent && !rs->shared)
        rs->shared = spvk_ir_verifier_create(pass->ctx, NULL);
    const spvk_ir_op *table = rs->parent && (rs->parent->def->traits & SPVK_TRAIT_SYMBOL_TABLE) ? rs->parent : NULL;
    spvk_ir_verifier *v = rs->shared ? ir_verifier_create_sharing(pass->ctx, rs->shared, table) : NULL;
    if (v) {
        /* Silent: most runs pass; one that fails runs again below for its diagnostics. */
        spvk_result quick = spvk_ir_verifier_run(v, op);
        spvk_ir_verifier_destroy(v);
        if (quick == SPVK_OK)
            return true;
    }
    spvk_result r = spvk_ir_verify(pass->ctx, op, rs->diags);
    if (r == SPVK_OK)
        return true;
    if (spvk_diag_error_count(rs->diags) > before)
        spvk_diag_add(rs->diags, SPVK_SEVERITY_NOTE, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                      "the IR fails to verify after pass '%s' (%s)", pass->def->name, pass->def->argument);
    return false;
}

static spvk_result run_pass(run_state *rs, spvk_pass *pass, spvk_ir_op *op)
{
    spvk_pass_manager *top = rs->top;
    const spvk_pass_ir_printing *p = top->printing;
    const char *argument = pass->def->argument;
    pass->diags = rs->diags;
    if (!pass->initialized) {
        pass->initialized = true;
        if (pass->def->initialize) {
            spvk_result r = pass->def->initialize(pass);
            if (r != SPVK_OK) {
                pass->initialized = false; /* nothing to finalize */
                return r;
            }
        }
    }
    if (p && (p->before_all || named_in(argument, p->before, p->num_before)))
        dump_ir(rs, pass, op, "Before");
    pass->changed = false;
    size_t errors = spvk_diag_error_count(rs->diags);
    double start = top->timing ? now_seconds() : 0;
    spvk_result r = pass->def->run(pass, op);
    if (top->timing)
        pass->seconds += now_seconds() - start;
    if (r == SPVK_OK && spvk_ir_context_failed(pass->ctx))
        r = SPVK_ERROR_OUT_OF_MEMORY;
    if (r != SPVK_OK) {
        if (r != SPVK_ERROR_OUT_OF_MEMORY && spvk_diag_error_count(rs->diags) == errors)
            spvk_pass_error(pass, op, "pass '%s' (%s) failed", pass->def->name, argument);
        if (p && p->after_failure)
            dump_ir(rs, pass, op, "After");
        return r;
    }
    if (top->verify_each && pass->changed && !verify_after(rs, pass, op)) {
        if (p && p->after_failure)
            dump_ir(rs, pass, op, "After");
        return SPVK_ERROR_INVALID;
    }
    if (p && (p->after_all || named_in(argument, p->after, p->num_after)) && (!p->after_change || pass->changed))
        dump_ir(rs, pass, op, "After");
    return SPVK_OK;
}

/* The nested manager of entry e for child, or NULL when none runs on it: one of its name, else
   an `any` one whose passes all may run on it. */
static spvk_pass_manager *manager_for(const pm_entry *e, const spvk_ir_op *child)
{
    const char *name = spvk_ir_op_name(child);
    for (size_t k = 0; k < e->num_nested; k++)
        if (!e->nested[k]->any && strcmp(e->nested[k]->anchor, name) == 0)
            return e->nested[k];
    if (child->def->traits & SPVK_TRAIT_UNREGISTERED)
        return NULL;
    for (size_t k = 0; k < e->num_nested; k++) {
        spvk_pass_manager *m = e->nested[k];
        if (!m->any)
            continue;
        bool fits = true;
        for (size_t i = 0; i < m->count && fits; i++)
            if (m->entries[i].pass && m->entries[i].pass->def->anchor)
                fits = strcmp(m->entries[i].pass->def->anchor, name) == 0;
        if (fits)
            return m;
    }
    return NULL;
}

static spvk_result op_error(run_state *rs, const spvk_ir_op *op, const char *message)
{
    spvk_ir_op_diag(rs->diags, SPVK_SEVERITY_ERROR, op, "'%s' op %s", spvk_ir_op_name(op), message);
    return SPVK_ERROR_INVALID;
}

static spvk_result run_nested(run_state *rs, pm_entry *e, spvk_ir_op *op)
{
    bool timing = rs->top->timing;
    double start = timing ? now_seconds() : 0;
    spvk_result r = SPVK_OK;
    spvk_ir_verifier *outer_shared = rs->shared;
    const spvk_ir_op *outer_parent = rs->parent;
    rs->shared = NULL;
    rs->parent = op;
    for (uint32_t ri = 0; ri < op->num_regions && r == SPVK_OK; ri++) {
        spvk_ir_region *region = &op->regions[ri];
        if (region->unmaterialized) { /* made so by a pass (spvk_ir_region_unmaterialize) */
            r = spvk_ir_unmaterialized_error(rs->diags, op, "passes cannot run on it");
            break;
        }
        for (spvk_ir_block *b = region->first; b && r == SPVK_OK; b = b->next)
            for (spvk_ir_op *child = b->first; child && r == SPVK_OK; child = child->next) {
                spvk_pass_manager *m = manager_for(e, child);
                if (!m)
                    continue;
                if (child->def->traits & SPVK_TRAIT_UNREGISTERED)
                    r = op_error(rs, child, "trying to schedule a pass on an unregistered operation");
                else if (!(child->def->traits & SPVK_TRAIT_ISOLATED_FROM_ABOVE))
                    r = op_error(rs, child,
                                 "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'");
                else
                    r = run_manager(rs, m, child);
            }
    }
    spvk_ir_verifier_destroy(rs->shared);
    rs->shared = outer_shared;
    rs->parent = outer_parent;
    if (timing)
        e->seconds += now_seconds() - start;
    return r;
}

static spvk_result run_manager(run_state *rs, spvk_pass_manager *pm, spvk_ir_op *op)
{
    bool timing = rs->top->timing;
    double start = timing ? now_seconds() : 0;
    spvk_result r = SPVK_OK;
    for (size_t i = 0; i < pm->count && r == SPVK_OK; i++) {
        pm_entry *e = &pm->entries[i];
        if (e->pass) {
            if (!e->pass->def->anchor || strcmp(e->pass->def->anchor, spvk_ir_op_name(op)) == 0)
                r = run_pass(rs, e->pass, op);
        } else {
            r = run_nested(rs, e, op);
        }
    }
    if (timing)
        pm->seconds += now_seconds() - start;
    return r;
}

spvk_result spvk_pass_manager_run(spvk_pass_manager *pm, spvk_ir_op *op, spvk_diagnostics *diags)
{
    if (!pm || !op)
        return SPVK_ERROR_USAGE;
    run_state rs = {pm->top, op, diags, NULL, NULL};
    if (!pm->top->coalesced) {
        coalesce(pm->top);
        pm->top->coalesced = true;
    }
    if (!pm->any && strcmp(pm->anchor, spvk_ir_op_name(op)) != 0) {
        char message[512];
        snprintf(message, sizeof message, "can't run '%s' pass manager on '%s' op", pm->anchor, spvk_ir_op_name(op));
        spvk_ir_op_diag(diags, SPVK_SEVERITY_ERROR, op, "%s", message);
        return SPVK_ERROR_INVALID;
    }
    /* Passes run on whole IR: a body a lazy parser or a streamed deserializer has not built
       would be passed over (and a verifier after each pass could not check it). */
    const spvk_ir_op *unbuilt = spvk_ir_find_unmaterialized(op);
    if (unbuilt)
        return spvk_ir_unmaterialized_error(diags, unbuilt, "passes cannot run on it");
    return run_manager(&rs, pm, op);
}
