/* Serializing functions on the threads that parsed them (see serialize_internal.h).

   A stream whose translator builds on several threads (the lazy parser's workers) hands each
   function its worker parsed and verified to consumer_use on that worker's thread, while the body is
   still in its caches. The worker's serializer writes the function with local ids and records a
   tape; consumer_use keeps the words, which of them are ids, and the tape in the function's slot,
   and the worker frees the body. When the serializer reaches the function in module order it
   replays the tape instead of serializing the IR: the calling thread then reads a few compact
   arrays rather than a body built in another processor's cache, which is what a second thread
   lost before (docs/benchmarks.md).

   The ids come out as one thread gives them. One thread numbers a function's values and labels,
   and the module-level items it meets first, in one sequence; the tape has that sequence: each
   external (the call that gives a module-level item its id) with the number of locals before
   it. Replayed in order on the real serializer, each external goes through the very call one
   thread makes at that point (emitting what it needs, in the same order), and each run of
   locals takes the next ids. A worker records an external only the first time it sees it: an
   item it recorded in an earlier function was replayed before this one, so the calling thread
   knows its id (`known` on the worker, `real` on the calling thread, both by the worker's id).

   The words the function adds to the names and annotations sections (its OpName, its values'
   decorations) go on the tape too, between the externals, since an external may add to those
   sections (a global's name and decorations). Words module-level items write into the worker's
   own sections are thrown away: the replay writes them again. A function the tape cannot carry
   (a diagnostic, an OpString, a declaration, a wide OpSwitch, no memory) is given back: its body
   stays and the calling thread serializes it from the IR. */
#include <pthread.h>
#include <string.h>

#include "../../grammar/grammar_internal.h"
#include "serialize_internal.h"
#include "../../ir/ir_internal.h"

/* Event kinds past the externals: words added to a section. */
enum { TAPE_NAMES = 16, TAPE_ANNOTATIONS };

typedef struct tape_event {
    uint8_t kind;    /* ser_external or TAPE_* */
    uint32_t locals; /* local ids given before it */
    uint32_t value;  /* the call's value; TAPE_*: the number of words */
    uint32_t id;     /* the worker's id of the external; TAPE_*: where the words start */
    const void *a, *b;
} tape_event;

struct ser_tape {
    uint32_t locals; /* local ids given */
    bool refused;
    tape_event *events;
    size_t num_events, events_capacity;
    uint32_t *appended; /* the words of TAPE_* events */
    size_t num_appended, appended_capacity;
    /* Section words already on the tape or written by externals. */
    size_t names_mark, annotations_mark;
    size_t elsewhere_inside; /* words externals wrote to the other sections */
    /* Worker ids whose external the calling thread has replayed (or will, before this function). */
    uint8_t *known;
    size_t known_capacity;
    uint32_t *fresh; /* ids this function made known: unmade if it is given back */
    size_t num_fresh, fresh_capacity;
    /* By opcode (the core's are below 1024), which of an instruction's words are ids. */
    struct opcode_shape {
        uint8_t kind;   /* SHAPE_* */
        uint8_t fixed;  /* SHAPE_PREFIX: the words of the one-word operands every instance starts with */
        uint32_t ids;   /* ... and which of them are ids (bit 0: the first operand word) */
    } shapes[1024];
};

enum {
    SHAPE_UNKNOWN,
    SHAPE_ALL_IDS, /* every operand an id (OpIAdd, OpPhi, OpLabel, ...) */
    SHAPE_PREFIX,  /* an instance of just its `fixed` words is known (OpLoad without memory access) */
    SHAPE_WALK     /* walk the grammar */
};

/* A function a worker serialized: one allocation. */
typedef struct ser_record {
    struct ser_thread *owner;
    size_t size; /* of the allocation */
    uint32_t num_events, num_locals;
    size_t fn_words, num_words; /* words: the function's, then the TAPE_* events' */
    tape_event *events;
    uint32_t *words;
    uint32_t *id_bits; /* bit i: words[i] is an id */
} ser_record;

