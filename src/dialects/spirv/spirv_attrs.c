/* The spirv dialect's attributes: constructors and MLIR 19's syntax for them.

     #spirv.<mnemonic><Value>          an enumerant of any enum operand kind (ENUM): storage_class,
                                       memory_access<Volatile|Aligned> (masks joined by '|'),
                                       decoration, scope, fastmath_mode, linkage_type, ...
     #spirv.vce<v1.3, [Shader], [SPV_KHR_16bit_storage]>
     #spirv.target_env<#spirv.vce<...>, api=Vulkan, NVIDIA:DiscreteGPU:4, #spirv.resource_limits<...>>
     #spirv.resource_limits<max_compute_workgroup_invocations = 256, ...>
     #spirv.entry_point_abi<workgroup_size = [32, 1, 1], subgroup_size = 32, target_width = 32>
     #spirv.interface_var_abi<(0, 1), StorageBuffer>
     #spirv.linkage_attributes<linkage_name = "f", linkage_type = <Import>>
     #spirv.coop_matrix_props_khr<m_size = 8, ..., scope = <Subgroup>>

   Parameters in `name = value` lists print in MLIR's declaration order, and those equal to MLIR's
   defaults are left out as MLIR leaves them out, so that spvkit prints what mlir-opt prints. */
#include <stdio.h>
#include <string.h>

#include "spirv_internal.h"
#include "../../grammar/grammar_internal.h"
#include "../../support/support.h"

/* ---- Enumerants ---- */

/* The table is sorted by kind, then value (tools/gen_spirv_dialect.py): every enum printed looks
   here first. */
static const spvk_spirv_enum_rename *find_rename(unsigned kind, uint32_t value)
{
    size_t lo = 0, hi = spvk_spirv_num_enum_renames;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const spvk_spirv_enum_rename *r = &spvk_spirv_enum_renames[mid];
        if (r->kind == kind && r->value == value)
            return r;
        if (r->kind < kind || (r->kind == kind && r->value < value))
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Names found by this thread (direct-mapped by kind and value), for the printer, which spells
   the same few enumerants at nearly every op: a memo of constant tables, like the one below. */
typedef struct enumerant_name_memo {
    const char *name; /* NULL: empty */
    uint32_t value;
    unsigned kind;
} enumerant_name_memo;
#define ENUMERANT_NAME_MEMO 64
static _Thread_local enumerant_name_memo enumerant_name_memos[ENUMERANT_NAME_MEMO];

const char *spvk_spirv_enumerant_name(unsigned operand_kind, uint32_t value)
{
    enumerant_name_memo *m = &enumerant_name_memos[(operand_kind * 37u + value * 7u) & (ENUMERANT_NAME_MEMO - 1)];
    if (m->name && m->kind == operand_kind && m->value == value)
        return m->name;
    const spvk_spirv_enum_rename *r = find_rename(operand_kind, value);
    const spvk_enumerant_desc *e = r ? NULL : spvk_enumerant_by_value(operand_kind, value);
    const char *name = r ? r->name : e ? e->name : NULL;
    if (name)
        *m = (enumerant_name_memo){name, value, operand_kind};
    return name;
}

/* Names looked up by this thread (direct-mapped by kind, length and first byte): custom forms
   spell the same few enumerants ("Function", "None") at nearly every load, store and variable,
   and comparing one name costs far less than searching the renames and the grammar. A memo of
   constant tables: what it holds never changes what is found. */
typedef struct enumerant_memo {
    const char *name; /* a table's name: NUL-terminated, never freed */
    uint32_t length, value;
    unsigned kind;
} enumerant_memo;
#define ENUMERANT_MEMO 64
static _Thread_local enumerant_memo enumerant_memos[ENUMERANT_MEMO];

static bool enumerant_value_uncached(unsigned operand_kind, const char *name, size_t length, uint32_t *value,
                                     const char **table_name);

bool spvk_spirv_enumerant_value(unsigned operand_kind, const char *name, size_t length, uint32_t *value)
{
    if (!length || length > UINT32_MAX)
        return enumerant_value_uncached(operand_kind, name, length, value, NULL);
    enumerant_memo *m =
        &enumerant_memos[(operand_kind * 31u + (uint32_t)length * 7u + (unsigned char)name[0]) & (ENUMERANT_MEMO - 1)];
    if (m->name && m->kind == operand_kind && m->length == length && memcmp(m->name, name, length) == 0) {
        *value = m->value;
        return true;
    }
    const char *table_name = NULL;
    if (!enumerant_value_uncached(operand_kind, name, length, value, &table_name))
        return false;
    /* Kept only under its own spelling (not an alias's): the memo's name is what it compares. */
    size_t i = 0;
    while (table_name && i < length && table_name[i] && table_name[i] == name[i])
        i++;
    if (table_name && i == length && !table_name[length])
        *m = (enumerant_memo){table_name, (uint32_t)length, *value, operand_kind};
    return true;
}

static bool enumerant_value_uncached(unsigned operand_kind, const char *name, size_t length, uint32_t *value,
                                     const char **table_name)
{
    /* The kind's renames: from the first with this kind (sorted by kind). */
    size_t lo = 0, hi = spvk_spirv_num_enum_renames;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (spvk_spirv_enum_renames[mid].kind < operand_kind)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i < spvk_spirv_num_enum_renames && spvk_spirv_enum_renames[i].kind == operand_kind; i++) {
        const spvk_spirv_enum_rename *r = &spvk_spirv_enum_renames[i];
        if (length && r->name[0] == name[0] && strncmp(r->name, name, length) == 0 && r->name[length] == 0) {
            *value = r->value;
            if (table_name)
                *table_name = r->name;
            return true;
        }
    }
    const spvk_enumerant_desc *e = spvk_enumerant_by_name(operand_kind, name, length);
    if (!e)
        return false;
    *value = e->value;
    if (table_name)
        *table_name = e->name;
    return true;
}

