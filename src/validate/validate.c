/* The validator's driver: one streaming pass over the words collects the module (an instruction
   record each, the reader's decoded operands, a definition per id, precomputed type facts, the
   declared capabilities and extensions); then each rule family runs over what was collected, in
   the order of val_internal.h; then the diagnostics get their instruction text and, for modules
   assembled from text, their source position. Everything is linear in the module's size: the id
   table follows the input (never a hostile bound) and names are looked up only for the
   instructions a diagnostic prints. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/text.h"
#include "val_internal.h"
#include "val_memory.h"
#include "../binary/id_table.h"

/* ---- reporting ---- */

bool val_error(val_state *v, uint32_t inst, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t offset = SPVK_NO_OFFSET;
    uint32_t opcode = SPVK_NO_OPCODE;
    if (inst != VAL_NONE && inst < v->num_insts) {
        offset = v->insts[inst].offset;
        opcode = v->insts[inst].opcode;
    }
    if (!spvk_diag_vadd(v->diags, SPVK_SEVERITY_ERROR, rule, offset, opcode, NULL, 0, 0, NULL, 0, fmt, ap))
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    va_end(ap);
    if (v->result == SPVK_OK)
        v->result = SPVK_ERROR_INVALID;
    if (v->diags && v->diags->max_errors && v->diags->count >= v->diags->max_errors)
        v->stop = true;
    if (!v->diags)
        v->stop = true; /* nobody reads the list: the first problem settles the answer */
    return false;
}

/* ---- ids ---- */

static bool ids_init(val_state *v)
{
    uint32_t bound = v->header.bound;
    if (spvk_id_bound_is_dense(bound, v->num_words)) {
        v->ids = spvk_alloc(v->allocator, (size_t)bound * sizeof *v->ids);
        v->type_flags = spvk_alloc(v->allocator, (size_t)(bound ? bound : 1) * sizeof *v->type_flags);
        if (!v->ids || !v->type_flags) {
            spvk_free(v->allocator, v->ids, (size_t)bound * sizeof *v->ids);
            spvk_free(v->allocator, v->type_flags, (size_t)(bound ? bound : 1) * sizeof *v->type_flags);
            v->ids = NULL;
            v->type_flags = NULL;
            return false;
        }
        memset(v->ids, 0xff, (size_t)bound * sizeof *v->ids);
        memset(v->type_flags, 0, (size_t)(bound ? bound : 1) * sizeof *v->type_flags);
        v->ids_count = bound;
    }
    return true;
}

static uint32_t hashed_slot(const val_state *v, uint32_t id)
{
    uint32_t mask = v->id_capacity - 1, j = spvk_hash_u32(id) & mask;
    while (v->id_keys[j] && v->id_keys[j] != id)
        j = (j + 1) & mask;
    return j;
}

static bool hashed_grow(val_state *v)
{
    uint32_t cap = v->id_capacity ? v->id_capacity * 2 : 1024;
    uint32_t *keys = spvk_alloc(v->allocator, (size_t)cap * sizeof *keys);
    val_id *values = spvk_alloc(v->allocator, (size_t)cap * sizeof *values);
    uint16_t *flags = spvk_alloc(v->allocator, (size_t)cap * sizeof *flags);
    if (!keys || !values || !flags) {
        spvk_free(v->allocator, keys, (size_t)cap * sizeof *keys);
        spvk_free(v->allocator, values, (size_t)cap * sizeof *values);
        spvk_free(v->allocator, flags, (size_t)cap * sizeof *flags);
        return false;
    }
    memset(keys, 0, (size_t)cap * sizeof *keys);
    uint32_t old_cap = v->id_capacity;
    uint32_t *old_keys = v->id_keys;
    val_id *old_values = v->id_values;
    uint16_t *old_flags = v->type_flags;
    v->id_keys = keys;
    v->id_values = values;
    v->type_flags = flags;
    v->id_capacity = cap;
    for (uint32_t i = 0; i < old_cap; i++) {
        if (!old_keys[i])
            continue;
        uint32_t j = hashed_slot(v, old_keys[i]);
        keys[j] = old_keys[i];
        values[j] = old_values[i];
        flags[j] = old_flags[i];
    }
    spvk_free(v->allocator, old_keys, (size_t)old_cap * sizeof *old_keys);
    spvk_free(v->allocator, old_values, (size_t)old_cap * sizeof *old_values);
    spvk_free(v->allocator, old_flags, (size_t)old_cap * sizeof *old_flags);
    return true;
}

