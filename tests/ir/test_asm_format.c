/* Unit tests of the declarative assembly-format engine and the ODS verifier (src/ir/asm_format.c)
   through a `test` dialect generated from tests/ir/ods/test.ops: each op is modelled on an MLIR 19
   op, and the expected texts and messages are mlir-opt-19's for the model (with `test.` names).
   Also: print/parse/print fixpoints, generic form, and every allocation failing once. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test.h"
#include "spvkit/ir_ods.h"
#include "spvkit/rewrite.h"

#include "ods/test_ops.c"

/* test.loop's body may run again or not at all (scf.for's getSuccessorRegions). */
uint32_t test_loop_region_successors(const spvk_ir_op *op, int32_t from, int32_t *out, uint32_t max)
{
    (void)op;
    (void)from;
    if (max >= 2) {
        out[0] = 0;
        out[1] = -1;
    }
    return 2;
}

#define CHECK_STR_EQ(a, b)                                                                                     \
    do {                                                                                                       \
        const char *a_ = (a), *b_ = (b);                                                                       \
        if (a_ && b_ && strcmp(a_, b_) == 0) {                                                                 \
            test_passed++;                                                                                     \
        } else {                                                                                               \
            test_failed++;                                                                                     \
            fprintf(stderr, "%s:%d: strings differ:\n--- got\n%s\n--- expected\n%s\n", __FILE__, __LINE__,   \
                    a_ ? a_ : "(null)", b_ ? b_ : "(null)");                                                   \
        }                                                                                                      \
    } while (0)

/* custom<Pair>($a, $b): `[%a | %b]` */
bool test_parse_pair(spvk_ir_parser *p, spvk_ods_custom_state *s, const spvk_ods_element *args, uint32_t num_args)
{
    spvk_ir_operand_ref a, b;
    if (num_args != 2 || !spvk_ir_parse_punct(p, "[") || !spvk_ir_parse_operand(p, &a) ||
        !spvk_ir_parse_punct(p, "|") || !spvk_ir_parse_operand(p, &b) || !spvk_ir_parse_punct(p, "]"))
        return false;
    return spvk_ods_custom_set_operands(s, &args[0], &a, 1) && spvk_ods_custom_set_operands(s, &args[1], &b, 1);
}

void test_print_pair(spvk_ir_printer *p, const spvk_ir_op *op, spvk_ods_custom_state *s, const spvk_ods_element *args,
                     uint32_t num_args)
{
    uint32_t first, count;
    (void)num_args;
    spvk_ir_print_text(p, "[");
    spvk_ods_custom_operands(s, &args[0], &first, &count);
    spvk_ir_print_value(p, spvk_ir_operand(op, first));
    spvk_ir_print_text(p, " | ");
    spvk_ods_custom_operands(s, &args[1], &first, &count);
    spvk_ir_print_value(p, spvk_ir_operand(op, first));
    spvk_ir_print_text(p, "]");
}

static const spvk_ir_attr *test_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    bool handled;
    (void)type;
    const spvk_ir_attr *a = spvk_ods_parse_enum_attr(p, &spvk_test_ods, &handled);
    if (!handled && !a)
        spvk_ir_parser_error(p, "unknown test attribute");
    return a;
}

static void test_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    if (!spvk_ods_print_enum_attr(p, &spvk_test_ods, a))
        spvk_ir_print_text(p, "<?>");
}

static bool test_register_ops(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    return spvk_ods_register_ops(ctx, self, &spvk_test_ods);
}

static const spvk_ir_dialect test_dialect = {
    .name = "test",
    .parse_attr = test_parse_attr,
    .print_attr = test_print_attr,
    .register_ops = test_register_ops,
};

const spvk_ir_dialect *spvk_test_dialect(void) { return &test_dialect; }

