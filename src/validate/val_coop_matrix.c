/* SPV_KHR_cooperative_matrix's own validation rules (rule name "SPV_KHR_cooperative_matrix",
   the extension's text in ../shared/spec/SPV_KHR_cooperative_matrix.asciidoc), those that the
   per-instruction families do not already hold:

   - OpTypeCooperativeMatrixKHR: a scalar numerical Component Type; Scope, Rows, Columns and Use
     constant instructions of scalar 32-bit integer type; a constant Use is a Cooperative Matrix
     Use (MatrixAKHR, MatrixBKHR, MatrixAccumulatorKHR);
   - OpCooperativeMatrixLengthKHR: a 32-bit unsigned integer Result Type, a cooperative matrix
     Type;
   - OpCooperativeMatrixLoadKHR/StoreKHR: a cooperative matrix Result Type or Object; Pointer an
     OpTypePointer to a scalar or vector (or an untyped pointer, SPV_KHR_untyped_pointers); under
     Shader, a Pointer that points into an array (an OpVariable of the element type itself does
     not); MemoryLayout a 32-bit integer constant instruction whose constant value is a
     Cooperative Matrix Layout; a Stride of scalar integer type, present for RowMajorKHR and
     ColumnMajorKHR, a constant one > 0 for a store and >= 0 for a load; Memory Operands without
     MakePointerAvailable on a load and MakePointerVisible on a store (3.26 as modified);
   - OpCooperativeMatrixMulAddKHR: Result Type MxN MatrixAccumulatorKHR, A MxK MatrixAKHR, B KxN
     MatrixBKHR, C MxN MatrixAccumulatorKHR, one scope; Matrix{A,B,C,Result}SignedComponentsKHR
     only where that matrix has an integer Component Type (2.16.1 as modified);
   - 2.16.1 as modified: cooperative matrix types (or types containing them) are allocated only
     in the Function or Private storage classes;
   - 2.16.2 as modified: a module declaring Shader and CooperativeMatrixKHR declares
     VulkanMemoryModel too.

   Rows, columns, scopes and uses are compared by value where both are OpConstant; where one is a
   specialization constant they cannot be compared before specialization and pass.
   val_coop_matrix_shapes_match is the comparison the conversion and arithmetic rules share. */
#include <stdio.h>

#include "val_types.h"

#define RULE_COOP "SPV_KHR_cooperative_matrix"

static const char *opname(uint16_t opcode) { return spvk_instruction_by_opcode(opcode)->name; }

static bool is_constant_instruction(uint16_t opcode)
{
    return spvk_instruction_by_opcode(opcode)->instruction_class == SPVK_CLASS_CONSTANT_CREATION;
}

/* The value of an OpConstant of scalar integer type, when id is one. */
static bool constant_value(const val_state *v, uint32_t id, uint64_t *value)
{
    return val_constant_uint(v, id, value);
}

/* Two operands (scope, rows, ...) agree: the same id, or OpConstants of the same value, or one
   is not an OpConstant (a specialization constant: unknown until specialized). */
static bool same_value(const val_state *v, uint32_t a, uint32_t b)
{
    uint64_t x, y;
    return a == b || !constant_value(v, a, &x) || !constant_value(v, b, &y) || x == y;
}

/* A cooperative matrix type's operand: 3 Scope, 4 Rows, 5 Columns, 6 Use (word index). */
static uint32_t coop_word(const val_state *v, const val_inst *t, uint32_t word)
{
    return t && word < t->num_words ? val_words(v, t)[word] : 0;
}

static const val_inst *coop_khr_type(const val_state *v, uint32_t type)
{
    const val_inst *t = val_def(v, type);
    return t && t->opcode == SPVK_OP_TypeCooperativeMatrixKHR && t->num_words >= 7 ? t : NULL;
}

/* The constant Use of a KHR matrix type, or VAL_NONE when not an OpConstant. */
static uint32_t coop_use(const val_state *v, const val_inst *t)
{
    uint64_t use;
    return constant_value(v, coop_word(v, t, 6), &use) && use <= 0xffffffffu ? (uint32_t)use : VAL_NONE;
}