typedef struct ser_thread {
    struct ser_consumer *c;
    struct ser_thread *next; /* the consumer's list */
    bool helper;             /* the pool's helper, on the calling thread: it gives everything back */
    bool dead;               /* out of memory: it gives everything back */
    bool released;           /* its serializer is freed (its pool is gone) */
    spvk_ser s;
    struct ser_tape tape;
    spvk_diagnostics diags;
    /* The calling thread's: the real id of each worker id of an external (0: not replayed). */
    uint32_t *real;
    size_t real_capacity;
    uint32_t cursor; /* where it last found a function's slot */
} ser_thread;

/* Records the calling thread has replayed, for the workers to fill again: a block freed on another
   thread than the one that allocated it takes that thread's malloc arena lock, which the worker
   holds at every allocation of its own (as the printer's buffers found: src/ir/printer.c). */
#define CONSUMER_SPARE 32

typedef struct ser_consumer {
    spvk_ser *main;
    const spvk_ir_op **fns; /* the module's spirv.func ops in order (ir_find_from) */
    ser_record **slots;     /* per function: what a worker serialized, until it is replayed */
    uint32_t num_slots;
    uint32_t cursor; /* the calling thread's */
    pthread_mutex_t lock; /* threads */
    ser_thread *threads;
    uint32_t *local_real; /* the replayed function's locals */
    size_t local_real_capacity;
    pthread_mutex_t spare_lock;
    ser_record *spare[CONSUMER_SPARE];
    uint32_t num_spare;
} ser_consumer;

/* A record of at least size bytes: a spare one when one is big enough. */
static ser_record *record_take(ser_consumer *c, const spvk_allocator *alloc, size_t size)
{
    ser_record *r = NULL;
    pthread_mutex_lock(&c->spare_lock);
    if (c->num_spare)
        r = c->spare[--c->num_spare];
    pthread_mutex_unlock(&c->spare_lock);
    if (r && r->size >= size)
        return r;
    if (r)
        spvk_free(alloc, r, r->size);
    /* A little over: the next function is seldom exactly as large. */
    size += size / 4;
    r = spvk_alloc(alloc, size);
    if (r)
        r->size = size;
    return r;
}

static void record_give(ser_consumer *c, const spvk_allocator *alloc, ser_record *r)
{
    pthread_mutex_lock(&c->spare_lock);
    bool kept = c->num_spare < CONSUMER_SPARE;
    if (kept)
        c->spare[c->num_spare++] = r;
    pthread_mutex_unlock(&c->spare_lock);
    if (!kept)
        spvk_free(alloc, r, r->size);
}

/* ---- The worker's side ---- */

static bool add_event(spvk_ser *s, uint8_t kind, uint32_t id, uint32_t value, const void *a, const void *b)
{
    struct ser_tape *t = s->tape;
    if (!spvk_array_reserve(s->alloc, &t->events, &t->events_capacity, t->num_events + 1, sizeof *t->events, 64))
        return ser_oom(s);
    t->events[t->num_events++] = (tape_event){kind, t->locals, value, id, a, b};
    return true;
}

/* Puts the words the function added to w since *mark on the tape. */
static bool flush_section(spvk_ser *s, const spvk_writer *w, size_t *mark, uint8_t kind)
{
    struct ser_tape *t = s->tape;
    size_t n = w->count - *mark;
    if (n == 0)
        return true;
    if (n > UINT32_MAX || t->num_appended + n > UINT32_MAX ||
        !spvk_array_reserve(s->alloc, &t->appended, &t->appended_capacity, t->num_appended + n, sizeof *t->appended,
                            64))
        return ser_oom(s);
    memcpy(t->appended + t->num_appended, w->words + *mark, n * sizeof *w->words);
    bool ok = add_event(s, kind, (uint32_t)t->num_appended, (uint32_t)n, NULL, NULL);
    t->num_appended += n;
    *mark = w->count;
    return ok;
}

static bool flush_sections(spvk_ser *s)
{
    return flush_section(s, &s->names, &s->tape->names_mark, TAPE_NAMES) &&
           flush_section(s, &s->annotations, &s->tape->annotations_mark, TAPE_ANNOTATIONS);
}

