/* spirv.module -> SPIR-V binary words: the module level (sections, symbols, entry points,
   execution modes, decorations) and the maps the serializer uniques with. Types and constants
   are in serialize_types.c, functions and control flow in serialize_func.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "serialize_internal.h"

/* ---- Pointer map ---- */

static inline uint32_t map_hash(const void *a, const void *b, uint32_t tag)
{
    uint64_t x = (uint64_t)(uintptr_t)a * 0x9E3779B97F4A7C15ull;
    x ^= ((uint64_t)(uintptr_t)b + tag) * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 31;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 29;
    return (uint32_t)x;
}

bool ser_map_get(const ser_map *m, const void *a, const void *b, uint32_t tag, uint32_t *value)
{
    if (m->capacity == 0)
        return false;
    size_t mask = m->capacity - 1;
    for (size_t i = map_hash(a, b, tag) & mask;; i = (i + 1) & mask) {
        const ser_slot *sl = &m->slots[i];
        if (sl->tag == 0)
            return false;
        if (sl->a == a && sl->b == b && sl->tag == tag) {
            *value = sl->value;
            return true;
        }
    }
}

static bool map_grow(spvk_ser *s)
{
    ser_map *m = &s->map;
    size_t cap = m->capacity ? m->capacity * 2 : 1024;
    ser_slot *slots = spvk_alloc(s->alloc, cap * sizeof *slots);
    if (!slots)
        return ser_oom(s);
    memset(slots, 0, cap * sizeof *slots);
    for (size_t i = 0; i < m->capacity; i++) {
        const ser_slot *sl = &m->slots[i];
        if (sl->tag == 0)
            continue;
        size_t j = map_hash(sl->a, sl->b, sl->tag) & (cap - 1);
        while (slots[j].tag != 0)
            j = (j + 1) & (cap - 1);
        slots[j] = *sl;
    }
    spvk_free(s->alloc, m->slots, m->capacity * sizeof *m->slots);
    m->slots = slots;
    m->capacity = cap;
    return true;
}

bool ser_map_set(spvk_ser *s, const void *a, const void *b, uint32_t tag, uint32_t value)
{
    ser_map *m = &s->map;
    if ((m->count + 1) * 2 > m->capacity && !map_grow(s))
        return false;
    size_t mask = m->capacity - 1;
    for (size_t i = map_hash(a, b, tag) & mask;; i = (i + 1) & mask) {
        ser_slot *sl = &m->slots[i];
        if (sl->tag == 0) {
            sl->a = a;
            sl->b = b;
            sl->tag = tag;
            sl->value = value;
            m->count++;
            return true;
        }
        if (sl->a == a && sl->b == b && sl->tag == tag) {
            sl->value = value;
            return true;
        }
    }
}

bool ser_pset(spvk_ser *s, ser_pmap *m, const void *key, uint32_t value)
{
    if (m->gen == 0)
        m->gen = 1;
    if ((m->count + 1) * 2 > m->capacity) {
        size_t cap = m->capacity ? m->capacity * 2 : 256;
        unsigned shift = 64;
        for (size_t c = cap; c > 1; c >>= 1)
            shift--;
        ser_pslot *slots = spvk_alloc(s->alloc, cap * sizeof *slots);
        if (!slots)
            return ser_oom(s);
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < m->capacity; i++) {
            const ser_pslot *sl = &m->slots[i];
            if (sl->gen != m->gen)
                continue;
            size_t j = (size_t)(((uint64_t)(uintptr_t)sl->key * 0x9E3779B97F4A7C15ull) >> shift);
            while (slots[j].gen == m->gen)
                j = (j + 1) & (cap - 1);
            slots[j] = *sl;
        }
        spvk_free(s->alloc, m->slots, m->capacity * sizeof *m->slots);
        m->slots = slots;
        m->capacity = cap;
        m->shift = shift;
    }
    size_t mask = m->capacity - 1;
    for (size_t i = (size_t)(((uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull) >> m->shift);; i = (i + 1) & mask) {
        ser_pslot *sl = &m->slots[i];
        if (sl->gen != m->gen) {
            sl->key = key;
            sl->value = value;
            sl->gen = m->gen;
            m->count++;
            return true;
        }
        if (sl->key == key) {
            sl->value = value;
            return true;
        }
    }
}

/* ---- Structural map ---- */

uint32_t ser_hash_words(const uint32_t *words, size_t count)
{
    uint32_t h = 0x811C9DC5u ^ (uint32_t)count;
    for (size_t i = 0; i < count; i++)
        h = (h ^ words[i]) * 0x01000193u + (h >> 15);
    return h ? h : 1;
}

uint32_t ser_wmap_find(const spvk_ser *s, const uint32_t *words, size_t count, uint32_t hash)
{
    const ser_wmap *m = &s->wmap;
    if (m->capacity == 0)
        return 0;
    size_t mask = m->capacity - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const ser_wslot *sl = &m->slots[i];
        if (sl->id == 0)
            return 0;
        if (sl->hash == hash && sl->length == count &&
            memcmp(m->pool + sl->offset, words, count * sizeof *words) == 0)
            return sl->id;
    }
}

bool ser_wmap_add(spvk_ser *s, const uint32_t *words, size_t count, uint32_t hash, uint32_t id)
{
    ser_wmap *m = &s->wmap;
    if ((m->count + 1) * 2 > m->capacity) {
        size_t cap = m->capacity ? m->capacity * 2 : 512;
        ser_wslot *slots = spvk_alloc(s->alloc, cap * sizeof *slots);
        if (!slots)
            return ser_oom(s);
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < m->capacity; i++) {
            if (m->slots[i].id == 0)
                continue;
            size_t j = m->slots[i].hash & (cap - 1);
            while (slots[j].id != 0)
                j = (j + 1) & (cap - 1);
            slots[j] = m->slots[i];
        }
        spvk_free(s->alloc, m->slots, m->capacity * sizeof *m->slots);
        m->slots = slots;
        m->capacity = cap;
    }
    if (m->pool_count + count > UINT32_MAX)
        return ser_oom(s);
    if (!spvk_array_grow(s->alloc, &m->pool, &m->pool_capacity, m->pool_count + count, sizeof *m->pool, 4096))
        return ser_oom(s);
    memcpy(m->pool + m->pool_count, words, count * sizeof *words);
    size_t mask = m->capacity - 1;
    size_t i = hash & mask;
    while (m->slots[i].id != 0)
        i = (i + 1) & mask;
    m->slots[i].hash = hash;
    m->slots[i].id = id;
    m->slots[i].offset = (uint32_t)m->pool_count;
    m->slots[i].length = (uint32_t)count;
    m->pool_count += count;
    m->count++;
    return true;
}

/* ---- Small helpers ---- */

uint32_t ser_new_id(spvk_ser *s)
{
    if (ser_taping(s))
        return ser_tape_local(s);
    if (s->next_id == UINT32_MAX) {
        /* 2^32 - 1 ids cannot happen before memory runs out; keep the invariant anyway. */
        s->oom = true;
        return 0;
    }
    return s->next_id++;
}

bool ser_oom(spvk_ser *s)
{
    s->oom = true;
    return false;
}

bool ser_ws_push(spvk_ser *s, uint32_t word)
{
    if (s->ws_count == s->ws_capacity &&
        !spvk_array_grow(s->alloc, &s->ws, &s->ws_capacity, s->ws_count + 1, sizeof *s->ws, 256))
        return ser_oom(s);
    s->ws[s->ws_count++] = word;
    return true;
}

/* A literal string as words (UTF-8, nul-terminated, zero-padded, low byte first). */
static bool ws_push_string(spvk_ser *s, const char *str, size_t length)
{
    size_t n = length / 4 + 1;
    for (size_t w = 0; w < n; w++) {
        uint32_t word = 0;
        for (size_t b = 0; b < 4; b++) {
            size_t i = w * 4 + b;
            if (i < length)
                word |= (uint32_t)(unsigned char)str[i] << (8 * b);
        }
        if (!ser_ws_push(s, word))
            return false;
    }
    return true;
}

