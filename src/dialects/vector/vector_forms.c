/* The vector ops' hand-written forms (MLIR's C++ parsers and printers of transfer_read and
   transfer_write) and the type inference of shuffle and from_elements, as MLIR 19 has them. */
#include <string.h>

#include "vector_internal.h"

/* `[` (ssa-use (`,` ssa-use)*)? `]` */
static bool parse_index_list(spvk_ir_parser *p, spvk_ir_operand_ref *refs, uint32_t *count)
{
    *count = 0;
    if (!spvk_ir_parse_punct(p, "["))
        return false;
    if (spvk_ir_parse_optional_punct(p, "]"))
        return true;
    do {
        if (*count == VECTOR_MAX_RANK)
            return spvk_ir_parser_error(p, "more than %d indices", VECTOR_MAX_RANK);
        if (!spvk_ir_parse_operand(p, &refs[(*count)++]))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    return spvk_ir_parse_punct(p, "]");
}

/* `:` type (`,` type)*: exactly two wanted, as MLIR's parseColonTypeList then a count check. */
static bool parse_two_types(spvk_ir_parser *p, const spvk_ir_type **a, const spvk_ir_type **b,
                            spvk_ir_parser_loc *types_loc)
{
    *types_loc = spvk_ir_parser_current_loc(p);
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    const spvk_ir_type *t[3] = {NULL, NULL, NULL};
    uint32_t n = 0;
    do {
        const spvk_ir_type *x = spvk_ir_parse_type(p);
        if (!x)
            return false;
        if (n < 3)
            t[n] = x;
        n++;
    } while (spvk_ir_parse_optional_punct(p, ","));
    if (n != 2)
        return spvk_ir_parser_op_error_at(p, *types_loc, "requires two types");
    *a = t[0];
    *b = t[1];
    return true;
}

/* The permutation_map and in_bounds a transfer op's text leaves out: the minor identity of the
   shaped type (for a vector element type, the dimensions the element's rank does not cover) and
   all false. The map read back for the mask type. */
static bool transfer_defaults(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_type *shaped,
                              const spvk_ir_type *vector, vector_map *map)
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *pm = spvk_ir_state_get_attr(p, state, "permutation_map");
    if (!pm) {
        const spvk_ir_type *elem = vector_shaped_element(shaped);
        uint32_t vrank = vector_rank(vector), erank = vector_rank(elem);
        uint32_t results = erank <= vrank ? vrank - erank : 0;
        uint32_t dims = vector_shaped_rank(shaped);
        if (results > dims)
            results = dims; /* not a valid transfer: the verifier says why */
        pm = vector_minor_identity_map(ctx, dims, results);
        if (!pm || !spvk_ir_state_add_attr(p, state, "permutation_map", pm))
            return false;
    }
    if (!vector_map_read(pm, map))
        memset(map, 0, sizeof *map);
    if (!spvk_ir_state_has_attr(p, state, "in_bounds")) {
        const spvk_ir_attr *f = spvk_ir_bool_attr(ctx, false);
        const spvk_ir_attr *items[VECTOR_MAX_RANK];
        for (uint32_t i = 0; i < map->num_results; i++)
            items[i] = f;
        const spvk_ir_attr *ib = spvk_ir_array_attr(ctx, items, map->num_results);
        if (!ib || !spvk_ir_state_add_attr(p, state, "in_bounds", ib))
            return false;
    }
    return true;
}

static bool add_segments(spvk_ir_parser *p, spvk_ir_op_state *state, const int64_t sizes[4])
{
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    const spvk_ir_attr *a =
        spvk_ir_dense_int_array_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), sizes, 4);
    return a && spvk_ir_state_add_attr(p, state, "operandSegmentSizes", a);
}

/* The mask operand's type: inferred from the vector type and the map (MLIR keeps it out of the
   text). A source of vector elements takes no mask. */
