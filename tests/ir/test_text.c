/* Unit tests of the MLIR text parser and printer (src/ir/parser.c, printer.c) through the public
   API: print/parse/print fixpoints in generic, custom and debug-info forms, exact outputs, error
   messages with line and column, custom forms through a small test dialect (ops, a dialect type and
   attribute, an alias), hostile inputs (deep nesting, truncations, mutations, nul bytes), and
   out-of-memory at every allocation. argv[1] is the repository root: the data-driven cases of
   tests/ir/text/ (see README.md there) run too. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test.h"
#include "spvkit/ir_asm.h"
#include "spvkit/ir.h"

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

/* ---- A test dialect "tt" (alias "ttx") with custom forms ---- */

static const spvk_ir_dialect tt_dialect;

/* tt.add %a, %b : T */
static bool tt_add_parse(spvk_ir_parser *p, spvk_ir_op_state *s)
{
    spvk_ir_operand_ref a, b;
    const spvk_ir_type *t;
    if (!spvk_ir_parse_operand(p, &a) || !spvk_ir_parse_punct(p, ",") || !spvk_ir_parse_operand(p, &b) ||
        !spvk_ir_parse_optional_attr_dict(p, s) || !spvk_ir_parse_punct(p, ":") || !(t = spvk_ir_parse_type(p)))
        return false;
    spvk_ir_value *va = spvk_ir_resolve_operand(p, &a, t), *vb = spvk_ir_resolve_operand(p, &b, t);
    return va && vb && spvk_ir_state_add_operand(p, s, va) && spvk_ir_state_add_operand(p, s, vb) &&
           spvk_ir_state_add_result_type(p, s, t);
}

static void tt_add_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 0));
    spvk_ir_print_text(p, ", ");
    spvk_ir_print_value(p, spvk_ir_operand(op, 1));
    spvk_ir_print_attr_dict(p, op->attrs, NULL, 0);
    spvk_ir_print_text(p, " : ");
    spvk_ir_print_type_to(p, op->results[0].type);
}

/* tt.br ^bb(%x, %y : T, U)? */
static bool tt_br_parse(spvk_ir_parser *p, spvk_ir_op_state *s)
{
    spvk_ir_block *b;
    if (!spvk_ir_parse_successor(p, &b) || !spvk_ir_state_add_successor(p, s, b))
        return false;
    if (!spvk_ir_parse_optional_punct(p, "("))
        return true;
    spvk_ir_operand_ref refs[8];
    uint32_t n = 0;
    do {
        if (n == 8)
            return spvk_ir_parser_error(p, "too many operands");
        if (!spvk_ir_parse_operand(p, &refs[n++]))
            return false;
    } while (spvk_ir_parse_optional_punct(p, ","));
    if (!spvk_ir_parse_punct(p, ":"))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const spvk_ir_type *t;
        if ((i && !spvk_ir_parse_punct(p, ",")) || !(t = spvk_ir_parse_type(p)))
            return false;
        spvk_ir_value *v = spvk_ir_resolve_operand(p, &refs[i], t);
        if (!v || !spvk_ir_state_add_operand(p, s, v))
            return false;
    }
    return spvk_ir_parse_punct(p, ")");
}

static void tt_br_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    spvk_ir_print_successor_with_operands(p, op->successors[0], op, 0, op->num_operands);
}

/* tt.func @name(%a: T, ...) { body } */
static bool tt_func_parse(spvk_ir_parser *p, spvk_ir_op_state *s)
{
    const char *name;
    if (!spvk_ir_parse_optional_symbol_name(p, &name))
        return spvk_ir_parser_error(p, "expected function name");
    spvk_ir_context *ctx = spvk_ir_parser_context(p);
    if (!spvk_ir_state_add_attr(p, s, SPVK_IR_SYMBOL_NAME, spvk_ir_string_attr(ctx, name, strlen(name))))
        return false;
    spvk_ir_operand_ref args[8];
    const spvk_ir_type *types[8];
    uint32_t n = 0;
    if (!spvk_ir_parse_punct(p, "("))
        return false;
    if (!spvk_ir_parse_optional_punct(p, ")")) {
        do {
            if (n == 8)
                return spvk_ir_parser_error(p, "too many arguments");
            if (!spvk_ir_parse_operand(p, &args[n]) || !spvk_ir_parse_punct(p, ":") ||
                !(types[n] = spvk_ir_parse_type(p)))
                return false;
            n++;
        } while (spvk_ir_parse_optional_punct(p, ","));
        if (!spvk_ir_parse_punct(p, ")"))
            return false;
    }
    return spvk_ir_parse_optional_attr_dict_with_keyword(p, s) && spvk_ir_parse_region(p, s, args, types, n);
}

static void tt_func_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_attr *name = spvk_ir_op_attr(op, SPVK_IR_SYMBOL_NAME);
    const char *elided[] = {SPVK_IR_SYMBOL_NAME};
    spvk_ir_print_text(p, " ");
    spvk_ir_print_symbol_name(p, name ? name->string : "");
    spvk_ir_print_text(p, "(");
    const spvk_ir_block *entry = op->regions[0].first;
    for (uint32_t i = 0; entry && i < entry->num_args; i++) {
        if (i)
            spvk_ir_print_text(p, ", ");
        spvk_ir_print_block_arg(p, entry->args[i]);
        spvk_ir_print_text(p, ": ");
        spvk_ir_print_type_to(p, entry->args[i]->type);
    }
    spvk_ir_print_text(p, ")");
    spvk_ir_print_attr_dict_with_keyword(p, op->attrs, elided, 1);
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], false, false);
}

/* tt.loop { body } */
static bool tt_loop_parse(spvk_ir_parser *p, spvk_ir_op_state *s) { return spvk_ir_parse_region(p, s, NULL, NULL, 0); }

static void tt_loop_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    spvk_ir_print_text(p, " ");
    spvk_ir_print_region(p, &op->regions[0], true, false);
}

/* tt.const #tt.tag<N> or tt.const 5 : i32 (an attribute with its type) */
static bool tt_const_parse(spvk_ir_parser *p, spvk_ir_op_state *s)
{
    const spvk_ir_attr *a = spvk_ir_parse_attr(p, NULL);
    if (!a || !spvk_ir_state_add_attr(p, s, "value", a))
        return false;
    const spvk_ir_type *t = a->type ? a->type : spvk_ir_integer_type(spvk_ir_parser_context(p), 32, 0);
    if (a->dialect == &tt_dialect && !(spvk_ir_parse_punct(p, ":") && (t = spvk_ir_parse_type(p))))
        return false;
    return spvk_ir_state_add_result_type(p, s, t);
}