void ser_instruction(spvk_ser *s, spvk_writer *w, uint32_t opcode, const uint32_t *operands, size_t count)
{
    if (count + 1 > 0xffff) {
        s->failed = true;
        spvk_diag_add(s->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                      "instruction %s would need %zu words (more than 65535)",
                      spvk_instruction_by_opcode(opcode) ? spvk_instruction_by_opcode(opcode)->name : "?",
                      count + 1);
        return;
    }
    spvk_writer_word(w, ((uint32_t)(count + 1) << 16) | opcode);
    if (count)
        ser_words(w, operands, count);
}

/* The first file location inside loc (fused and named locations wrap others). */
static const spvk_ir_attr *file_location(const spvk_ir_attr *loc, int depth)
{
    if (!loc || depth > 8 || loc->dialect != NULL || loc->kind != SPVK_ATTR_LOCATION)
        return NULL;
    if (loc->flags == SPVK_LOC_FILE)
        return loc;
    for (uint32_t i = 0; i < loc->num_attrs; i++) {
        const spvk_ir_attr *f = file_location(loc->attrs[i], depth + 1);
        if (f)
            return f;
    }
    return NULL;
}

bool ser_error(spvk_ser *s, const spvk_ir_op *op, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    s->failed = true;
    const spvk_ir_attr *loc = op ? file_location(op->loc, 0) : NULL;
    const char *file = NULL;
    uint32_t line = 0, column = 0;
    if (loc) {
        file = loc->string;
        line = loc->value > 0 && loc->value <= UINT32_MAX ? (uint32_t)loc->value : 0;
        column = loc->value2 > 0 && loc->value2 <= UINT32_MAX ? (uint32_t)loc->value2 : 0;
    }
    if (op)
        spvk_diag_add(s->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, file, line, column, NULL,
                      0, "'%s' op %s", spvk_ir_op_name(op), message);
    else
        spvk_diag_add(s->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0, "%s",
                      message);
    return false;
}

/* ---- Op kinds ---- */

static const struct {
    const char *name;
    ser_op_kind kind;
} structural_ops[] = {
    {"spirv.module", SER_OP_MODULE},
    {"spirv.func", SER_OP_FUNC},
    {"spirv.GlobalVariable", SER_OP_GLOBAL_VARIABLE},
    {"spirv.SpecConstant", SER_OP_SPEC_CONSTANT},
    {"spirv.SpecConstantComposite", SER_OP_SPEC_CONSTANT_COMPOSITE},
    {"spirv.SpecConstantOperation", SER_OP_SPEC_CONSTANT_OPERATION},
    {"spirv.Constant", SER_OP_CONSTANT},
    {"spirv.ConstantSampler", SER_OP_CONSTANT_SAMPLER},
    {"spirv.ConstantSizeOfEXT", SER_OP_CONSTANT_SIZE_OF},
    {"spirv.String", SER_OP_STRING},
    {"spirv.ExtInst", SER_OP_EXT_INST},
    {"spirv.mlir.addressof", SER_OP_ADDRESSOF},
    {"spirv.mlir.referenceof", SER_OP_REFERENCEOF},
    {"spirv.Undef", SER_OP_UNDEF},
    {"spirv.Variable", SER_OP_VARIABLE},
    {"spirv.mlir.selection", SER_OP_SELECTION},
    {"spirv.mlir.loop", SER_OP_LOOP},
    {"spirv.mlir.merge", SER_OP_MERGE},
    {"spirv.mlir.yield", SER_OP_YIELD},
    {"spirv.Branch", SER_OP_BRANCH},
    {"spirv.BranchConditional", SER_OP_BRANCH_CONDITIONAL},
    {"spirv.Switch", SER_OP_SWITCH},
    {"spirv.FunctionCall", SER_OP_FUNCTION_CALL},
    {"spirv.EntryPoint", SER_OP_ENTRY_POINT},
    {"spirv.ExecutionMode", SER_OP_EXECUTION_MODE},
    {"spirv.ExecutionModeId", SER_OP_EXECUTION_MODE_ID},
};

/* Caches a def's kind in the first way of its set, the older one moving to the second. */
static ser_op_kind cache_kind(spvk_ser *s, const spvk_ir_op_def *def, ser_op_kind kind)
{
    size_t set = ser_kind_set(def);
    s->kind_cache[set + 1] = s->kind_cache[set];
    s->kind_cache[set].def = def;
    s->kind_cache[set].kind = kind;
    return kind;
}

/* ser_op_kind_of's miss: the map, else the kind worked out from the def (and remembered). */
ser_op_kind ser_op_kind_lookup(spvk_ser *s, const spvk_ir_op *op)
{
    uint32_t v;
    if (ser_map_get(&s->map, op->def, NULL, SER_TAG_KIND, &v))
        return cache_kind(s, op->def, (ser_op_kind)(v - 1));
    ser_op_kind kind = SER_OP_UNKNOWN;
    const char *name = op->def->name;
    const spvk_spirv_op_info *info =
        op->def->dialect == s->spirv && !(op->def->traits & SPVK_TRAIT_UNREGISTERED) ? spvk_spirv_op_info_of(op) : NULL;
    if (info && (info->flags & SPVK_SPIRV_OP_GENERIC) && !(info->flags & SPVK_SPIRV_OP_STRUCTURAL)) {
        kind = SER_OP_GENERIC; /* the common case, without comparing names */
    } else {
        for (size_t i = 0; i < sizeof structural_ops / sizeof structural_ops[0]; i++) {
            if (name && strcmp(name, structural_ops[i].name) == 0) {
                kind = structural_ops[i].kind;
                break;
            }
        }
    }
    if (kind == SER_OP_UNKNOWN && info) {
        if (info->flags & SPVK_SPIRV_OP_GENERIC) {
            kind = SER_OP_GENERIC;
        } else if (info->desc && info->ext_set == SPVK_EXT_INST_SET_NONE) {
            /* A structural op standing for one instruction: fine when every operand is an id. */
            bool ids = true;
            for (uint8_t i = 0; i < info->desc->num_operands; i++) {
                unsigned k = info->desc->operands[i].kind;
                const spvk_operand_kind_desc *kd = spvk_operand_kind(k);
                if (!kd || kd->category != SPVK_CATEGORY_ID)
                    ids = false;
            }
            if (ids)
                kind = SER_OP_SIMPLE;
        }
    }
    ser_map_set(s, op->def, NULL, SER_TAG_KIND, (uint32_t)kind + 1);
    return cache_kind(s, op->def, kind);
}

/* ---- Symbols ---- */

bool ser_index_symbols(spvk_ser *s)
{
    if (s->symbols)
        return true;
    if (!spvk_ir_symbol_table_build(s->ctx, s->module, &s->own_symbols)) {
        spvk_ir_symbol_table_free(&s->own_symbols);
        ser_oom(s);
        return false;
    }
    s->symbols = &s->own_symbols;
    return true;
}

