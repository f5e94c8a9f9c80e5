/* The serializer's functions: OpFunction/OpFunctionParameter, blocks in an order where every
   block comes after its dominators, block arguments as OpPhi, structured regions
   (spirv.mlir.selection / spirv.mlir.loop) flattened into blocks with their merge instructions,
   and every other op through the generic mapping.

   A first pass over the body gives each block its label and the label of the SPIR-V block its
   terminator ends up in (a block that contains a selection or loop continues in that construct's
   merge block), and records each block's incoming edges: OpPhi needs both. */
#include <stdio.h>
#include <string.h>

#include "serialize_internal.h"

/* ---- Values ---- */

static uint32_t resolve_value(spvk_ser *s, const spvk_ir_value *v, const spvk_ir_op *user, int depth);

uint32_t ser_value_id(spvk_ser *s, const spvk_ir_value *v, const spvk_ir_op *user)
{
    if (!v) {
        ser_error(s, user, "has a missing operand");
        return 0;
    }
    uint32_t id;
    if (ser_pget(&s->value_ids, v, &id))
        return id;
    return resolve_value(s, v, user, 0);
}

/* The value a construct's result stands for: the operand its merge block's spirv.mlir.merge
   yields (the construct emits no instruction of its own). */
static const spvk_ir_value *construct_yield(const spvk_ir_value *v)
{
    const spvk_ir_op *op = v->defining_op;
    if (op->num_regions < 1 || !op->regions[0].last)
        return NULL;
    const spvk_ir_op *merge = op->regions[0].last->last;
    if (!merge || v->index >= merge->num_operands)
        return NULL;
    return merge->operands[v->index].value;
}

static uint32_t resolve_value(spvk_ser *s, const spvk_ir_value *v, const spvk_ir_op *user, int depth)
{
    uint32_t id;
    if (ser_pget(&s->value_ids, v, &id))
        return id;
    if (depth > SER_MAX_DEPTH) {
        ser_error(s, user, "uses a value defined through too many nested constructs");
        return 0;
    }
    const spvk_ir_op *def = v->defining_op;
    id = 0;
    if (def) {
        switch (ser_op_kind_of(s, def)) {
        case SER_OP_CONSTANT: {
            const spvk_ir_attr *value = spvk_ir_op_attr(def, "value");
            if (!value) {
                ser_error(s, def, "has no 'value' attribute");
                return 0;
            }
            id = ser_constant(s, value, v->type, def);
            break;
        }
        case SER_OP_ADDRESSOF: id = ser_symbol_id(s, def, spvk_ir_op_attr(def, "variable"), false); break;
        case SER_OP_REFERENCEOF: id = ser_symbol_id(s, def, spvk_ir_op_attr(def, "spec_const"), false); break;
        case SER_OP_UNDEF: id = ser_undef(s, v->type, def); break;
        case SER_OP_CONSTANT_SAMPLER: id = ser_constant_sampler(s, def); break;
        case SER_OP_CONSTANT_SIZE_OF: id = ser_constant_size_of(s, def); break;
        case SER_OP_STRING: id = ser_string(s, def); break;
        case SER_OP_SPEC_CONSTANT_OPERATION: id = ser_spec_constant_operation(s, def); break;
        case SER_OP_SELECTION:
        case SER_OP_LOOP: {
            const spvk_ir_value *y = construct_yield(v);
            if (!y || y == v) {
                ser_error(s, def, "has a result its merge block does not yield");
                return 0;
            }
            id = resolve_value(s, y, user, depth + 1);
            break;
        }
        case SER_OP_GENERIC: {
            /* An op inside a spirv.SpecConstantOperation is an OpSpecConstantOp of its own. */
            const spvk_ir_op *parent = def->block && def->block->region ? def->block->region->op : NULL;
            if (parent && ser_op_kind_of(s, parent) == SER_OP_SPEC_CONSTANT_OPERATION)
                id = ser_spec_op_instruction(s, def, user);
            else
                id = ser_new_id(s);
            break;
        }
        default: id = ser_new_id(s); break;
        }
    } else {
        id = ser_new_id(s);
    }
    if (!id || !ser_pset(s, &s->value_ids, v, id))
        return 0;
    return id;
}

/* ---- The block table ---- */

static bool block_index(spvk_ser *s, const spvk_ir_block *b, uint32_t *index)
{
    uint32_t i;
    if (!b || !ser_pget(&s->block_ids, b, &i) || i >= s->num_blocks || s->blocks[i].block != b)
        return false;
    *index = i;
    return true;
}

static bool add_block(spvk_ser *s, const spvk_ir_block *b, uint32_t label)
{
    if (s->num_blocks >= UINT32_MAX - 1)
        return ser_oom(s);
    if (!spvk_array_grow(s->alloc, &s->blocks, &s->blocks_capacity, s->num_blocks + 1, sizeof *s->blocks, 64))
        return ser_oom(s);
    ser_block *sb = &s->blocks[s->num_blocks];
    memset(sb, 0, sizeof *sb);
    sb->block = b;
    sb->label = label;
    sb->end_label = label;
    if (!ser_pset(s, &s->block_ids, b, (uint32_t)s->num_blocks))
        return false;
    s->num_blocks++;
    return true;
}