void spvk_spirv_print_enum_value(spvk_ir_printer *p, unsigned operand_kind, uint32_t value)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(operand_kind);
    if (!k || k->category != SPVK_CATEGORY_BITENUM) {
        const char *n = spvk_spirv_enumerant_name(operand_kind, value);
        if (n)
            spvk_ir_print_text(p, n);
        else
            spvk_ir_print_format(p, "%u", value); /* not an enumerant: its number, parsed back */
        return;
    }
    if (value == 0) {
        const char *n = spvk_spirv_enumerant_name(operand_kind, 0);
        spvk_ir_print_text(p, n ? n : "None");
        return;
    }
    bool first = true;
    uint32_t unknown = 0;
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const char *n = spvk_spirv_enumerant_name(operand_kind, b);
        if (!n) {
            unknown |= b;
            continue;
        }
        if (!first)
            spvk_ir_print_text_n(p, "|", 1);
        spvk_ir_print_text(p, n);
        first = false;
    }
    if (unknown)
        spvk_ir_print_format(p, "%s0x%x", first ? "" : "|", unknown);
}

static bool parse_enum_word(spvk_ir_parser *p, unsigned kind, uint32_t *value)
{
    int64_t number;
    if (spvk_ir_parse_optional_integer(p, &number)) {
        /* The grammar's "2D" lexes as 2 and D (MLIR says Dim2D). */
        if (kind == SPVK_OPERAND_Dim && number >= 1 && number <= 3 && spvk_ir_parse_optional_keyword(p, "D")) {
            *value = (uint32_t)(number - 1);
            return true;
        }
        if (number < 0 || number > 0xffffffffLL)
            return spvk_ir_parser_error(p, "enumerant value %lld is out of range", (long long)number);
        *value = (uint32_t)number;
        return true;
    }
    const char *name;
    if (!spvk_ir_parse_identifier(p, &name))
        return false;
    if (!spvk_spirv_enumerant_value(kind, name, strlen(name), value))
        return spvk_ir_parser_error(p, "'%s' is not a %s", name, spvk_operand_kind(kind)->name);
    return true;
}

bool spvk_spirv_parse_enum_value(spvk_ir_parser *p, unsigned operand_kind, uint32_t *value)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(operand_kind);
    if (!k)
        return spvk_ir_parser_error(p, "unknown enum kind");
    const char *s;
    size_t len;
    if (spvk_ir_parse_optional_string_view(p, &s, &len)) {
        /* "Acquire|UniformMemory", as custom forms quote it. */
        *value = 0;
        size_t start = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i < len && s[i] != '|')
                continue;
            uint32_t v;
            size_t a = start, b = i;
            while (a < b && s[a] == ' ')
                a++;
            while (b > a && s[b - 1] == ' ')
                b--;
            if (!spvk_spirv_enumerant_value(operand_kind, s + a, b - a, &v))
                return spvk_ir_parser_error(p, "'%.*s' is not a %s", (int)(b - a), s + a, k->name);
            if (k->category != SPVK_CATEGORY_BITENUM && (i < len || start))
                return spvk_ir_parser_error(p, "%s is not a mask", k->name);
            *value |= v;
            start = i + 1;
        }
        return true;
    }
    if (!parse_enum_word(p, operand_kind, value))
        return false;
    if (k->category != SPVK_CATEGORY_BITENUM)
        return true;
    while (spvk_ir_parse_optional_punct(p, "|")) {
        uint32_t v;
        if (!parse_enum_word(p, operand_kind, &v))
            return false;
        *value |= v;
    }
    return true;
}

