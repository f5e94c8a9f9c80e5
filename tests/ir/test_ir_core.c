/* Unit tests of the IR core: uniquing, ops/blocks/uses, the rewriter operations, walkers,
   symbols and the structural verifier, with a small test dialect; and out-of-memory behaviour. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/ir.h"

static int failures, checks;
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                                    \
    } while (0)

/* ---- A test dialect ---- */
static bool verify_two_operands(spvk_ir_verifier *v, const spvk_ir_op *op)
{
    if (op->num_operands != 2)
        return spvk_ir_op_error(v, op, "expects 2 operands, has %u", op->num_operands);
    return true;
}

static const spvk_ir_op_def def_const = {.name = "test.const", .traits = SPVK_TRAIT_CONSTANT_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS, .num_regions = 0};
static const spvk_ir_op_def def_add = {.name = "test.add", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS, .num_regions = 0, .verify = verify_two_operands};
static const spvk_ir_op_def def_br = {.name = "test.br", .traits = SPVK_TRAIT_TERMINATOR, .num_regions = 0};
static const spvk_ir_op_def def_ret = {.name = "test.ret", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE, .num_regions = 0};
static const spvk_ir_op_def def_func = {.name = "test.func", .traits = SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_SYMBOL, .num_regions = 1};
static const spvk_ir_op_def def_scope = {.name = "test.scope", .traits = 0, .num_regions = 1};
static const spvk_ir_op_def def_module = {.name = "test.module", .traits = SPVK_TRAIT_SYMBOL_TABLE | SPVK_TRAIT_NO_TERMINATOR | SPVK_TRAIT_GRAPH_REGION | SPVK_TRAIT_SINGLE_BLOCK | SPVK_TRAIT_ISOLATED_FROM_ABOVE, .num_regions = 1};

static bool register_test_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    const spvk_ir_op_def *defs[] = {&def_const, &def_add, &def_br, &def_ret, &def_func, &def_scope, &def_module};
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (!spvk_ir_register_op(ctx, defs[i]))
            return false;
    return true;
}

static const char *const test_aliases[] = {"tst"};
static const spvk_ir_dialect test_dialect = {.name = "test", .aliases = test_aliases, .num_aliases = 1, .register_ops = register_test_ops};

static spvk_ir_op *make(spvk_ir_context *ctx, const char *name, spvk_ir_value *const *operands, uint32_t n_operands,
                        const spvk_ir_type *result, uint32_t regions)
{
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = name;
    s.operands = operands;
    s.num_operands = n_operands;
    s.result_types = &result;
    s.num_results = result ? 1 : 0;
    s.num_regions = regions;
    return spvk_ir_op_create(ctx, &s);
}

