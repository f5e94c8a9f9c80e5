/* Target environments: built-in names, versions, capability and extension sets per client
   API and version, device profiles (spvkit's format and MLIR's #spirv.target_env), and their
   errors. argv[1] is the source directory (for profiles/). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvkit/grammar.h"
#include "spvkit/target.h"
#include "../unit/test.h"

static const char *source_dir = ".";

static bool allows(const spvk_target *t, const char *capability)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_name(SPVK_OPERAND_Capability, capability, strlen(capability));
    if (!e) {
        fprintf(stderr, "no capability %s\n", capability);
        return false;
    }
    return spvk_target_allows_capability(t, e->value);
}

static bool allows_ext(const spvk_target *t, const char *extension)
{
    int i = spvk_extension_by_name(extension, strlen(extension));
    if (i < 0) {
        fprintf(stderr, "no extension %s\n", extension);
        return false;
    }
    return spvk_target_allows_extension(t, (unsigned)i);
}

static void test_names(void)
{
    spvk_target t;
    static const char *const names[] = {"spv1.0", "spv1.6", "vulkan1.0", "vulkan1.1", "vulkan1.1spv1.4",
                                        "vulkan1.2", "vulkan1.3", "vulkan1.4", "opencl1.2", "opencl2.0-full",
                                        "opencl2.0-embedded", "opencl2.0embedded", "opencl2.1", "opencl2.2"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK(spvk_target_from_name(names[i], &t) == SPVK_OK);
    static const char *const bad[] = {"", "spv1.7", "spv2.0", "vulkan1.5", "vulkan1.2spv1.4", "vulkan1.3x",
                                      "opencl3.0", "opencl2.0-", "opencl2.0full", "opencl", "opengl4.5",
                                      "spv1.", "vulkan"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(spvk_target_from_name(bad[i], &t) == SPVK_ERROR_USAGE);
    CHECK(spvk_target_from_name(NULL, &t) == SPVK_ERROR_USAGE);
    /* Every name the usage list prints resolves. */
    char list[512];
    snprintf(list, sizeof list, "%s", spvk_target_names());
    int count = 0;
    for (char *name = strtok(list, " "); name; name = strtok(NULL, " "), count++)
        CHECK(spvk_target_from_name(name, &t) == SPVK_OK);
    CHECK(count == 21);

    CHECK(spvk_target_from_name("opencl2.0embedded", &t) == SPVK_OK);
    CHECK(strcmp(t.name, "opencl2.0-embedded") == 0 && t.embedded && t.api == SPVK_CLIENT_OPENCL);
    CHECK(spvk_target_from_name("opencl2.1-full", &t) == SPVK_OK);
    CHECK(strcmp(t.name, "opencl2.1") == 0 && !t.embedded && t.api_version == SPVK_VERSION(2, 1));
    CHECK(spvk_target_from_name("vulkan1.3", &t) == SPVK_OK);
    CHECK(strcmp(t.name, "vulkan1.3") == 0 && t.api == SPVK_CLIENT_VULKAN && t.api_version == SPVK_VERSION(1, 3));
    CHECK(!t.from_profile);
}

