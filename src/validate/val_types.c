/* Type declarations and constants: a non-aggregate, non-pointer type is declared once (SPIR-V
   2.8); numeric widths, vector sizes and matrix columns follow the data rules (SPIR-V 2.16.1);
   each type-declaration instruction's operands are the types and constants its section asks
   for (SPIR-V 3.3.6); each constant's type and constituents match (SPIR-V 3.3.7).
   Widths' capabilities are val_requirements.c's; this file decides only which widths and
   encodings exist at all. One pass, with a hash set of the declared non-aggregate types.
   Also the shape helpers of val_types.h, which the per-instruction type rules share. */
#include <stdio.h>
#include <string.h>

#include "val_types.h"

#define RULE_TYPES_UNIQUE "SPIR-V 2.8"
#define RULE_TYPE_DECL "SPIR-V 3.3.6"
#define RULE_CONSTANT "SPIR-V 3.3.7"

/* ---- shapes (val_types.h) ---- */

bool val_is_type(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d && spvk_instruction_by_opcode(d->opcode)->instruction_class == SPVK_CLASS_TYPE_DECLARATION;
}

static bool is_coop_matrix_opcode(uint16_t opcode)
{
    return opcode == SPVK_OP_TypeCooperativeMatrixKHR || opcode == SPVK_OP_TypeCooperativeMatrixNV;
}

val_shape val_shape_of(const val_state *v, uint32_t type_id)
{
    val_shape s = {type_id, 0, VAL_KIND_NONE, 0, 0, NULL};
    const val_inst *d = val_def(v, type_id);
    if (!d)
        return s;
    if (d->opcode == SPVK_OP_TypeVector && d->num_words >= 4) {
        s.count = val_words(v, d)[3];
        s.scalar = val_words(v, d)[2];
    } else if (is_coop_matrix_opcode(d->opcode) && d->num_words >= 3) {
        s.coop = d;
        s.scalar = val_words(v, d)[2];
    } else {
        s.count = 1;
        s.scalar = type_id;
    }
    const val_inst *sd = val_def(v, s.scalar);
    if (!sd) {
        s.scalar = 0;
        return s;
    }
    switch (sd->opcode) {
    case SPVK_OP_TypeInt:
        s.kind = VAL_KIND_INT;
        s.width = sd->num_words >= 3 ? val_words(v, sd)[2] : 0;
        break;
    case SPVK_OP_TypeFloat:
        s.kind = VAL_KIND_FLOAT;
        s.width = sd->num_words >= 3 ? val_words(v, sd)[2] : 0;
        break;
    case SPVK_OP_TypeBool:
        s.kind = VAL_KIND_BOOL;
        break;
    default:
        s.scalar = 0;
        s.count = 0;
        s.coop = NULL;
        break;
    }
    return s;
}

bool val_shape_same_count(const val_state *v, const val_shape *a, const val_shape *b)
{
    if (!a->coop || !b->coop)
        return !a->coop && !b->coop && a->count == b->count;
    return val_coop_matrix_shapes_match(v, a->coop, b->coop, false);
}

bool val_shape_is(const val_shape *s, val_kind kind) { return s->kind == kind && !s->coop; }

uint32_t val_int_signedness(const val_state *v, uint32_t type_id)
{
    const val_inst *d = val_def(v, val_scalar_type(v, type_id));
    return d && d->opcode == SPVK_OP_TypeInt && d->num_words >= 4 ? val_words(v, d)[3] : 0;
}

static const char *scalar_describe(const val_state *v, uint32_t scalar, char *buf, size_t size)
{
    const val_inst *d = val_def(v, scalar);
    if (d && d->opcode == SPVK_OP_TypeInt && d->num_words >= 4)
        snprintf(buf, size, "%u-bit %s int", val_words(v, d)[2], val_words(v, d)[3] ? "signed" : "unsigned");
    else if (d && d->opcode == SPVK_OP_TypeFloat && d->num_words >= 3)
        snprintf(buf, size, "%u-bit%s float", val_words(v, d)[2],
                 val_is_bf16_type(v, scalar) ? " bf16" : d->num_words >= 4 ? " encoded" : "");
    else if (d && d->opcode == SPVK_OP_TypeBool)
        snprintf(buf, size, "bool");
    else
        snprintf(buf, size, "%s", d ? spvk_instruction_by_opcode(d->opcode)->name + 2 : "undefined type");
    return buf;
}

