/* The IR verifier: structure first (region counts, terminators, successors in the same region,
   SSA dominance, isolation from above), then each operation's own verifier.

   Dominance: per region with more than one block, blocks are numbered in reverse post-order from
   the entry and immediate dominators computed with the Cooper-Harvey-Kennedy iteration (near
   linear on the reducible graphs SPIR-V produces). Inside a block, ops are numbered so "defined
   before" is a comparison. Uses in unreachable blocks are not checked, as in MLIR. */
#include <stdarg.h>
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>

#include "ir_internal.h"

typedef struct region_info {
    const spvk_ir_region *region;
    spvk_ir_block **blocks; /* by scratch number */
    uint32_t *idom;         /* by RPO number; UINT32_MAX: unreachable */
    uint32_t *rpo;          /* block number -> RPO number */
    uint32_t num_blocks;
    bool graph;             /* no dominance */
    struct region_info *outer;
} region_info;

#define VERIFIER_TABLES 8

/* An index of one symbol table's symbols, shared by the verifiers of several threads
   (ir_verifier_create_sharing): the last to let go frees it. */
typedef struct symbol_index {
    spvk_ir_symbol_table table;
    atomic_uint refs;
} symbol_index;

struct spvk_ir_verifier {
    spvk_ir_context *ctx;
    spvk_diagnostics *diags;
    const spvk_allocator *allocator;
    size_t errors;
    bool out_of_memory;
    /* spvk_ir_verifier_run_streamed: a region not materialized is a streamed child's body, which
       the stream's child_begin verifies once built. Otherwise it is an error. */
    bool streamed;
    /* Symbol indexes built on first use, for the few symbol-table ops a module has; past
       VERIFIER_TABLES the lookup falls back to a scan. */
    symbol_index *tables[VERIFIER_TABLES];
    uint32_t num_tables;
};

spvk_ir_context *spvk_ir_verifier_context(spvk_ir_verifier *v) { return v->ctx; }

/* v's index of table's symbols, built on first use; NULL past VERIFIER_TABLES (the caller scans)
   or out of memory. */
static const spvk_ir_symbol_table *index_of(spvk_ir_verifier *v, const spvk_ir_op *table)
{
    for (uint32_t i = 0; i < v->num_tables; i++)
        if (v->tables[i]->table.op == table)
            return &v->tables[i]->table;
    if (v->num_tables == VERIFIER_TABLES)
        return NULL;
    symbol_index *x = spvk_alloc(v->allocator, sizeof *x);
    if (!x || !spvk_ir_symbol_table_build(v->ctx, table, &x->table)) {
        if (x)
            spvk_ir_symbol_table_free(&x->table);
        spvk_free(v->allocator, x, sizeof *x);
        v->out_of_memory = true;
        return NULL;
    }
    atomic_init(&x->refs, 1);
    v->tables[v->num_tables++] = x;
    return &x->table;
}

spvk_ir_op *spvk_ir_verifier_resolve_symbol(spvk_ir_verifier *v, const spvk_ir_op *from, const spvk_ir_attr *ref)
{
    if (!ref || ref->kind != SPVK_ATTR_SYMBOL_REF || ref->dialect)
        return NULL;
    const spvk_ir_op *table = spvk_ir_symbol_table_of(from);
    if (!table)
        return NULL;
    const spvk_ir_symbol_table *t = index_of(v, table);
    if (!t)
        return v->out_of_memory ? NULL : spvk_ir_symbol_resolve(table, ref);
    /* Attribute strings are interned, as are symbol names: compare pointers. */
    spvk_ir_op *op = spvk_ir_symbol_table_find(t, ref->string);
    /* Nested references (@kernels::@k) through the nested tables' indexes too: a module of
       thousands of launches into one gpu.module would otherwise scan it once per launch. */
    for (uint32_t i = 0; op && i < ref->num_attrs; i++) {
        const spvk_ir_symbol_table *nested = op->def->traits & SPVK_TRAIT_SYMBOL_TABLE ? index_of(v, op) : NULL;
        if (nested)
            op = spvk_ir_symbol_table_find(nested, ref->attrs[i]->string);
        else
            op = v->out_of_memory ? NULL : spvk_ir_symbol_lookup(op, ref->attrs[i]->string);
    }
    return op;
}

