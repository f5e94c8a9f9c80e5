/* The Vulkan environment's shader interface rules: Location and Component assignment, built-in
   variables, interpolation decorations and each entry point's Input and Output interface, from
   "Standalone SPIR-V Validation" of the Vulkan specification's SPIR-V environment appendix. Runs
   only for a Vulkan target.

   One pass records, per decorated object (by its defining instruction's index, whatever the id
   table's shape), the decorations these rules read; member decorations are kept in one array
   sorted by (struct, member), so a struct's members are walked in step with its member list. A
   second pass walks each entry point's interface: it marks which execution models list each
   variable, and lays out the entry point's Location slots and built-ins, sorted to find
   overlaps and duplicates. A last pass checks each variable once. */
#include <stdlib.h>
#include <string.h>

#include "val_vulkan.h"


/* A variable, or a struct member, bigger than this many Location slots is not laid out further:
   no device has that many, and it bounds the work a hostile module can ask for. */
#define SLOT_LIMIT 4096u
#define DEPTH_LIMIT 16
/* Slots laid out per entry point: beyond it the rest of the interface is not checked for overlap. */
#define ENTRY_SLOT_LIMIT (1u << 18)

enum {
    F_FLAT = 1u << 0,
    F_NOPERSPECTIVE = 1u << 1,
    F_SAMPLE = 1u << 2,
    F_CENTROID = 1u << 3,
    F_PERVERTEX = 1u << 4,
    F_PATCH = 1u << 5,
    F_BLOCK = 1u << 6,
    F_PER_PRIMITIVE = 1u << 7,
    F_VOLATILE = 1u << 8
};
#define F_INTERPOLATION (F_FLAT | F_NOPERSPECTIVE | F_SAMPLE | F_CENTROID)
#define F_SHARED_KIND (F_INTERPOLATION | F_PERVERTEX) /* what Input-10604 compares */


typedef struct dec_value {
    uint32_t value;
    uint32_t inst; /* the decorating instruction, VAL_NONE when absent */
} dec_value;

typedef struct obj {
    dec_value location, component, builtin, index;
    uint32_t first_member, num_members; /* structs: their run of s->members */
    uint32_t models;                    /* M_* of the entry points whose interface lists the variable */
    uint32_t stamp;                     /* 1 + the last entry point that visited the variable */
    uint16_t flags;                     /* F_* on the object itself */
    uint16_t member_flags;              /* F_* on any member */
    bool member_location, member_component, member_builtin;
} obj;

typedef struct member_dec {
    uint32_t strct; /* instruction index of the OpTypeStruct */
    uint32_t member, decoration, value, inst;
} member_dec;

typedef struct member_info {
    dec_value location, component, builtin;
    uint16_t flags;
} member_info;

/* One Location slot (or the part of it a variable uses) in an entry point's interface. */
typedef struct slot {
    uint64_t key;  /* output << 41 | per-primitive << 40 | Index << 32 | Location */
    uint32_t var;  /* result id */
    uint8_t mask;  /* components 0..3 */
    uint8_t kind;  /* F_SHARED_KIND of the variable or member */
} slot;

typedef struct iface {
    val_state *v;
    uint32_t *rec;       /* per instruction index: index into objs, or VAL_NONE */
    uint32_t *slot_memo; /* per instruction index: slot_count of the type it defines, 0 until known */
    obj *objs;
    size_t num_objs, objs_cap;
    member_dec *members;
    size_t num_members, members_cap;
    slot *slots;
    size_t num_slots, slots_cap;
    uint64_t *builtins;
    size_t num_builtins, builtins_cap;
    bool failed;
} iface;


static uint32_t def_index(const val_state *v, uint32_t id)
{
    const val_id *e = val_id_find(v, id);
    return e && e->def != VAL_NONE && e->def < v->num_insts ? e->def : VAL_NONE;
}

static obj *obj_at(iface *s, uint32_t def)
{
    return def != VAL_NONE && s->rec[def] != VAL_NONE ? &s->objs[s->rec[def]] : NULL;
}

static obj *obj_of(iface *s, uint32_t id)
{
    return obj_at(s, def_index(s->v, id));
}

static obj *make_obj(iface *s, uint32_t def)
{
    if (s->rec[def] != VAL_NONE)
        return &s->objs[s->rec[def]];
    if (!spvk_array_grow(s->v->allocator, &s->objs, &s->objs_cap, s->num_objs + 1, sizeof *s->objs, 64)) {
        s->failed = true;
        return NULL;
    }
    obj *o = &s->objs[s->num_objs];
    memset(o, 0, sizeof *o);
    o->location.inst = o->component.inst = o->builtin.inst = o->index.inst = VAL_NONE;
    s->rec[def] = (uint32_t)s->num_objs++;
    return o;
}

static uint16_t flag_of(uint32_t decoration)
{
    switch (decoration) {
    case SPVK_DECORATION_Flat: return F_FLAT;
    case SPVK_DECORATION_NoPerspective: return F_NOPERSPECTIVE;
    case SPVK_DECORATION_Sample: return F_SAMPLE;
    case SPVK_DECORATION_Centroid: return F_CENTROID;
    case SPVK_DECORATION_PerVertexKHR: return F_PERVERTEX;
    case SPVK_DECORATION_Patch: return F_PATCH;
    case SPVK_DECORATION_Block: return F_BLOCK;
    case SPVK_DECORATION_PerPrimitiveEXT: return F_PER_PRIMITIVE;
    case SPVK_DECORATION_Volatile: return F_VOLATILE;
    default: return 0;
    }
}

