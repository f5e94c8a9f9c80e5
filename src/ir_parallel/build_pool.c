/* Building a streamed module's functions on several threads: see build_pool.h. */
#include <pthread.h>
#include <string.h>

#include "build_pool.h"
#include "../ir/ir_internal.h"
#include "context_view.h"
#include "../support/thread.h"

/* An item's state. WAITING: not built; CLAIMED: being built; BUILT; FAILED: its builder failed;
   FREEING: queued for its builder to free. */
enum { ITEM_WAITING, ITEM_CLAIMED, ITEM_BUILT, ITEM_FAILED, ITEM_FREEING };

/* The consumer's own builder is 0, worker k is k, the consumer's helper this. */
#define POOL_HELPER 255u

typedef struct pool_item {
    spvk_ir_op *op;
    size_t start, end;
    uint8_t state;
    uint8_t builder;
    bool asked;        /* the consumer asked for it (a worker may build ahead of any ask) */
    bool verified;     /* its builder verified the op */
    bool used;         /* the stream consumer used it on its builder's thread; its bodies are freed */
    int32_t next_free; /* in the builder's list of bodies to free */
    /* FREEING: the blocks of its bodies, taken out of the op when the consumer let them go (so
       that the op reads as unmaterialized at once) and left for the builder to free. */
    spvk_ir_region detached;
} pool_item;

typedef struct pool_builder {
    ir_build_pool *pool;
    uint8_t index;
    void *state;                /* the client's builder */
    spvk_ir_context *view;      /* NULL for the helper, which builds in the context itself */
    spvk_ir_verifier *verifier; /* with verify */
    void *consumer_state;       /* the stream consumer's state for this thread */
    int32_t free_head;          /* bodies it built that the consumer is done with */
    bool running;               /* its thread was started */
    bool dead;                  /* its build failed: it claims nothing more */
    pthread_t thread;
} pool_builder;

struct ir_build_pool {
    spvk_ir_context *ctx;
    ir_build_client client;
    spvk_ir_stream_consumer consumer; /* use NULL: none */
    size_t window;
    pool_builder helper;
    pthread_mutex_t lock;
    pthread_cond_t work;  /* workers: room in the window, bodies to free, or stop */
    pthread_cond_t built; /* the consumer: a worker finished a body */
    pool_item *items;
    uint32_t num_items;
    uint32_t next;       /* items below are all claimed */
    uint32_t last_asked; /* the item the consumer asked for last */
    size_t horizon;      /* workers claim items ending at or before this */
    uint32_t sleeping;   /* workers waiting on `work` */
    bool stop;
    pool_builder *workers;
    uint32_t num_workers, capacity; /* started, allocated */
};

/* Builds items [first, last] on the calling thread (lock held on entry and exit, released while
   building). With b (a worker, the helper) the build is silent and verified when the pool verifies (a
   failure to verify is left to the consumer's verifier, which reports it). Without b, the
   client's own builder builds and reports. Fields other than state are written unlocked: nobody
   reads them while the item is CLAIMED. A failure ends the run: what is left goes back to WAITING. */
static void pool_build(ir_build_pool *pool, uint32_t first, uint32_t last, pool_builder *b)
{
    for (uint32_t k = first; k <= last; k++) {
        pool->items[k].state = ITEM_CLAIMED;
        pool->items[k].builder = b ? b->index : 0;
    }
    pthread_mutex_unlock(&pool->lock);
    uint32_t k = first;
    bool ok = true;
    for (; k <= last && ok; k++) {
        pool_item *it = &pool->items[k];
        ok = pool->client.build(pool->client.user, b ? b->state : NULL, k);
        it->verified = ok && b && b->verifier && spvk_ir_verifier_run(b->verifier, it->op) == SPVK_OK;
        /* Used where it was built, while it is in this thread's caches, and freed at once. What did
           not verify is left to the consumer, which reports it. */
        it->used = ok && b && b->consumer_state && (it->verified || !b->verifier) &&
                   pool->consumer.use(pool->consumer.user, b->consumer_state, it->op);
        if (it->used)
            pool->client.free_bodies(pool->client.user, b->view ? b->view : pool->ctx, k);
    }
    pthread_mutex_lock(&pool->lock);
    for (uint32_t j = first; j < k; j++)
        pool->items[j].state = ITEM_BUILT;
    if (!ok) {
        pool->items[k - 1].state = ITEM_FAILED;
        for (uint32_t j = k; j <= last; j++)
            pool->items[j].state = ITEM_WAITING;
        if (pool->next > k)
            pool->next = k;
        if (b)
            b->dead = true;
    }
}

