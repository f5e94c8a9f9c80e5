/* spvkit val: argument parsing and printing around spvk_validate and spvk_module_requirements. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char CLI_VAL_HELP[] =
    "Validates a SPIR-V module (binary, or assembly text told apart by the magic number) for a\n"
    "target environment and reports every problem with the rule it breaks, the instruction and\n"
    "its position (word offset; file:line:col for assembly).\n"
    "\n"
    "  --target-env ENV   spv1.0..spv1.6 (default: the module's own version, universal rules),\n"
    "                     vulkan1.0..vulkan1.4, opencl1.2|2.0|2.1|2.2[-full|-embedded]\n"
    "  --profile FILE     a device profile (docs/target_env.md); profiles/ has lavapipe and\n"
    "                     nvidia-hopper\n"
    "  --max-errors N     stop after N problems (default: report all)\n"
    "  --requirements     print the smallest SPIR-V version and the capabilities and extensions\n"
    "                     the module needs, instead of validating\n"
    "\n"
    "Exit status: 0 valid, 1 invalid, 2 usage or I/O error.\n";

static int print_requirements(const uint32_t *words, size_t count, const char *name)
{
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_requirements req;
    spvk_result r = spvk_module_requirements(words, count, NULL, &req, &diags);
    cli_print_diagnostics(&diags, name, false);
    spvk_diagnostics_free(&diags);
    if (r != SPVK_OK)
        return cli_exit_for(r);
    printf("version: %u.%u\ncapabilities:", req.min_version >> 16, (req.min_version >> 8) & 0xff);
    const spvk_operand_kind_desc *caps = spvk_operand_kind(SPVK_OPERAND_Capability);
    for (uint16_t e = 0; e < caps->num_enumerants; e++)
        if (spvk_capability_set_has(&req.capabilities, caps->enumerants[e].value))
            printf(" %s", caps->enumerants[e].name);
    printf("\nextensions:");
    for (size_t e = 0; e < spvk_extension_count(); e++)
        if (spvk_extension_set_has(&req.extensions, (unsigned)e))
            printf(" %s", spvk_extension_name((unsigned)e));
    printf("\n");
    return EXIT_OK;
}

static int load_profile(const char *path, spvk_target *target)
{
    cli_input in;
    int rc = cli_read_input("spvkit val", path, &in);
    if (rc)
        return rc;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);
    spvk_result r = spvk_target_from_profile(in.data, in.size, path, NULL, target, &diags);
    cli_print_diagnostics(&diags, path, true);
    spvk_diagnostics_free(&diags);
    cli_input_free(&in);
    if (r != SPVK_OK) {
        if (r != SPVK_ERROR_INVALID)
            fprintf(stderr, "spvkit val: %s: %s\n", path, spvk_result_string(r));
        return EXIT_USAGE; /* a broken profile is a usage error, not an invalid module */
    }
    return EXIT_OK;
}

int cli_val(int argc, char **argv)
{
    const char *input = NULL, *env = NULL, *profile = NULL;
    bool requirements = false;
    size_t max_errors = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--target-env") == 0 || strcmp(a, "--profile") == 0 || strcmp(a, "--max-errors") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("val", "%s needs a value", a);
            const char *value = argv[++i];
            if (a[2] == 't') {
                env = value;
            } else if (a[2] == 'p') {
                profile = value;
            } else {
                char *end;
                unsigned long long n = strtoull(value, &end, 10);
                if (!*value || *end || value[0] == '-' || n == 0)
                    return cli_usage_error("val", "--max-errors needs a positive number, not %s", value);
                max_errors = (size_t)n;
            }
        } else if (strcmp(a, "--requirements") == 0) {
            requirements = true;
        } else if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (input)
                return cli_usage_error("val", "more than one input (%s)", a);
            input = a;
        } else {
            return cli_usage_error("val", "unknown option %s", a);
        }
    }
    if (env && profile)
        return cli_usage_error("val", "--target-env and --profile both name the target; give one (%s)", profile);
    spvk_target target;
    if (env && spvk_target_from_name(env, &target) != SPVK_OK) {
        fprintf(stderr, "spvkit val: unknown target environment '%s'; known: %s\n", env, spvk_target_names());
        return EXIT_USAGE;
    }
    if (profile) {
        int rc = load_profile(profile, &target);
        if (rc)
            return rc;
    }

    /* Text for a named target is assembled at the newest version the target accepts, as
       `spirv-as --target-env` would, unless its "; Version:" comment says otherwise. */
    cli_source source = {.default_version = env || profile ? target.max_spirv_version : 0};
    cli_module module;
    int rc = cli_load_module_source("spvkit val", input, &module, &source);
    if (rc)
        return rc;
    const uint32_t *words = module.words;
    size_t count = module.count;
    const char *name = input && strcmp(input, "-") != 0 ? input : "<stdin>";
    bool text = source.text.data != NULL;
    spvk_diagnostics diags;
    spvk_diagnostics_init(&diags, NULL);

    if (requirements) {
        rc = print_requirements(words, count, name);
    } else {
        diags.max_errors = max_errors;
        spvk_validate_options options = {.target = env || profile ? &target : NULL,
                                         .source_map = text ? &source.map : NULL};
        spvk_result r = spvk_validate(words, count, &options, NULL, &diags);
        cli_print_diagnostics(&diags, name, text);
        if (r != SPVK_OK && r != SPVK_ERROR_INVALID)
            fprintf(stderr, "spvkit val: %s\n", spvk_result_string(r));
        rc = cli_exit_for(r);
    }
    spvk_diagnostics_free(&diags);
    cli_source_free(&source);
    cli_module_free(&module);
    return rc;
}