static bool resolve_mask(spvk_ir_parser *p, spvk_ir_op_state *state, const char *op_name,
                         const spvk_ir_operand_ref *mask, const spvk_ir_type *shaped, const spvk_ir_type *vector,
                         const vector_map *map)
{
    if (vector_is_vector(vector_shaped_element(shaped)))
        return spvk_ir_parser_error_at_operand(p, mask, "custom op '%s' does not support masks with vector element type",
                                               op_name);
    const spvk_ir_type *mt = vector_transfer_mask_type(spvk_ir_parser_context(p), vector, map);
    if (!mt)
        mt = spvk_ir_integer_type(spvk_ir_parser_context(p), 1, SPVK_INT_SIGNLESS); /* the verifier reports the map */
    spvk_ir_value *v = spvk_ir_resolve_operand(p, mask, mt);
    return v && spvk_ir_state_add_operand(p, state, v);
}

static bool resolve_indices(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *refs, uint32_t n)
{
    const spvk_ir_type *index = spvk_ir_index_type(spvk_ir_parser_context(p));
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs[i], index);
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    return true;
}

/* vector.transfer_read %source[%i, ...], %padding (, %mask)? attr-dict : shaped-type, vector-type */
bool vector_transfer_read_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref source, padding, mask, indices[VECTOR_MAX_RANK];
    uint32_t n;
    bool has_mask;
    if (!spvk_ir_parse_operand(p, &source) || !parse_index_list(p, indices, &n) || !spvk_ir_parse_punct(p, ",") ||
        !spvk_ir_parse_operand(p, &padding))
        return false;
    has_mask = spvk_ir_parse_optional_punct(p, ",");
    if (has_mask && !spvk_ir_parse_operand(p, &mask))
        return false;
    if (!spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    const spvk_ir_type *shaped, *vector;
    spvk_ir_parser_loc types_loc;
    if (!parse_two_types(p, &shaped, &vector, &types_loc))
        return false;
    if (!vector_is_ranked_shaped(shaped))
        return spvk_ir_parser_op_error_at(p, types_loc, "requires memref or ranked tensor type");
    if (!vector_is_vector(vector))
        return spvk_ir_parser_op_error_at(p, types_loc, "requires vector type");
    vector_map map;
    if (!transfer_defaults(p, state, shaped, vector, &map))
        return false;
    spvk_ir_value *s = spvk_ir_resolve_operand(p, &source, shaped);
    if (!s || !spvk_ir_state_add_operand(p, state, s) || !resolve_indices(p, state, indices, n))
        return false;
    spvk_ir_value *pad = spvk_ir_resolve_operand(p, &padding, vector_shaped_element(shaped));
    if (!pad || !spvk_ir_state_add_operand(p, state, pad))
        return false;
    if (has_mask && !resolve_mask(p, state, "vector.transfer_read", &mask, shaped, vector, &map))
        return false;
    int64_t sizes[4] = {1, n, 1, has_mask};
    return add_segments(p, state, sizes) && spvk_ir_state_add_result_type(p, state, vector);
}

