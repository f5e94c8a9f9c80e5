/* The OpenCL environment (seed 001, the OpenCL SPIR-V Environment Specification): the rules of
   section 2.1 for every version (execution and memory models, images, atomics, recursion), the
   kernel return type and argument types (2.7, 2.8), each version's scopes and OpenCL 1.2's limits
   on groups, barriers and atomics (3.3, 4.3, 5.3, 6.3), and what the chapter 7 extensions allow
   once a module declares them with OpExtension "cl_khr_...".

   An extension counts as enabled when the module declares it; the requirements family already
   reports a declared one that the device does not support, so these rules do not repeat that.
   Everything runs in a few passes over the instructions: one that looks at each instruction, one
   that walks the kernels' parameters (struct members judged once each, in declaration order), and
   an iterative depth-first search over the static call graph from the kernels. Chapter 7's image
   channel orders and formats (7.1.2, 7.1.6) are values returned at run time, and 7.1.3's local
   argument types have no stated default rule, so nothing here checks them. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "val_internal.h"

typedef struct cl_state {
    val_state *v;
    uint32_t version;  /* SPVK_VERSION of the OpenCL API */
    int chapter;       /* the seed's chapter for the version: 2.2 is 3, 2.1 is 4, 2.0 is 5, 1.2 is 6 */
    uint32_t declared; /* spvk_opencl_extension bits the module declares */
} cl_state;

/* Reports against "OpenCL <version> section <section>". */
static void cl_error(cl_state *s, uint32_t inst, const char *section, const char *fmt, ...) SPVK_PRINTF(4, 5);

static void cl_error(cl_state *s, uint32_t inst, const char *section, const char *fmt, ...)
{
    char rule[48], message[512];
    snprintf(rule, sizeof rule, "OpenCL %u.%u section %s", s->version >> 16, (s->version >> 8) & 0xff, section);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    val_error(s->v, inst, rule, "%s", message);
}

/* "N.3": the version's own validation rules. */
static const char *version_section(const cl_state *s)
{
    static const char *const sections[] = {"3.3", "4.3", "5.3", "6.3"};
    return sections[s->chapter - 3];
}

static bool enabled(const cl_state *s, uint32_t bit) { return (s->declared & bit) != 0; }

static const char *scope_name(uint64_t scope)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Scope, (uint32_t)scope);
    return e && scope <= UINT32_MAX ? e->name : "an unknown scope";
}

/* ---- module-level declarations (2.1, 7.1.4, 7.1.8, 7.1.12, 7.2.1) ---- */

static void check_memory_model(cl_state *s, uint32_t k, const val_inst *i)
{
    if (i->num_words < 3)
        return;
    const uint32_t *w = val_words(s->v, i);
    if (w[1] != SPVK_ADDRESSING_MODEL_Physical32 && w[1] != SPVK_ADDRESSING_MODEL_Physical64)
        cl_error(s, k, "2.1", "the addressing model must be Physical32 or Physical64");
    if (w[2] != SPVK_MEMORY_MODEL_OpenCL)
        cl_error(s, k, "2.1", "the memory model must be OpenCL");
}

/* Capabilities that only an extension lets an OpenCL environment accept. */
static void check_capability(cl_state *s, uint32_t k, const val_inst *i)
{
    if (i->num_words < 2)
        return;
    uint32_t cap = val_words(s->v, i)[1];
    if (cap == SPVK_CAPABILITY_Float16 && !enabled(s, SPVK_CL_KHR_FP16))
        cl_error(s, k, "7.1.4", "the Float16 capability needs OpExtension \"cl_khr_fp16\"");
    else if (cap == SPVK_CAPABILITY_NamedBarrier && !enabled(s, SPVK_CL_KHR_SUBGROUP_NAMED_BARRIER))
        cl_error(s, k, "7.1.12", "the NamedBarrier capability needs OpExtension \"cl_khr_subgroup_named_barrier\"");
    else if (cap == SPVK_CAPABILITY_Int64Atomics &&
             !enabled(s, SPVK_CL_KHR_INT64_BASE_ATOMICS | SPVK_CL_KHR_INT64_EXTENDED_ATOMICS))
        cl_error(s, k, "7.1.8",
                 "the Int64Atomics capability needs OpExtension \"cl_khr_int64_base_atomics\" or "
                 "\"cl_khr_int64_extended_atomics\"");
    else if (cap == SPVK_CAPABILITY_Int64 && s->v->target->embedded && !enabled(s, SPVK_CLES_KHR_INT64))
        cl_error(s, k, "7.2.1", "the embedded profile accepts the Int64 capability only with OpExtension "
                                "\"cles_khr_int64\"");
}

