/* The Vulkan environment's explicit layout rules and the storage rules of the 8- and 16-bit
   access features.

   Layout: Uniform, StorageBuffer, PushConstant, ShaderRecordBufferKHR and PhysicalStorageBuffer
   objects (and Workgroup Block variables once WorkgroupMemoryExplicitLayoutKHR is declared)
   must have an explicit layout. SPIR-V's definition of the term (2.2.2 "Explicit Layout": an
   Offset on every member, ArrayStride on arrays, MatrixStride and RowMajor/ColMajor on matrix
   members, no overlap, strides above zero, distinct offsets) is reported under "SPIR-V 2.2.2";
   Vulkan's "Offset and Stride Assignment" (alignments under std140, std430, the relaxed vector
   rule and scalar layout; improper straddles; members placed in a composite's tail padding)
   under VUID-StandaloneSpirv-None-10684. Which layout is in force comes from the storage class,
   the Block decoration and the target's layout features (spvk_target).

   Cost: one pass collects the types and their layout decorations, one computes each type's
   alignments and size from its (earlier declared) constituents, then a worklist checks each
   (type, layout) pair at most once. Pointers are leaves (8 bytes): the types they point to are
   checked from the pointer types themselves, so a structure that reaches itself through a
   pointer costs nothing more. No recursion, so deeply nested types cannot exhaust the stack. */
#include <stdlib.h>
#include <string.h>

#include "val_internal.h"

#define RULE_EXPLICIT "SPIR-V 2.2.2"
#define RULE_LAYOUT_VUID "VUID-StandaloneSpirv-None-10684"
#define RULE_RUNTIME_ARRAY "VUID-StandaloneSpirv-OpTypeRuntimeArray-04680"

enum { K_OTHER, K_SCALAR, K_VECTOR, K_MATRIX, K_ARRAY, K_RUNTIME_ARRAY, K_STRUCT, K_POINTER };

/* The layouts: alignments are extended (std140), base (std430) or scalar. */
enum { MODE_STD140, MODE_STD430, MODE_SCALAR, MODE_COUNT };
#define CHECKED_STRUCTURE (1u << 7) /* a struct's layout-independent checks ran */

enum {
    F_BLOCK = 1u << 0,
    F_BUFFER_BLOCK = 1u << 1,
    F_HAS_BLOCK = 1u << 2, /* an array whose elements are (arrays of) Block or BufferBlock structs */
    F_FLOAT8 = 1u << 3,    /* is or contains an 8-bit float */
    F_LAID_OUT = 1u << 4   /* alignments computed */
};

typedef struct lay_member {
    uint32_t offset;        /* VAL_NONE: no Offset */
    uint32_t offset_inst;   /* the OpMemberDecorate giving it */
    uint32_t matrix_stride; /* VAL_NONE: no MatrixStride */
    uint32_t stride_inst;
    uint8_t major;          /* 0: neither, 1: ColMajor, 2: RowMajor */
} lay_member;

typedef struct lay_type {
    uint32_t id, inst;
    uint8_t kind, flags, checked;
    uint32_t scalar_align;                /* 0: unknown (not a type that can be laid out) */
    uint32_t base_align[2], ext_align[2]; /* [0]: column-major matrices, [1]: row-major */
    uint32_t size;                        /* bytes; 0 when unknown or unbounded */
    uint32_t elem;                        /* vector: component; matrix: column; array: element (ids) */
    uint32_t count;                       /* vector components, matrix columns, array length (0: unknown) */
    uint32_t comp, rows;                  /* vector, matrix: component bytes; matrix: rows */
    uint32_t stride, stride_inst;         /* ArrayStride (VAL_NONE: none) */
    uint32_t first_member, num_members;   /* struct */
} lay_type;

typedef struct work_item {
    uint32_t rec;
    uint8_t mode, major;
} work_item;

typedef struct layout_state {
    val_state *v;
    uint32_t *rec_of; /* id slot -> index in types, VAL_NONE */
    size_t slots;
    lay_type *types;
    size_t num_types, types_capacity;
    lay_member *members;
    size_t num_members, members_capacity;
    work_item *work;
    size_t work_count, work_capacity;
    uint64_t *keys; /* scratch: a struct's (offset, member) pairs, sorted */
    size_t keys_capacity;
} layout_state;

/* ---- ids to records ---- */

static size_t id_slot(const val_state *v, uint32_t id)
{
    const val_id *e = val_id_find(v, id);
    if (!e)
        return (size_t)-1;
    return v->ids ? (size_t)(e - v->ids) : (size_t)(e - v->id_values);
}

static lay_type *rec(layout_state *s, uint32_t id)
{
    size_t slot = id_slot(s->v, id);
    if (slot >= s->slots || s->rec_of[slot] == VAL_NONE)
        return NULL;
    return &s->types[s->rec_of[slot]];
}

static bool is_layout_type(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
    case SPVK_OP_TypeBool:
    case SPVK_OP_TypeVector:
    case SPVK_OP_TypeMatrix:
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray:
    case SPVK_OP_TypeStruct:
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeUntypedPointerKHR:
        return true;
    default:
        return false;
    }
}