bool val_coop_matrix_shapes_match(const val_state *v, const val_inst *result, const val_inst *value,
                                  bool conversion)
{
    if (result->opcode != value->opcode || result->num_words != value->num_words)
        return false;
    if (result->opcode != SPVK_OP_TypeCooperativeMatrixKHR) {
        /* NV matrices: scope, rows and columns, by id as their extension compares them. */
        for (uint16_t k = 3; k < result->num_words; k++)
            if (val_words(v, result)[k] != val_words(v, value)[k])
                return false;
        return true;
    }
    if (result->num_words < 7)
        return false;
    for (uint32_t word = 3; word <= 5; word++)
        if (!same_value(v, coop_word(v, result, word), coop_word(v, value, word)))
            return false;
    if (same_value(v, coop_word(v, result, 6), coop_word(v, value, 6)))
        return true;
    if (!conversion)
        return false;
    /* SPV_NV_cooperative_matrix2 (CooperativeMatrixConversionsNV) lets a conversion turn an
       accumulator into an A or B matrix; SPV_EXT's CooperativeMatrixConversionsEXT also the other
       way round. */
    uint32_t to = coop_use(v, result), from = coop_use(v, value);
    bool to_ab = to == SPVK_COOPERATIVE_MATRIX_USE_MatrixAKHR || to == SPVK_COOPERATIVE_MATRIX_USE_MatrixBKHR;
    bool from_ab = from == SPVK_COOPERATIVE_MATRIX_USE_MatrixAKHR || from == SPVK_COOPERATIVE_MATRIX_USE_MatrixBKHR;
    bool nv = val_has_capability(v, SPVK_CAPABILITY_CooperativeMatrixConversionsNV);
    bool ext = val_has_capability(v, SPVK_CAPABILITY_CooperativeMatrixConversionsEXT);
    if ((nv || ext) && from == SPVK_COOPERATIVE_MATRIX_USE_MatrixAccumulatorKHR && to_ab)
        return true;
    return ext && to == SPVK_COOPERATIVE_MATRIX_USE_MatrixAccumulatorKHR && from_ab;
}

static void check_type(val_state *v, const val_inst *i, uint32_t index)
{
    if (i->num_words < 7)
        return; /* short: the reader's */
    const uint32_t *w = val_words(v, i);
    char buf[96];
    if (!val_is_int_type(v, w[2]) && !val_is_float_type(v, w[2]))
        val_error(v, index, RULE_COOP, "the Component Type %%%u of OpTypeCooperativeMatrixKHR is %s: expected a scalar "
                  "numerical type", w[2], val_type_describe(v, w[2], buf, sizeof buf));
    static const char *const names[] = {"Scope", "Rows", "Columns", "Use"};
    for (uint32_t k = 0; k < 4; k++) {
        uint32_t id = w[3 + k];
        const val_inst *d = val_def(v, id);
        if (!d)
            continue; /* val_ids.c reports it */
        if (!is_constant_instruction(d->opcode) || !val_is_int_type(v, d->type_id) ||
            val_bit_width(v, d->type_id) != 32) {
            val_error(v, index, RULE_COOP, "the %s %%%u of OpTypeCooperativeMatrixKHR must be a constant instruction of "
                      "scalar 32-bit integer type", names[k], id);
            continue;
        }
        uint64_t use;
        if (k == 3 && constant_value(v, id, &use) && use > SPVK_COOPERATIVE_MATRIX_USE_MatrixAccumulatorKHR)
            val_error(v, index, RULE_COOP, "the Use %%%u of OpTypeCooperativeMatrixKHR is %llu: expected a Cooperative "
                      "Matrix Use (0 MatrixAKHR, 1 MatrixBKHR, 2 MatrixAccumulatorKHR)", id, (unsigned long long)use);
    }
}

static void check_length(val_state *v, const val_inst *i, uint32_t index)
{
    if (i->num_words < 4)
        return;
    if (!val_is_int_type(v, i->type_id) || val_bit_width(v, i->type_id) != 32 || val_int_signedness(v, i->type_id))
        val_error(v, index, RULE_COOP, "the Result Type %%%u of OpCooperativeMatrixLengthKHR must be a 32-bit integer "
                  "type of Signedness 0", i->type_id);
    uint32_t t = val_words(v, i)[3];
    const val_inst *d = val_def(v, t);
    if (d && d->opcode != SPVK_OP_TypeCooperativeMatrixKHR)
        val_error(v, index, RULE_COOP, "the Type %%%u of OpCooperativeMatrixLengthKHR is not a cooperative matrix type",
                  t);
}

