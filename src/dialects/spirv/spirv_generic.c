/* The generic mapping between one SPIR-V instruction and one spirv operation (spirv_internal.h),
   the op-info lookups, and decorations as attribute names.

   Decoding walks the grammar's operand list again over the reader's decoded operands: the reader
   already expanded enumerant parameters in place and split nothing else for generic instructions
   (pairs appear only in structural ones), so each grammar operand consumes a known number of
   operand records. Encoding walks the same list over the op's attributes and SSA operands; where
   optional or variadic ids leave the split of the SSA operands open, the operands that later slots
   need (required ids, the id parameters of present enumerants) are kept for them, which is the only
   split the binary form allows (an optional operand is never left out before a present one). */
#include <stdio.h>
#include <string.h>

#include "spirv_internal.h"
#include "../../grammar/grammar_internal.h"
#include "../../support/support.h"

/* ---- Lookups ---- */

const spvk_spirv_op_info *spvk_spirv_op_info_by_opcode(uint32_t opcode)
{
    size_t lo = 0, hi = spvk_spirv_num_core_op_infos;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint32_t o = spvk_spirv_op_infos[mid].opcode;
        if (o == opcode)
            return &spvk_spirv_op_infos[mid];
        if (o < opcode)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const spvk_spirv_op_info *spvk_spirv_op_info_by_ext(unsigned ext_set, uint32_t ext_opcode)
{
    /* The extended instructions follow the core ones, sorted by (set, number). */
    size_t lo = spvk_spirv_num_core_op_infos, hi = spvk_spirv_num_op_infos;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const spvk_spirv_op_info *i = &spvk_spirv_op_infos[mid];
        if (i->ext_set == ext_set && i->ext_opcode == ext_opcode)
            return i;
        if (i->ext_set < ext_set || (i->ext_set == ext_set && i->ext_opcode < ext_opcode))
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const spvk_spirv_op_info *spvk_spirv_op_info_by_name(const char *name, size_t length)
{
    /* "spv." is the dialect's alias. */
    if (length > 4 && memcmp(name, "spv.", 4) == 0) {
        name += 4;
        length -= 4;
    } else if (length > 6 && memcmp(name, "spirv.", 6) == 0) {
        name += 6;
        length -= 6;
    } else {
        return NULL;
    }
    size_t lo = 0, hi = spvk_spirv_num_op_infos;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const spvk_spirv_op_info *info = &spvk_spirv_op_infos[spvk_spirv_op_infos_by_name[mid]];
        const char *n = info->name + 6;
        size_t nl = strlen(n);
        int c = memcmp(n, name, nl < length ? nl : length);
        if (c == 0 && nl == length)
            return info;
        if (c < 0 || (c == 0 && nl < length))
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const spvk_spirv_op_info *spvk_spirv_op_info_of(const spvk_ir_op *op)
{
    if (!op || !op->def || op->def->dialect != spvk_spirv_dialect())
        return NULL;
    const spvk_spirv_op_data *data = op->def->data;
    return data ? data->info : NULL;
}

/* ---- Names ---- */

/* llvm::convertToSnakeFromCamelCase, which MLIR applies to decoration names: "NonWritable" ->
   "non_writable", "FPFastMathMode" -> "fp_fast_math_mode". Returns the length written (out holds
   at least 2 * strlen(in) + 1 bytes). */
static size_t snake_case(const char *in, char *out)
{
    size_t n = strlen(in), k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        bool up = c >= 'A' && c <= 'Z';
        out[k++] = up ? (char)(c - 'A' + 'a') : c;
        bool next_up = i + 1 < n && in[i + 1] >= 'A' && in[i + 1] <= 'Z';
        bool next2_low = i + 2 < n && in[i + 2] >= 'a' && in[i + 2] <= 'z';
        if (up && next_up && next2_low)
            out[k++] = '_';
        if (((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) && next_up)
            out[k++] = '_';
    }
    out[k] = '\0';
    return k;
}

const char *spvk_spirv_decoration_attr_name(spvk_ir_context *ctx, uint32_t decoration)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, decoration);
    char buf[160];
    if (!e) {
        /* An unknown decoration keeps its number, so it survives a round trip as an attribute. */
        int n = snprintf(buf, sizeof buf, "decoration_%u", decoration);
        return spvk_ir_intern(ctx, buf, (size_t)n);
    }
    if (strlen(e->name) * 2 + 1 > sizeof buf)
        return NULL;
    size_t n = snake_case(e->name, buf);
    return spvk_ir_intern(ctx, buf, n);
}

int spvk_spirv_decoration_from_attr_name(const char *name)
{
    /* Decoration names are snake_case words only; anything else is an inherent attribute. */
    if (!name || !*name)
        return -1;
    if (strncmp(name, "decoration_", 11) == 0 && name[11]) {
        unsigned long v = 0;
        for (const char *c = name + 11; *c; c++) {
            if (*c < '0' || *c > '9' || v > 0xffffffffUL / 10)
                return -1;
            v = v * 10 + (unsigned long)(*c - '0');
        }
        return spvk_enumerant_by_value(SPVK_OPERAND_Decoration, (uint32_t)v) ? -1 : (int)v;
    }
    /* Binary search: the serializer asks this of every attribute of every op. */
    size_t lo = 0, hi = spvk_spirv_num_decoration_attr_names;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(spvk_spirv_decoration_attr_names[mid].name, name);
        if (c == 0)
            return (int)spvk_spirv_decoration_attr_names[mid].value;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const char *spvk_spirv_enum_attr_mnemonic(unsigned operand_kind)
{
    return operand_kind < SPVK_OPERAND_KIND_COUNT ? spvk_spirv_enum_mnemonics[operand_kind] : NULL;
}

const char *spvk_spirv_function_param_attr(unsigned kind, uint32_t enumerant_value)
{
    /* SPV_NV_cooperative_matrix2: the decode functions of OpCooperativeMatrixLoadTensorNV are the
       only enumerant parameters the grammar has that name functions. */
    if (kind != SPVK_OPERAND_TensorAddressingOperands)
        return NULL;
    if (enumerant_value == SPVK_TENSOR_ADDRESSING_OPERANDS_DecodeFunc)
        return "decode_func";
    if (enumerant_value == SPVK_TENSOR_ADDRESSING_OPERANDS_DecodeVectorFunc)
        return "decode_vector_func";
    return NULL;
}

/* ---- Decoding ---- */

typedef struct decoder {
    spvk_ir_context *ctx;
    const spvk_spirv_op_info *info;
    const spvk_instruction *inst;
    spvk_ir_value *const *ids;
    const spvk_spirv_id_hooks *hooks;
    spvk_spirv_decoded *out;
    spvk_diagnostics *diags;
    uint32_t k;      /* next operand record */
    uint32_t id;     /* next id operand index (into ids) */
    uint32_t num_attrs;
    spvk_result result;
} decoder;

static spvk_result dec_fail(decoder *d, const char *fmt, ...) SPVK_PRINTF(2, 3);
static spvk_result dec_fail(decoder *d, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    spvk_diag_add(d->diags, SPVK_SEVERITY_ERROR, NULL, d->inst->offset, d->inst->opcode, NULL, 0, 0, NULL, 0,
                  "%s (%s): %s", d->info->name, d->inst->desc ? d->inst->desc->name : "?", msg);
    d->result = SPVK_ERROR_INVALID;
    return d->result;
}

static spvk_result dec_oom(decoder *d)
{
    spvk_diag_add(d->diags, SPVK_SEVERITY_ERROR, NULL, d->inst->offset, d->inst->opcode, NULL, 0, 0, NULL, 0,
                  "out of memory decoding %s", d->info->name);
    d->result = SPVK_ERROR_OUT_OF_MEMORY;
    return d->result;
}

static spvk_result add_attr(decoder *d, const char *name, const spvk_ir_attr *value)
{
    if (!name || !value)
        return dec_oom(d);
    /* One attribute per operand record at most, but an empty variadic literal list has none:
       the scratch is inst->num_operands entries, so such a list is simply left out. */
    if (d->num_attrs >= d->inst->num_operands)
        return dec_fail(d, "more attributes than operands");
    d->out->attr_names[d->num_attrs] = name;
    d->out->attr_values[d->num_attrs] = value;
    d->num_attrs++;
    return SPVK_OK;
}

static spvk_result add_id_operand(decoder *d)
{
    spvk_ir_value *v = d->ids ? d->ids[d->id] : NULL;
    if (!v)
        return dec_fail(d, "id operand %u (%%%u) has no value", d->id, d->inst->words[d->inst->operands[d->k].offset]);
    d->out->operands[d->out->state.num_operands++] = v;
    d->id++;
    d->k++;
    return SPVK_OK;
}

static const spvk_ir_attr *literal_attr(decoder *d, const spvk_operand *o)
{
    spvk_ir_context *ctx = d->ctx;
    switch (o->kind) {
    case SPVK_OPERAND_LiteralString: {
        const char *s = spvk_operand_string(d->inst, o);
        return spvk_ir_string_attr(ctx, s, strlen(s));
    }
    case SPVK_OPERAND_LiteralFloat: {
        float f;
        uint32_t w = d->inst->words[o->offset];
        memcpy(&f, &w, sizeof f);
        return spvk_ir_float_attr(ctx, spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE), f);
    }
    default:
        /* A 32-bit literal as MLIR's I32Attr: signless, so the bits are kept sign-extended. */
        return spvk_ir_i32_attr(ctx, (int32_t)d->inst->words[o->offset]);
    }
}

static const char *param_name(decoder *d, const spvk_spirv_slot *slot, uint32_t n)
{
    if (n < slot->num_param_attr_names)
        return slot->param_attr_names[n];
    char buf[96];
    int len = snprintf(buf, sizeof buf, "%s_%u", slot->attr_name, n);
    return len > 0 && (size_t)len < sizeof buf ? spvk_ir_intern(d->ctx, buf, (size_t)len) : NULL;
}

/* An enumerant's parameters, which follow it: ids as SSA operands, literals as attributes. */
static spvk_result decode_params(decoder *d, const spvk_spirv_slot *slot, unsigned kind,
                                 const spvk_enumerant_desc *e, uint32_t *literal_index)
{
    const char *function_attr = spvk_spirv_function_param_attr(kind, e->value);
    for (uint8_t i = 0; i < e->num_parameters; i++) {
        if (d->k >= d->inst->num_operands)
            return dec_fail(d, "missing parameter of %s", e->name);
        const spvk_operand *o = &d->inst->operands[d->k];
        if (spvk_operand_kind_categories[o->kind] == SPVK_CATEGORY_ID && function_attr) {
            uint32_t id = d->inst->words[o->offset];
            const spvk_ir_attr *a = d->hooks && d->hooks->attr_of_id
                                        ? d->hooks->attr_of_id(d->hooks->user, id, SPVK_SPIRV_ID_AS_FUNCTION)
                                        : NULL;
            if (!a || a->kind != SPVK_ATTR_SYMBOL_REF || a->dialect)
                return dec_fail(d, "parameter %%%u of %s must be a function (it becomes the attribute '%s')", id,
                                e->name, function_attr);
            if (add_attr(d, function_attr, a) != SPVK_OK)
                return d->result;
            d->id++;
            d->k++;
        } else if (spvk_operand_kind_categories[o->kind] == SPVK_CATEGORY_ID) {
            if (add_id_operand(d) != SPVK_OK)
                return d->result;
        } else if (spvk_operand_kind_categories[o->kind] == SPVK_CATEGORY_LITERAL) {
            if (add_attr(d, param_name(d, slot, (*literal_index)++), literal_attr(d, o)) != SPVK_OK)
                return d->result;
            d->k++;
        } else {
            return dec_fail(d, "parameter %u of %s is an enumerant, which the generic form cannot hold", i, e->name);
        }
    }
    return SPVK_OK;
}

static spvk_result decode_enum(decoder *d, const spvk_spirv_slot *slot, const spvk_operand *o,
                               const spvk_ir_attr **attr_out)
{
    uint32_t value = d->inst->words[o->offset];
    const spvk_operand_kind_desc *k = spvk_operand_kind(o->kind);
    *attr_out = spvk_spirv_enum_attr(d->ctx, o->kind, value);
    if (!*attr_out)
        return dec_oom(d);
    d->k++;
    uint32_t literal_index = 0;
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(o->kind, value);
        return e ? decode_params(d, slot, o->kind, e, &literal_index) : SPVK_OK;
    }
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(o->kind, b);
        if (e && e->num_parameters && decode_params(d, slot, o->kind, e, &literal_index) != SPVK_OK)
            return d->result;
    }
    return SPVK_OK;
}

