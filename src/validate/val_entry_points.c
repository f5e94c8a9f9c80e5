/* Entry points and execution modes: OpEntryPoint's function, name and interface (SPIR-V 3.3.5),
   execution modes' targets, models and repetitions (3.2.5, 3.3.5), the entry point rules of the
   universal (2.16.1) and Shader (2.16.2) validation rules, and Vulkan's workgroup size rule.
   Entry points are gathered once into records sorted by function id; execution modes and calls
   find their record by binary search. */
#include <stdlib.h>
#include <string.h>

#include "val_internal.h"

#define RULE_INSTRUCTION "SPIR-V 3.3.5"
#define RULE_MODE "SPIR-V 3.2.5"
#define RULE_SHADER "SPIR-V 2.16.2"
#define RULE_VK_WORKGROUP_SIZE "VUID-StandaloneSpirv-None-10685"

/* Execution models grouped as the execution modes' "Only valid with" clauses name them. */
enum {
    M_VERTEX = 1u << 0,
    M_TESS = 1u << 1,
    M_GEOMETRY = 1u << 2,
    M_FRAGMENT = 1u << 3,
    M_COMPUTE = 1u << 4,
    M_KERNEL = 1u << 5,
    M_MESH = 1u << 6, /* task and mesh, NV and EXT */
    M_OTHER = 1u << 7
};

static uint32_t model_group(uint32_t model)
{
    switch (model) {
    case SPVK_EXECUTION_MODEL_Vertex:
        return M_VERTEX;
    case SPVK_EXECUTION_MODEL_TessellationControl:
    case SPVK_EXECUTION_MODEL_TessellationEvaluation:
        return M_TESS;
    case SPVK_EXECUTION_MODEL_Geometry:
        return M_GEOMETRY;
    case SPVK_EXECUTION_MODEL_Fragment:
        return M_FRAGMENT;
    case SPVK_EXECUTION_MODEL_GLCompute:
        return M_COMPUTE;
    case SPVK_EXECUTION_MODEL_Kernel:
        return M_KERNEL;
    case SPVK_EXECUTION_MODEL_TaskNV:
    case SPVK_EXECUTION_MODEL_MeshNV:
    case SPVK_EXECUTION_MODEL_TaskEXT:
    case SPVK_EXECUTION_MODEL_MeshEXT:
        return M_MESH;
    default:
        return M_OTHER;
    }
}

/* The models an execution mode is valid with (0: not restricted here). Extensions widen some
   core modes to task and mesh shaders. */
static uint32_t mode_models(uint32_t mode)
{
    switch (mode) {
    case SPVK_EXECUTION_MODE_Invocations:
    case SPVK_EXECUTION_MODE_InputPoints:
    case SPVK_EXECUTION_MODE_InputLines:
    case SPVK_EXECUTION_MODE_InputLinesAdjacency:
    case SPVK_EXECUTION_MODE_InputTrianglesAdjacency:
    case SPVK_EXECUTION_MODE_OutputLineStrip:
    case SPVK_EXECUTION_MODE_OutputTriangleStrip:
        return M_GEOMETRY;
    case SPVK_EXECUTION_MODE_OutputPoints:
        return M_GEOMETRY | M_MESH;
    case SPVK_EXECUTION_MODE_SpacingEqual:
    case SPVK_EXECUTION_MODE_SpacingFractionalEven:
    case SPVK_EXECUTION_MODE_SpacingFractionalOdd:
    case SPVK_EXECUTION_MODE_VertexOrderCw:
    case SPVK_EXECUTION_MODE_VertexOrderCcw:
    case SPVK_EXECUTION_MODE_PointMode:
    case SPVK_EXECUTION_MODE_Quads:
    case SPVK_EXECUTION_MODE_Isolines:
        return M_TESS;
    case SPVK_EXECUTION_MODE_Triangles:
        return M_GEOMETRY | M_TESS;
    case SPVK_EXECUTION_MODE_OutputVertices:
        return M_GEOMETRY | M_TESS | M_MESH;
    case SPVK_EXECUTION_MODE_PixelCenterInteger:
    case SPVK_EXECUTION_MODE_OriginUpperLeft:
    case SPVK_EXECUTION_MODE_OriginLowerLeft:
    case SPVK_EXECUTION_MODE_EarlyFragmentTests:
    case SPVK_EXECUTION_MODE_DepthReplacing:
    case SPVK_EXECUTION_MODE_DepthGreater:
    case SPVK_EXECUTION_MODE_DepthLess:
    case SPVK_EXECUTION_MODE_DepthUnchanged:
        return M_FRAGMENT;
    case SPVK_EXECUTION_MODE_LocalSize:
    case SPVK_EXECUTION_MODE_LocalSizeId:
        return M_COMPUTE | M_KERNEL | M_MESH;
    case SPVK_EXECUTION_MODE_LocalSizeHint:
    case SPVK_EXECUTION_MODE_LocalSizeHintId:
        return M_KERNEL;
    default:
        return 0;
    }
}