/* ---- images (2.1, 7.1.1, 7.1.7, 7.1.9, 7.1.10) ---- */

enum { IMAGE_DIM = 3, IMAGE_ARRAYED = 5, IMAGE_MS = 6, IMAGE_WORDS = 9 };

static void check_image_type(cl_state *s, uint32_t k, const val_inst *i)
{
    if (i->num_words < IMAGE_WORDS)
        return;
    const uint32_t *w = val_words(s->v, i);
    uint32_t dim = w[IMAGE_DIM];
    if (w[IMAGE_MS] != 0) {
        if (dim != SPVK_DIM_2D)
            cl_error(s, k, "2.1", "MS must be 0: only 2D images may be multi-sampled (with cl_khr_gl_msaa_sharing)");
        else if (!enabled(s, SPVK_CL_KHR_GL_MSAA_SHARING))
            cl_error(s, k, "7.1.7", "MS must be 0: a multi-sampled 2D image needs OpExtension \"cl_khr_gl_msaa_sharing\"");
    }
    if (w[IMAGE_ARRAYED] != 0 && dim != SPVK_DIM_1D && dim != SPVK_DIM_2D)
        cl_error(s, k, "2.1", "Arrayed may be 1 only when Dim is 1D or 2D");
}

/* The OpTypeImage behind an image or sampled image value, or NULL. */
static const val_inst *image_type_of(const val_state *v, uint32_t value)
{
    const val_inst *t = val_def(v, val_type_of(v, value));
    if (t && t->opcode == SPVK_OP_TypeSampledImage && t->num_words >= 3)
        t = val_def(v, val_words(v, t)[2]);
    return t && t->opcode == SPVK_OP_TypeImage && t->num_words >= IMAGE_WORDS ? t : NULL;
}

/* A constant zero (integer or float, either sign) or OpConstantNull. */
static bool is_constant_zero(const val_state *v, uint32_t id)
{
    const val_inst *d = val_def(v, id);
    if (!d)
        return false;
    if (d->opcode == SPVK_OP_ConstantNull)
        return true;
    if (d->opcode != SPVK_OP_Constant)
        return false;
    const uint32_t *w = val_words(v, d);
    bool is_float = val_is_float_type(v, d->type_id);
    for (uint16_t k = 3; k < d->num_words; k++) {
        uint32_t bits = w[k];
        if (is_float && k + 1u == d->num_words)
            bits &= 0x7fffffffu; /* -0.0 */
        if (bits)
            return false;
    }
    return d->num_words > 3;
}

/* The Lod operand's id of image operands at word mask_word, or 0 when there is none. */
static uint32_t lod_operand(const val_state *v, const val_inst *i, uint32_t mask_word)
{
    if (mask_word >= i->num_words)
        return 0;
    const uint32_t *w = val_words(v, i);
    uint32_t mask = w[mask_word];
    if (!(mask & SPVK_IMAGE_OPERANDS_Lod))
        return 0;
    uint32_t at = mask_word + 1 + ((mask & SPVK_IMAGE_OPERANDS_Bias) ? 1 : 0);
    return at < i->num_words ? w[at] : 0;
}

/* What a multi-sampled image may be used with (7.1.7). */
static bool msaa_use_allowed(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_ImageRead:
    case SPVK_OP_ImageQuerySizeLod:
    case SPVK_OP_ImageQueryFormat:
    case SPVK_OP_ImageQueryOrder:
    case SPVK_OP_ImageQuerySamples:
        return true;
    default:
        return false;
    }
}

