/* The MLIR text printer: operations in generic or custom form, builtin types and attributes, and
   dialect types and attributes through the dialects' hooks, the way MLIR 19 prints them.

   Value names follow MLIR's SSANameState: the values of a region (block arguments, then each
   operation's results, block by block) are numbered before the regions nested in it, and every
   nested region starts from the counters its parent region ended with, so sibling regions reuse
   the same numbers. Entry block arguments are %argN, other values %N (one number per operation,
   %N#k for its k-th result), blocks ^bbN per region. In generic form MLIR prints unique names
   instead (the counters carry on across regions, visited last-pushed first); so do we.

   Names are computed once before printing into two pointer-keyed tables (operation -> number of
   its first result, block -> label and first argument number) rather than stored in the IR, so
   printing never writes to the IR it is given. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "spvkit/ir_asm.h"
#include "ir_internal.h"
#include "printer_internal.h"
#include "text_internal.h"
#include "../support/support.h"


static size_t ptr_hash(const void *k)
{
    uint64_t x = (uint64_t)(uintptr_t)k;
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return (size_t)x;
}

static bool map_put(printer *p, ptr_map *m, const void *key, uint32_t a, uint32_t b)
{
    if ((m->count + 1) * 2 > m->capacity) {
        size_t n = m->capacity ? m->capacity * 2 : 32; /* a small function's: clearing costs the capacity */
        ptr_entry *s = spvk_alloc(p->alloc, n * sizeof *s);
        if (!s) {
            p->failed = true;
            return false;
        }
        memset(s, 0, n * sizeof *s);
        for (size_t i = 0; i < m->capacity; i++) {
            if (!m->slots[i].key)
                continue;
            size_t j = ptr_hash(m->slots[i].key) & (n - 1);
            while (s[j].key)
                j = (j + 1) & (n - 1);
            s[j] = m->slots[i];
        }
        spvk_free(p->alloc, m->slots, m->capacity * sizeof *m->slots);
        m->slots = s;
        m->capacity = n;
    }
    size_t j = ptr_hash(key) & (m->capacity - 1);
    while (m->slots[j].key && m->slots[j].key != key)
        j = (j + 1) & (m->capacity - 1);
    if (!m->slots[j].key)
        m->count++;
    m->slots[j].key = key;
    m->slots[j].a = a;
    m->slots[j].b = b;
    return true;
}

static const ptr_entry *map_get(const ptr_map *m, const void *key)
{
    if (!m->capacity)
        return NULL;
    size_t j = ptr_hash(key) & (m->capacity - 1);
    while (m->slots[j].key) {
        if (m->slots[j].key == key)
            return &m->slots[j];
        j = (j + 1) & (m->capacity - 1);
    }
    return NULL;
}

static void map_release(printer *p, ptr_map *m) { spvk_free(p->alloc, m->slots, m->capacity * sizeof *m->slots); }

/* Empties a map; one much larger than what it held shrinks, so that clearing costs what was put. */
static void map_clear(printer *p, ptr_map *m)
{
    if (m->capacity > 1024 && m->count * 8 < m->capacity) {
        map_release(p, m);
        m->slots = NULL;
        m->capacity = 0;
    } else if (m->capacity) {
        memset(m->slots, 0, m->capacity * sizeof *m->slots);
    }
    m->count = 0;
}

/* The names of a block: those of the streamed child first. */
static const ptr_entry *block_name_entry(const printer *p, const spvk_ir_block *b)
{
    const ptr_entry *e = p->in_child ? map_get(&p->child_blocks, b) : NULL;
    return e ? e : map_get(&p->blocks, b);
}

/* ---- Output ---- */

static void text(printer *p, const char *s) { spvk_buffer_append_string(&p->out, s); }
static void text_n(printer *p, const char *s, size_t n) { spvk_buffer_append(&p->out, s, n); }
static void ch(printer *p, char c) { spvk_buffer_append_char(&p->out, c); }
static void uint_text(printer *p, uint64_t v) { spvk_buffer_append_uint(&p->out, v); }

static void int_text(printer *p, int64_t v)
{
    if (v < 0) {
        ch(p, '-');
        uint_text(p, (uint64_t)0 - (uint64_t)v);
    } else
        uint_text(p, (uint64_t)v);
}

static void indent(printer *p)
{
    static const char spaces[] = "                                                                ";
    uint32_t n = p->indent;
    while (n) {
        uint32_t k = n > 64 ? 64 : n;
        text_n(p, spaces, k);
        n -= k;
    }
}

/* ---- Naming ---- */

/* ---- Result names (spvk_ir_op_def.result_names: MLIR's getAsmResultNames) ----
   As MLIR's SSANameState: a hinted name is sanitized and made unique among the names visible
   in its region (its own and its ancestor regions': sibling regions reuse names) by appending
   `_N`, N from one counter that nested regions start where their parent region left it. Entry
   block arguments `%argN` count as used names. Numbered values are not names (a name never
   starts with a digit). An op whose results have names prints them in result groups: result
   0's, then one group from each further named result. */

static void name_set_release(printer *p, name_set *s)
{
    spvk_buffer_free(&s->pool);
    spvk_free(p->alloc, s->groups, s->groups_cap * sizeof *s->groups);
    spvk_free(p->alloc, s->used, s->used_cap * sizeof *s->used);
    spvk_free(p->alloc, s->buckets, s->num_buckets * sizeof *s->buckets);
    memset(s, 0, sizeof *s);
}

static void name_set_clear(name_set *s)
{
    s->pool.length = 0;
    s->num_groups = 0;
    if (s->num_used)
        memset(s->buckets, 0, s->num_buckets * sizeof *s->buckets);
    s->num_used = 0;
}

/* Leaves the regions whose names were added after the set held `mark` names. */
static void name_set_pop(name_set *s, size_t mark)
{
    while (s->num_used > mark) {
        used_name *u = &s->used[--s->num_used];
        s->buckets[u->hash & (s->num_buckets - 1)] = u->next;
    }
}

static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool name_set_has(const name_set *s, const char *name, size_t n, uint32_t h)
{
    if (!s->num_buckets)
        return false;
    for (uint32_t e = s->buckets[h & (s->num_buckets - 1)]; e; e = s->used[e - 1].next) {
        const used_name *u = &s->used[e - 1];
        if (u->hash == h && u->length == n && memcmp(s->pool.data + u->offset, name, n) == 0)
            return true;
    }
    return false;
}

static bool name_set_add(printer *p, name_set *s, uint32_t offset, uint32_t n, uint32_t h)
{
    if ((s->num_used + 1) * 2 > s->num_buckets) {
        size_t nb = s->num_buckets ? s->num_buckets * 2 : 64;
        uint32_t *b = spvk_alloc(p->alloc, nb * sizeof *b);
        if (!b)
            return false;
        memset(b, 0, nb * sizeof *b);
        /* In stack order, so that each bucket's head stays its newest entry. */
        for (size_t i = 0; i < s->num_used; i++) {
            used_name *u = &s->used[i];
            u->next = b[u->hash & (nb - 1)];
            b[u->hash & (nb - 1)] = (uint32_t)i + 1;
        }
        spvk_free(p->alloc, s->buckets, s->num_buckets * sizeof *s->buckets);
        s->buckets = b;
        s->num_buckets = nb;
    }
    if (!spvk_array_reserve(p->alloc, &s->used, &s->used_cap, s->num_used + 1, sizeof *s->used, 64))
        return false;
    used_name *u = &s->used[s->num_used];
    *u = (used_name){h, offset, n, s->buckets[h & (s->num_buckets - 1)]};
    s->buckets[h & (s->num_buckets - 1)] = (uint32_t)++s->num_used;
    return true;
}

/* The numbering state of the region being numbered. */
typedef struct name_scope {
    name_set *set;        /* where names go */
    const name_set *root; /* a streamed child's: the root's names, visible read-only; else NULL */
    uint32_t next_value, next_arg, next_conflict;
} name_scope;

static bool is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* `argN` (N without leading zeros) of an entry block argument visible here: those are numbered
   0 .. next_arg - 1 along the chain of regions. */
static bool is_visible_arg_name(const char *s, size_t n, uint32_t next_arg)
{
    if (n < 4 || memcmp(s, "arg", 3) != 0 || (s[3] == '0' && n > 4) || n > 13)
        return false;
    uint64_t v = 0;
    for (size_t i = 3; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    return v < next_arg;
}

static bool name_taken(const name_scope *sc, const char *s, size_t n, uint32_t h)
{
    return name_set_has(sc->set, s, n, h) || (sc->root && name_set_has(sc->root, s, n, h)) ||
           is_visible_arg_name(s, n, sc->next_arg);
}

/* Sanitizes and uniques a hinted name into the pool (MLIR's sanitizeIdentifier: letters, digits
   and `$._-` stay, a space becomes `_`, any other byte its hex code; a leading digit gets a `_`
   before it). Returns its offset and length, or false when out of memory. */
static bool unique_name(printer *p, name_scope *sc, const char *name, size_t n, uint32_t *offset, uint32_t *length)
{
    static const char hex[] = "0123456789ABCDEF";
    spvk_buffer *b = &sc->set->pool;
    size_t start = b->length;
    if (name[0] >= '0' && name[0] <= '9')
        spvk_buffer_append_char(b, '_');
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (is_alnum(c) || c == '$' || c == '.' || c == '_' || c == '-')
            spvk_buffer_append_char(b, c);
        else if (c == ' ')
            spvk_buffer_append_char(b, '_');
        else {
            unsigned char u = (unsigned char)c;
            if (u >= 16)
                spvk_buffer_append_char(b, hex[u >> 4]);
            spvk_buffer_append_char(b, hex[u & 15]);
        }
    }
    if (b->failed || b->length - start > UINT32_MAX / 2)
        return false;
    size_t base = b->length - start;
    uint32_t h = name_hash(b->data + start, base);
    while (name_taken(sc, b->data + start, b->length - start, h)) {
        b->length = start + base;
        spvk_buffer_append_char(b, '_');
        spvk_buffer_append_uint(b, sc->next_conflict++);
        if (b->failed)
            return false;
        h = name_hash(b->data + start, b->length - start);
    }
    *offset = (uint32_t)start;
    *length = (uint32_t)(b->length - start);
    return name_set_add(p, sc->set, *offset, *length, h);
}

/* What an op's result_names hook names, gathered before the groups are made. */
typedef struct name_call {
    printer *p;
    name_scope *sc;
    const spvk_ir_op *op;
    size_t first; /* the op's groups start here in sc->set->groups */
    bool failed;
} name_call;

