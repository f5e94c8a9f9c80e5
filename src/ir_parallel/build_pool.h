/* Building a streamed module's functions on several threads (build_pool.c): what the lazy parser
   (parser.c) and the SPIR-V deserializer (dialects/spirv/deserialize.c) share.

   A streaming translator builds each function's body just before its consumer (the printer, the
   serializer) uses it and frees it after. Functions are isolated from above, so once the module
   level is built each body can be built on its own. The pool's workers build bodies ahead of the
   consumer, each with a builder of its own (the client's) and a view of the context (its own
   heap; uniquing under the context's lock), within a window of the source ahead of the consumer,
   so that memory stays that of the functions in the window.

   The consumer still takes the items in order: take(k) waits for item k if a worker is on it, or
   builds it itself with the client's own builder (the one that reports diagnostics). While it
   waits it builds the next unclaimed item with a silent helper builder of its own. Diagnostics are
   the consumer's alone: an item a worker or the helper fails to build is built again by the
   client's own builder, which reports exactly what one thread reports. A body a worker built is
   freed by that worker (its heap's free lists are the ones it reuses), after the consumer is done
   with it. With a verifier (the consumer's), workers and the helper also verify what they build,
   each with a silent verifier of its own that shares its symbol indexes (so it must outlive the
   pool). With a stream consumer (spvk_ir_stream_consumer), they also use what they built and
   verified, on their own thread, and free it at once: the consumer takes the item used, its body
   gone. */
#ifndef SPVK_IR_BUILD_POOL_H
#define SPVK_IR_BUILD_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/ir.h"

typedef struct ir_build_pool ir_build_pool;

/* One item: an op whose bodies are built together, and where it lies in the source (any unit:
   bytes of text, words of binary), for the window. */
typedef struct ir_build_item {
    spvk_ir_op *op;
    size_t start, end;
    bool built; /* already built when the pool starts: the consumer's */
} ir_build_item;

typedef struct ir_build_client {
    void *user;
    /* A silent builder (no diagnostics) building into ctx: a worker's view, or the context itself
       for the consumer's helper, which builds on the consumer's thread (so the client may hand
       out its own builder there, silenced while it builds). NULL when it cannot be made. */
    void *(*builder_create)(void *user, spvk_ir_context *ctx);
    void (*builder_destroy)(void *user, void *builder);
    /* Builds item's bodies. builder NULL: the client's own, which reports what fails. A silent
       builder that failed is not asked again. */
    bool (*build)(void *user, void *builder, uint32_t item);
    /* Moves the blocks of item's built bodies into `into` (one list: a block's region field goes
       stale, which freeing does not read), sets into->op, and marks the bodies unmaterialized. */
    void (*detach)(void *user, uint32_t item, spvk_ir_region *into);
    /* Frees item's built bodies into ctx's heap, marking them unmaterialized. */
    void (*free_bodies)(void *user, spvk_ir_context *ctx, uint32_t item);
} ir_build_client;

/* For detach: appends from's blocks (if it is materialized) to into's and marks from unmaterialized. */
void ir_build_detach_blocks(spvk_ir_region *from, spvk_ir_region *into);

/* The most workers a pool starts. */
#define IR_BUILD_POOL_MAX_WORKERS 64u

/* The workers a pool of `threads` threads starts (threads >= 1). */
static inline unsigned ir_build_pool_workers(unsigned threads)
{
    return threads - 1 > IR_BUILD_POOL_MAX_WORKERS ? IR_BUILD_POOL_MAX_WORKERS : threads - 1;
}

/* Starts threads - 1 workers (at most IR_BUILD_POOL_MAX_WORKERS). NULL when there is nothing to
   share (fewer than two items) or they cannot start: the client then builds alone. items is
   copied. */
ir_build_pool *ir_build_pool_create(spvk_ir_context *ctx, const ir_build_client *client, const ir_build_item *items,
                                    uint32_t num_items, unsigned threads, size_t window, spvk_ir_verifier *verifier,
                                    const spvk_ir_stream_consumer *consumer);
/* The consumer takes item k (in order; an earlier k starts a new round): true when its bodies are
   built (or were used by the stream consumer, and are gone), false when the client's own builder failed on it. */
bool ir_build_pool_take(ir_build_pool *pool, uint32_t k);
/* Whether the item taken was verified by the worker or helper that built it. */
bool ir_build_pool_verified(ir_build_pool *pool, uint32_t k);
/* The consumer is done with item k: its bodies are freed, now or by the worker that built them. */
void ir_build_pool_release(ir_build_pool *pool, uint32_t k);
/* Stops the workers; what they built ahead of the consumer is freed (unmaterialized). */
void ir_build_pool_destroy(ir_build_pool *pool);

#endif