static const spvk_ir_attr *constant_of_value(const spvk_ir_value *v)
{
    if (!v || !v->defining_op)
        return NULL;
    const spvk_ir_attr *a = spvk_ir_op_attr(v->defining_op, "value");
    return a && a->kind == SPVK_ATTR_INTEGER && !a->dialect ? a : NULL;
}

/* An id that MLIR holds as an attribute: a constant's value (as the slot's enum, or an i32) or a type. */
static spvk_result decode_id_attr(decoder *d, const spvk_spirv_slot *slot)
{
    uint32_t id = d->inst->words[d->inst->operands[d->k].offset];
    const spvk_ir_attr *a = NULL;
    if (d->hooks && d->hooks->attr_of_id)
        a = d->hooks->attr_of_id(d->hooks->user, id, slot->id_as_attr);
    if (slot->id_as_attr == SPVK_SPIRV_ID_AS_TYPE) {
        if (!a || a->kind != SPVK_ATTR_TYPE || a->dialect)
            return dec_fail(d, "operand %%%u must be a type (it becomes the attribute '%s')", id, slot->attr_name);
    } else if (slot->id_as_attr == SPVK_SPIRV_ID_AS_FUNCTION) {
        if (!a || a->kind != SPVK_ATTR_SYMBOL_REF || a->dialect)
            return dec_fail(d, "operand %%%u must be a function (it becomes the attribute '%s')", id, slot->attr_name);
    } else if (a && a->kind == SPVK_ATTR_SYMBOL_REF && !a->dialect) {
        /* spvkit's: a specialization constant's symbol stands for it (the hook gave it). */
    } else {
        if (!a)
            a = constant_of_value(d->ids ? d->ids[d->id] : NULL);
        if (!a || a->kind != SPVK_ATTR_INTEGER || a->dialect)
            return dec_fail(d, "operand %%%u must be an integer OpConstant (it becomes the attribute '%s')", id,
                            slot->attr_name);
        if (slot->attr_kind != SPVK_SPIRV_ATTR_KIND_NONE)
            a = spvk_spirv_enum_attr(d->ctx, slot->attr_kind, (uint32_t)a->value);
        else
            a = spvk_ir_i32_attr(d->ctx, (int32_t)(uint32_t)a->value);
    }
    if (add_attr(d, slot->attr_name, a) != SPVK_OK)
        return d->result;
    d->id++;
    d->k++;
    return SPVK_OK;
}