/* The next item a worker may claim, or -1 (lock held). */
static int64_t claimable(ir_build_pool *pool)
{
    while (pool->next < pool->num_items && pool->items[pool->next].state != ITEM_WAITING)
        pool->next++;
    if (pool->next == pool->num_items || pool->items[pool->next].end > pool->horizon)
        return -1;
    return pool->next;
}

/* A worker claims a run of items at once, within a 32nd of the window from the first: a small
   function takes microseconds to build, and a claim and a hand-back per function (the lock's cache
   line crossing between the threads, a wake-up) cost as much again. Serializing 10,700 functions
   of 23 ops each on two threads: 105 ms against 115 ms claiming one at a time (4,000 functions of
   about 110 ops: 177 against 183 ms). A run of a 32nd of the window is as fast as one of a 4th
   and adds less to the peak memory (2 MiB on the first, 5.6 MiB on the second). */
#define POOL_RUN_FRACTION 32u

/* The last item of the run a worker claims from claimable item k (lock held). */
static uint32_t claim_run(ir_build_pool *pool, uint32_t k)
{
    size_t limit = pool->items[k].start + pool->window / POOL_RUN_FRACTION;
    uint32_t last = k;
    while (last + 1 < pool->num_items && pool->items[last + 1].state == ITEM_WAITING &&
           pool->items[last + 1].end <= pool->horizon && pool->items[last + 1].end <= limit)
        last++;
    return last;
}

/* Frees the bodies queued for b (lock held on entry and exit, released while freeing). */
static void drain_frees(pool_builder *b)
{
    ir_build_pool *pool = b->pool;
    while (b->free_head >= 0) {
        int32_t head = b->free_head;
        b->free_head = -1;
        pthread_mutex_unlock(&pool->lock);
        for (int32_t i = head; i >= 0; i = pool->items[i].next_free)
            spvk_ir_region_unmaterialize(b->view, &pool->items[i].detached); /* nobody else reaches it */
        pthread_mutex_lock(&pool->lock);
        for (int32_t i = head; i >= 0; i = pool->items[i].next_free)
            pool->items[i].state = ITEM_WAITING;
        pthread_cond_broadcast(&pool->built);
    }
}

static void *worker_main(void *arg)
{
    pool_builder *b = arg;
    ir_build_pool *pool = b->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        drain_frees(b); /* unlocks while freeing: stop is read after it */
        if (pool->stop)
            break;
        int64_t k = b->dead ? -1 : claimable(pool);
        if (k < 0) {
            pool->sleeping++;
            pthread_cond_wait(&pool->work, &pool->lock);
            pool->sleeping--;
            continue;
        }
        uint32_t last = claim_run(pool, (uint32_t)k);
        pool->next = last + 1;
        pool_build(pool, (uint32_t)k, last, b);
        pthread_cond_broadcast(&pool->built);
    }
    drain_frees(b);
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* A builder: a view of the context (none for the helper) and the client's builder state. */
static bool builder_init(pool_builder *b, ir_build_pool *pool, uint8_t index, spvk_ir_verifier *verifier)
{
    b->pool = pool;
    b->index = index;
    b->free_head = -1;
    b->view = index == POOL_HELPER ? NULL : ir_context_view_create(pool->ctx);
    if (index != POOL_HELPER && !b->view)
        return false;
    spvk_ir_context *ctx = b->view ? b->view : pool->ctx;
    b->state = pool->client.builder_create(pool->client.user, ctx);
    if (!b->state)
        return false;
    if (pool->consumer.use && !(b->consumer_state = pool->consumer.thread_create(pool->consumer.user, ctx)))
        return false;
    return !verifier ||
           (b->verifier = ir_verifier_create_sharing(ctx, verifier, spvk_ir_symbol_table_of(pool->items[0].op))) != NULL;
}

static void builder_release(ir_build_pool *pool, pool_builder *b)
{
    if (b->state)
        pool->client.builder_destroy(pool->client.user, b->state);
    b->state = NULL;
    if (b->consumer_state)
        pool->consumer.thread_destroy(pool->consumer.user, b->consumer_state);
    b->consumer_state = NULL;
    spvk_ir_verifier_destroy(b->verifier);
    b->verifier = NULL;
    ir_context_view_destroy(b->view);
    b->view = NULL;
}