/* ---- Constructors ---- */

static const spvk_ir_attr *dialect_attr(spvk_ir_context *ctx, spvk_ir_attr_desc *d)
{
    d->dialect = spvk_spirv_dialect();
    return spvk_ir_attr_get(ctx, d);
}

const spvk_ir_attr *spvk_spirv_enum_attr(spvk_ir_context *ctx, unsigned operand_kind, uint32_t value)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_SPIRV_ATTR_ENUM;
    d.value = value;
    d.value2 = operand_kind;
    return dialect_attr(ctx, &d);
}

const spvk_ir_attr *spvk_spirv_undef_attr(spvk_ir_context *ctx)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_SPIRV_ATTR_UNDEF;
    return dialect_attr(ctx, &d);
}

const spvk_ir_attr *spvk_spirv_vce_attr(spvk_ir_context *ctx, uint32_t version, const uint32_t *capabilities,
                                        uint32_t num_capabilities, const char *const *extensions,
                                        uint32_t num_extensions)
{
    const spvk_ir_attr *small[32];
    uint32_t most = num_capabilities > num_extensions ? num_capabilities : num_extensions;
    const spvk_ir_attr **items = most <= 32 ? small : spvk_ir_alloc(ctx, most * sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < num_capabilities; i++)
        if (!(items[i] = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_Capability, capabilities[i])))
            return NULL;
    const spvk_ir_attr *caps = spvk_ir_array_attr(ctx, items, num_capabilities);
    for (uint32_t i = 0; i < num_extensions; i++)
        if (!(items[i] = spvk_ir_string_attr(ctx, extensions[i], strlen(extensions[i]))))
            return NULL;
    const spvk_ir_attr *exts = spvk_ir_array_attr(ctx, items, num_extensions);
    if (!caps || !exts)
        return NULL;
    const spvk_ir_attr *pair[2] = {caps, exts};
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_SPIRV_ATTR_VCE;
    d.value = version;
    d.attrs = pair;
    d.num_attrs = 2;
    return dialect_attr(ctx, &d);
}

/* An attribute with named parameters (target_env, resource_limits, entry_point_abi, ...). */
static const spvk_ir_attr *named_attr(spvk_ir_context *ctx, unsigned kind, const char *const *names,
                                      const spvk_ir_attr *const *values, uint32_t count)
{
    spvk_ir_attr_desc d = {0};
    d.kind = (uint16_t)kind;
    d.names = names;
    d.attrs = values;
    d.num_attrs = count;
    return dialect_attr(ctx, &d);
}

/* ---- Syntax ---- */

typedef enum param_kind { P_INT, P_ARRAY, P_DENSE_I32, P_TYPE, P_BOOL, P_ENUM, P_STRING } param_kind;

typedef struct param_spec {
    const char *name;
    uint8_t kind;          /* param_kind */
    uint16_t enum_kind;    /* P_ENUM */
    bool has_default;      /* MLIR's default, which MLIR leaves out when printing */
    int64_t default_value; /* P_INT */
    const int64_t *default_array;
    uint32_t default_count;
} param_spec;

static const int64_t default_workgroup_size[3] = {128, 128, 64};

static const param_spec resource_limit_params[] = {
    {"max_compute_shared_memory_size", P_INT, 0, true, 16384, NULL, 0},
    {"max_compute_workgroup_invocations", P_INT, 0, true, 128, NULL, 0},
    {"max_compute_workgroup_size", P_ARRAY, 0, true, 0, default_workgroup_size, 3},
    {"subgroup_size", P_INT, 0, true, 32, NULL, 0},
    {"min_subgroup_size", P_INT, 0, false, 0, NULL, 0},
    {"max_subgroup_size", P_INT, 0, false, 0, NULL, 0},
    {"cooperative_matrix_properties_khr", P_ARRAY, 0, false, 0, NULL, 0},
    {"cooperative_matrix_properties_nv", P_ARRAY, 0, false, 0, NULL, 0},
};
static const param_spec entry_point_abi_params[] = {
    {"workgroup_size", P_DENSE_I32, 0, false, 0, NULL, 0},
    {"subgroup_size", P_INT, 0, false, 0, NULL, 0},
    {"target_width", P_INT, 0, false, 0, NULL, 0},
};
static const param_spec linkage_params[] = {
    {"linkage_name", P_STRING, 0, false, 0, NULL, 0},
    {"linkage_type", P_ENUM, SPVK_OPERAND_LinkageType, false, 0, NULL, 0},
};
static const param_spec coop_props_params[] = {
    {"m_size", P_INT, 0, false, 0, NULL, 0},       {"n_size", P_INT, 0, false, 0, NULL, 0},
    {"k_size", P_INT, 0, false, 0, NULL, 0},       {"a_type", P_TYPE, 0, false, 0, NULL, 0},
    {"b_type", P_TYPE, 0, false, 0, NULL, 0},      {"c_type", P_TYPE, 0, false, 0, NULL, 0},
    {"result_type", P_TYPE, 0, false, 0, NULL, 0}, {"acc_sat", P_BOOL, 0, false, 0, NULL, 0},
    {"scope", P_ENUM, SPVK_OPERAND_Scope, false, 0, NULL, 0},
};