static bool is_terminator_kind(const spvk_ir_op *op, ser_op_kind kind)
{
    if (op->def->traits & SPVK_TRAIT_TERMINATOR)
        return true;
    switch (kind) {
    case SER_OP_BRANCH:
    case SER_OP_BRANCH_CONDITIONAL:
    case SER_OP_SWITCH:
    case SER_OP_MERGE:
    case SER_OP_YIELD: return true;
    default: return false;
    }
}


/* The terminator's operands for its successors come last, successor by successor (a branch's
   operand count for a successor is that block's argument count). */
static bool successor_operands(spvk_ser *s, const spvk_ir_op *term, uint32_t *first)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < term->num_successors; i++) {
        if (!term->successors[i])
            return ser_error(s, term, "has a missing successor");
        total += term->successors[i]->num_args;
    }
    if (total > term->num_operands)
        return ser_error(s, term, "passes fewer operands than its successors take");
    *first = term->num_operands - (uint32_t)total;
    return true;
}

static bool prepass_region(spvk_ser *s, const spvk_ir_region *r, ser_op_kind owner, uint32_t entry_label, int depth);

static bool prepass_block(spvk_ser *s, uint32_t bi, uint32_t start_label, int depth)
{
    uint32_t current = start_label;
    const spvk_ir_block *b = s->blocks[bi].block;
    for (const spvk_ir_op *op = b->first; op; op = op->next) {
        ser_op_kind kind = ser_op_kind_of(s, op);
        if (kind != SER_OP_SELECTION && kind != SER_OP_LOOP)
            continue;
        if (depth >= SER_MAX_DEPTH)
            return ser_error(s, op, "is nested too deeply");
        if (op->num_regions != 1 || !op->regions[0].first || op->regions[0].first == op->regions[0].last)
            return ser_error(s, op, "needs one region with at least a header and a merge block");
        if (kind == SER_OP_LOOP && op->regions[0].first->next == op->regions[0].last)
            return ser_error(s, op, "needs an entry, a header and a merge block");
        if (!prepass_region(s, &op->regions[0], kind, current, depth + 1))
            return false;
        uint32_t merge;
        if (!block_index(s, op->regions[0].last, &merge))
            return false;
        /* The code after the construct continues where its merge block's ops end. */
        current = s->blocks[merge].end_label;
    }
    s->blocks[bi].end_label = current;
    return true;
}

static bool prepass_region(spvk_ser *s, const spvk_ir_region *r, ser_op_kind owner, uint32_t entry_label, int depth)
{
    size_t first = s->num_blocks;
    for (const spvk_ir_block *b = r->first; b; b = b->next) {
        uint32_t label = 0;
        if (!(owner == SER_OP_LOOP && b == r->first)) {
            label = ser_new_id(s);
            if (!label)
                return false;
        }
        if (!add_block(s, b, label))
            return false;
    }
    size_t last = s->num_blocks;
    for (size_t bi = first; bi < last; bi++) {
        uint32_t start = s->blocks[bi].label ? s->blocks[bi].label : entry_label;
        if (!prepass_block(s, (uint32_t)bi, start, depth))
            return false;
    }
    /* Incoming edges, for OpPhi. */
    for (size_t bi = first; bi < last; bi++) {
        const spvk_ir_op *term = s->blocks[bi].block->last;
        if (!term || term->num_successors == 0)
            continue;
        uint32_t operand = 0;
        if (!successor_operands(s, term, &operand))
            return false;
        for (uint32_t i = 0; i < term->num_successors; i++) {
            const spvk_ir_block *succ = term->successors[i];
            uint32_t si;
            if (!block_index(s, succ, &si) || succ->region != r)
                return ser_error(s, term, "branches to a block outside its region");
            /* A block reached twice from one terminator has that block once among its OpPhi
               parents (SPIR-V cannot give the two edges different values). */
            uint32_t head = s->blocks[si].first_edge;
            bool repeated = head && s->edges[head - 1].pred == bi;
            if (succ->num_args && !repeated) {
                if (!spvk_array_grow(s->alloc, &s->edges, &s->edges_capacity, s->num_edges + 1, sizeof *s->edges, 64))
                    return ser_oom(s);
                ser_edge *e = &s->edges[s->num_edges];
                e->pred = (uint32_t)bi;
                e->term = term;
                e->first_operand = operand;
                e->next = s->blocks[si].first_edge;
                s->num_edges++;
                s->blocks[si].first_edge = (uint32_t)s->num_edges;
            }
            operand += succ->num_args;
        }
    }
    return true;
}

/* ---- Instructions ---- */

static uint32_t label_of(spvk_ser *s, const spvk_ir_op *user, const spvk_ir_block *b)
{
    uint32_t bi;
    if (!block_index(s, b, &bi) || s->blocks[bi].label == 0) {
        ser_error(s, user, "branches to a block that has no SPIR-V label (a region's entry block)");
        return 0;
    }
    return s->blocks[bi].label;
}

