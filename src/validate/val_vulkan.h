/* Shared state of the Vulkan environment family (val_vulkan*.c): what one pre-pass learns about
   the module (decorations by defining instruction, the variable each pointer derives from, the
   execution models whose call trees reach each function), so that every rule asks in O(1). */
#ifndef SPVK_VAL_VULKAN_H
#define SPVK_VAL_VULKAN_H

#include "val_internal.h"

#define VUID(n) "VUID-StandaloneSpirv-" n

/* Decorations of an id, by its defining instruction's index. */
enum {
    VK_DEC_BLOCK = 1u << 0,
    VK_DEC_BUFFER_BLOCK = 1u << 1,
    VK_DEC_BUILTIN = 1u << 2,
    VK_DEC_LOCATION = 1u << 3,
    VK_DEC_COMPONENT = 1u << 4,
    VK_DEC_INTERPOLATION = 1u << 5, /* Flat, NoPerspective, Sample, Centroid */
    VK_DEC_INPUT_ATTACHMENT = 1u << 6,
    VK_DEC_DESCRIPTOR_SET = 1u << 7,
    VK_DEC_BINDING = 1u << 8,
    VK_DEC_PATCH = 1u << 9,
    VK_DEC_INVARIANT = 1u << 10,        /* on the id, or (structs) on a member */
    VK_DEC_VOLATILE = 1u << 11,
    VK_DEC_HEAP_BUILTIN = 1u << 12,     /* BuiltIn SamplerHeapEXT or ResourceHeapEXT */
    VK_DEC_REPORTED = 1u << 30          /* a rule reported the variable once already */
};

typedef struct vk_state {
    val_state *v;
    uint32_t *dec;     /* VK_DEC_* per instruction index of the decorated id's definition */
    uint32_t *builtin; /* the BuiltIn of a decorated id, by its definition's index; VAL_NONE if none */
    uint32_t *root;    /* per instruction index: the OpVariable a pointer result derives from */
} vk_state;

uint32_t vk_dec_of(const vk_state *s, uint32_t id);
uint32_t vk_builtin_of(const vk_state *s, uint32_t id);
const char *vk_enum_name(unsigned kind, uint32_t value);
const char *vk_op_name(uint16_t opcode);
/* The variable (instruction index) a pointer id derives from through access chains, or VAL_NONE. */
uint32_t vk_root_variable(const vk_state *s, uint32_t pointer_id);
/* The element type of (possibly nested) arrays. */
uint32_t vk_strip_arrays(const val_state *v, uint32_t type);
uint32_t vk_pointer_storage(const val_state *v, uint32_t pointer_id);

/* Whether a variable of this BuiltIn must be Volatile when an entry point of one of models uses
   it (VulkanMemoryModel-04678, -04679: subgroup built-ins in most ray tracing stages, RayTmaxKHR
   in intersection shaders). val_vulkan_model.c. */
bool vk_builtin_needs_volatile(uint32_t builtin, uint32_t models);
/* val_vulkan_model.c: the execution-model rules (over val_call_graph's models). */
void vk_check_models(vk_state *s);
/* val_vulkan_image.c: image instructions and opaque types, per instruction. */
void vk_check_image_inst(vk_state *s, const val_inst *i);
/* val_vulkan_memory.c: variables, types and memory access, per instruction. */
void vk_check_memory_inst(vk_state *s, const val_inst *i);
/* val_vulkan_xfb.c: transform feedback decorations of Output variables and blocks. */
void vk_check_xfb(vk_state *s);

#endif