/* Words in the sections a function's own level never writes. */
static size_t elsewhere(const spvk_ser *s)
{
    return s->types.count + s->strings.count + s->fn_decls.count + s->entry_points.count + s->exec_modes.count;
}

uint32_t ser_tape_local(spvk_ser *s)
{
    struct ser_tape *t = s->tape;
    if (t->locals >= SER_LOCAL_ID - 1)
        return ser_oom(s), 0;
    return SER_LOCAL_ID | t->locals++;
}

uint32_t ser_tape_refuse(spvk_ser *s)
{
    s->tape->refused = true;
    return 0;
}

uint32_t ser_tape_known(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value, uint32_t id)
{
    struct ser_tape *t = s->tape;
    if (id < t->known_capacity && t->known[id])
        return id;
    if (id >= SER_LOCAL_ID)
        return ser_tape_refuse(s); /* not an external's id */
    if (!spvk_array_grow(s->alloc, &t->known, &t->known_capacity, (size_t)id + 1, 1, 64) ||
        !spvk_array_reserve(s->alloc, &t->fresh, &t->fresh_capacity, t->num_fresh + 1, sizeof *t->fresh, 64))
        return ser_oom(s), 0;
    if (!flush_sections(s) || !add_event(s, (uint8_t)kind, id, value, a, b))
        return 0;
    t->known[id] = 1;
    t->fresh[t->num_fresh++] = id;
    return id;
}

/* The worker's id of the function being serialized: the same for every function (the replay
   maps it to each one's real id in turn), so that the worker keeps no map of 10,000 functions. */
#define TAPE_SELF_ID 1u

uint32_t ser_tape_self(spvk_ser *s, const spvk_ir_op *fn)
{
    if (!flush_sections(s) || !add_event(s, SER_EXT_FUNCTION, TAPE_SELF_ID, 0, fn, NULL))
        return 0;
    return TAPE_SELF_ID;
}

uint32_t ser_tape_call(spvk_ser *s, ser_external kind, const void *a, const void *b, uint32_t value,
                       const spvk_ir_op *op)
{
    struct ser_tape *t = s->tape;
    if (!flush_sections(s))
        return 0;
    size_t before = elsewhere(s);
    s->depth++;
    uint32_t id = ser_external_call(s, kind, a, b, value, op);
    s->depth--;
    t->elsewhere_inside += elsewhere(s) - before;
    t->names_mark = s->names.count;
    t->annotations_mark = s->annotations.count;
    return id ? ser_tape_known(s, kind, a, b, value, id) : 0;
}

/* ---- Which words are ids: the grammar's operand lists ---- */

typedef struct id_walk {
    const uint32_t *w;
    size_t at, end; /* the instruction's operand words */
    uint32_t *bits;
    uint32_t opcode;
} id_walk;

static inline void set_bit(uint32_t *bits, size_t i) { bits[i >> 5] |= 1u << (i & 31); }

static bool walk_list(id_walk *k, const spvk_operand_desc *ops, size_t count);

static bool walk_operand(id_walk *k, uint16_t kind)
{
    const spvk_operand_kind_desc *d = &spvk_operand_kinds[kind];
    switch (d->category) {
    case SPVK_CATEGORY_ID: set_bit(k->bits, k->at++); return true;
    case SPVK_CATEGORY_VALUEENUM: {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, k->w[k->at++]);
        return !e || !e->num_parameters || walk_list(k, e->parameters, e->num_parameters);
    }
    case SPVK_CATEGORY_BITENUM: {
        uint32_t mask = k->w[k->at++];
        for (uint32_t bit = 0; bit < 32; bit++) {
            if (!(mask & (1u << bit)))
                continue;
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, 1u << bit);
            if (e && e->num_parameters && !walk_list(k, e->parameters, e->num_parameters))
                return false;
        }
        return true;
    }
    case SPVK_CATEGORY_COMPOSITE: /* pairs: (literal, id) in OpSwitch (one word: see emit_switch), (id, id) in OpPhi */
        return walk_operand(k, d->bases[0]) && k->at < k->end && walk_operand(k, d->bases[1]);
    default: break;
    }
    switch (kind) {
    case SPVK_OPERAND_LiteralString:
        while (k->at < k->end) {
            uint32_t word = k->w[k->at++];
            if (!(word & 0xff000000u) || !(word & 0xff0000u) || !(word & 0xff00u) || !(word & 0xffu))
                return true;
        }
        return false;
    case SPVK_OPERAND_LiteralContextDependentNumber:
    case SPVK_OPERAND_LiteralSpecConstantOpInteger: return false; /* module-level instructions only */
    default: k->at++; return true;
    }
}

