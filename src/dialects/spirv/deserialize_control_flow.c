/* Function bodies: blocks, structured control flow, values.

   The structure is worked out on the binary's CFG before any IR is built, then the IR is emitted
   directly into the right regions (MLIR's deserializer builds a flat CFG first and clones blocks
   into each construct; spvkit does not clone).

   1. Blocks. Each OpLabel starts a block; its OpPhis, its merge instruction and its terminator are
      noted. A header's merge block and a loop's continue target are recorded on those blocks.
   2. Regions. A worklist walk from the entry assigns every block to the region its instructions
      go to: the function, or the spirv.mlir.selection / spirv.mlir.loop of the innermost construct
      holding it. A selection header's own instructions stay in the enclosing region (before the
      selection op: they dominate what follows the construct, so values they define stay usable
      after it; MLIR 19 moves them inside and fails); only its conditional branch opens the
      region. A loop header opens the loop region (it runs every iteration). When a construct
      opens, its merge block is claimed for the enclosing region (the code after the op) and a
      loop's continue target for the loop. Every edge is classified against the region it leaves
      from (classify()): local, the loop's back edge, to the region's own merge, or crossing one or
      more region boundaries (a `break` or `continue` from inside a selection nested in the loop,
      a switch case falling through from inside an if). Unreachable blocks (dead code after a
      return, never-taken continue targets) join the region of the block before them.
   3. What MLIR 19 cannot express, spvkit carries through Function variables (spirv.Variable in the
      entry block), which MLIR 19 reads and which serialize to valid SPIR-V:
        - a value defined inside a construct and used after it (MLIR 19: "it has uses outside of
          the enclosing selection/loop construct") is stored right after its definition and
          loaded where used outside;
        - OpPhi in a block reached by an edge leaving a construct (a merge block's phi, MLIR 19:
          "OpPhi in loop merge block unsupported") loses its block argument: every incoming edge
          stores the incoming value and the block starts by loading it;
        - an edge crossing several region boundaries stores an exit code (one i32 variable per
          function) and goes to the innermost region's merge; after each construct op a chain of
          spirv.BranchConditional compares the code and goes on to the target, or to the next
          merge out. The code is reset before the construct op.
      Values of types that cannot live in a Function variable (images, samplers, pointers under
      logical addressing without VariablePointers) that would need this are an error.
   4. Emission. Blocks are created in binary order inside their regions; a merge block reached only
      from its construct is emitted right after the construct op (MLIR places the op at the start
      of the merge block), otherwise the code after the op branches to it. Loop regions are laid
      out as MLIR's verifier wants: entry block (branching to the header), header, body, the block
      with the back edge second to last (a single-block loop gets a forwarding block), then the
      merge block holding spirv.mlir.merge.

   Normal constants, spec constants, global variables and module-level undefs are materialized in
   the block using them (spirv.Constant, spirv.mlir.referenceof, spirv.mlir.addressof,
   spirv.Undef, spirv.SpecConstantOperation), once per block: a later use in the same block reuses
   it. */
#include <string.h>

#include "deserialize_internal.h"

enum { EDGE_LOCAL, EDGE_BACK, EDGE_MERGE, EDGE_CROSS, EDGE_NEW, EDGE_INVALID };

typedef struct edge_info {
    int kind;
    uint32_t region; /* EDGE_CROSS: the region where the target is reached (its owner, or the
                        construct whose merge it is) */
} edge_info;

static inline uint32_t word_of(const dsr *d, uint32_t inst, uint32_t operand)
{
    const dsr_inst *i = &d->insts[inst];
    return (d->words + i->offset)[d->operands[i->first_operand + operand].offset];
}

static inline bool is_line(uint16_t opcode)
{
    return opcode == SPVK_OP_Line || opcode == SPVK_OP_NoLine || opcode == SPVK_OP_Nop;
}

/* ---- Regions ---- */

static bool is_ancestor(const dsr_fn *f, uint32_t a, uint32_t x)
{
    if (a == DSR_NONE || x == DSR_NONE)
        return false;
    while (f->regions[x].depth > f->regions[a].depth)
        x = f->regions[x].parent;
    return x == a;
}

static uint32_t new_region(dsr *d, uint8_t kind, uint32_t parent, uint32_t header, uint32_t inst)
{
    dsr_fn *f = &d->fn;
    f->regions = dsr_scratch_grow(d, &f->regions, &f->regions_capacity, f->num_regions + 1, sizeof *f->regions);
    uint32_t r = (uint32_t)f->num_regions++;
    dsr_region *g = &f->regions[r];
    memset(g, 0, sizeof *g);
    g->kind = kind;
    g->parent = parent == DSR_NONE ? r : parent;
    g->depth = parent == DSR_NONE ? 0 : f->regions[parent].depth + 1;
    if (g->depth > DSR_MAX_NESTING)
        dsr_fail(d, inst, "structured constructs nested more than %d deep", DSR_MAX_NESTING);
    g->header = header;
    g->merge = g->cont = g->back_edge = DSR_NONE;
    g->merge_inst = inst;
    return r;
}

/* The region a block is reached in from outside it: a loop header's outer region. */
static uint32_t owner_region(const dsr_fn *f, const dsr_block *b)
{
    if (b->is_loop_header && b->construct != DSR_NONE)
        return f->regions[b->construct].parent;
    return b->region;
}

/* How an edge leaving region y towards block t behaves (see the file comment). */
static edge_info classify(const dsr_fn *f, uint32_t y, uint32_t t)
{
    const dsr_block *tb = &f->blocks[t];
    edge_info e = {EDGE_INVALID, DSR_NONE};
    if (tb->is_loop_header && tb->construct != DSR_NONE) {
        uint32_t l = tb->construct;
        if (l == y) {
            e.kind = EDGE_BACK;
            return e;
        }
        if (is_ancestor(f, l, y)) {
            e.kind = EDGE_CROSS;
            e.region = l;
            return e;
        }
    }
    if (tb->merge_of != DSR_NONE) {
        uint32_t c = f->blocks[tb->merge_of].construct;
        if (c != DSR_NONE && c == y) {
            e.kind = EDGE_MERGE;
            return e;
        }
        if (c != DSR_NONE && is_ancestor(f, c, y)) {
            e.kind = EDGE_CROSS;
            e.region = c;
            return e;
        }
    }
    if (tb->continue_of != DSR_NONE) {
        uint32_t l = f->blocks[tb->continue_of].construct;
        if (l != DSR_NONE && l != y && is_ancestor(f, l, y)) {
            e.kind = EDGE_CROSS;
            e.region = l;
            return e;
        }
    }
    if (tb->region == DSR_NONE) {
        e.kind = EDGE_NEW;
        return e;
    }
    uint32_t owner = owner_region(f, tb);
    if (owner == y) {
        e.kind = EDGE_LOCAL;
        return e;
    }
    if (is_ancestor(f, owner, y)) {
        e.kind = EDGE_CROSS;
        e.region = owner;
    }
    return e;
}

/* ---- Blocks ---- */

static uint32_t block_of_label(dsr *d, uint32_t label, uint32_t inst)
{
    dsr_id *e = dsr_id_at(d, label);
    if (e->kind != DSR_ID_LABEL || e->block == DSR_NONE || e->block >= d->fn.num_blocks ||
        d->fn.blocks[e->block].label != label)
        dsr_fail(d, inst, "%%%u is not a block of this function", label);
    return e->block;
}

static uint32_t terminator_of(const dsr *d, const dsr_block *b)
{
    (void)d;
    return b->last;
}

/* The successor labels of a block's terminator. */
static uint32_t successors(const dsr *d, const dsr_block *b, uint32_t *out, uint32_t max)
{
    uint32_t t = terminator_of(d, b);
    const dsr_inst *in = &d->insts[t];
    uint32_t n = 0;
    switch (in->opcode) {
    case SPVK_OP_Branch:
        out[n++] = word_of(d, t, 0);
        break;
    case SPVK_OP_BranchConditional:
        out[n++] = word_of(d, t, 1);
        out[n++] = word_of(d, t, 2);
        break;
    case SPVK_OP_Switch:
        out[n++] = word_of(d, t, 1);
        for (uint32_t k = 3; k < in->num_operands && n < max; k += 2)
            out[n++] = word_of(d, t, k);
        break;
    default:
        break;
    }
    return n;
}

static uint32_t max_successors(const dsr *d, const dsr_block *b)
{
    const dsr_inst *in = &d->insts[b->last];
    return in->opcode == SPVK_OP_Switch ? in->num_operands : 2u;
}

static void push(dsr *d, uint32_t block)
{
    dsr_fn *f = &d->fn;
    f->work = dsr_scratch_grow(d, &f->work, &f->work_capacity, f->work_count + 1, sizeof *f->work);
    f->work[f->work_count++] = block;
}

static void claim(dsr *d, uint32_t block, uint32_t region)
{
    d->fn.blocks[block].region = region;
    push(d, block);
}

static bool cross_set_add(dsr *d, uint32_t region, uint32_t target)
{
    dsr_fn *f = &d->fn;
    if ((f->cross_set_count + 1) * 2 > f->cross_set_capacity) {
        size_t cap = f->cross_set_capacity ? f->cross_set_capacity * 2 : 64;
        uint64_t *slots = spvk_alloc(d->alloc, cap * sizeof *slots);
        if (!slots)
            dsr_oom(d);
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < f->cross_set_capacity; i++) {
            uint64_t k = f->cross_set[i];
            if (!k)
                continue;
            size_t h = spvk_hash_u32((uint32_t)(k >> 32) * 31u + (uint32_t)k) & (cap - 1);
            while (slots[h])
                h = (h + 1) & (cap - 1);
            slots[h] = k;
        }
        spvk_free(d->alloc, f->cross_set, f->cross_set_capacity * sizeof *f->cross_set);
        f->cross_set = slots;
        f->cross_set_capacity = cap;
    }
    uint64_t key = (((uint64_t)region << 32) | target) + 1;
    size_t mask = f->cross_set_capacity - 1;
    size_t h = spvk_hash_u32((uint32_t)(key >> 32) * 31u + (uint32_t)key) & mask;
    for (; f->cross_set[h]; h = (h + 1) & mask)
        if (f->cross_set[h] == key)
            return false;
    f->cross_set[h] = key;
    f->cross_set_count++;
    return true;
}

/* An edge from region y to block t crossing the regions up to (not including) e.region. */
static void register_crossing(dsr *d, uint32_t y, uint32_t t, edge_info e)
{
    dsr_fn *f = &d->fn;
    if (!f->blocks[t].exit_code)
        f->blocks[t].exit_code = f->next_exit_code++;
    for (uint32_t r = y; r != e.region; r = f->regions[r].parent) {
        if (!cross_set_add(d, r, t))
            break; /* r's ancestors up to e.region have it already */
        f->crosses = dsr_scratch_grow(d, &f->crosses, &f->crosses_capacity, f->num_crosses + 1, sizeof *f->crosses);
        dsr_cross *c = &f->crosses[f->num_crosses++];
        c->target = t;
        c->next = 0;
        /* Append, keeping discovery order (the dispatch chain checks targets in this order). */
        if (!f->regions[r].first_cross) {
            f->regions[r].first_cross = (uint32_t)f->num_crosses;
        } else {
            uint32_t i = f->regions[r].first_cross;
            while (f->crosses[i - 1].next)
                i = f->crosses[i - 1].next;
            f->crosses[i - 1].next = (uint32_t)f->num_crosses;
        }
        if (r == f->regions[r].parent)
            dsr_fail(d, DSR_NONE, "internal: crossing escaped the function region");
    }
}