static void check_image_instruction(cl_state *s, uint32_t k, const val_inst *i)
{
    const val_state *v = s->v;
    const uint32_t *w = val_words(v, i);
    uint32_t image_word = i->opcode == SPVK_OP_ImageWrite ? 1 : 3;
    if (image_word >= i->num_words)
        return;
    const val_inst *type = image_type_of(v, w[image_word]);
    const uint32_t *tw = type ? val_words(v, type) : NULL;
    if (tw && tw[IMAGE_MS] != 0 && tw[IMAGE_DIM] == SPVK_DIM_2D && enabled(s, SPVK_CL_KHR_GL_MSAA_SHARING) &&
        !msaa_use_allowed(i->opcode))
        cl_error(s, k, "7.1.7",
                 "a multi-sampled image may be used only with OpImageRead, OpImageQuerySizeLod, OpImageQueryFormat, "
                 "OpImageQueryOrder and OpImageQuerySamples");
    switch (i->opcode) {
    case SPVK_OP_ImageWrite: {
        if (tw && tw[IMAGE_DIM] == SPVK_DIM_3D && !enabled(s, SPVK_CL_KHR_3D_IMAGE_WRITES))
            cl_error(s, k, "7.1.1", "writing a 3D image needs OpExtension \"cl_khr_3d_image_writes\"");
        if (i->num_words <= 4)
            break;
        uint32_t mask = w[4];
        if (mask & ~(uint32_t)SPVK_IMAGE_OPERANDS_Lod)
            cl_error(s, k, "2.1", "OpImageWrite must not have optional image operands (0x%x)", mask);
        else if ((mask & SPVK_IMAGE_OPERANDS_Lod) && !enabled(s, SPVK_CL_KHR_MIPMAP_IMAGE_WRITES))
            cl_error(s, k, "2.1",
                     "OpImageWrite must not have optional image operands: Lod needs OpExtension "
                     "\"cl_khr_mipmap_image_writes\"");
        break;
    }
    case SPVK_OP_ImageRead:
    case SPVK_OP_ImageFetch:
    case SPVK_OP_ImageSampleExplicitLod: {
        if (i->num_words <= 5)
            break;
        if (w[5] & SPVK_IMAGE_OPERANDS_ConstOffset)
            cl_error(s, k, "2.1", "%s must not have the ConstOffset image operand",
                     spvk_instruction_by_opcode(i->opcode)->name);
        uint32_t lod = lod_operand(v, i, 5);
        if (lod && !is_constant_zero(v, lod) && !enabled(s, SPVK_CL_KHR_MIPMAP_IMAGE))
            cl_error(s, k, "7.1.9", "a Lod other than a constant 0 (%%%u) needs OpExtension \"cl_khr_mipmap_image\"",
                     lod);
        break;
    }
    case SPVK_OP_ImageQuerySizeLod:
        if (i->num_words > 4 && !is_constant_zero(v, w[4]) && !enabled(s, SPVK_CL_KHR_MIPMAP_IMAGE))
            cl_error(s, k, "7.1.9", "a Lod other than a constant 0 (%%%u) needs OpExtension \"cl_khr_mipmap_image\"",
                     w[4]);
        break;
    default:
        break;
    }
}

/* ---- atomics (2.1, 6.3, 7.1.8) ---- */

/* The type the atomic instruction reads or writes, or 0 when it has none to judge (the flags). */
static uint32_t atomic_value_type(const val_state *v, const val_inst *i)
{
    switch (i->opcode) {
    case SPVK_OP_AtomicFlagTestAndSet:
    case SPVK_OP_AtomicFlagClear:
        return 0;
    case SPVK_OP_AtomicStore:
        return i->num_words > 4 ? val_type_of(v, val_words(v, i)[4]) : 0;
    default:
        return i->type_id;
    }
}

