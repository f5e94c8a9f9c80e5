/* The MLIR text parser: generic and custom operation forms, builtin types and attributes, dialect
   types and attributes through the dialects' hooks, locations, aliases (MLIR 19's AsmParser).

   Names. SSA values are looked up by name in tables scoped like MLIR's: each region opens a scope
   whose definitions disappear when it closes; a region of an operation that is isolated from
   above opens a fresh table, so names from outside are not visible and may be reused. A use
   before the definition (allowed anywhere in a region) gets a placeholder value, a block argument
   of a detached scratch block, whose uses move to the real value when the name is defined. An
   isolated scope that closes with placeholders left reports the first of them. Blocks are named
   per region the same way: a successor naming an unknown block creates it, and the region must
   define it before it closes.

   Scratch. Operations nest (a region's operations are parsed while the enclosing operation's
   state is half built), so the arrays of an operation's state live in a scratch arena released
   at the end of that operation; an array that grows moves to the top of the arena, never
   invalidating the arrays of the operations around it.

   Errors. The first error is reported (file:line:col, the source line, a caret) and stops the
   parse: every function returns failure from then on, and so do the hooks dialects call. Running
   out of memory is reported as SPVK_ERROR_OUT_OF_MEMORY. Nesting deeper than IR_MAX_DEPTH levels
   (regions, types, attributes) is an error rather than a stack overflow. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "spvkit/ir_asm.h"
#include "lazy_internal.h"
#include "dict_memo.h"
#include "ir_internal.h"
#include "text_internal.h"
#include "../support/support.h"

#define IR_MAX_DEPTH 400

/* ---- Scratch arena (mark/release) ---- */

typedef struct scratch_chunk {
    struct scratch_chunk *prev;
    size_t size, used;
} scratch_chunk;

#define SCRATCH_HEADER ((sizeof(scratch_chunk) + 15) & ~(size_t)15)
#define SCRATCH_CHUNK (256u * 1024u)

typedef struct scratch_mark {
    scratch_chunk *chunk;
    size_t used;
} scratch_mark;

/* ---- Name tables ---- */

typedef struct name_slot {
    const char *name;
    uint32_t length, hash, key;
    int32_t next; /* chain, or the free list */
    uint32_t gen;
    bool used;
    bool in_dense;  /* a name of digits (map_number) in the dense index, not the buckets */
    bool defined;   /* values and blocks: defined (not only referenced) */
    uint32_t owner; /* values: the scope (index) whose closing removes the slot */
    spvk_ir_op *op; /* values: results [first, first+count) of op ... */
    uint32_t first, count;
    spvk_ir_value *arg; /* ... or a block argument */
    int32_t fwd;        /* values: first forward-reference record */
    spvk_ir_block *block;
    const void *alias;  /* aliases: the type or attribute */
    const char *pos;    /* definition or first reference */
    uint32_t line, column;
} name_slot;

/* A name of digits in a map with a dense index: the slot by number, for the key that holds it. */
typedef struct dense_entry {
    int32_t slot; /* -1: none */
    uint32_t key;
} dense_entry;

typedef struct name_map {
    name_slot *slots;
    uint32_t num_slots, cap_slots;
    int32_t *buckets;
    uint32_t num_buckets;
    int32_t free_head;
    uint32_t live; /* slots in the buckets */
    /* Values: MLIR's printer names them %0, %1, ... and they are most of what a body defines
       and uses. A name of digits goes into the dense index when its entry is free, and into the
       buckets when another key (an enclosing isolated region) holds that number; in_hash counts
       those, so that a miss in the index needs no hashing while it is 0. */
    bool dense;
    dense_entry *index;
    uint32_t index_size;
    uint32_t in_hash;
} name_map;

/* The dense index covers numbers below this: larger ones (and any hostile size) use the buckets. */
#define DENSE_NAMES (1u << 16)

typedef struct slot_ref {
    int32_t index;
    uint32_t gen;
} slot_ref;

typedef struct forward_ref {
    spvk_ir_value *placeholder;
    uint32_t number;
    int32_t next;
    bool resolved;
    const char *name, *pos;
    uint32_t length, line, column;
} forward_ref;

typedef struct region_scope {
    uint32_t value_key; /* the isolated table's key */
    uint32_t block_key;
    uint32_t values_base; /* into value_list */
    uint32_t blocks_base; /* into block_list */
    uint32_t fwd_base;
    bool isolated;
    spvk_ir_region *region;
} region_scope;

/* An operation being parsed: its state's array capacities and its pending attributes. */
typedef struct op_frame {
    spvk_ir_op_state *state;
    uint32_t operands_cap, results_cap, successors_cap, regions_cap;
    const char **attr_names;
    const spvk_ir_attr **attr_values;
    uint32_t num_attrs, attrs_cap;
    bool isolated;
    bool lazy;                /* its regions are skipped (spvk_ir_lazy_parser) */
    uint32_t bodies_begin;    /* its skipped regions: bodies[bodies_begin, ...) */
    const char *deferred_loc; /* `loc(#alias)` naming an alias defined later */
    size_t deferred_loc_length;
    ir_token deferred_loc_token;
    uint32_t num_result_names; /* results the text binds (`%a, %b:2 = ...`), for custom forms */
} op_frame;

typedef struct deferred_loc {
    spvk_ir_op *op;
    spvk_ir_value *arg;
    const char *name;
    size_t length;
    ir_token token;
} deferred_loc;

/* A region skipped by the lazy parser: where its text is, and the arguments the op's custom
   form declared for it (`spirv.func @f(%arg0: i32)`). */
typedef struct lazy_body {
    spvk_ir_op *op;
    uint32_t region_index;
    uint32_t depth;            /* the parser's nesting depth at the region, for the same limit */
    const char *start, *end;   /* the '{' and one past its '}' */
    const char *line_start;    /* of the '{' line */
    uint32_t line;
    uint32_t args_begin, num_args; /* into body_args and body_types */
} lazy_body;

/* An op name the parser looked up (direct-mapped by the name's hash). */
#define PARSER_DEF_CACHE 512
typedef struct def_cache_entry {
    const spvk_ir_op_def *def;
    const char *default_dialect; /* a name without a prefix means this dialect's op */
    char name[62];
    uint8_t length;
    bool custom;
} def_cache_entry;

/* A dialect type's text the parser read before (direct-mapped by the text's hash): a module
   spells the same few pointer and struct types at every access chain, load and variable, and
   reading `!spirv.ptr<!spirv.struct<...>, StorageBuffer>` again costs far more than comparing
   its bytes. */
#define PARSER_TYPE_MEMO 256
typedef struct type_memo_entry {
    const char *text; /* in the parsed text, which outlives the parser's use of it */
    uint32_t length, hash;
    const spvk_ir_type *type;
} type_memo_entry;

/* A growable array of plain structs (realloc'd through the allocator). */
#define VEC(T)              \
    struct {                \
        T *items;           \
        uint32_t count, cap; \
    }

struct spvk_ir_parser {
    spvk_ir_context *ctx;
    const spvk_allocator *alloc;
    spvk_diagnostics *diags;
    const char *file;     /* for diagnostics, as given */
    const char *loc_file; /* for locations: interned */
    size_t loc_file_length;
    ir_lexer lx;
    ir_token tok;
    /* The op whose custom form is being parsed, and its name's token (MLIR's getNameLoc). */
    const spvk_ir_op_def *custom_def;
    ir_token custom_name_tok;
    bool failed;
    spvk_result result;
    uint32_t depth;
    scratch_chunk *scratch;
    scratch_chunk *scratch_spare; /* one released standard chunk, kept for the next op */
    name_map values, blocks, aliases;
    VEC(slot_ref) value_list;
    VEC(slot_ref) block_list;
    VEC(forward_ref) fwd;
    VEC(region_scope) scopes;
    VEC(op_frame) frames;
    VEC(deferred_loc) deferred;
    /* Lazy parsing (spvk_ir_lazy_parser): the bodies of isolated, non-symbol-table ops (functions)
       are skipped, recorded here and parsed on demand; op_bodies maps an op to its first body. */
    bool lazy;
    bool materializing;
    const char *text_end;
    VEC(lazy_body) bodies;
    VEC(spvk_ir_operand_ref) body_args;
    VEC(const spvk_ir_type *) body_types;
    struct {
        const spvk_ir_op **keys;
        uint32_t *values;
        uint32_t capacity, count;
    } op_bodies;
    uint32_t next_key;
    spvk_ir_block *placeholders;
    const spvk_ir_type *i64, *f64, *i1;
    const spvk_ir_attr *unit;
    /* Op names looked up, because a text repeats the same few hundred names. */
    def_cache_entry def_cache[PARSER_DEF_CACHE];
    /* The dialect whose custom op names need no prefix here (spvk_ir_op_def.default_dialect);
       NULL: builtin. */
    const char *default_dialect;
    type_memo_entry type_memo[PARSER_TYPE_MEMO];
    ir_dict_memo dict_memo; /* the dictionaries of ops' attributes as their parsers add them */
    /* Attribute names custom parsers pass (literals, mostly) and their interned copies. */
    struct {
        const char *name, *interned;
    } name_memo[32];
    bool in_memo_type;    /* reading a type that will be remembered: its parts are not */
    uint32_t alias_uses;  /* aliases resolved: a text that used one means what it says only after it */
    /* skip_region: the dialect of the last `!dialect.name<` it met, and whether that is opaque. */
    struct {
        const char *name;
        size_t length;
        char sigil;
        bool opaque;
    } last_dialect;
};

typedef spvk_ir_parser parser;

static bool vec_grow(parser *p, void *vec_items, uint32_t *cap, uint32_t need, size_t elem)
{
    void **items = (void **)vec_items;
    if (need <= *cap)
        return true;
    size_t n = *cap ? (size_t)*cap * 2 : 16;
    while (n < need)
        n *= 2;
    if (n > UINT32_MAX / 2)
        return false;
    void *q = spvk_realloc(p->alloc, *items, (size_t)*cap * elem, n * elem);
    if (!q)
        return false;
    *items = q;
    *cap = (uint32_t)n;
    return true;
}

#define VEC_PUSH(p, v, x) \
    (vec_grow((p), &(v).items, &(v).cap, (v).count + 1, sizeof *(v).items) ? ((v).items[(v).count++] = (x), true) : false)
#define VEC_FREE(p, v) spvk_free((p)->alloc, (v).items, (size_t)(v).cap * sizeof *(v).items)

/* ---- Diagnostics ---- */

static bool report_at(parser *p, const char *pos, uint32_t line, uint32_t column, const char *fmt, va_list ap)
{
    if (p->failed)
        return false;
    p->failed = true;
    p->result = SPVK_ERROR_INVALID;
    const char *line_text = NULL;
    size_t line_length = 0;
    if (!pos && line >= 1 && column >= 1) {
        /* Only a line number (a use named through a hook): find that line once, on the error path. */
        const char *s = p->lx.begin;
        for (uint32_t l = 1; l < line && s < p->text_end; s++)
            if (*s == '\n')
                l++;
        pos = s + (column - 1) <= p->text_end ? s + (column - 1) : NULL;
    }
    if (pos && column >= 1 && pos - (column - 1) >= p->lx.begin) {
        line_text = pos - (column - 1);
        const char *e = line_text;
        while (e < p->text_end && *e != '\n' && *e != '\r')
            e++;
        line_length = (size_t)(e - line_text);
        /* A caret under column 100000 of a one-line file helps nobody. */
        if (column > 4096)
            line_text = NULL, line_length = 0;
        else if (line_length > (size_t)column + 256)
            line_length = (size_t)column + 256;
    }
    char message[1024];
    vsnprintf(message, sizeof message, fmt, ap);
    if (!spvk_diag_add(p->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, p->file, line, column,
                       line_text, line_length, "%s", message))
        p->result = SPVK_ERROR_OUT_OF_MEMORY;
    return false;
}

static bool error_at(parser *p, const ir_token *t, const char *fmt, ...) SPVK_PRINTF(3, 4);
static bool error_at(parser *p, const ir_token *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_at(p, t->start, t->line, t->column, fmt, ap);
    va_end(ap);
    return false;
}

static bool error_pos(parser *p, const char *pos, uint32_t line, uint32_t column, const char *fmt, ...)
    SPVK_PRINTF(5, 6);
static bool error_pos(parser *p, const char *pos, uint32_t line, uint32_t column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_at(p, pos, line, column, fmt, ap);
    va_end(ap);
    return false;
}

/* At the current token. */
static bool verror(parser *p, const char *fmt, va_list ap) SPVK_PRINTF(2, 0);
static bool verror(parser *p, const char *fmt, va_list ap)
{
    const char *pos = p->tok.start;
    uint32_t line = p->tok.line, column = p->tok.column;
    if (p->tok.kind == TOK_EOF && pos > p->lx.begin) {
        /* As MLIR does: an error at the end points one character back, at the end of the text. */
        pos--;
        if (*pos == '\n' && line > 1) {
            const char *s = pos;
            while (s > p->lx.begin && s[-1] != '\n')
                s--;
            line--;
            column = (uint32_t)(pos - s) + 1;
        } else if (column > 1)
            column--;
    }
    return report_at(p, pos, line, column, fmt, ap);
}

static bool error(parser *p, const char *fmt, ...) SPVK_PRINTF(2, 3);
static bool error(parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(p, fmt, ap);
    va_end(ap);
    return false;
}

static bool out_of_memory(parser *p)
{
    if (p->failed && p->result == SPVK_ERROR_OUT_OF_MEMORY)
        return false;
    bool was_failed = p->failed;
    p->failed = true;
    p->result = SPVK_ERROR_OUT_OF_MEMORY;
    if (!was_failed)
        spvk_diag_add(p->diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, p->file, p->tok.line,
                      p->tok.column, NULL, 0, "out of memory");
    return false;
}

/* A NULL from the context: out of memory, or (a bug) an invalid request. */
static bool context_failure(parser *p)
{
    if (spvk_ir_context_failed(p->ctx))
        return out_of_memory(p);
    return error(p, "invalid IR construct");
}

/* ---- Tokens ---- */

static void advance(parser *p)
{
    if (p->failed) {
        /* Stay put: nothing reads tokens after an error. */
        return;
    }
    p->tok = ir_lexer_next(&p->lx);
    if (p->tok.kind == TOK_ERROR) {
        const char *at = p->lx.error_at;
        error_pos(p, at, p->tok.line, (uint32_t)(at - p->lx.line_start) + 1, "%s", p->lx.error);
    }
}

static bool at(parser *p, ir_token_kind k) { return !p->failed && p->tok.kind == k; }

static bool consume_if(parser *p, ir_token_kind k)
{
    if (!at(p, k))
        return false;
    advance(p);
    return !p->failed;
}

static bool expect(parser *p, ir_token_kind k, const char *what)
{
    if (p->failed)
        return false;
    if (p->tok.kind != k)
        return error(p, "expected %s", what);
    advance(p);
    return !p->failed;
}

static bool tok_is_keyword(const ir_token *t, const char *kw)
{
    size_t n = strlen(kw);
    return t->kind == TOK_BARE_ID && t->length == n && memcmp(t->start, kw, n) == 0;
}

static bool at_keyword(parser *p, const char *kw) { return !p->failed && tok_is_keyword(&p->tok, kw); }

/* f8E4M3FN, f4E2M1FN, ...: the small float type a bare identifier names, or NULL. */
static const ir_small_float *small_float_of(const ir_token *t)
{
    for (size_t i = 0; i < sizeof ir_small_floats / sizeof *ir_small_floats; i++)
        if (tok_is_keyword(t, ir_small_floats[i].name))
            return &ir_small_floats[i];
    return NULL;
}

/* Moves to `to` inside or after the current token and reads the next token from there. */
static void relex_from(parser *p, const char *to)
{
    ir_lexer_reset(&p->lx, to);
    advance(p);
}

static bool enter(parser *p)
{
    if (p->failed)
        return false;
    if (++p->depth > IR_MAX_DEPTH) {
        p->depth--;
        return error(p, "nesting too deep (more than %d levels)", IR_MAX_DEPTH);
    }
    return true;
}

static void leave(parser *p) { p->depth--; }

/* ---- Scratch ---- */

static void *scratch_alloc(parser *p, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (!size)
        size = 16;
    scratch_chunk *c = p->scratch;
    if (!c || c->size - c->used < size) {
        size_t n = size > SCRATCH_CHUNK / 2 ? size : SCRATCH_CHUNK;
        if (n > SIZE_MAX - SCRATCH_HEADER) {
            out_of_memory(p);
            return NULL;
        }
        scratch_chunk *nc = NULL;
        if (n == SCRATCH_CHUNK && p->scratch_spare) {
            nc = p->scratch_spare;
            p->scratch_spare = NULL;
        } else if (!(nc = spvk_alloc(p->alloc, SCRATCH_HEADER + n))) {
            out_of_memory(p);
            return NULL;
        }
        nc->prev = c;
        nc->size = n;
        nc->used = 0;
        p->scratch = c = nc;
    }
    void *r = (char *)c + SCRATCH_HEADER + c->used;
    c->used += size;
    return r;
}

static scratch_mark scratch_get_mark(parser *p)
{
    scratch_mark m = {p->scratch, p->scratch ? p->scratch->used : 0};
    return m;
}

/* A standard chunk released is kept as the spare: an op whose mark falls at the end of a chunk
   would otherwise allocate and free a chunk each time (28,000 times parsing 32,000 lines). */
static void scratch_release(parser *p, scratch_mark m)
{
    while (p->scratch && p->scratch != m.chunk) {
        scratch_chunk *c = p->scratch;
        p->scratch = c->prev;
        if (c->size == SCRATCH_CHUNK && !p->scratch_spare)
            p->scratch_spare = c;
        else
            spvk_free(p->alloc, c, SCRATCH_HEADER + c->size);
    }
    if (p->scratch)
        p->scratch->used = m.used;
}

/* Grows an array in the scratch arena from count to at least count + 1 elements. */
static bool scratch_grow(parser *p, void *array, uint32_t count, uint32_t *cap, size_t elem)
{
    void **items = (void **)array;
    if (count < *cap && *items)
        return true;
    if (count > (UINT32_MAX >> 2)) {
        error(p, "too many elements");
        return false;
    }
    uint32_t n = *cap ? *cap * 2 : 4;
    while (n <= count)
        n *= 2;
    void *q = scratch_alloc(p, (size_t)n * elem);
    if (!q)
        return false;
    if (count)
        memcpy(q, *items, (size_t)count * elem);
    *items = q;
    *cap = n;
    return true;
}

/* ---- Name tables ---- */

static uint32_t name_hash(const char *name, size_t length, uint32_t key)
{
    return spvk_hash_bytes(name, length) ^ spvk_hash_u32(key * 0x9e3779b9u + 1);
}

/* The number a name of decimal digits stands for, as MLIR's printer writes it (no leading zero),
   when it is below DENSE_NAMES. */
static inline bool map_number(const char *name, size_t length, uint32_t *number)
{
    if (length == 0 || length > 5 || (name[0] == '0' && length > 1))
        return false;
    uint32_t n = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned d = (unsigned char)name[i] - '0';
        if (d > 9)
            return false;
        n = n * 10 + d;
    }
    *number = n;
    return n < DENSE_NAMES;
}

static int32_t map_find(const name_map *m, const char *name, size_t length, uint32_t key)
{
    uint32_t n;
    if (m->dense && map_number(name, length, &n)) {
        if (n < m->index_size && m->index[n].slot >= 0 && m->index[n].key == key)
            return m->index[n].slot;
        if (m->in_hash == 0)
            return -1;
    }
    if (!m->num_buckets)
        return -1;
    uint32_t h = name_hash(name, length, key);
    for (int32_t i = m->buckets[h & (m->num_buckets - 1)]; i >= 0; i = m->slots[i].next) {
        const name_slot *s = &m->slots[i];
        if (s->hash == h && s->key == key && s->length == length && memcmp(s->name, name, length) == 0)
            return i;
    }
    return -1;
}

static bool map_rehash(parser *p, name_map *m, uint32_t nb)
{
    int32_t *b = spvk_alloc(p->alloc, (size_t)nb * sizeof *b);
    if (!b)
        return out_of_memory(p);
    for (uint32_t i = 0; i < nb; i++)
        b[i] = -1;
    for (uint32_t i = 0; i < m->num_slots; i++) {
        name_slot *s = &m->slots[i];
        if (!s->used || s->in_dense)
            continue;
        uint32_t j = s->hash & (nb - 1);
        s->next = b[j];
        b[j] = (int32_t)i;
    }
    spvk_free(p->alloc, m->buckets, (size_t)m->num_buckets * sizeof *m->buckets);
    m->buckets = b;
    m->num_buckets = nb;
    return true;
}

/* Makes the dense index hold number n (grown in powers of two, entries free). */
static bool index_reserve(parser *p, name_map *m, uint32_t n)
{
    if (n < m->index_size)
        return true;
    uint32_t size = m->index_size ? m->index_size : 64;
    while (size <= n)
        size *= 2;
    dense_entry *e = spvk_realloc(p->alloc, m->index, (size_t)m->index_size * sizeof *e, (size_t)size * sizeof *e);
    if (!e)
        return out_of_memory(p);
    for (uint32_t i = m->index_size; i < size; i++)
        e[i].slot = -1;
    m->index = e;
    m->index_size = size;
    return true;
}

static int32_t map_add(parser *p, name_map *m, const char *name, size_t length, uint32_t key)
{
    if (length > UINT32_MAX) {
        error(p, "name too long");
        return -1;
    }
    uint32_t number = 0;
    bool numbered = m->dense && map_number(name, length, &number);
    if (numbered && !index_reserve(p, m, number))
        return -1;
    bool in_dense = numbered && m->index[number].slot < 0;
    if (!in_dense && m->live + 1 > m->num_buckets && !map_rehash(p, m, m->num_buckets ? m->num_buckets * 2 : 64))
        return -1;
    int32_t i;
    if (m->free_head >= 0) {
        i = m->free_head;
        m->free_head = m->slots[i].next;
    } else {
        if (m->num_slots >= (uint32_t)INT32_MAX) {
            error(p, "too many names");
            return -1;
        }
        if (!vec_grow(p, &m->slots, &m->cap_slots, m->num_slots + 1, sizeof *m->slots)) {
            out_of_memory(p);
            return -1;
        }
        i = (int32_t)m->num_slots++;
        m->slots[i].gen = 0;
    }
    name_slot *s = &m->slots[i];
    uint32_t gen = s->gen + 1;
    memset(s, 0, sizeof *s);
    s->gen = gen;
    s->used = true;
    s->name = name;
    s->length = (uint32_t)length;
    s->key = key;
    s->fwd = -1;
    if (in_dense) {
        s->in_dense = true;
        m->index[number].slot = i;
        m->index[number].key = key;
        return i;
    }
    m->in_hash += numbered;
    s->hash = name_hash(name, length, key);
    uint32_t j = s->hash & (m->num_buckets - 1);
    s->next = m->buckets[j];
    m->buckets[j] = i;
    m->live++;
    return i;
}