static void report_as(spvk_ir_verifier *v, const spvk_ir_op *op, bool prefix, const char *fmt, va_list ap)
{
    char message[1024];
    vsnprintf(message, sizeof message, fmt, ap);
    v->errors++;
    if (!spvk_ir_op_diag(v->diags, SPVK_SEVERITY_ERROR, op, "%s%s%s%s", prefix ? "'" : "", prefix ? (op ? spvk_ir_op_name(op) : "?") : "",
                       prefix ? "' op " : "", message))
        v->out_of_memory = true;
}

static void report(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, va_list ap)
{
    report_as(v, op, true, fmt, ap);
}

bool spvk_ir_op_emit_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report_as(v, op, false, fmt, ap);
    va_end(ap);
    return false;
}

bool spvk_ir_op_error(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(v, op, fmt, ap);
    va_end(ap);
    return false;
}

void spvk_ir_op_note(spvk_ir_verifier *v, const spvk_ir_op *op, const char *fmt, ...)
{
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (!spvk_ir_op_diag(v->diags, SPVK_SEVERITY_NOTE, op, "%s", message))
        v->out_of_memory = true;
}

/* ---- Dominance ---- */

static uint32_t intersect(const uint32_t *idom, uint32_t a, uint32_t b)
{
    while (a != b) {
        while (a > b)
            a = idom[a];
        while (b > a)
            b = idom[b];
    }
    return a;
}

static bool region_info_build(spvk_ir_verifier *v, region_info *ri)
{
    const spvk_allocator *al = v->allocator;
    uint32_t n = 0;
    for (spvk_ir_block *b = ri->region->first; b; b = b->next)
        b->scratch = n++;
    ri->num_blocks = n;
    if (n <= 1 || ri->graph)
        return true;
    ri->blocks = spvk_alloc(al, n * sizeof *ri->blocks);
    ri->idom = spvk_alloc(al, n * sizeof *ri->idom);
    ri->rpo = spvk_alloc(al, n * sizeof *ri->rpo);
    uint32_t *order = spvk_alloc(al, n * sizeof *order);  /* RPO number -> block number */
    uint32_t *stack = spvk_alloc(al, n * sizeof *stack);
    uint32_t *edge = spvk_alloc(al, n * sizeof *edge);
    uint32_t *pred_count = spvk_alloc(al, (n + 1) * sizeof *pred_count);
    bool ok = ri->blocks && ri->idom && ri->rpo && order && stack && edge && pred_count;
    uint32_t *preds = NULL;
    size_t total = 0;
    if (ok) {
        uint32_t i = 0;
        for (spvk_ir_block *b = ri->region->first; b; b = b->next)
            ri->blocks[i++] = b;
        for (i = 0; i < n; i++) {
            ri->rpo[i] = UINT32_MAX;
            ri->idom[i] = UINT32_MAX;
        }
        /* Iterative DFS for post-order. */
        uint32_t sp = 0;
        stack[sp] = 0;
        edge[sp] = 0;
        sp++;
        ri->rpo[0] = 0; /* mark visited; the real number comes at finish */
        uint32_t *visited_finish = order;
        uint32_t finished = 0;
        while (sp) {
            uint32_t bi = stack[sp - 1];
            spvk_ir_op *term = ri->blocks[bi]->last;
            uint32_t ns = term ? term->num_successors : 0;
            if (edge[sp - 1] < ns) {
                spvk_ir_block *s = term->successors[edge[sp - 1]++];
                if (!s || s->region != ri->region)
                    continue;
                if (ri->rpo[s->scratch] == UINT32_MAX) {
                    ri->rpo[s->scratch] = 0;
                    stack[sp] = s->scratch;
                    edge[sp] = 0;
                    sp++;
                }
            } else {
                visited_finish[finished++] = bi;
                sp--;
            }
        }
        /* finished lists post-order; RPO number = finished - 1 - position. */
        for (uint32_t k = 0; k < n; k++)
            ri->rpo[k] = UINT32_MAX;
        for (uint32_t k = 0; k < finished; k++)
            ri->rpo[visited_finish[k]] = finished - 1 - k;
        /* Predecessor lists in CSR form, by RPO number. */
        memset(pred_count, 0, (n + 1) * sizeof *pred_count);
        for (uint32_t k = 0; k < n; k++) {
            spvk_ir_op *term = ri->blocks[k]->last;
            if (ri->rpo[k] == UINT32_MAX || !term)
                continue;
            for (uint32_t e = 0; e < term->num_successors; e++) {
                spvk_ir_block *s = term->successors[e];
                if (s && s->region == ri->region && ri->rpo[s->scratch] != UINT32_MAX) {
                    pred_count[ri->rpo[s->scratch] + 1]++;
                    total++;
                }
            }
        }
        for (uint32_t k = 0; k < n; k++)
            pred_count[k + 1] += pred_count[k];
        preds = spvk_alloc(al, (total ? total : 1) * sizeof *preds);
        ok = preds != NULL;
        if (ok) {
            memcpy(edge, pred_count, n * sizeof *edge); /* fill cursors */
            for (uint32_t k = 0; k < n; k++) {
                spvk_ir_op *term = ri->blocks[k]->last;
                if (ri->rpo[k] == UINT32_MAX || !term)
                    continue;
                for (uint32_t e = 0; e < term->num_successors; e++) {
                    spvk_ir_block *s = term->successors[e];
                    if (s && s->region == ri->region && ri->rpo[s->scratch] != UINT32_MAX)
                        preds[edge[ri->rpo[s->scratch]]++] = ri->rpo[k];
                }
            }
            /* idom by RPO number; entry is 0. */
            ri->idom[0] = 0;
            bool changed = true;
            while (changed) {
                changed = false;
                for (uint32_t b = 1; b < finished; b++) {
                    uint32_t new_idom = UINT32_MAX;
                    for (uint32_t e = pred_count[b]; e < pred_count[b + 1]; e++) {
                        uint32_t p = preds[e];
                        if (ri->idom[p] == UINT32_MAX)
                            continue;
                        new_idom = new_idom == UINT32_MAX ? p : intersect(ri->idom, p, new_idom);
                    }
                    if (new_idom != ri->idom[b]) {
                        ri->idom[b] = new_idom;
                        changed = true;
                    }
                }
            }
        }
    }
    spvk_free(al, order, n * sizeof *order);
    spvk_free(al, stack, n * sizeof *stack);
    spvk_free(al, edge, n * sizeof *edge);
    spvk_free(al, pred_count, (n + 1) * sizeof *pred_count);
    if (preds)
        spvk_free(al, preds, (total ? total : 1) * sizeof *preds);
    if (!ok)
        v->out_of_memory = true;
    return ok;
}