/* The Memory Operands of a load or store at word `at`: the extension adds OpCooperativeMatrixLoadKHR
   to MakePointerAvailable's "not valid with" and the store to MakePointerVisible's. */
static void check_memory_operands(val_state *v, const val_inst *i, uint32_t index, uint32_t at, bool load)
{
    if (at >= i->num_words)
        return;
    uint32_t mask = val_words(v, i)[at];
    if (load && (mask & SPVK_MEMORY_ACCESS_MakePointerAvailable))
        val_error(v, index, RULE_COOP, "MakePointerAvailable is not valid with OpCooperativeMatrixLoadKHR (SPIR-V 3.26 "
                  "as the extension modifies it)");
    if (!load && (mask & SPVK_MEMORY_ACCESS_MakePointerVisible))
        val_error(v, index, RULE_COOP, "MakePointerVisible is not valid with OpCooperativeMatrixStoreKHR (SPIR-V 3.26 "
                  "as the extension modifies it)");
}

static void check_load_store(val_state *v, const val_inst *i, uint32_t index)
{
    bool load = i->opcode == SPVK_OP_CooperativeMatrixLoadKHR;
    /* Load: type, result, Pointer, MemoryLayout, [Stride], [Memory Operand]; store: Pointer,
       Object, MemoryLayout, [Stride], [Memory Operand]. */
    uint32_t pointer_at = load ? 3 : 1, layout_at = load ? 4 : 3, stride_at = load ? 5 : 4;
    if (i->num_words <= layout_at)
        return;
    const uint32_t *w = val_words(v, i);
    const char *name = opname(i->opcode);
    char buf[96];
    uint32_t matrix = load ? i->type_id : val_type_of(v, w[2]);
    const val_inst *mt = val_def(v, matrix);
    if (load ? mt != NULL : val_def(v, w[2]) != NULL) {
        if (!mt || mt->opcode != SPVK_OP_TypeCooperativeMatrixKHR)
            val_error(v, index, RULE_COOP, "the %s of %s is %s: expected a cooperative matrix type",
                      load ? "Result Type" : "Object", name, val_type_describe(v, matrix, buf, sizeof buf));
    }
    uint32_t pointer = w[pointer_at];
    const val_inst *pd = val_def(v, pointer);
    uint32_t pointer_type = val_type_of(v, pointer);
    const val_inst *pt = val_def(v, pointer_type);
    if (pd && (!pt || (pt->opcode != SPVK_OP_TypePointer && pt->opcode != SPVK_OP_TypeUntypedPointerKHR))) {
        val_error(v, index, RULE_COOP, "the Pointer %%%u of %s is not a pointer", pointer, name);
    } else if (pt && pt->opcode == SPVK_OP_TypePointer && pt->num_words >= 4) {
        uint32_t pointee = val_words(v, pt)[3];
        if (!val_is_int_scalar_or_vector(v, pointee) && !val_is_float_scalar_or_vector(v, pointee))
            val_error(v, index, RULE_COOP, "the Pointer %%%u of %s points to %s: expected a scalar or vector type",
                      pointer, name, val_type_describe(v, pointee, buf, sizeof buf));
        else if (val_has_capability(v, SPVK_CAPABILITY_Shader) && pd->opcode == SPVK_OP_Variable)
            val_error(v, index, RULE_COOP, "the Pointer %%%u of %s is a variable of the element type itself: under the "
                      "Shader capability it must point into an array", pointer, name);
    }
    uint32_t layout_id = w[layout_at];
    const val_inst *ld = val_def(v, layout_id);
    uint64_t layout = VAL_NONE;
    bool layout_known = false;
    if (ld) {
        if (!is_constant_instruction(ld->opcode) || !val_is_int_type(v, ld->type_id) ||
            val_bit_width(v, ld->type_id) != 32) {
            val_error(v, index, RULE_COOP, "the MemoryLayout %%%u of %s must be a 32-bit integer constant instruction",
                      layout_id, name);
        } else if (constant_value(v, layout_id, &layout)) {
            layout_known = true;
            if (!spvk_enumerant_by_value(SPVK_OPERAND_CooperativeMatrixLayout, (uint32_t)layout) || layout > 0xffffffffu)
                val_error(v, index, RULE_COOP, "the MemoryLayout of %s is %llu: expected a Cooperative Matrix Layout",
                          name, (unsigned long long)layout);
        }
    }
    bool stride_needed = layout_known && (layout == SPVK_COOPERATIVE_MATRIX_LAYOUT_RowMajorKHR ||
                                          layout == SPVK_COOPERATIVE_MATRIX_LAYOUT_ColumnMajorKHR);
    if (i->num_words <= stride_at) {
        if (stride_needed)
            val_error(v, index, RULE_COOP, "%s with MemoryLayout %s must be given a Stride", name,
                      layout == SPVK_COOPERATIVE_MATRIX_LAYOUT_RowMajorKHR ? "RowMajorKHR" : "ColumnMajorKHR");
        return;
    }
    uint32_t stride = w[stride_at];
    const val_inst *sd = val_def(v, stride);
    if (sd && !val_is_int_type(v, sd->type_id)) {
        val_error(v, index, RULE_COOP, "the Stride %%%u of %s has type %s: expected a scalar integer type", stride, name,
                  val_type_describe(v, sd->type_id, buf, sizeof buf));
    } else if (sd && stride_needed) {
        uint64_t value;
        if (constant_value(v, stride, &value)) {
            uint32_t width = val_bit_width(v, sd->type_id);
            bool negative = val_int_signedness(v, sd->type_id) && width && ((value >> (width - 1)) & 1);
            if (load ? negative : (negative || value == 0))
                val_error(v, index, RULE_COOP, "the Stride of %s must be greater than %s 0 (Cooperative Matrix Layout "
                          "%s)", name, load ? "or equal to" : "", layout == 0 ? "RowMajorKHR" : "ColumnMajorKHR");
        }
    }
    check_memory_operands(v, i, index, stride_at + 1, load);
}