static void check_atomic(cl_state *s, uint32_t k, const val_inst *i)
{
    const val_state *v = s->v;
    uint32_t type = atomic_value_type(v, i);
    if (!type)
        return;
    uint32_t width = val_bit_width(v, type);
    if (val_is_int_type(v, type) && width == 64) {
        if (!enabled(s, SPVK_CL_KHR_INT64_BASE_ATOMICS | SPVK_CL_KHR_INT64_EXTENDED_ATOMICS)) {
            cl_error(s, k, "2.1",
                     "only 32-bit integers are supported by atomic instructions: 64-bit ones need OpExtension "
                     "\"cl_khr_int64_base_atomics\" or \"cl_khr_int64_extended_atomics\"");
            return;
        }
        /* With 64-bit atomics, WorkgroupMemory semantics go with Workgroup scope. */
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
        uint64_t scope = SPVK_SCOPE_Workgroup;
        bool workgroup_memory = false;
        for (uint8_t o = 0; o < d->num_operands; o++) {
            uint32_t word = (uint32_t)o + 1;
            uint64_t value;
            if (word >= i->num_words || !val_constant_uint(v, val_words(v, i)[word], &value))
                continue;
            if (d->operands[o].kind == SPVK_OPERAND_IdScope)
                scope = value;
            else if (d->operands[o].kind == SPVK_OPERAND_IdMemorySemantics &&
                     (value & SPVK_MEMORY_SEMANTICS_WorkgroupMemory))
                workgroup_memory = true;
        }
        if (workgroup_memory && scope != SPVK_SCOPE_Workgroup)
            cl_error(s, k, "7.1.8", "a 64-bit atomic with WorkgroupMemory semantics must have Workgroup scope, not %s",
                     scope_name(scope));
    } else if (!val_is_int_type(v, type) || width != 32) {
        cl_error(s, k, "2.1", "only 32-bit integers are supported by atomic instructions, not %%%u", type);
    }
}

/* ---- scopes and OpenCL 1.2's groups, barriers and atomics (3.3, 4.3, 5.3, 6.3, 7.1.11) ---- */

static bool unsupported_in_1_2(uint16_t opcode)
{
    switch (opcode) {
    case SPVK_OP_GroupAll:
    case SPVK_OP_GroupAny:
    case SPVK_OP_GroupBroadcast:
    case SPVK_OP_GroupIAdd:
    case SPVK_OP_GroupFAdd:
    case SPVK_OP_GroupFMin:
    case SPVK_OP_GroupUMin:
    case SPVK_OP_GroupSMin:
    case SPVK_OP_GroupFMax:
    case SPVK_OP_GroupUMax:
    case SPVK_OP_GroupSMax:
        return true;
    default:
        return false;
    }
}

#define ORDERING_BITS                                                                                             \
    (SPVK_MEMORY_SEMANTICS_Acquire | SPVK_MEMORY_SEMANTICS_Release | SPVK_MEMORY_SEMANTICS_AcquireRelease |       \
     SPVK_MEMORY_SEMANTICS_SequentiallyConsistent)

static void check_execution_scope(cl_state *s, uint32_t k, const val_inst *i, uint64_t scope)
{
    const char *name = spvk_instruction_by_opcode(i->opcode)->name;
    if (i->opcode == SPVK_OP_GroupAsyncCopy || i->opcode == SPVK_OP_GroupWaitEvents) {
        if (scope != SPVK_SCOPE_Workgroup)
            cl_error(s, k,
                     s->version < SPVK_VERSION(2, 1) && scope == SPVK_SCOPE_Subgroup && enabled(s, SPVK_CL_KHR_SUBGROUPS)
                         ? "7.1.11"
                         : version_section(s),
                     "the execution scope of %s must be Workgroup, not %s", name, scope_name(scope));
        return;
    }
    if (scope == SPVK_SCOPE_Workgroup)
        return;
    if (scope == SPVK_SCOPE_Subgroup) {
        if (s->version >= SPVK_VERSION(2, 1) || enabled(s, SPVK_CL_KHR_SUBGROUPS))
            return;
        cl_error(s, k, version_section(s),
                 "the execution scope of %s must be Workgroup: Subgroup needs OpExtension \"cl_khr_subgroups\"", name);
        return;
    }
    cl_error(s, k, version_section(s), "the execution scope of %s must be Workgroup%s, not %s", name,
             s->version >= SPVK_VERSION(2, 1) ? " or Subgroup" : "", scope_name(scope));
}

