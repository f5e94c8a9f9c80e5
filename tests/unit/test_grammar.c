/* Grammar table lookups. */
#include "spvkit/grammar.h"
#include "test.h"

int main(void)
{
    const spvk_instruction_desc *i = spvk_instruction_by_name("OpTypeFloat", 11);
    CHECK(i && i->opcode == SPVK_OP_TypeFloat && i->num_operands == 3);
    CHECK(i && i->operands[2].kind == SPVK_OPERAND_FPEncoding && i->operands[2].quantifier == SPVK_QUANTIFIER_OPTIONAL);
    CHECK(spvk_instruction_by_opcode(SPVK_OP_IAdd) == spvk_instruction_by_name("OpIAdd", 6));
    CHECK(spvk_instruction_by_name("OpIAd", 5) == NULL);
    CHECK(spvk_instruction_by_name("OpIAddX", 7) == NULL);
    CHECK(spvk_instruction_by_opcode(0xffff) == NULL);
    /* aliases resolve to the canonical row */
    const spvk_instruction_desc *alias = spvk_instruction_by_name("OpSDotKHR", 9);
    CHECK(alias && alias->opcode == SPVK_OP_SDot && strcmp(alias->name, "OpSDot") == 0);
    CHECK(strcmp(spvk_instruction_class_name(spvk_instruction_by_opcode(SPVK_OP_FAdd)->instruction_class),
                 "Arithmetic") == 0);

    const spvk_enumerant_desc *e = spvk_enumerant_by_name(SPVK_OPERAND_FPEncoding, "BFloat16KHR", 11);
    CHECK(e && e->value == 0 && e->num_capabilities == 1 && e->capabilities[0] == SPVK_CAPABILITY_BFloat16TypeKHR);
    CHECK(e && e->min_version == SPVK_VERSION_NONE);
    e = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, SPVK_DECORATION_ArrayStride);
    CHECK(e && strcmp(e->name, "ArrayStride") == 0 && e->num_parameters == 1 &&
          e->parameters[0].kind == SPVK_OPERAND_LiteralInteger);
    e = spvk_enumerant_by_value(SPVK_OPERAND_Decoration, SPVK_DECORATION_BufferBlock);
    CHECK(e && e->last_version == SPVK_VERSION(1, 3));
    e = spvk_enumerant_by_name(SPVK_OPERAND_StorageClass, "StorageBuffer", 13);
    CHECK(e && e->value == 12 && e->min_version == SPVK_VERSION(1, 3) && e->num_extensions == 2);
    e = spvk_enumerant_by_name(SPVK_OPERAND_ImageOperands, "MakeTexelAvailableKHR", 21); /* an alias */
    CHECK(e && e->value == 0x100);
    CHECK(spvk_enumerant_by_name(SPVK_OPERAND_Capability, "Shadr", 5) == NULL);
    CHECK(spvk_operand_kind(SPVK_OPERAND_PairIdRefLiteralInteger)->category == SPVK_CATEGORY_COMPOSITE);
    CHECK(spvk_operand_kind(SPVK_OPERAND_PairIdRefLiteralInteger)->bases[0] == SPVK_OPERAND_IdRef);

    int ext = spvk_extension_by_name("SPV_KHR_bfloat16", 16);
    CHECK(ext >= 0 && strcmp(spvk_extension_name((unsigned)ext), "SPV_KHR_bfloat16") == 0);
    CHECK(spvk_extension_by_name("SPV_KHR_nope", 12) < 0);

    /* implicit declarations: Shader implies Matrix; BFloat16CooperativeMatrixKHR implies nothing
       of Shader's */
    uint32_t implied[64];
    size_t n = spvk_capability_implied(SPVK_CAPABILITY_Shader, implied, 64);
    CHECK(n == 1 && implied[0] == SPVK_CAPABILITY_Matrix);
    n = spvk_capability_implied(SPVK_CAPABILITY_Geometry, implied, 64);
    CHECK(n == 2);

    /* OpSpecConstantOp's list (SPIR-V 3.3.7): 38 opcodes in any module, one with Shader, 20 more
       with Kernel, no other instruction. */
    CHECK(spvk_spec_constant_opcode(SPVK_OP_IAdd) == SPVK_SPEC_OPCODE_ALLOWED);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_UConvert) == SPVK_SPEC_OPCODE_ALLOWED);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_QuantizeToF16) == SPVK_SPEC_OPCODE_WITH_SHADER);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_FMul) == SPVK_SPEC_OPCODE_WITH_KERNEL);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_InBoundsPtrAccessChain) == SPVK_SPEC_OPCODE_WITH_KERNEL);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_Nop) == SPVK_SPEC_OPCODE_NOT_ALLOWED);
    CHECK(spvk_spec_constant_opcode(SPVK_OP_Load) == SPVK_SPEC_OPCODE_NOT_ALLOWED);
    CHECK(spvk_spec_constant_opcode(0xffffu) == SPVK_SPEC_OPCODE_NOT_ALLOWED);
    unsigned counts[4] = {0};
    for (uint32_t op = 0; op < 0x10000u; op++)
        counts[spvk_spec_constant_opcode(op)]++;
    CHECK(counts[SPVK_SPEC_OPCODE_ALLOWED] == 38 && counts[SPVK_SPEC_OPCODE_WITH_SHADER] == 1 &&
          counts[SPVK_SPEC_OPCODE_WITH_KERNEL] == 20);

    unsigned glsl = spvk_ext_inst_set_by_import("GLSL.std.450", 12);
    CHECK(glsl != SPVK_EXT_INST_SET_NONE);
    const spvk_ext_instruction_desc *sqrt = spvk_ext_instruction_by_name(glsl, "Sqrt", 4);
    CHECK(sqrt && sqrt->opcode == 31);
    CHECK(spvk_ext_instruction_by_opcode(glsl, 31) == sqrt);
    unsigned cl = spvk_ext_inst_set_by_import("OpenCL.std", 10);
    CHECK(cl != SPVK_EXT_INST_SET_NONE && spvk_ext_instruction_by_name(cl, "mad", 3) != NULL);
    CHECK(spvk_ext_inst_set_by_import("NonSemantic.Shader.DebugInfo.100", 32) != SPVK_EXT_INST_SET_NONE);
    CHECK(spvk_ext_inst_set_by_import("NonSemantic.DebugPrintf", 23) != SPVK_EXT_INST_SET_NONE);
    CHECK(spvk_ext_inst_set_by_import("NonSemantic.ClspvReflection.6", 29) ==
          spvk_ext_inst_set_by_import("NonSemantic.ClspvReflection.", 28));
    CHECK(spvk_ext_inst_set_by_import("Foo.Bar", 7) == SPVK_EXT_INST_SET_NONE);

    const spvk_generator_desc *g = spvk_generator_by_id(8);
    CHECK(g && strcmp(g->vendor, "Khronos") == 0 && strcmp(g->tool, "Glslang Reference Front End") == 0);
    CHECK(spvk_generator_by_id(0xfffe) == NULL);
    CHECK(strcmp(spvk_grammar_version_string(), "1.6 revision 7") == 0);
    TEST_SUMMARY();
}
