/* The gpu ops' custom forms, as MLIR 19 parses and prints them: the hand-written ones of
   GPUDialect.cpp (gpu.module, gpu.func, gpu.launch) and the declarative ones of GPUOps.td, whose
   spacing follows MLIR's format printer (a space before each element; the custom directives and
   enum attributes print their own, hence `gpu.thread_id  x`, `gpu.wait ` and the two spaces
   before `args(`). Errors a form reports itself carry MLIR's "custom op '<name>' " prefix. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gpu_internal.h"
#include "spvkit/ir_function.h"

/* ---- Parsing helpers ---- */

static bool form_error_at(spvk_ir_parser *p, const spvk_ir_op_state *st, spvk_ir_parser_loc loc, const char *fmt,
                          ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bool form_error_at(spvk_ir_parser *p, const spvk_ir_op_state *st, spvk_ir_parser_loc loc, const char *fmt,
                          ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    return spvk_ir_parser_error_at(p, loc, "custom op '%s' %s", st->def ? st->def->name : "?", message);
}

typedef struct ref_list {
    spvk_ir_operand_ref *refs;
    const spvk_ir_type **types;
    uint32_t count, capacity;
} ref_list;

static bool ref_push(spvk_ir_parser *p, ref_list *l, const spvk_ir_operand_ref *ref, const spvk_ir_type *type)
{
    if (l->count == l->capacity) {
        uint32_t cap = l->capacity ? l->capacity * 2 : 8;
        spvk_ir_operand_ref *refs = spvk_ir_parser_scratch(p, cap * sizeof *refs);
        const spvk_ir_type **types = spvk_ir_parser_scratch(p, cap * sizeof *types);
        if (!refs || !types)
            return false;
        if (l->count) {
            memcpy(refs, l->refs, l->count * sizeof *refs);
            memcpy(types, l->types, l->count * sizeof *types);
        }
        l->refs = refs;
        l->types = types;
        l->capacity = cap;
    }
    l->refs[l->count] = *ref;
    l->types[l->count] = type;
    l->count++;
    return true;
}

static bool add_resolved(spvk_ir_parser *p, spvk_ir_op_state *st, const spvk_ir_operand_ref *ref,
                         const spvk_ir_type *type)
{
    spvk_ir_value *v = spvk_ir_resolve_operand(p, ref, type);
    return v && spvk_ir_state_add_operand(p, st, v);
}

static bool add_all(spvk_ir_parser *p, spvk_ir_op_state *st, const ref_list *l)
{
    for (uint32_t i = 0; i < l->count; i++)
        if (!add_resolved(p, st, &l->refs[i], l->types[i]))
            return false;
    return true;
}

/* `%a, %b, ...` (none when the next token is not a value) into l, typed `type`. */
static bool parse_operand_list(spvk_ir_parser *p, ref_list *l, const spvk_ir_type *type)
{
    if (!spvk_ir_parser_at_operand(p))
        return true;
    do {
        spvk_ir_operand_ref r;
        if (!spvk_ir_parse_operand(p, &r) || !ref_push(p, l, &r, type))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return true;
}

static bool add_segments(spvk_ir_parser *p, spvk_ir_op_state *st, const int64_t *sizes, uint32_t count)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *a =
        spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, count);
    return a && spvk_ir_state_add_attr(p, st, "operandSegmentSizes", a);
}

/* custom<AsyncDependencies>: (`async`)? (`[` ssa-id-list `]`)?; the dependencies become operands. */
static bool parse_async_dependencies(spvk_ir_parser *p, spvk_ir_op_state *st, bool *async, uint32_t *count)
{
    *async = false;
    *count = 0;
    spvk_ir_parser_loc loc = spvk_ir_parser_current_loc(p);
    if (spvk_ir_parse_optional_keyword(p, "async")) {
        if (spvk_ir_parser_num_results(p) == 0)
            return form_error_at(p, st, loc, "needs to be named when marked 'async'");
        *async = true;
    }
    if (!spvk_ir_parse_optional_punct(p, "["))
        return true;
    const spvk_ir_type *token = gpu_async_token_type(spvk_ir_parser_context(p));
    if (!spvk_ir_parse_optional_punct(p, "]")) {
        do {
            spvk_ir_operand_ref r;
            if (!spvk_ir_parse_operand(p, &r) || !add_resolved(p, st, &r, token))
                return false;
            (*count)++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, "]"))
            return false;
    }
    return true;
}

static bool add_token_result(spvk_ir_parser *p, spvk_ir_op_state *st)
{
    return spvk_ir_state_add_result_type(p, st, gpu_async_token_type(spvk_ir_parser_context(p)));
}

