/* Target environments as data: the built-in environment names, capability and extension sets,
   and what each client API accepts.

   Vulkan's capabilities come from the registry's tables (vulkan_tables.c), never from a list
   written here: the registry says, for each capability, which core version, feature,
   property or extension enables it, and a hand-kept list would drift from it with every
   Vulkan release. A bare vulkan1.x environment stands for any device of that version, so
   every enabler that version can meet counts; a profile counts only what it lists
   (profile.c). OpenCL's sets are the seed's chapters 3 to 6, short enough to state here. */
#include <string.h>

#include "../support/support.h"
#include "target_internal.h"

int spvk_capability_index(uint32_t capability)
{
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, capability);
    if (!kind || !e)
        return -1;
    return (int)(e - kind->enumerants);
}

bool spvk_capability_set_has(const spvk_capability_set *set, uint32_t capability)
{
    int i = spvk_capability_index(capability);
    return i >= 0 && i < 64 * SPVK_CAPABILITY_SET_WORDS && (set->bits[i / 64] >> (i % 64) & 1u);
}

void spvk_capability_set_add(spvk_capability_set *set, uint32_t capability)
{
    int i = spvk_capability_index(capability);
    if (i >= 0 && i < 64 * SPVK_CAPABILITY_SET_WORDS)
        set->bits[i / 64] |= (uint64_t)1 << (i % 64);
}

void target_add_capability_implied(spvk_target *target, uint32_t capability)
{
    uint32_t implied[64];
    spvk_capability_set_add(&target->capabilities, capability);
    size_t n = spvk_capability_implied(capability, implied, sizeof implied / sizeof implied[0]);
    for (size_t i = 0; i < n && i < sizeof implied / sizeof implied[0]; i++)
        spvk_capability_set_add(&target->capabilities, implied[i]);
}

void target_drop_inexpressible(spvk_target *target)
{
    /* The registry extract has no minimum Vulkan version per extension, so an extension-only
       enabler counts for vulkan1.0 too, and with it what the capability implies: a 1.0 device
       "has" GroupNonUniform through VK_NV_shader_subgroup_partitioned. A capability no
       accepted SPIR-V version has, and no SPIR-V extension brings, cannot be declared there. */
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    for (unsigned i = 0; kind && i < kind->num_enumerants && i < 64 * SPVK_CAPABILITY_SET_WORDS; i++) {
        const spvk_enumerant_desc *e = &kind->enumerants[i];
        if (e->num_extensions == 0 && e->min_version != SPVK_VERSION_NONE &&
            e->min_version > target->max_spirv_version)
            target->capabilities.bits[i / 64] &= ~((uint64_t)1 << (i % 64));
    }
}

/* ---- OpenCL extensions (seed 001 chapter 7) ---- */

static const char *const opencl_extension_names[] = {
    "cl_khr_3d_image_writes",  "cl_khr_depth_images",          "cl_khr_device_enqueue_local_arg_types",
    "cl_khr_fp16",             "cl_khr_fp64",                  "cl_khr_gl_depth_images",
    "cl_khr_gl_msaa_sharing",  "cl_khr_int64_base_atomics",    "cl_khr_int64_extended_atomics",
    "cl_khr_mipmap_image",     "cl_khr_mipmap_image_writes",   "cl_khr_subgroups",
    "cl_khr_subgroup_named_barrier", "cles_khr_int64",
};
#define OPENCL_EXTENSION_COUNT (sizeof opencl_extension_names / sizeof opencl_extension_names[0])

uint32_t spvk_opencl_extension_by_name(const char *name, size_t length)
{
    if (!name)
        return 0;
    for (size_t i = 0; i < OPENCL_EXTENSION_COUNT; i++) {
        if (strlen(opencl_extension_names[i]) == length && memcmp(opencl_extension_names[i], name, length) == 0)
            return 1u << i;
    }
    return 0;
}