static void region_info_free(spvk_ir_verifier *v, region_info *ri)
{
    uint32_t n = ri->num_blocks;
    if (ri->blocks)
        spvk_free(v->allocator, ri->blocks, n * sizeof *ri->blocks);
    if (ri->idom)
        spvk_free(v->allocator, ri->idom, n * sizeof *ri->idom);
    if (ri->rpo)
        spvk_free(v->allocator, ri->rpo, n * sizeof *ri->rpo);
}

/* Does block a dominate block b (both in ri's region)? Unreachable b: yes (not checked). */
static bool dominates(const region_info *ri, const spvk_ir_block *a, const spvk_ir_block *b)
{
    if (a == b || ri->graph || !ri->idom)
        return true;
    uint32_t ra = ri->rpo[a->scratch], rb = ri->rpo[b->scratch];
    if (rb == UINT32_MAX)
        return true;
    if (ra == UINT32_MAX)
        return false;
    while (rb > ra)
        rb = ri->idom[rb];
    return rb == ra;
}

/* ---- Structure ---- */

static void verify_region(spvk_ir_verifier *v, const spvk_ir_op *parent, spvk_ir_region *r, region_info *outer,
                          unsigned depth);

static void verify_operand(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t index, region_info *ri)
{
    const spvk_ir_value *val = op->operands[index].value;
    if (!val) {
        spvk_ir_op_error(v, op, "operand #%u is missing", index);
        return;
    }
    const spvk_ir_block *def_block = val->block ? val->block : (val->defining_op ? val->defining_op->block : NULL);
    if (!def_block || !def_block->region) {
        spvk_ir_op_error(v, op, "operand #%u is a value that is not in the IR", index);
        return;
    }
    /* Walk up from the user to the region that holds the definition. */
    const spvk_ir_op *cur = op;
    region_info *cri = ri;
    while (cur->block && cur->block->region != def_block->region) {
        const spvk_ir_op *up = cur->block->region ? cur->block->region->op : NULL;
        if (!up) {
            cur = NULL;
            break;
        }
        if (up->def->traits & SPVK_TRAIT_ISOLATED_FROM_ABOVE) {
            spvk_ir_op_error(v, op, "operand #%u uses a value defined above '%s', which is isolated from above", index,
                             spvk_ir_op_name(up));
            return;
        }
        cur = up;
        cri = cri ? cri->outer : NULL;
    }
    if (!cur || !cur->block || !cri) {
        spvk_ir_op_error(v, op, "operand #%u uses a value that is not visible here", index);
        return;
    }
    if (cri->graph)
        return;
    if (cur->block == def_block) {
        if (val->defining_op) {
            if (val->defining_op == cur || val->defining_op->scratch >= cur->scratch)
                spvk_ir_op_emit_error(v, op, "operand #%u does not dominate this use", index);
        }
        return;
    }
    if (!dominates(cri, def_block, cur->block))
        spvk_ir_op_emit_error(v, op, "operand #%u does not dominate this use", index);
}

