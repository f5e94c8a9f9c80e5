/* The cf dialect (MLIR's unstructured control flow): cf.br, cf.cond_br, cf.switch, cf.assert,
   with MLIR 19's forms. Branches tell the IR which operands go to which successor (the branch
   interface), through operandSegmentSizes where there are several lists. */
#include <stdio.h>
#include <string.h>

#include "spvkit/dialects.h"
#include "spvkit/ir.h"
#include "spvkit/ir_asm.h"
#include "spvkit/rewrite.h"

static const spvk_ir_dialect cf_dialect;

/* ---- Helpers ---- */

/* operandSegmentSizes[i], or -1 when the op has no such attribute. */
static int64_t cf_segment(const spvk_ir_op *op, const char *name, uint32_t i)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    if (!a || a->dialect || a->kind != SPVK_ATTR_DENSE_ARRAY || i >= a->num_attrs)
        return -1;
    return a->attrs[i]->value;
}

/* `^bb (`(` %v, ... `:` types `)`)?` with the operands added to the state; *count how many. */
static bool parse_successor_and_operands(spvk_ir_parser *p, spvk_ir_op_state *state, uint32_t *count)
{
    spvk_ir_block *dest;
    *count = 0;
    if (!spvk_ir_parse_successor(p, &dest) || !spvk_ir_state_add_successor(p, state, dest))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "("))
        return true;
    spvk_ir_operand_ref refs[16];
    spvk_ir_operand_ref *r = refs;
    uint32_t n = 0, cap = 16;
    do {
        if (n == cap) {
            spvk_ir_operand_ref *m = spvk_ir_parser_scratch(p, (size_t)cap * 2 * sizeof *m);
            if (!m)
                return false;
            memcpy(m, r, (size_t)n * sizeof *m);
            r = m;
            cap *= 2;
        }
        if (!spvk_ir_parse_operand(p, &r[n++]))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        if (i && !spvk_ir_parse_punct(p, ","))
            return false;
        const spvk_ir_type *t = spvk_ir_parse_type(p);
        spvk_ir_value *v = t ? spvk_ir_resolve_operand(p, &r[i], t) : NULL;
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    *count = n;
    return spvk_ir_parse_punct(p, ")");
}

/* ---- cf.br: `$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict` ---- */

static bool br_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    uint32_t n;
    return parse_successor_and_operands(p, state, &n) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void br_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_successors != 1)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_successor_with_operands(p, op->successors[0], op, 0, op->num_operands);
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
}

static void br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    *first = 0;
    *count = successor == 0 ? op->num_operands : 0;
}

/* ---- cf.cond_br ---- */

static const char *const segments_name[] = {"operandSegmentSizes"};

/* `$condition `,` $trueDest (...)? `,` $falseDest (...)? attr-dict` */
static bool cond_br_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_operand_ref c;
    if (!spvk_ir_parse_operand(p, &c))
        return false;
    spvk_ir_value *cond = spvk_ir_resolve_operand(p, &c, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
    uint32_t t, f;
    if (!cond || !spvk_ir_state_add_operand(p, state, cond) || !spvk_ir_parse_punct(p, ",") ||
        !parse_successor_and_operands(p, state, &t) || !spvk_ir_parse_punct(p, ",") ||
        !parse_successor_and_operands(p, state, &f))
        return false;
    int64_t sizes[3] = {1, t, f};
    const spvk_ir_attr *seg = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, 3);
    return seg && spvk_ir_state_add_attr(p, state, segments_name[0], seg) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void cond_br_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    int64_t t = cf_segment(op, segments_name[0], 1), f = cf_segment(op, segments_name[0], 2);
    if (op->num_successors != 2 || t < 0 || f < 0 || (uint64_t)(1 + t + f) != op->num_operands)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_successor_with_operands(p, op->successors[0], op, 1, (uint32_t)t);
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_successor_with_operands(p, op->successors[1], op, (uint32_t)(1 + t), (uint32_t)f);
    spvk_ir_print_attr_dict(p, op->attrs, segments_name, 1);
}

static void cond_br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    int64_t t = cf_segment(op, segments_name[0], 1), f = cf_segment(op, segments_name[0], 2);
    *first = 0;
    *count = 0;
    if (t < 0 || f < 0 || successor > 1)
        return;
    *first = successor == 0 ? 1 : (uint32_t)(1 + t);
    *count = (uint32_t)(successor == 0 ? t : f);
}