const char *spvk_opencl_extension_name(uint32_t bit)
{
    for (size_t i = 0; i < OPENCL_EXTENSION_COUNT; i++) {
        if (bit == 1u << i)
            return opencl_extension_names[i];
    }
    return NULL;
}

uint32_t target_opencl_extensions_for(uint32_t version, bool embedded)
{
    /* Chapter 7 lists the extensions without versions; these follow the OpenCL extension
       specifications: the 2.0 ones (subgroups, mipmaps, device-side enqueue) need device
       enqueue or 2.0 images, named barriers are a 2.1 extension, cles_khr_int64 is 7.2's
       embedded-only one. */
    uint32_t bits = SPVK_CL_KHR_3D_IMAGE_WRITES | SPVK_CL_KHR_DEPTH_IMAGES | SPVK_CL_KHR_FP16 | SPVK_CL_KHR_FP64 |
                    SPVK_CL_KHR_GL_DEPTH_IMAGES | SPVK_CL_KHR_GL_MSAA_SHARING | SPVK_CL_KHR_INT64_BASE_ATOMICS |
                    SPVK_CL_KHR_INT64_EXTENDED_ATOMICS;
    if (version >= SPVK_VERSION(2, 0))
        bits |= SPVK_CL_KHR_DEVICE_ENQUEUE_LOCAL_ARG_TYPES | SPVK_CL_KHR_MIPMAP_IMAGE |
                SPVK_CL_KHR_MIPMAP_IMAGE_WRITES | SPVK_CL_KHR_SUBGROUPS;
    if (version >= SPVK_VERSION(2, 1))
        bits |= SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER;
    if (embedded)
        bits |= SPVK_CLES_KHR_INT64;
    return bits;
}

uint32_t spvk_opencl_capability_extensions(uint32_t capability, bool embedded)
{
    switch (capability) {
    case SPVK_CAPABILITY_Float16:
        return SPVK_CL_KHR_FP16;
    case SPVK_CAPABILITY_Float64:
        return SPVK_CL_KHR_FP64;
    case SPVK_CAPABILITY_Int64:
        return embedded ? SPVK_CLES_KHR_INT64 : 0;
    case SPVK_CAPABILITY_Int64Atomics:
        return SPVK_CL_KHR_INT64_BASE_ATOMICS | SPVK_CL_KHR_INT64_EXTENDED_ATOMICS;
    case SPVK_CAPABILITY_NamedBarrier:
        return SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER;
    case SPVK_CAPABILITY_ImageMipmap:
        /* Only both mipmap extensions together guarantee it (7.1.9's note); writes implies
           reads (7.1.10's note). */
        return SPVK_CL_KHR_MIPMAP_IMAGE_WRITES;
    default:
        return 0;
    }
}

/* ---- OpenCL environments (seed 001 chapters 3 to 6) ---- */

static void add_capabilities(spvk_target *target, const uint32_t *caps, size_t count)
{
    for (size_t i = 0; i < count; i++)
        target_add_capability_implied(target, caps[i]);
}

static void opencl_add_image_basic(spvk_target *target)
{
    static const uint32_t image_basic[] = {SPVK_CAPABILITY_ImageBasic, SPVK_CAPABILITY_LiteralSampler,
                                           SPVK_CAPABILITY_Sampled1D,  SPVK_CAPABILITY_Image1D,
                                           SPVK_CAPABILITY_SampledBuffer, SPVK_CAPABILITY_ImageBuffer};
    add_capabilities(target, image_basic, sizeof image_basic / sizeof image_basic[0]);
    /* 3.1, 4.1, 5.1: from 2.0 on, image support includes read-write images. */
    if (target->api_version >= SPVK_VERSION(2, 0))
        target_add_capability_implied(target, SPVK_CAPABILITY_ImageReadWrite);
}

void target_opencl_add_optional(spvk_target *target, uint32_t capability)
{
    if (capability == SPVK_CAPABILITY_ImageBasic)
        opencl_add_image_basic(target);
    else
        target_add_capability_implied(target, capability);
}