/* The entry for id, created when missing. */
val_id *val_id_entry(val_state *v, uint32_t id)
{
    if (id == 0 || id >= v->header.bound)
        return NULL;
    if (v->ids)
        return &v->ids[id];
    if ((v->id_used + 1) * 2 > v->id_capacity && !hashed_grow(v)) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        return NULL;
    }
    uint32_t j = hashed_slot(v, id);
    if (!v->id_keys[j]) {
        v->id_keys[j] = id;
        v->id_values[j].def = v->id_values[j].name = VAL_NONE;
        v->type_flags[j] = 0;
        v->id_used++;
    }
    return &v->id_values[j];
}

const val_id *val_id_find(const val_state *v, uint32_t id)
{
    if (id == 0 || id >= v->header.bound)
        return NULL;
    if (v->ids)
        return &v->ids[id];
    if (!v->id_capacity)
        return NULL;
    uint32_t j = hashed_slot(v, id);
    return v->id_keys[j] ? &v->id_values[j] : NULL;
}

static uint16_t *type_flags_slot(val_state *v, uint32_t id)
{
    if (v->ids)
        return id < v->ids_count ? &v->type_flags[id] : NULL;
    if (!v->id_capacity)
        return NULL;
    uint32_t j = hashed_slot(v, id);
    return v->id_keys[j] ? &v->type_flags[j] : NULL;
}

uint16_t val_type_flags(const val_state *v, uint32_t type_id)
{
    uint16_t *slot = type_flags_slot((val_state *)v, type_id);
    return slot ? *slot : 0;
}

const val_inst *val_def(const val_state *v, uint32_t id)
{
    const val_id *e = val_id_find(v, id);
    return e && e->def != VAL_NONE ? &v->insts[e->def] : NULL;
}

uint16_t val_def_opcode(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d ? d->opcode : 0;
}

uint32_t val_type_of(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d ? d->type_id : 0;
}

/* ---- types ---- */

uint32_t val_scalar_type(const val_state *v, uint32_t type_id)
{
    for (int depth = 0; depth < 3; depth++) {
        const val_inst *d = val_def(v, type_id);
        if (!d)
            return 0;
        const uint32_t *w = val_words(v, d);
        switch (d->opcode) {
        case SPVK_OP_TypeInt:
        case SPVK_OP_TypeFloat:
        case SPVK_OP_TypeBool:
            return type_id;
        case SPVK_OP_TypeVector:
        case SPVK_OP_TypeMatrix:
        case SPVK_OP_TypeCooperativeMatrixKHR:
            if (d->num_words < 3)
                return 0;
            type_id = w[2];
            break;
        default:
            return 0;
        }
    }
    return 0;
}

uint32_t val_component_count(const val_state *v, uint32_t type_id)
{
    const val_inst *d = val_def(v, type_id);
    if (!d)
        return 0;
    switch (d->opcode) {
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
    case SPVK_OP_TypeBool:
        return 1;
    case SPVK_OP_TypeVector:
        return d->num_words >= 4 ? val_words(v, d)[3] : 0;
    default:
        return 0;
    }
}

static const val_inst *scalar_def(const val_state *v, uint32_t type_id, uint16_t opcode)
{
    const val_inst *d = val_def(v, type_id);
    return d && d->opcode == opcode ? d : NULL;
}

uint32_t val_bit_width(const val_state *v, uint32_t type_id)
{
    const val_inst *d = val_def(v, val_scalar_type(v, type_id));
    if (!d || (d->opcode != SPVK_OP_TypeInt && d->opcode != SPVK_OP_TypeFloat) || d->num_words < 3)
        return 0;
    return val_words(v, d)[2];
}

