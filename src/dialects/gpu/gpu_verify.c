/* The gpu ops' verifiers, with MLIR 19's messages: ODS's generated checks (operand and attribute
   constraints, parents) where the op needs them, then the hand-written ones of GPUDialect.cpp.
   gpu.launch_func also does what MLIR's dialect attribute verifier does for a module marked
   gpu.container_module: resolve the kernel and match its arguments. */
#include <stdio.h>
#include <string.h>

#include "gpu_internal.h"

static const spvk_ir_op *parent_op(const spvk_ir_op *op) { return spvk_ir_op_parent(op); }

static bool parent_is(const spvk_ir_op *op, const char *name)
{
    const spvk_ir_op *parent = parent_op(op);
    return parent && strcmp(spvk_ir_op_name(parent), name) == 0;
}

static bool is_index(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INDEX; }
static bool is_int(const spvk_ir_type *t, uint32_t width)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER && (!width || t->width == width);
}
static bool is_signless_int(const spvk_ir_type *t) { return is_int(t, 0) && t->flags == SPVK_INT_SIGNLESS; }
static bool is_memref(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_MEMREF; }
static bool is_ranked_memref(const spvk_ir_type *t) { return is_memref(t) && !(t->flags & SPVK_SHAPE_UNRANKED); }

/* The type's text for a message (quoted as MLIR quotes it). */
static void type_text(spvk_ir_verifier *v, const spvk_ir_type *t, char *out, size_t size)
{
    char *s = spvk_ir_print_type(spvk_ir_verifier_context(v), t);
    snprintf(out, size, "%s", s ? s : "?");
    if (s)
        spvk_free(spvk_ir_context_allocator(spvk_ir_verifier_context(v)), s, strlen(s) + 1);
}

static bool expect_parent(spvk_ir_verifier *v, const spvk_ir_op *op, const char *parent)
{
    if (parent_is(op, parent))
        return true;
    return spvk_ir_op_error(v, op, "expects parent op '%s'", parent);
}

/* The async dependencies [0, count) must be tokens; the op's token result (if any) at `result`. */
static bool expect_tokens(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++)
        if (!gpu_is_async_token(op->operands[i].value->type)) {
            char t[256];
            type_text(v, op->operands[i].value->type, t, sizeof t);
            return spvk_ir_op_error(v, op, "operand #%u must be variadic of async token type, but got '%s'", i, t);
        }
    return true;
}

/* ---- Structure ---- */

bool gpu_module_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    if (!name)
        return spvk_ir_op_error(v, op, "requires attribute 'sym_name'");
    if (name->kind != SPVK_ATTR_STRING || name->dialect)
        return spvk_ir_op_error(v, op, "attribute 'sym_name' failed to satisfy constraint: string attribute");
    const spvk_ir_attr *targets = spvk_ir_op_attr(op, "targets");
    if (targets) {
        bool ok = !targets->dialect && targets->kind == SPVK_ATTR_ARRAY && targets->num_attrs > 0;
        /* A GPU target: one whose dialect implements the target interface (spirv's target_env,
           or a dialect spvkit does not know, nvvm / rocdl). */
        for (uint32_t i = 0; ok && i < targets->num_attrs; i++) {
            const spvk_ir_attr *t = targets->attrs[i];
            ok = (t->dialect && strcmp(t->dialect->name, "spirv") == 0) ||
                 (!t->dialect && t->kind == SPVK_ATTR_OPAQUE && t->flags == SPVK_OPAQUE_DIALECT);
        }
        if (!ok)
            return spvk_ir_op_error(v, op,
                                    "attribute 'targets' failed to satisfy constraint: array of GPU target attributes "
                                    "with at least 1 elements");
    }
    return true;
}




