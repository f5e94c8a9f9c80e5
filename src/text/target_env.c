/* Target environment names (spirv-as --target-env) and the SPIR-V version each one implies, as
   SPIRV-Tools' spvVersionForTargetEnv maps them; vulkan1.4 is the newest SPIRV-Tools' addition.
   Names must match exactly (spirv-as 2023.1 also accepted any text that merely starts with a
   name, such as "vulkan1.2xyz"; that is not carried over). */
#include <string.h>

#include "spvkit/grammar.h"
#include "spvkit/text.h"

typedef struct target_env {
    const char *name;
    uint32_t version;
} target_env;

static const target_env target_envs[] = {
    {"vulkan1.1spv1.4", SPVK_VERSION(1, 4)},
    {"vulkan1.0", SPVK_VERSION(1, 0)},
    {"vulkan1.1", SPVK_VERSION(1, 3)},
    {"vulkan1.2", SPVK_VERSION(1, 5)},
    {"vulkan1.3", SPVK_VERSION(1, 6)},
    {"vulkan1.4", SPVK_VERSION(1, 6)},
    {"spv1.0", SPVK_VERSION(1, 0)},
    {"spv1.1", SPVK_VERSION(1, 1)},
    {"spv1.2", SPVK_VERSION(1, 2)},
    {"spv1.3", SPVK_VERSION(1, 3)},
    {"spv1.4", SPVK_VERSION(1, 4)},
    {"spv1.5", SPVK_VERSION(1, 5)},
    {"spv1.6", SPVK_VERSION(1, 6)},
    {"opencl1.2embedded", SPVK_VERSION(1, 0)},
    {"opencl1.2", SPVK_VERSION(1, 0)},
    {"opencl2.0embedded", SPVK_VERSION(1, 0)},
    {"opencl2.0", SPVK_VERSION(1, 0)},
    {"opencl2.1embedded", SPVK_VERSION(1, 0)},
    {"opencl2.1", SPVK_VERSION(1, 0)},
    {"opencl2.2embedded", SPVK_VERSION(1, 2)},
    {"opencl2.2", SPVK_VERSION(1, 2)},
    {"opengl4.0", SPVK_VERSION(1, 0)},
    {"opengl4.1", SPVK_VERSION(1, 0)},
    {"opengl4.2", SPVK_VERSION(1, 0)},
    {"opengl4.3", SPVK_VERSION(1, 0)},
    {"opengl4.5", SPVK_VERSION(1, 0)},
};

bool spvk_target_env_spirv_version(const char *env, uint32_t *version)
{
    if (!env)
        return false;
    for (size_t i = 0; i < sizeof target_envs / sizeof target_envs[0]; i++) {
        if (strcmp(env, target_envs[i].name) == 0) {
            if (version)
                *version = target_envs[i].version;
            return true;
        }
    }
    return false;
}

const char *spvk_target_env_names(void)
{
    /* The table's names, in its order, kept in one literal so nothing is built at run time. */
    return "vulkan1.1spv1.4 vulkan1.0 vulkan1.1 vulkan1.2 vulkan1.3 vulkan1.4 spv1.0 spv1.1 spv1.2 spv1.3 spv1.4 "
           "spv1.5 spv1.6 opencl1.2embedded opencl1.2 opencl2.0embedded opencl2.0 opencl2.1embedded opencl2.1 "
           "opencl2.2embedded opencl2.2 opengl4.0 opengl4.1 opengl4.2 opengl4.3 opengl4.5";
}