const char *val_type_describe(const val_state *v, uint32_t type_id, char *buf, size_t size)
{
    const val_inst *d = val_def(v, type_id);
    char inner[48];
    if (!d || spvk_instruction_by_opcode(d->opcode)->instruction_class != SPVK_CLASS_TYPE_DECLARATION) {
        snprintf(buf, size, "not a type");
    } else if (d->opcode == SPVK_OP_TypeVector && d->num_words >= 4) {
        snprintf(buf, size, "a vector of %u %s", val_words(v, d)[3],
                 scalar_describe(v, val_words(v, d)[2], inner, sizeof inner));
    } else if (d->opcode == SPVK_OP_TypeMatrix && d->num_words >= 4) {
        const val_inst *c = val_def(v, val_words(v, d)[2]);
        snprintf(buf, size, "a matrix of %u columns of %u %s", val_words(v, d)[3],
                 c && c->opcode == SPVK_OP_TypeVector && c->num_words >= 4 ? val_words(v, c)[3] : 0,
                 scalar_describe(v, val_scalar_type(v, type_id), inner, sizeof inner));
    } else if (is_coop_matrix_opcode(d->opcode) && d->num_words >= 3) {
        snprintf(buf, size, "a cooperative matrix of %s", scalar_describe(v, val_words(v, d)[2], inner, sizeof inner));
    } else if (d->opcode == SPVK_OP_TypeInt || d->opcode == SPVK_OP_TypeFloat || d->opcode == SPVK_OP_TypeBool) {
        snprintf(buf, size, "a %s", scalar_describe(v, type_id, inner, sizeof inner));
    } else {
        snprintf(buf, size, "an %s", spvk_instruction_by_opcode(d->opcode)->name);
    }
    return buf;
}

/* ---- declared once (SPIR-V 2.8) ---- */

/* Aggregates and pointers may repeat, so that copies can be decorated differently. */
static bool may_repeat(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeStruct:
    case SPVK_OP_TypeOpaque:
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeUntypedPointerKHR:
    case SPVK_OP_TypeForwardPointer:
    case SPVK_OP_TypeNodePayloadArrayAMDX:
        return true;
    default:
        return false;
    }
}

static uint32_t type_key_hash(const val_state *v, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    uint32_t h = spvk_hash_u32(i->opcode);
    for (uint16_t k = 2; k < i->num_words; k++)
        h = spvk_hash_u32(h ^ w[k]);
    return h;
}

static bool type_key_equal(const val_state *v, const val_inst *a, const val_inst *b)
{
    return a->opcode == b->opcode && a->num_words == b->num_words &&
           memcmp(val_words(v, a) + 2, val_words(v, b) + 2, (size_t)(a->num_words - 2) * sizeof(uint32_t)) == 0;
}

/* Reports each repeated declaration against the first one; linear in the module. */
static void check_unique(val_state *v)
{
    size_t n = 0;
    for (size_t k = 0; k < v->num_insts; k++)
        if (v->insts[k].result_id && !may_repeat(v->insts[k].opcode) && v->insts[k].num_words >= 2 &&
            spvk_instruction_by_opcode(v->insts[k].opcode)->instruction_class == SPVK_CLASS_TYPE_DECLARATION)
            n++;
    if (!n)
        return;
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    uint32_t *slots = spvk_alloc(v->allocator, cap * sizeof *slots);
    if (!slots) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        return;
    }
    memset(slots, 0xff, cap * sizeof *slots);
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (!i->result_id || may_repeat(i->opcode) || i->num_words < 2 ||
            spvk_instruction_by_opcode(i->opcode)->instruction_class != SPVK_CLASS_TYPE_DECLARATION)
            continue;
        size_t j = type_key_hash(v, i) & (cap - 1);
        while (slots[j] != VAL_NONE && !type_key_equal(v, &v->insts[slots[j]], i))
            j = (j + 1) & (cap - 1);
        if (slots[j] == VAL_NONE)
            slots[j] = k;
        else
            val_error(v, k, RULE_TYPES_UNIQUE,
                      "%%%u declares the same non-aggregate type as %%%u: declare each such type once",
                      i->result_id, v->insts[slots[j]].result_id);
    }
    spvk_free(v->allocator, slots, cap * sizeof *slots);
}

