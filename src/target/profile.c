/* Device profiles: a file that narrows a client API version to what one device enables
   (docs/target_env.md). Two syntaxes: spvkit's line format (a directive and its words per
   line) and MLIR's #spirv.target_env<...> attribute, told apart by the first thing in the
   file.

   A profile enables only what it lists, on top of what its API version guarantees: the
   bare vulkan1.x name stands for any device of the version, a profile for one device, so a
   feature it does not list is off. Names are checked against the tables (Vulkan features,
   properties and extensions, grammar capabilities and extensions, OpenCL's chapter 7
   extensions): a misspelt feature silently enabling nothing would make the validator
   reject modules for reasons nobody could see. The line format reports every error; the
   MLIR syntax stops at its first one, as MLIR's parser does. */
#include <stdarg.h>
#include <string.h>

#include "../support/support.h"
#include "target_internal.h"

typedef struct word {
    const char *p;
    size_t n;
    size_t offset; /* from the start of the text */
} word;

typedef struct string_list {
    char **items;
    size_t count, capacity;
} string_list;

typedef struct profile_reader {
    const char *text;
    size_t length;
    const char *file;
    const spvk_allocator *allocator;
    spvk_diagnostics *diags;
    size_t errors;
    bool out_of_memory;
    /* Where the last error's line search ended, so that reporting stays linear. */
    size_t cache_offset, cache_line, cache_line_start;

    bool have_name, have_api, have_spirv;
    char name[64];
    spvk_client_api api;
    uint32_t api_version;
    bool embedded;
    uint32_t spirv_version;
    string_list features, properties, vk_extensions;
    spvk_capability_set capabilities;
    spvk_extension_set spirv_extensions;
    uint32_t opencl_extensions;
    spvk_resource_limits limits;
    spvk_target_coop_matrix coop[SPVK_TARGET_MAX_COOP_MATRICES];
    uint32_t num_coop;
    bool mlir_vce; /* the capabilities and extensions are exactly the vce's */
} profile_reader;

/* At most this many characters of a name from the input go into a message. */
#define QUOTE_MAX 64
#define QUOTE(w) (int)((w).n < QUOTE_MAX ? (w).n : QUOTE_MAX), (w).p

static void position(profile_reader *r, size_t offset, uint32_t *line, uint32_t *column, size_t *line_start)
{
    if (offset > r->length)
        offset = r->length;
    if (offset < r->cache_offset) {
        r->cache_offset = 0;
        r->cache_line = 1;
        r->cache_line_start = 0;
    }
    for (size_t i = r->cache_offset; i < offset; i++) {
        if (r->text[i] == '\n') {
            r->cache_line++;
            r->cache_line_start = i + 1;
        }
    }
    r->cache_offset = offset;
    *line = (uint32_t)r->cache_line;
    *column = (uint32_t)(offset - r->cache_line_start + 1);
    *line_start = r->cache_line_start;
}

static void error_at(profile_reader *r, size_t offset, const char *fmt, ...) SPVK_PRINTF(3, 4);
static void error_at(profile_reader *r, size_t offset, const char *fmt, ...)
{
    uint32_t line, column;
    size_t start;
    position(r, offset, &line, &column, &start);
    size_t end = start;
    while (end < r->length && r->text[end] != '\n' && r->text[end] != '\r')
        end++;
    r->errors++;
    va_list ap;
    va_start(ap, fmt);
    if (!spvk_diag_vadd(r->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, r->file, line, column,
                        r->text + start, end - start, fmt, ap))
        r->out_of_memory = true;
    va_end(ap);
}

static bool word_is(word w, const char *s)
{
    return strlen(s) == w.n && memcmp(w.p, s, w.n) == 0;
}

static bool list_add(profile_reader *r, string_list *list, const char *a, size_t an, const char *b, size_t bn)
{
    if (!spvk_array_grow(r->allocator, &list->items, &list->capacity, list->count + 1, sizeof(char *), 8)) {
        r->out_of_memory = true;
        return false;
    }
    /* "a" or "a=b" */
    char *s = spvk_alloc(r->allocator, an + (b ? bn + 1 : 0) + 1);
    if (!s) {
        r->out_of_memory = true;
        return false;
    }
    memcpy(s, a, an);
    if (b) {
        s[an] = '=';
        memcpy(s + an + 1, b, bn);
        s[an + 1 + bn] = '\0';
    } else {
        s[an] = '\0';
    }
    list->items[list->count++] = s;
    return true;
}

static void list_free(profile_reader *r, string_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        spvk_free(r->allocator, list->items[i], strlen(list->items[i]) + 1);
    spvk_free(r->allocator, list->items, list->capacity * sizeof(char *));
}

/* "1.3" (or "v1.3") -> SPVK_VERSION(1, 3); false for anything else. */
static bool parse_version(word w, uint32_t *version)
{
    const char *p = w.p;
    size_t n = w.n;
    if (n && *p == 'v') {
        p++;
        n--;
    }
    if (n != 3 || p[0] < '0' || p[0] > '9' || p[1] != '.' || p[2] < '0' || p[2] > '9')
        return false;
    *version = SPVK_VERSION(p[0] - '0', p[2] - '0');
    return true;
}

static bool parse_uint(const char *p, size_t n, uint32_t *value)
{
    uint64_t v = 0;
    unsigned base = 10;
    if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
        n -= 2;
    }
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned d;
        if (p[i] >= '0' && p[i] <= '9')
            d = (unsigned)(p[i] - '0');
        else if (base == 16 && p[i] >= 'a' && p[i] <= 'f')
            d = (unsigned)(p[i] - 'a' + 10);
        else if (base == 16 && p[i] >= 'A' && p[i] <= 'F')
            d = (unsigned)(p[i] - 'A' + 10);
        else
            return false;
        v = v * base + d;
        if (v > UINT32_MAX)
            return false;
    }
    *value = (uint32_t)v;
    return true;
}

