/* The cf dialect (MLIR's unstructured control flow): cf.br, cf.cond_br, cf.switch, cf.assert.
   The ops are described in cf.ops (generated into cf_ops.c); here are their hooks: which operands
   go to which successor (the branch interface, through operandSegmentSizes where there are
   several lists), cf.switch's form and checks. The canonicalization patterns are cf_canonicalize.c's. */
#include <stdio.h>
#include <string.h>

#include "cf_internal.h"
#include "spvkit/dialects.h"

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

void cf_br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    *first = 0;
    *count = successor == 0 ? op->num_operands : 0;
}

/* ---- cf.cond_br ---- */

static const char *const segments_name[] = {"operandSegmentSizes"};

void cf_cond_br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    int64_t t = cf_segment(op, segments_name[0], 1), f = cf_segment(op, segments_name[0], 2);
    *first = 0;
    *count = 0;
    if (t < 0 || f < 0 || successor > 1)
        return;
    *first = successor == 0 ? 1 : (uint32_t)(1 + t);
    *count = (uint32_t)(successor == 0 ? t : f);
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
bool cf_switch_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
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
        /* Equal values make a splat, as MLIR's DenseElementsAttr has it (`dense<1>`). */
        bool splat = true;
        for (uint32_t i = 1; i < count && splat; i++)
            splat = values[i] == values[0];
        if (splat) {
            d.flags = SPVK_DENSE_SPLAT;
            d.num_attrs = 1;
        }
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

void cf_switch_print(spvk_ir_printer *p, const spvk_ir_op *op)
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

void cf_switch_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
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

/* What MLIR's verifier adds to the ODS checks (the table's): the VariadicOfVariadic caseOperands
   against case_operand_segments, then SwitchOp::verify. */
bool cf_switch_verify(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_attr *case_seg = spvk_ir_op_attr(op, "case_operand_segments");
    int64_t num_case_operands = cf_segment(op, segments_name[0], 2), sum = 0;
    if (case_seg && case_seg->kind == SPVK_ATTR_DENSE_ARRAY && num_case_operands >= 0) {
        for (uint32_t i = 0; i < case_seg->num_attrs; i++)
            sum += case_seg->attrs[i]->value;
        if (sum != num_case_operands)
            return spvk_ir_op_error(v, op,
                                    "caseOperands count (%lld) does not match with the total size (%lld) specified in "
                                    "attribute 'case_operand_segments'",
                                    (long long)num_case_operands, (long long)sum);
    }
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

bool cf_is_int_elements_attr(const spvk_ir_attr *a)
{
    return a && !a->dialect && a->kind == SPVK_ATTR_DENSE && a->type && a->type->num_types &&
           spvk_ods_is_integer(a->type->types[0]);
}

/* ---- Registration ---- */

static bool cf_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_cf_ods);
}

static const spvk_ir_dialect cf_dialect = {
    .name = "cf",
    .register_ops = cf_register_ops,
};

const spvk_ir_dialect *spvk_cf_dialect(void) { return &cf_dialect; }

/* The default destination's operands are a segment of operandSegmentSizes; case i's are also
   entry i of case_operand_segments. */
bool cf_switch_erase_successor_operand(spvk_ir_context *ctx, spvk_ir_op *op, uint32_t successor, uint32_t k)
{
    uint32_t first, count;
    cf_switch_successor_operands(op, successor, &first, &count);
    if (k >= count || !spvk_ir_op_erase_operand(ctx, op, first + k))
        return false;
    return successor == 0 || spvk_ir_op_shrink_segment(ctx, op, "case_operand_segments", successor - 1);
}