/* ---- type declarations ---- */

/* The width a Floating Point Encoding fixes; 0 for an encoding this table does not know. */
static uint32_t encoding_width(uint32_t encoding)
{
    switch (encoding) {
    case SPVK_FPENCODING_BFloat16KHR:
        return 16;
    case SPVK_FPENCODING_Float8E4M3EXT:
    case SPVK_FPENCODING_Float8E5M2EXT:
    case SPVK_FPENCODING_Float8UnsignedE8M0EXT:
    case SPVK_FPENCODING_MXInt8EXT:
        return 8;
    case SPVK_FPENCODING_Float6E2M3EXT:
    case SPVK_FPENCODING_Float6E3M2EXT:
        return 6;
    case SPVK_FPENCODING_Float4E2M1EXT:
        return 4;
    default:
        return 0;
    }
}

static void check_int(val_state *v, uint32_t k, const val_inst *i)
{
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    if (w[2] != 8 && w[2] != 16 && w[2] != 32 && w[2] != 64)
        val_error(v, k, VAL_RULE_UNIVERSAL, "OpTypeInt width %u: an integer type is 8, 16, 32 or 64 bits wide", w[2]);
    if (w[3] > 1)
        val_error(v, k, RULE_TYPE_DECL, "OpTypeInt signedness %u: expected 0 (unsigned) or 1 (signed)", w[3]);
}

static void check_float(val_state *v, uint32_t k, const val_inst *i)
{
    if (i->num_words < 3)
        return;
    const uint32_t *w = val_words(v, i);
    if (i->num_words == 3) {
        if (w[2] != 16 && w[2] != 32 && w[2] != 64)
            val_error(v, k, VAL_RULE_UNIVERSAL,
                      "OpTypeFloat width %u: an IEEE 754 floating-point type is 16, 32 or 64 bits wide", w[2]);
        return;
    }
    uint32_t need = encoding_width(w[3]);
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_FPEncoding, w[3]);
    if (need && w[2] != need)
        val_error(v, k, VAL_RULE_UNIVERSAL, "OpTypeFloat width %u with encoding %s: that encoding is %u bits wide",
                  w[2], e ? e->name : "?", need);
}

static void check_vector(val_state *v, uint32_t k, const val_inst *i)
{
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    uint16_t comp = val_def_opcode(v, w[2]);
    if (comp != SPVK_OP_TypeInt && comp != SPVK_OP_TypeFloat && comp != SPVK_OP_TypeBool) {
        char buf[96];
        val_error(v, k, VAL_RULE_UNIVERSAL, "the Component Type %%%u of OpTypeVector is %s: expected a scalar "
                  "numerical or Boolean type", w[2], val_type_describe(v, w[2], buf, sizeof buf));
    }
    uint32_t n = w[3];
    if (n < 2)
        val_error(v, k, RULE_TYPE_DECL, "OpTypeVector with %u components: a vector has at least 2", n);
    else if (n > 4 && !val_has_capability(v, SPVK_CAPABILITY_LongVectorEXT)) {
        if (n != 8 && n != 16)
            val_error(v, k, VAL_RULE_UNIVERSAL, "OpTypeVector with %u components: expected 2, 3 or 4 "
                      "(8 or 16 with the Vector16 capability)", n);
        else if (!val_has_capability(v, SPVK_CAPABILITY_Vector16))
            val_error(v, k, VAL_RULE_UNIVERSAL, "OpTypeVector with %u components needs the Vector16 capability", n);
    }
}

