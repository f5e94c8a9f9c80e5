/* The scf ops' custom forms, as MLIR 19's SCF.cpp and SCFOps.td spell them:

     scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) : i32 { ... }
     scf.if %c -> (f32) { ... } else { ... }
     scf.while (%a = %x) : (f32) -> f32 { ... } do { ^bb0(%b: f32): ... }
     scf.execute_region -> i32 { ... }
     scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> f32 { ... }
     scf.index_switch %x -> i32 case 2 { ... } default { ... }

   Bodies that end without a terminator get an operand-less one, and printers leave that one out
   where MLIR's do (scf.for without iter_args, scf.if without results): MLIR's
   SingleBlockImplicitTerminator. The spacing is MLIR's to the byte, trailing spaces included
   (`scf.reduce ` with no reductions, `scf.index_switch %x ` before a newline). */
#include <string.h>

#include "scf_internal.h"

/* ---- Parsing helpers ---- */

/* A list of operand references that grows in the parser's scratch memory. */
typedef struct ref_list {
    spvk_ir_operand_ref *refs;
    uint32_t count, capacity;
} ref_list;

static bool ref_list_push(spvk_ir_parser *p, ref_list *l, const spvk_ir_operand_ref *r)
{
    if (l->count == l->capacity) {
        uint32_t cap = l->capacity ? l->capacity * 2 : 8;
        spvk_ir_operand_ref *n = spvk_ir_parser_scratch(p, (size_t)cap * sizeof *n);
        if (!n)
            return false;
        if (l->count)
            memcpy(n, l->refs, (size_t)l->count * sizeof *n);
        l->refs = n;
        l->capacity = cap;
    }
    l->refs[l->count++] = *r;
    return true;
}

typedef struct type_list {
    const spvk_ir_type **types;
    uint32_t count, capacity;
} type_list;

static bool type_list_push(spvk_ir_parser *p, type_list *l, const spvk_ir_type *t)
{
    if (!t)
        return false;
    if (l->count == l->capacity) {
        uint32_t cap = l->capacity ? l->capacity * 2 : 8;
        const spvk_ir_type **n = spvk_ir_parser_scratch(p, (size_t)cap * sizeof *n);
        if (!n)
            return false;
        if (l->count)
            memcpy(n, l->types, (size_t)l->count * sizeof *n);
        l->types = n;
        l->capacity = cap;
    }
    l->types[l->count++] = t;
    return true;
}