/* vector.transfer_write %vector, %source[%i, ...] (, %mask)? attr-dict : vector-type, shaped-type */
bool vector_transfer_write_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref value, source, mask, indices[VECTOR_MAX_RANK];
    uint32_t n;
    bool has_mask;
    if (!spvk_ir_parse_operand(p, &value) || !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &source) ||
        !parse_index_list(p, indices, &n))
        return false;
    has_mask = spvk_ir_parse_optional_punct(p, ",");
    if (has_mask && !spvk_ir_parse_operand(p, &mask))
        return false;
    if (!spvk_ir_parse_optional_attr_dict(p, state))
        return false;
    const spvk_ir_type *shaped, *vector;
    spvk_ir_parser_loc types_loc;
    if (!parse_two_types(p, &vector, &shaped, &types_loc))
        return false;
    if (!vector_is_vector(vector))
        return spvk_ir_parser_op_error_at(p, types_loc, "requires vector type");
    if (!vector_is_ranked_shaped(shaped))
        return spvk_ir_parser_op_error_at(p, types_loc, "requires memref or ranked tensor type");
    vector_map map;
    if (!transfer_defaults(p, state, shaped, vector, &map))
        return false;
    spvk_ir_value *v = spvk_ir_resolve_operand(p, &value, vector);
    spvk_ir_value *s = v ? spvk_ir_resolve_operand(p, &source, shaped) : NULL;
    if (!s || !spvk_ir_state_add_operand(p, state, v) || !spvk_ir_state_add_operand(p, state, s) ||
        !resolve_indices(p, state, indices, n))
        return false;
    if (has_mask && !resolve_mask(p, state, "vector.transfer_write", &mask, shaped, vector, &map))
        return false;
    int64_t sizes[4] = {1, 1, n, has_mask};
    if (!add_segments(p, state, sizes))
        return false;
    return shaped->kind != SPVK_TYPE_TENSOR || spvk_ir_state_add_result_type(p, state, shaped);
}

/* permutation_map left out when it is the minor identity, in_bounds when all false (MLIR's
   printTransferAttrs), operandSegmentSizes always. */
static void print_transfer_attrs(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const char *elided[3] = {"operandSegmentSizes", NULL, NULL};
    uint32_t n = 1;
    vector_map map;
    if (vector_map_read(spvk_ir_op_attr(op, "permutation_map"), &map) && vector_map_is_minor_identity(&map))
        elided[n++] = "permutation_map";
    const spvk_ir_attr *ib = spvk_ir_op_attr(op, "in_bounds");
    bool all_false = true;
    for (uint32_t i = 0; ib && ib->kind == SPVK_ATTR_ARRAY && i < ib->num_attrs; i++)
        all_false = all_false && !(ib->attrs[i] && ib->attrs[i]->kind == SPVK_ATTR_BOOL && ib->attrs[i]->value);
    if (all_false)
        elided[n++] = "in_bounds";
    spvk_ir_print_attr_dict(p, op->attrs, elided, n);
}

/* Operand group `g` of 4 per operandSegmentSizes (false when it does not fit). */
static bool segment(const spvk_ir_op *op, uint32_t g, uint32_t *first, uint32_t *count)
{
    return memref_segment(op, g, first, count);
}

static void print_indices(spvk_ir_printer *p, const spvk_ir_op *op, uint32_t first, uint32_t count)
{
    spvk_ir_print_text(p, "[");
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[first + i].value);
    }
    spvk_ir_print_text(p, "]");
}

void vector_transfer_read_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    uint32_t f[4], c[4];
    for (uint32_t g = 0; g < 4; g++)
        if (!segment(op, g, &f[g], &c[g]))
            return;
    if (c[0] != 1 || c[2] != 1 || op->num_results != 1)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, op->operands[f[0]].value);
    print_indices(p, op, f[1], c[1]);
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_value(p, op->operands[f[2]].value);
    if (c[3]) {
        spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[f[3]].value);
    }
    print_transfer_attrs(p, op);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->operands[f[0]].value->type);
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

void vector_transfer_write_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    uint32_t f[4], c[4];
    for (uint32_t g = 0; g < 4; g++)
        if (!segment(op, g, &f[g], &c[g]))
            return;
    if (c[0] != 1 || c[1] != 1)
        return;
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, op->operands[f[0]].value);
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_value(p, op->operands[f[1]].value);
    print_indices(p, op, f[2], c[2]);
    if (c[3]) {
        spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[f[3]].value);
    }
    print_transfer_attrs(p, op);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->operands[f[0]].value->type);
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_type_to(p, op->operands[f[1]].value->type);
}

/* ---- Type inference ---- */

/* MLIR's ShuffleOp::inferReturnTypes: the leading dimension is the mask's length (at least 1),
   the trailing ones v1's. */