static uint32_t round_up(uint32_t x, uint32_t a)
{
    if (!a)
        return x;
    uint64_t r = ((uint64_t)x + a - 1) / a * a;
    return r > UINT32_MAX ? UINT32_MAX : (uint32_t)r;
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

static uint32_t clamp_u64(uint64_t x)
{
    return x > UINT32_MAX ? UINT32_MAX : (uint32_t)x;
}

/* The base alignment of an n-component vector of c-byte components. */
static uint32_t vector_base(uint32_t n, uint32_t c)
{
    return n == 1 ? c : n == 2 ? 2 * c : 4 * c;
}

/* ---- collection ---- */

static bool collect(layout_state *s)
{
    val_state *v = s->v;
    s->slots = v->ids ? v->ids_count : v->id_capacity;
    size_t types = 0, members = 0;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (!is_layout_type(i->opcode) || !i->result_id)
            continue;
        types++;
        if (i->opcode == SPVK_OP_TypeStruct)
            members += i->num_words - 2u;
    }
    s->types_capacity = types ? types : 1;
    s->members_capacity = members ? members : 1;
    s->rec_of = spvk_alloc(v->allocator, (s->slots ? s->slots : 1) * sizeof *s->rec_of);
    s->types = spvk_alloc(v->allocator, s->types_capacity * sizeof *s->types);
    s->members = spvk_alloc(v->allocator, s->members_capacity * sizeof *s->members);
    if (!s->rec_of || !s->types || !s->members)
        return false;
    memset(s->rec_of, 0xff, (s->slots ? s->slots : 1) * sizeof *s->rec_of);
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (!is_layout_type(i->opcode) || !i->result_id)
            continue;
        size_t slot = id_slot(v, i->result_id);
        if (slot >= s->slots || s->rec_of[slot] != VAL_NONE)
            continue; /* defined twice: val_ids reports it */
        lay_type *t = &s->types[s->num_types];
        memset(t, 0, sizeof *t);
        t->id = i->result_id;
        t->inst = (uint32_t)k;
        t->stride = t->stride_inst = VAL_NONE;
        if (i->opcode == SPVK_OP_TypeStruct) {
            t->first_member = (uint32_t)s->num_members;
            t->num_members = i->num_words - 2u;
            for (uint32_t m = 0; m < t->num_members; m++)
                s->members[s->num_members++] =
                    (lay_member){VAL_NONE, VAL_NONE, VAL_NONE, VAL_NONE, 0};
        }
        s->rec_of[slot] = (uint32_t)s->num_types++;
    }
    /* Decorations (the first of duplicates counts: val_decorations reports the others). */
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_Decorate && i->num_words >= 3) {
            lay_type *t = rec(s, w[1]);
            if (!t)
                continue;
            if (w[2] == SPVK_DECORATION_ArrayStride && i->num_words >= 4 && t->stride == VAL_NONE) {
                t->stride = w[3];
                t->stride_inst = (uint32_t)k;
            } else if (w[2] == SPVK_DECORATION_Block) {
                t->flags |= F_BLOCK;
            } else if (w[2] == SPVK_DECORATION_BufferBlock) {
                t->flags |= F_BUFFER_BLOCK;
            }
        } else if (i->opcode == SPVK_OP_MemberDecorate && i->num_words >= 4) {
            lay_type *t = rec(s, w[1]);
            if (!t || val_def_opcode(v, w[1]) != SPVK_OP_TypeStruct || w[2] >= t->num_members)
                continue;
            lay_member *m = &s->members[t->first_member + w[2]];
            switch (w[3]) {
            case SPVK_DECORATION_Offset:
                if (i->num_words >= 5 && m->offset == VAL_NONE) {
                    m->offset = w[4];
                    m->offset_inst = (uint32_t)k;
                }
                break;
            case SPVK_DECORATION_MatrixStride:
                if (i->num_words >= 5 && m->matrix_stride == VAL_NONE) {
                    m->matrix_stride = w[4];
                    m->stride_inst = (uint32_t)k;
                }
                break;
            case SPVK_DECORATION_ColMajor:
                if (!m->major)
                    m->major = 1;
                break;
            case SPVK_DECORATION_RowMajor:
                if (!m->major)
                    m->major = 2;
                break;
            default:
                break;
            }
        }
    }
    return true;
}

/* ---- sizes and alignments, each type from its earlier-declared constituents ---- */

static void set_pointer(lay_type *t)
{
    t->kind = K_POINTER;
    t->scalar_align = t->base_align[0] = t->base_align[1] = t->ext_align[0] = t->ext_align[1] = 8;
    t->size = 8;
    t->flags |= F_LAID_OUT;
}

/* A constituent's record when it is laid out already (declared earlier). A pointer's layout
   needs nothing else, and a struct may name one declared later (OpTypeForwardPointer). */
static lay_type *laid_out(layout_state *s, uint32_t id)
{
    lay_type *t = rec(s, id);
    if (!t)
        return NULL;
    if (!(t->flags & F_LAID_OUT)) {
        uint16_t op = s->v->insts[t->inst].opcode;
        if (op != SPVK_OP_TypePointer && op != SPVK_OP_TypeUntypedPointerKHR)
            return NULL;
        set_pointer(t);
    }
    return t;
}

static uint32_t member_type(const layout_state *s, const lay_type *t, uint32_t m)
{
    const val_inst *i = &s->v->insts[t->inst];
    return val_words(s->v, i)[2 + m];
}

/* The bytes a member occupies from its Offset ("must not cause overlap", SPIR-V 2.16.2 and
   Offset's entry, is about bytes occupied): an array's elements up to the end of the last one;
   a row-major matrix's strided rows up to the end of the last row; a column-major matrix's
   columns times its MatrixStride. The spec does not say where a matrix ends; this is spirv-val's
   reading (v2026.4, validate_explicit_layout.cpp), which SPIRV-Cross's tests follow: its
   scalar-float2x2-row-major.asm.frag puts a float at 24 after a row-major mat2 of MatrixStride
   16 (rows at 0-7 and 16-23), and the same with a column-major mat2 is its
   scalar-float2x2-col-major.invalid.asm.frag. */