static void check_memory_scope(cl_state *s, uint32_t k, const val_inst *i, uint64_t scope)
{
    if (scope == SPVK_SCOPE_CrossDevice || scope == SPVK_SCOPE_Device || scope == SPVK_SCOPE_Workgroup ||
        scope == SPVK_SCOPE_Invocation)
        return;
    cl_error(s, k, version_section(s),
             "the memory scope of %s must be CrossDevice, Device, Workgroup or Invocation, not %s",
             spvk_instruction_by_opcode(i->opcode)->name, scope_name(scope));
}

/* OpenCL 1.2 (6.3): barriers are Workgroup and sequentially consistent; atomics Device and relaxed. */
static void check_1_2_operand(cl_state *s, uint32_t k, const val_inst *i, uint16_t kind, bool execution,
                              uint64_t value)
{
    const char *name = spvk_instruction_by_opcode(i->opcode)->name;
    bool barrier = i->opcode == SPVK_OP_ControlBarrier || i->opcode == SPVK_OP_MemoryBarrier;
    bool atomic = spvk_instruction_by_opcode(i->opcode)->instruction_class == SPVK_CLASS_ATOMIC;
    if (kind == SPVK_OPERAND_IdScope && !execution) {
        if (barrier && value != SPVK_SCOPE_Workgroup)
            cl_error(s, k, "6.3", "the memory scope of %s must be Workgroup, not %s", name, scope_name(value));
        else if (atomic && value != SPVK_SCOPE_Device)
            cl_error(s, k, "6.3", "the memory scope of %s must be Device, not %s", name, scope_name(value));
    } else if (kind == SPVK_OPERAND_IdMemorySemantics) {
        if (barrier && (value & ORDERING_BITS) != SPVK_MEMORY_SEMANTICS_SequentiallyConsistent)
            cl_error(s, k, "6.3", "the memory semantics of %s must be SequentiallyConsistent (0x%llx)", name,
                     (unsigned long long)value);
        else if (atomic && (value & ORDERING_BITS) != 0)
            cl_error(s, k, "6.3", "the memory semantics of %s must be Relaxed (0x%llx)", name,
                     (unsigned long long)value);
    }
}

static bool scoped_instruction(const spvk_instruction_desc *d)
{
    return d->instruction_class != SPVK_CLASS_TYPE_DECLARATION && d->opcode != SPVK_OP_ReadClockKHR;
}

static void check_scopes(cl_state *s, uint32_t k, const val_inst *i)
{
    const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
    if (!scoped_instruction(d))
        return;
    for (uint8_t o = 0; o < d->num_operands; o++) {
        uint16_t kind = d->operands[o].kind;
        if (kind != SPVK_OPERAND_IdScope && kind != SPVK_OPERAND_IdMemorySemantics)
            continue;
        /* Scope and semantics operands come before any optional one: operand o is word o + 1. */
        uint32_t word = (uint32_t)o + 1;
        uint64_t value;
        if (word >= i->num_words || !val_constant_uint(s->v, val_words(s->v, i)[word], &value))
            continue; /* not a constant: nothing to judge before run time */
        const char *operand_name = d->operands[o].name ? d->operands[o].name : "";
        bool execution = strcmp(operand_name, "Execution") == 0;
        if (kind == SPVK_OPERAND_IdScope) {
            if (execution)
                check_execution_scope(s, k, i, value);
            else
                check_memory_scope(s, k, i, value);
        }
        if (s->version == SPVK_VERSION(1, 2))
            check_1_2_operand(s, k, i, kind, execution, value);
    }
}

/* ---- kernels: return type and arguments (2.7, 2.8) ---- */