static bool emit_phis(spvk_ser *s, uint32_t bi)
{
    const spvk_ir_block *b = s->blocks[bi].block;
    for (uint32_t i = 0; i < b->num_args; i++) {
        const spvk_ir_value *arg = b->args[i];
        const spvk_ir_op *anchor = b->first ? b->first : b->region ? b->region->op : NULL;
        uint32_t type_id = ser_type(s, arg->type, anchor);
        uint32_t id = type_id ? ser_value_id(s, arg, anchor) : 0;
        if (!id)
            return false;
        size_t base = s->ws_count;
        bool ok = ser_ws_push(s, type_id) && ser_ws_push(s, id);
        for (uint32_t e = s->blocks[bi].first_edge; ok && e;) {
            const ser_edge *edge = &s->edges[e - 1];
            uint32_t oi = edge->first_operand + i;
            if (oi >= edge->term->num_operands) {
                ok = ser_error(s, edge->term, "passes too few operands to a successor");
                break;
            }
            uint32_t vid = ser_value_id(s, edge->term->operands[oi].value, edge->term);
            edge = &s->edges[e - 1];
            ok = vid && ser_ws_push(s, vid) && ser_ws_push(s, s->blocks[edge->pred].end_label);
            e = edge->next;
        }
        if (ok)
            ser_instruction(s, &s->fn_body, SPVK_OP_Phi, s->ws + base, s->ws_count - base);
        s->ws_count = base;
        if (!ok)
            return false;
    }
    return true;
}

static bool emit_generic(spvk_ser *s, const spvk_ir_op *op, spvk_writer *w)
{
    const spvk_spirv_op_info *info = spvk_spirv_op_info_of(op);
    if (!info)
        return ser_error(s, op, "has no SPIR-V encoding");
    uint32_t type_id = 0, id = 0;
    if (info->has_result) {
        if (op->num_results != 1)
            return ser_error(s, op, "must have one result");
        if (info->has_result_type) {
            type_id = ser_type(s, op->results[0].type, op);
            if (!type_id)
                return false;
        }
        id = ser_value_id(s, &op->results[0], op);
        if (!id)
            return false;
    } else if (op->num_results != 0) {
        return ser_error(s, op, "has a result, which its instruction does not have");
    }
    uint32_t set_id = 0;
    if (info->ext_set != SPVK_EXT_INST_SET_NONE) {
        set_id = ser_ext_import_id(s, info->ext_set, op);
        if (!set_id)
            return false;
    }
    size_t start = w->count;
    spvk_writer_begin(w, info->opcode);
    if (info->has_result_type)
        spvk_writer_word(w, type_id);
    if (info->has_result)
        spvk_writer_word(w, id);
    if (info->ext_set != SPVK_EXT_INST_SET_NONE) {
        spvk_writer_word(w, set_id);
        spvk_writer_word(w, info->ext_opcode);
    }
    if (!ser_encode_generic(s, info, op, w)) {
        w->count = start;
        w->instruction_start = SIZE_MAX;
        return false;
    }
    if (w->instruction_start == SIZE_MAX)
        w->instruction_start = start; /* the encoder may have closed nothing; keep framing ours */
    if (!spvk_writer_end(w)) {
        if (w->failed)
            return ser_oom(s);
        w->count = start;
        return ser_error(s, op, "encodes to more than 65535 words");
    }
    if (id)
        return ser_decorations_from_attrs(s, op, id, NULL, 0, info);
    return true;
}

