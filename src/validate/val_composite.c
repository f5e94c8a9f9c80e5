/* Composite instructions (SPIR-V 3.3.12): vector component access, shuffles, construction,
   extraction and insertion by a walk through the type with literal indexes, copies and
   transposes, with the operand and Result Type types each instruction's entry states. A
   cooperative matrix is constructed from one scalar (SPV_KHR_cooperative_matrix) and indexed
   like a vector of unknown length. */
#include <stdio.h>

#include "val_types.h"

#define RULE_COMPOSITE "SPIR-V 3.3.12"

typedef val_inst_check ctx;

static void int_scalar(ctx *c, uint32_t n, const char *what)
{
    uint32_t id = val_inst_operand(c, n);
    if (val_def(c->v, id) && !val_is_int_type(c->v, val_type_of(c->v, id)))
        val_inst_operand_error(c, what, id, val_type_of(c->v, id), "a scalar integer");
}

static const val_inst *vector_def(const val_state *v, uint32_t type_id)
{
    const val_inst *d = val_def(v, type_id);
    return d && d->opcode == SPVK_OP_TypeVector && d->num_words >= 4 ? d : NULL;
}

static void extract_dynamic(ctx *c)
{
    if (!val_inst_ready(c, 2))
        return;
    uint16_t r = val_def_opcode(c->v, c->i->type_id);
    if (r != SPVK_OP_TypeInt && r != SPVK_OP_TypeFloat && r != SPVK_OP_TypeBool) {
        val_inst_result_error(c, "a scalar type");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    uint32_t t = val_type_of(c->v, id);
    const val_inst *d = vector_def(c->v, t);
    if (val_def(c->v, id) && (!d || val_words(c->v, d)[2] != c->i->type_id))
        val_inst_operand_error(c, "Vector", id, t, "an OpTypeVector whose Component Type is Result Type");
    int_scalar(c, 1, "Index");
}

static void insert_dynamic(ctx *c)
{
    if (!val_inst_ready(c, 3))
        return;
    const val_inst *d = vector_def(c->v, c->i->type_id);
    if (!d) {
        val_inst_result_error(c, "an OpTypeVector");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (val_def(c->v, id) && val_type_of(c->v, id) != c->i->type_id)
        val_inst_operand_error(c, "Vector", id, val_type_of(c->v, id), "the Result Type");
    id = val_inst_operand(c, 1);
    if (val_def(c->v, id) && val_type_of(c->v, id) != val_words(c->v, d)[2])
        val_inst_operand_error(c, "Component", id, val_type_of(c->v, id), "the Component Type of Result Type");
    int_scalar(c, 2, "Index");
}

static void shuffle(ctx *c)
{
    if (!val_inst_ready(c, 2))
        return;
    const val_inst *d = vector_def(c->v, c->i->type_id);
    uint32_t given = c->i->num_words - 5u;
    if (!d) {
        val_inst_result_error(c, "an OpTypeVector");
        return;
    }
    if (val_words(c->v, d)[3] != given)
        val_error(c->v, c->index, RULE_COMPOSITE, "%s has %u Components: its Result Type %%%u has %u components",
                  c->name, given, c->i->type_id, val_words(c->v, d)[3]);
    uint32_t total = 0;
    bool known = true;
    for (uint32_t n = 0; n < 2; n++) {
        uint32_t id = val_inst_operand(c, n);
        if (!val_def(c->v, id)) {
            known = false;
            continue;
        }
        const val_inst *vd = vector_def(c->v, val_type_of(c->v, id));
        if (!vd || val_words(c->v, vd)[2] != val_words(c->v, d)[2]) {
            val_inst_operand_error(c, n == 0 ? "Vector 1" : "Vector 2", id, val_type_of(c->v, id),
                                   "a vector with the Component Type of Result Type");
            known = false;
            continue;
        }
        total += val_words(c->v, vd)[3];
    }
    if (!known)
        return;
    const uint32_t *w = val_words(c->v, c->i);
    for (uint32_t n = 5; n < c->i->num_words; n++) {
        if (w[n] != 0xffffffffu && w[n] >= total) {
            val_error(c->v, c->index, RULE_COMPOSITE, "Component %u of %s selects %u: the two vectors have %u "
                      "components (expected 0 to %u, or 0xFFFFFFFF)", n - 5, c->name, w[n], total, total - 1);
            break;
        }
    }
}

static void construct_vector(ctx *c, const val_inst *t, uint32_t given)
{
    uint32_t component = val_words(c->v, t)[2], total = 0;
    bool known = true;
    for (uint32_t n = 0; n < given; n++) {
        uint32_t id = val_inst_operand(c, n);
        if (!val_def(c->v, id)) {
            known = false;
            continue;
        }
        uint32_t ct = val_type_of(c->v, id);
        if (ct == component) {
            total++;
            continue;
        }
        const val_inst *vd = vector_def(c->v, ct);
        if (vd && val_words(c->v, vd)[2] == component) {
            total += val_words(c->v, vd)[3];
            continue;
        }
        char expected[96];
        snprintf(expected, sizeof expected, "the component type %%%u of Result Type, or a vector of it", component);
        char what[32];
        snprintf(what, sizeof what, "Constituent %u", n);
        val_inst_operand_error(c, what, id, ct, expected);
        known = false;
    }
    if (given < 2)
        val_error(c->v, c->index, RULE_COMPOSITE, "%s of a vector has %u Constituent: expected at least two", c->name,
                  given);
    else if (known && total != val_words(c->v, t)[3])
        val_error(c->v, c->index, RULE_COMPOSITE, "the Constituents of %s give %u components: Result Type %%%u has %u",
                  c->name, total, c->i->type_id, val_words(c->v, t)[3]);
}

static void construct(ctx *c)
{
    if (!val_inst_ready(c, 0))
        return;
    const val_inst *t = val_def(c->v, c->i->type_id);
    uint32_t given = c->i->num_words - 3u, count;
    if (t->opcode == SPVK_OP_TypeVector && t->num_words >= 4) {
        construct_vector(c, t, given);
        return;
    }
    if (!val_constituent_type(c->v, t, 0, &count) && t->opcode != SPVK_OP_TypeStruct) {
        val_inst_result_error(c, "a composite type");
        return;
    }
    bool coop = t->opcode == SPVK_OP_TypeCooperativeMatrixKHR || t->opcode == SPVK_OP_TypeCooperativeMatrixNV;
    if (coop)
        count = 1;
    if (count != VAL_NONE && given != count) {
        val_error(c->v, c->index, RULE_COMPOSITE, "%s has %u Constituents: Result Type %%%u takes %u", c->name, given,
                  c->i->type_id, count);
        return;
    }
    for (uint32_t n = 0; n < given; n++) {
        uint32_t id = val_inst_operand(c, n), want = val_constituent_type(c->v, t, n, &count);
        if (val_def(c->v, id) && want && val_type_of(c->v, id) != want) {
            char expected[64], what[32];
            snprintf(expected, sizeof expected, "%%%u, the type of that member of Result Type", want);
            snprintf(what, sizeof what, "Constituent %u", n);
            val_inst_operand_error(c, what, id, val_type_of(c->v, id), expected);
        }
    }
}

/* Walks type through the literal indexes words[first..]: the type selected, or 0 after
   reporting. */
static uint32_t walk(ctx *c, uint32_t type, uint32_t first)
{
    const uint32_t *w = val_words(c->v, c->i);
    for (uint32_t n = first; n < c->i->num_words; n++) {
        const val_inst *t = val_def(c->v, type);
        if (!t)
            return 0;
        uint32_t count;
        bool composite = val_constituent_type(c->v, t, 0, &count) || t->opcode == SPVK_OP_TypeStruct;
        if (!composite) {
            char buf[96];
            val_error(c->v, c->index, RULE_COMPOSITE, "index %u of %s (%u) reaches %s, which is not a composite",
                      n - first, c->name, w[n], val_type_describe(c->v, type, buf, sizeof buf));
            return 0;
        }
        if (count != VAL_NONE && w[n] >= count) {
            val_error(c->v, c->index, RULE_COMPOSITE, "index %u of %s is %u: out of bounds for %%%u, which has %u",
                      n - first, c->name, w[n], type, count);
            return 0;
        }
        type = val_constituent_type(c->v, t, w[n], &count);
    }
    return type;
}

static void extract(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    if (c->i->num_words < 5) {
        val_error(c->v, c->index, RULE_COMPOSITE, "%s has no Indexes", c->name);
        return;
    }
    uint32_t t = walk(c, val_type_of(c->v, id), 4);
    if (t && t != c->i->type_id) {
        char buf[96];
        val_error(c->v, c->index, RULE_COMPOSITE, "the Result Type %%%u of %s is not %%%u (%s), the type the "
                  "Indexes select", c->i->type_id, c->name, t, val_type_describe(c->v, t, buf, sizeof buf));
    }
}

static void insert(ctx *c)
{
    if (!val_inst_ready(c, 2))
        return;
    uint32_t object = val_inst_operand(c, 0), composite = val_inst_operand(c, 1);
    if (!val_def(c->v, composite))
        return;
    if (val_type_of(c->v, composite) != c->i->type_id) {
        val_inst_operand_error(c, "Composite", composite, val_type_of(c->v, composite), "the Result Type");
        return;
    }
    if (c->i->num_words < 6) {
        val_error(c->v, c->index, RULE_COMPOSITE, "%s has no Indexes", c->name);
        return;
    }
    uint32_t t = walk(c, c->i->type_id, 5);
    if (t && val_def(c->v, object) && val_type_of(c->v, object) != t) {
        char expected[64];
        snprintf(expected, sizeof expected, "%%%u, the type the Indexes select", t);
        val_inst_operand_error(c, "Object", object, val_type_of(c->v, object), expected);
    }
}

static void copy_object(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    if (val_def_opcode(c->v, c->i->type_id) == SPVK_OP_TypeVoid) {
        val_inst_result_error(c, "any type but OpTypeVoid");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (val_def(c->v, id) && val_type_of(c->v, id) != c->i->type_id)
        val_inst_operand_error(c, "Operand", id, val_type_of(c->v, id), "the Result Type");
}

static void transpose(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    const val_inst *r = val_def(c->v, c->i->type_id);
    if (r->opcode != SPVK_OP_TypeMatrix || r->num_words < 4) {
        val_inst_result_error(c, "an OpTypeMatrix");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    const val_inst *m = val_def(c->v, t);
    uint32_t rcols = val_words(c->v, r)[3], rrows = val_component_count(c->v, val_words(c->v, r)[2]);
    if (!m || m->opcode != SPVK_OP_TypeMatrix || m->num_words < 4 || val_words(c->v, m)[3] != rrows ||
        val_component_count(c->v, val_words(c->v, m)[2]) != rcols ||
        val_scalar_type(c->v, t) != val_scalar_type(c->v, c->i->type_id)) {
        char expected[96];
        snprintf(expected, sizeof expected, "a matrix of %u columns of %u components of Result Type's component type",
                 rrows, rcols);
        val_inst_operand_error(c, "Matrix", id, t, expected);
    }
}

/* OpCopyLogical's "logically match": arrays of the same length and matching elements, or
   structs of matching members; types past a depth no real module reaches do not match. */
static bool logically_match(const val_state *v, uint32_t a, uint32_t b, int depth)
{
    if (a == b)
        return true;
    const val_inst *da = val_def(v, a), *db = val_def(v, b);
    if (!da || !db || da->opcode != db->opcode || depth > 64)
        return false;
    const uint32_t *wa = val_words(v, da), *wb = val_words(v, db);
    if (da->opcode == SPVK_OP_TypeArray) {
        uint64_t la, lb;
        if (da->num_words < 4 || db->num_words < 4)
            return false;
        bool same_length = wa[3] == wb[3] ||
                           (val_constant_uint(v, wa[3], &la) && val_constant_uint(v, wb[3], &lb) && la == lb);
        return same_length && logically_match(v, wa[2], wb[2], depth + 1);
    }
    if (da->opcode == SPVK_OP_TypeStruct) {
        if (da->num_words != db->num_words)
            return false;
        for (uint16_t k = 2; k < da->num_words; k++)
            if (!logically_match(v, wa[k], wb[k], depth + 1))
                return false;
        return true;
    }
    return false;
}

static void copy_logical(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (t == c->i->type_id)
        val_inst_operand_error(c, "Operand", id, t, "a type other than Result Type (use OpCopyObject)");
    else if (!logically_match(c->v, c->i->type_id, t, 0))
        val_inst_operand_error(c, "Operand", id, t, "a type that logically matches Result Type");
}

void val_check_composite(val_state *v, const val_inst *i)
{
    ctx c = val_inst_check_of(v, i, RULE_COMPOSITE);
    switch (i->opcode) {
    case SPVK_OP_VectorExtractDynamic:
        extract_dynamic(&c);
        break;
    case SPVK_OP_VectorInsertDynamic:
        insert_dynamic(&c);
        break;
    case SPVK_OP_VectorShuffle:
        shuffle(&c);
        break;
    case SPVK_OP_CompositeConstruct:
        construct(&c);
        break;
    case SPVK_OP_CompositeExtract:
        extract(&c);
        break;
    case SPVK_OP_CompositeInsert:
        insert(&c);
        break;
    case SPVK_OP_CopyObject:
        copy_object(&c);
        break;
    case SPVK_OP_Transpose:
        transpose(&c);
        break;
    case SPVK_OP_CopyLogical:
        copy_logical(&c);
        break;
    default:
        break;
    }
}