spvk_result spvk_spirv_decode_generic_ex(spvk_ir_context *ctx, const spvk_spirv_op_info *info,
                                         const spvk_instruction *inst, spvk_ir_value *const *id_values,
                                         const spvk_ir_type *result_type, const spvk_spirv_id_hooks *hooks,
                                         spvk_spirv_decoded *out, spvk_diagnostics *diags)
{
    decoder d = {ctx, info, inst, id_values, hooks, out, diags, 0, 0, 0, SPVK_OK};
    memset(&out->state, 0, sizeof out->state);
    out->state.name = info->name;
    out->state.name_length = strlen(info->name);
    /* def stays NULL: spvk_ir_op_create resolves the name, unless the caller, which may know the
       def already (the deserializer caches one per op info), sets it. */
    out->state.operands = out->operands;
    if (!(info->flags & SPVK_SPIRV_OP_GENERIC))
        return dec_fail(&d, "the instruction is not generic: the (de)serializer handles it");

    const spvk_operand_desc *ops;
    uint32_t num_ops;
    /* Skip the result type and id; an extended instruction also its set (id 0) and number. */
    while (d.k < inst->num_operands &&
           (inst->operands[d.k].kind == SPVK_OPERAND_IdResultType || inst->operands[d.k].kind == SPVK_OPERAND_IdResult))
        d.k++;
    if (info->ext_desc) {
        if (inst->opcode != SPVK_OP_ExtInst || inst->num_operands < d.k + 2)
            return dec_fail(&d, "not an OpExtInst");
        d.k += 2;
        d.id = 1;
        ops = info->ext_desc->operands;
        num_ops = info->ext_desc->num_operands;
    } else {
        if (inst->opcode != info->opcode)
            return dec_fail(&d, "opcode %u does not match", inst->opcode);
        ops = info->desc->operands;
        num_ops = info->desc->num_operands;
    }

    uint32_t gi = 0;
    for (uint32_t oi = 0; oi < num_ops && d.result == SPVK_OK; oi++) {
        const spvk_operand_desc *od = &ops[oi];
        if (od->kind == SPVK_OPERAND_IdResultType || od->kind == SPVK_OPERAND_IdResult)
            continue;
        if (gi >= info->num_slots)
            return dec_fail(&d, "operand %u has no slot", gi);
        const spvk_spirv_slot *slot = &info->slots[gi++];
        if (d.k >= inst->num_operands) {
            if (od->quantifier == SPVK_QUANTIFIER_ONE)
                return dec_fail(&d, "missing operand %u", gi - 1);
            break;
        }
        uint8_t cat = spvk_operand_kind_categories[od->kind];
        if (cat == SPVK_CATEGORY_ID) {
            if (slot->id_as_attr != SPVK_SPIRV_ID_AS_NONE) {
                decode_id_attr(&d, slot);
                continue;
            }
            do
                add_id_operand(&d);
            while (d.result == SPVK_OK && od->quantifier == SPVK_QUANTIFIER_VARIADIC && d.k < inst->num_operands);
        } else if (cat == SPVK_CATEGORY_LITERAL) {
            if (od->kind != SPVK_OPERAND_LiteralInteger && od->kind != SPVK_OPERAND_LiteralString &&
                od->kind != SPVK_OPERAND_LiteralFloat)
                return dec_fail(&d, "literal kind %s is not generic", spvk_operand_kind(od->kind)->name);
            if (od->quantifier != SPVK_QUANTIFIER_VARIADIC) {
                add_attr(&d, slot->attr_name, literal_attr(&d, &inst->operands[d.k]));
                d.k++;
                continue;
            }
            uint32_t n = inst->num_operands - d.k;
            const spvk_ir_attr **items = spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *items);
            if (!items)
                return dec_oom(&d);
            for (uint32_t i = 0; i < n; i++)
                if (!(items[i] = literal_attr(&d, &inst->operands[d.k + i])))
                    return dec_oom(&d);
            d.k += n;
            add_attr(&d, slot->attr_name, spvk_ir_array_attr(ctx, items, n));
        } else if (cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM) {
            if (od->quantifier == SPVK_QUANTIFIER_VARIADIC) {
                /* A list of enumerants (without parameters) as an array attribute. */
                uint32_t n = inst->num_operands - d.k;
                const spvk_ir_attr **items = spvk_ir_alloc(ctx, (n ? n : 1) * sizeof *items);
                if (!items)
                    return dec_oom(&d);
                for (uint32_t i = 0; i < n; i++) {
                    const spvk_operand *o = &inst->operands[d.k + i];
                    if (o->kind != od->kind)
                        return dec_fail(&d, "enumerant parameters in a list are not generic");
                    if (!(items[i] = spvk_spirv_enum_attr(ctx, o->kind, inst->words[o->offset])))
                        return dec_oom(&d);
                }
                d.k += n;
                add_attr(&d, slot->attr_name, spvk_ir_array_attr(ctx, items, n));
                continue;
            }
            const spvk_ir_attr *a = NULL;
            /* The enum attribute goes first so that its parameters follow it in the scratch. */
            uint32_t at = d.num_attrs;
            if (add_attr(&d, slot->attr_name, spvk_ir_unit_attr(ctx)) != SPVK_OK)
                return d.result;
            if (decode_enum(&d, slot, &inst->operands[d.k], &a) != SPVK_OK)
                return d.result;
            out->attr_values[at] = a;
        } else {
            return dec_fail(&d, "operand kind %s is not generic", spvk_operand_kind(od->kind)->name);
        }
    }
    if (d.result != SPVK_OK)
        return d.result;
    if (d.k != inst->num_operands)
        return dec_fail(&d, "%u operands left over", inst->num_operands - d.k);

    out->result_type = result_type;
    if (info->has_result) {
        if (!result_type)
            return dec_fail(&d, "the result has no type");
        out->state.result_types = &out->result_type;
        out->state.num_results = 1;
    }
    if (d.num_attrs) {
        out->state.attrs = out->dict_memo ? ir_dict_memo_get(ctx, out->dict_memo, out->attr_names, out->attr_values,
                                                             d.num_attrs, false)
                                          : spvk_ir_dictionary_attr(ctx, out->attr_names, out->attr_values, d.num_attrs);
        if (!out->state.attrs)
            return dec_oom(&d);
    }
    return SPVK_OK;
}