static void test_versions(void)
{
    static const struct {
        const char *name;
        uint32_t max;
    } cases[] = {
        {"spv1.0", SPVK_VERSION(1, 0)},    {"spv1.3", SPVK_VERSION(1, 3)},      {"spv1.6", SPVK_VERSION(1, 6)},
        {"vulkan1.0", SPVK_VERSION(1, 0)}, {"vulkan1.1", SPVK_VERSION(1, 3)},   {"vulkan1.1spv1.4", SPVK_VERSION(1, 4)},
        {"vulkan1.2", SPVK_VERSION(1, 5)}, {"vulkan1.3", SPVK_VERSION(1, 6)},   {"vulkan1.4", SPVK_VERSION(1, 6)},
        {"opencl1.2", SPVK_VERSION(1, 0)}, {"opencl2.0", SPVK_VERSION(1, 0)},   {"opencl2.1", SPVK_VERSION(1, 0)},
        {"opencl2.2", SPVK_VERSION(1, 2)}, {"opencl2.2-embedded", SPVK_VERSION(1, 2)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        spvk_target t;
        CHECK(spvk_target_from_name(cases[i].name, &t) == SPVK_OK);
        CHECK(t.min_spirv_version == SPVK_VERSION(1, 0));
        CHECK(t.max_spirv_version == cases[i].max);
        CHECK(spvk_target_allows_version(&t, SPVK_VERSION(1, 0)));
        CHECK(spvk_target_allows_version(&t, cases[i].max));
        CHECK(!spvk_target_allows_version(&t, cases[i].max + SPVK_VERSION(0, 1)));
    }
}

static void test_capability_sets(void)
{
    spvk_capability_set set;
    memset(&set, 0, sizeof set);
    CHECK(spvk_capability_index(SPVK_CAPABILITY_Matrix) == 0);
    CHECK(spvk_capability_index(SPVK_CAPABILITY_BFloat16TypeKHR) > 0);
    CHECK(spvk_capability_index(0x7fffffffu) == -1);
    CHECK(!spvk_capability_set_has(&set, SPVK_CAPABILITY_BFloat16TypeKHR));
    spvk_capability_set_add(&set, SPVK_CAPABILITY_BFloat16TypeKHR);
    CHECK(spvk_capability_set_has(&set, SPVK_CAPABILITY_BFloat16TypeKHR));
    CHECK(!spvk_capability_set_has(&set, SPVK_CAPABILITY_Shader));
    spvk_capability_set_add(&set, 0x7fffffffu); /* no such capability: ignored */
    /* Every capability of the grammar fits the set. */
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    CHECK(kind->num_enumerants <= 64 * SPVK_CAPABILITY_SET_WORDS);
    CHECK(spvk_extension_count() <= 64 * SPVK_EXTENSION_SET_WORDS);
}

static void test_universal(void)
{
    spvk_target t;
    CHECK(spvk_target_from_name("spv1.4", &t) == SPVK_OK);
    CHECK(t.api == SPVK_CLIENT_UNIVERSAL && t.api_version == 0);
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    bool all = true;
    for (unsigned i = 0; i < kind->num_enumerants; i++)
        all = all && spvk_target_allows_capability(&t, kind->enumerants[i].value);
    CHECK(all);
    all = true;
    for (size_t i = 0; i < spvk_extension_count(); i++)
        all = all && spvk_target_allows_extension(&t, (unsigned)i);
    CHECK(all);
    CHECK(!spvk_target_allows_capability(&t, 0x7fffffffu));
}

static void test_vulkan(void)
{
    spvk_target v10, v11, v12, v13, v14;
    CHECK(spvk_target_from_name("vulkan1.0", &v10) == SPVK_OK);
    CHECK(spvk_target_from_name("vulkan1.1", &v11) == SPVK_OK);
    CHECK(spvk_target_from_name("vulkan1.2", &v12) == SPVK_OK);
    CHECK(spvk_target_from_name("vulkan1.3", &v13) == SPVK_OK);
    CHECK(spvk_target_from_name("vulkan1.4", &v14) == SPVK_OK);
    /* Core in every version; Matrix implied by Shader and listed. */
    CHECK(allows(&v10, "Shader") && allows(&v10, "Matrix") && allows(&v14, "Shader"));
    /* Never in Vulkan: OpenCL's capabilities. */
    CHECK(!allows(&v10, "Kernel") && !allows(&v14, "Kernel") && !allows(&v13, "Addresses"));
    CHECK(!allows(&v14, "Linkage") && !allows(&v14, "GenericPointer"));
    /* Features of VkPhysicalDeviceFeatures: any 1.0 device may have them. */
    CHECK(allows(&v10, "Float64") && allows(&v10, "Int64") && allows(&v10, "Geometry"));
    /* The subgroup properties are Vulkan 1.1's: no 1.0 device has them. */
    CHECK(!allows(&v10, "GroupNonUniform") && allows(&v11, "GroupNonUniform"));
    CHECK(!allows(&v10, "GroupNonUniformBallot") && allows(&v11, "GroupNonUniformBallot"));
    /* VariablePointers: VkPhysicalDeviceVariablePointersFeatures of VK_KHR_variable_pointers,
       an extension a 1.0 device may expose, so the table allows it in 1.0 too. */
    CHECK(allows(&v10, "VariablePointers") && allows(&v11, "VariablePointers"));
    /* Extension-gated capabilities: any device of the version may have the extension. */
    CHECK(allows(&v13, "BFloat16TypeKHR") && allows(&v14, "BFloat16DotProductKHR"));
    CHECK(allows(&v14, "CooperativeMatrixKHR"));
    /* Vulkan 1.2's memory model or its extension. */
    CHECK(allows(&v12, "VulkanMemoryModel") && allows(&v10, "VulkanMemoryModel"));
    /* PhysicalStorageBufferAddresses follows a capability. */
    CHECK(v12.physical_storage_buffer);
    /* SPIR-V extensions from the table. */
    CHECK(allows_ext(&v11, "SPV_KHR_storage_buffer_storage_class"));
    CHECK(allows_ext(&v10, "SPV_KHR_variable_pointers"));
    CHECK(allows_ext(&v14, "SPV_KHR_bfloat16"));
    CHECK(!allows_ext(&v14, "SPV_INTEL_arbitrary_precision_integers"));
    /* SPV_KHR_shader_draw_parameters: the table's version enabler is Vulkan 1.1. */
    CHECK(allows_ext(&v11, "SPV_KHR_shader_draw_parameters"));
    /* spirv-as's vulkan1.1spv1.4 is 1.1's capabilities with SPIR-V 1.4. */
    spvk_target v114;
    CHECK(spvk_target_from_name("vulkan1.1spv1.4", &v114) == SPVK_OK);
    CHECK(v114.api_version == SPVK_VERSION(1, 1) && memcmp(&v114.capabilities, &v11.capabilities,
                                                            sizeof v11.capabilities) == 0);
    /* Each newer version allows at least what the older one does. */
    const spvk_target *order[] = {&v10, &v11, &v12, &v13, &v14};
    for (int k = 0; k + 1 < 5; k++) {
        bool subset = true;
        for (int w = 0; w < SPVK_CAPABILITY_SET_WORDS; w++)
            subset = subset && (order[k]->capabilities.bits[w] & ~order[k + 1]->capabilities.bits[w]) == 0;
        CHECK(subset);
    }
}

static void test_opencl(void)
{
    spvk_target full, emb, cl12, cl12e, cl22;
    CHECK(spvk_target_from_name("opencl2.0", &full) == SPVK_OK);
    CHECK(spvk_target_from_name("opencl2.0-embedded", &emb) == SPVK_OK);
    CHECK(spvk_target_from_name("opencl1.2", &cl12) == SPVK_OK);
    CHECK(spvk_target_from_name("opencl1.2embedded", &cl12e) == SPVK_OK);
    CHECK(spvk_target_from_name("opencl2.2", &cl22) == SPVK_OK);
    /* Guaranteed on both profiles. */
    CHECK(allows(&full, "Kernel") && allows(&emb, "Kernel") && allows(&full, "Addresses"));
    CHECK(allows(&emb, "Int16") && allows(&emb, "Int8") && allows(&emb, "Float16Buffer"));
    /* Int64: guaranteed on full, only through cles_khr_int64 on embedded. */
    CHECK(allows(&full, "Int64") && !allows(&emb, "Int64") && allows(&cl12, "Int64") && !allows(&cl12e, "Int64"));
    CHECK(spvk_opencl_capability_extensions(SPVK_CAPABILITY_Int64, true) == SPVK_CLES_KHR_INT64);
    CHECK(spvk_opencl_capability_extensions(SPVK_CAPABILITY_Int64, false) == 0);
    CHECK((emb.opencl_extensions & SPVK_CLES_KHR_INT64) && !(full.opencl_extensions & SPVK_CLES_KHR_INT64));
    CHECK(!spvk_target_allows_capability_with(&emb, SPVK_CAPABILITY_Int64, NULL, 0));
    CHECK(spvk_target_allows_capability_with(&emb, SPVK_CAPABILITY_Int64, NULL, SPVK_CLES_KHR_INT64));
    CHECK(!spvk_target_allows_capability_with(&full, SPVK_CAPABILITY_Float16, NULL, 0));
    CHECK(spvk_target_allows_capability_with(&full, SPVK_CAPABILITY_Float16, NULL, SPVK_CL_KHR_FP16));
    /* Optional capabilities are allowed for a bare environment, with ImageBasic's companions. */
    CHECK(allows(&full, "ImageBasic") && allows(&full, "Float64") && allows(&emb, "Float64"));
    CHECK(allows(&full, "LiteralSampler") && allows(&full, "Sampled1D") && allows(&full, "ImageBuffer"));
    CHECK(allows(&full, "ImageReadWrite") && !allows(&cl12, "ImageReadWrite"));
    /* 2.0 brings device enqueue, generic pointers and pipes; 2.2 pipe storage. */
    CHECK(allows(&full, "DeviceEnqueue") && !allows(&cl12, "DeviceEnqueue") && !allows(&cl12, "GenericPointer"));
    CHECK(!allows(&cl12, "Pipes") && allows(&cl12e, "Pipes"));
    CHECK(allows(&cl22, "PipeStorage") && allows(&cl22, "SubgroupDispatch") && !allows(&full, "PipeStorage"));
    /* Not OpenCL's. */
    CHECK(!allows(&full, "Shader") && !allows(&full, "Float16") && !allows(&full, "ImageMipmap"));
    /* Chapter 7 extensions per version and profile. */
    CHECK(!(cl12.opencl_extensions & SPVK_CL_KHR_SUBGROUPS) && (full.opencl_extensions & SPVK_CL_KHR_SUBGROUPS));
    CHECK((cl22.opencl_extensions & SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER) &&
          !(full.opencl_extensions & SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER));
    CHECK(full.opencl_extensions & SPVK_CL_KHR_FP16);
    CHECK(spvk_opencl_extension_by_name("cl_khr_fp16", 11) == SPVK_CL_KHR_FP16);
    CHECK(spvk_opencl_extension_by_name("cl_khr_fp1", 10) == 0);
    CHECK(spvk_opencl_extension_by_name("cles_khr_int64", 14) == SPVK_CLES_KHR_INT64);
    CHECK(strcmp(spvk_opencl_extension_name(SPVK_CL_KHR_SUBGROUPS), "cl_khr_subgroups") == 0);
    CHECK(spvk_opencl_extension_name(3) == NULL && spvk_opencl_extension_name(0) == NULL);
    for (uint32_t bit = 1; bit <= SPVK_CLES_KHR_INT64; bit <<= 1) {
        const char *n = spvk_opencl_extension_name(bit);
        CHECK(n && spvk_opencl_extension_by_name(n, strlen(n)) == bit);
    }
}


static char *read_file(const char *relative, size_t *length)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", source_dir, relative);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return NULL;
    }
    char *data = malloc(1 << 20);
    *length = data ? fread(data, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    return data;
}