static void map_remove(name_map *m, int32_t i)
{
    name_slot *s = &m->slots[i];
    if (!s->used)
        return;
    uint32_t number = 0;
    bool numbered = m->dense && map_number(s->name, s->length, &number);
    if (s->in_dense) {
        m->index[number].slot = -1;
    } else {
        int32_t *link = &m->buckets[s->hash & (m->num_buckets - 1)];
        while (*link != i)
            link = &m->slots[*link].next;
        *link = s->next;
        m->live--;
        m->in_hash -= numbered;
    }
    s->used = false;
    s->gen++;
    s->next = m->free_head;
    m->free_head = i;
}

static void map_free(parser *p, name_map *m)
{
    spvk_free(p->alloc, m->slots, (size_t)m->cap_slots * sizeof *m->slots);
    spvk_free(p->alloc, m->buckets, (size_t)m->num_buckets * sizeof *m->buckets);
    spvk_free(p->alloc, m->index, (size_t)m->index_size * sizeof *m->index);
}

/* ---- Strings ---- */

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The value of a string token (quotes and escapes removed) in scratch memory, nul-terminated. */
static char *string_value(parser *p, const ir_token *t, size_t *length)
{
    const char *s = t->start, *e = t->start + t->length;
    if (*s == '@')
        s++;
    s++;     /* opening quote */
    e--;     /* closing quote */
    char *out = scratch_alloc(p, (size_t)(e - s) + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    while (s < e) {
        char c = *s++;
        if (c != '\\') {
            out[n++] = c;
            continue;
        }
        c = *s++;
        switch (c) {
        case 'n':
            out[n++] = '\n';
            break;
        case 't':
            out[n++] = '\t';
            break;
        case '"':
        case '\\':
            out[n++] = c;
            break;
        default:
            out[n++] = (char)(hex_digit(c) * 16 + hex_digit(*s));
            s++;
            break;
        }
    }
    out[n] = 0;
    *length = n;
    return out;
}

static const char *intern(parser *p, const char *s, size_t n)
{
    const char *r = spvk_ir_intern(p->ctx, s, n);
    if (!r)
        out_of_memory(p);
    return r;
}

/* ---- Forward declarations ---- */

/* A type (key 2) or attribute (key 1) alias defined before `use`: a body the lazy parser reads
   late sees only the aliases the whole-text parse would have seen there. */
static int32_t find_alias(parser *p, const char *name, size_t n, uint32_t key, const char *use)
{
    int32_t i = map_find(&p->aliases, name, n, key);
    if (i >= 0 && p->materializing && p->aliases.slots[i].pos > use)
        return -1;
    p->alias_uses += i >= 0;
    return i;
}

static const spvk_ir_type *parse_type(parser *p);
static const spvk_ir_attr *make_attr(parser *p, const spvk_ir_attr_desc *d);
static const spvk_ir_attr *parse_attr(parser *p, const spvk_ir_type *type);
static const spvk_ir_attr *parse_location_body(parser *p, bool top, ir_token *deferred);
static bool parse_region_into(parser *p, spvk_ir_region *region, const spvk_ir_operand_ref *args,
                              const spvk_ir_type *const *types, uint32_t num_args, bool isolated);
static bool parse_operation(parser *p, spvk_ir_block *block);
static bool resolve_deferred_locations(parser *p);

/* ---- Locations ---- */

static const spvk_ir_attr *file_loc(parser *p, uint32_t line, uint32_t column)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_LOCATION;
    d.flags = SPVK_LOC_FILE;
    d.string = p->loc_file;
    d.length = p->loc_file_length;
    d.value = line;
    d.value2 = column;
    const spvk_ir_attr *a = spvk_ir_attr_get(p->ctx, &d);
    if (!a)
        context_failure(p);
    return a;
}

/* The location line:column of the text as one op or block argument owns it (ir_attr_is_owned), in
   *here: what it is given to copies it into its own allocation. A uniqued one per parsed op
   would be a table entry each, never freed, and one per function taken under the shared
   tables' lock on every thread that parses. */
static const spvk_ir_attr *owned_file_loc(const parser *p, uint32_t line, uint32_t column, spvk_ir_attr *here)
{
    memset(here, 0, sizeof *here);
    here->kind = SPVK_ATTR_LOCATION;
    here->flags = SPVK_LOC_FILE;
    here->hash = 0; /* owned */
    here->value = line;
    here->value2 = column;
    here->string = p->loc_file;
    here->length = (uint32_t)p->loc_file_length;
    return here;
}

static bool is_location(const spvk_ir_attr *a) { return a && !a->dialect && a->kind == SPVK_ATTR_LOCATION; }

/* MLIR's FusedLoc::get: nested fused locations with the same metadata are flattened, unknown and
   repeated ones dropped; none left is unknown (without metadata), one left is itself. items is a
   scratch array with room for cap entries. */
static const spvk_ir_attr *make_fused(parser *p, const spvk_ir_attr **items, uint32_t n, uint32_t cap,
                                      const spvk_ir_attr *metadata)
{
    const spvk_ir_attr **out = NULL;
    uint32_t m = 0, out_cap = 0;
    (void)cap;
    for (uint32_t i = 0; i < n; i++) {
        const spvk_ir_attr *l = items[i];
        const spvk_ir_attr *const *parts = &items[i];
        uint32_t count = 1;
        if (SPVK_LOC_KIND(l) == SPVK_LOC_FUSED) {
            bool has_meta = (l->flags & SPVK_LOC_FUSED_METADATA) != 0;
            const spvk_ir_attr *meta = has_meta && l->num_attrs ? l->attrs[l->num_attrs - 1] : NULL;
            if (meta == metadata) {
                parts = l->attrs;
                count = l->num_attrs - (has_meta ? 1 : 0);
            }
        }
        for (uint32_t k = 0; k < count; k++) {
            const spvk_ir_attr *x = parts[k];
            if (SPVK_LOC_KIND(x) == SPVK_LOC_UNKNOWN && x->kind == SPVK_ATTR_LOCATION)
                continue;
            bool seen = false;
            for (uint32_t j = 0; j < m && !seen; j++)
                seen = out[j] == x;
            if (seen)
                continue;
            if (!scratch_grow(p, &out, m, &out_cap, sizeof *out))
                return NULL;
            out[m++] = x;
        }
    }
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_LOCATION;
    if (!m && !metadata) {
        d.flags = SPVK_LOC_UNKNOWN;
        return make_attr(p, &d);
    }
    if (m == 1 && !metadata)
        return out[0];
    if (!m) {
        d.flags = SPVK_LOC_UNKNOWN;
        const spvk_ir_attr *u = make_attr(p, &d);
        if (!u || !scratch_grow(p, &out, m, &out_cap, sizeof *out))
            return NULL;
        out[m++] = u;
    }
    if (metadata) {
        if (!scratch_grow(p, &out, m, &out_cap, sizeof *out))
            return NULL;
        out[m++] = metadata;
    }
    d.flags = SPVK_LOC_FUSED | (metadata ? SPVK_LOC_FUSED_METADATA : 0);
    d.attrs = out;
    d.num_attrs = m;
    return make_attr(p, &d);
}

/* location ::= `unknown` | string (`:` int `:` int | `(` location `)`)? | `callsite` `(` location `at`
   location `)` | `fused` (`<` attr `>`)? `[` location-list `]` | #alias. When top is set (directly
   inside an op's trailing loc(...)), an alias not yet defined is handed back in *deferred. */
static const spvk_ir_attr *parse_location_body(parser *p, bool top, ir_token *deferred)
{
    if (!enter(p))
        return NULL;
    const spvk_ir_attr *result = NULL;
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_LOCATION;
    if (at(p, TOK_HASH_ID)) {
        ir_token t = p->tok;
        int32_t i = find_alias(p, t.start + 1, t.length - 1, 1, t.start);
        advance(p);
        if (i < 0) {
            if (top && deferred) {
                *deferred = t;
                leave(p);
                return NULL;
            }
            error_at(p, &t, "undefined symbol alias id '%.*s'", (int)(t.length - 1), t.start + 1);
        } else if (!is_location(p->aliases.slots[i].alias)) {
            error_at(p, &t, "expected location, but found an alias of another attribute");
        } else {
            result = p->aliases.slots[i].alias;
        }
        leave(p);
        return result;
    }
    if (at_keyword(p, "unknown")) {
        advance(p);
        d.flags = SPVK_LOC_UNKNOWN;
        result = spvk_ir_attr_get(p->ctx, &d);
    } else if (at_keyword(p, "callsite")) {
        advance(p);
        const spvk_ir_attr *callee = NULL, *caller = NULL;
        if (expect(p, TOK_LPAREN, "'(' in callsite location") && (callee = parse_location_body(p, false, NULL))) {
            if (!at_keyword(p, "at"))
                error(p, "expected 'at' in callsite location");
            else {
                advance(p);
                caller = parse_location_body(p, false, NULL);
                if (caller && expect(p, TOK_RPAREN, "')' in callsite location")) {
                    const spvk_ir_attr *kids[2] = {callee, caller};
                    d.flags = SPVK_LOC_CALLSITE;
                    d.attrs = kids;
                    d.num_attrs = 2;
                    result = spvk_ir_attr_get(p->ctx, &d);
                }
            }
        }
    } else if (at_keyword(p, "fused")) {
        advance(p);
        const spvk_ir_attr *metadata = NULL;
        if (consume_if(p, TOK_LESS)) {
            metadata = parse_attr(p, NULL);
            if (metadata)
                expect(p, TOK_GREATER, "'>' after fused location metadata");
        }
        scratch_mark mark = scratch_get_mark(p);
        const spvk_ir_attr **items = NULL;
        uint32_t n = 0, cap = 0;
        if (!p->failed && expect(p, TOK_LSQUARE, "'[' in fused location")) {
            if (!at(p, TOK_RSQUARE)) {
                do {
                    const spvk_ir_attr *l = parse_location_body(p, false, NULL);
                    if (!l || !scratch_grow(p, &items, n, &cap, sizeof *items))
                        break;
                    items[n++] = l;
                } while (consume_if(p, TOK_COMMA));
            }
            if (!p->failed && expect(p, TOK_RSQUARE, "']' in fused location"))
                result = make_fused(p, items, n, cap, metadata);
        }
        scratch_release(p, mark);
    } else if (at(p, TOK_STRING)) {
        ir_token t = p->tok;
        scratch_mark mark = scratch_get_mark(p);
        size_t n;
        char *s = string_value(p, &t, &n);
        advance(p);
        if (s && !p->failed) {
            d.string = s;
            d.length = n;
            if (consume_if(p, TOK_COLON)) {
                int64_t line, col;
                if (spvk_ir_parse_integer(p, &line) && expect(p, TOK_COLON, "':' in file location") &&
                    spvk_ir_parse_integer(p, &col)) {
                    if (line < 0 || col < 0 || line > UINT32_MAX || col > UINT32_MAX)
                        error(p, "file location line or column out of range");
                    else {
                        d.flags = SPVK_LOC_FILE;
                        d.value = line;
                        d.value2 = col;
                        result = spvk_ir_attr_get(p->ctx, &d);
                    }
                }
            } else if (consume_if(p, TOK_LPAREN)) {
                const spvk_ir_attr *child = parse_location_body(p, false, NULL);
                if (child && expect(p, TOK_RPAREN, "')' after child location")) {
                    d.flags = SPVK_LOC_NAME;
                    d.attrs = &child;
                    d.num_attrs = 1;
                    result = spvk_ir_attr_get(p->ctx, &d);
                }
            } else if (!p->failed) {
                d.flags = SPVK_LOC_NAME;
                result = spvk_ir_attr_get(p->ctx, &d);
            }
        }
        scratch_release(p, mark);
    } else {
        error(p, "expected location instance");
    }
    if (!result && !p->failed)
        context_failure(p);
    leave(p);
    return p->failed ? NULL : result;
}

/* `loc` `(` location `)`, the keyword already seen. */
static const spvk_ir_attr *parse_loc_attr(parser *p, ir_token *deferred)
{
    advance(p); /* loc */
    if (!expect(p, TOK_LPAREN, "'(' in inline location"))
        return NULL;
    ir_token dt = {0};
    const spvk_ir_attr *l = parse_location_body(p, true, deferred ? &dt : NULL);
    if (p->failed)
        return NULL;
    if (!expect(p, TOK_RPAREN, "')' in inline location"))
        return NULL;
    if (!l && deferred)
        *deferred = dt;
    return l;
}

/* ---- Types ---- */

static const spvk_ir_type *make_type(parser *p, const spvk_ir_type_desc *d)
{
    if (p->failed)
        return NULL;
    const spvk_ir_type *t = spvk_ir_type_get(p->ctx, d);
    if (!t)
        context_failure(p);
    return t;
}

/* The width of an integer type keyword [su]?i[0-9]+, or -1. */
static int64_t int_type_width(const ir_token *t, int *signedness)
{
    const char *s = t->start;
    size_t n = t->length;
    *signedness = SPVK_INT_SIGNLESS;
    if (n >= 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i') {
        *signedness = s[0] == 's' ? SPVK_INT_SIGNED : SPVK_INT_UNSIGNED;
        s += 2;
        n -= 2;
    } else if (n >= 1 && s[0] == 'i') {
        s += 1;
        n -= 1;
    } else
        return -1;
    if (!n)
        return -1;
    int64_t w = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        if (w < (INT64_C(1) << 40))
            w = w * 10 + (s[i] - '0');
    }
    return w;
}

static bool is_type_keyword(const ir_token *t)
{
    static const char *const kws[] = {"f16",   "bf16",   "f32",    "f64",     "f80",   "f128",
                                      "tf32",  "index",  "none",   "vector",  "tensor", "memref",
                                      "complex", "tuple"};
    if (t->kind != TOK_BARE_ID)
        return false;
    int sg;
    if (int_type_width(t, &sg) >= 0)
        return true;
    for (size_t i = 0; i < sizeof kws / sizeof *kws; i++)
        if (tok_is_keyword(t, kws[i]))
            return true;
    if (t->length >= 2 && t->start[0] == 'f' && t->start[1] == '8')
        return true; /* the f8E* family (those spvkit lacks are recognised to give a clear error) */
    return small_float_of(t) != NULL;
}

static bool at_type_start(parser *p)
{
    return !p->failed && (p->tok.kind == TOK_BANG_ID || p->tok.kind == TOK_LPAREN || is_type_keyword(&p->tok));
}

/* Consumes the 'x' of a dimension list, splitting a token like `x8xf32`. */
static bool parse_x(parser *p)
{
    if (p->failed)
        return false;
    if (p->tok.kind == TOK_BARE_ID && p->tok.start[0] == 'x') {
        if (p->tok.length == 1)
            advance(p);
        else
            relex_from(p, p->tok.start + 1);
        return !p->failed;
    }
    return error(p, "expected 'x' in dimension list");
}

/* One dimension (an integer, or `?` when dynamic allowed); handles `0x..` lexed as hex. */
static bool parse_dimension(parser *p, int64_t *dim, bool allow_dynamic)
{
    if (allow_dynamic && at(p, TOK_QUESTION)) {
        advance(p);
        *dim = SPVK_DYNAMIC;
        return !p->failed;
    }
    if (!at(p, TOK_INTEGER))
        return error(p, "expected dimension size");
    if (p->tok.length > 1 && p->tok.start[0] == '0' && (p->tok.start[1] == 'x' || p->tok.start[1] == 'X')) {
        /* `0xf32`: a zero dimension, then the 'x'. */
        *dim = 0;
        relex_from(p, p->tok.start + 1);
        return !p->failed;
    }
    int64_t v = 0;
    for (size_t i = 0; i < p->tok.length; i++) {
        if (v > (INT64_MAX - 9) / 10)
            return error(p, "invalid dimension");
        v = v * 10 + (p->tok.start[i] - '0');
    }
    *dim = v;
    advance(p);
    return !p->failed;
}

/* dims ::= (dimension `x`)*, stopping at the first token that is no dimension. Shapes collect in
   scratch. */
static bool parse_shape(parser *p, int64_t **dims, uint32_t *rank, bool allow_dynamic, uint16_t *scalable)
{
    uint32_t cap = 0;
    *rank = 0;
    *dims = NULL;
    if (scalable)
        *scalable = 0;
    for (;;) {
        bool is_scalable = false;
        if (scalable && at(p, TOK_LSQUARE)) {
            advance(p);
            is_scalable = true;
        } else if (!(at(p, TOK_INTEGER) || (allow_dynamic && at(p, TOK_QUESTION))))
            break;
        int64_t d = 0;
        if (!parse_dimension(p, &d, allow_dynamic))
            return false;
        if (is_scalable) {
            if (!expect(p, TOK_RSQUARE, "']' after scalable dimension"))
                return false;
            if (*rank >= 16)
                return error(p, "too many dimensions for scalable flags");
            *scalable |= (uint16_t)(1u << *rank);
        }
        if (!scratch_grow(p, dims, *rank, &cap, sizeof **dims))
            return false;
        (*dims)[(*rank)++] = d;
        if (!parse_x(p))
            return false;
    }
    return !p->failed;
}

static bool is_int_or_index_or_float(const spvk_ir_type *t)
{
    return t && !t->dialect && (t->kind == SPVK_TYPE_INTEGER || t->kind == SPVK_TYPE_INDEX || t->kind == SPVK_TYPE_FLOAT);
}

static const spvk_ir_type *parse_vector_type(parser *p)
{
    if (!expect(p, TOK_LESS, "'<' in vector type"))
        return NULL;
    int64_t *dims;
    uint32_t rank;
    uint16_t scalable;
    if (!parse_shape(p, &dims, &rank, false, &scalable))
        return NULL;
    for (uint32_t i = 0; i < rank; i++)
        if (dims[i] <= 0)
            return error(p, "vector types must have positive constant sizes"), NULL;
    ir_token et = p->tok;
    const spvk_ir_type *elem = parse_type(p);
    if (!elem)
        return NULL;
    if (!is_int_or_index_or_float(elem))
        return error_at(p, &et, "vector elements must be int/index/float type"), NULL;
    if (!expect(p, TOK_GREATER, "'>' in vector type"))
        return NULL;
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_VECTOR;
    d.flags = scalable;
    d.types = &elem;
    d.num_types = 1;
    d.ints = dims;
    d.num_ints = rank;
    return make_type(p, &d);
}

static bool is_layout_attr(const spvk_ir_attr *a)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_OPAQUE || !a->string)
        return false;
    return (a->length >= 10 && memcmp(a->string, "affine_map", 10) == 0) ||
           (a->length >= 7 && memcmp(a->string, "strided", 7) == 0);
}