spvk_ir_op *ser_lookup_symbol(spvk_ser *s, const spvk_ir_attr *ref)
{
    if (!ref || ref->dialect != NULL || ref->kind != SPVK_ATTR_SYMBOL_REF || ref->num_attrs != 0 || !ref->string)
        return NULL;
    if (!ser_index_symbols(s))
        return NULL;
    /* References are uniqued attributes: resolve each one once. */
    uint32_t index;
    if (ser_map_get(&s->map, ref, NULL, SER_TAG_SYMREF, &index))
        return index ? s->symbol_ops[index - 1] : NULL;
    const char *name = spvk_ir_intern(s->ctx, ref->string, ref->length);
    if (!name) {
        ser_oom(s);
        return NULL;
    }
    spvk_ir_op *op = spvk_ir_symbol_table_find(s->symbols, name);
    index = 0;
    if (op) {
        if (!spvk_array_grow(s->alloc, &s->symbol_ops, &s->symbol_ops_capacity, s->num_symbol_ops + 1,
                             sizeof *s->symbol_ops, 16)) {
            ser_oom(s);
            return NULL;
        }
        s->symbol_ops[s->num_symbol_ops++] = op;
        index = (uint32_t)s->num_symbol_ops;
    }
    ser_map_set(s, ref, NULL, SER_TAG_SYMREF, index);
    return op;
}

static const char *symbol_name(const spvk_ir_op *op, size_t *length)
{
    const spvk_ir_attr *n = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    if (!n || n->dialect != NULL || n->kind != SPVK_ATTR_STRING || !n->string)
        return NULL;
    *length = n->length;
    return n->string;
}

static void emit_name(spvk_ser *s, uint32_t id, const spvk_ir_op *op)
{
    size_t length;
    const char *name = symbol_name(op, &length);
    if (!name || length == 0)
        return;
    size_t base = s->ws_count;
    if (ser_ws_push(s, id) && ws_push_string(s, name, length))
        ser_instruction(s, &s->names, SPVK_OP_Name, s->ws + base, s->ws_count - base);
    s->ws_count = base;
}

static bool emit_global_variable(spvk_ser *s, const spvk_ir_op *op, uint32_t id);

/* Emits a global or spec constant (and what it needs) once; its id was allocated before. */
static bool ensure_symbol_emitted(spvk_ser *s, const spvk_ir_op *op, ser_op_kind kind, uint32_t id)
{
    uint32_t state = 0;
    ser_map_get(&s->map, op, NULL, SER_TAG_STATE, &state);
    if (state == SER_STATE_DONE)
        return true;
    if (state == SER_STATE_IN_PROGRESS)
        return ser_error(s, op, "refers to itself through its initializer or constituents");
    if (!ser_map_set(s, op, NULL, SER_TAG_STATE, SER_STATE_IN_PROGRESS))
        return false;
    bool ok;
    switch (kind) {
    case SER_OP_GLOBAL_VARIABLE: ok = emit_global_variable(s, op, id); break;
    case SER_OP_SPEC_CONSTANT: ok = ser_spec_constant(s, op, id); break;
    case SER_OP_SPEC_CONSTANT_COMPOSITE: ok = ser_spec_constant_composite(s, op, id); break;
    default: ok = ser_error(s, op, "is not a symbol the serializer emits"); break;
    }
    if (!ok)
        return false;
    emit_name(s, id, op);
    return ser_map_set(s, op, NULL, SER_TAG_STATE, SER_STATE_DONE);
}

static uint32_t symbol_op_id(spvk_ser *s, const spvk_ir_op *target, const spvk_ir_op *user, bool allow_function)
{
    ser_op_kind kind = ser_op_kind_of(s, target);
    if (kind == SER_OP_FUNC && !allow_function) {
        ser_error(s, user, "refers to function @%s where a variable or constant is expected",
                  spvk_ir_symbol_name(target) ? spvk_ir_symbol_name(target) : "?");
        return 0;
    }
    if (kind == SER_OP_SPEC_CONSTANT_OPERATION) {
        /* A named, module-level OpSpecConstantOp (an array length, a LocalSizeId operand). */
        uint32_t done = 0;
        ser_map_get(&s->map, target, NULL, SER_TAG_STATE, &done);
        uint32_t id = ser_spec_constant_operation(s, target);
        if (id && done != SER_STATE_DONE) {
            emit_name(s, id, target);
            if (!ser_map_set(s, target, NULL, SER_TAG_STATE, SER_STATE_DONE))
                return 0;
        }
        return id;
    }
    if (kind != SER_OP_FUNC && kind != SER_OP_GLOBAL_VARIABLE && kind != SER_OP_SPEC_CONSTANT &&
        kind != SER_OP_SPEC_CONSTANT_COMPOSITE) {
        ser_error(s, user, "refers to '%s', which has no SPIR-V id", spvk_ir_op_name(target));
        return 0;
    }
    uint32_t id;
    if (!ser_map_get(&s->map, target, NULL, SER_TAG_SYMBOL, &id)) {
        id = ser_new_id(s);
        if (!id || !ser_map_set(s, target, NULL, SER_TAG_SYMBOL, id))
            return 0;
    }
    if (kind != SER_OP_FUNC && !ensure_symbol_emitted(s, target, kind, id))
        return 0;
    return id;
}

uint32_t ser_symbol_id(spvk_ser *s, const spvk_ir_op *user, const spvk_ir_attr *ref, bool allow_function)
{
    if (ser_taping(s))
        return ser_tape_call(s, SER_EXT_SYMBOL, ref, NULL, allow_function, user);
    if (!ref || ref->dialect != NULL || ref->kind != SPVK_ATTR_SYMBOL_REF) {
        ser_error(s, user, "expects a symbol reference");
        return 0;
    }
    spvk_ir_op *target = ser_lookup_symbol(s, ref);
    if (!target) {
        if (!s->oom)
            ser_error(s, user, "refers to @%.*s, which is not defined in the module", (int)ref->length,
                      ref->string ? ref->string : "");
        return 0;
    }
    return symbol_op_id(s, target, user, allow_function);
}

uint32_t ser_import_by_name(spvk_ser *s, const char *name, size_t length)
{
    if (ser_taping(s))
        return length > UINT32_MAX ? 0 : ser_tape_call(s, SER_EXT_IMPORT, name, NULL, (uint32_t)length, NULL);
    for (size_t i = 0; i < s->num_imports; i++)
        if (s->imports[i].length == length && memcmp(s->imports[i].name, name, length) == 0)
            return s->imports[i].id;
    if (!spvk_array_grow(s->alloc, &s->imports, &s->imports_capacity, s->num_imports + 1, sizeof *s->imports, 4))
        return ser_oom(s), 0;
    uint32_t id = ser_new_id(s);
    if (!id)
        return 0;
    s->imports[s->num_imports].name = name;
    s->imports[s->num_imports].length = length;
    s->imports[s->num_imports].id = id;
    s->num_imports++;
    return id;
}

uint32_t ser_function_id(spvk_ser *s, const spvk_ir_op *fn)
{
    if (ser_taping(s))
        return ser_tape_self(s, fn);
    uint32_t id;
    if (ser_map_get(&s->map, fn, NULL, SER_TAG_SYMBOL, &id))
        return id;
    id = ser_new_id(s);
    if (!id || !ser_map_set(s, fn, NULL, SER_TAG_SYMBOL, id))
        return 0;
    return id;
}

uint32_t ser_external_call(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value,
                           const spvk_ir_op *op)
{
    switch (kind) {
    case SER_EXT_TYPE: return ser_type(s, a, op);
    case SER_EXT_CONSTANT: return ser_constant(s, a, b, op);
    case SER_EXT_U32: return ser_u32_constant(s, value, op);
    case SER_EXT_UNDEF: return ser_undef(s, a, op);
    case SER_EXT_SYMBOL: return ser_symbol_id(s, op, a, value != 0);
    case SER_EXT_IMPORT: return ser_import_by_name(s, a, value);
    case SER_EXT_FUNCTION: return ser_function_id(s, a);
    }
    return 0;
}

uint32_t ser_ext_import_id(spvk_ser *s, unsigned set, const spvk_ir_op *op)
{
    const spvk_ext_inst_set_desc *d = spvk_ext_inst_set(set);
    if (!d || !d->import_name) {
        ser_error(s, op, "uses an unknown extended instruction set");
        return 0;
    }
    size_t n = strlen(d->import_name);
    if (n && d->import_name[n - 1] == '.') {
        ser_error(s, op, "uses the versioned extended instruction set %s*, whose version the IR does not keep",
                  d->import_name);
        return 0;
    }
    return ser_import_by_name(s, d->import_name, n);
}