static void set_result_name(void *user, const spvk_ir_value *value, const char *name, size_t length)
{
    name_call *c = user;
    name_set *s = c->sc->set;
    if (c->failed || !value || value->defining_op != c->op)
        return;
    name_group g = {value->index, 0, 0};
    if (length == 0 || !name)
        g.id = c->sc->next_value++;
    else if (!unique_name(c->p, c->sc, name, length, &g.id, &g.length)) {
        c->failed = true;
        return;
    }
    /* Kept sorted by result; a result named twice keeps the last name. */
    size_t i = s->num_groups;
    while (i > c->first && s->groups[i - 1].start > g.start)
        i--;
    if (i > c->first && s->groups[i - 1].start == g.start) {
        s->groups[i - 1] = g;
        return;
    }
    if (!spvk_array_reserve(c->p->alloc, &s->groups, &s->groups_cap, s->num_groups + 1, sizeof *s->groups, 32)) {
        c->failed = true;
        return;
    }
    memmove(&s->groups[i + 1], &s->groups[i], (s->num_groups - i) * sizeof *s->groups);
    s->groups[i] = g;
    s->num_groups++;
}

/* Numbers (or names) op's results into ops: an entry (first number, 0) for numbered results, or
   (number of groups, first group + 1) for named ones. */
static bool number_results(printer *p, name_scope *sc, const spvk_ir_op *op, ptr_map *ops)
{
    if (!op->num_results)
        return true;
    if (p->generic || !op->def->result_names || (op->def->traits & SPVK_TRAIT_UNREGISTERED))
        return map_put(p, ops, op, sc->next_value++, 0);
    name_set *s = sc->set;
    name_call c = {p, sc, op, s->num_groups, false};
    op->def->result_names(op, set_result_name, &c);
    if (c.failed) {
        p->failed = true;
        return false;
    }
    if (s->num_groups == c.first)
        return map_put(p, ops, op, sc->next_value++, 0);
    if (s->groups[c.first].start != 0) {
        /* Result 0 unnamed: numbered after the hook, as MLIR does. */
        if (!spvk_array_reserve(p->alloc, &s->groups, &s->groups_cap, s->num_groups + 1, sizeof *s->groups, 32)) {
            p->failed = true;
            return false;
        }
        memmove(&s->groups[c.first + 1], &s->groups[c.first], (s->num_groups - c.first) * sizeof *s->groups);
        s->groups[c.first] = (name_group){0, sc->next_value++, 0};
        s->num_groups++;
    }
    return map_put(p, ops, op, (uint32_t)(s->num_groups - c.first), (uint32_t)c.first + 1);
}

/* ---- Numbering ---- */

typedef struct name_frame {
    const spvk_ir_region *region;
    uint32_t next_value, next_arg, next_conflict;
    size_t mark; /* the names visible in the region's parent region */
} name_frame;

/* Numbers the values and blocks of root's regions (and root's results when with_results) into
   the maps, starting from the scope's counters. */
/* One of the ops of the streamed root's region, whose bodies the stream builds and frees. */
static bool is_streamed_child(const printer *p, const spvk_ir_op *op)
{
    return p->stream && op && op->block && op->block->region && op->block->region->op == p->root;
}

static void unmaterialized_met(printer *p, const spvk_ir_op *op)
{
    if (!p->unmaterialized)
        p->unmaterialized = op;
    p->failed = true;
}

static void number_regions(printer *p, const spvk_ir_op *root, bool with_results, name_scope sc, ptr_map *ops,
                           ptr_map *blocks)
{
    if (with_results && !number_results(p, &sc, root, ops))
        return;
    name_frame *stack = NULL;
    size_t count = 0, cap = 0;
    size_t root_mark = sc.set->num_used;
    for (uint32_t i = 0; i < root->num_regions; i++) {
        if (!spvk_array_grow(p->alloc, &stack, &cap, count + 1, sizeof *stack, 16)) {
            p->failed = true;
            goto out;
        }
        stack[count++] = (name_frame){&root->regions[i], sc.next_value, sc.next_arg, sc.next_conflict, root_mark};
    }
    while (count) {
        name_frame f = stack[--count];
        if (!p->generic) {
            sc.next_value = f.next_value;
            sc.next_arg = f.next_arg;
            sc.next_conflict = f.next_conflict;
        }
        name_set_pop(sc.set, f.mark);
        if (f.region->unmaterialized) {
            /* A streamed child's body is numbered when the stream has built it (print_child). */
            if (!is_streamed_child(p, f.region->op))
                unmaterialized_met(p, f.region->op);
            continue;
        }
        uint32_t label = 0;
        for (const spvk_ir_block *b = f.region->first; b; b = b->next) {
            bool entry = b == f.region->first;
            uint32_t base;
            if (entry) {
                base = sc.next_arg;
                sc.next_arg += b->num_args;
            } else {
                base = sc.next_value;
                sc.next_value += b->num_args;
            }
            if (!map_put(p, blocks, b, label++, base | (entry ? ENTRY_BIT : 0)))
                goto out;
            for (const spvk_ir_op *o = b->first; o; o = o->next)
                if (o->num_results && !number_results(p, &sc, o, ops))
                    goto out;
        }
        size_t mark = sc.set->num_used;
        if (p->stream && f.region->op == p->root) {
            /* A streamed child's regions start from these counters (custom form) and see the
               names given so far. */
            p->child_value_base = sc.next_value;
            p->child_arg_base = sc.next_arg;
            p->child_conflict_base = sc.next_conflict;
            root_mark = mark;
        }
        for (const spvk_ir_block *b = f.region->first; b; b = b->next)
            for (const spvk_ir_op *o = b->first; o; o = o->next)
                for (uint32_t i = 0; i < o->num_regions; i++) {
                    if (!spvk_array_grow(p->alloc, &stack, &cap, count + 1, sizeof *stack, 16)) {
                        p->failed = true;
                        goto out;
                    }
                    stack[count++] = (name_frame){&o->regions[i], sc.next_value, sc.next_arg, sc.next_conflict, mark};
                }
    }
out:
    /* What stays visible: the root region's names, for the streamed children. */
    name_set_pop(sc.set, root_mark);
    spvk_free(p->alloc, stack, cap * sizeof *stack);
}

static void number_values(printer *p, const spvk_ir_op *root)
{
    name_scope sc = {&p->names, NULL, 0, 0, 0};
    number_regions(p, root, true, sc, &p->ops, &p->blocks);
}

/* The entry naming op's results: the child's when it is one of the streamed child's ops. */
static const ptr_entry *op_names(const printer *p, const spvk_ir_op *op, const name_set **set)
{
    const ptr_entry *e = p->in_child ? map_get(&p->child_ops, op) : NULL;
    *set = &p->child_names;
    if (!e) {
        e = map_get(&p->ops, op);
        *set = &p->names;
    }
    return e;
}

static void print_group_id(printer *p, const name_set *s, const name_group *g)
{
    ch(p, '%');
    if (g->length)
        text_n(p, s->pool.data + g->id, g->length);
    else
        uint_text(p, g->id);
}

static void print_value(printer *p, const spvk_ir_value *v)
{
    if (v && v->defining_op) {
        const name_set *s;
        const spvk_ir_op *op = v->defining_op;
        const ptr_entry *e = op_names(p, op, &s);
        if (e && !e->b) {
            ch(p, '%');
            uint_text(p, e->a);
            if (op->num_results > 1) {
                ch(p, '#');
                uint_text(p, v->index);
            }
            return;
        }
        if (e) {
            const name_group *g = &s->groups[e->b - 1];
            uint32_t n = e->a, k = 0;
            while (k + 1 < n && g[k + 1].start <= v->index)
                k++;
            uint32_t end = k + 1 < n ? g[k + 1].start : op->num_results;
            print_group_id(p, s, &g[k]);
            if (end - g[k].start != 1) {
                ch(p, '#');
                uint_text(p, v->index - g[k].start);
            }
            return;
        }
    } else if (v && v->block) {
        const ptr_entry *e = block_name_entry(p, v->block);
        if (e) {
            if (e->b & ENTRY_BIT) {
                text(p, "%arg");
                uint_text(p, (e->b & ~ENTRY_BIT) + v->index);
            } else {
                ch(p, '%');
                uint_text(p, e->b + v->index);
            }
            return;
        }
    }
    text(p, "<<UNKNOWN SSA VALUE>>");
}

/* An op's results before ` = `: `%0`, `%0:2`, or its result groups `%a, %b:2`. */
static void print_results(printer *p, const spvk_ir_op *op)
{
    const name_set *s;
    const ptr_entry *e = op_names(p, op, &s);
    if (!e) {
        text(p, "%<<UNKNOWN>>");
    } else if (!e->b) {
        ch(p, '%');
        uint_text(p, e->a);
        if (op->num_results > 1) {
            ch(p, ':');
            uint_text(p, op->num_results);
        }
    } else {
        const name_group *g = &s->groups[e->b - 1];
        for (uint32_t k = 0; k < e->a; k++) {
            if (k)
                text(p, ", ");
            print_group_id(p, s, &g[k]);
            uint32_t end = k + 1 < e->a ? g[k + 1].start : op->num_results;
            if (end - g[k].start != 1) {
                ch(p, ':');
                uint_text(p, end - g[k].start);
            }
        }
    }
    text(p, " = ");
}

static void print_block_name(printer *p, const spvk_ir_block *b)
{
    const ptr_entry *e = block_name_entry(p, b);
    if (!e) {
        text(p, "^INVALIDBLOCK");
        return;
    }
    text(p, "^bb");
    uint_text(p, e->a);
}

/* ---- Strings and names ---- */

static void print_escaped(printer *p, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    ch(p, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            run++;
            continue;
        }
        text_n(p, s + i - run, run);
        run = 0;
        if (c == '\\')
            text(p, "\\\\");
        else {
            char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
            text_n(p, e, 3);
        }
    }
    text_n(p, s + n - run, run);
    ch(p, '"');
}

static bool is_bare_identifier(const char *s, size_t n)
{
    if (!n || !ir_is_bare_id_start(s[0]))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!ir_is_bare_id_char(s[i]))
            return false;
    return true;
}

static void print_keyword_or_string(printer *p, const char *s, size_t n)
{
    if (is_bare_identifier(s, n))
        text_n(p, s, n);
    else
        print_escaped(p, s, n);
}

static void print_symbol(printer *p, const char *s, size_t n)
{
    ch(p, '@');
    /* Symbol names may start with a digit-free bare identifier only. */
    print_keyword_or_string(p, s, n);
}