/* affine_map<(d0, ..., dN-1) -> (d0, ..., dN-1)>: MLIR leaves the identity out of a memref type. */
static bool is_identity_affine_map(const spvk_ir_attr *a, uint32_t rank)
{
    if (!a || a->dialect || a->kind != SPVK_ATTR_OPAQUE || a->length < 10 || memcmp(a->string, "affine_map", 10) != 0)
        return false;
    /* Compare with the spaces left out: "<(d0,d1)->(d0,d1)>". */
    char expect[64];
    size_t en = 0;
    for (int part = 0; part < 2; part++) {
        if (part && en + 2 < sizeof expect) {
            expect[en++] = '-';
            expect[en++] = '>';
        }
        if (en + 1 >= sizeof expect)
            return false;
        expect[en++] = '(';
        for (uint32_t i = 0; i < rank; i++) {
            int k = snprintf(expect + en, sizeof expect - en, i ? ",d%u" : "d%u", (unsigned)i);
            if (k < 0 || (size_t)k >= sizeof expect - en - 1)
                return false;
            en += (size_t)k;
        }
        expect[en++] = ')';
    }
    size_t j = 0;
    const char *s = a->string + 10, *e = a->string + a->length;
    if (s == e || *s++ != '<')
        return false;
    for (; s < e - 1; s++) {
        if (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
            continue;
        if (j >= en || *s != expect[j])
            return false;
        j++;
    }
    return j == en && s < e && *s == '>';
}

/* tensor<dims x type (, encoding)?> and memref<dims x type (, layout)? (, space)?> */
static const spvk_ir_type *parse_shaped_type(parser *p, uint16_t kind)
{
    if (!expect(p, TOK_LESS, kind == SPVK_TYPE_TENSOR ? "'<' in tensor type" : "'<' in memref type"))
        return NULL;
    int64_t *dims = NULL;
    uint32_t rank = 0;
    uint16_t flags = 0;
    if (at(p, TOK_STAR)) {
        advance(p);
        flags = SPVK_SHAPE_UNRANKED;
        if (!parse_x(p))
            return NULL;
    } else if (!parse_shape(p, &dims, &rank, true, NULL))
        return NULL;
    const spvk_ir_type *elem = parse_type(p);
    if (!elem)
        return NULL;
    const spvk_ir_attr *attrs[2] = {NULL, NULL};
    uint32_t num_attrs = 0;
    if (kind == SPVK_TYPE_TENSOR) {
        if (consume_if(p, TOK_COMMA)) {
            if (flags)
                return error(p, "cannot apply encoding to unranked tensor"), NULL;
            attrs[0] = parse_attr(p, NULL);
            if (!attrs[0])
                return NULL;
            num_attrs = 1;
        }
    } else {
        bool have_space = false;
        while (consume_if(p, TOK_COMMA)) {
            ir_token t = p->tok;
            const spvk_ir_attr *a = parse_attr(p, NULL);
            if (!a)
                return NULL;
            if (have_space)
                return error_at(p, &t, "expected '>' after memory space"), NULL;
            if (is_layout_attr(a) && !flags && num_attrs == 0) {
                attrs[0] = is_identity_affine_map(a, rank) ? NULL : a;
                num_attrs = 1;
            } else {
                attrs[1] = a;
                num_attrs = 2;
                have_space = true;
            }
        }
    }
    if (!expect(p, TOK_GREATER, kind == SPVK_TYPE_TENSOR ? "'>' in tensor type" : "'>' in memref type"))
        return NULL;
    while (num_attrs > 0 && !attrs[num_attrs - 1])
        num_attrs--; /* a left-out identity layout: the same type as none written */
    spvk_ir_type_desc d = {0};
    d.kind = kind;
    d.flags = flags;
    d.types = &elem;
    d.num_types = 1;
    d.ints = dims;
    d.num_ints = rank;
    d.attrs = attrs;
    d.num_attrs = num_attrs;
    return make_type(p, &d);
}

/* `(` (type (`,` type)*)? `)` into a scratch array. */
static bool parse_type_list_parens(parser *p, const spvk_ir_type ***types, uint32_t *count)
{
    uint32_t cap = 0;
    *types = NULL;
    *count = 0;
    if (!expect(p, TOK_LPAREN, "'('"))
        return false;
    if (consume_if(p, TOK_RPAREN))
        return true;
    do {
        const spvk_ir_type *t = parse_type(p);
        if (!t || !scratch_grow(p, types, *count, &cap, sizeof **types))
            return false;
        (*types)[(*count)++] = t;
    } while (consume_if(p, TOK_COMMA));
    return expect(p, TOK_RPAREN, "')' in type list");
}

static const spvk_ir_type *parse_function_type(parser *p)
{
    scratch_mark mark = scratch_get_mark(p);
    const spvk_ir_type **inputs, **results = NULL;
    uint32_t ni, nr = 0;
    const spvk_ir_type *t = NULL;
    if (parse_type_list_parens(p, &inputs, &ni) && expect(p, TOK_ARROW, "'->' in function type")) {
        bool ok;
        if (at(p, TOK_LPAREN))
            ok = parse_type_list_parens(p, &results, &nr);
        else {
            const spvk_ir_type *r = parse_type(p);
            ok = r != NULL;
            if (ok) {
                results = scratch_alloc(p, sizeof *results);
                ok = results != NULL;
                if (ok) {
                    results[0] = r;
                    nr = 1;
                }
            }
        }
        if (ok) {
            t = spvk_ir_function_type(p->ctx, inputs, ni, results, nr);
            if (!t)
                context_failure(p);
        }
    }
    scratch_release(p, mark);
    return p->failed ? NULL : t;
}

static const spvk_ir_type *parse_balanced_opaque_type(parser *p, const ir_token *t, size_t skip);

static const char *memo_type_end(parser *p);
static bool ends_at(const parser *p, const char *end);

/* `!` types: an alias, a registered dialect's type, or (allowed unregistered) an opaque one. */
static const spvk_ir_type *parse_bang_type(parser *p)
{
    ir_token t = p->tok;
    const char *name = t.start + 1;
    size_t n = t.length - 1;
    const char *dot = memchr(name, '.', n);
    if (!dot) {
        int32_t i = find_alias(p, name, n, 2, t.start);
        if (i >= 0) {
            advance(p);
            return p->failed ? NULL : p->aliases.slots[i].alias;
        }
    }
    size_t dn = dot ? (size_t)(dot - name) : n;
    const spvk_ir_dialect *dialect = spvk_ir_dialect_lookup(p->ctx, name, dn);
    if (dialect && dialect->parse_type) {
        type_memo_entry *memo = NULL;
        const char *end = p->in_memo_type ? NULL : memo_type_end(p);
        uint32_t length = end ? (uint32_t)(end - t.start) : 0;
        uint32_t h = end ? spvk_hash_bytes(t.start, length) : 0;
        if (end) {
            memo = &p->type_memo[h & (PARSER_TYPE_MEMO - 1)];
            if (memo->type && memo->hash == h && memo->length == length && memcmp(memo->text, t.start, length) == 0) {
                relex_from(p, end);
                return p->failed ? NULL : memo->type;
            }
        }
        /* The dialect reads from just after "!dialect." (or at '<' for `!dialect<...>`). */
        relex_from(p, dot ? dot + 1 : name + dn);
        if (p->failed)
            return NULL;
        ir_token body = p->tok;
        uint32_t alias_uses = p->alias_uses;
        bool outer = p->in_memo_type; /* a part of a type that will be remembered is not */
        p->in_memo_type = outer || memo != NULL;
        const spvk_ir_type *r = dialect->parse_type(p);
        p->in_memo_type = outer;
        if (!r && !p->failed)
            error_at(p, &body, "failed to parse '%s' dialect type", dialect->name);
        if (p->failed)
            return NULL;
        /* Remembered only when the dialect read exactly the balanced text and no alias. */
        if (memo && p->alias_uses == alias_uses && ends_at(p, end)) {
            memo->text = t.start;
            memo->length = length;
            memo->hash = h;
            memo->type = r;
        }
        return r;
    }
    if (!dot && !(p->lx.cur < p->lx.end && *p->lx.cur == '<'))
        return error(p, "undefined symbol alias id '%.*s'", (int)n, name), NULL;
    if (!spvk_ir_context_allows_unregistered(p->ctx))
        return error(p, "dialect '%.*s' is not registered", (int)dn, name), NULL;
    return parse_balanced_opaque_type(p, &t, 1);
}

static const spvk_ir_type *parse_type(parser *p)
{
    if (p->failed)
        return NULL;
    if (!enter(p))
        return NULL;
    const spvk_ir_type *result = NULL;
    ir_token t = p->tok;
    if (t.kind == TOK_LPAREN) {
        result = parse_function_type(p);
    } else if (t.kind == TOK_BANG_ID) {
        result = parse_bang_type(p);
    } else if (t.kind == TOK_BARE_ID) {
        int sg;
        int64_t w = int_type_width(&t, &sg);
        if (w >= 0) {
            advance(p);
            if (w > 16777215)
                error_at(p, &t, "integer bitwidth is limited to 16777215 bits");
            else {
                result = spvk_ir_integer_type(p->ctx, (uint32_t)w, sg);
                if (!result)
                    context_failure(p);
            }
        } else if (tok_is_keyword(&t, "f16") || tok_is_keyword(&t, "f32") || tok_is_keyword(&t, "f64") ||
                   tok_is_keyword(&t, "f80") || tok_is_keyword(&t, "f128")) {
            advance(p);
            uint32_t width = 0;
            for (size_t i = 1; i < t.length; i++)
                width = width * 10 + (uint32_t)(t.start[i] - '0');
            result = spvk_ir_float_type(p->ctx, width, SPVK_FLOAT_IEEE);
        } else if (tok_is_keyword(&t, "bf16")) {
            advance(p);
            result = spvk_ir_float_type(p->ctx, 16, SPVK_FLOAT_BF16);
        } else if (tok_is_keyword(&t, "tf32")) {
            advance(p);
            result = spvk_ir_float_type(p->ctx, 19, SPVK_FLOAT_TF32);
        } else if (t.length >= 6 && small_float_of(&t)) {
            const ir_small_float *sf = small_float_of(&t);
            advance(p);
            result = spvk_ir_float_type(p->ctx, sf->width, sf->encoding);
        } else if (tok_is_keyword(&t, "index")) {
            advance(p);
            result = spvk_ir_index_type(p->ctx);
        } else if (tok_is_keyword(&t, "none")) {
            advance(p);
            result = spvk_ir_none_type(p->ctx);
        } else if (tok_is_keyword(&t, "vector")) {
            advance(p);
            result = parse_vector_type(p);
        } else if (tok_is_keyword(&t, "tensor")) {
            advance(p);
            result = parse_shaped_type(p, SPVK_TYPE_TENSOR);
        } else if (tok_is_keyword(&t, "memref")) {
            advance(p);
            result = parse_shaped_type(p, SPVK_TYPE_MEMREF);
        } else if (tok_is_keyword(&t, "complex")) {
            advance(p);
            const spvk_ir_type *e = NULL;
            if (expect(p, TOK_LESS, "'<' in complex type") && (e = parse_type(p)) &&
                expect(p, TOK_GREATER, "'>' in complex type")) {
                spvk_ir_type_desc d = {0};
                d.kind = SPVK_TYPE_COMPLEX;
                d.types = &e;
                d.num_types = 1;
                result = make_type(p, &d);
            }
        } else if (tok_is_keyword(&t, "tuple")) {
            advance(p);
            scratch_mark mark = scratch_get_mark(p);
            const spvk_ir_type **types = NULL;
            uint32_t n = 0, cap = 0;
            if (expect(p, TOK_LESS, "'<' in tuple type")) {
                if (!at(p, TOK_GREATER)) {
                    do {
                        const spvk_ir_type *e = parse_type(p);
                        if (!e || !scratch_grow(p, &types, n, &cap, sizeof *types))
                            break;
                        types[n++] = e;
                    } while (consume_if(p, TOK_COMMA));
                }
                if (expect(p, TOK_GREATER, "'>' in tuple type")) {
                    result = spvk_ir_tuple_type(p->ctx, types, n);
                    if (!result)
                        context_failure(p);
                }
            }
            scratch_release(p, mark);
        } else if (is_type_keyword(&t)) {
            error(p, "unsupported type '%.*s'", (int)t.length, t.start);
        } else {
            error(p, "expected non-function type");
        }
        if (!result && !p->failed)
            context_failure(p);
    } else {
        error(p, "expected non-function type");
    }
    leave(p);
    return p->failed ? NULL : result;
}

/* ---- Opaque text (attributes and types of unregistered dialects, affine maps) ---- */

/* Scans the balanced `<...>` starting at the lexer position (just after the current token) and
   returns where it ends (after the '>'), updating line tracking; NULL with an error if unbalanced. */
/* After an opening '"': where the string stops, at its closing quote, at a newline (which the
   lexer reports) or, with stop_at_nul, at a NUL. Escapes are skipped whole. */
static const char *skip_string(const char *s, const char *e, bool stop_at_nul)
{
    while (s < e && *s != '"' && *s != '\n' && !(stop_at_nul && *s == '\0')) {
        if (*s == '\\' && s + 1 < e && s[1] != '\n')
            s++;
        s++;
    }
    return s;
}

typedef enum balanced_status {
    BALANCED_OK,
    BALANCED_NUL,      /* a NUL byte */
    BALANCED_DEEP,     /* nesting beyond IR_MAX_DEPTH */
    BALANCED_MISMATCH, /* a closing bracket that closes nothing open (*bad) */
    BALANCED_OPEN      /* the text ends first */
} balanced_status;

/* A pretty dialect body from its '<' at start, with MLIR's rules: brackets nest, strings are
   skipped, the '>' of "->" closes nothing, and `//` is no comment. *end is one past the matching
   '>'; newlines are counted into *line and *line_start. The parser and the lazy parser's body
   scanner both use it, so they agree on where a body ends. */
static balanced_status skip_balanced(const char *start, const char *e, const char **end, uint32_t *line,
                                     const char **line_start, char *bad)
{
    const char *s = start;
    char stack[IR_MAX_DEPTH];
    int depth = 0;
    while (s < e) {
        char c = *s++;
        switch (c) {
        case '<':
        case '[':
        case '(':
        case '{':
            if (depth == IR_MAX_DEPTH)
                return BALANCED_DEEP;
            stack[depth++] = c == '<' ? '>' : c == '[' ? ']' : c == '(' ? ')' : '}';
            break;
        case '>':
        case ']':
        case ')':
        case '}':
            if (c == '>' && s - 2 > start && s[-2] == '-')
                break; /* the arrow of affine_map<(d0) -> (d0)> */
            if (c == '>' && s < e && *s == '=')
                break; /* the `>=` of affine_set<(d0) : (d0 >= 0)> */
            if (!depth || stack[depth - 1] != c) {
                *bad = c;
                return BALANCED_MISMATCH;
            }
            if (--depth == 0) {
                *end = s;
                return BALANCED_OK;
            }
            break;
        case '"':
            s = skip_string(s, e, true);
            if (s < e && *s == '\0')
                return BALANCED_NUL;
            if (s < e && *s == '"')
                s++;
            break;
        case '\n':
            ++*line;
            *line_start = s;
            break;
        case '\0':
            return BALANCED_NUL;
        default:
            break;
        }
    }
    return BALANCED_OPEN;
}

static const char *scan_balanced(parser *p)
{
    const char *s = p->lx.cur;
    if (s >= p->lx.end || *s != '<')
        return s;
    const char *end = NULL;
    char bad = 0;
    switch (skip_balanced(s, p->lx.end, &end, &p->lx.line, &p->lx.line_start, &bad)) {
    case BALANCED_OK: return end;
    case BALANCED_NUL: error(p, "unexpected nul character in dialect symbol body"); break;
    case BALANCED_DEEP: error(p, "nesting too deep in dialect symbol body"); break;
    case BALANCED_MISMATCH: error(p, "unbalanced '%c' character in pretty dialect name", bad); break;
    case BALANCED_OPEN: error(p, "unbalanced '<' in dialect symbol body"); break;
    }
    return NULL;
}

/* Where the balanced `<...>` just after the current `!dialect.name` token ends, for the type
   memo: NULL when there is none, or when it spans lines (a hit moves the lexer on the line). */
static const char *memo_type_end(parser *p)
{
    const char *s = p->lx.cur;
    if (s >= p->lx.end || *s != '<')
        return NULL;
    const char *end = NULL, *line_start = p->lx.line_start;
    uint32_t line = p->lx.line;
    char bad = 0;
    if (skip_balanced(s, p->lx.end, &end, &line, &line_start, &bad) != BALANCED_OK || line != p->lx.line ||
        end - p->tok.start > UINT32_MAX)
        return NULL;
    return end;
}

/* Whether the current token is the first after end, with only white space between. */
static bool ends_at(const parser *p, const char *end)
{
    const char *s = end;
    while (s < p->tok.start && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    return s == p->tok.start;
}

static const char *opaque_text(parser *p, const ir_token *t, size_t skip, size_t *length)
{
    /* The current token is t; its text (less `skip` sigil bytes) plus a balanced <...> body. */
    const char *end = scan_balanced(p);
    if (!end)
        return NULL;
    *length = (size_t)(end - (t->start + skip));
    relex_from(p, end);
    return p->failed ? NULL : t->start + skip;
}

static const spvk_ir_type *parse_balanced_opaque_type(parser *p, const ir_token *t, size_t skip)
{
    size_t n;
    const char *s = opaque_text(p, t, skip, &n);
    if (!s)
        return NULL;
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_OPAQUE;
    d.name = s;
    d.name_length = n;
    return make_type(p, &d);
}

/* ---- Attributes ---- */

static const spvk_ir_attr *make_attr(parser *p, const spvk_ir_attr_desc *d)
{
    if (p->failed)
        return NULL;
    const spvk_ir_attr *a = spvk_ir_attr_get(p->ctx, d);
    if (!a)
        context_failure(p);
    return a;
}

static bool is_int_type(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER; }
static bool is_index_type(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_INDEX; }
static bool is_float_type(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_FLOAT; }

/* The magnitude of an integer token (decimal or hex); false when over 64 bits. */
static bool token_magnitude(const ir_token *t, uint64_t *out, bool *hex)
{
    uint64_t v = 0;
    *hex = t->length > 2 && t->start[0] == '0' && (t->start[1] == 'x' || t->start[1] == 'X');
    if (*hex) {
        for (size_t i = 2; i < t->length; i++) {
            if (v >> 60)
                return false;
            v = v * 16 + (uint64_t)hex_digit(t->start[i]);
        }
    } else {
        for (size_t i = 0; i < t->length; i++) {
            unsigned d = (unsigned)(t->start[i] - '0');
            if (v > (UINT64_MAX - d) / 10)
                return false;
            v = v * 10 + d;
        }
    }
    *out = v;
    return true;
}

/* A number token (with its sign) as an attribute of `type`. */
static const spvk_ir_attr *number_attr(parser *p, const ir_token *t, bool negative, const ir_token *sign_or_t,
                                       const spvk_ir_type *type, const ir_token *type_tok)
{
    if (t->kind == TOK_FLOAT) {
        ir_float_format f;
        if (!is_float_type(type) || !ir_float_format_of(type, &f))
            return error_at(p, type_tok, "floating point value not valid for specified type"), NULL;
        uint64_t bits;
        if (!ir_float_parse_literal(t->start, t->length, negative, &f, &bits))
            return error_at(p, t, "invalid floating point literal"), NULL;
        const spvk_ir_attr *a = spvk_ir_float_attr(p->ctx, type, ir_float_from_bits(bits, &f));
        if (!a)
            context_failure(p);
        return a;
    }
    uint64_t mag;
    bool hex;
    bool fits = token_magnitude(t, &mag, &hex);
    if (is_float_type(type)) {
        if (!hex)
            return error_at(p, sign_or_t, "unexpected decimal integer literal for a floating point value"), NULL;
        if (negative)
            return error_at(p, t, "hexadecimal float literal should not have a leading minus"), NULL;
        ir_float_format f;
        ir_float_format_of(type, &f);
        if (!fits || (f.width < 64 && (mag >> f.width)))
            return error_at(p, t, "hexadecimal float constant out of range for type"), NULL;
        const spvk_ir_attr *a = spvk_ir_float_attr(p->ctx, type, ir_float_from_bits(mag, &f));
        if (!a)
            context_failure(p);
        return a;
    }
    if (!is_int_type(type) && !is_index_type(type))
        return error_at(p, type_tok, "integer literal not valid for specified type"), NULL;
    uint32_t w = is_index_type(type) ? 64 : type->width;
    int sg = is_index_type(type) ? SPVK_INT_SIGNED : type->flags;
    if (!fits)
        return error_at(p, t, "integer constant out of range for attribute"), NULL;
    bool ok;
    if (sg == SPVK_INT_UNSIGNED) {
        if (negative && mag)
            return error_at(p, sign_or_t, "negative integer literal not valid for unsigned integer type"), NULL;
        ok = w >= 64 ? (w == 64 || mag <= (uint64_t)INT64_MAX) : (mag >> w) == 0;
    } else if (negative) {
        uint64_t limit = w == 0 ? 0 : w >= 64 ? (UINT64_C(1) << 63) : (UINT64_C(1) << (w - 1));
        ok = mag <= limit;
    } else if (sg == SPVK_INT_SIGNED) {
        uint64_t limit = w == 0 ? 0 : w >= 64 ? (UINT64_C(1) << 63) - 1 : (UINT64_C(1) << (w - 1)) - 1;
        ok = mag <= limit;
    } else {
        ok = w >= 64 ? (w == 64 || mag <= (uint64_t)INT64_MAX) : (mag >> w) == 0;
    }
    if (!ok)
        return error_at(p, t, "integer constant out of range for attribute"), NULL;
    uint64_t bits = negative ? (uint64_t)0 - mag : mag;
    const spvk_ir_attr *a;
    if (is_int_type(type) && w == 1 && sg == SPVK_INT_SIGNLESS)
        a = spvk_ir_bool_attr(p->ctx, bits & 1);
    else
        a = spvk_ir_integer_attr(p->ctx, type, (int64_t)bits);
    if (!a)
        context_failure(p);
    return a;
}

/* [-] (integer | float) (`:` type)?  with `type` implied when given. */
static const spvk_ir_attr *parse_number(parser *p, const spvk_ir_type *type)
{
    ir_token first = p->tok;
    bool negative = consume_if(p, TOK_MINUS);
    if (p->failed)
        return NULL;
    ir_token t = p->tok;
    if (t.kind != TOK_INTEGER && t.kind != TOK_FLOAT)
        return error(p, "expected constant integer or floating point value"), NULL;
    advance(p);
    ir_token type_tok = p->tok;
    if (!type) {
        if (consume_if(p, TOK_COLON)) {
            type = parse_type(p);
            if (!type)
                return NULL;
            type_tok = p->tok; /* MLIR reports a value the type cannot hold after the type */
        } else if (p->failed)
            return NULL;
        else
            type = t.kind == TOK_FLOAT ? p->f64 : p->i64;
    }
    return number_attr(p, &t, negative, negative ? &t : &first, type, &type_tok);
}

/* One `name (= value)?` entry list in braces; pairs go to scratch arrays. */
typedef struct attr_entry {
    const char *name; /* interned */
    const spvk_ir_attr *value;
    uint32_t order;
    ir_token tok;
} attr_entry;

static bool parse_attr_entries(parser *p, attr_entry **entries, uint32_t *count)
{
    uint32_t cap = 0;
    *entries = NULL;
    *count = 0;
    if (!expect(p, TOK_LBRACE, "'{' in attribute dictionary"))
        return false;
    if (consume_if(p, TOK_RBRACE))
        return true;
    do {
        ir_token t = p->tok;
        const char *name = NULL;
        if (t.kind == TOK_STRING) {
            size_t n;
            scratch_mark mark = scratch_get_mark(p);
            char *s = string_value(p, &t, &n);
            if (s && memchr(s, 0, n))
                return error_at(p, &t, "attribute name contains a nul character");
            if (s && !n)
                return error_at(p, &t, "expected valid attribute name");
            name = s ? intern(p, s, n) : NULL;
            scratch_release(p, mark);
        } else if (t.kind == TOK_BARE_ID) {
            name = intern(p, t.start, t.length);
        } else
            return error(p, "expected attribute name");
        if (!name)
            return false;
        advance(p);
        const spvk_ir_attr *value;
        if (consume_if(p, TOK_EQUAL)) {
            value = parse_attr(p, NULL);
            if (!value)
                return false;
        } else
            value = p->unit;
        if (p->failed || !scratch_grow(p, entries, *count, &cap, sizeof **entries))
            return false;
        attr_entry *e = &(*entries)[*count];
        e->name = name;
        e->value = value;
        e->order = *count;
        e->tok = t;
        (*count)++;
    } while (consume_if(p, TOK_COMMA));
    return expect(p, TOK_RBRACE, "'}' in attribute dictionary");
}

static int entry_cmp(const attr_entry *a, const attr_entry *b)
{
    int c = a->name == b->name ? 0 : strcmp(a->name, b->name);
    if (c)
        return c;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Stable merge sort by (name, order): dictionaries can be large, insertion sort would be quadratic. */
static bool sort_entries(parser *p, attr_entry *e, uint32_t n)
{
    if (n < 2)
        return true;
    attr_entry *tmp = scratch_alloc(p, (size_t)n * sizeof *tmp);
    if (!tmp)
        return false;
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = lo + width < n ? lo + width : n;
            uint32_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = entry_cmp(&e[j], &e[i]) < 0 ? e[j++] : e[i++];
            while (i < mid)
                tmp[k++] = e[i++];
            while (j < hi)
                tmp[k++] = e[j++];
        }
        memcpy(e, tmp, (size_t)n * sizeof *e);
    }
    return true;
}

/* Sorted and without repeats; a repeat is an error when duplicates_fail, else the last one wins. */
static const spvk_ir_attr *make_dictionary(parser *p, attr_entry *e, uint32_t n, bool duplicates_fail)
{
    if (!sort_entries(p, e, n))
        return NULL;
    const char **names = scratch_alloc(p, (size_t)(n ? n : 1) * sizeof *names);
    const spvk_ir_attr **values = scratch_alloc(p, (size_t)(n ? n : 1) * sizeof *values);
    if (!names || !values)
        return NULL;
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i + 1 < n && e[i + 1].name == e[i].name) {
            if (duplicates_fail)
                return error_at(p, &e[i + 1].tok, "duplicate key '%s' in dictionary attribute", e[i].name), NULL;
            continue; /* the later one (next) wins */
        }
        names[m] = e[i].name;
        values[m++] = e[i].value;
    }
    const spvk_ir_attr *d = spvk_ir_dictionary_attr_interned(p->ctx, names, values, m); /* names: intern() */
    if (!d)
        context_failure(p);
    return d;
}

