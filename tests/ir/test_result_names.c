/* Result-name hints (spvk_ir_op_def.result_names) in the printer: MLIR 19's sanitizing and
   uniquing (`%c0`, `%c0_0`; one conflict counter that sibling regions restart from their
   parent's), names visible in nested regions but not in siblings, `%argN` as used names, result
   groups (`%x:2, %y = `, uses `%x#1`), numbered results among named ones, and the generic form
   (numbers only). */
#include <stdio.h>
#include <string.h>

#include "../unit/test.h"
#include "spvkit/dialects.h"
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

/* tn.c {n = "name"}: names its result n. */
static void tn_c_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    const spvk_ir_attr *n = spvk_ir_op_attr(op, "n");
    if (n && n->kind == SPVK_ATTR_STRING)
        set_name(user, &op->results[0], n->string, n->length);
}

/* tn.multi {names = [...]}: result i named by string i ("" asks for a number), unit: no call. */
static void tn_multi_names(const spvk_ir_op *op, spvk_ir_name_fn set_name, void *user)
{
    const spvk_ir_attr *a = spvk_ir_op_attr(op, "names");
    for (uint32_t i = 0; a && i < a->num_attrs && i < op->num_results; i++)
        if (a->attrs[i]->kind == SPVK_ATTR_STRING)
            set_name(user, &op->results[i], a->attrs[i]->string, a->attrs[i]->length);
}

static const spvk_ir_dialect tn_dialect;
static const spvk_ir_op_def tn_defs[] = {
    {.name = "tn.c", .dialect = &tn_dialect, .num_regions = 0, .result_names = tn_c_names},
    {.name = "tn.multi", .dialect = &tn_dialect, .num_regions = 0, .result_names = tn_multi_names},
    {.name = "tn.iso", .dialect = &tn_dialect, .traits = SPVK_TRAIT_ISOLATED_FROM_ABOVE | SPVK_TRAIT_NO_TERMINATOR, .num_regions = -1},
    {.name = "tn.region", .dialect = &tn_dialect, .traits = SPVK_TRAIT_NO_TERMINATOR, .num_regions = -1},
};

static bool tn_register(spvk_ir_context *ctx, const spvk_ir_dialect *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof tn_defs / sizeof *tn_defs; i++)
        if (!spvk_ir_register_op(ctx, &tn_defs[i]))
            return false;
    return true;
}

static const spvk_ir_dialect tn_dialect = {.name = "tn", .register_ops = tn_register};

static char *print_text(const char *text, bool generic)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    char *out = NULL;
    if (ctx && spvk_ir_register_all_dialects(ctx) && spvk_ir_register_dialect(ctx, &tn_dialect)) {
        spvk_ir_op *m = NULL;
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        if (spvk_ir_parse(ctx, text, strlen(text), "names.mlir", &m, &d) == SPVK_OK) {
            spvk_ir_print_options o = {0};
            o.generic = generic;
            out = spvk_ir_print(ctx, m, &o);
        }
        for (size_t i = 0; i < d.count; i++)
            fprintf(stderr, "%u:%u: %s\n", d.items[i].line, d.items[i].column, d.items[i].message);
        spvk_diagnostics_free(&d);
    }
    spvk_ir_context_destroy(ctx);
    return out;
}