bool val_is_int_type(const val_state *v, uint32_t t) { return scalar_def(v, t, SPVK_OP_TypeInt) != NULL; }
bool val_is_float_type(const val_state *v, uint32_t t) { return scalar_def(v, t, SPVK_OP_TypeFloat) != NULL; }
bool val_is_bool_type(const val_state *v, uint32_t t) { return scalar_def(v, t, SPVK_OP_TypeBool) != NULL; }

static bool scalar_or_vector_of(const val_state *v, uint32_t t, uint16_t opcode)
{
    const val_inst *d = val_def(v, t);
    if (d && d->opcode == SPVK_OP_TypeVector && d->num_words >= 3)
        d = val_def(v, val_words(v, d)[2]);
    return d && d->opcode == opcode;
}

bool val_is_int_scalar_or_vector(const val_state *v, uint32_t t) { return scalar_or_vector_of(v, t, SPVK_OP_TypeInt); }
bool val_is_float_scalar_or_vector(const val_state *v, uint32_t t)
{
    return scalar_or_vector_of(v, t, SPVK_OP_TypeFloat);
}
bool val_is_bool_scalar_or_vector(const val_state *v, uint32_t t) { return scalar_or_vector_of(v, t, SPVK_OP_TypeBool); }

bool val_is_bf16_type(const val_state *v, uint32_t t)
{
    const val_inst *d = scalar_def(v, t, SPVK_OP_TypeFloat);
    return d && d->num_words >= 4 && val_words(v, d)[2] == 16 && val_words(v, d)[3] == SPVK_FPENCODING_BFloat16KHR;
}

bool val_pointer_info(const val_state *v, uint32_t type_id, uint32_t *storage_class, uint32_t *pointee)
{
    const val_inst *d = val_def(v, type_id);
    if (!d || (d->opcode != SPVK_OP_TypePointer && d->opcode != SPVK_OP_TypeUntypedPointerKHR))
        return false;
    const uint32_t *w = val_words(v, d);
    if (storage_class)
        *storage_class = d->num_words >= 3 ? w[2] : VAL_NONE;
    if (pointee)
        *pointee = d->opcode == SPVK_OP_TypePointer && d->num_words >= 4 ? w[3] : 0;
    return true;
}

bool val_constant_uint(const val_state *v, uint32_t id, uint64_t *value)
{
    const val_inst *d = val_def(v, id);
    if (!d || d->opcode != SPVK_OP_Constant || !val_is_int_type(v, d->type_id) || d->num_words < 4)
        return false;
    const uint32_t *w = val_words(v, d);
    uint64_t x = w[3];
    if (d->num_words >= 5 && val_bit_width(v, d->type_id) > 32)
        x |= (uint64_t)w[4] << 32;
    *value = x;
    return true;
}

/* ---- capabilities ---- */

bool val_has_capability(const val_state *v, uint32_t capability)
{
    if (capability < 256)
        return (v->capability_low[capability / 64] >> (capability % 64)) & 1u;
    size_t lo = 0, hi = v->num_capability_high;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v->capability_high[mid] < capability)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < v->num_capability_high && v->capability_high[lo] == capability;
}

static void add_capability(val_state *v, uint32_t capability)
{
    if (capability < 256) {
        v->capability_low[capability / 64] |= (uint64_t)1 << (capability % 64);
        return;
    }
    /* Only capabilities the grammar knows (the requirements rules report the others), so the
       array, as large as a capability set, always has room. */
    size_t n = v->num_capability_high, k = n;
    while (k > 0 && v->capability_high[k - 1] >= capability)
        k--;
    if ((k < n && v->capability_high[k] == capability) || spvk_capability_index(capability) < 0 ||
        n == sizeof v->capability_high / sizeof v->capability_high[0])
        return;
    memmove(v->capability_high + k + 1, v->capability_high + k, (n - k) * sizeof v->capability_high[0]);
    v->capability_high[k] = capability;
    v->num_capability_high++;
}

bool val_has_extension(const val_state *v, const char *name)
{
    int index = spvk_extension_by_name(name, strlen(name));
    return index >= 0 && spvk_extension_set_has(&v->extensions, (unsigned)index);
}

const char *val_capability_name(uint32_t capability)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, capability);
    return e ? e->name : "?";
}

