/* The gpu dialect (MLIR 19's): its registration, the !gpu.async.token type and the gpu
   attributes. The ops' custom forms are in gpu_forms.c, their verifiers in gpu_verify.c; the
   table of the ops (as MLIR's ODS declares them) is gpu.ops. */
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
static void dimension_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
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
static void alloc_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results >= 1)
        set_name(user, &op->results[0], "memref", 6);
    if (op->num_results >= 2)
        set_name(user, &op->results[1], "asyncToken", 10);
}

static void shuffle_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    if (op->num_results >= 1)
        set_name(user, &op->results[0], "shuffleResult", 13);
    if (op->num_results >= 2)
        set_name(user, &op->results[1], "valid", 5);
}

/* ---- Op definitions ---- */

static const char *const module_inherent[] = {"offloadingHandler", "sym_name", "targets"};
static const char *const func_inherent[] = {"arg_attrs",           "function_type",      "known_block_size",
                                            "known_grid_size",     "private_attrib_attrs", "res_attrs",
                                            "workgroup_attrib_attrs"};
static const char *const launch_func_inherent[] = {"kernel", "operandSegmentSizes"};
static const char *const segments_inherent[] = {"operandSegmentSizes"};
static const char *const dimension_inherent[] = {"dimension"};
static const char *const all_reduce_inherent[] = {"op", "uniform"};
static const char *const shuffle_inherent[] = {"mode"};
static const char *const alloc_inherent[] = {"hostShared", "operandSegmentSizes"};
static const char *const printf_inherent[] = {"format"};

#define INHERENT(list) .inherent_attrs = list, .num_inherent_attrs = sizeof list / sizeof list[0]
#define PURE SPVK_TRAIT_NO_SIDE_EFFECTS
#define DIMENSION_OP(op_name)                                                                                   \
    {.name = "gpu." op_name, .dialect = &gpu_dialect, .traits = PURE, .num_regions = 0,                        \
     .verify = gpu_dimension_op_verify, .parse = gpu_dimension_op_parse, .print = gpu_dimension_op_print,        \
     INHERENT(dimension_inherent), .result_names = dimension_names}
#define INDEX_RESULT_OP(op_name)                                                                                \
    {.name = "gpu." op_name, .dialect = &gpu_dialect, .traits = PURE, .num_regions = 0,                        \
     .verify = gpu_index_result_verify, .parse = gpu_index_result_parse, .print = gpu_index_result_print}