spvk_result spvk_spirv_decode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info,
                                      const spvk_instruction *inst, spvk_ir_value *const *id_values,
                                      const spvk_ir_type *result_type, spvk_spirv_decoded *out,
                                      spvk_diagnostics *diags)
{
    return spvk_spirv_decode_generic_ex(ctx, info, inst, id_values, result_type, NULL, out, diags);
}

/* ---- Encoding ---- */

typedef struct encoder {
    spvk_ir_context *ctx;
    const spvk_spirv_op_info *info;
    const spvk_ir_op *op;
    spvk_writer *w;
    uint32_t (*id_of)(void *user, const spvk_ir_value *v);
    void *user;
    const spvk_spirv_id_hooks *hooks;
    spvk_diagnostics *diags;
    uint32_t next; /* next SSA operand */
} encoder;

static bool enc_fail(encoder *e, const char *fmt, ...) SPVK_PRINTF(2, 3);
static bool enc_fail(encoder *e, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    spvk_diag_add(e->diags, SPVK_SEVERITY_ERROR, NULL, 0, e->info->opcode, NULL, 0, 0, NULL, 0, "%s: %s",
                  e->info->name, msg);
    return false;
}

static bool write_id(encoder *e)
{
    if (e->next >= e->op->num_operands)
        return enc_fail(e, "too few operands (%u)", e->op->num_operands);
    size_t reported = e->diags ? e->diags->count + e->diags->dropped : 0;
    uint32_t id = e->id_of(e->user, spvk_ir_operand(e->op, e->next));
    /* The caller that found no id may have said why (a constant SPIR-V cannot hold): then that
       is the error, not this one too. */
    if (!id && e->diags && e->diags->count + e->diags->dropped > reported)
        return false;
    if (!id)
        return enc_fail(e, "operand %u has no id", e->next);
    e->next++;
    spvk_writer_word(e->w, id);
    return true;
}