static bool has_value(uint32_t decoration)
{
    return decoration == SPVK_DECORATION_Location || decoration == SPVK_DECORATION_Component ||
           decoration == SPVK_DECORATION_BuiltIn || decoration == SPVK_DECORATION_Index;
}

/* BuiltIn enumerants that the Vulkan specification's built-in variables chapter does not list:
   OpenCL's work-item functions and OpenGL's VertexId/InstanceId (Vulkan has VertexIndex and
   InstanceIndex). */
static bool builtin_in_vulkan(uint32_t builtin)
{
    switch (builtin) {
    case SPVK_BUILT_IN_VertexId: case SPVK_BUILT_IN_InstanceId: case SPVK_BUILT_IN_WorkDim:
    case SPVK_BUILT_IN_GlobalSize: case SPVK_BUILT_IN_EnqueuedWorkgroupSize: case SPVK_BUILT_IN_GlobalOffset:
    case SPVK_BUILT_IN_GlobalLinearId: case SPVK_BUILT_IN_SubgroupMaxSize: case SPVK_BUILT_IN_NumEnqueuedSubgroups:
        return false;
    default:
        return spvk_enumerant_by_value(SPVK_OPERAND_BuiltIn, builtin) != NULL;
    }
}

static void check_builtin_value(iface *s, uint32_t inst, uint32_t builtin)
{
    if (!builtin_in_vulkan(builtin))
        val_error(s->v, inst, VUID("BuiltIn-04668"), "BuiltIn %s is not a Vulkan built-in variable",
                  vk_enum_name(SPVK_OPERAND_BuiltIn, builtin));
}

static int cmp_member_dec(const void *a, const void *b)
{
    const member_dec *x = a, *y = b;
    if (x->strct != y->strct)
        return x->strct < y->strct ? -1 : 1;
    if (x->member != y->member)
        return x->member < y->member ? -1 : 1;
    return x->inst < y->inst ? -1 : x->inst > y->inst;
}

static void collect(iface *s)
{
    val_state *v = s->v;
    for (uint32_t k = 0; k < v->num_insts && !s->failed; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_Variable && i->function == VAL_NONE) {
            make_obj(s, k);
        } else if (i->opcode == SPVK_OP_Decorate && i->num_words >= 3) {
            uint32_t d = w[2], target = def_index(v, w[1]);
            if (has_value(d) && i->num_words < 4)
                continue;
            if (d == SPVK_DECORATION_BuiltIn)
                check_builtin_value(s, k, w[3]);
            if (target == VAL_NONE || (!has_value(d) && !flag_of(d)))
                continue;
            obj *o = make_obj(s, target);
            if (!o)
                return;
            dec_value dv = {i->num_words >= 4 ? w[3] : 0, k};
            switch (d) {
            case SPVK_DECORATION_Location: o->location = dv; break;
            case SPVK_DECORATION_Component: o->component = dv; break;
            case SPVK_DECORATION_BuiltIn: o->builtin = dv; break;
            case SPVK_DECORATION_Index: o->index = dv; break;
            default: o->flags |= flag_of(d); break;
            }
        } else if (i->opcode == SPVK_OP_MemberDecorate && i->num_words >= 4) {
            uint32_t d = w[3], target = def_index(v, w[1]);
            if (has_value(d) && i->num_words < 5)
                continue;
            if (d == SPVK_DECORATION_BuiltIn)
                check_builtin_value(s, k, w[4]);
            if (target == VAL_NONE || (!has_value(d) && !flag_of(d)) || d == SPVK_DECORATION_Index)
                continue;
            if (!spvk_array_grow(v->allocator, &s->members, &s->members_cap, s->num_members + 1, sizeof *s->members,
                                 64)) {
                s->failed = true;
                return;
            }
            s->members[s->num_members++] = (member_dec){target, w[2], d, i->num_words >= 5 ? w[4] : 0, k};
        }
    }
    if (s->failed || !s->num_members)
        return;
    if (s->num_members)
        qsort(s->members, s->num_members, sizeof *s->members, cmp_member_dec);
    for (size_t n = 0; n < s->num_members; n++) {
        const member_dec *m = &s->members[n];
        obj *o = make_obj(s, m->strct);
        if (!o)
            return;
        if (!o->num_members)
            o->first_member = (uint32_t)n;
        o->num_members++;
        o->member_location |= m->decoration == SPVK_DECORATION_Location;
        o->member_component |= m->decoration == SPVK_DECORATION_Component;
        o->member_builtin |= m->decoration == SPVK_DECORATION_BuiltIn;
        o->member_flags |= flag_of(m->decoration);
    }
}

/* The decorations of member m of the struct st; *cursor walks st's run, members in increasing
   order (start it at st->first_member). */
