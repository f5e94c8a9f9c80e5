/* A streamed module's children printed on several threads (spvk_ir_parallel_print_workers, for
   spvk_ir_print_options.workers): by the translator's workers that build them, or by the
   printer's own. The printer (src/ir/printer.c) calls these through spvk_ir_print_workers
   (src/ir/printer_internal.h) and prints alone without them. */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "spvkit/ir_parallel.h"
#include "../ir/ir_internal.h"
#include "../ir/printer_internal.h"
#include "../support/support.h"
#include "../support/thread.h"
#include "context_view.h"

typedef spvk_ir_printer printer;

/* ---- Printing streamed children where they are built ----
   spvk_ir_print_options.threads > 1, custom form, a stream whose translator builds on several
   threads (spvk_ir_stream.set_consumer): its workers print each child they build into the child's
   slot, on their own thread, and free it at once, so that the IR never leaves the cache of the
   thread that made it. The calling thread writes the slots out in module order (printing itself
   the children no worker took), so the text is that of one thread. */

typedef struct print_slot {
    spvk_buffer text;
    bool printed, failed; /* written by the worker that printed it, read after child_begin */
} print_slot;

/* Text buffers the calling thread has written out, for the workers to print into again: a
   buffer freed on another thread than the one that allocated it takes that thread's malloc
   arena lock, and on names the two threads then met on it 600 times a run. */
#define CONSUMER_SPARE 32

typedef struct print_consumer {
    printer *main;
    const spvk_ir_op **children; /* the root's, in order (ir_find_from); read-only while workers run */
    print_slot *slots;           /* one per child */
    uint32_t num_slots;
    uint32_t indent; /* of the root's children */
    pthread_mutex_t spare_lock;
    spvk_buffer spare[CONSUMER_SPARE];
    uint32_t num_spare;
} print_consumer;

/* An empty buffer for a worker to print into: a spare one when there is one. */
static spvk_buffer spare_take(print_consumer *c)
{
    spvk_buffer b;
    spvk_buffer_init(&b, c->main->alloc);
    pthread_mutex_lock(&c->spare_lock);
    if (c->num_spare)
        b = c->spare[--c->num_spare];
    pthread_mutex_unlock(&c->spare_lock);
    b.length = 0;
    return b;
}

/* Keeps a written-out buffer for the workers (frees it when there are spares enough); *b is left
   empty. */
static void spare_give(print_consumer *c, spvk_buffer *b)
{
    bool kept = false;
    if (b->data && !b->failed) {
        pthread_mutex_lock(&c->spare_lock);
        if (c->num_spare < CONSUMER_SPARE) {
            c->spare[c->num_spare++] = *b;
            kept = true;
        }
        pthread_mutex_unlock(&c->spare_lock);
    }
    if (!kept)
        spvk_buffer_free(b);
    spvk_buffer_init(b, c->main->alloc);
}

/* A building thread's printer: the options and the root's numbering (shared, read-only), its own
   child maps and output, the thread's view of the context. */
static void *consumer_thread_create(void *user, spvk_ir_context *ctx)
{
    print_consumer *c = user;
    printer *tp = spvk_alloc(c->main->alloc, sizeof *tp);
    if (!tp)
        return NULL;
    ir_printer_child_init(tp, c->main, ctx, c->indent); /* each slot's buffer replaces its out */
    return tp;
}

static void consumer_thread_destroy(void *user, void *thread)
{
    (void)user;
    printer *tp = thread;
    ir_printer_child_release(tp);
    spvk_free(tp->alloc, tp, sizeof *tp);
}

/* The slot of root child o, found from where this thread found the last one; NULL when absent. */
static print_slot *slot_of(print_consumer *c, uint32_t *cursor, const spvk_ir_op *o)
{
    uint32_t i = ir_find_from(c->children, c->num_slots, cursor, o);
    return i < c->num_slots ? &c->slots[i] : NULL;
}

static bool consumer_use(void *user, void *thread, spvk_ir_op *child)
{
    print_consumer *c = user;
    printer *tp = thread;
    print_slot *slot = slot_of(c, &tp->slot_cursor, child);
    if (!slot)
        return false;
    spvk_buffer_free(&slot->text); /* empty, unless this child was printed before */
    tp->out = spare_take(c);
    tp->failed = false;
    ir_printer_print_child(tp, child);
    slot->text = tp->out;
    slot->failed = tp->failed || tp->out.failed;
    slot->printed = true;
    spvk_buffer_init(&tp->out, tp->alloc);
    return true;
}

