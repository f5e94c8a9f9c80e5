/* Type rules of the GLSL.std.450 and OpenCL.std extended instructions: the Result Type and each
   operand of every OpExtInst against the instruction's signature (val_ext_inst_table.h), the
   operand count, and OpenCL.std's size_t offsets. Rules are named "GLSL.std.450" (that
   specification has no numbered sections) and "OpenCL.ExtendedInstructionSet.100 section 2.N"
   (the section defining the instruction); messages name the instruction and the operand.

   One interpreter over a table rather than a switch per instruction: the two specifications
   state 242 signatures (80 GLSL.std.450, IMix having been removed; all 162 OpenCL.std) in a
   dozen patterns, and a table keeps each one a line that can be read against the specification.
   The operand count is checked too, although the reader already refuses an OpExtInst whose
   operands disagree with the grammar (SPIR-V 2.3): the table must not be trusted beyond it. An instruction involving bf16 is left to val_bf16.c, which
   rejects it as a whole: reporting its types too would say the same thing twice.

   Not checked here: InterpolateAt*'s "only valid in the Fragment execution model" (it needs the
   entry points reaching each function, which this per-instruction hook does not have). */
#include <stdio.h>
#include <string.h>

#include "val_ext_inst_table.h"
#include "val_types.h"

#define RULE_GLSL "GLSL.std.450"

static const char *const opencl_rules[] = {
    "OpenCL.ExtendedInstructionSet.100 section 2.1", "OpenCL.ExtendedInstructionSet.100 section 2.1",
    "OpenCL.ExtendedInstructionSet.100 section 2.2", "OpenCL.ExtendedInstructionSet.100 section 2.3",
    "OpenCL.ExtendedInstructionSet.100 section 2.4", "OpenCL.ExtendedInstructionSet.100 section 2.5",
    "OpenCL.ExtendedInstructionSet.100 section 2.6", "OpenCL.ExtendedInstructionSet.100 section 2.7",
    "OpenCL.ExtendedInstructionSet.100 section 2.8",
};

/* One instruction being checked: its signature and, per slot, what the module gives. */
typedef struct ext_check {
    val_state *v;
    uint32_t index;
    const char *rule;
    const char *set_name;
    const spvk_ext_instruction_desc *desc;
    const ext_sig *sig;
    uint32_t num_slots;
    uint32_t id[EXT_MAX_SLOTS];   /* result id, operand ids (literal value for literal slots) */
    uint32_t type[EXT_MAX_SLOTS]; /* the slot's type: Result Type, or the operand's type */
    uint32_t vt[EXT_MAX_SLOTS];   /* the type relations compare: the pointee for pointer slots */
    bool ok[EXT_MAX_SLOTS];       /* the slot passed its own check (relations to it are meaningful) */
} ext_check;

/* ---- text ---- */

static void append(char *buf, size_t size, const char *text)
{
    size_t len = strlen(buf);
    if (len + 1 < size)
        snprintf(buf + len, size - len, "%s", text);
}

static void append_list(char *buf, size_t size, const char *const *items, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (k)
            append(buf, size, k + 1 == n ? " or " : ", ");
        append(buf, size, items[k]);
    }
}

static void describe_widths(unsigned widths, char *buf, size_t size)
{
    static const char *const names[] = {"8", "16", "32", "64"};
    const char *items[4];
    size_t n = 0;
    for (unsigned b = 0; b < 4; b++)
        if (widths & (1u << b))
            items[n++] = names[b];
    for (size_t k = 0; k < n; k++) {
        if (k)
            append(buf, size, k + 1 == n ? "- or " : "-, ");
        append(buf, size, items[k]);
    }
    if (n)
        append(buf, size, "-bit ");
}