static const spvk_ir_attr *parse_dictionary(parser *p)
{
    scratch_mark mark = scratch_get_mark(p);
    attr_entry *e;
    uint32_t n;
    const spvk_ir_attr *d = NULL;
    if (parse_attr_entries(p, &e, &n))
        d = make_dictionary(p, e, n, true);
    scratch_release(p, mark);
    return p->failed ? NULL : d;
}

static const spvk_ir_attr *parse_string_attr(parser *p, const spvk_ir_type *type)
{
    ir_token t = p->tok;
    scratch_mark mark = scratch_get_mark(p);
    size_t n;
    char *s = string_value(p, &t, &n);
    advance(p);
    const spvk_ir_attr *a = NULL;
    if (s && !p->failed) {
        if (!type && consume_if(p, TOK_COLON))
            type = parse_type(p);
        if (!p->failed) {
            spvk_ir_attr_desc d = {0};
            d.kind = SPVK_ATTR_STRING;
            d.string = n ? s : "";
            d.length = n;
            d.type = type;
            if (!n) {
                d.string = intern(p, "", 0);
            }
            a = make_attr(p, &d);
        }
    }
    scratch_release(p, mark);
    return p->failed ? NULL : a;
}

/* @name or @"name": the name, nul-terminated in scratch. */
static const char *symbol_name(parser *p, size_t *n)
{
    ir_token t = p->tok;
    if (t.kind != TOK_AT_ID)
        return error(p, "expected symbol reference"), NULL;
    if (t.length > 1 && t.start[1] == '"')
        return string_value(p, &t, n);
    *n = t.length - 1;
    char *s = scratch_alloc(p, *n + 1);
    if (s) {
        memcpy(s, t.start + 1, *n);
        s[*n] = 0;
    }
    return s;
}

static const spvk_ir_attr *parse_symbol_ref(parser *p)
{
    scratch_mark mark = scratch_get_mark(p);
    const spvk_ir_attr *result = NULL;
    size_t n;
    const char *root = symbol_name(p, &n);
    if (root && !p->failed) {
        advance(p);
        const spvk_ir_attr **nested = NULL;
        uint32_t count = 0, cap = 0;
        while (!p->failed && at(p, TOK_COLON_COLON)) {
            advance(p);
            size_t m;
            const char *leaf = symbol_name(p, &m);
            if (!leaf || p->failed)
                break;
            if (!m) {
                error(p, "invalid empty symbol reference");
                break;
            }
            advance(p);
            const spvk_ir_attr *l = spvk_ir_symbol_ref_attr(p->ctx, leaf, m);
            if (!l) {
                context_failure(p);
                break;
            }
            if (!scratch_grow(p, &nested, count, &cap, sizeof *nested))
                break;
            nested[count++] = l;
        }
        if (!p->failed) {
            if (!n)
                error(p, "invalid empty symbol reference");
            else {
                spvk_ir_attr_desc d = {0};
                d.kind = SPVK_ATTR_SYMBOL_REF;
                d.string = root;
                d.length = n;
                d.attrs = nested;
                d.num_attrs = count;
                result = make_attr(p, &d);
            }
        }
    }
    scratch_release(p, mark);
    return p->failed ? NULL : result;
}

/* ---- dense<...> ---- */

typedef struct dense_elem {
    ir_token tok;   /* number, true/false */
    ir_token first; /* where the element starts (its '-') */
    bool negative;
} dense_elem;

typedef struct dense_state {
    dense_elem *elems;
    uint32_t count, cap;
    int64_t shape[64];
    uint32_t rank;
} dense_state;

/* One element or a nested list; the shape of a list is its length followed by the shape of its
   first item, and every other item must have the same shape. */
static bool parse_dense_item(parser *p, dense_state *st, int64_t *dims, uint32_t *rank)
{
    if (!enter(p))
        return false;
    bool ok = false;
    if (at(p, TOK_LSQUARE)) {
        ir_token open = p->tok;
        advance(p);
        int64_t sub[64];
        uint32_t sub_rank = 0;
        int64_t n = 0;
        bool first = true;
        if (!at(p, TOK_RSQUARE)) {
            do {
                int64_t d[64];
                uint32_t r = 0;
                if (!parse_dense_item(p, st, d, &r))
                    goto done;
                if (first) {
                    memcpy(sub, d, r * sizeof *d);
                    sub_rank = r;
                    first = false;
                } else if (r != sub_rank || memcmp(sub, d, r * sizeof *d) != 0) {
                    error_at(p, &open, "tensor literal is invalid; ranks are not consistent between elements");
                    goto done;
                }
                n++;
            } while (consume_if(p, TOK_COMMA));
        }
        if (!expect(p, TOK_RSQUARE, "']' in dense literal"))
            goto done;
        if (sub_rank + 1 > 64) {
            error_at(p, &open, "dense literal nested too deeply");
            goto done;
        }
        dims[0] = n;
        memcpy(dims + 1, sub, sub_rank * sizeof *sub);
        *rank = sub_rank + 1;
        ok = true;
    } else {
        dense_elem e;
        e.first = p->tok;
        e.negative = consume_if(p, TOK_MINUS);
        if (p->failed)
            goto done;
        e.tok = p->tok;
        if (!(at(p, TOK_INTEGER) || at(p, TOK_FLOAT) || at_keyword(p, "true") || at_keyword(p, "false"))) {
            if (at(p, TOK_LPAREN))
                error(p, "complex dense elements are not supported");
            else
                error(p, "expected element literal of primitive type");
            goto done;
        }
        if (e.negative && e.tok.kind == TOK_BARE_ID) {
            error(p, "expected integer or float after '-'");
            goto done;
        }
        advance(p);
        if (!scratch_grow(p, &st->elems, st->count, &st->cap, sizeof *st->elems))
            goto done;
        st->elems[st->count++] = e;
        *rank = 0;
        ok = true;
    }
done:
    leave(p);
    return ok && !p->failed;
}

static const spvk_ir_attr *dense_element_attr(parser *p, const dense_elem *e, const spvk_ir_type *elem_type)
{
    if (e->tok.kind == TOK_BARE_ID) {
        if (!(is_int_type(elem_type) && elem_type->width == 1))
            return error_at(p, &e->tok, "expected integer elements, but parsed boolean"), NULL;
        const spvk_ir_attr *a = spvk_ir_bool_attr(p->ctx, tok_is_keyword(&e->tok, "true"));
        if (!a)
            context_failure(p);
        return a;
    }
    if (is_int_type(elem_type) && elem_type->flags == SPVK_INT_UNSIGNED && e->negative)
        return error_at(p, &e->first, "expected unsigned integer elements, but parsed negative value"), NULL;
    if (e->tok.kind == TOK_FLOAT && !is_float_type(elem_type))
        return error_at(p, &e->tok, "expected integer elements, but parsed floating-point"), NULL;
    return number_attr(p, &e->tok, e->negative, e->negative ? &e->tok : &e->first, elem_type, &e->tok);
}

/* i1 elements in hex are packed, one bit an element from the lowest bit of the first byte up
   (MLIR's storage); one byte 0x00 or 0xFF is a splat. */
static const spvk_ir_attr *parse_dense_hex_bits(parser *p, const ir_token *t, const char *hex, size_t bytes,
                                                const spvk_ir_type *elem, int64_t count, const spvk_ir_attr ***out,
                                                uint32_t *n_out)
{
    uint32_t num;
    int first = bytes == 1 ? hex_digit(hex[0]) * 16 + hex_digit(hex[1]) : -1;
    if (first == 0 || first == 0xFF)
        num = 1;
    else if (count >= 0 && count <= UINT32_MAX && bytes == ((uint64_t)count + 7) / 8)
        num = (uint32_t)count;
    else
        return error_at(p, t, "elements hex data size is invalid for provided type"), NULL;
    const spvk_ir_attr **items = scratch_alloc(p, (size_t)num * sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < num; i++) {
        const char *h = hex + 2 * (i / 8);
        int byte = hex_digit(h[0]) * 16 + hex_digit(h[1]);
        int bit = (byte >> (i % 8)) & 1;
        items[i] = elem->flags == SPVK_INT_SIGNLESS ? spvk_ir_bool_attr(p->ctx, bit) : spvk_ir_integer_attr(p->ctx, elem, bit);
        if (!items[i])
            return context_failure(p), NULL;
    }
    *out = items;
    *n_out = num;
    return p->unit; /* success marker */
}

static const spvk_ir_attr *parse_dense_hex(parser *p, const ir_token *t, const spvk_ir_type *elem, int64_t count,
                                           const spvk_ir_attr ***out, uint32_t *n_out)
{
    size_t n;
    char *s = string_value(p, t, &n);
    if (!s)
        return NULL;
    if (n < 2 || s[0] != '0' || s[1] != 'x' || (n - 2) % 2)
        return error_at(p, t, "expected hex string literal in dense elements"), NULL;
    size_t bytes = (n - 2) / 2;
    for (size_t i = 2; i < n; i++)
        if (hex_digit(s[i]) < 0)
            return error_at(p, t, "expected hex string literal in dense elements"), NULL;
    ir_float_format ff;
    bool is_float = ir_float_format_of(elem, &ff) && is_float_type(elem);
    uint32_t width = is_index_type(elem) ? 64 : is_float ? ff.width : elem->width;
    if (is_int_type(elem) && width == 1)
        return parse_dense_hex_bits(p, t, s + 2, bytes, elem, count, out, n_out);
    if (width > 64)
        return error_at(p, t, "hex dense elements wider than 64 bits are not supported"), NULL;
    size_t esize = (width + 7) / 8;
    uint32_t num;
    if (bytes == esize)
        num = 1;
    else if (count >= 0 && bytes == esize * (uint64_t)count)
        num = (uint32_t)count;
    else
        return error_at(p, t, "elements hex data size is invalid for provided type"), NULL;
    const spvk_ir_attr **items = scratch_alloc(p, (size_t)num * sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < num; i++) {
        uint64_t v = 0;
        for (size_t b = 0; b < esize; b++) {
            const char *h = s + 2 + 2 * (i * esize + b);
            v |= (uint64_t)(hex_digit(h[0]) * 16 + hex_digit(h[1])) << (8 * b);
        }
        if (is_float)
            items[i] = spvk_ir_float_attr(p->ctx, elem, ir_float_from_bits(v, &ff));
        else
            items[i] = spvk_ir_integer_attr(p->ctx, elem, (int64_t)v);
        if (!items[i])
            return context_failure(p), NULL;
    }
    *out = items;
    *n_out = num;
    return p->unit; /* success marker */
}

/* "[2, 2]" of a shape, for messages (64 dimensions at most fit). */
static void shape_text(char *buf, size_t size, const int64_t *dims, uint32_t rank)
{
    size_t n = 0;
    n += (size_t)snprintf(buf + n, size - n, "[");
    for (uint32_t i = 0; i < rank && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, i ? ", %lld" : "%lld", (long long)dims[i]);
    if (n < size)
        snprintf(buf + n, size - n, "]");
}

static const spvk_ir_attr *parse_dense(parser *p, const spvk_ir_type *type)
{
    ir_token dense_tok = p->tok;
    advance(p); /* dense */
    if (!expect(p, TOK_LESS, "'<' after 'dense'"))
        return NULL;
    scratch_mark mark = scratch_get_mark(p);
    const spvk_ir_attr *result = NULL;
    dense_state st;
    memset(&st, 0, sizeof st);
    ir_token hex_tok = {0};
    bool is_hex = false, empty = false;
    ir_token lit = p->tok;
    if (at(p, TOK_GREATER))
        empty = true;
    else if (at(p, TOK_STRING)) {
        hex_tok = p->tok;
        is_hex = true;
        advance(p);
    } else if (!parse_dense_item(p, &st, st.shape, &st.rank))
        goto out;
    if (!expect(p, TOK_GREATER, "'>' after dense literal"))
        goto out;
    ir_token type_tok = p->tok;
    /* Shape errors are reported at `dense` when the type was given from outside, else at the
       `:` before the type (MLIR's locations). */
    ir_token shape_loc = type ? dense_tok : p->tok;
    if (!type) {
        if (!expect(p, TOK_COLON, "':' after dense literal"))
            goto out;
        type_tok = p->tok;
        type = parse_type(p);
        if (!type)
            goto out;
    }
    /* A dialect type with an element type (!spirv.coopmatrix) takes a splat: a cooperative
       matrix constant is one value in every element. */
    bool dialect_splat = type->dialect && type->num_types >= 1 && is_int_or_index_or_float(type->types[0]);
    if (dialect_splat) {
        if (is_hex || empty || st.rank != 0 || st.count != 1) {
            error_at(p, &type_tok, "a dense literal of a dialect type must be a single value (a splat)");
            goto out;
        }
    } else if (type->dialect || (type->kind != SPVK_TYPE_VECTOR && type->kind != SPVK_TYPE_TENSOR)) {
        error_at(p, &type_tok, "elements literal must be a shaped type");
        goto out;
    }
    if (type->flags & SPVK_SHAPE_UNRANKED && type->kind == SPVK_TYPE_TENSOR) {
        error_at(p, &type_tok, "elements literal type must have static shape");
        goto out;
    }
    int64_t count = 1;
    for (uint32_t i = 0; !dialect_splat && i < type->num_ints; i++) {
        if (type->ints[i] < 0) {
            error_at(p, &type_tok, "elements literal type must have static shape");
            goto out;
        }
        if (type->ints[i] && count > INT64_MAX / type->ints[i])
            count = INT64_MAX;
        else
            count *= type->ints[i];
    }
    const spvk_ir_type *elem = type->types[0];
    if (!is_int_or_index_or_float(elem)) {
        error_at(p, &type_tok, "dense elements of type other than integer, index or float are not supported");
        goto out;
    }
    const spvk_ir_attr **items = NULL;
    uint32_t n = 0;
    if (is_hex) {
        if (!parse_dense_hex(p, &hex_tok, elem, count, &items, &n))
            goto out;
    } else if (empty) {
        if (count != 0) {
            error_at(p, &lit, "parsed zero elements, but type (%s) expected at least 1", "shaped type");
            goto out;
        }
    } else {
        if (st.rank == 0 && st.count == 1) {
            /* A splat. */
        } else {
            bool same = st.rank == type->num_ints && memcmp(st.shape, type->ints, st.rank * sizeof *st.shape) == 0;
            if (!same) {
                /* MLIR's words and place. */
                char got[512], want[512];
                shape_text(got, sizeof got, st.shape, st.rank);
                shape_text(want, sizeof want, type->ints, type->num_ints);
                error_at(p, &shape_loc, "inferred shape of elements literal (%s) does not match type (%s)", got, want);
                goto out;
            }
        }
        items = scratch_alloc(p, (size_t)(st.count ? st.count : 1) * sizeof *items);
        if (!items)
            goto out;
        for (uint32_t i = 0; i < st.count; i++) {
            items[i] = dense_element_attr(p, &st.elems[i], elem);
            if (!items[i])
                goto out;
        }
        n = st.count;
    }
    /* Equal elements make a splat, as MLIR detects it. */
    bool splat = n >= 1;
    for (uint32_t i = 1; i < n && splat; i++)
        splat = items[i] == items[0];
    {
        spvk_ir_attr_desc d = {0};
        d.kind = SPVK_ATTR_DENSE;
        d.type = type;
        d.flags = splat ? SPVK_DENSE_SPLAT : 0;
        d.attrs = items;
        d.num_attrs = splat ? 1 : n;
        result = make_attr(p, &d);
    }
out:
    scratch_release(p, mark);
    return p->failed ? NULL : result;
}

/* array<type (: elements)?> */
static const spvk_ir_attr *parse_dense_array(parser *p)
{
    advance(p); /* array */
    if (!expect(p, TOK_LESS, "'<' after 'array'"))
        return NULL;
    ir_token tt = p->tok;
    const spvk_ir_type *elem = parse_type(p);
    if (!elem)
        return NULL;
    if (!is_int_type(elem) && !is_float_type(elem))
        return error_at(p, &tt, "expected integer or float type in array attribute"), NULL;
    scratch_mark mark = scratch_get_mark(p);
    const spvk_ir_attr **items = NULL;
    uint32_t n = 0, cap = 0;
    const spvk_ir_attr *result = NULL;
    if (consume_if(p, TOK_COLON)) {
        do {
            const spvk_ir_attr *a;
            if (is_int_type(elem) && elem->width == 1 && (at_keyword(p, "true") || at_keyword(p, "false"))) {
                a = spvk_ir_bool_attr(p->ctx, at_keyword(p, "true"));
                if (!a)
                    context_failure(p);
                advance(p);
            } else
                a = parse_number(p, elem);
            if (!a || !scratch_grow(p, &items, n, &cap, sizeof *items))
                goto out;
            items[n++] = a;
        } while (consume_if(p, TOK_COMMA));
    }
    if (!expect(p, TOK_GREATER, "'>' to close an array attribute"))
        goto out;
    {
        spvk_ir_attr_desc d = {0};
        d.kind = SPVK_ATTR_DENSE_ARRAY;
        d.type = elem;
        d.attrs = items;
        d.num_attrs = n;
        result = make_attr(p, &d);
    }
out:
    scratch_release(p, mark);
    return p->failed ? NULL : result;
}

static const spvk_ir_attr *opaque_attr(parser *p, const ir_token *t, size_t skip, uint16_t flags)
{
    size_t n;
    const char *s = opaque_text(p, t, skip, &n);
    if (!s)
        return NULL;
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_OPAQUE;
    d.flags = flags;
    d.string = s;
    d.length = n;
    return make_attr(p, &d);
}

/* A strided layout as MLIR spells it (`strided<[4, 1]>` for `strided<[4,1], offset: 0>`), so that
   equal layouts are one attribute and print as mlir-opt prints them. */
static const spvk_ir_attr *canonical_strided(parser *p, const ir_token *t, const spvk_ir_attr *text)
{
    uint32_t rank = 0;
    int64_t offset = 0;
    if (!spvk_ir_strided_layout_parse_text(text->string, text->length, NULL, 0, &rank, &offset))
        return error_at(p, t, "expected a strided layout: strided<[stride (, stride)*] (, offset: offset)?>"), NULL;
    int64_t *strides = rank ? scratch_alloc(p, (size_t)rank * sizeof *strides) : NULL;
    if (rank && !strides)
        return NULL;
    spvk_ir_strided_layout_parse_text(text->string, text->length, strides, rank, &rank, &offset);
    const spvk_ir_attr *a = spvk_ir_strided_layout(p->ctx, strides, rank, offset);
    if (!a)
        context_failure(p);
    return a;
}

static const spvk_ir_attr *parse_hash_attr(parser *p, const spvk_ir_type *type)
{
    ir_token t = p->tok;
    const char *name = t.start + 1;
    size_t n = t.length - 1;
    const char *dot = memchr(name, '.', n);
    if (!dot) {
        int32_t i = find_alias(p, name, n, 1, t.start);
        if (i >= 0) {
            advance(p);
            return p->failed ? NULL : p->aliases.slots[i].alias;
        }
    }
    size_t dn = dot ? (size_t)(dot - name) : n;
    const spvk_ir_dialect *dialect = spvk_ir_dialect_lookup(p->ctx, name, dn);
    if (dialect && dialect->parse_attr) {
        relex_from(p, dot ? dot + 1 : name + dn);
        if (p->failed)
            return NULL;
        ir_token body = p->tok;
        const spvk_ir_attr *r = dialect->parse_attr(p, type);
        if (!r && !p->failed)
            error_at(p, &body, "failed to parse '%s' dialect attribute", dialect->name);
        return p->failed ? NULL : r;
    }
    if (!dot && !(p->lx.cur < p->lx.end && *p->lx.cur == '<'))
        return error(p, "undefined symbol alias id '%.*s'", (int)n, name), NULL;
    if (!spvk_ir_context_allows_unregistered(p->ctx))
        return error(p, "dialect '%.*s' is not registered", (int)dn, name), NULL;
    return opaque_attr(p, &t, 1, SPVK_OPAQUE_DIALECT);
}