/* Counters of the modes that the rules allow at most (or exactly) once per entry point. */
enum {
    G_LOCAL_SIZE, /* LocalSize, LocalSizeId, LocalSizeHint, LocalSizeHintId (2.16.1) */
    G_ORIGIN,     /* 2.16.2 */
    G_DEPTH,
    G_SPACING,
    G_TESS_PRIMITIVE,
    G_ORDER,
    G_GEOMETRY_IN,
    G_GEOMETRY_OUT,
    G_COUNT
};

typedef struct ep_record {
    uint32_t function;
    uint32_t models;
    uint8_t groups[G_COUNT];
    uint8_t denorm_widths, rounding_widths; /* bit per target width 8, 16, 32, 64 */
    bool local_size;                        /* LocalSize or LocalSizeId (Vulkan) */
} ep_record;

typedef struct mode_use {
    uint32_t function, mode, inst;
} mode_use;

typedef struct ep_name {
    uint32_t model, inst;
    const char *name;
    size_t length;
} ep_name;

static int cmp_record(const void *a, const void *b)
{
    uint32_t x = ((const ep_record *)a)->function, y = ((const ep_record *)b)->function;
    return x < y ? -1 : x > y;
}

static int cmp_mode_use(const void *a, const void *b)
{
    const mode_use *x = a, *y = b;
    if (x->function != y->function)
        return x->function < y->function ? -1 : 1;
    if (x->mode != y->mode)
        return x->mode < y->mode ? -1 : 1;
    return x->inst < y->inst ? -1 : x->inst > y->inst;
}

static int cmp_name(const void *a, const void *b)
{
    const ep_name *x = a, *y = b;
    if (x->model != y->model)
        return x->model < y->model ? -1 : 1;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->name, y->name, n);
    if (c)
        return c;
    if (x->length != y->length)
        return x->length < y->length ? -1 : 1;
    return x->inst < y->inst ? -1 : x->inst > y->inst;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static ep_record *find_record(ep_record *records, size_t n, uint32_t function)
{
    ep_record key = {.function = function};
    return bsearch(&key, records, n, sizeof *records, cmp_record);
}

static const char *mode_name(uint32_t mode)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_ExecutionMode, mode);
    return e ? e->name : "an unknown mode";
}

static const char *model_name(uint32_t model)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_ExecutionModel, model);
    return e ? e->name : "an unknown model";
}

/* The entry point's name operand: its bytes up to the terminating NUL within the words. */
static void entry_name(const val_state *v, const val_inst *i, const char **name, size_t *length)
{
    const char *s = (const char *)(val_words(v, i) + 3);
    size_t max = (size_t)(i->num_words - 3) * 4, n = 0;
    while (n < max && s[n])
        n++;
    *name = s;
    *length = n;
}

/* The number of words the name occupies (with its NUL and padding). */
static uint32_t name_words(size_t length) { return (uint32_t)(length / 4 + 1); }

/* The specification states no signature for entry points; like SPIRV-Tools, shader stages get
   void() and kernels (whose parameters are the kernel's arguments) only a void result. */
static void check_function(val_state *v, const val_inst *i, uint32_t fn)
{
    uint32_t index = val_index(v, i);
    const val_inst *f = val_def(v, fn);
    if (!f || f->opcode != SPVK_OP_Function) {
        val_error(v, index, RULE_INSTRUCTION, "the Entry Point %%%u is not an OpFunction", fn);
        return;
    }
    const val_inst *t = f->num_words >= 5 ? val_def(v, val_words(v, f)[4]) : NULL;
    if (!t || t->opcode != SPVK_OP_TypeFunction || t->num_words < 3)
        return;
    const uint32_t *tw = val_words(v, t);
    if (val_def_opcode(v, tw[2]) != SPVK_OP_TypeVoid)
        val_error(v, index, RULE_INSTRUCTION, "the entry point function %%%u must return void", fn);
    if (t->num_words > 3 && val_words(v, i)[1] != SPVK_EXECUTION_MODEL_Kernel)
        val_error(v, index, RULE_INSTRUCTION, "the entry point function %%%u must take no parameters (it takes %u)",
                  fn, (unsigned)(t->num_words - 3));
}