/* Attributions: memrefs, in the given gpu address space when they name one. */
static bool verify_attributions(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_block *entry, uint32_t first,
                                uint32_t count, int64_t space)
{
    for (uint32_t i = 0; i < count; i++) {
        const spvk_ir_type *t = entry->args[first + i]->type;
        if (!is_memref(t))
            return spvk_ir_op_error(v, op, "expected memref type in attribution");
        int64_t s = gpu_memref_address_space(t);
        if (s && s != space)
            return spvk_ir_op_error(v, op, "expected memory space %s in attribution", gpu_address_space_enum.cases[space]);
    }
    return true;
}

static uint32_t workgroup_count(const spvk_ir_op *op)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "workgroup_attributions");
    return a && a->kind == SPVK_ATTR_INTEGER && a->value > 0 ? (uint32_t)a->value : 0;
}

/* A dense i32 array of three (known_block_size / known_grid_size). */
static bool verify_known_size(spvk_ir_verifier *v, const spvk_ir_op *op, const char *name, bool inherent)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    if (!a)
        return true;
    bool dense = !a->dialect && a->kind == SPVK_ATTR_DENSE_ARRAY && is_int(a->type, 32);
    if (inherent && !dense)
        return spvk_ir_op_error(v, op, "attribute '%s' failed to satisfy constraint: i32 dense array attribute", name);
    if (!dense)
        return spvk_ir_op_error(v, op, "%s must be a dense i32 array", name);
    if (a->num_attrs != 3)
        return spvk_ir_op_error(v, op, "%s must contain exactly 3 elements", name);
    return true;
}

bool gpu_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!expect_parent(v, op, "gpu.module"))
        return false;
    const spvk_ir_attr *fta = spvk_ir_op_attr(op, "function_type");
    if (!fta)
        return spvk_ir_op_error(v, op, "requires attribute 'function_type'");
    if (fta->dialect || fta->kind != SPVK_ATTR_TYPE || !fta->type || fta->type->dialect ||
        fta->type->kind != SPVK_TYPE_FUNCTION)
        return spvk_ir_op_error(v, op, "attribute 'function_type' failed to satisfy constraint: type attribute of "
                                       "function type");
    if (!verify_known_size(v, op, "known_block_size", true) || !verify_known_size(v, op, "known_grid_size", true) ||
        !verify_known_size(v, op, "gpu.known_block_size", false) ||
        !verify_known_size(v, op, "gpu.known_grid_size", false))
        return false;
    const spvk_ir_type *ft = fta->type;
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    /* FunctionOpInterface: argument and result attributes are dictionaries of dialect attributes. */
    static const char *const lists[2] = {"arg_attrs", "res_attrs"};
    for (int k = 0; k < 2; k++) {
        const spvk_ir_attr *arr = spvk_ir_op_attr(op, lists[k]);
        if (!arr)
            continue;
        uint32_t expected = k ? nr : ni;
        if (arr->kind != SPVK_ATTR_ARRAY || arr->num_attrs != expected)
            return spvk_ir_op_error(v, op, "expects %s number of %s attributes to match the number of %s: %u vs %u",
                                    k ? "result" : "argument", k ? "result" : "argument", k ? "results" : "arguments",
                                    arr->kind == SPVK_ATTR_ARRAY ? arr->num_attrs : 0, expected);
        for (uint32_t i = 0; i < arr->num_attrs; i++) {
            const spvk_ir_attr *d = arr->attrs[i];
            if (d->kind != SPVK_ATTR_DICTIONARY)
                continue;
            for (uint32_t j = 0; j < d->num_attrs; j++)
                if (!strchr(d->names[j], '.'))
                    return spvk_ir_op_error(v, op, "%s may only have dialect attributes",
                                            k ? "results" : "arguments");
        }
    }
    if (spvk_ir_op_attr(op, "gpu.kernel") && nr)
        return spvk_ir_op_error(v, op, "expected void return type for kernel function");
    const spvk_ir_region *body = &op->regions[0];
    if (!body->first)
        return spvk_ir_op_error(v, op, "expected body with at least one block");
    const spvk_ir_block *entry = body->first;
    uint32_t workgroups = workgroup_count(op);
    if (entry->num_args < ni + workgroups)
        return spvk_ir_op_error(v, op, "expected at least %u arguments to body region", ni + workgroups);
    for (uint32_t i = 0; i < ni; i++)
        if (entry->args[i]->type != ft->types[i]) {
            char want[256], got[256];
            type_text(v, ft->types[i], want, sizeof want);
            type_text(v, entry->args[i]->type, got, sizeof got);
            return spvk_ir_op_error(v, op, "expected body region argument #%u to be of type %s, got %s", i, want, got);
        }
    return verify_attributions(v, op, entry, ni, workgroups, GPU_ADDRESS_SPACE_WORKGROUP) &&
           verify_attributions(v, op, entry, ni + workgroups, entry->num_args - ni - workgroups,
                               GPU_ADDRESS_SPACE_PRIVATE);
}