static const spvk_ir_attr *parse_attr(parser *p, const spvk_ir_type *type)
{
    if (!enter(p))
        return NULL;
    const spvk_ir_attr *result = NULL;
    ir_token t = p->tok;
    switch (t.kind) {
    case TOK_LSQUARE: {
        advance(p);
        scratch_mark mark = scratch_get_mark(p);
        const spvk_ir_attr **items = NULL;
        uint32_t n = 0, cap = 0;
        if (!at(p, TOK_RSQUARE)) {
            do {
                const spvk_ir_attr *a = parse_attr(p, NULL);
                if (!a || !scratch_grow(p, &items, n, &cap, sizeof *items))
                    break;
                items[n++] = a;
            } while (consume_if(p, TOK_COMMA));
        }
        if (!p->failed && expect(p, TOK_RSQUARE, "']' at end of array")) {
            result = spvk_ir_array_attr(p->ctx, items, n);
            if (!result)
                context_failure(p);
        }
        scratch_release(p, mark);
        break;
    }
    case TOK_LBRACE:
        result = parse_dictionary(p);
        break;
    case TOK_AT_ID:
        result = parse_symbol_ref(p);
        break;
    case TOK_STRING:
        result = parse_string_attr(p, type);
        break;
    case TOK_MINUS:
    case TOK_INTEGER:
    case TOK_FLOAT:
        result = parse_number(p, type);
        break;
    case TOK_HASH_ID:
        result = parse_hash_attr(p, type);
        break;
    case TOK_BARE_ID:
        if (tok_is_keyword(&t, "true") || tok_is_keyword(&t, "false")) {
            advance(p);
            result = spvk_ir_bool_attr(p->ctx, tok_is_keyword(&t, "true"));
            if (!result)
                context_failure(p);
        } else if (tok_is_keyword(&t, "unit")) {
            advance(p);
            result = p->unit;
        } else if (tok_is_keyword(&t, "dense")) {
            result = parse_dense(p, type);
        } else if (tok_is_keyword(&t, "array")) {
            result = parse_dense_array(p);
        } else if (tok_is_keyword(&t, "loc")) {
            result = parse_loc_attr(p, NULL);
        } else if (t.kind == TOK_BARE_ID && ir_is_raw_builtin(t.start, t.length)) {
            if (!(p->lx.cur < p->lx.end && *p->lx.cur == '<')) {
                error(p, "expected '<' after '%.*s'", (int)t.length, t.start);
                break;
            }
            result = opaque_attr(p, &t, 0, SPVK_OPAQUE_BUILTIN);
            if (result && tok_is_keyword(&t, "strided"))
                result = canonical_strided(p, &t, result);
            if (result && tok_is_keyword(&t, "dense_resource") && consume_if(p, TOK_COLON))
                result = parse_type(p) ? result : NULL; /* the type is not kept */
        } else if (is_type_keyword(&t)) {
            const spvk_ir_type *ty = parse_type(p);
            if (ty) {
                result = spvk_ir_type_attr(p->ctx, ty);
                if (!result)
                    context_failure(p);
            }
        } else {
            error(p, "expected attribute value");
        }
        break;
    case TOK_BANG_ID:
    case TOK_LPAREN: {
        const spvk_ir_type *ty = parse_type(p);
        if (ty) {
            result = spvk_ir_type_attr(p->ctx, ty);
            if (!result)
                context_failure(p);
        }
        break;
    }
    default:
        error(p, "expected attribute value");
        break;
    }
    leave(p);
    return p->failed ? NULL : result;
}

/* ---- SSA values ---- */

static region_scope *top_scope(parser *p) { return &p->scopes.items[p->scopes.count - 1]; }

/* A use of %name#number with the given type: the value, or a placeholder until it is defined. */
static spvk_ir_value *resolve_value(parser *p, const char *name, size_t length, uint32_t number, const char *pos,
                                    uint32_t line, uint32_t column, const spvk_ir_type *type)
{
    if (p->failed)
        return NULL;
    if (!type)
        return error_pos(p, pos, line, column, "expected a type for SSA value"), NULL;
    uint32_t key = top_scope(p)->value_key;
    int32_t i = map_find(&p->values, name, length, key);
    if (i < 0) {
        i = map_add(p, &p->values, name, length, key);
        if (i < 0)
            return NULL;
        name_slot *s = &p->values.slots[i];
        s->owner = p->scopes.count - 1;
        s->pos = pos;
        s->line = line;
        s->column = column;
        slot_ref r = {i, s->gen};
        if (!VEC_PUSH(p, p->value_list, r))
            return out_of_memory(p), NULL;
    }
    name_slot *s = &p->values.slots[i];
    if (s->defined) {
        spvk_ir_value *v = NULL;
        if (s->arg) {
            if (number == 0)
                v = s->arg;
        } else if (number < s->count)
            v = &s->op->results[s->first + number];
        if (!v)
            return error_pos(p, pos, line, column, "reference to invalid result number"), NULL;
        if (v->type != type) {
            char *a = spvk_ir_print_type(p->ctx, type), *b = spvk_ir_print_type(p->ctx, v->type);
            error_pos(p, pos, line, column, "use of value '%%%.*s' expects different type than prior uses: '%s' vs '%s'",
                      (int)length, name, a ? a : "?", b ? b : "?");
            if (a)
                spvk_free(p->alloc, a, strlen(a) + 1);
            if (b)
                spvk_free(p->alloc, b, strlen(b) + 1);
            return NULL;
        }
        return v;
    }
    for (int32_t f = s->fwd; f >= 0; f = p->fwd.items[f].next) {
        forward_ref *r = &p->fwd.items[f];
        if (r->number == number) {
            if (r->placeholder->type != type) {
                char *a = spvk_ir_print_type(p->ctx, type), *b = spvk_ir_print_type(p->ctx, r->placeholder->type);
                error_pos(p, pos, line, column,
                          "use of value '%%%.*s' expects different type than prior uses: '%s' vs '%s'", (int)length,
                          name, a ? a : "?", b ? b : "?");
                if (a)
                    spvk_free(p->alloc, a, strlen(a) + 1);
                if (b)
                    spvk_free(p->alloc, b, strlen(b) + 1);
                return NULL;
            }
            return r->placeholder;
        }
    }
    spvk_ir_value *ph = spvk_ir_block_add_arg(p->ctx, p->placeholders, type);
    if (!ph)
        return context_failure(p), NULL;
    forward_ref r;
    r.placeholder = ph;
    r.number = number;
    r.next = s->fwd;
    r.resolved = false;
    r.name = name;
    r.length = (uint32_t)length;
    r.pos = pos;
    r.line = line;
    r.column = column;
    if (!VEC_PUSH(p, p->fwd, r))
        return out_of_memory(p), NULL;
    p->values.slots[i].fwd = (int32_t)(p->fwd.count - 1);
    return ph;
}

/* Defines %name as results [first, first+count) of op, or as a block argument. */
static bool define_value(parser *p, const char *name, size_t length, const char *pos, uint32_t line, uint32_t column,
                         spvk_ir_op *op, uint32_t first, uint32_t count, spvk_ir_value *arg)
{
    if (p->failed)
        return false;
    uint32_t key = top_scope(p)->value_key;
    uint32_t scope = p->scopes.count - 1;
    int32_t i = map_find(&p->values, name, length, key);
    bool fresh = i < 0;
    if (fresh) {
        i = map_add(p, &p->values, name, length, key);
        if (i < 0)
            return false;
    } else if (p->values.slots[i].defined) {
        return error_pos(p, pos, line, column, "redefinition of SSA value '%%%.*s'", (int)length, name);
    }
    name_slot *s = &p->values.slots[i];
    s->defined = true;
    s->op = op;
    s->first = first;
    s->count = count;
    s->arg = arg;
    s->pos = pos;
    s->line = line;
    s->column = column;
    if (fresh || s->owner != scope) {
        s->owner = scope;
        slot_ref r = {i, s->gen};
        if (!VEC_PUSH(p, p->value_list, r))
            return out_of_memory(p);
    }
    for (int32_t f = s->fwd; f >= 0; f = p->fwd.items[f].next) {
        forward_ref *r = &p->fwd.items[f];
        spvk_ir_value *v = NULL;
        if (arg)
            v = r->number == 0 ? arg : NULL;
        else if (r->number < count)
            v = &op->results[first + r->number];
        if (!v)
            continue; /* stays unresolved: reported when the scope closes */
        if (v->type != r->placeholder->type) {
            char *a = spvk_ir_print_type(p->ctx, v->type), *b = spvk_ir_print_type(p->ctx, r->placeholder->type);
            error_pos(p, pos, line, column,
                      "definition of SSA value '%%%.*s#%u' has type '%s' but was previously used with type '%s'",
                      (int)length, name, r->number, a ? a : "?", b ? b : "?");
            if (a)
                spvk_free(p->alloc, a, strlen(a) + 1);
            if (b)
                spvk_free(p->alloc, b, strlen(b) + 1);
            return false;
        }
        spvk_ir_value_replace_all_uses(r->placeholder, v);
        r->resolved = true;
    }
    p->values.slots[i].fwd = -1;
    return true;
}

/* ---- Scopes ---- */

static bool push_scope(parser *p, bool isolated, spvk_ir_region *region)
{
    region_scope s;
    s.isolated = isolated || p->scopes.count == 0;
    s.value_key = s.isolated ? ++p->next_key : top_scope(p)->value_key;
    s.block_key = ++p->next_key;
    s.values_base = p->value_list.count;
    s.blocks_base = p->block_list.count;
    s.fwd_base = p->fwd.count;
    s.region = region;
    if (!VEC_PUSH(p, p->scopes, s))
        return out_of_memory(p);
    return true;
}

/* Closes the innermost scope: undefined blocks and (isolated) undefined values are errors. */
static bool pop_scope(parser *p)
{
    region_scope s = *top_scope(p);
    uint32_t index = p->scopes.count - 1;
    /* Blocks: the first undefined reference in source order. */
    const name_slot *bad = NULL;
    for (uint32_t i = s.blocks_base; i < p->block_list.count; i++) {
        slot_ref r = p->block_list.items[i];
        const name_slot *b = &p->blocks.slots[r.index];
        if (b->gen == r.gen && b->used && !b->defined && (!bad || b->pos < bad->pos))
            bad = b;
    }
    if (bad && !p->failed)
        error_pos(p, bad->pos, bad->line, bad->column, "reference to an undefined block '^%.*s'", (int)bad->length,
                  bad->name);
    for (uint32_t i = s.blocks_base; i < p->block_list.count; i++) {
        slot_ref r = p->block_list.items[i];
        if (p->blocks.slots[r.index].gen == r.gen)
            map_remove(&p->blocks, r.index);
    }
    p->block_list.count = s.blocks_base;
    /* Values: names defined here go; placeholders still waiting move out to the enclosing scope
       (a later definition there resolves them) unless this scope is isolated. */
    uint32_t keep = s.values_base;
    for (uint32_t i = s.values_base; i < p->value_list.count; i++) {
        slot_ref r = p->value_list.items[i];
        name_slot *v = &p->values.slots[r.index];
        if (v->gen != r.gen || !v->used || v->owner != index)
            continue;
        if (v->defined || s.isolated)
            map_remove(&p->values, r.index);
        else {
            v->owner = index - 1;
            p->value_list.items[keep++] = r;
        }
    }
    p->value_list.count = keep;
    if (s.isolated) {
        for (uint32_t i = s.fwd_base; i < p->fwd.count; i++) {
            const forward_ref *r = &p->fwd.items[i];
            if (!r->resolved) {
                error_pos(p, r->pos, r->line, r->column, "use of undeclared SSA value name"); /* MLIR's words */
                break;
            }
        }
        p->fwd.count = s.fwd_base;
    }
    p->scopes.count--;
    return !p->failed;
}

/* ^name in the current region: the block, created on first reference. */
static spvk_ir_block *block_named(parser *p, const ir_token *t, bool define)
{
    uint32_t key = top_scope(p)->block_key;
    const char *name = t->start + 1;
    size_t n = t->length - 1;
    int32_t i = map_find(&p->blocks, name, n, key);
    if (i < 0) {
        i = map_add(p, &p->blocks, name, n, key);
        if (i < 0)
            return NULL;
        name_slot *s = &p->blocks.slots[i];
        s->block = spvk_ir_block_create(p->ctx);
        if (!s->block)
            return context_failure(p), NULL;
        s->pos = t->start;
        s->line = t->line;
        s->column = t->column;
        slot_ref r = {i, s->gen};
        if (!VEC_PUSH(p, p->block_list, r))
            return out_of_memory(p), NULL;
    }
    name_slot *s = &p->blocks.slots[i];
    if (define) {
        if (s->defined)
            return error_at(p, t, "redefinition of block '^%.*s'", (int)n, name), NULL;
        s->defined = true;
    }
    return s->block;
}

/* ---- Operation frames ---- */

static op_frame *frame_of(parser *p, spvk_ir_op_state *state)
{
    for (uint32_t i = p->frames.count; i-- > 0;)
        if (p->frames.items[i].state == state)
            return &p->frames.items[i];
    error(p, "internal error: operation state not being parsed");
    return NULL;
}

/* name: interned. */
static bool frame_add_attr(parser *p, op_frame *f, const char *name, const spvk_ir_attr *value)
{
    if (f->num_attrs >= f->attrs_cap || !f->attr_names || !f->attr_values) {
        uint32_t cap_names = f->attrs_cap;
        if (!scratch_grow(p, &f->attr_names, f->num_attrs, &cap_names, sizeof *f->attr_names) ||
            !scratch_grow(p, &f->attr_values, f->num_attrs, &f->attrs_cap, sizeof *f->attr_values))
            return false;
    }
    f->attr_names[f->num_attrs] = name;
    f->attr_values[f->num_attrs++] = value;
    return true;
}

/* Merges the state's dictionary (if any) with the pending attributes; later ones win. */
static bool finish_attrs(parser *p, op_frame *f)
{
    spvk_ir_op_state *st = f->state;
    if (!f->num_attrs)
        return true;
    uint32_t base = st->attrs && st->attrs->kind == SPVK_ATTR_DICTIONARY ? st->attrs->num_attrs : 0;
    uint32_t n = base + f->num_attrs;
    if (base == 0) {
        /* The names are interned by every frame_add_attr caller. */
        const spvk_ir_attr *d = ir_dict_memo_get(p->ctx, &p->dict_memo, f->attr_names, f->attr_values, n, true);
        if (!d)
            return context_failure(p);
        st->attrs = d;
        f->num_attrs = 0;
        return true;
    }
    attr_entry *e = scratch_alloc(p, (size_t)n * sizeof *e);
    if (!e)
        return false;
    for (uint32_t i = 0; i < base; i++) {
        e[i].name = st->attrs->names[i];
        e[i].value = st->attrs->attrs[i];
        e[i].order = i;
    }
    for (uint32_t i = 0; i < f->num_attrs; i++) {
        e[base + i].name = f->attr_names[i]; /* interned by every frame_add_attr caller */
        e[base + i].value = f->attr_values[i];
        e[base + i].order = base + i;
    }
    const spvk_ir_attr *d = make_dictionary(p, e, n, false);
    if (!d)
        return false;
    st->attrs = d;
    f->num_attrs = 0;
    return true;
}

/* ---- Regions and blocks ---- */

/* Operations until `^`, `}` (or the end at top level). */
static bool parse_block_body(parser *p, spvk_ir_block *block)
{
    while (!p->failed && p->tok.kind != TOK_CARET_ID && p->tok.kind != TOK_RBRACE && p->tok.kind != TOK_EOF)
        if (!parse_operation(p, block))
            return false;
    return !p->failed;
}

/* ^name (`(` %arg `:` type loc? (`,` ...)* `)`)? `:` */
static bool parse_block_label(parser *p, spvk_ir_region *region, spvk_ir_block **out)
{
    ir_token t = p->tok;
    spvk_ir_block *b = block_named(p, &t, true);
    if (!b)
        return false;
    advance(p);
    if (consume_if(p, TOK_LPAREN)) {
        while (!at(p, TOK_RPAREN)) {
            ir_token v = p->tok;
            if (!expect(p, TOK_PERCENT_ID, "SSA value name in block argument list") ||
                !expect(p, TOK_COLON, "':' and type for SSA operand"))
                return false;
            const spvk_ir_type *ty = parse_type(p);
            if (!ty)
                return false;
            bool has_loc = at_keyword(p, "loc");
            spvk_ir_attr here;
            spvk_ir_value *arg =
                ir_block_add_arg_owning(p->ctx, b, ty, has_loc ? NULL : owned_file_loc(p, v.line, v.column, &here));
            if (!arg)
                return context_failure(p);
            if (has_loc) {
                ir_token dt = {0};
                arg->loc = parse_loc_attr(p, &dt);
                if (p->failed)
                    return false;
                if (!arg->loc) {
                    deferred_loc d = {NULL, arg, dt.start + 1, dt.length - 1, dt};
                    if (!VEC_PUSH(p, p->deferred, d))
                        return out_of_memory(p);
                }
            }
            if (!define_value(p, v.start + 1, v.length - 1, v.start, v.line, v.column, NULL, 0, 1, arg))
                return false;
            if (!consume_if(p, TOK_COMMA))
                break;
        }
        if (!expect(p, TOK_RPAREN, "')' to end argument list"))
            return false;
    }
    if (p->failed)
        return false;
    if (!expect(p, TOK_COLON, "':' after block name"))
        return false;
    spvk_ir_region_append(region, b);
    *out = b;
    return true;
}

static bool parse_region_into(parser *p, spvk_ir_region *region, const spvk_ir_operand_ref *args,
                              const spvk_ir_type *const *types, uint32_t num_args, bool isolated)
{
    if (!enter(p))
        return false;
    bool ok = false;
    if (!expect(p, TOK_LBRACE, "'{' to begin a region"))
        goto out;
    if (!push_scope(p, isolated, region))
        goto out;
    spvk_ir_block *entry = NULL;
    if (num_args) {
        entry = spvk_ir_block_create(p->ctx);
        if (!entry) {
            context_failure(p);
            goto pop;
        }
        spvk_ir_region_append(region, entry);
        for (uint32_t i = 0; i < num_args; i++) {
            spvk_ir_attr here;
            const spvk_ir_attr *loc = args[i].loc;
            if (!loc && !args[i].loc_alias)
                loc = owned_file_loc(p, args[i].line, args[i].column, &here);
            spvk_ir_value *arg = ir_block_add_arg_owning(p->ctx, entry, types[i], loc);
            if (!arg || !types[i]) {
                if (!types[i])
                    error(p, "missing type for region argument");
                else
                    context_failure(p);
                goto pop;
            }
            if (args[i].loc_alias) {
                ir_token t = {TOK_HASH_ID, args[i].loc_alias - 1, args[i].loc_alias_length + 1, args[i].loc_line,
                              args[i].loc_column};
                deferred_loc d = {NULL, arg, args[i].loc_alias, args[i].loc_alias_length, t};
                if (!VEC_PUSH(p, p->deferred, d)) {
                    out_of_memory(p);
                    goto pop;
                }
            }
            /* Errors point at the ref's line and column only. */
            if (!define_value(p, args[i].name, args[i].length, NULL, args[i].line, args[i].column, NULL, 0, 1, arg))
                goto pop;
        }
    }
    if (at(p, TOK_RBRACE)) {
        /* An empty region, or only the op-declared arguments. */
    } else {
        if (at(p, TOK_CARET_ID)) {
            if (num_args) {
                error(p, "invalid block name in region with named arguments");
                goto pop;
            }
            if (!parse_block_label(p, region, &entry))
                goto pop;
        } else if (!entry) {
            entry = spvk_ir_block_create(p->ctx);
            if (!entry) {
                context_failure(p);
                goto pop;
            }
            spvk_ir_region_append(region, entry);
        }
        if (!parse_block_body(p, entry))
            goto pop;
        while (at(p, TOK_CARET_ID)) {
            spvk_ir_block *b;
            if (!parse_block_label(p, region, &b) || !parse_block_body(p, b))
                goto pop;
        }
    }
    if (!expect(p, TOK_RBRACE, "'}' to end a region"))
        goto pop;
    ok = true;
pop:
    if (!pop_scope(p))
        ok = false;
out:
    leave(p);
    return ok && !p->failed;
}

/* ---- Lazy bodies ---- */

/* The bytes the body scan stops at: SCAN_ALWAYS in both of its passes, SCAN_CAREFUL only in the
   careful one (where dialect bodies begin). Lines are counted after. */
enum { SCAN_ALWAYS = 1, SCAN_CAREFUL = 2 };
static const unsigned char skip_class[256] = {
    ['/'] = SCAN_ALWAYS, ['"'] = SCAN_ALWAYS,  ['{'] = SCAN_ALWAYS,  ['}'] = SCAN_ALWAYS,
    [0] = SCAN_ALWAYS,   ['!'] = SCAN_CAREFUL, ['#'] = SCAN_CAREFUL, ['<'] = SCAN_CAREFUL,
};

/* The first byte of [s, e) the scan stops at, or e. Sixteen bytes at a time where SSE2 is there
   (every x86-64): the scan runs over every function's text before any is parsed. */
static inline const char *next_special(const char *s, const char *e, bool careful)
{
#if defined(__SSE2__)
    /* Without care, the three bytes of dialect bodies compare as '/', which stops anyway: no
       branch per block. */
    const __m128i slash = _mm_set1_epi8('/'), quote = _mm_set1_epi8('"'), open = _mm_set1_epi8('{'),
                  close = _mm_set1_epi8('}'), bang = _mm_set1_epi8(careful ? '!' : '/'),
                  hash = _mm_set1_epi8(careful ? '#' : '/'), nul = _mm_setzero_si128(),
                  less = _mm_set1_epi8(careful ? '<' : '/');
    for (; e - s >= 16; s += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, slash), _mm_cmpeq_epi8(v, quote)),
                                              _mm_or_si128(_mm_cmpeq_epi8(v, open), _mm_cmpeq_epi8(v, close))),
                                 _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, bang), _mm_cmpeq_epi8(v, hash)),
                                              _mm_or_si128(_mm_cmpeq_epi8(v, nul), _mm_cmpeq_epi8(v, less))));
        unsigned bits = (unsigned)_mm_movemask_epi8(m);
        if (bits)
            return s + __builtin_ctz(bits);
    }
#endif
    const unsigned char stop = careful ? SCAN_ALWAYS | SCAN_CAREFUL : SCAN_ALWAYS;
    while (s < e && !(skip_class[(unsigned char)*s] & stop))
        s++;
    return s;
}

/* Newlines in [s, e), and the last one's position (NULL if none). */
static uint32_t count_lines(const char *s, const char *e, const char **last)
{
    const char *begin = s;
    uint32_t n = 0;
#if defined(__SSE2__)
    /* Each byte lane counts its newlines down from 0 (a match is -1) for up to 255 blocks, then
       the lanes are summed: no bit count per block (a library call without -mpopcnt). */
    const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (e - s >= 16) {
        __m128i lanes = zero;
        for (int k = 0; k < 255 && e - s >= 16; k++, s += 16)
            lanes = _mm_add_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)s), nl));
        __m128i sums = _mm_sad_epu8(_mm_sub_epi8(zero, lanes), zero);
        n += (uint32_t)_mm_cvtsi128_si32(sums) + (uint32_t)_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
    }
#endif
    for (; s < e; s++)
        n += *s == '\n';
    *last = NULL;
    for (const char *q = e; n && q > begin; q--)
        if (q[-1] == '\n') {
            *last = q - 1;
            break;
        }
    return n;
}

/* Would the parser read `!name<...>` (sigil '!') or `#name<...>` as an opaque dialect body, with
   skip_balanced, rather than token by token through a dialect's hook or as an alias? A body
   names the same dialect over and over (`!spirv.ptr<...>`): the last answer is kept. */