static const char input[] =
    "\"tn.iso\"() ({\n"
    "^bb0(%a: i32):\n"
    "  %0 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
    "  %1 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
    "  %2 = \"tn.c\"() {n = \"c1\"} : () -> index\n"
    "  %3 = \"tn.c\"() {n = \"c1\"} : () -> index\n"
    "  %4 = \"tn.c\"() {n = \"arg0\"} : () -> index\n"
    "  %5 = \"tn.c\"() {n = \"arg1\"} : () -> index\n"
    "  %6 = \"tn.c\"() {n = \"9 x-y.z$\"} : () -> index\n"
    "  %7 = \"tn.c\"() {n = \"a+b\"} : () -> index\n"
    "  %8 = \"tn.plain\"() : () -> index\n"
    "  %9:3 = \"tn.multi\"() {names = [\"x\", unit, \"y\"]} : () -> (i32, i32, i32)\n"
    "  %10:2 = \"tn.multi\"() {names = [unit, \"z\"]} : () -> (i32, i32)\n"
    "  %11:2 = \"tn.multi\"() {names = [\"\", \"w\"]} : () -> (i32, i32)\n"
    "  \"tn.region\"() ({\n"
    "    %c = \"tn.c\"() {n = \"c0\"} : () -> index\n"
    "    %d = \"tn.c\"() {n = \"c5\"} : () -> index\n"
    "    \"tn.use\"(%c, %d, %9#1, %a) : (index, index, i32, i32) -> ()\n"
    "  }, {\n"
    "    %c = \"tn.c\"() {n = \"c5\"} : () -> index\n"
    "    %e = \"tn.plain\"() : () -> index\n"
    "  }) : () -> ()\n"
    "  %12 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
    "  \"tn.use\"(%9#0, %9#1, %9#2, %10#0, %10#1, %11#0, %11#1, %0, %4, %5, %6, %7, %8) : "
    "(i32, i32, i32, i32, i32, i32, i32, index, index, index, index, index, index) -> ()\n"
    "}) : () -> ()\n"
    "\"tn.iso\"() ({\n"
    "  %0 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
    "}) : () -> ()\n";

static void test_custom_names(void)
{
    char *s = print_text(input, false);
    CHECK_STR_EQ(s, "module {\n"
                    "  \"tn.iso\"() ({\n"
                    "  ^bb0(%arg0: i32):\n"
                    "    %c0 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
                    "    %c0_0 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
                    "    %c1 = \"tn.c\"() {n = \"c1\"} : () -> index\n"
                    "    %c1_1 = \"tn.c\"() {n = \"c1\"} : () -> index\n"
                    "    %arg0_2 = \"tn.c\"() {n = \"arg0\"} : () -> index\n"
                    "    %arg1 = \"tn.c\"() {n = \"arg1\"} : () -> index\n"
                    "    %_9_x-y.z$ = \"tn.c\"() {n = \"9 x-y.z$\"} : () -> index\n"
                    "    %a2Bb = \"tn.c\"() {n = \"a+b\"} : () -> index\n"
                    "    %0 = \"tn.plain\"() : () -> index\n"
                    "    %x:2, %y = \"tn.multi\"() {names = [\"x\", unit, \"y\"]} : () -> (i32, i32, i32)\n"
                    "    %1, %z = \"tn.multi\"() {names = [unit, \"z\"]} : () -> (i32, i32)\n"
                    "    %2, %w = \"tn.multi\"() {names = [\"\", \"w\"]} : () -> (i32, i32)\n"
                    "    \"tn.region\"() ({\n"
                    "      %c0_4 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
                    "      %c5 = \"tn.c\"() {n = \"c5\"} : () -> index\n"
                    "      \"tn.use\"(%c0_4, %c5, %x#1, %arg0) : (index, index, i32, i32) -> ()\n"
                    "    }, {\n"
                    "      %c5 = \"tn.c\"() {n = \"c5\"} : () -> index\n"
                    "      %3 = \"tn.plain\"() : () -> index\n"
                    "    }) : () -> ()\n"
                    "    %c0_3 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
                    "    \"tn.use\"(%x#0, %x#1, %y, %1, %z, %2, %w, %c0, %arg0_2, %arg1, %_9_x-y.z$, %a2Bb, %0) : "
                    "(i32, i32, i32, i32, i32, i32, i32, index, index, index, index, index, index) -> ()\n"
                    "  }) : () -> ()\n"
                    "  \"tn.iso\"() ({\n"
                    "    %c0 = \"tn.c\"() {n = \"c0\"} : () -> index\n"
                    "  }) : () -> ()\n"
                    "}\n");
    /* The names print back to themselves. */
    char *again = s ? print_text(s, false) : NULL;
    CHECK_STR_EQ(again, s);
    spvk_free(NULL, again, again ? strlen(again) + 1 : 0);
    spvk_free(NULL, s, s ? strlen(s) + 1 : 0);
}

static void test_generic_numbers(void)
{
    char *s = print_text(input, true);
    CHECK(s && strstr(s, "%0 = \"tn.c\"()") && !strstr(s, "%c0"));
    spvk_free(NULL, s, s ? strlen(s) + 1 : 0);
}

int main(void)
{
    test_custom_names();
    test_generic_numbers();
    TEST_SUMMARY();
}