/* cf.cond_br on a constant becomes a cf.br to the side taken (MLIR's SimplifyConstCondBranchPred). */
static bool cond_br_constant(const spvk_pattern *pattern, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)pattern;
    const spvk_ir_attr *c = op->num_operands ? spvk_ir_value_constant(spvk_ir_operand(op, 0)) : NULL;
    if (!c || c->dialect || (c->kind != SPVK_ATTR_BOOL && c->kind != SPVK_ATTR_INTEGER) || op->num_successors != 2)
        return false;
    uint32_t taken = c->value ? 0 : 1, first, count;
    cond_br_successor_operands(op, taken, &first, &count);
    spvk_ir_value *small[8];
    spvk_ir_value **values = small;
    if (count > 8 && !(values = spvk_ir_alloc(rw->ctx, (size_t)count * sizeof *values)))
        return false;
    for (uint32_t i = 0; i < count; i++)
        values[i] = spvk_ir_operand(op, first + i);
    spvk_ir_op_state s = {0};
    s.name = "cf.br";
    s.name_length = 5;
    s.operands = values;
    s.num_operands = count;
    s.successors = &op->successors[taken];
    s.num_successors = 1;
    s.loc = op->loc;
    spvk_ir_builder_before(&rw->b, op);
    if (!spvk_rewriter_create(rw, &s))
        return false;
    spvk_rewriter_erase_op(rw, op);
    return true;
}

static bool cf_cond_br_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "cf.cond_br", .benefit = 1, .match_and_rewrite = cond_br_constant,
                      .debug_name = "SimplifyConstCondBranchPred"};
    return spvk_pattern_set_add(set, &p);
}

static bool segments_verify(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t groups)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, segments_name[0]);
    if (!a || a->dialect || a->kind != SPVK_ATTR_DENSE_ARRAY)
        return spvk_ir_op_error(v, op, "requires attribute 'operandSegmentSizes'");
    if (a->num_attrs != groups)
        return spvk_ir_op_error(v, op, "'operandSegmentSizes' attribute for specifying operand segments must have %u "
                                       "elements, but got %u",
                                groups, a->num_attrs);
    int64_t sum = 0;
    for (uint32_t i = 0; i < groups; i++) {
        if (a->attrs[i]->value < 0)
            return spvk_ir_op_error(v, op, "'operandSegmentSizes' attribute cannot have negative elements");
        sum += a->attrs[i]->value;
    }
    if (sum != op->num_operands)
        return spvk_ir_op_error(v, op, "operand count (%u) does not match with the total size (%lld) specified in "
                                       "attribute 'operandSegmentSizes'",
                                op->num_operands, (long long)sum);
    return true;
}

static bool cond_br_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    return segments_verify(v, op, 3);
}

/* ---- cf.switch ---- */

static const char *const switch_elided[] = {"case_operand_segments", "case_values", "operandSegmentSizes"};

/* The case values of a switch: a dense vector of the flag's type, or none. */
static const spvk_ir_attr *switch_cases(const spvk_ir_op *op)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "case_values");
    return a && !a->dialect && a->kind == SPVK_ATTR_DENSE ? a : NULL;
}

static uint32_t switch_num_cases(const spvk_ir_attr *cases)
{
    if (!cases || !cases->type || cases->type->num_ints != 1)
        return 0;
    return (uint32_t)cases->type->ints[0];
}

static int64_t switch_case_value(const spvk_ir_attr *cases, uint32_t i)
{
    if (cases->flags & SPVK_DENSE_SPLAT)
        return cases->num_attrs ? cases->attrs[0]->value : 0;
    return i < cases->num_attrs ? cases->attrs[i]->value : 0;
}

/* `$flag `:` type($flag) `,` `[` `\n` custom<SwitchOpCases>(...) `]` attr-dict`, the cases
   being `default: ^bb(...)` then `, N: ^bb(...)` for each. */