static bool opaque_body(parser *p, char sigil, const char *name, size_t n)
{
    const char *dot = memchr(name, '.', n);
    if (!dot && map_find(&p->aliases, name, n, sigil == '#' ? 1 : 2) >= 0)
        return false;
    size_t dn = dot ? (size_t)(dot - name) : n;
    if (dot && p->last_dialect.length == dn && p->last_dialect.sigil == sigil &&
        memcmp(p->last_dialect.name, name, dn) == 0)
        return p->last_dialect.opaque;
    const spvk_ir_dialect *dialect = spvk_ir_dialect_lookup(p->ctx, name, dn);
    bool opaque = !(dialect && (sigil == '#' ? dialect->parse_attr != NULL : dialect->parse_type != NULL));
    if (dot) {
        p->last_dialect.name = name;
        p->last_dialect.length = dn;
        p->last_dialect.sigil = sigil;
        p->last_dialect.opaque = opaque;
    }
    return opaque;
}

/* Scans a body from s, just past its '{', to just past its '}' (true, *end set). Braces are
   matched outside strings and `//` comments, as the lexer reads them. The quick pass (careful
   false) minds strings only; it gives up (false) where only the careful pass can tell, at a `//`
   (a comment, or text inside a dialect body, where it is none) or a NUL, and the careful pass
   then also skips dialect bodies whole. Elsewhere the two agree: a body the careful pass skips
   is balanced, so the braces the quick one counts inside it cancel out. The careful pass gives up
   on malformed text (no closing brace, an open string, a NUL), which is then parsed eagerly. The
   quick pass first: serializing the benchmark's `names` takes 6% less time than with the careful
   pass alone, since every body is scanned before any is parsed, on the calling thread alone. */
static bool scan_body(parser *p, const char *open, const char *s, const char *e, bool careful, const char **end)
{
    uint32_t depth = 1;
    for (;;) {
        s = next_special(s, e, careful); /* most bytes matter to nobody */
        if (s >= e)
            return false;
        char c = *s++;
        switch (c) {
        case '/':
            if (s < e && *s == '/') {
                if (!careful)
                    return false;
                const char *nl = memchr(s, '\n', (size_t)(e - s));
                s = nl ? nl : e;
            }
            break;
        case '"':
            s = skip_string(s, e, true);
            if (s >= e || *s != '"')
                return false; /* an unterminated string or a NUL */
            s++;
            break;
        case '\0':
            return false;
        case '!':
        case '#': {
            const char *name = s;
            while (s < e && ir_is_suffix_id_char(*s))
                s++;
            const char *body_end = NULL;
            uint32_t body_line = 0;
            const char *body_line_start = NULL;
            char bad;
            if (s > name && s < e && *s == '<' && opaque_body(p, c, name, (size_t)(s - name)) &&
                skip_balanced(s, e, &body_end, &body_line, &body_line_start, &bad) == BALANCED_OK)
                s = body_end;
            break;
        }
        case '<': {
            /* A builtin attribute whose body the parser reads raw (parse_attr). */
            const char *w = s - 1;
            while (w > open && ir_is_suffix_id_char(w[-1]))
                w--;
            const char *body_end = NULL;
            uint32_t body_line = 0;
            const char *body_line_start = NULL;
            char bad;
            if (!(w > open && (w[-1] == '!' || w[-1] == '#')) && ir_is_raw_builtin(w, (size_t)(s - 1 - w)) &&
                skip_balanced(s - 1, e, &body_end, &body_line, &body_line_start, &bad) == BALANCED_OK)
                s = body_end;
            break;
        }
        case '{':
            depth++;
            break;
        case '}':
            if (--depth == 0) {
                *end = s;
                return true;
            }
            break;
        default:
            break;
        }
    }
}

/* Skips a region's text (scan_body). The region is recorded and stays unmaterialized until
   spvk_ir_lazy_parser builds it; a region of blanks is parsed now (an empty body makes a
   declaration). */
