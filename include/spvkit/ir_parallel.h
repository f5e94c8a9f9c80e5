/* spvkit ir_parallel (src/ir_parallel/): a streamed module's functions built, verified and used
   on several threads, and what makes that pay. Only the translator's paths use it (`spvkit
   translate`, the spirv deserializer's and the lazy parser's workers); the IR core includes none
   of it and works on one thread without it (docs/ir.md, Threads). */
#ifndef SPVKIT_IR_PARALLEL_H
#define SPVKIT_IR_PARALLEL_H

#include "spvkit/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses the lazy parser's bodies on `threads` threads in all (default 1: the calling thread
   alone). The extra threads parse the functions ahead of the stream's consumer, within a window
   of text (1 MiB), while the consumer serializes or prints; results and diagnostics are those of
   one thread. Call before the first materialize. A function's regions may then be under
   construction until materialize(op) returns: read them only after. While the workers run, the
   context's uniquing takes a lock and its allocator must be safe to call from several threads
   (the default is). */
SPVK_API void spvk_ir_lazy_parser_set_threads(spvk_ir_lazy_parser *parser, unsigned threads);

/* The threads that print a streamed module's children (spvk_ir_print_options.workers, with
   threads > 1): when the stream's translator builds on several threads (set_consumer), each of
   its workers prints the children it built, on its own thread; otherwise the printer's own
   threads print what the calling thread builds (handed the verification when the stream offers
   it: take_verification). */
SPVK_API const spvk_ir_print_workers *spvk_ir_parallel_print_workers(void);

/* Faults in `bytes` of heap ahead of the calling thread, on a thread of its own (glibc on Linux;
   elsewhere nothing). A page's first write costs a fault; a translator about to write that much
   new heap while another processor idles lets that processor take the faults. Populated pages
   count in the peak memory: ask for no more than the heap will grow anyway. */
SPVK_API void spvk_prefault_heap(size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