/* Parses text as a profile; returns the result, the diagnostics in diags (caller frees). */
static spvk_result parse(const char *text, spvk_target *t, spvk_diagnostics *diags)
{
    spvk_diagnostics_init(diags, NULL);
    return spvk_target_from_profile(text, strlen(text), "test.profile", NULL, t, diags);
}

/* The first diagnostic, formatted, must contain expected (file:line:col: error: ...). */
static void check_error(const char *text, const char *expected)
{
    spvk_target t;
    spvk_diagnostics d;
    spvk_result r = parse(text, &t, &d);
    CHECK(r == SPVK_ERROR_INVALID);
    CHECK(d.count >= 1);
    if (d.count) {
        char *s = spvk_diagnostic_format(&d.items[0], NULL);
        CHECK_STR_CONTAINS(s, expected);
        free(s);
    }
    spvk_diagnostics_free(&d);
}

static void test_shipped_profiles(void)
{
    size_t n;
    spvk_target lvp, nv;
    spvk_diagnostics d;
    char *text = read_file("profiles/lavapipe.profile", &n);
    CHECK(text != NULL);
    if (!text)
        return;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_target_from_profile(text, n, "lavapipe.profile", NULL, &lvp, &d) == SPVK_OK);
    CHECK(d.count == 0);
    spvk_diagnostics_free(&d);
    free(text);
    CHECK(strcmp(lvp.name, "lavapipe") == 0 && lvp.from_profile);
    CHECK(lvp.api == SPVK_CLIENT_VULKAN && lvp.api_version == SPVK_VERSION(1, 3));
    CHECK(lvp.max_spirv_version == SPVK_VERSION(1, 6));
    CHECK(allows(&lvp, "Shader") && allows(&lvp, "Int16") && allows(&lvp, "Float16"));
    CHECK(allows(&lvp, "StorageBuffer16BitAccess") && allows(&lvp, "Float64") && allows(&lvp, "Int64"));
    CHECK(allows(&lvp, "VariablePointers") && allows(&lvp, "GroupNonUniformBallot"));
    CHECK(!allows(&lvp, "GroupNonUniformClustered")); /* lavapipe has no clustered operations */
    CHECK(!allows(&lvp, "BFloat16TypeKHR") && !allows(&lvp, "BFloat16CooperativeMatrixKHR"));
    CHECK(!allows(&lvp, "CooperativeMatrixKHR") && !allows(&lvp, "Kernel"));
    CHECK(!allows(&lvp, "StorageInputOutput16") && !allows(&lvp, "RuntimeDescriptorArray"));
    CHECK(!allows(&lvp, "DenormPreserve") && allows(&lvp, "RoundingModeRTE"));
    CHECK(!allows_ext(&lvp, "SPV_KHR_bfloat16") && !allows_ext(&lvp, "SPV_KHR_cooperative_matrix"));
    CHECK(allows_ext(&lvp, "SPV_KHR_storage_buffer_storage_class"));
    CHECK(lvp.physical_storage_buffer);
    CHECK(lvp.limits.max_compute_workgroup_invocations == 1024 && lvp.limits.subgroup_size == 8);
    CHECK(lvp.limits.max_compute_workgroup_size[2] == 1024 && lvp.num_coop_matrices == 0);

    text = read_file("profiles/nvidia-hopper.profile", &n);
    CHECK(text != NULL);
    if (!text)
        return;
    spvk_diagnostics_init(&d, NULL);
    CHECK(spvk_target_from_profile(text, n, "nvidia-hopper.profile", NULL, &nv, &d) == SPVK_OK);
    CHECK(d.count == 0);
    spvk_diagnostics_free(&d);
    free(text);
    CHECK(strcmp(nv.name, "nvidia-hopper") == 0);
    CHECK(nv.api == SPVK_CLIENT_VULKAN && nv.api_version == SPVK_VERSION(1, 4));
    CHECK(allows(&nv, "BFloat16TypeKHR") && allows(&nv, "BFloat16CooperativeMatrixKHR"));
    CHECK(!allows(&nv, "BFloat16DotProductKHR"));
    CHECK(allows(&nv, "CooperativeMatrixKHR") && !allows(&nv, "CooperativeMatrixNV"));
    CHECK(allows_ext(&nv, "SPV_KHR_bfloat16") && allows_ext(&nv, "SPV_KHR_cooperative_matrix"));
    CHECK(allows(&nv, "GroupNonUniformRotateKHR") && allows(&nv, "GroupNonUniformClustered"));
    CHECK(nv.num_coop_matrices >= 1);
    const spvk_target_coop_matrix *m = &nv.coop_matrices[0];
    CHECK(m->m == 16 && m->n == 16 && m->k == 16 && strcmp(m->a_type, "bf16") == 0 &&
          strcmp(m->b_type, "bf16") == 0 && strcmp(m->c_type, "f32") == 0 && strcmp(m->result_type, "f32") == 0);
    CHECK(m->scope == 3 && !m->saturating_accumulation);
    CHECK(nv.limits.subgroup_size == 32 && nv.limits.max_compute_shared_memory_size == 49152);
}