static void tt_const_print(spvk_ir_printer *p, const spvk_ir_op *op)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "value");
    spvk_ir_print_text(p, " ");
    spvk_ir_print_attr_to(p, a);
    if (a && a->dialect == &tt_dialect) {
        spvk_ir_print_text(p, " : ");
        spvk_ir_print_type_to(p, op->results[0].type);
    }
}

static const spvk_ir_op_def tt_defs[] = {
    {.name = "tt.add", .dialect = &tt_dialect, .num_regions = 0, .parse = tt_add_parse, .print = tt_add_print},
    {.name = "tt.br",
     .dialect = &tt_dialect,
     .traits = SPVK_TRAIT_TERMINATOR,
     .num_regions = 0,
     .parse = tt_br_parse,
     .print = tt_br_print},
    {.name = "tt.func",
     .dialect = &tt_dialect,
     .traits = SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_SYMBOL,
     .num_regions = 1,
     .parse = tt_func_parse,
     .print = tt_func_print},
    {.name = "tt.loop",
     .dialect = &tt_dialect,
     .traits = SPVK_TRAIT_NO_TERMINATOR,
     .num_regions = 1,
     .parse = tt_loop_parse,
     .print = tt_loop_print},
    {.name = "tt.const", .dialect = &tt_dialect, .num_regions = 0, .parse = tt_const_parse, .print = tt_const_print},
    {.name = "tt.generic_only", .dialect = &tt_dialect, .num_regions = -1},
};

static bool tt_register(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof tt_defs / sizeof *tt_defs; i++)
        if (!spvk_ir_register_op(ctx, &tt_defs[i]))
            return false;
    return true;
}

/* !tt.box<T> */
static const spvk_ir_type *tt_parse_type(spvk_ir_parser *p)
{
    const spvk_ir_type *e;
    if (!spvk_ir_parse_keyword(p, "box") || !spvk_ir_parse_punct(p, "<") || !(e = spvk_ir_parse_type(p)) ||
        !spvk_ir_parse_punct(p, ">"))
        return NULL;
    spvk_ir_type_desc d = {0};
    d.dialect = &tt_dialect;
    d.types = &e;
    d.num_types = 1;
    return spvk_ir_type_get(spvk_ir_parser_context(p), &d);
}

static void tt_print_type(spvk_ir_printer *p, const spvk_ir_type *t)
{
    spvk_ir_print_text(p, "box<");
    spvk_ir_print_type_to(p, t->types[0]);
    spvk_ir_print_text(p, ">");
}

/* #tt.tag<N> */
static const spvk_ir_attr *tt_parse_attr(spvk_ir_parser *p, const spvk_ir_type *type)
{
    (void)type;
    int64_t v;
    if (!spvk_ir_parse_keyword(p, "tag") || !spvk_ir_parse_punct(p, "<") || !spvk_ir_parse_integer(p, &v) ||
        !spvk_ir_parse_punct(p, ">"))
        return NULL;
    spvk_ir_attr_desc d = {0};
    d.dialect = &tt_dialect;
    d.value = v;
    return spvk_ir_attr_get(spvk_ir_parser_context(p), &d);
}

static void tt_print_attr(spvk_ir_printer *p, const spvk_ir_attr *a)
{
    spvk_ir_print_format(p, "tag<%lld>", (long long)a->value);
}

static const char *const tt_aliases[] = {"ttx"};
static const spvk_ir_dialect tt_dialect = {.name = "tt",
                                           .aliases = tt_aliases,
                                           .num_aliases = 1,
                                           .parse_type = tt_parse_type,
                                           .print_type = tt_print_type,
                                           .parse_attr = tt_parse_attr,
                                           .print_attr = tt_print_attr,
                                           .register_ops = tt_register};

/* ---- Helpers ---- */

