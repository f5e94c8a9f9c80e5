/* Unit tests of rewriting: the pattern set and rewriter, the greedy driver (folding, constant
   dedup and hoisting in MLIR 19's order, dead code, region simplification, patterns) and CSE
   (effect-free ops, reads with and without writes between, dominance scopes, commutative
   operands), with a small test dialect; the orders expected are those mlir-opt-19 gives the
   same shapes with arith ops (noted per case). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/rewrite.h"

static int failures, checks;
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                                    \
    } while (0)

/* ---- The test dialect ---- */
static spvk_ir_fold_status fold_add(spvk_ir_context *ctx, spvk_ir_op *op, const spvk_ir_attr *const *c,
                                    spvk_ir_fold_result *results)
{
    if (c[0] && c[1]) {
        results[0].attr = spvk_ir_integer_attr(ctx, op->results[0].type, c[0]->value + c[1]->value);
        return SPVK_FOLD_RESULTS;
    }
    if (c[1] && c[1]->value == 0) {
        results[0].value = op->operands[0].value;
        return SPVK_FOLD_RESULTS;
    }
    return SPVK_FOLD_FAILED;
}

static void br_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    (void)successor;
    *first = 0;
    *count = op->num_operands;
}

/* t.cbr %cond [^a, ^b]: no forwarded operands. */
static void cbr_successor_operands(const spvk_ir_op *op, uint32_t successor, uint32_t *first, uint32_t *count)
{
    (void)op;
    (void)successor;
    *first = 1;
    *count = 0;
}

static bool add_mul_patterns(spvk_pattern_set *set, spvk_ir_context *ctx);

static const spvk_ir_op_def def_const = {.name = "t.const", .traits = SPVK_TRAIT_CONSTANT_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def def_add = {.name = "t.add", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS | SPVK_TRAIT_COMMUTATIVE, .fold = fold_add};
static const spvk_ir_op_def def_sub = {.name = "t.sub", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def def_mul = {.name = "t.mul", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS, .canonicalization_patterns = add_mul_patterns};
static const spvk_ir_op_def def_neg = {.name = "t.neg", .traits = SPVK_TRAIT_NO_SIDE_EFFECTS | SPVK_TRAIT_INVOLUTION};
static const spvk_ir_op_def def_load = {.name = "t.load", .effects = SPVK_EFFECT_KNOWN | SPVK_EFFECT_READ};
static const spvk_ir_op_def def_store = {.name = "t.store", .effects = SPVK_EFFECT_KNOWN | SPVK_EFFECT_WRITE};
static const spvk_ir_op_def def_alloc = {.name = "t.alloc", .effects = SPVK_EFFECT_KNOWN | SPVK_EFFECT_ALLOCATE};
static const spvk_ir_op_def def_call = {.name = "t.call"}; /* unknown effects */
static const spvk_ir_op_def def_ret = {.name = "t.ret", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_RETURN_LIKE | SPVK_TRAIT_NO_SIDE_EFFECTS};
static const spvk_ir_op_def def_br = {.name = "t.br", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_BRANCH | SPVK_TRAIT_NO_SIDE_EFFECTS, .successor_operands = br_successor_operands};
static const spvk_ir_op_def def_cbr = {.name = "t.cbr", .traits = SPVK_TRAIT_TERMINATOR | SPVK_TRAIT_BRANCH | SPVK_TRAIT_NO_SIDE_EFFECTS, .successor_operands = cbr_successor_operands};
static const spvk_ir_op_def def_func = {.name = "t.func", .traits = SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_SYMBOL | SPVK_TRAIT_FUNCTION_LIKE, .num_regions = 1};
static const spvk_ir_op_def def_scope = {.name = "t.scope", .traits = SPVK_TRAIT_RECURSIVE_EFFECTS | SPVK_TRAIT_NO_TERMINATOR | SPVK_TRAIT_SINGLE_BLOCK, .num_regions = 1};

static bool register_t_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    const spvk_ir_op_def *defs[] = {&def_const, &def_add, &def_sub, &def_mul, &def_neg, &def_load, &def_store,
                                    &def_alloc, &def_call, &def_ret, &def_br, &def_cbr, &def_func, &def_scope};
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (!spvk_ir_register_op(ctx, defs[i]))
            return false;
    return true;
}

static spvk_ir_op *materialize(spvk_ir_builder *b, const spvk_ir_attr *value, const spvk_ir_type *type)
{
    if (value->kind != SPVK_ATTR_INTEGER || value->type != type)
        return NULL;
    const char *name = "value";
    const spvk_ir_attr *dict = spvk_ir_dictionary_attr(b->ctx, &name, &value, 1);
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = "t.const";
    s.result_types = &type;
    s.num_results = 1;
    s.attrs = dict;
    return spvk_ir_build(b, &s);
}

static const spvk_ir_dialect t_dialect = {.name = "t", .register_ops = register_t_ops, .materialize_constant = materialize};

/* t.mul(x, 2) -> t.add(x, x). */
static bool mul_by_two(const spvk_pattern *p, spvk_ir_op *op, spvk_rewriter *rw)
{
    (void)p;
    const spvk_ir_attr *c = spvk_ir_value_constant(op->operands[1].value);
    if (!c || c->value != 2)
        return false;
    spvk_ir_value *x[2] = {op->operands[0].value, op->operands[0].value};
    const spvk_ir_type *t = op->results[0].type;
    spvk_ir_op_state s;
    memset(&s, 0, sizeof s);
    s.name = "t.add";
    s.operands = x;
    s.num_operands = 2;
    s.result_types = &t;
    s.num_results = 1;
    spvk_ir_op *add = spvk_rewriter_create(rw, &s);
    if (!add)
        return false;
    spvk_rewriter_replace_op_with_op(rw, op, add);
    return true;
}

static bool add_mul_patterns(spvk_pattern_set *set, spvk_ir_context *ctx)
{
    (void)ctx;
    spvk_pattern p = {.root = "t.mul", .benefit = 1, .match_and_rewrite = mul_by_two, .debug_name = "mul_by_two"};
    return spvk_pattern_set_add(set, &p);
}

/* ---- Helpers ---- */
static spvk_ir_context *new_context(void)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    spvk_ir_register_all_dialects(ctx);
    spvk_ir_register_dialect(ctx, &t_dialect);
    return ctx;
}