/* BranchOpInterface: what a branch hands each successor matches its arguments (MLIR's
   verifyBranchSuccessorOperands, which words these without the op's name). */
static void verify_branch_operands(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    for (uint32_t i = 0; i < op->num_successors; i++) {
        const spvk_ir_block *s = op->successors[i];
        uint32_t first = 0, count = 0;
        op->def->successor_operands(op, i, &first, &count);
        if (!s || first + count > op->num_operands || first + count < first)
            continue;
        if (count != s->num_args) {
            spvk_ir_op_emit_error(v, op, "branch has %u operands for successor #%u, but target block has %u", count, i,
                        s->num_args);
            return;
        }
        for (uint32_t k = 0; k < count; k++) {
            const spvk_ir_value *a = op->operands[first + k].value;
            if (a && a->type != s->args[k]->type) {
                spvk_ir_op_emit_error(v, op, "type mismatch for bb argument #%u of successor #%u", k, i);
                return;
            }
        }
    }
}

/* MLIR's OneRegion / NRegions / ZeroRegions words. */
static void region_count_error(spvk_ir_verifier *v, const spvk_ir_op *op, uint32_t expected)
{
    if (expected == 0)
        spvk_ir_op_error(v, op, "requires zero regions");
    else if (expected == 1)
        spvk_ir_op_error(v, op, "requires one region");
    else
        spvk_ir_op_error(v, op, "expected %u regions", expected);
}

/* The Elementwise trait (MLIR's verifyElementwise): vector and tensor operands and results go
   together, of one kind and compatible shapes. 0: a vector, 1: a ranked tensor, 2: an unranked
   one, -1: a scalar. */
static int mappable_kind(const spvk_ir_type *t)
{
    if (!t || t->dialect)
        return -1;
    if (t->kind == SPVK_TYPE_VECTOR)
        return 0;
    if (t->kind == SPVK_TYPE_TENSOR)
        return (t->flags & SPVK_SHAPE_UNRANKED) ? 2 : 1;
    return -1;
}

static bool compatible_shapes(const spvk_ir_type *a, const spvk_ir_type *b)
{
    if ((a->kind == SPVK_TYPE_TENSOR && (a->flags & SPVK_SHAPE_UNRANKED)) ||
        (b->kind == SPVK_TYPE_TENSOR && (b->flags & SPVK_SHAPE_UNRANKED)))
        return true;
    if (a->num_ints != b->num_ints)
        return false;
    for (uint32_t i = 0; i < a->num_ints; i++)
        if (a->ints[i] >= 0 && b->ints[i] >= 0 && a->ints[i] != b->ints[i])
            return false;
    return true;
}

static void verify_elementwise(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    const spvk_ir_type *first = NULL;
    uint32_t mappable_results = 0, mappable_operands = 0;
    bool same = true;
    for (uint32_t i = 0; i < op->num_operands + op->num_results; i++) {
        const spvk_ir_type *t = i < op->num_operands ? (op->operands[i].value ? op->operands[i].value->type : NULL)
                                                    : op->results[i - op->num_operands].type;
        int k = mappable_kind(t);
        if (k < 0)
            continue;
        if (i < op->num_operands)
            mappable_operands++;
        else
            mappable_results++;
        if (!first)
            first = t;
        else if (k != mappable_kind(first) || !compatible_shapes(first, t))
            same = false;
    }
    if (!mappable_results && !mappable_operands)
        return;
    if (!mappable_operands)
        spvk_ir_op_error(v, op, "if a result is non-scalar, then at least one operand must be non-scalar");
    else if (!mappable_results)
        spvk_ir_op_error(v, op, "if an operand is non-scalar, then there must be at least one non-scalar result");
    else if (mappable_results != op->num_results)
        spvk_ir_op_error(v, op, "if an operand is non-scalar, then all results must be non-scalar");
    else if (!same)
        spvk_ir_op_error(v, op, "all non-scalar operands/results must have the same shape and base type");
}

