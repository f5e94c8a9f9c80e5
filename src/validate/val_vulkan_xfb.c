/* Vulkan transform feedback rules (Offset-04687 .. XfbBuffer-04697): the Offset, XfbBuffer,
   XfbStride and Stream decorations of Output variables and of the members of Output blocks.
   One pass collects the decorations, one computes each type's captured size and component
   widths (types precede their uses, so no recursion), then each captured object is checked once
   and each entry point's output interface is checked per transform feedback buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "val_vulkan.h"

enum { XFB_WIDTH_32 = 1u << 0, XFB_WIDTH_64 = 1u << 1, XFB_WIDTH_OTHER = 1u << 2 };
enum { DEC_OFFSET, DEC_BUFFER, DEC_STRIDE, DEC_STREAM, DEC_COUNT };

/* A decoration value with the instruction that gives it (VAL_NONE when absent). */
typedef struct xfb_dec {
    uint32_t value, inst;
} xfb_dec;

typedef struct xfb_member_dec {
    uint32_t next; /* next record of the same struct, or VAL_NONE */
    uint32_t member;
    uint32_t kind; /* DEC_* */
    xfb_dec dec;
} xfb_member_dec;

/* One captured object: an Output variable decorated with Offset, or a member of an Output block. */
typedef struct xfb_item {
    uint32_t var;    /* instruction index of the variable */
    uint32_t member; /* VAL_NONE for the variable itself */
    uint32_t type;
    xfb_dec d[DEC_COUNT]; /* own, or inherited from the variable / its block */
} xfb_item;

typedef struct xfb_range {
    uint32_t buffer, item;
    uint64_t begin, end;
} xfb_range;

typedef struct xfb_state {
    vk_state *s;
    val_state *v;
    xfb_dec *var_dec;       /* per instruction index * DEC_COUNT: decorations of the id it defines */
    uint32_t *member_head;  /* per instruction index of a struct: its first member record */
    xfb_member_dec *members;
    size_t num_members, members_cap;
    uint64_t *size;  /* per instruction index of a type: packed captured size, UINT64_MAX unknown */
    uint8_t *widths; /* per instruction index of a type: XFB_WIDTH_* of its components */
    uint32_t *item_first; /* per instruction index of a variable: first item, VAL_NONE if none */
    uint32_t *item_count;
    xfb_item *items;
    size_t num_items, items_cap;
    uint32_t *seen; /* per instruction index: entry point number that last took the variable */
    uint8_t *reported; /* per instruction index of a decoration: reported once already */
    uint32_t *scratch; /* per member of the struct at hand (struct members fit 16-bit word counts) */
    bool failed;
} xfb_state;

static int dec_kind(uint32_t decoration)
{
    switch (decoration) {
    case SPVK_DECORATION_Offset: return DEC_OFFSET;
    case SPVK_DECORATION_XfbBuffer: return DEC_BUFFER;
    case SPVK_DECORATION_XfbStride: return DEC_STRIDE;
    case SPVK_DECORATION_Stream: return DEC_STREAM;
    default: return -1;
    }
}

static uint32_t def_index(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    return d ? val_index(v, d) : VAL_NONE;
}

static void collect_decorations(xfb_state *x)
{
    val_state *v = x->v;
    for (uint32_t k = 0; k < v->num_insts && !x->failed; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_Decorate && i->num_words >= 4) {
            int kind = dec_kind(w[2]);
            uint32_t t = def_index(v, w[1]);
            if (kind >= 0 && t != VAL_NONE && x->var_dec[t * DEC_COUNT + (uint32_t)kind].inst == VAL_NONE)
                x->var_dec[t * DEC_COUNT + (uint32_t)kind] = (xfb_dec){w[3], k};
        } else if (i->opcode == SPVK_OP_MemberDecorate && i->num_words >= 5) {
            int kind = dec_kind(w[3]);
            uint32_t t = def_index(v, w[1]);
            if (kind < 0 || t == VAL_NONE)
                continue;
            if (!spvk_array_grow(v->allocator, &x->members, &x->members_cap, x->num_members + 1,
                                 sizeof *x->members, 32)) {
                x->failed = true;
                return;
            }
            x->members[x->num_members] = (xfb_member_dec){x->member_head[t], w[2], (uint32_t)kind, {w[4], k}};
            x->member_head[t] = (uint32_t)x->num_members++;
        }
    }
}