void target_opencl_init(spvk_target *target, uint32_t version, bool embedded, bool any_device)
{
    static const uint32_t v12[] = {SPVK_CAPABILITY_Addresses, SPVK_CAPABILITY_Float16Buffer, SPVK_CAPABILITY_Groups,
                                   SPVK_CAPABILITY_Int16,     SPVK_CAPABILITY_Int8,          SPVK_CAPABILITY_Kernel,
                                   SPVK_CAPABILITY_Linkage,   SPVK_CAPABILITY_Vector16};
    static const uint32_t v20[] = {SPVK_CAPABILITY_DeviceEnqueue, SPVK_CAPABILITY_GenericPointer,
                                   SPVK_CAPABILITY_Pipes};
    static const uint32_t v22[] = {SPVK_CAPABILITY_SubgroupDispatch, SPVK_CAPABILITY_PipeStorage};
    memset(target, 0, sizeof *target);
    target->api = SPVK_CLIENT_OPENCL;
    target->api_version = version;
    target->embedded = embedded;
    target->min_spirv_version = SPVK_VERSION(1, 0);
    /* 3: OpenCL 2.2 accepts SPIR-V 1.0 to 1.2; 4, 5, 6: the others 1.0. */
    target->max_spirv_version = version >= SPVK_VERSION(2, 2) ? SPVK_VERSION(1, 2) : SPVK_VERSION(1, 0);
    add_capabilities(target, v12, sizeof v12 / sizeof v12[0]);
    if (!embedded)
        target_add_capability_implied(target, SPVK_CAPABILITY_Int64);
    if (version >= SPVK_VERSION(2, 0))
        add_capabilities(target, v20, sizeof v20 / sizeof v20[0]);
    else if (embedded)
        /* 6.2 lists Pipes for the 1.2 embedded profile (and 6.1 does not for full). */
        target_add_capability_implied(target, SPVK_CAPABILITY_Pipes);
    if (version >= SPVK_VERSION(2, 2))
        add_capabilities(target, v22, sizeof v22 / sizeof v22[0]);
    if (any_device) {
        opencl_add_image_basic(target);
        target_add_capability_implied(target, SPVK_CAPABILITY_Float64);
        target->opencl_extensions = target_opencl_extensions_for(version, embedded);
        /* OpenCL has no table of SPIR-V extensions: a device may support any of them. */
        for (size_t i = 0; i < spvk_extension_count(); i++)
            spvk_extension_set_add(&target->extensions, (unsigned)i);
    }
}

/* ---- Vulkan ---- */

uint32_t target_vulkan_max_spirv(uint32_t vulkan_version)
{
    switch (vulkan_version) {
    case SPVK_VERSION(1, 0):
        return SPVK_VERSION(1, 0);
    case SPVK_VERSION(1, 1):
        return SPVK_VERSION(1, 3);
    case SPVK_VERSION(1, 2):
        return SPVK_VERSION(1, 5);
    case SPVK_VERSION(1, 3):
    case SPVK_VERSION(1, 4):
        return SPVK_VERSION(1, 6);
    default:
        return 0;
    }
}

static bool name_equals(const char *a, size_t length, const char *b)
{
    return b && strlen(b) == length && memcmp(a, b, length) == 0;
}

/* Whether the comma-separated list has name. */
static bool list_has(const char *list, const char *name, size_t length)
{
    while (list && *list) {
        const char *end = strchr(list, ',');
        size_t n = end ? (size_t)(end - list) : strlen(list);
        if (n == length && memcmp(list, name, length) == 0)
            return true;
        list = end ? end + 1 : NULL;
    }
    return false;
}

static bool device_lists_extension(const target_vulkan_device *device, const char *name, size_t length)
{
    for (size_t i = 0; i < device->num_extensions; i++) {
        if (name_equals(name, length, device->extensions[i]))
            return true;
    }
    return false;
}

/* Whether a profile item ("member", "Struct::member", optionally "=value") names the enabler's
   struct member (and value). */