bool gpu_return_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!expect_parent(v, op, "gpu.func"))
        return false;
    const spvk_ir_op *func = parent_op(op);
    const spvk_ir_attr *fta = spvk_ir_op_attr(func, "function_type");
    if (!fta || fta->kind != SPVK_ATTR_TYPE || !fta->type || fta->type->kind != SPVK_TYPE_FUNCTION)
        return true; /* the function's own verifier reports it */
    const spvk_ir_type *ft = fta->type;
    uint32_t ni = spvk_ir_function_num_inputs(ft), nr = spvk_ir_function_num_results(ft);
    if (nr != op->num_operands) {
        spvk_ir_op_error(v, op, "expected %u result operands", nr);
        spvk_ir_op_note(v, func, "return type declared here");
        return false;
    }
    for (uint32_t i = 0; i < nr; i++)
        if (op->operands[i].value->type != ft->types[ni + i]) {
            char t[256];
            type_text(v, op->operands[i].value->type, t, sizeof t);
            return spvk_ir_op_error(v, op, "unexpected type `%s' for operand #%u", t, i);
        }
    return true;
}

/* ---- gpu.launch_func ---- */

enum { LF_DEPS = 0, LF_GRID = 1, LF_CLUSTER = 7, LF_SHARED = 10, LF_ARGS = 11, LF_SEGMENTS = 13 };

bool gpu_is_launch_index(const spvk_ir_type *t) { return is_index(t) || is_int(t, 32) || is_int(t, 64); }

/* The module attribute gpu.container_module's checks, for a launch whose parent is a function
   directly in that module (MLIR leaves deeper launches alone). */
static bool verify_kernel_reference(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_op *module,
                                    const uint32_t *seg)
{
    const spvk_ir_op *func = parent_op(op);
    if (!func || parent_op(func) != module)
        return true;
    const spvk_ir_attr *kernel = spvk_ir_op_attr(op, "kernel");
    if (!kernel || kernel->dialect || kernel->kind != SPVK_ATTR_SYMBOL_REF)
        return true; /* reported by the op's own checks */
    spvk_ir_context *ctx = spvk_ir_verifier_context(v);
    const spvk_ir_attr *root = spvk_ir_symbol_ref_attr(ctx, kernel->string, kernel->length);
    spvk_ir_op *container = root ? spvk_ir_verifier_resolve_symbol(v, func, root) : NULL;
    if (!container)
        return spvk_ir_op_error(v, op, "kernel container '%.*s' is undefined", (int)kernel->length, kernel->string);
    if (strcmp(spvk_ir_op_name(container), "gpu.binary") == 0)
        return true;
    if (strcmp(spvk_ir_op_name(container), "gpu.module") != 0)
        return spvk_ir_op_error(v, op, "kernel module '%.*s' is undefined", (int)kernel->length, kernel->string);
    char *ref_text = spvk_ir_print_attr(ctx, kernel);
    char ref[512];
    snprintf(ref, sizeof ref, "%s", ref_text ? ref_text : "?");
    if (ref_text)
        spvk_free(spvk_ir_context_allocator(ctx), ref_text, strlen(ref_text) + 1);
    spvk_ir_op *fn = spvk_ir_verifier_resolve_symbol(v, func, kernel);
    if (!fn)
        return spvk_ir_op_error(v, op, "kernel function '%s' is undefined", ref);
    if (!(fn->def->traits & SPVK_TRAIT_FUNCTION_LIKE)) {
        spvk_ir_op_error(v, op, "referenced kernel '%s' is not a function", ref);
        spvk_ir_op_note(v, fn, "see the kernel definition here");
        return false;
    }
    if (!spvk_ir_op_attr(fn, "gpu.kernel"))
        return spvk_ir_op_error(v, op, "kernel function is missing the 'gpu.kernel' attribute");
    if (strcmp(spvk_ir_op_name(fn), "gpu.func") != 0)
        return true;
    const spvk_ir_attr *fta = spvk_ir_op_attr(fn, "function_type");
    if (!fta || fta->kind != SPVK_ATTR_TYPE || !fta->type || fta->type->kind != SPVK_TYPE_FUNCTION)
        return true;
    uint32_t expected = spvk_ir_function_num_inputs(fta->type), actual = seg[LF_ARGS];
    if (expected != actual)
        return spvk_ir_op_error(v, op, "got %u kernel operands but expected %u", actual, expected);
    uint32_t first = gpu_segment_start(seg, LF_ARGS);
    for (uint32_t i = 0; i < expected; i++)
        if (op->operands[first + i].value->type != fta->type->types[i])
            return spvk_ir_op_error(v, op, "type of function argument %u does not match", i);
    return true;
}