static uint64_t mul_size(uint64_t a, uint64_t b)
{
    if (a == UINT64_MAX || b == UINT64_MAX || (b && a > (UINT64_MAX - 1) / b))
        return UINT64_MAX;
    return a * b;
}

/* scratch[m] = the Offset of member m of the struct (instruction index t), VAL_NONE without one. */
static void member_offsets(const xfb_state *x, uint32_t t, uint32_t count)
{
    for (uint32_t m = 0; m < count; m++)
        x->scratch[m] = VAL_NONE;
    for (uint32_t r = x->member_head[t]; r != VAL_NONE; r = x->members[r].next)
        if (x->members[r].member < count && x->members[r].kind == DEC_OFFSET)
            x->scratch[x->members[r].member] = x->members[r].dec.value;
}

/* Sizes as transform feedback captures them: tightly packed, structs up to their last member. */
static void collect_types(xfb_state *x)
{
    val_state *v = x->v;
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        uint64_t size = UINT64_MAX;
        uint8_t widths = 0;
        uint32_t e;
        switch (i->opcode) {
        case SPVK_OP_TypeInt:
        case SPVK_OP_TypeFloat:
            if (i->num_words >= 3) {
                size = w[2] / 8;
                widths = w[2] == 32 ? XFB_WIDTH_32 : w[2] == 64 ? XFB_WIDTH_64 : XFB_WIDTH_OTHER;
            }
            break;
        case SPVK_OP_TypeBool:
            widths = XFB_WIDTH_OTHER;
            break;
        case SPVK_OP_TypeVector:
        case SPVK_OP_TypeMatrix:
            if (i->num_words >= 4 && (e = def_index(v, w[2])) != VAL_NONE) {
                size = mul_size(x->size[e], w[3]);
                widths = x->widths[e];
            }
            break;
        case SPVK_OP_TypeArray:
            if (i->num_words >= 4 && (e = def_index(v, w[2])) != VAL_NONE) {
                uint64_t n;
                size = val_constant_uint(v, w[3], &n) ? mul_size(x->size[e], n) : UINT64_MAX;
                widths = x->widths[e];
            }
            break;
        case SPVK_OP_TypeRuntimeArray:
            if (i->num_words >= 3 && (e = def_index(v, w[2])) != VAL_NONE)
                widths = x->widths[e];
            break;
        case SPVK_OP_TypeStruct: {
            uint64_t end = 0;
            member_offsets(x, k, i->num_words - 2u);
            for (uint32_t m = 2; m < i->num_words; m++) {
                if ((e = def_index(v, w[m])) == VAL_NONE || x->size[e] == UINT64_MAX) {
                    end = UINT64_MAX;
                    break;
                }
                widths |= x->widths[e];
                uint64_t begin = x->scratch[m - 2] != VAL_NONE ? x->scratch[m - 2] : end;
                if (begin + x->size[e] > end)
                    end = begin + x->size[e];
            }
            size = end;
            if (end == UINT64_MAX)
                for (uint32_t m = 2; m < i->num_words; m++)
                    if ((e = def_index(v, w[m])) != VAL_NONE)
                        widths |= x->widths[e];
            break;
        }
        default:
            continue;
        }
        x->size[k] = size;
        x->widths[k] = widths;
    }
}

static bool add_item(xfb_state *x, const xfb_item *item)
{
    if (!spvk_array_grow(x->v->allocator, &x->items, &x->items_cap, x->num_items + 1, sizeof *x->items, 32)) {
        x->failed = true;
        return false;
    }
    x->items[x->num_items++] = *item;
    return true;
}

static const char *what(const xfb_state *x, const xfb_item *it, char *buf, size_t size)
{
    uint32_t id = x->v->insts[it->var].result_id;
    if (it->member == VAL_NONE)
        snprintf(buf, size, "the Output variable %%%u", id);
    else
        snprintf(buf, size, "member %u of the Output block variable %%%u", it->member, id);
    return buf;
}