typedef struct struct_attr_spec {
    const char *mnemonic;
    unsigned kind;
    const param_spec *params;
    uint32_t num_params;
} struct_attr_spec;

#define COUNT_OF(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))
static const struct_attr_spec struct_attrs[] = {
    {"resource_limits", SPVK_SPIRV_ATTR_RESOURCE_LIMITS, resource_limit_params, COUNT_OF(resource_limit_params)},
    {"entry_point_abi", SPVK_SPIRV_ATTR_ENTRY_POINT_ABI, entry_point_abi_params, COUNT_OF(entry_point_abi_params)},
    {"linkage_attributes", SPVK_SPIRV_ATTR_LINKAGE_ATTRIBUTES, linkage_params, COUNT_OF(linkage_params)},
    {"coop_matrix_props_khr", SPVK_SPIRV_ATTR_COOP_MATRIX_PROPS, coop_props_params, COUNT_OF(coop_props_params)},
};

static const struct_attr_spec *struct_attr_by_kind(unsigned kind)
{
    for (uint32_t i = 0; i < COUNT_OF(struct_attrs); i++)
        if (struct_attrs[i].kind == kind)
            return &struct_attrs[i];
    return NULL;
}

static const param_spec *param_by_name(const struct_attr_spec *s, const char *name)
{
    for (uint32_t i = 0; i < s->num_params; i++)
        if (strcmp(s->params[i].name, name) == 0)
            return &s->params[i];
    return NULL;
}

/* True when a parameter's value is MLIR's default for it (so MLIR would not print it). */
static bool is_default(const param_spec *ps, const spvk_ir_attr *a)
{
    if (!ps || !ps->has_default || a->dialect)
        return false;
    if (ps->kind == P_INT)
        return a->kind == SPVK_ATTR_INTEGER && a->value == ps->default_value;
    if (a->kind != SPVK_ATTR_ARRAY || a->num_attrs != ps->default_count)
        return false;
    for (uint32_t i = 0; i < a->num_attrs; i++)
        if (a->attrs[i]->kind != SPVK_ATTR_INTEGER || a->attrs[i]->dialect ||
            a->attrs[i]->value != ps->default_array[i])
            return false;
    return true;
}

static const spvk_ir_attr *integer_param(spvk_ir_context *ctx, int64_t v)
{
    /* MLIR keeps these as C++ ints; i32 attributes hold them here. */
    return spvk_ir_i32_attr(ctx, v);
}

/* ---- Printing ---- */

static void print_enum_param(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    if (a->dialect == spvk_spirv_dialect() && a->kind == SPVK_SPIRV_ATTR_ENUM) {
        spvk_ir_print_text(p, "<");
        spvk_spirv_print_enum_value(p, (unsigned)a->value2, (uint32_t)a->value);
        spvk_ir_print_text(p, ">");
    } else {
        spvk_ir_print_attr_to(p, a);
    }
}

static void print_param_value(spvk_ir_printer *p, const param_spec *ps, const spvk_ir_attr *a)
{
    if (a->kind == SPVK_ATTR_INTEGER && !a->dialect) {
        spvk_ir_print_int(p, a->value);
    } else if (a->kind == SPVK_ATTR_DENSE_ARRAY && !a->dialect) {
        spvk_ir_print_text(p, "[");
        for (uint32_t i = 0; i < a->num_attrs; i++)
            spvk_ir_print_format(p, "%s%lld", i ? ", " : "", (long long)a->attrs[i]->value);
        spvk_ir_print_text(p, "]");
    } else if (a->kind == SPVK_ATTR_TYPE && !a->dialect) {
        spvk_ir_print_type_to(p, a->type);
    } else if (a->kind == SPVK_ATTR_BOOL && !a->dialect) {
        spvk_ir_print_text(p, a->value ? "true" : "false");
    } else if (ps && ps->kind == P_ENUM) {
        print_enum_param(p, a);
    } else {
        spvk_ir_print_attr_to(p, a);
    }
}