uint32_t ser_string(spvk_ser *s, const spvk_ir_op *op)
{
    if (ser_taping(s))
        return ser_tape_refuse(s); /* the debug section: not on a tape */
    const spvk_ir_attr *v = spvk_ir_op_attr(op, "value");
    if (!v || v->dialect != NULL || v->kind != SPVK_ATTR_STRING)
        return ser_error(s, op, "has no string 'value' attribute"), 0;
    size_t base = s->ws_count;
    if (!ser_ws_push(s, SPVK_OP_String) || !ser_ws_push(s, 0) || !ws_push_string(s, v->string ? v->string : "", v->length)) {
        s->ws_count = base;
        return 0;
    }
    size_t n = s->ws_count - base;
    uint32_t hash = ser_hash_words(s->ws + base, n);
    uint32_t id = ser_wmap_find(s, s->ws + base, n, hash);
    if (!id) {
        id = ser_new_id(s);
        if (id && ser_wmap_add(s, s->ws + base, n, hash, id)) {
            s->ws[base + 1] = id;
            ser_instruction(s, &s->strings, SPVK_OP_String, s->ws + base + 1, n - 1);
        } else {
            id = 0;
        }
    }
    s->ws_count = base;
    return id;
}

/* ---- Decorations ---- */

static bool is_spirv_enum(const spvk_spirv_attr_kind kind, const spvk_ser *s, const spvk_ir_attr *a)
{
    return a && a->dialect == s->spirv && a->kind == kind;
}

void ser_simple_decoration(spvk_ser *s, uint32_t id, uint32_t decoration, const uint32_t *operands, size_t count)
{
    uint32_t words[8];
    words[0] = id;
    words[1] = decoration;
    size_t n = 2;
    for (size_t i = 0; i < count && n < 8; i++)
        words[n++] = operands[i];
    ser_instruction(s, &s->annotations, SPVK_OP_Decorate, words, n);
}

/* Pushes one decoration operand of grammar kind `kind` from an attribute. Sets *uses_id for <id>
   operands (OpDecorateId). */
static bool push_decoration_operand(spvk_ser *s, const spvk_ir_op *op, const char *decoration_name, unsigned kind,
                                    const spvk_ir_attr *a, bool *uses_id)
{
    const spvk_operand_kind_desc *kd = spvk_operand_kind(kind);
    if (!kd || !a)
        return ser_error(s, op, "has a malformed %s decoration", decoration_name);
    if (kd->category == SPVK_CATEGORY_ID) {
        *uses_id = true;
        if (a->dialect == NULL && a->kind == SPVK_ATTR_SYMBOL_REF) {
            uint32_t id = ser_symbol_id(s, op, a, false);
            return id && ser_ws_push(s, id);
        }
        if (a->dialect == NULL && a->kind == SPVK_ATTR_INTEGER) {
            uint32_t id = ser_u32_constant(s, (uint32_t)a->value, op);
            return id && ser_ws_push(s, id);
        }
        return ser_error(s, op, "has a %s decoration whose <id> operand is neither a symbol nor an integer",
                         decoration_name);
    }
    if (kind == SPVK_OPERAND_LiteralString) {
        if (a->dialect == NULL && a->kind == SPVK_ATTR_STRING)
            return ws_push_string(s, a->string ? a->string : "", a->length);
        return ser_error(s, op, "expects a string for the %s decoration", decoration_name);
    }
    if (kd->category == SPVK_CATEGORY_VALUEENUM || kd->category == SPVK_CATEGORY_BITENUM) {
        if (a->dialect == s->spirv && a->kind == SPVK_SPIRV_ATTR_ENUM)
            return ser_ws_push(s, (uint32_t)a->value);
        if (a->dialect == NULL && a->kind == SPVK_ATTR_INTEGER)
            return ser_ws_push(s, (uint32_t)a->value);
        if (a->dialect == NULL && a->kind == SPVK_ATTR_STRING && a->string) {
            const spvk_enumerant_desc *e = spvk_enumerant_by_name(kind, a->string, a->length);
            if (!e)
                return ser_error(s, op, "has '%.*s', which is not a %s, in its %s decoration", (int)a->length,
                                 a->string, kd->name, decoration_name);
            return ser_ws_push(s, e->value);
        }
        return ser_error(s, op, "expects a %s for the %s decoration", kd->name, decoration_name);
    }
    /* Literal numbers. */
    if (a->dialect == NULL && a->kind == SPVK_ATTR_INTEGER) {
        if (!ser_ws_push(s, (uint32_t)a->value))
            return false;
        /* A 64-bit literal (none of today's decorations has one) would need its high word. */
        return true;
    }
    if (a->dialect == NULL && a->kind == SPVK_ATTR_BOOL)
        return ser_ws_push(s, a->value ? 1u : 0u);
    if (a->dialect == NULL && a->kind == SPVK_ATTR_FLOAT) {
        float f = (float)a->number;
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        return ser_ws_push(s, bits);
    }
    if (a->dialect == s->spirv && a->kind == SPVK_SPIRV_ATTR_ENUM)
        return ser_ws_push(s, (uint32_t)a->value);
    return ser_error(s, op, "expects an integer for the %s decoration", decoration_name);
}

/* A decoration with operands taken from items[0..count). */
static bool decorate_items(spvk_ser *s, const spvk_ir_op *op, uint32_t id, int64_t member, uint32_t decoration,
                           const spvk_ir_attr *const *items, uint32_t count)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, decoration);
    if (!e)
        return ser_error(s, op, "has decoration %u, which the grammar does not know", decoration);
    size_t base = s->ws_count;
    bool uses_id = false;
    bool ok = true;
    if (member >= 0) {
        ok = ser_ws_push(s, id) && ser_ws_push(s, (uint32_t)member) && ser_ws_push(s, decoration);
    } else {
        ok = ser_ws_push(s, id) && ser_ws_push(s, decoration);
    }
    for (uint32_t p = 0; ok && p < e->num_parameters; p++) {
        if (p >= count) {
            if (e->parameters[p].quantifier != SPVK_QUANTIFIER_ONE)
                break;
            ok = ser_error(s, op, "has a %s decoration without its operand", e->name);
            break;
        }
        ok = push_decoration_operand(s, op, e->name, e->parameters[p].kind, items[p], &uses_id);
    }
    if (ok) {
        /* Decorations with string operands have their own instructions (UserSemantic, ...). */
        bool strings = false;
        for (uint8_t p = 0; p < e->num_parameters; p++)
            strings = strings || e->parameters[p].kind == SPVK_OPERAND_LiteralString;
        /* ... from SPIR-V 1.4 or with SPV_GOOGLE_decorate_string; LinkageAttributes has always been
           written with OpDecorate. */
        strings = strings && decoration != SPVK_DECORATION_LinkageAttributes &&
                  (s->version >= SPVK_VERSION(1, 4) || s->has_decorate_string);
        uint32_t opcode = member >= 0 ? (strings ? SPVK_OP_MemberDecorateString : SPVK_OP_MemberDecorate)
                          : uses_id   ? SPVK_OP_DecorateId
                          : strings   ? SPVK_OP_DecorateString
                                      : SPVK_OP_Decorate;
        ser_instruction(s, &s->annotations, opcode, s->ws + base, s->ws_count - base);
    }
    s->ws_count = base;
    return ok;
}