/* An enum's case keyword; an unknown word is reported at itself, as MLIR's enum parsers do. */
static const spvk_ir_attr *parse_enum_keyword(spvk_ir_parser *p, const spvk_ir_op_state *st, const gpu_enum *e)
{
    spvk_ir_parser_loc loc = spvk_ir_parser_current_loc(p);
    const char *s;
    size_t n;
    if (spvk_ir_parser_peek_identifier(p, &s, &n)) {
        for (uint32_t i = 0; i < e->num_cases; i++)
            if (e->cases[i] && strlen(e->cases[i]) == n && memcmp(e->cases[i], s, n) == 0) {
                spvk_ir_parse_keyword(p, e->cases[i]);
                return gpu_enum_attr(spvk_ir_parser_context(p), e->kind, i);
            }
    }
    char list[160];
    size_t used = 0;
    list[0] = 0;
    for (uint32_t i = 0; i < e->num_cases; i++) {
        if (!e->cases[i])
            continue;
        int k = snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", e->cases[i]);
        if (k < 0 || (size_t)k >= sizeof list - used)
            break;
        used += (size_t)k;
    }
    form_error_at(p, st, loc, "expected %s to be one of: %s", e->cpp_name, list);
    return NULL;
}

/* ---- Printing helpers ---- */

static void print_values(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[first + i].value);
    }
}

static void print_types(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, op->operands[first + i].value->type);
    }
}

static void print_async_dependencies(spvk_ir_printer *p, const spvk_ir_op *op, bool async, uint32_t count)
{
    if (async)
        spvk_ir_print_text(p, "async");
    if (!count)
        return;
    if (async)
        spvk_ir_print_text(p, " ");
    spvk_ir_print_text(p, "[");
    print_values(p, op, 0, count);
    spvk_ir_print_text(p, "]");
}

/* The leading async tokens of an op without segment sizes. */
static uint32_t leading_tokens(const spvk_ir_op *op, uint32_t keep)
{
    uint32_t n = 0;
    while (n + keep < op->num_operands && gpu_is_async_token(op->operands[n].value->type))
        n++;
    return n;
}

static bool has_token_result(const spvk_ir_op *op, uint32_t index)
{
    return op->num_results > index && gpu_is_async_token(op->results[index].type);
}














/* ---- gpu.module ----
   gpu.module @name (`<` handler `>`)? (`[` targets `]`)? (attributes {...})? region; the region's
   gpu.module_end is implicit (added when parsed, left out when printed). */

bool gpu_module_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const char *name;
    if (!spvk_ir_parse_optional_symbol_name(p, &name))
        return spvk_ir_parser_error(p, "expected valid '@'-identifier for symbol name");
    const spvk_ir_attr *sym = spvk_ir_string_attr(ctx, name, strlen(name));
    if (!sym || !spvk_ir_state_add_attr(p, state, SPVK_IR_SYMBOL_NAME, sym))
        return false;
    if (spvk_ir_parse_optional_punct(p, "<")) {
        const spvk_ir_attr *h = spvk_ir_parse_attr(p, NULL);
        if (!h || !spvk_ir_parse_punct(p, ">") || !spvk_ir_state_add_attr(p, state, "offloadingHandler", h))
            return false;
    }
    if (spvk_ir_parser_at_punct(p, "[")) {
        const spvk_ir_attr *t = spvk_ir_parse_attr(p, NULL);
        if (!t || !spvk_ir_state_add_attr(p, state, "targets", t))
            return false;
    }
    if (!spvk_ir_parse_optional_attr_dict_with_keyword(p, state) || !spvk_ir_parse_region(p, state, NULL, NULL, 0))
        return false;
    spvk_ir_region *r = (spvk_ir_region *)state->regions[state->num_regions - 1];
    if (!r->first) {
        spvk_ir_block *b = spvk_ir_block_create(ctx);
        if (!b)
            return false;
        spvk_ir_region_append(r, b);
    }
    /* SingleBlockImplicitTerminator<"ModuleEndOp">: a block without it gets one. */
    spvk_ir_block *b = r->last;
    if (!b->last || strcmp(spvk_ir_op_name(b->last), "gpu.module_end") != 0) {
        spvk_ir_op_state end = {0};
        end.def = spvk_ir_op_def_lookup(ctx, "gpu.module_end", 14);
        end.loc = state->loc;
        spvk_ir_op *e = end.def ? spvk_ir_op_create(ctx, &end) : NULL;
        if (!e)
            return false;
        spvk_ir_block_append(b, e);
    }
    return true;
}

void gpu_module_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {SPVK_IR_SYMBOL_NAME, "offloadingHandler", "targets"};
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name && name->kind == SPVK_ATTR_STRING ? name->string : "");
    const spvk_ir_attr *handler = spvk_ir_op_attr(op, "offloadingHandler");
    if (handler) {
        spvk_ir_print_text(p, " <");
        spvk_ir_print_attr_to(p, handler);
        spvk_ir_print_text(p, ">");
    }
    const spvk_ir_attr *targets = spvk_ir_op_attr(op, "targets");
    if (targets) {
        spvk_ir_print_text(p, " ");
        spvk_ir_print_attr_to(p, targets);
        spvk_ir_print_text(p, " ");
    }
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, 3);
    spvk_ir_print_text(p, " ");
    if (op->num_regions)
        spvk_ir_print_region_without_terminators(p, &op->regions[0], false, false);
}

/* ---- gpu.func ----
   gpu.func @name `(` (%arg : type attr-dict?)* `)` (`->` results)? (workgroup `(` ... `)`)?
   (private `(` ... `)`)? kernel? (attributes {...})? region */

/* An attribution list `(%a : type attr-dict?, ...)` into args, with its attribute array when one
   of them has attributes (workgroup_attrib_attrs / private_attrib_attrs). */