/* Follows the edge from region y to block t during the walk. */
static void walk_edge(dsr *d, uint32_t y, uint32_t t, uint32_t inst)
{
    dsr_fn *f = &d->fn;
    edge_info e = classify(f, y, t);
    switch (e.kind) {
    case EDGE_NEW:
        claim(d, t, y);
        break;
    case EDGE_CROSS:
        register_crossing(d, y, t, e);
        break;
    case EDGE_INVALID:
        dsr_fail(d, inst,
                 "the branch to %%%u enters a structured construct other than through its header (or leaves one "
                 "other than by its merge block, a loop break or continue)",
                 f->blocks[t].label);
    default:
        break;
    }
}

/* The continuation after a construct: its merge block, seen from the enclosing region. */
static void walk_continuation(dsr *d, uint32_t x, uint32_t merge, uint32_t inst)
{
    dsr_fn *f = &d->fn;
    dsr_block *m = &f->blocks[merge];
    if (m->region == DSR_NONE) {
        claim(d, merge, x);
        return;
    }
    walk_edge(d, x, merge, inst);
}

static void visit(dsr *d, uint32_t bi)
{
    dsr_fn *f = &d->fn;
    dsr_block *b = &f->blocks[bi];
    uint32_t x = b->region;
    uint32_t succ_small[2];
    uint32_t nmax = max_successors(d, b);
    uint32_t *succ = nmax <= 2 ? succ_small : dsr_check(d, spvk_ir_alloc(d->ctx, nmax * sizeof *succ));
    uint32_t ns = successors(d, b, succ, nmax);
    uint32_t y = x;
    if (b->merge_inst != DSR_NONE) {
        const dsr_inst *mi = &d->insts[b->merge_inst];
        uint32_t merge = block_of_label(d, word_of(d, b->merge_inst, 0), b->merge_inst);
        if (merge == bi)
            dsr_fail(d, b->merge_inst, "a header cannot be its own merge block");
        if (mi->opcode == SPVK_OP_LoopMerge) {
            uint32_t cont = block_of_label(d, word_of(d, b->merge_inst, 1), b->merge_inst);
            uint32_t l = new_region(d, DSR_REGION_LOOP, x, bi, b->merge_inst);
            dsr_region *g = &f->regions[l];
            g->merge = merge;
            g->cont = cont;
            g->control = word_of(d, b->merge_inst, 2);
            b = &f->blocks[bi];
            b->construct = l;
            b->region = b->term_region = l;
            y = l;
            if (cont != bi) {
                dsr_block *cb = &f->blocks[cont];
                if (cb->region == DSR_NONE)
                    claim(d, cont, l);
                else if (cb->region != l)
                    dsr_fail(d, b->merge_inst, "the continue target %%%u belongs to another construct", cb->label);
            }
            walk_continuation(d, x, merge, b->merge_inst);
        } else {
            uint32_t s = new_region(d, DSR_REGION_SELECTION, x, bi, b->merge_inst);
            dsr_region *g = &f->regions[s];
            g->merge = merge;
            g->control = word_of(d, b->merge_inst, 1);
            b = &f->blocks[bi];
            b->construct = s;
            b->term_region = s;
            y = s;
            walk_continuation(d, x, merge, b->merge_inst);
        }
    } else {
        b->term_region = x;
    }
    for (uint32_t k = 0; k < ns; k++)
        walk_edge(d, y, block_of_label(d, succ[k], terminator_of(d, &f->blocks[bi])), terminator_of(d, &f->blocks[bi]));
}

static void drain(dsr *d)
{
    dsr_fn *f = &d->fn;
    /* A FIFO: a switch's cases are claimed by the switch before anything nested reaches them. */
    for (size_t head = 0; head < f->work_count; head++)
        visit(d, f->work[head]);
    f->work_count = 0;
}

/* ---- Scanning the function ---- */

static bool is_terminator(const dsr_inst *in)
{
    switch (in->opcode) {
    case SPVK_OP_Branch:
    case SPVK_OP_BranchConditional:
    case SPVK_OP_Switch:
    case SPVK_OP_Return:
    case SPVK_OP_ReturnValue:
    case SPVK_OP_Kill:
    case SPVK_OP_Unreachable:
        return true;
    default:
        break;
    }
    if (in->opcode < SPVK_OP_Unreachable)
        return false;
    const spvk_spirv_op_info *info = spvk_spirv_op_info_by_opcode(in->opcode);
    return info && (info->traits & SPVK_TRAIT_TERMINATOR);
}

static void scan_blocks(dsr *d, uint32_t first, uint32_t end)
{
    dsr_fn *f = &d->fn;
    uint32_t i = first;
    while (i < end && is_line(d->insts[i].opcode))
        i++;
    while (i < end) {
        if (d->insts[i].opcode != SPVK_OP_Label)
            dsr_fail(d, i, "%s outside a block (expected OpLabel)", dsr_inst_name(d, i));
        f->blocks = dsr_scratch_grow(d, &f->blocks, &f->blocks_capacity, f->num_blocks + 1, sizeof *f->blocks);
        uint32_t bi = (uint32_t)f->num_blocks++;
        dsr_block *b = &f->blocks[bi];
        memset(b, 0, sizeof *b);
        b->label = d->insts[i].result_id;
        b->first = i;
        b->merge_inst = b->region = b->term_region = b->construct = DSR_NONE;
        b->merge_of = b->continue_of = b->next_in_region = DSR_NONE;
        dsr_id_at(d, b->label)->block = bi;
        uint32_t k = i + 1;
        while (k < end && (d->insts[k].opcode == SPVK_OP_Phi || is_line(d->insts[k].opcode))) {
            if (d->insts[k].opcode == SPVK_OP_Phi)
                b->num_phis++;
            k++;
        }
        b->first_body = k;
        while (k < end && !is_terminator(&d->insts[k])) {
            if (d->insts[k].opcode == SPVK_OP_Label)
                dsr_fail(d, k, "block %%%u has no terminator", b->label);
            if (d->insts[k].opcode == SPVK_OP_Phi)
                dsr_fail(d, k, "OpPhi after other instructions of its block");
            k++;
        }
        if (k == end)
            dsr_fail(d, i, "block %%%u has no terminator", b->label);
        b->last = k;
        /* A merge instruction immediately precedes the terminator (OpLine aside). */
        uint32_t p = k;
        while (p > b->first_body && is_line(d->insts[p - 1].opcode))
            p--;
        if (p > b->first_body && (d->insts[p - 1].opcode == SPVK_OP_SelectionMerge ||
                                  d->insts[p - 1].opcode == SPVK_OP_LoopMerge))
            b->merge_inst = p - 1;
        i = k + 1;
        while (i < end && is_line(d->insts[i].opcode))
            i++;
    }
    /* Merge blocks and continue targets know their header. */
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        for (uint32_t k = b->first_body; k < b->last; k++) {
            uint16_t op = d->insts[k].opcode;
            if ((op == SPVK_OP_SelectionMerge || op == SPVK_OP_LoopMerge) && k != b->merge_inst)
                dsr_fail(d, k, "a merge instruction must immediately precede the block's terminator");
        }
        if (b->merge_inst == DSR_NONE)
            continue;
        const dsr_inst *mi = &d->insts[b->merge_inst];
        uint16_t term = d->insts[b->last].opcode;
        if (mi->opcode == SPVK_OP_SelectionMerge && term != SPVK_OP_BranchConditional && term != SPVK_OP_Switch)
            dsr_fail(d, b->merge_inst, "OpSelectionMerge must precede OpBranchConditional or OpSwitch");
        if (mi->opcode == SPVK_OP_LoopMerge && term != SPVK_OP_Branch && term != SPVK_OP_BranchConditional)
            dsr_fail(d, b->merge_inst, "OpLoopMerge must precede OpBranch or OpBranchConditional");
        uint32_t m = block_of_label(d, word_of(d, b->merge_inst, 0), b->merge_inst);
        if (f->blocks[m].merge_of != DSR_NONE)
            dsr_fail(d, b->merge_inst, "block %%%u is the merge block of two headers", f->blocks[m].label);
        f->blocks[m].merge_of = bi;
        b = &f->blocks[bi];
        if (mi->opcode == SPVK_OP_LoopMerge) {
            b->is_loop_header = 1;
            uint32_t c = block_of_label(d, word_of(d, b->merge_inst, 1), b->merge_inst);
            if (c == m)
                dsr_fail(d, b->merge_inst, "a loop's continue target and merge block must differ");
            if (c != bi) {
                if (f->blocks[c].continue_of != DSR_NONE)
                    dsr_fail(d, b->merge_inst, "block %%%u is the continue target of two loops", f->blocks[c].label);
                f->blocks[c].continue_of = bi;
            }
        }
    }
}

/* ---- Materialization ---- */

static void append(spvk_ir_block *b, spvk_ir_op *op) { spvk_ir_block_append(b, op); }

static spvk_ir_value *result(spvk_ir_op *op) { return &op->results[0]; }

static const spvk_ir_attr *attr1(dsr *d, const char *name, const spvk_ir_attr *value)
{
    return dsr_dict(d, &name, &value, 1);
}

static spvk_ir_value *emit_constant_dict(dsr *d, spvk_ir_block *b, const spvk_ir_attr *dict, const spvk_ir_type *type)
{
    spvk_ir_op *op = dsr_create_op(d, d->def_constant, "spirv.Constant", NULL, 0, type, dict);
    append(b, op);
    return result(op);
}

static spvk_ir_value *emit_constant(dsr *d, spvk_ir_block *b, const spvk_ir_attr *value, const spvk_ir_type *type)
{
    return emit_constant_dict(d, b, attr1(d, d->n_value, value), type);
}

static spvk_ir_value *emit_load(dsr *d, spvk_ir_block *b, spvk_ir_value *ptr)
{
    const spvk_ir_type *pointee = ptr->type->types[0];
    spvk_ir_op *op = dsr_create_op(d, d->def_load, "spirv.Load", &ptr, 1, pointee, NULL);
    append(b, op);
    return result(op);
}

static void emit_store(dsr *d, spvk_ir_block *b, spvk_ir_value *ptr, spvk_ir_value *value)
{
    spvk_ir_value *ops[2] = {ptr, value};
    append(b, dsr_create_op(d, d->def_store, "spirv.Store", ops, 2, NULL, NULL));
}

/* A Function variable at the start of the entry block (after the previous ones). */
static spvk_ir_value *new_variable(dsr *d, const spvk_ir_type *type, uint32_t inst)
{
    dsr_fn *f = &d->fn;
    if (!dsr_type_storable(d, type)) {
        char *s = spvk_ir_print_type(d->ctx, type);
        char buf[160] = "this type";
        if (s) {
            size_t n = strlen(s);
            if (n >= sizeof buf)
                n = sizeof buf - 1;
            memcpy(buf, s, n);
            buf[n] = 0;
            spvk_free(d->alloc, s, strlen(s) + 1);
        }
        dsr_fail(d, inst,
                 "the value of %s (a %s) is needed outside its structured construct, and spvkit carries such "
                 "values through a Function variable, which cannot hold this type",
                 dsr_inst_name(d, inst), buf);
    }
    const spvk_ir_type *ptr = dsr_check(d, (void *)spvk_spirv_pointer_type(d->ctx, type, SPVK_STORAGE_CLASS_Function));
    spvk_ir_op *op = dsr_create_op(d, d->def_variable, "spirv.Variable", NULL, 0, ptr,
                                   attr1(d, d->n_storage_class,
                                         dsr_enum(d, SPVK_OPERAND_StorageClass, SPVK_STORAGE_CLASS_Function)));
    if (f->last_var)
        spvk_ir_op_insert_after(f->last_var, op);
    else
        spvk_ir_block_prepend(f->entry, op);
    f->last_var = op;
    return result(op);
}