static member_info member_at(const iface *s, const obj *st, uint32_t *cursor, uint32_t m)
{
    member_info mi = {{0, VAL_NONE}, {0, VAL_NONE}, {0, VAL_NONE}, 0};
    if (!st || !st->num_members)
        return mi;
    uint32_t end = st->first_member + st->num_members;
    while (*cursor < end && s->members[*cursor].member < m)
        (*cursor)++;
    for (uint32_t c = *cursor; c < end && s->members[c].member == m; c++) {
        const member_dec *d = &s->members[c];
        dec_value dv = {d->value, d->inst};
        switch (d->decoration) {
        case SPVK_DECORATION_Location: mi.location = dv; break;
        case SPVK_DECORATION_Component: mi.component = dv; break;
        case SPVK_DECORATION_BuiltIn: mi.builtin = dv; break;
        default: mi.flags |= flag_of(d->decoration); break;
        }
    }
    return mi;
}

/* ---- types ---- */

static bool is_array(const val_state *v, uint32_t type, uint32_t *element)
{
    const val_inst *d = val_def(v, type);
    if (!d || (d->opcode != SPVK_OP_TypeArray && d->opcode != SPVK_OP_TypeRuntimeArray) || d->num_words < 3)
        return false;
    *element = val_words(v, d)[2];
    return true;
}

/* The element type of nested arrays; *levels counts them. */
static uint32_t strip_arrays(const val_state *v, uint32_t type, int *levels)
{
    int n = 0;
    uint32_t e;
    while (n < DEPTH_LIMIT && is_array(v, type, &e)) {
        type = e;
        n++;
    }
    if (levels)
        *levels = n;
    return type;
}

static const val_inst *struct_def(const val_state *v, uint32_t type)
{
    const val_inst *d = val_def(v, type);
    return d && d->opcode == SPVK_OP_TypeStruct ? d : NULL;
}

static uint32_t array_length(const val_state *v, const val_inst *d)
{
    uint64_t n;
    if (d->opcode != SPVK_OP_TypeArray || d->num_words < 4 || !val_constant_uint(v, val_words(v, d)[3], &n))
        return 1;
    return n > SLOT_LIMIT ? SLOT_LIMIT : (uint32_t)n;
}

static bool is_scalar_or_vector(const val_state *v, uint32_t type)
{
    return val_component_count(v, type) != 0;
}

/* Location slots a type consumes (Location Assignment), saturating at SLOT_LIMIT; memoized per
   type, so that struct types shared along a deep nesting cost once. */
static uint32_t slot_count(iface *s, uint32_t type, int depth)
{
    val_state *v = s->v;
    uint32_t at = def_index(v, type);
    if (at == VAL_NONE || depth > DEPTH_LIMIT)
        return 1;
    if (s->slot_memo[at])
        return s->slot_memo[at];
    const val_inst *d = &v->insts[at];
    const uint32_t *w = val_words(v, d);
    uint64_t n = 1;
    switch (d->opcode) {
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
        if (d->num_words >= 3)
            n = (uint64_t)array_length(v, d) * slot_count(s, w[2], depth + 1);
        break;
    case SPVK_OP_TypeMatrix:
        if (d->num_words >= 4)
            n = (uint64_t)w[3] * slot_count(s, w[2], depth + 1);
        break;
    case SPVK_OP_TypeStruct:
        n = 0;
        for (uint32_t m = 2; m < d->num_words && n < SLOT_LIMIT; m++)
            n += slot_count(s, w[m], depth + 1);
        break;
    case SPVK_OP_TypeVector:
        n = val_bit_width(v, type) == 64 && val_component_count(v, type) > 2 ? 2 : 1;
        break;
    default:
        break;
    }
    uint32_t r = n > SLOT_LIMIT ? SLOT_LIMIT : n ? (uint32_t)n : 1;
    s->slot_memo[at] = r;
    return r;
}

/* ---- an entry point's Location slots ---- */

static void add_slot(iface *s, uint64_t high, uint64_t location, uint32_t var, uint32_t mask, uint8_t kind)
{
    if (!mask || location > 0xffffffffu || s->failed || s->num_slots >= ENTRY_SLOT_LIMIT)
        return;
    if (!spvk_array_grow(s->v->allocator, &s->slots, &s->slots_cap, s->num_slots + 1, sizeof *s->slots, 64)) {
        s->failed = true;
        return;
    }
    s->slots[s->num_slots++] = (slot){high | location, var, (uint8_t)(mask & 0xfu), kind};
}

/* Lays out a value of type at location/component: arrays and matrix columns one after the
   other, struct members consecutively, 64-bit components two words each. */