static bool parse_attributions(spvk_ir_parser *p, spvk_ir_op_state *st, const char *keyword, ref_list *args,
                               const char *attrs_name, uint32_t *count)
{
    *count = 0;
    if (!spvk_ir_parse_optional_keyword(p, keyword))
        return true;
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    const spvk_ir_attr **dicts = NULL;
    uint32_t cap = 0;
    bool any = false;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            spvk_ir_operand_ref r;
            if (!spvk_ir_parse_operand(p, &r) || !spvk_ir_parse_punct(p, ":"))
                return false;
            const spvk_ir_type *t = spvk_ir_parse_type(p);
            if (!t)
                return false;
            const spvk_ir_attr *d = NULL;
            if (spvk_ir_parser_at_punct(p, "{")) {
                d = spvk_ir_parse_attr(p, NULL);
                if (!d)
                    return false;
                if (d->num_attrs)
                    any = true;
            }
            (void)spvk_ir_parse_optional_arg_location(p, &r);
            if (!ref_push(p, args, &r, t))
                return false;
            if (*count == cap) {
                uint32_t ncap = cap ? cap * 2 : 8;
                const spvk_ir_attr **nd = spvk_ir_parser_scratch(p, ncap * sizeof *nd);
                if (!nd)
                    return false;
                if (cap)
                    memcpy(nd, dicts, cap * sizeof *nd);
                dicts = nd;
                cap = ncap;
            }
            dicts[(*count)++] = d;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (!any)
        return true;
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    for (uint32_t i = 0; i < *count; i++)
        if (!dicts[i] && !(dicts[i] = spvk_ir_dictionary_attr(ctx, NULL, NULL, 0)))
            return false;
    const spvk_ir_attr *arr = spvk_ir_array_attr(ctx, dicts, *count);
    return arr && spvk_ir_state_add_attr(p, st, attrs_name, arr);
}

bool gpu_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const char *name;
    if (!spvk_ir_parse_optional_symbol_name(p, &name))
        return spvk_ir_parser_error(p, "expected valid '@'-identifier for symbol name");
    const spvk_ir_attr *sym = spvk_ir_string_attr(ctx, name, strlen(name));
    if (!sym || !spvk_ir_state_add_attr(p, state, SPVK_IR_SYMBOL_NAME, sym))
        return false;
    spvk_ir_parser_loc signature = spvk_ir_parser_current_loc(p);
    spvk_ir_function_signature sig;
    if (!spvk_ir_parse_function_signature(p, false, &sig))
        return false;
    if (sig.num_args && !sig.arg_names)
        return form_error_at(p, state, signature, "gpu.func requires named arguments");
    if (!spvk_ir_state_add_function_signature(p, state, &sig))
        return false;
    /* The entry block's arguments: the signature's, then the attributions. */
    ref_list args = {0};
    for (uint32_t i = 0; i < sig.num_args; i++)
        if (!ref_push(p, &args, &sig.arg_names[i], sig.arg_types[i]))
            return false;
    uint32_t workgroups, privates;
    if (!parse_attributions(p, state, "workgroup", &args, "workgroup_attrib_attrs", &workgroups))
        return false;
    const spvk_ir_attr *wa = spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS), workgroups);
    if (!wa || !spvk_ir_state_add_attr(p, state, "workgroup_attributions", wa))
        return false;
    if (!parse_attributions(p, state, "private", &args, "private_attrib_attrs", &privates))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "kernel")) {
        const spvk_ir_attr *u = spvk_ir_unit_attr(ctx);
        if (!u || !spvk_ir_state_add_attr(p, state, "gpu.kernel", u))
            return false;
    }
    if (!spvk_ir_parse_optional_attr_dict_with_keyword(p, state))
        return false;
    return spvk_ir_parse_region(p, state, args.refs, args.types, args.count);
}

static void print_attributions(spvk_ir_printer *p, const char *keyword, const spvk_ir_block *entry, uint32_t first,
                               uint32_t count, const spvk_ir_attr *attrs)
{
    if (!count)
        return;
    spvk_ir_print_format(p, " %s(", keyword);
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        const spvk_ir_value *v = entry->args[first + i];
        spvk_ir_print_block_arg(p, v);
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, v->type);
        if (attrs && attrs->kind == SPVK_ATTR_ARRAY && i < attrs->num_attrs)
            spvk_ir_print_attr_dict(p, attrs->attrs[i], NULL, 0);
    }
    spvk_ir_print_text(p, ")");
}