static spvk_ir_op *parse(spvk_ir_context *ctx, const char *text)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *m = NULL;
    spvk_result r = spvk_ir_parse(ctx, text, strlen(text), "test.mlir", &m, &diags);
    if (r != SPVK_OK)
        for (size_t i = 0; i < diags.count; i++)
            fprintf(stderr, "parse: %u:%u: %s\n", diags.items[i].line, diags.items[i].column, diags.items[i].message);
    spvk_diagnostics_free(&diags);
    return r == SPVK_OK ? m : NULL;
}

static bool verifies(spvk_ir_context *ctx, spvk_ir_op *m)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_result r = spvk_ir_verify(ctx, m, &diags);
    for (size_t i = 0; i < diags.count; i++)
        fprintf(stderr, "verify: %s\n", diags.items[i].message);
    spvk_diagnostics_free(&diags);
    return r == SPVK_OK;
}

/* The ops of the module's first function's entry block, as "name name ..." with constants as
   c<value>: the order is what these tests check. */
static void block_shape(const spvk_ir_block *b, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    for (const spvk_ir_op *o = b->first; o && n + 32 < size; o = o->next) {
        const spvk_ir_attr *v = spvk_ir_op_constant_value(o);
        if (v)
            n += (size_t)snprintf(out + n, size - n, "%sc%lld", n ? " " : "", (long long)v->value);
        else
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", spvk_ir_op_name(o) + 2);
    }
}

static spvk_ir_block *entry_of_first_func(spvk_ir_op *m)
{
    spvk_ir_op *f = m->regions[0].first->first;
    return f->regions[0].first;
}

static const char *canonicalized_shape(const char *text, char *out, size_t size)
{
    spvk_ir_context *ctx = new_context();
    spvk_ir_op *m = parse(ctx, text);
    CHECK(m != NULL);
    if (!m) {
        spvk_ir_context_destroy(ctx);
        return "";
    }
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    CHECK(spvk_canonicalize(ctx, m, NULL, &diags) == SPVK_OK);
    CHECK(verifies(ctx, m));
    block_shape(entry_of_first_func(m), out, size);
    spvk_diagnostics_free(&diags);
    spvk_ir_context_destroy(ctx);
    return out;
}

#define FUNC_BEGIN "\"t.func\"() ({\n^bb0(%x: i32, %y: i32):\n"
#define FUNC_END "}) {sym_name = \"f\"} : () -> ()\n"
#define C(name, v) "  %" name " = \"t.const\"() {value = " #v " : i32} : () -> i32\n"
#define BIN(op, r, a, b) "  %" r " = \"t." op "\"(%" a ", %" b ") : (i32, i32) -> i32\n"

