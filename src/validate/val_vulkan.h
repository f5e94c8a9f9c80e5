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

/* Execution models as bits, for the set of models whose entry points reach a function. */
enum {
    VK_M_VERTEX = 1u << 0,
    VK_M_TESS_CONTROL = 1u << 1,
    VK_M_TESS_EVAL = 1u << 2,
    VK_M_GEOMETRY = 1u << 3,
    VK_M_FRAGMENT = 1u << 4,
    VK_M_COMPUTE = 1u << 5,
    VK_M_TASK_NV = 1u << 6,
    VK_M_MESH_NV = 1u << 7,
    VK_M_TASK_EXT = 1u << 8,
    VK_M_MESH_EXT = 1u << 9,
    VK_M_RAYGEN = 1u << 10,
    VK_M_INTERSECTION = 1u << 11,
    VK_M_ANY_HIT = 1u << 12,
    VK_M_CLOSEST_HIT = 1u << 13,
    VK_M_MISS = 1u << 14,
    VK_M_CALLABLE = 1u << 15,
    VK_M_OTHER = 1u << 16
};
#define VK_M_TASK_MESH (VK_M_TASK_NV | VK_M_MESH_NV | VK_M_TASK_EXT | VK_M_MESH_EXT)
#define VK_M_RAY_TRACING                                                                                            \
    (VK_M_RAYGEN | VK_M_INTERSECTION | VK_M_ANY_HIT | VK_M_CLOSEST_HIT | VK_M_MISS | VK_M_CALLABLE)

typedef struct vk_state {
    val_state *v;
    uint32_t *dec;     /* VK_DEC_* per instruction index of the decorated id's definition */
    uint32_t *builtin; /* the BuiltIn of a decorated id, by its definition's index; VAL_NONE if none */
    uint32_t *root;    /* per instruction index: the OpVariable a pointer result derives from */
    uint32_t *models;  /* per function index: VK_M_* of the entry points whose call trees reach it */
} vk_state;

uint32_t vk_dec_of(const vk_state *s, uint32_t id);
uint32_t vk_builtin_of(const vk_state *s, uint32_t id);
const char *vk_enum_name(unsigned kind, uint32_t value);
const char *vk_op_name(uint16_t opcode);
uint32_t vk_model_bit(uint32_t model);
/* The variable (instruction index) a pointer id derives from through access chains, or VAL_NONE. */
uint32_t vk_root_variable(const vk_state *s, uint32_t pointer_id);
/* The models reaching the function containing instruction i (0 when unreached or global). */
uint32_t vk_models_at(const vk_state *s, const val_inst *i);
/* The models a list of VK_M_* bits names, for messages ("Vertex, Fragment"). */
void vk_model_names(uint32_t models, char *buf, size_t size);
/* The element type of (possibly nested) arrays. */
uint32_t vk_strip_arrays(const val_state *v, uint32_t type);
uint32_t vk_pointer_storage(const val_state *v, uint32_t pointer_id);

/* val_vulkan_model.c: the call graph and the execution-model rules. Fills s->models. */
bool vk_compute_models(vk_state *s);
void vk_check_models(vk_state *s);
/* val_vulkan_image.c: image instructions and opaque types, per instruction. */
void vk_check_image_inst(vk_state *s, const val_inst *i);
/* val_vulkan_memory.c: variables, types and memory access, per instruction. */
void vk_check_memory_inst(vk_state *s, const val_inst *i);

#endif