void gpu_func_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {SPVK_IR_SYMBOL_NAME,        "function_type",
                                         "arg_attrs",                "res_attrs",
                                         "workgroup_attributions",   "gpu.kernel",
                                         "workgroup_attrib_attrs",   "private_attrib_attrs"};
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    const spvk_ir_attr *fta = spvk_ir_op_attr(op, "function_type");
    const spvk_ir_type *ft = fta && fta->kind == SPVK_ATTR_TYPE ? fta->type : NULL;
    const spvk_ir_block *entry = op->num_regions ? op->regions[0].first : NULL;
    uint32_t ni = ft ? spvk_ir_function_num_inputs(ft) : 0;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name && name->kind == SPVK_ATTR_STRING ? name->string : "");
    spvk_ir_print_function_signature(p, op, false);
    if (entry) {
        const spvk_ir_attr *wa = spvk_ir_op_attr(op, "workgroup_attributions");
        uint32_t total = entry->num_args > ni ? entry->num_args - ni : 0;
        uint32_t workgroups = wa && wa->kind == SPVK_ATTR_INTEGER && wa->value >= 0 ? (uint32_t)wa->value : 0;
        if (workgroups > total)
            workgroups = total;
        print_attributions(p, "workgroup", entry, ni, workgroups, spvk_ir_op_attr(op, "workgroup_attrib_attrs"));
        print_attributions(p, "private", entry, ni + workgroups, total - workgroups,
                           spvk_ir_op_attr(op, "private_attrib_attrs"));
    }
    if (spvk_ir_op_attr(op, "gpu.kernel"))
        spvk_ir_print_text(p, " kernel");
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, sizeof elided / sizeof elided[0]);
    spvk_ir_print_text(p, " ");
    if (op->num_regions)
        spvk_ir_print_region(p, &op->regions[0], false, false);
}

/* ---- gpu.launch_func ----
   async-dependencies (`<` %object `:` type `>`)? @module::@kernel
   (`clusters` `in` (x, y, z))? `blocks` `in` (x, y, z) `threads` `in` (x, y, z) (`:` type)?
   (`dynamic_shared_memory_size` %s)? (`args` `(` %v `:` type, ... `)`)? attr-dict
   Operands: dependencies, grid, block, cluster (0 or 3), shared memory size (0 or 1), kernel
   operands, async object (0 or 1): 13 segments. */

enum { LF_DEPS = 0, LF_GRID = 1, LF_BLOCK = 4, LF_CLUSTER = 7, LF_SHARED = 10, LF_ARGS = 11, LF_OBJECT = 12, LF_SEGMENTS = 13 };

static bool parse_three(spvk_ir_parser *p, const char *keyword, spvk_ir_operand_ref *out)
{
    if (!spvk_ir_parse_keyword(p, keyword) || !spvk_ir_parse_keyword(p, "in") || !spvk_ir_parse_punct(p, "("))
        return false;
    for (int i = 0; i < 3; i++)
        if ((i && !spvk_ir_parse_punct(p, ",")) || !spvk_ir_parse_operand(p, &out[i]))
            return false;
    return spvk_ir_parse_punct(p, ")");
}

bool gpu_launch_func_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    bool async;
    uint32_t deps;
    if (!parse_async_dependencies(p, state, &async, &deps))
        return false;
    spvk_ir_operand_ref object;
    const spvk_ir_type *object_type = NULL;
    if (spvk_ir_parse_optional_punct(p, "<")) {
        if (!spvk_ir_parse_operand(p, &object) || !spvk_ir_parse_punct(p, ":") || !(object_type = spvk_ir_parse_type(p)) ||
            !spvk_ir_parse_punct(p, ">"))
            return false;
    }
    spvk_ir_parser_loc kernel_loc = spvk_ir_parser_current_loc(p);
    if (!spvk_ir_parser_at_symbol(p)) {
        const spvk_ir_attr *any = spvk_ir_parse_attr(p, NULL);
        return any ? form_error_at(p, state, kernel_loc, "invalid kind of attribute specified") : false;
    }
    const spvk_ir_attr *kernel = spvk_ir_parse_symbol_ref(p);
    if (!kernel || !spvk_ir_state_add_attr(p, state, "kernel", kernel))
        return false;
    spvk_ir_operand_ref grid[3], block[3], cluster[3];
    bool clusters = spvk_ir_parser_at_keyword(p, "clusters");
    if ((clusters && !parse_three(p, "clusters", cluster)) || !parse_three(p, "blocks", grid) ||
        !parse_three(p, "threads", block))
        return false;
    const spvk_ir_type *dim = spvk_ir_index_type(ctx);
    if (spvk_ir_parse_optional_punct(p, ":") && !(dim = spvk_ir_parse_type(p)))
        return false;
    for (int i = 0; i < 3; i++)
        if (!add_resolved(p, state, &grid[i], dim))
            return false;
    for (int i = 0; i < 3; i++)
        if (!add_resolved(p, state, &block[i], dim))
            return false;
    for (int i = 0; clusters && i < 3; i++)
        if (!add_resolved(p, state, &cluster[i], dim))
            return false;
    bool shared = false;
    if (spvk_ir_parse_optional_keyword(p, "dynamic_shared_memory_size")) {
        spvk_ir_operand_ref s;
        if (!spvk_ir_parse_operand(p, &s) || !add_resolved(p, state, &s, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS)))
            return false;
        shared = true;
    }
    uint32_t num_args = 0;
    if (spvk_ir_parse_optional_keyword(p, "args")) {
        if (!spvk_ir_parse_punct(p, "("))
            return false;
        do {
            spvk_ir_operand_ref r;
            if (!spvk_ir_parse_operand(p, &r) || !spvk_ir_parse_punct(p, ":"))
                return false;
            const spvk_ir_type *t = spvk_ir_parse_type(p);
            if (!t || !add_resolved(p, state, &r, t))
                return false;
            num_args++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct_expected(p, ")", "')' in argument list"))
            return false;
    }
    if (object_type && !add_resolved(p, state, &object, object_type))
        return false;
    if (!spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    int64_t sizes[LF_SEGMENTS] = {deps, 1, 1, 1, 1, 1, 1, clusters, clusters, clusters, shared, num_args,
                                  object_type != NULL};
    if (!add_segments(p, state, sizes, LF_SEGMENTS))
        return false;
    return !async || add_token_result(p, state);
}