static void check_item(xfb_state *x, const xfb_item *it)
{
    val_state *v = x->v;
    uint32_t t = def_index(v, it->type), at = it->d[DEC_OFFSET].inst, offset = it->d[DEC_OFFSET].value;
    char buf[96];
    if (t == VAL_NONE)
        return;
    if ((x->widths[t] & XFB_WIDTH_64) && offset % 8)
        val_error(v, at, VUID("Offset-04687"),
                  "%s holds a 64-bit type but its Offset %u is not a multiple of 8; it must be aligned to 8 bytes",
                  what(x, it, buf, sizeof buf), offset);
    if ((x->widths[t] & XFB_WIDTH_32) && offset % 4)
        val_error(v, at, VUID("Offset-04691"),
                  "%s holds a 32-bit type but its Offset %u is not a multiple of 4; it must be aligned to 4 bytes",
                  what(x, it, buf, sizeof buf), offset);
    if (x->widths[t] & XFB_WIDTH_OTHER)
        val_error(v, at, VUID("Offset-04692"),
                  "%s is decorated with Offset but holds a component that is neither 32 nor 64 bits wide; "
                  "captured outputs may only hold 32- and 64-bit components",
                  what(x, it, buf, sizeof buf));
    if (it->d[DEC_BUFFER].inst == VAL_NONE || it->d[DEC_STRIDE].inst == VAL_NONE)
        val_error(v, at, VUID("Offset-04716"),
                  "%s is decorated with Offset but has no %s%s%s; it must be decorated with (or inherit from its "
                  "block) XfbBuffer and XfbStride",
                  what(x, it, buf, sizeof buf), it->d[DEC_BUFFER].inst == VAL_NONE ? "XfbBuffer" : "",
                  it->d[DEC_BUFFER].inst == VAL_NONE && it->d[DEC_STRIDE].inst == VAL_NONE ? " and " : "",
                  it->d[DEC_STRIDE].inst == VAL_NONE ? "XfbStride" : "");
}

/* The member decorations of a block variable's struct (instruction index t) become items. */
static void collect_block(xfb_state *x, uint32_t var, uint32_t t, const xfb_dec *inherited)
{
    val_state *v = x->v;
    const val_inst *st = &v->insts[t];
    const uint32_t *w = val_words(v, st);
    uint32_t first_item = (uint32_t)x->num_items;
    uint32_t count = st->num_words - 2u;
    for (uint32_t m = 0; m < count; m++)
        x->scratch[m] = VAL_NONE;
    for (uint32_t r = x->member_head[t]; r != VAL_NONE; r = x->members[r].next) {
        const xfb_member_dec *m = &x->members[r];
        if (m->kind != DEC_OFFSET || m->member >= count || x->scratch[m->member] != VAL_NONE)
            continue;
        xfb_item it = {var, m->member, w[m->member + 2], {inherited[0], inherited[1], inherited[2], inherited[3]}};
        it.d[DEC_OFFSET] = m->dec;
        x->scratch[m->member] = (uint32_t)x->num_items;
        if (!add_item(x, &it))
            return;
    }
    /* The member's own XfbBuffer, XfbStride and Stream override what it inherits. */
    for (uint32_t r = x->member_head[t]; r != VAL_NONE; r = x->members[r].next) {
        const xfb_member_dec *m = &x->members[r];
        if (m->kind != DEC_OFFSET && m->member < count && x->scratch[m->member] != VAL_NONE)
            x->items[x->scratch[m->member]].d[m->kind] = m->dec;
    }
    /* Members were recorded last first: restore the declaration order of the decorations. */
    for (size_t a = first_item, b = x->num_items; a + 1 < b; a++, b--) {
        xfb_item tmp = x->items[a];
        x->items[a] = x->items[b - 1];
        x->items[b - 1] = tmp;
    }
    /* XfbBuffer-04697: one buffer for the whole block, declared or inherited. */
    const xfb_item *buffered = NULL;
    for (size_t a = first_item; a < x->num_items; a++) {
        const xfb_item *it = &x->items[a];
        if (it->d[DEC_BUFFER].inst == VAL_NONE)
            continue;
        if (!buffered) {
            buffered = it;
        } else if (buffered->d[DEC_BUFFER].value != it->d[DEC_BUFFER].value) {
            val_error(v, it->d[DEC_BUFFER].inst, VUID("XfbBuffer-04697"),
                      "member %u of the Output block variable %%%u is in XfbBuffer %u but member %u of the same "
                      "block is in XfbBuffer %u; all members of a block must use the same XfbBuffer",
                      it->member, v->insts[var].result_id, it->d[DEC_BUFFER].value, buffered->member,
                      buffered->d[DEC_BUFFER].value);
        }
    }
    /* Offset-04689 and Offset-04690: blocks capturing 64-bit members are 8-byte aligned and sized. */
    bool has64 = false;
    const xfb_item *first = NULL;
    uint64_t end = 0;
    for (size_t a = first_item; a < x->num_items; a++) {
        const xfb_item *it = &x->items[a];
        uint32_t e = def_index(v, it->type);
        if (e == VAL_NONE || x->size[e] == UINT64_MAX)
            return;
        if (x->widths[e] & XFB_WIDTH_64)
            has64 = true;
        if (!first || it->member < first->member)
            first = it;
        if (it->d[DEC_OFFSET].value + x->size[e] > end)
            end = it->d[DEC_OFFSET].value + x->size[e];
    }
    if (!has64 || !first)
        return;
    if (end % 8)
        val_error(v, var, VUID("Offset-04689"),
                  "the Output block variable %%%u captures a 64-bit member but its size %llu is not a multiple of "
                  "8; it must be",
                  v->insts[var].result_id, (unsigned long long)end);
    if (first->d[DEC_OFFSET].value % 8)
        val_error(v, first->d[DEC_OFFSET].inst, VUID("Offset-04690"),
                  "the first member with an Offset (member %u) of the Output block variable %%%u has Offset %u, but "
                  "the block captures a 64-bit member, so it must be aligned to 8 bytes",
                  first->member, v->insts[var].result_id, first->d[DEC_OFFSET].value);
}