bool ser_decorate(spvk_ser *s, const spvk_ir_op *op, uint32_t id, int64_t member, uint32_t decoration,
                  const spvk_ir_attr *value)
{
    if (!value || (value->dialect == NULL && value->kind == SPVK_ATTR_UNIT))
        return decorate_items(s, op, id, member, decoration, NULL, 0);
    if (value->dialect == NULL && value->kind == SPVK_ATTR_BOOL) {
        /* A boolean decoration attribute set to false means the decoration is absent. */
        if (!value->value)
            return true;
        return decorate_items(s, op, id, member, decoration, NULL, 0);
    }
    if (value->dialect == NULL && value->kind == SPVK_ATTR_ARRAY)
        return decorate_items(s, op, id, member, decoration, value->attrs, value->num_attrs);
    if (value->dialect == s->spirv && value->names && value->num_attrs > 0 && decoration == SPVK_DECORATION_LinkageAttributes) {
        /* #spirv.linkage_attributes<linkage_name = "...", linkage_type = <Export>> */
        const spvk_ir_attr *items[2] = {NULL, NULL};
        for (uint32_t i = 0; i < value->num_attrs; i++) {
            const char *n = value->names[i];
            if (n && strstr(n, "name"))
                items[0] = value->attrs[i];
            else if (n && strstr(n, "type"))
                items[1] = value->attrs[i];
        }
        if (!items[0] || !items[1])
            return ser_error(s, op, "has a malformed linkage_attributes attribute");
        /* The linkage type may be nested as a one-element attribute (MLIR prints `<Export>`). */
        if (items[1]->dialect == NULL && items[1]->kind == SPVK_ATTR_ARRAY && items[1]->num_attrs == 1)
            items[1] = items[1]->attrs[0];
        return decorate_items(s, op, id, member, decoration, items, 2);
    }
    return decorate_items(s, op, id, member, decoration, &value, 1);
}

bool ser_decorate_from_struct_attr(spvk_ser *s, const spvk_ir_op *op, uint32_t id, int64_t member,
                                   const spvk_ir_attr *d)
{
    if (is_spirv_enum(SPVK_SPIRV_ATTR_ENUM, s, d))
        return decorate_items(s, op, id, member, (uint32_t)d->value, NULL, 0);
    if (d && d->dialect == NULL && d->kind == SPVK_ATTR_ARRAY && d->num_attrs >= 1 &&
        is_spirv_enum(SPVK_SPIRV_ATTR_ENUM, s, d->attrs[0]))
        return decorate_items(s, op, id, member, (uint32_t)d->attrs[0]->value, d->attrs + 1, d->num_attrs - 1);
    if (d && d->dialect == NULL && d->kind == SPVK_ATTR_ARRAY && d->num_attrs >= 1 && d->attrs[0]->dialect == NULL &&
        d->attrs[0]->kind == SPVK_ATTR_INTEGER)
        return decorate_items(s, op, id, member, (uint32_t)d->attrs[0]->value, d->attrs + 1, d->num_attrs - 1);
    return ser_error(s, op, "uses a struct type with a malformed decoration");
}

/* The decoration an attribute name stands for, or -1. Names are interned, so each distinct name
   is looked up in the grammar once per module. */
static int decoration_of(spvk_ser *s, const char *name)
{
    uint32_t v;
    if (ser_map_get(&s->map, name, NULL, SER_TAG_DECORATION, &v))
        return (int)v - 1;
    int d = spvk_spirv_decoration_from_attr_name(name);
    ser_map_set(s, name, NULL, SER_TAG_DECORATION, (uint32_t)(d + 1));
    return d;
}

/* Whether the generic encoding of info consumes the attribute `name`. */
static bool consumed_by_encoding(const spvk_spirv_op_info *info, const char *name)
{
    if (!info)
        return false;
    for (uint8_t i = 0; i < info->num_slots; i++) {
        const spvk_spirv_slot *sl = &info->slots[i];
        if (sl->kind != SPVK_SPIRV_SLOT_ATTR || !sl->attr_name)
            continue;
        if (strcmp(sl->attr_name, name) == 0)
            return true;
        if (sl->param_attr_names) {
            for (uint8_t p = 0; p < sl->num_param_attr_names; p++)
                if (sl->param_attr_names[p] && strcmp(sl->param_attr_names[p], name) == 0)
                    return true;
        } else {
            size_t n = strlen(sl->attr_name);
            if (strncmp(name, sl->attr_name, n) == 0 && name[n] == '_' && name[n + 1] >= '0' && name[n + 1] <= '9')
                return true;
        }
    }
    return false;
}

bool ser_decorations_from_attrs(spvk_ser *s, const spvk_ir_op *op, uint32_t id, const char *const *skip,
                                size_t num_skip, const spvk_spirv_op_info *info)
{
    const spvk_ir_attr *d = op->attrs;
    if (!d || d->num_attrs == 0 || !d->names)
        return true;
    for (uint32_t i = 0; i < d->num_attrs; i++) {
        const char *name = d->names[i];
        if (!name)
            continue;
        bool skipped = false;
        for (size_t k = 0; k < num_skip && !skipped; k++)
            skipped = strcmp(name, skip[k]) == 0;
        if (skipped || consumed_by_encoding(info, name))
            continue;
        int decoration = decoration_of(s, name);
        if (decoration < 0)
            continue; /* not a decoration: an attribute SPIR-V has no place for */
        if (!ser_decorate(s, op, id, -1, (uint32_t)decoration, d->attrs[i]))
            return false;
    }
    return true;
}

/* Function parameter attributes: a dictionary of decoration attributes, or MLIR's
   `spirv.decoration = #spirv.decoration<Aliased>`. */
bool ser_decorations_from_dict(spvk_ser *s, const spvk_ir_op *op, uint32_t id, const spvk_ir_attr *dict)
{
    if (!dict || dict->dialect != NULL || dict->kind != SPVK_ATTR_DICTIONARY || !dict->names)
        return true;
    for (uint32_t i = 0; i < dict->num_attrs; i++) {
        const char *name = dict->names[i];
        const spvk_ir_attr *v = dict->attrs[i];
        if (!name)
            continue;
        if (strcmp(name, "spirv.decoration") == 0) {
            if (is_spirv_enum(SPVK_SPIRV_ATTR_ENUM, s, v)) {
                if (!decorate_items(s, op, id, -1, (uint32_t)v->value, NULL, 0))
                    return false;
            } else if (v && v->dialect == NULL && v->kind == SPVK_ATTR_ARRAY) {
                if (!ser_decorate_from_struct_attr(s, op, id, -1, v))
                    return false;
            }
            continue;
        }
        int decoration = decoration_of(s, name);
        if (decoration >= 0 && !ser_decorate(s, op, id, -1, (uint32_t)decoration, v))
            return false;
    }
    return true;
}

/* ---- Module-level ops ---- */

static const spvk_ir_type *pointee_struct(const spvk_ser *s, const spvk_ir_type *t)
{
    /* Arrays of blocks (descriptor arrays) decorate their element struct. */
    for (int depth = 0; t && depth < SER_MAX_DEPTH; depth++) {
        if (t->dialect != s->spirv)
            return NULL;
        if (t->kind == SPVK_SPIRV_STRUCT)
            return t;
        if ((t->kind == SPVK_SPIRV_ARRAY || t->kind == SPVK_SPIRV_RUNTIME_ARRAY) && t->num_types == 1)
            t = t->types[0];
        else
            return NULL;
    }
    return NULL;
}

static bool struct_has_builtin_member(const spvk_ser *s, const spvk_ir_type *st)
{
    if (st->num_attrs < st->num_types)
        return false;
    for (uint32_t m = 0; m < st->num_types; m++) {
        const spvk_ir_attr *decs = st->attrs[m];
        if (!decs || decs->dialect != NULL || decs->kind != SPVK_ATTR_ARRAY)
            continue;
        for (uint32_t k = 0; k < decs->num_attrs; k++) {
            const spvk_ir_attr *d = decs->attrs[k];
            if (d && d->dialect == NULL && d->kind == SPVK_ATTR_ARRAY && d->num_attrs > 0)
                d = d->attrs[0];
            if (d && d->dialect == s->spirv && d->kind == SPVK_SPIRV_ATTR_ENUM && d->value == SPVK_DECORATION_BuiltIn)
                return true;
        }
    }
    return false;
}