static bool write_literal(encoder *e, unsigned kind, const spvk_ir_attr *a, const char *name)
{
    if (kind == SPVK_OPERAND_LiteralString) {
        if (a->kind != SPVK_ATTR_STRING || a->dialect)
            return enc_fail(e, "attribute '%s' must be a string", name);
        spvk_writer_string(e->w, a->string, a->length);
        return true;
    }
    if (kind == SPVK_OPERAND_LiteralFloat) {
        if (a->kind != SPVK_ATTR_FLOAT || a->dialect)
            return enc_fail(e, "attribute '%s' must be a float", name);
        float f = (float)a->number;
        uint32_t w;
        memcpy(&w, &f, sizeof w);
        spvk_writer_word(e->w, w);
        return true;
    }
    if (a->kind == SPVK_ATTR_INTEGER && !a->dialect) {
        spvk_writer_word(e->w, (uint32_t)a->value);
        return true;
    }
    if (a->kind == SPVK_SPIRV_ATTR_ENUM && a->dialect == spvk_spirv_dialect()) {
        spvk_writer_word(e->w, (uint32_t)a->value);
        return true;
    }
    return enc_fail(e, "attribute '%s' must be an integer", name);
}

/* The id parameters an enumerant (or a mask's bits) brings. */
static uint32_t enum_id_params(unsigned kind, uint32_t value)
{
    const spvk_operand_kind_desc *k = spvk_operand_kind(kind);
    uint32_t n = 0;
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *en = spvk_enumerant_by_value(kind, value);
        for (uint8_t i = 0; en && i < en->num_parameters && !spvk_spirv_function_param_attr(kind, value); i++)
            n += spvk_operand_kind_categories[en->parameters[i].kind] == SPVK_CATEGORY_ID;
        return n;
    }
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const spvk_enumerant_desc *en = spvk_enumerant_by_value(kind, b);
        if (spvk_spirv_function_param_attr(kind, b))
            continue; /* a function: an attribute, not an SSA operand */
        for (uint8_t i = 0; en && i < en->num_parameters; i++)
            n += spvk_operand_kind_categories[en->parameters[i].kind] == SPVK_CATEGORY_ID;
    }
    return n;
}