static void collect_variable(xfb_state *x, uint32_t k)
{
    val_state *v = x->v;
    const val_inst *i = &v->insts[k];
    const uint32_t *w = val_words(v, i);
    uint32_t sc, pointee;
    if (i->function != VAL_NONE || i->num_words < 4 || w[3] != SPVK_STORAGE_CLASS_Output ||
        !val_pointer_info(v, i->type_id, &sc, &pointee))
        return;
    const xfb_dec *own = &x->var_dec[k * DEC_COUNT];
    xfb_dec inherited[DEC_COUNT];
    memcpy(inherited, own, sizeof inherited);
    uint32_t t = def_index(v, vk_strip_arrays(v, pointee));
    if (t != VAL_NONE && v->insts[t].opcode == SPVK_OP_TypeStruct)
        for (int d = DEC_BUFFER; d < DEC_COUNT; d++)
            if (inherited[d].inst == VAL_NONE)
                inherited[d] = x->var_dec[t * DEC_COUNT + (uint32_t)d];
    x->item_first[k] = (uint32_t)x->num_items;
    if (own[DEC_OFFSET].inst != VAL_NONE) {
        xfb_item it = {k, VAL_NONE, pointee, {inherited[0], inherited[1], inherited[2], inherited[3]}};
        if (!add_item(x, &it))
            return;
    } else if (t != VAL_NONE && v->insts[t].opcode == SPVK_OP_TypeStruct && (vk_dec_of(x->s, v->insts[t].result_id) & VK_DEC_BLOCK)) {
        collect_block(x, k, t, inherited);
    }
    x->item_count[k] = (uint32_t)(x->num_items - x->item_first[k]);
    for (uint32_t a = x->item_first[k]; a < x->num_items && !v->stop; a++)
        check_item(x, &x->items[a]);
}

static int compare_ranges(const void *pa, const void *pb)
{
    const xfb_range *a = pa, *b = pb;
    if (a->buffer != b->buffer)
        return a->buffer < b->buffer ? -1 : 1;
    if (a->begin != b->begin)
        return a->begin < b->begin ? -1 : 1;
    return a->item < b->item ? -1 : a->item > b->item;
}