static void check_mul_add(val_state *v, const val_inst *i, uint32_t index)
{
    if (i->num_words < 6)
        return;
    const uint32_t *w = val_words(v, i);
    static const char *const names[] = {"Result Type", "A", "B", "C"};
    static const uint32_t uses[] = {SPVK_COOPERATIVE_MATRIX_USE_MatrixAccumulatorKHR, SPVK_COOPERATIVE_MATRIX_USE_MatrixAKHR,
                                    SPVK_COOPERATIVE_MATRIX_USE_MatrixBKHR,
                                    SPVK_COOPERATIVE_MATRIX_USE_MatrixAccumulatorKHR};
    static const char *const use_names[] = {"MatrixAccumulatorKHR", "MatrixAKHR", "MatrixBKHR", "MatrixAccumulatorKHR"};
    const val_inst *m[4];
    bool all = true;
    for (uint32_t k = 0; k < 4; k++) {
        uint32_t type = k == 0 ? i->type_id : val_type_of(v, w[2 + k]);
        m[k] = coop_khr_type(v, type);
        if (!m[k]) {
            all = false;
            if (val_def(v, k == 0 ? type : w[2 + k]))
                val_error(v, index, RULE_COOP, "the %s of OpCooperativeMatrixMulAddKHR is not a cooperative matrix type",
                          names[k]);
            continue;
        }
        uint32_t use = coop_use(v, m[k]);
        if (use != VAL_NONE && use != uses[k])
            val_error(v, index, RULE_COOP, "the %s of OpCooperativeMatrixMulAddKHR has Use %u: expected %s", names[k],
                      use, use_names[k]);
    }
    if (!all)
        return;
    /* Result MxN, A MxK, B KxN, C MxN; one scope. Words: 3 scope, 4 rows, 5 columns. */
    struct { uint32_t a, a_word, b, b_word; const char *what; } same[] = {
        {0, 4, 1, 4, "M (the rows of Result Type and A)"},  {0, 4, 3, 4, "M (the rows of Result Type and C)"},
        {0, 5, 2, 5, "N (the columns of Result Type and B)"}, {0, 5, 3, 5, "N (the columns of Result Type and C)"},
        {1, 5, 2, 4, "K (the columns of A and the rows of B)"}, {0, 3, 1, 3, "the scope of Result Type and A"},
        {0, 3, 2, 3, "the scope of Result Type and B"},       {0, 3, 3, 3, "the scope of Result Type and C"},
    };
    for (size_t k = 0; k < sizeof same / sizeof same[0]; k++)
        if (!same_value(v, coop_word(v, m[same[k].a], same[k].a_word), coop_word(v, m[same[k].b], same[k].b_word)))
            val_error(v, index, RULE_COOP, "OpCooperativeMatrixMulAddKHR's %s differ", same[k].what);
    if (i->num_words < 7)
        return;
    uint32_t operands = w[6];
    static const uint32_t signed_bits[] = {SPVK_COOPERATIVE_MATRIX_OPERANDS_MatrixResultSignedComponentsKHR,
                                           SPVK_COOPERATIVE_MATRIX_OPERANDS_MatrixASignedComponentsKHR,
                                           SPVK_COOPERATIVE_MATRIX_OPERANDS_MatrixBSignedComponentsKHR,
                                           SPVK_COOPERATIVE_MATRIX_OPERANDS_MatrixCSignedComponentsKHR};
    static const char *const signed_names[] = {"MatrixResultSignedComponentsKHR", "MatrixASignedComponentsKHR",
                                               "MatrixBSignedComponentsKHR", "MatrixCSignedComponentsKHR"};
    for (uint32_t k = 0; k < 4; k++)
        if ((operands & signed_bits[k]) && !val_is_int_type(v, coop_word(v, m[k], 2)))
            val_error(v, index, RULE_COOP, "%s is given, but the %s's Component Type is not an integer type",
                      signed_names[k], names[k]);
}