static void expect_shape(const char *text, const char *want, int line)
{
    char got[512];
    canonicalized_shape(text, got, sizeof got);
    checks++;
    if (strcmp(got, want) != 0) {
        failures++;
        fprintf(stderr, "%s:%d: got  '%s'\n%*swant '%s'\n", __FILE__, line, got, (int)strlen(__FILE__) + 8, "", want);
    }
}

static void test_canonicalize_order(void)
{
    /* mlir-opt-19 --canonicalize on the arith twin (xori for add with one constant, addi for
       add of two constants) gives c11 c3 c2 c1 xori xori xori return: the constants met while
       filling the worklist are hoisted to the front one by one (reversing them), the folded
       ones are made before their op and hoisted the next iteration, and duplicates merge. */
    expect_shape(FUNC_BEGIN C("c1", 1) BIN("add", "a", "x", "c1") C("c2", 2) C("c3", 3) BIN("add", "b", "a", "c2")
                     BIN("add", "b2", "b", "c3") C("c5", 5) C("c6", 6) BIN("add", "s", "c5", "c6")
                     BIN("add", "t", "c1", "c2") "  \"t.ret\"(%b2, %s, %t) : (i32, i32, i32) -> ()\n" FUNC_END,
                 "c11 c3 c2 c1 add add add ret", __LINE__);
    /* Identities fold to an operand; commutative ops take their constants last; dead ops go. */
    expect_shape(FUNC_BEGIN C("c0", 0) BIN("add", "a", "c0", "x") BIN("sub", "dead", "x", "y")
                     "  \"t.ret\"(%a) : (i32) -> ()\n" FUNC_END,
                 "ret", __LINE__);
    expect_shape(FUNC_BEGIN C("c7", 7) BIN("add", "a", "c7", "x") "  \"t.ret\"(%a) : (i32) -> ()\n" FUNC_END,
                 "c7 add ret", __LINE__);
    /* A pattern: t.mul(x, 2) -> t.add(x, x); the 2 dies. Involution: neg(neg(x)) -> x. */
    expect_shape(FUNC_BEGIN C("c2", 2) BIN("mul", "m", "x", "c2")
                     "  %n = \"t.neg\"(%m) : (i32) -> i32\n  %nn = \"t.neg\"(%n) : (i32) -> i32\n"
                     "  \"t.ret\"(%nn) : (i32) -> ()\n" FUNC_END,
                 "add ret", __LINE__);
    /* Reads and allocations that are unused go; writes and unknown ops stay. */
    expect_shape(FUNC_BEGIN "  %l = \"t.load\"(%x) : (i32) -> i32\n  %p = \"t.alloc\"() : () -> i32\n"
                            "  \"t.store\"(%x) : (i32) -> ()\n  \"t.call\"() : () -> ()\n  \"t.ret\"() : () -> ()\n" FUNC_END,
                 "store call ret", __LINE__);
}

static void test_canonicalize_regions(void)
{
    /* ^bb2 is unreachable and goes; ^bb1's unused argument goes with the branch's operand. */
    const char *text = FUNC_BEGIN "  \"t.br\"(%x) [^bb1] : (i32) -> ()\n"
                                  "^bb1(%a: i32):\n  \"t.ret\"() : () -> ()\n"
                                  "^bb2:\n  \"t.ret\"() : () -> ()\n" FUNC_END;
    spvk_ir_context *ctx = new_context();
    spvk_ir_op *m = parse(ctx, text);
    CHECK(m != NULL);
    if (m) {
        CHECK(spvk_canonicalize(ctx, m, NULL, NULL) == SPVK_OK);
        CHECK(verifies(ctx, m));
        spvk_ir_block *entry = entry_of_first_func(m);
        CHECK(entry->next && !entry->next->next);
        CHECK(entry->next && entry->next->num_args == 0);
        CHECK(entry->last->num_operands == 0);
    }
    spvk_ir_context_destroy(ctx);

    /* Constants in a nested region hoist to the function's entry block (isolated from above). */
    const char *nested = FUNC_BEGIN "  \"t.scope\"() ({\n" C("c4", 4) "  \"t.store\"(%c4) : (i32) -> ()\n  }) : () -> ()\n"
                                    "  \"t.ret\"() : () -> ()\n" FUNC_END;
    ctx = new_context();
    m = parse(ctx, nested);
    CHECK(m != NULL);
    if (m) {
        CHECK(spvk_canonicalize(ctx, m, NULL, NULL) == SPVK_OK);
        CHECK(verifies(ctx, m));
        char got[256];
        block_shape(entry_of_first_func(m), got, sizeof got);
        CHECK(strcmp(got, "c4 scope ret") == 0);
    }
    spvk_ir_context_destroy(ctx);
}