static void report_once(xfb_state *x, uint32_t inst, const char *rule, const char *message, uint32_t buffer,
                        uint32_t a, uint32_t b)
{
    if (inst == VAL_NONE || x->reported[inst])
        return;
    x->reported[inst] = 1;
    val_error(x->v, inst, rule, message, buffer, a, b);
}

/* XfbBuffer-04693, Stream-04694, XfbBuffer-04696 over one entry point's output interface. */
static void check_entry_point(xfb_state *x, const val_inst *ep, uint32_t number)
{
    val_state *v = x->v;
    const uint32_t *w = val_words(v, ep);
    uint32_t first = 3;
    while (first < ep->num_words && (w[first] >> 24) != 0)
        first++;
    first++;
    xfb_range *ranges = NULL;
    size_t num_ranges = 0, cap = 0;
    bool any_stream = false;
    for (uint32_t a = first; a < ep->num_words; a++) {
        uint32_t k = def_index(v, w[a]);
        if (k == VAL_NONE || x->item_first[k] == VAL_NONE || x->seen[k] == number)
            continue;
        x->seen[k] = number;
        for (uint32_t b = x->item_first[k]; b < x->item_first[k] + x->item_count[k]; b++) {
            const xfb_item *it = &x->items[b];
            uint32_t e = def_index(v, it->type);
            if (it->d[DEC_STREAM].inst != VAL_NONE)
                any_stream = true;
            if (it->d[DEC_BUFFER].inst == VAL_NONE || e == VAL_NONE || x->size[e] == UINT64_MAX)
                continue;
            if (!spvk_array_grow(v->allocator, &ranges, &cap, num_ranges + 1, sizeof *ranges, 16)) {
                x->failed = true;
                goto done;
            }
            ranges[num_ranges++] = (xfb_range){it->d[DEC_BUFFER].value, b, it->d[DEC_OFFSET].value,
                                               it->d[DEC_OFFSET].value + x->size[e]};
        }
    }
    if (num_ranges)
        qsort(ranges, num_ranges, sizeof *ranges, compare_ranges);
    for (size_t a = 0; a < num_ranges; a++) {
        /* Within one buffer the items are adjacent: compare each with the buffer's first item for the
           stride and stream, and with the furthest-reaching earlier item for overlap. */
        size_t start = a;
        uint32_t reach = (uint32_t)a;
        const xfb_item *head = &x->items[ranges[a].item];
        for (a = start + 1; a < num_ranges && ranges[a].buffer == ranges[start].buffer; a++) {
            const xfb_item *it = &x->items[ranges[a].item];
            const xfb_item *far = &x->items[ranges[reach].item];
            if (head->d[DEC_STRIDE].inst != VAL_NONE && it->d[DEC_STRIDE].inst != VAL_NONE &&
                head->d[DEC_STRIDE].value != it->d[DEC_STRIDE].value)
                report_once(x, it->d[DEC_STRIDE].inst, VUID("XfbBuffer-04693"),
                            "XfbBuffer %u is given XfbStride %u here but XfbStride %u elsewhere in the same entry "
                            "point's output interface; all its strides must be identical",
                            ranges[a].buffer, it->d[DEC_STRIDE].value, head->d[DEC_STRIDE].value);
            uint32_t s1 = head->d[DEC_STREAM].inst != VAL_NONE ? head->d[DEC_STREAM].value : 0;
            uint32_t s2 = it->d[DEC_STREAM].inst != VAL_NONE ? it->d[DEC_STREAM].value : 0;
            if (any_stream && s1 != s2)
                report_once(x, it->d[DEC_STREAM].inst != VAL_NONE ? it->d[DEC_STREAM].inst : it->d[DEC_OFFSET].inst,
                            VUID("Stream-04694"),
                            "an output of XfbBuffer %u is in Stream %u but another output of the same buffer is in "
                            "Stream %u (no Stream decoration means 0); one buffer must use one Stream",
                            ranges[a].buffer, s2, s1);
            if (ranges[a].begin < ranges[reach].end)
                report_once(x, it->d[DEC_OFFSET].inst, VUID("XfbBuffer-04696"),
                            "in XfbBuffer %u the output at Offset %u overlaps the output at Offset %u; captured "
                            "ranges of one buffer must not overlap",
                            ranges[a].buffer, it->d[DEC_OFFSET].value, far->d[DEC_OFFSET].value);
            if (ranges[a].end > ranges[reach].end)
                reach = (uint32_t)a;
        }
        a--;
    }
done:
    spvk_free(v->allocator, ranges, cap * sizeof *ranges);
}

