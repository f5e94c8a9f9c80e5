/* libFuzzer harness: the MLIR text parser and printer on arbitrary bytes. Any input must give
   SPVK_OK or SPVK_ERROR_INVALID, never a crash, a leak or an over-read; whatever parses must print,
   reparse and print again to the same text, in custom, generic and debug-info forms. */
#include <stdlib.h>
#include <string.h>

#include "spvkit/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_fixpoint(spvk_ir_context *ctx, const spvk_ir_op *m, bool generic, bool debug_info)
{
    spvk_ir_print_options o = {.generic = generic, .debug_info = debug_info, .assume_verified = false};
    char *a = spvk_ir_print(ctx, m, &o);
    if (!a)
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m2 = NULL;
    if (spvk_ir_parse(ctx, a, strlen(a), "printed.mlir", &m2, &d) != SPVK_OK)
        abort(); /* the printer wrote something the parser refuses */
    spvk_diagnostics_free(&d);
    char *b = spvk_ir_print(ctx, m2, &o);
    if (!b || strcmp(a, b) != 0)
        abort(); /* print/parse/print is not a fixpoint */
    spvk_free(NULL, a, strlen(a) + 1);
    spvk_free(NULL, b, strlen(b) + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spvk_ir_context *ctx = spvk_ir_context_create(NULL);
    if (!ctx || !spvk_ir_register_all_dialects(ctx))
        abort();
    spvk_diagnostics d;
    spvk_diagnostics_init(&d, NULL);
    spvk_ir_op *m = NULL;
    spvk_result r = spvk_ir_parse(ctx, (const char *)data, size, "fuzz.mlir", &m, &d);
    spvk_diagnostics_free(&d);
    if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
        abort();
    if (r == SPVK_OK) {
        check_fixpoint(ctx, m, false, false);
        check_fixpoint(ctx, m, true, false);
        check_fixpoint(ctx, m, false, true);
    }
    spvk_ir_context_destroy(ctx);
    return 0;
}