static void emit(iface *s, uint32_t type, uint64_t location, uint32_t component, uint64_t high, uint32_t var,
                 uint8_t kind, int depth)
{
    val_state *v = s->v;
    const val_inst *d = val_def(v, type);
    if (!d || depth > DEPTH_LIMIT || location > 0xffffffffu || s->num_slots >= ENTRY_SLOT_LIMIT)
        return;
    const uint32_t *w = val_words(v, d);
    switch (d->opcode) {
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeMatrix: {
        if (d->num_words < 3 || (d->opcode == SPVK_OP_TypeMatrix && d->num_words < 4))
            return;
        uint32_t n = d->opcode == SPVK_OP_TypeMatrix ? (w[3] > SLOT_LIMIT ? SLOT_LIMIT : w[3]) : array_length(v, d);
        uint32_t step = slot_count(s, w[2], depth + 1);
        for (uint32_t e = 0; e < n && (uint64_t)e * step < SLOT_LIMIT; e++)
            emit(s, w[2], location + (uint64_t)e * step, component, high, var, kind, depth + 1);
        return;
    }
    case SPVK_OP_TypeStruct: {
        uint64_t at = location;
        for (uint32_t m = 2; m < d->num_words && at - location < SLOT_LIMIT; m++) {
            emit(s, w[m], at, 0, high, var, kind, depth + 1);
            at += slot_count(s, w[m], depth + 1);
        }
        return;
    }
    default:
        break;
    }
    uint32_t n = val_component_count(v, type);
    if (!n)
        n = 1;
    if (val_bit_width(v, type) == 64)
        n *= 2;
    if (component > 3)
        return;
    uint32_t bits = (n >= 8 ? 0xffu : (1u << n) - 1u) << component;
    add_slot(s, high, location, var, bits & 0xfu, kind);
    if ((bits >> 4) && val_bit_width(v, type) == 64)
        add_slot(s, high, location + 1, var, bits >> 4, kind);
}

/* Whether the stage sees the variable as one value per vertex, an array around its type
   (Location Assignment counts the element). */
static bool arrayed(uint32_t model, bool output, const obj *o)
{
    if (o->flags & F_PATCH)
        return false;
    if (output)
        return model & (VAL_MODEL_TESS_CONTROL | VAL_MODEL_MESH_NV | VAL_MODEL_MESH_EXT);
    if (model & (VAL_MODEL_TESS_CONTROL | VAL_MODEL_TESS_EVAL | VAL_MODEL_GEOMETRY))
        return true;
    return (model & VAL_MODEL_FRAGMENT) && (o->flags & F_PERVERTEX);
}

static void lay_out_variable(iface *s, uint32_t model, const val_inst *var, obj *o, bool output)
{
    val_state *v = s->v;
    uint32_t sc, type, element;
    if (!val_pointer_info(v, var->type_id, &sc, &type))
        return;
    if (arrayed(model, output, o) && is_array(v, type, &element))
        type = element;
    uint32_t index = o->index.inst != VAL_NONE ? o->index.value & 0xffu : 0;
    uint64_t high = (uint64_t)output << 41 | (uint64_t)((o->flags & F_PER_PRIMITIVE) != 0) << 40 | (uint64_t)index << 32;
    uint8_t kind = (uint8_t)(o->flags & F_SHARED_KIND);
    if (o->location.inst != VAL_NONE) {
        emit(s, type, o->location.value, o->component.inst != VAL_NONE ? o->component.value : 0, high,
             var->result_id, kind, 0);
        return;
    }
    const val_inst *sd = struct_def(v, type);
    obj *st = sd ? obj_of(s, type) : NULL;
    if (!st || !(st->flags & F_BLOCK) || !st->member_location)
        return;
    const uint32_t *w = val_words(v, sd);
    uint32_t cursor = st->first_member;
    uint64_t at = 0;
    bool placed = false;
    for (uint32_t m = 0; m + 2u < sd->num_words; m++) {
        member_info mi = member_at(s, st, &cursor, m);
        if (mi.location.inst != VAL_NONE) {
            at = mi.location.value;
            placed = true;
        }
        if (!placed)
            continue; /* Location-04919 reports it */
        emit(s, w[m + 2], at, mi.component.inst != VAL_NONE ? mi.component.value : 0, high, var->result_id,
             (uint8_t)(kind | (mi.flags & F_SHARED_KIND)), 0);
        at += slot_count(s, w[m + 2], 0);
    }
}

