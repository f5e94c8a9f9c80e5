/* What each instruction, enumerant operand and type requires (SPIR-V 2.16.1, 3.x tables, from the
   grammar): capabilities (any one of a list), extensions, and a SPIR-V version range, plus the
   width capabilities of numeric types and the bf16 capabilities of SPV_KHR_bfloat16. One walk
   serves both the validator (is each requirement declared? is each declaration allowed by the
   target?) and spvk_module_requirements (the smallest set a module needs). */
#include <stdio.h>
#include <string.h>

#include "val_internal.h"

/* One requirement: any capability of caps (none: no capability needed), and, below min_version
   or past last_version, any extension of exts. */
typedef struct requirement {
    const uint16_t *caps;
    uint32_t num_caps;
    const uint16_t *exts;
    uint32_t num_exts;
    uint32_t min_version, last_version;
    const char *what;   /* "OpFoo", "NoContraction", ... for messages */
    const char *kind;   /* the operand kind of an enumerant ("Decoration"), or NULL; joined with
                           what only when a message is written, which keeps the walk cheap */
    const char *rule;
} requirement;

typedef struct walker walker;
struct walker {
    val_state *v;
    uint32_t version;
    /* Called for each requirement of instruction k. */
    void (*visit)(walker *w, uint32_t k, const requirement *r);
    spvk_requirements *out; /* spvk_module_requirements */
};

static bool any_capability(const val_state *v, const uint16_t *caps, uint32_t n)
{
    for (uint32_t c = 0; c < n; c++)
        if (val_has_capability(v, caps[c]))
            return true;
    return false;
}

static bool any_extension(const val_state *v, const uint16_t *exts, uint32_t n)
{
    for (uint32_t e = 0; e < n; e++)
        if (spvk_extension_set_has(&v->extensions, exts[e]))
            return true;
    return false;
}

static void visit_enumerant(walker *w, uint32_t k, unsigned kind, uint32_t value)
{
    const spvk_enumerant_desc *e = spvk_enumerant_by_value(kind, value);
    if (!e)
        return;
    requirement r = {e->capabilities, e->num_capabilities, e->extensions, e->num_extensions,
                     e->min_version, e->last_version, e->name, spvk_operand_kind(kind)->name, VAL_RULE_UNIVERSAL};
    w->visit(w, k, &r);
}

/* Numeric types need their width's capability; 8- and 16-bit types may instead be declared
   under the storage capabilities that allow them only in memory (the client API checks uses). */
static const uint16_t int8_caps[] = {SPVK_CAPABILITY_Int8, SPVK_CAPABILITY_StorageBuffer8BitAccess,
                                     SPVK_CAPABILITY_UniformAndStorageBuffer8BitAccess,
                                     SPVK_CAPABILITY_StoragePushConstant8};
static const uint16_t int16_caps[] = {SPVK_CAPABILITY_Int16, SPVK_CAPABILITY_StorageBuffer16BitAccess,
                                      SPVK_CAPABILITY_UniformAndStorageBuffer16BitAccess,
                                      SPVK_CAPABILITY_StoragePushConstant16, SPVK_CAPABILITY_StorageInputOutput16};
static const uint16_t int64_caps[] = {SPVK_CAPABILITY_Int64};
static const uint16_t float16_caps[] = {SPVK_CAPABILITY_Float16, SPVK_CAPABILITY_Float16Buffer,
                                        SPVK_CAPABILITY_StorageBuffer16BitAccess,
                                        SPVK_CAPABILITY_UniformAndStorageBuffer16BitAccess,
                                        SPVK_CAPABILITY_StoragePushConstant16,
                                        SPVK_CAPABILITY_StorageInputOutput16};
static const uint16_t float64_caps[] = {SPVK_CAPABILITY_Float64};
static const uint16_t bf16_dot_caps[] = {SPVK_CAPABILITY_BFloat16DotProductKHR};
static const uint16_t bf16_coop_caps[] = {SPVK_CAPABILITY_BFloat16CooperativeMatrixKHR};

#define CAPS(a) (a), (uint32_t)(sizeof(a) / sizeof((a)[0]))