static void test_uniquing(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    CHECK(i32 == spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS));
    CHECK(i32 != spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNED));
    CHECK(spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16) != spvk_ir_float_type(ctx, 16, SPVK_FLOAT_IEEE));
    CHECK(spvk_ir_type_is_bf16(spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16)));
    int64_t shape[1] = {4};
    const spvk_ir_type *v4 = spvk_ir_vector_type(ctx, shape, 1, i32);
    CHECK(v4 == spvk_ir_vector_type(ctx, shape, 1, i32));
    CHECK(spvk_ir_type_scalar(v4) == i32);
    const spvk_ir_type *in[2] = {i32, v4};
    const spvk_ir_type *fn = spvk_ir_function_type(ctx, in, 2, &i32, 1);
    CHECK(fn == spvk_ir_function_type(ctx, in, 2, &i32, 1));
    CHECK(spvk_ir_function_num_inputs(fn) == 2 && spvk_ir_function_num_results(fn) == 1);
    CHECK(spvk_ir_i32_attr(ctx, 5) == spvk_ir_i32_attr(ctx, 5));
    CHECK(spvk_ir_i32_attr(ctx, 5) != spvk_ir_i32_attr(ctx, 6));
    /* Canonical bits: -1 and 0xffffffff are the same i32. */
    CHECK(spvk_ir_i32_attr(ctx, -1) == spvk_ir_integer_attr(ctx, i32, 0xffffffffll));
    CHECK(spvk_ir_float_attr(ctx, i32, 0.0) != spvk_ir_float_attr(ctx, i32, -0.0));
    CHECK(spvk_ir_string_attr(ctx, "a\0b", 3) == spvk_ir_string_attr(ctx, "a\0b", 3));
    CHECK(spvk_ir_string_attr(ctx, "a\0b", 3) != spvk_ir_string_attr(ctx, "a\0c", 3));
    CHECK(spvk_ir_string_attr(ctx, "", 0) == spvk_ir_string_attr(ctx, "", 0));
    const char *names[3] = {"zeta", "alpha", "zeta"};
    const spvk_ir_attr *vals[3] = {spvk_ir_i32_attr(ctx, 1), spvk_ir_unit_attr(ctx), spvk_ir_i32_attr(ctx, 2)};
    const spvk_ir_attr *d = spvk_ir_dictionary_attr(ctx, names, vals, 3);
    CHECK(d && d->num_attrs == 2);
    CHECK(d && strcmp(d->names[0], "alpha") == 0 && d->attrs[1] == spvk_ir_i32_attr(ctx, 2));
    const char *names2[2] = {"alpha", "zeta"};
    const spvk_ir_attr *vals2[2] = {spvk_ir_unit_attr(ctx), spvk_ir_i32_attr(ctx, 2)};
    CHECK(d == spvk_ir_dictionary_attr(ctx, names2, vals2, 2));
    CHECK(spvk_ir_dictionary_get(d, "zeta") == spvk_ir_i32_attr(ctx, 2));
    CHECK(spvk_ir_dictionary_get(d, "beta") == NULL);
    CHECK(spvk_ir_dictionary_attr(ctx, NULL, NULL, 0) == spvk_ir_dictionary_attr(ctx, NULL, NULL, 0));
    CHECK(spvk_ir_intern(ctx, "abc", 3) == spvk_ir_intern(ctx, "abcd", 3));
    /* Identified types: one per name, body set once. */
    spvk_ir_type *s1 = spvk_ir_type_get_identified(ctx, &test_dialect, 1, "node", 4);
    CHECK(s1 == spvk_ir_type_get_identified(ctx, &test_dialect, 1, "node", 4));
    spvk_ir_type_desc body;
    memset(&body, 0, sizeof body);
    const spvk_ir_type *members[2] = {i32, s1};
    body.types = members;
    body.num_types = 2;
    CHECK(spvk_ir_type_set_body(ctx, s1, &body));
    CHECK(spvk_ir_type_set_body(ctx, s1, &body));
    body.num_types = 1;
    CHECK(!spvk_ir_type_set_body(ctx, s1, &body));
    CHECK(s1->types[1] == s1);
    /* Many distinct types and attributes: the tables grow. */
    for (int i = 1; i <= 5000; i++)
        CHECK(spvk_ir_i32_attr(ctx, i)->value == i);
    CHECK(spvk_ir_i32_attr(ctx, 4321) == spvk_ir_i32_attr(ctx, 4321));
    spvk_ir_context_destroy(ctx);
}

static spvk_ir_context *test_context(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    CHECK(spvk_ir_register_dialect(ctx, &test_dialect));
    spvk_ir_context_allow_unregistered(ctx, false);
    return ctx;
}

static size_t error_count(spvk_ir_context *ctx, spvk_ir_op *op, const char *expect)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_verify(ctx, op, &diags);
    size_t n = diags.count;
    bool found = expect == NULL;
    for (size_t i = 0; i < diags.count; i++)
        if (expect && strstr(diags.items[i].message, expect))
            found = true;
    if (!found) {
        fprintf(stderr, "expected an error containing '%s'; got:\n", expect);
        for (size_t i = 0; i < diags.count; i++)
            fprintf(stderr, "  %s\n", diags.items[i].message);
        n = 0;
    }
    spvk_diagnostics_free(&diags);
    return n;
}