static bool skip_region(parser *p, spvk_ir_region *region, uint32_t region_index, const spvk_ir_operand_ref *args,
                        const spvk_ir_type *const *types, uint32_t num_args)
{
    if (!at(p, TOK_LBRACE))
        return error(p, "expected '{' to begin a region");
    const ir_token open = p->tok;
    const char *line_start = open.start - (open.column - 1);
    const char *s = open.start + 1, *e = p->lx.end;
    /* Blanks (and comments) first: a body of nothing else is no body. */
    for (;;) {
        while (s < e && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
            s++;
        if (e - s < 2 || s[0] != '/' || s[1] != '/')
            break;
        const char *nl = memchr(s, '\n', (size_t)(e - s));
        s = nl ? nl : e;
    }
    if (s < e && *s == '}')
        goto eager;
    if (scan_body(p, open.start, s, e, false, &s) || scan_body(p, open.start, s, e, true, &s))
        goto closed;
eager:
    /* Malformed text (no closing brace, an open string, a NUL) is parsed now, so that its
       diagnostic is the whole-text parse's. */
    return parse_region_into(p, region, args, types, num_args, true);
closed:
    if (num_args > UINT32_MAX - p->body_args.count)
        return out_of_memory(p);
    /* Marked now, not only once the op exists: the op's custom parser may look at the region
       (func.func refuses an empty body), and a skipped body is never empty. */
    region->unmaterialized = true;
    lazy_body b;
    memset(&b, 0, sizeof b);
    b.region_index = region_index;
    b.depth = p->depth;
    b.start = open.start;
    b.end = s;
    b.line_start = line_start;
    b.line = open.line;
    b.args_begin = p->body_args.count;
    b.num_args = num_args;
    for (uint32_t i = 0; i < num_args; i++)
        if (!VEC_PUSH(p, p->body_args, args[i]) || !VEC_PUSH(p, p->body_types, types[i]))
            return out_of_memory(p);
    if (!VEC_PUSH(p, p->bodies, b))
        return out_of_memory(p);
    /* The lexer goes on after the body, on the line it ends on. */
    const char *last_newline;
    uint32_t lines = count_lines(open.start, s, &last_newline);
    p->lx.line = open.line + lines;
    p->lx.line_start = last_newline ? last_newline + 1 : line_start;
    relex_from(p, s);
    return !p->failed;
}

static uint32_t op_hash(const spvk_ir_op *op, uint32_t capacity)
{
    return (uint32_t)(((uint64_t)(uintptr_t)op * 0x9E3779B97F4A7C15ull) >> 32) & (capacity - 1);
}

/* The op just made from a frame whose regions were skipped: they are unmaterialized, and the op
   finds its bodies through op_bodies. */
static bool note_lazy_op(parser *p, spvk_ir_op *op, uint32_t first)
{
    for (uint32_t i = first; i < p->bodies.count; i++) {
        p->bodies.items[i].op = op;
        op->regions[p->bodies.items[i].region_index].unmaterialized = true;
    }
    if ((p->op_bodies.count + 1) * 2 > p->op_bodies.capacity) {
        uint32_t cap = p->op_bodies.capacity ? p->op_bodies.capacity * 2 : 64;
        const spvk_ir_op **keys = spvk_alloc(p->alloc, (size_t)cap * sizeof *keys);
        uint32_t *values = spvk_alloc(p->alloc, (size_t)cap * sizeof *values);
        if (!keys || !values) {
            spvk_free(p->alloc, keys, (size_t)cap * sizeof *keys);
            spvk_free(p->alloc, values, (size_t)cap * sizeof *values);
            return out_of_memory(p);
        }
        memset(keys, 0, (size_t)cap * sizeof *keys);
        for (uint32_t i = 0; i < p->op_bodies.capacity; i++) {
            if (!p->op_bodies.keys[i])
                continue;
            uint32_t j = op_hash(p->op_bodies.keys[i], cap);
            while (keys[j])
                j = (j + 1) & (cap - 1);
            keys[j] = p->op_bodies.keys[i];
            values[j] = p->op_bodies.values[i];
        }
        spvk_free(p->alloc, p->op_bodies.keys, (size_t)p->op_bodies.capacity * sizeof *keys);
        spvk_free(p->alloc, p->op_bodies.values, (size_t)p->op_bodies.capacity * sizeof *values);
        p->op_bodies.keys = keys;
        p->op_bodies.values = values;
        p->op_bodies.capacity = cap;
    }
    uint32_t j = op_hash(op, p->op_bodies.capacity);
    while (p->op_bodies.keys[j])
        j = (j + 1) & (p->op_bodies.capacity - 1);
    p->op_bodies.keys[j] = op;
    p->op_bodies.values[j] = first;
    p->op_bodies.count++;
    return true;
}

static int64_t first_body_of(const parser *p, const spvk_ir_op *op)
{
    if (!p->op_bodies.capacity)
        return -1;
    for (uint32_t j = op_hash(op, p->op_bodies.capacity); p->op_bodies.keys[j]; j = (j + 1) & (p->op_bodies.capacity - 1))
        if (p->op_bodies.keys[j] == op)
            return p->op_bodies.values[j];
    return -1;
}

/* Parses one recorded body into its (unmaterialized) region, as the whole-text parse would have:
   same positions, nesting depth and entry arguments; aliases defined later stay invisible. */
static bool materialize_body(parser *p, const lazy_body *b)
{
    spvk_ir_region *region = &b->op->regions[b->region_index];
    region->unmaterialized = false;
    p->lx.cur = b->start;
    p->lx.end = b->end;
    p->lx.line = b->line;
    p->lx.line_start = b->line_start;
    p->depth = b->depth;
    p->deferred.count = 0;
    p->materializing = true;
    p->default_dialect = NULL;
    for (const spvk_ir_op *o = b->op; o && !p->default_dialect; o = spvk_ir_op_parent(o))
        p->default_dialect = o->def->default_dialect;
    advance(p);
    const spvk_ir_operand_ref *args = b->num_args ? p->body_args.items + b->args_begin : NULL;
    const spvk_ir_type *const *types = b->num_args ? p->body_types.items + b->args_begin : NULL;
    bool ok = parse_region_into(p, region, args, types, b->num_args, true);
    if (ok && p->tok.kind != TOK_EOF)
        ok = error(p, "expected the end of the region"); /* the skipping scanner and the lexer disagree */
    if (ok)
        ok = resolve_deferred_locations(p);
    p->materializing = false;
    if (!ok) {
        /* A partial body may still use placeholders (outside it): their uses are unlinked. */
        spvk_ir_region_clear(p->ctx, region);
        region->unmaterialized = true;
    }
    return ok;
}

/* ---- Operations ---- */

typedef struct result_name {
    const char *name;
    size_t length;
    uint32_t count;
    ir_token tok;
} result_name;

static const spvk_ir_op_def *lookup_def(parser *p, const char *name, size_t n, bool custom)
{
    /* Hashed by length and last eight bytes: op names share their dialect prefix. */
    uint64_t tail = 0;
    if (n >= 8)
        memcpy(&tail, name + n - 8, 8); /* one load: a loop of byte stores stalls the load after it */
    else
        memcpy(&tail, name, n);
    uint32_t h = (uint32_t)(((tail ^ ((uint64_t)n << 56) ^ (uint64_t)custom) * 0x9E3779B97F4A7C15ull) >> 40);
    def_cache_entry *c = &p->def_cache[h & (PARSER_DEF_CACHE - 1)];
    if (c->def && c->custom == custom && c->length == n && c->default_dialect == p->default_dialect &&
        memcmp(c->name, name, n) == 0)
        return c->def;
    const spvk_ir_op_def *def = spvk_ir_op_def_lookup(p->ctx, name, n);
    if (!def && custom && !memchr(name, '.', n)) {
        /* The default dialect: `module` is builtin.module, `return` in a func.func func.return. */
        const char *dd = p->default_dialect ? p->default_dialect : "builtin";
        size_t dn = strlen(dd);
        char full[256];
        if (dn + 1 + n <= sizeof full) {
            memcpy(full, dd, dn);
            full[dn] = '.';
            memcpy(full + dn + 1, name, n);
            def = spvk_ir_op_def_lookup(p->ctx, full, dn + 1 + n);
        }
    }
    if (spvk_ir_context_failed(p->ctx))
        return out_of_memory(p), NULL;
    if (def && !(def->traits & SPVK_TRAIT_UNREGISTERED) && n <= sizeof c->name) {
        memcpy(c->name, name, n);
        c->length = (uint8_t)n;
        c->custom = custom;
        c->def = def;
        c->default_dialect = p->default_dialect;
    }
    return def;
}

static bool push_frame(parser *p, spvk_ir_op_state *state, const spvk_ir_op_def *def)
{
    op_frame f;
    memset(&f, 0, sizeof f);
    f.state = state;
    f.isolated = def && (def->traits & SPVK_TRAIT_ISOLATED_FROM_ABOVE);
    /* Functions, not modules: a symbol table's ops are what the lazy parser builds. */
    f.lazy = p->lazy && f.isolated && !(def->traits & SPVK_TRAIT_SYMBOL_TABLE);
    f.bodies_begin = p->bodies.count;
    if (!VEC_PUSH(p, p->frames, f))
        return out_of_memory(p);
    return true;
}

/* `loc(...)` after an op: the location, or a deferred alias noted in the frame. */
static bool parse_trailing_location(parser *p, uint32_t frame_index)
{
    if (!at_keyword(p, "loc"))
        return !p->failed;
    ir_token dt = {0};
    const spvk_ir_attr *l = parse_loc_attr(p, &dt);
    if (p->failed)
        return false;
    op_frame *f = &p->frames.items[frame_index];
    if (l)
        f->state->loc = l;
    else {
        f->deferred_loc = dt.start + 1;
        f->deferred_loc_length = dt.length - 1;
        f->deferred_loc_token = dt;
    }
    return true;
}

static spvk_ir_op *create_op(parser *p, uint32_t frame_index, const ir_token *name_tok)
{
    op_frame *f = &p->frames.items[frame_index];
    if (!finish_attrs(p, f))
        return NULL;
    f = &p->frames.items[frame_index];
    spvk_ir_op_state *st = f->state;
    /* Where the op was written: its own location, made in the op's allocation. */
    spvk_ir_attr here;
    if (!st->loc)
        st->loc = owned_file_loc(p, name_tok->line, name_tok->column, &here);
    spvk_ir_op *op = spvk_ir_op_create(p->ctx, st);
    if (st->loc == &here)
        st->loc = NULL;
    if (!op) {
        context_failure(p);
        return NULL;
    }
    /* The op took the blocks of the regions parsed for it: those go back to the free lists. */
    for (uint32_t i = 0; i < st->num_regions; i++)
        ir_free(p->ctx, (void *)st->regions[i], sizeof *st->regions[i]);
    if (f->lazy && f->bodies_begin < p->bodies.count && !note_lazy_op(p, op, f->bodies_begin))
        return NULL;
    if (f->deferred_loc) {
        deferred_loc d = {op, NULL, f->deferred_loc, f->deferred_loc_length, f->deferred_loc_token};
        if (!VEC_PUSH(p, p->deferred, d))
            return out_of_memory(p), NULL;
    }
    return op;
}

typedef struct operand_use {
    const char *name;
    size_t length;
    uint32_t number;
    ir_token tok;
} operand_use;

static bool parse_operand_use(parser *p, operand_use *u)
{
    u->tok = p->tok;
    if (!expect(p, TOK_PERCENT_ID, "SSA operand"))
        return false;
    u->name = u->tok.start + 1;
    u->length = u->tok.length - 1;
    u->number = 0;
    if (at(p, TOK_HASH_ID)) {
        ir_token h = p->tok;
        uint64_t v = 0;
        bool ok = h.length > 1;
        for (size_t i = 1; i < h.length && ok; i++) {
            if (h.start[i] < '0' || h.start[i] > '9' || v > UINT32_MAX / 10)
                ok = false;
            else
                v = v * 10 + (uint64_t)(h.start[i] - '0');
        }
        if (!ok || v > UINT32_MAX)
            return error(p, "invalid SSA value result number");
        u->number = (uint32_t)v;
        advance(p);
    }
    return !p->failed;
}

/* generic-operation ::= string `(` uses `)` successors? `<{` props `}>`? (`(` regions `)`)? dict? `:`
   function-type */
static spvk_ir_op *parse_generic_op(parser *p, uint32_t frame_index, const ir_token *name_tok)
{
    op_frame *f = &p->frames.items[frame_index];
    spvk_ir_op_state *st = f->state;
    advance(p);
    if (!expect(p, TOK_LPAREN, "'(' to start operand list"))
        return NULL;
    operand_use *uses = NULL;
    uint32_t num_uses = 0, cap = 0;
    if (!at(p, TOK_RPAREN)) {
        do {
            if (!scratch_grow(p, &uses, num_uses, &cap, sizeof *uses) || !parse_operand_use(p, &uses[num_uses]))
                return NULL;
            num_uses++;
        } while (consume_if(p, TOK_COMMA));
    }
    if (!expect(p, TOK_RPAREN, "')' to end operand list"))
        return NULL;
    if (consume_if(p, TOK_LSQUARE)) {
        do {
            spvk_ir_block *b = NULL;
            if (!spvk_ir_parse_successor(p, &b) || !spvk_ir_state_add_successor(p, st, b))
                return NULL;
        } while (consume_if(p, TOK_COMMA));
        if (!expect(p, TOK_RSQUARE, "']' to end successor list"))
            return NULL;
    }
    if (p->failed)
        return NULL;
    if (at(p, TOK_LESS)) {
        advance(p);
        scratch_mark m = scratch_get_mark(p);
        attr_entry *e;
        uint32_t n;
        bool ok = parse_attr_entries(p, &e, &n);
        for (uint32_t i = 0; ok && i < n; i++)
            ok = frame_add_attr(p, &p->frames.items[frame_index], e[i].name, e[i].value);
        (void)m; /* the entries stay: frame arrays may sit above them */
        if (!ok || !expect(p, TOK_GREATER, "'>' to close properties"))
            return NULL;
    }
    if (at(p, TOK_LPAREN)) {
        advance(p);
        do {
            if (!spvk_ir_parse_region(p, st, NULL, NULL, 0))
                return NULL;
        } while (consume_if(p, TOK_COMMA));
        if (!expect(p, TOK_RPAREN, "')' to end region list"))
            return NULL;
    }
    if (at(p, TOK_LBRACE) && !spvk_ir_parse_optional_attr_dict(p, st))
        return NULL;
    if (!expect(p, TOK_COLON, "':' followed by operation type"))
        return NULL;
    ir_token tt = p->tok;
    const spvk_ir_type *ft = parse_type(p);
    if (!ft)
        return NULL;
    if ((ft->dialect || ft->kind != SPVK_TYPE_FUNCTION) && at(p, TOK_ARROW)) {
        /* `T -> R` (MLIR wants `(T) -> R`): accepted here, where only a function type can be. */
        const spvk_ir_type *input = ft;
        advance(p);
        scratch_mark m = scratch_get_mark(p);
        const spvk_ir_type **results = NULL;
        uint32_t nr = 0;
        bool ok;
        if (at(p, TOK_LPAREN))
            ok = parse_type_list_parens(p, &results, &nr);
        else {
            const spvk_ir_type *r = parse_type(p);
            ok = r && (results = scratch_alloc(p, sizeof *results)) != NULL;
            if (ok) {
                results[0] = r;
                nr = 1;
            }
        }
        ft = ok ? spvk_ir_function_type(p->ctx, &input, 1, results, nr) : NULL;
        scratch_release(p, m);
        if (!ft)
            return ok ? (context_failure(p), NULL) : NULL;
    }
    if (ft->dialect || ft->kind != SPVK_TYPE_FUNCTION)
        return error_at(p, &tt, "expected function type"), NULL;
    uint32_t ni = spvk_ir_function_num_inputs(ft);
    if (ni != num_uses)
        return error_at(p, &tt, "expected %u operand type%s but had %u", num_uses, num_uses == 1 ? "" : "s", ni),
               NULL;
    for (uint32_t i = 0; i < num_uses; i++) {
        spvk_ir_value *v = resolve_value(p, uses[i].name, uses[i].length, uses[i].number, uses[i].tok.start,
                                         uses[i].tok.line, uses[i].tok.column, ft->types[i]);
        if (!v || !spvk_ir_state_add_operand(p, st, v))
            return NULL;
    }
    for (uint32_t i = ni; i < ft->num_types; i++)
        if (!spvk_ir_state_add_result_type(p, st, ft->types[i]))
            return NULL;
    if (!parse_trailing_location(p, frame_index))
        return NULL;
    return create_op(p, frame_index, name_tok);
}

static spvk_ir_op *parse_custom_op(parser *p, uint32_t frame_index, const ir_token *name_tok)
{
    op_frame *f = &p->frames.items[frame_index];
    spvk_ir_op_state *st = f->state;
    const spvk_ir_op_def *def = st->def;
    advance(p);
    if (p->failed)
        return NULL;
    const spvk_ir_op_def *outer_def = p->custom_def;
    ir_token outer_name_tok = p->custom_name_tok;
    p->custom_def = def;
    p->custom_name_tok = *name_tok;
    bool ok = def->parse(p, st);
    p->custom_def = outer_def;
    p->custom_name_tok = outer_name_tok;
    if (!ok) {
        /* A hook whose context allocation failed returns false without a word: out of memory. */
        if (!p->failed && spvk_ir_context_failed(p->ctx))
            out_of_memory(p);
        else if (!p->failed)
            error_at(p, name_tok, "failed to parse custom form of '%s'", def->name);
        return NULL;
    }
    if (p->failed)
        return NULL;
    if (!parse_trailing_location(p, frame_index))
        return NULL;
    return create_op(p, frame_index, name_tok);
}

/* operation ::= (result-name (`,` result-name)* `=`)? (generic-operation | custom-operation) loc? */
static bool parse_operation(parser *p, spvk_ir_block *block)
{
    scratch_mark mark = scratch_get_mark(p);
    result_name *names = NULL;
    uint32_t num_names = 0, cap = 0;
    uint64_t total = 0;
    bool ok = false;
    spvk_ir_op_state state;
    memset(&state, 0, sizeof state);
    uint32_t frame_index = 0;
    bool framed = false;
    const char *saved_dialect = p->default_dialect; /* the op's regions may have their own */
    if (at(p, TOK_PERCENT_ID)) {
        do {
            ir_token t = p->tok;
            if (!expect(p, TOK_PERCENT_ID, "valid SSA identifier"))
                goto out;
            uint64_t count = 1;
            if (consume_if(p, TOK_COLON)) {
                ir_token c = p->tok;
                bool hex;
                if (!at(p, TOK_INTEGER) || !token_magnitude(&c, &count, &hex) || hex || count < 1 ||
                    count > UINT32_MAX) {
                    error(p, "expected integer number of results");
                    goto out;
                }
                advance(p);
            }
            if (p->failed || !scratch_grow(p, &names, num_names, &cap, sizeof *names))
                goto out;
            names[num_names].name = t.start + 1;
            names[num_names].length = t.length - 1;
            names[num_names].count = (uint32_t)count;
            names[num_names].tok = t;
            num_names++;
            total += count;
        } while (consume_if(p, TOK_COMMA));
        if (!expect(p, TOK_EQUAL, "'=' after SSA name"))
            goto out;
    }
    if (p->failed)
        goto out;
    ir_token name_tok = p->tok;
    spvk_ir_op *op = NULL;
    if (name_tok.kind == TOK_STRING) {
        size_t n;
        char *s = string_value(p, &name_tok, &n);
        if (!s)
            goto out;
        if (!n || memchr(s, 0, n)) {
            error(p, "invalid operation name");
            goto out;
        }
        const spvk_ir_op_def *def = lookup_def(p, s, n, false);
        if (p->failed)
            goto out;
        if (!def || (def->traits & SPVK_TRAIT_UNREGISTERED)) {
            if (!spvk_ir_context_allows_unregistered(p->ctx)) {
                error(p, "unregistered operation '%s' (the context does not allow unregistered operations)", s);
                goto out;
            }
        }
        if (def) {
            state.def = def;
        } else {
            state.name = intern(p, s, n);
            state.name_length = n;
            if (!state.name)
                goto out;
        }
        if (!push_frame(p, &state, def))
            goto out;
        framed = true;
        frame_index = p->frames.count - 1;
        /* A generic form's regions keep the enclosing default dialect (as MLIR's do). */
        op = parse_generic_op(p, frame_index, &name_tok);
    } else if (name_tok.kind == TOK_BARE_ID) {
        const spvk_ir_op_def *def = lookup_def(p, name_tok.start, name_tok.length, true);
        if (p->failed)
            goto out;
        if (!def || !def->parse || (def->traits & SPVK_TRAIT_UNREGISTERED)) {
            if (memchr(name_tok.start, '.', name_tok.length))
                error(p, "custom op '%.*s' is unknown", (int)name_tok.length, name_tok.start);
            else
                error(p, "custom op '%.*s' is unknown (tried '%s.%.*s' as well)", (int)name_tok.length, name_tok.start,
                      p->default_dialect ? p->default_dialect : "builtin", (int)name_tok.length, name_tok.start);
            goto out;
        }
        state.def = def;
        if (!push_frame(p, &state, def))
            goto out;
        framed = true;
        frame_index = p->frames.count - 1;
        p->frames.items[frame_index].num_result_names = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
        if (def->default_dialect)
            p->default_dialect = def->default_dialect;
        op = parse_custom_op(p, frame_index, &name_tok);
    } else {
        error(p, "expected operation name in quotes");
        goto out;
    }
    if (!op)
        goto out;
    spvk_ir_block_append(block, op);
    if (num_names) {
        if (total != op->num_results) {
            if (!op->num_results)
                error_at(p, &names[0].tok, "cannot name an operation with no results");
            else
                error_at(p, &names[0].tok, "operation defines %u results but was provided %llu to bind",
                         op->num_results, (unsigned long long)total);
            goto out;
        }
        uint32_t first = 0;
        for (uint32_t i = 0; i < num_names; i++) {
            const result_name *r = &names[i];
            if (!define_value(p, r->name, r->length, r->tok.start, r->tok.line, r->tok.column, op, first, r->count,
                              NULL))
                goto out;
            first += r->count;
        }
    }
    ok = true;
out:
    p->default_dialect = saved_dialect;
    if (framed)
        p->frames.count = frame_index;
    scratch_release(p, mark);
    return ok && !p->failed;
}

/* ---- Top level ---- */

static bool parse_alias_definition(parser *p)
{
    ir_token t = p->tok;
    bool is_attr = t.kind == TOK_HASH_ID;
    const char *name = t.start + 1;
    size_t n = t.length - 1;
    if (memchr(name, '.', n))
        return error(p, "%s names with a '.' are reserved for dialect-defined names", is_attr ? "attribute" : "type");
    if (n && name[0] >= '0' && name[0] <= '9')
        return error(p, "invalid alias name");
    advance(p);
    if (!expect(p, TOK_EQUAL, is_attr ? "'=' in attribute alias definition" : "'=' in type alias definition"))
        return false;
    uint32_t key = is_attr ? 1 : 2;
    if (map_find(&p->aliases, name, n, key) >= 0)
        return error_at(p, &t, "redefinition of %s alias id '%.*s'", is_attr ? "attribute" : "type", (int)n, name);
    const void *value = is_attr ? (const void *)parse_attr(p, NULL) : (const void *)parse_type(p);
    if (!value)
        return false;
    int32_t i = map_add(p, &p->aliases, name, n, key);
    if (i < 0)
        return false;
    p->aliases.slots[i].alias = value;
    p->aliases.slots[i].defined = true;
    p->aliases.slots[i].pos = t.start;
    return true;
}

/* {-# ... #-}: file metadata (dialect resources) is skipped. */
static bool skip_file_metadata(parser *p)
{
    const char *s = p->lx.cur, *e = p->lx.end;
    for (; e - s >= 3; s++) {
        if (s[0] == '#' && s[1] == '-' && s[2] == '}') {
            relex_from(p, s + 3);
            return !p->failed;
        }
        if (*s == '\n') {
            p->lx.line++;
            p->lx.line_start = s + 1;
        }
    }
    return error(p, "expected '#-}' to end file metadata");
}

static bool resolve_deferred_locations(parser *p)
{
    for (uint32_t i = 0; i < p->deferred.count && !p->failed; i++) {
        deferred_loc *d = &p->deferred.items[i];
        int32_t k = map_find(&p->aliases, d->name, d->length, 1);
        if (k < 0)
            return error_at(p, &d->token, "operation location alias was never defined");
        const spvk_ir_attr *a = p->aliases.slots[k].alias;
        if (!is_location(a))
            return error_at(p, &d->token, "expected location, but found another attribute");
        if (d->op)
            d->op->loc = a; /* its own location stays unused in its allocation */
        else
            d->arg->loc = a;
    }
    return !p->failed;
}

static const char builtin_module_name[] = "builtin.module";

static bool is_builtin_module(const spvk_ir_op *op) { return strcmp(spvk_ir_op_name(op), builtin_module_name) == 0; }

static void parser_init(parser *p, spvk_ir_context *ctx, const char *text, size_t length, const char *file_name,
                        spvk_diagnostics *diags)
{
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->alloc = spvk_ir_context_allocator(ctx);
    p->diags = diags;
    p->file = file_name;
    p->loc_file = file_name ? file_name : "<input>";
    p->loc_file_length = strlen(p->loc_file);
    p->result = SPVK_OK;
    p->values.free_head = p->blocks.free_head = p->aliases.free_head = -1;
    p->values.dense = true;
    ir_lexer_init(&p->lx, text ? text : "", length);
    p->text_end = p->lx.end;
}

static void parser_release(parser *p)
{
    scratch_release(p, (scratch_mark){NULL, 0});
    if (p->scratch_spare)
        spvk_free(p->alloc, p->scratch_spare, SCRATCH_HEADER + SCRATCH_CHUNK);
    p->scratch_spare = NULL;
    map_free(p, &p->values);
    map_free(p, &p->blocks);
    map_free(p, &p->aliases);
    VEC_FREE(p, p->value_list);
    VEC_FREE(p, p->block_list);
    VEC_FREE(p, p->fwd);
    VEC_FREE(p, p->scopes);
    VEC_FREE(p, p->frames);
    VEC_FREE(p, p->deferred);
    VEC_FREE(p, p->bodies);
    VEC_FREE(p, p->body_args);
    VEC_FREE(p, p->body_types);
    spvk_free(p->alloc, p->op_bodies.keys, (size_t)p->op_bodies.capacity * sizeof *p->op_bodies.keys);
    spvk_free(p->alloc, p->op_bodies.values, (size_t)p->op_bodies.capacity * sizeof *p->op_bodies.values);
    memset(&p->op_bodies, 0, sizeof p->op_bodies);
}

/* The parse's outcome: an out-of-memory context wins over the errors it caused. */
static spvk_result parser_result(parser *p)
{
    if (!p->failed && spvk_ir_context_failed(p->ctx))
        out_of_memory(p);
    if (p->failed)
        return p->result == SPVK_OK ? SPVK_ERROR_INVALID : p->result;
    return SPVK_OK;
}

/* The whole text: aliases, metadata and ops; the ops are the module or get wrapped into one. */
static spvk_ir_op *parse_top_level(parser *p)
{
    spvk_ir_context *ctx = p->ctx;
    p->loc_file = spvk_ir_intern(ctx, p->loc_file, p->loc_file_length);
    if (!p->loc_file) {
        out_of_memory(p);
        return NULL;
    }
    p->i64 = spvk_ir_integer_type(ctx, 64, SPVK_INT_SIGNLESS);
    p->f64 = spvk_ir_float_type(ctx, 64, SPVK_FLOAT_IEEE);
    p->i1 = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    p->unit = spvk_ir_unit_attr(ctx);
    p->placeholders = spvk_ir_block_create(ctx);
    spvk_ir_region *region = spvk_ir_region_create(ctx);
    spvk_ir_block *top = spvk_ir_block_create(ctx);
    if (!p->i64 || !p->f64 || !p->i1 || !p->unit || !p->placeholders || !region || !top) {
        out_of_memory(p);
        return NULL;
    }
    spvk_ir_region_append(region, top);
    advance(p);
    if (!push_scope(p, true, region))
        return NULL;
    while (!p->failed && p->tok.kind != TOK_EOF) {
        if (p->tok.kind == TOK_HASH_ID || p->tok.kind == TOK_BANG_ID)
            parse_alias_definition(p);
        else if (p->tok.kind == TOK_METADATA_BEGIN)
            skip_file_metadata(p);
        else
            parse_operation(p, top);
    }
    if (p->scopes.count)
        pop_scope(p);
    if (p->failed || !resolve_deferred_locations(p))
        return NULL;
    if (top->first && top->first == top->last && is_builtin_module(top->first)) {
        spvk_ir_op *module = top->first;
        spvk_ir_op_detach(module);
        return module;
    }
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.name = builtin_module_name;
    st.name_length = strlen(builtin_module_name);
    st.num_regions = 1;
    st.regions = &region;
    st.loc = file_loc(p, 0, 0);
    if (!st.loc)
        return NULL;
    spvk_ir_op *module = spvk_ir_op_create(ctx, &st);
    if (!module)
        context_failure(p);
    return module;
}

spvk_result spvk_ir_parse(spvk_ir_context *ctx, const char *text, size_t length, const char *file_name,
                          spvk_ir_op **module_out, spvk_diagnostics *diags)
{
    if (module_out)
        *module_out = NULL;
    if (!ctx || !module_out || (!text && length))
        return SPVK_ERROR_USAGE;
    parser pp;
    parser_init(&pp, ctx, text, length, file_name, diags);
    spvk_ir_op *module = parse_top_level(&pp);
    parser_release(&pp);
    spvk_result r = parser_result(&pp);
    if (r == SPVK_OK)
        *module_out = module;
    return r;
}

/* ---- Lazy parsing ---- */

struct spvk_ir_lazy_parser {
    parser p;
    spvk_ir_verifier *stream_verifier; /* spvk_ir_lazy_parser_stream's, or NULL */
    spvk_ir_stream_consumer consumer;  /* the stream's consumer, when it gave one (set_consumer) */
    /* Bodies built on several threads (src/ir_parallel, spvk_ir_lazy_parser_set_threads); NULL:
       this thread builds them all. */
    const ir_lazy_threading *threading;
    ir_lazy_threads *threads;
};

/* Stops the threads' workers, if any: the stream changed. */
static bool threads_stop(spvk_ir_lazy_parser *lp) { return lp->threading && lp->threading->stop(lp->threads); }

spvk_result spvk_ir_lazy_parser_create(spvk_ir_context *ctx, const char *text, size_t length, const char *file_name,
                                       spvk_diagnostics *diags, spvk_ir_op **module_out,
                                       spvk_ir_lazy_parser **parser_out)
{
    if (module_out)
        *module_out = NULL;
    if (parser_out)
        *parser_out = NULL;
    if (!ctx || !module_out || !parser_out || (!text && length))
        return SPVK_ERROR_USAGE;
    const spvk_allocator *alloc = spvk_ir_context_allocator(ctx);
    spvk_ir_lazy_parser *lp = spvk_alloc(alloc, sizeof *lp);
    if (!lp) {
        spvk_diag_add(diags, SPVK_SEVERITY_ERROR, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, file_name, 0, 0, NULL, 0,
                      "out of memory");
        return SPVK_ERROR_OUT_OF_MEMORY;
    }
    parser_init(&lp->p, ctx, text, length, file_name, diags);
    lp->stream_verifier = NULL;
    lp->threading = NULL;
    lp->threads = NULL;
    memset(&lp->consumer, 0, sizeof lp->consumer);
    lp->p.lazy = true;
    spvk_ir_op *module = parse_top_level(&lp->p);
    lp->p.lazy = false;
    spvk_result r = parser_result(&lp->p);
    if (r != SPVK_OK) {
        spvk_ir_lazy_parser_destroy(lp);
        return r;
    }
    *module_out = module;
    *parser_out = lp;
    return SPVK_OK;
}

spvk_result spvk_ir_lazy_parser_materialize(spvk_ir_lazy_parser *lp, spvk_ir_op *op)
{
    if (!lp || !op)
        return SPVK_ERROR_USAGE;
    if (lp->p.failed)
        return parser_result(&lp->p);
    if (lp->threading)
        return lp->threading->materialize(lp->threads, op);
    return ir_lazy_parser_materialize_alone(lp, op);
}

spvk_result ir_lazy_parser_materialize_alone(spvk_ir_lazy_parser *lp, spvk_ir_op *op)
{
    parser *p = &lp->p;
    if (p->failed)
        return parser_result(p);
    int64_t first = first_body_of(p, op);
    for (uint32_t i = first < 0 ? p->bodies.count : (uint32_t)first; i < p->bodies.count && p->bodies.items[i].op == op;
         i++) {
        const lazy_body *b = &p->bodies.items[i];
        if (op->regions[b->region_index].unmaterialized && !materialize_body(p, b))
            break;
    }
    return parser_result(p);
}

void spvk_ir_lazy_parser_destroy(spvk_ir_lazy_parser *lp)
{
    if (!lp)
        return;
    const spvk_allocator *alloc = lp->p.alloc;
    ir_lazy_parser_set_threading(lp, NULL, NULL);
    parser_release(&lp->p);
    spvk_free(alloc, lp, sizeof *lp);
}

/* Streaming hooks: a function is built (and verified) just before it is used and its body freed
   after; the text still has it, so it is unmaterialized again. A child that is not itself a
   function (a spirv.module inside the printed builtin.module) gets every function inside it
   built: correct, though not one at a time. */
typedef struct lazy_walk {
    spvk_ir_lazy_parser *lp;
    spvk_result result;
} lazy_walk;

static spvk_ir_walk_result materialize_each(spvk_ir_op *op, void *user)
{
    lazy_walk *w = user;
    if (first_body_of(&w->lp->p, op) < 0)
        return SPVK_WALK_ADVANCE;
    w->result = spvk_ir_lazy_parser_materialize(w->lp, op);
    return w->result == SPVK_OK ? SPVK_WALK_SKIP : SPVK_WALK_INTERRUPT;
}

static spvk_ir_walk_result release_each(spvk_ir_op *op, void *user)
{
    spvk_ir_lazy_parser *lp = ((lazy_walk *)user)->lp;
    int64_t first = first_body_of(&lp->p, op);
    if (first < 0)
        return SPVK_WALK_ADVANCE;
    if (lp->threading && lp->threading->release(lp->threads, op))
        return SPVK_WALK_SKIP;
    for (uint32_t i = (uint32_t)first; i < lp->p.bodies.count && lp->p.bodies.items[i].op == op; i++) {
        spvk_ir_region *r = &op->regions[lp->p.bodies.items[i].region_index];
        if (!r->unmaterialized)
            spvk_ir_region_unmaterialize(lp->p.ctx, r);
    }
    return SPVK_WALK_SKIP;
}

static spvk_result lazy_stream_begin(void *user, spvk_ir_op *child)
{
    lazy_walk w = {user, SPVK_OK};
    (void)spvk_ir_walk(child, materialize_each, &w);
    if (w.result == SPVK_OK && w.lp->stream_verifier &&
        !(w.lp->threading && w.lp->threading->verified(w.lp->threads, child)))
        w.result = spvk_ir_verifier_run(w.lp->stream_verifier, child);
    return w.result;
}

static void lazy_stream_end(void *user, spvk_ir_op *child)
{
    lazy_walk w = {user, SPVK_OK};
    (void)spvk_ir_walk(child, release_each, &w);
}

static bool lazy_stream_set_consumer(void *user, const spvk_ir_stream_consumer *consumer)
{
    spvk_ir_lazy_parser *lp = user;
    /* Its workers hold the consumer they were given: the next body starts others. */
    bool threaded = threads_stop(lp);
    if (consumer)
        lp->consumer = *consumer;
    else
        memset(&lp->consumer, 0, sizeof lp->consumer);
    return threaded;
}

void spvk_ir_lazy_parser_stream(spvk_ir_lazy_parser *lp, spvk_ir_verifier *verifier, spvk_ir_stream *stream)
{
    (void)threads_stop(lp); /* its workers' verifiers share the last stream's verifier's symbol indexes */
    lp->stream_verifier = verifier;
    stream->child_begin = lazy_stream_begin;
    stream->child_end = lazy_stream_end;
    stream->user = lp;
    stream->set_consumer = lazy_stream_set_consumer;
    stream->take_verification = NULL; /* its workers verify what they parse (ir_build_pool) */
}

/* ---- What the threads that build bodies use (lazy_internal.h) ---- */

void ir_lazy_parser_set_threading(spvk_ir_lazy_parser *lp, const ir_lazy_threading *hooks, ir_lazy_threads *t)
{
    if (lp->threading)
        lp->threading->destroy(lp->threads);
    lp->threading = hooks;
    lp->threads = hooks ? t : NULL;
}

ir_lazy_threads *ir_lazy_parser_threading(const spvk_ir_lazy_parser *lp) { return lp->threads; }
spvk_result ir_lazy_parser_result(spvk_ir_lazy_parser *lp) { return parser_result(&lp->p); }
spvk_ir_context *ir_lazy_parser_context(const spvk_ir_lazy_parser *lp) { return lp->p.ctx; }
spvk_ir_verifier *ir_lazy_parser_stream_verifier(const spvk_ir_lazy_parser *lp) { return lp->stream_verifier; }
const spvk_ir_stream_consumer *ir_lazy_parser_consumer(const spvk_ir_lazy_parser *lp) { return &lp->consumer; }
uint32_t ir_lazy_parser_num_bodies(const spvk_ir_lazy_parser *lp) { return (uint32_t)lp->p.bodies.count; }
spvk_ir_op *ir_lazy_parser_body_op(const spvk_ir_lazy_parser *lp, uint32_t i) { return lp->p.bodies.items[i].op; }

spvk_ir_region *ir_lazy_parser_body_region(const spvk_ir_lazy_parser *lp, uint32_t i)
{
    const lazy_body *b = &lp->p.bodies.items[i];
    return &b->op->regions[b->region_index];
}

void ir_lazy_parser_body_span(const spvk_ir_lazy_parser *lp, uint32_t i, size_t *start, size_t *end)
{
    const lazy_body *b = &lp->p.bodies.items[i];
    *start = (size_t)(b->start - lp->p.lx.begin);
    *end = (size_t)(b->end - lp->p.lx.begin);
}

int64_t ir_lazy_parser_first_body(const spvk_ir_lazy_parser *lp, const spvk_ir_op *op)
{
    return first_body_of(&lp->p, op);
}

bool ir_lazy_parser_build(spvk_ir_lazy_parser *lp, void *builder, uint32_t first, uint32_t count)
{
    parser *p = builder ? builder : &lp->p;
    for (uint32_t i = first; i < first + count; i++) {
        const lazy_body *b = &p->bodies.items[i];
        if (b->op->regions[b->region_index].unmaterialized && !materialize_body(p, b))
            return false;
    }
    return true;
}

/* A worker's (or the helper's) parser: the lazy parser's text, aliases and recorded bodies,
   read-only and shared; the rest its own. */
void *ir_lazy_parser_builder_create(spvk_ir_lazy_parser *lp, spvk_ir_context *ctx)
{
    const parser *m = &lp->p;
    parser *p = spvk_alloc(m->alloc, sizeof *p);
    if (!p)
        return NULL;
    parser_init(p, ctx, m->lx.begin, (size_t)(m->text_end - m->lx.begin), m->file, NULL);
    p->loc_file = m->loc_file;
    p->loc_file_length = m->loc_file_length;
    p->i64 = m->i64;
    p->f64 = m->f64;
    p->i1 = m->i1;
    p->unit = m->unit;
    p->aliases = m->aliases;
    p->bodies = m->bodies;
    p->body_args = m->body_args;
    p->body_types = m->body_types;
    p->op_bodies.keys = m->op_bodies.keys;
    p->op_bodies.values = m->op_bodies.values;
    p->op_bodies.capacity = m->op_bodies.capacity;
    p->op_bodies.count = m->op_bodies.count;
    memcpy(p->def_cache, m->def_cache, sizeof p->def_cache);
    memcpy(p->type_memo, m->type_memo, sizeof p->type_memo);
    p->placeholders = spvk_ir_block_create(ctx);
    if (!p->placeholders) {
        ir_lazy_parser_builder_destroy(lp, p); /* not parser_release: the shared vectors are the lazy parser's */
        return NULL;
    }
    return p;
}

void ir_lazy_parser_builder_destroy(spvk_ir_lazy_parser *lp, void *builder)
{
    const spvk_allocator *alloc = lp->p.alloc;
    parser *p = builder;
    /* Shared with the lazy parser, which frees them. */
    memset(&p->aliases, 0, sizeof p->aliases);
    memset(&p->bodies, 0, sizeof p->bodies);
    memset(&p->body_args, 0, sizeof p->body_args);
    memset(&p->body_types, 0, sizeof p->body_types);
    memset(&p->op_bodies, 0, sizeof p->op_bodies);
    parser_release(p);
    spvk_free(alloc, p, sizeof *p);
}

/* ---- Hooks for custom forms (ir_asm.h) ---- */

spvk_ir_context *spvk_ir_parser_context(spvk_ir_parser *p) { return p->ctx; }

void *spvk_ir_parser_scratch(spvk_ir_parser *p, size_t size) { return scratch_alloc(p, size); }

spvk_ir_parser_loc spvk_ir_parser_current_loc(spvk_ir_parser *p)
{
    spvk_ir_parser_loc l = {p->tok.start, p->tok.line, p->tok.column};
    return l;
}

bool spvk_ir_parser_error_at(spvk_ir_parser *p, spvk_ir_parser_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_at(p, loc.pos, loc.line, loc.column, fmt, ap);
    va_end(ap);
    return false;
}

spvk_ir_parser_loc spvk_ir_parser_op_name_location(spvk_ir_parser *p)
{
    if (!p->custom_def)
        return spvk_ir_parser_current_loc(p);
    spvk_ir_parser_loc l = {p->custom_name_tok.start, p->custom_name_tok.line, p->custom_name_tok.column};
    return l;
}

bool spvk_ir_parser_op_error_at(spvk_ir_parser *p, spvk_ir_parser_loc loc, const char *fmt, ...)
{
    if (p->failed)
        return false;
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (p->custom_def)
        return error_pos(p, loc.pos, loc.line, loc.column, "custom op '%s' %s", p->custom_def->name, message);
    return error_pos(p, loc.pos, loc.line, loc.column, "%s", message);
}

uint32_t spvk_ir_parser_num_results(spvk_ir_parser *p)
{
    return p->frames.count ? p->frames.items[p->frames.count - 1].num_result_names : 0;
}

bool spvk_ir_parser_error(spvk_ir_parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(p, fmt, ap);
    va_end(ap);
    return false;
}

void spvk_ir_parser_position(spvk_ir_parser *p, spvk_ir_operand_ref *at)
{
    memset(at, 0, sizeof *at);
    at->name = p->tok.start + 1;
    at->line = p->tok.line;
    at->column = p->tok.column;
}

bool spvk_ir_parser_error_at_operand(spvk_ir_parser *p, const spvk_ir_operand_ref *ref, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (ref && ref->name && ref->line)
        report_at(p, ref->name - 1, ref->line, ref->column, fmt, ap);
    else
        verror(p, fmt, ap);
    va_end(ap);
    return false;
}

static bool punct_kind(const char *punct, ir_token_kind *k)
{
    /* Custom forms ask for punctuation at nearly every token: no string comparisons. */
    if (!punct[0])
        return false;
    if (!punct[1]) {
        switch (punct[0]) {
        case '(': *k = TOK_LPAREN; return true;
        case ')': *k = TOK_RPAREN; return true;
        case '[': *k = TOK_LSQUARE; return true;
        case ']': *k = TOK_RSQUARE; return true;
        case '{': *k = TOK_LBRACE; return true;
        case '}': *k = TOK_RBRACE; return true;
        case '<': *k = TOK_LESS; return true;
        case '>': *k = TOK_GREATER; return true;
        case ',': *k = TOK_COMMA; return true;
        case ':': *k = TOK_COLON; return true;
        case '=': *k = TOK_EQUAL; return true;
        case '*': *k = TOK_STAR; return true;
        case '?': *k = TOK_QUESTION; return true;
        case '+': *k = TOK_PLUS; return true;
        case '-': *k = TOK_MINUS; return true;
        case '|': *k = TOK_VERTICAL_BAR; return true;
        default: return false;
        }
    }
    if (punct[0] == '-' && punct[1] == '>' && !punct[2])
        *k = TOK_ARROW;
    else if (punct[0] == ':' && punct[1] == ':' && !punct[2])
        *k = TOK_COLON_COLON;
    else if (strcmp(punct, "...") == 0)
        *k = TOK_ELLIPSIS;
    else
        return false;
    return true;
}

bool spvk_ir_parse_optional_punct(spvk_ir_parser *p, const char *punct)
{
    ir_token_kind k;
    if (p->failed || !punct_kind(punct, &k))
        return false;
    return consume_if(p, k);
}

/* A missing token is reported where the text before it ends, as MLIR's emitWrongTokenError does:
   past blanks, blank lines and a `//` comment ending the previous line. */
static bool wrong_token_error(parser *p, const char *fmt, ...) SPVK_PRINTF(2, 3);
static bool wrong_token_error(parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *begin = p->lx.begin, *end = p->tok.start;
    uint32_t line = p->tok.line, column = p->tok.column;
    if (p->tok.kind == TOK_EOF || !end || end < begin || end > p->text_end) {
        verror(p, fmt, ap);
        va_end(ap);
        return false;
    }
    const char *cur = end;
    uint32_t cur_line = line;
    for (;;) {
        while (cur > begin && (cur[-1] == ' ' || cur[-1] == '\t'))
            cur--;
        if (cur == begin) {
            cur = NULL; /* nothing before it: the token's own place */
            break;
        }
        if (cur[-1] != '\n' && cur[-1] != '\r')
            break;
        cur--;
        if (cur > begin && cur[-1] == '\r' && cur[0] == '\n')
            cur--;
        cur_line--;
        const char *ls = cur;
        while (ls > begin && ls[-1] != '\n' && ls[-1] != '\r')
            ls--;
        for (const char *c = ls; c + 1 < cur; c++)
            if (c[0] == '/' && c[1] == '/') {
                cur = c;
                break;
            }
    }
    if (cur && cur_line >= 1) {
        const char *ls = cur;
        while (ls > begin && ls[-1] != '\n' && ls[-1] != '\r')
            ls--;
        line = cur_line;
        column = (uint32_t)(cur - ls) + 1;
        end = cur;
    }
    report_at(p, end, line, column, fmt, ap);
    va_end(ap);
    return false;
}

bool spvk_ir_parse_punct(spvk_ir_parser *p, const char *punct)
{
    ir_token_kind k;
    if (p->failed)
        return false;
    if (!punct_kind(punct, &k))
        return error(p, "internal error: unknown punctuation '%s'", punct);
    if (p->tok.kind != k)
        return wrong_token_error(p, "expected '%s'", punct);
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_punct_expected(spvk_ir_parser *p, const char *punct, const char *what)
{
    ir_token_kind k;
    if (p->failed)
        return false;
    if (!punct_kind(punct, &k))
        return error(p, "internal error: unknown punctuation '%s'", punct);
    if (p->tok.kind != k)
        return wrong_token_error(p, "expected %s", what);
    advance(p);
    return !p->failed;
}

bool spvk_ir_parser_at_punct(spvk_ir_parser *p, const char *punct)
{
    ir_token_kind k;
    return !p->failed && punct_kind(punct, &k) && p->tok.kind == k;
}

bool spvk_ir_parser_at_operand(spvk_ir_parser *p) { return at(p, TOK_PERCENT_ID); }

bool spvk_ir_parser_at_symbol(spvk_ir_parser *p) { return at(p, TOK_AT_ID); }

bool spvk_ir_parse_optional_keyword(spvk_ir_parser *p, const char *kw)
{
    if (!at_keyword(p, kw))
        return false;
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_keyword(spvk_ir_parser *p, const char *kw)
{
    if (p->failed)
        return false;
    if (!at_keyword(p, kw)) /* through the op, as MLIR's OpAsmParser::parseKeyword */
        return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected '%s'", kw);
    advance(p);
    return !p->failed;
}

bool spvk_ir_parser_at_keyword(spvk_ir_parser *p, const char *kw) { return at_keyword(p, kw); }

bool spvk_ir_parser_peek_identifier(spvk_ir_parser *p, const char **start, size_t *length)
{
    if (p->failed || p->tok.kind != TOK_BARE_ID)
        return false;
    *start = p->tok.start;
    *length = p->tok.length;
    return true;
}

bool spvk_ir_parse_optional_identifier(spvk_ir_parser *p, const char **out)
{
    if (p->failed)
        return false;
    if (p->tok.kind == TOK_BARE_ID) {
        *out = intern(p, p->tok.start, p->tok.length);
        advance(p);
        return *out && !p->failed;
    }
    if (p->tok.kind == TOK_STRING) {
        size_t n;
        return spvk_ir_parse_optional_string(p, out, &n);
    }
    return false;
}

bool spvk_ir_parse_identifier(spvk_ir_parser *p, const char **out)
{
    if (p->failed)
        return false;
    if (p->tok.kind != TOK_BARE_ID && p->tok.kind != TOK_STRING)
        return error(p, "expected valid keyword");
    return spvk_ir_parse_optional_identifier(p, out);
}

bool spvk_ir_parse_optional_string(spvk_ir_parser *p, const char **out, size_t *length)
{
    if (!at(p, TOK_STRING))
        return false;
    scratch_mark m = scratch_get_mark(p);
    size_t n;
    char *s = string_value(p, &p->tok, &n);
    *out = s ? intern(p, s, n) : NULL;
    scratch_release(p, m);
    if (!*out)
        return false;
    if (length)
        *length = n;
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_optional_string_view(spvk_ir_parser *p, const char **out, size_t *length)
{
    if (!at(p, TOK_STRING))
        return false;
    const char *s = p->tok.start + 1, *e = p->tok.start + p->tok.length - 1;
    if (p->tok.start[0] == '@' || memchr(s, '\\', (size_t)(e - s)))
        return spvk_ir_parse_optional_string(p, out, length); /* escapes: unescaped and interned */
    *out = s;
    *length = (size_t)(e - s);
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_string(spvk_ir_parser *p, const char **out, size_t *length)
{
    if (p->failed)
        return false;
    if (!at(p, TOK_STRING))
        return error(p, "expected string");
    return spvk_ir_parse_optional_string(p, out, length);
}

bool spvk_ir_parse_optional_integer(spvk_ir_parser *p, int64_t *out)
{
    if (p->failed)
        return false;
    bool negative = false;
    spvk_ir_parser_loc start = spvk_ir_parser_current_loc(p); /* the '-' of a negative one */
    if (p->tok.kind == TOK_MINUS) {
        /* Only an integer may follow: look at the next character without consuming. */
        const char *c = p->lx.cur;
        while (c < p->lx.end && (*c == ' ' || *c == '\t'))
            c++;
        if (c >= p->lx.end || *c < '0' || *c > '9')
            return false;
        negative = true;
        advance(p);
    } else if (p->tok.kind != TOK_INTEGER)
        return false;
    /* Through the op, as MLIR's OpAsmParser::parseInteger reports them. */
    if (!at(p, TOK_INTEGER))
        return spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected integer value");
    uint64_t mag;
    bool hex;
    if (!token_magnitude(&p->tok, &mag, &hex) || mag > (negative ? (UINT64_C(1) << 63) : (uint64_t)INT64_MAX))
        return spvk_ir_parser_op_error_at(p, start, "integer value too large");
    *out = negative ? (int64_t)((uint64_t)0 - mag) : (int64_t)mag;
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_integer(spvk_ir_parser *p, int64_t *out)
{
    if (p->failed)
        return false;
    if (spvk_ir_parse_optional_integer(p, out))
        return true;
    if (!p->failed)
        spvk_ir_parser_op_error_at(p, spvk_ir_parser_current_loc(p), "expected integer value");
    return false;
}

bool spvk_ir_parse_dimension_list(spvk_ir_parser *p, int64_t *dims, uint32_t max, uint32_t *count, bool allow_dynamic)
{
    *count = 0;
    while (!p->failed && (at(p, TOK_INTEGER) || (allow_dynamic && at(p, TOK_QUESTION)))) {
        int64_t d = 0;
        if (!parse_dimension(p, &d, allow_dynamic))
            return false;
        if (*count >= max)
            return error(p, "too many dimensions");
        dims[(*count)++] = d;
        if (!parse_x(p))
            return false;
    }
    return !p->failed;
}

const spvk_ir_type *spvk_ir_parse_type(spvk_ir_parser *p) { return parse_type(p); }

const spvk_ir_type *spvk_ir_parse_optional_type(spvk_ir_parser *p)
{
    if (!at_type_start(p))
        return NULL;
    return parse_type(p);
}

const spvk_ir_attr *spvk_ir_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type) { return parse_attr(p, type); }

const spvk_ir_attr *spvk_ir_parse_symbol_ref(spvk_ir_parser *p)
{
    if (p->failed)
        return NULL;
    return parse_symbol_ref(p);
}

bool spvk_ir_parse_optional_symbol_name(spvk_ir_parser *p, const char **out)
{
    if (!at(p, TOK_AT_ID))
        return false;
    scratch_mark m = scratch_get_mark(p);
    size_t n;
    const char *s = symbol_name(p, &n);
    *out = s ? intern(p, s, n) : NULL;
    scratch_release(p, m);
    if (!*out)
        return false;
    advance(p);
    return !p->failed;
}

bool spvk_ir_parse_optional_operand(spvk_ir_parser *p, spvk_ir_operand_ref *out)
{
    if (!at(p, TOK_PERCENT_ID))
        return false;
    operand_use u;
    if (!parse_operand_use(p, &u))
        return false;
    if (u.length > UINT32_MAX)
        return error(p, "SSA name too long");
    out->name = u.name; /* looked up by text: interning every use cost a hash and a table probe */
    out->length = (uint32_t)u.length;
    out->number = u.number;
    out->line = u.tok.line;
    out->column = u.tok.column;
    out->loc = NULL;
    out->loc_alias = NULL;
    out->loc_alias_length = out->loc_line = out->loc_column = 0;
    return true;
}

bool spvk_ir_parse_operand(spvk_ir_parser *p, spvk_ir_operand_ref *out)
{
    if (p->failed)
        return false;
    if (!at(p, TOK_PERCENT_ID))
        return error(p, "expected SSA operand");
    return spvk_ir_parse_optional_operand(p, out);
}

spvk_ir_value *spvk_ir_resolve_operand(spvk_ir_parser *p, const spvk_ir_operand_ref *ref, const spvk_ir_type *type)
{
    if (p->failed || !ref || !ref->name)
        return NULL;
    /* Errors about this use point at its line and column only. */
    return resolve_value(p, ref->name, ref->length, ref->number, NULL, ref->line, ref->column, type);
}

bool spvk_ir_state_add_operand(spvk_ir_parser *p, spvk_ir_op_state *state, spvk_ir_value *value)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !value)
        return false;
    spvk_ir_value **a = (spvk_ir_value **)state->operands;
    if (!scratch_grow(p, &a, state->num_operands, &f->operands_cap, sizeof *a))
        return false;
    a[state->num_operands++] = value;
    state->operands = a;
    return true;
}

bool spvk_ir_state_add_result_type(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_type *type)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !type)
        return false;
    const spvk_ir_type **a = (const spvk_ir_type **)state->result_types;
    if (!scratch_grow(p, &a, state->num_results, &f->results_cap, sizeof *a))
        return false;
    a[state->num_results++] = type;
    state->result_types = a;
    return true;
}

bool spvk_ir_state_add_successor(spvk_ir_parser *p, spvk_ir_op_state *state, spvk_ir_block *block)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !block)
        return false;
    spvk_ir_block **a = (spvk_ir_block **)state->successors;
    if (!scratch_grow(p, &a, state->num_successors, &f->successors_cap, sizeof *a))
        return false;
    a[state->num_successors++] = block;
    state->successors = a;
    return true;
}