/* ---- Types ---- */

/* MLIR's AttrTypeElision: whether `: type` after a number may or must be left out. Array elements
   leave out i64 and f64 (the types a bare literal reads as). */
typedef enum elision { ELIDE_NEVER, ELIDE_MAY, ELIDE_MUST } elision;

static void print_attr(printer *p, const spvk_ir_attr *a, elision elide);
static void print_type(printer *p, const spvk_ir_type *t);
static bool alias_stand_in(printer *p, const void *item, bool is_attr, bool without_type);

static void print_dims(printer *p, const spvk_ir_type *t, bool with_scalable)
{
    for (uint32_t i = 0; i < t->num_ints; i++) {
        bool scalable = with_scalable && i < 16 && (t->flags >> i) & 1;
        if (scalable)
            ch(p, '[');
        if (t->ints[i] == SPVK_DYNAMIC)
            ch(p, '?');
        else
            int_text(p, t->ints[i]);
        if (scalable)
            ch(p, ']');
        ch(p, 'x');
    }
}

static void print_type_list(printer *p, const spvk_ir_type *const *types, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            text(p, ", ");
        print_type(p, types[i]);
    }
}

static bool is_function_type(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_FUNCTION; }

static void print_function_type(printer *p, const spvk_ir_type *const *inputs, uint32_t ni,
                                const spvk_ir_type *const *results, uint32_t nr)
{
    ch(p, '(');
    print_type_list(p, inputs, ni);
    text(p, ") -> ");
    if (nr == 1 && !is_function_type(results[0]))
        print_type(p, results[0]);
    else {
        ch(p, '(');
        print_type_list(p, results, nr);
        ch(p, ')');
    }
}

static void print_type_text(printer *p, const spvk_ir_type *t);

static void print_type(printer *p, const spvk_ir_type *t)
{
    if (!t) {
        text(p, "<<NULL TYPE>>");
        return;
    }
    if ((p->aliases || p->limit) && alias_stand_in(p, t, false, false))
        return;
    type_text *memo = &p->type_texts[ptr_hash(t) & (TYPE_TEXTS - 1)];
    if (memo->type == t) {
        text_n(p, memo->text, memo->length);
        return;
    }
    size_t start = p->out.length; /* text is flushed between ops, never inside a type */
    print_type_text(p, t);
    size_t length = p->out.length - start;
    if (!p->out.failed && p->out.length >= start && length <= sizeof memo->text) {
        memo->type = t;
        memo->length = (uint32_t)length;
        memcpy(memo->text, p->out.data + start, length);
    }
}

static void print_type_text(printer *p, const spvk_ir_type *t)
{
    if (t->dialect) {
        ch(p, '!');
        text(p, t->dialect->name);
        ch(p, '.');
        if (t->dialect->print_type)
            t->dialect->print_type(p, t);
        else
            text(p, "<<unprintable>>");
        return;
    }
    switch (t->kind) {
    case SPVK_TYPE_INTEGER:
        if (t->flags == SPVK_INT_SIGNED)
            text(p, "si");
        else if (t->flags == SPVK_INT_UNSIGNED)
            text(p, "ui");
        else
            ch(p, 'i');
        uint_text(p, t->width);
        return;
    case SPVK_TYPE_FLOAT:
        if (t->flags == SPVK_FLOAT_BF16)
            text(p, "bf16");
        else if (t->flags == SPVK_FLOAT_TF32)
            text(p, "tf32");
        else if (ir_small_float_name(t->flags))
            text(p, ir_small_float_name(t->flags));
        else {
            ch(p, 'f');
            uint_text(p, t->width);
        }
        return;
    case SPVK_TYPE_INDEX:
        text(p, "index");
        return;
    case SPVK_TYPE_NONE:
        text(p, "none");
        return;
    case SPVK_TYPE_VECTOR:
        text(p, "vector<");
        print_dims(p, t, true);
        print_type(p, t->num_types ? t->types[0] : NULL);
        ch(p, '>');
        return;
    case SPVK_TYPE_TENSOR:
    case SPVK_TYPE_MEMREF:
        text(p, t->kind == SPVK_TYPE_TENSOR ? "tensor<" : "memref<");
        if (t->flags & SPVK_SHAPE_UNRANKED)
            text(p, "*x");
        else
            print_dims(p, t, false);
        print_type(p, t->num_types ? t->types[0] : NULL);
        /* A memref's memory space prints like an array element: `1`, not `1 : i64`. */
        for (uint32_t i = 0; i < t->num_attrs; i++)
            if (t->attrs[i]) {
                text(p, ", ");
                print_attr(p, t->attrs[i], t->kind == SPVK_TYPE_MEMREF && i == 1 ? ELIDE_MAY : ELIDE_NEVER);
            }
        ch(p, '>');
        return;
    case SPVK_TYPE_FUNCTION:
        /* `() -> ()` has no types array at all: no pointer arithmetic on NULL. */
        print_function_type(p, t->types, t->width, t->types ? t->types + t->width : NULL, t->num_types - t->width);
        return;
    case SPVK_TYPE_TUPLE:
        text(p, "tuple<");
        print_type_list(p, t->types, t->num_types);
        ch(p, '>');
        return;
    case SPVK_TYPE_COMPLEX:
        text(p, "complex<");
        print_type(p, t->num_types ? t->types[0] : NULL);
        ch(p, '>');
        return;
    case SPVK_TYPE_OPAQUE:
        ch(p, '!');
        if (t->name)
            text(p, t->name);
        return;
    default:
        text(p, "<<unknown type>>");
        return;
    }
}

/* ---- Attributes ---- */

static bool is_integer_type(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER; }

static void print_float_value(printer *p, double v, const spvk_ir_type *type)
{
    ir_float_format f;
    if (!ir_float_format_of(type, &f))
        ir_float_format_of(spvk_ir_float_type(p->ctx, 64, SPVK_FLOAT_IEEE), &f);
    char buf[80];
    bool hex;
    ir_float_print_mlir(buf, sizeof buf, ir_float_to_bits(v, &f), &f, &hex);
    text(p, buf);
}

/* An integer/float/bool element without its type (dense elements, dense arrays). */
static void print_scalar(printer *p, const spvk_ir_attr *a)
{
    if (!a) {
        text(p, "<<NULL ATTRIBUTE>>");
        return;
    }
    if (a->dialect || (a->kind != SPVK_ATTR_INTEGER && a->kind != SPVK_ATTR_FLOAT && a->kind != SPVK_ATTR_BOOL)) {
        print_attr(p, a, ELIDE_MUST);
        return;
    }
    if (a->kind == SPVK_ATTR_BOOL || (a->kind == SPVK_ATTR_INTEGER && is_integer_type(a->type) && a->type->width == 1 &&
                                      a->type->flags == SPVK_INT_SIGNLESS)) {
        text(p, a->value & 1 ? "true" : "false");
        return;
    }
    if (a->kind == SPVK_ATTR_FLOAT) {
        print_float_value(p, a->number, a->type);
        return;
    }
    if (is_integer_type(a->type) && a->type->flags == SPVK_INT_UNSIGNED)
        uint_text(p, (uint64_t)a->value);
    else
        int_text(p, a->value);
}

/* Elements [first, first + count) shaped by dims[level..rank). */
static void print_dense_level(printer *p, const spvk_ir_attr *a, const int64_t *dims, uint32_t rank, uint32_t level,
                              uint64_t *next)
{
    if (level == rank) {
        if (*next < a->num_attrs)
            print_scalar(p, a->attrs[*next]);
        (*next)++;
        return;
    }
    ch(p, '[');
    for (int64_t i = 0; i < dims[level]; i++) {
        if (i)
            text(p, ", ");
        print_dense_level(p, a, dims, rank, level + 1, next);
    }
    ch(p, ']');
}

/* MLIR prints a dense literal of more than 100 elements that is not a splat as a hex string of
   its storage ("0x..."): each element little-endian in whole bytes (an index in 8), i1 packed
   one bit an element, first element in the lowest bit. False when the elements are of a type
   that has no such storage here (wider than 64 bits), printed as a list then. */
#define DENSE_HEX_MIN_ELEMENTS 101u
static bool print_dense_hex(printer *p, const spvk_ir_attr *a)
{
    const spvk_ir_type *elem = a->type && a->type->num_types ? a->type->types[0] : NULL;
    if (!elem || elem->dialect || a->num_attrs < DENSE_HEX_MIN_ELEMENTS)
        return false;
    ir_float_format ff;
    bool is_float = elem->kind == SPVK_TYPE_FLOAT && ir_float_format_of(elem, &ff);
    uint32_t width = elem->kind == SPVK_TYPE_INDEX ? 64 : is_float ? ff.width : elem->kind == SPVK_TYPE_INTEGER ? elem->width : 0;
    if (!width || width > 64)
        return false;
    static const char digits[] = "0123456789ABCDEF";
    text(p, "\"0x");
    if (width == 1) {
        for (uint32_t i = 0; i < a->num_attrs; i += 8) {
            unsigned byte = 0;
            for (uint32_t b = 0; b < 8 && i + b < a->num_attrs; b++)
                byte |= (unsigned)(a->attrs[i + b]->value & 1) << b;
            ch(p, digits[byte >> 4]);
            ch(p, digits[byte & 15]);
        }
    } else {
        uint32_t bytes = (width + 7) / 8;
        uint64_t mask = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
        for (uint32_t i = 0; i < a->num_attrs; i++) {
            const spvk_ir_attr *e = a->attrs[i];
            uint64_t bits = is_float ? ir_float_to_bits(e->number, &ff) : (uint64_t)e->value & mask;
            for (uint32_t b = 0; b < bytes; b++) {
                unsigned byte = (unsigned)(bits >> (8 * b)) & 0xFF;
                ch(p, digits[byte >> 4]);
                ch(p, digits[byte & 15]);
            }
        }
    }
    ch(p, '"');
    return true;
}