static void print_three(spvk_ir_printer *p, const spvk_ir_op *op, const char *keyword, uint32_t first)
{
    spvk_ir_print_format(p, " %s in (", keyword);
    print_values(p, op, first, 3);
    spvk_ir_print_text(p, ")");
}

void gpu_launch_func_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"kernel", "operandSegmentSizes"};
    uint32_t seg[LF_SEGMENTS];
    if (!gpu_segments(op, LF_SEGMENTS, seg))
        return;
    spvk_ir_print_text(p, " ");
    print_async_dependencies(p, op, has_token_result(op, 0), seg[LF_DEPS]);
    if (seg[LF_OBJECT]) {
        uint32_t o = gpu_segment_start(seg, LF_OBJECT);
        spvk_ir_print_text(p, " <");
        spvk_ir_print_value(p, op->operands[o].value);
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, op->operands[o].value->type);
        spvk_ir_print_text(p, ">");
    }
    spvk_ir_print_text(p, " ");
    const spvk_ir_attr *kernel = spvk_ir_op_attr(op, "kernel");
    if (kernel)
        spvk_ir_print_attr_to(p, kernel);
    if (seg[LF_CLUSTER])
        print_three(p, op, "clusters", gpu_segment_start(seg, LF_CLUSTER));
    uint32_t grid = gpu_segment_start(seg, LF_GRID);
    print_three(p, op, "blocks", grid);
    print_three(p, op, "threads", gpu_segment_start(seg, LF_BLOCK));
    spvk_ir_print_text(p, " ");
    const spvk_ir_type *dim = op->operands[grid].value->type;
    if (!(!dim->dialect && dim->kind == SPVK_TYPE_INDEX)) {
        spvk_ir_print_text(p, ": ");
        spvk_ir_print_type_to(p, dim);
    }
    if (seg[LF_SHARED]) {
        spvk_ir_print_text(p, " dynamic_shared_memory_size ");
        spvk_ir_print_value(p, op->operands[gpu_segment_start(seg, LF_SHARED)].value);
    }
    spvk_ir_print_text(p, " ");
    if (seg[LF_ARGS]) {
        uint32_t first = gpu_segment_start(seg, LF_ARGS);
        spvk_ir_print_text(p, "args(");
        for (uint32_t i = 0; i < seg[LF_ARGS]; i++) {
            if (i)
                spvk_ir_print_text(p, ", ");
            spvk_ir_print_value(p, op->operands[first + i].value);
            spvk_ir_print_text(p, " : ");
            spvk_ir_print_type_to(p, op->operands[first + i].value->type);
        }
        spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 2);
}

/* ---- gpu.launch ----
   (`async` (`[` deps `]`)?)? (`clusters` (ids) `in` (%s = %v, ...))? `blocks` (ids) `in` (...)
   `threads` (ids) `in` (...) (`dynamic_shared_memory_size` %v)? attributions region attr-dict?
   The body's arguments: block ids, thread ids, grid sizes, block sizes (12), then cluster ids
   and sizes (6, with clusters), then the attributions. Operands: 11 segments. */

enum { LAUNCH_SEGMENTS = 11 };

/* `(%i, %j, %k) in (%a = %x, %b = %y, %c = %z)`: ids and sizes are region arguments, the values operands. */
static bool parse_size_assignment(spvk_ir_parser *p, spvk_ir_operand_ref *ids, spvk_ir_operand_ref *region_sizes,
                                  spvk_ir_operand_ref *sizes)
{
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    for (int i = 0; i < 3; i++)
        if ((i && !spvk_ir_parse_punct(p, ",")) || !spvk_ir_parse_operand(p, &ids[i]))
            return false;
    if (!spvk_ir_parse_punct(p, ")") || !spvk_ir_parse_keyword(p, "in") || !spvk_ir_parse_punct(p, "("))
        return false;
    for (int i = 0; i < 3; i++)
        if ((i && !spvk_ir_parse_punct(p, ",")) || !spvk_ir_parse_operand(p, &region_sizes[i]) ||
            !spvk_ir_parse_punct(p, "=") || !spvk_ir_parse_operand(p, &sizes[i]))
            return false;
    return spvk_ir_parse_punct(p, ")");
}