static void check_interface(val_state *v, const val_inst *i, uint32_t first, uint32_t *scratch)
{
    uint32_t index = val_index(v, i);
    const uint32_t *w = val_words(v, i);
    bool pre_1_4 = v->header.version < SPVK_VERSION(1, 4);
    uint32_t n = 0;
    for (uint32_t k = first; k < i->num_words; k++) {
        uint32_t id = w[k];
        const val_inst *d = val_def(v, id);
        /* SPV_KHR_untyped_pointers lets an OpUntypedVariableKHR be an interface too. */
        if (!d || (d->opcode != SPVK_OP_Variable && d->opcode != SPVK_OP_UntypedVariableKHR) || d->num_words < 4) {
            val_error(v, index, RULE_INSTRUCTION, "the interface %%%u is not an OpVariable", id);
            continue;
        }
        if (d->function != VAL_NONE) {
            val_error(v, index, RULE_INSTRUCTION, "the interface %%%u is not a global OpVariable", id);
            continue;
        }
        uint32_t storage = val_words(v, d)[3];
        if (pre_1_4 && storage != SPVK_STORAGE_CLASS_Input && storage != SPVK_STORAGE_CLASS_Output) {
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, storage);
            val_error(v, index, RULE_INSTRUCTION, "the interface %%%u is in the %s storage class; before SPIR-V 1.4 "
                      "only Input and Output are allowed", id, e ? e->name : "unknown");
        }
        scratch[n++] = id;
    }
    if (pre_1_4 || n < 2)
        return;
    qsort(scratch, n, sizeof *scratch, cmp_u32);
    for (uint32_t k = 1; k < n; k++)
        if (scratch[k] == scratch[k - 1] && (k < 2 || scratch[k - 2] != scratch[k]))
            val_error(v, index, RULE_INSTRUCTION, "the interface %%%u is listed more than once (SPIR-V 1.4 and later)",
                      scratch[k]);
}

/* At most one mode of a group per entry point; `exactly` also needs one. */
static void check_group(val_state *v, const val_inst *ep, const ep_record *r, int group, uint32_t models,
                        bool exactly, const char *rule, const char *names)
{
    if (!(model_group(val_words(v, ep)[1]) & models))
        return;
    if (r->groups[group] > 1 || (exactly && r->groups[group] == 0))
        val_error(v, val_index(v, ep), rule, "the %s entry point sets %u of %s, expected %s",
                  model_name(val_words(v, ep)[1]), r->groups[group], names, exactly ? "exactly one" : "at most one");
}

static int mode_group(uint32_t mode)
{
    switch (mode) {
    case SPVK_EXECUTION_MODE_LocalSize:
    case SPVK_EXECUTION_MODE_LocalSizeId:
    case SPVK_EXECUTION_MODE_LocalSizeHint:
    case SPVK_EXECUTION_MODE_LocalSizeHintId:
        return G_LOCAL_SIZE;
    case SPVK_EXECUTION_MODE_OriginUpperLeft:
    case SPVK_EXECUTION_MODE_OriginLowerLeft:
        return G_ORIGIN;
    case SPVK_EXECUTION_MODE_DepthGreater:
    case SPVK_EXECUTION_MODE_DepthLess:
    case SPVK_EXECUTION_MODE_DepthUnchanged:
        return G_DEPTH;
    case SPVK_EXECUTION_MODE_SpacingEqual:
    case SPVK_EXECUTION_MODE_SpacingFractionalEven:
    case SPVK_EXECUTION_MODE_SpacingFractionalOdd:
        return G_SPACING;
    case SPVK_EXECUTION_MODE_Quads:
    case SPVK_EXECUTION_MODE_Isolines:
        return G_TESS_PRIMITIVE;
    case SPVK_EXECUTION_MODE_VertexOrderCw:
    case SPVK_EXECUTION_MODE_VertexOrderCcw:
        return G_ORDER;
    case SPVK_EXECUTION_MODE_InputPoints:
    case SPVK_EXECUTION_MODE_InputLines:
    case SPVK_EXECUTION_MODE_InputLinesAdjacency:
    case SPVK_EXECUTION_MODE_InputTrianglesAdjacency:
        return G_GEOMETRY_IN;
    case SPVK_EXECUTION_MODE_OutputPoints:
    case SPVK_EXECUTION_MODE_OutputLineStrip:
    case SPVK_EXECUTION_MODE_OutputTriangleStrip:
        return G_GEOMETRY_OUT;
    default:
        return -1;
    }
}

static uint8_t width_bit(uint32_t width)
{
    return width == 8 ? 1 : width == 16 ? 2 : width == 32 ? 4 : width == 64 ? 8 : 0;
}