/* assignment-list ::= `(` (%inner `=` %outer (`,` %inner `=` %outer)*)? `)` (the `(` is next) */
static bool parse_assignment_list(spvk_ir_parser *p, ref_list *inner, ref_list *outer)
{
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    if (spvk_ir_parse_optional_punct(p, ")"))
        return true;
    do {
        spvk_ir_operand_ref a, b;
        if (!spvk_ir_parse_operand(p, &a) || !spvk_ir_parse_punct(p, "=") || !spvk_ir_parse_operand(p, &b) ||
            !ref_list_push(p, inner, &a) || !ref_list_push(p, outer, &b))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return spvk_ir_parse_punct(p, ")");
}

/* type-list-parens ::= `(` (type (`,` type)*)? `)` */
static bool parse_paren_type_list(spvk_ir_parser *p, type_list *out)
{
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    if (spvk_ir_parse_optional_punct(p, ")"))
        return true;
    do {
        if (!type_list_push(p, out, spvk_ir_parse_type(p)))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return spvk_ir_parse_punct(p, ")");
}

/* MLIR's parseArrowTypeList after the `->`: one type, or a parenthesized list. */
static bool parse_result_types(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    type_list types = {0};
    if (spvk_ir_parser_at_punct(p, "(")) {
        if (!parse_paren_type_list(p, &types))
            return false;
    } else if (!type_list_push(p, &types, spvk_ir_parse_type(p))) {
        return false;
    }
    for (uint32_t i = 0; i < types.count; i++)
        if (!spvk_ir_state_add_result_type(p, state, types.types[i]))
            return false;
    return true;
}

static bool parse_optional_arrow_type_list(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    if (!spvk_ir_parse_optional_punct(p, "->"))
        return true;
    return parse_result_types(p, state);
}

/* `(` operand-list `)` with `required` operands (-1: any), MLIR's parseOperandList with a
   Paren delimiter; a wrong count is reported at the list as MLIR does. */
static bool parse_paren_operands(spvk_ir_parser *p, ref_list *out, int64_t required)
{
    spvk_ir_parser_loc at = spvk_ir_parser_current_loc(p);
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    uint32_t first = out->count;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            spvk_ir_operand_ref r;
            if (!spvk_ir_parse_operand(p, &r) || !ref_list_push(p, out, &r))
                return false;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    if (required >= 0 && out->count - first != (uint64_t)required)
        return spvk_ir_parser_op_error_at(p, at, "expected %lld operands", (long long)required);
    return true;
}

static bool resolve_all(spvk_ir_parser *p, spvk_ir_op_state *state, const ref_list *refs, uint32_t first,
                        uint32_t count, const spvk_ir_type *type, const spvk_ir_type *const *types)
{
    for (uint32_t i = 0; i < count; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs->refs[first + i], types ? types[i] : type);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    return true;
}

/* MLIR's ensureTerminator: the region's (only) block ends with `terminator` made without
   operands when its text left the terminator out; a region written `{}` gets a block. */
static bool ensure_terminator(spvk_ir_parser *p, spvk_ir_op_state *state, uint32_t region, const char *terminator)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_region *r = (spvk_ir_region *)state->regions[region];
    if (r->unmaterialized)
        return true;
    if (!r->first) {
        spvk_ir_block *b = spvk_ir_block_create(ctx);
        if (!b)
            return false;
        spvk_ir_region_append(r, b);
    }
    spvk_ir_block *b = r->last;
    if (b->last && (b->last->def->traits & SPVK_TRAIT_TERMINATOR))
        return true;
    spvk_ir_op_state s = {0};
    s.name = terminator;
    s.name_length = strlen(terminator);
    spvk_ir_op *t = spvk_ir_op_create(ctx, &s);
    if (!t)
        return false;
    spvk_ir_block_append(b, t);
    return true;
}

/* ---- Printing helpers ---- */

static void print_values(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, spvk_ir_operand(op, first + i));
    }
}

static void print_value_types(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, spvk_ir_operand(op, first + i)->type);
    }
}

static void print_result_types(spvk_ir_printer *p, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_type_to(p, op->results[i].type);
    }
}

/* MLIR's printOptionalArrowTypeList: ` -> T` for one type that is not a function type,
   ` -> (A, B)` otherwise, nothing without results. */
static void print_optional_arrow_type_list(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (!op->num_results)
        return;
    bool parens = op->num_results != 1 || op->results[0].type->kind == SPVK_TYPE_FUNCTION;
    spvk_ir_print_text(p, parens ? " -> (" : " -> ");
    print_result_types(p, op);
    if (parens)
        spvk_ir_print_text(p, ")");
}

/* MLIR's printInitializationList: <prefix>(%inner = %outer, ...) when there is any. */
static void print_initialization_list(spvk_ir_printer *p, const spvk_ir_block *b, uint32_t first_arg,
                                      const spvk_ir_op *op, uint32_t first_operand, uint32_t count,
                                      const char *prefix)
{
    if (!count)
        return;
    spvk_ir_print_text(p, prefix);
    spvk_ir_print_text(p, "(");
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        if (b && first_arg + i < b->num_args)
            spvk_ir_print_block_arg(p, b->args[first_arg + i]);
        spvk_ir_print_text(p, " = ");
        spvk_ir_print_value(p, spvk_ir_operand(op, first_operand + i));
    }
    spvk_ir_print_text(p, ")");
}

static void print_attrs(spvk_ir_printer *p, const spvk_ir_op *op, const char *const *elided, uint32_t num_elided)
{
    spvk_ir_print_attr_dict(p, op->attrs, elided, num_elided);
}

/* ---- scf.for ---- */