/* Writes child o's text if a worker printed it. */
static bool take_printed(printer *p, print_consumer *c, const spvk_ir_op *o)
{
    print_slot *slot = slot_of(c, &p->slot_cursor, o);
    if (!slot || !slot->printed)
        return false;
    ir_printer_append(p, &slot->text, slot->failed);
    spare_give(c, &slot->text);
    slot->printed = false;
    return true;
}

typedef struct print_workers {
    printer *p;
    print_consumer *consumer; /* the translator's workers print */
    struct print_pool *pool;  /* or the printer's own */
} print_workers;

/* Hands the translator a consumer for the root's children (indent: theirs). False when it cannot
   be made: the printer then prints them itself. */
static void consumer_stop(print_workers *s);

static bool consumer_start(print_workers *s, const spvk_ir_op *root, uint32_t indent)
{
    printer *p = s->p;
    print_consumer *c = spvk_alloc(p->alloc, sizeof *c);
    if (!c)
        return false;
    memset(c, 0, sizeof *c);
    if (pthread_mutex_init(&c->spare_lock, NULL) != 0) {
        spvk_free(p->alloc, c, sizeof *c);
        return false;
    }
    c->main = p;
    c->indent = indent;
    /* Asked first: a translator building on one thread refuses it, and the slots are then not
       worth making. The consumer is used only from the first child_begin on, so it is completed
       after. */
    s->consumer = c;
    spvk_ir_stream_consumer sc = {c, consumer_thread_create, consumer_thread_destroy, consumer_use};
    if (!p->stream->set_consumer(p->stream->user, &sc)) {
        consumer_stop(s); /* it builds on one thread: the printer's own workers print */
        return false;
    }
    for (spvk_ir_block *b = root->regions[0].first; b; b = b->next)
        for (spvk_ir_op *o = b->first; o; o = o->next)
            c->num_slots++;
    c->slots = c->num_slots ? spvk_alloc(p->alloc, (size_t)c->num_slots * sizeof *c->slots) : NULL;
    c->children = c->num_slots ? spvk_alloc(p->alloc, (size_t)c->num_slots * sizeof *c->children) : NULL;
    if (!c->slots || !c->children) {
        spvk_free(p->alloc, c->slots, (size_t)c->num_slots * sizeof *c->slots);
        spvk_free(p->alloc, c->children, (size_t)c->num_slots * sizeof *c->children);
        c->slots = NULL;
        c->children = NULL;
        c->num_slots = 0;
        consumer_stop(s);
        return false;
    }
    uint32_t n = 0;
    for (spvk_ir_block *b = root->regions[0].first; b; b = b->next)
        for (spvk_ir_op *o = b->first; o; o = o->next) {
            c->children[n] = o;
            spvk_buffer_init(&c->slots[n].text, p->alloc);
            c->slots[n].printed = c->slots[n].failed = false;
            n++;
        }
    return true;
}

/* Takes the consumer back from the translator (which stops its workers) and frees it. */
static void consumer_stop(print_workers *s)
{
    printer *p = s->p;
    print_consumer *c = s->consumer;
    if (!c)
        return;
    p->stream->set_consumer(p->stream->user, NULL);
    for (uint32_t i = 0; i < c->num_slots; i++)
        spvk_buffer_free(&c->slots[i].text);
    for (uint32_t i = 0; i < c->num_spare; i++)
        spvk_buffer_free(&c->spare[i]);
    pthread_mutex_destroy(&c->spare_lock);
    spvk_free(p->alloc, c->slots, (size_t)c->num_slots * sizeof *c->slots);
    spvk_free(p->alloc, c->children, (size_t)c->num_slots * sizeof *c->children);
    spvk_free(p->alloc, c, sizeof *c);
    s->consumer = NULL;
}

/* ---- Printing streamed children on several threads ----
   spvk_ir_print_options.threads > 1, custom form, streaming hooks: the calling thread makes each
   child whole (child_begin: build and verify) and hands it to a worker that prints it into a
   buffer of its own, while the caller makes the next. The buffers go out in module order and
   child_end runs once a child's text is out, so the text and the hooks' order are those of one
   thread. A child prints alone: the root's children are isolated (their numbering starts from
   the same counters) and printing only reads the IR; a worker reaches the context through a
   view of its own (ir_context_view_create) for what custom printers unique. */