static void visit_type_widths(walker *w, uint32_t k, const val_inst *i)
{
    const uint32_t *words = val_words(w->v, i);
    requirement r = {NULL, 0, NULL, 0, 0, SPVK_VERSION_LAST, NULL, NULL, VAL_RULE_UNIVERSAL};
    char what[64];
    if (i->opcode == SPVK_OP_TypeInt && i->num_words >= 3) {
        uint32_t width = words[2];
        snprintf(what, sizeof what, "a %u-bit integer type", width);
        r.what = what;
        if (width == 8) {
            r.caps = int8_caps;
            r.num_caps = 4;
        } else if (width == 16) {
            r.caps = int16_caps;
            r.num_caps = 5;
        } else if (width == 64) {
            r.caps = int64_caps;
            r.num_caps = 1;
        }
    } else if (i->opcode == SPVK_OP_TypeFloat && i->num_words == 3) {
        uint32_t width = words[2];
        snprintf(what, sizeof what, "a %u-bit floating-point type", width);
        r.what = what;
        if (width == 16) {
            r.caps = float16_caps;
            r.num_caps = 6;
        } else if (width == 64) {
            r.caps = float64_caps;
            r.num_caps = 1;
        }
    } else if (i->opcode == SPVK_OP_TypeCooperativeMatrixKHR && i->num_words >= 3 &&
               val_is_bf16_type(w->v, words[2])) {
        r.caps = bf16_coop_caps;
        r.num_caps = 1;
        r.what = "a cooperative matrix of bf16 (BFloat16KHR)";
        r.rule = VAL_RULE_BF16;
    } else if (i->opcode == SPVK_OP_Dot && val_is_bf16_type(w->v, val_scalar_type(w->v, i->type_id))) {
        r.caps = bf16_dot_caps;
        r.num_caps = 1;
        r.what = "OpDot on bf16 (BFloat16KHR) vectors";
        r.rule = VAL_RULE_BF16;
    }
    if (r.num_caps)
        w->visit(w, k, &r);
}

static void walk(walker *w)
{
    val_state *v = w->v;
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const spvk_instruction_desc *d = spvk_instruction_by_opcode(i->opcode);
        requirement r = {d->capabilities, d->num_capabilities, d->extensions, d->num_extensions,
                         d->min_version, d->last_version, d->name, NULL, VAL_RULE_UNIVERSAL};
        /* OpCapability's own operand is a declaration, not a use: a capability's enabling
           capabilities are not needed to declare it. */
        w->visit(w, k, &r);
        if (i->opcode == SPVK_OP_Capability) {
            const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_Capability, val_words(v, i)[1]);
            if (e) {
                requirement c = {NULL, 0, e->extensions, e->num_extensions, e->min_version, e->last_version, e->name,
                                 "Capability", VAL_RULE_UNIVERSAL};
                w->visit(w, k, &c);
            }
        } else {
            const uint32_t *words = val_words(v, i);
            const spvk_operand *ops = val_operands(v, i);
            for (uint32_t n = 0; n < i->num_operands; n++) {
                const spvk_operand_kind_desc *kind = spvk_operand_kind(ops[n].kind);
                uint32_t value = words[ops[n].offset];
                if (ops[n].kind == SPVK_OPERAND_BuiltIn && i->opcode == SPVK_OP_MemberDecorate) {
                    /* A block's builtin members (gl_PerVertex's ClipDistance) are declared whether
                       or not the shader uses them; the capability is needed only for a use, as
                       spirv-val also holds. */
                    continue;
                }
                if (kind->category == SPVK_CATEGORY_VALUEENUM) {
                    visit_enumerant(w, k, ops[n].kind, value);
                } else if (kind->category == SPVK_CATEGORY_BITENUM) {
                    for (uint32_t bit = 1; value; bit <<= 1) {
                        if (value & bit) {
                            visit_enumerant(w, k, ops[n].kind, bit);
                            value &= ~bit;
                        }
                    }
                }
            }
        }
        visit_type_widths(w, k, i);
    }
}

/* ---- validation ---- */

static const char *capability_list(char *buf, size_t size, const uint16_t *caps, uint32_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t c = 0; c < n && used < size; c++) {
        int len = snprintf(buf + used, size - used, "%s%s", c == 0 ? "" : c + 1 == n ? " or " : ", ",
                           val_capability_name(caps[c]));
        if (len < 0)
            break;
        used += (size_t)len;
    }
    return buf;
}

/* "Decoration NoSignedWrap" or "OpFoo", for a message. */
#define WHAT(r) (r)->kind ? (r)->kind : "", (r)->kind ? " " : "", (r)->what