static void verify_op(spvk_ir_verifier *v, spvk_ir_op *op, region_info *ri, unsigned depth)
{
    const spvk_ir_op_def *def = op->def;
    bool registered = !(def->traits & SPVK_TRAIT_UNREGISTERED);
    for (uint32_t i = 0; i < op->num_operands; i++)
        verify_operand(v, op, i, ri);
    for (uint32_t i = 0; i < op->num_successors; i++) {
        const spvk_ir_block *s = op->successors[i];
        if (!s || !op->block || s->region != op->block->region)
            spvk_ir_op_error(v, op, "successor #%u is not a block of the same region", i);
        else if (s == s->region->first)
            spvk_ir_op_error(v, op, "successor #%u is the entry block of its region, which may not have predecessors", i);
    }
    if (registered && def->num_regions >= 0 && (uint32_t)def->num_regions != op->num_regions)
        region_count_error(v, op, (uint32_t)def->num_regions);
    if (registered && (def->traits & SPVK_TRAIT_BRANCH) && def->successor_operands)
        verify_branch_operands(v, op);
    if ((def->traits & SPVK_TRAIT_TERMINATOR) && op->next)
        spvk_ir_op_error(v, op, "must be the last operation of its block");
    size_t before = v->errors;
    if (registered && def->verify)
        def->verify(v, op);
    if (registered && (def->traits & SPVK_TRAIT_ELEMENTWISE) && v->errors == before)
        verify_elementwise(v, op);
    if (depth > 4096) {
        spvk_ir_op_error(v, op, "nests regions deeper than 4096 levels");
        return;
    }
    for (uint32_t i = 0; i < op->num_regions; i++)
        verify_region(v, op, &op->regions[i], ri, depth + 1);
}

/* MLIR's words: "block with no terminator, has " and the op in generic form, at the op. */
static void no_terminator_error(spvk_ir_verifier *v, const spvk_ir_op *last)
{
    spvk_ir_print_options po = {0};
    po.generic = true;
    char *text = spvk_ir_print(v->ctx, last, &po);
    size_t n = text ? strlen(text) : 0;
    while (n && text[n - 1] == '\n')
        n--;
    spvk_ir_op_emit_error(v, last, "block with no terminator, has %.*s", (int)n, text ? text : "");
    spvk_free(v->allocator, text, text ? strlen(text) + 1 : 0);
}

static void verify_region(spvk_ir_verifier *v, const spvk_ir_op *parent, spvk_ir_region *r, region_info *outer,
                          unsigned depth)
{
    if (r->unmaterialized) {
        if (!v->streamed)
            spvk_ir_op_error(v, parent, "holds a region that is not materialized: it cannot be verified");
        return;
    }
    region_info ri = {0};
    ri.region = r;
    ri.outer = outer;
    const spvk_ir_op_def *pdef = parent->def;
    bool registered = !(pdef->traits & SPVK_TRAIT_UNREGISTERED);
    ri.graph = (pdef->traits & SPVK_TRAIT_GRAPH_REGION) != 0;
    if (!region_info_build(v, &ri)) {
        region_info_free(v, &ri);
        return;
    }
    if (registered && (pdef->traits & SPVK_TRAIT_SINGLE_BLOCK) && r->first && r->first != r->last)
        spvk_ir_op_error(v, parent, "expects region #%u to have 0 or 1 blocks", (unsigned)(r - parent->regions));
    for (spvk_ir_block *b = r->first; b; b = b->next) {
        uint32_t n = 0;
        for (spvk_ir_op *o = b->first; o; o = o->next)
            o->scratch = n++;
        bool needs_terminator = registered && !(pdef->traits & SPVK_TRAIT_NO_TERMINATOR);
        if (needs_terminator && !b->first)
            spvk_ir_op_emit_error(v, parent, "empty block: expect at least a terminator");
        for (spvk_ir_op *o = b->first; o; o = o->next) {
            if (o->block != b)
                spvk_ir_op_error(v, o, "is linked into a block it does not name");
            verify_op(v, o, &ri, depth);
            if (v->out_of_memory)
                break;
        }
        /* After the block's ops, as MLIR's verifier checks it on leaving the block. */
        const spvk_ir_op *last = b->last;
        if (needs_terminator && last && !(last->def->traits & (SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_UNREGISTERED)))
            no_terminator_error(v, last);
    }
    region_info_free(v, &ri);
}