static void test_profile_format(void)
{
    spvk_target t;
    spvk_diagnostics d;
    /* A Vulkan 1.1 device: features need their extension where the table says so. */
    CHECK(parse("api vulkan 1.1\nfeature storageBuffer16BitAccess\n", &t, &d) == SPVK_OK);
    CHECK(!allows(&t, "StorageBuffer16BitAccess") && allows(&t, "Shader") && strcmp(t.name, "test") == 0);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.1\nfeature storageBuffer16BitAccess\nextension VK_KHR_16bit_storage\n", &t, &d) ==
          SPVK_OK);
    CHECK(allows(&t, "StorageBuffer16BitAccess") && allows_ext(&t, "SPV_KHR_16bit_storage"));
    spvk_diagnostics_free(&d);
    /* Struct::member names one structure. */
    CHECK(parse("api vulkan 1.2\nfeature VkPhysicalDeviceVulkan12Features::shaderFloat16\n", &t, &d) == SPVK_OK);
    CHECK(allows(&t, "Float16") && !allows(&t, "Int8"));
    spvk_diagnostics_free(&d);
    /* A bare profile of a version: only what the version makes core. */
    CHECK(parse("# nothing but the version\napi vulkan 1.0\n", &t, &d) == SPVK_OK);
    CHECK(allows(&t, "Shader") && !allows(&t, "Float64") && !allows(&t, "Geometry") && !t.physical_storage_buffer);
    CHECK(!allows_ext(&t, "SPV_KHR_variable_pointers"));
    spvk_diagnostics_free(&d);
    /* Explicit capabilities and SPIR-V extensions; a SPIR-V version cap. */
    CHECK(parse("name my-gpu\napi vulkan 1.3   # trailing comment\nspirv 1.4\ncapability Int64Atomics\n"
                "extension SPV_KHR_bfloat16\n", &t, &d) == SPVK_OK);
    CHECK(strcmp(t.name, "my-gpu") == 0 && t.max_spirv_version == SPVK_VERSION(1, 4));
    CHECK(allows(&t, "Int64Atomics") && allows_ext(&t, "SPV_KHR_bfloat16"));
    spvk_diagnostics_free(&d);
    /* Properties: mask bits and VK_TRUE members. */
    CHECK(parse("api vulkan 1.1\nproperty subgroupSupportedOperations VK_SUBGROUP_FEATURE_BASIC_BIT\n", &t, &d) ==
          SPVK_OK);
    CHECK(allows(&t, "GroupNonUniform") && !allows(&t, "GroupNonUniformVote"));
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.2\nproperty shaderDenormPreserveFloat32\n", &t, &d) == SPVK_OK);
    CHECK(allows(&t, "DenormPreserve"));
    spvk_diagnostics_free(&d);
    /* OpenCL: guaranteed capabilities, optional ones only when listed, chapter 7 extensions. */
    CHECK(parse("api opencl 2.0 embedded\nextension cles_khr_int64 cl_khr_fp16\n", &t, &d) == SPVK_OK);
    CHECK(t.api == SPVK_CLIENT_OPENCL && t.embedded && t.api_version == SPVK_VERSION(2, 0));
    CHECK(allows(&t, "Kernel") && allows(&t, "Pipes") && !allows(&t, "ImageBasic") && !allows(&t, "Float64"));
    CHECK(!allows(&t, "Int64") && t.opencl_extensions == (SPVK_CLES_KHR_INT64 | SPVK_CL_KHR_FP16));
    CHECK(spvk_target_allows_capability_with(&t, SPVK_CAPABILITY_Int64, NULL, SPVK_CLES_KHR_INT64));
    CHECK(!spvk_target_allows_capability_with(&t, SPVK_CAPABILITY_Float64, NULL, SPVK_CL_KHR_FP64));
    CHECK(!allows_ext(&t, "SPV_KHR_bfloat16"));
    spvk_diagnostics_free(&d);
    CHECK(parse("api opencl 2.1\ncapability ImageBasic Float64\n", &t, &d) == SPVK_OK);
    CHECK(allows(&t, "ImageBasic") && allows(&t, "ImageReadWrite") && allows(&t, "Sampled1D") &&
          allows(&t, "Float64") && allows(&t, "Int64") && t.opencl_extensions == 0);
    spvk_diagnostics_free(&d);
    /* Universal: only what is listed. */
    CHECK(parse("api universal\nspirv 1.3\ncapability Shader\n", &t, &d) == SPVK_OK);
    CHECK(t.api == SPVK_CLIENT_UNIVERSAL && allows(&t, "Shader") && allows(&t, "Matrix") && !allows(&t, "Kernel"));
    CHECK(t.max_spirv_version == SPVK_VERSION(1, 3));
    spvk_diagnostics_free(&d);
    /* Cooperative matrices and limits. */
    CHECK(parse("api vulkan 1.3\ncooperative-matrix 8x8x32 a=i8 b=i8 c=i32 result=i32 acc_sat=true scope=Workgroup\n"
                "limit max_compute_workgroup_size 64 32 0x10\n", &t, &d) == SPVK_OK);
    CHECK(t.num_coop_matrices == 1 && t.coop_matrices[0].k == 32 && t.coop_matrices[0].saturating_accumulation &&
          t.coop_matrices[0].scope == 2 && strcmp(t.coop_matrices[0].c_type, "i32") == 0);
    CHECK(t.limits.max_compute_workgroup_size[0] == 64 && t.limits.max_compute_workgroup_size[2] == 16);
    spvk_diagnostics_free(&d);
    /* An empty text or an empty file: no api. */
    check_error("", "test.profile:1:1: error: the profile states no 'api'");
}