bool gpu_launch_func_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t seg[LF_SEGMENTS];
    if (!gpu_segments(op, LF_SEGMENTS, seg))
        return spvk_ir_op_error(v, op, "operand count (%u) does not match with the total size specified in attribute "
                                       "'operandSegmentSizes'",
                                op->num_operands);
    for (uint32_t i = LF_GRID; i < LF_CLUSTER; i++)
        if (seg[i] != 1)
            return spvk_ir_op_error(v, op, "expected 6 or more operands, but found %u", op->num_operands);
    if (!spvk_ir_op_attr(op, "kernel"))
        return spvk_ir_op_error(v, op, "requires attribute 'kernel'");
    const spvk_ir_attr *kernel = spvk_ir_op_attr(op, "kernel");
    if (kernel->dialect || kernel->kind != SPVK_ATTR_SYMBOL_REF)
        return spvk_ir_op_error(v, op, "attribute 'kernel' failed to satisfy constraint: symbol reference attribute");
    if (!expect_tokens(v, op, seg[LF_DEPS]))
        return false;
    uint32_t grid = gpu_segment_start(seg, LF_GRID);
    for (uint32_t i = 0; i < 6 + seg[LF_CLUSTER] * 3 && i < 9; i++) {
        const spvk_ir_type *t = op->operands[grid + i].value->type;
        if (!gpu_is_launch_index(t)) {
            char s[256];
            type_text(v, t, s, sizeof s);
            return spvk_ir_op_error(v, op, "operand #%u must be index or 32-bit signless integer or 64-bit signless "
                                           "integer, but got '%s'",
                                    grid + i, s);
        }
    }
    for (uint32_t i = 1; i < 6; i++)
        if (op->operands[grid + i].value->type != op->operands[grid].value->type)
            return spvk_ir_op_error(v, op, "failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, "
                                           "blockSizeY, blockSizeZ} have same type");
    if (seg[LF_SHARED]) {
        const spvk_ir_type *t = op->operands[gpu_segment_start(seg, LF_SHARED)].value->type;
        if (!is_int(t, 32) || t->flags != SPVK_INT_SIGNLESS) {
            char s[256];
            type_text(v, t, s, sizeof s);
            return spvk_ir_op_error(v, op, "operand #%u must be 32-bit signless integer, but got '%s'",
                                    gpu_segment_start(seg, LF_SHARED), s);
        }
    }
    if (op->num_results > 1 || (op->num_results && !gpu_is_async_token(op->results[0].type)))
        return spvk_ir_op_error(v, op, "result #0 must be async token type");
    /* The closest module must be a kernel container. */
    const spvk_ir_op *module = parent_op(op);
    while (module && strcmp(spvk_ir_op_name(module), "builtin.module") != 0)
        module = parent_op(module);
    if (!module)
        return spvk_ir_op_error(v, op, "expected to belong to a module");
    if (!spvk_ir_op_attr(module, "gpu.container_module"))
        return spvk_ir_op_error(v, op, "expected the closest surrounding module to have the 'gpu.container_module' "
                                       "attribute");
    if (seg[LF_CLUSTER]) {
        uint32_t c = gpu_segment_start(seg, LF_CLUSTER);
        if (op->operands[c + 1].value->type != op->operands[c].value->type ||
            op->operands[c + 2].value->type != op->operands[c].value->type)
            return spvk_ir_op_error(v, op, "expects types of the cluster dimensions must be the same");
    }
    return verify_kernel_reference(v, op, module, seg);
}