static bool walk_list(id_walk *k, const spvk_operand_desc *ops, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (k->at >= k->end)
            return ops[i].quantifier != SPVK_QUANTIFIER_ONE;
        do {
            if (!walk_operand(k, ops[i].kind))
                return false;
        } while (ops[i].quantifier == SPVK_QUANTIFIER_VARIADIC && k->at < k->end);
    }
    return k->at == k->end;
}

/* The extended instruction set a worker id of an import stands for. */
static unsigned import_set(const spvk_ser *s, uint32_t id)
{
    for (size_t i = 0; i < s->num_imports; i++)
        if (s->imports[i].id == id)
            return spvk_ext_inst_set_by_import(s->imports[i].name, s->imports[i].length);
    return SPVK_EXT_INST_SET_NONE;
}

/* Whether every operand of kind is one word with no operands of its own. */
static bool one_word_kind(uint16_t kind)
{
    const spvk_operand_kind_desc *d = &spvk_operand_kinds[kind];
    switch (d->category) {
    case SPVK_CATEGORY_ID: return true;
    case SPVK_CATEGORY_VALUEENUM:
    case SPVK_CATEGORY_BITENUM:
        for (uint16_t i = 0; i < d->num_enumerants; i++)
            if (d->enumerants[i].num_parameters)
                return false;
        return true;
    case SPVK_CATEGORY_LITERAL: return kind == SPVK_OPERAND_LiteralInteger || kind == SPVK_OPERAND_LiteralFloat;
    default: return false;
    }
}

static struct opcode_shape opcode_shape(struct ser_tape *t, const spvk_instruction_desc *desc)
{
    uint32_t opcode = desc->opcode;
    if (opcode < 1024 && t->shapes[opcode].kind != SHAPE_UNKNOWN)
        return t->shapes[opcode];
    struct opcode_shape shape = {SHAPE_ALL_IDS, 0, 0};
    for (size_t i = 0; i < desc->num_operands && shape.kind == SHAPE_ALL_IDS; i++) {
        const spvk_operand_kind_desc *d = &spvk_operand_kinds[desc->operands[i].kind];
        bool id = d->category == SPVK_CATEGORY_ID ||
                  (d->category == SPVK_CATEGORY_COMPOSITE &&
                   spvk_operand_kind_categories[d->bases[0]] == SPVK_CATEGORY_ID &&
                   spvk_operand_kind_categories[d->bases[1]] == SPVK_CATEGORY_ID);
        if (!id)
            shape.kind = SHAPE_WALK;
    }
    if (shape.kind == SHAPE_WALK) {
        /* The leading operands every instance has, while each is one plain word. */
        size_t i = 0;
        while (i < desc->num_operands && i < 32 && desc->operands[i].quantifier == SPVK_QUANTIFIER_ONE &&
               one_word_kind(desc->operands[i].kind)) {
            if (spvk_operand_kind_categories[desc->operands[i].kind] == SPVK_CATEGORY_ID)
                shape.ids |= 1u << i;
            i++;
        }
        /* Useful when what follows is optional (a memory access, an initializer). */
        bool rest_optional = true;
        for (size_t j = i; j < desc->num_operands; j++)
            rest_optional = rest_optional && desc->operands[j].quantifier != SPVK_QUANTIFIER_ONE;
        if (i > 0 && rest_optional) {
            shape.kind = SHAPE_PREFIX;
            shape.fixed = (uint8_t)i;
        } else {
            shape.ids = 0;
        }
    }
    if (opcode < 1024)
        t->shapes[opcode] = shape;
    return shape;
}

