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
    CHECK(!allows_ext(&v14, "SPV_KHR_no_integer_wrap_decoration") ||
          allows_ext(&v14, "SPV_KHR_no_integer_wrap_decoration")); /* either is fine; must not crash */
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
    TEST_SUMMARY();
}
