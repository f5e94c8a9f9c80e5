/* The gpu dialect (MLIR 19's): its registration, the !gpu.async.token type and the gpu
   attributes. The ops are described in gpu.ops (generated into gpu_ops.c); their custom forms
   are in gpu_forms.c, their verifiers in gpu_verify.c. */
#include <string.h>

#include "gpu_internal.h"

static const spvk_ir_dialect gpu_dialect;

/* ---- Enums ---- */

static const char *const dimension_cases[] = {"x", "y", "z"};
const gpu_enum gpu_dimension_enum = {"::mlir::gpu::Dimension", "GPU_DimensionAttr", dimension_cases, 3,
                                     GPU_ATTR_DIMENSION};

static const char *const all_reduce_cases[] = {"add",   "mul",     "minui", "minsi", "minnumf",  "maxui",   "maxsi",
                                               "maxnumf", "and",   "or",    "xor",   "minimumf", "maximumf"};
const gpu_enum gpu_all_reduce_enum = {"::mlir::gpu::AllReduceOperation", "GPU_AllReduceOperationAttr",
                                      all_reduce_cases, 13, GPU_ATTR_ALL_REDUCE_OP};

static const char *const shuffle_mode_cases[] = {"xor", "down", "up", "idx"};
const gpu_enum gpu_shuffle_mode_enum = {"::mlir::gpu::ShuffleMode", "GPU_ShuffleModeAttr", shuffle_mode_cases, 4,
                                        GPU_ATTR_SHUFFLE_MODE};

static const char *const address_space_cases[] = {NULL, "global", "workgroup", "private"};
const gpu_enum gpu_address_space_enum = {"::mlir::gpu::AddressSpace", "GPU_AddressSpaceAttr", address_space_cases, 4,
                                         GPU_ATTR_ADDRESS_SPACE};

static const gpu_enum *enum_of_kind(uint16_t kind)
{
    switch (kind) {
    case GPU_ATTR_ADDRESS_SPACE: return &gpu_address_space_enum;
    case GPU_ATTR_DIMENSION: return &gpu_dimension_enum;
    case GPU_ATTR_ALL_REDUCE_OP: return &gpu_all_reduce_enum;
    case GPU_ATTR_SHUFFLE_MODE: return &gpu_shuffle_mode_enum;
    default: return NULL;
    }
}

/* The mnemonic the bare enums print inside #gpu<...>. */
static const char *bare_mnemonic(uint16_t kind)
{
    switch (kind) {
    case GPU_ATTR_DIMENSION: return "dim";
    case GPU_ATTR_ALL_REDUCE_OP: return "all_reduce_op";
    case GPU_ATTR_SHUFFLE_MODE: return "shuffle_mode";
    default: return NULL;
    }
}

const spvk_ir_attr *gpu_enum_attr(spvk_ir_context *ctx, gpu_attr_kind kind, int64_t value)
{
    spvk_ir_attr_desc d = {0};
    d.dialect = &gpu_dialect;
    d.kind = (uint16_t)kind;
    d.value = value;
    return spvk_ir_attr_get(ctx, &d);
}

int64_t gpu_enum_value(const spvk_ir_attr *a, gpu_attr_kind kind)
{
    if (!a || a->dialect != &gpu_dialect || a->kind != kind)
        return -1;
    return a->value;
}

int64_t gpu_memref_address_space(const spvk_ir_type *memref)
{
    if (!memref || memref->dialect || memref->kind != SPVK_TYPE_MEMREF || memref->num_attrs < 2)
        return 0;
    int64_t v = gpu_enum_value(memref->attrs[1], GPU_ATTR_ADDRESS_SPACE);
    return v < 0 ? 0 : v;
}

/* ---- Types ---- */

const spvk_ir_type *gpu_async_token_type(spvk_ir_context *ctx)
{
    spvk_ir_type_desc d = {0};
    d.dialect = &gpu_dialect;
    d.kind = GPU_TYPE_ASYNC_TOKEN;
    return spvk_ir_type_get(ctx, &d);
}

bool gpu_is_async_token(const spvk_ir_type *t) { return spvk_ir_type_is(t, &gpu_dialect, GPU_TYPE_ASYNC_TOKEN); }

const spvk_ir_type *gpu_parse_type(spvk_ir_parser *p)
{
    const char *s;
    size_t n;
    if (!spvk_ir_parser_peek_identifier(p, &s, &n)) {
        spvk_ir_parser_error(p, "expected valid keyword");
        return NULL;
    }
    if (n == 11 && memcmp(s, "async.token", 11) == 0) {
        spvk_ir_parse_keyword(p, "async.token");
        return gpu_async_token_type(spvk_ir_parser_context(p));
    }
    spvk_ir_parser_error(p, "unknown gpu type: %.*s", (int)n, s);
    return NULL;
}