static spvk_ir_context *new_context(const spvk_allocator *a)
{
    spvk_ir_context *ctx = spvk_ir_context_create(a);
    if (!ctx)
        return NULL;
    if (!spvk_ir_register_all_dialects(ctx) || !spvk_ir_register_dialect(ctx, &tt_dialect)) {
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

static void free_string(char *s)
{
    if (s)
        spvk_free(NULL, s, strlen(s) + 1);
}

/* Parses text; on failure returns NULL and leaves the formatted diagnostics in *errors. */
static spvk_ir_op *parse(spvk_ir_context *ctx, const char *text, size_t n, const char *file, char **errors,
                         spvk_result *result)
{
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    spvk_result r = spvk_ir_parse(ctx, text, n, file, &m, &d);
    if (result)
        *result = r;
    if (errors) {
        size_t total = 1;
        char **parts = calloc(d.count ? d.count : 1, sizeof *parts);
        for (size_t i = 0; i < d.count; i++) {
            parts[i] = spvk_diagnostic_format(&d.items[i], NULL);
            total += strlen(parts[i]) + 1;
        }
        *errors = malloc(total);
        (*errors)[0] = 0;
        for (size_t i = 0; i < d.count; i++) {
            strcat(*errors, parts[i]);
            strcat(*errors, "\n");
            free_string(parts[i]);
        }
        free(parts);
    }
    spvk_diagnostics_free(&d);
    return r == SPVK_OK ? m : NULL;
}

static char *print(spvk_ir_context *ctx, const spvk_ir_op *m, bool generic, bool debug_info)
{
    spvk_ir_print_options o = {.generic = generic, .debug_info = debug_info, .assume_verified = false};
    return spvk_ir_print(ctx, m, &o);
}

/* print(parse(text)) == print(parse(print(parse(text)))) in one mode; returns the first print. */
static char *check_fixpoint_mode(const char *text, bool generic, bool debug_info, const char *what)
{
    spvk_ir_context *ctx = new_context(NULL);
    char *errors = NULL;
    spvk_ir_op *m = parse(ctx, text, strlen(text), "snippet.mlir", &errors, NULL);
    if (!m) {
        test_failed++;
        fprintf(stderr, "parse failed (%s):\n%s\n%s\n", what, text, errors);
        free(errors);
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    free(errors);
    errors = NULL;
    char *a = print(ctx, m, generic, debug_info);
    spvk_ir_op *m2 = a ? parse(ctx, a, strlen(a), "printed.mlir", &errors, NULL) : NULL;
    if (!m2) {
        test_failed++;
        fprintf(stderr, "reparse failed (%s):\n%s\n%s\n", what, a ? a : "(null)", errors ? errors : "");
        free(errors);
        free_string(a);
        spvk_ir_context_destroy(ctx);
        return NULL;
    }
    free(errors);
    char *b = print(ctx, m2, generic, debug_info);
    if (a && b && strcmp(a, b) == 0)
        test_passed++;
    else {
        test_failed++;
        fprintf(stderr, "not a fixpoint (%s):\n--- first\n%s--- second\n%s", what, a ? a : "", b ? b : "");
    }
    free_string(b);
    spvk_ir_context_destroy(ctx);
    return a;
}

/* All modes, and generic and custom printing describe the same IR. */
static void check_fixpoint(const char *text)
{
    char *custom = check_fixpoint_mode(text, false, false, "custom");
    char *generic = check_fixpoint_mode(text, true, false, "generic");
    free_string(check_fixpoint_mode(text, false, true, "custom+locations"));
    free_string(check_fixpoint_mode(text, true, true, "generic+locations"));
    if (generic && custom) {
        spvk_ir_context *ctx = new_context(NULL);
        spvk_ir_op *m = parse(ctx, generic, strlen(generic), "generic.mlir", NULL, NULL);
        char *c = m ? print(ctx, m, false, false) : NULL;
        CHECK_STR_EQ(c, custom);
        free_string(c);
        spvk_ir_context_destroy(ctx);
    }
    free_string(custom);
    free_string(generic);
}

static const char *const fixpoint_snippets[] = {
    "",
    "module {\n}\n",
    "module @named attributes {tt.x = 1 : i32} {\n  \"t.a\"() : () -> ()\n}\n",
    /* An empty dictionary after `attributes` (UBSan: copy from no entries; found by fuzz_ir_parser). */
    "module attributes {} {\n}\n",
    "\"t.a\"() : () -> ()\n\"t.b\"() : () -> ()",
    "%0 = \"t.a\"() : () -> i32\n%1:2 = \"t.b\"(%0, %0) : (i32, i32) -> (f32, f32)\n\"t.c\"(%1#1, %1#0) : (f32, f32) -> ()",
    "%a, %b:2 = \"t.multi\"() : () -> (i1, i8, i16)\n\"t.use\"(%b#1, %a) : (i16, i1) -> ()",
    "\"t.a\"(%x) : (i32) -> ()\n%x = \"t.def\"() : () -> i32",
    "\"t.r\"() ({\n^bb0(%a: i32, %b: f32):\n  \"t.br\"(%a)[^bb2, ^bb1] : (i32) -> ()\n^bb1:\n  \"t.x\"() : () -> ()\n"
    "^bb2:\n  \"t.y\"(%b) : (f32) -> ()\n}, {\n}, {\n^bb0:\n}) : () -> ()",
    "\"t.r\"() ({\n  %0 = \"t.a\"() : () -> i32\n  \"t.r\"() ({\n    \"t.use\"(%0) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()",
    "\"t.a\"() {a = vector<4xf32>, b = vector<[4]xf32>, c = vector<2x[4]xi8>, d = memref<4x?xf32>, "
    "e = memref<*xf32, 1>, f = memref<4xf32, strided<[1], offset: ?>>, g = tensor<?x4xf32>, h = tensor<*xf32>, "
    "i = complex<f32>, j = tuple<i32, tuple<>>, k = (i32, f32) -> (i1), l = () -> (), m = () -> (() -> ()), "
    "n = i1, o = si8, p = ui64, q = index, r = none, s = f16, t = bf16, u = tf32, v = f64, w = vector<f32>} : () -> ()",
    "\"t.a\"() {a = 1.0 : f32, b = 0.1 : f64, c = 1.0e-38 : f32, d = 1.0e-45 : f32, e = 0x7F800000 : f32, "
    "f = 0x7FC00001 : f32, g = 123456789.0 : f64, h = 65504.0 : f16, i = 0.1 : bf16, j = -0.0 : f64, "
    "k = 0xFFF0000000000000 : f64, l = 2.5e-5 : tf32, m = 5.0e-324 : f64, n = 0x0001 : f16} : () -> ()",
    "\"t.a\"() {a = 42 : i32, b = -1, c = 0x1F : i64, d = 255 : ui8, e = -128 : si8, f = true, g = false, "
    "h = 1 : i1, i = 3 : index, j = 18446744073709551615 : ui64, k = -9223372036854775808 : i64} : () -> ()",
    "\"t.a\"() {a = \"x\\n\\\"\\\\\\01\\FF\", b = \"\", c = \"typed\" : i32, d = [], e = [1, 2.5, \"s\", [true]], "
    "f = {}, g = {\"quoted key\" = 1 : i8, z}, h = @sym, i = @\"a b\"::@c::@d, j = unit, k = i32, "
    "l = array<i32: 1, 2>, m = array<i8>, n = array<f32: 1.5>, o = array<i1: true, false>} : () -> ()",
    "\"t.a\"() {a = dense<1.5> : vector<4xf32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, "
    "c = dense<[true, false]> : vector<2xi1>, d = dense<> : tensor<0xi32>, e = dense<[1, 1]> : vector<2xi8>, "
    "f = dense<\"0x0100000002000000\"> : vector<2xi32>, g = dense<255> : vector<2xui8>, "
    "h = dense<[0x7FC00000, 1.0]> : vector<2xf32>} : () -> ()",
    "\"t.a\"() {a = loc(unknown), b = loc(\"f.mlir\":1:2), c = loc(\"name\"), d = loc(\"n\"(\"f\":3:4)), "
    "e = loc(callsite(\"a\":1:2 at \"b\":3:4)), f = loc(fused[\"a\":1:2, \"b\"]), g = loc(fused<\"m\">[\"a\":1:2])} "
    ": () -> ()",
    "\"t.a\"() : () -> () loc(\"x.mlir\":7:8)\n\"t.r\"() ({\n^bb0(%a: i32 loc(\"arg\")):\n}) : () -> () loc(unknown)",
    "#a = [1, 2]\n!t = vector<4xf32>\n\"t.a\"() {x = #a, y = !t} : () -> !t\n#loc9 = loc(\"z\":1:1)",
    "\"t.a\"() : () -> () loc(#later)\n#later = loc(\"late.mlir\":3:4)",
    "\"t.a\"() {a = #foo<\"text\">, b = #foo.bar<1, [2], (3), {4}, \"5>\">, c = !foo.baz<x -> y>, "
    "d = affine_map<(d0) -> (d0)>} : () -> ()",
    "\"t.a\"() <{p = 1 : i32}> {a = 2 : i32} : () -> ()",
    "%0 = tt.const 5 : i32\n%1 = tt.add %0, %0 : i32\n%2 = tt.add %1, %0 {x} : i32",
    "%0 = tt.const #tt.tag<7> : !tt.box<i32>\n%1 = \"t.use\"(%0) : (!tt.box<i32>) -> !ttx.box<f32>",
    "tt.func @f(%a: i32, %b: i32) {\n  %0 = tt.add %a, %b : i32\n  tt.br ^bb1(%0, %a : i32, i32)\n"
    "^bb1(%x: i32, %y: i32):\n  tt.loop {\n    %1 = tt.add %x, %y : i32\n  }\n  tt.br ^bb2\n^bb2:\n"
    "  \"t.ret\"() : () -> ()\n}\ntt.func @g() attributes {k = 1 : i32} {\n  tt.loop {\n  }\n  \"t.ret\"() : () -> ()\n}",
    "%0 = \"t.a\"() : () -> i32\ntt.func @iso(%0: f32) {\n  %1 = tt.add %0, %0 : f32\n  \"t.ret\"() : () -> ()\n}",
    "module {\n  module @inner {\n    \"t.a\"() : () -> ()\n  }\n}\n",
    "%0 = \"ttx.const\"() {value = 1 : i32} : () -> i32",
    "{-# dialect_resources: { builtin: { x: \"0x01\" } } #-}\n\"t.a\"() : () -> ()",
};

static void test_fixpoints(void)
{
    for (size_t i = 0; i < sizeof fixpoint_snippets / sizeof *fixpoint_snippets; i++)
        check_fixpoint(fixpoint_snippets[i]);
}

/* Exact outputs: what MLIR 19 prints for the same input (mlir-opt --allow-unregistered-dialect). */
static void check_output(const char *text, bool generic, bool debug_info, const char *expected)
{
    spvk_ir_context *ctx = new_context(NULL);
    char *errors = NULL;
    spvk_ir_op *m = parse(ctx, text, strlen(text), "in.mlir", &errors, NULL);
    if (!m)
        fprintf(stderr, "%s", errors);
    char *s = m ? print(ctx, m, generic, debug_info) : NULL;
    CHECK_STR_EQ(s, expected);
    free_string(s);
    free(errors);
    spvk_ir_context_destroy(ctx);
}

static void test_outputs(void)
{
    check_output("\"t.a\"() {b = 1, a = 0.1 : f32, c = [1, 2.0, 3 : i8]} : () -> ()", false, false,
                 "module {\n  \"t.a\"() {a = 1.000000e-01 : f32, b = 1 : i64, c = [1, 2.000000e+00, 3 : i8]} : () -> ()\n}\n");
    /* Numbering: a region's values first, nested regions from where it ended, siblings alike. */
    check_output("\"t.r\"() ({\n^bb0(%q: i32):\n  %x = \"t.a\"() ({\n    %y = \"t.b\"() : () -> i32\n  }, {\n"
                 "    %z = \"t.b\"() : () -> i32\n  }) : () -> i32\n  %w = \"t.c\"(%x, %q) : (i32, i32) -> i32\n"
                 "}) : () -> ()",
                 false, false,
                 "module {\n  \"t.r\"() ({\n  ^bb0(%arg0: i32):\n    %0 = \"t.a\"() ({\n      %2 = \"t.b\"() : () -> i32\n"
                 "    }, {\n      %2 = \"t.b\"() : () -> i32\n    }) : () -> i32\n"
                 "    %1 = \"t.c\"(%0, %arg0) : (i32, i32) -> i32\n  }) : () -> ()\n}\n");
    /* Generic form: unique numbers, regions visited last first, empty regions and blocks shown. */
    check_output("%0 = \"t.a\"() : () -> i32\n\"t.r\"() ({\n  %1 = \"t.b\"() : () -> i32\n}) : () -> ()\n"
                 "\"t.s\"() ({\n  %2 = \"t.b\"() : () -> i32\n}, {}, {^bb0:}) : () -> ()",
                 true, false,
                 "\"builtin.module\"() ({\n  %0 = \"t.a\"() : () -> i32\n  \"t.r\"() ({\n    %2 = \"t.b\"() : () -> i32\n"
                 "  }) : () -> ()\n  \"t.s\"() ({\n    %1 = \"t.b\"() : () -> i32\n  }, {\n  }, {\n  ^bb0:\n  }) : () -> ()\n"
                 "}) : () -> ()\n");
    check_output("\"t.a\"() : () -> ()", false, true,
                 "module {\n  \"t.a\"() : () -> () loc(\"in.mlir\":1:1)\n} loc(\"in.mlir\":0:0)\n");
    check_output("module @m {\n}", false, false, "module @m {\n}\n");
    check_output("\"builtin.module\"() ({\n^bb0:\n}) : () -> ()", false, false, "module {\n}\n");
    check_output("%0 = tt.const 1 : i32\ntt.func @f(%a: i32) {\n  %1 = tt.add %a, %a : i32\n  \"t.ret\"() : () -> ()\n}",
                 false, false,
                 "module {\n  %0 = tt.const 1 : i32\n  tt.func @f(%arg0: i32) {\n    %1 = tt.add %arg0, %arg0 : i32\n"
                 "    \"t.ret\"() : () -> ()\n  }\n}\n");
    check_output("tt.func @g(%a: i32, %b: i32) {\n  tt.br ^bb1(%b, %a : i32, i32)\n^bb1(%x: i32, %y: i32):\n"
                 "  tt.loop {\n    %s = tt.add %x, %y : i32\n  }\n  %c = tt.const #ttx.tag<-3> : !ttx.box<f16>\n"
                 "  \"t.ret\"(%c) : (!tt.box<f16>) -> ()\n}",
                 false, false,
                 "module {\n  tt.func @g(%arg0: i32, %arg1: i32) {\n    tt.br ^bb1(%arg1, %arg0 : i32, i32)\n"
                 "  ^bb1(%0: i32, %1: i32):  // pred: ^bb0\n    tt.loop {\n      %3 = tt.add %0, %1 : i32\n    }\n"
                 "    %2 = tt.const #tt.tag<-3> : !tt.box<f16>\n    \"t.ret\"(%2) : (!tt.box<f16>) -> ()\n  }\n}\n");
    /* IR that fails verification prints in generic form, as MLIR prints it. */
    check_output("tt.func @f() {\n  tt.loop {\n  }\n}", false, false,
                 "\"builtin.module\"() ({\n  \"tt.func\"() ({\n    \"tt.loop\"() ({\n    }) : () -> ()\n"
                 "  }) {sym_name = \"f\"} : () -> ()\n}) : () -> ()\n");
}

/* ---- Errors ---- */

static void check_error(const char *text, const char *expected)
{
    spvk_ir_context *ctx = new_context(NULL);
    char *errors = NULL;
    spvk_result r;
    spvk_ir_op *m = parse(ctx, text, strlen(text), "e.mlir", &errors, &r);
    CHECK(m == NULL && r == SPVK_ERROR_INVALID);
    CHECK_STR_EQ(errors, expected);
    free(errors);
    spvk_ir_context_destroy(ctx);
}

static void test_errors(void)
{
    check_error("\"t.a\"(%x) : (i32) -> ()",
                "e.mlir:1:7: error: use of undeclared SSA value name\n\"t.a\"(%x) : (i32) -> ()\n      ^\n");
    check_error("\"t.a\"() [^bb3] : () -> ()",
                "e.mlir:1:10: error: reference to an undefined block '^bb3'\n\"t.a\"() [^bb3] : () -> ()\n         ^\n");
    check_error("%0 = \"t.a\"() : () -> i32\n%0 = \"t.a\"() : () -> i32",
                "e.mlir:2:1: error: redefinition of SSA value '%0'\n%0 = \"t.a\"() : () -> i32\n^\n");
    check_error("%0 = \"t.a\"() : () -> i32\n  \"t.b\"(%0) : (f32) -> ()",
                "e.mlir:2:9: error: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'\n"
                "  \"t.b\"(%0) : (f32) -> ()\n        ^\n");
    check_error("\"t.a\"() {a = 1 : i8, a = 2} : () -> ()",
                "e.mlir:1:22: error: duplicate key 'a' in dictionary attribute\n"
                "\"t.a\"() {a = 1 : i8, a = 2} : () -> ()\n                     ^\n");
    check_error("%0:2 = \"t.a\"() : () -> i32",
                "e.mlir:1:1: error: operation defines 1 results but was provided 2 to bind\n%0:2 = \"t.a\"() : () -> i32\n^\n");
    check_error("\"t.a\"() {a = 256 : i8} : () -> ()",
                "e.mlir:1:14: error: integer constant out of range for attribute\n"
                "\"t.a\"() {a = 256 : i8} : () -> ()\n             ^\n");
    check_error("\"t.a\"() {a = 1 : f32} : () -> ()",
                "e.mlir:1:14: error: unexpected decimal integer literal for a floating point value\n"
                "\"t.a\"() {a = 1 : f32} : () -> ()\n             ^\n");
    check_error("\"t.a\"() {a = -0x7FC00000 : f32} : () -> ()",
                "e.mlir:1:15: error: hexadecimal float literal should not have a leading minus\n"
                "\"t.a\"() {a = -0x7FC00000 : f32} : () -> ()\n              ^\n");
    check_error("\"t.a\"() {a = vector<0xf32>} : () -> ()",
                "e.mlir:1:23: error: vector types must have positive constant sizes\n"
                "\"t.a\"() {a = vector<0xf32>} : () -> ()\n                      ^\n");
    check_error("\"t.a\"() ({\n^bb0:\n^bb0:\n}) : () -> ()",
                "e.mlir:3:1: error: redefinition of block '^bb0'\n^bb0:\n^\n");
    check_error("%x = \"t.a\"() : () -> i32\ntt.func @f() {\n  \"t.use\"(%x) : (i32) -> ()\n}",
                "e.mlir:3:11: error: use of undeclared SSA value name\n  \"t.use\"(%x) : (i32) -> ()\n          ^\n");
    check_error("\"t.a\"() {a = \"abc} : () -> ()",
                "e.mlir:1:14: error: expected '\"' in string literal\n\"t.a\"() {a = \"abc} : () -> ()\n             ^\n");
    check_error("\"t.a\"() : () -> (i32",
                "e.mlir:1:20: error: expected ')' in type list\n\"t.a\"() : () -> (i32\n                   ^\n");
    check_error("foo.bar", "e.mlir:1:1: error: custom op 'foo.bar' is unknown\nfoo.bar\n^\n");
    check_error("\"t.a\"() {a = #nope} : () -> ()",
                "e.mlir:1:14: error: undefined symbol alias id 'nope'\n\"t.a\"() {a = #nope} : () -> ()\n             ^\n");
    check_error("\"t.a\"() : () -> () loc(#never)",
                "e.mlir:1:24: error: operation location alias was never defined\n\"t.a\"() : () -> () loc(#never)\n"
                "                       ^\n");
    check_error("%0 = tt.add %a, %b : i32",
                "e.mlir:1:13: error: use of undeclared SSA value name\n%0 = tt.add %a, %b : i32\n            ^\n");
    check_error("\"t.a\"() {a = dense<[1, 2]> : vector<3xi32>} : () -> ()",
                "e.mlir:1:28: error: inferred shape of elements literal ([2]) does not match type ([3])\n"
                "\"t.a\"() {a = dense<[1, 2]> : vector<3xi32>} : () -> ()\n                           ^\n");
    check_error("\"t.a\"() {a = dense<\"0x01\"> : vector<2xi32>} : () -> ()",
                "e.mlir:1:20: error: elements hex data size is invalid for provided type\n"
                "\"t.a\"() {a = dense<\"0x01\"> : vector<2xi32>} : () -> ()\n                   ^\n");
    check_error("#a = 1\n#a = 2", "e.mlir:2:1: error: redefinition of attribute alias id 'a'\n#a = 2\n^\n");
    check_error("\"t.a\"() : () -> ()\n\x01", "e.mlir:2:1: error: unexpected character\n\x01\n^\n");
    /* Unregistered operations when the context refuses them. */
    spvk_ir_context *ctx = new_context(NULL);
    spvk_ir_context_allow_unregistered(ctx, false);
    char *errors = NULL;
    spvk_result r;
    CHECK(!parse(ctx, "\"t.a\"() : () -> ()", 18, "e.mlir", &errors, &r) && r == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(errors, "unregistered operation 't.a'");
    free(errors);
    CHECK(!parse(ctx, "\"t.a\"() {x = #foo.bar} : () -> ()", 33, "e.mlir", &errors, &r));
    free(errors);
    spvk_ir_context_destroy(ctx);
}

/* ---- Hostile inputs ---- */

/* Names of digits, as MLIR prints them, go through the parser's dense index: isolated regions keep
   their own (an enclosing region's number falls back to the hash table), %0 and %00 differ, large
   numbers and forward references work, and a closed function's numbers are free again. */
static void test_numbered_names(void)
{
    check_output("%0 = tt.const 1 : i32\n%7 = tt.const 2 : i32\n"
                 "tt.func @f(%a: i32) {\n  %0 = tt.add %a, %a : i32\n  %00 = tt.add %0, %0 : i32\n"
                 "  tt.br ^bb1\n^bb2:\n  %9 = tt.add %5, %65536 : i32\n  \"t.ret\"(%9) : (i32) -> ()\n"
                 "^bb1:\n  %5 = tt.add %00, %0 : i32\n  %65536 = tt.add %5, %5 : i32\n  tt.br ^bb2\n}\n"
                 "tt.func @g(%a: i32) {\n  %5 = tt.add %a, %a : i32\n  \"t.ret\"(%5) : (i32) -> ()\n}\n"
                 "%1 = tt.add %0, %7 : i32",
                 false, false,
                 "module {\n  %0 = tt.const 1 : i32\n  %1 = tt.const 2 : i32\n  tt.func @f(%arg0: i32) {\n"
                 "    %3 = tt.add %arg0, %arg0 : i32\n    %4 = tt.add %3, %3 : i32\n    tt.br ^bb2\n  ^bb1:  // pred: ^bb2\n"
                 "    %5 = tt.add %6, %7 : i32\n    \"t.ret\"(%5) : (i32) -> ()\n  ^bb2:  // pred: ^bb0\n"
                 "    %6 = tt.add %4, %3 : i32\n    %7 = tt.add %6, %6 : i32\n    tt.br ^bb1\n  }\n"
                 "  tt.func @g(%arg0: i32) {\n    %3 = tt.add %arg0, %arg0 : i32\n    \"t.ret\"(%3) : (i32) -> ()\n  }\n"
                 "  %2 = tt.add %0, %1 : i32\n}\n");
    check_error("%3 = tt.const 1 : i32\ntt.func @f(%a: i32) {\n  %1 = tt.add %a, %3 : i32\n}",
                "e.mlir:3:19: error: use of undeclared SSA value name\n  %1 = tt.add %a, %3 : i32\n                  ^\n");
    check_error("%2 = tt.const 1 : i32\n%2 = tt.const 1 : i32",
                "e.mlir:2:1: error: redefinition of SSA value '%2'\n%2 = tt.const 1 : i32\n^\n");
    check_error("\"t.r\"() ({\n  %1 = tt.add %4, %4 : i32\n}) : () -> ()",
                "e.mlir:2:15: error: use of undeclared SSA value name\n  %1 = tt.add %4, %4 : i32\n              ^\n");
}

static char *repeat(const char *prefix, const char *unit, size_t n, const char *middle, const char *close,
                    const char *suffix)
{
    size_t len = strlen(prefix) + n * (strlen(unit) + strlen(close)) + strlen(middle) + strlen(suffix) + 1;
    char *s = malloc(len);
    strcpy(s, prefix);
    for (size_t i = 0; i < n; i++)
        strcat(s, unit);
    strcat(s, middle);
    for (size_t i = 0; i < n; i++)
        strcat(s, close);
    strcat(s, suffix);
    return s;
}

static void expect_rejected(const char *text, const char *needle)
{
    spvk_ir_context *ctx = new_context(NULL);
    char *errors = NULL;
    spvk_result r;
    spvk_ir_op *m = parse(ctx, text, strlen(text), "deep.mlir", &errors, &r);
    CHECK(!m && r == SPVK_ERROR_INVALID);
    CHECK_STR_CONTAINS(errors, needle);
    free(errors);
    spvk_ir_context_destroy(ctx);
}

static void test_deep_nesting(void)
{
    char *s = repeat("", "\"t.r\"() ({\n", 1000, "", "}) : () -> ()\n", "");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = ", "[", 5000, "1", "]", "} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = ", "tuple<", 5000, "i32", ">", "} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = ", "(", 5000, "", ") -> ()", "} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = dense<", "[", 5000, "1", "]", "> : vector<1xi32>} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = #foo.bar", "<", 5000, "", ">", "} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    s = repeat("\"t.a\"() {a = loc(", "callsite(", 5000, "unknown", " at unknown)", ")} : () -> ()");
    expect_rejected(s, "nesting too deep");
    free(s);
    /* 100 levels are fine. */
    s = repeat("", "\"t.r\"() ({\n", 100, "", "}) : () -> ()\n", "");
    free_string(check_fixpoint_mode(s, false, false, "100 nested regions"));
    free(s);
}