static uint32_t member_size(layout_state *s, const lay_type *mt, const lay_member *m)
{
    if (mt->kind == K_ARRAY && mt->count && mt->stride != VAL_NONE) {
        const lay_type *e = laid_out(s, mt->elem);
        uint64_t last = e && e->size && e->kind != K_MATRIX && e->size <= mt->stride ? e->size : mt->stride;
        return clamp_u64((uint64_t)(mt->count - 1) * mt->stride + last);
    }
    if (mt->kind != K_MATRIX)
        return mt->size;
    bool row = m->major == 2;
    uint32_t stride = m->matrix_stride != VAL_NONE ? m->matrix_stride : mt->base_align[row];
    if (!row || !mt->rows)
        return clamp_u64((uint64_t)mt->count * stride);
    uint64_t row_bytes = (uint64_t)mt->count * mt->comp;
    return clamp_u64((uint64_t)(mt->rows - 1) * stride + (row_bytes < stride ? row_bytes : stride));
}

static void compute(layout_state *s, lay_type *t)
{
    val_state *v = s->v;
    const val_inst *i = &v->insts[t->inst];
    const uint32_t *w = val_words(v, i);
    switch (i->opcode) {
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat: {
        uint32_t width = i->num_words >= 3 ? w[2] : 0;
        if (!width || width % 8 || width > 64)
            return;
        t->kind = K_SCALAR;
        t->comp = t->size = width / 8;
        t->scalar_align = t->base_align[0] = t->base_align[1] = t->ext_align[0] = t->ext_align[1] = t->comp;
        if (i->opcode == SPVK_OP_TypeFloat && width == 8)
            t->flags |= F_FLOAT8;
        break;
    }
    case SPVK_OP_TypeVector: {
        lay_type *c = i->num_words >= 4 ? laid_out(s, w[2]) : NULL;
        if (!c || c->kind != K_SCALAR || !w[3])
            return;
        t->kind = K_VECTOR;
        t->elem = w[2];
        t->count = w[3];
        t->comp = c->comp;
        t->scalar_align = c->comp;
        t->base_align[0] = t->base_align[1] = t->ext_align[0] = t->ext_align[1] = vector_base(w[3], c->comp);
        t->size = clamp_u64((uint64_t)w[3] * c->comp);
        t->flags |= c->flags & F_FLOAT8;
        break;
    }
    case SPVK_OP_TypeMatrix: {
        lay_type *c = i->num_words >= 4 ? laid_out(s, w[2]) : NULL;
        if (!c || c->kind != K_VECTOR || !w[3])
            return;
        t->kind = K_MATRIX;
        t->elem = w[2];
        t->count = w[3];
        t->rows = c->count;
        t->comp = c->comp;
        t->scalar_align = c->comp;
        t->base_align[0] = vector_base(c->count, c->comp);
        t->base_align[1] = vector_base(w[3], c->comp);
        /* A matrix is laid out as an array of its columns (rows when row-major). */
        t->ext_align[0] = round_up(t->base_align[0], 16);
        t->ext_align[1] = round_up(t->base_align[1], 16);
        t->flags |= c->flags & F_FLOAT8;
        break;
    }
    case SPVK_OP_TypeArray:
    case SPVK_OP_TypeRuntimeArray: {
        lay_type *e = i->num_words >= 3 ? laid_out(s, w[2]) : NULL;
        if (!e || !e->scalar_align)
            return;
        t->kind = i->opcode == SPVK_OP_TypeArray ? K_ARRAY : K_RUNTIME_ARRAY;
        t->elem = w[2];
        t->scalar_align = e->scalar_align;
        for (int m = 0; m < 2; m++) {
            t->base_align[m] = e->base_align[m];
            t->ext_align[m] = round_up(e->ext_align[m], 16);
        }
        uint64_t length;
        if (t->kind == K_ARRAY && i->num_words >= 4 && val_constant_uint(v, w[3], &length) && length &&
            length <= UINT32_MAX)
            t->count = (uint32_t)length;
        if (t->count && t->stride != VAL_NONE)
            t->size = clamp_u64((uint64_t)t->count * t->stride);
        if (e->kind == K_STRUCT && (e->flags & (F_BLOCK | F_BUFFER_BLOCK)))
            t->flags |= F_HAS_BLOCK;
        t->flags |= e->flags & (F_HAS_BLOCK | F_FLOAT8);
        break;
    }
    case SPVK_OP_TypeStruct: {
        t->kind = K_STRUCT;
        uint32_t scalar = 0, base = 0, ext = 0, end = 0;
        for (uint32_t m = 0; m < t->num_members; m++) {
            lay_type *mt = laid_out(s, member_type(s, t, m));
            if (!mt)
                continue;
            const lay_member *md = &s->members[t->first_member + m];
            int major = md->major == 2;
            scalar = max_u32(scalar, mt->scalar_align);
            base = max_u32(base, mt->base_align[major]);
            ext = max_u32(ext, mt->ext_align[major]);
            t->flags |= mt->flags & F_FLOAT8;
            if (md->offset != VAL_NONE)
                end = max_u32(end, clamp_u64((uint64_t)md->offset + member_size(s, mt, md)));
        }
        /* An empty structure: the smallest alignment (a byte), padded to 16 under std140. */
        t->scalar_align = scalar ? scalar : 1;
        t->base_align[0] = t->base_align[1] = base ? base : 1;
        t->ext_align[0] = t->ext_align[1] = round_up(ext ? ext : 1, 16);
        t->size = end;
        break;
    }
    case SPVK_OP_TypePointer:
    case SPVK_OP_TypeUntypedPointerKHR:
        set_pointer(t);
        return;
    default:
        return;
    }
    t->flags |= F_LAID_OUT;
}

/* ---- checks ---- */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static const char *mode_name(int mode)
{
    return mode == MODE_STD140 ? "std140 (extended alignment)" : mode == MODE_STD430 ? "std430 (base alignment)"
                                                                                      : "scalar";
}

