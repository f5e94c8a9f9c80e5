/* The printer's state (printer.c), shared with the threads that print a streamed module's
   children (src/ir_parallel/print_workers.c): each of them prints with a copy of the calling
   thread's printer (ir_printer_child_init), the root's numbering shared read-only. */
#ifndef SPVK_IR_PRINTER_INTERNAL_H
#define SPVK_IR_PRINTER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/ir_asm.h"
#include "../support/support.h"

/* ---- Pointer -> number table ---- */

typedef struct ptr_entry {
    const void *key;
    uint32_t a, b;
} ptr_entry;

typedef struct ptr_map {
    ptr_entry *slots;
    size_t capacity; /* power of two or 0 */
    size_t count;
} ptr_map;

/* A type's text as printed before (direct-mapped by the type): a function spells the same few
   types (`i32`, `!spirv.ptr<i32, Function>`) at nearly every op, and copying their text costs
   less than walking them again. Types are uniqued and print the same wherever they appear. */
#define TYPE_TEXTS 64
typedef struct type_text {
    const spvk_ir_type *type;
    uint32_t length;
    char text[116];
} type_text;

typedef struct name_group {
    uint32_t start;  /* first result of the group */
    uint32_t id;     /* numbered: the number; named: offset of the name in the pool */
    uint32_t length; /* 0: numbered */
} name_group;

typedef struct used_name {
    uint32_t hash, offset, length;
    uint32_t next; /* the bucket's next entry + 1 */
} used_name;

/* Names given while numbering one IR (or one streamed child), and the set of names in use in the
   region being numbered. Names are only ever removed last-added first (leaving a region), so the
   set is a stack with chained buckets: an entry leaving is the head of its bucket. */
typedef struct name_set {
    spvk_buffer pool; /* every name given: printing reads them */
    name_group *groups;
    size_t num_groups, groups_cap;
    used_name *used;
    size_t num_used, used_cap;
    uint32_t *buckets; /* entry + 1 */
    size_t num_buckets;
} name_set;

struct spvk_ir_printer {
    spvk_ir_context *ctx;
    const spvk_allocator *alloc;
    spvk_buffer out;
    bool generic, debug_info;
    uint32_t indent;
    /* The dialect whose ops print without their prefix (spvk_ir_op_def.default_dialect); NULL:
       builtin. */
    const char *default_dialect;
    ptr_map ops;    /* op -> first result number */
    ptr_map blocks; /* block -> (label, first argument number | ENTRY_BIT) */
    /* Streaming (spvk_ir_print_options.stream): the names inside the child being printed,
       made when it is reached and dropped after it, and where its numbering starts. */
    const spvk_ir_op *root;
    const spvk_ir_stream *stream;
    ptr_map child_ops, child_blocks;
    uint32_t child_value_base, child_arg_base, child_conflict_base;
    /* Result names (below): the root's numbering's, and the streamed child's. */
    name_set names, child_names;
    bool in_child;
    spvk_result hook_result;
    /* The first op met holding a region that is not materialized (outside a streamed child's
       body, which the stream builds): the print fails and names it. */
    const spvk_ir_op *unmaterialized;
    bool failed;
    spvk_ir_write_fn write; /* spvk_ir_print_to: where the text goes, a chunk at a time */
    void *write_user;
    bool write_failed;      /* the writer refused a chunk (failed is set too) */
    /* spvk_ir_print_options.workers (src/ir_parallel/print_workers.c): the threads printing the
       streamed root's children, and their state; NULL: this thread prints every child. */
    const spvk_ir_print_workers *workers;
    void *workers_state;
    /* The workers': where this thread last found a root child's slot, and the stream's verifier
       when they took the verification over (spvk_ir_stream.take_verification). */
    uint32_t slot_cursor;
    spvk_ir_verifier *reporter;
    /* Aliases for shared sub-trees (NULL: none, nearly always). Made by the calling thread before
       any text; workers share it read-only. */
    struct alias_table *aliases;
    size_t limit; /* spvk_ir_print_type/attr: text past this length is left out (0: no limit) */
    type_text type_texts[TYPE_TEXTS];
};

/* Text goes out in chunks of about this size, so that printing a large module never holds its
   whole text. */
#define PRINT_CHUNK (64u * 1024u)

typedef spvk_ir_printer printer;

#define ENTRY_BIT 0x80000000u

/* What the printer asks of the threads that print the streamed root's children
   (spvk_ir_print_options.workers; spvk_ir_parallel_print_workers in spvkit/ir_parallel.h). The
   text and the order of the stream's hooks are those of one thread. */
struct spvk_ir_print_workers {
    /* Once the root is numbered and its aliases are out, before its first child: the workers'
       state, or NULL (they cannot start; this thread prints every child). */
    void *(*start)(spvk_ir_printer *p, const spvk_ir_op *root, unsigned threads);
    /* The next child of the root, in module order: made whole (child_begin), printed by a worker
       or this thread, written out in order, then child_end. */
    void (*child)(void *state, spvk_ir_op *child);
    /* After the root's last child: every child's text is out. */
    void (*drain)(void *state);
    /* Stops the workers and frees the state. */
    void (*stop)(void *state);
};

/* A copy of main for another thread printing children of main's root into its own output (the
   root's numbering, options and aliases shared read-only; its own child maps), through ctx (that
   thread's view of the context), at the children's indent. */
void ir_printer_child_init(spvk_ir_printer *p, const spvk_ir_printer *main, spvk_ir_context *ctx, uint32_t indent);
/* Frees what ir_printer_child_init made (not the output). */
void ir_printer_child_release(spvk_ir_printer *p);
/* A streamed child of the root, numbered from the root's counters and printed into p->out. */
void ir_printer_print_child(spvk_ir_printer *p, spvk_ir_op *child);
/* A child's text printed by another thread goes out (failed: its printer ran out of memory). */
void ir_printer_append(spvk_ir_printer *p, const spvk_buffer *text, bool failed);

#endif