static void print_struct_attr(spvk_ir_printer *p, const struct_attr_spec *s, const spvk_ir_attr *a)
{
    spvk_ir_print_text(p, s->mnemonic);
    spvk_ir_print_text(p, "<");
    bool first = true;
    for (uint32_t i = 0; i < a->num_attrs; i++) {
        const param_spec *ps = a->names ? param_by_name(s, a->names[i]) : NULL;
        if (is_default(ps, a->attrs[i]))
            continue;
        spvk_ir_print_format(p, "%s%s = ", first ? "" : ", ", a->names ? a->names[i] : "?");
        print_param_value(p, ps, a->attrs[i]);
        first = false;
    }
    spvk_ir_print_text(p, ">");
}

static void print_vce(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    spvk_ir_print_format(p, "vce<v%u.%u, [", (unsigned)((a->value >> 16) & 0xff), (unsigned)((a->value >> 8) & 0xff));
    const spvk_ir_attr *caps = a->num_attrs > 0 ? a->attrs[0] : NULL;
    const spvk_ir_attr *exts = a->num_attrs > 1 ? a->attrs[1] : NULL;
    for (uint32_t i = 0; caps && i < caps->num_attrs; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_spirv_print_enum_value(p, SPVK_OPERAND_Capability, (uint32_t)caps->attrs[i]->value);
    }
    spvk_ir_print_text(p, "], [");
    for (uint32_t i = 0; exts && i < exts->num_attrs; i++) {
        const spvk_ir_attr *e = exts->attrs[i];
        if (i)
            spvk_ir_print_text(p, ", ");
        if (e->kind == SPVK_ATTR_STRING) /* a name that is no identifier prints quoted (the parser takes both) */
            spvk_ir_print_identifier(p, e->string, e->length);
        else
            spvk_ir_print_attr_to(p, e);
    }
    spvk_ir_print_text(p, "]>");
}

static const spvk_ir_attr *named_get(const spvk_ir_attr *a, const char *name)
{
    for (uint32_t i = 0; a->names && i < a->num_attrs; i++)
        if (strcmp(a->names[i], name) == 0)
            return a->attrs[i];
    return NULL;
}

static bool is_unknown_name(const spvk_ir_attr *a)
{
    return !a || (a->kind == SPVK_ATTR_STRING && a->length == 7 && memcmp(a->string, "Unknown", 7) == 0);
}

static void print_string_bare(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    if (a->kind == SPVK_ATTR_STRING && !a->dialect)
        spvk_ir_print_format(p, "%.*s", (int)a->length, a->string);
    else
        spvk_ir_print_attr_to(p, a);
}

static void print_target_env(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    spvk_ir_print_text(p, "target_env<");
    const spvk_ir_attr *vce = named_get(a, "vce");
    const spvk_ir_attr *api = named_get(a, "client_api");
    const spvk_ir_attr *vendor = named_get(a, "vendor");
    const spvk_ir_attr *device_type = named_get(a, "device_type");
    const spvk_ir_attr *device_id = named_get(a, "device_id");
    const spvk_ir_attr *limits = named_get(a, "limits");
    if (vce)
        spvk_ir_print_attr_to(p, vce);
    if (!is_unknown_name(api)) {
        spvk_ir_print_text(p, ", api=");
        print_string_bare(p, api);
    }
    /* MLIR leaves out an unknown vendor and device type, and an unknown device id. */
    if (!is_unknown_name(vendor) || !is_unknown_name(device_type) || device_id) {
        spvk_ir_print_text(p, ", ");
        if (vendor)
            print_string_bare(p, vendor);
        else
            spvk_ir_print_text(p, "Unknown");
        spvk_ir_print_text(p, ":");
        if (device_type)
            print_string_bare(p, device_type);
        else
            spvk_ir_print_text(p, "Unknown");
        if (device_id)
            spvk_ir_print_format(p, ":%lld", (long long)device_id->value);
    }
    if (limits) {
        spvk_ir_print_text(p, ", ");
        spvk_ir_print_attr_to(p, limits);
    }
    spvk_ir_print_text(p, ">");
}