/* ---- gpu.launch ---- */

bool gpu_launch_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t seg[11];
    if (!gpu_segments(op, 11, seg))
        return spvk_ir_op_error(v, op, "operand count (%u) does not match with the total size specified in attribute "
                                       "'operandSegmentSizes'",
                                op->num_operands);
    for (uint32_t i = 1; i < 7; i++)
        if (seg[i] != 1)
            return spvk_ir_op_error(v, op, "expected 6 or more operands, but found %u", op->num_operands);
    if (!expect_tokens(v, op, seg[0]))
        return false;
    bool clusters = seg[7] && seg[8] && seg[9];
    if (!clusters && (seg[7] || seg[8] || seg[9]))
        return spvk_ir_op_error(v, op, "cluster size must be all present");
    const spvk_ir_region *body = &op->regions[0];
    uint32_t config = clusters ? 18 : 12, workgroups = workgroup_count(op);
    const spvk_ir_block *entry = body->first;
    if (entry && entry->num_args < 12 + workgroups)
        return spvk_ir_op_error(v, op, "unexpected number of region arguments");
    if (entry && entry->num_args >= config + workgroups &&
        (!verify_attributions(v, op, entry, config, workgroups, GPU_ADDRESS_SPACE_WORKGROUP) ||
         !verify_attributions(v, op, entry, config + workgroups, entry->num_args - config - workgroups,
                              GPU_ADDRESS_SPACE_PRIVATE)))
        return false;
    /* Blocks that leave the body end in gpu.terminator. */
    for (const spvk_ir_block *b = body->first; b; b = b->next) {
        const spvk_ir_op *last = b->last;
        if (!last || last->num_successors)
            continue;
        if (strcmp(spvk_ir_op_name(last), "gpu.terminator") != 0) {
            spvk_ir_op_emit_error(v, last, "expected 'gpu.terminator' or a terminator with successors");
            spvk_ir_op_note(v, op, "in 'gpu.launch' body region");
            return false;
        }
    }
    return true;
}

/* ---- Ids, dimensions, sizes ---- */



/* ---- Subgroup operations ---- */

static bool is_float(const spvk_ir_type *t) { return spvk_ir_type_is_float(t); }