/* "a 16- or 32-bit float scalar or vector", "an integer vector of 2, 4, 8 or 16 components", ... */
static void describe_value(const val_state *v, unsigned counts, unsigned kind, unsigned widths, char *buf,
                           size_t size)
{
    char w[48] = "";
    if (widths == WSIZE) {
        uint32_t bits = v->addressing_model == SPVK_ADDRESSING_MODEL_Physical64 ? 64
                        : v->addressing_model == SPVK_ADDRESSING_MODEL_Physical32 ? 32 : 0;
        if (bits)
            snprintf(buf + strlen(buf), size - strlen(buf), "a size_t (a %u-bit integer scalar under the "
                     "Physical%u addressing model)", bits, bits);
        else
            append(buf, size, "a size_t (an integer scalar)");
        return;
    }
    describe_widths(widths, w, sizeof w);
    const char *k = kind == KF ? "float" : kind == KI ? "integer" : "float or integer";
    char text[160];
    snprintf(text, sizeof text, "%s %s%s", w[0] == '8' || (!w[0] && kind != KF) ? "an" : "a", w, k);
    append(buf, size, text);
    static const unsigned vector_counts[] = {N2, N3, N4, N8, N16};
    static const char *const count_names[] = {"2", "3", "4", "8", "16"};
    const char *items[5];
    size_t n = 0;
    for (size_t b = 0; b < 5; b++)
        if (counts & vector_counts[b])
            items[n++] = count_names[b];
    if (counts == N1) {
        append(buf, size, " scalar");
        return;
    }
    append(buf, size, counts & N1 ? " scalar or vector" : " vector");
    if ((counts & NV) != NV) {
        append(buf, size, " of ");
        append_list(buf, size, items, n);
        append(buf, size, " components");
    }
}

static void describe_storage(unsigned storage, char *buf, size_t size)
{
    static const char *const names[] = {"CrossWorkgroup", "Workgroup", "Function", "UniformConstant", "Generic",
                                        "Input"};
    const char *items[6];
    size_t n = 0;
    for (unsigned b = 0; b < 6; b++)
        if (storage & (1u << b))
            items[n++] = names[b];
    append_list(buf, size, items, n);
}

/* "the Result Type" or "operand 2 (minVal, %7)" */
static const char *slot_name(const ext_check *c, uint32_t k, char *buf, size_t size)
{
    if (k == 0)
        snprintf(buf, size, "the Result Type");
    else if (c->sig->slots[k].shape == EXT_LITERAL_N || c->sig->slots[k].shape == EXT_LITERAL)
        snprintf(buf, size, "operand %u (%s, %u)", k,
                 k <= c->desc->num_operands && c->desc->operands[k - 1].name ? c->desc->operands[k - 1].name : "-",
                 c->id[k]);
    else
        snprintf(buf, size, "operand %u (%s, %%%u)", k,
                 k <= c->desc->num_operands && c->desc->operands[k - 1].name ? c->desc->operands[k - 1].name : "-",
                 c->id[k]);
    return buf;
}

#define REPORT(c, ...) val_error((c)->v, (c)->index, (c)->rule, __VA_ARGS__)

/* ---- a slot on its own ---- */

static unsigned count_bit(uint32_t count)
{
    switch (count) {
    case 1: return N1;
    case 2: return N2;
    case 3: return N3;
    case 4: return N4;
    case 8: return N8;
    case 16: return N16;
    default: return 0;
    }
}

static unsigned width_bit(uint32_t width)
{
    switch (width) {
    case 8: return W8;
    case 16: return W16;
    case 32: return W32;
    case 64: return W64;
    default: return 0;
    }
}

/* Whether type is a scalar or vector of the slot's counts, kind and widths. */
static bool value_fits(const val_state *v, const ext_slot *s, uint32_t type)
{
    val_shape sh = val_shape_of(v, type);
    if (sh.coop || !(count_bit(sh.count) & s->counts))
        return false;
    if (!((s->kind & KF) && sh.kind == VAL_KIND_FLOAT) && !((s->kind & KI) && sh.kind == VAL_KIND_INT))
        return false;
    if (s->widths == WSIZE) {
        uint32_t bits = v->addressing_model == SPVK_ADDRESSING_MODEL_Physical64 ? 64
                        : v->addressing_model == SPVK_ADDRESSING_MODEL_Physical32 ? 32 : 0;
        return !bits || sh.width == bits;
    }
    return !s->widths || (width_bit(sh.width) & s->widths);
}

static unsigned storage_bit(uint32_t storage)
{
    switch (storage) {
    case SPVK_STORAGE_CLASS_CrossWorkgroup: return SC_GLOBAL;
    case SPVK_STORAGE_CLASS_Workgroup: return SC_LOCAL;
    case SPVK_STORAGE_CLASS_Function: return SC_PRIVATE;
    case SPVK_STORAGE_CLASS_UniformConstant: return SC_CONSTANT;
    case SPVK_STORAGE_CLASS_Generic: return SC_GENERIC;
    case SPVK_STORAGE_CLASS_Input: return SC_INPUT;
    default: return 0;
    }
}