void spvk_spirv_print_attr(spvk_ir_printer *p, const spvk_ir_attr *attr)
{
    switch (attr->kind) {
    case SPVK_SPIRV_ATTR_ENUM: {
        const char *m = spvk_spirv_enum_attr_mnemonic((unsigned)attr->value2);
        spvk_ir_print_text(p, m ? m : "enum");
        spvk_ir_print_text(p, "<");
        spvk_spirv_print_enum_value(p, (unsigned)attr->value2, (uint32_t)attr->value);
        spvk_ir_print_text(p, ">");
        return;
    }
    case SPVK_SPIRV_ATTR_VCE:
        print_vce(p, attr);
        return;
    case SPVK_SPIRV_ATTR_TARGET_ENV:
        print_target_env(p, attr);
        return;
    case SPVK_SPIRV_ATTR_INTERFACE_VAR_ABI:
        spvk_ir_print_format(p, "interface_var_abi<(%lld, %lld)", (long long)attr->value, (long long)attr->value2);
        if ((attr->flags & 1) && attr->num_attrs) {
            spvk_ir_print_text(p, ", ");
            spvk_spirv_print_enum_value(p, SPVK_OPERAND_StorageClass, (uint32_t)attr->attrs[0]->value);
        }
        spvk_ir_print_text(p, ">");
        return;
    case SPVK_SPIRV_ATTR_UNDEF:
        spvk_ir_print_text(p, "undef");
        return;
    default: {
        const struct_attr_spec *s = struct_attr_by_kind(attr->kind);
        if (s)
            print_struct_attr(p, s, attr);
        else
            spvk_ir_print_format(p, "unknown_attr_kind_%u<>", attr->kind);
        return;
    }
    }
}

/* ---- Parsing ---- */

static unsigned enum_kind_by_mnemonic(const char *m)
{
    for (unsigned k = 0; k < SPVK_OPERAND_KIND_COUNT; k++)
        if (spvk_spirv_enum_mnemonics[k] && strcmp(spvk_spirv_enum_mnemonics[k], m) == 0)
            return k;
    return SPVK_OPERAND_KIND_COUNT;
}

static const spvk_ir_attr *oom(spvk_ir_parser *p)
{
    spvk_ir_parser_error(p, "out of memory");
    return NULL;
}

/* `v1.3` */
static bool parse_version(spvk_ir_parser *p, uint32_t *version)
{
    const char *v;
    if (!spvk_ir_parse_identifier(p, &v))
        return false;
    unsigned major, minor;
    char extra;
    if (sscanf(v, "v%u.%u%c", &major, &minor, &extra) != 2 || major > 255 || minor > 255)
        return spvk_ir_parser_error(p, "expected a version like v1.3, got '%s'", v);
    *version = SPVK_VERSION(major, minor);
    return true;
}

static const spvk_ir_attr *parse_vce(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    uint32_t version = 0;
    if (!spvk_ir_parse_punct(p, "<") || !parse_version(p, &version) || !spvk_ir_parse_punct(p, ",") ||
        !spvk_ir_parse_punct(p, "["))
        return NULL;
    uint32_t caps[512];
    const char *exts[512];
    uint32_t nc = 0, ne = 0;
    if (!spvk_ir_parse_optional_punct(p, "]")) {
        do {
            if (nc == 512) {
                spvk_ir_parser_error(p, "too many capabilities");
                return NULL;
            }
            if (!spvk_spirv_parse_enum_value(p, SPVK_OPERAND_Capability, &caps[nc++]))
                return NULL;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, "]"))
            return NULL;
    }
    if (!spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_punct(p, "["))
        return NULL;
    if (!spvk_ir_parse_optional_punct(p, "]")) {
        do {
            if (ne == 512) {
                spvk_ir_parser_error(p, "too many extensions");
                return NULL;
            }
            size_t len;
            if (!spvk_ir_parse_optional_string(p, &exts[ne], &len) && !spvk_ir_parse_identifier(p, &exts[ne]))
                return NULL;
            ne++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, "]"))
            return NULL;
    }
    if (!spvk_ir_parse_punct(p, ">"))
        return NULL;
    const spvk_ir_attr *a = spvk_spirv_vce_attr(ctx, version, caps, nc, exts, ne);
    return a ? a : oom(p);
}

