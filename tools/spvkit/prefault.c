/* Heap pages faulted in ahead of the calling thread: see prefault.h. */
#define _GNU_SOURCE
#include "prefault.h"

#include <stdlib.h> /* defines __GLIBC__ with glibc */

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* Populated a quarter megabyte per call: the mmap lock is held that long, and the calling
   thread's own mmap calls wait for it. */
#define PREFAULT_STEP (256u << 10)

typedef struct prefault_range {
    char *begin, *end;
} prefault_range;

static prefault_range range; /* written before the thread starts */

static void *populate(void *arg)
{
    (void)arg;
    for (char *p = range.begin; p < range.end; p += PREFAULT_STEP) {
        size_t n = (size_t)(range.end - p) < PREFAULT_STEP ? (size_t)(range.end - p) : PREFAULT_STEP;
        if (madvise(p, n, MADV_POPULATE_WRITE) != 0)
            break; /* an older kernel: pages fault in as they would have */
    }
    return NULL;
}

void cli_prefault_heap(size_t bytes)
{
    if (bytes < (1u << 20) || bytes > (1u << 30))
        return;
    /* From the heap (not a mapping of its own, which free would unmap), kept when freed. A
       sanitizer's malloc refuses mallopt: nothing is done then. */
    if (!mallopt(M_TRIM_THRESHOLD, 1 << 30) || !mallopt(M_MMAP_THRESHOLD, 1 << 30))
        return;
    char *block = malloc(bytes);
    mallopt(M_MMAP_THRESHOLD, 128 << 10); /* glibc's default again */
    if (!block)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    range.begin = (char *)(((uintptr_t)block + page - 1) & ~(page - 1));
    range.end = (char *)(((uintptr_t)block + bytes) & ~(page - 1));
    free(block);
    pthread_attr_t attr;
    if (range.begin >= range.end || pthread_attr_init(&attr) != 0)
        return;
    pthread_t thread;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attr, populate, NULL);
    pthread_attr_destroy(&attr);
}
#else
void cli_prefault_heap(size_t bytes) { (void)bytes; }
#endif