/* ---- spvk_ir_print_to: the text in chunks, the same as spvk_ir_print's ---- */

typedef struct chunks {
    char *text;
    size_t length, calls, fail_at;
} chunks;

static bool collect_chunk(void *user, const char *text, size_t length)
{
    chunks *c = user;
    if (++c->calls == c->fail_at)
        return false;
    char *grown = realloc(c->text, c->length + length + 1);
    if (!grown)
        return false;
    memcpy(grown + c->length, text, length);
    c->length += length;
    grown[c->length] = 0;
    c->text = grown;
    return true;
}

static void test_print_to(void)
{
    /* Enough ops for several 64 KiB chunks. */
    char *s = repeat("\"t.r\"() ({\n", "  \"t.a\"() {k = \"a string that takes some room\"} : () -> ()\n", 6000, "",
                     "", "}) : () -> ()\n");
    spvk_ir_context *ctx = new_context(NULL);
    spvk_ir_op *m = NULL;
    CHECK(spvk_ir_parse(ctx, s, strlen(s), "big.mlir", &m, NULL) == SPVK_OK);
    spvk_ir_print_options po = {.generic = false, .debug_info = false, .assume_verified = false};
    char *whole = spvk_ir_print(ctx, m, &po);
    chunks c = {NULL, 0, 0, 0};
    CHECK(spvk_ir_print_to(ctx, m, &po, collect_chunk, &c) == SPVK_OK);
    CHECK(c.calls > 2);
    CHECK(whole && c.text && strcmp(whole, c.text) == 0);
    free(c.text);
    chunks failing = {NULL, 0, 0, 2};
    CHECK(spvk_ir_print_to(ctx, m, &po, collect_chunk, &failing) == SPVK_ERROR_IO);
    CHECK(failing.calls == 2); /* nothing more is written after a failed write */
    free(failing.text);
    CHECK(spvk_ir_print_to(ctx, m, &po, NULL, NULL) == SPVK_ERROR_USAGE);
    free_string(whole);
    spvk_ir_context_destroy(ctx);
    free(s);
}