static const spvk_ir_attr *parse_param_value(spvk_ir_parser *p, spvk_ir_context *ctx, const param_spec *ps)
{
    if (!ps)
        return spvk_ir_parse_attr(p, NULL);
    switch (ps->kind) {
    case P_INT: {
        int64_t v;
        if (!spvk_ir_parse_integer(p, &v))
            return NULL;
        const spvk_ir_attr *a = integer_param(ctx, v);
        return a ? a : oom(p);
    }
    case P_DENSE_I32: {
        int64_t v[16];
        uint32_t n = 0;
        if (!spvk_ir_parse_punct(p, "["))
            return NULL;
        if (!spvk_ir_parse_optional_punct(p, "]")) {
            do {
                if (n == 16) {
                    spvk_ir_parser_error(p, "too many elements");
                    return NULL;
                }
                if (!spvk_ir_parse_integer(p, &v[n++]))
                    return NULL;
            } while (spvk_ir_parse_optional_punct(p, ","));
            if (!spvk_ir_parse_punct(p, "]"))
                return NULL;
        }
        const spvk_ir_attr *a = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), v, n);
        return a ? a : oom(p);
    }
    case P_TYPE: {
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        if (!t)
            return NULL;
        const spvk_ir_attr *a = spvk_ir_type_attr(ctx, t);
        return a ? a : oom(p);
    }
    case P_BOOL: {
        if (spvk_ir_parse_optional_keyword(p, "true"))
            return spvk_ir_bool_attr(ctx, true);
        if (!spvk_ir_parse_keyword(p, "false"))
            return NULL;
        return spvk_ir_bool_attr(ctx, false);
    }
    case P_ENUM: {
        /* `<Import>`: the enum attribute with its dialect prefix elided, or written out in full. */
        if (!spvk_ir_parser_at_punct(p, "<"))
            return spvk_ir_parse_attr(p, NULL);
        uint32_t v;
        if (!spvk_ir_parse_punct(p, "<") || !spvk_spirv_parse_enum_value(p, ps->enum_kind, &v) ||
            !spvk_ir_parse_punct(p, ">"))
            return NULL;
        const spvk_ir_attr *a = spvk_spirv_enum_attr(ctx, ps->enum_kind, v);
        return a ? a : oom(p);
    }
    default:
        return spvk_ir_parse_attr(p, NULL);
    }
}

/* `<name = value, ...>` in any order; stored in the declaration order. */
static const spvk_ir_attr *parse_struct_attr(spvk_ir_parser *p, spvk_ir_context *ctx, const struct_attr_spec *s)
{
    const char *names[32];
    const spvk_ir_attr *values[32];
    uint32_t n = 0;
    if (!spvk_ir_parse_punct(p, "<"))
        return NULL;
    if (!spvk_ir_parse_optional_punct(p, ">")) {
        do {
            const char *name;
            if (!spvk_ir_parse_identifier(p, &name) || !spvk_ir_parse_punct(p, "="))
                return NULL;
            const param_spec *ps = param_by_name(s, name);
            if (!ps) {
                spvk_ir_parser_error(p, "#spirv.%s has no parameter '%s'", s->mnemonic, name);
                return NULL;
            }
            for (uint32_t i = 0; i < n; i++)
                if (strcmp(names[i], name) == 0) {
                    spvk_ir_parser_error(p, "parameter '%s' is given twice", name);
                    return NULL;
                }
            const spvk_ir_attr *v = parse_param_value(p, ctx, ps);
            if (!v)
                return NULL;
            if (n == 32) {
                spvk_ir_parser_error(p, "too many parameters");
                return NULL;
            }
            names[n] = name;
            values[n] = v;
            n++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ">"))
            return NULL;
    }
    /* Declaration order, without MLIR's defaults: equal attributes are the same pointer. */
    const char *on[32];
    const spvk_ir_attr *ov[32];
    uint32_t m = 0;
    for (uint32_t k = 0; k < s->num_params; k++)
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(names[i], s->params[k].name) == 0 && !is_default(&s->params[k], values[i])) {
                on[m] = s->params[k].name;
                ov[m] = values[i];
                m++;
            }
    const spvk_ir_attr *a = named_attr(ctx, s->kind, on, ov, m);
    return a ? a : oom(p);
}