bool spvk_ir_state_add_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name, const spvk_ir_attr *value)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !name || !value)
        return false;
    /* Interned: the caller's name may live in its stack frame, and the dictionary is built after
       the custom parser returns. */
    size_t slot = ((uintptr_t)name >> 3) & 31;
    const char *interned = p->name_memo[slot].interned;
    if (p->name_memo[slot].name != name || strcmp(interned, name) != 0) {
        interned = spvk_ir_intern(p->ctx, name, strlen(name));
        if (!interned)
            return context_failure(p);
        p->name_memo[slot].name = name;
        p->name_memo[slot].interned = interned;
    }
    return frame_add_attr(p, f, interned, value);
}

bool spvk_ir_state_has_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !name)
        return false;
    for (uint32_t i = 0; i < f->num_attrs; i++)
        if (strcmp(f->attr_names[i], name) == 0)
            return true;
    return state->attrs && state->attrs->kind == SPVK_ATTR_DICTIONARY && spvk_ir_dictionary_get(state->attrs, name);
}

const spvk_ir_attr *spvk_ir_state_get_attr(spvk_ir_parser *p, spvk_ir_op_state *state, const char *name)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f || !name)
        return NULL;
    for (uint32_t i = f->num_attrs; i-- > 0;)
        if (strcmp(f->attr_names[i], name) == 0)
            return f->attr_values[i];
    return state->attrs && state->attrs->kind == SPVK_ATTR_DICTIONARY ? spvk_ir_dictionary_get(state->attrs, name)
                                                                       : NULL;
}

bool spvk_ir_parse_optional_attr_dict(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    if (!at(p, TOK_LBRACE))
        return !p->failed;
    op_frame *f = frame_of(p, state);
    if (!f)
        return false;
    uint32_t index = (uint32_t)(f - p->frames.items);
    attr_entry *e;
    uint32_t n;
    if (!parse_attr_entries(p, &e, &n))
        return false;
    /* Repeats within one dictionary are errors, as MLIR has it. */
    scratch_mark m = scratch_get_mark(p);
    attr_entry *copy = scratch_alloc(p, (size_t)(n ? n : 1) * sizeof *copy);
    if (!copy)
        return false;
    if (n)
        memcpy(copy, e, (size_t)n * sizeof *e);
    bool ok = sort_entries(p, copy, n);
    for (uint32_t i = 0; ok && i + 1 < n; i++)
        if (copy[i].name == copy[i + 1].name)
            ok = error_at(p, &copy[i + 1].tok, "duplicate key '%s' in dictionary attribute", copy[i].name);
    scratch_release(p, m);
    for (uint32_t i = 0; ok && i < n; i++)
        ok = frame_add_attr(p, &p->frames.items[index], e[i].name, e[i].value);
    return ok && !p->failed;
}

bool spvk_ir_parse_optional_attr_dict_with_keyword(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    if (!at_keyword(p, "attributes"))
        return !p->failed;
    advance(p);
    if (!at(p, TOK_LBRACE))
        return error(p, "expected '{' after 'attributes'");
    return spvk_ir_parse_optional_attr_dict(p, state);
}

bool spvk_ir_parse_successor(spvk_ir_parser *p, spvk_ir_block **out)
{
    if (p->failed)
        return false;
    if (!at(p, TOK_CARET_ID))
        return error(p, "expected block name");
    ir_token t = p->tok;
    *out = block_named(p, &t, false);
    if (!*out)
        return false;
    advance(p);
    return !p->failed;
}

static bool state_add_region(spvk_ir_parser *p, op_frame *f, spvk_ir_op_state *state, spvk_ir_region *r)
{
    spvk_ir_region **a = (spvk_ir_region **)state->regions;
    if (!scratch_grow(p, &a, state->num_regions, &f->regions_cap, sizeof *a))
        return false;
    a[state->num_regions++] = r;
    state->regions = a;
    return true;
}

bool spvk_ir_parse_region(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *args,
                          const spvk_ir_type *const *arg_types, uint32_t num_args)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f)
        return false;
    uint32_t index = (uint32_t)(f - p->frames.items);
    bool isolated = f->isolated;
    spvk_ir_region *r = spvk_ir_region_create(p->ctx);
    if (!r)
        return context_failure(p);
    if (f->lazy) {
        if (!skip_region(p, r, state->num_regions, args, arg_types, num_args))
            return false;
    } else if (!parse_region_into(p, r, args, arg_types, num_args, isolated)) {
        return false;
    }
    return state_add_region(p, &p->frames.items[index], state, r);
}

bool spvk_ir_parse_optional_region(spvk_ir_parser *p, spvk_ir_op_state *state, const spvk_ir_operand_ref *args,
                                   const spvk_ir_type *const *arg_types, uint32_t num_args, bool *parsed)
{
    *parsed = false;
    if (!at(p, TOK_LBRACE))
        return !p->failed;
    *parsed = true;
    return spvk_ir_parse_region(p, state, args, arg_types, num_args);
}

bool spvk_ir_state_add_empty_region(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    op_frame *f = p->failed ? NULL : frame_of(p, state);
    if (!f)
        return false;
    spvk_ir_region *r = spvk_ir_region_create(p->ctx);
    if (!r)
        return context_failure(p);
    return state_add_region(p, f, state, r);
}

bool spvk_ir_parse_optional_location(spvk_ir_parser *p, const spvk_ir_attr **out)
{
    *out = NULL;
    if (!at_keyword(p, "loc"))
        return false;
    *out = parse_loc_attr(p, NULL);
    return *out != NULL;
}

bool spvk_ir_parse_optional_arg_location(spvk_ir_parser *p, spvk_ir_operand_ref *arg)
{
    if (p->failed || !at_keyword(p, "loc"))
        return false;
    ir_token dt = {0};
    arg->loc = parse_loc_attr(p, &dt);
    if (p->failed)
        return false;
    if (!arg->loc) {
        if (dt.length - 1 > UINT32_MAX)
            return error(p, "location alias name too long");
        arg->loc_alias = dt.start + 1;
        arg->loc_alias_length = (uint32_t)(dt.length - 1);
        arg->loc_line = dt.line;
        arg->loc_column = dt.column;
    }
    return true;
}

/* ---- builtin.module's custom form: `module @name? (attributes {...})? { ... }` ---- */

bool spvk_ir_builtin_module_parse(spvk_ir_parser *p, spvk_ir_op_state *state)
{
    const char *name;
    if (spvk_ir_parse_optional_symbol_name(p, &name)) {
        const spvk_ir_attr *s = spvk_ir_string_attr(p->ctx, name, strlen(name));
        if (!s)
            return context_failure(p);
        if (!spvk_ir_state_add_attr(p, state, SPVK_IR_SYMBOL_NAME, s))
            return false;
    }
    if (p->failed || !spvk_ir_parse_optional_attr_dict_with_keyword(p, state))
        return false;
    if (!spvk_ir_parse_region(p, state, NULL, NULL, 0))
        return false;
    /* A module always has its one block, even when written `module {}`. */
    spvk_ir_region *r = (spvk_ir_region *)state->regions[state->num_regions - 1];
    if (!r->first) {
        spvk_ir_block *b = spvk_ir_block_create(p->ctx);
        if (!b)
            return context_failure(p);
        spvk_ir_region_append(r, b);
    }
    return true;
}