static void test_profile_errors(void)
{
    check_error("api vulkan 1.3\nfeature shaderFloat16 shaderFlaot16\n",
                "test.profile:2:23: error: unknown Vulkan feature 'shaderFlaot16'");
    check_error("api vulkan 1.5\n", "test.profile:1:12: error: unknown Vulkan version '1.5'");
    check_error("api opencl 3.0\n", "test.profile:1:12: error: unknown OpenCL version '3.0'");
    check_error("api opencl 2.0 tiny\n", "1:16: error: expected 'full' or 'embedded'");
    check_error("\n\n  feature shaderInt16\n", "test.profile:3:3: error: 'api' must come before 'feature'");
    check_error("api opencl 2.0\nfeature shaderInt16\n", "2:1: error: 'feature' applies to Vulkan profiles only");
    check_error("api vulkan 1.3\ncapability Shaderr\n", "2:12: error: unknown SPIR-V capability 'Shaderr'");
    check_error("api vulkan 1.3\nextension VK_KHR_nonsense\n", "2:11: error: unknown Vulkan extension");
    check_error("api vulkan 1.3\nextension SPV_KHR_nonsense\n", "2:11: error: unknown SPIR-V extension");
    check_error("api vulkan 1.3\nextension cl_khr_fp16\n", "is an OpenCL extension, and this is not an OpenCL");
    check_error("api opencl 2.0\nextension cles_khr_int64\n", "2:11: error: 'cles_khr_int64' does not apply to "
                                                               "OpenCL 2.0 full");
    check_error("api opencl 1.2\nextension cl_khr_subgroups\n", "does not apply to OpenCL 1.2");
    check_error("api vulkan 1.3\nlimit subgroup_size 99999999999\n", "2:21: error: expected an unsigned 32-bit");
    check_error("api vulkan 1.3\nlimit max_compute_workgroup_size 1 2\n", "takes 3 values");
    check_error("api vulkan 1.3\nlimit frobs 1\n", "2:7: error: expected 'limit NAME VALUE'");
    check_error("api vulkan 1.3\ncooperative-matrix 16x16 a=f16 b=f16 c=f16 result=f16\n",
                "2:20: error: expected the sizes as MxNxK");
    check_error("api vulkan 1.3\ncooperative-matrix 16x16x16 a=f16 b=f16 c=f17 result=f16\n",
                "2:43: error: unknown component type 'f17'");
    check_error("api vulkan 1.3\ncooperative-matrix 16x16x16 a=f16 b=f16 c=f16\n", "needs sizes and the a, b, c");
    check_error("api vulkan 1.3\ncooperative-matrix 16x16x16 a=f16 b=f16 c=f16 result=f16 scope=Galaxy\n",
                "unknown scope 'Galaxy'");
    check_error("api vulkan 1.3\nproperty subgroupSupportedOperations VK_SUBGROUP_FEATURE_MAGIC_BIT\n",
                "2:38: error: unknown value");
    check_error("api vulkan 1.3\napi vulkan 1.2\n", "2:1: error: 'api' given twice");
    check_error("api vulkan 1.3\nspirv 1.9\n", "2:7: error: expected 'spirv VERSION'");
    check_error("api vulkan 1.3\nfrobnicate\n", "2:1: error: unknown directive 'frobnicate'");
    check_error("api vulkan 1.3\ncapability\n", "'capability' needs at least one name");
    /* Every error is reported, each with its own position. */
    spvk_target t;
    spvk_diagnostics d;
    CHECK(parse("api vulkan 1.3\nfeature bogus1\ncapability bogus2\n", &t, &d) == SPVK_ERROR_INVALID);
    CHECK(d.count == 2 && d.items[0].line == 2 && d.items[1].line == 3 && d.items[1].column == 12);
    CHECK(d.items[0].source_line && strcmp(d.items[0].source_line, "feature bogus1") == 0);
    spvk_diagnostics_free(&d);
    /* A long hostile name is quoted in part only. */
    char big[600] = "api vulkan 1.3\nfeature ";
    memset(big + strlen(big), 'z', 500);
    check_error(big, "unknown Vulkan feature 'zzzz");
}