bool gpu_launch_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_parser_loc loc = spvk_ir_parser_current_loc(p);
    bool async = false;
    if (spvk_ir_parse_optional_keyword(p, "async")) {
        if (spvk_ir_parser_num_results(p) == 0)
            return form_error_at(p, state, loc, "needs to be named when marked 'async'");
        async = true;
    }
    uint32_t deps = 0;
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    if (async && spvk_ir_parse_optional_punct(p, "[")) {
        const spvk_ir_type *token = gpu_async_token_type(ctx);
        if (!spvk_ir_parse_optional_punct(p, "]")) {
            do {
                spvk_ir_operand_ref r;
                if (!spvk_ir_parse_operand(p, &r) || !add_resolved(p, state, &r, token))
                    return false;
                deps++;
            } while (spvk_ir_parse_optional_punct(p, ","));
            if (!spvk_ir_parse_punct(p, "]"))
                return false;
        }
    }
    spvk_ir_operand_ref region_args[18], sizes[9];
    bool clusters = spvk_ir_parse_optional_keyword(p, "clusters");
    if (clusters && !parse_size_assignment(p, &region_args[12], &region_args[15], &sizes[6]))
        return false;
    if (!spvk_ir_parse_keyword(p, "blocks") || !parse_size_assignment(p, &region_args[0], &region_args[6], &sizes[0]) ||
        !spvk_ir_parse_keyword(p, "threads") || !parse_size_assignment(p, &region_args[3], &region_args[9], &sizes[3]))
        return false;
    for (int i = 0; i < (clusters ? 9 : 6); i++)
        if (!add_resolved(p, state, &sizes[i], index))
            return false;
    bool shared = false;
    if (spvk_ir_parse_optional_keyword(p, "dynamic_shared_memory_size")) {
        spvk_ir_operand_ref s;
        if (!spvk_ir_parse_operand(p, &s) || !add_resolved(p, state, &s, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS)))
            return false;
        shared = true;
    }
    ref_list args = {0};
    for (int i = 0; i < (clusters ? 18 : 12); i++)
        if (!ref_push(p, &args, &region_args[i], index))
            return false;
    uint32_t workgroups, privates;
    if (!parse_attributions(p, state, "workgroup", &args, "workgroup_attrib_attrs", &workgroups))
        return false;
    const spvk_ir_attr *wa = spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS), workgroups);
    if (!wa || !spvk_ir_state_add_attr(p, state, "workgroup_attributions", wa))
        return false;
    if (!parse_attributions(p, state, "private", &args, "private_attrib_attrs", &privates))
        return false;
    if (!spvk_ir_parse_region(p, state, args.refs, args.types, args.count) || !spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    int64_t seg[LAUNCH_SEGMENTS] = {deps, 1, 1, 1, 1, 1, 1, clusters, clusters, clusters, shared};
    if (!add_segments(p, state, seg, LAUNCH_SEGMENTS))
        return false;
    return !async || add_token_result(p, state);
}

static void print_size_assignment(spvk_ir_printer *p, const spvk_ir_op *op, const spvk_ir_block *entry,
                                  uint32_t ids, uint32_t region_sizes, uint32_t operands)
{
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < 3; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_block_arg(p, entry->args[ids + i]);
    }
    spvk_ir_print_text(p, ") in (");
    for (uint32_t i = 0; i < 3; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_block_arg(p, entry->args[region_sizes + i]);
        spvk_ir_print_text(p, " = ");
        spvk_ir_print_value(p, op->operands[operands + i].value);
    }
    spvk_ir_print_text(p, ")");
}

void gpu_launch_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"operandSegmentSizes", "workgroup_attributions"};
    uint32_t seg[LAUNCH_SEGMENTS];
    const spvk_ir_block *entry = op->num_regions ? op->regions[0].first : NULL;
    if (!gpu_segments(op, LAUNCH_SEGMENTS, seg) || !entry)
        return;
    bool clusters = seg[7] && seg[8] && seg[9];
    uint32_t config = clusters ? 18 : 12;
    if (entry->num_args < config)
        return;
    uint32_t deps = seg[0];
    if (has_token_result(op, 0)) {
        spvk_ir_print_text(p, " async");
        if (deps) {
            spvk_ir_print_text(p, " [");
            print_values(p, op, 0, deps);
            spvk_ir_print_text(p, "]");
        }
    }
    if (clusters) {
        spvk_ir_print_text(p, " clusters");
        print_size_assignment(p, op, entry, 12, 15, deps + 6);
    }
    spvk_ir_print_text(p, " blocks");
    print_size_assignment(p, op, entry, 0, 6, deps);
    spvk_ir_print_text(p, " threads");
    print_size_assignment(p, op, entry, 3, 9, deps + 3);
    if (seg[10]) {
        spvk_ir_print_text(p, " dynamic_shared_memory_size ");
        spvk_ir_print_value(p, op->operands[gpu_segment_start(seg, 10)].value);
    }
    const spvk_ir_attr *wa = spvk_ir_op_attr(op, "workgroup_attributions");
    uint32_t total = entry->num_args - config;
    uint32_t workgroups = wa && wa->kind == SPVK_ATTR_INTEGER && wa->value >= 0 ? (uint32_t)wa->value : 0;
    if (workgroups > total)
        workgroups = total;
    print_attributions(p, "workgroup", entry, config, workgroups, NULL);
    print_attributions(p, "private", entry, config + workgroups, total - workgroups, NULL);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], false, false);
    spvk_ir_print_attr_dict(p, op->attrs, elided, 2);
}

/* ---- gpu.shuffle: $mode $value, $offset, $width attr-dict : type($value) ---- */