/* A rich input that touches most of the grammar, for truncation and mutation. */
static const char rich[] =
    "#map = affine_map<(d0) -> (d0)>\n!box = !tt.box<i32>\n"
    "module @m attributes {tt.k = [1, 2.5 : f32, \"s\\n\"]} {\n"
    "  %0:2 = \"t.a\"() {d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, m = memref<4xf32, #map>, "
    "s = @a::@\"b c\", x = array<i8: 1, -2>} : () -> (i32, !box)\n"
    "  tt.func @f(%a: i32) {\n    %1 = tt.add %a, %a : i32\n    tt.br ^bb1(%1 : i32)\n"
    "  ^bb1(%b: i32 loc(\"q\":1:2)):\n    tt.loop {\n      %2 = tt.add %b, %b : i32\n    }\n"
    "    \"t.ret\"() : () -> ()\n  }\n"
    "  \"t.r\"(%0#0) ({\n  ^bb0(%z: vector<[4]xf16>):\n    \"t.y\"(%z)[^bb1] : (vector<[4]xf16>) -> ()\n"
    "  ^bb1:\n    \"t.x\"() {f = 0x7FC00000 : f32, g = -1.5e-3 : f64, h = #tt.tag<3>} : () -> ()\n"
    "  }) : (i32) -> () loc(fused[\"a\":1:2, callsite(\"b\" at \"c\":3:4)])\n}\n";