static void check_matrix(val_state *v, uint32_t k, const val_inst *i)
{
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    const val_inst *col = val_def(v, w[2]);
    if (!col || col->opcode != SPVK_OP_TypeVector) {
        char buf[96];
        val_error(v, k, RULE_TYPE_DECL, "the Column Type %%%u of OpTypeMatrix is %s: expected a vector type", w[2],
                  val_type_describe(v, w[2], buf, sizeof buf));
    } else if (!val_is_float_scalar_or_vector(v, w[2])) {
        val_error(v, k, VAL_RULE_UNIVERSAL, "the Column Type %%%u of OpTypeMatrix is not a vector of "
                  "floating-point type: matrices hold only floating-point components", w[2]);
    }
    if (w[3] < 2 || w[3] > 4)
        val_error(v, k, VAL_RULE_UNIVERSAL, "OpTypeMatrix with %u columns: expected 2, 3 or 4", w[3]);
}

/* An element or member type: a type, not void. */
static void check_element(val_state *v, uint32_t k, uint32_t id, const char *what)
{
    if (!val_def(v, id))
        return; /* undefined: val_ids.c */
    if (!val_is_type(v, id))
        val_error(v, k, RULE_TYPE_DECL, "the %s %%%u is not a type", what, id);
    else if (val_def_opcode(v, id) == SPVK_OP_TypeVoid)
        val_error(v, k, RULE_TYPE_DECL, "the %s %%%u is OpTypeVoid: expected a type with values", what, id);
}

static void check_array(val_state *v, uint32_t k, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    if (i->num_words >= 3)
        check_element(v, k, w[2], "Element Type");
    if (i->opcode != SPVK_OP_TypeArray || i->num_words < 4)
        return;
    const val_inst *len = val_def(v, w[3]);
    if (!len)
        return;
    bool constant = spvk_instruction_by_opcode(len->opcode)->instruction_class == SPVK_CLASS_CONSTANT_CREATION;
    if (!constant || !val_is_int_type(v, len->type_id)) {
        val_error(v, k, RULE_TYPE_DECL, "the Length %%%u of OpTypeArray is not a constant of scalar integer type",
                  w[3]);
        return;
    }
    uint64_t value;
    if (len->opcode == SPVK_OP_ConstantNull) {
        val_error(v, k, RULE_TYPE_DECL, "the Length %%%u of OpTypeArray is OpConstantNull (0): expected at least 1",
                  w[3]);
    } else if (val_constant_uint(v, w[3], &value)) {
        uint32_t width = val_bit_width(v, len->type_id);
        bool negative = val_int_signedness(v, len->type_id) && width && width <= 64 && (value >> (width - 1)) & 1;
        if (value == 0 || negative)
            val_error(v, k, RULE_TYPE_DECL, "the Length %%%u of OpTypeArray is %s: expected at least 1", w[3],
                      negative ? "negative" : "0");
    }
}

static void check_function_type(val_state *v, uint32_t k, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    if (i->num_words >= 3 && val_def(v, w[2]) && !val_is_type(v, w[2]))
        val_error(v, k, RULE_TYPE_DECL, "the Return Type %%%u of OpTypeFunction is not a type", w[2]);
    for (uint16_t n = 3; n < i->num_words; n++)
        check_element(v, k, w[n], "parameter type");
}