static bool item_matches(const char *item, const target_vulkan_enabler *e)
{
    const char *sep = strstr(item, "::");
    if (sep) {
        if (!name_equals(item, (size_t)(sep - item), e->struct_name))
            return false;
        item = sep + 2;
    }
    const char *eq = strchr(item, '=');
    size_t member_length = eq ? (size_t)(eq - item) : strlen(item);
    if (!name_equals(item, member_length, e->member))
        return false;
    if (e->kind == TARGET_ENABLER_PROPERTY)
        return eq ? strcmp(eq + 1, e->value) == 0 : strcmp(e->value, "VK_TRUE") == 0;
    return true;
}

/* A feature or property enabler's "requires": one of a version the device has, or an
   extension it has. A profile must list the extension even where the feature's name alone
   would do: "cooperativeMatrix" is a member of both VK_KHR_cooperative_matrix's and
   VK_NV_cooperative_matrix's structures, and only the extensions tell them apart. */
static bool requires_met(const target_vulkan_device *device, const target_vulkan_enabler *e)
{
    if (!e->requires_version && !e->requires_extensions)
        return true;
    if (e->requires_version && e->requires_version <= device->version)
        return true;
    if (e->requires_extensions) {
        if (device->any_device)
            return true;
        for (size_t i = 0; i < device->num_extensions; i++) {
            if (list_has(e->requires_extensions, device->extensions[i], strlen(device->extensions[i])))
                return true;
        }
    }
    return false;
}

static bool enabler_counts(const target_vulkan_device *device, const target_vulkan_enabler *e)
{
    switch (e->kind) {
    case TARGET_ENABLER_VERSION:
        return e->version <= device->version;
    case TARGET_ENABLER_EXTENSION:
        /* Any device of any version may expose an extension; the registry extract gives no
           minimum versions for extensions. */
        return device->any_device || device_lists_extension(device, e->extension, strlen(e->extension));
    case TARGET_ENABLER_FEATURE:
    case TARGET_ENABLER_PROPERTY: {
        if (!requires_met(device, e))
            return false;
        if (device->any_device)
            return true;
        const char *const *items = e->kind == TARGET_ENABLER_FEATURE ? device->features : device->properties;
        size_t count = e->kind == TARGET_ENABLER_FEATURE ? device->num_features : device->num_properties;
        for (size_t i = 0; i < count; i++) {
            if (item_matches(items[i], e))
                return true;
        }
        return false;
    }
    default:
        return false;
    }
}

static bool entry_enabled(const target_vulkan_device *device, const target_vulkan_entry *entry)
{
    for (unsigned i = 0; i < entry->num_enablers; i++) {
        if (enabler_counts(device, &target_vulkan_enablers[entry->first_enabler + i]))
            return true;
    }
    return false;
}

/* The features and extensions that change Vulkan's explicit layout rules. The SPIR-V tables
   do not list them (they enable no capability), so they are named here; each feature counts
   like a table feature: listed, and its structure's "requires" met (the Vulkan version that
   made it core, or its extension). VK_KHR_relaxed_block_layout has no feature: the extension,
   or Vulkan 1.1 where it is core, is enough. */
typedef struct layout_feature {
    const char *member;
    const char *struct_name;       /* the core structure (or the extension's where never core) */
    const char *extension_struct;  /* the extension's structure, or NULL */
    const char *extension;
    uint32_t core_version;         /* 0: never core */
} layout_feature;

static const layout_feature layout_features[] = {
    {"uniformBufferStandardLayout", "VkPhysicalDeviceVulkan12Features",
     "VkPhysicalDeviceUniformBufferStandardLayoutFeatures", "VK_KHR_uniform_buffer_standard_layout",
     SPVK_VERSION(1, 2)},
    {"scalarBlockLayout", "VkPhysicalDeviceVulkan12Features", "VkPhysicalDeviceScalarBlockLayoutFeatures",
     "VK_EXT_scalar_block_layout", SPVK_VERSION(1, 2)},
    {"workgroupMemoryExplicitLayoutScalarBlockLayout", "VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR",
     NULL, "VK_KHR_workgroup_memory_explicit_layout", 0},
};
#define LAYOUT_FEATURE_COUNT (sizeof layout_features / sizeof layout_features[0])
#define RELAXED_BLOCK_LAYOUT_EXTENSION "VK_KHR_relaxed_block_layout"