static bool emit_global_variable(spvk_ser *s, const spvk_ir_op *op, uint32_t id)
{
    const spvk_ir_attr *ta = spvk_ir_op_attr(op, "type");
    if (!ta || ta->dialect != NULL || ta->kind != SPVK_ATTR_TYPE || !ta->type)
        return ser_error(s, op, "has no 'type' attribute");
    const spvk_ir_type *ptr = ta->type;
    /* An untyped pointer (SPV_KHR_untyped_pointers) is an OpUntypedVariableKHR, its Data Type
       from 'data_type' (what the deserializer wrote; docs/spirv_dialect.md). */
    bool untyped = ptr->dialect == s->spirv && ptr->kind == SPVK_SPIRV_OPAQUE && ptr->num_ints == 2 &&
                   ptr->ints[0] == SPVK_OP_TypeUntypedPointerKHR;
    if (!untyped &&
        (ptr->dialect != s->spirv || ptr->kind != SPVK_SPIRV_POINTER || ptr->num_types != 1 || ptr->num_ints < 1))
        return ser_error(s, op, "has a type that is not a !spirv.ptr");
    const spvk_ir_type *pointee = untyped ? NULL : ptr->types[0];
    uint32_t data_type_id = 0;
    if (untyped) {
        const spvk_ir_attr *da = spvk_ir_op_attr(op, "data_type");
        if (da && (da->dialect != NULL || da->kind != SPVK_ATTR_TYPE || !da->type))
            return ser_error(s, op, "has a 'data_type' that is not a type");
        pointee = da ? da->type : NULL;
        if (pointee && !(data_type_id = ser_type(s, pointee, op)))
            return false;
    }
    uint32_t type_id = ser_type(s, ptr, op);
    if (!type_id)
        return false;
    uint32_t storage = (uint32_t)ptr->ints[untyped ? 1 : 0];
    uint32_t init = 0;
    const spvk_ir_attr *ia = spvk_ir_op_attr(op, "initializer");
    if (ia) {
        if (untyped && !pointee)
            return ser_error(s, op, "has an initializer but no 'data_type'");
        if (ia->dialect == NULL && ia->kind == SPVK_ATTR_SYMBOL_REF)
            init = ser_symbol_id(s, op, ia, false);
        else
            init = ser_constant(s, ia, pointee, op);
        if (!init)
            return false;
    }
    uint32_t words[5] = {type_id, id, storage};
    uint32_t n = 3;
    if (data_type_id)
        words[n++] = data_type_id;
    if (init)
        words[n++] = init;
    ser_instruction(s, &s->types, untyped ? SPVK_OP_UntypedVariableKHR : SPVK_OP_Variable, words, n);

    static const char *const skip[] = {"type", "sym_name", "initializer", "sym_visibility", "data_type"};
    if (!ser_decorations_from_attrs(s, op, id, skip, sizeof skip / sizeof skip[0], NULL))
        return false;

    const spvk_ir_type *st = pointee ? pointee_struct(s, pointee) : NULL;
    if (st) {
        switch (storage) {
        case SPVK_STORAGE_CLASS_Uniform:
        case SPVK_STORAGE_CLASS_StorageBuffer:
        case SPVK_STORAGE_CLASS_PushConstant:
        case SPVK_STORAGE_CLASS_ShaderRecordBufferKHR:
            return ser_add_block_candidate(s, st, SER_BLOCK_INTERFACE);
        case SPVK_STORAGE_CLASS_Input:
        case SPVK_STORAGE_CLASS_Output:
            if (struct_has_builtin_member(s, st))
                return ser_add_block_candidate(s, st, SER_BLOCK_BUILTIN_IO);
            break;
        case SPVK_STORAGE_CLASS_Workgroup:
            /* An explicitly laid out Workgroup struct (SPV_KHR_workgroup_memory_explicit_layout)
               is a block; a plain shared struct has no offsets. */
            for (uint32_t m = 0; m < st->num_types && m < st->num_ints; m++)
                if (st->ints[m] >= 0)
                    return ser_add_block_candidate(s, st, SER_BLOCK_INTERFACE);
            break;
        default: break;
        }
    }
    return true;
}

static const spvk_ir_attr *enum_attr(spvk_ser *s, const spvk_ir_op *op, const char *name, bool required)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    if (a && a->dialect == s->spirv && a->kind == SPVK_SPIRV_ATTR_ENUM)
        return a;
    if (required)
        ser_error(s, op, a ? "has a '%s' attribute that is not a SPIR-V enum" : "has no '%s' attribute", name);
    return NULL;
}

static bool emit_entry_point(spvk_ser *s, const spvk_ir_op *op)
{
    const spvk_ir_attr *model = enum_attr(s, op, "execution_model", true);
    if (!model)
        return false;
    const spvk_ir_attr *fn = spvk_ir_op_attr(op, "fn");
    uint32_t fn_id = ser_symbol_id(s, op, fn, true);
    if (!fn_id)
        return false;
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, (uint32_t)model->value) && ser_ws_push(s, fn_id) &&
              ws_push_string(s, fn->string ? fn->string : "", fn->length);
    const spvk_ir_attr *iface = spvk_ir_op_attr(op, "interface");
    if (ok && iface) {
        if (iface->dialect != NULL || iface->kind != SPVK_ATTR_ARRAY) {
            ok = ser_error(s, op, "has an 'interface' attribute that is not an array of symbols");
        } else {
            for (uint32_t i = 0; ok && i < iface->num_attrs; i++) {
                spvk_ir_op *var = ser_lookup_symbol(s, iface->attrs[i]);
                if (!var || ser_op_kind_of(s, var) != SER_OP_GLOBAL_VARIABLE) {
                    ok = ser_error(s, op, "lists an interface symbol that is not a spirv.GlobalVariable");
                    break;
                }
                uint32_t id = symbol_op_id(s, var, op, false);
                ok = id && ser_ws_push(s, id);
            }
        }
    }
    if (ok)
        ser_instruction(s, &s->entry_points, SPVK_OP_EntryPoint, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    return ok;
}