/* Sets the bit of every id word of the instructions in w[from, to) (bits zeroed by the caller). */
static bool mark_ids(spvk_ser *s, const uint32_t *w, size_t from, size_t to, uint32_t *bits)
{
    for (size_t i = from; i < to;) {
        uint32_t count = w[i] >> 16, opcode = w[i] & 0xffff;
        const spvk_instruction_desc *desc = spvk_instruction_by_opcode(opcode);
        if (count == 0 || count > to - i || !desc)
            return false;
        id_walk k = {w, i + 1, i + count, bits, opcode};
        struct opcode_shape shape = opcode_shape(s->tape, desc);
        if (shape.kind == SHAPE_ALL_IDS) {
            for (size_t j = k.at; j < k.end; j++)
                set_bit(bits, j);
        } else if (shape.kind == SHAPE_PREFIX && count - 1 == shape.fixed) {
            for (uint32_t ids = shape.ids; ids; ids &= ids - 1)
                set_bit(bits, i + 1 + (unsigned)__builtin_ctz(ids));
        } else if (opcode == SPVK_OP_ExtInst) {
            /* type, result, set, instruction, then the set's operands (all ids for a set the
               grammar does not know: spirv.ExtInst) */
            if (count < 5)
                return false;
            set_bit(bits, i + 1);
            set_bit(bits, i + 2);
            set_bit(bits, i + 3);
            unsigned set = import_set(s, w[i + 3]);
            const spvk_ext_instruction_desc *e =
                set == SPVK_EXT_INST_SET_NONE ? NULL : spvk_ext_instruction_by_opcode(set, w[i + 4]);
            k.at = i + 5;
            if (e) {
                if (!walk_list(&k, e->operands, e->num_operands))
                    return false;
            } else {
                for (size_t j = k.at; j < k.end; j++)
                    set_bit(bits, j);
            }
        } else if (!walk_list(&k, desc->operands, desc->num_operands)) {
            return false;
        }
        i += count;
    }
    return true;
}

/* ---- One function on the worker ---- */

static void reset_worker(ser_thread *th)
{
    spvk_ser *s = &th->s;
    struct ser_tape *t = &th->tape;
    spvk_writer *writers[] = {&s->entry_points, &s->exec_modes, &s->strings, &s->names, &s->annotations,
                              &s->types, &s->fn_decls, &s->fn_defs};
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        writers[i]->count = 0;
    s->ws_count = 0;
    s->depth = 0;
    s->warned_control = false; /* its warning gives the function back: one thread warns */
    t->locals = 0;
    t->refused = false;
    t->num_events = t->num_appended = 0;
    t->names_mark = t->annotations_mark = 0;
    t->elsewhere_inside = 0;
    t->num_fresh = 0;
}

/* The function given back: what it made known is not known, and the worker starts clean. */
static void give_back(ser_thread *th)
{
    spvk_ser *s = &th->s;
    struct ser_tape *t = &th->tape;
    for (size_t i = 0; i < t->num_fresh; i++)
        t->known[t->fresh[i]] = 0;
    t->num_fresh = 0;
    if (s->oom || ser_writers_failed(s))
        th->dead = true;
    s->failed = false;
    if (th->diags.count || th->diags.dropped) {
        spvk_diagnostics_free(&th->diags);
        spvk_diagnostics_init(&th->diags, s->alloc);
    }
}