/* Children in flight: built and waiting to be printed or written. Small functions need many: with
   16, deserializing 10,700 functions of 23 ops each kept the threads waiting on each other (89 ms
   against 81 ms with 64; larger functions gain nothing, and 64 of them cost under 1 MiB more). */
#define POOL_JOBS 64u

typedef struct print_job {
    spvk_ir_op *op;
    spvk_buffer text;
    uint32_t indent;
    atomic_bool done;
    bool failed;
    bool not_verified; /* the worker's verifier refused it (it was not printed) */
} print_job;

typedef struct print_worker {
    struct print_pool *pool;
    printer p;
    spvk_ir_verifier *verifier; /* silent, on the worker's view; when the pool verifies */
    pthread_t thread;
    bool running;
} print_worker;

typedef struct print_pool {
    pthread_mutex_t lock;
    pthread_cond_t work; /* workers: a job, or stop */
    pthread_cond_t done; /* the caller: a job printed */
    print_job jobs[POOL_JOBS];
    /* jobs [head, tail) in flight; [claimed, tail) not yet taken. Written under the lock; tail and
       done are also read without it, to spin a little before sleeping. */
    uint32_t head, claimed;
    atomic_uint tail;
    bool stop;
    print_worker *workers;
    uint32_t num_workers, capacity;
    /* The calling thread's own: rather than wait for the oldest child, it takes one not yet
       claimed, so that neither thread idles whichever of building and printing costs more. */
    print_worker helper;
} print_pool;

/* A child takes microseconds to build or print: a thread about to sleep for the other one first
   spins this many rounds, which saves a wake-up (a system call each side) per child. */
#define POOL_SPIN 4000

/* Verifies (when the pool took the verification) and prints a claimed job into its buffer; called
   and returns with the pool's lock held. Custom printers rely on what the verifiers check: a
   child that fails is not printed. */
static void run_job(print_worker *w, print_job *job)
{
    print_pool *pool = w->pool;
    pthread_mutex_unlock(&pool->lock);
    printer *p = &w->p;
    p->out = job->text;
    p->out.length = 0;
    p->indent = job->indent;
    p->failed = false;
    job->not_verified = w->verifier && spvk_ir_verifier_run(w->verifier, job->op) != SPVK_OK;
    if (!job->not_verified)
        ir_printer_print_child(p, job->op);
    job->text = p->out;
    pthread_mutex_lock(&pool->lock);
    job->failed = p->failed || p->out.failed;
    atomic_store(&job->done, true);
}