static void test_cse(void)
{
    /* mlir-opt-19 --cse on the arith/memref twin: addi %x, %y and addi %y, %x merge; two loads
       with nothing between merge, a load after a store does not. */
    const char *text = FUNC_BEGIN BIN("add", "a", "x", "y") BIN("add", "b", "y", "x") BIN("sub", "s1", "x", "y")
        BIN("sub", "s2", "y", "x")
        "  %l1 = \"t.load\"(%x) : (i32) -> i32\n  %l2 = \"t.load\"(%x) : (i32) -> i32\n"
        "  \"t.store\"(%x) : (i32) -> ()\n  %l3 = \"t.load\"(%x) : (i32) -> i32\n"
        "  %dead = \"t.sub\"(%x, %x) : (i32, i32) -> i32\n"
        "  \"t.ret\"(%a, %b, %s1, %s2, %l1, %l2, %l3) : (i32, i32, i32, i32, i32, i32, i32) -> ()\n" FUNC_END;
    spvk_ir_context *ctx = new_context();
    spvk_ir_op *m = parse(ctx, text);
    CHECK(m != NULL);
    if (m) {
        CHECK(spvk_cse(ctx, m, NULL) == SPVK_OK);
        CHECK(verifies(ctx, m));
        char got[256];
        spvk_ir_block *b = entry_of_first_func(m);
        block_shape(b, got, sizeof got);
        CHECK(strcmp(got, "add sub sub load store load ret") == 0);
        spvk_ir_op *ret = b->last;
        CHECK(ret->operands[0].value == ret->operands[1].value);
        CHECK(ret->operands[2].value != ret->operands[3].value);
        CHECK(ret->operands[4].value == ret->operands[5].value);
        CHECK(ret->operands[5].value != ret->operands[6].value);
    }
    spvk_ir_context_destroy(ctx);

    /* Dominance: an op in ^bb1 merges with its twin in the entry block, not with one in a sibling. */
    const char *cfg = FUNC_BEGIN BIN("sub", "e", "x", "y") "  \"t.cbr\"(%x) [^bb1, ^bb2] : (i32) -> ()\n"
        "^bb1:\n" BIN("sub", "p", "x", "y") BIN("add", "q", "x", "y") "  \"t.ret\"(%p, %q) : (i32, i32) -> ()\n"
        "^bb2:\n" BIN("add", "r", "x", "y") "  \"t.ret\"(%e, %r) : (i32, i32) -> ()\n" FUNC_END;
    ctx = new_context();
    m = parse(ctx, cfg);
    CHECK(m != NULL);
    if (m) {
        CHECK(spvk_cse(ctx, m, NULL) == SPVK_OK);
        CHECK(verifies(ctx, m));
        spvk_ir_block *entry = entry_of_first_func(m);
        spvk_ir_block *b1 = entry->next, *b2 = b1->next;
        char got[256];
        block_shape(b1, got, sizeof got);
        CHECK(strcmp(got, "add ret") == 0);
        block_shape(b2, got, sizeof got);
        CHECK(strcmp(got, "add ret") == 0);
    }
    spvk_ir_context_destroy(ctx);
}

static void test_clone(void)
{
    const char *text = FUNC_BEGIN BIN("add", "a", "x", "y") "  \"t.br\"(%a) [^bb1] : (i32) -> ()\n"
                                  "^bb1(%b: i32):\n  \"t.ret\"(%b) : (i32) -> ()\n" FUNC_END;
    spvk_ir_context *ctx = new_context();
    spvk_ir_op *m = parse(ctx, text);
    CHECK(m != NULL);
    if (m) {
        spvk_ir_op *f = m->regions[0].first->first;
        spvk_ir_op *copy = spvk_ir_op_clone(ctx, f);
        CHECK(copy != NULL);
        if (copy) {
            spvk_ir_block *e = copy->regions[0].first;
            CHECK(e != f->regions[0].first);
            CHECK(e->first->operands[0].value == e->args[0]);
            CHECK(e->last->successors[0] == e->next);
            spvk_ir_op_set_attr(ctx, copy, "sym_name", spvk_ir_string_attr(ctx, "g", 1));
            spvk_ir_block_append(m->regions[0].first, copy);
            CHECK(verifies(ctx, m));
        }
    }
    spvk_ir_context_destroy(ctx);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    test_canonicalize_order();
    test_canonicalize_regions();
    test_cse();
    test_clone();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