static void test_ops_and_verifier(void)
{
    spvk_ir_context *ctx = test_context();
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    CHECK(spvk_ir_op_def_lookup(ctx, "tst.add", 7) == &def_add); /* alias */
    CHECK(make(ctx, "other.op", NULL, 0, NULL, 0) == NULL);      /* unregistered refused */

    spvk_ir_op *module = make(ctx, "test.module", NULL, 0, NULL, 1);
    spvk_ir_block *mb = spvk_ir_block_create(ctx);
    spvk_ir_region_append(&module->regions[0], mb);
    spvk_ir_op *func = make(ctx, "test.func", NULL, 0, NULL, 1);
    spvk_ir_op_set_attr(ctx, func, SPVK_IR_SYMBOL_NAME, spvk_ir_string_attr(ctx, "f", 1));
    spvk_ir_block_append(mb, func);
    spvk_ir_block *entry = spvk_ir_block_create(ctx), *next = spvk_ir_block_create(ctx);
    spvk_ir_region_append(&func->regions[0], entry);
    spvk_ir_region_append(&func->regions[0], next);
    spvk_ir_value *arg = spvk_ir_block_add_arg(ctx, entry, i32);

    spvk_ir_builder b = {ctx, NULL, NULL, NULL};
    spvk_ir_builder_at_end(&b, entry);
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = "test.const";
    s.result_types = &i32;
    s.num_results = 1;
    spvk_ir_op *c = spvk_ir_build(&b, &s);
    spvk_ir_value *ops2[2] = {arg, spvk_ir_result(c, 0)};
    spvk_ir_op *add = make(ctx, "test.add", ops2, 2, i32, 0);
    spvk_ir_block_append(entry, add);
    spvk_ir_op_state br;
    memset(&br, 0, sizeof br);
    br.name = "test.br";
    br.successors = &next;
    br.num_successors = 1;
    spvk_ir_build(&b, &br);
    spvk_ir_builder_at_end(&b, next);
    spvk_ir_value *use_add[2] = {spvk_ir_result(add, 0), spvk_ir_result(add, 0)};
    spvk_ir_op *add2 = make(ctx, "test.add", use_add, 2, i32, 0);
    spvk_ir_block_append(next, add2);
    spvk_ir_op *ret = make(ctx, "test.ret", NULL, 0, NULL, 0);
    spvk_ir_block_append(next, ret);

    CHECK(error_count(ctx, module, NULL) == 0);
    CHECK(spvk_ir_symbol_lookup(module, "f") == func);
    CHECK(spvk_ir_symbol_table_of(add) == module);
    spvk_ir_symbol_table tab;
    CHECK(spvk_ir_symbol_table_build(ctx, module, &tab));
    CHECK(spvk_ir_symbol_table_find(&tab, spvk_ir_intern(ctx, "f", 1)) == func);
    CHECK(spvk_ir_symbol_table_find(&tab, spvk_ir_intern(ctx, "g", 1)) == NULL);
    spvk_ir_symbol_table_free(&tab);
    CHECK(spvk_ir_symbol_resolve(module, spvk_ir_symbol_ref_attr(ctx, "f", 1)) == func);

    /* Uses: add's result is used twice by add2. */
    int uses = 0;
    for (spvk_ir_use *u = spvk_ir_result(add, 0)->first_use; u; u = u->next)
        uses++;
    CHECK(uses == 2);
    /* Replace all uses of add with the constant, then erase add. */
    spvk_ir_value_replace_all_uses(spvk_ir_result(add, 0), spvk_ir_result(c, 0));
    CHECK(!spvk_ir_value_has_uses(spvk_ir_result(add, 0)));
    CHECK(spvk_ir_operand(add2, 1) == spvk_ir_result(c, 0));
    spvk_ir_op_erase(ctx, add);
    CHECK(!spvk_ir_value_has_uses(arg));
    CHECK(entry->first == c && c->next && c->next->def == &def_br);
    CHECK(error_count(ctx, module, NULL) == 0);

    /* Dominance: a use before its definition in the same block. */
    spvk_ir_value *self[2] = {spvk_ir_result(c, 0), spvk_ir_result(c, 0)};
    spvk_ir_op *early = make(ctx, "test.add", self, 2, i32, 0);
    spvk_ir_block_prepend(entry, early);
    CHECK(error_count(ctx, module, "does not dominate") == 2); /* one per operand */
    spvk_ir_op_erase(ctx, early);
    /* A value of `next` used in `entry`: next does not dominate entry. */
    spvk_ir_value *from_next[2] = {spvk_ir_result(add2, 0), spvk_ir_result(add2, 0)};
    spvk_ir_op *bad = make(ctx, "test.add", from_next, 2, i32, 0);
    spvk_ir_op_insert_before(entry->last, bad);
    CHECK(error_count(ctx, module, "does not dominate") == 2); /* one per operand */
    spvk_ir_op_erase(ctx, bad);
    /* Op verifier and terminator rules. */
    spvk_ir_op *one = make(ctx, "test.add", self, 1, i32, 0);
    spvk_ir_op_insert_before(entry->last, one);
    CHECK(error_count(ctx, module, "expects 2 operands") == 1);
    spvk_ir_op_erase(ctx, one);
    spvk_ir_op_detach(ret);
    CHECK(error_count(ctx, module, "block with no terminator, has ") == 1); /* MLIR's words */
    spvk_ir_block_append(next, ret);
    spvk_ir_op *ret2 = make(ctx, "test.ret", NULL, 0, NULL, 0);
    spvk_ir_op_insert_before(ret, ret2);
    CHECK(error_count(ctx, module, "must be the last operation") == 1);
    spvk_ir_op_erase(ctx, ret2);
    /* Branch to the entry block. */
    spvk_ir_op *to_entry = make(ctx, "test.br", NULL, 0, NULL, 0);
    to_entry->successors = &func->regions[0].first;
    to_entry->num_successors = 1;
    spvk_ir_op_detach(ret);
    spvk_ir_block_append(next, to_entry);
    CHECK(error_count(ctx, module, "entry block") == 1);
    spvk_ir_op_detach(to_entry);
    spvk_ir_block_append(next, ret);
    CHECK(error_count(ctx, module, NULL) == 0);

    /* Isolation: a scope inside the function may use the function's values, a second function may not. */
    spvk_ir_op *scope = make(ctx, "test.scope", NULL, 0, NULL, 1);
    spvk_ir_block *sb = spvk_ir_block_create(ctx);
    spvk_ir_region_append(&scope->regions[0], sb);
    spvk_ir_block_append(sb, make(ctx, "test.add", self, 2, i32, 0));
    spvk_ir_block_append(sb, make(ctx, "test.ret", NULL, 0, NULL, 0));
    spvk_ir_op_insert_before(entry->last, scope);
    CHECK(error_count(ctx, module, NULL) == 0);
    spvk_ir_op *inner = make(ctx, "test.func", NULL, 0, NULL, 1);
    spvk_ir_block *ib = spvk_ir_block_create(ctx);
    spvk_ir_region_append(&inner->regions[0], ib);
    spvk_ir_block_append(ib, make(ctx, "test.add", self, 2, i32, 0));
    spvk_ir_block_append(ib, make(ctx, "test.ret", NULL, 0, NULL, 0));
    spvk_ir_op_insert_before(entry->last, inner);
    CHECK(error_count(ctx, module, "isolated from above") == 2);
    spvk_ir_op_erase(ctx, inner);

    /* Split a block, walk. */
    spvk_ir_block *tail = spvk_ir_block_split(ctx, entry->last);
    CHECK(tail && tail->prev == entry && tail->first && tail->first->def == &def_br && entry->last == scope);
    spvk_ir_context_destroy(ctx);
}