/* The layout feature a profile item ("member" or "Struct::member") names, or NULL. */
static const layout_feature *find_layout_feature(const char *name, size_t length)
{
    const char *member = name;
    size_t member_length = length, struct_length = 0;
    for (size_t i = 0; i + 1 < length; i++) {
        if (name[i] == ':' && name[i + 1] == ':') {
            struct_length = i;
            member = name + i + 2;
            member_length = length - i - 2;
            break;
        }
    }
    for (size_t i = 0; i < LAYOUT_FEATURE_COUNT; i++) {
        const layout_feature *f = &layout_features[i];
        if (!name_equals(member, member_length, f->member))
            continue;
        if (member == name || name_equals(name, struct_length, f->struct_name) ||
            name_equals(name, struct_length, f->extension_struct))
            return f;
    }
    return NULL;
}

static bool layout_feature_enabled(const target_vulkan_device *device, const layout_feature *f)
{
    if (device->any_device)
        return true;
    if (!(f->core_version && f->core_version <= device->version) &&
        !device_lists_extension(device, f->extension, strlen(f->extension)))
        return false;
    for (size_t i = 0; i < device->num_features; i++) {
        if (find_layout_feature(device->features[i], strlen(device->features[i])) == f)
            return true;
    }
    return false;
}

static void vulkan_apply_layout(const target_vulkan_device *device, spvk_target *target)
{
    target->relaxed_block_layout =
        device->any_device || device->version >= SPVK_VERSION(1, 1) ||
        device_lists_extension(device, RELAXED_BLOCK_LAYOUT_EXTENSION, strlen(RELAXED_BLOCK_LAYOUT_EXTENSION));
    target->uniform_buffer_standard_layout = layout_feature_enabled(device, &layout_features[0]);
    target->scalar_block_layout = layout_feature_enabled(device, &layout_features[1]);
    target->workgroup_scalar_block_layout = layout_feature_enabled(device, &layout_features[2]);
}

void target_vulkan_apply(const target_vulkan_device *device, spvk_target *target)
{
    for (size_t i = 0; i < target_vulkan_capability_count; i++) {
        const target_vulkan_entry *entry = &target_vulkan_capabilities[i];
        if (!entry_enabled(device, entry))
            continue;
        const spvk_enumerant_desc *e =
            spvk_enumerant_by_name(SPVK_OPERAND_Capability, entry->name, strlen(entry->name));
        if (e)
            target_add_capability_implied(target, e->value);
    }
    for (size_t i = 0; i < target_vulkan_extension_count; i++) {
        const target_vulkan_entry *entry = &target_vulkan_extensions[i];
        if (!entry_enabled(device, entry))
            continue;
        int index = spvk_extension_by_name(entry->name, strlen(entry->name));
        if (index >= 0)
            spvk_extension_set_add(&target->extensions, (unsigned)index);
    }
    target_drop_inexpressible(target);
    target->physical_storage_buffer =
        spvk_capability_set_has(&target->capabilities, SPVK_CAPABILITY_PhysicalStorageBufferAddresses);
    vulkan_apply_layout(device, target);
}

static bool knows_member(const char *name, size_t length, target_enabler_kind kind)
{
    const char *sep = NULL;
    for (size_t i = 0; i + 1 < length; i++) {
        if (name[i] == ':' && name[i + 1] == ':') {
            sep = name + i;
            break;
        }
    }
    const char *member = sep ? sep + 2 : name;
    size_t member_length = length - (size_t)(member - name);
    for (size_t i = 0; i < target_vulkan_enabler_count; i++) {
        const target_vulkan_enabler *e = &target_vulkan_enablers[i];
        if (e->kind != (uint8_t)kind || !name_equals(member, member_length, e->member))
            continue;
        if (!sep || name_equals(name, (size_t)(sep - name), e->struct_name))
            return true;
    }
    return false;
}