static const char *kind_name(const lay_type *t)
{
    switch (t->kind) {
    case K_SCALAR:
        return "scalar";
    case K_VECTOR:
        return "vector";
    case K_MATRIX:
        return "matrix";
    case K_ARRAY:
        return "array";
    case K_RUNTIME_ARRAY:
        return "runtime array";
    case K_STRUCT:
        return "structure";
    case K_POINTER:
        return "pointer";
    default:
        return "type";
    }
}

/* The alignment a member (or array, or matrix) of type t must have under mode. */
static uint32_t alignment(const layout_state *s, const lay_type *t, int mode, int major)
{
    if (mode == MODE_SCALAR)
        return t->scalar_align;
    if (t->kind == K_VECTOR && s->v->target->relaxed_block_layout)
        return t->scalar_align;
    return mode == MODE_STD140 ? t->ext_align[major] : t->base_align[major];
}

static bool push(layout_state *s, lay_type *t, int mode, int major)
{
    if (!t || !(t->flags & F_LAID_OUT))
        return true;
    if (t->kind == K_STRUCT) {
        if (t->checked & (1u << mode))
            return true;
    } else if (t->kind == K_ARRAY || t->kind == K_RUNTIME_ARRAY) {
        if (t->checked & (1u << (mode * 2 + major)))
            return true;
    } else {
        return true;
    }
    if (!spvk_array_grow(s->v->allocator, &s->work, &s->work_capacity, s->work_count + 1, sizeof *s->work, 16))
        return false;
    s->work[s->work_count++] = (work_item){(uint32_t)(t - s->types), (uint8_t)mode, (uint8_t)major};
    return true;
}

/* A member's type is a matrix, or an array (of arrays) of matrices. */
static bool is_matrix_member(layout_state *s, lay_type *t)
{
    /* Arrays are declared after their elements, so this descends a finite chain. It costs the
       array nesting depth per matrix-valued member, which the declarations already spent. */
    while (t && (t->kind == K_ARRAY || t->kind == K_RUNTIME_ARRAY))
        t = laid_out(s, t->elem);
    return t && t->kind == K_MATRIX;
}

static void check_matrix_stride(layout_state *s, const lay_type *st, uint32_t m, const lay_member *md,
                                const lay_type *mt, int mode)
{
    val_state *v = s->v;
    if (md->matrix_stride == VAL_NONE)
        return;
    uint32_t k = md->stride_inst;
    bool row = md->major == 2;
    if (md->matrix_stride == 0) {
        val_error(v, k, RULE_EXPLICIT, "the MatrixStride of member %u of %%%u is 0: it must be greater than zero", m,
                  st->id);
        return;
    }
    uint32_t need = clamp_u64((uint64_t)(row ? mt->count : mt->rows) * mt->comp);
    if (md->matrix_stride < need) {
        val_error(v, k, RULE_EXPLICIT,
                  "the MatrixStride %u of member %u of %%%u is smaller than a %s (%u bytes): the %s overlap",
                  md->matrix_stride, m, st->id, row ? "row" : "column", need, row ? "rows" : "columns");
        return;
    }
    uint32_t a = alignment(s, mt, mode, row);
    if (a && md->matrix_stride % a)
        val_error(v, k, RULE_LAYOUT_VUID,
                  "the MatrixStride %u of member %u of %%%u is not a multiple of the matrix's %s alignment %u",
                  md->matrix_stride, m, st->id, mode_name(mode), a);
}