static void print_location_body(printer *p, const spvk_ir_attr *l)
{
    if (!l || l->dialect || l->kind != SPVK_ATTR_LOCATION) {
        print_attr(p, l, ELIDE_NEVER);
        return;
    }
    /* Locations nest (fused, callsite) and are uniqued like other attributes: a shared one is
       named by its alias (`#loc3`, inside loc(...) as MLIR reads it). */
    if ((p->aliases || p->limit) && alias_stand_in(p, l, true, false))
        return;
    switch (SPVK_LOC_KIND(l)) {
    case SPVK_LOC_FILE:
        print_escaped(p, l->string ? l->string : "", l->length);
        ch(p, ':');
        int_text(p, l->value);
        ch(p, ':');
        int_text(p, l->value2);
        return;
    case SPVK_LOC_NAME:
        print_escaped(p, l->string ? l->string : "", l->length);
        if (l->num_attrs) {
            ch(p, '(');
            print_location_body(p, l->attrs[0]);
            ch(p, ')');
        }
        return;
    case SPVK_LOC_CALLSITE:
        text(p, "callsite(");
        if (l->num_attrs == 2) {
            print_location_body(p, l->attrs[0]);
            text(p, " at ");
            print_location_body(p, l->attrs[1]);
        }
        ch(p, ')');
        return;
    case SPVK_LOC_FUSED: {
        uint32_t n = l->num_attrs;
        text(p, "fused");
        if ((l->flags & SPVK_LOC_FUSED_METADATA) && n) {
            n--;
            ch(p, '<');
            print_attr(p, l->attrs[n], ELIDE_NEVER);
            ch(p, '>');
        }
        ch(p, '[');
        for (uint32_t i = 0; i < n; i++) {
            if (i)
                text(p, ", ");
            print_location_body(p, l->attrs[i]);
        }
        ch(p, ']');
        return;
    }
    default:
        text(p, "unknown");
        return;
    }
}

static void print_dictionary_entry(printer *p, const char *name, const spvk_ir_attr *v, bool *first)
{
    if (!*first)
        text(p, ", ");
    *first = false;
    print_keyword_or_string(p, name, strlen(name));
    if (v && !v->dialect && v->kind == SPVK_ATTR_UNIT)
        return;
    text(p, " = ");
    print_attr(p, v, ELIDE_NEVER);
}