static bool switch_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_operand_ref f;
    if (!spvk_ir_parse_operand(p, &f) || !spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *flag_type = spvk_ir_parse_type(p);
    spvk_ir_value *flag = flag_type ? spvk_ir_resolve_operand(p, &f, flag_type) : NULL;
    uint32_t num_default;
    if (!flag || !spvk_ir_state_add_operand(p, state, flag) || !spvk_ir_parse_punct(p, ",") ||
        !spvk_ir_parse_punct(p, "[") || !spvk_ir_parse_keyword(p, "default") || !spvk_ir_parse_punct(p, ":") ||
        !parse_successor_and_operands(p, state, &num_default))
        return false;
    uint32_t count = 0, cap = 0, total = 0;
    int64_t *segments = NULL;
    const spvk_ir_attr **values = NULL;
    while (spvk_ir_parse_optional_punct(p, ",")) {
        int64_t value;
        uint32_t n;
        if (!spvk_ir_parse_integer(p, &value) || !spvk_ir_parse_punct(p, ":") ||
            !parse_successor_and_operands(p, state, &n))
            return false;
        if (count == cap) {
            cap = cap ? cap * 2 : 8;
            int64_t *s2 = spvk_ir_parser_scratch(p, (size_t)cap * sizeof *s2);
            const spvk_ir_attr **v2 = spvk_ir_parser_scratch(p, (size_t)cap * sizeof *v2);
            if (!s2 || !v2)
                return false;
            if (count) {
                memcpy(s2, segments, (size_t)count * sizeof *s2);
                memcpy(v2, values, (size_t)count * sizeof *v2);
            }
            segments = s2;
            values = v2;
        }
        segments[count] = n;
        if (!(values[count] = spvk_ir_integer_attr(ctx, flag_type, value)))
            return false;
        count++;
        total += n;
    }
    if (!spvk_ir_parse_punct(p, "]"))
        return false;
    if (count) {
        int64_t shape = count;
        spvk_ir_attr_desc d = {0};
        d.kind = SPVK_ATTR_DENSE;
        d.type = spvk_ir_vector_type(ctx, &shape, 1, flag_type);
        d.attrs = values;
        d.num_attrs = count;
        const spvk_ir_attr *cases = d.type ? spvk_ir_attr_get(ctx, &d) : NULL;
        if (!cases || !spvk_ir_state_add_attr(p, state, "case_values", cases))
            return false;
    }
    int64_t sizes[3] = {1, num_default, total};
    const spvk_ir_attr *seg = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, 3);
    const spvk_ir_attr *case_seg = spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), segments, count);
    return seg && case_seg && spvk_ir_state_add_attr(p, state, "case_operand_segments", case_seg) &&
           spvk_ir_state_add_attr(p, state, segments_name[0], seg) && spvk_ir_parse_optional_attr_dict(p, state);
}

static void switch_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_attr *cases = switch_cases(op), *case_seg = spvk_ir_op_attr(op, "case_operand_segments");
    int64_t num_default = cf_segment(op, segments_name[0], 1);
    uint32_t n = switch_num_cases(cases);
    if (!op->num_operands || num_default < 0 || op->num_successors != n + 1 || !case_seg ||
        case_seg->kind != SPVK_ATTR_DENSE_ARRAY || case_seg->num_attrs != n)
        return;
    const spvk_ir_type *flag_type = spvk_ir_operand(op, 0)->type;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, flag_type);
    spvk_ir_print_text(p, ", [");
    spvk_ir_print_newline(p);
    spvk_ir_print_text(p, "  default: ");
    spvk_ir_print_successor_with_operands(p, op->successors[0], op, 1, (uint32_t)num_default);
    uint32_t first = (uint32_t)(1 + num_default);
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_print_text(p, ",");
        spvk_ir_print_newline(p);
        /* MLIR prints the value's bits as an unsigned number (getLimitedValue). */
        uint64_t bits = (uint64_t)switch_case_value(cases, i);
        uint32_t w = flag_type->width;
        if (w && w < 64)
            bits &= ((uint64_t)1 << w) - 1;
        spvk_ir_print_format(p, "  %llu: ", (unsigned long long)bits);
        uint32_t k = (uint32_t)case_seg->attrs[i]->value;
        spvk_ir_print_successor_with_operands(p, op->successors[i + 1], op, first, k);
        first += k;
    }
    if (n)
        spvk_ir_print_newline(p);
    spvk_ir_print_text(p, "]");
    spvk_ir_print_attr_dict(p, op->attrs, switch_elided, 3);
}

static void switch_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    int64_t num_default = cf_segment(op, segments_name[0], 1);
    const spvk_ir_attr *case_seg = spvk_ir_op_attr(op, "case_operand_segments");
    *first = 0;
    *count = 0;
    if (num_default < 0)
        return;
    if (successor == 0) {
        *first = 1;
        *count = (uint32_t)num_default;
        return;
    }
    if (!case_seg || case_seg->kind != SPVK_ATTR_DENSE_ARRAY || successor > case_seg->num_attrs)
        return;
    uint32_t at = (uint32_t)(1 + num_default);
    for (uint32_t i = 0; i + 1 < successor; i++)
        at += (uint32_t)case_seg->attrs[i]->value;
    *first = at;
    *count = (uint32_t)case_seg->attrs[successor - 1]->value;
}