static bool check_struct(layout_state *s, lay_type *st, int mode)
{
    val_state *v = s->v;
    st->checked |= (uint8_t)(1u << mode);
    bool structure = !(st->checked & CHECKED_STRUCTURE);
    st->checked |= CHECKED_STRUCTURE;
    const lay_member *members = &s->members[st->first_member];
    uint32_t n = st->num_members, with_offset = 0;
    for (uint32_t m = 0; m < n; m++)
        with_offset += members[m].offset != VAL_NONE;
    if (n && !with_offset) {
        if (structure)
            val_error(v, st->inst, RULE_EXPLICIT,
                      "%%%u is used in a storage class that needs an explicit layout, but none of its members has an "
                      "Offset decoration", st->id);
        return true;
    }
    if (!spvk_array_grow(v->allocator, &s->keys, &s->keys_capacity, n ? n : 1, sizeof *s->keys, 16))
        return false;
    uint64_t *keys = s->keys;
    uint32_t count = 0;
    for (uint32_t m = 0; m < n && !v->stop; m++) {
        const lay_member *md = &members[m];
        lay_type *mt = laid_out(s, member_type(s, st, m));
        if (structure) {
            if (md->offset == VAL_NONE)
                val_error(v, st->inst, RULE_EXPLICIT,
                          "member %u of %%%u has no Offset decoration (its storage class needs an explicit layout)",
                          m, st->id);
            if (mt && mt->kind == K_RUNTIME_ARRAY && m + 1 != n)
                val_error(v, st->inst, RULE_RUNTIME_ARRAY,
                          "member %u of %%%u is a runtime array, which may only be the last member", m, st->id);
            if (mt && is_matrix_member(s, mt)) {
                if (md->matrix_stride == VAL_NONE)
                    val_error(v, st->inst, RULE_EXPLICIT, "member %u of %%%u is a matrix without a MatrixStride "
                              "decoration", m, st->id);
                if (!md->major)
                    val_error(v, st->inst, RULE_EXPLICIT, "member %u of %%%u is a matrix decorated neither RowMajor "
                              "nor ColMajor", m, st->id);
            }
        }
        if (!mt)
            continue;
        int major = md->major == 2;
        if (md->offset != VAL_NONE) {
            keys[count++] = (uint64_t)md->offset << 32 | m;
            uint32_t a = alignment(s, mt, mode, major);
            if (a && md->offset % a)
                val_error(v, md->offset_inst, RULE_LAYOUT_VUID,
                          "member %u of %%%u (a %s) is at offset %u, which is not a multiple of its %s alignment %u%s",
                          m, st->id, kind_name(mt), md->offset, mode_name(mode), a,
                          mt->kind == K_VECTOR && mode != MODE_SCALAR && v->target->relaxed_block_layout
                              ? " (relaxed block layout: the component's size)" : "");
            else if (mt->kind == K_VECTOR && mode != MODE_SCALAR) {
                /* Improper straddle: a vector of up to 16 bytes crossing a 16-byte boundary, or a
                   larger one not starting on one. */
                uint64_t last = (uint64_t)md->offset + mt->size - 1;
                if (mt->size <= 16 ? md->offset / 16 != last / 16 : md->offset % 16 != 0)
                    val_error(v, md->offset_inst, RULE_LAYOUT_VUID,
                              "member %u of %%%u, a %u-byte vector at offset %u, improperly straddles a 16-byte "
                              "boundary", m, st->id, mt->size, md->offset);
            }
        }
        if (mt->kind == K_MATRIX)
            check_matrix_stride(s, st, m, md, mt, mode);
        if (!push(s, mt, mode, major))
            return false;
    }
    /* Overlaps and tail padding, in offset order: (offset, member) pairs sort in one qsort. */
    const lay_member *ms = members;
    if (count)
        qsort(keys, count, sizeof *keys, compare_u64);
    for (uint32_t j = 1; j < count && !v->stop; j++) {
        uint32_t p = (uint32_t)keys[j - 1], c = (uint32_t)keys[j];
        lay_type *pt = laid_out(s, member_type(s, st, p));
        if (!pt)
            continue;
        uint64_t end = (uint64_t)ms[p].offset + member_size(s, pt, &ms[p]);
        uint32_t off = ms[c].offset;
        if (structure && off == ms[p].offset) {
            val_error(v, ms[c].offset_inst, RULE_EXPLICIT, "members %u and %u of %%%u have the same Offset %u", p, c,
                      st->id, off);
        } else if (structure && pt->kind == K_RUNTIME_ARRAY) {
            val_error(v, ms[c].offset_inst, RULE_EXPLICIT,
                      "member %u of %%%u at offset %u overlaps the runtime array member %u at offset %u", c, st->id,
                      off, p, ms[p].offset);
        } else if (structure && off < end) {
            val_error(v, ms[c].offset_inst, RULE_EXPLICIT,
                      "member %u of %%%u at offset %u overlaps member %u (offsets %u to %llu)", c, st->id, off, p,
                      ms[p].offset, (unsigned long long)end - 1);
        } else if (mode != MODE_SCALAR && off >= end &&
                   (pt->kind == K_STRUCT || pt->kind == K_ARRAY || pt->kind == K_MATRIX)) {
            uint32_t a = alignment(s, pt, mode, ms[p].major == 2);
            uint64_t next = a ? (end + a - 1) / a * a : end;
            if (off < next)
                val_error(v, ms[c].offset_inst, RULE_LAYOUT_VUID,
                          "member %u of %%%u at offset %u is in the padding after member %u (a %s ending at %llu, "
                          "%s alignment %u): it must be at %llu or later", c, st->id, off, p, kind_name(pt),
                          (unsigned long long)end, mode_name(mode), a, (unsigned long long)next);
        }
    }
    return true;
}

static bool check_array(layout_state *s, lay_type *at, int mode, int major)
{
    val_state *v = s->v;
    bool first = !(at->checked & 0x3fu);
    at->checked |= (uint8_t)(1u << (mode * 2 + major));
    lay_type *e = laid_out(s, at->elem);
    if (at->flags & F_HAS_BLOCK) {
        if (first && at->stride != VAL_NONE)
            val_error(v, at->stride_inst, RULE_EXPLICIT,
                      "%%%u is an array of Block or BufferBlock structures and must not have an ArrayStride", at->id);
    } else if (at->stride == VAL_NONE) {
        if (first)
            val_error(v, at->inst, RULE_EXPLICIT,
                      "the array %%%u has no ArrayStride decoration (its storage class needs an explicit layout)",
                      at->id);
    } else if (at->stride == 0) {
        if (first)
            val_error(v, at->stride_inst, RULE_EXPLICIT, "the ArrayStride of %%%u is 0: it must be greater than zero",
                      at->id);
    } else if (e && e->kind != K_MATRIX && e->size && at->stride < e->size) {
        if (first)
            val_error(v, at->stride_inst, RULE_EXPLICIT,
                      "the ArrayStride %u of %%%u is smaller than its element (%u bytes): the elements overlap",
                      at->stride, at->id, e->size);
    } else {
        uint32_t a = alignment(s, at, mode, major);
        if (a && at->stride % a)
            val_error(v, at->stride_inst, RULE_LAYOUT_VUID,
                      "the ArrayStride %u of %%%u is not a multiple of the array's %s alignment %u", at->stride,
                      at->id, mode_name(mode), a);
    }
    return push(s, e, mode, major);
}

static bool run_work(layout_state *s)
{
    while (s->work_count && !s->v->stop) {
        work_item it = s->work[--s->work_count];
        lay_type *t = &s->types[it.rec];
        bool ok = t->kind == K_STRUCT ? (t->checked & (1u << it.mode)) || check_struct(s, t, it.mode)
                                      : (t->checked & (1u << (it.mode * 2 + it.major))) ||
                                            check_array(s, t, it.mode, it.major);
        if (!ok)
            return false;
    }
    return true;
}

/* The layout of a buffer-like storage class (not Uniform Block) under the target. */
static int buffer_mode(const val_state *v)
{
    return v->target->scalar_block_layout ? MODE_SCALAR : MODE_STD430;
}