bool gpu_shuffle_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *mode = parse_enum_keyword(p, state, &gpu_shuffle_mode_enum);
    if (!mode || !spvk_ir_state_add_attr(p, state, "mode", mode))
        return false;
    spvk_ir_operand_ref v, o, w;
    if (!spvk_ir_parse_operand(p, &v) || !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &o) ||
        !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &w) || !spvk_ir_parse_optional_attr_dict(p, state) ||
        !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    return t && add_resolved(p, state, &v, t) && add_resolved(p, state, &o, i32) && add_resolved(p, state, &w, i32) &&
           spvk_ir_state_add_result_type(p, state, t) &&
           spvk_ir_state_add_result_type(p, state, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
}

void gpu_shuffle_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"mode"};
    int64_t m = gpu_enum_value(spvk_ir_op_attr(op, "mode"), GPU_ATTR_SHUFFLE_MODE);
    spvk_ir_print_format(p, "  %s ", m >= 0 && m < 4 ? gpu_shuffle_mode_enum.cases[m] : "?");
    print_values(p, op, 0, op->num_operands);
    spvk_ir_print_attr_dict(p, op->attrs, elided, 1);
    spvk_ir_print_text(p, " : ");
    if (op->num_operands)
        spvk_ir_print_type_to(p, op->operands[0].value->type);
}

/* ---- gpu.all_reduce / gpu.subgroup_reduce ----
   custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body? attr-dict
   `:` functional-type(operands, results) */

/* An optional reduction keyword: any bare word is taken, and must be a case. */
static bool parse_reduce_op(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    const char *s;
    size_t n;
    if (!spvk_ir_parser_peek_identifier(p, &s, &n))
        return true;
    for (uint32_t i = 0; i < gpu_all_reduce_enum.num_cases; i++)
        if (strlen(gpu_all_reduce_enum.cases[i]) == n && memcmp(gpu_all_reduce_enum.cases[i], s, n) == 0) {
            spvk_ir_parse_keyword(p, gpu_all_reduce_enum.cases[i]);
            const spvk_ir_attr *a = gpu_enum_attr(spvk_ir_parser_context(p), GPU_ATTR_ALL_REDUCE_OP, i);
            return a && spvk_ir_state_add_attr(p, state, "op", a);
        }
    const char *word;
    spvk_ir_parse_optional_identifier(p, &word);
    return form_error_at(p, state, spvk_ir_parser_current_loc(p), "invalid op kind");
}

static bool parse_reduce(spvk_ir_parser *p, spvk_ir_op_state *state, bool with_region)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (!parse_reduce_op(p, state))
        return false;
    spvk_ir_operand_ref v;
    if (!spvk_ir_parse_operand(p, &v))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "uniform")) {
        const spvk_ir_attr *u = spvk_ir_unit_attr(ctx);
        if (!u || !spvk_ir_state_add_attr(p, state, "uniform", u))
            return false;
    }
    if (with_region && !spvk_ir_parse_region(p, state, NULL, NULL, 0))
        return false;
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    spvk_ir_parser_loc loc = spvk_ir_parser_current_loc(p);
    const spvk_ir_type *ft = spvk_ir_parse_type(p);
    if (!ft)
        return false;
    if (ft->dialect || ft->kind != SPVK_TYPE_FUNCTION)
        return spvk_ir_parser_error_at(p, loc, "invalid kind of type specified");
    if (spvk_ir_function_num_inputs(ft) != 1)
        return spvk_ir_parser_error_at(p, loc, "1 operands present, but expected %u",
                                       spvk_ir_function_num_inputs(ft));
    if (!add_resolved(p, state, &v, ft->types[0]))
        return false;
    for (uint32_t i = 1; i < ft->num_types; i++)
        if (!spvk_ir_state_add_result_type(p, state, ft->types[i]))
            return false;
    return true;
}

static void print_reduce(spvk_ir_printer *p, const spvk_ir_op *op, bool with_region)
{
    static const char *const elided[] = {"op", "uniform"};
    int64_t k = gpu_enum_value(spvk_ir_op_attr(op, "op"), GPU_ATTR_ALL_REDUCE_OP);
    spvk_ir_print_text(p, " ");
    if (k >= 0 && k < 13)
        spvk_ir_print_format(p, " %s", gpu_all_reduce_enum.cases[k]);
    spvk_ir_print_text(p, " ");
    if (op->num_operands)
        spvk_ir_print_value(p, op->operands[0].value);
    if (spvk_ir_op_attr(op, "uniform"))
        spvk_ir_print_text(p, " uniform");
    if (with_region && op->num_regions) {
        spvk_ir_print_text(p, " ");
        spvk_ir_print_region(p, &op->regions[0], true, false);
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 2);
    spvk_ir_print_text(p, " : (");
    print_types(p, op, 0, op->num_operands);
    spvk_ir_print_text(p, ") -> ");
    if (op->num_results == 1 && !(!op->results[0].type->dialect && op->results[0].type->kind == SPVK_TYPE_FUNCTION)) {
        spvk_ir_print_type_to(p, op->results[0].type);
        return;
    }
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, op->results[i].type);
    }
    spvk_ir_print_text(p, ")");
}