bool gpu_shuffle_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands != 3)
        return spvk_ir_op_error(v, op, "expected 3 operands, but found %u", op->num_operands);
    if (op->num_results != 2)
        return spvk_ir_op_error(v, op, "requires 2 results");
    const spvk_ir_attr *mode = spvk_ir_op_attr(op, "mode");
    if (!mode)
        return spvk_ir_op_error(v, op, "requires attribute 'mode'");
    const spvk_ir_type *t = op->operands[0].value->type;
    bool ok = (is_int(t, 32) || is_int(t, 64) || (is_float(t) && t->flags == SPVK_FLOAT_IEEE && (t->width == 32 || t->width == 64))) &&
              (!is_int(t, 0) || t->flags == SPVK_INT_SIGNLESS);
    char s[256];
    if (!ok) {
        type_text(v, t, s, sizeof s);
        return spvk_ir_op_error(v, op, "operand #0 must be i32, i64, f32 or f64, but got '%s'", s);
    }
    for (uint32_t i = 1; i < 3; i++)
        if (!is_int(op->operands[i].value->type, 32) || op->operands[i].value->type->flags != SPVK_INT_SIGNLESS) {
            type_text(v, op->operands[i].value->type, s, sizeof s);
            return spvk_ir_op_error(v, op, "operand #%u must be 32-bit signless integer, but got '%s'", i, s);
        }
    if (op->results[0].type != t)
        return spvk_ir_op_error(v, op, "failed to verify that all of {value, shuffleResult} have same type");
    if (!is_int(op->results[1].type, 1)) {
        type_text(v, op->results[1].type, s, sizeof s);
        return spvk_ir_op_error(v, op, "result #1 must be 1-bit signless integer, but got '%s'", s);
    }
    if (gpu_enum_value(mode, GPU_ATTR_SHUFFLE_MODE) < 0)
        return spvk_ir_op_error(v, op, "attribute 'mode' failed to satisfy constraint: Indexing modes supported by "
                                       "gpu.shuffle.");
    return true;
}

static bool is_int_or_float(const spvk_ir_type *t) { return is_signless_int(t) || is_float(t); }

/* MLIR's verifyReduceOpAndType: float reductions need floats, bit and integer min/max integers. */
static bool reduce_fits(int64_t kind, const spvk_ir_type *t)
{
    switch (kind) {
    case GPU_REDUCE_MINNUMF:
    case GPU_REDUCE_MAXNUMF:
    case GPU_REDUCE_MINIMUMF:
    case GPU_REDUCE_MAXIMUMF: return is_float(t);
    case GPU_REDUCE_MINSI:
    case GPU_REDUCE_MINUI:
    case GPU_REDUCE_MAXSI:
    case GPU_REDUCE_MAXUI:
    case GPU_REDUCE_AND:
    case GPU_REDUCE_OR:
    case GPU_REDUCE_XOR: return is_int(t, 0);
    default: return true;
    }
}

static bool verify_reduce_value(spvk_ir_verifier *v, const spvk_ir_op *op, bool vectors)
{
    if (op->num_operands != 1)
        return spvk_ir_op_error(v, op, "expected 1 operands, but found %u", op->num_operands);
    if (op->num_results != 1)
        return spvk_ir_op_error(v, op, "requires one result");
    const spvk_ir_type *t = op->operands[0].value->type;
    const spvk_ir_type *scalar = t;
    if (vectors && !t->dialect && t->kind == SPVK_TYPE_VECTOR && t->num_ints == 1)
        scalar = t->types[0];
    if (!is_int_or_float(scalar)) {
        char s[256];
        type_text(v, t, s, sizeof s);
        return spvk_ir_op_error(v, op, vectors ? "operand #0 must be Integer or Float or vector of Integer or Float "
                                                 "values of ranks 1, but got '%s'"
                                               : "operand #0 must be Integer or Float, but got '%s'",
                                s);
    }
    if (op->results[0].type != t)
        return spvk_ir_op_error(v, op, "requires the same type for all operands and results");
    return true;
}

static bool verify_reduce_kind(spvk_ir_verifier *v, const spvk_ir_op *op, const spvk_ir_type *element)
{
    int64_t kind = gpu_enum_value(spvk_ir_op_attr(op, "op"), GPU_ATTR_ALL_REDUCE_OP);
    if (reduce_fits(kind, element))
        return true;
    char s[256];
    type_text(v, op->results[0].type, s, sizeof s);
    return spvk_ir_op_emit_error(v, op, "`%s` reduction operation is not compatible with type '%s'",
                                 gpu_all_reduce_enum.cases[kind], s);
}

