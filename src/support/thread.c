/* Starting a worker thread where it can run at once: see thread.h. */
#define _GNU_SOURCE
#include "thread.h"

#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <sched.h>

/* What the new thread needs to undo its start on another processor. */
typedef struct thread_start {
    void *(*start)(void *);
    void *arg;
    cpu_set_t allowed; /* the creator's processors: the thread may use them all once it runs */
} thread_start;

static void *trampoline(void *p)
{
    thread_start ts = *(thread_start *)p;
    free(p);
    /* It runs on a processor of `allowed`, so widening the set moves nothing. */
    pthread_setaffinity_np(pthread_self(), sizeof ts.allowed, &ts.allowed);
    return ts.start(ts.arg);
}

int spvk_thread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
    int here = sched_getcpu();
    thread_start *ts = malloc(sizeof *ts);
    pthread_attr_t own;
    if (ts && here >= 0 && here < CPU_SETSIZE && sched_getaffinity(0, sizeof ts->allowed, &ts->allowed) == 0 &&
        pthread_attr_init(&own) == 0) {
        cpu_set_t elsewhere = ts->allowed;
        CPU_CLR(here, &elsewhere);
        /* The caller's attribute that matters here (detached or not), then where to start. */
        int detach = PTHREAD_CREATE_JOINABLE;
        if (attr)
            pthread_attr_getdetachstate(attr, &detach);
        ts->start = start;
        ts->arg = arg;
        int r = -1;
        if (CPU_COUNT(&elsewhere) > 0 && pthread_attr_setdetachstate(&own, detach) == 0 &&
            pthread_attr_setaffinity_np(&own, sizeof elsewhere, &elsewhere) == 0)
            r = pthread_create(thread, &own, trampoline, ts);
        pthread_attr_destroy(&own);
        if (r == 0)
            return 0;
    }
    free(ts); /* a single processor, or no way to choose: where Linux puts it */
    return pthread_create(thread, attr, start, arg);
}
#else
int spvk_thread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
    return pthread_create(thread, attr, start, arg);
}
#endif