static void check_requirement(walker *w, uint32_t k, const requirement *r)
{
    val_state *v = w->v;
    char list[512];
    if (r->num_caps && !any_capability(v, r->caps, r->num_caps)) {
        val_error(v, k, r->rule, "%s%s%s requires the capability %s, which the module does not declare", WHAT(r),
                  capability_list(list, sizeof list, r->caps, r->num_caps));
        return;
    }
    bool in_version = w->version >= r->min_version && r->min_version != SPVK_VERSION_NONE &&
                      w->version <= r->last_version;
    if (in_version)
        return;
    /* A declared enabling capability carries the version or extension requirement itself
       (checked where it is declared): OpDemoteToHelperInvocation is core in 1.6 and available
       earlier through the DemoteToHelperInvocation capability of its extension. */
    if (r->num_caps && w->version <= r->last_version)
        return;
    if (r->num_exts && any_extension(v, r->exts, r->num_exts))
        return;
    /* Enabled by a declared capability alone (the grammar lists no extension and no version):
       the capability itself carries the extension requirement, checked where it is declared. */
    if (!r->num_exts && r->min_version == SPVK_VERSION_NONE)
        return;
    if (r->num_exts) {
        val_error(v, k, r->rule, "%s%s%s requires the extension %s%s", WHAT(r), spvk_extension_name(r->exts[0]),
                  r->min_version != SPVK_VERSION_NONE ? " or a newer SPIR-V version" : "");
        return;
    }
    if (w->version < r->min_version)
        val_error(v, k, r->rule, "%s%s%s requires SPIR-V %u.%u, but the module is version %u.%u", WHAT(r),
                  r->min_version >> 16, (r->min_version >> 8) & 0xff, w->version >> 16, (w->version >> 8) & 0xff);
    else
        val_error(v, k, r->rule, "%s%s%s was removed after SPIR-V %u.%u, but the module is version %u.%u", WHAT(r),
                  r->last_version >> 16, (r->last_version >> 8) & 0xff, w->version >> 16,
                  (w->version >> 8) & 0xff);
}

static const char *env_rule(const val_state *v, const char *vulkan, const char *opencl_section)
{
    static char none[] = VAL_RULE_UNIVERSAL;
    switch (v->target->api) {
    case SPVK_CLIENT_VULKAN:
        return vulkan;
    case SPVK_CLIENT_OPENCL:
        return opencl_section;
    default:
        return none;
    }
}

/* The chapter of seed 001 for an OpenCL version: 2.2 is chapter 3, 2.1 chapter 4, 2.0 chapter 5,
   1.2 chapter 6. */
static int opencl_chapter(const spvk_target *t)
{
    switch (t->api_version) {
    case SPVK_VERSION(1, 2):
        return 6;
    case SPVK_VERSION(2, 0):
        return 5;
    case SPVK_VERSION(2, 1):
        return 4;
    default:
        return 3;
    }
}

/* Declarations against the target: the version, each capability, each extension. */
static void check_declarations(val_state *v)
{
    const spvk_target *t = v->target;
    char rule[64];
    int chapter = opencl_chapter(t);
    if (!spvk_target_allows_version(t, v->header.version)) {
        snprintf(rule, sizeof rule, "OpenCL %u.%u section %d.%d", t->api_version >> 16, (t->api_version >> 8) & 0xff,
                 chapter, t->embedded ? 2 : 1);
        val_error(v, VAL_NONE, env_rule(v, "Vulkan spirvenv (Versions and Formats)", rule),
                  "%s does not accept SPIR-V %u.%u (it accepts %u.%u to %u.%u)", t->name, v->header.version >> 16,
                  (v->header.version >> 8) & 0xff, t->min_spirv_version >> 16, (t->min_spirv_version >> 8) & 0xff,
                  t->max_spirv_version >> 16, (t->max_spirv_version >> 8) & 0xff);
    }
    for (uint32_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        const uint32_t *words = val_words(v, i);
        if (i->opcode == SPVK_OP_Capability) {
            if (!spvk_target_allows_capability_with(t, words[1], &v->extensions, v->opencl_extensions)) {
                snprintf(rule, sizeof rule, "OpenCL %u.%u section %d.%d", t->api_version >> 16,
                         (t->api_version >> 8) & 0xff, chapter, t->embedded ? 2 : 1);
                val_error(v, k, env_rule(v, "Vulkan spirvenv-capabilities", rule),
                          "%s does not allow the capability %s", t->name, val_capability_name(words[1]));
            }
        } else if (i->opcode == SPVK_OP_Extension) {
            /* The reader checked that the string ends within the instruction. */
            const char *name = (const char *)(words + 1);
            int ext = spvk_extension_by_name(name, strlen(name));
            uint32_t cl = spvk_opencl_extension_by_name(name, strlen(name));
            if (t->api == SPVK_CLIENT_OPENCL && cl) {
                if (!(t->opencl_extensions & cl)) {
                    snprintf(rule, sizeof rule, "OpenCL %u.%u section 7", t->api_version >> 16,
                             (t->api_version >> 8) & 0xff);
                    val_error(v, k, rule, "%s does not support the extension %s", t->name, name);
                }
            } else if (ext >= 0 && !spvk_target_allows_extension(t, (unsigned)ext)) {
                snprintf(rule, sizeof rule, "OpenCL %u.%u section %d", t->api_version >> 16,
                         (t->api_version >> 8) & 0xff, chapter);
                val_error(v, k, env_rule(v, "Vulkan spirvenv-extensions", rule), "%s does not allow the extension %s",
                          t->name, name);
            }
        }
    }
}