static spvk_ir_value *exit_variable(dsr *d)
{
    if (!d->fn.exit_var)
        d->fn.exit_var = new_variable(d, d->t_i32, DSR_NONE);
    return d->fn.exit_var;
}

static void note_materialized(dsr *d, uint32_t id)
{
    dsr_fn *f = &d->fn;
    f->materialized = dsr_scratch_grow(d, &f->materialized, &f->materialized_capacity, f->num_materialized + 1,
                                       sizeof *f->materialized);
    f->materialized[f->num_materialized++] = id;
}

static spvk_ir_value *cached(dsr *d, dsr_id *e, uint32_t id, spvk_ir_block *block, spvk_ir_value *v)
{
    e->cache_block = block;
    e->cache_value = v;
    e->cache_epoch = d->epoch;
    note_materialized(d, id);
    return v;
}

static const spvk_ir_attr *hook_attr_of_id(void *user, uint32_t id, unsigned id_as)
{
    dsr *d = user;
    dsr_id *e = dsr_id_at(d, id);
    if (id_as == SPVK_SPIRV_ID_AS_TYPE)
        return e->kind == DSR_ID_TYPE && e->state == DSR_STATE_DONE ? spvk_ir_type_attr(d->ctx, e->type) : NULL;
    if (id_as == SPVK_SPIRV_ID_AS_FUNCTION)
        return e->kind == DSR_ID_FUNCTION ? dsr_function_ref(d, e) : NULL;
    /* A specialization constant where MLIR wants a constant (a cooperative matrix layout, a
       scope): its symbol (spvkit's). */
    if (e->kind == DSR_ID_SPEC && e->ref && d->insts[e->def - 1].opcode != SPVK_OP_SpecConstantComposite)
        return e->ref;
    if (e->kind == DSR_ID_CONSTANT && e->state == DSR_STATE_DONE && e->attr && e->attr->kind == SPVK_ATTR_INTEGER &&
        !e->attr->dialect)
        return e->attr;
    return NULL;
}

static spvk_ir_value *spec_operation(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t user, unsigned depth);
static spvk_ir_op *nonsemantic_op(dsr *d, uint32_t i, spvk_ir_block *x, unsigned depth);

static void add_decoration_attrs(dsr *d, spvk_ir_op *op, uint32_t id);

/* A handle needed outside its construct (mark_reload): the same load from a UniformConstant
   variable, or access chain into one, or OpConvertUToAccelerationStructureKHR, again where it is
   used (nothing stores to such variables, so it gives the same handle; a Function variable cannot
   hold images, samplers or acceleration structures under Vulkan). */
static spvk_ir_value *reload_handle(dsr *d, dsr_id *e, uint32_t id, spvk_ir_block *block, uint32_t inst,
                                    unsigned depth);

static spvk_ir_value *value_at(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t inst, unsigned depth)
{
    dsr_fn *f = &d->fn;
    dsr_id *e = dsr_id_at(d, id);
    switch (e->kind) {
    case DSR_ID_VALUE:
        if (e->remat && !is_ancestor(f, e->region, f->cur_region))
            return reload_handle(d, e, id, block, inst, depth);
        if (e->spill && !is_ancestor(f, e->region, f->cur_region))
            return emit_load(d, block, e->spill);
        if (!e->value)
            dsr_fail(d, inst, "%%%u is used before its definition (or is not a value)", id);
        return e->value;
    case DSR_ID_TYPE:
    case DSR_ID_EXT_IMPORT:
        return NULL;
    default:
        break;
    }
    if (e->cache_block == block && e->cache_epoch == d->epoch)
        return e->cache_value;
    spvk_ir_op *op;
    switch (e->kind) {
    case DSR_ID_CONSTANT: {
        /* The op's attribute dictionary is made once per constant. */
        if (!e->dict) {
            const spvk_ir_attr *value = dsr_constant(d, id, inst);
            e = dsr_id_at(d, id);
            e->dict = attr1(d, d->n_value, value);
        }
        return cached(d, e, id, block, emit_constant_dict(d, block, e->dict, e->type));
    }
    case DSR_ID_UNDEF:
        op = dsr_create_op(d, d->def_undef, "spirv.Undef", NULL, 0, e->type, NULL);
        append(block, op);
        return cached(d, e, id, block, result(op));
    case DSR_ID_GLOBAL:
        if (!e->dict)
            e->dict = attr1(d, d->n_variable, e->ref);
        op = dsr_create_op(d, d->def_addressof, "spirv.mlir.addressof", NULL, 0, e->type, e->dict);
        append(block, op);
        return cached(d, e, id, block, result(op));
    case DSR_ID_SPEC:
        if (!e->dict)
            e->dict = attr1(d, d->n_spec_const, e->ref);
        op = dsr_create_op(d, d->def_referenceof, "spirv.mlir.referenceof", NULL, 0, e->type, e->dict);
        append(block, op);
        return cached(d, e, id, block, result(op));
    case DSR_ID_SPEC_OP:
        return cached(d, e, id, block, spec_operation(d, id, block, inst, depth));
    case DSR_ID_SAMPLER: {
        uint32_t si = e->def - 1;
        const char *names[3] = {dsr_intern(d, "sampler_addressing_mode"), dsr_intern(d, "param"),
                                dsr_intern(d, "sampler_filter_mode")};
        const spvk_ir_attr *values[3] = {
            dsr_enum(d, SPVK_OPERAND_SamplerAddressingMode, word_of(d, si, 2)),
            dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)word_of(d, si, 3))),
            dsr_enum(d, SPVK_OPERAND_SamplerFilterMode, word_of(d, si, 4))};
        op = dsr_create_op(d, NULL, "spirv.ConstantSampler", NULL, 0, e->type, dsr_dict(d, names, values, 3));
        append(block, op);
        return cached(d, e, id, block, result(op));
    }
    case DSR_ID_SIZEOF: {
        /* spvkit's spirv.ConstantSizeOfEXT (OpConstantSizeOfEXT): `type` the type measured */
        const spvk_ir_type *measured = dsr_type(d, word_of(d, e->def - 1, 2), inst);
        op = dsr_create_op(d, NULL, "spirv.ConstantSizeOfEXT", NULL, 0, e->type,
                           attr1(d, d->n_type, dsr_check(d, (void *)spvk_ir_type_attr(d->ctx, measured))));
        append(block, op);
        return cached(d, e, id, block, result(op));
    }
    case DSR_ID_STRING: {
        const dsr_inst *si = &d->insts[e->def - 1];
        const char *s = (const char *)((d->words + si->offset) + d->operands[si->first_operand + 1].offset);
        op = dsr_create_op(d, NULL, "spirv.String", NULL, 0, d->t_none,
                           attr1(d, d->n_value, dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, s, strlen(s)))));
        append(block, op);
        return cached(d, e, id, block, result(op));
    }
    case DSR_ID_NONSEMANTIC:
        if (e->state != DSR_STATE_DONE) {
            e->state = DSR_STATE_DONE; /* used: it is not lost */
            dsr_effect_of(d, DSR_EFFECT_NONSEMANTIC_USED, dsr_id_slot(d, id), 0);
        }
        return cached(d, e, id, block, result(nonsemantic_op(d, e->def - 1, block, depth)));
    case DSR_ID_FUNCTION:
        dsr_fail(d, inst, "function %%%u used as a value (function pointers cannot be represented)", id);
    default:
        dsr_fail(d, inst, "%%%u is not a value (%s)", id, e->def ? dsr_inst_name(d, e->def - 1) : "undefined");
    }
}

static spvk_ir_value *reload_handle(dsr *d, dsr_id *e, uint32_t id, spvk_ir_block *block, uint32_t inst,
                                    unsigned depth)
{
    uint32_t def = e->def - 1;
    const dsr_inst *in = &d->insts[def];
    if (depth > DSR_MAX_TYPE_DEPTH || in->num_operands - 2u > 64)
        dsr_fail(d, inst, "access chain too long to load again");
    spvk_ir_value *ops[64];
    uint32_t n = in->num_operands - 2u;
    for (uint32_t k = 0; k < n; k++) {
        ops[k] = value_at(d, word_of(d, def, 2 + k), block, inst, depth + 1);
        if (!ops[k])
            dsr_fail(d, inst, "%%%u is not a value", word_of(d, def, 2 + k));
    }
    const spvk_ir_type *t = dsr_type(d, in->result_type_id, inst);
    const spvk_spirv_op_info *info = spvk_spirv_op_info_by_opcode(in->opcode);
    if (!info)
        dsr_fail(d, inst, "internal: %s cannot be loaded again", dsr_inst_name(d, def));
    spvk_ir_op *op = dsr_create_op(d, NULL, info->name, ops, n, t, NULL);
    append(block, op);
    add_decoration_attrs(d, op, id);
    return result(op);
}

spvk_ir_value *dsr_value(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t inst)
{
    return value_at(d, id, block, inst, 0);
}

/* A value where only a value will do (not a type or an import). */
static spvk_ir_value *value_of(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t inst)
{
    spvk_ir_value *v = value_at(d, id, block, inst, 0);
    if (!v)
        dsr_fail(d, inst, "%%%u is not a value", id);
    return v;
}

/* OpSpecConstantOp, materialized where used: spirv.SpecConstantOperation wrapping the operation
   (its operands materialized before it, in the same block) and yielding its result. */