static void test_mlir_syntax(void)
{
    spvk_target t;
    spvk_diagnostics d;
    const char *text =
        "// as in MLIR's tests\n"
        "#spirv.target_env<#spirv.vce<v1.6, [Shader, Float16, BFloat16TypeKHR], [SPV_KHR_storage_buffer_storage_class, "
        "SPV_KHR_bfloat16]>, api=Vulkan, NVIDIA:DiscreteGPU:0x2330, #spirv.resource_limits<"
        "max_compute_shared_memory_size = 49152, max_compute_workgroup_invocations = 1024, "
        "max_compute_workgroup_size = [1024 : i32, 1024 : i32, 64 : i32], subgroup_size = 32, "
        "cooperative_matrix_properties_khr = [#spirv.coop_matrix_props_khr<m_size = 16, n_size = 16, k_size = 16, "
        "a_type = bf16, b_type = bf16, c_type = f32, result_type = f32, acc_sat = false, scope = <Subgroup>>]>>\n";
    CHECK(parse(text, &t, &d) == SPVK_OK);
    CHECK(d.count == 0);
    spvk_diagnostics_free(&d);
    CHECK(t.api == SPVK_CLIENT_VULKAN && t.api_version == SPVK_VERSION(1, 3) && t.from_profile);
    CHECK(t.max_spirv_version == SPVK_VERSION(1, 6));
    /* With a vce the capabilities are exactly those (and what they imply). */
    CHECK(allows(&t, "Shader") && allows(&t, "Matrix") && allows(&t, "Float16") && allows(&t, "BFloat16TypeKHR"));
    CHECK(!allows(&t, "Int64") && !allows(&t, "BFloat16CooperativeMatrixKHR") && !allows(&t, "Float64"));
    CHECK(allows_ext(&t, "SPV_KHR_bfloat16") && !allows_ext(&t, "SPV_KHR_16bit_storage"));
    CHECK(t.limits.max_compute_workgroup_invocations == 1024 && t.limits.max_compute_workgroup_size[2] == 64);
    CHECK(t.limits.subgroup_size == 32 && t.num_coop_matrices == 1);
    CHECK(strcmp(t.coop_matrices[0].a_type, "bf16") == 0 && t.coop_matrices[0].scope == 3);

    /* The older spelling, an attribute assignment in front, a dictionary of limits, no api. */
    CHECK(parse("spv.target_env = #spv.target_env<#spv.vce<v1.3, [Kernel, Addresses], []>, "
                "{max_compute_workgroup_invocations = 128 : i32, "
                "max_compute_workgroup_size = dense<[128, 128, 64]> : vector<3xi32>}>",
                &t, &d) == SPVK_OK);
    CHECK(t.api == SPVK_CLIENT_UNIVERSAL && t.max_spirv_version == SPVK_VERSION(1, 3));
    CHECK(allows(&t, "Kernel") && !allows(&t, "Shader") && t.limits.max_compute_workgroup_size[0] == 128);
    spvk_diagnostics_free(&d);
    CHECK(parse("#spirv.target_env<#spirv.vce<v1.2, [Kernel], []>, api=OpenCL, #spirv.resource_limits<>>", &t,
                &d) == SPVK_OK);
    CHECK(t.api == SPVK_CLIENT_OPENCL && t.api_version == SPVK_VERSION(2, 2) && allows(&t, "Kernel"));
    CHECK(!allows(&t, "Int64"));
    spvk_diagnostics_free(&d);

    /* Errors, at the first one, with line and column. */
    check_error("#spirv.target_env<#spirv.vce<v1.6, [Shader, Floaty], []>>",
                "test.profile:1:45: error: unknown SPIR-V capability 'Floaty'");
    check_error("#spirv.target_env<#spirv.vce<v1.6, [Shader], [SPV_KHR_nope]>>",
                "1:47: error: unknown SPIR-V extension 'SPV_KHR_nope'");
    check_error("#spirv.target_env<#spirv.vce<v2.0, [], []>>", "1:30: error: expected a SPIR-V version");
    check_error("#spirv.target_env<\n  #spirv.vce<v1.0, [Shader], []>,\n  api=Vulkan9>",
                "test.profile:3:7: error: expected a client API");
    check_error("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, Acme:DiscreteGPU>", "unknown vendor 'Acme'");
    check_error("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<frobs = 3>>",
                "1:74: error: unknown resource limit 'frobs'");
    check_error("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>", "expected '>', found the end of the file");
    check_error("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>> trailing", "expected the end of the file");
    check_error("#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<"
                "cooperative_matrix_properties_khr = [#spirv.coop_matrix_props_khr<m_size = 16>]>>",
                "a cooperative matrix configuration needs a scope");
}

