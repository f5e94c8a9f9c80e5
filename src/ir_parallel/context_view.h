/* Views of a context, one per worker thread (context_view.c). */
#ifndef SPVK_IR_PARALLEL_CONTEXT_VIEW_H
#define SPVK_IR_PARALLEL_CONTEXT_VIEW_H

#include "spvkit/ir.h"

/* A view of ctx for one worker thread: IR it builds is allocated from its own heap, and types,
   attributes and names are uniqued in ctx's tables (without a lock where they are found; under
   ctx's lock to insert: src/ir/context.c). Create and destroy views only while no worker runs;
   the allocator must then be safe to call from several threads. Destroying a view gives its
   memory (the IR it built stays valid) to ctx. */
spvk_ir_context *ir_context_view_create(spvk_ir_context *ctx);
void ir_context_view_destroy(spvk_ir_context *view);

#endif