/* ---- collection ---- */

/* Type facts that propagate from components to composites. */
#define VAL_TYPE_PROPAGATED                                                                                       \
    (VAL_TYPE_CONTAINS_BF16 | VAL_TYPE_CONTAINS_F16 | VAL_TYPE_CONTAINS_F64 | VAL_TYPE_CONTAINS_I64 |             \
     VAL_TYPE_CONTAINS_I8 | VAL_TYPE_CONTAINS_I16 | VAL_TYPE_CONTAINS_RUNTIME_ARRAY | VAL_TYPE_CONTAINS_POINTER |    \
     VAL_TYPE_CONTAINS_COOP_MATRIX)

static uint16_t compute_type_flags(val_state *v, const spvk_instruction *inst)
{
    const uint32_t *w = inst->words;
    switch (inst->opcode) {
    case SPVK_OP_TypeInt:
        return w[2] == 64 ? VAL_TYPE_CONTAINS_I64 : w[2] == 8 ? VAL_TYPE_CONTAINS_I8 : w[2] == 16 ? VAL_TYPE_CONTAINS_I16 : 0;
    case SPVK_OP_TypeFloat:
        if (inst->num_words >= 4)
            return w[2] == 16 && w[3] == SPVK_FPENCODING_BFloat16KHR ? VAL_TYPE_CONTAINS_BF16 : 0;
        return w[2] == 16 ? VAL_TYPE_CONTAINS_F16 : w[2] == 64 ? VAL_TYPE_CONTAINS_F64 : 0;
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeUntypedPointerKHR:
    case SPVK_OP_TypeForwardPointer:
        return VAL_TYPE_CONTAINS_POINTER;
    case SPVK_OP_TypeRuntimeArray:
        return VAL_TYPE_CONTAINS_RUNTIME_ARRAY | (val_type_flags(v, w[2]) & VAL_TYPE_PROPAGATED);
    case SPVK_OP_TypeCooperativeMatrixKHR:
    case SPVK_OP_TypeCooperativeMatrixNV:
        return (val_type_flags(v, w[2]) & VAL_TYPE_PROPAGATED) | VAL_TYPE_CONTAINS_COOP_MATRIX;
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix:
    case SPVK_OP_TypeArray:
        return val_type_flags(v, w[2]) & VAL_TYPE_PROPAGATED;
    case SPVK_OP_TypeStruct: {
        uint16_t f = 0;
        for (uint16_t k = 2; k < inst->num_words; k++)
            f |= val_type_flags(v, w[k]) & VAL_TYPE_PROPAGATED;
        return f;
    }
    default:
        return 0;
    }
}

static bool is_type_declaration(const spvk_instruction *inst)
{
    return inst->desc->instruction_class == SPVK_CLASS_TYPE_DECLARATION && inst->result_id;
}