/* Checks the type a variable (or PhysicalStorageBuffer pointer) holds. Arrays of blocks (and
   descriptor arrays) are stripped first: their element struct sets the layout. */
static bool check_root(layout_state *s, uint32_t storage_class, uint32_t type_id)
{
    val_state *v = s->v;
    lay_type *t = laid_out(s, type_id), *outer = t;
    while (t && (t->kind == K_ARRAY || t->kind == K_RUNTIME_ARRAY) && (t->flags & F_HAS_BLOCK))
        t = laid_out(s, t->elem);
    if (!t)
        return true;
    if (outer != t && outer->stride != VAL_NONE && !(outer->checked & 0x40u)) {
        outer->checked |= 0x40u;
        val_error(v, outer->stride_inst, RULE_EXPLICIT,
                  "%%%u is an array of Block or BufferBlock structures and must not have an ArrayStride", outer->id);
    }
    int mode;
    switch (storage_class) {
    case SPVK_STORAGE_CLASS_Uniform:
        if (t->kind != K_STRUCT || !(t->flags & (F_BLOCK | F_BUFFER_BLOCK)))
            return true;
        if (v->target->scalar_block_layout)
            mode = MODE_SCALAR;
        else if ((t->flags & F_BLOCK) && !v->target->uniform_buffer_standard_layout)
            mode = MODE_STD140;
        else
            mode = MODE_STD430;
        break;
    case SPVK_STORAGE_CLASS_StorageBuffer:
    case SPVK_STORAGE_CLASS_PushConstant:
    case SPVK_STORAGE_CLASS_ShaderRecordBufferKHR:
        if (t->kind != K_STRUCT)
            return true;
        mode = buffer_mode(v);
        break;
    case SPVK_STORAGE_CLASS_PhysicalStorageBuffer:
        if (t->kind != K_STRUCT && t->kind != K_ARRAY && t->kind != K_RUNTIME_ARRAY)
            return true;
        mode = buffer_mode(v);
        break;
    case SPVK_STORAGE_CLASS_Workgroup:
        if (t->kind != K_STRUCT || !(t->flags & F_BLOCK) ||
            !val_has_capability(v, SPVK_CAPABILITY_WorkgroupMemoryExplicitLayoutKHR))
            return true;
        mode = v->target->workgroup_scalar_block_layout ? MODE_SCALAR : MODE_STD430;
        break;
    default:
        return true;
    }
    return push(s, t, mode, 0) && run_work(s);
}

/* ---- storage classes without an explicit layout ---- */

/* Whether a variable of storage class sc (its type a Block struct or not) must have no explicit
   layout decorations: VUID-StandaloneSpirv-None-10684 asks "valid explicit layout decorations as
   described in Shader Interfaces", whose storage classes without a layout are Workgroup (unless a
   Block, WorkgroupMemoryExplicitLayoutKHR), UniformConstant, and from SPIR-V 1.5 Function and
   Private. The table is spirv-val's (v2026.4, validate_explicit_layout.cpp); Input, Output and
   the ray-tracing classes are left alone as it leaves them (mesh shaders use Offset there). */
static bool layout_prohibited(const val_state *v, uint32_t sc, bool block)
{
    switch (sc) {
    case SPVK_STORAGE_CLASS_Workgroup:
        return !block;
    case SPVK_STORAGE_CLASS_UniformConstant:
        return true;
    case SPVK_STORAGE_CLASS_Function:
    case SPVK_STORAGE_CLASS_Private:
        return v->header.version >= SPVK_VERSION(1, 5);
    default:
        return false;
    }
}

/* The first explicit layout decoration in the type tree of a variable in such a storage class
   (SPIRV-Cross's composite-construct-buffer-struct.asm.invalid.comp gives an ArrayStride to a
   Workgroup array). An explicit stack and a visited mark per type keep it linear; pointers end
   the walk (their pointees live in other storage classes). */
static bool check_no_layout(layout_state *s, uint8_t *seen, uint32_t *stack, uint32_t k, uint32_t sc, uint32_t type)
{
    val_state *v = s->v;
    size_t depth = 0;
    lay_type *root = rec(s, type);
    if (!root || seen[root - s->types])
        return true;
    seen[root - s->types] = 1;
    stack[depth++] = (uint32_t)(root - s->types);
    while (depth) {
        lay_type *t = &s->types[stack[--depth]];
        const val_inst *ti = &v->insts[t->inst];
        const char *what = NULL;
        if (t->flags & F_BLOCK)
            what = "Block";
        else if (t->flags & F_BUFFER_BLOCK)
            what = "BufferBlock";
        else if ((ti->opcode == SPVK_OP_TypeArray || ti->opcode == SPVK_OP_TypeRuntimeArray) && t->stride != VAL_NONE)
            what = "ArrayStride";
        for (uint32_t m = 0; !what && ti->opcode == SPVK_OP_TypeStruct && m < t->num_members; m++) {
            const lay_member *md = &s->members[t->first_member + m];
            what = md->offset != VAL_NONE ? "Offset" : md->matrix_stride != VAL_NONE ? "MatrixStride"
                 : md->major == 2 ? "RowMajor" : md->major == 1 ? "ColMajor" : NULL;
        }
        if (what) {
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, sc);
            return val_error(v, k, RULE_LAYOUT_VUID, "the variable's type has explicit layout decorations (%s on %%%u), "
                             "which the %s storage class must not have", what, t->id, e ? e->name : "?");
        }
        uint32_t first = 0, last = 0;
        if (ti->opcode == SPVK_OP_TypeStruct) {
            first = 2;
            last = ti->num_words;
        } else if ((ti->opcode == SPVK_OP_TypeArray || ti->opcode == SPVK_OP_TypeRuntimeArray ||
                    ti->opcode == SPVK_OP_TypeMatrix || ti->opcode == SPVK_OP_TypeVector) && ti->num_words >= 3) {
            first = 2;
            last = 3;
        }
        for (uint32_t n = first; n < last; n++) {
            lay_type *c = rec(s, val_words(v, ti)[n]);
            if (c && !seen[c - s->types]) {
                seen[c - s->types] = 1;
                stack[depth++] = (uint32_t)(c - s->types);
            }
        }
    }
    return true;
}