static void *print_worker_main(void *arg)
{
    print_worker *w = arg;
    print_pool *pool = w->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        if (pool->stop)
            break;
        if (pool->claimed == atomic_load(&pool->tail)) {
            uint32_t claimed = pool->claimed;
            pthread_mutex_unlock(&pool->lock);
            for (int i = 0; i < POOL_SPIN && atomic_load_explicit(&pool->tail, memory_order_relaxed) == claimed; i++)
                spvk_cpu_relax();
            pthread_mutex_lock(&pool->lock);
            if (pool->claimed == atomic_load(&pool->tail) && !pool->stop)
                pthread_cond_wait(&pool->work, &pool->lock);
            continue;
        }
        run_job(w, &pool->jobs[pool->claimed++ % POOL_JOBS]);
        pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void pool_stop(print_workers *s);

/* The workers verify the children they print, when the stream hands its verification over and
   each worker has a verifier: the calling thread then only builds. Their verifiers share the
   stream's verifier's index of the root's symbols (ir_verifier_create_sharing), as the build
   pool's do. */
static void take_verification(printer *p, print_pool *pool)
{
    if (!p->stream->take_verification || !pool->num_workers)
        return;
    spvk_ir_verifier *reporter = p->stream->take_verification(p->stream->user, true);
    if (!reporter)
        return;
    const spvk_ir_op *table = p->root->def->traits & SPVK_TRAIT_SYMBOL_TABLE ? p->root : NULL;
    bool made = (pool->helper.verifier = ir_verifier_create_sharing(p->ctx, reporter, table)) != NULL;
    for (uint32_t i = 0; made && i < pool->num_workers; i++)
        made = (pool->workers[i].verifier = ir_verifier_create_sharing(pool->workers[i].p.ctx, reporter, table)) != NULL;
    if (made) {
        p->reporter = reporter;
        return;
    }
    p->stream->take_verification(p->stream->user, false);
    spvk_ir_verifier_destroy(pool->helper.verifier);
    pool->helper.verifier = NULL;
    for (uint32_t i = 0; i < pool->num_workers; i++) {
        spvk_ir_verifier_destroy(pool->workers[i].verifier);
        pool->workers[i].verifier = NULL;
    }
}

/* A printer of its own for w, printing children of p's root (the root's numbering is shared,
   read only, as are the options and the streamed bases); each job's buffer replaces its out. */
static void worker_init(print_worker *w, print_pool *pool, const printer *p, spvk_ir_context *ctx)
{
    w->pool = pool;
    ir_printer_child_init(&w->p, p, ctx, p->indent); /* each job sets its indent */
}

/* Workers for a streamed custom-form print (threads - 1 of them); without any, p prints alone. */
static void pool_start(print_workers *s, unsigned threads)
{
    printer *p = s->p;
    uint32_t nw = threads - 1 > 64 ? 64 : threads - 1;
    print_pool *pool = spvk_alloc(p->alloc, sizeof *pool);
    if (!pool)
        return;
    memset(pool, 0, sizeof *pool);
    pool->capacity = nw;
    pool->workers = spvk_alloc(p->alloc, nw * sizeof *pool->workers);
    if (!pool->workers || pthread_mutex_init(&pool->lock, NULL) != 0) {
        spvk_free(p->alloc, pool->workers, nw * sizeof *pool->workers);
        spvk_free(p->alloc, pool, sizeof *pool);
        return;
    }
    pthread_cond_init(&pool->work, NULL);
    pthread_cond_init(&pool->done, NULL);
    memset(pool->workers, 0, nw * sizeof *pool->workers);
    for (uint32_t i = 0; i < POOL_JOBS; i++)
        spvk_buffer_init(&pool->jobs[i].text, p->alloc);
    for (uint32_t i = 0; i < nw; i++) {
        print_worker *w = &pool->workers[i];
        spvk_ir_context *view = ir_context_view_create(p->ctx);
        if (!view)
            break;
        worker_init(w, pool, p, view);
        pool->num_workers = i + 1;
    }
    worker_init(&pool->helper, pool, p, p->ctx);
    take_verification(p, pool);
    s->pool = pool;
    bool any = false;
    for (uint32_t i = 0; i < pool->num_workers; i++) {
        pool->workers[i].running =
            spvk_thread_create(&pool->workers[i].thread, NULL, print_worker_main, &pool->workers[i]) == 0;
        any |= pool->workers[i].running;
    }
    if (!any)
        pool_stop(s); /* the calling thread prints alone (child_begin verifies again) */
}

static void pool_stop(print_workers *s)
{
    printer *p = s->p;
    print_pool *pool = s->pool;
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stop = true;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t i = 0; i < pool->num_workers; i++) {
        print_worker *w = &pool->workers[i];
        if (w->running)
            pthread_join(w->thread, NULL);
        ir_printer_child_release(&w->p);
        spvk_ir_verifier_destroy(w->verifier);
        ir_context_view_destroy(w->p.ctx);
    }
    ir_printer_child_release(&pool->helper.p);
    spvk_ir_verifier_destroy(pool->helper.verifier);
    if (p->reporter) {
        p->stream->take_verification(p->stream->user, false);
        p->reporter = NULL;
    }
    for (uint32_t i = 0; i < POOL_JOBS; i++)
        spvk_buffer_free(&pool->jobs[i].text);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->work);
    pthread_mutex_destroy(&pool->lock);
    spvk_free(p->alloc, pool->workers, (size_t)pool->capacity * sizeof *pool->workers);
    spvk_free(p->alloc, pool, sizeof *pool);
    s->pool = NULL;
}

/* A child a worker's verifier refused: the reporting verifier says why (or, where the worker's
   failure was its memory, passes it, and it is printed here). */
static void report_or_print(printer *p, spvk_ir_op *o)
{
    if (p->failed)
        return;
    spvk_result r = spvk_ir_verifier_run(p->reporter, o);
    if (r == SPVK_OK) {
        ir_printer_print_child(p, o); /* print_op flushes a full chunk */
    } else {
        p->hook_result = r;
        p->failed = true;
    }
}