static spvk_result collect(void *user, const spvk_header *header, const spvk_instruction *inst)
{
    val_state *v = user;
    (void)header;
    if (v->num_insts == v->insts_capacity &&
        !spvk_array_grow(v->allocator, &v->insts, &v->insts_capacity, v->num_insts + 1, sizeof *v->insts, 1024))
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (v->num_operands + inst->num_operands > v->operands_capacity &&
        !spvk_array_grow(v->allocator, &v->operands, &v->operands_capacity, v->num_operands + inst->num_operands,
                         sizeof *v->operands, 4096))
        return SPVK_ERROR_OUT_OF_MEMORY;
    if (inst->offset > UINT32_MAX)
        return SPVK_ERROR_USAGE; /* modules past 16 GiB: not representable in val_inst */
    uint32_t index = (uint32_t)v->num_insts;
    val_inst *i = &v->insts[v->num_insts++];
    i->offset = (uint32_t)inst->offset;
    i->opcode = inst->opcode;
    i->num_words = inst->num_words;
    i->result_id = inst->result_id;
    i->type_id = inst->result_type_id;
    i->first_operand = (uint32_t)v->num_operands;
    i->num_operands = inst->num_operands;
    i->ext_set = (uint16_t)inst->ext_inst_set;
    if (inst->num_operands)
        memcpy(v->operands + v->num_operands, inst->operands, inst->num_operands * sizeof *inst->operands);
    v->num_operands += inst->num_operands;

    /* Function membership: OpFunction opens, OpFunctionEnd closes; layout checks the nesting. */
    if (inst->opcode == SPVK_OP_Function) {
        if (v->num_functions == v->functions_capacity &&
            !spvk_array_grow(v->allocator, &v->functions, &v->functions_capacity, v->num_functions + 1,
                             sizeof *v->functions, 16))
            return SPVK_ERROR_OUT_OF_MEMORY;
        v->functions[v->num_functions++] = (val_function){index, VAL_NONE};
    }
    bool open = v->num_functions && v->functions[v->num_functions - 1].last == VAL_NONE;
    i->function = open ? (uint32_t)v->num_functions - 1 : VAL_NONE;
    if (inst->opcode == SPVK_OP_FunctionEnd && open)
        v->functions[v->num_functions - 1].last = index;

    if (inst->result_id) {
        val_id *e = val_id_entry(v, inst->result_id);
        if (!e)
            return v->result == SPVK_OK ? SPVK_ERROR_INVALID : v->result;
        if (e->def != VAL_NONE)
            val_error(v, index, VAL_RULE_UNIVERSAL, "%%%u is defined more than once (first by the %s at word %u)",
                      inst->result_id, spvk_instruction_by_opcode(v->insts[e->def].opcode)->name,
                      v->insts[e->def].offset);
        else
            e->def = index;
        if (is_type_declaration(inst)) {
            uint16_t flags = compute_type_flags(v, inst);
            uint16_t *slot = type_flags_slot(v, inst->result_id);
            if (slot)
                *slot = flags;
        }
    }
    switch (inst->opcode) {
    case SPVK_OP_Name:
    case SPVK_OP_TypeForwardPointer: {
        val_id *e = val_id_entry(v, inst->words[1]);
        if (!e)
            return v->result == SPVK_OK ? SPVK_ERROR_INVALID : v->result;
        if (inst->opcode == SPVK_OP_Name && e->name == VAL_NONE)
            e->name = index;
        if (inst->opcode == SPVK_OP_TypeForwardPointer) {
            uint16_t *slot = type_flags_slot(v, inst->words[1]);
            if (slot)
                *slot |= VAL_TYPE_CONTAINS_POINTER;
        }
        break;
    }
    case SPVK_OP_Capability: {
        uint32_t cap = inst->words[1];
        spvk_capability_set_add(&v->declared, cap);
        add_capability(v, cap);
        uint32_t implied[64];
        size_t n = spvk_capability_implied(cap, implied, 64);
        for (size_t k = 0; k < n && k < 64; k++)
            add_capability(v, implied[k]);
        break;
    }
    case SPVK_OP_Extension: {
        const char *name = spvk_operand_string(inst, &inst->operands[0]);
        int ext = spvk_extension_by_name(name, strlen(name));
        if (ext >= 0)
            spvk_extension_set_add(&v->extensions, (unsigned)ext);
        v->opencl_extensions |= spvk_opencl_extension_by_name(name, strlen(name));
        break;
    }
    case SPVK_OP_MemoryModel:
        v->addressing_model = inst->words[1];
        v->memory_model = inst->words[2];
        break;
    default:
        break;
    }
    return v->stop ? SPVK_ERROR_INVALID : v->result == SPVK_ERROR_OUT_OF_MEMORY ? v->result : SPVK_OK;
}

/* ---- per-instruction dispatch ---- */

void val_check_instructions(val_state *v)
{
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
        switch (d->instruction_class) {
        case SPVK_CLASS_ARITHMETIC:
        case SPVK_CLASS_BIT:
            val_check_arithmetic(v, i);
            break;
        case SPVK_CLASS_RELATIONAL_AND_LOGICAL:
            val_check_logical(v, i);
            break;
        case SPVK_CLASS_CONVERSION:
            val_check_conversion(v, i);
            break;
        case SPVK_CLASS_COMPOSITE:
            val_check_composite(v, i);
            break;
        case SPVK_CLASS_MEMORY:
            val_check_memory(v, i);
            break;
        case SPVK_CLASS_ATOMIC:
        case SPVK_CLASS_BARRIER:
            val_check_atomic(v, i);
            break;
        case SPVK_CLASS_EXTENSION:
            if (i->opcode == SPVK_OP_ExtInst)
                val_check_ext_inst(v, i);
            break;
        case SPVK_CLASS_NON_UNIFORM:
            val_check_non_uniform(v, i);
            break;
        default:
            break;
        }
        val_check_pointer_uses(v, i);
        val_check_memory_model(v, i);
    }
}