static bool switch_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (!segments_verify(v, op, 3))
        return false;
    const spvk_ir_attr *cases = spvk_ir_op_attr(op, "case_values");
    uint32_t num_dest = op->num_successors ? op->num_successors - 1 : 0;
    if (!cases) {
        if (num_dest)
            return spvk_ir_op_error(v, op, "number of case values (0) should match number of case destinations (%u)",
                                    num_dest);
        return true;
    }
    uint32_t n = switch_num_cases(cases);
    const spvk_ir_type *flag_type = op->num_operands ? spvk_ir_operand(op, 0)->type : NULL;
    const spvk_ir_type *value_type = cases->type && cases->type->num_types ? cases->type->types[0] : NULL;
    if (flag_type && value_type && flag_type != value_type) {
        spvk_ir_context *ctx = spvk_ir_verifier_context(v);
        char *a = spvk_ir_print_type(ctx, flag_type), *b = spvk_ir_print_type(ctx, value_type);
        spvk_ir_op_error(v, op, "'flag' type ('%s') should match case value type ('%s')", a ? a : "?", b ? b : "?");
        const spvk_allocator *al = spvk_ir_context_allocator(ctx);
        if (a)
            spvk_free(al, a, strlen(a) + 1);
        if (b)
            spvk_free(al, b, strlen(b) + 1);
        return false;
    }
    if (n != num_dest)
        return spvk_ir_op_error(v, op, "number of case values (%u) should match number of case destinations (%u)", n,
                                num_dest);
    return true;
}

/* ---- cf.assert: `$arg `,` $msg attr-dict` ---- */

static const char *const msg_elided[] = {"msg"};

static bool assert_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    spvk_ir_operand_ref c;
    const char *msg;
    size_t length;
    if (!spvk_ir_parse_operand(p, &c) || !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_string(p, &msg, &length))
        return false;
    spvk_ir_value *cond = spvk_ir_resolve_operand(p, &c, spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS));
    const spvk_ir_attr *m = spvk_ir_string_attr(ctx, msg, length);
    return cond && m && spvk_ir_state_add_operand(p, state, cond) && spvk_ir_state_add_attr(p, state, "msg", m) &&
           spvk_ir_parse_optional_attr_dict(p, state);
}

static void assert_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_attr *m = spvk_ir_op_attr(op, "msg");
    if (op->num_operands != 1 || !m || m->kind != SPVK_ATTR_STRING)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_string_literal(p, m->string ? m->string : "", m->length);
    spvk_ir_print_attr_dict(p, op->attrs, msg_elided, 1);
}

/* ---- Registration ---- */

static const char *const cond_br_inherent[] = {"operandSegmentSizes"};
static const char *const switch_inherent[] = {"case_operand_segments", "case_values", "operandSegmentSizes"};
static const char *const assert_inherent[] = {"msg"};

#define BRANCH (SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_NO_SIDE_EFFECTS | SPVK_TRAIT_BRANCH)

/* Until the op table (cf.ops) is generated: the same ops, written out. */
static const spvk_ir_op_def cf_op_defs[] = {
    {.name = "cf.assert", .dialect = &cf_dialect, .parse = assert_parse, .print = assert_print,
     .effects = SPVK_EFFECT_KNOWN | SPVK_EFFECT_WRITE, .inherent_attrs = assert_inherent, .num_inherent_attrs = 1},
    {.name = "cf.br", .dialect = &cf_dialect, .traits = BRANCH, .parse = br_parse, .print = br_print,
     .successor_operands = br_successor_operands},
    {.name = "cf.cond_br", .dialect = &cf_dialect, .traits = BRANCH | SPVK_TRAIT_ATTR_SIZED_OPERANDS,
     .verify = cond_br_verify, .parse = cond_br_parse, .print = cond_br_print,
     .successor_operands = cond_br_successor_operands, .inherent_attrs = cond_br_inherent, .num_inherent_attrs = 1,
     .canonicalization_patterns = cf_cond_br_patterns},
    {.name = "cf.switch", .dialect = &cf_dialect, .traits = BRANCH | SPVK_TRAIT_ATTR_SIZED_OPERANDS,
     .verify = switch_verify, .parse = switch_parse, .print = switch_print,
     .successor_operands = switch_successor_operands, .inherent_attrs = switch_inherent, .num_inherent_attrs = 3},
};

static bool cf_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof cf_op_defs / sizeof cf_op_defs[0]; i++)
        if (!spvk_ir_register_op(ctx, &cf_op_defs[i]))
            return false;
    return true;
}

static const spvk_ir_dialect cf_dialect = {
    .name = "cf",
    .register_ops = cf_register_ops,
};

const spvk_ir_dialect *spvk_cf_dialect(void) { return &cf_dialect; }