/* The heap a builder's bodies are freed into. */
static spvk_ir_context *builder_ctx(ir_build_pool *pool, uint8_t builder)
{
    return builder == 0 || builder == POOL_HELPER ? pool->ctx : pool->workers[builder - 1].view;
}

static void free_pool(ir_build_pool *pool, bool locks)
{
    const spvk_allocator *alloc = spvk_ir_context_allocator(pool->ctx);
    if (locks) {
        pthread_cond_destroy(&pool->built);
        pthread_cond_destroy(&pool->work);
        pthread_mutex_destroy(&pool->lock);
    }
    spvk_free(alloc, pool->items, (size_t)pool->num_items * sizeof *pool->items);
    spvk_free(alloc, pool->workers, (size_t)pool->capacity * sizeof *pool->workers);
    spvk_free(alloc, pool, sizeof *pool);
}

ir_build_pool *ir_build_pool_create(spvk_ir_context *ctx, const ir_build_client *client, const ir_build_item *items,
                                    uint32_t num_items, unsigned threads, size_t window, spvk_ir_verifier *verifier,
                                    const spvk_ir_stream_consumer *consumer)
{
    if (num_items < 2 || threads < 2)
        return NULL;
    const spvk_allocator *alloc = spvk_ir_context_allocator(ctx);
    uint32_t nw = ir_build_pool_workers(threads);
    ir_build_pool *pool = spvk_alloc(alloc, sizeof *pool);
    if (!pool)
        return NULL;
    memset(pool, 0, sizeof *pool);
    pool->ctx = ctx;
    pool->client = *client;
    if (consumer && consumer->use)
        pool->consumer = *consumer;
    pool->window = window;
    pool->num_items = num_items;
    pool->capacity = nw;
    pool->items = spvk_alloc(alloc, (size_t)num_items * sizeof *pool->items);
    pool->workers = spvk_alloc(alloc, (size_t)nw * sizeof *pool->workers);
    if (!pool->items || !pool->workers || pthread_mutex_init(&pool->lock, NULL) != 0) {
        free_pool(pool, false);
        return NULL;
    }
    if (pthread_cond_init(&pool->work, NULL) != 0) {
        pthread_mutex_destroy(&pool->lock);
        free_pool(pool, false);
        return NULL;
    }
    if (pthread_cond_init(&pool->built, NULL) != 0) {
        pthread_cond_destroy(&pool->work);
        pthread_mutex_destroy(&pool->lock);
        free_pool(pool, false);
        return NULL;
    }
    memset(pool->items, 0, (size_t)num_items * sizeof *pool->items);
    memset(pool->workers, 0, (size_t)nw * sizeof *pool->workers);
    for (uint32_t k = 0; k < num_items; k++) {
        pool_item *it = &pool->items[k];
        it->op = items[k].op;
        it->start = items[k].start;
        it->end = items[k].end;
        it->next_free = -1;
        if (items[k].built)
            it->state = ITEM_BUILT;
    }
    pool->horizon = window;
    if (!builder_init(&pool->helper, pool, POOL_HELPER, verifier)) {
        builder_release(pool, &pool->helper);
        pool->helper.dead = true;
    }
    for (uint32_t i = 0; i < nw; i++) {
        if (!builder_init(&pool->workers[i], pool, (uint8_t)(i + 1), verifier)) {
            builder_release(pool, &pool->workers[i]);
            break;
        }
        pool->num_workers = i + 1;
    }
    for (uint32_t i = 0; i < pool->num_workers; i++)
        pool->workers[i].running = spvk_thread_create(&pool->workers[i].thread, NULL, worker_main, &pool->workers[i]) == 0;
    return pool;
}

void ir_build_pool_destroy(ir_build_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stop = true;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t i = 0; i < pool->num_workers; i++)
        if (pool->workers[i].running)
            pthread_join(pool->workers[i].thread, NULL);
    /* What workers built ahead of a consumer that stopped: unmaterialized, as if never reached. */
    for (uint32_t k = 0; k < pool->num_items; k++) {
        pool_item *it = &pool->items[k];
        if (!it->asked && !it->used && (it->state == ITEM_BUILT || it->state == ITEM_FAILED))
            pool->client.free_bodies(pool->client.user, builder_ctx(pool, it->builder), k);
    }
    builder_release(pool, &pool->helper);
    for (uint32_t i = 0; i < pool->num_workers; i++)
        builder_release(pool, &pool->workers[i]);
    free_pool(pool, true);
}