static void check_type(val_state *v, uint32_t k, const val_inst *i)
{
    const uint32_t *w = val_words(v, i);
    switch (i->opcode) {
    case SPVK_OP_TypeInt:
        check_int(v, k, i);
        break;
    case SPVK_OP_TypeFloat:
        check_float(v, k, i);
        break;
    case SPVK_OP_TypeVector:
        check_vector(v, k, i);
        break;
    case SPVK_OP_TypeMatrix:
        check_matrix(v, k, i);
        break;
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
        check_array(v, k, i);
        break;
    case SPVK_OP_TypeStruct:
        for (uint16_t n = 2; n < i->num_words; n++)
            check_element(v, k, w[n], "member type");
        break;
    case SPVK_OP_TypePointer:
        if (i->num_words >= 4 && val_def(v, w[3]) && !val_is_type(v, w[3]))
            val_error(v, k, RULE_TYPE_DECL, "the Type %%%u of OpTypePointer is not a type", w[3]);
        break;
    case SPVK_OP_TypeFunction:
        check_function_type(v, k, i);
        break;
    case SPVK_OP_TypeSampledImage:
        if (i->num_words >= 3 && val_def(v, w[2]) && val_def_opcode(v, w[2]) != SPVK_OP_TypeImage)
            val_error(v, k, RULE_TYPE_DECL, "the Image Type %%%u of OpTypeSampledImage is not an OpTypeImage", w[2]);
        break;
    default:
        break;
    }
}

/* ---- constants ---- */

/* A scalar OpConstant/OpSpecConstant: one word up to 32 bits, two for 64; the unused high
   bits of a narrower literal are zero, or copies of the sign bit for a signed integer. */
static void check_scalar_constant(val_state *v, uint32_t k, const val_inst *i)
{
    const val_inst *t = val_def(v, i->type_id);
    if (!t)
        return;
    if (t->opcode != SPVK_OP_TypeInt && t->opcode != SPVK_OP_TypeFloat) {
        char buf[96];
        val_error(v, k, RULE_CONSTANT, "the Result Type %%%u of %s is %s: expected a scalar integer or "
                  "floating-point type", i->type_id, spvk_instruction_by_opcode(i->opcode)->name,
                  val_type_describe(v, i->type_id, buf, sizeof buf));
        return;
    }
    uint32_t width = t->num_words >= 3 ? val_words(v, t)[2] : 0;
    if (!width || width > 64)
        return; /* not a width that exists: check_int/check_float */
    uint32_t need = width <= 32 ? 1 : 2;
    if (i->num_words != 3 + need) {
        val_error(v, k, RULE_CONSTANT, "the value of a %u-bit constant takes %u word%s, not %u", width, need,
                  need == 1 ? "" : "s", i->num_words > 3 ? i->num_words - 3u : 0u);
        return;
    }
    if (width >= 32)
        return;
    uint32_t word = val_words(v, i)[3];
    uint32_t high = word >> width;
    bool is_signed = t->opcode == SPVK_OP_TypeInt && t->num_words >= 4 && val_words(v, t)[3] == 1;
    uint32_t all = 0xffffffffu >> width;
    bool fits = high == 0 || (is_signed && high == all && ((word >> (width - 1)) & 1));
    if (!fits)
        val_error(v, k, RULE_CONSTANT, "the value 0x%x does not fit a %u-bit %s: its high-order bits must be %s",
                  word, width, t->opcode == SPVK_OP_TypeFloat ? "float" : is_signed ? "signed int" : "unsigned int",
                  is_signed ? "copies of the sign bit" : "0");
}

static bool is_constant_instruction(uint16_t opcode)
{
    return spvk_instruction_by_opcode(opcode)->instruction_class == SPVK_CLASS_CONSTANT_CREATION;
}

static bool is_spec_constant(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_SpecConstantTrue:
    case SPVK_OP_SpecConstantFalse:
    case SPVK_OP_SpecConstant:
    case SPVK_OP_SpecConstantComposite:
    case SPVK_OP_SpecConstantOp:
    case SPVK_OP_SpecConstantCompositeReplicateEXT:
        return true;
    default:
        return false;
    }
}

uint32_t val_constituent_type(const val_state *v, const val_inst *t, uint32_t n, uint32_t *count)
{
    const uint32_t *w = val_words(v, t);
    *count = VAL_NONE;
    switch (t->opcode) {
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix:
        if (t->num_words < 4)
            return 0;
        *count = w[3];
        return w[2];
    case SPVK_OP_TypeArray: {
        uint64_t len;
        if (t->num_words < 4)
            return 0;
        if (val_constant_uint(v, w[3], &len) && len < VAL_NONE)
            *count = (uint32_t)len;
        return w[2];
    }
    case SPVK_OP_TypeCooperativeMatrixKHR:
    case SPVK_OP_TypeCooperativeMatrixNV:
        return t->num_words >= 3 ? w[2] : 0;
    case SPVK_OP_TypeStruct:
        *count = t->num_words - 2u;
        return n + 2 < t->num_words ? w[n + 2] : 0;
    default:
        return 0;
    }
}