bool gpu_all_reduce_parse(spvk_ir_parser *p, spvk_ir_op_state *state) { return parse_reduce(p, state, true); }
void gpu_all_reduce_print(spvk_ir_printer *p, const spvk_ir_op *op) { print_reduce(p, op, true); }
bool gpu_subgroup_reduce_parse(spvk_ir_parser *p, spvk_ir_op_state *state) { return parse_reduce(p, state, false); }
void gpu_subgroup_reduce_print(spvk_ir_printer *p, const spvk_ir_op *op) { print_reduce(p, op, false); }

/* ---- gpu.wait: async-dependencies attr-dict ---- */

bool gpu_wait_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    bool async;
    uint32_t deps;
    return parse_async_dependencies(p, state, &async, &deps) && spvk_ir_parse_optional_attr_dict(p, state) &&
           (!async || add_token_result(p, state));
}

void gpu_wait_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    print_async_dependencies(p, op, has_token_result(op, 0), op->num_operands);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

/* ---- gpu.alloc ----
   async-dependencies (` ` `host_shared`)? ` ` `(` $dynamicSizes `)` (`[` $symbolOperands `]`)?
   attr-dict `:` type($memref) */

bool gpu_alloc_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    bool async;
    uint32_t deps;
    if (!parse_async_dependencies(p, state, &async, &deps))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "host_shared")) {
        const spvk_ir_attr *u = spvk_ir_unit_attr(ctx);
        if (!u || !spvk_ir_state_add_attr(p, state, "hostShared", u))
            return false;
    }
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    ref_list sizes = {0}, symbols = {0};
    if (!spvk_ir_parse_punct(p, "(") || !parse_operand_list(p, &sizes, index) || !spvk_ir_parse_punct(p, ")"))
        return false;
    if (spvk_ir_parse_optional_punct(p, "[") &&
        (!parse_operand_list(p, &symbols, index) || !spvk_ir_parse_punct(p, "]")))
        return false;
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t || !add_all(p, state, &sizes) || !add_all(p, state, &symbols) || !spvk_ir_state_add_result_type(p, state, t))
        return false;
    int64_t seg[3] = {deps, sizes.count, symbols.count};
    return add_segments(p, state, seg, 3) && (!async || add_token_result(p, state));
}

void gpu_alloc_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    static const char *const elided[] = {"hostShared", "operandSegmentSizes"};
    uint32_t seg[3];
    if (!gpu_segments(op, 3, seg))
        return;
    spvk_ir_print_text(p, " ");
    print_async_dependencies(p, op, has_token_result(op, 1), seg[0]);
    if (spvk_ir_op_attr(op, "hostShared"))
        spvk_ir_print_text(p, " host_shared");
    spvk_ir_print_text(p, " (");
    print_values(p, op, seg[0], seg[1]);
    spvk_ir_print_text(p, ")");
    if (seg[2]) {
        spvk_ir_print_text(p, "[");
        print_values(p, op, seg[0] + seg[1], seg[2]);
        spvk_ir_print_text(p, "]");
    }
    spvk_ir_print_attr_dict(p, op->attrs, elided, 2);
    spvk_ir_print_text(p, " : ");
    if (op->num_results)
        spvk_ir_print_type_to(p, op->results[0].type);
}

/* ---- gpu.dealloc: async-dependencies $memref attr-dict `:` type($memref) ---- */

bool gpu_dealloc_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    bool async;
    uint32_t deps;
    spvk_ir_operand_ref m;
    if (!parse_async_dependencies(p, state, &async, &deps) || !spvk_ir_parse_operand(p, &m) ||
        !spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    return t && add_resolved(p, state, &m, t) && (!async || add_token_result(p, state));
}

void gpu_dealloc_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    uint32_t deps = leading_tokens(op, 1);
    spvk_ir_print_text(p, " ");
    print_async_dependencies(p, op, has_token_result(op, 0), deps);
    spvk_ir_print_text(p, " ");
    if (deps < op->num_operands)
        spvk_ir_print_value(p, op->operands[deps].value);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : ");
    if (deps < op->num_operands)
        spvk_ir_print_type_to(p, op->operands[deps].value->type);
}

/* ---- gpu.memcpy / gpu.memset: async-dependencies $dst `,` $src `:` type($dst) `,` type($src) attr-dict ---- */

bool gpu_memcpy_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    bool async;
    uint32_t deps;
    spvk_ir_operand_ref a, b;
    if (!parse_async_dependencies(p, state, &async, &deps) || !spvk_ir_parse_operand(p, &a) ||
        !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &b) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *ta = spvk_ir_parse_type(p);
    if (!ta || !spvk_ir_parse_punct(p, ","))
        return false;
    const spvk_ir_type *tb = spvk_ir_parse_type(p);
    return tb && add_resolved(p, state, &a, ta) && add_resolved(p, state, &b, tb) &&
           spvk_ir_parse_optional_attr_dict(p, state) && (!async || add_token_result(p, state));
}

void gpu_memcpy_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    uint32_t deps = leading_tokens(op, 2);
    spvk_ir_print_text(p, " ");
    print_async_dependencies(p, op, has_token_result(op, 0), deps);
    spvk_ir_print_text(p, " ");
    if (deps + 2 <= op->num_operands) {
        print_values(p, op, deps, 2);
        spvk_ir_print_text(p, " : ");
        print_types(p, op, deps, 2);
    }
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

/* ---- gpu.printf: $format attr-dict ($args^ `:` type($args))? ---- */