bool target_vulkan_knows_feature(const char *name, size_t length)
{
    return knows_member(name, length, TARGET_ENABLER_FEATURE) || find_layout_feature(name, length);
}

bool target_vulkan_knows_property(const char *name, size_t length)
{
    return knows_member(name, length, TARGET_ENABLER_PROPERTY);
}

bool target_vulkan_knows_property_value(const char *member, size_t length, const char *value, size_t value_length)
{
    const char *sep = NULL;
    for (size_t i = 0; i + 1 < length; i++) {
        if (member[i] == ':' && member[i + 1] == ':') {
            sep = member + i;
            break;
        }
    }
    const char *m = sep ? sep + 2 : member;
    size_t m_length = length - (size_t)(m - member);
    for (size_t i = 0; i < target_vulkan_enabler_count; i++) {
        const target_vulkan_enabler *e = &target_vulkan_enablers[i];
        if (e->kind == TARGET_ENABLER_PROPERTY && name_equals(m, m_length, e->member) &&
            name_equals(value, value_length, e->value))
            return true;
    }
    return false;
}

bool target_vulkan_knows_extension(const char *name, size_t length)
{
    if (name_equals(name, length, RELAXED_BLOCK_LAYOUT_EXTENSION))
        return true;
    for (size_t i = 0; i < LAYOUT_FEATURE_COUNT; i++) {
        if (name_equals(name, length, layout_features[i].extension))
            return true;
    }
    for (size_t i = 0; i < target_vulkan_enabler_count; i++) {
        const target_vulkan_enabler *e = &target_vulkan_enablers[i];
        if (name_equals(name, length, e->extension) || list_has(e->requires_extensions, name, length))
            return true;
    }
    return false;
}

static void vulkan_init(spvk_target *target, uint32_t version)
{
    memset(target, 0, sizeof *target);
    target->api = SPVK_CLIENT_VULKAN;
    target->api_version = version;
    target->min_spirv_version = SPVK_VERSION(1, 0);
    target->max_spirv_version = target_vulkan_max_spirv(version);
}

/* ---- Universal ---- */

void target_universal_init(spvk_target *target, uint32_t spirv_version, bool everything)
{
    memset(target, 0, sizeof *target);
    target->api = SPVK_CLIENT_UNIVERSAL;
    target->min_spirv_version = SPVK_VERSION(1, 0);
    target->max_spirv_version = spirv_version;
    if (!everything)
        return;
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    for (unsigned i = 0; kind && i < kind->num_enumerants; i++)
        spvk_capability_set_add(&target->capabilities, kind->enumerants[i].value);
    for (size_t i = 0; i < spvk_extension_count(); i++)
        spvk_extension_set_add(&target->extensions, (unsigned)i);
}

/* ---- Built-in names ---- */

static bool parse_minor(const char *s, const char *prefix, unsigned major, unsigned max_minor, unsigned *minor,
                        const char **rest)
{
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0 || s[n] != (char)('0' + major) || s[n + 1] != '.' || s[n + 2] < '0' ||
        s[n + 2] > '9')
        return false;
    *minor = (unsigned)(s[n + 2] - '0');
    *rest = s + n + 3;
    return *minor <= max_minor;
}