/* Hostile input: every prefix of the shipped profiles and of MLIR text, and byte flips,
   parse without crashing; out-of-memory at every allocation fails cleanly without leaks. */
static void test_hostile(void)
{
    size_t n;
    char *text = read_file("profiles/nvidia-hopper.profile", &n);
    if (!text)
        return;
    const char *mlir = "#spirv.target_env<#spirv.vce<v1.6, [Shader], [SPV_KHR_bfloat16]>, api=Vulkan, "
                       "NVIDIA:DiscreteGPU, #spirv.resource_limits<max_compute_workgroup_size = dense<[1, 2, 3]> : "
                       "vector<3xi32>, cooperative_matrix_properties_khr = [#spirv.coop_matrix_props_khr<m_size = 1, "
                       "n_size = 2, k_size = 3, a_type = f16, b_type = f16, c_type = f16, result_type = f16, acc_sat = "
                       "true, scope = #spirv.scope<Workgroup>>], cooperative_matrix_properties_nv = [[<{}>]]>>";
    size_t mlir_n = strlen(mlir);
    int ok = 0, crashed = 0;
    spvk_target t;
    for (size_t cut = 0; cut <= mlir_n; cut++) {
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_result r = spvk_target_from_profile(mlir, cut, "m", NULL, &t, &d);
        ok += r == SPVK_OK;
        crashed += r != SPVK_OK && r != SPVK_ERROR_INVALID;
        spvk_diagnostics_free(&d);
    }
    CHECK(ok == 1 && crashed == 0);
    unsigned seed = 12345;
    char *copy = malloc(n + 1);
    for (int round = 0; round < 3000; round++) {
        const char *src = round & 1 ? mlir : text;
        size_t len = round & 1 ? mlir_n : n;
        memcpy(copy, src, len);
        for (int k = 0; k < 4; k++) {
            seed = seed * 1103515245u + 12345u;
            copy[(seed >> 8) % len] = (char)(seed >> 20);
        }
        spvk_diagnostics d;
        spvk_diagnostics_init(&d, NULL);
        spvk_result r = spvk_target_from_profile(copy, len, "x", NULL, &t, &d);
        crashed += r != SPVK_OK && r != SPVK_ERROR_INVALID;
        spvk_diagnostics_free(&d);
    }
    CHECK(crashed == 0);
    free(copy);
    /* Allocation failures. */
    for (int which = 0; which < 2; which++) {
        const char *src = which ? mlir : text;
        size_t len = which ? mlir_n : n;
        bool done = false;
        for (long fail = 0; fail < 10000 && !done; fail++) {
            test_allocator_state st = {0, fail, 0, 0};
            spvk_allocator a = {test_realloc, &st};
            spvk_diagnostics d;
            spvk_diagnostics_init(&d, &a);
            spvk_result r = spvk_target_from_profile(src, len, "x", &a, &t, &d);
            spvk_diagnostics_free(&d);
            CHECK(r == SPVK_OK || r == SPVK_ERROR_OUT_OF_MEMORY);
            CHECK(st.live_bytes == 0);
            done = r == SPVK_OK;
        }
        CHECK(done);
    }
    free(text);
}

