/* Conversion instructions (SPIR-V 3.3.11): the kinds, component counts and widths of value and
   Result Type as each instruction's entry states them, and OpBitcast's size and pointer rules
   (the pointer-to-vector rule is a universal one, SPIR-V 2.16.1). Cooperative matrices take
   part where SPV_KHR_cooperative_matrix admits them: its value and result then agree in scope,
   rows, columns and use. Floats of different encodings are different component types, so a
   bf16 <-> f16 OpFConvert is a conversion; whether bf16 values may be converted is val_bf16.c's. */
#include <stdio.h>

#include "val_types.h"

#define RULE_CONVERSION "SPIR-V 3.3.11"

typedef val_inst_check ctx;

static const char *kind_name(val_kind kind)
{
    return kind == VAL_KIND_INT ? "integer" : kind == VAL_KIND_FLOAT ? "floating-point" : "Boolean";
}

static bool result_is(ctx *c, val_kind kind, bool unsigned_only)
{
    if (c->result.kind != kind || (unsigned_only && val_int_signedness(c->v, c->result.scalar) != 0)) {
        char expected[96];
        snprintf(expected, sizeof expected, "a scalar or vector of %s type%s", kind_name(kind),
                 unsigned_only ? " whose Signedness is 0" : "");
        return val_inst_result_error(c, expected);
    }
    return true;
}

/* The value (operand 0): a scalar or vector of kind with Result Type's component count (or a
   cooperative matrix of Result Type's shape). Its shape, kind NONE when wrong. */
static val_shape value_like_result(ctx *c, val_kind kind, const char *what)
{
    uint32_t id = val_inst_operand(c, 0);
    val_shape none = {0, 0, VAL_KIND_NONE, 0, 0, NULL};
    if (!val_def(c->v, id))
        return none;
    uint32_t t = val_type_of(c->v, id);
    val_shape s = val_shape_of(c->v, t);
    bool same = c->result.coop && s.coop ? val_coop_matrix_shapes_match(c->v, c->result.coop, s.coop, true)
                                         : val_shape_same_count(c->v, &s, &c->result);
    if (s.kind != kind || !same) {
        char expected[128];
        if (c->result.coop)
            snprintf(expected, sizeof expected, "a cooperative matrix of %s type with the scope, rows, columns and "
                     "use of Result Type", kind_name(kind));
        else
            snprintf(expected, sizeof expected, "a scalar or vector of %s type with %u component%s", kind_name(kind),
                     c->result.count, c->result.count == 1 ? "" : "s");
        val_inst_operand_error(c, what, id, t, expected);
        return none;
    }
    return s;
}

static void numeric_convert(ctx *c, val_kind from, val_kind to, bool unsigned_result, const char *what)
{
    if (!val_inst_ready(c, 1) || !result_is(c, to, unsigned_result))
        return;
    value_like_result(c, from, what);
}

/* OpUConvert, OpSConvert, OpFConvert: a width (or, for floats, encoding) change. */
static void width_convert(ctx *c, val_kind kind, bool unsigned_result, const char *what)
{
    if (!val_inst_ready(c, 1) || !result_is(c, kind, unsigned_result))
        return;
    val_shape s = value_like_result(c, kind, what);
    if (s.kind == VAL_KIND_NONE)
        return;
    if (kind == VAL_KIND_INT ? s.width == c->result.width : s.scalar == c->result.scalar) {
        char expected[96];
        snprintf(expected, sizeof expected, "a component %s different from Result Type's",
                 kind == VAL_KIND_INT ? "width" : "type (width or encoding)");
        val_inst_operand_error(c, what, val_inst_operand(c, 0), s.type, expected);
    }
}