static spvk_ir_value *spec_operation(dsr *d, uint32_t id, spvk_ir_block *block, uint32_t user, unsigned depth)
{
    dsr_id *e = dsr_id_at(d, id);
    uint32_t si = e->def - 1;
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, user, "OpSpecConstantOp nested too deeply");
    spvk_instruction view;
    dsr_view(d, si, &view);
    if (view.num_operands < 3)
        dsr_fail(d, si, "OpSpecConstantOp without an opcode");
    uint32_t wrapped = view.words[view.operands[2].offset];
    const spvk_spirv_op_info *info = spvk_spirv_op_info_by_opcode(wrapped);
    const spvk_instruction_desc *desc = spvk_instruction_by_opcode(wrapped);
    /* The reader refused opcodes OpSpecConstantOp does not allow (spvk_spec_constant_opcode), so
       the wrapped one has a result type and a result. */
    if (!info || !desc || !(info->flags & SPVK_SPIRV_OP_GENERIC))
        dsr_fail(d, si, "OpSpecConstantOp of opcode %u cannot be represented", wrapped);
    /* The wrapped instruction: result type, result id, then the operands after the opcode. */
    uint32_t n = view.num_operands - 1u;
    spvk_operand *ops = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *ops));
    ops[0] = view.operands[0];
    ops[1] = view.operands[1];
    for (uint32_t k = 3; k < view.num_operands; k++)
        ops[k - 1] = view.operands[k];
    spvk_instruction w = view;
    w.opcode = (uint16_t)wrapped;
    w.desc = desc;
    w.operands = ops;
    w.num_operands = (uint16_t)n;
    spvk_ir_value **ids = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *ids));
    uint32_t nids = 0;
    for (uint32_t k = 2; k < n; k++) {
        const spvk_operand_kind_desc *kd = spvk_operand_kind(ops[k].kind);
        if (kd && kd->category == SPVK_CATEGORY_ID)
            ids[nids++] = value_at(d, view.words[ops[k].offset], block, si, depth + 1);
    }
    const spvk_ir_type *type = dsr_type(d, view.result_type_id, si);
    spvk_spirv_decoded out;
    memset(&out, 0, sizeof out);
    out.dict_memo = &d->dict_memo;
    out.operands = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.operands));
    out.attr_names = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.attr_names));
    out.attr_values = dsr_check(d, spvk_ir_alloc(d->ctx, n * sizeof *out.attr_values));
    spvk_spirv_id_hooks hooks = {hook_attr_of_id, NULL, d};
    spvk_result res = spvk_spirv_decode_generic_ex(d->ctx, info, &w, ids, type, &hooks, &out, d->diags);
    if (res != SPVK_OK) {
        d->result = res;
        longjmp(d->fail_jmp, 1);
    }
    spvk_ir_op *inner = spvk_ir_op_create(d->ctx, &out.state);
    if (!inner)
        dsr_oom(d);
    spvk_ir_block *body = dsr_check(d, spvk_ir_block_create(d->ctx));
    spvk_ir_block_append(body, inner);
    spvk_ir_value *r = result(inner);
    append(body, dsr_create_op(d, d->def_yield, "spirv.mlir.yield", &r, 1, NULL, NULL));
    spvk_ir_region *region = dsr_check(d, spvk_ir_region_create(d->ctx));
    spvk_ir_region_append(region, body);
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_spec_op;
    st.name = "spirv.SpecConstantOperation";
    st.name_length = strlen(st.name);
    st.result_types = &type;
    st.num_results = 1;
    st.num_regions = 1;
    st.regions = &region;
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    append(block, op);
    return result(op);
}

/* ---- Translating instructions ---- */

static void define(dsr *d, uint32_t id, spvk_ir_value *v, spvk_ir_block *block)
{
    dsr_id *e = dsr_id_at(d, id);
    e->value = v;
    if (e->spill && v)
        emit_store(d, block, e->spill, v);
}

/* Drops materialized constants an op did not take as operands (an id it holds as an attribute). */
static void drop_unused_materialized(dsr *d)
{
    dsr_fn *f = &d->fn;
    for (size_t k = 0; k < f->num_materialized; k++) {
        dsr_id *e = dsr_id_at(d, f->materialized[k]);
        spvk_ir_value *v = e->cache_value;
        if (v && v->defining_op && !spvk_ir_value_has_uses(v)) {
            spvk_ir_op_erase(d->ctx, v->defining_op);
            e->cache_block = NULL;
            e->cache_value = NULL;
        }
    }
    f->num_materialized = 0;
}

static void add_decoration_attrs(dsr *d, spvk_ir_op *op, uint32_t id)
{
    if (!id || !dsr_id_at(d, id)->decorations)
        return;
    const char *names[32];
    const spvk_ir_attr *values[32];
    uint32_t n = 0;
    dsr_collect_decorations(d, id, names, values, &n, 32);
    for (uint32_t k = 0; k < n; k++)
        spvk_ir_op_set_attr(d->ctx, op, names[k], values[k]);
}

/* What is known about an op info: its def in this context, and whether its generic mapping is
   just "every operand after the result is an SSA operand" (most instructions), which the fast
   path below builds without the generic decoder. */
static dsr_op_cache *op_cache(dsr *d, const spvk_spirv_op_info *info)
{
    dsr_op_cache *c = &d->op_cache[info - spvk_spirv_op_infos];
    if (c->state)
        return c;
    c->def = spvk_ir_op_def_lookup(d->ctx, info->name, strlen(info->name));
    bool simple = c->def != NULL && !info->ext_desc;
    for (uint32_t k = 0; k < info->num_slots && simple; k++)
        simple = info->slots[k].kind == SPVK_SPIRV_SLOT_OPERAND && info->slots[k].id_as_attr == SPVK_SPIRV_ID_AS_NONE;
    c->state = simple ? DSR_OP_SIMPLE : DSR_OP_DECODE;
    return c;
}

/* Does the instruction have an operand that names a function (an ID_AS_FUNCTION slot, or
   TensorAddressingOperands, whose DecodeFunc parameter does)? */
static bool names_functions(const spvk_spirv_op_info *info)
{
    for (uint32_t k = 0; k < info->num_slots; k++)
        if (info->slots[k].id_as_attr == SPVK_SPIRV_ID_AS_FUNCTION)
            return true;
    for (uint32_t k = 0; info->desc && k < info->desc->num_operands; k++)
        if (info->desc->operands[k].kind == SPVK_OPERAND_TensorAddressingOperands)
            return true;
    return false;
}

static void translate_generic(dsr *d, uint32_t i, spvk_ir_block *x, const spvk_spirv_op_info *info)
{
    spvk_instruction view;
    dsr_view(d, i, &view);
    uint32_t nids = 0;
    d->fn.num_materialized = 0;
    bool ext = view.opcode == SPVK_OP_ExtInst;
    bool all_ids = true;
    for (uint32_t k = 0; k < view.num_operands; k++) {
        const spvk_operand *o = &view.operands[k];
        if (o->kind == SPVK_OPERAND_IdResultType || o->kind == SPVK_OPERAND_IdResult)
            continue;
        const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
        if (!kd || kd->category != SPVK_CATEGORY_ID) {
            all_ids = false;
            continue;
        }
        if (ext && nids == 0) {
            d->scratch_values[nids++] = NULL; /* the set */
            continue;
        }
        uint32_t id = view.words[o->offset];
        /* A function operand (a reduction's CombineFunc, a tensor load's DecodeFunc) is no value:
           the generic decoder asks hook_attr_of_id for its symbol. Elsewhere a function is an
           error of value_at's ("function pointers cannot be represented"). */
        bool function = dsr_id_at(d, id)->kind == DSR_ID_FUNCTION && names_functions(info);
        d->scratch_values[nids++] = function ? NULL : dsr_value(d, id, x, i);
    }
    const spvk_ir_type *type = view.result_type_id ? dsr_type(d, view.result_type_id, i) : NULL;
    dsr_op_cache *c = op_cache(d, info);
    spvk_ir_op *op;
    if (c->state == DSR_OP_SIMPLE && all_ids && (type != NULL) == (info->has_result != 0)) {
        /* Fast path: the operands in order, no attributes. */
        for (uint32_t k = 0; k < nids; k++)
            if (!d->scratch_values[k])
                dsr_fail(d, i, "operand %u of %s is not a value", k, dsr_inst_name(d, i));
        op = dsr_create_op(d, c->def, info->name, d->scratch_values, nids, info->has_result ? type : NULL, NULL);
    } else {
        spvk_spirv_decoded out;
        memset(&out, 0, sizeof out);
        out.dict_memo = &d->dict_memo;
        out.operands = d->scratch_values2;
        out.attr_names = d->scratch_names;
        out.attr_values = d->scratch_attrs;
        spvk_spirv_id_hooks hooks = {hook_attr_of_id, NULL, d};
        spvk_result res = spvk_spirv_decode_generic_ex(d->ctx, info, &view, d->scratch_values, type, &hooks, &out,
                                                       d->diags);
        if (res != SPVK_OK) {
            d->result = res;
            longjmp(d->fail_jmp, 1);
        }
        out.state.def = c->def;
        op = spvk_ir_op_create(d->ctx, &out.state);
        if (!op)
            dsr_oom(d);
    }
    append(x, op);
    if (d->fn.num_materialized)
        drop_unused_materialized(d);
    add_decoration_attrs(d, op, view.result_id);
    if (view.result_id && op->num_results)
        define(d, view.result_id, result(op), x);
}

static void translate_call(dsr *d, uint32_t i, spvk_ir_block *x)
{
    const dsr_inst *in = &d->insts[i];
    uint32_t callee = word_of(d, i, 2);
    dsr_id *c = dsr_id_at(d, callee);
    if (c->kind != DSR_ID_FUNCTION)
        dsr_fail(d, i, "%%%u is not a function", callee);
    uint32_t n = in->num_operands - 3u;
    for (uint32_t k = 0; k < n; k++)
        d->scratch_values[k] = value_of(d, word_of(d, i, 3 + k), x, i);
    const spvk_ir_type *type = dsr_type(d, in->result_type_id, i);
    if (type == d->t_none)
        type = NULL;
    if (!c->dict)
        c->dict = attr1(d, d->n_callee, dsr_function_ref(d, c));
    spvk_ir_op *op = dsr_create_op(d, d->def_call, "spirv.FunctionCall", d->scratch_values, n, type, c->dict);
    append(x, op);
    add_decoration_attrs(d, op, in->result_id);
    if (type)
        define(d, in->result_id, result(op), x);
}

static bool is_debug_set_name(const char *name)
{
    return strcmp(name, "DebugInfo") == 0 || strcmp(name, "OpenCL.DebugInfo.100") == 0 ||
           strncmp(name, "NonSemantic.Shader.DebugInfo", 28) == 0;
}

/* spvkit's spirv.ExtInst: an instruction of a non-semantic set, its operands (all ids) as SSA values
   (OpString operands through spirv.String), appended to block x. Module-level ones are
   materialized where used, like constants. */
static spvk_ir_op *nonsemantic_op(dsr *d, uint32_t i, spvk_ir_block *x, unsigned depth)
{
    const dsr_inst *in = &d->insts[i];
    dsr_id *s = dsr_id_at(d, word_of(d, i, 2));
    if (s->kind != DSR_ID_EXT_IMPORT)
        dsr_fail(d, i, "%%%u is not an OpExtInstImport", word_of(d, i, 2));
    const dsr_inst *imp = &d->insts[s->def - 1];
    const char *name = (const char *)((d->words + imp->offset) + d->operands[imp->first_operand + 1].offset);
    uint32_t number = word_of(d, i, 3);
    if (strncmp(name, "NonSemantic.", 12) != 0 && in->ext_set == SPVK_EXT_INST_SET_NONE)
        dsr_fail(d, i, "instruction %u of \"%s\" cannot be represented", number, name);
    if (depth > DSR_MAX_TYPE_DEPTH)
        dsr_fail(d, i, "non-semantic instructions nested too deeply");
    uint32_t n = in->num_operands - 4u;
    spvk_ir_value **ops = dsr_check(d, spvk_ir_alloc(d->ctx, (n ? n : 1) * sizeof *ops));
    for (uint32_t k = 0; k < n; k++) {
        const spvk_operand *o = &d->operands[in->first_operand + 4 + k];
        const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
        if (!kd || kd->category != SPVK_CATEGORY_ID)
            dsr_fail(d, i, "operand %u of non-semantic instruction %u is not an <id>", k, number);
        uint32_t id = (d->words + in->offset)[o->offset];
        spvk_ir_value *v = value_at(d, id, x, i, depth + 1);
        if (!v)
            dsr_fail(d, i, "operand %%%u of non-semantic instruction %u is not a value", id, number);
        ops[k] = v;
    }
    const spvk_ir_type *type = dsr_type(d, in->result_type_id, i);
    const char *names[2] = {dsr_intern(d, "set"), dsr_intern(d, "instruction")};
    const spvk_ir_attr *values[2] = {dsr_check(d, (void *)spvk_ir_string_attr(d->ctx, name, strlen(name))),
                                     dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)number))};
    spvk_ir_op *op = dsr_create_op(d, NULL, "spirv.ExtInst", ops, n, type, dsr_dict(d, names, values, 2));
    append(x, op);
    return op;
}