static void count_mode(val_state *v, const val_inst *i, ep_record *r, uint32_t mode)
{
    const uint32_t *w = val_words(v, i);
    int g = mode_group(mode);
    if (g >= 0 && r->groups[g] < 255)
        r->groups[g]++;
    if (mode == SPVK_EXECUTION_MODE_Triangles) {
        /* Triangles is a tessellation primitive and a geometry input at once. */
        if (r->groups[G_TESS_PRIMITIVE] < 255)
            r->groups[G_TESS_PRIMITIVE]++;
        if (r->groups[G_GEOMETRY_IN] < 255)
            r->groups[G_GEOMETRY_IN]++;
    }
    if (mode == SPVK_EXECUTION_MODE_LocalSize || mode == SPVK_EXECUTION_MODE_LocalSizeId)
        r->local_size = true;
    bool denorm = mode == SPVK_EXECUTION_MODE_DenormPreserve || mode == SPVK_EXECUTION_MODE_DenormFlushToZero;
    bool rounding = mode == SPVK_EXECUTION_MODE_RoundingModeRTE || mode == SPVK_EXECUTION_MODE_RoundingModeRTZ;
    if ((denorm || rounding) && i->num_words >= 4) {
        uint8_t bit = width_bit(w[3]);
        uint8_t *seen = denorm ? &r->denorm_widths : &r->rounding_widths;
        if (bit & *seen)
            val_error(v, val_index(v, i), VAL_RULE_UNIVERSAL, "the entry point %%%u sets more than one of %s for "
                      "target width %u", r->function,
                      denorm ? "DenormPreserve and DenormFlushToZero" : "RoundingModeRTE and RoundingModeRTZ", w[3]);
        *seen |= bit;
    }
}