/* The explicit layout rules a target relaxes: a bare name has them all, a profile what it
   lists (a feature with its structure's requirement met), MLIR's syntax only the relaxed block
   layout that Vulkan 1.1 makes core. */
static void test_layout(void)
{
    spvk_target t;
    spvk_diagnostics d;
    CHECK(spvk_target_from_name("vulkan1.0", &t) == SPVK_OK);
    CHECK(t.relaxed_block_layout && t.uniform_buffer_standard_layout && t.scalar_block_layout &&
          t.workgroup_scalar_block_layout);
    CHECK(spvk_target_from_name("spv1.3", &t) == SPVK_OK);
    CHECK(!t.relaxed_block_layout && !t.scalar_block_layout);

    CHECK(parse("api vulkan 1.0\n", &t, &d) == SPVK_OK);
    CHECK(!t.relaxed_block_layout && !t.uniform_buffer_standard_layout && !t.scalar_block_layout &&
          !t.workgroup_scalar_block_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.0\nextension VK_KHR_relaxed_block_layout\n", &t, &d) == SPVK_OK);
    CHECK(t.relaxed_block_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.1\nfeature scalarBlockLayout uniformBufferStandardLayout\n", &t, &d) == SPVK_OK);
    CHECK(t.relaxed_block_layout && !t.scalar_block_layout && !t.uniform_buffer_standard_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.1\nfeature scalarBlockLayout\nextension VK_EXT_scalar_block_layout\n", &t, &d) ==
          SPVK_OK);
    CHECK(t.scalar_block_layout && !t.uniform_buffer_standard_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.2\nfeature VkPhysicalDeviceVulkan12Features::uniformBufferStandardLayout\n", &t, &d) ==
          SPVK_OK);
    CHECK(t.uniform_buffer_standard_layout && !t.scalar_block_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.3\nfeature workgroupMemoryExplicitLayoutScalarBlockLayout\n", &t, &d) == SPVK_OK);
    CHECK(!t.workgroup_scalar_block_layout);
    spvk_diagnostics_free(&d);
    CHECK(parse("api vulkan 1.3\nfeature workgroupMemoryExplicitLayoutScalarBlockLayout\n"
                "extension VK_KHR_workgroup_memory_explicit_layout\n", &t, &d) == SPVK_OK);
    CHECK(t.workgroup_scalar_block_layout && !t.scalar_block_layout);
    spvk_diagnostics_free(&d);
    check_error("api vulkan 1.2\nfeature VkPhysicalDeviceVulkan11Features::scalarBlockLayout\n",
                "unknown Vulkan feature");
    CHECK(parse("#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, #spirv.resource_limits<>>", &t, &d) ==
          SPVK_OK);
    CHECK(t.relaxed_block_layout && !t.scalar_block_layout);
    spvk_diagnostics_free(&d);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        source_dir = argv[1];
    test_names();
    test_versions();
    test_capability_sets();
    test_universal();
    test_vulkan();
    test_opencl();
    test_shipped_profiles();
    test_profile_format();
    test_profile_errors();
    test_mlir_syntax();
    test_hostile();
    test_layout();
    TEST_SUMMARY();
}