static bool enum_value_of(encoder *e, const spvk_ir_attr *a, const char *name, uint32_t *value)
{
    if ((a->kind == SPVK_SPIRV_ATTR_ENUM && a->dialect == spvk_spirv_dialect()) ||
        (a->kind == SPVK_ATTR_INTEGER && !a->dialect)) {
        *value = (uint32_t)a->value;
        return true;
    }
    return enc_fail(e, "attribute '%s' must be an enum attribute", name);
}

static bool write_params(encoder *e, const spvk_spirv_slot *slot, unsigned kind, const spvk_enumerant_desc *en,
                         uint32_t *literal_index)
{
    const char *function_attr = spvk_spirv_function_param_attr(kind, en->value);
    for (uint8_t i = 0; i < en->num_parameters; i++) {
        unsigned pk = en->parameters[i].kind;
        if (spvk_operand_kind_categories[pk] == SPVK_CATEGORY_ID && function_attr) {
            const spvk_ir_attr *fa = spvk_ir_op_attr(e->op, function_attr);
            if (!fa || fa->kind != SPVK_ATTR_SYMBOL_REF || fa->dialect)
                return enc_fail(e, "%s needs the function attribute '%s'", en->name, function_attr);
            uint32_t id = e->hooks && e->hooks->id_of_attr
                              ? e->hooks->id_of_attr(e->hooks->user, fa, SPVK_SPIRV_ID_AS_FUNCTION)
                              : 0;
            if (!id)
                return enc_fail(e, "no id for attribute '%s'", function_attr);
            spvk_writer_word(e->w, id);
            continue;
        }
        if (spvk_operand_kind_categories[pk] == SPVK_CATEGORY_ID) {
            if (!write_id(e))
                return false;
            continue;
        }
        char buf[96];
        const char *pname;
        uint32_t n = (*literal_index)++;
        if (n < slot->num_param_attr_names) {
            pname = slot->param_attr_names[n];
        } else {
            snprintf(buf, sizeof buf, "%s_%u", slot->attr_name, n);
            pname = buf;
        }
        const spvk_ir_attr *pa = spvk_ir_op_attr(e->op, pname);
        if (!pa)
            return enc_fail(e, "%s needs the attribute '%s'", en->name, pname);
        if (!write_literal(e, pk, pa, pname))
            return false;
    }
    return true;
}