static void test_truncations(void)
{
    spvk_ir_context *ctx = new_context(NULL);
    size_t n = strlen(rich);
    size_t ok = 0;
    for (size_t i = 0; i <= n; i++) {
        spvk_result r;
        spvk_ir_op *m = parse(ctx, rich, i, "t.mlir", NULL, &r);
        if (m) {
            ok++;
            char *s = print(ctx, m, false, false);
            free_string(s);
        }
        CHECK(r == SPVK_OK || r == SPVK_ERROR_INVALID);
    }
    CHECK(ok >= 2); /* the empty prefix and the whole text at least */
    spvk_ir_context_destroy(ctx);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_mutations(void)
{
    static const char alphabet[] = "%^#!@\"(){}[]<>,:=-x0123456789.abfiu \n\\?*";
    size_t n = strlen(rich);
    char *buf = malloc(n + 64);
    size_t parsed = 0, total = 3000;
    for (size_t iter = 0; iter < total; iter++) {
        memcpy(buf, rich, n + 1);
        size_t len = n;
        int edits = 1 + (int)(rng() % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = (size_t)(rng() % len);
            switch (rng() % 4) {
            case 0: /* replace */
                buf[at] = alphabet[rng() % (sizeof alphabet - 1)];
                break;
            case 1: /* delete */
                memmove(buf + at, buf + at + 1, len - at);
                len--;
                break;
            case 2: /* insert */
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = alphabet[rng() % (sizeof alphabet - 1)];
                len++;
                break;
            default: /* a nul byte */
                buf[at] = 0;
                break;
            }
        }
        spvk_ir_context *ctx = new_context(NULL);
        spvk_result r;
        spvk_ir_op *m = parse(ctx, buf, len, "mut.mlir", NULL, &r);
        CHECK(r == SPVK_OK || r == SPVK_ERROR_INVALID);
        if (m) {
            /* Whatever parses must print and reparse to a fixpoint. */
            parsed++;
            char *a = print(ctx, m, false, false);
            spvk_ir_op *m2 = a ? parse(ctx, a, strlen(a), "p.mlir", NULL, NULL) : NULL;
            char *b = m2 ? print(ctx, m2, false, false) : NULL;
            CHECK(a && b && strcmp(a, b) == 0);
            free_string(a);
            free_string(b);
        }
        spvk_ir_context_destroy(ctx);
    }
    free(buf);
    CHECK(parsed > 0);
}

static void test_hostile_values(void)
{
    expect_rejected("\"t.a\"() {a = 99999999999999999999999 : i64} : () -> ()", "out of range");
    expect_rejected("\"t.a\"() {a = vector<99999999999999999999999xf32>} : () -> ()", "invalid dimension");
    expect_rejected("\"t.a\"() {a = i99999999} : () -> ()", "integer bitwidth is limited");
    expect_rejected("\"t.a\"(%0#99999999999) : (i32) -> ()", "invalid SSA value result number");
    expect_rejected("%0:99999999999 = \"t.a\"() : () -> ()", "expected integer number of results");
    expect_rejected("\"t.a\"() {a = dense<1> : tensor<?xi32>} : () -> ()", "static shape");
    expect_rejected("\"t.a\"() {a = #foo<\"unterminated} : () -> ()", "unbalanced");
    /* A nul inside the text is an error, not an end. */
    const char with_nul[] = "\"t.a\"() : () -> ()\0\"t.b\"() : () -> ()";
    spvk_ir_context *ctx = new_context(NULL);
    spvk_result r;
    CHECK(!parse(ctx, with_nul, sizeof with_nul - 1, "nul.mlir", NULL, &r) && r == SPVK_ERROR_INVALID);
    /* Bad arguments. */
    spvk_ir_op *m;
    CHECK(spvk_ir_parse(ctx, NULL, 5, "x", &m, NULL) == SPVK_ERROR_USAGE);
    CHECK(spvk_ir_parse(ctx, "", 0, NULL, &m, NULL) == SPVK_OK && m);
    spvk_ir_context_destroy(ctx);
}

/* ---- Out of memory: every allocation failing in turn ---- */

static void test_out_of_memory(void)
{
    long n;
    bool done = false;
    for (n = 0; n < 100000 && !done; n++) {
        test_allocator_state st = {0, n, 0, 0};
        spvk_allocator a = {test_realloc, &st};
        spvk_ir_context *ctx = spvk_ir_context_create(&a);
        if (ctx && spvk_ir_register_all_dialects(ctx) && spvk_ir_register_dialect(ctx, &tt_dialect)) {
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, &a);
            spvk_ir_op *m = NULL;
            spvk_result r = spvk_ir_parse(ctx, rich, strlen(rich), "oom.mlir", &m, &d);
            if (r != SPVK_OK && r != SPVK_ERROR_OUT_OF_MEMORY) {
                test_failed++;
                fprintf(stderr, "OOM at allocation %ld gave result %d\n", n, r);
            }
            if (r == SPVK_OK) {
                spvk_ir_print_options o = {.generic = false, .debug_info = true, .assume_verified = false};
                char *s = spvk_ir_print(ctx, m, &o);
                if (s) {
                    spvk_free(&a, s, strlen(s) + 1);
                    done = true;
                }
            }
            spvk_diagnostics_free(&d);
        }
        if (ctx)
            spvk_ir_context_destroy(ctx);
        if (st.live_bytes != 0) {
            test_failed++;
            fprintf(stderr, "OOM at allocation %ld leaked %lld bytes\n", n, st.live_bytes);
            break;
        }
    }
    CHECK(done);
    printf("out-of-memory loop: %ld allocation points\n", n);
}

