/* The IR's private header: the context's layout and helpers shared by the files of src/ir. */
#ifndef SPVK_IR_INTERNAL_H
#define SPVK_IR_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "spvkit/ir.h"
#include "../support/support.h"

/* builtin.module's custom form, `module @name? (attributes {...})? { ... }` (parser.c, printer.c;
   src/ir/builtin.c points the op def here). */
bool spvk_ir_builtin_module_parse(spvk_ir_parser *p, spvk_ir_op_state *state);
void spvk_ir_builtin_module_print(spvk_ir_printer *p, const spvk_ir_op *op);

#define IR_MAX_DIALECTS 32
/* Freed IR memory is kept in one list per 16-byte size class up to this many classes (1 KiB);
   larger pieces stay in the arena until the context goes. */
#define IR_FREE_CLASSES 64

/* An open-addressing set of uniqued items. Each slot keeps its item's hash beside the pointer, so
   that probing reads the slot array alone and touches an item only when the hashes match: with
   hundreds of thousands of items (a location per parsed op) a probe that dereferenced every
   item it passed cost a cache miss per step. Hash 0 marks an empty slot (ir_table_hash never
   returns it).

   While worker views exist, a lookup first probes without the lock (most find what they look
   for), and only inserting takes it. So the slots are atomic: an inserter stores the item, then
   its hash with release; a reader that acquires a hash sees the item, whole. A table that grows
   publishes its new slots with release, and keeps the old ones (readers may still be probing
   them) until no view exists. */
typedef struct ir_slot {
    _Atomic uint32_t hash;
    void *_Atomic item;
} ir_slot;

typedef struct ir_slots {
    struct ir_slots *retired; /* older arrays kept for readers, freed with the table */
    size_t capacity;          /* a power of two */
    ir_slot slot[];
} ir_slots;

typedef struct ir_table {
    ir_slots *_Atomic live; /* NULL until the first insertion */
    size_t count;
} ir_table;

typedef struct ir_def_entry {
    const char *name; /* interned */
    const spvk_ir_op_def *def;
} ir_def_entry;

/* A thread's cache of uniqued items it found (names, types, attributes; direct-mapped by hash),
   so that the items a function uses over and over are found without the shared tables' lock,
   and without probing tables of hundreds of thousands of slots. */
#define IR_CACHE_SIZE 2048u
typedef struct ir_cache_entry {
    uint32_t hash;
    void *item;
} ir_cache_entry;
enum { IR_CACHE_NAMES, IR_CACHE_TYPES, IR_CACHE_ATTRS, IR_CACHES };

/* A context, or a worker's view of one (ir_context_view_create). Each has its own heap, so that
   threads allocate without locking; everything else is the owner's, and a view reaches it
   through `owner`. While views exist the owner's tables are shared between threads: every
   lookup or insertion takes `lock`. */
struct spvk_ir_context {
    spvk_ir_context *owner; /* itself, or the context a view works for */
    const spvk_allocator *allocator;
    /* This thread's heap. */
    struct arena_chunk *chunks;
    /* Its heap of uniqued items (names, types, attributes, op defs): immutable once made and read
       by every thread, they are kept apart from the IR this thread writes, or a line they share
       with an op being built would move between the processors at every read. */
    struct arena_chunk *uniqued_chunks;
    size_t memory;
    void *free_lists[IR_FREE_CLASSES]; /* erased IR: each piece's first word links the next */
    ir_cache_entry *cache;             /* IR_CACHES * IR_CACHE_SIZE: this thread's (ir_cache_entry) */
    bool failed;
    /* The owner's alone. */
    bool allow_unregistered;
    ir_table names;
    ir_table types;
    ir_table attrs;
    ir_table defs;
    const spvk_ir_dialect *dialects[IR_MAX_DIALECTS];
    uint32_t num_dialects;
    const spvk_ir_type *int_types[65]; /* signless iN cache, filled while no view exists */
    const spvk_ir_type *float_types[4]; /* f16, f32, f64, bf16: the same */
    const spvk_ir_attr *empty_dictionary, *unit; /* made with the context (asked for per op) */
    uint32_t num_views; /* changed only while no view's thread runs */
    /* Every type and attribute whose text_bound exceeds IR_ALIAS_MIN_TEXT, in the order made
       (under the lock): what a streamed print may meet that it cannot see yet (printer.c). Each
       entry's low bit says an attribute. */
    uintptr_t *big_items;
    uint32_t num_big_items, big_items_capacity;
    pthread_mutex_t lock;
};