static ser_record *tape_function(ser_thread *th, const spvk_ir_op *fn)
{
    spvk_ser *s = &th->s;
    struct ser_tape *t = &th->tape;
    reset_worker(th);
    bool ok = ser_function(s, fn) && !s->failed && !s->oom && !t->refused && !ser_writers_failed(s) &&
              th->diags.count == 0 && th->diags.dropped == 0 && elsewhere(s) == t->elsewhere_inside &&
              flush_sections(s);
    ok = ok && t->num_events <= UINT32_MAX;
    size_t fn_words = s->fn_defs.count, n = fn_words + t->num_appended;
    size_t bit_words = (n + 31) / 32;
    size_t size = sizeof(ser_record) + t->num_events * sizeof(tape_event) + (n + bit_words) * sizeof(uint32_t);
    ser_record *r = ok && n < SIZE_MAX / 8 ? record_take(th->c, s->alloc, size) : NULL;
    if (r) {
        r->owner = th;
        r->num_events = (uint32_t)t->num_events;
        r->num_locals = t->locals;
        r->fn_words = fn_words;
        r->num_words = n;
        r->events = (tape_event *)(r + 1);
        r->words = (uint32_t *)(r->events + t->num_events);
        r->id_bits = r->words + n;
        if (t->num_events)
            memcpy(r->events, t->events, t->num_events * sizeof *t->events);
        if (fn_words)
            memcpy(r->words, s->fn_defs.words, fn_words * sizeof *r->words);
        if (t->num_appended)
            memcpy(r->words + fn_words, t->appended, t->num_appended * sizeof *r->words);
        memset(r->id_bits, 0, bit_words * sizeof *r->id_bits);
        /* The appended words are whole instructions, each section's run on its own. */
        ok = mark_ids(s, r->words, 0, fn_words, r->id_bits);
        for (size_t e = 0; ok && e < t->num_events; e++) {
            const tape_event *x = &t->events[e];
            if (x->kind >= TAPE_NAMES)
                ok = mark_ids(s, r->words, fn_words + x->id, fn_words + x->id + x->value, r->id_bits);
        }
        if (!ok) {
            record_give(th->c, s->alloc, r);
            r = NULL;
        }
    } else if (ok) {
        s->oom = true;
    }
    if (!r)
        give_back(th);
    return r;
}

/* ---- The consumer: the hooks the translator's workers call ---- */

static void *consumer_thread_create(void *user, spvk_ir_context *ctx)
{
    ser_consumer *c = user;
    const spvk_ser *m = c->main;
    ser_thread *th = spvk_alloc(m->alloc, sizeof *th);
    if (!th)
        return NULL;
    memset(th, 0, sizeof *th);
    th->c = c;
    /* The pool's helper builds on the calling thread, which serializes what it built as well
       from the IR as from a tape. */
    th->helper = ctx == m->ctx;
    if (!th->helper) {
        spvk_diagnostics_init(&th->diags, m->alloc);
        ser_init(&th->s, ctx, m->module, &th->diags);
        th->s.version = m->version;
        th->s.has_decorate_string = m->has_decorate_string;
        th->s.i32 = m->i32;
        th->s.none = m->none;
        th->s.symbols = m->symbols;
        th->s.tape = &th->tape;
        th->s.next_id = TAPE_SELF_ID + 1;
    }
    pthread_mutex_lock(&c->lock);
    th->next = c->threads;
    c->threads = th;
    pthread_mutex_unlock(&c->lock);
    return th;
}

/* The worker is done: its serializer goes, what the calling thread keeps of it (real) stays
   until the consumer stops, for the functions it serialized that are not replayed yet. */
static void consumer_thread_destroy(void *user, void *thread)
{
    (void)user;
    ser_thread *th = thread;
    if (!th->helper && !th->released) {
        struct ser_tape *t = &th->tape;
        const spvk_allocator *alloc = th->s.alloc;
        spvk_free(alloc, t->events, t->events_capacity * sizeof *t->events);
        spvk_free(alloc, t->appended, t->appended_capacity * sizeof *t->appended);
        spvk_free(alloc, t->known, t->known_capacity);
        spvk_free(alloc, t->fresh, t->fresh_capacity * sizeof *t->fresh);
        ser_free_state(&th->s);
        spvk_diagnostics_free(&th->diags);
    }
    th->released = true;
}

/* The slot of function fn, found from where this thread found the last one; NULL when absent. */
static ser_record **slot_of(ser_consumer *c, uint32_t *cursor, const spvk_ir_op *fn)
{
    uint32_t i = ir_find_from(c->fns, c->num_slots, cursor, fn);
    return i < c->num_slots ? &c->slots[i] : NULL;
}