/* Whether name is one of def's inherent attributes (sorted: a binary search). */
static bool is_inherent(const spvk_ir_op_def *def, const char *name)
{
    uint32_t lo = 0, hi = def->num_inherent_attrs;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        int c = strcmp(def->inherent_attrs[mid], name);
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

static void print_dictionary_body(printer *p, const spvk_ir_attr *d, const char *const *elided, uint32_t num_elided,
                                   bool *first)
{
    for (uint32_t i = 0; i < d->num_attrs; i++) {
        const char *name = d->names[i];
        bool skip = false;
        for (uint32_t k = 0; k < num_elided && !skip; k++)
            skip = elided[k] && strcmp(elided[k], name) == 0;
        if (skip)
            continue;
        if (!*first)
            text(p, ", ");
        *first = false;
        print_keyword_or_string(p, name, strlen(name));
        const spvk_ir_attr *v = d->attrs[i];
        if (v && !v->dialect && v->kind == SPVK_ATTR_UNIT)
            continue;
        text(p, " = ");
        print_attr(p, v, ELIDE_NEVER);
    }
}

static void print_attr_text(printer *p, const spvk_ir_attr *a, elision elide);

static void print_attr(printer *p, const spvk_ir_attr *a, elision elide)
{
    if (!a) {
        text(p, "<<NULL ATTRIBUTE>>");
        return;
    }
    if ((p->aliases || p->limit) && alias_stand_in(p, a, true, elide == ELIDE_MUST))
        return;
    print_attr_text(p, a, elide);
}

static void print_attr_text(printer *p, const spvk_ir_attr *a, elision elide)
{
    if (a->dialect) {
        ch(p, '#');
        text(p, a->dialect->name);
        size_t dot = p->out.length;
        ch(p, '.');
        size_t body = p->out.length; /* text is flushed between ops, never inside an attribute */
        if (a->dialect->print_attr) {
            a->dialect->print_attr(p, a);
            /* `#gpu<dim x>`: a body that starts with `<` follows the dialect name directly */
            if (!p->out.failed && p->out.length > body && body > 0 && p->out.data[body] == '<') {
                memmove(p->out.data + body - 1, p->out.data + body, p->out.length - body);
                p->out.length--;
            }
        } else
            text(p, "<<unprintable>>");
        /* A body that is not a mnemonic goes straight after the name: #index<cmp_predicate slt>. */
        if (!p->out.failed && p->out.length > dot + 1 && p->out.data[dot + 1] == '<') {
            memmove(p->out.data + dot, p->out.data + dot + 1, p->out.length - dot - 1);
            p->out.length--;
        }
        return;
    }
    switch (a->kind) {
    case SPVK_ATTR_UNIT:
        text(p, "unit");
        return;
    case SPVK_ATTR_BOOL:
        text(p, a->value ? "true" : "false");
        return;
    case SPVK_ATTR_INTEGER:
        print_scalar(p, a);
        if (elide == ELIDE_MAY && is_integer_type(a->type) && a->type->width == 64 && a->type->flags == SPVK_INT_SIGNLESS)
            return;
        if (elide != ELIDE_MUST && !(is_integer_type(a->type) && a->type->width == 1 && a->type->flags == SPVK_INT_SIGNLESS)) {
            text(p, " : ");
            print_type(p, a->type);
        }
        return;
    case SPVK_ATTR_FLOAT:
        print_scalar(p, a);
        if (elide == ELIDE_MAY && a->type && !a->type->dialect && a->type->kind == SPVK_TYPE_FLOAT &&
            a->type->width == 64)
            return;
        if (elide != ELIDE_MUST) {
            text(p, " : ");
            print_type(p, a->type);
        }
        return;
    case SPVK_ATTR_STRING:
        print_escaped(p, a->string ? a->string : "", a->length);
        if (a->type && elide != ELIDE_MUST) {
            text(p, " : ");
            print_type(p, a->type);
        }
        return;
    case SPVK_ATTR_ARRAY:
        ch(p, '[');
        for (uint32_t i = 0; i < a->num_attrs; i++) {
            if (i)
                text(p, ", ");
            print_attr(p, a->attrs[i], ELIDE_MAY);
        }
        ch(p, ']');
        return;
    case SPVK_ATTR_DENSE_ARRAY:
        text(p, "array<");
        print_type(p, a->type);
        for (uint32_t i = 0; i < a->num_attrs; i++) {
            text(p, i ? ", " : ": ");
            print_scalar(p, a->attrs[i]);
        }
        ch(p, '>');
        return;
    case SPVK_ATTR_DICTIONARY: {
        bool first = true;
        ch(p, '{');
        print_dictionary_body(p, a, NULL, 0, &first);
        ch(p, '}');
        return;
    }
    case SPVK_ATTR_TYPE:
        print_type(p, a->type);
        return;
    case SPVK_ATTR_SYMBOL_REF:
        print_symbol(p, a->string ? a->string : "", a->length);
        for (uint32_t i = 0; i < a->num_attrs; i++) {
            text(p, "::");
            const spvk_ir_attr *n = a->attrs[i];
            print_symbol(p, n && n->string ? n->string : "", n ? n->length : 0);
        }
        return;
    case SPVK_ATTR_DENSE: {
        text(p, "dense<");
        if (a->flags & SPVK_DENSE_SPLAT) {
            if (a->num_attrs)
                print_scalar(p, a->attrs[0]);
        } else if (a->num_attrs && a->type && !print_dense_hex(p, a)) {
            uint64_t next = 0;
            print_dense_level(p, a, a->type->ints, a->type->num_ints, 0, &next);
        }
        ch(p, '>');
        if (elide != ELIDE_MUST) {
            text(p, " : ");
            print_type(p, a->type);
        }
        return;
    }
    case SPVK_ATTR_LOCATION:
        text(p, "loc(");
        print_location_body(p, a);
        ch(p, ')');
        return;
    case SPVK_ATTR_OPAQUE:
        if (a->flags != SPVK_OPAQUE_BUILTIN)
            ch(p, '#');
        text_n(p, a->string ? a->string : "", a->length);
        return;
    default:
        text(p, "<<unknown attribute>>");
        return;
    }
}

/* ---- Aliases for shared sub-trees ----

   Types and attributes are uniqued, so one may hold another twice, and that one the next twice:
   63 such levels are a few lines of input (`#a1 = [#a0, #a0]`, `!spirv.struct<(!s0, !s0)>`)
   and 2^63 elements written out. MLIR 19 writes them out. Here a type or attribute whose text
   written out in full would be longer than IR_ALIAS_MIN_TEXT and that would be written more
   than once is printed once, as an alias definition at the top (`!spirv_struct = ...`,
   `#array1 = [#array, #array]`), and named wherever it appears; so the text is linear in the
   IR. Nothing in ordinary modules comes near that size, so their text is MLIR's.

   Before any text, the printer measures what it will print: each item's exact text in full
   (own text plus its children's, memoized per item), found by printing the item once with each
   child standing in for itself (the child calls go through alias_stand_in), and how many times
   it would be written (saturating at 2): once per place the IR names it, plus once per place
   a parent that is written names it. Only items whose text_bound (kept by the context) exceeds
   IR_ALIAS_MIN_TEXT are looked at, so for ordinary IR this costs one comparison per type the
   walk meets. An identified struct inside its own body prints as its name: items on such a
   cycle are never aliased (their text depends on where they are). A streamed print (bodies not
   built yet) also counts every long item the context holds (ir_context_big_items), since a
   body it cannot see may use any. */

enum { ALIAS_NEW, ALIAS_MEASURING, ALIAS_DONE };
#define ALIAS_MAX_DEPTH 256u /* deeper items are not measured (printed in full, never aliased) */
#define PRINT_ITEM_LIMIT 4096u /* spvk_ir_print_type/attr (diagnostics): at most this much text */

typedef struct alias_node {
    uintptr_t item;         /* low bit: an attribute */
    uint64_t size;          /* its text written out in full, saturating */
    uint32_t occurrences;   /* saturating at 2 */
    uint32_t stack_position;
    uint32_t name_offset, name_length; /* in alias_table.names; length 0: printed in full */
    uint8_t state;
    bool cyclic;
} alias_node;

typedef struct alias_edge {
    uint32_t parent, child;
} alias_edge;

typedef struct alias_prefix {
    uint32_t offset, length, count;
} alias_prefix;

typedef struct alias_table {
    ptr_map index; /* item -> node (a) */
    alias_node *nodes;
    uint32_t num_nodes, nodes_capacity;
    alias_edge *edges;
    uint32_t num_edges, edges_capacity;
    uint32_t *finished; /* nodes in the order measured to the end: children first */
    uint32_t num_finished, finished_capacity;
    uint32_t *stack; /* nodes being measured */
    uint32_t depth, stack_capacity;
    bool measuring;
    uint64_t child_sizes;  /* the node being measured: its children's text so far */
    uint32_t parent;       /* the node being measured */
    const void *defining;  /* the item whose definition is being printed */
    spvk_buffer names;      /* the aliases' names, and each prefix once */
    alias_prefix *prefixes;
    uint32_t num_prefixes, prefixes_capacity;
    uint32_t num_aliases;
} alias_table;

static uint64_t size_add(uint64_t a, uint64_t b) { return b > UINT64_MAX / 2 - a ? UINT64_MAX / 2 : a + b; }

static uint32_t item_bound(uintptr_t item)
{
    return item & 1 ? ((const spvk_ir_attr *)(item & ~(uintptr_t)1))->text_bound : ((const spvk_ir_type *)item)->text_bound;
}

/* Grows an array of count elements of size bytes to hold one more. */
static bool grow(printer *p, void **array, uint32_t count, uint32_t *capacity, size_t size)
{
    if (count < *capacity)
        return true;
    uint32_t n = *capacity ? *capacity * 2 : 64;
    void *a = spvk_alloc(p->alloc, (size_t)n * size);
    if (!a) {
        p->failed = true;
        return false;
    }
    if (count)
        memcpy(a, *array, (size_t)count * size);
    spvk_free(p->alloc, *array, (size_t)*capacity * size);
    *array = a;
    *capacity = n;
    return true;
}

static void alias_table_free(printer *p, alias_table *at)
{
    if (!at)
        return;
    map_release(p, &at->index);
    spvk_free(p->alloc, at->nodes, (size_t)at->nodes_capacity * sizeof *at->nodes);
    spvk_free(p->alloc, at->edges, (size_t)at->edges_capacity * sizeof *at->edges);
    spvk_free(p->alloc, at->finished, (size_t)at->finished_capacity * sizeof *at->finished);
    spvk_free(p->alloc, at->stack, (size_t)at->stack_capacity * sizeof *at->stack);
    spvk_buffer_free(&at->names);
    spvk_free(p->alloc, at->prefixes, (size_t)at->prefixes_capacity * sizeof *at->prefixes);
    spvk_free(p->alloc, at, sizeof *at);
}

#define NO_NODE UINT32_MAX

/* The node of item, measured (or being measured: a cycle); NO_NODE when out of memory. */
static uint32_t alias_measure(printer *p, uintptr_t item)
{
    alias_table *at = p->aliases;
    const ptr_entry *e = map_get(&at->index, (const void *)item);
    if (e)
        return e->a;
    if (p->failed || !grow(p, (void **)&at->nodes, at->num_nodes, &at->nodes_capacity, sizeof *at->nodes) ||
        !map_put(p, &at->index, (const void *)item, at->num_nodes, 0))
        return NO_NODE;
    uint32_t i = at->num_nodes++;
    alias_node *n = &at->nodes[i];
    memset(n, 0, sizeof *n);
    n->item = item;
    if (at->depth >= ALIAS_MAX_DEPTH) {
        /* Not measured: counted as long, and printed in full wherever it is. */
        n->size = UINT64_MAX / 2;
        n->cyclic = true;
        n->state = ALIAS_DONE;
        return i;
    }
    if (!grow(p, (void **)&at->stack, at->depth, &at->stack_capacity, sizeof *at->stack))
        return NO_NODE;
    n->state = ALIAS_MEASURING;
    n->stack_position = at->depth;
    at->stack[at->depth++] = i;
    uint64_t saved_sizes = at->child_sizes;
    uint32_t saved_parent = at->parent;
    bool saved_measuring = at->measuring;
    at->child_sizes = 0;
    at->parent = i;
    at->measuring = true;
    size_t start = p->out.length;
    if (item & 1)
        print_attr_text(p, (const spvk_ir_attr *)(item & ~(uintptr_t)1), ELIDE_NEVER);
    else
        print_type_text(p, (const spvk_ir_type *)item);
    size_t own = p->out.length >= start ? p->out.length - start : 0;
    p->out.length = start;
    n = &at->nodes[i];
    n->size = size_add(own, at->child_sizes);
    n->state = ALIAS_DONE;
    at->child_sizes = saved_sizes;
    at->parent = saved_parent;
    at->measuring = saved_measuring;
    at->depth--;
    if (grow(p, (void **)&at->finished, at->num_finished, &at->finished_capacity, sizeof *at->finished))
        at->finished[at->num_finished++] = i;
    return i;
}

/* A type or attribute about to be printed (not the one whose own text is being written): while
   measuring, its size is added to its parent's and nothing is printed; otherwise its alias is
   printed when it has one, or nothing past the limit. false: print it in full. An alias stands
   for an attribute with its type, so not where the type must be left out (without_type: the
   custom form writes the type after it). */
static bool alias_stand_in(printer *p, const void *item, bool is_attr, bool without_type)
{
    if (p->limit)
        return p->out.length > p->limit;
    alias_table *at = p->aliases;
    uintptr_t tagged = (uintptr_t)item | (is_attr ? 1u : 0u);
    if (at->measuring) {
        uint32_t parent = at->parent;
        if (at->nodes[parent].item == tagged)
            return false; /* a location's own body, printed inside its loc(...) */
        uint32_t i = alias_measure(p, tagged);
        if (i == NO_NODE)
            return true;
        alias_node *n = &at->nodes[i];
        if (n->state == ALIAS_MEASURING) {
            /* An identified struct inside its own body: its name alone, and a cycle of items
               whose text depends on where they are printed. */
            for (uint32_t k = n->stack_position; k < at->depth; k++)
                at->nodes[at->stack[k]].cyclic = true;
            at->child_sizes = size_add(at->child_sizes, 16);
            return true;
        }
        at->child_sizes = size_add(at->child_sizes, n->size);
        if (item_bound(tagged) > IR_ALIAS_MIN_TEXT &&
            grow(p, (void **)&at->edges, at->num_edges, &at->edges_capacity, sizeof *at->edges))
            at->edges[at->num_edges++] = (alias_edge){parent, i};
        return true;
    }
    if (without_type || item_bound(tagged) <= IR_ALIAS_MIN_TEXT || item == at->defining)
        return false;
    const ptr_entry *e = map_get(&at->index, (const void *)tagged);
    if (!e || !at->nodes[e->a].name_length)
        return false;
    ch(p, is_attr ? '#' : '!');
    text_n(p, at->names.data + at->nodes[e->a].name_offset, at->nodes[e->a].name_length);
    return true;
}

/* One more place that writes item (a root of the walk below). */
static void alias_count(printer *p, uintptr_t item)
{
    if (!item || item_bound(item) <= IR_ALIAS_MIN_TEXT)
        return;
    uint32_t i = alias_measure(p, item);
    if (i != NO_NODE && p->aliases->nodes[i].occurrences < 2)
        p->aliases->nodes[i].occurrences++;
}

/* What the text of an op names: its attributes, the types of its results and of its regions'
   block arguments (a body not built has none yet). The types of operands are not counted: a
   custom form rarely repeats them, and where one does each copy is short (what is shared in it
   has an alias), as it would be in a streamed print, which cannot see the uses either. */
static spvk_ir_walk_result alias_walk_op(spvk_ir_op *op, void *user)
{
    printer *p = user;
    alias_count(p, (uintptr_t)op->attrs | 1u);
    if (p->debug_info && op->loc)
        alias_count(p, (uintptr_t)op->loc | 1u);
    for (uint32_t i = 0; i < op->num_results; i++)
        alias_count(p, (uintptr_t)op->results[i].type);
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (const spvk_ir_block *b = op->regions[r].first; b; b = b->next)
            for (uint32_t k = 0; k < b->num_args; k++) {
                alias_count(p, (uintptr_t)b->args[k]->type);
                if (p->debug_info && b->args[k]->loc)
                    alias_count(p, (uintptr_t)b->args[k]->loc | 1u);
            }
    if (p->failed)
        return SPVK_WALK_INTERRUPT;
    if (is_streamed_child(p, op)) {
        /* Its bodies not built yet are the stream's to build: only the others are measured (the
           items they may name were counted from the context, print_aliases). */
        bool whole = true;
        for (uint32_t r = 0; r < op->num_regions; r++)
            whole &= !op->regions[r].unmaterialized;
        if (!whole) {
            for (uint32_t r = 0; r < op->num_regions && !p->failed; r++)
                for (spvk_ir_block *b = op->regions[r].first; b && !p->failed; b = b->next)
                    for (spvk_ir_op *o = b->first; o && !p->failed; o = o->next)
                        if (spvk_ir_walk(o, alias_walk_op, p) == SPVK_WALK_UNMATERIALIZED)
                            unmaterialized_met(p, spvk_ir_find_unmaterialized(o));
            return SPVK_WALK_SKIP;
        }
    }
    return SPVK_WALK_ADVANCE;
}

/* The name an alias's text suggests (MLIR's style: `!tuple`, `#array`, `!spirv_struct`), then
   a number from the second on (`#array1`). */
static void alias_name(printer *p, alias_table *at, alias_node *n, const char *body, size_t length)
{
    char prefix[40];
    bool sigil = length && (body[0] == '!' || body[0] == '#'), dot = false;
    size_t k = 0, i = sigil ? 1 : 0;
    for (; i < length && k < 32; i++) {
        char c = body[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
            break;
        dot |= c == '.';
        prefix[k++] = c == '.' ? '_' : c;
    }
    /* `!foo<...>` of an unregistered dialect: an alias named foo would take that text's place
       where it is written in full. */
    if (sigil && !dot)
        k = 0;
    if (!k || (prefix[0] >= '0' && prefix[0] <= '9')) {
        const char *fallback = length && body[0] == '[' ? "array" : length && body[0] == '{' ? "dict"
                               : length && body[0] == '"' ? "string" : length && body[0] == '(' ? "function"
                               : n->item & 1 ? "attr" : "type";
        k = strlen(fallback);
        memcpy(prefix, fallback, k);
    }
    /* Taken from an alias's name (`!tuple3` in the text) the number goes; one left at the end
       would run into the number added below. */
    while (k > 1 && ((prefix[k - 1] >= '0' && prefix[k - 1] <= '9') || prefix[k - 1] == '_'))
        k--;
    if (prefix[k - 1] >= '0' && prefix[k - 1] <= '9')
        prefix[k++] = '_';
    /* How many aliases were named with this prefix before (at->names holds each prefix). */
    uint32_t same = 0, j = 0;
    while (j < at->num_prefixes && (at->prefixes[j].length != k ||
                                    memcmp(at->names.data + at->prefixes[j].offset, prefix, k) != 0))
        j++;
    if (j < at->num_prefixes)
        same = at->prefixes[j].count++;
    else if (grow(p, (void **)&at->prefixes, at->num_prefixes, &at->prefixes_capacity, sizeof *at->prefixes)) {
        at->prefixes[at->num_prefixes++] = (alias_prefix){(uint32_t)at->names.length, (uint32_t)k, 1};
        spvk_buffer_append(&at->names, prefix, k);
    }
    n->name_offset = (uint32_t)at->names.length;
    spvk_buffer_append(&at->names, prefix, k);
    if (same)
        spvk_buffer_append_uint(&at->names, same);
    n->name_length = (uint32_t)(at->names.length - n->name_offset);
}

/* Measures what root's text names and prints the aliases it needs, one per line, before it. */
static void print_aliases(printer *p, const spvk_ir_op *root)
{
    /* Every item that may be long is among these: with none (nearly always) nothing is walked. */
    uintptr_t *items;
    uint32_t count;
    if (!ir_context_big_items(p->ctx, &items, &count)) {
        p->failed = true;
        return;
    }
    if (!count)
        return;
    alias_table *at = spvk_alloc(p->alloc, sizeof *at);
    if (!at) {
        spvk_free(p->alloc, items, (size_t)count * sizeof *items);
        p->failed = true;
        return;
    }
    memset(at, 0, sizeof *at);
    spvk_buffer_init(&at->names, p->alloc);
    p->aliases = at;
    if (spvk_ir_walk((spvk_ir_op *)root, alias_walk_op, p) == SPVK_WALK_UNMATERIALIZED)
        unmaterialized_met(p, spvk_ir_find_unmaterialized(root));
    for (uint32_t i = 0; p->stream && !p->generic && i < count; i++)
        alias_count(p, items[i]);
    spvk_free(p->alloc, items, (size_t)count * sizeof *items);
    /* Occurrences flow from parents to children: parents come after their children in
       `finished`, so the edges are taken by parent in the reverse of that order. */
    uint32_t *first = NULL;
    alias_edge *sorted = NULL;
    if (!p->failed && at->num_edges) {
        first = spvk_alloc(p->alloc, ((size_t)at->num_nodes + 1) * sizeof *first);
        sorted = spvk_alloc(p->alloc, (size_t)at->num_edges * sizeof *sorted);
        if (!first || !sorted)
            p->failed = true;
    }
    if (first && sorted) {
        memset(first, 0, ((size_t)at->num_nodes + 1) * sizeof *first);
        for (uint32_t e = 0; e < at->num_edges; e++)
            first[at->edges[e].parent + 1]++;
        for (uint32_t i = 0; i < at->num_nodes; i++)
            first[i + 1] += first[i];
        for (uint32_t e = 0; e < at->num_edges; e++) {
            uint32_t parent = at->edges[e].parent;
            sorted[first[parent]++] = at->edges[e];
        }
        for (uint32_t i = at->num_nodes; i > 0; i--) /* back to where each parent's edges start */
            first[i] = first[i - 1];
        first[0] = 0;
        for (uint32_t f = at->num_finished; f > 0; f--) {
            uint32_t i = at->finished[f - 1];
            uint32_t occurrences = at->nodes[i].occurrences;
            for (uint32_t e = first[i]; e < first[i + 1] && occurrences; e++) {
                alias_node *c = &at->nodes[sorted[e].child];
                c->occurrences = c->occurrences + occurrences > 2 ? 2 : c->occurrences + occurrences;
            }
        }
    }
    spvk_free(p->alloc, first, first ? ((size_t)at->num_nodes + 1) * sizeof *first : 0);
    spvk_free(p->alloc, sorted, sorted ? (size_t)at->num_edges * sizeof *sorted : 0);
    /* The definitions, children first. */
    for (uint32_t f = 0; f < at->num_finished && !p->failed; f++) {
        alias_node *n = &at->nodes[at->finished[f]];
        if (n->cyclic || n->occurrences < 2 || n->size <= IR_ALIAS_MIN_TEXT || item_bound(n->item) <= IR_ALIAS_MIN_TEXT)
            continue;
        /* A type attribute's text is its type's, which has the alias. */
        const spvk_ir_attr *attr = n->item & 1 ? (const spvk_ir_attr *)(n->item & ~(uintptr_t)1) : NULL;
        if (attr && !attr->dialect && attr->kind == SPVK_ATTR_TYPE)
            continue;
        const void *item = (const void *)(n->item & ~(uintptr_t)1);
        size_t start = p->out.length;
        at->defining = item;
        if (n->item & 1)
            print_attr_text(p, item, ELIDE_NEVER);
        else
            print_type_text(p, item);
        at->defining = NULL;
        size_t length = p->out.length - start;
        char *body = spvk_alloc(p->alloc, length ? length : 1);
        if (!body || p->out.failed) {
            spvk_free(p->alloc, body, length ? length : 1);
            p->failed = true;
            break;
        }
        memcpy(body, p->out.data + start, length);
        p->out.length = start;
        n = &at->nodes[at->finished[f]];
        alias_name(p, at, n, body, length);
        ch(p, n->item & 1 ? '#' : '!');
        text_n(p, at->names.data + n->name_offset, n->name_length);
        text(p, " = ");
        text_n(p, body, length);
        ch(p, '\n');
        spvk_free(p->alloc, body, length ? length : 1);
        at->num_aliases++;
    }
    if (at->names.failed)
        p->failed = true;
    if (!at->num_aliases || p->failed) {
        alias_table_free(p, at);
        p->aliases = NULL;
    }
}

/* ---- Operations ---- */

static void print_op(printer *p, const spvk_ir_op *op);

/* spvk_ir_print_to: hands what is buffered to the writer (once a write fails, nothing more goes). */
static void flush(printer *p)
{
    if (p->out.failed)
        p->failed = true;
    else if (!p->failed && p->out.length && !p->write(p->write_user, p->out.data, p->out.length))
        p->failed = p->write_failed = true;
    p->out.length = 0;
}

static void print_streamed(printer *p, spvk_ir_op *o);
static void print_child(printer *p, spvk_ir_op *o);

static void print_trailing_location(printer *p, const spvk_ir_attr *loc)
{
    if (!p->debug_info)
        return;
    if (!loc) {
        /* IR built in memory (not parsed) may have none: MLIR's UnknownLoc. */
        text(p, " loc(unknown)");
        return;
    }
    text(p, " loc(");
    print_location_body(p, loc);
    ch(p, ')');
}

/* The predecessors of a region's blocks, for the comment after each block header: preds[start[i],
   start[i + 1]) are the labels of block i's predecessors, one per successor slot naming it (a
   cond_br to one block twice counts twice, as in MLIR's use list), in label order (MLIR sorts
   them by their numbering). */
typedef struct block_preds {
    uint32_t *start, *preds;
    size_t num_blocks, num_edges;
    uint32_t small[64];
} block_preds;

/* The label of a successor of an op in region r; UINT32_MAX when it is not one of r's blocks
   (IR printed before verification). */
static uint32_t successor_label(const printer *p, const spvk_ir_region *r, const spvk_ir_block *s)
{
    if (!s || s->region != r)
        return UINT32_MAX;
    const ptr_entry *e = block_name_entry(p, s);
    return e ? e->a : UINT32_MAX;
}

static bool block_preds_compute(printer *p, const spvk_ir_region *r, block_preds *bp)
{
    memset(bp, 0, offsetof(block_preds, small));
    size_t n = 0, edges = 0;
    for (const spvk_ir_block *b = r->first; b; b = b->next) {
        n++;
        for (const spvk_ir_op *o = b->first; o; o = o->next)
            edges += o->num_successors;
    }
    size_t words = n + 1 + edges;
    uint32_t *mem = bp->small;
    if (words > sizeof bp->small / sizeof bp->small[0] && !(mem = spvk_alloc(p->alloc, words * sizeof *mem))) {
        p->failed = true;
        return false;
    }
    bp->start = mem;
    bp->preds = mem + n + 1;
    bp->num_blocks = n;
    bp->num_edges = edges;
    memset(bp->start, 0, (n + 1) * sizeof *bp->start);
    for (const spvk_ir_block *b = r->first; b; b = b->next)
        for (const spvk_ir_op *o = b->first; o; o = o->next)
            for (uint32_t i = 0; i < o->num_successors; i++) {
                uint32_t l = successor_label(p, r, o->successors[i]);
                if (l < n)
                    bp->start[l + 1]++;
            }
    for (size_t i = 0; i < n; i++)
        bp->start[i + 1] += bp->start[i];
    /* Filled block by block in label order: each block's list comes out sorted. start[l] serves
       as the fill cursor of block l and ends as the start of block l + 1; shifted back below. */
    uint32_t label = 0;
    for (const spvk_ir_block *b = r->first; b; b = b->next, label++)
        for (const spvk_ir_op *o = b->first; o; o = o->next)
            for (uint32_t i = 0; i < o->num_successors; i++) {
                uint32_t l = successor_label(p, r, o->successors[i]);
                if (l < n)
                    bp->preds[bp->start[l]++] = label;
            }
    for (size_t i = n; i > 0; i--)
        bp->start[i] = bp->start[i - 1];
    bp->start[0] = 0;
    return true;
}

static void block_preds_release(printer *p, block_preds *bp)
{
    if (bp->start && bp->start != bp->small)
        spvk_free(p->alloc, bp->start, (bp->num_blocks + 1 + bp->num_edges) * sizeof *bp->start);
}

/* MLIR's comment after a block header: `// pred: ^bb0`, `// 2 preds: ^bb1, ^bb2`, or
   `// no predecessors` (not for the entry block). */
static void print_block_preds(printer *p, const block_preds *bp, uint32_t label, bool entry)
{
    if (!bp || label >= bp->num_blocks)
        return;
    uint32_t first = bp->start[label], count = bp->start[label + 1] - first;
    if (!count) {
        if (!entry)
            text(p, "  // no predecessors");
        return;
    }
    if (count == 1) {
        text(p, "  // pred: ^bb");
        uint_text(p, bp->preds[first]);
        return;
    }
    text(p, "  // ");
    uint_text(p, count);
    text(p, " preds: ");
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            text(p, ", ");
        text(p, "^bb");
        uint_text(p, bp->preds[first + i]);
    }
}

static void print_block(printer *p, const spvk_ir_block *b, bool header, bool terminator, const block_preds *bp,
                        uint32_t label)
{
    if (header) {
        indent(p);
        print_block_name(p, b);
        if (b->num_args) {
            ch(p, '(');
            for (uint32_t i = 0; i < b->num_args; i++) {
                if (i)
                    text(p, ", ");
                print_value(p, b->args[i]);
                text(p, ": ");
                print_type(p, b->args[i]->type);
                print_trailing_location(p, b->args[i]->loc);
            }
            ch(p, ')');
        }
        ch(p, ':');
        print_block_preds(p, bp, label, b == b->region->first);
        ch(p, '\n');
    }
    p->indent += 2;
    if (p->stream && b->region && b->region->op == p->root && !p->generic) {
        for (spvk_ir_op *o = b->first, *next; o && !p->failed; o = next) {
            next = o->next; /* the hooks may not erase o, but may change what follows */
            if (p->workers_state)
                p->workers->child(p->workers_state, o);
            else
                print_streamed(p, o);
        }
        if (p->workers_state)
            p->workers->drain(p->workers_state);
    } else {
        /* A custom form may leave out the implicit terminator (MLIR's printBlockTerminators). */
        const spvk_ir_op *end = terminator ? NULL : spvk_ir_block_terminator(b);
        for (const spvk_ir_op *o = b->first; o && o != end; o = o->next)
            print_op(p, o);
    }
    p->indent -= 2;
}

static void print_region_with(printer *p, const spvk_ir_region *r, bool entry_args, bool empty_block,
                              bool terminators)
{
    if (r->unmaterialized) {
        /* Printed as `{}` it would read back as a declaration. */
        unmaterialized_met(p, r->op);
        return;
    }
    text(p, "{\n");
    if (r->first) {
        const spvk_ir_block *entry = r->first;
        bool header = (empty_block && !entry->first) || (entry_args && entry->num_args);
        /* Predecessor comments are needed only where a header is printed. */
        block_preds bp;
        bool preds = (header || entry->next) && block_preds_compute(p, r, &bp);
        print_block(p, entry, header, terminators, preds ? &bp : NULL, 0);
        uint32_t label = 1;
        for (const spvk_ir_block *b = entry->next; b; b = b->next)
            print_block(p, b, true, terminators, preds ? &bp : NULL, label++);
        if (preds)
            block_preds_release(p, &bp);
    }
    indent(p);
    ch(p, '}');
}

static void print_region(printer *p, const spvk_ir_region *r, bool entry_args, bool empty_block)
{
    print_region_with(p, r, entry_args, empty_block, true);
}

static void print_op_name(printer *p, const spvk_ir_op *op, bool custom)
{
    const char *name = spvk_ir_op_name(op);
    if (!custom) {
        print_escaped(p, name, strlen(name));
        return;
    }
    /* The default dialect's ops print without the prefix: builtin's, unless an op around says
       otherwise (spvk_ir_op_def.default_dialect). (The first letter first: a call per op was
       1.5% of deserializing `names`.) */
    const char *dd = p->default_dialect;
    if (!dd) {
        if (name[0] == 'b' && strncmp(name, "builtin.", 8) == 0 && !strchr(name + 8, '.'))
            name += 8;
    } else {
        size_t n = strlen(dd);
        if (name[0] == dd[0] && strncmp(name, dd, n) == 0 && name[n] == '.' && !strchr(name + n + 1, '.'))
            name += n + 1;
    }
    text(p, name);
}

static void print_generic_body(printer *p, const spvk_ir_op *op)
{
    ch(p, '(');
    for (uint32_t i = 0; i < op->num_operands; i++) {
        if (i)
            text(p, ", ");
        print_value(p, op->operands[i].value);
    }
    ch(p, ')');
    if (op->num_successors) {
        ch(p, '[');
        for (uint32_t i = 0; i < op->num_successors; i++) {
            if (i)
                text(p, ", ");
            print_block_name(p, op->successors[i]);
        }
        ch(p, ']');
    }
    /* Inherent attributes are MLIR's properties: `<{...}>` before the regions, the rest after. */
    const spvk_ir_attr *d = op->attrs;
    uint32_t num_props = 0;
    if (d && d->num_attrs && op->def->num_inherent_attrs) {
        for (uint32_t i = 0; i < d->num_attrs; i++)
            num_props += is_inherent(op->def, d->names[i]);
        if (num_props) {
            bool first = true;
            text(p, " <{");
            for (uint32_t i = 0; i < d->num_attrs; i++)
                if (is_inherent(op->def, d->names[i]))
                    print_dictionary_entry(p, d->names[i], d->attrs[i], &first);
            text(p, "}>");
        }
    }
    if (op->num_regions) {
        text(p, " (");
        for (uint32_t i = 0; i < op->num_regions; i++) {
            if (i)
                text(p, ", ");
            print_region(p, &op->regions[i], true, true);
        }
        ch(p, ')');
    }
    if (d && d->num_attrs > num_props) {
        bool first = true;
        text(p, " {");
        if (num_props) {
            for (uint32_t i = 0; i < d->num_attrs; i++)
                if (!is_inherent(op->def, d->names[i]))
                    print_dictionary_entry(p, d->names[i], d->attrs[i], &first);
        } else
            print_dictionary_body(p, d, NULL, 0, &first);
        ch(p, '}');
    }
    text(p, " : (");
    for (uint32_t i = 0; i < op->num_operands; i++) {
        if (i)
            text(p, ", ");
        print_type(p, op->operands[i].value ? op->operands[i].value->type : NULL);
    }
    text(p, ") -> ");
    bool parens = op->num_results != 1 || is_function_type(op->results[0].type);
    if (parens)
        ch(p, '(');
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            text(p, ", ");
        print_type(p, op->results[i].type);
    }
    if (parens)
        ch(p, ')');
}

