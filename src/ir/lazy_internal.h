/* What the lazy text parser (parser.c) lends the code that builds its bodies on several threads
   (src/ir_parallel/lazy_threads.c, spvk_ir_lazy_parser_set_threads). The IR core knows only these
   hooks: it calls them when they are set, and builds every body itself otherwise. */
#ifndef SPVK_IR_LAZY_INTERNAL_H
#define SPVK_IR_LAZY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/ir.h"

typedef struct ir_lazy_threads ir_lazy_threads;

typedef struct ir_lazy_threading {
    /* Builds op's bodies, as spvk_ir_lazy_parser_materialize does (same result, same
       diagnostics); a body may be under construction on another thread until it returns. */
    spvk_result (*materialize)(ir_lazy_threads *t, spvk_ir_op *op);
    /* Whether op was verified by the thread that built it (with the stream's verifier's index). */
    bool (*verified)(ir_lazy_threads *t, const spvk_ir_op *op);
    /* Frees op's bodies once the stream is done with them; false: the parser frees them itself. */
    bool (*release)(ir_lazy_threads *t, spvk_ir_op *op);
    /* The stream, its verifier or its consumer changed: the workers stop (the next body starts
       others). Returns whether bodies will be built on several threads. */
    bool (*stop)(ir_lazy_threads *t);
    void (*destroy)(ir_lazy_threads *t);
} ir_lazy_threading;

/* Replaces the parser's threading (the old one is destroyed); NULL: the calling thread alone. */
void ir_lazy_parser_set_threading(spvk_ir_lazy_parser *lp, const ir_lazy_threading *hooks, ir_lazy_threads *t);
ir_lazy_threads *ir_lazy_parser_threading(const spvk_ir_lazy_parser *lp);

/* The parser's own, on the calling thread: what spvk_ir_lazy_parser_materialize does alone. */
spvk_result ir_lazy_parser_materialize_alone(spvk_ir_lazy_parser *lp, spvk_ir_op *op);
spvk_result ir_lazy_parser_result(spvk_ir_lazy_parser *lp);
spvk_ir_context *ir_lazy_parser_context(const spvk_ir_lazy_parser *lp);
spvk_ir_verifier *ir_lazy_parser_stream_verifier(const spvk_ir_lazy_parser *lp);
const spvk_ir_stream_consumer *ir_lazy_parser_consumer(const spvk_ir_lazy_parser *lp);

/* The bodies the parser found, in text order (a function's bodies follow each other). */
uint32_t ir_lazy_parser_num_bodies(const spvk_ir_lazy_parser *lp);
/* Body i: its op, its region, where its text is (bytes from the text's start). */
spvk_ir_op *ir_lazy_parser_body_op(const spvk_ir_lazy_parser *lp, uint32_t i);
spvk_ir_region *ir_lazy_parser_body_region(const spvk_ir_lazy_parser *lp, uint32_t i);
void ir_lazy_parser_body_span(const spvk_ir_lazy_parser *lp, uint32_t i, size_t *start, size_t *end);
/* op's first body, or -1 when the parser found none for it. */
int64_t ir_lazy_parser_first_body(const spvk_ir_lazy_parser *lp, const spvk_ir_op *op);

/* A silent parser over the same text building into ctx (a view, for another thread): the lazy
   parser's aliases and recorded bodies shared read-only, the rest its own. NULL when out of
   memory. */
void *ir_lazy_parser_builder_create(spvk_ir_lazy_parser *lp, spvk_ir_context *ctx);
void ir_lazy_parser_builder_destroy(spvk_ir_lazy_parser *lp, void *builder);
/* Parses bodies [first, first + count) not yet built with builder (NULL: the lazy parser itself,
   which reports what fails). */
bool ir_lazy_parser_build(spvk_ir_lazy_parser *lp, void *builder, uint32_t first, uint32_t count);

#endif