void val_check_requirements(val_state *v)
{
    walker w = {v, v->header.version, check_requirement, NULL};
    walk(&w);
    if (!v->stop)
        check_declarations(v);
}

/* ---- the requirements API ---- */

static void add_capability(spvk_requirements *out, uint32_t cap)
{
    spvk_capability_set_add(&out->capabilities, cap);
}

static void collect_requirement(walker *w, uint32_t k, const requirement *r)
{
    (void)k;
    spvk_requirements *out = w->out;
    if (r->num_caps) {
        /* Keep what the module already needs when it satisfies the requirement, else the first
           capability the module declares, else the grammar's first. */
        bool have = false;
        for (uint32_t c = 0; c < r->num_caps && !have; c++)
            have = spvk_capability_set_has(&out->capabilities, r->caps[c]);
        if (!have) {
            uint32_t pick = r->caps[0];
            for (uint32_t c = 0; c < r->num_caps; c++) {
                if (val_has_capability(w->v, r->caps[c])) {
                    pick = r->caps[c];
                    break;
                }
            }
            add_capability(out, pick);
        }
    }
    if (r->min_version != SPVK_VERSION_NONE && r->min_version <= SPVK_VERSION(1, 6)) {
        if (r->min_version > out->min_version && !(r->num_exts && any_extension(w->v, r->exts, r->num_exts)))
            out->min_version = r->min_version;
    } else if (r->num_exts) {
        bool have = false;
        for (uint32_t e = 0; e < r->num_exts && !have; e++)
            have = spvk_extension_set_has(&out->extensions, r->exts[e]);
        if (!have) {
            uint16_t pick = r->exts[0];
            for (uint32_t e = 0; e < r->num_exts; e++) {
                if (spvk_extension_set_has(&w->v->extensions, r->exts[e])) {
                    pick = r->exts[e];
                    break;
                }
            }
            spvk_extension_set_add(&out->extensions, pick);
        }
    }
}

/* Drops capabilities that another capability in the set implies. */
static void minimize(spvk_requirements *out)
{
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    spvk_capability_set implied;
    memset(&implied, 0, sizeof implied);
    for (uint16_t e = 0; e < kind->num_enumerants; e++) {
        uint32_t cap = kind->enumerants[e].value;
        if (!spvk_capability_set_has(&out->capabilities, cap))
            continue;
        uint32_t more[64];
        size_t n = spvk_capability_implied(cap, more, 64);
        for (size_t m = 0; m < n && m < 64; m++)
            if (more[m] != cap)
                spvk_capability_set_add(&implied, more[m]);
    }
    for (int word = 0; word < SPVK_CAPABILITY_SET_WORDS; word++)
        out->capabilities.bits[word] &= ~implied.bits[word];
}

spvk_result val_collect_requirements(val_state *v, spvk_requirements *out)
{
    memset(out, 0, sizeof *out);
    out->min_version = SPVK_VERSION(1, 0);
    walker w = {v, SPVK_VERSION(1, 0), collect_requirement, out};
    walk(&w);
    /* Capabilities come with the extensions that enable them. */
    const spvk_operand_kind_desc *kind = spvk_operand_kind(SPVK_OPERAND_Capability);
    for (uint16_t e = 0; e < kind->num_enumerants; e++) {
        const spvk_enumerant_desc *d = &kind->enumerants[e];
        if (!spvk_capability_set_has(&out->capabilities, d->value))
            continue;
        requirement r = {NULL, 0, d->extensions, d->num_extensions, d->min_version, d->last_version, d->name,
                         "Capability", VAL_RULE_UNIVERSAL};
        collect_requirement(&w, VAL_NONE, &r);
    }
    minimize(out);
    return v->result == SPVK_ERROR_OUT_OF_MEMORY ? v->result : SPVK_OK;
}