static void check_variable(val_state *v, const val_inst *i, uint32_t index)
{
    if (i->num_words < 4)
        return;
    uint32_t storage = val_words(v, i)[3], pointee = 0;
    if (!val_pointer_info(v, i->type_id, NULL, &pointee) || !(val_type_flags(v, pointee) & VAL_TYPE_CONTAINS_COOP_MATRIX))
        return;
    if (storage != SPVK_STORAGE_CLASS_Function && storage != SPVK_STORAGE_CLASS_Private) {
        const spvk_enumerant_desc *e = spvk_enumerant_by_value(SPVK_OPERAND_StorageClass, storage);
        val_error(v, index, RULE_COOP, "a variable of a type holding a cooperative matrix is in %s: such types are "
                  "allocated only in the Function or Private storage classes", e ? e->name : "an unknown storage class");
    }
}

void val_check_coop_matrix(val_state *v)
{
    if (!val_has_capability(v, SPVK_CAPABILITY_CooperativeMatrixKHR))
        return; /* every instruction below needs it; the requirements rules report its absence */
    if (val_has_capability(v, SPVK_CAPABILITY_Shader) && !val_has_capability(v, SPVK_CAPABILITY_VulkanMemoryModel)) {
        uint32_t at = VAL_NONE;
        for (size_t k = 0; k < v->num_insts && at == VAL_NONE; k++)
            if (v->insts[k].opcode == SPVK_OP_Capability && v->insts[k].num_words >= 2 &&
                val_words(v, &v->insts[k])[1] == SPVK_CAPABILITY_CooperativeMatrixKHR)
                at = (uint32_t)k;
        val_error(v, at, RULE_COOP, "the CooperativeMatrixKHR capability is declared in a Shader module without the "
                  "VulkanMemoryModel capability (SPIR-V 2.16.2 as the extension modifies it)");
    }
    for (size_t k = 0; k < v->num_insts && !v->stop; k++) {
        const val_inst *i = &v->insts[k];
        uint32_t index = (uint32_t)k;
        switch (i->opcode) {
        case SPVK_OP_TypeCooperativeMatrixKHR:
            check_type(v, i, index);
            break;
        case SPVK_OP_CooperativeMatrixLengthKHR:
            check_length(v, i, index);
            break;
        case SPVK_OP_CooperativeMatrixLoadKHR:
        case SPVK_OP_CooperativeMatrixStoreKHR:
            check_load_store(v, i, index);
            break;
        case SPVK_OP_CooperativeMatrixMulAddKHR:
            check_mul_add(v, i, index);
            break;
        case SPVK_OP_Variable:
            check_variable(v, i, index);
            break;
        default:
            break;
        }
    }
}