/* ---- finishing the diagnostics ---- */

/* The name diagnostics give an id: the one the assembly text gave it, else its OpName when that
   reads back as an id, else none (the number is printed). */
static const char *id_name(void *user, uint32_t id, size_t *length)
{
    const val_state *v = user;
    const spvk_source_map *map = v->options ? v->options->source_map : NULL;
    const char *s = spvk_source_map_id_name(map, id, length);
    if (s)
        return s;
    const val_id *e = val_id_find(v, id);
    if (!e || e->name == VAL_NONE)
        return NULL;
    const val_inst *n = &v->insts[e->name];
    if (n->num_words < 3)
        return NULL;
    s = (const char *)(val_words(v, n) + 2);
    size_t max = (size_t)(n->num_words - 2) * 4, len = 0;
    while (len < max && s[len])
        len++;
    if (len == 0 || len == max)
        return NULL;
    for (size_t k = 0; k < len; k++) {
        char c = s[k];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
            return NULL;
    }
    *length = len;
    return s;
}

/* Rules write ids as %N; a message reads better with the names the module gives them. Returns
   the message with every named %N replaced (a new string), the message itself when none is, or
   NULL when out of memory. */
static char *name_ids(val_state *v, char *message)
{
    size_t extra = 0, named = 0;
    for (const char *p = message; (p = strchr(p, '%')) != NULL;) {
        char *end;
        p++;
        if (*p < '0' || *p > '9')
            continue;
        unsigned long id = strtoul(p, &end, 10);
        size_t length;
        if (id <= UINT32_MAX && id_name(v, (uint32_t)id, &length)) {
            named++;
            if (length > (size_t)(end - p))
                extra += length - (size_t)(end - p);
        }
        p = end;
    }
    if (!named)
        return message;
    size_t size = strlen(message) + extra + 1;
    char *out = spvk_alloc(v->allocator, size), *o = out;
    if (!out)
        return NULL;
    for (const char *p = message; *p;) {
        *o++ = *p;
        if (*p++ != '%' || *p < '0' || *p > '9')
            continue;
        char *end;
        unsigned long id = strtoul(p, &end, 10);
        size_t length;
        const char *name = id <= UINT32_MAX ? id_name(v, (uint32_t)id, &length) : NULL;
        if (name) {
            memcpy(o, name, length);
            o += length;
            p = end;
        }
    }
    *o = '\0';
    return out;
}

/* Messages quote strings of the module (names, extensions), which may hold any byte: control
   characters are escaped (\n, \t, \xHH) so that a message stays one line. Returns the message,
   a new string, or NULL when out of memory. */
static char *escape_controls(val_state *v, char *message)
{
    size_t extra = 0;
    for (const unsigned char *p = (const unsigned char *)message; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            extra += *p == '\n' || *p == '\t' ? 1 : 3;
    if (!extra)
        return message;
    size_t size = strlen(message) + extra + 1;
    char *out = spvk_alloc(v->allocator, size), *o = out;
    if (!out)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)message; *p; p++) {
        if (*p == '\n' || *p == '\t') {
            *o++ = '\\';
            *o++ = *p == '\n' ? 'n' : 't';
        } else if (*p < 0x20 || *p == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            *o++ = '\\';
            *o++ = 'x';
            *o++ = hex[*p >> 4];
            *o++ = hex[*p & 15];
        } else {
            *o++ = (char)*p;
        }
    }
    *o = '\0';
    return out;
}