/* ---- Shared by both syntaxes ---- */

static void add_capability(profile_reader *r, word w)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_name(SPVK_OPERAND_Capability, w.p, w.n);
    if (!e) {
        error_at(r, w.offset, "unknown SPIR-V capability '%.*s'", QUOTE(w));
        return;
    }
    spvk_capability_set_add(&r->capabilities, e->value);
}

static void add_spirv_extension(profile_reader *r, word w)
{
    int i = spvk_extension_by_name(w.p, w.n);
    if (i < 0) {
        error_at(r, w.offset, "unknown SPIR-V extension '%.*s'", QUOTE(w));
        return;
    }
    spvk_extension_set_add(&r->spirv_extensions, (unsigned)i);
}

static const char *const limit_names[] = {"max_compute_shared_memory_size", "max_compute_workgroup_invocations",
                                          "max_compute_workgroup_size", "subgroup_size", "min_subgroup_size",
                                          "max_subgroup_size"};

static uint32_t *limit_slot(profile_reader *r, word w, size_t *count)
{
    spvk_resource_limits *l = &r->limits;
    uint32_t *slots[] = {&l->max_compute_shared_memory_size, &l->max_compute_workgroup_invocations,
                         l->max_compute_workgroup_size, &l->subgroup_size, &l->min_subgroup_size,
                         &l->max_subgroup_size};
    for (size_t i = 0; i < sizeof limit_names / sizeof limit_names[0]; i++) {
        if (word_is(w, limit_names[i])) {
            *count = i == 2 ? 3 : 1;
            return slots[i];
        }
    }
    return NULL;
}

static bool valid_component_type(word w)
{
    static const char *const types[] = {"i8",  "i16",  "i32",  "i64",  "ui8", "ui16", "ui32",
                                        "ui64", "si8", "si16", "si32", "si64", "f16", "f32",
                                        "f64", "bf16"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (word_is(w, types[i]))
            return true;
    }
    return false;
}

static bool scope_value(word w, uint32_t *scope)
{
    static const struct {
        const char *name;
        uint32_t value;
    } scopes[] = {{"Device", 1}, {"Workgroup", 2}, {"Subgroup", 3}, {"QueueFamily", 5}};
    for (size_t i = 0; i < sizeof scopes / sizeof scopes[0]; i++) {
        if (word_is(w, scopes[i].name)) {
            *scope = scopes[i].value;
            return true;
        }
    }
    return false;
}

/* One field of a cooperative matrix configuration; both syntaxes use MLIR's field names
   (the line format also takes a, b, c, result, saturating). */
static bool coop_field(profile_reader *r, spvk_target_coop_matrix *m, word key, word value, unsigned *seen)
{
    static const char *const keys[] = {"m_size", "n_size", "k_size", "a_type", "b_type", "c_type", "result_type",
                                       "acc_sat", "scope"};
    static const char *const short_keys[] = {"m", "n", "k", "a", "b", "c", "result", "saturating", "scope"};
    size_t i;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (word_is(key, keys[i]) || word_is(key, short_keys[i]))
            break;
    }
    if (i == sizeof keys / sizeof keys[0]) {
        error_at(r, key.offset, "unknown cooperative matrix field '%.*s' (expected m_size, n_size, k_size, a_type, "
                                "b_type, c_type, result_type, acc_sat or scope)", QUOTE(key));
        return false;
    }
    if (*seen & (1u << i)) {
        error_at(r, key.offset, "cooperative matrix field '%s' given twice", keys[i]);
        return false;
    }
    *seen |= 1u << i;
    if (i < 3) {
        uint32_t v;
        if (!parse_uint(value.p, value.n, &v) || v == 0) {
            error_at(r, value.offset, "expected a positive size for '%s', not '%.*s'", keys[i], QUOTE(value));
            return false;
        }
        *(i == 0 ? &m->m : i == 1 ? &m->n : &m->k) = v;
    } else if (i < 7) {
        if (!valid_component_type(value)) {
            error_at(r, value.offset, "unknown component type '%.*s' for '%s' (expected i8..i64, ui8..ui64, f16, "
                                      "f32, f64 or bf16)", QUOTE(value), keys[i]);
            return false;
        }
        char *dest = i == 3 ? m->a_type : i == 4 ? m->b_type : i == 5 ? m->c_type : m->result_type;
        memcpy(dest, value.p, value.n);
        dest[value.n] = '\0';
    } else if (i == 7) {
        if (word_is(value, "true"))
            m->saturating_accumulation = true;
        else if (word_is(value, "false"))
            m->saturating_accumulation = false;
        else {
            error_at(r, value.offset, "expected true or false for 'acc_sat', not '%.*s'", QUOTE(value));
            return false;
        }
    } else if (!scope_value(value, &m->scope)) {
        error_at(r, value.offset, "unknown scope '%.*s' (expected Subgroup, Workgroup, Device or QueueFamily)",
                 QUOTE(value));
        return false;
    }
    return true;
}