static bool consumer_use(void *user, void *thread, spvk_ir_op *child)
{
    ser_consumer *c = user;
    ser_thread *th = thread;
    ser_record **slot = th->helper || th->dead || th->released ? NULL : slot_of(c, &th->cursor, child);
    if (!slot)
        return false;
    ser_record *r = tape_function(th, child);
    if (!r)
        return false;
    *slot = r;
    return true;
}

void ser_consumer_start(spvk_ser *s, const spvk_ir_stream *stream)
{
    ser_consumer *c = spvk_alloc(s->alloc, sizeof *c);
    if (!c)
        return; /* one thread serializes */
    memset(c, 0, sizeof *c);
    if (pthread_mutex_init(&c->lock, NULL) != 0) {
        spvk_free(s->alloc, c, sizeof *c);
        return;
    }
    if (pthread_mutex_init(&c->spare_lock, NULL) != 0) {
        pthread_mutex_destroy(&c->lock);
        spvk_free(s->alloc, c, sizeof *c);
        return;
    }
    c->main = s;
    s->consumer = c;
    /* Asked first: a translator that builds on one thread refuses, and the symbol index and the
       slots are then not worth making. The workers start at the first child_begin, after them. */
    spvk_ir_stream_consumer sc = {c, consumer_thread_create, consumer_thread_destroy, consumer_use};
    if (!stream->set_consumer(stream->user, &sc)) {
        ser_consumer_stop(s, stream);
        return;
    }
    uint32_t n = 0;
    const spvk_ir_op *module = s->module;
    bool ok = ser_index_symbols(s); /* the workers share it */
    for (const spvk_ir_block *b = module->regions[0].first; b; b = b->next)
        for (const spvk_ir_op *o = b->first; o; o = o->next)
            n += ser_op_kind_of(s, o) == SER_OP_FUNC && n < UINT32_MAX;
    c->slots = ok && n ? spvk_alloc(s->alloc, (size_t)n * sizeof *c->slots) : NULL;
    c->fns = c->slots ? spvk_alloc(s->alloc, (size_t)n * sizeof *c->fns) : NULL;
    if (!c->fns) {
        spvk_free(s->alloc, c->slots, (size_t)n * sizeof *c->slots);
        c->slots = NULL;
        s->oom = false; /* one thread still serializes */
        ser_consumer_stop(s, stream);
        return;
    }
    memset(c->slots, 0, (size_t)n * sizeof *c->slots);
    for (const spvk_ir_block *b = module->regions[0].first; b; b = b->next)
        for (const spvk_ir_op *o = b->first; o && c->num_slots < n; o = o->next)
            if (ser_op_kind_of(s, o) == SER_OP_FUNC)
                c->fns[c->num_slots++] = o;
}

void ser_consumer_stop(spvk_ser *s, const spvk_ir_stream *stream)
{
    ser_consumer *c = s->consumer;
    if (!c)
        return;
    stream->set_consumer(stream->user, NULL); /* stops the workers */
    const spvk_allocator *alloc = s->alloc;
    for (uint32_t i = 0; i < c->num_slots; i++)
        if (c->slots[i])
            spvk_free(alloc, c->slots[i], c->slots[i]->size);
    for (uint32_t i = 0; i < c->num_spare; i++)
        spvk_free(alloc, c->spare[i], c->spare[i]->size);
    pthread_mutex_destroy(&c->spare_lock);
    spvk_free(alloc, c->slots, (size_t)c->num_slots * sizeof *c->slots);
    spvk_free(alloc, c->fns, (size_t)c->num_slots * sizeof *c->fns);
    for (ser_thread *th = c->threads, *next; th; th = next) {
        next = th->next;
        spvk_free(alloc, th->real, th->real_capacity * sizeof *th->real);
        spvk_free(alloc, th, sizeof *th);
    }
    spvk_free(alloc, c->local_real, c->local_real_capacity * sizeof *c->local_real);
    pthread_mutex_destroy(&c->lock);
    spvk_free(alloc, c, sizeof *c);
    s->consumer = NULL;
}