static int walked;
static spvk_ir_walk_result count_ops(spvk_ir_op *op, void *user)
{
    (void)op;
    (void)user;
    walked++;
    return SPVK_WALK_ADVANCE;
}

static spvk_ir_walk_result stop_at_add(spvk_ir_op *op, void *user)
{
    (void)user;
    walked++;
    return op->def == &def_add ? SPVK_WALK_INTERRUPT : SPVK_WALK_ADVANCE;
}

static void test_walk(void)
{
    spvk_ir_context *ctx = test_context();
    const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
    spvk_ir_op *module = make(ctx, "test.module", NULL, 0, NULL, 1);
    spvk_ir_block *mb = spvk_ir_block_create(ctx);
    spvk_ir_region_append(&module->regions[0], mb);
    for (int i = 0; i < 10; i++)
        spvk_ir_block_append(mb, make(ctx, "test.const", NULL, 0, i32, 0));
    spvk_ir_value *two[2] = {spvk_ir_result(mb->first, 0), spvk_ir_result(mb->first, 0)};
    spvk_ir_block_append(mb, make(ctx, "test.add", two, 2, i32, 0));
    walked = 0;
    CHECK(spvk_ir_walk(module, count_ops, NULL) == SPVK_WALK_COMPLETED);
    CHECK(walked == 12);
    walked = 0;
    CHECK(spvk_ir_walk_post(module, stop_at_add, NULL) == SPVK_WALK_INTERRUPTED);
    CHECK(walked == 11);
    spvk_ir_context_destroy(ctx);
}

/* ---- Out of memory: fail the Nth allocation, for every N, and expect no crash and no leak. ---- */
typedef struct failing {
    long budget;
    long live;
} failing;

static void *failing_realloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    failing *f = user;
    (void)old_size;
    if (new_size == 0) {
        if (ptr)
            f->live--;
        free(ptr);
        return NULL;
    }
    if (f->budget-- <= 0)
        return NULL;
    void *p = realloc(ptr, new_size);
    if (p && !ptr)
        f->live++;
    return p;
}

static void test_out_of_memory(void)
{
    int completed = 0;
    for (long n = 0; n < 400 && !completed; n++) {
        failing f = {n, 0};
        spvk_allocator a = {failing_realloc, &f};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        if (ctx) {
            bool ok = spvk_ir_register_dialect(ctx, &test_dialect);
            const spvk_ir_type *i32 = spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS);
            spvk_ir_op *module = ok ? make(ctx, "test.module", NULL, 0, NULL, 1) : NULL;
            for (int i = 0; module && i < 300; i++)
                ok = spvk_ir_i32_attr(ctx, i) != NULL && ok;
            if (module && i32 && ok && !spvk_ir_context_failed(ctx))
                completed = 1;
            spvk_ir_context_destroy(ctx);
        }
        CHECK(f.live == 0);
    }
    CHECK(completed);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    test_uniquing();
    test_ops_and_verifier();
    test_walk();
    test_out_of_memory();
    printf("test_ir_core: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
