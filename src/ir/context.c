/* The IR context: one arena for everything, interned names, uniqued types and attributes, and the
   registry of dialects and operation kinds.

   Uniquing uses open-addressing tables keyed by a content hash; equal content gives the same
   pointer, so the rest of the IR compares types and attributes with ==. Types, attributes and
   names live as long as the context. Erased operations, blocks and values go back to free lists
   by size and are reused by the next allocations of their size, so a translator that builds,
   uses and erases one function at a time runs in the memory of its largest function. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir_internal.h"

/* ---- Arena ---- */

typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t size; /* bytes after the header */
    size_t used;
} arena_chunk;

#define ARENA_CHUNK_SIZE (64u * 1024u)
#define ARENA_ALIGN 16u

static inline size_t free_class(size_t size) { return (size + ARENA_ALIGN - 1) / ARENA_ALIGN; }

void ir_free(spvk_ir_context *ctx, void *p, size_t size)
{
    size_t c = free_class(size);
    if (!p || c == 0 || c >= IR_FREE_CLASSES)
        return;
    *(void **)p = ctx->free_lists[c];
    ctx->free_lists[c] = p;
}

/* size bytes (a multiple of ARENA_ALIGN), zeroed, from the chunk list at *chunks. */
static void *arena_alloc(spvk_ir_context *ctx, arena_chunk **chunks, size_t size)
{
    arena_chunk *c = *chunks;
    if (!c || c->size - c->used < size) {
        size_t chunk = size > ARENA_CHUNK_SIZE / 4 ? size : ARENA_CHUNK_SIZE;
        size_t header = (sizeof(arena_chunk) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
        if (chunk > SIZE_MAX - header) {
            ctx->failed = true;
            return NULL;
        }
        arena_chunk *n = spvk_alloc(ctx->allocator, header + chunk);
        if (!n) {
            ctx->failed = true;
            return NULL;
        }
        n->size = chunk;
        n->used = 0;
        ctx->memory += header + chunk;
        if (size > ARENA_CHUNK_SIZE / 4 && c) {
            /* A big block goes behind the current chunk so its free space stays usable. */
            n->next = c->next;
            c->next = n;
        } else {
            n->next = c;
            *chunks = n;
        }
        c = n;
    }
    size_t header = (sizeof(arena_chunk) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    void *p = (char *)c + header + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

static inline size_t aligned_size(size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    return size ? size : ARENA_ALIGN;
}

void *spvk_ir_alloc(spvk_ir_context *ctx, size_t size)
{
    size = aligned_size(size);
    size_t fc = size / ARENA_ALIGN;
    if (fc < IR_FREE_CLASSES && ctx->free_lists[fc]) {
        void *p = ctx->free_lists[fc];
        ctx->free_lists[fc] = *(void **)p;
        memset(p, 0, size);
        return p;
    }
    return arena_alloc(ctx, &ctx->chunks, size);
}

/* Memory for a uniqued item (never freed before the context). */
static void *uniqued_alloc(spvk_ir_context *ctx, size_t size)
{
    return arena_alloc(ctx, &ctx->uniqued_chunks, aligned_size(size));
}

void *ir_alloc_immutable(spvk_ir_context *ctx, size_t size) { return uniqued_alloc(ctx, size); }

static void *uniqued_copy(spvk_ir_context *ctx, const void *data, size_t size)
{
    if (size == 0)
        return NULL;
    void *p = uniqued_alloc(ctx, size);
    if (p)
        memcpy(p, data, size);
    return p;
}

/* ---- The owner's tables, shared with worker views ---- */

/* Locks the owner's tables while views exist (a single thread needs no lock) and returns the
   owner. Every lookup or insertion in names, types, attrs or defs happens between this and
   tables_unlock; memory for new items comes from the caller's own heap. */
static inline spvk_ir_context *tables_lock(spvk_ir_context *ctx)
{
    spvk_ir_context *o = ctx->owner;
    if (o->num_views)
        pthread_mutex_lock(&o->lock);
    return o;
}

static inline void tables_unlock(spvk_ir_context *o)
{
    if (o->num_views)
        pthread_mutex_unlock(&o->lock);
}

/* This thread's cache slot for hash h in cache `which` (the owner's and each view's own). Items
   are immutable once uniqued, so a slot's item may be compared without the lock. */
static inline ir_cache_entry *cache_slot(spvk_ir_context *ctx, unsigned which, uint32_t h)
{
    return ctx->cache ? &ctx->cache[which * IR_CACHE_SIZE + (h & (IR_CACHE_SIZE - 1))] : NULL;
}

static inline void cache_fill(ir_cache_entry *slot, uint32_t h, const void *item)
{
    if (slot && item) {
        slot->hash = h;
        slot->item = (void *)item;
    }
}

/* ---- Open-addressing tables (ir_table) ---- */

static inline uint32_t table_hash(uint32_t h) { return h ? h : 1; }
static inline ir_slots *table_live(const ir_table *t)
{
    return atomic_load_explicit(&((ir_table *)t)->live, memory_order_acquire);
}
static inline uint32_t slot_hash(const ir_slot *s)
{
    return atomic_load_explicit(&((ir_slot *)s)->hash, memory_order_acquire);
}
static inline void *slot_item(const ir_slot *s)
{
    return atomic_load_explicit(&((ir_slot *)s)->item, memory_order_relaxed);
}
static inline size_t slots_bytes(size_t capacity) { return sizeof(ir_slots) + capacity * sizeof(ir_slot); }

static void free_slots(const spvk_allocator *a, ir_slots *s)
{
    while (s) {
        ir_slots *older = s->retired;
        spvk_free(a, s, slots_bytes(s->capacity));
        s = older;
    }
}

/* Makes room for one more item (load factor at most 3/4); the lock is held. */
static bool table_reserve(spvk_ir_context *ctx, ir_table *t)
{
    ir_slots *old = atomic_load_explicit(&t->live, memory_order_relaxed);
    size_t capacity = old ? old->capacity : 0;
    if ((t->count + 1) * 4 <= capacity * 3)
        return true;
    size_t cap = capacity ? capacity * 2 : 256;
    ir_slots *n = spvk_alloc(ctx->allocator, slots_bytes(cap));
    if (!n) {
        ctx->failed = true;
        return false;
    }
    memset(n, 0, slots_bytes(cap)); /* empty slots; nobody sees them before the release below */
    n->capacity = cap;
    for (size_t i = 0; i < capacity; i++) {
        uint32_t h = atomic_load_explicit(&old->slot[i].hash, memory_order_relaxed);
        if (!h)
            continue;
        size_t j = h & (cap - 1);
        while (atomic_load_explicit(&n->slot[j].hash, memory_order_relaxed))
            j = (j + 1) & (cap - 1);
        atomic_store_explicit(&n->slot[j].item, slot_item(&old->slot[i]), memory_order_relaxed);
        atomic_store_explicit(&n->slot[j].hash, h, memory_order_relaxed);
    }
    if (ctx->owner->num_views) {
        n->retired = old; /* a view's thread may be probing it */
    } else {
        free_slots(ctx->allocator, old);
    }
    atomic_store_explicit(&t->live, n, memory_order_release);
    return true;
}

/* The item of hash h that match(item, key) accepts, or NULL; then *empty (when asked) is the slot
   where it would go. Without the lock (views exist) a probe may miss an item being inserted, or
   read slots the table has outgrown: the caller then looks again under the lock. */
static inline void *table_probe(const ir_table *t, uint32_t h, bool (*match)(const void *item, const void *key),
                                const void *key, size_t *empty)
{
    ir_slots *s = table_live(t);
    if (!s)
        return NULL;
    size_t mask = s->capacity - 1, j = h & mask;
    for (uint32_t sh; (sh = slot_hash(&s->slot[j])) != 0; j = (j + 1) & mask) {
        void *item = slot_item(&s->slot[j]);
        if (sh == h && match(item, key))
            return item;
    }
    if (empty)
        *empty = j;
    return NULL;
}

/* Inserts at the empty slot j that table_probe found (the lock is held): the item, then its hash,
   which publishes it. */
static inline void table_insert_at(ir_table *t, size_t j, uint32_t hash, void *item)
{
    ir_slots *s = atomic_load_explicit(&t->live, memory_order_relaxed);
    atomic_store_explicit(&s->slot[j].item, item, memory_order_relaxed);
    atomic_store_explicit(&s->slot[j].hash, hash, memory_order_release);
    t->count++;
}

/* What a table's items are: how a key matches one, and how one is made for a key (on the
   calling thread's heap; NULL when out of memory). */
typedef struct ir_uniquer {
    bool (*match)(const void *item, const void *key);
    void *(*make)(spvk_ir_context *ctx, const void *key, uint32_t hash);
} ir_uniquer;

/* The item of hash h in t (one of the owner's tables) that u matches with key, made and inserted
   when there is none. While views exist it is looked for without the lock first (most lookups
   find it); finding it absent, or inserting, is done under the lock. */
static void *table_find_or_add(spvk_ir_context *ctx, ir_table *t, uint32_t h, const ir_uniquer *u, const void *key)
{
    void *item = ctx->owner->num_views ? table_probe(t, h, u->match, key, NULL) : NULL;
    if (item)
        return item;
    spvk_ir_context *o = tables_lock(ctx);
    if (table_reserve(ctx, t)) {
        size_t j = 0;
        item = table_probe(t, h, u->match, key, &j);
        if (!item && (item = u->make(ctx, key, h)) != NULL)
            table_insert_at(t, j, h, item);
    }
    tables_unlock(o);
    return item;
}

static void table_free(spvk_ir_context *ctx, ir_table *t)
{
    free_slots(ctx->allocator, atomic_load_explicit(&t->live, memory_order_relaxed));
    atomic_store_explicit(&t->live, NULL, memory_order_relaxed);
    t->count = 0;
}

/* ---- Interned names ---- */

typedef struct interned {
    uint32_t hash;
    uint32_t length;
    char text[];
} interned;

typedef struct text_key {
    const char *s;
    size_t length;
} text_key;

static bool intern_match(const void *item, const void *key)
{
    const interned *e = item;
    const text_key *k = key;
    return e->length == k->length && memcmp(e->text, k->s, k->length) == 0;
}

static void *intern_make(spvk_ir_context *ctx, const void *key, uint32_t h)
{
    const text_key *k = key;
    interned *e = uniqued_alloc(ctx, sizeof(interned) + k->length + 1);
    if (!e)
        return NULL;
    e->hash = h;
    e->length = (uint32_t)k->length;
    memcpy(e->text, k->s, k->length);
    e->text[k->length] = 0;
    return e;
}

static const ir_uniquer names_uniquer = {intern_match, intern_make};

const char *spvk_ir_intern(spvk_ir_context *ctx, const char *s, size_t length)
{
    if (length > UINT32_MAX - 1)
        return NULL;
    uint32_t h = table_hash(spvk_hash_bytes(s, length));
    ir_cache_entry *slot = cache_slot(ctx, IR_CACHE_NAMES, h);
    if (slot && slot->hash == h) {
        const interned *e = slot->item;
        if (e->length == length && memcmp(e->text, s, length) == 0)
            return e->text;
    }
    text_key key = {s, length};
    const interned *e = table_find_or_add(ctx, &ctx->owner->names, h, &names_uniquer, &key);
    cache_fill(slot, h, e);
    return e ? e->text : NULL;
}

const char *ir_intern_cstr(spvk_ir_context *ctx, const char *s) { return spvk_ir_intern(ctx, s, strlen(s)); }

/* ---- Types ---- */

/* Hashing a type or attribute description field by field: one multiply per field (the chain is
   on every uniquing, found or not), then finish() spreads the high bits down. */
static inline uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x9e3779b97f4a7c15ull; }

static inline uint32_t finish(uint64_t h)
{
    h ^= h >> 32;
    h *= 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(h >> 32);
}

static uint32_t type_hash_desc(const spvk_ir_type_desc *d, const char *name)
{
    uint64_t h = mix(2166136261u, (uintptr_t)d->dialect);
    h = mix(h, d->kind);
    h = mix(h, d->flags);
    h = mix(h, d->width);
    for (uint32_t i = 0; i < d->num_types; i++)
        h = mix(h, (uintptr_t)d->types[i]);
    for (uint32_t i = 0; i < d->num_ints; i++)
        h = mix(h, (uint64_t)d->ints[i]);
    for (uint32_t i = 0; i < d->num_attrs; i++)
        h = mix(h, (uintptr_t)d->attrs[i]);
    h = mix(h, (uintptr_t)name);
    return finish(h);
}

static uint32_t identified_hash(const spvk_ir_dialect *dialect, uint16_t kind, const char *name)
{
    return finish(mix(mix(mix(0x51ed270bu, (uintptr_t)dialect), kind), (uintptr_t)name)) ^ 1u;
}

static bool type_equals_desc(const spvk_ir_type *t, const spvk_ir_type_desc *d, const char *name)
{
    if (t->identified || t->dialect != d->dialect || t->kind != d->kind || t->flags != d->flags ||
        t->width != d->width || t->num_types != d->num_types || t->num_ints != d->num_ints ||
        t->num_attrs != d->num_attrs || t->name != name)
        return false;
    if (d->num_types && memcmp(t->types, d->types, d->num_types * sizeof *d->types) != 0)
        return false;
    if (d->num_ints && memcmp(t->ints, d->ints, d->num_ints * sizeof *d->ints) != 0)
        return false;
    if (d->num_attrs && memcmp(t->attrs, d->attrs, d->num_attrs * sizeof *d->attrs) != 0)
        return false;
    return true;
}

/* ---- Text bounds (spvk_ir_type.text_bound): the printer's aliases ---- */

static uint32_t bound_add(uint32_t a, uint64_t b) { return b >= UINT32_MAX - a ? UINT32_MAX : (uint32_t)(a + b); }

/* Remembers an item whose text may be long (the lock is held): a streamed print looks for shared
   sub-trees among them before the bodies that use them exist. false when out of memory. */
static bool note_big_item(spvk_ir_context *ctx, const void *item, bool is_attr)
{
    spvk_ir_context *o = ctx->owner;
    if (o->num_big_items == o->big_items_capacity) {
        uint32_t n = o->big_items_capacity ? o->big_items_capacity * 2 : 64;
        uintptr_t *a = spvk_alloc(o->allocator, n * sizeof *a);
        if (!a) {
            ctx->failed = true;
            return false;
        }
        if (o->num_big_items)
            memcpy(a, o->big_items, o->num_big_items * sizeof *a);
        spvk_free(o->allocator, o->big_items, o->big_items_capacity * sizeof *a);
        o->big_items = a;
        o->big_items_capacity = n;
    }
    o->big_items[o->num_big_items++] = (uintptr_t)item | (is_attr ? 1u : 0u);
    return true;
}

bool ir_context_big_items(spvk_ir_context *ctx, uintptr_t **items, uint32_t *count)
{
    spvk_ir_context *o = tables_lock(ctx);
    uint32_t n = o->num_big_items;
    uintptr_t *copy = n ? spvk_alloc(ctx->allocator, n * sizeof *copy) : NULL;
    if (copy)
        memcpy(copy, o->big_items, n * sizeof *copy);
    tables_unlock(o);
    *items = copy;
    *count = copy ? n : 0;
    return copy || !n;
}

/* Over-estimates what any printer writes for the item's own fields (a dialect's hook writes each
   integer as at most an enumerant's name), plus its children's bounds: exact sizes are measured
   by the printer, and only for items this bound says may be long. */
static uint32_t type_text_bound(const spvk_ir_type *t)
{
    uint32_t b = bound_add(32, (uint64_t)t->num_ints * 48 + (t->name ? 4 * (uint64_t)strlen(t->name) : 0));
    for (uint32_t i = 0; i < t->num_types; i++)
        b = bound_add(b, (t->types[i] ? (uint64_t)t->types[i]->text_bound : 0) + 8);
    for (uint32_t i = 0; i < t->num_attrs; i++)
        b = bound_add(b, (t->attrs[i] ? (uint64_t)t->attrs[i]->text_bound : 0) + 8);
    return b;
}

static uint32_t attr_text_bound(const spvk_ir_attr *a)
{
    uint32_t b = bound_add(96, 4 * (uint64_t)a->length + (a->type ? (uint64_t)a->type->text_bound + 8 : 0));
    for (uint32_t i = 0; i < a->num_attrs; i++) {
        b = bound_add(b, (a->attrs[i] ? (uint64_t)a->attrs[i]->text_bound : 0) + 8);
        if (a->names && a->names[i])
            b = bound_add(b, 4 * (uint64_t)strlen(a->names[i]) + 8);
    }
    return b;
}

static bool type_fill(spvk_ir_context *ctx, spvk_ir_type *t, const spvk_ir_type_desc *d)
{
    t->flags = d->flags;
    t->width = d->width;
    t->num_types = d->num_types;
    t->num_ints = d->num_ints;
    t->num_attrs = d->num_attrs;
    t->types = uniqued_copy(ctx, d->types, d->num_types * sizeof *d->types);
    t->ints = uniqued_copy(ctx, d->ints, d->num_ints * sizeof *d->ints);
    t->attrs = uniqued_copy(ctx, d->attrs, d->num_attrs * sizeof *d->attrs);
    if (ctx->failed)
        return false;
    t->text_bound = type_text_bound(t);
    return t->text_bound <= IR_ALIAS_MIN_TEXT || note_big_item(ctx, t, false);
}

typedef struct type_key {
    const spvk_ir_type_desc *desc;
    const char *name;
} type_key;

static bool type_match(const void *item, const void *key)
{
    const type_key *k = key;
    return type_equals_desc(item, k->desc, k->name);
}

static void *type_make(spvk_ir_context *ctx, const void *key, uint32_t h)
{
    const type_key *k = key;
    spvk_ir_type *t = uniqued_alloc(ctx, sizeof *t);
    if (!t)
        return NULL;
    t->dialect = k->desc->dialect;
    t->kind = k->desc->kind;
    t->name = k->name;
    t->hash = h;
    return type_fill(ctx, t, k->desc) ? t : NULL;
}

static const ir_uniquer types_uniquer = {type_match, type_make};

const spvk_ir_type *spvk_ir_type_get(spvk_ir_context *ctx, const spvk_ir_type_desc *d)
{
    const char *name = NULL;
    if (d->name) {
        name = spvk_ir_intern(ctx, d->name, d->name_length);
        if (!name)
            return NULL;
    }
    for (uint32_t i = 0; i < d->num_types; i++)
        if (!d->types[i])
            return NULL;
    uint32_t h = table_hash(type_hash_desc(d, name));
    ir_cache_entry *slot = cache_slot(ctx, IR_CACHE_TYPES, h);
    if (slot && slot->hash == h && type_equals_desc(slot->item, d, name))
        return slot->item;
    type_key key = {d, name};
    const spvk_ir_type *found = table_find_or_add(ctx, &ctx->owner->types, h, &types_uniquer, &key);
    cache_fill(slot, h, found);
    return found;
}

static bool identified_match(const void *item, const void *key)
{
    const spvk_ir_type *e = item, *k = key;
    return e->identified && e->dialect == k->dialect && e->kind == k->kind && e->name == k->name;
}

/* An identified type starts without a body (spvk_ir_type_set_body gives it one). */
static void *identified_make(spvk_ir_context *ctx, const void *key, uint32_t h)
{
    const spvk_ir_type *k = key;
    spvk_ir_type *t = uniqued_alloc(ctx, sizeof *t);
    if (t) {
        t->dialect = k->dialect;
        t->kind = k->kind;
        t->name = k->name;
        t->hash = h;
        t->identified = true;
        t->text_bound = type_text_bound(t);
    }
    return t;
}

static const ir_uniquer identified_uniquer = {identified_match, identified_make};

spvk_ir_type *spvk_ir_type_get_identified(spvk_ir_context *ctx, const spvk_ir_dialect *dialect, uint16_t kind,
                                          const char *name, size_t name_length)
{
    const char *iname = spvk_ir_intern(ctx, name, name_length);
    if (!iname)
        return NULL;
    spvk_ir_type want = {0};
    want.dialect = dialect;
    want.kind = kind;
    want.name = iname;
    return table_find_or_add(ctx, &ctx->owner->types, table_hash(identified_hash(dialect, kind, iname)),
                             &identified_uniquer, &want);
}

static bool set_body_locked(spvk_ir_context *ctx, spvk_ir_type *type, const spvk_ir_type_desc *body)
{
    if (type->body_set) {
        /* Setting the same body again is fine (a parser meeting the full form twice). */
        return type->flags == body->flags && type->width == body->width && type->num_types == body->num_types &&
               type->num_ints == body->num_ints && type->num_attrs == body->num_attrs &&
               (!body->num_types || memcmp(type->types, body->types, body->num_types * sizeof *body->types) == 0) &&
               (!body->num_ints || memcmp(type->ints, body->ints, body->num_ints * sizeof *body->ints) == 0) &&
               (!body->num_attrs || memcmp(type->attrs, body->attrs, body->num_attrs * sizeof *body->attrs) == 0);
    }
    if (!type_fill(ctx, type, body))
        return false;
    type->body_set = true;
    return true;
}

bool spvk_ir_type_set_body(spvk_ir_context *ctx, spvk_ir_type *type, const spvk_ir_type_desc *body)
{
    if (!type->identified)
        return false;
    /* An identified type is the one mutable type: its body is set under the tables' lock. */
    spvk_ir_context *o = tables_lock(ctx);
    bool ok = set_body_locked(ctx, type, body);
    tables_unlock(o);
    return ok;
}

static const spvk_ir_type *simple_type(spvk_ir_context *ctx, uint16_t kind, uint16_t flags, uint32_t width)
{
    spvk_ir_type_desc d = {0};
    d.kind = kind;
    d.flags = flags;
    d.width = width;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_ir_integer_type(spvk_ir_context *ctx, uint32_t width, int signedness)
{
    spvk_ir_context *o = ctx->owner;
    if (width <= 64 && signedness == SPVK_INT_SIGNLESS && o->int_types[width])
        return o->int_types[width];
    const spvk_ir_type *t = simple_type(ctx, SPVK_TYPE_INTEGER, (uint16_t)signedness, width);
    /* Filled by a single thread only: views read the cache without the lock. */
    if (width <= 64 && signedness == SPVK_INT_SIGNLESS && !o->num_views)
        o->int_types[width] = t;
    return t;
}

const spvk_ir_type *spvk_ir_float_type(spvk_ir_context *ctx, uint32_t width, int encoding)
{
    /* f16, f32, f64 and bf16: the types of nearly every float constant and operand. */
    spvk_ir_context *o = ctx->owner;
    unsigned slot = encoding == SPVK_FLOAT_IEEE ? (width == 16 ? 0 : width == 32 ? 1 : width == 64 ? 2 : 4)
                    : encoding == SPVK_FLOAT_BF16 && width == 16 ? 3 : 4;
    if (slot < 4 && o->float_types[slot])
        return o->float_types[slot];
    const spvk_ir_type *t = simple_type(ctx, SPVK_TYPE_FLOAT, (uint16_t)encoding, width);
    if (slot < 4 && !o->num_views) /* as int_types */
        o->float_types[slot] = t;
    return t;
}

const spvk_ir_type *spvk_ir_index_type(spvk_ir_context *ctx) { return simple_type(ctx, SPVK_TYPE_INDEX, 0, 0); }
const spvk_ir_type *spvk_ir_none_type(spvk_ir_context *ctx) { return simple_type(ctx, SPVK_TYPE_NONE, 0, 0); }

const spvk_ir_type *spvk_ir_vector_type(spvk_ir_context *ctx, const int64_t *shape, uint32_t rank,
                                        const spvk_ir_type *element)
{
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_VECTOR;
    d.types = &element;
    d.num_types = 1;
    d.ints = shape;
    d.num_ints = rank;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_ir_function_type(spvk_ir_context *ctx, const spvk_ir_type *const *inputs, uint32_t num_inputs,
                                          const spvk_ir_type *const *results, uint32_t num_results)
{
    const spvk_ir_type *small[16];
    const spvk_ir_type **all = small;
    uint32_t n = num_inputs + num_results;
    if (n > 16) {
        all = spvk_ir_alloc(ctx, n * sizeof *all);
        if (!all)
            return NULL;
    }
    for (uint32_t i = 0; i < num_inputs; i++)
        all[i] = inputs[i];
    for (uint32_t i = 0; i < num_results; i++)
        all[num_inputs + i] = results[i];
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_FUNCTION;
    d.width = num_inputs;
    d.types = all;
    d.num_types = n;
    return spvk_ir_type_get(ctx, &d);
}

const spvk_ir_type *spvk_ir_tuple_type(spvk_ir_context *ctx, const spvk_ir_type *const *types, uint32_t count)
{
    spvk_ir_type_desc d = {0};
    d.kind = SPVK_TYPE_TUPLE;
    d.types = types;
    d.num_types = count;
    return spvk_ir_type_get(ctx, &d);
}

bool spvk_ir_type_is_integer(const spvk_ir_type *t, uint32_t width)
{
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER && (width == 0 || t->width == width);
}

bool spvk_ir_type_is_float(const spvk_ir_type *t) { return t && !t->dialect && t->kind == SPVK_TYPE_FLOAT; }

bool spvk_ir_type_is_bf16(const spvk_ir_type *t)
{
    return spvk_ir_type_is_float(t) && t->width == 16 && t->flags == SPVK_FLOAT_BF16;
}

const spvk_ir_type *spvk_ir_type_scalar(const spvk_ir_type *t)
{
    if (t && !t->dialect && t->kind == SPVK_TYPE_VECTOR)
        return t->types[0];
    return t;
}

/* ---- Attributes ---- */

static uint32_t attr_hash_desc(const spvk_ir_attr_desc *d, const char *string)
{
    uint64_t h = mix(0x2545f491u, (uintptr_t)d->dialect);
    h = mix(h, d->kind);
    h = mix(h, d->flags);
    h = mix(h, (uintptr_t)d->type);
    h = mix(h, (uint64_t)d->value);
    h = mix(h, (uint64_t)d->value2);
    uint64_t bits;
    memcpy(&bits, &d->number, sizeof bits);
    h = mix(h, bits);
    h = mix(h, (uintptr_t)string);
    for (uint32_t i = 0; i < d->num_attrs; i++) {
        h = mix(h, (uintptr_t)d->attrs[i]);
        if (d->names)
            h = mix(h, (uintptr_t)d->names[i]);
    }
    return finish(h);
}

static bool attr_equals_desc(const spvk_ir_attr *a, const spvk_ir_attr_desc *d, const char *string)
{
    if (a->dialect != d->dialect || a->kind != d->kind || a->flags != d->flags || a->type != d->type ||
        a->value != d->value || a->value2 != d->value2 || a->string != string || a->length != d->length ||
        a->num_attrs != d->num_attrs)
        return false;
    if (memcmp(&a->number, &d->number, sizeof a->number) != 0) /* bits: -0.0 and NaNs are their own */
        return false;
    /* Pointer by pointer: an op's few attributes are not worth a memcmp call. */
    for (uint32_t i = 0; i < d->num_attrs; i++)
        if (a->attrs[i] != d->attrs[i] || (d->names && a->names[i] != d->names[i]))
            return false;
    return true;
}

static const spvk_ir_attr *uniqued_location(spvk_ir_context *ctx, const spvk_ir_attr *owned);

typedef struct attr_key {
    const spvk_ir_attr_desc *desc;
    const char *string;
} attr_key;

static bool attr_match(const void *item, const void *key)
{
    const attr_key *k = key;
    return attr_equals_desc(item, k->desc, k->string);
}

static void *attr_make(spvk_ir_context *ctx, const void *key, uint32_t h)
{
    const attr_key *k = key;
    const spvk_ir_attr_desc *d = k->desc;
    spvk_ir_attr *a = uniqued_alloc(ctx, sizeof *a);
    if (!a)
        return NULL;
    a->dialect = d->dialect;
    a->kind = d->kind;
    a->flags = d->flags;
    a->hash = h;
    a->type = d->type;
    a->value = d->value;
    a->value2 = d->value2;
    a->number = d->number;
    a->string = k->string;
    a->length = (uint32_t)d->length;
    a->num_attrs = d->num_attrs;
    a->attrs = uniqued_copy(ctx, d->attrs, d->num_attrs * sizeof *d->attrs);
    a->names = d->names ? uniqued_copy(ctx, d->names, d->num_attrs * sizeof *d->names) : NULL;
    if (ctx->failed)
        return NULL;
    a->text_bound = attr_text_bound(a);
    return a->text_bound <= IR_ALIAS_MIN_TEXT || note_big_item(ctx, a, true) ? a : NULL;
}

static const ir_uniquer attrs_uniquer = {attr_match, attr_make};

/* The uniquing itself: d holds interned strings and names. */
static const spvk_ir_attr *attr_find_or_add(spvk_ir_context *ctx, const spvk_ir_attr_desc *d, const char *string)
{
    for (uint32_t i = 0; d->names && i < d->num_attrs; i++)
        if (!d->names[i])
            return NULL;
    for (uint32_t i = 0; i < d->num_attrs; i++)
        if (!d->attrs[i])
            return NULL;
    uint32_t h = table_hash(attr_hash_desc(d, string));
    ir_cache_entry *slot = cache_slot(ctx, IR_CACHE_ATTRS, h);
    if (slot && slot->hash == h && attr_equals_desc(slot->item, d, string))
        return slot->item;
    attr_key key = {d, string};
    const spvk_ir_attr *found = table_find_or_add(ctx, &ctx->owner->attrs, h, &attrs_uniquer, &key);
    cache_fill(slot, h, found);
    return found;
}

static const spvk_ir_attr *attr_get(spvk_ir_context *ctx, const spvk_ir_attr_desc *desc, bool names_interned);

const spvk_ir_attr *spvk_ir_attr_get(spvk_ir_context *ctx, const spvk_ir_attr_desc *desc)
{
    return attr_get(ctx, desc, false);
}

static const spvk_ir_attr *attr_get(spvk_ir_context *ctx, const spvk_ir_attr_desc *desc, bool names_interned)
{
    spvk_ir_attr_desc d = *desc;
    /* Dense elements that are all equal are a splat, however they were made (MLIR's storage
       detects it too): cf.switch's one case value prints as dense<5>, not dense<[5]>. */
    if (!d.dialect && d.kind == SPVK_ATTR_DENSE && d.num_attrs && d.attrs && !(d.flags & SPVK_DENSE_SPLAT)) {
        uint32_t i = 1;
        while (i < d.num_attrs && d.attrs[i] == d.attrs[0])
            i++;
        if (i == d.num_attrs) {
            d.flags |= SPVK_DENSE_SPLAT;
            d.num_attrs = 1;
        }
    }
    /* Strings are interned so that equal content compares by pointer. */
    const char *string = NULL;
    if (d.string || d.length) {
        if (d.length > UINT32_MAX - 1)
            return NULL;
        string = spvk_ir_intern(ctx, d.string ? d.string : "", d.length);
        if (!string)
            return NULL;
    }
    /* Names are interned into a scratch array first: the arena copy is made only for a new
       attribute (a lookup that finds one must not leave garbage in the arena). */
    const char *small_names[16];
    const char **names = NULL;
    size_t names_size = 0;
    if (d.names && d.num_attrs && names_interned) {
        /* the caller's array is copied only for a new attribute */
    } else if (d.names && d.num_attrs) {
        names_size = d.num_attrs * sizeof *names;
        names = d.num_attrs <= 16 ? small_names : spvk_alloc(ctx->allocator, names_size);
        if (!names) {
            ctx->failed = true;
            return NULL;
        }
        for (uint32_t i = 0; i < d.num_attrs; i++)
            names[i] = ir_intern_cstr(ctx, d.names[i]); /* NULL (out of memory) is refused below */
        d.names = names;
    } else {
        d.names = NULL;
    }
    /* An op's own location would outlive the op inside this attribute: it holds the uniqued one. */
    const spvk_ir_attr *small_attrs[16];
    const spvk_ir_attr **held = NULL;
    size_t held_size = 0;
    bool oom = false;
    for (uint32_t i = 0; i < d.num_attrs && !oom; i++) {
        if (!ir_attr_is_owned(d.attrs[i]))
            continue;
        if (!held) {
            held_size = d.num_attrs * sizeof *held;
            held = d.num_attrs <= 16 ? small_attrs : spvk_alloc(ctx->allocator, held_size);
            if (!held) {
                ctx->failed = oom = true;
                break;
            }
            memcpy(held, d.attrs, held_size);
            d.attrs = held;
        }
        held[i] = uniqued_location(ctx, d.attrs[i]); /* NULL (out of memory) is refused below */
    }
    const spvk_ir_attr *a = oom ? NULL : attr_find_or_add(ctx, &d, string);
    if (names && names != small_names)
        spvk_free(ctx->allocator, names, names_size);
    if (held && held != small_attrs)
        spvk_free(ctx->allocator, held, held_size);
    return a;
}

static const spvk_ir_attr *uniqued_location(spvk_ir_context *ctx, const spvk_ir_attr *owned)
{
    spvk_ir_attr_desc d = {0};
    d.kind = owned->kind;
    d.flags = owned->flags;
    d.value = owned->value;
    d.value2 = owned->value2;
    d.string = owned->string;
    d.length = owned->length;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_unit_attr(spvk_ir_context *ctx)
{
    if (ctx->owner->unit)
        return ctx->owner->unit;
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_UNIT;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_bool_attr(spvk_ir_context *ctx, bool value)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_BOOL;
    d.value = value;
    d.type = spvk_ir_integer_type(ctx, 1, SPVK_INT_SIGNLESS);
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_integer_attr(spvk_ir_context *ctx, const spvk_ir_type *type, int64_t value)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_INTEGER;
    d.type = type;
    /* Keep the bits canonical for the width: sign-extended for signed/signless, zero-extended for
       unsigned, so that equal values unique to one attribute. */
    if (type && !type->dialect && type->kind == SPVK_TYPE_INTEGER && type->width > 0 && type->width < 64) {
        uint64_t mask = (UINT64_C(1) << type->width) - 1;
        uint64_t bits = (uint64_t)value & mask;
        if (type->flags != SPVK_INT_UNSIGNED && (bits >> (type->width - 1)) & 1)
            bits |= ~mask;
        value = (int64_t)bits;
    }
    d.value = value;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_i32_attr(spvk_ir_context *ctx, int64_t value)
{
    return spvk_ir_integer_attr(ctx, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS), value);
}

const spvk_ir_attr *spvk_ir_dense_int_array_attr(spvk_ir_context *ctx, const spvk_ir_type *element,
                                                 const int64_t *values, uint32_t count)
{
    if (!element)
        return NULL;
    /* The elements are needed only until the array is uniqued (it copies them). */
    const spvk_ir_attr *small[16];
    const spvk_ir_attr **items = small;
    size_t bytes = (size_t)count * sizeof *items;
    if (count > 16 && !(items = spvk_ir_alloc(ctx, bytes)))
        return NULL;
    const spvk_ir_attr *array = NULL;
    uint32_t i = 0;
    while (i < count && (items[i] = spvk_ir_integer_attr(ctx, element, values[i])) != NULL)
        i++;
    if (i == count) {
        spvk_ir_attr_desc d = {0};
        d.kind = SPVK_ATTR_DENSE_ARRAY;
        d.type = element;
        d.attrs = items;
        d.num_attrs = count;
        array = spvk_ir_attr_get(ctx, &d);
    }
    if (items != small)
        ir_free(ctx, items, bytes);
    return array;
}

const spvk_ir_attr *spvk_ir_float_attr(spvk_ir_context *ctx, const spvk_ir_type *type, double value)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_FLOAT;
    d.type = type;
    d.number = value;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_string_attr(spvk_ir_context *ctx, const char *s, size_t length)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_STRING;
    d.string = s;
    d.length = length;
    /* An empty string still needs a non-NULL interned pointer to differ from "no string". */
    if (length == 0)
        d.string = "";
    spvk_ir_attr_desc copy = d;
    if (length == 0) {
        const char *empty = spvk_ir_intern(ctx, "", 0);
        if (!empty)
            return NULL;
        copy.string = empty;
    }
    return spvk_ir_attr_get(ctx, &copy);
}

const spvk_ir_attr *spvk_ir_array_attr(spvk_ir_context *ctx, const spvk_ir_attr *const *items, uint32_t count)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_ARRAY;
    d.attrs = items;
    d.num_attrs = count;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_type_attr(spvk_ir_context *ctx, const spvk_ir_type *type)
{
    if (!type)
        return NULL;
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_TYPE;
    d.type = type;
    return spvk_ir_attr_get(ctx, &d);
}

const spvk_ir_attr *spvk_ir_symbol_ref_attr(spvk_ir_context *ctx, const char *name, size_t length)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_SYMBOL_REF;
    d.string = name;
    d.length = length;
    if (length == 0)
        return NULL;
    return spvk_ir_attr_get(ctx, &d);
}

static const spvk_ir_attr *dictionary_attr(spvk_ir_context *ctx, const char *const *names,
                                           const spvk_ir_attr *const *values, uint32_t count, bool names_interned);

const spvk_ir_attr *spvk_ir_dictionary_attr(spvk_ir_context *ctx, const char *const *names,
                                            const spvk_ir_attr *const *values, uint32_t count)
{
    return dictionary_attr(ctx, names, values, count, false);
}

const spvk_ir_attr *spvk_ir_dictionary_attr_interned(spvk_ir_context *ctx, const char *const *names,
                                                     const spvk_ir_attr *const *values, uint32_t count)
{
    return dictionary_attr(ctx, names, values, count, true);
}

static const spvk_ir_attr *dictionary_attr(spvk_ir_context *ctx, const char *const *names,
                                           const spvk_ir_attr *const *values, uint32_t count, bool names_interned)
{
    const char *small_names[16];
    const spvk_ir_attr *small_values[16];
    const char **n = small_names;
    const spvk_ir_attr **v = small_values;
    if (count > 16) {
        n = spvk_ir_alloc(ctx, count * sizeof *n);
        v = spvk_ir_alloc(ctx, count * sizeof *v);
        if (!n || !v)
            return NULL;
    }
    /* Insertion sort by name keeps the last of repeated names; dictionaries are small. */
    uint32_t m = 0;
    for (uint32_t i = 0; i < count; i++) {
        const char *name = names_interned ? names[i] : ir_intern_cstr(ctx, names[i]);
        if (!name || !values[i])
            return NULL;
        uint32_t j = m;
        bool replaced = false;
        while (j > 0) {
            int c = strcmp(n[j - 1], name);
            if (c == 0) {
                v[j - 1] = values[i];
                replaced = true;
                break;
            }
            if (c < 0)
                break;
            j--;
        }
        if (replaced)
            continue;
        memmove(n + j + 1, n + j, (m - j) * sizeof *n);
        memmove(v + j + 1, v + j, (m - j) * sizeof *v);
        n[j] = name;
        v[j] = values[i];
        m++;
    }
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_DICTIONARY;
    d.attrs = v;
    d.names = n;
    d.num_attrs = m;
    return attr_get(ctx, &d, true); /* the names are interned by now */
}

const spvk_ir_attr *spvk_ir_dictionary_get(const spvk_ir_attr *dict, const char *name)
{
    if (!dict || dict->kind != SPVK_ATTR_DICTIONARY || dict->dialect)
        return NULL;
    if (dict->num_attrs <= 8) {
        /* An op's few attributes: the first byte rules out nearly every name without a call. */
        for (uint32_t i = 0; i < dict->num_attrs; i++) {
            const char *n = dict->names[i];
            if (n[0] == name[0] && strcmp(n, name) == 0)
                return dict->attrs[i];
        }
        return NULL;
    }
    /* Binary search by strcmp: names are sorted. */
    uint32_t lo = 0, hi = dict->num_attrs;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        int c = strcmp(dict->names[mid], name);
        if (c == 0)
            return dict->attrs[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const spvk_ir_attr *spvk_ir_file_location(spvk_ir_context *ctx, const char *file, uint32_t line, uint32_t column)
{
    spvk_ir_attr_desc d = {0};
    d.kind = SPVK_ATTR_LOCATION;
    d.flags = SPVK_LOC_FILE;
    d.string = file;
    d.length = strlen(file);
    d.value = line;
    d.value2 = column;
    return spvk_ir_attr_get(ctx, &d);
}

/* ---- Registry ---- */

static bool def_match(const void *item, const void *key) { return ((const ir_def_entry *)item)->name == key; }

static bool register_op_locked(spvk_ir_context *ctx, spvk_ir_context *o, const char *name, const spvk_ir_op_def *def)
{
    ir_table *t = &o->defs;
    if (!table_reserve(ctx, t))
        return false;
    uint32_t h = table_hash(spvk_hash_u32((uint32_t)(uintptr_t)name));
    size_t j = 0;
    ir_def_entry *e = table_probe(t, h, def_match, name, &j);
    if (e) {
        e->def = def; /* re-registration replaces (registering happens while no view exists) */
        return true;
    }
    e = uniqued_alloc(ctx, sizeof *e);
    if (!e)
        return false;
    e->name = name;
    e->def = def;
    table_insert_at(t, j, h, e);
    return true;
}

bool spvk_ir_register_op(spvk_ir_context *ctx, const spvk_ir_op_def *def)
{
    const char *name = ir_intern_cstr(ctx, def->name);
    if (!name)
        return false;
    spvk_ir_context *o = tables_lock(ctx);
    bool ok = register_op_locked(ctx, o, name, def);
    tables_unlock(o);
    return ok;
}

static const spvk_ir_op_def *def_find_locked(const spvk_ir_context *o, const char *interned_name)
{
    uint32_t h = table_hash(spvk_hash_u32((uint32_t)(uintptr_t)interned_name));
    const ir_def_entry *e = table_probe(&o->defs, h, def_match, interned_name, NULL);
    return e ? e->def : NULL;
}

/* Defs are found without the lock: one inserted meanwhile (an unregistered op's) is looked for
   again under it. */
static const spvk_ir_op_def *def_find(spvk_ir_context *ctx, const char *interned_name)
{
    const spvk_ir_op_def *def = def_find_locked(ctx->owner, interned_name);
    if (def || !ctx->owner->num_views)
        return def;
    spvk_ir_context *o = tables_lock(ctx);
    def = def_find_locked(o, interned_name);
    tables_unlock(o);
    return def;
}

const spvk_ir_dialect *spvk_ir_dialect_lookup(spvk_ir_context *ctx, const char *name, size_t length)
{
    ctx = ctx->owner;
    for (uint32_t i = 0; i < ctx->num_dialects; i++) {
        const spvk_ir_dialect *d = ctx->dialects[i];
        if (strlen(d->name) == length && memcmp(d->name, name, length) == 0)
            return d;
        for (uint32_t k = 0; k < d->num_aliases; k++)
            if (strlen(d->aliases[k]) == length && memcmp(d->aliases[k], name, length) == 0)
                return d;
    }
    return NULL;
}

/* The def of interned_name, an op of dialect d that has none yet: made by d, where d makes its ops
   on first use. */
static const spvk_ir_op_def *def_made(spvk_ir_context *ctx, const spvk_ir_dialect *d, const char *interned_name)
{
    const spvk_ir_op_def *made = d->make_op ? d->make_op(ctx, d, interned_name) : NULL;
    if (!made)
        return NULL;
    spvk_ir_context *o = tables_lock(ctx);
    const spvk_ir_op_def *def = def_find_locked(o, interned_name); /* another thread's, made first */
    if (!def && register_op_locked(ctx, o, interned_name, made))
        def = made;
    tables_unlock(o);
    return def;
}

const spvk_ir_op_def *spvk_ir_op_def_lookup(spvk_ir_context *ctx, const char *name, size_t length)
{
    const char *iname = spvk_ir_intern(ctx, name, length);
    if (!iname)
        return NULL;
    const spvk_ir_op_def *def = def_find(ctx, iname);
    if (def)
        return def;
    const char *dot = memchr(name, '.', length);
    if (!dot)
        return NULL;
    size_t prefix = (size_t)(dot - name);
    const spvk_ir_dialect *d = spvk_ir_dialect_lookup(ctx, name, prefix);
    if (!d)
        return NULL;
    size_t dn = strlen(d->name);
    if (dn != prefix || memcmp(d->name, name, prefix) != 0) {
        /* A dialect alias: "spv.IAdd" is "spirv.IAdd". */
        size_t rest = length - prefix;
        char small[256];
        if (dn + rest >= sizeof small)
            return NULL;
        memcpy(small, d->name, dn);
        memcpy(small + dn, dot, rest);
        iname = spvk_ir_intern(ctx, small, dn + rest);
        if (!iname)
            return NULL;
        def = def_find(ctx, iname);
        if (def)
            return def;
    }
    return def_made(ctx, d, iname);
}

const spvk_ir_op_def *ir_unregistered_def(spvk_ir_context *ctx, const char *name, size_t length)
{
    const char *iname = spvk_ir_intern(ctx, name, length);
    if (!iname)
        return NULL;
    /* Found or made under one lock: two threads meeting the same unknown name get one def. */
    spvk_ir_context *o = tables_lock(ctx);
    const spvk_ir_op_def *def = def_find_locked(o, iname);
    if (!def) {
        spvk_ir_op_def *nd = uniqued_alloc(ctx, sizeof *nd);
        if (nd) {
            nd->name = iname;
            nd->traits = SPVK_TRAIT_UNREGISTERED;
            nd->num_regions = -1;
            if (register_op_locked(ctx, o, iname, nd))
                def = nd;
        }
    }
    tables_unlock(o);
    return def;
}

bool spvk_ir_register_dialect(spvk_ir_context *ctx, const spvk_ir_dialect *dialect)
{
    for (uint32_t i = 0; i < ctx->num_dialects; i++)
        if (ctx->dialects[i] == dialect)
            return true;
    if (ctx->num_dialects == IR_MAX_DIALECTS)
        return false;
    ctx->dialects[ctx->num_dialects++] = dialect;
    if (dialect->register_ops && !dialect->register_ops(ctx, dialect))
        return false;
    return !ctx->failed;
}

/* ---- Context ---- */

#define CACHE_BYTES ((size_t)IR_CACHES * IR_CACHE_SIZE * sizeof(ir_cache_entry))

static ir_cache_entry *cache_create(const spvk_allocator *allocator)
{
    ir_cache_entry *c = spvk_alloc(allocator, CACHE_BYTES);
    if (c)
        memset(c, 0, CACHE_BYTES);
    return c;
}

spvk_ir_context *spvk_ir_context_create(const spvk_allocator *allocator)
{
    spvk_ir_context *ctx = spvk_alloc(allocator, sizeof *ctx);
    if (!ctx)
        return NULL;
    memset(ctx, 0, sizeof *ctx);
    ctx->owner = ctx;
    ctx->allocator = allocator;
    ctx->allow_unregistered = true;
    if (pthread_mutex_init(&ctx->lock, NULL) != 0) {
        spvk_free(allocator, ctx, sizeof *ctx);
        return NULL;
    }
    /* The cache in front of the tables pays with one thread too: a hit costs no probe of a table
       of hundreds of thousands of slots. */
    ctx->cache = cache_create(allocator);
    if (!ctx->cache) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    /* Made now, so that views never race to make it. */
    ctx->empty_dictionary = spvk_ir_dictionary_attr(ctx, NULL, NULL, 0);
    ctx->unit = spvk_ir_unit_attr(ctx);
    if (!ctx->empty_dictionary || !ctx->unit) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

ir_cache_entry *ir_context_cache_create(const spvk_allocator *allocator) { return cache_create(allocator); }

void ir_context_cache_free(const spvk_allocator *allocator, ir_cache_entry *cache)
{
    spvk_free(allocator, cache, CACHE_BYTES);
}

void ir_context_take_heap(spvk_ir_context *o, spvk_ir_context *v)
{
    /* The view's chunks go behind the owner's current one, whose free space stays in use. */
    if (v->chunks) {
        arena_chunk *tail = v->chunks;
        while (tail->next)
            tail = tail->next;
        if (o->chunks) {
            tail->next = o->chunks->next;
            o->chunks->next = v->chunks;
        } else {
            o->chunks = v->chunks;
        }
    }
    if (v->uniqued_chunks) {
        arena_chunk *tail = v->uniqued_chunks;
        while (tail->next)
            tail = tail->next;
        tail->next = o->uniqued_chunks;
        o->uniqued_chunks = v->uniqued_chunks;
    }
    o->memory += v->memory;
    for (size_t c = 0; c < IR_FREE_CLASSES; c++) {
        void *head = v->free_lists[c];
        if (!head)
            continue;
        void *tail = head;
        while (*(void **)tail)
            tail = *(void **)tail;
        *(void **)tail = o->free_lists[c];
        o->free_lists[c] = head;
    }
    v->chunks = v->uniqued_chunks = NULL;
    memset(v->free_lists, 0, sizeof v->free_lists);
    v->memory = 0;
    if (v->failed)
        o->failed = true;
}

void spvk_ir_context_destroy(spvk_ir_context *ctx)
{
    if (!ctx)
        return;
    table_free(ctx, &ctx->names);
    table_free(ctx, &ctx->types);
    table_free(ctx, &ctx->attrs);
    table_free(ctx, &ctx->defs);
    spvk_free(ctx->allocator, ctx->big_items, ctx->big_items_capacity * sizeof *ctx->big_items);
    size_t header = (sizeof(arena_chunk) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    for (arena_chunk *c = ctx->chunks, *next; c; c = next) {
        next = c->next;
        spvk_free(ctx->allocator, c, header + c->size);
    }
    for (arena_chunk *c = ctx->uniqued_chunks, *next; c; c = next) {
        next = c->next;
        spvk_free(ctx->allocator, c, header + c->size);
    }
    spvk_free(ctx->allocator, ctx->cache, CACHE_BYTES);
    pthread_mutex_destroy(&ctx->lock);
    const spvk_allocator *a = ctx->allocator;
    spvk_free(a, ctx, sizeof *ctx);
}

void spvk_ir_context_allow_unregistered(spvk_ir_context *ctx, bool allow) { ctx->owner->allow_unregistered = allow; }
bool spvk_ir_context_allows_unregistered(const spvk_ir_context *ctx) { return ctx->owner->allow_unregistered; }
const spvk_allocator *spvk_ir_context_allocator(const spvk_ir_context *ctx) { return ctx->allocator; }
bool spvk_ir_context_failed(const spvk_ir_context *ctx) { return ctx->failed; }

static size_t table_bytes(const ir_table *t)
{
    size_t n = 0;
    for (const ir_slots *s = table_live(t); s; s = s->retired)
        n += slots_bytes(s->capacity);
    return n;
}

size_t spvk_ir_context_memory(const spvk_ir_context *ctx)
{
    return ctx->memory + table_bytes(&ctx->names) + table_bytes(&ctx->types) + table_bytes(&ctx->attrs) +
           table_bytes(&ctx->defs);
}