static bool coop_complete(profile_reader *r, const spvk_target_coop_matrix *m, unsigned seen, size_t offset)
{
    /* acc_sat may be left out (false); scope defaults to Subgroup in the line format only. */
    if ((seen & 0x7fu) != 0x7fu) {
        error_at(r, offset, "a cooperative matrix configuration needs sizes and the a, b, c and result types");
        return false;
    }
    if (r->num_coop == SPVK_TARGET_MAX_COOP_MATRICES) {
        error_at(r, offset, "more than %d cooperative matrix configurations", SPVK_TARGET_MAX_COOP_MATRICES);
        return false;
    }
    r->coop[r->num_coop++] = *m;
    return true;
}

/* ---- spvkit's line format ---- */

/* The words of the line [start, end), up to a '#' that begins a word (a comment). */
static size_t split_words(const char *text, size_t start, size_t end, word *words, size_t max)
{
    size_t n = 0, i = start;
    while (i < end) {
        while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
            i++;
        if (i == end || text[i] == '#')
            break;
        size_t s = i;
        while (i < end && text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
            i++;
        if (n < max)
            words[n] = (word){text + s, i - s, s};
        n++;
    }
    return n;
}

#define MAX_WORDS 256

static void directive_api(profile_reader *r, const word *w, size_t n)
{
    if (r->have_api) {
        error_at(r, w[0].offset, "'api' given twice");
        return;
    }
    if (n >= 2 && word_is(w[1], "universal") && n == 2) {
        r->api = SPVK_CLIENT_UNIVERSAL;
        r->have_api = true;
        return;
    }
    if (n < 3 || !(word_is(w[1], "vulkan") || word_is(w[1], "opencl"))) {
        error_at(r, n >= 2 ? w[1].offset : w[0].offset,
                 "expected 'api vulkan VERSION', 'api opencl VERSION [full|embedded]' or 'api universal'");
        return;
    }
    uint32_t version;
    bool vulkan = word_is(w[1], "vulkan");
    if (!parse_version(w[2], &version) ||
        (vulkan ? !target_vulkan_max_spirv(version)
                : !(version == SPVK_VERSION(1, 2) || version == SPVK_VERSION(2, 0) || version == SPVK_VERSION(2, 1) ||
                    version == SPVK_VERSION(2, 2)))) {
        error_at(r, w[2].offset, "unknown %s version '%.*s' (expected %s)", vulkan ? "Vulkan" : "OpenCL", QUOTE(w[2]),
                 vulkan ? "1.0 to 1.4" : "1.2, 2.0, 2.1 or 2.2");
        return;
    }
    bool embedded = false;
    if (n == 4 && !vulkan && (word_is(w[3], "embedded") || word_is(w[3], "full"))) {
        embedded = word_is(w[3], "embedded");
    } else if (n > 3) {
        error_at(r, w[3].offset, vulkan ? "unexpected '%.*s' after the Vulkan version"
                                        : "expected 'full' or 'embedded', not '%.*s'", QUOTE(w[3]));
        return;
    }
    r->api = vulkan ? SPVK_CLIENT_VULKAN : SPVK_CLIENT_OPENCL;
    r->api_version = version;
    r->embedded = embedded;
    r->have_api = true;
}

static bool need_api(profile_reader *r, word directive, spvk_client_api only, const char *what)
{
    if (!r->have_api) {
        error_at(r, directive.offset, "'api' must come before '%.*s'", QUOTE(directive));
        return false;
    }
    if (what && r->api != only) {
        error_at(r, directive.offset, "'%.*s' applies to %s profiles only", QUOTE(directive), what);
        return false;
    }
    return true;
}

static void directive_extension(profile_reader *r, word w)
{
    if (w.n > 4 && memcmp(w.p, "SPV_", 4) == 0) {
        add_spirv_extension(r, w);
    } else if (w.n > 3 && memcmp(w.p, "VK_", 3) == 0) {
        if (r->api != SPVK_CLIENT_VULKAN)
            error_at(r, w.offset, "'%.*s' is a Vulkan extension, and this is not a Vulkan profile", QUOTE(w));
        else if (!target_vulkan_knows_extension(w.p, w.n))
            error_at(r, w.offset, "unknown Vulkan extension '%.*s' (the Vulkan tables name no SPIR-V capability or "
                                  "extension it enables)", QUOTE(w));
        else
            list_add(r, &r->vk_extensions, w.p, w.n, NULL, 0);
    } else {
        uint32_t bit = spvk_opencl_extension_by_name(w.p, w.n);
        if (!bit)
            error_at(r, w.offset, "unknown extension '%.*s' (expected SPV_*, VK_* or an OpenCL extension of the "
                                  "OpenCL SPIR-V environment's chapter 7)", QUOTE(w));
        else if (r->api != SPVK_CLIENT_OPENCL)
            error_at(r, w.offset, "'%.*s' is an OpenCL extension, and this is not an OpenCL profile", QUOTE(w));
        else if (!(target_opencl_extensions_for(r->api_version, r->embedded) & bit))
            error_at(r, w.offset, "'%.*s' does not apply to OpenCL %u.%u %s", QUOTE(w), r->api_version >> 16,
                     r->api_version >> 8 & 0xff, r->embedded ? "embedded" : "full");
        else
            r->opencl_extensions |= bit;
    }
}

static void directive_property(profile_reader *r, const word *w, size_t n)
{
    if (n < 2) {
        error_at(r, w[0].offset, "expected 'property MEMBER [VALUE...]'");
        return;
    }
    if (!target_vulkan_knows_property(w[1].p, w[1].n)) {
        error_at(r, w[1].offset, "unknown Vulkan property '%.*s' (the Vulkan tables use none of that name)",
                 QUOTE(w[1]));
        return;
    }
    if (n == 2) {
        if (!target_vulkan_knows_property_value(w[1].p, w[1].n, "VK_TRUE", 7))
            error_at(r, w[1].offset, "property '%.*s' needs values", QUOTE(w[1]));
        else
            list_add(r, &r->properties, w[1].p, w[1].n, "VK_TRUE", 7);
        return;
    }
    for (size_t i = 2; i < n; i++) {
        if (!target_vulkan_knows_property_value(w[1].p, w[1].n, w[i].p, w[i].n))
            error_at(r, w[i].offset, "unknown value '%.*s' of property '%.*s'", QUOTE(w[i]), QUOTE(w[1]));
        else
            list_add(r, &r->properties, w[1].p, w[1].n, w[i].p, w[i].n);
    }
}

static void directive_limit(profile_reader *r, const word *w, size_t n)
{
    size_t count = 0;
    uint32_t *slot = n >= 2 ? limit_slot(r, w[1], &count) : NULL;
    if (!slot) {
        error_at(r, n >= 2 ? w[1].offset : w[0].offset,
                 "expected 'limit NAME VALUE' with NAME one of max_compute_shared_memory_size, "
                 "max_compute_workgroup_invocations, max_compute_workgroup_size (three values), subgroup_size, "
                 "min_subgroup_size, max_subgroup_size");
        return;
    }
    if (n != 2 + count) {
        error_at(r, w[1].offset, "'%.*s' takes %zu value%s", QUOTE(w[1]), count, count == 1 ? "" : "s");
        return;
    }
    for (size_t i = 0; i < count; i++) {
        if (!parse_uint(w[2 + i].p, w[2 + i].n, &slot[i]))
            error_at(r, w[2 + i].offset, "expected an unsigned 32-bit number, not '%.*s'", QUOTE(w[2 + i]));
    }
}

/* cooperative-matrix MxNxK a=T b=T c=T result=T [scope=S] [acc_sat=true|false] */
static void directive_coop(profile_reader *r, const word *w, size_t n)
{
    spvk_target_coop_matrix m;
    memset(&m, 0, sizeof m);
    m.scope = 3;
    unsigned seen = 0;
    if (n < 2) {
        error_at(r, w[0].offset, "expected 'cooperative-matrix MxNxK a=TYPE b=TYPE c=TYPE result=TYPE "
                                 "[scope=SCOPE] [acc_sat=BOOL]'");
        return;
    }
    /* MxNxK */
    const char *p = w[1].p, *end = w[1].p + w[1].n;
    uint32_t sizes[3];
    for (int i = 0; i < 3; i++) {
        const char *s = p;
        while (p < end && *p != 'x')
            p++;
        if (!parse_uint(s, (size_t)(p - s), &sizes[i]) || sizes[i] == 0 || (i < 2 ? p == end : p != end)) {
            error_at(r, w[1].offset, "expected the sizes as MxNxK (such as 16x16x16), not '%.*s'", QUOTE(w[1]));
            return;
        }
        p++;
    }
    m.m = sizes[0];
    m.n = sizes[1];
    m.k = sizes[2];
    seen = 7;
    for (size_t i = 2; i < n; i++) {
        const char *eq = memchr(w[i].p, '=', w[i].n);
        if (!eq) {
            error_at(r, w[i].offset, "expected FIELD=VALUE, not '%.*s'", QUOTE(w[i]));
            return;
        }
        word key = {w[i].p, (size_t)(eq - w[i].p), w[i].offset};
        word value = {eq + 1, w[i].n - key.n - 1, w[i].offset + key.n + 1};
        if (!coop_field(r, &m, key, value, &seen))
            return;
    }
    coop_complete(r, &m, seen, w[0].offset);
}

static void read_line_format(profile_reader *r)
{
    word w[MAX_WORDS];
    size_t start = 0;
    while (start < r->length) {
        size_t end = start;
        while (end < r->length && r->text[end] != '\n')
            end++;
        size_t n = split_words(r->text, start, end, w, MAX_WORDS);
        start = end + 1;
        if (n == 0)
            continue;
        if (n > MAX_WORDS) {
            error_at(r, w[MAX_WORDS - 1].offset, "more than %d words on a line", MAX_WORDS);
            continue;
        }
        word d = w[0];
        if (n == 1 && (word_is(d, "feature") || word_is(d, "extension") || word_is(d, "capability"))) {
            error_at(r, d.offset, "'%.*s' needs at least one name", QUOTE(d));
            continue;
        }
        if (word_is(d, "name")) {
            if (n != 2 || w[1].n >= sizeof r->name)
                error_at(r, d.offset, "expected 'name NAME' (one word, under %zu characters)", sizeof r->name);
            else {
                memcpy(r->name, w[1].p, w[1].n);
                r->name[w[1].n] = '\0';
                r->have_name = true;
            }
        } else if (word_is(d, "api")) {
            directive_api(r, w, n);
        } else if (word_is(d, "spirv")) {
            if (n != 2 || !parse_version(w[1], &r->spirv_version) || r->spirv_version < SPVK_VERSION(1, 0) ||
                r->spirv_version > SPVK_VERSION(1, 6))
                error_at(r, n >= 2 ? w[1].offset : d.offset, "expected 'spirv VERSION' with VERSION 1.0 to 1.6");
            else if (r->have_spirv)
                error_at(r, d.offset, "'spirv' given twice");
            else
                r->have_spirv = true;
        } else if (word_is(d, "feature")) {
            if (!need_api(r, d, SPVK_CLIENT_VULKAN, "Vulkan"))
                continue;
            for (size_t i = 1; i < n; i++) {
                if (!target_vulkan_knows_feature(w[i].p, w[i].n))
                    error_at(r, w[i].offset, "unknown Vulkan feature '%.*s' (the Vulkan tables name no SPIR-V "
                                             "capability it enables)", QUOTE(w[i]));
                else
                    list_add(r, &r->features, w[i].p, w[i].n, NULL, 0);
            }
        } else if (word_is(d, "property")) {
            if (need_api(r, d, SPVK_CLIENT_VULKAN, "Vulkan"))
                directive_property(r, w, n);
        } else if (word_is(d, "extension")) {
            if (!need_api(r, d, SPVK_CLIENT_VULKAN, NULL))
                continue;
            for (size_t i = 1; i < n; i++)
                directive_extension(r, w[i]);
        } else if (word_is(d, "capability")) {
            if (!need_api(r, d, SPVK_CLIENT_VULKAN, NULL))
                continue;
            for (size_t i = 1; i < n; i++)
                add_capability(r, w[i]);
        } else if (word_is(d, "limit")) {
            directive_limit(r, w, n);
        } else if (word_is(d, "cooperative-matrix")) {
            directive_coop(r, w, n);
        } else {
            error_at(r, d.offset, "unknown directive '%.*s' (expected name, api, spirv, feature, property, "
                                  "extension, capability, limit or cooperative-matrix)", QUOTE(d));
        }
    }
    if (!r->have_api && !r->errors)
        error_at(r, 0, "the profile states no 'api' (api vulkan VERSION, api opencl VERSION [embedded] or "
                       "api universal)");
}

/* ---- MLIR's #spirv.target_env<...> ---- */

typedef enum token_kind { TOKEN_END, TOKEN_IDENT, TOKEN_INT, TOKEN_PUNCT, TOKEN_BAD } token_kind;

typedef struct mlir_lexer {
    profile_reader *r;
    size_t pos;
    token_kind kind;
    word token;
} mlir_lexer;

static bool ident_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && ((c >= '0' && c <= '9') ||
                                                                                        c == '.' || c == '$'));
}