void gpu_print_type(spvk_ir_printer *p, const spvk_ir_type *t)
{
    if (t->kind == GPU_TYPE_ASYNC_TOKEN)
        spvk_ir_print_text(p, "async.token");
    else
        spvk_ir_print_text(p, "<<unknown gpu type>>");
}

/* ---- Attributes ---- */

/* `case` of an enum, after its `<` or its mnemonic; the error names the word, as MLIR's. */
static const spvk_ir_attr *parse_enum_case(spvk_ir_parser *p, const gpu_enum *e)
{
    const char *s;
    size_t n;
    if (spvk_ir_parser_peek_identifier(p, &s, &n)) {
        for (uint32_t i = 0; i < e->num_cases; i++)
            if (e->cases[i] && strlen(e->cases[i]) == n && memcmp(e->cases[i], s, n) == 0) {
                spvk_ir_parse_keyword(p, e->cases[i]);
                return gpu_enum_attr(spvk_ir_parser_context(p), e->kind, i);
            }
    }
    char list[128];
    size_t used = 0;
    list[0] = 0;
    for (uint32_t i = 0; i < e->num_cases; i++) {
        if (!e->cases[i])
            continue;
        size_t k = strlen(e->cases[i]);
        if (used + k + 3 >= sizeof list)
            break;
        if (used) {
            memcpy(list + used, ", ", 2);
            used += 2;
        }
        memcpy(list + used, e->cases[i], k);
        used += k;
        list[used] = 0;
    }
    spvk_ir_parser_error(p, "expected %s to be one of: %s", e->cpp_name, list);
    return NULL;
}

const spvk_ir_attr *gpu_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (spvk_ir_parse_optional_punct(p, "<")) {
        /* #gpu<mnemonic case> */
        const char *s;
        size_t n;
        const gpu_enum *e = NULL;
        if (spvk_ir_parser_peek_identifier(p, &s, &n)) {
            static const gpu_attr_kind bare[] = {GPU_ATTR_DIMENSION, GPU_ATTR_ALL_REDUCE_OP, GPU_ATTR_SHUFFLE_MODE};
            for (size_t i = 0; i < sizeof bare / sizeof bare[0]; i++) {
                const char *m = bare_mnemonic((uint16_t)bare[i]);
                if (strlen(m) == n && memcmp(m, s, n) == 0) {
                    spvk_ir_parse_keyword(p, m);
                    e = enum_of_kind((uint16_t)bare[i]);
                }
            }
        }
        if (!e) {
            spvk_ir_parser_error(p, "expected valid keyword");
            return NULL;
        }
        const spvk_ir_attr *a = parse_enum_case(p, e);
        return a && spvk_ir_parse_punct(p, ">") ? a : NULL;
    }
    const char *s;
    size_t n;
    if (!spvk_ir_parser_peek_identifier(p, &s, &n)) {
        spvk_ir_parser_error(p, "expected valid keyword");
        return NULL;
    }
    if (n == 13 && memcmp(s, "address_space", 13) == 0) {
        spvk_ir_parse_keyword(p, "address_space");
        if (!spvk_ir_parse_punct(p, "<"))
            return NULL;
        const spvk_ir_attr *a = parse_enum_case(p, &gpu_address_space_enum);
        return a && spvk_ir_parse_punct(p, ">") ? a : NULL;
    }
    if (n == 13 && memcmp(s, "select_object", 13) == 0) {
        spvk_ir_parse_keyword(p, "select_object");
        const spvk_ir_attr *param = NULL;
        if (spvk_ir_parse_optional_punct(p, "<")) {
            param = spvk_ir_parse_attr(p, NULL);
            if (!param || !spvk_ir_parse_punct(p, ">"))
                return NULL;
        }
        spvk_ir_attr_desc d = {0};
        d.dialect = &gpu_dialect;
        d.kind = GPU_ATTR_SELECT_OBJECT;
        d.attrs = param ? &param : NULL;
        d.num_attrs = param ? 1 : 0;
        return spvk_ir_attr_get(ctx, &d);
    }
    spvk_ir_parser_error(p, "unknown attribute `%.*s` in dialect `gpu`", (int)n, s);
    return NULL;
}