static void translate_ext_inst(dsr *d, uint32_t i, spvk_ir_block *x)
{
    const dsr_inst *in = &d->insts[i];
    uint32_t set = word_of(d, i, 2);
    dsr_id *s = dsr_id_at(d, set);
    if (s->kind != DSR_ID_EXT_IMPORT)
        dsr_fail(d, i, "%%%u is not an OpExtInstImport", set);
    const dsr_inst *imp = &d->insts[s->def - 1];
    const char *name = (const char *)((d->words + imp->offset) + d->operands[imp->first_operand + 1].offset);
    uint32_t number = word_of(d, i, 3);
    if (in->ext_set != SPVK_EXT_INST_SET_NONE) {
        const spvk_spirv_op_info *info = spvk_spirv_op_info_by_ext(in->ext_set, number);
        if (info) {
            translate_generic(d, i, x, info);
            return;
        }
    }
    if (is_debug_set_name(name))
        return; /* debug information: dropped */
    /* A set of the grammar without ops of its own (SPV_AMD_*, TOSA, Arm's) is spirv.ExtInst too:
       its instructions take <id> operands only, as the non-semantic ones. */
    if (strncmp(name, "NonSemantic.", 12) != 0 && in->ext_set == SPVK_EXT_INST_SET_NONE)
        dsr_fail(d, i, "instruction %u of \"%s\" cannot be represented", number, name);
    spvk_ir_op *op = nonsemantic_op(d, i, x, 0);
    add_decoration_attrs(d, op, in->result_id);
    define(d, in->result_id, result(op), x);
}

static void translate(dsr *d, uint32_t i, spvk_ir_block *x)
{
    const dsr_inst *in = &d->insts[i];
    d->current_inst = i;
    switch (in->opcode) {
    case SPVK_OP_Line:
    case SPVK_OP_NoLine:
    case SPVK_OP_Nop:
    case SPVK_OP_SelectionMerge:
    case SPVK_OP_LoopMerge:
        return;
    case SPVK_OP_FunctionCall:
        translate_call(d, i, x);
        return;
    case SPVK_OP_ExtInst:
        translate_ext_inst(d, i, x);
        return;
    case SPVK_OP_ExtInstWithForwardRefsKHR: {
        /* Only debug information has forward references: dropped with it. */
        dsr_id *s = dsr_id_at(d, word_of(d, i, 2));
        const dsr_inst *imp = s->kind == DSR_ID_EXT_IMPORT ? &d->insts[s->def - 1] : NULL;
        if (!imp || !is_debug_set_name((const char *)((d->words + imp->offset) +
                                                      d->operands[imp->first_operand + 1].offset)))
            dsr_fail(d, i, "OpExtInstWithForwardRefsKHR of a set other than debug information cannot be represented");
        return;
    }
    case SPVK_OP_Return:
        append(x, dsr_create_op(d, d->def_return, "spirv.Return", NULL, 0, NULL, NULL));
        return;
    case SPVK_OP_ReturnValue: {
        spvk_ir_value *v = value_of(d, word_of(d, i, 0), x, i);
        append(x, dsr_create_op(d, d->def_return_value, "spirv.ReturnValue", &v, 1, NULL, NULL));
        return;
    }
    default:
        break;
    }
    const spvk_spirv_op_info *info;
    if (in->opcode < DSR_CORE_INFO_CACHE) {
        info = d->core_infos[in->opcode];
        if (!info)
            info = d->core_infos[in->opcode] = spvk_spirv_op_info_by_opcode(in->opcode);
    } else {
        info = spvk_spirv_op_info_by_opcode(in->opcode);
    }
    if (!info || !(info->flags & SPVK_SPIRV_OP_GENERIC))
        dsr_fail(d, i, "%s cannot be represented inside a function", dsr_inst_name(d, i));
    translate_generic(d, i, x, info);
}

/* ---- Edges and terminators ---- */

static spvk_ir_block *new_block_after(dsr *d, spvk_ir_block *after)
{
    spvk_ir_block *b = dsr_check(d, spvk_ir_block_create(d->ctx));
    spvk_ir_region_insert_after(after->region, after, b);
    return b;
}

/* The incoming value of phi instruction `phi` from the block labelled `parent`. */
static uint32_t phi_incoming(dsr *d, uint32_t phi, uint32_t parent, uint32_t user)
{
    const dsr_inst *in = &d->insts[phi];
    for (uint32_t k = 2; k + 1 < in->num_operands; k += 2)
        if (word_of(d, phi, k + 1) == parent)
            return word_of(d, phi, k);
    dsr_fail(d, user, "OpPhi %%%u has no value for its predecessor %%%u", in->result_id, parent);
}

/* The phi instructions of a block, in order (skipping OpLine). */
static uint32_t next_phi(const dsr *d, const dsr_block *b, uint32_t from)
{
    for (uint32_t k = from; k < b->first_body; k++)
        if (d->insts[k].opcode == SPVK_OP_Phi)
            return k;
    return DSR_NONE;
}

/* Stores the values an edge from block `from` passes to the spilled phis of `t`. */
static void store_phis(dsr *d, uint32_t from, uint32_t t, spvk_ir_block *x, uint32_t user)
{
    dsr_fn *f = &d->fn;
    dsr_block *tb = &f->blocks[t];
    uint32_t label = f->blocks[from].label;
    uint32_t k = 0;
    for (uint32_t p = next_phi(d, tb, tb->first + 1); p != DSR_NONE; p = next_phi(d, tb, p + 1), k++) {
        spvk_ir_value *v = value_of(d, phi_incoming(d, p, label, user), x, user);
        emit_store(d, x, tb->phi_spills[k], v);
    }
}

/* Successor operands of an edge to a block whose phis are block arguments; returns the count
   written at ops. */
static uint32_t phi_operands(dsr *d, uint32_t from, uint32_t t, spvk_ir_block *x, spvk_ir_value **ops, uint32_t user)
{
    dsr_fn *f = &d->fn;
    dsr_block *tb = &f->blocks[t];
    if (!tb->num_phis || tb->spill_phis)
        return 0;
    uint32_t label = f->blocks[from].label;
    uint32_t n = 0;
    for (uint32_t p = next_phi(d, tb, tb->first + 1); p != DSR_NONE; p = next_phi(d, tb, p + 1))
        ops[n++] = value_of(d, phi_incoming(d, p, label, user), x, user);
    return n;
}

static spvk_ir_block *inner_header(dsr *d, uint32_t t);

/* The IR block an edge of kind `kind` from region y to block t lands in. */
static spvk_ir_block *edge_target(dsr *d, uint32_t y, uint32_t t, int kind)
{
    dsr_fn *f = &d->fn;
    dsr_block *tb = &f->blocks[t];
    switch (kind) {
    case EDGE_LOCAL:
        if (tb->is_loop_header && tb->construct != DSR_NONE)
            return tb->outer;
        return tb->ir;
    case EDGE_BACK:
        return inner_header(d, t);
    default:
        return f->regions[y].ir_merge;
    }
}

static spvk_ir_block *inner_header(dsr *d, uint32_t t) { return d->fn.blocks[t].ir; }

static spvk_ir_value *i32_constant(dsr *d, spvk_ir_block *b, int64_t v)
{
    return emit_constant(d, b, dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, v)), d->t_i32);
}

static void set_exit_code(dsr *d, spvk_ir_block *b, uint32_t code)
{
    spvk_ir_value *var = exit_variable(d);
    emit_store(d, b, var, i32_constant(d, b, code));
}

/* A forwarding block for a loop whose header branches back to itself: MLIR wants the back edge
   to come from a block of its own (the region's second to last). */
static spvk_ir_block *forwarding_block(dsr *d, uint32_t t, spvk_ir_block *from)
{
    spvk_ir_block *inner = d->fn.blocks[t].ir;
    spvk_ir_block *fw = new_block_after(d, from);
    spvk_ir_value **args = d->scratch_values2;
    for (uint32_t k = 0; k < inner->num_args; k++)
        args[k] = dsr_check(d, spvk_ir_block_add_arg(d->ctx, fw, inner->args[k]->type));
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_branch;
    st.name = "spirv.Branch";
    st.name_length = 12;
    st.operands = args;
    st.num_operands = inner->num_args;
    st.successors = &inner;
    st.num_successors = 1;
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    append(fw, op);
    return fw;
}

typedef struct edge_out {
    spvk_ir_block *block;
    uint32_t first, count; /* successor operands in the terminator's operand buffer */
} edge_out;

/* Resolves the edges of a terminator in block `from` (IR block x, region y) to blocks succ[0..n):
   phi stores, successor operands (appended to ops at *nops), exit codes. */
static void resolve_edges(dsr *d, uint32_t from, uint32_t y, spvk_ir_block *x, const uint32_t *succ, uint32_t n,
                          edge_out *out, spvk_ir_value **ops, uint32_t *nops, uint32_t user)
{
    dsr_fn *f = &d->fn;
    /* Phi stores first, once per distinct spilled target (a selection header's were made before
       its op, see emit_block). */
    for (uint32_t k = 0; k < n && !f->phi_stores_done; k++) {
        dsr_block *tb = &f->blocks[succ[k]];
        if (!tb->num_phis || !tb->spill_phis)
            continue;
        bool seen = false;
        for (uint32_t j = 0; j < k && !seen; j++)
            seen = succ[j] == succ[k];
        if (!seen)
            store_phis(d, from, succ[k], x, user);
    }
    for (uint32_t k = 0; k < n; k++) {
        uint32_t t = succ[k];
        edge_info e = classify(f, y, t);
        out[k].first = *nops;
        out[k].count = 0;
        switch (e.kind) {
        case EDGE_LOCAL:
        case EDGE_BACK:
            out[k].block = edge_target(d, y, t, e.kind);
            out[k].count = phi_operands(d, from, t, x, ops + *nops, user);
            *nops += out[k].count;
            if (e.kind == EDGE_BACK && out[k].block == x)
                out[k].block = forwarding_block(d, t, x);
            break;
        case EDGE_MERGE:
            out[k].block = f->regions[y].ir_merge;
            break;
        case EDGE_CROSS:
            if (n == 1) {
                set_exit_code(d, x, f->blocks[t].exit_code);
                out[k].block = f->regions[y].ir_merge;
            } else {
                spvk_ir_block *eb = new_block_after(d, x);
                set_exit_code(d, eb, f->blocks[t].exit_code);
                spvk_ir_block *m = f->regions[y].ir_merge;
                spvk_ir_op_state st;
                memset(&st, 0, sizeof st);
                st.def = d->def_branch;
                st.name = "spirv.Branch";
                st.name_length = 12;
                st.successors = &m;
                st.num_successors = 1;
                spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
                if (!op)
                    dsr_oom(d);
                append(eb, op);
                out[k].block = eb;
            }
            break;
        default:
            dsr_fail(d, user, "the branch to %%%u leaves its structured construct in a way spvkit cannot represent",
                     f->blocks[t].label);
        }
    }
}