/* Every variable in a storage class without an explicit layout. False when out of memory. */
static bool check_unlaid_variables(layout_state *s)
{
    val_state *v = s->v;
    size_t n = s->num_types ? s->num_types : 1;
    uint8_t *seen = spvk_alloc(v->allocator, n);
    uint32_t *stack = spvk_alloc(v->allocator, n * sizeof *stack);
    bool ok = seen && stack;
    /* A type is walked once per storage class kind; the classes share the verdict (any layout
       decoration is wrong in all of them), so one mark serves. */
    if (ok)
        memset(seen, 0, n);
    for (size_t k = 0; ok && k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        uint32_t sc, pointee;
        if (i->opcode != SPVK_OP_Variable || i->num_words < 4 || !val_pointer_info(v, i->type_id, &sc, &pointee))
            continue;
        const lay_type *t = rec(s, pointee);
        bool block = t && (t->flags & (F_BLOCK | F_BUFFER_BLOCK));
        if (layout_prohibited(v, val_words(v, i)[3], block))
            check_no_layout(s, seen, stack, (uint32_t)k, val_words(v, i)[3], pointee);
    }
    spvk_free(v->allocator, seen, n);
    spvk_free(v->allocator, stack, n * sizeof *stack);
    return ok;
}

/* ---- 8- and 16-bit storage (the RuntimeSpirv rules of the storage features) ---- */

typedef struct storage_rule {
    const char *rule;
    const char *feature;
    uint32_t capability; /* what the feature enables; 0: never allowed */
} storage_rule;

static void storage_error(val_state *v, uint32_t k, const storage_rule *r, const char *object, uint32_t id,
                          const char *what)
{
    if (!r->capability) {
        val_error(v, k, r->rule, "%s %%%u contains %s, which Input and Output variables must not", object, id, what);
        return;
    }
    /* A module that declares the capability is told by the requirement rules that the target
       does not allow it; say nothing twice. */
    if (spvk_target_allows_capability(v->target, r->capability) || val_has_capability(v, r->capability))
        return;
    val_error(v, k, r->rule, "%s %%%u contains %s, and the target does not enable %s (capability %s)", object, id,
              what, r->feature, val_capability_name(r->capability));
}

static void check_storage(layout_state *s, uint32_t k, uint32_t storage_class, uint32_t pointee, const char *object,
                          uint32_t id)
{
    val_state *v = s->v;
    uint16_t flags = val_type_flags(v, pointee);
    bool i8 = flags & VAL_TYPE_CONTAINS_I8;
    bool b16 = flags & (VAL_TYPE_CONTAINS_I16 | VAL_TYPE_CONTAINS_F16);
    lay_type *t = laid_out(s, pointee);
    bool f8 = t && (t->flags & F_FLOAT8);
    /* Uniform and Workgroup rules apply to Block variables only. */
    while (t && (t->kind == K_ARRAY || t->kind == K_RUNTIME_ARRAY))
        t = laid_out(s, t->elem);
    bool block = t && t->kind == K_STRUCT && (t->flags & F_BLOCK);
    static const storage_rule sb8 = {"VUID-RuntimeSpirv-storageBuffer8BitAccess-06328", "storageBuffer8BitAccess",
                                     SPVK_CAPABILITY_StorageBuffer8BitAccess};
    static const storage_rule ub8 = {"VUID-RuntimeSpirv-uniformAndStorageBuffer8BitAccess-06329",
                                     "uniformAndStorageBuffer8BitAccess",
                                     SPVK_CAPABILITY_UniformAndStorageBuffer8BitAccess};
    static const storage_rule pc8 = {"VUID-RuntimeSpirv-storagePushConstant8-06330", "storagePushConstant8",
                                     SPVK_CAPABILITY_StoragePushConstant8};
    static const storage_rule wg8 = {"VUID-RuntimeSpirv-workgroupMemoryExplicitLayout8BitAccess-10756",
                                     "workgroupMemoryExplicitLayout8BitAccess",
                                     SPVK_CAPABILITY_WorkgroupMemoryExplicitLayout8BitAccessKHR};
    static const storage_rule sb16 = {"VUID-RuntimeSpirv-storageBuffer16BitAccess-11161", "storageBuffer16BitAccess",
                                      SPVK_CAPABILITY_StorageBuffer16BitAccess};
    static const storage_rule ub16 = {"VUID-RuntimeSpirv-uniformAndStorageBuffer16BitAccess-06332",
                                      "uniformAndStorageBuffer16BitAccess",
                                      SPVK_CAPABILITY_UniformAndStorageBuffer16BitAccess};
    static const storage_rule pc16 = {"VUID-RuntimeSpirv-storagePushConstant16-06333", "storagePushConstant16",
                                      SPVK_CAPABILITY_StoragePushConstant16};
    static const storage_rule io16 = {"VUID-RuntimeSpirv-storageInputOutput16-11162", "storageInputOutput16",
                                      SPVK_CAPABILITY_StorageInputOutput16};
    static const storage_rule io8 = {"VUID-RuntimeSpirv-None-10980", NULL, 0};
    static const storage_rule wg16 = {"VUID-RuntimeSpirv-workgroupMemoryExplicitLayout16BitAccess-10757",
                                      "workgroupMemoryExplicitLayout16BitAccess",
                                      SPVK_CAPABILITY_WorkgroupMemoryExplicitLayout16BitAccessKHR};
    const storage_rule *r8 = NULL, *r16 = NULL;
    switch (storage_class) {
    case SPVK_STORAGE_CLASS_StorageBuffer:
    case SPVK_STORAGE_CLASS_ShaderRecordBufferKHR:
    case SPVK_STORAGE_CLASS_PhysicalStorageBuffer:
        r8 = &sb8;
        r16 = &sb16;
        break;
    case SPVK_STORAGE_CLASS_Uniform:
        if (block) {
            r8 = &ub8;
            r16 = &ub16;
        }
        break;
    case SPVK_STORAGE_CLASS_PushConstant:
        r8 = &pc8;
        r16 = &pc16;
        break;
    case SPVK_STORAGE_CLASS_Workgroup:
        if (block) {
            r8 = &wg8;
            r16 = &wg16;
        }
        break;
    case SPVK_STORAGE_CLASS_Input:
    case SPVK_STORAGE_CLASS_Output:
        if (i8 || f8)
            storage_error(v, k, &io8, object, id, i8 ? "8-bit integers" : "8-bit floats");
        if (b16)
            storage_error(v, k, &io16, object, id, "16-bit integers or floats");
        return;
    default:
        return;
    }
    if (r8 && i8)
        storage_error(v, k, r8, object, id, "8-bit integers");
    if (r16 && b16)
        storage_error(v, k, r16, object, id, "16-bit integers or floats");
}