/* ---- Public helpers ---- */

static void test_float_helpers(void)
{
    spvk_ir_context *ctx = new_context(NULL);
    const spvk_ir_type *f16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_IEEE);
    const spvk_ir_type *bf16 = spvk_ir_float_type(ctx, 16, SPVK_FLOAT_BF16);
    const spvk_ir_type *f32 = spvk_ir_float_type(ctx, 32, SPVK_FLOAT_IEEE);
    CHECK(spvk_ir_float_to_bits(f16, 1.0) == 0x3C00);
    CHECK(spvk_ir_float_to_bits(bf16, 1.0) == 0x3F80);
    CHECK(spvk_ir_float_to_bits(f32, -2.0) == 0xC0000000u);
    CHECK(spvk_ir_float_to_bits(f32, spvk_ir_float_from_bits(f32, 0x7FC00123u)) == 0x7FC00123u);
    CHECK(spvk_ir_float_to_bits(f16, spvk_ir_float_from_bits(f16, 0x7D01)) == 0x7D01); /* signalling NaN kept */
    CHECK(spvk_ir_float_to_bits(f16, spvk_ir_float_from_bits(f16, 0x0001)) == 0x0001);
    char *s = spvk_ir_print_attr(ctx, spvk_ir_float_attr(ctx, f32, spvk_ir_float_from_bits(f32, 0x7F800000u)));
    CHECK_STR_EQ(s, "0x7F800000 : f32");
    free_string(s);
    s = spvk_ir_print_type(ctx, spvk_ir_vector_type(ctx, (const int64_t[]){2, 3}, 2, f16));
    CHECK_STR_EQ(s, "vector<2x3xf16>");
    free_string(s);
    spvk_ir_context_destroy(ctx);
}

