/* Views of a context (context_view.h). A view is a spvk_ir_context whose `owner` is the context
   it works for: its heap and its cache of uniqued items are its own, everything else is the
   owner's. While the owner counts views (num_views), its tables are probed without the lock and
   inserted into under it (src/ir/context.c). */
#include <string.h>

#include "../ir/ir_internal.h"
#include "context_view.h"

spvk_ir_context *ir_context_view_create(spvk_ir_context *ctx)
{
    spvk_ir_context *o = ctx->owner;
    spvk_ir_context *v = spvk_alloc(o->allocator, sizeof *v);
    if (!v)
        return NULL;
    memset(v, 0, sizeof *v);
    v->owner = o;
    v->allocator = o->allocator;
    v->cache = ir_context_cache_create(o->allocator);
    if (!v->cache) {
        spvk_free(o->allocator, v, sizeof *v);
        return NULL;
    }
    o->num_views++;
    return v;
}

void ir_context_view_destroy(spvk_ir_context *v)
{
    if (!v)
        return;
    spvk_ir_context *o = v->owner;
    ir_context_take_heap(o, v);
    o->num_views--;
    ir_context_cache_free(o->allocator, v->cache);
    spvk_free(o->allocator, v, sizeof *v);
}