/* Per instruction index: 1 when an OpTypeStruct's members are all allowed in a kernel argument. */
static void judge_structs(const val_state *v, uint8_t *struct_ok)
{
    for (uint32_t k = 0; k < v->num_insts; k++) {
        const val_inst *i = &v->insts[k];
        if (i->opcode != SPVK_OP_TypeStruct)
            continue;
        const uint32_t *w = val_words(v, i);
        bool ok = true;
        for (uint16_t m = 2; m < i->num_words && ok; m++) {
            const val_id *e = val_id_find(v, w[m]);
            if (!e || e->def == VAL_NONE)
                continue;
            switch (v->insts[e->def].opcode) {
            case SPVK_OP_TypeInt:
            case SPVK_OP_TypeFloat:
            case SPVK_OP_TypeVector:
            case SPVK_OP_TypePointer:
                break;
            case SPVK_OP_TypeStruct:
                /* Members are declared first; one declared later (reported elsewhere) counts as
                   allowed, which also keeps a malformed cycle finite. */
                ok = e->def >= k || struct_ok[e->def];
                break;
            default:
                ok = false;
                break;
            }
        }
        struct_ok[k] = ok;
    }
}

static bool number_width_ok(const cl_state *s, const val_inst *t)
{
    if (t->num_words < 3)
        return true;
    uint32_t width = val_words(s->v, t)[2];
    if (t->opcode == SPVK_OP_TypeInt)
        return width == 8 || width == 16 || width == 32 || width == 64;
    /* Extensions and optional features allow more (2.8's last paragraph): half with
       cl_khr_fp16, double where the module declares Float64. */
    return width == 32 || (width == 16 && t->num_words == 3 && enabled(s, SPVK_CL_KHR_FP16)) ||
           (width == 64 && val_has_capability(s->v, SPVK_CAPABILITY_Float64));
}

static void check_parameter(cl_state *s, uint32_t k, const val_inst *param, const uint8_t *struct_ok)
{
    val_state *v = s->v;
    const val_id *e = val_id_find(v, param->type_id);
    if (!e || e->def == VAL_NONE)
        return;
    const val_inst *t = &v->insts[e->def];
    const uint32_t *tw = val_words(v, t);
    uint32_t id = param->result_id, type = param->type_id;
    switch (t->opcode) {
    case SPVK_OP_TypeInt:
    case SPVK_OP_TypeFloat:
        if (!number_width_ok(s, t))
            cl_error(s, k, "2.8", "kernel argument %%%u: a %s argument of width %u is not supported (%s)", id,
                     t->opcode == SPVK_OP_TypeInt ? "integer" : "float", t->num_words >= 3 ? tw[2] : 0,
                     t->opcode == SPVK_OP_TypeInt ? "8, 16, 32 or 64" : "32");
        break;
    case SPVK_OP_TypeVector: {
        const val_inst *c = val_def(v, t->num_words >= 3 ? tw[2] : 0);
        if (c && c->opcode != SPVK_OP_TypeInt && c->opcode != SPVK_OP_TypeFloat)
            cl_error(s, k, "2.8", "kernel argument %%%u: a vector of %s is not supported", id,
                     spvk_instruction_by_opcode(c->opcode)->name);
        else if (c && !number_width_ok(s, c))
            cl_error(s, k, "2.8", "kernel argument %%%u: a vector component width of %u is not supported", id,
                     c->num_words >= 3 ? val_words(v, c)[2] : 0);
        break;
    }
    case SPVK_OP_TypeStruct:
        if (!struct_ok[e->def])
            cl_error(s, k, "2.8",
                     "kernel argument %%%u: struct %%%u has a member that is not an OpTypeInt, OpTypeFloat, "
                     "OpTypeStruct, OpTypeVector or OpTypePointer",
                     id, type);
        break;
    case SPVK_OP_TypePointer: {
        uint32_t sc = t->num_words >= 3 ? tw[2] : VAL_NONE;
        if (sc != SPVK_STORAGE_CLASS_CrossWorkgroup && sc != SPVK_STORAGE_CLASS_Workgroup &&
            sc != SPVK_STORAGE_CLASS_UniformConstant) {
            const spvk_enumerant_desc *n = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, sc);
            cl_error(s, k, "2.8",
                     "kernel argument %%%u: a pointer to the %s storage class is not supported (CrossWorkgroup, "
                     "Workgroup or UniformConstant)",
                     id, n ? n->name : "unknown");
        }
        break;
    }
    case SPVK_OP_TypeSampler:
    case SPVK_OP_TypeImage:
    case SPVK_OP_TypePipe:
    case SPVK_OP_TypeQueue:
        break;
    default:
        cl_error(s, k, "2.8", "kernel argument %%%u: %s is not a supported kernel argument type", id,
                 spvk_instruction_by_opcode(t->opcode)->name);
        break;
    }
}