static const spvk_ir_attr *dense_i32(dsr *d, const int64_t *values, uint32_t n)
{
    const spvk_ir_attr **items = dsr_check(d, spvk_ir_alloc(d->ctx, (n ? n : 1) * sizeof *items));
    for (uint32_t k = 0; k < n; k++)
        items[k] = dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, values[k]));
    spvk_ir_attr_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.kind = SPVK_ATTR_DENSE_ARRAY;
    desc.type = d->t_i32;
    desc.attrs = items;
    desc.num_attrs = n;
    return dsr_check(d, (void *)spvk_ir_attr_get(d->ctx, &desc));
}

static spvk_ir_op *branch_op(dsr *d, spvk_ir_block *target, spvk_ir_value *const *ops, uint32_t n)
{
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_branch;
    st.name = "spirv.Branch";
    st.name_length = 12;
    st.operands = ops;
    st.num_operands = n;
    st.successors = &target;
    st.num_successors = 1;
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    return op;
}

static spvk_ir_op *cond_branch_op(dsr *d, spvk_ir_value *cond, spvk_ir_block *t, spvk_ir_value *const *tops,
                                  uint32_t nt, spvk_ir_block *fb, spvk_ir_value *const *fops, uint32_t nf,
                                  const spvk_ir_attr *weights)
{
    spvk_ir_value **ops = d->fn.cond_ops;
    if (1 + nt + nf > 3)
        ops = dsr_check(d, spvk_ir_alloc(d->ctx, (1 + nt + nf) * sizeof *ops));
    ops[0] = cond;
    if (nt)
        memcpy(ops + 1, tops, nt * sizeof *ops);
    if (nf)
        memcpy(ops + 1 + nt, fops, nf * sizeof *ops);
    const spvk_ir_attr *attrs;
    if (!nt && !nf && !weights && d->fn.plain_cond_attrs) {
        attrs = d->fn.plain_cond_attrs; /* the common case, made once */
    } else {
        int64_t seg[3] = {1, nt, nf};
        const char *names[2] = {d->n_operand_segment_sizes, d->n_branch_weights};
        const spvk_ir_attr *values[2] = {dense_i32(d, seg, 3), weights};
        attrs = dsr_dict(d, names, values, weights ? 2 : 1);
        if (!nt && !nf && !weights)
            d->fn.plain_cond_attrs = attrs;
    }
    spvk_ir_block *succ[2] = {t, fb};
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = d->def_branch_conditional;
    st.name = "spirv.BranchConditional";
    st.name_length = strlen(st.name);
    st.operands = ops;
    st.num_operands = 1 + nt + nf;
    st.successors = succ;
    st.num_successors = 2;
    st.attrs = attrs;
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    return op;
}

static void emit_terminator(dsr *d, uint32_t bi, spvk_ir_block *x, uint32_t y)
{
    dsr_fn *f = &d->fn;
    dsr_block *b = &f->blocks[bi];
    uint32_t t = b->last;
    const dsr_inst *in = &d->insts[t];
    f->cur_region = y;
    d->current_inst = t;
    switch (in->opcode) {
    case SPVK_OP_Branch: {
        uint32_t target = block_of_label(d, word_of(d, t, 0), t);
        edge_out out;
        uint32_t nops = 0;
        resolve_edges(d, bi, y, x, &target, 1, &out, d->scratch_values, &nops, t);
        append(x, branch_op(d, out.block, d->scratch_values, out.count));
        return;
    }
    case SPVK_OP_BranchConditional: {
        spvk_ir_value *cond = value_of(d, word_of(d, t, 0), x, t);
        uint32_t targets[2] = {block_of_label(d, word_of(d, t, 1), t), block_of_label(d, word_of(d, t, 2), t)};
        edge_out out[2];
        uint32_t nops = 0;
        resolve_edges(d, bi, y, x, targets, 2, out, d->scratch_values, &nops, t);
        const spvk_ir_attr *weights = NULL;
        if (in->num_operands >= 5) {
            const spvk_ir_attr *w[2] = {dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)word_of(d, t, 3))),
                                        dsr_check(d, (void *)spvk_ir_i32_attr(d->ctx, (int32_t)word_of(d, t, 4)))};
            weights = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, w, 2));
        }
        append(x, cond_branch_op(d, cond, out[0].block, d->scratch_values + out[0].first, out[0].count,
                                 out[1].block, d->scratch_values + out[1].first, out[1].count, weights));
        return;
    }
    case SPVK_OP_Switch: {
        spvk_ir_value *sel = value_of(d, word_of(d, t, 0), x, t);
        /* The case literals become integer attributes of the selector's type. */
        if (!spvk_ir_type_is_integer(sel->type, 0))
            dsr_fail(d, t, "the selector of OpSwitch must be an integer scalar");
        uint32_t ncases = (in->num_operands - 2u) / 2u;
        uint32_t *targets = dsr_check(d, spvk_ir_alloc(d->ctx, (ncases + 1) * sizeof *targets));
        targets[0] = block_of_label(d, word_of(d, t, 1), t);
        spvk_instruction view;
        dsr_view(d, t, &view);
        const spvk_ir_attr **cases = dsr_check(d, spvk_ir_alloc(d->ctx, (ncases ? ncases : 1) * sizeof *cases));
        for (uint32_t k = 0; k < ncases; k++) {
            const spvk_operand *lit = &view.operands[2 + 2 * k];
            cases[k] = dsr_check(d, (void *)spvk_ir_integer_attr(d->ctx, sel->type, (int64_t)spvk_operand_bits(&view, lit)));
            targets[k + 1] = block_of_label(d, view.words[view.operands[3 + 2 * k].offset], t);
        }
        edge_out *out = dsr_check(d, spvk_ir_alloc(d->ctx, (ncases + 1) * sizeof *out));
        /* Operands: the selector, then each successor's. */
        size_t total_phi_ops = 0;
        for (uint32_t k = 0; k <= ncases; k++)
            total_phi_ops += f->blocks[targets[k]].num_phis;
        spvk_ir_value **ops = dsr_check(d, spvk_ir_alloc(d->ctx, (1 + total_phi_ops) * sizeof *ops));
        uint32_t nops = 0;
        resolve_edges(d, bi, y, x, targets, ncases + 1, out, ops + 1, &nops, t);
        ops[0] = sel;
        spvk_ir_block **succ = dsr_check(d, spvk_ir_alloc(d->ctx, (ncases + 1) * sizeof *succ));
        for (uint32_t k = 0; k <= ncases; k++)
            succ[k] = out[k].block;
        const char *names[3];
        const spvk_ir_attr *values[3];
        uint32_t na = 0;
        names[na] = dsr_intern(d, "case_values");
        values[na++] = dsr_check(d, (void *)spvk_ir_array_attr(d->ctx, cases, ncases));
        if (nops) {
            int64_t *segs = dsr_check(d, spvk_ir_alloc(d->ctx, (ncases ? ncases : 1) * sizeof *segs));
            for (uint32_t k = 0; k < ncases; k++)
                segs[k] = out[k + 1].count;
            names[na] = dsr_intern(d, "case_operand_segments");
            values[na++] = dense_i32(d, segs, ncases);
            int64_t seg[3] = {1, out[0].count, (int64_t)nops - out[0].count};
            names[na] = d->n_operand_segment_sizes;
            values[na++] = dense_i32(d, seg, 3);
        }
        spvk_ir_op_state st;
        memset(&st, 0, sizeof st);
        st.def = d->def_switch;
        st.name = "spirv.Switch";
        st.name_length = strlen(st.name);
        st.operands = ops;
        st.num_operands = 1 + nops;
        st.successors = succ;
        st.num_successors = ncases + 1;
        st.attrs = dsr_dict(d, names, values, na);
        spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
        if (!op)
            dsr_oom(d);
        append(x, op);
        return;
    }
    default:
        translate(d, t, x);
        return;
    }
}

/* ---- Emission ---- */

static void emit_block(dsr *d, uint32_t bi, spvk_ir_block *x);
static void emit_region(dsr *d, uint32_t r);

/* After construct c's op (in block x of region p): go on to the targets of edges that crossed it,
   or further out. Returns the block the code after the construct continues in. */
static spvk_ir_block *dispatch(dsr *d, uint32_t c, spvk_ir_block *x)
{
    dsr_fn *f = &d->fn;
    uint32_t p = f->regions[c].parent;
    if (!f->regions[c].first_cross)
        return x;
    f->cur_region = p;
    spvk_ir_value *code = emit_load(d, x, exit_variable(d));
    for (uint32_t i = f->regions[c].first_cross; i; i = f->crosses[i - 1].next) {
        uint32_t t = f->crosses[i - 1].target;
        spvk_ir_value *k = i32_constant(d, x, f->blocks[t].exit_code);
        spvk_ir_value *ops[2] = {code, k};
        spvk_ir_op *eq = dsr_create_op(d, d->def_iequal, "spirv.IEqual", ops, 2, d->t_i1, NULL);
        append(x, eq);
        edge_info e = classify(f, p, t);
        spvk_ir_block *target;
        if (e.kind == EDGE_LOCAL || e.kind == EDGE_BACK)
            target = edge_target(d, p, t, e.kind);
        else if (e.kind == EDGE_MERGE || e.kind == EDGE_CROSS)
            target = f->regions[p].ir_merge;
        else
            dsr_fail(d, f->regions[c].merge_inst, "internal: bad exit from a construct");
        if (target->num_args)
            dsr_fail(d, f->regions[c].merge_inst, "internal: exit target takes arguments");
        spvk_ir_block *next = new_block_after(d, x);
        append(x, cond_branch_op(d, result(eq), target, NULL, 0, next, NULL, 0, NULL));
        x = next;
    }
    return x;
}

/* The code after construct c, in block x of the enclosing region. */
static void continuation(dsr *d, uint32_t c, spvk_ir_block *x)
{
    dsr_fn *f = &d->fn;
    uint32_t p = f->regions[c].parent;
    uint32_t m = f->regions[c].merge;
    dsr_block *mb = &f->blocks[m];
    f->cur_region = p;
    if (mb->inline_merge) {
        emit_block(d, m, x);
        return;
    }
    edge_info e = classify(f, p, m);
    switch (e.kind) {
    case EDGE_LOCAL:
    case EDGE_BACK:
        append(x, branch_op(d, edge_target(d, p, m, e.kind), NULL, 0));
        return;
    case EDGE_MERGE:
        append(x, branch_op(d, f->regions[p].ir_merge, NULL, 0));
        return;
    case EDGE_CROSS:
        set_exit_code(d, x, mb->exit_code);
        append(x, branch_op(d, f->regions[p].ir_merge, NULL, 0));
        return;
    default:
        dsr_fail(d, f->regions[c].merge_inst, "the merge block of this construct cannot be reached from after it");
    }
}

static spvk_ir_op *construct_op(dsr *d, uint32_t r)
{
    dsr_fn *f = &d->fn;
    dsr_region *g = &f->regions[r];
    bool loop = g->kind == DSR_REGION_LOOP;
    const spvk_ir_attr *control =
        dsr_enum(d, loop ? SPVK_OPERAND_LoopControl : SPVK_OPERAND_SelectionControl, g->control);
    spvk_ir_op_state st;
    memset(&st, 0, sizeof st);
    st.def = loop ? d->def_loop : d->def_selection;
    st.name = loop ? "spirv.mlir.loop" : "spirv.mlir.selection";
    st.name_length = strlen(st.name);
    st.num_regions = 1;
    spvk_ir_region *ir = g->ir;
    st.regions = &ir;
    st.attrs = attr1(d, loop ? d->n_loop_control : d->n_selection_control, control);
    spvk_ir_op *op = spvk_ir_op_create(d->ctx, &st);
    if (!op)
        dsr_oom(d);
    g = &f->regions[r];
    g->op = op;
    g->ir = &op->regions[0];
    return op;
}