/* An instruction whose operands (after its result type and result) are all <id>s. */
static bool emit_simple(spvk_ser *s, const spvk_ir_op *op)
{
    const spvk_spirv_op_info *info = spvk_spirv_op_info_of(op);
    if (!info)
        return ser_error(s, op, "has no SPIR-V encoding");
    if (op->num_results != (info->has_result ? 1u : 0u))
        return ser_error(s, op, info->has_result ? "must have one result" : "must have no result");
    size_t base = s->ws_count;
    bool ok = true;
    uint32_t result = 0;
    if (info->has_result_type) {
        uint32_t t = ser_type(s, op->results[0].type, op);
        ok = t && ser_ws_push(s, t);
    }
    if (ok && info->has_result) {
        result = ser_value_id(s, &op->results[0], op);
        ok = result && ser_ws_push(s, result);
    }
    for (uint32_t i = 0; ok && i < op->num_operands; i++) {
        uint32_t id = ser_value_id(s, op->operands[i].value, op);
        ok = id && ser_ws_push(s, id);
    }
    if (ok)
        ser_instruction(s, &s->fn_body, info->opcode, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    if (ok && result)
        ok = ser_decorations_from_attrs(s, op, result, NULL, 0, NULL);
    return ok;
}

/* spvkit's spirv.ExtInst: OpExtInst of a set the op table does not know (NonSemantic.*), by the
   set's import name and the instruction number, every operand an <id>. */
static bool emit_ext_inst(spvk_ser *s, const spvk_ir_op *op)
{
    const spvk_ir_attr *set = spvk_ir_op_attr(op, "set");
    const spvk_ir_attr *number = spvk_ir_op_attr(op, "instruction");
    if (!set || set->dialect != NULL || set->kind != SPVK_ATTR_STRING || !set->string || !set->length)
        return ser_error(s, op, "has no string 'set' attribute");
    if (!number || number->dialect != NULL || number->kind != SPVK_ATTR_INTEGER)
        return ser_error(s, op, "has no integer 'instruction' attribute");
    if (op->num_results > 1)
        return ser_error(s, op, "has more than one result");
    uint32_t type_id = ser_type(s, op->num_results ? op->results[0].type : s->none, op);
    uint32_t id = 0;
    if (type_id)
        id = op->num_results ? ser_value_id(s, &op->results[0], op) : ser_new_id(s);
    uint32_t set_id = id ? ser_import_by_name(s, set->string, set->length) : 0;
    if (!set_id)
        return false;
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, type_id) && ser_ws_push(s, id) && ser_ws_push(s, set_id) &&
              ser_ws_push(s, (uint32_t)number->value);
    for (uint32_t i = 0; ok && i < op->num_operands; i++) {
        uint32_t a = ser_value_id(s, op->operands[i].value, op);
        ok = a && ser_ws_push(s, a);
    }
    if (ok)
        ser_instruction(s, &s->fn_body, SPVK_OP_ExtInst, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    if (ok && op->num_results) {
        static const char *const skip[] = {"set", "instruction"};
        ok = ser_decorations_from_attrs(s, op, id, skip, 2, NULL);
    }
    return ok;
}

static bool emit_variable(spvk_ser *s, const spvk_ir_op *op)
{
    if (op->num_results != 1)
        return ser_error(s, op, "must have one result");
    const spvk_ir_type *ptr = op->results[0].type;
    if (!ptr || ptr->dialect != s->spirv || ptr->kind != SPVK_SPIRV_POINTER || ptr->num_ints < 1)
        return ser_error(s, op, "must have a !spirv.ptr result");
    uint32_t type_id = ser_type(s, ptr, op);
    uint32_t id = type_id ? ser_value_id(s, &op->results[0], op) : 0;
    if (!id)
        return false;
    uint32_t storage = (uint32_t)ptr->ints[0];
    const spvk_ir_attr *sc = spvk_ir_op_attr(op, "storage_class");
    if (sc && sc->dialect == s->spirv && sc->kind == SPVK_SPIRV_ATTR_ENUM)
        storage = (uint32_t)sc->value;
    uint32_t words[4] = {type_id, id, storage, 0};
    size_t n = 3;
    if (op->num_operands > 1)
        return ser_error(s, op, "has more than one initializer");
    if (op->num_operands == 1) {
        words[3] = ser_value_id(s, op->operands[0].value, op);
        if (!words[3])
            return false;
        n = 4;
    }
    /* OpVariable must open the function's first block: all of them go there. */
    ser_instruction(s, &s->fn_header, SPVK_OP_Variable, words, n);
    static const char *const skip[] = {"storage_class"};
    return ser_decorations_from_attrs(s, op, id, skip, 1, NULL);
}

static bool emit_function_call(spvk_ser *s, const spvk_ir_op *op)
{
    uint32_t fn = ser_symbol_id(s, op, spvk_ir_op_attr(op, "callee"), true);
    if (!fn)
        return false;
    if (op->num_results > 1)
        return ser_error(s, op, "has more than one result");
    uint32_t type_id = ser_type(s, op->num_results ? op->results[0].type : s->none, op);
    uint32_t id = 0;
    if (type_id)
        id = op->num_results ? ser_value_id(s, &op->results[0], op) : ser_new_id(s);
    if (!id)
        return false;
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, type_id) && ser_ws_push(s, id) && ser_ws_push(s, fn);
    for (uint32_t i = 0; ok && i < op->num_operands; i++) {
        uint32_t a = ser_value_id(s, op->operands[i].value, op);
        ok = a && ser_ws_push(s, a);
    }
    if (ok)
        ser_instruction(s, &s->fn_body, SPVK_OP_FunctionCall, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    if (ok && op->num_results) {
        static const char *const skip[] = {"callee"};
        ok = ser_decorations_from_attrs(s, op, id, skip, 1, NULL);
    }
    return ok;
}

static bool push_int_list(spvk_ser *s, const spvk_ir_op *op, const spvk_ir_attr *a, const char *what,
                          bool wide)
{
    if (!a)
        return true;
    if (a->dialect != NULL ||
        (a->kind != SPVK_ATTR_ARRAY && a->kind != SPVK_ATTR_DENSE_ARRAY && a->kind != SPVK_ATTR_DENSE))
        return ser_error(s, op, "has a '%s' attribute that is not a list of integers", what);
    for (uint32_t i = 0; i < a->num_attrs; i++) {
        const spvk_ir_attr *v = a->attrs[i];
        if (!v || v->dialect != NULL || v->kind != SPVK_ATTR_INTEGER)
            return ser_error(s, op, "has a '%s' element that is not an integer", what);
        if (!ser_ws_push(s, (uint32_t)v->value) || (wide && !ser_ws_push(s, (uint32_t)((uint64_t)v->value >> 32))))
            return false;
    }
    return true;
}

static bool emit_branch_conditional(spvk_ser *s, const spvk_ir_op *op)
{
    if (op->num_operands < 1 || op->num_successors != 2)
        return ser_error(s, op, "needs a condition and two successors");
    uint32_t cond = ser_value_id(s, op->operands[0].value, op);
    uint32_t t = cond ? label_of(s, op, op->successors[0]) : 0;
    uint32_t f = t ? label_of(s, op, op->successors[1]) : 0;
    if (!f)
        return false;
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, cond) && ser_ws_push(s, t) && ser_ws_push(s, f) &&
              push_int_list(s, op, spvk_ir_op_attr(op, "branch_weights"), "branch_weights", false);
    if (ok)
        ser_instruction(s, &s->fn_body, SPVK_OP_BranchConditional, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    return ok;
}

static bool emit_switch(spvk_ser *s, const spvk_ir_op *op)
{
    if (op->num_operands < 1 || op->num_successors < 1)
        return ser_error(s, op, "needs a selector and a default successor");
    const spvk_ir_value *selector = op->operands[0].value;
    const spvk_ir_type *st = selector ? spvk_ir_type_scalar(selector->type) : NULL;
    bool wide = st && st->dialect == NULL && st->kind == SPVK_TYPE_INTEGER && st->width > 32;
    if (wide && ser_taping(s))
        return ser_tape_refuse(s); /* a tape's id walk reads one-word case literals */
    const spvk_ir_attr *literals = spvk_ir_op_attr(op, "case_values");
    uint32_t cases = op->num_successors - 1;
    if (cases && (!literals || literals->dialect != NULL || literals->num_attrs != cases))
        return ser_error(s, op, "needs one literal per case successor");
    uint32_t sel = ser_value_id(s, selector, op);
    uint32_t def = sel ? label_of(s, op, op->successors[0]) : 0;
    if (!def)
        return false;
    size_t base = s->ws_count;
    bool ok = ser_ws_push(s, sel) && ser_ws_push(s, def);
    for (uint32_t i = 0; ok && i < cases; i++) {
        const spvk_ir_attr *v = literals->attrs[i];
        if (!v || v->dialect != NULL || v->kind != SPVK_ATTR_INTEGER) {
            ok = ser_error(s, op, "has a case literal that is not an integer");
            break;
        }
        uint32_t label = label_of(s, op, op->successors[i + 1]);
        ok = label && ser_ws_push(s, (uint32_t)v->value) &&
             (!wide || ser_ws_push(s, (uint32_t)((uint64_t)v->value >> 32))) && ser_ws_push(s, label);
    }
    if (ok)
        ser_instruction(s, &s->fn_body, SPVK_OP_Switch, s->ws + base, s->ws_count - base);
    s->ws_count = base;
    return ok;
}

/* A construct's control mask plus the literal parameters of its bits (LoopControl
   DependencyLength N, ...), named by the generic convention "<attr>_<n>". Loop controls are
   hints: a bit whose operands the IR does not carry is dropped (with one warning per module)
   rather than written without them. */
static bool push_control(spvk_ser *s, const spvk_ir_op *op, const char *name, unsigned kind)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, name);
    uint32_t mask = 0;
    if (a) {
        if (a->dialect != s->spirv || a->kind != SPVK_SPIRV_ATTR_ENUM)
            return ser_error(s, op, "has a '%s' attribute that is not a SPIR-V enum", name);
        mask = (uint32_t)a->value;
    }
    size_t mask_at = s->ws_count;
    if (!ser_ws_push(s, mask))
        return false;
    uint32_t param = 0;
    for (uint32_t bit = 0; bit < 32; bit++) {
        if (!(mask & (1u << bit)))
            continue;
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, 1u << bit);
        if (!e || e->num_parameters == 0)
            continue;
        size_t before = s->ws_count;
        bool present = true;
        for (uint8_t p = 0; p < e->num_parameters && present; p++) {
            char pname[64];
            snprintf(pname, sizeof pname, "%s_%u", name, param + p);
            const spvk_ir_attr *v = spvk_ir_op_attr(op, pname);
            if (!v || v->dialect != NULL || v->kind != SPVK_ATTR_INTEGER)
                present = false;
            else if (!ser_ws_push(s, (uint32_t)v->value))
                return false;
        }
        param += e->num_parameters;
        if (present)
            continue;
        s->ws_count = before;
        s->ws[mask_at] &= ~(1u << bit);
        if (!s->warned_control) {
            s->warned_control = true;
            spvk_diag_add(s->diags, SPVK_SEVERITY_WARNING, NULL, SPVK_NO_OFFSET, SPVK_NO_OPCODE, NULL, 0, 0, NULL, 0,
                          "'%s' op: %s %s has no '%s_%u' operand attribute; the hint is left out", spvk_ir_op_name(op),
                          name, e->name, name, param - e->num_parameters);
        }
    }
    return true;
}