static const spvk_ir_attr *parse_target_env(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    /* An iteration below adds at most three entries, and there may be at most six: room for 16. */
    const char *names[16];
    const spvk_ir_attr *values[16];
    uint32_t n = 0;
    if (!spvk_ir_parse_punct(p, "<"))
        return NULL;
    const spvk_ir_attr *vce = spvk_ir_parse_attr(p, NULL);
    if (!vce)
        return NULL;
    if (vce->dialect != spvk_spirv_dialect() || vce->kind != SPVK_SPIRV_ATTR_VCE) {
        spvk_ir_parser_error(p, "expected a #spirv.vce attribute");
        return NULL;
    }
    names[n] = "vce";
    values[n++] = vce;
    const spvk_ir_attr *limits = NULL;
    while (spvk_ir_parse_optional_punct(p, ",")) {
        const char *id;
        if (n > 5) {
            spvk_ir_parser_error(p, "malformed #spirv.target_env");
            return NULL;
        }
        if (spvk_ir_parse_optional_keyword(p, "api")) {
            if (!spvk_ir_parse_punct(p, "=") || !spvk_ir_parse_identifier(p, &id))
                return NULL;
            names[n] = "client_api";
            if (!(values[n++] = spvk_ir_string_attr(ctx, id, strlen(id))))
                return oom(p);
        } else if (spvk_ir_parse_optional_identifier(p, &id)) {
            /* vendor:device_type[:device_id] */
            names[n] = "vendor";
            if (!(values[n++] = spvk_ir_string_attr(ctx, id, strlen(id))))
                return oom(p);
            if (!spvk_ir_parse_punct(p, ":") || !spvk_ir_parse_identifier(p, &id))
                return NULL;
            names[n] = "device_type";
            if (!(values[n++] = spvk_ir_string_attr(ctx, id, strlen(id))))
                return oom(p);
            if (spvk_ir_parse_optional_punct(p, ":")) {
                int64_t dev;
                if (!spvk_ir_parse_integer(p, &dev))
                    return NULL;
                names[n] = "device_id";
                if (!(values[n++] = spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), dev)))
                    return oom(p);
            }
        } else {
            if (!(limits = spvk_ir_parse_attr(p, NULL)))
                return NULL;
            break;
        }
    }
    if (!limits || limits->dialect != spvk_spirv_dialect() || limits->kind != SPVK_SPIRV_ATTR_RESOURCE_LIMITS) {
        spvk_ir_parser_error(p, "#spirv.target_env needs a #spirv.resource_limits attribute last");
        return NULL;
    }
    names[n] = "limits";
    values[n++] = limits;
    if (!spvk_ir_parse_punct(p, ">"))
        return NULL;
    /* Unknown vendor, device type and API are what leaving them out means. */
    const char *kn[16];
    const spvk_ir_attr *kv[16];
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool vendor_part = strcmp(names[i], "vendor") == 0 || strcmp(names[i], "device_type") == 0;
        if ((strcmp(names[i], "client_api") == 0 || vendor_part) && is_unknown_name(values[i]))
            continue;
        kn[m] = names[i];
        kv[m++] = values[i];
    }
    const spvk_ir_attr *a = named_attr(ctx, SPVK_SPIRV_ATTR_TARGET_ENV, kn, kv, m);
    return a ? a : oom(p);
}

static const spvk_ir_attr *parse_interface_var_abi(spvk_ir_parser *p, spvk_ir_context *ctx)
{
    int64_t set, binding;
    if (!spvk_ir_parse_punct(p, "<") || !spvk_ir_parse_punct(p, "(") || !spvk_ir_parse_integer(p, &set) ||
        !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_integer(p, &binding) || !spvk_ir_parse_punct(p, ")"))
        return NULL;
    const spvk_ir_attr *sc = NULL;
    if (spvk_ir_parse_optional_punct(p, ",")) {
        uint32_t v;
        if (!spvk_spirv_parse_enum_value(p, SPVK_OPERAND_StorageClass, &v))
            return NULL;
        if (!(sc = spvk_spirv_enum_attr(ctx, SPVK_OPERAND_StorageClass, v)))
            return oom(p);
    }
    if (!spvk_ir_parse_punct(p, ">"))
        return NULL;
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_SPIRV_ATTR_INTERFACE_VAR_ABI;
    d.value = set;
    d.value2 = binding;
    d.flags = sc ? 1 : 0;
    d.attrs = &sc;
    d.num_attrs = sc ? 1 : 0;
    const spvk_ir_attr *a = dialect_attr(ctx, &d);
    return a ? a : oom(p);
}

const spvk_ir_attr *spvk_spirv_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const char *m;
    if (!spvk_ir_parse_identifier(p, &m))
        return NULL;
    if (m[0] == '.')
        m++;
    if (strcmp(m, "vce") == 0)
        return parse_vce(p, ctx);
    if (strcmp(m, "target_env") == 0)
        return parse_target_env(p, ctx);
    if (strcmp(m, "interface_var_abi") == 0)
        return parse_interface_var_abi(p, ctx);
    if (strcmp(m, "undef") == 0) {
        const spvk_ir_attr *a = spvk_spirv_undef_attr(ctx);
        return a ? a : oom(p);
    }
    for (uint32_t i = 0; i < COUNT_OF(struct_attrs); i++)
        if (strcmp(m, struct_attrs[i].mnemonic) == 0)
            return parse_struct_attr(p, ctx, &struct_attrs[i]);
    unsigned kind = enum_kind_by_mnemonic(m);
    if (kind == SPVK_OPERAND_KIND_COUNT) {
        spvk_ir_parser_error(p, "unknown SPIR-V attribute kind: %s", m);
        return NULL;
    }
    uint32_t v;
    if (!spvk_ir_parse_punct(p, "<") || !spvk_spirv_parse_enum_value(p, kind, &v) || !spvk_ir_parse_punct(p, ">"))
        return NULL;
    const spvk_ir_attr *a = spvk_spirv_enum_attr(ctx, kind, v);
    return a ? a : oom(p);
}