void ir_build_detach_blocks(spvk_ir_region *from, spvk_ir_region *into)
{
    if (from->unmaterialized)
        return;
    if (from->first) {
        if (into->last) {
            into->last->next = from->first;
            from->first->prev = into->last;
        } else {
            into->first = from->first;
        }
        into->last = from->last;
    }
    from->first = from->last = NULL;
    from->unmaterialized = true;
}

bool ir_build_pool_take(ir_build_pool *pool, uint32_t k)
{
    pool_item *it = &pool->items[k];
    pthread_mutex_lock(&pool->lock);
    it->asked = true;
    /* The consumer goes in order: nobody else builds this item or one before it (this round). */
    if (k < pool->last_asked) {
        /* Streamed again from an earlier item: the workers start over from here. */
        pool->next = k + 1;
        pool->horizon = 0;
    } else if (pool->next <= k) {
        pool->next = k + 1;
    }
    pool->last_asked = k;
    /* The window follows the consumer; sleeping workers wake once a quarter of it is free. */
    if (it->start + pool->window > pool->horizon) {
        pool->horizon = it->start + pool->window;
        int64_t c = claimable(pool);
        if (pool->sleeping && c >= 0 && pool->items[c].end + pool->window / 4 <= pool->horizon)
            pthread_cond_broadcast(&pool->work);
    }
    while (it->state == ITEM_CLAIMED || it->state == ITEM_FREEING) {
        /* A worker is on it: build the next unclaimed item meanwhile, or wait. A body waiting to
           be freed (the stream asks for it again) needs its worker awake. */
        if (it->state == ITEM_FREEING)
            pthread_cond_broadcast(&pool->work);
        int64_t c = pool->helper.dead ? -1 : claimable(pool);
        if (c >= 0) {
            pool->next = (uint32_t)c + 1;
            pool_build(pool, (uint32_t)c, (uint32_t)c, &pool->helper);
        } else {
            pthread_cond_wait(&pool->built, &pool->lock);
        }
    }
    if (it->state == ITEM_WAITING)
        pool_build(pool, k, k, NULL);
    if (it->state == ITEM_FAILED && it->builder != 0)
        pool_build(pool, k, k, NULL); /* again, for the consumer's diagnostics (or its success) */
    bool ok = it->state == ITEM_BUILT;
    pthread_mutex_unlock(&pool->lock);
    return ok;
}

bool ir_build_pool_verified(ir_build_pool *pool, uint32_t k)
{
    pool_item *it = &pool->items[k];
    pthread_mutex_lock(&pool->lock);
    bool verified = it->state == ITEM_BUILT && it->verified;
    pthread_mutex_unlock(&pool->lock);
    return verified;
}

void ir_build_pool_release(ir_build_pool *pool, uint32_t k)
{
    pool_item *it = &pool->items[k];
    pthread_mutex_lock(&pool->lock);
    if (it->state != ITEM_BUILT && it->state != ITEM_FAILED) {
        pthread_mutex_unlock(&pool->lock); /* not the consumer's (it never asked for it) */
        return;
    }
    uint8_t builder = it->builder;
    bool used = it->used;
    it->asked = false;
    it->verified = false;
    it->used = false;
    if (used) {
        it->state = ITEM_WAITING; /* freed where it was used */
        pthread_mutex_unlock(&pool->lock);
        return;
    }
    if (builder == 0 || builder == POOL_HELPER || !pool->workers[builder - 1].running) {
        it->state = ITEM_WAITING;
        pthread_mutex_unlock(&pool->lock);
        pool->client.free_bodies(pool->client.user, builder_ctx(pool, builder), k);
        return;
    }
    /* The worker frees it when it next wakes (for room in the window): no wake-up per body. The
       blocks leave the op now, so that it reads as unmaterialized at once, as with one thread. */
    pool_builder *b = &pool->workers[builder - 1];
    pool->client.detach(pool->client.user, k, &it->detached);
    it->state = ITEM_FREEING;
    it->next_free = b->free_head;
    b->free_head = (int32_t)k;
    pthread_mutex_unlock(&pool->lock);
}