static const spvk_ir_op_def gpu_op_defs[] = {
    {.name = "gpu.module",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_SYMBOL_TABLE | SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_SYMBOL | SPVK_TRAIT_SINGLE_BLOCK,
     .num_regions = 1,
     .verify = gpu_module_verify,
     .parse = gpu_module_parse,
     .print = gpu_module_print,
     INHERENT(module_inherent)},
    {.name = "gpu.module_end",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_TERMINATOR | PURE,
     .num_regions = 0,
     .verify = gpu_module_end_verify,
     .parse = gpu_attr_dict_op_parse,
     .print = gpu_attr_dict_op_print},
    {.name = "gpu.func",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_SYMBOL | SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_FUNCTION_LIKE |
               SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE,
     .num_regions = 1,
     .verify = gpu_func_verify,
     .parse = gpu_func_parse,
     .print = gpu_func_print,
     INHERENT(func_inherent)},
    {.name = "gpu.return",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | PURE,
     .num_regions = 0,
     .verify = gpu_return_verify,
     .parse = gpu_values_parse,
     .print = gpu_values_print},
    {.name = "gpu.terminator",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_TERMINATOR | PURE,
     .num_regions = 0,
     .verify = gpu_terminator_verify,
     .parse = gpu_attr_dict_op_parse,
     .print = gpu_attr_dict_op_print},
    {.name = "gpu.yield",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | PURE,
     .num_regions = 0,
     .parse = gpu_values_parse,
     .print = gpu_values_print},
    {.name = "gpu.launch_func",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_ATTR_SIZED_OPERANDS,
     .num_regions = 0,
     .verify = gpu_launch_func_verify,
     .parse = gpu_launch_func_parse,
     .print = gpu_launch_func_print,
     INHERENT(launch_func_inherent)},
    {.name = "gpu.launch",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_ATTR_SIZED_OPERANDS | SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE | SPVK_TRAIT_RECURSIVE_EFFECTS,
     .num_regions = 1,
     .verify = gpu_launch_verify,
     .parse = gpu_launch_parse,
     .print = gpu_launch_print,
     INHERENT(segments_inherent)},
    DIMENSION_OP("thread_id"),
    DIMENSION_OP("block_id"),
    DIMENSION_OP("block_dim"),
    DIMENSION_OP("grid_dim"),
    DIMENSION_OP("global_id"),
    DIMENSION_OP("cluster_id"),
    DIMENSION_OP("cluster_dim"),
    DIMENSION_OP("cluster_block_id"),
    DIMENSION_OP("cluster_dim_blocks"),
    {.name = "gpu.lane_id",
     .dialect = &gpu_dialect,
     .traits = PURE,
     .num_regions = 0,
     .verify = gpu_index_result_verify,
     .parse = gpu_lane_id_parse,
     .print = gpu_attr_dict_op_print},
    INDEX_RESULT_OP("subgroup_id"),
    INDEX_RESULT_OP("num_subgroups"),
    INDEX_RESULT_OP("subgroup_size"),
    {.name = "gpu.barrier",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .verify = gpu_barrier_verify,
     .parse = gpu_attr_dict_op_parse,
     .print = gpu_attr_dict_op_print,
     .canonicalization_patterns = gpu_barrier_patterns},
    {.name = "gpu.shuffle",
     .dialect = &gpu_dialect,
     .traits = PURE,
     .num_regions = 0,
     .verify = gpu_shuffle_verify,
     .parse = gpu_shuffle_parse,
     .print = gpu_shuffle_print,
     INHERENT(shuffle_inherent),
     .result_names = shuffle_names},
    {.name = "gpu.all_reduce",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE | SPVK_TRAIT_ISOLATED_FROM_ABOVE,
     .num_regions = 1,
     .verify = gpu_all_reduce_verify,
     .parse = gpu_all_reduce_parse,
     .print = gpu_all_reduce_print,
     INHERENT(all_reduce_inherent),
     .fold = gpu_group_reduce_fold},
    {.name = "gpu.subgroup_reduce",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,
     .num_regions = 0,
     .verify = gpu_subgroup_reduce_verify,
     .parse = gpu_subgroup_reduce_parse,
     .print = gpu_subgroup_reduce_print,
     INHERENT(all_reduce_inherent),
     .fold = gpu_group_reduce_fold},
    {.name = "gpu.wait",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .verify = gpu_wait_verify,
     .parse = gpu_wait_parse,
     .print = gpu_wait_print,
     .canonicalization_patterns = gpu_wait_patterns},
    {.name = "gpu.alloc",
     .dialect = &gpu_dialect,
     .traits = SPVK_TRAIT_ATTR_SIZED_OPERANDS,
     .num_regions = 0,
     .verify = gpu_alloc_verify,
     .parse = gpu_alloc_parse,
     .print = gpu_alloc_print,
     INHERENT(alloc_inherent),
     .effects = SPVK_EFFECT_ALLOCATE | SPVK_EFFECT_KNOWN,
     .result_names = alloc_names},
    {.name = "gpu.dealloc",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .verify = gpu_dealloc_verify,
     .parse = gpu_dealloc_parse,
     .print = gpu_dealloc_print,
     .effects = SPVK_EFFECT_FREE | SPVK_EFFECT_KNOWN},
    {.name = "gpu.memcpy",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .verify = gpu_memcpy_verify,
     .parse = gpu_memcpy_parse,
     .print = gpu_memcpy_print,
     .effects = SPVK_EFFECT_READ | SPVK_EFFECT_WRITE | SPVK_EFFECT_KNOWN,
     .canonicalization_patterns = gpu_memcpy_patterns},
    {.name = "gpu.memset",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .verify = gpu_memset_verify,
     .parse = gpu_memcpy_parse,
     .print = gpu_memcpy_print,
     .effects = SPVK_EFFECT_WRITE | SPVK_EFFECT_KNOWN},
    {.name = "gpu.printf",
     .dialect = &gpu_dialect,
     .num_regions = 0,
     .parse = gpu_printf_parse,
     .print = gpu_printf_print,
     INHERENT(printf_inherent),
     .effects = SPVK_EFFECT_WRITE | SPVK_EFFECT_KNOWN},
};

static bool gpu_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof gpu_op_defs / sizeof gpu_op_defs[0]; i++)
        if (!spvk_ir_register_op(ctx, &gpu_op_defs[i]))
            return false;
    return true;
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