static void check_composite_constant(val_state *v, uint32_t k, const val_inst *i)
{
    const val_inst *t = val_def(v, i->type_id);
    if (!t)
        return;
    const char *name = spvk_instruction_by_opcode(i->opcode)->name;
    uint32_t count;
    if (!val_constituent_type(v, t, 0, &count) && t->opcode != SPVK_OP_TypeStruct) {
        char buf[96];
        val_error(v, k, RULE_CONSTANT, "the Result Type %%%u of %s is %s: expected a composite type", i->type_id,
                  name, val_type_describe(v, i->type_id, buf, sizeof buf));
        return;
    }
    if (t->opcode == SPVK_OP_TypeCooperativeMatrixKHR || t->opcode == SPVK_OP_TypeCooperativeMatrixNV)
        count = 1; /* a cooperative matrix is constructed from one scalar */
    uint32_t given = i->num_words > 3 ? i->num_words - 3u : 0;
    if (count != VAL_NONE && given != count) {
        val_error(v, k, RULE_CONSTANT, "%s of %%%u has %u constituents: its type takes %u", name, i->type_id, given,
                  count);
        return;
    }
    const uint32_t *w = val_words(v, i);
    bool spec = is_spec_constant(i->opcode);
    for (uint32_t n = 0; n < given && !v->stop; n++) {
        uint32_t id = w[3 + n];
        const val_inst *c = val_def(v, id);
        if (!c)
            continue;
        if (c->opcode != SPVK_OP_Undef && !is_constant_instruction(c->opcode)) {
            val_error(v, k, RULE_CONSTANT, "constituent %u (%%%u) of %s is not a constant or OpUndef", n, id, name);
            continue;
        }
        if (!spec && is_spec_constant(c->opcode)) {
            val_error(v, k, RULE_CONSTANT, "constituent %u (%%%u) of OpConstantComposite is a specialization "
                      "constant: use OpSpecConstantComposite", n, id);
            continue;
        }
        uint32_t want = val_constituent_type(v, t, n, &count);
        if (want && c->type_id != want) {
            char a[96], b[96];
            val_error(v, k, RULE_CONSTANT, "constituent %u (%%%u) of %s is %s: expected %%%u, %s", n, id, name,
                      val_type_describe(v, c->type_id, a, sizeof a), want, val_type_describe(v, want, b, sizeof b));
        }
    }
}

static void check_null(val_state *v, uint32_t k, const val_inst *i)
{
    uint16_t t = val_def_opcode(v, i->type_id);
    switch (t) {
    case 0:
        return;
    case SPVK_OP_TypeVoid:
    case SPVK_OP_TypeImage:
    case SPVK_OP_TypeSampler:
    case SPVK_OP_TypeSampledImage:
    case SPVK_OP_TypeFunction:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeOpaque:
    case SPVK_OP_TypePipe:
    case SPVK_OP_TypePipeStorage:
    case SPVK_OP_TypeNamedBarrier:
        val_error(v, k, RULE_CONSTANT, "the Result Type %%%u of OpConstantNull is an %s: expected a scalar, vector, "
                  "pointer, event, reservation id, queue or composite type", i->type_id,
                  spvk_instruction_by_opcode(t)->name);
        return;
    default:
        return;
    }
}