static bool emit_execution_mode(spvk_ser *s, const spvk_ir_op *op)
{
    const spvk_ir_attr *fn = spvk_ir_op_attr(op, "fn");
    uint32_t fn_id = ser_symbol_id(s, op, fn, true);
    if (!fn_id)
        return false;
    const spvk_ir_attr *mode = enum_attr(s, op, "execution_mode", true);
    if (!mode)
        return false;
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_ExecutionMode, (uint32_t)mode->value);
    if (!e)
        return ser_error(s, op, "has execution mode %u, which the grammar does not know", (uint32_t)mode->value);
    bool id_operands = false;
    for (uint8_t p = 0; p < e->num_parameters; p++) {
        const spvk_operand_kind_desc *kd = spvk_operand_kind(e->parameters[p].kind);
        if (kd && kd->category == SPVK_CATEGORY_ID)
            id_operands = true;
    }
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, fn_id) && ser_ws_push(s, (uint32_t)mode->value);
    const spvk_ir_attr *values = spvk_ir_op_attr(op, "values");
    if (ok && values) {
        if (values->dialect != NULL || (values->kind != SPVK_ATTR_ARRAY && values->kind != SPVK_ATTR_DENSE_ARRAY)) {
            ok = ser_error(s, op, "has a 'values' attribute that is not an array");
        } else {
            for (uint32_t i = 0; ok && i < values->num_attrs; i++) {
                const spvk_ir_attr *v = values->attrs[i];
                uint32_t word = 0;
                if (v && v->dialect == NULL && v->kind == SPVK_ATTR_SYMBOL_REF) {
                    word = ser_symbol_id(s, op, v, false);
                    ok = word != 0;
                } else if (v && v->dialect == NULL && (v->kind == SPVK_ATTR_INTEGER || v->kind == SPVK_ATTR_BOOL)) {
                    if (id_operands) {
                        word = ser_u32_constant(s, (uint32_t)v->value, op);
                        ok = word != 0;
                    } else {
                        word = (uint32_t)v->value;
                    }
                } else if (v && v->dialect == NULL && v->kind == SPVK_ATTR_TYPE && v->type && id_operands) {
                    word = ser_type(s, v->type, op); /* FPFastMathDefault's Target Type */
                    ok = word != 0;
                } else if (v && v->dialect == NULL && v->kind == SPVK_ATTR_FLOAT) {
                    float f = (float)v->number;
                    memcpy(&word, &f, sizeof word);
                } else if (v && v->dialect == NULL && v->kind == SPVK_ATTR_STRING) {
                    ok = ws_push_string(s, v->string ? v->string : "", v->length);
                    continue;
                } else {
                    ok = ser_error(s, op, "has a 'values' element that is neither an integer nor a symbol");
                }
                ok = ok && ser_ws_push(s, word);
            }
        }
    }
    if (ok)
        ser_instruction(s, &s->exec_modes, id_operands ? SPVK_OP_ExecutionModeId : SPVK_OP_ExecutionMode,
                        s->ws + base, s->ws_count - base);
    s->ws_count = base;
    return ok;
}

static bool module_op(spvk_ser *s, const spvk_ir_op *op)
{
    ser_op_kind kind = ser_op_kind_of(s, op);
    switch (kind) {
    case SER_OP_FUNC: {
        bool replayed = false;
        if (s->consumer && !ser_consumer_replay(s, op, &replayed))
            return false;
        return replayed || ser_function(s, op);
    }
    case SER_OP_GLOBAL_VARIABLE:
    case SER_OP_SPEC_CONSTANT:
    case SER_OP_SPEC_CONSTANT_COMPOSITE:
    case SER_OP_SPEC_CONSTANT_OPERATION: return symbol_op_id(s, op, op, false) != 0;
    case SER_OP_ENTRY_POINT: return emit_entry_point(s, op);
    case SER_OP_EXECUTION_MODE:
    case SER_OP_EXECUTION_MODE_ID: return emit_execution_mode(s, op);
    default:
        return ser_error(s, op, "cannot appear directly in a spirv.module");
    }
}

/* ---- Entry ---- */

void ser_free_state(spvk_ser *s)
{
    spvk_writer *writers[] = {&s->entry_points, &s->exec_modes, &s->strings, &s->names, &s->annotations, &s->types,
                              &s->fn_decls, &s->fn_defs, &s->fn_header, &s->fn_body, &s->scratch};
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        spvk_writer_free(writers[i]);
    spvk_free(s->alloc, s->map.slots, s->map.capacity * sizeof *s->map.slots);
    spvk_free(s->alloc, s->value_ids.slots, s->value_ids.capacity * sizeof *s->value_ids.slots);
    spvk_free(s->alloc, s->type_ids.slots, s->type_ids.capacity * sizeof *s->type_ids.slots);
    spvk_free(s->alloc, s->block_ids.slots, s->block_ids.capacity * sizeof *s->block_ids.slots);
    spvk_free(s->alloc, s->wmap.slots, s->wmap.capacity * sizeof *s->wmap.slots);
    spvk_free(s->alloc, s->wmap.pool, s->wmap.pool_capacity * sizeof *s->wmap.pool);
    spvk_free(s->alloc, s->imports, s->imports_capacity * sizeof *s->imports);
    spvk_free(s->alloc, s->ws, s->ws_capacity * sizeof *s->ws);
    spvk_free(s->alloc, s->blocks, s->blocks_capacity * sizeof *s->blocks);
    spvk_free(s->alloc, s->edges, s->edges_capacity * sizeof *s->edges);
    spvk_free(s->alloc, s->dfs, s->dfs_capacity * sizeof *s->dfs);
    spvk_free(s->alloc, s->candidates, s->candidates_capacity * sizeof *s->candidates);
    spvk_free(s->alloc, s->pending, s->pending_capacity * sizeof *s->pending);
    spvk_free(s->alloc, s->struct_names, s->struct_names_capacity * sizeof *s->struct_names);
    spvk_free(s->alloc, s->symbol_ops, s->symbol_ops_capacity * sizeof *s->symbol_ops);
    if (s->symbols == &s->own_symbols)
        spvk_ir_symbol_table_free(&s->own_symbols);
}

bool ser_writers_failed(const spvk_ser *s)
{
    const spvk_writer *writers[] = {&s->entry_points, &s->exec_modes, &s->strings, &s->names, &s->annotations, &s->types,
                                    &s->fn_decls, &s->fn_defs, &s->fn_header, &s->fn_body, &s->scratch};
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        if (writers[i]->failed)
            return true;
    return false;
}

/* Header and the sections collected from vce_triple and the module attributes. */
static bool emit_preamble(spvk_ser *s, spvk_writer *out, const spvk_ir_attr *vce, uint32_t addressing,
                          uint32_t memory)
{
    const spvk_ir_attr *caps = vce->num_attrs > 0 ? vce->attrs[0] : NULL;
    const spvk_ir_attr *exts = vce->num_attrs > 1 ? vce->attrs[1] : NULL;
    if (caps && caps->dialect == NULL && caps->kind == SPVK_ATTR_ARRAY) {
        for (uint32_t i = 0; i < caps->num_attrs; i++) {
            const spvk_ir_attr *c = caps->attrs[i];
            if (!c || c->dialect != s->spirv || c->kind != SPVK_SPIRV_ATTR_ENUM)
                return ser_error(s, s->module, "has a vce_triple capability that is not a capability enum");
            uint32_t word = (uint32_t)c->value;
            ser_instruction(s, out, SPVK_OP_Capability, &word, 1);
        }
    }
    if (exts && exts->dialect == NULL && exts->kind == SPVK_ATTR_ARRAY) {
        for (uint32_t i = 0; i < exts->num_attrs; i++) {
            const spvk_ir_attr *e = exts->attrs[i];
            const char *str = NULL;
            size_t len = 0;
            if (e && e->dialect == NULL && e->kind == SPVK_ATTR_STRING) {
                str = e->string;
                len = e->length;
            } else if (e && e->dialect == s->spirv && e->kind == SPVK_SPIRV_ATTR_ENUM) {
                str = spvk_extension_name((unsigned)e->value);
                len = str ? strlen(str) : 0;
            }
            if (!str)
                return ser_error(s, s->module, "has a vce_triple extension that is not a string");
            size_t base = s->ws_count;
            if (ws_push_string(s, str, len))
                ser_instruction(s, out, SPVK_OP_Extension, s->ws + base, s->ws_count - base);
            s->ws_count = base;
        }
    }
    for (size_t i = 0; i < s->num_imports; i++) {
        size_t base = s->ws_count;
        if (ser_ws_push(s, s->imports[i].id) && ws_push_string(s, s->imports[i].name, s->imports[i].length))
            ser_instruction(s, out, SPVK_OP_ExtInstImport, s->ws + base, s->ws_count - base);
        s->ws_count = base;
    }
    uint32_t mm[2] = {addressing, memory};
    ser_instruction(s, out, SPVK_OP_MemoryModel, mm, 2);
    return true;
}

static spvk_result out_of_memory(spvk_diagnostics *diags)
{
    spvk_diag_add(diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                  "out of memory while serializing");
    return SPVK_ERROR_OUT_OF_MEMORY;
}