static void print_op(printer *p, const spvk_ir_op *op)
{
    indent(p);
    if (op->num_results)
        print_results(p, op);
    const spvk_ir_op_def *def = op->def;
    bool custom = !p->generic && def->print && !(def->traits & SPVK_TRAIT_UNREGISTERED);
    /* builtin.module's custom form has no place for operands, results or successors. */
    if (custom && def->print == spvk_ir_builtin_module_print &&
        (op->num_operands || op->num_results || op->num_successors || op->num_regions != 1))
        custom = false;
    print_op_name(p, op, custom);
    if (custom) {
        const char *saved = p->default_dialect;
        if (def->default_dialect)
            p->default_dialect = def->default_dialect;
        def->print(p, op);
        p->default_dialect = saved;
    } else
        print_generic_body(p, op);
    print_trailing_location(p, op->loc);
    ch(p, '\n');
    if (p->write && p->out.length >= PRINT_CHUNK)
        flush(p);
}

void ir_printer_append(printer *p, const spvk_buffer *text, bool failed)
{
    if (failed)
        p->failed = true;
    else
        spvk_buffer_append(&p->out, text->data, text->length);
    if (p->write && p->out.length >= PRINT_CHUNK)
        flush(p);
}

static void print_streamed(printer *p, spvk_ir_op *o)
{
    spvk_result r = p->stream->child_begin(p->stream->user, o);
    if (r != SPVK_OK) {
        p->hook_result = r;
        p->failed = true;
        return;
    }
    print_child(p, o);
    if (p->stream->child_end)
        p->stream->child_end(p->stream->user, o);
}