/* Text longer than this (bytes, written out in full) that would be printed more than once prints
   through an alias (docs/ir.md, Text). */
#ifndef IR_ALIAS_MIN_TEXT
#define IR_ALIAS_MIN_TEXT 16384u
#endif

/* A copy of ctx's big items (struct spvk_ir_context), taken under the lock; *items is freed
   with ctx's allocator (count * sizeof(uintptr_t)). false when out of memory. */
bool ir_context_big_items(spvk_ir_context *ctx, uintptr_t **items, uint32_t *count);

/* What views of a context (src/ir_parallel/context_view.c) are made of: a cache of uniqued items
   of their own, and a heap that goes to the owner when the view does (its chunks, its free
   lists, its memory count, its failure). */
ir_cache_entry *ir_context_cache_create(const spvk_allocator *allocator);
void ir_context_cache_free(const spvk_allocator *allocator, ir_cache_entry *cache);
void ir_context_take_heap(spvk_ir_context *owner, spvk_ir_context *from);

/* A silent verifier working in ctx (a view, for another thread) that shares parent's symbol
   indexes, after building parent's index of table's symbols (NULL: none), so that neither builds
   that index again. It reads them on its thread while parent may run on another: the symbols of
   those tables must not change while it lives. Whichever of them lets go of an index last frees it. */
spvk_ir_verifier *ir_verifier_create_sharing(spvk_ir_context *ctx, spvk_ir_verifier *parent, const spvk_ir_op *table);

/* Gives memory from spvk_ir_alloc back for reuse (size as allocated, or smaller). */
void ir_free(spvk_ir_context *ctx, void *p, size_t size);
/* Memory for what never changes once made and every thread reads (an op def, a custom form's
   data): from the heap of the uniqued types and attributes, away from the IR that threads write.
   (Op defs made on first use from spvk_ir_alloc's heap sat among the ops the calling thread was
   building: deserializing `names` took 47.7 ms against 46.3, with 4 ms more CPU.) */
void *ir_alloc_immutable(spvk_ir_context *ctx, size_t size);
const char *ir_intern_cstr(spvk_ir_context *ctx, const char *s);
/* Op-owned locations. A parsed op's implicit position (file:line:col) is unique to that op, so
   uniquing it only costs: a table entry per op that is never freed. Such a location (hash 0
   marks it: uniqued attributes never hash to 0) lives in its op's allocation: spvk_ir_op_create
   copies one given in the state there (the parser passes one from its stack), and it goes with
   the op. An attribute that holds one gets the uniqued location instead. `file` is interned. */
static inline bool ir_attr_is_owned(const spvk_ir_attr *a) { return a && a->hash == 0; }
/* spvk_ir_block_add_arg, with owned_loc (one ir_attr_is_owned accepts, or NULL) copied into the
   argument's allocation as its location: a parsed argument's position is its own as much as an
   op's is. Uniqued, it took the shared tables' lock once per parsed function on every thread
   (serializing `names`: 60.1 -> 56.2 ms, docs/benchmarks.md). */
spvk_ir_value *ir_block_add_arg_owning(spvk_ir_context *ctx, spvk_ir_block *block, const spvk_ir_type *type,
                                       const spvk_ir_attr *owned_loc);
/* The index of op in ops[0, n) (n when absent), looked for from *cursor on, wrapping around once,
   and *cursor left there. A stream's consumer (spvk_ir_stream_consumer) is asked for the root's
   children in module order on each thread, so a cursor per thread finds one in a step or two,
   where a hash index had to be built before the first child could be handed out (1.1 ms for
   10,700 functions) and cost a cache miss per lookup. */
static inline uint32_t ir_find_from(const spvk_ir_op *const *ops, uint32_t n, uint32_t *cursor, const spvk_ir_op *op)
{
    uint32_t i = *cursor < n ? *cursor : 0;
    for (uint32_t step = 0; step < n; step++, i = i + 1 == n ? 0 : i + 1)
        if (ops[i] == op) {
            *cursor = i;
            return i;
        }
    return n;
}

/* The def for an op name nobody registered (created once per name). */
/* Reads `strided<[...], offset: ...>` written with any spacing (src/ir/layout.c); the parser
   rewrites a strided layout into its canonical text with it. */
bool spvk_ir_strided_layout_parse_text(const char *text, size_t length, int64_t *strides, uint32_t max, uint32_t *rank,
                                       int64_t *offset);
const spvk_ir_op_def *ir_unregistered_def(spvk_ir_context *ctx, const char *name, size_t length);

#endif