/* Moves the block holding the back edge to just before the merge block. */
static void fix_loop_layout(dsr *d, uint32_t l)
{
    dsr_fn *f = &d->fn;
    dsr_region *g = &f->regions[l];
    spvk_ir_block *header = f->blocks[g->header].ir;
    spvk_ir_block *found = NULL;
    for (spvk_ir_block *b = g->ir->first; b; b = b->next) {
        if (b == g->ir_entry || b == g->ir_merge)
            continue;
        spvk_ir_op *t = spvk_ir_block_terminator(b);
        if (!t)
            t = b->last;
        for (uint32_t k = 0; t && k < t->num_successors; k++)
            if (t->successors[k] == header)
                found = b;
    }
    if (found && found->next != g->ir_merge && found != header) {
        spvk_ir_block_detach(found);
        spvk_ir_region_insert_after(g->ir, g->ir_merge->prev, found);
    }
}

/* A loop header's block in the enclosing region (x): the loop op, then what follows the loop. */
static void emit_loop(dsr *d, uint32_t bi, spvk_ir_block *x)
{
    dsr_fn *f = &d->fn;
    uint32_t l = f->blocks[bi].construct;
    f->cur_region = f->regions[l].parent;
    if (f->regions[l].first_cross)
        emit_store(d, x, exit_variable(d), i32_constant(d, x, 0));
    spvk_ir_op *op = construct_op(d, l);
    append(x, op);
    /* The entry block passes the outer block's arguments (the phis' values from outside) on. */
    spvk_ir_block *inner = f->blocks[bi].ir;
    spvk_ir_value **args = d->scratch_values2;
    uint32_t n = 0;
    if (!f->blocks[bi].spill_phis)
        for (; n < x->num_args && n < inner->num_args; n++)
            args[n] = x->args[n];
    append(f->regions[l].ir_entry, branch_op(d, inner, args, n));
    emit_region(d, l);
    fix_loop_layout(d, l);
    x = dispatch(d, l, x);
    continuation(d, l, x);
}

static void emit_phis(dsr *d, uint32_t bi, spvk_ir_block *x)
{
    dsr_fn *f = &d->fn;
    dsr_block *b = &f->blocks[bi];
    uint32_t k = 0;
    for (uint32_t p = next_phi(d, b, b->first + 1); p != DSR_NONE; p = next_phi(d, b, p + 1), k++) {
        uint32_t id = d->insts[p].result_id;
        spvk_ir_value *v;
        if (b->spill_phis)
            v = emit_load(d, x, b->phi_spills[k]);
        else if (k < x->num_args)
            v = x->args[k];
        else
            dsr_fail(d, p, "internal: OpPhi without a block argument");
        if (dsr_id_at(d, id)->decorations) {
            /* A block argument has no attributes: a decorated phi's value (RelaxedPrecision,
               NonUniform, ...) is what every use sees through an op that carries them, the load
               of its spill variable or else a spirv.CopyObject of the argument (docs/spirv_dialect.md). */
            if (!b->spill_phis) {
                spvk_ir_op *copy = dsr_create_op(d, NULL, "spirv.CopyObject", &v, 1, v->type, NULL);
                append(x, copy);
                v = result(copy);
            }
            add_decoration_attrs(d, v->defining_op, id);
        }
        define(d, id, v, x);
    }
}

static void emit_block(dsr *d, uint32_t bi, spvk_ir_block *x)
{
    dsr_fn *f = &d->fn;
    dsr_block *b = &f->blocks[bi];
    if (b->is_loop_header && b->construct != DSR_NONE && x != b->ir) {
        /* Reached as the outer block (or inline after a construct): the loop op goes here. */
        if (b->outer_emitted)
            dsr_fail(d, b->first, "internal: loop emitted twice");
        b->outer_emitted = 1;
        if (!b->outer)
            b->outer = x;
        emit_loop(d, bi, x);
        return;
    }
    if (b->emitted)
        dsr_fail(d, b->first, "internal: block emitted twice");
    b->emitted = 1;
    if (!b->ir)
        b->ir = x;
    f->cur_region = b->region;
    emit_phis(d, bi, x);
    for (uint32_t i = b->first_body; i < b->last; i++) {
        if (i == b->merge_inst)
            continue;
        f->cur_region = b->region;
        translate(d, i, x);
    }
    b = &f->blocks[bi];
    if (b->construct != DSR_NONE && f->regions[b->construct].kind == DSR_REGION_SELECTION) {
        uint32_t s = b->construct;
        f->cur_region = b->region;
        if (f->regions[s].first_cross)
            emit_store(d, x, exit_variable(d), i32_constant(d, x, 0));
        /* The values the header's branch passes to spilled phis are stored here, before the op:
           the stores are the header's instructions, which is where deserializing the serialized
           module finds them again. */
        uint32_t small[2];
        uint32_t nmax = max_successors(d, b);
        uint32_t *succ = nmax <= 2 ? small : dsr_check(d, spvk_ir_alloc(d->ctx, nmax * sizeof *succ));
        uint32_t ns = successors(d, b, succ, nmax);
        for (uint32_t k = 0; k < ns; k++) {
            uint32_t t = block_of_label(d, succ[k], b->last);
            bool seen = false;
            for (uint32_t j = 0; j < k && !seen; j++)
                seen = succ[j] == succ[k];
            if (!seen && f->blocks[t].num_phis && f->blocks[t].spill_phis)
                store_phis(d, bi, t, x, b->last);
        }
        spvk_ir_op *op = construct_op(d, s);
        append(x, op);
        f->phi_stores_done = true;
        emit_terminator(d, bi, f->regions[s].ir_entry, s);
        f->phi_stores_done = false;
        emit_region(d, s);
        x = dispatch(d, s, x);
        continuation(d, s, x);
        return;
    }
    bool first_block = x->region && x == x->region->first;
    if (((b->inline_merge && !b->has_pred) || first_block) && d->insts[b->last].opcode == SPVK_OP_Unreachable) {
        /* An unreachable merge block (every path through the construct leaves the function):
           MLIR allows spirv.Unreachable only in a block without predecessors, and the code after
           the construct op is in a reachable block as far as the IR can tell. A return never
           executes there either and is valid in both. A region's first block (a function that
           ends in OpUnreachable, after OpDemoteToHelperInvocation say) is reachable for MLIR too:
           reaching OpUnreachable is undefined behaviour, of which returning is one. */
        const spvk_ir_type *ret = f->result_type;
        if (!ret) {
            append(x, dsr_create_op(d, NULL, "spirv.Return", NULL, 0, NULL, NULL));
        } else {
            spvk_ir_op *u = dsr_create_op(d, d->def_undef, "spirv.Undef", NULL, 0, ret, NULL);
            append(x, u);
            spvk_ir_value *v = result(u);
            append(x, dsr_create_op(d, NULL, "spirv.ReturnValue", &v, 1, NULL, NULL));
        }
        return;
    }
    emit_terminator(d, bi, x, b->term_region);
}

static void emit_region(dsr *d, uint32_t r)
{
    dsr_fn *f = &d->fn;
    /* Blocks whose instructions live here (the loop's header first), then loop headers entered
       from here (their outer blocks), in binary order: f->order holds both lists. */
    for (uint32_t i = f->region_first[r]; i != DSR_NONE; i = f->order_next[i]) {
        uint32_t entry = f->order[i];
        uint32_t bi = entry >> 1;
        dsr_block *b = &f->blocks[bi];
        bool loop_header = b->is_loop_header && b->construct != DSR_NONE;
        if (entry & 1) {
            if (!b->inline_merge && !b->outer_emitted)
                emit_block(d, bi, b->outer);
        } else if (!b->emitted && (loop_header || !b->inline_merge)) {
            emit_block(d, bi, b->ir);
        }
    }
}

/* ---- Analysis ---- */

/* Which blocks' phis go through variables, which merge blocks follow their op directly. */
static void analyze_edges(dsr *d)
{
    dsr_fn *f = &d->fn;
    uint32_t small[2];
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        if (b->region == DSR_NONE)
            continue;
        uint32_t nmax = max_successors(d, b);
        uint32_t *succ = nmax <= 2 ? small : dsr_check(d, spvk_ir_alloc(d->ctx, nmax * sizeof *succ));
        uint32_t ns = successors(d, b, succ, nmax);
        for (uint32_t k = 0; k < ns; k++) {
            uint32_t t = block_of_label(d, succ[k], b->last);
            edge_info e = classify(f, b->term_region, t);
            dsr_block *tb = &f->blocks[t];
            tb->has_pred = 1;
            if (e.kind == EDGE_MERGE || e.kind == EDGE_CROSS)
                tb->spill_phis = tb->num_phis > 0;
            else if (e.kind == EDGE_LOCAL)
                tb->local_pred = 1;
        }
    }
    for (uint32_t r = 1; r < f->num_regions; r++) {
        dsr_region *g = &f->regions[r];
        dsr_block *m = &f->blocks[g->merge];
        /* A loop's continue target keeps a block of its own even when only its construct
           reaches it: merged into the block before, that block would become the continue target
           when serialized, and a break from inside the construct would leave the continue
           construct, which SPIR-V does not allow. */
        if (owner_region(f, m) == g->parent && !m->local_pred && g->merge != 0 && !m->inline_merge &&
            m->continue_of == DSR_NONE) {
            m->inline_merge = 1;
            if (m->num_phis)
                m->spill_phis = 1;
        }
        /* A merge reached from after its construct crosses out when it is not local there;
           its phis then go through variables too (the continuation carries no values). */
        edge_info e = classify(f, g->parent, g->merge);
        if (e.kind != EDGE_LOCAL && m->num_phis)
            m->spill_phis = 1;
        if (e.kind == EDGE_LOCAL && !m->inline_merge && m->num_phis)
            m->spill_phis = 1;
    }
}

static bool uniform_constant_global(dsr *d, uint32_t id)
{
    const dsr_id *p = dsr_id_at(d, id);
    return p->kind == DSR_ID_GLOBAL && p->def && d->insts[p->def - 1].num_operands >= 3 &&
           word_of(d, p->def - 1, 2) == SPVK_STORAGE_CLASS_UniformConstant;
}

/* An OpLoad without memory operands from a module-level UniformConstant variable, or from an
   access chain into one (an array of images), needed in region u: marked to be loaded again
   there (reload_handle); the chain's indices that u cannot see get spill variables. */