/* A streamed child, numbered into the child maps from the root's counters, then printed. */
static void print_child(printer *p, spvk_ir_op *o)
{
    name_scope sc = {&p->child_names, &p->names, p->child_value_base, p->child_arg_base, p->child_conflict_base};
    number_regions(p, o, false, sc, &p->child_ops, &p->child_blocks);
    p->in_child = true;
    print_op(p, o);
    p->in_child = false;
    map_clear(p, &p->child_ops);
    map_clear(p, &p->child_blocks);
    name_set_clear(&p->child_names);
}

void ir_printer_print_child(printer *p, spvk_ir_op *child) { print_child(p, child); }

/* The default dialect of the root's children (which other threads print). */
static const char *children_dialect(const printer *p)
{
    return p->root && p->root->def->default_dialect ? p->root->def->default_dialect : p->default_dialect;
}

void ir_printer_child_init(printer *p, const printer *main, spvk_ir_context *ctx, uint32_t indent)
{
    *p = *main;
    p->ctx = ctx;
    p->workers = NULL;
    p->workers_state = NULL;
    p->write = NULL;
    p->indent = indent;
    p->default_dialect = children_dialect(main);
    spvk_buffer_init(&p->out, p->alloc);
    memset(&p->child_ops, 0, sizeof p->child_ops);
    memset(&p->child_blocks, 0, sizeof p->child_blocks);
    memset(&p->child_names, 0, sizeof p->child_names);
    spvk_buffer_init(&p->child_names.pool, p->alloc);
}

void ir_printer_child_release(printer *p)
{
    map_release(p, &p->child_ops);
    map_release(p, &p->child_blocks);
    name_set_release(p, &p->child_names);
}

static void printer_init(printer *p, spvk_ir_context *ctx, const spvk_ir_print_options *options)
{
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->alloc = spvk_ir_context_allocator(ctx);
    spvk_buffer_init(&p->out, p->alloc);
    spvk_buffer_init(&p->names.pool, p->alloc);
    spvk_buffer_init(&p->child_names.pool, p->alloc);
    if (options) {
        p->generic = options->generic;
        p->debug_info = options->debug_info;
    }
}

static char *printer_finish(printer *p)
{
    alias_table_free(p, p->aliases);
    map_release(p, &p->ops);
    map_release(p, &p->blocks);
    map_release(p, &p->child_ops);
    map_release(p, &p->child_blocks);
    name_set_release(p, &p->names);
    name_set_release(p, &p->child_names);
    if (p->failed) {
        spvk_buffer_free(&p->out);
        return NULL;
    }
    return spvk_buffer_take_string(&p->out);
}

/* Generic form numbers values across sibling regions, the last first, so with streaming hooks
   every child is made whole before numbering (no memory is saved, the text is the same). */
static bool begin_all_children(printer *p, const spvk_ir_op *root)
{
    for (spvk_ir_block *b = root->regions[0].first; b; b = b->next)
        for (spvk_ir_op *o = b->first; o; o = o->next) {
            spvk_result r = p->stream->child_begin(p->stream->user, o);
            if (r != SPVK_OK) {
                p->hook_result = r;
                p->failed = true;
                return false;
            }
        }
    return true;
}