/* The opcode is one the instruction's list allows, with the capability the list asks for. */
static void check_spec_constant_op(val_state *v, uint32_t k, const val_inst *i)
{
    if (i->num_words < 4)
        return;
    uint32_t opcode = val_words(v, i)[3];
    const char *name = spvk_instruction_by_opcode(opcode)->name;
    switch (spvk_spec_constant_opcode(opcode)) {
    case SPVK_SPEC_OPCODE_ALLOWED:
        break;
    case SPVK_SPEC_OPCODE_WITH_SHADER:
        if (!val_has_capability(v, SPVK_CAPABILITY_Shader))
            val_error(v, k, RULE_CONSTANT, "OpSpecConstantOp may name %s only when the Shader capability is declared",
                      name);
        break;
    case SPVK_SPEC_OPCODE_WITH_KERNEL:
        if (!val_has_capability(v, SPVK_CAPABILITY_Kernel))
            val_error(v, k, RULE_CONSTANT, "OpSpecConstantOp may name %s only when the Kernel capability is declared",
                      name);
        break;
    case SPVK_SPEC_OPCODE_NOT_ALLOWED: /* the binary reader refuses these before any rule runs */
        break;
    }
}

static void check_constant(val_state *v, uint32_t k, const val_inst *i)
{
    switch (i->opcode) {
    case SPVK_OP_ConstantTrue:
    case SPVK_OP_ConstantFalse:
    case SPVK_OP_SpecConstantTrue:
    case SPVK_OP_SpecConstantFalse:
        if (val_def(v, i->type_id) && !val_is_bool_type(v, i->type_id))
            val_error(v, k, RULE_CONSTANT, "the Result Type %%%u of %s is not the scalar Boolean type", i->type_id,
                      spvk_instruction_by_opcode(i->opcode)->name);
        break;
    case SPVK_OP_Constant:
    case SPVK_OP_SpecConstant:
        check_scalar_constant(v, k, i);
        break;
    case SPVK_OP_ConstantComposite:
    case SPVK_OP_SpecConstantComposite:
        check_composite_constant(v, k, i);
        break;
    case SPVK_OP_ConstantNull:
        check_null(v, k, i);
        break;
    case SPVK_OP_SpecConstantOp:
        check_spec_constant_op(v, k, i);
        break;
    case SPVK_OP_ConstantSampler:
        if (val_def(v, i->type_id) && val_def_opcode(v, i->type_id) != SPVK_OP_TypeSampler)
            val_error(v, k, RULE_CONSTANT, "the Result Type %%%u of OpConstantSampler is not OpTypeSampler",
                      i->type_id);
        break;
    default:
        break;
    }
}

void val_check_types(val_state *v)
{
    check_unique(v);
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        switch (spvk_instruction_by_opcode(i->opcode)->instruction_class) {
        case SPVK_CLASS_TYPE_DECLARATION:
            check_type(v, k, i);
            break;
        case SPVK_CLASS_CONSTANT_CREATION:
            check_constant(v, k, i);
            break;
        default:
            break;
        }
    }
}

/* ---- one instruction's type rules ---- */

val_inst_check val_inst_check_of(val_state *v, const val_inst *i, const char *rule)
{
    return (val_inst_check){v, i, val_index(v, i), rule, spvk_instruction_by_opcode(i->opcode)->name,
                            val_shape_of(v, i->type_id)};
}

uint32_t val_inst_operand(const val_inst_check *c, uint32_t n)
{
    return 3u + n < c->i->num_words ? val_words(c->v, c->i)[3 + n] : 0;
}

bool val_inst_ready(const val_inst_check *c, uint32_t count)
{
    return c->i->num_words >= 3 + count && val_def(c->v, c->i->type_id);
}

bool val_inst_operand_error(const val_inst_check *c, const char *what, uint32_t id, uint32_t type,
                            const char *expected)
{
    char buf[128];
    return val_error(c->v, c->index, c->rule, "%s %%%u of %s has type %s: expected %s", what, id, c->name,
                     type ? val_type_describe(c->v, type, buf, sizeof buf) : "none (not a value)", expected);
}

bool val_inst_result_error(const val_inst_check *c, const char *expected)
{
    char buf[128];
    return val_error(c->v, c->index, c->rule, "the Result Type %%%u of %s is %s: expected %s", c->i->type_id,
                     c->name, val_type_describe(c->v, c->i->type_id, buf, sizeof buf), expected);
}