static void check_kernel(cl_state *s, uint32_t f, const uint8_t *struct_ok)
{
    val_state *v = s->v;
    uint32_t first = v->functions[f].first;
    const val_inst *fn = &v->insts[first];
    if (val_def_opcode(v, fn->type_id) != SPVK_OP_TypeVoid)
        cl_error(s, first, "2.7", "the kernel %%%u must return OpTypeVoid", fn->result_id);
    for (uint32_t k = first + 1; k < v->num_insts && v->insts[k].opcode == SPVK_OP_FunctionParameter && !v->stop; k++)
        check_parameter(s, k, &v->insts[k], struct_ok);
}

/* ---- the family ---- */

static int chapter_of(uint32_t version)
{
    switch (version) {
    case SPVK_VERSION(2, 2):
        return 3;
    case SPVK_VERSION(2, 1):
        return 4;
    case SPVK_VERSION(2, 0):
        return 5;
    default:
        return 6; /* 1.2 */
    }
}

void val_check_opencl(val_state *v)
{
    if (v->target->api != SPVK_CLIENT_OPENCL)
        return;
    cl_state s = {v, v->target->api_version, chapter_of(v->target->api_version), v->opencl_extensions};
    if (s.chapter == 6)
        s.version = SPVK_VERSION(1, 2);
    size_t nf = v->num_functions;
    uint8_t *is_kernel = spvk_alloc(v->allocator, nf ? nf : 1);
    uint8_t *struct_ok = spvk_alloc(v->allocator, v->num_insts ? v->num_insts : 1);
    if (!is_kernel || !struct_ok) {
        v->result = SPVK_ERROR_OUT_OF_MEMORY;
        v->stop = true;
        goto done;
    }
    memset(is_kernel, 0, nf ? nf : 1);
    memset(struct_ok, 0, v->num_insts ? v->num_insts : 1);

    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        switch (i->opcode) {
        case SPVK_OP_Capability:
            check_capability(&s, k, i);
            break;
        case SPVK_OP_MemoryModel:
            check_memory_model(&s, k, i);
            break;
        case SPVK_OP_EntryPoint: {
            if (i->num_words < 3)
                break;
            const uint32_t *w = val_words(v, i);
            if (w[1] != SPVK_EXECUTION_MODEL_Kernel)
                cl_error(&s, k, "2.1", "the execution model of an entry point must be Kernel");
            const val_inst *fn = val_def(v, w[2]);
            if (fn && fn->opcode == SPVK_OP_Function && fn->function != VAL_NONE)
                is_kernel[fn->function] = 1;
            break;
        }
        case SPVK_OP_TypeImage:
            check_image_type(&s, k, i);
            break;
        default:
            break;
        }
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
        if (d->instruction_class == SPVK_CLASS_IMAGE)
            check_image_instruction(&s, k, i);
        else if (d->instruction_class == SPVK_CLASS_ATOMIC)
            check_atomic(&s, k, i);
        if (s.version == SPVK_VERSION(1, 2) && unsupported_in_1_2(i->opcode))
            cl_error(&s, k, "6.3", "%s is not supported by OpenCL 1.2", d->name);
        check_scopes(&s, k, i);
    }
    if (v->stop)
        goto done;
    judge_structs(v, struct_ok);
    for (uint32_t f = 0; f < nf && !v->stop; f++)
        if (is_kernel[f])
            check_kernel(&s, f, struct_ok);
    char rule[48];
    snprintf(rule, sizeof rule, "OpenCL %u.%u section 2.1", s.version >> 16, (s.version >> 8) & 0xff);
    val_report_recursion(v, rule, "OpenCL");
done:
    spvk_free(v->allocator, is_kernel, nf ? nf : 1);
    spvk_free(v->allocator, struct_ok, v->num_insts ? v->num_insts : 1);
}