void gpu_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    const gpu_enum *e = enum_of_kind(a->kind);
    if (e) {
        const char *c = a->value >= 0 && (uint64_t)a->value < e->num_cases ? e->cases[a->value] : NULL;
        const char *m = bare_mnemonic(a->kind);
        if (m) {
            spvk_ir_print_format(p, "<%s %s>", m, c ? c : "?");
        } else {
            spvk_ir_print_format(p, "address_space<%s>", c ? c : "?");
        }
        return;
    }
    if (a->kind == GPU_ATTR_SELECT_OBJECT) {
        spvk_ir_print_text(p, "select_object");
        if (a->num_attrs) {
            spvk_ir_print_text(p, "<");
            spvk_ir_print_attr_to(p, a->attrs[0]);
            spvk_ir_print_text(p, ">");
        }
        return;
    }
    spvk_ir_print_text(p, "<<unknown gpu attribute>>");
}

/* ---- Segment sizes ---- */

bool gpu_segments(const spvk_ir_op *op, uint32_t count, uint32_t *sizes)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "operandSegmentSizes");
    if (!a || a->dialect || a->kind != SPVK_ATTR_DENSE_ARRAY || a->num_attrs != count)
        return false;
    uint64_t total = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (a->attrs[i]->kind != SPVK_ATTR_INTEGER || a->attrs[i]->value < 0)
            return false;
        sizes[i] = (uint32_t)a->attrs[i]->value;
        total += sizes[i];
    }
    return total == op->num_operands;
}

uint32_t gpu_segment_start(const uint32_t *sizes, uint32_t i)
{
    uint32_t s = 0;
    for (uint32_t k = 0; k < i; k++)
        s += sizes[k];
    return s;
}

/* ---- Result names (MLIR's getAsmResultNames) ---- */

/* The id and dimension ops: "thread_id_x", "block_dim_z", ... */
void gpu_dimension_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    int64_t d = gpu_enum_value(spvk_ir_op_attr(op, "dimension"), GPU_ATTR_DIMENSION);
    if (op->num_results != 1 || d < 0 || d > 2)
        return;
    const char *name = spvk_ir_op_name(op) + 4; /* after "gpu." */
    char buf[64];
    size_t n = strlen(name);
    if (n + 3 > sizeof buf)
        return;
    memcpy(buf, name, n);
    buf[n] = '_';
    buf[n + 1] = dimension_cases[d][0];
    set_name(user, &op->results[0], buf, n + 2);
}

/* ODS names the results of an op that declares several after their declarations. */
void gpu_alloc_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results >= 1)
        set_name(user, &op->results[0], "memref", 6);
    if (op->num_results >= 2)
        set_name(user, &op->results[1], "asyncToken", 10);
}

void gpu_shuffle_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results >= 1)
        set_name(user, &op->results[0], "shuffleResult", 13);
    if (op->num_results >= 2)
        set_name(user, &op->results[1], "valid", 5);
}

/* ---- Constraints (gpu.ops) ---- */

static bool signless_int(const spvk_ir_type *t, uint32_t width)
{
    return spvk_ods_is_signless_integer(t) && (!width || t->width == width);
}

bool gpu_is_shuffle_value(const spvk_ir_type *t)
{
    return signless_int(t, 32) || signless_int(t, 64) || spvk_ods_is_f32(t) || spvk_ods_is_f64(t);
}

bool gpu_is_integer_or_float(const spvk_ir_type *t) { return spvk_ods_is_signless_integer(t) || spvk_ods_is_float(t); }

bool gpu_is_integer_or_float_or_1d_vector(const spvk_ir_type *t)
{
    if (spvk_ods_is_vector(t) && t->num_ints == 1)
        t = t->types[0];
    return gpu_is_integer_or_float(t);
}

bool gpu_is_printf_arg(const spvk_ir_type *t)
{
    return spvk_ods_is_integer(t) || spvk_ods_is_index(t) || spvk_ods_is_float(t);
}

bool gpu_is_all_reduce_attr(const spvk_ir_attr *a) { return gpu_enum_value(a, GPU_ATTR_ALL_REDUCE_OP) >= 0; }
bool gpu_is_shuffle_mode_attr(const spvk_ir_attr *a) { return gpu_enum_value(a, GPU_ATTR_SHUFFLE_MODE) >= 0; }
bool gpu_is_target_array_attr(const spvk_ir_attr *a) { return spvk_ods_is_array_attr(a) && a->num_attrs > 0; }

/* ---- Registration (the ops come from gpu.ops, generated into gpu_ops.c) ---- */

static bool gpu_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_gpu_ods);
}

static const spvk_ir_dialect gpu_dialect = {
    .name = "gpu",
    .parse_type = gpu_parse_type,
    .print_type = gpu_print_type,
    .parse_attr = gpu_parse_attr,
    .print_attr = gpu_print_attr,
    .register_ops = gpu_register_ops,
};

const spvk_ir_dialect *spvk_gpu_dialect(void) { return &gpu_dialect; }