/* `%iv = %lb to %ub step %step (iter_args(%a = %init, ...) -> (types))? (: type)? region attr-dict?` */
bool scf_for_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_parser_loc name_loc = spvk_ir_parser_op_name_location(p);
    spvk_ir_operand_ref iv, bounds[3];
    if (!spvk_ir_parse_operand(p, &iv) || !spvk_ir_parse_punct(p, "=") || !spvk_ir_parse_operand(p, &bounds[0]) ||
        !spvk_ir_parse_keyword(p, "to") || !spvk_ir_parse_operand(p, &bounds[1]) ||
        !spvk_ir_parse_keyword(p, "step") || !spvk_ir_parse_operand(p, &bounds[2]))
        return false;
    ref_list args = {0}, inits = {0};
    if (!ref_list_push(p, &args, &iv))
        return false;
    bool has_iter_args = spvk_ir_parse_optional_keyword(p, "iter_args");
    if (has_iter_args && (!parse_assignment_list(p, &args, &inits) || !spvk_ir_parse_punct(p, "->") ||
                          !parse_result_types(p, state)))
        return false;
    if (args.count != state->num_results + 1)
        return spvk_ir_parser_op_error_at(p, name_loc, "mismatch in number of loop-carried values and defined values");
    const spvk_ir_type *type = spvk_ir_index_type(ctx);
    if (spvk_ir_parse_optional_punct(p, ":") && !(type = spvk_ir_parse_type(p)))
        return false;
    for (uint32_t i = 0; i < 3; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &bounds[i], type);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    if (!resolve_all(p, state, &inits, 0, inits.count, NULL, state->result_types))
        return false;
    const spvk_ir_type **arg_types = spvk_ir_parser_scratch(p, (size_t)args.count * sizeof *arg_types);
    if (!arg_types)
        return false;
    arg_types[0] = type;
    for (uint32_t i = 1; i < args.count; i++)
        arg_types[i] = state->result_types[i - 1];
    if (!spvk_ir_parse_region(p, state, args.refs, arg_types, args.count) ||
        !ensure_terminator(p, state, 0, "scf.yield"))
        return false;
    return spvk_ir_parse_optional_attr_dict(p, state);
}

void scf_for_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_block *body = scf_region_block(op, 0);
    if (op->num_operands < 3 || !body || !body->num_args)
        return; /* not reached: unverified IR prints in generic form */
    uint32_t num_inits = op->num_operands - 3;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_block_arg(p, body->args[0]);
    spvk_ir_print_text(p, " = ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, " to ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 1));
    spvk_ir_print_text(p, " step ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 2));
    print_initialization_list(p, body, 1, op, 3, num_inits, " iter_args");
    if (num_inits) {
        spvk_ir_print_text(p, " -> (");
        print_value_types(p, op, 3, num_inits);
        spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_text(p, " ");
    const spvk_ir_type *t = body->args[0]->type;
    if (t->dialect || t->kind != SPVK_TYPE_INDEX) {
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, t);
        spvk_ir_print_text(p, " ");
    }
    if (num_inits)
        spvk_ir_print_region(p, &op->regions[0], false, false);
    else
        spvk_ir_print_region_without_terminators(p, &op->regions[0], false, false);
    print_attrs(p, op, NULL, 0);
}

/* ---- scf.if ---- */

/* `%cond (-> (types))? region (else region)? attr-dict?` */
bool scf_if_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_operand_ref cond;
    if (!spvk_ir_parse_operand(p, &cond))
        return false;
    spvk_ir_value *c = spvk_ir_resolve_operand(p, &cond, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
    if (!c || !spvk_ir_state_add_operand(p, state, c) || !parse_optional_arrow_type_list(p, state))
        return false;
    if (!spvk_ir_parse_region(p, state, NULL, NULL, 0) || !ensure_terminator(p, state, 0, "scf.yield"))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "else")) {
        if (!spvk_ir_parse_region(p, state, NULL, NULL, 0) || !ensure_terminator(p, state, 1, "scf.yield"))
            return false;
    } else if (!spvk_ir_state_add_empty_region(p, state)) {
        return false;
    }
    return spvk_ir_parse_optional_attr_dict(p, state);
}

void scf_if_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_operands != 1 || op->num_regions != 2)
        return;
    bool terminators = op->num_results != 0;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    if (op->num_results) {
        spvk_ir_print_text(p, " -> (");
        print_result_types(p, op);
        spvk_ir_print_text(p, ")");
    }
    spvk_ir_print_text(p, " ");
    for (uint32_t i = 0; i < 2; i++) {
        if (i) {
            if (!op->regions[1].first)
                break;
            spvk_ir_print_text(p, " else ");
        }
        if (terminators)
            spvk_ir_print_region(p, &op->regions[i], false, false);
        else
            spvk_ir_print_region_without_terminators(p, &op->regions[i], false, false);
    }
    print_attrs(p, op, NULL, 0);
}