static void quantize(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    const val_inst *f = val_def(c->v, c->result.scalar);
    if (!val_shape_is(&c->result, VAL_KIND_FLOAT) || c->result.width != 32 || !f || f->num_words != 3) {
        val_inst_result_error(c, "a scalar or vector of 32-bit floating-point type without a Floating Point Encoding");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (val_def(c->v, id) && val_type_of(c->v, id) != c->i->type_id)
        val_inst_operand_error(c, "Value", id, val_type_of(c->v, id), "the Result Type");
}

/* The width of a physical pointer under the module's addressing model; 0 when logical. */
static uint32_t pointer_width(const val_state *v, uint32_t storage_class)
{
    if (storage_class == SPVK_STORAGE_CLASS_PhysicalStorageBuffer)
        return 64;
    switch (v->addressing_model) {
    case SPVK_ADDRESSING_MODEL_Physical32:
        return 32;
    case SPVK_ADDRESSING_MODEL_Physical64:
    case SPVK_ADDRESSING_MODEL_PhysicalStorageBuffer64:
        return 64;
    default:
        return 0;
    }
}

static void ptr_to_u(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    if (!val_is_int_type(c->v, c->i->type_id) || val_int_signedness(c->v, c->i->type_id) != 0) {
        val_inst_result_error(c, "a scalar of integer type whose Signedness is 0");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    if (val_def(c->v, id) && !val_pointer_info(c->v, val_type_of(c->v, id), NULL, NULL))
        val_inst_operand_error(c, "Pointer", id, val_type_of(c->v, id), "a physical pointer type");
}

static void u_to_ptr(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    if (!val_pointer_info(c->v, c->i->type_id, NULL, NULL)) {
        val_inst_result_error(c, "a physical pointer type");
        return;
    }
    uint32_t id = val_inst_operand(c, 0);
    uint32_t t = val_type_of(c->v, id);
    if (val_def(c->v, id) && (!val_is_int_type(c->v, t) || val_int_signedness(c->v, t) != 0))
        val_inst_operand_error(c, "Integer Value", id, t, "a scalar of integer type whose Signedness is 0");
}

static bool cast_storage_ok(uint32_t sc)
{
    return sc == SPVK_STORAGE_CLASS_Workgroup || sc == SPVK_STORAGE_CLASS_CrossWorkgroup ||
           sc == SPVK_STORAGE_CLASS_Function;
}

/* OpPtrCastToGeneric (to_generic), OpGenericCastToPtr, OpGenericCastToPtrExplicit (explicit). */
static void generic_cast(ctx *c, bool to_generic, bool is_explicit)
{
    uint32_t rsc, rpointee, osc, opointee;
    if (!val_inst_ready(c, is_explicit ? 2 : 1))
        return;
    bool pointer = val_def_opcode(c->v, c->i->type_id) == SPVK_OP_TypePointer &&
                   val_pointer_info(c->v, c->i->type_id, &rsc, &rpointee);
    if (!pointer || (to_generic ? rsc != SPVK_STORAGE_CLASS_Generic : !cast_storage_ok(rsc))) {
        val_inst_result_error(c, to_generic
                                     ? "an OpTypePointer whose Storage Class is Generic"
                                     : "an OpTypePointer whose Storage Class is Workgroup, CrossWorkgroup or Function");
        return;
    }
    if (is_explicit && val_words(c->v, c->i)[4] != rsc)
        val_error(c->v, c->index, RULE_CONVERSION, "the Storage operand of %s is not the Storage Class of its Result "
                  "Type %%%u", c->name, c->i->type_id);
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    if (val_def_opcode(c->v, t) != SPVK_OP_TypePointer || !val_pointer_info(c->v, t, &osc, &opointee) ||
        (to_generic ? !cast_storage_ok(osc) : osc != SPVK_STORAGE_CLASS_Generic))
        val_inst_operand_error(c, "Pointer", id, t,
                               to_generic ? "a pointer into the Workgroup, CrossWorkgroup or Function Storage Class"
                                          : "a pointer into the Generic Storage Class");
    else if (opointee != rpointee)
        val_inst_operand_error(c, "Pointer", id, t, "a pointer to the type Result Type points to");
}

/* Total bits of a scalar or vector shape (0 unknown). */
static uint64_t shape_bits(const val_shape *s) { return (uint64_t)s->width * s->count; }

static void bitcast(ctx *c)
{
    if (!val_inst_ready(c, 1))
        return;
    uint32_t id = val_inst_operand(c, 0);
    if (!val_def(c->v, id))
        return;
    uint32_t t = val_type_of(c->v, id);
    uint32_t rsc = 0, osc = 0;
    bool rptr = val_pointer_info(c->v, c->i->type_id, &rsc, NULL), optr = val_pointer_info(c->v, t, &osc, NULL);
    val_shape r = c->result, o = val_shape_of(c->v, t);
    bool rnum = r.kind == VAL_KIND_INT || r.kind == VAL_KIND_FLOAT;
    bool onum = o.kind == VAL_KIND_INT || o.kind == VAL_KIND_FLOAT;
    if (!rptr && !rnum) {
        val_inst_result_error(c, "an OpTypePointer, or a scalar or vector of numerical type");
        return;
    }
    if (!optr && !onum) {
        val_inst_operand_error(c, "Operand", id, t, "an OpTypePointer, or a scalar or vector of numerical type");
        return;
    }
    if (t == c->i->type_id) {
        val_inst_operand_error(c, "Operand", id, t, "a type different from Result Type");
        return;
    }
    if (r.coop || o.coop) {
        if (!r.coop || !o.coop || r.kind != VAL_KIND_INT || o.kind != VAL_KIND_INT || r.width != o.width ||
            !val_shape_same_count(c->v, &r, &o))
            val_inst_operand_error(c, "Operand", id, t, "with a cooperative matrix, a cooperative matrix of integer "
                                   "components of the same width and the same scope, rows, columns and use");
        return;
    }
    if (rptr && optr) {
        if (rsc != osc)
            val_inst_operand_error(c, "Operand", id, t, "a pointer into the Result Type's storage class");
        return;
    }
    if (rptr || optr) {
        const val_shape *other = rptr ? &o : &r;
        /* SPV_KHR_physical_storage_buffer brings the 1.5 rule to older versions: its OpBitcast
           allows "a pointer, an integer scalar, or an integer vector" (GL_EXT_buffer_reference_uvec2
           casts uvec2 to and from buffer references through it). */
        bool vector_ok = c->v->header.version >= SPVK_VERSION(1, 5) ||
                         val_has_extension(c->v, "SPV_KHR_physical_storage_buffer");
        if (other->kind != VAL_KIND_INT || (other->count > 1 && !vector_ok)) {
            const char *expected = vector_ok ? "with a pointer, a pointer, an integer scalar or an integer vector"
                                             : "with a pointer, a pointer or an integer scalar (integer vectors: "
                                               "SPIR-V 1.5 or SPV_KHR_physical_storage_buffer)";
            if (rptr)
                val_inst_operand_error(c, "Operand", id, t, expected);
            else
                val_inst_result_error(c, expected);
            return;
        }
        if (other->count > 1 && other->width != 32) {
            char buf[128];
            val_error(c->v, c->index, VAL_RULE_UNIVERSAL, "%s between a pointer and %s: only vectors of 32-bit "
                      "integers may be bitcast to or from pointers", c->name,
                      val_type_describe(c->v, other->type, buf, sizeof buf));
            return;
        }
        uint32_t pw = pointer_width(c->v, rptr ? rsc : osc);
        if (pw && shape_bits(other) != pw) {
            char buf[128];
            val_error(c->v, c->index, RULE_CONVERSION, "%s between a %u-bit pointer and %s: the sizes differ",
                      c->name, pw, val_type_describe(c->v, other->type, buf, sizeof buf));
        }
        return;
    }
    if (r.count == o.count) {
        if (r.width != o.width)
            val_inst_operand_error(c, "Operand", id, t, "the component width of Result Type, as the component "
                                   "counts are equal");
        return;
    }
    uint32_t larger = r.count > o.count ? r.count : o.count, smaller = r.count > o.count ? o.count : r.count;
    if (shape_bits(&r) != shape_bits(&o) || !smaller || larger % smaller)
        val_inst_operand_error(c, "Operand", id, t, "as many bits in total as Result Type");
}

void val_check_conversion(val_state *v, const val_inst *i)
{
    ctx c = val_inst_check_of(v, i, RULE_CONVERSION);
    switch (i->opcode) {
    case SPVK_OP_ConvertFToU:
        numeric_convert(&c, VAL_KIND_FLOAT, VAL_KIND_INT, true, "Float Value");
        break;
    case SPVK_OP_ConvertFToS:
        numeric_convert(&c, VAL_KIND_FLOAT, VAL_KIND_INT, false, "Float Value");
        break;
    case SPVK_OP_ConvertSToF:
        numeric_convert(&c, VAL_KIND_INT, VAL_KIND_FLOAT, false, "Signed Value");
        break;
    case SPVK_OP_ConvertUToF:
        numeric_convert(&c, VAL_KIND_INT, VAL_KIND_FLOAT, false, "Unsigned Value");
        break;
    case SPVK_OP_UConvert:
        width_convert(&c, VAL_KIND_INT, true, "Unsigned Value");
        break;
    case SPVK_OP_SConvert:
        width_convert(&c, VAL_KIND_INT, false, "Signed Value");
        break;
    case SPVK_OP_FConvert:
        width_convert(&c, VAL_KIND_FLOAT, false, "Float Value");
        break;
    case SPVK_OP_QuantizeToF16:
        quantize(&c);
        break;
    case SPVK_OP_SatConvertSToU:
        if (!c.result.coop)
            numeric_convert(&c, VAL_KIND_INT, VAL_KIND_INT, false, "Signed Value");
        break;
    case SPVK_OP_SatConvertUToS:
        if (!c.result.coop)
            numeric_convert(&c, VAL_KIND_INT, VAL_KIND_INT, false, "Unsigned Value");
        break;
    case SPVK_OP_ConvertPtrToU:
        ptr_to_u(&c);
        break;
    case SPVK_OP_ConvertUToPtr:
        u_to_ptr(&c);
        break;
    case SPVK_OP_PtrCastToGeneric:
        generic_cast(&c, true, false);
        break;
    case SPVK_OP_GenericCastToPtr:
        generic_cast(&c, false, false);
        break;
    case SPVK_OP_GenericCastToPtrExplicit:
        generic_cast(&c, false, true);
        break;
    case SPVK_OP_Bitcast:
        bitcast(&c);
        break;
    default:
        break;
    }
}