static int cmp_slot(const void *a, const void *b)
{
    const slot *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static const char *overlap_rule(uint32_t model, bool output)
{
    if (!output)
        return model & (VAL_MODEL_TESS_CONTROL | VAL_MODEL_TESS_EVAL | VAL_MODEL_GEOMETRY | VAL_MODEL_FRAGMENT) ? VUID("Input-10588") : VUID("OpEntryPoint-08721");
    if (model & (VAL_MODEL_VERTEX | VAL_MODEL_TESS_CONTROL | VAL_MODEL_TESS_EVAL | VAL_MODEL_GEOMETRY))
        return VUID("Output-10586");
    return model & VAL_MODEL_FRAGMENT ? VUID("Output-10587") : VUID("OpEntryPoint-08722");
}

static void check_slots(iface *s, uint32_t ep, uint32_t model)
{
    val_state *v = s->v;
    if (s->num_slots < 2)
        return;
    if (s->num_slots)
        qsort(s->slots, s->num_slots, sizeof *s->slots, cmp_slot);
    for (size_t g = 0, e; g < s->num_slots && !v->stop; g = e) {
        uint32_t owner[4] = {0, 0, 0, 0};
        uint8_t seen = 0;
        bool overlap_reported = false, kind_reported = false;
        for (e = g; e < s->num_slots && s->slots[e].key == s->slots[g].key; e++) {
            const slot *sl = &s->slots[e];
            bool output = (sl->key >> 41) & 1u;
            uint32_t location = (uint32_t)sl->key;
            if ((sl->mask & seen) && !overlap_reported) {
                uint32_t c = 0;
                while (!((sl->mask & seen) >> c & 1u))
                    c++;
                if (owner[c] == sl->var)
                    val_error(v, ep, overlap_rule(model, output),
                              "the %s variable %%%u uses Location %u Component %u more than once", output ? "Output" : "Input",
                              sl->var, location, c);
                else
                    val_error(v, ep, overlap_rule(model, output),
                              "the %s variables %%%u and %%%u both use Location %u Component %u%s",
                              output ? "Output" : "Input", owner[c], sl->var, location, c,
                              output && (model & VAL_MODEL_FRAGMENT) ? " with the same Index" : "");
                overlap_reported = true;
            }
            if (!output && (model & VAL_MODEL_FRAGMENT) && e > g && sl->kind != s->slots[g].kind && !kind_reported) {
                val_error(v, ep, VUID("Input-10604"),
                          "the fragment Input variables %%%u and %%%u share Location %u but differ in their "
                          "PerVertexKHR, Flat, NoPerspective, Sample or Centroid decorations",
                          s->slots[g].var, sl->var, location);
                kind_reported = true;
            }
            for (uint32_t c = 0; c < 4; c++)
                if ((sl->mask >> c & 1u) && !(seen >> c & 1u))
                    owner[c] = sl->var;
            seen |= sl->mask;
        }
    }
}

/* ---- entry points ---- */

static void add_builtin(iface *s, uint32_t builtin, bool output)
{
    if (!spvk_array_grow(s->v->allocator, &s->builtins, &s->builtins_cap, s->num_builtins + 1, sizeof *s->builtins,
                         16)) {
        s->failed = true;
        return;
    }
    s->builtins[s->num_builtins++] = (uint64_t)builtin << 1 | output;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void check_builtins(iface *s, uint32_t ep)
{
    if (s->num_builtins < 2)
        return;
    if (s->num_builtins)
        qsort(s->builtins, s->num_builtins, sizeof *s->builtins, cmp_u64);
    for (size_t k = 1; k < s->num_builtins; k++) {
        uint64_t b = s->builtins[k];
        if (b != s->builtins[k - 1] || (k >= 2 && s->builtins[k - 2] == b))
            continue;
        bool output = b & 1u;
        val_error(s->v, ep, output ? VUID("OpEntryPoint-09659") : VUID("OpEntryPoint-09658"),
                  "the entry point's %s interface uses BuiltIn %s more than once", output ? "Output" : "Input",
                  vk_enum_name(SPVK_OPERAND_BuiltIn, (uint32_t)(b >> 1)));
    }
}

static bool is_user_defined(iface *s, const val_inst *var, const obj *o)
{
    if (o->builtin.inst != VAL_NONE)
        return false;
    uint32_t sc, pointee;
    if (!val_pointer_info(s->v, var->type_id, &sc, &pointee))
        return true;
    const obj *st = obj_of(s, strip_arrays(s->v, pointee, NULL));
    return !st || !st->member_builtin;
}

static void collect_builtins(iface *s, const val_inst *var, const obj *o, bool output)
{
    if (o->builtin.inst != VAL_NONE) {
        add_builtin(s, o->builtin.value, output);
        return;
    }
    uint32_t sc, pointee;
    if (!val_pointer_info(s->v, var->type_id, &sc, &pointee))
        return;
    const obj *st = obj_of(s, strip_arrays(s->v, pointee, NULL));
    if (!st || !st->member_builtin)
        return;
    for (uint32_t c = st->first_member; c < st->first_member + st->num_members; c++)
        if (s->members[c].decoration == SPVK_DECORATION_BuiltIn)
            add_builtin(s, s->members[c].value, output);
}

static void check_entry_point(iface *s, const val_inst *i, uint32_t number)
{
    val_state *v = s->v;
    if (i->num_words < 4)
        return;
    const uint32_t *w = val_words(v, i);
    uint32_t k = val_index(v, i), model = val_model_bit(w[1]);
    uint32_t first = 3;
    while (first < i->num_words && (w[first] >> 24) != 0)
        first++;
    first++;
    s->num_slots = s->num_builtins = 0;
    for (uint32_t n = first; n < i->num_words && !s->failed; n++) {
        const val_inst *var = val_def(v, w[n]);
        obj *o = obj_of(s, w[n]);
        if (!var || var->opcode != SPVK_OP_Variable || var->num_words < 4 || !o || o->stamp == number)
            continue;
        o->stamp = number;
        o->models |= model;
        uint32_t sc = val_words(v, var)[3], pointee, psc, element, inner;
        bool output = sc == SPVK_STORAGE_CLASS_Output;
        if (!output && sc != SPVK_STORAGE_CLASS_Input)
            continue;
        collect_builtins(s, var, o, output);
        if (is_user_defined(s, var, o))
            lay_out_variable(s, model, var, o, output);
        if (o->component.inst != VAL_NONE && val_pointer_info(v, var->type_id, &psc, &pointee) &&
            is_array(v, pointee, &element) && is_array(v, element, &inner) && is_scalar_or_vector(v, strip_arrays(v, inner, NULL))) {
            if (!output && !(model & (VAL_MODEL_TESS_CONTROL | VAL_MODEL_GEOMETRY)))
                val_error(v, k, VUID("Execution-10584"),
                          "the %s entry point's Input variable %%%u is decorated Component and is an array of arrays; "
                          "only tessellation control and geometry shaders may have one",
                          vk_enum_name(SPVK_OPERAND_ExecutionModel, w[1]), w[n]);
            if (output && model != VAL_MODEL_MESH_NV)
                val_error(v, k, VUID("Execution-10585"),
                          "the %s entry point's Output variable %%%u is decorated Component and is an array of "
                          "arrays; only MeshNV shaders may have one",
                          vk_enum_name(SPVK_OPERAND_ExecutionModel, w[1]), w[n]);
        }
    }
    if (s->failed)
        return;
    check_builtins(s, k);
    check_slots(s, k, model);
}

/* ---- variables ---- */

/* 06672's list, plus TileImageEXT: tile image variables take a Location (TileImageEXT-08723 and
   the Fragment Tile Image Interface it cites), which 06672's list predates. */
static bool location_storage_class(uint32_t sc)
{
    switch (sc) {
    case SPVK_STORAGE_CLASS_TileImageEXT:
    case SPVK_STORAGE_CLASS_Input: case SPVK_STORAGE_CLASS_Output: case SPVK_STORAGE_CLASS_RayPayloadKHR:
    case SPVK_STORAGE_CLASS_IncomingRayPayloadKHR: case SPVK_STORAGE_CLASS_HitAttributeKHR:
    case SPVK_STORAGE_CLASS_HitObjectAttributeNV: case SPVK_STORAGE_CLASS_CallableDataKHR:
    case SPVK_STORAGE_CLASS_IncomingCallableDataKHR: case SPVK_STORAGE_CLASS_ShaderRecordBufferKHR:
        return true;
    default:
        return false;
    }
}

/* The Component rules for a decoration at inst on a value of type. */
static void check_component(iface *s, uint32_t inst, uint32_t type, uint32_t component)
{
    val_state *v = s->v;
    int levels;
    uint32_t t = strip_arrays(v, type, &levels);
    if (!is_scalar_or_vector(v, t) || levels > 2) {
        val_error(v, inst, VUID("Component-10583"),
                  "Component is on %%%u, which is not a scalar, a vector, or an array (or array of arrays) of them",
                  type);
        return;
    }
    if (component > 3)
        return; /* Component-04920 */
    uint32_t n = val_component_count(v, t);
    if (val_bit_width(v, t) == 64) {
        if (n > 2)
            val_error(v, inst, VUID("Component-07703"),
                      "Component is on a 64-bit vector of %u components; only scalars and 2-component vectors "
                      "may have one", n);
        else if (component == 1 || component == 3)
            val_error(v, inst, VUID("Component-04923"),
                      "Component %u on a 64-bit %s; it must be 0 or 2", component, n == 1 ? "scalar" : "vector");
        else if (n == 2 && 2 * n + component > 4)
            val_error(v, inst, VUID("Component-04922"),
                      "Component %u on a 2-component 64-bit vector goes past the Location's 4 components", component);
    } else if (n >= 2 && n + component > 4) {
        val_error(v, inst, VUID("Component-04921"),
                  "Component %u on a %u-component vector goes past the Location's 4 components", component, n);
    }
}

static bool needs_flat(const val_state *v, uint32_t type)
{
    uint32_t scalar = val_scalar_type(v, type);
    return val_component_count(v, type) &&
           (val_is_int_type(v, scalar) || (val_is_float_type(v, scalar) && val_bit_width(v, scalar) == 64));
}

/* Flat-04744: "Any variable with integer or double-precision floating-point type" (through
   arrays) needs Flat. A variable of struct type is not one of integer type: its members are not
   asked for Flat, as spirv-val does not ask (SPIRV-Cross's anonymous-inner-struct-names.asm.frag
   has an input Block of int members and no Flat). Returns false when it reported. */
static bool check_flat(iface *s, uint32_t k, uint32_t var_id, uint32_t type, bool flat)
{
    val_state *v = s->v;
    uint32_t t = strip_arrays(v, type, NULL);
    if (flat || !needs_flat(v, t))
        return true;
    val_error(v, k, VUID("Flat-04744"), "the fragment Input variable %%%u holds an integer or 64-bit float (%%%u) and "
              "must be decorated Flat", var_id, t);
    return false;
}

/* Input-09557: whether type holds a PhysicalStorageBuffer pointer; *budget bounds the walk. */
static bool holds_psb(const val_state *v, uint32_t type, int depth, uint32_t *budget)
{
    if (depth > DEPTH_LIMIT || !*budget || !(val_type_flags(v, type) & VAL_TYPE_CONTAINS_POINTER))
        return false;
    --*budget;
    const val_inst *d = val_def(v, type);
    if (!d)
        return false;
    const uint32_t *w = val_words(v, d);
    uint32_t sc, pointee;
    if (val_pointer_info(v, type, &sc, &pointee))
        return sc == SPVK_STORAGE_CLASS_PhysicalStorageBuffer;
    if ((d->opcode == SPVK_OP_TypeArray || d->opcode == SPVK_OP_TypeRuntimeArray) && d->num_words >= 3)
        return holds_psb(v, w[2], depth + 1, budget);
    if (d->opcode == SPVK_OP_TypeStruct)
        for (uint32_t m = 2; m < d->num_words; m++)
            if (holds_psb(v, w[m], depth + 1, budget))
                return true;
    return false;
}

static const char *interpolation_name(uint16_t flags)
{
    return flags & F_FLAT ? "Flat" : flags & F_NOPERSPECTIVE ? "NoPerspective" : flags & F_SAMPLE ? "Sample" : "Centroid";
}

static void check_user_locations(iface *s, const val_inst *var, const obj *o, uint32_t pointee)
{
    val_state *v = s->v;
    uint32_t k = val_index(v, var);
    uint32_t t = strip_arrays(v, pointee, NULL);
    const val_inst *sd = struct_def(v, t);
    obj *st = sd ? obj_of(s, t) : NULL;
    if (o->location.inst != VAL_NONE) {
        if (st && st->member_location)
            val_error(v, k, VUID("Location-04918"),
                      "%%%u is decorated Location, so the members of its struct %%%u must not be", var->result_id, t);
        return;
    }
    if (!st || !(st->flags & F_BLOCK)) {
        val_error(v, k, VUID("Location-04917"), "the user-defined %s variable %%%u must be decorated Location",
                  vk_enum_name(SPVK_OPERAND_StorageClass, val_words(v, var)[3]), var->result_id);
        return;
    }
    uint32_t cursor = st->first_member;
    for (uint32_t m = 0; m + 2u < sd->num_words; m++) {
        member_info mi = member_at(s, st, &cursor, m);
        if (mi.location.inst != VAL_NONE)
            continue;
        if (t == pointee)
            val_error(v, k, VUID("Location-04919"),
                      "%%%u has no Location, so every member of its Block %%%u needs one; member %u has none",
                      var->result_id, t, m);
        else
            val_error(v, k, VUID("Location-04916"),
                      "the user-defined variable %%%u (an array of the Block %%%u) has no Location and member %u of "
                      "the Block has none",
                      var->result_id, t, m);
        return;
    }
}

static bool is_tess_level(uint32_t builtin)
{
    return builtin == SPVK_BUILT_IN_TessLevelOuter || builtin == SPVK_BUILT_IN_TessLevelInner;
}

static void check_builtin_variable(iface *s, const val_inst *var, const obj *o, const obj *st)
{
    val_state *v = s->v;
    uint32_t k = val_index(v, var);
    if (o->builtin.inst != VAL_NONE) {
        if (is_tess_level(o->builtin.value) && !(o->flags & F_PATCH))
            val_error(v, k, VUID("TessLevelInner-10880"), "%%%u is decorated BuiltIn %s and must also be decorated Patch",
                      var->result_id, vk_enum_name(SPVK_OPERAND_BuiltIn, o->builtin.value));
        if (!(o->flags & F_VOLATILE) && !val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModel) &&
            vk_builtin_needs_volatile(o->builtin.value, o->models))
            val_error(v, k, VUID("VulkanMemoryModel-04678"),
                      "%%%u is decorated BuiltIn %s and used by a ray tracing entry point, so without the "
                      "VulkanMemoryModel capability it must be decorated Volatile",
                      var->result_id, vk_enum_name(SPVK_OPERAND_BuiltIn, o->builtin.value));
        return;
    }
    if (!st || !st->member_builtin || (o->flags & F_PATCH))
        return;
    uint32_t end = st->first_member + st->num_members;
    for (uint32_t c = st->first_member; c < end; c++) {
        const member_dec *m = &s->members[c];
        if (m->decoration != SPVK_DECORATION_BuiltIn || !is_tess_level(m->value))
            continue;
        bool patch = false;
        for (uint32_t x = c; x > st->first_member && s->members[x - 1].member == m->member; x--)
            patch |= s->members[x - 1].decoration == SPVK_DECORATION_Patch;
        for (uint32_t x = c + 1; x < end && s->members[x].member == m->member; x++)
            patch |= s->members[x].decoration == SPVK_DECORATION_Patch;
        if (!patch)
            val_error(v, k, VUID("TessLevelInner-10880"),
                      "member %u of %%%u's struct is decorated BuiltIn %s and must also be decorated Patch", m->member,
                      var->result_id, vk_enum_name(SPVK_OPERAND_BuiltIn, m->value));
    }
}

static void check_variable(iface *s, const val_inst *var)
{
    val_state *v = s->v;
    obj *o = obj_at(s, val_index(v, var));
    uint32_t sc = val_words(v, var)[3], psc, pointee;
    if (!o || !val_pointer_info(v, var->type_id, &psc, &pointee))
        return;
    uint32_t k = val_index(v, var), t = strip_arrays(v, pointee, NULL);
    obj *st = obj_of(s, t);
    const char *scn = vk_enum_name(SPVK_OPERAND_StorageClass, sc);
    if (!location_storage_class(sc)) {
        if (o->location.inst != VAL_NONE || o->component.inst != VAL_NONE)
            val_error(v, o->location.inst != VAL_NONE ? o->location.inst : o->component.inst, VUID("Location-06672"),
                      "%%%u is in %s; Location and Component are only for Input, Output and ray tracing storage classes",
                      var->result_id, scn);
        else if (st && (st->member_location || st->member_component))
            val_error(v, k, VUID("Location-06672"),
                      "%%%u is in %s, but members of its struct %%%u are decorated Location or Component",
                      var->result_id, scn, t);
    }
    if (o->component.inst != VAL_NONE)
        check_component(s, o->component.inst, pointee, o->component.value);
    uint16_t all_flags = (uint16_t)(o->flags | (st ? st->member_flags : 0));
    if ((all_flags & F_PERVERTEX) && (sc != SPVK_STORAGE_CLASS_Input || (o->models & ~(uint32_t)VAL_MODEL_FRAGMENT)))
        val_error(v, k, VUID("PerVertexKHR-06777"),
                  "%%%u (%s%s) is decorated PerVertexKHR, which is only for Input variables of fragment shaders",
                  var->result_id, scn, sc == SPVK_STORAGE_CLASS_Input ? ", in a non-fragment entry point" : "");
    check_builtin_variable(s, var, o, st);
    bool output = sc == SPVK_STORAGE_CLASS_Output;
    if (!output && sc != SPVK_STORAGE_CLASS_Input)
        return;
    uint32_t budget = 4096;
    if (holds_psb(v, pointee, 0, &budget))
        val_error(v, k, VUID("Input-09557"), "the %s variable %%%u holds a PhysicalStorageBuffer pointer", scn,
                  var->result_id);
    if (all_flags & F_INTERPOLATION) {
        if (output && (o->models & VAL_MODEL_FRAGMENT))
            val_error(v, k, VUID("Flat-06201"), "the fragment shader's Output variable %%%u is decorated %s",
                      var->result_id, interpolation_name(all_flags));
        if (!output && (o->models & VAL_MODEL_VERTEX))
            val_error(v, k, VUID("Flat-06202"), "the vertex shader's Input variable %%%u is decorated %s",
                      var->result_id, interpolation_name(all_flags));
    }
    if (!output && (o->models & VAL_MODEL_FRAGMENT) && (o->flags & F_PERVERTEX) && !is_array(v, pointee, &psc))
        val_error(v, k, VUID("Input-06778"),
                  "the fragment Input variable %%%u is decorated PerVertexKHR and must be an array", var->result_id);
    if (!o->models || !is_user_defined(s, var, o))
        return;
    check_user_locations(s, var, o, pointee);
    /* PerVertexKHR values are not interpolated: GLSL forbids flat on them. */
    if (!output && (o->models & VAL_MODEL_FRAGMENT) && !(o->flags & F_PERVERTEX))
        check_flat(s, k, var->result_id, pointee, o->flags & F_FLAT);
}

/* Component on struct members: the member's type decides. */
static void check_member_components(iface *s)
{
    val_state *v = s->v;
    for (size_t n = 0; n < s->num_members && !v->stop; n++) {
        const member_dec *m = &s->members[n];
        if (m->decoration != SPVK_DECORATION_Component)
            continue;
        const val_inst *sd = &v->insts[m->strct];
        if (sd->opcode != SPVK_OP_TypeStruct || m->member >= sd->num_words - 2u)
            continue;
        check_component(s, m->inst, val_words(v, sd)[m->member + 2], m->value);
    }
}

void val_check_vulkan_interface(val_state *v)
{
    if (v->target->api != SPVK_CLIENT_VULKAN || !v->num_insts)
        return;
    iface s;
    memset(&s, 0, sizeof s);
    s.v = v;
    s.rec = spvk_alloc(v->allocator, v->num_insts * sizeof *s.rec);
    if (!s.rec) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    memset(s.rec, 0xff, v->num_insts * sizeof *s.rec);
    s.slot_memo = spvk_alloc(v->allocator, v->num_insts * sizeof *s.slot_memo);
    if (!s.slot_memo) {
        spvk_free(v->allocator, s.rec, v->num_insts * sizeof *s.rec);
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        return;
    }
    memset(s.slot_memo, 0, v->num_insts * sizeof *s.slot_memo);
    collect(&s);
    uint32_t number = 0;
    for (uint32_t k = 0; k < v->num_insts && !s.failed && !v->stop; k++)
        if (v->insts[k].opcode == SPVK_OP_EntryPoint)
            check_entry_point(&s, &v->insts[k], ++number);
    if (!s.failed)
        check_member_components(&s);
    for (uint32_t k = 0; k < v->num_insts && !s.failed && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode == SPVK_OP_Variable && i->num_words >= 4)
            check_variable(&s, i);
    }
    if (s.failed)
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    spvk_free(v->allocator, s.rec, v->num_insts * sizeof *s.rec);
    spvk_free(v->allocator, s.slot_memo, v->num_insts * sizeof *s.slot_memo);
    spvk_free(v->allocator, s.objs, s.objs_cap * sizeof *s.objs);
    spvk_free(v->allocator, s.members, s.members_cap * sizeof *s.members);
    spvk_free(v->allocator, s.slots, s.slots_cap * sizeof *s.slots);
    spvk_free(v->allocator, s.builtins, s.builtins_cap * sizeof *s.builtins);
}