/* ---- scf.while ---- */

/* `(`(` %arg = %init, ... `)`)? `:` function-type region `do` region (attributes attr-dict)?` */
bool scf_while_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    ref_list args = {0}, inits = {0};
    if (spvk_ir_parser_at_punct(p, "(") && !parse_assignment_list(p, &args, &inits))
        return false;
    spvk_ir_parser_loc type_loc = spvk_ir_parser_current_loc(p);
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *fn = spvk_ir_parse_type(p);
    if (!fn)
        return false;
    if (fn->dialect || fn->kind != SPVK_TYPE_FUNCTION)
        return spvk_ir_parser_error(p, "invalid kind of type specified");
    uint32_t num_inputs = spvk_ir_function_num_inputs(fn);
    for (uint32_t i = 0; i < spvk_ir_function_num_results(fn); i++)
        if (!spvk_ir_state_add_result_type(p, state, fn->types[num_inputs + i]))
            return false;
    if (num_inputs != inits.count)
        return spvk_ir_parser_op_error_at(p, type_loc, "expected as many input types as operands (expected %u got %u)",
                                          inits.count, num_inputs);
    if (!resolve_all(p, state, &inits, 0, inits.count, NULL, fn->types))
        return false;
    return spvk_ir_parse_region(p, state, args.refs, fn->types, args.count) && spvk_ir_parse_keyword(p, "do") &&
           spvk_ir_parse_region(p, state, NULL, NULL, 0) && spvk_ir_parse_optional_attr_dict_with_keyword(p, state);
}

void scf_while_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_regions != 2)
        return;
    print_initialization_list(p, scf_region_block(op, 0), 0, op, 0, op->num_operands, " ");
    spvk_ir_print_text(p, " : (");
    print_value_types(p, op, 0, op->num_operands);
    spvk_ir_print_text(p, ") -> ");
    bool parens = op->num_results != 1 || op->results[0].type->kind == SPVK_TYPE_FUNCTION;
    if (parens)
        spvk_ir_print_text(p, "(");
    print_result_types(p, op);
    if (parens)
        spvk_ir_print_text(p, ")");
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], false, false);
    spvk_ir_print_text(p, " do ");
    spvk_ir_print_region(p, &op->regions[1], true, false);
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, NULL, 0);
}

/* ---- scf.execute_region ---- */

/* `(-> types)? region attr-dict?` */
bool scf_execute_region_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    return parse_optional_arrow_type_list(p, state) && spvk_ir_parse_region(p, state, NULL, NULL, 0) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

void scf_execute_region_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_regions != 1)
        return;
    print_optional_arrow_type_list(p, op);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], false, false);
    print_attrs(p, op, NULL, 0);
}

/* ---- scf.parallel ---- */

static const char *const parallel_elided[] = {"operandSegmentSizes"};

/* `(%ivs) = (%lbs) to (%ubs) step (%steps) (init (%inits))? (-> types)? region attr-dict?` */
bool scf_parallel_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_type *index = spvk_ir_index_type(ctx);
    ref_list ivs = {0}, lists = {0}, inits = {0};
    if (!parse_paren_operands(p, &ivs, -1) || !spvk_ir_parse_punct(p, "=") ||
        !parse_paren_operands(p, &lists, ivs.count) || !resolve_all(p, state, &lists, 0, ivs.count, index, NULL) ||
        !spvk_ir_parse_keyword(p, "to") || !parse_paren_operands(p, &lists, ivs.count) ||
        !resolve_all(p, state, &lists, ivs.count, ivs.count, index, NULL) || !spvk_ir_parse_keyword(p, "step") ||
        !parse_paren_operands(p, &lists, ivs.count) ||
        !resolve_all(p, state, &lists, 2 * ivs.count, ivs.count, index, NULL))
        return false;
    if (spvk_ir_parse_optional_keyword(p, "init") && !parse_paren_operands(p, &inits, -1))
        return false;
    if (!parse_optional_arrow_type_list(p, state))
        return false;
    const spvk_ir_type **iv_types = spvk_ir_parser_scratch(p, (size_t)(ivs.count ? ivs.count : 1) * sizeof *iv_types);
    if (!iv_types)
        return false;
    for (uint32_t i = 0; i < ivs.count; i++)
        iv_types[i] = index;
    if (!spvk_ir_parse_region(p, state, ivs.refs, iv_types, ivs.count))
        return false;
    int64_t sizes[4] = {ivs.count, ivs.count, ivs.count, inits.count};
    const spvk_ir_attr *segments = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, 4);
    if (!segments || !spvk_ir_state_add_attr(p, state, "operandSegmentSizes", segments) ||
        !spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    if (inits.count != state->num_results)
        return spvk_ir_parser_op_error_at(p, spvk_ir_parser_op_name_location(p),
                                          "%u operands present, but expected %u", inits.count,
                                          state->num_results);
    return resolve_all(p, state, &inits, 0, inits.count, NULL, state->result_types) &&
           ensure_terminator(p, state, 0, "scf.reduce");
}