/* Writes the printed children in order until at most `keep` are in flight (waiting for them), then
   any others already printed. */
static void pool_collect(print_workers *s, uint32_t keep)
{
    printer *p = s->p;
    print_pool *pool = s->pool;
    pthread_mutex_lock(&pool->lock);
    while (pool->head != atomic_load(&pool->tail)) {
        print_job *job = &pool->jobs[pool->head % POOL_JOBS];
        if (!atomic_load(&job->done)) {
            if (atomic_load(&pool->tail) - pool->head <= keep)
                break;
            if (pool->claimed != atomic_load(&pool->tail)) {
                run_job(&pool->helper, &pool->jobs[pool->claimed++ % POOL_JOBS]);
                continue;
            }
            pthread_mutex_unlock(&pool->lock);
            for (int i = 0; i < POOL_SPIN && !atomic_load_explicit(&job->done, memory_order_relaxed); i++)
                spvk_cpu_relax();
            pthread_mutex_lock(&pool->lock);
            if (!atomic_load(&job->done))
                pthread_cond_wait(&pool->done, &pool->lock);
            continue;
        }
        pthread_mutex_unlock(&pool->lock);
        if (job->not_verified)
            report_or_print(p, job->op);
        else if (!p->failed)
            ir_printer_append(p, &job->text, job->failed);
        if (p->stream->child_end)
            p->stream->child_end(p->stream->user, job->op);
        pthread_mutex_lock(&pool->lock);
        atomic_store(&job->done, false);
        pool->head++;
    }
    pthread_mutex_unlock(&pool->lock);
}

static void print_streamed_by_pool(print_workers *s, spvk_ir_op *o)
{
    printer *p = s->p;
    print_pool *pool = s->pool;
    spvk_result r = p->stream->child_begin(p->stream->user, o);
    if (r != SPVK_OK) {
        p->hook_result = r;
        p->failed = true;
        return;
    }
    pool_collect(s, POOL_JOBS - 1);
    pthread_mutex_lock(&pool->lock);
    uint32_t tail = atomic_load(&pool->tail);
    print_job *job = &pool->jobs[tail % POOL_JOBS];
    job->op = o;
    job->indent = p->indent;
    atomic_store(&job->done, false);
    job->failed = false;
    atomic_store(&pool->tail, tail + 1);
    pthread_cond_signal(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    pool_collect(s, POOL_JOBS); /* whatever is already printed goes out */
}

/* ---- The printer's hooks (spvk_ir_print_workers) ---- */

/* A child the translator's workers may have printed: the calling thread makes it whole (which,
   when a worker built it, finds it printed and its body gone), writes its text or prints it. */
static void print_streamed_by_consumer(print_workers *s, spvk_ir_op *o)
{
    printer *p = s->p;
    spvk_result r = p->stream->child_begin(p->stream->user, o);
    if (r != SPVK_OK) {
        p->hook_result = r;
        p->failed = true;
        return;
    }
    if (!take_printed(p, s->consumer, o))
        ir_printer_print_child(p, o);
    if (p->stream->child_end)
        p->stream->child_end(p->stream->user, o);
}

static void *workers_start(printer *p, const spvk_ir_op *root, unsigned threads)
{
    print_workers *s = spvk_alloc(p->alloc, sizeof *s);
    if (!s)
        return NULL;
    s->p = p;
    s->consumer = NULL;
    s->pool = NULL;
    if (!(p->stream->set_consumer && consumer_start(s, root, p->indent + 2)))
        pool_start(s, threads);
    if (!s->consumer && !s->pool) {
        spvk_free(p->alloc, s, sizeof *s);
        return NULL;
    }
    return s;
}

static void workers_child(void *state, spvk_ir_op *o)
{
    print_workers *s = state;
    if (s->pool)
        print_streamed_by_pool(s, o);
    else
        print_streamed_by_consumer(s, o);
}

static void workers_drain(void *state)
{
    print_workers *s = state;
    if (s->pool)
        pool_collect(s, 0);
}

static void workers_stop(void *state)
{
    print_workers *s = state;
    consumer_stop(s);
    pool_stop(s);
    spvk_free(s->p->alloc, s, sizeof *s);
}

static const spvk_ir_print_workers print_workers_hooks = {workers_start, workers_child, workers_drain, workers_stop};

const spvk_ir_print_workers *spvk_ir_parallel_print_workers(void) { return &print_workers_hooks; }