static bool write_enum(encoder *e, const spvk_spirv_slot *slot, unsigned kind, uint32_t value)
{
    spvk_writer_word(e->w, value);
    uint32_t literal_index = 0;
    const spvk_operand_kind_desc *k = spvk_operand_kind(kind);
    if (k->category == SPVK_CATEGORY_VALUEENUM) {
        const spvk_enumerant_desc *en = spvk_enumerant_by_value(kind, value);
        return !en || write_params(e, slot, kind, en, &literal_index);
    }
    for (uint32_t rest = value; rest;) {
        uint32_t b = rest & (~rest + 1);
        rest &= ~b;
        const spvk_enumerant_desc *en = spvk_enumerant_by_value(kind, b);
        if (en && en->num_parameters && !write_params(e, slot, kind, en, &literal_index))
            return false;
    }
    return true;
}

bool spvk_spirv_encode_generic_ex(spvk_ir_context *ctx, const spvk_spirv_op_info *info, const spvk_ir_op *op,
                                  spvk_writer *w, uint32_t (*id_of)(void *user, const spvk_ir_value *v), void *user,
                                  const spvk_spirv_id_hooks *hooks, spvk_diagnostics *diags)
{
    encoder e = {ctx, info, op, w, id_of, user, hooks, diags, 0};
    if (!(info->flags & SPVK_SPIRV_OP_GENERIC))
        return enc_fail(&e, "not a generic instruction");
    /* An op whose every slot is one SSA operand (arithmetic, bitwise, comparisons): its ids in
       order, with no grammar walk. */
    const spvk_spirv_op_data *data = op->def && op->def->dialect == spvk_spirv_dialect() ? op->def->data : NULL;
    if (data && data->info == info && data->ids_only && op->num_operands == info->num_slots) {
        for (uint32_t i = 0; i < op->num_operands; i++)
            if (!write_id(&e))
                return false;
        return !w->failed || enc_fail(&e, "out of memory");
    }
    const spvk_operand_desc *ops = info->ext_desc ? info->ext_desc->operands : info->desc->operands;
    uint32_t num_ops = info->ext_desc ? info->ext_desc->num_operands : info->desc->num_operands;

    /* The grammar operands in slot order (results left out). */
    const spvk_operand_desc *descs[256];
    uint32_t n = 0;
    for (uint32_t oi = 0; oi < num_ops && n < 256; oi++)
        if (ops[oi].kind != SPVK_OPERAND_IdResultType && ops[oi].kind != SPVK_OPERAND_IdResult)
            descs[n++] = &ops[oi];
    if (n != info->num_slots)
        return enc_fail(&e, "the operation table does not match the grammar");

    /* needed[i]: the SSA operands that the slots after i take for sure; attrs[i]: slot i's
       attribute (looked up once, here). */
    uint32_t needed[257];
    const spvk_ir_attr *attrs[256];
    needed[n] = 0;
    for (uint32_t i = n; i-- > 0;) {
        const spvk_spirv_slot *s = &info->slots[i];
        uint32_t c = 0;
        uint8_t cat = spvk_operand_kind_categories[descs[i]->kind];
        bool ssa = cat == SPVK_CATEGORY_ID && s->id_as_attr == SPVK_SPIRV_ID_AS_NONE;
        attrs[i] = ssa ? NULL : spvk_ir_op_attr(op, s->attr_name);
        if (ssa && descs[i]->quantifier == SPVK_QUANTIFIER_ONE)
            c = 1;
        else if ((cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM) &&
                 descs[i]->quantifier != SPVK_QUANTIFIER_VARIADIC) {
            const spvk_ir_attr *a = attrs[i];
            uint32_t v = 0;
            if (a && ((a->kind == SPVK_SPIRV_ATTR_ENUM && a->dialect == spvk_spirv_dialect()) ||
                      (a->kind == SPVK_ATTR_INTEGER && !a->dialect))) {
                v = (uint32_t)a->value;
                c = enum_id_params(descs[i]->kind, v);
            }
        }
        needed[i] = needed[i + 1] + c;
    }

    bool absent = false; /* an optional operand was left out: nothing may follow */
    for (uint32_t i = 0; i < n; i++) {
        const spvk_spirv_slot *s = &info->slots[i];
        const spvk_operand_desc *od = descs[i];
        uint8_t cat = spvk_operand_kind_categories[od->kind];
        uint32_t remaining = op->num_operands - e.next;
        if (cat == SPVK_CATEGORY_ID && s->id_as_attr == SPVK_SPIRV_ID_AS_NONE) {
            uint32_t count = 1;
            if (od->quantifier == SPVK_QUANTIFIER_OPTIONAL)
                count = remaining > needed[i + 1] ? 1 : 0;
            else if (od->quantifier == SPVK_QUANTIFIER_VARIADIC)
                count = remaining > needed[i + 1] ? remaining - needed[i + 1] : 0;
            if (count && absent)
                return enc_fail(&e, "operand %u follows an absent optional operand", e.next);
            if (!count && od->quantifier == SPVK_QUANTIFIER_OPTIONAL)
                absent = true;
            for (uint32_t c = 0; c < count; c++)
                if (!write_id(&e))
                    return false;
            continue;
        }
        const spvk_ir_attr *a = attrs[i];
        if (!a) {
            if (od->quantifier == SPVK_QUANTIFIER_ONE)
                return enc_fail(&e, "missing attribute '%s'", s->attr_name);
            if (od->quantifier == SPVK_QUANTIFIER_OPTIONAL)
                absent = true;
            continue;
        }
        if (absent)
            return enc_fail(&e, "attribute '%s' follows an absent optional operand", s->attr_name);
        if (cat == SPVK_CATEGORY_ID) {
            /* MLIR's attribute for an id: an OpConstant or a type the serializer provides. */
            if (!hooks || !hooks->id_of_attr)
                return enc_fail(&e, "attribute '%s' needs an id (the serializer's hook)", s->attr_name);
            const spvk_ir_attr *key = a;
            if (s->id_as_attr == SPVK_SPIRV_ID_AS_CONSTANT && a->kind == SPVK_ATTR_SYMBOL_REF && !a->dialect) {
                /* a specialization constant's symbol: the hook resolves it as a function's */
                uint32_t id = hooks->id_of_attr(hooks->user, a, SPVK_SPIRV_ID_AS_FUNCTION);
                if (!id)
                    return enc_fail(&e, "no id for attribute '%s'", s->attr_name);
                spvk_writer_word(w, id);
                continue;
            }
            if (s->id_as_attr == SPVK_SPIRV_ID_AS_CONSTANT) {
                uint32_t v = 0;
                if (!enum_value_of(&e, a, s->attr_name, &v))
                    return false;
                key = spvk_ir_i32_attr(ctx, (int32_t)v);
                if (!key)
                    return enc_fail(&e, "out of memory");
            } else if (s->id_as_attr == SPVK_SPIRV_ID_AS_FUNCTION) {
                if (a->kind != SPVK_ATTR_SYMBOL_REF || a->dialect)
                    return enc_fail(&e, "attribute '%s' must be a function's symbol", s->attr_name);
            } else if (a->kind != SPVK_ATTR_TYPE || a->dialect) {
                return enc_fail(&e, "attribute '%s' must be a type", s->attr_name);
            }
            uint32_t id = hooks->id_of_attr(hooks->user, key, s->id_as_attr);
            if (!id)
                return enc_fail(&e, "no id for attribute '%s'", s->attr_name);
            spvk_writer_word(w, id);
        } else if (cat == SPVK_CATEGORY_LITERAL) {
            if (od->quantifier == SPVK_QUANTIFIER_VARIADIC) {
                if (a->kind != SPVK_ATTR_ARRAY || a->dialect)
                    return enc_fail(&e, "attribute '%s' must be an array", s->attr_name);
                for (uint32_t k = 0; k < a->num_attrs; k++)
                    if (!write_literal(&e, od->kind, a->attrs[k], s->attr_name))
                        return false;
            } else if (!write_literal(&e, od->kind, a, s->attr_name)) {
                return false;
            }
        } else if (cat == SPVK_CATEGORY_VALUEENUM || cat == SPVK_CATEGORY_BITENUM) {
            if (od->quantifier == SPVK_QUANTIFIER_VARIADIC) {
                if (a->kind != SPVK_ATTR_ARRAY || a->dialect)
                    return enc_fail(&e, "attribute '%s' must be an array", s->attr_name);
                for (uint32_t k = 0; k < a->num_attrs; k++) {
                    uint32_t v = 0;
                    if (!enum_value_of(&e, a->attrs[k], s->attr_name, &v))
                        return false;
                    spvk_writer_word(w, v);
                }
                continue;
            }
            uint32_t v = 0;
            if (!enum_value_of(&e, a, s->attr_name, &v) || !write_enum(&e, s, od->kind, v))
                return false;
        } else {
            return enc_fail(&e, "operand kind %s is not generic", spvk_operand_kind(od->kind)->name);
        }
    }
    if (e.next != op->num_operands)
        return enc_fail(&e, "%u operands left over", op->num_operands - e.next);
    return !w->failed || enc_fail(&e, "out of memory");
}

bool spvk_spirv_encode_generic(spvk_ir_context *ctx, const spvk_spirv_op_info *info, const spvk_ir_op *op,
                               spvk_writer *w, uint32_t (*id_of)(void *user, const spvk_ir_value *v), void *user,
                               spvk_diagnostics *diags)
{
    return spvk_spirv_encode_generic_ex(ctx, info, op, w, id_of, user, NULL, diags);
}