void scf_parallel_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_block *body = scf_region_block(op, 0);
    if (!body)
        return;
    uint32_t n = body->num_args;
    if (op->num_operands < 3 * n)
        return;
    spvk_ir_print_text(p, " (");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_block_arg(p, body->args[i]);
    }
    spvk_ir_print_text(p, ") = (");
    print_values(p, op, 0, n);
    spvk_ir_print_text(p, ") to (");
    print_values(p, op, n, n);
    spvk_ir_print_text(p, ") step (");
    print_values(p, op, 2 * n, n);
    spvk_ir_print_text(p, ")");
    if (op->num_operands > 3 * n) {
        spvk_ir_print_text(p, " init (");
        print_values(p, op, 3 * n, op->num_operands - 3 * n);
        spvk_ir_print_text(p, ")");
    }
    print_optional_arrow_type_list(p, op);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], false, false);
    print_attrs(p, op, parallel_elided, 1);
}

/* ---- scf.index_switch: its format is scf.ops's; this is its custom directive ---- */

/* custom<SwitchCases>($cases, $caseRegions) of scf.index_switch: (`case` N region)* */
bool scf_parse_switch_cases(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args,
                            uint32_t num_args)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_op_state *state = spvk_ods_custom_op_state(s);
    uint32_t count = 0, capacity = 0;
    const spvk_ir_attr **cases = NULL;
    if (num_args != 2)
        return spvk_ir_parser_error(p, "internal error: custom<SwitchCases> takes $cases and $caseRegions");
    while (spvk_ir_parse_optional_keyword(p, "case")) {
        int64_t value;
        if (!spvk_ir_parse_integer(p, &value) || !spvk_ir_parse_region(p, state, NULL, NULL, 0))
            return false;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 8;
            const spvk_ir_attr **n = spvk_ir_parser_scratch(p, (size_t)capacity * sizeof *n);
            if (!n)
                return false;
            if (count)
                memcpy(n, cases, (size_t)count * sizeof *n);
            cases = n;
        }
        if (!(cases[count++] = spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS), value)))
            return false;
    }
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_DENSE_ARRAY;
    d.type = spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS);
    d.attrs = cases;
    d.num_attrs = count;
    const spvk_ir_attr *cases_attr = spvk_ir_attr_get(ctx, &d);
    return cases_attr && spvk_ods_custom_set_attr(s, &args[0], cases_attr);
}

/* Each case on its own line, its region's entry arguments left out (MLIR's printSwitchCases). */
void scf_print_switch_cases(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s,
                            const spvk_ods_element *args, uint32_t num_args)
{
    const spvk_ir_attr *cases = num_args == 2 ? spvk_ods_custom_attr(s, &args[0]) : NULL;
    if (!cases || cases->kind != SPVK_ATTR_DENSE_ARRAY)
        return;
    for (uint32_t i = 0; i < cases->num_attrs && i + 1 < op->num_regions; i++) {
        spvk_ir_print_newline(p);
        spvk_ir_print_text(p, "case ");
        spvk_ir_print_int(p, cases->attrs[i]->value);
        spvk_ir_print_text(p, " ");
        spvk_ir_print_region(p, &op->regions[i + 1], false, false);
    }
}