/* Replaces a diagnostic's message with f's result (when f made a new one). */
static void rewrite_message(val_state *v, spvk_diagnostic *x, char *(*f)(val_state *, char *))
{
    if (!x->message)
        return;
    char *m = f(v, x->message);
    if (!m) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    } else if (m != x->message) {
        spvk_free(v->allocator, x->message, strlen(x->message) + 1);
        x->message = m;
    }
}

static const val_inst *inst_at(const val_state *v, size_t offset)
{
    size_t lo = 0, hi = v->num_insts;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v->insts[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < v->num_insts && v->insts[lo].offset == offset ? &v->insts[lo] : NULL;
}

static char *instruction_text(val_state *v, const val_inst *i)
{
    spvk_instruction inst;
    memset(&inst, 0, sizeof inst);
    inst.words = val_words(v, i);
    inst.num_words = i->num_words;
    inst.opcode = i->opcode;
    inst.result_type_id = i->type_id;
    inst.result_id = i->result_id;
    inst.offset = i->offset;
    inst.ext_inst_set = i->ext_set;
    inst.desc = spvk_instruction_by_opcode(i->opcode);
    inst.operands = val_operands(v, i);
    inst.num_operands = i->num_operands;
    return spvk_instruction_text(&inst, id_name, v, v->allocator);
}

typedef struct diag_order {
    size_t word_offset;
    size_t index;
} diag_order;

static int by_offset(const void *a, const void *b)
{
    const diag_order *x = a, *y = b;
    if (x->word_offset != y->word_offset)
        return x->word_offset < y->word_offset ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static void finish_diagnostics(val_state *v, size_t first)
{
    spvk_diagnostics *d = v->diags;
    if (!d || d->count <= first)
        return;
    size_t n = d->count - first;
    diag_order *order = spvk_alloc(v->allocator, n * sizeof *order);
    if (!order) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    for (size_t k = 0; k < n; k++)
        order[k] = (diag_order){d->items[first + k].word_offset, first + k};
    /* Ascending offsets, so that the source map is read in one pass. */
    qsort(order, n, sizeof *order, by_offset);
    const spvk_source_map *map = v->options ? v->options->source_map : NULL;
    spvk_source_cursor cursor = {0, 0};
    for (size_t k = 0; k < n; k++) {
        spvk_diagnostic *x = &d->items[order[k].index];
        if (!x->rule && !(x->rule = spvk_strdup(v->allocator, VAL_RULE_PHYSICAL, strlen(VAL_RULE_PHYSICAL))))
            v->result = SPVK_ERROR_OUT_OF_MEMORY;
        rewrite_message(v, x, name_ids);
        rewrite_message(v, x, escape_controls);
        if (x->word_offset == SPVK_NO_OFFSET)
            continue;
        const val_inst *i = inst_at(v, x->word_offset);
        if (i && !x->instruction && !(x->instruction = instruction_text(v, i)))
            v->result = SPVK_ERROR_OUT_OF_MEMORY;
        uint32_t line, column;
        const char *text;
        size_t length;
        if (map && !x->source_line &&
            spvk_source_map_locate(map, x->word_offset, &cursor, &line, &column, &text, &length)) {
            x->file = map->file_name;
            x->line = line;
            x->column = column;
            x->source_line = spvk_strdup(v->allocator, text, length);
            if (!x->source_line)
                v->result = SPVK_ERROR_OUT_OF_MEMORY;
        }
    }
    /* Report in module order (problems of the module as a whole last), as a reader scans it. */
    spvk_diagnostic *sorted = spvk_alloc(v->allocator, n * sizeof *sorted);
    if (sorted) {
        for (size_t k = 0; k < n; k++)
            sorted[k] = d->items[order[k].index];
        memcpy(d->items + first, sorted, n * sizeof *sorted);
        spvk_free(v->allocator, sorted, n * sizeof *sorted);
    } else {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    }
    spvk_free(v->allocator, order, n * sizeof *order);
}

/* ---- entry points ---- */

/* The universal rules for a module's own version: the built-in spv1.N environment. */
static void universal_target(spvk_target *t, uint32_t version)
{
    char name[] = "spv1.0";
    name[5] = (char)('0' + ((version >> 8) & 0xff));
    spvk_target_from_name(name, t); /* the reader accepted the header: 1.0 to 1.6 */
}

static void state_free(val_state *v)
{
    const spvk_allocator *a = v->allocator;
    val_calls_free(v);
    spvk_free(a, v->insts, v->insts_capacity * sizeof *v->insts);
    spvk_free(a, v->operands, v->operands_capacity * sizeof *v->operands);
    spvk_free(a, v->functions, v->functions_capacity * sizeof *v->functions);
    if (v->ids) {
        spvk_free(a, v->ids, (size_t)v->ids_count * sizeof *v->ids);
        spvk_free(a, v->type_flags, (size_t)(v->ids_count ? v->ids_count : 1) * sizeof *v->type_flags);
    } else {
        spvk_free(a, v->id_keys, (size_t)v->id_capacity * sizeof *v->id_keys);
        spvk_free(a, v->id_values, (size_t)v->id_capacity * sizeof *v->id_values);
        spvk_free(a, v->type_flags, (size_t)v->id_capacity * sizeof *v->type_flags);
    }
}

/* Collects the module; false when the encoding is broken (then no rule can run). */
static bool collect_module(val_state *v)
{
    if (v->num_words >= SPVK_HEADER_WORDS) {
        memcpy(&v->header, v->words, sizeof v->header);
        /* spvk_parse_words checks the header; the id table only needs a sane bound. */
    }
    if (!ids_init(v)) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return false;
    }
    v->addressing_model = v->memory_model = VAL_NONE;
    spvk_result r = spvk_parse_words(v->words, v->num_words, v->allocator, collect, v, v->diags);
    if (r == SPVK_ERROR_OUT_OF_MEMORY || v->result == SPVK_ERROR_OUT_OF_MEMORY) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return false;
    }
    if (r != SPVK_OK) {
        if (v->result == SPVK_OK)
            v->result = SPVK_ERROR_INVALID;
        return false;
    }
    return true;
}