typedef struct merge_hook {
    const spvk_ir_op *construct; /* NULL: none */
    ser_op_kind kind;
    uint32_t merge_label, continue_label;
} merge_hook;

static bool emit_merge_instruction(spvk_ser *s, const merge_hook *hook, const spvk_ir_op *term)
{
    ser_op_kind tk = ser_op_kind_of(s, term);
    size_t base = s->ws_count;
    bool ok;
    if (hook->kind == SER_OP_SELECTION) {
        /* OpSelectionMerge may only precede a conditional branch or a switch. */
        if (tk != SER_OP_BRANCH_CONDITIONAL && tk != SER_OP_SWITCH)
            return true;
        ok = ser_ws_push(s, hook->merge_label) && push_control(s, hook->construct, "selection_control",
                                                               SPVK_OPERAND_SelectionControl);
        if (ok)
            ser_instruction(s, &s->fn_body, SPVK_OP_SelectionMerge, s->ws + base, s->ws_count - base);
    } else {
        if (tk != SER_OP_BRANCH_CONDITIONAL && tk != SER_OP_BRANCH)
            return ser_error(s, term, "ends a loop header, which must end with a branch");
        ok = ser_ws_push(s, hook->merge_label) && ser_ws_push(s, hook->continue_label) &&
             push_control(s, hook->construct, "loop_control", SPVK_OPERAND_LoopControl);
        if (ok)
            ser_instruction(s, &s->fn_body, SPVK_OP_LoopMerge, s->ws + base, s->ws_count - base);
    }
    s->ws_count = base;
    return ok;
}

