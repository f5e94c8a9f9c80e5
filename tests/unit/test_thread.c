/* Unit tests of spvk_thread_create (src/support/thread.c): the thread runs its function with its
   argument, joinable or detached, and, where it was started on another processor, may afterwards
   run on every processor its creator may. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <unistd.h>

#include "test.h"
#include "../../src/support/thread.h"

typedef struct run {
    int arg;
    int seen;
    int cpu;
#if defined(__linux__) && defined(__GLIBC__)
    cpu_set_t affinity;
    int affinity_ok;
#endif
    atomic_int done;
} run;

static void *record(void *p)
{
    run *r = p;
    r->seen = r->arg;
    r->cpu = sched_getcpu();
#if defined(__linux__) && defined(__GLIBC__)
    r->affinity_ok = pthread_getaffinity_np(pthread_self(), sizeof r->affinity, &r->affinity) == 0;
#endif
    atomic_store(&r->done, 1);
    return r;
}

static void test_joinable(void)
{
    for (int i = 0; i < 20; i++) {
        run r = {.arg = 100 + i};
        atomic_init(&r.done, 0);
        int here = sched_getcpu();
        pthread_t t;
        CHECK(spvk_thread_create(&t, NULL, record, &r) == 0);
        void *result = NULL;
        CHECK(pthread_join(t, &result) == 0);
        CHECK(result == &r && r.seen == 100 + i);
#if defined(__linux__) && defined(__GLIBC__)
        cpu_set_t allowed;
        CHECK(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
        /* Started elsewhere when the creator may use another processor, ... */
        if (CPU_COUNT(&allowed) > 1 && here >= 0 && i == 0)
            printf("thread started on processor %d, its creator on %d\n", r.cpu, here);
        /* ... and then free to run anywhere its creator may. */
        CHECK(r.affinity_ok && CPU_EQUAL(&r.affinity, &allowed));
#else
        (void)here;
#endif
    }
}

static void test_detached(void)
{
    run r = {.arg = 7};
    atomic_init(&r.done, 0);
    pthread_attr_t attr;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0);
    pthread_t t;
    CHECK(spvk_thread_create(&t, &attr, record, &r) == 0);
    pthread_attr_destroy(&attr);
    for (int waited = 0; !atomic_load(&r.done) && waited < 10000; waited++)
        usleep(1000); /* at most 10 s */
    CHECK(atomic_load(&r.done) && r.seen == 7);
}

int main(void)
{
    test_joinable();
    test_detached();
    TEST_SUMMARY();
}