spvk_result spvk_validate(const uint32_t *words, size_t num_words, const spvk_validate_options *options,
                          const spvk_allocator *allocator, spvk_diagnostics *diags)
{
    if (!words && num_words)
        return SPVK_ERROR_USAGE;
    val_state v;
    memset(&v, 0, sizeof v);
    v.words = words;
    v.num_words = num_words;
    v.options = options;
    v.allocator = allocator;
    v.diags = diags;
    size_t first_diag = diags ? diags->count : 0;
    spvk_target universal;
    if (collect_module(&v)) {
        if (options && options->target) {
            v.target = options->target;
        } else {
            universal_target(&universal, v.header.version);
            v.target = &universal;
        }
        void (*const families[])(val_state *) = {
            val_check_layout,      val_check_ids,          val_check_limits,       val_check_requirements, val_check_types,
            val_check_instructions, val_check_cfg,         val_check_entry_points, val_check_models, val_check_interface_lists, val_check_decorations,
            val_check_bf16,        val_check_coop_matrix,  val_check_vulkan,       val_check_vulkan_interface, val_check_vulkan_layout,
            val_check_opencl,
        };
        for (size_t k = 0; k < sizeof families / sizeof families[0] && !v.stop; k++)
            families[k](&v);
    }
    if (v.result != SPVK_ERROR_OUT_OF_MEMORY)
        finish_diagnostics(&v, first_diag);
    state_free(&v);
    return v.result;
}

spvk_result spvk_module_requirements(const uint32_t *words, size_t num_words, const spvk_allocator *allocator,
                                     spvk_requirements *requirements, spvk_diagnostics *diags)
{
    if ((!words && num_words) || !requirements)
        return SPVK_ERROR_USAGE;
    val_state v;
    memset(&v, 0, sizeof v);
    v.words = words;
    v.num_words = num_words;
    v.allocator = allocator;
    v.diags = diags;
    spvk_result r = SPVK_ERROR_INVALID;
    if (collect_module(&v)) {
        spvk_target universal;
        universal_target(&universal, v.header.version);
        v.target = &universal;
        r = val_collect_requirements(&v, requirements);
    } else if (v.result == SPVK_ERROR_OUT_OF_MEMORY) {
        r = v.result;
    }
    state_free(&v);
    return r;
}