spvk_result spvk_target_from_name(const char *name, spvk_target *target)
{
    unsigned minor;
    const char *rest;
    if (!name || !target)
        return SPVK_ERROR_USAGE;
    if (parse_minor(name, "spv", 1, 6, &minor, &rest) && *rest == '\0') {
        target_universal_init(target, SPVK_VERSION(1, minor), true);
    } else if (parse_minor(name, "vulkan", 1, 4, &minor, &rest) &&
               (*rest == '\0' || (minor == 1 && strcmp(rest, "spv1.4") == 0))) {
        vulkan_init(target, SPVK_VERSION(1, minor));
        /* spirv-as's vulkan1.1spv1.4: a Vulkan 1.1 device with VK_KHR_spirv_1_4. */
        if (*rest)
            target->max_spirv_version = SPVK_VERSION(1, 4);
        target_vulkan_device device = {.version = target->api_version, .any_device = true};
        target_vulkan_apply(&device, target);
    } else if (strncmp(name, "opencl", 6) == 0) {
        uint32_t version;
        if (strncmp(name + 6, "1.2", 3) == 0)
            version = SPVK_VERSION(1, 2);
        else if (strncmp(name + 6, "2.0", 3) == 0)
            version = SPVK_VERSION(2, 0);
        else if (strncmp(name + 6, "2.1", 3) == 0)
            version = SPVK_VERSION(2, 1);
        else if (strncmp(name + 6, "2.2", 3) == 0)
            version = SPVK_VERSION(2, 2);
        else
            return SPVK_ERROR_USAGE;
        rest = name + 9;
        bool embedded;
        if (*rest == '\0' || strcmp(rest, "-full") == 0)
            embedded = false;
        else if (strcmp(rest, "-embedded") == 0 || strcmp(rest, "embedded") == 0)
            embedded = true;
        else
            return SPVK_ERROR_USAGE;
        target_opencl_init(target, version, embedded, true);
        memcpy(target->name, name, 9);
        target->name[9] = '\0';
        if (embedded)
            strcat(target->name, "-embedded");
        return SPVK_OK;
    } else {
        return SPVK_ERROR_USAGE;
    }
    size_t n = strlen(name);
    memcpy(target->name, name, n + 1);
    return SPVK_OK;
}

const char *spvk_target_names(void)
{
    return "spv1.0 spv1.1 spv1.2 spv1.3 spv1.4 spv1.5 spv1.6 vulkan1.0 vulkan1.1 vulkan1.1spv1.4 vulkan1.2 "
           "vulkan1.3 vulkan1.4 opencl1.2 opencl1.2-embedded opencl2.0 opencl2.0-embedded opencl2.1 "
           "opencl2.1-embedded opencl2.2 opencl2.2-embedded";
}

bool spvk_target_allows_version(const spvk_target *target, uint32_t spirv_version)
{
    return target && spirv_version >= target->min_spirv_version && spirv_version <= target->max_spirv_version;
}

bool spvk_target_allows_capability(const spvk_target *target, uint32_t capability)
{
    return target && spvk_capability_set_has(&target->capabilities, capability);
}

bool spvk_target_allows_extension(const spvk_target *target, unsigned extension)
{
    return target && spvk_extension_set_has(&target->extensions, extension);
}

bool spvk_target_allows_capability_with(const spvk_target *target, uint32_t capability,
                                        const spvk_extension_set *declared, uint32_t declared_opencl)
{
    if (!target)
        return false;
    if (spvk_capability_set_has(&target->capabilities, capability))
        return true;
    if (target->api == SPVK_CLIENT_VULKAN)
        /* Vulkan's tables already name every extension that enables a capability. */
        return false;
    if (target->api == SPVK_CLIENT_OPENCL) {
        uint32_t bits = spvk_opencl_capability_extensions(capability, target->embedded);
        if (bits & target->opencl_extensions & declared_opencl)
            return true;
    }
    /* A capability whose grammar entry names a SPIR-V extension: declaring that extension,
       where the target allows it, enables the capability (as SPIRV-Tools does for OpenCL). */
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, capability);
    for (unsigned i = 0; declared && e && i < e->num_extensions; i++) {
        if (spvk_extension_set_has(declared, e->extensions[i]) &&
            spvk_extension_set_has(&target->extensions, e->extensions[i]))
            return true;
    }
    return false;
}