static bool is_square_matrix(const val_state *v, uint32_t type)
{
    const val_inst *d = val_def(v, type);
    if (!d || d->opcode != SPVK_OP_TypeMatrix || d->num_words < 4)
        return false;
    return val_component_count(v, val_words(v, d)[2]) == val_words(v, d)[3];
}

static void check_slot(ext_check *c, uint32_t k)
{
    val_state *v = c->v;
    const ext_slot *s = &c->sig->slots[k];
    char name[96], expected[256] = "", actual[96];
    uint32_t t = c->type[k];
    c->vt[k] = t;
    c->ok[k] = true;
    switch (s->shape) {
    case EXT_VALUE:
        if (value_fits(v, s, t))
            return;
        describe_value(v, s->counts, s->kind, s->widths, expected, sizeof expected);
        break;
    case EXT_SAME:
        if (t)
            return;
        snprintf(expected, sizeof expected, "a value");
        break;
    case EXT_VOID:
        if (val_def_opcode(v, t) == SPVK_OP_TypeVoid)
            return;
        snprintf(expected, sizeof expected, "OpTypeVoid");
        break;
    case EXT_SQUARE_MATRIX:
        if (is_square_matrix(v, t))
            return;
        snprintf(expected, sizeof expected, "a square matrix (as many columns as each column has components)");
        break;
    case EXT_LITERAL_N:
        if (t == 2 || t == 3 || t == 4 || t == 8 || t == 16)
            return;
        c->ok[k] = false;
        REPORT(c, "%s %s: %s must be 2, 3, 4, 8 or 16", c->set_name, c->desc->name, slot_name(c, k, name, sizeof name));
        return;
    case EXT_POINTER: {
        uint32_t storage = 0, pointee = 0;
        if (!val_pointer_info(v, t, &storage, &pointee)) {
            append(expected, sizeof expected, "a pointer");
            break;
        }
        c->vt[k] = pointee;
        if (s->storage && !(storage_bit(storage) & s->storage)) {
            c->ok[k] = false;
            describe_storage(s->storage, expected, sizeof expected);
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, storage);
            REPORT(c, "%s %s: %s must be a pointer in the %s storage class, but its type %%%u is a pointer in %s",
                   c->set_name, c->desc->name, slot_name(c, k, name, sizeof name), expected, t, e ? e->name : "?");
            return;
        }
        if (!s->counts || value_fits(v, s, pointee))
            return;
        c->ok[k] = false;
        describe_value(v, s->counts, s->kind, s->widths, expected, sizeof expected);
        REPORT(c, "%s %s: %s must point to %s, but its type %%%u points to %%%u, %s", c->set_name, c->desc->name,
               slot_name(c, k, name, sizeof name), expected, t, pointee,
               val_type_describe(v, pointee, actual, sizeof actual));
        return;
    }
    default: /* the structs are checked with the relations; literals and ANY are not types */
        return;
    }
    c->ok[k] = false;
    if (k == 0)
        REPORT(c, "%s %s: the Result Type must be %s, but %%%u is %s", c->set_name, c->desc->name, expected, t,
               val_type_describe(v, t, actual, sizeof actual));
    else if (!t)
        REPORT(c, "%s %s: %s must be %s, but it is not a value", c->set_name, c->desc->name,
               slot_name(c, k, name, sizeof name), expected);
    else
        REPORT(c, "%s %s: %s must be %s, but its type %%%u is %s", c->set_name, c->desc->name,
               slot_name(c, k, name, sizeof name), expected, t, val_type_describe(v, t, actual, sizeof actual));
}

/* ---- relations between slots ---- */