static spvk_result run(spvk_ir_verifier *v, spvk_ir_op *op)
{
    v->errors = 0;
    /* The top op is verified as if it were in a graph region of its own. */
    region_info top = {0};
    top.graph = true;
    top.region = op->block ? op->block->region : NULL;
    const spvk_ir_op_def *def = op->def;
    if (!(def->traits & SPVK_TRAIT_UNREGISTERED)) {
        if (def->num_regions >= 0 && (uint32_t)def->num_regions != op->num_regions)
            region_count_error(v, op, (uint32_t)def->num_regions);
        if (def->verify)
            def->verify(v, op);
    }
    for (uint32_t i = 0; i < op->num_regions; i++)
        verify_region(v, op, &op->regions[i], &top, 1);
    if (v->out_of_memory)
        return SPVK_ERROR_OUT_OF_MEMORY;
    return v->errors ? SPVK_ERROR_INVALID : SPVK_OK;
}

static void release_tables(spvk_ir_verifier *v)
{
    for (uint32_t i = 0; i < v->num_tables; i++) {
        symbol_index *x = v->tables[i];
        if (atomic_fetch_sub_explicit(&x->refs, 1, memory_order_acq_rel) == 1) {
            spvk_ir_symbol_table_free(&x->table); /* the context's allocator, as the verifier's */
            spvk_free(v->allocator, x, sizeof *x);
        }
    }
    v->num_tables = 0;
}

spvk_result spvk_ir_verify(spvk_ir_context *ctx, spvk_ir_op *op, spvk_diagnostics *diags)
{
    spvk_ir_verifier v = {0};
    v.ctx = ctx;
    v.diags = diags;
    v.allocator = ctx->allocator;
    spvk_result r = run(&v, op);
    release_tables(&v);
    return r;
}

spvk_ir_verifier *spvk_ir_verifier_create(spvk_ir_context *ctx, spvk_diagnostics *diags)
{
    spvk_ir_verifier *v = spvk_alloc(ctx->allocator, sizeof *v);
    if (!v)
        return NULL;
    memset(v, 0, sizeof *v);
    v->ctx = ctx;
    v->diags = diags;
    v->allocator = ctx->allocator;
    return v;
}

spvk_result spvk_ir_verifier_run(spvk_ir_verifier *v, spvk_ir_op *op)
{
    if (!v || !op)
        return SPVK_ERROR_USAGE;
    v->out_of_memory = false;
    return run(v, op);
}

spvk_result spvk_ir_verifier_run_streamed(spvk_ir_verifier *v, spvk_ir_op *op)
{
    if (!v || !op)
        return SPVK_ERROR_USAGE;
    v->out_of_memory = false;
    v->streamed = true;
    spvk_result r = run(v, op);
    v->streamed = false;
    return r;
}

spvk_ir_verifier *ir_verifier_create_sharing(spvk_ir_context *ctx, spvk_ir_verifier *parent, const spvk_ir_op *table)
{
    if (table) {
        bool out_of_memory = parent->out_of_memory;
        (void)index_of(parent, table); /* out of memory: the child builds its own */
        parent->out_of_memory = out_of_memory;
    }
    spvk_ir_verifier *v = spvk_ir_verifier_create(ctx, NULL);
    if (!v)
        return NULL;
    for (uint32_t i = 0; i < parent->num_tables; i++) {
        atomic_fetch_add_explicit(&parent->tables[i]->refs, 1, memory_order_relaxed);
        v->tables[i] = parent->tables[i];
    }
    v->num_tables = parent->num_tables;
    return v;
}

void spvk_ir_verifier_destroy(spvk_ir_verifier *v)
{
    if (!v)
        return;
    release_tables(v);
    spvk_free(v->allocator, v, sizeof *v);
}