static bool emit_construct(spvk_ser *s, const spvk_ir_op *op, ser_op_kind kind, int depth);

/* The merge block a spirv.mlir.merge outside its region's last block jumps to. */
static bool emit_early_merge(spvk_ser *s, const spvk_ir_op *op)
{
    const spvk_ir_region *r = op->block ? op->block->region : NULL;
    const spvk_ir_op *construct = r ? r->op : NULL;
    if (!construct || (ser_op_kind_of(s, construct) != SER_OP_SELECTION && ser_op_kind_of(s, construct) != SER_OP_LOOP))
        return ser_error(s, op, "is outside a spirv.mlir.selection or spirv.mlir.loop");
    if (op->num_operands)
        return ser_error(s, op, "yields values outside its construct's merge block");
    uint32_t label = label_of(s, op, r->last);
    if (!label)
        return false;
    ser_instruction(s, &s->fn_body, SPVK_OP_Branch, &label, 1);
    return true;
}

/* One op of a block, in the function body (OpVariables go to the first block). */
static bool emit_op(spvk_ser *s, const spvk_ir_op *op, ser_op_kind kind, int depth)
{
    bool ok;
    switch (kind) {
    case SER_OP_CONSTANT:
    case SER_OP_ADDRESSOF:
    case SER_OP_REFERENCEOF:
    case SER_OP_UNDEF:
    case SER_OP_CONSTANT_SAMPLER:
    case SER_OP_CONSTANT_SIZE_OF:
    case SER_OP_STRING:
    case SER_OP_SPEC_CONSTANT_OPERATION:
        ok = true; /* module-level ids, emitted when first used */
        break;
    case SER_OP_VARIABLE: ok = emit_variable(s, op); break;
    case SER_OP_SELECTION:
    case SER_OP_LOOP: ok = emit_construct(s, op, kind, depth + 1); break;
    case SER_OP_BRANCH: {
        if (op->num_successors != 1)
            return ser_error(s, op, "needs one successor");
        uint32_t label = label_of(s, op, op->successors[0]);
        ok = label != 0;
        if (ok)
            ser_instruction(s, &s->fn_body, SPVK_OP_Branch, &label, 1);
        break;
    }
    case SER_OP_BRANCH_CONDITIONAL: ok = emit_branch_conditional(s, op); break;
    case SER_OP_SWITCH: ok = emit_switch(s, op); break;
    case SER_OP_MERGE: ok = emit_early_merge(s, op); break;
    case SER_OP_FUNCTION_CALL: ok = emit_function_call(s, op); break;
    case SER_OP_GENERIC: {
        /* OpUntypedVariableKHR, like OpVariable, must open the function's first block. */
        const spvk_spirv_op_info *info = spvk_spirv_op_info_of(op);
        bool variable = info && info->opcode == SPVK_OP_UntypedVariableKHR && !info->ext_desc;
        ok = emit_generic(s, op, variable ? &s->fn_header : &s->fn_body);
        break;
    }
    case SER_OP_SIMPLE: ok = emit_simple(s, op); break;
    case SER_OP_EXT_INST: ok = emit_ext_inst(s, op); break;
    case SER_OP_YIELD: ok = ser_error(s, op, "is outside a spirv.SpecConstantOperation"); break;
    default: ok = ser_error(s, op, "cannot appear inside a function"); break;
    }
    return ok;
}

/* Emits the ops of block bi (its label and OpPhis when with_label): the ones before a
   terminator in order, nested constructs flattened, the merge instruction of hook just before the
   terminator. */
static bool emit_block(spvk_ser *s, uint32_t bi, const merge_hook *hook, bool with_label, int depth)
{
    s->blocks[bi].visited = true;
    const spvk_ir_block *b = s->blocks[bi].block;
    if (with_label) {
        uint32_t label = s->blocks[bi].label;
        ser_instruction(s, &s->fn_body, SPVK_OP_Label, &label, 1);
        if (!emit_phis(s, bi))
            return false;
    }
    if (!b->last)
        return ser_error(s, b->region ? b->region->op : NULL, "has an empty block");
    for (const spvk_ir_op *op = b->first; op; op = op->next) {
        ser_op_kind kind = ser_op_kind_of(s, op);
        bool terminator = is_terminator_kind(op, kind);
        if (terminator != (op->next == NULL))
            return ser_error(s, op, terminator ? "is a terminator in the middle of a block"
                                               : "ends a block but is not a terminator");
        if (terminator && hook && hook->construct && !emit_merge_instruction(s, hook, op))
            return false;
        if (!emit_op(s, op, kind, depth) || s->oom)
            return false;
    }
    return true;
}

/* Pre-order depth-first over the successors of `start` (already emitted): a block comes after
   every block that dominates it. `skip_a`/`skip_b` are left for the caller (continue and merge). */
