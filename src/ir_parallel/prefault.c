/* Heap pages faulted in ahead of the calling thread (glibc on Linux; elsewhere nothing).

   A page's first write costs a fault: 1.6 to 2 us on the benchmark's machine (a VM), three to
   four times what writing the whole page again costs. Serializing, the calling thread writes
   up to 13 MB of new heap, much of it in the lazy parser's structure pass, while the second
   processor has nothing to do.
   spvk_prefault_heap(bytes) (spvkit/ir_parallel.h) takes `bytes` from the top of the heap, gives
   them back to malloc at once (the top is then kept, not trimmed) and starts a thread that populates those pages
   (MADV_POPULATE_WRITE, Linux 5.14; it writes nothing, so what malloc hands out meanwhile keeps
   what was written there). malloc hands the top out in address order, behind the thread.
   Populated pages count in the peak memory: ask for no more than the heap will grow anyway. */
#define _GNU_SOURCE
#include "spvkit/ir_parallel.h"

#include <stdlib.h> /* defines __GLIBC__ with glibc */

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../support/thread.h"

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

void spvk_prefault_heap(size_t bytes)
{
    if (bytes < (1u << 20) || bytes > (1u << 30))
        return;
    /* From the heap (not a mapping of its own, which free would unmap), kept when freed. Under
       AddressSanitizer mallopt fails and nothing is done; under ThreadSanitizer the block is its
       allocator's, and populating it does no harm. */
    if (!mallopt(M_TRIM_THRESHOLD, 1 << 30) || !mallopt(M_MMAP_THRESHOLD, 1 << 30))
        return;
    char *block = malloc(bytes);
    /* glibc's initial threshold, now fixed: setting either threshold stops glibc raising the
       mmap threshold as mapped blocks are freed (a fixed 32 MiB, so that big arrays came from
       the populated heap too, gained nothing and peaked 2 to 3 MB higher). */
    mallopt(M_MMAP_THRESHOLD, 128 << 10);
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
    spvk_thread_create(&thread, &attr, populate, NULL);
    pthread_attr_destroy(&attr);
}
#else
void spvk_prefault_heap(size_t bytes) { (void)bytes; }
#endif
