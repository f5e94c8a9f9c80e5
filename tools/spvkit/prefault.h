/* Heap pages faulted in ahead of the calling thread (glibc on Linux; elsewhere nothing).

   A page's first write costs a fault: 1.6 to 2 us on the benchmark's machine (a VM), three to
   four times what writing the whole page again costs. Serializing, the calling thread writes
   up to 13 MB of new heap, much of it in the lazy parser's structure pass, while the second
   processor has nothing to do.
   cli_prefault_heap(bytes) takes `bytes` from the top of the heap, gives them back to malloc at
   once (the top is then kept, not trimmed) and starts a thread that populates those pages
   (MADV_POPULATE_WRITE, Linux 5.14; it writes nothing, so what malloc hands out meanwhile keeps
   what was written there). malloc hands the top out in address order, behind the thread.
   Populated pages count in the peak memory: ask for no more than the heap will grow anyway. */
#ifndef SPVKIT_CLI_PREFAULT_H
#define SPVKIT_CLI_PREFAULT_H

#include <stddef.h>

void cli_prefault_heap(size_t bytes);

#endif