static bool dfs_emit(spvk_ser *s, uint32_t start, uint32_t skip_a, uint32_t skip_b, int depth)
{
    size_t base = s->dfs_count;
    if (!spvk_array_grow(s->alloc, &s->dfs, &s->dfs_capacity, s->dfs_count + 2, sizeof *s->dfs, 64))
        return ser_oom(s);
    s->dfs[s->dfs_count++] = start;
    s->dfs[s->dfs_count++] = 0;
    while (s->dfs_count > base) {
        uint32_t bi = s->dfs[s->dfs_count - 2];
        uint32_t next = s->dfs[s->dfs_count - 1];
        const spvk_ir_op *term = s->blocks[bi].block->last;
        if (!term || next >= term->num_successors) {
            s->dfs_count -= 2;
            continue;
        }
        s->dfs[s->dfs_count - 1] = next + 1;
        uint32_t si;
        if (!block_index(s, term->successors[next], &si))
            return ser_error(s, term, "branches to a block outside its function");
        if (s->blocks[si].visited || si == skip_a || si == skip_b || s->blocks[si].label == 0)
            continue;
        if (!emit_block(s, si, NULL, true, depth))
            return false;
        if (!spvk_array_grow(s->alloc, &s->dfs, &s->dfs_capacity, s->dfs_count + 2, sizeof *s->dfs, 64))
            return ser_oom(s);
        s->dfs[s->dfs_count++] = si;
        s->dfs[s->dfs_count++] = 0;
    }
    return true;
}

/* Blocks no edge reaches from the region's start still get emitted (after the rest), so that
   nothing they define goes missing. */
static bool emit_unvisited(spvk_ser *s, const spvk_ir_region *r, uint32_t skip, int depth)
{
    for (const spvk_ir_block *b = r->first; b; b = b->next) {
        uint32_t bi;
        if (!block_index(s, b, &bi))
            return ser_error(s, r->op, "has a block the serializer did not see");
        if (s->blocks[bi].visited || bi == skip || s->blocks[bi].label == 0)
            continue;
        if (!emit_block(s, bi, NULL, true, depth) || !dfs_emit(s, bi, skip, skip, depth))
            return false;
    }
    return true;
}

static bool emit_construct(spvk_ser *s, const spvk_ir_op *op, ser_op_kind kind, int depth)
{
    const spvk_ir_region *r = &op->regions[0];
    uint32_t first, merge;
    if (!block_index(s, r->first, &first) || !block_index(s, r->last, &merge))
        return ser_error(s, op, "has a region the serializer did not see");
    merge_hook hook = {op, kind, s->blocks[merge].label, 0};
    if (kind == SER_OP_SELECTION) {
        uint32_t header_label = s->blocks[first].label;
        ser_instruction(s, &s->fn_body, SPVK_OP_Branch, &header_label, 1);
        if (!emit_block(s, first, &hook, true, depth) || !dfs_emit(s, first, merge, merge, depth) ||
            !emit_unvisited(s, r, merge, depth))
            return false;
    } else {
        uint32_t header, cont;
        if (!block_index(s, r->first->next, &header) || !block_index(s, r->last->prev, &cont))
            return ser_error(s, op, "has a region the serializer did not see");
        if (r->first->num_args)
            return ser_error(s, op, "has an entry block with arguments");
        hook.continue_label = s->blocks[cont].label;
        /* The entry block only exists to satisfy regions: its ops (normally just the branch to
           the header) run in the block the loop starts in. */
        if (!emit_block(s, first, NULL, false, depth))
            return false;
        if (!emit_block(s, header, &hook, true, depth) || !dfs_emit(s, header, cont, merge, depth))
            return false;
        if (!s->blocks[cont].visited && (!emit_block(s, cont, NULL, true, depth) || !dfs_emit(s, cont, merge, merge, depth)))
            return false;
        if (!emit_unvisited(s, r, merge, depth))
            return false;
    }
    /* The merge block: the code after the construct continues in it. */
    s->blocks[merge].visited = true;
    uint32_t label = s->blocks[merge].label;
    ser_instruction(s, &s->fn_body, SPVK_OP_Label, &label, 1);
    if (!emit_phis(s, merge))
        return false;
    const spvk_ir_block *mb = s->blocks[merge].block;
    const spvk_ir_op *term = mb->last;
    if (!term || ser_op_kind_of(s, term) != SER_OP_MERGE)
        return ser_error(s, op, "has a merge block that does not end with spirv.mlir.merge");
    if (term->num_operands != op->num_results)
        return ser_error(s, term, "yields %u values for a construct with %u results", term->num_operands,
                         op->num_results);
    for (const spvk_ir_op *o = mb->first; o != term; o = o->next) {
        /* Anything before the merge runs first in the merge block. */
        ser_op_kind k = ser_op_kind_of(s, o);
        if (is_terminator_kind(o, k))
            return ser_error(s, o, "cannot appear before a merge block's spirv.mlir.merge");
        if (!emit_op(s, o, k, depth) || s->oom)
            return false;
    }
    return true;
}

/* ---- Functions ---- */

static bool param_decorations(spvk_ser *s, const spvk_ir_op *fn, uint32_t index, uint32_t id)
{
    const spvk_ir_attr *args = spvk_ir_op_attr(fn, "arg_attrs");
    if (!args || args->dialect != NULL || args->kind != SPVK_ATTR_ARRAY || index >= args->num_attrs)
        return true;
    return ser_decorations_from_dict(s, fn, id, args->attrs[index]);
}