/* ModfStruct and FrexpStruct: a struct of two members, the first of x's type. */
static void check_struct(ext_check *c, uint32_t k)
{
    val_state *v = c->v;
    const ext_slot *s = &c->sig->slots[k];
    uint32_t t = c->type[k], x = s->ref;
    const val_inst *d = val_def(v, t);
    char actual[96];
    if (!d || d->opcode != SPVK_OP_TypeStruct || d->num_words != 4) {
        REPORT(c, "%s %s: the Result Type must be an OpTypeStruct with two members, but %%%u is %s", c->set_name,
               c->desc->name, t, d && d->opcode == SPVK_OP_TypeStruct ? "a struct of another member count"
                                                                       : val_type_describe(v, t, actual, sizeof actual));
        return;
    }
    const uint32_t *w = val_words(v, d);
    if (!c->ok[x])
        return;
    if (w[2] != c->vt[x])
        REPORT(c, "%s %s: member 0 of the Result Type %%%u must have the type of operand x %%%u, but it is %%%u",
               c->set_name, c->desc->name, t, c->vt[x], w[2]);
    if (s->shape == EXT_STRUCT_MODF) {
        if (w[3] != c->vt[x])
            REPORT(c, "%s %s: member 1 of the Result Type %%%u must have the type of operand x %%%u, but it is %%%u",
                   c->set_name, c->desc->name, t, c->vt[x], w[3]);
        return;
    }
    val_shape m = val_shape_of(v, w[3]);
    if (m.coop || m.kind != VAL_KIND_INT || m.width != 32 || m.count != val_component_count(v, c->vt[x]))
        REPORT(c, "%s %s: member 1 of the Result Type %%%u must be a 32-bit integer scalar or vector with as many "
               "components as operand x (%u), but %%%u is %s", c->set_name, c->desc->name, t,
               val_component_count(v, c->vt[x]), w[3], val_type_describe(v, w[3], actual, sizeof actual));
}

static void check_relation(ext_check *c, uint32_t k)
{
    val_state *v = c->v;
    const ext_slot *s = &c->sig->slots[k];
    uint32_t r = s->ref;
    if (s->shape == EXT_STRUCT_MODF || s->shape == EXT_STRUCT_FREXP) {
        if (r < c->num_slots)
            check_struct(c, k);
        return;
    }
    if (s->rel == EXT_REL_NONE || r >= c->num_slots || !c->ok[k] || !c->ok[r])
        return;
    uint32_t a = c->vt[k], b = c->vt[r];
    val_shape sa = val_shape_of(v, a), sb = val_shape_of(v, b);
    bool broken;
    switch (s->rel) {
    case EXT_REL_SAME: broken = a != b; break;
    case EXT_REL_COMPONENT: broken = val_scalar_type(v, a) != val_scalar_type(v, b); break;
    case EXT_REL_COUNT: broken = sa.count != sb.count; break;
    case EXT_REL_COUNT_WIDTH: broken = sa.count != sb.count || sa.width != sb.width; break;
    case EXT_REL_UPSAMPLE: broken = sa.count != sb.count || sa.width != 2 * sb.width; break;
    case EXT_REL_N: broken = c->id[k] != sb.count; break;
    default: broken = false; break;
    }
    if (!broken)
        return; /* the names below are for the message only: most instructions need none */
    char name[96], ref_name[96], what[128], actual[96];
    slot_name(c, r, ref_name, sizeof ref_name);
    if (s->shape == EXT_POINTER)
        snprintf(what, sizeof what, "the type %%%u that %s points to", a, slot_name(c, k, name, sizeof name));
    else if (k == 0)
        snprintf(what, sizeof what, "the Result Type %%%u", a);
    else
        snprintf(what, sizeof what, "the type %%%u of %s", a, slot_name(c, k, name, sizeof name));
    switch (s->rel) {
    case EXT_REL_SAME:
        if (a != b && r == 0)
            REPORT(c, "%s %s: %s must be the Result Type %%%u (%s)", c->set_name, c->desc->name, what, b,
                   val_type_describe(v, b, actual, sizeof actual));
        else if (a != b)
            REPORT(c, "%s %s: %s must be the type of %s, %%%u (%s)", c->set_name, c->desc->name, what, ref_name, b,
                   val_type_describe(v, b, actual, sizeof actual));
        break;
    case EXT_REL_COMPONENT:
        if (val_scalar_type(v, a) != val_scalar_type(v, b))
            REPORT(c, "%s %s: %s must have the component type of %s, %%%u (%s)", c->set_name, c->desc->name, what,
                   ref_name, val_scalar_type(v, b), val_type_describe(v, val_scalar_type(v, b), actual, sizeof actual));
        break;
    case EXT_REL_COUNT:
        if (sa.count != sb.count)
            REPORT(c, "%s %s: %s has %u component%s; it must have as many as %s (%u)", c->set_name, c->desc->name,
                   what, sa.count, sa.count == 1 ? "" : "s", ref_name, sb.count);
        break;
    case EXT_REL_COUNT_WIDTH:
        if (sa.count != sb.count || sa.width != sb.width)
            REPORT(c, "%s %s: %s has %u component%s of %u bits; it must have as many components as %s, as wide "
                   "(%u of %u bits)", c->set_name, c->desc->name, what, sa.count, sa.count == 1 ? "" : "s", sa.width,
                   ref_name, sb.count, sb.width);
        break;
    case EXT_REL_UPSAMPLE:
        if (sa.count != sb.count || sa.width != 2 * sb.width)
            REPORT(c, "%s %s: %s has %u component%s of %u bits; it must have as many components as %s, twice as "
                   "wide (%u of %u bits)", c->set_name, c->desc->name, what, sa.count, sa.count == 1 ? "" : "s",
                   sa.width, ref_name, sb.count, 2 * sb.width);
        break;
    case EXT_REL_N:
        if (c->id[k] != sb.count)
            REPORT(c, "%s %s: %s must be the component count of the Result Type %%%u (%u)", c->set_name,
                   c->desc->name, slot_name(c, k, name, sizeof name), b, sb.count);
        break;
    default:
        break;
    }
}