bool gpu_all_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!verify_reduce_value(v, op, false))
        return false;
    const spvk_ir_attr *kind = spvk_ir_op_attr(op, "op");
    if (kind && gpu_enum_value(kind, GPU_ATTR_ALL_REDUCE_OP) < 0)
        return spvk_ir_op_error(v, op, "attribute 'op' failed to satisfy constraint: built-in reduction operations "
                                       "supported by gpu.allreduce.");
    const spvk_ir_region *body = &op->regions[0];
    const spvk_ir_type *t = op->results[0].type;
    if ((body->first == NULL) != (kind != NULL))
        return spvk_ir_op_emit_error(v, op, "expected either an op attribute or a non-empty body");
    if (!body->first)
        return verify_reduce_kind(v, op, t);
    if (body->first->num_args != 2)
        return spvk_ir_op_emit_error(v, op, "expected two region arguments");
    for (uint32_t i = 0; i < 2; i++)
        if (body->first->args[i]->type != t)
            return spvk_ir_op_emit_error(v, op, "incorrect region argument type");
    uint32_t yields = 0;
    for (const spvk_ir_block *b = body->first; b; b = b->next) {
        const spvk_ir_op *last = b->last;
        if (!last || strcmp(spvk_ir_op_name(last), "gpu.yield") != 0)
            continue;
        if (last->num_operands != 1)
            return spvk_ir_op_emit_error(v, op, "expected one gpu.yield operand");
        if (last->operands[0].value->type != t)
            return spvk_ir_op_emit_error(v, op, "incorrect gpu.yield type");
        yields++;
    }
    if (!yields)
        return spvk_ir_op_emit_error(v, op, "expected gpu.yield op in region");
    return true;
}

bool gpu_subgroup_reduce_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!verify_reduce_value(v, op, true))
        return false;
    const spvk_ir_attr *kind = spvk_ir_op_attr(op, "op");
    if (!kind)
        return spvk_ir_op_error(v, op, "requires attribute 'op'");
    if (gpu_enum_value(kind, GPU_ATTR_ALL_REDUCE_OP) < 0)
        return spvk_ir_op_error(v, op, "attribute 'op' failed to satisfy constraint: built-in reduction operations "
                                       "supported by gpu.allreduce.");
    const spvk_ir_type *t = op->results[0].type;
    if (!t->dialect && t->kind == SPVK_TYPE_VECTOR) {
        if (t->flags)
            return spvk_ir_op_error(v, op, "is not compatible with scalable vector types");
        t = t->types[0];
    }
    return verify_reduce_kind(v, op, t);
}

/* ---- Host-side memory and synchronization ---- */

bool gpu_wait_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!expect_tokens(v, op, op->num_operands))
        return false;
    if (op->num_results > 1 || (op->num_results && !gpu_is_async_token(op->results[0].type)))
        return spvk_ir_op_error(v, op, "result #0 must be async token type");
    return true;
}

/* The number of symbols of an affine-map layout written `affine_map<(d0)[s0, s1] -> ...>`. */
static uint32_t layout_symbols(const spvk_ir_type *memref)
{
    const spvk_ir_attr *layout = memref->num_attrs ? memref->attrs[0] : NULL;
    if (!layout || layout->kind != SPVK_ATTR_OPAQUE || layout->dialect || layout->length < 11 ||
        memcmp(layout->string, "affine_map<", 11) != 0)
        return 0;
    const char *s = layout->string, *end = s + layout->length;
    const char *close = memchr(s, ')', layout->length);
    if (!close || close + 1 >= end || close[1] != '[')
        return 0;
    uint32_t n = 1;
    for (const char *c = close + 2; c < end && *c != ']'; c++)
        if (*c == ',')
            n++;
    return close[2] == ']' ? 0 : n;
}