/* ---- The replay, on the calling thread ---- */

/* The real id of a worker's id in r (0: none, which the walk never gives). */
static inline uint32_t real_id(const ser_consumer *c, const ser_record *r, uint32_t id)
{
    if (id & SER_LOCAL_ID) {
        id &= ~SER_LOCAL_ID;
        return id < r->num_locals ? c->local_real[id] : 0;
    }
    const ser_thread *th = r->owner;
    return id < th->real_capacity ? th->real[id] : 0;
}

/* Replaces the ids among words[0, n), copies of r's words from `first` on, by their real ids. */
static bool patch_ids(const ser_consumer *c, const ser_record *r, uint32_t *words, size_t n, size_t first)
{
    size_t i = 0;
    /* Bit by bit up to a 32-word boundary of the id bits, then a group of 32 words at a time. */
    for (; i < n && ((first + i) & 31); i++) {
        size_t b = first + i;
        if (r->id_bits[b >> 5] & (1u << (b & 31)) && !(words[i] = real_id(c, r, words[i])))
            return false;
    }
    for (; i < n; i += 32) {
        uint32_t bits = r->id_bits[(first + i) >> 5];
        if (n - i < 32)
            bits &= (1u << (n - i)) - 1;
        while (bits) {
            unsigned b = (unsigned)__builtin_ctz(bits);
            bits &= bits - 1;
            if (!(words[i + b] = real_id(c, r, words[i + b])))
                return false;
        }
    }
    return true;
}

/* An id the walk marked that the tape did not give: a bug, reported rather than written out. */
static bool not_replayed(spvk_ser *s, const spvk_ir_op *fn)
{
    return ser_error(s, fn, "internal error: a worker's serialization of it does not replay");
}

bool ser_consumer_replay(spvk_ser *s, const spvk_ir_op *fn, bool *replayed)
{
    ser_consumer *c = s->consumer;
    ser_record **slot = slot_of(c, &c->cursor, fn);
    *replayed = false;
    if (!slot || !*slot)
        return true;
    ser_record *r = *slot;
    *slot = NULL;
    *replayed = true;
    ser_thread *th = r->owner;
    bool ok = spvk_array_reserve(s->alloc, &c->local_real, &c->local_real_capacity, r->num_locals + (size_t)1,
                                 sizeof *c->local_real, 64);
    if (!ok)
        ser_oom(s);
    /* In one thread's order: each run of locals, then the external or the section words after it. */
    uint32_t given = 0;
    for (uint32_t e = 0; ok && e <= r->num_events; e++) {
        uint32_t until = e < r->num_events ? r->events[e].locals : r->num_locals;
        for (; ok && given < until; given++)
            ok = (c->local_real[given] = ser_new_id(s)) != 0;
        if (!ok || e == r->num_events)
            break;
        const tape_event *x = &r->events[e];
        if (x->kind >= TAPE_NAMES) {
            /* Flushed after what they name was given its id: every id in them is known. */
            spvk_writer *w = x->kind == TAPE_NAMES ? &s->names : &s->annotations;
            size_t at = w->count;
            ser_words(w, r->words + r->fn_words + x->id, x->value);
            ok = w->failed || patch_ids(c, r, w->words + at, x->value, r->fn_words + x->id) || not_replayed(s, fn);
            continue;
        }
        uint32_t id = ser_external_call(s, (ser_external)x->kind, x->a, x->b, x->value, fn);
        ok = id && spvk_array_grow(s->alloc, &th->real, &th->real_capacity, (size_t)x->id + 1, sizeof *th->real, 64);
        if (id && !ok)
            ser_oom(s);
        if (ok)
            th->real[x->id] = id;
    }
    if (ok) {
        size_t at = s->fn_defs.count;
        ser_words(&s->fn_defs, r->words, r->fn_words);
        ok = s->fn_defs.failed || patch_ids(c, r, s->fn_defs.words + at, r->fn_words, 0) || not_replayed(s, fn);
    }
    record_give(c, s->alloc, r);
    return ok && !s->oom;
}