void vector_shuffle_infer(spvk_ods_infer *in)
{
    if (in->num_results != 1 || in->result_types[0] || in->num_operands < 1)
        return;
    const spvk_ir_type *v1 = in->operand_types[0];
    const spvk_ir_attr *mask = in->attrs[0];
    if (!vector_is_vector(v1) || !mask || mask->kind != SPVK_ATTR_ARRAY)
        return;
    uint32_t rank = vector_rank(v1);
    int64_t shape[VECTOR_MAX_RANK];
    if (rank > VECTOR_MAX_RANK)
        return;
    shape[0] = mask->num_attrs ? mask->num_attrs : 1;
    for (uint32_t i = 1; i < rank; i++)
        shape[i] = v1->ints[i];
    in->result_types[0] = vector_type(in->ctx, shape, rank ? rank : 1, 0, vector_element(v1));
}

/* vector.from_elements %a, %b, ... attr-dict : vector-type: one element per vector element, of
   its element type ("2 operands present, but expected 3" at the first operand otherwise). */
bool vector_from_elements_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    spvk_ir_operand_ref *refs = NULL, first;
    uint32_t n = 0, cap = 0;
    spvk_ir_parser_position(p, &first);
    spvk_ir_operand_ref r;
    if (spvk_ir_parse_optional_operand(p, &r)) {
        first = r;
        do {
            if (n && !spvk_ir_parse_operand(p, &r))
                return false;
            if (n == cap) {
                uint32_t ncap = cap ? 2 * cap : 16;
                spvk_ir_operand_ref *grown = spvk_ir_parser_scratch(p, (size_t)ncap * sizeof *grown);
                if (!grown)
                    return false;
                if (n)
                    memcpy(grown, refs, (size_t)n * sizeof *refs);
                refs = grown;
                cap = ncap;
            }
            refs[n++] = r;
        } while (spvk_ir_parse_optional_punct(p, ","));
    }
    if (!spvk_ir_parse_optional_attr_dict(p, state) || !spvk_ir_parse_punct(p, ":"))
        return false;
    spvk_ir_parser_loc type_loc = spvk_ir_parser_current_loc(p);
    const spvk_ir_type *t = spvk_ir_parse_type(p);
    if (!t)
        return false;
    if (!vector_is_vector(t))
        return spvk_ir_parser_op_error_at(p, type_loc, "invalid kind of type specified");
    int64_t expected = vector_num_elements(t);
    if ((int64_t)n != expected)
        return spvk_ir_parser_error_at_operand(p, &first, "custom op 'vector.from_elements' %u operands present, but expected %lld", n,
                                               (long long)expected);
    for (uint32_t i = 0; i < n; i++) {
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs[i], vector_element(t));
        if (!v || !spvk_ir_state_add_operand(p, state, v))
            return false;
    }
    return spvk_ir_state_add_result_type(p, state, t);
}

void vector_from_elements_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    if (op->num_results != 1)
        return;
    spvk_ir_print_text(p, " ");
    for (uint32_t i = 0; i < op->num_operands; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_value(p, op->operands[i].value);
    }
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

/* ---- Memory effects ---- */

static bool source_is_memref(const spvk_ir_op *op, uint32_t index)
{
    const spvk_ir_type *t = index < op->num_operands ? op->operands[index].value->type : NULL;
    return t && !t->dialect && t->kind == SPVK_TYPE_MEMREF;
}

uint8_t vector_transfer_read_effects(const spvk_ir_op *op)
{
    return SPVK_EFFECT_KNOWN | (source_is_memref(op, 0) ? SPVK_EFFECT_READ : 0);
}

uint8_t vector_transfer_write_effects(const spvk_ir_op *op)
{
    return SPVK_EFFECT_KNOWN | (source_is_memref(op, 1) ? SPVK_EFFECT_WRITE : 0);
}