/* ---- Data-driven cases (tests/ir/text) ---- */

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)len + 1);
    *n = fread(b, 1, (size_t)len, f);
    b[*n] = 0;
    fclose(f);
    return b;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_case(const char *dir, const char *name)
{
    size_t room = strlen(dir) + strlen(name) + 16;
    char *path = malloc(room), *expected_path = malloc(room);
    snprintf(path, room, "%s/%s", dir, name);
    snprintf(expected_path, room, "%s/%s", dir, name);
    strcpy(expected_path + strlen(expected_path) - 5, ".expected");
    size_t n = 0, en = 0;
    char *text = read_file(path, &n);
    char *expected = read_file(expected_path, &en);
    if (!text || !expected) {
        test_failed++;
        fprintf(stderr, "%s: missing input or .expected\n", path);
        free(text);
        free(expected);
        free(path);
        free(expected_path);
        return;
    }
    bool generic = false, debug_info = false, error = false, strict = false;
    if (strncmp(text, "// RUN-OPTIONS:", 15) == 0) {
        const char *e = strchr(text, '\n');
        size_t l = e ? (size_t)(e - text) : strlen(text);
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)l, text);
        generic = strstr(line, " generic") != NULL;
        debug_info = strstr(line, " debug-info") != NULL;
        error = strstr(line, " error") != NULL;
        strict = strstr(line, " no-unregistered") != NULL;
    }
    spvk_ir_context *ctx = new_context(NULL);
    if (strict)
        spvk_ir_context_allow_unregistered(ctx, false);
    char *errors = NULL;
    spvk_ir_op *m = parse(ctx, text, n, name, &errors, NULL);
    if (error) {
        if (!m && strcmp(errors, expected) == 0)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: expected the error\n%s--- got\n%s\n", name, expected, m ? "(parsed)" : errors);
        }
    } else if (!m) {
        test_failed++;
        fprintf(stderr, "%s: parse failed:\n%s", name, errors);
    } else {
        char *out = print(ctx, m, generic, debug_info);
        if (out && strcmp(out, expected) == 0)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: output differs from %s:\n--- got\n%s", name, expected_path, out ? out : "(null)");
        }
        /* The expected text itself must be a fixpoint. */
        spvk_ir_op *m2 = parse(ctx, expected, en, expected_path, NULL, NULL);
        char *again = m2 ? print(ctx, m2, generic, debug_info) : NULL;
        if (again && strcmp(again, expected) == 0)
            test_passed++;
        else {
            test_failed++;
            fprintf(stderr, "%s: the expected output does not print to itself\n", expected_path);
        }
        free_string(out);
        free_string(again);
    }
    free(errors);
    spvk_ir_context_destroy(ctx);
    free(text);
    free(expected);
    free(path);
    free(expected_path);
}

static void test_cases(const char *root)
{
    size_t room = strlen(root) + 16;
    char *dir = malloc(room);
    snprintf(dir, room, "%s/tests/ir/text", root);
    DIR *d = opendir(dir);
    if (!d) {
        test_failed++;
        fprintf(stderr, "cannot open %s\n", dir);
        free(dir);
        return;
    }
    char *names[1024];
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t l = strlen(e->d_name);
        if (l > 5 && strcmp(e->d_name + l - 5, ".mlir") == 0 && count < 1024)
            names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        run_case(dir, names[i]);
        free(names[i]);
    }
    free(dir);
    printf("data-driven cases: %zu\n", count);
    CHECK(count > 0);
}

/* A parsed block argument owns its location, as a parsed op does (ir_block_add_arg_owning): it
   prints where the argument was written, survives the context reusing the argument's memory, and
   an explicit loc(...) still wins. */
static void test_block_argument_locations(void)
{
    static const char text[] = "tt.func @f(%a: i32, %b: f32) {\n"
                               "  tt.br ^bb1(%a : i32)\n"
                               "^bb1(%x: i32, %y: i32 loc(\"given\":9:9)):\n"
                               "  \"t.ret\"() : () -> ()\n"
                               "}\n";
    spvk_ir_context *ctx = new_context(NULL);
    for (int round = 0; round < 3; round++) {
        /* Parsed, printed, erased: the next round's arguments take the freed memory. */
        spvk_ir_op *m = parse(ctx, text, strlen(text), "args.mlir", NULL, NULL);
        char *out = m ? print(ctx, m, true, true) : NULL;
        CHECK(out && strstr(out, "^bb0(%arg0: i32 loc(\"args.mlir\":1:12), %arg1: f32 loc(\"args.mlir\":1:21)):"));
        CHECK(out && strstr(out, "^bb1(%0: i32 loc(\"args.mlir\":3:6), %1: i32 loc(\"given\":9:9)):"));
        free_string(out);
        if (m)
            spvk_ir_op_erase(ctx, m);
    }
    spvk_ir_context_destroy(ctx);
}

int main(int argc, char **argv)
{
    test_block_argument_locations();
    test_fixpoints();
    test_outputs();
    test_errors();
    test_numbered_names();
    test_deep_nesting();
    test_print_to();
    test_truncations();
    test_mutations();
    test_hostile_values();
    test_float_helpers();
    test_out_of_memory();
    if (argc > 1)
        test_cases(argv[1]);
    TEST_SUMMARY();
}