/* ---- the instruction ---- */

static bool involves_bf16(const val_state *v, uint32_t type)
{
    uint32_t storage, pointee;
    if (val_type_flags(v, type) & VAL_TYPE_CONTAINS_BF16)
        return true;
    return val_pointer_info(v, type, &storage, &pointee) && (val_type_flags(v, pointee) & VAL_TYPE_CONTAINS_BF16);
}

void val_check_ext_inst(val_state *v, const val_inst *i)
{
    if (i->ext_set == SPVK_EXT_INST_SET_NONE || i->num_words < 5)
        return;
    const spvk_ext_inst_set_desc *set = spvk_ext_inst_set(i->ext_set);
    if (!set)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t number = w[4];
    ext_check c;
    if (strcmp(set->import_name, "GLSL.std.450") == 0) {
        if (number >= sizeof glsl_std_450_sigs / sizeof glsl_std_450_sigs[0])
            return;
        c.sig = &glsl_std_450_sigs[number];
        c.rule = RULE_GLSL;
        c.set_name = "GLSL.std.450";
    } else if (strcmp(set->import_name, "OpenCL.std") == 0) {
        if (number >= sizeof opencl_std_sigs / sizeof opencl_std_sigs[0])
            return;
        c.sig = &opencl_std_sigs[number];
        c.rule = opencl_rules[c.sig->section < 9 ? c.sig->section : 0];
        c.set_name = "OpenCL.std";
    } else {
        return;
    }
    c.desc = spvk_ext_instruction_by_opcode(i->ext_set, number);
    if (c.sig->slots[0].shape == EXT_NONE || !c.desc)
        return;
    c.v = v;
    c.index = val_index(v, i);

    uint32_t given = i->num_words - 5u, wanted = c.sig->num_operands & ~EXT_VARIADIC;
    bool variadic = c.sig->num_operands & EXT_VARIADIC;
    if (variadic ? given < wanted : given != wanted) {
        REPORT(&c, "%s %s takes %s%u operand%s, but has %u", c.set_name, c.desc->name, variadic ? "at least " : "",
               wanted, wanted == 1 ? "" : "s", given);
        return;
    }

    c.num_slots = 1 + wanted;
    c.id[0] = i->result_id;
    c.type[0] = w[1];
    bool bf16 = involves_bf16(v, w[1]);
    for (uint32_t k = 1; k <= given; k++) {
        uint8_t shape = k < c.num_slots ? c.sig->slots[k].shape : EXT_ANY;
        bool literal = shape == EXT_LITERAL || shape == EXT_LITERAL_N;
        uint32_t type = literal ? 0 : val_type_of(v, w[4 + k]);
        bf16 = bf16 || (!literal && involves_bf16(v, type));
        if (k < c.num_slots) {
            c.id[k] = w[4 + k];
            /* A literal slot's "type" is its value, which check_slot and the relations read. */
            c.type[k] = literal ? w[4 + k] : type;
        }
    }
    if (bf16)
        return; /* val_bf16.c rejects the instruction (SPV_KHR_bfloat16) */

    for (uint32_t k = 0; k < c.num_slots && !v->stop; k++)
        check_slot(&c, k);
    for (uint32_t k = 0; k < c.num_slots && !v->stop; k++)
        check_relation(&c, k);
}