bool gpu_alloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t seg[3];
    if (!gpu_segments(op, 3, seg))
        return spvk_ir_op_error(v, op, "operand count (%u) does not match with the total size specified in attribute "
                                       "'operandSegmentSizes'",
                                op->num_operands);
    if (!expect_tokens(v, op, seg[0]))
        return false;
    for (uint32_t i = seg[0]; i < op->num_operands; i++)
        if (!is_index(op->operands[i].value->type)) {
            char s[256];
            type_text(v, op->operands[i].value->type, s, sizeof s);
            return spvk_ir_op_error(v, op, "operand #%u must be variadic of index, but got '%s'", i, s);
        }
    if (!op->num_results || op->num_results > 2)
        return spvk_ir_op_error(v, op, "requires 1 or 2 results");
    const spvk_ir_type *t = op->results[0].type;
    if (!is_ranked_memref(t)) {
        char s[256];
        type_text(v, t, s, sizeof s);
        return spvk_ir_op_error(v, op, "result #0 must be memref of any type values, but got '%s'", s);
    }
    uint32_t dynamic = 0;
    for (uint32_t i = 0; i < t->num_ints; i++)
        if (t->ints[i] == SPVK_DYNAMIC)
            dynamic++;
    if (seg[1] != dynamic)
        return spvk_ir_op_error(v, op, "dimension operand count does not equal memref dynamic dimension count");
    if (seg[2] != layout_symbols(t))
        return spvk_ir_op_error(v, op, "symbol operand count does not equal memref symbol count");
    return true;
}

bool gpu_dealloc_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!op->num_operands)
        return spvk_ir_op_error(v, op, "expected 1 or more operands, but found 0");
    uint32_t deps = op->num_operands - 1;
    if (!expect_tokens(v, op, deps))
        return false;
    if (!is_ranked_memref(op->operands[deps].value->type)) {
        char s[256];
        type_text(v, op->operands[deps].value->type, s, sizeof s);
        return spvk_ir_op_error(v, op, "operand #%u must be memref of any type values, but got '%s'", deps, s);
    }
    return true;
}

/* Shapes agree where both are static. */
static bool compatible_shapes(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if ((a->flags & SPVK_SHAPE_UNRANKED) || (b->flags & SPVK_SHAPE_UNRANKED))
        return true;
    if (a->num_ints != b->num_ints)
        return false;
    for (uint32_t i = 0; i < a->num_ints; i++)
        if (a->ints[i] != SPVK_DYNAMIC && b->ints[i] != SPVK_DYNAMIC && a->ints[i] != b->ints[i])
            return false;
    return true;
}

static bool verify_copy_operands(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t *deps)
{
    if (op->num_operands < 2)
        return spvk_ir_op_error(v, op, "expected 2 or more operands, but found %u", op->num_operands);
    *deps = op->num_operands - 2;
    if (!expect_tokens(v, op, *deps))
        return false;
    if (!is_ranked_memref(op->operands[*deps].value->type)) {
        char s[256];
        type_text(v, op->operands[*deps].value->type, s, sizeof s);
        return spvk_ir_op_error(v, op, "operand #%u must be memref of any type values, but got '%s'", *deps, s);
    }
    if (op->num_results > 1 || (op->num_results && !gpu_is_async_token(op->results[0].type)))
        return spvk_ir_op_error(v, op, "result #0 must be async token type");
    return true;
}

bool gpu_memcpy_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t deps = 0;
    if (!verify_copy_operands(v, op, &deps))
        return false;
    const spvk_ir_type *dst = op->operands[deps].value->type, *src = op->operands[deps + 1].value->type;
    if (!is_ranked_memref(src)) {
        char s[256];
        type_text(v, src, s, sizeof s);
        return spvk_ir_op_error(v, op, "operand #%u must be memref of any type values, but got '%s'", deps + 1, s);
    }
    if (dst->types[0] != src->types[0])
        return spvk_ir_op_error(v, op, "arguments have incompatible element type");
    if (!compatible_shapes(dst, src))
        return spvk_ir_op_error(v, op, "arguments have incompatible shape");
    return true;
}

bool gpu_memset_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    uint32_t deps = 0;
    if (!verify_copy_operands(v, op, &deps))
        return false;
    const spvk_ir_type *dst = op->operands[deps].value->type, *value = op->operands[deps + 1].value->type;
    if (dst->types[0] != value)
        return spvk_ir_op_error(v, op, "failed to verify that all of {dst, value} have same element type");
    return true;
}