/* Verifies unless told not to (custom forms need verified IR), numbers the values and prints. */
static void print_root(printer *p, const spvk_ir_op *op, const spvk_ir_print_options *options)
{
    if (!p->generic && !(options && options->assume_verified)) {
        /* As MLIR does (unless told to assume verified IR): IR that fails verification prints in
           generic form, because custom printers may rely on what their verifiers check. The
           verifier only writes the ops' scratch fields. */
        bool streamed = options && options->stream.child_begin && op->num_regions == 1;
        spvk_result vr = SPVK_ERROR_OUT_OF_MEMORY;
        if (streamed) {
            /* The module level: the stream verifies each child as it builds it. */
            spvk_ir_verifier *v = spvk_ir_verifier_create(p->ctx, NULL);
            if (v)
                vr = spvk_ir_verifier_run_streamed(v, (spvk_ir_op *)op);
            spvk_ir_verifier_destroy(v);
        } else
            vr = spvk_ir_verify(p->ctx, (spvk_ir_op *)op, NULL);
        if (vr == SPVK_ERROR_OUT_OF_MEMORY) {
            p->failed = true;
            return;
        }
        if (vr != SPVK_OK)
            p->generic = true;
    }
    p->root = op;
    if (options && options->stream.child_begin && op->num_regions == 1) {
        p->stream = &options->stream;
        if (p->generic && !begin_all_children(p, op))
            return;
    }
    number_values(p, op);
    if (!p->failed)
        print_aliases(p, op);
    if (p->stream && !p->generic && options->threads > 1 && options->workers && !p->failed) {
        p->workers = options->workers;
        p->workers_state = p->workers->start(p, op, options->threads);
    }
    if (!p->failed)
        print_op(p, op);
    if (p->workers_state)
        p->workers->stop(p->workers_state);
    p->workers_state = NULL;
    if (p->stream && p->generic && p->stream->child_end)
        for (spvk_ir_block *b = op->regions[0].first; b; b = b->next)
            for (spvk_ir_op *o = b->first; o; o = o->next)
                p->stream->child_end(p->stream->user, o);
}

char *spvk_ir_print(spvk_ir_context *ctx, const spvk_ir_op *op, const spvk_ir_print_options *options)
{
    if (!ctx || !op)
        return NULL;
    printer pp;
    printer_init(&pp, ctx, options);
    print_root(&pp, op, options);
    if (pp.unmaterialized)
        (void)spvk_ir_unmaterialized_error(options ? options->diags : NULL, pp.unmaterialized, "it cannot be printed");
    return printer_finish(&pp);
}

spvk_result spvk_ir_print_to(spvk_ir_context *ctx, const spvk_ir_op *op, const spvk_ir_print_options *options,
                             spvk_ir_write_fn write, void *user)
{
    if (!ctx || !op || !write)
        return SPVK_ERROR_USAGE;
    printer pp;
    printer_init(&pp, ctx, options);
    pp.write = write;
    pp.write_user = user;
    print_root(&pp, op, options);
    flush(&pp);
    alias_table_free(&pp, pp.aliases);
    map_release(&pp, &pp.ops);
    map_release(&pp, &pp.blocks);
    map_release(&pp, &pp.child_ops);
    map_release(&pp, &pp.child_blocks);
    name_set_release(&pp, &pp.names);
    name_set_release(&pp, &pp.child_names);
    spvk_buffer_free(&pp.out);
    if (pp.hook_result != SPVK_OK)
        return pp.hook_result;
    if (pp.unmaterialized && !pp.write_failed)
        return spvk_ir_unmaterialized_error(options ? options->diags : NULL, pp.unmaterialized, "it cannot be printed");
    return pp.write_failed ? SPVK_ERROR_IO : pp.failed ? SPVK_ERROR_OUT_OF_MEMORY : SPVK_OK;
}

char *spvk_ir_print_type(spvk_ir_context *ctx, const spvk_ir_type *type)
{
    if (!ctx)
        return NULL;
    printer pp;
    printer_init(&pp, ctx, NULL);
    pp.limit = PRINT_ITEM_LIMIT; /* for diagnostics: a shared sub-tree may be 2^63 long */
    print_type(&pp, type);
    if (pp.out.length > pp.limit)
        text(&pp, "...");
    return printer_finish(&pp);
}

const char *spvk_ir_type_text(spvk_ir_context *ctx, const spvk_ir_type *type, char *buf, size_t size)
{
    if (!size)
        return buf;
    char *s = type ? spvk_ir_print_type(ctx, type) : NULL;
    snprintf(buf, size, "%s", s ? s : "<<NULL TYPE>>");
    if (s)
        spvk_free(spvk_ir_context_allocator(ctx), s, strlen(s) + 1);
    return buf;
}

char *spvk_ir_print_attr(spvk_ir_context *ctx, const spvk_ir_attr *attr)
{
    if (!ctx)
        return NULL;
    printer pp;
    printer_init(&pp, ctx, NULL);
    pp.limit = PRINT_ITEM_LIMIT;
    print_attr(&pp, attr, ELIDE_NEVER);
    if (pp.out.length > pp.limit)
        text(&pp, "...");
    return printer_finish(&pp);
}

/* ---- Hooks for custom forms (ir_asm.h) ---- */

spvk_ir_context *spvk_ir_printer_context(spvk_ir_printer *p) { return p->ctx; }

void(spvk_ir_print_text)(spvk_ir_printer *p, const char *s)
{
    if (s)
        text(p, s);
}

void spvk_ir_print_text_n(spvk_ir_printer *p, const char *s, size_t length) { text_n(p, s, length); }

void spvk_ir_print_int(spvk_ir_printer *p, int64_t value) { int_text(p, value); }

void spvk_ir_print_format(spvk_ir_printer *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof small)
        text_n(p, small, (size_t)n);
    else if (n >= 0 && spvk_buffer_reserve(&p->out, (size_t)n + 1)) {
        vsnprintf(p->out.data + p->out.length, (size_t)n + 1, fmt, ap2);
        p->out.length += (size_t)n;
    }
    va_end(ap2);
    va_end(ap);
}

void spvk_ir_print_value(spvk_ir_printer *p, const spvk_ir_value *v) { print_value(p, v); }
void spvk_ir_print_type_to(spvk_ir_printer *p, const spvk_ir_type *t) { print_type(p, t); }
bool spvk_ir_print_type_shared(spvk_ir_printer *p, const spvk_ir_type *t)
{
    return t && (p->aliases || p->limit) && alias_stand_in(p, t, false, false);
}
void spvk_ir_print_attr_to(spvk_ir_printer *p, const spvk_ir_attr *a) { print_attr(p, a, ELIDE_NEVER); }
void spvk_ir_print_attr_without_type(spvk_ir_printer *p, const spvk_ir_attr *a) { print_attr(p, a, ELIDE_MUST); }

void spvk_ir_print_string_literal(spvk_ir_printer *p, const char *s, size_t length)
{
    print_escaped(p, s ? s : "", s ? length : 0);
}

void spvk_ir_print_identifier(spvk_ir_printer *p, const char *s, size_t length)
{
    print_keyword_or_string(p, s, length);
}

void spvk_ir_print_symbol_name(spvk_ir_printer *p, const char *name) { print_symbol(p, name, strlen(name)); }

void spvk_ir_print_attr_dict(spvk_ir_printer *p, const spvk_ir_attr *dict, const char *const *elided,
                             uint32_t num_elided)
{
    if (!dict || dict->kind != SPVK_ATTR_DICTIONARY)
        return;
    /* Print into place only when something is left after eliding. */
    size_t mark = p->out.length;
    bool first = true;
    text(p, " {");
    print_dictionary_body(p, dict, elided, num_elided, &first);
    if (first)
        p->out.length = mark;
    else
        ch(p, '}');
}

void spvk_ir_print_attr_dict_with_keyword(spvk_ir_printer *p, const spvk_ir_attr *dict, const char *const *elided,
                                          uint32_t num_elided)
{
    if (!dict || dict->kind != SPVK_ATTR_DICTIONARY)
        return;
    size_t mark = p->out.length;
    bool first = true;
    text(p, " attributes {");
    print_dictionary_body(p, dict, elided, num_elided, &first);
    if (first)
        p->out.length = mark;
    else
        ch(p, '}');
}

void spvk_ir_print_successor(spvk_ir_printer *p, const spvk_ir_block *block) { print_block_name(p, block); }

void spvk_ir_print_successor_with_operands(spvk_ir_printer *p, const spvk_ir_block *block, const spvk_ir_op *op,
                                           uint32_t first, uint32_t count)
{
    print_block_name(p, block);
    if (!count || first + count > op->num_operands)
        return;
    ch(p, '(');
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            text(p, ", ");
        print_value(p, op->operands[first + i].value);
    }
    text(p, " : ");
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            text(p, ", ");
        const spvk_ir_value *v = op->operands[first + i].value;
        print_type(p, v ? v->type : NULL);
    }
    ch(p, ')');
}

void spvk_ir_print_region(spvk_ir_printer *p, const spvk_ir_region *r, bool print_entry_args, bool print_empty_block)
{
    print_region(p, r, print_entry_args, print_empty_block);
}

void spvk_ir_print_region_without_terminators(spvk_ir_printer *p, const spvk_ir_region *r, bool print_entry_args,
                                              bool print_empty_block)
{
    print_region_with(p, r, print_entry_args, print_empty_block, false);
}

void spvk_ir_print_block_arg(spvk_ir_printer *p, const spvk_ir_value *arg) { print_value(p, arg); }

void spvk_ir_print_newline(spvk_ir_printer *p)
{
    ch(p, '\n');
    indent(p);
}

void spvk_ir_print_optional_location(spvk_ir_printer *p, const spvk_ir_attr *loc) { print_trailing_location(p, loc); }

/* ---- builtin.module ---- */

void spvk_ir_builtin_module_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    const char *elided[] = {SPVK_IR_SYMBOL_NAME};
    if (name && !name->dialect && name->kind == SPVK_ATTR_STRING) {
        ch(p, ' ');
        print_symbol(p, name->string ? name->string : "", name->length);
    }
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, name ? 1 : 0);
    ch(p, ' ');
    if (op->num_regions)
        print_region(p, &op->regions[0], true, false);
    else
        text(p, "{\n}");
}

/* ---- Float helpers (ir_asm.h) ---- */

uint64_t spvk_ir_float_to_bits(const spvk_ir_type *type, double value)
{
    ir_float_format f;
    if (!ir_float_format_of(type, &f))
        f = (ir_float_format){64, 53, -1022, 1023, 11, 52, IR_FLOAT_IEEE, 0};
    return ir_float_to_bits(value, &f);
}

double spvk_ir_float_from_bits(const spvk_ir_type *type, uint64_t bits)
{
    ir_float_format f;
    if (!ir_float_format_of(type, &f))
        f = (ir_float_format){64, 53, -1022, 1023, 11, 52, IR_FLOAT_IEEE, 0};
    return ir_float_from_bits(bits, &f);
}