void val_check_entry_points(val_state *v)
{
    const spvk_allocator *a = v->allocator;
    size_t num_eps = 0, num_modes = 0, max_interface = 0;
    bool workgroup_size_builtin = false;
    for (size_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_EntryPoint && i->num_words >= 4) {
            num_eps++;
            if (i->num_words > max_interface)
                max_interface = i->num_words;
        } else if ((i->opcode == SPVK_OP_ExecutionMode || i->opcode == SPVK_OP_ExecutionModeId) && i->num_words >= 3) {
            num_modes++;
        } else if (i->opcode == SPVK_OP_Decorate && i->num_words >= 4 && w[2] == SPVK_DECORATION_BuiltIn &&
                   w[3] == SPVK_BUILT_IN_WorkgroupSize) {
            workgroup_size_builtin = true;
        }
    }
    if (num_eps == 0) {
        if (!val_has_capability(v, SPVK_CAPABILITY_Linkage))
            val_error(v, VAL_NONE, VAL_RULE_UNIVERSAL,
                      "the module has no OpEntryPoint, and does not declare the Linkage capability");
        /* Execution modes still need a target. */
    }
    ep_record *records = spvk_alloc(a, (num_eps ? num_eps : 1) * sizeof *records);
    ep_name *names = spvk_alloc(a, (num_eps ? num_eps : 1) * sizeof *names);
    mode_use *modes = spvk_alloc(a, (num_modes ? num_modes : 1) * sizeof *modes);
    uint32_t *scratch = spvk_alloc(a, (max_interface ? max_interface : 1) * sizeof *scratch);
    if (!records || !names || !modes || !scratch) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        goto done;
    }

    /* Entry points: per instruction rules, records by function, names. */
    size_t nr = 0, nn = 0;
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_EntryPoint || i->num_words < 4)
            continue;
        const uint32_t *w = val_words(v, i);
        check_function(v, i, w[2]);
        const char *name;
        size_t length;
        entry_name(v, i, &name, &length);
        names[nn++] = (ep_name){w[1], (uint32_t)k, name, length};
        check_interface(v, i, 3 + name_words(length), scratch);
        records[nr] = (ep_record){.function = w[2]};
        records[nr++].models = model_group(w[1]);
    }
    qsort(records, nr, sizeof *records, cmp_record);
    size_t unique = 0; /* several models may share one function: merge their records */
    for (size_t k = 0; k < nr; k++) {
        if (unique && records[unique - 1].function == records[k].function)
            records[unique - 1].models |= records[k].models;
        else
            records[unique++] = records[k];
    }
    nr = unique;
    qsort(names, nn, sizeof *names, cmp_name);
    for (size_t k = 1; k < nn; k++)
        if (names[k].model == names[k - 1].model && names[k].length == names[k - 1].length &&
            memcmp(names[k].name, names[k - 1].name, names[k].length) == 0)
            val_error(v, names[k].inst, RULE_INSTRUCTION, "another %s entry point is named \"%.*s\"",
                      model_name(names[k].model), (int)names[k].length, names[k].name);

    /* Execution modes and calls. */
    size_t nm = 0;
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *w = val_words(v, i);
        if (i->opcode == SPVK_OP_FunctionCall && i->num_words >= 4) {
            if (find_record(records, nr, w[3]))
                val_error(v, (uint32_t)k, VAL_RULE_UNIVERSAL, "%%%u is an entry point and must not be called by "
                          "OpFunctionCall", w[3]);
            continue;
        }
        if ((i->opcode != SPVK_OP_ExecutionMode && i->opcode != SPVK_OP_ExecutionModeId) || i->num_words < 3)
            continue;
        ep_record *r = find_record(records, nr, w[1]);
        if (!r) {
            val_error(v, (uint32_t)k, RULE_INSTRUCTION, "%s targets %%%u, which is not the function of an OpEntryPoint",
                      spvk_instruction_by_opcode(i->opcode)->name, w[1]);
            continue;
        }
        uint32_t mode = w[2], allowed = mode_models(mode);
        if (allowed && (r->models & ~allowed))
            val_error(v, (uint32_t)k, RULE_MODE, "the execution mode %s is not valid with the execution model of "
                      "entry point %%%u", mode_name(mode), w[1]);
        count_mode(v, i, r, mode);
        modes[nm++] = (mode_use){w[1], mode, (uint32_t)k};
    }
    /* Repeated modes: the core ones (values below 4096) have no per-width operand and are never
       repeatable; extension modes allow repetition often enough that they are left alone. */
    qsort(modes, nm, sizeof *modes, cmp_mode_use);
    for (size_t k = 1; k < nm && !v->stop; k++)
        if (modes[k].function == modes[k - 1].function && modes[k].mode == modes[k - 1].mode && modes[k].mode < 4096)
            val_error(v, modes[k].inst, RULE_MODE, "the execution mode %s is set more than once for %%%u",
                      mode_name(modes[k].mode), modes[k].function);

    /* Per entry point: the groups' counts. */
    bool shader = val_has_capability(v, SPVK_CAPABILITY_Shader);
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_EntryPoint || i->num_words < 4)
            continue;
        const ep_record *r = find_record(records, nr, val_words(v, i)[2]);
        if (!r)
            continue;
        check_group(v, i, r, G_LOCAL_SIZE, ~0u, false, VAL_RULE_UNIVERSAL,
                    "LocalSize, LocalSizeId, LocalSizeHint and LocalSizeHintId");
        if (shader) {
            check_group(v, i, r, G_ORIGIN, M_FRAGMENT, true, RULE_SHADER, "OriginLowerLeft and OriginUpperLeft");
            check_group(v, i, r, G_DEPTH, M_FRAGMENT, false, RULE_SHADER, "DepthGreater, DepthLess and DepthUnchanged");
            check_group(v, i, r, G_SPACING, M_TESS, false, RULE_SHADER,
                        "SpacingEqual, SpacingFractionalEven and SpacingFractionalOdd");
            check_group(v, i, r, G_TESS_PRIMITIVE, M_TESS, false, RULE_SHADER, "Triangles, Quads and Isolines");
            check_group(v, i, r, G_ORDER, M_TESS, false, RULE_SHADER, "VertexOrderCw and VertexOrderCcw");
            check_group(v, i, r, G_GEOMETRY_IN, M_GEOMETRY, true, RULE_SHADER,
                        "InputPoints, InputLines, InputLinesAdjacency, Triangles and InputTrianglesAdjacency");
            check_group(v, i, r, G_GEOMETRY_OUT, M_GEOMETRY, true, RULE_SHADER,
                        "OutputPoints, OutputLineStrip and OutputTriangleStrip");
        }
        if (v->target->api == SPVK_CLIENT_VULKAN && (model_group(val_words(v, i)[1]) & (M_COMPUTE | M_MESH)) &&
            !r->local_size && !workgroup_size_builtin)
            val_error(v, (uint32_t)k, RULE_VK_WORKGROUP_SIZE, "the %s entry point has neither a LocalSize or "
                      "LocalSizeId execution mode nor a WorkgroupSize built-in",
                      model_name(val_words(v, i)[1]));
    }

done:
    spvk_free(a, records, (num_eps ? num_eps : 1) * sizeof *records);
    spvk_free(a, names, (num_eps ? num_eps : 1) * sizeof *names);
    spvk_free(a, modes, (num_modes ? num_modes : 1) * sizeof *modes);
    spvk_free(a, scratch, (max_interface ? max_interface : 1) * sizeof *scratch);
}