static spvk_ir_context *make_context(const spvk_allocator *a)
{
    spvk_ir_context *ctx = spvk_ir_context_create(a);
    if (!ctx)
        return NULL;
    if (!spvk_ir_register_all_dialects(ctx) || !spvk_ir_register_dialect(ctx, &test_dialect)) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

/* Parses text (verifying it) and prints it, custom or generic; the caller frees. NULL on an error,
   whose first message goes to err (when given). */
static char *roundtrip(const char *text, bool generic, char *err, size_t err_size)
{
    spvk_ir_context *ctx = make_context(NULL);
    char *out = NULL;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_ir_op *module = NULL;
    if (err_size)
        err[0] = 0;
    if (ctx && spvk_ir_parse(ctx, text, strlen(text), "t.mlir", &module, &diags) == SPVK_OK &&
        spvk_ir_verify(ctx, module, &diags) == SPVK_OK) {
        spvk_ir_print_options o;
        memset(&o, 0, sizeof o);
        o.generic = generic;
        char *s = spvk_ir_print(ctx, module, &o);
        if (s) {
            out = strdup(s);
            spvk_free(NULL, s, strlen(s) + 1);
        }
    }
    if (diags.count && err_size)
        snprintf(err, err_size, "%s", diags.items[0].message);
    spvk_diagnostics_free(&diags);
    if (ctx)
        spvk_ir_context_destroy(ctx);
    return out;
}

static void check_print(int line, const char *body, const char *expected)
{
    char text[4096], want[4096], err[512];
    snprintf(text, sizeof text, "%s", body);
    snprintf(want, sizeof want, "module {\n%s}\n", expected);
    char *got = roundtrip(text, false, err, sizeof err);
    if (!got)
        fprintf(stderr, "line %d: %s\n", line, err);
    CHECK_STR_EQ(got, want);
    /* and the printed text parses back to itself */
    if (got) {
        char *again = roundtrip(got, false, err, sizeof err);
        if (!again)
            fprintf(stderr, "line %d (again): %s\n", line, err);
        CHECK_STR_EQ(again, got);
        free(again);
        /* generic form and back */
        char *generic = roundtrip(got, true, err, sizeof err);
        char *back = generic ? roundtrip(generic, false, err, sizeof err) : NULL;
        if (!back)
            fprintf(stderr, "line %d (generic): %s\n%s\n", line, err, generic ? generic : "");
        CHECK_STR_EQ(back, got);
        free(generic);
        free(back);
    }
    free(got);
}

static void check_error(int line, const char *body, const char *expected)
{
    char err[512];
    char *got = roundtrip(body, false, err, sizeof err);
    if (got || !strstr(err, expected))
        fprintf(stderr, "line %d: expected error \"%s\", got \"%s\"\n", line, expected, got ? "(none)" : err);
    CHECK(!got && strstr(err, expected));
    free(got);
}

static void check_generic(int line, const char *body, const char *needle)
{
    char err[512];
    char *got = roundtrip(body, true, err, sizeof err);
    if (!got)
        fprintf(stderr, "line %d: %s\n", line, err);
    CHECK_STR_CONTAINS(got, needle);
    free(got);
}

#define C2 "  %0 = test.constant 1 : i32\n  %1 = test.constant 2 : i32\n"
/* test.constant names its result `cst` (names: in the table): the printer makes the names unique */
#define C2N "  %cst = test.constant 1 : i32\n  %cst_0 = test.constant 2 : i32\n"
#define PRINTS(body, expected) check_print(__LINE__, body, expected)
#define FAILS(body, expected) check_error(__LINE__, body, expected)

static void test_formats(void)
{
    /* arith.addi with its overflow flags: absent when default, `overflow<...>` otherwise */
    PRINTS(C2 "%2 = test.addi %0, %1 : i32\n", C2N "  %0 = test.addi %cst, %cst_0 : i32\n");
    PRINTS(C2 "%2 = test.addi %0, %1 overflow<nsw, nuw> : i32\n", C2N "  %0 = test.addi %cst, %cst_0 overflow<nsw,nuw> : i32\n");
    check_generic(__LINE__, C2 "%2 = test.addi %0, %1 : i32\n", "{overflowFlags = #test.overflow<none>}");
    /* bit enums: a several-bit case first */
    PRINTS("%0 = test.constant 1.0 : f32\n%1 = test.addf %0, %0 fastmath<nnan,ninf> : f32\n"
           "%2 = test.addf %0, %0 fastmath<fast> : f32\n",
           "  %cst = test.constant 1.000000e+00 : f32\n  %0 = test.addf %cst, %cst fastmath<nnan,ninf> : f32\n"
           "  %1 = test.addf %cst, %cst fastmath<fast> : f32\n");
    /* an I64EnumAttr keyword; the result type from TypesMatchWith */
    PRINTS(C2 "%2 = test.cmpi slt, %0, %1 : i32\n", C2N "  %0 = test.cmpi slt, %cst, %cst_0 : i32\n");
    check_generic(__LINE__, C2 "%2 = test.cmpi slt, %0, %1 : i32\n", "predicate = 2 : i64");
    /* a bare EnumAttr prints its own space (MLIR 19: `gpu.thread_id  x`); an optional I64-typed attr */
    PRINTS("%0 = test.thread_id x\n%1 = test.thread_id  y upper_bound 4\n",
           "  %0 = test.thread_id  x\n  %1 = test.thread_id  y upper_bound 4\n");
    check_generic(__LINE__, "%0 = test.thread_id z\n", "dimension = #test<dim z>");
    /* AllTypesMatch */
    PRINTS(C2 "%c = test.constant true\n%2 = test.select %c, %0, %1 : i1, i32\n",
           C2N "  %cst_1 = test.constant true\n  %0 = test.select %cst_1, %cst, %cst_0 : i1, i32\n");
    /* functional-type over variadic groups */
    PRINTS(C2 "%2:2 = test.call @f(%0, %1) : (i32, i32) -> (i32, f32)\ntest.call @g() : () -> ()\n",
           C2N "  %0:2 = test.call @f(%cst, %cst_0) : (i32, i32) -> (i32, f32)\n  test.call @g() : () -> ()\n");
    /* unit attribute anchor, I64Attr without its type */
    PRINTS("test.unit 3 flagged\ntest.unit 4\n", "  test.unit 3 flagged\n  test.unit 4\n");
    /* custom directive */
    PRINTS("%0 = test.constant 1 : index\n%1 = test.custom [%0 | %0]\n",
           "  %cst = test.constant 1 : index\n  %0 = test.custom [%cst | %cst]\n");
    /* segments: operandSegmentSizes made by the parser, left out of the attr-dict */
    PRINTS("%0 = test.constant 1 : index\ntest.segments (%0, %0) to %0\ntest.segments ()\n",
           "  %cst = test.constant 1 : index\n  test.segments(%cst, %cst) to %cst\n  test.segments()\n");
    check_generic(__LINE__, "%0 = test.constant 1 : index\ntest.segments (%0) to %0\n",
                  "operandSegmentSizes = array<i32: 1, 1>");
    /* TypesMatchWith through a transform (element type), buildable Index operands */
    PRINTS("%m = \"other.m\"() : () -> memref<4xf32>\n%i = test.constant 0 : index\n%0 = test.load %m[%i] : memref<4xf32>\n",
           "  %0 = \"other.m\"() : () -> memref<4xf32>\n  %cst = test.constant 0 : index\n"
           "  %1 = test.load %0[%cst] : memref<4xf32>\n");
    /* DefaultValuedOptionalAttr (vector.load's nontemporal): left out while it holds its default,
       and not added by the parser (the generic form has it only where the text wrote it) */
    PRINTS("%m = \"other.m\"() : () -> memref<4xf32>\n%i = test.constant 0 : index\n"
           "%0 = test.vload %m[%i] {nontemporal = false} : memref<4xf32>, vector<4xf32>\n"
           "%1 = test.vload %m[%i] {nontemporal = true} : memref<4xf32>, vector<4xf32>\n",
           "  %0 = \"other.m\"() : () -> memref<4xf32>\n  %cst = test.constant 0 : index\n"
           "  %1 = test.vload %0[%cst] : memref<4xf32>, vector<4xf32>\n"
           "  %2 = test.vload %0[%cst] {nontemporal = true} : memref<4xf32>, vector<4xf32>\n");
    {
        char err[512];
        char *got = roundtrip("%m = \"other.m\"() : () -> memref<4xf32>\n%i = test.constant 0 : index\n"
                              "%0 = test.vload %m[%i] : memref<4xf32>, vector<4xf32>\n",
                              true, err, sizeof err);
        CHECK(got && strstr(got, "\"test.vload\"") && !strstr(got, "nontemporal"));
        free(got);
    }
    /* regions, and an optional group anchored on a result type */
    PRINTS("%0 = test.alloca_scope -> i32 {\n  %1 = test.constant 1 : i32\n  \"test.yield\"(%1) : (i32) -> ()\n}\n",
           "  %0 = test.alloca_scope -> i32 {\n    %cst = test.constant 1 : i32\n    \"test.yield\"(%cst) : (i32) -> ()\n  }\n");
    /* symbol names, type attributes, else groups, attr-dict-with-keyword */
    PRINTS("test.symbol @s : i32 plain attributes {x = 1 : i32}\n",
           "  test.symbol @s : i32 plain attributes {x = 1 : i32}\n");
    PRINTS("test.symbol \"private\" @s : i32 weird \"private\"\n", "  test.symbol \"private\" @s : i32 weird \"private\"\n");
    /* SingleBlockImplicitTerminator: added when parsing, left out when printing while it is bare;
       `\n` starts a line; regions read out of order take their declared places */
    PRINTS("test.switch second {\n} first {\n  \"test.op\"() : () -> ()\n}\n",
           "  test.switch second {\n  }\n  first {\n    \"test.op\"() : () -> ()\n  }\n");
    PRINTS("test.switch second {\n  test.implicit_yield {x}\n} first {\n}\n",
           "  test.switch second {\n    test.implicit_yield {x}\n  }\n  first {\n  }\n");
    check_generic(__LINE__, "test.switch second {\n} first {\n  \"test.op\"() : () -> ()\n}\n",
                  "\"test.switch\"() ({\n    \"test.op\"() : () -> ()\n    \"test.implicit_yield\"() : () -> ()\n  }, {\n"
                  "    \"test.implicit_yield\"() : () -> ()\n  }) : () -> ()");
    /* a VariadicRegion: none (MLIR still prints the element's space), one, or several separated by commas */
    PRINTS("test.reduce\n", "  test.reduce \n");
    PRINTS("%0 = test.constant 1 : i32\ntest.reduce(%0 : i32) {\n^bb0(%a: i32, %b: i32):\n"
           "  \"test.reduce_return\"(%a) : (i32) -> ()\n}\n",
           "  %cst = test.constant 1 : i32\n  test.reduce(%cst : i32) {\n  ^bb0(%arg0: i32, %arg1: i32):\n"
           "    \"test.reduce_return\"(%arg0) : (i32) -> ()\n  }\n");
    PRINTS("%0 = test.constant 1 : i32\ntest.reduce {\n  \"test.reduce_return\"(%0) : (i32) -> ()\n}, {\n"
           "  \"test.reduce_return\"(%0) : (i32) -> ()\n} {x}\n",
           "  %cst = test.constant 1 : i32\n  test.reduce {\n    \"test.reduce_return\"(%cst) : (i32) -> ()\n  }, {\n"
           "    \"test.reduce_return\"(%cst) : (i32) -> ()\n  } {x}\n");
}

static void test_verifier(void)
{
    /* a type of the wrong C++ class is refused where the format parses it (mlir-opt-19:
       "custom op 'vector.load' invalid kind of type specified") */
    FAILS("%m = \"other.m\"() : () -> memref<4xf32>\n%i = test.constant 0 : index\n"
          "%0 = test.vload %m[%i] : memref<4xf32>, f32\n",
          "custom op 'test.vload' invalid kind of type specified");
    /* MLIR 19's words */
    FAILS("%0 = test.constant 1.0 : f32\n%1 = test.addi %0, %0 : f32\n",
          "'test.addi' op operand #0 must be signless-integer-or-index-like, but got 'f32'");
    FAILS("%0 = test.constant 1 : i32\n%1 = \"test.cmpi\"(%0, %0) : (i32, i32) -> i1\n",
          "'test.cmpi' op requires attribute 'predicate'");
    FAILS("%0 = test.constant 1 : i32\n%1 = test.constant 1 : i64\n%2 = \"test.addi\"(%0, %1) : (i32, i64) -> i32\n",
          "'test.addi' op requires the same type for all operands and results");
    FAILS("%0 = test.constant 1 : i32\n%1 = \"test.addi\"(%0) : (i32) -> i32\n",
          "'test.addi' op expected 2 operands, but found 1");
    FAILS("%0 = test.constant 1 : i32\n%1 = \"test.cmpi\"(%0, %0) {predicate = 42 : i64} : (i32, i32) -> i1\n",
          "'test.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, "
          "1, 2, 3, 4, 5, 6, 7, 8, 9");
    FAILS("%0 = test.constant 1 : i32\n%1 = \"test.cmpi\"(%0, %0) {predicate = 1 : i64} : (i32, i32) -> vector<2xi1>\n",
          "'test.cmpi' op failed to verify that result type has i1 element type and same shape as operands");
    FAILS("%0 = test.constant 1 : index\n\"test.segments\"(%0) {operandSegmentSizes = array<i32: 2, 0>} : (index) -> ()\n",
          "'test.segments' op operand count (1) does not match with the total size (2) specified in attribute "
          "'operandSegmentSizes'");
    FAILS("%0 = test.constant 1 : i32\n\"test.yield\"(%0) : (i32) -> ()\n", "'test.yield' op expects parent op 'test.alloca_scope'");
    FAILS("%0 = test.constant 1 : i32\n%1 = test.cmpi foo, %0, %0 : i32\n",
          "custom op 'test.cmpi' expected string or keyword containing one of the following enum values for "
          "attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]");
    FAILS("%0 = test.constant 1.0 : f32\n%1 = test.addf %0, %0 fastmath<nnan,bogus> : f32\n",
          "custom op 'test.addf' expected ::mlir::test::FastMathFlags to be one of: none, reassoc, "
          "nnan, ninf, nsz, arcp, contract, afn, fast");
    FAILS("%0 = test.constant 1.0 : f32\n%1 = test.cmpi eq, %0, %0 : f32\n",
          "custom op 'test.cmpi' 'lhs' must be signless-integer-or-index-like, but got 'f32'");
    /* AllTypesMatch<["lower", "upper"]> (MLIR's list form) and ParentOneOf<[...]> (MLIR quotes the whole list) */
    FAILS("%0 = test.constant 1 : i32\n%1 = test.constant 1 : index\n\"test.bounds\"(%0, %1) : (i32, index) -> ()\n",
          "'test.bounds' op failed to verify that all of {lower, upper} have same type");
    FAILS("%0 = test.constant 1 : i32\n\"test.reduce_return\"(%0) : (i32) -> ()\n",
          "'test.reduce_return' op expects parent op to be one of 'test.reduce, test.alloca_scope'");
}

uint8_t test_tread_effects(const spvk_ir_op *op)
{
    const spvk_ir_type *t = op->num_operands ? op->operands[0].value->type : NULL;
    return t && !t->dialect && t->kind == SPVK_TYPE_INTEGER ? SPVK_EFFECT_KNOWN | SPVK_EFFECT_READ : SPVK_EFFECT_KNOWN;
}

/* memory_effects: the op's own effects, asked of each op (spvk_ir_op_effects) */
static void test_memory_effects(void)
{
    spvk_ir_context *ctx = make_context(NULL);
    const spvk_ir_op_def *def = ctx ? spvk_ir_op_def_lookup(ctx, "test.tread", 10) : NULL;
    CHECK(def && def->memory_effects == test_tread_effects);
    if (!def) {
        if (ctx)
            spvk_ir_context_destroy(ctx);
        return;
    }
    spvk_ir_block *b = spvk_ir_block_create(ctx);
    spvk_ir_value *i = b ? spvk_ir_block_add_arg(ctx, b, spvk_ir_integer_type(ctx, 32, SPVK_INT_SIGNLESS)) : NULL;
    spvk_ir_value *x = b ? spvk_ir_block_add_arg(ctx, b, spvk_ir_index_type(ctx)) : NULL;
    const spvk_ir_type *f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    spvk_ir_op_state st = {0};
    st.def = def;
    st.result_types = &f32;
    st.num_results = 1;
    st.operands = &i;
    st.num_operands = 1;
    spvk_ir_op *reads = i ? spvk_ir_op_create(ctx, &st) : NULL;
    st.operands = &x;
    spvk_ir_op *pure = x ? spvk_ir_op_create(ctx, &st) : NULL;
    CHECK(reads && spvk_ir_op_effects(reads) == (SPVK_EFFECT_KNOWN | SPVK_EFFECT_READ));
    CHECK(pure && spvk_ir_op_is_memory_effect_free(pure));
    if (reads)
        spvk_ir_op_erase(ctx, reads);
    if (pure)
        spvk_ir_op_erase(ctx, pure);
    if (b)
        spvk_ir_block_erase(ctx, b);
    spvk_ir_context_destroy(ctx);
}

/* DeclareOpInterfaceMethods<I, [...]> gives the op the interface I (its methods are hooks). */
static void test_generated_traits(void)
{
    const spvk_ods_op *bounds = NULL;
    for (uint32_t i = 0; i < spvk_test_ods.num_ops; i++)
        if (strcmp(spvk_test_ods.ops[i].name, "test.bounds") == 0)
            bounds = &spvk_test_ods.ops[i];
    CHECK(bounds && (bounds->traits & SPVK_TRAIT_BRANCH));
    CHECK(bounds && bounds->num_relations == 1 && bounds->relations[0].num_values == 2);
    /* region_successors: the hook becomes the def's region-branch interface */
    spvk_ir_context *ctx = make_context(NULL);
    const spvk_ir_op_def *loop = ctx ? spvk_ir_op_def_lookup(ctx, "test.loop", 9) : NULL;
    CHECK(loop && (loop->traits & SPVK_TRAIT_REGION_BRANCH) && loop->region_successors == test_loop_region_successors);
    if (ctx)
        spvk_ir_context_destroy(ctx);
}

int main(void)
{
    test_formats();
    test_verifier();
    test_generated_traits();
    test_memory_effects();
    TEST_SUMMARY();
}