static void lex(mlir_lexer *l)
{
    const char *t = l->r->text;
    size_t n = l->r->length;
    for (;;) {
        while (l->pos < n && (t[l->pos] == ' ' || t[l->pos] == '\t' || t[l->pos] == '\n' || t[l->pos] == '\r'))
            l->pos++;
        if (l->pos + 1 < n && t[l->pos] == '/' && t[l->pos + 1] == '/') {
            while (l->pos < n && t[l->pos] != '\n')
                l->pos++;
            continue;
        }
        break;
    }
    size_t s = l->pos;
    if (s >= n) {
        l->kind = TOKEN_END;
        l->token = (word){t + n, 0, n};
        return;
    }
    char c = t[s];
    if (c == '#' || ident_char(c, true)) {
        size_t i = s + 1;
        while (i < n && ident_char(t[i], false))
            i++;
        l->kind = TOKEN_IDENT;
        l->token = (word){t + s, i - s, s};
        l->pos = i;
    } else if (c >= '0' && c <= '9') {
        size_t i = s + 1;
        if (c == '0' && i < n && (t[i] == 'x' || t[i] == 'X'))
            i++;
        while (i < n && ((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f') || (t[i] >= 'A' && t[i] <= 'F')))
            i++;
        /* "3xi32" of a vector type: the digits alone; "xi32" follows as an identifier. */
        if (!(s + 1 < n && t[s] == '0' && (t[s + 1] == 'x' || t[s + 1] == 'X'))) {
            i = s + 1;
            while (i < n && t[i] >= '0' && t[i] <= '9')
                i++;
        }
        l->kind = TOKEN_INT;
        l->token = (word){t + s, i - s, s};
        l->pos = i;
    } else if (strchr("<>[]{},=:", c)) {
        l->kind = TOKEN_PUNCT;
        l->token = (word){t + s, 1, s};
        l->pos = s + 1;
    } else {
        l->kind = TOKEN_BAD;
        l->token = (word){t + s, 1, s};
        l->pos = s + 1;
    }
}

static bool at_punct(mlir_lexer *l, char c)
{
    return l->kind == TOKEN_PUNCT && l->token.p[0] == c;
}

static bool describe_and_fail(mlir_lexer *l, const char *expected)
{
    if (l->kind == TOKEN_END)
        error_at(l->r, l->token.offset, "expected %s, found the end of the file", expected);
    else
        error_at(l->r, l->token.offset, "expected %s, found '%.*s'", expected, QUOTE(l->token));
    return false;
}

static bool expect_punct(mlir_lexer *l, char c)
{
    if (!at_punct(l, c)) {
        char what[4] = {'\'', c, '\'', '\0'};
        return describe_and_fail(l, what);
    }
    lex(l);
    return true;
}

/* An attribute mnemonic, "#spirv.NAME" or the older "#spv.NAME". */
static bool at_attribute(mlir_lexer *l, const char *name)
{
    if (l->kind != TOKEN_IDENT)
        return false;
    word w = l->token;
    size_t n = strlen(name);
    for (int k = 0; k < 2; k++) {
        const char *prefix = k ? "#spv." : "#spirv.";
        size_t p = strlen(prefix);
        if (w.n == p + n && memcmp(w.p, prefix, p) == 0 && memcmp(w.p + p, name, n) == 0)
            return true;
    }
    return false;
}

/* Skips a type after ':' ("i32", "vector<3xi32>"). */
static bool skip_type(mlir_lexer *l)
{
    if (l->kind != TOKEN_IDENT)
        return describe_and_fail(l, "a type");
    lex(l);
    if (!at_punct(l, '<'))
        return true;
    int depth = 0;
    do {
        if (l->kind == TOKEN_END || l->kind == TOKEN_BAD)
            return describe_and_fail(l, "'>'");
        if (at_punct(l, '<'))
            depth++;
        else if (at_punct(l, '>'))
            depth--;
        lex(l);
    } while (depth > 0);
    return true;
}

/* integer (':' type)? */
static bool parse_mlir_uint(mlir_lexer *l, uint32_t *value)
{
    if (l->kind != TOKEN_INT || !parse_uint(l->token.p, l->token.n, value))
        return describe_and_fail(l, "an unsigned 32-bit integer");
    lex(l);
    if (at_punct(l, ':')) {
        lex(l);
        return skip_type(l);
    }
    return true;
}

/* '[' int, int, int ']' or dense<[...]> (':' type)? */
static bool parse_mlir_int_array(mlir_lexer *l, uint32_t *values, size_t count)
{
    bool dense = l->kind == TOKEN_IDENT && word_is(l->token, "dense");
    if (dense) {
        lex(l);
        if (!expect_punct(l, '<'))
            return false;
    }
    if (!expect_punct(l, '['))
        return false;
    for (size_t i = 0; i < count; i++) {
        if (i && !expect_punct(l, ','))
            return false;
        if (!parse_mlir_uint(l, &values[i]))
            return false;
    }
    if (!expect_punct(l, ']'))
        return false;
    if (dense && !expect_punct(l, '>'))
        return false;
    if (at_punct(l, ':')) {
        lex(l);
        return skip_type(l);
    }
    return true;
}

/* Skips one attribute value of a field spvkit does not use: balanced brackets. */
static bool skip_value(mlir_lexer *l)
{
    int depth = 0;
    for (;;) {
        if (l->kind == TOKEN_END || l->kind == TOKEN_BAD)
            return describe_and_fail(l, "the end of the value");
        if (depth == 0 && (at_punct(l, ',') || at_punct(l, '>') || at_punct(l, '}')))
            return true;
        if (at_punct(l, '<') || at_punct(l, '[') || at_punct(l, '{'))
            depth++;
        else if (at_punct(l, '>') || at_punct(l, ']') || at_punct(l, '}'))
            depth--;
        lex(l);
    }
}

/* #spirv.coop_matrix_props_khr<m_size = 16, ..., scope = <Subgroup>> */
static bool parse_mlir_coop(mlir_lexer *l)
{
    size_t start = l->token.offset;
    if (!at_attribute(l, "coop_matrix_props_khr"))
        return describe_and_fail(l, "#spirv.coop_matrix_props_khr<...>");
    lex(l);
    if (!expect_punct(l, '<'))
        return false;
    spvk_target_coop_matrix m;
    memset(&m, 0, sizeof m);
    unsigned seen = 0;
    while (!at_punct(l, '>')) {
        if (seen && !expect_punct(l, ','))
            return false;
        if (l->kind != TOKEN_IDENT)
            return describe_and_fail(l, "a field name");
        word key = l->token;
        lex(l);
        if (!expect_punct(l, '='))
            return false;
        bool scope = word_is(key, "scope");
        if (scope && at_punct(l, '<')) {
            lex(l);
        } else if (scope && at_attribute(l, "scope")) {
            lex(l);
            if (!expect_punct(l, '<'))
                return false;
        } else {
            scope = false;
        }
        if (l->kind != TOKEN_IDENT && l->kind != TOKEN_INT)
            return describe_and_fail(l, "a value");
        word value = l->token;
        lex(l);
        if (!coop_field(l->r, &m, key, value, &seen))
            return false;
        if (scope && !expect_punct(l, '>'))
            return false;
        if (at_punct(l, ':')) {
            lex(l);
            if (!skip_type(l))
                return false;
        }
    }
    lex(l);
    if (!(seen & (1u << 8))) {
        error_at(l->r, start, "a cooperative matrix configuration needs a scope");
        return false;
    }
    return coop_complete(l->r, &m, seen, start);
}

/* key = value pairs of #spirv.resource_limits<...> (or of the older dictionary {...}) up to
   close. */
static bool parse_mlir_limits(mlir_lexer *l, char close)
{
    bool first = true;
    while (!at_punct(l, close)) {
        if (!first && !expect_punct(l, ','))
            return false;
        first = false;
        if (l->kind != TOKEN_IDENT)
            return describe_and_fail(l, "a resource limit name");
        word key = l->token;
        lex(l);
        if (!expect_punct(l, '='))
            return false;
        size_t count;
        uint32_t *slot = limit_slot(l->r, key, &count);
        if (slot) {
            if (!(count == 1 ? parse_mlir_uint(l, slot) : parse_mlir_int_array(l, slot, count)))
                return false;
        } else if (word_is(key, "cooperative_matrix_properties_khr")) {
            if (!expect_punct(l, '['))
                return false;
            for (bool f = true; !at_punct(l, ']'); f = false) {
                if (!f && !expect_punct(l, ','))
                    return false;
                if (!parse_mlir_coop(l))
                    return false;
            }
            lex(l);
        } else if (word_is(key, "cooperative_matrix_properties_nv")) {
            /* NV configurations describe SPV_NV_cooperative_matrix, which spvkit does not model. */
            if (!skip_value(l))
                return false;
        } else {
            error_at(l->r, key.offset, "unknown resource limit '%.*s'", QUOTE(key));
            return false;
        }
    }
    lex(l);
    return true;
}

static bool one_of(word w, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (word_is(w, names[i]))
            return true;
    }
    return false;
}

static bool parse_mlir_target_env(mlir_lexer *l)
{
    profile_reader *r = l->r;
    /* An optional "spirv.target_env =" in front, as the attribute appears in a module. */
    if (l->kind == TOKEN_IDENT && (word_is(l->token, "spirv.target_env") || word_is(l->token, "spv.target_env"))) {
        lex(l);
        if (!expect_punct(l, '='))
            return false;
    }
    if (!at_attribute(l, "target_env"))
        return describe_and_fail(l, "#spirv.target_env<...>");
    lex(l);
    if (!expect_punct(l, '<'))
        return false;
    /* #spirv.vce<VERSION, [CAPABILITIES], [EXTENSIONS]> */
    if (!at_attribute(l, "vce"))
        return describe_and_fail(l, "#spirv.vce<...>");
    lex(l);
    if (!expect_punct(l, '<'))
        return false;
    if (l->kind != TOKEN_IDENT || !parse_version(l->token, &r->spirv_version) ||
        r->spirv_version > SPVK_VERSION(1, 6) || r->spirv_version < SPVK_VERSION(1, 0))
        return describe_and_fail(l, "a SPIR-V version v1.0 to v1.6");
    r->have_spirv = true;
    lex(l);
    for (int list = 0; list < 2; list++) {
        if (!expect_punct(l, ',') || !expect_punct(l, '['))
            return false;
        for (bool first = true; !at_punct(l, ']'); first = false) {
            if (!first && !expect_punct(l, ','))
                return false;
            if (l->kind != TOKEN_IDENT)
                return describe_and_fail(l, list == 0 ? "a capability" : "an extension");
            size_t errors = r->errors;
            if (list == 0)
                add_capability(r, l->token);
            else
                add_spirv_extension(r, l->token);
            if (r->errors != errors)
                return false;
            lex(l);
        }
        lex(l);
    }
    if (!expect_punct(l, '>'))
        return false;
    r->api = SPVK_CLIENT_UNIVERSAL;
    while (at_punct(l, ',')) {
        lex(l);
        if (at_attribute(l, "resource_limits")) {
            lex(l);
            if (!expect_punct(l, '<') || !parse_mlir_limits(l, '>'))
                return false;
        } else if (at_punct(l, '{')) {
            lex(l);
            if (!parse_mlir_limits(l, '}'))
                return false;
        } else if (l->kind == TOKEN_IDENT && word_is(l->token, "api")) {
            lex(l);
            if (!expect_punct(l, '='))
                return false;
            static const char *const apis[] = {"Metal", "WebGPU", "Unknown"};
            if (l->kind == TOKEN_IDENT && word_is(l->token, "Vulkan"))
                r->api = SPVK_CLIENT_VULKAN;
            else if (l->kind == TOKEN_IDENT && word_is(l->token, "OpenCL"))
                r->api = SPVK_CLIENT_OPENCL;
            else if (!(l->kind == TOKEN_IDENT && one_of(l->token, apis, 3)))
                return describe_and_fail(l, "a client API (Vulkan, OpenCL, Metal, WebGPU or Unknown)");
            lex(l);
        } else if (l->kind == TOKEN_IDENT) {
            /* VENDOR (':' DEVICE-TYPE (':' DEVICE-ID)?)? */
            static const char *const vendors[] = {"AMD", "Apple", "ARM", "Imagination", "Intel", "NVIDIA",
                                                  "Qualcomm", "SwiftShader", "Unknown"};
            static const char *const types[] = {"CPU", "DiscreteGPU", "IntegratedGPU", "Other", "Unknown"};
            if (!one_of(l->token, vendors, sizeof vendors / sizeof vendors[0])) {
                error_at(r, l->token.offset, "unknown vendor '%.*s' (expected AMD, Apple, ARM, Imagination, Intel, "
                                             "NVIDIA, Qualcomm, SwiftShader or Unknown)", QUOTE(l->token));
                return false;
            }
            lex(l);
            if (at_punct(l, ':')) {
                lex(l);
                if (l->kind != TOKEN_IDENT || !one_of(l->token, types, sizeof types / sizeof types[0]))
                    return describe_and_fail(l, "a device type (CPU, DiscreteGPU, IntegratedGPU, Other or Unknown)");
                lex(l);
                if (at_punct(l, ':')) {
                    lex(l);
                    uint32_t id;
                    if (!parse_mlir_uint(l, &id))
                        return false;
                }
            }
        } else {
            return describe_and_fail(l, "api=..., a vendor, or #spirv.resource_limits<...>");
        }
    }
    if (!expect_punct(l, '>'))
        return false;
    if (l->kind != TOKEN_END)
        return describe_and_fail(l, "the end of the file");
    r->mlir_vce = true;
    r->have_api = true;
    /* MLIR's attribute carries no API version: the oldest that accepts the SPIR-V version. */
    if (r->api == SPVK_CLIENT_VULKAN) {
        static const uint32_t vk[] = {SPVK_VERSION(1, 0), SPVK_VERSION(1, 1), SPVK_VERSION(1, 2), SPVK_VERSION(1, 3)};
        for (size_t i = 0; i < 4; i++) {
            r->api_version = vk[i];
            if (target_vulkan_max_spirv(vk[i]) >= r->spirv_version)
                break;
        }
    } else if (r->api == SPVK_CLIENT_OPENCL) {
        r->api_version = r->spirv_version <= SPVK_VERSION(1, 0) ? SPVK_VERSION(1, 2) : SPVK_VERSION(2, 2);
    }
    return true;
}

/* Whether the text's first significant characters are MLIR's attribute. */
static bool looks_like_mlir(const char *text, size_t length)
{
    size_t i = 0;
    for (;;) {
        while (i < length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            i++;
        if (i + 1 < length && text[i] == '/' && text[i + 1] == '/') {
            while (i < length && text[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    static const char *const starts[] = {"#spirv.", "#spv.", "spirv.target_env", "spv.target_env"};
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
        size_t n = strlen(starts[k]);
        if (length - i >= n && memcmp(text + i, starts[k], n) == 0)
            return true;
    }
    return false;
}

/* ---- Building the target ---- */

static void default_name(profile_reader *r, spvk_target *target)
{
    if (r->have_name) {
        memcpy(target->name, r->name, sizeof target->name);
        return;
    }
    /* The file's base name without its extension. */
    const char *f = r->file ? r->file : "profile";
    const char *slash = strrchr(f, '/');
    if (slash)
        f = slash + 1;
    size_t n = strlen(f);
    const char *dot = strrchr(f, '.');
    if (dot && dot != f)
        n = (size_t)(dot - f);
    if (n >= sizeof target->name)
        n = sizeof target->name - 1;
    memcpy(target->name, f, n);
    target->name[n] = '\0';
}

static void build_target(profile_reader *r, spvk_target *target)
{
    if (r->mlir_vce) {
        target_universal_init(target, r->spirv_version, false);
        target->api = r->api;
        target->api_version = r->api_version;
    } else if (r->api == SPVK_CLIENT_VULKAN) {
        target_universal_init(target, target_vulkan_max_spirv(r->api_version), false);
        target->api = SPVK_CLIENT_VULKAN;
        target->api_version = r->api_version;
    } else if (r->api == SPVK_CLIENT_OPENCL) {
        target_opencl_init(target, r->api_version, r->embedded, false);
    } else {
        target_universal_init(target, SPVK_VERSION(1, 6), false);
    }
    /* A device may accept more than its API version guarantees (VK_KHR_spirv_1_4) or less. */
    if (r->have_spirv)
        target->max_spirv_version = r->spirv_version;
    if (r->api == SPVK_CLIENT_VULKAN && !r->mlir_vce) {
        target_vulkan_device device = {
            .version = r->api_version,
            .any_device = false,
            .features = (const char *const *)r->features.items,
            .num_features = r->features.count,
            .properties = (const char *const *)r->properties.items,
            .num_properties = r->properties.count,
            .extensions = (const char *const *)r->vk_extensions.items,
            .num_extensions = r->vk_extensions.count,
        };
        target_vulkan_apply(&device, target);
    }
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    for (unsigned i = 0; kind && i < kind->num_enumerants && i < 64 * SPVK_CAPABILITY_SET_WORDS; i++) {
        if (!(r->capabilities.bits[i / 64] >> (i % 64) & 1u))
            continue;
        if (r->api == SPVK_CLIENT_OPENCL && !r->mlir_vce)
            target_opencl_add_optional(target, kind->enumerants[i].value);
        else
            target_add_capability_implied(target, kind->enumerants[i].value);
    }
    for (int w = 0; w < SPVK_EXTENSION_SET_WORDS; w++)
        target->extensions.bits[w] |= r->spirv_extensions.bits[w];
    target->opencl_extensions = r->opencl_extensions;
    if (r->api == SPVK_CLIENT_VULKAN)
        target->physical_storage_buffer =
            spvk_capability_set_has(&target->capabilities, SPVK_CAPABILITY_PhysicalStorageBufferAddresses);
    /* MLIR's attribute has no layout features: only what the Vulkan version makes core (the
       relaxed block layout from 1.1) holds; the line format's features went through
       target_vulkan_apply. */
    if (r->api == SPVK_CLIENT_VULKAN && r->mlir_vce)
        target->relaxed_block_layout = r->api_version >= SPVK_VERSION(1, 1);
    target->from_profile = true;
    target->limits = r->limits;
    memcpy(target->coop_matrices, r->coop, sizeof r->coop);
    target->num_coop_matrices = r->num_coop;
    default_name(r, target);
}

spvk_result spvk_target_from_profile(const char *text, size_t length, const char *file_name,
                                     const spvk_allocator *allocator, spvk_target *target, spvk_diagnostics *diags)
{
    if ((!text && length) || !target)
        return SPVK_ERROR_USAGE;
    profile_reader *r = spvk_alloc(allocator, sizeof *r);
    if (!r)
        return SPVK_ERROR_OUT_OF_MEMORY;
    memset(r, 0, sizeof *r);
    r->text = text ? text : "";
    r->length = length;
    r->file = file_name;
    r->allocator = allocator;
    r->diags = diags;
    r->cache_line = 1;
    if (looks_like_mlir(r->text, length)) {
        mlir_lexer l = {.r = r};
        lex(&l);
        if (!parse_mlir_target_env(&l) && !r->errors)
            error_at(r, l.token.offset, "invalid #spirv.target_env attribute");
    } else {
        read_line_format(r);
    }
    spvk_result result = r->out_of_memory ? SPVK_ERROR_OUT_OF_MEMORY : r->errors ? SPVK_ERROR_INVALID : SPVK_OK;
    if (result == SPVK_OK)
        build_target(r, target);
    list_free(r, &r->features);
    list_free(r, &r->properties);
    list_free(r, &r->vk_extensions);
    spvk_free(allocator, r, sizeof *r);
    return result;
}