/* ---- driver ---- */

void val_check_vulkan_layout(val_state *v)
{
    if (v->target->api != SPVK_CLIENT_VULKAN)
        return;
    layout_state s;
    memset(&s, 0, sizeof s);
    s.v = v;
    bool ok = collect(&s);
    for (size_t j = 0; ok && j < s.num_types; j++)
        compute(&s, &s.types[j]);
    /* A PhysicalStorageBuffer pointer type is checked when some value has it: a type no object has
       lays nothing out (spirv-val also accepts one declared and never used). */
    uint8_t *typed = ok ? spvk_alloc(v->allocator, v->num_insts ? v->num_insts : 1) : NULL;
    ok = ok && typed;
    if (typed) {
        memset(typed, 0, v->num_insts ? v->num_insts : 1);
        for (size_t k = 0; k < v->num_insts; k++) {
            const val_inst *i = &v->insts[k];
            const val_id *e = i->type_id ? val_id_find(v, i->type_id) : NULL;
            if (e && e->def != VAL_NONE && e->def < v->num_insts)
                typed[e->def] |= 1;
            /* Bit 2: a type nested in a structure or array, which is laid out with it. */
            uint16_t first = i->opcode == SPVK_OP_TypeStruct ? 2 : 0, last = i->opcode == SPVK_OP_TypeStruct ? i->num_words : 0;
            if ((i->opcode == SPVK_OP_TypeArray || i->opcode == SPVK_OP_TypeRuntimeArray) && i->num_words >= 3) {
                first = 2;
                last = 3;
            }
            for (uint16_t m = first; m < last; m++) {
                const val_id *d = val_id_find(v, val_words(v, i)[m]);
                if (d && d->def != VAL_NONE && d->def < v->num_insts)
                    typed[d->def] |= 2;
            }
        }
    }
    for (size_t k = 0; ok && k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        uint32_t storage_class, pointee;
        if (i->opcode == SPVK_OP_Variable && i->function == VAL_NONE && i->num_words >= 4) {
            if (!val_pointer_info(v, i->type_id, &storage_class, &pointee))
                continue;
            ok = check_root(&s, storage_class, pointee);
            check_storage(&s, (uint32_t)k, storage_class, pointee, "the variable", i->result_id);
        } else if (i->opcode == SPVK_OP_TypePointer && i->num_words >= 4) {
            storage_class = w[2];
            pointee = w[3];
            lay_type *pt = laid_out(&s, pointee);
            lay_type *self = rec(&s, i->result_id);
            /* SPIR-V 2.2.2's explicit layout, "recursively applied to any nested types": a pointer
               to a Block nested in a laid-out type must not have an ArrayStride. A pointer type
               that only types a variable or an access chain is laid out nowhere (SPIRV-Cross's
               bda-to-array-in-buffer.asm.comp gives one ArrayStride 32; spirv-val accepts it). */
            if (pt && pt->kind == K_STRUCT && (pt->flags & (F_BLOCK | F_BUFFER_BLOCK)) && self &&
                self->stride != VAL_NONE && (typed[k] & 2))
                val_error(v, self->stride_inst, RULE_EXPLICIT,
                          "the pointer type %%%u points to a Block or BufferBlock structure and must not have an "
                          "ArrayStride", i->result_id);
            if (storage_class != SPVK_STORAGE_CLASS_PhysicalStorageBuffer || !(typed[k] & 1))
                continue;
            ok = check_root(&s, storage_class, pointee);
            check_storage(&s, (uint32_t)k, storage_class, pointee, "the PhysicalStorageBuffer pointer type",
                          i->result_id);
        }
    }
    if (ok && !v->stop)
        ok = check_unlaid_variables(&s);
    if (!ok) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
    }
    spvk_free(v->allocator, typed, v->num_insts ? v->num_insts : 1);
    size_t slots = s.slots ? s.slots : 1;
    spvk_free(v->allocator, s.rec_of, slots * sizeof *s.rec_of);
    spvk_free(v->allocator, s.types, s.types_capacity * sizeof *s.types);
    spvk_free(v->allocator, s.members, s.members_capacity * sizeof *s.members);
    spvk_free(v->allocator, s.work, s.work_capacity * sizeof *s.work);
    spvk_free(v->allocator, s.keys, s.keys_capacity * sizeof *s.keys);
}