void vk_check_xfb(vk_state *s)
{
    val_state *v = s->v;
    /* Offsets of outputs place them in transform-feedback buffers, which need the capability
       (XfbBuffer, XfbStride and Stream require it too): a module without it captures nothing. */
    if (!val_has_capability(v, SPVK_CAPABILITY_TransformFeedback) &&
        !val_has_capability(v, SPVK_CAPABILITY_GeometryStreams))
        return;
    size_t n = v->num_insts;
    xfb_state x = {.s = s, .v = v};
    x.var_dec = spvk_alloc(v->allocator, n * DEC_COUNT * sizeof *x.var_dec);
    x.member_head = spvk_alloc(v->allocator, n * sizeof *x.member_head);
    x.size = spvk_alloc(v->allocator, n * sizeof *x.size);
    x.widths = spvk_alloc(v->allocator, n * sizeof *x.widths);
    x.item_first = spvk_alloc(v->allocator, n * sizeof *x.item_first);
    x.item_count = spvk_alloc(v->allocator, n * sizeof *x.item_count);
    x.seen = spvk_alloc(v->allocator, n * sizeof *x.seen);
    x.reported = spvk_alloc(v->allocator, n * sizeof *x.reported);
    x.scratch = spvk_alloc(v->allocator, UINT16_MAX * sizeof *x.scratch);
    if (x.var_dec && x.member_head && x.size && x.widths && x.item_first && x.item_count && x.seen && x.reported &&
        x.scratch) {
        memset(x.var_dec, 0xff, n * DEC_COUNT * sizeof *x.var_dec);
        memset(x.member_head, 0xff, n * sizeof *x.member_head);
        memset(x.size, 0xff, n * sizeof *x.size);
        memset(x.widths, 0, n * sizeof *x.widths);
        memset(x.item_first, 0xff, n * sizeof *x.item_first);
        memset(x.item_count, 0, n * sizeof *x.item_count);
        memset(x.seen, 0, n * sizeof *x.seen);
        memset(x.reported, 0, n * sizeof *x.reported);
        collect_decorations(&x);
        if (!x.failed) {
            collect_types(&x);
            for (uint32_t k = 0; k < n && !x.failed && !v->stop; k++)
                if (v->insts[k].opcode == SPVK_OP_Variable)
                    collect_variable(&x, k);
            uint32_t number = 0;
            for (uint32_t k = 0; k < n && !x.failed && !v->stop; k++)
                if (v->insts[k].opcode == SPVK_OP_EntryPoint && x.num_items)
                    check_entry_point(&x, &v->insts[k], ++number);
        }
    } else {
        x.failed = true;
    }
    if (x.failed)
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
    spvk_free(v->allocator, x.var_dec, n * DEC_COUNT * sizeof *x.var_dec);
    spvk_free(v->allocator, x.member_head, n * sizeof *x.member_head);
    spvk_free(v->allocator, x.members, x.members_cap * sizeof *x.members);
    spvk_free(v->allocator, x.size, n * sizeof *x.size);
    spvk_free(v->allocator, x.widths, n * sizeof *x.widths);
    spvk_free(v->allocator, x.item_first, n * sizeof *x.item_first);
    spvk_free(v->allocator, x.item_count, n * sizeof *x.item_count);
    spvk_free(v->allocator, x.items, x.items_cap * sizeof *x.items);
    spvk_free(v->allocator, x.seen, n * sizeof *x.seen);
    spvk_free(v->allocator, x.reported, n * sizeof *x.reported);
    spvk_free(v->allocator, x.scratch, UINT16_MAX * sizeof *x.scratch);
}