bool ser_function(spvk_ser *s, const spvk_ir_op *fn)
{
    const spvk_ir_attr *fta = spvk_ir_op_attr(fn, "function_type");
    if (!fta || fta->dialect != NULL || fta->kind != SPVK_ATTR_TYPE || !fta->type ||
        fta->type->dialect != NULL || fta->type->kind != SPVK_TYPE_FUNCTION)
        return ser_error(s, fn, "has no 'function_type' attribute");
    const spvk_ir_type *ft = fta->type;
    uint32_t inputs = spvk_ir_function_num_inputs(ft);
    if (inputs > ft->num_types || ft->num_types - inputs > 1)
        return ser_error(s, fn, "has more than one result");
    uint32_t fn_type_id = ser_type(s, ft, fn);
    uint32_t result_type_id = fn_type_id ? ser_type(s, ft->num_types > inputs ? ft->types[inputs] : s->none, fn) : 0;
    if (!result_type_id)
        return false;
    uint32_t fn_id = ser_function_id(s, fn);
    if (!fn_id)
        return false;
    uint32_t control = 0;
    const spvk_ir_attr *fc = spvk_ir_op_attr(fn, "function_control");
    if (fc && fc->dialect == s->spirv && fc->kind == SPVK_SPIRV_ATTR_ENUM)
        control = (uint32_t)fc->value;

    /* Name and the function's own decorations (linkage, result attributes). */
    {
        const spvk_ir_attr *n = spvk_ir_op_attr(fn, SPVK_IR_SYMBOL_NAME);
        if (n && n->dialect == NULL && n->kind == SPVK_ATTR_STRING && n->length) {
            size_t base = s->ws_count;
            bool ok = ser_ws_push(s, fn_id);
            size_t nwords = n->length / 4 + 1;
            for (size_t w = 0; ok && w < nwords; w++) {
                uint32_t word = 0;
                for (size_t b = 0; b < 4; b++)
                    if (w * 4 + b < n->length)
                        word |= (uint32_t)(unsigned char)n->string[w * 4 + b] << (8 * b);
                ok = ser_ws_push(s, word);
            }
            if (ok)
                ser_instruction(s, &s->names, SPVK_OP_Name, s->ws + base, s->ws_count - base);
            s->ws_count = base;
        }
    }
    static const char *const skip[] = {"function_type", "sym_name", "function_control", "arg_attrs", "res_attrs",
                                       "sym_visibility"};
    if (!ser_decorations_from_attrs(s, fn, fn_id, skip, sizeof skip / sizeof skip[0], NULL))
        return false;
    const spvk_ir_attr *res = spvk_ir_op_attr(fn, "res_attrs");
    if (res && res->dialect == NULL && res->kind == SPVK_ATTR_ARRAY && res->num_attrs > 0 &&
        !ser_decorations_from_dict(s, fn, fn_id, res->attrs[0]))
        return false;

    s->fn_header.count = 0;
    s->fn_body.count = 0;
    /* Values never outlive their function: start each one with an empty value map. */
    ser_pclear(&s->value_ids);
    uint32_t head[4] = {result_type_id, fn_id, control, fn_type_id};
    ser_instruction(s, &s->fn_header, SPVK_OP_Function, head, 4);

    const spvk_ir_region *body = fn->num_regions >= 1 ? &fn->regions[0] : NULL;
    if (body && body->unmaterialized)
        return ser_error(s, fn, "has a body that was never built (serialize a lazily read module with its stream)");
    const spvk_ir_block *entry = body ? body->first : NULL;
    if (entry && entry->num_args != inputs)
        return ser_error(s, fn, "has %u entry block arguments for %u parameters", entry->num_args, inputs);
    for (uint32_t i = 0; i < inputs; i++) {
        const spvk_ir_type *pt = entry ? entry->args[i]->type : ft->types[i];
        uint32_t tid = ser_type(s, pt, fn);
        uint32_t id = 0;
        if (tid)
            id = entry ? ser_value_id(s, entry->args[i], fn) : ser_new_id(s);
        if (!id)
            return false;
        uint32_t words[2] = {tid, id};
        ser_instruction(s, &s->fn_header, SPVK_OP_FunctionParameter, words, 2);
        if (!param_decorations(s, fn, i, id))
            return false;
    }

    if (!entry) {
        if (ser_taping(s))
            return ser_tape_refuse(s); /* a declaration: fn_decls */
        ser_instruction(s, &s->fn_header, SPVK_OP_FunctionEnd, NULL, 0);
        ser_words(&s->fn_decls, s->fn_header.words, s->fn_header.count);
        return true;
    }

    s->num_blocks = 0;
    s->num_edges = 0;
    s->dfs_count = 0;
    ser_pclear(&s->block_ids);
    if (!prepass_region(s, body, SER_OP_FUNC, 0, 0))
        return false;
    uint32_t entry_label = s->blocks[0].label;
    if (s->blocks[0].first_edge)
        return ser_error(s, fn, "has an entry block that is a branch target");
    ser_instruction(s, &s->fn_header, SPVK_OP_Label, &entry_label, 1);
    if (!emit_block(s, 0, NULL, false, 0) || !dfs_emit(s, 0, UINT32_MAX, UINT32_MAX, 0) ||
        !emit_unvisited(s, body, UINT32_MAX, 0))
        return false;
    ser_instruction(s, &s->fn_body, SPVK_OP_FunctionEnd, NULL, 0);
    ser_words(&s->fn_defs, s->fn_header.words, s->fn_header.count);
    ser_words(&s->fn_defs, s->fn_body.words, s->fn_body.count);
    return true;
}
