/* Internal to the target layer: the Vulkan capability and extension tables generated from the
   Vulkan registry (vulkan_tables.c, tools/gen_vulkan_tables.py) and what target.c and
   profile.c share. */
#ifndef SPVK_TARGET_INTERNAL_H
#define SPVK_TARGET_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spvkit/grammar.h"
#include "spvkit/target.h"

/* One way the Vulkan registry says a SPIR-V capability or extension becomes usable. */
typedef enum target_enabler_kind {
    TARGET_ENABLER_VERSION,   /* core in a Vulkan version */
    TARGET_ENABLER_EXTENSION, /* a Vulkan extension is enabled */
    TARGET_ENABLER_FEATURE,   /* a feature struct member is VK_TRUE */
    TARGET_ENABLER_PROPERTY   /* a property member has a value (a bit of a mask or VK_TRUE) */
} target_enabler_kind;

typedef struct target_vulkan_enabler {
    uint8_t kind;                    /* target_enabler_kind */
    uint32_t version;                /* VERSION: SPVK_VERSION(1, minor) of Vulkan; else 0 */
    const char *struct_name;         /* FEATURE, PROPERTY: the structure; else NULL */
    const char *member;              /* FEATURE: the feature; PROPERTY: the member; else NULL */
    const char *value;               /* PROPERTY: the value; else NULL */
    const char *extension;           /* EXTENSION: the Vulkan extension; else NULL */
    /* FEATURE, PROPERTY: the registry's "requires", any one of which must hold: the lowest
       Vulkan version it names (0: none) and the Vulkan extensions it names, comma-separated
       (NULL: none). */
    uint32_t requires_version;
    const char *requires_extensions;
} target_vulkan_enabler;

/* A SPIR-V capability or extension and its enablers, target_vulkan_enablers[first ..
   first + count). Capabilities are named, not numbered: the registry may name one the
   grammar does not have yet, and that one is then never allowed. */
typedef struct target_vulkan_entry {
    const char *name;
    uint16_t first_enabler;
    uint16_t num_enablers;
} target_vulkan_entry;

extern const target_vulkan_enabler target_vulkan_enablers[];
extern const size_t target_vulkan_enabler_count;
extern const target_vulkan_entry target_vulkan_capabilities[];
extern const size_t target_vulkan_capability_count;
extern const target_vulkan_entry target_vulkan_extensions[];
extern const size_t target_vulkan_extension_count;

/* What a Vulkan device enables: either any device of a version (every enabler whose
   requirements that version can meet) or the features, properties and extensions a profile
   lists. */
typedef struct target_vulkan_device {
    uint32_t version;  /* SPVK_VERSION(1, minor) of Vulkan */
    bool any_device;   /* the bare vulkan1.x environment */
    /* Profile lists (not owned): for features and properties each item is "member" or
       "Struct::member"; a property item may carry "=value". */
    const char *const *features;
    size_t num_features;
    const char *const *properties;
    size_t num_properties;
    const char *const *extensions;
    size_t num_extensions;
} target_vulkan_device;

/* Adds to target the capabilities and SPIR-V extensions that device enables. */
void target_vulkan_apply(const target_vulkan_device *device, spvk_target *target);
/* Whether a name is one the tables know, for the profile reader's "unknown name" errors. */
bool target_vulkan_knows_feature(const char *name, size_t length);
bool target_vulkan_knows_property(const char *name, size_t length);
bool target_vulkan_knows_extension(const char *name, size_t length);
/* Whether a property member ("member" or "Struct::member") takes value in the tables. */
bool target_vulkan_knows_property_value(const char *member, size_t length, const char *value, size_t value_length);

/* Fills target with the built-in OpenCL environment (version, embedded) for any device. */
void target_opencl_init(spvk_target *target, uint32_t version, bool embedded, bool any_device);
/* Adds an optional OpenCL capability; ImageBasic brings the image capabilities the seed says
   come with it. */
void target_opencl_add_optional(spvk_target *target, uint32_t capability);
/* Fills target with spv1.x: everything allowed, or (a profile's start) nothing. */
void target_universal_init(spvk_target *target, uint32_t spirv_version, bool everything);
/* The chapter 7 extensions that apply to an OpenCL version and profile. */
uint32_t target_opencl_extensions_for(uint32_t version, bool embedded);
/* Adds a capability and those it implies (the grammar's implicit declarations). */
void target_add_capability_implied(spvk_target *target, uint32_t capability);
/* Removes the capabilities that neither the target's SPIR-V versions nor a SPIR-V extension
   can bring (call after max_spirv_version is final). */
void target_drop_inexpressible(spvk_target *target);
/* The highest SPIR-V version a Vulkan version accepts (0 for an unknown version). */
uint32_t target_vulkan_max_spirv(uint32_t vulkan_version);

#endif