void ser_init(spvk_ser *s, spvk_ir_context *ctx, const spvk_ir_op *module, spvk_diagnostics *diags)
{
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->alloc = spvk_ir_context_allocator(ctx);
    s->diags = diags;
    s->module = module;
    s->spirv = spvk_spirv_dialect();
    s->next_id = 1;
    spvk_writer *writers[] = {&s->entry_points, &s->exec_modes, &s->strings, &s->names, &s->annotations, &s->types,
                              &s->fn_decls, &s->fn_defs, &s->fn_header, &s->fn_body, &s->scratch};
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        spvk_writer_init(writers[i], s->alloc);
}

/* What serialize_module leaves: the header and every section but the function definitions in
   `head`, the definitions (most of the module) still in s->fn_defs, so that neither finisher
   copies them more than it must. */
static spvk_result serialize_module(spvk_ser *s, spvk_ir_context *ctx, spvk_ir_op *module,
                                    const spvk_ir_stream *stream, spvk_diagnostics *diags, spvk_writer *head)
{
    ser_init(s, ctx, module, diags);
    spvk_writer_init(head, s->alloc);

    spvk_result result = SPVK_ERROR_INVALID;
    bool ctx_failed_before = spvk_ir_context_failed(ctx);
    if (!module->def || !module->def->name || strcmp(module->def->name, "spirv.module") != 0) {
        ser_error(s, module, "is not a spirv.module");
        goto done;
    }
    const spvk_ir_attr *vce = spvk_ir_op_attr(module, "vce_triple");
    if (!vce || vce->dialect != s->spirv || vce->kind != SPVK_SPIRV_ATTR_VCE) {
        ser_error(s, module,
                  "has no vce_triple attribute (`requires #spirv.vce<...>`): the SPIR-V version and the "
                  "capabilities must be given, the serializer does not infer them");
        goto done;
    }
    s->version = (uint32_t)vce->value;
    if (vce->num_attrs > 1 && vce->attrs[1] && vce->attrs[1]->dialect == NULL && vce->attrs[1]->kind == SPVK_ATTR_ARRAY) {
        for (uint32_t i = 0; i < vce->attrs[1]->num_attrs; i++) {
            const spvk_ir_attr *x = vce->attrs[1]->attrs[i];
            if (x && x->dialect == NULL && x->kind == SPVK_ATTR_STRING && x->length == 26 &&
                memcmp(x->string, "SPV_GOOGLE_decorate_string", 26) == 0)
                s->has_decorate_string = true;
        }
    }
    if (((s->version >> 16) & 0xff) != 1 || (s->version & 0xff0000ffu) != 0) {
        ser_error(s, module, "has a vce_triple version that is not a SPIR-V 1.x version");
        goto done;
    }
    const spvk_ir_attr *am = enum_attr(s, module, "addressing_model", true);
    const spvk_ir_attr *mm = am ? enum_attr(s, module, "memory_model", true) : NULL;
    if (!am || !mm)
        goto done;
    s->i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    s->none = spvk_ir_none_type(ctx);
    if (!s->i32 || !s->none) {
        ser_oom(s);
        goto done;
    }

    if (stream && stream->set_consumer)
        ser_consumer_start(s, stream);
    if (module->num_regions >= 1 && module->regions[0].first) {
        for (spvk_ir_block *b = module->regions[0].first; b; b = b->next) {
            for (spvk_ir_op *op = b->first; op; op = op->next) {
                if (stream && stream->child_begin) {
                    spvk_result r = stream->child_begin(stream->user, op);
                    if (r != SPVK_OK) {
                        result = r;
                        s->failed = true; /* the hook reported it */
                        goto done;
                    }
                }
                bool ok = module_op(s, op) && !s->oom;
                if (stream && stream->child_end)
                    stream->child_end(stream->user, op);
                if (!ok)
                    goto done;
            }
        }
    }
    ser_consumer_stop(s, stream);
    if (!ser_finish_blocks(s) || !ser_finish_struct_names(s))
        goto done;

    spvk_writer_header(head, s->version, SPVK_GENERATOR_WORD, 0);
    if (!emit_preamble(s, head, vce, (uint32_t)am->value, (uint32_t)mm->value))
        goto done;
    const spvk_writer *sections[] = {&s->entry_points, &s->exec_modes, &s->strings, &s->names, &s->annotations,
                                     &s->types, &s->fn_decls};
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (sections[i]->count)
            ser_words(head, sections[i]->words, sections[i]->count);
    spvk_writer_set_bound(head, s->next_id);
    if (head->failed || ser_writers_failed(s))
        s->oom = true;
    else if (!s->oom && !s->failed)
        result = SPVK_OK;

done:
    ser_consumer_stop(s, stream);
    /* Out of memory wins over the errors it caused. */
    if (result != SPVK_OK &&
        (s->oom || ser_writers_failed(s) || (!ctx_failed_before && spvk_ir_context_failed(ctx)))) {
        result = out_of_memory(diags);
    } else if (result != SPVK_OK && !s->failed) {
        spvk_diag_add(diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                      "serialization failed");
    }
    return result;
}

spvk_result spvk_spirv_serialize(spvk_ir_context *ctx, const spvk_ir_op *module, uint32_t **words_out,
                                 size_t *num_words_out, spvk_diagnostics *diags)
{
    return spvk_spirv_serialize_streamed(ctx, (spvk_ir_op *)module, NULL, words_out, num_words_out, diags);
}

spvk_result spvk_spirv_serialize_streamed(spvk_ir_context *ctx, spvk_ir_op *module, const spvk_ir_stream *stream,
                                          uint32_t **words_out, size_t *num_words_out, spvk_diagnostics *diags)
{
    if (words_out)
        *words_out = NULL;
    if (num_words_out)
        *num_words_out = 0;
    if (!ctx || !module || !words_out || !num_words_out)
        return SPVK_ERROR_USAGE;
    spvk_ser state;
    spvk_writer head;
    spvk_result result = serialize_module(&state, ctx, module, stream, diags, &head);
    spvk_ser *s = &state;
    if (result == SPVK_OK) {
        /* The function definitions are not copied: their buffer grows to hold the whole module
           (at this size realloc remaps pages rather than copying them) and the rest goes in
           front. The caller frees exactly count words. */
        size_t body = s->fn_defs.count;
        uint32_t *words = spvk_realloc(s->alloc, body ? s->fn_defs.words : NULL,
                                       body ? s->fn_defs.capacity * sizeof *words : 0,
                                       (head.count + body) * sizeof *words);
        if (words) {
            if (body) {
                s->fn_defs.words = NULL; /* now words */
                s->fn_defs.count = s->fn_defs.capacity = 0;
                memmove(words + head.count, words, body * sizeof *words);
            }
            memcpy(words, head.words, head.count * sizeof *words);
            *words_out = words;
            *num_words_out = head.count + body;
        } else {
            result = out_of_memory(diags);
        }
    }
    spvk_writer_free(&head);
    ser_free_state(s);
    return result;
}

spvk_result spvk_spirv_serialize_to(spvk_ir_context *ctx, spvk_ir_op *module, const spvk_ir_stream *stream,
                                    spvk_spirv_write_fn write, void *user, spvk_diagnostics *diags)
{
    if (!ctx || !module || !write)
        return SPVK_ERROR_USAGE;
    spvk_ser state;
    spvk_writer head;
    spvk_result result = serialize_module(&state, ctx, module, stream, diags, &head);
    if (result == SPVK_OK && !(write(user, head.words, head.count) &&
                               (!state.fn_defs.count || write(user, state.fn_defs.words, state.fn_defs.count))))
        result = SPVK_ERROR_IO;
    spvk_writer_free(&head);
    ser_free_state(&state);
    return result;
}