static bool mark_reload(dsr *d, uint32_t def, uint32_t u)
{
    dsr_fn *f = &d->fn;
    const dsr_inst *in = &d->insts[def];
    if (in->opcode == SPVK_OP_ConvertUToAccelerationStructureKHR && in->num_operands == 3) {
        /* An acceleration structure from a 64-bit address: converted again, the address (an
           integer) through a spill variable. */
        dsr_id *x = dsr_id_at(d, word_of(d, def, 2));
        if (x->kind == DSR_ID_VALUE && x->region != DSR_NONE && !is_ancestor(f, x->region, u) && !x->spill &&
            !x->remat)
            x->spill = new_variable(d, dsr_type(d, d->insts[x->def - 1].result_type_id, x->def - 1), x->def - 1);
        dsr_id_at(d, in->result_id)->remat = 1;
        return true;
    }
    if (in->opcode != SPVK_OP_Load || in->num_operands != 3)
        return false;
    uint32_t ptr = word_of(d, def, 2);
    if (!uniform_constant_global(d, ptr)) {
        dsr_id *c = dsr_id_at(d, ptr);
        const dsr_inst *ci = c->kind == DSR_ID_VALUE && c->def ? &d->insts[c->def - 1] : NULL;
        if (!ci || (ci->opcode != SPVK_OP_AccessChain && ci->opcode != SPVK_OP_InBoundsAccessChain) ||
            !uniform_constant_global(d, word_of(d, c->def - 1, 2)))
            return false;
        for (uint32_t k = 3; k < ci->num_operands; k++) {
            dsr_id *x = dsr_id_at(d, word_of(d, c->def - 1, k));
            if (x->kind == DSR_ID_VALUE && x->region != DSR_NONE && !is_ancestor(f, x->region, u) && !x->spill &&
                !x->remat)
                x->spill = new_variable(d, dsr_type(d, d->insts[x->def - 1].result_type_id, x->def - 1), x->def - 1);
        }
        c->remat = 1;
    }
    dsr_id_at(d, in->result_id)->remat = 1;
    return true;
}

/* Values used where their definition is not visible get a spill variable (or are loaded again:
   reload_handle). */
static void analyze_values(dsr *d, uint32_t fn_inst, uint32_t nparams)
{
    dsr_fn *f = &d->fn;
    for (uint32_t k = 0; k < nparams; k++)
        dsr_id_at(d, d->insts[fn_inst + 1 + k].result_id)->region = 0;
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        if (b->region == DSR_NONE)
            continue;
        for (uint32_t i = b->first + 1; i < b->last; i++) {
            uint32_t id = d->insts[i].result_id;
            if (id) {
                dsr_id *e = dsr_id_at(d, id);
                e->region = b->region;
                e->block = bi;
                e->value = NULL;
                e->spill = NULL;
                e->remat = 0;
            }
        }
    }
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        if (b->region == DSR_NONE)
            continue;
        for (uint32_t i = b->first + 1; i <= b->last; i++) {
            const dsr_inst *in = &d->insts[i];
            if (in->opcode == SPVK_OP_SelectionMerge || in->opcode == SPVK_OP_LoopMerge)
                continue;
            bool phi = in->opcode == SPVK_OP_Phi;
            uint32_t use_region = i == b->last ? b->term_region : b->region;
            for (uint32_t k = 0; k < in->num_operands; k++) {
                const spvk_operand *o = &d->operands[in->first_operand + k];
                if (o->kind == SPVK_OPERAND_IdResult || o->kind == SPVK_OPERAND_IdResultType)
                    continue;
                const spvk_operand_kind_desc *kd = spvk_operand_kind(o->kind);
                if (!kd || kd->category != SPVK_CATEGORY_ID)
                    continue;
                if (phi && (k % 2) == 1)
                    continue; /* a parent label */
                uint32_t id = (d->words + in->offset)[o->offset];
                dsr_id *e = dsr_id_at(d, id);
                if (e->kind != DSR_ID_VALUE)
                    continue;
                uint32_t u = use_region;
                if (phi) {
                    /* The value is passed at the end of the parent block. */
                    uint32_t parent = (d->words + in->offset)[d->operands[in->first_operand + k + 1].offset];
                    dsr_id *pe = dsr_id_at(d, parent);
                    if (pe->kind != DSR_ID_LABEL)
                        dsr_fail(d, i, "OpPhi parent %%%u is not a block", parent);
                    u = f->blocks[block_of_label(d, parent, i)].term_region;
                    if (u == DSR_NONE)
                        continue;
                }
                if (e->region == DSR_NONE || is_ancestor(f, e->region, u) || e->spill || e->remat)
                    continue;
                uint32_t def = e->def - 1;
                if (mark_reload(d, def, u))
                    continue;
                const spvk_ir_type *t = dsr_type(d, d->insts[def].result_type_id, def);
                e->spill = new_variable(d, t, def);
            }
        }
    }
}

/* ---- IR blocks ---- */

static spvk_ir_block *make_block(dsr *d, spvk_ir_region *r, uint32_t bi, bool with_phi_args)
{
    spvk_ir_block *b = dsr_check(d, spvk_ir_block_create(d->ctx));
    spvk_ir_region_append(r, b);
    dsr_block *db = &d->fn.blocks[bi];
    if (with_phi_args && db->num_phis && !db->spill_phis)
        for (uint32_t p = next_phi(d, db, db->first + 1); p != DSR_NONE; p = next_phi(d, db, p + 1))
            dsr_check(d, spvk_ir_block_add_arg(d->ctx, b, dsr_type(d, d->insts[p].result_type_id, p)));
    return b;
}

static void order_add(dsr *d, uint32_t region, uint32_t entry)
{
    dsr_fn *f = &d->fn;
    size_t n = f->order_count;
    f->order = dsr_scratch_grow(d, &f->order, &f->order_capacity, n + 1, sizeof *f->order);
    f->order_next = dsr_scratch_grow(d, &f->order_next, &f->order_next_capacity, n + 1, sizeof *f->order_next);
    f->order[n] = entry;
    f->order_next[n] = DSR_NONE;
    if (f->region_last[region] == DSR_NONE)
        f->region_first[region] = (uint32_t)n;
    else
        f->order_next[f->region_last[region]] = (uint32_t)n;
    f->region_last[region] = (uint32_t)n;
    f->order_count = n + 1;
}

static void create_blocks(dsr *d, spvk_ir_op *func, uint32_t nparams, const spvk_ir_type *fty)
{
    dsr_fn *f = &d->fn;
    f->region_first = dsr_scratch_grow(d, &f->region_first, &f->region_first_capacity, f->num_regions,
                                       sizeof *f->region_first);
    f->region_last = dsr_scratch_grow(d, &f->region_last, &f->region_last_capacity, f->num_regions,
                                      sizeof *f->region_last);
    for (uint32_t r = 0; r < f->num_regions; r++) {
        f->region_first[r] = f->region_last[r] = DSR_NONE;
        dsr_region *g = &f->regions[r];
        if (r == 0) {
            g->ir = &func->regions[0];
            continue;
        }
        g->ir = dsr_check(d, spvk_ir_region_create(d->ctx));
        g->ir_entry = dsr_check(d, spvk_ir_block_create(d->ctx));
        spvk_ir_region_append(g->ir, g->ir_entry);
        if (g->kind == DSR_REGION_LOOP) {
            /* The header right after the entry block. */
            f->blocks[g->header].ir = make_block(d, g->ir, g->header, true);
        }
    }
    f->order_count = 0;
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        if (b->region == DSR_NONE)
            continue;
        if (b->is_loop_header && b->construct != DSR_NONE) {
            if (bi == 0)
                dsr_fail(d, b->first, "the function's first block cannot be a loop header");
            if (!b->inline_merge) {
                b->outer = make_block(d, f->regions[f->regions[b->construct].parent].ir, bi, true);
                order_add(d, f->regions[b->construct].parent, bi * 2u + 1u);
            }
            order_add(d, b->construct, bi * 2u);
            continue;
        }
        if (!b->inline_merge) {
            b->ir = make_block(d, f->regions[b->region].ir, bi, true);
            if (bi == 0) {
                /* The function's entry block: its arguments are the parameters, first. */
                spvk_ir_block *e = b->ir;
                uint32_t nphi = e->num_args;
                if (nphi)
                    dsr_fail(d, b->first, "the function's first block cannot have OpPhi");
                for (uint32_t k = 0; k < nparams; k++)
                    dsr_check(d, spvk_ir_block_add_arg(d->ctx, e, fty->types[k]));
            }
        }
        order_add(d, b->region, bi * 2u);
    }
    for (uint32_t r = 1; r < f->num_regions; r++) {
        dsr_region *g = &f->regions[r];
        g->ir_merge = dsr_check(d, spvk_ir_block_create(d->ctx));
        spvk_ir_region_append(g->ir, g->ir_merge);
        append(g->ir_merge, dsr_create_op(d, d->def_merge, "spirv.mlir.merge", NULL, 0, NULL, NULL));
    }
}

/* Spill variables for phis (once the entry block exists). */
static void create_phi_spills(dsr *d)
{
    dsr_fn *f = &d->fn;
    for (uint32_t bi = 0; bi < f->num_blocks; bi++) {
        dsr_block *b = &f->blocks[bi];
        if (!b->spill_phis || b->region == DSR_NONE)
            continue;
        b->phi_spills = dsr_check(d, spvk_ir_alloc(d->ctx, b->num_phis * sizeof *b->phi_spills));
        uint32_t k = 0;
        for (uint32_t p = next_phi(d, b, b->first + 1); p != DSR_NONE; p = next_phi(d, b, p + 1), k++)
            f->blocks[bi].phi_spills[k] = new_variable(d, dsr_type(d, d->insts[p].result_type_id, p), p);
    }
}

void dsr_function_body(dsr *d, uint32_t fn_inst, uint32_t first, uint32_t end_inst, spvk_ir_op *func)
{
    dsr_fn *f = &d->fn;
    f->num_blocks = f->num_regions = f->num_crosses = 0;
    f->work_count = 0;
    f->cross_set_count = 0;
    if (f->cross_set)
        memset(f->cross_set, 0, f->cross_set_capacity * sizeof *f->cross_set);
    f->next_exit_code = 1;
    f->exit_var = NULL;
    f->last_var = NULL;
    f->entry = NULL;
    f->num_materialized = 0;

    const spvk_ir_type *fty = dsr_type(d, word_of(d, fn_inst, 3), fn_inst);
    uint32_t nparams = spvk_ir_function_num_inputs(fty);
    f->result_type = spvk_ir_function_num_results(fty) ? fty->types[fty->width] : NULL;
    for (uint32_t k = 0; k < nparams; k++) {
        dsr_id *e = dsr_id_at(d, d->insts[fn_inst + 1 + k].result_id);
        e->value = NULL;
        e->spill = NULL;
        e->region = 0;
        const spvk_ir_type *pt = dsr_type(d, d->insts[fn_inst + 1 + k].result_type_id, fn_inst + 1 + k);
        if (pt != fty->types[k])
            dsr_fail(d, fn_inst + 1 + k, "parameter %u's type does not match the function type", k);
    }
    scan_blocks(d, first, end_inst);
    if (f->num_blocks == 0)
        return; /* a declaration (Import linkage): an empty region */

    new_region(d, DSR_REGION_FUNCTION, DSR_NONE, 0, fn_inst);
    claim(d, 0, 0);
    drain(d);
    /* Unreachable blocks join the region of the block before them. */
    for (uint32_t bi = 1; bi < f->num_blocks; bi++) {
        if (f->blocks[bi].region != DSR_NONE)
            continue;
        uint32_t r = f->blocks[bi - 1].term_region;
        if (r == DSR_NONE)
            r = 0;
        claim(d, bi, r);
        drain(d);
    }
    analyze_edges(d);
    create_blocks(d, func, nparams, fty);
    f->entry = f->blocks[0].ir;
    /* Parameters are the entry block's arguments. */
    for (uint32_t k = 0; k < nparams; k++)
        dsr_id_at(d, d->insts[fn_inst + 1 + k].result_id)->value = f->entry->args[k];
    create_phi_spills(d);
    analyze_values(d, fn_inst, nparams);
    for (uint32_t k = 0; k < nparams; k++)
        dsr_id_at(d, d->insts[fn_inst + 1 + k].result_id)->value = f->entry->args[k];

    emit_region(d, 0);
}
